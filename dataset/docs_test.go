package dataset

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// docColumns returns the column names of the first Markdown table under
// the section of docs/DATASET.md whose heading starts with heading: each
// row's first cell, backquotes removed.
func docColumns(t *testing.T, doc, heading string) []string {
	t.Helper()
	_, after, ok := strings.Cut(doc, "\n## "+heading)
	if !ok {
		t.Fatalf("docs/DATASET.md has no section %q", heading)
	}
	section, _, _ := strings.Cut(after, "\n## ")
	var out []string
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		out = append(out, strings.Trim(strings.TrimSpace(cells[1]), "`"))
	}
	return out
}

// TestDatasetDocsListEveryColumnInOrder ties docs/DATASET.md's column
// tables to the column tables the writers and readers use.
func TestDatasetDocsListEveryColumnInOrder(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "docs", "DATASET.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, c := range []struct {
		heading string
		want    []string
	}{
		{"positions:", tableColumns(positionColumns)},
		{"games:", tableColumns(gameColumns)},
	} {
		if got := docColumns(t, doc, c.heading); !slices.Equal(got, c.want) {
			t.Errorf("docs/DATASET.md section %q lists the columns\n  %v\nthe table has\n  %v", c.heading, got, c.want)
		}
	}
}
