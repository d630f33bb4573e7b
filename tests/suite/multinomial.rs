//! The elastic-net engine's multinomial family against R's glmnet (`family = "multinomial"`, its default ungrouped
//! penalty): the λ sequence, the deviance explained and every class's coefficients along whole paths, lasso and
//! elastic net, with more rows than features and more features than rows; then the learner and the rankers that
//! use it on more than two classes. The reference (tests/reference/glmnet_multinomial.csv) was written by
//! `Rscript scripts/glmnet/multinomial.R` (glmnet 4.1.6, thresh 1e-14) on the bundled datasets.

use std::collections::HashMap;

use featrank::data::datasets;
use featrank::learners::glmnet::{ElasticNet, Family, Path, Rule};
use featrank::ndarray::{Array2, Axis};
use featrank::prelude::*;
use featrank::resampling::{Fold, Prediction};
use featrank::{learners, rankers};

/// One reference path: λ and deviance ratio by λ index, non-zero terms by (λ index, class name, term).
#[derive(Default)]
struct Reference {
    lambdas: HashMap<usize, f64>,
    ratios: HashMap<usize, f64>,
    terms: HashMap<(usize, String, usize), f64>,
}

fn references() -> HashMap<String, Reference> {
    let path = format!("{}/tests/reference/glmnet_multinomial.csv", env!("CARGO_MANIFEST_DIR"));
    let mut out: HashMap<String, Reference> = HashMap::new();
    for line in std::fs::read_to_string(path).unwrap().lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let r = out.entry(f[0].to_string()).or_default();
        let k: usize = f[1].parse().unwrap();
        r.lambdas.insert(k, f[2].parse().unwrap());
        r.ratios.insert(k, f[3].parse().unwrap());
        r.terms.insert((k, f[4].to_string(), f[5].parse().unwrap()), f[6].parse().unwrap());
    }
    out
}

/// (x, class codes, class names) of a case as the R script builds it.
fn case_data(name: &str) -> (Array2<f64>, Vec<usize>, Vec<String>) {
    let set = if name.starts_with("iris") { "iris" } else { "wine" };
    let data = datasets::load(set).unwrap().dataset().unwrap();
    let (mut x, mut class) = (data.x().unwrap().into_owned(), data.labels().unwrap().to_vec());
    if name == "wine-small-lasso" {
        // every fifteenth row (R's seq(1, n, by = 15)): 12 rows of 13 features
        let rows: Vec<usize> = (0..x.nrows()).step_by(15).collect();
        x = x.select(Axis(0), &rows);
        class = rows.iter().map(|&i| class[i]).collect();
    }
    (x, class, data.class_names().unwrap().to_vec())
}

fn sd(v: &[f64]) -> f64 {
    let m = v.iter().sum::<f64>() / v.len() as f64;
    (v.iter().map(|a| (a - m) * (a - m)).sum::<f64>() / v.len() as f64).sqrt()
}

/// Whether some row's fitted probability of some class lies outside glmnet's [1e-5, 1 − 1e-5] at the k-th λ: past
/// that, each solver bounds the problem in its own way, so coefficients are compared before it.
fn saturated(paths: &[Path], x: &Array2<f64>, k: usize) -> bool {
    let etas: Vec<Vec<f64>> = paths.iter().map(|p| p.linear_predictor(x.view(), k).unwrap()).collect();
    (0..x.nrows()).any(|i| {
        let sum: f64 = etas.iter().map(|e| e[i].exp()).sum();
        etas.iter().any(|e| !(1e-5..=1.0 - 1e-5).contains(&(e[i].exp() / sum)))
    })
}

