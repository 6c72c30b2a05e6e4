package words

import "testing"

func TestCountAgreesWithTheNumber(t *testing.T) {
	for _, c := range []struct {
		n    int64
		noun string
		want string
	}{
		{0, "game", "0 games"}, {1, "game", "1 game"}, {2, "game", "2 games"},
		{1, "ply", "1 ply"}, {3, "ply", "3 plies"}, {2, "opening ply", "2 opening plies"},
		{2, "day", "2 days"}, {2, "row group", "2 row groups"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

func TestPluralPicksByNumber(t *testing.T) {
	if Plural(1, "was", "were") != "was" || Plural(0, "was", "were") != "were" || Plural(int64(2), "was", "were") != "were" {
		t.Error("Plural picked the wrong form")
	}
}

func TestBytesUsesBinaryUnits(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1536: "1.5 KiB", 3 << 20: "3.00 MiB", 5 << 30: "5.00 GiB"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestShellWordQuotesOnlyWhatTheShellWouldSplitOrExpand(t *testing.T) {
	for in, want := range map[string]string{
		"100":               "100",
		"material":          "material",
		"":                  "''",
		"weights sha256:ab": "'weights sha256:ab'",
		"it's":              `'it'\''s'`,
		"$HOME":             "'$HOME'",
		"a/b.json":          "a/b.json",
	} {
		if got := ShellWord(in); got != want {
			t.Errorf("ShellWord(%q) = %s, want %s", in, got, want)
		}
	}
}
