//! Honest curves: rankers run inside every training split, resampling schemes, and stability from the
//! same run (Nogueira's φ on hand-computed cases).

use std::sync::Mutex;

use featrank::compare::stability::nogueira;
use featrank::prelude::*;
use featrank::rankers::Checked;
use rand::SeedableRng;

#[test]
fn on_pure_noise_per_fold_curves_stay_at_chance_and_fixed_rankings_do_not() {
    // Ambroise & McLachlan's setting: 60 patients, 2000 genes, labels unrelated to the data.
    let null = Null::new().rows(60).features(2000).generate(7).unwrap();
    let data = Dataset::from_polars(&null.frame, "class").unwrap();
    assert_eq!(data.task(), Task::Classification);
    let fixed = Fisher::new().rank(&data, 0).unwrap().with_name("fisher on all rows");
    let curves = CurveSpec::new(Knn::new().k(5))
        .folds(10)
        .repeats(3)
        .expected(0)
        .grid(Grid::Custom(vec![1, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1000]))
        .seed(3)
        .evaluate_all(&data, &[fixed.into(), Candidate::per_fold(Fisher::new())])
        .unwrap();
    // Chance is 0.5 (per-fold curves on balanced null data sit somewhat below it: features that separate
    // the training rows by chance tend to separate the held-out rows the other way). A repeat's accuracy on 60 rows has binomial spread √(0.25/60) = 0.065, and the mean
    // over repeats is no tighter than one repeat (the repeats share the rows), so chance ± 3.5 σ.
    let tolerance = 3.5 * (0.25f64 / 60.0).sqrt();
    let per_fold = curves.get("fisher", CurveKind::Ffa).unwrap();
    assert_eq!(per_fold.mode, Mode::PerFold);
    for (k, m) in curves.sizes.iter().zip(&per_fold.mean) {
        assert!((m - 0.5).abs() <= tolerance, "per-fold FFA({k}) = {m} is outside chance ± {tolerance:.3}");
    }
    let biased = curves.get("fisher on all rows", CurveKind::Ffa).unwrap();
    assert_eq!(biased.mode, Mode::Fixed);
    // sizes 10, 20, 50 and 100: the features chosen with the test rows' labels separate them
    for s in 4..8 {
        assert!(
            biased.mean[s] > 0.5 + tolerance,
            "the fixed ranking's FFA({}) = {} should show selection bias",
            curves.sizes[s],
            biased.mean[s]
        );
    }
}

/// A ranker that records which rows (by the `id` feature) it was given, and ranks features by index.
#[derive(Debug, Default)]
struct Recorder {
    seen: Mutex<Vec<Vec<usize>>>,
}

impl Method for Recorder {
    fn spec(&self) -> Spec {
        Spec::new("recorder")
    }

    fn supports(&self, _: Task) -> bool {
        true
    }
}

impl Ranker for Recorder {
    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> featrank::Result<Vec<f64>> {
        let id = data.feature_index("id")?;
        let mut rows: Vec<usize> = data.feature(id).iter().map(|&v| v as usize).collect();
        rows.sort_unstable();
        self.seen.lock().unwrap().push(rows);
        Ok((0..data.n_features()).map(|j| -(j as f64)).collect())
    }
}

