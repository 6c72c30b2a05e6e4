package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/version"
	"github.com/surakarta/surakarta/mcts"
)

// ArmInfo describes one arm of a report: where its games come from and
// its statistics.
type ArmInfo struct {
	Name    string `json:"name"`
	Variant string `json:"variant"`
	// Sims and Evaluator are the engine settings that matter for the
	// ladder (0 and "" when unknown).
	Sims      int    `json:"sims,omitempty"`
	Evaluator string `json:"evaluator,omitempty"`
	// Dir is the arm's dataset directory, relative to the report.
	Dir string `json:"dir,omitempty"`
	// Engine describes the search settings (EngineWords) and Regime how
	// moves are chosen after the random opening (Regime); empty when
	// unknown.
	Engine string `json:"engine,omitempty"`
	Regime string `json:"regime,omitempty"`
	// Players is who played the arm's games (PlayersIndependent or
	// PlayersShared; empty when unknown, as for a dataset's report).
	Players string `json:"players,omitempty"`
	// RedSims and BlackSims are each colour's simulations a move when the
	// arm sets them by colour (a handicap), 0 otherwise.
	RedSims   int `json:"red_sims,omitempty"`
	BlackSims int `json:"black_sims,omitempty"`
	// RandomOpening is the arm's opening plies (from its spec; 0 when
	// none or not known).
	RandomOpening int                  `json:"random_opening"`
	Stats         gamestats.GroupStats `json:"stats"`
	// Openings is what the arm's openings say (present when its games
	// start from at least two openings); Draws what its draws are made of.
	Openings *gamestats.OpeningStats `json:"openings,omitempty"`
	Draws    *gamestats.DrawAnatomy  `json:"draws,omitempty"`
	// Config is the arm's resolved engine (nil when unknown) and Setting
	// everything about the arm but its simulations, as a key: arms with
	// equal settings and different simulations form a ladder.
	Config  *mcts.Config `json:"-"`
	Setting string       `json:"-"`
}

// Report is an experiment's (or a dataset's) full report: what report.json
// holds, and what report.md and the plots are made from.
type Report struct {
	// Version and Revision name the program that wrote the report (module
	// version and VCS revision, as a dataset's footers name theirs).
	Version     string  `json:"version"`
	Revision    string  `json:"revision"`
	Title       string  `json:"title"`
	Description string  `json:"description,omitempty"`
	Command     string  `json:"command,omitempty"`
	Confidence  float64 `json:"confidence"`
	// EquivalenceMargin is the margin of the equivalence tests behind "no
	// change" (a fraction).
	EquivalenceMargin float64 `json:"equivalence_margin"`
	// Design says in words where the games come from: openings, pairing,
	// and each arm's regime.
	Design []string   `json:"design,omitempty"`
	Spec   *spec.Spec `json:"spec,omitempty"`
	// Arms, Comparisons and Ladders hold every figure.
	Arms        []ArmInfo              `json:"arms"`
	Comparisons []gamestats.Comparison `json:"comparisons"`
	Ladders     []Ladder               `json:"ladders,omitempty"`
	// Handicaps gives the first move's worth in simulations at each base
	// strength where independent arms differ only in Black's simulations.
	Handicaps []Handicap `json:"handicaps,omitempty"`
	// OpeningSensitivity compares arms that differ only in their opening
	// plies (present when there are such arms).
	OpeningSensitivity *OpeningSensitivity `json:"opening_sensitivity,omitempty"`
	// Sensitivity asks whether the baseline arm's conclusion survives each
	// change of setting (present when the spec names a baseline).
	Sensitivity *Sensitivity `json:"sensitivity,omitempty"`
	// Sizes says how many games each headline figure would need for
	// ±TargetHalfWidth.
	Sizes []SizeRow `json:"sample_sizes"`
	// Answer is the plain-language answer, one paragraph per entry.
	Answer []string `json:"answer"`
	// Plots lists the plots written beside the report, as PNG files; each
	// has an SVG twin of the same name.
	Plots []string `json:"plots"`
}

// Input is what Build needs: the arms (whose Name is the
// source the Collector saw their games under), the collected games, and
// the pairs of arm names to compare.
type Input struct {
	Title, Description, Command string
	Spec                        *spec.Spec
	Confidence                  float64
	// Margin is the equivalence margin (0: the spec's, else
	// DefaultEquivalenceMargin).
	Margin    float64
	Design    []string
	Arms      []ArmInfo
	Collector *gamestats.Collector
	Compare   [][2]string

	byName map[string]gamestats.Arm
}

