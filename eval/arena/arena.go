package arena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/rules"
)

// ArenaOptions are the settings of a match between two engines, A and B.
// Its run settings (games, seed, random opening, concurrency) are Run,
// declared with their checks in internal/app/runspec; the rest are the
// match's own.
type ArenaOptions struct {
	// Run are the match's run settings, with what the arena makes of
	// them: Games is the number of games, even: each random opening is
	// played twice, A taking Red in the first game of the pair and Black
	// in the second; Seed fixes the openings and the engines' random
	// streams: the same seed gives the same games on any number of
	// workers; RandomOpening uniformly random plies open each pair
	// (dataset.PlayRandomOpening with the pair's index as game id);
	// Concurrency is the number of goroutines playing games, each with its
	// own pair of players (0: GOMAXPROCS). The arena reads no other: Out
	// and Resume are the records' (package eval/match records a match
	// there), and the pairs are not sharded.
	Run runspec.Settings
	// Rules are the game settings; they must end every game (a no-capture
	// limit or a repetition ending).
	Rules rules.Rules
	// Openings, when not empty, are the positions the pairs start from:
	// pair k from Openings[k mod len(Openings)] (then RandomOpening plies),
	// each opening played in both colours; empty: the standard start. Each
	// must be legal under Rules and not over (ReadOpenings checks both).
	Openings []rules.Position
	// SPRT, when not nil, runs a sequential test on the pairs (pentanomial,
	// logistic Elo) after each pair in pair order and stops the match as
	// soon as it decides.
	SPRT *stats.SPRTBounds
	// Progress, when not nil, is called from the arena's goroutine after
	// each pair is added, in pair order.
	Progress func(ArenaResult)
	// Played holds pairs already played, by pair index (a resumed match):
	// they are scored in their place and not played again.
	Played map[int][2]GameRecord
	// OnPair, when not nil, is called from the arena's goroutine with each
	// pair this call plays, in pair order, before the pair is scored; an
	// error ends the match (it is where records are written).
	OnPair func(pair int, games [2]GameRecord) error
}

// ArenaResult is the outcome of a match from A's side.
type ArenaResult struct {
	// Games counts the games played and scored (whole pairs only).
	Games int `json:"games"`
	stats.WDL
	// Score is (wins + draws/2)/games.
	Score stats.Num `json:"score"`
	// Elo is the logistic Elo difference A − B and EloCI its 95%
	// interval, from the pentanomial distribution of the pairs
	// (stats.EloPentanomial); LOS is the likelihood that A is the stronger.
	// Infinite values (a clean sweep) are written as null in JSON.
	Elo   stats.Num    `json:"elo"`
	EloCI [2]stats.Num `json:"elo_ci"`
	// EloBound is set at a clean sweep (A won, or lost, every pair): the
	// finite one-sided 95% bound of stats.SweepBound over the pairs,
	// which EloCI also holds as its finite end.
	EloBound *stats.EloBound `json:"elo_bound,omitempty"`
	LOS      float64         `json:"los"`
	// Pairs counts the pairs by A's points in them: 0, ½, 1, 1½, 2.
	Pairs stats.Pentanomial `json:"pairs"`
	// AsRed and AsBlack split A's results by colour.
	AsRed   stats.WDL `json:"a_as_red"`
	AsBlack stats.WDL `json:"a_as_black"`
	// Reasons counts the games by how they ended.
	Reasons map[string]int `json:"reasons"`
	// MeanPlies is the mean game length.
	MeanPlies float64 `json:"mean_plies"`
	// SPRT is the sequential test's state, nil when none was asked for.
	SPRT *SPRTReport `json:"sprt"`
	// Stopped reports that the SPRT decided before all games were played.
	Stopped bool `json:"stopped_early"`
}

// UnmarshalJSON reads a result and recomputes the figures derived from its
// counts (score, Elo and its interval, LOS): JSON holds the infinite Elo of
// a sweep as null, and a result read back must carry the figures the match
// had.
func (r *ArenaResult) UnmarshalJSON(b []byte) error {
	type plain ArenaResult // without this method
	if err := json.Unmarshal(b, (*plain)(r)); err != nil {
		return err
	}
	mean := r.MeanPlies
	finishArena(r, 0)
	r.MeanPlies = mean
	return nil
}

// SPRTReport is the sequential test's bounds and state.
type SPRTReport struct {
	Elo0     float64 `json:"elo0"`
	Elo1     float64 `json:"elo1"`
	Alpha    float64 `json:"alpha"`
	Beta     float64 `json:"beta"`
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision"`
}

