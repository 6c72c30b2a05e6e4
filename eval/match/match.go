package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/external"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// Config are a match's settings that do not depend on its game: the
// sides, their budgets and engines, and what it says.
type Config struct {
	// A and B are the sides: a built-in CONFIG, engine:COMMAND ARG... or
	// conf:NAME of the Engines file. Go is the budget of both sides'
	// moves, GoA and GoB one side's (over Go and an engines file's go).
	A, B, Engines, Go, GoA, GoB string
	// Settings, where not nil, give a built-in side by its settings
	// instead of A's or B's text (a job's match, with no text to parse).
	Settings [2]*mcts.Engine
	// Margin and MoveTimeout bound an external engine's answer; Log, when
	// not empty, is a file to write every line exchanged with them.
	Margin, MoveTimeout time.Duration
	Log                 string
	// SPRTSpec, when not empty, is the sequential test "elo0,elo1,alpha,beta"
	// (ParseSPRT).
	SPRTSpec string
	// Stderr gets what a match says besides its report: the progress line
	// (none when Quiet) and what resuming found.
	Stderr io.Writer
	Quiet  bool
}

// OptionsOf are the settings of a match of game G, as match takes them.
type OptionsOf[G mcts.Game[P, M], P comparable, M game.Move] struct {
	Config
	// Players, where not nil, give a side as a player already made (a
	// training run's models), over Settings and the text.
	Players [2]*PlayerOf[G, P, M]
	// Game is what the match needs of its game beyond the contract; nil:
	// Surakarta's (SurakartaGame), which a match of another game must
	// replace.
	Game *GameOf[G, P, M]
	// ArenaOptionsOf are the games' settings (Run, Rules, Openings; the
	// function Run sets the rest). Of Run, this package reads Out and
	// Resume as well: Out, when not empty, records the games there, and
	// Resume continues the match recorded there.
	arena.ArenaOptionsOf[G, P, M]
}

// Options are a Surakarta match's OptionsOf.
type Options = OptionsOf[rules.Rules, rules.Position, rules.Move]

// PlayerOf is a side given as a player rather than by text or settings:
// its name in the records and report, and what makes its players.
type PlayerOf[G mcts.Game[P, M], P comparable, M game.Move] struct {
	Name    string
	Factory arena.PlayerFactoryOf[G, P, M]
}

// Player is a Surakarta match's PlayerOf.
type Player = PlayerOf[rules.Rules, rules.Position, rules.Move]

// Result is a played match: the arena's result, each side's cost, and what
// its report says of the sides and settings.
type Result struct {
	Arena *arena.ArenaResult
	Costs Costs
	// Complete is false when the match stopped before its end (an
	// interruption, a failure): the report covers the games completed in
	// order.
	Complete bool

	a, b   sideText
	report reportSettings
}

// reportSettings are the match's settings its report and StoppedNote
// name.
type reportSettings struct {
	variant, rules string
	seed           uint64
	opening        int
	games          int
	out            string
	start          string    // the openings' text, "" for the standard start
	players        [2]string // the players' names: red, black
}

// Run plays the match o describes and returns its result. A match that
// stops early returns its result for the games completed, with the error
// that stopped it (StoppedNote says so); a failure before the first game
// returns no result.
func Run[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, o OptionsOf[G, P, M]) (res *Result, rerr error) {
	if o.Game == nil {
		sk, ok := any(&o.Game).(**GameOf[rules.Rules, rules.Position, rules.Move])
		if !ok {
			return nil, fmt.Errorf("a match of %s needs its game's engines (Options.Game)", o.Rules.Name())
		}
		g := SurakartaGame()
		*sk = &g
	}
	settings, err := settingsOf(o.Rules)
	if err != nil {
		return nil, err
	}
	sides, release, err := openSides(o, settings)
	defer release()
	if err != nil {
		return nil, err
	}
	r, opt := o.Rules, o.ArenaOptionsOf
	m := &Result{a: sides[0].sideText, b: sides[1].sideText, report: reportSettings{
		variant: settings.Variant.String(), rules: r.String(), seed: o.Run.Seed, opening: o.Run.RandomOpening, games: int(o.Run.Games),
		out: o.Run.Out, start: arena.OpeningsText(r, o.Openings), players: [2]string{r.PlayerName(game.First), r.PlayerName(game.Second)},
	}}
	if o.SPRTSpec != "" {
		if opt.SPRT, err = ParseSPRT(o.SPRTSpec); err != nil {
			return nil, err
		}
	}
	if o.Run.Out != "" {
		rec, err := recordsOf(o, settings, m, sides)
		if err != nil {
			return nil, err
		}
		defer func() {
			if cerr := rec.close(); cerr != nil && rerr == nil {
				rerr = fmt.Errorf("writing the last games to %s: %w", o.Run.Out, cerr)
			}
		}()
		opt.Played, opt.OnPair = rec.played, rec.write
		for _, p := range rec.played {
			addCosts(&m.Costs, r, p)
		}
	}
	onPair := opt.OnPair
	opt.OnPair = func(k int, g [2]arena.GameRecordOf[P, M]) error {
		addCosts(&m.Costs, r, g)
		if onPair != nil {
			return onPair(k, g)
		}
		return nil
	}
	rep, progressLine := progressOf(o)
	opt.Progress = progressLine
	ar, err := arena.Arena(ctx, sides[0].factory, sides[1].factory, opt)
	rep.Stop()
	if ar == nil {
		return nil, err
	}
	m.Arena, m.Complete = ar, err == nil
	return m, err
}

