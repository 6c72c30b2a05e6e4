package experiments

import (
	"github.com/surakarta/surakarta/experiments/spec"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlayersDefaultToIndependentAndOldRunsReadShared: a spec that does
// not say who plays gets independent players (the estimand of the
// findings), while a run's spec.json recorded before the key existed reads
// as shared, as those runs played; every committed finding's spec.json
// reads shared, as its shipped spec now says, so that the spec reproduces
// its report.
func TestPlayersDefaultToIndependentAndOldRunsReadShared(t *testing.T) {
	base := "name: p\ngames: 10\npairing: none\nengine: {sims: 5}\narms: [{name: a, variant: standard}]\n"
	if s := mustSpec(t, base); s.Players != spec.PlayersIndependent {
		t.Errorf("a spec without players: %q, want %q", s.Players, spec.PlayersIndependent)
	}
	s := mustSpec(t, base+"players: shared\n")
	if s.Players != spec.PlayersShared || !strings.Contains(spec.MustJSON(s), `"players":"shared"`) {
		t.Errorf("players: shared: %q, recorded as %s", s.Players, spec.MustJSON(s))
	}
	rec, err := spec.ParseRecorded([]byte(spec.MustJSON(mustSpec(t, base))))
	if err != nil || rec.Players != spec.PlayersIndependent {
		t.Errorf("a recorded independent spec: %v, %v", rec, err)
	}
	old := strings.Replace(spec.MustJSON(mustSpec(t, base)), `"players":"independent",`, "", 1)
	if rec, err = spec.ParseRecorded([]byte(old)); err != nil || rec.Players != spec.PlayersShared {
		t.Errorf("a spec.json recorded without players: %v, %v; want shared", rec, err)
	}
	dirs, _ := filepath.Glob(filepath.Join("..", "docs", "findings", "*", SpecFile))
	if len(dirs) == 0 {
		t.Fatal("no committed finding's spec.json")
	}
	for _, path := range dirs {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := spec.ParseRecorded(b)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		shipped, err := spec.Read(filepath.Join("specs", rec.Name+".yaml"))
		if err != nil {
			continue // a finding of no shipped spec
		}
		if shipped.Players != rec.Players {
			t.Errorf("%s: players %s, its shipped spec %s", path, rec.Players, shipped.Players)
		}
	}
}

// TestAnOldRunIsNotContinuedByOtherPlayers: a directory whose spec.json
// predates the players key holds shared games; the same spec, now
// independent by default, is refused there with what to write to continue.
func TestAnOldRunIsNotContinuedByOtherPlayers(t *testing.T) {
	base := "name: p\ngames: 10\npairing: none\nengine: {sims: 5}\narms: [{name: a, variant: standard}]\n"
	dir := t.TempDir()
	old := strings.Replace(spec.MustJSON(mustSpec(t, base)), `"players":"independent",`, "", 1)
	if err := os.WriteFile(filepath.Join(dir, SpecFile), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	err := claimExperiment(dir, mustSpec(t, base))
	if err == nil || !strings.Contains(err.Error(), `players was "shared", the spec has "independent"`) || !strings.Contains(err.Error(), "say players: shared") {
		t.Errorf("got %v", err)
	}
	if err := claimExperiment(dir, mustSpec(t, base+"players: shared\n")); err != nil {
		t.Errorf("players: shared continues it: %v", err)
	}
}

// TestSettingsByColour: red and black set one colour's search settings,
// over the arm's, for independent players only and never the evaluator or
// the tables; the arm's run carries them to the player.
func TestSettingsByColour(t *testing.T) {
	base := "name: h\ngames: 10\npairing: none\nengine: {sims: 100, cpuct: 0.5}\narms:\n  - {name: a, variant: standard, black: {sims: 400}}\n"
	s := mustSpec(t, base)
	runs, err := ArmRuns(s, t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	sides := runs[0].sideSettings()
	if sides == nil || sides[0].Sims != 100 || sides[1].Sims != 400 || sides[1].CPUCT != 0.5 || runs[0].Players != spec.PlayersIndependent {
		t.Errorf("sides %+v, players %q; want Red 100 and Black 400 simulations at cpuct 0.5, independent", sides, runs[0].Players)
	}
	for _, c := range []struct{ from, to, want string }{
		{"pairing: none", "pairing: none\nplayers: shared", "settings for one colour need players: independent"},
		{"black: {sims: 400}", "players: shared, black: {sims: 400}", "settings for one colour need players: independent"},
		{"black: {sims: 400}", "red: {evaluator: material}", "red: evaluator: both colours search with the arm's evaluator"},
		{"black: {sims: 400}", "black: {sims: 0}", "black engine: sims 0"},
		{"pairing: none", "pairing: none\nplayers: both", `players "both": want independent`},
	} {
		_, err := spec.Parse([]byte(strings.Replace(base, c.from, c.to, 1)), false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.to, err, c.want)
		}
	}
}
