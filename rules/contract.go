package rules

import "github.com/surakarta/surakarta/game"

// Rules is Surakarta's game.Game: the game under these settings. Its
// methods are the contract's; each calls the piece of this package that
// does the job (Position's methods, the endings of outcome.go, FEN and
// notation, the symmetries), so Surakarta has one implementation of each
// rule, reached directly or through the contract. *Rules also implements
// the optional game.Forcing (captures) and game.Decisive (captures that
// take the last piece).
var (
	_ game.Game[Position, Move] = Rules{}
	_ interface {
		game.Forcing[Position, Move]
		game.Decisive[Position, Move]
		game.OpeningOrder[Position, Move]
	} = (*Rules)(nil)
)

// Name is "surakarta".
func (Rules) Name() string { return "surakarta" }

// Start returns the starting position (Start).
func (Rules) Start() Position { return Start() }

// MaxMoves is MaxMoves.
func (Rules) MaxMoves() int { return MaxMoves }

// Moves is p.GenerateMoves(buf).
func (Rules) Moves(p *Position, buf []Move) []Move { return p.GenerateMoves(buf) }

// Apply plays m, which must be legal in p, on p in place and returns p's
// new hash and whether m captured (a capture is irreversible and resets the
// no-capture count). It is the one implementation of a move
// (Position.Apply calls it on a copy), and does not depend on the
// settings: a search calls it through its type parameters, where one call
// instead of two counts.
func (Rules) Apply(p *Position, m Move) (uint64, bool) {
	// Branch-free, and the result is built from registers and stored
	// whole: whether m captures is data, so a branch on it would often be
	// mispredicted, and updating p field by field then copying it out
	// stalls on store forwarding.
	from, to := uint(m)&63, uint(m>>6)&63
	us := p.side & 1
	them := us ^ 1
	captured := uint64(p.pieces[them]>>to) & 1
	black := -Bitboard(us) // all ones when Black moves
	moved, taken := Bitboard(1)<<from|Bitboard(1)<<to, Bitboard(captured)<<to
	noCapture := p.noCapture
	if noCapture < MaxNoCapture {
		noCapture++
	}
	moveNumber := p.moveNumber
	if us == Black && moveNumber < MaxMoveNumber {
		moveNumber++
	}
	*p = Position{
		pieces: [2]Bitboard{
			p.pieces[Red] ^ (moved&^black | taken&black),
			p.pieces[Black] ^ (moved&black | taken&^black),
		},
		hash:       p.hash ^ zobristPiece[us][from] ^ zobristPiece[us][to] ^ zobristBlack ^ zobristPiece[them][to]&-captured,
		noCapture:  noCapture & (uint16(captured) - 1),
		moveNumber: moveNumber,
		side:       Color(them),
	}
	return p.hash, captured != 0
}

// Key is p.Hash().
func (Rules) Key(p *Position) uint64 { return p.hash }

// ToMove returns the side to move: Red moves first.
func (Rules) ToMove(p *Position) game.Player { return game.Player(p.side) }

// Judge is r.Ending with the result and reason in the contract's terms
// (Red is game.First; the reasons keep their numbers). The test for an
// ending is inlined here, so that a position not over costs no further
// call.
func (r Rules) Judge(p *Position, hasMoves bool, occurrences int) game.Outcome {
	if reason := r.reason(p, hasMoves, occurrences); reason != NotOver {
		return r.Score(p, reason).Game()
	}
	return game.Outcome{}
}

// Game returns o in the contract's terms: Red is game.First, and the
// reasons keep their numbers (ReasonName names them).
func (o Outcome) Game() game.Outcome {
	return game.Outcome{Result: game.Result(o.Result), Reason: game.Reason(o.Reason)}
}

// ReasonName returns Reason(r)'s name.
func (Rules) ReasonName(r game.Reason) string { return Reason(r).String() }

// PlayerName returns "red" for game.First and "black" for game.Second.
func (Rules) PlayerName(pl game.Player) string { return Color(pl & 1).String() }

// ParsePosition is ParseFEN.
func (Rules) ParsePosition(s string) (Position, error) { return ParseFEN(s) }

// FormatPosition is p.FEN().
func (Rules) FormatPosition(p *Position) string { return p.FEN() }

// ParseMove is ParseMove.
func (Rules) ParseMove(p *Position, s string) (Move, error) { return ParseMove(p, s) }

// FormatMove is p.MoveString(m).
func (Rules) FormatMove(p *Position, m Move) string { return p.MoveString(m) }

// Symmetries is len(Symmetries): t is a Symmetry.
func (Rules) Symmetries() int { return len(Symmetries) }

// SymmetryName is Symmetry(t).String().
func (Rules) SymmetryName(t int) string { return Symmetry(t).String() }

// MapPosition is Symmetry(t).Position(p).
func (Rules) MapPosition(t int, p *Position) Position { return Symmetry(t).Position(p) }

// MapMove is Symmetry(t).Move(m).
func (Rules) MapMove(t int, _ *Position, m Move) Move { return Symmetry(t).Move(m) }

// SwapsPlayers is Symmetry(t).SwapsColors().
func (Rules) SwapsPlayers(t int) bool { return Symmetry(t).SwapsColors() }

// KeepsOrder reports whether t is Identity or Rotate: move generation
// lists Black's moves as Red's turned round (the side to move's frame),
// so the turn-round keeps the order; the reflections do not.
func (Rules) KeepsOrder(t int) bool { return Symmetry(t) == Identity || Symmetry(t) == Rotate }

// ForcingMoves returns the captures among moves, in their order: the moves
// a capture-aware playout prefers. The compaction is branch-free (see
// Move.CaptureBit). It and the other capabilities have pointer receivers:
// a searcher looks them up on a pointer to its Rules, and a call through
// the interface then goes straight to the method, without a wrapper that
// copies the Rules first.
func (*Rules) ForcingMoves(_ *Position, moves []Move, buf []Move) []Move {
	buf = buf[:len(moves)]
	n := 0
	for _, m := range moves {
		buf[n] = m
		n += m.CaptureBit()
	}
	return buf[:n]
}

// Decisive is p.CaptureWins(): with the opponent down to one piece every
// capture wins at once.
func (*Rules) Decisive(p *Position) bool { return p.CaptureWins() }

// WinsAtOnce reports whether m is a capture, which wins at once in a
// position where Decisive holds.
func (*Rules) WinsAtOnce(_ *Position, m Move) bool { return m.IsCapture() }

// OpeningMoves is p.GenerateMovesBySquare(buf): random openings draw from
// the square order, as every dataset's have (PlayRandomPlies).
func (*Rules) OpeningMoves(p *Position, buf []Move) []Move { return p.GenerateMovesBySquare(buf) }
