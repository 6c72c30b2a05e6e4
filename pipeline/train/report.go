package train

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/surakarta/surakarta/internal/atomicfile"
	"github.com/surakarta/surakarta/internal/stats"
)

// writeReport writes OUT/report.md and OUT/ladder.png from the ladder.
func writeReport(c *Config, l *Ladder) error {
	if err := atomicfile.WriteFile(c.path(ReportFile), []byte(reportMarkdown(c, l))); err != nil {
		return err
	}
	png, err := ladderPNG(l)
	if err != nil {
		return fmt.Errorf("plot %s: %w", LadderPlot, err)
	}
	return atomicfile.WriteFile(c.path(LadderPlot), png)
}

func eloCell(m *Match) string {
	if m == nil {
		return "—"
	}
	return EloText(m.Elo, m.EloCI)
}

// EloText writes an Elo difference with its interval, "+120.0 [+80.2,
// +160.5]", in the program's one Elo form (stats.EloText); a figure past
// ±10000 (a shut-out, stored finite for JSON) is written ±inf.
func EloText(elo float64, ci [2]float64) string {
	return eloFigure(elo) + " [" + eloFigure(ci[0]) + ", " + eloFigure(ci[1]) + "]"
}

// eloFigure writes one Elo figure of a Match or Chain (see finite).
func eloFigure(x float64) string {
	switch {
	case x >= 10000:
		x = math.Inf(1)
	case x <= -10000:
		x = math.Inf(-1)
	}
	return stats.EloText(x)
}

func chainCell(c *Chain) string {
	if c == nil {
		return "—"
	}
	return EloText(c.Elo, c.EloCI)
}

// reportMarkdown renders the ladder as a Markdown table.
func reportMarkdown(c *Config, l *Ladder) string {
	var b strings.Builder
	b.WriteString("# Training ladder\n\n")
	fmt.Fprintf(&b, "Champion: generation %d", l.Champion)
	if l.ChampionModel != "" {
		fmt.Fprintf(&b, " (`%s`: play it as the ladder did with `--evaluator %s --leaf value --cpuct %g`)", l.ChampionModel, l.ChampionModel, c.ModelCPUCT)
	}
	b.WriteString(".\n\nElo with 95% intervals from the pentanomial distribution of colour-swapped pairs; ")
	b.WriteString("anchors: generation 0 (the built-in engine: playouts, material) and material with value leaves, at the match settings. ")
	b.WriteString("Value log-loss is the value head's on held-out games (material-only baseline in brackets); ")
	b.WriteString("prior cross-entropy is against the search's visit shares on held-out positions (uniform priors in brackets; the shares' own entropy is the floor).\n\n")
	b.WriteString("| gen | data by | positions | value log-loss | scale | prior CE (uniform) | entropy | top-1 | gate opponent | gate W-D-L | gate Elo | promoted | Elo over gen 1 (chained) | Elo vs gen 0 | Elo vs material |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, g := range l.Generations {
		fmt.Fprintf(&b, "| %d | gen %d | %d | %.4f (%.4f) | %.2f | %.3f (%.3f) | %.3f | %.1f%% | gen %d | %d-%d-%d | %s | %v | %s | %s | %s |\n",
			g.Generation, g.SelfPlayChampion, g.Positions, g.ValueLogLoss, g.BaselineLogLoss, g.ValueScale,
			g.PriorCrossEntropy, g.UniformCrossEntropy, g.PolicyEntropy, 100*g.PriorTop1,
			g.GateOpponent, g.Gate.Wins, g.Gate.Draws, g.Gate.Losses, eloCell(&g.Gate), yesNo(g.Promoted),
			chainCell(g.Chained), eloCell(g.VsGen0), eloCell(g.VsMaterial))
	}
	for _, g := range l.Generations {
		if g.ValueWarning != "" {
			fmt.Fprintf(&b, "\n**Warning**, generation %d: the value head's %s.\n", g.Generation, g.ValueWarning)
		}
	}
	b.WriteString("\n## Gates\n\n")
	for i := range l.Generations {
		g := &l.Generations[i]
		fmt.Fprintf(&b, "- gen %d: %s.\n", g.Generation, gateReason(g))
	}
	fmt.Fprintf(&b, "\nElo over generation 1 adds up the gates from generation 1 on (each gate against the champion of its time), with the variances added; a shut-out has an unbounded interval (±inf).\n")
	fmt.Fprintf(&b, "\n![Elo against the anchors](%s)\n", LadderPlot)
	if st := l.Strength; st != nil {
		fmt.Fprintf(&b, "\n## Strength at equal simulations and equal time\n\n")
		fmt.Fprintf(&b, "Search speed, one thread, by the thread's CPU clock (Linux; the wall clock elsewhere), fresh searches of %d positions of the last generation's data (fastest of %d rounds), measured once and recorded: the equal-time matches give each side simulations in proportion.\n\n", st.Positions, calibrationRounds)
		b.WriteString("| engine | sims/s |\n|---|---|\n")
		for _, r := range st.Rates {
			fmt.Fprintf(&b, "| %s | %.0f |\n", r.Engine, r.SimsPerSecond)
		}
		b.WriteString("\n| match | sims A / B | W-D-L (A) | score | Elo (A) |\n|---|---|---|---|---|\n")
		for _, m := range st.Matches {
			fmt.Fprintf(&b, "| %s | %d / %d | %d-%d-%d | %.3f | %s |\n", m.Name, m.ASims, m.BSims, m.Match.Wins, m.Match.Draws, m.Match.Losses, m.Match.Score, eloCell(&m.Match))
		}
	}
	return b.String()
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// ladderPNG plots each generation's Elo against the two anchors with its
// interval.
func ladderPNG(l *Ladder) ([]byte, error) {
	p := plot.New()
	p.Title.Text = "Elo of each generation"
	p.X.Label.Text = "generation"
	p.Y.Label.Text = "Elo (95% interval)"
	series := []struct {
		name  string
		get   func(*Generation) *Match
		color color.Color
		shift float64
	}{
		{"vs generation 0", func(g *Generation) *Match { return g.VsGen0 }, color.RGBA{R: 31, G: 119, B: 180, A: 255}, -0.06},
		{"vs material value leaves", func(g *Generation) *Match { return g.VsMaterial }, color.RGBA{R: 255, G: 127, B: 14, A: 255}, 0.06},
		{"over generation 1, chained gates", func(g *Generation) *Match {
			if g.Chained == nil {
				return nil
			}
			return &Match{Elo: g.Chained.Elo, EloCI: g.Chained.EloCI}
		}, color.RGBA{R: 44, G: 160, B: 44, A: 255}, 0},
	}
	for _, s := range series {
		var pts plotter.XYs
		var errs plotter.YErrors
		for i := range l.Generations {
			g := &l.Generations[i]
			m := s.get(g)
			if m == nil {
				continue
			}
			pts = append(pts, plotter.XY{X: float64(g.Generation) + s.shift, Y: m.Elo})
			// A shut-out's unbounded side is drawn as a short bar.
			errs = append(errs, struct{ Low, High float64 }{min(m.Elo-m.EloCI[0], 400), min(m.EloCI[1]-m.Elo, 400)})
		}
		if len(pts) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		line.Color, points.Color = s.color, s.color
		bars, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{pts, errs})
		if err != nil {
			return nil, err
		}
		bars.Color = s.color
		p.Add(line, points, bars)
		p.Legend.Add(s.name, line, points)
	}
	p.Add(plotter.NewGrid())
	p.Legend.Top, p.Legend.Left = true, true
	wt, err := p.WriterTo(16*vg.Centimeter, 10*vg.Centimeter, "png")
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
