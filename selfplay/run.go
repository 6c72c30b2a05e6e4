package selfplay

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// DefaultPartGames is how many games a part file holds: an interrupted run
// loses at most the part in progress, and a run of N games writes about
// N/256 files per table.
const DefaultPartGames = 256

// DefaultEngine returns the engine of self-play data,
// runspec.SelfPlayEngine: 800 simulations a move, root noise, 20 sampled
// plies.
func DefaultEngine() mcts.Engine { return runspec.SelfPlayEngine() }

// ConfigOf describes a self-play run of game G (positions P, moves M):
// one runner serves every game through the game contract. Its run
// settings (out, games, seed, random opening, concurrency, resume, shard)
// are Run, declared with their checks and manifest fields in
// internal/app/runspec; the rest are self-play's own.
type ConfigOf[G mcts.Game[P, M], P comparable, M game.Move] struct {
	// Run are the run's settings, with what self-play makes of them: Out
	// is the dataset directory (empty: play and write nothing, as the
	// benchmarks do); Games counts the games of the whole run, all shards;
	// Shard and Shards select games [Shard·Games/Shards,
	// (Shard+1)·Games/Shards) (Shards 0 means 1); every game's random
	// streams derive from Seed and its id (dataset.OpeningSeed,
	// dataset.SearchSeed); Opening chooses the RandomOpening plies; Resume
	// skips the games already complete in Out and removes what an
	// interrupted run left (without it, a run refuses an Out that holds
	// any of its games).
	Run runspec.Settings
	// GameIDs, if not nil, plays exactly these games (sorted, distinct)
	// instead of a shard: a replay of chosen games of a run.
	GameIDs []int64
	// Opening is the procedure that chooses Run.RandomOpening's plies:
	// dataset.OpeningRandom (or empty: uniformly random plies,
	// dataset.PlayRandomOpening) or dataset.OpeningEnumerated (game id
	// plays opening id mod N of every RandomOpening-ply opening from the
	// start position).
	Opening string
	// Rules are the game and its rules (a game.Game value: Surakarta's
	// rules.Rules, alquerque.Rules).
	Rules G
	// Engine is the engine the games are played by (each game seeds its
	// searcher from Run.Seed and the game id), as the run records it: its
	// Evaluator is the evaluator's identity (e.g. "material", or a weights
	// file with its hash), so that runs with different evaluators are not
	// mixed in one partition.
	Engine mcts.Engine
	// Players says who plays the games: PlayersShared (or empty) is one
	// searcher for both colours, which with tree reuse hands the tree it
	// searched for one side's move to the other side, as self-play data
	// has always been made; PlayersIndependent gives each colour its own
	// searcher and tree, as two programs in a match. The run records it
	// (the engine description's "players" key, absent for shared).
	Players string
	// Sides, when not nil, are the search settings of Red and of Black, in
	// that order, instead of Engine's (independent players only: a
	// handicap study gives one colour more simulations). Both colours
	// search with Engine's evaluator and tables, so those must be
	// Engine's; the run records each side's settings.
	Sides *[2]mcts.Settings
	// Evaluator is the evaluator Engine names, which scores leaves; a
	// worker uses its own Clone when it implements mcts.Cloner, else
	// shares it (stateless evaluators).
	Evaluator mcts.EvaluatorOf[P, M]
	// PartGames is the number of game ids per part file (0: DefaultPartGames).
	PartGames int
	// OnStart, if set, is called once the run knows its games: planned
	// for this run, skipped as already complete (resume).
	OnStart func(planned, skipped int64)
	// OnKept, if set, is called after OnStart by a run that keeps games
	// (a resume), with their results: a progress line (Progress.Kept) then
	// counts the whole run's.
	OnKept func(red, black, draw int64)
	// OnGame, if set, is called for each game once it is handed to the
	// writers, in game id order, from one goroutine.
	OnGame func(GameStats)
	// Logf, if set, receives notes about the run's start (resumed games,
	// removed leftovers).
	Logf func(format string, args ...any)

	// oracle is the endgame tables Engine.Tablebase names, opened once by
	// Run (check) and shared by the workers' searchers; nil: none.
	oracle game.Oracle[P, M]
}

