package alquerque_test

import (
	"math/rand/v2"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/game/gametest"
	"github.com/surakarta/surakarta/rules"
)

// Alquerque under every setting that changes an ending keeps the game
// contract's promises (package gametest's conformance checks). Short
// limits make the playouts reach the no-capture and repetition endings.
func TestRulesConformToTheGameContract(t *testing.T) {
	settings := []alquerque.Rules{
		alquerque.DefaultRules(),
		{Variant: rules.Majority, NoCaptureLimit: 50, Repetition: 3, NoMoves: rules.NoMovesLoss},
		{Variant: rules.Majority, NoCaptureLimit: 12, Repetition: 2, NoMoves: rules.NoMovesDraw},
		{Variant: rules.Standard, NoCaptureLimit: 0, Repetition: 0, NoMoves: rules.NoMovesLoss},
	}
	for i, r := range settings {
		t.Run(r.String(), func(t *testing.T) {
			gametest.Check(t, r, gametest.Options{Games: 12, MaxPlies: 300, Seed: uint64(i)})
		})
	}
}

// The contract's perft, one walk for every game through the move codes,
// counts what the bitboard perft counts (the published counts).
func TestContractPerftMatchesPerft(t *testing.T) {
	r := alquerque.DefaultRules()
	for depth := 0; depth <= 9; depth++ {
		if got, want := game.Perft(r, alquerque.Start(), depth), alquerque.Perft(alquerque.Start(), depth); got != want {
			t.Errorf("start depth %d: contract perft %d, Perft %d", depth, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for i, p := range gamePositions(rng, 3) {
		if i%4 == 0 {
			if got, want := game.Perft(r, p, 3), alquerque.Perft(p, 3); got != want {
				t.Fatalf("%s depth 3: contract perft %d, Perft %d", p.Text(), got, want)
			}
		}
	}
}

// Codes are the moves' own: each of a position's legal moves encodes to a
// distinct code that decodes back to it, a capture's code says whether it
// takes every enemy piece left, and the codes are what Moves lists.
func TestCodesDecodeToTheirMoves(t *testing.T) {
	r := alquerque.DefaultRules()
	// The position of 260 moves has codes past Decode's small buffer.
	positions := append(testPositions(true), mustParse(t, mostMovesText))
	var buf [alquerque.MaxMoves]alquerque.Move
	codes := make([]alquerque.Code, 0, alquerque.MaxMoves)
	for _, p := range positions {
		moves := p.GenerateMoves(buf[:0])
		codes = r.Moves(&p, codes)
		if len(codes) != len(moves) {
			t.Fatalf("%s: %d codes for %d moves", p.Text(), len(codes), len(moves))
		}
		seen := map[alquerque.Code]bool{}
		for i, m := range moves {
			c := p.Encode(m)
			if c != codes[i] || c == 0 || seen[c] || p.Decode(c) != m || c.IsCapture() != m.IsCapture() {
				t.Fatalf("%s: %v encodes as %#x (Moves lists %#x), decodes as %v", p.Text(), m, c, codes[i], p.Decode(c))
			}
			seen[c] = true
			them := p.Pieces(p.SideToMove().Other())
			if c.WinsAtOnce() != (m.IsCapture() && m.Captured() == them) {
				t.Fatalf("%s: %v's code says wins-at-once %v", p.Text(), m, c.WinsAtOnce())
			}
		}
	}
}

// Judge is Ending in the contract's terms: the results and reasons keep
// their numbers, White is the first player.
func TestJudgeIsEndingInTheContractsTerms(t *testing.T) {
	if game.Result(alquerque.WhiteWins) != game.FirstWins || game.Result(alquerque.BlackWins) != game.SecondWins ||
		game.Result(alquerque.Draw) != game.Draw || game.Result(alquerque.Ongoing) != game.Ongoing {
		t.Fatal("alquerque's results and the contract's are numbered differently")
	}
	r := alquerque.DefaultRules()
	for _, text := range []string{alquerque.StartText, "5/5/5/5/w4 b 0 40", "b4/5/5/5/w4 w 50 40", "5/5/w1w2/ww3/bww2 b 0 1"} {
		p := mustParse(t, text)
		for occ := 1; occ <= 3; occ++ {
			want := r.Ending(&p, p.HasMoves(), occ)
			got := r.Judge(&p, p.HasMoves(), occ)
			if got.Result != game.Result(want.Result) || r.ReasonName(got.Reason) != want.Reason.String() {
				t.Errorf("%s, %d occurrences: Judge %v, Ending %v", text, occ, got, want)
			}
		}
	}
	if r.Name() != "alquerque" || r.PlayerName(game.First) != "white" || r.PlayerName(game.Second) != "black" {
		t.Errorf("named %q with players %q and %q", r.Name(), r.PlayerName(game.First), r.PlayerName(game.Second))
	}
}

func TestRulesStringIsSurakartasAndParsesBack(t *testing.T) {
	r := alquerque.DefaultRules()
	if r.String() != rules.DefaultRules().String() {
		t.Errorf("default rules %q, Surakarta's %q", r.String(), rules.DefaultRules().String())
	}
	m := alquerque.Rules{Variant: rules.Majority, NoCaptureLimit: 20, Repetition: 2, NoMoves: rules.NoMovesDraw}
	back, err := alquerque.ParseRules(m.String())
	if err != nil || back != m {
		t.Errorf("ParseRules(%q) = %v, %v", m.String(), back, err)
	}
	if _, err := alquerque.ParseRules("repetition=1"); err == nil {
		t.Error("repetition=1 accepted")
	}
}

// A Game is the contract's record: its moves as codes replay it move for
// move (PlayCode), and its history is the keys since the last capture.
func TestGameRecordsItsMovesAsCodesThatReplayIt(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	var buf [alquerque.MaxMoves]alquerque.Move
	for range 20 {
		g, err := alquerque.NewGame(alquerque.DefaultRules(), alquerque.Start())
		if err != nil {
			t.Fatal(err)
		}
		for !g.IsTerminal() {
			p := g.Position()
			moves := p.GenerateMoves(buf[:0])
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		var rec game.Record[alquerque.Rules, alquerque.Position, alquerque.Code] = g
		replay, err := alquerque.NewGame(rec.Rules(), rec.Start())
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range rec.Moves() {
			if err := replay.PlayCode(c); err != nil {
				t.Fatalf("move %d, code %#x: %v", i+1, c, err)
			}
			if replay.Played()[i] != g.Played()[i] {
				t.Fatalf("move %d: code %#x replays %v, the game played %v", i+1, c, replay.Played()[i], g.Played()[i])
			}
		}
		if replay.Position() != g.Position() || replay.Outcome() != g.Outcome() ||
			game.Occurrences(g.History(nil)) != g.Occurrences() {
			t.Fatalf("replay ends at %v (%v), the game at %v (%v)", replay.Position(), replay.Outcome(), g.Position(), g.Outcome())
		}
	}
	g, _ := alquerque.NewGame(alquerque.DefaultRules(), alquerque.Start())
	if err := g.PlayCode(0x8000 | 7); err == nil {
		t.Error("a capture code at the start was played")
	}
}
