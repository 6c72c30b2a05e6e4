package pipeline

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/internal/base/textout"
	"github.com/surakarta/surakarta/internal/base/words"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/selfplay"
)

// DefaultMatchEngine returns the match's default search setting for both
// players, runspec.PipelineMatchEngine: 200 simulations a move with value
// leaves at cpuct 0.5.
func DefaultMatchEngine() mcts.Settings { return runspec.PipelineMatchEngine().Settings }

// Summary is what a pipeline run did and found: where every output went
// and the headline figures. OUT/summary.json holds it. Out is the output
// directory as given; every other path is relative to it, the directory
// summary.json lives in, so that the record holds when the tree moves.
type Summary struct {
	Out      string   `json:"out"`
	Command  string   `json:"command,omitempty"`
	Settings Settings `json:"settings"`
	Stages   []Stage  `json:"stages"`
	// Seconds is the run's wall time and CPUSeconds the CPU time (user +
	// system) the process used for it (0 where the system does not say).
	Seconds    float64            `json:"seconds"`
	CPUSeconds float64            `json:"cpu_seconds"`
	Variants   []VariantFigures   `json:"variants"`
	Comparison *VariantComparison `json:"comparison,omitempty"`
	Verified   VerifySummary      `json:"verified"`
	Fit        *FitSummary        `json:"fit"`
	// Match is the fitted evaluator's match against material, ModelMatch
	// against Settings.MatchModel.
	Match      *MatchSummary `json:"match,omitempty"`
	ModelMatch *MatchSummary `json:"model_match,omitempty"`
	// Strength says at which strength the self-play figures hold.
	Strength Strength      `json:"strength"`
	Report   ReportSummary `json:"report"`
}

// Strength says at which strength the figures hold: they are the
// self-play engine's, played by the run's players, and the first player's
// advantage changes with the engine's strength (docs/findings).
type Strength struct {
	// Engine is the self-play engine in words: search, evaluator, tables
	// and how moves are chosen.
	Engine string `json:"engine"`
	// Advantage is the standard variant's first-player advantage
	// stratified by opening (absent unless every opening was played at
	// least twice).
	Advantage *gamestats.Estimate `json:"advantage,omitempty"`
	// Findings is docs/findings' figure for the same engine, simulations
	// and openings, where it has one; Agrees says whether it lies within
	// Advantage's interval.
	Findings *Reference `json:"findings,omitempty"`
	Agrees   bool       `json:"agrees"`
	// Ladder is the findings' figures of the same players at other
	// strengths (References).
	Ladder []Reference `json:"ladder"`
}

// Settings are the run's settings as the summary reports them.
type Settings struct {
	GamesPerVariant int64  `json:"games_per_variant"`
	Seed            uint64 `json:"seed"`
	RandomOpening   int    `json:"random_opening"`
	// Opening is the procedure that chose the RandomOpening plies
	// (dataset.OpeningEnumerated or dataset.OpeningRandom).
	Opening string `json:"opening"`
	// Openings is the number of enumerated openings (0 under random
	// openings).
	Openings int `json:"openings,omitempty"`
	// Players is who played the self-play games (selfplay.PlayersShared
	// or selfplay.PlayersIndependent).
	Players string `json:"players"`
	// Rules are the standard variant's rules; the majority variant shares
	// all but the variant.
	Rules string `json:"rules"`
	// Game is the game played, absent for Surakarta.
	Game string `json:"game,omitempty"`
	// Engine is the self-play search setting (mcts.Engine.Describe);
	// Sims, Leaf and Evaluator repeat its main fields.
	Engine     setting.JSON `json:"engine"`
	Sims       int          `json:"sims"`
	Leaf       string       `json:"leaf"`
	Evaluator  string       `json:"evaluator"`
	FitModel   string       `json:"fit_model"`
	FitLambda  float64      `json:"fit_lambda"`
	FitHoldout float64      `json:"fit_holdout"`
	FitVariant string       `json:"fit_variant"`
	MatchGames int          `json:"match_games"`
	// MatchEngine is both match players' setting as match CONFIG keys;
	// MatchModel the second match's opponent ("": none).
	MatchEngine string  `json:"match_engine,omitempty"`
	MatchModel  string  `json:"match_model,omitempty"`
	Confidence  float64 `json:"confidence"`
}

// Stage is one stage's outcome.
type Stage struct {
	Name string `json:"name"`
	// Status is Ran, Resumed or Skipped.
	Status  string  `json:"status"`
	Output  string  `json:"output,omitempty"`
	Seconds float64 `json:"seconds"`
}

