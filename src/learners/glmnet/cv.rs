//! One penalised fit whose λ is fixed or chosen by cross-validation inside the rows it is given, as R's
//! `cv.glmnet` chooses it (Friedman, Hastie & Tibshirani 2010, §7; Hastie, Tibshirani & Friedman 2009, §7.10):
//!
//! the path is fitted on every row; its λ sequence is then fitted on each inner fold's training rows and the
//! held-out rows' loss recorded — the squared error (Gaussian) or the deviance −2[y ln p + (1 − y) ln(1 − p)]
//! with p clamped to [10⁻⁵, 1 − 10⁻⁵] (binomial); for the Cox family cv.glmnet's grouped partial-likelihood
//! deviance ([`ElasticNet::cross_validate_survival`], each fold weighted by its events). Per λ, CV(λ) = Σ_f n_f L_f / Σ_f n_f (L_f a fold's mean
//! loss, n_f its rows) and SE(λ) = √( Σ_f n_f (L_f − CV)² / Σ_f n_f / (K − 1) ); `min` takes the largest λ
//! with the smallest CV, `1se` the largest λ with CV ≤ CV_min + SE at that minimum.
//!
//! The inner folds are stratified k-fold folds of the rows given ([`CvPlan::stratified`]) — a class target
//! by class, a numeric one by target order — drawn from the fold's seed, with at most as many folds as the
//! smallest class has rows (so every inner training part holds every class).
//!
//! Rows with nothing to learn — a constant response, a single class, every column constant — get the
//! intercept-only model (the mean response; for the binomial family its log-odds, clamped as above), as
//! glmnet's null model.

use ndarray::{Array2, ArrayView2, Axis};

use super::{ElasticNet, Family, Path};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::learners::cox::RiskSets;
use crate::resampling::CvPlan;
use crate::spec::spec_words;

/// The smallest fitted probability the binomial deviance uses (cv.glmnet's `prob_min`).
const PMIN: f64 = 1e-5;

/// How the λ of a fit is chosen.
///
/// ```
/// use featrank::learners::glmnet::{Lambda, Rule};
/// assert_eq!(Lambda::default(), Lambda::Cv { rule: Rule::Min, folds: 10 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Lambda {
    /// This λ, on glmnet's scale (for the Gaussian family relative to the response's standard deviation).
    Fixed(f64),
    /// Chosen by a `folds`-fold cross-validation inside the rows fitted, by `rule`.
    Cv {
        /// Which λ of the cross-validated curve.
        rule: Rule,
        /// Inner folds (at least 3, as cv.glmnet; fewer when a class has fewer rows).
        folds: usize,
    },
}

impl Default for Lambda {
    /// λ by 10-fold cross-validation, the minimum rule (cv.glmnet's `nfolds`; scikit-learn's `*CV` models' rule).
    fn default() -> Self {
        Lambda::Cv { rule: Rule::Min, folds: 10 }
    }
}

/// Which λ a cross-validated curve gives.
///
/// ```
/// use featrank::learners::glmnet::Rule;
/// assert_eq!("1se".parse::<Rule>().unwrap(), Rule::OneSe);
/// assert_eq!(Rule::Min.to_string(), "min");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// The λ of the smallest cross-validated loss (cv.glmnet's `lambda.min`).
    Min,
    /// The largest λ within one standard error of that minimum (`lambda.1se`): a sparser model.
    OneSe,
}

spec_words!(Rule, "λ rule", {
    Rule::Min => "min",
    Rule::OneSe => "1se",
});

/// A fitted model: a path and the index of the λ chosen on it, or the intercept-only model.
#[derive(Debug, Clone)]
pub(crate) enum Fit {
    /// The path on every row and the λ chosen.
    Path(Path, usize),
    /// The linear predictor of every row (nothing to learn from the rows).
    Null(f64),
}

