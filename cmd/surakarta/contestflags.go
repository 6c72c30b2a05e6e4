package main

import (
	"fmt"
	"time"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/game"
)

// contestBook reads the start positions of --fen or --openings and checks
// the flags every contest of engines shares (match, tournament): a book
// plays its own positions unless --random-opening was given, the run's
// settings, the margins, and --resume with --out. what names the contest
// in the resume's error.
func contestBook[G game.Game[P, M], P any, M game.Move](run *runFlags, fen, openingsFile string, r G, margin, moveTimeout time.Duration, what string) ([]P, error) {
	book, err := match.Openings(fen, openingsFile, r)
	if err != nil {
		return nil, err
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
