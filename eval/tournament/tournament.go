package tournament

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/rundir"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/words"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// Config are a tournament's settings that do not depend on its game.
type Config struct {
	// Sides are the engines, each as match's --a and --b take a side: a
	// built-in CONFIG, engine:COMMAND ARG... or conf:NAME of EnginesFile.
	Sides []string
	// Gauntlet plays the first engine against each of the others; a
	// round robin (false) plays every engine against every other.
	Gauntlet bool
	// Anchor is the engine rated 0, by name or by its number (1 for the
	// first); "" is the first engine.
	Anchor string
	// PriorDraws are the virtual drawn games the fit adds to every
	// pairing (stats.PoolOptions.PriorDraws), so that a pairing won by one
	// engine in every game still gives finite ratings.
	PriorDraws float64
	// EnginesFile is the engines file of conf:NAME sides; Go the budget of
	// every move (match's --go); Margin and MoveTimeout bound an external
	// engine's answer.
	EnginesFile, Go     string
	Margin, MoveTimeout time.Duration
	// Stderr gets what a tournament says besides its report: a line as
	// each pairing begins and the pairing's progress line (none when
	// Quiet).
	Stderr io.Writer
	Quiet  bool
}

// OptionsOf are the settings of a tournament of game G, as tournament
// takes them.
type OptionsOf[G mcts.Game[P, M], P comparable, M game.Move] struct {
	Config
	// Players, when not empty, give the engines as players already made
	// (a training run's generations), over Sides.
	Players []*match.PlayerOf[G, P, M]
	// Game is what every pairing's match needs of its game beyond the
	// contract (match.OptionsOf's Game: the built-in engine and its
	// evaluators); nil: Surakarta's, which a tournament of another game
	// must replace.
	Game *match.GameOf[G, P, M]
	// ArenaOptionsOf are every pairing's games: Run.Games is the games of
	// a pairing (even: colour-swapped pairs), Run.Seed and Rules, Openings
	// and Run.RandomOpening make the one opening set every pairing plays.
	// Run.Out, when not empty, is the tournament's directory: each pairing
	// is recorded as a match in a directory of its own there
	// (Pairing.Dir), and Run.Resume continues the tournament recorded
	// there.
	arena.ArenaOptionsOf[G, P, M]
}

// Options are a Surakarta tournament's OptionsOf.
type Options = OptionsOf[rules.Rules, rules.Position, rules.Move]

// DefaultPriorDraws are the prior draws of a tournament unless told
// otherwise: one virtual draw a pairing keeps a sweep's rating finite
// (a 20-0 pairing reads about +610 instead of infinity) and moves a
// pairing of 200 games at 60% by under 0.3 Elo.
const DefaultPriorDraws = 1

// The files of a tournament's directory besides its pairings'.
const (
	// LockFile is the lock of the one process writing the directory.
	LockFile = "tournament.lock"
	// SettingsFile holds the engines and schedule, checked by a resume.
	SettingsFile = "tournament.json"
	// ReportFile is the finished tournament's report (its JSON).
	ReportFile = "report.json"
)

// Pairing is two engines of a tournament, by their index in its engines.
type Pairing struct{ A, B int }

// Dir is the pairing's directory under the tournament's: pairing-AA-BB,
// the engines' numbers (from 1).
func (p Pairing) Dir() string { return fmt.Sprintf("pairing-%02d-%02d", p.A+1, p.B+1) }

// Pairings returns the pairings of a tournament of n engines in the order
// they are played: a gauntlet's the first engine against each other in
// turn, a round robin's every two engines, the first engine's pairings
// first (so that a tournament stopped early has rated what it played
// against one engine).
func Pairings(n int, gauntlet bool) []Pairing {
	var out []Pairing
	for a := range n {
		for b := a + 1; b < n; b++ {
			out = append(out, Pairing{a, b})
		}
		if gauntlet {
			break
		}
	}
	return out
}

// Schedule names the schedule: "gauntlet" or "round robin".
func Schedule(gauntlet bool) string {
	if gauntlet {
		return "gauntlet"
	}
	return "round robin"
}