impl Fit {
    /// The model of `family` on `x` (rows × columns) and `y`, its λ chosen as `lambda` says; `folds` is the
    /// inner fold of every row (used by [`Lambda::Cv`]; [`inner_folds`] makes it).
    pub fn new(net: &ElasticNet, x: ArrayView2<'_, f64>, y: &[f64], lambda: Lambda, folds: &[u32]) -> Result<Fit> {
        if let Some(eta) = null_model(net.family, x, y) {
            return Ok(Fit::Null(eta));
        }
        match lambda {
            Lambda::Fixed(l) => {
                // warm starts down to λ, as glmnet advises for one λ, on a 20-value sequence: the same optimum in a
                // third of the descents of the default 100 (benches/lasso_honest.rs: 2.8 s → 1.5 s); a cold
                // start at λ alone can fail to converge (binomial, one class against the rest)
                let path = net.clone().n_lambda(20).stop_at(l).path(x, y)?;
                let last = path.len() - 1;
                Ok(Fit::Path(path, last))
            }
            Lambda::Cv { rule, .. } => {
                let (path, cv) = net.cross_validate(x, y, folds)?;
                Ok(Fit::Path(path, cv.index(rule)))
            }
        }
    }

    /// The multinomial model of the classes whose 0/1 indicators are `indicators` (one per class, each row in one
    /// class) on `x`: one fit per class, on one path with one λ chosen as `lambda` says (by the multinomial
    /// deviance for [`Lambda::Cv`]); every class's intercept-only model (the log of its share) when every column
    /// is constant or one class holds every row.
    pub fn classes(
        net: &ElasticNet,
        x: ArrayView2<'_, f64>,
        indicators: &[Vec<f64>],
        lambda: Lambda,
        folds: &[u32],
    ) -> Result<Vec<Fit>> {
        if indicators.len() < 2 || constant_columns(x) {
            return Ok(indicators
                .iter()
                .filter_map(|y| null_model(Family::Multinomial, x, y))
                .map(Fit::Null)
                .collect());
        }
        let class: Vec<usize> =
            (0..x.nrows()).map(|i| indicators.iter().position(|y| y[i] == 1.0).unwrap_or(0)).collect();
        let (paths, at) = match lambda {
            Lambda::Fixed(l) => {
                // warm starts down to λ on a 20-value sequence, as the one-response fit above
                let paths = net.clone().n_lambda(20).stop_at(l).path_multinomial(x, &class)?;
                let last = paths[0].len() - 1;
                (paths, last)
            }
            Lambda::Cv { rule, .. } => {
                let (paths, cv) = net.cross_validate_multinomial(x, &class, folds)?;
                (paths, cv.index(rule))
            }
        };
        Ok(paths.into_iter().map(|path| Fit::Path(path, at)).collect())
    }

    /// The linear predictor of each row of `x` at the chosen λ.
    pub fn eta(&self, x: ArrayView2<'_, f64>) -> Result<Vec<f64>> {
        match self {
            Fit::Path(path, k) => path.linear_predictor(x, *k),
            Fit::Null(eta) => Ok(vec![*eta; x.nrows()]),
        }
    }

    /// The coefficients at the chosen λ (zeros for the null model), on the columns' own scale.
    pub fn coefficients(&self, columns: usize) -> Vec<f64> {
        match self {
            Fit::Path(path, k) => path.coefficients(*k).to_vec(),
            Fit::Null(_) => vec![0.0; columns],
        }
    }
}

/// The probability of a 1 for the linear predictor `eta` (the logistic function).
pub(crate) fn probability(eta: f64) -> f64 {
    1.0 / (1.0 + (-eta).exp())
}

/// Each class's probability per row, P(c | x_i) = e^{η_ic} / Σ_l e^{η_il}, from each class's linear predictors
/// `etas[c]` (computed stably).
pub(crate) fn class_probabilities(etas: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let mut out: Vec<Vec<f64>> = etas.to_vec();
    for i in 0..etas.first().map_or(0, Vec::len) {
        let top = etas.iter().map(|e| e[i]).fold(f64::NEG_INFINITY, f64::max);
        let sum: f64 = etas.iter().map(|e| (e[i] - top).exp()).sum();
        out.iter_mut().zip(etas).for_each(|(o, e)| o[i] = (e[i] - top).exp() / sum);
    }
    out
}

/// Whether every column of `x` is constant (nothing for a penalised fit to learn from).
fn constant_columns(x: ArrayView2<'_, f64>) -> bool {
    x.columns().into_iter().all(|c| c.iter().all(|v| *v == c[0]))
}

