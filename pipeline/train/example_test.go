package train

import (
	"context"
	"fmt"
	"os"
)

// Training by generations, at a toy's size (tinyConfig: two generations
// of 12 self-play games at 8 simulations a move, generation 0 the
// baseline engine, the linear value head): each generation's model is
// fitted on the data its champion played, gated against the champion
// and promoted when it passes, and the ladder says who is champion.
func Example() {
	dir, err := os.MkdirTemp("", "train-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	c := tinyConfig(dir)
	c.Quiet = true
	l, err := Run(context.Background(), c)
	if err != nil {
		panic(err)
	}
	for _, g := range l.Generations {
		fmt.Printf("generation %d: %s from %s (champion %d's games), promoted %v\n", g.Generation, g.Model, g.Data, g.SelfPlayChampion, g.Promoted)
	}
	fmt.Printf("champion: generation %d (%s)\n", l.Champion, l.ChampionModel)
	// Output:
	// generation 1: gen-01/model.json from gen-01/data (champion 0's games), promoted true
	// generation 2: gen-02/model.json from gen-02/data (champion 1's games), promoted false
	// champion: generation 1 (gen-01/model.json)
}
