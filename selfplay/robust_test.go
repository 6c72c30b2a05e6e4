package selfplay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/dataset/verify"
	"github.com/surakarta/surakarta/internal/base/filelock"
	"github.com/surakarta/surakarta/internal/base/setting"
)

// TestARunGrowsInPlace: game i does not depend on the number of games, so
// a run of 5 resumed with 9 plays only games 5..8 and ends equal to a run
// of 9; fewer games, or more without --resume, are refused.
func TestARunGrowsInPlace(t *testing.T) {
	ref, base := referenceRun(t, 9)
	dir := filepath.Join(base, "run")
	mustRun(t, context.Background(), testConfig(dir, 5, 2))
	if _, err := Run(context.Background(), testConfig(dir, 9, 2)); !setting.Advises(err, setting.Key("resume")) {
		t.Fatalf("growing without resume: %v, want a refusal that says to resume", err)
	}
	cfg := testConfig(dir, 9, 2)
	cfg.Run.Resume = true
	var said []string
	cfg.Logf = func(format string, args ...any) { said = append(said, fmt.Sprintf(format, args...)) }
	if s := mustRun(t, context.Background(), cfg); s.Skipped != 5 || s.Played != 4 {
		t.Fatalf("grown run: %+v, want 5 skipped and 4 played", s)
	}
	// The run of 5 had finished: the resume spoke of "the journals of the
	// interrupted run".
	if want := []string{"resuming: 5 of 9 games already complete"}; !slices.Equal(said, want) {
		t.Errorf("growing a finished run said %q, want %q", said, want)
	}
	sameRows(t, "grown vs a run of 9", readRows(t, dir, "standard"), readRows(t, ref, "standard"))
	if m, _, _ := dataset.ReadManifest(dir, "standard"); m.Games != 9 {
		t.Fatalf("manifest records %d games, want 9", m.Games)
	}
	cfg.Run.Games = 7
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "9 games") {
		t.Fatalf("shrinking: %v, want a refusal naming the run's 9 games", err)
	}
	rep, err := verify.Verify(context.Background(), dir, verify.Options{Complete: true})
	if err != nil || !rep.OK() {
		t.Fatalf("verify --complete of the grown run: %v %v", err, rep.Problems)
	}
}

// TestTwoRunsInOneDirectoryRace starts two resumes of one run at once:
// the second used to delete the first's files in progress. Exactly one
// runs; the other is refused naming the holder, and the dataset is whole.
func TestTwoRunsInOneDirectoryRace(t *testing.T) {
	dir := t.TempDir()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() {
			cfg := testConfig(dir, 12, 1)
			cfg.Run.Resume = true
			_, errs[i] = Run(context.Background(), cfg)
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil && (!errors.Is(err, filelock.ErrHeld) || !strings.Contains(err.Error(), "pid ")) {
			t.Fatalf("writer %d: %v, want success or a refusal naming the holder", i, err)
		}
	}
	if errs[0] == nil && errs[1] == nil {
		// The second started after the first finished: both succeeded.
		t.Log("the two runs did not overlap")
	}
	rep := mustVerify(t, dir)
	if rep.Games != 12 {
		t.Fatalf("dataset holds %d games, want 12", rep.Games)
	}
}

// TestAFinishedRunIsNotCalledInterrupted cancels the run as its last game
// is handed over: every part is still committed, so the run succeeded.
func TestAFinishedRunIsNotCalledInterrupted(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cfg := testConfig(dir, 4, 1)
	cfg.OnGame = func(g GameStats) {
		if g.ID == 3 {
			cancel()
		}
	}
	s, err := Run(ctx, cfg)
	if err != nil || s.Written != 4 {
		t.Fatalf("run cancelled during its final commit: %+v, %v; want all 4 written and no error", s, err)
	}
}

