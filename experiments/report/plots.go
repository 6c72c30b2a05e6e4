package report

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/surakarta/surakarta/experiments/figure"
	"github.com/surakarta/surakarta/experiments/gamestats"
)

// Plot file names (PNG; each has an SVG twin of the same base name).
const (
	OutcomesPlot    = "outcomes.png"
	LengthsPlot     = "lengths.png"
	LadderPlot      = "ladder.png"
	SensitivityPlot = "sensitivity.png"
)

// WritePlots draws the report's plots into dir, each as PNG and SVG, and
// returns the PNG names: outcome shares with error bars per arm,
// game-length distributions, the ladder (first-player advantage and draw
// rate against simulations, with the fitted line when one describes it)
// and the sensitivity table as a forest plot.
func WritePlots(dir string, r *Report) ([]string, error) {
	if len(r.Arms) == 0 {
		return nil, nil
	}
	makers := []func(*Report) (figure.Figure, error){outcomesFigure, lengthsFigure}
	if len(r.Ladders) > 0 {
		makers = append(makers, ladderFigure)
	}
	if r.Sensitivity != nil && len(r.Sensitivity.Rows) > 0 {
		makers = append(makers, sensitivityFigure)
	}
	var names []string
	for _, mk := range makers {
		f, err := mk(r)
		if err != nil {
			return nil, fmt.Errorf("plot %s: %w", f.Name, err)
		}
		if err := figure.Write(dir, f); err != nil {
			return nil, fmt.Errorf("plot %s: %w", f.Name, err)
		}
		names = append(names, f.Name)
	}
	return names, nil
}

// armLabel names an arm with its games for a nominal axis.
func armLabel(a *ArmInfo) string {
	return fmt.Sprintf("%s\nn = %d", a.Name, a.Stats.Games)
}

// outcomesFigure groups red wins, draws and black wins per arm, each bar
// with its Wilson interval; the axis labels give each arm's games.
func outcomesFigure(r *Report) (figure.Figure, error) {
	p := figure.NewPlot(fmt.Sprintf("Outcome shares per arm (%g%% Wilson intervals)", 100*r.Confidence), "", "share of games")
	names := make([]string, len(r.Arms))
	const width = 0.26
	top := 0.0
	for k, o := range []struct {
		label string
		clr   color.Color
		get   func(*gamestats.GroupStats) gamestats.Estimate
	}{
		{"red wins", figure.Red, func(s *gamestats.GroupStats) gamestats.Estimate { return s.RedWinRate }},
		{"draws", figure.Draw, func(s *gamestats.GroupStats) gamestats.Estimate { return s.DrawRate }},
		{"black wins", figure.Black, func(s *gamestats.GroupStats) gamestats.Estimate { return s.BlackWinRate }},
	} {
		b := &figure.Bars{Color: o.clr}
		var xs []float64
		var ests []gamestats.Estimate
		for i := range r.Arms {
			a := &r.Arms[i]
			names[i] = armLabel(a)
			x := float64(i) + (float64(k)-1)*width
			e := o.get(&a.Stats)
			b.X0 = append(b.X0, x-width/2+0.01)
			b.X1 = append(b.X1, x+width/2-0.01)
			b.Y = append(b.Y, e.Value)
			xs = append(xs, x)
			ests = append(ests, e)
			top = math.Max(top, e.CI[1])
		}
		eb, err := figure.ErrorBars(xs, figureEstimates(ests), figure.Interval)
		if err != nil {
			return figure.Figure{Name: OutcomesPlot}, err
		}
		p.Add(b, eb)
		p.Legend.Add(o.label, &plotter.BarChart{Color: o.clr})
	}
	p.NominalX(names...)
	p.X.Tick.Label.Font.Size = vg.Points(10)
	p.X.Min, p.X.Max = -0.6, float64(len(r.Arms))-0.4
	// Headroom above the tallest interval for the legend.
	p.Y.Min, p.Y.Max = 0, math.Min(1.25, top/0.75)
	p.Y.Tick.Marker = figure.StepTicks{Step: figure.NiceStep(0, p.Y.Max), Format: figure.PctTick}
	return figure.Single(OutcomesPlot, p), nil
}