// Config is Surakarta's ConfigOf.
type Config = ConfigOf[rules.Rules, rules.Position, rules.Move]

// GameStats summarises one finished game: its result by the order of play
// (game.FirstWins is Surakarta's Red winning) and the game's ending reason.
type GameStats struct {
	ID        int64
	Plies     int
	Positions int
	Result    game.Result
	Reason    game.Reason
}

// Summary is what a run did.
type Summary struct {
	// Planned counts the games this run is responsible for (its shard or
	// its game ids); Skipped those already complete when it started.
	Planned, Skipped int64
	// Played counts the games finished in this run, Written the games of
	// the parts it committed (played or Journaled; fewer after an
	// interruption), Positions the position rows of the played games.
	Played, Written, Positions int64
	// Players names the first and second player by the game's names for
	// them (game.Game's PlayerName: Surakarta's red and black); Red and
	// Black below count the first player's wins and the second's, in any
	// game.
	Players [2]string
	// Red, Black and Draw tally the played games' results; KeptRed,
	// KeptBlack and KeptDraw those of the games a resume kept (already
	// complete, or journaled), so that the sums are the whole run's.
	Red, Black, Draw             int64
	KeptRed, KeptBlack, KeptDraw int64
	// Journaled counts the games of this run read back from the journals
	// of an interrupted one (written now, not played again).
	Journaled int64
	// InJournal counts the games left in journals when the run stopped
	// before writing them (0 for a finished run): kept, and written by the
	// next resume without being played again.
	InJournal int64
	// Parts counts the parts committed.
	Parts   int
	Elapsed time.Duration
}

// RunSettings returns the settings the run records in its partition's
// manifest and file footers (dataset.ClaimPartition): what a later run of
// the same partition must match. It depends only on the fields that change
// the rows, so it may be called before Run fills in defaults.
func (c *ConfigOf[G, P, M]) RunSettings() dataset.Run {
	r := dataset.Run{
		SchemaVersion: dataset.SchemaVersion,
		Variant:       dataset.RulesVariant(c.Rules.String()),
		Rules:         c.Rules.String(),
		Engine:        setting.JSON(c.engineDescription()),
	}
	c.Run.Record(&r)
	r.SetGame(c.Rules.Name())
	if c.Opening == dataset.OpeningEnumerated {
		r.Opening = c.Opening
	}
	if c.GameIDs != nil {
		r.GameIDs = FormatGameIDs(c.GameIDs)
	}
	return r
}

// engineDescription is the engine as the run records it: its settings
// with, when it searches with endgame tables, what they hold
// (runspec.DescribeWithTables: "tables", e.g. "standard up to 4 pieces"),
// so that the same directory holding other tables on a resume makes the
// run's settings differ, by that key, rather than change its games
// silently; with independent players, "players":
// "independent", and with Sides each colour's settings ("red", "black"),
// so that a resume under other players is refused by that key. Shared
// players without tables are described by Describe alone, as runs have
// always recorded them.
func (c *ConfigOf[G, P, M]) engineDescription() string {
	tables := ""
	if r, ok := any(c.Rules).(rules.Rules); ok { // check refuses tables for another game
		tables = runspec.TablesIdentity(c.Engine, r)
	}
	d := runspec.DescribeWithTables(c.Engine, tables)
	var extra []byte
	if c.Players == PlayersIndependent {
		extra = append(extra, `,"players":"independent"`...)
	}
	if c.Sides != nil {
		for i, name := range [2]string{"red", "black"} {
			side := mcts.Engine{Settings: c.Sides[i], Evaluator: c.Engine.Evaluator}
			extra = append(append(extra, `,"`+name+`":`...), side.Describe()...)
		}
	}
	if len(extra) == 0 {
		return d
	}
	return d[:len(d)-1] + string(extra) + "}"
}

// Who plays a run's games (Config.Players).
const (
	PlayersShared      = "shared"
	PlayersIndependent = "independent"
)

