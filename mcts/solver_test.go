package mcts

import (
	"fmt"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// The endgames below were found by a random search over sparse boards and
// are checked against bruteWin/bruteLoss (exhaustive search over
// rules.Game) before the engine sees them, so a wrong FEN fails loudly
// rather than weakening the test.
var (
	mateInOne = []string{
		"6/2b3/1r4/6/6/5r r 0 30",
		"6/6/2r2r/6/r5/1b4 r 0 30",
		"6/6/r5/6/3r2/3rb1 r 0 30",
	}
	winInThree = []string{
		"6/6/2r3/4r1/3r2/4bb r 0 30",
		"b5/r2r2/4r1/6/3b2/6 r 0 30",
		"3b2/4br/r5/6/6/3r2 r 0 30",
		"1r4/6/2r3/4r1/3b2/5b r 0 30",
	}
	// Red's single piece has moves that let Black capture it at once and
	// moves that do not.
	provenLosses = []string{
		"6/b5/5r/6/6/6 r 0 30",
		"6/6/3b2/6/6/1b2r1 r 0 30",
		"6/6/6/6/6/3rb1 r 0 30",
	}
)

func TestSolverPlaysMateInOne(t *testing.T) {
	for _, fen := range mateInOne {
		for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
			t.Run(fmt.Sprint(fen, "/", leaf), func(t *testing.T) {
				g := mustGame(t, rules.DefaultRules(), fen)
				if !bruteWin(g, 1) {
					t.Fatalf("test position %s has no mate in one", fen)
				}
				cfg := testConfig(200, leaf)
				cfg.TemperaturePlies, cfg.Temperature = 1000, 5 // sampling must not override a proven win
				cfg.NoiseWeight = 0.5
				s := mustSearcher(t, cfg, Material{})
				r := s.Search(g)
				if r.Proof != ProofWin || r.Value != 1 {
					t.Errorf("root proof %q value %v, want win 1", r.Proof, r.Value)
				}
				m := s.Choose(&r, g.Ply())
				c := g.Clone()
				if err := c.Play(m); err != nil {
					t.Fatal(err)
				}
				if o := c.Outcome(); o.Result != rules.RedWins || o.Reason != rules.CaptureAll {
					t.Errorf("chose %v: outcome %v, want red wins (capture-all)", m, o)
				}
				if ms := moveStat(&r, m); ms.Proof != ProofWin || ms.Distance != 1 {
					t.Errorf("chosen move %v has proof %q distance %d, want win in 1", m, ms.Proof, ms.Distance)
				}
				if r.Distance != 1 {
					t.Errorf("root distance %d, want 1 (a mate in one)", r.Distance)
				}
			})
		}
	}
}

func TestSolverProvesWinInThree(t *testing.T) {
	for _, fen := range winInThree {
		t.Run(fen, func(t *testing.T) {
			g := mustGame(t, rules.DefaultRules(), fen)
			if bruteWin(g, 1) || !bruteWin(g, 3) {
				t.Fatalf("test position %s is not a win in exactly 3 plies", fen)
			}
			s := mustSearcher(t, testConfig(20000, LeafValue), Material{})
			r := s.Search(g)
			if r.Proof != ProofWin {
				t.Fatalf("root proof %q after %d sims, want win", r.Proof, r.Sims)
			}
			if r.Sims >= 20000 {
				t.Errorf("search ran all %d sims: it should stop once the root is proven and no move can win sooner", r.Sims)
			}
			if ms := moveStat(&r, r.Best); r.Distance != 3 || ms.Distance != 3 {
				t.Errorf("root distance %d, best move %v distance %d, want 3 and 3 (the only wins take 3 plies)", r.Distance, r.Best, ms.Distance)
			}
			c := g.Clone()
			if err := c.Play(r.Best); err != nil {
				t.Fatal(err)
			}
			if !c.IsTerminal() && !bruteLoss(c, 2) {
				t.Errorf("best move %v does not force the win", r.Best)
			}
			// The PV ends in the win.
			pv := g.Clone()
			for _, m := range r.PV {
				if err := pv.Play(m); err != nil {
					t.Fatalf("PV %v: %v", r.PV, err)
				}
			}
			if pv.Outcome().Result != rules.RedWins {
				t.Errorf("PV %v ends in %v, want a red win", r.PV, pv.Outcome())
			}
		})
	}
}

