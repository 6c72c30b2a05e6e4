package legacy_test

import (
	"fmt"

	"github.com/surakarta/surakarta/dataset/legacy"
)

// The frozen layouts: versions 1 and 2 have their three tables' schemas,
// any other version none; the games' outcome of those versions comes from
// the winner (Red moved first).
func Example() {
	for v := 1; v <= 3; v++ {
		t := legacy.Of(v)
		if t.Games == nil {
			fmt.Printf("version %d: no frozen layout\n", v)
			continue
		}
		fmt.Printf("version %d: positions %d columns, games %d, matches %d\n", v, len(t.Positions.Fields()), len(t.Games.Fields()), len(t.Matches.Fields()))
	}
	fmt.Println(legacy.Outcome("red"), legacy.Outcome("black"), legacy.Outcome("draw"))
	// Output:
	// version 1: positions 15 columns, games 14, matches 10
	// version 2: positions 16 columns, games 15, matches 11
	// version 3: no frozen layout
	// first second draw
}
