package stats

import "testing"

func BenchmarkWilson(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Wilson(812, 2000, 0.95); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScoreInterval(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ScoreInterval(WDL{812, 450, 738}, 0.95); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSPRTLogistic(b *testing.B) {
	bounds := SPRTBounds{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SPRT(WDL{1100, 800, 1000}, bounds); err != nil {
			b.Fatal(err)
		}
	}
}
