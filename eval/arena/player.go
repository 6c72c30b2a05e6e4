package arena

import (
	"context"
	"math"
	"sync"
	"time"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// Player chooses the moves of one side in arena games: the built-in search
// (SearchPlayer) or another program (package eval/external). A Player
// belongs to one goroutine.
type Player interface {
	// NewGame prepares for a new game under r; seed fixes every random
	// choice the player makes in it, where the player can be seeded. A
	// *Fault loses the game for this player; any other error ends the
	// match.
	NewGame(seed uint64, r rules.Rules) error
	// Move returns the move to play in g, which is not over. A *Fault
	// (an illegal move, a crash, a hang, garbage output) loses the game
	// for this player and the match goes on; any other error (ctx's end,
	// a broken setup) ends the match. The arena checks every move against
	// the rules as well.
	Move(ctx context.Context, g *rules.Game) (Played, error)
	// Close releases what the player holds (an engine process).
	Close() error
}

// Played is a move with what finding it cost.
type Played struct {
	Move rules.Move
	// Nodes is the player's own count of the work: simulations for the
	// built-in search, the last info line's nodes (or sims) for an
	// external engine; 0 when unknown.
	Nodes int64
}

// PlayerFactory makes a Player; the arena calls it once per worker and
// engine, so players need not be safe for concurrent use, and an engine
// process serves every game its worker plays.
type PlayerFactory func() (Player, error)

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

// SearchPlayer returns a factory of players that search with settings s
// and ev and play the move mcts.Searcher.Choose picks, under the rules
// each game is played by (NewGame), so that a player cannot disagree with
// the match's rules. ev is shared by the workers' searchers: it must be
// safe for concurrent use (Material and Linear are) or implement
// mcts.Cloner, whose Clone each worker then uses.
func SearchPlayer(s mcts.Settings, ev mcts.Evaluator) PlayerFactory {
	return searchPlayers(s, ev, 0)
}

// TimedSearchPlayer is SearchPlayer with a clock budget instead of a count:
// each move searches for moveTime of wall-clock time (s.Sims is ignored),
// so the games depend on the machine and its load. It is for strength
// measurements at equal time that a user asks for, never for data.
func TimedSearchPlayer(s mcts.Settings, ev mcts.Evaluator, moveTime time.Duration) PlayerFactory {
	s.Sims = math.MaxInt32 // the clock ends every search
	return searchPlayers(s, ev, max(moveTime, time.Millisecond))
}

func searchPlayers(s mcts.Settings, ev mcts.Evaluator, moveTime time.Duration) PlayerFactory {
	tables := &playerTables{dir: s.Tablebase, open: map[rules.Rules]game.Oracle[rules.Position, rules.Move]{}}
	return func() (Player, error) {
		e := ev
		if c, ok := ev.(mcts.Cloner); ok {
			e = c.Clone()
		}
		if err := s.Validate(); err != nil {
			return nil, err
		}
		return &searchPlayer{settings: s, ev: e, moveTime: moveTime, tables: tables}, nil
	}
}

// playerTables are the endgame tables the players of one factory search
// with (Settings.Tablebase), opened once for each rules they play under
// and shared by the players (tables are read-only).
type playerTables struct {
	dir  string
	mu   sync.Mutex
	open map[rules.Rules]game.Oracle[rules.Position, rules.Move]
}

// oracle returns the tables for r, opened on first use; nil when the
// settings name none.
func (t *playerTables) oracle(r rules.Rules) (game.Oracle[rules.Position, rules.Move], error) {
	if t.dir == "" {
		return nil, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if o, ok := t.open[r]; ok {
		return o, nil
	}
	o, err := tablebase.OpenOracle(t.dir, r)
	if err != nil {
		return nil, err
	}
	t.open[r] = o
	return o, nil
}

type searchPlayer struct {
	settings mcts.Settings
	ev       mcts.Evaluator
	moveTime time.Duration  // 0: settings.Sims simulations a move
	tables   *playerTables  // the factory's
	s        *mcts.Searcher // for the rules of the last game
}

func (p *searchPlayer) NewGame(seed uint64, r rules.Rules) error {
	if p.s == nil || p.s.Config().Rules != r {
		oracle, err := p.tables.oracle(r)
		if err != nil {
			return err
		}
		// The seed is the game's: Reset below reseeds.
		s, err := mcts.NewSearcherOf(mcts.Config{Settings: p.settings, Rules: r}, p.ev, oracle)
		if err != nil {
			return err
		}
		p.s = s
	}
	p.s.Reset(seed)
	return nil
}

func (p *searchPlayer) Move(ctx context.Context, g *rules.Game) (Played, error) {
	sctx := ctx
	if p.moveTime > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, p.moveTime)
		defer cancel()
	}
	// Only the move time's end leaves a searched move to play: the game's
	// context ending (or any error without a move time) is the error.
	res, m, err := p.s.SearchMove(sctx, g, 1) // exactly Search unless sctx ends
	if err != nil && (ctx.Err() != nil || p.moveTime == 0 || m == rules.NoMove) {
		return Played{}, err
	}
	return Played{Move: m, Nodes: int64(res.Sims)}, nil
}

func (p *searchPlayer) Close() error { return nil }
