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
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// ArenaOptionsOf are the settings of a match of game G between two
// engines, A and B.
// Its run settings (games, seed, random opening, concurrency) are Run,
// declared with their checks in internal/runspec; the rest are the
// match's own.
type ArenaOptionsOf[G mcts.Game[P, M], P comparable, M game.Move] struct {
	// Run are the match's run settings, with what the arena makes of
	// them: Games is the number of games, even: each random opening is
	// played twice, A taking the first player's side (Red, White) in the
	// first game of the pair and the second's in the second; Seed fixes the openings and the engines' random
	// streams: the same seed gives the same games on any number of
	// workers; RandomOpening uniformly random plies open each pair
	// (dataset.PlayRandomOpening with the pair's index as game id);
	// Concurrency is the number of goroutines playing games, each with its
	// own pair of players (0: GOMAXPROCS). The arena reads no other: Out
	// and Resume are the records' (package eval/match records a match
	// there), and the pairs are not sharded.
	Run runspec.Settings
	// Rules are the game and its settings; they must end every game (a
	// no-capture limit or a repetition ending: Bounded, where the game
	// has it).
	Rules G
	// Openings, when not empty, are the positions the pairs start from:
	// pair k from Openings[k mod len(Openings)] (then RandomOpening plies),
	// each opening played in both colours; empty: the standard start. Each
	// must be legal under Rules and not over (ReadOpenings checks both).
	Openings []P
	// Clock, when not nil, plays every game under this game clock, kept
	// by the arena (clock.go): a move that takes longer than its side's
	// clock shows loses the game on time (FaultTimeForfeit), and the
	// players get the clocks with each move (ClockedPlayerOf). Games on a
	// clock depend on the machine and its load: for strength at equal
	// time, never for data.
	Clock *TimeControl
	// SPRT, when not nil, runs a sequential test on the pairs (pentanomial,
	// logistic Elo) after each pair in pair order and stops the match as
	// soon as it decides.
	SPRT *stats.SPRTBounds
	// Progress, when not nil, is called from the arena's goroutine after
	// each pair is added, in pair order.
	Progress func(ArenaResult)
	// Played holds pairs already played, by pair index (a resumed match):
	// they are scored in their place and not played again.
	Played map[int][2]GameRecordOf[P, M]
	// OnPair, when not nil, is called from the arena's goroutine with each
	// pair this call plays, in pair order, before the pair is scored; an
	// error ends the match (it is where records are written).
	OnPair func(pair int, games [2]GameRecordOf[P, M]) error
}

// ArenaOptions are a Surakarta match's ArenaOptionsOf.
type ArenaOptions = ArenaOptionsOf[rules.Rules, rules.Position, rules.Move]

// bounded is a game's settings that say whether every game ends
// (rules.Rules.Bounded).
type bounded interface{ Bounded() bool }

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
	// AsRed and AsBlack split A's results by the side A played: the
	// first player's (Red, White) and the second's.
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
func Arena[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, a, b PlayerFactoryOf[G, P, M], opt ArenaOptionsOf[G, P, M]) (*ArenaResult, error) {
	if err := checkArena(opt); err != nil {
		return nil, err
	}
	pairs := int(opt.Run.Games / 2)
	workers := opt.Run.Concurrency
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, pairs)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	t := &tally[G, P, M]{opt: opt, pairs: pairs, cancel: cancel, res: &ArenaResult{Reasons: map[string]int{}}, pending: map[int]pairResult[P, M]{}}
	results := make(chan pairResult[P, M], workers)
	playPairs(ctx, a, b, opt, pairs, workers, &t.stop, results)
	for k, games := range opt.Played {
		if k >= 0 && k < pairs {
			t.pending[k] = pairResult[P, M]{index: k, games: games}
		}
	}
	t.add() // resumed pairs at the front
	for r := range results {
		if r.err != nil {
			if t.firstErr == nil && !errors.Is(r.err, context.Canceled) {
				t.firstErr = r.err
				cancel()
			}
			continue
		}
		if t.stop.Load() {
			continue
		}
		t.pending[r.index] = r
		t.add()
	}
	res := t.res
	finishArena(res, t.plies)
	if t.firstErr != nil {
		return res, t.firstErr
	}
	if err := ctx.Err(); err != nil && !res.Stopped && t.done < pairs {
		return res, err
	}
	if opt.SPRT != nil && res.SPRT == nil {
		s, _ := stats.SPRTPentanomial(res.Pairs, *opt.SPRT)
		res.SPRT = sprtReport(opt.SPRT, s)
	}
	return res, nil
}