// Name returns the name of the engine of a tournament side: its CONFIG
// ("(defaults)" for none, as match names it), the engines file's name of
// conf:NAME, or the command line of engine:COMMAND ARG... with the
// program's file name for its path.
func Name(side string) string {
	switch {
	case side == "":
		return "(defaults)"
	case strings.HasPrefix(side, "conf:"):
		return strings.TrimPrefix(side, "conf:")
	case strings.HasPrefix(side, "engine:"):
		// The command line with the program by its file name alone
		// ("engine:./bin/mine --fast" is "mine --fast").
		cmd := strings.TrimSpace(strings.TrimPrefix(side, "engine:"))
		if strings.ContainsAny(cmd, `'"\`) {
			return cmd // quoted: the words are not plain spaces apart
		}
		prog, args, _ := strings.Cut(cmd, " ")
		return strings.TrimSpace(filepath.Base(prog) + " " + args)
	}
	return side
}

// names returns the engines' names, checked: two at least, none twice.
func (o *OptionsOf[G, P, M]) names() ([]string, error) {
	var names []string
	if len(o.Players) > 0 {
		for _, p := range o.Players {
			names = append(names, p.Name)
		}
	} else {
		for _, s := range o.Sides {
			names = append(names, Name(s))
		}
	}
	if len(names) < 2 {
		return nil, setting.Errorf("a tournament needs two engines or more, got %d: give %s once for each", len(names), setting.Key("engine"))
	}
	for i, n := range names {
		if j := slices.Index(names, n); j < i {
			return nil, fmt.Errorf("engines %d and %d are both %q: give each engine once", j+1, i+1, n)
		}
	}
	return names, nil
}

// anchorOf returns the index of the engine anchor names: by name, or by
// number from 1; "" is the first.
func anchorOf(anchor string, names []string) (int, error) {
	if anchor == "" {
		return 0, nil
	}
	if i := slices.Index(names, anchor); i >= 0 {
		return i, nil
	}
	if k, err := strconv.Atoi(anchor); err == nil && k >= 1 && k <= len(names) {
		return k - 1, nil
	}
	return 0, setting.Errorf("%s %q is none of the engines: give an engine's name or its number, 1 to %d (%s)", setting.Key("anchor"), anchor, len(names), strings.Join(names, ", "))
}

// settingsFile is SettingsFile: what a resumed tournament must repeat
// besides what each pairing's match checks (games, seed, rules, openings,
// each engine's settings).
type settingsFile struct {
	Engines  []string `json:"engines"`
	Schedule string   `json:"schedule"`
}

// claim takes the tournament's directory: a new one, or with resume one
// that holds the same tournament, or the same with engines added at the
// end (their pairings are played, the others' kept).
func claim(dir string, resume bool, s settingsFile) (*rundir.Dir, error) {
	d, err := rundir.Claim(dir, LockFile, "tournament")
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, SettingsFile)
	var have settingsFile
	switch err := atomicfile.ReadJSON(path, &have); {
	case errors.Is(err, os.ErrNotExist):
		if !resume {
			if err := d.NotEmpty(); err != nil {
				d.Release()
				return nil, err
			}
		}
	case err != nil:
		d.Release()
		return nil, fmt.Errorf("reading the tournament's settings: %w", err)
	case !resume:
		d.Release()
		return nil, setting.Errorf("%s already holds a tournament: add %s to continue it, or choose another directory", setting.Set("out", dir), setting.Key("resume"))
	case have.Schedule != s.Schedule || len(have.Engines) > len(s.Engines) || !slices.Equal(have.Engines, s.Engines[:len(have.Engines)]):
		d.Release()
		return nil, setting.Errorf("%s holds another tournament, a %s of %s; this one is a %s of %s: "+
			"to continue that tournament repeat its engines in order (more may follow them), to play this one give another %s",
			dir, have.Schedule, strings.Join(have.Engines, ", "), s.Schedule, strings.Join(s.Engines, ", "), setting.Key("out"))
	}
	if err := atomicfile.WriteJSON(path, s); err != nil {
		d.Release()
		return nil, err
	}
	return d, nil
}

// Run plays the tournament o describes, pairing after pairing, and rates
// its engines. A tournament that stops early (an interruption, a failure)
// returns its result for the games completed, with the error that stopped
// it (StoppedNote says so); a failure before the first game returns no
// result.
func Run[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, o OptionsOf[G, P, M]) (res *Result, rerr error) {
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	names, err := o.names()
	if err != nil {
		return nil, err
	}
	anchor, err := anchorOf(o.Anchor, names)
	if err != nil {
		return nil, err
	}
	if !(o.PriorDraws >= 0) {
		return nil, setting.Errorf("%s: want 0 or more virtual draws a pairing", setting.Set("prior_draws", o.PriorDraws))
	}
	res = newResult(&o, names, anchor)
	if out := o.Run.Out; out != "" {
		d, err := claim(out, o.Run.Resume, settingsFile{names, Schedule(o.Gauntlet)})
		if err != nil {
			return nil, err
		}
		defer func() {
			if err := d.Release(); err != nil && rerr == nil {
				rerr = err
			}
		}()
	}
	pairings := Pairings(len(names), o.Gauntlet)
	for k, p := range pairings {
		if !o.Quiet {
			fmt.Fprintf(o.Stderr, "pairing %d of %d: %s vs %s\n", k+1, len(pairings), names[p.A], names[p.B])
		}
		mr, err := match.Run(ctx, o.matchOptions(p))
		if mr != nil {
			res.add(p, mr)
		}
		if err != nil {
			var side *match.SideError
			if errors.As(err, &side) {
				e := [2]int{p.A, p.B}[side.Side]
				err = fmt.Errorf("engine %d, %s: %w", e+1, names[e], side.Err)
			} else {
				err = fmt.Errorf("%s vs %s: %w", names[p.A], names[p.B], err)
			}
			if res.Games() == 0 && !errors.Is(err, context.Canceled) {
				return nil, err // a failure before the first game: nothing to report
			}
			res.fit()
			return res, err
		}
	}
	res.Complete = true
	res.fit()
	if out := o.Run.Out; out != "" {
		if err := atomicfile.WriteJSON(filepath.Join(out, ReportFile), res.JSON()); err != nil {
			return res, err
		}
	}
	return res, nil
}

// newResult is the result, before its first game, of the tournament o of
// the engines names, rated from anchor (an index in names).
func newResult[G mcts.Game[P, M], P comparable, M game.Move](o *OptionsOf[G, P, M], names []string, anchor int) *Result {
	return &Result{Names: names, Anchor: anchor, Settings: make([]any, len(names)), Costs: make([]match.SideCost, len(names)), opt: o.Config,
		played: playedSettings{run: o.Run, game: o.Rules.Name(), rules: o.Rules.String(), start: arena.OpeningsText(o.Rules, o.Openings), players: len(o.Players) > 0}}
}

// matchOptions are the options of pairing p's match: the tournament's
// games, openings and engines settings, recorded in the pairing's
// directory and resumed where it holds games.
func (o *OptionsOf[G, P, M]) matchOptions(p Pairing) match.OptionsOf[G, P, M] {
	m := match.OptionsOf[G, P, M]{Config: match.Config{Engines: o.EnginesFile, Go: o.Go, Margin: o.Margin, MoveTimeout: o.MoveTimeout,
		Stderr: o.Stderr, Quiet: o.Quiet}, Game: o.Game, ArenaOptionsOf: o.ArenaOptionsOf}
	if len(o.Players) > 0 {
		m.Players = [2]*match.PlayerOf[G, P, M]{o.Players[p.A], o.Players[p.B]}
	} else {
		m.A, m.B = o.Sides[p.A], o.Sides[p.B]
	}
	if o.Run.Out != "" {
		m.Run.Out = filepath.Join(o.Run.Out, p.Dir())
		_, err := os.Stat(m.Run.Out)
		m.Run.Resume = o.Run.Resume && err == nil
	}
	return m
}

// StoppedNote says why a tournament stopped early (err, what Run returned
// with its result) and how to continue it, as tournament says it on
// stderr (match.Stopped).
func (r *Result) StoppedNote(err error) error {
	return match.Stopped("tournament", err, fmt.Sprintf("the %s completed in order in %s", words.Count(r.Games(), "game"), words.Count(len(r.Pairings), "pairing")),
		r.played.run.Out != "")
}
