//! The elastic-net engine (`learners::glmnet`) against R's glmnet: the λ sequence, the coefficients and the
//! deviance explained along whole paths, Gaussian and binomial, lasso, elastic net and ridge, with more rows
//! than features and more features than rows. The reference (tests/reference/glmnet_paths.csv) was written by
//! `Rscript scripts/glmnet/reference.R` (glmnet 4.1, thresh 1e-20: its KKT conditions hold to 1e-10) on the bundled datasets.

use std::collections::HashMap;

use featrank::data::datasets;
use featrank::error::ErrorKind;
use featrank::learners::glmnet::{ElasticNet, Family, Path, Rule};
use featrank::ndarray::{Array2, Axis};

/// One reference path: its λ values, deviance ratios and non-zero terms by λ index.
#[derive(Default)]
struct Reference {
    lambdas: HashMap<usize, f64>,
    ratios: HashMap<usize, f64>,
    terms: HashMap<(usize, usize), f64>,
}

fn references() -> HashMap<String, Reference> {
    read_references("glmnet_paths.csv")
}

fn read_references(file: &str) -> HashMap<String, Reference> {
    let path = format!("{}/tests/reference/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut out: HashMap<String, Reference> = HashMap::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let r = out.entry(f[0].to_string()).or_default();
        let k: usize = f[1].parse().unwrap();
        r.lambdas.insert(k, f[2].parse().unwrap());
        r.ratios.insert(k, f[3].parse().unwrap());
        r.terms.insert((k, f[4].parse().unwrap()), f[5].parse().unwrap());
    }
    out
}

/// (x, y) of a case as the R script builds it.
fn case_data(name: &str) -> (Array2<f64>, Vec<f64>) {
    let (set, positive) = match name {
        n if n.starts_with("diabetes") => ("diabetes-progression", ""),
        n if n.starts_with("wdbc") => ("wdbc", "malignant"),
        _ => ("sonar", "M"),
    };
    let data = datasets::load(set).unwrap().dataset().unwrap();
    let mut x = data.x().unwrap().into_owned();
    let mut y: Vec<f64> = match data.values() {
        Some(v) => v.to_vec(),
        None => {
            let names = data.class_names().unwrap();
            data.labels().unwrap().iter().map(|&c| f64::from(u8::from(names[c] == positive))).collect()
        }
    };
    if set == "sonar" {
        // every fifth row (R's seq(1, n, by = 5))
        let rows: Vec<usize> = (0..x.nrows()).step_by(5).collect();
        x = x.select(Axis(0), &rows);
        y = rows.iter().map(|&i| y[i]).collect();
        if name == "sonar-gaussian" {
            // the first feature regressed on the other 59
            y = x.column(0).to_vec();
            x = x.select(Axis(1), &(1..x.ncols()).collect::<Vec<_>>());
        }
    }
    (x, y)
}

fn sd(v: impl Iterator<Item = f64> + Clone) -> f64 {
    let n = v.clone().count() as f64;
    let m = v.clone().sum::<f64>() / n;
    (v.map(|a| (a - m) * (a - m)).sum::<f64>() / n).sqrt()
}

/// glmnet bounds fitted probabilities to [1e-5, 1 − 1e-5] (|η| ≤ 11.5); a binomial fit that reaches the bound
/// solves a problem each solver bounds in its own way, so coefficients are compared before that point.
fn saturated(path: &Path, x: &Array2<f64>, k: usize) -> bool {
    let bound = (1.0f64 / 1e-5 - 1.0).ln();
    path.family() == Family::Binomial && path.linear_predictor(x.view(), k).unwrap().iter().any(|e| e.abs() > bound)
}

/// The path equals R's within the stated tolerances. The default path (at tolerance 1e-14): as many λ
/// values (the same early stop), λ to 1e-10 (relative), the deviance ratio to 1e-6 (unsaturated). Solved again to
/// tolerance 1e-20 at those λ values, up to the first saturated binomial fit: each coefficient to 1e-6 in
/// standardised units (|Δβ_j|·s_j, divided by s_y for the Gaussian family) and the intercept to 1e-6 of the
/// response's scale. Seen: glmnet's own thresh 1e-14 is 4e-6 away from its 1e-20 solution on wdbc.
fn assert_matches(name: &str, reference: &Reference, params: ElasticNet, x: &Array2<f64>, y: &[f64]) {
    assert_path_matches(name, reference, params, x, y, &|net: ElasticNet| net.path(x.view(), y).unwrap());
}

