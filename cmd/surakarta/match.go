package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

func newMatchCommand() *cobra.Command {
	f := &matchFlags{}
	f.setDefaults()
	cmd := &cobra.Command{
		Use:   "match --a SIDE --b SIDE --games N [--go BUDGET] [--go-a BUDGET] [--go-b BUDGET] [--tc BASE+INC] [--engines FILE] [--out DIR [--resume]] [--variant V] [--seed S] [--random-opening K] [--fen FEN | --openings FILE [--shuffle-openings]] [--concurrency C] [--sprt elo0,elo1,alpha,beta] [--game G] [--json] [--quiet]",
		Short: "Play two engines against each other (built-in settings or external programs) and measure the Elo difference",
		Long:  matchLong,
		Example: "  surakarta match --a sims=400,evaluator=weights.json --b sims=400 --games 200\n" +
			"  surakarta match --a sims=200 --b sims=100 --games 1000 --sprt 0,30,0.05,0.05 --json\n" +
			"  surakarta match --a sims=100 --b random --games 20\n" +
			"  surakarta match --a leaf=value --b preset=baseline --tc 10+0.1 --games 20\n" +
			"  surakarta match --a 'engine:./my-engine --fast' --b leaf=value --go 'movetime 100' --games 100 --out runs/mine\n" +
			"  surakarta match --engines engines.json --a conf:mine --b conf:theirs --games 200 --out runs/m --resume",
		Args: cobra.NoArgs,
		RunE: f.runE,
	}
	f.bind(cmd)
	return cmd
}

