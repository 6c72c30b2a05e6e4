package tablebase

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/rules"
)

// Tables are the endgame tables of one directory for one set of rules,
// loaded lazily: Open reads and checks the headers, the first probe of a
// balance reads its file and verifies its checksum. Safe for concurrent use.
type Tables struct {
	dir     string
	rules   rules.Rules
	pieces  int
	missing []Material
	mu      sync.Mutex
	slots   [MaxPieces + 1][MaxPieces + 1]slot
}

type slot struct {
	present bool
	t       atomic.Pointer[table]
	err     error
}

// Open returns the tables in dir for rules r: the files named for r
// (FileName) of every balance of up to Pieces() pieces, their headers
// checked (magic, version, rules, balance, limit, class count); files of
// other rules are not looked at. A damaged header, or a file under r's
// name holding other rules' tables, is refused by name. Balances missing
// below the largest total present are listed by Missing.
func Open(dir string, r rules.Rules) (*Tables, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("tables %s: %w", dir, err)
	}
	names := map[string]bool{}
	for _, e := range ents {
		names[e.Name()] = true
	}
	t := &Tables{dir: dir, rules: r}
	most := 0
	for _, m := range Balances(MaxPieces) {
		if !names[FileName(r, m)] {
			continue
		}
		if _, err := readHeader(filepath.Join(dir, FileName(r, m)), r, m); err != nil {
			return nil, err
		}
		t.slots[m.Own][m.Enemy].present = true
		most = max(most, m.Total())
	}
	for _, m := range Balances(most) {
		if !t.slots[m.Own][m.Enemy].present {
			t.missing = append(t.missing, m)
		}
	}
	t.pieces = most
	if len(t.missing) > 0 {
		t.pieces = t.missing[0].Total() - 1
	}
	if t.pieces < 2 {
		return nil, setting.Errorf("no tables for %s in %s (want %s and %s at least): build them with '%s'", r, dir, FileName(r, Material{1, 1}), FileName(r, Material{2, 1}), BuildLine(r, 0, dir))
	}
	return t, nil
}

// BuildLine is the build of tables for r into dir, of up to pieces pieces
// (0: the build's default), as a message names it: the command tablebase
// build with the settings pieces, the rules' that differ from the default
// (variant, no_capture_limit, repetition, no_moves) and out, which a
// command says as its flags ("surakarta tablebase build --pieces 6
// --variant majority --out DIR").
func BuildLine(r rules.Rules, pieces int, dir string) setting.Line {
	l := setting.Line{setting.Cmd("tablebase build")}
	if pieces > 0 {
		l = append(l, setting.Set("pieces", pieces))
	}
	d := rules.DefaultRules()
	if r.Variant != d.Variant {
		l = append(l, setting.Set("variant", r.Variant))
	}
	if r.NoCaptureLimit != d.NoCaptureLimit {
		l = append(l, setting.Set("no_capture_limit", r.NoCaptureLimit))
	}
	if r.Repetition != d.Repetition {
		l = append(l, setting.Set("repetition", r.Repetition))
	}
	if r.NoMoves != d.NoMoves {
		l = append(l, setting.Set("no_moves", r.NoMoves))
	}
	return append(l, setting.Set("out", dir))
}

// Missing lists the balances whose files are absent although a balance of
// as many pieces or more is there, in build order: the tables answer only
// up to Pieces(), one below the smallest of them. Empty when the set is
// complete.
func (t *Tables) Missing() []Material { return t.missing }

// MissingNote returns one line saying which balances are missing and how
// to build them, or "" when none is.
func (t *Tables) MissingNote() string {
	if len(t.missing) == 0 {
		return ""
	}
	names := make([]string, len(t.missing))
	for i, m := range t.missing {
		names[i] = FileName(t.rules, m)
	}
	most := t.missing[len(t.missing)-1].Total()
	for _, m := range Balances(MaxPieces) {
		if t.slots[m.Own][m.Enemy].present {
			most = max(most, m.Total())
		}
	}
	return setting.Sprintf("tables in %s lack %s, so they answer positions of up to %d pieces only: '%s' adds them",
		t.dir, strings.Join(names, ", "), t.pieces, BuildLine(t.rules, most, t.dir))
}

// Pieces returns the largest total of pieces of which every balance is in
// the tables.
func (t *Tables) Pieces() int { return t.pieces }

// Rules returns the rules the tables are for.
func (t *Tables) Rules() rules.Rules { return t.rules }

