package game

import "fmt"

// Move is the constraint on a game's move type: a 16-bit code the game
// defines (see the package documentation). The zero code is NoMove.
type Move interface{ ~uint16 }

// Game is a game's rules under its settings, as everything above the rules
// reads them. P is the position type (a value: copying it copies the game
// state); M the move type. Its methods are called with pointers to
// positions the caller owns; none keeps the pointer, and none but Apply
// changes the position. Methods that take a move take one of p's legal
// moves (from Moves or ParseMove) unless they say otherwise: passing
// another is a programmer error, which they need not check.
//
// A search (package mcts) needs P comparable as well: equal values are the
// same game state, counters included (it compares the start positions of
// the games it continues). Bitboards and counters are.
//
// A value of a type implementing Game carries the game's settings (the
// rules variant, limits): two values play the same game exactly when they
// are equal (==) and when their String is equal.
type Game[P any, M Move] interface {
	// Name is the game's name as commands, file names and dataset
	// columns spell it: lower case letters, e.g. "surakarta".
	Name() string
	// String is the rules string: the settings in the form the game's
	// rules parser reads back, e.g.
	// "variant=standard,no-capture-limit=50,repetition=3,no-moves=loss".
	String() string
	// Validate reports settings out of range, naming the setting.
	Validate() error

	// Start returns the starting position.
	Start() P
	// MaxMoves bounds the number of legal moves of any position: a
	// buffer of this capacity never grows in Moves.
	MaxMoves() int
	// Moves appends p's legal moves to buf[:0] and returns the result, in
	// the mover's frame (package documentation), distinct codes, none of
	// them NoMove. It is empty only when the side to move has no legal
	// move. It does not look at the ending rules: a position over by the
	// ply limit or repetition still lists its moves (Judge decides).
	Moves(p *P, buf []M) []M
	// Apply plays m on p in place. It returns p's new Key and whether m
	// was irreversible: after it no earlier position of the game can occur
	// again, so repetition counts restart and the ply limit's counter
	// starts from 0 (Surakarta's and Alquerque's captures, Growths'
	// placements). The key comes back with the move because a search
	// needs both at every step.
	Apply(p *P, m M) (key uint64, irreversible bool)
	// Key returns the 64-bit hash of what a repetition compares: the board
	// and the player to move, not the counters. Positions that count as
	// the same for repetition have equal keys; the same position has the
	// same key in every process.
	Key(p *P) uint64
	// ToMove returns the player whose turn it is.
	ToMove(p *P) Player
	// Judge returns the ending of p, a position reached in a game (or its
	// first position), by the game's rules: hasMoves is whether Moves(p)
	// is non-empty, occurrences how often p's key has occurred since the
	// last irreversible move, p included (1 when new). A position whose
	// side to move has no legal move is over (the game decides who won).
	// The Outcome's Result is Ongoing while the game goes on.
	Judge(p *P, hasMoves bool, occurrences int) Outcome
	// ReasonName returns the name of an ending reason Judge gives, e.g.
	// "repetition" ("" for NotOver).
	ReasonName(r Reason) string
	// PlayerName returns a player's name in this game, e.g. "red".
	PlayerName(pl Player) string

	// ParsePosition parses a position in the game's text form (for
	// Surakarta, FEN), checking it: the error says what is wrong.
	ParsePosition(s string) (P, error)
	// FormatPosition returns p's text form, which ParsePosition reads back
	// to a position with the same text and key.
	FormatPosition(p *P) string
	// ParseMove parses a move in the game's notation as a legal move of
	// p; any spelling the notation allows is accepted.
	ParseMove(p *P, s string) (M, error)
	// FormatMove returns m's canonical notation in p, which ParseMove
	// reads back to m.
	FormatMove(p *P, m M) string

	// Symmetries returns the number of the board's symmetries that carry
	// the rules onto themselves, the identity (0) included; t below is one
	// of 0..Symmetries()-1.
	Symmetries() int
	// SymmetryName names symmetry t, e.g. "rotate".
	SymmetryName(t int) string
	// MapPosition returns the image of p under t.
	MapPosition(t int, p *P) P
	// MapMove returns the image under t of m, a legal move of p (NoMove
	// maps to NoMove).
	MapMove(t int, p *P, m M) M
	// SwapsPlayers reports whether t exchanges the players' pieces, and
	// so the player to move.
	SwapsPlayers(t int) bool
	// KeepsOrder reports whether Moves of an image lists the images of
	// the moves in their order (the mover's frame): the search is then
	// exact under t, not just unbiased.
	KeepsOrder(t int) bool
}

// NoMove is the zero move code, never a legal move.
func NoMove[M Move]() M { return 0 }

// Player is one of the two players.
type Player uint8

// The players, in the order they move at the start of a game.
const (
	First Player = iota
	Second
)

// Other returns the opponent of p.
func (p Player) Other() Player { return p ^ 1 }

// Result is who won a game, if anyone.
type Result uint8

// The results of a game.
const (
	Ongoing Result = iota
	FirstWins
	SecondWins
	Draw
)

// String returns "ongoing", "first", "second" or "draw".
func (r Result) String() string {
	return [...]string{"ongoing", "first", "second", "draw"}[r&3]
}

// WinFor returns the Result in which p wins.
func WinFor(p Player) Result { return FirstWins + Result(p) }

// Value returns the result's value for p: +1 won, -1 lost, 0 drawn or
// still going on.
func (r Result) Value(p Player) float64 {
	switch r {
	case FirstWins, SecondWins:
		if r == WinFor(p) {
			return 1
		}
		return -1
	}
	return 0
}

// Reason is why a game ended, in the game's own numbering: 0 (NotOver)
// while it goes on; the game names the others (ReasonName).
type Reason uint8

// NotOver is the Reason of a game still going on.
const NotOver Reason = 0

// Outcome is the state of a game: ongoing, or a result and its reason.
type Outcome struct {
	Result Result
	Reason Reason
}

// IsTerminal reports whether the game is over.
func (o Outcome) IsTerminal() bool { return o.Result != Ongoing }

// OutcomeText says o in g's words, as the games' own outcomes say it:
// "red wins (capture-all)", "draw (repetition)", "ongoing".
func OutcomeText[G Game[P, M], P any, M Move](g G, o Outcome) string {
	switch o.Result {
	case FirstWins, SecondWins:
		return ResultName(g, o.Result) + " wins (" + g.ReasonName(o.Reason) + ")"
	case Draw:
		return "draw (" + g.ReasonName(o.Reason) + ")"
	}
	return "ongoing"
}

// ResultName names r in g's words: the winner's name ("red", "white"),
// "draw" or "ongoing".
func ResultName[G Game[P, M], P any, M Move](g G, r Result) string {
	switch r {
	case FirstWins, SecondWins:
		return g.PlayerName(Player(r - FirstWins))
	}
	return r.String()
}

// MoverError is a game's ParseMove refusal of move s, which starts on from,
// where the position has no piece (ok false) or one of owner's while side
// is to move; nil when the piece there is side's. The games' parsers say
// it in the same words.
func MoverError[S fmt.Stringer, C comparable](s string, from S, owner C, ok bool, side C) error {
	switch {
	case !ok:
		return fmt.Errorf("illegal move %q: no piece on %v", s, from)
	case owner != side:
		return fmt.Errorf("illegal move %q: the piece on %v is %v's and %v is to move", s, from, owner, side)
	}
	return nil
}
