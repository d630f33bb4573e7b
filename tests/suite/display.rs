//! Rendering of figures and tables, checked on the SVG/HTML text: the elements and labels are there,
//! every coordinate is a number, and the RFA panel is drawn right to left ([P20], digest §1.3).

use featrank::compare::stability::stability_curve;
use featrank::compare::stats::friedman;
use featrank::prelude::*;

fn iris_curves() -> Curves {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let good = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    let bad = Ranking::from_order(&["sepalwidth", "sepallength", "petallength", "petalwidth"]).unwrap();
    CurveSpec::new(Knn::new().k(5))
        .folds(5)
        .repeats(2)
        .expected(20)
        .seed(3)
        .evaluate(&iris, &[good.with_name("GT"), bad.with_name("reversed")])
        .unwrap()
}

/// Every number inside the attributes that carry coordinates parses as a finite f64.
fn assert_finite_coordinates(svg: &str) {
    for attr in
        ["points=\"", " x=\"", " y=\"", " x1=\"", " y1=\"", " x2=\"", " y2=\"", " d=\"", " width=\"", " height=\""]
    {
        for part in svg.split(attr).skip(1) {
            let value = &part[..part.find('"').unwrap()];
            for tok in value.split(|c: char| c == ' ' || c == ',' || c.is_ascii_alphabetic()).filter(|t| !t.is_empty())
            {
                let v: f64 = tok.parse().unwrap_or_else(|_| panic!("attribute {attr}{value}: '{tok}' is not a number"));
                assert!(v.is_finite(), "non-finite coordinate in {attr}{value}");
            }
        }
    }
    assert!(!svg.contains("NaN") && !svg.contains("inf"), "NaN/inf in the SVG");
}

