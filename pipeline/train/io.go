package train

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/surakarta/surakarta/internal/atomicfile"
)

// readJSON decodes the JSON file at path into v.
func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// writeJSON writes v as indented JSON to path atomically.
func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding %s: %w", filepath.Base(path), err)
	}
	return atomicfile.WriteFile(path, append(b, '\n'))
}
