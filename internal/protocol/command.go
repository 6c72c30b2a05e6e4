package protocol

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/rules"
)

// Version is the protocol version this package speaks, sent in the
// identify answer as "id protocol 1".
const Version = 1

// MaxLine is the longest line either side must accept, newline excluded: a
// position line of a 1,000-ply game fits many times over. Longer lines are
// refused as a whole.
const MaxLine = 1 << 20

// Kind is the kind of a command the controller sends to the engine.
type Kind uint8

// The commands, in the order docs/PROTOCOL.md describes them.
const (
	Identify    Kind = iota + 1 // identify: answer id and option lines, then ok
	SetOption                   // setoption NAME VALUE
	NewGame                     // newgame [RULES]
	SetPosition                 // position startpos|fen FEN [moves M...]
	Go                          // go [sims N | nodes N | movetime MS]
	Stop                        // stop: no answer of its own
	Quit                        // quit
)

var kindNames = [...]string{Identify: "identify", SetOption: "setoption", NewGame: "newgame",
	SetPosition: "position", Go: "go", Stop: "stop", Quit: "quit"}

// String returns the command's keyword.
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Command is one parsed controller command.
type Command struct {
	Kind Kind
	// Name and Value are a setoption's option and its value (the rest of
	// the line after the name, spaces included).
	Name, Value string
	// Rules are a newgame's rules (rules.DefaultRules when none are given).
	Rules rules.Rules
	// FEN and Moves are a position's start (StartPos for startpos, else
	// the FEN, in the game's position text) and the moves played from it,
	// as written; the server replays them under the game's rules
	// (ReplayOf), which check them.
	FEN   string
	Moves []string
	// Budget is a go's budget.
	Budget Budget
}

// BudgetKind says what a go's budget counts.
type BudgetKind uint8

// The budgets. Default lets the engine use its own setting (for surakarta
// engine, its sims option).
const (
	Default  BudgetKind = iota
	Sims                // simulations (playouts) of a tree search
	Nodes               // nodes, as the engine counts them
	MoveTime            // milliseconds of wall-clock time
	Clock               // each side's time left and increment: the engine manages its time
)

var budgetNames = [...]string{Sims: "sims", Nodes: "nodes", MoveTime: "movetime", Clock: "clock"}

// The words of a Clock budget in a go command, each followed by
// milliseconds, as UCI's wtime, btime, winc, binc: each player's time
// left on its clock, then each player's increment, the first player (who
// moves first) before the second. A game spells them with its players'
// names (Surakarta's redtime, blacktime, redinc, blackinc; Alquerque's
// whitetime, blacktime, whiteinc, blackinc: ClockWords); the neutral
// words firsttime, secondtime, firstinc, secondinc mean the same in every
// game.
func ClockWords(players [2]string) [4]string {
	return [4]string{players[0] + "time", players[1] + "time", players[0] + "inc", players[1] + "inc"}
}

// NeutralPlayers are the players' names of the neutral clock words:
// ClockWords(NeutralPlayers) is firsttime, secondtime, firstinc,
// secondinc.
var NeutralPlayers = [2]string{"first", "second"}

// surakartaPlayers are Surakarta's players' names (red moves first), the
// names of a budget's words where no game is given (ParseBudget, String).
var surakartaPlayers = [2]string{rules.Red.String(), rules.Black.String()}

// Budget is how much a go may spend: N units of Kind, or for a Clock the
// clocks.
type Budget struct {
	Kind BudgetKind
	N    int64
	// Time and Inc are a Clock budget's milliseconds, indexed by side
	// (0 red, the first player; 1 black): the time left on each side's
	// clock and the increment each gets after its move.
	Time, Inc [2]int64
}

// MaxBudget bounds a budget's count so that a millisecond budget converts
// to a time.Duration without overflow (about 290 years).
const MaxBudget = 1 << 43

// String returns the budget as a go command's arguments: "sims 800",
// "movetime 100", "redtime 10000 blacktime 9500 redinc 100 blackinc 100"
// (a clock in Surakarta's words), or "" for Default.
func (b Budget) String() string { return b.Text(surakartaPlayers) }

// Text is String for a game whose players are named players: a clock in
// the game's words (ClockWords), "whitetime 10000 blacktime 9500 whiteinc
// 100 blackinc 100" for Alquerque.
func (b Budget) Text(players [2]string) string {
	if b.Kind == Clock {
		v := [4]int64{b.Time[0], b.Time[1], b.Inc[0], b.Inc[1]}
		out := make([]string, 0, 8)
		for i, w := range ClockWords(players) {
			out = append(out, w, strconv.FormatInt(v[i], 10))
		}
		return strings.Join(out, " ")
	}
	if b.Kind == Default || int(b.Kind) >= len(budgetNames) {
		return ""
	}
	return budgetNames[b.Kind] + " " + strconv.FormatInt(b.N, 10)
}

