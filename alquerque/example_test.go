package alquerque_test

import (
	"fmt"

	"github.com/surakarta/surakarta/alquerque"
)

// The start position of Alquerque, its legal moves and the number of
// move sequences of each length from it (perft).
func ExamplePerft() {
	p := alquerque.Start()
	fmt.Println(p)
	var moves []string
	for _, m := range p.GenerateMoves(nil) {
		moves = append(moves, p.MoveString(m))
	}
	fmt.Println(moves)
	for depth := 1; depth <= 4; depth++ {
		fmt.Printf("perft(%d) = %d\n", depth, alquerque.Perft(p, depth))
	}
	// Output:
	// bbbbb/bbbbb/bb1ww/wwwww/wwwww w 0 1
	// [b2-c3 c2-c3 d2-c3 d3-c3]
	// perft(1) = 4
	// perft(2) = 5
	// perft(3) = 6
	// perft(4) = 12
}
