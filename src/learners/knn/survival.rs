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
    /// One test row's hazard and risk from its `voters` (positions in `train`).
    #[inline(always)]
    pub(super) fn vote(&mut self, s: &Survival, train: &[usize], voters: &[usize]) {
        let times = self.event_times.get_or_insert_with(|| event_times(s.time(), s.event(), train));
        let (risk, hazard) = nelson_aalen(s.time(), s.event(), train, voters, times);
        self.risk.push(risk);
        self.hazard.push(hazard);
    }

    /// The rows voted so far.
    pub(super) fn prediction(self) -> Prediction {
        Prediction::Hazard { risk: self.risk, hazard: self.hazard }
    }
}

/// The distinct times at which an event was seen among the training rows `train`, ascending.
fn event_times(time: &[f64], event: &[bool], train: &[usize]) -> Vec<f64> {
    let mut times: Vec<f64> = train.iter().filter(|&&i| event[i]).map(|&i| time[i]).collect();
    times.sort_unstable_by(f64::total_cmp);
    times.dedup();
    times
}

/// A test row's neighbours' Nelson–Aalen cumulative hazard Ĥ(t) = Σ_{s ≤ t} d(s)/Y(s) (d(s) of them with the
/// event at s, Y(s) still followed at s), and its risk: their expected number of events (Ishwaran et al. 2008's
/// "mortality", as scikit-survival's forests predict it) M = Σⱼ Ĥ(Tⱼ) over the training rows' distinct event
/// times Tⱼ (`times`, ascending) — each jump d/Y at s counts once for every Tⱼ ≥ s. Higher: the event sooner.
#[inline(always)]
fn nelson_aalen(
    time: &[f64],
    event: &[bool],
    train: &[usize],
    voters: &[usize],
    times: &[f64],
) -> (f64, CumulativeHazard) {
    let mut near: Vec<(f64, bool)> = voters.iter().map(|&r| (time[train[r]], event[train[r]])).collect();
    near.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let (mut risk, mut at, mut total) = (0.0, 0, 0.0);
    let (mut steps, mut values) = (Vec::new(), Vec::new());
    while at < near.len() {
        let s = near[at].0;
        let same = near[at..].iter().take_while(|n| n.0 == s).count();
        let deaths = near[at..at + same].iter().filter(|n| n.1).count();
        if deaths > 0 {
            let jump = deaths as f64 / (near.len() - at) as f64;
            let later = times.len() - times.partition_point(|&t| t < s);
            risk += jump * later as f64;
            total += jump;
            steps.push(s);
            values.push(total);
        }
        at += same;
    }
    (risk, CumulativeHazard::new(steps, values).unwrap_or_default())
}
