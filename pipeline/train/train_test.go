package train

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/internal/testing/testutil"
)

// TestGateRules checks both promotion rules on colour-swapped pairs: the
// interval rule promotes only when the pentanomial 95% interval of the
// score lies above one half, the half rule on any score above it.
func TestGateRules(t *testing.T) {
	tests := []struct {
		name           string
		pairs          stats.Pentanomial // pairs scoring 0, ½, 1, 1½, 2 points
		interval, half bool
	}{
		{"51.8% of 200 games", stats.Pentanomial{10, 20, 37, 18, 15}, false, true},
		{"exactly one half", stats.Pentanomial{10, 20, 40, 20, 10}, false, false},
		{"62.5% of 200 games", stats.Pentanomial{5, 10, 35, 30, 20}, true, true},
		{"a clean sweep", stats.Pentanomial{0, 0, 0, 0, 100}, true, true},
		{"all draws", stats.Pentanomial{0, 0, 100, 0, 0}, false, false},
		{"one lost pair", stats.Pentanomial{1, 0, 0, 0, 0}, false, false},
	}
	for _, tc := range tests {
		var res arena.ArenaResult
		res.Pairs = tc.pairs
		for k, n := range tc.pairs { // two games a pair: k half points in all
			res.Games += 2 * n
			res.Wins += n * max(0, k-2)
			res.Losses += n * max(0, 2-k)
			res.Draws += n * (2 - abs(k-2))
		}
		e, err := stats.EloPentanomial(tc.pairs, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		res.Elo, res.EloCI = stats.Num(e.Elo), [2]stats.Num{stats.Num(e.CI.Lo), stats.Num(e.CI.Hi)}
		m := matchOf("a", "b", &res)
		if got := GateInterval.promotes(m); got != tc.interval {
			t.Errorf("%s (%d-%d-%d, Elo %s): interval rule promotes %v, want %v", tc.name, m.Wins, m.Draws, m.Losses, EloText(m.Elo, m.EloCI), got, tc.interval)
		}
		if got := GateHalf.promotes(m); got != tc.half {
			t.Errorf("%s (%d-%d-%d): half rule promotes %v, want %v", tc.name, m.Wins, m.Draws, m.Losses, got, tc.half)
		}
	}
	if _, err := ParseGateRule("sprt"); err == nil || !strings.Contains(err.Error(), "gate \"sprt\": want interval") {
		t.Errorf("ParseGateRule(sprt): %v, want the setting's refusal naming both rules", err)
	}
}

func abs(x int) int { return max(x, -x) }

// TestFailedGateKeepsChampion checks that a generation that fails its gate
// is recorded but does not replace the champion, and that the next
// promoted one does.
func TestFailedGateKeepsChampion(t *testing.T) {
	var l Ladder
	l.add(Generation{Generation: 1, Model: "gen-01/model.json", Promoted: true})
	l.add(Generation{Generation: 2, Model: "gen-02/model.json", Promoted: false})
	if l.Champion != 1 || l.ChampionModel != "gen-01/model.json" || len(l.Generations) != 2 {
		t.Fatalf("after a failed gate: champion %d (%s), %d generations; want 1, 2", l.Champion, l.ChampionModel, len(l.Generations))
	}
	l.add(Generation{Generation: 3, Model: "gen-03/model.json", Promoted: true, GateOpponent: 1,
		Gate: Match{Elo: 100, EloCI: [2]float64{100 - 30*z95, 100 + 30*z95}}})
	if l.Champion != 3 {
		t.Fatalf("champion %d after generation 3 passed, want 3", l.Champion)
	}
	// Generation 3's gate was against generation 1: its chained Elo is
	// the gate's, whatever generation 2 did.
	if c := l.Generations[2].Chained; c == nil || math.Abs(c.Elo-100) > 1e-9 || math.Abs(c.EloCI[1]-c.Elo-30*z95) > 1e-9 {
		t.Fatalf("generation 3 chained %+v, want +100 with a standard error of 30", c)
	}
}

// tinyConfig is a run small enough for a test: two generations of a dozen
// games at a few simulations.
func tinyConfig(out string) Config {
	c := DefaultConfig()
	c.Run.Out, c.Generations, c.Run.Games = out, 2, 12
	c.SelfPlay.Sims, c.Match.Sims = 8, 8
	c.GateGames, c.AnchorGames, c.StrengthGames, c.PoolGames = 4, 2, 0, 2 // the final comparison times the engines: not reproducible
	// Generation 0 the baseline (playouts, material): a model fitted on
	// a dozen games beats it and is promoted, which these runs need to
	// test the loop; against the shipped model, the default generation 0,
	// it loses every gate (TestGenerationZeroIsTheShippedModel plays it).
	if err := c.WithPreset("baseline"); err != nil {
		panic(err)
	}
	// The generations' own pool: TestPoolRatesEveryGenerationOnOneScale
	// adds models.
	c.Pool = nil
	// Two pairs cannot put a score's 95% interval above one half (even a
	// sweep's bound is 22%): the half rule lets these runs promote.
	c.Gate = GateHalf
	// The linear head: these runs test the loop, and each L-BFGS step over
	// the default pattern head's 431,536 weights would triple the package's
	// time (TestBothValueHeadsTrain runs the default head).
	c.Fit.ValueHead = fit.LinearHead
	c.Fit.Value.Holdout, c.Fit.Prior.MaxIterations = 0.3, 30
	return c
}

func ladderWithoutTimes(t *testing.T, dir string) string {
	t.Helper()
	var l Ladder
	if err := atomicfile.ReadJSON(filepath.Join(dir, LadderFile), &l); err != nil {
		t.Fatal(err)
	}
	for i := range l.Generations {
		l.Generations[i].Seconds = nil
	}
	b, _ := json.Marshal(l)
	return string(b)
}

// TestResumeAfterInterruptGivesTheSameLadder interrupts a run at each kind
// of stage of the second generation (self-play, fit, gate, anchors),
// resumes it, and checks that the ladder is the uninterrupted run's; then
// that a resumed finished run reruns nothing.
func TestResumeAfterInterruptGivesTheSameLadder(t *testing.T) {
	base := t.TempDir()
	full := filepath.Join(base, "full")
	if _, err := Run(context.Background(), tinyConfig(full)); err != nil {
		t.Fatal(err)
	}
	want := ladderWithoutTimes(t, full)
	for _, stage := range []string{"generation 2: self-play", "generation 2: fitting", "generation 2: gate", "generation 2: anchor-material"} {
		dir := filepath.Join(base, strings.Fields(stage)[2])
		ctx, cancel := context.WithCancel(context.Background())
		c := tinyConfig(dir)
		c.Log = &testutil.Buffer{OnText: stage, Do: cancel}
		_, err := Run(ctx, c)
		cancel()
		if err == nil && stage != "generation 2: fitting" {
			t.Fatalf("interrupted at %q: no error", stage)
		}
		c = tinyConfig(dir)
		c.Run.Resume = true
		if _, err := Run(context.Background(), c); err != nil {
			t.Fatalf("resume after %q: %v", stage, err)
		}
		if got := ladderWithoutTimes(t, dir); got != want {
			t.Fatalf("resumed after %q, the ladder differs from the uninterrupted run's:\n%s\nwant\n%s", stage, got, want)
		}
	}
	c := tinyConfig(full)
	c.Run.Resume = true
	l, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range l.Generations {
		if len(g.Seconds) != 0 {
			t.Errorf("resumed finished run reran generation %d's stages %v", g.Generation, g.Seconds)
		}
	}
}

func TestRunRefusesOtherRuns(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "x"), []byte("x"), 0o644)
	if _, err := Run(context.Background(), tinyConfig(dir)); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("non-empty --out: error %v", err)
	}
	dir = t.TempDir()
	c := tinyConfig(dir)
	c.Generations = 1
	if _, err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), c); !setting.Advises(err, setting.Key("resume")) {
		t.Errorf("second run without resume: error %v, want one naming resume", err)
	}
	c.Run.Resume, c.Run.Games = true, 14
	if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("resume with other settings: error %v", err)
	}
}

