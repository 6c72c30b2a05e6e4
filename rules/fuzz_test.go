package rules

// Native fuzz tests for the three parsers. Under plain `go test` they run
// their seed corpus (the f.Add calls plus testdata/fuzz/<Name>/); run one
// for real with, e.g.,
//
//	go test -run '^$' -fuzz '^FuzzParseFEN$' -fuzztime 60s ./rules

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// refused reports whether a parser refused s, failing t if it said no
// more than that: every refusal names its reason.
func refused(t *testing.T, parser, s string, err error) bool {
	t.Helper()
	if err != nil && err.Error() == "" {
		t.Fatalf("%s(%q): empty error", parser, s)
	}
	return err != nil
}

func FuzzParseFEN(f *testing.F) {
	for _, tc := range ruleCases {
		f.Add(tc.fen)
	}
	for _, tc := range fenErrorCases {
		f.Add(tc.in)
	}
	f.Add("rbrbrb/brbrbr/6/6/rbrbrb/brbrbr r 65535 65535")
	f.Add("6/6/6/6/6/6 b 0 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if refused(t, "ParseFEN", s, err) {
			return
		}
		// Accepted input is canonical: format(parse(x)) == x, byte for byte.
		if got := p.FEN(); got != s {
			t.Fatalf("ParseFEN(%q).FEN() = %q", s, got)
		}
		back, err := ParseFEN(p.FEN())
		if err != nil || back != p {
			t.Fatalf("ParseFEN(FEN()) of %q = %+v, %v; want %+v", s, back, err, p)
		}
		// Any position the parser accepts is one the generators handle: the
		// fuzzer doubles as a search for generator disagreements.
		k := refChecker{rng: rand.New(rand.NewPCG(1, 2))}
		if errs := k.check(p, false); len(errs) > 0 {
			t.Fatalf("%q:\n  %s", s, strings.Join(errs, "\n  "))
		}
	})
}

func FuzzParseMove(f *testing.F) {
	seeds := []struct{ fen, move string }{
		{StartFEN, "a2-a3"},
		{StartFEN, "a5-a4"},
		{StartFEN, "a2xa5"},
		{StartFEN, "a2-a4"},
		{StartFEN, ""},
		{StartFEN, "g9-a1"},
		{"6/6/6/6/1rb3/6 r 0 1", "b2xc2"},
		{"6/6/6/6/1rb3/6 r 0 1", "b2xc2[bottom-left]"},
		{"6/6/6/6/1rb3/6 r 0 1", "b2xc2[top-left,top-right,bottom-right]"},
		{"6/6/6/6/1rb3/6 r 0 1", "b2xc2[top-left]"},
		{"6/6/6/6/1rb3/6 r 0 1", "b2xc2[bottom-left"},
		{"6/6/6/6/1rb3/6 r 0 1", "b2xc2[]"},
		{"6/6/6/6/1rb3/6 r 0 1", "b2xc2[bottom-left,]"},
		{"6/6/6/1r4/3b2/6 r 0 1", "b3xd2[bottom-right]"},
		{"2b3/6/6/r5/6/2r3 r 0 1", "a3xc6[bottom-right,top-right,top-left]"},
		{"not a fen", "a2-a3"},
	}
	for _, s := range seeds {
		f.Add(s.fen, s.move)
	}
	f.Fuzz(func(t *testing.T, fen, s string) {
		p, err := ParseFEN(fen)
		if err != nil {
			p = Start()
		}
		m, err := ParseMove(&p, s)
		if refused(t, "ParseMove", s, err) {
			return
		}
		if !p.IsLegal(m) || !slices.Contains(p.GenerateMoves(nil), m) {
			t.Fatalf("ParseMove(%q) in %q accepted %v, which is not a legal move", s, p.FEN(), m)
		}
		// format(parse(x)) == x: the input is the move's points, or a
		// capture's points with the loop list of one of its routes; the
		// canonical spelling is MoveString.
		if s != m.String() {
			ok := false
			for _, r := range p.Routes(m) {
				if s == m.String()+"["+loopNames(r)+"]" {
					ok = true
				}
			}
			if !ok {
				t.Fatalf("ParseMove(%q) accepted a spelling that is neither %q nor one of its routes", s, m.String())
			}
		}
		// parse(format(m)) == m, for both spellings.
		for _, text := range []string{p.MoveString(m), m.String()} {
			if back, err := ParseMove(&p, text); err != nil || back != m {
				t.Fatalf("ParseMove(%q) = %v, %v; want %v", text, back, err, m)
			}
		}
	})
}

func FuzzParseRules(f *testing.F) {
	for _, s := range []string{
		"",
		"variant=majority",
		"variant=standard,no-capture-limit=50,repetition=3,no-moves=loss",
		"no-moves=draw,repetition=0,no-capture-limit=0,variant=majority",
		"no-capture-limit=65535",
		"no-capture-limit=65536",
		"no-capture-limit=+50",
		"no-capture-limit=050",
		"repetition=1",
		"variant=majority,variant=majority",
		"variant",
		"variant=majority,",
		",",
		"colour=red",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRules(s)
		if refused(t, "ParseRules", s, err) {
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("ParseRules(%q) accepted invalid %+v: %v", s, r, err)
		}
		// parse(format(r)) == r, and the format is a fixed point.
		back, err := ParseRules(r.String())
		if err != nil || back != r || back.String() != r.String() {
			t.Fatalf("ParseRules(%q) = %+v, %v; want %+v", r.String(), back, err, r)
		}
		// format(parse(x)) == x setting by setting: every key=value of the
		// input appears verbatim in the output (which adds the defaults of
		// missing keys and fixes the order).
		if s == "" {
			return
		}
		out := strings.Split(r.String(), ",")
		for _, kv := range strings.Split(s, ",") {
			if !slices.Contains(out, kv) {
				t.Fatalf("ParseRules(%q) accepted %q, but String() = %q does not contain it", s, kv, r.String())
			}
		}
	})
}