// CheckPlayers refuses a Config.Players that is neither PlayersShared
// (or empty, read as it) nor PlayersIndependent, saying what each means.
func CheckPlayers(players string) error {
	switch players {
	case "", PlayersShared, PlayersIndependent:
		return nil
	}
	return fmt.Errorf("players %q: want %s (%s) or %s (%s)", players, PlayersIndependent, PlayersWords(PlayersIndependent), PlayersShared, PlayersWords(PlayersShared))
}

// PlayersWords says in words who plays under players (PlayersShared when
// empty), as reports and summaries write it.
func PlayersWords(players string) string {
	if players == PlayersIndependent {
		return "two independent players, each colour its own searcher and tree, as two programs in a match"
	}
	return "one searcher for both colours, which with tree reuse hands the tree it searched for one side's move to the other side (self-play's procedure)"
}

// sideSettings returns the search settings of each colour, Red's then
// Black's.
func (c *ConfigOf[G, P, M]) sideSettings() [2]mcts.Settings {
	if c.Sides != nil {
		return *c.Sides
	}
	return [2]mcts.Settings{c.Engine.Settings, c.Engine.Settings}
}

// check fills the defaults and checks the settings, and opens the
// tables, before the run touches its directory.
func (c *ConfigOf[G, P, M]) check() error {
	c.setDefaults()
	if err := c.checkRun(); err != nil {
		return err
	}
	if err := c.checkEngines(); err != nil {
		return err
	}
	return c.openTables()
}

// setDefaults fills the settings left zero: one shard, a worker per
// processor, DefaultPartGames games a part.
func (c *ConfigOf[G, P, M]) setDefaults() {
	if c.Run.Shards == 0 {
		c.Run.Shards = 1
	}
	if c.Run.Concurrency <= 0 {
		c.Run.Concurrency = runtime.GOMAXPROCS(0)
	}
	if c.PartGames <= 0 {
		c.PartGames = DefaultPartGames
	}
}

// checkRun checks the run's settings, the game ids of a replay, the
// evaluator and the opening procedure.
func (c *ConfigOf[G, P, M]) checkRun() error {
	checked := []string{"concurrency", "shards", "shard", "random_opening"}
	if c.GameIDs == nil || c.Run.Games != 0 { // a replay of chosen ids may leave the run's games out
		checked = append(checked, "games")
	}
	if err := c.Run.Validate(checked...); err != nil {
		return err
	}
	switch {
	case c.GameIDs != nil && c.Run.Shards > 1:
		return errors.New("game ids and shards exclude each other: a replay plays exactly the ids given")
	case c.GameIDs != nil && len(c.GameIDs) == 0:
		return errors.New("empty game id list")
	case c.Evaluator == nil:
		return errors.New("selfplay: no evaluator")
	}
	if _, err := dataset.ParseOpening(c.Opening); err != nil {
		return err
	}
	if c.Opening == dataset.OpeningEnumerated {
		if _, err := dataset.EnumerateOpeningsOf(c.Rules, c.Rules.Start(), c.Run.RandomOpening); err != nil {
			return err
		}
	}
	for i, id := range c.GameIDs {
		if id < 0 || id > dataset.MaxGameID || (i > 0 && id <= c.GameIDs[i-1]) {
			return errors.New("selfplay: game ids must be sorted, distinct and in range")
		}
		if c.Run.Games > 0 && id >= c.Run.Games {
			return fmt.Errorf("game id %d is outside the run's %d games", id, c.Run.Games)
		}
	}
	return nil
}

// checkEngines checks the engine's settings, the players and the settings
// by side (which need independent players and the run's tables).
func (c *ConfigOf[G, P, M]) checkEngines() error {
	if err := (mcts.ConfigOf[G]{Settings: c.Engine.Settings, Rules: c.Rules}).Validate(); err != nil {
		return fmt.Errorf("engine settings: %w", err)
	}
	if err := CheckPlayers(c.Players); err != nil {
		return err
	}
	if c.Players != PlayersIndependent {
		c.Players = PlayersShared
		if c.Sides != nil {
			return errors.New("selfplay: settings by side need independent players: one shared searcher plays both colours with one set of settings")
		}
	}
	if c.Sides != nil {
		for i, name := range [2]string{"Red", "Black"} {
			if c.Sides[i].Tablebase != c.Engine.Tablebase {
				return fmt.Errorf("selfplay: %s's tables %q differ from the engine's %q: both colours search with the run's tables", name, c.Sides[i].Tablebase, c.Engine.Tablebase)
			}
			if err := (mcts.ConfigOf[G]{Settings: c.Sides[i], Rules: c.Rules}).Validate(); err != nil {
				return fmt.Errorf("%s's engine settings: %w", name, err)
			}
		}
	}
	return nil
}

