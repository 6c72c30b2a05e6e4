package mcts

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/surakarta/surakarta/rules"
)

// middlegame is a position from an engine game at ply 40, nine pieces a side.
const middlegame = "bb1bb1/1bbb2/4b1/rbrr2/rrrr2/1r1r2 r 0 21"

func TestNodeIs24Bytes(t *testing.T) {
	if got := unsafe.Sizeof(node{}); got != 24 {
		t.Errorf("node is %d bytes, documented as 24", got)
	}
}

// TestSearchIsDeterministic: the same seed and config give the same visits,
// values and moves, over a whole game with tree reuse, noise, temperature
// and playouts (every use of the generator).
func TestSearchIsDeterministic(t *testing.T) {
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		cfg := testConfig(300, leaf)
		cfg.NoiseWeight, cfg.TemperaturePlies = 0.25, 10
		trace := func(seed uint64) string {
			cfg.Seed = seed
			s := mustSearcher(t, cfg, Material{})
			var b strings.Builder
			g := mustGame(t, cfg.Rules, rules.StartFEN)
			for ply := 0; ply < 30 && !g.IsTerminal(); ply++ {
				r := s.Search(g)
				fmt.Fprintln(&b, r.Moves, r.PV, r.Value, r.Sims, r.Nodes)
				if err := g.Play(s.Choose(&r, g.Ply())); err != nil {
					t.Fatal(err)
				}
			}
			return b.String()
		}
		a, b, c := trace(7), trace(7), trace(8)
		if a != b {
			t.Errorf("%v: two runs with seed 7 differ", leaf)
		}
		if a == c {
			t.Errorf("%v: seeds 7 and 8 give identical games: the seed is not used", leaf)
		}
	}
}

// TestResetRepeatsSearch: Reset with the same seed repeats a search exactly.
func TestResetRepeatsSearch(t *testing.T) {
	s := mustSearcher(t, testConfig(500, LeafPlayout), Material{})
	g := mustGame(t, rules.DefaultRules(), middlegame)
	s.Reset(3)
	a := s.Search(g)
	s.Reset(3)
	b := s.Search(g)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("searches after Reset(3) differ:\n%v\n%v", a.Moves, b.Moves)
	}
}

func TestResultIsConsistent(t *testing.T) {
	for _, fen := range []string{rules.StartFEN, middlegame} {
		g := mustGame(t, rules.DefaultRules(), fen)
		s := mustSearcher(t, testConfig(2000, LeafValue), Material{})
		r := s.Search(g)
		p := g.Position()
		if r.Sims != 2000 {
			t.Errorf("%s: Sims %d, want 2000", fen, r.Sims)
		}
		if len(r.Moves) != p.CountMoves() {
			t.Errorf("%s: %d moves listed, %d legal", fen, len(r.Moves), p.CountMoves())
		}
		total := 0
		for i, ms := range r.Moves {
			total += ms.Visits
			if !p.IsLegal(ms.Move) {
				t.Errorf("%s: listed move %v is illegal", fen, ms.Move)
			}
			if i > 0 && (ms.Visits > r.Moves[i-1].Visits || ms.Visits == r.Moves[i-1].Visits && ms.Value > r.Moves[i-1].Value) {
				t.Errorf("%s: moves not sorted by visits then value at %d", fen, i)
			}
			if ms.Value < -1 || ms.Value > 1 {
				t.Errorf("%s: move value %v out of [-1, 1]", fen, ms.Value)
			}
		}
		// Every simulation but the one that expanded the root enters a child.
		if total != r.Sims-1 {
			t.Errorf("%s: child visits sum to %d, want %d", fen, total, r.Sims-1)
		}
		if r.Best != r.Moves[0].Move {
			t.Errorf("%s: best %v is not the most visited %v", fen, r.Best, r.Moves[0].Move)
		}
		if len(r.PV) == 0 || r.PV[0] != r.Best {
			t.Errorf("%s: PV %v does not start with best %v", fen, r.PV, r.Best)
		}
		replay := g.Clone()
		for _, m := range r.PV {
			if err := replay.Play(m); err != nil {
				t.Fatalf("%s: PV %v: %v", fen, r.PV, err)
			}
		}
		if r.Nodes < r.Sims || r.Nodes > s.cfg.MaxNodes {
			t.Errorf("%s: %d nodes for %d sims", fen, r.Nodes, r.Sims)
		}
	}
}

