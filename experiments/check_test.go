package experiments

import (
	"strings"
	"testing"
)

// TestCheckSpecResolvesEveryArmAndComparison: a shipped spec checks, each
// arm with its rules and engine, each comparison by its arms' names, and
// the text has a line for each.
func TestCheckSpecResolvesEveryArmAndComparison(t *testing.T) {
	c, err := CheckSpec("specs/variants.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Arms) < 2 || len(c.Comparisons) == 0 || c.Arms[0].Sims == 0 || c.Arms[0].Rules == "" {
		t.Fatalf("check %+v", c)
	}
	var b strings.Builder
	c.WriteText(&b)
	text := b.String()
	if got := strings.Count(text, "\n"); got != 1+len(c.Arms)+len(c.Comparisons) {
		t.Errorf("%d lines for %d arms and %d comparisons:\n%s", got, len(c.Arms), len(c.Comparisons), text)
	}
	if !strings.Contains(text, "compare "+c.Comparisons[0][0]+" → "+c.Comparisons[0][1]) {
		t.Errorf("first comparison missing:\n%s", text)
	}
}
