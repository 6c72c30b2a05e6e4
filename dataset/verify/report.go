package verify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/words"
)

// CheckDir returns nil if dir holds a dataset (a variant partition of
// either table), else an error that says what to give instead: an
// experiment's or a training run's directory names the datasets inside.
func CheckDir(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return setting.Errorf("no dataset at %s: the directory does not exist; write one with %s", dir, setting.Line{setting.Cmd("selfplay"), setting.Set("out", dir)})
	case err != nil:
		return fmt.Errorf("dataset %s: %w", dir, err)
	case !st.IsDir():
		return setting.Errorf("%s is a file, not a dataset directory: give the directory selfplay wrote (its %s)", dir, setting.Key("out"))
	}
	vs, err := dataset.Variants(dir)
	if err != nil {
		return fmt.Errorf("dataset %s: %w", dir, err)
	}
	if len(vs) > 0 {
		return nil
	}
	if st, err := os.Stat(filepath.Join(dir, "arms")); err == nil && st.IsDir() {
		return fmt.Errorf("no dataset at %s: it is an experiment directory; give the datasets of its arms, e.g. %s", dir, filepath.Join(dir, "arms", "*"))
	}
	if gens, _ := filepath.Glob(filepath.Join(dir, "gen-[0-9][0-9]*", "data")); len(gens) > 0 {
		return setting.Errorf("no dataset at %s: it is a training run (train %s); each generation's games are in its gen-NN/data, e.g. %s", dir, setting.Key("out"), gens[len(gens)-1])
	}
	if inside := datasetsInside(dir); len(inside) > 0 {
		// A pipeline's output directory: its games are in DIR/data.
		return fmt.Errorf("no dataset at %s: the dataset is inside it: give %s", dir, strings.Join(inside, " "))
	}
	if parent := filepath.Dir(filepath.Clean(dir)); (filepath.Base(dir) == dataset.TableGames || filepath.Base(dir) == dataset.TablePositions) && CheckDir(parent) == nil {
		return fmt.Errorf("no dataset at %s: it is one table of the dataset %s: give %s", dir, parent, parent)
	}
	return setting.Errorf("no dataset at %s: it holds no %s/game=G/variant=V/ or %s/game=G/variant=V/ partitions; write one with %s",
		dir, dataset.TableGames, dataset.TablePositions, setting.Line{setting.Cmd("selfplay"), setting.Set("out", dir)})
}

// datasetsInside lists the subdirectories of dir that hold a dataset.
func datasetsInside(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		sub := filepath.Join(dir, e.Name())
		if vs, err := dataset.Variants(sub); e.IsDir() && err == nil && len(vs) > 0 {
			out = append(out, sub)
		}
	}
	return out
}

// allowDamaged is the setting of every command that reads a dataset's
// rows for figures (stats, fit; their options' AllowDamaged): without it
// they refuse a dataset that Check finds fault with.
var allowDamaged = setting.Key("allow_damaged")

// CheckReadable refuses a dataset whose files would change what is read
// (Check), unless allow, when it only warns on warn.
func CheckReadable(dir string, allow bool, warn io.Writer) error {
	probs, err := Check(dir)
	if err != nil {
		return fmt.Errorf("dataset %s: %w", dir, err)
	}
	if len(probs) == 0 {
		return nil
	}
	if allow {
		fmt.Fprint(warn, setting.Sprintf("warning: %s has %d %s; reading it anyway (%s): %s\n",
			dir, len(probs), words.Plural(len(probs), "problem", "problems"), allowDamaged, probs[0]))
		return nil
	}
	return setting.Errorf("%s has %d %s that change what is read, e.g. %s\n"+
		"Resume the run that wrote it (%s repairs damaged parts), remove what does not belong (%s %s lists all), or give %s to read it anyway",
		dir, len(probs), words.Plural(len(probs), "problem", "problems"), probs[0],
		setting.Line{setting.Cmd("selfplay"), setting.Key("resume")}, setting.Cmd("dataset verify"), dir, allowDamaged)
}

// RangeJSON is a Range in JSON.
type RangeJSON struct {
	First int64 `json:"first"`
	Last  int64 `json:"last"`
}

func rangesJSON(rs []dataset.Range) []RangeJSON {
	out := make([]RangeJSON, len(rs))
	for i, r := range rs {
		out[i] = RangeJSON{r.First, r.Last}
	}
	return out
}

