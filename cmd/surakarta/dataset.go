package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/progress"
	"github.com/surakarta/surakarta/mcts"
)

func newDatasetCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "dataset",
		Short: "Inspect and verify self-play datasets",
		Long: "dataset looks into the Parquet datasets that selfplay writes: inspect lists what is there,\n" +
			"verify replays every game with the rules core and checks every row.",
		Example: "  surakarta dataset inspect out/data\n  surakarta dataset verify --complete out/data",
	}
	cmd.AddCommand(newDatasetInspectCommand(), newDatasetVerifyCommand())
	return cmd
}

// checkDatasetDir returns nil if dir holds a dataset (a variant partition
// of either table), else an error that says what to give instead.
func checkDatasetDir(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("no dataset at %s: the directory does not exist; write one with surakarta selfplay --out %s", dir, dir)
	case err != nil:
		return fmt.Errorf("dataset %s: %w", dir, err)
	case !st.IsDir():
		return fmt.Errorf("%s is a file, not a dataset directory: give the directory selfplay wrote (its --out)", dir)
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
		return fmt.Errorf("no dataset at %s: it is a training run (train --out); each generation's games are in its gen-NN/data, e.g. %s", dir, gens[len(gens)-1])
	}
	return fmt.Errorf("no dataset at %s: it holds no %s/variant=V/ or %s/variant=V/ partitions; write one with surakarta selfplay --out %s",
		dir, dataset.TableGames, dataset.TablePositions, dir)
}

