package arena

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// PlayerOf chooses the moves of one side in arena games of game G
// (positions P, moves M): the built-in search (SearchPlayerOf) or another
// program (package eval/external). A player belongs to one goroutine.
type PlayerOf[G mcts.Game[P, M], P comparable, M game.Move] interface {
	// NewGame prepares for a new game under r; seed fixes every random
	// choice the player makes in it, where the player can be seeded. A
	// *Fault loses the game for this player; any other error ends the
	// match.
	NewGame(seed uint64, r G) error
	// Move returns the move to play in g, which is not over. A *Fault
	// (an illegal move, a crash, a hang, garbage output) loses the game
	// for this player and the match goes on; any other error (ctx's end,
	// a broken setup) ends the match. The arena checks every move against
	// the rules as well.
	Move(ctx context.Context, g *game.Line[G, P, M]) (PlayedOf[M], error)
	// Close releases what the player holds (an engine process).
	Close() error
}

// Player is a Surakarta PlayerOf.
type Player = PlayerOf[rules.Rules, rules.Position, rules.Move]

// Line is a Surakarta game in progress, as its players read it.
type Line = game.Line[rules.Rules, rules.Position, rules.Move]

// PlayedOf is a move with what finding it cost.
type PlayedOf[M game.Move] struct {
	Move M
	// Nodes is the player's own count of the work: simulations for the
	// built-in search, the last info line's nodes (or sims) for an
	// external engine; 0 when unknown.
	Nodes int64
}

// Played is a Surakarta PlayedOf.
type Played = PlayedOf[rules.Move]

// PlayerFactory makes a Player; the arena calls it once per worker and
// engine, so players need not be safe for concurrent use, and an engine
// process serves every game its worker plays.
type PlayerFactoryOf[G mcts.Game[P, M], P comparable, M game.Move] func() (PlayerOf[G, P, M], error)

// PlayerFactory is a Surakarta PlayerFactoryOf.
type PlayerFactory = PlayerFactoryOf[rules.Rules, rules.Position, rules.Move]

// The reasons a Fault gives; they appear in the games table's reason
// column beside the rules' endings.
const (
	FaultIllegalMove = "illegal-move" // the move sent is not legal in the position
	FaultCrash       = "crash"        // the process exited or its pipes broke
	FaultTimeout     = "timeout"      // no move within the budget and its margin
	FaultGarbage     = "garbage"      // a line that is not a reply of the protocol
	FaultRefused     = "refused"      // an error line in answer to a valid command
)

// Fault is a player's failure that loses the game in which it happens.
type Fault struct {
	// Reason is one of the Fault* constants.
	Reason string
	// Detail says what happened, for the game's record.
	Detail string
}

func (f *Fault) Error() string { return f.Reason + ": " + f.Detail }

// SearchPlayer returns a factory of Surakarta players that search with
// settings s and ev (SearchPlayerOf), with the endgame tables s.Tablebase
// names (tablebase.OpenOracle).
func SearchPlayer(s mcts.Settings, ev mcts.Evaluator) PlayerFactory {
	return SearchPlayerOf[rules.Rules](s, ev, tablebase.OpenOracle)
}

// TimedSearchPlayer is SearchPlayer with a clock budget (TimedSearchPlayerOf).
func TimedSearchPlayer(s mcts.Settings, ev mcts.Evaluator, moveTime time.Duration) PlayerFactory {
	return TimedSearchPlayerOf[rules.Rules](s, ev, tablebase.OpenOracle, moveTime)
}

// OpenOracle opens the exact oracle (endgame tables) in dir for the rules
// r; nil where a game has none.
type OpenOracle[G any, P any, M game.Move] func(dir string, r G) (game.Oracle[P, M], error)

// SearchPlayerOf returns a factory of players of game G that search with
// settings s and ev and play the move mcts.SearcherOf.Choose picks, under
// the rules each game is played by (NewGame), so that a player cannot
// disagree with the match's rules. ev is shared by the workers'
// searchers: it must be safe for concurrent use (Material and Linear
// are) or implement mcts.ClonerOf, whose Clone each worker then uses.
// open opens the tables s.Tablebase names, for each rules the players
// play under; a game without tables passes nil, and then settings that
// name tables are refused.
func SearchPlayerOf[G mcts.Game[P, M], P comparable, M game.Move](s mcts.Settings, ev mcts.EvaluatorOf[P, M], open OpenOracle[G, P, M]) PlayerFactoryOf[G, P, M] {
	return searchPlayers(s, ev, open, 0)
}