// Dir returns the directory the tables were opened from.
func (t *Tables) Dir() string { return t.dir }

// Covers reports whether p is a position the tables answer for: both sides
// with pieces, at most Pieces() in all, the counter below the limit.
func (t *Tables) Covers(p *rules.Position) bool {
	own, enemy := p.Count(p.SideToMove()), p.Count(p.SideToMove().Other())
	return own >= 1 && enemy >= 1 && own+enemy <= t.pieces && p.NoCapturePlies() < t.rules.NoCaptureLimit
}

// LoadAll loads and verifies every file of balances up to Pieces(), so that
// later probes cannot fail (an engine does this before it searches).
func (t *Tables) LoadAll() error {
	for _, m := range Balances(t.pieces) {
		if _, err := t.load(m); err != nil {
			return err
		}
	}
	return nil
}

func (t *Tables) load(m Material) (*table, error) {
	s := &t.slots[m.Own][m.Enemy]
	if tab := s.t.Load(); tab != nil {
		return tab, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if tab := s.t.Load(); tab != nil || s.err != nil {
		return tab, s.err
	}
	tab, err := loadTable(t.dir, t.rules, m)
	if err != nil {
		s.err = err
		return nil, err
	}
	s.t.Store(tab)
	return tab, nil
}

// Probe returns the entry of p for its side to move, with p's counter.
// ok is false when the tables do not cover p (Covers); err is set when the
// balance's file cannot be read or is damaged (never after LoadAll).
func (t *Tables) Probe(p *rules.Position) (e game.Exact, ok bool, err error) {
	s, ok, err := t.probe(p)
	return s.exact(), ok, err
}

func (t *Tables) probe(p *rules.Position) (score, bool, error) {
	if !t.Covers(p) {
		return 0, false, nil
	}
	stm := p.SideToMove()
	own, enemy := p.Pieces(stm), p.Pieces(stm.Other())
	m := Material{own.Count(), enemy.Count()}
	tab, err := t.load(m)
	if err != nil {
		return 0, false, err
	}
	key, _ := canonical(m, own, enemy)
	i, found := tab.index(key)
	if !found {
		return 0, false, fmt.Errorf("%s: no class for key %d: the file is inconsistent, rebuild it", filepath.Join(t.dir, FileName(t.rules, m)), key)
	}
	return tab.at(i, p.NoCapturePlies()), true, nil
}

// childScore returns the score, for the player who moved, of the position
// after a move: an ending by the rules (Ending, with no history), else the
// tables' entry.
func (t *Tables) childScore(child *rules.Position) (score, error) {
	if o := t.rules.Ending(child, child.HasMoves(), 1); o.IsTerminal() {
		return outcomeScore(o, child.SideToMove()).negate(), nil
	}
	s, ok, err := t.probe(child)
	if err == nil && !ok {
		err = fmt.Errorf("position %s is outside the tables", child.FEN())
	}
	return s.negate(), err
}

// Best returns p's entry and a best move: one that keeps the result and the
// distance (a win one ply nearer, a loss one ply further off, a draw a
// draw). Ties are broken in the canonical frame of p's class, so that
// positions that are images of each other get images of one move: p is
// mapped by the first symmetry that gives its class's least rank, and among
// the best moves there the one whose resulting position has the least
// canonical rank wins (captures, landing in a smaller balance, after quiet
// moves), then the least move code; the winner is mapped back. Black's
// positions are first turned round (the side to move's frame), so that the
// image under rules.Rotate of a position gets the image of its move
// exactly; under the other maps it gets a move to an image of the same
// position. The move is
// rules.NoMove when p has no legal move. ok and err are as Probe's.
func (t *Tables) Best(p *rules.Position) (e game.Exact, best rules.Move, ok bool, err error) {
	s, ok, err := t.probe(p)
	if !ok || err != nil {
		return game.Exact{}, rules.NoMove, ok, err
	}
	stm := p.SideToMove()
	// The side to move's frame first (Black's board turned round, as
	// rules lists Black's moves), so that a position and its image under
	// rules.Rotate pick exact images of one move.
	var frame uint8
	if stm == rules.Black {
		frame = halfTurn
	}
	own, enemy := mapBoard(frame, p.Pieces(stm)), mapBoard(frame, p.Pieces(stm.Other()))
	_, sym := canonical(Material{own.Count(), enemy.Count()}, own, enemy)
	q, err := rules.NewPosition(mapBoard(sym, own), mapBoard(sym, enemy), rules.Red, p.NoCapturePlies(), 1)
	if err != nil {
		return game.Exact{}, rules.NoMove, false, err
	}
	var buf [rules.MaxMoves]rules.Move
	bestScore, bestKey := noScore, uint64(0)
	for _, m := range q.GenerateMoves(buf[:0]) {
		child := q.Apply(m)
		cs, err := t.childScore(&child)
		if err != nil {
			return game.Exact{}, rules.NoMove, false, err
		}
		key := tieKey(&child, m)
		if cs > bestScore || cs == bestScore && key < bestKey {
			bestScore, bestKey, best = cs, key, m
		}
	}
	if best != rules.NoMove && bestScore != s {
		return game.Exact{}, rules.NoMove, false, fmt.Errorf("position %s: stored %v, best move gives %v: the tables are inconsistent, rebuild them", p.FEN(), s.exact(), bestScore.exact())
	}
	return s.exact(), mapMove(frame, mapMove(symInverse[sym], best)), true, nil
}

// tieKey orders equally good moves: captures first, then by the canonical
// rank of the position reached, then by the move's code.
func tieKey(child *rules.Position, m rules.Move) uint64 {
	stm := child.SideToMove()
	own, enemy := child.Pieces(stm), child.Pieces(stm.Other())
	var key uint32
	if own != 0 && enemy != 0 {
		key, _ = canonical(Material{own.Count(), enemy.Count()}, own, enemy)
	}
	var quiet uint64
	if !m.IsCapture() {
		quiet = 1
	}
	return quiet<<60 | uint64(key)<<16 | uint64(m)
}

// RulesIn returns the rules of the tables in dir, one entry per distinct
// rules string among their headers, in the order first met by name; a file
// whose header cannot be read, or whose name is not the one its header's
// rules and balance give (FileName), is an error naming it.
func RulesIn(dir string) ([]rules.Rules, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("tables %s: %w", dir, err)
	}
	var out []rules.Rules
	seen := map[string]bool{}
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), fileExt) || e.IsDir() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		b := make([]byte, 512)
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		n, _ := f.Read(b)
		f.Close()
		h, err := parseHeader(b[:n])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		r, err := rules.ParseRules(h.rules)
		if err != nil {
			return nil, fmt.Errorf("%s: rules in the header: %w", path, err)
		}
		if want := FileName(r, h.m); e.Name() != want {
			return nil, fmt.Errorf("%s holds balance %s for %s: its name should be %s (an earlier version named tables by their variant alone): rename it", path, h.m, h.rules, want)
		}
		if seen[h.rules] {
			continue
		}
		seen[h.rules] = true
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no tables (*%s files) in %s", fileExt, dir)
	}
	return out, nil
}

