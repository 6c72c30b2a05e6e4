package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/dataset/verify"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/internal/base/setting"
)

// verifyRecord is what OUT/verify.json holds.
type verifyRecord struct {
	Fingerprint string   `json:"fingerprint"`
	Files       int      `json:"files"`
	Games       int64    `json:"games"`
	Positions   int64    `json:"positions"`
	Variants    []string `json:"variants"`
}

// verify checks the dataset with verify.Verify, unless verify.json shows
// that these very files passed already.
func (p *runner) verify(ctx context.Context) (string, string, error) {
	c := &p.cfg
	data := c.path(DataDir)
	ins, err := verify.Inspect(data)
	if err != nil {
		return "", "", err
	}
	fp, err := fingerprint(ins)
	if err != nil {
		return "", "", err
	}
	games := map[string]int64{}
	positions := map[string]int64{}
	for _, part := range ins.Partitions {
		if part.Table == dataset.TableGames {
			games[part.Variant] = part.Games
		} else {
			positions[part.Variant] = part.Rows
		}
	}
	for _, v := range Variants {
		k := c.key(v)
		if games[k] != c.Run.Games {
			return "", "", setting.Errorf("%s holds %d of the %d %s games after self-play: run the same command with %s to play the rest",
				data, games[k], c.Run.Games, v, setting.Key("resume"))
		}
		p.sum.Variants = append(p.sum.Variants, VariantFigures{Variant: k, Games: games[k], Positions: positions[k]})
	}
	out := c.path(VerifyFile)
	var rec verifyRecord
	if c.Run.Resume && atomicfile.ReadJSON(out, &rec) == nil && rec.Fingerprint == fp {
		p.sum.Verified = VerifySummary{Path: out, Games: rec.Games, Positions: rec.Positions, Files: rec.Files}
		return Skipped, out, nil
	}
	var total int64
	for _, n := range games {
		total += n
	}
	p.logf("verify: replaying %d games with the rules core", total)
	rep := progress.Start(p.log, progress.Options{Unit: "games", Total: total, Quiet: c.Quiet})
	var last int64
	res, err := verify.Verify(ctx, data, verify.Options{Progress: func(n int64) { rep.Add(n - last); last = n }})
	rep.Stop()
	if err != nil && ctx.Err() != nil { // in words, not Go's "context canceled"
		return "", "", setting.Errorf("verify interrupted: run the same command with %s: the finished stages are kept and the data is verified again", setting.Key("resume"))
	}
	if err != nil {
		return "", "", err
	}
	if !res.OK() {
		n := len(res.Problems) + res.Omitted
		shown := res.Problems
		if len(shown) > 3 {
			shown = shown[:3]
		}
		return "", "", fmt.Errorf("dataset verify found %d problems in %s, first:\n  %s\nrun surakarta dataset verify %s for the list; data that fails verification must be deleted and played again",
			n, data, strings.Join(shown, "\n  "), data)
	}
	rec = verifyRecord{Fingerprint: fp, Files: res.Files, Games: res.Games, Positions: res.Positions, Variants: res.Variants}
	if err := atomicfile.WriteJSON(out, rec); err != nil {
		return "", "", err
	}
	p.sum.Verified = VerifySummary{Path: out, Games: rec.Games, Positions: rec.Positions, Files: rec.Files}
	return Ran, out, nil
}

// fingerprint identifies the data files: their paths, sizes and rows. Parts
// are written once and never changed, so equal fingerprints mean the same
// data.
func fingerprint(ins *verify.Inspection) (string, error) {
	var lines []string
	for _, part := range ins.Partitions {
		for _, f := range part.Files {
			if f.Err != nil {
				return "", fmt.Errorf("%s: %w", f.Path, f.Err)
			}
			rel, err := filepath.Rel(ins.Dir, f.Path)
			if err != nil {
				rel = f.Path
			}
			lines = append(lines, fmt.Sprintf("%s %d %d", filepath.ToSlash(rel), f.Size, f.Rows))
		}
	}
	sort.Strings(lines)
	h := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(h[:]), nil
}
