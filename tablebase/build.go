package tablebase

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/filelock"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/rules"
)

// BuildOptions configure Build.
type BuildOptions struct {
	// Rules are the rules the tables are for; NoCaptureLimit must be on.
	Rules rules.Rules
	// Pieces is the largest total of pieces, 2..MaxPieces.
	Pieces int
	// Concurrency is the number of goroutines (0: one per CPU), tablebase
	// build's --threads. It changes only the speed: the files are the same
	// byte for byte.
	Concurrency int
	// Progress, if set, is told of work done, in placements × counters
	// (BuildWork is the total); called from the building goroutine.
	Progress func(units int64)
	// Log, if set, gets one line per balance: built or kept.
	Log func(line string)
	// Context, if set, stops the build when it is done (Ctrl-C): Build
	// returns its error between two layers of a balance, within a fraction
	// of a second up to 5 pieces, and keeps the balances already written, so
	// the same build resumes from them.
	Context context.Context
	// Wait makes Build wait for another writer of dir to finish instead of
	// refusing (the tables built on first use, EnsureTables: two engines
	// started together build them once).
	Wait bool
}

// BuildReport says what Build did with each balance.
type BuildReport struct {
	Built, Kept []Material
	// Classes and Bytes count the stored classes and file bytes of all
	// balances, kept ones included.
	Classes, Bytes int64
	// MaxPlies is the longest distance stored in the balances built.
	MaxPlies int
	// Removed lists the temporary files of a killed build that Build
	// deleted before it started.
	Removed []string
}

// LockFile is the lock file a build holds in its directory: one writer at
// a time (internal/base/filelock, released when the process exits, however it
// exits). Readers take no lock: every file appears whole or not at all.
const LockFile = "_tablebase.lock"

// BuildWork returns the units of Progress that Build reports for n pieces
// under a no-capture limit, kept balances included.
func BuildWork(n, limit int) int64 {
	var w int64
	for _, m := range Balances(n) {
		w += int64(m.rawCount()) * int64(limit)
	}
	return w
}

// Validate reports the first option out of range (the rules, the pieces,
// the threads), as Build refuses it: a command checks it before it sizes
// its progress line with BuildWork, which counts only 2..MaxPieces pieces.
func (o *BuildOptions) Validate() error {
	if err := o.Rules.Validate(); err != nil {
		return err
	}
	switch {
	case o.Rules.NoCaptureLimit == 0:
		return errors.New("tables need the no-capture limit: with no-capture-limit=0 play inside a balance is not finite")
	case o.Rules.NoCaptureLimit > 255:
		return fmt.Errorf("no-capture limit %d: tables are built for limits up to 255", o.Rules.NoCaptureLimit)
	case o.Pieces < 2 || o.Pieces > MaxPieces:
		return &setting.ValueError{Name: "pieces", Value: strconv.Itoa(o.Pieces), Want: fmt.Sprintf("2..%d", MaxPieces)}
	case o.Concurrency < 0:
		return &setting.ValueError{Name: "concurrency", Value: strconv.Itoa(o.Concurrency), Want: "0 (one per CPU) or more"}
	}
	return nil
}

// Build writes the tables of every balance of up to o.Pieces pieces into
// dir (created if missing), smallest first. It holds dir's LockFile while
// it writes, refusing (or with o.Wait, waiting for) another writer, and
// first removes the temporary table files a killed build left
// (BuildReport.Removed). A balance whose files are there already and load
// cleanly (header, rules, class count, checksum) is kept, so an
// interrupted build resumes where it stopped; a damaged one is rebuilt. A
// file under these rules' name that holds other rules' tables (named by
// an earlier version) is never replaced: Build fails naming it.
func Build(dir string, o BuildOptions) (BuildReport, error) {
	var rep BuildReport
	if err := o.Validate(); err != nil {
		return rep, err
	}
	if o.Concurrency == 0 {
		o.Concurrency = runtime.GOMAXPROCS(0)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return rep, err
	}
	take := filelock.TryLock
	if o.Wait {
		take = filelock.Wait
	}
	lock, err := take(filepath.Join(dir, LockFile), filelock.Holder())
	if errors.Is(err, filelock.ErrHeld) {
		return rep, fmt.Errorf("another build is writing %s: %w; wait for it to finish or stop it, then build again", dir, err)
	}
	if err != nil {
		return rep, err
	}
	defer lock.Unlock()
	if rep.Removed, err = removeTemps(dir); err != nil {
		return rep, err
	}
	if o.Context == nil {
		o.Context = context.Background()
	}
	done := map[Material]*table{}
	for _, m := range Balances(o.Pieces) {
		if done[m] != nil {
			continue
		}
		if err := o.Context.Err(); err != nil {
			return rep, err
		}
		pair := []Material{m}
		if m.Own != m.Enemy {
			pair = append(pair, m.Swap())
		}
		if err := buildPair(dir, o, pair, done, &rep); err != nil {
			return rep, err
		}
		// Captures reach one piece fewer: older balances are no longer read.
		for q := range done {
			if q.Total() < m.Total()-1 {
				delete(done, q)
			}
		}
	}
	return rep, nil
}

