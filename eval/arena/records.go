package arena

import (
	"fmt"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/game"
)

// Sides names the two engines of a match, A first, for the matches table.
type Sides [2]string

// RecordRows fills the games and matches rows of rec, a game of a match of
// r's game with seed seed between the engines named by names. The games
// row is the one self-play writes (dataset.FillGameOf) but for a game a
// fault ended, whose winner, outcome and reason are the fault's. The
// matches table's red and black columns are the first and the second
// player's (Surakarta's Red and Black, Alquerque's White and Black).
func RecordRows[G game.Game[P, M], P any, M game.Move](rec *GameRecordOf[P, M], r G, seed uint64, names Sides, g *dataset.GameRow, m *dataset.MatchRow) error {
	played, err := game.NewLine(r, rec.Start)
	if err != nil {
		return err
	}
	for i, mv := range rec.Moves {
		if err := played.Play(mv); err != nil {
			return fmt.Errorf("game %d, ply %d: %w", rec.Game, i, err)
		}
	}
	dataset.FillGameOf(g, r, int64(rec.Game), seed, rec.OpeningPlies, rec.Start, rec.Moves, played.Outcome())
	if rec.Faulted() {
		dataset.FillFaultOf(g, r, rec.Winner, rec.Reason)
	}
	a := rec.APlayer()
	label := [2]string{"a", "b"}
	side := func(p game.Player) int {
		if p == a {
			return 0
		}
		return 1
	}
	first, second := game.First, game.Second
	*m = dataset.MatchRow{
		GameID: int64(rec.Game),
		Red:    label[side(first)], Black: label[side(second)],
		RedName: names[side(first)], BlackName: names[side(second)],
		RedTimeMS: rec.Time[first].Milliseconds(), BlackTimeMS: rec.Time[second].Milliseconds(),
		RedNodes: rec.Nodes[first], BlackNodes: rec.Nodes[second],
		Fault: rec.Fault,
	}
	return nil
}

// WriteRecords writes recs, the games meta.FirstGame..meta.LastGame of a
// match of r's game, as one part of the matches table and one of the
// games table with their commit record (dataset.WriteMatchPart): the two
// parts are put in place together, so that a failure to write either (a
// full disk) leaves neither and no reader sees a matches row without its
// game.
func WriteRecords[G game.Game[P, M], P any, M game.Move](dir string, meta dataset.FileMeta, r G, names Sides, recs []GameRecordOf[P, M]) error {
	games := make([]dataset.GameRow, len(recs))
	matches := make([]dataset.MatchRow, len(recs))
	for i := range recs {
		if err := RecordRows(&recs[i], r, meta.Seed, names, &games[i], &matches[i]); err != nil {
			return err
		}
	}
	return dataset.WriteMatchPart(dir, meta, games, matches)
}

// ReadRecords reads back the games of r's game that a match wrote to the
// partition key (dataset.Key) of dir: each pair whose two games are in
// both tables, by pair index. A match's record of an earlier schema
// version (Surakarta's) reads as it was written.
func ReadRecords[G game.Game[P, M], P any, M game.Move](dir, key string, r G) (map[int][2]GameRecordOf[P, M], error) {
	out := map[int][2]GameRecordOf[P, M]{}
	if done, err := dataset.Complete(dir, key); err != nil || len(done) == 0 {
		return out, err // nothing written yet
	}
	matches := map[int64]dataset.MatchRow{}
	err := dataset.ScanMatches(dir, key, func(m *dataset.MatchRow) error {
		matches[m.GameID] = *m
		return nil
	})
	if err != nil {
		return nil, err
	}
	games := map[int]GameRecordOf[P, M]{}
	err = dataset.ScanGames(dir, key, func(g *dataset.GameRow) error {
		m, ok := matches[g.GameID]
		if !ok {
			return nil
		}
		rec, err := recordOf(r, g, &m)
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
				out[k/2] = [2]GameRecordOf[P, M]{g, h}
			}
		}
	}
	return out, nil
}

// recordOf rebuilds a game's record from its games and matches rows.
func recordOf[G game.Game[P, M], P any, M game.Move](r G, g *dataset.GameRow, m *dataset.MatchRow) (GameRecordOf[P, M], error) {
	start, err := r.ParsePosition(g.StartFEN)
	if err != nil {
		return GameRecordOf[P, M]{}, err
	}
	rec := GameRecordOf[P, M]{Game: int(g.GameID), Start: start, OpeningPlies: int(g.OpeningPlies), Reason: g.Reason, Fault: m.Fault}
	p := start
	for i, s := range g.Moves {
		mv, err := r.ParseMove(&p, s)
		if err != nil {
			return GameRecordOf[P, M]{}, fmt.Errorf("move %d: %w", i+1, err)
		}
		rec.Moves = append(rec.Moves, mv)
		r.Apply(&p, mv)
	}
	// By the winner's name, which every schema version wrote (a game a
	// fault ended had no outcome before this version wrote its winner's).
	switch g.Winner {
	case r.PlayerName(game.First):
		rec.Winner = game.FirstWins
	case r.PlayerName(game.Second):
		rec.Winner = game.SecondWins
	case game.Draw.String():
		rec.Winner = game.Draw
	default:
		return GameRecordOf[P, M]{}, fmt.Errorf("winner %q: want %s, %s or draw", g.Winner, r.PlayerName(game.First), r.PlayerName(game.Second))
	}
	if rec.Faulted() {
		if rec.Winner == game.Draw {
			return GameRecordOf[P, M]{}, fmt.Errorf("a fault (%s) ended the game, yet it is recorded as a draw", rec.Fault)
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
