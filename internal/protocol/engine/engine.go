package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// Options configure an Engine.
type Options struct {
	// Name and Author are sent in the id lines.
	Name, Author string
	// Settings lists the engine flags setoption accepts, with their
	// current values as defaults; identify lists them, then threads.
	Settings []protocol.OptionInfo
	// OldNames are deprecated spellings of settings: setoption accepts
	// them (mcts.LookupSetting knows what they mean), identify does not
	// list them.
	OldNames []string
	// Engine holds the engine settings the engine starts with (the values
	// of the engine flags, typed: they reach the searcher as they are);
	// setoption changes one at a time.
	Engine mcts.Engine
	// Seed seeds the searches: a count budget on one thread repeats
	// exactly from it (the seed option).
	Seed uint64
	// OpenEvaluator opens the evaluator Engine.Evaluator names (package
	// eval's registry, through the command): at start and when setoption
	// names another one, never again for the name it has.
	OpenEvaluator func(name string) (mcts.Evaluator, error)
	// Threads is the number of search threads (1: reproducible from the
	// seed; more: tree-parallel).
	Threads int
	// Tables, if set, resolves and opens the endgame tables the search
	// uses under rules r from the tablebase setting dir: named reports that
	// the command line or a setoption gave the setting (TablesNamed, then
	// setoption tablebase); it returns the directory to search with (""
	// for none) and its tables, loaded, as the searcher's oracle (nil for
	// none), or an error that refuses the settings. Nil: no tables (a
	// setting that names some is then refused by the searcher).
	Tables func(dir string, named bool, r rules.Rules) (string, game.Oracle[rules.Position, rules.Move], error)
	// TablesNamed reports that the command line gave the tablebase
	// setting (an empty value included: no tables).
	TablesNamed bool
}

// MaxThreads bounds the search threads, by the --threads flag and the
// threads option alike.
const MaxThreads = 1024

// ThreadsOption is the option that sets the search threads; it is the
// engine's own, not an engine flag.
const ThreadsOption = "threads"

// SeedOption is the option that sets the seed (the engine flags' --seed).
const SeedOption = "seed"

// maxSims is the simulation count of a search that stops only on its
// clock (a movetime budget) or on stop.
const maxSims = math.MaxInt32

// Engine runs the project's search behind the protocol: a
// protocol.Engine. It is used by one protocol.Serve at a time.
type Engine struct {
	opt   Options
	rules rules.Rules

	cfg    mcts.Config                             // the settings under rules, checked
	ev     mcts.Evaluator                          // the evaluator cfg's engine names, opened once
	oracle game.Oracle[rules.Position, rules.Move] // the tables cfg names under rules; nil: none
	s      *mcts.Searcher                          // nil until the first search after a change
}

// tablebaseSetting is the engine setting of the endgame tables.
const tablebaseSetting = "tablebase"

// New returns an engine with o's settings, checked under the default rules.
func New(o Options) (*Engine, error) {
	if o.OpenEvaluator == nil {
		return nil, errors.New("engine: no OpenEvaluator")
	}
	if o.Threads < 1 || o.Threads > MaxThreads {
		return nil, fmt.Errorf("--threads %d: want 1 to %d", o.Threads, MaxThreads) // the engine command's flag
	}
	e := &Engine{opt: o, rules: rules.DefaultRules()}
	if err := e.configure(o.Engine, o.Seed, e.rules, o.TablesNamed); err != nil {
		return nil, err
	}
	return e, nil
}

// configure checks settings en with seed under rules r and makes them the
// engine's, opening the evaluator only when en names another one than the
// engine has; named is Options.Tables' (the tablebase setting was given),
// whose tables (an oracle, loaded) the searcher gets: a damaged file
// refuses the settings here, not every go, and the first go's clock does
// not pay for loading them. The searcher is dropped, and the next search
// rebuilds it. On an error nothing changes.
func (e *Engine) configure(en mcts.Engine, seed uint64, r rules.Rules, named bool) error {
	if err := en.Validate(); err != nil {
		return err
	}
	cfg := en.Config(r, seed)
	if err := cfg.Validate(); err != nil {
		return err
	}
	var oracle game.Oracle[rules.Position, rules.Move]
	if e.opt.Tables != nil {
		dir, o, err := e.opt.Tables(en.Tablebase, named, r)
		if err != nil {
			return err
		}
		cfg.Tablebase, oracle = dir, o
	}
	ev := e.ev
	if ev == nil || en.Evaluator != e.opt.Engine.Evaluator {
		var err error
		if ev, err = e.opt.OpenEvaluator(en.Evaluator); err != nil {
			return err
		}
	}
	e.opt.Engine, e.opt.Seed, e.opt.TablesNamed, e.rules = en, seed, named, r
	e.cfg, e.ev, e.oracle, e.s = cfg, ev, oracle, nil
	return nil
}

