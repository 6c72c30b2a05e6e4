package game_test

import (
	"fmt"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// describe is code written once against the contract, for any game: its
// start, the moves there counted to a depth (Perft), and the first three
// plies of a game that always plays the first legal move, kept by a Line
// (the referee: legality, repetition, the ending).
func describe[G game.Game[P, M], P any, M game.Move](g G) {
	start := g.Start()
	fmt.Printf("%s (%s): %s to move, perft(3) = %d\n", g.Name(), g.String(), g.PlayerName(g.ToMove(&start)), game.Perft(g, start, 3))
	l, err := game.NewLine(g, start)
	if err != nil {
		panic(err)
	}
	buf := make([]M, 0, g.MaxMoves())
	for range 3 {
		p := l.Position()
		m := l.LegalMoves(buf)[0]
		fmt.Printf("  ply %d: %s\n", l.Ply()+1, g.FormatMove(&p, m))
		if err := l.Play(m); err != nil {
			panic(err)
		}
	}
}

// One function over two games: Surakarta's rules and Alquerque's, each a
// game.Game of its own position and move types.
func Example() {
	describe(rules.DefaultRules())
	describe(alquerque.DefaultRules())
	// Output:
	// surakarta (variant=standard,no-capture-limit=50,repetition=3,no-moves=loss): red to move, perft(3) = 5382
	//   ply 1: a2-a3
	//   ply 2: f5-f4
	//   ply 3: a1-a2
	// alquerque (variant=standard,no-capture-limit=50,repetition=3,no-moves=loss): white to move, perft(3) = 6
	//   ply 1: b2-c3
	//   ply 2: d4xb2
	//   ply 3: a1xc3
}
