package game

import (
	"fmt"
	"slices"
)

// Line is a game in progress by any game's rules, as the players of a
// match, the engine protocol and the commands keep it: the rules, the
// position it started from, the moves played, the position now, the keys
// since the last irreversible move and the ending Judge gives. It is a
// Record, so a search reads it directly. Play checks each move against
// the rules (the referee of a match); a Line belongs to one goroutine.
type Line[G Game[P, M], P any, M Move] struct {
	course[G, P, M]
	legal []M // scratch: the legal moves Play checks against
}

// course is a Line's Course: the contract's hash keys and Outcome. Its
// methods (Rules, Start, Position, Moves, Ply, Outcome) are the Line's.
type course[G Game[P, M], P any, M Move] = Course[G, P, M, uint64, Outcome]

// NewLine starts a game under g from start (a position the caller has
// checked, as the game's parser does), judging start itself: a position
// whose side to move has no legal move is already over.
func NewLine[G Game[P, M], P any, M Move](g G, start P) (*Line[G, P, M], error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	l := &Line[G, P, M]{legal: make([]M, 0, g.MaxMoves())}
	Begin(&l.course, g, start, g.Key(&start))
	l.outcome = g.Judge(&l.pos, len(g.Moves(&l.pos, l.legal)) > 0, 1)
	return l, nil
}

// ToMove returns the player whose turn it is.
func (l *Line[G, P, M]) ToMove() Player { return l.rules.ToMove(&l.pos) }

// IsTerminal reports whether the game is over.
func (l *Line[G, P, M]) IsTerminal() bool { return l.outcome.IsTerminal() }

// History appends to dst[:0] the keys of the positions since the last
// irreversible move, oldest first, the current one last (Record).
func (l *Line[G, P, M]) History(dst []uint64) []uint64 {
	return append(dst[:0], l.history...)
}

// LegalMoves appends the current position's legal moves to buf[:0].
func (l *Line[G, P, M]) LegalMoves(buf []M) []M { return l.rules.Moves(&l.pos, buf) }

// Play plays m, refusing it when the game is over or m is not one of the
// current position's legal moves.
func (l *Line[G, P, M]) Play(m M) error {
	if l.IsTerminal() {
		return fmt.Errorf("game is over (%s): no more moves", OutcomeText(l.rules, l.outcome))
	}
	l.legal = l.rules.Moves(&l.pos, l.legal)
	if !slices.Contains(l.legal, m) {
		return fmt.Errorf("illegal move (code %d) in %s", uint16(m), l.rules.FormatPosition(&l.pos))
	}
	l.play(m)
	return nil
}

// PlayString plays the move s names in the game's notation.
func (l *Line[G, P, M]) PlayString(s string) (M, error) {
	if l.IsTerminal() {
		return NoMove[M](), fmt.Errorf("game is over (%s): no more moves", OutcomeText(l.rules, l.outcome))
	}
	m, err := l.rules.ParseMove(&l.pos, s)
	if err != nil {
		return m, err
	}
	l.play(m)
	return m, nil
}

// PlayStrings plays moves in the game's notation, one after another; the
// error names the move by its place in the list and its text ("move 2
// \"b2-c3\": ...").
func (l *Line[G, P, M]) PlayStrings(moves []string) error {
	for i, s := range moves {
		if l.IsTerminal() {
			return fmt.Errorf("move %d %q: the game is already over (%s)", i+1, s, OutcomeText(l.rules, l.outcome))
		}
		if _, err := l.PlayString(s); err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
	}
	return nil
}

// play plays m, a legal move of a game not over, and judges the new
// position.
func (l *Line[G, P, M]) play(m M) {
	key, irreversible := l.rules.Apply(&l.pos, m)
	n := Advance(&l.course, m, key, irreversible)
	l.legal = l.rules.Moves(&l.pos, l.legal)
	l.outcome = l.rules.Judge(&l.pos, len(l.legal) > 0, n)
}

// Clone returns an independent copy of the game.
func (l *Line[G, P, M]) Clone() *Line[G, P, M] {
	return &Line[G, P, M]{course: l.course.Clone(), legal: make([]M, 0, cap(l.legal))}
}

// PlayRandomPlies plays up to k plies, each drawn with draw(n) (a number
// in 0..n-1) among the legal moves in the game's opening order
// (OpeningOrder, else Moves'), stopping early if the game ends, and
// returns the number of plies played.
func (l *Line[G, P, M]) PlayRandomPlies(k int, draw func(n int) int) int {
	list := l.rules.Moves
	if o, ok := any(&l.rules).(OpeningOrder[P, M]); ok {
		list = o.OpeningMoves
	}
	played := 0
	for ; played < k && !l.IsTerminal(); played++ {
		l.legal = list(&l.pos, l.legal)
		l.play(l.legal[draw(len(l.legal))])
	}
	return played
}
