package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
)

// tinySelfplay is a fast self-play command line writing to dir.
func tinySelfplay(dir string, extra ...string) []string {
	return append([]string{"selfplay", "--games", "4", "--sims", "8", "--concurrency", "2", "--out", dir, "--quiet", "--random-opening", "2"}, extra...)
}

func TestSelfplayThenInspectAndVerify(t *testing.T) {
	dir := t.TempDir()
	out, _, err := run(t, "", tinySelfplay(dir)...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "wrote 4 games (") {
		t.Fatalf("selfplay output %q", out)
	}
	out, _, err = run(t, "", "dataset", "inspect", "--files", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"variant=standard", "seed 1, games 4, random opening 2 plies", "engine: sims=8,", "positions 1 file, ", "games     1 file, 4 rows, ", "1 row group", "part-0000000000.parquet  games 0..3"} {
		if !strings.Contains(out, want) {
			t.Errorf("inspect output lacks %q:\n%s", want, out)
		}
	}
	out, _, err = run(t, "", "dataset", "verify", "--quiet", dir)
	if err != nil || !strings.HasPrefix(out, "ok: 4 games and ") {
		t.Fatalf("verify: %v\n%s", err, out)
	}
	// The same command again is refused; with --resume it has nothing to do.
	if _, _, err := run(t, "", tinySelfplay(dir)...); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("second run without --resume: %v", err)
	}
	out, _, err = run(t, "", tinySelfplay(dir, "--resume")...)
	if err != nil || !strings.Contains(out, "nothing to play") {
		t.Fatalf("resume of a complete run: %v %q", err, out)
	}
	// Other settings in the same partition are refused.
	if _, _, err := run(t, "", tinySelfplay(dir, "--resume", "--seed", "2")...); err == nil || !strings.Contains(err.Error(), "seed") {
		t.Fatalf("different seed: %v", err)
	}
	if _, _, err := run(t, "", tinySelfplay(t.TempDir(), "--concurrency", "100000")...); err == nil || !strings.Contains(err.Error(), "--concurrency 100000: at most") {
		t.Fatalf("--concurrency 100000: %v, want a refusal naming the bound", err)
	}
	// inspect exits non-zero when it lists an unreadable part or a stray
	// copy that *.parquet globs would read.
	pdir := dataset.PartitionDir(dir, dataset.TableGames, "standard")
	os.WriteFile(filepath.Join(pdir, "part-0000000000 (copy).parquet"), []byte("not parquet"), 0o644)
	out, _, err = run(t, "", "dataset", "inspect", dir)
	if err == nil || !strings.Contains(out, "unexpected: part-0000000000 (copy).parquet") {
		t.Fatalf("inspect of a dataset with a stray copy: err %v\n%s", err, out)
	}
}

func TestSelfplayProgressGoesToStderr(t *testing.T) {
	dir := t.TempDir()
	args := slices.DeleteFunc(tinySelfplay(dir), func(s string) bool { return s == "--quiet" })
	out, errOut, err := run(t, "", args...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut, "games 4/4 100.0%") || !strings.Contains(errOut, "positions/s") || strings.Contains(out, "games/s |") {
		t.Fatalf("progress should be on stderr only:\nstdout %q\nstderr %q", out, errOut)
	}
}

func TestVerifyFailsOnACorruptedDataset(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := run(t, "", tinySelfplay(dir)...); err != nil {
		t.Fatal(err)
	}
	// Rewrite the games part with one winner changed.
	f, err := dataset.Open(dataset.PartPath(dir, dataset.TableGames, "standard", 0))
	if err != nil {
		t.Fatal(err)
	}
	meta := f.Meta
	var games []dataset.GameRow
	f.ScanGames(func(g *dataset.GameRow) error {
		games = append(games, g.Clone())
		return nil
	})
	f.Close()
	games[2].Winner = map[string]string{"red": "black", "black": "draw", "draw": "red"}[games[2].Winner]
	os.Remove(f.Path)
	w, err := dataset.Create[dataset.GameRow](dir, meta)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(games)
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	out, _, err := run(t, "", "dataset", "verify", "--quiet", dir)
	if err == nil || !strings.Contains(err.Error(), "2 problems found") {
		t.Fatalf("verify of a corrupted dataset: err %v", err)
	}
	if !strings.Contains(out, "part-0000000000.parquet: ") || !strings.Contains(out, "changed after it was written") {
		t.Fatalf("verify output does not say the file differs from its commit record:\n%s", out)
	}
	if !strings.Contains(out, "part-0000000000.parquet: game 2: winner") {
		t.Fatalf("verify output does not name the file and game:\n%s", out)
	}
}

func TestDatasetCommandsRefuseNonParquetWithoutPanic(t *testing.T) {
	dir := t.TempDir()
	part := filepath.Join(dir, "positions", "variant=standard")
	os.MkdirAll(part, 0o755)
	os.WriteFile(filepath.Join(part, "part-0000000000.parquet"), []byte("not parquet at all"), 0o644)
	out, _, err := run(t, "", "dataset", "verify", "--quiet", dir)
	if err == nil || !strings.Contains(out, "not a Parquet file") {
		t.Fatalf("verify: err %v\n%s", err, out)
	}
	out, _, err = run(t, "", "dataset", "inspect", dir)
	if err == nil || !strings.Contains(out, "unreadable") || !strings.Contains(err.Error(), "1 file is unreadable") {
		t.Fatalf("inspect: err %v, want it to fail listing the unreadable file\n%s", err, out)
	}
	if _, _, err := run(t, "", "dataset", "inspect", filepath.Join(dir, "missing")); err == nil {
		t.Fatal("inspect of a missing directory succeeded")
	}
}

