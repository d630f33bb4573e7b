//! Every answer of the comparison layer, reached from the curve run it is drawn from — the names a user
//! guesses from the README: `curves.eca_table()`, `curves.compare()`, `curves.significance()`,
//! `curves.stability()`, `curves.decide()`, `curves.trade_off(k)`. Each is its type's constructor with the usual choices (uniform
//! weighting, 95 %, the default size rules); the constructors take other choices.
//!
//! ```
//! use featrank::prelude::*;
//! let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
//! let good = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
//! let curves = CurveSpec::new(Knn::new()).folds(5).repeats(3).expected(10)
//!     .evaluate_all(&iris, &[good.with_name("good").into(), Candidate::per_fold(ReliefF::new())]).unwrap();
//! let eca = curves.eca_table().unwrap();          // ranking × weighting, against random rankings
//! assert_eq!(eca.height(), 2);
//! let tests = curves.significance().unwrap();     // pairs and against random: ECA interval, t, Wilcoxon, Holm
//! assert!(tests.pair("good", "relieff").is_some());
//! assert_eq!(curves.stability().unwrap().len(), 1); // per-fold rankers only
//! assert!(curves.decide().unwrap().get("good", SizeRule::Best).is_some());
//! assert!(curves.compare().unwrap().eca("good", Baseline::Expected, Weighting::Uniform).is_some());
//! ```

use crate::compare::{Comparison, Significance, SizeChoices, SizeRule, Stabilities, TradeOff};
use crate::data::Frame;
use crate::error::Result;
use crate::eval::{Curves, Weighting};

impl Curves {
    /// The ECA table against the expected curve: `ranking` and one column per weighting
    /// ([`Comparison::versus_expected`]).
    pub fn eca_table(&self) -> Result<Frame> {
        self.compare()?.versus_expected()
    }

    /// Every ranking against every other and against the expected curve ([`Comparison::new`]).
    pub fn compare(&self) -> Result<Comparison> {
        Comparison::new(self)
    }

    /// Tests of every pair and of every ranking against random rankings, uniform weighting, 95 %
    /// intervals ([`Significance::of_curves`]).
    pub fn significance(&self) -> Result<Significance> {
        Significance::of_curves(self, Weighting::default(), Significance::DEFAULT_LEVEL)
    }

    /// The stability of the rankers run per fold, at the curves' sizes ([`Stabilities`]).
    pub fn stability(&self) -> Result<Stabilities> {
        Stabilities::of_curves(self, &self.sizes)
    }

    /// The stability of the rankers run per fold at `sizes` (e.g. `&[5, 10, 20, 50]`).
    pub fn stability_at(&self, sizes: &[usize]) -> Result<Stabilities> {
        Stabilities::of_curves(self, sizes)
    }

    /// How many features to keep, by the default rules (best, 1se, within:0.01, knee) ([`SizeChoices`]).
    pub fn decide(&self) -> Result<SizeChoices> {
        SizeChoices::of_curves(self, &SizeRule::DEFAULT)
    }

    /// Stability and accuracy of the per-fold rankers' top-`k` sets together: the Pareto front and RPT with
    /// β = 1 ([`TradeOff`]).
    pub fn trade_off(&self, k: usize) -> Result<TradeOff> {
        TradeOff::of_curves(self, k)
    }
}