// TestLadderEloIsTheProgramsForm: the ladder wrote "+0 [+0, +0]", "-0"
// and "+∞" while its progress line said "+10000"; every Elo of train is
// now stats.EloText's, a stored ±10000 written ±inf.
func TestLadderEloIsTheProgramsForm(t *testing.T) {
	for _, c := range []struct {
		elo  float64
		ci   [2]float64
		want string
	}{
		{math.Copysign(0, -1), [2]float64{math.Copysign(0, -1), 0}, "+0.0 [+0.0, +0.0]"},
		{10000, [2]float64{10000, 10000}, "+inf [+inf, +inf]"},
		{-35.26, [2]float64{-10000, 12}, "-35.3 [-inf, +12.0]"},
	} {
		if got := EloText(c.elo, c.ci); got != c.want {
			t.Errorf("EloText(%v, %v) = %q, want %q", c.elo, c.ci, got, c.want)
		}
	}
	g := &Generation{GateOpponent: 0, Gate: Match{Elo: 10000}}
	if v := verdict(g, GateInterval); !strings.Contains(v, "Elo +inf") {
		t.Errorf("progress line %q: want Elo +inf", v)
	}
	g = &Generation{Generation: 4, GateOpponent: 2, Gate: Match{Games: 200, WDL: stats.WDL{Wins: 80, Draws: 33, Losses: 87}}}
	if v := gateReason(g, GateHalf); !strings.Contains(v, "not promoted: 96.5 points of 200 (48.2%) against gen-02, not above one half") || !strings.Contains(v, "gen-02 stays the champion") {
		t.Errorf("reason %q: want the score and the champion that stays", v)
	}
	g.Promoted, g.Gate.Wins, g.Gate.Losses = true, 87, 80
	if v := gateReason(g, GateHalf); !strings.Contains(v, "promoted: 103.5 points of 200 (51.8%) against gen-02, above one half") || !strings.Contains(v, "gen-04 is the champion") {
		t.Errorf("reason %q: want the score and the new champion", v)
	}
	g.Promoted, g.Gate.Elo, g.Gate.EloCI = false, 12.2, [2]float64{-12.2, 36.8}
	if v := gateReason(g, GateInterval); !strings.Contains(v, "not promoted: 103.5 points of 200 (51.8%) against gen-02, 95% interval 48.2%-55.3%, not above one half") {
		t.Errorf("reason %q: want the score, its interval and why it does not promote", v)
	}
}

