package match

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/external"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// sideText is what a match says of one of its engines.
type sideText struct {
	// name labels the engine in the records: the built-in settings or the
	// external engine's name.
	name string
	// desc is its full description for the match's settings.
	desc string
	// identity is what a match record's settings hold of the side, so
	// that a resume refuses a side that would play differently: every
	// setting of a built-in side (defaults too, which a later version may
	// change), an external side's description.
	identity string
	// settings is what match --json records of the side: the resolved
	// settings of a built-in engine (every setting, defaults included),
	// an external engine's command and name.
	settings any
}

// matchSide is one engine of a match of game G, resolved from --a or --b.
type matchSide[G mcts.Game[P, M], P comparable, M game.Move] struct {
	sideText
	factory arena.PlayerFactoryOf[G, P, M]
	// close ends what resolveSide started and the match did not use (an
	// external engine's checked process); nil for a built-in side.
	close func()
}

// release calls close, if there is one.
func (s *matchSide[G, P, M]) release() {
	if s.close != nil {
		s.close()
	}
}

// externalSettings is what match --json records of an external side.
type externalSettings struct {
	Engine string `json:"engine"`
	// Name labels the side in the records: the engines file's name or,
	// for engine:COMMAND, the id name.
	Name string `json:"name"`
	// IDName is what the engine answered to identify (id name).
	IDName string `json:"id_name"`
}

// The prefixes of an external side in --a and --b.
const (
	enginePrefix = "engine:" // engine:COMMAND ARG...
	confPrefix   = "conf:"   // conf:NAME, an engine of --engines
)

// sideSettings are the match flags that shape the sides, and the game's
// engines.
type sideSettings[G mcts.Game[P, M], P comparable, M game.Move] struct {
	engines     map[string]external.FileEngine
	margin      time.Duration
	moveTimeout time.Duration
	log         *external.Transcript
	game        *GameOf[G, P, M]
	tc          *arena.TimeControl // the match's clock (--tc), nil for none
	settings    rules.Rules        // the match's rules' settings (settingsOf)
}

// sideBudget is the budget of one side's moves and the setting that gave
// it.
type sideBudget struct {
	budget protocol.Budget
	// setting is go_a or go_b when that setting (Config.GoA, GoB) gave the
	// budget (it then overrides an engines file's go), go when the
	// match's did, tc for the clock, "" for none.
	setting string
}

// named is the setting that gave the budget, as a message names it.
func (sb sideBudget) named() setting.Ref { return setting.Key(sb.setting) }

// sideBudgets resolves go, go_a and go_b (Config.Go, GoA, GoB): a side's
// own over the match's; or, under a game clock tc (tc), the clock for both
// sides, with none of those.
func sideBudgets(all, a, b string, tc *arena.TimeControl) ([2]sideBudget, error) {
	var out [2]sideBudget
	if tc != nil {
		if all != "" || a != "" || b != "" {
			return out, setting.Errorf("%s is the budget of both sides' moves: drop %s, %s and %s (a clock and a budget a move do not mix)",
				setting.Set("tc", tc), setting.Key("go"), setting.Key("go_a"), setting.Key("go_b"))
		}
		base, inc := tc.Base.Milliseconds(), tc.Inc.Milliseconds()
		clock := sideBudget{protocol.Budget{Kind: protocol.Clock, Time: [2]int64{base, base}, Inc: [2]int64{inc, inc}}, "tc"}
		return [2]sideBudget{clock, clock}, nil
	}
	for i, own := range []struct{ setting, value string }{{"go_a", a}, {"go_b", b}} {
		name, value := own.setting, own.value
		if value == "" {
			name, value = "go", all
		}
		bud, err := protocol.ParseBudget(value)
		if err != nil {
			return out, setting.Errorf("%s: %w", setting.Key(name), err)
		}
		if bud.Kind != protocol.Default {
			out[i] = sideBudget{bud, name}
		}
	}
	return out, nil
}

