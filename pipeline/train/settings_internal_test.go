package train

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
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
	got := settingsDiffs(mine.settings(), have.settings())
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
	have := old.settings() // "gate" omitted, as those runs wrote it
	if strings.Contains(string(have), `"gate"`) {
		t.Fatalf("settings %s: want no gate key", have)
	}
	half, interval := DefaultConfig(), DefaultConfig()
	half.Gate = GateHalf
	if !sameSettings(half.settings(), have) {
		t.Errorf("--gate half does not resume a run recorded without a gate")
	}
	got := settingsDiffs(interval.settings(), have)
	if want := []dataset.SettingDiff{{Setting: "gate", Mine: "interval", Have: "half"}}; !slices.Equal(got, want) {
		t.Errorf("diffs %+v, want %+v", got, want)
	}
	if msg := (&SettingsMismatchError{Out: "t", Diffs: got}).Error(); !strings.Contains(msg, "--gate: this run") {
		t.Errorf("refusal %q: want it to name --gate", msg)
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
	for _, want := range []string{"runs/t holds a training run with other settings", "--sims: this run 60, the run 50",
		"--gate-games: this run 202, the run 200", "selfplay_engine.cpuct (ladder.json settings): this run 1.5, the run 1.25"} {
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
