package experiments_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// findingsDir holds docs/findings: the write-up (README.md) and one folder
// per study with the report.json its command wrote.
const findingsDir = "../docs/findings"

// interval is a figure with its interval, as a report.json stores it
// ({"value": v, "ci": [lo, hi]}) or as the write-up prints it ("+18.2
// [+17.9, +18.5]").
type interval struct{ value, lo, hi float64 }

// printedInterval is one "X [Y, Z]" of the write-up: its text, the three
// numbers and the decimals each was printed with.
type printedInterval struct {
	text     string
	line     int
	nums     [3]float64
	decimals [3]int
}

// printedElsewhere are the write-up's intervals that no committed report
// holds, each with where it comes from. An entry whose text is gone from the
// write-up fails the test too, so the list cannot outlive its figures.
var printedElsewhere = map[string]string{
	// Matches of docs/BENCHMARKS.md, not studies.
	"+254.7 [+221.5, +292.6]": "the pattern model against the linear model at equal time (docs/BENCHMARKS.md)",
	"+201 [+148, +254]":       "the training ladder of docs/findings/strongest/train-report.md (Elo, not a report.json)",
	"+6.9 [−11.7, +25.6]":     "the Alquerque training ladder of docs/findings/alquerque-trained-variants/train-report.md (a gate's Elo, not a report.json)",
	// The † rows: arms of two experiments (or two seeds) paired by game
	// number, which no report compares; the write-up says how they were made.
	"−5.0 [−7.5, −2.6]":        "† 400 → 566, strength-ladder × strength-ladder-dip",
	"−3.6 [−7.1, −0.1]":        "† 400 → 566, strength-ladder × strength-ladder-dip",
	"−1.8 [−3.7, +0.1]":        "† 1131 → 1600, strength-ladder-dip × strength-ladder",
	"+5.6 [+2.4, +8.7]":        "† 1131 → 1600, strength-ladder-dip × strength-ladder",
	"−0.4 [−1.6, +0.8]":        "† 800 under two seeds, paired",
	"+0.6 [−1.2, +2.4]":        "† 800 under two seeds, paired",
	"+1.0 [−0.6, +2.7]":        "† 3200 → 6400 with 4M slots, strength-ladder × strength-ladder-budget",
	"−2.2 [−5.3, +0.8]":        "† 3200 → 6400 with 4M slots, strength-ladder × strength-ladder-budget",
	"−2.8 [−6.0, +0.3]":        "stats --compare of three datasets (section 7's command), not a report",
	"−2.4 [−6.3, +1.4]":        "stats --compare of three datasets (section 7's command), not a report",
	"−0.4 [−3.0, +2.3]":        "stats --compare of three datasets (section 7's command), not a report",
	"+2.2 [+1.3, +3.1]":        "stats --pool of three datasets (section 7's command), not a report",
	"+2.2 points [+1.3, +3.1]": "stats --pool of three datasets (section 7's command), not a report",
	// Figures of studies whose reports were replaced: section 14 and the
	// closing table quote them from the git history, as the write-up says.
	"−9.1 [−12.6, −5.6]":          "the linear model's sensitivity study (the issue that asked for section 5)",
	"+13.6 points [+11.5, +15.6]": "the 2026-11-29 ladder (git history before 7558013)",
	"+24.6 [+23.0, +26.1]":        "section 14: openings study of the linear model (git history, 04c60ad)",
	"+16.7 [+14.6, +18.7]":        "section 14: openings study of the linear model (git history, 04c60ad)",
	"4.9 [3.6, 6.2]":              "section 14: strength-variants of the linear model (git history, 04c60ad)",
	"1.9 [1.2, 2.5]":              "section 14: strength-variants of the linear model (git history, 04c60ad)",
	"0.576 [0.556, 0.596]":        "the 2026-11-29 variants study (git history before 7558013)",
	"+7.6 [+5.6, +9.6]":           "the 2026-11-29 variants study (git history before 7558013)",
	"+7.5 [+5.4, +9.5]":           "the 2026-11-29 variants study (git history before 7558013)",
	"−0.1 [−3.0, +2.7]":           "the 2026-11-29 variants study (git history before 7558013)",
	"−1.8 [−3.8, +0.3]":           "the 2026-11-29 variants study (git history before 7558013)",
	"+0.9 [+0.2, +1.7]":           "the 2026-11-29 ladder (git history before 7558013)",
	"0.598 [0.568, 0.626]":        "the pipeline's default run of 2026-11-29 (git history)",
	"0.592 [0.562, 0.620]":        "the pipeline's default run of 2026-11-29 (git history)",
	"+16.3 [+15.1, +17.5]":        "the default pipeline run with one shared searcher (README before issue 34, git history)",
	"+21.2 [+20.4, +22.0]":        "the default pipeline run (cmd/surakarta/testdata/pipeline-default/summary.json, held to README by its tests)",
	"0.486 [0.457, 0.517]":        "the pipeline's default run before issue 29 (README of d8dacb2)",
	"+11.7 [+10.5, +12.9]":        "the pipeline's default run with trained-patterns (README before patterns-v2 was shipped, git history)",
	"0.486 [0.456, 0.516]":        "the pipeline's default run before issue 29 (README of d8dacb2)",
}

