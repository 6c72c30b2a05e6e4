package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
)

func TestFENRoundTripsExactly(t *testing.T) {
	fens := []string{
		StartFEN,
		"6/6/6/6/6/6 r 0 1",
		"6/6/6/6/6/1r4 b 0 1",
		"b4b/6/6/6/bb2r1/rb3b b 17 42",
		"rbrbrb/brbrbr/6/6/rbrbrb/brbrbr r 65535 65535",
		"1b1b1b/b1b1b1/r1r1r1/1r1r1r/6/5r b 3 9",
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", fen, err)
			continue
		}
		if got := p.FEN(); got != fen {
			t.Errorf("ParseFEN(%q).FEN() = %q", fen, got)
		}
		if p.String() != fen {
			t.Errorf("String() = %q, want the FEN %q", p.String(), fen)
		}
	}
	p, _ := ParseFEN(StartFEN)
	if p != Start() {
		t.Errorf("ParseFEN(StartFEN) != Start()")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 5000; i++ {
		p := refRandomPosition(rng, rng.IntN(13), rng.IntN(13), nil, 0)
		back, err := ParseFEN(p.FEN())
		if err != nil || back != p {
			t.Fatalf("ParseFEN(%q) = %+v, %v; want %+v", p.FEN(), back, err, p)
		}
	}
}

func TestFENFieldsAreReadIntoThePosition(t *testing.T) {
	p := mustFEN(t, "b4b/6/6/6/bb2r1/rb3b b 17 42")
	// Black a6 f6 a2 b2 b1 f1; Red e2 a1.
	wantBlack := MakeSquare(0, 5).Bit() | MakeSquare(5, 5).Bit() | MakeSquare(0, 1).Bit() |
		MakeSquare(1, 1).Bit() | MakeSquare(1, 0).Bit() | MakeSquare(5, 0).Bit()
	wantRed := MakeSquare(4, 1).Bit() | MakeSquare(0, 0).Bit()
	if p.Black() != wantBlack || p.Red() != wantRed {
		t.Errorf("pieces red %v black %v, want red %v black %v", bbString(p.Red()), bbString(p.Black()), bbString(wantRed), bbString(wantBlack))
	}
	if p.SideToMove() != Black || p.NoCapturePlies() != 17 || p.MoveNumber() != 42 || p.Count(Red) != 2 || p.Count(Black) != 6 {
		t.Errorf("side %v, no-capture %d, move %d, counts %d/%d", p.SideToMove(), p.NoCapturePlies(), p.MoveNumber(), p.Count(Red), p.Count(Black))
	}
	if c, ok := p.At(MakeSquare(4, 1)); !ok || c != Red {
		t.Errorf("At(e2) = %v, %v", c, ok)
	}
	if _, ok := p.At(MakeSquare(2, 2)); ok {
		t.Errorf("At(c3) occupied")
	}
}