// lengthsFigure draws each arm's game-length distribution as the share of
// games per bin.
func lengthsFigure(r *Report) (figure.Figure, error) {
	p := figure.NewPlot("Game length", fmt.Sprintf("plies (bins of %d)", gamestats.PliesBinWidth), "share of games")
	top, xmax := 0.0, 0.0
	for i, a := range r.Arms {
		d := a.Stats.Plies
		var xy plotter.XYs
		total := float64(a.Stats.Games)
		for _, b := range d.Histogram {
			if b.Hi <= d.Min {
				continue // leading empty bins
			}
			y := float64(b.Count) / total
			top = math.Max(top, y)
			xmax = math.Max(xmax, float64(b.Hi))
			// A step: flat across the bin.
			xy = append(xy, plotter.XY{X: float64(b.Lo), Y: y}, plotter.XY{X: float64(b.Hi), Y: y})
		}
		if len(xy) == 0 {
			continue
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return figure.Figure{Name: LengthsPlot}, err
		}
		l.Color = figure.Series[i%len(figure.Series)]
		l.Width = vg.Points(2)
		if i >= len(figure.Series) {
			l.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
		}
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("%s (n = %d, median %g)", a.Name, a.Stats.Games, d.Median), l)
	}
	p.X.Min = 0
	p.Y.Min = 0
	// Headroom for the legend: about 7% of the height per entry.
	p.Y.Max = top / math.Max(0.3, 1-0.07*float64(len(r.Arms))-0.05)
	p.Y.Tick.Marker = figure.StepTicks{Step: figure.NiceStep(0, p.Y.Max), Format: figure.PctTick}
	p.X.Tick.Marker = figure.StepTicks{Step: figure.NiceStep(0, xmax), Format: func(v float64) string { return fmt.Sprintf("%g", v) }}
	return figure.Single(LengthsPlot, p), nil
}

// gamesWords gives a series' games per point: "n = 2000 per rung" or the
// range when they differ.
func gamesWords(points []LadderPoint) string {
	lo, hi := int64(math.MaxInt64), int64(0)
	for _, p := range points {
		lo, hi = min(lo, p.Games), max(hi, p.Games)
	}
	if lo == hi {
		return fmt.Sprintf("n = %d per rung", lo)
	}
	return fmt.Sprintf("n = %d–%d per rung", lo, hi)
}

// ladderFigure stacks the first-player advantage (points) over the draw
// rate against simulations per move on a log axis, one series per ladder,
// with the fitted line over log2(simulations) where the line fits and a
// note in the title where it does not.
func ladderFigure(r *Report) (figure.Figure, error) {
	adv := figure.NewPlot("", "", "first-player advantage (points)")
	dr := figure.NewPlot("", "simulations per move (log scale)", "draw rate")
	ticks, lo, hi := ladderTicks(r)
	x0, x1 := lo/1.6, hi*1.6
	var notes []string
	var span ladderSpan
	for i, l := range r.Ladders {
		note, err := addLadder(adv, dr, &l, figure.Series[i%len(figure.Series)], lo, hi, &span)
		if err != nil {
			return figure.Figure{Name: LadderPlot}, err
		}
		if note != "" {
			notes = append(notes, note)
		}
	}
	adv.Title.Text = fmt.Sprintf("First-player advantage and draw rate against search effort (%g%% intervals)", 100*r.Confidence)
	if len(notes) > 0 {
		adv.Title.Text += "\n" + strings.Join(notes, "; ")
	}
	adv.Title.TextStyle.Font.Size = vg.Points(13)
	if err := figure.RefLine(adv, x0, x1, 0, "0 = even game"); err != nil {
		return figure.Figure{Name: LadderPlot}, err
	}
	// Room for the legend above the data (one entry per series and fit,
	// and the zero line's).
	entries := float64(2*len(r.Ladders) + 1)
	yspan := span.yHi - span.yLo
	adv.Y.Min, adv.Y.Max = span.yLo-0.08*yspan, span.yHi+yspan*(0.12+0.12*entries)
	adv.Y.Tick.Marker = figure.StepTicks{Step: figure.NiceStep(adv.Y.Min, adv.Y.Max), Format: figure.PtsTick}
	dSpan := math.Max(span.dHi-span.dLo, 0.01)
	dr.Y.Min, dr.Y.Max = math.Max(0, span.dLo-0.1*dSpan), span.dHi+0.1*dSpan
	dr.Y.Tick.Marker = figure.StepTicks{Step: figure.NiceStep(dr.Y.Min, dr.Y.Max), Format: figure.PctTick}
	for _, p := range []*plot.Plot{adv, dr} {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = ticks
		p.X.Min, p.X.Max = x0, x1
	}
	return figure.Panels(LadderPlot, 2, 1, adv, dr), nil
}