// Verdict is the tables' verdict on a position as tablebase probe and
// analyze print it: the exact value for the side to move and a best move
// in notation. Its JSON is {"result": "win", "draw" or "loss", "plies": N,
// "best": MOVE}.
type Verdict struct {
	game.Exact
	Best string
}

// MarshalJSON writes the verdict's object.
func (v Verdict) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Result string `json:"result"`
		Plies  int    `json:"plies"`
		Best   string `json:"best"`
	}{v.Result(), v.Plies, v.Best})
}

// Lookup opens the tables in dir built for r and returns p's verdict, or
// an error that says why there is none: the game is over at p, or p has
// more pieces than the tables hold.
func Lookup(dir string, r rules.Rules, p rules.Position) (Verdict, error) {
	if o := r.Adjudicate(&p, 1); o.IsTerminal() {
		return Verdict{}, fmt.Errorf("the game is already over at %s (%v): nothing to look up", p.FEN(), o)
	}
	tabs, err := Open(dir, r)
	if err != nil {
		return Verdict{}, err
	}
	e, best, ok, err := tabs.Best(&p)
	if err != nil {
		return Verdict{}, err
	}
	if !ok {
		return Verdict{}, fmt.Errorf("%s has %d pieces: the tables in %s hold positions of up to %d", p.FEN(), p.Occupied().Count(), dir, tabs.Pieces())
	}
	return Verdict{e, p.MoveString(best)}, nil
}

// WriteText prints the verdict as one line: "win in 3 plies, best b2-c3",
// "loss in 1 ply, best ..." or "draw, best ...".
func (v Verdict) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "%s, best %s\n", v.Exact, v.Best)
	return err
}