// fenErrorCases are malformed FENs with a substring the error must contain.
var fenErrorCases = []struct{ name, in, want string }{
	{"empty", "", "fields"},
	{"five ranks", "bbbbbb/bbbbbb/6/6/rrrrrr r 0 1", "5 ranks"},
	{"seven ranks", "bbbbbb/bbbbbb/6/6/6/rrrrrr/rrrrrr r 0 1", "7 ranks"},
	{"trailing slash", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr/ r 0 1", "7 ranks"},
	{"bad letter", "bbbbbb/bbbxbb/6/6/rrrrrr/rrrrrr r 0 1", "bad character 'x'"},
	{"uppercase piece", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrRrr r 0 1", "bad character 'R'"},
	{"digit 0", "bbbbbb/bbbbbb/06/6/rrrrrr/rrrrrr r 0 1", "bad character '0'"},
	{"digit 7", "bbbbbb/bbbbbb/7/6/rrrrrr/rrrrrr r 0 1", "bad character '7'"},
	{"non-ASCII", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrr\u00e9 r 0 1", "bad character"},
	{"13 red pieces", "bbbbbb/bbbbbb/6/r5/rrrrrr/rrrrrr r 0 1", "red has 13 pieces"},
	{"13 black pieces", "bbbbbb/bbbbbb/b5/6/rrrrrr/rrrrrr r 0 1", "black has 13 pieces"},
	{"side x", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr x 0 1", `side to move "x"`},
	{"side uppercase", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr R 0 1", `side to move "R"`},
	{"side word", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr red 0 1", `side to move "red"`},
	{"negative no-capture count", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r -1 1", `no-capture ply count "-1"`},
	{"negative move number", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 -1", `move number "-1"`},
	{"plus sign", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r +1 1", `no-capture ply count "+1"`},
	{"move number 0", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0", "move number 0 out of range"},
	{"leading zero count", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 00 1", "leading zeros"},
	{"leading zero move number", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 01", "leading zeros"},
	{"count too big", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 65536 1", "out of range"},
	{"count far too big", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 99999999999999999999 1", "no-capture ply count"},
	{"count not a number", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r x 1", `no-capture ply count "x"`},
	{"two digits in a row", "bbbbbb/bbbbbb/33/6/rrrrrr/rrrrrr r 0 1", "two digits in a row"},
	{"two digits 1 and 5", "bbbbbb/bbbbbb/6/15/rrrrrr/rrrrrr r 0 1", "two digits in a row"},
	{"rank too long by pieces", "bbbbbb/bbbbbbb/6/6/rrrrrr/rrrrrr r 0 1", "longer than 6"},
	{"rank too long by digit", "bbbbbb/bbbbbb/r6/6/rrrrrr/rrrrrr r 0 1", "longer than 6"},
	{"rank too long after digit", "bbbbbb/bbbbbb/6r/6/rrrrrr/rrrrrr r 0 1", "longer than 6"},
	{"rank too short", "bbbbbb/bbbbbb/5/6/rrrrrr/rrrrrr r 0 1", "covers 5 points"},
	{"rank of pieces too short", "bbbbbb/bbbbb/6/6/rrrrrr/rrrrrr r 0 1", "covers 5 points"},
	{"empty rank", "bbbbbb/bbbbbb//6/rrrrrr/rrrrrr r 0 1", "covers 0 points"},
	{"double space", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr  r 0 1", "5 space-separated fields"},
	{"leading space", " bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1", "5 space-separated fields"},
	{"trailing space", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1 ", "5 space-separated fields"},
	{"trailing newline", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1\n", `move number "1\n"`},
	{"tab separator", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr\tr 0 1", "3 space-separated fields"},
	{"missing move number", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0", "3 space-separated fields"},
	{"board only", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr", "1 space-separated fields"},
	{"extra field", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1 x", "5 space-separated fields"},
}

func TestParseFENRejectsMalformedInputNamingTheProblem(t *testing.T) {
	for _, tc := range fenErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("ParseFEN(%q) panicked: %v", tc.in, r)
				}
			}()
			p, err := ParseFEN(tc.in)
			if err == nil {
				t.Fatalf("ParseFEN(%q) = %q, want an error containing %q", tc.in, p.FEN(), tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseFEN(%q) error %q, want it to contain %q", tc.in, err, tc.want)
			}
			checkErrorStyle(t, err)
		})
	}
}

// checkErrorStyle enforces the project's error style: lowercase start, no
// trailing period.
func checkErrorStyle(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	if msg == "" || unicode.IsUpper(rune(msg[0])) || strings.HasSuffix(msg, ".") {
		t.Errorf("error %q: want a lowercase message without a trailing period", msg)
	}
}

func TestNewPositionRejectsImpossiblePositions(t *testing.T) {
	cases := []struct {
		name       string
		red, black Bitboard
		side       Color
		nc, mn     int
		want       string
	}{
		{"overlap", 1, 1, Red, 0, 1, "share a point"},
		{"off the board", 1 << 36, 0, Red, 0, 1, "off the board"},
		{"13 red", 0x1FFF, 0, Red, 0, 1, "red has 13 pieces"},
		{"13 black", 0, 0x1FFF, Red, 0, 1, "black has 13 pieces"},
		{"bad side", 0, 0, 2, 0, 1, "side to move"},
		{"negative count", 0, 0, Red, -1, 1, "no-capture ply count -1"},
		{"count too big", 0, 0, Red, MaxNoCapture + 1, 1, "no-capture ply count"},
		{"move number 0", 0, 0, Red, 0, 0, "move number 0"},
		{"move number too big", 0, 0, Red, 0, MaxMoveNumber + 1, "move number"},
	}
	for _, tc := range cases {
		_, err := NewPosition(tc.red, tc.black, tc.side, tc.nc, tc.mn)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: NewPosition error %v, want one containing %q", tc.name, err, tc.want)
			continue
		}
		checkErrorStyle(t, err)
	}
}

func TestApplySaturatesCountersInsteadOfWrapping(t *testing.T) {
	p := mustFEN(t, "b5/6/6/6/6/r5 b 65535 65535")
	q := p.Apply(NewMove(MakeSquare(0, 5), MakeSquare(0, 4), false))
	if q.NoCapturePlies() != MaxNoCapture || q.MoveNumber() != MaxMoveNumber {
		t.Errorf("counters after a move at the maximum: %d, %d; want %d, %d", q.NoCapturePlies(), q.MoveNumber(), MaxNoCapture, MaxMoveNumber)
	}
	if back, err := ParseFEN(q.FEN()); err != nil || back != q {
		t.Errorf("saturated position does not round-trip: %q, %v", q.FEN(), err)
	}
}
