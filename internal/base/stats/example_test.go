package stats_test

import (
	"fmt"

	"github.com/surakarta/surakarta/internal/base/stats"
)

func ExampleWilson() {
	// 81 successes in 263 trials (Newcombe 1998a).
	iv, err := stats.Wilson(81, 263, 0.95)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(iv)
	// Output: [0.2553, 0.3662]
}

func ExampleScoreInterval() {
	// Red wins 520, draws 300 and loses 180 games: score 0.67.
	games := stats.WDL{Wins: 520, Draws: 300, Losses: 180}
	iv, _ := stats.ScoreInterval(games, 0.95)
	fmt.Printf("score %.3f, 95%% interval %v\n", games.Score(), iv)
	// Output: score 0.670, 95% interval [0.6458, 0.6932]
}

func ExampleHomogeneity() {
	// Red wins, draws, black wins under two variants.
	r, _ := stats.Homogeneity([]int{520, 300, 180}, []int{600, 150, 250})
	fmt.Printf("chi2 %.1f df %d p %.2g (%s)\n", r.Chi2, r.DF, r.PValue(), r.Method())
	// Output: chi2 67.1 df 2 p 2.7e-15 (Pearson chi-square)
}
