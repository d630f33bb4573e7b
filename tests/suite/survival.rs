//! Survival targets: the (time, event) target as it comes in and goes back out, Harrell's C against
//! scikit-survival, the Cox model and the univariate-Cox ranker against R's `survival::coxph` and
//! scikit-survival's `CoxPHSurvivalAnalysis`, the Cox–Weibull generator's ground truth, and honest curves on
//! survival data. References: `tests/reference/coxph.csv` (`Rscript scripts/survival/coxph_reference.R`, survival
//! 3.x, eps 1e-14) and `tests/reference/sksurv.csv` (`python scripts/survival/sksurv_reference.py`,
//! scikit-survival 0.28), both on the bundled diabetes data with times 1000 / progression (many ties; or nudged
//! apart by 10⁻⁴ per row) and every fourth row censored.

use std::collections::HashMap;

use featrank::data::dataset::Survival;
use featrank::data::{datasets, synth, Dataset, Task};
use featrank::error::ErrorKind;
use featrank::learners::glmnet::{ElasticNet, Family};
use featrank::learners::{self, Cox, Learner, Ties};
use featrank::polars::prelude::*;
use featrank::prelude::*;
use featrank::protocol::NestedSpec;
use featrank::rankers::{self, CoxStatistic, Ranker, UnivariateCox};
use featrank::resampling::{Fold, Prediction};

/// `case,…,term,value` rows of a reference file keyed by every field but the value.
fn reference(file: &str) -> HashMap<String, f64> {
    let path = format!("{}/tests/reference/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let (key, value) = line.rsplit_once(',').unwrap();
            (key.to_string(), value.parse().unwrap())
        })
        .collect()
}

/// The diabetes features with the survival target the reference scripts build (`case`: ties or distinct).
fn diabetes_survival(case: &str) -> Dataset {
    let bundled = datasets::load("diabetes-progression").unwrap();
    let frame: DataFrame = bundled.frame.clone().into();
    let progression: Vec<f64> = frame
        .column("progression")
        .unwrap()
        .cast(&DataType::Float64)
        .unwrap()
        .f64()
        .unwrap()
        .into_no_null_iter()
        .collect();
    let nudge = if case == "distinct" { 1e-4 } else { 0.0 };
    let time: Vec<f64> = progression.iter().enumerate().map(|(i, p)| 1000.0 / p + i as f64 * nudge).collect();
    let event: Vec<i32> = (0..time.len()).map(|i| (i % 4 != 0) as i32).collect();
    let mut df = frame.drop("progression").unwrap();
    df.with_column(Column::new("time".into(), time)).unwrap();
    df.with_column(Column::new("event".into(), event)).unwrap();
    Dataset::from_polars_survival(&df, "time", "event").unwrap()
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + b.abs())
}

#[test]
fn a_survival_target_comes_in_through_every_spelling_and_goes_back_out_as_it_was() {
    let frame = |event: Column| {
        df!("g" => [0.5, 1.0, 1.5, 2.0, 2.5], "t" => [3.0, 1.0, 4.0, 1.5, 9.0]).unwrap().hstack(&[event]).unwrap()
    };
    let spellings = [
        Column::new("e".into(), [true, false, true, true, false]),
        Column::new("e".into(), [1i64, 0, 1, 1, 0]),
        Column::new("e".into(), [2i32, 1, 2, 2, 1]),
        Column::new("e".into(), [1.0f64, 0.0, 1.0, 1.0, 0.0]),
        Column::new("e".into(), ["dead", "alive", "dead", "dead", "alive"]),
    ];
    for event in spellings {
        let df = frame(event);
        let ds = Dataset::from_polars_survival(&df, "t", "e").unwrap();
        assert_eq!(ds.task(), Task::Survival);
        assert_eq!((ds.n_features(), ds.n_targets(), ds.target_names()), (1, 1, vec!["t", "e"]));
        let s = ds.survival().unwrap();
        assert_eq!(s.event(), [true, false, true, true, false], "{:?}", df.column("e").unwrap().dtype());
        assert_eq!(s.time(), [3.0, 1.0, 4.0, 1.5, 9.0]);
        crate::common::assert_identical(&ds.to_polars().unwrap().into(), &df);
        assert!(ds.summary().to_string().contains("survival: 3 events, 2 censored, times 1 … 9"), "{}", ds.summary());
        // rows taken keep their times and events
        let taken = ds.take_rows(&[4, 0]).unwrap();
        assert_eq!(
            (taken.survival().unwrap().time(), taken.survival().unwrap().event()),
            (&[9.0, 3.0][..], &[false, true][..])
        );
    }
    // the builder with the task spelled, as the CLI's --target t,e --task survival
    let df = frame(Column::new("e".into(), [1, 0, 1, 1, 0]));
    let built = Dataset::builder_targets(&df, &["t", "e"]).task("survival".parse().unwrap()).build().unwrap();
    assert_eq!(built.survival(), Dataset::from_polars_survival(&df, "t", "e").unwrap().survival());
}

