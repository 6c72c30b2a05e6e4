package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/external"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// matchSide is one engine of a match, resolved from --a or --b.
type matchSide struct {
	// name labels the engine in the records: the built-in settings or the
	// external engine's name.
	name string
	// desc is its full description for the match's settings.
	desc string
	// identity is what a match record's settings hold of the side, so
	// that --resume refuses a side that would play differently: every
	// setting of a built-in side (defaults too, which a later version may
	// change), an external side's description.
	identity string
	// settings is what match --json records of the side: the resolved
	// settings of a built-in engine (every setting, defaults included),
	// an external engine's command and name.
	settings any
	factory  eval.PlayerFactory
}

// matchEngineDefaults are the settings a built-in side starts from: the
// analysis defaults of the engine flags, but the simulations of the
// commands that play many games (selfplay's), so that a default match of
// 100 games takes seconds, not minutes.
func matchEngineDefaults() mcts.Engine {
	e := mcts.DefaultEngine()
	e.Sims = selfplayEngineDefaults().Sims
	return e
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

// sideSettings are the match flags that shape external sides.
type sideSettings struct {
	engines     map[string]external.FileEngine
	budget      protocol.Budget
	margin      time.Duration
	moveTimeout time.Duration
	log         *external.Transcript
}

// resolveSide parses the value of --a or --b (tag is "a" or "b", the
// side's name in --log): a built-in CONFIG, engine:COMMAND ARG... or
// conf:NAME. An external engine is started once to check its setup and
// learn its name.
func resolveSide(value, tag string, r rules.Rules, ss sideSettings) (matchSide, error) {
	var spec external.Spec
	switch {
	case strings.HasPrefix(value, enginePrefix):
		argv, err := external.SplitCommandLine(strings.TrimPrefix(value, enginePrefix))
		if err != nil {
			return matchSide{}, err
		}
		spec = external.Spec{Argv: argv, Budget: ss.budget}
	case strings.HasPrefix(value, confPrefix):
		name := strings.TrimPrefix(value, confPrefix)
		if ss.engines == nil {
			return matchSide{}, fmt.Errorf("%s names an engine of an engines file: pass --engines FILE", value)
		}
		fe, ok := ss.engines[name]
		if !ok {
			return matchSide{}, fmt.Errorf("no engine %q in --engines (it has %s)", name, strings.Join(slices.Sorted(maps.Keys(ss.engines)), ", "))
		}
		var err error
		if spec, err = fe.Spec(name, ss.budget); err != nil {
			return matchSide{}, err
		}
	default:
		if specNamesSeed(value) {
			return matchSide{}, fmt.Errorf("%q: a match side has no seed of its own (every game's search is seeded from the match's --seed and the game): drop seed=", value)
		}
		f, err := engineSpecFlags(matchEngineDefaults(), value)
		if err != nil {
			return matchSide{}, err
		}
		cfg, ev, err := f.config(r)
		if err != nil {
			return matchSide{}, err
		}
		name := value
		if name == "" {
			name = "(defaults)"
		}
		return matchSide{name: name, desc: name, identity: f.engine.Text(), settings: json.RawMessage(f.engine.Describe()),
			factory: eval.SearchPlayer(cfg.Settings, ev)}, nil
	}
	spec.Margin, spec.MoveTimeout, spec.Log, spec.Tag = ss.margin, ss.moveTimeout, ss.log, tag
	id, err := external.Identify(spec)
	if err != nil {
		return matchSide{}, err
	}
	if spec.Name == "" {
		spec.Name = id
	}
	return matchSide{name: spec.Name, desc: spec.String() + "; id name " + id, identity: spec.String(), settings: externalSettings{spec.String(), spec.Name, id},
		factory: external.Player(spec)}, nil
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
