package enginetest

import (
	"strings"
	"testing"
)

// TestSeedTakesTheProtocolsRange: setoption seed accepts every value from
// 0 to 2^64-1, as docs/PROTOCOL.md says a controller may send, and refuses
// what lies outside with the range.
func TestSeedTakesTheProtocolsRange(t *testing.T) {
	in := "setoption seed 0\nsetoption seed 18446744073709551615\nsetoption seed 18446744073709551616\nsetoption seed -1\nquit\n"
	var out, errOut strings.Builder
	if rc := Main([]string{Random}, strings.NewReader(in), &out, &errOut); rc != 0 {
		t.Fatalf("exit %d: %s", rc, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || lines[0] != "ok" || lines[1] != "ok" ||
		!strings.HasPrefix(lines[2], "error bad seed") || !strings.Contains(lines[3], "from 0 to 18446744073709551615") {
		t.Fatalf("answers %q: want ok, ok, then two errors giving the range", lines)
	}
}
