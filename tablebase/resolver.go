package tablebase

import (
	"fmt"
	"io"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// Endgame tables for the commands that play or analyse for a person
// (analyze, play, engine): with no tablebase setting given they read the
// default tables directory (DefaultDir), play and analyze building the
// tables of up to AutoPieces pieces there on first use, and play without
// tables, saying why once, when that fails (a read-only or full disk, a
// damaged larger table). The engine only reads what is there: a build of
// a second or more (many on a loaded machine) must not delay its answers
// to identify and newgame past a controller's timeout. Commands that
// produce data (selfplay, match, experiment, train, pipeline) never pick
// tables up this way: their games must not depend on what a machine's
// cache holds, so they use tables only when named (tablebase=DIR), and a
// run records them.

// Resolver resolves the tables of one command invocation and says each
// note on its writer once.
type Resolver struct {
	notes io.Writer
	quiet bool // no progress line while the tables are built
	// build builds the default directory's tables on first use (play,
	// analyze); without it (engine, which must answer identify and
	// newgame within the protocol's seconds) they are used when present.
	build bool
	said  map[string]bool
	ok    map[string]*Tables // dir and rules already loaded
}

// NewResolver returns the resolver of one invocation, saying its notes on
// notes, building the default directory's tables on first use when build
// is set (without a progress line when quiet).
func NewResolver(notes io.Writer, quiet, build bool) *Resolver {
	return &Resolver{notes: notes, quiet: quiet, build: build, said: map[string]bool{}, ok: map[string]*Tables{}}
}

// say prints line on notes unless it was said already or is empty.
func (e *Resolver) say(line string) {
	if line == "" || e.said[line] {
		return
	}
	e.said[line] = true
	fmt.Fprintln(e.notes, line)
}

// Resolve returns the tables directory an engine searches with under r,
// and its tables ("" and nil: none). named reports that the tablebase
// setting was given (on the command line or by setoption), dir its value:
// "" for none, or a directory whose tables must load (a damaged file is a
// *TablesError that names it, so that an engine refuses to start rather
// than fail its searches). Not named, it is the default directory, built
// on first use. A missing balance is said once either way.
func (e *Resolver) Resolve(dir string, r rules.Rules, named bool) (string, *Tables, error) {
	if named && dir == "" {
		return "", nil, nil
	}
	if !named {
		d, err := DefaultDir()
		if err != nil {
			e.say("playing without endgame tables: " + err.Error())
			return "", nil, nil
		}
		dir = d
	}
	key := dir + "\x00" + r.String()
	if t := e.ok[key]; t != nil {
		return dir, t, nil
	}
	var t *Tables
	var err error
	if named {
		if t, err = Load(dir, r); err != nil {
			return "", nil, &TablesError{Dir: dir, Err: err}
		}
	} else {
		var w io.Writer
		if !e.quiet {
			w = e.notes
		}
		if e.build {
			t, err = Ensure(dir, r, w)
		} else {
			t, err = Load(dir, r)
		}
		if err != nil {
			e.say(fmt.Sprintf("playing without endgame tables for %s: %v", r, err))
			return "", nil, nil
		}
	}
	e.say(t.MissingNote())
	e.ok[key] = t // loaded: the searchers get them as their oracle
	return dir, t, nil
}

// Larger says, once, that p is an ending one more piece of tables would
// solve exactly (LargerNote); nothing without tables.
func (e *Resolver) Larger(t *Tables, p *rules.Position) {
	if t != nil {
		e.say(t.LargerNote(p))
	}
}

// OracleOf returns loaded tables as a searcher's oracle; nil for none.
func OracleOf(t *Tables) game.Oracle[rules.Position, rules.Move] {
	if t == nil {
		return nil
	}
	return Oracle{T: t}
}
