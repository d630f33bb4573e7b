//! A user's own ranking method inside every split, from Rust: a closure ([`rankers::from_fn`]) gives the curves of
//! the method it wraps bit for bit; a linfa model ([`rankers::LinfaRanker`]) ranks every split as a hand loop over
//! the same folds does; a program (`command:run=(…)`) ranks every split as a fixed ranking of its output does;
//! their failures name the method and the split; nested evaluation takes them as points of its grid.

use featrank::data::Dataset;
use featrank::eval::{Candidate, CurveKind, CurveSpec};
use featrank::learners::Knn;
use featrank::prelude::*;
use featrank::protocol::NestedSpec;
use featrank::rankers::{self, from_fn, Fisher, Ranker};

fn iris() -> Dataset {
    featrank::data::datasets::load("iris").unwrap().dataset().unwrap()
}

#[test]
fn a_closure_ranks_as_the_method_it_wraps_bit_for_bit() {
    let data = iris();
    let own = from_fn("own-fisher", |d: &Dataset, seed| Fisher::new().scores(d, seed));
    let spec = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(0).seed(3);
    let a = spec.evaluate_all(&data, &[Candidate::per_fold(own)]).unwrap();
    let b = spec.evaluate_all(&data, &[Candidate::per_fold(Fisher::new()).with_name("own-fisher")]).unwrap();
    for kind in [CurveKind::Ffa, CurveKind::Rfa] {
        assert_eq!(a.get("own-fisher", kind).unwrap(), b.get("own-fisher", kind).unwrap());
    }
    assert_eq!(a.fold_rankings("own-fisher").unwrap().ranks(), b.fold_rankings("own-fisher").unwrap().ranks());
}

#[test]
fn a_failure_inside_the_splits_names_the_method_and_the_split() {
    let data = iris();
    let boom = from_fn("boom", |_: &Dataset, _| -> featrank::Result<Vec<f64>> { panic!("no luck") });
    let spec = CurveSpec::new(Knn::new()).folds(3).expected(0);
    let e = spec.evaluate_all(&data, &[Candidate::per_fold(boom)]).unwrap_err();
    assert!(matches!(e, featrank::Error::External { .. }));
    assert_eq!(e.to_string(), "boom failed in repeat 0, split 0: panicked: no luck");
}

#[test]
fn nested_evaluation_takes_a_closure_as_a_point_of_its_grid() {
    let data = iris();
    let own = from_fn("own-fisher", |d: &Dataset, seed| Fisher::new().scores(d, seed));
    let a = NestedSpec::new(&["relieff"], "knn:k=5").unwrap().ranker("own-fisher", own).folds(3).inner_folds(3);
    let run = a.evaluate(&data).unwrap();
    assert_eq!(run.rankers, ["relieff", "own-fisher"]);
    // the closure's choices and scores are Fisher's, under its name
    let b =
        NestedSpec::new(&["relieff", "fisher"], "knn:k=5").unwrap().folds(3).inner_folds(3).evaluate(&data).unwrap();
    for (x, y) in run.splits.iter().zip(&b.splits) {
        assert_eq!((x.k, x.inner, x.outer), (y.k, y.inner, y.outer));
        assert_eq!(x.ranker.replace("own-fisher", "fisher"), y.ranker);
    }
    let twice = NestedSpec::new(&[], "knn").unwrap().ranker("a", Fisher::new()).ranker("a", Fisher::new());
    assert!(twice.evaluate(&data).unwrap_err().to_string().contains("two points of the ranker grid are named 'a'"));
    assert!(NestedSpec::new(&[], "knn")
        .unwrap()
        .evaluate(&data)
        .unwrap_err()
        .to_string()
        .contains("at least one ranker"));
}

#[cfg(unix)]
#[test]
fn a_program_ranks_every_split_as_a_fixed_ranking_of_its_output() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("rank.sh");
    std::fs::write(
        &script,
        "printf 'feature,rank\\npetalwidth,1\\npetallength,2\\nsepallength,3\\nsepalwidth,4\\n' > \"$2\"\n",
    )
    .unwrap();
    let data = iris();
    let cmd = rankers::parse(&format!("command:run=(sh {})", script.display())).unwrap();
    let spec = CurveSpec::new(Knn::new()).folds(3).expected(0);
    let fixed = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    let a = spec.evaluate_all(&data, &[Candidate::PerFold { name: "p".into(), ranker: cmd.into() }]).unwrap();
    let b = spec.evaluate_all(&data, &[fixed.with_name("p").into()]).unwrap();
    assert_eq!(a.get("p", CurveKind::Ffa).unwrap().mean, b.get("p", CurveKind::Ffa).unwrap().mean);
}

mod with_linfa {
    use super::*;
    use ::linfa::dataset::DatasetBase;
    use ::linfa::traits::Fit;
    use featrank::data::TargetValue;
    use featrank::rankers::LinfaRanker;
    use featrank::resampling::CvPlan;
    use linfa_logistic::{MultiFittedLogisticRegression, MultiLogisticRegression};
    use ndarray::{Array1, Axis};

    fn coefficients(fit: &MultiFittedLogisticRegression<f64, usize>) -> Vec<f64> {
        fit.params().rows().into_iter().map(|row| row.iter().map(|c| c.abs()).sum()).collect()
    }

    #[test]
    fn per_split_rankings_equal_a_hand_loop_over_the_same_folds_bit_for_bit() {
        let iris = iris();
        let model = || MultiLogisticRegression::default().max_iterations(50);
        let ranker = LinfaRanker::classifier("logistic", model(), coefficients).standardized();
        let plan = CvPlan::stratified(&iris, 5, 2, 4).unwrap();
        let curves = CurveSpec::new(Knn::new())
            .plan(plan.clone())
            .expected(0)
            .evaluate_all(&iris, &[Candidate::per_fold(ranker)])
            .unwrap();
        let per_fold = curves.fold_rankings("logistic").unwrap();
        for (repeat, fold, (train, _)) in plan.splits() {
            // by hand: standardise the training rows, fit, |coefficients| summed over classes
            let rows = iris.take_rows(&train).unwrap();
            let mut x = rows.to_ndarray().unwrap();
            for mut c in x.axis_iter_mut(Axis(1)) {
                let (m, s) = (c.mean().unwrap(), c.std(0.0));
                c.mapv_inplace(|v| (v - m) / s);
            }
            let y = Array1::from(usize::encode(rows.target(), &(0..rows.n_rows()).collect::<Vec<_>>()).unwrap());
            let scores = coefficients(&model().fit(&DatasetBase::new(x, y)).unwrap());
            let by_hand = Ranking::from_scores(rows.feature_names(), &scores).unwrap();
            assert_eq!(per_fold.get(repeat, fold).unwrap().order(), by_hand.order(), "repeat {repeat}, split {fold}");
        }
    }

    #[test]
    fn nominal_features_and_wrong_output_are_named() {
        let vote = featrank::data::datasets::load("vote").unwrap().dataset().unwrap();
        let ranker = LinfaRanker::classifier("logistic", MultiLogisticRegression::default(), coefficients);
        assert!(ranker.rank(&vote, 0).is_err());
        let wrong = LinfaRanker::classifier("short", MultiLogisticRegression::default(), |_: &_| vec![1.0]);
        assert_eq!(wrong.rank(&iris(), 0).unwrap_err().to_string(), "short failed: gave 1 scores for 4 features");
    }
}
