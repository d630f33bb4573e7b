//! A time-to-event target ([`Survival`]): each row's follow-up time and whether the event was seen then, read
//! from a time column and an event column ([`TaskChoice::Survival`](super::TaskChoice::Survival)).

use polars::prelude::*;
use serde::{Deserialize, Serialize};

use super::from_polars::{read_nominal, read_numeric};
use super::{Dataset, Origin, Target};
use crate::data::AsDataFrame;
use crate::error::{Error, Result};

/// A survival target: per row a follow-up time `t > 0` and an event indicator — `true`: the event (death,
/// relapse) happened at `t`; `false`: the row was censored, followed for `t` without it. Right censoring, as
/// Cox's model, Kaplan–Meier and Harrell's C read it.
///
/// The event column may be boolean (`true` = event), numeric 0/1 (1 = event) or 1/2 (2 = event, as R's `Surv`
/// reads it), or a column of two text levels, of which the second in featrank's level order (an Enum's
/// declared order, else sorted) is the event — as R's `Surv` reads a factor; a notice names the level taken.
///
/// ```
/// use featrank::prelude::*;
/// let df = df!(
///     "gene" => [0.3, 1.2, -0.4, 0.8, 2.0],
///     "months" => [5.0, 12.5, 30.0, 8.0, 2.5],
///     "dead" => [true, false, false, true, true],
/// ).unwrap();
/// let ds = Dataset::from_polars_survival(&df, "months", "dead").unwrap();
/// assert_eq!(ds.task(), Task::Survival);
/// let s = ds.survival().unwrap();
/// assert_eq!((s.n_events(), s.time()[1], s.event()[1]), (3, 12.5, false));
/// assert_eq!(ds.to_polars().unwrap().shape(), df.shape()); // the frame comes back as it was
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Survival {
    time: Vec<f64>,
    event: Vec<bool>,
    /// The event column's values as written: the censored one, then the event.
    levels: [String; 2],
}

impl Survival {
    /// A survival target from times and event indicators (`true` = event). Errors name `time` or `event`: a
    /// time that is not finite and positive, lengths that differ, no rows or no event at all.
    ///
    /// ```
    /// use featrank::data::dataset::Survival;
    /// let s = Survival::new(vec![3.0, 1.5, 4.0], vec![true, false, true]).unwrap();
    /// assert_eq!(s.n_events(), 2);
    /// assert!(Survival::new(vec![3.0, -1.0], vec![true, true]).is_err());
    /// assert!(Survival::new(vec![3.0, 1.0], vec![false, false]).is_err());
    /// ```
    pub fn new(time: Vec<f64>, event: Vec<bool>) -> Result<Survival> {
        if time.len() != event.len() {
            return Err(Error::param("event", format!("{} event values for {} times", event.len(), time.len())));
        }
        check_times("time", &time)?;
        check_events("event", &event)?;
        Ok(Survival { time, event, levels: ["false".into(), "true".into()] })
    }

    /// Each row's follow-up time.
    pub fn time(&self) -> &[f64] {
        &self.time
    }

    /// Each row's event indicator (`true` = the event happened at its time, `false` = censored then).
    pub fn event(&self) -> &[bool] {
        &self.event
    }

    /// The number of rows whose event was seen.
    pub fn n_events(&self) -> usize {
        self.event.iter().filter(|&&e| e).count()
    }

    /// The event column's two values as it was written: the censored one, then the event (`false`, `true` for
    /// a boolean column; `0`, `1` or `1`, `2` for a numeric one).
    pub fn levels(&self) -> &[String; 2] {
        &self.levels
    }

