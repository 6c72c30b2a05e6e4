package dataset

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// TestGameWireHasGameRowsColumns: the games table is written through
// gameWire, which restates GameRow's fields with Surakarta's piece counts
// through pointers (Go cannot change a field's type in a derived struct).
// It fails if a column is added to, dropped from, renamed or reordered in
// one of the two and not the other, or changes its type or encoding.
func TestGameWireHasGameRowsColumns(t *testing.T) {
	wire, row := leafSpecs(gameSchema), leafSpecs(parquet.SchemaOf(GameRow{}))
	if !reflect.DeepEqual(wire, row) {
		t.Fatalf("gameWire's columns\n%v\ndiffer from GameRow's\n%v", wire, row)
	}
}

// leafSpecs lists s's leaf columns as leaves describes them, each with its
// encoding.
func leafSpecs(s *parquet.Schema) []string {
	var out []string
	for i, l := range leaves(s) {
		leaf, _ := s.Lookup(s.Columns()[i]...)
		out = append(out, fmt.Sprintf("%s %s %v", l.path, l.desc, leaf.Node.Encoding()))
	}
	return out
}
