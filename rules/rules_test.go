package rules

// One hand-built position per rule of RULES.md. Every expected answer was
// worked out by hand from RULES.md's circuit description (inner: a2..f2,
// loop, e1..e6, loop, f5..a5, loop, b6..b1, loop; outer: a3..f3, loop,
// d1..d6, loop, f4..a4, loop, c6..c1, loop); the reasoning is in the
// comments. Each position is also checked against the reference generator
// of reference_test.go, so a mistake in either shows.

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

type ruleCase struct {
	name string
	fen  string
	want []string // every legal move, in canonical notation
}

var ruleCases = []ruleCase{
	{
		// Red b3 stands on inner (b-file) and outer (rank 3). Black b2 and b4
		// are its inner neighbours, a3 and c3 its outer ones: each is the
		// first piece met in its direction with no loop passed, so none can
		// be taken. Only the four empty neighbours remain.
		name: "capture without a loop is not allowed (enemy straight ahead)",
		fen:  "6/6/1b4/brb3/1b4/6 r 0 1",
		want: []string{"b3-a2", "b3-c2", "b3-a4", "b3-c4"},
	},
	{
		// Red b2 lies twice on the inner circuit (positions b2 of rank 2 and
		// b2 of file b). Eastward c2 is met at once, without a loop: void.
		// From the file-b occurrence going south: b1, bottom-left loop, a2,
		// then b2 (its own vacated start, empty), then c2: captured with one
		// loop. Quiet steps: the 7 empty neighbours.
		name: "a route may pass the vacated start point",
		fen:  "6/6/6/6/1rb3/6 r 0 1",
		want: []string{"b2xc2[bottom-left]", "b2-a1", "b2-b1", "b2-c1", "b2-a2", "b2-a3", "b2-b3", "b2-c3"},
	},
	{
		// Red a3 (outer only): backward it meets its own c1 after the
		// bottom-left loop (void); forward b3..f3, bottom-right loop, d1..d6,
		// top-right loop, f4..a4, top-left loop, c6: Black, three loops.
		// Red c1: forward the loop leads to its own a3; backward c2..c6 meets
		// Black with no loop: void.
		name: "a capture may pass several loops",
		fen:  "2b3/6/6/r5/6/2r3 r 0 1",
		want: []string{"a3xc6[bottom-right,top-right,top-left]", "a3-a2", "a3-b2", "a3-b3", "a3-a4", "a3-b4",
			"c1-b1", "c1-d1", "c1-b2", "c1-c2", "c1-d2"},
	},
	{
		// Red a2 east: b2..f2, bottom-right loop, then its own e1: void, so
		// Black e3 beyond is safe. West: bottom-left loop, Black b1: taken.
		// Red e1 north meets e3 without a loop; south-about (loop, f2..a2)
		// meets its own a2.
		name: "own piece first makes the route void",
		fen:  "6/6/6/4b1/r5/1b2r1 r 0 1",
		want: []string{"a2xb1[bottom-left]", "a2-a1", "a2-b2", "a2-a3", "a2-b3",
			"e1-d1", "e1-f1", "e1-d2", "e1-e2", "e1-f2"},
	},
	{
		// The same without Red e1: east from a2 passes f2, the bottom-right
		// loop, e1, e2 and takes e3.
		name: "without the blocking own piece the route captures",
		fen:  "6/6/6/4b1/r5/1b4 r 0 1",
		want: []string{"a2xb1[bottom-left]", "a2xe3[bottom-right]", "a2-a1", "a2-b2", "a2-a3", "a2-b3"},
	},
	{
		// Black c2 stands between a2 and the bottom-right loop: it is met
		// first, with no loop, so it is not taken and e3 behind it is safe.
		name: "enemy met before any loop blocks the route",
		fen:  "6/6/6/4b1/r1b3/1b4 r 0 1",
		want: []string{"a2xb1[bottom-left]", "a2-a1", "a2-b2", "a2-a3", "a2-b3"},
	},
	{
		// Red a3 backward: c1, c2 is Black after the bottom-left loop:
		// taken; c4 further on is not. Forward: b3 is Black with no loop.
		name: "the first piece met is the one captured",
		fen:  "6/6/2b3/rb4/2b3/6 r 0 1",
		want: []string{"a3xc2[bottom-left]", "a3-a2", "a3-b2", "a3-a4", "a3-b4"},
	},
	{
		// Red a3 is on the outer circuit only, which is otherwise empty: both
		// directions go all the way round. The Black pieces (a5, b1, e1, f5)
		// are on the inner circuit only; each would be reachable with a loop
		// by switching circuits at b3, d2 or e3, which is not allowed.
		name: "a route never switches circuits at a crossing",
		fen:  "6/b4b/6/r5/6/1b2b1 r 0 1",
		want: []string{"a3-a2", "a3-b2", "a3-b3", "a3-a4", "a3-b4"},
	},
	{
		// Red a1 is on no circuit and boxed in by Black a2, b1, b2: no move.
		// Red e2 (inner twice): from rank 2 westward, b2 with no loop: void;
		// from file e southward: e1, bottom-right loop, f2, e2 (vacated),
		// d2, c2, b2: taken with one loop (also reachable with 2 and 3
		// loops). Black f1, a6, f6 sit in corners, on no circuit, and are
		// never targets, though the bottom-right loop runs round f1.
		name: "corner points neither capture nor can be captured (Red to move)",
		fen:  "b4b/6/6/6/bb2r1/rb3b r 0 1",
		want: []string{"e2xb2[bottom-right]", "e2-d1", "e2-e1", "e2-d2", "e2-f2", "e2-d3", "e2-e3", "e2-f3"},
	},
	{
		// The same board, Black to move. Black b2 from file b northward:
		// b3..b6, top-left loop, a5..f5, top-right loop, e6..e2: Red e2
		// with two loops. Its other walks meet Black pieces or Red e2 with no
		// loop. Corner pieces a6, f1, f6 only step; Red a1 is never a target.
		name: "corner points neither capture nor can be captured (Black to move)",
		fen:  "b4b/6/6/6/bb2r1/rb3b b 0 1",
		want: []string{"b2xe2[top-left,top-right]", "a2-a3", "a2-b3", "b1-c1", "b1-c2",
			"b2-c1", "b2-c2", "b2-a3", "b2-b3", "b2-c3", "f1-e1", "f1-f2",
			"a6-a5", "a6-b5", "a6-b6", "f6-e5", "f6-e6", "f6-f5"},
	},
	{
		// Red c3 is on the outer circuit twice and alone there; Red e5 is on
		// the inner twice and alone there. Every walk passes the vacated
		// start and comes back to its own track position: no capture, and no
		// move onto the start itself.
		name: "a route that comes all the way round ends at its start",
		fen:  "5b/4r1/6/2r3/6/b5 r 0 1",
		want: []string{"c3-b2", "c3-c2", "c3-d2", "c3-b3", "c3-d3", "c3-b4", "c3-c4", "c3-d4",
			"e5-d4", "e5-e4", "e5-f4", "e5-d5", "e5-f5", "e5-d6", "e5-e6"},
	},
	{
		// Red b3 takes d2 two ways with one loop and six steps: inner
		// b2, b1, loop, a2, b2, c2, d2 and outer c3..f3, loop, d1, d2. The
		// tie goes to the inner circuit, so the notation names the
		// bottom-left loop.
		name: "canonical route: equal loops and steps go to the inner circuit",
		fen:  "6/6/6/1r4/3b2/6 r 0 1",
		want: []string{"b3xd2[bottom-left]", "b3-a2", "b3-b2", "b3-c2", "b3-a3", "b3-c3", "b3-a4", "b3-b4", "b3-c4"},
	},
	{
		name: "a boxed-in corner piece has no move",
		fen:  "6/6/6/6/bb4/rb4 r 0 1",
		want: nil,
	},
	{
		// Quiet moves: one step in each of 8 directions to an empty point.
		name: "start position: 16 quiet moves, no capture",
		fen:  StartFEN,
		want: []string{"a2-a3", "a2-b3", "b2-a3", "b2-b3", "b2-c3", "c2-b3", "c2-c3", "c2-d3",
			"d2-c3", "d2-d3", "d2-e3", "e2-d3", "e2-e3", "e2-f3", "f2-e3", "f2-f3"},
	},
}

