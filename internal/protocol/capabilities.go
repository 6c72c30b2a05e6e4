package protocol

import (
	"fmt"
	"slices"
	"strings"

	"github.com/surakarta/surakarta/rules"
)

// Capabilities are what an engine says, in its identify answer, that it
// can do: the go budgets it accepts (id budgets sims nodes movetime) and the
// rules settings it plays by (id rules variant=standard no-capture-limit
// repetition=0). An engine that sends neither line keeps the protocol's
// first form: nothing is known, a controller tries.
type Capabilities struct {
	// Budgets are the budget kinds go accepts besides a plain go; nil
	// when the engine does not say.
	Budgets []BudgetKind
	// Rules maps each rules setting the engine lists (variant,
	// no-capture-limit, repetition, no-moves) to the values it plays, as
	// rules.Rules.String writes them; an empty list is every value. A
	// setting it does not list is unknown, like the whole map when nil.
	Rules map[string][]string
}

// The id keys of the capabilities, and of the game the engine plays (id
// game NAME: a game's Name; an engine that does not say plays Surakarta).
const (
	IDBudgets = "budgets"
	IDRules   = "rules"
	IDGame    = "game"
)

// rulesKeys are the settings of a rules word, in rules.Rules.String's order.
var rulesKeys = []string{"variant", "no-capture-limit", "repetition", "no-moves"}

// ParseBudgetKinds reads the value of an id budgets line: budget kinds
// (sims, nodes, movetime) separated by spaces.
func ParseBudgetKinds(text string) ([]BudgetKind, error) {
	out := []BudgetKind{}
	for _, w := range fields(text) {
		k := slices.Index(budgetNames[:], w)
		if k <= int(Default) {
			return nil, fmt.Errorf("id budgets: unknown budget %q, want sims, nodes, movetime or clock", w)
		}
		if !slices.Contains(out, BudgetKind(k)) {
			out = append(out, BudgetKind(k))
		}
	}
	return out, nil
}

// ParseRulesSupport reads the value of an id rules line: words KEY (every
// value of that setting) or KEY=V1|V2... (only those values), KEY one of
// the settings of a rules word.
func ParseRulesSupport(text string) (map[string][]string, error) {
	out := map[string][]string{}
	for _, w := range fields(text) {
		k, vs, hasValues := strings.Cut(w, "=")
		if !slices.Contains(rulesKeys, k) {
			return nil, fmt.Errorf("id rules: unknown setting %q, want %s (KEY, or KEY=V1|V2 for some values)", k, strings.Join(rulesKeys, ", "))
		}
		if _, seen := out[k]; seen {
			return nil, fmt.Errorf("id rules: %s listed twice", k)
		}
		values := []string{}
		if hasValues {
			values = strings.Split(vs, "|")
			if slices.Contains(values, "") {
				return nil, fmt.Errorf("id rules: %q has an empty value", w)
			}
		}
		out[k] = values
	}
	return out, nil
}

// String returns the id lines of c (without newlines), budgets first;
// none for what c leaves unknown.
func (c Capabilities) String() []string {
	var out []string
	if c.Budgets != nil {
		names := make([]string, len(c.Budgets))
		for i, k := range c.Budgets {
			names[i] = budgetNames[k]
		}
		out = append(out, strings.TrimSpace("id "+IDBudgets+" "+strings.Join(names, " ")))
	}
	if c.Rules != nil {
		var words []string
		for _, k := range rulesKeys {
			if vs, ok := c.Rules[k]; ok {
				if len(vs) > 0 {
					k += "=" + strings.Join(vs, "|")
				}
				words = append(words, k)
			}
		}
		out = append(out, strings.TrimSpace("id "+IDRules+" "+strings.Join(words, " ")))
	}
	return out
}

// Check returns an error when c says the engine cannot search with budget
// b or play by rules r, naming what it lists and what was asked; nil when
// it can or does not say.
func (c Capabilities) Check(b Budget, r rules.Rules) error {
	if b.Kind != Default && c.Budgets != nil && !slices.Contains(c.Budgets, b.Kind) {
		names := make([]string, len(c.Budgets))
		for i, k := range c.Budgets {
			names[i] = budgetNames[k]
		}
		return fmt.Errorf("it takes go budgets %s (id budgets), not go %s", strings.Join(names, ", "), b)
	}
	if c.Rules == nil {
		return nil
	}
	for _, kv := range strings.Split(r.String(), ",") {
		k, v, _ := strings.Cut(kv, "=")
		vs, listed := c.Rules[k]
		if listed && len(vs) > 0 && !slices.Contains(vs, v) {
			return fmt.Errorf("it plays %s=%s only (id rules), not the %s=%s of these rules", k, strings.Join(vs, "|"), k, v)
		}
	}
	return nil
}
