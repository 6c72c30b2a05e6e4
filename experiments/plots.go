package experiments

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
)

// Plot file names (PNG; each has an SVG twin of the same base name).
const (
	OutcomesPlot    = "outcomes.png"
	LengthsPlot     = "lengths.png"
	LadderPlot      = "ladder.png"
	SensitivityPlot = "sensitivity.png"
)

// Plot geometry of every plot the program draws (experiments' and train's
// ladder.png): sized for a slide (16:10 at 24 cm, fonts readable from the
// back of a room), PNGs at 150 dots per inch (1417×886 pixels).
const (
	PlotWidth  = 24 * vg.Centimeter
	PlotHeight = 15 * vg.Centimeter
	PlotDPI    = 150
)

var (
	redColor   = color.RGBA{R: 200, G: 40, B: 40, A: 255}
	drawColor  = color.RGBA{R: 140, G: 140, B: 140, A: 255}
	blackColor = color.RGBA{R: 40, G: 40, B: 40, A: 255}
	errColor   = color.RGBA{R: 0, G: 90, B: 200, A: 255}
	// seriesColors distinguish arms and variants in line plots.
	seriesColors = []color.Color{
		color.RGBA{R: 31, G: 119, B: 180, A: 255},
		color.RGBA{R: 255, G: 127, B: 14, A: 255},
		color.RGBA{R: 44, G: 160, B: 44, A: 255},
		color.RGBA{R: 214, G: 39, B: 40, A: 255},
		color.RGBA{R: 148, G: 103, B: 189, A: 255},
		color.RGBA{R: 140, G: 86, B: 75, A: 255},
	}
)

// figure is one plot file: a drawing of one or more panels.
type figure struct {
	name string
	draw func(dc draw.Canvas)
}

// WritePlots draws the report's plots into dir, each as PNG and SVG, and
// returns the PNG names: outcome shares with error bars per arm,
// game-length distributions, the ladder (first-player advantage and draw
// rate against simulations, with the fitted line when one describes it)
// and the sensitivity table as a forest plot.
func WritePlots(dir string, r *Report) ([]string, error) {
	if len(r.Arms) == 0 {
		return nil, nil
	}
	makers := []func(*Report) (figure, error){outcomesFigure, lengthsFigure}
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
			return nil, fmt.Errorf("plot %s: %w", f.name, err)
		}
		if err := writeFigure(dir, f); err != nil {
			return nil, fmt.Errorf("plot %s: %w", f.name, err)
		}
		names = append(names, f.name)
	}
	return names, nil
}

// writeFigure renders a figure as PNG and SVG beside each other.
func writeFigure(dir string, f figure) error {
	img := vgimg.NewWith(vgimg.UseWH(PlotWidth, PlotHeight), vgimg.UseDPI(PlotDPI))
	svg := vgsvg.New(PlotWidth, PlotHeight)
	base := strings.TrimSuffix(f.name, ".png")
	for _, out := range []struct {
		path string
		c    vg.CanvasWriterTo
	}{{filepath.Join(dir, base+".png"), vgimg.PngCanvas{Canvas: img}}, {filepath.Join(dir, base+".svg"), svg}} {
		f.draw(draw.New(out.c))
		var buf bytes.Buffer
		if _, err := out.c.WriteTo(&buf); err != nil {
			return err
		}
		if err := atomicfile.WriteFile(out.path, buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// NewPlot returns a plot with slide-sized fonts, the legend at the top and
// a grid: the style of every plot the program draws.
func NewPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(15)
	p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = vg.Points(13)
		a.Tick.Label.Font.Size = vg.Points(11)
	}
	p.Legend.TextStyle.Font.Size = vg.Points(11)
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p
}

func single(name string, p *plot.Plot) figure {
	return figure{name: name, draw: p.Draw}
}

// panels draws plots side by side (cols > 1) or stacked.
func panels(name string, rows, cols int, ps ...*plot.Plot) figure {
	grid := make([][]*plot.Plot, rows)
	for i := range grid {
		grid[i] = ps[i*cols : (i+1)*cols]
	}
	return figure{name: name, draw: func(dc draw.Canvas) {
		t := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
			PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
		cs := plot.Align(grid, t, dc)
		for i := range grid {
			for j, p := range grid[i] {
				p.Draw(cs[i][j])
			}
		}
	}}
}

// stepTicks puts a labelled tick every Step (and unlabelled ones between),
// formatting labels with Format; enough ticks to read values off a slide.
type stepTicks struct {
	Step   float64
	Format func(float64) string
}

func (s stepTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for k := math.Ceil(lo / s.Step * 2); k <= math.Floor(hi/s.Step*2); k++ {
		v := k * s.Step / 2
		t := plot.Tick{Value: v}
		if int64(k)%2 == 0 {
			t.Label = s.Format(v)
		}
		out = append(out, t)
	}
	return out
}

// niceStep returns a step of 1, 2 or 5 times a power of ten giving about
// six labelled ticks over [lo, hi].
func niceStep(lo, hi float64) float64 {
	span := hi - lo
	if !(span > 0) {
		return 1
	}
	raw := span / 6
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if raw <= m*mag {
			return m * mag
		}
	}
	return 10 * mag
}

