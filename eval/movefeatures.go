package eval

import (
	"math/bits"
	"slices"

	"github.com/surakarta/surakarta/rules"
)

// MoveFeatureSetVersion numbers the move feature set: the features, their
// order and their definitions. Model files record it and a model whose
// prior was fitted for another version is refused. Bump it whenever a move
// feature is added, removed, reordered or redefined.
const MoveFeatureSetVersion = 1

// NumMoveFeatures is the number of move features.
const NumMoveFeatures = 24

// Move feature indexes into a MoveVector. "Own" is the side to move (the
// mover), "opp" its opponent; "before" is the position the move is played
// in, "after" the position it leads to, both read from the mover's side.
// A delta is after minus before.
const (
	MoveCapture          = iota // 1 for a capture, 0 for a quiet move
	MoveRecapturable            // 1 for a capture whose capturer the opponent can capture on its landing point
	MoveCaptureXClock           // capture × min(no-capture plies, 50)/50: taking as the no-capture limit nears
	MoveTakesInner              // 1 for a capture of a piece on the inner circuit only
	MoveTakesOuter              // 1 for a capture of a piece on the outer circuit only
	MoveTakesBoth               // 1 for a capture of a piece on both circuits
	MoveFromInner               // 1 when the piece leaves a point of the inner circuit only
	MoveFromOuter               // 1 when it leaves a point of the outer circuit only
	MoveFromBoth                // 1 when it leaves a point on both circuits
	MoveFromCorner              // 1 when it leaves a corner (a point on neither circuit)
	MoveToInner                 // 1 when the piece lands on a point of the inner circuit only
	MoveToOuter                 // 1 when it lands on a point of the outer circuit only
	MoveToBoth                  // 1 when it lands on a point on both circuits
	MoveToCorner                // 1 when it lands on a corner
	MoveFromDouble              // 1 when it leaves a point its circuit passes twice
	MoveToDouble                // 1 when it lands on such a point
	MoveFromAttacked            // 1 when the moving piece was attacked before the move (an escape, or a capture by a threatened piece)
	MoveLandsAttacked           // 1 when the moved piece is attacked where it lands
	MoveThreatsOwnDelta         // change in the opponent pieces the mover attacks (threats created minus threats removed)
	MoveThreatsOppDelta         // change in the mover's pieces the opponent attacks
	MoveLoopsOwnDelta           // change in the loop ends (16) whose nearest piece along its segment is the mover's
	MoveLoopsOppDelta           // change in the loop ends whose nearest piece is the opponent's
	MoveMobilityOwnDelta        // change in the mover's quiet moves
	MoveMobilityOppDelta        // change in the opponent's quiet moves
)

