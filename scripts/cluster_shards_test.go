package scripts

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/selfplay"
)

// The cluster run of these tests: small enough for a few seconds, large
// enough that every shard holds games and parts span shard boundaries.
const (
	clusterGames  = 14
	clusterShards = 3
	clusterSims   = 8
	clusterSeed   = 5
)

// surakarta builds the command once for every test of the package.
func surakarta(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found: the cluster wrappers are bash scripts")
	}
	return testutil.Once(t, "surakarta", func(dir string) (string, error) {
		goTool, err := exec.LookPath("go")
		if err != nil {
			goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
		}
		bin := filepath.Join(dir, "surakarta")
		cmd := exec.Command(goTool, "build", "-o", bin, "./cmd/surakarta")
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go build ./cmd/surakarta: %v\n%s", err, out)
		}
		return bin, nil
	})
}

func TestMain(m *testing.M) { testutil.Main(m) }

// readsSchedulerIndex reports whether selfplay takes its shard from the
// scheduler's environment (its help names SLURM_ARRAY_TASK_ID). Until it
// does, the tests pass --shard through EXTRA, which agrees with the
// environment once it does.
func readsSchedulerIndex(t *testing.T, bin string) bool {
	out, err := exec.Command(bin, "selfplay", "--help").CombinedOutput()
	if err != nil {
		t.Fatalf("selfplay --help: %v\n%s", err, out)
	}
	return bytes.Contains(out, []byte("SLURM_ARRAY_TASK_ID"))
}

// runSlurmTask runs scripts/slurm/selfplay-array.sh as Slurm would run
// array task i, writing to out.
func runSlurmTask(bin, out string, i int, passShard bool) error {
	cmd := exec.Command("bash", "slurm/selfplay-array.sh")
	cmd.Env = append(os.Environ(),
		"SURAKARTA="+bin, "OUT="+out,
		"GAMES="+strconv.Itoa(clusterGames), "SHARDS="+strconv.Itoa(clusterShards),
		"SIMS="+strconv.Itoa(clusterSims), "SEED="+strconv.Itoa(clusterSeed), "VARIANT=standard",
		"SLURM_ARRAY_TASK_ID="+strconv.Itoa(i), "SLURM_CPUS_PER_TASK=1",
		"EXTRA=--random-opening 2",
	)
	if passShard {
		cmd.Env = append(cmd.Env, fmt.Sprintf("EXTRA=--random-opening 2 --shard %d", i))
	}
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("array task %d: %v\n%s", i, err, b)
	}
	return nil
}

// singleRun plays the same run on one machine, without shards.
func singleRun(t *testing.T, bin, out string) {
	t.Helper()
	cmd := exec.Command(bin, "selfplay", "--games", strconv.Itoa(clusterGames), "--sims", strconv.Itoa(clusterSims),
		"--seed", strconv.Itoa(clusterSeed), "--variant", "standard", "--random-opening", "2",
		"--concurrency", "2", "--quiet", "--out", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("single run: %v\n%s", err, b)
	}
}

func gameRows(t *testing.T, dir string) []dataset.GameRow {
	t.Helper()
	var rows []dataset.GameRow
	if err := dataset.ScanGames(dir, "", func(r *dataset.GameRow) error {
		rows = append(rows, r.Clone())
		return nil
	}); err != nil {
		t.Fatalf("reading games of %s: %v", dir, err)
	}
	return rows
}

func positionRows(t *testing.T, dir string) []dataset.PositionRow {
	t.Helper()
	var rows []dataset.PositionRow
	if err := dataset.ScanPositions(dir, "", nil, func(r *dataset.PositionRow) error {
		rows = append(rows, r.Clone())
		return nil
	}); err != nil {
		t.Fatalf("reading positions of %s: %v", dir, err)
	}
	return rows
}

