package train

import (
	"context"
	"path/filepath"
	"slices"
	"strings"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/eval/tournament"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/internal/base/words"
)

// PoolPriorDraws are the virtual drawn games the pool fit adds to every
// match (stats.PoolOptions.PriorDraws), a tournament's: generation 1
// sweeps generation 0, and one draw keeps such a rating finite (a 200-0
// match reads +1040) while moving a match of 200 games at 60% by under
// 0.3 Elo.
const PoolPriorDraws = tournament.DefaultPriorDraws

// Ratings are the ladder's Elo from one Bradley–Terry fit over every match
// the run played among its players (gates, pool matches, anchor matches;
// stats.PoolRatings), relative to Anchor: the first of Config.Pool where
// there is one (the shipped model), else generation 0.
type Ratings struct {
	Anchor     string         `json:"anchor"`
	PriorDraws float64        `json:"prior_draws"`
	Players    []PlayerRating `json:"players"`
}

// PlayerRating is one player's Elo in Ratings with its 95% interval and
// the games of the fit it played.
type PlayerRating struct {
	Player string     `json:"player"`
	Elo    float64    `json:"elo"`
	EloCI  [2]float64 `json:"elo_ci"`
	Games  int        `json:"games"`
}

// poolName is the ladder's name of the pool member opened from name (a
// model file or a name of eval's registry).
func poolName(name string) string { return "pool " + name }

// poolFile is the file of a generation's match against a pool member or
// an earlier generation: pool-NAME.json, NAME the member's file name
// without .json (or its registry name), or gen-GG.
func poolFile(opponent string) string {
	base := strings.TrimSuffix(filepath.Base(opponent), ".json")
	return "pool-" + base + ".json"
}

// openPool opens Config.Pool's members as players (none without pool
// matches).
func (r *runner[G, P, M]) openPool() ([]player[P, M], error) {
	var out []player[P, M]
	if r.cfg.PoolGames == 0 {
		return nil, nil
	}
	files := map[string]string{}
	for _, name := range r.cfg.Pool {
		if other, ok := files[poolFile(name)]; ok {
			return nil, setting.Errorf("%s and %s: two members with one file name, %s", setting.Set("pool", other), setting.Set("pool", name), poolFile(name))
		}
		files[poolFile(name)] = name
		ev, identity, err := r.kit.open(name)
		if err != nil {
			return nil, setting.Errorf("%s: %w", setting.Set("pool", name), err)
		}
		out = append(out, player[P, M]{name: poolName(name), cfg: r.cfg.matchEngine(true), ev: ev, hash: identity})
	}
	return out, nil
}

// poolOpponents are the players generation g meets in the pool besides
// its gate: Config.PoolDepth generations before it (from generation 1 on,
// the gate's opponent aside) and Config.Pool's members.
func (r *runner[G, P, M]) poolOpponents(g, gateOpponent int) []player[P, M] {
	var out []player[P, M]
	for k := max(1, g-r.cfg.PoolDepth); k < g; k++ {
		if k != gateOpponent {
			out = append(out, r.players[k])
		}
	}
	return append(out, r.pool...)
}

