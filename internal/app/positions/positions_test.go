package positions

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/rules"
)

// TestSurakartaCountsTheStartsKnownLeaves: the start's counts to depth 3
// are the published 16, 256 and 5382 (docs/RULES.md, rules' perft tests),
// the root moves' counts add up to them, sorted by move, and the answer
// does not depend on the threads.
func TestSurakartaCountsTheStartsKnownLeaves(t *testing.T) {
	for depth, want := range []uint64{1, 16, 256, 5382} {
		for _, threads := range []int{1, 2} {
			n, div, err := Surakarta(context.Background(), io.Discard, rules.Start(), depth, threads, true)
			if err != nil || n != want {
				t.Fatalf("depth %d threads %d: %d, %v; want %d", depth, threads, n, err, want)
			}
			var sum uint64
			for _, d := range div {
				sum += d.Nodes
			}
			if depth > 0 && (sum != want || len(div) != 16 || !slices.IsSortedFunc(div, func(a, b Divide) int { return strings.Compare(a.Move, b.Move) })) {
				t.Errorf("depth %d: the divide %v sums to %d over %d moves", depth, div, sum, len(div))
			}
		}
	}
}

// TestAlquerqueCountsTheStartsKnownLeaves: Alquerque's published counts
// (docs/RULES-ALQUERQUE.md) from its start.
func TestAlquerqueCountsTheStartsKnownLeaves(t *testing.T) {
	for depth, want := range []uint64{1, 4, 5, 6, 12, 29, 107} {
		n, div, err := Alquerque(context.Background(), alquerque.Start(), depth)
		if err != nil || n != want {
			t.Fatalf("depth %d: %d, %v; want %d", depth, n, err, want)
		}
		if depth > 0 && len(div) != 4 {
			t.Errorf("depth %d: %d root moves, want the start's 4", depth, len(div))
		}
	}
}

// TestAnInterruptedCountSaysHowFarItGot: a count whose context is done
// returns an *Interrupted with the root moves done, not a wrong total.
func TestAnInterruptedCountSaysHowFarItGot(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n, _, err := Surakarta(ctx, io.Discard, rules.Start(), 2, 1, true)
	var i *Interrupted
	if !errors.As(err, &i) || i.Done != 0 || i.Of != 16 || n != 0 || !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled count: %d, %v", n, err)
	}
	if _, _, err := Alquerque(ctx, alquerque.Start(), 16); !errors.As(err, &i) || i.Of != 4 {
		t.Fatalf("a cancelled Alquerque count: %v", err)
	}
}

// TestPerftTextEndsWithTheBareCount: the divide's lines, the timing on
// its own writer, the count last; the JSON's rate from the time.
func TestPerftTextEndsWithTheBareCount(t *testing.T) {
	p := NewPerft(2, rules.StartFEN, 256, 2*time.Second, 1, []Divide{{"a1-a2", 100}, {"b1-b2", 156}})
	var out, timing bytes.Buffer
	p.WriteText(&out, &timing)
	if out.String() != "a1-a2 100\nb1-b2 156\n256\n" {
		t.Errorf("text %q", out.String())
	}
	if timing.String() != "perft depth 2: 256 leaves in 2.000 s (0.0 M leaves/s, 1 thread)\n" {
		t.Errorf("timing %q", timing.String())
	}
	if p.NodesPerS != 128 {
		t.Errorf("nodes_per_s %v, want 128", p.NodesPerS)
	}
	b, _ := json.Marshal(NewPerft(1, "x", 16, 0, 2, nil))
	if string(b) != `{"depth":1,"fen":"x","nodes":16,"seconds":0,"nodes_per_s":0,"threads":2}` {
		t.Errorf("JSON without the divide: %s", b)
	}
}

// TestMovesOfAnEndedGameIsAnEmptyList: a position without moves has the
// list [], not null, in JSON; a position's moves are in notation order.
func TestMovesOfAnEndedGameIsAnEmptyList(t *testing.T) {
	r := rules.DefaultRules()
	p, _ := rules.ParseFEN("6/6/6/6/6/5r b 0 30")
	if b, _ := json.Marshal(MovesOf(r, &p)); string(b) != `{"fen":"6/6/6/6/6/5r b 0 30","moves":[]}` {
		t.Errorf("moves of a finished game: %s", b)
	}
	start := r.Start()
	m := MovesOf(r, &start)
	if len(m.Moves) != 16 || !slices.IsSorted(m.Moves) {
		t.Errorf("the start's moves: %v", m.Moves)
	}
	a := alquerque.Rules(r)
	ap := a.Start()
	if got := LegalMoveStrings(a, &ap); len(got) != 4 || !slices.IsSorted(got) {
		t.Errorf("Alquerque's start: %v", got)
	}
}

// TestEachPositionNamesTheLineThatDoesNotParse: the error gives the
// input's name and the line's number; the lines before it were read.
func TestEachPositionNamesTheLineThatDoesNotParse(t *testing.T) {
	var n int
	err := EachPosition(strings.NewReader("6/6/6/6/6/r5 r 0 1\r\nnonsense\n"), "stdin", rules.DefaultRules(), func(*rules.Position) { n++ })
	if err == nil || !strings.HasPrefix(err.Error(), "stdin line 2: ") || n != 1 {
		t.Fatalf("%d positions, %v", n, err)
	}
}

// TestReplayReachesThePositionAndOutcome: moves played to an ending give
// its result and reason; a move after the end, or an illegal one, is
// refused by its number.
func TestReplayReachesThePositionAndOutcome(t *testing.T) {
	r := rules.DefaultRules()
	p, _ := rules.ParseFEN("6/3b2/6/2r3/6/6 r 0 1")
	j, err := ReplayOf(r, p, []string{"c3xd5"})
	want := Replay{FEN: "6/3r2/6/6/6/6 b 0 1", Plies: 1, Outcome: "red wins (capture-all)", Result: "red", Reason: "capture-all"}
	if err != nil || j != want {
		t.Fatalf("replay: %+v, %v; want %+v", j, err, want)
	}
	var out bytes.Buffer
	j.WriteText(&out)
	if out.String() != "6/3r2/6/6/6/6 b 0 1\nred wins (capture-all)\n" {
		t.Errorf("text %q", out.String())
	}
	if _, err := ReplayOf(r, p, []string{"c3xd5", "d5-d4"}); err == nil || !strings.HasPrefix(err.Error(), `move 2 "d5-d4": the game is already over (red wins (capture-all)) after move 1`) {
		t.Errorf("a move after the end: %v", err)
	}
	if _, err := ReplayOf(r, r.Start(), []string{"b2-b3", "b3-b4"}); err == nil || !strings.HasPrefix(err.Error(), `move 2 "b3-b4": `) {
		t.Errorf("an illegal move: %v", err)
	}
}
