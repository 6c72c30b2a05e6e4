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
