package archtest

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"testing"
)

// maxPackageLines is the house's bound on a package's non-test lines
// (issue 32: "no package over 4k non-test lines"): a package past it has
// more than one job, and the part that is not its own goes to the package
// of its layer.
const maxPackageLines = 4000

// bigPackages are the packages allowed over maxPackageLines, each by its
// directory with why, as longFuncs lists functions.
var bigPackages = map[string]string{
	// cmd/surakarta left the list on 3 December: 4,643 lines before issue
	// 32 moved the commands' logic into packages (positions, completion,
	// tablebase.Resolver, the pipeline's defaults, ...) and their constant
	// help prose into cmd/surakarta/help/*.txt; 3,906 after.
}

// TestNoPackageIsOverFourThousandLines counts the non-test lines of every
// package of the module (its directory's .go files but the tests) and
// lists each package over maxPackageLines that bigPackages does not name,
// and logs each exception that no longer applies.
func TestNoPackageIsOverFourThousandLines(t *testing.T) {
	lines := map[string]int{}
	eachSource(t, func(rel string, src []byte) error {
		lines[path.Dir(rel)] += strings.Count(string(src), "\n")
		return nil
	})
	var big []string
	for pkg, n := range lines {
		if _, ok := bigPackages[pkg]; n > maxPackageLines && !ok {
			big = append(big, fmt.Sprintf("%s: %d non-test lines", pkg, n))
		}
	}
	slices.Sort(big)
	for _, b := range big {
		t.Errorf("%s, over the house's %d a package: move what is not its job to the package of its layer", b, maxPackageLines)
	}
	for _, pkg := range slices.Sorted(maps.Keys(bigPackages)) {
		if lines[pkg] <= maxPackageLines {
			t.Logf("%s has %d non-test lines, no longer over %d (or is no longer there): delete it from the exceptions", pkg, lines[pkg], maxPackageLines)
		}
	}
}
