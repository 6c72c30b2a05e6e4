package mcts

// The search over the game contract plays Alquerque, the second game
// (package alquerque): a game whose captures are compulsory multi-jump
// sequences coded in 16 bits relative to their position, and whose
// positions may have up to 278 legal moves.

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
)

// alquerqueMaterial is Material for Alquerque: tanh of the piece
// difference over MaterialScale, for the side to move.
type alquerqueMaterial struct{}

var alquerqueMaterialValue = func() (t [2*alquerque.MaxPieces + 1]float32) {
	for i := range t {
		t[i] = float32(math.Tanh(float64(i-alquerque.MaxPieces) / MaterialScale))
	}
	return t
}()

func (alquerqueMaterial) Evaluate(p *alquerque.Position, _ []alquerque.Code, _ []float32) (float32, bool) {
	stm := p.SideToMove()
	return alquerqueMaterialValue[p.Count(stm)-p.Count(stm.Other())+alquerque.MaxPieces], false
}

type alquerqueSearcher = SearcherOf[alquerque.Rules, alquerque.Position, alquerque.Code]

func newAlquerqueSearcher(t testing.TB, leaf LeafMode, sims int, seed uint64) *alquerqueSearcher {
	t.Helper()
	cfg := ConfigOf[alquerque.Rules]{Settings: DefaultSettings(), Seed: seed, Rules: alquerque.DefaultRules()}
	cfg.Leaf = leaf
	cfg.Sims = sims
	cfg.PlayoutPlies = 40
	s, err := NewSearcherOf(cfg, EvaluatorOf[alquerque.Position, alquerque.Code](alquerqueMaterial{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func alquerqueGame(t testing.TB, text string) *alquerque.Game {
	t.Helper()
	p, err := alquerque.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	g, err := alquerque.NewGame(alquerque.DefaultRules(), p)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSearchPlaysAlquerqueToTheEnd plays whole games of Alquerque from the
// start, both sides searching (value and playout leaves, tree reuse on):
// every recommended move is legal and so is every principal variation,
// the games end by the rules, and the same seed plays the same game.
func TestSearchPlaysAlquerqueToTheEnd(t *testing.T) {
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		var first []alquerque.Move
		for run := range 2 {
			s := newAlquerqueSearcher(t, leaf, 300, 7)
			g := alquerqueGame(t, alquerque.StartText)
			for !g.IsTerminal() {
				r := s.Search(g)
				pv := g.Clone()
				for i, c := range r.PV {
					if err := pv.PlayCode(c); err != nil {
						t.Fatalf("%v, ply %d: PV move %d: %v", leaf, g.Ply(), i+1, err)
					}
				}
				if err := g.PlayCode(r.Best); err != nil {
					t.Fatalf("%v, ply %d: best move: %v", leaf, g.Ply(), err)
				}
			}
			if run == 0 {
				first = slices.Clone(g.Played())
				t.Logf("%v leaves: %d plies, %v", leaf, g.Ply(), g.Outcome())
			} else if !slices.Equal(first, g.Played()) {
				t.Errorf("%v: the same seed played two different games", leaf)
			}
		}
	}
}

// TestSearchProvesAlquerqueCaptureOfTheLastPieces: a capture sequence that
// takes every enemy piece left wins at once (game.Decisive): the search
// proves the root won in one ply and recommends it.
func TestSearchProvesAlquerqueCaptureOfTheLastPieces(t *testing.T) {
	s := newAlquerqueSearcher(t, LeafValue, 200, 1)
	g := alquerqueGame(t, "5/5/5/2b2/wb3 w 0 1")
	r := s.Search(g)
	p := g.Position()
	if got := p.MoveString(p.Decode(r.Best)); got != "a1xc1xc3" || r.Proof != ProofWin || r.Distance != 1 {
		t.Errorf("best %s, proof %v in %d: want a1xc1xc3 proven won in 1", got, r.Proof, r.Distance)
	}
}

// TestAlquerqueSearchCommutesWithTurn: the board turned round with the
// colours swapped (alquerque.Turn) keeps the move order, so the same seed
// searches a position and its image alike, move for move.
func TestAlquerqueSearchCommutesWithTurn(t *testing.T) {
	for _, text := range []string{alquerque.StartText, "b1bbb/bwb1b/bw1w1/1w1ww/w1w1w b 0 9", "1bb2/b1b1b/2w2/w1w1b/1w1ww w 3 14"} {
		g := alquerqueGame(t, text)
		p := g.Position()
		img := alquerque.Turn.Position(&p)
		gi, err := alquerque.NewGame(alquerque.DefaultRules(), img)
		if err != nil {
			t.Fatal(err)
		}
		r := newAlquerqueSearcher(t, LeafValue, 500, 3).Search(g)
		ri := newAlquerqueSearcher(t, LeafValue, 500, 3).Search(gi)
		if want := alquerque.Turn.Move(p.Decode(r.Best)); img.Decode(ri.Best) != want || r.Value != ri.Value {
			t.Errorf("%s: best %v value %v; the image's %v value %v, want %v", text, p.Decode(r.Best), r.Value, img.Decode(ri.Best), ri.Value, want)
		}
	}
}

// TestSearchTakesAlquerquesLargestPosition: a node numbers up to 511
// children, and the position of 260 legal moves (one piece against
// twelve) is searched like any other.
func TestSearchTakesAlquerquesLargestPosition(t *testing.T) {
	s := newAlquerqueSearcher(t, LeafValue, 2000, 1)
	g := alquerqueGame(t, "5/1bbb1/1b1b1/bbbbb/1bwb1 w 0 1")
	r := s.Search(g)
	if len(r.Moves) != 260 {
		t.Fatalf("the root lists %d moves, want 260", len(r.Moves))
	}
	if err := g.PlayCode(r.Best); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkSearchAlquerque: one thread, simulations per second on an
// Alquerque middlegame (Black to move, captures on the board), value and
// playout leaves, as BenchmarkSearch runs Surakarta's.
func BenchmarkSearchAlquerque(b *testing.B) {
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		name := leaf.String()
		if leaf == LeafPlayout {
			name = "playout40"
		}
		b.Run(name, func(b *testing.B) {
			s := newAlquerqueSearcher(b, leaf, benchSims, 1)
			s.cfg.ReuseTree = false
			g := alquerqueGame(b, "b1bbb/bwb1b/bw1w1/1w1ww/w1w1w b 0 9")
			s.Search(g) // grow arenas and buffers
			b.ReportAllocs()
			b.ResetTimer()
			for done := 0; done < b.N; {
				s.cfg.Sims = min(benchSims, b.N-done)
				s.Search(g)
				done += s.cfg.Sims
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "sims/s")
		})
	}
}

// TestAlquerqueSearcherNamesItsOwnNodeMinimum: a node budget within the
// setting's range (Surakarta's minimum) but below what Alquerque's 278
// moves need is refused with Alquerque's minimum, not the range it is in.
func TestAlquerqueSearcherNamesItsOwnNodeMinimum(t *testing.T) {
	cfg := ConfigOf[alquerque.Rules]{Settings: DefaultSettings(), Rules: alquerque.DefaultRules()}
	cfg.MaxNodes = minNodes
	_, err := NewSearcherOf(cfg, EvaluatorOf[alquerque.Position, alquerque.Code](alquerqueMaterial{}), nil)
	want := fmt.Sprintf("max_nodes %d: alquerque needs at least %d node slots", minNodes, nodesFor(alquerque.MaxMoves))
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("%v, want %q", err, want)
	}
}
