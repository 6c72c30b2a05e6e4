package alquerque_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
)

func mustParse(t testing.TB, text string) alquerque.Position {
	t.Helper()
	p, err := alquerque.ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	return p
}

// ruleCases are hand-built positions, one per rule of
// docs/RULES-ALQUERQUE.md, with every legal move in notation.
var ruleCases = []struct {
	rule, text string
	want       []string
}{
	{"a step goes along a line to a neighbouring empty point: from c3, on the diagonals, eight ways",
		"4b/5/2w2/5/5 w 0 1", []string{"c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4"}},
	{"no diagonal passes through a point whose file + rank is odd: from c2, four ways",
		"4b/5/5/2w2/5 w 0 1", []string{"c2-b2", "c2-c1", "c2-c3", "c2-d2"}},
	{"a corner with a diagonal has three neighbours",
		"4b/5/5/5/w4 w 0 1", []string{"a1-a2", "a1-b1", "a1-b2"}},
	{"steps go backwards too: Black steps up as well as down",
		"5/5/5/2b2/w4 b 0 1", []string{"c2-b2", "c2-c1", "c2-c3", "c2-d2"}},
	{"a capture jumps an adjacent enemy along a line to the empty point beyond, and capturing is compulsory",
		"4b/5/2b2/2ww1/5 w 0 1", []string{"c2xc4", "d2xb4"}},
	{"no capture where the point beyond is occupied",
		"4b/2b2/2b2/2w2/5 w 0 1", []string{"c2-b2", "c2-c1", "c2-d2"}},
	{"no capture along a diagonal that is not drawn (b3 to d5 over c4)",
		"4b/2b2/1w3/5/5 w 0 1", []string{"b3-a3", "b3-b2", "b3-b4", "b3-c3"}},
	{"a diagonal capture where the diagonal is drawn (b2 to d4 over c3)",
		"4b/5/2b2/1w3/5 w 0 1", []string{"b2xd4"}},
	{"a capture goes on while it can, changing direction: the whole sequence is one move",
		"5/5/5/2b2/wb3 w 0 1", []string{"a1xc1xc3"}},
	{"where a capture can go on in several ways, each is a move of its own",
		"5/5/5/2b2/wb1b1 w 0 1", []string{"a1xc1xc3", "a1xc1xe1"}},
	{"paths over the same pieces between the same points are one move, written by the smallest path; a capture may end where it began",
		"5/5/5/1bb2/wb3 w 0 1", []string{"a1xc1xa3", "a1xc1xc3xa1"}},
	{"captures go backwards too, and any piece that can capture may",
		"5/1w3/1b3/1wb2/5 b 0 1", []string{"b3xb1", "b3xb5", "c2xa2"}},
}

func TestHandBuiltPositionsHaveExactlyTheRulesMoves(t *testing.T) {
	for _, tc := range ruleCases {
		p := mustParse(t, tc.text)
		if got := p.LegalMoveStrings(); !slices.Equal(got, tc.want) {
			t.Errorf("%s\n%s: moves %v, want %v", tc.rule, tc.text, got, tc.want)
		}
		checkAgainstReference(t, p, &coverage{})
	}
}

func TestAnyPathOfAMoveIsAcceptedAndWrittenCanonically(t *testing.T) {
	p := mustParse(t, "5/5/5/1bb2/wb3 w 0 1")
	a, err := alquerque.ParseMove(&p, "a1xc3xc1xa1")
	if err != nil {
		t.Fatal(err)
	}
	b, err := alquerque.ParseMove(&p, "a1xc1xc3xa1")
	if err != nil {
		t.Fatal(err)
	}
	if a != b || a.From() != a.To() || a.Captures() != 3 {
		t.Fatalf("the triangle's two paths parse as %v and %v: want one move from a1 back to a1 over three pieces", a, b)
	}
	if s := p.MoveString(a); s != "a1xc1xc3xa1" {
		t.Errorf("MoveString = %q, want the smaller path a1xc1xc3xa1", s)
	}
	q := p.Apply(a)
	if q.Text() != "5/5/5/5/w4 b 0 1" {
		t.Errorf("after the triangle: %q, want the white piece back on a1 and the three black pieces gone", q.Text())
	}
}

func TestParseMoveRefusesIllegalMovesSayingWhy(t *testing.T) {
	for _, tc := range []struct{ text, move, why string }{
		{"4b/5/2b2/2ww1/5 w 0 1", "d2-e2", "capturing is compulsory"},
		{"5/5/5/2b2/wb3 w 0 1", "a1xc1", "must go on"},
		{"4b/2b2/1w3/5/5 w 0 1", "b3xd5", "not two points from b3 along a line"},
		{"4b/2b2/2b2/2w2/5 w 0 1", "c2xc4", "occupied"},
		{"4b/5/5/2w2/5 w 0 1", "c2-d3", "a step goes along a line"},
		{"4b/5/5/2w2/5 w 0 1", "c2xc4", "no black piece on c3"},
		{"4b/5/5/2w2/5 w 0 1", "d2-d3", "no piece on d2"},
		{"4b/5/5/2w2/5 w 0 1", "e5-e4", "is black's and white is to move"},
		{"4b/5/5/2w2/5 w 0 1", "c2-c2-c3", "want from-to"},
		{"4b/5/5/2w2/5 w 0 1", "c2-f3", "bad point"},
		{"4b/5/5/2w2/5 w 0 1", "c2", "want from-to"},
		{"4b/5/5/2w2/5 w 0 1", "", "want from-to"},
		{"4b/5/5/2w2/5 w 0 1", "c2-c3 ", "bad point"},
	} {
		p := mustParse(t, tc.text)
		m, err := alquerque.ParseMove(&p, tc.move)
		if err == nil || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("ParseMove(%q) in %s = %v, %v: want an error saying %q", tc.move, tc.text, m, err, tc.why)
		}
	}
}

func TestStartHasFourMovesAllToTheCentre(t *testing.T) {
	p := alquerque.Start()
	if p.Text() != alquerque.StartText || alquerque.StartText != "bbbbb/bbbbb/bb1ww/wwwww/wwwww w 0 1" {
		t.Fatalf("start %q", p.Text())
	}
	if got, want := p.LegalMoveStrings(), []string{"b2-c3", "c2-c3", "d2-c3", "d3-c3"}; !slices.Equal(got, want) {
		t.Errorf("start moves %v, want %v", got, want)
	}
	if p.Count(alquerque.White) != 12 || p.Count(alquerque.Black) != 12 {
		t.Errorf("start has %d white and %d black pieces, want 12 each", p.Count(alquerque.White), p.Count(alquerque.Black))
	}
}
