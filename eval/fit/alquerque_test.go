package fit_test

import (
	"context"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/rules"
)

// alquerqueSamples returns the positions of seeded random games of
// Alquerque as samples (Red holding White's pieces), games games of up to
// 100 plies, each position's result the game's sign of the material at
// its end for the side to move.
func alquerqueSamples(seed uint64, games int) fit.Samples {
	rng := rand.New(rand.NewPCG(seed, 32))
	var out fit.Samples
	var buf [alquerque.MaxMoves]alquerque.Move
	for g := range games {
		p := alquerque.Start()
		first := len(out)
		for range 100 {
			moves := p.GenerateMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			out = append(out, fit.Sample{Red: rules.Bitboard(p.Pieces(alquerque.White)), Black: rules.Bitboard(p.Pieces(alquerque.Black)),
				Side: rules.Color(p.SideToMove()), NoCapture: p.NoCapturePlies(), GameID: int64(g)})
			p = p.Apply(moves[rng.IntN(len(moves))])
		}
		d := float64(p.Count(alquerque.White) - p.Count(alquerque.Black))
		for i := first; i < len(out); i++ {
			v := math.Copysign(1, d)
			if d == 0 {
				v = 0
			}
			if out[i].Side == rules.Black {
				v = -v
			}
			out[i].Result = v
		}
	}
	return out
}

