package train

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/mcts"
)

// StrengthFile is the final comparison's file under Out.
const StrengthFile = "strength.json"

// calibrationPositions is the number of positions, spread over the last
// generation's data, whose searches time each engine (by the thread's CPU
// time on Linux, else the wall clock); calibrationRounds the number of
// timed rounds, of which the fastest counts (the least disturbed by other
// work on the machine).
const (
	calibrationPositions = 96
	calibrationRounds    = 5
)

// Strength is the run's final comparison, made once after the last
// generation: the champion against generation 1 (with its prior, and its
// value head alone, which is what the pipeline fits), against its own
// value head with uniform priors (the prior's gain) and against each of
// Config.Baselines, each at equal simulations and at equal time per move. Equal time is a node budget: each
// engine's simulations a second are measured once on the same positions
// (Rates, recorded), and the cheaper engine gets proportionally more
// simulations, so the matches replay exactly from the recorded budgets.
type Strength struct {
	Champion  int           `json:"champion"`
	Positions int           `json:"calibration_positions"`
	Rates     []Rate        `json:"rates"`
	Matches   []BudgetMatch `json:"matches"`
}

// Rate is an engine's measured search speed, one thread.
type Rate struct {
	Engine        string  `json:"engine"`
	SimsPerSecond float64 `json:"sims_per_second"`
}

// BudgetMatch is one comparison with each side's simulations a move.
type BudgetMatch struct {
	Name  string `json:"name"`
	ASims int    `json:"a_sims"`
	BSims int    `json:"b_sims"`
	Match Match  `json:"match"`
}

// strength plays the final comparison, unless strength.json holds it for
// the same engines.
// strengthEngines are the engines of the final comparison with the
// champion generation champ: the champion first, then each it plays.
func (r *runner[G, P, M]) strengthEngines(champ int) []player[P, M] {
	g1, ch := r.players[1], r.players[champ]
	if r.kit.valueOnly == nil { // no prior: no value head alone to compare
		engines := []player[P, M]{ch}
		if champ != 1 {
			engines = append(engines, g1)
		}
		return append(engines, r.baselines...)
	}
	valueOnly := func(p player[P, M], name string) player[P, M] {
		p.ev = r.kit.valueOnly(p.ev)
		p.name = name
		return p
	}
	engines := []player[P, M]{ch, valueOnly(ch, ch.name+" uniform priors")}
	if champ != 1 { // else generation 1's value head alone is the second engine
		engines = append(engines, g1, valueOnly(g1, g1.name+" value only"))
	}
	return append(engines, r.baselines...)
}

// strengthGames is how many games the final comparison plays with the
// champion generation champ: each opponent at equal simulations and at
// equal time.
func (r *runner[G, P, M]) strengthGames(champ int) int {
	if champ == 0 || r.cfg.StrengthGames == 0 {
		return 0
	}
	return (len(r.strengthEngines(champ)) - 1) * 2 * r.cfg.StrengthGames
}

