package experiments_test

import (
	"fmt"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/rules"
)

func ExampleCollector() {
	c := gamestats.NewCollector(nil, false)
	// 6 red wins, 3 draws and 1 black win under the standard rules.
	for i, w := range []gamestats.Winner{0, 0, 0, 0, 0, 0, 1, 1, 1, 2} {
		reason := "capture-all"
		if w == gamestats.Draw {
			reason = "no-capture-limit"
		}
		g := gamestats.Game{ID: int64(i), Variant: "standard", StartFEN: rules.StartFEN, FirstRed: true,
			Winner: w, MajorityWinner: w, Reason: reason, Plies: 60 + 10*i}
		c.Add("", &g)
	}
	res, err := c.Analyze(0.95, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := res.Variants[0]
	fmt.Printf("%s: %d games, draw rate %.2f [%.2f, %.2f]\n", s.Variant, s.Games, s.DrawRate.Value, s.DrawRate.CI[0], s.DrawRate.CI[1])
	fmt.Printf("first-player score %.2f [%.2f, %.2f], median length %g plies\n",
		s.FirstPlayerScore.Value, s.FirstPlayerScore.CI[0], s.FirstPlayerScore.CI[1], s.Plies.Median)
	// Output:
	// standard: 10 games, draw rate 0.30 [0.11, 0.60]
	// first-player score 0.75 [0.49, 0.90], median length 105 plies
}
