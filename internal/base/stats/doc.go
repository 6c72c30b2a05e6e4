// Package stats holds the statistics the project's experiments and arena
// report: confidence intervals for proportions and for the three-outcome
// (win/draw/loss) score, tests of homogeneity and of two proportions, paired
// analyses, equivalence tests, weighted line fits, sample-size planning, and Elo with its interval, likelihood of
// superiority and the sequential probability ratio test.
//
// Files: proportion.go and interval.go (proportions, intervals), score.go
// (three-outcome scores), homogeneity.go, paired.go, equivalence.go and
// line.go (tests and fits), cochran.go (Cochran's Q of independent
// estimates), elo.go (Elo, its bound at a sweep, LOS, SPRT), pool.go (one
// rating fit over the matches of a pool of players), num.go (Num, figures
// that may be non-finite, for JSON), elotext.go and text.go (how every
// report writes Elo, signed points and p-values).
//
// Every function is pure: it takes counts (or running sums) and returns
// values. The distributions come from gonum.org/v1/gonum/stat/distuv, the
// pool fit's linear algebra from gonum.org/v1/gonum/mat.
//
// # Conventions
//
// Confidence levels are two-sided and given as a fraction (0.95). Intervals
// for a proportion or a score lie within [0, 1]. A three-outcome sample is a
// WDL from one side's point of view (for game records: the first player's,
// Red's). Its score is (wins + draws/2) / games.
//
// # Errors versus panics
//
// Everything that data can cause returns an error: no observations
// (ErrNoData), negative counts, successes above trials, a confidence level
// outside (0, 1). Nothing here panics on user data.
//
// # Methods and sources
//
//   - Wilson: the score interval of Wilson (1927); known answers from
//     Newcombe (1998a), "Two-sided confidence intervals for the single
//     proportion: comparison of seven methods", Statistics in Medicine 17.
//   - ScoreInterval: the score-test (Wilson-type) interval for the mean of a
//     trinomial variable taking 0, 1/2 and 1; see ScoreInterval for the
//     construction. ScoreIntervalWald is the normal approximation with the
//     trinomial variance, as chess-engine testers use.
//   - Homogeneity: Pearson's chi-square test of a 2×C table with the
//     Fisher–Freeman–Halton exact test by complete enumeration; the known
//     answer is Agresti (2007), An Introduction to Categorical Data Analysis,
//     2nd ed., Table 2.5.
//   - TwoProportions: the pooled z-test and Newcombe's hybrid score interval
//     for a difference (method 10 of Newcombe (1998b), "Interval estimation
//     for the difference between independent proportions: comparison of
//     eleven methods", Statistics in Medicine 17).
//   - Paired and McNemar: the paired t interval (known answer: Student's
//     sleep data) and McNemar's test (known answer: Agresti 2007, Table 8.1).
//   - TOST: Schuirmann's (1987) two one-sided tests of equivalence within
//     a stated margin, the test behind a claim of "no change" (known
//     answers from the normal and t tables).
//   - FitLine: weighted least squares with known errors, its chi-square
//     lack-of-fit test, and the slope's error scaled by √(χ²/df) when the
//     points scatter more than their errors allow (the Birge ratio, as the
//     Particle Data Group scales inconsistent measurements).
//   - SweepBound: at a clean sweep the one-sided bound (1 − conf)^(1/n) on
//     the score (Clopper–Pearson at n of n), finite where the normal
//     interval is infinite.
//   - CochranQ: Cochran's (1954) Q test of heterogeneity of independent
//     estimates, referred to χ² on k − 1 df.
//   - PoolRatings: the Bradley–Terry model (Bradley and Terry 1952) in
//     logistic Elo, fitted by Newton's method, with BayesElo's virtual
//     draws as a prior and quasi-likelihood intervals (McCullagh and Nelder
//     1989, Generalized Linear Models, §4.5: the inverse information scaled
//     by the Pearson dispersion); the known answers are EloPentanomial's
//     for one match and additive Elo along a chain.
//   - Elo, LOS and SPRT: the logistic Elo model and the formulas used by
//     chess-engine testing (cutechess-cli, fishtest); see SPRT.
package stats
