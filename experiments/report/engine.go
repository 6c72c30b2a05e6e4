package report

import (
	"fmt"
	"strings"

	"github.com/surakarta/surakarta/mcts"
)

// Regime says in words how an engine chooses its moves after the random
// opening: its best move, or with root noise and/or a temperature
// opening.
func Regime(c mcts.Settings) string {
	var parts []string
	if c.NoiseWeight > 0 {
		parts = append(parts, fmt.Sprintf("root noise of weight %g (alpha %g) at every move", c.NoiseWeight, c.NoiseAlpha))
	}
	if c.TemperaturePlies > 0 {
		parts = append(parts, fmt.Sprintf("moves sampled by visits^(1/%g) over the first %d plies", c.Temperature, c.TemperaturePlies))
	}
	if len(parts) == 0 {
		return "best play: the most visited move, no root noise, no temperature"
	}
	return strings.Join(parts, "; ")
}

// EngineWords describes the search settings that shape play: simulations,
// leaf evaluation, exploration constant, solver.
func EngineWords(c mcts.Settings) string {
	leaf := "value leaves"
	if c.Leaf == mcts.LeafPlayout {
		leaf = fmt.Sprintf("playout leaves (%d plies)", c.PlayoutPlies)
	}
	solver := "solver on"
	if !c.Solver {
		solver = "solver off"
	}
	return fmt.Sprintf("%d simulations, %s, cpuct %g, %s", c.Sims, leaf, c.CPUCT, solver)
}
