//! Draw every figure featrank makes and save them as SVG (for papers and reports):
//! `cargo run --release --example figures -- <output dir>`. The documentation site's concepts chapter
//! (`docs/guide/concepts.md`) shows these files; `docs/build.sh` draws them.

use featrank::compare::stability::stability_curve;
use featrank::prelude::*;

fn main() -> featrank::Result<()> {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "figures".into()));
    std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;

    // FFA/RFA curves on synthetic data with exact ground truth
    let synth = Binary::new(Design::Combined).rows(400).generate(1)?;
    let data = Dataset::from_polars(&synth.frame, "class")?;
    let gt = synth.truth.ranking()?;
    let relief = ReliefF::new().rank(&data, 1)?.with_name("ReliefF");
    let ig = Filter::new(Criterion::InfoGain).rank(&data, 1)?.with_name("IG");
    let curves =
        CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(20).seed(1).evaluate(&data, &[gt, relief, ig])?;
    curves.plot()?.save_svg(dir.join("curves.svg"))?;

    // stability of two rankers over bootstrap samples
    let sizes: Vec<usize> = (1..=data.n_features()).collect();
    let mut stab = Vec::new();
    let plan = CvPlan::new(&data, Scheme::Bootstrap, 10, 2)?;
    for (name, ranker) in [("ReliefF", &ReliefF::new() as &dyn Ranker), ("IG", &Filter::new(Criterion::InfoGain))] {
        let rankings = FoldRankings::compute(&data, &plan, ranker, 2, || ())?.rankings()?;
        stab.push((name.to_string(), stability_curve(&rankings, &sizes)?));
    }
    featrank::report::figure::stability_plot(&stab)?.save_svg(dir.join("stability.svg"))?;

    // critical-difference diagram from a score table (methods × datasets)
    let scores = vec![
        vec![0.20, 0.19, 0.15, 0.13],
        vec![0.11, 0.12, 0.08, 0.05],
        vec![0.31, 0.25, 0.27, 0.20],
        vec![0.05, 0.06, 0.01, 0.02],
        vec![0.14, 0.10, 0.12, 0.09],
    ];
    let f = featrank::compare::stats::friedman(&["ReliefF", "RF", "IG", "SVM-RFE"], &scores)?;
    f.critical_difference(0.05)?.plot()?.save_svg(dir.join("cd.svg"))?;

    // PI curve on data with missing values
    let vote = featrank::data::datasets::load("vote")?.dataset()?;
    let r = ReliefF::new().rank(&vote, 1)?.with_name("ReliefF");
    let pi = PiSpec::new(NaiveBayes::new()).folds(5).max_n(10).seed(1).evaluate(&vote, &r)?;
    pi.plot()?.save_svg(dir.join("pi.svg"))?;
    // honest curves: a ranker run inside each training split against the same ranker's ranking made on all
    // rows, on null data (60 rows × 1,000 features, labels independent of every feature): selection bias
    let null = featrank::data::synth::Null::new().rows(60).features(1000).generate(1)?;
    let null = Dataset::from_polars(&null.frame, "class")?;
    let ig = Filter::new(Criterion::InfoGain);
    let on_all_rows = ig.rank(&null, 1)?.with_name("IG on all rows");
    let bias = CurveSpec::new(Knn::new())
        .folds(5)
        .repeats(2)
        .expected(10)
        .seed(1)
        .evaluate_all(&null, &[Candidate::per_fold(ig).with_name("IG in each split"), on_all_rows.into()])?;
    bias.plot()?.save_svg(dir.join("selection_bias.svg"))?;

    // replicate rows per subject (30 subjects × 4 rows, the class the subject's and independent of the
    // features): folds that put a subject's rows on both sides of a split leak; folds that keep subjects whole
    let rep = featrank::data::synth::Replicates::new().generate(1)?;
    let (grouped, plain) = (rep.dataset()?, Dataset::from_polars(&rep.frame.drop("subject")?, "class")?);
    let fisher = || [Candidate::per_fold(Fisher::new()).with_name("Fisher in each split")];
    let spec = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(10).seed(1);
    spec.evaluate_all(&plain, &fisher())?.plot()?.save_svg(dir.join("groups_divided.svg"))?;
    spec.evaluate_all(&grouped, &fisher())?.plot()?.save_svg(dir.join("groups_kept.svg"))?;

    // rankers run inside the splits: size decisions, stability, the stability/accuracy trade-off
    let honest = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(10).seed(1).evaluate_all(
        &data,
        &[
            Candidate::per_fold(ReliefF::new()).with_name("ReliefF"),
            Candidate::per_fold(Filter::new(Criterion::InfoGain)).with_name("IG"),
        ],
    )?;
    honest.decide()?.plot(&honest)?.save_svg(dir.join("decisions.svg"))?;
    honest.stability()?.plot()?.save_svg(dir.join("honest_stability.svg"))?;
    honest.trade_off(10)?.plot()?.save_svg(dir.join("trade_off.svg"))?;

    // nested evaluation: the choices made inside each outer training split, and their outer values
    let nested = featrank::protocol::NestedSpec::new(&["relieff:k=[5,10]", "info-gain"], "knn:k=[5,10]")?
        .folds(5)
        .inner_folds(3)
        .seed(1)
        .evaluate(&data)?;
    nested.plot()?.save_svg(dir.join("nested.svg"))?;
    println!("figures written to {}", dir.display());
    Ok(())
}
