package mcts

import (
	"fmt"
	"math"
	"testing"
	"time"
)

func TestScratchShared(t *testing.T) {
	cfg := DefaultConfig()
	cfg.ReuseTree = false
	cfg.Sims = 20000
	g := mustGame(t, cfg.Rules, middlegame)
	s := mustSearcher(t, cfg, Material{})
	best := [3]time.Duration{math.MaxInt64, math.MaxInt64, math.MaxInt64}
	for range 15 {
		for k := range 3 {
			st := time.Now()
			switch k {
			case 0:
				s.Search(g)
			case 1:
				s.prepare(g)
				s.main.begin()
				s.main.simulate()
				s.parallel(1, 1)
			case 2:
				s.SearchParallel(g, 2)
			}
			best[k] = min(best[k], time.Since(st))
		}
	}
	fmt.Println("plain", best[0], "shared1", best[1], "two", best[2])
}
