//! Figures drawn with plotters into SVG text: FFA/RFA error curves, stability curves, the
//! critical-difference diagram and Performance Index curves.
//!
//! Drawing knows nothing of notebooks: every function returns a [`Figure`] (the SVG text), which
//! [`crate::display`] shows inline and [`Figure::save_svg`] writes for papers and reports.
//!
//! Conventions ([P20] "Interpretation of error curves"): the FFA panel puts the model on the
//! top-k features at x = k; the RFA panel puts the model on the features ranked i..n at x = i, so it is read
//! right to left (x = n is the bottom-1 model, x = 1 the all-features model). Both panels share the y axis.
//! The expected curve of random rankings is drawn grey with its 5–95 % band; a ranking named `GT` (as
//! [`GroundTruth::ranking`](crate::data::synth::GroundTruth::ranking) names it) is drawn black and dashed.

use std::ops::Range;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::compare::CriticalDifference;
use crate::compare::{SizeChoices, Stabilities, StabilityCurve, TradeOff};
use crate::data::GroundTruth;
use crate::error::{Error, Result};
use crate::eval::PiCurve;
use crate::eval::{Curve, CurveKind, Curves, Mode, Nested, Scheme, EXPECTED};

/// An SVG drawing.
///
/// ```
/// use featrank::prelude::*;
/// let a = Ranking::from_order(&["x", "y", "z"]).unwrap();
/// let b = Ranking::from_order(&["z", "y", "x"]).unwrap();
/// let c = featrank::compare::stability::stability_curve(&[a, b], &[1, 2, 3]).unwrap();
/// let fig = c.plot("demo").unwrap();
/// assert!(fig.svg().starts_with("<svg") && fig.svg().contains("Kuncheva"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    svg: String,
}

impl Figure {
    /// A figure of an SVG text drawn before (e.g. kept by a notebook or a pickle).
    pub fn from_svg(svg: String) -> Figure {
        Figure { svg }
    }

    /// The SVG text.
    pub fn svg(&self) -> &str {
        &self.svg
    }

    /// Write the SVG to `path`.
    pub fn save_svg(&self, path: impl AsRef<std::path::Path>) -> Result<()> {
        let path = path.as_ref();
        std::fs::write(path, &self.svg).map_err(|e| Error::io(path, e))
    }
}

/// Categorical colours (Tableau 10), assigned to series in order.
const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];
const GREY: RGBColor = RGBColor(110, 110, 110);

/// One line of a panel, with an optional band around it.
#[derive(Clone)]
struct Series {
    label: String,
    color: RGBColor,
    dashed: bool,
    /// (x, y) points; non-finite y break nothing because they are dropped before drawing.
    points: Vec<(f64, f64)>,
    /// (x, low, high) of a shaded band.
    band: Vec<(f64, f64, f64)>,
    /// (x, y, label) of marked points.
    marks: Vec<(f64, f64, String)>,
    /// Said after the label in the legend only (e.g. how the ranking was made, what the band is).
    note: String,
}

impl Series {
    fn new(label: &str, color: RGBColor, points: Vec<(f64, f64)>) -> Series {
        let points = points.into_iter().filter(|(x, y)| x.is_finite() && y.is_finite()).collect();
        Series {
            label: label.to_string(),
            color,
            dashed: false,
            points,
            band: Vec::new(),
            marks: Vec::new(),
            note: String::new(),
        }
    }
}

/// Axis texts of a panel.
struct Axes<'a> {
    title: &'a str,
    x: &'a str,
    y: &'a str,
}

fn plot_err(what: &str) -> impl Fn(String) -> Error + '_ {
    move |reason| Error::Plot { what: what.to_string(), reason }
}

/// Draw into a fresh `width × height` SVG.
fn draw_svg(
    what: &str,
    (width, height): (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<()>,
) -> Result<Figure> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| plot_err(what)(e.to_string()))?;
        draw(&root)?;
        root.present().map_err(|e| plot_err(what)(e.to_string()))?;
    }
    Ok(Figure { svg })
}