#[test]
fn bad_survival_targets_are_errors_naming_the_column_and_the_row() {
    let with = |t: Column, e: Column| {
        let df = df!("g" => [0.5, 1.0, 1.5, 2.0]).unwrap().hstack(&[t, e]).unwrap();
        Dataset::from_polars_survival(&df, "t", "e").unwrap_err()
    };
    let good_t = || Column::new("t".into(), [1.0, 2.0, 3.0, 4.0]);
    let good_e = || Column::new("e".into(), [1, 0, 1, 0]);
    let cases = [
        (with(Column::new("t".into(), [1.0, -2.0, 3.0, 4.0]), good_e()), "'t'", "row 1"),
        (with(Column::new("t".into(), [1.0, 2.0, 0.0, 4.0]), good_e()), "'t'", "row 2"),
        (with(Column::new("t".into(), [1.0, 2.0, f64::NAN, 4.0]), good_e()), "'t'", "row 2"),
        (with(Column::new("t".into(), [Some(1.0), None, Some(3.0), Some(4.0)]), good_e()), "'t'", "row 1"),
        (with(Column::new("t".into(), ["a", "b", "c", "d"]), good_e()), "'t'", "numeric"),
        (with(good_t(), Column::new("e".into(), [0, 1, 2, 1])), "'e'", "0, 1, 2"),
        (with(good_t(), Column::new("e".into(), [0, 0, 0, 0])), "'e'", "no row has an event"),
        (with(good_t(), Column::new("e".into(), [false, false, false, false])), "'e'", "no row has an event"),
        (with(good_t(), Column::new("e".into(), ["a", "b", "c", "a"])), "'e'", "exactly two values"),
        (with(good_t(), Column::new("e".into(), [Some(1), None, Some(0), Some(1)])), "'e'", "row 1"),
    ];
    for (err, column, what) in cases {
        let text = err.to_string();
        assert!(text.contains(column) && text.contains(what), "{text}");
        assert_eq!(err.kind(), ErrorKind::Column, "{text}");
    }
    let df = df!("g" => [0.5, 1.0], "t" => [1.0, 2.0], "e" => [1, 0]).unwrap();
    let one = Dataset::builder(&df, "t").task("survival".parse().unwrap()).build().unwrap_err();
    assert!(one.to_string().contains("time then the event"), "{one}");
}

/// Harrell's C against scikit-survival's `concordance_index_censored` and Uno's C against its
/// `concordance_index_ipcw` (1e-12), with tied times and tied risks.
#[test]
fn harrell_and_uno_c_equal_scikit_survival() {
    let refs = reference("sksurv.csv");
    for case in ["ties", "distinct"] {
        let ds = diabetes_survival(case);
        let s = ds.survival().unwrap();
        let rows: Vec<usize> = (0..ds.n_rows()).collect();
        for t in 0..10 {
            let x = ds.feature(t).to_vec();
            let rounded: Vec<f64> = x.iter().map(|v| (v * 100.0).round_ties_even() / 100.0).collect(); // numpy.round
            for (kind, risk) in [("cindex", x), ("cindex_rounded", rounded)] {
                let want = refs[&format!("{case},{kind},{}", t + 1)];
                let got = Measure::HarrellC.score(&ds, &rows, &Prediction::Risk(risk.clone())).unwrap();
                assert!((got - want).abs() < 1e-12, "{case} {kind} {t}: {got} vs {want}");
                assert_eq!(got, s.concordance(&rows, &risk).unwrap());
            }
        }
    }
    // Uno's C: the training rows' censoring distribution (rows i % 3 ≠ 0), the test rows i % 3 = 0, τ the 80 %
    // quantile of the training times
    for case in ["ties", "distinct"] {
        let ds = diabetes_survival(case);
        let (train, test): (Vec<usize>, Vec<usize>) = (0..ds.n_rows()).partition(|i| i % 3 != 0);
        for t in 0..10 {
            let x: Vec<f64> = test.iter().map(|&i| ds.feature(t)[i]).collect();
            let rounded: Vec<f64> = x.iter().map(|v| (v * 100.0).round_ties_even() / 100.0).collect();
            for (kind, risk) in [("uno", x), ("uno_rounded", rounded)] {
                let want = refs[&format!("{case},{kind},{}", t + 1)];
                let got = Measure::UnoC.score_split(&ds, &train, &test, &Prediction::Risk(risk)).unwrap();
                assert!((got - want).abs() < 1e-12, "{case} {kind} {t}: {got} vs {want}");
            }
        }
    }
    // no comparable pair: an error, not a number
    let s = Survival::new(vec![1.0, 2.0], vec![false, true]).unwrap();
    assert!(s.concordance(&[0, 1], &[0.3, 0.1]).is_err());
}

/// The unpenalised Cox model against R's coxph and scikit-survival's CoxPHSurvivalAnalysis, Efron and Breslow:
/// coefficients to 1e-6 (relative), standard errors and log-likelihoods to 1e-6; the two references agree.
#[test]
fn cox_model_equals_r_coxph_and_scikit_survival() {
    let (r, py) = (reference("coxph.csv"), reference("sksurv.csv"));
    for case in ["ties", "distinct"] {
        let ds = diabetes_survival(case);
        let rows: Vec<usize> = (0..ds.n_rows()).collect();
        let features: Vec<usize> = (0..10).collect();
        for ties in [Ties::Efron, Ties::Breslow] {
            let fit = Cox::new().ridge(0.0).ties(ties).fit(&ds, &rows, &features).unwrap();
            let errors = fit.standard_errors.as_ref().unwrap();
            for t in 0..10 {
                let key = |kind: &str| format!("{case},{ties},{kind},{}", t + 1);
                let (b, se) = (fit.coefficients[t], errors[t]);
                assert!(close(b, r[&key("coef")], 1e-6), "{case} {ties} coef {t}: {b} vs {}", r[&key("coef")]);
                assert!(close(se, r[&key("se")], 1e-6), "{case} {ties} se {t}: {se} vs {}", r[&key("se")]);
                let sk = py[&format!("{case},coef_{ties},{}", t + 1)];
                assert!(close(b, sk, 1e-6), "{case} {ties} sksurv coef {t}: {b} vs {sk}");
            }
            let ll = |kind: &str| r[&format!("{case},{ties},{kind},0")];
            assert!(close(fit.log_likelihood, ll("loglik"), 1e-9), "{} vs {}", fit.log_likelihood, ll("loglik"));
            assert!(close(fit.null_log_likelihood, ll("loglik0"), 1e-9));
        }
        // without ties the two approximations are the same likelihood
        if case == "distinct" {
            let efron = Cox::new().ridge(0.0).fit(&ds, &rows, &features).unwrap();
            let breslow = Cox::new().ridge(0.0).ties(Ties::Breslow).fit(&ds, &rows, &features).unwrap();
            assert!(efron.coefficients.iter().zip(&breslow.coefficients).all(|(a, b)| close(*a, *b, 1e-9)));
        }
    }
}

