package main

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/surakarta/surakarta/internal/base/setting"
)

// TestUnknownFlagsSayWhatToGive: a flag a command lacks that users reach
// for is refused with what to give instead (flagHints), the value they
// gave carried over; any other unknown flag names the help that lists the
// flags. match --sims 400 once said "unknown flag: --sims" and no more.
func TestUnknownFlagsSayWhatToGive(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "--sims", "400"}, "unknown flag: --sims; each side's engine settings go in --a and --b: --a sims=400 --b sims=400, or --go 'sims 400' for both sides' budget"},
		{[]string{"match", "--leaf=value"}, "unknown flag: --leaf; each side's engine settings go in --a and --b: --a leaf=value --b leaf=value"},
		{[]string{"stats", "data", "--variant", "majority"}, "unknown flag: --variant; stats needs no --variant: it reports each variant of a dataset on lines of its own (variant is always a grouping field; --by adds others)"},
		{[]string{"selfplay", "--threads", "4"}, "unknown flag: --threads; surakarta selfplay plays --concurrency games at once, each search on one thread: give --concurrency 4"},
		{[]string{"match", "--threads"}, "unknown flag: --threads; surakarta match plays --concurrency games at once, each search on one thread: give --concurrency N"},
		{[]string{"perft", "--frob"}, "unknown flag: --frob (surakarta perft --help lists its flags)"},
	} {
		if _, _, err := run(t, "", tc.args...); err == nil || err.Error() != tc.want {
			t.Errorf("%v: %v\nwant %s", tc.args, err, tc.want)
		}
	}
}

// TestLibraryAdviceIsSaidAsFlags: the settings a library's message names
// (setting.Ref) are said as a user types them, through wrapping, and the
// error still unwraps to what it wrapped; an error naming none is kept.
func TestLibraryAdviceIsSaidAsFlags(t *testing.T) {
	for r, want := range map[setting.Ref]string{
		setting.Key("resume"):            "--resume",
		setting.Key("gen0_games"):        "--gen0-games",
		setting.Set("games", 4096):       "--games 4096",
		setting.Set("solver", false):     "--solver=false",
		setting.Set("resume", true):      "--resume",
		setting.Set("fen", "6/6 r 0 1"):  "--fen '6/6 r 0 1'",
		setting.Cmd("tablebase build"):   "surakarta tablebase build",
		setting.Key("match_engine sims"): "--match-engine sims",
	} {
		if got := flagWord(r); got != want {
			t.Errorf("flagWord(%#v) = %q, want %q", r, got, want)
		}
	}
	inner := setting.Errorf("%s: %w", setting.Key("openings"), fs.ErrNotExist)
	err := sayFlags(fmt.Errorf("match: %w", inner))
	if want := "match: --openings: file does not exist"; err.Error() != want || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("said %q (wraps fs.ErrNotExist: %v), want %q", err, errors.Is(err, fs.ErrNotExist), want)
	}
	if plain := errors.New("no settings"); sayFlags(plain) != plain {
		t.Error("an error naming no setting was rewritten")
	}
}
