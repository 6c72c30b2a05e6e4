package fit

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/rules"
)

// TestFitWeightsWritesTheFileItReports: the weights file opens as an
// evaluator and records the dataset's directory relative to the file's,
// and the report's text names the dataset and what it wrote.
func TestFitWeightsWritesTheFileItReports(t *testing.T) {
	t.Chdir(t.TempDir()) // relative paths, as a user gives them
	data := "data"
	games, pos := captureGames(t, rules.DefaultRules(), 3, 60)
	writeDataset(t, data, rules.DefaultRules(), 3, games, pos)
	out := filepath.Join("w", "weights.json")
	if err := os.Mkdir(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	opt := DefaultFitOptions()
	opt.Holdout = 0.3
	rep, err := FitWeights(context.Background(), WeightsFit{Dir: data, Weights: out, Options: opt, Stderr: io.Discard, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	o, err := eval.OpenEvaluator(out)
	if err != nil {
		t.Fatalf("the weights file does not open: %v", err)
	}
	wf, _, err := eval.LoadWeights(out)
	if err != nil || wf.Dataset.Dir != "../data" {
		t.Errorf("recorded dataset %+v (%v), want ../data, relative to the file", wf, err)
	}
	if o.Evaluator == nil || rep.Variant != "standard" || rep.Out != out {
		t.Errorf("report %+v", rep)
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil || !strings.HasSuffix(b.String(), "wrote "+out+"\n") || !strings.Contains(b.String(), "fit on "+data+" (variant standard)") {
		t.Errorf("text (%v):\n%s", err, b.String())
	}
}
