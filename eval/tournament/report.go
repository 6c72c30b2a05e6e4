package tournament

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/internal/base/words"
)

// JSON is what tournament --json prints (and ReportFile holds): the
// engines and settings, the rating list and every pairing's match.
type JSON struct {
	Engines []EngineJSON `json:"engines"`
	// Game names the game when it is not Surakarta (whose reports, as
	// before the game was named, have no game).
	Game            string        `json:"game,omitempty"`
	Schedule        string        `json:"schedule"`
	GamesPerPairing int           `json:"games_per_pairing"`
	Variant         string        `json:"variant"`
	Rules           string        `json:"rules"`
	Seed            uint64        `json:"seed"`
	Opening         int           `json:"random_opening"`
	Start           string        `json:"start,omitempty"`
	Complete        bool          `json:"complete"`
	Games           int           `json:"games"`
	Anchor          string        `json:"anchor"`
	PriorDraws      float64       `json:"prior_draws"`
	Conf            float64       `json:"conf"`
	Ratings         []Rating      `json:"ratings"`
	RatingsNote     string        `json:"ratings_note,omitempty"`
	Pairings        []PairingJSON `json:"pairings"`
}

// EngineJSON is one engine: its number (from 1), name, side text and the
// settings match records of it.
type EngineJSON struct {
	Number   int    `json:"number"`
	Name     string `json:"name"`
	Side     string `json:"side,omitempty"`
	Settings any    `json:"settings,omitempty"`
	// Cost is its moves (the random openings' excluded), time and nodes
	// over every game it played.
	Cost match.SideCost `json:"cost"`
}

// PairingJSON is one pairing's match from A's side (the arena's result),
// with the directory it is recorded in.
type PairingJSON struct {
	A        string `json:"a"`
	B        string `json:"b"`
	Dir      string `json:"dir,omitempty"`
	Complete bool   `json:"complete"`
	*arena.ArenaResult
}

// JSON returns the tournament as tournament --json prints it.
func (r *Result) JSON() JSON {
	o, s := &r.opt, &r.played
	j := JSON{Schedule: Schedule(o.Gauntlet), GamesPerPairing: int(s.run.Games), Variant: dataset.RulesVariant(s.rules), Rules: s.rules,
		Seed: s.run.Seed, Opening: s.run.RandomOpening, Start: s.start, Complete: r.Complete, Games: r.Games(),
		Anchor: r.Names[r.Anchor], PriorDraws: o.PriorDraws, Conf: Conf, Ratings: r.Ratings, RatingsNote: r.RatingsNote}
	if s.game != dataset.DefaultGame {
		j.Game = s.game
	}
	for i, n := range r.Names {
		e := EngineJSON{Number: i + 1, Name: n, Settings: r.Settings[i], Cost: r.Costs[i]}
		if i < len(o.Sides) && !s.players {
			e.Side = o.Sides[i]
		}
		j.Engines = append(j.Engines, e)
	}
	if j.Ratings == nil {
		j.Ratings = []Rating{}
	}
	for _, p := range r.Pairings {
		pj := PairingJSON{A: r.Names[p.A], B: r.Names[p.B], Complete: p.Complete, ArenaResult: p.Arena}
		if s.run.Out != "" {
			pj.Dir = p.Dir()
		}
		j.Pairings = append(j.Pairings, pj)
	}
	return j
}

// order returns the engines in the crosstable's order: the rating list's,
// then the engines without a rating in the order given.
func (r *Result) order() []int {
	var out []int
	rated := make([]bool, len(r.Names))
	for _, g := range r.Ratings {
		out = append(out, g.index)
		rated[g.index] = true
	}
	for i := range r.Names {
		if !rated[i] {
			out = append(out, i)
		}
	}
	return out
}