// ParseBudget parses a go command's arguments as Budget.String writes
// them, a clock in Surakarta's words or the neutral ones (ParseBudgetOf).
func ParseBudget(s string) (Budget, error) { return ParseBudgetOf(s, surakartaPlayers) }

// ParseBudgetOf parses a go command's arguments for a game whose players
// are named players, as Budget.Text writes them; "" is Default. A clock's
// words are the game's (ClockWords) or the neutral ones (firsttime,
// secondtime, firstinc, secondinc), mixed as the controller likes, in any
// order; both players' time must be given, an increment left out is 0.
func ParseBudgetOf(s string, players [2]string) (Budget, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return Budget{}, nil
	}
	own, neutral := ClockWords(players), ClockWords(NeutralPlayers)
	if slices.Contains(own[:], f[0]) || slices.Contains(neutral[:], f[0]) {
		return parseClock(s, f, own, neutral)
	}
	if len(f) != 2 {
		return Budget{}, fmt.Errorf("budget %q: want one of sims N, nodes N, movetime MS or %s (or in any game %s)", s, clockForm(own), clockForm(neutral))
	}
	var b Budget
	switch f[0] {
	case "sims":
		b.Kind = Sims
	case "nodes":
		b.Kind = Nodes
	case "movetime":
		b.Kind = MoveTime
	default:
		return Budget{}, fmt.Errorf("budget %q: unknown kind %q, want sims, nodes, movetime or %s (or %s)", s, f[0], strings.Join(own[:], ", "), strings.Join(neutral[:], ", "))
	}
	n, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil || n < 1 || n > MaxBudget {
		return Budget{}, fmt.Errorf("budget %q: %q is not a whole number from 1 to %d", s, f[1], int64(MaxBudget))
	}
	b.N = n
	return b, nil
}

// clockForm is a clock's form in words: "redtime MS blacktime MS
// [redinc MS] [blackinc MS]".
func clockForm(w [4]string) string {
	return fmt.Sprintf("%s MS %s MS [%s MS] [%s MS]", w[0], w[1], w[2], w[3])
}

// parseClock parses a Clock budget's words and milliseconds (f, the
// fields of s), each the game's (own) or neutral.
func parseClock(s string, f []string, own, neutral [4]string) (Budget, error) {
	b := Budget{Kind: Clock}
	if len(f)%2 != 0 {
		return Budget{}, fmt.Errorf("budget %q: a clock is words each followed by milliseconds: %s", s, clockForm(own))
	}
	var seen [len(own)]bool
	for i := 0; i < len(f); i += 2 {
		k := slices.Index(own[:], f[i])
		if k < 0 {
			k = slices.Index(neutral[:], f[i])
		}
		if k < 0 {
			return Budget{}, fmt.Errorf("budget %q: %q is not a clock's word (%s, or %s)", s, f[i], strings.Join(own[:], ", "), strings.Join(neutral[:], ", "))
		}
		if seen[k] {
			return Budget{}, fmt.Errorf("budget %q: %s given twice (%s and %s are one clock)", s, f[i], own[k], neutral[k])
		}
		seen[k] = true
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || n < 0 || n > MaxBudget {
			return Budget{}, fmt.Errorf("budget %q: %s %q is not a whole number of milliseconds from 0 to %d", s, f[i], f[i+1], int64(MaxBudget))
		}
		if k < 2 {
			b.Time[k] = n
		} else {
			b.Inc[k-2] = n
		}
	}
	if !seen[0] || !seen[1] {
		return Budget{}, fmt.Errorf("budget %q: a clock needs both sides' time left: %s MS %s MS", s, own[0], own[1])
	}
	return b, nil
}

// ErrEmpty is ParseCommand's error for a blank or comment line, which the
// engine ignores without an answer.
var ErrEmpty = errors.New("empty line")

// fields splits a line at runs of spaces and tabs.
func fields(line string) []string {
	return strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' })
}

// checkText refuses bytes that have no place in a protocol line.
func checkText(line string) error {
	for i := 0; i < len(line); i++ {
		if c := line[i]; c < 0x20 && c != '\t' || c == 0x7f {
			return fmt.Errorf("control character 0x%02x at byte %d: lines are printable text", c, i)
		}
	}
	return nil
}