// ladderTicks are the ladders' simulation counts as ticks, and the least
// and most of them (1 for 0).
func ladderTicks(r *Report) (ticks plot.ConstantTicks, lo, hi float64) {
	seen := map[int]bool{}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, l := range r.Ladders {
		for _, pt := range l.Points {
			x := float64(max(1, pt.Sims))
			lo, hi = math.Min(lo, x), math.Max(hi, x)
			if !seen[pt.Sims] {
				seen[pt.Sims] = true
				ticks = append(ticks, plot.Tick{Value: x, Label: fmt.Sprint(pt.Sims)})
			}
		}
	}
	return ticks, lo, hi
}

// ladderSpan is the extent of the ladders' intervals: the advantage's in
// points (from 0) and the draw rate's.
type ladderSpan struct{ yLo, yHi, dLo, dHi float64 }

// addLadder draws ladder l in clr on both panels, its advantage in points
// on adv and its draw rate on dr, widening span to their intervals, and
// its fitted line over [lo, hi] on adv; it returns the title's note where
// a line does not fit.
func addLadder(adv, dr *plot.Plot, l *Ladder, clr color.Color, lo, hi float64, span *ladderSpan) (string, error) {
	var xs []float64
	var advE, drE []gamestats.Estimate
	for _, pt := range l.Points {
		xs = append(xs, float64(max(1, pt.Sims)))
		e := gamestats.Estimate{Value: 100 * pt.Advantage.Value, CI: [2]float64{100 * pt.Advantage.CI[0], 100 * pt.Advantage.CI[1]}}
		advE = append(advE, e)
		drE = append(drE, pt.DrawRate)
		span.yLo, span.yHi = math.Min(span.yLo, e.CI[0]), math.Max(span.yHi, e.CI[1])
		span.dLo, span.dHi = math.Min(span.dLo, pt.DrawRate.CI[0]), math.Max(span.dHi, pt.DrawRate.CI[1])
	}
	name := l.Variant
	if l.Evaluator != "" {
		name += " (" + l.Evaluator + ")"
	}
	name += ", " + gamesWords(l.Points)
	if err := addLadderPoints(adv, xs, advE, clr, name); err != nil {
		return "", err
	}
	if err := addLadderPoints(dr, xs, drE, clr, ""); err != nil {
		return "", err
	}
	sl, ln := l.SlopePerDoubling, l.Line
	if sl == nil || ln == nil {
		return "", nil
	}
	if !ln.Fits && ln.DF != 0 {
		return fmt.Sprintf("no fitted line for %s: a line does not fit (lack of fit p %s)", l.Variant, fmtP(float64(ln.LackOfFitP))), nil
	}
	var xy plotter.XYs
	for _, x := range []float64{lo, math.Sqrt(lo * hi), hi} {
		xy = append(xy, plotter.XY{X: x, Y: 100 * (ln.Intercept + sl.Value*math.Log2(x))})
	}
	fit, err := plotter.NewLine(xy)
	if err != nil {
		return "", err
	}
	fit.Color = clr
	fit.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
	fit.Width = vg.Points(1.5)
	adv.Add(fit)
	adv.Legend.Add(fmt.Sprintf("fitted line: %s points per doubling [%s, %s]", signedPts(sl.Value), signedPts(sl.CI[0]), signedPts(sl.CI[1])), fit)
	return "", nil
}

