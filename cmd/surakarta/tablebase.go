package main

import (
	"fmt"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/internal/progress"
	"github.com/surakarta/surakarta/tablebase"
)

func newTablebaseCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tablebase",
		Short: "Build, probe and verify endgame tables (exact values of positions with few pieces)",
		Long: "tablebase solves every position of up to --pieces pieces exactly, with the no-capture\n" +
			"counter part of the position, for one endgame variant, and writes one file per material\n" +
			"balance (docs/TABLEBASE.md). The engine uses them with --tablebase DIR.",
		Example: "  surakarta tablebase build --pieces 4 --variant standard --out tb\n" +
			"  surakarta tablebase probe tb --fen '6/2b3/1r4/6/6/5r r 0 30'\n" +
			"  surakarta tablebase verify tb",
	}
	cmd.AddCommand(newTablebaseBuildCommand(), newTablebaseProbeCommand(), newTablebaseVerifyCommand())
	return cmd
}

func newTablebaseBuildCommand() *cobra.Command {
	var (
		out string
		rf  rulesFlags
		opt tablebase.BuildOptions
		bar = progress.Options{Unit: "positions"}
	)
	cmd := &cobra.Command{
		Use:   "build --pieces N --variant standard|majority --out DIR [--threads T] [rules flags]",
		Short: "Build the tables of every material balance of up to N pieces",
		Long: "build writes the tables of every balance of 2..N pieces under the rules flags into --out,\n" +
			"smallest first. Balances already there whose files load cleanly are kept, so an\n" +
			"interrupted build continues where it stopped; a damaged file is rebuilt. The files are\n" +
			"the same at any --threads. Progress (positions x counters) goes to stderr.",
		Example: "  surakarta tablebase build --pieces 4 --out tb\n" +
			"  surakarta tablebase build --pieces 5 --variant majority --out tb --threads 2",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if out == "" {
				return fmt.Errorf("--out: name the directory to write the tables into")
			}
			var err error
			if opt.Rules, err = rf.rules(); err != nil {
				return err
			}
			if limit := 64 * runtime.GOMAXPROCS(0); opt.Concurrency < 0 || opt.Concurrency > limit {
				return fmt.Errorf("--threads %d: want 0 (one per CPU) to %d", opt.Concurrency, limit)
			}
			if err := opt.Validate(); err != nil { // before BuildWork, which has no count past MaxPieces
				return err
			}
			bar.Total = tablebase.BuildWork(opt.Pieces, opt.Rules.NoCaptureLimit)
			rep := progress.Start(cmd.ErrOrStderr(), bar)
			opt.Progress = rep.Add
			start := time.Now()
			res, err := tablebase.Build(out, opt)
			rep.Stop()
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "tables of up to %d pieces for %s in %s: %d balances built, %d kept, %d classes, %d bytes, longest distance %d plies, %.1f s\n",
				opt.Pieces, opt.Rules, out, len(res.Built), len(res.Kept), res.Classes, res.Bytes, res.MaxPlies, time.Since(start).Seconds())
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "directory to write the tables into (created if missing)")
	cmd.Flags().IntVar(&opt.Pieces, "pieces", 4, fmt.Sprintf("largest total of pieces, 2..%d", tablebase.MaxPieces))
	cmd.Flags().IntVar(&opt.Concurrency, "threads", 0, "threads of the build (0: one per CPU); the files do not depend on it")
	cmd.Flags().BoolVar(&bar.Quiet, "quiet", false, "no progress on stderr")
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
		Use:   "probe DIR [--fen FEN] [--variant V] [--json] [rules flags]",
		Short: "Print a position's exact result, plies to the end and best move from the tables",
		Long: "probe looks --fen up in the tables in DIR (built for the rules flags) and prints the\n" +
			"result for the side to move (win, draw or loss), the plies to the end of the game under\n" +
			"best play (the winner fastest, the loser slowest; 0 for a draw) and a best move, one\n" +
			"that keeps both. The FEN's third field is the no-capture counter the value depends on.\n" +
			"The value is for the position without earlier history (docs/TABLEBASE.md says what\n" +
			"repetition changes). --json prints {result, plies, best}, on an error {error}.",
		Example: "  surakarta tablebase probe tb --fen '6/2b3/1r4/6/6/5r r 0 30'\n" +
			"  surakarta tablebase probe tb --fen '6/2b3/1r4/6/6/5r b 12 30' --variant majority --json",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if fen == "" {
				return fmt.Errorf("--fen: give the position to look up")
			}
			r, p, err := rf.position(fen)
			if err != nil {
				return err
			}
			v, err := tablebase.Lookup(args[0], r, p)
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
	)
	cmd := &cobra.Command{
		Use:   "verify DIR [--threads T]",
		Short: "Re-check the tables in DIR: checksums and every value against its moves",
		Long: "verify loads every table in DIR (whatever rules they were built for), checks headers,\n" +
			"lengths and checksums, that each holds exactly its balance's positions, and that every\n" +
			"stored value at every counter is the one its moves give from the stored values of the\n" +
			"positions they reach. It fails naming the first file and position that is wrong.",
		Example: "  surakarta tablebase verify tb",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			rs, err := tablebase.RulesIn(dir)
			if err != nil {
				return err
			}
			for _, r := range rs {
				var work int64
				if rep, err := tablebase.Open(dir, r); err == nil {
					work = tablebase.BuildWork(rep.Pieces(), r.NoCaptureLimit)
				}
				bar := progress.Start(cmd.ErrOrStderr(), progress.Options{Unit: "positions", Total: work, Quiet: quiet})
				rep, err := tablebase.Verify(dir, r, threads, bar.Add)
				bar.Stop()
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s: %d files for %s (up to %d pieces), %d classes, %d bytes: sound\n", dir, rep.Files, r, rep.Pieces, rep.Classes, rep.Bytes)
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&threads, "threads", 0, "threads of the check (0: one per CPU)")
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no progress on stderr")
	return cmd
}
