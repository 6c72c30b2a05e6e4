package dataset

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// EngineJSON is a search setting as mcts.Engine.Describe writes it, in
// records other than the manifest (Run does the same for its Engine): a
// compact JSON object in Go, so that records compare as strings, and the
// object itself in the files, never a JSON string holding JSON. Reading
// takes the object, or the string form of files written before.
type EngineJSON string

// MarshalJSON writes the object (null when empty).
func (e EngineJSON) MarshalJSON() ([]byte, error) {
	if e == "" {
		return []byte("null"), nil
	}
	if !json.Valid([]byte(e)) {
		return nil, fmt.Errorf("engine description %q is not JSON", string(e))
	}
	return []byte(e), nil
}

// UnmarshalJSON reads an object (compacted) or an older file's string.
func (e *EngineJSON) UnmarshalJSON(b []byte) error {
	switch {
	case string(b) == "null":
		*e = ""
	case len(b) > 0 && b[0] == '"':
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
