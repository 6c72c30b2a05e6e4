package tournament

import (
	"cmp"
	"slices"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/stats"
)

// Conf is the confidence level of the rating list's intervals.
const Conf = 0.95

// Result is a played tournament: its engines, what each pairing scored
// and the rating list.
type Result struct {
	// Names are the engines' names, in the order given.
	Names []string
	// Settings are what match --json records of each engine (a built-in
	// engine's every setting, an external one's command and id name),
	// nil for an engine that has not played.
	Settings []any
	// Costs are each engine's moves, time and nodes over its games.
	Costs []match.SideCost
	// Anchor is the index of the engine rated 0.
	Anchor int
	// Pairings are the pairings played, in order, from engine A's side
	// (the last one cut short where the tournament stopped early).
	Pairings []Played
	// Ratings are the rating list, best first: every engine that played,
	// from one fit over every pairing. RatingsNote says why there is none
	// (no games yet, or the anchor has played none).
	Ratings     []Rating
	RatingsNote string
	// Complete is false when the tournament stopped before its end.
	Complete bool

	opt    Config
	played playedSettings
}

// playedSettings are what a tournament's report says of its games beside
// its Config.
type playedSettings struct {
	run         runspec.Settings
	game, rules string
	start       string // the openings' text, "" for the standard start
	players     bool   // the engines were given as players (OptionsOf.Players)
}

// rulesText names the rules in the report: the game's rules string,
// after the game's name for a game other than Surakarta.
func (s *playedSettings) rulesText() string {
	if s.game == dataset.DefaultGame {
		return s.rules
	}
	return s.game + " " + s.rules
}

// Played is one pairing's match, from A's side.
type Played struct {
	Pairing
	Arena *arena.ArenaResult
	// Complete is false when the pairing stopped before its games.
	Complete bool
}

// Rating is one engine's line of the rating list: its Elo relative to the
// anchor with its standard error and interval (the anchor's is 0, of
// width 0), its games and points, and its pairs by its points (0, 1/2, 1,
// 3/2, 2: the pentanomial counts over all its pairings).
type Rating struct {
	Rank   int               `json:"rank"`
	Engine string            `json:"engine"`
	Elo    float64           `json:"elo"`
	SE     float64           `json:"se"`
	EloCI  [2]float64        `json:"elo_ci"`
	Games  int               `json:"games"`
	Points float64           `json:"points"`
	Score  float64           `json:"score"`
	Pairs  stats.Pentanomial `json:"pairs"`

	index int
}

// add records pairing p's match.
func (r *Result) add(p Pairing, m *match.Result) {
	r.Pairings = append(r.Pairings, Played{Pairing: p, Arena: m.Arena, Complete: m.Complete})
	r.Costs[p.A].Add(m.Costs.A)
	r.Costs[p.B].Add(m.Costs.B)
	j := m.JSON()
	for i, s := range [2]any{j.AEngine, j.BEngine} {
		if e := [2]int{p.A, p.B}[i]; r.Settings[e] == nil {
			r.Settings[e] = s
		}
	}
}

// Games returns the games played.
func (r *Result) Games() int {
	n := 0
	for _, p := range r.Pairings {
		n += p.Arena.Games
	}
	return n
}

// fit sets the rating list: one Bradley–Terry fit by maximum likelihood
// over every pairing's pairs (stats.PoolRatings), with the tournament's
// prior draws, of the engines that have played; the anchor rated 0.
func (r *Result) fit() {
	r.Ratings, r.RatingsNote = nil, ""
	index := make([]int, len(r.Names)) // engine -> player of the fit, or -1
	for i := range index {
		index[i] = -1
	}
	var engines []int // player of the fit -> engine
	player := func(e int) int {
		if index[e] < 0 {
			index[e] = len(engines)
			engines = append(engines, e)
		}
		return index[e]
	}
	var ms []stats.PoolMatch
	for _, p := range r.Pairings {
		if p.Arena.Games == 0 {
			continue
		}
		ms = append(ms, stats.PoolMatch{A: player(p.A), B: player(p.B), Pairs: p.Arena.Pairs})
	}
	switch {
	case len(ms) == 0:
		r.RatingsNote = "no games played yet"
		return
	case index[r.Anchor] < 0:
		r.RatingsNote = "the anchor, " + r.Names[r.Anchor] + ", has played no games yet"
		return
	}
	fitted, err := stats.PoolRatings(len(engines), ms, stats.PoolOptions{Anchor: index[r.Anchor], PriorDraws: r.opt.PriorDraws, Conf: Conf})
	if err != nil {
		r.RatingsNote = err.Error()
		return
	}
	for k, f := range fitted {
		r.Ratings = append(r.Ratings, Rating{Engine: r.Names[engines[k]], Elo: f.Elo, SE: f.SE, EloCI: [2]float64{f.CI.Lo, f.CI.Hi}, index: engines[k]})
	}
	for _, p := range r.Pairings {
		if p.Arena.Games == 0 {
			continue
		}
		a, b := &r.Ratings[index[p.A]], &r.Ratings[index[p.B]]
		pa := float64(p.Arena.Wins) + float64(p.Arena.Draws)/2
		a.Games += p.Arena.Games
		b.Games += p.Arena.Games
		a.Points += pa
		b.Points += float64(p.Arena.Games) - pa
		for k, c := range p.Arena.Pairs {
			a.Pairs[k] += c
			b.Pairs[4-k] += c
		}
	}
	slices.SortStableFunc(r.Ratings, func(x, y Rating) int {
		return cmp.Or(cmp.Compare(y.Elo, x.Elo), cmp.Compare(x.index, y.index))
	})
	for i := range r.Ratings {
		g := &r.Ratings[i]
		g.Rank, g.Score = i+1, g.Points/float64(g.Games)
	}
}
