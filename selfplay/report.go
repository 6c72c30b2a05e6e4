package selfplay

import (
	"fmt"
	"io"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/words"
)

// CheckPartition refuses a run whose settings differ from those the
// partition in c.Run.Out holds, naming each differing flag with both values,
// before anything is played or touched. A partition without a manifest is
// left to Run, which checks its footers.
func (c *ConfigOf[G, P, M]) CheckPartition() error {
	mine := c.RunSettings()
	have, ok, err := dataset.ReadManifest(c.Run.Out, mine.Partition())
	if err != nil || !ok {
		return nil // Run reports a bad manifest
	}
	diffs := mine.Diffs(have)
	if len(diffs) == 0 {
		return nil
	}
	lines := make([]error, len(diffs))
	restore := setting.Line{setting.Key("resume")}
	for i, d := range diffs {
		lines[i] = d.Said("the partition")
		if r, ok := d.Restore(); ok {
			restore = append(restore, r)
		}
	}
	var again any = ""
	if len(restore) > 1 {
		again = setting.Errorf(": %s", restore)
	}
	return setting.Errorf("%s already holds a %s run with other settings:\n  %v\n"+
		"To continue that run, repeat its settings (with %s)%s; to start a new run, write it to another %s%v",
		dataset.PartitionDir(c.Run.Out, dataset.TableGames, mine.Partition()), mine.Variant, setting.Join("\n  ", lines...),
		setting.Key("resume"), again, setting.Key("out"), formerDefault(mine, have))
}

// formerDefault is the note a refusal adds for a run played by the former
// default engine (runspec.MadeUnderBaseline), "" for any other.
func formerDefault(mine, have dataset.Run) any {
	if !runspec.DescribedMadeUnderBaseline(string(mine.Engine), string(have.Engine)) {
		return ""
	}
	return setting.Errorf("\n%w", runspec.FormerDefaultNote(runspec.AddPresetBaseline()))
}

// SummaryJSON is what selfplay --json prints of a run into Out.
type SummaryJSON struct {
	Planned       int64   `json:"planned"`
	Skipped       int64   `json:"skipped"`
	Played        int64   `json:"played"`
	Journaled     int64   `json:"journaled"`
	Written       int64   `json:"written"`
	Positions     int64   `json:"positions"`
	Red           int64   `json:"red"`
	Black         int64   `json:"black"`
	Draw          int64   `json:"draw"`
	RunRed        int64   `json:"run_red"`
	RunBlack      int64   `json:"run_black"`
	RunDraw       int64   `json:"run_draw"`
	Parts         int     `json:"parts"`
	Seconds       float64 `json:"seconds"`
	GamesPerS     float64 `json:"games_per_s"`
	PositionsPerS float64 `json:"positions_per_s"`
	Out           string  `json:"out"`
	Interrupted   bool    `json:"interrupted"`
}

// runResults returns the results of the whole run: the games played now
// and those a resume kept.
func (s *Summary) runResults() (red, black, draw int64) {
	return s.Red + s.KeptRed, s.Black + s.KeptBlack, s.Draw + s.KeptDraw
}

// JSON returns the summary of a run into out as selfplay --json prints it.
func (s *Summary) JSON(out string, interrupted bool) SummaryJSON {
	secs := s.Elapsed.Seconds()
	j := SummaryJSON{Planned: s.Planned, Skipped: s.Skipped, Played: s.Played, Journaled: s.Journaled, Written: s.Written, Positions: s.Positions,
		Red: s.Red, Black: s.Black, Draw: s.Draw, Parts: s.Parts, Seconds: secs, Out: out, Interrupted: interrupted}
	j.RunRed, j.RunBlack, j.RunDraw = s.runResults()
	if secs > 0 {
		j.GamesPerS, j.PositionsPerS = float64(s.Played)/secs, float64(s.Positions)/secs
	}
	return j
}

// InterruptedErr says what an interrupted run into out kept and how to
// continue it.
func (s *Summary) InterruptedErr(out string) error {
	kept := s.InJournal
	return setting.Errorf("interrupted: %d of this run's %d games are in %s (%d written now) and %d more are kept in its journal; the games in progress were discarded.\n"+
		"Run the same command with %s to write those and play the %d missing games",
		s.Skipped+s.Written, s.Planned, out, s.Written, kept, setting.Key("resume"), s.Planned-s.Skipped-s.Written-kept)
}

// WriteText prints the summary of a finished run into out as selfplay
// does: what it wrote, how fast, the results and the games already there.
func (s *Summary) WriteText(w io.Writer, out string) {
	if s.Played == 0 {
		fmt.Fprintf(w, "nothing to play: all %d of this run's games are already in %s\n", s.Planned, out)
		return
	}
	secs := s.Elapsed.Seconds()
	first, second := playerNames(s.Players)
	if s.Journaled == 0 {
		fmt.Fprintf(w, "wrote %s (%s) to %s in %.1f s: %.2f games/s, %.0f positions/s; %s %d, %s %d, draw %d",
			words.Count(s.Written, "game"), words.Count(s.Positions, "position"), out, secs, float64(s.Played)/secs, float64(s.Positions)/secs, first, s.Red, second, s.Black, s.Draw)
	} else {
		// The positions, rates and results are the played games': say
		// which games those are.
		fmt.Fprintf(w, "wrote %s to %s in %.1f s: %s played now (%s, %.2f games/s, %.0f positions/s; %s %d, %s %d, draw %d) and %d read back from an interrupted run's journal",
			words.Count(s.Written, "game"), out, secs, words.Count(s.Played, "game"), words.Count(s.Positions, "position"),
			float64(s.Played)/secs, float64(s.Positions)/secs, first, s.Red, second, s.Black, s.Draw, s.Journaled)
	}
	if s.Skipped > 0 {
		fmt.Fprintf(w, "; %s %s already there", words.Count(s.Skipped, "game"), words.Plural(min(s.Skipped, 2), "was", "were"))
	}
	if kept := s.KeptRed + s.KeptBlack + s.KeptDraw; kept > 0 {
		red, black, draw := s.runResults()
		fmt.Fprintf(w, "; the run's %s: %s %d, %s %d, draw %d", words.Count(s.Played+kept, "game"), first, red, second, black, draw)
	}
	fmt.Fprintln(w)
}