func TestHandBuiltPositionsHaveExactlyTheRULESmdMoves(t *testing.T) {
	for _, tc := range ruleCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			var got []string
			for _, m := range p.GenerateMoves(nil) {
				got = append(got, p.MoveString(m))
			}
			want := slices.Clone(tc.want)
			sort.Strings(got)
			sort.Strings(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s\n got  %v\n want %v", tc.fen, got, want)
			}
			rb, err := refParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			var ref []string
			for _, m := range refRuleMoves(&rb) {
				ref = append(ref, m.String())
			}
			var wantPlain []string
			for _, s := range want {
				wantPlain = append(wantPlain, strings.SplitN(s, "[", 2)[0])
			}
			sort.Strings(ref)
			sort.Strings(wantPlain)
			if !slices.Equal(ref, wantPlain) {
				t.Errorf("the reference generator disagrees with the hand analysis of %s\n ref  %v\n want %v", tc.fen, ref, wantPlain)
			}
		})
	}
}

// routeText writes a route as "circuit dir [loops] path" for comparisons.
func routeText(r Route) string {
	dir := "backward"
	if r.Forward {
		dir = "forward"
	}
	var loops, path []string
	for _, l := range r.LoopList() {
		loops = append(loops, l.String())
	}
	for _, s := range r.Path() {
		path = append(path, s.String())
	}
	return r.Circuit.String() + " " + dir + " [" + strings.Join(loops, ",") + "] " + strings.Join(path, " ")
}