// matchLong is match's help: text, not logic, so a value rather than a
// function over a screen long.
var matchLong = "match plays --games games between engines A and B in pairs: each pair starts from\n" +
	"--random-opening uniformly random plies and is played twice, A taking Red in the\n" +
	"first game and Black in the second, so that neither the opening nor the first move\n" +
	"favours one engine. Pairs start from the standard start, from --fen FEN, or in turn\n" +
	"from the positions of --openings FILE (one FEN or EPD per line, # comments; an EPD\n" +
	"line is the board and the side to move, then operations such as hmvc 0; fmvn 1;\n" +
	"id \"name\";, hmvc and fmvn giving the counters, 0 and 1 by default; pair k takes\n" +
	"opening k mod the book's size, so --games 2N plays each of N openings once in both\n" +
	"colours; --shuffle-openings plays the book in a random order drawn from --seed, the\n" +
	"same on any machine); with either, --random-opening is 0 unless given, and the start\n" +
	"(the book's digest in the order played) is recorded in the match's settings.\n" +
	"--concurrency games run at once (one per CPU by default), each worker with its own\n" +
	"players; --seed seeds the openings and every game's search, so\n" +
	"with built-in sides the result depends only on the settings. --game alquerque plays\n" +
	"Alquerque (docs/RULES-ALQUERQUE.md; White is the first player): --fen and --openings\n" +
	"in its position text, built-in sides with its engine and evaluators (best, its\n" +
	"shipped model alquerque-v1, by default; preset=baseline plays playouts scored by\n" +
	"material; material, or an Alquerque model file) and without endgame tables, which\n" +
	"are Surakarta's, external engines\n" +
	"that play Alquerque (id game alquerque, e.g. 'engine:surakarta engine --game\n" +
	"alquerque'), its games recorded with --out as Surakarta's are (game=alquerque).\n\n" +
	"A SIDE is one of:\n" +
	"  CONFIG               the built-in engine: a comma-separated list of the engine flags\n" +
	"                       as key=value, each meaning exactly what the flag means (see\n" +
	"                       surakarta analyze --help), e.g. sims=400,leaf=value; unset keys\n" +
	fmt.Sprintf("                       keep the flags' defaults but sims, which is %d as in selfplay\n", runspec.MatchEngine().Sims) +
	"                       (a match plays many games; analyze searches one position at\n" +
	fmt.Sprintf("                       %d) (the old keys eval= and capture-prob= still work:\n", runspec.AnalysisEngine().Sims) +
	"                       evaluator=, playout-capture-prob=); preset=NAME, wherever it\n" +
	"                       stands, is the engine the other keys change (--preset of\n" +
	"                       analyze), e.g. --b preset=baseline,sims=400\n" +
	"  engine:COMMAND ARG.. an external program speaking the protocol of docs/PROTOCOL.md,\n" +
	"                       the command line split as a shell would (quotes and backslashes,\n" +
	"                       no expansions) and run in the current directory, e.g.\n" +
	"                       'engine:surakarta engine --sims 200' or 'engine:./my-engine -q'\n" +
	"  conf:NAME            engine NAME of the --engines file, a JSON object of\n" +
	"                       name: {\"command\": \"...\", \"dir\": \"...\", \"options\": {...},\n" +
	"                       \"go\": \"movetime 100\"} (dir relative to the current one; the engine\n" +
	"                       runs in dir, and a command like ./mine is found there)\n" +
	"  random, first        a built-in baseline that does not search: random plays a\n" +
	"                       uniformly random legal move (seeded by --seed and the game),\n" +
	"                       first the first legal move in the rules' generation order;\n" +
	"                       the floor of every strength scale (--go applies to the other\n" +
	"                       side only; --go-a or --go-b for a baseline is refused)\n" +
	"Give at least one side (--a, --b, or one side's budget, --go-a, --go-b): the default\n" +
	"engine is played against itself only when asked, --a '' --b ''.\n" +
	"--go BUDGET is the budget of every move of both sides, --go-a and --go-b one side's\n" +
	"(over --go and over an engines file's go): sims N or nodes N (for a built-in side N\n" +
	"simulations, as sims=N, which it then must not set too), or movetime MS, a clock of\n" +
	"MS milliseconds a move for built-in and external sides alike. A clock makes the games\n" +
	"depend on the machine and its load: it measures strength at equal time, by the user's\n" +
	"choice, and is never for data (datasets use counts); the budget is recorded in the\n" +
	"match's settings (--out, --json). Without one a built-in side plays its sims and an\n" +
	"external engine gets a plain go (its own default).\n\n" +
	"--tc BASE+INC plays every game on a game clock instead (seconds, e.g. 10+0.1: each side\n" +
	"starts with BASE and gets INC after each of its moves; not with --go, --go-a, --go-b).\n" +
	"The match keeps the clocks: it times each move from asking for it to receiving it, and\n" +
	"a move that takes longer than its side's clock shows loses the game on time (ending\n" +
	"time-forfeit, in the report's endings, the games table and match pgn's Termination).\n" +
	"A built-in side searches for its own share of its clock (docs/PROTOCOL.md: a 25th of\n" +
	"the time left plus 3/4 of the increment, less a reserve); an external engine gets go\n" +
	"redtime MS blacktime MS redinc MS blackinc MS (in Alquerque whitetime, blacktime,\n" +
	"whiteinc, blackinc) and must list clock in id budgets. Like\n" +
	"movetime, a clock measures strength at equal time on this machine at its load: runs\n" +
	"that produce data (selfplay, pipeline, train, experiment run) stay on fixed counts.\n" +
	"Each side's time used is in the report's cost and the matches table.\n\n" +
	"An external engine is started once per worker and kept for all its games; the first\n" +
	"worker's process is the one match starts before any game to check the engine:\n" +
	"identify, the options, and the budgets and rules the engine lists (id budgets, id\n" +
	"rules: docs/PROTOCOL.md; an engine that lists none is tried). An engine that fails the\n" +
	"check (exits, hangs, answers garbage, refuses an option, or lists budgets or rules\n" +
	"without the match's) stops the match before it begins, with what to fix and nothing\n" +
	"recorded; from the first game on a failure loses the game. For each game it gets\n" +
	"setoption seed with the game's seed when it has a seed option, newgame with the rules,\n" +
	"then position (the start FEN and every move so far) and go for each of its moves. The\n" +
	"referee is the rules core: an illegal move, a crash, no bestmove within movetime plus\n" +
	"--margin (--move-timeout for the other budgets), an error answer or output that is not\n" +
	"the protocol loses that game, with the reason recorded, and the match goes on; the\n" +
	"process is restarted for the next game. Interrupted (Ctrl-C), match ends its engines\n" +
	"before it exits, and they die with it if it is killed (kill -9). --log FILE\n" +
	"records every line exchanged with the engines (a and b name the sides), with a ! line\n" +
	"for each fault, to see what preceded it.\n\n" +
	"The report gives A's wins, draws and losses, its score, the Elo difference A - B\n" +
	"with its 95% interval and the likelihood of superiority, from the pentanomial\n" +
	"distribution of the pairs (n/a with one pair, or when every pair scored the same:\n" +
	"without spread between pairs there is no interval), and each side's mean time and\n" +
	"nodes a move. A built-in side's nodes are the simulations its searches ran: sims a\n" +
	"move, fewer where the solver proved the position before the budget was spent (the\n" +
	"ends of games), and never the visits a reused tree (reuse-tree) brought from the\n" +
	"moves before; an external side's are the nodes (else sims) of its last info line\n" +
	"before each bestmove, as the engine counts them (0 when it reports none). --json adds\n" +
	"a_engine and b_engine, each side's resolved settings (every setting of a built-in side,\n" +
	"defaults included; an external side's command, name and id name). --sprt\n" +
	"elo0,elo1,alpha,beta runs a sequential test of elo <= elo0 against elo >= elo1 after\n" +
	"each pair, in pair order, and stops the match as soon as it decides.\n\n" +
	"--out DIR records the games within seconds of their end as a dataset: the games\n" +
	"table (moves, result, reason; read by surakarta stats and DuckDB) and the matches\n" +
	"table (each side's engine, time and nodes, the fault); surakarta match pgn DIR\n" +
	"prints games as text. An interrupted match continues with the same command and\n" +
	"--resume, playing only the pairs not yet recorded.\n\n" +
	"Progress (games, rate, ETA, A's wins-draws-losses and score, the SPRT's LLR) goes to\n" +
	"stderr: a live line on a terminal, a plain line every few seconds otherwise; --quiet\n" +
	"silences it."

