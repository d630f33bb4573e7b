//! Decisions from the curves: the subset size to keep, and whether one ranking beats another or random
//! rankings (known answers, null-hypothesis behaviour, and the tests against independent computations).

use featrank::compare::significance::{corrected_t_test, holm, wilcoxon_signed_rank};
use featrank::compare::{Significance, SizeChoices, SizeRule, Verdict};
use featrank::eval::EXPECTED;
use featrank::prelude::*;
use featrank::rankers::{Relevance, ShadowFeatures};
use rand::Rng;

/// Hand-made curves: one ranking, FFA means at sizes 1..5, and 10 per-split values (10-fold, 1 repeat)
/// at every size: the mean ± 0.1 alternately, so σ̂ = 0.1·√(10/9).
fn hand_made(means: &[f64], measure: Measure) -> Curves {
    let sizes: Vec<usize> = (1..=means.len()).collect();
    let split = |m: f64| (0..10).map(|j| if j % 2 == 0 { m + 0.1 } else { m - 0.1 }).collect::<Vec<f64>>();
    let curve = |kind| Curve {
        ranking: "r".into(),
        kind,
        mode: Mode::Fixed,
        mean: means.to_vec(),
        std: vec![0.0; means.len()],
        lo: None,
        hi: None,
        per_repeat: means.iter().map(|&m| vec![m]).collect(),
        per_split: means.iter().map(|&m| split(m)).collect(),
    };
    Curves {
        learner: "knn:k=10,ties=all,distance=euclidean".into(),
        measure,
        sizes,
        scheme: Scheme::KFold { folds: 10 },
        folds: 10,
        kept: Default::default(),
        repeats: 1,
        expected: 0,
        expected_repeats: None,
        seed: 0,
        curves: vec![curve(CurveKind::Ffa), curve(CurveKind::Rfa)],
        fold_rankings: vec![],
    }
}

/// Every rule on a hand-made curve gives the hand-computed size.
///
/// Means 0.60, 0.80, 0.86, 0.90, 0.88 at k = 1..5: best k = 4. One corrected standard error at k = 4:
/// √((1/10 + 1/9)·0.1²·10/9) = 0.0484, so the smallest k with mean ≥ 0.8516 is 3. Within 0.1: k = 2.
/// Knee: scaled sizes 0, ¼, ½, ¾, 1 and scaled means 0, ⅔, 0.867, 1, 0.933; the difference is largest
/// (0.417) at k = 2. At 3: k = 3.
#[test]
fn rules_give_the_hand_computed_sizes() {
    let means = [0.60, 0.80, 0.86, 0.90, 0.88];
    let rules = [
        SizeRule::Best,
        SizeRule::OneStandardError,
        SizeRule::Within(0.1),
        SizeRule::Within(0.0),
        SizeRule::Knee,
        SizeRule::At(3),
    ];
    let expect = [4, 3, 2, 4, 2, 3];
    let chosen = SizeChoices::of_curves(&hand_made(&means, Measure::Accuracy), &rules).unwrap();
    for (rule, k) in rules.iter().zip(expect) {
        let c = chosen.get("r", *rule).unwrap();
        assert_eq!(c.k, k, "{}", rule.label());
        assert_eq!(c.value, means[k - 1]);
    }
    // A loss (RMSE) read the other way round: the same curve negated picks the same sizes.
    let loss: Vec<f64> = means.iter().map(|m| 1.0 - m).collect();
    let chosen = SizeChoices::of_curves(&hand_made(&loss, Measure::Rmse), &rules).unwrap();
    for (rule, k) in rules.iter().zip(expect) {
        assert_eq!(chosen.get("r", *rule).unwrap().k, k, "rmse, {}", rule.label());
    }
    // The standard error is the corrected one: with the naive σ̂/√J = 0.0333 the threshold 0.8667
    // would exclude k = 3.
    let naive = 0.1 * (10.0f64 / 9.0).sqrt() / 10f64.sqrt();
    assert!(0.86 < 0.90 - naive);
    // Rules parse from the CLI's words and print back.
    for r in ["best", "1se", "within:0.02", "knee", "at:3"] {
        assert_eq!(r.parse::<SizeRule>().unwrap().label(), r);
    }
    for bad in ["within:-1", "elbow", "at:0", "at:x"] {
        assert!(bad.parse::<SizeRule>().is_err(), "{bad}");
    }
    // a size off the grid is refused by name
    let off = SizeChoices::of_curves(&hand_made(&means, Measure::Accuracy), &[SizeRule::At(9)]).unwrap_err();
    assert!(off.to_string().contains("at:9"), "{off}");
}