#[test]
fn no_test_row_ever_reaches_a_per_fold_ranker() {
    let iris = featrank::data::datasets::load("iris").unwrap().frame;
    let mut frame: DataFrame = iris.into_inner();
    frame.with_column(Column::new("id".into(), (0..150u32).map(f64::from).collect::<Vec<_>>())).unwrap();
    let data = Dataset::from_polars(&frame, "class").unwrap();
    for scheme in [Scheme::KFold { folds: 5 }, Scheme::Holdout { test: 0.25 }, Scheme::Bootstrap] {
        let plan = CvPlan::new(&data, scheme, 3, 11).unwrap();
        let recorder = std::sync::Arc::new(Recorder::default());
        let curves = CurveSpec::new(Knn::new().k(3))
            .plan(plan.clone())
            .expected(0)
            .evaluate_all(&data, &[Candidate::PerFold { name: "recorder".into(), ranker: recorder.clone() }])
            .unwrap();
        let mut seen = recorder.seen.lock().unwrap().clone();
        let mut trains: Vec<Vec<usize>> = plan.splits().map(|(_, _, (train, _))| train).collect();
        assert_eq!(seen.len(), trains.len(), "{scheme}: one ranking per split");
        seen.sort();
        trains.sort();
        assert_eq!(seen, trains, "{scheme}: the ranker saw exactly the training rows of each split");
        for (r, f, (train, test)) in plan.splits() {
            assert!(test.iter().all(|t| !train.contains(t)), "{scheme}: split ({r}, {f}) trains on a test row");
            assert!(!test.is_empty());
        }
        // A ranker that ignores the rows ranks as the fixed ranking does: the same curves, bit for bit.
        let fixed = Ranking::from_order(data.feature_names()).unwrap().with_name("recorder");
        let same = CurveSpec::new(Knn::new().k(3)).plan(plan).expected(0).evaluate(&data, &[fixed]).unwrap();
        assert_eq!(
            curves.curves.iter().map(|c| &c.per_repeat).collect::<Vec<_>>(),
            same.curves.iter().map(|c| &c.per_repeat).collect::<Vec<_>>()
        );
    }
}

/// A ranker that fails on fewer rows than the whole dataset (so only inside a split).
#[derive(Debug)]
struct FailsOnSubsets(usize);

impl Method for FailsOnSubsets {
    fn spec(&self) -> Spec {
        Spec::new("fails-on-subsets")
    }

    fn supports(&self, _: Task) -> bool {
        true
    }
}

impl Ranker for FailsOnSubsets {
    fn scores_checked(&self, data: Checked<'_>, _seed: u64) -> featrank::Result<Vec<f64>> {
        if data.n_rows() < self.0 {
            return Err(featrank::Error::param("rows", "too few"));
        }
        Ok(vec![0.0; data.n_features()])
    }
}

#[test]
fn a_failure_inside_a_split_names_the_ranker_repeat_and_split() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let e = CurveSpec::new(Knn::new())
        .folds(3)
        .repeats(2)
        .evaluate_all(&iris, &[Candidate::per_fold(FailsOnSubsets(150))])
        .unwrap_err()
        .to_string();
    assert!(e.contains("fails-on-subsets in repeat") && e.contains("split") && e.contains("too few"), "{e}");
}

#[test]
fn per_fold_curves_and_rankings_are_thread_count_independent() {
    let wine = featrank::data::datasets::load("wine").unwrap().dataset().unwrap();
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(|| {
            CurveSpec::new(Knn::new().k(5))
                .scheme(Scheme::Bootstrap)
                .repeats(4)
                .expected(5)
                .seed(9)
                .evaluate_all(
                    &wine,
                    &[Candidate::per_fold(ReliefF::new()), Candidate::per_fold(ForestImportance::new().trees(20))],
                )
                .unwrap()
        })
    };
    let one = run(1);
    assert_eq!(one, run(3));
    assert_eq!(one.fold_rankings.len(), 2);
    assert_eq!(one.fold_rankings("forest").unwrap().len(), 4);
}

