package match

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
)

// matchRecords writes a match's games of game G to its output directory, a
// part per run of consecutive pairs: up to recordBatchGames games, or what
// finished within recordFlushEvery of the run's first pair, so that a
// small match does not make a file per pair and a killed one loses
// seconds of games. The part boundaries are all the clock decides; the
// rows are the games'.
type matchRecords[G game.Game[P, M], P any, M game.Move] struct {
	lock   *dataset.GamesLock
	dir    string
	run    dataset.Run
	rules  G
	names  arena.Sides
	played map[int][2]arena.GameRecordOf[P, M]

	pending []arena.GameRecordOf[P, M] // consecutive games not yet written
	since   time.Time                  // when the first pending pair arrived
}

const (
	recordBatchGames = 64
	recordFlushEvery = 10 * time.Second
)

// openMatchRecords takes dir's partition of the match's game and variant
// for the match run through dataset.ResumeRun, as self-play takes its
// own: the lock of the match's games, and the claim of a new directory
// or, with resume, of one that holds the same match (or fewer of its
// games: a resumed match may grow), repaired of what an interruption left
// (said on errOut), whose recorded pairs it returns. close releases the
// lock.
func openMatchRecords[G game.Game[P, M], P any, M game.Move](dir string, resume bool, run dataset.Run, names arena.Sides, r G, errOut io.Writer) (rec *matchRecords[G, P, M], err error) {
	have, exists, err := dataset.ReadManifest(dir, run.Partition())
	if err != nil {
		return nil, err
	}
	refuse := setting.Errorf("%s already holds a match: add %s to continue it, or choose another directory", setting.Set("out", dir), setting.Key("resume"))
	if exists && !resume {
		return nil, refuse
	}
	logf := func(format string, args ...any) { fmt.Fprintf(errOut, format+"\n", args...) }
	res, err := dataset.ResumeRun(dir, run, 0, run.Games, resume, logf)
	var mm *dataset.RunMismatchError
	if errors.As(err, &mm) && exists {
		return nil, setting.Errorf("%s holds a match with other settings:\n  %v\n"+
			"To continue that match, repeat its settings (with %s); to play a new one, write it to another %s%v",
			dir, setting.Join("\n  ", matchSettingsDiff(mm.Diffs, string(run.Engine), string(have.Engine))...),
			setting.Key("resume"), setting.Key("out"), formerDefaultSides(string(run.Engine), string(have.Engine)))
	}
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			res.Lock.Unlock()
		}
	}()
	if !resume && len(res.Complete)+len(res.Leftovers)+len(res.Journals.Paths) > 0 {
		return nil, refuse
	}
	played, err := arena.ReadRecords(dir, run.Partition(), r)
	if err != nil {
		return nil, err
	}
	if resume {
		fmt.Fprintf(errOut, "resuming: %d of %d games already recorded in %s\n", 2*len(played), run.Games, dir)
	}
	return &matchRecords[G, P, M]{lock: res.Lock, dir: dir, run: run, rules: r, names: names, played: played}, nil
}

// matchSettingsDiff says how a match's settings differ from the recorded
// match's, in selfplay's form: the engines side by side and setting by
// setting ("b sims: this run 60, the match 50", by mcts.Engine.Diff; the
// side named as a setting, which a command says as --b) from
// the records' engine texts, "a: TEXT | b: TEXT"; a side that is not a
// built-in engine's text (an external engine) is said whole.
func matchSettingsDiff(diffs []dataset.SettingDiff, mine, have string) []error {
	var out []error
	for _, d := range diffs {
		if d.Setting != "engine" {
			out = append(out, d.Said("the match"))
			continue
		}
		ms, mok := EngineSides(mine)
		hs, hok := EngineSides(have)
		if !mok || !hok {
			out = append(out, d.Said("the match"))
			continue
		}
		for i, side := range []string{"a", "b"} {
			if ms[i] == hs[i] {
				continue
			}
			mt, mtables, mgo := sideParts(ms[i])
			ht, htables, hgo := sideParts(hs[i])
			me, merr := mcts.ParseEngine(mcts.Engine{}, mt)
			he, herr := mcts.ParseEngine(mcts.Engine{}, ht)
			k := setting.Key(side)
			if merr != nil || herr != nil {
				out = append(out, setting.Errorf("%s: this run %s, the match %s", k, ms[i], hs[i]))
				continue
			}
			for _, name := range me.Diff(he) {
				s := mcts.LookupSetting(name)
				out = append(out, setting.Errorf("%s %s: this run %s, the match %s", k, s.Flag(), s.Get(&me), s.Get(&he)))
			}
			if mtables != htables {
				out = append(out, setting.Errorf("%s tables: this run %s, the match %s", k, orNone(mtables), orNone(htables)))
			}
			if mgo != hgo {
				out = append(out, setting.Errorf("%s go: this run %s, the match %s", k, orNone(mgo), orNone(hgo)))
			}
		}
	}
	return out
}

// formerDefaultSides is the note a refusal adds when a built-in side of
// the recorded match was played by the former default engine and this
// run's is not (runspec.MadeUnderBaseline), "" otherwise.
func formerDefaultSides(mine, have string) any {
	ms, mok := EngineSides(mine)
	hs, hok := EngineSides(have)
	if !mok || !hok {
		return ""
	}
	var sides []any
	for i, side := range []string{"a", "b"} {
		me, merr := mcts.ParseEngine(mcts.Engine{}, withoutBudget(ms[i]))
		he, herr := mcts.ParseEngine(mcts.Engine{}, withoutBudget(hs[i]))
		if merr == nil && herr == nil && runspec.MadeUnderBaseline(me, he) {
			sides = append(sides, setting.Key(side))
		}
	}
	if len(sides) == 0 {
		return ""
	}
	to := strings.Repeat(" and %s", len(sides))[len(" and "):]
	return setting.Errorf("\n%w", runspec.FormerDefaultNote(setting.Errorf("add preset=baseline to "+to, sides...)))
}

