package dataset

import (
	"bytes"
	"encoding/json"
	"strings"
)

// EngineJSON is a search setting as mcts.Engine.Describe writes it, in the
// manifest (Run.Engine) and every other record: a compact JSON object in
// Go, so that records compare as strings, and the object itself in the
// files, never a JSON string holding JSON. A description that is not a
// JSON object is written as a string. Reading takes the object, or the
// string form of files written before.
type EngineJSON string

// MarshalJSON writes the object, or any other description as a string.
func (e EngineJSON) MarshalJSON() ([]byte, error) {
	if strings.HasPrefix(string(e), "{") && json.Valid([]byte(e)) {
		return []byte(e), nil
	}
	return json.Marshal(string(e))
}

// UnmarshalJSON reads an object (compacted), a string, or null ("").
func (e *EngineJSON) UnmarshalJSON(b []byte) error {
	switch {
	case len(b) == 0 || string(b) == "null":
		*e = ""
	case b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*e = EngineJSON(s)
	default:
		var c bytes.Buffer
		if err := json.Compact(&c, b); err != nil {
			return err
		}
		*e = EngineJSON(c.String())
	}
	return nil
}
