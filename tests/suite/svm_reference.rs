//! featrank's SMO solver against linfa-svm, the reference DESIGN.md names: the same C-SVC problem on the
//! same matrix gives the same decision values within solver tolerance.

use featrank::learners::Learner;
use featrank::prelude::*;
use featrank::resampling::{Fold, Prediction};
use linfa::traits::Fit;
use rand::Rng;

/// 240 rows, 6 features in [0, 1] (rows 0 and 1 pin every column's range to exactly [0, 1], so
/// featrank's training-fold min-max scaling is the identity), a noisy non-linear class.
fn data() -> (Dataset, Array2<f64>, Vec<bool>) {
    let mut rng = featrank::seed::rng_for(42, &[]);
    let (n, d) = (240, 6);
    let x = Array2::from_shape_fn((n, d), |(i, _)| match i {
        0 => 0.0,
        1 => 1.0,
        _ => rng.r#gen::<f64>(),
    });
    let pos: Vec<bool> =
        (0..n).map(|i| x[[i, 0]] * x[[i, 1]] + 0.3 * x[[i, 2]] + 0.1 * rng.r#gen::<f64>() > 0.4).collect();
    let mut cols: Vec<Column> = (0..d).map(|j| Column::new(format!("x{j}").into(), x.column(j).to_vec())).collect();
    cols.push(Column::new("class".into(), pos.iter().map(|&p| if p { "a" } else { "b" }).collect::<Vec<_>>()));
    let df = DataFrame::new(n, cols).unwrap();
    let ds = Dataset::builder(&df, "class").build().unwrap();
    (ds, x, pos)
}

#[test]
fn decision_values_agree_with_linfa_svm() {
    let (ds, x, pos) = data();
    // Class codes sort by name: "a" = 0 is featrank's positive class, as `pos` is for linfa.
    assert_eq!(ds.class_names().unwrap(), ["a", "b"]);
    let rows: Vec<usize> = (0..ds.n_rows()).collect();
    let features: Vec<usize> = (0..ds.n_features()).collect();
    for (kernel, c) in [(Kernel::Polynomial { degree: 2.0, constant: 0.0 }, 0.1), (Kernel::Linear, 1.0)] {
        let fold = Fold { data: &ds, train: &rows, test: &rows, seed: 0 };
        let Prediction::Classes { scores, .. } =
            Svm::new().c(c).kernel(kernel).tol(1e-6).fit_predict(&fold, &features).unwrap()
        else {
            panic!("classification")
        };
        let ours: Vec<f64> = scores.chunks(2).map(|s| s[0]).collect();
        let params = linfa_svm::Svm::<f64, bool>::params().pos_neg_weights(c, c).eps(1e-7);
        let params = match kernel {
            Kernel::Linear => params.linear_kernel(),
            _ => params.polynomial_kernel(0.0, 2.0),
        };
        let model = params.fit(&linfa::Dataset::new(x.clone(), Array1::from(pos.clone()))).unwrap();
        let theirs: Vec<f64> = x.rows().into_iter().map(|r| model.weighted_sum(&r) - model.rho).collect();
        let scale = theirs.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        let worst = ours.iter().zip(&theirs).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        let agree = ours.iter().zip(&theirs).filter(|(a, b)| (**a >= 0.0) == (**b >= 0.0)).count();
        println!("{kernel:?}, C = {c}: max |Δ decision| = {worst:.2e} (scale {scale:.3}), same side on {agree}/240");
        assert!(worst < 1e-3 * scale.max(1.0), "{kernel:?}: {worst}");
        assert!(agree >= 238);
    }
}

/// The curve fast path (Gram sums grown feature by feature, warm starts) against a refit at every size:
/// the same predictions within solver tolerance, for two classes and for three (one-vs-one and
/// one-vs-rest).
#[test]
fn nested_path_matches_refits() {
    for (classes, multiclass) in [(2, Multiclass::OneVsOne), (3, Multiclass::OneVsOne), (3, Multiclass::OneVsRest)] {
        let mut rng = featrank::seed::rng_for(classes as u64, &[]);
        let (n, d) = (240, 12);
        let y: Vec<usize> = (0..n).map(|i| i % classes).collect();
        let mut cols: Vec<Column> = (0..d)
            .map(|j| {
                let v: Vec<f64> =
                    y.iter().map(|&c| if j < 4 { c as f64 * 0.8 } else { 0.0 } + rng.r#gen::<f64>()).collect();
                Column::new(format!("x{j}").into(), v)
            })
            .collect();
        cols.push(Column::new("class".into(), y.iter().map(|c| format!("c{c}")).collect::<Vec<_>>()));
        let ds = Dataset::from_polars(DataFrame::new(n, cols).unwrap(), "class").unwrap();
        let plan = CvPlan::stratified(&ds, 5, 1, 0).unwrap();
        let (train, test) = plan.split(0, 0);
        let fold = Fold { data: &ds, train: &train, test: &test, seed: 0 };
        let order: Vec<usize> = (0..d).rev().collect();
        let sizes: Vec<usize> = (1..=d).collect();
        let svm = Svm::new().multiclass(multiclass);
        let nested = svm.fit_predict_nested(&fold, &order, &sizes).unwrap();
        let (mut same, mut total, mut worst) = (0, 0, 0.0f64);
        for (&size, fast) in sizes.iter().zip(&nested) {
            let refit = svm.fit_predict(&fold, &order[..size]).unwrap();
            let (Prediction::Classes { labels: la, scores: sa }, Prediction::Classes { labels: lb, scores: sb }) =
                (fast, &refit)
            else {
                panic!("classification")
            };
            // Rows whose refit class scores are within 0.01 of each other are near-ties that any solver
            // tolerance can flip (frequent for one-vs-rest at C = 0.1); every other row must agree.
            for (t, (a, b)) in la.iter().zip(lb).enumerate() {
                let mut row: Vec<f64> = sb[t * classes..(t + 1) * classes].to_vec();
                row.sort_by(|x, y| y.total_cmp(x));
                if row[0] - row[1] > 0.01 {
                    total += 1;
                    same += (a == b) as usize;
                }
            }
            worst = sa
                .iter()
                .zip(sb)
                .filter(|(a, b)| a.is_finite() && b.is_finite())
                .map(|(a, b)| (a - b).abs())
                .fold(worst, f64::max);
        }
        println!("{classes} classes, {multiclass:?}: same label {same}/{total}, max |Δ score| {worst:.2e}");
        assert_eq!(same, total);
        assert!(total > 250);
        assert!(worst < 0.05, "{worst}");
    }
}
