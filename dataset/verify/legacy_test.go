package verify

import (
	"context"
	"path/filepath"
	"testing"
)

// TestEarlierDatasetsVerify: the self-play datasets of schema versions 1
// and 2 (dataset's fixtures, testdata/schema-v1 and schema-v2, whose
// legacy_test.go says how they were written) verify complete, every game
// replayed: verify reads the layouts and rows of earlier versions as
// dataset reads them.
func TestEarlierDatasetsVerify(t *testing.T) {
	for _, v := range []string{"schema-v1", "schema-v2"} {
		dir := filepath.Join("..", "testdata", v, "selfplay")
		rep, err := Verify(context.Background(), dir, Options{Complete: true})
		if err != nil || !rep.OK() || rep.Games != 8 {
			t.Fatalf("verify of %s: %v, %+v", dir, err, rep)
		}
	}
}
