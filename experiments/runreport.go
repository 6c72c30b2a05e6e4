package experiments

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/experiments/report"
	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/words"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/selfplay"
)

// WriteExperimentReport reads experiment directory out (its spec.json and
// the arms' datasets), builds the report and writes it into out. Arms that
// are not complete are reported with the games they have, and the report
// says so in its description. An empty command keeps the one the previous
// report.json recorded.
func WriteExperimentReport(ctx context.Context, out, command string) (*report.Report, error) {
	return WriteExperimentReportTables(ctx, out, command, "")
}

// WriteExperimentReportTables is WriteExperimentReport that, with a tables
// directory, also classifies every draw by the endgame tables there
// (DrawTables): what the position after its last capture is worth.
func WriteExperimentReportTables(ctx context.Context, out, command, tables string) (*report.Report, error) {
	if command == "" {
		command = recordedCommand(out)
	}
	b, err := os.ReadFile(filepath.Join(out, SpecFile))
	if err != nil {
		return nil, fmt.Errorf("%s is not an experiment directory (no %s): %w", out, SpecFile, err)
	}
	s, err := spec.ParseRecorded(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(out, SpecFile), err)
	}
	if s, err = s.WithExtension(extensionOnDisk(s, out)); err != nil {
		return nil, err
	}
	c := gamestats.NewCollector(nil, s.Pairing == spec.PairOpenings)
	if tables != "" {
		c.Tables = gamestats.NewDrawTables(tables)
	}
	infos, partial, notStarted, err := collectArms(ctx, out, s, c)
	if err != nil {
		return nil, err
	}
	if len(infos) == 0 {
		return nil, setting.Errorf("%s: no arm has games yet: run the experiment (%s) first", out, setting.Line{setting.Cmd("experiment run"), setting.Key("resume")})
	}
	var compare [][2]string
	for _, p := range s.Comparisons() {
		a, b := s.Arms[p[0]].Name, s.Arms[p[1]].Name
		if !slices.Contains(notStarted, a) && !slices.Contains(notStarted, b) {
			compare = append(compare, [2]string{a, b})
		}
	}
	desc := s.Description
	if len(notStarted) > 0 {
		partial = append(partial, fmt.Sprintf("%s %s no games yet", joinAnd(notStarted), map[bool]string{true: "has", false: "have"}[len(notStarted) == 1]))
	}
	if len(partial) > 0 {
		desc += fmt.Sprintf("\n\n**Incomplete run**: %s. Run the experiment again to finish it.", joinAnd(partial))
	}
	if s.SpecGames > 0 {
		desc += setting.Sprintf("\n\n**Games overridden**: %s per arm (experiment run %s), not the spec file's %s; every interval is as wide as that many games allow.",
			words.Count(s.Games, "game"), setting.Set("games", s.Games), words.Count(s.SpecGames, "game"))
	}
	r, err := report.Build(report.Input{Title: "Experiment " + s.Name, Description: desc, Command: command,
		Spec: s, Confidence: s.Confidence, Design: design(s, infos, c), Arms: infos, Collector: c, Compare: compare})
	if err != nil {
		return nil, err
	}
	if err := r.WriteFiles(out); err != nil {
		return nil, err
	}
	return r, nil
}

// recordedCommand is the command the report in out recorded, "" for none.
func recordedCommand(out string) string {
	b, err := os.ReadFile(filepath.Join(out, "report.json"))
	if err != nil {
		return ""
	}
	var old struct{ Command string }
	if json.Unmarshal(b, &old) != nil {
		return ""
	}
	return old.Command
}

// collectArms reads the games of every arm of s under out into c and
// returns the arms' descriptions, the arms short of their games (in words)
// and those not started (by name).
func collectArms(ctx context.Context, out string, s *spec.Spec, c *gamestats.Collector) (infos []report.ArmInfo, partial, notStarted []string, err error) {
	runs, err := ArmRuns(s, out, "")
	if err != nil {
		return nil, nil, nil, err
	}
	for i, a := range s.Arms {
		dir := ArmDir(out, a.Name)
		key := dataset.Key(s.GameName(), a.Variant)
		if done, err := dataset.Complete(dir, key); err == nil && len(done) == 0 {
			// Interrupted before this arm wrote a part: report the others.
			notStarted = append(notStarted, a.Name)
			continue
		}
		if err := gamestats.ScanGames(ctx, dir, key, func(g *gamestats.Game) error {
			if g.Variant != key { // FromRow keys another game's variant: GAME/VARIANT
				return fmt.Errorf("%s: game %d is %s, the arm plays %s", dir, g.ID, g.Variant, key)
			}
			c.Add(a.Name, g)
			return nil
		}); err != nil {
			return nil, nil, nil, fmt.Errorf("arm %s: %w", a.Name, err)
		}
		gr := c.Arms[gamestats.Arm{Source: a.Name, Variant: key}]
		if gr == nil {
			return nil, nil, nil, fmt.Errorf("arm %s: no games in %s yet", a.Name, dir)
		}
		if gr.Games < s.Games {
			partial = append(partial, fmt.Sprintf("%s has %d of %s", a.Name, gr.Games, words.Count(s.Games, "game")))
		}
		infos = append(infos, armInfo(out, dir, s, i, runs[i]))
	}
	return infos, partial, notStarted, nil
}

