package protocol

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/rules"
)

// checkParsesAndPrints checks that parse reads line as want, and that the
// String of what it read parses back to the same (the printed form is one
// the other side reads).
func checkParsesAndPrints[T fmt.Stringer](t *testing.T, parse func(string) (T, error), line string, want T) {
	t.Helper()
	got, err := parse(line)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("%q: %+v, %v; want %+v", line, got, err, want)
		return
	}
	again, err := parse(got.String())
	if err != nil || !reflect.DeepEqual(again, got) {
		t.Errorf("%q: String %q parses to %+v, %v", line, got.String(), again, err)
	}
}

func TestParseCommandReadsEveryCommand(t *testing.T) {
	maj := rules.DefaultRules()
	maj.Variant = rules.Majority
	fen := "6/2b3/1r4/6/6/5r r 0 30"
	for _, tc := range []struct {
		line string
		want Command
	}{
		{"identify", Command{Kind: Identify}},
		{"  setoption   eval  my weights.json \r", Command{Kind: SetOption, Name: "eval", Value: "my weights.json"}},
		{"newgame", Command{Kind: NewGame, Rules: rules.DefaultRules()}},
		{"newgame variant=majority", Command{Kind: NewGame, Rules: maj}},
		{"position startpos", Command{Kind: SetPosition, FEN: StartPos}},
		{"position startpos moves b2-b3 e5-e4", Command{Kind: SetPosition, FEN: StartPos, Moves: []string{"b2-b3", "e5-e4"}}},
		{"position fen " + fen + " moves b4-b5", Command{Kind: SetPosition, FEN: fen, Moves: []string{"b4-b5"}}},
		{"go", Command{Kind: Go}},
		{"go sims 800", Command{Kind: Go, Budget: Budget{Kind: Sims, N: 800}}},
		{"go\tnodes 5", Command{Kind: Go, Budget: Budget{Kind: Nodes, N: 5}}},
		{"go movetime 100", Command{Kind: Go, Budget: Budget{Kind: MoveTime, N: 100}}},
		{"go redtime 10000 blacktime 9500 redinc 100 blackinc 50", Command{Kind: Go, Budget: Budget{Kind: Clock, Time: [2]int64{10000, 9500}, Inc: [2]int64{100, 50}}}},
		{"go blacktime 0 redtime 7", Command{Kind: Go, Budget: Budget{Kind: Clock, Time: [2]int64{7, 0}}}},
		{"stop", Command{Kind: Stop}},
		{"quit", Command{Kind: Quit}},
	} {
		checkParsesAndPrints(t, ParseCommand, tc.line, tc.want)
	}
}

func TestParseCommandRefusesMalformedLines(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"hello", `unknown command "hello"`},
		{"identify now", "takes no arguments"},
		{"setoption sims", "a name and a value"},
		{"newgame variant=fancy", "bad variant"},
		{"newgame variant=standard extra", "without spaces"},
		{"position", "startpos or fen"},
		{"position fen 6/6 r 0", "4 fields"},
		{"position startpos b2-b3", "want moves"},
		{"go sims", "sims N"},
		{"go sims 0", "from 1"},
		{"go sims 10 nodes 5", "one of"},
		{"go depth 3", `unknown kind "depth"`},
		{"go movetime 99999999999999999", "from 1"},
		{"go redtime 100", "both sides' time left"},
		{"go redtime 100 blacktime", "followed by milliseconds"},
		{"go redtime 100 blacktime 100 redtime 5", "given twice"},
		{"go redtime 100 blacktime -1", "from 0"},
		{"go redtime 100 blacktime 100 movetime 5", "not a clock's word"},
		{"stop\x00", "control character"},
	} {
		if _, err := ParseCommand(tc.line); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error mentioning %q", tc.line, err, tc.want)
		}
	}
	for _, l := range []string{"", "   ", "# a comment", "\r"} {
		if _, err := ParseCommand(l); !errors.Is(err, ErrEmpty) {
			t.Errorf("%q: %v, want ErrEmpty", l, err)
		}
	}
}

