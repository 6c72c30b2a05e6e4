package gamestats

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Summary accumulates the games of one group as counts: everything the
// statistics need, in memory that does not grow with the number of games.
// Summaries of disjoint sets of games merge into the summary of their union
// (Merge), so shards can be summarised apart. The zero value is empty.
type Summary struct {
	Games int64
	// Outcomes counts games by winner: [RedWin], [Draw], [BlackWin].
	Outcomes [3]int64
	// First counts the first player's results: [0] losses, [1] draws,
	// [2] wins (the half-points scored).
	First [3]int64
	// RedFirst counts the games in which Red moved first.
	RedFirst int64
	// Reasons counts games by ending reason and winner.
	Reasons map[string]*[3]int64
	// Plies and Captures are exact histograms of game length and of the
	// number of captures per game.
	Plies, Captures Histogram
	// Majority is the joint table of winner (row) and majority_winner
	// (column) over the games that carry majority_winner: how the
	// majority rule would have scored the same endings.
	Majority [3][3]int64
	// MajorityFirst is the joint table of the first player's half-points
	// under the game's own rules (row) and under the majority rescoring
	// (column).
	MajorityFirst [3][3]int64
}

// Add records one game.
func (s *Summary) Add(g *Game) {
	s.Games++
	s.Outcomes[g.Winner]++
	fs := firstScore(g.Winner, g.FirstRed)
	s.First[fs]++
	if g.FirstRed {
		s.RedFirst++
	}
	if s.Reasons == nil {
		s.Reasons = map[string]*[3]int64{}
	}
	r := s.Reasons[g.Reason]
	if r == nil {
		r = new([3]int64)
		s.Reasons[g.Reason] = r
	}
	r[g.Winner]++
	s.Plies.Add(g.Plies)
	s.Captures.Add(g.Captures)
	if g.MajorityWinner != NoWinner {
		s.Majority[g.Winner][g.MajorityWinner]++
		s.MajorityFirst[fs][firstScore(g.MajorityWinner, g.FirstRed)]++
	}
}

// Merge adds the games of o to s.
func (s *Summary) Merge(o *Summary) {
	s.Games += o.Games
	s.RedFirst += o.RedFirst
	for i := range 3 {
		s.Outcomes[i] += o.Outcomes[i]
		s.First[i] += o.First[i]
		for j := range 3 {
			s.Majority[i][j] += o.Majority[i][j]
			s.MajorityFirst[i][j] += o.MajorityFirst[i][j]
		}
	}
	if len(o.Reasons) > 0 && s.Reasons == nil {
		s.Reasons = map[string]*[3]int64{}
	}
	for k, v := range o.Reasons {
		r := s.Reasons[k]
		if r == nil {
			r = new([3]int64)
			s.Reasons[k] = r
		}
		for i := range 3 {
			r[i] += v[i]
		}
	}
	s.Plies.Merge(o.Plies)
	s.Captures.Merge(o.Captures)
}

// ReasonCount returns the number of games that ended for reason.
func (s *Summary) ReasonCount(reason string) int64 {
	r := s.Reasons[reason]
	if r == nil {
		return 0
	}
	return r[0] + r[1] + r[2]
}

// ReasonNames returns the reasons present: the known ones in report order,
// then any others sorted.
func (s *Summary) ReasonNames() []string {
	var out []string
	known := map[string]bool{}
	for _, r := range Reasons {
		known[r] = true
		if s.ReasonCount(r) > 0 {
			out = append(out, r)
		}
	}
	var extra []string
	for r := range s.Reasons {
		if !known[r] {
			extra = append(extra, r)
		}
	}
	sort.Strings(extra)
	return append(out, extra...)
}

// MajorityGames returns how many games carry majority_winner.
func (s *Summary) MajorityGames() int64 {
	var n int64
	for i := range 3 {
		for j := range 3 {
			n += s.Majority[i][j]
		}
	}
	return n
}

// GroupFields are the game properties games can be grouped by, besides the
// variant (always a grouping key).
var GroupFields = []string{"variant", "source", "reason", "winner", "opening_plies", "rules", "first_player"}

