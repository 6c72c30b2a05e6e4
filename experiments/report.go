package experiments

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
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
	Dir   string     `json:"dir,omitempty"`
	Stats GroupStats `json:"stats"`
}

// LadderPoint is one rung of a strength ladder.
type LadderPoint struct {
	Arm       string   `json:"arm"`
	Sims      int      `json:"sims"`
	Games     int64    `json:"games"`
	Advantage Estimate `json:"first_player_advantage"`
	DrawRate  Estimate `json:"draw_rate"`
}

// Ladder is the first-player advantage of one variant (and evaluator)
// against simulations per move.
type Ladder struct {
	Variant   string        `json:"variant"`
	Evaluator string        `json:"evaluator,omitempty"`
	Points    []LadderPoint `json:"points"`
	// SlopePerDoubling is the change of the advantage per doubling of
	// simulations: the weighted least-squares slope on log2(sims), weights
	// 1/SE², with its normal interval (present with 2 or more rungs).
	SlopePerDoubling *Estimate `json:"slope_per_doubling,omitempty"`
}

// Report is an experiment's (or a dataset's) full report: what report.json
// holds, and what report.md and the plots are made from.
type Report struct {
	Title       string  `json:"title"`
	Description string  `json:"description,omitempty"`
	Command     string  `json:"command,omitempty"`
	Confidence  float64 `json:"confidence"`
	Spec        *Spec   `json:"spec,omitempty"`
	// Arms, Comparisons and Ladders hold every figure.
	Arms        []ArmInfo    `json:"arms"`
	Comparisons []Comparison `json:"comparisons"`
	Ladders     []Ladder     `json:"ladders,omitempty"`
	// Answer is the plain-language answer, one paragraph per entry.
	Answer []string `json:"answer"`
	// Plots lists the PNG files written beside the report.
	Plots []string `json:"plots"`
}

// ReportInput is what BuildReport needs: the arms (whose Name is the
// source the Collector saw their games under), the collected games, and
// the pairs of arm names to compare.
type ReportInput struct {
	Title, Description, Command string
	Spec                        *Spec
	Confidence                  float64
	Arms                        []ArmInfo
	Collector                   *Collector
	Compare                     [][2]string
}

// BuildReport analyzes the collected games of each arm and compares the
// arms as asked.
func BuildReport(in ReportInput) (*Report, error) {
	r := &Report{Title: in.Title, Description: in.Description, Command: in.Command,
		Confidence: in.Confidence, Spec: in.Spec, Comparisons: []Comparison{}}
	byName := map[string]Arm{}
	for _, a := range in.Arms {
		arm := Arm{Source: a.Name, Variant: a.Variant}
		g := in.Collector.Arms[arm]
		if g == nil {
			return nil, fmt.Errorf("arm %s: no %s games collected", a.Name, a.Variant)
		}
		byVariant := *g
		byVariant.Key = []string{a.Variant}
		gs, err := Analyze(&byVariant, []string{"variant"}, in.Confidence)
		if err != nil {
			return nil, fmt.Errorf("arm %s: %w", a.Name, err)
		}
		gs.Variant, gs.Label = a.Variant, a.Name
		gs.Group = map[string]string{"variant": a.Variant, "arm": a.Name}
		a.Stats = gs
		r.Arms = append(r.Arms, a)
		byName[a.Name] = arm
	}
	for _, pair := range in.Compare {
		a, okA := byName[pair[0]]
		b, okB := byName[pair[1]]
		if !okA || !okB {
			return nil, fmt.Errorf("compare %s with %s: no such arm", pair[0], pair[1])
		}
		ga, gb := *in.Collector.Arms[a], *in.Collector.Arms[b]
		ga.Key, gb.Key = []string{pair[0]}, []string{pair[1]}
		c, err := Compare(&ga, &gb, in.Confidence)
		if err != nil {
			return nil, err
		}
		if in.Collector.Pairs != nil {
			if c.Paired, err = PairGames(in.Collector.Pairs[a], in.Collector.Pairs[b], in.Confidence); err != nil {
				return nil, err
			}
		}
		r.Comparisons = append(r.Comparisons, c)
	}
	r.Ladders = ladders(r.Arms, in.Confidence)
	r.Answer = answer(r)
	return r, nil
}

// ladders groups arms by variant and evaluator and keeps the groups with
// two or more distinct simulation counts.
func ladders(arms []ArmInfo, conf float64) []Ladder {
	type key struct{ variant, eval string }
	groups := map[key][]ArmInfo{}
	var order []key
	for _, a := range arms {
		if a.Sims <= 0 {
			continue
		}
		k := key{a.Variant, a.Evaluator}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], a)
	}
	var out []Ladder
	for _, k := range order {
		g := groups[k]
		sort.SliceStable(g, func(i, j int) bool { return g[i].Sims < g[j].Sims })
		distinct := map[int]bool{}
		for _, a := range g {
			distinct[a.Sims] = true
		}
		if len(distinct) < 2 {
			continue
		}
		l := Ladder{Variant: k.variant, Evaluator: k.eval}
		var xs, ys, ws []float64
		z := zcrit(conf)
		for _, a := range g {
			p := LadderPoint{Arm: a.Name, Sims: a.Sims, Games: a.Stats.Games, Advantage: a.Stats.FirstPlayerAdvantage, DrawRate: a.Stats.DrawRate}
			l.Points = append(l.Points, p)
			se := p.Advantage.HalfWidth() / z
			if se > 0 {
				xs = append(xs, math.Log2(float64(a.Sims)))
				ys = append(ys, p.Advantage.Value)
				ws = append(ws, 1/(se*se))
			}
		}
		if s, se, ok := weightedSlope(xs, ys, ws); ok {
			l.SlopePerDoubling = &Estimate{Value: s, CI: [2]float64{s - z*se, s + z*se}}
		}
		out = append(out, l)
	}
	return out
}

// weightedSlope fits y = a + b·x by weighted least squares and returns b
// and its standard error 1/√(Σw(x − x̄)²), the weights being inverse
// variances.
func weightedSlope(xs, ys, ws []float64) (slope, se float64, ok bool) {
	var sw, sx, sy float64
	for i := range xs {
		sw += ws[i]
		sx += ws[i] * xs[i]
		sy += ws[i] * ys[i]
	}
	if len(xs) < 2 || sw == 0 {
		return 0, 0, false
	}
	mx, my := sx/sw, sy/sw
	var sxx, sxy float64
	for i := range xs {
		sxx += ws[i] * (xs[i] - mx) * (xs[i] - mx)
		sxy += ws[i] * (xs[i] - mx) * (ys[i] - my)
	}
	if sxx == 0 {
		return 0, 0, false
	}
	return sxy / sxx, 1 / math.Sqrt(sxx), true
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
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding report.json: %w", err)
	}
	if err := writeAtomic(filepath.Join(dir, "report.json"), append(js, '\n')); err != nil {
		return err
	}
	var md strings.Builder
	if err := r.WriteMarkdown(&md); err != nil {
		return err
	}
	return writeAtomic(filepath.Join(dir, "report.md"), []byte(md.String()))
}

// writeAtomic writes data to path through a temporary file and a rename.
func writeAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}
