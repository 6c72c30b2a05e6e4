package words

import (
	"fmt"
	"strings"
)

// Count writes n and a noun that agrees with it: "1 game", "2 games",
// "1 ply", "3 plies" (a noun in consonant-y takes -ies).
func Count[N int | int64](n N, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	if stem, ok := strings.CutSuffix(noun, "y"); ok && !strings.ContainsAny(stem[len(stem)-1:], "aeiou") {
		return fmt.Sprintf("%d %sies", n, stem)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Plural returns one when n is 1, else many.
func Plural[N int | int64](n N, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Bytes writes a size in binary units: "512 B", "1.5 KiB", "2.25 MiB".
func Bytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// ShellWord writes v as one word of a POSIX shell command line: as it is
// when it needs no quoting, else in single quotes (an empty v too).
func ShellWord(v string) string {
	if v != "" && !strings.ContainsAny(v, " \t\n'\"\\$`*?[]{}()<>|&;#~") {
		return v
	}
	return "'" + strings.ReplaceAll(v, "'", `'\''`) + "'"
}
