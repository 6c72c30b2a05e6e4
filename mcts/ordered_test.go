package mcts

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// fallingPriors gives the i-th legal move the prior 1/(i+1): non-uniform
// priors, all different.
type fallingPriors struct{}

func (fallingPriors) Evaluate(p *rules.Position, moves []rules.Move, priors []float32) (float32, bool) {
	v, _ := Material{}.Evaluate(p, moves, nil)
	if priors == nil {
		return v, false
	}
	for i := range priors {
		priors[i] = 1 / float32(i+1)
	}
	return v, true
}

// checkOrderedTree walks the searched tree and checks orderedBit's contract
// on every expanded node: an ordered block has non-increasing priors and its
// visited children form a prefix. When check is set it also checks that
// stopping at the first unvisited child picks the same child as scanning the
// whole block, on the tree as the search left it.
func checkOrderedTree(t *testing.T, s *Searcher, check bool) (ordered, total int) {
	t.Helper()
	w := s.main
	w.begin()
	walkExpanded(s, func(nd *node, kids []node, depth int) {
		total++
		if nd.meta&orderedBit != 0 {
			ordered++
			seenUnvisited := false
			for k := range kids {
				if k > 0 && kids[k].prior > kids[k-1].prior {
					t.Fatalf("ordered node at depth %d: prior %d after %d", depth, kids[k].prior, kids[k-1].prior)
				}
				if kids[k].n == 0 {
					seenUnvisited = true
				} else if seenUnvisited {
					t.Fatalf("ordered node at depth %d: child %d visited after an unvisited one", depth, k)
				}
			}
			if check && metaProof(nd.meta) == ProofNone {
				early := w.selectChild(nd, kids, true, 0, 0)
				full := w.selectChild(nd, kids, false, 0, 0)
				if early != full {
					t.Fatalf("node at depth %d: early stop chose child %d, the full scan %d", depth, early, full)
				}
			}
		}
	})
	return ordered, total
}

// selectionCases are the evaluators and root noise under which the
// selection tests search trees: uniform priors (lazily shuffled blocks), a
// noised root (the one unordered block), priors that fall along the move
// list and priors that favour one move (both sorted at expansion).
var selectionCases = []struct {
	name  string
	ev    Evaluator
	noise float64
}{
	{"uniform", Material{}, 0},
	{"uniform+noise", Material{}, 0.25},
	{"falling-priors", fallingPriors{}, 0},
	{"unordered-priors", priorEvaluator{rules.NewMove(rules.MakeSquare(0, 1), rules.MakeSquare(0, 2), false)}, 0},
}

// selectionFENs are the positions searched for selectionCases: the start,
// a middlegame and an endgame that the solver settles quickly.
var selectionFENs = []string{rules.StartFEN, middlegame, "6/2b3/6/1r4/6/3r2 b 0 40"}

// TestEarlyStopChoosesAsFullScan: PUCT selection may stop at the first
// unvisited child of an ordered block (orderedBit) only because that never
// changes its choice; if it did, single-threaded searches would no longer
// repeat the ones recorded in datasets and findings.
func TestEarlyStopChoosesAsFullScan(t *testing.T) {
	for _, tc := range selectionCases {
		for _, fen := range selectionFENs {
			t.Run(fmt.Sprintf("%s/%s", tc.name, fen), func(t *testing.T) {
				cfg := testConfig(3000, LeafValue)
				cfg.NoiseWeight = tc.noise
				s := mustSearcher(t, cfg, tc.ev)
				s.Search(mustGame(t, cfg.Rules, fen))
				ordered, total := checkOrderedTree(t, s, true)
				if ordered < total-1 {
					t.Errorf("%d of %d nodes ordered, want all but at most the noised root", ordered, total)
				}
				if tc.noise > 0 && s.arenas[s.cur].node(s.root).meta&orderedBit != 0 {
					t.Error("the noised root still claims ordered priors")
				}
			})
		}
	}
}

// TestParallelSearchKeepsVisitedPrefix: tree-parallel threads also only
// ever enter the first unvisited child of an ordered block, so the contract
// holds after a 2-thread search too.
func TestParallelSearchKeepsVisitedPrefix(t *testing.T) {
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		cfg := testConfig(4000, leaf)
		s := mustSearcher(t, cfg, Material{})
		s.SearchParallel(mustGame(t, cfg.Rules, middlegame), 2)
		if ordered, total := checkOrderedTree(t, s, false); ordered != total {
			t.Errorf("%v: %d of %d nodes ordered after a parallel search with uniform priors", leaf, ordered, total)
		}
		// The threads cannot swap children in place: every block of the
		// tree, the root expanded by one thread included, is shuffled whole.
		lazy := 0
		walkExpanded(s, func(nd *node, _ []node, _ int) {
			if nd.meta&lazyBit != 0 {
				lazy++
			}
		})
		if lazy != 0 {
			t.Errorf("%v: %d blocks still lazily shuffled after a parallel search", leaf, lazy)
		}
	}
}