func TestSolverNeverPlaysIntoProvenLoss(t *testing.T) {
	for _, fen := range provenLosses {
		g := mustGame(t, rules.DefaultRules(), fen)
		losing := map[rules.Move]bool{} // Black captures the last red piece at once
		lost := map[rules.Move]bool{}   // Black wins within 5 plies
		for m, c := range afterEachMove(g) {
			losing[m] = bruteWin(c, 1)
			lost[m] = bruteWin(c, 5)
		}
		for seed := uint64(1); seed <= 8; seed++ {
			cfg := testConfig(400, LeafPlayout)
			cfg.Seed = seed
			cfg.NoiseWeight, cfg.TemperaturePlies = 0.5, 1000
			s := mustSearcher(t, cfg, Material{})
			r := s.Search(g)
			m := s.Choose(&r, g.Ply())
			if losing[m] || moveStat(&r, m).Proof == ProofLoss {
				t.Errorf("%s seed %d: chose %v, which loses", fen, seed, m)
			}
			for _, ms := range r.Moves {
				// A losing move, once visited, is proven at once: its
				// expansion finds the capture of Red's last piece.
				if losing[ms.Move] && ms.Visits > 0 && ms.Proof != ProofLoss {
					t.Errorf("%s seed %d: losing move %v has proof %q, want loss", fen, seed, ms.Move, ms.Proof)
				}
				if !lost[ms.Move] && ms.Proof == ProofLoss {
					t.Errorf("%s seed %d: move %v proven lost but is not", fen, seed, ms.Move)
				}
			}
		}
	}
}

// TestSolverAllMovesLose: when every move loses, the root is a proven loss
// and the search still names a legal move.
func TestSolverAllMovesLose(t *testing.T) {
	for _, fen := range []string{"6/6/6/6/3b2/r3b1 r 0 30", "r5/2b3/b5/6/6/6 r 0 30", "r5/6/b5/6/4b1/6 r 0 30"} {
		g := mustGame(t, rules.DefaultRules(), fen)
		if !bruteLoss(g, 2) {
			t.Fatalf("test position %s is not lost in 2 plies", fen)
		}
		s := mustSearcher(t, testConfig(1000, LeafValue), Material{})
		r := s.Search(g)
		if r.Proof != ProofLoss || r.Value != -1 {
			t.Errorf("%s: root proof %q value %v, want loss -1", fen, r.Proof, r.Value)
		}
		if p := g.Position(); !p.IsLegal(r.Best) {
			t.Errorf("%s: best move %v is not legal", fen, r.Best)
		}
		for _, ms := range r.Moves {
			if ms.Proof != ProofLoss {
				t.Errorf("%s: move %v proof %q, want loss", fen, ms.Move, ms.Proof)
			}
		}
	}
}

// TestSolverRepetitionAcrossHistory: the third occurrence of a position
// happens one ply into the search, its first two in the game's history. Under
// the majority variant the side ahead wins by it; under standard it draws.
func TestSolverRepetitionAcrossHistory(t *testing.T) {
	const fen = "5b/5b/6/6/6/r5 r 0 1"
	shuffle := []string{"a1-b1", "f6-e6", "b1-a1", "e6-f6", "a1-b1", "f6-e6", "b1-a1"}
	repeat := "e6-f6"
	for _, tc := range []struct {
		variant rules.Variant
		proof   Proof
	}{{rules.Majority, ProofWin}, {rules.Standard, ProofDraw}} {
		r := rules.DefaultRules()
		r.Variant = tc.variant
		g := mustGame(t, r, fen, shuffle...)
		p := g.Position()
		m, err := rules.ParseMove(&p, repeat)
		if err != nil {
			t.Fatal(err)
		}
		ref := g.Clone()
		if err := ref.Play(m); err != nil || ref.Outcome().Reason != rules.RepetitionEnding {
			t.Fatalf("%v: %s does not end the game by repetition: %v", tc.variant, repeat, ref.Outcome())
		}
		cfg := testConfig(300, LeafValue)
		cfg.Rules = r
		s := mustSearcher(t, cfg, Material{})
		res := s.Search(g)
		if ms := moveStat(&res, m); ms.Proof != tc.proof {
			t.Errorf("%v: %s proof %q, want %q", tc.variant, repeat, ms.Proof, tc.proof)
		}
		if tc.proof == ProofWin && (res.Best != m || res.Proof != ProofWin) {
			t.Errorf("%v: best %v root proof %q, want %s and win", tc.variant, res.Best, res.Proof, repeat)
		}
	}
}

