package arena

import (
	"context"
	"fmt"
	"slices"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/rng"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// The built-in baselines, the floor every arena measures against
// (OpenSpiel's uniform random bot, the first-move engines of other
// arenas): a match side named by one of these words plays without a
// search.
const (
	// BaselineRandom plays a uniformly random legal move, drawn from the
	// game's seed: the same seed gives the same moves.
	BaselineRandom = "random"
	// BaselineFirst plays the first legal move in the rules' generation
	// order (rules.Position.GenerateMoves), as scripts/engine/first-move.sh
	// and internal/enginetest's first mode do: deterministic, no seed.
	BaselineFirst = "first"
)

// Baselines lists the baselines' names, in the order help gives them.
func Baselines() []string { return []string{BaselineRandom, BaselineFirst} }

// IsBaseline reports whether name is a baseline's name.
func IsBaseline(name string) bool { return slices.Contains(Baselines(), name) }

// BaselinePlayer returns a factory of the Surakarta baseline named name
// (BaselineRandom or BaselineFirst), BaselinePlayerOf's instance.
func BaselinePlayer(name string) (PlayerFactory, error) {
	return BaselinePlayerOf[rules.Rules](name)
}

// BaselinePlayerOf returns a factory of the baseline named name
// (BaselineRandom or BaselineFirst) for any game. A baseline counts no
// nodes: its moves' Nodes are 0.
func BaselinePlayerOf[G mcts.Game[P, M], P comparable, M game.Move](name string) (PlayerFactoryOf[G, P, M], error) {
	if !IsBaseline(name) {
		return nil, fmt.Errorf("no baseline %q: the baselines are %v", name, Baselines())
	}
	return func() (PlayerOf[G, P, M], error) { return &baseline[G, P, M]{random: name == BaselineRandom}, nil }, nil
}

// baseline is a Player that picks a legal move without searching.
type baseline[G mcts.Game[P, M], P comparable, M game.Move] struct {
	random bool
	draws  rng.Xoshiro // the game's stream (NewGame's seed)
	buf    []M
}

func (p *baseline[G, P, M]) NewGame(seed uint64, _ G) error {
	p.draws.Seed(seed)
	return nil
}

func (p *baseline[G, P, M]) Move(ctx context.Context, l *game.Line[G, P, M]) (PlayedOf[M], error) {
	if err := ctx.Err(); err != nil {
		return PlayedOf[M]{}, err
	}
	p.buf = l.LegalMoves(p.buf[:0])
	if len(p.buf) == 0 {
		pos := l.Position()
		return PlayedOf[M]{}, fmt.Errorf("baseline: no legal move in %s", l.Rules().FormatPosition(&pos))
	}
	if !p.random {
		return PlayedOf[M]{Move: p.buf[0]}, nil
	}
	return PlayedOf[M]{Move: p.buf[p.draws.IntN(len(p.buf))]}, nil
}

// MoveClock is Move: a baseline takes no time worth a clock.
func (p *baseline[G, P, M]) MoveClock(ctx context.Context, l *game.Line[G, P, M], _ Clock) (PlayedOf[M], error) {
	return p.Move(ctx, l)
}

func (p *baseline[G, P, M]) Close() error { return nil }
