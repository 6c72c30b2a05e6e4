package rules_test

import (
	"fmt"
	"strings"

	"github.com/surakarta/surakarta/rules"
)

// The 16 opening moves: each rank-2 piece steps forward or diagonally onto
// rank 3; no capture is possible yet.
func ExampleStart() {
	p := rules.Start()
	moves := p.GenerateMoves(make([]rules.Move, 0, rules.MaxMoves))
	fmt.Println(p.FEN())
	fmt.Println(len(moves), "moves")
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = p.MoveString(m)
	}
	fmt.Println(strings.Join(names, " "))
	// Output:
	// bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1
	// 16 moves
	// a2-a3 a2-b3 b2-a3 b2-b3 b2-c3 c2-b3 c2-c3 c2-d3 d2-c3 d2-d3 d2-e3 e2-d3 e2-e3 e2-f3 f2-e3 f2-f3
}

// A capture is written with the loops of its canonical route; every route
// is available from Routes.
func ExamplePosition_MoveString() {
	// Red b2, Black c2: c2 is straight ahead without a loop, but walking
	// south from b2 the piece goes round the bottom-left loop and over its
	// own vacated start.
	p, err := rules.ParseFEN("6/6/6/6/1rb3/6 r 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range p.GenerateCaptures(nil) {
		fmt.Println(p.MoveString(m))
		for _, r := range p.Routes(m) {
			fmt.Println(" ", r.Circuit, r.LoopList(), r.Path())
		}
	}
	// Output:
	// b2xc2[bottom-left]
	//   inner [bottom-left] [b1 a2 b2 c2]
	//   inner [top-left top-right bottom-right] [b3 b4 b5 b6 a5 b5 c5 d5 e5 f5 e6 e5 e4 e3 e2 e1 f2 e2 d2 c2]
	//   inner [bottom-left top-left top-right bottom-right] [a2 b1 b2 b3 b4 b5 b6 a5 b5 c5 d5 e5 f5 e6 e5 e4 e3 e2 e1 f2 e2 d2 c2]
}

func ExampleParseFEN() {
	p, err := rules.ParseFEN("b4b/6/6/6/bb2r1/rb3b b 17 42")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.SideToMove(), p.Count(rules.Red), p.Count(rules.Black), p.NoCapturePlies(), p.MoveNumber())

	_, err = rules.ParseFEN("bbbbbb/bbbbbb/33/6/rrrrrr/rrrrrr r 0 1")
	fmt.Println(err)
	// Output:
	// black 2 6 17 42
	// fen rank 4 "33" has two digits in a row: write one run of empty points as a single digit
}

// Replaying moves to an outcome: both sides step a piece out and back
// twice, so the start position occurs a third time with Red to move.
func ExampleGame() {
	g, err := rules.NewGame(rules.DefaultRules(), rules.Start())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{"a2-a3", "a5-a4", "a3-a2", "a4-a5", "a2-a3", "a5-a4", "a3-a2", "a4-a5"} {
		if _, err := g.PlayString(s); err != nil {
			fmt.Println(err)
			return
		}
	}
	p := g.Position()
	fmt.Println(p.FEN())
	fmt.Println(g.Outcome(), g.Returns())
	// Output:
	// bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 8 5
	// draw (repetition) [0 0]
}

func ExampleGame_capture() {
	p, _ := rules.ParseFEN("6/6/6/6/r5/1b4 r 0 1")
	g, _ := rules.NewGame(rules.DefaultRules(), p)
	m, err := g.PlayString("a2xb1")
	fmt.Println(m, err)
	fmt.Println(g.Outcome())
	// Output:
	// a2xb1 <nil>
	// red wins (capture-all)
}

func ExampleParseRules() {
	fmt.Println(rules.DefaultRules())
	r, err := rules.ParseRules("no-moves=draw,variant=majority")
	fmt.Println(r, err)
	_, err = rules.ParseRules("repetition=1")
	fmt.Println(err)
	// Output:
	// variant=standard,no-capture-limit=50,repetition=3,no-moves=loss
	// variant=majority,no-capture-limit=50,repetition=3,no-moves=draw <nil>
	// repetition 1 out of range: want 0 (off) or 2..1000 occurrences
}
