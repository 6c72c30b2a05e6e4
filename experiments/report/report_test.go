package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/internal/testing/synthgames"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/internal/base/version"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// syntheticReport builds the report of a fixed synthetic experiment: a
// standard and a majority arm at 200 simulations from the same openings,
// and a standard arm at 50 simulations (a two-rung ladder).
func syntheticReport(t *testing.T) *Report {
	t.Helper()
	arms := []struct {
		info ArmInfo
		p    synthgames.Plant
		seed uint64
	}{
		{ArmInfo{Name: "standard", Variant: "standard", Sims: 200, Dir: "arms/standard"}, synthgames.Plant{Variant: "standard", Red: 0.42, Draw: 0.25, MajDecided: 0.6, MeanPlies: 110}, 1},
		{ArmInfo{Name: "majority", Variant: "majority", Sims: 200, Dir: "arms/majority"}, synthgames.Plant{Variant: "majority", Red: 0.50, Draw: 0.09, MeanPlies: 100}, 2},
		{ArmInfo{Name: "standard-50", Variant: "standard", Sims: 50, Dir: "arms/standard-50"}, synthgames.Plant{Variant: "standard", Red: 0.40, Draw: 0.20, MajDecided: 0.6, MeanPlies: 90}, 3},
	}
	c := gamestats.NewCollector(nil, true)
	var infos []ArmInfo
	for _, a := range arms {
		for _, g := range synthgames.Games(a.p, a.seed, 0, 1500) {
			c.Add(a.info.Name, &g)
		}
		infos = append(infos, a.info)
	}
	r, err := Build(Input{
		Title:       "Synthetic variants experiment",
		Description: "A fixed synthetic input for the report's golden test.",
		Command:     "go test ./experiments -run TestReportMarkdownGolden",
		Confidence:  0.95,
		Arms:        infos,
		Collector:   c,
		Compare:     [][2]string{{"standard", "majority"}, {"standard-50", "standard"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	r.Plots = []string{OutcomesPlot, LengthsPlot, LadderPlot}
	return r
}

func TestReportMarkdownGolden(t *testing.T) {
	r := syntheticReport(t)
	var buf bytes.Buffer
	if err := r.WriteMarkdown(&buf); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "report.golden.md")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./experiments -run TestReportMarkdownGolden -update to create it)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("report.md differs from %s (rerun with -update if the change is intended):\n%s", golden, firstDiff(buf.String(), string(want)))
	}
}

func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return "line " + itoa(i+1) + ":\n got:  " + a + "\n want: " + b
		}
	}
	return ""
}

func itoa(i int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(i)) }

func fmtInt(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

func TestReportAnswersTheQuestionsInPlainLanguage(t *testing.T) {
	r := syntheticReport(t)
	text := strings.Join(r.Answer, "\n")
	for _, want := range []string{
		"Moving first is a real advantage",                    // standard: score 0.545
		"**standard → majority**",                             // the variant comparison
		"a change of -13.9 points",                            // 25% → 9%, B − A
		"a real change of the draw rate",                      // its interval excludes 0
		"+0.8 points (-2.5 to +4.0; paired t-test",            // the score: both ends quoted
		"is not detected, nor shown to be within ±2.0 points", // neither detected nor equivalent
		"Rescoring **standard**",                              // majority_winner on standard games
		"points per doubling",                                 // the ladder
		"How sure is this?",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("answer lacks %q:\n%s", want, text)
		}
	}
	if len(r.Ladders) != 1 || len(r.Ladders[0].Points) != 2 || r.Ladders[0].Points[0].Sims != 50 {
		t.Errorf("ladders %+v", r.Ladders)
	}
}

