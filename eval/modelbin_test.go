package eval_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
)

// TestEmbeddedModelsMatchTheirJSON: every models/NAME.json has its compact
// form models/NAME.bin, byte for byte what encodeModelBin makes of it now
// (go test ./eval -run TestEmbeddedModelsMatchTheirJSON -update remakes
// them), and the binary opens each model with the JSON's identity and the
// JSON's evaluator: the same weights, the same values on random positions.
// A JSON changed without its compact form, or the reverse, fails here.
func TestEmbeddedModelsMatchTheirJSON(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("models", "*.json"))
	if len(files) == 0 {
		t.Fatal("no models/*.json")
	}
	bins, _ := filepath.Glob(filepath.Join("models", "*.bin"))
	if len(bins) != len(files) {
		t.Errorf("%d compact forms for %d models: %v", len(bins), len(files), bins)
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := eval.EncodeModelBin(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		binPath := strings.TrimSuffix(path, ".json") + ".bin"
		if *updateGolden {
			if err := os.WriteFile(binPath, want, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		have, err := os.ReadFile(binPath)
		if err != nil || !bytes.Equal(have, want) {
			t.Errorf("%s is not the compact form of %s (%v): run go test ./eval -run TestEmbeddedModelsMatchTheirJSON -update", binPath, path, err)
			continue
		}
		if len(have) > len(data)/3 {
			t.Errorf("%s: %d bytes for the JSON's %d: not compact", binPath, len(have), len(data))
		}
		id := fmt.Sprintf("weights sha256:%x", sha256.Sum256(data))
		if f, err := eval.ReadModel(bytes.NewReader(data)); err == nil && f.Game == eval.AlquerqueGame {
			alquerqueModelMatchesItsJSON(t, name, path, id)
			continue
		}
		o, err := eval.OpenEvaluator(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if o.Identity != id {
			t.Errorf("%s: identity %q, want the JSON's %q", name, o.Identity, id)
		}
		fromJSON, err := eval.LoadEvaluator(path)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(o.Evaluator, fromJSON) {
			t.Errorf("%s: the embedded evaluator is not the JSON's", name)
		}
		for i, p := range eval.RandomBoards(7, 200) {
			a, _ := o.Evaluator.Evaluate(&p, nil, nil)
			b, _ := fromJSON.Evaluate(&p, nil, nil)
			if a != b {
				t.Fatalf("%s: position %d scores %v embedded, %v from the JSON", name, i, a, b)
			}
		}
	}
}

// alquerqueModelMatchesItsJSON is TestEmbeddedModelsMatchTheirJSON's check
// of an Alquerque model: Alquerque's registry opens the embedded model
// name with the JSON's identity id and the JSON's evaluator, the same
// values on positions of random games; Surakarta's refuses it by its game.
func alquerqueModelMatchesItsJSON(t *testing.T, name, path, id string) {
	t.Helper()
	o, err := eval.OpenAlquerqueEvaluator(name)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if o.Identity != id {
		t.Errorf("%s: identity %q, want the JSON's %q", name, o.Identity, id)
	}
	fromJSON, err := eval.OpenAlquerqueEvaluator(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(o.Evaluator, fromJSON.Evaluator) {
		t.Errorf("%s: the embedded evaluator is not the JSON's", name)
	}
	for i, p := range alquerquePositions(7, 2000) {
		a, _ := o.Evaluator.Evaluate(&p, nil, nil)
		b, _ := fromJSON.Evaluator.Evaluate(&p, nil, nil)
		if a != b {
			t.Fatalf("%s: position %d scores %v embedded, %v from the JSON", name, i, a, b)
		}
	}
	if _, err := eval.OpenEvaluator(name); err == nil || !strings.Contains(err.Error(), "not of Surakarta") {
		t.Errorf("Surakarta's registry opened Alquerque's model %s: %v", name, err)
	}
}

// TestCompactModelRefusesDamage: a compact form with a byte changed, cut
// short, or not one at all is refused with what is wrong, never decoded.
func TestCompactModelRefusesDamage(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("models", eval.ShippedModel+".json"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := eval.EncodeModelBin(data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eval.DecodeModelBin(b); err != nil {
		t.Fatalf("the undamaged form: %v", err)
	}
	flipped := bytes.Clone(b)
	flipped[len(flipped)/2] ^= 1
	for what, c := range map[string]struct {
		b    []byte
		want string
	}{
		"a byte changed": {flipped, "checksum"},
		"cut short":      {b[:len(b)-100], "checksum"},
		"the JSON":       {data, "not a compact model"},
		"empty":          {nil, "not a compact model"},
	} {
		if _, err := eval.DecodeModelBin(c.b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming the %s", what, err, c.want)
		}
	}
}
