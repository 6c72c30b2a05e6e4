package runspec

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/base/setting"
)

// MaxConcurrencyPerCPU bounds Concurrency: a game searches on one core, so
// games beyond the cores only take turns, and each holds a searcher's node
// arena and its games in the reorder window.
const MaxConcurrencyPerCPU = 4

// Settings are the settings of a run that plays games, the same on every
// command that plays (selfplay, match, pipeline, train, experiment run).
// Every field is declared once, in the table of declared below (name,
// default, check, meaning, manifest field): the flags, the experiment
// spec's keys, a run's recorded manifest, the errors and the comparison
// of two runs come from that table, and a test fails when a field has no
// entry.
type Settings struct {
	// Out is the directory the run writes.
	Out string
	// Games is the number of games of the run (what a game counts, per
	// variant, per arm or per generation, is the command's).
	Games int64
	// Seed seeds every random choice of the run: the openings and each
	// game's search, through the game id.
	Seed uint64
	// RandomOpening is the number of uniformly random plies that open
	// every game (or match pair), from Seed and the game id.
	RandomOpening int
	// Concurrency is the number of games played at once (0: one per CPU
	// the process may use, runtime.GOMAXPROCS, which under Go's default is
	// a container's CPU limit rather than the host's cores); it changes
	// only the speed.
	Concurrency int
	// Resume continues the run in Out instead of refusing it.
	Resume bool
	// Shard and Shards split a run's games among machines: this one plays
	// games [Shard·N/Shards, (Shard+1)·N/Shards).
	Shard, Shards int
}

// declared lists every run setting once, in the order of the errors and
// comparisons. Adding a setting is a field of Settings and one entry here.
var declared = []Setting{
	declare("out", "", "directory to write (created if missing)",
		func(s *Settings) *string { return &s.Out }, nil),
	recorded(declare("games", int64(100), "games of the run",
		func(s *Settings) *int64 { return &s.Games },
		func(v int64, _ *Settings) string {
			switch {
			case v < 1:
				return "want at least 1"
			case v > dataset.MaxGameID+1:
				return fmt.Sprintf("at most %d", int64(dataset.MaxGameID+1))
			}
			return ""
		}), func(r *dataset.Run) *int64 { return &r.Games }),
	recorded(declare("seed", uint64(1), "random seed: the same seed and settings give the same games",
		func(s *Settings) *uint64 { return &s.Seed }, nil), func(r *dataset.Run) *uint64 { return &r.Seed }),
	recorded(naming(declare("random_opening", 0, "uniformly random plies at the start of each game, from seed and the game id",
		func(s *Settings) *int { return &s.RandomOpening },
		func(v int, _ *Settings) string {
			if v < 0 || v > dataset.MaxRandomOpening {
				return fmt.Sprintf("want 0..%d plies", dataset.MaxRandomOpening)
			}
			return ""
		}), setting.Key("seed")), func(r *dataset.Run) *int { return &r.RandomOpening }),
	deprecated(setting.Errorf("the games played at once are %s on every command", setting.Key("concurrency")), declare("concurrency", 0, "games played at once (0: one per CPU); changes only the speed",
		func(s *Settings) *int { return &s.Concurrency },
		func(v int, _ *Settings) string {
			// A CPU is one the process may use (GOMAXPROCS: a container's
			// CPU limit, not the host's cores), as everywhere 0 means one
			// per CPU.
			limit := MaxConcurrencyPerCPU * runtime.GOMAXPROCS(0)
			switch {
			case v < 0:
				return "want 1 or more, or 0 for one per CPU"
			case v > limit:
				return fmt.Sprintf("at most %d (%d per CPU; this process may use %d): each game searches on one CPU, so more only slow the run down",
					limit, MaxConcurrencyPerCPU, runtime.GOMAXPROCS(0))
			}
			return ""
		}, "workers")),
	naming(declare("resume", false, "continue the run in out: play only the games not yet written",
		func(s *Settings) *bool { return &s.Resume }, nil), setting.Key("out")),
	declare("shards", 1, "number of shards the run is split into",
		func(s *Settings) *int { return &s.Shards },
		func(v int, _ *Settings) string {
			if v < 1 {
				return "want at least 1"
			}
			return ""
		}),
	rangeOn("shards", declare("shard", 0, "this machine's shard, 0..shards-1",
		func(s *Settings) *int { return &s.Shard },
		func(v int, s *Settings) string {
			if v < 0 || v >= s.Shards {
				return fmt.Sprintf("want 0..%d for shards %d", s.Shards-1, s.Shards)
			}
			return ""
		})),
}

// A Setting is one entry of the run settings' declaration: the entry of
// its field of Settings (name, default, meaning, text form), its check,
// and, for a setting a run records, access to its field of the run's
// manifest (dataset.Run).
type Setting struct {
	setting.Entry[Settings]
	// Why says why the Deprecated spellings (the run settings' old names,
	// "workers") went, naming the setting that replaces them (a command
	// says its flag).
	Why error

	check  func(*Settings) string
	record func(*Settings, *dataset.Run) // nil: not in the manifest
	on     string                        // the setting the range depends on, named in check's words; "": none
}

