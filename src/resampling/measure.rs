//! [`Measure`]: the performance a curve point holds.
//!
//! Curves hold a performance, not an error: accuracy by default for classification (\[P18\]/\[P20\] plot
//! accuracy), Pearson correlation for regression (the thesis' measure for the tumour data). Higher is better
//! except for RMSE, Hamming loss and aRRMSE.
//!
//! **Several targets** (Madjarov et al. 2012, Pattern Recognition 45; Borchani et al. 2015, WIREs DMKD 5):
//! multi-label — Hamming loss (the share of row × label cells predicted wrong; the default), subset
//! accuracy (rows whose whole label set is right), micro-F1 (2 ΣTP / (2 ΣTP + ΣFP + ΣFN) over every cell)
//! and macro-F1 (the mean of each label's F1; a label neither present nor predicted among the rows scores
//! 1); multi-target classification — mean accuracy over the targets (the default); multi-target
//! regression — mean correlation over the targets (the default) and aRRMSE, the mean over targets of
//! √(Σ(y − ŷ)² / Σ(y − ȳ)²) with ȳ the mean of the rows scored (a target constant on them is left out).
//! Each point is computed on the predictions of all folds of one repeat pooled together
//! (every row is predicted exactly once per repeat), then averaged over repeats.
//!
//! **Survival** ([`Measure::HarrellC`], [`Measure::UnoC`], [`Measure::IntegratedBrier`]): risk scores of models
//! fitted on different training splits are not on one scale, so a survival measure is computed on each split's
//! test rows alone and averaged over the splits of a repeat (unweighted, as scikit-survival's `cross_val_score`
//! does), then over repeats ([`Measure::per_split`]).

use serde::{Deserialize, Serialize};

use crate::data::{Dataset, Target, Task};
use crate::error::{Error, Result};
use crate::math::{auc, pearson};
use crate::resampling::Prediction;

/// A performance measure.
///
/// ```
/// use featrank::prelude::*;
/// assert_eq!("balanced_accuracy".parse::<Measure>().unwrap(), Measure::BalancedAccuracy);
/// assert!(Measure::Accuracy.higher_is_better());
/// assert!(!Measure::Rmse.higher_is_better());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Measure {
    /// Fraction of rows whose class is predicted correctly.
    Accuracy,
    /// Mean over classes of the per-class recall.
    BalancedAccuracy,
    /// Mean over classes of the one-vs-rest ROC AUC of the class scores (ties count ½).
    MacroAuc,
    /// Pearson correlation between predicted and true values (0 when either is constant).
    Correlation,
    /// Root mean squared error (lower is better).
    Rmse,
    /// Multi-label: the share of row × label cells predicted wrong (lower is better).
    HammingLoss,
    /// Multi-label: the share of rows whose whole label set is predicted right.
    SubsetAccuracy,
    /// Multi-label: F1 over every row × label cell.
    MicroF1,
    /// Multi-label: the mean over labels of each label's F1.
    MacroF1,
    /// Multi-target classification: the mean over targets of the accuracy.
    MeanAccuracy,
    /// Multi-target regression: the mean over targets of the Pearson correlation.
    MeanCorrelation,
    /// Multi-target regression: the average relative RMSE (lower is better).
    Arrmse,
    /// Survival: Harrell's concordance index — among comparable pairs (row i's event seen at a time before row
    /// j's time, or at the same time with j censored), the share in which i has the higher risk score; ties in
    /// the risk (within 10⁻⁸) count ½ (Harrell et al. 1982; as scikit-survival's
    /// `concordance_index_censored`). 0.5 is a random ranking of risk.
    HarrellC,
    /// Survival: Uno's concordance index — Harrell's pairs weighted by the inverse squared probability of
    /// remaining uncensored (Kaplan–Meier of the training rows' censoring), up to the horizon τ = the 80 %
    /// quantile of the training times (Uno et al. 2011; scikit-survival's `concordance_index_ipcw`); free of
    /// the censoring's distribution, which Harrell's C is not.
    UnoC,
    /// Survival: the integrated Brier score of the predicted survival functions (Graf et al. 1999; lower is
    /// better), weighted by the training rows' censoring distribution, over the test rows' event times before
    /// τ = the 80 % quantile of the training times ([`Survival::integrated_brier`](crate::data::dataset::Survival::integrated_brier);
    /// scikit-survival's `integrated_brier_score`). For learners that predict a survival function: `cox`, `rsf`, `knn`.
    IntegratedBrier,
}

