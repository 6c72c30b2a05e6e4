package train

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// TestSettingsDiffsNameEachSetting: a resume with other settings is told
// which ones, key by key, not "a training run of other settings"; the
// number of generations is no difference (a run may grow), nor the final
// comparison's games (it is replayed).
func TestSettingsDiffsNameEachSetting(t *testing.T) {
	have, mine := DefaultConfig(), DefaultConfig()
	have.SelfPlay.Sims, mine.SelfPlay.Sims = 50, 60
	mine.GateGames = have.GateGames + 2
	mine.Generations = have.Generations + 3
	mine.StrengthGames = have.StrengthGames + 200
	got := settingsDiffs(mine.settings(""), have.settings(""))
	want := []dataset.SettingDiff{{Setting: "selfplay_engine.sims", Mine: "60", Have: "50"},
		{Setting: "gate_games", Mine: strconv.Itoa(mine.GateGames), Have: strconv.Itoa(have.GateGames)}}
	if !slices.Equal(got, want) {
		t.Errorf("diffs %+v, want %+v", got, want)
	}
}

// TestRunsBeforeGateRulesResumeUnderTheHalfRule: a ladder.json written
// before gates had rules records no gate; its run promoted on any score
// above one half, so it resumes with --gate half and is refused, naming
// --gate, under the interval rule.
func TestRunsBeforeGateRulesResumeUnderTheHalfRule(t *testing.T) {
	old := DefaultConfig()
	old.Gate = ""
	have := old.settings("") // "gate" omitted, as those runs wrote it
	if strings.Contains(string(have), `"gate"`) {
		t.Fatalf("settings %s: want no gate key", have)
	}
	half, interval := DefaultConfig(), DefaultConfig()
	half.Gate = GateHalf
	if !sameSettings(half.settings(""), have) {
		t.Errorf("--gate half does not resume a run recorded without a gate")
	}
	got := settingsDiffs(interval.settings(""), have)
	if want := []dataset.SettingDiff{{Setting: "gate", Mine: "interval", Have: "half"}}; !slices.Equal(got, want) {
		t.Errorf("diffs %+v, want %+v", got, want)
	}
	if msg := (&SettingsMismatchError{Out: "t", Diffs: got}).Error(); !strings.Contains(msg, "gate: this run") {
		t.Errorf("refusal %q: want it to name gate", msg)
	}
}

// formerDefaultSettings is the settings document DefaultConfig recorded
// before generation 0 became the shipped model (generation 0 the
// material evaluator with playouts at cpuct 1.5), as main at 5bdfaae
// wrote it.
const formerDefaultSettings = `{"generations":3,"games":400,"selfplay_engine":{"sims":200,"cpuct":1.5,"leaf":"playout","playout_plies":40,"playout_capture_prob":0.9,"solver":true,"noise_weight":0.25,"noise_alpha":10,"temperature_plies":20,"temperature":1,"max_nodes":1048576,"reuse_tree":true,"evaluator":""},"rules":"variant=standard,no-capture-limit=50,repetition=3,no-moves=loss","random_opening":4,"window":2,"fit":{"value":{"model":"ridge","lambda":0.0001,"holdout":0.2,"blend":0,"seed":1,"max_iterations":500,"workers":0,"color_blind":false,"rows_hint":0},"td_lambda":0.7,"spread_scale":true,"value_head":"patterns","prior":{"lambda":0.0001,"holdout":0.2,"seed":1,"max_iterations":200,"workers":0},"no_prior":false,"prior_temperature":1},"match_engine":{"sims":200,"cpuct":1.5,"leaf":"playout","playout_plies":40,"playout_capture_prob":0.9,"solver":true,"noise_weight":0,"noise_alpha":10,"temperature_plies":0,"temperature":1,"max_nodes":1048576,"reuse_tree":true,"evaluator":""},"model_cpuct":0.5,"gate_games":200,"gate":"interval","anchor_games":200,"strength_games":200,"pool_games":200,"pool_depth":2,"pool":["best"],"seed":1}`

