package verify

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/base/setting"
)

// checkLayout reports, through addf, what in a variant partition of both
// of its run's tables (games, and positions or matches) changes what a
// reader reads: unexpected files, parts that miss a table, parts whose
// bytes differ from their commit record, and parts without a record in a
// partition whose other parts have one. With gamesOnly, a partition
// without any file of its other table (an experiment's summary data) is no
// problem.
func checkLayout(ps *dataset.Layout, dir, variant string, gamesOnly bool, addf func(string, ...any)) {
	gamesOnly = gamesOnly && len(ps.Other.Parts) == 0
	for _, u := range append(ps.Games.Unexpected, ps.Other.Unexpected...) {
		addf("%s", unexpectedProblem(u))
	}
	recorded := len(ps.Games.Commits) > 0
	for _, p := range ps.ByFirst {
		switch {
		case p.Games.Path == "" && p.Other.Path == "":
			addf("%s: commit record of a part whose files are missing", p.Commit)
		case p.Games.Path == "":
			addf("%s: %s part without its games part", p.Other.Path, ps.Table)
			reportUnreadable(p.Other.Path, addf)
		case p.Other.Path == "" && gamesOnly:
		case p.Other.Path == "":
			addf("%s: games part without its %s part", p.Games.Path, ps.Table)
			reportUnreadable(p.Games.Path, addf)
		case p.Commit != "":
			for _, msg := range p.CheckCommit(ps.Table) {
				addf("%s", msg)
			}
		case recorded:
			// Parts written by earlier versions have no commit record; in
			// a partition with records, a missing one was lost or removed.
			addf("%s: no commit record (%s) although the partition's other parts have one: resume the run to check and record it",
				p.Games.Path, filepath.Base(dataset.CommitPath(dir, variant, p.First)))
		}
	}
}

// reportUnreadable reports a file that cannot be opened.
func reportUnreadable(path string, addf func(string, ...any)) {
	f, err := dataset.Open(path)
	if err != nil {
		addf("%v", err)
		return
	}
	f.Close()
}

// Check returns, without replaying a game, the problems of dataset dir
// that change what a reader of its tables reads: files that do not belong
// in a partition, parts that miss a table (a dataset of games alone is
// fine), parts whose bytes differ from
// their commit record, unreadable files, footers of another run or
// variant than the partition's, and game ranges held twice. It hashes every file and
// decodes only footers. Verify reports all of these too; commands that
// read a dataset refuse one with problems unless told otherwise.
func Check(dir string) ([]string, error) {
	vs, err := dataset.VariantsOrAll(dir, "")
	if err != nil {
		return nil, err
	}
	var out []string
	// A file unreadable both as a part and as a footer is one problem:
	// Verify counts it once, and so does Check.
	seen := map[string]bool{}
	addf := func(format string, args ...any) {
		if msg := fmt.Sprintf(format, args...); !seen[msg] {
			seen[msg] = true
			out = append(out, msg)
		}
	}
	for _, v := range vs {
		ps, err := dataset.ReadLayout(dir, v)
		if err != nil {
			return nil, err
		}
		checkLayout(ps, dir, v, true, addf)
		run, haveRun, err := dataset.ReadManifest(dir, v)
		if err != nil {
			addf("%v", err)
		}
		last, lastPath := int64(-1), ""
		for _, p := range ps.ByFirst {
			for _, path := range []string{p.Games.Path, p.Other.Path} {
				if path == "" {
					continue
				}
				f, err := dataset.Open(path)
				if err != nil {
					addf("%v", err)
					continue
				}
				m := f.Meta
				f.Close()
				if !haveRun {
					run, haveRun = m.Run, true
				}
				if d := m.Run.Diff(run); d != "" {
					addf("%s: footer disagrees with the partition's run (%s)", path, d)
				}
				checkFooterVariant(path, m.Run, v, addf)
				if path == p.Games.Path {
					if m.FirstGame <= last {
						addf("%s: game ids %d..%d overlap %s (up to %d): duplicate games", path, m.FirstGame, m.LastGame, lastPath, last)
					}
					if m.LastGame > last {
						last, lastPath = m.LastGame, path
					}
				}
			}
		}
	}
	return out, nil
}

// CheckPool checks that datasets may be pooled into one population. For
// each variant, two datasets must not hold games of one run (the same
// settings and seed) with overlapping ids: they would count twice; and
// runs pooled must share their settings, the seed aside, unless
// allowMixed: mixed then describes each difference, for the result to be
// labelled.
func CheckPool(dirs []string, allowMixed bool) (mixed []string, err error) {
	type held struct {
		dir    string
		run    dataset.Run
		ranges []dataset.Range
	}
	byVariant := map[string][]held{}
	var variants []string
	for _, d := range dirs {
		in, err := Inspect(d)
		if err != nil {
			return nil, err
		}
		for _, p := range in.Partitions {
			if p.Table != dataset.TableGames {
				continue
			}
			run, ok := in.Manifests[p.Variant]
			if !ok && len(p.Files) > 0 {
				run = p.Files[0].Meta.Run
			}
			if byVariant[p.Variant] == nil {
				variants = append(variants, p.Variant)
			}
			byVariant[p.Variant] = append(byVariant[p.Variant], held{d, run, p.Ranges})
		}
	}
	for _, v := range variants {
		hs := byVariant[v]
		for i := range hs {
			for _, o := range hs[:i] {
				a, b := hs[i], o
				if a.run.Diff(b.run) == "" {
					if r, ok := overlapOf(a.ranges, b.ranges); ok {
						return nil, fmt.Errorf("%s and %s both hold games %d..%d of one %s run (seed %d): pooled, they would count twice; pool datasets of other seeds or other games",
							b.dir, a.dir, r.First, r.Last, v, a.run.Seed)
					}
					continue
				}
				sa, sb := a.run, b.run
				sa.Seed, sb.Seed, sa.GameIDs, sb.GameIDs = 0, 0, "", ""
				if ds := sa.Diffs(sb); len(ds) > 0 {
					words := make([]string, len(ds))
					for i, x := range ds {
						words[i] = fmt.Sprintf("%s: %s has %q, %s has %q", x.Setting, a.dir, x.Mine, b.dir, x.Have)
					}
					d := strings.Join(words, "; ")
					if !allowMixed {
						return nil, setting.Errorf("variant %s: %s and %s hold runs of different settings (%s): pooled, they mix populations; add %s to pool them anyway (the result is labelled mixed)",
							v, b.dir, a.dir, d, setting.Key("allow_mixed"))
					}
					mixed = append(mixed, fmt.Sprintf("variant %s: %s", v, d))
				}
			}
		}
	}
	return mixed, nil
}

// overlapOf returns the first range of ids that a and b (each sorted)
// both hold.
func overlapOf(a, b []dataset.Range) (dataset.Range, bool) {
	for _, x := range a {
		for _, y := range b {
			if lo, hi := max(x.First, y.First), min(x.Last, y.Last); lo <= hi {
				return dataset.Range{First: lo, Last: hi}, true
			}
		}
	}
	return dataset.Range{}, false
}

// checkFooterVariant reports a file whose footer's variant is not its
// partition's: a part copied into the other variant's partition, whose
// games a reader would count under both (Check and Verify alike).
func checkFooterVariant(path string, footer dataset.Run, partition string, addf func(string, ...any)) {
	if footer.Partition() != partition {
		addf("%s: footer game %q variant %q in partition %s", path, footer.GameName(), footer.Variant, dataset.PartitionName(partition))
	}
}