#[test]
fn schemes_split_as_documented() {
    let wine = featrank::data::datasets::load("wine").unwrap().dataset().unwrap(); // classes 59/71/48
    let counts = |rows: &[usize]| {
        let l = wine.labels().unwrap();
        (0..3).map(|c| rows.iter().filter(|&&r| l[r] == c).count()).collect::<Vec<_>>()
    };
    let h = CvPlan::new(&wine, Scheme::Holdout { test: 1.0 / 3.0 }, 20, 1).unwrap();
    for r in 0..20 {
        let (train, test) = h.split(r, 0);
        assert_eq!(counts(&test), vec![20, 24, 16], "round(n_c / 3) of every class");
        assert_eq!(train.len() + test.len(), 178);
        assert_eq!(h.test_rows(r), test);
    }
    assert_ne!(h.split(0, 0), h.split(1, 0), "each repeat draws its own split");
    let b = CvPlan::new(&wine, Scheme::Bootstrap, 20, 1).unwrap();
    let mut oob = 0.0;
    for r in 0..20 {
        let (train, test) = b.split(r, 0);
        assert_eq!(counts(&train), vec![59, 71, 48], "class sizes kept in every bootstrap sample");
        assert!(test.iter().all(|t| !train.contains(t)));
        oob += test.len() as f64 / 178.0 / 20.0;
    }
    assert!((oob - 0.368).abs() < 0.03, "about 1/e of the rows are out of bag: {oob}");
    assert_eq!(b, CvPlan::new(&wine, Scheme::Bootstrap, 20, 1).unwrap(), "seeded");
    // every scheme round-trips through its text
    for s in [Scheme::KFold { folds: 7 }, Scheme::Holdout { test: 0.25 }, Scheme::Bootstrap] {
        assert_eq!(s.to_string().parse::<Scheme>().unwrap(), s);
    }
    for bad in ["holdout:0", "holdout:test=1", "kfold:folds=1", "bootstrap:n=3", "jackknife"] {
        assert!(bad.parse::<Scheme>().is_err(), "{bad}");
    }
    let tiny = Dataset::from_polars(df!("x" => [1.0, 2.0, 3.0], "y" => ["a", "a", "b"]).unwrap(), "y").unwrap();
    let e = CvPlan::new(&tiny, Scheme::Holdout { test: 0.5 }, 2, 0).unwrap_err().to_string();
    assert!(e.contains("class 'b' has one row"), "{e}");
}

#[test]
fn nogueira_on_hand_computed_cases() {
    let set = |f: &[usize]| (0..4).map(|j| f.contains(&j)).collect::<Vec<bool>>();
    // identical selections: φ = 1, no variance
    let n = nogueira(&[set(&[0, 1]), set(&[0, 1]), set(&[0, 1])]).unwrap();
    assert_eq!((n.phi, n.variance), (1.0, 0.0));
    // {0,1}, {0,1}, {0,2} of d = 4: p̂ = (1, 2/3, 1/3, 0), k̄ = 2,
    // φ = 1 − (3/2)·(1/4)(2/9 + 2/9) / (1/2 · 1/2) = 1/3;
    // φ_i = (1, 1, 2/3), v = 4/9 · ((1/9)² + (1/9)² + (2/9)²) = 8/243.
    let n = nogueira(&[set(&[0, 1]), set(&[0, 1]), set(&[0, 2])]).unwrap();
    assert!((n.phi - 1.0 / 3.0).abs() < 1e-12, "{}", n.phi);
    assert!((n.variance - 8.0 / 243.0).abs() < 1e-12, "{}", n.variance);
    let (lo, hi) = n.interval(0.95).unwrap();
    assert!((hi - lo - 2.0 * 1.959964 * (8.0f64 / 243.0).sqrt()).abs() < 1e-5);
    // two sets of size 2 sharing exactly the chance overlap k²/d = 1: φ = 0
    assert!(nogueira(&[set(&[0, 1]), set(&[0, 2])]).unwrap().phi.abs() < 1e-12);
    // undefined cases are errors, not NaN
    assert!(nogueira(&[set(&[]), set(&[])]).is_err());
    assert!(nogueira(&[set(&[0, 1, 2, 3]), set(&[0, 1, 2, 3])]).is_err());
    assert!(nogueira(&[set(&[0])]).is_err());
    // tests: equal procedures are not different; a stable one is above chance
    let stable = nogueira(&[set(&[0, 1]), set(&[0, 1]), set(&[0, 1]), set(&[0, 2])]).unwrap();
    assert_eq!(stable.test_equal(&stable).unwrap().p_value, 1.0);
    assert!(stable.test_above(0.0).unwrap().statistic > 0.0);
    // two sets: φ̂_1 = φ̂_2, so v̂ = 0 by construction — no interval, no test, and the reason said
    let two = nogueira(&[set(&[0, 1]), set(&[0, 2])]).unwrap();
    assert_eq!(two.variance, 0.0);
    for err in [two.interval(0.95).map(|_| ()), two.test_above(0.0).map(|_| ()), stable.test_equal(&two).map(|_| ())] {
        assert!(err.unwrap_err().to_string().contains("0 by construction"));
    }
}

