package verify_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/dataset/verify"
)

// A dataset verified: the two-variant self-play dataset of schema version
// 2 among dataset's fixtures (testdata/schema-v2), every game replayed by
// its rules and every row checked, and the run checked complete.
func Example() {
	dir := filepath.Join("..", "testdata", "schema-v2", "selfplay")
	rep, err := verify.Verify(context.Background(), dir, verify.Options{Complete: true})
	if err != nil {
		panic(err)
	}
	for _, c := range rep.Partitions {
		fmt.Printf("%s: games %s of %d, complete %v\n", c.Variant, dataset.FormatRanges(c.Ranges, ", "), c.RunGames, c.Complete())
	}
	fmt.Printf("%d games, %d positions, %d problems\n", rep.Games, rep.Positions, len(rep.Problems))
	// Output:
	// majority: games 0..3 of 4, complete true
	// standard: games 0..3 of 4, complete true
	// 8 games, 454 positions, 0 problems
}