// openSides makes the match's two sides, in order: the transcript of
// o.Log, the budgets, the engines file, then A and B (a player o gives
// or one resolved from its text or settings). release ends what it
// started (the sides' checked processes, then the transcript's file),
// after an error too; Run calls it when the match is over.
func openSides[G mcts.Game[P, M], P comparable, M game.Move](o OptionsOf[G, P, M], settings rules.Rules) (sides [2]matchSide[G, P, M], release func(), err error) {
	var undo []func()
	release = func() {
		for _, f := range slices.Backward(undo) {
			f()
		}
	}
	ss := sideSettings[G, P, M]{margin: o.Margin, moveTimeout: o.MoveTimeout, game: o.Game, settings: settings, tc: o.Clock}
	if o.Log != "" {
		f, err := os.Create(o.Log)
		if err != nil {
			return sides, release, setting.Errorf("%s: %w", setting.Key("log"), err)
		}
		undo = append(undo, func() { f.Close() })
		ss.log = external.NewTranscript(f)
	}
	budgets, err := sideBudgets(o.Go, o.GoA, o.GoB, o.Clock)
	if err != nil {
		return sides, release, err
	}
	if o.Engines != "" {
		if ss.engines, err = external.LoadEnginesFile(o.Engines); err != nil {
			return sides, release, setting.Errorf("%s: %w", setting.Key("engines"), err)
		}
	}
	for i, text := range [2]string{o.A, o.B} {
		tag := string(rune('a' + i))
		if p := o.Players[i]; p != nil {
			sides[i] = matchSide[G, P, M]{sideText: sideText{name: p.Name, desc: p.Name, identity: p.Name, settings: p.Name}, factory: p.Factory}
			continue
		}
		if sides[i], err = resolveSide(text, o.Settings[i], tag, budgets[i], o.Rules, ss); err != nil {
			return sides, release, &SideError{Side: i, Err: err}
		}
		undo = append(undo, sides[i].release)
	}
	return sides, release, nil
}

// recordsOf opens o.Run.Out's records of the match m (new, or resumed
// with o.Run.Resume): its run's settings name the sides by what
// resuming checks (their identity).
func recordsOf[G mcts.Game[P, M], P comparable, M game.Move](o OptionsOf[G, P, M], settings rules.Rules, m *Result, sides [2]matchSide[G, P, M]) (*matchRecords[G, P, M], error) {
	r := o.Rules
	run := dataset.Run{
		SchemaVersion: dataset.SchemaVersion, Variant: settings.Variant.String(), Rules: r.String(),
		Engine: setting.JSON("a: " + sides[0].identity + " | b: " + sides[1].identity), Start: m.report.start,
	}
	if o.Clock != nil {
		run.TimeControl = o.Clock.String()
	}
	o.Run.Record(&run)
	run.SetGame(r.Name())
	return openMatchRecords[G, P, M](o.Run.Out, o.Run.Resume, run, arena.Sides{sides[0].name, sides[1].name}, r, o.Stderr)
}

// SideError is Run's refusal of a side that could not be made (settings
// that do not parse, an external engine that fails its check): which side,
// 0 for A and 1 for B, and why. It reads as the flag that gave the side
// and the reason; a tournament names the engine instead.
type SideError struct {
	Side int
	Err  error
}