// builtinBudget applies a go budget to a built-in side: sims N and nodes N
// are its sims (the built-in search counts a simulation as a node),
// movetime MS a clock of MS a move. A CONFIG that sets sims as well gets
// an error: two budgets for one side, the budget in the words of the
// game whose players are players (a clock's whitetime in Alquerque).
func builtinBudget(value string, sb sideBudget, f *engineSeed, players [2]string) (moveTime time.Duration, err error) {
	if sb.setting == "" {
		return 0, nil
	}
	for _, pair := range strings.Split(value, ",") {
		k, _, _ := strings.Cut(pair, "=")
		if strings.TrimPrefix(strings.TrimSpace(k), "--") == "sims" {
			return 0, setting.Errorf("%q sets sims and %s %q sets the budget too: give one (drop sims= or %s)", value, sb.named(), sb.budget.Text(players), sb.named())
		}
	}
	switch sb.budget.Kind {
	case protocol.Sims, protocol.Nodes:
		if sb.budget.N > math.MaxInt32 {
			return 0, setting.Errorf("%s %q: a built-in side runs at most %d simulations a move", sb.named(), sb.budget, math.MaxInt32)
		}
		f.engine.Sims = int(sb.budget.N)
		return 0, nil
	}
	return time.Duration(sb.budget.N) * time.Millisecond, nil
}

// resolveSide parses the value of --a or --b (tag is "a" or "b", the
// side's name in --log), or takes the built-in settings eng, under budget
// sb: a built-in CONFIG,
// engine:COMMAND ARG... or conf:NAME. An external engine is started and
// checked (external.Start: identify, options, the budgets and rules it
// lists); that process serves the first worker's games, and release ends
// it when no worker took it.
func resolveSide[G mcts.Game[P, M], P comparable, M game.Move](value string, eng *mcts.Engine, tag string, sb sideBudget, r G, ss sideSettings[G, P, M]) (matchSide[G, P, M], error) {
	type resolved = matchSide[G, P, M]
	var spec external.Spec
	switch {
	case strings.HasPrefix(value, enginePrefix):
		argv, err := external.SplitCommandLine(strings.TrimPrefix(value, enginePrefix))
		if err != nil {
			return resolved{}, err
		}
		spec = external.Spec{Argv: argv, Budget: sb.budget}
	case strings.HasPrefix(value, confPrefix):
		name := strings.TrimPrefix(value, confPrefix)
		if ss.engines == nil {
			return resolved{}, setting.Errorf("%s names an engine of an engines file: pass %s", value, setting.Set("engines", "FILE"))
		}
		fe, ok := ss.engines[name]
		if !ok {
			return resolved{}, setting.Errorf("no engine %q in %s (it has %s)", name, setting.Key("engines"), strings.Join(slices.Sorted(maps.Keys(ss.engines)), ", "))
		}
		var err error
		if spec, err = fe.Spec(name, sb.budget); err != nil {
			return resolved{}, err
		}
		if sb.setting != "" && sb.setting != "go" {
			spec.Budget = sb.budget // the side's own budget over the file
		}
	case eng == nil && arena.IsBaseline(value):
		return baselineSide[G](value, sb)
	default:
		return builtinSide(value, eng, sb, r, ss)
	}
	return externalSide(spec, tag, r, ss)
}

