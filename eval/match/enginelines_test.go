package match

import (
	"slices"
	"testing"

	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
)

// TestEngineLinesReadEveryWritersEngine: a match's two sides give a line
// each, self-play's JSON description one line in the settings' text, and
// an external engine's text stays as it is.
func TestEngineLinesReadEveryWritersEngine(t *testing.T) {
	if got := EngineLines("a: sims=100 | b: engine:./mine"); !slices.Equal(got, []string{" a: sims=100", " b: engine:./mine"}) {
		t.Errorf("a match: %q", got)
	}
	desc := string(setting.JSON(mcts.DefaultEngine().Describe()))
	text, _ := mcts.DescriptionText(desc)
	if got := EngineLines(desc); !slices.Equal(got, []string{": " + text}) || text == "" {
		t.Errorf("self-play: %q", got)
	}
	if got := EngineLines("my engine 1.0"); !slices.Equal(got, []string{": my engine 1.0"}) {
		t.Errorf("an external engine: %q", got)
	}
}
