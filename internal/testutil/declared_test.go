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
	var s outer
	full := []Declared{{"a", &s.A}, {"b", &s.B}, {"c", &s.C}}
	if got := failures(&s, full); len(got) != 0 {
		t.Errorf("a complete table failed: %q", got)
	}
	for _, tc := range []struct {
		entries []Declared
		want    string
	}{
		{[]Declared{{"a", &s.A}, {"c", &s.C}}, "field outer.inner.B has no entry in table (t.go)"},
		{[]Declared{{"a", &s.A}, {"b", &s.B}}, "field outer.C has no entry"},
		{append(full, Declared{"c2", &s.C}), "settings c and c2 share a field"},
	} {
		got := failures(&s, tc.entries)
		if len(got) != 1 || !strings.Contains(got[0], tc.want) {
			t.Errorf("failures %q, want one mentioning %q", got, tc.want)
		}
	}
}

// failures runs the check with a recorder and returns what it reported.
func failures(s *outer, entries []Declared) []string {
	r := &recorder{TB: &testing.T{}}
	CheckEveryFieldDeclared(r, s, "table (t.go)", entries)
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