impl std::str::FromStr for Measure {
    type Err = Error;
    fn from_str(s: &str) -> Result<Measure> {
        Ok(match s.to_ascii_lowercase().replace('-', "_").as_str() {
            "accuracy" | "acc" => Measure::Accuracy,
            "balanced_accuracy" | "bacc" => Measure::BalancedAccuracy,
            "auc" | "macro_auc" => Measure::MacroAuc,
            "correlation" | "pearson" => Measure::Correlation,
            "rmse" => Measure::Rmse,
            "hamming" | "hamming_loss" => Measure::HammingLoss,
            "subset_accuracy" | "exact_match" => Measure::SubsetAccuracy,
            "micro_f1" => Measure::MicroF1,
            "macro_f1" => Measure::MacroF1,
            "mean_accuracy" => Measure::MeanAccuracy,
            "mean_correlation" => Measure::MeanCorrelation,
            "arrmse" => Measure::Arrmse,
            "c_index" | "cindex" | "harrell_c" | "concordance" => Measure::HarrellC,
            "uno_c" | "uno" | "c_ipcw" | "concordance_ipcw" => Measure::UnoC,
            "ibs" | "integrated_brier" | "integrated_brier_score" => Measure::IntegratedBrier,
            _ => {
                let known: Vec<&str> = Measure::ALL.iter().map(|m| m.label()).collect();
                return Err(Error::param(
                    "measure",
                    format!("'{}' is not one of {}", crate::error::quote(s), known.join(", ")),
                ));
            }
        })
    }
}

impl std::fmt::Display for Measure {
    /// Its name ([`Measure::label`]), which parses back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

impl Measure {
    /// Accuracy for classification, correlation for regression.
    pub fn default_for(task: Task) -> Measure {
        match task {
            Task::Classification => Measure::Accuracy,
            Task::Regression => Measure::Correlation,
            Task::MultiLabel => Measure::HammingLoss,
            Task::MultiTargetClassification => Measure::MeanAccuracy,
            Task::MultiTargetRegression => Measure::MeanCorrelation,
            Task::Survival => Measure::HarrellC,
        }
    }

    /// Every measure.
    pub const ALL: [Measure; 15] = [
        Measure::Accuracy,
        Measure::BalancedAccuracy,
        Measure::MacroAuc,
        Measure::Correlation,
        Measure::Rmse,
        Measure::HammingLoss,
        Measure::SubsetAccuracy,
        Measure::MicroF1,
        Measure::MacroF1,
        Measure::MeanAccuracy,
        Measure::MeanCorrelation,
        Measure::Arrmse,
        Measure::HarrellC,
        Measure::UnoC,
        Measure::IntegratedBrier,
    ];

    /// Every measure as a table: `measure`, `task`, `higher_is_better`, `low`, `high` (its range) — what
    /// `featrank methods` prints and Python's `featrank.measures()` shows.
    ///
    /// ```
    /// let t = featrank::resampling::Measure::catalog().unwrap();
    /// assert_eq!(t.height(), 15);
    /// ```
    pub fn catalog() -> Result<crate::data::Frame> {
        use polars::prelude::*;
        let all = Measure::ALL;
        Ok(DataFrame::new(
            all.len(),
            vec![
                Column::new("measure".into(), all.iter().map(|m| m.label()).collect::<Vec<_>>()),
                Column::new("task".into(), all.iter().map(|m| m.task().words()).collect::<Vec<_>>()),
                Column::new("higher_is_better".into(), all.iter().map(|m| m.higher_is_better()).collect::<Vec<_>>()),
                Column::new("low".into(), all.iter().map(|m| m.range().0).collect::<Vec<_>>()),
                Column::new("high".into(), all.iter().map(|m| m.range().1).collect::<Vec<_>>()),
            ],
        )?
        .into())
    }

    /// The name used in tables, axis labels and on the command line (`accuracy`, `rmse`, …).
    pub fn label(self) -> &'static str {
        match self {
            Measure::Accuracy => "accuracy",
            Measure::BalancedAccuracy => "balanced_accuracy",
            Measure::MacroAuc => "auc",
            Measure::Correlation => "correlation",
            Measure::Rmse => "rmse",
            Measure::HammingLoss => "hamming",
            Measure::SubsetAccuracy => "subset_accuracy",
            Measure::MicroF1 => "micro_f1",
            Measure::MacroF1 => "macro_f1",
            Measure::MeanAccuracy => "mean_accuracy",
            Measure::MeanCorrelation => "mean_correlation",
            Measure::Arrmse => "arrmse",
            Measure::HarrellC => "c_index",
            Measure::UnoC => "uno_c",
            Measure::IntegratedBrier => "ibs",
        }
    }