func TestSlurmArrayTaskWritesExactlyItsShard(t *testing.T) {
	bin := surakarta(t)
	passShard := !readsSchedulerIndex(t, bin)
	const task = 1
	out := filepath.Join(t.TempDir(), "run")
	if err := runSlurmTask(bin, out, task, passShard); err != nil {
		t.Fatal(err)
	}
	lo, hi := selfplay.ShardRange(clusterGames, task, clusterShards)
	var ids []int64
	for _, r := range gameRows(t, out) {
		ids = append(ids, r.GameID)
	}
	var want []int64
	for id := lo; id < hi; id++ {
		want = append(want, id)
	}
	if !slices.Equal(ids, want) {
		t.Fatalf("SLURM_ARRAY_TASK_ID=%d of %d shards wrote games %v, want %v", task, clusterShards, ids, want)
	}
	positions := positionRows(t, out)
	if len(positions) == 0 || positions[0].GameID != lo || positions[len(positions)-1].GameID != hi-1 {
		t.Fatalf("positions of shard %d do not cover games %d..%d", task, lo, hi-1)
	}
}

func TestShardsAsSeparateProcessesUnionToTheSingleRun(t *testing.T) {
	bin := surakarta(t)
	passShard := !readsSchedulerIndex(t, bin)
	base := t.TempDir()
	single, union := filepath.Join(base, "single"), filepath.Join(base, "union")
	singleRun(t, bin, single)

	// The array's tasks run at once into one directory, as on shared storage.
	errs := make([]error, clusterShards)
	var wg sync.WaitGroup
	for i := range clusterShards {
		wg.Go(func() {
			errs[i] = runSlurmTask(bin, union, i, passShard)
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}

	sg, ug := gameRows(t, single), gameRows(t, union)
	if len(sg) != clusterGames || len(ug) != len(sg) {
		t.Fatalf("games: single run %d rows, union of shards %d, want %d", len(sg), len(ug), clusterGames)
	}
	for i := range sg {
		if !reflect.DeepEqual(sg[i], ug[i]) {
			t.Fatalf("games row %d differs:\nsingle %+v\nshards %+v", i, sg[i], ug[i])
		}
	}
	sp, up := positionRows(t, single), positionRows(t, union)
	if len(sp) == 0 || len(up) != len(sp) {
		t.Fatalf("positions: single run %d rows, union of shards %d", len(sp), len(up))
	}
	for i := range sp {
		if !reflect.DeepEqual(sp[i], up[i]) {
			t.Fatalf("positions row %d differs:\nsingle %+v\nshards %+v", i, sp[i], up[i])
		}
	}

	for _, args := range [][]string{{"--json"}, {"--json", "--by", "variant,reason,winner"}} {
		s1, err := exec.Command(bin, append([]string{"stats", single}, args...)...).Output()
		if err != nil {
			t.Fatalf("stats %s: %v", single, err)
		}
		s2, err := exec.Command(bin, append([]string{"stats", union}, args...)...).Output()
		if err != nil {
			t.Fatalf("stats %s: %v", union, err)
		}
		if !bytes.Equal(s1, s2) {
			t.Errorf("stats %v over the union of shards differs from the single run:\n%s\n---\n%s", args, s2, s1)
		}
	}

	// merge-check accepts the union, and names the missing shard of a
	// union that lacks one.
	check := func(dir string, env ...string) (string, error) {
		cmd := exec.Command("bash", "merge-check", dir, strconv.Itoa(clusterGames))
		cmd.Env = append(append(os.Environ(), "SURAKARTA="+bin), env...)
		b, err := cmd.CombinedOutput()
		return string(b), err
	}
	if out, err := check(union); err != nil {
		t.Fatalf("merge-check of the complete union: %v\n%s", err, out)
	} else if strings.Contains(out, "deprecated") {
		t.Errorf("merge-check calls the binary with a deprecated flag:\n%s", out)
	}
	partial := filepath.Join(base, "partial")
	for _, i := range []int{0, 2} {
		if err := runSlurmTask(bin, partial, i, passShard); err != nil {
			t.Fatal(err)
		}
	}
	out, err := check(partial, "SHARDS="+strconv.Itoa(clusterShards))
	if err == nil || !strings.Contains(out, "rerun shard(s) 1 of 3") {
		t.Fatalf("merge-check of a union without shard 1: err %v, want it to name shard 1:\n%s", err, out)
	}
	// Rerunning the failed task completes the run.
	if err := runSlurmTask(bin, partial, 1, passShard); err != nil {
		t.Fatal(err)
	}
	if out, err := check(partial); err != nil {
		t.Fatalf("merge-check after rerunning shard 1: %v\n%s", err, out)
	}
}