// withoutBudget returns a built-in side's engine settings from its
// recorded text (sideParts).
func withoutBudget(text string) string {
	settings, _, _ := sideParts(text)
	return settings
}

// sideParts splits a built-in side's recorded text into its engine
// settings, the tables' identity (runspec.TablesSuffix; "" for none) and
// the clock budget a timed side's ends with (" go movetime MS"; "" for
// none).
func sideParts(text string) (settings, tables, budget string) {
	before, budget, _ := strings.Cut(text, " go ")
	settings, tables = runspec.CutTables(before)
	return settings, tables, budget
}

// orNone is a recorded part of a side (its tables, its budget), or "none"
// for none (or a match recorded before tables were).
func orNone(part string) string {
	if part == "" {
		return "none"
	}
	return part
}

// EngineSides splits a match record's engine text, "a: TEXT | b:
// TEXT", into the sides' texts.
func EngineSides(text string) ([2]string, bool) {
	a, b, ok := strings.Cut(text, " | b: ")
	a, aok := strings.CutPrefix(a, "a: ")
	return [2]string{a, b}, ok && aok
}

// EngineLines writes a run's engine in one form whoever wrote it: the
// settings as the engine's text takes them, from self-play's JSON
// description (mcts.DescriptionText) as from a match's "a: TEXT | b:
// TEXT" (one line per side, ": " or " a: " first); other texts (an
// external engine) as they are. It is how dataset inspect shows a
// manifest's engine (verify.Inspection.WriteText's engine).
func EngineLines(desc string) []string {
	if sides, ok := EngineSides(desc); ok {
		return []string{" a: " + sides[0], " b: " + sides[1]}
	}
	if text, ok := mcts.DescriptionText(desc); ok {
		return []string{": " + text}
	}
	return []string{": " + desc}
}

// close writes the pending games (a match that ends, or is interrupted,
// keeps every pair it finished) and releases the lock of the match's games.
func (m *matchRecords[G, P, M]) close() error {
	err := m.flush()
	if uerr := m.lock.Unlock(); err == nil {
		err = uerr
	}
	return err
}

// write adds pair k, the next pair in order (ArenaOptions.OnPair), and
// writes the pending games when they are many or old enough, or when k does
// not follow them (a pair recorded earlier lies between).
func (m *matchRecords[G, P, M]) write(k int, games [2]arena.GameRecordOf[P, M]) error {
	if n := len(m.pending); n > 0 && m.pending[n-1].Game+1 != 2*k {
		if err := m.flush(); err != nil {
			return err
		}
	}
	if len(m.pending) == 0 {
		m.since = time.Now()
	}
	m.pending = append(m.pending, games[:]...)
	if len(m.pending) >= recordBatchGames || time.Since(m.since) >= recordFlushEvery {
		return m.flush()
	}
	return nil
}

// flush writes the pending games as one part of each table.
func (m *matchRecords[G, P, M]) flush() error {
	if len(m.pending) == 0 {
		return nil
	}
	first, last := m.pending[0].Game, m.pending[len(m.pending)-1].Game
	meta := dataset.FileMeta{Run: m.run, Shard: 0, Shards: 1, FirstGame: int64(first), LastGame: int64(last)}
	err := arena.WriteRecords(m.dir, meta, m.rules, m.names, m.pending)
	m.pending = m.pending[:0]
	return err
}

// SideCost sums one engine's moves (the random opening's excluded), time
// and nodes over a match.
type SideCost struct {
	Moves  int64 `json:"moves"`
	TimeMS int64 `json:"time_ms"`
	Nodes  int64 `json:"nodes"`
}

// Costs are A's and B's costs, match --json's costs.
type Costs struct {
	A SideCost `json:"a"`
	B SideCost `json:"b"`
}

// addCosts adds a pair of games of r's game to c.
func addCosts[G mcts.Game[P, M], P comparable, M game.Move](c *Costs, r G, games [2]arena.GameRecordOf[P, M]) {
	for i := range games {
		g := &games[i]
		first := r.ToMove(&g.Start)
		for ply := g.OpeningPlies; ply < len(g.Moves); ply++ {
			side := &c.B
			if first^game.Player(ply&1) == g.APlayer() {
				side = &c.A
			}
			side.Moves++
		}
		a := g.APlayer()
		c.A.TimeMS += g.Time[a].Milliseconds()
		c.A.Nodes += g.Nodes[a]
		c.B.TimeMS += g.Time[a^1].Milliseconds()
		c.B.Nodes += g.Nodes[a^1]
	}
}

func (c *Costs) write(w io.Writer) error {
	_, err := fmt.Fprintf(w, "cost: A %s; B %s\n", c.A, c.B)
	return err
}

// Add counts o's moves, time and nodes in s (one engine over several
// matches).
func (s *SideCost) Add(o SideCost) {
	s.Moves += o.Moves
	s.TimeMS += o.TimeMS
	s.Nodes += o.Nodes
}

// String says the cost a move as the reports do: "12.3 ms and 400 nodes a
// move over 880 moves", or "no moves".
func (s SideCost) String() string {
	if s.Moves == 0 {
		return "no moves"
	}
	return fmt.Sprintf("%.1f ms and %.0f nodes a move over %d moves",
		float64(s.TimeMS)/float64(s.Moves), float64(s.Nodes)/float64(s.Moves), s.Moves)
}
