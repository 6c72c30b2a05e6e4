package tablebase_test

import (
	"fmt"
	"os"

	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// Endgame tables built and probed: every balance of up to three pieces
// under the default rules, then the value and best move of a position with
// Red's two pieces against Black's one.
func ExampleBuild() {
	dir, err := os.MkdirTemp("", "tablebase-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	r := rules.DefaultRules()
	rep, err := tablebase.Build(dir, tablebase.BuildOptions{Rules: r, Pieces: 3})
	if err != nil {
		panic(err)
	}
	fmt.Println("built", rep.Built)
	p, err := rules.ParseFEN("6/2b3/1r4/6/6/5r r 0 30")
	if err != nil {
		panic(err)
	}
	v, err := tablebase.Lookup(dir, r, p)
	if err != nil {
		panic(err)
	}
	if err := v.WriteText(os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// built [1v1 2v1 1v2]
	// win in 1 ply, best b4xc5[top-left]
}
