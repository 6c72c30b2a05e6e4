package gamestats

import (
	"fmt"
	"math"
	"slices"

	"github.com/surakarta/surakarta/internal/base/stats"
)

// TableTest is the test of the 3-outcome table (red wins, draws, black
// wins) of two groups: Pearson's chi-square, with the Fisher–Freeman–Halton
// exact p-value when it can be computed; P is the one to quote (exact when
// an expected count is below 5).
type TableTest struct {
	Chi2        float64   `json:"chi2"`
	DF          int       `json:"df"`
	ChiSquareP  float64   `json:"chi2_p"`
	ExactP      stats.Num `json:"exact_p"`
	P           float64   `json:"p"`
	Method      string    `json:"method"`
	CramersV    float64   `json:"cramers_v"`
	MinExpected float64   `json:"min_expected"`
}

// RateComparison compares one rate between two groups: the change from A
// to B (B − A) with Newcombe's hybrid score interval, the pooled
// two-proportion z-test and Cohen's h (of B against A).
type RateComparison struct {
	A       Estimate `json:"a"`
	B       Estimate `json:"b"`
	Diff    Estimate `json:"diff"`
	Z       float64  `json:"z"`
	P       float64  `json:"p"`
	CohensH float64  `json:"cohens_h"`
}

// ScoreComparison compares the first player's score between two
// independent groups: Diff is the change from A to B (B − A) with the
// normal interval
// ±z·√(σ²a/na + σ²b/nb) from the trinomial variances, and Z, P its test.
type ScoreComparison struct {
	A    Estimate  `json:"a"`
	B    Estimate  `json:"b"`
	Diff Estimate  `json:"diff"`
	Z    stats.Num `json:"z"`
	P    float64   `json:"p"`
}

// ComparedGroups names the two groups a comparison tests, A and B, and
// counts their games: a Comparison's and its headline's first fields.
type ComparedGroups struct {
	A      string `json:"a"`
	B      string `json:"b"`
	GamesA int64  `json:"games_a"`
	GamesB int64  `json:"games_b"`
}

// Comparison is the test of two groups (two variants, two datasets, two
// arms of an experiment).
type Comparison struct {
	ComparedGroups
	// Outcomes tests the whole 3-outcome table.
	Outcomes TableTest `json:"outcomes"`
	// Rates compares red_win_rate, black_win_rate, draw_rate and
	// decisive_red_share (when both groups have decisive games).
	Rates            map[string]RateComparison `json:"rates"`
	FirstPlayerScore ScoreComparison           `json:"first_player_score"`
	// Paired is the analysis over the games played from the same opening
	// in both groups, when there are any.
	Paired *PairedComparison `json:"paired,omitempty"`
	// Changes are the changes of the first-player score and the draw rate
	// that a report's answer quotes (paired when the games pair), with
	// their equivalence tests; keys ChangeScore and ChangeDraw. Reports
	// fill them in; stats --compare leaves them out.
	Changes map[string]ChangeFigure `json:"changes,omitempty"`
}

// RateNames lists the compared rates in report order.
var RateNames = []string{"red_win_rate", "black_win_rate", "draw_rate", "decisive_red_share"}