// settingType lists the types a run setting may have.
type settingType interface {
	int | int64 | uint64 | bool | string
}

// declare builds an entry for the field p returns, with default def and
// check ok, which returns what is wrong with a value ("want at least 1")
// or "" (nil: every value of the type is valid). old lists deprecated
// spellings. A value that does not parse is told in strconv's words, so
// that a flag's errors read as they always have.
func declare[T settingType](name string, def T, doc string, p func(*Settings) *T, ok func(T, *Settings) string, old ...string) Setting {
	s := Setting{Entry: setting.Declare(name, def, doc, p, setting.Strconv, old...)}
	s.check = func(r *Settings) string {
		if ok == nil {
			return ""
		}
		return ok(*p(r), r)
	}
	return s
}

// deprecated says why s's old spellings went.
func deprecated(why error, s Setting) Setting {
	s.Why = why
	return s
}

// naming lists the settings s's Doc names (Entry.Refs), which a command's
// usage line says as its flags.
func naming(s Setting, refs ...setting.Ref) Setting {
	s.Refs = refs
	return s
}

// rangeOn marks s's range as depending on the setting named on, which
// its check's words name: an error names both settings, each as its
// reader spells them (SettingError.Named).
func rangeOn(on string, s Setting) Setting {
	s.on = on
	return s
}

// recorded marks s as a field of a run's manifest, the one m returns.
func recorded[T settingType](s Setting, m func(*dataset.Run) *T) Setting {
	s.record = func(r *Settings, run *dataset.Run) { *m(run) = *s.Field(r).(*T) }
	return s
}

// Problem returns what is wrong with the setting's value in r, as its
// errors say it after the value ("want 0..1000 plies"), or "" when it is
// valid: for a caller that names the setting its own way (a spec's key).
func (s *Setting) Problem(r *Settings) string { return s.check(r) }

// Recorded reports whether a run records the setting in its manifest.
func (s *Setting) Recorded() bool { return s.record != nil }

// Declared returns the declaration of every run setting. The slice is
// shared: do not modify it.
func Declared() []Setting { return declared }

// Lookup returns the setting a key names: its Name, its flag, or a
// deprecated spelling, with or without a leading "--"; nil for none.
func Lookup(key string) *Setting { return setting.Lookup[Settings](declared, key) }

// Defaults returns every run setting at its declared default.
func Defaults() Settings { return setting.Defaults[Settings](declared) }

// SettingError is a run setting out of range. Its text names the setting
// as the declaration does ("games 0: want at least 1"); a reader with
// other names for the settings (a command's flags) says it in those with
// Named.
type SettingError struct {
	Setting *Setting
	// Value is the bad value in text form; Problem what is wrong with it.
	Value, Problem string
}

// Error names the setting by its name: "games 0: want at least 1",
// "shard 2: want 0..1 for shards 2".
func (e *SettingError) Error() string { return e.Named(func(s *Setting) string { return s.Name }) }

// Named is the error's text with every setting it names (the setting,
// and the one its range depends on) named by name, e.g. a command's
// "--shard 2: want 0..1 for --shards 2".
func (e *SettingError) Named(name func(*Setting) string) string {
	problem := e.Problem
	if on := e.Setting.on; on != "" {
		problem = strings.Replace(problem, on, name(Lookup(on)), 1)
	}
	return name(e.Setting) + " " + e.Value + ": " + problem
}

// Validate reports the first of the named settings (all of them when none
// is named) out of range, in declaration order, as a *SettingError that
// names the setting. It panics on an unknown name, a programmer's error.
func (r Settings) Validate(names ...string) error {
	for i := range declared {
		s := &declared[i]
		if len(names) > 0 && !named(s, names) {
			continue
		}
		if p := s.check(&r); p != "" {
			return &SettingError{Setting: s, Value: s.Get(&r), Problem: p}
		}
	}
	return nil
}

func named(s *Setting, names []string) bool {
	for _, n := range names {
		t := Lookup(n)
		if t == nil {
			panic("runspec: unknown run setting " + n)
		}
		if t == s {
			return true
		}
	}
	return false
}

// Record writes the settings a run records into its manifest (games, seed,
// random opening) into run.
func (r Settings) Record(run *dataset.Run) {
	for i := range declared {
		if s := &declared[i]; s.record != nil {
			s.record(&r, run)
		}
	}
}

// Diff returns the names of the settings in which r and o differ, in
// declaration order.
func (r Settings) Diff(o Settings) []string { return setting.Diff(declared, &r, &o) }

// PairedGames checks n, a number of match games, the setting name
// ("gate_games", which a command says as its flag --gate-games): matches
// play each opening twice, colours swapped, so n is even and at least 2,
// or 0 where none says what 0 means ("to skip the match"; "" where 0 is
// refused). Every command and package that plays a match checks its games
// so, in these words.
func PairedGames(name string, n int64, none string) error {
	switch {
	case n >= 2 && n%2 == 0, n == 0 && none != "":
		return nil
	case none == "":
		return setting.Errorf("%s: want an even number of at least 2 (each opening is played twice, colours swapped)", setting.Set(name, n))
	}
	return setting.Errorf("%s: want an even number (each opening is played twice, colours swapped), or 0 %s", setting.Set(name, n), none)
}