// PartJSON is one part file in dataset inspect --json.
type PartJSON struct {
	Path      string `json:"path"`
	Rows      int64  `json:"rows"`
	Bytes     int64  `json:"bytes"`
	RowGroups int    `json:"row_groups"`
	FirstGame int64  `json:"first_game"`
	LastGame  int64  `json:"last_game"`
	Shard     int    `json:"shard"`
	Shards    int    `json:"shards"`
	Version   string `json:"version"`
	Revision  string `json:"revision"`
	Error     string `json:"error,omitempty"`
}

// PartitionJSON is one partition in dataset inspect --json.
type PartitionJSON struct {
	Table string `json:"table"`
	// Game and Variant name the partition; Key is its key (dataset.Key,
	// as Variants lists it).
	Game       string      `json:"game"`
	Variant    string      `json:"variant"`
	Key        string      `json:"key"`
	Dir        string      `json:"dir"`
	Files      int         `json:"files"`
	Rows       int64       `json:"rows"`
	Bytes      int64       `json:"bytes"`
	Games      int64       `json:"games"`
	IDs        []RangeJSON `json:"ids"`
	Unfinished []string    `json:"unfinished"`
	Journals   []string    `json:"journals"`
	Unexpected []string    `json:"unexpected"`
	Parts      []PartJSON  `json:"parts"`
}

// InspectionJSON is what dataset inspect --json prints: the inspection
// with its totals, every list present (empty rather than null).
type InspectionJSON struct {
	Dir        string                 `json:"dir"`
	Variants   []string               `json:"variants"`
	Files      int                    `json:"files"`
	Rows       int64                  `json:"rows"`
	Bytes      int64                  `json:"bytes"`
	Manifests  map[string]dataset.Run `json:"manifests"`
	Partitions []PartitionJSON        `json:"partitions"`
}

// JSON returns the inspection as dataset inspect --json prints it.
func (in *Inspection) JSON() InspectionJSON {
	j := InspectionJSON{Dir: in.Dir, Variants: []string{}, Manifests: in.Manifests, Partitions: []PartitionJSON{}}
	for _, p := range in.Partitions {
		if n := len(j.Variants); n == 0 || j.Variants[n-1] != p.Variant {
			j.Variants = append(j.Variants, p.Variant)
		}
		game, variant := dataset.SplitKey(p.Variant)
		pj := PartitionJSON{Table: p.Table, Game: game, Variant: variant, Key: p.Variant, Dir: p.Dir, Files: len(p.Files), Rows: p.Rows, Bytes: p.Bytes,
			Games: p.Games, IDs: rangesJSON(p.Ranges), Unfinished: append([]string{}, p.TempFiles...),
			Journals: append([]string{}, p.Journals...), Unexpected: append([]string{}, p.Unexpected...), Parts: []PartJSON{}}
		for _, f := range p.Files {
			m := f.Meta
			fj := PartJSON{Path: f.Path, Rows: f.Rows, Bytes: f.Size, RowGroups: f.RowGroups, FirstGame: m.FirstGame, LastGame: m.LastGame,
				Shard: m.Shard, Shards: m.Shards, Version: m.Version, Revision: m.Revision}
			if f.Err != nil {
				fj.Error = f.Err.Error()
			}
			pj.Parts = append(pj.Parts, fj)
		}
		j.Files += pj.Files
		j.Rows += p.Rows
		j.Bytes += p.Bytes
		j.Partitions = append(j.Partitions, pj)
	}
	return j
}