// TestFindingsIntervalsAreTheReportsOwn fails when an interval quoted in
// docs/findings/README.md is not one that a committed report.json under
// docs/findings holds (at the precision printed, as a proportion or in
// points or percent) and is not listed in printedElsewhere with its source:
// a figure left stale when a study was re-run, or mistyped.
func TestFindingsIntervalsAreTheReportsOwn(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(findingsDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	held := reportIntervals(t)
	if len(held) < 1000 {
		t.Fatalf("read %d intervals from docs/findings/*/report.json; expected thousands", len(held))
	}
	printed := printedIntervals(string(text))
	if len(printed) < 100 {
		t.Fatalf("found %d intervals in docs/findings/README.md; expected hundreds (has the form changed?)", len(printed))
	}
	seen := map[string]bool{}
	for _, p := range printed {
		if _, ok := printedElsewhere[p.text]; ok {
			seen[p.text] = true
			continue
		}
		if !anyMatches(p, held) {
			t.Errorf("docs/findings/README.md:%d: %q is in no committed report.json under docs/findings: a stale or mistyped figure (or list it in printedElsewhere with its source)", p.line, p.text)
		}
	}
	for text, source := range printedElsewhere {
		if !seen[text] {
			t.Errorf("printedElsewhere lists %q (%s), which docs/findings/README.md no longer prints: remove the entry", text, source)
		}
	}
}

// TestFindingsIntervalCheckCatchesAStaleFigure is the check's own known
// answer: the ladder's top rung as section 1 once printed it, +24.9
// [+23.6, +26.2], before the ladder was re-run (+24.6 [+23.7, +25.4]).
func TestFindingsIntervalCheckCatchesAStaleFigure(t *testing.T) {
	held := reportIntervals(t)
	stale := printedIntervals("to +24.9 [+23.6, +26.2] points at 6400")
	fresh := printedIntervals("+24.6\n[+23.7, +25.4] at 6400")
	if len(stale) != 1 || len(fresh) != 1 {
		t.Fatalf("parsed %d and %d intervals, want 1 and 1", len(stale), len(fresh))
	}
	if anyMatches(stale[0], held) {
		t.Error("the stale top rung +24.9 [+23.6, +26.2] matched a report")
	}
	if !anyMatches(fresh[0], held) {
		t.Error("the ladder's top rung +24.6 [+23.7, +25.4] matched no report")
	}
}

// reportIntervals reads every {"value", "ci"} object of every report.json
// under docs/findings.
func reportIntervals(t *testing.T) []interval {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(findingsDir, "*", "report.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no report.json under %s (%v)", findingsDir, err)
	}
	var out []interval
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = collectIntervals(v, out)
	}
	return out
}

