package game

import "slices"

// Course is what every keeper of a game in progress holds, whatever the
// game: its rules R, the position it started from and the position now
// (P), the moves played (M), the keys K of the positions since the last
// irreversible move, oldest first, the current one last (what a
// repetition compares), and its ending O. Line embeds it with the
// contract's hash keys and Outcome; the games' own Game types
// (rules.Game, alquerque.Game) embed it with their whole boards as keys
// and their own outcomes, unexported, so that whoever holds their Game
// reads it (Rules, Start, Position, Moves, Ply, Outcome, Occurrences)
// and changes it only by playing: they change it through Begin, Current,
// Advance and Settle.
type Course[R, P, M any, K comparable, O any] struct {
	rules   R
	start   P
	pos     P
	moves   []M
	history []K
	outcome O
}

// Rules returns the game's rules.
func (c *Course[R, P, M, K, O]) Rules() R { return c.rules }

// Start returns the position the game started from.
func (c *Course[R, P, M, K, O]) Start() P { return c.start }

// Position returns the current position.
func (c *Course[R, P, M, K, O]) Position() P { return c.pos }

// Moves returns the moves played so far; the caller must not modify it.
func (c *Course[R, P, M, K, O]) Moves() []M { return c.moves }

// Ply returns the number of moves played.
func (c *Course[R, P, M, K, O]) Ply() int { return len(c.moves) }

// Outcome returns the game's ending, as the game gives it.
func (c *Course[R, P, M, K, O]) Outcome() O { return c.outcome }

// Occurrences returns how often the current position (its key) has
// occurred since the last irreversible move, counting the current one.
func (c *Course[R, P, M, K, O]) Occurrences() int { return Occurrences(c.history) }

// Keys returns the keys of the positions since the last irreversible move,
// oldest first, the current one last; the caller must not modify it.
func (c *Course[R, P, M, K, O]) Keys() []K { return c.history }

// Begin starts c: a game under r from start, whose key is key, with no
// move played. Its outcome is Settle's.
func Begin[R, P, M any, K comparable, O any](c *Course[R, P, M, K, O], r R, start P, key K) {
	*c = Course[R, P, M, K, O]{rules: r, start: start, pos: start, history: []K{key}}
}

// Current returns the current position itself, for the game's own
// methods to read without a copy and to play a move on in place (then
// Advance).
func Current[R, P, M any, K comparable, O any](c *Course[R, P, M, K, O]) *P { return &c.pos }

// Advance records m, just played on the current position (in place), which
// now has the key key; irreversible (m was: a capture) restarts the keys.
// It returns the new position's occurrences, as Occurrences counts them,
// for the ending Settle records.
func Advance[R, P, M any, K comparable, O any](c *Course[R, P, M, K, O], m M, key K, irreversible bool) int {
	c.moves = append(c.moves, m)
	if irreversible {
		c.history = c.history[:0]
	}
	c.history = append(c.history, key)
	return Occurrences(c.history)
}

// Settle records the game's ending now, as the game judges it.
func Settle[R, P, M any, K comparable, O any](c *Course[R, P, M, K, O], o O) { c.outcome = o }

// Clone returns a copy of c whose moves and keys are its own.
func (c *Course[R, P, M, K, O]) Clone() Course[R, P, M, K, O] {
	d := *c
	d.moves = slices.Clone(c.moves)
	d.history = slices.Clone(c.history)
	return d
}