// Compare tests group a against group b at the confidence level conf.
func Compare(a, b *Group, conf float64) (Comparison, error) {
	sa, sb := &a.Summary, &b.Summary
	c := Comparison{ComparedGroups: ComparedGroups{A: a.Label(), B: b.Label(), GamesA: sa.Games, GamesB: sb.Games}, Rates: map[string]RateComparison{}}
	h, err := stats.Homogeneity(ints(sa.Outcomes[:]), ints(sb.Outcomes[:]))
	if err != nil {
		return c, fmt.Errorf("comparing %s with %s: %w", c.A, c.B, err)
	}
	c.Outcomes = TableTest{Chi2: h.Chi2, DF: h.DF, ChiSquareP: h.P, ExactP: stats.Num(math.NaN()), P: h.PValue(),
		Method: h.Method(), CramersV: h.CramersV, MinExpected: h.MinExpected}
	if h.Exact {
		c.Outcomes.ExactP = stats.Num(h.ExactP)
	}
	rate := func(name string, ka, na, kb, nb int64) error {
		// B first: the change from A to B is B − A.
		r, err := stats.TwoProportion(int(kb), int(nb), int(ka), int(na), conf)
		if err != nil {
			return err
		}
		ea, _ := wilsonEst(ka, na, conf)
		eb, _ := wilsonEst(kb, nb, conf)
		c.Rates[name] = RateComparison{A: ea, B: eb, Diff: est(r.Diff, r.CI), Z: r.Z, P: r.P, CohensH: r.CohensH}
		return nil
	}
	if err := rate("red_win_rate", sa.Outcomes[RedWin], sa.Games, sb.Outcomes[RedWin], sb.Games); err != nil {
		return c, err
	}
	rate("black_win_rate", sa.Outcomes[BlackWin], sa.Games, sb.Outcomes[BlackWin], sb.Games)
	rate("draw_rate", sa.Outcomes[Draw], sa.Games, sb.Outcomes[Draw], sb.Games)
	da, db := sa.Outcomes[RedWin]+sa.Outcomes[BlackWin], sb.Outcomes[RedWin]+sb.Outcomes[BlackWin]
	if da > 0 && db > 0 {
		rate("decisive_red_share", sa.Outcomes[RedWin], da, sb.Outcomes[RedWin], db)
	}
	z, _ := stats.ZCrit(conf)
	wa := stats.WDL{Wins: int(sa.First[2]), Draws: int(sa.First[1]), Losses: int(sa.First[0])}
	wb := stats.WDL{Wins: int(sb.First[2]), Draws: int(sb.First[1]), Losses: int(sb.First[0])}
	ea, _, _, err := scoreEstimates(sa.First, conf)
	if err != nil {
		return c, err
	}
	eb, _, _, _ := scoreEstimates(sb.First, conf)
	diff := wb.Score() - wa.Score()
	se := math.Sqrt(wa.Variance()/float64(wa.N()) + wb.Variance()/float64(wb.N()))
	sc := ScoreComparison{A: ea, B: eb, Diff: Estimate{Value: diff, CI: [2]float64{diff - z*se, diff + z*se}}, P: 1}
	if se > 0 {
		sc.Z = stats.Num(diff / se)
		sc.P = 2 * (1 - stats.NormalCDF(math.Abs(diff/se)))
	} else if diff != 0 {
		sc.Z, sc.P = stats.Num(math.Copysign(math.Inf(1), diff)), 0
	}
	c.FirstPlayerScore = sc
	return c, nil
}

// PairedComparison is the analysis of two groups over the games that start
// from the same opening in both (same game id, start position and random
// opening moves): each pair differs only by the rule or setting compared,
// so the opening's own effect cancels.
type PairedComparison struct {
	// Pairs is the number of paired games; UnmatchedA and UnmatchedB count
	// games whose id the other group lacks, and Mismatched games whose id
	// both have but whose openings differ (not paired).
	Pairs      int64 `json:"pairs"`
	UnmatchedA int64 `json:"unmatched_a"`
	UnmatchedB int64 `json:"unmatched_b"`
	Mismatched int64 `json:"mismatched"`
	// Joint counts pairs by the first player's half-points in A (row) and
	// in B (column): 0 loss, 1 draw, 2 win.
	Joint [3][3]int64 `json:"joint"`
	// ScoreDiff is the mean of the per-pair changes of the first player's
	// score from A to B (B − A) with its paired t interval and test.
	ScoreDiff PairedFigure `json:"score_diff"`
	// UnpairedCI is the interval the same games would give as independent
	// samples; WidthRatio is paired width / unpaired width, NarrowerBy
	// 1 − WidthRatio, and EquivalentGames the number of unpaired games per
	// arm that would give the paired interval's width.
	UnpairedCI      [2]stats.Num `json:"unpaired_ci"`
	WidthRatio      stats.Num    `json:"width_ratio"`
	NarrowerBy      stats.Num    `json:"narrower_by"`
	EquivalentGames stats.Num    `json:"equivalent_games"`
	// Correlation is the correlation of the paired scores: near 1 when most
	// pairs play the same game under both settings, near 0 when the pairs
	// are as good as independent (then pairing buys nothing).
	Correlation stats.Num `json:"correlation"`
	// Identical counts the pairs with the same result under both; it is an
	// upper bound on the pairs whose games never reached the difference.
	Identical int64 `json:"identical"`
	// Draws tests the change of the draw rate from A to B (B − A) with
	// McNemar's test; FirstPlayerWins the change of the first player's win
	// rate.
	Draws           McNemarFigure `json:"draws"`
	FirstPlayerWins McNemarFigure `json:"first_player_wins"`
	// ManyPieceDraws counts the pairs whose A game was a draw that kept
	// at least ManyPieces pieces (a repetition after at most one
	// exchange), by B's result for the first player: loss, draw, win;
	// ManyPieceDrawsKept those whose B game was such a draw too.
	ManyPieceDraws     [3]int64 `json:"many_piece_draws"`
	ManyPieceDrawsKept int64    `json:"many_piece_draws_kept"`
}

// pairRecord is what the pairing keeps of a game.
type pairRecord struct {
	opening uint64
	score   uint8 // first player's half-points
	pieces  uint8 // both sides' at the end
}

// PairIndex remembers, per game id, the opening and the first player's
// result of one group's games, for pairing with another group's. It holds
// about 40 bytes per game.
type PairIndex struct {
	games map[int64]pairRecord
}

