package main

import (
	"fmt"
	"io"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// Endgame tables for the commands that play or analyse for a person
// (analyze, play, engine): with no tablebase setting given they read the
// default tables directory (tablebase.DefaultDir), play and analyze
// building the tables of up to tablebase.AutoPieces pieces there on first
// use, and play without tables, saying why once, when that fails (a
// read-only or full disk, a damaged larger table). The engine only reads
// what is there: a build of a second or more (many on a loaded machine)
// must not delay its answers to identify and newgame past a controller's
// timeout. Commands that produce data (selfplay, match,
// experiment, train, pipeline) never pick tables up this way: their games
// must not depend on what a machine's cache holds, so they use tables only
// when named (tablebase=DIR), and a run records them.

// engineTables resolves the tables of one command invocation and says each
// note on errOut once.
type engineTables struct {
	errOut io.Writer
	quiet  bool // no progress line while the tables are built
	// build builds the default directory's tables on first use (play,
	// analyze); without it (engine, which must answer identify and
	// newgame within the protocol's seconds) they are used when present.
	build bool
	said  map[string]bool
	ok    map[string]*tablebase.Tables // dir and rules already loaded
}

func newEngineTables(errOut io.Writer, quiet, build bool) *engineTables {
	return &engineTables{errOut: errOut, quiet: quiet, build: build, said: map[string]bool{}, ok: map[string]*tablebase.Tables{}}
}

// say prints line on errOut unless it was said already or is empty.
func (e *engineTables) say(line string) {
	if line == "" || e.said[line] {
		return
	}
	e.said[line] = true
	fmt.Fprintln(e.errOut, line)
}

// resolve returns the tables directory an engine searches with under r,
// and its tables ("" and nil: none). named reports that the command line
// (or setoption) gave the tablebase setting, dir its value: "" for none, or
// a directory whose tables must load (a damaged file is an error that
// names it, so that an engine refuses to start rather than fail its
// searches). Not named, it is the default directory, built on first use.
// A missing balance is said once either way.
func (e *engineTables) resolve(dir string, r rules.Rules, named bool) (string, *tablebase.Tables, error) {
	if named && dir == "" {
		return "", nil, nil
	}
	if !named {
		d, err := tablebase.DefaultDir()
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
	var t *tablebase.Tables
	var err error
	if named {
		if t, err = tablebase.Load(dir, r); err != nil {
			return "", nil, fmt.Errorf("--tablebase %s: %w", dir, err)
		}
	} else {
		var w io.Writer
		if !e.quiet {
			w = e.errOut
		}
		if e.build {
			t, err = tablebase.Ensure(dir, r, w)
		} else {
			t, err = tablebase.Load(dir, r)
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

// larger says, once, that p is an ending one more piece of tables would
// solve exactly (tablebase.Tables.LargerNote).
func (e *engineTables) larger(t *tablebase.Tables, p *rules.Position) {
	if t != nil {
		e.say(t.LargerNote(p))
	}
}

// oracleOf returns loaded tables as a searcher's oracle; nil for none.
func oracleOf(t *tablebase.Tables) game.Oracle[rules.Position, rules.Move] {
	if t == nil {
		return nil
	}
	return tablebase.Oracle{T: t}
}
