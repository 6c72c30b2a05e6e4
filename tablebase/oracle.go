package tablebase

import (
	"errors"
	"fmt"
	"sync"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// Oracle is loaded tables as the search's exact oracle (game.Oracle: a
// searcher proves the positions it covers at their first visit and plays
// its move at a covered root). Make one with OpenOracle, or from Tables
// already loaded (LoadAll) as Oracle{t}: a probe of loaded tables never
// fails.
type Oracle struct{ T *Tables }

var _ game.Oracle[rules.Position, rules.Move] = Oracle{}

// OpenOracle opens and loads every table of dir for r (Open, LoadAll) as
// an Oracle; dir "" gives nil, no tables. The caller opens the tables once
// and gives them to every searcher that uses them (they are read-only and
// safe for concurrent use); a command opens them before it writes
// anything, so that bad tables refuse the run rather than its first game.
// Its error is a *TablesError.
func OpenOracle(dir string, r rules.Rules) (game.Oracle[rules.Position, rules.Move], error) {
	if dir == "" {
		return nil, nil
	}
	t, err := Open(dir, r)
	return loadOracle(dir, t, err)
}

// loadOracle loads t, opened from dir with error err, as an oracle.
func loadOracle(dir string, t *Tables, err error) (game.Oracle[rules.Position, rules.Move], error) {
	if err == nil {
		err = t.LoadAll()
	}
	if err != nil {
		return nil, &TablesError{Dir: dir, Err: err}
	}
	// A set missing a balance below its largest answers for fewer pieces
	// than its files suggest: refused, as Check refuses it.
	if note := t.MissingNote(); note != "" {
		return nil, &TablesError{Dir: dir, Err: errors.New(note)}
	}
	return Oracle{t}, nil
}

// Cache holds the tables of one directory for whoever shares them (the
// players of a match, the draws of a report): each rules' tables opened
// once, on first use, and their error kept; tables are read-only and safe
// for concurrent use, and so is the cache.
type Cache struct {
	dir  string
	mu   sync.Mutex
	open map[rules.Rules]opened
}

type opened struct {
	t   *Tables
	err error
}

// NewCache returns the cache of dir's tables ("": none).
func NewCache(dir string) *Cache { return &Cache{dir: dir, open: map[rules.Rules]opened{}} }

// Dir returns the tables' directory.
func (c *Cache) Dir() string { return c.dir }

// Tables returns the tables for r (Open: each balance loaded at its first
// probe), opened on first use.
func (c *Cache) Tables(r rules.Rules) (*Tables, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if o, ok := c.open[r]; ok {
		return o.t, o.err
	}
	t, err := Open(c.dir, r)
	c.open[r] = opened{t, err}
	return t, err
}

// Oracle returns the tables for r as a search's oracle, as OpenOracle
// does (every balance loaded, a missing one refused; nil when the cache's
// directory is ""), opened on first use.
func (c *Cache) Oracle(r rules.Rules) (game.Oracle[rules.Position, rules.Move], error) {
	if c.dir == "" {
		return nil, nil
	}
	t, err := c.Tables(r)
	return loadOracle(c.dir, t, err)
}

// TablesError is the error of tables that do not open or load: Err says
// what is wrong with Dir. Its text names the tables, not how they were
// given: the command layer names its flag (--tablebase), a spec's reader
// its key.
type TablesError struct {
	Dir string
	Err error
}

func (e *TablesError) Error() string { return fmt.Sprintf("endgame tables %s: %v", e.Dir, e.Err) }

func (e *TablesError) Unwrap() error { return e.Err }

// Probe returns the tables' value of p when they cover it.
func (o Oracle) Probe(p *rules.Position) (game.Exact, bool) {
	if !o.T.Covers(p) {
		return game.Exact{}, false
	}
	e, ok, err := o.T.Probe(p)
	if !ok || err != nil { // err: not after LoadAll
		return game.Exact{}, false
	}
	return e, true
}

// Best returns the tables' value of p and their best move when they
// cover p.
func (o Oracle) Best(p *rules.Position) (game.Exact, rules.Move, bool) {
	if !o.T.Covers(p) {
		return game.Exact{}, rules.NoMove, false
	}
	e, best, ok, err := o.T.Best(p)
	if !ok || err != nil {
		return game.Exact{}, rules.NoMove, false
	}
	return e, best, true
}