func collectIntervals(v any, out []interval) []interval {
	switch x := v.(type) {
	case map[string]any:
		if ci, ok := x["ci"].([]any); ok && len(ci) == 2 {
			value, okv := x["value"].(float64)
			lo, okl := ci[0].(float64)
			hi, okh := ci[1].(float64)
			if okv && okl && okh {
				out = append(out, interval{value, lo, hi})
			}
		}
		for _, e := range x {
			out = collectIntervals(e, out)
		}
	case []any:
		for _, e := range x {
			out = collectIntervals(e, out)
		}
	}
	return out
}

// number is a printed figure: a sign (ASCII or the typographic minus), digits,
// decimals.
const number = `([+\-−]?\d+(?:\.\d+)?)`

// intervalForm is "X [Y, Z]" with an optional unit or bold between, across
// a line break as Markdown paragraphs wrap them.
var intervalForm = regexp.MustCompile(number + `%?\s*(?:points\s*|pts\s*)?\*{0,2}\s*\[\s*` + number + `%?,\s*` + number + `%?\s*\]`)

func printedIntervals(text string) []printedInterval {
	var out []printedInterval
	for _, m := range intervalForm.FindAllStringSubmatchIndex(text, -1) {
		p := printedInterval{
			text: strings.Join(strings.Fields(text[m[0]:m[1]]), " "),
			line: strings.Count(text[:m[0]], "\n") + 1,
		}
		for i := range 3 {
			s := strings.ReplaceAll(text[m[2+2*i]:m[3+2*i]], "−", "-")
			f, err := strconv.ParseFloat(s, 64)
			if err != nil {
				panic(err) // the pattern admits only numbers
			}
			p.nums[i] = f
			if dot := strings.IndexByte(s, '.'); dot >= 0 {
				p.decimals[i] = len(s) - dot - 1
			}
		}
		out = append(out, p)
	}
	return out
}

