package eval_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/stats"
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

func (p *randomPlayer) NewGame(seed uint64) { p.rng = rand.New(rand.NewPCG(seed, 5)) }

func (p *randomPlayer) Move(g *rules.Game) (rules.Move, error) {
	pos := g.Position()
	if p.greedy {
		if caps := pos.GenerateCaptures(p.buf[:0]); len(caps) > 0 {
			return caps[p.rng.IntN(len(caps))], nil
		}
	}
	moves := g.LegalMoves(p.buf[:0])
	return moves[p.rng.IntN(len(moves))], nil
}

func randomFactory(greedy bool) eval.PlayerFactory {
	return func() (eval.Player, error) { return &randomPlayer{greedy: greedy}, nil }
}

func arenaOptions(games, workers int) eval.ArenaOptions {
	return eval.ArenaOptions{Games: games, Rules: rules.DefaultRules(), Seed: 3, RandomOpening: 4, Workers: workers}
}

// TestArenaFindsTheStrongerPlayer: greedy capturing against random moves
// must come out ahead with an interval above zero, and behind with A and
// B swapped.
func TestArenaFindsTheStrongerPlayer(t *testing.T) {
	res, err := eval.Arena(context.Background(), randomFactory(true), randomFactory(false), arenaOptions(60, 2))
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
	swapped, err := eval.Arena(context.Background(), randomFactory(false), randomFactory(true), arenaOptions(60, 2))
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
	a, err := eval.Arena(context.Background(), randomFactory(true), randomFactory(false), arenaOptions(24, 1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := eval.Arena(context.Background(), randomFactory(true), randomFactory(false), arenaOptions(24, 4))
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
	var first *eval.ArenaResult
	for _, w := range []int{1, 3} {
		opt := arenaOptions(400, w)
		opt.SPRT = &stats.SPRTBounds{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
		res, err := eval.Arena(context.Background(), randomFactory(true), randomFactory(false), opt)
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
		mod  func(*eval.ArenaOptions)
		want string
	}{
		{func(o *eval.ArenaOptions) { o.Games = 7 }, "even"},
		{func(o *eval.ArenaOptions) { o.Rules.NoCaptureLimit, o.Rules.Repetition = 0, 0 }, "forever"},
		{func(o *eval.ArenaOptions) { o.SPRT = &stats.SPRTBounds{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05} }, "elo1"},
	} {
		opt := arenaOptions(10, 1)
		tc.mod(&opt)
		if _, err := eval.Arena(context.Background(), randomFactory(true), randomFactory(false), opt); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want an error mentioning %q", err, tc.want)
		}
	}
}

// TestArenaCancelReturnsCompletedPairs: a cancelled match reports what it
// finished and the context's error.
func TestArenaCancelReturnsCompletedPairs(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	opt := arenaOptions(2000, 2)
	opt.Progress = func(r eval.ArenaResult) {
		if r.Games >= 10 {
			cancel()
		}
	}
	res, err := eval.Arena(ctx, randomFactory(true), randomFactory(false), opt)
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
	res, err := eval.Arena(context.Background(), eval.SearchPlayer(cfg, lin), eval.SearchPlayer(cfg, mcts.Material{}), arenaOptions(4, 2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 4 || res.MeanPlies < 10 {
		t.Fatalf("played %d games of %v plies on average, want 4 real games", res.Games, res.MeanPlies)
	}
	t.Logf("%+v", res)
}
