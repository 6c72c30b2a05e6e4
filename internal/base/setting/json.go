package setting

import (
	"bytes"
	"encoding/json"
	"strings"
)

// JSON is a table's settings as one JSON object, as mcts.Engine.Describe
// writes an engine's, in a dataset's manifest (dataset.Run.Engine), a
// model's provenance and every other record: a compact JSON object in
// Go, so that records compare as strings, and the object itself in the
// files, never a JSON string holding JSON. A description that is not a
// JSON object is written as a string. Reading takes the object, or the
// string form of files written before.
type JSON string

// MarshalJSON writes the object, or any other description as a string.
func (e JSON) MarshalJSON() ([]byte, error) {
	if strings.HasPrefix(string(e), "{") && json.Valid([]byte(e)) {
		return []byte(e), nil
	}
	return json.Marshal(string(e))
}

// UnmarshalJSON reads an object (compacted), a string, or null ("").
func (e *JSON) UnmarshalJSON(b []byte) error {
	switch {
	case len(b) == 0 || string(b) == "null":
		*e = ""
	case b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*e = JSON(s)
	default:
		var c bytes.Buffer
		if err := json.Compact(&c, b); err != nil {
			return err
		}
		*e = JSON(c.String())
	}
	return nil
}
