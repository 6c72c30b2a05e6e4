package dataset

import (
	"fmt"
	"os"
)

// Repair is what CheckParts did to a variant partition.
type Repair struct {
	// Removed lists each damaged or foreign part removed, with why; its
	// games count as not written.
	Removed []string
	// Recorded lists the parts without a commit record (written by an
	// earlier version, or by a run killed just before its record) that
	// passed the full check and now have one.
	Recorded []string
}

// CheckParts checks every part of the variant partition of run in dir
// whose first game id lies in [lo, hi) before a resumed run counts its
// games as written: both tables' files, their footers (readable, the
// run's settings, the part's game range, one row per game in the games
// file) and the commit record's sizes and SHA-256 hashes. A part without a
// record is read in full (every row of both files, game ids in range) and
// recorded when sound. A part that fails, or that overlaps an earlier
// part, is removed with its record so that the run plays its games again.
// The caller holds the range's lock (LockGames); Cleanup has removed the
// parts that miss a table.
func CheckParts(dir string, run Run, lo, hi int64) (*Repair, error) {
	ps, err := ReadLayout(dir, run.Partition())
	if err != nil {
		return nil, err
	}
	rep := &Repair{}
	last := int64(-1)
	for _, p := range ps.Complete() {
		if p.First < lo || p.First >= hi {
			if p.First < lo {
				last = max(last, p.First) // another shard's part
			}
			continue
		}
		rec, why := p.check(run, ps.Table)
		if why == "" && rec.FirstGame <= last {
			why = fmt.Sprintf("its games %d..%d overlap an earlier part", rec.FirstGame, rec.LastGame)
		}
		if why != "" {
			for _, path := range []string{p.Games.Path, p.Other.Path, p.Commit} {
				if path != "" {
					if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
						return rep, err
					}
				}
			}
			rep.Removed = append(rep.Removed, fmt.Sprintf("%s and its %s part: %s", p.Games.Path, ps.Table, why))
			continue
		}
		last = rec.LastGame
		if p.Commit == "" {
			if err := WriteCommit(dir, run.Partition(), rec); err != nil {
				return rep, err
			}
			rep.Recorded = append(rep.Recorded, p.Games.Path)
		}
	}
	return rep, nil
}

// check returns the part's commit record (computed when it has none) and
// why the part cannot be kept, "" when it can; table is its other table
// (Layout.Table).
func (p *Pair) check(run Run, table string) (CommitRecord, string) {
	var rec CommitRecord
	if p.Commit != "" {
		if probs := p.CheckCommit(table); len(probs) > 0 {
			return rec, probs[0]
		}
		var err error
		if rec, err = readCommit(p.Commit); err != nil {
			return rec, err.Error()
		}
	}
	gf, err := Open(p.Games.Path)
	if err != nil {
		return rec, err.Error()
	}
	defer gf.Close()
	pf, err := Open(p.Other.Path)
	if err != nil {
		return rec, err.Error()
	}
	defer pf.Close()
	g, q := gf.Meta, pf.Meta
	switch {
	case g.Run.Diff(run) != "":
		return rec, "a part of another run (" + g.Run.Diff(run) + ")"
	case q.Run.Diff(run) != "":
		return rec, "its " + table + " file belongs to another run (" + q.Run.Diff(run) + ")"
	case q.Table != table:
		return rec, fmt.Sprintf("its %s file holds the %s table", table, q.Table)
	case g.FirstGame != p.First || q.FirstGame != p.First || q.LastGame != g.LastGame || g.LastGame < g.FirstGame:
		return rec, fmt.Sprintf("footers give games %d..%d and %d..%d for the part named %d", g.FirstGame, g.LastGame, q.FirstGame, q.LastGame, p.First)
	case gf.Rows != g.LastGame-g.FirstGame+1:
		return rec, fmt.Sprintf("%d game rows for the games %d..%d", gf.Rows, g.FirstGame, g.LastGame)
	case p.Commit != "" && (rec.FirstGame != g.FirstGame || rec.LastGame != g.LastGame):
		return rec, fmt.Sprintf("its commit record gives games %d..%d, its footers %d..%d", rec.FirstGame, rec.LastGame, g.FirstGame, g.LastGame)
	}
	if p.Commit != "" {
		return rec, "" // the bytes are those committed
	}
	if why := scanPart(gf, pf); why != "" {
		return rec, why
	}
	rec = CommitRecord{FirstGame: g.FirstGame, LastGame: g.LastGame}
	if rec.Games, err = sumFile(p.Games.Path); err != nil {
		return rec, err.Error()
	}
	if *rec.sumOf(table), err = sumFile(p.Other.Path); err != nil {
		return rec, err.Error()
	}
	return rec, ""
}

// scanPart reads every row of a part's two files and checks their game
// ids: the games file holds each id of its range once in order, a
// positions file only those ids, ascending, a matches file each id once in
// order, as the games file.
func scanPart(gf, pf *File) string {
	next := gf.Meta.FirstGame
	if err := gf.ScanGames(func(g *GameRow) error {
		if g.GameID != next {
			return fmt.Errorf("game id %d where %d was expected", g.GameID, next)
		}
		next++
		return nil
	}); err != nil {
		return err.Error()
	}
	if pf.Meta.Table == TableMatches {
		next = gf.Meta.FirstGame
		if err := pf.ScanMatches(func(m *MatchRow) error {
			if m.GameID != next {
				return fmt.Errorf("%s: a matches row of game %d where %d was expected", pf.Path, m.GameID, next)
			}
			next++
			return nil
		}); err != nil {
			return err.Error()
		}
		if next != gf.Meta.LastGame+1 {
			return fmt.Sprintf("%s: matches rows end at game %d, its games %d..%d", pf.Path, next-1, gf.Meta.FirstGame, gf.Meta.LastGame)
		}
		return ""
	}
	prev := gf.Meta.FirstGame
	if err := pf.ScanPositions(nil, func(r *PositionRow) error {
		if r.GameID < prev || r.GameID > gf.Meta.LastGame {
			return fmt.Errorf("%s: a position row of game %d, outside its games %d..%d or out of order", pf.Path, r.GameID, gf.Meta.FirstGame, gf.Meta.LastGame)
		}
		prev = r.GameID
		return nil
	}); err != nil {
		return err.Error()
	}
	return ""
}
