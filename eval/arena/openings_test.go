package arena

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// TestReadOpeningsNamesTheBadLine: a book is one FEN per line, comments
// and blank lines skipped; a line that is no FEN, or a position already
// over, is refused with the book's name and the line's number.
func TestReadOpeningsNamesTheBadLine(t *testing.T) {
	r := rules.DefaultRules()
	book, err := ReadOpenings(strings.NewReader("# two openings\n"+rules.StartFEN+"\n\n  6/2b3/1r4/6/6/5r b 0 30  \n"), "book.txt", r)
	if err != nil || len(book) != 2 || book[0].FEN() != rules.StartFEN || book[1].FEN() != "6/2b3/1r4/6/6/5r b 0 30" {
		t.Fatalf("book %v, %v", book, err)
	}
	for _, tc := range []struct{ text, want string }{
		{rules.StartFEN + "\nbbbbbb/bbbbbb/6/6/rrrrrr/rrrrr r 0 1\n", "book.txt:2: "},
		{"# nothing\n", "book.txt: no openings"},
		{"6/6/6/6/6/5r b 0 30\n", `book.txt:1: FEN "6/6/6/6/6/5r b 0 30": the game is already over`},
	} {
		if _, err := ReadOpenings(strings.NewReader(tc.text), "book.txt", r); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
	if OpeningsText(r, book) == OpeningsText(r, book[:1]) || OpeningsText(r, book[1:]) != "6/2b3/1r4/6/6/5r b 0 30" || OpeningsText(r, nil) != "" {
		t.Errorf("descriptions %q, %q", OpeningsText(r, book), OpeningsText(r, book[1:]))
	}
}

// TestArenaPlaysEachOpeningInBothColours: pair k starts from opening k mod
// the book's size, both of its games from it.
func TestArenaPlaysEachOpeningInBothColours(t *testing.T) {
	r := rules.DefaultRules()
	book, err := ReadOpenings(strings.NewReader("bbbbbb/bbbbbb/6/1r4/r1rrrr/rrrrrr b 0 1\n6/2b3/1r4/6/6/5r b 0 30\n"), "book", r)
	if err != nil {
		t.Fatal(err)
	}
	s := mcts.DefaultConfig().Settings
	s.Sims = 4
	var starts []string
	opt := ArenaOptions{Run: runspec.Settings{Games: 6, Seed: 3, Concurrency: 2}, Rules: r, Openings: book,
		OnPair: func(_ int, g [2]GameRecord) error {
			starts = append(starts, g[0].Start.FEN(), g[1].Start.FEN())
			return nil
		}}
	if _, err := Arena(context.Background(), SearchPlayer(s, mcts.Material{}), SearchPlayer(s, mcts.Material{}), opt); err != nil {
		t.Fatal(err)
	}
	for i, fen := range starts {
		if want := book[(i/2)%2].FEN(); fen != want {
			t.Errorf("game %d started from %s, want %s", i, fen, want)
		}
	}
	opt.Openings = []rules.Position{{}}
	if _, err := Arena(context.Background(), SearchPlayer(s, mcts.Material{}), SearchPlayer(s, mcts.Material{}), opt); err == nil {
		t.Error("an empty board as opening was played")
	}
}

// TestReadOpeningsTakesEPD: an EPD line (board, side, operations) reads
// as the FEN its hmvc and fmvn give (0 and 1 when absent), other
// operations ignored, beside plain FENs; a malformed operation is refused
// naming the line.
func TestReadOpeningsTakesEPD(t *testing.T) {
	book := "# EPD and FEN\n" +
		"4bb/4b1/4b1/1r4/1b2r1/4r1 b hmvc 44; fmvn 34; id \"late ending\";\n" +
		"bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r id \"start; hmvc 9\"; c0 \"a comment\";\n" +
		"bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r\n" +
		"6/5r/6/6/r4b/rr4 b 0 25\n"
	got, err := ReadOpenings(strings.NewReader(book), "book.epd", rules.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"4bb/4b1/4b1/1r4/1b2r1/4r1 b 44 34", rules.StartFEN, rules.StartFEN, "6/5r/6/6/r4b/rr4 b 0 25"}
	if len(got) != len(want) {
		t.Fatalf("the book read as %v, want %v", got, want)
	}
	for i := range want {
		if got[i].FEN() != want[i] {
			t.Errorf("line %d read as %s, want %s", i+2, got[i].FEN(), want[i])
		}
	}
	for _, bad := range []string{
		"4bb/4b1/4b1/1r4/1b2r1/4r1 b hmvc x;",
		"4bb/4b1/4b1/1r4/1b2r1/4r1 b hmvc -1;",
		"4bb/4b1/4b1/1r4/1b2r1/4r1 b hmvc 4",
		"4bb/4b1/4b1/1r4/1b2r1/4r1 b hmvc 4 5;",
	} {
		if _, err := ReadOpenings(strings.NewReader("# bad\n"+bad+"\n"), "bad.epd", rules.DefaultRules()); err == nil || !strings.Contains(err.Error(), "bad.epd:2: EPD") {
			t.Errorf("%q: %v, want an EPD error naming line 2", bad, err)
		}
	}
}

// TestReadOpeningsTakesAlquerqueEPD: Alquerque's position text has the
// same four fields, so its book takes EPD lines too.
func TestReadOpeningsTakesAlquerqueEPD(t *testing.T) {
	start := alquerque.StartText
	f := strings.Fields(start)
	book := f[0] + " " + f[1] + " hmvc 3; fmvn 7; id \"start, later\";\n" + start + "\n"
	got, err := ReadOpenings(strings.NewReader(book), "alq.epd", alquerque.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	if want := f[0] + " " + f[1] + " 3 7"; len(got) != 2 || got[0].Text() != want || got[1].Text() != start {
		t.Fatalf("the book read as %v, want [%s %s]", got, want, start)
	}
}

// TestShuffleOpeningsIsSeeded: the order is a permutation drawn from the
// seed alone: the same seed, the same order; another seed, another; and
// the order of seed 1 is the one this test pins (the same on any
// machine).
func TestShuffleOpeningsIsSeeded(t *testing.T) {
	order := func(seed uint64) []int {
		b := make([]int, 10)
		for i := range b {
			b[i] = i
		}
		ShuffleOpenings(b, seed)
		return b
	}
	a, b, c := order(1), order(1), order(2)
	if !slices.Equal(a, b) || slices.Equal(a, c) {
		t.Fatalf("seed 1 gave %v then %v, seed 2 %v", a, b, c)
	}
	sorted := slices.Clone(a)
	slices.Sort(sorted)
	for i, v := range sorted {
		if v != i {
			t.Fatalf("%v is not a permutation of the book", a)
		}
	}
	if want := []int{5, 9, 1, 8, 2, 7, 3, 0, 6, 4}; !slices.Equal(a, want) {
		t.Errorf("seed 1 ordered 0..9 as %v, want %v (SplitMix64's stream: the same on any machine)", a, want)
	}
}