// checkArena checks a match's options before its first game.
func checkArena[G mcts.Game[P, M], P comparable, M game.Move](opt ArenaOptionsOf[G, P, M]) error {
	if err := runspec.PairedGames("games", opt.Run.Games, ""); err != nil {
		return err
	}
	if err := opt.Rules.Validate(); err != nil {
		return err
	}
	if bd, ok := any(opt.Rules).(bounded); ok && !bd.Bounded() {
		return errors.New("the rules have neither a no-capture limit nor a repetition ending: arena games could go on forever")
	}
	if err := opt.Run.Validate("random_opening"); err != nil {
		return err
	}
	if opt.SPRT != nil {
		if _, err := stats.SPRTPentanomial(stats.Pentanomial{}, *opt.SPRT); err != nil {
			return fmt.Errorf("sprt: %w", err)
		}
	}
	for i, p := range opt.Openings {
		if _, err := OpeningOf(opt.Rules, opt.Rules.FormatPosition(&p)); err != nil {
			return fmt.Errorf("opening %d: %w", i+1, err)
		}
	}
	return nil
}

// pairResult is a pair of games a worker played, by the pair's index; a
// worker whose players could not be made sends index -1 and the error.
type pairResult[P any, M game.Move] struct {
	index int
	games [2]GameRecordOf[P, M]
	err   error
}

// playPairs starts workers goroutines, each with its own players of a and
// b, that play the pairs not played yet (opt.Played) in the order they
// take them, until the last pair, stop or ctx; results is closed once
// they are all done.
func playPairs[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, a, b PlayerFactoryOf[G, P, M], opt ArenaOptionsOf[G, P, M], pairs, workers int, stop *atomic.Bool, results chan<- pairResult[P, M]) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			pa, err := a()
			if err == nil {
				defer pa.Close()
				var pb PlayerOf[G, P, M]
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
						var r pairResult[P, M]
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
			results <- pairResult[P, M]{index: -1, err: err}
		})
	}
	go func() { wg.Wait(); close(results) }()
}

// tally scores a match's pairs in pair order as they come: pending holds
// the pairs played out of order, done counts those added.
type tally[G mcts.Game[P, M], P comparable, M game.Move] struct {
	opt      ArenaOptionsOf[G, P, M]
	pairs    int
	cancel   context.CancelFunc
	res      *ArenaResult
	pending  map[int]pairResult[P, M]
	done     int // pairs added, in order
	plies    int
	firstErr error
	stop     atomic.Bool
}

// add scores the pairs that are next in order.
func (t *tally[G, P, M]) add() {
	opt := t.opt
	for {
		p, ok := t.pending[t.done]
		if !ok || t.stop.Load() {
			return
		}
		if _, resumed := opt.Played[t.done]; !resumed && opt.OnPair != nil {
			if err := opt.OnPair(t.done, p.games); err != nil {
				if t.firstErr == nil {
					t.firstErr = err
				}
				t.stop.Store(true)
				t.cancel()
				return
			}
		}
		delete(t.pending, t.done)
		t.done++
		addPair(t.res, p.games, &t.plies)
		if opt.SPRT != nil {
			s, _ := stats.SPRTPentanomial(t.res.Pairs, *opt.SPRT)
			t.res.SPRT = sprtReport(opt.SPRT, s)
			if s.Decision != stats.Continue && t.done < t.pairs {
				t.res.Stopped = true
				t.stop.Store(true)
			}
		}
		if opt.Progress != nil {
			finishArena(t.res, t.plies)
			opt.Progress(*t.res)
		}
	}
}