/// The range of all finite values, padded by 5 % (and widened when flat).
fn padded_range(values: impl Iterator<Item = f64>) -> Option<Range<f64>> {
    let (lo, hi) =
        values.filter(|v| v.is_finite()).fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if !lo.is_finite() {
        return None;
    }
    let pad = if hi > lo { (hi - lo) * 0.05 } else { lo.abs().max(1.0) * 0.05 };
    Some(lo - pad..hi + pad)
}

/// One line chart: bands first, then lines.
fn panel(
    area: &DrawingArea<SVGBackend, Shift>,
    axes: &Axes,
    x: Range<f64>,
    y: Range<f64>,
    series: &[Series],
) -> Result<()> {
    let err = plot_err(axes.title);
    let e = |e: DrawingAreaErrorKind<_>| err(e.to_string());
    let integer_x = x.end - x.start > 4.0;
    let mut chart = ChartBuilder::on(area)
        .caption(axes.title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(42)
        .y_label_area_size(56)
        .build_cartesian_2d(x, y)
        .map_err(e)?;
    // integer axes label whole numbers only (a fractional tick would print as a repeated integer)
    let x_tick = |v: &f64| match integer_x {
        true if (v - v.round()).abs() < 1e-9 => format!("{v:.0}"),
        true => String::new(),
        // six decimals at most, so that 0.1 + 0.2 prints as 0.3
        false => format!("{v:.6}").trim_end_matches('0').trim_end_matches('.').to_string(),
    };
    chart
        .configure_mesh()
        .light_line_style(RGBColor(235, 235, 235))
        .x_label_formatter(&x_tick)
        .x_desc(axes.x)
        .y_desc(axes.y)
        .draw()
        .map_err(e)?;
    for s in series.iter().filter(|s| s.band.len() > 1) {
        let mut outline: Vec<(f64, f64)> = s.band.iter().map(|&(x, lo, _)| (x, lo)).collect();
        outline.extend(s.band.iter().rev().map(|&(x, _, hi)| (x, hi)));
        chart.draw_series(std::iter::once(Polygon::new(outline, s.color.mix(0.18)))).map_err(e)?;
    }
    for s in series {
        let style = ShapeStyle::from(s.color).stroke_width(2);
        if s.dashed {
            chart.draw_series(DashedLineSeries::new(s.points.iter().copied(), 6, 4, style)).map_err(e)?;
        } else {
            chart.draw_series(LineSeries::new(s.points.iter().copied(), style)).map_err(e)?;
        }
    }
    // Marks: a dot each, then every label placed where it overlaps no other and stays inside the plot.
    let mut marks = Vec::new();
    for s in series {
        for (x, y, label) in s.marks.iter().filter(|m| m.1.is_finite()) {
            chart.draw_series(std::iter::once(Circle::new((*x, *y), 5, s.color.filled()))).map_err(e)?;
            marks.push((chart.backend_coord(&(*x, *y)), label.as_str(), s.color));
        }
    }
    let (xr, yr) = chart.plotting_area().get_pixel_range();
    let base = area.get_base_pixel();
    let dots: Vec<(i32, i32)> = marks.iter().map(|m| m.0).collect();
    let labels: Vec<&str> = marks.iter().map(|m| m.1).collect();
    for ((_, label, color), (x, y)) in marks.iter().zip(place_labels(&dots, &labels, xr, yr)) {
        let font = TextStyle::from(("sans-serif", 12).into_font()).color(color).pos(Pos::new(HPos::Left, VPos::Top));
        area.draw(&Text::new(label.to_string(), (x - base.0, y - base.1), font)).map_err(e)?;
    }
    Ok(())
}

/// Estimated width in pixels of a 12-pixel sans-serif label.
fn label_width(label: &str) -> i32 {
    7 * label.chars().count() as i32
}

/// Top-left corners for the labels of dots at `dots` (pixels): each takes the first place, right of its
/// dot then left of it, level with it and then stacked one line further up or down at a time, where its
/// box covers no dot and no label placed before and stays inside `xr × yr`; the last resort is right of
/// the dot.
fn place_labels(dots: &[(i32, i32)], labels: &[&str], xr: Range<i32>, yr: Range<i32>) -> Vec<(i32, i32)> {
    const LINE: i32 = 14;
    // x0, y0, x1, y1 of what a label may not cover: every dot, then every label placed
    let mut placed: Vec<(i32, i32, i32, i32)> = dots.iter().map(|&(x, y)| (x - 6, y - 6, x + 6, y + 6)).collect();
    let mut out = Vec::with_capacity(dots.len());
    for (&(x, y), label) in dots.iter().zip(labels) {
        let w = label_width(label);
        let shifts = (0..8).flat_map(|k| if k == 0 { vec![0] } else { vec![-k, k] });
        let candidates = shifts.flat_map(|k| [(x + 8, y - LINE / 2 + k * LINE), (x - 8 - w, y - LINE / 2 + k * LINE)]);
        let fits = |&(cx, cy): &(i32, i32)| {
            let b = (cx, cy, cx + w, cy + LINE);
            b.0 >= xr.start
                && b.2 <= xr.end
                && b.1 >= yr.start
                && b.3 <= yr.end
                && placed.iter().all(|p| b.2 <= p.0 || p.2 <= b.0 || b.3 <= p.1 || p.3 <= b.1)
        };
        let (cx, cy) = candidates.into_iter().find(fits).unwrap_or((x + 8, y - LINE / 2));
        placed.push((cx, cy, cx + w, cy + LINE));
        out.push((cx, cy));
    }
    out
}

/// Split off a strip at the bottom of `root` and draw one legend entry per distinct label there, so the
/// legend never hides a curve; returns the area left for the panels.
fn with_legend<'a>(
    root: &DrawingArea<SVGBackend<'a>, Shift>,
    series: &[Series],
) -> Result<DrawingArea<SVGBackend<'a>, Shift>> {
    let e = |e: DrawingAreaErrorKind<_>| plot_err("legend")(e.to_string());
    let (w, h) = root.dim_in_pixel();
    let mut seen: Vec<&str> = Vec::new();
    let entries: Vec<&Series> = series
        .iter()
        .filter(|s| {
            let new = !seen.contains(&s.label.as_str());
            seen.push(&s.label);
            new
        })
        .collect();
    let texts: Vec<String> = entries.iter().map(|s| format!("{}{}", s.label, s.note)).collect();
    let column = texts.iter().map(|t| 40 + label_width(t)).max().unwrap_or(150).max(150);
    let per_row = ((w as i32 - 40) / column).max(1) as usize;
    let rows = entries.len().div_ceil(per_row) as u32;
    let (plots, strip) = root.split_vertically(h.saturating_sub(22 * rows + 8).max(h / 3));
    let font = TextStyle::from(("sans-serif", 14).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    for (i, s) in entries.iter().enumerate() {
        let (x, y) = (40 + (i % per_row) as i32 * column, 12 + (i / per_row) as i32 * 22);
        let style = ShapeStyle::from(s.color).stroke_width(2);
        if s.dashed {
            for d in 0..3 {
                strip.draw(&PathElement::new(vec![(x + d * 10, y), (x + d * 10 + 6, y)], style)).map_err(e)?;
            }
        } else {
            strip.draw(&PathElement::new(vec![(x, y), (x + 26, y)], style)).map_err(e)?;
        }
        strip.draw(&Text::new(texts[i].clone(), (x + 32, y), font.clone())).map_err(e)?;
    }
    Ok(plots)
}