func TestSelfplayFlagErrorsNameTheFlag(t *testing.T) {
	dir := t.TempDir()
	runRefusals(t, []refusal{
		{[]string{"selfplay", "--games", "4"}, "--out"},
		{tinySelfplay(dir, "--games", "0"), "--games"},
		{tinySelfplay(dir, "--shard", "2", "--shards", "2"), "--shard"},
		{tinySelfplay(dir, "--concurrency", "-1"), "--concurrency"},
		{tinySelfplay(dir, "--game-ids", "x"), "--game-ids"},
		{tinySelfplay(dir, "--game-ids", "4"), "outside a run of --games 4"},
		{tinySelfplay(dir, "--game-ids", "1", "--shards", "2"), "exclude"},
		{tinySelfplay(dir, "--random-opening", "-1"), "--random-opening"},
		{tinySelfplay(dir, "--variant", "nope"), "--variant"},
		{tinySelfplay(dir, "--sims", "0"), "--sims"},
		{tinySelfplay(dir, "--eval", "/nonexistent/weights.json"), "--eval"},
	})
}

func TestSelfplayGameIDsReplaysIntoANewDirectory(t *testing.T) {
	base := t.TempDir()
	full, one := filepath.Join(base, "full"), filepath.Join(base, "one")
	if _, _, err := run(t, "", tinySelfplay(full)...); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(t, "", tinySelfplay(one, "--game-ids", "3")...); err != nil {
		t.Fatal(err)
	}
	moves := func(dir string, id int64) []string {
		var m []string
		dataset.ScanGames(dir, "standard", func(g *dataset.GameRow) error {
			if g.GameID == id {
				m = slices.Clone(g.Moves)
			}
			return nil
		})
		return m
	}
	if a, b := moves(full, 3), moves(one, 3); len(a) == 0 || !slices.Equal(a, b) {
		t.Fatalf("replayed game 3 differs: %v vs %v", b, a)
	}
}

// TestCountsAgreeInNumber: a one-game run says "1 game", "1 file", "1 row".
func TestCountsAgreeInNumber(t *testing.T) {
	dir := t.TempDir()
	out, _, err := run(t, "", "selfplay", "--games", "1", "--sims", "4", "--out", dir, "--quiet")
	if err != nil || !strings.HasPrefix(out, "wrote 1 game (") {
		t.Fatalf("selfplay: %v %q", err, out)
	}
	out, _, _ = run(t, "", "dataset", "inspect", dir)
	mustContain(t, out, "games     1 file, 1 row, ", "1 game (ids 0..0)")
	out, _, _ = run(t, "", "dataset", "verify", "--quiet", "--complete", dir)
	mustContain(t, out, "ok: 1 game and ", "in 2 files", "holds all 1 game of its run")
}

// TestResumeOfACompleteRunSaysOnlyNothingToPlay: it printed an empty
// progress bar ("games 4/4 … 0.00 games/s") and a resuming line first.
func TestResumeOfACompleteRunSaysOnlyNothingToPlay(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := run(t, "", tinySelfplay(dir)...); err != nil {
		t.Fatal(err)
	}
	args := append(slices.DeleteFunc(tinySelfplay(dir), func(s string) bool { return s == "--quiet" }), "--resume")
	out, errOut, err := run(t, "", args...)
	if err != nil || errOut != "" || !strings.HasPrefix(out, "nothing to play") {
		t.Fatalf("resume of a complete run: %v\nstdout %q\nstderr %q; want only the nothing-to-play line", err, out, errOut)
	}
}

// TestSelfplayPlaysAlquerque: --game alquerque plays Alquerque by the same
// runner into game=alquerque partitions beside Surakarta's, which verify
// and inspect read by the footers' game; Surakarta's endgame tables are
// refused for it by flag, before anything is written.
func TestSelfplayPlaysAlquerque(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := run(t, "", tinySelfplay(dir)...); err != nil {
		t.Fatal(err)
	}
	out, _, err := run(t, "", tinySelfplay(dir, "--game", "alquerque")...)
	if err != nil || !strings.HasPrefix(out, "wrote 4 games (") || !strings.Contains(out, "; white ") {
		t.Fatalf("selfplay --game alquerque: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, dataset.TableGames, "game=alquerque", "variant=standard")); err != nil {
		t.Fatal(err)
	}
	out, _, err = run(t, "", "dataset", "verify", "--quiet", dir)
	if err != nil || !strings.HasPrefix(out, "ok: 8 games and ") {
		t.Fatalf("verify of both games: %v\n%s", err, out)
	}
	out, _, err = run(t, "", "dataset", "inspect", dir)
	if err != nil || !strings.Contains(out, "game=alquerque/variant=standard") || !strings.Contains(out, "game=surakarta/variant=standard") {
		t.Fatalf("inspect of both games: %v\n%s", err, out)
	}
	if _, _, err := run(t, "", tinySelfplay(t.TempDir(), "--game", "alquerque", "--tablebase", t.TempDir())...); err == nil || !strings.Contains(err.Error(), "--tablebase: endgame tables are Surakarta's") {
		t.Fatalf("--game alquerque --tablebase: %v", err)
	}
	if _, _, err := run(t, "", tinySelfplay(t.TempDir(), "--game", "growths")...); err == nil || !strings.Contains(err.Error(), `--game "growths"`) {
		t.Fatalf("--game growths: %v", err)
	}
}
