package alquerque_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/rules"
)

func newGame(t *testing.T, r alquerque.Rules, text string) *alquerque.Game {
	t.Helper()
	g, err := alquerque.NewGame(r, mustParse(t, text))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// play plays moves in notation and fails the test on the first refusal.
func play(t *testing.T, g *alquerque.Game, moves string) {
	t.Helper()
	for i, s := range strings.Fields(moves) {
		if _, err := g.PlayString(s); err != nil {
			t.Fatalf("move %d %q: %v", i+1, s, err)
		}
	}
}

func withVariant(v rules.Variant) alquerque.Rules {
	r := alquerque.DefaultRules()
	r.Variant = v
	return r
}

func TestGameEndsWhenTheLastPieceIsCaptured(t *testing.T) {
	g := newGame(t, alquerque.DefaultRules(), "5/5/5/5/wb3 w 0 1")
	play(t, g, "a1xc1")
	if want := (alquerque.Outcome{Result: alquerque.WhiteWins, Reason: rules.CaptureAll}); g.Outcome() != want {
		t.Errorf("outcome %v, want %v", g.Outcome(), want)
	}
	if g.Returns() != [2]float64{1, -1} {
		t.Errorf("returns %v, want white +1, black -1", g.Returns())
	}
	if _, err := g.PlayString("c1-c2"); err == nil {
		t.Error("a move was accepted after the end")
	}
}

func TestSideWithoutAMoveLosesOrDrawsByTheNoMovesSetting(t *testing.T) {
	// Black's a1 is boxed in: its neighbours are White's and every jump
	// lands on a White piece.
	const boxed = "5/5/w1w2/ww3/bww2 b 0 1"
	g := newGame(t, alquerque.DefaultRules(), boxed)
	if want := (alquerque.Outcome{Result: alquerque.WhiteWins, Reason: rules.NoMoves}); g.Outcome() != want {
		t.Errorf("no-moves=loss: %v, want %v", g.Outcome(), want)
	}
	r := alquerque.DefaultRules()
	r.NoMoves = rules.NoMovesDraw
	if got := newGame(t, r, boxed).Outcome(); got != (alquerque.Outcome{Result: alquerque.Draw, Reason: rules.NoMoves}) {
		t.Errorf("no-moves=draw: %v, want a draw", got)
	}
}

func TestNoCaptureLimitEndsTheGameScoredByVariant(t *testing.T) {
	const text = "w4/5/5/5/w3b w 49 30"
	for _, tc := range []struct {
		v    rules.Variant
		want alquerque.Result
	}{{rules.Standard, alquerque.Draw}, {rules.Majority, alquerque.WhiteWins}} {
		g := newGame(t, withVariant(tc.v), text)
		play(t, g, "a1-a2")
		if want := (alquerque.Outcome{Result: tc.want, Reason: rules.NoCaptureLimit}); g.Outcome() != want {
			t.Errorf("%v: %v, want %v", tc.v, g.Outcome(), want)
		}
	}
}

func TestThirdOccurrenceEndsTheGameScoredByVariant(t *testing.T) {
	for _, tc := range []struct {
		v    rules.Variant
		text string
		want alquerque.Result
	}{
		{rules.Standard, "w4/5/5/5/w3b w 0 1", alquerque.Draw},
		{rules.Majority, "w4/5/5/5/w3b w 0 1", alquerque.WhiteWins},
		{rules.Majority, "5/5/5/5/w3b w 0 1", alquerque.Draw},
	} {
		g := newGame(t, withVariant(tc.v), tc.text)
		play(t, g, "a1-a2 e1-e2 a2-a1 e2-e1")
		if g.IsTerminal() || g.Occurrences() != 2 {
			t.Fatalf("%v: after one cycle %v with %d occurrences, want ongoing with 2", tc.v, g.Outcome(), g.Occurrences())
		}
		play(t, g, "a1-a2 e1-e2 a2-a1 e2-e1")
		if want := (alquerque.Outcome{Result: tc.want, Reason: rules.RepetitionEnding}); g.Outcome() != want {
			t.Errorf("%v %s: %v, want %v", tc.v, tc.text, g.Outcome(), want)
		}
	}
}

func TestRepetitionCountsOnlyTheSameSideToMoveAndRestartsAfterACapture(t *testing.T) {
	g := newGame(t, alquerque.DefaultRules(), "5/5/5/5/w3b w 0 1")
	play(t, g, "a1-a2 e1-e2 a2-a1")
	// White's a1 and Black's e2 with Black to move: first time.
	if g.Occurrences() != 1 {
		t.Errorf("occurrences %d, want 1 (the same board with the other side to move does not count)", g.Occurrences())
	}
	h := newGame(t, alquerque.DefaultRules(), "4w/5/1b3/5/1w2b w 0 1")
	play(t, h, "b1-a1 e1-e2 a1-b1 e2-e1 b1-b2 b3xb1")
	if hist := h.History(nil); len(hist) != 1 {
		t.Errorf("history after a capture holds %d positions, want 1", len(hist))
	}
}

func TestNewGameAdjudicatesItsStartAndRefusesBadInput(t *testing.T) {
	if g := newGame(t, alquerque.DefaultRules(), "5/5/5/5/w4 b 0 1"); g.Outcome() != (alquerque.Outcome{Result: alquerque.WhiteWins, Reason: rules.CaptureAll}) {
		t.Errorf("a start without black pieces: %v, want white wins", g.Outcome())
	}
	if _, err := alquerque.NewGame(alquerque.Rules{Repetition: 1}, alquerque.Start()); err == nil {
		t.Error("repetition 1 accepted")
	}
	if _, err := alquerque.NewGame(alquerque.DefaultRules(), alquerque.Position{}); err == nil || !strings.Contains(err.Error(), "move number 0") {
		t.Errorf("the zero position: %v, want an error naming move number 0", err)
	}
}

func TestGamePlayRefusesIllegalMovesNamingThem(t *testing.T) {
	g := newGame(t, alquerque.DefaultRules(), alquerque.StartText)
	if err := g.Play(alquerque.NewMove(alquerque.MakePoint(2, 1), alquerque.MakePoint(2, 3), 0)); err == nil || !strings.Contains(err.Error(), "illegal move c2-c4") {
		t.Errorf("Play(c2-c4): %v", err)
	}
	play(t, g, "c2-c3")
	if _, err := g.PlayString("c4-c3"); err == nil || !strings.Contains(err.Error(), "c3 is occupied") {
		t.Errorf("PlayString(c4-c3): %v, want its problem said", err)
	}
}

func TestGameCloneIsIndependent(t *testing.T) {
	g := newGame(t, alquerque.DefaultRules(), alquerque.StartText)
	play(t, g, "c2-c3")
	c := g.Clone()
	play(t, c, "c4xc2")
	if g.Ply() != 1 || c.Ply() != 2 || g.Position() == c.Position() {
		t.Errorf("clone shares state: plies %d and %d", g.Ply(), c.Ply())
	}
}

// naiveEnding is the ending of a position as docs/RULES-ALQUERQUE.md
// states it, from the reference's board, the no-capture count and the
// number of occurrences: the result as "white", "black" or "draw", and
// the reason; "" while the game goes on.
func naiveEnding(r alquerque.Rules, b naiveBoard, noCapture, occurrences int) (string, string) {
	count := map[byte]int{}
	for _, c := range b.cell {
		count[c]++
	}
	name := map[byte]string{'w': "white", 'b': "black"}
	majority := func() string {
		switch {
		case r.Variant == rules.Majority && count['w'] > count['b']:
			return "white"
		case r.Variant == rules.Majority && count['b'] > count['w']:
			return "black"
		}
		return "draw"
	}
	keys, _ := naiveMoves(b)
	switch {
	case count['w'] == 0:
		return "black", "capture-all"
	case count['b'] == 0:
		return "white", "capture-all"
	case len(keys) == 0 && r.NoMoves == rules.NoMovesDraw:
		return "draw", "no-moves"
	case len(keys) == 0:
		return name[naiveOther(b.side)], "no-moves"
	case r.NoCaptureLimit > 0 && noCapture >= r.NoCaptureLimit:
		return majority(), "no-capture-limit"
	case r.Repetition > 0 && occurrences >= r.Repetition:
		return majority(), "repetition"
	}
	return "", ""
}

// TestRandomGamesEndExactlyAsTheRulesSay plays random games under random
// settings and checks every position's outcome against the rules'
// statement, counting repetitions by the board's text.
func TestRandomGamesEndExactlyAsTheRulesSay(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	games := 300
	if testing.Short() {
		games = 60
	}
	var buf [alquerque.MaxMoves]alquerque.Move
	ends := map[string]int{}
	// Boards where Black is boxed in, or White can box it in with one
	// step, so that the no-moves ending is met too.
	boxes := []string{"5/5/w1w2/ww3/bww2 b 0 1", "5/5/w1w2/w1w2/bww2 w 0 1"}
	for i := range games {
		r := alquerque.Rules{
			Variant:        rules.Variant(rng.IntN(2)),
			NoCaptureLimit: []int{0, 4, 10, 50}[rng.IntN(4)],
			Repetition:     []int{0, 2, 3}[rng.IntN(3)],
			NoMoves:        rules.NoMovesRule(rng.IntN(2)),
		}
		start := alquerque.Start()
		switch {
		case i%10 == 0:
			start = mustParse(t, boxes[i/10%2])
		case rng.IntN(2) == 0:
			start = randomPosition(rng, 1+rng.IntN(12), 1+rng.IntN(12), alquerque.Color(rng.IntN(2)))
		}
		g, err := alquerque.NewGame(r, start)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for ply := 0; ; ply++ {
			p := g.Position()
			b := naiveParse(p.Text())
			if ply > 0 && g.Moves()[ply-1].IsCapture() {
				clear(seen)
			}
			seen[b.text()]++
			res, why := naiveEnding(r, b, p.NoCapturePlies(), seen[b.text()])
			got := g.Outcome()
			if res == "" && got.IsTerminal() || res != "" && (got.Result.String() != res || got.Reason.String() != why) {
				t.Fatalf("%v, %s: outcome %v, the rules say %q (%s)", r, p.Text(), got, res, why)
			}
			if res != "" {
				ends[why]++
				break
			}
			moves := g.LegalMoves(buf[:0])
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, why := range []string{"capture-all", "no-moves", "no-capture-limit", "repetition"} {
		if ends[why] == 0 {
			t.Errorf("no game ended by %s: the test misses that ending (%v)", why, ends)
		}
	}
}
