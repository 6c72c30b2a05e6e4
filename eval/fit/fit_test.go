package fit_test

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

// selfPlayDataset is a small self-play dataset shared by the tests that
// need one: 400 games of the real self-play engine (package selfplay) with
// 16 value-leaf simulations a move, material evaluator, 4 random opening
// plies, played once per test binary.
func selfPlayDataset(t testing.TB) string {
	return testutil.Once(t, "self-play dataset", func(dir string) (string, error) {
		eng := runspec.AsBaseline(selfplay.DefaultEngine())
		eng.Sims = 16
		eng.Leaf = mcts.LeafValue
		_, err := selfplay.Run(context.Background(), selfplay.Config{
			Run:   runspec.Settings{Out: dir, Games: 400, Seed: 5, RandomOpening: 4},
			Rules: rules.DefaultRules(), Engine: eng, Evaluator: mcts.Material{},
		})
		return dir, err
	})
}

func TestMain(m *testing.M) { testutil.Main(m) }

// gamesRows returns the rows of n capture-greedy games under the default
// rules, the same for every caller with the same seed.
func gamesRows(t testing.TB, seed uint64, n int) fit.Samples {
	_, pos := fit.CaptureGames(t, rules.DefaultRules(), seed, n)
	return fit.ToRows(pos)
}

// readSamples reads src's samples, with fields, into memory: each keeps its
// own copy of the visit counts (a scan reuses their buffer) and no legal
// moves (a scan of the copy makes them again).
func readSamples(src fit.Source, fields fit.Fields) (fit.Samples, error) {
	var out fit.Samples
	err := src.Scan(context.Background(), fields, func(s *fit.Sample) error {
		c := *s
		c.Policy, c.Moves = append(c.Policy[:0:0], s.Policy...), nil
		out = append(out, c)
		return nil
	})
	return out, err
}