// TestEndingsMatchGame checks the search's adjudication against rules.Game
// on every position of many games, with the history split at every point
// between the game passed to the search and the search path: repetitions
// that span both, the no-capture limit, captures of the last piece and
// positions without moves must all end exactly where rules.Game ends them.
func TestEndingsMatchGame(t *testing.T) {
	rng := NewRNG(42)
	settings := []rules.Rules{
		rules.DefaultRules(),
		{Variant: rules.Majority, NoCaptureLimit: 12, Repetition: 2, NoMoves: rules.NoMovesDraw},
		{Variant: rules.Majority, NoCaptureLimit: 0, Repetition: 3, NoMoves: rules.NoMovesLoss},
		{Variant: rules.Standard, NoCaptureLimit: 7, Repetition: 0, NoMoves: rules.NoMovesDraw},
	}
	starts := []struct {
		fen    string
		prefix []string
	}{
		{rules.StartFEN, nil},
		{"5b/5b/6/6/6/r5 r 0 1", nil},
		{"b5/1b4/6/6/4r1/5r b 3 9", nil},
		{"6/6/6/6/3b2/r3b1 r 0 30", nil},
		{"6/6/6/2b3/b5/rb4 b 0 1", []string{"c3-b2"}}, // Red is left without a move
	}
	games, checked, endings := 0, 0, map[rules.Reason]int{}
	for _, r := range settings {
		cfg := testConfig(1, LeafValue)
		cfg.Rules = r
		s := mustSearcher(t, cfg, Material{})
		for _, st := range starts {
			fen := st.fen
			for range 6 {
				games++
				g := mustGame(t, r, fen)
				var moves []rules.Move
				for _, ms := range st.prefix {
					m, err := g.PlayString(ms)
					if err != nil {
						t.Fatal(err)
					}
					moves = append(moves, m)
				}
				// A policy that often steps back to where it came from makes
				// repetitions common.
				for !g.IsTerminal() && len(moves) < 150 {
					var buf [rules.MaxMoves]rules.Move
					legal := g.LegalMoves(buf[:0])
					m := legal[rng.IntN(len(legal))]
					if n := len(moves); n >= 2 && rng.IntN(3) > 0 {
						back := rules.NewMove(moves[n-2].To(), moves[n-2].From(), false)
						if p := g.Position(); p.IsLegal(back) {
							m = back
						}
					}
					if err := g.Play(m); err != nil {
						t.Fatal(err)
					}
					moves = append(moves, m)
				}
				endings[g.Outcome().Reason]++
				// Re-derive the outcome after every prefix, with the split
				// between game and search path at every point.
				for end := 1; end <= len(moves); end += 1 + rng.IntN(4) {
					want := mustGame(t, r, fen)
					for _, m := range moves[:end] {
						_ = want.Play(m)
					}
					for split := 0; split < end; split += 1 + rng.IntN(3) {
						base := mustGame(t, r, fen)
						for _, m := range moves[:split] {
							_ = base.Play(m)
						}
						proof, over := adjudicatePath(s, base, moves[split:end])
						checked++
						if over != want.IsTerminal() {
							t.Fatalf("%v from %s after %d moves (split %d): search says over=%v, game %v", r, fen, end, split, over, want.Outcome())
						}
						if over {
							mover := want.CurrentPlayer().Other()
							if got, exp := proof.Value(), want.Outcome().Return(mover); got != exp {
								t.Fatalf("%v from %s after %d moves (split %d): search proof %q, game %v", r, fen, end, split, proof, want.Outcome())
							}
						}
					}
				}
			}
		}
	}
	for _, reason := range []rules.Reason{rules.CaptureAll, rules.NoMoves, rules.NoCaptureLimit, rules.RepetitionEnding} {
		if endings[reason] == 0 {
			t.Errorf("no game ended by %v: the test does not cover it", reason)
		}
	}
	t.Logf("%d games, %d splits checked, endings %v", games, checked, endings)
}

// adjudicatePath runs the search's own ending detection on the position
// reached from base by moves, as a simulation descending those moves would.
func adjudicatePath(s *Searcher, base *rules.Game, moves []rules.Move) (Proof, bool) {
	s.Reset(1)
	s.history = base.History(s.history[:0])
	s.rootPos = base.Position()
	s.prepare(base)
	w := s.main
	w.begin()
	w.hashes = w.hashes[:w.baseLen]
	w.since, w.filter, w.maybeRep = 0, w.baseFilter, false
	w.pos = w.rootPos
	for _, m := range moves {
		w.push(w.g.Apply(&w.pos, m))
	}
	pr, over, _ := w.status(&w.pos)
	return pr, over
}
