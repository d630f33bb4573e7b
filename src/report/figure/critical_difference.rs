//! The critical-difference diagram of a Friedman/Nemenyi comparison ([`CriticalDifference`]).

use super::*;

impl CriticalDifference {
    /// Demšar's critical-difference diagram: the average-rank axis (1 = best, on the left), each method
    /// hanging from its rank, the CD interval, and a thick bar joining methods whose ranks differ by less
    /// than CD.
    ///
    /// ```
    /// let f = featrank::compare::stats::friedman(&["a", "b", "c"], &[vec![3.0, 2.0, 1.0], vec![3.0, 1.0, 2.0]]).unwrap();
    /// let svg = f.critical_difference(0.05).unwrap().plot().unwrap();
    /// assert!(svg.svg().contains("CD ="));
    /// ```
    pub fn plot(&self) -> Result<Figure> {
        let k = self.methods.len();
        if k < 2 || self.average_ranks.len() != k || self.average_ranks.iter().any(|r| !r.is_finite()) {
            return Err(Error::param(
                "average_ranks",
                format!("{} finite average ranks needed for {k} methods (at least 2)", k.max(2)),
            ));
        }
        if !(self.cd.is_finite() && self.cd >= 0.0) {
            return Err(Error::param("cd", format!("must be a finite non-negative number, got {}", self.cd)));
        }
        let order = self.order();
        let groups = self.groups();
        let half = k.div_ceil(2);
        let rows = half.max(k - half);
        let (width, top, step) = (720i32, 70i32, 26i32);
        let height = (top + 30 + groups.len() as i32 * 8 + rows as i32 * step + 20) as u32;
        let (x0, x1) = (170.0, width as f64 - 170.0);
        let xr = |r: f64| (x0 + (r - 1.0) / (k as f64 - 1.0).max(1.0) * (x1 - x0)).round() as i32;
        draw_svg("critical-difference diagram", (width as u32, height), |root| {
            let e = |e: DrawingAreaErrorKind<_>| plot_err("critical-difference diagram")(e.to_string());
            let font = TextStyle::from(("sans-serif", 14).into_font());
            let anchored = |h| font.pos(Pos::new(h, VPos::Center));
            let axis_y = top;
            root.draw(&PathElement::new(vec![(xr(1.0), axis_y), (xr(k as f64), axis_y)], BLACK)).map_err(e)?;
            for r in 1..=k {
                let x = xr(r as f64);
                root.draw(&PathElement::new(vec![(x, axis_y - 6), (x, axis_y)], BLACK)).map_err(e)?;
                root.draw(&Text::new(r.to_string(), (x, axis_y - 16), anchored(HPos::Center))).map_err(e)?;
            }
            // the CD interval, above the axis on the left
            let cd_y = 18;
            let (a, b) = (xr(1.0), xr(1.0 + self.cd));
            root.draw(&PathElement::new(vec![(a, cd_y), (b, cd_y)], BLACK.stroke_width(2))).map_err(e)?;
            for x in [a, b] {
                root.draw(&PathElement::new(vec![(x, cd_y - 5), (x, cd_y + 5)], BLACK)).map_err(e)?;
            }
            let label = format!("CD = {:.3} (α = {}, N = {})", self.cd, self.alpha, self.datasets);
            root.draw(&Text::new(label, (b + 8, cd_y), anchored(HPos::Left))).map_err(e)?;
            // groups of methods not significantly different
            for (g, &(lo, hi)) in groups.iter().enumerate() {
                let y = axis_y + 12 + g as i32 * 8;
                let (ra, rb) = (self.average_ranks[order[lo]], self.average_ranks[order[hi]]);
                root.draw(&PathElement::new(vec![(xr(ra) - 3, y), (xr(rb) + 3, y)], BLACK.stroke_width(4)))
                    .map_err(e)?;
            }
            // methods: best half to the left, the rest to the right
            let label_top = axis_y + 24 + groups.len() as i32 * 8;
            for (p, &m) in order.iter().enumerate() {
                let (left, row) = if p < half { (true, p) } else { (false, k - 1 - p) };
                let y = label_top + row as i32 * step;
                let x = xr(self.average_ranks[m]);
                let end = if left { x0 as i32 - 10 } else { x1 as i32 + 10 };
                root.draw(&PathElement::new(vec![(x, axis_y), (x, y), (end, y)], BLACK)).map_err(e)?;
                let text = format!("{} ({:.2})", self.methods[m], self.average_ranks[m]);
                let (tx, h) = if left { (end - 6, HPos::Right) } else { (end + 6, HPos::Left) };
                root.draw(&Text::new(text, (tx, y), anchored(h))).map_err(e)?;
            }
            Ok(())
        })
    }
}