func newDatasetInspectCommand() *cobra.Command {
	var files, asJSON bool
	cmd := &cobra.Command{
		Use:   "inspect DIR [--files] [--json]",
		Short: "List a dataset's partitions, files, rows and metadata",
		Long: "inspect prints, for each variant, the run settings of its manifest, then for each table\n" +
			"its files, rows, bytes, bytes per row, row groups and the game ids covered; --files lists\n" +
			"every part with its footer metadata. It reads footers only, so it is fast on any size.\n" +
			"--json prints one object instead: dir, variants, files, rows and bytes in all, manifests\n" +
			"(per variant) and partitions [{table, variant, dir, files, rows, bytes, games, ids,\n" +
			"unfinished, journals, unexpected, parts [{path, rows, bytes, row_groups, first_game,\n" +
			"last_game, shard, shards, version, revision, error}]}]. It exits non-zero when a part is\n" +
			"unreadable or a partition holds a file that does not belong (a copy of a part under\n" +
			"another name, which *.parquet globs would read as duplicate rows).",
		Example: "  surakarta dataset inspect data\n  surakarta dataset inspect --files data\n  surakarta dataset inspect --json data",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkDatasetDir(args[0]); err != nil {
				return err
			}
			in, err := dataset.Inspect(args[0])
			if err != nil {
				return err
			}
			if asJSON {
				if err := writeJSON(cmd.OutOrStdout(), inspectionJSON(in)); err != nil {
					return err
				}
			} else {
				printInspection(cmd.OutOrStdout(), in, files)
			}
			if n := len(in.Problems()); n > 0 {
				return fmt.Errorf("%s: %d %s (listed above): run surakarta dataset verify %s",
					args[0], n, plural(n, "file is unreadable or does not belong in the dataset", "files are unreadable or do not belong in the dataset"), args[0])
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&files, "files", false, "list every file with its footer metadata")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text (every file included)")
	return cmd
}

// idRange is a dataset.Range in JSON.
type idRange struct {
	First int64 `json:"first"`
	Last  int64 `json:"last"`
}

func idRanges(rs []dataset.Range) []idRange {
	out := make([]idRange, len(rs))
	for i, r := range rs {
		out[i] = idRange{r.First, r.Last}
	}
	return out
}

type inspectPartJSON struct {
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

type inspectPartitionJSON struct {
	Table      string            `json:"table"`
	Variant    string            `json:"variant"`
	Dir        string            `json:"dir"`
	Files      int               `json:"files"`
	Rows       int64             `json:"rows"`
	Bytes      int64             `json:"bytes"`
	Games      int64             `json:"games"`
	IDs        []idRange         `json:"ids"`
	Unfinished []string          `json:"unfinished"`
	Journals   []string          `json:"journals"`
	Unexpected []string          `json:"unexpected"`
	Parts      []inspectPartJSON `json:"parts"`
}

type inspectJSON struct {
	Dir        string                 `json:"dir"`
	Variants   []string               `json:"variants"`
	Files      int                    `json:"files"`
	Rows       int64                  `json:"rows"`
	Bytes      int64                  `json:"bytes"`
	Manifests  map[string]dataset.Run `json:"manifests"`
	Partitions []inspectPartitionJSON `json:"partitions"`
}

func inspectionJSON(in *dataset.Inspection) inspectJSON {
	j := inspectJSON{Dir: in.Dir, Variants: []string{}, Manifests: in.Manifests, Partitions: []inspectPartitionJSON{}}
	for _, p := range in.Partitions {
		if n := len(j.Variants); n == 0 || j.Variants[n-1] != p.Variant {
			j.Variants = append(j.Variants, p.Variant)
		}
		pj := inspectPartitionJSON{Table: p.Table, Variant: p.Variant, Dir: p.Dir, Files: len(p.Files), Rows: p.Rows, Bytes: p.Bytes,
			Games: p.Games, IDs: idRanges(p.Ranges), Unfinished: append([]string{}, p.TempFiles...),
			Journals: append([]string{}, p.Journals...), Unexpected: append([]string{}, p.Unexpected...), Parts: []inspectPartJSON{}}
		for _, f := range p.Files {
			m := f.Meta
			fj := inspectPartJSON{Path: f.Path, Rows: f.Rows, Bytes: f.Size, RowGroups: f.RowGroups, FirstGame: m.FirstGame, LastGame: m.LastGame,
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

// engineLines writes a run's engine in one form whoever wrote it: the
// engine settings as the flags and match --a take them ("sims=800,
// cpuct=1.5,..."), from self-play's JSON description as from a match's
// "a: TEXT | b: TEXT" (one line per side, ": " or " a: " first); other
// texts (an external engine) as they are.
func engineLines(desc string) []string {
	if sides, ok := matchEngineSides(desc); ok {
		return []string{" a: " + sides[0], " b: " + sides[1]}
	}
	dec := json.NewDecoder(strings.NewReader(desc))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil || len(m) == 0 {
		return []string{": " + desc}
	}
	var parts []string
	for _, s := range mcts.EngineSettings() {
		if v, ok := m[s.Name]; ok {
			parts = append(parts, fmt.Sprintf("%s=%v", s.Flag(), v))
			delete(m, s.Name)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(m)) { // keys of another version
		parts = append(parts, fmt.Sprintf("%s=%v", strings.ReplaceAll(k, "_", "-"), m[k]))
	}
	return []string{": " + strings.Join(parts, ",")}
}

func printInspection(w io.Writer, in *dataset.Inspection, files bool) {
	fmt.Fprintf(w, "dataset %s\n", in.Dir)
	variant := ""
	for _, p := range in.Partitions {
		if p.Variant != variant {
			variant = p.Variant
			fmt.Fprintf(w, "\nvariant=%s\n", variant)
			if r, ok := in.Manifests[variant]; ok {
				fmt.Fprintf(w, "  run: seed %d, games %d, random opening %d plies, schema version %d\n", r.Seed, r.Games, r.RandomOpening, r.SchemaVersion)
				if r.GameIDs != "" {
					fmt.Fprintf(w, "  game ids: %s\n", r.GameIDs)
				}
				fmt.Fprintf(w, "  rules: %s\n", r.Rules)
				for _, e := range engineLines(r.Engine) {
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
			p.Table, count(len(p.Files), "file"), count(p.Rows, "row"), formatBytes(p.Bytes), perRow, count(p.Games, "game"), formatIDRanges(p.Ranges))
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
					filepath.Base(f.Path), m.FirstGame, m.LastGame, count(f.Rows, "row"), count(f.RowGroups, "row group"), formatBytes(f.Size), m.Shard, m.Shards, m.Version, m.Revision)
			}
		}
	}
}

func formatBytes(n int64) string {
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

func newDatasetVerifyCommand() *cobra.Command {
	var (
		quiet, complete, asJSON bool
		games                   int64
		shards                  int
	)
	cmd := &cobra.Command{
		Use:   "verify DIR [--complete] [--expect-games N] [--shards S] [--json]",
		Short: "Replay every game of a dataset and check every row",
		Long: "verify replays every game from its start_fen and moves with the rules core and checks that\n" +
			"the moves are legal and canonical, that the game ends with the recorded winner and reason,\n" +
			"that every position row agrees with the replay (FEN, bitboards, counts, legal moves, move,\n" +
			"result), that every policy lists only legal moves, each once and in order, including the move\n" +
			"played, that the random openings are those of the run's seed, that footers agree with the run\n" +
			"manifest, and that game ids are unique. It prints each problem with its file, game and ply,\n" +
			"and exits non-zero if there is any.\n\n" +
			"--complete also checks that every variant holds all the games of its run: ids 0..N-1, N from\n" +
			"the run's manifest (a replay run: exactly the ids it chose); --expect-games N checks for\n" +
			"0..N-1 instead (the old spelling --games N still works, with a deprecation note). After a sharded run, --shards S (the run's --shards) names the shards that play the\n" +
			"missing games, to rerun with --resume. --json prints one object: ok, dir, variants, files,\n" +
			"games, positions, problems, omitted (problems beyond those listed) and partitions [{variant,\n" +
			"games, ids, run_games, game_ids, checked, want, missing, surplus, missing_shards}].",
		Example: "  surakarta dataset verify data\n" +
			"  surakarta dataset verify --complete --shards 8 /shared/run1\n" +
			"  surakarta dataset verify --expect-games 100000 --json /shared/run1",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if games < 0 {
				return fmt.Errorf("--expect-games %d: want the run's number of games, 1 or more", games)
			}
			if shards < 0 {
				return fmt.Errorf("--shards %d: want the run's number of shards, 1 or more", shards)
			}
			if shards > 0 && !complete && games == 0 {
				return errors.New("--shards names the shards missing games: give it with --complete or --expect-games N")
			}
			if err := checkDatasetDir(dir); err != nil {
				return err
			}
			in, err := dataset.Inspect(dir)
			if err != nil {
				return err
			}
			var total int64
			for _, p := range in.Partitions {
				if p.Table == dataset.TableGames {
					total += p.Games
				}
			}
			// The progress starts with the first game checked, so that a
			// refusal (a match's record) prints nothing before it.
			var rep *progress.Reporter
			var last int64
			res, err := dataset.Verify(cmd.Context(), dir, dataset.VerifyOptions{
				Progress: func(games int64) {
					if rep == nil {
						rep = progress.Start(cmd.ErrOrStderr(), progress.Options{Unit: "games", Total: total, Quiet: quiet})
					}
					rep.Add(games - last)
					last = games
				},
				Complete: complete, Games: games, Shards: shards,
			})
			if rep != nil {
				rep.Stop()
			}
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return fmt.Errorf("interrupted after checking %d of %d games (%d problems so far): run the same command again to verify the whole dataset",
					res.Games, total, len(res.Problems)+res.Omitted)
			}
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			n := len(res.Problems) + res.Omitted
			failed := fmt.Errorf("%s: %d %s found (%d games, %d positions checked)", dir, n, plural(n, "problem", "problems"), res.Games, res.Positions)
			if asJSON {
				if err := writeJSON(out, verifyJSON(dir, res)); err != nil {
					return err
				}
				if !res.OK() {
					return failed
				}
				return nil
			}
			for _, p := range res.Problems {
				fmt.Fprintln(out, p)
			}
			if res.Omitted > 0 {
				fmt.Fprintf(out, "... and %d more problems\n", res.Omitted)
			}
			if !res.OK() {
				return failed
			}
			fmt.Fprintf(out, "ok: %s and %s in %s (variants %s) agree with the rules\n",
				count(res.Games, "game"), count(res.Positions, "position"), count(res.Files, "file"), strings.Join(res.Variants, ", "))
			for _, c := range res.Partitions {
				if c.Checked {
					fmt.Fprintf(out, "complete: variant %s holds all %s of its run (ids %s)\n", c.Variant, count(c.Games, "game"), formatIDRanges(c.Ranges))
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no progress on stderr")
	cmd.Flags().BoolVar(&complete, "complete", false, "check that each variant holds every game of its run (N from its manifest)")
	cmd.Flags().Int64Var(&games, "expect-games", 0, "N: check that each variant holds exactly the games 0..N-1 (implies --complete)")
	deprecatedAlias(cmd, "games", "expect-games", "--games N is the games a run plays; verify checks a count")
	cmd.Flags().IntVar(&shards, "shards", 0, "the run's --shards: name the shards that play missing games")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

func formatIDRanges(rs []dataset.Range) string {
	if len(rs) == 0 {
		return "none"
	}
	return dataset.FormatRanges(rs, ", ")
}

type coverageJSON struct {
	Variant       string    `json:"variant"`
	Games         int64     `json:"games"`
	IDs           []idRange `json:"ids"`
	RunGames      int64     `json:"run_games"`
	GameIDs       string    `json:"game_ids,omitempty"`
	Checked       bool      `json:"checked"`
	Want          int64     `json:"want,omitempty"`
	Missing       []idRange `json:"missing"`
	Surplus       []idRange `json:"surplus"`
	MissingShards []int     `json:"missing_shards"`
}

type verifyReportJSON struct {
	OK         bool           `json:"ok"`
	Dir        string         `json:"dir"`
	Variants   []string       `json:"variants"`
	Files      int            `json:"files"`
	Games      int64          `json:"games"`
	Positions  int64          `json:"positions"`
	Problems   []string       `json:"problems"`
	Omitted    int            `json:"omitted"`
	Partitions []coverageJSON `json:"partitions"`
}

func verifyJSON(dir string, r *dataset.VerifyReport) verifyReportJSON {
	j := verifyReportJSON{OK: r.OK(), Dir: dir, Variants: r.Variants, Files: r.Files, Games: r.Games, Positions: r.Positions,
		Problems: append([]string{}, r.Problems...), Omitted: r.Omitted, Partitions: []coverageJSON{}}
	for _, c := range r.Partitions {
		j.Partitions = append(j.Partitions, coverageJSON{Variant: c.Variant, Games: c.Games, IDs: idRanges(c.Ranges), RunGames: c.RunGames,
			GameIDs: c.GameIDs, Checked: c.Checked, Want: c.Want, Missing: idRanges(c.Missing), Surplus: idRanges(c.Surplus),
			MissingShards: append([]int{}, c.MissingShards...)})
	}
	return j
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// count writes n and a noun that agrees with it: "1 game", "2 games",
// "1 ply", "3 plies".
func count[N int | int64](n N, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	if stem, ok := strings.CutSuffix(noun, "y"); ok && !strings.ContainsAny(stem[len(stem)-1:], "aeiou") {
		return fmt.Sprintf("%d %sies", n, stem)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// allowDamagedFlag is the flag of every command that reads a dataset's
// rows for figures (stats, fit): without it they refuse a dataset that
// dataset.Check finds fault with.
const allowDamagedFlag = "allow-damaged"

func addAllowDamagedFlag(cmd *cobra.Command, allow *bool) {
	cmd.Flags().BoolVar(allow, allowDamagedFlag, false,
		"read a dataset that has files that do not belong, damaged or duplicated parts (dataset verify lists them) instead of refusing it")
}

// checkReadable refuses a dataset whose files would change what is read
// (dataset.Check), unless allow, when it only warns on stderr.
func checkReadable(cmd *cobra.Command, dir string, allow bool) error {
	probs, err := dataset.Check(dir)
	if err != nil {
		return fmt.Errorf("dataset %s: %w", dir, err)
	}
	if len(probs) == 0 {
		return nil
	}
	if allow {
		fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s has %d %s; reading it anyway (--%s): %s\n",
			dir, len(probs), plural(len(probs), "problem", "problems"), allowDamagedFlag, probs[0])
		return nil
	}
	return fmt.Errorf("%s has %d %s that change what is read, e.g. %s\n"+
		"Resume the run that wrote it (selfplay --resume repairs damaged parts), remove what does not belong (surakarta dataset verify %s lists all), or give --%s to read it anyway",
		dir, len(probs), plural(len(probs), "problem", "problems"), probs[0], dir, allowDamagedFlag)
}
