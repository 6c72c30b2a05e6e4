package rules

import (
	"strings"
	"testing"
)

func TestSquaresAreNumberedRankMajorAndNamedA1ToF6(t *testing.T) {
	for s := Square(0); s < NumSquares; s++ {
		name := s.String()
		if want := string([]byte{byte('a' + int(s)%6), byte('1' + int(s)/6)}); name != want {
			t.Errorf("Square(%d).String() = %q, want %q (a1 = 0, rank-major)", s, name, want)
		}
		back, err := ParseSquare(name)
		if err != nil || back != s {
			t.Errorf("ParseSquare(%q) = %v, %v", name, back, err)
		}
		if MakeSquare(s.File(), s.Rank()) != s {
			t.Errorf("MakeSquare(File, Rank) of %v = %v", s, MakeSquare(s.File(), s.Rank()))
		}
	}
	for _, bad := range []string{"", "a", "a0", "a7", "g1", "A1", "a10", "1a", "aa"} {
		if _, err := ParseSquare(bad); err == nil || !strings.Contains(err.Error(), "bad point") {
			t.Errorf("ParseSquare(%q) error %v, want 'bad point'", bad, err)
		}
	}
}

func TestMoveBitsAndActionIndexFollowDocumentedLayout(t *testing.T) {
	seen := map[int]bool{}
	for from := Square(0); from < NumSquares; from++ {
		for to := Square(0); to < NumSquares; to++ {
			for _, capture := range []bool{false, true} {
				m := NewMove(from, to, capture)
				if m.From() != from || m.To() != to || m.IsCapture() != capture {
					t.Fatalf("NewMove(%v, %v, %v) reads back as %v %v %v", from, to, capture, m.From(), m.To(), m.IsCapture())
				}
				if want := Move(from) | Move(to)<<6; m&0xFFF != want || (m>>12 == 1) != capture || m>>13 != 0 {
					t.Fatalf("NewMove(%v, %v, %v) = %#x: bits differ from the documented layout", from, to, capture, uint16(m))
				}
				a := m.Action()
				if a != int(from)*36+int(to) || a < 0 || a >= NumActions {
					t.Fatalf("Action of %v = %d, want %d", m, a, int(from)*36+int(to))
				}
				if f, t2 := ActionSquares(a); f != from || t2 != to {
					t.Fatalf("ActionSquares(%d) = %v, %v", a, f, t2)
				}
				if !capture {
					seen[a] = true
				}
			}
		}
	}
	if len(seen) != NumActions {
		t.Errorf("%d distinct actions, want %d", len(seen), NumActions)
	}
	if m := NewMove(MakeSquare(1, 1), MakeSquare(4, 4), true); m.String() != "b2xe5" {
		t.Errorf("String of a capture = %q, want b2xe5", m.String())
	}
	if m := NewMove(MakeSquare(1, 1), MakeSquare(2, 2), false); m.String() != "b2-c3" {
		t.Errorf("String of a step = %q, want b2-c3", m.String())
	}
}

func TestCornerNamesRoundTrip(t *testing.T) {
	for c, name := range map[Corner]string{BottomRight: "bottom-right", TopRight: "top-right", TopLeft: "top-left", BottomLeft: "bottom-left"} {
		if c.String() != name {
			t.Errorf("%d.String() = %q, want %q", c, c.String(), name)
		}
		if back, err := ParseCorner(name); err != nil || back != c {
			t.Errorf("ParseCorner(%q) = %v, %v", name, back, err)
		}
	}
	for _, bad := range []string{"", "top", "Top-Left", "left-top", "top-left "} {
		if _, err := ParseCorner(bad); err == nil {
			t.Errorf("ParseCorner(%q) accepted", bad)
		}
	}
}

func TestParseMoveAcceptsLegalMovesInEveryAllowedSpelling(t *testing.T) {
	cases := []struct {
		fen, in, want string // want: Move.String()
	}{
		{StartFEN, "a2-a3", "a2-a3"},
		{StartFEN, "f2-e3", "f2-e3"},
		{"bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr b 0 1", "c5-d4", "c5-d4"},
		// Red b2 takes c2 by three routes (see rules_test.go); each route's
		// loop list is accepted, and so is no list at all.
		{"6/6/6/6/1rb3/6 r 0 1", "b2xc2", "b2xc2"},
		{"6/6/6/6/1rb3/6 r 0 1", "b2xc2[bottom-left]", "b2xc2"},
		{"6/6/6/6/1rb3/6 r 0 1", "b2xc2[top-left,top-right,bottom-right]", "b2xc2"},
		{"6/6/6/6/1rb3/6 r 0 1", "b2xc2[bottom-left,top-left,top-right,bottom-right]", "b2xc2"},
		// Red b3 takes d2 with one loop on either circuit.
		{"6/6/6/1r4/3b2/6 r 0 1", "b3xd2[bottom-left]", "b3xd2"},
		{"6/6/6/1r4/3b2/6 r 0 1", "b3xd2[bottom-right]", "b3xd2"},
	}
	for _, tc := range cases {
		p := mustFEN(t, tc.fen)
		m, err := ParseMove(&p, tc.in)
		if err != nil {
			t.Errorf("ParseMove(%q) in %q: %v", tc.in, tc.fen, err)
			continue
		}
		if m.String() != tc.want || !p.IsLegal(m) {
			t.Errorf("ParseMove(%q) = %v (legal %v), want %v", tc.in, m, p.IsLegal(m), tc.want)
		}
	}
}

