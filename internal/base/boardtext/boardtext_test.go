package boardtext

import (
	"strings"
	"testing"
)

var small = Format{Noun: "pos", Size: 3, Letters: [2]byte{'x', 'o'}, Example: "xxx/3/ooo x 0 1", MaxCounter: 999}

func TestParseReadsWhatAppendWrites(t *testing.T) {
	for _, s := range []string{"xxx/3/ooo x 0 1", "3/1x1/o2 o 999 999", "xox/oxo/xox x 12 7"} {
		x, err := small.Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if got := string(small.Append(nil, &x)); got != s {
			t.Errorf("Append(Parse(%q)) = %q", s, got)
		}
	}
	x, _ := small.Parse("x2/3/2o o 4 5")
	if x.Pieces != [2]uint64{1 << 6, 1 << 2} || x.Side != 1 || x.NoCapture != 4 || x.MoveNumber != 5 {
		t.Errorf("Parse(\"x2/3/2o o 4 5\") = %+v: want x on the top rank's first point (bit 6), o on the bottom rank's last (bit 2)", x)
	}
}

func TestParseRefusesMalformedTextSayingWhy(t *testing.T) {
	for _, tc := range []struct{ in, why string }{
		{"xxx/3/ooo x 0", `pos "xxx/3/ooo x 0" has 3 space-separated fields: want 4 (board, side to move, no-capture plies, move number), e.g. "xxx/3/ooo x 0 1"`},
		{"xxx/3 x 0 1", `pos board "xxx/3" has 2 ranks: want 3 separated by '/'`},
		{"xxxx/3/ooo x 0 1", `pos rank 3 "xxxx" is longer than 3 points`},
		{"x3/3/ooo x 0 1", `pos rank 3 "x3" is longer than 3 points`},
		{"x11/3/ooo x 0 1", `pos rank 3 "x11" has two digits in a row`},
		{"xx4/3/ooo x 0 1", `pos rank 3 "xx4" has bad character '4': want x, o or a digit 1-3`},
		{"xx/3/ooo x 0 1", `pos rank 3 "xx" covers 2 points: want 3`},
		{"xxx/3/ooo y 0 1", `pos side to move "y": want x or o`},
		{"xxx/3/ooo x 01 1", `pos no-capture ply count "01": want a decimal number 0..999 without leading zeros`},
		{"xxx/3/ooo x +1 1", `pos no-capture ply count "+1": want a decimal number 0..999`},
		{"xxx/3/ooo x 1000 1", `pos no-capture ply count 1000 out of range 0..999`},
		{"xxx/3/ooo x 0 0", `pos move number 0 out of range 1..999`},
	} {
		if _, err := small.Parse(tc.in); err == nil || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("Parse(%q): %v, want %q", tc.in, err, tc.why)
		}
	}
}