/// The exact Wilcoxon p-value equals a brute-force count over all 2ⁿ sign patterns (ties included), and
/// the corrected t statistic equals its formula computed by hand.
#[test]
fn tests_agree_with_direct_computation() {
    let mut rng = featrank::seed::rng_for(5, &[]);
    for case in 0..30 {
        let n = 4 + case % 9;
        // values on a coarse grid so that |d| ties happen
        let d: Vec<f64> = (0..n).map(|_| (rng.gen_range(-6i32..=8) as f64) / 4.0).collect();
        let w = wilcoxon_signed_rank(&d);
        let nz: Vec<f64> = d.iter().copied().filter(|v| *v != 0.0).collect();
        let ranks = featrank::math::average_ranks(&nz.iter().map(|v| v.abs()).collect::<Vec<_>>(), false);
        let observed: f64 = nz.iter().zip(&ranks).filter(|(v, _)| **v > 0.0).map(|(_, r)| r).sum();
        let (mut below, mut above) = (0u64, 0u64);
        let m = nz.len();
        for signs in 0..(1u64 << m) {
            let s: f64 = (0..m).filter(|i| signs >> i & 1 == 1).map(|i| ranks[i]).sum();
            below += (s <= observed + 1e-9) as u64;
            above += (s >= observed - 1e-9) as u64;
        }
        let brute = if m == 0 { 1.0 } else { (2.0 * below.min(above) as f64 / (1u64 << m) as f64).min(1.0) };
        assert_eq!(w.w_plus, observed);
        assert!((w.p_value - brute).abs() < 1e-12, "case {case}: {} vs {brute}", w.p_value);
    }
    let d = [0.05, 0.01, 0.03, -0.02, 0.04, 0.02];
    let t = corrected_t_test(&d, 0.25).unwrap();
    let m = d.iter().sum::<f64>() / 6.0;
    let var = d.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / 5.0;
    assert!((t.t - m / ((1.0 / 6.0 + 0.25) * var).sqrt()).abs() < 1e-12);
    // m ± 1 three times each: σ̂² = 6/5, se = 1/√5 (no correction), t = m√5; Student's t with 5 df has
    // P(|T| > 2.015048) = 0.10 (the t table).
    let m = 2.015048 / 5f64.sqrt();
    let at = corrected_t_test(&[m + 1.0, m - 1.0, m + 1.0, m - 1.0, m + 1.0, m - 1.0], 0.0).unwrap();
    assert!((at.t - 2.015048).abs() < 1e-9 && (at.p_value - 0.10).abs() < 1e-5, "{at:?}");
    assert!((at.interval(0.90).0).abs() < 1e-6); // the 90 % interval just touches 0
    let p10 = corrected_t_test(&[1.0, -1.0, 1.0, -1.0, 1.0, -1.0], 0.0).unwrap();
    assert_eq!(p10.p_value, 1.0);
    assert_eq!(holm(&[0.5]), vec![0.5]);
    assert!(corrected_t_test(&[0.1], 0.1).is_err());
}