func TestMoveStringWritesTheCanonicalRoute(t *testing.T) {
	cases := []struct{ fen, move, want string }{
		{StartFEN, "a2-a3", "a2-a3"},
		{"6/6/6/6/1rb3/6 r 0 1", "b2xc2", "b2xc2[bottom-left]"},
		{"6/6/6/1r4/3b2/6 r 0 1", "b3xd2", "b3xd2[bottom-left]"},
		{"2b3/6/6/r5/6/2r3 r 0 1", "a3xc6", "a3xc6[bottom-right,top-right,top-left]"},
		{"b4b/6/6/6/bb2r1/rb3b r 0 1", "e2xb2", "e2xb2[bottom-right]"},
	}
	for _, tc := range cases {
		p := mustFEN(t, tc.fen)
		m, err := ParseMove(&p, tc.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.MoveString(m); got != tc.want {
			t.Errorf("MoveString(%v) in %q = %q, want %q", m, tc.fen, got, tc.want)
		}
	}
	// An illegal capture is written without brackets rather than panicking.
	p := Start()
	if got := p.MoveString(NewMove(MakeSquare(0, 1), MakeSquare(0, 4), true)); got != "a2xa5" {
		t.Errorf("MoveString of an illegal capture = %q, want a2xa5", got)
	}
}

func TestParseMoveRejectsBadMovesNamingTheProblem(t *testing.T) {
	const vacated = "6/6/6/6/1rb3/6 r 0 1" // Red b2, Black c2
	cases := []struct {
		name, fen, in, want string
	}{
		{"empty", StartFEN, "", "bad move"},
		{"too short", StartFEN, "a2-a", "bad move"},
		{"off the board rank", StartFEN, "a7-a6", `bad point "a7"`},
		{"off the board file", StartFEN, "g2-f3", `bad point "g2"`},
		{"rank 0", StartFEN, "a0-a1", `bad point "a0"`},
		{"off the board target", StartFEN, "f2-g3", `bad point "g3"`},
		{"uppercase", StartFEN, "A2-A3", "bad point"},
		{"no separator", StartFEN, "a2a3", "bad"},
		{"underscore", StartFEN, "a2_a3", "joined by '-' (step) or 'x' (capture)"},
		{"colon", StartFEN, "a2:a3", "joined by '-' (step) or 'x' (capture)"},
		{"uppercase X", vacated, "b2Xc2", "joined by '-' (step) or 'x' (capture)"},
		{"space", StartFEN, "a2 a3", "joined by"},
		{"double dash", StartFEN, "a2--a3", "bad point"},
		{"trailing text after a step", StartFEN, "a2-a3x", `unexpected "x" after a step`},
		{"route after a step", StartFEN, "a2-a3[top-left]", "after a step"},
		{"no piece", StartFEN, "c3-c4", "no piece on c3"},
		{"opponent's piece", StartFEN, "a5-a4", "the piece on a5 is black's and red is to move"},
		{"opponent's capture", vacated, "c2xb2", "the piece on c2 is black's"},
		{"step too long", StartFEN, "a2-a4", "one of the 8 neighbouring points"},
		{"step onto own piece", StartFEN, "a1-a2", "a2 is occupied"},
		{"capture written as a step", vacated, "b2-c2", "c2 is occupied (captures are written with x)"},
		{"step to itself", StartFEN, "a2-a2", "neighbouring"},
		{"step written as a capture", StartFEN, "a2xa3", "no capture route from a2 to a3"},
		{"capture of own piece", StartFEN, "a2xb2", "no capture route"},
		{"capture without loop", "6/6/1b4/brb3/1b4/6 r 0 1", "b3xb4", "no capture route from b3 to b4"},
		{"capture blocked", StartFEN, "b2xb5", "no capture route"},
		{"unknown loop", vacated, "b2xc2[middle]", `bad loop "middle"`},
		{"empty brackets", vacated, "b2xc2[]", "bad loop"},
		{"loop of no route", vacated, "b2xc2[top-left]", "no route of b2xc2 through loops [top-left]; legal routes: [bottom-left] [top-left,top-right,bottom-right] [bottom-left,top-left,top-right,bottom-right]"},
		{"loops in wrong order", vacated, "b2xc2[bottom-right,top-right,top-left]", "no route of b2xc2"},
		{"partial loop list", vacated, "b2xc2[top-left,top-right]", "no route of b2xc2"},
		{"space in list", vacated, "b2xc2[top-left, top-right,bottom-right]", "bad loop"},
		{"unclosed bracket", vacated, "b2xc2[bottom-left", "[loop,...]"},
		{"missing open bracket", vacated, "b2xc2bottom-left]", "[loop,...]"},
		{"text after bracket", vacated, "b2xc2[bottom-left]x", "[loop,...]"},
		{"trailing space", vacated, "b2xc2[bottom-left] ", "[loop,...]"},
		{"doubled bracket", vacated, "b2xc2[[bottom-left]]", "bad loop"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("ParseMove(%q) panicked: %v", tc.in, r)
				}
			}()
			m, err := ParseMove(&p, tc.in)
			if err == nil {
				t.Fatalf("ParseMove(%q) = %v, want an error containing %q", tc.in, m, tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseMove(%q) error %q, want it to contain %q", tc.in, err, tc.want)
			}
			checkErrorStyle(t, err)
		})
	}
}

// TestLegalMoveStringsAreSortedByFromThenTo: the moves command's order.
func TestLegalMoveStringsAreSortedByFromThenTo(t *testing.T) {
	p := Start()
	got := p.LegalMoveStrings()
	if len(got) != p.CountMoves() || got[0] != "a2-a3" {
		t.Fatalf("start moves %v", got)
	}
	for i := 1; i < len(got); i++ {
		if got[i-1][:2] > got[i][:2] || (got[i-1][:2] == got[i][:2] && got[i-1] >= got[i]) {
			t.Errorf("%s before %s", got[i-1], got[i])
		}
	}
}
