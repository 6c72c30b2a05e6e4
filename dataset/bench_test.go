package dataset_test

import (
	"os"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/rules"
)

// benchDataset writes a synthetic dataset of about a million position rows
// once per benchmark binary, and returns its directory and row count.
func benchDataset(b *testing.B) (string, int64) {
	type made struct {
		dir  string
		rows int64
	}
	d := testutil.Once(b, "bench dataset", func(dir string) (made, error) {
		r := rules.DefaultRules()
		run := testgames.SynthRun(b, r, 1, 1<<20, 0)
		if err := dataset.ClaimPartition(dir, run); err != nil {
			return made{}, err
		}
		const perPart = 1000
		var rows int64
		for first := int64(0); rows < 1_000_000; first += perPart {
			var games []dataset.GameRow
			var pos []dataset.PositionRow
			for id := first; id < first+perPart; id++ {
				g, p := testgames.SynthGame(b, r, run.Seed, id, 0)
				games, pos = append(games, g), append(pos, p...)
			}
			rows += int64(len(pos))
			meta := dataset.FileMeta{Run: run, Shards: 1, FirstGame: first, LastGame: first + perPart - 1}
			if err := dataset.WritePart(dir, meta, games, pos); err != nil {
				return made{}, err
			}
		}
		return made{dir, rows}, nil
	})
	return d.dir, d.rows
}

func TestMain(m *testing.M) { testutil.Main(m) }

// BenchmarkScanPositionsFitColumns reads the columns the evaluator fit uses
// from about a million position rows; it reports rows/s.
func BenchmarkScanPositionsFitColumns(b *testing.B) {
	dir, rows := benchDataset(b)
	cols := []string{"game_id", "red", "black", "side_to_move", "no_capture_plies", "result", "root_value"}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		var n int64
		var sum uint64
		if err := dataset.ScanPositions(dir, "standard", cols, func(p *dataset.PositionRow) error {
			n++
			sum += p.Red ^ p.Black
			return nil
		}); err != nil {
			b.Fatal(err)
		}
		if n != rows {
			b.Fatalf("scanned %d rows, want %d", n, rows)
		}
	}
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkScanPositionsAllColumns reads every column of the same rows.
func BenchmarkScanPositionsAllColumns(b *testing.B) {
	dir, rows := benchDataset(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		var n int64
		if err := dataset.ScanPositions(dir, "standard", nil, func(p *dataset.PositionRow) error { n++; return nil }); err != nil {
			b.Fatal(err)
		}
		if n != rows {
			b.Fatalf("scanned %d rows, want %d", n, rows)
		}
	}
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkWritePositions writes 1000 games' position rows to one part and
// reports rows/s and bytes per row (synthetic policies are random, so
// bytes/row here is an upper bound; the selfplay benchmark measures real
// data).
func BenchmarkWritePositions(b *testing.B) {
	r := rules.DefaultRules()
	run := testgames.SynthRun(b, r, 1, 1000, 0)
	var pos []dataset.PositionRow
	for id := int64(0); id < 1000; id++ {
		_, p := testgames.SynthGame(b, r, run.Seed, id, 0)
		pos = append(pos, p...)
	}
	dir := b.TempDir()
	var size int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		w, err := dataset.Create[dataset.PositionRow](dir, dataset.FileMeta{Run: run, Shards: 1, FirstGame: int64(i), LastGame: int64(i)})
		if err != nil {
			b.Fatal(err)
		}
		for j := 0; j < len(pos); j += 256 {
			if err := w.Write(pos[j:min(j+256, len(pos))]); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Commit(); err != nil {
			b.Fatal(err)
		}
		st, _ := os.Stat(w.Path())
		size = st.Size()
		os.Remove(w.Path())
	}
	b.ReportMetric(float64(len(pos))*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(float64(size)/float64(len(pos)), "bytes/row")
}

// BenchmarkJournalAppend journals whole games (one frame each) and reports
// the cost per position row, to set against the search's milliseconds per
// row.
func BenchmarkJournalAppend(b *testing.B) {
	r := rules.DefaultRules()
	run := testgames.SynthRun(b, r, 1, 100, 0)
	var games []dataset.JournalGame
	rows := 0
	for id := int64(0); id < 100; id++ {
		g, p := testgames.SynthGame(b, r, run.Seed, id, 0)
		games = append(games, dataset.JournalGame{g, p})
		rows += len(p)
	}
	j, err := dataset.CreateJournal(b.TempDir(), run, 0, 99)
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	b.ReportAllocs()
	for b.Loop() {
		for i := range games {
			if err := j.Append(&games[i]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N)/float64(rows), "ns/row")
}