/// The intercept-only linear predictor when the rows leave nothing to learn: a constant response (one class), or
/// every column constant. A multinomial class's `y` is its 0/1 indicator: its η is the log of its share.
pub(crate) fn null_model(family: Family, x: ArrayView2<'_, f64>, y: &[f64]) -> Option<f64> {
    let mean = y.iter().sum::<f64>() / y.len().max(1) as f64;
    let constant_y = y.iter().all(|v| *v == y[0]);
    (constant_y || constant_columns(x)).then(|| match family {
        Family::Gaussian => mean,
        Family::Binomial => {
            let p = mean.clamp(PMIN, 1.0 - PMIN);
            (p / (1.0 - p)).ln()
        }
        Family::Multinomial => mean.clamp(PMIN, 1.0 - PMIN).ln(),
        Family::Cox => 0.0, // every row the same hazard
    })
}

/// The loss of a prediction `eta` of the response `y`: squared error, or the binomial deviance (the Cox family's
/// partial likelihood and the multinomial's softmax have no loss per η: [`ElasticNet::cross_validate`] refuses
/// them before any).
fn loss(family: Family, y: f64, eta: f64) -> f64 {
    match family {
        Family::Gaussian | Family::Cox | Family::Multinomial => (y - eta) * (y - eta),
        Family::Binomial => {
            let p = probability(eta).clamp(PMIN, 1.0 - PMIN);
            -2.0 * (y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        }
    }
}

/// The cross-validated loss along a path's λ sequence (cv.glmnet's `cvm` and `cvsd`), from
/// [`ElasticNet::cross_validate`].
///
/// ```
/// use featrank::learners::glmnet::{ElasticNet, Family, Rule};
/// use featrank::ndarray::Array2;
/// // y = the first column + noise; the second column is noise
/// let x = Array2::from_shape_fn((30, 2), |(i, j)| if j == 0 { i as f64 } else { ((i * 7) % 11) as f64 });
/// let y: Vec<f64> = (0..30).map(|i| i as f64 + ((i * 5) % 3) as f64).collect();
/// let folds: Vec<u32> = (0..30).map(|i| (i % 5) as u32).collect();
/// let (path, cv) = ElasticNet::new(Family::Gaussian).cross_validate(x.view(), &y, &folds)?;
/// assert_eq!(cv.lambdas(), path.lambdas());
/// let (min, one_se) = (cv.index(Rule::Min), cv.index(Rule::OneSe));
/// assert!(one_se <= min);                          // the 1-SE λ is at least as large
/// assert!(cv.loss()[min] <= cv.loss()[0]);
/// # Ok::<(), featrank::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct CrossValidation {
    lambdas: Vec<f64>,
    loss: Vec<f64>,
    se: Vec<f64>,
}

impl CrossValidation {
    /// The λ values, decreasing (the path's on every row).
    pub fn lambdas(&self) -> &[f64] {
        &self.lambdas
    }

    /// CV(λ): the held-out loss per λ, the folds' mean losses weighted by their rows.
    pub fn loss(&self) -> &[f64] {
        &self.loss
    }

    /// SE(λ): the standard error of CV(λ) over the folds.
    pub fn se(&self) -> &[f64] {
        &self.se
    }

    /// The index of the λ `rule` picks: the largest λ with the least loss, or the largest within one SE of it.
    pub fn index(&self, rule: Rule) -> usize {
        let best = self.loss.iter().copied().fold(f64::INFINITY, f64::min);
        let at_min = self.loss.iter().position(|&c| c <= best).unwrap_or(0);
        let bound = match rule {
            Rule::Min => best,
            Rule::OneSe => best + self.se[at_min],
        };
        // λ decreases along the path: the first index within the bound is the largest λ
        self.loss.iter().position(|&c| c <= bound).unwrap_or(at_min)
    }
}