/// Two identical rankings are never significantly different; the ground-truth ranking of `combined`
/// beats the expected curve of random rankings with p < 0.01 under both tests, and a ranking that puts
/// the relevant features last is worse.
#[test]
fn truth_beats_random_and_identical_rankings_tie() {
    // 400 of the design's 1000 rows: the truth's lead over random rankings stays many standard errors wide
    let s = Binary::new(Design::Combined).rows(400).generate(1).unwrap();
    let data = Dataset::from_polars(&s.frame, "class").unwrap();
    let truth = s.truth.ranking().unwrap();
    let reversed = Ranking::from_order(&truth.order().iter().rev().map(|f| f.as_str()).collect::<Vec<_>>()).unwrap();
    let curves = CurveSpec::new(Knn::new())
        .folds(10)
        .repeats(10)
        .expected(20)
        .seed(2)
        .evaluate(
            &data,
            &[truth.clone().with_name("truth"), truth.with_name("copy"), reversed.clone().with_name("reversed")],
        )
        .unwrap();
    for w in Weighting::ALL {
        let sig = Significance::of_curves(&curves, w, 0.95).unwrap();
        let same = sig.pair("truth", "copy").unwrap();
        assert!(same.t_test.p_value >= 0.5 && same.wilcoxon.p_value >= 0.5, "{w:?}");
        assert_eq!((same.eca, same.lo, same.hi), (0.0, 0.0, 0.0));
        let vs = sig.pair("truth", EXPECTED).unwrap();
        println!(
            "{:>9}: truth vs expected ECA {:.4} [{:.4}, {:.4}], t p = {:.2e}, Wilcoxon p = {:.2e}",
            w.label(),
            vs.eca,
            vs.lo,
            vs.hi,
            vs.t_test.p_value,
            vs.wilcoxon.p_value
        );
        assert!(vs.t_test.p_value < 0.01 && vs.wilcoxon.p_value < 0.01, "{w:?}");
        assert!(vs.lo > 0.0 && vs.lo <= vs.eca.max(vs.t_test.mean) && vs.hi >= vs.t_test.mean);
        assert_eq!(sig.verdict("truth", 0.05).unwrap(), Verdict::Better);
        assert_eq!(sig.verdict("reversed", 0.05).unwrap(), Verdict::Worse);
        let better = sig.pair("truth", "reversed").unwrap();
        assert!(better.eca > 0.0 && better.t_p_holm < 0.01);
        // Holm never lowers a p-value
        assert!(sig.tests.iter().all(|t| t.t_p_holm >= t.t_test.p_value && t.wilcoxon_p_holm >= t.wilcoxon.p_value));
    }
    let sig = Significance::of_curves(&curves, Weighting::Uniform, 0.95).unwrap();
    assert_eq!(sig.to_polars().unwrap().height(), 3 + 3);
    // 10 repeats: Wilcoxon can reach 2 / 2¹⁰; with 5 it cannot go below 0.0625, and says so.
    assert_eq!(sig.wilcoxon_warning(0.05).unwrap(), None);
    let five = CurveSpec::new(Knn::new()).folds(5).repeats(5).expected(5).seed(2).evaluate(&data, &[reversed]).unwrap();
    let warning = five.significance().unwrap().wilcoxon_warning(0.05).unwrap().unwrap();
    assert!(warning.starts_with("with 5 repeats the Wilcoxon test's p-value cannot go below 0.0625"), "{warning}");
    assert!(warning.ends_with("run at least 6 repeats"), "{warning}");
    assert!(five.significance().unwrap().to_html().unwrap().contains("cannot go below 0.0625"));
    assert_eq!(sig.verdicts(0.05).unwrap().height(), 3);
    let chosen = SizeChoices::of_curves(&curves, &SizeRule::DEFAULT).unwrap();
    let (best, one_se) =
        (chosen.get("truth", SizeRule::Best).unwrap(), chosen.get("truth", SizeRule::OneStandardError).unwrap());
    println!("truth: best k = {} ({:.4}), 1-SE k = {} ({:.4})", best.k, best.value, one_se.k, one_se.value);
    // combined has 27 relevant features (the truth ranks them first): the 1-SE size keeps no more
    // than the best, and not many fewer than the relevant ones carrying most of the signal.
    assert!(one_se.k <= best.k && one_se.k >= 5);
}

/// Under the null hypothesis — labels independent of every feature, so every ranking has the same
/// expected accuracy — the corrected t-test of random rankings against the expected curve rejects at
/// about its nominal rate, while the uncorrected t-test over the same splits rejects far more often
/// (the reason for the correction, Nadeau & Bengio 2003).
#[test]
fn on_null_data_the_corrected_test_keeps_its_level() {
    let null = Null::new().rows(60).features(200).generate(11).unwrap();
    let data = Dataset::from_polars(&null.frame, "class").unwrap();
    let rankings: Vec<Ranking> = (0..40)
        .map(|i| Ranking::random(data.feature_names(), 100 + i, 0).unwrap().with_name(format!("r{i}")))
        .collect();
    let curves = CurveSpec::new(Knn::new().k(5))
        .folds(5)
        .repeats(4)
        .expected(20)
        .grid(Grid::Custom(vec![1, 2, 5, 10, 20, 50, 100, 200]))
        .seed(4)
        .evaluate(&data, &rankings)
        .unwrap();
    let (mut corrected, mut naive) = (0, 0);
    for r in &rankings {
        let splits = curves.eca_samples(r.name(), Baseline::Expected, Weighting::Uniform, Sample::Split).unwrap();
        corrected += (corrected_t_test(&splits, 0.25).unwrap().p_value < 0.05) as usize;
        naive += (corrected_t_test(&splits, 0.0).unwrap().p_value < 0.05) as usize;
    }
    println!("null data, 40 random rankings against the expected curve at α = 0.05: corrected {corrected}/40, uncorrected {naive}/40");
    // Binomial(40, 0.05) exceeds 6 with probability 0.014.
    assert!(corrected <= 6, "{corrected}");
    assert!(naive > corrected);
}

