package alquerque

import "fmt"

// Game is a game in progress: the rules, the position, the moves played
// and the history needed for repetition, on top of the raw Position, as
// rules.Game is for Surakarta.
type Game struct {
	rules   Rules
	start   Position
	pos     Position
	moves   []Move
	codes   []Code     // moves as the contract codes them, each in its position
	history []boardKey // boards since the last capture, oldest first, current last
	outcome Outcome
}

// boardKey is what a repetition compares: the board and the side to move.
type boardKey struct {
	pieces [2]Bitboard
	side   Color
}

func keyOf(p *Position) boardKey { return boardKey{p.pieces, p.side} }

// NewGame starts a game under r from start, adjudicating start itself (a
// position without pieces or moves for the side to move is already over).
func NewGame(r Rules, start Position) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if start.moveNumber == 0 {
		return nil, errorf("start position has move number 0: build positions with Start, ParsePosition or NewPosition")
	}
	return newGame(r, start), nil
}

// newGame is NewGame for rules and a start known to be valid.
func newGame(r Rules, start Position) *Game {
	g := &Game{rules: r, start: start, pos: start}
	g.history = append(g.history, keyOf(&start))
	g.outcome = r.Adjudicate(&start, 1)
	return g
}

// Rules returns the game's settings.
func (g *Game) Rules() Rules { return g.rules }

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.start }

// Position returns the current position.
func (g *Game) Position() Position { return g.pos }

// Moves returns the moves played so far as codes, each in the position it
// was played from (game.Record's moves); the caller must not modify it.
func (g *Game) Moves() []Code { return g.codes }

// Played returns the moves played so far; the caller must not modify it.
func (g *Game) Played() []Move { return g.moves }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// Outcome returns the game's state.
func (g *Game) Outcome() Outcome { return g.outcome }

// IsTerminal reports whether the game is over.
func (g *Game) IsTerminal() bool { return g.outcome.IsTerminal() }

// CurrentPlayer returns the side to move.
func (g *Game) CurrentPlayer() Color { return g.pos.side }

// Returns gives each player's value, +1/0/-1, indexed by Color.
func (g *Game) Returns() [2]float64 { return g.outcome.Returns() }

// Occurrences returns how often the current board with the current side to
// move has occurred in this game, counting the current position.
func (g *Game) Occurrences() int { return g.count(keyOf(&g.pos)) }

func (g *Game) count(k boardKey) int {
	n := 0
	for _, h := range g.history {
		if h == k {
			n++
		}
	}
	return n
}

// History returns the hashes of the positions since the last capture,
// oldest first, the current one last; searches use them to detect
// repetitions that span the game and the search path.
func (g *Game) History(dst []uint64) []uint64 {
	dst = dst[:0]
	for i := range g.history {
		p := Position{pieces: g.history[i].pieces, side: g.history[i].side}
		dst = append(dst, p.computeHash())
	}
	return dst
}

// LegalMoves appends the legal moves to buf[:0]; none once the game is
// over.
func (g *Game) LegalMoves(buf []Move) []Move {
	if g.IsTerminal() {
		return buf[:0]
	}
	return g.pos.GenerateMoves(buf)
}

// Play plays m, which must be legal, and adjudicates the new position.
func (g *Game) Play(m Move) error {
	if g.IsTerminal() {
		return errorf("game is over (%v): no more moves", g.outcome)
	}
	if !g.pos.IsLegal(m) {
		return errorf("illegal move %v in %v", m, g.pos.Text())
	}
	g.play(m)
	return nil
}

func (g *Game) play(m Move) {
	g.codes = append(g.codes, g.pos.Encode(m))
	g.pos = g.pos.Apply(m)
	g.moves = append(g.moves, m)
	if m.IsCapture() {
		g.history = g.history[:0]
	}
	k := keyOf(&g.pos)
	g.history = append(g.history, k)
	g.outcome = g.rules.Adjudicate(&g.pos, g.count(k))
}

// PlayCode plays the move coded c (a search's choice), which must be
// legal, and adjudicates the new position.
func (g *Game) PlayCode(c Code) error {
	m := g.pos.Decode(c)
	if m == NoMove {
		return errorf("move code %#x codes no legal move in %v", uint16(c), g.pos.Text())
	}
	return g.Play(m)
}

// PlayString parses a move in notation, plays it and returns it.
func (g *Game) PlayString(s string) (Move, error) {
	if g.IsTerminal() {
		return NoMove, errorf("game is over (%v): no more moves", g.outcome)
	}
	m, err := ParseMove(&g.pos, s)
	if err != nil {
		return NoMove, err
	}
	g.play(m)
	return m, nil
}

// PlayStrings plays moves in notation, one after another; the error names
// the move by its place in the list and text ("move 2 \"b2-c3\": ...").
func (g *Game) PlayStrings(moves []string) error {
	for i, s := range moves {
		if g.IsTerminal() {
			return fmt.Errorf("move %d %q: the game is already over (%v)", i+1, s, g.Outcome())
		}
		if _, err := g.PlayString(s); err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
	}
	return nil
}

// Clone returns an independent copy of g.
func (g *Game) Clone() *Game {
	c := *g
	c.moves = append([]Move(nil), g.moves...)
	c.codes = append([]Code(nil), g.codes...)
	c.history = append([]boardKey(nil), g.history...)
	return &c
}
