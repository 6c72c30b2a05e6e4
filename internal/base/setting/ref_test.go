package setting_test

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/surakarta/surakarta/internal/base/setting"
)

// flags says a Ref as a command line would: the test's stand-in for a
// command's flags.
func flags(r setting.Ref) string {
	switch {
	case r.Command:
		return "surakarta " + r.Name
	case r.Value == "":
		return "--" + r.Name
	}
	return "--" + r.Name + " " + r.Value
}

// TestAdviceNamesSettingsInTheLibrarysWordsAndSayInTheReaders: a
// library's message names settings as its options do; a command reading
// it, even wrapped in errors that are not Advice, says each as a flag.
func TestAdviceNamesSettingsInTheLibrarysWordsAndSayInTheReaders(t *testing.T) {
	inner := setting.Errorf("run %d: give %s (or more, with %s)", 3, setting.Set("games", 12), setting.Key("resume"))
	outer := setting.Errorf("stage fit: %w; or write one with %s", fmt.Errorf("resume: %w", inner),
		setting.Line{setting.Cmd("selfplay"), setting.Set("out", "runs/x")})
	joined := errors.Join(fmt.Errorf("first: %w", setting.Errorf("choose another %s", setting.Key("out"))), outer)
	for _, c := range []struct {
		err          error
		plain, named string
	}{
		{inner, "run 3: give games=12 (or more, with resume)", "run 3: give --games 12 (or more, with --resume)"},
		{fmt.Errorf("wrapped: %w", inner), "wrapped: run 3: give games=12 (or more, with resume)", "wrapped: run 3: give --games 12 (or more, with --resume)"},
		{outer, "stage fit: resume: run 3: give games=12 (or more, with resume); or write one with selfplay out=runs/x",
			"stage fit: resume: run 3: give --games 12 (or more, with --resume); or write one with surakarta selfplay --out runs/x"},
		{joined, "first: choose another out\n" + outer.Error(),
			"first: choose another --out\nstage fit: resume: run 3: give --games 12 (or more, with --resume); or write one with surakarta selfplay --out runs/x"},
		{errors.New("no settings"), "no settings", "no settings"},
		{setting.Join("\n  ", inner, errors.New("plain"), setting.Errorf("%s: 50%%", setting.Key("sims"))),
			"run 3: give games=12 (or more, with resume)\n  plain\n  sims: 50%", "run 3: give --games 12 (or more, with --resume)\n  plain\n  --sims: 50%"},
	} {
		if got := c.err.Error(); got != c.plain {
			t.Errorf("Error() = %q, want %q", got, c.plain)
		}
		if got := setting.Say(c.err, setting.Ref.String); got != c.plain {
			t.Errorf("Say(Ref.String) = %q, want %q", got, c.plain)
		}
		if got := setting.Say(c.err, flags); got != c.named {
			t.Errorf("Say(flags) = %q, want %q", got, c.named)
		}
	}
}

// TestAdvisesFindsTheSettingsAnErrorNames: through wrapping and in a Line,
// and not a setting of the same name with another value.
func TestAdvisesFindsTheSettingsAnErrorNames(t *testing.T) {
	err := fmt.Errorf("x: %w", setting.Errorf("give %s", setting.Line{setting.Cmd("selfplay"), setting.Set("games", 4)}))
	for r, want := range map[setting.Ref]bool{setting.Set("games", 4): true, setting.Cmd("selfplay"): true,
		setting.Set("games", 5): false, setting.Key("games"): false, setting.Key("resume"): false} {
		if got := setting.Advises(err, r); got != want {
			t.Errorf("Advises(%v, %v) = %v, want %v", err, r, got, want)
		}
	}
	if setting.Advises(nil, setting.Key("resume")) {
		t.Error("nil names resume")
	}
}

// TestAdviceWrapsWhatItsFormatWraps: errors.Is sees through an Advice's
// %w as through fmt.Errorf's, and only there.
func TestAdviceWrapsWhatItsFormatWraps(t *testing.T) {
	if err := setting.Errorf("open: %w: choose another %s", fs.ErrNotExist, setting.Key("out")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%v does not wrap fs.ErrNotExist", err)
	}
	if err := setting.Errorf("open: %w and %w", fs.ErrNotExist, fs.ErrExist); !errors.Is(err, fs.ErrExist) {
		t.Errorf("%v does not wrap fs.ErrExist", err)
	}
	if err := setting.Errorf("open: %v", fs.ErrNotExist); errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%v wraps an error given by %%v", err)
	}
}

// TestSprintfSaysSettingsAsTheProcessChose: in the library's words until
// a command chooses its flags, and again after it restores them.
func TestSprintfSaysSettingsAsTheProcessChose(t *testing.T) {
	say := func() string {
		return setting.Sprintf("raise %s (or %s)", setting.Key("lambda"), setting.Set("games", 8))
	}
	if got, want := say(), "raise lambda (or games=8)"; got != want {
		t.Errorf("library's words: %q, want %q", got, want)
	}
	setting.SayWith(flags)
	got := say()
	setting.SayWith(nil)
	if want := "raise --lambda (or --games 8)"; got != want {
		t.Errorf("a command's words: %q, want %q", got, want)
	}
	if got, want := say(), "raise lambda (or games=8)"; got != want {
		t.Errorf("restored: %q, want %q", got, want)
	}
}
