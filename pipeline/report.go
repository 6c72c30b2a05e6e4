package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/experiments/report"
	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/selfplay"
)

// report writes the statistics and the variant report.
func (p *runner) report(ctx context.Context) (string, string, error) {
	c := &p.cfg
	data := c.path(DataDir)
	dir := c.path(ReportDir)

	// The statistics exactly as `surakarta stats DATA --compare --json`.
	st := gamestats.NewCollector(nil, true)
	if err := st.AddDir(ctx, "", data); err != nil {
		return "", "", err
	}
	res, err := st.Analyze(c.Confidence, true)
	if err != nil {
		return "", "", fmt.Errorf("statistics: %w", err)
	}
	if err := res.TestEquivalence(spec.DefaultEquivalenceMargin); err != nil {
		return "", "", fmt.Errorf("statistics: %w", err)
	}

	// The report: one arm per variant, named by it, compared game by game.
	col := gamestats.NewCollector(nil, true)
	var arms []report.ArmInfo
	ev := c.evaluatorIdentity()
	if ev == "material" {
		ev = ""
	}
	for _, v := range Variants {
		name, key := v.String(), c.key(v)
		if err := gamestats.ScanGames(ctx, data, key, func(g *gamestats.Game) error {
			col.Add(name, g)
			return nil
		}); err != nil {
			return "", "", err
		}
		arms = append(arms, report.ArmInfo{Name: name, Variant: key, Sims: c.Engine.Sims, Evaluator: ev, Dir: "../" + DataDir,
			Engine: report.EngineWords(c.Engine.Settings), Regime: report.Regime(c.Engine.Settings), RandomOpening: c.Run.RandomOpening, Players: c.players()})
	}
	r, err := report.Build(report.Input{
		Title:       "Pipeline: standard against majority ending",
		Description: p.description(),
		Command:     c.Command,
		Confidence:  c.Confidence,
		Arms:        arms,
		Collector:   col,
		Compare:     [][2]string{{Variants[0].String(), Variants[1].String()}},
	})
	if err != nil {
		return "", "", fmt.Errorf("report: %w", err)
	}
	p.fillFigures(r)
	r.Answer = append(r.Answer, p.sum.Strength.paragraph())
	if err := r.WriteFiles(dir); err != nil {
		return "", "", fmt.Errorf("writing the report: %w", err)
	}
	if err := atomicfile.WriteJSON(filepath.Join(dir, StatsFile), res); err != nil {
		return "", "", err
	}
	files := append([]string{"report.md", "report.json", StatsFile}, r.Plots...)
	p.sum.Report = ReportSummary{Dir: dir, Files: files}
	return Ran, filepath.Join(dir, "report.md"), nil
}

func (p *runner) description() string {
	c := &p.cfg
	return fmt.Sprintf("Made by the pipeline: %d self-play games per variant played by %s, both sides %s, "+
		"game i of both variants from %s (seed %d), rules %s otherwise.",
		c.Run.Games, selfplay.PlayersWords(c.players()), p.engineWords(), p.sum.Settings.openingWords(), c.Run.Seed, strings.TrimPrefix(c.rulesOf(FitVariant).String(), "variant=standard,"))
}

// engineWords describes the self-play engine: its search, evaluator,
// tables and how it chooses moves.
func (p *runner) engineWords() string {
	c := &p.cfg
	tables := "no endgame tables"
	if c.Engine.Tablebase != "" {
		tables = "endgame tables of " + c.Engine.Tablebase
	}
	return fmt.Sprintf("%s, evaluator %s, %s; %s", report.EngineWords(c.Engine.Settings), p.evaluatorWords(), tables, report.Regime(c.Engine.Settings))
}

// fillFigures copies the report's headline figures into the summary.
func (p *runner) fillFigures(r *report.Report) {
	for i := range p.sum.Variants {
		f := &p.sum.Variants[i]
		for _, a := range r.Arms {
			if a.Variant != f.Variant {
				continue
			}
			s := a.Stats
			f.RedWins, f.Draws, f.BlackWins = s.RedWins, s.Draws, s.BlackWins
			f.FirstPlayer = s.FirstPlayer
			f.FirstPlayerScore = s.FirstPlayerScore
			f.DrawRate = s.DrawRate
			f.MeanPlies = s.Plies.Mean
		}
	}
	var adv *gamestats.Estimate
	for _, a := range r.Arms {
		if a.Openings == nil || a.Openings.Stratified == nil {
			continue
		}
		for i := range p.sum.Variants {
			if p.sum.Variants[i].Variant == a.Variant {
				e := a.Openings.Stratified.Advantage
				p.sum.Variants[i].StratifiedAdvantage = &e
				if a.Variant == p.cfg.key(FitVariant) {
					adv = &e
				}
			}
		}
	}
	c := &p.cfg
	if c.Game == AlquerqueGame {
		p.sum.Strength = newAlquerqueStrength(c.Engine, p.engineWords(), c.players(), c.Opening, c.Run.RandomOpening, adv)
	} else {
		p.sum.Strength = newStrength(c.Engine, p.engineWords(), c.players(), c.Opening, c.Run.RandomOpening, adv)
	}
	if len(r.Comparisons) > 0 {
		cmp := r.Comparisons[0]
		vc := &VariantComparison{A: cmp.A, B: cmp.B, FirstPlayerScoreDiff: cmp.FirstPlayerScore.Diff}
		if d, ok := cmp.Rates["draw_rate"]; ok {
			vc.DrawRateDiff = d.Diff
		}
		if pr := cmp.Paired; pr != nil {
			vc.Pairs = pr.Pairs
			vc.PairedScoreDiff = &gamestats.PairedFigure{Value: pr.ScoreDiff.Value, CI: pr.ScoreDiff.CI, T: pr.ScoreDiff.T, P: pr.ScoreDiff.P}
			d := pr.Draws.Estimate
			vc.PairedDrawDiff = &d
			vc.PairedDrawP, vc.PairedDrawTest = pr.Draws.P, pr.Draws.Test
			vc.PairCorrelation = pr.Correlation
		}
		p.sum.Comparison = vc
	}
}

// evaluatorWords names the self-play evaluator: a game's shipped pattern
// model by that name, another by its identity.
func (p *runner) evaluatorWords() string {
	switch id := p.cfg.evaluatorIdentity(); {
	case p.cfg.Game != AlquerqueGame && id == eval.ShippedIdentity():
		return "the shipped pattern model with its move prior (" + eval.ShippedModel + ")"
	case p.cfg.Game == AlquerqueGame && id == eval.ShippedAlquerqueIdentity():
		return "Alquerque's shipped pattern model (" + eval.ShippedAlquerqueModel + ")"
	default:
		return id
	}
}
