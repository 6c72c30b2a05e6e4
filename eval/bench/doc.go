// Package bench is surakarta bench: a fixed list of positions (both
// variants; the start, middlegames and endings) each searched from a fresh
// tree by the strongest engine at a fixed number of simulations on one
// thread with a fixed seed, as Stockfish's bench searches its positions to
// a fixed depth. The total of the trees' nodes is the signature: it
// depends on nothing but the search's behaviour (the search, the shipped
// model, the positions, the settings), so two builds that search alike
// print the same one on any machine, and a change of behaviour changes it;
// the time taken gives the machine's speed.
//
// Files: positions.go the positions (Positions); bench.go the run (Run),
// its result (Result) and its text (WriteText); the test pins the
// signature (Signature) and docs/BENCHMARKS.md quotes it.
package bench