func pctTick(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }

func ptsTick(v float64) string {
	if math.Abs(v) < 1e-9 {
		return "0"
	}
	return fmt.Sprintf("%+g", math.Round(v*100)/100)
}

// bars draws rectangles whose positions and widths are in data units, so
// that grouped bars and their error bars line up exactly.
type bars struct {
	x0, x1, y []float64
	color     color.Color
}

func (b *bars) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for i := range b.y {
		x0, x1 := tx(b.x0[i]), tx(b.x1[i])
		y0, y1 := ty(0), ty(b.y[i])
		c.FillPolygon(b.color, c.ClipPolygonXY([]vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}))
	}
}

func (b *bars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), 0, 0
	for i := range b.y {
		xmin, xmax = math.Min(xmin, b.x0[i]), math.Max(xmax, b.x1[i])
		ymax = math.Max(ymax, b.y[i])
	}
	return
}

// errorBars are vertical intervals at data x positions.
type errorBars struct {
	plotter.XYs
	plotter.YErrors
}

func newErrorBars(xs []float64, est []Estimate, clr color.Color) (*plotter.YErrorBars, error) {
	e := errorBars{}
	for i, x := range xs {
		e.XYs = append(e.XYs, plotter.XY{X: x, Y: est[i].Value})
		e.YErrors = append(e.YErrors, struct{ Low, High float64 }{est[i].Value - est[i].CI[0], est[i].CI[1] - est[i].Value})
	}
	eb, err := plotter.NewYErrorBars(e)
	if err != nil {
		return nil, err
	}
	eb.Color = clr
	eb.Width = vg.Points(1.5)
	eb.CapWidth = vg.Points(7)
	return eb, nil
}

// zeroLine draws a dashed horizontal line at y across [x0, x1], named in
// the legend (a label on the line could sit on a data point).
func zeroLine(p *plot.Plot, x0, x1, y float64, label string) error {
	l, err := plotter.NewLine(plotter.XYs{{X: x0, Y: y}, {X: x1, Y: y}})
	if err != nil {
		return err
	}
	l.Color = drawColor
	l.Width = vg.Points(1.2)
	l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	p.Add(l)
	p.Legend.Add(label, l)
	return nil
}

// armLabel names an arm with its games for a nominal axis.
func armLabel(a *ArmInfo) string {
	return fmt.Sprintf("%s\nn = %d", a.Name, a.Stats.Games)
}

