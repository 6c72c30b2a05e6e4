package mcts

import (
	"reflect"
	"slices"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// priorCounter counts an evaluator's calls: expansions (Evaluate) and the
// priors asked for, at expansion (Evaluate with priors) or later
// (FillPriors).
type priorCounter struct {
	capturePriors
	evaluations, priors int
}

func (c *priorCounter) Evaluate(p *rules.Position, moves []rules.Move, priors []float32) (float32, bool) {
	c.evaluations++
	if priors != nil {
		c.priors++
	}
	return c.capturePriors.Evaluate(p, moves, priors)
}

func (c *priorCounter) FillPriors(p *rules.Position, moves []rules.Move, priors []float32) bool {
	c.priors++
	return c.capturePriors.FillPriors(p, moves, priors)
}

// TestLazyPriorsSearchAsEagerOnes: computing a node's priors when the
// search first selects among its children (PriorFiller) instead of at its
// expansion changes no result: over random games with playout and value
// leaves, noise, solver on and off, tree reuse and temperature sampling,
// every search gives the same Result and Choose the same move, and the
// trees are identical node for node once the pending blocks are filled
// (what a parallel search does first). The golden searches, whose priors
// are lazy too, pin the same thing against the recorded digest.
func TestLazyPriorsSearchAsEagerOnes(t *testing.T) {
	r := rules.Rules{Variant: rules.Standard, NoCaptureLimit: 50, Repetition: 3}
	positions := 0
	lazyEvals, lazyPriors := 0, 0
	for si, st := range symmetrySettings(64) {
		if _, ok := st.ev.(capturePriors); !ok {
			continue
		}
		for gi := range 2 {
			cfg := st.cfg
			cfg.Rules, cfg.Seed = r, uint64(1000*si+gi)
			counter := &priorCounter{}
			eager := mustSearcher(t, cfg, eagerPriors{capturePriors{}})
			lazy := mustSearcher(t, cfg, counter)
			rng := NewRNG(uint64(gi))
			symmetryGame(t, r, &rng, 60, func(g *rules.Game) {
				if g.Ply()%3 != 0 {
					return
				}
				positions++
				re, rl := eager.Search(g), lazy.Search(g)
				if !reflect.DeepEqual(re, rl) {
					t.Fatalf("%s game %d ply %d: lazy priors gave\n%+v\nwant the eager search's\n%+v", st.name, gi, g.Ply(), rl, re)
				}
				if me, ml := eager.Choose(&re, g.Ply()), lazy.Choose(&rl, g.Ply()); me != ml {
					t.Fatalf("%s game %d ply %d: Choose picked %v with lazy priors, %v with eager ones", st.name, gi, g.Ply(), ml, me)
				}
				if g.Ply()%9 == 0 {
					sameTrees(t, eager, lazy)
				}
			})
			lazyEvals += counter.evaluations
			lazyPriors += counter.priors
		}
	}
	if positions == 0 || lazyPriors >= lazyEvals {
		t.Fatalf("%d positions, %d of %d expansions asked for priors: the test did not exercise lazy priors", positions, lazyPriors, lazyEvals)
	}
	t.Logf("%d positions searched both ways; lazily, %d of %d expansions (%.0f%%) needed their priors", positions, lazyPriors, lazyEvals, 100*float64(lazyPriors)/float64(lazyEvals))
}

// sameTrees fills the pending priors of b's tree as a parallel search
// does (settleTree; a's has none) and fails unless both trees hold the
// same nodes.
func sameTrees(t *testing.T, a, b *Searcher) {
	t.Helper()
	a.settleTree()
	b.settleTree()
	var na, nb []node
	walkTree(a, func(nd *node) { na = append(na, *nd) })
	walkTree(b, func(nd *node) { nb = append(nb, *nd) })
	if len(na) != len(nb) {
		t.Fatalf("trees of %d and %d expanded nodes", len(na), len(nb))
	}
	for i := range na {
		ka := a.arenas[a.cur].block(na[i].first, int(na[i].meta&kidsMask))
		kb := b.arenas[b.cur].block(nb[i].first, int(nb[i].meta&kidsMask))
		if na[i] != nb[i] || !slices.Equal(ka, kb) {
			t.Fatalf("expanded node %d: %+v and children %+v with lazy priors filled, %+v and %+v eager", i, nb[i], kb, na[i], ka)
		}
	}
}

// TestParallelSearchFillsPendingPriors: a tree grown on one thread with
// lazy priors, searched on by two threads, has every block's priors filled
// and ordered before the threads start (they never fill priors).
func TestParallelSearchFillsPendingPriors(t *testing.T) {
	cfg := testConfig(3000, LeafValue)
	s := mustSearcher(t, cfg, capturePriors{})
	g := mustGame(t, cfg.Rules, middlegame)
	s.Search(g)
	pending := 0
	walkTree(s, func(nd *node) {
		if nd.meta&priorsBit != 0 {
			pending++
		}
	})
	if pending == 0 {
		t.Fatal("the single-threaded search left no priors pending: the test does not exercise the fill")
	}
	s.settleTree()
	walkTree(s, func(nd *node) {
		if nd.meta&priorsBit != 0 {
			t.Fatal("a block still has pending priors after settleTree")
		}
	})
	if r := s.SearchParallel(g, 2); r.Sims != cfg.Sims {
		t.Errorf("the parallel search ran %d sims, want %d", r.Sims, cfg.Sims)
	}
}

// walkTree calls f on every expanded node of s's live tree.
func walkTree(s *Searcher, f func(nd *node)) {
	a := s.arenas[s.cur]
	stack := []int32{s.root}
	for len(stack) > 0 {
		nd := a.node(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		if nd.first <= 0 {
			continue
		}
		f(nd)
		for k := range int(nd.meta & kidsMask) {
			stack = append(stack, nd.first+int32(k))
		}
	}
}
