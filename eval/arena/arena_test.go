package arena_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// randomPlayer plays uniformly random moves; with greedy set it captures
// whenever it can, which beats random play by a wide margin.
type randomPlayer struct {
	rng    *rand.Rand
	greedy bool
	buf    [rules.MaxMoves]rules.Move
}

func (p *randomPlayer) NewGame(seed uint64, _ rules.Rules) error {
	p.rng = rand.New(rand.NewPCG(seed, 5))
	return nil
}

func (p *randomPlayer) Move(_ context.Context, g *arena.Line) (arena.Played, error) {
	pos := g.Position()
	if p.greedy {
		if caps := pos.GenerateCaptures(p.buf[:0]); len(caps) > 0 {
			return arena.Played{Move: caps[p.rng.IntN(len(caps))], Nodes: 1}, nil
		}
	}
	moves := g.LegalMoves(p.buf[:0])
	return arena.Played{Move: moves[p.rng.IntN(len(moves))], Nodes: 1}, nil
}

func (p *randomPlayer) Close() error { return nil }

func randomFactory(greedy bool) arena.PlayerFactory {
	return func() (arena.Player, error) { return &randomPlayer{greedy: greedy}, nil }
}

func arenaOptions(games, workers int) arena.ArenaOptions {
	return arena.ArenaOptions{Run: runspec.Settings{Games: int64(games), Seed: 3, RandomOpening: 4, Concurrency: workers}, Rules: rules.DefaultRules()}
}