// TestResumeRepairsDamagedParts damages each kind of part a resume must
// not trust and checks that it is removed, said so, and its games played
// again, ending equal to the uninterrupted run.
func TestResumeRepairsDamagedParts(t *testing.T) {
	ref, base := referenceRun(t, 9)
	want := readRows(t, ref, "standard")
	foreign := filepath.Join(base, "foreign")
	fc := testConfig(foreign, 9, 2)
	fc.Run.Seed++
	mustRun(t, context.Background(), fc)
	pos := func(d string, first int64) string {
		return dataset.PartPath(d, dataset.TablePositions, "standard", first)
	}
	games := func(d string, first int64) string { return dataset.PartPath(d, dataset.TableGames, "standard", first) }
	for name, damage := range map[string]func(dir string){
		"truncated": func(dir string) {
			b, _ := os.ReadFile(pos(dir, 3))
			os.WriteFile(pos(dir, 3), b[:len(b)/2], 0o644)
		},
		"bit flip": func(dir string) {
			b, _ := os.ReadFile(games(dir, 6))
			b[len(b)-100] ^= 4
			os.WriteFile(games(dir, 6), b, 0o644)
		},
		"foreign part": func(dir string) {
			for _, f := range []func(string, int64) string{pos, games} {
				b, _ := os.ReadFile(f(foreign, 3))
				os.WriteFile(f(dir, 3), b, 0o644)
			}
		},
		"commit record lost": func(dir string) { os.Remove(dataset.CommitPath(dir, "standard", 0)) },
	} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "d")
			mustRun(t, context.Background(), testConfig(dir, 9, 2))
			damage(dir)
			cfg := testConfig(dir, 9, 2)
			cfg.Run.Resume = true
			var notes []string
			cfg.Logf = func(f string, a ...any) { notes = append(notes, f) }
			s := mustRun(t, context.Background(), cfg)
			if name == "commit record lost" {
				// A sound part without its record is checked and recorded.
				if s.Played != 0 || !strings.Contains(strings.Join(notes, "\n"), "recorded") {
					t.Fatalf("%+v, notes %v: want nothing played and the part recorded", s, notes)
				}
			} else if s.Played != 3 || !strings.Contains(strings.Join(notes, "\n"), "removed") {
				t.Fatalf("%+v, notes %v: want the damaged part removed and its 3 games played", s, notes)
			}
			mustVerify(t, dir)
			sameRows(t, "repaired vs uninterrupted", readRows(t, dir, "standard"), want)
		})
	}
}

// TestHugeRunsPlanLazily: a run of 10^10 games in parts of one game used
// to list every part before playing and run out of memory.
func TestHugeRunsPlanLazily(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ctx, cancel := context.WithCancel(context.Background())
	cfg := testConfig("", dataset.MaxGameID+1, 1)
	cfg.PartGames = 1
	cfg.OnStart = func(int64, int64) { cancel() }
	Run(ctx, cfg)
	runtime.ReadMemStats(&after)
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 64<<20 {
		t.Fatalf("starting a run of %d games allocated %d MB", cfg.Run.Games, grown>>20)
	}
}

func TestWorkersAreBounded(t *testing.T) {
	cfg := testConfig("", 4, 100000)
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "per CPU") {
		t.Fatalf("--workers 100000: %v, want a refusal naming the bound", err)
	}
}

