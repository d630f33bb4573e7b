//! Properties that hold for every input: FFA(n) = RFA(n) for every learner, rankings are permutations,
//! ECA is antisymmetric, identical rankings are perfectly stable, and the same seed gives bit-identical
//! results on one thread and on several.

use crate::common;
use featrank::compare::stability::stability_curve;
use featrank::eval::eca::eca;
use featrank::prelude::*;
use featrank::rankers;
use proptest::prelude::*;

fn on_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(f)
}

/// Every ranker, on data of each kind it accepts: vote (nominal, missing values), wdbc (numeric), and a
/// regression set for the methods that support it. Same seed ⇒ the same scores bit for bit on 1 and 3
/// threads, and the ranking is a permutation of the features.
#[test]
fn every_ranker_is_thread_count_independent_and_ranks_a_permutation() {
    // 200 rows of each bundled set: every ranker's parallel parts (folds, trees, bootstraps, blocks of rows)
    // still split across the threads, at a third of the time of the whole sets
    let first = |name: &str| {
        let data = featrank::data::datasets::load(name).unwrap().dataset().unwrap();
        data.take_rows(&(0..200).collect::<Vec<_>>()).unwrap()
    };
    let (vote, wdbc, reg) = (first("vote"), first("wdbc"), first("diabetes-progression"));
    let labels = featrank::data::synth::MultiLabel::new().rows(120).generate(3).unwrap().dataset().unwrap();
    let mtr = df!("a" => (0..40).map(|i| (i % 7) as f64).collect::<Vec<_>>(), "b" => (0..40).map(|i| (i * 3 % 11) as f64).collect::<Vec<_>>(),
        "y1" => (0..40).map(|i| (i % 7) as f64 * 2.0).collect::<Vec<_>>(), "y2" => (0..40).map(|i| (i * 3 % 11) as f64 + 0.5).collect::<Vec<_>>()).unwrap();
    let mtr = Dataset::from_polars_targets(&mtr, &["y1", "y2"]).unwrap();
    let survival =
        featrank::data::synth::Survival::new().rows(120).features(30).generate(3).unwrap().dataset().unwrap();
    let mut checked = 0;
    for &method in rankers::methods().iter().chain(common::WRAPPED_RANKERS) {
        let ranker = rankers::parse(method).unwrap();
        for data in [&vote, &wdbc, &reg, &labels, &mtr, &survival] {
            let Ok(one) = on_threads(1, || ranker.scores(data, 7)) else { continue };
            let three = on_threads(3, || ranker.scores(data, 7)).unwrap();
            let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&one), bits(&three), "{method}: scores differ between 1 and 3 threads");
            let r = ranker.rank(data, 7).unwrap();
            let mut names = r.order().to_vec();
            names.sort();
            let mut want = data.feature_names().to_vec();
            want.sort();
            assert_eq!(names, want, "{method}: not a permutation of the features");
            checked += 1;
        }
    }
    assert!(checked >= rankers::methods().len(), "only {checked} ranker/dataset pairs ran");
}

#[test]
fn ffa_n_equals_rfa_n_for_every_learner() {
    let glass = featrank::data::datasets::load("glass").unwrap().dataset().unwrap();
    let labels = featrank::data::synth::MultiLabel::new().rows(90).generate(2).unwrap().dataset().unwrap();
    let survival = featrank::data::synth::Survival::new().rows(90).features(9).generate(2).unwrap().dataset().unwrap();
    let specs = [
        "knn:k=5",
        "weighted-knn:k=5,weights=(fisher)",
        "svm:c=0.1",
        "nb",
        "tree",
        "forest:trees=5",
        "mlp:epochs=20",
        "glmnet:lambda=0.05",
        "cox",
        "rsf:trees=5",
        "ml-knn:k=5",
        "binary-relevance:base=(tree)",
    ];
    common::covers_every_learner(&specs);
    for spec in specs {
        let learner: std::sync::Arc<dyn featrank::learners::Learner> = featrank::learners::parse(spec).unwrap().into();
        let ds = match learner.supports(featrank::data::Task::Classification) {
            true => &glass,
            false if learner.supports(featrank::data::Task::Survival) => &survival,
            false => &labels,
        };
        let r = Ranking::random(ds.feature_names(), 3, 0).unwrap();
        let c = CurveSpec::new(learner).folds(3).repeats(1).evaluate(ds, std::slice::from_ref(&r)).unwrap();
        let (f, b) = (c.get(r.name(), CurveKind::Ffa).unwrap(), c.get(r.name(), CurveKind::Rfa).unwrap());
        assert_eq!(f.mean.last().unwrap().to_bits(), b.mean.last().unwrap().to_bits(), "{spec}");
    }
}

proptest! {
    #[test]
    fn eca_is_antisymmetric(
        curves in prop::collection::vec((0.0..1.0f64, 0.0..1.0f64, 0.0..1.0f64, 0.0..1.0f64), 1..40),
    ) {
        let n = curves.len();
        let sizes: Vec<usize> = (1..=n).collect();
        let col = |k: usize| curves.iter().map(|c| [c.0, c.1, c.2, c.3][k]).collect::<Vec<f64>>();
        let (fa, ra, fb, rb) = (col(0), col(1), col(2), col(3));
        for w in Weighting::ALL {
            let ab = eca((&fa[..], &ra[..]), (&fb[..], &rb[..]), &sizes, w);
            let ba = eca((&fb[..], &rb[..]), (&fa[..], &ra[..]), &sizes, w);
            prop_assert!((ab.eca + ba.eca).abs() < 1e-12, "{w:?}: {} vs {}", ab.eca, ba.eca);
            prop_assert_eq!(eca((&fa[..], &ra[..]), (&fa[..], &ra[..]), &sizes, w).eca, 0.0);
        }
    }

    #[test]
    fn identical_rankings_are_perfectly_stable(order in Just((0..12).collect::<Vec<usize>>()).prop_shuffle(), m in 2usize..5) {
        let names: Vec<String> = order.iter().map(|i| format!("f{i}")).collect();
        let r = Ranking::from_order(&names).unwrap();
        let c = stability_curve(&vec![r; m], &(1..=12).collect::<Vec<_>>()).unwrap();
        prop_assert!(c.canberra.iter().all(|&v| v == 0.0));
        prop_assert!(c.kuncheva[..11].iter().all(|&k| k == Some(1.0)));
    }
}