/// Each feature's univariate Cox statistic against coxph fitted on that feature alone: the score (log-rank)
/// test, the Wald test (z²) and the likelihood ratio, Efron and Breslow, to 1e-6 — on the diabetes times and on
/// the bundled real study pbc (missing values: each feature on its complete rows, coxph's na.omit).
#[test]
fn univariate_cox_statistics_equal_r_coxph() {
    let r = reference("coxph.csv");
    let pbc = datasets::load("pbc").unwrap().dataset().unwrap();
    for (case, ds) in [("ties", diabetes_survival("ties")), ("distinct", diabetes_survival("distinct")), ("pbc", pbc)] {
        for ties in [Ties::Efron, Ties::Breslow] {
            for (statistic, kind) in
                [(CoxStatistic::Score, "score"), (CoxStatistic::Wald, "wald_z"), (CoxStatistic::LikelihoodRatio, "lr")]
            {
                let ranker = UnivariateCox::new().statistic(statistic).ties(ties);
                let scores = ranker.scores(&ds, 0).unwrap();
                for (t, got) in scores.iter().enumerate() {
                    let want = r[&format!("{case},{ties},{kind},{}", t + 1)];
                    let want = if kind == "wald_z" { want * want } else { want };
                    assert!(close(*got, want, 1e-6), "{case} {ties} {kind} {t}: {got} vs {want}");
                }
                // the table's z carries the effect's sign and p = P(χ²₁ > score)
                let table: DataFrame = ranker.table(&ds, 0).unwrap().into();
                let names = table
                    .column("feature")
                    .unwrap()
                    .str()
                    .unwrap()
                    .iter()
                    .flatten()
                    .map(str::to_string)
                    .collect::<Vec<_>>();
                let z = table.column("z").unwrap().f64().unwrap().into_no_null_iter().collect::<Vec<_>>();
                let p = table.column("p_value").unwrap().f64().unwrap().into_no_null_iter().collect::<Vec<_>>();
                for ((name, z), p) in names.iter().zip(&z).zip(&p) {
                    let j = ds.feature_index(name).unwrap();
                    assert!(close(z * z, scores[j], 1e-12));
                    if kind == "wald_z" {
                        let signed = r[&format!("{case},{ties},wald_z,{}", j + 1)];
                        assert!(close(*z, signed, 1e-6), "{name}: z {z} vs {signed}");
                    }
                    let normal = chi2_survival(scores[j]);
                    assert!((p - normal).abs() < 1e-9, "{name}: p {p} vs {normal}");
                }
            }
        }
    }
}