/// [`assert_matches`] for a path `fit` computes from the settings (the Cox family's takes the times too).
fn assert_path_matches(
    name: &str,
    reference: &Reference,
    params: ElasticNet,
    x: &Array2<f64>,
    y: &[f64],
    fit: &dyn Fn(ElasticNet) -> Path,
) {
    let path = fit(params.clone().tol(1e-14).max_passes(10_000_000));
    let last = *reference.lambdas.keys().max().unwrap();
    assert_eq!(path.len(), last + 1, "{name}: path length");
    let end = (0..path.len()).find(|&k| saturated(&path, x, k)).unwrap_or(path.len());
    for (&k, &lambda) in &reference.lambdas {
        let ours = path.lambdas()[k];
        // glmnet's coxnet takes the grid's exponent 1/(nlam − 1) in single precision: its λ[k] drift from the
        // log-spaced grid by k · 9e-11 relative (3e-9 at k = 36)
        let tolerance = if path.family() == Family::Cox { 1e-10 + k as f64 * 1e-10 } else { 1e-10 };
        assert!((ours - lambda).abs() <= tolerance * lambda, "{name}: λ[{k}] {ours} vs glmnet's {lambda}");
        let ratio = path.deviance_ratio()[k];
        let want = reference.ratios[&k];
        assert!(k >= end || (ratio - want).abs() <= 1e-6, "{name}: dev ratio [{k}] {ratio} vs {want}");
    }
    // λ[0] of a default path is the null model (for ridge too, as glmnet's); the rest is solved again
    let tight = fit(params.lambdas(path.lambdas()[1..end].to_vec()).tol(1e-20).max_passes(100_000_000));
    let at = |k: usize| match k {
        0 => (path.intercept(0), path.coefficients(0).to_vec()),
        _ => (tight.intercept(k - 1), tight.coefficients(k - 1).to_vec()),
    };
    let scale = match path.family() {
        Family::Gaussian => sd(y.iter().copied()),
        Family::Binomial | Family::Cox | Family::Multinomial => 1.0,
    };
    let sds: Vec<f64> = x.columns().into_iter().map(|c| sd(c.iter().copied())).collect();
    let mut compared = 0;
    for k in reference.lambdas.keys().copied().filter(|&k| k < end) {
        compared += 1;
        let b0 = reference.terms[&(k, 0)];
        let (intercept, beta) = at(k);
        assert!((intercept - b0).abs() <= 1e-6 * (scale + b0.abs()), "{name}: intercept [{k}] {intercept} vs {b0}");
        for (j, &b) in beta.iter().enumerate() {
            let r = reference.terms.get(&(k, j + 1)).copied().unwrap_or(0.0);
            assert!((b - r).abs() * sds[j] / scale <= 1e-6, "{name}: β[{k}][{j}] {b} vs glmnet's {r}");
        }
    }
    // seen: every λ on the Gaussian paths; 10, 19 and 24 of 34 on wdbc, sonar-lasso and sonar-enet
    assert!(compared >= 10, "{name}: only {compared} λ values compared");
}

#[test]
fn paths_equal_r_glmnet() {
    let references = references();
    let cases = [
        ("diabetes-lasso", Family::Gaussian, 1.0),
        ("diabetes-enet", Family::Gaussian, 0.5),
        ("diabetes-ridge", Family::Gaussian, 0.0),
        ("sonar-gaussian", Family::Gaussian, 0.3),
        ("wdbc-lasso", Family::Binomial, 1.0),
        ("sonar-lasso", Family::Binomial, 1.0),
        ("sonar-enet", Family::Binomial, 0.5),
    ];
    assert_eq!(references.len(), cases.len());
    for (name, family, alpha) in cases {
        let (x, y) = case_data(name);
        assert_matches(name, &references[name], ElasticNet::new(family).alpha(alpha), &x, &y);
    }
}

#[test]
fn lambda_max_is_the_smallest_lambda_with_no_feature() {
    // glmnet's λ_max: at it every coefficient is zero, and a little below it one enters
    for (name, family) in [("diabetes-lasso", Family::Gaussian), ("wdbc-lasso", Family::Binomial)] {
        let (x, y) = case_data(name);
        let top = ElasticNet::new(family).n_lambda(2).path(x.view(), &y).unwrap().lambdas()[0];
        let just =
            ElasticNet::new(family).lambdas(vec![top * 1.000001, top * 0.999]).tol(1e-12).path(x.view(), &y).unwrap();
        assert!(just.coefficients(0).iter().all(|b| *b == 0.0), "{name}: something entered above λ_max");
        assert_eq!(just.coefficients(1).iter().filter(|b| **b != 0.0).count(), 1, "{name}: one feature just below");
    }
}