    /// Harrell's concordance index of the risk scores `risk` (`risk[k]` of row `rows[k]`; higher, the event
    /// sooner): among comparable pairs — row i's event seen before row j's time, or at the same time with j
    /// censored — the share in which i has the higher risk, ties in the risk (within 10⁻⁸) counting ½ (Harrell
    /// et al. 1982, JAMA 247; scikit-survival's `concordance_index_censored`). An error when no pair is
    /// comparable. The measure [`Measure::HarrellC`](crate::resampling::Measure::HarrellC) is this.
    ///
    /// ```
    /// use featrank::data::dataset::Survival;
    /// let s = Survival::new(vec![1.0, 2.0, 3.0, 4.0], vec![true, true, false, true]).unwrap();
    /// // pairs (0,1) (0,2) (0,3) (1,2) (1,3): the risk orders all but (1,2) right
    /// let c = s.concordance(&[0, 1, 2, 3], &[4.0, 2.0, 3.0, 1.0]).unwrap();
    /// assert!((c - 4.0 / 5.0).abs() < 1e-15);
    /// ```
    pub fn concordance(&self, rows: &[usize], risk: &[f64]) -> Result<f64> {
        self.weighted_concordance(rows, risk, &vec![1.0; rows.len()], "Harrell's C")
    }

    /// Uno's concordance index with the horizon τ = the 80 % quantile of the training rows' times: Harrell's
    /// pairs with the earlier row i weighted by 1/Ĝ(t_i)², Ĝ the Kaplan–Meier estimate of the censoring
    /// distribution on the **training** rows `train`, and only rows with t_i < τ as the earlier one (Uno et al.
    /// 2011, Stat. Med. 30; scikit-survival's `concordance_index_ipcw(train, test, risk, tau)`). Unlike
    /// Harrell's C it does not depend on the censoring's distribution. An error when Ĝ is 0 at an event time
    /// before τ, or no pair is comparable. The measure [`Measure::UnoC`](crate::resampling::Measure::UnoC).
    ///
    /// ```
    /// use featrank::data::dataset::Survival;
    /// let s = Survival::new(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], vec![true, false, true, true, false, true]).unwrap();
    /// let (train, test) = ([1, 3, 4, 5], [0, 1, 2, 3, 4, 5]);
    /// let perfect = s.uno_concordance(&train, &test, &[6.0, 5.0, 4.0, 3.0, 2.0, 1.0]).unwrap();
    /// assert_eq!(perfect, 1.0);
    /// ```
    pub fn uno_concordance(&self, train: &[usize], rows: &[usize], risk: &[f64]) -> Result<f64> {
        if let Some(&r) = train.iter().chain(rows).find(|&&r| r >= self.time.len()) {
            return Err(Error::param("rows", format!("row {r} is out of range ({} rows)", self.time.len())));
        }
        if train.is_empty() {
            return Err(Error::param(
                "train",
                "Uno's C estimates the censoring distribution on training rows: none given",
            ));
        }
        let times: Vec<f64> = train.iter().map(|&i| self.time[i]).collect();
        let tau = crate::math::quantile(&times, UNO_HORIZON);
        let censoring = CensoringKm::of(&times, &train.iter().map(|&i| self.event[i]).collect::<Vec<_>>());
        let mut weights = Vec::with_capacity(rows.len());
        for &i in rows {
            let (t, e) = (self.time[i], self.event[i]);
            if !e || t >= tau {
                weights.push(0.0);
                continue;
            }
            let g = censoring.at(t);
            if !(g > 0.0) {
                return Err(Error::param(
                    "measure",
                    format!("Uno's C: the training rows' censoring distribution is 0 at the event time {t}"),
                ));
            }
            weights.push(1.0 / (g * g));
        }
        self.weighted_concordance(rows, risk, &weights, "Uno's C")
    }