func TestRoutesOfHandBuiltCapturesInCanonicalOrder(t *testing.T) {
	cases := []struct {
		name string
		fen  string
		move string
		want []string
	}{
		{
			// From b2's file-b track position forward (south): b1, loop,
			// a2, b2 (vacated), c2. From the same position backward (north)
			// round three loops: 20 steps. From b2's rank-2 position
			// backward: a2, loop, b1, b2 (vacated), ... all four loops.
			name: "routes over the vacated start",
			fen:  "6/6/6/6/1rb3/6 r 0 1",
			move: "b2xc2",
			want: []string{
				"inner forward [bottom-left] b1 a2 b2 c2",
				"inner backward [top-left,top-right,bottom-right] b3 b4 b5 b6 a5 b5 c5 d5 e5 f5 e6 e5 e4 e3 e2 e1 f2 e2 d2 c2",
				"inner backward [bottom-left,top-left,top-right,bottom-right] a2 b1 b2 b3 b4 b5 b6 a5 b5 c5 d5 e5 f5 e6 e5 e4 e3 e2 e1 f2 e2 d2 c2",
			},
		},
		{
			// Ties on loops and steps are broken inner before outer, both at
			// 6 steps and at 18.
			name: "inner before outer on equal loops and steps",
			fen:  "6/6/6/1r4/3b2/6 r 0 1",
			move: "b3xd2",
			want: []string{
				"inner forward [bottom-left] b2 b1 a2 b2 c2 d2",
				"outer forward [bottom-right] c3 d3 e3 f3 d1 d2",
				"inner backward [top-left,top-right,bottom-right] b4 b5 b6 a5 b5 c5 d5 e5 f5 e6 e5 e4 e3 e2 e1 f2 e2 d2",
				"outer backward [bottom-left,top-left,top-right] a3 c1 c2 c3 c4 c5 c6 a4 b4 c4 d4 e4 f4 d6 d5 d4 d3 d2",
			},
		},
		{
			// Red b4, Black c5: outer a4, loop, c6, c5 (3 steps) comes before
			// inner b5, b6, loop, a5, b5, c5 (5 steps), though inner wins ties.
			name: "fewer steps before inner circuit",
			fen:  "6/2b3/1r4/6/6/6 r 0 1",
			move: "b4xc5",
			want: []string{
				"outer forward [top-left] a4 c6 c5",
				"inner backward [top-left] b5 b6 a5 b5 c5",
				"inner forward [bottom-left,bottom-right,top-right] b3 b2 b1 a2 b2 c2 d2 e2 f2 e1 e2 e3 e4 e5 e6 f5 e5 d5 c5",
				"outer backward [top-right,bottom-right,bottom-left] c4 d4 e4 f4 d6 d5 d4 d3 d2 d1 f3 e3 d3 c3 b3 a3 c1 c2 c3 c4 c5",
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			m, err := ParseMove(&p, tc.move)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range p.Routes(m) {
				got = append(got, routeText(r))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("Routes(%s) in %s:\n got  %q\n want %q", tc.move, tc.fen, got, tc.want)
			}
		})
	}
}