// TestFitAlquerquePatternsRecoversAKnownModel is
// TestFitPatternsRecoversAKnownModel for Alquerque: soft targets made by a
// known Alquerque pattern evaluator, fitted by the same machinery
// (FitAlquerquePatterns), come back close to the known scores.
func TestFitAlquerquePatternsRecoversAKnownModel(t *testing.T) {
	var hand [eval.NumPhaseBands]eval.AlquerqueVector
	var pat [eval.NumPhaseBands][]float64
	rng := rand.New(rand.NewPCG(9, 10))
	for b := range eval.NumPhaseBands {
		hand[b][eval.AqMaterial] = 0.4
		hand[b][eval.AqAttacksOwn] = 0.3
		pat[b] = make([]float64, eval.NumAlquerquePatternSlots())
		// Weights on the line families, which the rows see often enough
		// to pin down.
		for i := range 4 * 135 {
			pat[b][i] = 0.3 * rng.NormFloat64()
		}
	}
	truth, err := eval.NewAlquerquePatterns(hand, pat)
	if err != nil {
		t.Fatal(err)
	}
	rows := alquerqueSamples(21, 400)
	score := func(r *fit.Sample) float64 {
		own, opp := alquerque.Bitboard(r.Red), alquerque.Bitboard(r.Black)
		if r.Side == rules.Black {
			own, opp = opp, own
		}
		return truth.ScoreBoards(own, opp, r.NoCapture)
	}
	for i := range rows {
		rows[i].RootValue = math.Tanh(score(&rows[i]) / 2)
	}
	opt := fit.PatternFitOptions{FitOptions: fit.DefaultFitOptions(), PatternLambda: 1e-6}
	opt.Blend, opt.Lambda, opt.Workers, opt.MaxIterations = 1, 1e-6, 2, 150
	res, err := fit.FitAlquerquePatterns(context.Background(), rows, opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Report.FeatureSetVersion != eval.AlquerqueFeatureSetVersion || res.Report.Holdout.Positions == 0 {
		t.Fatalf("report: feature set %d, %d held-out positions", res.Report.FeatureSetVersion, res.Report.Holdout.Positions)
	}
	var se, s, ss, n float64
	for i := range rows {
		r := &rows[i]
		if fit.InHoldout(r.GameID, opt.Seed, opt.Holdout) {
			continue
		}
		own, opp := alquerque.Bitboard(r.Red), alquerque.Bitboard(r.Black)
		if r.Side == rules.Black {
			own, opp = opp, own
		}
		z := score(r)
		d := res.Model.ScoreBoards(own, opp, r.NoCapture) - z
		se, s, ss, n = se+d*d, s+z, ss+z*z, n+1
	}
	rmse, spread := math.Sqrt(se/n), math.Sqrt(ss/n-(s/n)*(s/n))
	t.Logf("training rows' RMS score error %.4f (the known scores spread %.4f), %d iterations, %s, %d training rows", rmse, spread, res.Report.Iterations, res.Report.Status, res.Report.Train.Positions)
	if rmse > 0.05*spread {
		t.Fatalf("RMS score error %.4f, more than 5%% of the known scores' spread %.4f", rmse, spread)
	}
}

// TestFitAlquerquePatternsLearnsMaterial fits the results of random games
// (decided by the material at their end): the fitted model must beat the
// uniform guess on the held-out games and give the side ahead in
// material the better value.
func TestFitAlquerquePatternsLearnsMaterial(t *testing.T) {
	rows := alquerqueSamples(5, 600)
	opt := fit.PatternFitOptions{FitOptions: fit.DefaultFitOptions(), PatternLambda: fit.DefaultPatternLambda}
	opt.Workers, opt.MaxIterations = 2, 100
	res, err := fit.FitAlquerquePatterns(context.Background(), rows, opt)
	if err != nil {
		t.Fatal(err)
	}
	h := res.Report.Holdout
	t.Logf("held-out log-loss %.4f (baseline %.4f, uniform %.4f)", h.LogLoss, h.BaselineLogLoss, math.Ln2)
	if !(h.LogLoss < math.Ln2) {
		t.Fatalf("held-out log-loss %.4f, no better than a uniform guess (%.4f)", h.LogLoss, math.Ln2)
	}
	up, _ := alquerque.ParsePosition("bbbb1/bbbb1/1b1ww/wwwww/wwwww w 0 9")
	down := up.WithSideToMove(alquerque.Black)
	if vu, vd := res.Model.Value(&up), res.Model.Value(&down); !(vu > 0 && vd < 0) {
		t.Fatalf("three pieces up: value %.3f to move, %.3f for the side three down", vu, vd)
	}
}

// writeAlquerqueDataset writes n seeded games of random moves of
// Alquerque, played to their end by the rules (alquerque.Game), as one
// part of a self-play dataset in dir, through the dataset's rows of any
// game (FillPositionOf, SetResultsOf, FillGameOf).
func writeAlquerqueDataset(t *testing.T, dir string, seed uint64, n int64) {
	t.Helper()
	r := alquerque.DefaultRules()
	rng := rand.New(rand.NewPCG(seed, 33))
	var games []dataset.GameRow
	var positions []dataset.PositionRow
	var buf [alquerque.MaxMoves]alquerque.Move
	for id := range n {
		g, err := alquerque.NewGame(r, alquerque.Start())
		if err != nil {
			t.Fatal(err)
		}
		first := len(positions)
		for !g.IsTerminal() {
			p := g.Position()
			moves := g.LegalMoves(buf[:0])
			m := moves[rng.IntN(len(moves))]
			var row dataset.PositionRow
			dataset.FillPositionOf(&row, r, id, g.Ply(), &p, p.Encode(m))
			positions = append(positions, row)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		dataset.SetResultsOf(positions[first:], g.Outcome().Game())
		var gr dataset.GameRow
		dataset.FillGameOf(&gr, r, id, seed, 0, g.Start(), g.Moves(), g.Outcome().Game())
		games = append(games, gr)
	}
	run := dataset.Run{SchemaVersion: dataset.SchemaVersion, Game: r.Name(), Variant: r.Variant.String(), Rules: r.String(),
		Engine: setting.JSON(`{"random":true}`), Seed: seed, Games: n}
	if err := dataset.ClaimPartition(dir, run); err != nil {
		t.Fatal(err)
	}
	if err := dataset.WritePart(dir, dataset.FileMeta{Run: run, Shards: 1, FirstGame: 0, LastGame: n - 1}, games, positions); err != nil {
		t.Fatal(err)
	}
}

// TestFitWeightsFitsAnAlquerqueDataset fits an Alquerque dataset as fit
// --game alquerque does: the positions are read from their text, the model
// file written is an Alquerque model that eval's Alquerque opener opens,
// its recorded variant is the dataset's Alquerque partition, and it values
// the side with more pieces higher; Surakarta's fit of the same directory
// is refused, naming the game setting, and with no game given the fit is
// the dataset's own game's.
func TestFitWeightsFitsAnAlquerqueDataset(t *testing.T) {
	dir := t.TempDir()
	writeAlquerqueDataset(t, dir, 7, 300)
	out := filepath.Join(t.TempDir(), "alq.json")
	var stderr strings.Builder
	rep, err := fit.FitWeights(context.Background(), fit.WeightsFit{Dir: dir, Game: eval.AlquerqueGame, Weights: out, Options: fit.DefaultFitOptions(), Stderr: &stderr, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Variant != "alquerque/standard" || rep.FeatureSetVersion != eval.AlquerqueFeatureSetVersion || rep.Holdout.Positions == 0 {
		t.Fatalf("report: variant %q, feature set %d, %d held-out positions", rep.Variant, rep.FeatureSetVersion, rep.Holdout.Positions)
	}
	o, err := eval.OpenAlquerqueEvaluator(out)
	if err != nil {
		t.Fatal(err)
	}
	up, _ := alquerque.ParsePosition("bbbb1/bbbb1/1b1ww/wwwww/wwwww w 0 9")
	down := up.WithSideToMove(alquerque.Black)
	vu, _ := o.Evaluator.Evaluate(&up, nil, nil)
	vd, _ := o.Evaluator.Evaluate(&down, nil, nil)
	if !(vu > vd) {
		t.Fatalf("three pieces up: value %.3f to move, %.3f for the side three down", vu, vd)
	}
	_, err = fit.FitWeights(context.Background(), fit.WeightsFit{Dir: dir, Game: "surakarta", Weights: out, Options: fit.DefaultFitOptions(), Stderr: &stderr, Quiet: true})
	if !setting.Advises(err, setting.Set("game", "alquerque")) {
		t.Fatalf("a Surakarta fit of an Alquerque dataset: %v", err)
	}
	// No game given: the dataset's own, as stats and verify read it.
	own := filepath.Join(t.TempDir(), "own.json")
	if _, err := fit.FitWeights(context.Background(), fit.WeightsFit{Dir: dir, Weights: own, Options: fit.DefaultFitOptions(), Stderr: &stderr, Quiet: true}); err != nil {
		t.Fatalf("a fit of an Alquerque dataset with no game given: %v", err)
	}
	if _, err := eval.OpenAlquerqueEvaluator(own); err != nil {
		t.Fatalf("a fit of an Alquerque dataset with no game given wrote no Alquerque model: %v", err)
	}
}
