package mcts

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/surakarta/surakarta/rules"
)

// benchSims is the size of each search a benchmark runs; b.N counts
// simulations, so ns/op is nanoseconds per simulation and allocs/op is
// allocations per simulation.
const benchSims = 10000

func benchSearch(b *testing.B, fen string, leaf LeafMode, threads int) {
	cfg := DefaultConfig()
	cfg.Leaf = leaf
	cfg.PlayoutPlies = 40
	cfg.ReuseTree = false
	s := mustSearcher(b, cfg, Material{})
	g := mustGame(b, cfg.Rules, fen)
	s.cfg.Sims = benchSims
	s.SearchParallel(g, threads) // grow arenas and buffers
	nodes, searches := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for done := 0; done < b.N; {
		s.cfg.Sims = min(benchSims, b.N-done)
		r := s.SearchParallel(g, threads)
		done += s.cfg.Sims
		nodes += r.Nodes
		searches++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "sims/s")
	if b.N >= benchSims {
		b.ReportMetric(float64(nodes)/float64(b.N), "nodes/sim")
	}
}

var benchPositions = []struct{ name, fen string }{
	{"start", rules.StartFEN},
	{"middle", middlegame},
}

// BenchmarkSearch: one thread, per position and leaf mode.
func BenchmarkSearch(b *testing.B) {
	for _, pos := range benchPositions {
		for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
			name := leaf.String()
			if leaf == LeafPlayout {
				name = "playout40"
			}
			b.Run(pos.name+"/"+name, func(b *testing.B) { benchSearch(b, pos.fen, leaf, 1) })
		}
	}
}

// BenchmarkSearchParallel: tree-parallel search of the middlegame position;
// compare sims/s of threads=2 with threads=1.
func BenchmarkSearchParallel(b *testing.B) {
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%v/threads=%d", leaf, threads), func(b *testing.B) {
				benchSearch(b, middlegame, leaf, threads)
			})
		}
	}
}

// BenchmarkIndependentSearchers is the ceiling for BenchmarkSearchParallel:
// threads searchers on their own trees, nothing shared, sims/s in all. On a
// machine whose cores are busy with other work it shows how much of the
// parallel speedup the machine itself allowed at that moment.
func BenchmarkIndependentSearchers(b *testing.B) {
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%v/threads=%d", leaf, threads), func(b *testing.B) {
				cfg := DefaultConfig()
				cfg.Leaf = leaf
				cfg.ReuseTree = false
				cfg.Sims = benchSims
				ss := make([]*Searcher, threads)
				for i := range ss {
					ss[i] = mustSearcher(b, cfg, Material{})
					ss[i].Search(mustGame(b, cfg.Rules, middlegame))
				}
				b.ReportAllocs()
				b.ResetTimer()
				done := make(chan struct{})
				per := (b.N + threads - 1) / threads
				for _, s := range ss {
					go func() {
						g := mustGame(b, cfg.Rules, middlegame)
						for n := 0; n < per; n += benchSims {
							s.cfg.Sims = min(benchSims, per-n)
							s.Search(g)
						}
						done <- struct{}{}
					}()
				}
				for range ss {
					<-done
				}
				b.ReportMetric(float64(per*threads)/b.Elapsed().Seconds(), "sims/s")
			})
		}
	}
}

