package selfplay

import (
	"context"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// Progress shows a run's progress line: games done, their rate and ETA,
// then positions/s and the results so far. Its Start, Kept and Game are
// meant for Config.OnStart, Config.OnKept and Config.OnGame; Stop prints the final line. A Progress
// may be started again after Stop (one line per run, e.g. per variant); its
// zero value is ready to use.
type Progress struct {
	// Players names the first and second player in the results, by the
	// game's names for them (game.Game's PlayerName); empty: Surakarta's,
	// red and black.
	Players [2]string

	positions, red, black, draw atomic.Int64
	rep                         *progress.Reporter
}

// Start resets the counts and starts the line on w, after label and " | "
// when label is not empty; planned and skipped are those of Config.OnStart.
// A quiet line counts but prints nothing; so does the line of a run with
// nothing to play (every planned game skipped), which would show an empty
// bar before the command says there is nothing to play.
func (p *Progress) Start(w io.Writer, label string, planned, skipped int64, quiet bool) {
	quiet = quiet || skipped >= planned
	p.positions.Store(0)
	p.red.Store(0)
	p.black.Store(0)
	p.draw.Store(0)
	if label != "" {
		label += " | "
	}
	p.rep = progress.Start(w, progress.Options{
		Unit: "games", Total: planned, Initial: skipped, Quiet: quiet,
		Extra: func(elapsed time.Duration) string {
			first, second := playerNames(p.Players)
			return fmt.Sprintf("%s%s positions/s | %s %d %s %d draw %d", label,
				progress.FormatRate(float64(p.positions.Load())/elapsed.Seconds()), first, p.red.Load(), second, p.black.Load(), p.draw.Load())
		},
	})
}

// playerNames returns the names of the first and second player, Surakarta's
// when names is empty.
func playerNames(names [2]string) (first, second string) {
	if names[0] == "" {
		return rules.Red.String(), rules.Black.String()
	}
	return names[0], names[1]
}

// Kept counts the results of the games a resume kept (Config.OnKept), so
// that the line's results are the whole run's, as its count of games is.
// It must follow Start.
func (p *Progress) Kept(red, black, draw int64) {
	p.red.Add(red)
	p.black.Add(black)
	p.draw.Add(draw)
}

// Game counts a finished game. It must follow Start (selfplay.Run calls
// OnGame only after OnStart).
func (p *Progress) Game(g GameStats) {
	p.positions.Add(int64(g.Positions))
	switch g.Result {
	case game.FirstWins:
		p.red.Add(1)
	case game.SecondWins:
		p.black.Add(1)
	default:
		p.draw.Add(1)
	}
	p.rep.Add(1)
}

// Stop prints the final line and ends it; it does nothing when the line
// was not started or is already stopped.
func (p *Progress) Stop() {
	if p.rep != nil {
		p.rep.Stop()
		p.rep = nil
	}
}

// RunShowingOf runs cfg as the selfplay command does: its partition
// checked first (CheckPartition: a run of other settings refused), its
// notes and the progress line on w (quiet: neither), whatever cfg's Logf
// and On* hooks were.
func RunShowingOf[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, cfg ConfigOf[G, P, M], w io.Writer, quiet bool) (Summary, error) {
	if err := cfg.CheckPartition(); err != nil {
		return Summary{}, err
	}
	prog := Progress{Players: [2]string{cfg.Rules.PlayerName(game.First), cfg.Rules.PlayerName(game.Second)}}
	cfg.Logf = func(format string, args ...any) {
		if !quiet {
			fmt.Fprintf(w, format+"\n", args...)
		}
	}
	cfg.OnStart = func(planned, skipped int64) { prog.Start(w, "", planned, skipped, quiet) }
	cfg.OnKept, cfg.OnGame = prog.Kept, prog.Game
	sum, err := RunOf(ctx, cfg)
	prog.Stop()
	return sum, err
}
