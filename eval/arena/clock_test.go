package arena

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/rules"
)

// clockSpy plays the first legal move after sleeping for its delay, and
// keeps the clocks it was shown.
type clockSpy struct {
	first Player
	delay time.Duration
	seen  []Clock
}

func (p *clockSpy) NewGame(seed uint64, r rules.Rules) error { return p.first.NewGame(seed, r) }
func (p *clockSpy) Move(ctx context.Context, g *Line) (Played, error) {
	panic("the arena asked a move without the clock of a clocked match")
}
func (p *clockSpy) MoveClock(ctx context.Context, g *Line, c Clock) (Played, error) {
	p.seen = append(p.seen, c)
	time.Sleep(p.delay)
	return p.first.Move(ctx, g)
}
func (p *clockSpy) Close() error { return nil }

func spyFactory(delay time.Duration, spies *[]*clockSpy) PlayerFactory {
	return func() (Player, error) {
		first, _ := BaselinePlayer(BaselineFirst)
		f, _ := first()
		s := &clockSpy{first: f, delay: delay}
		*spies = append(*spies, s)
		return s, nil
	}
}

func clockMatch(t *testing.T, tc TimeControl, a, b PlayerFactory) *ArenaResult {
	t.Helper()
	run := runspec.Defaults()
	run.Games, run.Seed, run.RandomOpening, run.Concurrency = 2, 1, 0, 1
	var games []GameRecord
	res, err := Arena(context.Background(), a, b, ArenaOptions{Run: run, Rules: rules.DefaultRules(), Clock: &tc,
		OnPair: func(_ int, g [2]GameRecord) error { games = append(games, g[0], g[1]); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if g.Reason == FaultTimeForfeit && (!strings.Contains(g.Fault, "on the clock") || g.Time[g.Faulty] <= tc.Base) {
			t.Errorf("a loss on time with fault %q after %v of thinking on a %v clock", g.Fault, g.Time[g.Faulty], tc)
		}
	}
	return res
}

// TestClockLossOnTime: under a game clock the referee keeps each side's
// time: a side whose every move takes 60 ms on a 0.1 s clock without
// increment loses every game on time (its second move overruns), while
// a side answering at once on the same clock never does; the clocks a
// player is shown start at the base and fall by its time used, and its
// opponent's clock stands while it thinks.
func TestClockLossOnTime(t *testing.T) {
	var slow, quick []*clockSpy
	res := clockMatch(t, TimeControl{Base: 100 * time.Millisecond}, spyFactory(60*time.Millisecond, &slow), spyFactory(0, &quick))
	if res.Losses != 2 || res.Reasons[FaultTimeForfeit] != 2 {
		t.Fatalf("a side taking 60 ms a move on a 0.1 s clock: A %d-%d-%d, endings %v: want two losses on time", res.Wins, res.Draws, res.Losses, res.Reasons)
	}
	for _, s := range slow {
		if len(s.seen) < 2 || s.seen[0].Left[0] != 100*time.Millisecond && s.seen[0].Left[1] != 100*time.Millisecond {
			t.Fatalf("the slow side was shown %v: want a full clock first", s.seen)
		}
	}
}

// TestClockIncrementKeepsAQuickSideAlive: a side that answers at once
// gets its increment after each move and never loses on time: the
// clocks it is shown start full and grow by at most an increment a move.
func TestClockIncrementKeepsAQuickSideAlive(t *testing.T) {
	var a, b []*clockSpy
	tc := TimeControl{Base: 10 * time.Second, Inc: 50 * time.Millisecond}
	res := clockMatch(t, tc, spyFactory(0, &a), spyFactory(0, &b))
	if res.Reasons[FaultTimeForfeit] != 0 || res.Games != 2 {
		t.Fatalf("quick sides on a 10+0.05 clock: endings %v", res.Reasons)
	}
	for _, s := range append(a, b...) {
		for i, c := range s.seen {
			for side, left := range c.Left {
				if left > tc.Base+time.Duration(i+1)*tc.Inc || left < tc.Base-time.Second {
					t.Fatalf("move %d: side %d's clock shows %v on a %v clock after instant moves", i, side, left, tc)
				}
			}
		}
	}
}

// TestParseTimeControl: BASE+INC in seconds, printed back the same way;
// nonsense refused with the form wanted.
func TestParseTimeControl(t *testing.T) {
	for s, want := range map[string]TimeControl{
		"10+0.1": {10 * time.Second, 100 * time.Millisecond},
		"60":     {60 * time.Second, 0},
		"0.5+0":  {500 * time.Millisecond, 0},
	} {
		got, err := ParseTimeControl(s)
		if err != nil || got != want {
			t.Errorf("ParseTimeControl(%q) = %v, %v; want %v", s, got, err, want)
		}
		if back, err := ParseTimeControl(got.String()); err != nil || back != got {
			t.Errorf("%q printed as %q, which reads back as %v, %v", s, got.String(), back, err)
		}
	}
	for _, s := range []string{"", "10+", "+1", "ten", "-1+0", "0+1", "10+0.1+2", "NaN"} {
		if _, err := ParseTimeControl(s); err == nil || !strings.Contains(err.Error(), "e.g. 10+0.1") {
			t.Errorf("ParseTimeControl(%q): %v, want an error giving the form", s, err)
		}
	}
}
