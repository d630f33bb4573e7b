//! ECA, stability, rank distances, Friedman/Nemenyi and the Performance Index.

use crate::common;

use featrank::compare::distance::{jaccard_top, kendall_tau_b, relevance_auc, spearman};
use featrank::compare::stability::{
    canberra_top, expected_canberra, expected_canberra_all, expected_canberra_approx, kuncheva, stability_curve,
};
use featrank::compare::stats::{friedman, nemenyi_cd, nemenyi_q};
use featrank::prelude::*;

fn planted_curves() -> Curves {
    let ds = Dataset::from_polars(common::planted(200, 3, 5, 0.85, 4), "class").unwrap();
    let names = ds.feature_names().to_vec();
    let good = Ranking::from_order(&names).unwrap().with_name("good");
    let rev: Vec<String> = names.iter().rev().cloned().collect();
    let bad = Ranking::from_order(&rev).unwrap().with_name("bad");
    let mid = Ranking::random(&names, 1, 2).unwrap().with_name("mid");
    CurveSpec::new(Knn::new().k(7))
        .folds(4)
        .repeats(2)
        .expected(12)
        .grid(Grid::Full)
        .seed(8)
        .evaluate(&ds, &[good, bad, mid])
        .unwrap()
}

#[test]
fn eca_against_random_with_uniform_weights_is_half_the_ffa_rfa_gap() {
    // [P18] §3.3: with w = 1 the expected curve cancels.
    let c = planted_curves();
    for r in ["good", "bad", "mid"] {
        let ffa = &c.get(r, CurveKind::Ffa).unwrap().mean;
        let rfa = &c.get(r, CurveKind::Rfa).unwrap().mean;
        let half_gap = 0.5 * ffa.iter().zip(rfa).map(|(f, r)| f - r).sum::<f64>() / ffa.len() as f64;
        let e = c.eca(r, Baseline::Expected, Weighting::Uniform).unwrap();
        assert!((e.eca - half_gap).abs() < 1e-12, "{r}: {} vs {half_gap}", e.eca);
    }
    assert!(c.eca("good", Baseline::Expected, Weighting::Uniform).unwrap().eca > 0.05);
    assert!(c.eca("bad", Baseline::Expected, Weighting::Uniform).unwrap().eca < -0.05);
}

#[test]
fn eca_is_antisymmetric_and_orders_rankings() {
    let c = planted_curves();
    for w in Weighting::ALL {
        let ab = c.eca("good", "bad", w).unwrap();
        let ba = c.eca("bad", "good", w).unwrap();
        assert!((ab.eca + ba.eca).abs() < 1e-12, "{w:?}");
        assert!(ab.eca > 0.0 && ab.ffa_delta > 0.0 && ab.rfa_delta < 0.0, "{w:?}: {ab:?}");
        assert_eq!(c.eca("good", "good", w).unwrap().eca, 0.0);
    }
    let cmp = Comparison::new(c.clone()).unwrap();
    assert_eq!(cmp.scores.len(), 3 * 3 * 4); // 3 rankings × (2 others + expected) × 4 weightings
    let json = serde_json::to_string(&cmp).unwrap();
    assert_eq!(serde_json::from_str::<Comparison>(&json).unwrap(), cmp);
    // The long table round-trips the means, so scores from a CSV equal scores from memory.
    let back = Curves::from_polars(c.to_polars().unwrap(), Measure::Accuracy).unwrap();
    let again = Comparison::new(back).unwrap();
    for (a, b) in cmp.scores.iter().zip(&again.scores) {
        assert_eq!(
            (a.ranking.as_str(), a.baseline.as_str(), a.weighting),
            (b.ranking.as_str(), b.baseline.as_str(), b.weighting)
        );
        assert!((a.eca - b.eca).abs() < 1e-12);
    }
    assert!(c.eca("nope", Baseline::Expected, Weighting::Uniform).is_err());
}

