package dataset_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

// TestPositionRowRebuildsThePositionItWasFilledFrom checks that
// PositionRow.Position gives back the position FillPosition wrote (pieces,
// side to move, no-capture count) and that a row whose bitboards overlap
// is an error naming its game and ply.
func TestPositionRowRebuildsThePositionItWasFilledFrom(t *testing.T) {
	_, rows := testgames.SynthGame(t, rules.DefaultRules(), 11, 3, 4)
	for i := range rows {
		p, err := rows[i].Position()
		if err != nil {
			t.Fatal(err)
		}
		if uint64(p.Red()) != rows[i].Red || uint64(p.Black()) != rows[i].Black || int8(p.SideToMove()) != rows[i].SideToMove || int16(p.NoCapturePlies()) != rows[i].NoCapturePlies || p.CountMoves() != int(rows[i].LegalMoves) {
			t.Fatalf("row %d (%s): rebuilt as %s", i, rows[i].FEN, p.FEN())
		}
	}
	bad := rows[0]
	bad.Black |= bad.Red & -bad.Red
	if _, err := bad.Position(); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("game 3 ply %d: ", bad.Ply)) {
		t.Errorf("a row with a square held by both sides: error %v, want one naming game 3 ply %d", err, bad.Ply)
	}
}