// addLadderPoints draws estimates est at xs on p as a line through points
// with their intervals, in the legend as name unless name is "".
func addLadderPoints(p *plot.Plot, xs []float64, est []gamestats.Estimate, clr color.Color, name string) error {
	var xy plotter.XYs
	for j, x := range xs {
		xy = append(xy, plotter.XY{X: x, Y: est[j].Value})
	}
	line, points, err := plotter.NewLinePoints(xy)
	if err != nil {
		return err
	}
	line.Color, points.Color = clr, clr
	line.Width = vg.Points(1.5)
	points.Shape = draw.CircleGlyph{}
	points.Radius = vg.Points(3.5)
	eb, err := figure.ErrorBars(xs, figureEstimates(est), clr)
	if err != nil {
		return err
	}
	p.Add(line, points, eb)
	if name != "" {
		p.Legend.Add(name, line, points)
	}
	return nil
}

// sensitivityFigure draws the sensitivity table as two forest plots: each
// arm's first-player advantage and its draw rate, the baseline first.
func sensitivityFigure(r *Report) (figure.Figure, error) {
	sv := r.Sensitivity
	var base *ArmInfo
	for i := range r.Arms {
		if r.Arms[i].Name == sv.Baseline {
			base = &r.Arms[i]
		}
	}
	if base == nil {
		return figure.Figure{Name: SensitivityPlot}, fmt.Errorf("no baseline arm %q", sv.Baseline)
	}
	scale := func(e gamestats.Estimate) figure.Estimate {
		return figure.Estimate{Value: 100 * e.Value, CI: [2]float64{100 * e.CI[0], 100 * e.CI[1]}}
	}
	advRows := []figure.ForestRow{{Label: fmt.Sprintf("%s (baseline, n = %d)", base.Name, base.Stats.Games), Est: scale(base.Stats.FirstPlayerAdvantage)}}
	drRows := []figure.ForestRow{{Label: base.Name, Est: figure.Estimate(base.Stats.DrawRate)}}
	for _, row := range sv.Rows {
		advRows = append(advRows, figure.ForestRow{Label: fmt.Sprintf("%s (n = %d)", row.Arm, row.Games), Est: scale(row.Advantage)})
		drRows = append(drRows, figure.ForestRow{Label: row.Arm, Est: figure.Estimate(row.DrawRate)})
	}
	conf := fmt.Sprintf("%g%%", 100*r.Confidence)
	adv, err := figure.Forest("First-player advantage ("+conf+")", "points", advRows, 0, "even game", figure.PtsTick)
	if err != nil {
		return figure.Figure{Name: SensitivityPlot}, err
	}
	dr, err := figure.Forest("Draw rate ("+conf+")", "share of games", drRows, base.Stats.DrawRate.Value, "baseline", figure.PctTick)
	if err != nil {
		return figure.Figure{Name: SensitivityPlot}, err
	}
	return figure.Panels(SensitivityPlot, 1, 2, adv, dr), nil
}

// figureEstimates are estimates as package figure draws them.
func figureEstimates(es []gamestats.Estimate) []figure.Estimate {
	out := make([]figure.Estimate, len(es))
	for i, e := range es {
		out[i] = figure.Estimate(e)
	}
	return out
}
