package pipeline

import (
	"fmt"
	"strings"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/selfplay"
)

// FindingsDoc is where the project's figures are, each with what it
// measures and the command that reproduces it; the summary and the report
// send the reader there.
const FindingsDoc = "docs/findings/README.md"

// Reference is a figure of docs/findings: the first player's advantage
// from the true start, every 2-ply opening equally often, stratified by
// opening, of one engine at one number of simulations, under the standard
// ending. The test of this file checks every field against the report it
// names.
type Reference struct {
	// Report is the report.json under docs/findings and Arm its arm.
	Report string `json:"report"`
	Arm    string `json:"arm"`
	// Sims is the engine's simulations a move and Tables the pieces of the
	// endgame tables in play (0: none); Games the arm's games.
	Sims   int `json:"sims"`
	Tables int `json:"tables,omitempty"`
	Games  int `json:"games"`
	// Model is the pattern model the engine played, by its embedded name,
	// and Identity as runs record it.
	Model    string `json:"model"`
	Identity string `json:"-"`
	// Players is who played the games (selfplay.PlayersIndependent or
	// selfplay.PlayersShared): a run is compared only with figures of its
	// own players, which measure different quantities (docs/findings
	// section 16).
	Players string `json:"players"`
	// Advantage is the stratified advantage (a fraction: 0.1 is 10
	// points) with its 95% interval, as the report holds them.
	Advantage gamestats.Estimate `json:"advantage"`
}

// The identities runs record for the pattern models the findings' engines
// play: trained-patterns (the shipped model until patterns-v2, and the
// model of sections 1-5) and patterns-v2 (the shipped model).
const (
	trainedPatterns = "weights sha256:a56e168b12c01c1978c51b1abf16295cb6124a5949dc746765bae310c4c1caa7"
	patternsV2      = "weights sha256:e395cef64c80ba8873c55e2ffe8beaca4ac5eda859262690ca4a00789f33a70b"
)

// References are the findings' figures of the pattern models with their
// move priors, value leaves and cpuct 0.5, best play after the opening (no
// root noise, no temperature), by who played them. Two independent
// players (the findings' estimand, the pipeline's default): the
// pipeline's engine, the shipped patterns-v2 without tables
// (truestart-players.yaml). One shared searcher (pipeline --players
// shared): the same engine (truestart-pipeline-v2.yaml) and
// trained-patterns with the 5-piece tables (the strength ladder of section
// 2: its lowest rung, the findings' 400 and its top rung). Fewest
// simulations first within each engine.
var References = []Reference{
	{Report: "truestart-players/report.json", Arm: "independent-100", Sims: 100, Games: 1024, Model: "patterns-v2", Identity: patternsV2, Players: independent, Advantage: est(0.1494140625, 0.14435002218580448, 0.15447810281419552)},
	{Report: "truestart-players/report.json", Arm: "independent-400", Sims: 400, Games: 1024, Model: "patterns-v2", Identity: patternsV2, Players: independent, Advantage: est(0.21337890625, 0.20750540949568355, 0.21925240300431645)},
	{Report: "truestart-players/report.json", Arm: "independent-1600", Sims: 1600, Games: 1024, Model: "patterns-v2", Identity: patternsV2, Players: independent, Advantage: est(0.197265625, 0.1915235430140428, 0.2030077069859572)},
	{Report: "truestart-pipeline-v2/report.json", Arm: "sims100", Sims: 100, Games: 1024, Model: "patterns-v2", Identity: patternsV2, Players: shared, Advantage: est(0.1474609375, 0.14083055233939742, 0.15409132266060258)},
	{Report: "truestart-pipeline-v2/report.json", Arm: "sims400", Sims: 400, Games: 1024, Model: "patterns-v2", Identity: patternsV2, Players: shared, Advantage: est(0.1611328125, 0.15059117195801336, 0.17167445304198664)},
	{Report: "truestart-pipeline-v2/report.json", Arm: "sims1600", Sims: 1600, Games: 1024, Model: "patterns-v2", Identity: patternsV2, Players: shared, Advantage: est(0.2275390625, 0.22104828003017984, 0.23402984496982016)},
	{Report: "strength-ladder/report.json", Arm: "sims100", Sims: 100, Tables: 5, Games: 1024, Model: "trained-patterns", Identity: trainedPatterns, Players: shared, Advantage: est(0.11083984375, 0.1032437832787067, 0.1184359042212933)},
	{Report: "strength-ladder/report.json", Arm: "extend-sims400", Sims: 400, Tables: 5, Games: 1024, Model: "trained-patterns", Identity: trainedPatterns, Players: shared, Advantage: est(0.1826171875, 0.17405739706468182, 0.19117697793531818)},
	{Report: "strength-ladder/report.json", Arm: "extend-sims6400", Sims: 6400, Tables: 5, Games: 1024, Model: "trained-patterns", Identity: trainedPatterns, Players: shared, Advantage: est(0.24560546875, 0.23678223872550785, 0.25442869877449215)},
}

