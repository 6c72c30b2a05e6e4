package arena

import (
	"context"
	"strings"
	"testing"

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