// TestClockWordsAreTheGamesOrNeutral: a go's clock is read in the words
// of the game's players (Alquerque's white and black here) or the neutral
// first and second, mixed, each meaning the same clock; Budget.Text writes
// the game's words, which read back; another game's words, and one clock
// given in both spellings, are refused with the words to use. Surakarta's
// ParseBudget takes the neutral words too.
func TestClockWordsAreTheGamesOrNeutral(t *testing.T) {
	alq := [2]string{"white", "black"}
	want := Budget{Kind: Clock, Time: [2]int64{2000, 1500}, Inc: [2]int64{100, 50}}
	for _, line := range []string{
		"whitetime 2000 blacktime 1500 whiteinc 100 blackinc 50",
		"firsttime 2000 secondtime 1500 firstinc 100 secondinc 50",
		"secondinc 50 whitetime 2000 firstinc 100 blacktime 1500",
	} {
		if b, err := ParseBudgetOf(line, alq); err != nil || b != want {
			t.Errorf("%q: %+v, %v; want %+v", line, b, err, want)
		}
	}
	if got := want.Text(alq); got != "whitetime 2000 blacktime 1500 whiteinc 100 blackinc 50" {
		t.Errorf("Text = %q", got)
	}
	if got := want.Text(NeutralPlayers); got != "firsttime 2000 secondtime 1500 firstinc 100 secondinc 50" {
		t.Errorf("Text(neutral) = %q", got)
	}
	if b, err := ParseBudget("firsttime 7 secondtime 8"); err != nil || b != (Budget{Kind: Clock, Time: [2]int64{7, 8}}) {
		t.Errorf("Surakarta's neutral clock: %+v, %v", b, err)
	}
	for _, tc := range []struct{ line, want string }{
		{"redtime 100 blacktime 100", "whitetime MS blacktime MS [whiteinc MS] [blackinc MS] (or in any game firsttime MS secondtime MS"},
		{"whitetime 100 blacktime 100 redinc 5", `"redinc" is not a clock's word (whitetime, blacktime, whiteinc, blackinc, or firsttime, secondtime, firstinc, secondinc)`},
		{"whitetime 100 firsttime 100 blacktime 5", "firsttime given twice (whitetime and firsttime are one clock)"},
		{"whiteinc 5 blackinc 5", "both sides' time left: whitetime MS blacktime MS"},
	} {
		if _, err := ParseBudgetOf(tc.line, alq); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error mentioning %q", tc.line, err, tc.want)
		}
	}
	if c, err := ParseCommandOf("go whitetime 5 blacktime 6", alq); err != nil || c.Budget != (Budget{Kind: Clock, Time: [2]int64{5, 6}}) {
		t.Errorf("ParseCommandOf: %+v, %v", c, err)
	}
	if _, err := ParseCommand("go whitetime 5 blacktime 6"); err == nil {
		t.Error("Surakarta's go took Alquerque's words")
	}
}

func TestParseReplyReadsEveryReply(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Reply
	}{
		{"ok", Reply{Kind: OK}},
		{"error unknown command \"x\"", Reply{Kind: Error, Text: `unknown command "x"`}},
		{"id name surakarta v1.2", Reply{Kind: ID, Key: "name", Text: "surakarta v1.2"}},
		{"option sims default 800 doc simulations per move", Reply{Kind: Option, Opt: OptionInfo{"sims", "800", "simulations per move"}}},
		{"option seed default 1", Reply{Kind: Option, Opt: OptionInfo{"seed", "1", ""}}},
		{"info sims 800 nodes 800 time 12 value -0.2500 pv b2-b3 e5-e4", Reply{Kind: Info, Info: SearchInfo{Sims: 800, Nodes: 800, TimeMS: 12, Value: -0.25, HasValue: true, PV: []string{"b2-b3", "e5-e4"}}}},
		{"info string thinking hard", Reply{Kind: Info, Info: SearchInfo{Text: "thinking hard"}}},
		{"info", Reply{Kind: Info}},
		{"bestmove b2xe5[top-left]", Reply{Kind: BestMove, Move: "b2xe5[top-left]"}},
	} {
		checkParsesAndPrints(t, ParseReply, tc.line, tc.want)
	}
	for _, tc := range []struct{ line, want string }{
		{"bestmove", "exactly one move"},
		{"bestmove b2-b3 ponder e5-e4", "exactly one move"},
		{"ok then", "nothing after"},
		{"info depth 3", `unknown key "depth"`},
		{"info sims", "no value"},
		{"info value 2", "-1 to 1"},
		{"info nodes -4", "0 or more"},
		{"option x 5", "default VALUE"},
		{"I think b2-b3 is nice", "unknown reply"},
	} {
		if _, err := ParseReply(tc.line); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error mentioning %q", tc.line, err, tc.want)
		}
	}
}

// FuzzParse: no line makes either parser panic, and whatever parses
// prints as a line that parses to the same value.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"identify", "setoption sims 5", "newgame variant=majority,repetition=0", "position startpos moves b2-b3",
		"position fen 6/2b3/1r4/6/6/5r r 0 30", "go movetime 100", "go blacktime 5 redtime 6 redinc 1", "info sims 1 value 0.5 pv a1-a2", "bestmove b2xe5[top-left]",
		"option a default b doc c", "id name x", "error e", "info string s", "\x00", "go sims 9e9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if c, err := ParseCommand(s); err == nil {
			testutil.RoundTrip(t, s, c, ParseCommand, Command.String, nil)
		}
		if r, err := ParseReply(s); err == nil {
			testutil.RoundTrip(t, s, r, ParseReply, Reply.String, sameReply)
		}
	})
}

// sameReply compares replies, values to the four decimals String writes.
func sameReply(a, b Reply) bool {
	if a.Kind == Info && b.Kind == Info {
		d := a.Info.Value - b.Info.Value
		a.Info.Value, b.Info.Value = 0, 0
		if d > 1e-4 || d < -1e-4 {
			return false
		}
	}
	return reflect.DeepEqual(a, b)
}
