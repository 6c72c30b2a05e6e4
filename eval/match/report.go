package match

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/internal/base/words"
)

// JSON is what match --json prints: the sides and settings, the arena's
// result, and each side's cost. Without spread between the pairs the
// interval and LOS are null, and the note says why.
type JSON struct {
	A        string `json:"a"`
	B        string `json:"b"`
	AEngine  any    `json:"a_engine"`
	BEngine  any    `json:"b_engine"`
	Variant  string `json:"variant"`
	Rules    string `json:"rules"`
	Seed     uint64 `json:"seed"`
	Opening  int    `json:"random_opening"`
	Start    string `json:"start,omitempty"`
	Planned  int    `json:"planned_games"`
	Complete bool   `json:"complete"`
	*arena.ArenaResult
	EloCI  [2]stats.Num `json:"elo_ci"`
	LOS    *float64     `json:"los"`
	NoteCI string       `json:"elo_ci_note,omitempty"`
	Costs  Costs        `json:"costs"`
}

// JSON returns the match as match --json prints it.
func (m *Result) JSON() JSON {
	res := m.Arena
	ci, los, why := res.EloCI, &res.LOS, NoInterval(res.Pairs)
	if res.EloBound != nil {
		why = "" // a sweep: the one-sided bound speaks for it
	}
	if why != "" {
		ci, los = [2]stats.Num{stats.Num(math.NaN()), stats.Num(math.NaN())}, nil
	}
	o := m.report
	return JSON{m.a.desc, m.b.desc, m.a.settings, m.b.settings, o.variant, o.rules, o.seed, o.opening, o.start, o.games, m.Complete, res,
		ci, los, why, m.Costs}
}

// WriteText prints the match's report as match does: the sides, the
// games, A's results, the Elo difference, the pairs, the endings, the SPRT
// and each side's cost a move.
func (m *Result) WriteText(w io.Writer) error {
	res, a, b, r, seed, opening, openings, planned := m.Arena, m.a.desc, m.b.desc, m.report.rules, m.report.seed, m.report.opening, m.report.start, m.report.games
	fmt.Fprintf(w, "A: %s\nB: %s\n", a, b)
	from := ""
	if openings != "" {
		from = "from " + openings + ", "
	}
	fmt.Fprintf(w, "%s (%s, %s%s of random opening, seed %d), %s\n", words.Count(res.Games, "game"), words.Count(res.Games/2, "pair"), from, words.Count(opening, "ply"), seed, r)
	fmt.Fprintf(w, "A: %d wins, %d draws, %d losses; score %.3f\n", res.Wins, res.Draws, res.Losses, float64(res.Score))
	if b := res.EloBound; b != nil {
		fmt.Fprintf(w, "Elo A - B: %s, A %s all %d pairs, LOS %.1f%%\n", b, map[string]string{">": "won", "<": "lost"}[b.Op], b.Units, 100*res.LOS)
	} else if why := NoInterval(res.Pairs); why != "" {
		fmt.Fprintf(w, "Elo A - B: %s [95%% CI n/a: %s], LOS n/a\n", eloString(res.Elo), why)
	} else {
		fmt.Fprintf(w, "Elo A - B: %s [95%% CI %s, %s], LOS %.1f%%\n", eloString(res.Elo), eloString(res.EloCI[0]), eloString(res.EloCI[1]), 100*res.LOS)
	}
	fmt.Fprintf(w, "A as %s: %d-%d-%d, A as %s: %d-%d-%d (wins-draws-losses)\n", m.report.players[0],
		res.AsRed.Wins, res.AsRed.Draws, res.AsRed.Losses, m.report.players[1], res.AsBlack.Wins, res.AsBlack.Draws, res.AsBlack.Losses)
	fmt.Fprintf(w, "pairs by A's points (0, 1/2, 1, 3/2, 2): %d %d %d %d %d\n", res.Pairs[0], res.Pairs[1], res.Pairs[2], res.Pairs[3], res.Pairs[4])
	reasons := make([]string, 0, len(res.Reasons))
	for k, n := range res.Reasons {
		reasons = append(reasons, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(reasons)
	fmt.Fprintf(w, "endings: %s; mean length %.1f plies\n", strings.Join(reasons, ", "), res.MeanPlies)
	if s := res.SPRT; s != nil {
		state := "undecided"
		switch s.Decision {
		case stats.AcceptH0.String():
			state = fmt.Sprintf("H0 accepted: elo <= %g", s.Elo0)
		case stats.AcceptH1.String():
			state = fmt.Sprintf("H1 accepted: elo >= %g", s.Elo1)
		}
		fmt.Fprintf(w, "SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.3f in [%.3f, %.3f], %s", s.Elo0, s.Elo1, s.Alpha, s.Beta, s.LLR, s.Lower, s.Upper, state)
		if res.Stopped {
			fmt.Fprintf(w, " (stopped after %d of %d games)", res.Games, planned)
		}
		fmt.Fprintln(w)
	}
	return m.Costs.write(w)
}

func eloString(e stats.Num) string { return stats.EloText(float64(e)) }

// NoInterval says why the pairs support no interval (and no likelihood of
// superiority), or returns "": the pentanomial interval is the spread of
// the pair scores, and one pair, or pairs that all scored the same, show
// no spread, so the formula's zero-width interval would claim a certainty
// the games do not give. A sweep (every pair won, or lost) has its
// one-sided bound instead (ArenaResult.EloBound), which the report prefers.
func NoInterval(p stats.Pentanomial) string {
	n := p.Pairs()
	if n == 1 {
		return "one pair"
	}
	for k, c := range p {
		if c == n && n > 0 {
			return fmt.Sprintf("all %d pairs scored %s of 2 points", n, [...]string{"0", "1/2", "1", "3/2", "2"}[k])
		}
	}
	return ""
}