func (r *runner[G, P, M]) strength(ctx context.Context) (*Strength, error) {
	c := &r.cfg
	champ := r.ladder.Champion
	if r.strengthGames(champ) == 0 { // no comparison, or no opponent
		return nil, nil
	}
	engines := r.strengthEngines(champ)
	ch := engines[0]
	path := c.path(StrengthFile)
	var old Strength
	if atomicfile.ReadJSON(path, &old) == nil && old.Champion == champ && len(old.Rates) == len(engines) {
		// The budgets are calibrated once: a resumed run keeps them.
		for i, e := range engines {
			if old.Rates[i].Engine != e.name {
				old.Rates = nil
				break
			}
		}
	} else {
		old.Rates = nil
	}
	s := &Strength{Champion: champ, Positions: calibrationPositions, Rates: old.Rates}
	if s.Rates == nil {
		r.logf("strength: timing %d engines on %d positions of generation %d's data", len(engines), calibrationPositions, c.Generations)
		rates, err := r.calibrate(engines)
		if err != nil {
			return nil, err
		}
		for i, e := range engines {
			s.Rates = append(s.Rates, Rate{Engine: e.name, SimsPerSecond: rates[i]})
		}
	}
	rate := map[string]float64{}
	for _, x := range s.Rates {
		rate[x.Engine] = x.SimsPerSecond
	}
	base := c.Match.Sims
	for i, opp := range engines[1:] {
		for _, equalTime := range []bool{false, true} {
			a, b := ch, opp
			budget := "equal simulations"
			if equalTime {
				b.cfg.Sims = max(1, int(math.Round(float64(base)*rate[b.name]/rate[a.name])))
				budget = "equal time"
			}
			name := fmt.Sprintf("%s vs %s, %s", a.name, b.name, budget)
			file := c.path(fmt.Sprintf("strength-%d-%v.json", i, equalTime))
			// The two matches of an opponent differ in their budgets alone:
			// the log says which is played.
			m, _, err := r.match(ctx, file, "strength", c.Generations, c.StrengthGames, a, b,
				fmt.Sprintf(" at %s (%d and %d simulations a move)", budget, a.cfg.Sims, b.cfg.Sims))
			if err != nil {
				return nil, err
			}
			s.Matches = append(s.Matches, BudgetMatch{Name: name, ASims: a.cfg.Sims, BSims: b.cfg.Sims, Match: m})
		}
	}
	if err := atomicfile.WriteJSON(path, s); err != nil {
		return nil, err
	}
	return s, nil
}

// calibrate returns each engine's simulations a second, one thread, from
// fresh searches of positions spread over the last generation's data.
func (r *runner[G, P, M]) calibrate(engines []player[P, M]) ([]float64, error) {
	c := &r.cfg
	var fens []string
	dir := c.path(genDir(c.Generations), DataDir)
	err := dataset.ScanPositions(dir, r.kit.partition(), []string{dataset.ColFEN}, func(p *dataset.PositionRow) error {
		fens = append(fens, p.FEN)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(fens) == 0 {
		return nil, fmt.Errorf("no positions in %s to time the engines on", dir)
	}
	var games []*game.Line[G, P, M]
	for i := range calibrationPositions {
		p, err := r.kit.rules.ParsePosition(fens[i*len(fens)/calibrationPositions])
		if err != nil {
			return nil, err
		}
		g, err := game.NewLine(r.kit.rules, p)
		if err != nil {
			return nil, err
		}
		if !g.IsTerminal() {
			games = append(games, g)
		}
	}
	searchers := make([]*mcts.SearcherOf[G, P, M], len(engines))
	for i, e := range engines {
		cfg := e.cfg
		cfg.ReuseTree = false
		var oracle game.Oracle[P, M]
		if r.kit.match.Tables != nil {
			if oracle, err = r.kit.match.Tables(cfg.Tablebase, r.kit.rules); err != nil {
				return nil, err
			}
		}
		s, err := mcts.NewSearcherOf(mcts.ConfigOf[G]{Settings: cfg, Seed: mcts.DefaultConfig().Seed, Rules: r.kit.rules}, e.ev, oracle)
		if err != nil {
			return nil, err
		}
		searchers[i] = s
	}
	// Engines take turns position by position, so that a change in the
	// machine's load falls on all of them alike, and each search is timed
	// by the thread's CPU clock where there is one (the work, not the
	// load); the fastest round counts.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock := func() time.Duration {
		if d, ok := threadCPU(); ok {
			return d
		}
		return time.Since(r.start)
	}
	best := make([]time.Duration, len(engines))
	sims := make([]int, len(engines))
	for round := range calibrationRounds {
		spent := make([]time.Duration, len(engines))
		done := make([]int, len(engines))
		for _, g := range games {
			for i, s := range searchers {
				t := clock()
				done[i] += s.Search(g).Sims
				spent[i] += clock() - t
			}
		}
		for i := range engines {
			if round == 0 || spent[i] < best[i] {
				best[i], sims[i] = spent[i], done[i]
			}
		}
	}
	rates := make([]float64, len(engines))
	for i := range rates {
		rates[i] = float64(sims[i]) / max(best[i], time.Microsecond).Seconds()
	}
	return rates, nil
}
