// Package gametest holds the conformance checks every implementation of
// game.Game runs in its tests (as testing/fstest does for file systems):
// random playouts from the start, seeded, checking at every position that
// the contract's promises hold together (OpenSpiel's random-simulation
// test, extended to this contract).
//
// Files: gametest.go the checks (Check, Options).
//
// At every position of every playout Check verifies: Moves fills the
// caller's buffer without growing it, lists distinct codes and no NoMove;
// every move's notation parses back to it and the position's text to the
// same text, key, player to move and move list; Apply changes only the
// position it is given and returns the key Key then gives; an irreversible
// move leads to a key none of the game's earlier positions had; Judge
// ends a position without moves and names every reason it gives; the
// forcing moves (game.Forcing) are a subsequence of the moves; every move
// game.Decisive says wins at once does; and for every symmetry, the image
// has the mapped player to move, the mapped moves (in the same order
// where KeepsOrder says so), the mapped ending, and applying a mapped move
// to the image gives the image of the child.
package gametest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/surakarta/surakarta/game"
)

// Options size the check.
type Options struct {
	Games    int    // playouts from the start; 0: 20
	MaxPlies int    // plies per playout at most; 0: 200
	Seed     uint64 // seeds the playouts' generator
}

// Check runs the conformance checks on g, failing t with the game, the
// playout, the ply and the position's text of the first broken promise of
// each kind.
func Check[G game.Game[P, M], P any, M game.Move](t *testing.T, g G, opt Options) {
	t.Helper()
	if opt.Games == 0 {
		opt.Games = 20
	}
	if opt.MaxPlies == 0 {
		opt.MaxPlies = 200
	}
	c := checker[G, P, M]{t: t, g: g, failed: map[string]bool{}}
	c.rules()
	rng := rand.New(rand.NewPCG(opt.Seed, 0x67616d6574657374))
	for i := range opt.Games {
		c.playout(i, opt.MaxPlies, rng)
		if t.Failed() {
			return
		}
	}
}

type checker[G game.Game[P, M], P any, M game.Move] struct {
	t      *testing.T
	g      G
	failed map[string]bool // kinds of failure reported once each
	where  string
	buf    []M
}

func (c *checker[G, P, M]) fail(kind, format string, args ...any) {
	c.t.Helper()
	if c.failed[kind] {
		return
	}
	c.failed[kind] = true
	c.t.Errorf("%s %s: %s: %s", c.g.Name(), c.where, kind, fmt.Sprintf(format, args...))
}

// moves returns p's moves in a fresh buffer of capacity MaxMoves, checking
// that Moves filled it without growing it.
func (c *checker[G, P, M]) moves(p *P) []M {
	buf := make([]M, 0, c.g.MaxMoves())
	moves := c.g.Moves(p, buf)
	if cap(moves) != cap(buf) || len(moves) > 0 && &moves[:1][0] != &buf[:1][0] {
		c.fail("moves buffer", "Moves did not fill the caller's buffer of MaxMoves %d (%d moves)", c.g.MaxMoves(), len(moves))
	}
	return moves
}

func (c *checker[G, P, M]) rules() {
	g := c.g
	c.where = "rules"
	if g.Name() == "" {
		c.fail("name", "empty Name")
	}
	for _, r := range g.Name() {
		if r < 'a' || r > 'z' {
			c.fail("name", "Name %q is not lower-case letters", g.Name())
		}
	}
	if g.String() == "" {
		c.fail("rules string", "empty rules string")
	}
	if err := g.Validate(); err != nil {
		c.fail("validate", "Validate: %v", err)
	}
	if g.MaxMoves() < 1 || g.MaxMoves() > 1<<16 {
		c.fail("max moves", "MaxMoves %d out of 1..65536", g.MaxMoves())
	}
	if g.ReasonName(game.NotOver) != "" {
		c.fail("reason name", "ReasonName(NotOver) = %q, want \"\"", g.ReasonName(game.NotOver))
	}
	if g.PlayerName(game.First) == "" || g.PlayerName(game.First) == g.PlayerName(game.Second) {
		c.fail("player name", "players named %q and %q", g.PlayerName(game.First), g.PlayerName(game.Second))
	}
	if g.Symmetries() < 1 {
		c.fail("symmetries", "Symmetries() = %d: the identity is symmetry 0", g.Symmetries())
	} else if g.SwapsPlayers(0) || !g.KeepsOrder(0) {
		c.fail("symmetries", "symmetry 0 must be the identity (keeps the players and the order)")
	}
}

// playout plays game i at random from the start, checking each position.
func (c *checker[G, P, M]) playout(i, maxPlies int, rng *rand.Rand) {
	g := c.g
	p := g.Start()
	keys := []uint64{g.Key(&p)} // since the last irreversible move
	all := map[uint64]bool{g.Key(&p): true}
	for ply := 0; ; ply++ {
		c.where = fmt.Sprintf("playout %d ply %d %q", i, ply, g.FormatPosition(&p))
		moves := c.moves(&p)
		o := g.Judge(&p, len(moves) > 0, game.Occurrences(keys))
		c.position(&p, moves, o)
		if o.IsTerminal() || len(moves) == 0 || ply == maxPlies || c.t.Failed() {
			if len(moves) == 0 && !o.IsTerminal() {
				c.fail("no moves", "a position without legal moves is not over")
			}
			return
		}
		m := moves[rng.IntN(len(moves))]
		key, irreversible := g.Apply(&p, m)
		if irreversible {
			if all[key] {
				c.fail("irreversible", "an irreversible move led to a key the game had before")
			}
			keys = keys[:0]
		}
		keys = append(keys, key)
		all[key] = true
	}
}