// VariantFigures are one variant's headline figures.
type VariantFigures struct {
	Variant   string `json:"variant"`
	Games     int64  `json:"games"`
	Positions int64  `json:"positions"`
	RedWins   int64  `json:"red_wins"`
	Draws     int64  `json:"draws"`
	BlackWins int64  `json:"black_wins"`
	// FirstPlayer is who moved first ("red" from the start position);
	// FirstPlayerScore is its (wins + draws/2)/games with the score-test
	// interval, DrawRate the draws' share with the Wilson interval.
	FirstPlayer      string             `json:"first_player"`
	FirstPlayerScore gamestats.Estimate `json:"first_player_score"`
	DrawRate         gamestats.Estimate `json:"draw_rate"`
	MeanPlies        float64            `json:"mean_plies"`
	// StratifiedAdvantage is the first player's advantage stratified by
	// opening (each opening weighted alike, the interval from the spread
	// within openings), present when every opening was played at least
	// twice.
	StratifiedAdvantage *gamestats.Estimate `json:"stratified_advantage,omitempty"`
}

// VariantComparison compares the variants: every figure is the change
// from A to B, B − A.
type VariantComparison struct {
	A string `json:"a"`
	B string `json:"b"`
	// FirstPlayerScoreDiff and DrawRateDiff treat the variants as
	// independent samples.
	FirstPlayerScoreDiff gamestats.Estimate `json:"first_player_score_diff"`
	DrawRateDiff         gamestats.Estimate `json:"draw_rate_diff"`
	// Pairs counts the games played from the same opening under both;
	// the paired figures use them (absent when none pair).
	Pairs           int64                   `json:"pairs"`
	PairedScoreDiff *gamestats.PairedFigure `json:"paired_first_player_score_diff,omitempty"`
	PairedDrawDiff  *gamestats.Estimate     `json:"paired_draw_rate_diff,omitempty"`
	// PairedDrawP is the paired draw-rate change's p-value from
	// PairedDrawTest, the one the report quotes ("McNemar", or "exact
	// McNemar" with few discordant pairs).
	PairedDrawP    float64 `json:"paired_draw_rate_p,omitempty"`
	PairedDrawTest string  `json:"paired_draw_rate_test,omitempty"`
	// PairCorrelation is the correlation of the paired games' scores: the
	// variants share openings and search seeds, so games that never meet
	// the rule difference are identical.
	PairCorrelation stats.Num `json:"pair_correlation,omitempty"`
}

// VerifySummary is what dataset verification checked.
type VerifySummary struct {
	Path      string `json:"path"`
	Files     int    `json:"files"`
	Games     int64  `json:"games"`
	Positions int64  `json:"positions"`
}

// FitSummary gives the fit's held-out figures beside the material-only
// baseline's.
type FitSummary struct {
	Path             string  `json:"path"`
	Model            string  `json:"model"`
	Variant          string  `json:"variant"`
	TrainPositions   int64   `json:"train_positions"`
	TrainGames       int64   `json:"train_games"`
	HoldoutPositions int64   `json:"holdout_positions"`
	HoldoutGames     int64   `json:"holdout_games"`
	LogLoss          float64 `json:"log_loss"`
	BaselineLogLoss  float64 `json:"baseline_log_loss"`
	Brier            float64 `json:"brier"`
	BaselineBrier    float64 `json:"baseline_brier"`
	// Warning is the fit's (eval.Report.Warning): set when the weights are
	// worse than the material-only baseline on the held-out games.
	Warning string `json:"warning,omitempty"`
}

// MatchSummary is a match's result from the fitted evaluator's side (A)
// against the opponent (B).
type MatchSummary struct {
	Path   string `json:"path"`
	Engine string `json:"engine"`
	// Opponent is B's evaluator by name.
	Opponent string `json:"opponent"`
	Games    int    `json:"games"`
	stats.WDL
	Score float64 `json:"score"`
	// Elo is A − B with its 95% interval; infinite values (a sweep) are
	// null in JSON.
	Elo   stats.Num    `json:"elo"`
	EloCI [2]stats.Num `json:"elo_ci"`
	LOS   float64      `json:"los"`
}

// ReportSummary says where the report went.
type ReportSummary struct {
	Dir   string   `json:"dir"`
	Files []string `json:"files"`
}

// WriteText prints the summary for people: the stages with their outputs,
// then the headline figures, then where to look next.
func (s *Summary) WriteText(w io.Writer) error {
	ew := &textout.Writer{W: w}
	s.writeStages(ew)
	s.writeGames(ew)
	s.Strength.writeText(ew)
	s.writeFitAndMatches(ew)
	s.writeWhere(ew)
	return ew.Err
}