    /// The concordance of `risk` over Harrell's comparable pairs, each pair weighted by its earlier row's
    /// `weight` (`weight[k]` of row `rows[k]`).
    fn weighted_concordance(&self, rows: &[usize], risk: &[f64], weight: &[f64], what: &str) -> Result<f64> {
        const TIED: f64 = 1e-8;
        let (time, event) = (&self.time, &self.event);
        if risk.len() != rows.len() {
            return Err(Error::param("risk", format!("{} risk scores for {} rows", risk.len(), rows.len())));
        }
        if let Some(&r) = rows.iter().find(|&&r| r >= time.len()) {
            return Err(Error::param("rows", format!("row {r} is out of range ({} rows)", time.len())));
        }
        let mut order: Vec<usize> = (0..rows.len()).collect();
        order.sort_by(|&a, &b| time[rows[a]].total_cmp(&time[rows[b]]).then(a.cmp(&b)));
        let (mut agree, mut pairs) = (0.0, 0.0);
        let mut start = 0;
        while start < order.len() {
            let t = time[rows[order[start]]];
            let end = start + order[start..].iter().take_while(|&&i| time[rows[i]] == t).count();
            for &i in order[start..end].iter().filter(|&&i| event[rows[i]] && weight[i] > 0.0) {
                let later = order[end..].iter();
                let censored_now = order[start..end].iter().filter(|&&j| !event[rows[j]]);
                for &j in later.chain(censored_now) {
                    pairs += weight[i];
                    let d = risk[i] - risk[j];
                    agree += weight[i] * if d.abs() <= TIED { 0.5 } else { (d > 0.0) as u8 as f64 };
                }
            }
            start = end;
        }
        if pairs == 0.0 {
            return Err(Error::param(
                "measure",
                format!(
                    "{what} has no comparable pair among these {} rows (no event before another row's time)",
                    rows.len()
                ),
            ));
        }
        Ok(agree / pairs)
    }

    /// The integrated Brier score of predicted survival functions Ŝᵢ(t) = exp(−Ĥᵢ(t)) (`hazard[k]` of row
    /// `rows[k]`) on the rows `rows`, with the inverse-probability-of-censoring weights of Graf et al. 1999 —
    /// Ĝ the Kaplan–Meier estimate of the censoring distribution on the **training** rows `train`:
    /// BS(t) = (1/n) Σᵢ [Ŝᵢ(t)² 1(tᵢ ≤ t, event)/Ĝ(tᵢ) + (1 − Ŝᵢ(t))² 1(tᵢ > t)/Ĝ(t)], integrated by the
    /// trapezoidal rule over the grid and divided by its span; a weight whose Ĝ is 0 counts 0. The grid: the rows'
    /// distinct event times before the horizon τ (the 80 % quantile of the training times, as Uno's C) and before
    /// the rows' last time — at least two, else an error. scikit-survival's
    /// `integrated_brier_score(train, test, Ŝ, times)` on that grid. 0 is perfect; a loss.
    ///
    /// ```
    /// use featrank::data::dataset::{CumulativeHazard, Survival};
    /// let s = Survival::new(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], vec![true, true, true, false, true, true]).unwrap();
    /// let rows = [0, 1, 2, 3, 4, 5];
    /// // each row certain to live until its own time and not after it: a perfect prediction scores 0
    /// let exact: Vec<CumulativeHazard> =
    ///     rows.iter().map(|&i| CumulativeHazard::new(vec![s.time()[i]], vec![f64::INFINITY]).unwrap()).collect();
    /// let ibs = s.integrated_brier(&rows, &rows, &exact).unwrap();
    /// assert!(ibs.abs() < 1e-12, "{ibs}");
    /// let flat = vec![CumulativeHazard::default(); 6]; // Ŝ = 1 everywhere
    /// assert!(s.integrated_brier(&rows, &rows, &flat).unwrap() > 0.2);
    /// ```
    pub fn integrated_brier(&self, train: &[usize], rows: &[usize], hazard: &[CumulativeHazard]) -> Result<f64> {
        if hazard.len() != rows.len() {
            return Err(Error::param(
                "prediction",
                format!("{} survival functions for {} rows", hazard.len(), rows.len()),
            ));
        }
        if let Some(&r) = train.iter().chain(rows).find(|&&r| r >= self.time.len()) {
            return Err(Error::param("rows", format!("row {r} is out of range ({} rows)", self.time.len())));
        }
        if train.is_empty() || rows.is_empty() {
            return Err(Error::param("train", "the integrated Brier score needs training and test rows"));
        }
        let train_times: Vec<f64> = train.iter().map(|&i| self.time[i]).collect();
        let tau = crate::math::quantile(&train_times, UNO_HORIZON);
        let censoring = CensoringKm::of(&train_times, &train.iter().map(|&i| self.event[i]).collect::<Vec<_>>());
        let last = rows.iter().map(|&i| self.time[i]).fold(f64::NEG_INFINITY, f64::max);
        let mut grid: Vec<f64> =
            rows.iter().filter(|&&i| self.event[i] && self.time[i] < tau.min(last)).map(|&i| self.time[i]).collect();
        grid.sort_unstable_by(f64::total_cmp);
        grid.dedup();
        if grid.len() < 2 {
            return Err(Error::param(
                "measure",
                format!(
                    "the integrated Brier score needs two event times of the test rows before τ = {tau} (the 80 % \
                     quantile of the training times); these {} rows have {}",
                    rows.len(),
                    grid.len()
                ),
            ));
        }
        let inverse = |g: f64| if g > 0.0 { 1.0 / g } else { 0.0 };
        let at_own: Vec<f64> = rows.iter().map(|&i| inverse(censoring.at(self.time[i]))).collect();
        let brier: Vec<f64> = grid
            .iter()
            .map(|&t| {
                let at_t = inverse(censoring.at(t));
                let sum: f64 = rows
                    .iter()
                    .zip(hazard)
                    .zip(&at_own)
                    .map(|((&i, h), &w)| {
                        let s = h.survival(t);
                        match (self.time[i] <= t, self.event[i]) {
                            (true, true) => s * s * w,
                            (true, false) => 0.0,
                            (false, _) => (1.0 - s) * (1.0 - s) * at_t,
                        }
                    })
                    .sum();
                sum / rows.len() as f64
            })
            .collect();
        let area: f64 = grid.windows(2).zip(brier.windows(2)).map(|(t, b)| (t[1] - t[0]) * (b[0] + b[1]) / 2.0).sum();
        Ok(area / (grid[grid.len() - 1] - grid[0]))
    }

