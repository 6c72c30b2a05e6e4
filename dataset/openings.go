package dataset

import (
	"fmt"
	"sync"

	"github.com/surakarta/surakarta/rules"
)

// Opening procedures of a run: how the plies before the engine's first
// search are chosen. The procedure is part of the run's settings (Run.Opening;
// empty is OpeningRandom, the procedure of every dataset before it was
// recorded).
const (
	// OpeningRandom plays k plies, each uniformly random among the legal
	// moves, from game id's opening stream (PlayRandomOpening).
	OpeningRandom = "random"
	// OpeningEnumerated plays opening number id mod N of the N sequences
	// of k legal plies from the start position, enumerated depth first
	// with the moves of each position in square order
	// (rules.Position.GenerateMovesBySquare); a sequence that ends the game
	// early is one opening, shorter. A run of a multiple of N games plays
	// every opening equally often, so its games are a stratified sample of
	// the start position with every k-ply opening weighted alike (k = 2
	// from the start: exactly 256 openings).
	OpeningEnumerated = "enumerated"
)

// MaxEnumeratedOpenings bounds N for OpeningEnumerated (k = 4 from the
// start position has 111,122 openings; k = 6 is beyond it).
const MaxEnumeratedOpenings = 1 << 17

// ParseOpening checks an opening procedure's name; "" is OpeningRandom.
func ParseOpening(s string) (string, error) {
	switch s {
	case "", OpeningRandom:
		return OpeningRandom, nil
	case OpeningEnumerated:
		return s, nil
	}
	return "", fmt.Errorf("opening %q: want %s (uniformly random plies) or %s (every opening of that many plies, in turn)", s, OpeningRandom, OpeningEnumerated)
}

type openingsKey struct {
	rules rules.Rules
	start rules.Position
	k     int
}

var openingsCache sync.Map // openingsKey -> openingsEntry

type openingsEntry struct {
	list [][]rules.Move
	err  error
}

// EnumerateOpenings returns every sequence of up to k legal plies from
// start under r, in the order of OpeningEnumerated (rules.Game.Openings),
// or an error when they number more than MaxEnumeratedOpenings. The list
// is computed once per (rules, start, k) and shared: callers must not
// modify it.
func EnumerateOpenings(r rules.Rules, start rules.Position, k int) ([][]rules.Move, error) {
	key := openingsKey{r, start, k}
	if e, ok := openingsCache.Load(key); ok {
		return e.(openingsEntry).list, e.(openingsEntry).err
	}
	g, err := rules.NewGame(r, start)
	if err != nil {
		return nil, err
	}
	out, ok := g.Openings(k, MaxEnumeratedOpenings)
	if !ok {
		err = fmt.Errorf("%d-ply openings: more than %d; use fewer plies or random openings", k, MaxEnumeratedOpenings)
	}
	openingsCache.Store(key, openingsEntry{out, err})
	return out, err
}

// OpeningIndex returns the opening game id plays under OpeningEnumerated
// with n openings: id mod n.
func OpeningIndex(id int64, n int) int { return int(id % int64(n)) }

// PlayOpening plays game id's opening of up to k plies by the procedure
// (OpeningRandom or OpeningEnumerated; "" is OpeningRandom) and returns the
// number of plies played. g must be at its start.
func PlayOpening(g *rules.Game, procedure string, seed uint64, id int64, k int) (int, error) {
	if procedure == "" || procedure == OpeningRandom {
		return PlayRandomOpening(g, seed, id, k), nil
	}
	if procedure != OpeningEnumerated {
		_, err := ParseOpening(procedure)
		return 0, err
	}
	list, err := EnumerateOpenings(g.Rules(), g.Start(), k)
	if err != nil {
		return 0, err
	}
	for _, m := range list[OpeningIndex(id, len(list))] {
		if err := g.Play(m); err != nil {
			return 0, fmt.Errorf("dataset: enumerated opening move refused: %w", err)
		}
	}
	return len(list[OpeningIndex(id, len(list))]), nil
}