impl ElasticNet {
    /// The path on every row of `x` and its λ sequence cross-validated: fitted on the rows outside each
    /// fold of `folds` (one id in `0..K` per row, every id used, K ≥ 2) and scored on the fold's rows (see the
    /// module docs for the loss and its standard error).
    pub fn cross_validate(&self, x: ArrayView2<'_, f64>, y: &[f64], folds: &[u32]) -> Result<(Path, CrossValidation)> {
        if self.family == Family::Cox {
            return Err(Error::param(
                "family",
                "the Cox family's partial likelihood is no sum over rows: cross-validate it with \
                 cross_validate_survival",
            ));
        }
        if self.family == Family::Multinomial {
            return Err(Error::param("family", "the multinomial family takes class codes: cross_validate_multinomial"));
        }
        let (k, fold_rows) = fold_sizes(folds, y.len())?;
        let path = self.path(x, y)?;
        let lambdas = path.lambdas().to_vec();
        let on_path = self.clone().lambdas(lambdas.clone());
        let mut fold_loss = Array2::<f64>::zeros((k, lambdas.len()));
        for f in 0..k {
            let (train, test): (Vec<usize>, Vec<usize>) = (0..y.len()).partition(|&i| folds[i] as usize != f);
            let (xtr, xte) = (x.select(Axis(0), &train), x.select(Axis(0), &test));
            let ytr: Vec<f64> = train.iter().map(|&i| y[i]).collect();
            let fit = match null_model(self.family, xtr.view(), &ytr) {
                Some(eta) => Fit::Null(eta),
                None => Fit::Path(on_path.path(xtr.view(), &ytr)?, 0),
            };
            for (l, mean) in fold_loss.row_mut(f).iter_mut().enumerate() {
                let eta = match &fit {
                    // a fold's path that ended early (see [`ElasticNet::path`]) predicts with its last λ, as cv.glmnet
                    Fit::Path(p, _) => p.linear_predictor(xte.view(), l.min(p.len() - 1))?,
                    Fit::Null(_) => fit.eta(xte.view())?,
                };
                *mean =
                    test.iter().zip(&eta).map(|(&i, &e)| loss(self.family, y[i], e)).sum::<f64>() / test.len() as f64;
            }
        }
        Ok((path, CrossValidation::of(lambdas, &fold_loss, &fold_rows)))
    }

    /// [`ElasticNet::cross_validate`] for the multinomial family (one class per row, coded `0..K` as
    /// [`ElasticNet::path_multinomial`] takes them): a held-out row's loss is cv.glmnet's deviance −2 ln p, p the
    /// probability of its class clamped to [10⁻⁵, 1 − 10⁻⁵]; a class absent from a fold's training rows has
    /// probability 0 there (so 10⁻⁵), and training rows with one class or constant columns predict their class shares.
    ///
    /// ```
    /// use featrank::learners::glmnet::{ElasticNet, Family, Rule};
    /// use featrank::ndarray::Array2;
    /// // three classes along the first column (with some overlap); the second is noise
    /// let x = Array2::from_shape_fn((45, 2), |(i, j)| if j == 0 { (i % 3) as f64 + ((i * 7) % 5) as f64 * 0.3 } else { ((i * 11) % 7) as f64 });
    /// let class: Vec<usize> = (0..45).map(|i| i % 3).collect();
    /// let folds: Vec<u32> = (0..45).map(|i| ((i / 3) % 5) as u32).collect();
    /// let (paths, cv) = ElasticNet::new(Family::Multinomial).cross_validate_multinomial(x.view(), &class, &folds)?;
    /// assert_eq!((paths.len(), cv.lambdas()), (3, paths[0].lambdas()));
    /// assert!(cv.loss()[cv.index(Rule::Min)] < cv.loss()[0]); // better than the class shares alone
    /// # Ok::<(), featrank::Error>(())
    /// ```
    pub fn cross_validate_multinomial(
        &self,
        x: ArrayView2<'_, f64>,
        class: &[usize],
        folds: &[u32],
    ) -> Result<(Vec<Path>, CrossValidation)> {
        let (k, fold_rows) = fold_sizes(folds, class.len())?;
        let paths = self.path_multinomial(x, class)?;
        let lambdas = paths[0].lambdas().to_vec();
        let on_path = self.clone().lambdas(lambdas.clone());
        let mut fold_loss = Array2::<f64>::zeros((k, lambdas.len()));
        for f in 0..k {
            let (train, test): (Vec<usize>, Vec<usize>) = (0..class.len()).partition(|&i| folds[i] as usize != f);
            let (xtr, xte) = (x.select(Axis(0), &train), x.select(Axis(0), &test));
            let mut present: Vec<usize> = train.iter().map(|&i| class[i]).collect();
            present.sort_unstable();
            present.dedup();
            let code = |c: usize| present.binary_search(&c).ok();
            let fit = match present.len() < 2 || constant_columns(xtr.view()) {
                true => None,
                false => {
                    let codes: Vec<usize> = train.iter().filter_map(|&i| code(class[i])).collect();
                    Some(on_path.path_multinomial(xtr.view(), &codes)?)
                }
            };
            let share = |c: usize| train.iter().filter(|&&i| class[i] == c).count() as f64 / train.len() as f64;
            for (l, mean) in fold_loss.row_mut(f).iter_mut().enumerate() {
                let etas: Vec<Vec<f64>> = match &fit {
                    // a fold's path that ended early predicts with its last λ, as cv.glmnet
                    Some(p) => {
                        p.iter().map(|p| p.linear_predictor(xte.view(), l.min(p.len() - 1))).collect::<Result<_>>()?
                    }
                    None => present.iter().map(|&c| vec![share(c).ln(); test.len()]).collect(),
                };
                let probabilities = class_probabilities(&etas);
                let deviance = |(r, &i): (usize, &usize)| {
                    let p = code(class[i]).map_or(0.0, |c| probabilities[c][r]);
                    -2.0 * p.clamp(PMIN, 1.0 - PMIN).ln()
                };
                *mean = test.iter().enumerate().map(deviance).sum::<f64>() / test.len() as f64;
            }
        }
        Ok((paths, CrossValidation::of(lambdas, &fold_loss, &fold_rows)))
    }

