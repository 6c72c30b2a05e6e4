package gamestats

import (
	"fmt"

	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// DrawTables asks the endgame tables (package tablebase) what a drawn
// game's last capture left: the position right after it, with the
// no-capture counter at 0 (the game's start when it had no capture),
// probed under the game's own rules. A table win for either side there
// means the draw threw a forced win away; a table draw means best play
// draws too. The tables of each rules are opened once, from one
// directory.
type DrawTables struct {
	tables *tablebase.Cache
}

// NewDrawTables returns the classifier of draws by the tables in dir.
func NewDrawTables(dir string) *DrawTables {
	return &DrawTables{tables: tablebase.NewCache(dir)}
}

// Dir returns the tables' directory.
func (d *DrawTables) Dir() string { return d.tables.Dir() }

// Table verdicts on a draw.
const (
	tableWon    = "won"
	tableDrawn  = "drawn"
	tableBeyond = "beyond"
)

// classify returns the tables' verdict on drawn game g: tableWon,
// tableDrawn, or tableBeyond when its last capture left more pieces than
// the tables hold; the pieces the tables hold; and an error when the game
// cannot be replayed or its tables not read.
func (d *DrawTables) classify(g *Game) (string, int, error) {
	r, err := rules.ParseRules(g.Rules)
	if err != nil {
		return "", 0, err
	}
	t, err := d.tables.Tables(r)
	if err != nil {
		return "", 0, err
	}
	start, err := rules.ParseFEN(g.StartFEN)
	if err != nil {
		return "", 0, fmt.Errorf("game %d: start_fen: %w", g.ID, err)
	}
	rg, err := rules.NewGame(t.Rules(), start)
	if err != nil {
		return "", 0, fmt.Errorf("game %d: %w", g.ID, err)
	}
	last := rg.Position()
	if len(g.Moves) < g.Plies {
		return "", 0, fmt.Errorf("game %d: %d of its %d moves read: the tables need the whole game", g.ID, len(g.Moves), g.Plies)
	}
	for i, s := range g.Moves {
		m, err := rg.PlayString(s)
		if err != nil {
			return "", 0, fmt.Errorf("game %d: ply %d: %w", g.ID, i, err)
		}
		if m.IsCapture() {
			last = rg.Position()
		}
	}
	if !t.Covers(&last) {
		return tableBeyond, t.Pieces(), nil
	}
	e, _, err := t.Probe(&last)
	if err != nil {
		return "", 0, err
	}
	if e.Score == 0 {
		return tableDrawn, t.Pieces(), nil
	}
	return tableWon, t.Pieces(), nil
}

// DrawTableCounts is what the tables say of an arm's draws.
type DrawTableCounts struct {
	// Pieces is the most pieces the tables hold.
	Pieces int `json:"pieces"`
	// Won counts the draws whose last capture left a position the tables
	// say one side wins; Drawn those they say are drawn; Beyond those
	// whose last capture left more than Pieces pieces.
	Won    int64 `json:"won_for_one_side"`
	Drawn  int64 `json:"drawn"`
	Beyond int64 `json:"beyond_the_tables"`
}