// armInfo describes arm i of s, played into dir under out by run.
func armInfo(out, dir string, s *spec.Spec, i int, run ArmRun) report.ArmInfo {
	a := s.Arms[i]
	e := s.ArmEngine(i)
	rel, _ := filepath.Rel(out, dir)
	info := report.ArmInfo{Name: a.Name, Variant: run.key(), Sims: e.Sims(), Evaluator: e.Evaluator(), Dir: filepath.ToSlash(rel), RandomOpening: s.ArmOpening(i),
		Players: s.ArmPlayers(i)}
	if sides := s.ArmSides(i); sides != nil {
		info.RedSims, info.BlackSims = sides[0].Sims(), sides[1].Sims()
	}
	cfg, err := run.EngineConfig()
	if err != nil {
		return info
	}
	if run.checkFormerDefault() != nil {
		// A run made before the strongest engine became the
		// default, of a spec that left the engine to it: the report
		// says what played.
		b := runspec.AsBaseline(mcts.Engine{Settings: cfg.Settings, Evaluator: e.Evaluator()})
		cfg.Settings, info.Evaluator = b.Settings, b.Evaluator
	}
	info.Config = &cfg
	info.Engine, info.Regime = report.EngineWords(cfg.Settings), report.Regime(cfg.Settings)
	if info.RedSims != 0 {
		info.Engine += fmt.Sprintf(" (by colour: Red %d simulations, Black %d)", info.RedSims, info.BlackSims)
	}
	cfg.Sims = 0
	// Arms of other players, or with settings by colour, are
	// no rungs of one ladder.
	info.Setting = fmt.Sprintf("%+v %s %s", cfg, info.Players, spec.MustJSON(s.ArmSides(i)))
	return info
}

// design says in words where an experiment's games come from: the
// openings, the pairing, the regime after the opening and the margins.
func design(s *spec.Spec, arms []report.ArmInfo, c *gamestats.Collector) []string {
	var out []string
	distinct := ""
	if len(arms) > 0 {
		if x := c.Pairs[gamestats.Arm{Source: arms[0].Name, Variant: arms[0].Variant}]; x != nil {
			distinct = fmt.Sprintf(" (the %s of %s start from %d distinct openings)", words.Count(int64(x.Len()), "game"), arms[0].Name, x.DistinctOpenings())
		}
	}
	if s.RandomOpening > 0 {
		out = append(out, fmt.Sprintf("Openings: game i of an arm starts with %d uniformly random plies drawn from the seed and i%s, and each is played with the colours as they fall: the first player is the side that moved first at the start position (Red), and %s makes the first move after the opening.", s.RandomOpening, distinct, report.SideAfter(s.RandomOpening)))
	} else {
		out = append(out, "Openings: every game starts from the start position with no random plies; only the search's own randomness varies the games.")
	}
	if s.Pairing == spec.PairOpenings {
		out = append(out, fmt.Sprintf("Pairing: every arm plays game i from the same opening with the same search seed (seed %d), so a game that never meets the arms' difference is played identically under both.", s.Seed))
	} else {
		out = append(out, fmt.Sprintf("Pairing: none; arm i plays with seed %d + i.", s.Seed))
	}
	out = append(out, playersDesign(s))
	regimes := map[string]bool{}
	for _, a := range arms {
		regimes[a.Regime] = true
	}
	if len(regimes) == 1 && len(arms) > 0 {
		out = append(out, fmt.Sprintf("Regime after the opening, the same for every arm: %s.", arms[0].Regime))
	} else {
		out = append(out, "After the opening the arms play in different regimes (the table below).")
	}
	out = append(out, fmt.Sprintf("\"No change\" is claimed only within ±%.1f points (equivalence margin); ladder rungs agree when both figures' changes are within ±%.1f points (convergence margin).", 100*s.EquivalenceMargin, 100*s.ConvergenceMargin))
	return out
}

// playersDesign says who plays the experiment's games.
func playersDesign(s *spec.Spec) string {
	var shared, indep []string
	for i, a := range s.Arms {
		if s.ArmPlayers(i) == spec.PlayersShared {
			shared = append(shared, a.Name)
		} else {
			indep = append(indep, a.Name)
		}
	}
	indepWords, sharedWords := selfplay.PlayersWords(spec.PlayersIndependent), selfplay.PlayersWords(spec.PlayersShared)
	switch {
	case len(shared) == 0:
		return "Players: " + indepWords + "."
	case len(indep) == 0:
		return "Players: " + sharedWords + "."
	}
	return fmt.Sprintf("Players: %s play with %s; %s with %s.", joinAnd(indep), indepWords, joinAnd(shared), sharedWords)
}

// extensionOnDisk counts the stopping rule's rungs experiment directory
// out holds, in order.
func extensionOnDisk(s *spec.Spec, out string) int {
	if s.Extend == nil {
		return 0
	}
	top := s.ArmIndex(s.Ladder[len(s.Ladder)-1])
	base := s.ArmEngine(top).Sims()
	n := 0
	for base<<(n+1) <= s.Extend.MaxSims {
		if _, err := os.Stat(ArmDir(out, fmt.Sprintf("%s%d", spec.ExtendPrefix, base<<(n+1)))); err != nil {
			break
		}
		n++
	}
	return n
}