// Add records a game.
func (x *PairIndex) Add(g *Game) {
	if x.games == nil {
		x.games = map[int64]pairRecord{}
	}
	x.games[g.ID] = pairRecord{opening: g.OpeningKey(), score: uint8(firstScore(g.Winner, g.FirstRed)), pieces: uint8(min(g.RedPieces+g.BlackPieces, 255))}
}

// Merge adds the games of o (from disjoint shards).
func (x *PairIndex) Merge(o *PairIndex) {
	if x.games == nil {
		x.games = map[int64]pairRecord{}
	}
	for id, r := range o.games {
		x.games[id] = r
	}
}

// Game returns what the index holds of game id: its opening (Game.OpeningKey)
// and the first player's score (0, 0.5 or 1); ok is false when it holds no
// such game.
func (x *PairIndex) Game(id int64) (opening uint64, score float64, ok bool) {
	r, ok := x.games[id]
	return r.opening, float64(r.score) / 2, ok
}

// CommonGames returns, in id order, the ids of the games that every index
// holds, each played from the same opening in all.
func CommonGames(idx []*PairIndex) []int64 {
	var ids []int64
	for id, r := range idx[0].games {
		ok := true
		for _, x := range idx[1:] {
			o, has := x.games[id]
			ok = ok && has && o.opening == r.opening
		}
		if ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// Len returns the number of games indexed.
func (x *PairIndex) Len() int { return len(x.games) }

// DistinctOpenings returns the number of distinct openings (start position
// and random plies) among the games indexed.
func (x *PairIndex) DistinctOpenings() int {
	seen := map[uint64]bool{}
	for _, r := range x.games {
		seen[r.opening] = true
	}
	return len(seen)
}

// PairGames pairs the games of a and b and analyzes the pairs at the
// confidence level conf; it returns nil when no game pairs.
func PairGames(a, b *PairIndex, conf float64) (*PairedComparison, error) {
	pc := &PairedComparison{}
	for id, ra := range a.games {
		rb, ok := b.games[id]
		switch {
		case !ok:
			pc.UnmatchedA++
		case ra.opening != rb.opening:
			pc.Mismatched++
		default:
			pc.Pairs++
			pc.Joint[ra.score][rb.score]++
			if ra.score == 1 && ra.pieces >= ManyPieces {
				pc.ManyPieceDraws[rb.score]++
				if rb.score == 1 && rb.pieces >= ManyPieces {
					pc.ManyPieceDrawsKept++
				}
			}
		}
	}
	for id := range b.games {
		if _, ok := a.games[id]; !ok {
			pc.UnmatchedB++
		}
	}
	if pc.Pairs == 0 {
		return nil, nil
	}
	for i := range 3 {
		pc.Identical += pc.Joint[i][i]
	}
	// Rows B: the paired mean difference is B − A.
	p := pairedFromJoint(transpose(pc.Joint))
	nan := stats.Num(math.NaN())
	pc.ScoreDiff = PairedFigure{Value: nan, CI: [2]stats.Num{nan, nan}, T: nan, P: nan}
	pc.UnpairedCI = [2]stats.Num{nan, nan}
	pc.WidthRatio, pc.NarrowerBy, pc.EquivalentGames, pc.Correlation = nan, nan, nan, nan
	if p.N >= 2 {
		r, err := p.Analyze(conf)
		if err != nil {
			return nil, err
		}
		pc.ScoreDiff = PairedFigure{Value: stats.Num(r.MeanDiff), CI: [2]stats.Num{stats.Num(r.CI.Lo), stats.Num(r.CI.Hi)}, T: stats.Num(r.T), P: stats.Num(r.P)}
		pc.UnpairedCI = [2]stats.Num{stats.Num(r.UnpairedCI.Lo), stats.Num(r.UnpairedCI.Hi)}
		pc.Correlation = stats.Num(r.Correlation)
		pc.WidthRatio = stats.Num(r.WidthRatio)
		if !math.IsNaN(r.WidthRatio) {
			pc.NarrowerBy = stats.Num(1 - r.WidthRatio)
			if r.WidthRatio > 0 {
				pc.EquivalentGames = stats.Num(float64(pc.Pairs) / (r.WidthRatio * r.WidthRatio))
			}
		}
	}
	var err error
	// Events under B only first: the change is B − A.
	if pc.Draws, err = mcnemarFigure(pc.Joint[0][1]+pc.Joint[2][1], pc.Joint[1][0]+pc.Joint[1][2], pc.Pairs, conf); err != nil {
		return nil, err
	}
	pc.FirstPlayerWins, err = mcnemarFigure(pc.Joint[0][2]+pc.Joint[1][2], pc.Joint[2][0]+pc.Joint[2][1], pc.Pairs, conf)
	return pc, err
}

func ints(x []int64) []int {
	out := make([]int, len(x))
	for i, v := range x {
		out[i] = int(v)
	}
	return out
}
