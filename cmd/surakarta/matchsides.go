package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/external"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/rules"
)

// matchSide is one engine of a match, resolved from --a or --b.
type matchSide struct {
	// name labels the engine in the records: the built-in settings or the
	// external engine's name.
	name string
	// desc is its full description for the match's settings.
	desc    string
	factory eval.PlayerFactory
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
}

// resolveSide parses the value of --a or --b: a built-in CONFIG,
// engine:COMMAND ARG... or conf:NAME. An external engine is started once
// to check its setup and learn its name.
func resolveSide(value string, r rules.Rules, ss sideSettings) (matchSide, error) {
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
		cfg, ev, err := parseEngineSpec(value, r)
		if err != nil {
			return matchSide{}, err
		}
		name := value
		if name == "" {
			name = "(defaults)"
		}
		return matchSide{name: name, desc: name, factory: eval.SearchPlayer(cfg.Settings, ev)}, nil
	}
	spec.Margin, spec.MoveTimeout = ss.margin, ss.moveTimeout
	id, err := external.Identify(spec)
	if err != nil {
		return matchSide{}, err
	}
	if spec.Name == "" {
		spec.Name = id
	}
	return matchSide{name: spec.Name, desc: spec.String(), factory: external.Player(spec)}, nil
}