    /// Every measure by task with each task's default, in words — what the CLI's `--measure` help shows.
    ///
    /// ```
    /// let help = featrank::resampling::Measure::help();
    /// assert!(help.starts_with("The measure: accuracy, balanced_accuracy, auc (classification; default accuracy)"));
    /// ```
    pub fn help() -> String {
        let of =
            |task| Measure::ALL.iter().filter(|m| m.task() == task).map(|m| m.label()).collect::<Vec<_>>().join(", ");
        let each: Vec<String> = Task::ALL
            .iter()
            .map(|&t| format!("{} ({}; default {})", of(t), t.words(), Measure::default_for(t).label()))
            .collect();
        format!("The measure: {}", each.join("; "))
    }

    /// `false` for the losses: RMSE, Hamming loss, aRRMSE, the integrated Brier score.
    pub fn higher_is_better(self) -> bool {
        !matches!(self, Measure::Rmse | Measure::HammingLoss | Measure::Arrmse | Measure::IntegratedBrier)
    }

    /// Whether the measure is computed on each split's test rows alone and averaged over a repeat's splits
    /// (the survival measures: risk scores of different splits' models are not on one scale), rather than on
    /// the repeat's pooled predictions (module docs).
    ///
    /// ```
    /// use featrank::resampling::Measure;
    /// assert!(Measure::HarrellC.per_split());
    /// assert!(!Measure::Accuracy.per_split());
    /// ```
    pub fn per_split(self) -> bool {
        matches!(self, Measure::HarrellC | Measure::UnoC | Measure::IntegratedBrier)
    }

    /// The values the measure can take: `[0, 1]` for accuracy, balanced accuracy and AUC, `[−1, 1]` for a
    /// correlation, `[0, ∞)` for RMSE (an interval around an estimate is clipped to them).
    ///
    /// ```
    /// use featrank::resampling::Measure;
    /// assert_eq!(Measure::Accuracy.range(), (0.0, 1.0));
    /// assert_eq!(Measure::Rmse.range(), (0.0, f64::INFINITY));
    /// ```
    pub fn range(self) -> (f64, f64) {
        match self {
            Measure::Accuracy | Measure::BalancedAccuracy | Measure::MacroAuc => (0.0, 1.0),
            Measure::HammingLoss | Measure::SubsetAccuracy | Measure::MicroF1 | Measure::MacroF1 => (0.0, 1.0),
            Measure::MeanAccuracy | Measure::HarrellC | Measure::UnoC => (0.0, 1.0),
            Measure::Correlation | Measure::MeanCorrelation => (-1.0, 1.0),
            Measure::Rmse | Measure::Arrmse | Measure::IntegratedBrier => (0.0, f64::INFINITY),
        }
    }

    /// The task the measure applies to.
    pub fn task(self) -> Task {
        match self {
            Measure::Accuracy | Measure::BalancedAccuracy | Measure::MacroAuc => Task::Classification,
            Measure::Correlation | Measure::Rmse => Task::Regression,
            Measure::HammingLoss | Measure::SubsetAccuracy | Measure::MicroF1 | Measure::MacroF1 => Task::MultiLabel,
            Measure::MeanAccuracy => Task::MultiTargetClassification,
            Measure::MeanCorrelation | Measure::Arrmse => Task::MultiTargetRegression,
            Measure::HarrellC | Measure::UnoC | Measure::IntegratedBrier => Task::Survival,
        }
    }