    /// The distinct times at which an event was seen among `rows`, ascending.
    ///
    /// ```
    /// use featrank::data::dataset::Survival;
    /// let s = Survival::new(vec![3.0, 1.0, 3.0, 2.0], vec![true, true, true, false]).unwrap();
    /// assert_eq!(s.event_times(&[0, 1, 2, 3]), [1.0, 3.0]);
    /// ```
    pub fn event_times(&self, rows: &[usize]) -> Vec<f64> {
        let mut times: Vec<f64> = rows.iter().filter(|&&i| self.event[i]).map(|&i| self.time[i]).collect();
        times.sort_unstable_by(f64::total_cmp);
        times.dedup();
        times
    }

    /// The Nelson–Aalen estimate of the cumulative hazard of `rows` (a row may repeat, as in a bootstrap sample):
    /// Ĥ(t) = Σ_{s ≤ t} d(s)/Y(s), d(s) of them with the event at s, Y(s) still followed at s (Nelson 1972;
    /// Aalen 1978): a step at each event time.
    ///
    /// ```
    /// use featrank::data::dataset::Survival;
    /// let s = Survival::new(vec![2.0, 1.0, 3.0, 2.0], vec![false, true, true, true]).unwrap();
    /// let h = s.nelson_aalen(&[0, 1, 2, 3]);
    /// assert_eq!(h.times(), [1.0, 2.0, 3.0]);
    /// assert_eq!(h.values(), [0.25, 0.25 + 1.0 / 3.0, 0.25 + 1.0 / 3.0 + 1.0]);
    /// ```
    pub fn nelson_aalen(&self, rows: &[usize]) -> CumulativeHazard {
        let mut at: Vec<(f64, bool)> = rows.iter().map(|&i| (self.time[i], self.event[i])).collect();
        at.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let (mut times, mut values, mut total, mut k) = (Vec::new(), Vec::new(), 0.0, 0);
        while k < at.len() {
            let t = at[k].0;
            let same = at[k..].iter().take_while(|r| r.0 == t).count();
            let events = at[k..k + same].iter().filter(|r| r.1).count();
            if events > 0 {
                total += events as f64 / (at.len() - k) as f64;
                times.push(t);
                values.push(total);
            }
            k += same;
        }
        CumulativeHazard { times, values }
    }

