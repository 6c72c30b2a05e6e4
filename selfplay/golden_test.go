package selfplay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/base/version"
	"github.com/surakarta/surakarta/rules"
)

// TestMain pins the revision every footer records, which otherwise follows
// the source tree's commit, so that the golden digest holds on any commit.
func TestMain(m *testing.M) {
	version.Revision = "golden"
	os.Exit(m.Run())
}

// goldenPartsSHA256 is the SHA-256 over the names and bytes of every
// Parquet part of goldenRun's dataset. The datasets of a seed must not
// change when the code that writes them is reorganised: a change here means
// every earlier dataset differs from a new run of the same settings.
// (Last changed on purpose by schema version 3 of issue 30: the files gain
// the game and outcome columns, partitions move to game=surakarta/, and
// the footers say version 3 and name the game; the rows are the same
// field by field. Before that by the proof distances of issue 22: a won
// position plays its shortest proven win, a lost one its longest proven
// loss, and a root proven won keeps searching while a shorter win may
// exist, so games that reach a proof end differently. Before that by schema
// version 2 of issue 24: the files gain the run_id column and the policy
// entries' moves, and their footers say version 2; and by the
// colour-symmetric search of issue 12: the seeded order of the children and
// move generation in the side to move's frame change every game after its
// random opening.)
const goldenPartsSHA256 = "9e763e99cb85010c022c9b4d60e10d0f4f94601ff35338ef4f184d95750c3368"

// goldenRun writes a small two-variant dataset with parts of several games.
func goldenRun(t *testing.T, dir string) {
	t.Helper()
	for _, v := range []rules.Variant{rules.Standard, rules.Majority} {
		cfg := testConfig(dir, 7, 2)
		cfg.Rules.Variant = v
		mustRun(t, context.Background(), cfg)
	}
}

// partsDigest hashes the relative path and content of every *.parquet file
// under dir in name order; commit records and manifests are left out.
func partsDigest(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".parquet") {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		h.Write([]byte(filepath.ToSlash(rel) + "\n"))
		h.Write(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func TestDatasetBytesOfASeedAreUnchanged(t *testing.T) {
	dir := t.TempDir()
	goldenRun(t, dir)
	if got := partsDigest(t, dir); got != goldenPartsSHA256 {
		t.Fatalf("the Parquet parts of the golden run hash to %s, want %s: the same seed and settings no longer give the same files", got, goldenPartsSHA256)
	}
}
