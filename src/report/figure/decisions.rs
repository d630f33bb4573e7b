//! Figures of the decisions: the stability–accuracy trade-off ([`TradeOff`]) and the subset sizes each rule
//! chooses ([`SizeChoices`]).

use super::curves::curve_series;
use super::*;

impl TradeOff {
    /// Every ranker as a dot (x: Nogueira's φ of its top-k sets, y: its FFA value at k), the Pareto front
    /// joined by a line, the dominated rankers grey; the title says the run, k and the best RPT.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let curves = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(0)
    ///     .evaluate_all(&iris, &[Candidate::per_fold(ReliefF::new()), Candidate::per_fold(Fisher::new())]).unwrap();
    /// let svg = curves.trade_off(2).unwrap().plot().unwrap();
    /// assert!(svg.svg().contains("Pareto front") && svg.svg().contains("relieff"));
    /// ```
    pub fn plot(&self) -> Result<Figure> {
        let mark = |p: &crate::compare::TradeOffPoint| (p.phi, p.value, p.ranking.clone());
        let mut front_points: Vec<(f64, f64)> =
            self.points.iter().filter(|p| p.on_front).map(|p| (p.phi, p.value)).collect();
        front_points.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut front = Series::new("Pareto front", PALETTE[0], front_points);
        front.marks = self.points.iter().filter(|p| p.on_front).map(mark).collect();
        front.note = " (no other ranker is as stable and as good)".into();
        let mut dominated = Series::new("dominated", GREY, Vec::new());
        dominated.marks = self.points.iter().filter(|p| !p.on_front).map(mark).collect();
        dominated.note = " (another ranker is at least as stable and as good)".into();
        let x = padded_range(self.points.iter().map(|p| p.phi).chain([0.0, 1.0]))
            .ok_or_else(|| plot_err("trade-off figure")("no finite φ".into()))?;
        let y = padded_range(self.points.iter().map(|p| p.value))
            .ok_or_else(|| plot_err("trade-off figure")("no finite value".into()))?;
        let best = self.best_rpt().map(|b| format!(" · best RPT (β = {}): {b}", self.beta)).unwrap_or_default();
        let title = format!("{} · k = {}{best}", self.description, self.k);
        let series = [front, dominated];
        draw_svg("trade-off figure", (720, 520), |root| {
            let root = with_title(root, &title)?;
            let area = with_legend(&root, &series)?;
            let axes = Axes {
                title: "stability and accuracy of the top-k sets",
                x: "Nogueira's φ over the training splits",
                y: self.measure.label(),
            };
            panel(&area, &axes, x, y, &series)
        })
    }
}

impl SizeChoices {
    /// The FFA curves of `curves` (the run the choices were made on) with every choice marked: a dot at
    /// (k, value) in its ranking's colour, labelled with the rule.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let r = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    /// let curves = CurveSpec::new(Knn::new()).folds(3).repeats(2).evaluate(&iris, &[r.with_name("good")]).unwrap();
    /// let chosen = SizeChoices::of_curves(&curves, &SizeRule::DEFAULT).unwrap();
    /// assert!(chosen.plot(&curves).unwrap().svg().contains("1se"));
    /// ```
    pub fn plot(&self, curves: &Curves) -> Result<Figure> {
        let (n, mut ffa, _) = curve_series(curves)?;
        for c in &self.choices {
            let s = ffa.iter_mut().find(|s| s.label == c.ranking).ok_or_else(|| {
                plot_err("subset-size figure")(format!(
                    "the curves have no ranking '{}' (choices from another run?)",
                    c.ranking
                ))
            })?;
            // Several rules often pick the same size: one dot, their labels joined.
            match s.marks.iter_mut().find(|m| m.0 == c.k as f64) {
                Some(m) => m.2 = format!("{}, {}", m.2, c.rule.label()),
                None => s.marks.push((c.k as f64, c.value, c.rule.label())),
            }
        }
        let y = value_range(ffa.iter())?;
        let measure = curves.measure.label();
        draw_svg("subset-size figure", (640, 494), |root| {
            let root = with_title(root, &curves.description())?;
            let axes = Axes { title: "FFA with the chosen sizes", x: "k (model on the top-k features)", y: measure };
            panel(&with_legend(&root, &ffa)?, &axes, 0.5..n as f64 + 0.5, y, &ffa)
        })
    }
}
