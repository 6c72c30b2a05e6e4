package alquerque_test

import (
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
)

func TestPositionTextRoundTrips(t *testing.T) {
	for _, text := range []string{
		alquerque.StartText,
		"5/5/5/5/5 b 0 1",
		"wbwbw/bwbwb/wbwb1/bwbwb/1bwbw b 65535 65535",
		"4b/5/2w2/5/5 w 49 30",
	} {
		p := mustParse(t, text)
		if got := p.Text(); got != text {
			t.Errorf("ParsePosition(%q).Text() = %q", text, got)
		}
		if p.String() != text {
			t.Errorf("String() = %q, want the position text %q", p.String(), text)
		}
	}
}

// textErrorCases are malformed position texts and what their error must
// say.
var textErrorCases = []struct{ in, why string }{
	{"", "4 (board, side to move"},
	{"bbbbb/bbbbb/bb1ww/wwwww/wwwww w 0", "3 space-separated fields"},
	{"bbbbb/bbbbb/bb1ww/wwwww/wwwww  w 0 1", "5 space-separated fields"},
	{"bbbbb/bbbbb/bb1ww/wwwww w 0 1", "4 ranks"},
	{"bbbbbb/bbbbb/bb1ww/wwwww/wwwww w 0 1", "longer than 5 points"},
	{"bbbb/bbbbb/bb1ww/wwwww/wwwww w 0 1", "covers 4 points"},
	{"bbbbb/bbbbb/b11ww/wwwww/wwwww w 0 1", "two digits in a row"},
	{"bbbbb/bbbbb/bb6/wwwww/wwwww w 0 1", "bad character"},
	{"bbbbb/bbbbb/bbrww/wwwww/wwwww w 0 1", "bad character 'r'"},
	{"bbbbb/bbbbb/bb4/wwwww/wwwww w 0 1", "longer than 5 points"},
	{"bbbbb/bbbbb/bb1ww/wwwww/wwwww r 0 1", "side to move \"r\""},
	{"bbbbb/bbbbb/bb1ww/wwwww/wwwww w -1 1", "no-capture ply count"},
	{"bbbbb/bbbbb/bb1ww/wwwww/wwwww w 01 1", "without leading zeros"},
	{"bbbbb/bbbbb/bb1ww/wwwww/wwwww w 65536 1", "out of range"},
	{"bbbbb/bbbbb/bb1ww/wwwww/wwwww w 0 0", "move number 0 out of range"},
	{"bbbbb/bbbbb/bbbww/wwwww/wwwww w 0 1", "black has 13 pieces"},
	{"bbbbb/bbbbb/bbwww/wwwww/wwwww w 0 1", "white has 13 pieces"},
}

func TestParsePositionRefusesMalformedTextSayingWhy(t *testing.T) {
	for _, tc := range textErrorCases {
		p, err := alquerque.ParsePosition(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("ParsePosition(%q) = %v, %v: want an error saying %q", tc.in, p, err, tc.why)
		}
	}
}

func TestNewPositionRefusesBadParts(t *testing.T) {
	for _, tc := range []struct {
		white, black alquerque.Bitboard
		side         alquerque.Color
		nc, mn       int
		why          string
	}{
		{1 << 25, 0, alquerque.White, 0, 1, "off the board"},
		{1, 1, alquerque.White, 0, 1, "share a point"},
		{1, 2, 2, 0, 1, "side to move"},
		{1, 2, alquerque.White, -1, 1, "no-capture"},
		{1, 2, alquerque.White, 0, 0, "move number"},
	} {
		if _, err := alquerque.NewPosition(tc.white, tc.black, tc.side, tc.nc, tc.mn); err == nil || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("NewPosition(%#x, %#x, %d, %d, %d): %v, want an error saying %q", tc.white, tc.black, tc.side, tc.nc, tc.mn, err, tc.why)
		}
	}
}

func TestPointNamesRoundTripAndBadNamesAreRefused(t *testing.T) {
	for s := alquerque.Point(0); s < alquerque.NumPoints; s++ {
		back, err := alquerque.ParsePoint(s.String())
		if err != nil || back != s {
			t.Errorf("ParsePoint(%q) = %v, %v", s.String(), back, err)
		}
	}
	for _, bad := range []string{"", "a", "a0", "a6", "f1", "A1", "a10"} {
		if _, err := alquerque.ParsePoint(bad); err == nil {
			t.Errorf("ParsePoint(%q) accepted", bad)
		}
	}
}
