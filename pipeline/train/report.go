package train

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/experiments/figure"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/mcts"
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

// eloCell writes a match's Elo with its interval (EloText), or none where
// there is no match (m is nil): "—" in report.md, "-" in train's text.
func eloCell(m *Match, none string) string {
	if m == nil {
		return none
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

// gen0Text says what generation 0 is, in the report's words.
func gen0Text(c *Config) string {
	if c.Gen0 == mcts.MaterialName && c.Match.Leaf == mcts.LeafPlayout {
		return "the built-in engine: playouts, material"
	}
	if c.Gen0 == eval.BestName {
		shipped := eval.ShippedModel
		if c.Game == AlquerqueGame {
			shipped = eval.ShippedAlquerqueModel
		}
		return fmt.Sprintf("the shipped model, %s, with %s leaves at cpuct %g", shipped, c.Match.Leaf, c.Match.CPUCT)
	}
	return fmt.Sprintf("%s with %s leaves at cpuct %g", c.Gen0, c.Match.Leaf, c.Match.CPUCT)
}

// reportMarkdown renders the ladder as a Markdown table.
func reportMarkdown(c *Config, l *Ladder) string {
	var b strings.Builder
	b.WriteString("# Training ladder\n\n")
	fmt.Fprintf(&b, "Champion: generation %d", l.Champion)
	if l.ChampionModel != "" {
		fmt.Fprint(&b, setting.Sprintf(" (`%s`: play it as the ladder did with `%s`)", l.ChampionModel, championLine(l.ChampionModel, c.ModelCPUCT, "")))
	}
	b.WriteString(".\n\nElo with 95% intervals from the pentanomial distribution of colour-swapped pairs; ")
	fmt.Fprintf(&b, "anchors: generation 0 (%s) and material with value leaves, at the match settings. ", gen0Text(c))
	b.WriteString("Value log-loss is the value head's on held-out games (material-only baseline in brackets); ")
	b.WriteString("prior cross-entropy is against the search's visit shares on held-out positions (uniform priors in brackets; the shares' own entropy is the floor).\n\n")
	b.WriteString("| gen | data by | positions | value log-loss | scale | prior CE (uniform) | entropy | top-1 | gate opponent | gate W-D-L | gate Elo | promoted | Elo over gen 1 (chained) | Elo vs gen 0 | Elo vs material | Elo (one fit) |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, g := range l.Generations {
		prior := "no prior | — | —"
		if g.priorScored() {
			prior = fmt.Sprintf("%.3f (%.3f) | %.3f | %.1f%%", g.PriorCrossEntropy, g.UniformCrossEntropy, g.PolicyEntropy, 100*g.PriorTop1)
		}
		fmt.Fprintf(&b, "| %d | gen %d | %d | %.4f (%.4f) | %.2f | %s | gen %d | %d-%d-%d | %s | %v | %s | %s | %s | %s |\n",
			g.Generation, g.SelfPlayChampion, g.Positions, g.ValueLogLoss, g.BaselineLogLoss, g.ValueScale, prior,
			g.GateOpponent, g.Gate.Wins, g.Gate.Draws, g.Gate.Losses, eloCell(&g.Gate, "—"), yesNo(g.Promoted),
			eloCell(g.Chained.match(), "—"), eloCell(g.VsGen0, "—"), eloCell(g.VsMaterial, "—"), eloCell(g.Rated.match(), "—"))
	}
	for _, g := range l.Generations {
		if g.ValueWarning != "" {
			fmt.Fprintf(&b, "\n**Warning**, generation %d: the value head's %s.\n", g.Generation, g.ValueWarning)
		}
	}
	b.WriteString("\n## Gates\n\n")
	for i := range l.Generations {
		g := &l.Generations[i]
		fmt.Fprintf(&b, "- gen %d: %s.\n", g.Generation, gateReason(g, c.Gate))
	}
	fmt.Fprintf(&b, "\nElo over generation 1 adds up the gates from generation 1 on (each gate against the champion of its time), with the variances added; a shut-out has an unbounded interval (±inf).\n")
	if rt := l.Ratings; rt != nil {
		b.WriteString("\n## Ratings: one fit over every match\n\n")
		fmt.Fprintf(&b, "Elo relative to %s (0), fitted at once over every match of the run (gates, pool and anchor matches): "+
			"Bradley–Terry maximum likelihood with %g virtual draw a match, 95%% intervals from the fit's information scaled by the dispersion of the colour-swapped pairs (stats.PoolRatings).\n\n", rt.Anchor, rt.PriorDraws)
		b.WriteString("| player | Elo [95% CI] | games |\n|---|---|---|\n")
		for _, p := range rt.Players {
			fmt.Fprintf(&b, "| %s | %s | %d |\n", p.Player, EloText(p.Elo, p.EloCI), p.Games)
		}
	}
	fmt.Fprintf(&b, "\n![Elo of each generation](%s)\n", LadderPlot)
	if st := l.Strength; st != nil {
		fmt.Fprintf(&b, "\n## Strength at equal simulations and equal time\n\n")
		fmt.Fprintf(&b, "Search speed, one thread, by the thread's CPU clock (Linux; the wall clock elsewhere), fresh searches of %d positions of the last generation's data (fastest of %d rounds), measured once and recorded: the equal-time matches give each side simulations in proportion.\n\n", st.Positions, calibrationRounds)
		b.WriteString("| engine | sims/s |\n|---|---|\n")
		for _, r := range st.Rates {
			fmt.Fprintf(&b, "| %s | %.0f |\n", r.Engine, r.SimsPerSecond)
		}
		b.WriteString("\n| match | sims A / B | W-D-L (A) | score | Elo (A) |\n|---|---|---|---|---|\n")
		for _, m := range st.Matches {
			fmt.Fprintf(&b, "| %s | %d / %d | %d-%d-%d | %.3f | %s |\n", m.Name, m.ASims, m.BSims, m.Match.Wins, m.Match.Draws, m.Match.Losses, m.Match.Score, eloCell(&m.Match, "—"))
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

// ladderSeries are the ladder plot's lines: each generation's Elo against
// an anchor, chained over generation 1, or in the one fit over every match.
var ladderSeries = []ladderSerie{
	{"vs generation 0", func(g *Generation) *Match { return g.VsGen0 }, color.RGBA{R: 31, G: 119, B: 180, A: 255}, -0.06},
	{"vs material value leaves", func(g *Generation) *Match { return g.VsMaterial }, color.RGBA{R: 255, G: 127, B: 14, A: 255}, 0.06},
	{"over generation 1, chained gates", func(g *Generation) *Match { return g.Chained.match() }, color.RGBA{R: 44, G: 160, B: 44, A: 255}, 0},
	{"one fit over every match", func(g *Generation) *Match { return g.Rated.match() }, color.RGBA{R: 214, G: 39, B: 40, A: 255}, 0.12},
}

// ladderSerie is one series of the ladder plot: its name, its figure of
// a generation (nil for none), its colour and its shift off the
// generation's x, so that series do not hide each other.
type ladderSerie struct {
	name  string
	get   func(*Generation) *Match
	color color.Color
	shift float64
}

// offScale reports whether an Elo figure is a shut-out's infinity (stored
// as ±eloInfinity): the plot marks it at its edge instead of drawing it.
func offScale(x float64) bool { return math.IsInf(x, 0) || math.Abs(x) >= eloInfinity }

// ladderPNG plots each generation's Elo (ladderSeries) with its
// interval, in the style and size of every other plot (figure.NewPlot,
// figure.Width × figure.Height), at integer generations, with the legend below
// the data. Infinite figures (a shut-out) are not drawn at ±10000 Elo,
// which would squash every real point: the axis spans the finite figures,
// an infinite Elo is a triangle at the edge it points to, labelled "+inf"
// or "-inf", and an infinite bound's bar runs to the edge.
func ladderPNG(l *Ladder) ([]byte, error) {
	p := figure.NewPlot("Elo of each generation", "generation", "Elo (95% interval)")
	p.Y.Min, p.Y.Max = eloAxis(l)
	p.X.Min, p.X.Max = 0.5, float64(len(l.Generations))+0.5
	p.X.Tick.Marker = generationTicks{}
	legend := plot.NewLegend()
	legend.TextStyle.Font.Size = p.Legend.TextStyle.Font.Size
	entries, offScaleMarks := 0, false
	for _, s := range ladderSeries {
		thumbs, marked, err := addLadderSerie(p, l, s)
		if err != nil {
			return nil, err
		}
		offScaleMarks = offScaleMarks || marked
		if len(thumbs) > 0 {
			legend.Add(s.name, thumbs...)
			entries++
		}
	}
	if offScaleMarks {
		p.Title.Text += " (triangles: a shut-out's infinite Elo, off the scale)"
	}
	img := vgimg.NewWith(vgimg.UseWH(figure.Width, figure.Height), vgimg.UseDPI(figure.DPI))
	c := draw.New(img)
	legendHeight := vg.Length(entries) * legend.TextStyle.Height("M") * 1.3
	p.Draw(draw.Crop(c, 0, 0, legendHeight+vg.Millimeter*4, 0))
	legend.Top, legend.Left = true, true
	legend.XOffs = vg.Millimeter * 15
	legend.Draw(draw.Crop(c, 0, 0, 0, -(c.Max.Y - c.Min.Y - legendHeight - vg.Millimeter*2)))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// addLadderSerie draws series s of the ladder on p: its finite figures as
// a line through points with their intervals (a bound past the axis runs
// to its edge), an infinite one as a triangle at the edge it points to. It
// returns the legend's thumbnails and whether it drew a triangle.
func addLadderSerie(p *plot.Plot, l *Ladder, s ladderSerie) ([]plot.Thumbnailer, bool, error) {
	edge := func(x float64) float64 { return max(p.Y.Min, min(p.Y.Max, x)) }
	var pts, up, down plotter.XYs
	var errs plotter.YErrors
	for i := range l.Generations {
		g := &l.Generations[i]
		m := s.get(g)
		if m == nil {
			continue
		}
		x := float64(g.Generation) + s.shift
		switch {
		case offScale(m.Elo) && m.Elo > 0:
			up = append(up, plotter.XY{X: x, Y: p.Y.Max})
			continue
		case offScale(m.Elo):
			down = append(down, plotter.XY{X: x, Y: p.Y.Min})
			continue
		}
		pts = append(pts, plotter.XY{X: x, Y: m.Elo})
		errs = append(errs, struct{ Low, High float64 }{m.Elo - edge(m.EloCI[0]), edge(m.EloCI[1]) - m.Elo})
	}
	var thumbs []plot.Thumbnailer
	if len(pts) > 0 {
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, false, err
		}
		line.Color, points.Color = s.color, s.color
		bars, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{pts, errs})
		if err != nil {
			return nil, false, err
		}
		bars.Color = s.color
		p.Add(line, points, bars)
		thumbs = append(thumbs, line, points)
	}
	marked := false
	for _, off := range []struct {
		at    plotter.XYs
		glyph draw.GlyphDrawer
		label string
	}{{up, draw.TriangleGlyph{}, "+inf"}, {down, downTriangle{}, "-inf"}} {
		if len(off.at) == 0 {
			continue
		}
		sc, err := addOffScale(p, s, off.at, off.glyph, off.label)
		if err != nil {
			return nil, false, err
		}
		marked = true
		if len(thumbs) == 0 {
			thumbs = append(thumbs, sc)
		}
	}
	return thumbs, marked, nil
}

// addOffScale marks the points at of series s, infinite figures, with
// glyph and label at the axis's edge.
func addOffScale(p *plot.Plot, s ladderSerie, at plotter.XYs, glyph draw.GlyphDrawer, label string) (*plotter.Scatter, error) {
	sc, err := plotter.NewScatter(at)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle = draw.GlyphStyle{Color: s.color, Radius: vg.Points(5), Shape: glyph}
	labels, err := plotter.NewLabels(plotter.XYLabels{XYs: at, Labels: repeat(label, len(at))})
	if err != nil {
		return nil, err
	}
	for i := range labels.TextStyle {
		labels.TextStyle[i].Color = s.color
		labels.TextStyle[i].Font.Size = vg.Points(10)
		// Left of the mark for the series drawn left of the
		// generation, right otherwise, so that marks do not meet.
		labels.Offset = vg.Point{X: vg.Points(7), Y: -vg.Points(4)}
		if s.shift < 0 {
			labels.Offset.X = -vg.Points(27)
		}
	}
	p.Add(sc, labels)
	return sc, nil
}

// eloAxis is the ladder plot's Elo range: the finite figures (values and
// bounds) with a margin, never an infinity's stand-in.
func eloAxis(l *Ladder) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for i := range l.Generations {
		for _, s := range ladderSeries {
			if m := s.get(&l.Generations[i]); m != nil {
				for _, x := range []float64{m.Elo, m.EloCI[0], m.EloCI[1]} {
					if !offScale(x) {
						lo, hi = min(lo, x), max(hi, x)
					}
				}
			}
		}
	}
	if lo > hi {
		lo, hi = -100, 100
	}
	pad := max(50, (hi-lo)/8)
	return lo - pad, hi + pad
}

// generationTicks marks the generations, whole numbers only.
type generationTicks struct{}

func (generationTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for g := math.Ceil(lo); g <= hi; g++ {
		ts = append(ts, plot.Tick{Value: g, Label: fmt.Sprintf("%.0f", g)})
	}
	return ts
}

// downTriangle is a triangle pointing down: the mark of a figure off the
// bottom of the plot (draw.TriangleGlyph points up).
type downTriangle struct{}

func (downTriangle) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(0.5)})
	r := sty.Radius
	var path vg.Path
	path.Move(vg.Point{X: pt.X - r, Y: pt.Y + r*0.6})
	path.Line(vg.Point{X: pt.X + r, Y: pt.Y + r*0.6})
	path.Line(vg.Point{X: pt.X, Y: pt.Y - r})
	path.Close()
	c.SetColor(sty.Color)
	c.Fill(path)
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// WriteText prints the ladder's headline as train does: one line per
// generation, the strength comparison, and how to play the champion of the
// run in out (its value-leaf players at cpuct).
func (l *Ladder) WriteText(w io.Writer, out string, cpuct float64) error {
	fmt.Fprintf(w, "train finished: everything is in %s (report.md, ladder.png, ladder.json)\n\n", out)
	// Columns as wide as their widest cell: fixed widths lost the
	// alignment once an interval ran past them ("+1234.5 [-1000.2, +inf]").
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "gen\tgate\tgate Elo\tpromoted\tElo over gen 1\tElo vs gen 0\tElo vs material\tvalue logloss\tprior CE (uniform)")
	for i := range l.Generations {
		g := &l.Generations[i]
		prior := "no prior"
		if g.priorScored() {
			prior = fmt.Sprintf("%.3f (%.3f)", g.PriorCrossEntropy, g.UniformCrossEntropy)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%v\t%s\t%s\t%s\t%.4f\t%s\n", g.Generation,
			fmt.Sprintf("%d-%d-%d", g.Gate.Wins, g.Gate.Draws, g.Gate.Losses), eloCell(&g.Gate, "-"), g.Promoted,
			eloCell(g.Chained.match(), "-"), eloCell(g.VsGen0, "-"), eloCell(g.VsMaterial, "-"), g.ValueLogLoss, prior)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if rt := l.Ratings; rt != nil {
		fmt.Fprintf(w, "\nratings (one fit over every match, Elo relative to %s):\n", rt.Anchor)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, p := range rt.Players {
			fmt.Fprintf(tw, "  %s\t%s\t%d games\n", p.Player, EloText(p.Elo, p.EloCI), p.Games)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if st := l.Strength; st != nil {
		rates := make([]string, len(st.Rates))
		for i, r := range st.Rates {
			rates[i] = fmt.Sprintf("%s %.0f", r.Engine, r.SimsPerSecond)
		}
		fmt.Fprintf(w, "\nstrength (sims/s, one thread: %s)\n", strings.Join(rates, "; "))
		for _, m := range st.Matches {
			fmt.Fprintf(w, "  %s (%d / %d sims): %d-%d-%d, Elo %s\n", m.Name, m.ASims, m.BSims, m.Match.Wins, m.Match.Draws, m.Match.Losses, eloCell(&m.Match, "-"))
		}
	}
	if l.ChampionModel != "" {
		fmt.Fprint(w, setting.Sprintf("\nchampion: generation %d, play it with %s\n", l.Champion, championLine(filepath.Join(out, l.ChampionModel), cpuct, l.game())))
	} else {
		fmt.Fprintf(w, "\nchampion: generation 0 (no trained generation passed its gate)\n")
	}
	return nil
}

// championLine is the settings that play the champion's model as the
// ladder did: the game's (none for Surakarta), the model file as the
// evaluator, value leaves and the match's cpuct.
func championLine(model string, cpuct float64, game string) setting.Line {
	var l setting.Line
	if game != "" {
		l = append(l, setting.Set("game", game))
	}
	return append(l, setting.Set("evaluator", model), setting.Set("leaf", "value"), setting.Set("cpuct", strconv.FormatFloat(cpuct, 'g', -1, 64)))
}