#[test]
fn entry_order_follows_the_path() {
    let (x, y) = case_data("diabetes-lasso");
    let path = ElasticNet::new(Family::Gaussian).path(x.view(), &y).unwrap();
    let entry = path.entry();
    // bmi (column 2) enters first on the diabetes data, then s5 (column 8): Efron et al. 2004, Fig. 1
    assert_eq!(entry[2], Some(1));
    assert!(entry.iter().flatten().all(|&k| k >= entry[2].unwrap()));
    assert!(
        entry[8].unwrap()
            < entry.iter().enumerate().filter(|(j, _)| *j != 2 && *j != 8).filter_map(|(_, e)| *e).min().unwrap()
    );
    // the linear predictor at the last λ is the least-squares fit's, nearly: R² = deviance ratio
    let k = path.len() - 1;
    let eta = path.linear_predictor(x.view(), k).unwrap();
    let mean = y.iter().sum::<f64>() / y.len() as f64;
    let rss: f64 = y.iter().zip(&eta).map(|(a, b)| (a - b) * (a - b)).sum();
    let tss: f64 = y.iter().map(|a| (a - mean) * (a - mean)).sum();
    assert!((1.0 - rss / tss - path.deviance_ratio()[k]).abs() < 1e-9);
}

#[test]
fn bad_settings_and_data_are_parameter_errors() {
    let (x, y) = case_data("wdbc-lasso");
    let kind = |r: featrank::Result<Path>| r.unwrap_err().kind();
    assert_eq!(kind(ElasticNet::new(Family::Binomial).alpha(1.5).path(x.view(), &y)), ErrorKind::Parameter);
    assert_eq!(kind(ElasticNet::new(Family::Binomial).n_lambda(0).path(x.view(), &y)), ErrorKind::Parameter);
    assert_eq!(
        kind(ElasticNet::new(Family::Binomial).lambdas(vec![0.1, 0.2]).path(x.view(), &y)),
        ErrorKind::Parameter
    );
    assert_eq!(kind(ElasticNet::new(Family::Binomial).lambda_min_ratio(1.0).path(x.view(), &y)), ErrorKind::Parameter);
    let twos: Vec<f64> = y.iter().map(|v| v * 2.0).collect();
    let err = ElasticNet::new(Family::Binomial).path(x.view(), &twos).unwrap_err();
    assert!(err.to_string().contains("0/1"), "{err}");
    let mut holes = x.clone();
    holes[[3, 4]] = f64::NAN;
    let err = ElasticNet::new(Family::Binomial).path(holes.view(), &y).unwrap_err();
    assert!(err.to_string().contains("row 3, column 4"), "{err}");
    let err = ElasticNet::new(Family::Gaussian).path(x.view(), &vec![1.0; y.len()]).unwrap_err();
    assert!(err.to_string().contains("constant"), "{err}");
    let path = ElasticNet::new(Family::Binomial).n_lambda(5).path(x.view(), &y).unwrap();
    assert_eq!(path.linear_predictor(x.view(), 5).unwrap_err().kind(), ErrorKind::Parameter);
    // a λ that does not converge ends the path (glmnet's behaviour); the first one not converging is an error
    let short = ElasticNet::new(Family::Binomial).max_passes(3).path(x.view(), &y).unwrap();
    assert!(short.len() < ElasticNet::new(Family::Binomial).path(x.view(), &y).unwrap().len());
    let err = ElasticNet::new(Family::Binomial).lambdas(vec![0.001]).max_passes(3).path(x.view(), &y).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Numerical);
    // a fold id far past the rows is refused by name, before it sizes anything
    let mut ids = vec![0u32; y.len()];
    ids[1] = u32::MAX;
    let err = ElasticNet::new(Family::Binomial).cross_validate(x.view(), &y, &ids).unwrap_err();
    assert!(err.to_string().contains("'folds'"), "{err}");
}

