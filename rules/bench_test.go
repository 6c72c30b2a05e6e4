package rules_test

import (
	"runtime"
	"testing"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// benchPositions are the positions the move-generation benchmarks run on:
// the start (no capture possible), a middlegame from a random game with
// captures on both circuits, and a sparse endgame where long routes dominate.
var benchPositions = []struct {
	name, fen string
}{
	{"start", rules.StartFEN},
	{"middlegame", "1br1bb/1r3b/1b1rr1/4b1/5r/r1rbr1 b 0 31"},
	{"endgame", "4b1/5r/6/6/5b/r3r1 b 0 31"},
}

func benchPosition(b *testing.B, fen string) rules.Position {
	b.Helper()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

var (
	benchSinkInt   int
	benchSinkMoves []rules.Move
	benchSinkPos   rules.Position
	benchSinkN     uint64
)

func BenchmarkGenerateMoves(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := benchPosition(b, bp.fen)
			buf := make([]rules.Move, 0, rules.MaxMoves)
			b.ReportAllocs()
			for b.Loop() {
				buf = p.GenerateMoves(buf)
			}
			benchSinkMoves = buf
		})
	}
}

func BenchmarkCountMoves(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := benchPosition(b, bp.fen)
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n += p.CountMoves()
			}
			benchSinkInt = n
		})
	}
}

// BenchmarkApply plays each legal move of the middlegame position once per
// op; ns/op divided by the move count is the cost of one Apply.
func BenchmarkApply(b *testing.B) {
	p := benchPosition(b, benchPositions[1].fen)
	moves := p.GenerateMoves(make([]rules.Move, 0, rules.MaxMoves))
	b.ReportAllocs()
	var q rules.Position
	for b.Loop() {
		for _, m := range moves {
			q = p.Apply(m)
		}
	}
	benchSinkPos = q
	b.ReportMetric(float64(len(moves)), "moves/op")
}

func benchPerft(b *testing.B, depth, threads int, want uint64) {
	p := rules.Start()
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		if threads == 1 {
			n = rules.Perft(p, depth)
		} else {
			n = rules.PerftParallel(p, depth, threads)
		}
	}
	if n != want {
		b.Fatalf("perft(%d) = %d, want %d", depth, n, want)
	}
	benchSinkN = n
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerft5(b *testing.B) { benchPerft(b, 5, 1, 2572484) }

func BenchmarkPerft6(b *testing.B) { benchPerft(b, 6, 1, 58479230) }

// BenchmarkPerftParallel splits perft 6's root moves across one goroutine
// per CPU.
func BenchmarkPerftParallel(b *testing.B) {
	b.ReportMetric(float64(runtime.GOMAXPROCS(0)), "threads")
	benchPerft(b, 6, runtime.GOMAXPROCS(0), 58479230)
}

// BenchmarkGame plays one game to its end an op, the same game every op
// (each move drawn among the legal moves by a fixed linear congruential
// stream): Play's legality check, Apply, the repetition history and the
// ending of every ply, by rules.Game (as the openings, the datasets' games
// and the statistics play them) and by game.Line (self-play's games, the
// arena's, the engine's).
func BenchmarkGame(b *testing.B) {
	b.Run("rules.Game", func(b *testing.B) {
		benchGame(b, func() (gameOf[rules.Move], error) { return rules.NewGame(rules.DefaultRules(), rules.Start()) })
	})
	b.Run("game.Line", func(b *testing.B) {
		benchGame(b, func() (gameOf[rules.Move], error) { return game.NewLine(rules.DefaultRules(), rules.Start()) })
	})
}

// gameOf is what BenchmarkGame plays a game through.
type gameOf[M any] interface {
	IsTerminal() bool
	LegalMoves(buf []M) []M
	Play(m M) error
	Ply() int
}

func benchGame(b *testing.B, start func() (gameOf[rules.Move], error)) {
	var buf [rules.MaxMoves]rules.Move
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		g, err := start()
		if err != nil {
			b.Fatal(err)
		}
		for x := uint64(1); !g.IsTerminal(); {
			moves := g.LegalMoves(buf[:0])
			x = x*6364136223846793005 + 1442695040888963407
			if err := g.Play(moves[(x>>33)%uint64(len(moves))]); err != nil {
				b.Fatal(err)
			}
		}
		plies += g.Ply()
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
}
