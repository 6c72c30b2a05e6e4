package tablebase

import "github.com/surakarta/surakarta/game"

// score orders values for the side to move: a win in d is 1000-d, a draw 0,
// a loss in d -1000+d, so that larger is better, a faster win better than a
// slower one and a slower loss better than a faster one. Terminal positions
// score ±1000 (won or lost with 0 plies to go) or 0.
type score int16

const (
	winNow   score = 1000
	lossNow  score = -1000
	noScore  score = -32768 // below every score: no move seen yet
	maxPlies       = 127    // the longest distance a stored byte holds
)

// negate returns the score of a position for its side to move given the
// score of a child for the child's side to move: a child lost in d is a win
// in d+1, a child won in d a loss in d+1.
func (s score) negate() score {
	switch {
	case s > 0:
		return -s + 1
	case s < 0:
		return -s - 1
	}
	return 0
}

// exact returns the score as the exact value it stands for.
func (s score) exact() game.Exact {
	switch {
	case s > 0:
		return game.Exact{Score: 1, Plies: int(winNow - s)}
	case s < 0:
		return game.Exact{Score: -1, Plies: int(s - lossNow)}
	}
	return game.Exact{}
}

// The stored byte: 0 a draw, 1..127 a win in that many plies, 128+d a loss
// in d plies (d ≤ 127).
var byteScore = func() (t [256]score) {
	for b := 1; b < 128; b++ {
		t[b] = winNow - score(b)
	}
	for b := 128; b < 256; b++ {
		t[b] = lossNow + score(b-128)
	}
	return t
}()

// maxWidePlies is the longest distance a wide (two-byte) value holds.
const maxWidePlies = 999 // scores are ±1000 minus the distance

// The wide value, for tables whose distances do not fit a byte: 0 a draw,
// 1..999 a win in that many plies, 32768+d a loss in d plies (d ≤ 999).
func wideScore(v uint16) score {
	switch {
	case v == 0:
		return 0
	case v < 1<<15:
		return winNow - score(v)
	}
	return lossNow + score(v-1<<15)
}

func encodeWide(s score) (uint16, bool) {
	switch {
	case s > 0:
		d := int(winNow - s)
		return uint16(d), d >= 1 && d <= maxWidePlies
	case s < 0:
		d := int(s - lossNow)
		return uint16(1<<15 + d), d >= 0 && d <= maxWidePlies
	}
	return 0, true
}

// encode returns the byte of s, or false when its distance exceeds maxPlies.
func encode(s score) (byte, bool) {
	switch {
	case s > 0:
		d := winNow - s
		return byte(d), d >= 1 && d <= maxPlies
	case s < 0:
		d := s - lossNow
		return byte(128 + d), d >= 0 && d <= maxPlies
	}
	return 0, true
}
