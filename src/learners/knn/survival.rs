//! kNN survival (Lowsky et al. 2013): a test row's neighbours give their Nelson–Aalen cumulative hazard Ĥ, and
//! as its risk their expected number of events M = Σⱼ Ĥ(Tⱼ) over the training rows' distinct event times Tⱼ
//! (Ishwaran et al. 2008's mortality). The neighbours come from kNN's own chain, so a survival curve costs what
//! a kNN curve costs.

use crate::data::dataset::{CumulativeHazard, Survival};
use crate::resampling::Prediction;

/// The test rows' risks and hazards as kNN's chain votes them, one size at a time.
#[derive(Debug, Default, Clone)]
pub(super) struct Hazards {
    /// The training event times, ascending (made at the first row of a fold and kept).
    event_times: Option<Vec<f64>>,
    risk: Vec<f64>,
    hazard: Vec<CumulativeHazard>,
}

impl Hazards {
    /// One test row's hazard — its `voters`' (positions in `train`) Nelson–Aalen estimate — and its risk, their
    /// expected number of events over the training event times.
    #[inline(always)]
    pub(super) fn vote(&mut self, s: &Survival, train: &[usize], voters: &[usize]) {
        let times = self.event_times.get_or_insert_with(|| s.event_times(train));
        let rows: Vec<usize> = voters.iter().map(|&r| train[r]).collect();
        let hazard = s.nelson_aalen(&rows);
        self.risk.push(hazard.mortality(times));
        self.hazard.push(hazard);
    }

    /// The rows voted so far.
    pub(super) fn prediction(self) -> Prediction {
        Prediction::Hazard { risk: self.risk, hazard: self.hazard }
    }
}
