package figure

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ForestRow is one row of a forest plot: a label and an estimate.
type ForestRow struct {
	Label string
	Est   Estimate
}

// Forest draws estimates as points with horizontal intervals, one row per
// label (first at the top), with a labelled reference line at ref and the
// x axis labelled by tick.
func Forest(title, xLabel string, rows []ForestRow, ref float64, refLabel string, tick func(float64) string) (*plot.Plot, error) {
	p := NewPlot(title, xLabel, "")
	p.Title.TextStyle.Font.Size = vg.Points(13)
	n := len(rows)
	var xy plotter.XYs
	var errs plotter.XErrors
	var labels []string
	lo, hi := ref, ref
	for i, r := range rows {
		y := float64(n - 1 - i)
		xy = append(xy, plotter.XY{X: r.Est.Value, Y: y})
		errs = append(errs, struct{ Low, High float64 }{r.Est.Value - r.Est.CI[0], r.Est.CI[1] - r.Est.Value})
		lo, hi = math.Min(lo, r.Est.CI[0]), math.Max(hi, r.Est.CI[1])
	}
	for i := n - 1; i >= 0; i-- {
		labels = append(labels, rows[i].Label)
	}
	if err := addForestMarks(p, xy, errs); err != nil {
		return nil, err
	}
	if err := addForestRef(p, ref, float64(n)-0.5, refLabel); err != nil {
		return nil, err
	}
	p.NominalY(labels...)
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.1
	span := math.Max(hi-lo, 1e-6)
	p.X.Min, p.X.Max = lo-0.08*span, hi+0.08*span
	p.X.Tick.Marker = StepTicks{Step: NiceStep(p.X.Min, p.X.Max), Format: tick}
	return p, nil
}

// addForestMarks adds the rows' intervals and points.
func addForestMarks(p *plot.Plot, xy plotter.XYs, errs plotter.XErrors) error {
	eb, err := plotter.NewXErrorBars(struct {
		plotter.XYs
		plotter.XErrors
	}{xy, errs})
	if err != nil {
		return err
	}
	eb.Color, eb.Width, eb.CapWidth = Interval, vg.Points(1.5), vg.Points(7)
	sc, err := plotter.NewScatter(xy)
	if err != nil {
		return err
	}
	sc.Shape, sc.Radius, sc.Color = draw.CircleGlyph{}, vg.Points(4), Black
	p.Add(eb, sc)
	return nil
}

// addForestRef adds the dashed reference line at x = ref up to top, with
// its label at the top.
func addForestRef(p *plot.Plot, ref, top float64, label string) error {
	ln, err := plotter.NewLine(plotter.XYs{{X: ref, Y: -0.5}, {X: ref, Y: top}})
	if err != nil {
		return err
	}
	ln.Color, ln.Dashes = Draw, []vg.Length{vg.Points(5), vg.Points(3)}
	lab, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{{X: ref, Y: top}}, Labels: []string{label}})
	if err != nil {
		return err
	}
	for i := range lab.TextStyle {
		lab.TextStyle[i].Font.Size = vg.Points(10)
		lab.TextStyle[i].XAlign = draw.XCenter
	}
	p.Add(ln, lab)
	return nil
}
