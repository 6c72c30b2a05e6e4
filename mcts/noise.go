package mcts

import "math"

func (s *SearcherOf[G, P, M]) addNoise() {
	a := s.arenas[s.cur]
	root := a.node(s.root)
	kids := a.block(root.first, int(root.meta&kidsMask))
	// Noise makes the priors differ, so the lazy shuffle of the children
	// (see lazyBit) cannot go on: it ends here, before the draw.
	settle(&s.main.rng, root, kids)
	eta := s.noise[:len(kids)]
	s.main.rng.Dirichlet(eta, s.cfg.NoiseAlpha/float64(len(kids)))
	wt := s.cfg.NoiseWeight
	root.meta &^= orderedBit
	for k := range kids {
		s.cleanPriors[k] = kids[k].prior
		p := (1-wt)*float64(kids[k].prior)/priorScale + wt*eta[k]
		kids[k].prior = uint16(math.Min(p, 1)*priorScale + 0.5)
	}
}

// removeNoise restores the root priors, so that a reused tree searches from
// clean priors and noise never compounds.
func (s *SearcherOf[G, P, M]) removeNoise() {
	a := s.arenas[s.cur]
	root := a.node(s.root)
	kids := a.block(root.first, int(root.meta&kidsMask))
	for k := range kids {
		kids[k].prior = s.cleanPriors[k]
	}
}