// playPool plays generation g's pool matches (Config.PoolGames each) as
// one gauntlet of eval/tournament, generation g against each opponent
// from the same openings (the seed of the generation's pool), each match
// kept in OUT/gen-GG/pool-NAME.json; a match whose file holds the same key
// is not played again. It reports whether any was played.
func (r *runner[G, P, M]) playPool(ctx context.Context, g int, me player[P, M], gen *Generation) (bool, error) {
	c := &r.cfg
	if c.PoolGames == 0 {
		return false, nil
	}
	seed := c.seedOf("pool", g)
	opps := r.poolOpponents(g, gen.GateOpponent)
	gen.Pool = make([]Match, len(opps))
	players := []*match.PlayerOf[G, P, M]{r.matchPlayer(me)}
	var todo []int // the opponents to play, by index in opps
	for i, opp := range opps {
		if m, ok := keptMatch(r.poolPath(g, opp), r.matchKeyOf(c.PoolGames, seed, me, opp)); ok {
			gen.Pool[i] = m
			continue
		}
		todo = append(todo, i)
		players = append(players, r.matchPlayer(opp))
	}
	if len(todo) == 0 {
		return false, nil
	}
	r.logf("generation %d: pool, %s against %s, %d games each", g, me.name, words.Count(len(todo), "opponent"), c.PoolGames)
	res, err := tournament.Run(ctx, tournament.OptionsOf[G, P, M]{
		Config:  tournament.Config{Gauntlet: true, PriorDraws: PoolPriorDraws, Stderr: c.Log, Quiet: c.Quiet || c.Log == nil},
		Players: players, Game: r.kit.match,
		ArenaOptionsOf: arena.ArenaOptionsOf[G, P, M]{Run: r.matchRun(c.PoolGames, seed), Rules: r.kit.rules}})
	if res != nil {
		// The matches the tournament finished are kept, even when a
		// later one stopped it.
		for _, p := range res.Pairings {
			if !p.Complete {
				continue
			}
			opp := opps[todo[p.B-1]]
			m := matchOf(me.name, opp.name, p.Arena)
			if werr := atomicfile.WriteJSON(r.poolPath(g, opp), matchRecord{Key: r.matchKeyOf(c.PoolGames, seed, me, opp), Result: m}); werr != nil {
				return true, werr
			}
			gen.Pool[todo[p.B-1]] = m
		}
	}
	if err != nil {
		return true, stageError(ctx, "pool", g, err)
	}
	return true, nil
}

// poolPath is the file of generation g's pool match against opp.
func (r *runner[G, P, M]) poolPath(g int, opp player[P, M]) string {
	return r.cfg.path(genDir(g), poolFile(strings.TrimPrefix(opp.name, "pool ")))
}

// rate fits the ladder's Ratings over every match its generations hold.
func (l *Ladder) rate(anchor string) (*Ratings, error) {
	var names []string
	index := map[string]int{}
	id := func(name string) int {
		i, ok := index[name]
		if !ok {
			i = len(names)
			index[name] = i
			names = append(names, name)
		}
		return i
	}
	id(anchor)
	var ms []stats.PoolMatch
	for i := range l.Generations {
		g := &l.Generations[i]
		all := append([]*Match{&g.Gate, g.VsGen0, g.VsMaterial}, pointers(g.Pool)...)
		for _, m := range all {
			if m == nil || m.Games == 0 {
				continue
			}
			ms = append(ms, stats.PoolMatch{A: id(m.A), B: id(m.B), Pairs: m.Pairs, WDL: m.WDL})
		}
	}
	if len(ms) == 0 {
		return nil, nil
	}
	rs, err := stats.PoolRatings(len(names), ms, stats.PoolOptions{Anchor: 0, PriorDraws: PoolPriorDraws, Conf: 0.95})
	if err != nil {
		return nil, err
	}
	out := &Ratings{Anchor: anchor, PriorDraws: PoolPriorDraws}
	for i, r := range rs {
		out.Players = append(out.Players, PlayerRating{Player: names[i], Elo: r.Elo, EloCI: [2]float64{r.CI.Lo, r.CI.Hi}, Games: r.Games})
	}
	slices.SortStableFunc(out.Players, func(a, b PlayerRating) int { return strings.Compare(a.Player, b.Player) })
	return out, nil
}

// setRated copies each generation's rating into its entry (Rated).
func (l *Ladder) setRated() {
	for i := range l.Generations {
		g := &l.Generations[i]
		g.Rated = nil
		if p := l.Ratings.Of(genDir(g.Generation)); p != nil {
			g.Rated = &Chain{Elo: p.Elo, EloCI: p.EloCI}
		}
	}
}

// Of returns the rating of the named player, or nil.
func (r *Ratings) Of(player string) *PlayerRating {
	if r == nil {
		return nil
	}
	for i := range r.Players {
		if r.Players[i].Player == player {
			return &r.Players[i]
		}
	}
	return nil
}

func pointers(ms []Match) []*Match {
	out := make([]*Match, len(ms))
	for i := range ms {
		out[i] = &ms[i]
	}
	return out
}
