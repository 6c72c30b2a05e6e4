package pipeline

import (
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/rules"
)

// TestDefaultsPlayEveryOpeningEquallyOften: the default games of each game
// are a whole number of rounds of its enumerated openings (Surakarta's
// 2-ply, Alquerque's 6-ply), as the enumerated procedure needs for the
// advantage stratified by opening, and the matches whole pairs.
func TestDefaultsPlayEveryOpeningEquallyOften(t *testing.T) {
	s, err := dataset.EnumerateOpenings(rules.DefaultRules(), rules.Start(), DefaultRandomOpening)
	if err != nil || DefaultGames%len(s) != 0 {
		t.Errorf("Surakarta: %d games over %d openings (%v)", DefaultGames, len(s), err)
	}
	r := alquerque.Rules(rules.DefaultRules())
	a, err := dataset.EnumerateOpeningsOf(r, r.Start(), AlquerqueRandomOpening)
	if err != nil || AlquerqueGames%len(a) != 0 {
		t.Errorf("Alquerque: %d games over %d openings (%v)", AlquerqueGames, len(a), err)
	}
	if DefaultMatchGames%2 != 0 || AlquerqueMatchGames%2 != 0 {
		t.Errorf("match games %d and %d: want colour-swapped pairs", DefaultMatchGames, AlquerqueMatchGames)
	}
}

// TestAlquerqueDefaultsKeepWhatWasGiven: Alquerque's defaults replace only
// the settings the caller did not give; the model match is best's, which
// an Alquerque run opens as Alquerque's shipped model.
func TestAlquerqueDefaultsKeepWhatWasGiven(t *testing.T) {
	c := DefaultConfig()
	c.Run.Games, c.MatchModel = 100, "model.json"
	c.AlquerqueDefaults(func(s string) bool { return s == "games" || s == "match_model" })
	if c.Game != AlquerqueGame || c.Run.Games != 100 || c.MatchModel != "model.json" ||
		c.Run.RandomOpening != AlquerqueRandomOpening || c.MatchGames != AlquerqueMatchGames {
		t.Errorf("%+v", c)
	}
	c = DefaultConfig()
	c.AlquerqueDefaults(func(string) bool { return false })
	if c.Run.Games != AlquerqueGames || c.MatchModel != DefaultMatchModel || c.Run.Out != DefaultOut {
		t.Errorf("nothing given: %+v", c)
	}
}
