package selfplay

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// benchGames is the number of games per benchmark op at default settings.
const benchGames = 16

func benchConfig(dir string, workers int) Config {
	return Config{Run: runspec.Settings{Out: dir, Games: benchGames, Concurrency: workers, Seed: 1}, Rules: rules.DefaultRules(), Engine: DefaultEngine(),
		Evaluator: mcts.Material{}}
}

func reportRun(b *testing.B, games, positions int64, elapsed, cpu time.Duration) {
	b.ReportMetric(float64(games)/elapsed.Seconds(), "games/s")
	b.ReportMetric(float64(positions)/elapsed.Seconds(), "positions/s")
	if cpu > 0 {
		b.ReportMetric(cpu.Seconds()*1e3/float64(positions), "cpu-ms/position")
	}
}

// BenchmarkSelfplay plays benchGames games at the default self-play
// settings with 1 and 2 workers, writing the dataset, and reports games/s
// and positions/s: the scaling figure of docs/BENCHMARKS.md.
func BenchmarkSelfplay(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.ReportAllocs()
			var games, positions int64
			var elapsed time.Duration
			cpu0 := cpuTime()
			for b.Loop() {
				s, err := Run(context.Background(), benchConfig(b.TempDir(), workers))
				if err != nil {
					b.Fatal(err)
				}
				games, positions, elapsed = games+s.Played, positions+s.Positions, elapsed+s.Elapsed
			}
			reportRun(b, games, positions, elapsed, cpuTime()-cpu0)
		})
	}
}

// BenchmarkSelfplaySink plays the same games with 2 workers into a dataset
// and into a discarding sink: the difference is the writer's cost. It also
// reports the bytes per position row on disk.
func BenchmarkSelfplaySink(b *testing.B) {
	for _, sink := range []string{"discard", "parquet"} {
		b.Run("sink="+sink, func(b *testing.B) {
			b.ReportAllocs()
			var games, positions, bytes int64
			var elapsed time.Duration
			cpu0 := cpuTime()
			for b.Loop() {
				dir := ""
				if sink == "parquet" {
					dir = b.TempDir()
				}
				s, err := Run(context.Background(), benchConfig(dir, 2))
				if err != nil {
					b.Fatal(err)
				}
				games, positions, elapsed = games+s.Played, positions+s.Positions, elapsed+s.Elapsed
				if dir != "" {
					st, err := os.Stat(dataset.PartPath(dir, dataset.TablePositions, "standard", 0))
					if err != nil {
						b.Fatal(err)
					}
					bytes += st.Size()
				}
			}
			reportRun(b, games, positions, elapsed, cpuTime()-cpu0)
			if bytes > 0 {
				b.ReportMetric(float64(bytes)/float64(positions), "bytes/row")
			}
		})
	}
}

// BenchmarkSelfplayMemory plays b.N games (run it with -benchtime 10000x)
// at 64 simulations a move with 2 workers, writing a dataset, and samples
// the live heap and the process's resident memory ten times along the
// run: flat figures mean nothing accumulates per game. It logs the series
// and reports the first and last samples.
func BenchmarkSelfplayMemory(b *testing.B) {
	cfg := benchConfig(b.TempDir(), 2)
	cfg.Engine.Sims = 64
	cfg.Run.Games = int64(b.N)
	step := max(int64(b.N)/10, 1)
	type sample struct {
		games       int64
		heap, rssMB float64
	}
	var samples []sample
	cfg.OnGame = func(g GameStats) {
		if (g.ID+1)%step == 0 {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			samples = append(samples, sample{g.ID + 1, float64(ms.HeapAlloc) / (1 << 20), rssMB()})
		}
	}
	b.ResetTimer()
	s, err := Run(context.Background(), cfg)
	if err != nil {
		b.Fatal(err)
	}
	if len(samples) == 0 {
		return
	}
	var lines []string
	for _, x := range samples {
		lines = append(lines, fmt.Sprintf("games %6d: heap %6.1f MiB, rss %6.1f MiB", x.games, x.heap, x.rssMB))
	}
	b.Logf("%d games, %d positions in %v\n%s", s.Played, s.Positions, s.Elapsed.Round(time.Second), strings.Join(lines, "\n"))
	first, last := samples[0], samples[len(samples)-1]
	b.ReportMetric(first.heap, "heap-first-MiB")
	b.ReportMetric(last.heap, "heap-last-MiB")
	b.ReportMetric(first.rssMB, "rss-first-MiB")
	b.ReportMetric(last.rssMB, "rss-last-MiB")
}

// rssMB returns the process's resident set size from /proc (0 elsewhere).
func rssMB() float64 {
	b, err := os.ReadFile(filepath.Join("/proc", "self", "statm"))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseFloat(f[1], 64)
	return pages * float64(os.Getpagesize()) / (1 << 20)
}