#[test]
fn every_fit_on_the_path_meets_its_kkt_conditions() {
    // Solver-independent: at each λ, with z_j the standardised columns, g_j = ⟨z_j, y − η⟩ / n and β̃_j = β_j s_j
    // (Gaussian: both divided by s_y, λ too), a non-zero β̃_j has g_j = λ(1 − α) β̃_j + λα sign(β̃_j) and a zero one
    // |g_j| ≤ λα — Friedman et al. 2010, eq. (5).
    for (name, family, alpha) in [("diabetes-enet", Family::Gaussian, 0.5), ("sonar-enet", Family::Binomial, 0.5)] {
        let (x, y) = case_data(name);
        let path = ElasticNet::new(family).alpha(alpha).tol(1e-16).max_passes(10_000_000).path(x.view(), &y).unwrap();
        let n = y.len() as f64;
        let s_y = match family {
            Family::Gaussian => sd(y.iter().copied()),
            _ => 1.0,
        };
        let mut checked = 0;
        for k in 0..path.len() {
            if saturated(&path, &x, k) {
                break;
            }
            let eta = path.linear_predictor(x.view(), k).unwrap();
            let residual: Vec<f64> = match family {
                Family::Gaussian => y.iter().zip(&eta).map(|(a, e)| (a - e) / s_y).collect(),
                Family::Binomial => y.iter().zip(&eta).map(|(a, e)| a - 1.0 / (1.0 + (-e).exp())).collect(),
                Family::Cox | Family::Multinomial => unreachable!("the cases above are Gaussian and binomial"),
            };
            let lambda = path.lambdas()[k] / s_y;
            for (j, col) in x.columns().into_iter().enumerate() {
                let m = col.sum() / n;
                let s = sd(col.iter().copied());
                let g = col.iter().zip(&residual).map(|(v, r)| (v - m) / s * r).sum::<f64>() / n;
                let b = path.coefficients(k)[j] * s / s_y;
                let gap = match b == 0.0 {
                    true => (g.abs() - lambda * alpha).max(0.0),
                    false => (g - lambda * (1.0 - alpha) * b - lambda * alpha * b.signum()).abs(),
                };
                assert!(gap <= 1e-6, "{name}: KKT at λ[{k}], feature {j}: gap {gap:e}");
            }
            checked += 1;
        }
        assert!(checked >= 20, "{name}: {checked} fits checked");
    }
}

/// The cross-validated loss and the λ choices equal R's `cv.glmnet` with the same fold ids (row i in fold
/// i mod 10; the Cox family on the diabetes survival times of `cox_case`, by cv.glmnet's grouped deviance;
/// tests/reference/glmnet_cv.csv, written by `Rscript scripts/glmnet/cv_reference.R`, thresh 1e-20):
/// every λ of the sequence to λ.min to 1e-10, CV(λ) to 5e-3 and SE(λ) to 5e-2 relative (the engine at tolerance 1e-10: the
/// gap is cv.glmnet's interpolation, below), and
/// `lambda.min` and `lambda.1se` at the same index.
#[test]
fn cross_validation_equals_cv_glmnet() {
    // not 1e-6: cv.glmnet fits each fold on the fold's own λ sequence and interpolates its coefficients
    // linearly in λ at the full path's λ values (`predict(fit, s = lambda)`); featrank fits each fold at
    // those λ values exactly, so the two differ by the interpolation (up to ≈ 2e-3 of CV(λ) here)
    const LOSS: f64 = 5e-3;
    let path = format!("{}/tests/reference/glmnet_cv.csv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut cases: Vec<(String, Vec<Vec<f64>>)> = Vec::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        if cases.last().is_none_or(|(name, _)| name != f[0]) {
            cases.push((f[0].to_string(), Vec::new()));
        }
        cases.last_mut().unwrap().1.push(f[1..].iter().map(|v| v.parse().unwrap()).collect());
    }
    assert_eq!(cases.len(), 5);
    for (name, rows) in cases {
        let (family, alpha) = match name.as_str() {
            "diabetes-lasso" => (Family::Gaussian, 1.0),
            "diabetes-enet" => (Family::Gaussian, 0.5),
            "diabetes-cox" => (Family::Cox, 1.0),
            "diabetes-cox-enet" => (Family::Cox, 0.5),
            _ => (Family::Binomial, 1.0),
        };
        let net = ElasticNet::new(family).alpha(alpha).tol(1e-10).max_passes(100_000_000);
        let (path, cv) = if family == Family::Cox {
            // the grouped partial-likelihood deviance, each fold weighted by its events
            let (x, time, event) = cox_case(&name);
            let folds: Vec<u32> = (0..time.len()).map(|i| (i % 10) as u32).collect();
            net.cross_validate_survival(x.view(), &time, &event, &folds).unwrap()
        } else {
            let (x, y) = case_data(&name);
            let folds: Vec<u32> = (0..y.len()).map(|i| (i % 10) as u32).collect();
            net.cross_validate(x.view(), &y, &folds).unwrap()
        };
        assert_eq!(path.len(), rows.len(), "{name}: path length");
        let close = |a: f64, b: f64, tol: f64| (a - b).abs() <= tol * b.abs().max(1e-3);
        // the losses up to λ.min, where the choice is made (past it a binomial fit saturates, as in the paths' test)
        for (k, r) in rows.iter().enumerate().take(rows[0][4] as usize + 1) {
            // coxnet's λ grid drifts by k · 9e-11 relative (its exponent in single precision; `assert_path_matches`)
            let grid = if family == Family::Cox { 1e-10 + k as f64 * 1e-10 } else { 1e-10 };
            assert!(close(cv.lambdas()[k], r[1], grid), "{name} λ[{k}]: {} vs {}", cv.lambdas()[k], r[1]);
            assert!(close(cv.loss()[k], r[2], LOSS), "{name} CV[{k}]: {} vs R {}", cv.loss()[k], r[2]);
            assert!(close(cv.se()[k], r[3], 10.0 * LOSS), "{name} SE[{k}]: {} vs R {}", cv.se()[k], r[3]);
        }
        assert_eq!(cv.index(Rule::Min), rows[0][4] as usize, "{name}: lambda.min");
        assert_eq!(cv.index(Rule::OneSe), rows[0][5] as usize, "{name}: lambda.1se");
    }
}

