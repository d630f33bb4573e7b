//! The figure of a nested evaluation ([`Nested`]): the choices and the outer values beside the ordinary best.

use super::*;

impl Nested {
    /// What was run, in one line: the grids, the outer and inner resampling, the rule, the measure.
    pub fn description(&self) -> String {
        let splits = self.splits.len() / self.repeats.max(1);
        let outer = crate::report::describe::resampling_words(self.scheme, splits, self.repeats, &self.kept);
        format!(
            "nested: {} × {} · outer {outer} · inner {}-fold · rule {} · {}",
            self.rankers.join(" | "),
            self.learners.join(" | "),
            self.inner_folds,
            self.rule.label(),
            self.measure.label()
        )
    }

    /// Two panels over the outer splits: the subset size each chose (its inner choice), and each split's
    /// outer value with the nested estimate and the ordinary curves' best point (dashed) — the gap between
    /// the two lines is the optimism.
    ///
    /// ```
    /// use featrank::protocol::NestedSpec;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let nested = NestedSpec::new(&["relieff"], "knn:k=5").unwrap().folds(3).inner_folds(3).evaluate(&iris).unwrap();
    /// let svg = nested.plot().unwrap();
    /// assert!(svg.svg().contains("chosen size") && svg.svg().contains("ordinary best"));
    /// ```
    pub fn plot(&self) -> Result<Figure> {
        let j = self.splits.len();
        let x = 0.5..j as f64 + 0.5;
        let xs = |i: usize| (i + 1) as f64;
        let mut k = Series::new("chosen size", PALETTE[0], Vec::new());
        k.marks = self.splits.iter().enumerate().map(|(i, s)| (xs(i), s.k as f64, String::new())).collect();
        let k_max = self.splits.iter().map(|s| s.k).max().unwrap_or(1) as f64;
        let estimate = self.estimate()?;
        let mut outer = Series::new("outer value", PALETTE[0], Vec::new());
        outer.marks = self.splits.iter().enumerate().map(|(i, s)| (xs(i), s.outer, String::new())).collect();
        let flat = |v: f64| vec![(0.5, v), (j as f64 + 0.5, v)];
        let mut nested = Series::new("nested estimate", PALETTE[1], flat(estimate.mean));
        nested.band = vec![(0.5, estimate.lo, estimate.hi), (j as f64 + 0.5, estimate.lo, estimate.hi)];
        nested.note = " with its 95 % interval".into();
        let mut ordinary = Series::new("ordinary best", BLACK, flat(self.ordinary.value));
        ordinary.dashed = true;
        ordinary.note = format!(
            " ({}, {}, k = {}: the best point of the curves, picked after the fact)",
            self.ordinary.ranker, self.ordinary.learner, self.ordinary.k
        );
        let values =
            padded_range(self.splits.iter().map(|s| s.outer).chain([estimate.lo, estimate.hi, self.ordinary.value]))
                .ok_or_else(|| plot_err("nested figure")("no finite outer value".into()))?;
        let lines = [nested, ordinary];
        draw_svg("nested figure", (960, 494), |root| {
            let root = with_title(root, &self.description())?;
            let (left, right) = with_legend(&root, &lines)?.split_horizontally(480);
            let k_axes = Axes { title: "chosen size per outer split", x: "outer split", y: "k" };
            panel(&left, &k_axes, x.clone(), 0.0..k_max * 1.1 + 1.0, std::slice::from_ref(&k))?;
            let v_axes = Axes { title: "outer value per split", x: "outer split", y: self.measure.label() };
            let mut all = vec![outer];
            all.extend(lines.iter().cloned());
            panel(&right, &v_axes, x, values, &all)
        })
    }
}
