package testutil

import (
	"reflect"
	"testing"
)

// RoundTrip fails t unless v, what parse made of text, prints (format) as
// a text that parse takes back to v: the property a fuzz test of a parser
// and its printer checks on every input the parser accepts. The accepted
// text need not be the printed one (spaces, order, ranges written out).
// equal compares values; nil means reflect.DeepEqual.
func RoundTrip[T any](t testing.TB, text string, v T, parse func(string) (T, error), format func(T) string, equal func(a, b T) bool) {
	t.Helper()
	out := format(v)
	back, err := parse(out)
	if err != nil {
		t.Errorf("%q parses to %#v, which prints as %q, which does not parse: %v", text, v, out, err)
		return
	}
	if equal == nil {
		equal = func(a, b T) bool { return reflect.DeepEqual(a, b) }
	}
	if !equal(back, v) {
		t.Errorf("%q parses to %#v, which prints as %q, which parses to %#v", text, v, out, back)
	}
}