// Build analyzes the collected games of each arm and compares the
// arms as asked.
func Build(in Input) (*Report, error) {
	margin := in.Margin
	if margin == 0 && in.Spec != nil {
		margin = in.Spec.EquivalenceMargin
	}
	if margin == 0 {
		margin = spec.DefaultEquivalenceMargin
	}
	r := &Report{Title: in.Title, Description: in.Description, Command: in.Command,
		Confidence: in.Confidence, EquivalenceMargin: margin, Design: in.Design, Spec: in.Spec, Comparisons: []gamestats.Comparison{}}
	byName := map[string]gamestats.Arm{}
	for _, a := range in.Arms {
		arm := gamestats.Arm{Source: a.Name, Variant: a.Variant}
		if err := analyzeArm(&in, arm, &a); err != nil {
			return nil, err
		}
		r.Arms = append(r.Arms, a)
		byName[a.Name] = arm
	}
	in.byName = byName
	for _, pair := range in.Compare {
		c, err := compareArms(&in, pair[0], pair[1])
		if err != nil {
			return nil, err
		}
		c.Changes = gamestats.Changes(&c, margin, in.Confidence)
		r.Comparisons = append(r.Comparisons, c)
	}
	var err error
	if r.Ladders, err = buildLadders(&in, r.Arms); err != nil {
		return nil, err
	}
	if in.Spec != nil && in.Spec.Extend != nil && len(in.Spec.Ladder) > 0 {
		for i := range r.Ladders {
			if l := &r.Ladders[i]; l.Points[0].Arm == in.Spec.Ladder[0] {
				l.Stopping = stopping(in.Spec, l)
			}
		}
	}
	seed := uint64(1)
	if in.Spec != nil {
		seed = in.Spec.Seed
	}
	if r.Handicaps, err = buildHandicaps(&in, r.Arms, seed); err != nil {
		return nil, err
	}
	if in.Spec != nil && in.Spec.Baseline != "" {
		r.Sensitivity = sensitivity(r, in.Spec.Baseline)
	}
	if r.OpeningSensitivity, err = openingSensitivity(r.Arms, in.Confidence); err != nil {
		return nil, err
	}
	r.Sizes = sampleSizes(r)
	r.Answer = answer(r)
	return r, nil
}

// analyzeArm fills arm a's statistics from the collector: its games, its
// openings (from two on) and its draws judged by the endgame tables.
func analyzeArm(in *Input, arm gamestats.Arm, a *ArmInfo) error {
	g := in.Collector.Arms[arm]
	if g == nil {
		return fmt.Errorf("arm %s: no %s games collected", a.Name, a.Variant)
	}
	byVariant := *g
	byVariant.Key = []string{a.Variant}
	gs, err := gamestats.Analyze(&byVariant, []string{"variant"}, in.Confidence)
	if err != nil {
		return fmt.Errorf("arm %s: %w", a.Name, err)
	}
	gs.Variant, gs.Label = a.Variant, a.Name
	gs.Group = map[string]string{"variant": a.Variant, "arm": a.Name}
	a.Stats = gs
	if x := in.Collector.Openings[arm]; x != nil {
		os, err := x.Analyze(in.Confidence)
		if err != nil {
			return fmt.Errorf("arm %s openings: %w", a.Name, err)
		}
		if os.Openings >= 2 {
			a.Openings = &os
		}
	}
	if d := in.Collector.Draws[arm]; d != nil && d.Draws > 0 {
		da, err := d.Finish()
		if err != nil {
			return fmt.Errorf("arm %s: endgame tables: %w", a.Name, err)
		}
		a.Draws = &da
	}
	return nil
}

// compareArms compares two arms of the input by name, paired game by game
// when the collector pairs.
func compareArms(in *Input, nameA, nameB string) (gamestats.Comparison, error) {
	a, okA := in.byName[nameA]
	b, okB := in.byName[nameB]
	if !okA || !okB {
		return gamestats.Comparison{}, fmt.Errorf("compare %s with %s: no such arm", nameA, nameB)
	}
	ga, gb := *in.Collector.Arms[a], *in.Collector.Arms[b]
	ga.Key, gb.Key = []string{nameA}, []string{nameB}
	c, err := gamestats.Compare(&ga, &gb, in.Confidence)
	if err != nil {
		return c, err
	}
	if in.Collector.Pairs != nil {
		if c.Paired, err = gamestats.PairGames(in.Collector.Pairs[a], in.Collector.Pairs[b], in.Confidence); err != nil {
			return c, err
		}
	}
	return c, nil
}

// WriteFiles writes report.md, report.json and the plots into dir, each
// complete or not at all.
func (r *Report) WriteFiles(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	plots, err := WritePlots(dir, r)
	if err != nil {
		return err
	}
	r.Plots = plots
	r.Version, r.Revision = version.Module(), version.VCSRevision()
	if err := atomicfile.WriteJSON(filepath.Join(dir, "report.json"), r); err != nil {
		return err
	}
	var md strings.Builder
	if err := r.WriteMarkdown(&md); err != nil {
		return err
	}
	return atomicfile.WriteFile(filepath.Join(dir, "report.md"), []byte(md.String()))
}
