package rules

// PlayRandomPlies plays up to k plies of g, each chosen among the legal
// moves in square order (Position.GenerateMovesBySquare: from-square, then
// to-square, a1 first for both colours) by one call of draw(n), which must
// return an index in [0, n). It stops early if the game ends and returns
// the number of plies played. The draws are the caller's, so that a run
// chooses its openings from its own seeded streams.
func (g *Game) PlayRandomPlies(k int, draw func(n int) int) int {
	var buf [MaxMoves]Move
	played := 0
	for ; played < k && !g.IsTerminal(); played++ {
		moves := g.cur().GenerateMovesBySquare(buf[:0])
		g.play(moves[draw(len(moves))])
	}
	return played
}

// Openings returns every sequence of up to k legal plies from g's
// position, depth first with the moves of each position in square order
// (Position.GenerateMovesBySquare); a sequence that ends the game early is
// one opening, shorter. It returns false, and no list, when there are more
// than limit of them. g is left as it was.
func (g *Game) Openings(k, limit int) ([][]Move, bool) {
	var out [][]Move
	var path []Move
	var walk func(g *Game, left int) bool
	walk = func(g *Game, left int) bool {
		if left == 0 || g.IsTerminal() {
			if len(out) == limit {
				return false
			}
			out = append(out, append([]Move(nil), path...))
			return true
		}
		var buf [MaxMoves]Move
		for _, m := range g.cur().GenerateMovesBySquare(buf[:0]) {
			c := g.Clone()
			c.play(m)
			path = append(path, m)
			ok := walk(c, left-1)
			path = path[:len(path)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	if !walk(g, k) {
		return nil, false
	}
	return out, true
}