/// The survival times and events of a Cox case, as `scripts/glmnet/cox_reference.R` builds them.
fn cox_case(name: &str) -> (Array2<f64>, Vec<f64>, Vec<f64>) {
    if name == "sonar-cox" {
        let (x, _) = case_data("sonar-lasso");
        let time = (0..x.nrows()).map(|s| 1.0 + s as f64).collect();
        let event = (0..x.nrows()).map(|s| f64::from(u8::from(s % 3 != 0))).collect();
        return (x, time, event);
    }
    let (x, progression) = case_data("diabetes-lasso");
    let nudge = if name == "diabetes-cox-enet" { 1e-4 } else { 0.0 };
    let time = progression.iter().enumerate().map(|(i, p)| 1000.0 / p + i as f64 * nudge).collect();
    let event = (0..x.nrows()).map(|i| f64::from(u8::from(i % 4 != 0))).collect();
    (x, time, event)
}

/// The Cox family against R's glmnet (Breslow's ties): λ, the deviance ratio and the coefficients along the
/// path, with many tied times (diabetes), none (the same nudged apart, elastic net) and more features than rows
/// (sonar), at the tolerances of `assert_matches`.
#[test]
fn cox_paths_equal_r_glmnet() {
    let references = read_references("glmnet_cox.csv");
    let cases = [("diabetes-cox", 1.0), ("diabetes-cox-enet", 0.5), ("sonar-cox", 1.0)];
    assert_eq!(references.len(), cases.len());
    for (name, alpha) in cases {
        let (x, time, event) = cox_case(name);
        let fit = |net: ElasticNet| net.path_survival(x.view(), &time, &event).unwrap();
        let path = fit(ElasticNet::new(Family::Cox));
        assert!((0..path.len()).all(|k| path.intercept(k) == 0.0), "{name}: a Cox path has no intercept");
        assert_path_matches(name, &references[name], ElasticNet::new(Family::Cox).alpha(alpha), &x, &event, &fit);
    }
    // bad survival data is refused by name
    let (x, time, event) = cox_case("sonar-cox");
    let net = ElasticNet::new(Family::Cox);
    let mut negative = time.clone();
    negative[3] = -1.0;
    let err = net.path_survival(x.view(), &negative, &event).unwrap_err();
    assert!(err.to_string().contains("time") && err.to_string().contains("row 3"), "{err}");
    let err = net.path_survival(x.view(), &time, &vec![0.0; x.nrows()]).unwrap_err();
    assert!(err.to_string().contains("every time is censored"), "{err}");
    assert_eq!(net.path(x.view(), &event).unwrap_err().kind(), ErrorKind::Parameter);
}
