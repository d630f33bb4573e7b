//! What was run, in words: the one-line description figures and tables carry (learner, resampling,
//! measure) and the expected curve's legend note.

use crate::eval::Curves;
use crate::resampling::{Kept, Scheme};

/// A plan's resampling in words: the scheme with its splits and repeats, then what it kept of the study's
/// design, e.g. `5-fold stratified group CV × 10 repeats (groups of 'patient' kept whole (30))` — the one wording
/// of curve runs and nested evaluations.
pub(crate) fn resampling_words(scheme: Scheme, folds: usize, repeats: usize, kept: &Kept) -> String {
    let times = |what: String| format!("{what} × {repeats} repeats");
    let grouped = kept.groups.is_some();
    let words = match scheme {
        Scheme::KFold { folds } => times(format!("{folds}-fold CV")),
        Scheme::Holdout { test } if grouped => {
            format!("{repeats} group holdout splits ({:.0} % of the groups test)", 100.0 * test)
        }
        Scheme::Holdout { test } => format!("{repeats} stratified holdout splits ({:.0} % test)", 100.0 * test),
        Scheme::Bootstrap if grouped => format!("{repeats} group bootstrap samples (out-of-bag groups test)"),
        Scheme::Bootstrap => format!("{repeats} bootstrap samples (out-of-bag test)"),
        Scheme::GroupKFold { folds, .. } => times(format!("{folds}-fold group CV")),
        Scheme::StratifiedGroupKFold { folds, .. } => times(format!("{folds}-fold stratified group CV")),
        Scheme::LeaveOneGroupOut => format!("leave one group out ({folds} splits)"),
        Scheme::TimeSeries { folds, gap, max_train, .. } => {
            let window = match max_train {
                0 => "expanding window".to_string(),
                m => format!("sliding window of {m} rows"),
            };
            let gap = if gap > 0 { format!(", gap {gap} rows") } else { String::new() };
            format!("time-series CV, {folds} forward splits ({window}{gap})")
        }
        Scheme::Blocked { folds } => format!("blocked {folds}-fold CV"),
    };
    match kept.to_string() {
        design if design.is_empty() => words,
        design => format!("{words} ({design})"),
    }
}

impl Curves {
    /// What was run, in one line: learner, resampling, measure, e.g.
    /// `knn:k=10 · 10-fold CV × 10 repeats · accuracy`.
    pub fn description(&self) -> String {
        let scheme = resampling_words(self.scheme, self.folds, self.repeats, &self.kept);
        format!("{} · {scheme} · {}", self.learner, self.measure.label())
    }

    /// The legend's note for the expected curve: what its line and band are.
    pub(crate) fn expected_note(&self) -> String {
        let on = self.expected_repeats.map(|r| format!(", each on {r} repeat(s)")).unwrap_or_default();
        format!(": mean and 5–95 % band of {} random rankings{on}", self.expected)
    }
}
