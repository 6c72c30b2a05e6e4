package eval_test

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/mcts"
)

// TestOpenEvaluatorByNameAndFile: the built-in by its name, a weights file
// and a model file by their format, each with the identity runs record
// (the name; a file by the hash of its bytes, wherever it lies).
func TestOpenEvaluatorByNameAndFile(t *testing.T) {
	o, err := eval.OpenEvaluator(mcts.MaterialName)
	if _, ok := o.Evaluator.(mcts.Material); err != nil || !ok || o.Identity != mcts.MaterialName {
		t.Fatalf("material: %+v, %v", o, err)
	}
	dir := t.TempDir()
	weights := filepath.Join(dir, "w.json")
	if err := eval.NewWeightsFile(eval.NewLinear(eval.Ridge, testWeights())).Save(weights); err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(dir, "m.json")
	if err := eval.NewModelFile(eval.NewLinear(eval.Ridge, testWeights()), 1, nil, nil, nil).Save(model); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{weights, model} {
		o, err := eval.OpenEvaluator(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		data, _ := os.ReadFile(path)
		if want := fmt.Sprintf("weights sha256:%x", sha256.Sum256(data)); o.Identity != want {
			t.Errorf("%s: identity %q, want %q", path, o.Identity, want)
		}
		moved := filepath.Join(t.TempDir(), "moved.json")
		os.WriteFile(moved, data, 0o644)
		if again, err := eval.OpenEvaluator(moved); err != nil || again.Identity != o.Identity {
			t.Errorf("%s moved: identity %q (%v), want %q", path, again.Identity, err, o.Identity)
		}
	}
	if _, ok := mustOpen(t, weights).(*eval.Linear); !ok {
		t.Error("a weights file does not open as a Linear")
	}
}

func mustOpen(t *testing.T, name string) mcts.Evaluator {
	t.Helper()
	o, err := eval.OpenEvaluator(name)
	if err != nil {
		t.Fatal(err)
	}
	return o.Evaluator
}

func TestOpenEvaluatorErrorsSayWhatIsWanted(t *testing.T) {
	for name, want := range map[string]string{
		"":                   "empty evaluator name",
		"/no/such/file.json": "is neither a built-in (",
	} {
		if _, err := eval.OpenEvaluator(name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error saying %q", name, err, want)
		}
	}
	if h := eval.EvaluatorHelp(); !strings.Contains(h, "material") || !strings.Contains(h, "weights file") || !strings.Contains(h, "model file") {
		t.Errorf("help %q does not list every name and format", h)
	}
}

// TestEvaluatorErrorsNeverEchoAForeignFile: a file that is not an
// evaluator's (a spec's evaluator: /etc/passwd, another program's JSON) is
// refused without quoting what it holds; the decoder's message quoted its
// first character. A file of this program's namespace with a misspelt
// format is still named, since that is the user's typo.
func TestEvaluatorErrorsNeverEchoAForeignFile(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, body string
		secrets    []string
	}{
		{"passwd", "root:x:0:0:SECRET:/root:/bin/sh\n", []string{"'r'", "root", "SECRET"}},
		{"other.json", `{"format": "SECRET-config", "password": "hunter2"}`, []string{"SECRET", "hunter2"}},
		{"array.json", `["SECRET"]`, []string{"SECRET"}},
		{"bad.json", `{"format": "surakarta-model", "value": {"weights": [1,` + "\x01SECRET", []string{"SECRET"}},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, []byte(tc.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := eval.OpenEvaluator(path)
		if err == nil {
			t.Fatalf("%s: opened as an evaluator", tc.name)
		}
		for _, s := range tc.secrets {
			if strings.Contains(err.Error(), s) {
				t.Errorf("%s: error %q echoes the file's %q", tc.name, err, s)
			}
		}
		if !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %q does not name the file", tc.name, err)
		}
	}
	typo := filepath.Join(dir, "typo.json")
	os.WriteFile(typo, []byte(`{"format": "surakarta-modle"}`), 0o644)
	if _, err := eval.OpenEvaluator(typo); err == nil || !strings.Contains(err.Error(), `"surakarta-modle"`) {
		t.Errorf("misspelt format: error %v, want it named", err)
	}
}

// TestShippedModelOpensByNameAliasAndIdentity: the model built into the
// binary opens as "best", by its name and by the identity runs record,
// each time as an evaluator of its own, and that identity is the hash of
// the file it was built from, so runs that named the file
// (experiments/specs/models/trained-patterns.json, before it was built
// in) and runs that name the model are the same runs.
func TestShippedModelOpensByNameAliasAndIdentity(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("models", eval.ShippedModel+".json"))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("weights sha256:%x", sha256.Sum256(data))
	if eval.ShippedIdentity() != want {
		t.Fatalf("ShippedIdentity %q, want the hash of models/%s.json, %q", eval.ShippedIdentity(), eval.ShippedModel, want)
	}
	var first mcts.Evaluator
	for _, name := range []string{eval.BestName, eval.ShippedModel, want} {
		o, err := eval.OpenEvaluator(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if o.Identity != want {
			t.Errorf("%s: identity %q, want %q", name, o.Identity, want)
		}
		if _, ok := o.Evaluator.(*eval.WithPrior); !ok {
			t.Errorf("%s: %T, want the model's value head with its move prior", name, o.Evaluator)
		}
		if o.Evaluator == first {
			t.Errorf("%s: the same evaluator as the open before it; each open wants its own (per-goroutine scratch)", name)
		}
		first = o.Evaluator
		if !eval.IsBuiltin(name) {
			t.Errorf("%s: not a built-in name, so a spec would look for it as a file", name)
		}
	}
	// The model the findings' strongest runs played, under the identity
	// their datasets recorded: shipping another model must keep it.
	if o, err := eval.OpenEvaluator("trained-patterns"); err != nil || o.Identity != "weights sha256:a56e168b12c01c1978c51b1abf16295cb6124a5949dc746765bae310c4c1caa7" {
		t.Errorf("trained-patterns: identity %q (%v), want the one the findings' runs recorded", o.Identity, err)
	}
	if h := eval.EvaluatorHelp(); !strings.Contains(h, eval.BestName+" (the game's shipped model: "+eval.ShippedModel+", in Alquerque "+eval.ShippedAlquerqueModel+")") {
		t.Errorf("help %q does not name the shipped models", h)
	}
}