/// P(χ²₁ > x) = 2(1 − Φ(√x)), the normal tail integrated numerically (independent of the ranker's erfc).
fn chi2_survival(x: f64) -> f64 {
    // Simpson's rule on the standard normal density from √x to √x + 12
    let (a, b, n) = (x.sqrt(), x.sqrt() + 12.0, 20_000);
    let h = (b - a) / n as f64;
    let f = |t: f64| (-t * t / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt();
    let inner: f64 = (1..n).map(|k| f(a + k as f64 * h) * if k % 2 == 1 { 4.0 } else { 2.0 }).sum();
    2.0 * h / 3.0 * (f(a) + inner + f(b))
}

/// With a ridge the fit is the penalised maximum: the gradient of ℓ(β) − (λ/2)‖β‖² on standardised columns is 0,
/// computed here by an independent Breslow gradient (no ties: every time distinct), with fewer features than
/// rows (Newton on the columns) and more (Newton in the rows' space).
#[test]
fn a_ridge_cox_fit_is_a_stationary_point_of_its_penalised_likelihood() {
    for (rows, features) in [(80, 10), (40, 120)] {
        let s = synth::Survival::new().rows(rows).features(features).generate(5).unwrap();
        let ds = s.dataset().unwrap();
        let all: Vec<usize> = (0..rows).collect();
        let cols: Vec<usize> = (0..features).collect();
        for ridge in [0.5, 4.0] {
            let fit = Cox::new().ties(Ties::Breslow).ridge(ridge).fit(&ds, &all, &cols).unwrap();
            assert_eq!(fit.standard_errors.is_some(), features <= rows);
            // standardised columns and the standardised coefficients b_j = β_j · sd_j
            let z: Vec<Vec<f64>> = cols
                .iter()
                .map(|&j| {
                    let x = ds.feature(j).to_vec();
                    let m = x.iter().sum::<f64>() / rows as f64;
                    let sd = (x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / rows as f64).sqrt();
                    x.iter().map(|v| (v - m) / sd).collect()
                })
                .collect();
            let sds: Vec<f64> = cols
                .iter()
                .map(|&j| {
                    let x = ds.feature(j).to_vec();
                    let m = x.iter().sum::<f64>() / rows as f64;
                    (x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / rows as f64).sqrt()
                })
                .collect();
            let b: Vec<f64> = fit.coefficients.iter().zip(&sds).map(|(c, sd)| c * sd).collect();
            let eta: Vec<f64> = (0..rows).map(|i| (0..features).map(|j| z[j][i] * b[j]).sum()).collect();
            let surv = ds.survival().unwrap();
            let (time, event) = (surv.time(), surv.event());
            for j in 0..features {
                let mut g = 0.0;
                for i in (0..rows).filter(|&i| event[i]) {
                    let at_risk: Vec<usize> = (0..rows).filter(|&k| time[k] >= time[i]).collect();
                    let s0: f64 = at_risk.iter().map(|&k| eta[k].exp()).sum();
                    let s1: f64 = at_risk.iter().map(|&k| eta[k].exp() * z[j][k]).sum();
                    g += z[j][i] - s1 / s0;
                }
                g -= ridge * b[j];
                assert!(g.abs() < 1e-6, "{rows}×{features}, ridge {ridge}: gradient {j} = {g}");
            }
        }
    }
}

#[test]
fn cox_refuses_what_it_cannot_fit_by_name() {
    let ds = diabetes_survival("ties");
    let rows: Vec<usize> = (0..ds.n_rows()).collect();
    // two copies of one column: the unpenalised information is singular
    let mut df: DataFrame = ds.to_polars().unwrap().into();
    let age = df.column("age").unwrap().clone().with_name("age2".into());
    df.with_column(age).unwrap();
    let twice = Dataset::from_polars_survival(&df, "time", "event").unwrap();
    let (a, b) = (twice.feature_index("age").unwrap(), twice.feature_index("age2").unwrap());
    let err = Cox::new().ridge(0.0).fit(&twice, &rows, &[a, b]).unwrap_err();
    assert!(err.to_string().contains("ridge"), "{err}");
    assert!(Cox::new().ridge(1.0).fit(&twice, &rows, &[a, b]).is_ok());
    // settings
    for spec in ["cox:ridge=-1", "cox:ties=exact", "cox:ridge=nan", "cox:k=3"] {
        assert!(learners::parse(spec).is_err(), "{spec}");
    }
    // a classification dataset is refused by name, and classification learners refuse survival data
    let iris = datasets::load("iris").unwrap().dataset().unwrap();
    let train: Vec<usize> = (0..100).collect();
    let test: Vec<usize> = (100..150).collect();
    let fold = Fold { data: &iris, train: &train, test: &test, seed: 0 };
    assert_eq!(Cox::new().fit_predict(&fold, &[0]).unwrap_err().kind(), ErrorKind::UnsupportedTask);
    let fold = Fold { data: &ds, train: &rows[..300], test: &rows[300..], seed: 0 };
    for spec in ["svm", "nb", "tree", "forest"] {
        let err = learners::parse(spec).unwrap().fit_predict(&fold, &[0, 1]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::UnsupportedTask, "{spec}: {err}");
        assert!(err.to_string().contains("cox"), "{spec}: {err}");
    }
    // every training row censored
    let censored: Vec<usize> = rows.iter().copied().filter(|&i| i % 4 == 0).collect();
    let fold = Fold { data: &ds, train: &censored, test: &rows[1..4], seed: 0 };
    let err = Cox::new().fit_predict(&fold, &[0]).unwrap_err();
    assert!(err.to_string().contains("censored"), "{err}");
}

/// The generator's censoring share is near the one asked for, its oracle C is the C of the planted risk, and
/// the relevant features are the ones with coefficients.
#[test]
fn cox_weibull_data_has_the_planted_truth() {
    for (censoring, seed) in [(0.0, 1), (0.3, 2), (0.6, 3)] {
        let s = synth::Survival::new().rows(2000).features(20).censoring(censoring).generate(seed).unwrap();
        assert!((s.censored - censoring).abs() < 0.04, "{censoring}: {}", s.censored);
        let ds = s.dataset().unwrap();
        assert_eq!(ds.survival().unwrap().time().len(), 2000);
        let relevant = s.truth.relevant();
        assert_eq!(relevant.len(), 5);
        for f in &relevant {
            let j = ds.feature_index(f).unwrap();
            assert!(s.coefficients[j] != 0.0 && s.truth.relevance[j] == s.coefficients[j].abs());
        }
        // the unpenalised Cox fit on many rows recovers the planted coefficients
        let rows: Vec<usize> = (0..2000).collect();
        let fit = Cox::new().ridge(0.0).fit(&ds, &rows, &(0..20).collect::<Vec<_>>()).unwrap();
        for (got, want) in fit.coefficients.iter().zip(&s.coefficients) {
            assert!((got - want).abs() < 0.15, "{censoring}: {got} vs {want}");
        }
    }
    let null = synth::Survival::new().relevant(0).generate(1).unwrap();
    assert!(null.truth.relevant().is_empty());
    for bad in
        [synth::Survival::new().rows(3), synth::Survival::new().relevant(200), synth::Survival::new().censoring(1.0)]
    {
        assert_eq!(bad.generate(1).unwrap_err().kind(), ErrorKind::Parameter);
    }
}

/// Honest curves on survival data: univariate Cox inside every training split with the Cox learner, Harrell's
/// C per test fold averaged over the folds; with signal the ranking beats random rankings and its curve rises
/// toward the oracle's C; on the null design every curve stays near 0.5.
#[test]
fn honest_survival_curves_beat_random_rankings_only_where_there_is_signal() {
    let run = |relevant: usize| {
        let s = synth::Survival::new().rows(150).features(40).relevant(relevant).generate(11).unwrap();
        let ds = s.dataset().unwrap();
        let spec = CurveSpec::new(learners::parse("cox").unwrap())
            .folds(5)
            .repeats(2)
            .expected(10)
            .grid(Grid::Custom(vec![1, 3, 5, 10, 40]));
        let curves = spec.evaluate_all(&ds, &[Candidate::parse("univariate-cox").unwrap()]).unwrap();
        (s, curves)
    };
    let (s, curves) = run(5);
    assert_eq!(curves.measure, Measure::HarrellC);
    let ffa = curves.get("univariate-cox", CurveKind::Ffa).unwrap();
    let expected = curves.expected().unwrap();
    assert!(ffa.mean[2] > expected.mean[2] + 0.1, "{:?} vs {:?}", ffa.mean, expected.mean);
    assert!(ffa.mean[2] > 0.7 && ffa.mean[2] <= s.truth.bayes_accuracy + 0.05, "{:?}", ffa.mean);
    // per split: the repeat's value is the mean of its splits' values
    for (k, repeats) in ffa.per_repeat.iter().enumerate() {
        for (r, v) in repeats.iter().enumerate() {
            let splits = &ffa.per_split[k][r * 5..(r + 1) * 5];
            assert!((v - splits.iter().sum::<f64>() / 5.0).abs() < 1e-12);
        }
    }
    // Uno's C on the same run's plan: each split's censoring distribution from its own training rows
    let s = synth::Survival::new().rows(150).features(40).generate(11).unwrap();
    let uno = CurveSpec::new(learners::parse("cox").unwrap())
        .folds(5)
        .repeats(2)
        .expected(0)
        .measure(Measure::UnoC)
        .grid(Grid::Custom(vec![1, 5, 40]))
        .evaluate_all(&s.dataset().unwrap(), &[Candidate::parse("univariate-cox").unwrap()])
        .unwrap();
    let at5 = uno.get("univariate-cox", CurveKind::Ffa).unwrap().mean[1];
    assert!(at5 > 0.7 && at5 <= 1.0, "Uno's C at 5 features: {at5}");
    let (_, null) = run(0);
    let ffa = null.get("univariate-cox", CurveKind::Ffa).unwrap();
    assert!(ffa.mean.iter().all(|v| (v - 0.5).abs() < 0.12), "{:?}", ffa.mean);
}

/// Everything downstream of a survival run: ECA and the verdict against random rankings, the per-fold rankers'
/// stability, the size decisions read with C's direction, the trade-off, the figure titled with the measure, and
/// the nested estimate — near 0.5 on the null design, well above it with signal.
#[test]
fn decisions_stability_figures_and_nested_estimates_work_on_survival_runs() {
    let s = synth::Survival::new().rows(160).features(30).generate(21).unwrap();
    let ds = s.dataset().unwrap();
    let curves = CurveSpec::new(learners::parse("cox").unwrap())
        .folds(5)
        .repeats(6)
        .expected(10)
        .grid(Grid::Custom(vec![1, 2, 3, 5, 8, 12, 20]))
        .evaluate_all(&ds, &[Candidate::parse("univariate-cox").unwrap(), Candidate::parse("variance").unwrap()])
        .unwrap();
    let sig = curves.significance().unwrap();
    assert_eq!(sig.verdict("univariate-cox", 0.05).unwrap(), Verdict::Better);
    assert_ne!(sig.verdict("variance", 0.05).unwrap(), Verdict::Better);
    let eca: DataFrame = curves.eca_table().unwrap().into();
    assert!(eca.height() >= 2);
    let stable = curves.stability().unwrap();
    assert!(stable.to_polars().unwrap().height() > 0);
    let choices = curves.decide().unwrap();
    let best = choices.get("univariate-cox", SizeRule::Best).unwrap();
    let ffa = curves.get("univariate-cox", CurveKind::Ffa).unwrap();
    let top = ffa.mean.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    assert_eq!(best.value, top, "the best size is the highest C");
    assert!(curves.trade_off(5).unwrap().to_polars().unwrap().height() >= 2);
    assert!(curves.plot().unwrap().svg().contains("c_index"));
    let nested = |relevant: usize| {
        let s = synth::Survival::new().rows(120).features(30).relevant(relevant).generate(22).unwrap();
        NestedSpec::new(&["univariate-cox"], "cox")
            .unwrap()
            .folds(5)
            .repeats(1)
            .inner_folds(3)
            .grid(Grid::Custom(vec![1, 3, 5, 10]))
            .evaluate(&s.dataset().unwrap())
            .unwrap()
    };
    let (signal, null) = (nested(5).estimate().unwrap(), nested(0).estimate().unwrap());
    assert!(signal.mean > 0.7, "{signal:?}");
    assert!((null.mean - 0.5).abs() < 0.1, "{null:?}");
}

/// glmnet's Cox family as a learner (Breslow's ties): the lasso and the elastic net at a fixed λ on the planted
/// genes give honest curves well above chance, and so does the lasso with λ chosen inside each training split.
#[test]
fn glmnet_fits_the_cox_family_at_a_fixed_or_a_cross_validated_lambda() {
    let s = synth::Survival::new().rows(150).features(40).generate(12).unwrap();
    let ds = s.dataset().unwrap();
    for spec in ["glmnet:alpha=1,lambda=0.02", "glmnet:alpha=0.5,lambda=0.05"] {
        let curves = CurveSpec::new(learners::parse(spec).unwrap())
            .folds(5)
            .repeats(1)
            .expected(0)
            .grid(Grid::Custom(vec![5, 40]))
            .evaluate_all(&ds, &[Candidate::parse("univariate-cox").unwrap()])
            .unwrap();
        let c = curves.get("univariate-cox", CurveKind::Ffa).unwrap().mean[0];
        assert!(c > 0.7, "{spec}: Harrell's C at 5 genes {c}");
    }
    // λ by the inner cross-validation's grouped partial-likelihood deviance (cv.glmnet's, tests/suite/glmnet.rs):
    // the chosen λ is the one the engine's cross-validation of the same training rows and inner folds picks
    let cv = learners::parse("glmnet:lambda=cv,folds=5").unwrap();
    assert!(cv.supports(Task::Survival));
    let (train, test): (Vec<usize>, Vec<usize>) = (0..ds.n_rows()).partition(|i| i % 3 != 0);
    let fold = Fold { data: &ds, train: &train, test: &test, seed: 4 };
    let c = Measure::HarrellC.score(&ds, &test, &cv.fit_predict(&fold, &(0..40).collect::<Vec<_>>()).unwrap()).unwrap();
    assert!(c > 0.7, "glmnet with λ by cv: C {c}");
    let curves = CurveSpec::new(cv)
        .folds(4)
        .repeats(1)
        .expected(3)
        .grid(Grid::Custom(vec![5, 40]))
        .evaluate_all(&ds, &[Candidate::parse("univariate-cox").unwrap()])
        .unwrap();
    let (ffa, random) = (curves.get("univariate-cox", CurveKind::Ffa).unwrap(), curves.expected().unwrap());
    assert!(ffa.mean[0] > random.mean[0] + 0.1, "C at 5 genes: {} vs random {}", ffa.mean[0], random.mean[0]);
}

/// The lasso rankers on a survival target (the Cox family, Breslow's ties, on the rows ranked): `lasso-path`'s
/// entry order and `lasso`'s |standardised coefficient| at a fixed λ are read off the engine's Cox path of the
/// same rows, put the strongest planted genes on top and rank inside honest curves; so does `lasso` with λ chosen
/// by cross-validation.
#[test]
fn lasso_rankers_take_a_survival_target_through_the_cox_family() {
    let s = synth::Survival::new().rows(200).features(30).generate(8).unwrap();
    let ds = s.dataset().unwrap();
    let strongest = s.truth.ranking().unwrap().order()[..3].to_vec();
    // the engine on the same (numeric, complete) columns: the scores are its entry steps and end sizes
    let x = ds.to_ndarray().unwrap();
    let sv = ds.survival().unwrap();
    let event: Vec<f64> = sv.event().iter().map(|&e| f64::from(u8::from(e))).collect();
    let path = ElasticNet::new(Family::Cox).path_survival(x.view(), sv.time(), &event).unwrap();
    let scores = featrank::rankers::parse("lasso-path").unwrap().scores(&ds, 0).unwrap();
    for (j, entry) in path.entry().into_iter().enumerate() {
        let steps = entry.map_or(0, |e| path.len() - e);
        assert_eq!(scores[j].floor() as usize, steps, "feature {j}: entry step");
    }
    let fixed = ElasticNet::new(Family::Cox).stop_at(0.05).path_survival(x.view(), sv.time(), &event).unwrap();
    let lasso = featrank::rankers::parse("lasso:lambda=0.05").unwrap().scores(&ds, 0).unwrap();
    for (j, &b) in fixed.coefficients(fixed.len() - 1).iter().enumerate() {
        let size = b.abs() * x.column(j).std(0.0);
        assert!((lasso[j] - size).abs() <= 1e-12 * (1.0 + size), "feature {j}: {} vs {size}", lasso[j]);
    }
    for spec in ["lasso-path", "lasso:lambda=0.05", "stability-selection:base=(lasso-path),subsamples=10"] {
        let order = featrank::rankers::parse(spec).unwrap().rank(&ds, 1).unwrap().order().to_vec();
        assert!(strongest.iter().all(|f| order[..5].contains(f)), "{spec}: {:?}", &order[..5]);
    }
    let curves = CurveSpec::new(Cox::new())
        .folds(5)
        .repeats(1)
        .expected(4)
        .grid(Grid::Custom(vec![5, 30]))
        .evaluate_all(&ds, &[Candidate::parse("lasso-path").unwrap()])
        .unwrap();
    let (ffa, random) = (curves.get("lasso-path", CurveKind::Ffa).unwrap(), curves.expected().unwrap());
    assert!(ffa.mean[0] > random.mean[0] + 0.1, "C at 5 genes: {} vs random {}", ffa.mean[0], random.mean[0]);
    // λ by cross-validation (the grouped partial-likelihood deviance): |standardised coefficient| at the λ the
    // engine's cross-validation picks, the strongest genes on top
    let cv = featrank::rankers::parse("lasso:folds=5").unwrap();
    assert!(cv.supports(Task::Survival));
    let order = cv.rank(&ds, 1).unwrap().order().to_vec();
    assert!(strongest.iter().all(|f| order[..5].contains(f)), "lasso (cv): {:?}", &order[..5]);
}

/// The wrappers take a survival base or learner: bootstraps, shadows, held-out permutation with the Cox model,
/// and stability selection over halves stratified by event — each finds the planted genes.
#[test]
fn wrappers_rank_survival_data_around_survival_methods() {
    let s = synth::Survival::new().rows(200).features(30).generate(8).unwrap();
    let ds = s.dataset().unwrap();
    let strongest = s.truth.ranking().unwrap().order()[..2].to_vec();
    for spec in [
        "bag:base=(univariate-cox),bootstraps=5",
        "shadow:base=(univariate-cox),rounds=10",
        "permutation:learner=(cox),folds=3,repeats=2,measure=c_index",
        "stability-selection:base=(univariate-cox),subsamples=10",
    ] {
        let ranker = featrank::rankers::parse(spec).unwrap();
        let order = ranker.rank(&ds, 1).unwrap().order().to_vec();
        assert!(strongest.iter().all(|f| order[..5].contains(f)), "{spec}: {:?}", &order[..5]);
    }
    // a wrapper around a class ranker refuses survival data by name
    let err = featrank::rankers::parse("bag:base=(relieff)").unwrap().rank(&ds, 1).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnsupportedTask, "{err}");
}