// Game seeds: each game's players draw from streams derived from the seed,
// the game's index and the engine, never from the worker that plays it.
func playerSeed(seed uint64, game int, engine uint64) uint64 {
	return dataset.SplitMix64(dataset.SplitMix64(seed^0x6172656e61) ^ uint64(game)<<1 ^ engine) // "arena"
}

// Arena plays a match between the players of a and b and scores it from
// A's side. Pairs are played on opt.Run.Concurrency goroutines but added to
// the result in pair order, so the result (SPRT stop included) depends only
// on the options (and, with external engines, on their determinism). A
// player's Fault loses that game and the match goes on; the game's record
// and the result's Reasons give the fault's reason. Each worker's players
// are closed when it ends. When ctx is cancelled Arena returns the pairs
// completed in order so far together with ctx's error.
func Arena(ctx context.Context, a, b PlayerFactory, opt ArenaOptions) (*ArenaResult, error) {
	if err := runspec.PairedGames("games", opt.Run.Games, ""); err != nil {
		return nil, err
	}
	if err := opt.Rules.Validate(); err != nil {
		return nil, err
	}
	if opt.Rules.NoCaptureLimit == 0 && opt.Rules.Repetition == 0 {
		return nil, errors.New("the rules have neither a no-capture limit nor a repetition ending: arena games could go on forever")
	}
	if err := opt.Run.Validate("random_opening"); err != nil {
		return nil, err
	}
	if opt.SPRT != nil {
		if _, err := stats.SPRTPentanomial(stats.Pentanomial{}, *opt.SPRT); err != nil {
			return nil, fmt.Errorf("sprt: %w", err)
		}
	}
	for i, p := range opt.Openings {
		if _, err := Opening(p.FEN(), opt.Rules); err != nil {
			return nil, fmt.Errorf("opening %d: %w", i+1, err)
		}
	}
	pairs := int(opt.Run.Games / 2)
	workers := opt.Run.Concurrency
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, pairs)

	type pairResult struct {
		index int
		games [2]GameRecord
		err   error
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	var stop atomic.Bool
	results := make(chan pairResult, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			pa, err := a()
			if err == nil {
				defer pa.Close()
				var pb Player
				if pb, err = b(); err == nil {
					defer pb.Close()
					for !stop.Load() && ctx.Err() == nil {
						k := int(next.Add(1) - 1)
						if k >= pairs {
							return
						}
						if _, ok := opt.Played[k]; ok {
							continue
						}
						var r pairResult
						r.index = k
						for j := 0; j < 2 && r.err == nil; j++ {
							r.games[j], r.err = playArenaGame(ctx, pa, pb, opt, 2*k+j)
						}
						results <- r
						if r.err != nil {
							return
						}
					}
					return
				}
			}
			results <- pairResult{index: -1, err: err}
		})
	}
	go func() { wg.Wait(); close(results) }()

	res := &ArenaResult{Reasons: map[string]int{}}
	pending := map[int]pairResult{}
	for k, games := range opt.Played {
		if k >= 0 && k < pairs {
			pending[k] = pairResult{index: k, games: games}
		}
	}
	done := 0 // pairs added, in order
	plies := 0
	var firstErr error
	// add scores the pairs that are next in order.
	add := func() {
		for {
			p, ok := pending[done]
			if !ok || stop.Load() {
				return
			}
			if _, resumed := opt.Played[done]; !resumed && opt.OnPair != nil {
				if err := opt.OnPair(done, p.games); err != nil {
					if firstErr == nil {
						firstErr = err
					}
					stop.Store(true)
					cancel()
					return
				}
			}
			delete(pending, done)
			done++
			addPair(res, p.games, &plies)
			if opt.SPRT != nil {
				s, _ := stats.SPRTPentanomial(res.Pairs, *opt.SPRT)
				res.SPRT = sprtReport(opt.SPRT, s)
				if s.Decision != stats.Continue && done < pairs {
					res.Stopped = true
					stop.Store(true)
				}
			}
			if opt.Progress != nil {
				finishArena(res, plies)
				opt.Progress(*res)
			}
		}
	}
	add() // resumed pairs at the front
	for r := range results {
		if r.err != nil {
			if firstErr == nil && !errors.Is(r.err, context.Canceled) {
				firstErr = r.err
				cancel()
			}
			continue
		}
		if stop.Load() {
			continue
		}
		pending[r.index] = r
		add()
	}
	finishArena(res, plies)
	if firstErr != nil {
		return res, firstErr
	}
	if err := ctx.Err(); err != nil && !res.Stopped && done < pairs {
		return res, err
	}
	if opt.SPRT != nil && res.SPRT == nil {
		s, _ := stats.SPRTPentanomial(res.Pairs, *opt.SPRT)
		res.SPRT = sprtReport(opt.SPRT, s)
	}
	return res, nil
}