// WriteText prints the inspection as dataset inspect does: per variant
// its run's settings, then each table's files, rows and ids, and with
// files every part. engine writes a run's engine description as lines
// that follow "  engine" (the dataset does not know the search's
// settings).
func (in *Inspection) WriteText(w io.Writer, files bool, engine func(desc string) []string) {
	fmt.Fprintf(w, "dataset %s\n", in.Dir)
	variant := ""
	for _, p := range in.Partitions {
		if p.Variant != variant {
			variant = p.Variant
			fmt.Fprintf(w, "\n%s\n", dataset.PartitionName(variant))
			if r, ok := in.Manifests[variant]; ok {
				fmt.Fprintf(w, "  run: seed %d, games %d, random opening %d plies, schema version %d\n", r.Seed, r.Games, r.RandomOpening, r.SchemaVersion)
				if r.GameIDs != "" {
					fmt.Fprintf(w, "  game ids: %s\n", r.GameIDs)
				}
				fmt.Fprintf(w, "  rules: %s\n", r.Rules)
				for _, e := range engine(string(r.Engine)) {
					fmt.Fprintf(w, "  engine%s\n", e)
				}
			} else {
				fmt.Fprintf(w, "  run: no manifest (%s)\n", dataset.ManifestName)
			}
		}
		perRow := 0.0
		if p.Rows > 0 {
			perRow = float64(p.Bytes) / float64(p.Rows)
		}
		fmt.Fprintf(w, "  %-9s %s, %s, %s, %.1f bytes/row, %s (ids %s)\n",
			p.Table, words.Count(len(p.Files), "file"), words.Count(p.Rows, "row"), words.Bytes(p.Bytes), perRow, words.Count(p.Games, "game"), formatIDRanges(p.Ranges))
		for _, t := range p.TempFiles {
			fmt.Fprintf(w, "    unfinished: %s (resume the run to remove it)\n", filepath.Base(t))
		}
		for _, j := range p.Journals {
			fmt.Fprintf(w, "    journal: %s (games of a part in progress: resume the run to write them)\n", filepath.Base(j))
		}
		for _, u := range p.Unexpected {
			fmt.Fprintf(w, "    unexpected: %s (not written by surakarta; *.parquet globs read it: move it out)\n", filepath.Base(u))
		}
		for _, f := range p.Files {
			if f.Err != nil {
				fmt.Fprintf(w, "    unreadable: %v\n", f.Err)
				continue
			}
			if files {
				m := f.Meta
				fmt.Fprintf(w, "    %s  games %d..%d  %s  %s  %s  shard %d/%d  version %s  revision %s\n",
					filepath.Base(f.Path), m.FirstGame, m.LastGame, words.Count(f.Rows, "row"), words.Count(f.RowGroups, "row group"), words.Bytes(f.Size), m.Shard, m.Shards, m.Version, m.Revision)
			}
		}
	}
}

// ProblemsErr is dataset inspect's failure for an inspection with
// problems, nil without.
func (in *Inspection) ProblemsErr() error {
	n := len(in.Problems())
	if n == 0 {
		return nil
	}
	return fmt.Errorf("%s: %d %s (listed above): run surakarta dataset verify %s",
		in.Dir, n, words.Plural(n, "file is unreadable or does not belong in the dataset", "files are unreadable or do not belong in the dataset"), in.Dir)
}

// formatIDRanges writes game id ranges, "none" for none.
func formatIDRanges(rs []dataset.Range) string {
	if len(rs) == 0 {
		return "none"
	}
	return dataset.FormatRanges(rs, ", ")
}

// WithProgress is Verify with the games checked shown on w as a
// progress line (none when quiet), as dataset verify shows them: the line
// starts with the first game checked, so that a refusal (a match's
// record) prints nothing before it. An interrupted verification says how
// far it got and to run it again.
func WithProgress(ctx context.Context, dir string, opt Options, w io.Writer, quiet bool) (*Report, error) {
	in, err := Inspect(dir)
	if err != nil {
		return nil, err
	}
	var total int64
	for _, p := range in.Partitions {
		if p.Table == dataset.TableGames {
			total += p.Games
		}
	}
	var rep *progress.Reporter
	var last int64
	opt.Progress = func(games int64) {
		if rep == nil {
			rep = progress.Start(w, progress.Options{Unit: "games", Total: total, Quiet: quiet})
		}
		rep.Add(games - last)
		last = games
	}
	res, err := Verify(ctx, dir, opt)
	if rep != nil {
		rep.Stop()
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return nil, fmt.Errorf("interrupted after checking %d of %d games (%d problems so far): run the same command again to verify the whole dataset",
			res.Games, total, len(res.Problems)+res.Omitted)
	}
	return res, err
}