// ParseCommand parses one line from the controller (without its newline;
// a trailing carriage return is dropped), a go's clock in Surakarta's
// words or the neutral ones (ParseCommandOf).
func ParseCommand(line string) (Command, error) { return ParseCommandOf(line, surakartaPlayers) }

// ParseCommandOf parses one line from the controller of an engine of a
// game whose players are named players (a go's clock in the game's words
// or the neutral ones: ParseBudgetOf). Blank lines and lines starting
// with '#' give ErrEmpty. Every other malformed line gives an error that
// says what is wrong; ParseCommandOf never panics.
func ParseCommandOf(line string, players [2]string) (Command, error) {
	line = strings.TrimSuffix(line, "\r")
	if err := checkText(line); err != nil {
		return Command{}, err
	}
	f := fields(line)
	if len(f) == 0 || strings.HasPrefix(f[0], "#") {
		return Command{}, ErrEmpty
	}
	word, args := f[0], f[1:]
	noArgs := func(k Kind) (Command, error) {
		if len(args) > 0 {
			return Command{}, fmt.Errorf("%s takes no arguments, got %q", word, strings.Join(args, " "))
		}
		return Command{Kind: k}, nil
	}
	switch word {
	case "identify":
		return noArgs(Identify)
	case "stop":
		return noArgs(Stop)
	case "quit":
		return noArgs(Quit)
	case "setoption":
		if len(args) < 2 {
			return Command{}, errors.New("setoption wants a name and a value, e.g. setoption sims 400")
		}
		// The value is the rest of the line: a file name may hold spaces.
		rest := strings.TrimLeft(line[strings.Index(line, word)+len(word):], " \t")
		rest = strings.TrimLeft(rest[len(args[0]):], " \t")
		return Command{Kind: SetOption, Name: args[0], Value: strings.TrimRight(rest, " \t")}, nil
	case "newgame":
		if len(args) > 1 {
			return Command{}, fmt.Errorf("newgame takes one rules setting without spaces, e.g. newgame %s; got %q", rules.DefaultRules(), strings.Join(args, " "))
		}
		r := rules.DefaultRules()
		if len(args) == 1 {
			var err error
			if r, err = rules.ParseRules(args[0]); err != nil {
				return Command{}, fmt.Errorf("newgame: %w", err)
			}
		}
		return Command{Kind: NewGame, Rules: r}, nil
	case "position":
		return parsePosition(args)
	case "go":
		b, err := ParseBudgetOf(strings.Join(args, " "), players)
		if err != nil {
			return Command{}, fmt.Errorf("go: %w", err)
		}
		return Command{Kind: Go, Budget: b}, nil
	}
	return Command{}, fmt.Errorf("unknown command %q: want identify, setoption, newgame, position, go, stop or quit", word)
}

// StartPos is a Command's FEN for position startpos: the game's start.
const StartPos = ""

// fenFields is the number of space-separated fields of a FEN.
const fenFields = 4

func parsePosition(args []string) (Command, error) {
	c := Command{Kind: SetPosition}
	switch {
	case len(args) == 0:
		return Command{}, errors.New("position wants startpos or fen FEN, then optionally moves M...")
	case args[0] == "startpos":
		c.FEN, args = StartPos, args[1:]
	case args[0] == "fen":
		if len(args) < 1+fenFields {
			return Command{}, fmt.Errorf("position fen wants the %d fields of a FEN (board, side, no-capture plies, move number), got %d", fenFields, len(args)-1)
		}
		c.FEN, args = strings.Join(args[1:1+fenFields], " "), args[1+fenFields:]
	default:
		return Command{}, fmt.Errorf("position %q: want startpos or fen", args[0])
	}
	if len(args) == 0 {
		return c, nil
	}
	if args[0] != "moves" {
		return Command{}, fmt.Errorf("position: unexpected %q after the start position, want moves M...", args[0])
	}
	c.Moves = append([]string(nil), args[1:]...)
	return c, nil
}

// String returns the command as a line (without newline) that
// ParseCommand parses back to c.
func (c Command) String() string {
	switch c.Kind {
	case SetOption:
		return "setoption " + c.Name + " " + c.Value
	case NewGame:
		return "newgame " + c.Rules.String()
	case SetPosition:
		s := "position fen " + c.FEN
		if c.FEN == StartPos {
			s = "position startpos"
		}
		if len(c.Moves) > 0 {
			s += " moves " + strings.Join(c.Moves, " ")
		}
		return s
	case Go:
		if b := c.Budget.String(); b != "" {
			return "go " + b
		}
		return "go"
	}
	return c.Kind.String()
}
