package pipeline

import (
	"context"
	"errors"
	"fmt"

	"github.com/surakarta/surakarta/selfplay"
)

// selfplay plays the games of both variants.
func (p *runner) selfplay(ctx context.Context) (string, string, error) {
	c := &p.cfg
	data := c.path(DataDir)
	run := c.Run
	run.Out, run.Shard, run.Shards = data, 0, 1 // every game, into the data directory
	status := Skipped
	for _, v := range Variants {
		sc := selfplay.Config{Run: run, Rules: c.rulesOf(v), Engine: c.Engine, Evaluator: c.Evaluator.Evaluator, Opening: c.Opening, Players: c.Players}
		if err := sc.CheckPartition(); err != nil { // a run of other settings, named flag by flag
			return "", "", err
		}
		var prog selfplay.Progress
		sc.Logf = func(format string, args ...any) { p.logf("self-play %s: "+format, append([]any{v}, args...)...) }
		sc.OnStart = func(planned, skipped int64) {
			if skipped == 0 && planned > 0 {
				p.logf("self-play %s: %d games at %d simulations a move", v, planned, c.Engine.Sims)
			}
			prog.Start(p.log, v.String(), planned, skipped, c.Quiet || planned == skipped)
		}
		sc.OnKept, sc.OnGame = prog.Kept, prog.Game
		sum, err := selfplay.Run(ctx, sc)
		prog.Stop()
		if errors.Is(err, selfplay.ErrInterrupted) {
			return "", "", fmt.Errorf("self-play of the %s variant interrupted: %d of its %d games are in %s and %d more in its journal; run the same command with --resume to write those and play the rest",
				v, sum.Skipped+sum.Written, sum.Planned, data, sum.InJournal)
		}
		if err != nil {
			return "", "", fmt.Errorf("self-play of the %s variant: %w", v, err)
		}
		switch {
		case (sum.Played > 0 || sum.Journaled > 0) && (sum.Skipped > 0 || sum.Journaled > 0):
			status = Resumed
		case sum.Played > 0 && status == Skipped:
			status = Ran
		}
	}
	return status, data, nil
}
