package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// matchSettings identify a match: equal settings give the same result.
type matchSettings struct {
	Games         int    `json:"games"`
	Seed          uint64 `json:"seed"`
	RandomOpening int    `json:"random_opening"`
	// Openings describes the positions the pairs start from
	// (arena.OpeningsText: under enumerated openings the positions after
	// every opening, pair k from opening k mod N); empty: the start.
	Openings string `json:"openings,omitempty"`
	Rules    string `json:"rules"`
	// Engine is both players' search settings (mcts.Engine.Describe
	// without an evaluator); A plays the weights, B the opponent.
	Engine  setting.JSON `json:"engine"`
	Weights string       `json:"weights_sha256"`
	// Opponent is B's evaluator by name; empty in match.json files
	// written before there were two matches, whose B was material.
	Opponent string `json:"opponent,omitempty"`
}

// matchRecord is what OUT/match.json (and OUT/match-model.json) holds.
type matchRecord struct {
	Settings matchSettings      `json:"settings"`
	A        string             `json:"a"`
	B        string             `json:"b"`
	Result   *arena.ArenaResult `json:"result"`
}

// matchMaterial plays the fitted evaluator against the material
// evaluator into MatchFile.
func (p *runner) matchMaterial(ctx context.Context) (string, string, error) {
	return p.matchAgainst(ctx, mcts.MaterialName, MatchFile, &p.sum.Match)
}

// matchModel plays the fitted evaluator against Config.MatchModel into
// ModelMatchFile.
func (p *runner) matchModel(ctx context.Context) (string, string, error) {
	if p.cfg.MatchModel == "" {
		return Skipped, "", nil
	}
	return p.matchAgainst(ctx, p.cfg.MatchModel, ModelMatchFile, &p.sum.ModelMatch)
}

// matchAgainst plays the fitted evaluator (A) against the evaluator
// opponent names (B) into file, unless it holds a complete match of the
// same settings and weights, and sets *sum.
func (p *runner) matchAgainst(ctx context.Context, opponent, file string, sum **MatchSummary) (string, string, error) {
	if p.cfg.Game == AlquerqueGame {
		g := match.AlquerqueGame()
		return matchAgainstOf(p, ctx, opponent, file, sum, alquerque.Rules(p.cfg.Rules), alquerque.Start(), &g)
	}
	return matchAgainstOf(p, ctx, opponent, file, sum, p.cfg.Rules, rules.Start(), nil)
}

// matchAgainstOf is matchAgainst in game r from start, the match's game
// mg (nil: Surakarta's).
func matchAgainstOf[G mcts.Game[P, M], P comparable, M game.Move](p *runner, ctx context.Context, opponent, file string, sum **MatchSummary, r G, start P, mg *match.GameOf[G, P, M]) (string, string, error) {
	c := &p.cfg
	if c.MatchGames == 0 {
		return Skipped, "", nil
	}
	out := c.path(file)
	wb, err := os.ReadFile(c.path(WeightsFile))
	if err != nil {
		return "", "", err
	}
	book, err := matchOpeningsOf(c, r, start)
	if err != nil {
		return "", "", err
	}
	h := sha256.Sum256(wb)
	eng := c.MatchEngine
	run := c.Run
	run.Games, run.Out, run.Resume = int64(c.MatchGames), "", false // no record of the games: the file holds the result
	if len(book) > 0 {
		run.RandomOpening = 0 // the book holds the opening plies
	}
	set := matchSettings{Games: c.MatchGames, Seed: c.Run.Seed, RandomOpening: run.RandomOpening, Openings: arena.OpeningsText(r, book),
		Rules: c.Rules.String(), Engine: setting.JSON(mcts.Engine{Settings: eng}.Describe()), Weights: hex.EncodeToString(h[:]),
		Opponent: opponent}
	var rec matchRecord
	if c.Run.Resume && atomicfile.ReadJSON(out, &rec) == nil && rec.Settings == set && rec.Result != nil && rec.Result.Games == set.Games {
		*sum = matchSummary(out, eng, opponent, rec.Result)
		return Skipped, out, nil
	}
	// Both evaluators by name, through eval's registry: the weights file
	// the fit wrote, and the opponent; played as match plays them
	// (eval/match), without a record of the games.
	sideA, sideB := mcts.Engine{Settings: eng, Evaluator: c.path(WeightsFile)}, mcts.Engine{Settings: eng, Evaluator: opponent}
	p.logf("match: fitted weights (A) against %s (B), %d games, both at %s", opponent, c.MatchGames, engineWords(eng))
	m, err := match.Run(ctx, match.OptionsOf[G, P, M]{Config: match.Config{Settings: [2]*mcts.Engine{&sideA, &sideB}, Stderr: p.log, Quiet: c.Quiet},
		Game: mg, ArenaOptionsOf: arena.ArenaOptionsOf[G, P, M]{Run: run, Rules: r, Openings: book}})
	if err != nil {
		if ctx.Err() != nil {
			return "", "", setting.Errorf("match against %s interrupted: run the same command with %s: the finished stages are kept and this match is played again", opponent, setting.Key("resume"))
		}
		return "", "", fmt.Errorf("match against %s: %w", opponent, err)
	}
	res := m.Arena
	rec = matchRecord{Settings: set, A: engineWords(eng) + ",evaluator=" + WeightsFile, B: engineWords(eng) + ",evaluator=" + opponent, Result: res}
	if err := atomicfile.WriteJSON(out, rec); err != nil {
		return "", "", err
	}
	*sum = matchSummary(out, eng, opponent, res)
	return Ran, out, nil
}

// matchOpeningsOf returns the positions the match pairs of game r start
// from: under enumerated openings the position after each opening of
// Run.RandomOpening plies from start, in their order, so that the matches
// play the self-play's openings (pair k opening k mod N, in both colours);
// none under random openings, whose plies the arena plays from the seed.
func matchOpeningsOf[G game.Game[P, M], P comparable, M game.Move](c *Config, r G, start P) ([]P, error) {
	if c.Opening != dataset.OpeningEnumerated {
		return nil, nil
	}
	list, err := dataset.EnumerateOpeningsOf(r, start, c.Run.RandomOpening)
	if err != nil {
		return nil, err
	}
	book := make([]P, len(list))
	for i := range list {
		g, err := game.NewLine(r, start)
		if err != nil {
			return nil, err
		}
		if _, err := dataset.PlayOpeningOf(g, c.Opening, c.Run.Seed, int64(i), c.Run.RandomOpening); err != nil {
			return nil, err
		}
		book[i] = g.Position()
	}
	return book, nil
}

func matchSummary(path string, eng mcts.Settings, opponent string, r *arena.ArenaResult) *MatchSummary {
	return &MatchSummary{
		Path: path, Engine: engineWords(eng), Opponent: opponent, Games: r.Games,
		WDL: r.WDL, Score: float64(r.Score),
		Elo: r.Elo, EloCI: r.EloCI, LOS: r.LOS,
	}
}
