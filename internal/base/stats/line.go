package stats

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// LineFit is a weighted least-squares line y = Intercept + Slope·x through
// points with known standard errors, with a test of whether a line fits at
// all and a slope interval that widens when it does not.
type LineFit struct {
	// Points is the number of points fitted.
	Points         int
	Intercept      float64
	Slope, SlopeSE float64
	// Chi2 is Σ((y − line)/σ)², the weighted residual sum, with DF =
	// Points − 2 degrees of freedom; LackOfFitP is its chi-square p-value
	// (NaN with two points, which any line fits exactly). A small p says
	// the points scatter about the line more than their errors allow: a
	// straight line misdescribes them.
	Chi2       float64
	DF         int
	LackOfFitP float64
	// Scale is the factor √max(1, Chi2/DF) by which the slope's standard
	// error is inflated (the Birge ratio; the Particle Data Group's scale
	// factor); 1 when the scatter is within the errors or DF is 0.
	Scale float64
	// CI is the slope's interval at the fit's confidence level:
	// Slope ± c·SlopeSE·Scale with c the normal critical value when Scale
	// is 1 and Student's t with DF degrees of freedom when the residual
	// scatter was used to widen it.
	CI Interval
}

// FitLine fits y on x by weighted least squares with the standard errors
// se (weights 1/se²) and returns the fit at the confidence level conf.
// It needs at least two points with positive standard errors and two
// distinct x values.
func FitLine(x, y, se []float64, conf float64) (LineFit, error) {
	if len(x) != len(y) || len(x) != len(se) {
		return LineFit{}, fmt.Errorf("line fit: %d x values, %d y values and %d standard errors: want equal counts", len(x), len(y), len(se))
	}
	if len(x) < 2 {
		return LineFit{}, fmt.Errorf("line fit: %d points: need at least 2", len(x))
	}
	z, err := ZCrit(conf)
	if err != nil {
		return LineFit{}, err
	}
	var sw, sx, sy float64
	for i := range x {
		if !(se[i] > 0) || math.IsInf(se[i], 0) {
			return LineFit{}, fmt.Errorf("line fit: point %d has standard error %v: want a positive number", i+1, se[i])
		}
		w := 1 / (se[i] * se[i])
		sw += w
		sx += w * x[i]
		sy += w * y[i]
	}
	mx, my := sx/sw, sy/sw
	var sxx, sxy float64
	for i := range x {
		w := 1 / (se[i] * se[i])
		sxx += w * (x[i] - mx) * (x[i] - mx)
		sxy += w * (x[i] - mx) * (y[i] - my)
	}
	if sxx == 0 {
		return LineFit{}, fmt.Errorf("line fit: every point has x %v: need two distinct x values", x[0])
	}
	f := LineFit{Points: len(x), Slope: sxy / sxx, SlopeSE: 1 / math.Sqrt(sxx), DF: len(x) - 2, Scale: 1, LackOfFitP: math.NaN()}
	f.Intercept = my - f.Slope*mx
	for i := range x {
		r := (y[i] - f.Intercept - f.Slope*x[i]) / se[i]
		f.Chi2 += r * r
	}
	crit := z
	if f.DF > 0 {
		f.LackOfFitP = distuv.ChiSquared{K: float64(f.DF)}.Survival(f.Chi2)
		if ratio := f.Chi2 / float64(f.DF); ratio > 1 {
			f.Scale = math.Sqrt(ratio)
			if crit, err = TCrit(conf, float64(f.DF)); err != nil {
				return LineFit{}, err
			}
		}
	}
	half := crit * f.SlopeSE * f.Scale
	f.CI = Interval{Lo: f.Slope - half, Hi: f.Slope + half}
	return f, nil
}