#[test]
fn non_uniform_grid_weights_points_by_the_sizes_they_stand_for() {
    use featrank::eval::eca::weighted_delta;
    // sizes 1, 2, 4: widths 1, 1, 2 → (1·0.1 + 1·0.2 + 2·0.4)/4
    assert!((weighted_delta(&[0.1, 0.2, 0.4], &[1, 2, 4], Weighting::Uniform) - 1.1 / 4.0).abs() < 1e-12);
    // position: w = width/size = 1, 1/2, 1/2
    let want = (0.1 + 0.1 + 0.2) / 2.0;
    assert!((weighted_delta(&[0.1, 0.2, 0.4], &[1, 2, 4], Weighting::Position) - want).abs() < 1e-12);
}

/// All permutations of 0..n.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for pos in 0..=p.len() {
            let mut q = p.clone();
            q.insert(pos, n - 1);
            out.push(q);
        }
    }
    out
}

#[test]
fn exact_canberra_normaliser_equals_enumeration() {
    let n = 5;
    let names: Vec<String> = (0..n).map(|i| format!("f{i}")).collect();
    let rankings: Vec<Ranking> = permutations(n)
        .iter()
        .map(|p| Ranking::from_order(&p.iter().map(|&i| names[i].clone()).collect::<Vec<_>>()).unwrap())
        .collect();
    let all = expected_canberra_all(n);
    for i in 1..=n {
        let mut total = 0.0;
        for a in &rankings {
            for b in &rankings {
                total += canberra_top(a, b, i).unwrap();
            }
        }
        let brute = total / (rankings.len() * rankings.len()) as f64;
        assert!((brute - expected_canberra(n, i).unwrap()).abs() < 1e-12, "i = {i}");
        assert!((brute - all[i - 1]).abs() < 1e-12, "i = {i}");
    }
}

#[test]
fn exact_canberra_normaliser_equals_simulation_and_the_corrected_approximation() {
    let n = 40;
    let names: Vec<String> = (0..n).map(|i| format!("f{i}")).collect();
    let m: usize = 4000;
    let rs: Vec<Ranking> = (0..m).map(|s| Ranking::random(&names, 3, s as u64).unwrap()).collect();
    for i in [1, 8, 20, 40] {
        let sim: f64 =
            (0..m / 2).map(|s| canberra_top(&rs[2 * s], &rs[2 * s + 1], i).unwrap()).sum::<f64>() / (m / 2) as f64;
        let exact = expected_canberra(n, i).unwrap();
        assert!((sim - exact).abs() / exact < 0.03, "i = {i}: simulated {sim} vs exact {exact}");
    }
    // seeds_errorcurves.md §1.8: the corrected Jurman form is close for i ≥ 8.
    assert!((expected_canberra_approx(100, 8) - 5.675).abs() < 1e-3);
    assert!((expected_canberra(100, 8).unwrap() - 5.707).abs() < 1e-3);
    assert!((expected_canberra(1000, 100).unwrap() - 73.133).abs() < 1e-3);
    assert!((expected_canberra_approx(1000, 100) - 73.130).abs() < 1e-3);
}

#[test]
fn stability_curves_and_kuncheva() {
    let names: Vec<String> = (0..30).map(|i| format!("f{i}")).collect();
    let same = vec![Ranking::from_order(&names).unwrap(); 4];
    let c = stability_curve(&same, &[1, 5, 30]).unwrap();
    assert_eq!(c.canberra, [0.0, 0.0, 0.0]);
    assert_eq!(c.kuncheva, [Some(1.0), Some(1.0), None]);
    let random: Vec<Ranking> = (0..60).map(|s| Ranking::random(&names, 5, s).unwrap()).collect();
    let c = stability_curve(&random, &[1, 10, 30]).unwrap();
    assert!(c.canberra.iter().all(|&v| (v - 1.0).abs() < 0.1), "{:?}", c.canberra);
    assert!(c.kuncheva[1].unwrap().abs() < 0.1, "{:?}", c.kuncheva);
    assert_eq!(kuncheva(&[0, 1, 2], &[0, 1, 5], 10), Some((2.0 * 10.0 - 9.0) / (3.0 * 7.0)));
    assert!(stability_curve(&same[..1], &[1]).is_err());
    assert!(stability_curve(&same, &[31]).is_err());
}

