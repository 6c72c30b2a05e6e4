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

// OptionsOf configure an EngineOf of game G (positions P, moves M).
type OptionsOf[G mcts.Game[P, M], P comparable, M game.Move] struct {
	// Rules are the game and the settings the engine starts under, before
	// any newgame.
	Rules G
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
	OpenEvaluator func(name string) (mcts.EvaluatorOf[P, M], error)
	// Threads is the number of search threads (1: reproducible from the
	// seed; more: tree-parallel).
	Threads int
	// Tables, if set, resolves and opens the endgame tables the search
	// uses under rules r from the tablebase setting dir: named reports that
	// the command line or a setoption gave the setting (TablesNamed, then
	// setoption tablebase); it returns the directory to search with (""
	// for none) and its tables, loaded, as the searcher's oracle (nil for
	// none), or an error that refuses the settings. Nil: the game has no
	// tables, and a setting that names some is refused.
	Tables func(dir string, named bool, r G) (string, game.Oracle[P, M], error)
	// TablesNamed reports that the command line gave the tablebase
	// setting (an empty value included: no tables).
	TablesNamed bool
}

// Options configure a Surakarta Engine; Rules is Surakarta's defaults
// when left zero.
type Options = OptionsOf[rules.Rules, rules.Position, rules.Move]

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

// EngineOf runs the project's search of game G behind the protocol: a
// protocol.EngineOf. It is used by one protocol.ServeOf at a time.
type EngineOf[G mcts.Game[P, M], P comparable, M game.Move] struct {
	opt   OptionsOf[G, P, M]
	rules G

	cfg    mcts.ConfigOf[G]          // the settings under rules, checked
	ev     mcts.EvaluatorOf[P, M]    // the evaluator cfg's engine names, opened once
	oracle game.Oracle[P, M]         // the tables cfg names under rules; nil: none
	s      *mcts.SearcherOf[G, P, M] // nil until the first search after a change
}

// Engine is Surakarta's EngineOf.
type Engine = EngineOf[rules.Rules, rules.Position, rules.Move]

// tablebaseSetting is the engine setting of the endgame tables.
const tablebaseSetting = "tablebase"

// New returns a Surakarta engine with o's settings, checked under the
// default rules (NewOf).
func New(o Options) (*Engine, error) {
	if o.Rules == (rules.Rules{}) {
		o.Rules = rules.DefaultRules()
	}
	return NewOf(o)
}

// NewOf returns an engine of o.Rules's game with o's settings, checked
// under o.Rules.
func NewOf[G mcts.Game[P, M], P comparable, M game.Move](o OptionsOf[G, P, M]) (*EngineOf[G, P, M], error) {
	if o.OpenEvaluator == nil {
		return nil, errors.New("engine: no OpenEvaluator")
	}
	if o.Threads < 1 || o.Threads > MaxThreads {
		return nil, fmt.Errorf("threads %d: want 1 to %d", o.Threads, MaxThreads)
	}
	e := &EngineOf[G, P, M]{opt: o, rules: o.Rules}
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
func (e *EngineOf[G, P, M]) configure(en mcts.Engine, seed uint64, r G, named bool) error {
	if err := en.Validate(); err != nil {
		return err
	}
	cfg := mcts.ConfigOf[G]{Settings: en.Settings, Seed: seed, Rules: r}
	if err := cfg.Validate(); err != nil {
		return err
	}
	var oracle game.Oracle[P, M]
	if e.opt.Tables == nil && en.Tablebase != "" {
		return fmt.Errorf("tablebase %s: %s has no endgame tables", en.Tablebase, r.Name())
	}
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
			return mcts.Refused("evaluator", en.Evaluator, err)
		}
	}
	e.opt.Engine, e.opt.Seed, e.opt.TablesNamed, e.rules = en, seed, named, r
	e.cfg, e.ev, e.oracle, e.s = cfg, ev, oracle, nil
	return nil
}

// Identity returns the configured name and author.
func (e *EngineOf[G, P, M]) Identity() (string, string) { return e.opt.Name, e.opt.Author }

// Capabilities says that the engine takes every budget and plays by every
// rules setting.
func (e *EngineOf[G, P, M]) Capabilities() protocol.Capabilities {
	return protocol.Capabilities{
		Budgets: []protocol.BudgetKind{protocol.Sims, protocol.Nodes, protocol.MoveTime, protocol.Clock},
		Rules:   map[string][]string{"variant": {}, "no-capture-limit": {}, "repetition": {}, "no-moves": {}},
	}
}

// Options lists the engine flags and threads.
func (e *EngineOf[G, P, M]) Options() []protocol.OptionInfo {
	out := append([]protocol.OptionInfo(nil), e.opt.Settings...)
	return append(out, protocol.OptionInfo{Name: ThreadsOption, Default: strconv.Itoa(e.opt.Threads),
		Doc: "search threads: 1 is reproducible from the seed, more search one tree in parallel"})
}

// SetOption sets an engine flag, the seed or threads; the value is read
// as the flag reads it (mcts's settings table), and an invalid one leaves
// the settings as they were.
func (e *EngineOf[G, P, M]) SetOption(name, value string) error {
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
			return fmt.Errorf("%s %s: want a whole number from 0 to %d", SeedOption, value, uint64(math.MaxUint64))
		}
		seed = n
	} else if err := st.Set(&en, value); err != nil {
		// A SettingError, as the range errors are, so that a setting's
		// errors read alike wherever it was given.
		return mcts.NameSettings(&mcts.SettingError{Setting: st, Value: value, Err: err}, optionName)
	}
	return mcts.NameSettings(e.configure(en, seed, e.rules, e.opt.TablesNamed || name == tablebaseSetting), optionName)
}

// optionName names an engine setting as the protocol's options do (the
// names identify lists): "max-nodes".
func optionName(s *mcts.Setting) string { return s.Flag() }

// NewGame starts a game under r: the settings are checked under r and the
// searcher's tree and generator start afresh from the seed setting.
func (e *EngineOf[G, P, M]) NewGame(r G) error {
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
func (e *EngineOf[G, P, M]) Search(ctx context.Context, g *game.Line[G, P, M], b protocol.Budget) (protocol.ResultOf[M], error) {
	type result = protocol.ResultOf[M]
	if g.Rules() != e.rules {
		return result{}, fmt.Errorf("position under rules %v, the game under %v", g.Rules(), e.rules)
	}
	sims := e.cfg.Sims
	switch b.Kind {
	case protocol.Sims, protocol.Nodes:
		sims = int(min(b.N, maxSims))
	case protocol.MoveTime:
		sims = maxSims
	case protocol.Clock: // the engine's own share of its clock
		sims = maxSims
		c := g.ToMove()
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, mcts.MoveTime(time.Duration(b.Time[c])*time.Millisecond, time.Duration(b.Inc[c])*time.Millisecond))
		defer cancel()
	}
	if e.s == nil || e.s.Config().Sims != sims {
		cfg := e.cfg
		cfg.Sims = sims
		s, err := mcts.NewSearcherOf(cfg, e.ev, e.oracle)
		if err != nil {
			return result{}, err
		}
		e.s = s
	}
	// A search stopped by the client still answers with its best move.
	res, m, err := e.s.SearchMove(ctx, g, e.opt.Threads)
	if m == game.NoMove[M]() {
		return result{}, err
	}
	out := result{Move: m, Info: protocol.SearchInfo{Sims: int64(res.Sims), Nodes: int64(res.Sims), Value: res.Value, HasValue: true}}
	if len(res.PV) > 0 && res.PV[0] == m {
		out.PV = res.PV
	}
	return out, nil
}
