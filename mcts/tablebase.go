package mcts

import (
	"errors"
	"fmt"
	"sync"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// Surakarta's endgame tables as the search's oracle (Settings.Tablebase;
// oracle.go says what the search does with it).
//
// Tables are opened once per directory and rules for the process and
// shared by every searcher (they are read-only and safe for concurrent
// use); opening loads and verifies every file, so a probe in a search
// never fails.

// TableVerdict is Surakarta's TableVerdictOf.
type TableVerdict = TableVerdictOf[rules.Move]

type tablesKey struct {
	dir   string
	rules rules.Rules
}

var openTables = struct {
	sync.Mutex
	m map[tablesKey]tableOracle
}{m: map[tablesKey]tableOracle{}}

// loadTables returns the tables of dir for r, opened and loaded once.
func loadTables(dir string, r rules.Rules) (tableOracle, error) {
	openTables.Lock()
	defer openTables.Unlock()
	k := tablesKey{dir, r}
	if t, ok := openTables.m[k]; ok {
		return t, nil
	}
	t, err := tablebase.Open(dir, r)
	if err == nil {
		err = t.LoadAll()
	}
	if err != nil {
		return tableOracle{}, &TablesError{Dir: dir, Err: err}
	}
	openTables.m[k] = tableOracle{t}
	return tableOracle{t}, nil
}

// tableOracle is loaded tables as a game.Oracle.
type tableOracle struct{ t *tablebase.Tables }

// exactOf returns a table entry as an exact value for the side to move.
func exactOf(e tablebase.Entry) game.Exact {
	switch e.Result {
	case tablebase.Win:
		return game.Exact{Score: 1, Plies: e.Plies}
	case tablebase.Loss:
		return game.Exact{Score: -1, Plies: e.Plies}
	}
	return game.Exact{Plies: e.Plies}
}

// Probe returns the tables' value of p when they cover it.
func (o tableOracle) Probe(p *rules.Position) (game.Exact, bool) {
	if !o.t.Covers(p) {
		return game.Exact{}, false
	}
	e, ok, err := o.t.Probe(p)
	if !ok || err != nil { // err: not after LoadAll
		return game.Exact{}, false
	}
	return exactOf(e), true
}

// Best returns the tables' value of p and their best move when they
// cover p.
func (o tableOracle) Best(p *rules.Position) (game.Exact, rules.Move, bool) {
	if !o.t.Covers(p) {
		return game.Exact{}, rules.NoMove, false
	}
	e, best, ok, err := o.t.Best(p)
	if !ok || err != nil {
		return game.Exact{}, rules.NoMove, false
	}
	return exactOf(e), best, true
}

// CheckTables opens and loads the endgame tables s names (Tablebase) for
// the rules r, as a searcher does, and returns the searcher's error, or
// that a balance is missing (a *TablesError): a command checks them before it writes anything, so that
// bad tables (damaged, of other rules, or missing a balance) refuse the
// run rather than its first game. Nothing to check
// without Tablebase. The tables stay open for the searchers that follow.
func (s Settings) CheckTables(r rules.Rules) error {
	if s.Tablebase == "" {
		return nil
	}
	o, err := loadTables(s.Tablebase, r)
	if err != nil {
		return err
	}
	// As tablebase.Check, on the tables the searchers will share: a set
	// missing a balance below its largest answers for fewer pieces than
	// its files suggest.
	if note := o.t.MissingNote(); note != "" {
		return &TablesError{Dir: s.Tablebase, Err: errors.New(note)}
	}
	return nil
}

// TablesError is the error of tables that do not open or load: Err says
// what is wrong with Dir. Its text names the setting by its flag
// (--tablebase); a spec's reader names it by its key instead.
type TablesError struct {
	Dir string
	Err error
}

func (e *TablesError) Error() string { return fmt.Sprintf("--tablebase %s: %v", e.Dir, e.Err) }

func (e *TablesError) Unwrap() error { return e.Err }