#[test]
fn fold_rankings_are_deterministic_across_threads() {
    let ds = featrank::data::datasets::load("wine").unwrap().dataset().unwrap();
    let run = |threads: usize, plan: &CvPlan| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| FoldRankings::compute(&ds, plan, &Fisher::new(), 9, || ()).unwrap())
    };
    let boot = CvPlan::new(&ds, Scheme::Bootstrap, 6, 9).unwrap();
    assert_eq!(run(1, &boot), run(3, &boot));
    let folds = run(2, &CvPlan::stratified(&ds, 5, 1, 9).unwrap());
    assert_eq!(folds.len(), 5);
    let c = stability_curve(&folds.rankings().unwrap(), &Grid::Full.sizes(13).unwrap()).unwrap();
    assert!(c.canberra[6] < 0.3, "a systematic ranker is far more stable than random: {:?}", c.canberra);
}

#[test]
fn rank_distances_with_ties() {
    let a = Ranking::from_order(&["a", "b", "c", "d", "e"]).unwrap();
    let b = Ranking::from_order(&["b", "a", "c", "e", "d"]).unwrap();
    // d = (1, 1, 0, 1, 1): ρ = 1 − 6·4/(5·24) = 0.8; τ = (10 − 2·2)/10 = 0.6
    assert!((spearman(&a, &b).unwrap() - 0.8).abs() < 1e-12);
    assert!((kendall_tau_b(&a, &b).unwrap() - 0.6).abs() < 1e-12);
    // Ties: scores (3, 2, 2, 1) give average ranks (1, 2.5, 2.5, 4).
    let t = Ranking::from_scores(&["a", "b", "c", "d"], &[3.0, 2.0, 2.0, 1.0]).unwrap();
    let u = Ranking::from_order(&["a", "b", "c", "d"]).unwrap();
    // Pearson of (1, 2.5, 2.5, 4) and (1, 2, 3, 4) = 4.5/√(4.5·5)
    assert!((spearman(&t, &u).unwrap() - 4.5 / (4.5f64 * 5.0).sqrt()).abs() < 1e-12);
    // τ-b: 5 concordant, 0 discordant, 1 tie in t: 5/√(5·6)
    assert!((kendall_tau_b(&t, &u).unwrap() - 5.0 / 30f64.sqrt()).abs() < 1e-12);
    assert_eq!(jaccard_top(&a, &b, 2).unwrap(), 1.0);
    // relevant a, c at ranks 2, 3; irrelevant b, e, d at 1, 4, 5: 4 of 6 pairs ordered right
    assert!((relevance_auc(&b, &["a", "c"]).unwrap() - 4.0 / 6.0).abs() < 1e-12);
    assert!(jaccard_top(&a, &b, 0).is_err());
    assert!(relevance_auc(&a, &["zz"]).is_err());
    let short = Ranking::from_order(&["a"]).unwrap();
    assert!(spearman(&a, &short).is_err());
}

/// [P18] Table 5: ECA(r, random), w = 1, columns IG, RF, ReliefF, SVM-RFE.
const TABLE5: [[f64; 4]; 28] = [
    [0.269, 0.299, 0.316, 0.297],
    [0.056, 0.007, 0.027, 0.043],
    [0.041, 0.041, 0.057, 0.053],
    [0.277, 0.260, 0.266, 0.209],
    [0.125, 0.059, 0.167, 0.161],
    [0.025, 0.013, 0.012, -0.003],
    [0.246, 0.206, 0.190, 0.194],
    [0.050, 0.037, 0.128, 0.110],
    [0.085, -0.081, 0.079, 0.066],
    [0.279, -0.056, 0.283, 0.248],
    [0.083, 0.040, 0.033, 0.154],
    [0.028, -0.009, -0.026, 0.004],
    [0.099, 0.049, 0.163, 0.116],
    [0.167, 0.192, 0.215, 0.149],
    [0.032, 0.008, 0.067, 0.086],
    [0.023, -0.002, 0.013, 0.022],
    [0.159, 0.039, 0.150, 0.130],
    [0.178, 0.057, 0.163, 0.163],
    [0.146, 0.058, 0.110, 0.147],
    [0.116, 0.088, 0.041, 0.136],
    [0.140, 0.056, 0.175, 0.164],
    [0.118, 0.045, 0.355, 0.281],
    [0.212, 0.067, 0.236, 0.232],
    [0.066, 0.060, 0.096, 0.070],
    [0.142, 0.084, 0.292, 0.261],
    [0.072, -0.052, 0.082, 0.069],
    [0.193, 0.181, 0.217, 0.144],
    [0.180, -0.190, 0.188, 0.210],
];

