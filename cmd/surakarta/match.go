package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/external"
	"github.com/surakarta/surakarta/internal/progress"
	"github.com/surakarta/surakarta/internal/runspec"
	"github.com/surakarta/surakarta/internal/stats"
	"github.com/surakarta/surakarta/internal/words"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// parseEngineSpec turns a CONFIG (match --a/--b, --match-engine, the
// engine command's options) into search settings under rules r and the
// evaluator they name, checked once: the engine's text form
// (mcts.ParseEngine: each key an engine flag, meaning exactly what the flag
// means) over the analysis defaults, and seed=S, the seed the flag --seed
// of the engine commands sets.
func parseEngineSpec(spec string, r rules.Rules) (mcts.Config, mcts.Evaluator, error) {
	f, err := engineSpecFlags(mcts.DefaultEngine(), spec)
	if err != nil {
		return mcts.Config{}, nil, err
	}
	return f.config(r)
}

// engineSpecFlags applies a CONFIG to base, as parseEngineSpec does, and
// returns the engine flags it amounts to, unchecked.
func engineSpecFlags(base mcts.Engine, spec string) (engineFlags, error) {
	f := engineFlags{engine: base, seed: mcts.DefaultConfig().Seed}
	var settings []string
	for _, pair := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(pair, "=")
		if strings.TrimPrefix(strings.TrimSpace(k), "--") != "seed" {
			settings = append(settings, pair)
			continue
		}
		seed, err := strconv.ParseUint(strings.TrimSpace(v), 0, 64)
		if err != nil {
			return f, fmt.Errorf("seed=%s: want a whole number from 0 to %d", strings.TrimSpace(v), uint64(math.MaxUint64))
		}
		f.seed = seed
	}
	var err error
	f.engine, err = mcts.ParseEngine(f.engine, strings.Join(settings, ","))
	return f, err
}

// parseSPRT parses "elo0,elo1,alpha,beta".
func parseSPRT(s string) (*stats.SPRTBounds, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return nil, fmt.Errorf("--sprt %q: want elo0,elo1,alpha,beta, e.g. 0,20,0.05,0.05", s)
	}
	var v [4]float64
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("--sprt %q: %q is not a number", s, p)
		}
		v[i] = x
	}
	b := &stats.SPRTBounds{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3], Model: stats.Logistic}
	if _, err := stats.SPRTPentanomial(stats.Pentanomial{}, *b); err != nil {
		return nil, fmt.Errorf("--sprt: %w", err)
	}
	return b, nil
}

