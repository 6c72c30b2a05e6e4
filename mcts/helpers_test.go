package mcts

import (
	"iter"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// afterEachMove yields the game after each legal move of g, in move
// generation order.
func afterEachMove(g *rules.Game) iter.Seq2[rules.Move, *rules.Game] {
	return func(yield func(rules.Move, *rules.Game) bool) {
		var buf [rules.MaxMoves]rules.Move
		for _, m := range g.LegalMoves(buf[:0]) {
			c := g.Clone()
			if err := c.Play(m); err != nil {
				panic(err)
			}
			if !yield(m, c) {
				return
			}
		}
	}
}

// bruteWin reports whether the side to move in g forces a win within d
// plies, by exhaustive search over rules.Game (the reference for the
// solver tests: it shares no code with the search).
func bruteWin(g *rules.Game, d int) bool {
	if g.IsTerminal() || d <= 0 {
		return false
	}
	for _, c := range afterEachMove(g) {
		if c.IsTerminal() {
			if c.Outcome().Return(g.CurrentPlayer()) == 1 {
				return true
			}
		} else if bruteLoss(c, d-1) {
			return true
		}
	}
	return false
}

// bruteLoss reports whether the side to move in g loses by force within d
// plies.
func bruteLoss(g *rules.Game, d int) bool {
	if g.IsTerminal() {
		return g.Outcome().Return(g.CurrentPlayer()) == -1
	}
	if d <= 0 {
		return false
	}
	for _, c := range afterEachMove(g) {
		if c.IsTerminal() {
			if c.Outcome().Return(g.CurrentPlayer()) != -1 {
				return false
			}
		} else if !bruteWin(c, d-1) {
			return false
		}
	}
	return true
}

// winDistance returns the number of plies in which the side to move in g
// wins with the shortest win against the longest defence (the least d for
// which bruteWin holds), or -1 if it forces no win within max plies.
func winDistance(g *rules.Game, max int) int {
	for d := 1; d <= max; d++ {
		if bruteWin(g, d) {
			return d
		}
	}
	return -1
}

// lossDistance returns the number of plies in which the side to move in g
// loses against the shortest win with its longest defence (the least d for
// which bruteLoss holds), or -1 if it is not lost within max plies.
func lossDistance(g *rules.Game, max int) int {
	for d := 0; d <= max; d++ {
		if bruteLoss(g, d) {
			return d
		}
	}
	return -1
}

func mustGame(t testing.TB, r rules.Rules, fen string, moves ...string) *rules.Game {
	t.Helper()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	g, err := rules.NewGame(r, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if _, err := g.PlayString(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return g
}

func mustSearcher(t testing.TB, cfg Config, ev Evaluator) *Searcher {
	t.Helper()
	s, err := NewSearcher(cfg, ev)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// childVisits is the visits of a search's root moves together: one less
// than its sims when its tree started afresh (the first sim expands the
// root).
func childVisits(r Result) int {
	n := 0
	for _, ms := range r.Moves {
		n += ms.Visits
	}
	return n
}

// testConfig is DefaultConfig with sims simulations and a small tree.
func testConfig(sims int, leaf LeafMode) Config {
	c := DefaultConfig()
	c.Sims = sims
	c.Leaf = leaf
	c.MaxNodes = 1 << 20
	return c
}

// player picks a move in g; nil means uniformly random.
type player func(g *rules.Game) rules.Move

// enginePlayer plays s's choice after a search on threads threads.
func enginePlayer(s *Searcher, threads int) player {
	return func(g *rules.Game) rules.Move {
		r := s.SearchParallel(g, threads)
		return s.Choose(&r, g.Ply())
	}
}

func randomPlayer(rng *RNG) player {
	return func(g *rules.Game) rules.Move {
		var buf [rules.MaxMoves]rules.Move
		moves := g.LegalMoves(buf[:0])
		return moves[rng.IntN(len(moves))]
	}
}

// playGame plays red against black from the start and returns the game.
func playGame(t testing.TB, r rules.Rules, red, black player) *rules.Game {
	g, err := rules.NewGame(r, rules.Start())
	if err != nil {
		t.Fatal(err)
	}
	for !g.IsTerminal() {
		p := red
		if g.CurrentPlayer() == rules.Black {
			p = black
		}
		if err := g.Play(p(g)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func moveStat(r *Result, m rules.Move) MoveStat {
	for _, ms := range r.Moves {
		if ms.Move == m {
			return ms
		}
	}
	return MoveStat{}
}
