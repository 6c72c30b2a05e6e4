package tablebase

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// Every stored value of the 3-piece tables, at every counter, is what its
// children give (the equation the build solves, checked through the rules'
// moves and Apply rather than the builder's lists): a win in d has a move to
// a position lost for the opponent in d-1 and none faster, a loss in d has
// only moves to positions the opponent wins, the slowest in d-1, a draw has
// a move to a draw and none to an opponent's loss.
func TestEveryStoredValueFollowsFromItsChildren(t *testing.T) {
	for _, v := range []rules.Variant{rules.Standard, rules.Majority} {
		r := rulesWith(v, 50)
		tabs := tablesFor(t, r, 3)
		for _, m := range Balances(3) {
			tab, err := tabs.load(m)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tab.keys {
				own, enemy := tab.placement(i)
				for c := 0; c < r.NoCaptureLimit; c += 3 + i%4 {
					p, err := rules.NewPosition(own, enemy, rules.Red, c, 1)
					if err != nil {
						t.Fatal(err)
					}
					stored := tab.at(i, c)
					best := noScore
					moves := p.GenerateMoves(nil)
					for _, mv := range moves {
						child := p.Apply(mv)
						cs, err := tabs.childScore(&child)
						if err != nil {
							t.Fatal(err)
						}
						best = max(best, cs)
					}
					if len(moves) == 0 {
						best = outcomeScore(r.Ending(&p, false, 1), rules.Red)
					}
					if best != stored {
						t.Fatalf("%s %s: stored %v, its children give %v", r.Variant, p.FEN(), stored.exact(), best.exact())
					}
				}
			}
		}
	}
}

// symmetricImages returns p under the eight maps, each with both colourings.
func symmetricImages(p rules.Position) []rules.Position {
	stm := p.SideToMove()
	own, enemy := p.Pieces(stm), p.Pieces(stm.Other())
	var out []rules.Position
	for i := uint8(0); i < numSyms; i++ {
		o, e := mapBoard(i, own), mapBoard(i, enemy)
		for _, side := range []rules.Color{rules.Red, rules.Black} {
			red, black := o, e
			if side == rules.Black {
				red, black = e, o
			}
			q, err := rules.NewPosition(red, black, side, p.NoCapturePlies(), 1)
			if err != nil {
				panic(err)
			}
			out = append(out, q)
		}
	}
	return out
}

// Positions that are images of each other (any of the eight maps, either
// colour to move, rules.Symmetry's maps among them) probe alike, and their
// best moves lead to images of one position.
func TestSymmetricPositionsProbeAlike(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, v := range []rules.Variant{rules.Standard, rules.Majority} {
		tabs := tablesFor(t, rulesWith(v, 50), 3)
		for trial := 0; trial < 300; trial++ {
			m := Balances(3)[rng.IntN(3)]
			own, enemy := randomPlacement(rng, m.Own, m.Enemy)
			p, _ := rules.NewPosition(own, enemy, rules.Red, rng.IntN(50), 1)
			e0, m0, _, err := tabs.Best(&p)
			if err != nil {
				t.Fatal(err)
			}
			after := p.Apply(m0)
			k0 := tieKey(&after, m0) >> 16
			images := symmetricImages(p)
			for _, s := range rules.Symmetries {
				images = append(images, s.Position(&p))
			}
			for _, q := range images {
				e, mv, _, err := tabs.Best(&q)
				if err != nil {
					t.Fatal(err)
				}
				qa := q.Apply(mv)
				if e != e0 || tieKey(&qa, mv)>>16 != k0 {
					t.Fatalf("%s: %v, best %s; its image %s: %v, best %s (to a different class)", p.FEN(), e0, p.MoveString(m0), q.FEN(), e, q.MoveString(mv))
				}
			}
			// Under the colour swap the move itself is the image.
			rot := rules.Rotate.Position(&p)
			if _, mv, _, _ := tabs.Best(&rot); mv != rules.Rotate.Move(m0) {
				t.Fatalf("%s: best %s; its image under rotate %s: best %s, not the image", p.FEN(), p.MoveString(m0), rot.FEN(), rot.MoveString(mv))
			}
		}
	}
}

// A known answer from the rules alone: a 1 v 1 position where the side to
// move can take the last enemy piece is a win in 1, even one ply before the
// limit, and its best move is that capture.
func TestAnImmediateCaptureOfTheLastPieceIsAWinInOne(t *testing.T) {
	tabs := tablesFor(t, rulesWith(rules.Standard, 50), 3)
	found := 0
	Material{1, 1}.placements(func(_ uint32, own, enemy rules.Bitboard) {
		p, _ := rules.NewPosition(own, enemy, rules.Red, 49, 1)
		if len(p.GenerateCaptures(nil)) == 0 {
			return
		}
		found++
		e, mv, _, err := tabs.Best(&p)
		if err != nil || e != (game.Exact{Score: 1, Plies: 1}) || !mv.IsCapture() {
			t.Fatalf("%s: %v, best %s, %v; want a win in 1 by the capture", p.FEN(), e, p.MoveString(mv), err)
		}
	})
	if found == 0 {
		t.Fatal("no 1 v 1 position with a capture: the test checks nothing")
	}
}