// cell returns the points engine a scored against engine b and the games
// they played, and whether they played.
func (r *Result) cell(a, b int) (points float64, games int, ok bool) {
	for _, p := range r.Pairings {
		if p.Arena.Games == 0 {
			continue
		}
		pa := float64(p.Arena.Wins) + float64(p.Arena.Draws)/2
		switch {
		case p.A == a && p.B == b:
			return pa, p.Arena.Games, true
		case p.A == b && p.B == a:
			return float64(p.Arena.Games) - pa, p.Arena.Games, true
		}
	}
	return 0, 0, false
}

// crosstable returns the crosstable's rows: the row's number, the name
// and a cell for each engine in the same order ("points/games", "" for
// none, dot for the engine itself).
func (r *Result) crosstable() [][]string {
	order := r.order()
	var rows [][]string
	for k, a := range order {
		row := []string{strconv.Itoa(k + 1), r.Names[a]}
		for _, b := range order {
			cell := ""
			if a == b {
				cell = "·"
			} else if pts, n, ok := r.cell(a, b); ok {
				cell = fmt.Sprintf("%s/%d", strconv.FormatFloat(pts, 'f', -1, 64), n)
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	return rows
}

// header says what was played: the schedule, the pairings and games, the
// openings, the seed and the rules.
func (r *Result) header() string {
	o, s := &r.opt, &r.played
	from := ""
	if s.start != "" {
		from = "from " + s.start + ", "
	}
	played := ""
	if !r.Complete {
		played = fmt.Sprintf(" (stopped early: %s played)", words.Count(r.Games(), "game"))
	}
	return fmt.Sprintf("%s of %d engines: %s of %s each%s, %s%s of random opening, seed %d, %s",
		Schedule(o.Gauntlet), len(r.Names), words.Count(len(Pairings(len(r.Names), o.Gauntlet)), "pairing"), words.Count(int(s.run.Games), "game"), played,
		from, words.Count(s.run.RandomOpening, "ply"), s.run.Seed, s.rulesText())
}

// ratingsLine says what the rating list's numbers are.
func (r *Result) ratingsLine() string {
	return fmt.Sprintf("Elo relative to %s with %g%% intervals, from one Bradley–Terry fit by maximum likelihood over every pairing's pairs (%s a pairing)",
		r.Names[r.Anchor], 100*Conf, words.Count(int(r.opt.PriorDraws), "prior draw"))
}

// ratingCells returns a rating's Elo and interval as the reports print
// them ("anchor" for the anchor's interval).
func (r *Result) ratingCells(g Rating) (elo, ci string) {
	if g.index == r.Anchor {
		return stats.EloText(g.Elo), "anchor"
	}
	return stats.EloText(g.Elo), fmt.Sprintf("[%s, %s]", stats.EloText(g.EloCI[0]), stats.EloText(g.EloCI[1]))
}

// pairingLine says what one pairing's first engine scored, its pairs and
// how the games ended (time-forfeit among them on a clock).
func (r *Result) pairingLine(p Played) string {
	a := p.Arena
	cut := ""
	if !p.Complete {
		cut = " (stopped early)"
	}
	var ends []string
	for _, k := range slices.Sorted(maps.Keys(a.Reasons)) {
		ends = append(ends, fmt.Sprintf("%s %d", k, a.Reasons[k]))
	}
	return fmt.Sprintf("%s vs %s: %s%s, %s +%d =%d -%d, pairs %d %d %d %d %d; endings %s",
		r.Names[p.A], r.Names[p.B], words.Count(a.Games, "game"), cut, r.Names[p.A], a.Wins, a.Draws, a.Losses, a.Pairs[0], a.Pairs[1], a.Pairs[2], a.Pairs[3], a.Pairs[4], strings.Join(ends, ", "))
}

// costLines say each engine's cost a move, in the crosstable's order.
func (r *Result) costLines() []string {
	var out []string
	for _, e := range r.order() {
		out = append(out, r.Names[e]+": "+r.Costs[e].String())
	}
	return out
}

// WriteText prints the tournament's report as tournament does: what was
// played, the rating list, the crosstable and each pairing's results with
// its pentanomial counts.
func (r *Result) WriteText(w io.Writer) error {
	fmt.Fprintln(w, r.header())
	fmt.Fprintln(w)
	fmt.Fprintln(w, "ratings: "+r.ratingsLine())
	if r.RatingsNote != "" {
		fmt.Fprintln(w, "no rating list: "+r.RatingsNote)
	} else {
		rows := [][]string{{"rank", "engine", "Elo", "95% CI", "games", "points", "score"}}
		for _, g := range r.Ratings {
			elo, ci := r.ratingCells(g)
			rows = append(rows, []string{strconv.Itoa(g.Rank), g.Engine, elo, ci, strconv.Itoa(g.Games), strconv.FormatFloat(g.Points, 'f', -1, 64), fmt.Sprintf("%.3f", g.Score)})
		}
		writeTable(w, rows)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "crosstable: the row engine's points against the column's, of the games they played")
	rows := [][]string{{"", "engine"}}
	for k := range r.Names {
		rows[0] = append(rows[0], strconv.Itoa(k+1))
	}
	rows = append(rows, r.crosstable()...)
	writeTable(w, rows)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "pairings: the first engine's wins, draws and losses, its colour-swapped pairs by its points 0, 1/2, 1, 3/2, 2 (pentanomial), and the endings")
	for _, p := range r.Pairings {
		fmt.Fprintln(w, r.pairingLine(p))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "cost: each engine's mean time and nodes a move")
	for _, line := range r.costLines() {
		fmt.Fprintln(w, line)
	}
	_, err := fmt.Fprint(w)
	return err
}

// WriteMarkdown prints the report as Markdown: the same header, rating
// list, crosstable and pairings, as tables.
func (r *Result) WriteMarkdown(w io.Writer) error {
	fmt.Fprintf(w, "%s.\n\n", r.header())
	fmt.Fprintf(w, "Ratings: %s.\n\n", r.ratingsLine())
	if r.RatingsNote != "" {
		fmt.Fprintf(w, "No rating list: %s.\n\n", r.RatingsNote)
	} else {
		fmt.Fprintln(w, "| rank | engine | Elo | 95% CI | games | points | score |")
		fmt.Fprintln(w, "|---:|---|---:|---:|---:|---:|---:|")
		for _, g := range r.Ratings {
			elo, ci := r.ratingCells(g)
			fmt.Fprintf(w, "| %d | %s | %s | %s | %d | %s | %.3f |\n", g.Rank, mdEscape(g.Engine), elo, ci, g.Games, strconv.FormatFloat(g.Points, 'f', -1, 64), g.Score)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, "Crosstable: the row engine's points against the column's, of the games they played.")
	fmt.Fprintln(w)
	head, rule := "| | engine |", "|---:|---|"
	for k := range r.Names {
		head += fmt.Sprintf(" %d |", k+1)
		rule += "---:|"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, rule)
	for _, row := range r.crosstable() {
		row[1] = mdEscape(row[1])
		fmt.Fprintln(w, "| "+strings.Join(row, " | ")+" |")
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Pairings: the first engine's wins, draws and losses, its colour-swapped pairs by its points 0, 1/2, 1, 3/2, 2 (pentanomial), and the endings.")
	fmt.Fprintln(w)
	for _, p := range r.Pairings {
		fmt.Fprintln(w, "- "+mdEscape(r.pairingLine(p)))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Cost: each engine's mean time and nodes a move.")
	fmt.Fprintln(w)
	for _, line := range r.costLines() {
		fmt.Fprintln(w, "- "+mdEscape(line))
	}
	_, err := fmt.Fprint(w)
	return err
}

// mdEscape escapes what Markdown would read as a table's cell boundary or
// emphasis in an engine's name.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`).Replace(s)
}

// writeTable prints rows as columns two spaces apart, the second (the
// engines' names) aligned left and the others right.
func writeTable(w io.Writer, rows [][]string) {
	var width []int
	for _, row := range rows {
		for i, c := range row {
			if i == len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, c := range row {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if i > 0 {
				b.WriteString("  ")
			}
			if i == 1 {
				b.WriteString(c + pad)
			} else {
				b.WriteString(pad + c)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}
