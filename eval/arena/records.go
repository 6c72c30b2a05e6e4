package arena

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/rules"
)

// Sides names the two engines of a match, A first, for the matches table.
type Sides [2]string

// RecordRows fills the games and matches rows of rec, a game of a match
// under r with seed seed between the engines named by names.
func RecordRows(rec *GameRecord, r rules.Rules, seed uint64, names Sides, g *dataset.GameRow, m *dataset.MatchRow) error {
	played, err := rules.NewGame(r, rec.Start)
	if err != nil {
		return err
	}
	for i, mv := range rec.Moves {
		if err := played.Play(mv); err != nil {
			return fmt.Errorf("game %d, ply %d: %w", rec.Game, i, err)
		}
	}
	dataset.FillGame(g, int64(rec.Game), seed, rec.OpeningPlies, played)
	if rec.Faulted() {
		w := rules.Result(rec.Winner).String() // the same numbers: Red is game.First
		g.Winner, g.Reason, g.MajorityWinner = w, rec.Reason, w
	}
	a := rules.Color(rec.APlayer())
	label := [2]string{"a", "b"}
	side := func(c rules.Color) int {
		if c == a {
			return 0
		}
		return 1
	}
	*m = dataset.MatchRow{
		GameID: int64(rec.Game),
		Red:    label[side(rules.Red)], Black: label[side(rules.Black)],
		RedName: names[side(rules.Red)], BlackName: names[side(rules.Black)],
		RedTimeMS: rec.Time[rules.Red].Milliseconds(), BlackTimeMS: rec.Time[rules.Black].Milliseconds(),
		RedNodes: rec.Nodes[rules.Red], BlackNodes: rec.Nodes[rules.Black],
		Fault: rec.Fault,
	}
	return nil
}

// WriteRecords writes recs, the games meta.FirstGame..meta.LastGame of a
// match, as one part of the matches table and one of the games table, put
// in place together (dataset.CommitTogether): a failure to write either
// (a full disk) leaves neither, so that no reader sees a matches row
// without its game.
func WriteRecords(dir string, meta dataset.FileMeta, r rules.Rules, names Sides, recs []GameRecord) error {
	games := make([]dataset.GameRow, len(recs))
	matches := make([]dataset.MatchRow, len(recs))
	for i := range recs {
		if err := RecordRows(&recs[i], r, meta.Seed, names, &games[i], &matches[i]); err != nil {
			return err
		}
	}
	mw, err := dataset.NewRows(dir, meta, matches)
	if err != nil {
		return err
	}
	gw, err := dataset.NewRows(dir, meta, games)
	if err != nil {
		mw.Abort()
		return err
	}
	return dataset.CommitTogether(mw, gw)
}

// ReadRecords reads back the games a match wrote to dir under variant:
// each pair whose two games are in both tables, by pair index.
func ReadRecords(dir, variant string) (map[int][2]GameRecord, error) {
	out := map[int][2]GameRecord{}
	for _, table := range []string{dataset.TableMatches, dataset.TableGames} {
		parts, err := filepath.Glob(filepath.Join(dataset.PartitionDir(dir, table, variant), "part-*.parquet"))
		if err != nil || len(parts) == 0 {
			return out, err // nothing written yet
		}
	}
	matches := map[int64]dataset.MatchRow{}
	err := dataset.ScanMatches(dir, variant, func(m *dataset.MatchRow) error {
		matches[m.GameID] = *m
		return nil
	})
	if err != nil {
		return nil, err
	}
	games := map[int]GameRecord{}
	err = dataset.ScanGames(dir, variant, func(g *dataset.GameRow) error {
		m, ok := matches[g.GameID]
		if !ok {
			return nil
		}
		rec, err := recordOf(g, &m)
		if err != nil {
			return fmt.Errorf("%s: game %d: %w", dir, g.GameID, err)
		}
		games[rec.Game] = rec
		return nil
	})
	if err != nil {
		return nil, err
	}
	for k, g := range games {
		if k%2 == 0 {
			if h, ok := games[k+1]; ok {
				out[k/2] = [2]GameRecord{g, h}
			}
		}
	}
	return out, nil
}

func recordOf(g *dataset.GameRow, m *dataset.MatchRow) (GameRecord, error) {
	start, err := rules.ParseFEN(g.StartFEN)
	if err != nil {
		return GameRecord{}, err
	}
	rec := GameRecord{Game: int(g.GameID), Start: start, OpeningPlies: int(g.OpeningPlies), Reason: g.Reason, Fault: m.Fault}
	p := start
	for i, s := range g.Moves {
		mv, err := rules.ParseMove(&p, s)
		if err != nil {
			return GameRecord{}, fmt.Errorf("move %d: %w", i+1, err)
		}
		rec.Moves = append(rec.Moves, mv)
		p = p.Apply(mv)
	}
	switch g.Winner {
	case "red":
		rec.Winner = game.FirstWins
	case "black":
		rec.Winner = game.SecondWins
	case "draw":
		rec.Winner = game.Draw
	default:
		return GameRecord{}, fmt.Errorf("winner %q: want red, black or draw", g.Winner)
	}
	if rec.Faulted() {
		if rec.Winner == game.Draw {
			return GameRecord{}, fmt.Errorf("a fault (%s) ended the game, yet it is recorded as a draw", rec.Fault)
		}
		rec.Faulty = game.First
		if rec.Winner == game.FirstWins {
			rec.Faulty = game.Second
		}
	}
	rec.Time = [2]time.Duration{time.Duration(m.RedTimeMS) * time.Millisecond, time.Duration(m.BlackTimeMS) * time.Millisecond}
	rec.Nodes = [2]int64{m.RedNodes, m.BlackNodes}
	return rec, nil
}

// ResumeRecords returns the pairs of games 0..2·pairs-1 that a match wrote
// to dir under variant (ReadRecords), after removing what an interrupted
// write left: temporary files, and the matches part of a pair whose games
// part is missing. It lists what it removed. The caller holds the games'
// lock (dataset.LockGames), so no live writer's file is taken for a
// leftover.
func ResumeRecords(dir, variant string, pairs int) (map[int][2]GameRecord, []string, error) {
	var removed []string
	for _, table := range []string{dataset.TableMatches, dataset.TableGames} {
		r, err := atomicfile.RemoveTemps(dataset.PartitionDir(dir, table, variant))
		removed = append(removed, r...)
		if err != nil {
			return nil, removed, err
		}
	}
	done, err := ReadRecords(dir, variant)
	if err != nil {
		return nil, removed, err
	}
	for k := 0; k < pairs; k++ {
		if _, ok := done[k]; ok {
			continue
		}
		for _, table := range []string{dataset.TableMatches, dataset.TableGames} {
			p := dataset.PartPath(dir, table, variant, int64(2*k))
			if err := os.Remove(p); err == nil {
				removed = append(removed, p)
			} else if !errors.Is(err, fs.ErrNotExist) {
				return nil, removed, err
			}
		}
	}
	return done, removed, nil
}
