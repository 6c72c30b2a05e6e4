package experiments

import "sort"

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
	pieces map[int]int64
	err    error // the first game the tables could not classify
}

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
	if d.ByReason == nil {
		d.ByReason, d.pieces = map[string]int64{}, map[int]int64{}
	}
	d.Draws++
	d.ByReason[g.Reason]++
	d.pieces[g.RedPieces+g.BlackPieces]++
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
	if d.ByReason == nil {
		d.ByReason, d.pieces = map[string]int64{}, map[int]int64{}
	}
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
	d.ByPieces = nil
}

// finish fills ByPieces from the counts.
func (d *DrawAnatomy) finish() DrawAnatomy {
	out := *d
	out.ByPieces = make([]CountAt, 0, len(d.pieces))
	for k, v := range d.pieces {
		out.ByPieces = append(out.ByPieces, CountAt{k, v})
	}
	sort.Slice(out.ByPieces, func(i, j int) bool { return out.ByPieces[i].At < out.ByPieces[j].At })
	if out.ByReason == nil {
		out.ByReason = map[string]int64{}
	}
	return out
}