// builtinSide is a side of the built-in engine: its settings text value
// (or eng's settings) under budget sb, the engine opened as ss's game
// opens it; its identity and settings are what a resume compares.
func builtinSide[G mcts.Game[P, M], P comparable, M game.Move](value string, eng *mcts.Engine, sb sideBudget, r G, ss sideSettings[G, P, M]) (matchSide[G, P, M], error) {
	type resolved = matchSide[G, P, M]
	if specNamesSeed(value) {
		return resolved{}, setting.Errorf("%q: a match side has no seed of its own (every game's search is seeded from the match's %s and the game): drop seed=", value, setting.Key("seed"))
	}
	f, err := parseEngine(ss.game.Base, value)
	if eng != nil { // settings, not text: named by their text
		f, value = engineSeed{*eng, mcts.DefaultConfig().Seed}, eng.Text()
	}
	if err != nil {
		return resolved{}, err
	}
	if f.engine.Tablebase != "" && ss.game.Tables == nil {
		return resolved{}, fmt.Errorf("tablebase=%s: %s has no endgame tables (they are Surakarta's): drop tablebase=", f.engine.Tablebase, r.Name())
	}
	moveTime, err := builtinBudget(value, sb, &f, [2]string{r.PlayerName(game.First), r.PlayerName(game.Second)})
	if err != nil {
		return resolved{}, err
	}
	cfg, ev, evName, err := ss.game.OpenEngine(f.engine, r, f.seed)
	if err != nil {
		return resolved{}, err
	}
	name := value
	if name == "" {
		name = "(defaults)"
	}
	// A model built into the binary is recorded by its identity:
	// "best" names another model once a stronger one ships, and
	// a resume must then refuse, not mix the two.
	rec := f.engine
	rec.Evaluator = evName
	// Tables are recorded by what they hold as well as where they
	// were (runspec.DescribeWithTables): a resumed or reported match
	// says which tables played.
	var tables string
	if ss.game.TablesIdentity != nil {
		tables = ss.game.TablesIdentity(rec, r)
	}
	side := resolved{sideText: sideText{name: name, desc: name, identity: rec.Text() + runspec.TablesSuffix(tables), settings: json.RawMessage(runspec.DescribeWithTables(rec, tables))},
		factory: arena.SearchPlayerOf(cfg.Settings, ev, ss.game.Tables)}
	if sb.setting != "" {
		side.desc += " go " + sb.budget.String()
	}
	if moveTime > 0 || sb.budget.Kind == protocol.Clock {
		// A clock budget: the settings say so, and sims (which the
		// clock replaces) is not among them.
		key, val := "go", sb.budget.String()
		if sb.budget.Kind == protocol.Clock {
			key, val = "tc", ss.tc.String()
			side.desc = name + " tc " + val
		}
		side.identity += " " + key + " " + val
		var m map[string]any
		json.Unmarshal(side.settings.(json.RawMessage), &m)
		delete(m, "sims")
		m[key] = val
		side.settings = m
		if moveTime > 0 {
			side.factory = arena.TimedSearchPlayerOf(cfg.Settings, ev, ss.game.Tables, moveTime)
		} else { // the arena's clock ends each search (mcts.MoveTime)
			unbounded := cfg.Settings
			unbounded.Sims = math.MaxInt32
			side.factory = arena.SearchPlayerOf(unbounded, ev, ss.game.Tables)
		}
	}
	return side, nil
}

// externalSide starts the external engine spec describes and checks it
// before the match's first game: identify and options, the game it plays,
// the budgets and rules it lists.
func externalSide[G mcts.Game[P, M], P comparable, M game.Move](spec external.Spec, tag string, r G, ss sideSettings[G, P, M]) (matchSide[G, P, M], error) {
	type resolved = matchSide[G, P, M]
	spec.Margin, spec.MoveTimeout, spec.Log, spec.Tag = ss.margin, ss.moveTimeout, ss.log, tag
	e, err := external.Start(spec)
	if err != nil {
		return resolved{}, err
	}
	if e.Game != r.Name() {
		e.Close()
		return resolved{}, setting.Errorf("engine %s (id name %s) plays %s (id game), and this is a match of %s: play an engine of %s (%s), or the match of its game (%s)",
			spec.String(), e.Name, e.Game, r.Name(), r.Name(), setting.Line{setting.Cmd("engine"), setting.Set("game", r.Name())}, setting.Set("game", e.Game))
	}
	if err := e.Capabilities.Check(spec.Budget, ss.settings); err != nil {
		e.Close()
		return resolved{}, setting.Errorf("engine %s (id name %s) cannot play this match: %w: give the side a budget (%s, %s) or rules (%s and the other rules settings) that it lists, or play another engine",
			spec.String(), e.Name, err, setting.Key("go"), setting.Key("go_"+tag), setting.Key("variant"))
	}
	if spec.Name == "" {
		spec.Name = e.Name
	}
	return resolved{sideText: sideText{name: spec.Name, desc: spec.String() + "; id name " + e.Name, identity: spec.String(), settings: externalSettings{spec.String(), spec.Name, e.Name}},
		factory: external.PlayersOf[G, P, M](e), close: e.Close}, nil
}

