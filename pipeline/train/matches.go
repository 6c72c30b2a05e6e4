package train

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
)

// matchRecord is what a match file holds: its key and result.
type matchRecord struct {
	Key    json.RawMessage `json:"key"`
	Result Match           `json:"result"`
}

// matchKey is what makes two matches the same: a match file whose key
// differs is played again. The engines are JSON objects (setting.JSON),
// not strings holding JSON.
type matchKey struct {
	Games   int          `json:"games"`
	Opening int          `json:"opening"`
	Seed    uint64       `json:"seed"`
	A       setting.JSON `json:"a"`
	B       setting.JSON `json:"b"`
	AHash   string       `json:"a_hash"`
	BHash   string       `json:"b_hash"`
}

// match plays a against b, unless path holds the same match. The log
// line names the stage, the players and then budget, what tells the match
// from another of the stage between the same players (the final
// comparison's budgets; "" where none is needed).
func (r *runner[G, P, M]) match(ctx context.Context, path, stage string, g, games int, a, b player[P, M], budget string) (Match, bool, error) {
	c := &r.cfg
	seed := c.seedOf(stage, g)
	key := r.matchKeyOf(games, seed, a, b)
	if m, ok := keptMatch(path, key); ok {
		return m, false, nil
	}
	r.logf("generation %d: %s, %s against %s%s, %d games", g, stage, a.name, b.name, budget, games)
	mr, err := match.Run(ctx, match.OptionsOf[G, P, M]{Config: match.Config{Stderr: c.Log, Quiet: c.Quiet || c.Log == nil},
		Players: [2]*match.PlayerOf[G, P, M]{r.matchPlayer(a), r.matchPlayer(b)}, Game: r.kit.match,
		ArenaOptionsOf: arena.ArenaOptionsOf[G, P, M]{Run: r.matchRun(games, seed), Rules: r.kit.rules}})
	if err != nil {
		return Match{}, false, stageError(ctx, stage, g, err)
	}
	m := matchOf(a.name, b.name, mr.Arena)
	return m, true, atomicfile.WriteJSON(path, matchRecord{Key: key, Result: m})
}

// matchKeyOf is the key of a match of games games from seed between a
// and b.
func (r *runner[G, P, M]) matchKeyOf(games int, seed uint64, a, b player[P, M]) json.RawMessage {
	key, _ := json.Marshal(matchKey{games, r.cfg.Run.RandomOpening, seed,
		setting.JSON(mcts.Engine{Settings: a.cfg, Evaluator: a.name}.Describe()),
		setting.JSON(mcts.Engine{Settings: b.cfg, Evaluator: b.name}.Describe()), a.hash, b.hash})
	return key
}

// keptMatch returns the match path holds when its key is key.
func keptMatch(path string, key json.RawMessage) (Match, bool) {
	var rec matchRecord
	if atomicfile.ReadJSON(path, &rec) == nil && sameJSON(rec.Key, key) {
		return rec.Result, true
	}
	return Match{}, false
}

// matchRun are the run settings of a match of games games from seed: the
// run's, with no record of the games (the match's file holds its result).
func (r *runner[G, P, M]) matchRun(games int, seed uint64) runspec.Settings {
	run := r.cfg.Run
	run.Games, run.Seed, run.Out, run.Resume = int64(games), seed, "", false
	return run
}

// matchPlayer is p as a match's side.
func (r *runner[G, P, M]) matchPlayer(p player[P, M]) *match.PlayerOf[G, P, M] {
	return &match.PlayerOf[G, P, M]{Name: p.name, Factory: arena.SearchPlayerOf(p.cfg, p.ev, r.kit.match.Tables)}
}

// stageError says how a stage's match or tournament failed: interrupted,
// with what to do, or its error.
func stageError(ctx context.Context, stage string, g int, err error) error {
	if ctx.Err() != nil {
		return setting.Errorf("%s of generation %d interrupted: run the same command with %s (finished stages are kept)", stage, g, setting.Key("resume"))
	}
	return fmt.Errorf("%s of generation %d: %w", stage, g, err)
}