// TestFormerDefaultRunsResumeUnderPresetBaseline: generation 0 is the
// shipped model by default; a run made when it was the baseline resumes
// with --preset baseline (the same settings document, byte for byte, the
// pool the shipped model again) and is refused under today's defaults
// with the preset named.
func TestFormerDefaultRunsResumeUnderPresetBaseline(t *testing.T) {
	def := DefaultConfig()
	if def.Gen0 != eval.BestName || def.SelfPlay.Leaf != mcts.LeafValue || def.Match.Leaf != mcts.LeafValue || def.Pool != nil {
		t.Errorf("default generation 0: %s with %v leaves (matches %v), pool %v; want the shipped model with value leaves and no pool",
			def.Gen0, def.SelfPlay.Leaf, def.Match.Leaf, def.Pool)
	}
	base := DefaultConfig()
	if err := base.WithPreset("baseline"); err != nil {
		t.Fatal(err)
	}
	base.Pool = DefaultPool(base.Gen0)
	if got := string(base.settings(mcts.MaterialName)); got != formerDefaultSettings {
		t.Errorf("--preset baseline records\n%s\nwant the former default's\n%s", got, formerDefaultSettings)
	}
	mine := def.settings(eval.ShippedIdentity())
	if sameSettings(mine, []byte(formerDefaultSettings)) {
		t.Fatal("today's defaults resume a run of the former default")
	}
	err := &SettingsMismatchError{Out: "t", Diffs: settingsDiffs(mine, []byte(formerDefaultSettings)),
		FormerDefault: madeUnderBaseline(mine, []byte(formerDefaultSettings))}
	for _, want := range []string{"preset: this run " + eval.ShippedIdentity() + ", the run ", "selfplay_engine.leaf",
		"played by the former default engine", "add preset=baseline (with resume) to continue it"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("refusal lacks %q:\n%s", want, err)
		}
	}
	if madeUnderBaseline(base.settings(mcts.MaterialName), []byte(formerDefaultSettings)) {
		t.Error("a baseline run resumed under the baseline is said to differ from it")
	}
}

// TestTrainResumeNamesTheSettingThatDiffers: train --resume's refusal says
// each setting by the flag that sets it.
func TestTrainResumeNamesTheSettingThatDiffers(t *testing.T) {
	err := error(&SettingsMismatchError{Out: "runs/t", Diffs: []dataset.SettingDiff{
		{Setting: "selfplay_engine.sims", Mine: "60", Have: "50"},
		{Setting: "gate_games", Mine: "202", Have: "200"},
		{Setting: "selfplay_engine.cpuct", Mine: "1.5", Have: "1.25"},
	}})
	msg := err.Error()
	for _, want := range []string{"runs/t holds a training run with other settings", "sims: this run 60, the run 50",
		"gate_games: this run 202, the run 200", "selfplay_engine.cpuct (ladder.json settings): this run 1.5, the run 1.25"} {
		if !strings.Contains(msg, want) {
			t.Errorf("mismatch message lacks %q:\n%s", want, msg)
		}
	}
}

// TestLadderStrengthLineEndsCleanly: the rates line ended "…2024356;)".
func TestLadderStrengthLineEndsCleanly(t *testing.T) {
	var b strings.Builder
	l := &Ladder{Strength: &Strength{Rates: []Rate{{Engine: "gen-01", SimsPerSecond: 2}, {Engine: "gen-01 uniform priors", SimsPerSecond: 3}}}}
	if err := l.WriteText(&b, "out", 0.5); err != nil {
		t.Fatal(err)
	}
	if want := "strength (sims/s, one thread: gen-01 2; gen-01 uniform priors 3)\n"; !strings.Contains(b.String(), want) {
		t.Errorf("ladder:\n%s\nwant the line %q", b.String(), want)
	}
}

