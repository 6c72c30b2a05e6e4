package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// rulesFlags are the game-setting flags shared by every command that plays
// or replays games; each constructor holds its own copy.
type rulesFlags struct {
	variant        string
	noCaptureLimit int
	repetition     int
	noMoves        string
}

func addRulesFlags(cmd *cobra.Command, f *rulesFlags) {
	d := rules.DefaultRules()
	cmd.Flags().StringVar(&f.variant, "variant", d.Variant.String(), "endgame variant: standard (limit and repetition draw) or majority (more pieces wins)")
	cmd.Flags().IntVar(&f.noCaptureLimit, "no-capture-limit", d.NoCaptureLimit, "plies without a capture that end the game (0: no limit)")
	cmd.Flags().IntVar(&f.repetition, "repetition", d.Repetition, "occurrence of the same position that ends the game (0: off)")
	cmd.Flags().StringVar(&f.noMoves, "no-moves", d.NoMoves.String(), "score of a side to move without a legal move: loss or draw")
}

// rules returns the settings the flags describe, or an error naming the bad flag.
func (f *rulesFlags) rules() (rules.Rules, error) {
	var r rules.Rules
	var err error
	if r.Variant, err = rules.ParseVariant(f.variant); err != nil {
		return r, fmt.Errorf("--variant: %w", err)
	}
	if r.NoMoves, err = rules.ParseNoMovesRule(f.noMoves); err != nil {
		return r, fmt.Errorf("--no-moves: %w", err)
	}
	r.NoCaptureLimit, r.Repetition = f.noCaptureLimit, f.repetition
	if err := r.Validate(); err != nil {
		return r, fmt.Errorf("rules flags: %w", err)
	}
	return r, nil
}

// position returns the flags' rules and the position of the --fen value,
// what a command about one position starts from.
func (f *rulesFlags) position(fen string) (rules.Rules, rules.Position, error) {
	r, err := f.rules()
	if err != nil {
		return r, rules.Position{}, err
	}
	p, err := parseFENFlag(fen)
	return r, p, err
}

// addFENFlag registers --fen with the start position as default.
func addFENFlag(cmd *cobra.Command, fen *string) {
	cmd.Flags().StringVar(fen, "fen", rules.StartFEN, "position in FEN, quoted")
}

// gameNames are the games the commands play, by the names their rules
// give them (game.Game's Name), the default first: Surakarta
// (docs/RULES.md) and Alquerque (docs/RULES-ALQUERQUE.md).
var gameNames = []string{rules.Rules{}.Name(), alquerque.Rules{}.Name()}

// playersOf returns the names of the players of the game named name
// (Surakarta's for a name of no game), the first player's first.
func playersOf(name string) [2]string {
	if name == (alquerque.Rules{}).Name() {
		return names(alquerque.Rules{})
	}
	return names(rules.Rules{})
}

// names returns the names of r's players, the first player's first.
func names[G interface{ PlayerName(game.Player) string }](r G) [2]string {
	return [2]string{r.PlayerName(game.First), r.PlayerName(game.Second)}
}

// addGameFlag adds --game, the game a command plays.
func addGameFlag(cmd *cobra.Command, name *string) {
	cmd.Flags().StringVar(name, "game", gameNames[0], gameFlagUsage)
}

// gameFlagUsage is --game's usage: the games it takes.
var gameFlagUsage = "the game: " + strings.Join(gameNames, " or ")

// checkGameFlag refuses a --game that names none of gameNames (nil for
// one that does).
func checkGameFlag(name string) error {
	if slices.Contains(gameNames, name) {
		return nil
	}
	return fmt.Errorf("--game %q: want %s", name, strings.Join(gameNames, " or "))
}

// gameCommand is a command's body for each game, given the game's rules.
type gameCommand struct {
	surakarta func(rules.Rules) error
	alquerque func(alquerque.Rules) error
}

// onGame runs the body of the game --game names (name) under the settings
// of the rules flags (r: both games take Surakarta's settings).
func onGame(name string, r rules.Rules, c gameCommand) error {
	switch name {
	case rules.Rules{}.Name():
		return c.surakarta(r)
	case alquerque.Rules{}.Name():
		return c.alquerque(alquerque.Rules(r))
	}
	return checkGameFlag(name)
}

// fenFlag returns the position --fen gives under r's game: the game's
// start when the flag was not given (its default is Surakarta's start),
// else its value parsed, the error naming the flag.
func fenFlag[G game.Game[P, M], P any, M game.Move](cmd *cobra.Command, r G, fen string) (P, error) {
	if !cmd.Flags().Changed("fen") {
		return r.Start(), nil
	}
	p, err := r.ParsePosition(fen)
	if err != nil {
		return p, fmt.Errorf("--fen: %w", err)
	}
	return p, nil
}

// parseFENFlag parses the --fen value with the flag named in the error.
func parseFENFlag(fen string) (rules.Position, error) {
	p, err := rules.ParseFEN(fen)
	if err != nil {
		return p, fmt.Errorf("--fen: %w", err)
	}
	return p, nil
}

// outIsADirectory is why a command that writes one file does not call its
// flag --out.
const outIsADirectory = "--out names a directory in every command"

// deprecatedNote is the annotation key of a flag's deprecation note.
const deprecatedNote = "surakarta-deprecated"

// deprecateFlag hides flag name of cmd from help and has the command print
// note on stderr when the flag is used (see noteDeprecatedFlags), so that
// scripts written for an old form keep working while they are moved. Unlike
// pflag's own deprecation, the note never reaches stdout, where --json
// output goes.
func deprecateFlag(cmd *cobra.Command, name, note string) {
	f := cmd.Flags().Lookup(name)
	f.Hidden = true
	if f.Annotations == nil {
		f.Annotations = map[string][]string{}
	}
	f.Annotations[deprecatedNote] = []string{note}
}

// deprecatedAlias registers old as another name of the flag current (one
// value, set by either), deprecated with a note that names the new form
// and why.
func deprecatedAlias(cmd *cobra.Command, old, current, why string) {
	fs := cmd.Flags()
	f := fs.Lookup(current)
	fs.Var(f.Value, old, f.Usage)
	deprecateFlag(cmd, old, "use --"+current+": "+why)
}

// noteDeprecatedFlags prints the note of every deprecated flag cmd was
// given, as "--old is deprecated: NOTE", on stderr.
func noteDeprecatedFlags(cmd *cobra.Command) {
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if note, ok := f.Annotations[deprecatedNote]; ok {
			fmt.Fprintf(cmd.ErrOrStderr(), "surakarta: --%s is deprecated: %s\n", f.Name, note[0])
		}
	})
}
