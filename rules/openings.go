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