// playArenaGame plays game i of the match: pair i/2's opening, A as the
// first player in the pair's first game and as the second in its second.
// The rules core referees: a move it refuses, like a player's Fault, loses
// the game for its player.
func playArenaGame[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, a, b PlayerOf[G, P, M], opt ArenaOptionsOf[G, P, M], i int) (GameRecordOf[P, M], error) {
	type record = GameRecordOf[P, M]
	g, rec, err := openGame(opt, i)
	if err != nil {
		return record{}, err
	}
	aColor := rec.APlayer()
	player := func(c game.Player) PlayerOf[G, P, M] {
		if c == aColor {
			return a
		}
		return b
	}
	forfeit := func(c game.Player, f *Fault) (record, error) {
		rec.Moves = append([]M(nil), g.Moves()...)
		rec.Winner, rec.Reason, rec.Fault, rec.Faulty = game.WinFor(c.Other()), f.Reason, f.Detail, c
		if rec.Fault == "" {
			rec.Fault = f.Reason
		}
		return rec, nil
	}
	var fault *Fault
	clock, clocked, err := startClocks(opt, player, i)
	if err != nil {
		return record{}, err
	}
	for _, c := range []game.Player{aColor, aColor.Other()} {
		if err := player(c).NewGame(playerSeed(opt.Run.Seed, i, uint64(c^aColor)), opt.Rules); err != nil {
			if errors.As(err, &fault) {
				return forfeit(c, fault)
			}
			return record{}, fmt.Errorf("game %d: %w", i, err)
		}
	}
	for !g.IsTerminal() {
		if err := ctx.Err(); err != nil {
			return record{}, err
		}
		c := g.ToMove()
		start := time.Now()
		var mv PlayedOf[M]
		if opt.Clock != nil {
			mv, err = clocked[c].MoveClock(ctx, g, clock)
		} else {
			mv, err = player(c).Move(ctx, g)
		}
		took := time.Since(start)
		rec.Time[c] += took
		rec.Nodes[c] += mv.Nodes
		if err != nil {
			if errors.As(err, &fault) {
				return forfeit(c, fault)
			}
			return record{}, fmt.Errorf("game %d: %w", i, err)
		}
		if opt.Clock != nil { // the referee's clock, before the move counts
			if took > clock.Left[c] {
				return forfeit(c, &Fault{Reason: FaultTimeForfeit, Detail: fmt.Sprintf("the move took %v with %v on the clock (%v)", took.Round(time.Millisecond), clock.Left[c].Round(time.Millisecond), opt.Clock)})
			}
			clock.Left[c] += clock.Inc - took
		}
		if err := g.Play(mv.Move); err != nil {
			return forfeit(c, &Fault{Reason: FaultIllegalMove, Detail: err.Error()})
		}
	}
	out := g.Outcome()
	rec.Moves = append([]M(nil), g.Moves()...)
	rec.Winner, rec.Reason = out.Result, opt.Rules.ReasonName(out.Reason)
	return rec, nil
}

// openGame returns game i's line and its record so far: pair i/2's start
// (its opening position, when the match has a book) and the random
// plies the pair's opening stream draws (dataset.PlayRandomOpening's
// draws).
func openGame[G mcts.Game[P, M], P comparable, M game.Move](opt ArenaOptionsOf[G, P, M], i int) (*game.Line[G, P, M], GameRecordOf[P, M], error) {
	start := opt.Rules.Start()
	if n := len(opt.Openings); n > 0 {
		start = opt.Openings[(i/2)%n]
	}
	g, err := game.NewLine(opt.Rules, start)
	if err != nil {
		return nil, GameRecordOf[P, M]{}, err
	}
	rec := GameRecordOf[P, M]{Game: i, Start: g.Start()}
	draws := dataset.NewStream(dataset.OpeningSeed(opt.Run.Seed, int64(i/2)))
	rec.OpeningPlies = g.PlayRandomPlies(opt.Run.RandomOpening, draws.IntN)
	return g, rec, nil
}

// startClocks returns game i's clocks and its players as clocked players,
// when opt.Clock gives clocks (zero values otherwise); a player that
// cannot play under a clock is an error.
func startClocks[G mcts.Game[P, M], P comparable, M game.Move](opt ArenaOptionsOf[G, P, M], player func(game.Player) PlayerOf[G, P, M], i int) (Clock, [2]ClockedPlayerOf[G, P, M], error) {
	var clocked [2]ClockedPlayerOf[G, P, M]
	if opt.Clock == nil {
		return Clock{}, clocked, nil
	}
	for _, c := range []game.Player{game.First, game.Second} {
		cp, ok := player(c).(ClockedPlayerOf[G, P, M])
		if !ok {
			return Clock{}, clocked, fmt.Errorf("game %d: a player cannot play under a clock (it has no MoveClock)", i)
		}
		clocked[c] = cp
	}
	return Clock{Left: [2]time.Duration{opt.Clock.Base, opt.Clock.Base}, Inc: opt.Clock.Inc}, clocked, nil
}

func addPair[P any, M game.Move](res *ArenaResult, games [2]GameRecordOf[P, M], plies *int) {
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