    /// [`ElasticNet::cross_validate`] for the Cox family (survival `time` and 0/1 `event` per row), as cv.glmnet's
    /// default (`grouped`) deviance: a fold's loss at λ is the partial-likelihood deviance of every row less that
    /// of the fold's training rows, both under the training rows' fit (Verweij & van Houwelingen 1993), divided by
    /// the fold's events; CV(λ) and SE(λ) weigh the folds by their events.
    ///
    /// ```
    /// use featrank::learners::glmnet::{ElasticNet, Family, Rule};
    /// use featrank::ndarray::Array2;
    /// // the hazard rises with the first column; the second is noise
    /// let x = Array2::from_shape_fn((40, 2), |(i, j)| if j == 0 { (i % 10) as f64 } else { ((i * 7) % 11) as f64 });
    /// let time: Vec<f64> = (0..40).map(|i| 20.0 - (i % 10) as f64 + (i / 10) as f64 * 0.1).collect();
    /// let event: Vec<f64> = (0..40).map(|i| (i % 5 != 0) as u8 as f64).collect();
    /// let folds: Vec<u32> = (0..40).map(|i| (i % 4) as u32).collect();
    /// let (path, cv) = ElasticNet::new(Family::Cox).cross_validate_survival(x.view(), &time, &event, &folds)?;
    /// assert_eq!(cv.lambdas(), path.lambdas());
    /// assert!(cv.loss()[cv.index(Rule::Min)] < cv.loss()[0]); // better than no covariate
    /// # Ok::<(), featrank::Error>(())
    /// ```
    pub fn cross_validate_survival(
        &self,
        x: ArrayView2<'_, f64>,
        time: &[f64],
        event: &[f64],
        folds: &[u32],
    ) -> Result<(Path, CrossValidation)> {
        let (k, _) = fold_sizes(folds, time.len())?;
        let mut events = vec![0.0; k];
        folds.iter().zip(event).for_each(|(&f, &e)| events[f as usize] += e);
        if let Some(f) = events.iter().position(|&e| e == 0.0) {
            return Err(Error::param("folds", format!("inner fold {f} holds no event: its deviance says nothing")));
        }
        let path = self.path_survival(x, time, event)?;
        let lambdas = path.lambdas().to_vec();
        let on_path = self.clone().lambdas(lambdas.clone());
        let everyone = RiskSets::new(time);
        let mut fold_loss = Array2::<f64>::zeros((k, lambdas.len()));
        for f in 0..k {
            let train: Vec<usize> = (0..time.len()).filter(|&i| folds[i] as usize != f).collect();
            let xtr = x.select(Axis(0), &train);
            let (ttr, etr): (Vec<f64>, Vec<f64>) = train.iter().map(|&i| (time[i], event[i])).unzip();
            let fit = on_path.path_survival(xtr.view(), &ttr, &etr)?;
            let inside = RiskSets::new(&ttr);
            for (l, loss) in fold_loss.row_mut(f).iter_mut().enumerate() {
                // a fold's path that ended early predicts with its last λ, as cv.glmnet
                let at = l.min(fit.len() - 1);
                let eta = fit.linear_predictor(x, at)?;
                let eta_train: Vec<f64> = train.iter().map(|&i| eta[i]).collect();
                let all = everyone.deviance(&eta, event) * time.len() as f64;
                let within = inside.deviance(&eta_train, &etr) * train.len() as f64;
                *loss = (all - within) / events[f];
            }
        }
        Ok((path, CrossValidation::of(lambdas, &fold_loss, &events)))
    }
}