func TestRoutesOfNonCapturesAreNil(t *testing.T) {
	p := mustFEN(t, "6/6/1b4/brb3/1b4/6 r 0 1")
	for _, mv := range []Move{
		NewMove(MakeSquare(1, 2), MakeSquare(1, 1), true),  // b3xb2: no loop
		NewMove(MakeSquare(1, 2), MakeSquare(0, 1), false), // quiet step
		NewMove(MakeSquare(0, 0), MakeSquare(1, 1), true),  // empty origin
		NewMove(MakeSquare(1, 1), MakeSquare(1, 2), true),  // opponent's piece moving
	} {
		if rs := p.Routes(mv); rs != nil {
			t.Errorf("Routes(%v) = %v, want nil", mv, rs)
		}
	}
}

// Endings. The boards: "6/6/6/6/6/1r4" Red b1 alone; "6/6/6/6/bb4/rb4" Red
// a1 boxed in by Black a2, b1, b2 (no move: a corner is on no circuit);
// "br4/rr4/6/6/6/6" Black a6 boxed in by Red a5, b5, b6; "b5/6/6/6/6/r4r"
// Red a1, f1 against Black a6 (Red has more); "b5/6/6/6/6/r5" one each;
// "b4b/6/6/6/6/r5" Black has more.

var (
	stdLoss = Rules{Variant: Standard, NoCaptureLimit: 50, Repetition: 3, NoMoves: NoMovesLoss}
	stdDraw = Rules{Variant: Standard, NoCaptureLimit: 50, Repetition: 3, NoMoves: NoMovesDraw}
	majLoss = Rules{Variant: Majority, NoCaptureLimit: 50, Repetition: 3, NoMoves: NoMovesLoss}
	majDraw = Rules{Variant: Majority, NoCaptureLimit: 50, Repetition: 3, NoMoves: NoMovesDraw}
)