func buildInto(t *testing.T, dir string, r rules.Rules, n, workers int) BuildReport {
	t.Helper()
	rep, err := Build(dir, BuildOptions{Rules: r, Pieces: n, Concurrency: workers})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestBuildIsTheSameByteForByteAtAnyConcurrency(t *testing.T) {
	r := rulesWith(rules.Majority, 50)
	a, b := t.TempDir(), t.TempDir()
	buildInto(t, a, r, 3, 1)
	buildInto(t, b, r, 3, 3)
	for _, m := range Balances(3) {
		x, err1 := os.ReadFile(filepath.Join(a, FileName(r, m)))
		y, err2 := os.ReadFile(filepath.Join(b, FileName(r, m)))
		if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
			t.Fatalf("%s differs between 1 and 3 workers (%v, %v)", m, err1, err2)
		}
	}
}

func TestBuildResumesKeepingSoundBalancesAndRebuildingDamagedOnes(t *testing.T) {
	r := rulesWith(rules.Standard, 50)
	dir := t.TempDir()
	buildInto(t, dir, r, 2, 1)
	rep := buildInto(t, dir, r, 3, 1)
	if len(rep.Kept) != 1 || rep.Kept[0] != (Material{1, 1}) || len(rep.Built) != 2 {
		t.Fatalf("resumed build kept %v, built %v; want 1v1 kept, 2v1 and 1v2 built", rep.Kept, rep.Built)
	}
	path := filepath.Join(dir, FileName(r, Material{1, 2}))
	good, _ := os.ReadFile(path)
	damaged := append([]byte(nil), good...)
	damaged[len(damaged)-5] ^= 1
	os.WriteFile(path, damaged, 0o644)
	var lines []string
	rep, err := Build(dir, BuildOptions{Rules: r, Pieces: 3, Log: func(s string) { lines = append(lines, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(path); !bytes.Equal(again, good) || len(rep.Built) != 2 {
		t.Fatalf("damaged 1v2 not rebuilt (built %v)", rep.Built)
	}
	if !strings.Contains(strings.Join(lines, "\n"), "checksum mismatch") {
		t.Fatalf("the log does not say why the pair was rebuilt: %q", lines)
	}
}

// A flipped byte, a truncated file, a foreign file, a wrong version and a
// table built for other rules are each refused with the file's name and
// what is wrong.
func TestDamagedOrForeignFilesAreRefusedByName(t *testing.T) {
	r := rulesWith(rules.Standard, 50)
	src := t.TempDir()
	buildInto(t, src, r, 3, 1)
	other := t.TempDir()
	buildInto(t, other, rulesWith(rules.Standard, 40), 3, 1)
	name := FileName(r, Material{2, 1})
	good, _ := os.ReadFile(filepath.Join(src, name))
	foreign, _ := os.ReadFile(filepath.Join(other, FileName(rulesWith(rules.Standard, 40), Material{2, 1})))
	flip := func(i int) []byte { b := append([]byte(nil), good...); b[i] ^= 0x40; return b }
	cases := []struct {
		what string
		data []byte
		want string
	}{
		{"a flipped value byte", flip(len(good) - 1), "checksum mismatch"},
		{"a flipped key byte", flip(len(good) / 3), "checksum mismatch"},
		{"truncated", good[:len(good)-7], "truncated"},
		{"cut inside the header", good[:20], "truncated"},
		{"bad magic", append([]byte("PK\x03\x04"), good[4:]...), "bad magic"},
		{"another version", flip(8), "format version"},
		{"other rules under these rules' name", foreign, "holds tables for other rules (variant=standard,no-capture-limit=40,repetition=3,no-moves=loss; an earlier version named them so): rename it to standard-limit40-2v1.sktb"},
	}
	for _, tc := range cases {
		dir := t.TempDir()
		for _, m := range Balances(3) {
			b, _ := os.ReadFile(filepath.Join(src, FileName(r, m)))
			os.WriteFile(filepath.Join(dir, FileName(r, m)), b, 0o644)
		}
		os.WriteFile(filepath.Join(dir, name), tc.data, 0o644)
		err := openAndLoad(dir, r)
		if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one naming %s and saying %q", tc.what, err, name, tc.want)
		}
	}
}

func openAndLoad(dir string, r rules.Rules) error {
	tabs, err := Open(dir, r)
	if err != nil {
		return err
	}
	return tabs.LoadAll()
}

func TestVerifyPassesSoundTablesAndNamesAWrongValue(t *testing.T) {
	r := rulesWith(rules.Majority, 50)
	dir := t.TempDir()
	buildInto(t, dir, r, 3, 2)
	if rep, err := Verify(dir, r, 2, nil); err != nil || rep.Files != 3 || rep.Pieces != 3 {
		t.Fatalf("verify of a fresh build: %+v, %v", rep, err)
	}
	// A wrong value with a correct checksum: only the consistency check
	// can see it.
	path := filepath.Join(dir, FileName(r, Material{2, 1}))
	tab, err := loadTable(dir, r, Material{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	tab.values = append([]byte(nil), tab.values...)
	tab.values[len(tab.values)/2] ^= 3
	if err := writeTable(dir, r, tab); err != nil {
		t.Fatal(err)
	}
	_, err = Verify(dir, r, 2, nil)
	if err == nil || !strings.Contains(err.Error(), FileName(r, Material{2, 1})) || !strings.Contains(err.Error(), "its moves give") {
		t.Fatalf("verify of %s with a wrong value: %v", path, err)
	}
}

// Distances past a byte's 127 plies (majority with a 200-ply limit: the side
// ahead wins by waiting) are stored in two bytes, and the tables stay
// consistent: Verify passes and every probed best move keeps its value.
func TestLongDistancesAreStoredWide(t *testing.T) {
	r := rulesWith(rules.Majority, 200)
	dir := t.TempDir()
	rep := buildInto(t, dir, r, 3, 2)
	if rep.MaxPlies <= maxPlies {
		t.Fatalf("longest distance %d: the test needs one past %d", rep.MaxPlies, maxPlies)
	}
	tab, err := loadTable(dir, r, Material{2, 1})
	if err != nil || !tab.wide {
		t.Fatalf("2v1 under a 200-ply limit: wide %v, %v", tab != nil && tab.wide, err)
	}
	if _, err := Verify(dir, r, 2, nil); err != nil {
		t.Fatal(err)
	}
	tabs, err := Open(dir, r)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	long := 0
	for trial := 0; trial < 300; trial++ {
		own, enemy := randomPlacement(rng, 2, 1)
		p, _ := rules.NewPosition(own, enemy, rules.Red, rng.IntN(60), 1)
		e, _, _, err := tabs.Best(&p)
		if err != nil {
			t.Fatal(err)
		}
		if e.Plies > maxPlies {
			long++
		}
	}
	if long == 0 {
		t.Fatal("no probed position with a distance past 127: the wide values were not read")
	}
}

// TestBuildOptionsErrorsNameTheOption: each option out of range is
// refused naming the option (a library names values; tablebase build
// names its flag) with its value and what is wanted.
func TestBuildOptionsErrorsNameTheOption(t *testing.T) {
	r := rules.DefaultRules()
	for _, tc := range []struct {
		opt  BuildOptions
		want string
	}{
		{BuildOptions{Rules: r, Pieces: MaxPieces + 1}, "pieces 9: want 2..8"},
		{BuildOptions{Rules: r, Pieces: 3, Concurrency: -1}, "concurrency -1: want 0 (one per CPU) or more"},
	} {
		if err := tc.opt.Validate(); err == nil || err.Error() != tc.want {
			t.Errorf("%+v: %v, want %q", tc.opt, err, tc.want)
		}
	}
}

// TestCacheOpensEachRulesOnce checks the shared cache: one Tables for each
// rules, loaded as the oracle it gives, an error kept for rules without
// tables, and no oracle for no directory.
func TestCacheOpensEachRulesOnce(t *testing.T) {
	r := rules.DefaultRules()
	c := NewCache(tablesFor(t, r, 3).dir)
	a, err := c.Tables(r)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := c.Tables(r); b != a {
		t.Error("the second Tables call opened the tables again")
	}
	o, err := c.Oracle(r)
	if err != nil || o == nil || o.(Oracle).T != a {
		t.Fatalf("Oracle: %v, %v; want the cached tables", o, err)
	}
	other := rulesWith(rules.Majority, 40)
	_, err1 := c.Tables(other)
	_, err2 := c.Tables(other)
	if err1 == nil || err1 != err2 {
		t.Errorf("rules without tables: errors %v and %v, want one error kept", err1, err2)
	}
	if o, err := NewCache("").Oracle(r); o != nil || err != nil {
		t.Errorf("no directory: oracle %v, error %v; want neither", o, err)
	}
}