// matchFlags are match's flags, bound by bind and read by runE.
type matchFlags struct {
	cfg match.Config
	contestFlags
	asJSON bool
}

// bind declares match's flags on cmd.
func (f *matchFlags) bind(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.cfg.A, "a", "", "engine A: built-in CONFIG (key=value,...; empty: the defaults), engine:COMMAND ARG..., conf:NAME, or a baseline: random, first")
	fs.StringVar(&f.cfg.B, "b", "", "engine B: built-in CONFIG (key=value,...; empty: the defaults), engine:COMMAND ARG..., conf:NAME, or a baseline: random, first")
	fs.StringVar(&f.cfg.Engines, "engines", "", "engines file (JSON: name -> command, dir, options, go) for conf:NAME sides")
	fs.StringVar(&f.cfg.Go, "go", "", "budget of every move of both sides: sims N, nodes N or movetime MS (a clock: for strength at equal time, never for data; empty: each side's own)")
	fs.StringVar(&f.cfg.GoA, "go-a", "", "budget of A's moves, over --go (and over an engines file's go)")
	fs.StringVar(&f.tc, "tc", "", "game clock BASE+INC in seconds (e.g. 10+0.1), kept by the match; a move past the clock loses on time (strength at equal time, never for data)")
	fs.StringVar(&f.cfg.GoB, "go-b", "", "budget of B's moves, over --go (and over an engines file's go)")
	fs.StringVar(&f.cfg.Log, "log", "", "write every line exchanged with the external engines to this file (time, engine[pid], > sent or < received)")
	addExternalWaitFlags(cmd, &f.cfg.Margin, &f.cfg.MoveTimeout)
	addRunFlags(cmd, &f.run, map[string]string{
		"games":          "games to play, an even number (pairs of the same opening)",
		"seed":           "seed of the openings and of every game's search",
		"random_opening": "uniformly random plies that open each pair (0 by default with --fen or --openings)",
		"concurrency":    "games played at once, one pair of players (searchers or engine processes) each (0: one per CPU)",
		"out":            "directory to record every game in (games and matches tables)",
		"resume":         "continue the match recorded in --out, playing only the pairs it lacks",
	}, "shard", "shards")
	addRulesFlags(cmd, &f.rf)
	addGameFlag(cmd, &f.gameName)
	addBookFlags(cmd, &f.openingsBook, "pair k")
	fs.StringVar(&f.cfg.SPRTSpec, "sprt", "", "sequential test elo0,elo1,alpha,beta (e.g. 0,20,0.05,0.05): stop once it decides")
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON object instead of text")
	fs.BoolVar(&f.cfg.Quiet, "quiet", false, "no progress on stderr")
	cmd.AddCommand(newMatchPGNCommand())
}

