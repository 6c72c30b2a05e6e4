package eval

import "github.com/surakarta/surakarta/internal/base/setting"

// Counts are positions and games: of one side of the split (Report.Train,
// HoldoutReport) or of both (Report.Total).
type Counts struct {
	Positions int64 `json:"positions"`
	Games     int64 `json:"games"`
}

// NamedWeight is a fitted weight with its feature's name.
type NamedWeight struct {
	Name   string  `json:"name"`
	Weight float64 `json:"weight"`
}

// Report is what Fit measured.
type Report struct {
	Model             Model   `json:"model"`
	FeatureSetVersion int     `json:"feature_set_version"`
	Lambda            float64 `json:"lambda"`
	Blend             float64 `json:"blend"`
	HoldoutFraction   float64 `json:"holdout_fraction"`
	Seed              uint64  `json:"seed"`
	// ColorBlind reports a model fitted without red_to_move
	// (FitOptions.ColorBlind).
	ColorBlind bool `json:"color_blind,omitempty"`
	// Train counts the training positions and games.
	Train Counts `json:"train"`
	// TrainLoss is the model's penalised training objective at the
	// solution (mean squared error for ridge, mean log-loss for logistic).
	TrainLoss float64 `json:"train_loss"`
	// Iterations and Status describe the L-BFGS run (logistic only).
	Iterations int    `json:"iterations,omitempty"`
	Status     string `json:"status,omitempty"`
	// Holdout holds the figures on the held-out games.
	Holdout HoldoutReport `json:"holdout"`
	// Weights are the fitted weights in feature order; BaselineWeights the
	// material-only baseline's (bias and material).
	Weights         []NamedWeight `json:"weights"`
	BaselineWeights []NamedWeight `json:"baseline_weights"`
	// Warning, when not empty, says the fit is worse than the baseline on
	// the held-out games (WorseThanBaseline): fit prints it on stderr, the
	// pipeline's and train's summaries repeat it.
	Warning string `json:"warning,omitempty"`
}

// Total counts the positions and games the fit read, training and held out
// together.
func (r *Report) Total() Counts {
	return Counts{Positions: r.Train.Positions + r.Holdout.Positions, Games: r.Train.Games + r.Holdout.Games}
}

// WorseThanBaseline returns the warning of a fit whose held-out log-loss
// is worse than the material-only baseline's (its weights predict results
// worse than counting material, and tend to lose to it), or "".
func (r *Report) WorseThanBaseline() string {
	h := r.Holdout
	if !(h.LogLoss > h.BaselineLogLoss) {
		return ""
	}
	return setting.Sprintf("held-out log-loss %.4f is worse than the material-only baseline's %.4f: these weights predict results worse than counting material (%d held-out games); fit on more games, or raise %s, before playing with them",
		h.LogLoss, h.BaselineLogLoss, h.Games, setting.Key("lambda"))
}

// HoldoutReport scores the model and the material-only baseline on the
// held-out games. Each prediction v (a value in [-1, 1]) becomes a win
// probability p = (1+v)/2 clipped to [ProbEpsilon, 1-ProbEpsilon]; a
// result y (+1/0/-1) becomes the target t = (1+y)/2 (a draw is 1/2).
type HoldoutReport struct {
	// Counts are the held-out positions and games, as Report.Train counts
	// the training side.
	Counts
	// LogLoss is the mean of -[t·log p + (1-t)·log(1-p)], Brier the mean
	// of (p-t)², MSE the mean of (v-y)².
	LogLoss float64 `json:"log_loss"`
	Brier   float64 `json:"brier"`
	MSE     float64 `json:"mse"`
	// SignAccuracy is the fraction of decisive positions (y ≠ 0) whose
	// prediction has the result's sign (v = 0 counts a half);
	// Decisive counts them.
	SignAccuracy float64 `json:"sign_accuracy"`
	Decisive     int64   `json:"decisive"`
	// The same figures for the material-only baseline.
	BaselineLogLoss      float64 `json:"baseline_log_loss"`
	BaselineBrier        float64 `json:"baseline_brier"`
	BaselineMSE          float64 `json:"baseline_mse"`
	BaselineSignAccuracy float64 `json:"baseline_sign_accuracy"`
	// Calibration bins the predicted probabilities in tenths, for the
	// model and the baseline.
	Calibration         []CalibrationBin `json:"calibration"`
	BaselineCalibration []CalibrationBin `json:"baseline_calibration"`
}

// CalibrationBin is one bin of predicted win probability [Lo, Hi): how many
// held-out positions fell in it, their mean prediction and mean outcome t.
type CalibrationBin struct {
	Lo        float64 `json:"lo"`
	Hi        float64 `json:"hi"`
	Positions int64   `json:"positions"`
	Predicted float64 `json:"predicted"`
	Observed  float64 `json:"observed"`
}

// PolicyScore is how well priors predict the visit shares of a set of
// positions. CrossEntropy is the mean over positions of −Σ share·log prior
// (nats); Entropy is the mean entropy of the shares themselves, the floor
// no prior can beat; Top1 is the fraction of positions whose most probable
// move is the most visited one.
type PolicyScore struct {
	Positions    int64   `json:"positions"`
	Moves        int64   `json:"moves"`
	CrossEntropy float64 `json:"cross_entropy"`
	Entropy      float64 `json:"entropy"`
	Top1         float64 `json:"top1"`
}

// PriorReport is what FitPrior measured: the fit and, on the held-out
// games, the fitted prior against uniform priors.
type PriorReport struct {
	MoveFeatureSetVersion int           `json:"move_feature_set_version"`
	Lambda                float64       `json:"lambda"`
	Holdout               float64       `json:"holdout"`
	Seed                  uint64        `json:"seed"`
	Train                 Counts        `json:"train"`
	Test                  Counts        `json:"test"`
	Iterations            int           `json:"iterations"`
	Status                string        `json:"status"`
	Weights               []NamedWeight `json:"weights"`
	// TrainScore and TestScore score the fitted prior; UniformTest scores
	// uniform priors on the held-out positions.
	TrainScore  PolicyScore `json:"train_score"`
	TestScore   PolicyScore `json:"test_score"`
	UniformTest PolicyScore `json:"uniform_test"`
	// Skipped counts the positions left out because their policy has no
	// visits (a root proven before the first simulation).
	Skipped int64 `json:"skipped"`
	// DistinctMoves is the number of distinct move feature vectors of the
	// training moves, the size of the table the fit works on.
	DistinctMoves int `json:"distinct_moves"`
}