func TestReportFilesAreWrittenAndReadable(t *testing.T) {
	r := syntheticReport(t)
	dir := t.TempDir()
	if err := r.WriteFiles(dir); err != nil {
		t.Fatal(err)
	}
	if len(r.Plots) != 3 {
		t.Errorf("plots %v, want outcomes, lengths and ladder", r.Plots)
	}
	for _, p := range r.Plots {
		f, err := os.Open(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if b := img.Bounds(); b.Dx() < 1200 || b.Dy() < 800 {
			t.Errorf("%s: %v too small for a slide", p, b)
		}
		svg, err := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(p, ".png")+".svg"))
		if err != nil || !bytes.Contains(svg, []byte("<svg")) {
			t.Errorf("%s has no SVG twin: %v", p, err)
		}
	}
	js, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatalf("report.json does not read back: %v", err)
	}
	if len(back.Arms) != 3 || len(back.Comparisons) != 2 || back.Arms[0].Stats.Games != 1500 || back.Comparisons[0].Paired == nil {
		t.Errorf("report.json lost figures: %d arms, %d comparisons", len(back.Arms), len(back.Comparisons))
	}
	if back.Version != version.Module() || back.Revision != version.VCSRevision() || back.Revision == "" {
		t.Errorf("report.json names program %q revision %q, want %q %q", back.Version, back.Revision, version.Module(), version.VCSRevision())
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil || !bytes.Contains(md, []byte("![outcomes](outcomes.png)")) {
		t.Errorf("report.md: %v, plots not linked", err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*.tmp"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestReportSurvivesDegenerateArms(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		draws float64
		red   float64
	}{{"all draws", 50, 1, 0}, {"one game", 1, 0, 1}, {"clean sweep", 30, 0, 1}} {
		c := gamestats.NewCollector(nil, true)
		for _, v := range []string{"standard", "majority"} {
			for _, g := range synthgames.Games(synthgames.Plant{Variant: v, Red: tc.red, Draw: tc.draws, MeanPlies: 60}, 9, 0, tc.n) {
				c.Add(v, &g)
			}
		}
		r, err := Build(Input{Title: tc.name, Confidence: 0.95, Collector: c,
			Arms:    []ArmInfo{{Name: "standard", Variant: "standard", Sims: 10}, {Name: "majority", Variant: "majority", Sims: 10}},
			Compare: [][2]string{{"standard", "majority"}}})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if err := r.WriteFiles(t.TempDir()); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var md bytes.Buffer
		if err := r.WriteMarkdown(&md); err != nil || bytes.Contains(md.Bytes(), []byte("NaN")) {
			t.Errorf("%s: markdown shows NaN or failed (%v):\n%s", tc.name, err, md.String())
		}
	}
}

// ladderReport builds a report of a standard-rules ladder whose rungs draw
// games from the given plants (same ids, so the rungs pair); a nil plant
// replays the previous rung's games exactly.
func ladderReport(t *testing.T, n int, plants ...*synthgames.Plant) *Report {
	t.Helper()
	c := gamestats.NewCollector(nil, true)
	var infos []ArmInfo
	var prev []gamestats.Game
	for i, p := range plants {
		name := fmt.Sprintf("sims%d", 50<<(2*i))
		gs := prev
		if p != nil {
			gs = synthgames.Games(*p, uint64(10+i), 0, n)
		}
		for _, g := range gs {
			c.Add(name, &g)
		}
		prev = gs
		infos = append(infos, ArmInfo{Name: name, Variant: "standard", Sims: 50 << (2 * i)})
	}
	r, err := Build(Input{Title: "ladder", Confidence: 0.95, Arms: infos, Collector: c})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Ladders) != 1 {
		t.Fatalf("%d ladders, want 1", len(r.Ladders))
	}
	return r
}

func TestLadderWithAClearRiseAndFallIsNotSummarisedByOneSlope(t *testing.T) {
	// A hump like the one docs/findings once reported: about +1, +14, +5
	// points.
	r := ladderReport(t, 2000,
		&synthgames.Plant{Variant: "standard", Red: 0.45, Draw: 0.11, MeanPlies: 80},
		&synthgames.Plant{Variant: "standard", Red: 0.61, Draw: 0.06, MeanPlies: 80},
		&synthgames.Plant{Variant: "standard", Red: 0.50, Draw: 0.11, MeanPlies: 80})
	l := r.Ladders[0]
	if l.Line == nil || l.Line.Fits || !(float64(l.Line.LackOfFitP) < 0.001) || l.Line.Scale < 3 {
		t.Fatalf("line %+v: a hump must fail the lack-of-fit test and widen the slope's interval", l.Line)
	}
	naive := 2 * gamestats.ZCrit(0.95) * 0.011 / math.Sqrt(2) // about the unscaled width
	if w := l.SlopePerDoubling.CI[1] - l.SlopePerDoubling.CI[0]; w < 3*naive {
		t.Errorf("slope interval %v of width %.3f: want it widened for lack of fit", l.SlopePerDoubling.CI, w)
	}
	text := strings.Join(r.Answer, "\n")
	if !strings.Contains(text, "does not describe the ladder") || !strings.Contains(text, "not converged") {
		t.Errorf("answer should say the line does not fit and the ladder has not converged:\n%s", text)
	}
}

func TestLadderConvergesWhereSuccessiveRungsPlayTheSameGames(t *testing.T) {
	p := &synthgames.Plant{Variant: "standard", Red: 0.5, Draw: 0.1, MeanPlies: 80}
	// sims200, sims800 and sims3200 play the very same games.
	r := ladderReport(t, 500, &synthgames.Plant{Variant: "standard", Red: 0.30, Draw: 0.3, MeanPlies: 80}, p, nil, nil)
	l := r.Ladders[0]
	if l.Steps[0].Agrees || !l.Steps[1].Agrees || !l.Steps[2].Agrees || l.ConvergedAt != "sims200" {
		t.Errorf("steps %+v converged at %q: want the first step to differ and the ladder converged from sims200", l.Steps, l.ConvergedAt)
	}
	if !strings.Contains(strings.Join(r.Answer, "\n"), "converges from **sims200**") {
		t.Errorf("answer does not say where the ladder converged:\n%s", strings.Join(r.Answer, "\n"))
	}
}

