package eval

import (
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"text/tabwriter"

	"github.com/surakarta/surakarta/rules"
)

// FeatureSetVersion numbers the feature set: the features, their order and
// their definitions. Weights files record it and LoadLinear refuses weights
// fitted for another version. Bump it whenever a feature is added, removed,
// reordered or redefined.
const FeatureSetVersion = 1

// NumFeatures is the number of features in the set.
const NumFeatures = 26

// Feature indexes into a Vector. "Own" is the side to move, "opp" its
// opponent; every count is of pieces unless the name says otherwise.
const (
	Bias           = iota // constant 1: the intercept, the value of having the move
	RedToMove             // +1 when Red (the first player) is to move, -1 when Black
	Material              // own pieces - opponent pieces
	Phase                 // pieces on the board / 24: 1 at the start, falling as pieces go
	MaterialXPhase        // Material × Phase: how the worth of material changes with the phase
	MaterialXClock        // Material × min(no-capture plies, 50)/50: material as the no-capture limit nears
	InnerOwn              // own pieces on the inner circuit only
	InnerOpp              // opponent pieces on the inner circuit only
	OuterOwn              // own pieces on the outer circuit only
	OuterOpp              // opponent pieces on the outer circuit only
	BothOwn               // own pieces on both circuits (the 8 points where they cross)
	BothOpp               // opponent pieces on both circuits
	CornerOwn             // own pieces on neither circuit: the corners a1, f1, a6, f6
	CornerOpp             // opponent pieces on the corners
	DoubleOwn             // own pieces on a point its circuit passes twice (b2 e2 b5 e5 c3 d3 c4 d4)
	DoubleOpp             // opponent pieces on such points
	MobilityOwn           // own quiet moves
	MobilityOpp           // opponent quiet moves (as if it were to move)
	AttacksOwn            // opponent pieces the side to move can capture now
	AttacksOpp            // own pieces the opponent could capture if it were to move
	DefendedOwn           // own pieces the opponent attacks whose every capture could be recaptured
	DefendedOpp           // opponent pieces the side to move attacks whose every capture could be recaptured
	LoopsOwn              // loop ends (16) whose nearest piece along its segment is own
	LoopsOpp              // loop ends whose nearest piece is the opponent's
	BlockedOwn            // own circuit pieces with no clear path to a loop on any line they stand on
	BlockedOpp            // opponent circuit pieces with no clear path to a loop
)

// Feature is one entry of the feature set.
type Feature struct {
	// Name is the feature's stable identifier, as weights files store it.
	Name string
	// Meaning says in one line what the feature measures.
	Meaning string
}

var featureTable = [NumFeatures]Feature{
	Bias:           {"bias", "constant 1: the intercept, the value of having the move"},
	RedToMove:      {"red_to_move", "+1 when Red (the first player) is to move, -1 when Black"},
	Material:       {"material", "own pieces minus opponent pieces"},
	Phase:          {"phase", "pieces on the board / 24: 1 at the start, falling as pieces are captured"},
	MaterialXPhase: {"material_x_phase", "material × phase: how the worth of material changes with the phase"},
	MaterialXClock: {"material_x_clock", "material × min(no-capture plies, 50)/50: material as the no-capture limit nears"},
	InnerOwn:       {"inner_own", "own pieces on the inner circuit only"},
	InnerOpp:       {"inner_opp", "opponent pieces on the inner circuit only"},
	OuterOwn:       {"outer_own", "own pieces on the outer circuit only"},
	OuterOpp:       {"outer_opp", "opponent pieces on the outer circuit only"},
	BothOwn:        {"both_own", "own pieces on both circuits (the 8 points where they cross)"},
	BothOpp:        {"both_opp", "opponent pieces on both circuits"},
	CornerOwn:      {"corner_own", "own pieces on neither circuit, that is on the corners a1 f1 a6 f6"},
	CornerOpp:      {"corner_opp", "opponent pieces on the corners"},
	DoubleOwn:      {"double_own", "own pieces on a point its circuit passes twice (b2 e2 b5 e5 c3 d3 c4 d4)"},
	DoubleOpp:      {"double_opp", "opponent pieces on a point its circuit passes twice"},
	MobilityOwn:    {"mobility_own", "own quiet moves"},
	MobilityOpp:    {"mobility_opp", "opponent quiet moves, as if it were to move"},
	AttacksOwn:     {"attacks_own", "opponent pieces the side to move can capture now"},
	AttacksOpp:     {"attacks_opp", "own pieces the opponent could capture if it were to move"},
	DefendedOwn:    {"defended_own", "own pieces the opponent attacks whose every capture could be recaptured"},
	DefendedOpp:    {"defended_opp", "opponent pieces the side to move attacks whose every capture could be recaptured"},
	LoopsOwn:       {"loops_own", "loop ends (16) whose nearest piece along its segment is own"},
	LoopsOpp:       {"loops_opp", "loop ends whose nearest piece along its segment is the opponent's"},
	BlockedOwn:     {"blocked_own", "own circuit pieces without a clear path to a loop on any line they stand on"},
	BlockedOpp:     {"blocked_opp", "opponent circuit pieces without a clear path to a loop"},
}

