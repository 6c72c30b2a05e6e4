package positions

import (
	"context"
	"fmt"
	"io"
	"sort"
	"sync/atomic"
	"time"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/internal/base/words"
	"github.com/surakarta/surakarta/rules"
)

// Divide is one root move of a count with its leaves.
type Divide struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// Perft is a count of the leaves below a position (perft --json's
// object): the position's text, the leaves, the time taken and the
// threads, and with the divide each root move's count, sorted by move.
type Perft struct {
	Depth     int      `json:"depth"`
	FEN       string   `json:"fen"`
	Nodes     uint64   `json:"nodes"`
	Seconds   float64  `json:"seconds"`
	NodesPerS float64  `json:"nodes_per_s"`
	Threads   int      `json:"threads"`
	Divide    []Divide `json:"divide,omitempty"`
}

// NewPerft returns the count of nodes leaves depth plies below the
// position fen, taken in elapsed on threads threads, with the root moves'
// counts divide (nil: not asked for).
func NewPerft(depth int, fen string, nodes uint64, elapsed time.Duration, threads int, divide []Divide) Perft {
	p := Perft{Depth: depth, FEN: fen, Nodes: nodes, Seconds: elapsed.Seconds(), Threads: threads, Divide: divide}
	if p.Seconds > 0 {
		p.NodesPerS = float64(nodes) / p.Seconds
	}
	return p
}

// WriteText writes each root move with its count on w, then on timing
// (a command's stderr) how long the count took and at what rate, then on
// w the bare count, the last line (what a script reads).
func (p Perft) WriteText(w, timing io.Writer) {
	for _, e := range p.Divide {
		fmt.Fprintf(w, "%s %d\n", e.Move, e.Nodes)
	}
	fmt.Fprintf(timing, "perft depth %d: %d leaves in %.3f s (%.1f M leaves/s, %d %s)\n",
		p.Depth, p.Nodes, p.Seconds, float64(p.Nodes)/p.Seconds/1e6, p.Threads, words.Plural(p.Threads, "thread", "threads"))
	fmt.Fprintln(w, p.Nodes)
}

// Interrupted is the error of a count stopped before its end: Done of
// Of root moves were counted, and there is no total.
type Interrupted struct {
	Done, Of int
	Err      error
}

func (e *Interrupted) Error() string {
	return fmt.Sprintf("perft interrupted after %d of %d root moves: %v", e.Done, e.Of, e.Err)
}

func (e *Interrupted) Unwrap() error { return e.Err }

// Surakarta counts the leaves depth plies below p one root move at a
// time, each on threads goroutines, showing the root moves done on w while
// a long count runs (quiet: never); it returns the total and each root
// move's count, sorted by move. Interrupted (ctx done) it stops within a
// fraction of a second with an *Interrupted saying how far it got.
func Surakarta(ctx context.Context, w io.Writer, p rules.Position, depth, threads int, quiet bool) (uint64, []Divide, error) {
	if depth == 0 {
		return 1, nil, nil
	}
	var buf [rules.MaxMoves]rules.Move
	moves := p.GenerateMoves(buf[:0])
	var done atomic.Int64
	stop := progress.Watch(w, progress.Options{Unit: "root moves", Total: int64(len(moves)), Quiet: quiet}, done.Load)
	defer stop()
	var total uint64
	entries := make([]Divide, len(moves))
	for i, m := range moves {
		n, err := rules.PerftParallelContext(ctx, p.Apply(m), depth-1, threads)
		if err != nil {
			return 0, nil, &Interrupted{Done: i, Of: len(moves), Err: err}
		}
		entries[i] = Divide{p.MoveString(m), n}
		total += n
		done.Add(1)
	}
	sortDivide(entries)
	return total, entries, nil
}

// Alquerque counts the leaves depth plies below the Alquerque position p
// on one thread, and each root move's count, sorted by move; interrupted
// (ctx done), it returns an *Interrupted.
func Alquerque(ctx context.Context, p alquerque.Position, depth int) (uint64, []Divide, error) {
	if depth == 0 {
		return 1, nil, nil
	}
	var buf [alquerque.MaxMoves]alquerque.Move
	moves := p.GenerateMoves(buf[:0])
	var total uint64
	entries := make([]Divide, len(moves))
	for i, m := range moves {
		n, err := alquerque.PerftContext(ctx, p.Apply(m), depth-1)
		if err != nil {
			return 0, nil, &Interrupted{Done: i, Of: len(moves), Err: err}
		}
		entries[i] = Divide{p.MoveString(m), n}
		total += n
	}
	sortDivide(entries)
	return total, entries, nil
}

// sortDivide sorts the root moves by their text.
func sortDivide(entries []Divide) {
	sort.Slice(entries, func(i, j int) bool { return entries[i].Move < entries[j].Move })
}
