package dataset

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

func sampleRun() Run {
	return Run{SchemaVersion: SchemaVersion, Variant: "standard", Rules: "variant=standard,no-capture-limit=50,repetition=3,no-moves=loss",
		Engine: `{"sims":800,"leaf":"playout","evaluator":"material"}`, Seed: 1, Games: 10, RandomOpening: 4}
}

// TestManifestHoldsTheEngineAsAnObject: the manifest's engine is a JSON
// object, not a string of JSON, and reads back as the footers' text.
func TestManifestHoldsTheEngineAsAnObject(t *testing.T) {
	dir := t.TempDir()
	r := sampleRun()
	if err := ClaimPartition(dir, r); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(ManifestPath(dir, r.Variant))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil || !strings.HasPrefix(string(raw["engine"]), "{") {
		t.Fatalf("manifest engine %s (%v), want an object:\n%s", raw["engine"], err, b)
	}
	back, ok, err := ReadManifest(dir, r.Variant)
	if err != nil || !ok || back != r {
		t.Fatalf("read back %+v, %v, %v; want %+v", back, ok, err, r)
	}
}

// TestManifestsOfEarlierVersionsStillRead: their engine is a string.
func TestManifestsOfEarlierVersionsStillRead(t *testing.T) {
	r := sampleRun()
	old, _ := json.Marshal(map[string]any{"schema_version": r.SchemaVersion, "variant": r.Variant, "rules": r.Rules,
		"engine": r.Engine, "seed": r.Seed, "games": r.Games, "random_opening": r.RandomOpening})
	var back Run
	if err := json.Unmarshal(old, &back); err != nil || back != r {
		t.Fatalf("old manifest read as %+v, %v; want %+v", back, err, r)
	}
	if err := json.Unmarshal([]byte(`{"variant":"standard","extra":1}`), &back); err == nil {
		t.Error("a manifest with an unknown field was accepted")
	}
}

func TestDiffsListEverySettingAndClaimSaysThem(t *testing.T) {
	r, o := sampleRun(), sampleRun()
	o.Seed = 2
	o.Rules = strings.Replace(o.Rules, "no-capture-limit=50", "no-capture-limit=40", 1)
	o.Engine = `{"sims":400,"leaf":"playout","evaluator":"material","max_nodes":5}`
	want := []SettingDiff{{"no-capture-limit", "50", "40"}, {"sims", "800", "400"}, {"max_nodes", notRecorded, "5"}, {"seed", "1", "2"}}
	if got := r.Diffs(o); !reflect.DeepEqual(got, want) {
		t.Errorf("Diffs\n%v\nwant\n%v", got, want)
	}
	if r.Diffs(r) != nil || r.Diff(r) != "" {
		t.Error("a run differs from itself")
	}
	o.Engine = "not json"
	if got := r.Diffs(o); len(got) != 3 || got[1].Setting != "engine" {
		t.Errorf("an engine description that is not an object: %v", got)
	}

	dir := t.TempDir()
	if err := ClaimPartition(dir, sampleRun()); err != nil {
		t.Fatal(err)
	}
	other := sampleRun()
	other.Seed, other.RandomOpening = 5, 0
	err := ClaimPartition(dir, other)
	var mismatch *RunMismatchError
	if !errors.As(err, &mismatch) || len(mismatch.Diffs) != 2 || !strings.Contains(err.Error(), `seed: this run has "5", the partition holds "1"`) {
		t.Errorf("claim of another run: %v", err)
	}
}

// TestSaidNamesADifferenceBySetting: a setting is named as a setting (a
// rules key with '_', as every setting's name is), which a command says
// by its flag, a whole text quoted, the schema version in words.
func TestSaidNamesADifferenceBySetting(t *testing.T) {
	for d, want := range map[SettingDiff]string{
		{Setting: "random_opening", Mine: "4", Have: "2"}:   "random_opening: this run 4, the partition 2",
		{Setting: "no-capture-limit", Mine: "4", Have: "2"}: "no_capture_limit: this run 4, the partition 2",
		{Setting: "engine", Mine: "a b", Have: "c"}:         `engine: this run "a b", the partition "c"`,
		{Setting: "schema_version", Mine: "3", Have: "2"}:   "schema version: this program writes 3, the partition holds 2 (written by another version of surakarta)",
	} {
		if got := d.Said("the partition").Error(); got != want {
			t.Errorf("%+v: %q, want %q", d, got, want)
		}
	}
}

// TestEarlierSchemaVersionsAreTheSameRun: a run of this version and the
// same run recorded by an earlier version (a partition to resume, a part to
// keep) do not differ; a run of a later version, which this program cannot
// be sure to continue, does.
func TestEarlierSchemaVersionsAreTheSameRun(t *testing.T) {
	r := sampleRun()
	r.SchemaVersion = SchemaVersion
	for _, v := range []int{1, 2} {
		old := r
		old.SchemaVersion = v
		if d := r.Diffs(old); len(d) != 0 {
			t.Errorf("version %d against %d: %v", SchemaVersion, v, d)
		}
		if d := old.Diffs(r); len(d) != 0 {
			t.Errorf("version %d against %d: %v", v, SchemaVersion, d)
		}
	}
	newer := r
	newer.SchemaVersion = SchemaVersion + 1
	if d := r.Diffs(newer); len(d) != 1 || d[0].Setting != "schema_version" {
		t.Errorf("a later version's run: %v, want the schema version named", d)
	}
}
