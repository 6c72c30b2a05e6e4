package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// transcript is a session of docs/PROTOCOL.md's "A full session": the
// command line of the engine and the lines each way.
type transcript struct {
	args  []string
	sent  []string
	lines []transcriptLine
}

// transcriptLine is one line of the session, sent (">") or received
// ("<"), or the elision "..." that stands for lines of the same kind as
// the one before it.
type transcriptLine struct {
	sent, elided bool
	text         string
}

// readTranscript reads a session from docs/PROTOCOL.md, the one under
// heading: the engine's command line from "This is `surakarta engine
// ARGS`:" and the lines of the fenced block after it.
func readTranscript(t *testing.T, heading string) transcript {
	t.Helper()
	b, err := os.ReadFile("../../docs/PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), heading+"\n")
	if !ok {
		t.Fatalf("docs/PROTOCOL.md has no %q", heading)
	}
	m := regexp.MustCompile("This is `surakarta engine([^`]*)`:").FindStringSubmatch(rest)
	if m == nil {
		t.Fatal("docs/PROTOCOL.md's session does not say the engine's command line (This is `surakarta engine ...`:)")
	}
	_, block, _ := strings.Cut(rest, "```\n")
	block, _, _ = strings.Cut(block, "```")
	tr := transcript{args: strings.Fields(m[1])}
	for _, l := range strings.Split(strings.TrimSuffix(block, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "> "):
			tr.sent = append(tr.sent, l[2:])
			tr.lines = append(tr.lines, transcriptLine{sent: true, text: l[2:]})
		case strings.HasPrefix(l, "< "):
			tr.lines = append(tr.lines, transcriptLine{text: l[2:]})
		case strings.HasPrefix(strings.TrimSpace(l), "..."):
			tr.lines = append(tr.lines, transcriptLine{elided: true})
		default:
			t.Fatalf("docs/PROTOCOL.md's session: line %q is neither sent (>), received (<) nor elided (...)", l)
		}
	}
	return tr
}

var (
	clockGo   = regexp.MustCompile(`^go (\S+ \d+ )*\S+time \d+`)
	timeField = regexp.MustCompile(` time \d+`)
	infoLine  = regexp.MustCompile(`^info sims \d+ nodes \d+( time \d+)? value -?\d+\.\d{4} pv( \S+)+$`)
)

// TestProtocolDocTranscriptReproduces: the session in docs/PROTOCOL.md is
// what `surakarta engine` answers to its exact lines, so the page cannot go
// stale. Everything must match to the character except what the page says
// varies from run to run: times, and the search of a movetime budget, of a
// clock or of a search cut short by stop, whose info line must only have the form of
// one and whose bestmove only be a move.
func TestProtocolDocTranscriptReproduces(t *testing.T) {
	checkTranscript(t, readTranscript(t, "## A full session"))
}

// TestProtocolDocAlquerqueTranscriptReproduces: the page's session of
// Alquerque is what `surakarta engine --game alquerque` answers, as
// TestProtocolDocTranscriptReproduces checks Surakarta's: positions and
// moves in Alquerque's notation, id game alquerque.
func TestProtocolDocAlquerqueTranscriptReproduces(t *testing.T) {
	checkTranscript(t, readTranscript(t, "## A session of Alquerque"))
}

// checkTranscript sends tr's lines at once to surakarta engine with tr's
// arguments and checks its answers against tr's.
func checkTranscript(t *testing.T, tr transcript) {
	t.Helper()
	out, _, err := run(t, strings.Join(tr.sent, "\n")+"\n", append([]string{"engine"}, tr.args...)...)
	if err != nil {
		t.Fatalf("surakarta engine %s: %v", strings.Join(tr.args, " "), err)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	varies := false // the search running now is timed or stopped
	elided := ""    // after "...": the kind of line it stands for
	prefix := ""    // the kind of the last line received
	for i, l := range tr.lines {
		switch {
		case l.sent:
			stopped := i+1 < len(tr.lines) && tr.lines[i+1].sent && tr.lines[i+1].text == "stop"
			timed := clockGo.MatchString(l.text) // movetime, or a clock in any game's words
			varies = strings.HasPrefix(l.text, "go ") && (timed || stopped) ||
				varies && l.text == "stop"
			continue
		case l.elided:
			elided = prefix
			continue
		}
		want := l.text
		// The lines an elision stands for are of its kind and precede the
		// page's next line.
		for elided != "" && len(got) > 0 && got[0] != want && strings.HasPrefix(got[0], elided) {
			got = got[1:]
		}
		elided = ""
		if len(got) == 0 {
			t.Fatalf("the engine stopped answering; the page goes on with %q", want)
		}
		line := got[0]
		got = got[1:]
		prefix, _, _ = strings.Cut(want, " ")
		prefix += " "
		switch {
		case varies && strings.HasPrefix(want, "info "):
			if !infoLine.MatchString(line) {
				t.Errorf("the engine said %q, not an info line of the page's form %q", line, want)
			}
		case varies && strings.HasPrefix(want, "bestmove "):
			if !strings.HasPrefix(line, "bestmove ") {
				t.Errorf("the engine said %q, want a bestmove like the page's %q", line, want)
			}
		default:
			// A time is left out when it rounds to 0 ms, so its absence varies too.
			if timeField.ReplaceAllString(line, "") != timeField.ReplaceAllString(want, "") {
				t.Errorf("docs/PROTOCOL.md's session says %q, the engine said %q", want, line)
			}
		}
	}
	if len(got) > 0 {
		t.Errorf("the engine said more than the page shows: %q", got)
	}
}