func (e *SideError) Error() string { return e.Unwrap().Error() }

// Unwrap is the error naming the side's setting (a or b, which a command
// says as its flag) before Err.
func (e *SideError) Unwrap() error {
	return setting.Errorf("%s: %w", setting.Key(string(rune('a'+e.Side))), e.Err)
}

// StoppedNote says why a match stopped early (err, what Run returned with
// its result) and how to continue it, as match says it on stderr.
func (m *Result) StoppedNote(err error) error {
	return Stopped("match", err, fmt.Sprintf("the %d games completed in order", m.Arena.Games), m.report.out != "")
}

// Stopped is the note a contest (what: "match", "tournament") stopped
// early by err says: why (interrupted, or err), what its report covers
// ("the 12 games completed in order") and, where it is recorded, how to
// continue it, naming
// the setting resume (a command says its flag: the note is a
// setting.Advice).
func Stopped(what string, err error, covers string, recorded bool) error {
	var why any = setting.Errorf("stopped: %w", err)
	if errors.Is(err, context.Canceled) {
		why = "interrupted" // Ctrl-C, in words, not Go's "context canceled"
	}
	var again any = ""
	if recorded {
		again = setting.Errorf("the same command with %s continues it\n", setting.Key("resume"))
	}
	return setting.Errorf("%s %v; the report covers %s\n%v", what, why, covers, again)
}

// progressOf starts the match's progress line on o.Stderr and returns it
// with the arena's Progress that feeds it: games, and A's results and the
// SPRT's state as the line's extra.
func progressOf[G mcts.Game[P, M], P comparable, M game.Move](o OptionsOf[G, P, M]) (*progress.Reporter, func(arena.ArenaResult)) {
	var status atomic.Pointer[string]
	rep := progress.Start(o.Stderr, progress.Options{
		Unit: "games", Total: o.Run.Games, Quiet: o.Quiet,
		Extra: func(time.Duration) string {
			if p := status.Load(); p != nil {
				return *p
			}
			return ""
		},
	})
	var played int
	return rep, func(res arena.ArenaResult) {
		rep.Add(int64(res.Games - played))
		played = res.Games
		line := fmt.Sprintf("A %d-%d-%d, score %.3f", res.Wins, res.Draws, res.Losses, float64(res.Score))
		if res.SPRT != nil {
			line += fmt.Sprintf(", LLR %.2f in [%.2f, %.2f]", res.SPRT.LLR, res.SPRT.Lower, res.SPRT.Upper)
			if res.Stopped {
				line += ", stopped: " + res.SPRT.Decision
			}
		}
		status.Store(&line)
	}
}

// ParseSPRT parses match --sprt's "elo0,elo1,alpha,beta".
func ParseSPRT(s string) (*stats.SPRTBounds, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return nil, setting.Errorf("%s %q: want elo0,elo1,alpha,beta, e.g. 0,20,0.05,0.05", setting.Key("sprt"), s)
	}
	var v [4]float64
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, setting.Errorf("%s %q: %q is not a number", setting.Key("sprt"), s, p)
		}
		v[i] = x
	}
	b := &stats.SPRTBounds{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3], Model: stats.Logistic}
	if _, err := stats.SPRTPentanomial(stats.Pentanomial{}, *b); err != nil {
		return nil, setting.Errorf("%s: %w", setting.Key("sprt"), err)
	}
	return b, nil
}

// Openings reads match --fen or --openings under rules r: the positions the
// pairs start from, none for the standard start.
func Openings[G game.Game[P, M], P any, M game.Move](fen, file string, r G) ([]P, error) {
	switch {
	case fen != "" && file != "":
		return nil, setting.Errorf("%s and %s both give the start: pass one (a book of one line is %s)", setting.Key("fen"), setting.Key("openings"), setting.Key("fen"))
	case fen != "":
		p, err := arena.OpeningOf(r, fen)
		if err != nil {
			return nil, setting.Errorf("%s: %w", setting.Key("fen"), err)
		}
		return []P{p}, nil
	case file != "":
		f, err := os.Open(file)
		if err != nil {
			return nil, setting.Errorf("%s: %w", setting.Key("openings"), err)
		}
		defer f.Close()
		book, err := arena.ReadOpenings(f, file, r)
		if err != nil {
			return nil, setting.Errorf("%s: %w", setting.Key("openings"), err)
		}
		return book, nil
	}
	return nil, nil
}
