package train

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
)

// settings are the parts of a Config that decide a run's results: a run is
// resumed only with the same.
type settings struct {
	Generations int   `json:"generations"`
	Games       int64 `json:"games"`
	Gen0Games   int64 `json:"gen0_games,omitempty"`
	// Gen0 is generation 0's evaluator by its identity (eval.Opened),
	// absent for the material evaluator, what every run made before
	// generation 0 had a choice played.
	Gen0          string              `json:"gen0,omitempty"`
	Game          string              `json:"game,omitempty"`
	SelfPlay      setting.JSON        `json:"selfplay_engine"`
	Rules         string              `json:"rules"`
	RandomOpening int                 `json:"random_opening"`
	Window        int                 `json:"window"`
	Fit           fit.ModelFitOptions `json:"fit"`
	Match         setting.JSON        `json:"match_engine"`
	ModelCPUCT    float64             `json:"model_cpuct"`
	GateGames     int                 `json:"gate_games"`
	Gate          GateRule            `json:"gate,omitempty"`
	AnchorGames   int                 `json:"anchor_games"`
	StrengthGames int                 `json:"strength_games"`
	PoolGames     int                 `json:"pool_games,omitempty"`
	PoolDepth     int                 `json:"pool_depth,omitempty"`
	Pool          []string            `json:"pool,omitempty"`
	Seed          uint64              `json:"seed"`
}

// settings is the run's settings document; gen0 is generation 0's
// evaluator's identity.
func (c *Config) settings(gen0 string) json.RawMessage {
	if gen0 == mcts.MaterialName {
		gen0 = ""
	}
	s := settings{
		Generations: c.Generations, Games: c.Run.Games, Gen0Games: c.Gen0Games, Gen0: gen0, Game: c.Game, SelfPlay: setting.JSON(mcts.Engine{Settings: c.SelfPlay}.Describe()),
		Rules: c.rules().String(), RandomOpening: c.Run.RandomOpening, Window: c.Window, Fit: c.Fit,
		Match: setting.JSON(mcts.Engine{Settings: c.Match}.Describe()), ModelCPUCT: c.ModelCPUCT,
		GateGames: c.GateGames, Gate: c.Gate, AnchorGames: c.AnchorGames, StrengthGames: c.StrengthGames,
		PoolGames: c.PoolGames, PoolDepth: c.PoolDepth, Pool: c.Pool, Seed: c.Run.Seed,
	}
	b, _ := json.Marshal(s)
	return b
}

// game is the game the ladder's run trained, as its settings record it:
// "" for Surakarta.
func (l *Ladder) game() string {
	var x settings
	if json.Unmarshal(l.Settings, &x) != nil {
		return ""
	}
	return x.Game
}

// decisive is a settings document less what decides no generation, for
// comparing runs: the number of generations, the final comparison's games
// and the pool's matches (a finished run resumed with more generations
// goes on, one resumed with another --strength-games replays its final
// comparison, one with another pool plays the pool matches it lacks).
// A run recorded before gates had rules has GateHalf's. A document that
// does not parse is compared as it is.
func decisive(b json.RawMessage) string {
	var x settings
	if json.Unmarshal(b, &x) != nil {
		return string(b)
	}
	x.Generations, x.StrengthGames = 0, 0
	x.PoolGames, x.PoolDepth, x.Pool = 0, 0, nil
	if x.Gate == "" {
		x.Gate = GateHalf
	}
	out, _ := json.Marshal(x)
	return string(out)
}

// sameSettings reports whether two settings documents decide the same
// generations (decisive).
func sameSettings(a, b json.RawMessage) bool {
	var x, y settings
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return decisive(a) == decisive(b)
}

// settingsDiffs lists the settings in which mine differs from have, the
// run's on disk, key by key (dataset.DiffJSON), those decisive leaves out
// aside.
func settingsDiffs(mine, have json.RawMessage) []dataset.SettingDiff {
	return dataset.DiffJSON(decisive(mine), decisive(have))
}

