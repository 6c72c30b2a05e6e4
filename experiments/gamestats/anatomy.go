package gamestats

import (
	"hash/fnv"
	"sort"
)

// DrawAnatomy counts an arm's drawn games by how they ended and by the
// pieces left on the board (both sides together), and by the material
// difference left (Red's pieces − Black's): what a draw is made of.
type DrawAnatomy struct {
	Draws int64 `json:"draws"`
	// ByReason counts draws by ending reason (repetition, no-capture-limit,
	// no-moves under the draw rule).
	ByReason map[string]int64 `json:"by_reason"`
	// ByPieces counts draws by the pieces left, both sides together, in
	// ascending order.
	ByPieces []CountAt `json:"by_pieces"`
	// Unequal counts draws with unequal material left: the draws the
	// majority rule would have decided.
	Unequal int64 `json:"unequal_material"`
	// Tables is what the endgame tables say of the draws (DrawTables),
	// when the report was given tables.
	Tables *DrawTableCounts `json:"tables,omitempty"`
	// RepetitionPlies counts the draws by repetition by the ply at which
	// the repetition ended the game, in ascending order.
	RepetitionPlies []CountAt `json:"repetition_plies"`
	// Lines counts the distinct move lists (opening included) among the
	// draws; RepeatedLines the draws whose move list another draw of the
	// arm played too (the same line under other search seeds).
	Lines         int   `json:"lines"`
	RepeatedLines int64 `json:"repeated_lines"`
	pieces        map[int]int64
	repPlies      map[int]int64
	lines         map[uint64]int64
	err           error // the first game the tables could not classify
}

// ManyPieces is the fewest pieces (both sides) a draw keeps to count as a
// draw of at most one exchange: the shuffles into a repetition that the
// findings' draw anatomy asks about.
const ManyPieces = 22

// CountAt is a count at a value.
type CountAt struct {
	At    int   `json:"at"`
	Count int64 `json:"count"`
}

// Add records g if it is a draw, and with tables (nil: none) what they
// say of it.
func (d *DrawAnatomy) Add(g *Game, tables *DrawTables) {
	if g.Winner != Draw {
		return
	}
	if tables != nil && d.err == nil {
		v, pieces, err := tables.classify(g)
		if d.Tables == nil {
			d.Tables = &DrawTableCounts{}
		}
		switch {
		case err != nil:
			d.err = err
		case v == tableWon:
			d.Tables.Won++
		case v == tableDrawn:
			d.Tables.Drawn++
		default:
			d.Tables.Beyond++
		}
		d.Tables.Pieces = max(d.Tables.Pieces, pieces)
	}
	d.init()
	d.Draws++
	d.ByReason[g.Reason]++
	d.pieces[g.RedPieces+g.BlackPieces]++
	if g.Reason == "repetition" {
		d.repPlies[g.Plies]++
	}
	h := fnv.New64a()
	for _, m := range g.Moves {
		h.Write([]byte(m))
		h.Write([]byte{' '})
	}
	d.lines[h.Sum64()]++
	if g.RedPieces != g.BlackPieces {
		d.Unequal++
	}
	d.ByPieces = nil
}

// Merge adds o's counts (of disjoint games).
func (d *DrawAnatomy) Merge(o *DrawAnatomy) {
	if o.Draws == 0 {
		return
	}
	d.init()
	d.Draws += o.Draws
	d.Unequal += o.Unequal
	if o.Tables != nil {
		if d.Tables == nil {
			d.Tables = &DrawTableCounts{}
		}
		d.Tables.Won += o.Tables.Won
		d.Tables.Drawn += o.Tables.Drawn
		d.Tables.Beyond += o.Tables.Beyond
		d.Tables.Pieces = max(d.Tables.Pieces, o.Tables.Pieces)
	}
	if d.err == nil {
		d.err = o.err
	}
	for k, v := range o.ByReason {
		d.ByReason[k] += v
	}
	for k, v := range o.pieces {
		d.pieces[k] += v
	}
	for k, v := range o.repPlies {
		d.repPlies[k] += v
	}
	for k, v := range o.lines {
		d.lines[k] += v
	}
	d.ByPieces = nil
}

func (d *DrawAnatomy) init() {
	if d.ByReason == nil {
		d.ByReason, d.pieces, d.repPlies, d.lines = map[string]int64{}, map[int]int64{}, map[int]int64{}, map[uint64]int64{}
	}
}

// countsAt returns m's counts in ascending order of the key.
func countsAt(m map[int]int64) []CountAt {
	out := make([]CountAt, 0, len(m))
	for k, v := range m {
		out = append(out, CountAt{k, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].At < out[j].At })
	return out
}

// Finish returns the anatomy with ByPieces, RepetitionPlies and the
// lines filled from the counts, or the first game the endgame tables could
// not classify.
func (d *DrawAnatomy) Finish() (DrawAnatomy, error) {
	if d.err != nil {
		return DrawAnatomy{}, d.err
	}
	out := *d
	out.ByPieces, out.RepetitionPlies = countsAt(d.pieces), countsAt(d.repPlies)
	out.Lines, out.RepeatedLines = len(d.lines), 0
	for _, n := range d.lines {
		if n > 1 {
			out.RepeatedLines += n
		}
	}
	if out.ByReason == nil {
		out.ByReason = map[string]int64{}
	}
	return out, nil
}
