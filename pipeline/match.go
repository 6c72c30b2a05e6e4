package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/internal/atomicfile"
	"github.com/surakarta/surakarta/mcts"
)

// matchSettings identify a match: equal settings give the same result.
type matchSettings struct {
	Games         int    `json:"games"`
	Seed          uint64 `json:"seed"`
	RandomOpening int    `json:"random_opening"`
	Rules         string `json:"rules"`
	// Engine is both players' search settings (mcts.Engine.Describe
	// without an evaluator); A plays the weights, B the material evaluator.
	Engine  dataset.EngineJSON `json:"engine"`
	Weights string             `json:"weights_sha256"`
}

// matchRecord is what OUT/match.json holds.
type matchRecord struct {
	Settings matchSettings      `json:"settings"`
	A        string             `json:"a"`
	B        string             `json:"b"`
	Result   *arena.ArenaResult `json:"result"`
}

// match plays the fitted evaluator against the material evaluator, unless
// match.json holds a complete match of the same settings and weights.
func (p *runner) match(ctx context.Context) (string, string, error) {
	c := &p.cfg
	if c.MatchGames == 0 {
		return Skipped, "", nil
	}
	out := c.path(MatchFile)
	wb, err := os.ReadFile(c.path(WeightsFile))
	if err != nil {
		return "", "", err
	}
	h := sha256.Sum256(wb)
	eng := c.MatchEngine
	set := matchSettings{Games: c.MatchGames, Seed: c.Run.Seed, RandomOpening: c.Run.RandomOpening,
		Rules: c.Rules.String(), Engine: dataset.EngineJSON(mcts.Engine{Settings: eng}.Describe()), Weights: hex.EncodeToString(h[:])}
	var rec matchRecord
	if c.Run.Resume && atomicfile.ReadJSON(out, &rec) == nil && rec.Settings == set && rec.Result != nil && rec.Result.Games == set.Games {
		p.sum.Match = matchSummary(out, eng, rec.Result)
		return Skipped, out, nil
	}
	// Both evaluators by name, through eval's registry: the weights file
	// the fit wrote, and the built-in material; played as match plays
	// them (eval/match), without a record of the games.
	sideA, sideB := mcts.Engine{Settings: eng, Evaluator: c.path(WeightsFile)}, mcts.Engine{Settings: eng, Evaluator: mcts.MaterialName}
	p.logf("match: fitted weights (A) against material (B), %d games, both at %s", c.MatchGames, engineWords(eng))
	run := c.Run
	run.Games, run.Out, run.Resume = int64(c.MatchGames), "", false // no record of the games: match.json holds the result
	m, err := match.Run(ctx, match.Options{Settings: [2]*mcts.Engine{&sideA, &sideB}, Stderr: p.log, Quiet: c.Quiet,
		ArenaOptions: arena.ArenaOptions{Run: run, Rules: c.Rules}})
	if err != nil {
		if ctx.Err() != nil {
			return "", "", fmt.Errorf("match interrupted: %w; run the same command with --resume: the finished stages are kept and the match is played again", err)
		}
		return "", "", fmt.Errorf("match: %w", err)
	}
	res := m.Arena
	rec = matchRecord{Settings: set, A: engineWords(eng) + ",evaluator=" + WeightsFile, B: engineWords(eng) + ",evaluator=" + mcts.MaterialName, Result: res}
	if err := atomicfile.WriteJSON(out, rec); err != nil {
		return "", "", err
	}
	p.sum.Match = matchSummary(out, eng, res)
	return Ran, out, nil
}

func matchSummary(path string, eng mcts.Settings, r *arena.ArenaResult) *MatchSummary {
	return &MatchSummary{
		Path: path, Engine: engineWords(eng), Games: r.Games,
		WDL: r.WDL, Score: float64(r.Score),
		Elo: r.Elo, EloCI: r.EloCI, LOS: r.LOS,
	}
}
