package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
	"github.com/surakarta/surakarta/tablebase"
)

func TestMatchTextReportAndSPRT(t *testing.T) {
	out, errOut, err := run(t, "", "match", "--a", "sims=16,leaf=value", "--b", "sims=1,leaf=value", "--games", "40", "--sprt", "0,100,0.2,0.2")
	if err != nil {
		t.Fatal(err)
	}
	// Progress: games of the planned 40 with rate, ETA or time, and A's tally.
	if !regexp.MustCompile(`games \d+/40 \d+\.\d% \| \S+ games/s \| (ETA|done in) \S+ \| A \d+-\d+-\d+, score \d\.\d{3}, LLR `).MatchString(errOut) {
		t.Errorf("match progress on stderr lacks count, rate, ETA and score:\n%s", errOut)
	}
	for _, want := range []string{"A: sims=16,leaf=value", "B: sims=1,leaf=value", "Elo A - B:", "LOS", "A as red:", "pairs by A's points", "endings:", "SPRT elo0 0 elo1 100"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if _, _, err := run(t, "", "match", "--games", "3"); err == nil || !strings.Contains(err.Error(), "--games") {
		t.Errorf("odd --games: %v", err)
	}
}

// TestMatchAgainstAnExternalEngine: `surakarta engine` as an external side
// (engine:COMMAND, split as a shell would) plays the built-in engine; the
// games are recorded for stats and pgn, and an interrupted record resumes
// to the same games.
func TestMatchAgainstAnExternalEngine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "m")
	args := []string{"match", "--a", "engine:" + childCommand(t, "engine --leaf value"), "--b", "sims=16,leaf=value",
		"--go-a", "sims 16", "--games", "4", "--concurrency", "2", "--out", dir, "--quiet"}
	out := runOK(t, args...)
	for _, want := range []string{"A: engine:", "go sims 16; id name surakarta ", "B: sims=16,leaf=value", "4 games", "cost: A ", " nodes a move"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if statsOut, _, err := run(t, "", "stats", dir); err != nil || !strings.Contains(statsOut, "4 games") {
		t.Fatalf("stats on the match: %v\n%s", err, statsOut)
	}
	pgn, _, err := run(t, "", "match", "pgn", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Event "surakarta match"]`, `[Round "4"]`, `[White "sims=16,leaf=value"]`, `[Black "surakarta `, `[RedSide "b"]`, `[BlackSide "a"]`, `[RedNodes "`, `[Game "Surakarta"]`, "1. "} {
		if !strings.Contains(pgn, want) {
			t.Errorf("pgn lacks %q:\n%s", want, pgn)
		}
	}
	if _, _, err := run(t, "", args...); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("a second match into the same --out: %v, want a hint at --resume", err)
	}
	// A match of one pair, resumed as a match of two, plays only the second
	// pair, and the games are those of the whole match.
	grown := filepath.Join(t.TempDir(), "grown")
	with := func(games, out string, extra ...string) []string {
		a := append([]string(nil), args...)
		a[len(a)-6], a[len(a)-2] = games, out
		return append(a, extra...)
	}
	if _, _, err := run(t, "", with("2", grown)...); err != nil {
		t.Fatal(err)
	}
	resume := func(wantErr ...string) {
		t.Helper()
		_, errOut, err := run(t, "", with("4", grown, "--resume")...)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range wantErr {
			if !strings.Contains(errOut, w) {
				t.Errorf("resume said %q, want %q", errOut, w)
			}
		}
		again, _, err := run(t, "", "match", "pgn", grown)
		if err != nil {
			t.Fatal(err)
		}
		if stripTimes(again) != stripTimes(pgn) {
			t.Errorf("resumed games differ from the whole match's:\n%s\n---\n%s", again, pgn)
		}
	}
	resume("resuming: 2 of 4 games")
	// An interruption between the two tables' commits leaves a matches
	// part without its games part, and maybe a temporary file.
	os.Remove(dataset.PartPath(grown, dataset.TableGames, "standard", 0))
	os.WriteFile(filepath.Join(dataset.PartitionDir(grown, dataset.TableGames, "standard"), ".part-0000000000.parquet.tmp-42"), []byte("partial"), 0o644)
	resume("resuming: 2 of 4 games", "removed ", ".tmp-42")
	dir = grown
	if _, _, err := run(t, "", "match", "--a", "sims=8", "--b", "sims=8", "--games", "4", "--out", dir, "--resume", "--quiet"); err == nil || !strings.Contains(err.Error(), "--b sims: this run 8, the match 16") {
		t.Errorf("resume with other engines: %v, want a refusal", err)
	}
}

// stripTimes drops the time tags, the one thing that differs between runs.
func stripTimes(pgn string) string {
	var keep []string
	for _, l := range strings.Split(pgn, "\n") {
		if !strings.Contains(l, "TimeMS") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// TestMatchExternalFaultsLoseGames: a crashing external engine loses each
// of its games with the reason in the report and the games table, and the
// match finishes; conf: sides come from an engines file, and --log keeps
// the exchange.
func TestMatchExternalFaultsLoseGames(t *testing.T) {
	dir := t.TempDir()
	engines := filepath.Join(dir, "engines.json")
	os.WriteFile(engines, []byte(`{"crasher": {"command": `+strconv.Quote(childCommand(t, "simple crash after=2"))+`}, "mover": {"command": `+strconv.Quote(childCommand(t, "simple first"))+`}}`), 0o644)
	logPath := filepath.Join(dir, "engines.log")
	out := runOK(t, "match", "--engines", engines, "--a", "conf:mover", "--b", "conf:crasher", "--games", "4", "--out", filepath.Join(dir, "m"), "--log", logPath, "--quiet")
	log, _ := os.ReadFile(logPath)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^\d\d:\d\d:\d\d\.\d{3} a\[\d+\] > identify$`),
		regexp.MustCompile(`(?m) b\[\d+\] < bestmove `),
		regexp.MustCompile(`(?m) b\[\d+\] ! crash: the engine closed its output \(exit status 3\)`),
	} {
		if !want.Match(log) {
			t.Errorf("--log lacks %v:\n%.2000s", want, log)
		}
	}
	if !strings.Contains(out, "A: 4 wins, 0 draws, 0 losses") || !strings.Contains(out, "crash 4") {
		t.Fatalf("report:\n%s", out)
	}
	pgn, _, err := run(t, "", "match", "pgn", filepath.Join(dir, "m"), "--game", "1")
	if err != nil || !strings.Contains(pgn, `[Reason "crash"]`) || !strings.Contains(pgn, `[Fault "the engine closed its output`) || !strings.Contains(pgn, "exit status 3") {
		t.Fatalf("pgn of a crashed game (%v):\n%s", err, pgn)
	}
	// A refused go loses the game too, and --log marks it with a ! line.
	refuser := "engine:" + childCommand(t, "simple refuse after=1")
	out, _, err = run(t, "", "match", "--engines", engines, "--a", "conf:mover", "--b", refuser, "--games", "2", "--log", logPath, "--quiet")
	log, _ = os.ReadFile(logPath)
	if err != nil || !strings.Contains(out, "refused 2") ||
		!regexp.MustCompile(`(?m) b\[\d+\] ! refused: go: cannot search this position, in answer to go`).Match(log) {
		t.Errorf("refusing engine (%v):\n%s\n--log:\n%.2000s", err, out, log)
	}
	if _, _, err := run(t, "", "match", "--a", "conf:mover", "--games", "2"); err == nil || !strings.Contains(err.Error(), "--engines") {
		t.Errorf("conf: without --engines: %v", err)
	}
	if _, _, err := run(t, "", "match", "--a", "engine:'unterminated", "--games", "2"); err == nil || !strings.Contains(err.Error(), "quote") {
		t.Errorf("bad command line: %v", err)
	}
}

