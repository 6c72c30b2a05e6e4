package gamestats

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// Winner is a game's result by colour.
type Winner uint8

const (
	RedWin Winner = iota
	Draw
	BlackWin
	// NoWinner marks a missing value (a majority_winner column left empty).
	NoWinner
)

var winnerNames = [...]string{"red", "draw", "black", ""}

// String returns "red", "draw", "black", or "" for NoWinner.
func (w Winner) String() string {
	if w > NoWinner {
		return fmt.Sprintf("Winner(%d)", uint8(w))
	}
	return winnerNames[w]
}

// ParseWinner parses the winner column: "red", "black" or "draw", the
// names String writes.
func ParseWinner(s string) (Winner, error) {
	if i := slices.Index(winnerNames[:NoWinner], s); i >= 0 {
		return Winner(i), nil
	}
	return NoWinner, fmt.Errorf("winner %q: want red, black or draw", s)
}

// Game is one finished game as the statistics need it: the columns of the
// dataset's games table (docs/DATASET.md), parsed. Moves may be only the
// first OpeningPlies moves; nothing else of it is read.
type Game struct {
	ID           int64
	Variant      string
	Rules        string
	StartFEN     string
	OpeningPlies int
	Moves        []string
	Plies        int
	Captures     int
	Winner       Winner
	Reason       string
	RedPieces    int
	BlackPieces  int
	// MajorityWinner is how the majority variant scores the same ending;
	// NoWinner when the dataset lacks it.
	MajorityWinner Winner
	// FirstRed reports whether Red made the game's first move (the side to
	// move in StartFEN).
	FirstRed bool
	// Game is the game played: "surakarta" or "alquerque" (the games
	// table's game column).
	Game string
}

// Reasons lists the ending reasons in report order.
var Reasons = []string{"capture-all", "no-moves", "no-capture-limit", "repetition"}

// FromRow converts a games-table row of any game into dst, checking the
// values the statistics depend on; the error names the game. The winner
// is read by the order of play (the outcome column): RedWin is the first
// player's win (Surakarta's Red, Alquerque's White), BlackWin the
// second's; a game other than Surakarta has Variant "GAME/VARIANT" (the
// partition's key, dataset.Key), so that its games are never counted with
// Surakarta's.
func FromRow(dst *Game, r *dataset.GameRow) error {
	w, err := outcomeWinner(r.Outcome)
	if err != nil {
		return fmt.Errorf("game %d: %w", r.GameID, err)
	}
	variant := dataset.Key(r.Game, r.Variant)
	if names := PlayerNames(variant); r.Winner != [...]string{names[0], "draw", names[1]}[w] {
		return fmt.Errorf("game %d: winner %q, outcome %q: they disagree", r.GameID, r.Winner, r.Outcome)
	}
	mw := NoWinner
	if r.MajorityWinner != "" {
		if mw, err = ParseWinner(r.MajorityWinner); err != nil {
			return fmt.Errorf("game %d: majority_winner: %w", r.GameID, err)
		}
	}
	firstRed, err := firstMoverIsRed(r.StartFEN)
	if err != nil {
		return fmt.Errorf("game %d: %w", r.GameID, err)
	}
	if r.Plies < 0 || r.Captures < 0 || r.OpeningPlies < 0 {
		return fmt.Errorf("game %d: negative plies %d, captures %d or opening plies %d", r.GameID, r.Plies, r.Captures, r.OpeningPlies)
	}
	if r.Reason == "" {
		return fmt.Errorf("game %d: empty reason", r.GameID)
	}
	*dst = Game{
		ID:             r.GameID,
		Variant:        variant,
		Rules:          r.Rules,
		StartFEN:       r.StartFEN,
		OpeningPlies:   int(r.OpeningPlies),
		Moves:          r.Moves,
		Plies:          int(r.Plies),
		Captures:       int(r.Captures),
		Winner:         w,
		Reason:         r.Reason,
		RedPieces:      int(r.RedPieces),
		BlackPieces:    int(r.BlackPieces),
		MajorityWinner: mw,
		FirstRed:       firstRed,
		Game:           r.Game,
	}
	return nil
}

// playerNames returns the names of the first and second player of the
// game whose games a group holds, by its variant (a partition key,
// dataset.Key): Surakarta's red and black, Alquerque's white and black. A
// group of several variants (pooled by other fields) is Surakarta's
// unless its key names another game.
func PlayerNames(variant string) [2]string {
	if g, _ := dataset.SplitKey(variant); g == (alquerque.Rules{}).Name() {
		a := alquerque.Rules{}
		return [2]string{a.PlayerName(game.First), a.PlayerName(game.Second)}
	}
	r := rules.Rules{}
	return [2]string{r.PlayerName(game.First), r.PlayerName(game.Second)}
}

// outcomeWinner reads the outcome column (first, second or draw) as a
// Winner: RedWin for the first player's win.
func outcomeWinner(s string) (Winner, error) {
	switch s {
	case game.FirstWins.String():
		return RedWin, nil
	case game.SecondWins.String():
		return BlackWin, nil
	case game.Draw.String():
		return Draw, nil
	}
	return NoWinner, fmt.Errorf("outcome %q: want first, second or draw", s)
}

// firstMoverIsRed reads the side-to-move field of a position text:
// whether the first player (Surakarta's Red "r", Alquerque's White "w")
// is to move.
func firstMoverIsRed(fen string) (bool, error) {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return false, fmt.Errorf("start_fen %q has no side-to-move field", fen)
	}
	switch f[1] {
	case "r", "w":
		return true, nil
	case "b":
		return false, nil
	}
	return false, fmt.Errorf("start_fen %q: side to move %q: want r, w or b", fen, f[1])
}

// firstScore returns the first player's points in half-points: 2 for a win,
// 1 for a draw, 0 for a loss.
func firstScore(w Winner, firstRed bool) int {
	switch {
	case w == Draw:
		return 1
	case (w == RedWin) == firstRed:
		return 2
	}
	return 0
}

// OpeningKey fingerprints the start of a game: its start position and its
// random opening moves. Two games with equal keys began identically, so
// that results under two variants can be paired.
func (g *Game) OpeningKey() uint64 {
	h := fnv.New64a()
	h.Write([]byte(g.StartFEN))
	fmt.Fprintf(h, "|%d", g.OpeningPlies)
	for i := 0; i < g.OpeningPlies && i < len(g.Moves); i++ {
		h.Write([]byte{'|'})
		h.Write([]byte(g.Moves[i]))
	}
	return h.Sum64()
}