#[test]
fn nogueira_is_zero_in_expectation_under_random_selection() {
    // M = 20 random sets of 10 of 100 features, 300 times: the mean of φ̂ is 0 within 4 standard errors.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let phis: Vec<f64> = (0..300)
        .map(|_| {
            let sets: Vec<Vec<bool>> = (0..20)
                .map(|_| {
                    let picks = rand::seq::index::sample(&mut rng, 100, 10);
                    let mut s = vec![false; 100];
                    picks.iter().for_each(|j| s[j] = true);
                    s
                })
                .collect();
            nogueira(&sets).unwrap().phi
        })
        .collect();
    let mean = phis.iter().sum::<f64>() / 300.0;
    let sd = (phis.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / 299.0).sqrt();
    assert!(mean.abs() < 4.0 * sd / 300f64.sqrt(), "mean φ̂ = {mean}, sd {sd}");
    // and the variance estimate matches the spread it estimates (within a factor of 1.5)
    let sets: Vec<Vec<bool>> = (0..20)
        .map(|_| {
            let picks = rand::seq::index::sample(&mut rng, 100, 10);
            (0..100).map(|j| picks.iter().any(|p| p == j)).collect()
        })
        .collect();
    let v = nogueira(&sets).unwrap().variance.sqrt();
    assert!(v / sd > 0.67 && v / sd < 1.5, "estimated sd {v} vs simulated {sd}");
}

#[test]
fn stability_from_the_same_run() {
    let wine = featrank::data::datasets::load("wine").unwrap().dataset().unwrap();
    let curves = CurveSpec::new(Knn::new().k(5))
        .folds(5)
        .repeats(2)
        .expected(0)
        .evaluate_all(&wine, &[Candidate::per_fold(Fisher::new()), Candidate::per_fold(ReliefF::new()).with_name("rf")])
        .unwrap();
    let all = curves.stability().unwrap();
    assert_eq!(all.len(), 2);
    let fisher = &all[0];
    assert_eq!(fisher.curve.rankings, 10);
    assert_eq!(fisher.nogueira.len(), curves.sizes.len());
    assert!(fisher.nogueira.last().unwrap().is_none(), "φ is undefined when every set is the whole feature set");
    let phi3 = fisher.nogueira[2].unwrap();
    assert!(phi3.phi > 0.5 && phi3.test_above(0.0).unwrap().p_value < 0.001, "{phi3:?}");
    // with sets of one size, φ is the mean pairwise Kuncheva index (φ generalises it, [Nogueira])
    for st in &all {
        for (ki, n) in st.curve.kuncheva.iter().zip(&st.nogueira) {
            if let (Some(ki), Some(n)) = (ki, n) {
                assert!((ki - n.phi).abs() < 1e-12, "{ki} vs {}", n.phi);
            }
        }
    }
    let table = featrank::compare::stability::stability_table(&all).unwrap();
    assert_eq!(table.height(), 2 * curves.sizes.len());
    // the per-fold rankings aggregate into one ranking, and every feature's rank distribution is reported
    let fr = curves.fold_rankings("rf").unwrap();
    let mean_rank = fr.aggregate(Aggregate::Mean).unwrap();
    assert_eq!(mean_rank.name(), "rf-mean");
    let dist = fr.rank_distribution(3).unwrap();
    assert_eq!(dist.height(), 13);
    let first = dist.column("feature").unwrap().str().unwrap().get(0).unwrap().to_string();
    assert_eq!(first, mean_rank.order()[0], "the distribution is sorted by mean rank");
    let top = dist.column("top_3").unwrap().f64().unwrap();
    assert!(top.iter().all(|v| (0.0..=1.0).contains(&v.unwrap())));
    let sum: f64 = top.iter().map(|v| v.unwrap()).sum();
    assert!((sum - 3.0).abs() < 1e-12, "each ranking puts exactly 3 features in its top 3");
    // comparison picks the stability curves up from the run
    let cmp = Comparison::new(curves).unwrap().with_fold_stability().unwrap();
    assert_eq!(cmp.stability.len(), 2);
}
