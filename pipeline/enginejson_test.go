package pipeline

import (
	"encoding/json"
	"testing"

	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
)

// TestRecordsHoldTheEngineAsAnObject: summary.json and match.json carry
// the search setting as a JSON object, not as a string of JSON, and files
// of either form read back to the same setting (so resume still matches
// runs written before).
func TestRecordsHoldTheEngineAsAnObject(t *testing.T) {
	desc := setting.JSON(mcts.Engine{Settings: mcts.DefaultSettings()}.Describe())
	for what, v := range map[string]any{"summary settings": Settings{Engine: desc}, "match settings": matchSettings{Engine: desc}} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(b, &raw); err != nil {
			t.Fatal(err)
		}
		if e := raw["engine"]; len(e) == 0 || e[0] != '{' {
			t.Errorf("%s: engine is %s, want an object", what, e)
		}
		var back matchSettings
		if err := json.Unmarshal(b, &back); err != nil || back.Engine != desc {
			t.Errorf("%s: read back %q (%v), want %q", what, back.Engine, err, desc)
		}
	}
	old, _ := json.Marshal(map[string]string{"engine": string(desc)})
	var back matchSettings
	if err := json.Unmarshal(old, &back); err != nil || back.Engine != desc {
		t.Errorf("string form of an older file: read %q (%v), want %q", back.Engine, err, desc)
	}
}