// TestBothValueHeadsTrain runs a tiny run with each value head: the
// default's models hold a pattern head (and a prior), --value-head
// linear's a linear head, and each opens as an evaluator and plays its
// gate.
func TestBothValueHeadsTrain(t *testing.T) {
	for _, head := range []string{"", fit.LinearHead} {
		c := tinyConfig(t.TempDir())
		c.Generations, c.AnchorGames = 1, 0
		c.Fit.ValueHead = head
		if head == "" {
			c.Fit.ValueHead, c.Fit.Value.MaxIterations = DefaultConfig().Fit.ValueHead, 30
		}
		l, err := Run(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		mf, err := eval.LoadModel(c.path(l.Generations[0].Model))
		if err != nil {
			t.Fatal(err)
		}
		if head == "" && (mf.Patterns == nil || mf.Value != nil || mf.Prior == nil || mf.Patterns.Report == nil) {
			t.Fatalf("default run's model: pattern head %v, linear head %v, prior %v: want a pattern head with its report and a prior", mf.Patterns != nil, mf.Value != nil, mf.Prior != nil)
		}
		if head == fit.LinearHead && (mf.Value == nil || mf.Patterns != nil) {
			t.Fatalf("--value-head linear's model: linear head %v, pattern head %v", mf.Value != nil, mf.Patterns != nil)
		}
		// Dataset paths relative to the model file (README), not as the
		// run was given them: the run can move whole.
		hd := mf.Value
		if mf.Patterns != nil {
			hd = &eval.WeightsFile{Dataset: mf.Patterns.Dataset}
		}
		if ds := mf.Provenance.Datasets; len(ds) != 1 || ds[0].Dir != "data" || hd.Dataset.Dir != "data" {
			t.Errorf("head %q: datasets %+v, the head's %q: want data (gen-01/data beside gen-01/model.json)", head, ds, hd.Dataset.Dir)
		}
		if g := l.Generations[0]; g.Gate.Games != c.GateGames || !(g.ValueLogLoss > 0) {
			t.Fatalf("head %q: gate of %d games, value log-loss %v: want %d games and a held-out log-loss", head, g.Gate.Games, g.ValueLogLoss, c.GateGames)
		}
	}
}

// TestBaselinesPlayInTheFinalComparison gives a run another run's model
// as a baseline: the final comparison times it with the run's engines and
// plays it at equal simulations and at equal time; resumed with more
// strength games, the finished run replays that comparison alone.
func TestBaselinesPlayInTheFinalComparison(t *testing.T) {
	other := tinyConfig(t.TempDir())
	other.Generations, other.AnchorGames, other.Run.Seed = 1, 0, 5
	ol, err := Run(context.Background(), other)
	if err != nil {
		t.Fatal(err)
	}
	base := other.path(ol.Generations[0].Model)
	c := tinyConfig(t.TempDir())
	c.Generations, c.AnchorGames, c.StrengthGames, c.Baselines = 1, 0, 2, []string{base}
	log := &testutil.Buffer{}
	c.Log = log
	if _, err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	// Each opponent's two matches were logged alike ("strength, gen-01
	// against gen-01 uniform priors" twice): each line names its budget.
	var lines []string
	for line := range strings.SplitSeq(log.String(), "\n") {
		if strings.Contains(line, ": strength, ") {
			lines = append(lines, line)
		}
	}
	if slices.Sort(lines); len(lines) != 4 || len(slices.Compact(slices.Clone(lines))) != 4 ||
		!strings.Contains(lines[0], " at equal simulations (8 and 8 simulations a move), 2 games") || !strings.Contains(lines[1], " at equal time (8 and ") {
		t.Errorf("the final comparison's log lines:\n%s\nwant four, each naming its budget", strings.Join(lines, "\n"))
	}
	c.Log = nil
	c.Run.Resume, c.StrengthGames = true, 4
	l, err := Run(context.Background(), c)
	if err != nil {
		t.Fatalf("finished run resumed with more strength games: %v", err)
	}
	st, name := l.Strength, "baseline "+base
	if st == nil || len(st.Rates) != 3 || st.Rates[2].Engine != name {
		t.Fatalf("final comparison %+v: want three engines timed, the baseline last", st)
	}
	var played []string
	for _, m := range st.Matches {
		if strings.Contains(m.Name, "vs "+name) {
			played = append(played, m.Name)
			if m.Match.Games != 4 || m.Match.B != name {
				t.Errorf("%s: %d games against %q, want 4 against the baseline", m.Name, m.Match.Games, m.Match.B)
			}
		}
	}
	if len(played) != 2 || !strings.HasSuffix(played[0], "equal simulations") || !strings.HasSuffix(played[1], "equal time") {
		t.Fatalf("baseline matches %q: want one at equal simulations and one at equal time", played)
	}
	for _, g := range l.Generations {
		if len(g.Seconds) != 0 {
			t.Errorf("resumed finished run reran generation %d's stages %v", g.Generation, g.Seconds)
		}
	}
	c.Baselines = []string{filepath.Join(t.TempDir(), "missing.json")}
	if _, err := Run(context.Background(), c); !setting.Advises(err, setting.Key("baseline")) {
		t.Errorf("missing baseline file: error %v, want one naming baseline", err)
	}
}

// TestGen0GamesCountTheFirstGenerationsData: --gen0-games sizes the data
// generation 0 plays (generation 1's) and leaves the trained champions'
// at --games.
func TestGen0GamesCountTheFirstGenerationsData(t *testing.T) {
	c := tinyConfig(t.TempDir())
	c.Gen0Games, c.AnchorGames = 6, 0
	l, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Generations) != 2 || l.Generations[1].SelfPlayChampion != 1 {
		t.Fatalf("ladder %+v: want generation 2's data played by generation 1", l.Generations)
	}
	for g, want := range map[int]int64{1: 6, 2: 12} {
		prov, err := fit.DatasetProvenance(c.path(genDir(g), DataDir), c.Rules.Variant.String())
		if err != nil {
			t.Fatal(err)
		}
		if prov.Games != want {
			t.Errorf("generation %d's data: %d games, want %d", g, prov.Games, want)
		}
	}
	c.Gen0Games = 1
	if err := c.Validate(); !setting.Advises(err, setting.Set("gen0_games", 1)) {
		t.Errorf("gen0 games 1: %v, want the setting's refusal", err)
	}
}

