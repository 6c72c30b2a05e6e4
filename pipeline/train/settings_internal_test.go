package train

import (
	"slices"
	"strconv"
	"testing"

	"github.com/surakarta/surakarta/dataset"
)

// TestSettingsDiffsNameEachSetting: a resume with other settings is told
// which ones, key by key, not "a training run of other settings"; the
// number of generations is no difference (a run may grow).
func TestSettingsDiffsNameEachSetting(t *testing.T) {
	have, mine := DefaultConfig(), DefaultConfig()
	have.SelfPlay.Sims, mine.SelfPlay.Sims = 50, 60
	mine.GateGames = have.GateGames + 2
	mine.Generations = have.Generations + 3
	got := settingsDiffs(mine.settings(), have.settings())
	want := []dataset.SettingDiff{{Setting: "selfplay_engine.sims", Mine: "60", Have: "50"},
		{Setting: "gate_games", Mine: strconv.Itoa(mine.GateGames), Have: strconv.Itoa(have.GateGames)}}
	if !slices.Equal(got, want) {
		t.Errorf("diffs %+v, want %+v", got, want)
	}
}
