package rules

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// playAll plays moves in notation and fails the test on the first refusal.
func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for i, s := range strings.Fields(moves) {
		if _, err := g.PlayString(s); err != nil {
			t.Fatalf("move %d %q: %v", i+1, s, err)
		}
	}
}

func gameHash(g *Game) uint64 { p := g.Position(); return p.Hash() }

func gameFEN(g *Game) string { p := g.Position(); return p.FEN() }

// mustFEN is the position fen writes, for tests whose positions are given
// as valid FENs.
func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func newGameT(t *testing.T, r Rules, fen string) *Game {
	t.Helper()
	g, err := NewGame(r, mustFEN(t, fen))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGameEndsWhenLastPieceIsCaptured(t *testing.T) {
	// Red a2 takes Black's only piece b1 through the bottom-left loop.
	for _, r := range []Rules{stdLoss, stdDraw, majLoss, majDraw} {
		g := newGameT(t, r, "6/6/6/6/r5/1b4 r 0 1")
		playAll(t, g, "a2xb1[bottom-left]")
		want := Outcome{RedWins, CaptureAll}
		if g.Outcome() != want || !g.IsTerminal() || g.Returns() != [2]float64{1, -1} {
			t.Errorf("%v: outcome %v returns %v, want %v", r, g.Outcome(), g.Returns(), want)
		}
		if n := len(g.LegalMoves(nil)); n != 0 {
			t.Errorf("%v: %d legal moves after the game ended", r, n)
		}
		if _, err := g.PlayString("b1-b2"); err == nil || !strings.Contains(err.Error(), "game is over") {
			t.Errorf("%v: playing on after the end: error %v, want 'game is over'", r, err)
		}
		if err := g.Play(NewMove(MakeSquare(1, 0), MakeSquare(1, 1), false)); err == nil {
			t.Errorf("%v: Play accepted a move after the end", r)
		}
	}
}

// TestCaptureWinsExactlyWhenEveryCaptureEndsTheGame checks
// Position.CaptureWins, which the search trusts to prove captures without
// playing them, against Game over random games of every rules setting: where
// it holds, each capture ends the game at once with the capturer winning;
// where it does not, no capture ends the game by capturing all. It also
// checks that CaptureBit is IsCapture as a number.
func TestCaptureWinsExactlyWhenEveryCaptureEndsTheGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 5))
	held, captures := 0, 0
	for _, r := range []Rules{stdLoss, stdDraw, majLoss, majDraw} {
		for range 40 {
			g := newGameT(t, r, StartFEN)
			for !g.IsTerminal() {
				p := g.Position()
				moves := g.LegalMoves(nil)
				if p.CaptureWins() {
					held++
				}
				for _, m := range moves {
					bit := 0
					if m.IsCapture() {
						bit = 1
					}
					if m.CaptureBit() != bit {
						t.Fatalf("%v: CaptureBit %d, IsCapture %v", m, m.CaptureBit(), m.IsCapture())
					}
					if !m.IsCapture() {
						continue
					}
					captures++
					c := g.Clone()
					if err := c.Play(m); err != nil {
						t.Fatal(err)
					}
					ends := c.Outcome() == Outcome{WinFor(p.SideToMove()), CaptureAll}
					if ends != p.CaptureWins() {
						t.Fatalf("%v at %s: CaptureWins %v, but the capture gives %v", m, p.FEN(), p.CaptureWins(), c.Outcome())
					}
				}
				// Captures often, to reach the last pieces.
				m := moves[rng.IntN(len(moves))]
				for _, x := range moves {
					if x.IsCapture() && rng.IntN(2) == 0 {
						m = x
						break
					}
				}
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if held == 0 || captures == 0 {
		t.Fatalf("%d positions with CaptureWins, %d captures: the games did not test it", held, captures)
	}
}

func TestGameEndsWhenSideToMoveHasNoMove(t *testing.T) {
	// Black c3-b2 boxes Red a1 in (a2, b1, b2 Black; a corner is on no
	// circuit). The no-capture count reaches 50 on the same ply, but
	// no-moves is checked first.
	for _, tc := range []struct {
		r    Rules
		want Outcome
	}{
		{stdLoss, Outcome{BlackWins, NoMoves}},
		{majLoss, Outcome{BlackWins, NoMoves}},
		{stdDraw, Outcome{Draw, NoMoves}},
		{majDraw, Outcome{Draw, NoMoves}},
	} {
		g := newGameT(t, tc.r, "6/6/6/2b3/b5/rb4 b 49 1")
		playAll(t, g, "c3-b2")
		if g.Outcome() != tc.want {
			t.Errorf("%v: outcome %v, want %v", tc.r, g.Outcome(), tc.want)
		}
	}
}

// scoredByVariant are the boards on which the tests of the two endings a
// variant scores (the no-capture limit and repetition) end their games,
// each under both no-moves settings, which play no part in them.
var scoredByVariant = []struct {
	name  string
	board string
	rules []Rules
	want  Result
}{
	{"standard draws", "b5/6/6/6/6/r4r", []Rules{stdLoss, stdDraw}, Draw},
	{"majority: red has more", "b5/6/6/6/6/r4r", []Rules{majLoss, majDraw}, RedWins},
	{"majority: equal counts draw", "b5/6/6/6/6/r5", []Rules{majLoss, majDraw}, Draw},
	{"majority: black has more", "b4b/6/6/6/6/r5", []Rules{majLoss, majDraw}, BlackWins},
}

func TestGameEndsAtNoCaptureLimitScoredByVariant(t *testing.T) {
	for _, tc := range scoredByVariant {
		for _, r := range tc.rules {
			g := newGameT(t, r, tc.board+" r 48 30")
			playAll(t, g, "a1-a2") // ply 49
			if g.IsTerminal() {
				t.Errorf("%s, %v: ended after 49 plies without capture: %v", tc.name, r, g.Outcome())
			}
			playAll(t, g, "a6-a5") // ply 50
			if want := (Outcome{tc.want, NoCaptureLimit}); g.Outcome() != want {
				t.Errorf("%s, %v: outcome %v after 50 plies, want %v", tc.name, r, g.Outcome(), want)
			}
		}
	}
}

func TestGameEndsAtThirdOccurrenceScoredByVariant(t *testing.T) {
	// Red a1-a2-a1 and Black a6-b6-a6 bring the start board back with Red to
	// move after 4 and 8 plies: its second and third occurrences.
	const cycle = "a1-a2 a6-b6 a2-a1 b6-a6"
	for _, tc := range scoredByVariant {
		for _, r := range tc.rules {
			name := fmt.Sprintf("%s, %v", tc.name, r)
			g := newGameT(t, r, tc.board+" r 0 1")
			if g.Occurrences() != 1 {
				t.Errorf("%s: start occurs %d times, want 1", name, g.Occurrences())
			}
			playAll(t, g, cycle)
			if g.IsTerminal() || g.Occurrences() != 2 {
				t.Errorf("%s: after one cycle outcome %v, occurrences %d; want ongoing, 2", name, g.Outcome(), g.Occurrences())
			}
			playAll(t, g, cycle)
			if want := (Outcome{tc.want, RepetitionEnding}); g.Outcome() != want || g.Occurrences() != 3 {
				t.Errorf("%s: after two cycles outcome %v, occurrences %d; want %v, 3", name, g.Outcome(), g.Occurrences(), want)
			}
			if g.Ply() != 8 || len(g.Moves()) != 8 {
				t.Errorf("%s: Ply %d, %d moves; want 8", name, g.Ply(), len(g.Moves()))
			}
		}
	}
}

func TestRepetitionCountsOnlyTheSameSideToMove(t *testing.T) {
	// Red walks the triangle a1-a2-b1-a1 (3 moves), Black shuttles a6-b6
	// (2 moves). After 5 plies the start board is back with Black to move:
	// not a repetition. After 12 plies it is back with Red to move: the
	// second occurrence, which ends the game under repetition=2. No other
	// board repeats in between.
	r := Rules{Variant: Standard, NoCaptureLimit: 50, Repetition: 2}
	g := newGameT(t, r, "b5/6/6/6/6/r5 r 0 1")
	startHash := gameHash(g)
	playAll(t, g, "a1-a2 a6-b6 a2-b1 b6-a6 b1-a1")
	p := g.Position()
	if p.FEN() != "b5/6/6/6/6/r5 b 5 3" {
		t.Fatalf("after 5 plies FEN %q, want the start board with Black to move", p.FEN())
	}
	if g.IsTerminal() || g.Occurrences() != 1 {
		t.Errorf("same board with the other side to move counted as a repetition: outcome %v, occurrences %d", g.Outcome(), g.Occurrences())
	}
	if p.Hash() == startHash {
		t.Errorf("hash ignores the side to move")
	}
	playAll(t, g, "a6-b6 a1-a2 b6-a6 a2-b1 a6-b6 b1-a1")
	if g.IsTerminal() {
		t.Fatalf("ended early after %d plies: %v", g.Ply(), g.Outcome())
	}
	playAll(t, g, "b6-a6")
	if g.Outcome() != (Outcome{Draw, RepetitionEnding}) || g.Occurrences() != 2 || g.Ply() != 12 {
		t.Errorf("after 12 plies outcome %v, occurrences %d; want draw (repetition), 2", g.Outcome(), g.Occurrences())
	}
	if gameHash(g) != startHash {
		t.Errorf("same board and side to move, different hash")
	}
}

func TestHistoryRestartsAfterCapture(t *testing.T) {
	// Red a2, f1 against Black b1, a6. A quiet cycle makes the start board
	// occur twice; then a2xb1 captures and the history holds only the new
	// position. (A board before a capture cannot recur after it: a piece
	// is gone for good.)
	g := newGameT(t, DefaultRules(), "b5/6/6/6/r5/1b3r r 0 1")
	playAll(t, g, "f1-f2 a6-a5 f2-f1 a5-a6")
	if g.Occurrences() != 2 {
		t.Fatalf("occurrences %d after a cycle, want 2", g.Occurrences())
	}
	h := g.History(nil)
	if len(h) != 5 || h[0] != h[4] || h[4] != gameHash(g) {
		t.Errorf("History = %x, want 5 hashes, first == last == current", h)
	}
	playAll(t, g, "a2xb1[bottom-left]")
	h = g.History(h)
	if len(h) != 1 || h[0] != gameHash(g) || g.Occurrences() != 1 {
		t.Errorf("after a capture History = %x, occurrences %d; want only the current position", h, g.Occurrences())
	}
	if g.IsTerminal() {
		t.Fatalf("game ended: %v", g.Outcome())
	}
	playAll(t, g, "a6-a5 b1-a1")
	if h = g.History(h); len(h) != 3 {
		t.Errorf("History has %d entries two plies after the capture, want 3", len(h))
	}
}

func TestLimitIsCheckedBeforeRepetitionInAGame(t *testing.T) {
	// Two cycles from a no-capture count of 42: ply 8 is both the 50th ply
	// without capture and the third occurrence.
	g := newGameT(t, majLoss, "b5/6/6/6/6/r4r r 42 1")
	playAll(t, g, "a1-a2 a6-b6 a2-a1 b6-a6 a1-a2 a6-b6 a2-a1 b6-a6")
	if want := (Outcome{RedWins, NoCaptureLimit}); g.Outcome() != want || g.Occurrences() != 3 {
		t.Errorf("outcome %v (occurrences %d), want %v", g.Outcome(), g.Occurrences(), want)
	}
}

func TestNewGameAdjudicatesItsStartAndRejectsBadInput(t *testing.T) {
	g := newGameT(t, DefaultRules(), "6/6/6/6/bb4/rb4 r 0 1")
	if g.Outcome() != (Outcome{BlackWins, NoMoves}) {
		t.Errorf("start without moves: outcome %v, want black wins (no-moves)", g.Outcome())
	}
	if _, err := NewGame(Rules{Repetition: 1}, Start()); err == nil || !strings.Contains(err.Error(), "repetition 1") {
		t.Errorf("NewGame with repetition 1: error %v", err)
	}
	if _, err := NewGame(DefaultRules(), Position{}); err == nil || !strings.Contains(err.Error(), "move number 0") {
		t.Errorf("NewGame with the zero Position: error %v", err)
	}
}

func TestGamePlayRefusesIllegalMovesNamingThem(t *testing.T) {
	g := newGameT(t, DefaultRules(), StartFEN)
	if _, err := g.PlayString("a2-a4"); err == nil || !strings.Contains(err.Error(), "a2-a4") {
		t.Errorf("PlayString(a2-a4): %v", err)
	}
	if err := g.Play(NewMove(MakeSquare(0, 4), MakeSquare(0, 3), false)); err == nil || !strings.Contains(err.Error(), "a5-a4") {
		t.Errorf("Play(a5-a4) with Red to move: %v", err)
	}
	if err := g.Play(NewMove(MakeSquare(0, 1), MakeSquare(0, 2), true)); err == nil {
		t.Errorf("Play accepted a quiet step flagged as a capture")
	}
	if err := g.ApplyAction(-1); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("ApplyAction(-1): %v", err)
	}
	if err := g.ApplyAction(NumActions); err == nil {
		t.Errorf("ApplyAction(NumActions) accepted")
	}
	if g.Ply() != 0 || g.Position() != Start() {
		t.Errorf("refused moves changed the game: ply %d, %q", g.Ply(), gameFEN(g))
	}
	a := NewMove(MakeSquare(0, 1), MakeSquare(0, 2), false).Action() // a2-a3
	if err := g.ApplyAction(a); err != nil || gameFEN(g) != "bbbbbb/bbbbbb/6/r5/1rrrrr/rrrrrr b 1 1" {
		t.Errorf("ApplyAction(a2-a3): %v, %q", err, gameFEN(g))
	}
}

func TestGameCloneIsIndependent(t *testing.T) {
	g := newGameT(t, DefaultRules(), StartFEN)
	playAll(t, g, "a2-a3")
	c := g.Clone()
	playAll(t, c, "a5-a4 a3-a2")
	if g.Ply() != 1 || len(g.Moves()) != 1 || len(g.History(nil)) != 2 {
		t.Errorf("playing on a clone changed the original: ply %d", g.Ply())
	}
	playAll(t, g, "f5-f4")
	if c.Moves()[1].String() != "a5-a4" || c.Ply() != 3 {
		t.Errorf("playing on the original changed the clone: %v", c.Moves())
	}
	if g.Start() != Start() || g.Rules() != DefaultRules() || c.Rules() != DefaultRules() {
		t.Errorf("Start or Rules not kept")
	}
}

func TestLegalActionsMatchLegalMoves(t *testing.T) {
	g := newGameT(t, DefaultRules(), StartFEN)
	ms := g.LegalMoves(nil)
	as := g.LegalActions(nil)
	if len(ms) != len(as) {
		t.Fatalf("%d moves, %d actions", len(ms), len(as))
	}
	for i := range ms {
		from, to := ActionSquares(as[i])
		if as[i] != ms[i].Action() || from != ms[i].From() || to != ms[i].To() {
			t.Errorf("action %d = %d, move %v", i, as[i], ms[i])
		}
	}
	if g.CurrentPlayer() != Red {
		t.Errorf("CurrentPlayer = %v at the start", g.CurrentPlayer())
	}
}

// refOutcome adjudicates position p, whose board and side to move have
// occurred occ times in the game, from the rules text alone.
func refOutcome(r Rules, p Position, occ int) Outcome {
	stm := p.SideToMove()
	majority := func(reason Reason) Outcome {
		if r.Variant == Majority && p.Count(Red) != p.Count(Black) {
			if p.Count(Red) > p.Count(Black) {
				return Outcome{RedWins, reason}
			}
			return Outcome{BlackWins, reason}
		}
		return Outcome{Draw, reason}
	}
	rb, _ := refParseFEN(p.FEN())
	noMoves := len(refRuleMoves(&rb)) == 0
	switch {
	case p.Count(stm) == 0:
		return Outcome{WinFor(stm.Other()), CaptureAll}
	case p.Count(stm.Other()) == 0:
		return Outcome{WinFor(stm), CaptureAll}
	case noMoves && r.NoMoves == NoMovesLoss:
		return Outcome{WinFor(stm.Other()), NoMoves}
	case noMoves:
		return Outcome{Draw, NoMoves}
	case r.NoCaptureLimit > 0 && p.NoCapturePlies() >= r.NoCaptureLimit:
		return majority(NoCaptureLimit)
	case r.Repetition > 0 && occ >= r.Repetition:
		return majority(RepetitionEnding)
	}
	return Outcome{}
}

// boardKey of the test: board and side to move, as the FEN writes them.
func fenBoardKey(p Position) string { f := strings.Fields(p.FEN()); return f[0] + " " + f[1] }

func TestRandomGamesEndExactlyAsTheRulesTextSays(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	games := 400
	if testing.Short() {
		games = 100
	}
	ends := map[Reason]int{}
	for i := 0; i < games; i++ {
		r := Rules{
			Variant:        Variant(rng.IntN(2)),
			NoCaptureLimit: []int{0, 6, 20, 50}[rng.IntN(4)],
			Repetition:     []int{0, 2, 3}[rng.IntN(3)],
			NoMoves:        NoMovesRule(rng.IntN(2)),
		}
		var start Position
		switch i % 4 {
		case 0:
			start = Start()
		case 1: // Black to move can box Red a1 in with c3-b2
			start, _ = ParseFEN("6/6/6/2b3/b5/rb4 b 0 1")
		default: // sparse starts repeat and run out of moves more often
			start = refRandomPosition(rng, 1+rng.IntN(3), 1+rng.IntN(3), nil, 0)
		}
		g, err := NewGame(r, start)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{fenBoardKey(start): 1}
		if want := refOutcome(r, start, 1); g.Outcome() != want {
			t.Fatalf("game %d under %v, start %q: outcome %v, rules text says %v", i, r, start.FEN(), g.Outcome(), want)
		}
		prev := []uint64{start.Hash()}
		for ply := 0; ply < 300 && !g.IsTerminal(); ply++ {
			ms := g.LegalMoves(nil)
			m := ms[rng.IntN(len(ms))]
			if rng.IntN(3) == 0 && len(prev) >= 2 { // moving back makes repetitions
				for _, c := range ms {
					if next := g.Position().Apply(c); next.Hash() == prev[len(prev)-2] {
						m = c
					}
				}
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			p := g.Position()
			prev = append(prev, p.Hash())
			seen[fenBoardKey(p)]++
			if want := refOutcome(r, p, seen[fenBoardKey(p)]); g.Outcome() != want {
				t.Fatalf("game %d under %v, after %v reaching %q: outcome %v, rules text says %v",
					i, r, m, p.FEN(), g.Outcome(), want)
			}
			if g.Occurrences() != seen[fenBoardKey(p)] {
				t.Fatalf("game %d: Occurrences = %d, counted %d", i, g.Occurrences(), seen[fenBoardKey(p)])
			}
		}
		ends[g.Outcome().Reason]++
	}
	for _, reason := range []Reason{CaptureAll, NoMoves, NoCaptureLimit, RepetitionEnding} {
		if ends[reason] == 0 {
			t.Errorf("no random game ended by %v: the test does not exercise it", reason)
		}
	}
	t.Logf("endings: %v", ends)
}