// Who played a reference's games, as References spell it.
const (
	independent = selfplay.PlayersIndependent
	shared      = selfplay.PlayersShared
)

func est(v, lo, hi float64) gamestats.Estimate {
	return gamestats.Estimate{Value: v, CI: [2]float64{lo, hi}}
}

// Engine returns the engine the reference was measured with, as a run
// records it (the evaluator by its identity). Tables are a directory of
// the machine that played them, so an engine with tables matches no run
// by its description; Engine leaves them out.
func (r Reference) Engine() mcts.Engine {
	e := mcts.DefaultEngine()
	e.Sims, e.Leaf, e.CPUCT, e.Evaluator = r.Sims, mcts.LeafValue, 0.5, r.Identity
	e.NoiseWeight, e.TemperaturePlies, e.Tablebase = 0, 0, ""
	return e
}

// referenceFor returns the findings' figure for engine e (as a run records
// it) played by players from every opening of k plies under procedure
// opening, standard rules: the reference of the same engine, simulations
// and players without tables, or nil where the findings have none.
func referenceFor(e mcts.Engine, players, opening string, k int) *Reference {
	if opening != dataset.OpeningEnumerated || k != 2 || e.Tablebase != "" {
		return nil
	}
	for i := range References {
		r := &References[i]
		if r.Tables == 0 && r.Players == players && r.Engine().Describe() == e.Describe() {
			return r
		}
	}
	return nil
}

// referencesOf returns the References played by players.
func referencesOf(players string) []Reference {
	var out []Reference
	for _, r := range References {
		if r.Players == players {
			out = append(out, r)
		}
	}
	return out
}

// newStrength says at which strength a run's figures hold: its self-play
// engine e (as the run records it, described by words) played by players,
// the standard variant's stratified advantage adv (nil when not
// measured), and the findings' figures of the same players to read it by.
func newStrength(e mcts.Engine, words, players, opening string, k int, adv *gamestats.Estimate) Strength {
	st := Strength{Engine: words, Advantage: adv, Findings: referenceFor(e, players, opening, k), Ladder: referencesOf(players)}
	st.Agrees = st.Findings != nil && adv != nil && adv.Contains(st.Findings.Advantage.Value)
	return st
}

// lines says the strength's figures, one sentence a line: this run's
// advantage, the findings' figure at the same setting and whether they
// agree, the same players' figures at other strengths, and where the
// findings are.
func (st *Strength) lines() []string {
	var out []string
	if a := st.Advantage; a != nil {
		out = append(out, fmt.Sprintf("first player's advantage over every opening alike (stratified by opening), standard: %s", a.PointsText(" pts")))
	}
	if f := st.Findings; f != nil {
		verdict := "outside this run's interval: they disagree"
		switch {
		case st.Agrees:
			verdict = "within this run's interval: they agree"
		case st.Advantage == nil:
			verdict = "not comparable: this run has no stratified figure (play every opening at least twice)"
		}
		out = append(out, fmt.Sprintf("docs/findings at this engine, simulations and players: %s over %d games (%s), %s",
			f.Advantage.PointsText(" pts"), f.Games, f.Report, verdict))
	} else {
		out = append(out, "docs/findings has no figure at this engine, simulations, players and openings")
	}
	var ladders []string
	for i := 0; i < len(st.Ladder); {
		tables, model := st.Ladder[i].Tables, st.Ladder[i].Model
		var rungs []string
		for ; i < len(st.Ladder) && st.Ladder[i].Tables == tables && st.Ladder[i].Model == model; i++ {
			rungs = append(rungs, fmt.Sprintf("%s at %d", stats.PointsText(st.Ladder[i].Advantage.Value), st.Ladder[i].Sims))
		}
		with := model + " without tables"
		if tables > 0 {
			with = fmt.Sprintf("%s with the %d-piece tables", model, tables)
		}
		ladders = append(ladders, with+" "+strings.Join(rungs, ", ")+" simulations")
	}
	if len(ladders) > 0 {
		out = append(out, "the advantage changes with the engine's strength (docs/findings, the same players): "+strings.Join(ladders, "; "))
	}
	out = append(out, "what each figure measures, and the command that reproduces it: "+FindingsDoc)
	return out
}

// paragraph is lines as the report's closing answer paragraph.
func (st *Strength) paragraph() string {
	var b strings.Builder
	fmt.Fprintf(&b, "**At which strength.** These figures are the engine's at its strength, not yet the game's: %s.", st.Engine)
	for _, l := range st.lines() {
		fmt.Fprintf(&b, " %s%s.", strings.ToUpper(l[:1]), l[1:])
	}
	return b.String()
}
