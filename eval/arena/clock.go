package arena

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/mcts"
)

// TimeControl is a game clock as match --tc gives it: each side starts a
// game with Base on its clock and gets Inc after each of its moves; a side
// whose move takes longer than its clock shows loses the game on time
// (FaultTimeForfeit). The referee (the arena) keeps the clocks, measuring
// each move from asking for it to receiving it.
type TimeControl struct {
	Base, Inc time.Duration
}

// ParseTimeControl reads "BASE+INC" in seconds (decimals allowed), e.g.
// "10+0.1", or "BASE" for no increment.
func ParseTimeControl(s string) (TimeControl, error) {
	base, inc, hasInc := strings.Cut(strings.TrimSpace(s), "+")
	secs := func(what, v string) (time.Duration, error) {
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(x) || x < 0 || x > 1e6 {
			return 0, fmt.Errorf("time control %q: %s %q is not a number of seconds from 0 to 1000000: want BASE+INC in seconds, e.g. 10+0.1", s, what, v)
		}
		return time.Duration(math.Round(x * float64(time.Second))), nil
	}
	var tc TimeControl
	var err error
	if tc.Base, err = secs("base", base); err != nil {
		return tc, err
	}
	if hasInc {
		if tc.Inc, err = secs("increment", inc); err != nil {
			return tc, err
		}
	}
	if tc.Base < time.Millisecond {
		return tc, fmt.Errorf("time control %q: a clock starts with at least a millisecond: want BASE+INC in seconds, e.g. 10+0.1", s)
	}
	return tc, nil
}

// String writes tc as ParseTimeControl reads it: "10+0.1".
func (tc TimeControl) String() string {
	return strconv.FormatFloat(tc.Base.Seconds(), 'f', -1, 64) + "+" + strconv.FormatFloat(tc.Inc.Seconds(), 'f', -1, 64)
}

// Clock is what a player is told of the clocks when it is asked for a
// move: each side's time left (indexed by game.Player) and the increment.
type Clock struct {
	Left [2]time.Duration
	Inc  time.Duration
}

// ClockedPlayerOf is a player that plays under a game clock: MoveClock is
// Move with the clocks, from which the player takes its own share of its
// time (the built-in search by mcts.MoveTime; an external engine gets the
// clocks in its go). Every player of this package and of eval/external is
// one.
type ClockedPlayerOf[G mcts.Game[P, M], P comparable, M game.Move] interface {
	PlayerOf[G, P, M]
	MoveClock(ctx context.Context, g *game.Line[G, P, M], clock Clock) (PlayedOf[M], error)
}

// FaultTimeForfeit is the reason of a game lost on time: the side's move
// took longer than its clock showed when it was asked for it.
const FaultTimeForfeit = "time-forfeit"
