package protocol

import (
	"reflect"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// TestCapabilitiesParsePrintAndCheck: the id budgets and id rules lines
// parse to what they list and print back the same; Check refuses exactly
// the budgets and rules values left out, and lets through what is unknown.
func TestCapabilitiesParsePrintAndCheck(t *testing.T) {
	b, err := ParseBudgetKinds("sims movetime sims")
	if err != nil || !reflect.DeepEqual(b, []BudgetKind{Sims, MoveTime}) {
		t.Fatalf("budgets: %v, %v", b, err)
	}
	r, err := ParseRulesSupport("variant=standard|majority repetition=0 no-moves")
	if err != nil {
		t.Fatal(err)
	}
	c := Capabilities{Budgets: b, Rules: r}
	lines := c.String()
	if want := []string{"id budgets sims movetime", "id rules variant=standard|majority repetition=0 no-moves"}; !reflect.DeepEqual(lines, want) {
		t.Fatalf("printed %q, want %q", lines, want)
	}
	for _, l := range lines {
		rep, err := ParseReply(l)
		if err != nil || rep.Kind != ID {
			t.Fatalf("%q: %v", l, err)
		}
	}
	noRep := rules.DefaultRules()
	noRep.Repetition = 0
	majority := noRep
	majority.Variant, majority.NoCaptureLimit, majority.NoMoves = rules.Majority, 80, rules.NoMovesDraw
	for _, tc := range []struct {
		b    Budget
		r    rules.Rules
		want string
	}{
		{Budget{}, noRep, ""},
		{Budget{Kind: Sims, N: 5}, majority, ""},
		{Budget{Kind: MoveTime, N: 100}, noRep, ""},
		{Budget{Kind: Nodes, N: 5}, noRep, "it takes go budgets sims, movetime (id budgets), not go nodes 5"},
		{Budget{}, rules.DefaultRules(), "it plays repetition=0 only (id rules), not the repetition=3 of these rules"},
	} {
		err := c.Check(tc.b, tc.r)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || err.Error() != tc.want) {
			t.Errorf("%v under %v: %v, want %q", tc.b, tc.r, err, tc.want)
		}
	}
	if err := (Capabilities{}).Check(Budget{Kind: Nodes, N: 1}, rules.DefaultRules()); err != nil {
		t.Errorf("an engine that lists nothing was refused: %v", err)
	}
	for _, bad := range []string{"variant=", "repetition repetition", "komi=6", "variant=standard||majority"} {
		if _, err := ParseRulesSupport(bad); err == nil || !strings.HasPrefix(err.Error(), "id rules: ") {
			t.Errorf("id rules %q: %v", bad, err)
		}
	}
	if _, err := ParseBudgetKinds("sims depth"); err == nil || !strings.Contains(err.Error(), `"depth"`) {
		t.Errorf("id budgets with depth: %v", err)
	}
}
