package rules

import (
	"strconv"
	"strings"
)

// Variant decides how the no-capture limit and repetition endings are scored.
type Variant uint8

// The endgame variants of RULES.md.
const (
	// Standard scores both endings as a draw.
	Standard Variant = iota
	// Majority awards both endings to the side with more pieces; equal counts draw.
	Majority
)

var variantNames = names[Variant]{"variant", [2]string{"standard", "majority"}}

// String returns "standard" or "majority".
func (v Variant) String() string { return variantNames.name(v) }

// ParseVariant parses "standard" or "majority".
func ParseVariant(s string) (Variant, error) { return variantNames.parse(s) }

// NoMovesRule scores a position whose side to move has no legal move.
type NoMovesRule uint8

// The no-moves settings of RULES.md.
const (
	// NoMovesLoss: the side without a move loses (the default, rules-1 text).
	NoMovesLoss NoMovesRule = iota
	// NoMovesDraw: the game is drawn (rules-2 text).
	NoMovesDraw
)

var noMovesNames = names[NoMovesRule]{"no-moves setting", [2]string{"loss", "draw"}}

// String returns "loss" or "draw".
func (n NoMovesRule) String() string { return noMovesNames.name(n) }

// ParseNoMovesRule parses "loss" or "draw".
func ParseNoMovesRule(s string) (NoMovesRule, error) { return noMovesNames.parse(s) }

// names are the names of a two-valued setting (Variant, NoMovesRule), the
// first for 0: its String and Parse come from this one list, so that what
// it prints it reads back.
type names[T ~uint8] struct {
	what string // the setting, as its errors name it: "variant"
	of   [2]string
}

// name returns v's name; a value past them (one Validate refuses) reads
// as the first, the default.
func (n *names[T]) name(v T) string {
	if v == 1 {
		return n.of[1]
	}
	return n.of[0]
}

func (n *names[T]) parse(s string) (T, error) {
	for i, name := range n.of {
		if s == name {
			return T(i), nil
		}
	}
	return 0, errorf("bad %s %q: want %s or %s", n.what, s, n.of[0], n.of[1])
}

// Rules are the settings of a game, a plain comparable value: compare with ==.
type Rules struct {
	// Variant scores the no-capture-limit and repetition endings.
	Variant Variant
	// NoCaptureLimit is the number of consecutive plies without a capture
	// that ends the game; 0 disables the ending.
	NoCaptureLimit int
	// Repetition is the occurrence of the same board with the same side to
	// move that ends the game (3: the third occurrence); 0 disables it.
	Repetition int
	// NoMoves scores a side to move without a legal move.
	NoMoves NoMovesRule
}

// DefaultRules returns the defaults of RULES.md: standard variant, 50-ply
// no-capture limit, threefold repetition, no legal move loses.
func DefaultRules() Rules {
	return Rules{Variant: Standard, NoCaptureLimit: 50, Repetition: 3, NoMoves: NoMovesLoss}
}

// String formats r as ParseRules reads it, e.g.
// "variant=standard,no-capture-limit=50,repetition=3,no-moves=loss".
func (r Rules) String() string {
	return "variant=" + r.Variant.String() +
		",no-capture-limit=" + strconv.Itoa(r.NoCaptureLimit) +
		",repetition=" + strconv.Itoa(r.Repetition) +
		",no-moves=" + r.NoMoves.String()
}

// Bounded reports whether every game ends under r: it has a no-capture
// limit or a repetition ending (a match refuses rules without either).
func (r Rules) Bounded() bool { return r.NoCaptureLimit > 0 || r.Repetition > 0 }

// Validate reports settings out of range.
func (r Rules) Validate() error {
	switch {
	case r.Variant > Majority:
		return errorf("bad variant %d", r.Variant)
	case r.NoCaptureLimit < 0 || r.NoCaptureLimit > MaxNoCapture:
		return errorf("no-capture limit %d out of range: want 0 (off) or 1..%d plies", r.NoCaptureLimit, MaxNoCapture)
	case r.Repetition < 0 || r.Repetition == 1 || r.Repetition > 1000:
		return errorf("repetition %d out of range: want 0 (off) or 2..1000 occurrences", r.Repetition)
	case r.NoMoves > NoMovesDraw:
		return errorf("bad no-moves setting %d", r.NoMoves)
	}
	return nil
}

// ParseRules parses comma-separated key=value settings as String writes
// them; keys may come in any order and missing keys keep their defaults. An
// empty string gives DefaultRules.
func ParseRules(s string) (Rules, error) {
	r := DefaultRules()
	if s == "" {
		return r, nil
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return r, errorf("bad rules setting %q: want key=value, e.g. variant=majority", kv)
		}
		if seen[k] {
			return r, errorf("rules setting %q given twice", k)
		}
		seen[k] = true
		var err error
		switch k {
		case "variant":
			r.Variant, err = ParseVariant(v)
		case "no-capture-limit":
			r.NoCaptureLimit, err = parseSetting(k, v)
		case "repetition":
			r.Repetition, err = parseSetting(k, v)
		case "no-moves":
			r.NoMoves, err = ParseNoMovesRule(v)
		default:
			err = errorf("unknown rules setting %q: want variant, no-capture-limit, repetition or no-moves", k)
		}
		if err != nil {
			return r, err
		}
	}
	return r, r.Validate()
}

func parseSetting(k, v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || strconv.Itoa(n) != v {
		// One spelling per value ("50", not "+50" or "050") keeps
		// String(ParseRules(s)) a rewrite of s setting by setting.
		return 0, errorf("bad %s %q: want a whole number without sign or leading zeros, e.g. 50", k, v)
	}
	return n, nil
}
