package gamestats

import "sort"

// Arm identifies the games of one variant in one source: the unit that
// comparisons compare.
type Arm struct {
	Source, Variant string
}

// Label names the arm: "variant", or "source/variant" when the source is
// named.
func (a Arm) Label() string {
	if a.Source == "" {
		return a.Variant
	}
	return a.Source + "/" + a.Variant
}

// Collector summarises games from one or more sources: grouped as asked
// (Groups), and per arm for comparisons, with a pairing index per arm when
// pairing is wanted. Sources summarised apart (shards, other machines)
// merge with Merge.
type Collector struct {
	Groups *Summarizer
	// Arms maps each arm to its summary; order keeps first-seen order.
	Arms  map[Arm]*Group
	order []Arm
	// Pairs holds each arm's pairing index when the collector pairs.
	Pairs map[Arm]*PairIndex
	pair  bool
	// Openings counts each arm's games by opening, and Draws its drawn
	// games by ending and material.
	Openings map[Arm]*OpeningIndex
	Draws    map[Arm]*DrawAnatomy
	// Tables, when set, classifies every draw by the endgame tables.
	Tables *DrawTables
}

// NewCollector returns a collector grouping by the fields by (see ParseBy);
// with pair set it also indexes games for paired comparisons.
func NewCollector(by []string, pair bool) *Collector {
	c := &Collector{Groups: NewSummarizer(by), Arms: map[Arm]*Group{}, pair: pair,
		Openings: map[Arm]*OpeningIndex{}, Draws: map[Arm]*DrawAnatomy{}}
	if pair {
		c.Pairs = map[Arm]*PairIndex{}
	}
	return c
}

// Add records a game from the source named source.
func (c *Collector) Add(source string, g *Game) {
	c.Groups.Source = source
	c.Groups.Add(g)
	a := Arm{Source: source, Variant: g.Variant}
	c.arm(a).Add(g)
	c.Openings[a].Add(g)
	c.Draws[a].Add(g, c.Tables)
	if c.pair {
		c.Pairs[a].Add(g)
	}
}

// arm returns a's group, first making it, with its openings, draws and
// (when games are paired) pair index, in the order arms are first seen.
func (c *Collector) arm(a Arm) *Group {
	gr := c.Arms[a]
	if gr == nil {
		gr = &Group{Key: []string{a.Label()}}
		c.Arms[a] = gr
		c.order = append(c.order, a)
		c.Openings[a], c.Draws[a] = &OpeningIndex{}, &DrawAnatomy{}
		if c.pair {
			c.Pairs[a] = &PairIndex{}
		}
	}
	return gr
}

// Merge adds everything o collected (from disjoint games) to c.
func (c *Collector) Merge(o *Collector) error {
	if err := c.Groups.Merge(o.Groups); err != nil {
		return err
	}
	for _, a := range o.order {
		c.arm(a).Merge(&o.Arms[a].Summary)
		if o.Openings[a] != nil {
			c.Openings[a].Merge(o.Openings[a])
		}
		if o.Draws[a] != nil {
			c.Draws[a].Merge(o.Draws[a])
		}
		if c.pair && o.Pairs[a] != nil {
			c.Pairs[a].Merge(o.Pairs[a])
		}
	}
	return nil
}

// ArmOrder returns the arms in the order first seen.
func (c *Collector) ArmOrder() []Arm { return append([]Arm(nil), c.order...) }

// Result is the output of the stats command: per-group statistics and the
// comparisons between arms.
type Result struct {
	Confidence float64 `json:"confidence"`
	// By lists the grouping fields; Sources the datasets read.
	By      []string `json:"by"`
	Sources []string `json:"sources,omitempty"`
	// Variants has one entry per group (per variant without --by).
	Variants    []GroupStats `json:"variants"`
	Comparisons []Comparison `json:"comparisons,omitempty"`
	// EquivalenceMargin is the margin of the comparisons' equivalence
	// tests (TestEquivalence); 0 when none were run.
	EquivalenceMargin float64 `json:"equivalence_margin,omitempty"`
	// Mixed, when not empty, says that pooled runs differ in their
	// settings, one difference per entry (stats --pool --allow-mixed).
	Mixed []string `json:"mixed,omitempty"`
}

// ComparePairs returns the pairs of arms to compare, in arm order: arms
// that differ in exactly one of source and variant (two variants of one
// dataset, one variant in two datasets); or, when every source holds a
// single variant (one directory per experiment arm), every pair of sources.
func ComparePairs(arms []Arm) [][2]Arm {
	var out [][2]Arm
	perSource := map[string]int{}
	for _, a := range arms {
		perSource[a.Source]++
	}
	single := len(perSource) > 1
	for _, n := range perSource {
		single = single && n == 1
	}
	if single {
		for i := range arms {
			for j := i + 1; j < len(arms); j++ {
				out = append(out, [2]Arm{arms[i], arms[j]})
			}
		}
		return out
	}
	for i := range arms {
		for j := i + 1; j < len(arms); j++ {
			a, b := arms[i], arms[j]
			if (a.Source == b.Source) != (a.Variant == b.Variant) {
				out = append(out, [2]Arm{a, b})
			}
		}
	}
	return out
}

// Analyze computes the statistics of every group, and with compare the
// comparisons of every pair of arms from ComparePairs (paired where games
// pair).
func (c *Collector) Analyze(conf float64, compare bool) (*Result, error) {
	res := &Result{Confidence: conf, By: c.Groups.By}
	seen := map[string]bool{}
	for _, a := range c.order {
		if !seen[a.Source] && a.Source != "" {
			seen[a.Source] = true
			res.Sources = append(res.Sources, a.Source)
		}
	}
	var err error
	if res.Variants, err = AnalyzeAll(c.Groups, conf); err != nil {
		return nil, err
	}
	if !compare {
		return res, nil
	}
	arms := c.ArmOrder()
	// Standard before majority, then by source: comparisons read
	// standard − majority and first dataset − second.
	sort.SliceStable(arms, func(i, j int) bool {
		if arms[i].Variant != arms[j].Variant {
			return variantLess(arms[i].Variant, arms[j].Variant)
		}
		return arms[i].Source < arms[j].Source
	})
	for _, p := range ComparePairs(arms) {
		cmp, err := Compare(c.Arms[p[0]], c.Arms[p[1]], conf)
		if err != nil {
			return nil, err
		}
		if c.pair {
			if cmp.Paired, err = PairGames(c.Pairs[p[0]], c.Pairs[p[1]], conf); err != nil {
				return nil, err
			}
		}
		res.Comparisons = append(res.Comparisons, cmp)
	}
	return res, nil
}

// variantLess orders standard before majority, then alphabetically.
func variantLess(a, b string) bool {
	rank := func(v string) int {
		switch v {
		case "standard":
			return 0
		case "majority":
			return 1
		}
		return 2
	}
	if rank(a) != rank(b) {
		return rank(a) < rank(b)
	}
	return a < b
}