// openTables opens the endgame tables the engine names, the oracle every
// worker searches with; a game other than Surakarta has none.
func (c *ConfigOf[G, P, M]) openTables() error {
	if c.Engine.Tablebase == "" {
		return nil
	}
	r, ok := any(c.Rules).(rules.Rules)
	if !ok {
		return fmt.Errorf("endgame tables are Surakarta's: %s has none (leave the tables out)", c.Rules.Name())
	}
	// Before the run claims its directory: bad tables leave nothing there,
	// and neither do incomplete ones (a balance missing: the run would
	// play with fewer pieces than its directory seems to hold). The tables
	// opened here are those the workers search with.
	o, err := tablebase.OpenOracle(c.Engine.Tablebase, r)
	if err != nil {
		return err
	}
	if o != nil {
		if note := o.(tablebase.Oracle).T.MissingNote(); note != "" {
			return &tablebase.TablesError{Dir: c.Engine.Tablebase, Err: errors.New(note)}
		}
		c.oracle, _ = any(o).(game.Oracle[P, M])
	}
	return nil
}

// planned returns the ranges of game ids the run is responsible for.
func (c *ConfigOf[G, P, M]) planned() []dataset.Range {
	if c.GameIDs != nil {
		return runsOf(c.GameIDs)
	}
	lo, hi := ShardRange(c.Run.Games, c.Run.Shard, c.Run.Shards)
	if hi <= lo {
		return nil
	}
	return []dataset.Range{{First: lo, Last: hi - 1}}
}

// ErrInterrupted is wrapped by the error of a run stopped by its context.
var ErrInterrupted = errors.New("self-play interrupted")

// Run plays the configured games on Run.Concurrency goroutines and writes
// them to Run.Out. Game i is played from its own random streams, so the
// rows do not depend on the concurrency, on scheduling or on sharding. Finished games pass
// through a reorder buffer to one writer goroutine per table, which writes
// rows ordered by game id then ply into parts of PartGames ids, each
// committed (synced and renamed) when its last game is written.
//
// When ctx is cancelled Run stops taking games, abandons those in
// progress, commits the parts that are complete, discards the part in
// progress and returns the summary with an error wrapping ErrInterrupted;
// Run.Resume then continues the run. Any other error (a refused directory, a
// failed write) stops the run the same way.
func Run(ctx context.Context, cfg Config) (Summary, error) { return RunOf(ctx, cfg) }

// RunOf is Run for any game.
func RunOf[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, cfg ConfigOf[G, P, M]) (Summary, error) {
	start := time.Now()
	sum := Summary{Players: [2]string{cfg.Rules.PlayerName(game.First), cfg.Rules.PlayerName(game.Second)}}
	if err := cfg.check(); err != nil {
		return sum, err
	}
	var err error
	logf := cfg.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	planned := cfg.planned()
	for _, r := range planned {
		sum.Planned += r.Len()
	}
	run := cfg.RunSettings()
	st := &resumeState{todo: planned}
	if cfg.Run.Out != "" && len(planned) > 0 {
		if st, err = prepare(&cfg.Run, run, planned, &sum, logf); err != nil {
			return sum, err
		}
		defer st.lock.Unlock()
	}
	if cfg.OnStart != nil {
		cfg.OnStart(sum.Planned, sum.Skipped+int64(len(st.journaled)))
	}
	if cfg.OnKept != nil && sum.KeptRed+sum.KeptBlack+sum.KeptDraw > 0 {
		cfg.OnKept(sum.KeptRed, sum.KeptBlack, sum.KeptDraw)
	}
	err = play(ctx, &cfg, run, &plan{st.todo, int64(cfg.PartGames)}, st.journaled, st.oldJournals, &sum)
	sum.Elapsed = time.Since(start)
	return sum, err
}

