package setting

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// Names are the names of an enumerated setting's values, in value order
// (the first names 0): String and Parse of the type come from this one
// list, so that what it prints it reads back.
type Names[T ~uint8] struct {
	names []string
	want  error // what Parse says of any other text
}

// NewNames returns the names of T's values, the first for 0.
func NewNames[T ~uint8](names ...string) Names[T] {
	want := names[len(names)-1]
	if len(names) > 1 {
		want = strings.Join(names[:len(names)-1], ", ") + " or " + want
	}
	return Names[T]{names: names, want: errors.New("want " + want)}
}

// String returns v's name, or the type and number of a value without one
// ("LeafMode(7)").
func (n Names[T]) String(v T) string {
	if int(v) < len(n.names) {
		return n.names[v]
	}
	return fmt.Sprintf("%s(%d)", reflect.TypeFor[T]().Name(), uint8(v))
}

// Parse returns the value named s. Its error says only what is wanted
// ("want playout or value"): the caller names the setting and the value.
func (n Names[T]) Parse(s string) (T, error) {
	if i := slices.Index(n.names, s); i >= 0 {
		return T(i), nil
	}
	return 0, n.want
}