// Features returns the feature set in Vector order.
func Features() []Feature { return slices.Clone(featureTable[:]) }

// Names returns the feature names in Vector order.
func Names() []string { return featureNames(featureTable[:]) }

// featureNames returns the names of the features of a table, in its order.
func featureNames(table []Feature) []string {
	out := make([]string, len(table))
	for i, f := range table {
		out[i] = f.Name
	}
	return out
}

// Vector holds the features of one position, indexed by the feature
// constants (Bias, RedToMove, ...).
type Vector [NumFeatures]float64

// ClockScale is the number of no-capture plies at which MaterialXClock
// reaches its full weight: the default no-capture limit of RULES.md.
const ClockScale = 50

// Extract writes the features of p into dst, growing it to NumFeatures if
// its capacity is smaller, and returns dst[:NumFeatures]. It does not
// allocate when cap(dst) >= NumFeatures.
func Extract(dst []float64, p *rules.Position) []float64 {
	if cap(dst) < NumFeatures {
		dst = make([]float64, NumFeatures)
	}
	dst = dst[:NumFeatures]
	var v Vector
	ExtractBoards(&v, p.Red(), p.Black(), p.SideToMove(), p.NoCapturePlies())
	copy(dst, v[:])
	return dst
}

// ExtractVector writes the features of p into v.
func ExtractVector(v *Vector, p *rules.Position) {
	ExtractBoards(v, p.Red(), p.Black(), p.SideToMove(), p.NoCapturePlies())
}

var (
	innerOnly = rules.OnCircuit(rules.Inner) &^ rules.OnCircuit(rules.Outer)
	outerOnly = rules.OnCircuit(rules.Outer) &^ rules.OnCircuit(rules.Inner)
	bothOn    = rules.OnCircuit(rules.Inner) & rules.OnCircuit(rules.Outer)
	onEither  = rules.OnCircuit(rules.Inner) | rules.OnCircuit(rules.Outer)
)

