package tablebase

import "github.com/surakarta/surakarta/rules"

// numSyms is the order of the board's symmetry group used here: the eight
// maps of the square (four turns, four reflections). The rules do not
// depend on colour, only on who moves, so in the side to move's frame every
// one of them carries the game onto itself (symmetry_test.go checks move
// generation against each).
const numSyms = 8

// sym i maps a square (file f, rank r) as symSquare[i] does: identity,
// quarter turn, half turn, three-quarter turn, files mirrored, ranks
// mirrored, transpose (a2 ↔ b1), anti-transpose (a5 ↔ b6).
var symSquare = func() (t [numSyms][rules.NumSquares]rules.Square) {
	for s := rules.Square(0); s < rules.NumSquares; s++ {
		f, r := s.File(), s.Rank()
		img := [numSyms][2]int{
			{f, r}, {5 - r, f}, {5 - f, 5 - r}, {r, 5 - f},
			{5 - f, r}, {f, 5 - r}, {r, f}, {5 - r, 5 - f},
		}
		for i, fr := range img {
			t[i][s] = rules.MakeSquare(fr[0], fr[1])
		}
	}
	return t
}()

// halfTurn is the sym that turns the board through 180°.
const halfTurn = 2

// symInverse[i] undoes sym i: the quarter turns undo each other, every
// other map is its own inverse.
var symInverse = [numSyms]uint8{0, 3, 2, 1, 4, 5, 6, 7}

// symRows[i][r][v] is the image under sym i of the squares v (six bits) of
// rank r, so that a board maps with six lookups.
var symRows = func() (t [numSyms][6][64]rules.Bitboard) {
	for i := range t {
		for r := 0; r < 6; r++ {
			for v := 0; v < 64; v++ {
				for f := 0; f < 6; f++ {
					if v>>f&1 != 0 {
						t[i][r][v] |= symSquare[i][rules.MakeSquare(f, r)].Bit()
					}
				}
			}
		}
	}
	return t
}()

// mapBoard returns the image of b under sym i.
func mapBoard(i uint8, b rules.Bitboard) rules.Bitboard {
	t := &symRows[i&(numSyms-1)]
	return t[0][b&63] | t[1][b>>6&63] | t[2][b>>12&63] | t[3][b>>18&63] | t[4][b>>24&63] | t[5][b>>30&63]
}

// mapMove returns the image of m under sym i, capture flag kept.
func mapMove(i uint8, m rules.Move) rules.Move {
	if m == rules.NoMove {
		return m
	}
	return rules.NewMove(symSquare[i][m.From()], symSquare[i][m.To()], m.IsCapture())
}

// canonical returns the least rank of the images of (own, enemy) under the
// eight symmetries, and the first symmetry (in the order above) that gives
// it. Two positions are images of each other exactly when their canonical
// ranks agree, so a table stores one entry per class, under that rank.
func canonical(m Material, own, enemy rules.Bitboard) (key uint32, sym uint8) {
	// rank orders by the own set's rank first, so only the maps that give
	// the least own rank need the enemy set ranked.
	var ownRank [numSyms]uint64
	least := uint64(1) << 63
	for i := uint8(0); i < numSyms; i++ {
		ownRank[i] = rankSet(uint64(mapBoard(i, own)))
		least = min(least, ownRank[i])
	}
	key = ^uint32(0)
	for i := uint8(0); i < numSyms; i++ {
		if ownRank[i] != least {
			continue
		}
		if k := m.rank(mapBoard(i, own), mapBoard(i, enemy)); k < key {
			key, sym = k, i
		}
	}
	return key, sym
}

// classCount returns the number of classes of balance m, the count its
// file must hold, by Burnside's lemma: the mean over the eight maps of the
// placements each leaves fixed. A placement is fixed by a map exactly when
// its own and enemy sets are each unions of the map's cycles of squares, so
// the fixed placements are counted by giving each cycle to the own side,
// the enemy side or neither. It costs microseconds, so Open checks every
// file's count against it.
func (m Material) classCount() uint64 {
	var total uint64
	for i := range numSyms {
		// ways[a][b]: the ways to pick a own and b enemy squares from the
		// cycles seen so far.
		var ways [MaxPieces + 1][MaxPieces + 1]uint64
		ways[0][0] = 1
		var seen rules.Bitboard
		for s := rules.Square(0); s < rules.NumSquares; s++ {
			if seen&s.Bit() != 0 {
				continue
			}
			n := 0
			for x := s; seen&x.Bit() == 0; x = symSquare[i][x] {
				seen |= x.Bit()
				n++
			}
			for a := m.Own; a >= 0; a-- {
				for b := m.Enemy; b >= 0; b-- {
					if a >= n {
						ways[a][b] += ways[a-n][b]
					}
					if b >= n {
						ways[a][b] += ways[a][b-n]
					}
				}
			}
		}
		total += ways[m.Own][m.Enemy]
	}
	return total / numSyms
}
