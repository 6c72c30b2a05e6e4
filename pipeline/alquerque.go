package pipeline

import (
	"context"
	"fmt"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/mcts"
)

// AlquerqueGame is Config.Game of a run of Alquerque (package alquerque,
// docs/RULES-ALQUERQUE.md); "" is Surakarta's, the default. The stages are
// the same: self-play of both variants into the datasets' game=alquerque
// partitions, verify, a fit of Alquerque's pattern model (its one head,
// logistic, colour-blind: eval.NewAlquerqueModelFile) into
// OUT/weights.json, the matches of that model with value leaves against
// the material evaluator (and Config.MatchModel, an Alquerque model file,
// where given), and the report keyed by the partitions (alquerque/VARIANT).
const AlquerqueGame = eval.AlquerqueGame

// evaluatorIdentity is the self-play evaluator as the datasets record it.
func (c *Config) evaluatorIdentity() string {
	if c.Game == AlquerqueGame {
		return c.AlquerqueEvaluator.Identity
	}
	return c.Evaluator.Identity
}

// fitAlquerque is the fit stage of Alquerque: Alquerque's pattern model
// on the FitVariant games' positions by fit.FitModel (the training loop's
// fit) on the result alone, Config.Fit's settings for its hand features
// (its model is logistic whatever Fit.Model says), unless weights.json
// holds the same fit of the same data.
func (p *runner) fitAlquerque(ctx context.Context) (string, string, error) {
	c := &p.cfg
	data, out, key := c.path(DataDir), c.path(WeightsFile), c.key(FitVariant)
	prov, err := fit.DatasetProvenance(data, key)
	if err != nil {
		return "", "", err
	}
	opt := c.Fit
	opt.RowsHint = prov.Rows
	if c.Run.Resume {
		if mf, err := readAlquerqueModel(out); err == nil && sameAlquerqueFit(mf.Patterns, opt, key, prov) {
			p.sum.Fit = fitSummary(out, mf.Patterns.Report)
			return Skipped, out, nil
		}
	}
	p.logf("fit: Alquerque's pattern model (logistic) on the %d %s positions (%d games)", prov.Rows, key, prov.Games)
	mf, err := fit.FitModel(ctx, []fit.DatasetSource{{Dir: data, Variant: key}},
		fit.ModelFitOptions{Value: opt, TDLambda: 1, NoPrior: true, ValueHead: fit.PatternHeadKind})
	if err != nil {
		return "", "", fitError(ctx, err)
	}
	mf.Patterns.Dataset.Dir = DataDir // relative to weights.json, beside it in Out
	if err := mf.Save(out); err != nil {
		return "", "", fmt.Errorf("writing weights: %w", err)
	}
	p.sum.Fit = fitSummary(out, mf.Patterns.Report)
	return Ran, out, nil
}

// readAlquerqueModel reads the Alquerque model file at path, checked as
// Alquerque's evaluator.
func readAlquerqueModel(path string) (*eval.ModelFile, error) {
	mf, err := eval.ReadModelFile(path)
	if err != nil {
		return nil, err
	}
	if _, err := mf.AlquerqueEvaluator(); err != nil {
		return nil, err
	}
	return mf, nil
}

// sameAlquerqueFit reports whether pattern head h is the fit opt would
// make of the partition key of the dataset prov describes.
func sameAlquerqueFit(h *eval.PatternHead, opt fit.FitOptions, key string, prov eval.Provenance) bool {
	return h.Report != nil && h.Lambda == opt.Lambda && h.Blend == opt.Blend && h.Holdout == opt.Holdout && h.Seed == opt.Seed &&
		h.Variant == key && h.Report.Iterations <= opt.MaxIterations && sameData(h.Dataset, prov)
}