var moveFeatureTable = [NumMoveFeatures]Feature{
	MoveCapture:          {"capture", "1 for a capture, 0 for a quiet move"},
	MoveRecapturable:     {"recapturable", "1 for a capture whose capturer the opponent can capture on its landing point"},
	MoveCaptureXClock:    {"capture_x_clock", "capture × min(no-capture plies, 50)/50: taking as the no-capture limit nears"},
	MoveTakesInner:       {"takes_inner", "1 for a capture of a piece on the inner circuit only"},
	MoveTakesOuter:       {"takes_outer", "1 for a capture of a piece on the outer circuit only"},
	MoveTakesBoth:        {"takes_both", "1 for a capture of a piece on both circuits"},
	MoveFromInner:        {"from_inner", "1 when the piece leaves a point of the inner circuit only"},
	MoveFromOuter:        {"from_outer", "1 when the piece leaves a point of the outer circuit only"},
	MoveFromBoth:         {"from_both", "1 when the piece leaves a point on both circuits"},
	MoveFromCorner:       {"from_corner", "1 when the piece leaves a corner (on neither circuit)"},
	MoveToInner:          {"to_inner", "1 when the piece lands on a point of the inner circuit only"},
	MoveToOuter:          {"to_outer", "1 when the piece lands on a point of the outer circuit only"},
	MoveToBoth:           {"to_both", "1 when the piece lands on a point on both circuits"},
	MoveToCorner:         {"to_corner", "1 when the piece lands on a corner"},
	MoveFromDouble:       {"from_double", "1 when the piece leaves a point its circuit passes twice"},
	MoveToDouble:         {"to_double", "1 when the piece lands on a point its circuit passes twice"},
	MoveFromAttacked:     {"from_attacked", "1 when the moving piece was attacked before the move"},
	MoveLandsAttacked:    {"lands_attacked", "1 when the moved piece is attacked where it lands"},
	MoveThreatsOwnDelta:  {"threats_own_delta", "change in the opponent pieces the mover attacks"},
	MoveThreatsOppDelta:  {"threats_opp_delta", "change in the mover's pieces the opponent attacks"},
	MoveLoopsOwnDelta:    {"loops_own_delta", "change in the loop ends whose nearest piece along its segment is the mover's"},
	MoveLoopsOppDelta:    {"loops_opp_delta", "change in the loop ends whose nearest piece along its segment is the opponent's"},
	MoveMobilityOwnDelta: {"mobility_own_delta", "change in the mover's quiet moves"},
	MoveMobilityOppDelta: {"mobility_opp_delta", "change in the opponent's quiet moves"},
}

// MoveFeatures returns the move feature set in MoveVector order.
func MoveFeatures() []Feature { return slices.Clone(moveFeatureTable[:]) }

// MoveNames returns the move feature names in MoveVector order.
func MoveNames() []string { return featureNames(moveFeatureTable[:]) }

// MoveVector holds the features of one move, indexed by the move feature
// constants (MoveCapture, ...). float32 is exact for every value (small
// integers and clock fiftieths) and halves the fit's memory.
type MoveVector [NumMoveFeatures]float32

// MoveContext holds what the features of every move of one position share:
// the position's pieces from the mover's side and its circuit scan, so that
// each move costs one scan of the position it leads to. It is a value
// type: fill one per position, on the stack.
type MoveContext struct {
	own, opp   rules.Bitboard
	us         rules.Color
	clock      float32
	threatsOwn int // opponent pieces the mover attacks
	threatsOpp int // mover's pieces the opponent attacks
	attackedBy rules.Bitboard
	loopsOwn   int
	loopsOpp   int
	mobOwn     int
	mobOpp     int
}

// NewMoveContext returns the context of the moves of p.
func NewMoveContext(p *rules.Position) MoveContext {
	var c MoveContext
	c.reset(p.Red(), p.Black(), p.SideToMove(), p.NoCapturePlies())
	return c
}

// reset fills c for the position with the given pieces, side to move and
// no-capture count.
func (c *MoveContext) reset(red, black rules.Bitboard, side rules.Color, noCapture int) {
	us := side & 1
	swap := (red ^ black) & -rules.Bitboard(us)
	c.own, c.opp, c.us = red^swap, black^swap, us
	c.clock = float32(min(max(noCapture, 0), ClockScale)) / ClockScale
	var s circuitScan
	scanCircuits(&s, red, black)
	c.threatsOwn = s.attacks[us].Count()
	c.attackedBy = s.attacks[us^1]
	c.threatsOpp = c.attackedBy.Count()
	c.loopsOwn, c.loopsOpp = loopEnds(&s, c.own)
	c.mobOwn, c.mobOpp = quietMoves(c.own, c.opp, rules.BoardMask&^(c.own|c.opp))
}

// loopEnds returns the loop ends held by the pieces own and by the others,
// from a scan of the position (see LoopsOwn).
func loopEnds(s *circuitScan, own rules.Bitboard) (nOwn, nOpp int) {
	lr, hr, lf, hf := s.ends[0], s.ends[1], s.ends[2], s.ends[3]
	lo, hi := lr|lf<<29, hr|hf<<29
	ownEnds := own&midRanks | (own&midFiles)<<29
	nOwn = bits.OnesCount64(uint64(lo&ownEnds)) + bits.OnesCount64(uint64(hi&ownEnds))
	return nOwn, 2*bits.OnesCount64(uint64(lo)) - nOwn
}