// runE checks the flags and runs the match.
func (f *matchFlags) runE(cmd *cobra.Command, _ []string) error {
	r, clock, err := f.start()
	if err != nil {
		return err
	}
	f.cfg.Stderr = cmd.ErrOrStderr()
	return onGame(f.gameName, r, gameCommand{
		surakarta: func(r rules.Rules) error {
			return playMatch(cmd, f.cfg, &f.run, r, match.SurakartaGame(), clock, f.openingsBook, f.asJSON)
		},
		alquerque: func(r alquerque.Rules) error {
			return playMatch(cmd, f.cfg, &f.run, r, match.AlquerqueGame(), clock, f.openingsBook, f.asJSON)
		},
	})
}

// playMatch plays the match the flags describe of game G under rules r,
// with what the match needs of the game (gm) and the game clock (nil:
// none), and prints its report.
func playMatch[G mcts.Game[P, M], P comparable, M game.Move](cmd *cobra.Command, cfg match.Config, run *runFlags, r G, gm match.GameOf[G, P, M], clock *arena.TimeControl, b bookFlags, asJSON bool) error {
	book, err := contestBook(run, b, r, cfg.Margin, cfg.MoveTimeout, "match")
	if err != nil {
		return err
	}
	if !slices.ContainsFunc([]string{"a", "b", "go-a", "go-b"}, cmd.Flags().Changed) {
		// Both sides the defaults: a match of the engine against
		// itself, legitimate only when asked for.
		return errors.New("match needs its sides: with none of --a, --b, --go-a, --go-b both would be the default engine, " +
			"a match of the engine against itself; give the side to measure, e.g. --a sims=1600 (--b keeps the defaults), " +
			"or --a '' --b '' to play the defaults against themselves")
	}
	opt := match.OptionsOf[G, P, M]{Config: cfg, Game: &gm,
		ArenaOptionsOf: arena.ArenaOptionsOf[G, P, M]{Run: *run.Settings, Rules: r, Openings: book, Clock: clock}}
	res, err := match.Run(cmd.Context(), opt)
	if res == nil {
		return err
	}
	err = contestStopped(cmd, "match", err, res.StoppedNote)
	return cmp.Or(err, printResult(cmd, asJSON, res.JSON(), res.WriteText))
}

// contestStopped says on stderr why a contest (what: a match, a
// tournament) that returned its result stopped early (note says it, and
// how to continue, naming settings, which it says as flags) and returns err in words ("match interrupted" for
// Ctrl-C, not Go's "context canceled"); nil when err is.
func contestStopped(cmd *cobra.Command, what string, err error, note func(error) error) error {
	if err == nil {
		return nil
	}
	fmt.Fprint(cmd.ErrOrStderr(), sayFlags(note(err)).Error())
	if errors.Is(err, context.Canceled) {
		return errors.New(what + " interrupted") // the note says what is kept
	}
	return err
}
