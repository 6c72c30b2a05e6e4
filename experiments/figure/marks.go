package figure

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// StepTicks puts a labelled tick every Step (and unlabelled ones between),
// formatting labels with Format; enough ticks to read values off a slide.
type StepTicks struct {
	Step   float64
	Format func(float64) string
}

// Ticks returns the ticks over [lo, hi].
func (s StepTicks) Ticks(lo, hi float64) []plot.Tick {
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

// NiceStep returns a step of 1, 2 or 5 times a power of ten giving about
// six labelled ticks over [lo, hi].
func NiceStep(lo, hi float64) float64 {
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

// PctTick labels a share as a whole percentage.
func PctTick(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }

// PtsTick labels points with their sign, to two decimals at most.
func PtsTick(v float64) string {
	if math.Abs(v) < 1e-9 {
		return "0"
	}
	return fmt.Sprintf("%+g", math.Round(v*100)/100)
}

// Bars draws rectangles whose positions and widths are in data units, so
// that grouped bars and their error bars line up exactly: bar i spans X0[i]
// to X1[i] from 0 to Y[i].
type Bars struct {
	X0, X1, Y []float64
	Color     color.Color
}

// Plot draws the bars.
func (b *Bars) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for i := range b.Y {
		x0, x1 := tx(b.X0[i]), tx(b.X1[i])
		y0, y1 := ty(0), ty(b.Y[i])
		c.FillPolygon(b.Color, c.ClipPolygonXY([]vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}))
	}
}

// DataRange is the bars' extent.
func (b *Bars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), 0, 0
	for i := range b.Y {
		xmin, xmax = math.Min(xmin, b.X0[i]), math.Max(xmax, b.X1[i])
		ymax = math.Max(ymax, b.Y[i])
	}
	return
}

// Estimate is a value with its interval, as the figures draw it.
type Estimate struct {
	Value float64
	CI    [2]float64
}

// errorBars are vertical intervals at data x positions.
type errorBars struct {
	plotter.XYs
	plotter.YErrors
}

// ErrorBars draws est[i]'s interval at xs[i], in clr.
func ErrorBars(xs []float64, est []Estimate, clr color.Color) (*plotter.YErrorBars, error) {
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

// RefLine draws a dashed horizontal line at y across [x0, x1], named in
// the legend (a label on the line could sit on a data point).
func RefLine(p *plot.Plot, x0, x1, y float64, label string) error {
	l, err := plotter.NewLine(plotter.XYs{{X: x0, Y: y}, {X: x1, Y: y}})
	if err != nil {
		return err
	}
	l.Color = Draw
	l.Width = vg.Points(1.2)
	l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	p.Add(l)
	p.Legend.Add(label, l)
	return nil
}
