package pipeline

import (
	"context"
	"errors"
	"fmt"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

// selfplay plays the games of both variants.
func (p *runner) selfplay(ctx context.Context) (string, string, error) {
	c := &p.cfg
	if c.Game == AlquerqueGame {
		return playVariants(p, ctx, func(run runspec.Settings, r rules.Rules) selfplay.ConfigOf[alquerque.Rules, alquerque.Position, alquerque.Code] {
			return selfplay.ConfigOf[alquerque.Rules, alquerque.Position, alquerque.Code]{Run: run, Rules: alquerque.Rules(r), Engine: c.Engine,
				Evaluator: c.AlquerqueEvaluator.Evaluator, Opening: c.Opening, Players: c.Players}
		})
	}
	return playVariants(p, ctx, func(run runspec.Settings, r rules.Rules) selfplay.Config {
		return selfplay.Config{Run: run, Rules: r, Engine: c.Engine, Evaluator: c.Evaluator.Evaluator, Opening: c.Opening, Players: c.Players}
	})
}

// playVariants plays the games of both variants of any game, each by the
// self-play run configOf makes of the run settings and the variant's
// rules.
func playVariants[G mcts.Game[P, M], P comparable, M game.Move](p *runner, ctx context.Context, configOf func(runspec.Settings, rules.Rules) selfplay.ConfigOf[G, P, M]) (string, string, error) {
	c := &p.cfg
	data := c.path(DataDir)
	run := c.Run
	run.Out, run.Shard, run.Shards = data, 0, 1 // every game, into the data directory
	status := Skipped
	for _, v := range Variants {
		sc := configOf(run, c.rulesOf(v))
		if err := sc.CheckPartition(); err != nil { // a run of other settings, named flag by flag
			return "", "", err
		}
		prog := selfplay.Progress{Players: [2]string{sc.Rules.PlayerName(game.First), sc.Rules.PlayerName(game.Second)}}
		sc.Logf = func(format string, args ...any) { p.logf("self-play %s: "+format, append([]any{v}, args...)...) }
		sc.OnStart = func(planned, skipped int64) {
			if skipped == 0 && planned > 0 {
				p.logf("self-play %s: %d games at %d simulations a move", v, planned, c.Engine.Sims)
			}
			prog.Start(p.log, v.String(), planned, skipped, c.Quiet || planned == skipped)
		}
		sc.OnKept, sc.OnGame = prog.Kept, prog.Game
		sum, err := selfplay.RunOf(ctx, sc)
		prog.Stop()
		if errors.Is(err, selfplay.ErrInterrupted) {
			return "", "", setting.Errorf("self-play of the %s variant interrupted: %d of its %d games are in %s and %d more in its journal; run the same command with %s to write those and play the rest",
				v, sum.Skipped+sum.Written, sum.Planned, data, sum.InJournal, setting.Key("resume"))
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