// buildPair keeps the tables of a balance and its swap (pair) where their
// files are sound, else builds and writes them, from the tables done of
// one piece fewer; it adds them to done and to the report.
func buildPair(dir string, o BuildOptions, pair []Material, done map[Material]*table, rep *BuildReport) error {
	say := func(format string, a ...any) {
		if o.Log != nil {
			o.Log(fmt.Sprintf(format, a...))
		}
	}
	kept, reason, err := keep(dir, o.Rules, pair)
	if err != nil {
		return err
	}
	if kept != nil {
		for i, t := range kept {
			done[pair[i]] = t
			rep.Kept = append(rep.Kept, pair[i])
			say("kept %s", FileName(o.Rules, pair[i]))
			if o.Progress != nil {
				o.Progress(int64(pair[i].rawCount()) * int64(o.Rules.NoCaptureLimit))
			}
		}
	} else {
		if reason != "" {
			say("rebuilding %s", reason)
		}
		b := &builder{rules: o.Rules, workers: o.Concurrency, done: done, progress: o.Progress, ctx: o.Context}
		tabs, maxPlies, err := b.pair(pair, nil)
		if err != nil {
			return err
		}
		for i, t := range tabs {
			if err := writeTable(dir, o.Rules, t); err != nil {
				return err
			}
			done[pair[i]] = t
			rep.Built = append(rep.Built, pair[i])
			say("built %s: %d classes, longest %d plies", FileName(o.Rules, pair[i]), t.count(), maxPlies)
		}
		rep.MaxPlies = max(rep.MaxPlies, maxPlies)
	}
	for _, q := range pair {
		t := done[q]
		rep.Classes += int64(t.count())
		rep.Bytes += int64(len(header(o.Rules, t)) + 32 + 4*t.count() + len(t.values))
	}
	return nil
}

// keep loads the files of a pair of balances if all are there and sound;
// otherwise it returns nil and why they are rebuilt (empty when a file is
// simply absent). A file holding other rules' tables is an error: it is
// not these rules' to replace.
func keep(dir string, r rules.Rules, pair []Material) ([]*table, string, error) {
	var out []*table
	reason := ""
	for _, m := range pair {
		t, err := loadTable(dir, r, m)
		switch {
		case errors.Is(err, errForeign):
			return nil, "", err
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			reason = err.Error()
		default:
			out = append(out, t)
		}
	}
	if len(out) != len(pair) {
		return nil, reason, nil
	}
	return out, "", nil
}