/// Bad input gives errors that name what is wrong, never a panic.
#[test]
fn bad_input_is_refused_with_a_reason() {
    let curves = hand_made(&[0.6, 0.8, 0.9], Measure::Accuracy);
    let err = |r: featrank::Result<Significance>| r.unwrap_err().to_string();
    assert!(err(Significance::of_curves(&curves, Weighting::Uniform, 1.0)).contains("'level'"));
    // no expected curve: the pairs only (none with one ranking), and no verdict
    let sig = Significance::of_curves(&curves, Weighting::Uniform, 0.95).unwrap();
    assert!(sig.tests.is_empty());
    assert!(sig.verdict("r", 0.05).unwrap_err().to_string().contains("expected curve"));
    // curves read back from a table keep no per-split values
    let table = curves.to_polars().unwrap();
    let mut two = hand_made(&[0.6, 0.8, 0.9], Measure::Accuracy);
    let mut other = two.curves.clone();
    other.iter_mut().for_each(|c| c.ranking = "s".into());
    two.curves.extend(other);
    assert_eq!(Significance::of_curves(&two, Weighting::Both, 0.9).unwrap().tests.len(), 1);
    let back = Curves::from_polars(two.to_polars().unwrap(), Measure::Accuracy).unwrap();
    assert!(err(Significance::of_curves(&back, Weighting::Uniform, 0.95)).contains("per-split"));
    assert!(Curves::from_polars(&table, Measure::Accuracy).is_ok());
    assert!(SizeChoices::of_curves(&curves, &[]).unwrap_err().to_string().contains("'rules'"));
    let mut gap = curves.clone();
    gap.curves[0].mean[1] = f64::NAN;
    assert!(SizeChoices::of_curves(&gap, &[SizeRule::Best]).unwrap_err().to_string().contains("'r'"));
    // without per-split values the standard error falls back to the spread over repeats (one repeat: 0)
    let chosen = SizeChoices::of_curves(&back, &[SizeRule::OneStandardError]).unwrap();
    assert_eq!(chosen.get("r", SizeRule::OneStandardError).unwrap().k, 3);
}

/// The best of both: a spliced ranking's FFA curve equals its head's up to the splice point (the same
/// subsets on the same splits), and its curves and ECA come from the same run as any ranking's.
#[test]
fn spliced_ranking_follows_its_head_up_to_the_splice_point() {
    let data = featrank::data::datasets::load("wdbc").unwrap().dataset().unwrap();
    let ig = Filter::new(Criterion::InfoGain).rank(&data, 0).unwrap().with_name("ig");
    let relief = ReliefF::new().rank(&data, 0).unwrap().with_name("relieff");
    let spec = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(0).grid(Grid::Full).seed(3);
    let curves = spec.evaluate(&data, &[ig.clone(), relief.clone()]).unwrap();
    let k =
        curves.splice_point("ig", "relieff").unwrap().or(curves.splice_point("relieff", "ig").unwrap()).unwrap_or(5);
    let spliced = ig.splice(&relief, k).unwrap();
    let all = spec.evaluate(&data, &[ig, relief, spliced.clone()]).unwrap();
    let (head, both) = (all.get("ig", CurveKind::Ffa).unwrap(), all.get(spliced.name(), CurveKind::Ffa).unwrap());
    assert_eq!(head.mean[..k], both.mean[..k], "k = {k}");
    assert!(all.eca(spliced.name(), Baseline::Expected, Weighting::Uniform).is_err()); // no expected curve asked
    assert!(all.eca(spliced.name(), "relieff", Weighting::Uniform).is_ok());
    assert_eq!(spliced.order()[k..].iter().filter(|f| spliced.order()[..k].contains(f)).count(), 0);
}

