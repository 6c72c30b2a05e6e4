package mcts

import (
	"cmp"
	"math"
	"slices"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// ResultOf is what a search of a game with moves M found at its root
// position.
type ResultOf[M game.Move] struct {
	// Best is the move the search recommends: the shortest proven win if
	// there is one, else the most visited move not proven to lose, else
	// (every move proven to lose) the longest proven loss. NoMove (the
	// zero move) when the game is already over.
	Best M
	// Value is the root's value for its side to move: exact when proven,
	// else the mean of all simulations through the root.
	Value float64
	// Moves holds every legal move of the root, sorted by visits (most
	// first), then by value (highest first), then in the order of the
	// root's children, which the search shuffles with its seeded generator
	// (so equal moves come in no preferred order, and a position and its
	// image under rules.Rotate list their moves in the same order). Best
	// need not come first (a proven win found late may have few visits).
	Moves []MoveStatOf[M]
	// PV is the principal variation from the root: Best, then at each node
	// the move Best's rule picks there, while the tree knows the reply.
	PV []M
	// Sims is the number of simulations this search ran: Config.Sims, or
	// fewer if the root was proven first (a won root once no open move can
	// win sooner than its shortest proven win). A root proven at its expansion
	// (a capture that wins at once) leaves every move with 0 visits; self-
	// play should then take Best, not the visit counts, as its target.
	Sims int
	// Nodes is the number of node slots the tree occupies after the search.
	Nodes int
	// Proof is the root's proven result for its side to move.
	Proof Proof
	// Distance is the number of plies from the root position to the end of
	// the game along the proof (the winner's shortest proven win, the
	// loser's longest proven loss); 0 unless Proof is a win or a loss. A
	// search that ran out of simulations while looking for a shorter win
	// reports the shortest found.
	Distance int
	// Table is the endgame tables' verdict on the root (the searcher's
	// oracle), nil when they do not cover it, and TableMove their best
	// move. Best is then TableMove, unless that move would end the game
	// by repetition.
	Table     *game.Exact
	TableMove M
}

// Result is Surakarta's ResultOf.
type Result = ResultOf[rules.Move]

// MoveStat is Surakarta's MoveStatOf.
type MoveStat = MoveStatOf[rules.Move]

// MoveStatOf is one root move's statistics.
type MoveStatOf[M game.Move] struct {
	Move M
	// Visits counts the simulations through the move, including those of
	// earlier searches whose tree was reused.
	Visits int
	// Value is the move's mean value for the player who plays it: exact
	// when proven, 0 when unvisited.
	Value float64
	// Proof is the proven result of playing the move, for the player who
	// plays it.
	Proof Proof
	// Distance is the number of plies from the root position to the end of
	// the game along the move's proof, the move included ("win in
	// Distance"); 0 unless Proof is a win or a loss.
	Distance int
}

// qOf returns a node's mean value for its mover: exact when proven.
func qOf(nd *node) float64 {
	if pr := metaProof(nd.meta); pr != ProofNone {
		return pr.Value()
	}
	if nd.n == 0 {
		return 0
	}
	return float64(nd.w) / valueScale / float64(nd.n)
}

// bestChild returns the index among kids of the move to play: the
// shortest proven win, else the most visited move not proven to lose, else
// the longest proven loss; ties go to the more visited, then to the higher
// value, then to the earlier move.
func bestChild(kids []node) int {
	// rank orders the kinds of move, best first: a proven win, a move not
	// proven to lose, a proven loss; within a kind, dist orders proven
	// moves (higher is better).
	rank := func(c *node) (int, int) {
		switch metaProof(c.meta) {
		case ProofWin:
			return 2, -metaDist(c.meta)
		case ProofLoss:
			return 0, metaDist(c.meta)
		}
		return 1, 0
	}
	best := 0
	for k := 1; k < len(kids); k++ {
		c, b := &kids[k], &kids[best]
		rc, dc := rank(c)
		rb, db := rank(b)
		if rc != rb || dc != db {
			if rc > rb || rc == rb && dc > db {
				best = k
			}
			continue
		}
		if c.n != b.n {
			if c.n > b.n {
				best = k
			}
			continue
		}
		if qOf(c) > qOf(b) {
			best = k
		}
	}
	return best
}

// moveDistance returns the plies from the parent's position to the end of
// the game along the proof of the move into c, or 0 for a move not proven
// won or lost.
func moveDistance(c *node) int {
	switch metaProof(c.meta) {
	case ProofWin, ProofLoss:
		return metaDist(c.meta) + 1
	}
	return 0
}

// rootProof returns the proof of the root (from its mover's view, as
// nodes hold it) and its distance; a refining root (refineBit) is lost for
// its mover at its shortest proven win.
func rootProof(root *node, kids []node) (Proof, int) {
	pr, dist := metaProof(root.meta), metaDist(root.meta)
	if pr == ProofNone && root.meta&refineBit != 0 {
		pr, dist = ProofLoss, MaxDistance
		for k := range kids {
			if metaProof(kids[k].meta) == ProofWin {
				dist = min(dist, moveDistance(&kids[k]))
			}
		}
	}
	if pr == ProofDraw {
		dist = 0
	}
	return pr, dist
}

// maxPV bounds the principal variation's length.
const maxPV = 64

func (s *SearcherOf[G, P, M]) result(sims int) ResultOf[M] {
	a := s.arenas[s.cur]
	root := a.node(s.root)
	kids := a.block(root.first, int(root.meta&kidsMask))
	r := ResultOf[M]{Sims: sims, Nodes: a.used() - 1, Moves: make([]MoveStatOf[M], len(kids))}
	for k := range kids {
		c := &kids[k]
		r.Moves[k] = MoveStatOf[M]{Move: M(c.move), Visits: int(c.n), Value: qOf(c), Proof: metaProof(c.meta), Distance: moveDistance(c)}
	}
	pr, dist := rootProof(root, kids)
	r.Proof, r.Distance = pr.Flip(), dist
	switch {
	case r.Proof != ProofNone:
		r.Value = r.Proof.Value()
	case root.n > 0:
		r.Value = -float64(root.w) / valueScale / float64(root.n)
	}
	for idx := s.root; len(r.PV) < maxPV; {
		nd := a.node(idx)
		if nd.first <= 0 {
			break
		}
		kids := a.block(nd.first, int(nd.meta&kidsMask))
		k := bestChild(kids)
		if kids[k].n == 0 && metaProof(kids[k].meta) == ProofNone {
			break
		}
		if r.PV == nil {
			r.PV = make([]M, 0, 16)
		}
		r.PV = append(r.PV, M(kids[k].move))
		idx = nd.first + int32(k)
	}
	r.Best = M(kids[bestChild(kids)].move)
	slices.SortStableFunc(r.Moves, func(x, y MoveStatOf[M]) int {
		if c := cmp.Compare(y.Visits, x.Visits); c != 0 {
			return c
		}
		return cmp.Compare(y.Value, x.Value)
	})
	return r
}

// Choose returns the move to play from r at game ply ply (0 for the game's
// first move). A proven winning move is played at once (r.Best, the
// shortest), and when every move is proven to lose, r.Best (the longest
// loss); so is the endgame tables' move (r.TableMove). For ply < Config.TemperaturePlies it samples among the moves not
// proven to lose with probability proportional to
// visits^(1/Temperature), drawing from the searcher's generator; otherwise
// it returns r.Best. It returns NoMove when r has no moves.
func (s *SearcherOf[G, P, M]) Choose(r *ResultOf[M], ply int) M {
	if len(r.Moves) == 0 || ply >= s.cfg.TemperaturePlies || r.Table != nil && r.Best == r.TableMove {
		return r.Best
	}
	allLose := true
	maxV := 0
	for _, ms := range r.Moves {
		if ms.Proof == ProofWin {
			return r.Best
		}
		if ms.Proof != ProofLoss {
			allLose = false
		}
	}
	if allLose {
		return r.Best
	}
	eligible := func(ms *MoveStatOf[M]) bool { return ms.Proof != ProofLoss }
	for i := range r.Moves {
		if eligible(&r.Moves[i]) && r.Moves[i].Visits > maxV {
			maxV = r.Moves[i].Visits
		}
	}
	if maxV == 0 {
		return r.Best
	}
	inv := 1 / s.cfg.Temperature
	weight := func(ms *MoveStatOf[M]) float64 {
		if !eligible(ms) || ms.Visits == 0 {
			return 0
		}
		return math.Pow(float64(ms.Visits)/float64(maxV), inv)
	}
	total := 0.0
	for i := range r.Moves {
		total += weight(&r.Moves[i])
	}
	x := s.main.rng.Float64() * total
	last := r.Best
	for i := range r.Moves {
		wt := weight(&r.Moves[i])
		if wt == 0 {
			continue
		}
		last = r.Moves[i].Move
		if x < wt {
			return last
		}
		x -= wt
	}
	return last // rounding left x just above the last weight
}
