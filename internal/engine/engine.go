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

	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// Configure turns the engine's settings in their text form (comma-separated
// key=value pairs of the engine flags, later keys overriding earlier ones)
// into search settings under rules r. The CLI passes the parser of the
// engine flags, so that an option means exactly what the flag means.
type Configure func(spec string, r rules.Rules) (mcts.Config, mcts.Evaluator, error)

// Options configure an Engine.
type Options struct {
	// Name and Author are sent in the id lines.
	Name, Author string
	// Settings lists the engine flags setoption accepts, with their
	// current values as defaults; identify lists them, then threads.
	Settings []protocol.OptionInfo
	// OldNames are deprecated spellings of settings: setoption accepts
	// them (Configure knows what they mean), identify does not list them.
	OldNames []string
	// Configure parses the settings.
	Configure Configure
	// Spec holds the settings given when the engine was started, in
	// Configure's text form; setoption adds to them.
	Spec string
	// Threads is the number of search threads (1: reproducible from the
	// seed; more: tree-parallel).
	Threads int
}

// MaxThreads bounds the search threads, by the --threads flag and the
// threads option alike.
const MaxThreads = 1024

// ThreadsOption is the option that sets the search threads; it is the
// engine's own, not an engine flag.
const ThreadsOption = "threads"

// maxSims is the simulation count of a search that stops only on its
// clock (a movetime budget) or on stop.
const maxSims = math.MaxInt32

// Engine runs the project's search behind the protocol: a
// protocol.Engine. It is used by one protocol.Serve at a time.
type Engine struct {
	opt   Options
	spec  []string // key=value settings in the order given
	rules rules.Rules

	cfg mcts.Config // the settings of spec under rules; valid when ev != nil
	ev  mcts.Evaluator
	s   *mcts.Searcher // nil until the first search after a change
}

// New returns an engine with o's settings, checked under the default rules.
func New(o Options) (*Engine, error) {
	if o.Configure == nil {
		return nil, errors.New("engine: no Configure")
	}
	if o.Threads < 1 || o.Threads > MaxThreads {
		return nil, fmt.Errorf("--threads %d: want 1 to %d", o.Threads, MaxThreads) // the engine command's flag
	}
	e := &Engine{opt: o, rules: rules.DefaultRules()}
	if o.Spec != "" {
		e.spec = strings.Split(o.Spec, ",")
	}
	if err := e.configure(); err != nil {
		return nil, err
	}
	return e, nil
}

// configure parses the settings under the current rules and drops the
// searcher, which the next search rebuilds.
func (e *Engine) configure() error {
	cfg, ev, err := e.opt.Configure(strings.Join(e.spec, ","), e.rules)
	if err != nil {
		return err
	}
	e.cfg, e.ev, e.s = cfg, ev, nil
	return nil
}

// Identity returns the configured name and author.
func (e *Engine) Identity() (string, string) { return e.opt.Name, e.opt.Author }

// Capabilities says that the engine takes every budget and plays by every
// rules setting.
func (e *Engine) Capabilities() protocol.Capabilities {
	return protocol.Capabilities{
		Budgets: []protocol.BudgetKind{protocol.Sims, protocol.Nodes, protocol.MoveTime},
		Rules:   map[string][]string{"variant": {}, "no-capture-limit": {}, "repetition": {}, "no-moves": {}},
	}
}

// Options lists the engine flags and threads.
func (e *Engine) Options() []protocol.OptionInfo {
	out := append([]protocol.OptionInfo(nil), e.opt.Settings...)
	return append(out, protocol.OptionInfo{Name: ThreadsOption, Default: strconv.Itoa(e.opt.Threads),
		Doc: "search threads: 1 is reproducible from the seed, more search one tree in parallel"})
}

// SetOption sets an engine flag or threads; an invalid value leaves the
// settings as they were.
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
	if !known {
		names := make([]string, 0, len(e.opt.Settings)+1)
		for _, o := range e.opt.Settings {
			names = append(names, o.Name)
		}
		return fmt.Errorf("unknown option: want one of %s, %s", strings.Join(names, ", "), ThreadsOption)
	}
	if strings.Contains(value, ",") {
		return fmt.Errorf("value %q: commas cannot be part of a setting", value)
	}
	old := e.spec
	e.spec = append(append([]string(nil), e.spec...), name+"="+value)
	if err := e.configure(); err != nil {
		e.spec = old
		return err
	}
	return nil
}

// NewGame starts a game under r: the settings are checked under r and the
// searcher's tree and generator start afresh from the seed setting.
func (e *Engine) NewGame(r rules.Rules) error {
	if r == e.rules {
		e.s = nil // settings already checked under r
		return nil
	}
	old := e.rules
	e.rules = r
	if err := e.configure(); err != nil {
		e.rules = old
		e.configure()
		return err
	}
	return nil
}

// Search searches g within b: sims and nodes both count simulations, a
// movetime budget runs until ctx ends. The move is the one
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
	}
	if e.s == nil || e.s.Config().Sims != sims {
		cfg := e.cfg
		cfg.Sims = sims
		s, err := mcts.NewSearcher(cfg, e.ev)
		if err != nil {
			return protocol.Result{}, err
		}
		e.s = s
	}
	res, err := e.s.SearchContext(ctx, g, e.opt.Threads)
	if err != nil && res.Best == rules.NoMove {
		// Stopped before the search began: the first simulation, which
		// expands the root, always runs, so a stop right away still gets
		// a searched move.
		quick, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		res, _ = e.s.SearchContext(quick, g, e.opt.Threads)
		cancel()
	}
	m := e.s.Choose(&res, g.Ply())
	if m == rules.NoMove {
		pos := g.Position()
		return protocol.Result{}, fmt.Errorf("search found no move in %s", pos.FEN())
	}
	out := protocol.Result{Move: m, Info: protocol.SearchInfo{Sims: int64(res.Sims), Nodes: int64(res.Sims), Value: res.Value, HasValue: true}}
	if len(res.PV) > 0 && res.PV[0] == m {
		out.PV = res.PV
	}
	return out, nil
}