// baselineSettings is what match --json records of a baseline side.
type baselineSettings struct {
	Baseline string `json:"baseline"`
}

// baselineSide is the side of a built-in baseline (arena.BaselinePlayerOf).
// It plays at once whatever the budget: a match's --go is the other
// side's, a clock (tc) it hardly touches, and a budget of its own (go_a,
// go_b) is refused as a mistake.
func baselineSide[G mcts.Game[P, M], P comparable, M game.Move](name string, sb sideBudget) (matchSide[G, P, M], error) {
	if sb.setting == "go_a" || sb.setting == "go_b" {
		return matchSide[G, P, M]{}, setting.Errorf("%s %q: the baseline %s does not search, so it takes no budget: drop %s", sb.named(), sb.budget, name, sb.named())
	}
	f, err := arena.BaselinePlayerOf[G](name)
	if err != nil {
		return matchSide[G, P, M]{}, err
	}
	return matchSide[G, P, M]{sideText: sideText{name: name, desc: name + " (baseline)", identity: "baseline " + name, settings: baselineSettings{name}}, factory: f}, nil
}

// specNamesSeed reports whether a built-in CONFIG sets seed, which the
// engine command's options take but a match side would silently ignore.
func specNamesSeed(spec string) bool {
	for _, pair := range strings.Split(spec, ",") {
		k, _, _ := strings.Cut(pair, "=")
		if strings.TrimPrefix(strings.TrimSpace(k), "--") == "seed" {
			return true
		}
	}
	return false
}

// ParseEngineSpec turns a CONFIG (match --a/--b, --match-engine) into
// search settings under rules r and the
// evaluator they name, checked once: the engine's text form
// (mcts.ParseEngine: each key an engine flag, meaning exactly what the flag
// means) over the analysis defaults, seed=S, the seed the flag --seed of
// the engine commands sets, and preset=NAME, a named engine the other keys
// apply to (runspec.WithPreset: preset=baseline is the former default).
func ParseEngineSpec(spec string, r rules.Rules) (mcts.Config, mcts.Evaluator, error) {
	f, err := parseEngine(runspec.AnalysisEngine(), spec)
	if err != nil {
		return mcts.Config{}, nil, err
	}
	c, o, err := eval.OpenEngine(f.engine, r, f.seed)
	return c, o.Evaluator, err
}

// engineSeed is an engine's settings and its search seed.
type engineSeed struct {
	engine mcts.Engine
	seed   uint64
}

// parseEngine applies a CONFIG to base, as ParseEngineSpec does,
// unchecked.
func parseEngine(base mcts.Engine, spec string) (engineSeed, error) {
	f := engineSeed{engine: base, seed: mcts.DefaultConfig().Seed}
	var settings []string
	for _, pair := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(pair, "=")
		switch strings.TrimPrefix(strings.TrimSpace(k), "--") {
		case "seed":
			seed, err := strconv.ParseUint(strings.TrimSpace(v), 0, 64)
			if err != nil {
				return f, fmt.Errorf("seed=%s: want a whole number from 0 to %d", strings.TrimSpace(v), uint64(math.MaxUint64))
			}
			f.seed = seed
		case "preset": // the base the settings apply to, wherever it stands
			e, err := runspec.WithPreset(f.engine, strings.TrimSpace(v))
			if err != nil {
				return f, err
			}
			f.engine = e
		default:
			settings = append(settings, pair)
		}
	}
	var err error
	f.engine, err = mcts.ParseEngine(f.engine, strings.Join(settings, ","))
	return f, err
}

// HasKey reports whether a match CONFIG sets the setting named name (in
// any of its spellings).
func HasKey(spec, name string) bool {
	for _, pair := range strings.Split(spec, ",") {
		k, _, _ := strings.Cut(pair, "=")
		if s := mcts.LookupSetting(strings.TrimSpace(k)); s != nil && s.Name == name {
			return true
		}
	}
	return false
}