// player plays games with its searchers and buffers: s[pl] searches for
// player pl, one searcher for both with shared players.
type player[G mcts.Game[P, M], P comparable, M game.Move] struct {
	cfg    *ConfigOf[G, P, M]
	s      [2]*mcts.SearcherOf[G, P, M]
	policy []mcts.MoveStatOf[M] // the root moves a row's policy lists
}

func newPlayer[G mcts.Game[P, M], P comparable, M game.Move](cfg *ConfigOf[G, P, M]) (*player[G, P, M], error) {
	pl := &player[G, P, M]{cfg: cfg}
	sides := cfg.sideSettings()
	for i := range pl.s {
		if i == 1 && cfg.Players != PlayersIndependent {
			pl.s[1] = pl.s[0]
			break
		}
		ev := cfg.Evaluator
		if c, ok := ev.(mcts.ClonerOf[P, M]); ok {
			ev = c.Clone()
		}
		// The seed is the game's: play reseeds the searchers for every game.
		s, err := mcts.NewSearcherOf(mcts.ConfigOf[G]{Settings: sides[i], Rules: cfg.Rules}, ev, cfg.oracle)
		if err != nil {
			return nil, err
		}
		pl.s[i] = s
	}
	return pl, nil
}

// play plays game id to its end and returns its rows; nil if ctx was
// cancelled first.
func (pl *player[G, P, M]) play(ctx context.Context, id int64) *record {
	cfg := pl.cfg
	r := cfg.Rules
	g, err := game.NewLine(r, r.Start())
	if err != nil {
		panic("selfplay: " + err.Error()) // rules were validated
	}
	k, err := dataset.PlayOpeningOf(g, cfg.Opening, cfg.Run.Seed, id, cfg.Run.RandomOpening)
	if err != nil {
		panic("selfplay: " + err.Error()) // the procedure was checked
	}
	// Independent players are seeded alike: each searcher's stream is its
	// own, and game i of a shared run and of an independent one start from
	// the same seed (a paired comparison of the two).
	for _, s := range pl.s {
		s.Reset(dataset.SearchSeed(cfg.Run.Seed, id))
	}
	rec := &record{id: id}
	for !g.IsTerminal() {
		if ctx.Err() != nil {
			return nil
		}
		p := g.Position()
		s := pl.s[r.ToMove(&p)]
		res := s.Search(g)
		m := s.Choose(&res, g.Ply())
		rec.positions = append(rec.positions, dataset.PositionRow{})
		row := &rec.positions[len(rec.positions)-1]
		dataset.FillPositionOf(row, r, id, g.Ply(), &p, m)
		pl.policy = pl.policy[:0]
		for _, ms := range res.Moves {
			if ms.Visits > 0 || ms.Move == m {
				pl.policy = append(pl.policy, ms)
			}
		}
		// In the moves' order: Surakarta's ascending actions compress to
		// about 10 bytes a row less than the search's visit order
		// (docs/BENCHMARKS.md).
		slices.SortFunc(pl.policy, func(a, b mcts.MoveStatOf[M]) int { return dataset.PolicyOrder(a.Move) - dataset.PolicyOrder(b.Move) })
		row.Policy = make([]dataset.PolicyEntry, len(pl.policy))
		for i, ms := range pl.policy {
			move := row.Move // the notation of the move column
			if ms.Move != m {
				move = r.FormatMove(&p, ms.Move)
			}
			row.Policy[i] = dataset.PolicyEntry{Action: dataset.Action(ms.Move), Visits: int32(min(ms.Visits, 1<<31-1)), Move: move}
		}
		row.RootValue = float32(max(-1, min(1, res.Value)))
		if err := g.Play(m); err != nil {
			panic(fmt.Sprintf("selfplay: the search chose an illegal move in game %d: %v", id, err))
		}
	}
	out := g.Outcome()
	dataset.SetResultsOf(rec.positions, out)
	dataset.FillGameOf(&rec.game, r, id, cfg.Run.Seed, k, g.Start(), g.Moves(), out)
	rec.result, rec.reason = out.Result, out.Reason
	return rec
}