func TestAdjudicateScoresEachEndingAsRULESmdSays(t *testing.T) {
	red, black, draw := func(r Reason) Outcome { return Outcome{RedWins, r} },
		func(r Reason) Outcome { return Outcome{BlackWins, r} },
		func(r Reason) Outcome { return Outcome{Draw, r} }
	on := Outcome{}
	cases := []struct {
		name  string
		fen   string
		occ   int
		rules []Rules
		want  Outcome
	}{
		{"black has no piece left: red captured all", "6/6/6/6/6/1r4 b 0 1", 1,
			[]Rules{stdLoss, stdDraw, majLoss, majDraw}, red(CaptureAll)},
		{"red has no piece left: black captured all", "6/6/6/6/6/1b4 r 0 1", 1,
			[]Rules{stdLoss, stdDraw, majLoss, majDraw}, black(CaptureAll)},
		{"capture-all is checked before no-moves, limit and repetition", "6/6/6/6/6/1r4 b 70 9", 3,
			[]Rules{stdLoss, stdDraw, majLoss, majDraw}, red(CaptureAll)},
		{"the side not to move without pieces has lost too", "6/6/6/6/6/1r4 r 0 1", 1,
			[]Rules{stdLoss, stdDraw, majLoss, majDraw}, red(CaptureAll)},
		{"no legal move loses under no-moves=loss", "6/6/6/6/bb4/rb4 r 0 1", 1,
			[]Rules{stdLoss, majLoss}, black(NoMoves)},
		{"no legal move draws under no-moves=draw", "6/6/6/6/bb4/rb4 r 0 1", 1,
			[]Rules{stdDraw, majDraw}, draw(NoMoves)},
		{"no-moves is checked before limit and repetition (loss)", "6/6/6/6/bb4/rb4 r 50 9", 3,
			[]Rules{stdLoss, majLoss}, black(NoMoves)},
		{"no-moves is checked before limit and repetition (draw)", "6/6/6/6/bb4/rb4 r 50 9", 3,
			[]Rules{stdDraw, majDraw}, draw(NoMoves)},
		{"black without a move loses though red has the majority", "br4/rr4/6/6/6/6 b 0 1", 1,
			[]Rules{stdLoss, majLoss}, red(NoMoves)},
		{"majority does not score the no-moves ending", "br4/rr4/6/6/6/6 b 0 1", 1,
			[]Rules{stdDraw, majDraw}, draw(NoMoves)},
		{"50 plies without capture draw under standard", "b5/6/6/6/6/r4r r 50 30", 1,
			[]Rules{stdLoss, stdDraw}, draw(NoCaptureLimit)},
		{"50 plies without capture go to the majority", "b5/6/6/6/6/r4r r 50 30", 1,
			[]Rules{majLoss, majDraw}, red(NoCaptureLimit)},
		{"50 plies without capture, black majority", "b4b/6/6/6/6/r5 r 50 30", 1,
			[]Rules{majLoss, majDraw}, black(NoCaptureLimit)},
		{"50 plies without capture, equal counts draw under majority", "b5/6/6/6/6/r5 r 50 30", 1,
			[]Rules{majLoss, majDraw}, draw(NoCaptureLimit)},
		{"49 plies without capture go on", "b5/6/6/6/6/r4r r 49 30", 2,
			[]Rules{stdLoss, stdDraw, majLoss, majDraw}, on},
		{"no-capture limit 0 is off", "b5/6/6/6/6/r4r r 500 30", 1,
			[]Rules{{Variant: Majority, NoCaptureLimit: 0, Repetition: 3}}, on},
		{"a limit of 60 is not reached at 50", "b5/6/6/6/6/r4r r 50 30", 1,
			[]Rules{{Variant: Majority, NoCaptureLimit: 60, Repetition: 3}}, on},
		{"third occurrence draws under standard", "b5/6/6/6/6/r4r r 8 30", 3,
			[]Rules{stdLoss, stdDraw}, draw(RepetitionEnding)},
		{"third occurrence goes to the majority", "b5/6/6/6/6/r4r r 8 30", 3,
			[]Rules{majLoss, majDraw}, red(RepetitionEnding)},
		{"third occurrence, black majority", "b4b/6/6/6/6/r5 r 8 30", 3,
			[]Rules{majLoss}, black(RepetitionEnding)},
		{"third occurrence, equal counts draw under majority", "b5/6/6/6/6/r5 r 8 30", 3,
			[]Rules{majLoss, majDraw}, draw(RepetitionEnding)},
		{"second occurrence goes on", "b5/6/6/6/6/r4r r 8 30", 2,
			[]Rules{stdLoss, majLoss}, on},
		{"repetition 2 ends at the second occurrence", "b5/6/6/6/6/r4r r 8 30", 2,
			[]Rules{{Variant: Standard, NoCaptureLimit: 50, Repetition: 2}}, draw(RepetitionEnding)},
		{"repetition 0 is off", "b5/6/6/6/6/r4r r 8 30", 10,
			[]Rules{{Variant: Majority, NoCaptureLimit: 50, Repetition: 0}}, on},
		{"the limit is checked before repetition", "b5/6/6/6/6/r4r r 50 30", 3,
			[]Rules{majLoss}, red(NoCaptureLimit)},
		{"the limit is checked before repetition (standard)", "b5/6/6/6/6/r4r r 50 30", 3,
			[]Rules{stdDraw}, draw(NoCaptureLimit)},
		{"start position is ongoing", StartFEN, 1,
			[]Rules{stdLoss, stdDraw, majLoss, majDraw}, on},
	}
	for _, tc := range cases {
		p := mustFEN(t, tc.fen)
		for _, r := range tc.rules {
			if got := r.Adjudicate(&p, tc.occ); got != tc.want {
				t.Errorf("%s: Adjudicate(%q, %d) under %v = %v, want %v", tc.name, tc.fen, tc.occ, r, got, tc.want)
			}
			if tc.want.IsTerminal() {
				if got := r.Score(&p, tc.want.Reason); got != tc.want {
					t.Errorf("%s: Score(%q, %v) under %v = %v, want %v", tc.name, tc.fen, tc.want.Reason, r, got, tc.want)
				}
			}
		}
	}
}

func TestOutcomeStringAndReturnsMatchDocumentedForms(t *testing.T) {
	cases := []struct {
		o       Outcome
		s       string
		returns [2]float64
	}{
		{Outcome{}, "ongoing", [2]float64{0, 0}},
		{Outcome{RedWins, CaptureAll}, "red wins (capture-all)", [2]float64{1, -1}},
		{Outcome{BlackWins, NoMoves}, "black wins (no-moves)", [2]float64{-1, 1}},
		{Outcome{Draw, NoCaptureLimit}, "draw (no-capture-limit)", [2]float64{0, 0}},
		{Outcome{Draw, RepetitionEnding}, "draw (repetition)", [2]float64{0, 0}},
	}
	for _, tc := range cases {
		if tc.o.String() != tc.s {
			t.Errorf("%#v.String() = %q, want %q", tc.o, tc.o.String(), tc.s)
		}
		if tc.o.Returns() != tc.returns || tc.o.Return(Red) != tc.returns[0] || tc.o.Return(Black) != tc.returns[1] {
			t.Errorf("%v: Returns = %v, want %v", tc.o, tc.o.Returns(), tc.returns)
		}
		if tc.o.IsTerminal() != (tc.s != "ongoing") {
			t.Errorf("%v: IsTerminal = %v", tc.o, tc.o.IsTerminal())
		}
	}
	for _, name := range []string{"capture-all", "no-moves", "no-capture-limit", "repetition"} {
		r, err := ParseReason(name)
		if err != nil || r.String() != name {
			t.Errorf("ParseReason(%q) = %v, %v", name, r, err)
		}
	}
	if _, err := ParseReason("resign"); err == nil || !strings.Contains(err.Error(), "resign") {
		t.Errorf("ParseReason(resign) error = %v, want one naming the input", err)
	}
}

