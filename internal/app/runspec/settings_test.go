package runspec

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/testing/testutil"
)

// TestEverySettingsFieldIsDeclared fails when a field of Settings has no
// entry in declared: a run setting the flags, specs and manifests would
// silently miss.
func TestEverySettingsFieldIsDeclared(t *testing.T) {
	testutil.CheckEveryFieldDeclared(t, "declared (settings.go)", declared, func(s *Setting, r *Settings) (string, any) { return s.Name, s.Field(r) })
}

// TestDefaultsAndManifestFields pins the defaults and the settings a run
// records in its manifest, under the manifest's own keys.
func TestDefaultsAndManifestFields(t *testing.T) {
	if got, want := Defaults(), (Settings{Games: 100, Seed: 1, Shards: 1}); got != want {
		t.Errorf("defaults %+v, want %+v", got, want)
	}
	r := Settings{Games: 7, Seed: 9, RandomOpening: 3, Concurrency: 2, Out: "x"}
	var run dataset.Run
	r.Record(&run)
	if run.Games != 7 || run.Seed != 9 || run.RandomOpening != 3 {
		t.Errorf("manifest %+v", run)
	}
	var recorded []string
	for i := range declared {
		if declared[i].Recorded() {
			recorded = append(recorded, declared[i].Name)
		}
	}
	// The names are the manifest's JSON keys (dataset.Run), so that a
	// mismatch between runs names the flag that sets the key.
	if !reflect.DeepEqual(recorded, []string{"games", "seed", "random_opening"}) {
		t.Errorf("recorded %v", recorded)
	}
}

func TestValidateNamesTheSetting(t *testing.T) {
	for _, tc := range []struct {
		change func(*Settings)
		want   string
	}{
		{func(r *Settings) { r.Games = 0 }, "games 0: want at least 1"},
		{func(r *Settings) { r.RandomOpening = dataset.MaxRandomOpening + 1 }, "random_opening 1001: want 0..1000 plies"},
		{func(r *Settings) { r.RandomOpening = -1 }, "random_opening -1: want 0..1000 plies"},
		{func(r *Settings) { r.Concurrency = -1 }, "concurrency -1: want 1 or more, or 0 for one per CPU"},
		{func(r *Settings) { r.Concurrency = 1 << 20 }, "concurrency 1048576: at most "},
		{func(r *Settings) { r.Shards = 0 }, "shards 0: want at least 1"},
		{func(r *Settings) { r.Shard, r.Shards = 2, 2 }, "shard 2: want 0..1 for shards 2"},
	} {
		r := Defaults()
		tc.change(&r)
		err := r.Validate()
		var se *SettingError
		if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("error %v, want a *SettingError starting %q", err, tc.want)
		}
	}
	// A command names both settings of a dependent range by its flags.
	r := Defaults()
	r.Shard, r.Shards = 2, 2
	var se *SettingError
	if err := r.Validate(); !errors.As(err, &se) || se.Named(func(s *Setting) string { return "--" + s.Flag() }) != "--shard 2: want 0..1 for --shards 2" {
		t.Errorf("named by flags: %v", err)
	}
	r = Defaults()
	r.Games = 0
	if err := r.Validate("random-opening", "concurrency"); err != nil {
		t.Errorf("Validate checked a setting not named: %v", err)
	}
}

func TestLookupAndDiff(t *testing.T) {
	if s := Lookup("--workers"); s == nil || s.Name != "concurrency" {
		t.Errorf("--workers is %v, want the old spelling of concurrency", s)
	}
	if s := Lookup("random-opening"); s == nil || s.Name != "random_opening" {
		t.Errorf("random-opening: %v", s)
	}
	a, b := Defaults(), Defaults()
	b.Seed, b.RandomOpening = 5, 2
	if got := a.Diff(b); !reflect.DeepEqual(got, []string{"seed", "random_opening"}) {
		t.Errorf("Diff = %v", got)
	}
	v := Lookup("games").Value(&a)
	if err := v.Set("12"); err != nil || a.Games != 12 || v.String() != "12" || v.Type() != "int64" {
		t.Errorf("flag value: %v, games %d", err, a.Games)
	}
	if err := v.Set("x"); err == nil {
		t.Error("games x accepted")
	}
}

// TestAddingASettingIsOneDeclaration adds a run setting the way a new one
// is added, with one entry in the table, and finds it in everything the
// table feeds: the default, the flag value, validation with the flag's
// name and the comparison of runs. (A real setting also adds its field to
// Settings; this one lives in a variable so that the test needs no field.)
func TestAddingASettingIsOneDeclaration(t *testing.T) {
	var parts int
	saved := declared
	defer func() { declared = saved }()
	declared = append(append([]Setting(nil), saved...),
		declare("part_games", 256, "game ids per part file", func(*Settings) *int { return &parts },
			func(v int, _ *Settings) string {
				if v < 1 {
					return "want at least 1"
				}
				return ""
			}))
	r := Defaults()
	if parts != 256 {
		t.Errorf("default %d, want 256", parts)
	}
	if err := Lookup("part-games").Value(&r).Set("0"); err != nil {
		t.Fatal(err)
	}
	if err := r.Validate("part-games"); err == nil || err.Error() != "part_games 0: want at least 1" {
		t.Errorf("validation: %v", err)
	}
	if d := r.Diff(r); d != nil {
		t.Errorf("diff of a run with itself: %v", d)
	}
}

func TestPairedGamesSaysWhatIsWanted(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		none string
		want string
	}{
		{2, "", ""},
		{0, "to skip the match", ""},
		{0, "", "g=0: want an even number of at least 2 (each opening is played twice, colours swapped)"},
		{3, "to skip the match", "g=3: want an even number (each opening is played twice, colours swapped), or 0 to skip the match"},
		{-2, "to skip the match", "g=-2: want an even number"},
	} {
		err := PairedGames("g", tc.n, tc.none)
		if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && !strings.HasPrefix(got, tc.want) {
			t.Errorf("PairedGames(%d, %q) = %v, want %q", tc.n, tc.none, err, tc.want)
		}
	}
}

// TestConcurrencyCountsTheCPUsTheProcessMayUse: the bound on --concurrency
// (MaxConcurrencyPerCPU a CPU) counts GOMAXPROCS, the CPUs the process may
// use, as 0's "one per CPU" does, not the host's cores: in a container
// limited to fewer CPUs than its host has, the host's count would allow
// games that only take turns.
func TestConcurrencyCountsTheCPUsTheProcessMayUse(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	r := Defaults()
	r.Concurrency = MaxConcurrencyPerCPU
	if err := r.Validate("concurrency"); err != nil {
		t.Errorf("--concurrency %d on one CPU: %v", r.Concurrency, err)
	}
	r.Concurrency = MaxConcurrencyPerCPU + 1
	want := fmt.Sprintf("concurrency %d: at most %d (%d per CPU; this process may use 1)", r.Concurrency, MaxConcurrencyPerCPU, MaxConcurrencyPerCPU)
	if err := r.Validate("concurrency"); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("--concurrency %d on one CPU: %v, want %q…", r.Concurrency, err, want)
	}
}
