package gamestats

import (
	"fmt"
	"slices"
	"strings"

	"github.com/surakarta/surakarta/dataset"
)

// OneGame refuses datasets (dirs) that hold more than one game between
// them, naming what each holds: a comparison across games measures the
// games, not a rule, an engine or a run. A directory that cannot be
// listed is left to the statistics' own error.
func OneGame(dirs []string) error {
	var games []string
	held := make([]string, 0, len(dirs))
	for _, dir := range dirs {
		keys, err := dataset.Variants(dir)
		if err != nil {
			continue
		}
		var own []string
		for _, k := range keys {
			g, _ := dataset.SplitKey(k)
			if !slices.Contains(own, g) {
				own = append(own, g)
			}
			if !slices.Contains(games, g) {
				games = append(games, g)
			}
		}
		held = append(held, dir+": "+strings.Join(own, " and "))
	}
	if len(games) < 2 {
		return nil
	}
	return fmt.Errorf("the datasets hold %d games (%s): a comparison across games measures the games, not a rule, an engine or a run; "+
		"compare one game's datasets at a time", len(games), strings.Join(held, "; "))
}
