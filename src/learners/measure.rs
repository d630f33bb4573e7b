//! [`Measure`]: the performance a curve point holds.
//!
//! Curves hold a performance, not an error: accuracy by default for classification ([P18]/[P20] plot
//! accuracy), Pearson correlation for regression (the thesis' measure for the tumour data). Higher is better
//! except for RMSE. Each point is computed on the predictions of all folds of one repeat pooled together
//! (every row is predicted exactly once per repeat), then averaged over repeats.

use serde::{Deserialize, Serialize};

use crate::data::{Dataset, Target, Task};
use crate::error::{Error, Result};
use crate::learners::Prediction;
use crate::math::{auc, pearson};

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
            _ => {
                return Err(Error::param(
                    "measure",
                    format!(
                        "'{}' is not one of accuracy, balanced_accuracy, auc, correlation, rmse",
                        crate::error::quote(s)
                    ),
                ))
            }
        })
    }
}

impl Measure {
    /// Accuracy for classification, correlation for regression.
    pub fn default_for(task: Task) -> Measure {
        match task {
            Task::Classification | Task::MultiLabel | Task::MultiTargetClassification => Measure::Accuracy,
            Task::Regression | Task::MultiTargetRegression => Measure::Correlation,
        }
    }

    /// Every measure.
    pub const ALL: [Measure; 5] =
        [Measure::Accuracy, Measure::BalancedAccuracy, Measure::MacroAuc, Measure::Correlation, Measure::Rmse];

    /// Every measure as a table: `measure`, `task`, `higher_is_better`, `low`, `high` (its range) — what
    /// `featrank methods` prints and Python's `featrank.measures()` shows.
    ///
    /// ```
    /// let t = featrank::eval::Measure::catalog().unwrap();
    /// assert_eq!(t.height(), 5);
    /// ```
    pub fn catalog() -> Result<crate::data::Frame> {
        use polars::prelude::*;
        let all = Measure::ALL;
        Ok(DataFrame::new(
            all.len(),
            vec![
                Column::new("measure".into(), all.iter().map(|m| m.label()).collect::<Vec<_>>()),
                Column::new(
                    "task".into(),
                    all.iter().map(|m| format!("{:?}", m.task()).to_lowercase()).collect::<Vec<_>>(),
                ),
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
        }
    }

    /// `false` only for RMSE.
    pub fn higher_is_better(self) -> bool {
        self != Measure::Rmse
    }

    /// The values the measure can take: `[0, 1]` for accuracy, balanced accuracy and AUC, `[−1, 1]` for a
    /// correlation, `[0, ∞)` for RMSE (an interval around an estimate is clipped to them).
    ///
    /// ```
    /// use featrank::eval::Measure;
    /// assert_eq!(Measure::Accuracy.range(), (0.0, 1.0));
    /// assert_eq!(Measure::Rmse.range(), (0.0, f64::INFINITY));
    /// ```
    pub fn range(self) -> (f64, f64) {
        match self {
            Measure::Accuracy | Measure::BalancedAccuracy | Measure::MacroAuc => (0.0, 1.0),
            Measure::Correlation => (-1.0, 1.0),
            Measure::Rmse => (0.0, f64::INFINITY),
        }
    }

    /// The task the measure applies to.
    pub fn task(self) -> Task {
        match self {
            Measure::Accuracy | Measure::BalancedAccuracy | Measure::MacroAuc => Task::Classification,
            Measure::Correlation | Measure::Rmse => Task::Regression,
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
            _ => Err(Error::param("prediction", "prediction kind does not match the task")),
        }
    }
}