// outcomesFigure groups red wins, draws and black wins per arm, each bar
// with its Wilson interval; the axis labels give each arm's games.
func outcomesFigure(r *Report) (figure, error) {
	p := NewPlot(fmt.Sprintf("Outcome shares per arm (%g%% Wilson intervals)", 100*r.Confidence), "", "share of games")
	names := make([]string, len(r.Arms))
	const width = 0.26
	top := 0.0
	for k, o := range []struct {
		label string
		clr   color.Color
		get   func(*GroupStats) Estimate
	}{
		{"red wins", redColor, func(s *GroupStats) Estimate { return s.RedWinRate }},
		{"draws", drawColor, func(s *GroupStats) Estimate { return s.DrawRate }},
		{"black wins", blackColor, func(s *GroupStats) Estimate { return s.BlackWinRate }},
	} {
		b := &bars{color: o.clr}
		var xs []float64
		var ests []Estimate
		for i := range r.Arms {
			a := &r.Arms[i]
			names[i] = armLabel(a)
			x := float64(i) + (float64(k)-1)*width
			e := o.get(&a.Stats)
			b.x0 = append(b.x0, x-width/2+0.01)
			b.x1 = append(b.x1, x+width/2-0.01)
			b.y = append(b.y, e.Value)
			xs = append(xs, x)
			ests = append(ests, e)
			top = math.Max(top, e.CI[1])
		}
		eb, err := newErrorBars(xs, ests, errColor)
		if err != nil {
			return figure{name: OutcomesPlot}, err
		}
		p.Add(b, eb)
		p.Legend.Add(o.label, &plotter.BarChart{Color: o.clr})
	}
	p.NominalX(names...)
	p.X.Tick.Label.Font.Size = vg.Points(10)
	p.X.Min, p.X.Max = -0.6, float64(len(r.Arms))-0.4
	// Headroom above the tallest interval for the legend.
	p.Y.Min, p.Y.Max = 0, math.Min(1.25, top/0.75)
	p.Y.Tick.Marker = stepTicks{Step: niceStep(0, p.Y.Max), Format: pctTick}
	return single(OutcomesPlot, p), nil
}