/// The number of folds K and each fold's rows, from one fold id per row (every id in `0..K` used, K ≥ 2).
fn fold_sizes(folds: &[u32], rows: usize) -> Result<(usize, Vec<f64>)> {
    let k = folds.iter().max().map_or(0, |&f| f as usize + 1);
    if k > rows {
        // a fold id past the rows is refused before it sizes anything
        return Err(Error::param("folds", format!("fold id {} for {rows} rows: at most one fold per row", k - 1)));
    }
    let mut fold_rows = vec![0.0; k];
    folds.iter().for_each(|&f| fold_rows[f as usize] += 1.0);
    if folds.len() != rows || k < 2 || fold_rows.contains(&0.0) {
        return Err(Error::param(
            "folds",
            format!(
                "needs one fold id in 0..K per row (K ≥ 2, every id used); got {} ids for {rows} rows",
                folds.len()
            ),
        ));
    }
    Ok((k, fold_rows))
}

impl CrossValidation {
    /// CV(λ) and SE(λ) from each fold's loss at each λ (`fold_loss`: folds × λ), the folds weighted by `weight`.
    fn of(lambdas: Vec<f64>, fold_loss: &Array2<f64>, weight: &[f64]) -> CrossValidation {
        let (k, total) = (weight.len(), weight.iter().sum::<f64>());
        let weighted =
            |l: usize, g: &dyn Fn(f64) -> f64| (0..k).map(|f| weight[f] * g(fold_loss[[f, l]])).sum::<f64>() / total;
        let loss: Vec<f64> = (0..lambdas.len()).map(|l| weighted(l, &|v| v)).collect();
        let se =
            (0..lambdas.len()).map(|l| (weighted(l, &|v| (v - loss[l]).powi(2)) / (k - 1) as f64).sqrt()).collect();
        CrossValidation { lambdas, loss, se }
    }
}

/// The inner fold of every row of `data` for a `folds`-fold cross-validation drawn from `seed`: stratified,
/// with at most as many folds as the smallest class present has rows (a survival target: as it has events), and
/// on grouped rows as there are groups, kept whole (at least 2).
pub(crate) fn inner_folds(data: &Dataset, folds: usize, seed: u64) -> Result<Vec<u32>> {
    // a survival target: at most one fold per event (each fold's deviance needs one)
    let events = data.survival().map(|s| s.n_events());
    let smallest = data.class_counts().and_then(|c| c.into_iter().filter(|&n| n > 0).min()).or(events);
    let groups = crate::resampling::fewest_groups_of_a_class(data)
        .map(|(_, n)| n)
        .or(data.groups().map(|g| g.n_groups()))
        .unwrap_or(usize::MAX);
    let k = folds.min(smallest.unwrap_or(usize::MAX)).min(data.n_rows()).min(groups);
    if k < 2 {
        let what = match events {
            Some(n) => format!("2 events among the training rows; they have {n}"),
            None => format!("2 rows of every class; the training rows have {k}"),
        };
        return Err(Error::param("folds", format!("the inner cross-validation of λ needs {what}")));
    }
    Ok(CvPlan::stratified(data, k, 1, rand::Rng::r#gen(&mut crate::seed::rng_for(seed, &[INNER])))?
        .assignment(0)
        .to_vec())
}

/// The stream of the inner folds, apart from every other draw of a split's seed.
const INNER: u64 = 0x6c61_6d62;