/// Permutation importance (single features and groups): a feature the fitted model never uses has
/// importance exactly 0 (a decision
/// tree that separates the classes with its first split uses no other feature), a feature it does use has
/// an importance whose interval lies above 0, and the result is seeded.
#[test]
fn permutation_importance_is_zero_for_unused_features() {
    use featrank::rankers::PermutationImportance;
    let mut rng = featrank::seed::rng_for(8, &[]);
    let n = 200;
    let class: Vec<&str> = (0..n).map(|i| if i % 2 == 0 { "a" } else { "b" }).collect();
    let signal: Vec<f64> = (0..n).map(|i| (i % 2) as f64 * 2.0 + rng.r#gen::<f64>()).collect();
    let mut cols = vec![Column::new("signal".into(), signal)];
    for j in 0..5 {
        cols.push(Column::new(format!("noise{j}").into(), (0..n).map(|_| rng.r#gen::<f64>()).collect::<Vec<f64>>()));
    }
    cols.push(Column::new("class".into(), class));
    let data = Dataset::from_polars(DataFrame::new(n, cols).unwrap(), "class").unwrap();
    let p = PermutationImportance::new(DecisionTree::new()).folds(5).repeats(4);
    let imp = p.importances(&data, 2).unwrap();
    println!("{}", imp.to_polars().unwrap());
    assert!(imp.importance[0] > 0.3 && imp.lo[0] > 0.0, "signal: {} [{}, {}]", imp.importance[0], imp.lo[0], imp.hi[0]);
    for j in 1..6 {
        assert_eq!((imp.importance[j], imp.std[j], imp.lo[j], imp.hi[j]), (0.0, 0.0, 0.0, 0.0), "noise{}", j - 1);
    }
    assert_eq!(p.rank(&data, 2).unwrap().order()[0], "signal");
    assert_eq!(imp, p.importances(&data, 2).unwrap());
    // kNN uses every feature: shuffling noise moves its score a little, both ways
    let knn = PermutationImportance::new(Knn::new()).importances(&data, 2).unwrap();
    assert!(knn.importance[0] > 0.3 && knn.importance[1..].iter().all(|v| v.abs() < 0.05), "{:?}", knn.importance);
    // bad input names the parameter
    assert!(p.clone().folds(1).rank(&data, 0).unwrap_err().to_string().contains("'folds'"));
    assert!(p.clone().repeats(0).rank(&data, 0).unwrap_err().to_string().contains("'repeats'"));
    assert!(p.clone().measure(Measure::Rmse).rank(&data, 0).is_err());
    let parsed =
        featrank::rankers::parse("permutation:learner=(tree:min_leaf=2),folds=3,repeats=2,measure=auc").unwrap();
    assert_eq!(featrank::rankers::parse(&parsed.spec().to_string()).unwrap().spec(), parsed.spec());

    // Groups: group g is shuffled by the permutations of index g, so [signal] first and a group of
    // unused features second reproduce the single importances exactly; a group holding the signal and
    // an unused feature (at index 0) has exactly the signal's importance.
    let groups = vec![vec!["signal", "noise3"], vec!["noise0"], vec!["noise1", "noise2", "noise4"]];
    let g = p.group_importances(&data, &groups, 2).unwrap();
    assert_eq!(g.features, ["signal+noise3", "noise0", "noise1+noise2+noise4"]);
    assert_eq!(
        (g.importance[0], g.lo[0], g.per_fold[0].clone()),
        (imp.importance[0], imp.lo[0], imp.per_fold[0].clone())
    );
    assert_eq!((g.importance[1], g.importance[2]), (0.0, 0.0));
    // correlated stand-ins: with a copy of the signal, kNN keeps part of the signal when either copy is
    // shuffled (the other still carries it), and loses far more when both are shuffled together
    let mut cols: Vec<Column> = data.to_polars().unwrap().columns().to_vec();
    cols.insert(1, cols[0].clone().with_name("copy".into()));
    let twin = Dataset::from_polars(DataFrame::new(n, cols).unwrap(), "class").unwrap();
    let knn = PermutationImportance::new(Knn::new()).folds(5).repeats(4);
    let single = knn.importances(&twin, 2).unwrap();
    let both = knn.group_importances(&twin, &[vec!["signal", "copy"]], 2).unwrap();
    println!(
        "kNN with a copy: signal {:.3}, copy {:.3}, both {:.3}",
        single.importance[0], single.importance[1], both.importance[0]
    );
    assert!(
        both.importance[0] > single.importance[0].max(single.importance[1]) + 0.1,
        "the pair carries more than either copy"
    );
    for bad in [vec![vec![]], vec![vec!["signal", "signal"]], vec![vec!["nope"]]] {
        assert!(p
            .group_importances(&data, &bad, 2)
            .unwrap_err()
            .to_string()
            .contains(if bad[0].first() == Some(&"nope") { "nope" } else { "groups" }));
    }
    assert!(p.group_importances::<&str>(&data, &[], 2).is_err());
}

/// Shadow features on `combined` (1000 × 100, 27 relevant: 9 single features and 9 XOR pairs): ReliefF,
/// which sees interactions, confirms most of the 27 and nothing else; information gain, which cannot see
/// XOR partners, confirms the 9 singles and rejects every XOR member (its p-value is 1: real and shadow
/// scores are both 0).
#[test]
fn shadow_features_confirm_the_relevant_features_of_combined() {
    use featrank::data::synth::{Binary, Design, SetKind};
    let s = Binary::new(Design::Combined).generate(1).unwrap();
    let data = Dataset::from_polars(&s.frame, "class").unwrap();
    let relevant = s.truth.relevant();
    let singles: Vec<&str> = s
        .truth
        .sets
        .iter()
        .filter(|set| set.kind == SetKind::Single && set.p > 0.5)
        .flat_map(|set| set.features.iter().map(|f| f.as_str()))
        .collect();
    assert_eq!((relevant.len(), singles.len()), (27, 9));

    let relief = ShadowFeatures::new(ReliefF::new()).rounds(99).test(&data, 1).unwrap();
    let confirmed = relief.confirmed();
    let true_hits = confirmed.iter().filter(|f| relevant.contains(&f.as_str())).count();
    println!("ReliefF: {} confirmed, {true_hits} relevant", confirmed.len());
    assert!(true_hits >= 18, "most of the 27 relevant features confirmed: {true_hits}");
    assert_eq!(true_hits, confirmed.len(), "no irrelevant feature confirmed: {confirmed:?}");
    let noise_rejected = relief.with(Relevance::Rejected).iter().filter(|f| !relevant.contains(&f.as_str())).count();
    assert!(noise_rejected >= 60, "most of the 73 irrelevant features rejected: {noise_rejected}");

    let ig = ShadowFeatures::new(Filter::new(Criterion::InfoGain)).rounds(399).test(&data, 1).unwrap();
    let confirmed = ig.confirmed();
    assert!(
        singles.iter().all(|f| confirmed.iter().any(|c| c == f)),
        "information gain confirms the 9 singles: {confirmed:?}"
    );
    let irrelevant: Vec<&String> = confirmed.iter().filter(|f| !relevant.contains(&f.as_str())).collect();
    // a false discovery among 73 irrelevant features is allowed (FDR 5 %): here f9, p = 1/400
    assert!(irrelevant.len() <= 1, "at most one irrelevant feature confirmed: {irrelevant:?}");
    for f in relevant.iter().filter(|f| !singles.contains(f)) {
        let j = ig.features.iter().position(|x| x == f).unwrap();
        assert_eq!((ig.p_value[j], ig.relevance[j]), (1.0, Relevance::Rejected), "XOR member {f}");
    }
    // the minimum p-value is 1/(R + 1)
    assert!(ig.p_value.iter().all(|&p| p >= 1.0 / 400.0));
}

/// Under the null (features independent of the class) a univariate ranker's shadow p-values are exact
/// permutation p-values: the exceedance counts c are uniform on {0, …, R}. Checked by the Kolmogorov–
/// Smirnov distance to that discrete uniform law over 2,000 null features (Fisher score, 40 datasets).
#[test]
fn shadow_p_values_are_uniform_under_the_null() {
    use featrank::data::synth::Null;
    let rounds = 99;
    let mut counts = Vec::new();
    for seed in 0..40 {
        let d = Null::new().rows(60).features(50).generate(seed).unwrap();
        let data = Dataset::from_polars(&d.frame, "class").unwrap();
        let t = ShadowFeatures::new(Fisher::new()).rounds(rounds).test(&data, seed).unwrap();
        assert!(t.confirmed().is_empty(), "nothing confirmed on null data (seed {seed})");
        counts.extend(t.exceedances.iter().copied());
    }
    let n = counts.len() as f64;
    let mut hist = vec![0usize; rounds + 1];
    counts.iter().for_each(|&c| hist[c] += 1);
    let mut cum = 0.0;
    let mut d: f64 = 0.0;
    for (c, &h) in hist.iter().enumerate() {
        cum += h as f64 / n;
        d = d.max((cum - (c + 1) as f64 / (rounds + 1) as f64).abs());
    }
    // KS critical value at α = 0.01 for n = 2000: 1.63/√n = 0.036 (conservative for a discrete law)
    println!("KS distance {d:.4} over {n} null p-values");
    assert!(d < 1.63 / n.sqrt(), "p-values uniform: D = {d}");
}

/// The false-discovery rate of the confirmed set stays within the level: 100 datasets of 60 rows with
/// 10 features shifted by the class (δ = 1) and 30 pure-noise features; Fisher score with 499 rounds,
/// level 0.05. The mean false-discovery proportion must not exceed 0.05 beyond its sampling error, and
/// most shifted features are found (power).
#[test]
fn shadow_confirmations_keep_the_false_discovery_rate() {
    use rand::SeedableRng;
    use rand_distr::{Distribution, StandardNormal};
    let (rows, signal, noise, runs) = (60, 10, 30, 100);
    let (mut fdp, mut power) = (Vec::new(), Vec::new());
    for run in 0..runs {
        let mut rng = rand::rngs::StdRng::seed_from_u64(run);
        let class: Vec<i32> = (0..rows).map(|i| (i % 2) as i32).collect();
        let mut columns: Vec<Column> = (0..signal + noise)
            .map(|j| {
                let shift = if j < signal { 1.0 } else { 0.0 };
                let x: Vec<f64> = class
                    .iter()
                    .map(|&c| {
                        let z: f64 = StandardNormal.sample(&mut rng);
                        shift * c as f64 + z
                    })
                    .collect();
                Column::new(format!("x{j}").into(), x)
            })
            .collect();
        columns.push(Column::new("class".into(), class));
        let frame = DataFrame::new(rows, columns).unwrap();
        let data = Dataset::from_polars(&frame, "class").unwrap();
        let t = ShadowFeatures::new(Fisher::new()).rounds(499).test(&data, run).unwrap();
        let confirmed = t.confirmed();
        let false_hits = confirmed.iter().filter(|f| f[1..].parse::<usize>().unwrap() >= signal).count();
        fdp.push(if confirmed.is_empty() { 0.0 } else { false_hits as f64 / confirmed.len() as f64 });
        power.push((confirmed.len() - false_hits) as f64 / signal as f64);
    }
    let (fdr, se) = (featrank::math::mean(&fdp), featrank::math::std(&fdp) / (runs as f64).sqrt());
    let power = featrank::math::mean(&power);
    println!("FDR {fdr:.4} (se {se:.4}), power {power:.3}");
    assert!(fdr <= 0.05 + 2.0 * se, "false-discovery rate within the level: {fdr} ± {se}");
    assert!(power > 0.5, "most shifted features confirmed: {power}");
}

/// The shadow table carries the verdict columns, ranks by the score above the shadows, and its spec
/// round-trips; bad parameters are refused by name.
#[test]
fn shadow_table_and_bad_parameters() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let shadows = rankers::parse("shadow:base=(fisher),rounds=49,level=0.1").unwrap();
    assert_eq!(shadows.name(), "fisher-shadow");
    let table = shadows.table(&iris, 3).unwrap();
    let names: Vec<&str> = table.get_column_names().iter().map(|c| c.as_str()).collect();
    assert_eq!(names, ["feature", "score", "rank", "real_score", "shadow_score", "p_value", "q_value", "verdict"]);
    let ranking = shadows.rank(&iris, 3).unwrap();
    let col: Vec<String> =
        table.column("feature").unwrap().str().unwrap().iter().map(|s| s.unwrap().to_string()).collect();
    assert_eq!(ranking.order(), &col[..], "the table is in rank order");
    let verdicts: Vec<String> =
        table.column("verdict").unwrap().str().unwrap().iter().map(|s| s.unwrap().to_string()).collect();
    assert!(verdicts.iter().all(|v| v == "confirmed"), "every iris feature separates the species: {verdicts:?}");
    assert_eq!(shadows.table(&iris, 3).unwrap(), table, "seeded");
    for (spec, key) in [
        ("shadow:base=(fisher),rounds=0", "rounds"),
        ("shadow:base=(fisher),level=1", "level"),
        ("shadow:base=(fisher),level=0", "level"),
        ("shadow:rounds=10", "base"),
    ] {
        let err = rankers::parse(spec).and_then(|r| r.table(&iris, 0)).unwrap_err().to_string();
        assert!(err.contains(key), "{spec}: {err}");
    }
}

/// The stability–accuracy trade-off: its points are the run's own FFA values and Nogueira's φ; the Pareto
/// front holds exactly the undominated rankers; RPT_β is the F-measure of φ and the value, by hand.
#[test]
fn trade_off_front_and_rpt_known_answers() {
    use featrank::compare::stability::FoldStability;
    use featrank::compare::{TradeOff, TradeOffPoint};
    let s = Binary::new(Design::Combined).rows(300).generate(5).unwrap();
    let data = Dataset::from_polars(&s.frame, "class").unwrap();
    let candidates = [
        Candidate::per_fold(ReliefF::new()),
        featrank::eval::Candidate::parse("info-gain").unwrap(),
        featrank::eval::Candidate::parse("fisher").unwrap(),
        featrank::eval::Candidate::parse("forest:trees=10").unwrap(),
    ];
    let curves =
        CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(0).seed(3).evaluate_all(&data, &candidates).unwrap();
    let t = curves.trade_off(10).unwrap();
    assert_eq!(t.points.len(), 4);
    let at = curves.sizes.iter().position(|&k| k == 10).unwrap();
    for p in &t.points {
        let st = FoldStability::compute(curves.fold_rankings(&p.ranking).unwrap(), &[10]).unwrap();
        assert_eq!(p.phi, st.nogueira[0].unwrap().phi, "{}", p.ranking);
        assert_eq!(p.value, curves.get(&p.ranking, CurveKind::Ffa).unwrap().mean[at]);
        let beats = |q: &TradeOffPoint| q.value >= p.value && q.phi >= p.phi && (q.value > p.value || q.phi > p.phi);
        assert_eq!(p.on_front, !t.points.iter().any(beats), "{p:?}");
        // β = 1: the harmonic mean of φ and the accuracy, between the two
        let expect = 2.0 * p.phi * p.value / (p.phi + p.value);
        assert!((p.rpt.unwrap() - expect).abs() < 1e-12 && p.phi > 0.0, "{p:?}");
        assert!(p.rpt.unwrap() >= p.phi.min(p.value) && p.rpt.unwrap() <= p.phi.max(p.value));
    }
    assert!(!t.front().is_empty());
    let best = t.best_rpt().unwrap();
    assert!(t.front().contains(&best), "the best RPT is never dominated");
    // hand-made points: φ = 0.5, P = 0.9 → 2·0.45/1.4; β = 2 → 5·0.45/2.9; φ < 0 counts as 0
    let point = |phi| TradeOffPoint { ranking: "r".into(), value: 0.9, phi, on_front: true, rpt: None };
    let hand = TradeOff {
        k: 1,
        measure: Measure::Accuracy,
        beta: 1.0,
        description: String::new(),
        points: vec![point(0.5), point(-0.1)],
    };
    let one = hand.clone().with_beta(1.0).unwrap();
    assert!((one.points[0].rpt.unwrap() - 0.9 / 1.4).abs() < 1e-12 && one.points[1].rpt == Some(0.0));
    assert!((hand.clone().with_beta(2.0).unwrap().points[0].rpt.unwrap() - 2.25 / 2.9).abs() < 1e-12);
    assert!(hand.with_beta(0.0).is_err());
    // refused by name: a size off the grid, every feature, curves without per-fold rankers
    assert!(curves.trade_off(53).unwrap_err().to_string().contains("grid"));
    assert!(curves.trade_off(data.n_features()).unwrap_err().to_string().contains("every feature"));
    let fixed = CurveSpec::new(Knn::new())
        .folds(3)
        .expected(0)
        .evaluate(&data, &[ReliefF::new().rank(&data, 0).unwrap()])
        .unwrap();
    assert!(TradeOff::of_curves(&fixed, 10).unwrap_err().to_string().contains("per_fold"));
}