// Identity returns the configured name and author.
func (e *Engine) Identity() (string, string) { return e.opt.Name, e.opt.Author }

// Capabilities says that the engine takes every budget and plays by every
// rules setting.
func (e *Engine) Capabilities() protocol.Capabilities {
	return protocol.Capabilities{
		Budgets: []protocol.BudgetKind{protocol.Sims, protocol.Nodes, protocol.MoveTime, protocol.Clock},
		Rules:   map[string][]string{"variant": {}, "no-capture-limit": {}, "repetition": {}, "no-moves": {}},
	}
}

// Options lists the engine flags and threads.
func (e *Engine) Options() []protocol.OptionInfo {
	out := append([]protocol.OptionInfo(nil), e.opt.Settings...)
	return append(out, protocol.OptionInfo{Name: ThreadsOption, Default: strconv.Itoa(e.opt.Threads),
		Doc: "search threads: 1 is reproducible from the seed, more search one tree in parallel"})
}

// SetOption sets an engine flag, the seed or threads; the value is read
// as the flag reads it (mcts's settings table), and an invalid one leaves
// the settings as they were.
func (e *Engine) SetOption(name, value string) error {
	if name == ThreadsOption {
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > MaxThreads {
			return fmt.Errorf("%q: want a whole number of threads from 1 to %d", value, MaxThreads)
		}
		e.opt.Threads = n
		return nil
	}
	known := slices.Contains(e.opt.OldNames, name)
	for _, o := range e.opt.Settings {
		known = known || o.Name == name
	}
	st := mcts.LookupSetting(name)
	if !known || st == nil && name != SeedOption {
		names := make([]string, 0, len(e.opt.Settings)+1)
		for _, o := range e.opt.Settings {
			names = append(names, o.Name)
		}
		return fmt.Errorf("unknown option: want one of %s, %s", strings.Join(names, ", "), ThreadsOption)
	}
	en, seed := e.opt.Engine, e.opt.Seed
	if name == SeedOption {
		n, err := strconv.ParseUint(value, 0, 64)
		if err != nil {
			return fmt.Errorf("--%s %s: want a whole number from 0 to %d", SeedOption, value, uint64(math.MaxUint64))
		}
		seed = n
	} else if err := st.Set(&en, value); err != nil {
		// The form of SettingError (Validate's range errors), so that a
		// setting's errors read alike wherever it was given.
		return fmt.Errorf("--%s %s: %w", st.Flag(), value, err)
	}
	return e.configure(en, seed, e.rules, e.opt.TablesNamed || name == tablebaseSetting)
}

// NewGame starts a game under r: the settings are checked under r and the
// searcher's tree and generator start afresh from the seed setting.
func (e *Engine) NewGame(r rules.Rules) error {
	if r == e.rules {
		e.s = nil // settings already checked under r
		return nil
	}
	return e.configure(e.opt.Engine, e.opt.Seed, r, e.opt.TablesNamed)
}

// Search searches g within b: sims and nodes both count simulations, a
// movetime budget runs until ctx ends, a clock for the share of the side
// to move's time that mcts.MoveTime allocates (or until ctx ends first). The move is the one
// mcts.Searcher.Choose picks (temperature plies included).
func (e *Engine) Search(ctx context.Context, g *rules.Game, b protocol.Budget) (protocol.Result, error) {
	if g.Rules() != e.rules {
		return protocol.Result{}, fmt.Errorf("position under rules %v, the game under %v", g.Rules(), e.rules)
	}
	sims := e.cfg.Sims
	switch b.Kind {
	case protocol.Sims, protocol.Nodes:
		sims = int(min(b.N, maxSims))
	case protocol.MoveTime:
		sims = maxSims
	case protocol.Clock: // the engine's own share of its clock
		sims = maxSims
		c := g.CurrentPlayer()
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, mcts.MoveTime(time.Duration(b.Time[c])*time.Millisecond, time.Duration(b.Inc[c])*time.Millisecond))
		defer cancel()
	}
	if e.s == nil || e.s.Config().Sims != sims {
		cfg := e.cfg
		cfg.Sims = sims
		s, err := mcts.NewSearcherOf(cfg, e.ev, e.oracle)
		if err != nil {
			return protocol.Result{}, err
		}
		e.s = s
	}
	// A search stopped by the client still answers with its best move.
	res, m, err := e.s.SearchMove(ctx, g, e.opt.Threads)
	if m == rules.NoMove {
		return protocol.Result{}, err
	}
	out := protocol.Result{Move: m, Info: protocol.SearchInfo{Sims: int64(res.Sims), Nodes: int64(res.Sims), Value: res.Value, HasValue: true}}
	if len(res.PV) > 0 && res.PV[0] == m {
		out.PV = res.PV
	}
	return out, nil
}