// TestInterruptsAtRandomMomentsLoseNothingFinished stops a run of small
// parts at seeded random moments, three times, resuming after each: every
// game finished before a stop is written or journaled (the resume plays
// only the rest), and the end equals the uninterrupted run.
func TestInterruptsAtRandomMomentsLoseNothingFinished(t *testing.T) {
	ref, base := referenceRun(t, 10)
	dir := filepath.Join(base, "run")
	s := dataset.NewStream(7)
	for round := 0; ; round++ {
		ctx, cancel := context.WithCancel(context.Background())
		cfg := testConfig(dir, 10, 2)
		cfg.PartGames = 4
		cfg.Run.Resume = round > 0
		stopAfter := 1 + s.IntN(3)
		seen := 0
		cfg.OnGame = func(GameStats) {
			if seen++; seen == stopAfter && round < 3 {
				cancel()
			}
		}
		sum, err := Run(ctx, cfg)
		cancel()
		if err == nil {
			break
		}
		if !errors.Is(err, ErrInterrupted) {
			t.Fatal(err)
		}
		// Everything handed over before the stop is kept: the next run
		// finds it complete or journaled, as many games as the run says
		// it kept (it counted only the games it had put in order, and
		// said "1 in its journal" where the resume found 2).
		js, _ := dataset.ReadJournals(dir, cfg.RunSettings(), 0, 10)
		done, _ := dataset.Complete(dir, "standard")
		kept := int64(len(js.Games))
		for _, r := range done {
			kept += r.Len()
		}
		if want := sum.Skipped + sum.Played + sum.Journaled; kept < want {
			t.Fatalf("round %d: %d games kept after the stop, want at least the %d finished", round, kept, want)
		}
		if said := sum.Skipped + sum.Written + sum.InJournal; said != kept {
			t.Fatalf("round %d: the run says it kept %d games (%d in its journal), the next run finds %d", round, said, sum.InJournal, kept)
		}
	}
	mustVerify(t, dir)
	sameRows(t, "resumed three times vs uninterrupted", readRows(t, dir, "standard"), readRows(t, ref, "standard"))
}

// TestAResumeRemovesStaleJournals: a journal left after its part was
// committed (a kill between the two), or one of another run, is removed by
// a resume with nothing left to play.
func TestAResumeRemovesStaleJournals(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(dir, 3, 1)
	mustRun(t, context.Background(), cfg)
	other := cfg.RunSettings()
	other.Seed++
	for _, r := range []dataset.Run{cfg.RunSettings(), other} {
		j, err := dataset.CreateJournal(dir, r, 0, 2)
		if err != nil {
			t.Fatal(err)
		}
		j.Close()
	}
	cfg.Run.Resume = true
	if s := mustRun(t, context.Background(), cfg); s.Played != 0 {
		t.Fatalf("resume of a complete run played %d games", s.Played)
	}
	mustVerify(t, dir) // verify reports any journal left
}

// TestResumeRemovesStraysAndRefusesForeignFiles: a resume of a complete
// run used to keep a garbage part beyond its range and a user's copied
// file and call the run complete; now it removes the stray part, saying
// so, and refuses the foreign file, naming it, until the user moves it.
func TestResumeRemovesStraysAndRefusesForeignFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	mustRun(t, context.Background(), testConfig(dir, 3, 1))
	pdir := dataset.PartitionDir(dir, dataset.TableGames, "standard")
	stray := dataset.PartPath(dir, dataset.TableGames, "standard", 99)
	copied := filepath.Join(pdir, "part-0000000000 (copy).parquet")
	os.WriteFile(stray, []byte("garbage"), 0o644)
	b, _ := os.ReadFile(dataset.PartPath(dir, dataset.TableGames, "standard", 0))
	os.WriteFile(copied, b, 0o644)
	cfg := testConfig(dir, 3, 1)
	cfg.Run.Resume = true
	var notes []string
	cfg.Logf = func(f string, a ...any) { notes = append(notes, fmt.Sprintf(f, a...)) }
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), copied) {
		t.Fatalf("resume with a foreign file: %v; want a refusal naming %s", err, copied)
	}
	if _, err := os.Stat(copied); err != nil {
		t.Fatalf("the user's file was touched: %v", err)
	}
	os.Remove(copied)
	mustRun(t, context.Background(), cfg)
	if _, err := os.Stat(stray); !os.IsNotExist(err) || !strings.Contains(strings.Join(notes, "\n"), "removed "+stray) {
		t.Fatalf("stray part: %v, notes %v; want it removed and said so", err, notes)
	}
	mustVerify(t, dir)
}