// ExtractBoards writes into v the features of the position with the given
// pieces, side to move and no-capture ply count; it is Extract for callers
// that hold the parts (a dataset row) rather than a Position. The pieces
// must not overlap.
func ExtractBoards(v *Vector, red, black rules.Bitboard, side rules.Color, noCapture int) {
	us, them := side&1, side&1^1
	swap := (red ^ black) & -rules.Bitboard(us)
	own, opp := red^swap, black^swap
	v[RedToMove] = 1 - 2*float64(us)
	nOwn, nOpp := own.Count(), opp.Count()

	material := float64(nOwn - nOpp)
	phase := float64(nOwn+nOpp) / 24
	clock := float64(min(max(noCapture, 0), ClockScale)) / ClockScale
	v[Bias] = 1
	v[Material] = material
	v[Phase] = phase
	v[MaterialXPhase] = material * phase
	v[MaterialXClock] = material*clock + 0 // + 0 turns -0 into 0

	innerOwn, innerOpp := (own & innerOnly).Count(), (opp & innerOnly).Count()
	outerOwn, outerOpp := (own & outerOnly).Count(), (opp & outerOnly).Count()
	bothOwn, bothOpp := (own & bothOn).Count(), (opp & bothOn).Count()
	v[InnerOwn], v[InnerOpp] = float64(innerOwn), float64(innerOpp)
	v[OuterOwn], v[OuterOpp] = float64(outerOwn), float64(outerOpp)
	v[BothOwn], v[BothOpp] = float64(bothOwn), float64(bothOpp)
	// Every piece is on the inner circuit only, the outer only, both or a
	// corner.
	v[CornerOwn] = float64(nOwn - innerOwn - outerOwn - bothOwn)
	v[CornerOpp] = float64(nOpp - innerOpp - outerOpp - bothOpp)
	v[DoubleOwn] = float64((own & doubleSquares).Count())
	v[DoubleOpp] = float64((opp & doubleSquares).Count())

	empty := rules.BoardMask &^ (own | opp)
	mobOwn, mobOpp := quietMoves(own, opp, empty)
	v[MobilityOwn], v[MobilityOpp] = float64(mobOwn), float64(mobOpp)

	var s circuitScan
	scanCircuits(&s, red, black)
	v[AttacksOwn] = float64(s.attacks[us].Count())
	v[AttacksOpp] = float64(s.attacks[them].Count())
	var undefended rules.Bitboard
	if (s.attacks[0]|s.attacks[1])&^s.protected != 0 { // else every target is protected
		undefended = undefendedOf(&s, red, black)
	}
	v[DefendedOwn] = float64((s.attacks[them] &^ undefended).Count())
	v[DefendedOpp] = float64((s.attacks[us] &^ undefended).Count())
	// Loop ends, each end of a nonempty segment once: the ends of the
	// middle ranks (bits 6 to 29) and, shifted, those of the middle files
	// (bits 1 to 34) fit in one word.
	lr, hr, lf, hf := s.ends[0], s.ends[1], s.ends[2], s.ends[3]
	lo, hi := lr|lf<<29, hr|hf<<29
	ownEnds := own&midRanks | (own&midFiles)<<29
	loopsOwn := bits.OnesCount64(uint64(lo&ownEnds)) + bits.OnesCount64(uint64(hi&ownEnds))
	v[LoopsOwn] = float64(loopsOwn)
	v[LoopsOpp] = float64(2*bits.OnesCount64(uint64(lo)) - loopsOwn)
	exits := lr | hr | lf | hf // pieces with a clear path to a loop
	v[BlockedOwn] = float64((own & onEither &^ exits).Count())
	v[BlockedOpp] = float64((opp & onEither &^ exits).Count())
}

// undefendedOf returns the pieces that s finds attacked (of either side)
// and that no recapture would answer: a capture is recaptured when its
// target is protected or, failing that, when emptying the capturer's point
// opens a route to it (recaptured, written out here for the links, where
// most captures are: each end of a link is the target of the other's
// capture). ExtractBoards calls it once a position when some attacked
// piece is unprotected (not at all otherwise: the call alone cost the start
// position 5%); its loops stay in one piece.
func undefendedOf(s *circuitScan, red, black rules.Bitboard) rules.Bitboard {
	prot := s.protected
	var undefended rules.Bitboard
	var st ringState
	st.fill(red, black)
	for m := s.capturing; m != 0; m &= m - 1 {
		p := s.links[bits.TrailingZeros(m)&(maxLinks-1)]
		lo := p & -p
		hi := p ^ lo
		if lo&(prot|undefended) == 0 {
			to, gone := square(lo), &doubledSquare[square(hi)]
			black := -uint64(^(red >> to) & 1)
			hit := st.recapturedAt(&ringEntries[to][0], gone, black)
			if entryCount[to] > 1 {
				hit |= st.recapturedAt(&ringEntries[to][1], gone, black)
			}
			undefended |= lo &^ rules.Bitboard(mask64(hit))
		}
		if hi&(prot|undefended) == 0 {
			to, gone := square(hi), &doubledSquare[square(lo)]
			black := -uint64(^(red >> to) & 1)
			hit := st.recapturedAt(&ringEntries[to][0], gone, black)
			if entryCount[to] > 1 {
				hit |= st.recapturedAt(&ringEntries[to][1], gone, black)
			}
			undefended |= hi &^ rules.Bitboard(mask64(hit))
		}
	}
	for i, n := 0, s.nskip; i < n; i++ {
		pr := s.skips[i&(maxSkips-1)]
		if (prot|undefended)&bit(pr.to) == 0 {
			undefended |= bit(pr.to) & -rules.Bitboard(b2u64(!st.recaptured(red, pr.from, pr.to)))
		}
	}
	return undefended
}