func newMatchCommand() *cobra.Command {
	var (
		specA, specB string
		enginesFile  string
		goBudget     string
		goA, goB     string
		margin       time.Duration
		moveTimeout  time.Duration
		logPath      string
		rf           rulesFlags
		fen          string
		openingsFile string
		sprt         string
		asJSON       bool
		quiet        bool
		run          = runFlags{Settings: runspec.Defaults()}
	)
	run.RandomOpening = 4
	cmd := &cobra.Command{
		Use:   "match --a SIDE --b SIDE --games N [--go BUDGET] [--go-a BUDGET] [--go-b BUDGET] [--engines FILE] [--out DIR [--resume]] [--variant V] [--seed S] [--random-opening K] [--fen FEN | --openings FILE] [--concurrency C] [--sprt elo0,elo1,alpha,beta] [--json] [--quiet]",
		Short: "Play two engines against each other (built-in settings or external programs) and measure the Elo difference",
		Long: "match plays --games games between engines A and B in pairs: each pair starts from\n" +
			"--random-opening uniformly random plies and is played twice, A taking Red in the\n" +
			"first game and Black in the second, so that neither the opening nor the first move\n" +
			"favours one engine. Pairs start from the standard start, from --fen FEN, or in turn\n" +
			"from the positions of --openings FILE (one FEN per line, # comments; pair k takes\n" +
			"opening k mod the book's size, so --games 2N plays each of N openings once in both\n" +
			"colours); with either, --random-opening is 0 unless given, and the start is recorded\n" +
			"in the match's settings. --concurrency games run at once (all cores by default), each\n" +
			"worker with its own players; --seed seeds the openings and every game's search, so\n" +
			"with built-in sides the result depends only on the settings.\n\n" +
			"A SIDE is one of:\n" +
			"  CONFIG               the built-in engine: a comma-separated list of the engine flags\n" +
			"                       as key=value, each meaning exactly what the flag means (see\n" +
			"                       surakarta analyze --help), e.g. sims=400,leaf=value; unset keys\n" +
			fmt.Sprintf("                       keep the flags' defaults but sims, which is %d as in selfplay\n", runspec.MatchEngine().Sims) +
			"                       (a match plays many games; analyze searches one position at\n" +
			fmt.Sprintf("                       %d) (the old keys eval= and capture-prob= still work:\n", runspec.AnalysisEngine().Sims) +
			"                       evaluator=, playout-capture-prob=)\n" +
			"  engine:COMMAND ARG.. an external program speaking the protocol of docs/PROTOCOL.md,\n" +
			"                       the command line split as a shell would (quotes and backslashes,\n" +
			"                       no expansions) and run in the current directory, e.g.\n" +
			"                       'engine:surakarta engine --sims 200' or 'engine:./my-engine -q'\n" +
			"  conf:NAME            engine NAME of the --engines file, a JSON object of\n" +
			"                       name: {\"command\": \"...\", \"dir\": \"...\", \"options\": {...},\n" +
			"                       \"go\": \"movetime 100\"} (dir relative to the current one; the engine\n" +
			"                       runs in dir, and a command like ./mine is found there)\n" +
			"--go BUDGET is the budget of every move of both sides, --go-a and --go-b one side's\n" +
			"(over --go and over an engines file's go): sims N or nodes N (for a built-in side N\n" +
			"simulations, as sims=N, which it then must not set too), or movetime MS, a clock of\n" +
			"MS milliseconds a move for built-in and external sides alike. A clock makes the games\n" +
			"depend on the machine and its load: it measures strength at equal time, by the user's\n" +
			"choice, and is never for data (datasets use counts); the budget is recorded in the\n" +
			"match's settings (--out, --json). Without one a built-in side plays its sims and an\n" +
			"external engine gets a plain go (its own default).\n\n" +
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
			"silences it.",
		Example: "  surakarta match --a sims=400,evaluator=weights.json --b sims=400 --games 200\n" +
			"  surakarta match --a sims=200 --b sims=100 --games 1000 --sprt 0,30,0.05,0.05 --json\n" +
			"  surakarta match --a 'engine:./my-engine --fast' --b leaf=value --go 'movetime 100' --games 100 --out runs/mine\n" +
			"  surakarta match --engines engines.json --a conf:mine --b conf:theirs --games 200 --out runs/m --resume",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) (rerr error) {
			games, seed, opening, out, resume := int(run.Games), run.Seed, run.RandomOpening, run.Out, run.Resume
			r, err := rf.rules()
			if err != nil {
				return err
			}
			if err := runspec.PairedGames("--games", int64(games), ""); err != nil {
				return err
			}
			book, err := matchOpenings(fen, openingsFile, r)
			if err != nil {
				return err
			}
			if len(book) > 0 && !run.changed("random_opening") {
				opening, run.RandomOpening = 0, 0 // the given positions themselves
			}
			if err := run.check(); err != nil {
				return err
			}
			if margin <= 0 || moveTimeout <= 0 {
				return fmt.Errorf("--margin %v, --move-timeout %v: want positive durations, e.g. 1s", margin, moveTimeout)
			}
			if resume && out == "" {
				return errors.New("--resume continues the match recorded in --out: pass --out DIR")
			}
			ss := sideSettings{margin: margin, moveTimeout: moveTimeout}
			if logPath != "" {
				f, err := os.Create(logPath)
				if err != nil {
					return fmt.Errorf("--log: %w", err)
				}
				defer f.Close()
				ss.log = external.NewTranscript(f)
			}
			budgets, err := sideBudgets(goBudget, goA, goB)
			if err != nil {
				return err
			}
			if enginesFile != "" {
				if ss.engines, err = external.LoadEnginesFile(enginesFile); err != nil {
					return fmt.Errorf("--engines: %w", err)
				}
			}
			sideA, err := resolveSide(specA, "a", budgets[0], r, ss)
			if err != nil {
				return fmt.Errorf("--a: %w", err)
			}
			defer sideA.release()
			sideB, err := resolveSide(specB, "b", budgets[1], r, ss)
			if err != nil {
				return fmt.Errorf("--b: %w", err)
			}
			defer sideB.release()
			opt := arena.ArenaOptions{Games: games, Rules: r, Seed: seed, RandomOpening: opening, Openings: book, Workers: run.Concurrency}
			openings := arena.OpeningsText(book)
			if sprt != "" {
				if opt.SPRT, err = parseSPRT(sprt); err != nil {
					return err
				}
			}
			var costs matchCosts
			if out != "" {
				rec, err := openMatchRecords(out, resume, dataset.Run{
					SchemaVersion: dataset.SchemaVersion, Variant: r.Variant.String(), Rules: r.String(),
					Engine: "a: " + sideA.identity + " | b: " + sideB.identity, Seed: seed, Games: int64(games), RandomOpening: opening, Start: openings,
				}, arena.Sides{sideA.name, sideB.name}, r, cmd.ErrOrStderr())
				if err != nil {
					return err
				}
				defer func() {
					if cerr := rec.close(); cerr != nil && rerr == nil {
						rerr = fmt.Errorf("writing the last games to %s: %w", out, cerr)
					}
				}()
				opt.Played, opt.OnPair = rec.played, rec.write
				for _, p := range rec.played {
					costs.add(p)
				}
			}
			onPair := opt.OnPair
			opt.OnPair = func(k int, g [2]arena.GameRecord) error {
				costs.add(g)
				if onPair != nil {
					return onPair(k, g)
				}
				return nil
			}
			errOut := cmd.ErrOrStderr()
			var status atomic.Pointer[string]
			rep := progress.Start(errOut, progress.Options{
				Unit: "games", Total: int64(games), Quiet: quiet,
				Extra: func(time.Duration) string {
					if p := status.Load(); p != nil {
						return *p
					}
					return ""
				},
			})
			var played int
			opt.Progress = func(res arena.ArenaResult) {
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
			res, err := arena.Arena(cmd.Context(), sideA.factory, sideB.factory, opt)
			rep.Stop()
			if res == nil {
				return err
			}
			if err != nil {
				fmt.Fprintf(errOut, "match stopped: %v; the report covers the %d games completed in order\n", err, res.Games)
				if out != "" {
					fmt.Fprintf(errOut, "the same command with --resume continues it\n")
				}
			}
			var werr error
			if asJSON {
				ci, los, why := res.EloCI, &res.LOS, noInterval(res.Pairs)
				if res.EloBound != nil {
					why = "" // a sweep: the one-sided bound speaks for it
				}
				if why != "" {
					ci, los = [2]stats.Num{stats.Num(math.NaN()), stats.Num(math.NaN())}, nil
				}
				werr = writeJSON(cmd.OutOrStdout(), struct {
					A        string `json:"a"`
					B        string `json:"b"`
					AEngine  any    `json:"a_engine"`
					BEngine  any    `json:"b_engine"`
					Variant  string `json:"variant"`
					Rules    string `json:"rules"`
					Seed     uint64 `json:"seed"`
					Opening  int    `json:"random_opening"`
					Start    string `json:"start,omitempty"`
					Planned  int    `json:"planned_games"`
					Complete bool   `json:"complete"`
					*arena.ArenaResult
					// Without spread between the pairs the interval and
					// LOS are null, and the note says why.
					EloCI  [2]stats.Num `json:"elo_ci"`
					LOS    *float64     `json:"los"`
					NoteCI string       `json:"elo_ci_note,omitempty"`
					Costs  matchCosts   `json:"costs"`
				}{sideA.desc, sideB.desc, sideA.settings, sideB.settings, r.Variant.String(), r.String(), seed, opening, openings, games, err == nil, res,
					ci, los, why, costs})
			} else {
				werr = writeMatchReport(cmd.OutOrStdout(), res, sideA.desc, sideB.desc, r, seed, opening, openings, games)
				if werr == nil {
					werr = costs.write(cmd.OutOrStdout())
				}
			}
			if err != nil {
				return err
			}
			return werr
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&specA, "a", "", "engine A: built-in CONFIG (key=value,...; empty: the defaults), engine:COMMAND ARG... or conf:NAME")
	fs.StringVar(&specB, "b", "", "engine B: built-in CONFIG (key=value,...; empty: the defaults), engine:COMMAND ARG... or conf:NAME")
	fs.StringVar(&enginesFile, "engines", "", "engines file (JSON: name -> command, dir, options, go) for conf:NAME sides")
	fs.StringVar(&goBudget, "go", "", "budget of every move of both sides: sims N, nodes N or movetime MS (a clock: for strength at equal time, never for data; empty: each side's own)")
	fs.StringVar(&goA, "go-a", "", "budget of A's moves, over --go (and over an engines file's go)")
	fs.StringVar(&goB, "go-b", "", "budget of B's moves, over --go (and over an engines file's go)")
	fs.DurationVar(&margin, "margin", external.DefaultMargin, "time past a movetime budget after which an external engine has lost the game by timeout")
	fs.StringVar(&logPath, "log", "", "write every line exchanged with the external engines to this file (time, engine[pid], > sent or < received)")
	fs.DurationVar(&moveTimeout, "move-timeout", external.DefaultMoveTimeout, "longest wait for an external engine's move under a sims or nodes budget")
	addRunFlags(cmd, &run, map[string]string{
		"games":          "games to play, an even number (pairs of the same opening)",
		"seed":           "seed of the openings and of every game's search",
		"random_opening": "uniformly random plies that open each pair (0 by default with --fen or --openings)",
		"concurrency":    "games played at once, one pair of players (searchers or engine processes) each (0: all cores)",
		"out":            "directory to record every game in (games and matches tables)",
		"resume":         "continue the match recorded in --out, playing only the pairs it lacks",
	}, "shard", "shards")
	addRulesFlags(cmd, &rf)
	fs.StringVar(&fen, "fen", "", "start every pair from this position (FEN) instead of the standard start")
	fs.StringVar(&openingsFile, "openings", "", "opening book: a file of one FEN per line (# comments); pair k starts from opening k mod the book's size")
	fs.StringVar(&sprt, "sprt", "", "sequential test elo0,elo1,alpha,beta (e.g. 0,20,0.05,0.05): stop once it decides")
	fs.BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	fs.BoolVar(&quiet, "quiet", false, "no progress on stderr")
	cmd.AddCommand(newMatchPGNCommand())
	return cmd
}

func writeMatchReport(w io.Writer, res *arena.ArenaResult, a, b string, r rules.Rules, seed uint64, opening int, openings string, planned int) error {
	fmt.Fprintf(w, "A: %s\nB: %s\n", a, b)
	from := ""
	if openings != "" {
		from = "from " + openings + ", "
	}
	fmt.Fprintf(w, "%s (%s, %s%s of random opening, seed %d), %s\n", words.Count(res.Games, "game"), words.Count(res.Games/2, "pair"), from, words.Count(opening, "ply"), seed, r)
	fmt.Fprintf(w, "A: %d wins, %d draws, %d losses; score %.3f\n", res.Wins, res.Draws, res.Losses, float64(res.Score))
	if b := res.EloBound; b != nil {
		fmt.Fprintf(w, "Elo A - B: %s, A %s all %d pairs, LOS %.1f%%\n", b, map[string]string{">": "won", "<": "lost"}[b.Op], b.Units, 100*res.LOS)
	} else if why := noInterval(res.Pairs); why != "" {
		fmt.Fprintf(w, "Elo A - B: %s [95%% CI n/a: %s], LOS n/a\n", eloString(res.Elo), why)
	} else {
		fmt.Fprintf(w, "Elo A - B: %s [95%% CI %s, %s], LOS %.1f%%\n", eloString(res.Elo), eloString(res.EloCI[0]), eloString(res.EloCI[1]), 100*res.LOS)
	}
	fmt.Fprintf(w, "A as red: %d-%d-%d, A as black: %d-%d-%d (wins-draws-losses)\n",
		res.AsRed.Wins, res.AsRed.Draws, res.AsRed.Losses, res.AsBlack.Wins, res.AsBlack.Draws, res.AsBlack.Losses)
	fmt.Fprintf(w, "pairs by A's points (0, 1/2, 1, 3/2, 2): %d %d %d %d %d\n", res.Pairs[0], res.Pairs[1], res.Pairs[2], res.Pairs[3], res.Pairs[4])
	reasons := make([]string, 0, len(res.Reasons))
	for k, n := range res.Reasons {
		reasons = append(reasons, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(reasons)
	fmt.Fprintf(w, "endings: %s; mean length %.1f plies\n", strings.Join(reasons, ", "), res.MeanPlies)
	if s := res.SPRT; s != nil {
		state := "undecided"
		switch s.Decision {
		case stats.AcceptH0.String():
			state = fmt.Sprintf("H0 accepted: elo <= %g", s.Elo0)
		case stats.AcceptH1.String():
			state = fmt.Sprintf("H1 accepted: elo >= %g", s.Elo1)
		}
		fmt.Fprintf(w, "SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.3f in [%.3f, %.3f], %s", s.Elo0, s.Elo1, s.Alpha, s.Beta, s.LLR, s.Lower, s.Upper, state)
		if res.Stopped {
			fmt.Fprintf(w, " (stopped after %d of %d games)", res.Games, planned)
		}
		fmt.Fprintln(w)
	}
	return nil
}

func eloString(e stats.Num) string { return stats.EloText(float64(e)) }

// matchOpenings reads --fen or --openings under rules r: the positions the
// pairs start from, none for the standard start.
func matchOpenings(fen, file string, r rules.Rules) ([]rules.Position, error) {
	switch {
	case fen != "" && file != "":
		return nil, errors.New("--fen and --openings both give the start: pass one (a book of one line is --fen)")
	case fen != "":
		p, err := arena.Opening(fen, r)
		if err != nil {
			return nil, fmt.Errorf("--fen: %w", err)
		}
		return []rules.Position{p}, nil
	case file != "":
		f, err := os.Open(file)
		if err != nil {
			return nil, fmt.Errorf("--openings: %w", err)
		}
		defer f.Close()
		book, err := arena.ReadOpenings(f, file, r)
		if err != nil {
			return nil, fmt.Errorf("--openings: %w", err)
		}
		return book, nil
	}
	return nil, nil
}

// noInterval says why the pairs support no interval (and no likelihood of
// superiority), or returns "": the pentanomial interval is the spread of
// the pair scores, and one pair, or pairs that all scored the same, show
// no spread, so the formula's zero-width interval would claim a certainty
// the games do not give. A sweep (every pair won, or lost) has its
// one-sided bound instead (ArenaResult.EloBound), which the report prefers.
func noInterval(p stats.Pentanomial) string {
	n := p.Pairs()
	if n == 1 {
		return "one pair"
	}
	for k, c := range p {
		if c == n && n > 0 {
			return fmt.Sprintf("all %d pairs scored %s of 2 points", n, [...]string{"0", "1/2", "1", "3/2", "2"}[k])
		}
	}
	return ""
}