// TestParallelSearchLosesNoVisits: after a tree-parallel search every
// pending count kept per thread (root children, busy blocks) has reached the
// tree, and no node was evaluated twice: an open node was entered once by
// the simulation that expanded it (a thread that finds a node being
// expanded waits for its children) and otherwise only on the way to a
// child, whose value sums mirror its own. A lost or doubled flush, or a
// doubled evaluation, breaks that.
func TestParallelSearchLosesNoVisits(t *testing.T) {
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		for _, threads := range []int{2, 3} {
			cfg := testConfig(6000, leaf)
			s := mustSearcher(t, cfg, Material{})
			s.SearchParallel(mustGame(t, cfg.Rules, middlegame), threads)
			hot := 0
			walkExpanded(s, func(nd *node, kids []node, _ int) {
				sum, wsum := 0, int64(0)
				for k := range kids {
					sum += int(kids[k].n)
					wsum += kids[k].w
				}
				if nd.n >= hotVisits {
					hot++
				}
				if metaProof(nd.meta) != ProofNone {
					return
				}
				stops := int(nd.n) - sum
				if stops != 1 {
					t.Fatalf("%v, %d threads: node with %d visits, its children %d: %d simulations stopped there, want 1",
						leaf, threads, nd.n, sum, stops)
				}
				// Each simulation through a child added the negation of
				// what it added to the child (values are from the mover's
				// view); only the expansion adds a value of its own.
				if d := nd.w + wsum; d < -valueScale || d > valueScale {
					t.Fatalf("%v, %d threads: node value sum %d, its children %d: differ by more than one evaluation: a value or virtual loss went missing",
						leaf, threads, nd.w, wsum)
				}
			})
			if hot < 5 {
				t.Errorf("%v, %d threads: only %d hot nodes, so the pending counts were hardly used", leaf, threads, hot)
			}
			for _, w := range append([]*worker[rules.Rules, rules.Position, rules.Move]{s.main}, s.helpers...) {
				if w.nslots != 0 || w.rootN != 0 || w.rootW != 0 {
					t.Errorf("%v, %d threads: a worker kept pending counts after the search", leaf, threads)
				}
			}
		}
	}
}

// TestPendingSelectionMatchesTree: a thread's pending counts must weigh in
// selection exactly as if they were in the tree. At every node of searched
// trees (uniform, noised, falling and out-of-order priors; solved nodes
// included) a random part of each child's visits and value sum, and of the
// node's own, is moved into a slot and the pending arguments, and
// selectPending on the rest must choose what selectChild chooses on the
// whole. It fails if selectPending drops, misplaces or double-counts
// pending counts, or scores children differently from selectChild.
func TestPendingSelectionMatchesTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, tc := range selectionCases {
		for _, fen := range selectionFENs {
			cfg := testConfig(3000, LeafValue)
			cfg.NoiseWeight = tc.noise
			s := mustSearcher(t, cfg, tc.ev)
			s.Search(mustGame(t, cfg.Rules, fen))
			w := s.main
			sl := newBlockSlot(rules.MaxMoves)
			checked := 0
			walkExpanded(s, func(nd *node, kids []node, _ int) {
				ordered := nd.meta&orderedBit != 0
				want := w.selectChild(nd, kids, ordered, 0, 0)
				rest := slices.Clone(kids)
				for k := range rest {
					sl.n[k] = rng.Int32N(rest[k].n + 1)
					sl.w[k] = rng.Int64N(2*valueScale+1) - valueScale
					rest[k].n -= sl.n[k]
					rest[k].w -= sl.w[k]
				}
				ndRest := *nd
				pendN := rng.Int32N(nd.n + 1)
				pendW := rng.Int64N(2*valueScale+1) - valueScale
				ndRest.n -= pendN
				ndRest.w -= pendW
				if got := w.selectPending(&ndRest, rest, ordered, &sl, pendN, pendW); got != want {
					t.Fatalf("%s/%s: node with %d visits: with pending counts the choice is %d, from the tree %d", tc.name, fen, nd.n, got, want)
				}
				checked++
			})
			if checked < 10 {
				t.Fatalf("%s/%s: only %d nodes checked", tc.name, fen, checked)
			}
		}
	}
}

// walkExpanded calls fn with every expanded node of s's tree, its children
// and its depth (the root's is 0), parents before children.
func walkExpanded(s *Searcher, fn func(nd *node, kids []node, depth int)) {
	a := s.arenas[s.cur]
	var walk func(idx int32, depth int)
	walk = func(idx int32, depth int) {
		nd := a.node(idx)
		if nd.first <= 0 {
			return
		}
		kids := a.block(nd.first, int(nd.meta&kidsMask))
		fn(nd, kids, depth)
		for k := range kids {
			walk(nd.first+int32(k), depth+1)
		}
	}
	walk(s.root, 0)
}
