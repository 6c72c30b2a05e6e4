package report

import (
	"fmt"
	"strings"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/mcts"
)

// Sensitivity asks whether a baseline arm's conclusion about moving first
// survives each change of setting: one row per other arm.
type Sensitivity struct {
	Baseline string `json:"baseline"`
	// Conclusion is the baseline's: "first-player advantage",
	// "first-player disadvantage" or "undetermined" (its interval contains
	// 0).
	Conclusion string           `json:"conclusion"`
	Rows       []SensitivityRow `json:"rows"`
}

// SensitivityRow is one arm against the baseline.
type SensitivityRow struct {
	Arm string `json:"arm"`
	// Changed lists the settings in which the arm differs from the
	// baseline, "name baseline → arm".
	Changed   []string           `json:"changed"`
	Regime    string             `json:"regime,omitempty"`
	Games     int64              `json:"games"`
	Advantage gamestats.Estimate `json:"first_player_advantage"`
	DrawRate  gamestats.Estimate `json:"draw_rate"`
	// AdvantageChange and DrawRateChange are the changes from the baseline
	// to the arm (arm − baseline), as the comparison's answer quotes them.
	AdvantageChange gamestats.ChangeFigure `json:"first_player_advantage_change"`
	DrawRateChange  gamestats.ChangeFigure `json:"draw_rate_change"`
	// Conclusion is the arm's own; Survives reports whether it is the
	// baseline's.
	Conclusion string `json:"conclusion"`
	Survives   bool   `json:"survives"`
}

// conclusion classifies an advantage by its interval.
func conclusion(adv gamestats.Estimate) string {
	switch {
	case adv.CI[0] > 0:
		return "first-player advantage"
	case adv.CI[1] < 0:
		return "first-player disadvantage"
	}
	return "undetermined"
}

// sensitivity builds the table from the report's comparisons of the
// baseline with each arm.
func sensitivity(r *Report, baseline string) *Sensitivity {
	var base *ArmInfo
	for i := range r.Arms {
		if r.Arms[i].Name == baseline {
			base = &r.Arms[i]
		}
	}
	if base == nil {
		return nil
	}
	s := &Sensitivity{Baseline: baseline, Conclusion: conclusion(base.Stats.FirstPlayerAdvantage)}
	for i := range r.Arms {
		a := &r.Arms[i]
		if a.Name == baseline {
			continue
		}
		var c *gamestats.Comparison
		for k := range r.Comparisons {
			if r.Comparisons[k].A == baseline && r.Comparisons[k].B == a.Name {
				c = &r.Comparisons[k]
			}
		}
		if c == nil {
			continue
		}
		row := SensitivityRow{Arm: a.Name, Changed: settingChanges(base, a), Regime: a.Regime, Games: a.Stats.Games,
			Advantage: a.Stats.FirstPlayerAdvantage, DrawRate: a.Stats.DrawRate,
			AdvantageChange: c.Changes[gamestats.ChangeScore], DrawRateChange: c.Changes[gamestats.ChangeDraw],
			Conclusion: conclusion(a.Stats.FirstPlayerAdvantage)}
		row.Survives = row.Conclusion == s.Conclusion
		s.Rows = append(s.Rows, row)
	}
	return s
}

// settingChanges names the settings in which arm a differs from base.
func settingChanges(base, a *ArmInfo) []string {
	var out []string
	add := func(name string, x, y any) {
		if fmt.Sprint(x) != fmt.Sprint(y) {
			out = append(out, fmt.Sprintf("%s %v → %v", name, x, y))
		}
	}
	add("variant", base.Variant, a.Variant)
	add("evaluator", orBuiltIn(base.Evaluator), orBuiltIn(a.Evaluator))
	if b, c := base.Config, a.Config; b != nil && c != nil {
		// Every engine setting that matters in both arms (the evaluator is
		// named above, the built-in by its name).
		eb, ec := mcts.Engine{Settings: b.Settings}, mcts.Engine{Settings: c.Settings}
		settings := mcts.EngineSettings()
		for i := range settings {
			if s := &settings[i]; s.Name != "evaluator" && s.Used(&eb) && s.Used(&ec) {
				add(strings.ReplaceAll(s.Name, "_", " "), s.Get(&eb), s.Get(&ec))
			}
		}
		rb, rc := b.Rules, c.Rules
		rb.Variant, rc.Variant = 0, 0 // named apart above
		add("rules", rb.String(), rc.String())
	} else {
		add("sims", base.Sims, a.Sims)
	}
	if len(out) == 0 {
		out = append(out, "nothing")
	}
	return out
}

func orBuiltIn(ev string) string {
	if ev == "" {
		return "material"
	}
	return ev
}

func joinSettings(xs []string) string { return strings.Join(xs, "; ") }