    /// The target of the given rows, in that order.
    pub(super) fn take(&self, rows: &[usize]) -> Survival {
        Survival {
            time: rows.iter().map(|&r| self.time[r]).collect(),
            event: rows.iter().map(|&r| self.event[r]).collect(),
            levels: self.levels.clone(),
        }
    }
}

/// A cumulative hazard Ĥ(t) as a right-continuous step function — `values[k]` from `times[k]` until the next
/// time, 0 before the first — and the survival function Ŝ(t) = exp(−Ĥ(t)) it gives: what the survival learners
/// predict for each test row (the Cox model's Breslow estimate, kNN's Nelson–Aalen estimate of the neighbours).
///
/// ```
/// use featrank::data::dataset::CumulativeHazard;
/// let h = CumulativeHazard::new(vec![2.0, 5.0], vec![0.5, 1.25]).unwrap();
/// assert_eq!((h.at(1.0), h.at(2.0), h.at(4.9), h.at(9.0)), (0.0, 0.5, 0.5, 1.25));
/// assert!((h.survival(3.0) - (-0.5f64).exp()).abs() < 1e-15);
/// assert!(CumulativeHazard::new(vec![5.0, 2.0], vec![0.5, 1.0]).is_err()); // times ascend
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CumulativeHazard {
    times: Vec<f64>,
    values: Vec<f64>,
}

impl CumulativeHazard {
    /// The step function with `values[k]` from `times[k]` on: times strictly ascending, values non-decreasing and
    /// non-negative (∞ allowed: survival 0).
    pub fn new(times: Vec<f64>, values: Vec<f64>) -> Result<CumulativeHazard> {
        if times.len() != values.len() {
            return Err(Error::param("hazard", format!("{} values for {} times", values.len(), times.len())));
        }
        let ascending = times.windows(2).all(|w| w[0] < w[1]) && times.iter().all(|t| t.is_finite());
        let rising = values.windows(2).all(|w| w[0] <= w[1]) && values.iter().all(|v| *v >= 0.0);
        if !ascending || !rising {
            return Err(Error::param("hazard", "a cumulative hazard steps up at ascending finite times"));
        }
        Ok(CumulativeHazard { times, values })
    }

    /// Ĥ(t).
    pub fn at(&self, t: f64) -> f64 {
        match self.times.partition_point(|&u| u <= t) {
            0 => 0.0,
            k => self.values[k - 1],
        }
    }

    /// Ŝ(t) = exp(−Ĥ(t)).
    pub fn survival(&self, t: f64) -> f64 {
        (-self.at(t)).exp()
    }

    /// The step times.
    pub fn times(&self) -> &[f64] {
        &self.times
    }

    /// Ĥ from each step time on.
    pub fn values(&self) -> &[f64] {
        &self.values
    }

    /// The expected number of events Σⱼ Ĥ(Tⱼ) over the times `times` (ascending) — with the training rows'
    /// distinct event times, the risk score of survival forests and kNN survival (Ishwaran et al. 2008's
    /// "mortality"; scikit-survival's `RandomSurvivalForest.predict`).
    ///
    /// ```
    /// use featrank::data::dataset::CumulativeHazard;
    /// let h = CumulativeHazard::new(vec![2.0, 5.0], vec![0.5, 1.25]).unwrap();
    /// assert_eq!(h.mortality(&[1.0, 2.0, 4.0, 6.0]), 0.0 + 0.5 + 0.5 + 1.25);
    /// ```
    pub fn mortality(&self, times: &[f64]) -> f64 {
        let mut at = 0;
        times
            .iter()
            .map(|&t| {
                while at < self.times.len() && self.times[at] <= t {
                    at += 1;
                }
                if at == 0 {
                    0.0
                } else {
                    self.values[at - 1]
                }
            })
            .sum()
    }
}