// TestPoolRatesEveryGenerationOnOneScale: each generation plays the pool
// (the earlier generation its gate did not meet and a model file), the
// ladder's ratings put every player on one scale with the pool's model at
// 0, and a finished run resumed with another pool plays only the new
// matches.
func TestPoolRatesEveryGenerationOnOneScale(t *testing.T) {
	other := tinyConfig(t.TempDir())
	other.Generations, other.AnchorGames, other.Run.Seed = 1, 0, 5
	ol, err := Run(context.Background(), other)
	if err != nil {
		t.Fatal(err)
	}
	model := other.path(ol.Generations[0].Model)
	c := tinyConfig(t.TempDir())
	c.Generations, c.Pool = 3, []string{model}
	l, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range l.Generations {
		var met []string
		for _, m := range g.Pool {
			met = append(met, m.B)
			if m.A != genDir(g.Generation) || m.Games != 2 {
				t.Errorf("generation %d: pool match %s against %s, %d games; want its own, 2 games", g.Generation, m.A, m.B, m.Games)
			}
		}
		want := []string{poolName(model)}
		if g.Generation == 3 && g.GateOpponent != 1 {
			want = append([]string{"gen-01"}, want...)
		}
		if g.Generation == 3 && g.GateOpponent != 2 {
			want = append([]string{"gen-02"}, want...)
		}
		if strings.Join(met, ",") != strings.Join(want, ",") {
			t.Errorf("generation %d (gate against gen-%02d) met %q in the pool, want %q", g.Generation, g.GateOpponent, met, want)
		}
	}
	rt := l.Ratings
	if rt == nil || rt.Anchor != poolName(model) {
		t.Fatalf("ratings %+v: want them anchored at the pool's model", rt)
	}
	if a := rt.Of(poolName(model)); a == nil || a.Elo != 0 || a.EloCI != [2]float64{0, 0} {
		t.Errorf("the anchor's rating %+v, want 0 [0, 0]", a)
	}
	for _, name := range []string{"gen-00 (built-in: playouts, material)", "gen-01", "gen-02", "gen-03", "material value leaves"} {
		if p := rt.Of(name); p == nil || !(p.EloCI[0] <= p.Elo && p.Elo <= p.EloCI[1]) || p.Games == 0 {
			t.Errorf("rating of %s: %+v, want an Elo inside its interval and its games", name, p)
		}
	}
	// Another pool member: the generations stay, the new matches are played.
	c.Run.Resume, c.Pool = true, []string{model, "material"}
	l, err = Run(context.Background(), c)
	if err != nil {
		t.Fatalf("finished run resumed with another pool: %v", err)
	}
	for _, g := range l.Generations {
		if _, ok := g.Seconds["pool"]; !ok || g.Seconds["selfplay"] != 0 || g.Seconds["fit"] != 0 || g.Seconds["gate"] != 0 {
			t.Errorf("generation %d resumed with another pool ran %v, want the pool alone", g.Generation, g.Seconds)
		}
	}
	if p := l.Ratings.Of(poolName("material")); p == nil || p.Games != 6 {
		t.Errorf("the new member's rating %+v, want 6 games (2 against each generation)", p)
	}
	// No pool matches: the pool's models are not opened, and generation 0
	// is the ratings' 0.
	c.PoolGames = 0
	if l, err = Run(context.Background(), c); err != nil || l.Ratings == nil || !strings.HasPrefix(l.Ratings.Anchor, "gen-00") {
		t.Fatalf("resumed with --pool-games 0: %v, ratings %+v; want them anchored at generation 0", err, l.Ratings)
	}
	c.PoolGames = 2
	c.Pool = []string{filepath.Join(t.TempDir(), "missing.json")}
	if _, err := Run(context.Background(), c); !setting.Advises(err, setting.Set("pool", c.Pool[0])) {
		t.Errorf("a missing pool model: %v, want an error naming the pool member", err)
	}
}

