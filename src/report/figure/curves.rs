//! The FFA/RFA figure of [`Curves`].

use super::*;

impl Curves {
    /// FFA and RFA panels side by side with a shared y axis: one line per ranking, the expected curve
    /// with its 5–95 % band, the ground truth (ranking `GT`) dashed black. RFA is drawn as \[P20\] draws it:
    /// the value at x = i is the model on the features ranked i..n.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let r = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    /// let curves = CurveSpec::new(Knn::new().k(5)).folds(3).repeats(1).expected(5)
    ///     .evaluate(&iris, &[r.with_name("good")]).unwrap();
    /// let svg = curves.plot().unwrap();
    /// assert!(svg.svg().contains("FFA") && svg.svg().contains("RFA") && svg.svg().contains("expected"));
    /// ```
    pub fn plot(&self) -> Result<Figure> {
        let (n, mut ffa, rfa) = curve_series(self)?;
        let y = value_range(ffa.iter().chain(&rfa))?;
        let x = 0.5..n as f64 + 0.5;
        let measure = match self.measure.higher_is_better() {
            true => self.measure.label().to_string(),
            false => format!("{} (lower is better)", self.measure.label()),
        };
        let measure = measure.as_str();
        for s in &mut ffa {
            s.note = match self.get(&s.label, CurveKind::Ffa).map(|c| c.mode) {
                Some(Mode::PerFold) => " (ranked per fold)".into(),
                Some(Mode::Fixed) if self.fold_rankings.is_empty() => String::new(),
                Some(Mode::Fixed) => " (fixed ranking)".into(),
                _ => self.expected_note(),
            };
        }
        draw_svg("curves", (960, 494), |root| {
            let root = with_title(root, &self.description())?;
            let (left, right) = with_legend(&root, &ffa)?.split_horizontally(480);
            let ffa_axes = Axes { title: "FFA", x: "k (model on the top-k features)", y: measure };
            panel(&left, &ffa_axes, x.clone(), y.clone(), &ffa)?;
            let rfa_axes = Axes { title: "RFA", x: "i (model on the features ranked i..n)", y: measure };
            panel(&right, &rfa_axes, x, y, &rfa)
        })
    }
}

impl Curves {
    /// Write [`Curves::plot`] to `path` as SVG.
    pub fn save_svg(&self, path: impl AsRef<std::path::Path>) -> Result<()> {
        self.plot()?.save_svg(path)
    }
}

/// The FFA and RFA lines of `curves` (one per ranking, then the expected curve with its band) and the
/// largest subset size. RFA is placed as \[P20\] draws it: the value at x = i is the model on the features
/// ranked i..n.
pub(super) fn curve_series(curves: &Curves) -> Result<(usize, Vec<Series>, Vec<Series>)> {
    let n = *curves
        .sizes
        .iter()
        .max()
        .ok_or_else(|| plot_err("FFA/RFA figure")("there are no subset sizes to plot".into()))?;
    let position = |kind: CurveKind, size: usize| match kind {
        CurveKind::Rfa => (n + 1 - size) as f64,
        _ => size as f64,
    };
    let line = |kind: CurveKind, curve: &Curve, label: &str, color: RGBColor| {
        let points = curves.sizes.iter().zip(&curve.mean).map(|(&s, &m)| (position(kind, s), m)).collect();
        let mut s = Series::new(label, color, points);
        // the band of random rankings only (a table read back may carry every curve's spread)
        if let (CurveKind::Expected, Some(lo), Some(hi)) = (curve.kind, &curve.lo, &curve.hi) {
            s.band = curves
                .sizes
                .iter()
                .zip(lo.iter().zip(hi))
                .map(|(&size, (&l, &h))| (position(kind, size), l, h))
                .filter(|(_, l, h)| l.is_finite() && h.is_finite())
                .collect();
        }
        s
    };
    let (mut ffa, mut rfa) = (Vec::new(), Vec::new());
    let mut colors = PALETTE.iter().cycle();
    for name in curves.rankings() {
        let truth = name == GroundTruth::NAME;
        let color = if truth { BLACK } else { *colors.next().unwrap_or(&GREY) };
        for (kind, out) in [(CurveKind::Ffa, &mut ffa), (CurveKind::Rfa, &mut rfa)] {
            if let Some(curve) = curves.get(name, kind) {
                let mut s = line(kind, curve, name, color);
                s.dashed = truth;
                out.push(s);
            }
        }
    }
    if let Some(e) = curves.expected() {
        ffa.push(line(CurveKind::Ffa, e, EXPECTED, GREY));
        rfa.push(line(CurveKind::Rfa, e, EXPECTED, GREY));
    }
    Ok((n, ffa, rfa))
}