// ParseBy parses a --by list such as "variant,reason" into grouping fields.
// The variant is always a field, first, or second after source when the
// list names source (so that labels read SOURCE/VARIANT/...).
func ParseBy(s string) ([]string, error) {
	by := []string{"variant"}
	seen := map[string]bool{"variant": true}
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" || seen[f] {
			continue
		}
		ok := false
		for _, g := range GroupFields {
			ok = ok || g == f
		}
		if !ok {
			return nil, fmt.Errorf("cannot group by %q: want a comma-separated list of %s", f, strings.Join(GroupFields, ", "))
		}
		seen[f] = true
		if f == "source" {
			by = append([]string{"source"}, by...)
			continue
		}
		by = append(by, f)
	}
	return by, nil
}

// Group is the summary of the games sharing one value of each grouping
// field.
type Group struct {
	// Key holds the value of each field of Summarizer.By, in order.
	Key []string
	Summary
}

// Label joins the key's values, e.g. "standard" or "standard/repetition".
func (g *Group) Label() string { return strings.Join(g.Key, "/") }

// Summarizer sorts games into groups by the fields By (see GroupFields) and
// summarises each. Source labels the games Added (a dataset or an
// experiment arm). The zero value groups by variant.
type Summarizer struct {
	By      []string
	Source  string
	groups  map[string]*Group
	scratch []byte
}

// NewSummarizer returns a summarizer grouping by the given fields; by must
// come from ParseBy or be nil (variant only).
func NewSummarizer(by []string) *Summarizer {
	if len(by) == 0 {
		by = []string{"variant"}
	}
	return &Summarizer{By: by}
}

// appendField appends the value of grouping field f for game g.
func (z *Summarizer) appendField(dst []byte, f string, g *Game) []byte {
	switch f {
	case "variant":
		return append(dst, g.Variant...)
	case "source":
		return append(dst, z.Source...)
	case "reason":
		return append(dst, g.Reason...)
	case "winner":
		return append(dst, g.Winner.String()...)
	case "opening_plies":
		return strconv.AppendInt(dst, int64(g.OpeningPlies), 10)
	case "rules":
		return append(dst, g.Rules...)
	case "first_player":
		if g.FirstRed {
			return append(dst, "red"...)
		}
		return append(dst, "black"...)
	}
	panic("gamestats: unknown grouping field " + f)
}

// Add records one game in its group. Finding the group allocates nothing
// once the group exists.
func (z *Summarizer) Add(g *Game) {
	if len(z.By) == 0 {
		z.By = []string{"variant"}
	}
	buf := z.scratch[:0]
	for i, f := range z.By {
		if i > 0 {
			buf = append(buf, 0)
		}
		buf = z.appendField(buf, f, g)
	}
	z.scratch = buf
	gr := z.groups[string(buf)] // no allocation: the compiler converts in place
	if gr == nil {
		if z.groups == nil {
			z.groups = map[string]*Group{}
		}
		gr = &Group{Key: strings.Split(string(buf), "\x00")}
		z.groups[string(buf)] = gr
	}
	gr.Add(g)
}

// Merge adds every group of o (grouped by the same fields) to z.
func (z *Summarizer) Merge(o *Summarizer) error {
	if strings.Join(z.By, ",") != strings.Join(o.By, ",") {
		return fmt.Errorf("cannot merge summaries grouped by %v and %v", z.By, o.By)
	}
	if z.groups == nil {
		z.groups = map[string]*Group{}
	}
	for k, g := range o.groups {
		mine := z.groups[k]
		if mine == nil {
			mine = &Group{Key: append([]string(nil), g.Key...)}
			z.groups[k] = mine
		}
		mine.Merge(&g.Summary)
	}
	return nil
}

// Groups returns the groups sorted by key (variants in alphabetical order,
// numbers numerically).
func (z *Summarizer) Groups() []*Group {
	out := make([]*Group, 0, len(z.groups))
	for _, g := range z.groups {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return keyLess(out[i].Key, out[j].Key) })
	return out
}

func keyLess(a, b []string) bool {
	for i := range min(len(a), len(b)) {
		if a[i] == b[i] {
			continue
		}
		x, errx := strconv.Atoi(a[i])
		y, erry := strconv.Atoi(b[i])
		if errx == nil && erry == nil {
			return x < y
		}
		return variantLess(a[i], b[i])
	}
	return len(a) < len(b)
}
