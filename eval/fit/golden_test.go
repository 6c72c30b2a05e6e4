package fit_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
)

// goldenFits are the SHA-256 digests of what each fit makes of the shared
// self-play dataset (selfPlayDataset), as JSON: the fitted weights with
// their reports, and whole model files with the dataset's directory and
// the program's revision left out. The fits must give the same bytes for
// the same data and options however the rows reach them: a change here
// means a model fitted today differs from one fitted before. The ridge and
// prior fits are repeated from the samples held in memory (Samples).
var goldenFits = map[string]string{
	"fit ridge":      "f22f5eb5366550dfa08aaa92938e4ad59061b958c12883ec7ba5d23ccf4dc0b2",
	"fit logistic":   "f9183a41d47aca1ffcf83f29b0f8b8f4293566ac6c466695422415305dd796f4",
	"patterns":       "544943112262f21b14ae036ca0ebcb6a93367dd8e9cb7e9c79bc64944af71748",
	"prior":          "e1dd9afcdbd27c721e5387adaa7c8c291308652e53db3c2a8ec1bf9906dd0091",
	"model linear":   "80fadd26a9ccdca40ceb5304ee4f30505dc4618530fcedddecc5af745f072a67",
	"model patterns": "51e0a5620b817060e24534c48aabd9cd1446be9701e0fc89a001051aed1f5442",
}

// digestJSON hashes v's JSON encoding.
func digestJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// portableModel clears the parts of a model file that depend on where and
// by which build it was made.
func portableModel(f *eval.ModelFile) *eval.ModelFile {
	f.Provenance.Program = ""
	for i := range f.Provenance.Datasets {
		f.Provenance.Datasets[i].Dir, f.Provenance.Datasets[i].Revision = "", ""
	}
	if f.Value != nil {
		f.Value.Dataset.Dir, f.Value.Dataset.Revision = "", ""
	}
	if f.Patterns != nil {
		f.Patterns.Dataset.Dir, f.Patterns.Dataset.Revision = "", ""
	}
	return f
}

func TestFitsOfADatasetAreUnchanged(t *testing.T) {
	ctx := context.Background()
	src := fit.DatasetSource{Dir: selfPlayDataset(t), Variant: "standard"}
	got := map[string]string{}
	for _, m := range []eval.Model{eval.Ridge, eval.Logistic} {
		opt := fit.DefaultFitOptions()
		opt.Model, opt.Blend, opt.Workers = m, 0.25, 2
		res := mustFit(t, src, opt)
		got["fit "+string(m)] = digestJSON(t, []any{res.Model.Weights(), res.Baseline.Weights(), res.Report})
	}
	po := fit.PatternFitOptions{FitOptions: fit.DefaultFitOptions(), PatternLambda: fit.DefaultPatternLambda}
	po.Workers, po.MaxIterations = 2, 15
	pres, err := fit.FitPatterns(ctx, src, po)
	if err != nil {
		t.Fatal(err)
	}
	got["patterns"] = digestJSON(t, []any{eval.NewPatternHead(pres.Model), pres.Baseline.Weights(), pres.Report})
	prior, prep, err := fit.FitPrior(ctx, src, fit.DefaultPriorFitOptions())
	if err != nil {
		t.Fatal(err)
	}
	got["prior"] = digestJSON(t, []any{prior.Weights(), prep})
	for _, head := range []string{fit.LinearHead, fit.PatternHeadKind} {
		mo := fit.ModelFitOptions{Value: fit.DefaultFitOptions(), ValueHead: head, TDLambda: 0.7, SpreadScale: true,
			Prior: fit.DefaultPriorFitOptions(), PriorTemperature: 1.5, PatternLambda: fit.DefaultPatternLambda}
		mo.Value.Workers, mo.Value.MaxIterations = 2, 15
		f, err := fit.FitModel(ctx, []fit.DatasetSource{src, src}, mo)
		if err != nil {
			t.Fatal(err)
		}
		got["model "+head] = digestJSON(t, portableModel(f))
	}
	// The same fits from the samples held in memory give the same bytes.
	mem, err := readSamples(src, fit.WithTargets|fit.WithPolicy)
	if err != nil {
		t.Fatal(err)
	}
	opt := fit.DefaultFitOptions()
	opt.Model, opt.Blend, opt.Workers = eval.Ridge, 0.25, 2
	res := mustFit(t, mem, opt)
	if d := digestJSON(t, []any{res.Model.Weights(), res.Baseline.Weights(), res.Report}); d != got["fit ridge"] {
		t.Errorf("ridge fit from memory: digest %s, from the dataset %s", d, got["fit ridge"])
	}
	if prior, prep, err = fit.FitPrior(ctx, mem, fit.DefaultPriorFitOptions()); err != nil {
		t.Fatal(err)
	}
	if d := digestJSON(t, []any{prior.Weights(), prep}); d != got["prior"] {
		t.Errorf("prior fit from memory: digest %s, from the dataset %s", d, got["prior"])
	}
	for k, v := range got {
		if goldenFits[k] != v {
			t.Errorf("%s: digest %s, want %s", k, v, goldenFits[k])
		}
	}
}