// SettingsMismatchError refuses to resume a training run of other
// settings; Diffs says which, by their keys in the ladder's settings
// ("games", "selfplay_engine.sims", "fit.td_lambda").
type SettingsMismatchError struct {
	Out   string
	Diffs []dataset.SettingDiff
	// FormerDefault says that the run was made under the baseline's
	// generation 0 (the former default) and this one is not: the error
	// then names the preset baseline.
	FormerDefault bool
}

// Error says each differing setting in selfplay's form, by the train
// setting that sets it ("sims: this run 60, the run 50", which a command
// says by its flag), or by its key in ladder.json where no setting sets it
// alone.
func (e *SettingsMismatchError) Error() string { return e.Unwrap().Error() }

// Unwrap is the error's advice, which names the settings.
func (e *SettingsMismatchError) Unwrap() error {
	var lines []error
	for _, d := range e.Diffs {
		if name, ok := settingName(d.Setting); ok {
			d.Setting = name
			lines = append(lines, d.Said("the run"))
		} else {
			lines = append(lines, fmt.Errorf("%s (ladder.json settings): this run %s, the run %s", d.Setting, d.Mine, d.Have))
		}
	}
	var note any = ""
	if e.FormerDefault {
		note = setting.Errorf("\n%w", runspec.FormerDefaultNote(runspec.AddPresetBaseline()))
	}
	return setting.Errorf("%s holds a training run with other settings:\n  %v\n"+
		"%s continues a run with its own settings: repeat them, or choose another %s%v",
		e.Out, setting.Join("\n  ", lines...), setting.Key("resume"), setting.Key("out"), note)
}

// madeUnderBaseline reports whether a run's settings document have
// records a generation 0 of the baseline (the material evaluator with the
// baseline's search, as every run made before the strongest engine became
// generation 0's default) and mine does not.
func madeUnderBaseline(mine, have json.RawMessage) bool {
	var m, h settings
	if json.Unmarshal(mine, &m) != nil || json.Unmarshal(have, &h) != nil || h.Gen0 != "" {
		return false
	}
	return runspec.DescribedMadeUnderBaseline(gen0Description(m), gen0Description(h))
}

// gen0Description is generation 0's self-play engine as a settings
// document records it, the material evaluator where it names none.
func gen0Description(s settings) string {
	var e map[string]any
	if json.Unmarshal([]byte(s.SelfPlay), &e) != nil {
		return ""
	}
	e["evaluator"] = mcts.MaterialName
	if s.Gen0 != "" {
		e["evaluator"] = s.Gen0
	}
	b, _ := json.Marshal(e)
	return string(b)
}

// settingName names the train setting (Config's, as a command's flag
// says it with '-' for '_') that sets a key of the ladder's settings, with
// ok false where no setting sets it alone.
func settingName(key string) (string, bool) {
	switch key {
	case "selfplay_engine.sims":
		return "sims", true
	case "match_engine.sims":
		return "match_engine sims", true
	case "fit.value.color_blind":
		return "color_blind", true
	case "fit.td_lambda", "fit.spread_scale", "fit.no_prior", "fit.prior_temperature":
		return strings.TrimPrefix(key, "fit."), true
	case "gen0":
		return "preset", true
	case "model_cpuct", "gen0_games", "games", "window", "gate", "gate_games", "pool_games", "pool_depth", "pool", "anchor_games", "strength_games", "random_opening", "seed", "rules":
		return key, true
	}
	return key, false
}

// sameJSON reports whether two JSON documents are equal but for white
// space (files are written indented).
func sameJSON(a, b []byte) bool {
	var x, y bytes.Buffer
	return json.Compact(&x, a) == nil && json.Compact(&y, b) == nil && bytes.Equal(x.Bytes(), y.Bytes())
}