const (
	notFileA rules.Bitboard = rules.BoardMask &^ fileA
	notFileF rules.Bitboard = rules.BoardMask &^ (fileA << 5)
)

// square returns the square of the single piece in b.
func square(b rules.Bitboard) rules.Square { return rules.Square(bits.TrailingZeros64(uint64(b)) & 63) }

// quietMoves counts the one-step moves of the pieces in b, and of those in
// c, onto empty points.
// It counts pairs of neighbouring points rather than moves: of the two
// moves between the points of a pair, from one to the other and back, at
// most one can be open (a point cannot be both occupied and empty), so
// each pair, named by its lower point, is in a direction's set at most
// once. The pairs one rank apart (lower point on ranks 1 to 5, bits 0 to
// 29) and those one diagonal step apart to the northeast (files a to e,
// ranks 1 to 5: bits 0 to 28, shifted to 34 to 62) share one popcount;
// those one diagonal step apart to the northwest (named by the point west
// of the lower one: bits 0 to 28) and those one file apart (files a to e:
// bits 0 to 34, shifted to 29 to 63) share another.
func quietMoves(b, c, empty rules.Bitboard) (nb, nc int) {
	e6, e7, e5, e1 := empty>>6, empty>>7, empty>>5, empty>>1
	vertical := b&e6 | empty&(b>>6)
	northeast := (b&e7 | empty&(b>>7)) & notFileF
	northwest := (b&e5 | empty&(b>>5)) & notFileA
	horizontal := (b&e1 | empty&(b>>1)) & notFileF
	nb = bits.OnesCount64(uint64(vertical|northeast<<34)) + bits.OnesCount64(uint64(northwest>>1|horizontal<<29))
	vertical = c&e6 | empty&(c>>6)
	northeast = (c&e7 | empty&(c>>7)) & notFileF
	northwest = (c&e5 | empty&(c>>5)) & notFileA
	horizontal = (c&e1 | empty&(c>>1)) & notFileF
	nc = bits.OnesCount64(uint64(vertical|northeast<<34)) + bits.OnesCount64(uint64(northwest>>1|horizontal<<29))
	return nb, nc
}

// FeatureValue is one feature of a position, as the features command
// prints it.
type FeatureValue struct {
	Name    string  `json:"name"`
	Value   float64 `json:"value"`
	Meaning string  `json:"meaning"`
}

// PositionFeatures are a position's features in order, the features
// command's JSON object.
type PositionFeatures struct {
	FEN               string         `json:"fen"`
	FeatureSetVersion int            `json:"feature_set_version"`
	Features          []FeatureValue `json:"features"`

	side rules.Color
}

// FeaturesOf returns the features of p with their names and meanings.
func FeaturesOf(p *rules.Position) PositionFeatures {
	x := Extract(nil, p)
	out := PositionFeatures{FEN: p.FEN(), FeatureSetVersion: FeatureSetVersion, side: p.SideToMove()}
	for i, f := range Features() {
		out.Features = append(out.Features, FeatureValue{f.Name, x[i], f.Meaning})
	}
	return out
}

// WriteText prints the features one a line, aligned: name, value (six
// significant digits) and meaning, under a header naming the position.
func (pf *PositionFeatures) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "# %s (feature set v%d, own = %s to move)\n", pf.FEN, pf.FeatureSetVersion, pf.side)
	for _, f := range pf.Features {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", f.Name, strconv.FormatFloat(f.Value, 'g', 6, 64), f.Meaning)
	}
	return tw.Flush()
}
