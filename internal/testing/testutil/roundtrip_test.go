package testutil

import (
	"strconv"
	"strings"
	"testing"
)

// TestRoundTripFailsOnALossyPrinter: a printer that loses what the parser
// read, or writes what it cannot read, fails the check; a faithful one
// passes, whatever spelling the parser accepted.
func TestRoundTripFailsOnALossyPrinter(t *testing.T) {
	parse := func(s string) (int, error) { return strconv.Atoi(strings.TrimSpace(s)) }
	for _, tc := range []struct {
		name   string
		format func(int) string
		want   string
	}{
		{"faithful", strconv.Itoa, ""},
		{"lossy", func(n int) string { return strconv.Itoa(n / 10) }, `" 42" parses to 42, which prints as "4", which parses to 4`},
		{"unreadable", func(n int) string { return "#" + strconv.Itoa(n) }, `prints as "#42", which does not parse`},
	} {
		r := &recorder{TB: &testing.T{}}
		RoundTrip(r, " 42", 42, parse, tc.format, nil)
		got := strings.Join(r.errs, "\n")
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s printer: failures %q, want one mentioning %q", tc.name, got, tc.want)
		}
	}
}
