package fit

import "github.com/surakarta/surakarta/eval"

// dotAll returns w·x over every feature with four partial sums (a single
// running sum would make every addition wait for the one before), written
// out so that no index needs a bounds check.
func dotAll(w *[eval.NumFeatures]float64, x *[eval.NumFeatures]float32) float64 {
	var a, b, c, d float64
	a += w[0] * float64(x[0])
	b += w[1] * float64(x[1])
	c += w[2] * float64(x[2])
	d += w[3] * float64(x[3])
	a += w[4] * float64(x[4])
	b += w[5] * float64(x[5])
	c += w[6] * float64(x[6])
	d += w[7] * float64(x[7])
	a += w[8] * float64(x[8])
	b += w[9] * float64(x[9])
	c += w[10] * float64(x[10])
	d += w[11] * float64(x[11])
	a += w[12] * float64(x[12])
	b += w[13] * float64(x[13])
	c += w[14] * float64(x[14])
	d += w[15] * float64(x[15])
	a += w[16] * float64(x[16])
	b += w[17] * float64(x[17])
	c += w[18] * float64(x[18])
	d += w[19] * float64(x[19])
	a += w[20] * float64(x[20])
	b += w[21] * float64(x[21])
	c += w[22] * float64(x[22])
	d += w[23] * float64(x[23])
	a += w[24] * float64(x[24])
	b += w[25] * float64(x[25])
	return (a + b) + (c + d)
}

// axpyAll adds d·x to g over every feature.
func axpyAll(g *[eval.NumFeatures]float64, d float64, x *[eval.NumFeatures]float32) {
	g[0] += d * float64(x[0])
	g[1] += d * float64(x[1])
	g[2] += d * float64(x[2])
	g[3] += d * float64(x[3])
	g[4] += d * float64(x[4])
	g[5] += d * float64(x[5])
	g[6] += d * float64(x[6])
	g[7] += d * float64(x[7])
	g[8] += d * float64(x[8])
	g[9] += d * float64(x[9])
	g[10] += d * float64(x[10])
	g[11] += d * float64(x[11])
	g[12] += d * float64(x[12])
	g[13] += d * float64(x[13])
	g[14] += d * float64(x[14])
	g[15] += d * float64(x[15])
	g[16] += d * float64(x[16])
	g[17] += d * float64(x[17])
	g[18] += d * float64(x[18])
	g[19] += d * float64(x[19])
	g[20] += d * float64(x[20])
	g[21] += d * float64(x[21])
	g[22] += d * float64(x[22])
	g[23] += d * float64(x[23])
	g[24] += d * float64(x[24])
	g[25] += d * float64(x[25])
}

// The two functions above are written for 26 features.
var _ = [1]int{}[eval.NumFeatures-26]