/// The bundled survival study is data/README.md's third table: the file's checksum, rows, features, events,
/// censored rows and missing cells; `load` gives its time and event as the target, and the CLI's `info` reads it
/// by name.
#[test]
fn the_bundled_survival_study_matches_the_data_readme() {
    use sha2::Digest;
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/README.md")).unwrap();
    let rows: Vec<Vec<String>> = text
        .lines()
        .skip_while(|l| !l.starts_with("| name | file | time, event |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.trim_matches('|').split(" | ").map(|c| c.trim().to_string()).collect())
        .collect();
    assert_eq!(rows.len(), 1);
    for f in rows {
        let bytes = std::fs::read(format!("{}/data/{}", env!("CARGO_MANIFEST_DIR"), f[1])).unwrap();
        let sha: String = sha2::Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(sha, f[8], "{}", f[1]);
        let bundled = datasets::load(&f[0]).unwrap();
        assert_eq!((datasets::file_name(&f[0]).unwrap(), bundled.targets.join(", ")), (f[1].as_str(), f[2].clone()));
        let summary = bundled.dataset().unwrap().summary();
        let survival = summary.survival.as_ref().unwrap();
        let got = [summary.rows, summary.features, survival.events, survival.censored, summary.missing_cells];
        let want: Vec<usize> = f[3..8].iter().map(|v| v.parse().unwrap()).collect();
        assert_eq!(got.to_vec(), want, "{}", f[0]);
        assert_eq!(summary.task, Task::Survival);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_featrank"))
            .args(["info", &f[0], "--json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!((v["rows"].as_u64(), v["survival"]["events"].as_u64()), (Some(418), Some(161)), "{v}");
    }
}

/// A real study end to end (pbc: 418 patients, 17 covariates with missing values, 161 deaths): bilirubin is
/// the strongest univariate predictor (as in the Mayo model, Dickson et al. 1989); honest curves of
/// univariate Cox inside every training split with the Cox learner beat the random rankings' band at a few
/// covariates by Harrell's and Uno's C; and the same job planned for a cluster, run in three shards and
/// merged gives those curves bit for bit.
#[test]
fn a_real_survival_study_runs_honestly_and_on_a_cluster() {
    use featrank::protocol::{CurveJob, Manifest, Shard};
    let data = datasets::load("pbc").unwrap().dataset().unwrap();
    let ranking = UnivariateCox::new().rank(&data, 0).unwrap();
    assert_eq!(ranking.order()[0], "bili", "{:?}", &ranking.order()[..5]);
    let mayo = ["bili", "albumin", "protime", "edema", "age"];
    let top8 = &ranking.order()[..8];
    assert!(mayo.iter().filter(|f| top8.iter().any(|g| g == *f)).count() >= 4, "{top8:?}");
    let dir = tempfile::tempdir().unwrap();
    for measure in [Measure::HarrellC, Measure::UnoC] {
        let job = CurveJob {
            data: "pbc".into(),
            methods: vec!["univariate-cox".into()],
            learners: vec!["cox".into()],
            options: featrank::eval::CurveOptions {
                evaluation: featrank::eval::Evaluation {
                    resampling: featrank::resampling::Resampling::new(Scheme::KFold { folds: 5 }, 2),
                    grid: "1,2,3,5,10".parse().unwrap(),
                    measure: Some(measure),
                    seed: 5,
                },
                expected: 8,
                ..Default::default()
            },
            ..CurveJob::default()
        };
        let (ds, candidates) = job.load().unwrap();
        assert_eq!((ds.task(), ds.n_rows()), (Task::Survival, 418));
        let direct = job.specs(&ds, false).unwrap()[0].evaluate_all(&ds, &candidates).unwrap();
        assert_eq!(direct.measure, measure);
        let ffa = direct.get("univariate-cox", CurveKind::Ffa).unwrap();
        let expected = direct.expected().unwrap();
        // at 3 covariates: the ranking's C clearly above the random rankings' mean, every random one below it
        assert!(
            ffa.mean[2] > 0.75 && ffa.mean[2] > expected.mean[2] + 0.05,
            "{measure}: {:?} vs {:?}",
            ffa.mean,
            expected.mean
        );
        let manifest = Manifest::plan(job, &dir.path().join(format!("{measure}.json"))).unwrap();
        let parts: Vec<std::path::PathBuf> = (0..3)
            .map(|i| {
                let part = dir.path().join(format!("{measure}-{i}.parquet"));
                manifest.run_shard(Shard { index: i, count: 3 }, &part, false, false).unwrap();
                part
            })
            .collect();
        let merged = manifest.merge(&parts).unwrap();
        assert_eq!(merged[0].to_polars().unwrap(), direct.to_polars().unwrap(), "{measure}");
    }
}

/// kNN on a survival target: the risk is the neighbours' expected number of events, Σⱼ Ĥ(Tⱼ) of their
/// Nelson–Aalen hazard over the training rows' distinct event times — computed here by hand; with every training
/// row a neighbour all risks are equal (C = ½); and honest kNN curves on Cox–Weibull data rise above the random
/// rankings' band as the planted genes come in.
#[test]
fn knn_predicts_survival_risk_from_its_neighbours_hazard() {
    let df = df!(
        "x" => [0.0, 1.0, 2.0, 3.0, 10.0, 1.2, 9.0],
        "time" => [2.0, 4.0, 4.0, 6.0, 1.0, 5.0, 5.0],
        "event" => [1, 1, 0, 1, 1, 1, 0]
    )
    .unwrap();
    let data = Dataset::from_polars_survival(&df, "time", "event").unwrap();
    let fold = Fold { data: &data, train: &[0, 1, 2, 3, 4], test: &[5, 6], seed: 0 };
    // training event times 1, 2, 4, 6. Row x = 1.2: neighbours x = 1, 2, 0 → (4, event), (4, censored), (2, event):
    // Ĥ = 1/3 from t = 2, 1/3 + 1/2 from t = 4 → Ĥ(1) + Ĥ(2) + Ĥ(4) + Ĥ(6) = 0 + 1/3 + 5/6 + 5/6 = 2.
    // Row x = 9: neighbours x = 10, 3, 2 → (1, event), (6, event), (4, censored): Ĥ = 1/3 from t = 1, 4/3 from
    // t = 6 → 1/3 + 1/3 + 1/3 + 4/3 = 7/3.
    let (risk, hazard) = match Knn::new().k(3).fit_predict(&fold, &[0]).unwrap() {
        Prediction::Hazard { risk, hazard } => (risk, hazard),
        other => panic!("{other:?}"),
    };
    assert!((risk[0] - 2.0).abs() < 1e-12 && (risk[1] - 7.0 / 3.0).abs() < 1e-12, "{risk:?}");
    // the hazards themselves: steps at the neighbours' event times
    assert_eq!((hazard[0].at(1.9), hazard[0].at(2.0), hazard[0].at(4.0)), (0.0, 1.0 / 3.0, 1.0 / 3.0 + 0.5));
    assert_eq!((hazard[1].at(1.0), hazard[1].at(5.0), hazard[1].at(6.0)), (1.0 / 3.0, 1.0 / 3.0, 4.0 / 3.0));
    let all = Knn::new().k(5).fit_predict(&fold, &[0]).unwrap();
    assert_eq!(Measure::HarrellC.score(&data, fold.test, &all).unwrap(), 0.5);

    let s = synth::Survival::new().rows(200).features(30).relevant(5).generate(8).unwrap();
    let ds = s.dataset().unwrap();
    let curves = CurveSpec::new(learners::parse("knn:k=15").unwrap())
        .folds(5)
        .repeats(2)
        .expected(10)
        .grid(Grid::Custom(vec![1, 3, 5, 10, 30]))
        .evaluate_all(&ds, &[Candidate::parse("univariate-cox").unwrap()])
        .unwrap();
    assert_eq!(curves.measure, Measure::HarrellC);
    let (ffa, expected) = (curves.get("univariate-cox", CurveKind::Ffa).unwrap(), curves.expected().unwrap());
    println!("knn survival: ffa {:?}, random {:?}", ffa.mean, expected.mean);
    assert!(ffa.mean[2] > 0.65 && ffa.mean[2] > expected.mean[2] + 0.08, "{:?} vs {:?}", ffa.mean, expected.mean);
}

/// The integrated Brier score of the Cox model's Breslow survival functions equals scikit-survival's
/// `integrated_brier_score` on the same grid (the test rows' event times before τ), Efron and Breslow ties, to
/// 1e-6 (the fits agree to 1e-6); a learner of risk scores alone is refused by name; and honest curves judged by
/// it — a loss — lie below the random rankings' band, for the Cox model and for kNN survival.
#[test]
fn integrated_brier_score_equals_scikit_survival() {
    let refs = reference("sksurv.csv");
    let features: Vec<usize> = (0..10).collect();
    for case in ["ties", "distinct"] {
        let ds = diabetes_survival(case);
        let (train, test): (Vec<usize>, Vec<usize>) = (0..ds.n_rows()).partition(|i| i % 3 != 0);
        let fold = Fold { data: &ds, train: &train, test: &test, seed: 0 };
        for ties in [Ties::Efron, Ties::Breslow] {
            let pred = Cox::new().ridge(0.0).ties(ties).fit_predict(&fold, &features).unwrap();
            let got = Measure::IntegratedBrier.score_split(&ds, &train, &test, &pred).unwrap();
            let want = refs[&format!("{case},ibs_{ties},0")];
            assert!(close(got, want, 1e-6), "{case} {ties}: {got} vs {want}");
            assert!(Measure::IntegratedBrier.score(&ds, &test, &pred).is_err());
            // it needs the training rows
        }
        let risk_only = learners::parse("glmnet:alpha=1,lambda=0.05").unwrap().fit_predict(&fold, &features).unwrap();
        let err = Measure::IntegratedBrier.score_split(&ds, &train, &test, &risk_only).unwrap_err().to_string();
        assert!(err.contains("cox, rsf and knn"), "{err}");
    }
    assert!(!Measure::IntegratedBrier.higher_is_better() && Measure::IntegratedBrier.per_split());
    assert_eq!("ibs".parse::<Measure>().unwrap(), Measure::IntegratedBrier);

    let s = synth::Survival::new().rows(200).features(30).relevant(5).generate(8).unwrap();
    let ds = s.dataset().unwrap();
    for learner in ["cox", "knn:k=15"] {
        let curves = CurveSpec::new(learners::parse(learner).unwrap())
            .folds(5)
            .repeats(2)
            .expected(10)
            .measure(Measure::IntegratedBrier)
            .grid(Grid::Custom(vec![1, 3, 5, 10, 30]))
            .evaluate_all(&ds, &[Candidate::parse("univariate-cox").unwrap()])
            .unwrap();
        let (ffa, expected) = (curves.get("univariate-cox", CurveKind::Ffa).unwrap(), curves.expected().unwrap());
        println!("{learner} ibs: ffa {:?}, random {:?}", ffa.mean, expected.mean);
        assert!(ffa.mean.iter().all(|v| (0.0..0.5).contains(v)), "{learner}: {:?}", ffa.mean);
        assert!(ffa.mean[2] < expected.mean[2] - 0.01, "{learner}: {:?} vs {:?}", ffa.mean, expected.mean);
    }
}

/// The random survival forest against scikit-survival's `RandomSurvivalForest` (100 trees, √m features per split,
/// leaves of 3 rows, log-rank splits) on the same split: Harrell's C of featrank's forests over five seeds lies
/// within the spread of scikit-survival's over five seeds, widened by 0.02 (the forests differ in their random
/// streams, not in their rule). On Cox–Weibull data its honest curves rise above the random band, and permutation
/// importance with it as the learner (the C-index drop, inside each split) puts the planted genes first.
#[test]
fn the_random_survival_forest_is_scikit_survival_s_within_the_seeds_spread() {
    let refs = reference("sksurv.csv");
    let features: Vec<usize> = (0..10).collect();
    for case in ["ties", "distinct"] {
        let ds = diabetes_survival(case);
        let (train, test): (Vec<usize>, Vec<usize>) = (0..ds.n_rows()).partition(|i| i % 3 != 0);
        let theirs: Vec<f64> = (0..5).map(|seed| refs[&format!("{case},rsf_cindex,{seed}")]).collect();
        let (lo, hi) = theirs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &c| (l.min(c), h.max(c)));
        let ours: Vec<f64> = (0..5)
            .map(|seed| {
                let fold = Fold { data: &ds, train: &train, test: &test, seed };
                let pred = learners::parse("rsf").unwrap().fit_predict(&fold, &features).unwrap();
                Measure::HarrellC.score(&ds, &test, &pred).unwrap()
            })
            .collect();
        println!("{case}: featrank rsf C {ours:?}, scikit-survival {theirs:?}");
        assert!(ours.iter().all(|c| (lo - 0.02..=hi + 0.02).contains(c)), "{case}: {ours:?} vs {lo}..{hi}");
        let again = learners::parse("rsf")
            .unwrap()
            .fit_predict(&Fold { data: &ds, train: &train, test: &test, seed: 3 }, &features)
            .unwrap();
        let c3 = Measure::HarrellC.score(&ds, &test, &again).unwrap();
        assert_eq!(c3, ours[3], "same seed, same forest");
    }
    let s = synth::Survival::new().rows(160).features(20).relevant(4).generate(5).unwrap();
    let ds = s.dataset().unwrap();
    let curves = CurveSpec::new(learners::parse("rsf:trees=50").unwrap())
        .folds(4)
        .repeats(1)
        .expected(5)
        .grid(Grid::Custom(vec![1, 4, 20]))
        .evaluate_all(&ds, &[Candidate::parse("univariate-cox").unwrap()])
        .unwrap();
    let (ffa, expected) = (curves.get("univariate-cox", CurveKind::Ffa).unwrap(), curves.expected().unwrap());
    println!("rsf curves: ffa {:?}, random {:?}", ffa.mean, expected.mean);
    assert!(ffa.mean[1] > 0.65 && ffa.mean[1] > expected.mean[1] + 0.05, "{:?} vs {:?}", ffa.mean, expected.mean);
    let importance =
        rankers::parse("permutation:learner=(rsf:trees=50),folds=3,repeats=2").unwrap().rank(&ds, 1).unwrap();
    let planted = s.truth.ranking().unwrap().order()[..2].to_vec();
    assert!(
        planted.iter().all(|f| importance.order()[..4].contains(f)),
        "{:?} vs {planted:?}",
        &importance.order()[..4]
    );
}