// TestMatchThroughTheProtocolPlaysTheSameGames: `surakarta engine` on both
// sides, seeded per game through setoption seed, plays exactly the games
// of the in-process built-in engines at the same settings: the protocol
// adds nothing and loses nothing. (The engine command reads the default
// tables directory unless told otherwise; match's built-in sides use
// tables only when named, so --tablebase= turns them off here.)
func TestMatchThroughTheProtocolPlaysTheSameGames(t *testing.T) {
	dir := t.TempDir()
	engine := "engine:" + childCommand(t, "engine --leaf value --tablebase=")
	base := []string{"match", "--games", "4", "--concurrency", "2", "--random-opening", "2", "--seed", "5", "--quiet"}
	if _, _, err := run(t, "", append(base, "--a", engine, "--b", engine, "--go", "sims 12", "--out", filepath.Join(dir, "pipe"))...); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(t, "", append(base, "--a", "sims=12,leaf=value", "--b", "sims=12,leaf=value", "--out", filepath.Join(dir, "inproc"))...); err != nil {
		t.Fatal(err)
	}
	moves := func(sub string) string {
		pgn, _, err := run(t, "", "match", "pgn", filepath.Join(dir, sub))
		if err != nil {
			t.Fatal(err)
		}
		var keep []string
		for _, l := range strings.Split(pgn, "\n") {
			if !strings.HasPrefix(l, "[") || strings.HasPrefix(l, "[Result") || strings.HasPrefix(l, "[Reason") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if p, q := moves("pipe"), moves("inproc"); p != q {
		t.Fatalf("through the protocol:\n%s\nin process:\n%s", p, q)
	}
}

// TestMatchJSONRecordsBothSidesResolvedSettings: match --json gives each
// side's every setting, the defaults included, so a result can be
// reproduced from the JSON alone; an unset sims is the game-playing
// default (selfplay's 800), not analysis's 10000.
func TestMatchJSONRecordsBothSidesResolvedSettings(t *testing.T) {
	out := runOK(t, "match", "--a", "sims=12,leaf=value", "--b", "", "--games", "2", "--json", "--quiet")
	var m struct {
		AEngine map[string]any `json:"a_engine"`
		BEngine map[string]any `json:"b_engine"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	// The shipped model by its identity: "best" will name another model.
	if m.AEngine["sims"] != 12.0 || m.AEngine["leaf"] != "value" || m.AEngine["cpuct"] != runspec.MatchEngine().CPUCT ||
		m.AEngine["evaluator"] != eval.ShippedIdentity() || len(m.AEngine) != len(mcts.EngineSettings())-1 { // all but tablebase, left out while unset
		t.Errorf("a_engine %v", m.AEngine)
	}
	if m.BEngine["sims"] != float64(selfplay.DefaultEngine().Sims) || m.BEngine["leaf"] != "value" || m.BEngine["evaluator"] != eval.ShippedIdentity() {
		t.Errorf("b_engine %v: want the defaults with selfplay's sims", m.BEngine)
	}
}

// TestMatchInterruptedEndsItsEnginesAndResumes: Ctrl-C (SIGINT) during a
// match against an external engine ends every engine process, keeps the
// games finished so far, and the same command with --resume completes the
// match.
func TestMatchInterruptedEndsItsEnginesAndResumes(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("looks for leftover processes in /proc")
	}
	marker := strconv.Itoa(900000000 + os.Getpid()) // in the engines' command lines
	dir := filepath.Join(t.TempDir(), "m")
	args := []string{"match", "--a", "engine:" + childCommand(t, "engine --sims 300 --seed "+marker), "--b", "sims=300",
		"--go-a", "sims 300", "--games", "60", "--concurrency", "2", "--out", dir, "--quiet"}
	cmd := exec.Command(os.Args[0], args...)
	var stderr testutil.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Interrupt once pairs are recorded (a games part on disk, written
	// about 10 s after the first pair: recordFlushEvery), not after a fixed
	// sleep: on a loaded machine no pair finished in a second and the
	// resume had nothing to keep. 60 games outlast the first write on a
	// quiet machine (about 14 s).
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline) && !hasParquet(dir); {
		time.Sleep(100 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err == nil {
			t.Skip("the match finished before the interrupt (a fast machine): nothing to resume")
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the match did not exit within 10 s of SIGINT")
	}
	if !strings.Contains(stderr.String(), "--resume continues it") {
		t.Errorf("interrupted match said:\n%s", stderr.String())
	}
	if left := processesWith(t, marker); len(left) > 0 {
		t.Fatalf("engine processes left after the interrupt: %v", left)
	}
	if strings.Contains(stderr.String(), "covers the 0 games completed") {
		// A loaded machine (the suite beside other jobs) may not finish a
		// pair in the second before the interrupt: the exit and the
		// engines' end are checked, and there is nothing to resume.
		t.Skip("no pair finished before the interrupt (a loaded machine): nothing to resume")
	}
	_, errOut, err := run(t, "", append(args, "--resume")...)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("interrupted: %s; resumed: %s", strings.TrimSpace(stderr.String()), strings.TrimSpace(errOut))
	if !strings.Contains(errOut, "resuming: ") || strings.Contains(errOut, "resuming: 0 of") {
		t.Errorf("resume kept none of the interrupted match's games:\n%s", errOut)
	}
	if out, _, err := run(t, "", "stats", dir); err != nil || !strings.Contains(out, "60 games") {
		t.Fatalf("stats after resume: %v\n%s", err, out)
	}
}

// hasParquet reports whether a Parquet file lies anywhere under dir.
func hasParquet(dir string) bool {
	found := false
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".parquet") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// processesWith lists the pids whose command line contains marker.
func processesWith(t *testing.T, marker string) []string {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip(err)
	}
	var out []string
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && strings.Contains(string(b), marker) {
			out = append(out, e.Name())
		}
	}
	return out
}

// recordMatch plays a match of one pair of games between the built-in
// sides a and b (match --a, --b) into a new directory, which it returns.
func recordMatch(t *testing.T, a, b string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "m")
	if _, _, err := run(t, "", "match", "--a", a, "--b", b, "--games", "2", "--out", dir, "--quiet"); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestMatchRecordsTheResolvedSettings: a recorded match holds every
// setting of its built-in sides, so --resume accepts the same engines
// however they are spelled and refuses one that would play differently,
// a changed default included.
func TestMatchRecordsTheResolvedSettings(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "m")
	base := []string{"match", "--games", "2", "--out", dir, "--quiet", "--b", "sims=6,leaf=value"}
	if _, _, err := run(t, "", append(base, "--a", "sims=6,leaf=value")...); err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"leaf=value,sims=6,cpuct=0.5", "sims=6,evaluator=" + eval.ShippedModel} {
		if _, _, err := run(t, "", append(base, "--a", a, "--resume")...); err != nil {
			t.Errorf("the same engine spelled otherwise (%s) was refused: %v", a, err)
		}
	}
	if _, _, err := run(t, "", append(base, "--a", "sims=7,leaf=value", "--resume")...); err == nil {
		t.Error("a side with other settings resumed the match")
	}
	rec, ok, err := dataset.ReadManifest(dir, "standard")
	if err != nil || !ok || !strings.Contains(string(rec.Engine), "a: sims=6,cpuct=0.5,leaf=value,") || !strings.Contains(string(rec.Engine), "evaluator="+eval.ShippedIdentity()) {
		t.Errorf("recorded engine %q (%v)", rec.Engine, err)
	}
}

// TestMatchRecordsWhichTablesPlayed: a side searching with endgame tables
// records what they hold (the rules and pieces, tablebase.Identity), not
// only their directory, in the match's record and its JSON; resumed after
// the directory came to hold other tables, the match is refused naming
// them.
func TestMatchRecordsWhichTablesPlayed(t *testing.T) {
	tb := filepath.Join(t.TempDir(), "tb")
	runOK(t, "tablebase", "build", "--pieces", "2", "--out", tb, "--quiet")
	dir := filepath.Join(t.TempDir(), "m")
	args := []string{"match", "--games", "2", "--out", dir, "--quiet", "--a", "sims=6,tablebase=" + tb, "--b", "sims=6"}
	out := runOK(t, append(args, "--json")...)
	var m struct {
		AEngine map[string]any `json:"a_engine"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	want := tablebase.Identity(tb, rules.DefaultRules())
	if !strings.HasSuffix(want, "up to 2 pieces") || m.AEngine["tables"] != want {
		t.Errorf("a_engine's tables %v, want %q", m.AEngine["tables"], want)
	}
	rec, ok, err := dataset.ReadManifest(dir, "standard")
	if err != nil || !ok || !strings.Contains(string(rec.Engine), "; tables: "+want+" | b: ") {
		t.Errorf("recorded engine %q (%v), want side a's tables %q", rec.Engine, err, want)
	}
	runOK(t, "tablebase", "build", "--pieces", "3", "--out", tb, "--quiet")
	_, _, err = run(t, "", append(args, "--resume")...)
	if err == nil || !strings.Contains(err.Error(), "--a tables: this run "+tablebase.Identity(tb, rules.DefaultRules())+", the match "+want) {
		t.Errorf("resumed with other tables in the directory: %v, want the tables named", err)
	}
}

// TestMatchOfOnePairClaimsNoInterval: one pair (or pairs that all scored
// the same) has no spread to make an interval from; the report says n/a
// in text and null with the reason in JSON instead of a zero-width one.
func TestMatchOfOnePairClaimsNoInterval(t *testing.T) {
	// Equal engines: the pair is split, not a sweep (which has its
	// one-sided bound).
	args := []string{"match", "--a", "sims=4,leaf=value", "--b", "sims=4,leaf=value", "--games", "2", "--quiet"}
	out := runOK(t, args...)
	if !regexp.MustCompile(`Elo A - B: \S+ \[95% CI n/a: one pair\], LOS n/a`).MatchString(out) {
		t.Errorf("one pair's report:\n%s", out)
	}
	js, _, err := run(t, "", append(args, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		EloCI []*float64 `json:"elo_ci"`
		LOS   *float64   `json:"los"`
		Note  string     `json:"elo_ci_note"`
	}
	if err := json.Unmarshal([]byte(js), &m); err != nil || len(m.EloCI) != 2 || m.EloCI[0] != nil || m.EloCI[1] != nil || m.LOS != nil || m.Note != "one pair" {
		t.Errorf("one pair's JSON (%v): %s", err, js)
	}
}

// TestMatchWithoutSidesIsRefused: a match given neither side (nor a
// budget for one) would play the default engine against itself and
// measure nothing, as it once did without a word; it is refused with what
// to give, and asking for it (--a ” --b ”) plays.
func TestMatchWithoutSidesIsRefused(t *testing.T) {
	want := "match needs its sides: with none of --a, --b, --go-a, --go-b both would be the default engine, " +
		"a match of the engine against itself; give the side to measure, e.g. --a sims=1600 (--b keeps the defaults), " +
		"or --a '' --b '' to play the defaults against themselves"
	if _, _, err := run(t, "", "match", "--games", "2", "--quiet"); err == nil || err.Error() != want {
		t.Errorf("match without sides: %v\nwant %s", err, want)
	}
	if _, _, err := run(t, "", "match", "--a", "", "--b", "", "--go", "sims 4", "--games", "2", "--quiet"); err != nil {
		t.Errorf("the defaults against themselves, asked for: %v", err)
	}
}

// TestMatchAgainstTheBaselines: --b random and --b first are sides (the
// built-in baselines), recorded by name, seeded by the match: the same
// --seed replays the same games; a budget of the baseline's own is refused.
func TestMatchAgainstTheBaselines(t *testing.T) {
	args := []string{"match", "--a", "sims=8,leaf=value", "--b", "random", "--games", "4", "--concurrency", "1", "--json", "--quiet"}
	type report struct {
		Games     int            `json:"games"`
		Wins      int            `json:"wins"`
		Draws     int            `json:"draws"`
		MeanPlies float64        `json:"mean_plies"`
		BEngine   map[string]any `json:"b_engine"`
		Costs     struct {
			A struct{ Moves, Nodes int64 } `json:"a"`
		} `json:"costs"`
	}
	var m [2]report
	for i := range m {
		out := runOK(t, args...)
		if err := json.Unmarshal([]byte(out), &m[i]); err != nil || m[i].Games != 4 || m[i].BEngine["baseline"] != "random" {
			t.Fatalf("a match against --b random (%v): %s", err, out)
		}
	}
	if m[0].Wins != m[1].Wins || m[0].Draws != m[1].Draws || m[0].MeanPlies != m[1].MeanPlies || m[0].Costs != m[1].Costs {
		t.Errorf("the same match against the random baseline played other games: %+v, then %+v", m[0], m[1])
	}
	text := runOK(t, "match", "--a", "first", "--b", "random", "--go", "sims 4", "--games", "2", "--quiet")
	if !strings.Contains(text, "A: first (baseline)") || !strings.Contains(text, "B: random (baseline)") {
		t.Errorf("the baselines' report does not name them:\n%s", text)
	}
	if _, _, err := run(t, "", "match", "--a", "sims=4", "--b", "random", "--go-b", "sims 4", "--games", "2", "--quiet"); err == nil ||
		!strings.Contains(err.Error(), "does not search") {
		t.Errorf("--go-b for a baseline: %v", err)
	}
}

// TestMatchOnAGameClock: --tc plays on a clock kept by the match: an
// external engine gets go with both clocks (redtime ... blackinc) and a
// built-in side its share of its own; the side's settings record the
// clock, so --resume refuses another; a clock with a budget a move is
// refused.
func TestMatchOnAGameClock(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	out := runOK(t, "match", "--a", "engine:"+childCommand(t, "engine --leaf value"), "--b", "leaf=value", "--tc", "1+0.05",
		"--games", "2", "--concurrency", "1", "--log", log, "--out", filepath.Join(dir, "m"), "--json", "--quiet")
	var m struct {
		Games   int            `json:"games"`
		BEngine map[string]any `json:"b_engine"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil || m.Games != 2 || m.BEngine["tc"] != "1+0.05" || m.BEngine["sims"] != nil {
		t.Fatalf("a match on a 1+0.05 clock (%v): %s", err, out)
	}
	sent, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`> go redtime \d+ blacktime \d+ redinc 50 blackinc 50`).Match(sent) || !strings.Contains(string(sent), "> go redtime 1000 blacktime 1000 ") &&
		!regexp.MustCompile(`> go redtime \d+ blacktime 1000 `).Match(sent) {
		t.Errorf("the external engine was not sent the clocks:\n%s", sent)
	}
	if _, _, err := run(t, "", "match", "--a", "leaf=value", "--b", "random", "--tc", "1+0.05", "--games", "2", "--out", filepath.Join(dir, "m"), "--resume", "--quiet"); err == nil {
		t.Error("--resume continued a match on a clock with other sides")
	}
	if _, _, err := run(t, "", "match", "--a", "sims=4", "--b", "random", "--tc", "1+0.05", "--go", "sims 4", "--games", "2", "--quiet"); err == nil ||
		!strings.Contains(err.Error(), "drop --go") {
		t.Errorf("--tc with --go: %v", err)
	}
	if _, _, err := run(t, "", "match", "--a", "sims=4", "--b", "random", "--tc", "fast", "--games", "2", "--quiet"); err == nil ||
		!strings.Contains(err.Error(), "--tc") {
		t.Errorf("--tc fast: %v", err)
	}
}

// TestMatchPlaysAlquerque: match --game alquerque plays Alquerque's games
// between built-in sides (its positions for --fen, its players in the
// report) and with an external engine of Alquerque (surakarta engine
// --game alquerque, over the protocol), refuses an engine of another game
// (id game) before the first game and endgame tables, which are
// Surakarta's, words its refusals in Alquerque's words (whitetime, its
// node minimum), and records its games with --out, resumed with more games
// and read by stats.
func TestMatchPlaysAlquerque(t *testing.T) {
	fen := "bbbbb/bbbbb/bb1ww/wwwww/wwwww w 0 1"
	out, _, err := run(t, "", "match", "--game", "alquerque", "--a", "sims=40", "--b", "sims=10,leaf=value", "--fen", fen, "--games", "2", "--quiet")
	if err != nil || !strings.Contains(out, "1 pair, from "+fen+", 0 plies of random opening") || !strings.Contains(out, "A as white: ") {
		t.Fatalf("match --game alquerque (%v):\n%s", err, out)
	}
	out, _, err = run(t, "", "match", "--game", "alquerque", "--a", "engine:"+childCommand(t, "engine --game alquerque --sims 20"), "--b", "sims=20", "--games", "2", "--quiet")
	if err != nil || !strings.Contains(out, "A: engine:") || !strings.Contains(out, "A as white: ") {
		t.Fatalf("match --game alquerque with an external engine (%v):\n%s", err, out)
	}
	runFails(t, "plays surakarta (id game), and this is a match of alquerque", "match", "--game", "alquerque", "--a", "engine:"+childCommand(t, "engine --preset baseline --tablebase= --sims 20"), "--games", "2")
	runFails(t, "--fen: position board \"bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr\" has 6 ranks: want 5", "match", "--game", "alquerque", "--a", "sims=4", "--games", "2", "--fen", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1")
	runFails(t, "--a: tablebase=/tables: alquerque has no endgame tables", "match", "--game", "alquerque", "--a", "sims=4,tablebase=/tables", "--games", "2")
	// Alquerque's words, not Surakarta's: its clock's players, its node minimum.
	runFails(t, `--a: "sims=100" sets sims and --tc "whitetime 1000 blacktime 1000 whiteinc 100 blackinc 100" sets the budget too`, "match", "--game", "alquerque", "--a", "sims=100", "--tc", "1+0.1", "--games", "2")
	runFails(t, "--a: max_nodes 100: alquerque needs at least 1112 node slots", "match", "--game", "alquerque", "--a", "max_nodes=100", "--games", "2")
	dir := filepath.Join(t.TempDir(), "alq")
	runOK(t, "match", "--game", "alquerque", "--a", "sims=20", "--b", "random", "--games", "4", "--out", dir, "--quiet")
	if _, errOut, err := run(t, "", "match", "--game", "alquerque", "--a", "sims=20", "--b", "random", "--games", "6", "--out", dir, "--resume", "--quiet"); err != nil || !strings.Contains(errOut, "resuming: 4 of 6 games already recorded") {
		t.Fatalf("match --game alquerque --resume with two more games (%v):\n%s", err, errOut)
	}
	if out := runOK(t, "stats", dir); !strings.Contains(out, "6 games") || !strings.Contains(out, "alquerque/standard") {
		t.Errorf("stats of a recorded Alquerque match:\n%s", out)
	}
	runFails(t, `--game "chess": want surakarta or alquerque`, "match", "--game", "chess", "--a", "sims=4", "--games", "2")
}
