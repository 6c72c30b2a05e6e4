package dataset

import (
	"fmt"
	"slices"
	"sync"

	"github.com/surakarta/surakarta/game"
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
	rules, start any // a game's rules and start position (comparable values)
	k            int
}

var openingsCache sync.Map // openingsKey -> openingsEntry

type openingsEntry struct {
	list any // [][]M
	err  error
}

// EnumerateOpeningsOf returns every sequence of up to k legal plies from
// start under g, in the order of OpeningEnumerated: depth first, with the
// moves of each position in the game's opening order (game.OpeningOrder,
// Surakarta's square order; else Moves'); a sequence that ends the game
// early is one opening, shorter. It is an error when they number more
// than MaxEnumeratedOpenings. The list is computed once per (rules, start,
// k) and shared: callers must not modify it.
func EnumerateOpeningsOf[G game.Game[P, M], P comparable, M game.Move](g G, start P, k int) ([][]M, error) {
	key := openingsKey{any(g), any(start), k}
	if e, ok := openingsCache.Load(key); ok {
		return e.(openingsEntry).list.([][]M), e.(openingsEntry).err
	}
	l, err := game.NewLine(g, start)
	if err != nil {
		return nil, err
	}
	list := g.Moves
	if o, ok := any(&g).(game.OpeningOrder[P, M]); ok {
		list = o.OpeningMoves
	}
	var out [][]M
	var path []M
	var walk func(l *game.Line[G, P, M], left int) bool
	walk = func(l *game.Line[G, P, M], left int) bool {
		if left == 0 || l.IsTerminal() {
			if len(out) == MaxEnumeratedOpenings {
				return false
			}
			out = append(out, slices.Clone(path))
			return true
		}
		pos := l.Position()
		for _, m := range list(&pos, make([]M, 0, g.MaxMoves())) {
			c := l.Clone()
			if err := c.Play(m); err != nil {
				panic("dataset: an opening move the game listed was refused: " + err.Error())
			}
			path = append(path, m)
			ok := walk(c, left-1)
			path = path[:len(path)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	if !walk(l, k) {
		out, err = nil, fmt.Errorf("%d-ply openings: more than %d; use fewer plies or random openings", k, MaxEnumeratedOpenings)
	}
	openingsCache.Store(key, openingsEntry{out, err})
	return out, err
}

// EnumerateOpenings is EnumerateOpeningsOf for Surakarta.
func EnumerateOpenings(r rules.Rules, start rules.Position, k int) ([][]rules.Move, error) {
	return EnumerateOpeningsOf(r, start, k)
}

// OpeningIndex returns the opening game id plays under OpeningEnumerated
// with n openings: id mod n.
func OpeningIndex(id int64, n int) int { return int(id % int64(n)) }

// PlayOpeningOf plays game id's opening of up to k plies by the procedure
// (OpeningRandom or OpeningEnumerated; "" is OpeningRandom) on l, a game
// at its start, and returns the number of plies played.
func PlayOpeningOf[G game.Game[P, M], P comparable, M game.Move](l *game.Line[G, P, M], procedure string, seed uint64, id int64, k int) (int, error) {
	if procedure == "" || procedure == OpeningRandom {
		s := NewStream(OpeningSeed(seed, id))
		return l.PlayRandomPlies(k, s.IntN), nil
	}
	if procedure != OpeningEnumerated {
		_, err := ParseOpening(procedure)
		return 0, err
	}
	list, err := EnumerateOpeningsOf(l.Rules(), l.Start(), k)
	if err != nil {
		return 0, err
	}
	opening := list[OpeningIndex(id, len(list))]
	for _, m := range opening {
		if err := l.Play(m); err != nil {
			return 0, fmt.Errorf("dataset: enumerated opening move refused: %w", err)
		}
	}
	return len(opening), nil
}
