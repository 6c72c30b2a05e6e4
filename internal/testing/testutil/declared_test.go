package testutil

import (
	"fmt"
	"strings"
	"testing"
)

type inner struct{ B int }

type outer struct {
	A int
	inner
	C string
}

// TestCheckEveryFieldDeclaredNamesWhatIsMissingOrShared: a complete table
// passes; a field left out, an embedded one included, and two entries of
// one field are each reported.
func TestCheckEveryFieldDeclaredNamesWhatIsMissingOrShared(t *testing.T) {
	full := []string{"a", "b", "c"}
	if got := failures(full); len(got) != 0 {
		t.Errorf("a complete table failed: %q", got)
	}
	for _, tc := range []struct {
		entries []string
		want    string
	}{
		{[]string{"a", "c"}, "field outer.inner.B has no entry in table (t.go)"},
		{[]string{"a", "b"}, "field outer.C has no entry"},
		{append(full, "c2"), "settings c and c2 share a field"},
	} {
		got := failures(tc.entries)
		if len(got) != 1 || !strings.Contains(got[0], tc.want) {
			t.Errorf("failures %q, want one mentioning %q", got, tc.want)
		}
	}
}

// failures runs the check on a table of the named entries (c2 names C
// again) with a recorder, and returns what it reported.
func failures(entries []string) []string {
	r := &recorder{TB: &testing.T{}}
	CheckEveryFieldDeclared(r, "table (t.go)", entries, func(e *string, s *outer) (string, any) {
		return *e, map[string]any{"a": &s.A, "b": &s.B, "c": &s.C, "c2": &s.C}[*e]
	})
	return r.errs
}

type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