func TestSensitivitySaysWhetherTheBaselinesConclusionSurvives(t *testing.T) {
	c := gamestats.NewCollector(nil, true)
	plants := map[string]synthgames.Plant{
		"base":  {Variant: "standard", Red: 0.55, Draw: 0.1, MeanPlies: 80}, // advantage +7.5
		"same":  {Variant: "standard", Red: 0.56, Draw: 0.1, MeanPlies: 80},
		"even":  {Variant: "standard", Red: 0.40, Draw: 0.2, MeanPlies: 80}, // advantage 0
		"worse": {Variant: "standard", Red: 0.30, Draw: 0.1, MeanPlies: 80}, // disadvantage
	}
	var infos []ArmInfo
	for i, name := range []string{"base", "same", "even", "worse"} {
		for _, g := range synthgames.Games(plants[name], uint64(20+i), 0, 3000) {
			c.Add(name, &g)
		}
		infos = append(infos, ArmInfo{Name: name, Variant: "standard", Sims: 100})
	}
	spec := &spec.Spec{Baseline: "base", EquivalenceMargin: 0.02, ConvergenceMargin: 0.015}
	r, err := Build(Input{Title: "s", Confidence: 0.95, Spec: spec, Arms: infos, Collector: c,
		Compare: [][2]string{{"base", "same"}, {"base", "even"}, {"base", "worse"}}})
	if err != nil {
		t.Fatal(err)
	}
	sv := r.Sensitivity
	if sv == nil || sv.Conclusion != "first-player advantage" || len(sv.Rows) != 3 {
		t.Fatalf("sensitivity %+v", sv)
	}
	want := map[string]string{"same": "first-player advantage", "even": "undetermined", "worse": "first-player disadvantage"}
	for _, row := range sv.Rows {
		if row.Conclusion != want[row.Arm] || row.Survives != (row.Arm == "same") {
			t.Errorf("%s: conclusion %q survives %v, want %q", row.Arm, row.Conclusion, row.Survives, want[row.Arm])
		}
		if row.AdvantageChange.Value != r.Comparisons[0].Changes[gamestats.ChangeScore].Value && row.Arm == "same" {
			t.Errorf("%s: change %v is not the comparison's", row.Arm, row.AdvantageChange.Value)
		}
	}
	text := strings.Join(r.Answer, "\n")
	if !strings.Contains(text, "The conclusion holds under same") || !strings.Contains(text, "It does not hold under even") {
		t.Errorf("sensitivity answer:\n%s", text)
	}
	dir := t.TempDir()
	if err := r.WriteFiles(dir); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(r.Plots, SensitivityPlot) {
		t.Errorf("plots %v lack the sensitivity plot", r.Plots)
	}
}

func TestVerdictsAreReadOffTheInterval(t *testing.T) {
	ch := func(v, lo, hi, eqP float64) *gamestats.ChangeFigure {
		return &gamestats.ChangeFigure{Estimate: gamestats.Estimate{Value: v, CI: [2]float64{lo, hi}},
			Equivalence: gamestats.EquivalenceFigure{Margin: 0.02, P: stats.Num(eqP), Equivalent: eqP < gamestats.Significance}}
	}
	for _, c := range []struct {
		c    *gamestats.ChangeFigure
		want string
		not  []string
	}{
		{ch(0.05, 0.02, 0.08, 1), "a real change of the x", []string{"not detected", "no change"}},
		{ch(0.005, 0.001, 0.009, 0.001), "though smaller than ±2.0 points", []string{"not detected"}},
		{ch(0.001, -0.01, 0.012, 0.003), "no change of the x beyond ±2.0 points", []string{"not detected", "real"}},
		{ch(0.01, -0.03, 0.05, 0.4), "is not detected, nor shown to be within ±2.0 points", []string{"no change of", "real"}},
	} {
		got := changeVerdict(c.c, "x")
		if !strings.Contains(got, c.want) {
			t.Errorf("%+v: %q lacks %q", c.c, got, c.want)
		}
		for _, n := range c.not {
			if strings.Contains(got, n) {
				t.Errorf("%+v: %q says %q", c.c, got, n)
			}
		}
	}
	if got := (gamestats.Estimate{Value: -1e-9, CI: [2]float64{-1e-9, -1e-9}}).PointsText(""); got != "+0.0 (no spread)" {
		t.Errorf("a zero-width interval prints %q", got)
	}
}