/// The path equals R's: at glmnet's default tolerance as many λ values (the same early stop) and λ to 1e-10
/// (relative); solved again to tolerance 1e-14 at those λ values up to the first saturated fit, the deviance ratio
/// to 1e-6 and every class's coefficients to 1e-5 in standardised units (|Δβ_jc|·s_j) and its
/// intercept to 1e-5 of its size (R's thresh 1e-14 is as near as its multinomial solver reaches: at 1e-20 it does
/// not finish).
#[test]
fn multinomial_paths_equal_r_glmnet() {
    let references = references();
    let cases = [("iris-lasso", 1.0), ("wine-enet", 0.5), ("wine-small-lasso", 1.0)];
    assert_eq!(references.len(), cases.len());
    for (name, alpha) in cases {
        let reference = &references[name];
        let (x, class, names) = case_data(name);
        let net = ElasticNet::new(Family::Multinomial).alpha(alpha);
        let paths = net.path_multinomial(x.view(), &class).unwrap();
        assert_eq!(paths.len(), names.len());
        let last = *reference.lambdas.keys().max().unwrap();
        assert_eq!(paths[0].len(), last + 1, "{name}: path length");
        let end = (0..paths[0].len()).find(|&k| saturated(&paths, &x, k)).unwrap_or(paths[0].len());
        for (&k, &lambda) in &reference.lambdas {
            let ours = paths[0].lambdas()[k];
            assert!((ours - lambda).abs() <= 1e-10 * lambda, "{name}: λ[{k}] {ours} vs glmnet's {lambda}");
        }
        // solved again, tightly, at those λ values up to the first saturated fit
        let tight = net.lambdas(paths[0].lambdas()[..end].to_vec()).tol(1e-14).max_passes(100_000_000);
        let paths = tight.path_multinomial(x.view(), &class).unwrap();
        assert_eq!(paths[0].len(), end, "{name}: the tight path ends early");
        let sds: Vec<f64> = x.columns().into_iter().map(|c| sd(&c.to_vec())).collect();
        let mut compared = 0;
        for k in reference.lambdas.keys().copied().filter(|&k| k < end) {
            compared += 1;
            let (ratio, want) = (paths[0].deviance_ratio()[k], reference.ratios[&k]);
            assert!((ratio - want).abs() <= 1e-6, "{name}: dev ratio [{k}] {ratio} vs {want}");
            for (c, path) in paths.iter().enumerate() {
                let term = |t: usize| reference.terms.get(&(k, names[c].clone(), t)).copied().unwrap_or(0.0);
                let b0 = term(0);
                assert!(
                    (path.intercept(k) - b0).abs() <= 1e-5 * (1.0 + b0.abs()),
                    "{name}: {} intercept [{k}] {} vs {b0}",
                    names[c],
                    path.intercept(k)
                );
                for (j, &b) in path.coefficients(k).iter().enumerate() {
                    assert!(
                        (b - term(j + 1)).abs() * sds[j] <= 1e-5,
                        "{name}: {} β[{k}][{j}] {b} vs glmnet's {}",
                        names[c],
                        term(j + 1)
                    );
                }
            }
        }
        // seen: 10, 15 and 34 of 34 λ compared; the largest difference 1.6e-7, 3.0e-7 and 1.8e-6 (on wine-small)
        assert!(compared >= 10, "{name}: only {compared} λ values compared");
    }
}