// mustFit is the fit of src with opt, for tests of what a fit that works
// gives.
func mustFit(t testing.TB, src fit.Source, opt fit.FitOptions) *fit.FitResult {
	t.Helper()
	res, err := fit.Fit(context.Background(), src, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestFitOnSelfPlayBeatsMaterialBaseline is the end-to-end check:
// on a small self-play dataset written by package selfplay and read back
// from Parquet, the full feature set must predict the held-out games'
// results better than material alone (lower log-loss and Brier score), for
// both models. (When written: log-loss 0.60 against 0.65.)
func TestFitOnSelfPlayBeatsMaterialBaseline(t *testing.T) {
	src := fit.DatasetSource{Dir: selfPlayDataset(t), Variant: "standard"}
	for _, m := range []eval.Model{eval.Ridge, eval.Logistic} {
		opt := fit.DefaultFitOptions()
		opt.Model = m
		res := mustFit(t, src, opt)
		h := res.Report.Holdout
		if !(h.LogLoss < h.BaselineLogLoss) || !(h.Brier < h.BaselineBrier) {
			t.Errorf("%s: held-out log-loss %.4f (material %.4f), Brier %.4f (material %.4f): no better than material",
				m, h.LogLoss, h.BaselineLogLoss, h.Brier, h.BaselineBrier)
		}
		if h.Positions == 0 || h.Games == 0 || h.Decisive == 0 {
			t.Errorf("%s: empty held-out report %+v", m, h)
		}
		var calN int64
		for _, b := range h.Calibration {
			calN += b.Positions
		}
		if calN != h.Positions {
			t.Errorf("%s: calibration bins hold %d positions, held out %d", m, calN, h.Positions)
		}
	}
}

// TestFitFromDataset fits the same rows from Parquet and from memory (they
// must agree exactly) and checks the provenance read from the footers.
func TestFitFromDataset(t *testing.T) {
	dir := t.TempDir()
	r := rules.DefaultRules()
	games, pos := fit.CaptureGames(t, r, 2, 150)
	fit.WriteDataset(t, dir, r, 77, games, pos)
	v, err := fit.ResolveVariant(dir, "")
	if err != nil || v != "standard" {
		t.Fatalf("ResolveVariant = %q, %v; want standard", v, err)
	}
	if _, err := fit.ResolveVariant(dir, "majority"); err == nil {
		t.Fatal("ResolveVariant accepted a variant the dataset does not hold")
	}
	opt := fit.DefaultFitOptions()
	opt.Model = eval.Logistic
	res := mustFit(t, fit.DatasetSource{Dir: dir, Variant: v}, opt)
	inMem := mustFit(t, fit.ToRows(pos), opt)
	if !reflect.DeepEqual(res.Report, inMem.Report) {
		t.Fatalf("fit from Parquet differs from the fit of the same rows in memory")
	}
	prov, err := fit.DatasetProvenance(dir, v)
	if err != nil {
		t.Fatal(err)
	}
	if prov.Seed != 77 || prov.Rows != int64(len(pos)) || prov.Games != int64(len(games)) || prov.Revision != "testrev" {
		t.Errorf("provenance %+v: want seed 77, %d rows, %d games, revision testrev", prov, len(pos), len(games))
	}
}

// TestFitSplitsByGame: every position of a game falls on one side, and the
// two sides add up to the whole.
func TestFitSplitsByGame(t *testing.T) {
	rows := gamesRows(t, 3, 120)
	opt := fit.DefaultFitOptions()
	res := mustFit(t, rows, opt)
	side := map[int64]bool{}
	var heldPos int64
	for _, r := range rows {
		h := fit.InHoldout(r.GameID, opt.Seed, opt.Holdout)
		if prev, ok := side[r.GameID]; ok && prev != h {
			t.Fatalf("game %d falls on both sides", r.GameID)
		}
		side[r.GameID] = h
		if h {
			heldPos++
		}
	}
	rep := res.Report
	if rep.Holdout.Positions != heldPos || rep.Total().Positions != int64(len(rows)) {
		t.Errorf("positions: train %d + held out %d, want %d held out of %d", rep.Train.Positions, rep.Holdout.Positions, heldPos, len(rows))
	}
	if rep.Total().Games != int64(len(side)) {
		t.Errorf("games: train %d + held out %d, want %d", rep.Train.Games, rep.Holdout.Games, len(side))
	}
	frac := float64(rep.Holdout.Games) / float64(len(side))
	if frac < 0.08 || frac > 0.35 {
		t.Errorf("%.2f of the games held out, asked for 0.2", frac)
	}
}

// TestFitIsReproducible: the same options give the same report; another
// seed moves games across the split.
func TestFitIsReproducible(t *testing.T) {
	rows := gamesRows(t, 4, 100)
	for _, m := range []eval.Model{eval.Ridge, eval.Logistic} {
		opt := fit.DefaultFitOptions()
		opt.Model = m
		a := mustFit(t, rows, opt)
		opt.Workers = 1
		b := mustFit(t, rows, opt)
		if !reflect.DeepEqual(a.Report, b.Report) {
			t.Fatalf("%s: two fits with the same options (2 and 1 workers) differ", m)
		}
		opt.Seed = 2
		c := mustFit(t, rows, opt)
		if c.Report.Holdout.Positions == a.Report.Holdout.Positions {
			t.Fatalf("%s: seed 2 held out as many positions as seed 1: the seed does not reach the split", m)
		}
	}
}

// TestFitBlendUsesRootValue: with blend 1 the target is the root value,
// here tanh(material/3), which the features fit far more closely than
// the game results.
func TestFitBlendUsesRootValue(t *testing.T) {
	rows := gamesRows(t, 5, 100)
	opt := fit.DefaultFitOptions()
	res0 := mustFit(t, rows, opt)
	opt.Blend = 1
	res1 := mustFit(t, rows, opt)
	if !(res1.Report.TrainLoss < 0.03 && res0.Report.TrainLoss > 0.3) {
		t.Errorf("training MSE %.4f on results, %.4f on root values: the blend does not reach the target", res0.Report.TrainLoss, res1.Report.TrainLoss)
	}
}

func TestFitRefusesBadInput(t *testing.T) {
	rows := gamesRows(t, 6, 20)
	bad := func(mod func(*fit.FitOptions), want string) {
		t.Helper()
		opt := fit.DefaultFitOptions()
		mod(&opt)
		_, err := fit.Fit(context.Background(), rows, opt)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got error %v, want one mentioning %q", err, want)
		}
	}
	bad(func(o *fit.FitOptions) { o.Lambda = 0 }, "lambda 0: want a positive number")
	bad(func(o *fit.FitOptions) { o.Holdout = 1 }, "holdout 1:")
	bad(func(o *fit.FitOptions) { o.Holdout = 0 }, "holdout 0:")
	bad(func(o *fit.FitOptions) { o.Blend = 1.5 }, "blend 1.5:")
	bad(func(o *fit.FitOptions) { o.Model = "tree" }, `model "tree": want ridge or logistic`)
	bad(func(o *fit.FitOptions) { o.MaxIterations = 0 }, "max_iterations 0: want at least 1")
	bad(func(o *fit.FitOptions) { o.Workers = -1 }, "workers -1:")

	broken := append(fit.Samples(nil), rows...)
	broken[3].Black |= broken[3].Red
	if _, err := fit.Fit(context.Background(), broken, fit.DefaultFitOptions()); err == nil || !strings.Contains(err.Error(), "bitboards") {
		t.Errorf("overlapping bitboards: got %v", err)
	}
	broken = append(fit.Samples(nil), rows...)
	broken[5].Result = 2
	if _, err := fit.Fit(context.Background(), broken, fit.DefaultFitOptions()); err == nil || !strings.Contains(err.Error(), "result") {
		t.Errorf("result 2: got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := fit.Fit(ctx, rows, fit.DefaultFitOptions()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: got %v", err)
	}
}

// TestHoldoutMetricsKnownAnswer checks the metric definitions on a
// hand-computed case: every held-out prediction of a ridge model whose only
// weight is a bias of 0.5 is v = 0.5, p = 0.75.
func TestHoldoutMetricsKnownAnswer(t *testing.T) {
	// Rows whose features are all those of the start position; the results
	// alternate win, loss, draw by game, so the fitted bias is their mean.
	var rows fit.Samples
	start := rules.Start()
	results := []float64{1, 1, 1, -1} // mean 0.5
	for id := 0; id < 400; id++ {
		rows = append(rows, fit.Sample{Red: start.Red(), Black: start.Black(), Side: rules.Red, Result: results[id%4], GameID: int64(id)})
	}
	opt := fit.DefaultFitOptions()
	res := mustFit(t, rows, opt)
	h := res.Report.Holdout
	// The held-out games are a hash-chosen subset; recompute their mean
	// target by hand from the same split.
	var wins, n float64
	for _, r := range rows {
		if fit.InHoldout(r.GameID, opt.Seed, opt.Holdout) {
			n++
			if r.Result > 0 {
				wins++
			}
		}
	}
	// Training mean of the results decides v; recompute it the same way.
	var sum, m float64
	for _, r := range rows {
		if !fit.InHoldout(r.GameID, opt.Seed, opt.Holdout) {
			sum += r.Result
			m++
		}
	}
	v := sum / m
	p := (1 + v) / 2
	q := wins / n
	wantLL := -(q*math.Log(p) + (1-q)*math.Log(1-p))
	wantBrier := q*(1-p)*(1-p) + (1-q)*p*p
	wantMSE := q*(1-v)*(1-v) + (1-q)*(1+v)*(1+v)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"log-loss", h.LogLoss, wantLL}, {"Brier", h.Brier, wantBrier}, {"MSE", h.MSE, wantMSE},
		{"sign accuracy", h.SignAccuracy, q}, {"baseline log-loss", h.BaselineLogLoss, wantLL},
	} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s = %.12f, by hand %.12f", c.name, c.got, c.want)
		}
	}
	bin := int(p * 10)
	if b := h.Calibration[bin]; b.Positions != int64(n) || math.Abs(b.Predicted-p) > 1e-9 || math.Abs(b.Observed-q) > 1e-9 {
		t.Errorf("calibration bin %d = %+v, want %v positions predicted %v observed %v", bin, b, n, p, q)
	}
}

