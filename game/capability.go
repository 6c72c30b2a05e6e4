package game

import "fmt"

// Optional capabilities. A game (or, for Oracle, a value given to the
// search beside the game) may implement these; a user looks each up once,
// with a type assertion on a pointer to its game value when it is built (a
// searcher, a runner), and keeps the result: never per node or per move.
// (On a pointer, so that a game may give its capabilities pointer
// receivers, which an interface then calls without copying the value.)

// Forcing is a game with moves a playout should prefer: Surakarta's and
// Alquerque's captures. ForcingMoves appends to buf[:0] the forcing moves
// among moves (p's legal moves, as Moves listed them), in their order,
// and returns the result (empty when there are none); buf has room for
// len(moves).
type Forcing[P any, M Move] interface {
	ForcingMoves(p *P, moves []M, buf []M) []M
}

// Decisive is a game that can tell, before playing them, moves that end
// the game at once in the mover's favour, so that a search proves them won
// without visiting them. Decisive reports whether p may have such moves
// (a cheap test, made at every expansion: Surakarta's "the opponent has a
// single piece left"); when it does, WinsAtOnce says which of p's legal
// moves do.
type Decisive[P any, M Move] interface {
	Decisive(p *P) bool
	WinsAtOnce(p *P, m M) bool
}

// Exact is an exact value of a position for its player to move: Score +1
// (won), 0 (drawn) or -1 (lost) under best play, and Plies, the plies to
// the end of the game along it (the winner's shortest win, the loser's
// longest loss; 0 for a draw, whose end best play does not fix). It is
// the one verdict of the endgame tables: what an Oracle answers, what
// the tables store and probe, what a search reports of its root.
type Exact struct {
	Score int8
	Plies int
}

// Result names the value for the player to move: "win", "draw" or
// "loss".
func (e Exact) Result() string {
	switch {
	case e.Score > 0:
		return "win"
	case e.Score < 0:
		return "loss"
	}
	return "draw"
}

// String returns e.g. "win in 7 plies", "loss in 1 ply" or "draw".
func (e Exact) String() string {
	switch {
	case e.Score == 0:
		return "draw"
	case e.Plies == 1:
		return e.Result() + " in 1 ply"
	}
	return fmt.Sprintf("%s in %d plies", e.Result(), e.Plies)
}

// Oracle is an exact source of values for some positions of a game, such
// as endgame tables: given to a search beside the game (package mcts), it
// proves the positions it covers without searching them. It is read-only
// and safe for concurrent use; its values ignore repetition with the
// game's earlier history, as tables do.
type Oracle[P any, M Move] interface {
	// Probe returns p's exact value and whether the oracle covers p.
	Probe(p *P) (Exact, bool)
	// Best returns p's exact value and a move that keeps it (NoMove when
	// p has no legal move), and whether the oracle covers p.
	Best(p *P) (Exact, M, bool)
}

// Turns is a game whose turns may hold several decisions: after Apply the
// same player may be to move again (Growths: grow each group, place,
// move groups, in one turn). Alternating reports whether every move of
// this game, under its settings, passes the turn to the other player. A
// game that does not implement Turns alternates. A user that relies on
// alternation (package mcts's sign conventions) looks this up once and
// refuses a game that does not alternate.
type Turns interface {
	Alternating() bool
}

// OpeningOrder is a game whose random openings draw each ply from a list
// other than Moves': Surakarta's datasets have drawn from its moves in
// square order since before moves were listed in the mover's frame, and
// the same seed must keep giving the same openings. OpeningMoves appends
// p's legal moves to buf[:0] in that order. A game without it draws from
// Moves.
type OpeningOrder[P any, M Move] interface {
	OpeningMoves(p *P, buf []M) []M
}