// lengthsFigure draws each arm's game-length distribution as the share of
// games per bin.
func lengthsFigure(r *Report) (figure, error) {
	p := NewPlot("Game length", fmt.Sprintf("plies (bins of %d)", PliesBinWidth), "share of games")
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
			return figure{name: LengthsPlot}, err
		}
		l.Color = seriesColors[i%len(seriesColors)]
		l.Width = vg.Points(2)
		if i >= len(seriesColors) {
			l.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
		}
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("%s (n = %d, median %g)", a.Name, a.Stats.Games, d.Median), l)
	}
	p.X.Min = 0
	p.Y.Min = 0
	// Headroom for the legend: about 7% of the height per entry.
	p.Y.Max = top / math.Max(0.3, 1-0.07*float64(len(r.Arms))-0.05)
	p.Y.Tick.Marker = stepTicks{Step: niceStep(0, p.Y.Max), Format: pctTick}
	p.X.Tick.Marker = stepTicks{Step: niceStep(0, xmax), Format: func(v float64) string { return fmt.Sprintf("%g", v) }}
	return single(LengthsPlot, p), nil
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
func ladderFigure(r *Report) (figure, error) {
	conf := fmt.Sprintf("%g%%", 100*r.Confidence)
	adv := NewPlot("", "", "first-player advantage (points)")
	dr := NewPlot("", "simulations per move (log scale)", "draw rate")
	var ticks plot.ConstantTicks
	seen := map[int]bool{}
	lo, hi := math.Inf(1), math.Inf(-1)
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
	x0, x1 := lo/1.6, hi*1.6
	var notes []string
	yLo, yHi := 0.0, 0.0
	dLo, dHi := 0.0, 0.0
	for i, l := range r.Ladders {
		clr := seriesColors[i%len(seriesColors)]
		var xs []float64
		var advE, drE []Estimate
		for _, pt := range l.Points {
			xs = append(xs, float64(max(1, pt.Sims)))
			e := Estimate{Value: 100 * pt.Advantage.Value, CI: [2]float64{100 * pt.Advantage.CI[0], 100 * pt.Advantage.CI[1]}}
			advE = append(advE, e)
			drE = append(drE, pt.DrawRate)
			yLo, yHi = math.Min(yLo, e.CI[0]), math.Max(yHi, e.CI[1])
			dLo, dHi = math.Min(dLo, pt.DrawRate.CI[0]), math.Max(dHi, pt.DrawRate.CI[1])
		}
		name := l.Variant
		if l.Evaluator != "" {
			name += " (" + l.Evaluator + ")"
		}
		name += ", " + gamesWords(l.Points)
		for k, panel := range []struct {
			p   *plot.Plot
			est []Estimate
		}{{adv, advE}, {dr, drE}} {
			var xy plotter.XYs
			for j, x := range xs {
				xy = append(xy, plotter.XY{X: x, Y: panel.est[j].Value})
			}
			line, points, err := plotter.NewLinePoints(xy)
			if err != nil {
				return figure{name: LadderPlot}, err
			}
			line.Color, points.Color = clr, clr
			line.Width = vg.Points(1.5)
			points.Shape = draw.CircleGlyph{}
			points.Radius = vg.Points(3.5)
			eb, err := newErrorBars(xs, panel.est, clr)
			if err != nil {
				return figure{name: LadderPlot}, err
			}
			panel.p.Add(line, points, eb)
			if k == 0 {
				panel.p.Legend.Add(name, line, points)
			}
		}
		if sl, ln := l.SlopePerDoubling, l.Line; sl != nil && ln != nil {
			if ln.Fits || ln.DF == 0 {
				var xy plotter.XYs
				for _, x := range []float64{lo, math.Sqrt(lo * hi), hi} {
					xy = append(xy, plotter.XY{X: x, Y: 100 * (ln.Intercept + sl.Value*math.Log2(x))})
				}
				fit, err := plotter.NewLine(xy)
				if err != nil {
					return figure{name: LadderPlot}, err
				}
				fit.Color = clr
				fit.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
				fit.Width = vg.Points(1.5)
				adv.Add(fit)
				adv.Legend.Add(fmt.Sprintf("fitted line: %s points per doubling [%s, %s]", signedPts(sl.Value), signedPts(sl.CI[0]), signedPts(sl.CI[1])), fit)
			} else {
				notes = append(notes, fmt.Sprintf("no fitted line for %s: a line does not fit (lack of fit p %s)", l.Variant, fmtP(float64(ln.LackOfFitP))))
			}
		}
	}
	adv.Title.Text = fmt.Sprintf("First-player advantage and draw rate against search effort (%s intervals)", conf)
	if len(notes) > 0 {
		adv.Title.Text += "\n" + strings.Join(notes, "; ")
	}
	adv.Title.TextStyle.Font.Size = vg.Points(13)
	if err := zeroLine(adv, x0, x1, 0, "0 = even game"); err != nil {
		return figure{name: LadderPlot}, err
	}
	// Room for the legend above the data (one entry per series and fit,
	// and the zero line's).
	entries := float64(2*len(r.Ladders) + 1)
	span := yHi - yLo
	adv.Y.Min, adv.Y.Max = yLo-0.08*span, yHi+span*(0.12+0.12*entries)
	adv.Y.Tick.Marker = stepTicks{Step: niceStep(adv.Y.Min, adv.Y.Max), Format: ptsTick}
	dSpan := math.Max(dHi-dLo, 0.01)
	dr.Y.Min, dr.Y.Max = math.Max(0, dLo-0.1*dSpan), dHi+0.1*dSpan
	dr.Y.Tick.Marker = stepTicks{Step: niceStep(dr.Y.Min, dr.Y.Max), Format: pctTick}
	for _, p := range []*plot.Plot{adv, dr} {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = ticks
		p.X.Min, p.X.Max = x0, x1
	}
	return panels(LadderPlot, 2, 1, adv, dr), nil
}

// forestRow is one row of a forest plot: a label and an estimate.
type forestRow struct {
	label string
	est   Estimate
}