    /// The measure of `pred` on a split's test rows `test` with its training rows `train` — what Uno's C needs
    /// (the censoring distribution of the training rows); every other measure ignores `train`
    /// ([`Measure::score`]).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::resampling::Prediction;
    /// let s = featrank::data::synth::generate("survival", Some(100), 1).unwrap().dataset().unwrap();
    /// let (train, test): (Vec<usize>, Vec<usize>) = (0..100).partition(|i| i % 4 != 0);
    /// let risk = Prediction::Risk(test.iter().map(|&i| s.feature(0)[i]).collect());
    /// let uno = Measure::UnoC.score_split(&s, &train, &test, &risk).unwrap();
    /// assert!((0.0..=1.0).contains(&uno));
    /// assert!(Measure::UnoC.score(&s, &test, &risk).is_err()); // it needs the training rows
    /// ```
    pub fn score_split(self, data: &Dataset, train: &[usize], test: &[usize], pred: &Prediction) -> Result<f64> {
        match (self, data.target(), pred) {
            (Measure::UnoC, Target::Survival(s), Prediction::Risk(risk) | Prediction::Hazard { risk, .. }) => {
                if risk.len() != test.len() {
                    return Err(Error::param("prediction", "prediction and row counts differ"));
                }
                s.uno_concordance(train, test, risk)
            }
            (Measure::IntegratedBrier, Target::Survival(s), Prediction::Hazard { hazard, .. }) => {
                s.integrated_brier(train, test, hazard)
            }
            (Measure::IntegratedBrier, Target::Survival(_), _) => Err(no_survival_function()),
            _ => self.score(data, test, pred),
        }
    }

    /// The measure of `pred` (its i-th entry predicts row `rows[i]`).
    pub fn score(self, data: &Dataset, rows: &[usize], pred: &Prediction) -> Result<f64> {
        if rows.is_empty() {
            return Err(Error::param("rows", "no rows to score"));
        }
        if let Some(&r) = rows.iter().find(|&&r| r >= data.n_rows()) {
            return Err(Error::param("rows", format!("row {r} is out of range ({} rows)", data.n_rows())));
        }
        match (data.target(), pred) {
            (Target::Classes { codes, names }, Prediction::Classes { labels, scores }) => {
                let k = names.len();
                if labels.len() != rows.len() || scores.len() != rows.len() * k {
                    return Err(Error::param("prediction", "prediction and row counts differ"));
                }
                let truth: Vec<usize> = rows.iter().map(|&i| codes[i]).collect();
                match self {
                    Measure::Accuracy => {
                        Ok(truth.iter().zip(labels).filter(|(t, p)| t == p).count() as f64 / rows.len() as f64)
                    }
                    Measure::BalancedAccuracy => {
                        let (mut hit, mut n) = (vec![0.0; k], vec![0.0; k]);
                        for (&t, &p) in truth.iter().zip(labels) {
                            n[t] += 1.0;
                            hit[t] += (t == p) as u8 as f64;
                        }
                        let recalls: Vec<f64> = (0..k).filter(|&c| n[c] > 0.0).map(|c| hit[c] / n[c]).collect();
                        Ok(recalls.iter().sum::<f64>() / recalls.len() as f64)
                    }
                    Measure::MacroAuc => {
                        let aucs: Vec<f64> = (0..k)
                            .filter_map(|c| {
                                let s: Vec<f64> = (0..rows.len()).map(|i| scores[i * k + c]).collect();
                                let pos: Vec<bool> = truth.iter().map(|&t| t == c).collect();
                                auc(&s, &pos)
                            })
                            .collect();
                        if aucs.is_empty() {
                            return Err(Error::param("measure", "AUC needs at least two classes among the rows"));
                        }
                        Ok(aucs.iter().sum::<f64>() / aucs.len() as f64)
                    }
                    _ => Err(Error::param("measure", format!("{self:?} is a regression measure"))),
                }
            }
            (Target::Values(y), Prediction::Values(p)) => {
                if p.len() != rows.len() {
                    return Err(Error::param("prediction", "prediction and row counts differ"));
                }
                let truth: Vec<f64> = rows.iter().map(|&i| y[i]).collect();
                match self {
                    Measure::Rmse => {
                        Ok((truth.iter().zip(p).map(|(t, p)| (t - p).powi(2)).sum::<f64>() / rows.len() as f64).sqrt())
                    }
                    Measure::Correlation => Ok(pearson(&truth, p)),
                    _ => Err(Error::param("measure", format!("{self:?} is a classification measure"))),
                }
            }
            (Target::Set(targets), Prediction::Set(preds)) if targets.len() == preds.len() => {
                self.score_set(targets, rows, preds)
            }
            (Target::Survival(s), Prediction::Risk(risk) | Prediction::Hazard { risk, .. }) => {
                if risk.len() != rows.len() {
                    return Err(Error::param("prediction", "prediction and row counts differ"));
                }
                match self {
                    Measure::HarrellC => s.concordance(rows, risk),
                    Measure::UnoC | Measure::IntegratedBrier => Err(Error::param(
                        "measure",
                        format!(
                            "{} weighs by the training rows' censoring distribution: score it with score_split",
                            self.label()
                        ),
                    )),
                    _ => Err(Error::param("measure", format!("{} is not a survival measure", self.label()))),
                }
            }
            _ => Err(Error::param("prediction", "prediction kind does not match the task")),
        }
    }