func TestRulesStringParsesBackAndDefaultsMatchRULESmd(t *testing.T) {
	d := DefaultRules()
	if d != stdLoss {
		t.Errorf("DefaultRules() = %+v, want standard, limit 50, repetition 3, no-moves loss", d)
	}
	const canonical = "variant=standard,no-capture-limit=50,repetition=3,no-moves=loss"
	if d.String() != canonical {
		t.Errorf("DefaultRules().String() = %q, want %q", d.String(), canonical)
	}
	for _, r := range []Rules{stdLoss, stdDraw, majLoss, majDraw,
		{Variant: Majority, NoCaptureLimit: 0, Repetition: 0, NoMoves: NoMovesDraw},
		{Variant: Standard, NoCaptureLimit: MaxNoCapture, Repetition: 2},
	} {
		back, err := ParseRules(r.String())
		if err != nil || back != r {
			t.Errorf("ParseRules(%q) = %+v, %v; want %+v", r.String(), back, err, r)
		}
	}
	good := map[string]Rules{
		"":                                  d,
		"variant=majority":                  {Majority, 50, 3, NoMovesLoss},
		"no-moves=draw,variant=majority":    {Majority, 50, 3, NoMovesDraw},
		"repetition=0,no-capture-limit=100": {Standard, 100, 0, NoMovesLoss},
		"variant=majority,no-capture-limit=40,repetition=2,no-moves=draw": {Majority, 40, 2, NoMovesDraw},
	}
	for s, want := range good {
		got, err := ParseRules(s)
		if err != nil || got != want {
			t.Errorf("ParseRules(%q) = %+v, %v; want %+v", s, got, err, want)
		}
	}
}

func TestParseRulesRejectsBadSettingsNamingTheProblem(t *testing.T) {
	cases := []struct{ in, want string }{
		{"variant=chess", `bad variant "chess": want standard or majority`},
		{"no-moves=win", `bad no-moves setting "win": want loss or draw`},
		{"no-capture-limit=-1", "no-capture limit -1 out of range"},
		{"no-capture-limit=65536", "out of range"},
		{"no-capture-limit=fifty", `bad no-capture-limit "fifty"`},
		{"no-capture-limit=", `bad no-capture-limit ""`},
		{"no-capture-limit=+50", `bad no-capture-limit "+50"`},
		{"no-capture-limit=050", `bad no-capture-limit "050"`},
		{"repetition=1", "repetition 1 out of range"},
		{"repetition=-3", "repetition -3 out of range"},
		{"repetition=1001", "repetition 1001 out of range"},
		{"repetition=99999999999999999999", `bad repetition "99999999999999999999"`},
		{"colour=red", `unknown rules setting "colour"`},
		{"variant", `bad rules setting "variant": want key=value`},
		{"variant=majority,", `bad rules setting ""`},
		{"variant=majority,variant=standard", `"variant" given twice`},
		{" variant=majority", `unknown rules setting " variant"`},
		{"Variant=majority", `unknown rules setting "Variant"`},
	}
	for _, tc := range cases {
		_, err := ParseRules(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseRules(%q) error = %v, want one containing %q", tc.in, err, tc.want)
		}
	}
	if err := (Rules{Variant: 7, NoCaptureLimit: 50, Repetition: 3}).Validate(); err == nil {
		t.Errorf("Validate accepts variant 7")
	}
	if err := (Rules{NoCaptureLimit: 50, Repetition: 3, NoMoves: 5}).Validate(); err == nil {
		t.Errorf("Validate accepts no-moves 5")
	}
}