// TestTreeReuseKeepsVisits: after a move and a reply, the search starts from
// the subtree of the reply with its visits; without reuse it starts afresh.
func TestTreeReuseKeepsVisits(t *testing.T) {
	for _, reuse := range []bool{true, false} {
		cfg := testConfig(3000, LeafValue)
		cfg.ReuseTree = reuse
		s := mustSearcher(t, cfg, Material{})
		g := mustGame(t, cfg.Rules, middlegame)
		r1 := s.Search(g)
		if len(r1.PV) < 2 {
			t.Fatalf("PV %v too short", r1.PV)
		}
		// Visits of the reply node: the sims through it.
		a := s.arenas[s.cur]
		reply := a.child(a.child(s.root, uint16(r1.PV[0])), uint16(r1.PV[1]))
		kept := int(a.node(reply).n)
		for _, m := range r1.PV[:2] {
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		r2 := s.Search(g)
		total := childVisits(r2)
		want := r2.Sims - 1
		if reuse {
			want = kept - 1 + r2.Sims
		}
		if total != want {
			t.Errorf("reuse=%v: child visits %d, want %d (%d kept)", reuse, total, want, kept)
		}
		// The reused tree searches as a fresh one given the same history
		// would, only with more visits: its best move is legal.
		if p := g.Position(); !p.IsLegal(r2.Best) {
			t.Errorf("reuse=%v: best %v illegal", reuse, r2.Best)
		}
	}
}

// TestTreeReuseSamePosition: searching the same position twice keeps
// adding to the tree; a search of another game starts afresh.
func TestTreeReuseSamePosition(t *testing.T) {
	cfg := testConfig(1000, LeafValue)
	s := mustSearcher(t, cfg, Material{})
	g := mustGame(t, cfg.Rules, middlegame)
	s.Search(g)
	if total := childVisits(s.Search(g)); total != 2*1000-1 {
		t.Errorf("two searches of one position: %d child visits, want %d", total, 2*1000-1)
	}
	// A different game resets the tree.
	if total := childVisits(s.Search(mustGame(t, cfg.Rules, rules.StartFEN))); total != 1000-1 {
		t.Errorf("new game: %d child visits, want %d", total, 1000-1)
	}
}

func TestNodeBudget(t *testing.T) {
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		cfg := testConfig(3000, leaf)
		cfg.MaxNodes = minNodes
		s := mustSearcher(t, cfg, Material{})
		g := mustGame(t, cfg.Rules, middlegame)
		for range 4 {
			r := s.Search(g)
			if r.Sims != 3000 {
				t.Errorf("%v: %d sims, want all 3000 despite the budget", leaf, r.Sims)
			}
			if r.Nodes > cfg.MaxNodes {
				t.Errorf("%v: %d nodes over the budget %d", leaf, r.Nodes, cfg.MaxNodes)
			}
			p := g.Position()
			if !p.IsLegal(r.Best) {
				t.Fatalf("%v: best %v illegal", leaf, r.Best)
			}
			if err := g.Play(r.Best); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestSearchFinishedGame(t *testing.T) {
	s := mustSearcher(t, testConfig(10, LeafValue), Material{})
	// Red has no piece: Black has won.
	g := mustGame(t, rules.DefaultRules(), "6/6/6/6/2b3/6 r 0 9")
	r := s.Search(g)
	if r.Best != rules.NoMove || r.Proof != ProofLoss || r.Value != -1 || len(r.Moves) != 0 {
		t.Errorf("finished game: %+v, want NoMove, loss, -1, no moves", r)
	}
	if m := s.Choose(&r, 0); m != rules.NoMove {
		t.Errorf("Choose on a finished game: %v, want NoMove", m)
	}
}

func TestSearchPanicsOnRulesMismatch(t *testing.T) {
	s := mustSearcher(t, testConfig(10, LeafValue), Material{})
	r := rules.DefaultRules()
	r.Variant = rules.Majority
	g := mustGame(t, r, rules.StartFEN)
	defer func() {
		if e := recover(); e == nil || !strings.Contains(fmt.Sprint(e), "mcts:") {
			t.Errorf("recovered %v, want an mcts: panic", e)
		}
	}()
	s.Search(g)
}

func TestChooseTemperature(t *testing.T) {
	cfg := testConfig(1, LeafValue)
	cfg.TemperaturePlies, cfg.Temperature = 4, 1
	s := mustSearcher(t, cfg, Material{})
	a, b, c := rules.NewMove(6, 12, false), rules.NewMove(7, 13, false), rules.NewMove(8, 14, false)
	r := Result{Best: a, Moves: []MoveStat{{Move: a, Visits: 600}, {Move: b, Visits: 300}, {Move: c, Visits: 100, Proof: ProofLoss, Distance: 2}}}
	counts := map[rules.Move]int{}
	const n = 20000
	for range n {
		counts[s.Choose(&r, 3)]++
	}
	if counts[c] != 0 {
		t.Errorf("sampled the proven loss %d times", counts[c])
	}
	if f := float64(counts[a]) / n; math.Abs(f-2.0/3) > 0.02 {
		t.Errorf("sampled the 600-visit move with frequency %.3f, want 2/3 (visits^1, losses excluded)", f)
	}
	if m := s.Choose(&r, 4); m != a {
		t.Errorf("after the temperature plies Choose gave %v, want best %v", m, a)
	}
	s.cfg.Temperature = 0.25 // visits^4: 600 vs 300 weighs 16:1
	counts = map[rules.Move]int{}
	for range n {
		counts[s.Choose(&r, 0)]++
	}
	if f := float64(counts[a]) / n; math.Abs(f-16.0/17) > 0.01 {
		t.Errorf("temperature 0.25: frequency %.3f, want 16/17", f)
	}
	r.Moves[2].Proof = ProofWin
	r.Best = c
	if m := s.Choose(&r, 0); m != c {
		t.Errorf("with a proven win Choose gave %v, want it", m)
	}
}

// TestNoiseSpreadsVisits: root noise changes the visit distribution, and the
// priors it mixed in are gone afterwards.
func TestNoiseSpreadsVisits(t *testing.T) {
	g := mustGame(t, rules.DefaultRules(), middlegame)
	plain := mustSearcher(t, testConfig(800, LeafValue), Material{})
	r0 := plain.Search(g)
	cfg := testConfig(800, LeafValue)
	cfg.NoiseWeight = 0.5
	noisy := mustSearcher(t, cfg, Material{})
	r1 := noisy.Search(g)
	if reflect.DeepEqual(r0.Moves, r1.Moves) {
		t.Error("noise did not change the visits")
	}
	a := noisy.arenas[noisy.cur]
	root := a.node(noisy.root)
	for _, c := range a.block(root.first, int(root.meta&kidsMask)) {
		if c.prior != uint16(priorScale/len(r1.Moves)) {
			t.Fatalf("root prior %d after the search, want the clean uniform %d", c.prior, priorScale/len(r1.Moves))
		}
	}
}

// priorEvaluator puts almost all prior mass on one move and scores like
// Material.
type priorEvaluator struct{ favourite rules.Move }

func (e priorEvaluator) Evaluate(p *rules.Position, moves []rules.Move, priors []float32) (float32, bool) {
	v, _ := Material{}.Evaluate(p, moves, nil)
	if priors == nil {
		return v, false
	}
	for i, m := range moves {
		priors[i] = 0.001
		if m == e.favourite {
			priors[i] = 1
		}
	}
	return v, true // unnormalised on purpose: the search normalises
}

func TestEvaluatorPriorsSteerSearch(t *testing.T) {
	g := mustGame(t, rules.DefaultRules(), rules.StartFEN)
	fav := rules.NewMove(rules.MakeSquare(0, 1), rules.MakeSquare(0, 2), false) // a2-a3
	s := mustSearcher(t, testConfig(1000, LeafValue), priorEvaluator{fav})
	r := s.Search(g)
	if r.Best != fav || r.Moves[0].Visits < 500 {
		t.Errorf("best %v with %d visits, want the favoured %v with most visits", r.Best, r.Moves[0].Visits, fav)
	}
}

// brokenEvaluator returns values out of range and NaN priors.
type brokenEvaluator struct{}

func (brokenEvaluator) Evaluate(p *rules.Position, moves []rules.Move, priors []float32) (float32, bool) {
	for i := range priors {
		priors[i] = float32(math.NaN())
	}
	if p.SideToMove() == rules.Red {
		return 7, true
	}
	return float32(math.NaN()), true
}

func TestBrokenEvaluatorIsContained(t *testing.T) {
	g := mustGame(t, rules.DefaultRules(), middlegame)
	s := mustSearcher(t, testConfig(500, LeafValue), brokenEvaluator{})
	r := s.Search(g)
	if p := g.Position(); !p.IsLegal(r.Best) || math.IsNaN(r.Value) || r.Value < -1 || r.Value > 1 {
		t.Errorf("best %v value %v", r.Best, r.Value)
	}
}

// TestParallelAgreesOnClearPositions: with two threads the best move is the
// one a single thread finds where the position leaves no doubt, and the
// simulation count is exact.
func TestParallelAgreesOnClearPositions(t *testing.T) {
	clear := append(append([]string{}, mateInOne...), winInThree...)
	for _, fen := range clear {
		g := mustGame(t, rules.DefaultRules(), fen)
		one := mustSearcher(t, testConfig(4000, LeafValue), Material{}).Search(g)
		two := mustSearcher(t, testConfig(4000, LeafValue), Material{}).SearchParallel(g, 2)
		// Two moves may both win by force; then each search may prove a
		// different one first.
		bothProven := moveStat(&one, one.Best).Proof == ProofWin && moveStat(&two, two.Best).Proof == ProofWin
		if one.Best != two.Best && !bothProven && moveStat(&two, one.Best).Proof != ProofWin {
			t.Errorf("%s: 1 thread best %v, 2 threads best %v", fen, one.Best, two.Best)
		}
		if two.Proof != one.Proof {
			t.Errorf("%s: proof %q with 1 thread, %q with 2", fen, one.Proof, two.Proof)
		}
	}
	g := mustGame(t, rules.DefaultRules(), middlegame)
	for _, threads := range []int{2, 3} {
		r := mustSearcher(t, testConfig(3000, LeafPlayout), Material{}).SearchParallel(g, threads)
		if total := childVisits(r); r.Sims != 3000 || total != 2999 {
			t.Errorf("%d threads: %d sims, %d child visits; want 3000 and 2999", threads, r.Sims, total)
		}
	}
}

// TestZeroAllocationsPerSimulation: in steady state a search allocates only
// its Result (moves and PV), however many simulations it runs.
func TestZeroAllocationsPerSimulation(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counters allocate")
	}
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		cfg := testConfig(2000, leaf)
		cfg.ReuseTree = false
		s := mustSearcher(t, cfg, Material{})
		g := mustGame(t, cfg.Rules, middlegame)
		s.Search(g) // grow the arenas and buffers
		allocs := testing.AllocsPerRun(5, func() { s.Search(g) })
		if allocs > 2 {
			t.Errorf("%v: %.1f allocations per 2000-simulation search, want at most 2 (the Result)", leaf, allocs)
		}
	}
}

// cancellingEvaluator cancels a context after n evaluations; it is safe
// for the threads of SearchParallel to share.
type cancellingEvaluator struct {
	n      *atomic.Int64
	cancel func()
}

func (e cancellingEvaluator) Evaluate(p *rules.Position, moves []rules.Move, priors []float32) (float32, bool) {
	if e.n.Add(-1) == 0 {
		e.cancel()
	}
	return Material{}.Evaluate(p, moves, priors)
}

func TestSearchContextStopsEarly(t *testing.T) {
	g := mustGame(t, rules.DefaultRules(), middlegame)
	ctx, cancel := context.WithCancel(context.Background())
	var n atomic.Int64
	n.Store(100)
	s := mustSearcher(t, testConfig(100000, LeafValue), cancellingEvaluator{&n, cancel})
	r, err := s.SearchContext(ctx, g, 1)
	if !errors.Is(err, context.Canceled) || r.Sims >= 100000 || r.Sims < 100 {
		t.Fatalf("cancelled search: %d sims, error %v; want about 100 and context.Canceled", r.Sims, err)
	}
	if p := g.Position(); !p.IsLegal(r.Best) {
		t.Errorf("partial result's best %v is illegal", r.Best)
	}
	if _, err := s.SearchContext(ctx, g, 2); err == nil {
		t.Error("SearchContext with a done context returned no error")
	}
	// The cancellation does not leak into later searches.
	s.cfg.Sims = 500
	if r := s.Search(g); r.Sims != 500 {
		t.Errorf("search after a cancelled one ran %d sims, want 500", r.Sims)
	}
	if r, err := s.SearchContext(context.Background(), g, 2); err != nil || r.Sims != 500 {
		t.Errorf("uncancelled SearchContext: %d sims, %v", r.Sims, err)
	}
}

// TestSearchMoveAnswersAStopBeforeTheSearchBegan checks the player's call:
// a context done before the search began still gives a searched, legal
// move (with the context's error), and an unstopped one plays what Search
// and Choose would.
func TestSearchMoveAnswersAStopBeforeTheSearchBegan(t *testing.T) {
	g := mustGame(t, rules.DefaultRules(), middlegame)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := mustSearcher(t, testConfig(200, LeafValue), Material{})
	r, m, err := s.SearchMove(ctx, g, 1)
	if p := g.Position(); !errors.Is(err, context.Canceled) || r.Sims < 1 || !p.IsLegal(m) {
		t.Fatalf("stopped before it began: move %v after %d sims, error %v; want a legal move from at least 1 simulation and context.Canceled", m, r.Sims, err)
	}
	s.Reset(7)
	r, m, err = s.SearchMove(context.Background(), g, 1)
	s2 := mustSearcher(t, testConfig(200, LeafValue), Material{})
	s2.Reset(7)
	r2 := s2.Search(g)
	if m2 := s2.Choose(&r2, g.Ply()); err != nil || m != m2 || r.Sims != r2.Sims {
		t.Errorf("SearchMove played %v after %d sims (error %v); Search and Choose play %v after %d", m, r.Sims, err, m2, r2.Sims)
	}
}

// simsWatcher is Material that records the searcher's SimsDone at every
// evaluation, to see the count advance while the search runs.
type simsWatcher struct {
	s    **Searcher
	seen *atomic.Int64
}

func (e simsWatcher) Evaluate(p *rules.Position, moves []rules.Move, priors []float32) (float32, bool) {
	if n := int64((*e.s).SimsDone()); n > e.seen.Load() {
		e.seen.Store(n)
	}
	return Material{}.Evaluate(p, moves, priors)
}

// TestSimsDoneCountsTheSearchInProgress: SimsDone advances during a search
// (what a progress display polls) and ends at the simulations run, with one
// thread and with several.
func TestSimsDoneCountsTheSearchInProgress(t *testing.T) {
	g := mustGame(t, rules.DefaultRules(), middlegame)
	for _, threads := range []int{1, 2} {
		var s *Searcher
		var seen atomic.Int64
		s = mustSearcher(t, testConfig(3000, LeafValue), simsWatcher{&s, &seen})
		r := s.SearchParallel(g, threads)
		if got := s.SimsDone(); got != r.Sims {
			t.Errorf("threads %d: SimsDone %d after a search of %d sims", threads, got, r.Sims)
		}
		if n := seen.Load(); n < 1000 || n > int64(r.Sims) {
			t.Errorf("threads %d: the largest count seen during the search was %d of %d", threads, n, r.Sims)
		}
	}
}