/// The data lines of the SVG (polylines of stroke width 2; axes and ticks are width 1), as (x, y) lists.
fn polylines(svg: &str) -> Vec<Vec<(f64, f64)>> {
    svg.split("<polyline")
        .skip(1)
        .filter(|p| p[..p.find("points").unwrap()].contains("stroke-width=\"2\""))
        .map(|p| {
            let s = &p[p.find("points=\"").unwrap() + 8..];
            s[..s.find('"').unwrap()]
                .split_whitespace()
                .map(|xy| {
                    let (x, y) = xy.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

#[test]
fn curves_plot_has_both_panels_labels_legend_band_and_finite_coordinates() {
    let curves = iris_curves();
    let svg = curves.plot().unwrap().svg().to_string();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    for label in ["FFA", "RFA", "accuracy", "top-k features", "ranked i..n", "reversed", "expected", "GT"] {
        assert!(svg.contains(label), "label '{label}' missing");
    }
    assert!(svg.contains("<polygon"), "the expected curve's band is missing");
    // FFA + RFA of `reversed` and `expected`; the GT lines are dashed (many short segments)
    assert!(polylines(&svg).len() >= 4);
    assert_finite_coordinates(&svg);
}

#[test]
fn rfa_panel_is_read_right_to_left() {
    // the RFA line's leftmost point is the all-features model,
    // the same value as FFA's rightmost point (FFA(n) = RFA(n)), so both sit at the same height.
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let r = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    let curves = CurveSpec::new(Knn::new().k(5)).folds(5).repeats(1).evaluate(&iris, &[r.with_name("r")]).unwrap();
    let svg = curves.plot().unwrap().svg().to_string();
    // per panel: the ranking first, then the expected curve (legend entries have two points)
    let mut lines: Vec<_> = polylines(&svg).into_iter().filter(|l| l.len() > 2).collect();
    assert_eq!(lines.len(), 4, "FFA and RFA of the ranking and of the expected curve: {lines:?}");
    lines.iter_mut().for_each(|l| l.sort_by(|a, b| a.0.total_cmp(&b.0)));
    let (ffa, rfa) = (&lines[0], &lines[2]);
    assert!(rfa[0].0 > ffa[3].0, "the RFA panel is the right one");
    assert!((ffa[3].1 - rfa[0].1).abs() < 0.5, "FFA at k = n and RFA at i = 1 are the same model");
    // RFA at x = n is the bottom-1 model (sepal width alone): lower accuracy = larger SVG y than at x = 1
    assert!(rfa[3].1 > rfa[0].1);
}

#[test]
fn comparison_html_holds_plot_tables_and_stability() {
    let curves = iris_curves();
    let a = Ranking::from_order(&["x", "y", "z", "w"]).unwrap();
    let b = Ranking::from_order(&["y", "x", "w", "z"]).unwrap();
    let st = stability_curve(&[a, b], &[1, 2, 3, 4]).unwrap();
    let cmp = Comparison::new(curves).unwrap().with_stability("GT", st);
    let html = cmp.to_html().unwrap();
    assert_eq!(html.matches("<svg").count(), 2);
    assert!(html.contains("ECA against the expected curve") && html.contains("pairwise ECA"));
    assert!(html.contains("Kuncheva"));
    // the pairwise matrix is antisymmetric
    let m = cmp.eca_matrix(Weighting::Uniform).unwrap();
    let gt_vs_rev = m.column("reversed").unwrap().f64().unwrap().get(0).unwrap();
    let rev_vs_gt = m.column("GT").unwrap().f64().unwrap().get(1).unwrap();
    assert!(gt_vs_rev > 0.0 && (gt_vs_rev + rev_vs_gt).abs() < 1e-12);
    assert_eq!(cmp.versus_expected().unwrap().shape(), (2, 5));
}

#[test]
fn stability_plot_skips_undefined_kuncheva_points() {
    let a = Ranking::from_order(&["x", "y", "z"]).unwrap();
    let b = Ranking::from_order(&["z", "x", "y"]).unwrap();
    let c = stability_curve(&[a, b], &[1, 2, 3]).unwrap();
    assert_eq!(c.kuncheva[2], None);
    let svg = c.plot("demo").unwrap().svg().to_string();
    let lines = polylines(&svg);
    assert!(lines.iter().any(|l| l.len() == 3) && lines.iter().any(|l| l.len() == 2));
    assert_finite_coordinates(&svg);
}

#[test]
fn critical_difference_diagram_names_every_method_and_joins_close_ones() {
    // ranks: a ≈ 1, b ≈ 2, c ≈ 3 over 12 datasets; CD(3, 12) ≈ 0.957, so a–b–c are all apart... except
    // where b and c swap, which brings them within CD
    let mut scores = Vec::new();
    for d in 0..12 {
        scores.push(if d % 2 == 0 { vec![3.0, 2.0, 1.0] } else { vec![3.0, 1.0, 2.0] });
    }
    let f = friedman(&["alpha", "beta", "gamma"], &scores).unwrap();
    let cd = f.critical_difference(0.05).unwrap();
    assert_eq!(cd.groups(), vec![(1, 2)]);
    assert_eq!(cd.significant_pairs(), vec![("alpha", "beta"), ("alpha", "gamma")]);
    let svg = cd.plot().unwrap().svg().to_string();
    for label in ["alpha (1.00)", "beta (2.50)", "gamma (2.50)", "CD = "] {
        assert!(svg.contains(label), "{label} missing");
    }
    assert_finite_coordinates(&svg);
    assert!(f.to_html().unwrap().contains("alpha"));
}

#[test]
fn pi_curve_plot_and_tables() {
    let vote = featrank::data::datasets::load("vote").unwrap().dataset().unwrap();
    let r = Ranking::from_order(vote.feature_names()).unwrap().with_name("column order");
    let pi = PiSpec::new(NaiveBayes::new()).folds(5).max_n(4).seed(1).evaluate(&vote, &r).unwrap();
    assert_eq!(pi.ranking, "column order");
    let svg = pi.plot().unwrap().svg().to_string();
    assert!(svg.contains("PI(N)") && svg.contains("column order"));
    assert_finite_coordinates(&svg);
    let html = vote.summary().to_html();
    assert!(html.contains("missing cells") && html.contains("democrat"));
}

#[test]
fn long_rankings_show_top_and_bottom_only() {
    let names: Vec<String> = (0..100).map(|i| format!("g{i}")).collect();
    let scores: Vec<f64> = (0..100).map(|i| i as f64).collect();
    let html = Ranking::from_scores(&names, &scores).unwrap().to_html().unwrap();
    assert!(html.contains(">g99<") && html.contains(">g0<") && !html.contains(">g50<"));
    let t = Table::new(Ranking::from_scores(&names, &scores).unwrap().to_polars().unwrap()).max_rows(10);
    assert!(t.to_html().contains("90 more rows"));
}

#[test]
fn save_svg_writes_the_figure() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("curves.svg");
    let fig = iris_curves().plot().unwrap();
    fig.save_svg(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), fig.svg());
    assert!(fig.save_svg(dir.path().join("no/such/dir.svg")).unwrap_err().to_string().contains("dir.svg"));
}

#[test]
fn hand_built_results_give_errors_or_figures_not_panics() {
    use featrank::compare::stats::CriticalDifference;
    let bad = CriticalDifference {
        methods: vec!["a".into(), "b".into()],
        average_ranks: vec![1.0],
        datasets: 3,
        alpha: 0.05,
        cd: 1.0,
    };
    assert!(bad.plot().unwrap_err().to_string().contains("average_ranks"));
    let nan = CriticalDifference { average_ranks: vec![1.0, f64::NAN], ..bad.clone() };
    assert!(nan.plot().is_err());
    let long = CriticalDifference { average_ranks: vec![1.0, 2.0, 3.0], ..bad };
    assert!(long.significant_pairs().len() <= 1);
    // 150 rankings: the legend strip cannot take the whole figure; sizes out of order; a short band
    let mut curves = iris_curves();
    let template: Vec<Curve> = curves.curves.clone();
    for i in 0..150 {
        for c in template.iter().filter(|c| c.kind != CurveKind::Expected) {
            curves.curves.push(Curve { ranking: format!("{}{i}", c.ranking), ..c.clone() });
        }
    }
    assert_finite_coordinates(curves.plot().unwrap().svg());
    curves.sizes.reverse();
    if let Some(e) = curves.curves.iter_mut().find(|c| c.kind == CurveKind::Expected) {
        e.lo.as_mut().unwrap().truncate(1);
    }
    assert_finite_coordinates(curves.plot().unwrap().svg());
}