// TestArenaFindsTheStrongerPlayer: greedy capturing against random moves
// must come out ahead with an interval above zero, and behind with A and
// B swapped.
func TestArenaFindsTheStrongerPlayer(t *testing.T) {
	res, err := arena.Arena(context.Background(), randomFactory(true), randomFactory(false), arenaOptions(60, 2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 60 || res.Wins+res.Draws+res.Losses != 60 || res.Pairs.Pairs() != 30 {
		t.Fatalf("counts %+v", res)
	}
	if !(res.Score > 0.7) || !(res.EloCI[0] > 0) || !(res.LOS > 0.99) {
		t.Fatalf("greedy vs random: score %v, elo %v %v, LOS %v: the arena does not see the stronger player", res.Score, res.Elo, res.EloCI, res.LOS)
	}
	if res.AsRed.Wins+res.AsBlack.Wins != res.Wins || res.AsRed.Draws+res.AsRed.Wins+res.AsRed.Losses != 30 {
		t.Fatalf("colour split %+v %+v does not add up to %+v", res.AsRed, res.AsBlack, res.WDL)
	}
	swapped, err := arena.Arena(context.Background(), randomFactory(false), randomFactory(true), arenaOptions(60, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !(swapped.Score < 0.3) || !(swapped.EloCI[1] < 0) {
		t.Fatalf("random vs greedy: score %v, elo %v %v: the result is not scored from A's side", swapped.Score, swapped.Elo, swapped.EloCI)
	}
}

// TestArenaIsDeterministic: the same seed gives the same result on any
// number of workers.
func TestArenaIsDeterministic(t *testing.T) {
	a, err := arena.Arena(context.Background(), randomFactory(true), randomFactory(false), arenaOptions(24, 1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := arena.Arena(context.Background(), randomFactory(true), randomFactory(false), arenaOptions(24, 4))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("1 worker: %+v\n4 workers: %+v", a, b)
	}
}

// TestArenaSPRTStopsEarly: a lopsided match decides long before its games
// run out, at the same pair on any number of workers.
func TestArenaSPRTStopsEarly(t *testing.T) {
	var first *arena.ArenaResult
	for _, w := range []int{1, 3} {
		opt := arenaOptions(400, w)
		opt.SPRT = &stats.SPRTBounds{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
		res, err := arena.Arena(context.Background(), randomFactory(true), randomFactory(false), opt)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Stopped || res.Games >= 400 || res.SPRT == nil || res.SPRT.Decision != stats.AcceptH1.String() {
			t.Fatalf("%d workers: stopped %v after %d games, sprt %+v", w, res.Stopped, res.Games, res.SPRT)
		}
		if first == nil {
			first = res
		} else if !reflect.DeepEqual(first, res) {
			t.Fatalf("SPRT stop depends on the workers: %d vs %d games", first.Games, res.Games)
		}
	}
	data, err := json.Marshal(first)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"games":`, `"wins":`, `"draws":`, `"losses":`, `"score":`, `"elo":`, `"elo_ci":[`, `"los":`, `"sprt":{`} {
		if !strings.Contains(string(data), key) {
			t.Errorf("JSON %s lacks %s", data, key)
		}
	}
}

func TestArenaRefusesBadOptions(t *testing.T) {
	for _, tc := range []struct {
		mod  func(*arena.ArenaOptions)
		want string
	}{
		{func(o *arena.ArenaOptions) { o.Run.Games = 7 }, "even"},
		{func(o *arena.ArenaOptions) { o.Rules.NoCaptureLimit, o.Rules.Repetition = 0, 0 }, "forever"},
		{func(o *arena.ArenaOptions) { o.SPRT = &stats.SPRTBounds{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05} }, "elo1"},
	} {
		opt := arenaOptions(10, 1)
		tc.mod(&opt)
		if _, err := arena.Arena(context.Background(), randomFactory(true), randomFactory(false), opt); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want an error mentioning %q", err, tc.want)
		}
	}
}

// TestArenaCancelReturnsCompletedPairs: a cancelled match reports what it
// finished and the context's error.
func TestArenaCancelReturnsCompletedPairs(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	opt := arenaOptions(2000, 2)
	opt.Progress = func(r arena.ArenaResult) {
		if r.Games >= 10 {
			cancel()
		}
	}
	res, err := arena.Arena(ctx, randomFactory(true), randomFactory(false), opt)
	if err == nil || res == nil || res.Games < 10 || res.Games >= 2000 || res.Games%2 != 0 {
		t.Fatalf("cancelled match: %v games, error %v", res, err)
	}
}

// TestArenaWithSearchPlayers plays a few games between searches with the
// material evaluator and with a linear one, through SearchPlayer.
func TestArenaWithSearchPlayers(t *testing.T) {
	cfg := mcts.DefaultConfig()
	cfg.Sims = 32
	cfg.MaxNodes = 1 << 16
	var w eval.Vector
	w[eval.Material] = 0.3
	w[eval.AttacksOwn] = 0.2
	lin := eval.NewLinear(eval.Logistic, w)
	// Players search under the match's rules, whatever they are: a search
	// player holds settings, not rules, so the two cannot disagree.
	opt := arenaOptions(4, 2)
	opt.Rules.Variant, opt.Rules.NoCaptureLimit = rules.Majority, 30
	res, err := arena.Arena(context.Background(), arena.SearchPlayer(cfg.Settings, lin), arena.SearchPlayer(cfg.Settings, mcts.Material{}), opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 4 || res.MeanPlies < 10 {
		t.Fatalf("played %d games of %v plies on average, want 4 real games", res.Games, res.MeanPlies)
	}
	t.Logf("%+v", res)
}

// faultyPlayer plays random moves, but at ply faultAt it fails: with fault
// (a *arena.Fault) or, when illegal is set, by sending a move the rules
// refuse.
type faultyPlayer struct {
	randomPlayer
	faultAt int
	fault   error
	illegal bool
}

func (p *faultyPlayer) Move(ctx context.Context, g *arena.Line) (arena.Played, error) {
	if g.Ply() >= p.faultAt {
		if p.illegal {
			return arena.Played{Move: rules.NewMove(rules.MakeSquare(0, 0), rules.MakeSquare(5, 5), false)}, nil
		}
		return arena.Played{}, p.fault
	}
	return p.randomPlayer.Move(ctx, g)
}

// TestArenaFaultLosesTheGameAndGoesOn: a player's fault or an illegal move
// loses that game with the reason recorded, and every game is still played.
func TestArenaFaultLosesTheGameAndGoesOn(t *testing.T) {
	for _, tc := range []struct {
		name   string
		player *faultyPlayer
		reason string
	}{
		{"fault", &faultyPlayer{faultAt: 10, fault: &arena.Fault{Reason: arena.FaultCrash, Detail: "exit status 3"}}, arena.FaultCrash},
		{"illegal", &faultyPlayer{faultAt: 10, illegal: true}, arena.FaultIllegalMove},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := arenaOptions(8, 2)
			var recs []arena.GameRecord
			opt.OnPair = func(_ int, g [2]arena.GameRecord) error { recs = append(recs, g[:]...); return nil }
			bad := func() (arena.Player, error) { p := *tc.player; return &p, nil }
			res, err := arena.Arena(context.Background(), randomFactory(false), bad, opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Games != 8 || res.Wins != 8 || res.Reasons[tc.reason] != 8 {
				t.Fatalf("B faults at ply 10 of every game: %+v, want 8 wins for A by %s", res, tc.reason)
			}
			for _, r := range recs {
				if r.Reason != tc.reason || r.Fault == "" || r.Faulty == r.APlayer() || len(r.Moves) < 10 || len(r.Moves) > 11 || r.Nodes[r.APlayer()] == 0 {
					t.Errorf("record of game %d: reason %q fault %q faulty %v, %d moves, nodes %v", r.Game, r.Reason, r.Fault, r.Faulty, len(r.Moves), r.Nodes)
				}
			}
		})
	}
}

// TestArenaResumeSkipsPlayedPairs: pairs passed as played are scored, not
// replayed, and the result equals an uninterrupted match's.
func TestArenaResumeSkipsPlayedPairs(t *testing.T) {
	opt := arenaOptions(12, 2)
	all := map[int][2]arena.GameRecord{}
	opt.OnPair = func(k int, g [2]arena.GameRecord) error { all[k] = g; return nil }
	whole, err := arena.Arena(context.Background(), randomFactory(true), randomFactory(false), opt)
	if err != nil {
		t.Fatal(err)
	}
	opt.Played = map[int][2]arena.GameRecord{0: all[0], 3: all[3], 4: all[4]}
	var replayed []int
	opt.OnPair = func(k int, _ [2]arena.GameRecord) error { replayed = append(replayed, k); return nil }
	resumed, err := arena.Arena(context.Background(), randomFactory(true), randomFactory(false), opt)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(whole, resumed) || !reflect.DeepEqual(replayed, []int{1, 2, 5}) {
		t.Fatalf("resumed match played pairs %v (want 1 2 5):\nwhole   %+v\nresumed %+v", replayed, whole, resumed)
	}
}