#[test]
fn friedman_and_nemenyi_reproduce_p18_table5() {
    let scores: Vec<Vec<f64>> = TABLE5.iter().map(|r| r.to_vec()).collect();
    let f = friedman(&["IG", "RF", "ReliefF", "SVM-RFE"], &scores).unwrap();
    let want = [2.196, 3.518, 1.946, 2.339];
    for (got, want) in f.average_ranks.iter().zip(want) {
        assert!((got - want).abs() < 5e-4, "{got} vs {want}");
    }
    assert!((f.chi2 - 24.54).abs() < 0.01, "{}", f.chi2);
    assert!((f.iman_davenport - 11.14).abs() < 0.01, "{}", f.iman_davenport);
    assert!(f.iman_davenport_p < 0.05 && f.chi2_p < 0.05);
    assert!((nemenyi_cd(4, 28, 0.05).unwrap() - 0.8864).abs() < 5e-4);
    // RF is significantly worse than SVM-RFE; ReliefF, IG and SVM-RFE are within the CD.
    assert!(f.average_ranks[1] - f.average_ranks[3] > 0.8864);
    assert!(f.average_ranks[3] - f.average_ranks[2] < 0.8864);
}

#[test]
fn nemenyi_q_matches_demsar_table() {
    // Demšar (2006) Table 5(a), α = 0.05 and (b), α = 0.10, k = 2..10.
    let q05 = [1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164];
    let q10 = [1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920];
    for k in 2..=10 {
        assert!((nemenyi_q(k, 0.05).unwrap() - q05[k - 2]).abs() < 1.5e-3, "k = {k}");
        assert!((nemenyi_q(k, 0.10).unwrap() - q10[k - 2]).abs() < 1.5e-3, "k = {k}");
    }
    assert!(nemenyi_q(1, 0.05).is_err() && nemenyi_q(3, 1.5).is_err());
    assert!(friedman(&["a"], &[vec![1.0]]).is_err());
    assert!(friedman(&["a", "b"], &[vec![1.0, 2.0], vec![1.0]]).is_err());
}

#[test]
fn performance_index_on_data_with_missing_values() {
    let ds = featrank::data::datasets::load("vote").unwrap().dataset().unwrap();
    let mut order: Vec<String> = ds.feature_names().to_vec();
    let counts = ds.missing_counts();
    // rank the features with the most missing values first, so complete rows shrink along the curve
    order.sort_by_key(|f| std::cmp::Reverse(counts[ds.feature_index(f).unwrap()]));
    let r = Ranking::from_order(&order).unwrap();
    let pi = PiSpec::new(NaiveBayes::new()).folds(10).max_n(6).seed(1).evaluate(&ds, &r).unwrap().points;
    assert_eq!(pi.len(), 6);
    assert!(pi.windows(2).all(|w| w[1].rows <= w[0].rows));
    assert_eq!(pi[0].rows, ds.n_rows() - counts.iter().max().unwrap());
    assert_eq!(pi[0].pi, pi[0].accuracy);
    let w: Vec<f64> = pi.iter().map(|p| p.rows as f64 / p.i as f64).collect();
    let manual = pi.iter().zip(&w).map(|(p, w)| p.accuracy * w).sum::<f64>() / w.iter().sum::<f64>();
    assert!((pi[5].pi - manual).abs() < 1e-12);
}
