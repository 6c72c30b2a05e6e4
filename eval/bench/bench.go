package bench

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"time"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// DefaultSims is the simulations of each position's search (analyze's
// default); the signature (Signature) is the bench's at this count.
const DefaultSims = 10000

// Signature is the bench's signature at DefaultSims for this build's
// search. TestBenchSignatureIsThisBuilds pins it and docs/BENCHMARKS.md
// quotes it: a change of the search's behaviour (the search, the shipped
// model, the positions, the engine's defaults) fails that test, and is
// then recorded here and in the docs on purpose.
const Signature = "4e0b31f6f2bc84ac"

// Seed seeds every position's search.
const Seed = 1

// Engine returns the engine the bench searches with at sims simulations:
// the strongest engine (runspec.StrongestEngine, the shipped model), no
// tables, no reuse between positions.
func Engine(sims int) mcts.Engine {
	e := runspec.StrongestEngine()
	e.Sims = sims
	return e
}

// Searched is one position's search.
type Searched struct {
	FEN     string `json:"fen"`
	Variant string `json:"variant"`
	Kind    string `json:"kind"`
	// Sims is the simulations run (fewer than asked where the solver
	// proved the position first); Nodes the tree's node slots after the
	// search (mcts.Result.Nodes: the search reserves them in blocks, so
	// it is a coarse count).
	Sims  int    `json:"sims"`
	Nodes int    `json:"nodes"`
	Best  string `json:"best"`
	// Visits is the root's visit count of each move in the search's
	// order (mcts.Result.Moves), what the signature hashes with the
	// proofs and the principal variation.
	Visits []int `json:"visits"`
	// Seconds is the search's wall-clock time.
	Seconds float64 `json:"seconds"`
}

// Result is a bench run.
type Result struct {
	// Engine is the engine's settings in its text form, Evaluator the
	// identity of the model it searched with.
	Engine    string `json:"engine"`
	Evaluator string `json:"evaluator"`
	// SimsEach is the simulations asked of each position.
	SimsEach  int        `json:"sims_each"`
	Positions []Searched `json:"positions"`
	// Sims and Nodes are the totals.
	Sims  int `json:"sims"`
	Nodes int `json:"nodes"`
	// Signature is the FNV-1a hash of every search's integers in order
	// (sims, best move, proof, each root move's code, visits, proof and
	// distance, the principal variation), in hex: at a fixed count of
	// simulations the totals hardly move when the search changes (the
	// simulations are the budget; the tree is reserved in blocks), the
	// hash does.
	Signature string `json:"signature"`
	// Seconds is the searches' total wall-clock time; the speeds divide
	// the totals by it.
	Seconds        float64 `json:"seconds"`
	SimsPerSecond  float64 `json:"sims_per_second"`
	NodesPerSecond float64 `json:"nodes_per_second"`
}

// Run searches every position of Positions at sims simulations on one
// thread, each from a fresh tree with Seed, and returns the totals; the
// positions searched are counted as progress on stderr (nil: none).
func Run(sims int, stderr io.Writer) (*Result, error) {
	e := Engine(sims)
	res := &Result{Engine: e.Text(), SimsEach: sims}
	sig := fnv.New64a()
	var ev mcts.Evaluator
	rep := progress.Start(stderr, progress.Options{Unit: "positions", Total: int64(len(Positions)), Quiet: stderr == nil})
	defer rep.Stop()
	for i, bp := range Positions {
		pos, err := rules.ParseFEN(bp.FEN)
		if err != nil {
			return nil, fmt.Errorf("bench position %d: %w", i+1, err)
		}
		g, err := rules.NewGame(bp.Rules(), pos)
		if err != nil {
			return nil, fmt.Errorf("bench position %d: %w", i+1, err)
		}
		cfg, o, err := eval.OpenEngine(e, bp.Rules(), Seed)
		if err != nil {
			return nil, err
		}
		if ev == nil { // opened once: every position searches with the same model
			ev, res.Evaluator = o.Evaluator, o.Identity
		}
		s, err := mcts.NewSearcher(cfg, ev)
		if err != nil {
			return nil, err
		}
		start := time.Now()
		r := s.Search(g)
		took := time.Since(start).Seconds()
		sp := Searched{FEN: bp.FEN, Variant: bp.Variant.String(), Kind: bp.Kind,
			Sims: r.Sims, Nodes: r.Nodes, Best: r.Best.String(), Seconds: took}
		words := []uint64{uint64(r.Sims), uint64(r.Best), uint64(r.Proof), uint64(r.Distance), uint64(len(r.Moves))}
		for _, m := range r.Moves {
			sp.Visits = append(sp.Visits, m.Visits)
			words = append(words, uint64(m.Move), uint64(m.Visits), uint64(m.Proof), uint64(m.Distance))
		}
		words = append(words, uint64(len(r.PV)))
		for _, m := range r.PV {
			words = append(words, uint64(m))
		}
		for _, w := range words {
			sig.Write(binary.LittleEndian.AppendUint64(nil, w))
		}
		res.Positions = append(res.Positions, sp)
		res.Sims += r.Sims
		res.Nodes += r.Nodes
		res.Seconds += took
		rep.Add(1)
	}
	res.Signature = fmt.Sprintf("%016x", sig.Sum64())
	if res.Seconds > 0 {
		res.SimsPerSecond = float64(res.Sims) / res.Seconds
		res.NodesPerSecond = float64(res.Nodes) / res.Seconds
	}
	return res, nil
}

// WriteText prints the result as bench prints it: a line per position,
// then the totals, the signature and the speed.
func (r *Result) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "bench: %d positions, %d simulations each, 1 thread, seed %d\nengine: %s (evaluator %s)\n\n",
		len(r.Positions), r.SimsEach, Seed, r.Engine, r.Evaluator)
	for i, p := range r.Positions {
		fmt.Fprintf(w, "%2d %-8s %-10s %6d sims %8d nodes  best %-12s %s\n", i+1, p.Variant, p.Kind, p.Sims, p.Nodes, p.Best, p.FEN)
	}
	_, err := fmt.Fprintf(w, "\nsimulations %d\nnodes       %d\nsignature   %s\ntime        %.3f s\nspeed       %.0f sims/s, %.0f nodes/s\n",
		r.Sims, r.Nodes, r.Signature, r.Seconds, r.SimsPerSecond, r.NodesPerSecond)
	return err
}
