package mcts_test

import (
	"fmt"

	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// The solver finds the capture of Black's last piece and plays it at once.
func ExampleSearcher_Search() {
	p, err := rules.ParseFEN("6/2b3/1r4/6/6/5r r 0 30")
	if err != nil {
		panic(err)
	}
	cfg := mcts.DefaultConfig()
	cfg.Sims = 1000
	g, err := rules.NewGame(cfg.Rules, p)
	if err != nil {
		panic(err)
	}
	s, err := mcts.NewSearcher(cfg, mcts.Material{})
	if err != nil {
		panic(err)
	}
	r := s.Search(g)
	fmt.Println(p.MoveString(r.Best), r.Proof, r.Value)
	// Output: b4xc5[top-left] win 1
}

// A self-play loop: noise and a temperature for the opening, the tree
// reused from move to move, one seed for the whole game.
func ExampleSearcher_Choose() {
	cfg := mcts.DefaultConfig()
	cfg.Sims = 200
	cfg.NoiseWeight = 0.25
	cfg.TemperaturePlies = 8
	s, err := mcts.NewSearcher(cfg, mcts.Material{})
	if err != nil {
		panic(err)
	}
	g, err := rules.NewGame(cfg.Rules, rules.Start())
	if err != nil {
		panic(err)
	}
	s.Reset(42)
	for !g.IsTerminal() && g.Ply() < 10 {
		r := s.Search(g)
		if err := g.Play(s.Choose(&r, g.Ply())); err != nil {
			panic(err)
		}
	}
	fmt.Println(g.Ply(), "plies played")
	// Output: 10 plies played
}