// CoverageJSON is one partition's games in dataset verify --json.
type CoverageJSON struct {
	// Game and Variant name the partition; Key is its key (dataset.Key,
	// as Variants lists it).
	Game          string      `json:"game"`
	Variant       string      `json:"variant"`
	Key           string      `json:"key"`
	Games         int64       `json:"games"`
	IDs           []RangeJSON `json:"ids"`
	RunGames      int64       `json:"run_games"`
	GameIDs       string      `json:"game_ids,omitempty"`
	Checked       bool        `json:"checked"`
	Want          int64       `json:"want,omitempty"`
	Missing       []RangeJSON `json:"missing"`
	Surplus       []RangeJSON `json:"surplus"`
	MissingShards []int       `json:"missing_shards"`
}

// ReportJSON is what dataset verify --json prints.
type ReportJSON struct {
	OK         bool           `json:"ok"`
	Dir        string         `json:"dir"`
	Variants   []string       `json:"variants"`
	Files      int            `json:"files"`
	Games      int64          `json:"games"`
	Positions  int64          `json:"positions"`
	MatchRows  int64          `json:"match_rows"`
	Problems   []string       `json:"problems"`
	Omitted    int            `json:"omitted"`
	Partitions []CoverageJSON `json:"partitions"`
}

// JSON returns the report of dir's verification as dataset verify --json
// prints it.
func (r *Report) JSON(dir string) ReportJSON {
	j := ReportJSON{OK: r.OK(), Dir: dir, Variants: r.Variants, Files: r.Files, Games: r.Games, Positions: r.Positions, MatchRows: r.MatchRows,
		Problems: append([]string{}, r.Problems...), Omitted: r.Omitted, Partitions: []CoverageJSON{}}
	for _, c := range r.Partitions {
		game, variant := dataset.SplitKey(c.Variant)
		j.Partitions = append(j.Partitions, CoverageJSON{Game: game, Variant: variant, Key: c.Variant, Games: c.Games, IDs: rangesJSON(c.Ranges), RunGames: c.RunGames,
			GameIDs: c.GameIDs, Checked: c.Checked, Want: c.Want, Missing: rangesJSON(c.Missing), Surplus: rangesJSON(c.Surplus),
			MissingShards: append([]int{}, c.MissingShards...)})
	}
	return j
}

// partitionText says a partition by its key in a sentence: "variant
// standard" for Surakarta's, as it always has, "alquerque variant
// standard" for another game's.
func partitionText(key string) string {
	game, variant := dataset.SplitKey(key)
	if game == dataset.DefaultGame {
		return "variant " + variant
	}
	return game + " variant " + variant
}

// partitionsText says a list of partitions by their keys: "variants
// majority, standard", "variants standard, alquerque/standard".
func partitionsText(keys []string) string { return "variants " + strings.Join(keys, ", ") }

// rowsText says what rows were checked: the games and positions of
// self-play, the games and matches rows of a match's record (which has no
// positions: "0 positions" read as if they had been lost), both where a
// directory holds both.
func (r *Report) rowsText() string {
	text := words.Count(r.Games, "game")
	if r.MatchRows == 0 || r.Positions > 0 {
		text += " and " + words.Count(r.Positions, "position")
	}
	if r.MatchRows > 0 {
		text += " and " + words.Count(r.MatchRows, "matches row")
	}
	return text
}

// Err is dataset verify's failure for dir, nil when the report is clean.
func (r *Report) Err(dir string) error {
	if r.OK() {
		return nil
	}
	n := len(r.Problems) + r.Omitted
	return fmt.Errorf("%s: %d %s found (%s checked)", dir, n, words.Plural(n, "problem", "problems"), r.rowsText())
}

// WriteText prints the report as dataset verify does: each problem, or
// that the dataset agrees with the rules and which partitions are
// complete.
func (r *Report) WriteText(w io.Writer) {
	for _, p := range r.Problems {
		fmt.Fprintln(w, p)
	}
	if r.Omitted > 0 {
		fmt.Fprintf(w, "... and %d more problems\n", r.Omitted)
	}
	if !r.OK() {
		return
	}
	fmt.Fprintf(w, "ok: %s in %s (%s) agree with the rules\n", r.rowsText(), words.Count(r.Files, "file"), partitionsText(r.Variants))
	for _, c := range r.Partitions {
		if c.Checked {
			fmt.Fprintf(w, "complete: %s holds all %s of its run (ids %s)\n", partitionText(c.Variant), words.Count(c.Games, "game"), formatIDRanges(c.Ranges))
		}
	}
}
