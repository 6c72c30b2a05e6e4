package fit

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/dataset/verify"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/base/setting"
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
// does not grow with the dataset. Variant is the partition's key
// (dataset.Key): the variant for Surakarta, "alquerque/VARIANT" for
// Alquerque, whose positions are read from their text (the fen column) into
// Sample's bitboards (White's pieces in Red).
type DatasetSource struct {
	Dir, Variant string
}

// Scan streams the partition's positions in game id and ply order, reading
// the columns of fields.
func (d DatasetSource) Scan(ctx context.Context, fields Fields, fn func(*Sample) error) error {
	if g, _ := dataset.SplitKey(d.Variant); g == eval.AlquerqueGame {
		return d.scanAlquerque(ctx, fields, fn)
	}
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

// scanAlquerque is Scan for an Alquerque partition: the positions from
// their text, the targets as for Surakarta; no policy (Alquerque has no
// prior to fit).
func (d DatasetSource) scanAlquerque(ctx context.Context, fields Fields, fn func(*Sample) error) error {
	if fields&WithPolicy != 0 {
		return fmt.Errorf("%s: Alquerque has no move prior to fit: fit its value head alone", d.Dir)
	}
	cols := []string{dataset.ColGameID, dataset.ColPly, dataset.ColFEN}
	if fields&WithTargets != 0 {
		cols = append(cols, dataset.ColRootValue, dataset.ColResult)
	}
	var s Sample
	n := 0
	return dataset.ScanPositions(d.Dir, d.Variant, cols, func(r *dataset.PositionRow) error {
		if n++; n&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		p, err := alquerque.ParsePosition(r.FEN)
		if err != nil {
			return fmt.Errorf("game %d ply %d: %w", r.GameID, r.Ply, err)
		}
		s.Red, s.Black = rules.Bitboard(p.Pieces(alquerque.White)), rules.Bitboard(p.Pieces(alquerque.Black))
		s.Side, s.NoCapture = rules.Color(p.SideToMove()), p.NoCapturePlies()
		s.GameID, s.Ply = r.GameID, int(r.Ply)
		s.Result, s.RootValue = float64(r.Result), float64(r.RootValue)
		return fn(&s)
	})
}

// ResolveGameVariant returns the partition key (dataset.Key) to fit on for
// a game ("": the dataset's only game): its variant v when given, else the
// game's only variant in the dataset; an error lists the games or the
// game's variants when there are several, or v is absent.
func ResolveGameVariant(dir, gameName, v string) (string, error) {
	keys, err := dataset.Variants(dir)
	if err != nil {
		return "", err
	}
	if gameName == "" {
		if gameName, err = onlyGame(dir, keys); err != nil {
			return "", err
		}
	}
	var vs, others []string
	for _, k := range keys {
		if g, variant := dataset.SplitKey(k); g == gameName {
			vs = append(vs, variant)
		} else {
			others = append(others, g)
		}
	}
	switch {
	case len(vs) == 0 && len(others) > 0:
		return "", setting.Errorf("%s holds no %s positions, only %s's: give %s", dir, gameName, others[0], setting.Set("game", others[0]))
	case gameName == dataset.DefaultGame:
		return ResolveVariant(dir, v)
	case len(vs) == 0:
		return "", fmt.Errorf("%s holds no %s partitions (want DIR/positions/game=%s/variant=V/...)", dir, gameName, gameName)
	case v == "" && len(vs) > 1:
		return "", setting.Errorf("%s holds the %s variants %s: pick one with %s", dir, gameName, strings.Join(vs, ", "), setting.Key("variant"))
	case v == "":
		return dataset.Key(gameName, vs[0]), nil
	}
	for _, x := range vs {
		if x == v {
			return dataset.Key(gameName, v), nil
		}
	}
	return "", fmt.Errorf("%s has no %s variant %q: it holds %s", dir, gameName, v, strings.Join(vs, ", "))
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
			return "", setting.Errorf("%s holds the variants %s: pick one with %s", dir, strings.Join(vs, ", "), setting.Key("variant"))
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
	ins, err := verify.Inspect(dir)
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
			p.Seed, p.Rules, p.Engine = f.Meta.Seed, f.Meta.Rules, setting.JSON(f.Meta.Engine)
		}
	}
	if !found {
		return p, fmt.Errorf("%s has no positions partition for variant %q", dir, variant)
	}
	if run, ok := ins.Manifests[variant]; ok {
		p.Seed, p.Rules, p.Engine = run.Seed, run.Rules, setting.JSON(run.Engine)
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

// onlyGame returns the game of the partition keys of dir: their only one
// (Surakarta for none yet, whose reading says what is missing); an error
// names the games when there are several.
func onlyGame(dir string, keys []string) (string, error) {
	var games []string
	for _, k := range keys {
		if g, _ := dataset.SplitKey(k); !slices.Contains(games, g) {
			games = append(games, g)
		}
	}
	switch len(games) {
	case 0:
		return dataset.DefaultGame, nil
	case 1:
		return games[0], nil
	}
	slices.Sort(games)
	return "", setting.Errorf("%s holds the positions of %s: pick one with %s", dir, strings.Join(games, " and "), setting.Key("game"))
}
