//! What was run, in words: the one-line description figures and tables carry (learner, resampling,
//! measure) and the expected curve's legend note.

use crate::eval::Curves;
use crate::resampling::Scheme;

impl Curves {
    /// What was run, in one line: learner, resampling, measure, e.g.
    /// `knn:k=10 · 10-fold CV × 10 repeats · accuracy`.
    pub fn description(&self) -> String {
        let scheme = match self.scheme {
            Scheme::KFold { folds } => format!("{folds}-fold CV × {} repeats", self.repeats),
            Scheme::Holdout { test } => {
                format!("{} stratified holdout splits ({:.0} % test)", self.repeats, 100.0 * test)
            }
            Scheme::Bootstrap => format!("{} bootstrap samples (out-of-bag test)", self.repeats),
        };
        format!("{} · {scheme} · {}", self.learner, self.measure.label())
    }

    /// The legend's note for the expected curve: what its line and band are.
    pub(crate) fn expected_note(&self) -> String {
        let on = self.expected_repeats.map(|r| format!(", each on {r} repeat(s)")).unwrap_or_default();
        format!(": mean and 5–95 % band of {} random rankings{on}", self.expected)
    }
}