// TestTimeToGoCountsTheFinalComparison: after the last generation the run
// still plays the final comparison; the line said "about 0s to go" 40 s
// before it ended. Its games are counted at the pace of the gates and
// anchors, and said when there is no pace to go by.
func TestTimeToGoCountsTheFinalComparison(t *testing.T) {
	r := &runner[rules.Rules, rules.Position, rules.Move]{cfg: Config{Generations: 2, GateGames: 20, AnchorGames: 10, StrengthGames: 10}, kit: surakartaKit(rules.DefaultRules()), players: map[int]player[rules.Position, rules.Move]{}}
	r.ladder.Champion = 2 // opponents: its uniform priors, generation 1 and its value head: 3 × 2 × 10 games
	r.ladder.Generations = []Generation{{Seconds: map[string]float64{"gate": 20, "anchors": 20}, Gate: Match{Games: 20}, VsGen0: &Match{Games: 10}, VsMaterial: &Match{Games: 10}},
		{Seconds: map[string]float64{"fit": 5}}}
	if got, want := r.toGo(2, time.Minute), "about 1m0s to go, the final comparison's 60 games included"; got != want {
		t.Errorf("after the last generation: %q, want %q", got, want)
	}
	if got, want := r.toGo(1, time.Minute), "about 2m0s to go, the final comparison's 60 games included"; got != want {
		t.Errorf("after the first of two: %q, want %q", got, want)
	}
	r.ladder.Generations = nil
	if got, want := r.toGo(2, time.Minute), "about 0s to go, then the final comparison's 60 games"; got != want {
		t.Errorf("with no match timed: %q, want %q", got, want)
	}
	r.cfg.StrengthGames = 0
	if got, want := r.toGo(1, time.Minute), "about 1m0s to go"; got != want {
		t.Errorf("without a final comparison: %q, want %q", got, want)
	}
}

// TestLadderTableKeepsItsColumnsAligned: a wide interval ("+1234.5
// [-1000.2, +inf]") pushed every later cell of its row past the fixed
// widths; the columns are as wide as their widest cell.
func TestLadderTableKeepsItsColumnsAligned(t *testing.T) {
	l := &Ladder{Generations: []Generation{
		{Generation: 1, Promoted: true, Gate: Match{WDL: stats.WDL{Wins: 10}, Elo: 1234.5, EloCI: [2]float64{-1000.25, 1e6}}},
		{Generation: 2, Gate: Match{WDL: stats.WDL{Wins: 5, Draws: 5}, Elo: 12.5, EloCI: [2]float64{-20.25, 45}}},
	}}
	var b strings.Builder
	if err := l.WriteText(&b, "out", 0.5); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")[2:5]
	col := func(line, cell string) int { return strings.Index(line, cell) }
	if h, a, c := col(lines[0], "promoted"), col(lines[1], "true"), col(lines[2], "false"); h != a || h != c || h < 0 {
		t.Errorf("the promoted column starts at %d, %d, %d:\n%s", h, a, c, strings.Join(lines, "\n"))
	}
}

// TestLadderSaysWhenAGenerationHasNoPrior: a model without a prior
// (Alquerque's, or --no-prior) read "prior CE 0.000 (0.000)" in the text
// and an entropy and top-1 of zero in the report; they say it has none.
func TestLadderSaysWhenAGenerationHasNoPrior(t *testing.T) {
	l := &Ladder{Generations: []Generation{
		{Generation: 1, ValueLogLoss: 0.5},
		{Generation: 2, ValueLogLoss: 0.5, PriorCrossEntropy: 1.25, UniformCrossEntropy: 2.5, PolicyEntropy: 0.75, PriorTop1: 0.5},
	}}
	var b strings.Builder
	if err := l.WriteText(&b, "out", 0.5); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if !strings.HasSuffix(lines[3], "0.5000         no prior") || !strings.HasSuffix(lines[4], "0.5000         1.250 (2.500)") {
		t.Errorf("the ladder's text:\n%s\nwant generation 1 with no prior, generation 2 with its figures", b.String())
	}
	md := reportMarkdown(&Config{}, l)
	rows := map[string]string{}
	for line := range strings.SplitSeq(md, "\n") {
		if strings.HasPrefix(line, "| 1 |") || strings.HasPrefix(line, "| 2 |") || strings.HasPrefix(line, "| gen |") {
			rows[line[:5]] = line
		}
	}
	header := strings.Count(rows["| gen"], "|")
	if !strings.Contains(rows["| 1 |"], "| no prior | — | — |") || strings.Count(rows["| 1 |"], "|") != header ||
		!strings.Contains(rows["| 2 |"], "| 1.250 (2.500) | 0.750 | 50.0% |") || strings.Count(rows["| 2 |"], "|") != header {
		t.Errorf("the report's table:\n%s\n%s\n%s\nwant generation 1 with no prior, generation 2 with its figures, as many cells as the header", rows["| gen"], rows["| 1 |"], rows["| 2 |"])
	}
}