// forestPlot draws estimates as points with horizontal intervals, one row
// per label (first at the top), with a labelled reference line at ref.
func forestPlot(title, xLabel string, rows []forestRow, ref float64, refLabel string, tick func(float64) string) (*plot.Plot, error) {
	p := NewPlot(title, xLabel, "")
	p.Title.TextStyle.Font.Size = vg.Points(13)
	n := len(rows)
	var xy plotter.XYs
	var errs plotter.XErrors
	var labels []string
	lo, hi := ref, ref
	for i, r := range rows {
		y := float64(n - 1 - i)
		xy = append(xy, plotter.XY{X: r.est.Value, Y: y})
		errs = append(errs, struct{ Low, High float64 }{r.est.Value - r.est.CI[0], r.est.CI[1] - r.est.Value})
		lo, hi = math.Min(lo, r.est.CI[0]), math.Max(hi, r.est.CI[1])
	}
	for i := n - 1; i >= 0; i-- {
		labels = append(labels, rows[i].label)
	}
	eb, err := plotter.NewXErrorBars(struct {
		plotter.XYs
		plotter.XErrors
	}{xy, errs})
	if err != nil {
		return nil, err
	}
	eb.Color, eb.Width, eb.CapWidth = errColor, vg.Points(1.5), vg.Points(7)
	sc, err := plotter.NewScatter(xy)
	if err != nil {
		return nil, err
	}
	sc.Shape, sc.Radius, sc.Color = draw.CircleGlyph{}, vg.Points(4), blackColor
	p.Add(eb, sc)
	ln, err := plotter.NewLine(plotter.XYs{{X: ref, Y: -0.5}, {X: ref, Y: float64(n) - 0.5}})
	if err != nil {
		return nil, err
	}
	ln.Color, ln.Dashes = drawColor, []vg.Length{vg.Points(5), vg.Points(3)}
	lab, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{{X: ref, Y: float64(n) - 0.5}}, Labels: []string{refLabel}})
	if err != nil {
		return nil, err
	}
	for i := range lab.TextStyle {
		lab.TextStyle[i].Font.Size = vg.Points(10)
		lab.TextStyle[i].XAlign = draw.XCenter
	}
	p.Add(ln, lab)
	p.NominalY(labels...)
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.1
	span := math.Max(hi-lo, 1e-6)
	p.X.Min, p.X.Max = lo-0.08*span, hi+0.08*span
	p.X.Tick.Marker = stepTicks{Step: niceStep(p.X.Min, p.X.Max), Format: tick}
	return p, nil
}

// sensitivityFigure draws the sensitivity table as two forest plots: each
// arm's first-player advantage and its draw rate, the baseline first.
func sensitivityFigure(r *Report) (figure, error) {
	sv := r.Sensitivity
	var base *ArmInfo
	for i := range r.Arms {
		if r.Arms[i].Name == sv.Baseline {
			base = &r.Arms[i]
		}
	}
	if base == nil {
		return figure{name: SensitivityPlot}, fmt.Errorf("no baseline arm %q", sv.Baseline)
	}
	scale := func(e Estimate) Estimate {
		return Estimate{Value: 100 * e.Value, CI: [2]float64{100 * e.CI[0], 100 * e.CI[1]}}
	}
	advRows := []forestRow{{fmt.Sprintf("%s (baseline, n = %d)", base.Name, base.Stats.Games), scale(base.Stats.FirstPlayerAdvantage)}}
	drRows := []forestRow{{base.Name, base.Stats.DrawRate}}
	for _, row := range sv.Rows {
		advRows = append(advRows, forestRow{fmt.Sprintf("%s (n = %d)", row.Arm, row.Games), scale(row.Advantage)})
		drRows = append(drRows, forestRow{row.Arm, row.DrawRate})
	}
	conf := fmt.Sprintf("%g%%", 100*r.Confidence)
	adv, err := forestPlot("First-player advantage ("+conf+")", "points", advRows, 0, "even game", ptsTick)
	if err != nil {
		return figure{name: SensitivityPlot}, err
	}
	dr, err := forestPlot("Draw rate ("+conf+")", "share of games", drRows, base.Stats.DrawRate.Value, "baseline", pctTick)
	if err != nil {
		return figure{name: SensitivityPlot}, err
	}
	return panels(SensitivityPlot, 1, 2, adv, dr), nil
}
