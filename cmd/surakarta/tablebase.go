package main

import (
	"fmt"
	"runtime"
	"slices"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

func newTablebaseCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tablebase",
		Short: "Build, probe and verify endgame tables (exact values of positions with few pieces)",
		Long: "tablebase solves every position of up to --pieces pieces exactly, with the no-capture\n" +
			"counter part of the position, for one set of rules, and writes one file per material\n" +
			"balance and rules (docs/TABLEBASE.md). Without a directory its commands use the default\n" +
			"tables directory (" + tablebase.DefaultDirHelp + "),\n" +
			"which play, analyze and engine read; --tablebase DIR names another.",
		Example: "  surakarta tablebase build --pieces 5\n" +
			"  surakarta tablebase probe --fen '6/2b3/1r4/6/6/5r r 0 30'\n" +
			"  surakarta tablebase verify",
	}
	cmd.AddCommand(newTablebaseBuildCommand(), newTablebaseProbeCommand(), newTablebaseVerifyCommand())
	cmd.PersistentFlags().String("game", gameNames[0], "the game: surakarta, the one game with endgame tables (alquerque has none)")
	return cmd
}

// tablesGame refuses, for the tablebase commands, a --game other than
// Surakarta, whose endgame tables are the only ones.
func tablesGame(cmd *cobra.Command) error {
	name, _ := cmd.Flags().GetString("game")
	switch {
	case name == rules.Rules{}.Name():
		return nil
	case slices.Contains(gameNames, name):
		return fmt.Errorf("--game %s: endgame tables are Surakarta's alone (%s has none): tablebase builds, probes and verifies Surakarta's", name, name)
	}
	return checkGameFlag(name)
}

func newTablebaseBuildCommand() *cobra.Command {
	var (
		out    string
		rf     rulesFlags
		opt    tablebase.BuildOptions
		quiet  bool
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "build [--pieces N] [--variant standard|majority] [--out DIR] [--threads T] [rules flags]",
		Short: "Build the tables of every material balance of up to N pieces",
		Long: "build writes the tables of every balance of 2..N pieces under the rules flags into --out,\n" +
			"smallest first; without --out, into the default tables directory that play, analyze,\n" +
			"engine and match read (" + tablebase.DefaultDirHelp + "). File names carry the rules, so\n" +
			"tables of other rules are added beside these, never replaced. Balances already there\n" +
			"whose files load cleanly are kept, so an interrupted build continues where it stopped;\n" +
			"a damaged file is rebuilt, and the temporary files of a killed build are removed (said\n" +
			"on stderr even under --quiet). One build writes a directory at a time. The files are\n" +
			"the same at any --threads. Progress (positions x counters) goes to stderr.",
		Example: "  surakarta tablebase build --pieces 5\n" +
			"  surakarta tablebase build --pieces 4 --out tb\n" +
			"  surakarta tablebase build --pieces 5 --variant majority --out tb --threads 2",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := tablesGame(cmd); err != nil {
				return err
			}
			var err error
			if out == "" {
				if out, err = tablebase.DefaultDir(); err != nil {
					return err
				}
			}
			if opt.Rules, err = rf.rules(); err != nil {
				return err
			}
			if limit := 64 * runtime.GOMAXPROCS(0); opt.Concurrency < 0 || opt.Concurrency > limit {
				return fmt.Errorf("--threads %d: want 0 (one per CPU) to %d", opt.Concurrency, limit)
			}
			opt.Context = cmd.Context()
			quiet = quiet || asJSON && !cmd.Flags().Changed("quiet")
			j, err := tablebase.BuildWithProgress(out, opt, cmd.ErrOrStderr(), quiet)
			if err != nil && cmd.Context().Err() != nil {
				return fmt.Errorf("tablebase build interrupted: the %d balances written are kept, and the same command builds the rest", len(j.Built)+len(j.Kept))
			}
			if err != nil {
				return err
			}
			return printResult(cmd, asJSON, j, j.WriteText)
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "directory to write the tables into (created if missing; default: the default tables directory)")
	cmd.Flags().IntVar(&opt.Pieces, "pieces", 4, fmt.Sprintf("largest total of pieces, 2..%d", tablebase.MaxPieces))
	cmd.Flags().IntVar(&opt.Concurrency, "threads", 0, "threads of the build (0: one per CPU); the files do not depend on it")
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no progress on stderr")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (on an error too: {error}); no progress line unless --quiet=false")
	addRulesFlags(cmd, &rf)
	return cmd
}

func newTablebaseProbeCommand() *cobra.Command {
	var (
		fen    string
		asJSON bool
		rf     rulesFlags
	)
	cmd := &cobra.Command{
		Use:   "probe [DIR] --fen FEN [--variant V] [--json] [rules flags]",
		Short: "Print a position's exact result, plies to the end and best move from the tables",
		Long:  helpText("tablebase-probe"),
		Example: "  surakarta tablebase probe --fen '6/2b3/1r4/6/6/5r r 0 30'\n" +
			"  surakarta tablebase probe tb --fen '6/2b3/1r4/6/6/5r b 12 30' --variant majority --json",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := tablesGame(cmd); err != nil {
				return err
			}
			if fen == "" {
				return fmt.Errorf("--fen: give the position to look up")
			}
			r, p, err := rf.position(fen)
			if err != nil {
				return err
			}
			dir, err := tablesDirArg(args)
			if err != nil {
				return err
			}
			v, err := tablebase.Lookup(dir, r, p)
			if err != nil {
				return err // under --json, execute prints it as {error}
			}
			return printResult(cmd, asJSON, v, v.WriteText)
		},
	}
	cmd.Flags().StringVar(&fen, "fen", "", "position in FEN, quoted (required)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (on an error too: {error})")
	addRulesFlags(cmd, &rf)
	return cmd
}

func newTablebaseVerifyCommand() *cobra.Command {
	var (
		threads int
		quiet   bool
		asJSON  bool
	)
	cmd := &cobra.Command{
		Use:   "verify [DIR] [--threads T] [--json]",
		Short: "Re-check the tables in DIR: checksums and every value against its moves",
		Long:  helpText("tablebase-verify"),
		Example: "  surakarta tablebase verify\n" +
			"  surakarta tablebase verify tb --json",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := tablesGame(cmd); err != nil {
				return err
			}
			dir, err := tablesDirArg(args)
			if err != nil {
				return err
			}
			j, err := tablebase.VerifyDir(dir, threads, cmd.ErrOrStderr(), quiet || asJSON)
			if err != nil {
				return err
			}
			if err := printResult(cmd, asJSON, j, j.WriteText); err != nil {
				return err
			}
			return j.Err()
		},
	}
	cmd.Flags().IntVar(&threads, "threads", 0, "threads of the check (0: one per CPU)")
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no progress on stderr")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (on an error too: {error}); no progress line")
	return cmd
}

// tablesDirArg returns the DIR argument of probe and verify, or the
// default tables directory without one.
func tablesDirArg(args []string) (string, error) {
	if len(args) == 1 {
		return args[0], nil
	}
	return tablebase.DefaultDir()
}
