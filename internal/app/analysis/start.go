package analysis

import (
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// Start is what a search of a game in progress starts from (analyze,
// play): the game (a position after the moves given), a searcher, and the
// note to make at each position the game reaches (that larger endgame
// tables would solve it; nil: none).
type Start[G mcts.Game[P, M], P comparable, M game.Move] struct {
	Line       *game.Line[G, P, M]
	Searcher   *mcts.SearcherOf[G, P, M]
	OnPosition func(*P)
}

// StartOf starts a search of line with cfg and ev, without endgame
// tables.
func StartOf[G mcts.Game[P, M], P comparable, M game.Move](line *game.Line[G, P, M], cfg mcts.ConfigOf[G], ev mcts.EvaluatorOf[P, M]) (Start[G, P, M], error) {
	s, err := mcts.NewSearcherOf(cfg, ev, nil)
	return Start[G, P, M]{Line: line, Searcher: s}, err
}

// StartWithTables starts a Surakarta search of line with cfg and ev and
// the endgame tables tb resolves for cfg's rules (tablebase.Resolver:
// those cfg.Tablebase names when named says it was given, else the
// default directory's), which it searches with as its oracle. Each
// position the game reaches, its start's at once, is said when tables of
// one more piece would solve it.
func StartWithTables(line *game.Line[rules.Rules, rules.Position, rules.Move], cfg mcts.Config, ev mcts.Evaluator, tb *tablebase.Resolver, named bool) (Start[rules.Rules, rules.Position, rules.Move], error) {
	st := Start[rules.Rules, rules.Position, rules.Move]{Line: line}
	dir, t, err := tb.Resolve(cfg.Tablebase, cfg.Rules, named)
	if err != nil {
		return st, err
	}
	cfg.Tablebase = dir
	st.OnPosition = func(p *rules.Position) { tb.Larger(t, p) }
	p := line.Position()
	st.OnPosition(&p)
	st.Searcher, err = mcts.NewSearcherOf(cfg, ev, tablebase.OracleOf(t))
	return st, err
}
