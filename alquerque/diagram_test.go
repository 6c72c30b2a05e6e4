package alquerque

import (
	"strings"
	"testing"
)

// TestDiagramDrawsTheBoardsLines: the start's diagram has its pieces where
// the position text has them, and each square's diagonal is drawn as the
// board's lines run ('\' when its upper left and lower right points are
// neighbours, '/' when its upper right and lower left are), with the
// status line and the text under it.
func TestDiagramDrawsTheBoardsLines(t *testing.T) {
	p := Start()
	d := Diagram(&p, false)
	lines := strings.Split(d, "\n")
	if lines[0] != "5  b - b - b - b - b" || lines[4] != "3  b - b - . - w - w" || lines[8] != "1  w - w - w - w - w" {
		t.Errorf("the start's pieces are not where its text has them:\n%s", d)
	}
	for r := 4; r >= 1; r-- {
		row := lines[2*(4-r)+1]
		for f := range 4 {
			got := row[3+4*f+2]
			want := byte('/')
			if Neighbours(MakePoint(f, r)).Has(MakePoint(f+1, r-1)) {
				want = '\\'
			}
			if got != want || !Neighbours(MakePoint(f, r)).Has(MakePoint(f+1, r-1)) && !Neighbours(MakePoint(f+1, r)).Has(MakePoint(f, r-1)) {
				t.Errorf("square %s-%s: drawn %q, want %q", MakePoint(f, r), MakePoint(f+1, r-1), got, want)
			}
		}
	}
	if !strings.HasSuffix(d, "white to move · white 12, black 12 · no-capture plies 0 · move 1\n"+StartText+"\n") {
		t.Errorf("status lines:\n%s", d)
	}
}
