package fit

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/rules"
)

// datasetColumns are the positions-table columns a scan for fields reads;
// Parquet's column layout lets the reader skip every other column.
func datasetColumns(fields Fields) []string {
	cols := []string{dataset.ColGameID, dataset.ColRed, dataset.ColBlack, dataset.ColSideToMove, dataset.ColNoCapturePlies}
	if fields&WithTargets != 0 {
		cols = append(cols, dataset.ColRootValue, dataset.ColResult)
	}
	if fields&WithPolicy != 0 {
		cols = append(cols, dataset.ColPly, dataset.ColPolicy)
	}
	return cols
}

// DatasetSource is a Source over one variant partition of a self-play
// dataset (package dataset), read column by column and streamed: memory
// does not grow with the dataset.
type DatasetSource struct {
	Dir, Variant string
}

// Scan streams the partition's positions in game id and ply order, reading
// the columns of fields.
func (d DatasetSource) Scan(ctx context.Context, fields Fields, fn func(*Sample) error) error {
	var s Sample
	n := 0
	return dataset.ScanPositions(d.Dir, d.Variant, datasetColumns(fields), func(r *dataset.PositionRow) error {
		if n++; n&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if r.SideToMove != 0 && r.SideToMove != 1 {
			return fmt.Errorf("game %d ply %d: side_to_move %d: want 0 (red) or 1 (black)", r.GameID, r.Ply, r.SideToMove)
		}
		s.Red, s.Black = rules.Bitboard(r.Red), rules.Bitboard(r.Black)
		s.Side, s.NoCapture = rules.Color(r.SideToMove), int(r.NoCapturePlies)
		s.GameID = r.GameID
		s.Result, s.RootValue = float64(r.Result), float64(r.RootValue)
		if fields&WithPolicy != 0 {
			s.Ply, s.Policy = int(r.Ply), r.Policy
			p, err := r.Position()
			if err != nil {
				return err
			}
			s.setPosition(p)
		}
		return fn(&s)
	})
}

// ResolveVariant returns the variant to fit on: v itself when given, else
// the dataset's only variant; an error lists the variants when there are
// several or v is absent.
func ResolveVariant(dir, v string) (string, error) {
	vs, err := dataset.Variants(dir)
	if err != nil {
		return "", err
	}
	if len(vs) == 0 {
		return "", fmt.Errorf("%s holds no dataset partitions (want DIR/positions/variant=V/...)", dir)
	}
	if v == "" {
		if len(vs) > 1 {
			return "", fmt.Errorf("%s holds the variants %s: pick one with --variant", dir, strings.Join(vs, ", "))
		}
		return vs[0], nil
	}
	for _, x := range vs {
		if x == v {
			return v, nil
		}
	}
	return "", fmt.Errorf("%s has no variant %q: it holds %s", dir, v, strings.Join(vs, ", "))
}

// DatasetProvenance describes a variant partition of a dataset from its
// manifest and file footers (no rows are read): the run's seed, rules and
// engine, its positions and games, and the revision of the program that
// wrote it.
func DatasetProvenance(dir, variant string) (eval.Provenance, error) {
	p := eval.Provenance{Dir: dir}
	ins, err := dataset.Inspect(dir)
	if err != nil {
		return p, err
	}
	revs := map[string]bool{}
	found := false
	for _, part := range ins.Partitions {
		if part.Table != dataset.TablePositions || part.Variant != variant {
			continue
		}
		found = true
		p.Rows, p.Games = part.Rows, part.Games
		for _, f := range part.Files {
			if f.Err != nil {
				return p, fmt.Errorf("%s: %w", f.Path, f.Err)
			}
			revs[f.Meta.Revision] = true
			p.Seed, p.Rules, p.Engine = f.Meta.Seed, f.Meta.Rules, dataset.EngineJSON(f.Meta.Engine)
		}
	}
	if !found {
		return p, fmt.Errorf("%s has no positions partition for variant %q", dir, variant)
	}
	if run, ok := ins.Manifests[variant]; ok {
		p.Seed, p.Rules, p.Engine = run.Seed, run.Rules, dataset.EngineJSON(run.Engine)
	}
	list := make([]string, 0, len(revs))
	for r := range revs {
		list = append(list, r)
	}
	sort.Strings(list)
	if len(list) == 1 {
		p.Revision = list[0]
	} else if len(list) > 1 {
		p.Revision = "mixed: " + strings.Join(list, ", ")
	}
	return p, nil
}