// playArenaGame plays game i of the match: pair i/2's opening, A as Red in
// the pair's first game and as Black in its second. The rules core referees:
// a move it refuses, like a player's Fault, loses the game for its player.
func playArenaGame(ctx context.Context, a, b Player, opt ArenaOptions, i int) (GameRecord, error) {
	start := rules.Start()
	if n := len(opt.Openings); n > 0 {
		start = opt.Openings[(i/2)%n]
	}
	g, err := rules.NewGame(opt.Rules, start)
	if err != nil {
		return GameRecord{}, err
	}
	rec := GameRecord{Game: i, Start: g.Start()}
	rec.OpeningPlies = dataset.PlayRandomOpening(g, opt.Run.Seed, int64(i/2), opt.Run.RandomOpening)
	aColor := rec.AColor()
	player := func(c rules.Color) Player {
		if c == aColor {
			return a
		}
		return b
	}
	forfeit := func(c rules.Color, f *Fault) (GameRecord, error) {
		rec.Moves = append([]rules.Move(nil), g.Moves()...)
		rec.Winner, rec.Reason, rec.Fault, rec.Faulty = rules.WinFor(c^1), f.Reason, f.Detail, c
		if rec.Fault == "" {
			rec.Fault = f.Reason
		}
		return rec, nil
	}
	var fault *Fault
	for _, c := range []rules.Color{aColor, aColor ^ 1} {
		if err := player(c).NewGame(playerSeed(opt.Run.Seed, i, uint64(c^aColor)), opt.Rules); err != nil {
			if errors.As(err, &fault) {
				return forfeit(c, fault)
			}
			return GameRecord{}, fmt.Errorf("game %d: %w", i, err)
		}
	}
	for !g.IsTerminal() {
		if err := ctx.Err(); err != nil {
			return GameRecord{}, err
		}
		c := g.CurrentPlayer()
		start := time.Now()
		mv, err := player(c).Move(ctx, g)
		rec.Time[c] += time.Since(start)
		rec.Nodes[c] += mv.Nodes
		if err != nil {
			if errors.As(err, &fault) {
				return forfeit(c, fault)
			}
			return GameRecord{}, fmt.Errorf("game %d: %w", i, err)
		}
		if err := g.Play(mv.Move); err != nil {
			return forfeit(c, &Fault{Reason: FaultIllegalMove, Detail: err.Error()})
		}
	}
	out := g.Outcome()
	rec.Moves = append([]rules.Move(nil), g.Moves()...)
	rec.Winner, rec.Reason = out.Result, out.Reason.String()
	return rec, nil
}

func addPair(res *ArenaResult, games [2]GameRecord, plies *int) {
	for j := range games {
		g := &games[j]
		side := &res.AsRed
		if j == 1 {
			side = &res.AsBlack
		}
		for _, w := range []*stats.WDL{&res.WDL, side} {
			switch g.ScoreA() {
			case 1:
				w.Wins++
			case 0:
				w.Losses++
			default:
				w.Draws++
			}
		}
		res.Reasons[g.Reason]++
		*plies += len(g.Moves)
		res.Games++
	}
	res.Pairs[int(2*(games[0].ScoreA()+games[1].ScoreA())+0.5)]++
}

// finishArena computes the summary figures from the counts.
func finishArena(res *ArenaResult, plies int) {
	if res.Games == 0 {
		res.Score, res.Elo, res.EloCI, res.LOS = stats.Num(math.NaN()), stats.Num(math.NaN()), [2]stats.Num{stats.Num(math.NaN()), stats.Num(math.NaN())}, 0.5
		return
	}
	res.Score = stats.Num(res.WDL.Score())
	res.MeanPlies = float64(plies) / float64(res.Games)
	e, err := stats.EloPentanomial(res.Pairs, 0.95)
	if err != nil {
		res.Elo = stats.Num(stats.EloFromScore(float64(res.Score)))
		res.EloCI = [2]stats.Num{stats.Num(math.Inf(-1)), stats.Num(math.Inf(1))}
		res.LOS = stats.LOS(res.Wins, res.Losses)
		return
	}
	res.Elo, res.EloCI, res.LOS = stats.Num(e.Elo), [2]stats.Num{stats.Num(e.CI.Lo), stats.Num(e.CI.Hi)}, e.LOS
	res.EloBound = e.Bound
}

func sprtReport(b *stats.SPRTBounds, s stats.SPRTResult) *SPRTReport {
	return &SPRTReport{Elo0: b.Elo0, Elo1: b.Elo1, Alpha: b.Alpha, Beta: b.Beta,
		LLR: s.LLR, Lower: s.Lower, Upper: s.Upper, Decision: s.Decision.String()}
}