    /// The measure of a target set's predictions (module docs).
    fn score_set(self, targets: &[Target], rows: &[usize], preds: &[Prediction]) -> Result<f64> {
        let n = rows.len();
        let mismatch = || Error::param("prediction", "prediction and row counts differ");
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
        match self {
            Measure::MeanCorrelation | Measure::Arrmse => {
                let mut each = Vec::new();
                for (t, p) in targets.iter().zip(preds) {
                    let (Target::Values(y), Prediction::Values(p)) = (t, p) else {
                        return Err(Error::param("measure", format!("{} needs numeric targets", self.label())));
                    };
                    if p.len() != n {
                        return Err(mismatch());
                    }
                    let truth: Vec<f64> = rows.iter().map(|&i| y[i]).collect();
                    if self == Measure::MeanCorrelation {
                        each.push(pearson(&truth, p));
                        continue;
                    }
                    let centre = mean(&truth);
                    let spread: f64 = truth.iter().map(|t| (t - centre).powi(2)).sum();
                    if spread > 0.0 {
                        each.push((truth.iter().zip(p).map(|(t, p)| (t - p).powi(2)).sum::<f64>() / spread).sqrt());
                    }
                }
                if each.is_empty() {
                    return Err(Error::param("measure", "aRRMSE needs a target that varies among the rows"));
                }
                Ok(mean(&each))
            }
            _ => {
                // hits[i] counts the row's targets predicted right; TP, FP, FN per target (labels only)
                let mut hits = vec![0usize; n];
                let (mut tp, mut fp, mut fnn) =
                    (vec![0.0; targets.len()], vec![0.0; targets.len()], vec![0.0; targets.len()]);
                for (l, (t, p)) in targets.iter().zip(preds).enumerate() {
                    let (Target::Classes { codes, .. }, Prediction::Classes { labels, .. }) = (t, p) else {
                        return Err(Error::param("measure", format!("{} needs class targets", self.label())));
                    };
                    if labels.len() != n {
                        return Err(mismatch());
                    }
                    let on = t.positive_code();
                    for (h, (&i, &pred)) in hits.iter_mut().zip(rows.iter().zip(labels)) {
                        *h += (codes[i] == pred) as usize;
                        if let Some(on) = on {
                            let (truth, pred) = (codes[i] == on, pred == on);
                            tp[l] += (truth && pred) as u8 as f64;
                            fp[l] += (!truth && pred) as u8 as f64;
                            fnn[l] += (truth && !pred) as u8 as f64;
                        }
                    }
                }
                let cells = (n * targets.len()) as f64;
                let f1 = |tp: f64, fp: f64, fnn: f64| {
                    if tp + fp + fnn == 0.0 {
                        1.0
                    } else {
                        2.0 * tp / (2.0 * tp + fp + fnn)
                    }
                };
                match self {
                    Measure::HammingLoss => Ok(1.0 - hits.iter().sum::<usize>() as f64 / cells),
                    Measure::MeanAccuracy => Ok(hits.iter().sum::<usize>() as f64 / cells),
                    Measure::SubsetAccuracy => {
                        Ok(hits.iter().filter(|&&h| h == targets.len()).count() as f64 / n as f64)
                    }
                    Measure::MicroF1 => Ok(f1(tp.iter().sum(), fp.iter().sum(), fnn.iter().sum())),
                    Measure::MacroF1 => {
                        Ok(mean(&(0..targets.len()).map(|l| f1(tp[l], fp[l], fnn[l])).collect::<Vec<_>>()))
                    }
                    _ => Err(Error::param("measure", format!("{} does not apply to several targets", self.label()))),
                }
            }
        }
    }
}

/// The refusal of the integrated Brier score for a learner that predicts a risk score alone.
fn no_survival_function() -> Error {
    Error::param(
        "measure",
        "the integrated Brier score judges predicted survival functions: the cox, rsf and knn learners predict them; \
         this learner predicts a risk score only (use c_index or uno_c)",
    )
}
