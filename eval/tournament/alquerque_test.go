package tournament

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/testing/testutil"
)

// TestATournamentOfAlquerqueEngines: a round robin of three Alquerque
// engines (two built-in searches with Alquerque's material evaluator and
// the random baseline) plays every pairing by Alquerque's rules, rates
// all three on one list, names the game in its report, records each
// pairing in its game=alquerque partition, prints them as Alquerque's PGN,
// and resumed with nothing left to play keeps every game and rating.
func TestATournamentOfAlquerqueEngines(t *testing.T) {
	out := filepath.Join(t.TempDir(), "t")
	opts := func(resume bool) OptionsOf[alquerque.Rules, alquerque.Position, alquerque.Code] {
		run := runspec.Defaults()
		run.Games, run.Seed, run.RandomOpening, run.Concurrency, run.Out, run.Resume = 4, 9, 2, 2, out, resume
		g := match.AlquerqueGame()
		return OptionsOf[alquerque.Rules, alquerque.Position, alquerque.Code]{
			Config:         Config{Sides: []string{"sims=40", "sims=10,leaf=value", arena.BaselineRandom}, PriorDraws: DefaultPriorDraws, Stderr: &testutil.Buffer{}, Quiet: true},
			Game:           &g,
			ArenaOptionsOf: arena.ArenaOptionsOf[alquerque.Rules, alquerque.Position, alquerque.Code]{Run: run, Rules: alquerque.DefaultRules()},
		}
	}
	res, err := Run(context.Background(), opts(false))
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete || res.Games() != 12 || len(res.Pairings) != 3 || len(res.Ratings) != 3 {
		t.Fatalf("complete %v, %d games, %d pairings, %d ratings: want 12, 3 and 3", res.Complete, res.Games(), len(res.Pairings), len(res.Ratings))
	}
	for _, p := range res.Pairings {
		for reason := range p.Arena.Reasons {
			if !strings.Contains("capture-all no-moves no-capture-limit repetition", reason) {
				t.Errorf("%s: a game ended by %q, not one of Alquerque's endings", p.Dir(), reason)
			}
		}
	}
	var text strings.Builder
	if err := res.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "seed 9, alquerque variant=standard") || res.JSON().Game != "alquerque" {
		t.Errorf("the report does not name the game (json game %q):\n%s", res.JSON().Game, text.String())
	}
	key := dataset.Key("alquerque", "standard")
	for _, p := range Pairings(3, false) {
		run, ok, err := dataset.ReadManifest(filepath.Join(out, p.Dir()), key)
		if err != nil || !ok || run.GameName() != "alquerque" || run.Games != 4 {
			t.Errorf("%s: manifest %+v (%v, %v), want an Alquerque match of 4 games", p.Dir(), run, ok, err)
		}
	}
	var pgn strings.Builder
	if n, err := WritePGN(&pgn, out); err != nil || n != 3 || strings.Count(pgn.String(), `[Game "Alquerque"]`) != 12 || !strings.Contains(pgn.String(), `[White "random"]`) {
		t.Errorf("PGN of the tournament: %d pairings, %v, %d Alquerque games; want 3 and 12", n, err, strings.Count(pgn.String(), `[Game "Alquerque"]`))
	}
	again, err := Run(context.Background(), opts(true))
	if err != nil || again.Games() != 12 || strings.Join(ratingNames(again), ",") != strings.Join(ratingNames(res), ",") {
		t.Fatalf("resumed with nothing to play: %v, %d games, ratings %v; want 12 and %v", err, again.Games(), again.Ratings, res.Ratings)
	}
	for i := range res.Ratings {
		if again.Ratings[i].Elo != res.Ratings[i].Elo {
			t.Errorf("resumed rating %+v, played %+v", again.Ratings[i], res.Ratings[i])
		}
	}
}

// ratingNames returns the rating list's engines, best first.
func ratingNames(r *Result) []string {
	var out []string
	for _, g := range r.Ratings {
		out = append(out, g.Engine)
	}
	return out
}
