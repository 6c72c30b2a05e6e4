package mcts

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/game/gametest"
)

// takeAway is a second game for the search, with its own position and move
// types: a heap of counters, each move takes 1, 2 or 3, and the player who
// cannot move (the heap is empty) loses. Its theory is known: the player
// to move loses exactly when the heap is a multiple of 4, and under best
// play (the winner hurrying, the loser holding out) the game lasts
// heap/4·2 plies from a lost position and 1 + heap/4·2 from a won one.
type takeAway struct{ start uint16 }

type heap struct {
	n    uint16
	side game.Player
}

type take uint16 // counters taken: 1, 2 or 3

func (takeAway) Name() string     { return "takeaway" }
func (g takeAway) String() string { return "heap=" + strconv.Itoa(int(g.start)) }
func (takeAway) Validate() error  { return nil }
func (g takeAway) Start() heap    { return heap{n: g.start} }
func (takeAway) MaxMoves() int    { return 3 }

func (takeAway) Moves(p *heap, buf []take) []take {
	buf = buf[:0]
	for k := take(1); k <= 3 && uint16(k) <= p.n; k++ {
		buf = append(buf, k)
	}
	return buf
}

func (g takeAway) Apply(p *heap, m take) (uint64, bool) {
	p.n -= uint16(m)
	p.side = p.side.Other()
	return g.Key(p), true
}

func (takeAway) Key(p *heap) uint64         { return uint64(p.n)<<1 | uint64(p.side) }
func (takeAway) ToMove(p *heap) game.Player { return p.side }

func (takeAway) Judge(p *heap, hasMoves bool, _ int) game.Outcome {
	if hasMoves {
		return game.Outcome{}
	}
	return game.Outcome{Result: game.WinFor(p.side.Other()), Reason: 1}
}

func (takeAway) ReasonName(r game.Reason) string {
	if r == 1 {
		return "no-moves"
	}
	return ""
}

func (takeAway) PlayerName(pl game.Player) string { return [2]string{"first", "second"}[pl&1] }

func (takeAway) ParsePosition(s string) (heap, error) {
	var p heap
	var side int
	if _, err := fmt.Sscanf(s, "%d %d", &p.n, &side); err != nil || side > 1 {
		return heap{}, fmt.Errorf("bad heap %q: want counters and the player to move, e.g. 7 0", s)
	}
	p.side = game.Player(side)
	return p, nil
}

func (takeAway) FormatPosition(p *heap) string { return fmt.Sprintf("%d %d", p.n, p.side) }

func (g takeAway) ParseMove(p *heap, s string) (take, error) {
	k, err := strconv.Atoi(s)
	if err != nil || k < 1 || k > 3 || k > int(p.n) {
		return 0, fmt.Errorf("bad move %q: take 1 to 3 counters, at most the heap's %d", s, p.n)
	}
	return take(k), nil
}

func (takeAway) FormatMove(_ *heap, m take) string                 { return strconv.Itoa(int(m)) }
func (takeAway) Symmetries() int                                   { return 1 }
func (takeAway) SymmetryName(int) string                           { return "identity" }
func (takeAway) MapPosition(_ int, p *heap) heap                   { return *p }
func (takeAway) MapMove(_ int, _ *heap, m take) take               { return m }
func (takeAway) SwapsPlayers(int) bool                             { return false }
func (takeAway) KeepsOrder(int) bool                               { return true }
func (takeAway) Evaluate(*heap, []take, []float32) (float32, bool) { return 0, false }

// takeRecord is a take-away game in progress, as a search reads it.
type takeRecord struct {
	g     takeAway
	moves []take
}

func (r takeRecord) Rules() takeAway { return r.g }
func (r takeRecord) Start() heap     { return r.g.Start() }
func (r takeRecord) Moves() []take   { return r.moves }
func (r takeRecord) Position() heap {
	p := r.g.Start()
	for _, m := range r.moves {
		r.g.Apply(&p, m)
	}
	return p
}

// History is the current key alone: every move is irreversible.
func (r takeRecord) History(dst []uint64) []uint64 {
	p := r.Position()
	return append(dst[:0], r.g.Key(&p))
}

// TestSearchPlaysAnyGame: the search and its solver, written once over the
// game contract, play a second game with other position and move types
// (takeAway, which passes the contract's conformance checks) and prove
// every heap up to 13 exactly as the game's theory says: the result, the
// winning move and the distance.
func TestSearchPlaysAnyGame(t *testing.T) {
	gametest.Check(t, takeAway{start: 13}, gametest.Options{Games: 5})
	for n := uint16(1); n <= 13; n++ {
		g := takeAway{start: n}
		cfg := ConfigOf[takeAway]{Settings: DefaultSettings(), Seed: 1, Rules: g}
		cfg.Sims, cfg.Leaf, cfg.MaxNodes = 4000, LeafValue, 1<<12
		s, err := NewSearcherOf(cfg, EvaluatorOf[heap, take](g), nil)
		if err != nil {
			t.Fatal(err)
		}
		r := s.Search(takeRecord{g: g})
		wantProof, wantDist := ProofLoss, int(n/4)*2
		if n%4 != 0 {
			wantProof, wantDist = ProofWin, 1+int(n/4)*2
		}
		if r.Proof != wantProof || r.Distance != wantDist {
			t.Errorf("heap %d: proved %v in %d plies, want %v in %d", n, r.Proof, r.Distance, wantProof, wantDist)
		}
		if wantProof == ProofWin && r.Best != take(n%4) {
			t.Errorf("heap %d: plays %d, want %d (leaving a multiple of 4)", n, r.Best, n%4)
		}
	}
}