// anyMatches reports whether some held interval prints as p: as it is (Elo,
// scores) or times 100 (points, percent), each number within half a unit of
// its last printed decimal.
func anyMatches(p printedInterval, held []interval) bool {
	for _, h := range held {
		for _, scale := range []float64{1, 100} {
			got := [3]float64{h.value * scale, h.lo * scale, h.hi * scale}
			ok := true
			for i := range 3 {
				if math.Abs(got[i]-p.nums[i]) > 0.5*math.Pow(10, -float64(p.decimals[i]))+1e-9 {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// singleForms are the write-up's single figures that a report holds
// without an interval beside them in the text: each form, the report.json
// key whose values (a number, or the "value"s under it) it must be one of,
// and the scales it may be printed at.
var singleForms = []struct {
	re     *regexp.Regexp
	key    string
	scales []float64
}{
	{regexp.MustCompile(`r\\?\*\s*(?:=|≈|of|is)\s*` + number), "r_star", []float64{1}}, // "r\* = 1.6" in Markdown
	{regexp.MustCompile(number + `\s*doublings?\b`), "doublings", []float64{1}},
	{regexp.MustCompile(number + `\s*openings\s+(?:would\s+give|for)\s+±1\s+point`), "openings_for_one_point", []float64{1}},
}

// TestFindingsSingleFiguresAreTheReportsOwn fails when a single figure of
// docs/findings/README.md in one of singleForms (r\* = 1.6, 0.7 doublings,
// 5370 openings would give ±1 point) is not a value the named key holds in
// a committed report.json, at the precision printed.
func TestFindingsSingleFiguresAreTheReportsOwn(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(findingsDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(findingsDir, "*", "report.json"))
	var reports []any
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		reports = append(reports, v)
	}
	found := 0
	for _, form := range singleForms {
		var held []float64
		for _, r := range reports {
			held = valuesUnder(r, form.key, false, held)
		}
		for _, m := range form.re.FindAllStringSubmatchIndex(string(text), -1) {
			found++
			s := strings.ReplaceAll(string(text)[m[2]:m[3]], "−", "-")
			x, _ := strconv.ParseFloat(s, 64)
			decimals := 0
			if dot := strings.IndexByte(s, '.'); dot >= 0 {
				decimals = len(s) - dot - 1
			}
			line := strings.Count(string(text)[:m[0]], "\n") + 1
			if !singleMatches(x, decimals, held, form.scales) {
				t.Errorf("docs/findings/README.md:%d: %q is no %s that a committed report.json under docs/findings holds: a stale or mistyped figure",
					line, string(text)[m[0]:m[1]], form.key)
			}
		}
	}
	if found < 3 {
		t.Errorf("found %d single figures (r*, doublings, openings for ±1 point) in docs/findings/README.md; expected the handicap's and the openings' (has the form changed?)", found)
	}
}

// TestFindingsSingleFigureCheckCatchesAMistypedOne: the check's own
// answer: a doublings figure no report holds is caught, one it holds is
// not.
func TestFindingsSingleFigureCheckCatchesAMistypedOne(t *testing.T) {
	report := map[string]any{"handicaps": []any{map[string]any{"doublings": map[string]any{
		"given_openings": map[string]any{"value": 0.6667, "ci": []any{0.5, 0.8}}}}}}
	held := valuesUnder(report, "doublings", false, nil)
	if !singleMatches(0.67, 2, held, []float64{1}) || singleMatches(0.71, 2, held, []float64{1}) {
		t.Errorf("held %v: 0.67 must match and 0.71 must not", held)
	}
}

// valuesUnder collects the numbers under key in v: the key's own value
// when a number, and every "value" inside it.
func valuesUnder(v any, key string, inside bool, out []float64) []float64 {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			switch {
			case k == key:
				if f, ok := e.(float64); ok {
					out = append(out, f)
				}
				out = valuesUnder(e, key, true, out)
			case inside && k == "value":
				if f, ok := e.(float64); ok {
					out = append(out, f)
				}
			default:
				out = valuesUnder(e, key, inside, out)
			}
		}
	case []any:
		for _, e := range x {
			out = valuesUnder(e, key, inside, out)
		}
	}
	return out
}

func singleMatches(x float64, decimals int, held, scales []float64) bool {
	for _, h := range held {
		for _, s := range scales {
			if math.Abs(h*s-x) <= 0.5*math.Pow(10, -float64(decimals))+1e-9 {
				return true
			}
		}
	}
	return false
}

// verdictForm is the write-up's statement of a ladder's stopping rule:
// "**The ladder's verdict** ([NAME](NAME/report.md)): **not converged** at
// its top rung, 6400 simulations; the next rung, 12800, not played", or
// "...; the budget, 25600 simulations, spent", or "**converged**".
var verdictForm = regexp.MustCompile(`\*\*The ladder's verdict\*\*\s+\(\[[^\]]*\]\(([a-z0-9-]+)/report\.md\)\):\s+\*\*(not converged|converged)\*\*\s+at\s+its\s+top\s+rung,\s+(\d+)\s+simulations;\s+(?:the\s+budget,\s+(\d+)\s+simulations,\s+spent|the\s+next\s+rung,\s+(\d+),\s+not\s+played)`)

// ladderStopping is what a report.json holds of a ladder's end.
type ladderStopping struct {
	Ladders []struct {
		Points []struct {
			Sims int `json:"sims"`
		} `json:"points"`
		Stopping *struct {
			Converged   bool `json:"converged"`
			BudgetSpent bool `json:"budget_spent"`
			MaxSims     int  `json:"max_sims"`
			NextSims    int  `json:"next_sims"`
		} `json:"stopping"`
	} `json:"ladders"`
}

// verdictErrors checks every ladder verdict of text against the report
// read returns for its folder, and returns what disagrees and how many
// verdicts it read.
func verdictErrors(text string, read func(name string) (ladderStopping, error)) (errs []string, found int) {
	for _, m := range verdictForm.FindAllStringSubmatch(text, -1) {
		found++
		name, word := m[1], m[2]
		rep, err := read(name)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		if len(rep.Ladders) != 1 || rep.Ladders[0].Stopping == nil || len(rep.Ladders[0].Points) == 0 {
			errs = append(errs, fmt.Sprintf("%s/report.json holds no single ladder with its stopping rule", name))
			continue
		}
		l := rep.Ladders[0]
		st, top := l.Stopping, l.Points[len(l.Points)-1].Sims
		if (word == "converged") != st.Converged {
			errs = append(errs, fmt.Sprintf("%s: the write-up says %q, the report's converged is %v", name, word, st.Converged))
		}
		if printed, _ := strconv.Atoi(m[3]); printed != top {
			errs = append(errs, fmt.Sprintf("%s: the write-up's top rung is %d simulations, the report's %d", name, printed, top))
		}
		switch {
		case m[4] != "":
			if budget, _ := strconv.Atoi(m[4]); !st.BudgetSpent || budget != st.MaxSims {
				errs = append(errs, fmt.Sprintf("%s: the write-up says the budget of %d simulations was spent; the report: spent %v, budget %d", name, budget, st.BudgetSpent, st.MaxSims))
			}
		default:
			if next, _ := strconv.Atoi(m[5]); st.BudgetSpent || st.Converged || next != st.NextSims {
				errs = append(errs, fmt.Sprintf("%s: the write-up says the next rung, %d, was not played; the report: next %d, budget spent %v, converged %v", name, next, st.NextSims, st.BudgetSpent, st.Converged))
			}
		}
	}
	return errs, found
}

// TestFindingsLadderVerdictsAreTheReportsOwn fails when the write-up
// states a ladder's verdict (converged or not, its top rung, why it
// stopped) that its report.json's stopping rule does not hold.
func TestFindingsLadderVerdictsAreTheReportsOwn(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(findingsDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	errs, found := verdictErrors(string(text), func(name string) (ladderStopping, error) {
		var r ladderStopping
		data, err := os.ReadFile(filepath.Join(findingsDir, name, "report.json"))
		if err == nil {
			err = json.Unmarshal(data, &r)
		}
		return r, err
	})
	for _, e := range errs {
		t.Error("docs/findings/README.md: " + e)
	}
	if found == 0 {
		t.Error("docs/findings/README.md states no ladder verdict in the form \"**The ladder's verdict** ([NAME](NAME/report.md)): **not converged** at its top rung, N simulations; ...\" (has the form changed?)")
	}
}

// TestFindingsLadderVerdictCheckCatchesAWrongOne: the check's own answer:
// a ladder stopped before its next rung is not "converged", nor "budget
// spent", nor topped at another rung.
func TestFindingsLadderVerdictCheckCatchesAWrongOne(t *testing.T) {
	var rep ladderStopping
	if err := json.Unmarshal([]byte(`{"ladders": [{"points": [{"sims": 400}, {"sims": 800}],
		"stopping": {"converged": false, "budget_spent": false, "max_sims": 25600, "next_sims": 1600}}]}`), &rep); err != nil {
		t.Fatal(err)
	}
	read := func(string) (ladderStopping, error) { return rep, nil }
	const link = "**The ladder's verdict** ([x](x/report.md)): "
	for text, want := range map[string]int{
		link + "**not converged** at its top rung, 800 simulations; the next rung, 1600, not played":      0,
		link + "**converged** at its top rung, 800 simulations; the next rung, 1600, not played":          1,
		link + "**not converged** at its top rung, 1600 simulations; the next rung, 3200, not played":     2,
		link + "**not converged** at its top rung, 800 simulations; the budget, 25600 simulations, spent": 1,
	} {
		errs, found := verdictErrors(text, read)
		if found != 1 || len(errs) != want {
			t.Errorf("%q: %d verdicts, errors %q; want 1 verdict and %d errors", text, found, errs, want)
		}
	}
}
