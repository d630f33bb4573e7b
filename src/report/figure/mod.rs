//! Figures drawn with plotters into SVG text: FFA/RFA error curves, stability curves, the
//! critical-difference diagram and Performance Index curves.
//!
//! Drawing knows nothing of notebooks: every function returns a [`Figure`] (the SVG text), which
//! [`crate::report::display`] shows inline and [`Figure::save_svg`] writes for papers and reports.
//!
//! Conventions (\[P20\] "Interpretation of error curves"): the FFA panel puts the model on the
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
use crate::eval::{Curve, CurveKind, Curves, Mode, EXPECTED};
use crate::protocol::Nested;

mod critical_difference;
mod curves;
mod decisions;
mod nested;
mod pi;
mod stability;

pub use pi::pi_plot;
pub use stability::stability_plot;

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

/// Split off a line at the top of `root` with `text` (what was run); returns the area below it.
fn with_title<'a>(root: &DrawingArea<SVGBackend<'a>, Shift>, text: &str) -> Result<DrawingArea<SVGBackend<'a>, Shift>> {
    let (top, rest) = root.split_vertically(24);
    let font = TextStyle::from(("sans-serif", 14).into_font()).color(&GREY).pos(Pos::new(HPos::Left, VPos::Center));
    top.draw(&Text::new(text.to_string(), (12, 14), font)).map_err(|e| plot_err("title")(e.to_string()))?;
    Ok(rest)
}

/// The y range of every point and band of `series`.
fn value_range<'a>(series: impl Iterator<Item = &'a Series>) -> Result<Range<f64>> {
    padded_range(series.flat_map(|s| s.points.iter().map(|p| p.1).chain(s.band.iter().flat_map(|b| [b.1, b.2]))))
        .ok_or_else(|| plot_err("FFA/RFA figure")("no finite curve value to plot".into()))
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