// position checks p, with its moves and ending o.
func (c *checker[G, P, M]) position(p *P, moves []M, o game.Outcome) {
	g := c.g
	text, key := g.FormatPosition(p), g.Key(p)
	if o.IsTerminal() && g.ReasonName(o.Reason) == "" {
		c.fail("reason name", "Judge gave reason %d, which ReasonName does not name", o.Reason)
	}
	if !g.Judge(p, false, 1).IsTerminal() {
		c.fail("no moves", "Judge(p, hasMoves false) is not over")
	}
	seen := make(map[M]bool, len(moves))
	for _, m := range moves {
		if m == game.NoMove[M]() {
			c.fail("no move", "Moves lists NoMove")
		}
		if seen[m] {
			c.fail("distinct", "Moves lists %s twice", g.FormatMove(p, m))
		}
		seen[m] = true
		s := g.FormatMove(p, m)
		if back, err := g.ParseMove(p, s); err != nil || back != m {
			c.fail("move notation", "%q parses back to %v, %v: want the move", s, back, err)
		}
		q := *p
		k, _ := g.Apply(&q, m)
		if k != g.Key(&q) {
			c.fail("apply key", "Apply of %s returned key %#x, Key gives %#x", s, k, g.Key(&q))
		}
		if g.Key(p) != key || g.FormatPosition(p) != text {
			c.fail("apply copy", "Apply of %s on a copy changed the original", s)
		}
	}
	back, err := g.ParsePosition(text)
	switch {
	case err != nil:
		c.fail("position notation", "%q does not parse: %v", text, err)
	case g.FormatPosition(&back) != text || g.Key(&back) != key || g.ToMove(&back) != g.ToMove(p):
		c.fail("position notation", "%q parses back to %q (key %#x, want %#x)", text, g.FormatPosition(&back), g.Key(&back), key)
	case !slices.Equal(c.moves(&back), moves):
		c.fail("position notation", "the parsed position lists other moves")
	}
	if f, ok := any(&c.g).(game.Forcing[P, M]); ok {
		forcing := f.ForcingMoves(p, moves, make([]M, 0, len(moves)))
		if !subsequence(forcing, moves) {
			c.fail("forcing", "ForcingMoves is not a subsequence of the moves")
		}
	}
	if d, ok := any(&c.g).(game.Decisive[P, M]); ok && d.Decisive(p) {
		mover := g.ToMove(p)
		for _, m := range moves {
			if !d.WinsAtOnce(p, m) {
				continue
			}
			q := *p
			g.Apply(&q, m)
			if r := g.Judge(&q, len(c.moves(&q)) > 0, 1).Result; r.Value(mover) != 1 {
				c.fail("decisive", "%s is said to win at once; the game gives %v", g.FormatMove(p, m), r)
			}
		}
	}
	for t := range g.Symmetries() {
		c.symmetry(t, p, moves)
	}
}

// symmetry checks that symmetry t maps p's player to move, moves, ending
// and children onto its image's.
func (c *checker[G, P, M]) symmetry(t int, p *P, moves []M) {
	g := c.g
	name := g.SymmetryName(t)
	img := g.MapPosition(t, p)
	swap := g.SwapsPlayers(t)
	player := func(pl game.Player) game.Player {
		if swap {
			return pl.Other()
		}
		return pl
	}
	if g.ToMove(&img) != player(g.ToMove(p)) {
		c.fail("symmetry "+name, "the image has the wrong player to move")
	}
	if t == 0 && (g.Key(&img) != g.Key(p) || g.FormatPosition(&img) != g.FormatPosition(p)) {
		c.fail("symmetry "+name, "symmetry 0 does not map the position onto itself")
	}
	mapped := make([]M, len(moves))
	for i, m := range moves {
		mapped[i] = g.MapMove(t, p, m)
	}
	got := c.moves(&img)
	if g.KeepsOrder(t) {
		if !slices.Equal(got, mapped) {
			c.fail("symmetry "+name, "the image's moves are not the mapped moves in order")
		}
	} else if !sameSet(got, mapped) {
		c.fail("symmetry "+name, "the image's moves are not the mapped moves")
	}
	r := g.Judge(&img, len(got) > 0, 1).Result
	want := g.Judge(p, len(moves) > 0, 1).Result
	if swap && (want == game.FirstWins || want == game.SecondWins) {
		want ^= game.FirstWins ^ game.SecondWins
	}
	if r != want {
		c.fail("symmetry "+name, "the image's ending %v is not the mapped %v", r, want)
	}
	for i, m := range moves {
		q, qi := *p, img
		_, irr := g.Apply(&q, m)
		k, irri := g.Apply(&qi, mapped[i])
		qm := g.MapPosition(t, &q)
		if k != g.Key(&qm) || irr != irri {
			c.fail("symmetry "+name, "playing the image of %s on the image is not the image of playing it", g.FormatMove(p, m))
		}
	}
}

func subsequence[M comparable](sub, of []M) bool {
	i := 0
	for _, m := range of {
		if i < len(sub) && sub[i] == m {
			i++
		}
	}
	return i == len(sub)
}

func sameSet[M comparable](a, b []M) bool {
	if len(a) != len(b) {
		return false
	}
	in := make(map[M]bool, len(a))
	for _, m := range a {
		in[m] = true
	}
	for _, m := range b {
		if !in[m] {
			return false
		}
	}
	return true
}