// writeStages writes where everything is and each stage's status and
// time.
func (s *Summary) writeStages(ew *textout.Writer) {
	ew.Printf("pipeline finished: everything is in %s\n\n", s.Out)
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "stage\tstatus\toutput\ttime\n")
	for _, st := range s.Stages {
		out := "-"
		if st.Output != "" {
			out = st.Output
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.1f s\n", st.Name, st.Status, out, st.Seconds)
	}
	ew.Flush(tw)
	ew.Printf("total %.1f s", s.Seconds)
	if s.CPUSeconds > 0 {
		ew.Printf(", %.1f CPU-s", s.CPUSeconds)
	}
	ew.Printf("\n")
}

// evaluatorNamed is a recorded evaluator in words: a built-in model by its
// name, with the identity the run recorded ("patterns-v2, built in, weights
// sha256:…"), anything else as recorded.
func evaluatorNamed(identity string) string {
	if name, ok := eval.EmbeddedModelName(identity); ok {
		return name + ", built in, " + identity
	}
	return identity
}

// writeGames writes the self-play settings, the verification and each
// variant's figures with the comparison of the two.
func (s *Summary) writeGames(ew *textout.Writer) {
	set := s.Settings
	ew.Printf("\nself-play: %d games per variant, game i of both from %s (seed %d); %d simulations a move, %s leaves, evaluator %s\n",
		set.GamesPerVariant, set.openingWords(), set.Seed, set.Sims, set.Leaf, evaluatorNamed(set.Evaluator))
	ew.Printf("players:   %s\n", selfplay.PlayersWords(set.Players))
	ew.Printf("rules:     %s, under both variants\n", strings.TrimPrefix(set.Rules, "variant=standard,"))
	ew.Printf("verified: %d games and %d positions in %d files agree with the rules\n\n", s.Verified.Games, s.Verified.Positions, s.Verified.Files)
	conf := fmt.Sprintf("%g%%", 100*set.Confidence)
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "variant\tgames\tpositions\t%s-draw-black\tfirst player's score [%s CI]\tdraw rate [%s CI]\tmean plies\n", set.firstPlayer(), conf, conf)
	for _, v := range s.Variants {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d-%d-%d\t%s %s\t%s\t%.1f\n", v.Variant, v.Games, v.Positions,
			v.RedWins, v.Draws, v.BlackWins, v.FirstPlayer, v.FirstPlayerScore.ScoreText(),
			v.DrawRate.PercentText(), v.MeanPlies)
	}
	ew.Flush(tw)
	if c := s.Comparison; c != nil {
		if c.PairedScoreDiff != nil {
			ew.Printf("%s → %s, paired over %d openings (scores correlate r %.2f): first player's score %s (paired t p %s), draw rate %s (%s p %s)\n",
				c.A, c.B, c.Pairs, float64(c.PairCorrelation), c.PairedScoreDiff.PointsText(" pts"),
				stats.PText(float64(c.PairedScoreDiff.P)), c.PairedDrawDiff.PointsText(" pts"), c.PairedDrawTest, stats.PText(c.PairedDrawP))
		} else {
			ew.Printf("%s → %s: first player's score %s, draw rate %s\n", c.A, c.B, c.FirstPlayerScoreDiff.PointsText(" pts"), c.DrawRateDiff.PointsText(" pts"))
		}
	}
}

// writeFitAndMatches writes the fit's held-out figures and each match of
// the fitted weights.
func (s *Summary) writeFitAndMatches(ew *textout.Writer) {
	set := s.Settings
	if f := s.Fit; f != nil {
		verdict := "better than"
		switch {
		case f.LogLoss > f.BaselineLogLoss:
			verdict = "worse than"
		case f.LogLoss == f.BaselineLogLoss:
			verdict = "equal to"
		}
		ew.Printf("\nfit: %s on the %s games, %d training positions (%d games), %d held out (%d %s)\n",
			f.Model, f.Variant, f.TrainPositions, f.TrainGames, f.HoldoutPositions, f.HoldoutGames, words.Plural(f.HoldoutGames, "game", "games"))
		ew.Printf("     held-out log-loss %.4f, %s the material-only baseline's %.4f; Brier %.4f against %.4f\n",
			f.LogLoss, verdict, f.BaselineLogLoss, f.Brier, f.BaselineBrier)
		if f.Warning != "" {
			ew.Printf("     warning: %s\n", f.Warning)
		}
	}
	if s.Match == nil && s.ModelMatch == nil {
		ew.Printf("%s", setting.Sprintf("match: skipped (%s)\n", setting.Set("match_games", 0)))
	}
	for _, m := range []*MatchSummary{s.Match, s.ModelMatch} {
		if m == nil {
			continue
		}
		ew.Printf("match: fitted weights (A) against %s (B), %d games in colour-swapped pairs from %s, both at %s\n",
			m.Opponent, m.Games, set.matchOpeningWords(), m.Engine)
		if m == s.Match && m.Engine == engineWords(DefaultMatchEngine()) {
			ew.Printf("       (value leaves and cpuct 0.5, where fitted weights can show: at the default cpuct 1.5 they measure about even)\n")
		}
		ew.Printf("       A %d-%d-%d (wins-draws-losses), score %.3f, Elo %s [95%% CI %s, %s], LOS %.1f%%\n",
			m.Wins, m.Draws, m.Losses, m.Score, elo(m.Elo, m.Score-0.5), elo(m.EloCI[0], -1), elo(m.EloCI[1], +1), 100*m.LOS)
	}
}

