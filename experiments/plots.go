package experiments

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Plot file names.
const (
	OutcomesPlot = "outcomes.png"
	LengthsPlot  = "lengths.png"
	LadderPlot   = "ladder.png"
)

var (
	redColor   = color.RGBA{R: 200, G: 40, B: 40, A: 255}
	drawColor  = color.RGBA{R: 140, G: 140, B: 140, A: 255}
	blackColor = color.RGBA{R: 40, G: 40, B: 40, A: 255}
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

// WritePlots draws the report's plots into dir and returns their file
// names: outcome shares with error bars per arm, game-length
// distributions, and (with a ladder) first-player advantage against
// simulations per move.
func WritePlots(dir string, r *Report) ([]string, error) {
	if len(r.Arms) == 0 {
		return nil, nil
	}
	type job struct {
		name string
		make func(*Report) (*plot.Plot, error)
	}
	jobs := []job{{OutcomesPlot, outcomesPlot}, {LengthsPlot, lengthsPlot}}
	if len(r.Ladders) > 0 {
		jobs = append(jobs, job{LadderPlot, ladderPlot})
	}
	var names []string
	for _, j := range jobs {
		p, err := j.make(r)
		if err != nil {
			return nil, fmt.Errorf("plot %s: %w", j.name, err)
		}
		wt, err := p.WriterTo(16*vg.Centimeter, 10*vg.Centimeter, "png")
		if err != nil {
			return nil, fmt.Errorf("plot %s: %w", j.name, err)
		}
		var buf bytes.Buffer
		if _, err := wt.WriteTo(&buf); err != nil {
			return nil, fmt.Errorf("plot %s: %w", j.name, err)
		}
		if err := writeAtomic(filepath.Join(dir, j.name), buf.Bytes()); err != nil {
			return nil, err
		}
		names = append(names, j.name)
	}
	return names, nil
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
	eb.Width = vg.Points(1)
	eb.CapWidth = vg.Points(5)
	return eb, nil
}

// outcomesPlot groups red wins, draws and black wins per arm, each bar with
// its Wilson interval.
func outcomesPlot(r *Report) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Outcome shares per arm (%g%% intervals)", 100*r.Confidence)
	p.Y.Label.Text = "share of games"
	p.Y.Min, p.Y.Max = 0, 1
	names := make([]string, len(r.Arms))
	const width = 0.26
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
		for i, a := range r.Arms {
			names[i] = a.Name
			x := float64(i) + (float64(k)-1)*width
			e := o.get(&a.Stats)
			b.x0 = append(b.x0, x-width/2+0.01)
			b.x1 = append(b.x1, x+width/2-0.01)
			b.y = append(b.y, e.Value)
			xs = append(xs, x)
			ests = append(ests, e)
		}
		eb, err := newErrorBars(xs, ests, color.RGBA{R: 0, G: 90, B: 200, A: 255})
		if err != nil {
			return nil, err
		}
		p.Add(b, eb)
		sw := &plotter.BarChart{Color: o.clr}
		p.Legend.Add(o.label, sw)
	}
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.6, float64(len(r.Arms))-0.4
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p, nil
}

// lengthsPlot draws each arm's game-length distribution as the share of
// games per bin.
func lengthsPlot(r *Report) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Game length"
	p.X.Label.Text = fmt.Sprintf("plies (bins of %d)", PliesBinWidth)
	p.Y.Label.Text = "share of games"
	p.Y.Min = 0
	top := 0.0
	for i, a := range r.Arms {
		d := a.Stats.Plies
		var xy plotter.XYs
		total := float64(a.Stats.Games)
		for _, b := range d.Histogram {
			if b.Hi <= d.Min {
				continue // leading empty bins
			}
			top = math.Max(top, float64(b.Count)/total)
			// A step: flat across the bin.
			y := float64(b.Count) / total
			xy = append(xy, plotter.XY{X: float64(b.Lo), Y: y}, plotter.XY{X: float64(b.Hi), Y: y})
		}
		if len(xy) == 0 {
			continue
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return nil, err
		}
		l.Color = seriesColors[i%len(seriesColors)]
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("%s (median %g)", a.Name, d.Median), l)
	}
	p.Y.Max = top * (1.15 + 0.08*float64(len(r.Arms))) // headroom for the legend
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p, nil
}

// ladderPlot draws the first-player advantage (percentage points) against
// simulations per move on a log axis, one series per ladder.
func ladderPlot(r *Report) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("First-player advantage against search effort (%g%% intervals)", 100*r.Confidence)
	p.X.Label.Text = "simulations per move"
	p.Y.Label.Text = "first-player advantage (percentage points)"
	p.X.Scale = plot.LogScale{}
	var ticks plot.ConstantTicks
	seen := map[int]bool{}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, l := range r.Ladders {
		var xy plotter.XYs
		var xs []float64
		var ests []Estimate
		for _, pt := range l.Points {
			x := float64(pt.Sims)
			xy = append(xy, plotter.XY{X: x, Y: 100 * pt.Advantage.Value})
			xs = append(xs, x)
			ests = append(ests, Estimate{Value: 100 * pt.Advantage.Value, CI: [2]float64{100 * pt.Advantage.CI[0], 100 * pt.Advantage.CI[1]}})
			if !seen[pt.Sims] {
				seen[pt.Sims] = true
				ticks = append(ticks, plot.Tick{Value: x, Label: fmt.Sprint(pt.Sims)})
			}
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
		clr := seriesColors[i%len(seriesColors)]
		line, points, err := plotter.NewLinePoints(xy)
		if err != nil {
			return nil, err
		}
		line.Color, points.Color = clr, clr
		eb, err := newErrorBars(xs, ests, clr)
		if err != nil {
			return nil, err
		}
		p.Add(line, points, eb)
		name := l.Variant
		if l.Evaluator != "" {
			name += " (" + l.Evaluator + ")"
		}
		p.Legend.Add(name, line, points)
	}
	p.X.Tick.Marker = ticks
	p.X.Min, p.X.Max = lo/1.5, hi*1.5
	zero, err := plotter.NewLine(plotter.XYs{{X: lo / 1.5, Y: 0}, {X: hi * 1.5, Y: 0}})
	if err != nil {
		return nil, err
	}
	zero.Color = drawColor
	zero.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(zero, plotter.NewGrid())
	p.Legend.Top = true
	return p, nil
}
