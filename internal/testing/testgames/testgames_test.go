package testgames

import (
	"fmt"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/rules"
)

// TestRowsAreTheSeedsGamesAndWriteKeepsThem: a seed gives the same games
// every time, preferring captures gives others, and a written dataset
// reads back those rows under its run.
func TestRowsAreTheSeedsGamesAndWriteKeepsThem(t *testing.T) {
	r := rules.DefaultRules()
	r.NoCaptureLimit = 16
	rows := Rows(t, r, 5, 6, 3, false)
	if again := Rows(t, r, 5, 6, 3, false); !reflect.DeepEqual(again, rows) {
		t.Fatal("the same seed played other games")
	}
	if capt := Rows(t, r, 5, 6, 3, true); reflect.DeepEqual(capt, rows) {
		t.Fatal("preferring captures played the same games")
	}
	for i, g := range rows {
		if g.GameID != int64(i) || g.Seed != 5 || g.OpeningPlies != 3 || g.Winner == "" {
			t.Fatalf("game %d: %+v", i, g)
		}
	}
	dir := t.TempDir()
	Write(t, dir, r, 5, 6, 3, rows)
	var back []dataset.GameRow
	if err := dataset.ScanGames(dir, "standard", func(g *dataset.GameRow) error {
		back = append(back, g.Clone())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rows) {
		t.Fatalf("read back\n%+v\nwrote\n%+v", back, rows)
	}
}

// fatalRecorder is a test whose Fatalf records the message and stops the
// goroutine, as testing's does.
type fatalRecorder struct {
	testing.TB
	msg string
}

func (r *fatalRecorder) Helper() {}

func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// TestPositionParsesOrNamesTheFEN: Position gives the position Middlegame
// writes, and a FEN that does not parse fails the test with the FEN in
// the message.
func TestPositionParsesOrNamesTheFEN(t *testing.T) {
	if p := Position(t, Middlegame); p.FEN() != Middlegame {
		t.Fatalf("Position(Middlegame) writes %q", p.FEN())
	}
	const bad = "1br1bb/1r3b/1b1rr1/4b1/5r b 0 31"
	r := &fatalRecorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Position(r, bad)
	}()
	<-done
	if !strings.Contains(r.msg, strconv.Quote(bad)) {
		t.Fatalf("Position(%q) failed with %q, which does not name the FEN", bad, r.msg)
	}
}