// AlquerqueReferences are docs/findings section 20's figures of
// Alquerque from its true start, every 6-ply opening alike (107),
// stratified by opening, independent players, the standard ending: the
// material engine's ladder (alquerque-ladder.yaml: value leaves scored by
// material, cpuct 0.5, best play after the opening) and the trained
// engine's (alquerque-trained-ladder.yaml: the same with the model
// alquerque-v1, Alquerque's shipped model), fewest simulations first
// within each. The test of this file checks every field against the
// report.
var AlquerqueReferences = []Reference{
	{Report: "alquerque-ladder/report.json", Arm: "sims100", Sims: 100, Games: 642, Model: "material", Identity: "material", Players: independent, Advantage: est(-0.11292834890965792, -0.13227277447179758, -0.09358392334751825)},
	{Report: "alquerque-ladder/report.json", Arm: "sims200", Sims: 200, Games: 642, Model: "material", Identity: "material", Players: independent, Advantage: est(-0.12305295950155798, -0.14451033184306936, -0.1015955871600466)},
	{Report: "alquerque-ladder/report.json", Arm: "extend-sims400", Sims: 400, Games: 642, Model: "material", Identity: "material", Players: independent, Advantage: est(-0.15732087227414354, -0.17829500743134227, -0.1363467371169448)},
	{Report: "alquerque-ladder/report.json", Arm: "extend-sims800", Sims: 800, Games: 642, Model: "material", Identity: "material", Players: independent, Advantage: est(-0.15342679127725883, -0.17030081557915167, -0.136552766975366)},
	{Report: "alquerque-ladder/report.json", Arm: "extend-sims1600", Sims: 1600, Games: 642, Model: "material", Identity: "material", Players: independent, Advantage: est(-0.16978193146417458, -0.1834007552682695, -0.15616310766007968)},
	{Report: "alquerque-ladder/report.json", Arm: "extend-sims3200", Sims: 3200, Games: 642, Model: "material", Identity: "material", Players: independent, Advantage: est(-0.18068535825545196, -0.19301092407355427, -0.16835979243734964)},
	{Report: "alquerque-trained-ladder/report.json", Arm: "sims100", Sims: 100, Games: 642, Model: "alquerque-v1", Identity: alquerqueV1, Players: independent, Advantage: est(-0.1736760124610593, -0.18720902051582716, -0.16014300440629142)},
	{Report: "alquerque-trained-ladder/report.json", Arm: "sims200", Sims: 200, Games: 642, Model: "alquerque-v1", Identity: alquerqueV1, Players: independent, Advantage: est(-0.179127725856698, -0.1922232225264529, -0.1660322291869431)},
	{Report: "alquerque-trained-ladder/report.json", Arm: "extend-sims400", Sims: 400, Games: 642, Model: "alquerque-v1", Identity: alquerqueV1, Players: independent, Advantage: est(-0.17133956386292853, -0.18436369489690949, -0.15831543282894758)},
	{Report: "alquerque-trained-ladder/report.json", Arm: "extend-sims800", Sims: 800, Games: 642, Model: "alquerque-v1", Identity: alquerqueV1, Players: independent, Advantage: est(-0.17133956386292842, -0.1822619631224497, -0.16041716460340716)},
	{Report: "alquerque-trained-ladder/report.json", Arm: "extend-sims1600", Sims: 1600, Games: 642, Model: "alquerque-v1", Identity: alquerqueV1, Players: independent, Advantage: est(-0.18068535825545196, -0.19126092586364046, -0.17010979064726345)},
	{Report: "alquerque-trained-ladder/report.json", Arm: "extend-sims3200", Sims: 3200, Games: 642, Model: "alquerque-v1", Identity: alquerqueV1, Players: independent, Advantage: est(-0.18457943925233655, -0.19569217537888148, -0.17346670312579163)},
}

// alquerqueV1 is the identity runs record for the trained model
// alquerque-v1 (the hash of eval/models/alquerque-v1.json's bytes, the
// file the trained ladder's spec named when it was played).
const alquerqueV1 = "weights sha256:298ee2d28cde60cad3e8d903e06bd7cfff66b62c899630a04cde5375c195f28f"

// alquerqueReferencePlies are the opening plies of AlquerqueReferences.
const alquerqueReferencePlies = 6

// newAlquerqueStrength is newStrength for Alquerque: the figures of
// AlquerqueReferences.
func newAlquerqueStrength(e mcts.Engine, words, players, opening string, k int, adv *gamestats.Estimate) Strength {
	st := Strength{Engine: words, Advantage: adv}
	for _, r := range AlquerqueReferences {
		if r.Players != players {
			continue
		}
		st.Ladder = append(st.Ladder, r)
		if opening == dataset.OpeningEnumerated && k == alquerqueReferencePlies && e.Tablebase == "" && r.Engine().Describe() == e.Describe() {
			st.Findings = &st.Ladder[len(st.Ladder)-1]
		}
	}
	st.Agrees = st.Findings != nil && adv != nil && adv.Contains(st.Findings.Advantage.Value)
	return st
}
