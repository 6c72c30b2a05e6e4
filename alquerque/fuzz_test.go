package alquerque_test

// Native fuzz tests for the two parsers. Under plain `go test` they run
// their seed corpus; run one for real with, e.g.,
//
//	go test -run '^$' -fuzz '^FuzzParsePosition$' -fuzztime 60s ./alquerque

import (
	"testing"

	"github.com/surakarta/surakarta/alquerque"
)

func FuzzParsePosition(f *testing.F) {
	for _, tc := range ruleCases {
		f.Add(tc.text)
	}
	for _, tc := range textErrorCases {
		f.Add(tc.in)
	}
	f.Add("wbwbw/bwbwb/wbwb1/bwbwb/1bwbw b 65535 65535")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := alquerque.ParsePosition(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParsePosition(%q): empty error", s)
			}
			return
		}
		// Accepted input is canonical: its text is the input, byte for byte.
		if got := p.Text(); got != s {
			t.Fatalf("ParsePosition(%q).Text() = %q", s, got)
		}
		// Any position the parser accepts is one the generator handles as
		// the reference does: the fuzzer doubles as a search for
		// disagreements.
		checkAgainstReference(t, p, &coverage{})
	})
}

func FuzzParseMove(f *testing.F) {
	for _, tc := range ruleCases {
		for _, m := range tc.want {
			f.Add(tc.text, m)
		}
	}
	f.Add("5/5/5/1bb2/wb3 w 0 1", "a1xc3xc1xa1")
	f.Add("5/5/5/1bb2/wb3 w 0 1", "a1xc3xc1")
	f.Add("5/5/5/1bb2/wb3 w 0 1", "a1xc1xc3xa1xc1")
	f.Add(alquerque.StartText, "c2-c3")
	f.Add(alquerque.StartText, "c2-c3-c4")
	f.Add(alquerque.StartText, "e5xe3")
	f.Add(alquerque.StartText, "x")
	f.Fuzz(func(t *testing.T, text, s string) {
		p, err := alquerque.ParsePosition(text)
		if err != nil {
			return
		}
		m, err := alquerque.ParseMove(&p, s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParseMove(%q): empty error", s)
			}
			return
		}
		// What the parser accepts is a legal move, written by a path the
		// parser reads back as the same move.
		if !p.IsLegal(m) {
			t.Fatalf("%s: ParseMove(%q) = %v, not legal", text, s, m)
		}
		back, err := alquerque.ParseMove(&p, p.MoveString(m))
		if err != nil || back != m {
			t.Fatalf("%s: %q written %q, parsed back as %v, %v", text, s, p.MoveString(m), back, err)
		}
	})
}