impl Curves {
    /// FFA and RFA panels side by side with a shared y axis: one line per ranking, the expected curve
    /// with its 5–95 % band, the ground truth (ranking `GT`) dashed black. RFA is drawn as [P20] draws it:
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
        let measure = self.measure.label();
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

impl Stabilities {
    /// The stability curves of every ranker in one figure ([`stability_plot`]).
    pub fn plot(&self) -> Result<Figure> {
        stability_plot(&self.rankers.iter().map(|s| (s.ranking.clone(), s.curve.clone())).collect::<Vec<_>>())
    }
}

/// Split off a line at the top of `root` with `text` (what was run); returns the area below it.
fn with_title<'a>(root: &DrawingArea<SVGBackend<'a>, Shift>, text: &str) -> Result<DrawingArea<SVGBackend<'a>, Shift>> {
    let (top, rest) = root.split_vertically(24);
    let font = TextStyle::from(("sans-serif", 14).into_font()).color(&GREY).pos(Pos::new(HPos::Left, VPos::Center));
    top.draw(&Text::new(text.to_string(), (12, 14), font)).map_err(|e| plot_err("title")(e.to_string()))?;
    Ok(rest)
}

impl Nested {
    /// What was run, in one line: the grids, the outer and inner resampling, the rule, the measure.
    pub fn description(&self) -> String {
        let outer = match self.scheme {
            Scheme::KFold { folds } => format!("{folds}-fold CV × {}", self.repeats),
            Scheme::Holdout { test } => format!("{} holdout splits ({:.0} % test)", self.repeats, 100.0 * test),
            Scheme::Bootstrap => format!("{} bootstrap samples", self.repeats),
        };
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
    /// use featrank::eval::NestedSpec;
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

impl Curves {
    /// What was run, in one line: learner, resampling, measure, e.g.
    /// `knn:k=10 · 10-fold CV × 10 repeats · accuracy`.
    pub fn description(&self) -> String {
        let scheme = match self.scheme {
            Scheme::KFold { folds } => format!("{folds}-fold CV × {} repeats", self.repeats),
            Scheme::Holdout { test } => {
                format!("{} stratified holdout splits ({:.0} % test)", self.repeats, 100.0 * test)
            }
            Scheme::Bootstrap => format!("{} bootstrap samples (out-of-bag test)", self.repeats),
        };
        format!("{} · {scheme} · {}", self.learner, self.measure.label())
    }

    /// The legend's note for the expected curve: what its line and band are.
    fn expected_note(&self) -> String {
        let on = self.expected_repeats.map(|r| format!(", each on {r} repeat(s)")).unwrap_or_default();
        format!(": mean and 5–95 % band of {} random rankings{on}", self.expected_rankings)
    }
}

/// The y range of every point and band of `series`.
fn value_range<'a>(series: impl Iterator<Item = &'a Series>) -> Result<Range<f64>> {
    padded_range(series.flat_map(|s| s.points.iter().map(|p| p.1).chain(s.band.iter().flat_map(|b| [b.1, b.2]))))
        .ok_or_else(|| plot_err("FFA/RFA figure")("no finite curve value to plot".into()))
}

/// The FFA and RFA lines of `curves` (one per ranking, then the expected curve with its band) and the
/// largest subset size. RFA is placed as [P20] draws it: the value at x = i is the model on the features
/// ranked i..n.
fn curve_series(curves: &Curves) -> Result<(usize, Vec<Series>, Vec<Series>)> {
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

impl PiCurve {
    /// The Performance Index over the number of top-ranked features N ([003]).
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

#[cfg(test)]
mod tests {
    use super::{label_width, place_labels};

    /// Labels of crowded dots (three rules at one point, two series at neighbouring sizes, one dot at the
    /// right edge) never overlap each other or a dot, and stay inside the plot.
    #[test]
    fn labels_overlap_nothing_and_stay_inside() {
        let dots = [(100, 100), (104, 102), (108, 100), (112, 98), (395, 100), (200, 15)];
        let labels = ["best, 1se, within:0.01", "knee", "best", "1se", "best", "within:0.01"];
        let (xr, yr) = (50..400, 10..300);
        let at = place_labels(&dots, &labels, xr.clone(), yr.clone());
        let boxes: Vec<(i32, i32, i32, i32)> =
            at.iter().zip(labels).map(|(&(x, y), l)| (x, y, x + label_width(l), y + 14)).collect();
        for (i, a) in boxes.iter().enumerate() {
            assert!(a.0 >= xr.start && a.2 <= xr.end && a.1 >= yr.start && a.3 <= yr.end, "{i}: {a:?}");
            for b in &boxes[i + 1..] {
                assert!(a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1, "{a:?} and {b:?} overlap");
            }
            for &(x, y) in &dots {
                assert!(a.2 <= x - 6 || x + 6 <= a.0 || a.3 <= y - 6 || y + 6 <= a.1, "{a:?} covers the dot {x},{y}");
            }
        }
    }
}