// BenchmarkParallelSpeedup measures tree-parallel scaling robustly on a
// shared machine: each round times a 1-thread and a 2-thread search of the
// same position back to back (and, as the machine's ceiling, two independent
// searchers). speedup-2threads compares the fastest round of each kind;
// speedup-2threads-median is the median over rounds of each round's own
// ratio, which a machine whose speed drifts between rounds disturbs less
// (likewise the two ceilings). Run it with -benchtime 20x or so; the
// metrics are the speedups, not ns/op.
//
// Wall-clock speedups need two idle cores. The cpu-efficiency metrics do
// not: they compare simulations per CPU-second (process user+system time)
// of the 2-thread search (and of the independent searchers) with the
// 1-thread one, so they show the cost of sharing the tree (atomics, cache
// lines moving between cores) even while other work competes for the
// cores; on two idle cores the speedup is about 2 × efficiency.
func BenchmarkParallelSpeedup(b *testing.B) {
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		b.Run(leaf.String(), func(b *testing.B) {
			cfg := DefaultConfig()
			cfg.Leaf = leaf
			cfg.ReuseTree = false
			cfg.Sims = 2 * benchSims
			if leaf == LeafPlayout {
				cfg.Sims = benchSims / 2
			}
			g := mustGame(b, cfg.Rules, middlegame)
			one, two := mustSearcher(b, cfg, Material{}), mustSearcher(b, cfg, Material{})
			ind := [2]*Searcher{mustSearcher(b, cfg, Material{}), mustSearcher(b, cfg, Material{})}
			one.Search(g)
			two.SearchParallel(g, 2)
			var wall, cpu [3]time.Duration
			for k := range wall {
				wall[k], cpu[k] = math.MaxInt64, math.MaxInt64
			}
			var round [3]time.Duration
			timeIt := func(k int, f func()) {
				c0 := cpuTime(b)
				start := time.Now()
				f()
				round[k] = time.Since(start)
				wall[k] = min(wall[k], round[k])
				cpu[k] = min(cpu[k], cpuTime(b)-c0)
			}
			var speedups, ceilings []float64
			for range b.N {
				timeIt(0, func() { one.Search(g) })
				timeIt(1, func() { two.SearchParallel(g, 2) })
				timeIt(2, func() {
					var wg sync.WaitGroup
					for _, s := range ind {
						wg.Go(func() { s.Search(mustGame(b, cfg.Rules, middlegame)) })
					}
					wg.Wait()
				})
				speedups = append(speedups, float64(round[0])/float64(round[1]))
				ceilings = append(ceilings, 2*float64(round[0])/float64(round[2]))
			}
			b.ReportMetric(float64(cfg.Sims)/wall[0].Seconds(), "sims/s-1thread")
			b.ReportMetric(float64(wall[0])/float64(wall[1]), "speedup-2threads")
			b.ReportMetric(2*float64(wall[0])/float64(wall[2]), "ceiling-2independent")
			b.ReportMetric(median(speedups), "speedup-2threads-median")
			b.ReportMetric(median(ceilings), "ceiling-2independent-median")
			b.ReportMetric(float64(cpu[0])/float64(cpu[1]), "cpu-efficiency-2threads")
			b.ReportMetric(2*float64(cpu[0])/float64(cpu[2]), "cpu-efficiency-2independent")
		})
	}
}

// median returns the median of xs (sorting xs).
func median(xs []float64) float64 {
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// cpuTime returns the process's user and system CPU time so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Skip("getrusage:", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCacheLineTransfer measures what one tree-parallel thread pays
// when it touches a node the other has just written: two goroutines take
// turns incrementing a counter on its own cache line, so every turn moves
// the line from one core's cache to the other's. ns/op is one transfer.
// Run it next to ParallelSpeedup: the CPU a shared tree costs per
// simulation is about (lines the other thread wrote and this one reads per
// simulation) × this figure.
func BenchmarkCacheLineTransfer(b *testing.B) {
	if runtime.GOMAXPROCS(0) < 2 {
		b.Skip("needs two cores")
	}
	var line struct {
		_ [64]byte
		v atomic.Int64
		_ [56]byte
	}
	// Both goroutines must be running before the clock starts: a turn
	// that waits for a goroutine to be scheduled is not a transfer.
	var ready, start atomic.Int32
	turns := int64(b.N)
	var wg sync.WaitGroup
	for parity := range int64(2) {
		wg.Go(func() {
			ready.Add(1)
			for start.Load() == 0 {
			}
			for i := parity; i < turns; i += 2 {
				for line.v.Load() != i {
				}
				line.v.Store(i + 1)
			}
		})
	}
	for ready.Load() < 2 {
		runtime.Gosched()
	}
	b.ResetTimer()
	start.Store(1)
	wg.Wait()
}