/// The horizon of Uno's C: this quantile of the training rows' times.
pub const UNO_HORIZON: f64 = 0.8;

/// The Kaplan–Meier estimate of the censoring distribution Ĝ(t) = P(C > t) — the censored rows as its events;
/// at a time with both, the events leave the risk set first (scikit-survival's `CensoringDistributionEstimator`).
struct CensoringKm {
    /// The distinct times, ascending, and Ĝ just after each.
    steps: Vec<(f64, f64)>,
}

impl CensoringKm {
    fn of(time: &[f64], event: &[bool]) -> CensoringKm {
        let mut order: Vec<usize> = (0..time.len()).collect();
        order.sort_by(|&a, &b| time[a].total_cmp(&time[b]));
        let (mut steps, mut g, mut at_risk, mut k) = (Vec::new(), 1.0, time.len() as f64, 0);
        while k < order.len() {
            let t = time[order[k]];
            let group = order[k..].iter().take_while(|&&i| time[i] == t).count();
            let events = order[k..k + group].iter().filter(|&&i| event[i]).count() as f64;
            let censored = group as f64 - events;
            if censored > 0.0 {
                g *= 1.0 - censored / (at_risk - events);
            }
            steps.push((t, g));
            at_risk -= group as f64;
            k += group;
        }
        CensoringKm { steps }
    }

    /// Ĝ(t): the value after the last distinct time ≤ t (1 before the first).
    fn at(&self, t: f64) -> f64 {
        let k = self.steps.partition_point(|&(u, _)| u <= t);
        if k == 0 {
            1.0
        } else {
            self.steps[k - 1].1
        }
    }
}

/// Every time finite and positive (errors name `what` and the row).
fn check_times(what: &str, time: &[f64]) -> Result<()> {
    if time.is_empty() {
        return Err(Error::EmptyData { what: "the survival target has no rows".into() });
    }
    if let Some((i, t)) = time.iter().enumerate().find(|(_, t)| !(t.is_finite() && **t > 0.0)) {
        return Err(Error::target(
            what,
            format!("row {i} holds the time {t}; survival times must be finite and greater than 0"),
        ));
    }
    Ok(())
}

/// At least one event.
fn check_events(what: &str, event: &[bool]) -> Result<()> {
    if !event.iter().any(|&e| e) {
        return Err(Error::target(
            what,
            format!(
                "no row has an event (all {} are censored): a survival model and its measures need at least one",
                event.len()
            ),
        ));
    }
    Ok(())
}

/// Read a time column and an event column ([`Survival`]'s conventions) with their origins.
pub(super) fn read_survival(time: &Column, event: &Column) -> Result<(Target, Vec<Origin>)> {
    let name = time.name().to_string();
    if !time.dtype().is_primitive_numeric() {
        return Err(Error::target(name, format!("survival times must be numeric, found dtype {}", time.dtype())));
    }
    let mut t = vec![0.0; time.len()];
    read_numeric(time, &mut t).map_err(|e| Error::target(name.clone(), e.message()))?;
    if let Some(i) = t.iter().position(|v| v.is_nan()) {
        return Err(Error::target(name, format!("row {i} has no time (missing or NaN); remove such rows first")));
    }
    check_times(&name, &t)?;
    let (event_values, levels) = read_event(event)?;
    check_events(event.name().as_str(), &event_values)?;
    let origins = vec![
        Origin { name, dtype: time.dtype().clone(), nan_rows: vec![] },
        Origin { name: event.name().to_string(), dtype: event.dtype().clone(), nan_rows: vec![] },
    ];
    Ok((Target::Survival(Survival { time: t, event: event_values, levels }), origins))
}

