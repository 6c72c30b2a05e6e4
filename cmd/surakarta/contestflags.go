package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/external"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/rules"
)

// bookFlags are the start positions of a contest of engines (match,
// tournament): --fen, --openings and --shuffle-openings.
type bookFlags struct {
	fen, file string
	shuffle   bool
}

// addBookFlags registers the book's flags; pairs says which pairs start
// from a book's opening k (match: "pair k"; tournament: "pair k of every
// pairing").
func addBookFlags(cmd *cobra.Command, b *bookFlags, pairs string) {
	fs := cmd.Flags()
	fs.StringVar(&b.fen, "fen", "", "start every pair from this position (FEN) instead of the standard start")
	fs.StringVar(&b.file, "openings", "", "opening book: a file of one FEN or EPD per line (# comments); "+pairs+" starts from opening k mod the book's size")
	fs.BoolVar(&b.shuffle, "shuffle-openings", false, "play the --openings book in a random order drawn from --seed (the same on any machine)")
}

// contestBook reads the start positions of --fen or --openings, in the
// order --shuffle-openings draws from --seed when given, and checks
// the flags every contest of engines shares (match, tournament): a book
// plays its own positions unless --random-opening was given, the run's
// settings, the margins, and --resume with --out. what names the contest
// in the resume's error.
func contestBook[G game.Game[P, M], P any, M game.Move](run *runFlags, b bookFlags, r G, margin, moveTimeout time.Duration, what string) ([]P, error) {
	book, err := match.Openings(b.fen, b.file, r)
	if err != nil {
		return nil, err
	}
	if b.shuffle {
		if b.file == "" {
			return nil, errors.New("--shuffle-openings orders the book of --openings: pass --openings FILE (or leave --shuffle-openings out)")
		}
		arena.ShuffleOpenings(book, run.Seed)
	}
	if len(book) > 0 && !run.changed("random_opening") {
		run.RandomOpening = 0 // the given positions themselves
	}
	if err := run.check(); err != nil {
		return nil, err
	}
	if margin <= 0 || moveTimeout <= 0 {
		return nil, fmt.Errorf("--margin %v, --move-timeout %v: want positive durations, e.g. 1s", margin, moveTimeout)
	}
	if run.Resume && run.Out == "" {
		return nil, fmt.Errorf("--resume continues the %s recorded in --out: pass --out DIR", what)
	}
	return book, nil
}

// contestFlags are the flags match and tournament share: the run (its
// games, seed, openings, concurrency, --out and --resume), the rules, the
// game, the opening book and the game clock.
type contestFlags struct {
	settings     runspec.Settings
	run          runFlags
	rf           rulesFlags
	gameName     string
	openingsBook bookFlags
	tc           string
}

// setDefaults gives a contest its defaults: the run's, with pairs opened
// by 4 random plies.
func (c *contestFlags) setDefaults() {
	c.settings = runspec.Defaults()
	c.run = runFlags{Settings: &c.settings}
	c.settings.RandomOpening = 4
}

// start is what match and tournament check first, in this order: the
// rules, --games as whole colour-swapped pairs, and the game clock of --tc
// (nil without one).
func (c *contestFlags) start() (rules.Rules, *arena.TimeControl, error) {
	r, err := c.rf.rules()
	if err != nil {
		return r, nil, err
	}
	if err := runspec.PairedGames("games", c.run.Games, ""); err != nil {
		return r, nil, err
	}
	clock, err := timeControl(c.tc)
	return r, clock, err
}

// addExternalWaitFlags declares how long a contest waits for an external
// engine: --margin past a movetime budget and --move-timeout under a sims
// or nodes budget.
func addExternalWaitFlags(cmd *cobra.Command, margin, moveTimeout *time.Duration) {
	cmd.Flags().DurationVar(margin, "margin", external.DefaultMargin, "time past a movetime budget after which an external engine has lost the game by timeout")
	cmd.Flags().DurationVar(moveTimeout, "move-timeout", external.DefaultMoveTimeout, "longest wait for an external engine's move under a sims or nodes budget")
}

// timeControl reads --tc BASE+INC: nil when it is empty (no game clock).
func timeControl(tc string) (*arena.TimeControl, error) {
	if tc == "" {
		return nil, nil
	}
	c, err := arena.ParseTimeControl(tc)
	if err != nil {
		return nil, fmt.Errorf("--tc: %w", err)
	}
	return &c, nil
}
