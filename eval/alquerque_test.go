package eval_test

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
)

// alquerquePositions returns the positions of seeded random games of
// Alquerque from the start, n in all.
func alquerquePositions(seed uint64, n int) []alquerque.Position {
	rng := rand.New(rand.NewPCG(seed, 30))
	var out []alquerque.Position
	var buf [alquerque.MaxMoves]alquerque.Move
	for len(out) < n {
		p := alquerque.Start()
		for ply := 0; ply < 120 && len(out) < n; ply++ {
			moves := p.GenerateMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			out = append(out, p)
			p = p.Apply(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

// randomAlquerquePatterns is an Alquerque pattern evaluator with random
// weights of the size fitted ones have.
func randomAlquerquePatterns(t testing.TB, seed uint64) *eval.AlquerquePatterns {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 31))
	var hand [eval.NumPhaseBands]eval.AlquerqueVector
	var pat [eval.NumPhaseBands][]float64
	for b := range eval.NumPhaseBands {
		for i := range hand[b] {
			hand[b][i] = 0.1 * rng.NormFloat64()
		}
		pat[b] = make([]float64, eval.NumAlquerquePatternSlots())
		for i := range pat[b] {
			pat[b][i] = 0.3 * rng.NormFloat64()
		}
	}
	e, err := eval.NewAlquerquePatterns(hand, pat)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestAlquerquePatternSetShape pins Alquerque's pattern set: a changed
// count means a changed set, which must bump AlquerquePatternSetVersion.
func TestAlquerquePatternSetShape(t *testing.T) {
	var inst, slots []int
	total := 0
	for _, f := range eval.AlquerquePatternFamilies() {
		inst = append(inst, f.Instances)
		slots = append(slots, f.Slots)
		total += f.Slots
	}
	// The lines come in the orbits of the square's eight symmetries: four
	// edges, four lines next to them, two middles, two long diagonals,
	// four short ones; four corner regions and the centre's. A line is its
	// own image reversed: of its 3^5 = 243 configurations 3^3 = 27 are
	// palindromes, so (243+27)/2 = 135 slots (a middle line's reflection
	// along itself pairs nothing more), a short diagonal's (27+9)/2 = 18;
	// a corner region is fixed by its diagonal's reflection:
	// (3^9+3^6)/2 = 10206; the centre by all eight.
	wantInst := []int{4, 4, 2, 2, 4, 4, 1}
	wantSlots := []int{135, 135, 135, 135, 18, 10206, 2862}
	if !slices.Equal(inst, wantInst) || !slices.Equal(slots, wantSlots) || total != eval.NumAlquerquePatternSlots() {
		t.Fatalf("instances %v, slots %v (%d in all, NumAlquerquePatternSlots %d), want %v and %v",
			inst, slots, total, eval.NumAlquerquePatternSlots(), wantInst, wantSlots)
	}
	if got := len(eval.AlquerquePatternOffsets()); got != 21 {
		t.Fatalf("%d instances, want 21", got)
	}
}

// TestAlquerquePatternsEvaluateSymmetricImagesBitIdentically maps
// positions of random games by every one of the board's sixteen
// symmetries (the colours swapped with the side to move where the map
// swaps them) and requires the very same score: the evaluator is
// colour-blind and symmetric by construction.
func TestAlquerquePatternsEvaluateSymmetricImagesBitIdentically(t *testing.T) {
	e := randomAlquerquePatterns(t, 1)
	for _, p := range alquerquePositions(3, 3000) {
		want := e.Score(&p)
		for _, sym := range alquerque.Symmetries {
			img := sym.Position(&p)
			if got := e.Score(&img); got != want {
				t.Fatalf("%s: %s image scores %v, the position %v", p.Text(), sym, got, want)
			}
		}
	}
}

// TestAlquerqueFeaturesByHand computes the hand features of positions of
// random games from their definitions: material and phase by counting,
// mobility by walking each piece's lines one step, and attacks against
// the rules: a side attacks a piece exactly when it would have to capture
// were it to move (alquerque's own tests check Attacked's set against the
// lines).
func TestAlquerqueFeaturesByHand(t *testing.T) {
	for _, p := range alquerquePositions(5, 2000) {
		stm := p.SideToMove()
		own, opp := p.Pieces(stm), p.Pieces(stm.Other())
		var x eval.AlquerqueVector
		eval.ExtractAlquerque(&x, own, opp, p.NoCapturePlies())
		m := float64(own.Count() - opp.Count())
		phase := float64(own.Count()+opp.Count()) / 24
		if x[eval.AqBias] != 1 || x[eval.AqMaterial] != m || x[eval.AqPhase] != phase || x[eval.AqMaterialXPhase] != m*phase ||
			x[eval.AqMaterialXClock] != m*float64(min(p.NoCapturePlies(), 50))/50 {
			t.Fatalf("%s: material features %v", p.Text(), x[:5])
		}
		for side, want := range map[alquerque.Color][2]int{stm: {eval.AqMobilityOwn, eval.AqAttacksOwn}, stm.Other(): {eval.AqMobilityOpp, eval.AqAttacksOpp}} {
			q := p.WithSideToMove(side)
			steps := 0
			empty := alquerque.BoardMask &^ q.Occupied()
			for b := q.Pieces(side); b != 0; {
				s := b.PopFirst()
				for d := range alquerque.Direction(8) {
					if n := s.Step(d); n != alquerque.NoPoint && empty.Has(n) {
						steps++
					}
				}
			}
			if x[want[0]] != float64(steps) {
				t.Fatalf("%s: %s mobility %v, want %d", p.Text(), side, x[want[0]], steps)
			}
			if (x[want[1]] > 0) != q.MustCapture() {
				t.Fatalf("%s: %s attacks %v pieces, must capture %v", p.Text(), side, x[want[1]], q.MustCapture())
			}
		}
	}
}

// TestAlquerqueEvaluatorsAllocateNothing: the search calls Evaluate at
// every leaf.
func TestAlquerqueEvaluatorsAllocateNothing(t *testing.T) {
	e := randomAlquerquePatterns(t, 2)
	ps := alquerquePositions(9, 64)
	for _, ev := range []eval.AlquerqueEvaluator{eval.AlquerqueMaterial{}, e} {
		i := 0
		if n := testing.AllocsPerRun(1000, func() { ev.Evaluate(&ps[i&63], nil, nil); i++ }); n != 0 {
			t.Errorf("%T: %v allocations an evaluation, want 0", ev, n)
		}
	}
}

// TestAlquerqueMaterialIsMaterialsCurve: Surakarta's curve,
// tanh(d/MaterialScale), on Alquerque's piece difference.
func TestAlquerqueMaterialIsMaterialsCurve(t *testing.T) {
	for _, text := range []string{alquerque.StartText, "5/5/5/2b2/wb3 w 0 1", "5/5/5/2b2/wb3 b 0 1", "bbbbb/bbbbb/bb3/5/w4 w 7 30"} {
		p, err := alquerque.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		stm := p.SideToMove()
		want := float32(math.Tanh(float64(p.Count(stm)-p.Count(stm.Other())) / mcts.MaterialScale))
		if got, pri := (eval.AlquerqueMaterial{}).Evaluate(&p, nil, nil); got != want || pri {
			t.Errorf("%s: %v (priors %v), want %v", text, got, pri, want)
		}
	}
}

// TestAlquerqueModelFileRoundTrip saves an Alquerque pattern model and
// opens it through OpenAlquerqueEvaluator: the same scores (the file holds
// the rounded weights); Surakarta's registry refuses it by its game, and
// Alquerque's refuses Surakarta's models.
func TestAlquerqueModelFileRoundTrip(t *testing.T) {
	e := randomAlquerquePatterns(t, 3)
	path := filepath.Join(t.TempDir(), "alq.json")
	if err := eval.NewAlquerqueModelFile(e, 1, nil).Save(path); err != nil {
		t.Fatal(err)
	}
	o, err := eval.OpenAlquerqueEvaluator(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(o.Identity, "weights sha256:") {
		t.Errorf("identity %q", o.Identity)
	}
	for _, p := range alquerquePositions(4, 500) {
		want, _ := e.Evaluate(&p, nil, nil)
		if got, _ := o.Evaluator.Evaluate(&p, nil, nil); math.Abs(float64(got-want)) > 1e-6 {
			t.Fatalf("%s: the file's model gives %v, the model %v", p.Text(), got, want)
		}
	}
	if _, err := eval.OpenEvaluator(path); !setting.Advises(err, setting.Set("game", "alquerque")) {
		t.Errorf("Surakarta's registry opened an Alquerque model: %v", err)
	}
	if _, err := eval.OpenAlquerqueEvaluator("../experiments/specs/models/trained-colour-blind.json"); err == nil || !strings.Contains(err.Error(), "not of Alquerque") {
		t.Errorf("Alquerque's registry opened a Surakarta model: %v", err)
	}
	if o, err := eval.OpenAlquerqueEvaluator("material"); err != nil || o.Identity != "material" {
		t.Errorf("material: %v %v", o, err)
	}
}

var sinkFloat32 float32

// BenchmarkAlquerqueValue times an evaluation of each of Alquerque's
// evaluators on positions of random games: ns/op an evaluation.
func BenchmarkAlquerqueValue(b *testing.B) {
	ps := alquerquePositions(7, 4096)
	for _, c := range []struct {
		name string
		ev   eval.AlquerqueEvaluator
	}{{"material", eval.AlquerqueMaterial{}}, {"patterns", randomAlquerquePatterns(b, 1)}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				v, _ := c.ev.Evaluate(&ps[i&4095], nil, nil)
				sinkFloat32 += v
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// BenchmarkSearchAlquerqueValue runs value-leaf searches of 10,000
// simulations of Alquerque (one thread, no tree reuse) from the start and
// from a middlegame with each evaluator: ns/op is per simulation, and
// sims/CPU-s the figure the target (500k a core with material)
// reads: simulations per second of the process's CPU time, which a loaded
// machine does not lower as it lowers sims/s (wall-clock).
func BenchmarkSearchAlquerqueValue(b *testing.B) {
	const sims = 10000
	for _, pos := range []struct{ name, text string }{
		{"start", alquerque.StartText},
		{"middle", "b1bbb/bwb1b/bw1w1/1w1ww/w1w1w b 0 9"},
	} {
		for _, c := range []struct {
			name string
			ev   eval.AlquerqueEvaluator
		}{{"material", eval.AlquerqueMaterial{}}, {"patterns", randomAlquerquePatterns(b, 1)}} {
			b.Run(pos.name+"/"+c.name, func(b *testing.B) {
				cfg := mcts.ConfigOf[alquerque.Rules]{Settings: mcts.DefaultSettings(), Seed: 1, Rules: alquerque.DefaultRules()}
				cfg.Leaf = mcts.LeafValue
				cfg.Sims = sims
				cfg.ReuseTree = false
				s, err := mcts.NewSearcherOf(cfg, c.ev, nil)
				if err != nil {
					b.Fatal(err)
				}
				p, err := alquerque.ParsePosition(pos.text)
				if err != nil {
					b.Fatal(err)
				}
				g, err := alquerque.NewGame(cfg.Rules, p)
				if err != nil {
					b.Fatal(err)
				}
				s.Search(g) // grow arenas and buffers
				b.ReportAllocs()
				b.ResetTimer()
				cpu := cpuTime()
				for done := 0; done < b.N; done += sims {
					s.Search(g)
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "sims/s")
				if cpu := cpuTime() - cpu; cpu > 0 {
					b.ReportMetric(float64(b.N)/cpu.Seconds(), "sims/CPU-s")
				}
			})
		}
	}
}