/// The event indicator of each row and the column's values for censored and event.
fn read_event(col: &Column) -> Result<(Vec<bool>, [String; 2])> {
    let name = col.name().to_string();
    if col.null_count() > 0 {
        let first = col.is_null().iter().position(|m| m == Some(true)).unwrap_or(0);
        return Err(Error::target(name, format!("row {first} has no event value; remove such rows first")));
    }
    if col.dtype().is_primitive_numeric() {
        let mut v = vec![0.0; col.len()];
        read_numeric(col, &mut v).map_err(|e| Error::target(name.clone(), e.message()))?;
        let mut distinct: Vec<f64> = v.clone();
        distinct.sort_by(f64::total_cmp);
        distinct.dedup();
        let (off, on) = match distinct.as_slice() {
            [a] | [a, _] if *a == 0.0 => (0.0, 1.0),
            [1.0] => (0.0, 1.0),
            [1.0, 2.0] => (1.0, 2.0),
            _ => {
                let shown: Vec<String> = distinct.iter().take(5).map(|v| v.to_string()).collect();
                return Err(Error::target(
                    name,
                    format!(
                        "an event column holds 0/1 (1 = event), 1/2 (2 = event) or booleans; this one holds {}{}",
                        shown.join(", "),
                        if distinct.len() > 5 { ", …" } else { "" }
                    ),
                ));
            }
        };
        if distinct.len() == 2 && distinct[1] != on {
            return Err(Error::target(name, format!("values {} and {}: not 0/1 or 1/2", distinct[0], distinct[1])));
        }
        let int = |x: f64| format!("{}", x as i64);
        let levels = match col.dtype() {
            DataType::Float32 | DataType::Float64 => [format!("{off:?}"), format!("{on:?}")],
            _ => [int(off), int(on)],
        };
        return Ok((v.iter().map(|&x| x == on).collect(), levels));
    }
    let (codes, levels) = read_nominal(col)?;
    let used: std::collections::BTreeSet<usize> = codes.iter().flatten().copied().collect();
    if col.dtype() == &DataType::Boolean {
        return Ok((codes.iter().map(|c| *c == Some(1)).collect(), ["false".into(), "true".into()]));
    }
    let present: Vec<&String> = used.iter().map(|&c| &levels[c]).collect();
    if present.len() != 2 {
        let shown: Vec<&str> = present.iter().take(5).map(|s| s.as_str()).collect();
        return Err(Error::target(
            name,
            format!(
                "an event column of text needs exactly two values (censored and event, the second in level order \
                 is the event); this one holds {}: {}",
                present.len(),
                shown.join(", ")
            ),
        ));
    }
    let on = *used.iter().next_back().expect("two levels");
    crate::notice::emit(
        crate::notice::NoticeKind::EventLevel,
        format!(
            "event column '{name}': '{}' is read as the event and '{}' as censored (the second value in level order is \
             the event, as R's Surv reads a factor)",
            levels[on], present[0]
        ),
    );
    Ok((codes.iter().map(|c| *c == Some(on)).collect(), [present[0].clone(), levels[on].clone()]))
}

impl Dataset {
    /// Build from a frame with a survival target: `time` (positive follow-up times) and `event` (see
    /// [`Survival`] for the spellings it takes); every other column is a feature. Errors name the column: a
    /// time that is missing, zero, negative or infinite; an event column of other values; no event at all.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let df = df!("x" => [1.0, 2.0, 3.0], "t" => [4.0, 0.0, 2.0], "e" => [1, 0, 1]).unwrap();
    /// let err = Dataset::from_polars_survival(&df, "t", "e").unwrap_err().to_string();
    /// assert!(err.contains("'t'") && err.contains("row 1"), "{err}");
    /// ```
    pub fn from_polars_survival(frame: impl AsDataFrame, time: &str, event: &str) -> Result<Dataset> {
        Dataset::builder_targets(&frame, &[time, event]).task(super::TaskChoice::Survival).build()
    }

    /// The survival target ([`Task::Survival`](crate::data::Task::Survival) only).
    pub fn survival(&self) -> Option<&Survival> {
        match &self.target {
            Target::Survival(s) => Some(s),
            _ => None,
        }
    }
}
