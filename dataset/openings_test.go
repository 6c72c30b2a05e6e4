package dataset

import (
	"reflect"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// TestEnumeratedOpeningsFromTheStart counts the openings from the start
// position (16 first moves for each side: 16 one-ply and 256 two-ply
// openings; every count equals rules.Perft at that depth, since no game
// ends that early; TestOpeningsOverTheContractAreSurakartasOwn checks them
// one by one) and checks that PlayOpeningOf plays opening id mod N.
func TestEnumeratedOpeningsFromTheStart(t *testing.T) {
	r := rules.DefaultRules()
	for k, want := range map[int]int{0: 1, 1: 16, 2: 256, 3: 5382} {
		list, err := EnumerateOpenings(r, rules.Start(), k)
		if err != nil || len(list) != want || uint64(want) != rules.Perft(rules.Start(), k) {
			t.Fatalf("%d plies: %d openings (%v), want %d", k, len(list), err, want)
		}
	}
	list, _ := EnumerateOpenings(r, rules.Start(), 2)
	for _, id := range []int64{0, 255, 256, 1000} {
		g, _ := game.NewLine(r, rules.Start())
		n, err := PlayOpeningOf(g, OpeningEnumerated, 1, id, 2)
		if err != nil || n != 2 || g.Moves()[0] != list[id%256][0] || g.Moves()[1] != list[id%256][1] {
			t.Fatalf("game %d: played %v (%d, %v), want opening %d %v", id, g.Moves(), n, err, id%256, list[id%256])
		}
	}
	if _, err := EnumerateOpenings(r, rules.Start(), 6); err == nil {
		t.Error("6-ply openings (more than MaxEnumeratedOpenings) were enumerated")
	}
	if _, err := ParseOpening("shuffled"); err == nil {
		t.Error("an unknown opening procedure was accepted")
	}
}

// TestOpeningsOverTheContractAreSurakartasOwn: the openings played through
// the game contract are those of the rules core, which every earlier
// Surakarta dataset was made with: the enumeration in square order depth
// first (squareOrderOpenings, on positions alone) and the random plies
// from the same draws (PlayRandomOpening on a rules.Game).
func TestOpeningsOverTheContractAreSurakartasOwn(t *testing.T) {
	r := rules.DefaultRules()
	want := squareOrderOpenings(rules.Start(), 3, nil, nil)
	if got, err := EnumerateOpeningsOf(r, rules.Start(), 3); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("3-ply openings through the contract differ from the square order depth first (%v)", err)
	}
	for id := range int64(20) {
		old, _ := rules.NewGame(r, rules.Start())
		k := PlayRandomOpening(old, 7, id, 6)
		l, _ := game.NewLine(r, rules.Start())
		n, err := PlayOpeningOf(l, OpeningRandom, 7, id, 6)
		if err != nil || n != k || !reflect.DeepEqual(l.Moves(), old.Moves()) {
			t.Fatalf("game %d: random opening %v through the contract, %v by the rules core", id, l.Moves(), old.Moves())
		}
	}
}

// squareOrderOpenings appends to out every k-ply sequence of moves from p
// after path, the moves of each position in square order
// (rules.Position.GenerateMovesBySquare), game endings ignored.
func squareOrderOpenings(p rules.Position, k int, path []rules.Move, out [][]rules.Move) [][]rules.Move {
	if k == 0 {
		return append(out, append([]rules.Move(nil), path...))
	}
	for _, m := range p.GenerateMovesBySquare(nil) {
		out = squareOrderOpenings(p.Apply(m), k-1, append(path, m), out)
	}
	return out
}

// TestEnumeratedOpeningsStopAtTheEndOfTheGame: a game that ends within k
// plies (here at the no-capture limit, ply 50) is one opening, shorter.
func TestEnumeratedOpeningsStopAtTheEndOfTheGame(t *testing.T) {
	r := rules.Rules{Variant: rules.Standard, NoCaptureLimit: 50, Repetition: 3, NoMoves: rules.NoMovesLoss}
	start, err := rules.ParseFEN("b5/6/6/6/6/r4r r 48 30")
	if err != nil {
		t.Fatal(err)
	}
	list, err := EnumerateOpeningsOf(r, start, 4)
	if err != nil {
		t.Fatal(err)
	}
	short := 0
	for _, o := range list {
		l, _ := game.NewLine(r, start)
		for _, m := range o {
			if err := l.Play(m); err != nil {
				t.Fatalf("opening %v: %v", o, err)
			}
		}
		if len(o) < 4 {
			short++
			if !l.IsTerminal() {
				t.Fatalf("opening %v is short but the game goes on", o)
			}
		}
	}
	if short == 0 {
		t.Fatal("no opening ended at the no-capture limit (ply 50)")
	}
}

// TestAlquerqueOpeningsAreEnumerated: Alquerque's k-ply openings from the
// start number its perft counts (no game ends within 3 plies).
func TestAlquerqueOpeningsAreEnumerated(t *testing.T) {
	r := alquerque.DefaultRules()
	for k := range 4 {
		list, err := EnumerateOpeningsOf(r, alquerque.Start(), k)
		if want := alquerque.Perft(alquerque.Start(), k); err != nil || uint64(len(list)) != want {
			t.Fatalf("%d plies: %d openings (%v), perft %d", k, len(list), err, want)
		}
	}
}