/// The cross-validated multinomial deviance and the λ choices equal R's `cv.glmnet` on wine with the same fold ids
/// (row i in fold i mod 10; tests/reference/glmnet_multinomial_cv.csv, `Rscript scripts/glmnet/multinomial_cv.R`)
/// on R's λ sequence: CV(λ) to 5e-3 and SE(λ) to 5e-2 relative (or 5e-4 of CV) up to λ.min — the tolerances of the other families'
/// test (`glmnet::cross_validation_equals_cv_glmnet`: cv.glmnet interpolates each fold's coefficients in λ, featrank
/// fits each fold at the path's λ values) — and `lambda.min` and `lambda.1se` at the same index.
#[test]
fn multinomial_cross_validation_equals_cv_glmnet() {
    let path = format!("{}/tests/reference/glmnet_multinomial_cv.csv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let (x, class, _) = case_data("wine");
    let folds: Vec<u32> = (0..class.len()).map(|i| (i % 10) as u32).collect();
    for (case, alpha) in [("wine-alpha1", 1.0), ("wine-alpha0.5", 0.5)] {
        let rows: Vec<Vec<f64>> = text
            .lines()
            .filter(|l| l.starts_with(&format!("{case},")))
            .map(|l| l.split(',').skip(1).map(|v| v.parse().unwrap()).collect())
            .collect();
        // R's λ sequence (the paths' test checks it is featrank's): past λ.min the fits saturate, where the two
        // solvers' deviance ratios cross glmnet's 0.999 stop one λ apart at tight tolerances
        let lambdas: Vec<f64> = rows.iter().map(|r| r[1]).collect();
        let net = ElasticNet::new(Family::Multinomial).alpha(alpha).lambdas(lambdas).tol(1e-9).max_passes(10_000_000);
        let (paths, cv) = net.cross_validate_multinomial(x.view(), &class, &folds).unwrap();
        assert_eq!((paths.len(), paths[0].len()), (3, rows.len()), "{case}: classes and path length");
        let close = |a: f64, b: f64, tol: f64| (a - b).abs() <= tol * b.abs().max(1e-3);
        for (k, r) in rows.iter().enumerate().take(rows[0][4] as usize + 1) {
            assert!(close(cv.loss()[k], r[2], 5e-3), "{case} CV[{k}]: {} vs R {}", cv.loss()[k], r[2]);
            // the SE of nearly equal fold losses (near the null model) is their small differences: 5e-2 of it, or
            // 5e-4 of CV(λ) (seen: 0.00415 vs R's 0.00379 at λ[2] of the elastic net, CV 2.17)
            let se_gap = (cv.se()[k] - r[3]).abs();
            assert!(se_gap <= 5e-2 * r[3] + 5e-4 * r[2], "{case} SE[{k}]: {} vs R {}", cv.se()[k], r[3]);
        }
        assert_eq!(cv.index(Rule::Min), rows[0][4] as usize, "{case}: lambda.min");
        assert_eq!(cv.index(Rule::OneSe), rows[0][5] as usize, "{case}: lambda.1se");
    }
}

/// The `glmnet` learner on more than two classes is the multinomial fit: its class scores are the softmax of the
/// engine's path at λ (to 1e-9), sum to 1, and classify iris's held-out rows well; the `lasso` ranker's score is the
/// norm over the classes of the standardised coefficients at that λ, and `lasso-path`'s integer part the steps
/// from the earliest class's entry to the path's end.
#[test]
fn the_learner_and_the_rankers_use_the_multinomial_fit() {
    let iris = datasets::load("iris").unwrap().dataset().unwrap();
    let plan = CvPlan::stratified(&iris, 5, 1, 3).unwrap();
    let (train, test) = plan.split(0, 0);
    let fold = Fold { data: &iris, train: &train, test: &test, seed: 0 };
    let pred = learners::parse("glmnet:lambda=0.01").unwrap().fit_predict(&fold, &[0, 1, 2, 3]).unwrap();
    let Prediction::Classes { labels, scores } = &pred else { panic!("class predictions") };
    let x = iris.x().unwrap();
    let (xtr, xte) = (x.select(Axis(0), &train), x.select(Axis(0), &test));
    let codes: Vec<usize> = train.iter().map(|&i| iris.labels().unwrap()[i]).collect();
    let net = ElasticNet::new(Family::Multinomial).n_lambda(20).stop_at(0.01);
    let paths = net.path_multinomial(xtr.view(), &codes).unwrap();
    let last = paths[0].len() - 1;
    assert_eq!(paths[0].lambdas()[last], 0.01);
    let etas: Vec<Vec<f64>> = paths.iter().map(|p| p.linear_predictor(xte.view(), last).unwrap()).collect();
    for (r, row) in scores.chunks(3).enumerate() {
        let sum: f64 = etas.iter().map(|e| e[r].exp()).sum();
        for c in 0..3 {
            assert!((row[c] - etas[c][r].exp() / sum).abs() < 1e-9, "row {r} class {c}: {} vs softmax", row[c]);
        }
        assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
    assert!(Measure::Accuracy.score(&iris, &test, &pred).unwrap() >= 0.9, "{labels:?}");

    // the rankers, on the training rows
    let data = iris.take_rows(&train).unwrap();
    let sds: Vec<f64> = xtr.columns().into_iter().map(|c| sd(&c.to_vec())).collect();
    let lasso = rankers::parse("lasso:lambda=0.01").unwrap().scores(&data, 0).unwrap();
    for j in 0..4 {
        let norm = paths.iter().map(|p| (p.coefficients(last)[j] * sds[j]).powi(2)).sum::<f64>().sqrt();
        assert!((lasso[j] - norm).abs() < 1e-9, "lasso[{j}] {} vs the norm over classes {norm}", lasso[j]);
    }
    let full = ElasticNet::new(Family::Multinomial).path_multinomial(xtr.view(), &codes).unwrap();
    let entered = rankers::parse("lasso-path").unwrap().scores(&data, 0).unwrap();
    for j in 0..4 {
        let first = full.iter().filter_map(|p| p.entry()[j]).min();
        assert_eq!(entered[j].floor() as usize, first.map_or(0, |e| full[0].len() - e), "lasso-path[{j}]");
    }
    // petal length and width (columns 2 and 3) enter first, as the R path of the whole set shows
    assert!(entered[2].min(entered[3]) > entered[0].max(entered[1]), "{entered:?}");
}

/// A fit on which glmnet's undamped partial Newton steps cycle: glass's K, Si and Fe on a training split (6
/// classes, one with fewer than 8 rows), λ = 0.05 on the learner's 20-value sequence. R's glmnet 4.1.6 gives up on
/// the same rows ("convergence for 2th lambda value not reached after maxit=1e+07 iterations"), and featrank's
/// path used to end at its first λ after 25,000 rounds. With the classes' steps damped once they cycle, the path
/// reaches λ and the fit meets the lasso's optimality conditions there: every class's intercept gradient is 0,
/// and in standardised units each gradient g_cj = Σ_i z_ij (y_ic − p_ic) / n is λ·sign(β_cj) where β_cj ≠ 0 and at
/// most λ where β_cj = 0.
#[test]
fn a_fit_whose_undamped_steps_cycle_reaches_its_lambda_and_meets_its_kkt_conditions() {
    let glass = datasets::load("glass").unwrap().dataset().unwrap();
    let (train, _) = CvPlan::stratified(&glass, 3, 1, 0).unwrap().split(0, 1);
    let cols = ["K", "Si", "Fe"].map(|name| glass.feature_index(name).unwrap());
    let x = glass.x().unwrap().select(Axis(0), &train).select(Axis(1), &cols);
    let codes: Vec<usize> = train.iter().map(|&i| glass.labels().unwrap()[i]).collect();
    let lambda = 0.05;
    let paths =
        ElasticNet::new(Family::Multinomial).n_lambda(20).stop_at(lambda).path_multinomial(x.view(), &codes).unwrap();
    let last = paths[0].len() - 1;
    assert_eq!(paths[0].lambdas()[last], lambda, "the path ends at λ = {}", paths[0].lambdas()[last]);
    let etas: Vec<Vec<f64>> = paths.iter().map(|p| p.linear_predictor(x.view(), last).unwrap()).collect();
    let n = x.nrows();
    let p: Vec<Vec<f64>> = (0..paths.len())
        .map(|c| (0..n).map(|i| etas[c][i].exp() / etas.iter().map(|e| e[i].exp()).sum::<f64>()).collect())
        .collect();
    let present: Vec<usize> = (0..6).filter(|c| codes.contains(c)).collect();
    assert_eq!(present.len(), paths.len());
    let mut active = 0;
    for (c, &class) in present.iter().enumerate() {
        let residual: Vec<f64> = (0..n).map(|i| f64::from(u8::from(codes[i] == class)) - p[c][i]).collect();
        assert!(residual.iter().sum::<f64>().abs() / n as f64 <= 1e-6, "class {class}: intercept gradient");
        for (j, column) in x.columns().into_iter().enumerate() {
            let (mean, sd) = (column.mean().unwrap(), sd(&column.to_vec()));
            let g = column.iter().zip(&residual).map(|(v, r)| (v - mean) / sd * r).sum::<f64>() / n as f64;
            let beta = paths[c].coefficients(last)[j];
            if beta == 0.0 {
                assert!(g.abs() <= lambda * (1.0 + 1e-4), "class {class} feature {j}: |g| {} > λ at β = 0", g.abs());
            } else {
                active += 1;
                assert!(
                    (g - lambda * beta.signum()).abs() <= 1e-4 * lambda,
                    "class {class} feature {j}: g {g} at β {beta}"
                );
            }
        }
    }
    assert!(active >= 2, "only {active} coefficients are non-zero");
}

/// Bad class codes and settings are parameter errors naming what was wrong, before any work.
#[test]
fn bad_class_codes_are_parameter_errors() {
    let (x, class, _) = case_data("iris-lasso");
    let net = ElasticNet::new(Family::Multinomial);
    let message = |class: &[usize]| net.path_multinomial(x.view(), class).unwrap_err().to_string();
    // a code past the rows is refused before it sizes anything
    let mut huge = class.clone();
    huge[0] = usize::MAX;
    assert!(message(&huge).contains("class"), "{}", message(&huge));
    let mut gap = class.clone();
    gap.iter_mut().filter(|c| **c == 1).for_each(|c| *c = 2); // codes 0 and 2: 1 unused
    assert!(message(&gap).contains("code 1 has no row"), "{}", message(&gap));
    assert!(message(&vec![0; class.len()]).contains("at least 2 classes"));
    assert!(message(&class[1..]).contains("values for"));
    let binomial = ElasticNet::new(Family::Binomial).path_multinomial(x.view(), &class).unwrap_err();
    assert!(binomial.to_string().contains("multinomial family"), "{binomial}");
    let codes = net.path(x.view(), &vec![0.0; class.len()]).unwrap_err();
    assert!(codes.to_string().contains("path_multinomial"), "{codes}");
    let mut missing = x.clone();
    missing[[3, 1]] = f64::NAN;
    let nan = net.path_multinomial(missing.view(), &class).unwrap_err();
    assert!(nan.to_string().contains("row 3, column 1"), "{nan}");
    for e in [nan, codes, binomial] {
        assert_eq!(e.kind(), featrank::error::ErrorKind::Parameter);
    }
}
