package rules

import (
	"testing"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/game/gametest"
)

// Surakarta under every setting that changes an ending keeps the game
// contract's promises (package gametest's conformance checks). Short
// limits make the playouts reach the no-capture and repetition endings.
func TestRulesConformToTheGameContract(t *testing.T) {
	settings := []Rules{
		DefaultRules(),
		{Variant: Majority, NoCaptureLimit: 50, Repetition: 3, NoMoves: NoMovesLoss},
		{Variant: Majority, NoCaptureLimit: 12, Repetition: 2, NoMoves: NoMovesDraw},
		{Variant: Standard, NoCaptureLimit: 0, Repetition: 0, NoMoves: NoMovesLoss},
	}
	for i, r := range settings {
		t.Run(r.String(), func(t *testing.T) {
			gametest.Check(t, r, gametest.Options{Games: 12, MaxPlies: 300, Seed: uint64(i)})
		})
	}
}

// The contract's perft, one walk for every game, counts what Surakarta's
// bitboard perft counts (the published counts of docs/RULES.md).
func TestContractPerftMatchesPerft(t *testing.T) {
	start := Start()
	mid, err := ParseFEN("1b1bbb/b1b1b1/1r2b1/2r3/rr1rbr/r1r1rr r 3 9")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Position{start, mid} {
		for depth := 0; depth <= 3; depth++ {
			if got, want := game.Perft(DefaultRules(), p, depth), Perft(p, depth); got != want {
				t.Errorf("%s depth %d: contract perft %d, Perft %d", p.FEN(), depth, got, want)
			}
		}
	}
}

// Judge is Ending in the contract's terms: the results and reasons keep
// their numbers, Red is the first player.
func TestJudgeIsEndingInTheContractsTerms(t *testing.T) {
	if game.Result(RedWins) != game.FirstWins || game.Result(BlackWins) != game.SecondWins ||
		game.Result(Draw) != game.Draw || game.Result(Ongoing) != game.Ongoing || game.Reason(NotOver) != game.NotOver {
		t.Fatal("rules' results and the contract's are numbered differently")
	}
	r := DefaultRules()
	for _, fen := range []string{StartFEN, "6/6/6/6/6/r5 b 0 40", "b5/6/6/6/6/r5 r 50 40"} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for occ := 1; occ <= 3; occ++ {
			want := r.Ending(&p, p.HasMoves(), occ)
			got := r.Judge(&p, p.HasMoves(), occ)
			if got.Result != game.Result(want.Result) || r.ReasonName(got.Reason) != want.Reason.String() {
				t.Errorf("%s occurrences %d: Judge %v, Ending %v", fen, occ, got, want)
			}
		}
	}
}