// TestBestIsEachGamesOwnShippedModel: "best" is Alquerque's shipped model
// to Alquerque's registry (by that name, by its name and by the identity
// runs that named its file recorded, the hash pipeline's references and
// docs/findings section 20's reports hold) and Surakarta's to Surakarta's;
// neither registry opens the other game's model by name or identity.
func TestBestIsEachGamesOwnShippedModel(t *testing.T) {
	const want = "weights sha256:298ee2d28cde60cad3e8d903e06bd7cfff66b62c899630a04cde5375c195f28f"
	if eval.ShippedAlquerqueIdentity() != want {
		t.Fatalf("ShippedAlquerqueIdentity %q, want %q, the hash of the file the findings' runs named", eval.ShippedAlquerqueIdentity(), want)
	}
	for _, name := range []string{eval.BestName, eval.ShippedAlquerqueModel, want} {
		o, err := eval.OpenAlquerqueEvaluator(name)
		if err != nil || o.Identity != want {
			t.Errorf("Alquerque's %s: identity %q (%v), want %q", name, o.Identity, err, want)
		}
		if _, ok := o.Evaluator.(*eval.AlquerquePatterns); !ok {
			t.Errorf("Alquerque's %s: %T, want the model's pattern value head", name, o.Evaluator)
		}
		if !eval.IsBuiltin(name) {
			t.Errorf("%s: not a built-in name, so a spec would look for it as a file", name)
		}
	}
	if o, err := eval.OpenEvaluator(eval.BestName); err != nil || o.Identity != eval.ShippedIdentity() {
		t.Errorf("Surakarta's best: identity %q (%v), want its shipped model's", o.Identity, err)
	}
	for _, name := range []string{eval.ShippedAlquerqueModel, want} {
		if _, err := eval.OpenEvaluator(name); err == nil || !strings.Contains(err.Error(), "not of Surakarta") {
			t.Errorf("Surakarta's registry opened Alquerque's model as %s: %v", name, err)
		}
	}
	for _, name := range []string{eval.ShippedModel, eval.ShippedIdentity(), "trained-patterns"} {
		if _, err := eval.OpenAlquerqueEvaluator(name); err == nil || !strings.Contains(err.Error(), "not of Alquerque") {
			t.Errorf("Alquerque's registry opened Surakarta's model as %s: %v", name, err)
		}
	}
	if h := eval.AlquerqueEvaluatorHelp(); !strings.Contains(h, eval.BestName+" (the shipped model, "+eval.ShippedAlquerqueModel+")") || strings.Contains(h, eval.ShippedModel) {
		t.Errorf("Alquerque's help %q: want its shipped model named and none of Surakarta's", h)
	}
}

// TestFloat32sReadsAsEncodingJSONDoes: the pattern weights' own decoder
// gives what encoding/json gives a []float32 (rounded to float32, null,
// empty, blanks, exponents) and refuses what it refuses.
func TestFloat32sReadsAsEncodingJSONDoes(t *testing.T) {
	for _, in := range []string{`[1.5, -2e-3,0.1 ,3]`, "[\n  0.30000001192092896,\n  -1e-45\n]", `[]`, `null`, `[ ]`} {
		var mine eval.Float32s
		var want []float32
		errM, errW := json.Unmarshal([]byte(in), &mine), json.Unmarshal([]byte(in), &want)
		if errM != nil || errW != nil || fmt.Sprint([]float32(mine)) != fmt.Sprint(want) || (mine == nil) != (want == nil) {
			t.Errorf("%s: %v (%v), encoding/json %v (%v)", in, mine, errM, want, errW)
		}
	}
	for _, in := range []string{`[1e39]`, `["1"]`, `[[1]]`, `{}`, `3`} {
		var mine eval.Float32s
		if err := json.Unmarshal([]byte(in), &mine); err == nil {
			t.Errorf("%s: read as %v", in, mine)
		}
	}
}

// TestEmbeddedModelNameNamesEachShippedModel: a summary names the model a
// run recorded by its identity; a wrong name there would tell a reader the
// run played another model.
func TestEmbeddedModelNameNamesEachShippedModel(t *testing.T) {
	for id, want := range map[string]string{eval.ShippedIdentity(): eval.ShippedModel, eval.ShippedAlquerqueIdentity(): eval.ShippedAlquerqueModel} {
		if got, ok := eval.EmbeddedModelName(id); !ok || got != want {
			t.Errorf("eval.EmbeddedModelName(%s) = %q, %v, want %q", id, got, ok, want)
		}
	}
	for _, id := range []string{"weights sha256:00", "material", ""} {
		if got, ok := eval.EmbeddedModelName(id); ok {
			t.Errorf("eval.EmbeddedModelName(%q) = %q, want none", id, got)
		}
	}
}