// TimedSearchPlayerOf is SearchPlayerOf with a clock budget instead of a
// count: each move searches for moveTime of wall-clock time (s.Sims is
// ignored), so the games depend on the machine and its load. It is for
// strength measurements at equal time that a user asks for, never for
// data.
func TimedSearchPlayerOf[G mcts.Game[P, M], P comparable, M game.Move](s mcts.Settings, ev mcts.EvaluatorOf[P, M], open OpenOracle[G, P, M], moveTime time.Duration) PlayerFactoryOf[G, P, M] {
	s.Sims = math.MaxInt32 // the clock ends every search
	return searchPlayers(s, ev, open, max(moveTime, time.Millisecond))
}

func searchPlayers[G mcts.Game[P, M], P comparable, M game.Move](s mcts.Settings, ev mcts.EvaluatorOf[P, M], open OpenOracle[G, P, M], moveTime time.Duration) PlayerFactoryOf[G, P, M] {
	tables := &playerTables[G, P, M]{dir: s.Tablebase, openFn: open, open: map[G]game.Oracle[P, M]{}}
	return func() (PlayerOf[G, P, M], error) {
		e := ev
		if c, ok := ev.(mcts.ClonerOf[P, M]); ok {
			e = c.Clone()
		}
		if err := s.Validate(); err != nil {
			return nil, err
		}
		return &searchPlayer[G, P, M]{settings: s, ev: e, moveTime: moveTime, tables: tables}, nil
	}
}

// playerTables are the endgame tables the players of one factory search
// with (Settings.Tablebase), opened once for each rules they play under
// and shared by the players (tables are read-only).
type playerTables[G mcts.Game[P, M], P comparable, M game.Move] struct {
	dir    string
	openFn OpenOracle[G, P, M]
	mu     sync.Mutex
	open   map[G]game.Oracle[P, M]
}

// oracle returns the tables for r, opened on first use; nil when the
// settings name none.
func (t *playerTables[G, P, M]) oracle(r G) (game.Oracle[P, M], error) {
	if t.dir == "" {
		return nil, nil
	}
	if t.openFn == nil {
		return nil, fmt.Errorf("endgame tables %s named, and %s has none", t.dir, r.Name())
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if o, ok := t.open[r]; ok {
		return o, nil
	}
	o, err := t.openFn(t.dir, r)
	if err != nil {
		return nil, err
	}
	t.open[r] = o
	return o, nil
}

type searchPlayer[G mcts.Game[P, M], P comparable, M game.Move] struct {
	settings mcts.Settings
	ev       mcts.EvaluatorOf[P, M]
	moveTime time.Duration             // 0: settings.Sims simulations a move
	tables   *playerTables[G, P, M]    // the factory's
	s        *mcts.SearcherOf[G, P, M] // for the rules of the last game
}

func (p *searchPlayer[G, P, M]) NewGame(seed uint64, r G) error {
	if p.s == nil || p.s.Config().Rules != r {
		oracle, err := p.tables.oracle(r)
		if err != nil {
			return err
		}
		// The seed is the game's: Reset below reseeds.
		s, err := mcts.NewSearcherOf(mcts.ConfigOf[G]{Settings: p.settings, Rules: r}, p.ev, oracle)
		if err != nil {
			return err
		}
		p.s = s
	}
	p.s.Reset(seed)
	return nil
}

func (p *searchPlayer[G, P, M]) Move(ctx context.Context, g *game.Line[G, P, M]) (PlayedOf[M], error) {
	return p.move(ctx, g, p.moveTime)
}

// MoveClock searches for the share of the side to move's clock that
// mcts.MoveTime allocates (or its simulations, if they end first: a side
// played on a clock is given as many as a search can run).
func (p *searchPlayer[G, P, M]) MoveClock(ctx context.Context, g *game.Line[G, P, M], clock Clock) (PlayedOf[M], error) {
	return p.move(ctx, g, mcts.MoveTime(clock.Left[g.ToMove()], clock.Inc))
}

// move searches g for the settings' simulations or, when moveTime is not
// 0, until moveTime has passed.
func (p *searchPlayer[G, P, M]) move(ctx context.Context, g *game.Line[G, P, M], moveTime time.Duration) (PlayedOf[M], error) {
	sctx := ctx
	if moveTime > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, moveTime)
		defer cancel()
	}
	// Only the move time's end leaves a searched move to play: the game's
	// context ending (or any error without a move time) is the error.
	res, m, err := p.s.SearchMove(sctx, g, 1) // exactly Search unless sctx ends
	if err != nil && (ctx.Err() != nil || moveTime == 0 || m == game.NoMove[M]()) {
		return PlayedOf[M]{}, err
	}
	return PlayedOf[M]{Move: m, Nodes: int64(res.Sims)}, nil
}

func (p *searchPlayer[G, P, M]) Close() error { return nil }
