package play

import (
	"fmt"
	"strings"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/rules"
)

// View is how a game shows at the terminal, beyond what the game contract
// says (the position text, the notation, the players' names): what play
// needs of a game besides its rules.
type View[P any, M any] struct {
	// Board draws p, in colour with ANSI escapes when color is set.
	Board func(p *P, color bool) string
	// MoveNumber is the number p's text gives the move about to be
	// played (play's "12." and "12...").
	MoveNumber func(p *P) int
	// Legal lists p's legal moves in notation, in the order the game's
	// moves command lists them.
	Legal func(p *P) []string
	// Route, when not nil, returns a line that shows where m, played in
	// p, goes ("" for none): Surakarta's capture routes, which its
	// notation leaves out.
	Route func(p *P, m M) string
	// Examples are moves in the notation for the prompt's help, e.g.
	// "b2-c3, b2xe5".
	Examples string
}

// SurakartaView shows Surakarta: its diagram with both circuits, the
// squares each capture travels.
func SurakartaView() View[rules.Position, rules.Move] {
	return View[rules.Position, rules.Move]{
		Board:      rules.Diagram,
		MoveNumber: (*rules.Position).MoveNumber,
		Legal:      (*rules.Position).LegalMoveStrings,
		Route:      surakartaRoute,
		Examples:   "b2-c3, b2xe5",
	}
}

// AlquerqueView shows Alquerque: its diagram with the board's lines; a
// capture's notation is its path already, so there is no route line.
func AlquerqueView() View[alquerque.Position, alquerque.Code] {
	return View[alquerque.Position, alquerque.Code]{
		Board:      alquerque.Diagram,
		MoveNumber: (*alquerque.Position).MoveNumber,
		Legal:      (*alquerque.Position).LegalMoveStrings,
		Examples:   "c2-c3, c4xc2xe2",
	}
}

// surakartaRoute shows the squares a capture travels, for m played in p.
func surakartaRoute(p *rules.Position, m rules.Move) string {
	if !m.IsCapture() {
		return ""
	}
	routes := p.Routes(m)
	if len(routes) == 0 {
		return ""
	}
	path := routes[0].Path()
	squares := make([]string, 0, len(path)+1)
	squares = append(squares, m.From().String())
	for _, s := range path {
		squares = append(squares, s.String())
	}
	return fmt.Sprintf("   route: %s (captures on %s)", strings.Join(squares, " > "), m.To())
}