// TestAnInterruptedSelfPlaySaysWhatItKept: after Ctrl-C in a generation's
// self-play, train said "0 of 100 games kept" where 71 were, in the
// journal of the part in progress; it now counts them as the resume finds
// them.
func TestAnInterruptedSelfPlaySaysWhatItKept(t *testing.T) {
	dir := t.TempDir()
	c := tinyConfig(dir)
	c.Generations, c.Run.Games, c.Run.Concurrency = 1, 40, 2
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Stop once a few games are journaled (a part holds 256: none is
	// committed).
	pdir := dataset.PartitionDir(filepath.Join(dir, genDir(1), DataDir), dataset.TableGames, c.rules().Variant.String())
	go func() {
		for ctx.Err() == nil {
			if js, _ := filepath.Glob(filepath.Join(pdir, "_journal-*")); len(js) > 0 {
				if fi, err := os.Stat(js[0]); err == nil && fi.Size() > 4096 {
					cancel()
					return
				}
			}
			time.Sleep(time.Millisecond)
		}
	}()
	_, err := Run(ctx, c)
	var said, planned int64
	if err == nil {
		t.Fatal("no error from an interrupted run")
	}
	if _, serr := fmt.Sscanf(err.Error(), "self-play of generation 1 interrupted (%d of %d games kept)", &said, &planned); serr != nil || planned != 40 {
		t.Fatalf("interrupted: %v; want the games kept of 40", err)
	}
	run, _, rerr := dataset.ReadManifest(filepath.Join(dir, genDir(1), DataDir), c.rules().Variant.String())
	if rerr != nil {
		t.Fatal(rerr)
	}
	js, rerr := dataset.ReadJournals(filepath.Join(dir, genDir(1), DataDir), run, 0, 40)
	if rerr != nil {
		t.Fatal(rerr)
	}
	kept := int64(len(js.Games))
	done, _ := dataset.Complete(filepath.Join(dir, genDir(1), DataDir), c.rules().Variant.String())
	for _, r := range done {
		kept += r.Len()
	}
	if kept == 0 || said != kept {
		t.Fatalf("train says %d games kept (%v); the resume finds %d", said, err, kept)
	}
}

// TestGenerationZeroIsTheShippedModel: without a preset generation 0 is
// the strongest engine: the shipped model plays the first data (its
// identity recorded as the dataset's evaluator) and generation 1's gate,
// with value leaves at cpuct 0.5, and is the ratings' 0 (no pool).
func TestGenerationZeroIsTheShippedModel(t *testing.T) {
	dir := t.TempDir()
	c := tinyConfig(dir)
	d := DefaultConfig()
	c.SelfPlay.Leaf, c.SelfPlay.CPUCT, c.Match.Leaf, c.Match.CPUCT, c.Gen0 = d.SelfPlay.Leaf, d.SelfPlay.CPUCT, d.Match.Leaf, d.Match.CPUCT, d.Gen0
	c.Generations, c.AnchorGames, c.PoolGames = 1, 0, 0
	l, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	g := l.Generations[0]
	if g.Gate.B != "gen-00 (best)" || l.Ratings == nil || l.Ratings.Anchor != "gen-00 (best)" {
		t.Errorf("generation 1's gate against %q, ratings %+v; want generation 0 the shipped model, the ratings' 0", g.Gate.B, l.Ratings)
	}
	m, ok, err := dataset.ReadManifest(filepath.Join(dir, genDir(1), DataDir), c.Rules.Variant.String())
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	for _, want := range []string{`"leaf":"value"`, `"cpuct":0.5`, `"evaluator":"` + eval.ShippedIdentity() + `"`} {
		if !strings.Contains(string(m.Engine), want) {
			t.Errorf("generation 1's data was played by %s; want %s (the shipped model)", m.Engine, want)
		}
	}
	report, _ := os.ReadFile(filepath.Join(dir, ReportFile))
	if !strings.Contains(string(report), "anchors: generation 0 (the shipped model, "+eval.ShippedModel+", with value leaves at cpuct 0.5)") {
		t.Errorf("report.md does not say generation 0 is the shipped model:\n%s", report)
	}
}
