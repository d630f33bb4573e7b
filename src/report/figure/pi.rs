//! Performance Index curves ([`PiCurve`]).

use super::*;

impl PiCurve {
    /// The Performance Index over the number of top-ranked features N (\[003\]).
    pub fn plot(&self) -> Result<Figure> {
        pi_plot(std::slice::from_ref(self))
    }
}

/// PI curves of several rankings in one panel.
///
/// ```
/// use featrank::eval::{PiCurve, PiPoint};
/// let p = |i, pi| PiPoint { i, rows: 10, accuracy: pi, pi };
/// let a = PiCurve { ranking: "consensus".into(), points: vec![p(1, 0.7), p(2, 0.8)] };
/// let fig = featrank::report::figure::pi_plot(&[a]).unwrap();
/// assert!(fig.svg().contains("consensus") && fig.svg().contains("Performance Index"));
/// ```
pub fn pi_plot(curves: &[PiCurve]) -> Result<Figure> {
    let series: Vec<Series> = curves
        .iter()
        .zip(PALETTE.iter().cycle())
        .map(|(c, color)| Series::new(&c.ranking, *color, c.points.iter().map(|p| (p.i as f64, p.pi)).collect()))
        .collect();
    let y = padded_range(series.iter().flat_map(|s| s.points.iter().map(|p| p.1)))
        .ok_or_else(|| plot_err("Performance Index figure")("no PI point to plot".into()))?;
    let n = curves.iter().flat_map(|c| c.points.iter().map(|p| p.i)).max().unwrap_or(1) as f64;
    draw_svg("PI curve", (640, 440), |root| {
        let axes = Axes { title: "Performance Index", x: "N (top-N features)", y: "PI(N)" };
        panel(&with_legend(root, &series)?, &axes, 0.5..n + 0.5, y, &series)
    })
}
