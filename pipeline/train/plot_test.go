package train

import (
	"bytes"
	"image/png"
	"testing"

	"gonum.org/v1/plot"
)

// shippedLadder is the ladder of docs/findings/strongest/train-report.md:
// generation 1 shut out both anchors (Elo +inf), the others have infinite
// upper bounds.
func shippedLadder() *Ladder {
	inf := float64(eloInfinity)
	m := func(e, lo, hi float64) *Match { return &Match{Elo: e, EloCI: [2]float64{lo, hi}} }
	return &Ladder{Generations: []Generation{
		{Generation: 1, Chained: &Chain{}, VsGen0: m(inf, inf, inf), VsMaterial: m(inf, inf, inf)},
		{Generation: 2, Chained: &Chain{Elo: 125.0, EloCI: [2]float64{88.3, 161.7}}, VsGen0: m(848.7, 717.1, inf), VsMaterial: m(759.1, 634.8, inf)},
		{Generation: 3, Chained: &Chain{Elo: 200.9, EloCI: [2]float64{148.0, 253.7}}, VsGen0: m(848.7, 717.1, inf), VsMaterial: m(1040.4, 851.6, inf)},
	}}
}

// TestLadderPlotLeavesInfinitiesOffTheScale: the Elo axis spans the finite
// figures (a shut-out's stand-in, 10000, once squashed every real point to
// the bottom), and the plot has every other plot's size.
func TestLadderPlotLeavesInfinitiesOffTheScale(t *testing.T) {
	l := shippedLadder()
	lo, hi := eloAxis(l)
	if lo > 0 || hi < 1040.4 || hi > 1500 {
		t.Errorf("Elo axis [%.0f, %.0f]: want the finite figures 0..1040 with a margin, not the infinities' %d", lo, hi, eloInfinity)
	}
	b, err := ladderPNG(l)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if sz := img.Bounds().Size(); sz.X != 1417 || sz.Y != 886 {
		t.Errorf("ladder.png is %v, want 1417×886 like the experiments' plots", sz)
	}
}

// TestLadderPlotTicksWholeGenerations: no tick at generation 1.5.
func TestLadderPlotTicksWholeGenerations(t *testing.T) {
	var labels []string
	for _, tk := range (generationTicks{}).Ticks(0.5, 3.5) {
		labels = append(labels, tk.Label)
	}
	if len(labels) != 3 || labels[0] != "1" || labels[2] != "3" {
		t.Errorf("ticks %v, want 1 2 3", labels)
	}
	var _ plot.Ticker = generationTicks{}
}
