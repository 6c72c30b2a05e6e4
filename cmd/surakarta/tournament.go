package main

import (
	"cmp"
	"errors"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/eval/tournament"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

func newTournamentCommand() *cobra.Command {
	f := &tournamentFlags{}
	f.opt = tournament.Config{PriorDraws: tournament.DefaultPriorDraws}
	f.setDefaults()
	cmd := &cobra.Command{
		Use:   "tournament --engine SIDE --engine SIDE... --games N [--gauntlet] [--anchor ENGINE] [--go BUDGET | --tc BASE+INC] [--engines FILE] [--out DIR [--resume]] [--variant V] [--seed S] [--random-opening K] [--fen FEN | --openings FILE [--shuffle-openings]] [--concurrency C] [--prior-draws D] [--game G] [--json | --markdown] [--quiet]",
		Short: "Play several engines against each other (round robin or gauntlet) and rate them all on one Elo scale",
		Long:  helpText("tournament"),
		Example: "  surakarta tournament --engine sims=50 --engine sims=100 --engine sims=200 --engine preset=baseline --games 20\n" +
			"  surakarta tournament --gauntlet --engine evaluator=mine.json --engine sims=400 --engine preset=baseline --games 100 --markdown\n" +
			"  surakarta tournament --engines engines.json --engine conf:mine --engine conf:theirs --engine sims=400 --anchor 3 --games 200 --out runs/t --resume\n" +
			"  surakarta tournament --game alquerque --engine sims=200 --engine sims=50 --engine random --games 20\n" +
			"  surakarta tournament pgn runs/t > runs/t.pgn",
		Args: cobra.NoArgs,
		RunE: f.runE,
	}
	f.bind(cmd)
	return cmd
}

// tournamentFlags are tournament's flags, bound by bind and read by runE.
type tournamentFlags struct {
	opt tournament.Config
	contestFlags
	asJSON     bool
	asMarkdown bool
}

// bind declares tournament's flags on cmd.
func (f *tournamentFlags) bind(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringArrayVar(&f.opt.Sides, "engine", nil, "an engine of the tournament (once for each): built-in CONFIG (key=value,...; '': the defaults), engine:COMMAND ARG... or conf:NAME")
	fs.BoolVar(&f.opt.Gauntlet, "gauntlet", false, "play the first engine against each of the others only (default: every engine against every other)")
	fs.StringVar(&f.opt.Anchor, "anchor", "", "the engine rated 0: its name or its number (1 for the first; default the first)")
	fs.Float64Var(&f.opt.PriorDraws, "prior-draws", f.opt.PriorDraws, "virtual drawn games added to every pairing in the rating fit (keeps a sweep's rating finite; 0 for none)")
	fs.StringVar(&f.opt.EnginesFile, "engines", "", "engines file (JSON: name -> command, dir, options, go) for conf:NAME engines")
	fs.StringVar(&f.opt.Go, "go", "", "budget of every move: sims N, nodes N or movetime MS (a clock: for strength at equal time, never for data; empty: each engine's own)")
	fs.StringVar(&f.tc, "tc", "", "game clock BASE+INC in seconds (e.g. 10+0.1) for every game, kept by the referee; a move past the clock loses on time (strength at equal time, never for data)")
	addExternalWaitFlags(cmd, &f.opt.Margin, &f.opt.MoveTimeout)
	addRunFlags(cmd, &f.run, map[string]string{
		"games":          "games of each pairing, an even number (pairs of the same opening)",
		"seed":           "seed of the openings (the same in every pairing) and of every game's search",
		"random_opening": "uniformly random plies that open each pair (0 by default with --fen or --openings)",
		"concurrency":    "games of a pairing played at once, one pair of players (searchers or engine processes) each (0: one per CPU)",
		"out":            "directory to record the tournament in: each pairing's games and matches tables in pairing-AA-BB",
		"resume":         "continue the tournament recorded in --out, playing only the games it lacks",
	}, "shard", "shards")
	addRulesFlags(cmd, &f.rf)
	addGameFlag(cmd, &f.gameName)
	addBookFlags(cmd, &f.openingsBook, "pair k of every pairing")
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON object instead of text")
	fs.BoolVar(&f.asMarkdown, "markdown", false, "print the report as Markdown tables instead of text")
	fs.BoolVar(&f.opt.Quiet, "quiet", false, "no progress on stderr")
	cmd.AddCommand(newTournamentPGNCommand())
}

// runE checks the flags and runs the tournament.
func (f *tournamentFlags) runE(cmd *cobra.Command, _ []string) error {
	r, clock, err := f.start()
	if err != nil {
		return err
	}
	if f.asJSON && f.asMarkdown {
		return errors.New("--json and --markdown both choose the report's form: pass one")
	}
	f.opt.Stderr = cmd.ErrOrStderr()
	return onGame(f.gameName, r, gameCommand{
		surakarta: func(r rules.Rules) error {
			return playTournament(cmd, f.opt, &f.run, r, match.SurakartaGame(), clock, f.openingsBook, f.asJSON, f.asMarkdown)
		},
		alquerque: func(r alquerque.Rules) error {
			return playTournament(cmd, f.opt, &f.run, r, match.AlquerqueGame(), clock, f.openingsBook, f.asJSON, f.asMarkdown)
		},
	})
}

// playTournament plays the tournament the flags describe of game G under
// rules r, with what its matches need of the game (gm) and the game clock
// (nil: none), and prints its report.
func playTournament[G mcts.Game[P, M], P comparable, M game.Move](cmd *cobra.Command, cfg tournament.Config, run *runFlags, r G, gm match.GameOf[G, P, M], clock *arena.TimeControl, b bookFlags, asJSON, asMarkdown bool) error {
	book, err := contestBook(run, b, r, cfg.Margin, cfg.MoveTimeout, "tournament")
	if err != nil {
		return err
	}
	opt := tournament.OptionsOf[G, P, M]{Config: cfg, Game: &gm,
		ArenaOptionsOf: arena.ArenaOptionsOf[G, P, M]{Run: *run.Settings, Rules: r, Openings: book, Clock: clock}}
	res, err := tournament.Run(cmd.Context(), opt)
	if res == nil {
		return err
	}
	err = contestStopped(cmd, "tournament", err, res.StoppedNote)
	write := res.WriteText
	if asMarkdown {
		write = res.WriteMarkdown
	}
	return cmp.Or(err, printResult(cmd, asJSON, res.JSON(), write))
}