// removeTemps deletes the temporary table files (atomicfile's, of a
// .sktb name) that a killed build left in dir, and returns their paths.
// The caller holds dir's lock, so no live build owns them.
func removeTemps(dir string) ([]string, error) {
	temps, err := Leftovers(dir)
	for _, p := range temps {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	return temps, err
}

// Leftovers lists the temporary table files in dir: what a killed build
// left (or a live one is writing). Build removes them; Verify reports them.
func Leftovers(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if e.Type().IsRegular() && atomicfile.IsTemp(e.Name()) && strings.Contains(e.Name(), fileExt+".") {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out, nil
}

// builder computes the tables of one balance and its swap (the balance the
// other side sees after a quiet move); captures read the finished tables of
// one piece fewer in done.
type builder struct {
	rules    rules.Rules
	workers  int
	done     map[Material]*table
	progress func(int64)
	// ctx stops the build between layers (nil: never).
	ctx context.Context
}

// side is one balance of the pair being built.
type side struct {
	t *table
	// index maps every placement's rank to its class.
	index []uint32
	// start and kids list each class's quiet moves as the classes they
	// reach in the sibling balance: kids[start[i]:start[i+1]].
	start []uint32
	kids  []uint32
	// fixed is the best score of the class's captures (noScore if none),
	// or its score if it has no move at all (terminal set).
	fixed    []score
	terminal []bool
	// atLimit is the class's score as a position whose counter has
	// reached the limit: over, by the no-moves ending if it has no move,
	// else by the limit's.
	atLimit []score
}

// pair computes the tables of a balance and its swap. With stored tables
// (verify) it computes each layer from the stored layer above and compares
// it with the stored one instead, and returns the stored tables.
func (b *builder) pair(pair []Material, stored []*table) ([]*table, int, error) {
	tabs, most, err := b.solve(pair, stored, false)
	if errors.Is(err, errTooLong) && stored == nil {
		// A distance past a byte's 127 plies: two bytes a value.
		tabs, most, err = b.solve(pair, nil, true)
	}
	return tabs, most, err
}

// errTooLong stands for a distance that does not fit the table's width.
var errTooLong = errors.New("a distance does not fit the value width")

// solve is pair with the values' width chosen (wide: two bytes).
func (b *builder) solve(pair []Material, stored []*table, wide bool) ([]*table, int, error) {
	sides := make([]*side, len(pair))
	for i, m := range pair {
		sides[i] = enumerate(m, b.rules.NoCaptureLimit, wide)
		if stored != nil {
			if !slices.Equal(stored[i].keys, sides[i].t.keys) {
				return nil, 0, fmt.Errorf("%s: the stored classes are not the balance's", FileName(b.rules, m))
			}
			sides[i].t = stored[i]
		}
	}
	sib := func(i int) *side { return sides[len(sides)-1-i] }
	for i, s := range sides {
		if err := b.successors(s, sib(i)); err != nil {
			return nil, 0, err
		}
	}
	maxPlies := 0
	var mu sync.Mutex
	var failed error
	limit := b.rules.NoCaptureLimit
	for c := limit - 1; c >= 0; c-- {
		for i, s := range sides {
			if b.ctx != nil && b.ctx.Err() != nil {
				return nil, 0, b.ctx.Err()
			}
			n, w := s.t.count(), s.t.width()
			dst := s.t.values[c*n*w : (c+1)*n*w]
			if stored != nil {
				dst = make([]byte, n*w)
			}
			b.parallel(n, func(lo, hi int) {
				most, err := layer(s, sib(i), c, lo, hi, dst)
				mu.Lock()
				maxPlies = max(maxPlies, most)
				if err != nil && failed == nil {
					failed = err
				}
				mu.Unlock()
			})
			if failed == nil && stored != nil {
				if j := mismatch(dst, s.t.values[c*n*w:(c+1)*n*w]); j >= 0 {
					j /= w
					own, enemy := s.t.placement(j)
					p, _ := rules.NewPosition(own, enemy, rules.Red, c, 1)
					got := &table{keys: s.t.keys[:1], values: dst[j*w : (j+1)*w], wide: s.t.wide}
					failed = fmt.Errorf("%s: %s is stored as %v, its moves give %v", FileName(b.rules, s.t.m), p.FEN(), s.t.at(j, c).exact(), got.at(0, 0).exact())
				}
			}
			if failed != nil {
				return nil, 0, failed
			}
			if b.progress != nil {
				b.progress(int64(s.t.m.rawCount()))
			}
		}
	}
	out := make([]*table, len(sides))
	for i, s := range sides {
		out[i] = s.t
	}
	return out, maxPlies, nil
}

// mismatch returns the first index where a and b differ, or -1.
func mismatch(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// enumerate lists the classes of balance m: the placements that are their
// class's least rank, in rank order, and the class of every placement.
func enumerate(m Material, limit int, wide bool) *side {
	s := &side{t: &table{m: m, limit: limit, wide: wide}, index: make([]uint32, m.rawCount())}
	m.placements(func(r uint32, own, enemy rules.Bitboard) {
		key, _ := canonical(m, own, enemy)
		if key == r {
			s.index[r] = uint32(len(s.t.keys))
			s.t.keys = append(s.t.keys, r)
			return
		}
		s.index[r] = s.index[key] // key < r: assigned already
	})
	n := s.t.count()
	s.t.values = make([]byte, limit*n*s.t.width())
	s.fixed = make([]score, n)
	s.terminal = make([]bool, n)
	s.atLimit = make([]score, n)
	return s
}

// placement returns the placement of class i of t.
func (t *table) placement(i int) (own, enemy rules.Bitboard) {
	return unrank(t.m, t.keys[i])
}

// successors fills s's moves: quiet ones as classes of sib, captures scored
// from the finished tables.
func (b *builder) successors(s, sib *side) error {
	n := s.t.count()
	kids := make([][]uint32, n)
	var mu sync.Mutex
	var failed error
	b.parallel(n, func(lo, hi int) {
		buf := make([]rules.Move, 0, rules.MaxMoves)
		for i := lo; i < hi; i++ {
			own, enemy := s.t.placement(i)
			p, err := rules.NewPosition(own, enemy, rules.Red, 0, 1)
			if err != nil {
				panic("tablebase: placement " + err.Error())
			}
			moves := p.GenerateMoves(buf)
			s.atLimit[i] = b.terminalScore(own, enemy, len(moves) > 0, b.rules.NoCaptureLimit)
			if len(moves) == 0 {
				s.terminal[i], s.fixed[i] = true, b.terminalScore(own, enemy, false, 0)
				continue
			}
			best := noScore
			var q []uint32
			for _, mv := range moves {
				from, to := mv.From().Bit(), mv.To().Bit()
				nown := own ^ from ^ to
				if !mv.IsCapture() {
					q = append(q, sib.index[sib.t.m.rank(enemy, nown)])
					continue
				}
				sc, err := b.captureScore(enemy&^to, nown)
				if err != nil {
					mu.Lock()
					failed = err
					mu.Unlock()
					return
				}
				best = max(best, sc)
			}
			s.fixed[i], kids[i] = best, q
		}
	})
	if failed != nil {
		return failed
	}
	s.start = make([]uint32, n+1)
	for i, q := range kids {
		s.start[i+1] = s.start[i] + uint32(len(q))
	}
	s.kids = make([]uint32, 0, s.start[n])
	for _, q := range kids {
		s.kids = append(s.kids, q...)
	}
	return nil
}

// captureScore returns the score of a capture for the capturer, given the
// position after it in the opponent's frame (own: the opponent's pieces).
func (b *builder) captureScore(own, enemy rules.Bitboard) (score, error) {
	if own == 0 {
		return winNow - 1, nil // the last piece taken: won in 1
	}
	m := Material{own.Count(), enemy.Count()}
	t := b.done[m]
	if t == nil {
		return 0, fmt.Errorf("balance %s is not built yet", m)
	}
	key, _ := canonical(m, own, enemy)
	i, ok := t.index(key)
	if !ok {
		return 0, fmt.Errorf("balance %s has no class %d", m, key)
	}
	return t.at(i, 0).negate(), nil
}

// terminalScore returns the score, for the side to move (own), of a
// position that the rules end with counter plies without a capture, by
// rules.Rules.Ending; 0 if they do not end it.
func (b *builder) terminalScore(own, enemy rules.Bitboard, hasMoves bool, counter int) score {
	p, err := rules.NewPosition(own, enemy, rules.Red, counter, 1)
	if err != nil {
		panic("tablebase: placement " + err.Error())
	}
	return outcomeScore(b.rules.Ending(&p, hasMoves, 1), rules.Red)
}

// outcomeScore returns the score of an ending for side c: won or lost now,
// or 0 (a draw or no ending).
func outcomeScore(o rules.Outcome, c rules.Color) score {
	switch o.Result {
	case rules.WinFor(c):
		return winNow
	case rules.WinFor(c.Other()):
		return lossNow
	}
	return 0
}

// layer computes the scores of classes lo..hi of s at counter c into dst
// (the layer's bytes) from sib's layer c+1 and returns the longest distance
// it stored; errTooLong (wrapped) if one does not fit s's width.
func layer(s, sib *side, c, lo, hi int, dst []byte) (int, error) {
	last := c+1 == s.t.limit
	most := 0
	for i := lo; i < hi; i++ {
		best := s.fixed[i]
		if !s.terminal[i] {
			for _, k := range s.kids[s.start[i]:s.start[i+1]] {
				var cs score
				if last {
					cs = sib.atLimit[k]
				} else {
					cs = sib.t.at(int(k), c+1)
				}
				best = max(best, cs.negate())
			}
		}
		if !s.t.put(dst, i, best) {
			own, enemy := s.t.placement(i)
			return most, fmt.Errorf("balance %s: %w: %d plies (own %#x, enemy %#x, counter %d)", s.t.m, errTooLong, best.exact().Plies, own, enemy, c)
		}
		most = max(most, best.exact().Plies)
	}
	return most, nil
}

// parallel runs f over [0, n) in chunks on b.workers goroutines.
func (b *builder) parallel(n int, f func(lo, hi int)) {
	const chunk = 4096
	var wg sync.WaitGroup
	next := make(chan int, b.workers)
	for w := 0; w < b.workers; w++ {
		wg.Go(func() {
			for lo := range next {
				f(lo, min(lo+chunk, n))
			}
		})
	}
	for lo := 0; lo < n; lo += chunk {
		next <- lo
	}
	close(next)
	wg.Wait()
}