// b2f is 1 for true, 0 for false.
func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// class returns the one-hot circuit class of the point b (one bit): inner
// only, outer only, both, corner.
func class(b rules.Bitboard) (inner, outer, both, corner float32) {
	inner, outer, both = b2f(b&innerOnly != 0), b2f(b&outerOnly != 0), b2f(b&bothOn != 0)
	return inner, outer, both, 1 - inner - outer - both
}

// afterMove is what a move changes that the move features read: its
// points, whether it captures, whether it lands where the opponent can
// capture, and the changes of threats, loop control and mobility from the
// position before it. Features and Prior.score both build on it, so the
// features a prior is fitted on and the ones it scores are the same.
type afterMove struct {
	from, to                           rules.Bitboard
	capture, lands                     bool
	threatsOwn, threatsOpp             int
	loopsOwn, loopsOpp, mobOwn, mobOpp int
}

// after scans the position after m, a legal move of c's position, from the
// mover's side, into a (the caller's, so that nothing is copied back on the
// prior's hot path). It allocates nothing.
func (c *MoveContext) after(a *afterMove, m rules.Move) {
	a.from, a.to, a.capture = bit(m.From()), bit(m.To()), m.IsCapture()
	own := c.own&^a.from | a.to
	opp := c.opp &^ a.to
	red, black := own, opp
	if c.us == rules.Black {
		red, black = opp, own
	}
	var s circuitScan
	scanCircuits(&s, red, black)
	threatsOpp := s.attacks[c.us^1]
	a.lands = threatsOpp&a.to != 0
	a.threatsOwn = s.attacks[c.us].Count() - c.threatsOwn
	a.threatsOpp = threatsOpp.Count() - c.threatsOpp
	lo, lp := loopEnds(&s, own)
	a.loopsOwn, a.loopsOpp = lo-c.loopsOwn, lp-c.loopsOpp
	mo, mp := quietMoves(own, opp, rules.BoardMask&^(own|opp))
	a.mobOwn, a.mobOpp = mo-c.mobOwn, mp-c.mobOpp
}

// Features writes the features of m, a legal move of c's position, into v.
// It allocates nothing.
func (c *MoveContext) Features(v *MoveVector, m rules.Move) {
	var a afterMove
	c.after(&a, m)
	from, to := a.from, a.to
	capf := b2f(a.capture)
	v[MoveCapture] = capf
	v[MoveRecapturable] = b2f(a.capture && a.lands)
	v[MoveCaptureXClock] = capf * c.clock
	fi, fo, fb, fc := class(from)
	ti, to_, tb, tc := class(to)
	v[MoveTakesInner], v[MoveTakesOuter], v[MoveTakesBoth] = capf*ti, capf*to_, capf*tb
	v[MoveFromInner], v[MoveFromOuter], v[MoveFromBoth], v[MoveFromCorner] = fi, fo, fb, fc
	v[MoveToInner], v[MoveToOuter], v[MoveToBoth], v[MoveToCorner] = ti, to_, tb, tc
	v[MoveFromDouble] = b2f(from&doubleSquares != 0)
	v[MoveToDouble] = b2f(to&doubleSquares != 0)
	v[MoveFromAttacked] = b2f(c.attackedBy&from != 0)
	v[MoveLandsAttacked] = b2f(a.lands)
	v[MoveThreatsOwnDelta] = float32(a.threatsOwn)
	v[MoveThreatsOppDelta] = float32(a.threatsOpp)
	v[MoveLoopsOwnDelta] = float32(a.loopsOwn)
	v[MoveLoopsOppDelta] = float32(a.loopsOpp)
	v[MoveMobilityOwnDelta] = float32(a.mobOwn)
	v[MoveMobilityOppDelta] = float32(a.mobOpp)
}
