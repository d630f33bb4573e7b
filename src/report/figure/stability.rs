//! Stability curves: one ranker's ([`StabilityCurve::plot`]), a run's ([`Stabilities::plot`]), several in one
//! figure ([`stability_plot`]).

use super::*;

impl Stabilities {
    /// The stability curves of every ranker in one figure ([`stability_plot`]).
    pub fn plot(&self) -> Result<Figure> {
        stability_plot(&self.rankers.iter().map(|s| (s.ranking.clone(), s.curve.clone())).collect::<Vec<_>>())
    }
}

impl StabilityCurve {
    /// Two panels over subset size: the top-i Canberra distance relative to random (lower = more stable)
    /// and the Kuncheva index (higher = more stable), one line labelled `name`.
    pub fn plot(&self, name: &str) -> Result<Figure> {
        stability_plot(&[(name.to_string(), self.clone())])
    }
}

/// Stability curves of several rankers in one figure (see [`StabilityCurve::plot`]).
///
/// ```
/// use featrank::prelude::*;
/// let a = Ranking::from_order(&["x", "y", "z", "w"]).unwrap();
/// let b = Ranking::from_order(&["y", "x", "w", "z"]).unwrap();
/// let c = featrank::compare::stability::stability_curve(&[a.clone(), b], &[1, 2, 3, 4]).unwrap();
/// let d = featrank::compare::stability::stability_curve(&[a.clone(), a], &[1, 2, 3, 4]).unwrap();
/// let fig = featrank::report::figure::stability_plot(&[("swapped".into(), c), ("same".into(), d)]).unwrap();
/// assert!(fig.svg().contains("swapped") && fig.svg().contains("same"));
/// ```
pub fn stability_plot(curves: &[(String, StabilityCurve)]) -> Result<Figure> {
    if curves.is_empty() {
        return Err(plot_err("stability figure")("no stability curve to plot".into()));
    }
    let mut canberra = Vec::new();
    let mut kuncheva = Vec::new();
    for ((name, c), color) in curves.iter().zip(PALETTE.iter().cycle()) {
        let xs = c.sizes.iter().map(|&s| s as f64);
        canberra.push(Series::new(name, *color, xs.clone().zip(c.canberra.iter().copied()).collect()));
        let ki = xs.zip(&c.kuncheva).filter_map(|(x, k)| k.map(|k| (x, k))).collect();
        kuncheva.push(Series::new(name, *color, ki));
    }
    let n = curves.iter().flat_map(|(_, c)| c.sizes.iter().copied()).max().unwrap_or(1) as f64;
    let x = 0.5..n + 0.5;
    let yc = padded_range(canberra.iter().flat_map(|s| s.points.iter().map(|p| p.1)).chain([0.0])).unwrap_or(0.0..1.0);
    let yk =
        padded_range(kuncheva.iter().flat_map(|s| s.points.iter().map(|p| p.1)).chain([0.0, 1.0])).unwrap_or(-1.0..1.0);
    draw_svg("stability", (960, 430), |root| {
        let (left, right) = with_legend(root, &canberra)?.split_horizontally(480);
        let ca = Axes { title: "Canberra (top-i) / random", x: "i (top-i features)", y: "distance / random" };
        panel(&left, &ca, x.clone(), yc, &canberra)?;
        let ku = Axes { title: "Kuncheva index (top-i)", x: "i (top-i features)", y: "Kuncheva index" };
        panel(&right, &ku, x, yk, &kuncheva)
    })
}