// TestColorBlindFitIgnoresTheColour: with ColorBlind the red_to_move weight
// is exactly 0 (the other weights are fitted), the report says so, and the
// model values every position as it values its colour-swapped turn-round;
// without it the weight is fitted (the games give it something to learn).
func TestColorBlindFitIgnoresTheColour(t *testing.T) {
	rows := gamesRows(t, 4, 100)
	for _, m := range []eval.Model{eval.Ridge, eval.Logistic} {
		opt := fit.DefaultFitOptions()
		opt.Model = m
		plain := mustFit(t, rows, opt)
		opt.ColorBlind = true
		blind := mustFit(t, rows, opt)
		pw, bw := plain.Model.Weights(), blind.Model.Weights()
		if pw[eval.RedToMove] == 0 || bw[eval.RedToMove] != 0 || bw[eval.Material] == 0 || !blind.Report.ColorBlind || plain.Report.ColorBlind {
			t.Fatalf("%s: red_to_move weight %v plain, %v colour-blind (material %v); report colour-blind %v, %v",
				m, pw[eval.RedToMove], bw[eval.RedToMove], bw[eval.Material], plain.Report.ColorBlind, blind.Report.ColorBlind)
		}
		for _, r := range rows[:500] {
			p, err := rules.NewPosition(r.Red, r.Black, r.Side, r.NoCapture, 1)
			if err != nil {
				t.Fatal(err)
			}
			q := rules.Rotate.Position(&p)
			if a, b := blind.Model.Value(&p), blind.Model.Value(&q); a != b {
				t.Fatalf("%s: colour-blind model values %q at %v, its turn-round %q at %v", m, p.FEN(), a, q.FEN(), b)
			}
		}
	}
}