// writeWhere writes where the report is and how to query the data.
func (s *Summary) writeWhere(ew *textout.Writer) {
	rep := s.Report
	ew.Printf("\nreport: %s (start here), %s\n", filepath.Join(s.Out, rep.Dir, "report.md"), strings.Join(rep.Files[1:], ", "))
	// The query needs a DuckDB nothing here installs: say where it comes
	// from, and what reads the data without it.
	data := filepath.Join(s.Out, DataDir)
	ew.Printf("query:  surakarta stats %s, or any Parquet reader, e.g. the DuckDB CLI (not installed with surakarta: duckdb.org/docs/installation):\n", data)
	ew.Printf("        duckdb -c \"SELECT variant, winner, reason, count(*) AS games FROM read_parquet('%s/games/*/*/*.parquet', hive_partitioning = true) GROUP BY ALL ORDER BY ALL\"\n",
		filepath.ToSlash(data))
	ew.Printf("        (scripts/duckdb/outside-reader.sh %s fetches DuckDB's npm package and checks it reads what surakarta wrote)\n", data)
}

// firstPlayer names the game's first player: Surakarta's red, or
// Alquerque's white.
func (set *Settings) firstPlayer() string {
	if set.Game == AlquerqueGame {
		return "white"
	}
	return "red"
}

// openingWords says how game i of both variants opens: "2-ply opening i
// mod 256, every opening alike" or "the same 4 random plies".
func (set *Settings) openingWords() string {
	if set.Opening != dataset.OpeningEnumerated {
		return fmt.Sprintf("the same %d random plies", set.RandomOpening)
	}
	return fmt.Sprintf("%d-ply opening i mod %d, every opening alike", set.RandomOpening, set.Openings)
}

// matchOpeningWords says how match pair k opens.
func (set *Settings) matchOpeningWords() string {
	if set.Opening != dataset.OpeningEnumerated {
		return fmt.Sprintf("%d random plies", set.RandomOpening)
	}
	return fmt.Sprintf("%d-ply opening k mod %d", set.RandomOpening, set.Openings)
}

// writeText prints the strength block of the summary.
func (st *Strength) writeText(ew *textout.Writer) {
	if st.Engine == "" {
		return
	}
	ew.Printf("strength: the figures are this engine's: %s\n", st.Engine)
	for _, line := range st.lines() {
		ew.Printf("          %s\n", line)
	}
}

// elo writes an Elo figure; one summary.json holds as null (an infinite
// figure: a sweep's value, or an interval's open end) reads back as NaN and
// is written as the infinity of sign's sign, as the run printed it.
func elo(x stats.Num, sign float64) string {
	v := float64(x)
	if math.IsNaN(v) && sign != 0 {
		v = math.Inf(int(math.Copysign(1, sign)))
	}
	return stats.EloText(v)
}

// relativeTo rewrites the summary's paths, files and directories under
// out, relative to out.
func (s *Summary) relativeTo(out string) {
	rel := func(p string) string {
		r, err := filepath.Rel(out, p)
		if p == "" || err != nil || strings.HasPrefix(r, "..") {
			return filepath.ToSlash(p)
		}
		return filepath.ToSlash(r)
	}
	for i := range s.Stages {
		s.Stages[i].Output = rel(s.Stages[i].Output)
	}
	s.Verified.Path = rel(s.Verified.Path)
	if s.Fit != nil {
		s.Fit.Path = rel(s.Fit.Path)
	}
	if s.Match != nil {
		s.Match.Path = rel(s.Match.Path)
	}
	s.Report.Dir = rel(s.Report.Dir)
}
