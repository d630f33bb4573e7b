//! Inline display in Jupyter notebooks run by the evcxr kernel.
//!
//! When a cell's last expression has an inherent `evcxr_display` method, evcxr calls it; the method prints
//! `EVCXR_BEGIN_CONTENT <mime>`, the content and `EVCXR_END_CONTENT` to stdout. Figures show as
//! `image/svg+xml`, tables as `text/html`. Each `evcxr_display` is a thin edge over a `*_html` or `plot`
//! method that returns the text, so rendering is testable without a kernel.
//!
//! Every table featrank returns is a [`Frame`], which shows itself as HTML. Polars' own `DataFrame` has
//! no `evcxr_display` (and a trait on a foreign type would need an import in every cell), so wrap it:
//! `Table::new(df)` (with a caption, a row limit) or `Frame::from(df)`.

use polars::prelude::{AnyValue, Column, DataFrame};

use crate::compare::Comparison;
use crate::compare::{CriticalDifference, Friedman, Significance, SizeChoices};
use crate::compare::{Stabilities, StabilityCurve, TradeOff};
use crate::data::synth::GroundTruth;
use crate::data::Ranking;
use crate::data::{AsDataFrame, Dataset, Frame, Summary, Task};
use crate::error::{Error, Result};
use crate::eval::Curves;
use crate::eval::{PiCurve, Weighting};
use crate::protocol::Nested;
use crate::rankers::{Importances, Relevance, ShadowTest};
use crate::report::Figure;

/// Print one evcxr content block.
fn emit(mime: &str, content: &str) {
    println!("EVCXR_BEGIN_CONTENT {mime}\n{content}\nEVCXR_END_CONTENT");
}

/// Print `html`, or the error as text so a failing render never loses the cell.
fn emit_html(html: Result<String>) {
    match html {
        Ok(h) => emit("text/html", &h),
        Err(e) => emit("text/plain", &format!("cannot display: {}", e.message())),
    }
}

/// Show `fig`, or the error as text.
fn emit_figure(fig: Result<Figure>) {
    match fig {
        Ok(f) => f.evcxr_display(),
        Err(e) => emit("text/plain", &format!("cannot display: {}", e.message())),
    }
}

/// Escape text for HTML element content and attribute values.
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A float as a table shows it: four decimals, or scientific notation when very large or small.
fn number(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v == 0.0 || (1e-3..1e6).contains(&v.abs()) {
        format!("{v:.4}")
    } else if v.is_infinite() {
        if v > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{v:.3e}")
    }
}

fn cell(v: &AnyValue) -> String {
    match v {
        AnyValue::Null => String::new(),
        AnyValue::Float64(x) => number(*x),
        AnyValue::Float32(x) => number(*x as f64),
        AnyValue::String(s) => escape_html(s),
        AnyValue::StringOwned(s) => escape_html(s),
        other => escape_html(&other.to_string()),
    }
}

const STYLE: &str = "border-collapse:collapse;font-family:sans-serif;font-size:13px";
const CELL: &str = "padding:2px 8px;border-bottom:1px solid #ddd";

/// Rows beyond which a [`Table`] scrolls in a box.
const SCROLL_ROWS: usize = 25;

/// Any Polars `DataFrame` shown as an HTML table: up to `max_rows` rows (2,000 by default), in a box that
/// scrolls once the table is longer than about 25 rows, so no ranking of a long table is cut off.
///
/// ```
/// use featrank::prelude::*;
/// let t = Table::new(df!("feature" => ["a<b", "c"], "score" => [0.5, f64::NAN]).unwrap());
/// let html = t.to_html();
/// assert!(html.contains("<th") && html.contains("a&lt;b") && html.contains("0.5000") && html.contains("NaN"));
/// // a notebook keeps its variable: borrow it
/// let iris = featrank::data::datasets::load("iris").unwrap().frame;
/// let shown = Table::new(&iris).caption("iris");
/// assert_eq!(iris.height(), 150);
/// ```
#[derive(Debug, Clone)]
pub struct Table {
    frame: DataFrame,
    caption: Option<String>,
    max_rows: usize,
}

impl Table {
    /// Show `frame`: a [`Frame`] or a Polars `DataFrame`, owned or borrowed (`Table::new(&t)` keeps `t`;
    /// the columns are shared, not copied).
    pub fn new(frame: impl AsDataFrame) -> Table {
        Table { frame: frame.as_data_frame().clone(), caption: None, max_rows: 2000 }
    }

    /// A table of numbers with named rows and columns, e.g. scores of methods (columns) on datasets (rows):
    /// the first column, `row_header`, holds `rows`; `values[r][c]` is row r, column c.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let t = Table::matrix("dataset", &["iris", "vote"], &["IG", "RF"], &[vec![0.1, 0.2], vec![0.3, 0.4]]).unwrap();
    /// assert_eq!(t.frame().shape(), (2, 3));
    /// assert!(Table::matrix("dataset", &["iris"], &["IG", "RF"], &[vec![0.1]]).is_err());
    /// ```
    pub fn matrix<R: AsRef<str>, C: AsRef<str>>(
        row_header: &str,
        rows: &[R],
        columns: &[C],
        values: &[Vec<f64>],
    ) -> Result<Table> {
        if values.len() != rows.len() {
            return Err(Error::param(
                "values",
                format!("{} rows of values for {} row names", values.len(), rows.len()),
            ));
        }
        if let Some(r) = values.iter().position(|v| v.len() != columns.len()) {
            return Err(Error::param(
                "values",
                format!("row '{}' has {} values for {} columns", rows[r].as_ref(), values[r].len(), columns.len()),
            ));
        }
        let names: Vec<&str> = rows.iter().map(|r| r.as_ref()).collect();
        let mut cols = vec![Column::new(row_header.into(), names)];
        for (c, name) in columns.iter().enumerate() {
            cols.push(Column::new(name.as_ref().into(), values.iter().map(|v| v[c]).collect::<Vec<f64>>()));
        }
        Ok(Table::new(DataFrame::new(rows.len(), cols)?))
    }

    /// A caption above the table.
    pub fn caption(mut self, text: impl Into<String>) -> Table {
        self.caption = Some(text.into());
        self
    }

    /// Show at most `n` rows (a last row says how many were left out).
    pub fn max_rows(mut self, n: usize) -> Table {
        self.max_rows = n;
        self
    }

    /// The wrapped frame.
    pub fn frame(&self) -> &DataFrame {
        &self.frame
    }

    /// The HTML `<table>`.
    pub fn to_html(&self) -> String {
        let df = &self.frame;
        let mut h = format!("<table style=\"{STYLE}\">");
        if let Some(c) = &self.caption {
            h += &format!("<caption style=\"text-align:left;font-weight:bold\">{}</caption>", escape_html(c));
        }
        h += "<thead><tr>";
        for name in df.get_column_names() {
            h += &format!("<th style=\"{CELL};text-align:left\">{}</th>", escape_html(name));
        }
        h += "</tr></thead><tbody>";
        let shown = df.height().min(self.max_rows);
        for r in 0..shown {
            h += "<tr>";
            for col in df.columns() {
                let v = col.get(r).map(|v| cell(&v)).unwrap_or_default();
                h += &format!("<td style=\"{CELL}\">{v}</td>");
            }
            h += "</tr>";
        }
        if shown < df.height() {
            h += &format!(
                "<tr><td style=\"{CELL};color:#777\" colspan=\"{}\">… {} more rows</td></tr>",
                df.width().max(1),
                df.height() - shown
            );
        }
        h += "</tbody></table>";
        if shown > SCROLL_ROWS {
            // a long table scrolls in its own box (the header stays on top), instead of being cut
            let sticky = h.replace("<th style=\"", "<th style=\"position:sticky;top:0;background:white;");
            h = format!("<div style=\"max-height:36em;overflow:auto\">{sticky}</div>");
        }
        h
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit("text/html", &self.to_html());
    }
}

impl Frame {
    /// An HTML table (as [`Table`] shows it: long tables scroll; see it for a caption or a row limit).
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let f = Frame::from(df!("feature" => ["a", "b"], "score" => [0.5, 0.25]).unwrap());
    /// assert!(f.to_html().contains("<td style=\"padding:2px 8px;border-bottom:1px solid #ddd\">0.2500</td>"));
    /// ```
    pub fn to_html(&self) -> String {
        Table::new(self.clone()).to_html()
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit("text/html", &self.to_html());
    }
}

impl Figure {
    /// Show inline in a notebook (as `image/svg+xml`).
    pub fn evcxr_display(&self) {
        emit("image/svg+xml", self.svg());
    }
}

/// A figure embedded in HTML, next to tables.
fn inline(fig: &Figure) -> String {
    format!("<div>{}</div>", fig.svg())
}

impl Summary {
    /// Shape, classes, missing values and constant features as HTML.
    pub fn to_html(&self) -> String {
        let mut rows = vec![
            ("rows".to_string(), self.rows.to_string()),
            ("features".into(), format!("{} ({} numeric, {} nominal)", self.features, self.numeric, self.nominal)),
        ];
        let task = match self.task {
            Task::Classification => format!("classification, {} classes", self.classes.len()),
            other => other.words().into(),
        };
        rows.push(("target".into(), format!("{} ({task})", self.target)));
        if !self.classes.is_empty() {
            let c: Vec<String> = self.classes.iter().map(|(c, n)| format!("{c}: {n}")).collect();
            rows.push(("class sizes".into(), c.join(", ")));
        }
        for t in &self.targets {
            let c: Vec<String> = t.classes.iter().map(|(c, n)| format!("{c}: {n}")).collect();
            rows.push((t.name.clone(), if c.is_empty() { "numeric".into() } else { c.join(", ") }));
        }
        if let Some(l) = &self.label_sets {
            rows.push((
                "label sets".into(),
                format!(
                    "cardinality {:.3}, density {:.3}, {} distinct, {} rows without a label",
                    l.cardinality, l.density, l.distinct, l.empty
                ),
            ));
        }
        if let (Some(d), Some(n)) = (self.density, self.stored) {
            rows.push((
                "sparse".into(),
                format!("{n} non-zero cells, density {}", crate::data::dataset::density_words(d)),
            ));
        }
        rows.push(("missing cells".into(), self.missing_cells.to_string()));
        if !self.missing.is_empty() {
            let m: Vec<String> = self.missing.iter().map(|(c, n)| format!("{c}: {n}")).collect();
            rows.push(("missing by feature".into(), m.join(", ")));
        }
        if !self.constant.is_empty() {
            let shown = self.constant.iter().take(10).cloned().collect::<Vec<_>>().join(", ");
            let text =
                if self.constant.len() > 10 { format!("{}, e.g. {shown}, …", self.constant.len()) } else { shown };
            rows.push(("constant features".into(), text));
        }
        if !self.text.is_empty() {
            rows.push(("text columns read as nominal features".into(), crate::data::dataset::text_list(&self.text)));
        }
        let mut h = format!("<table style=\"{STYLE}\"><tbody>");
        for (k, v) in rows {
            h += &format!(
                "<tr><th style=\"{CELL};text-align:left\">{}</th><td style=\"{CELL}\">{}</td></tr>",
                escape_html(&k),
                escape_html(&v)
            );
        }
        h + "</tbody></table>"
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit("text/html", &self.to_html());
    }
}

impl Dataset {
    /// Show the [`Summary`] inline in a notebook.
    pub fn evcxr_display(&self) {
        self.summary().evcxr_display();
    }
}

impl Ranking {
    /// `rank, feature, score` as HTML: the top 20 and the bottom 5 when the ranking is longer than 30.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let r = Ranking::from_scores(&["a", "b"], &[0.1, 0.9]).unwrap().with_name("demo");
    /// let html = r.to_html().unwrap();
    /// assert!(html.contains("demo") && html.find(">b<").unwrap() < html.find(">a<").unwrap());
    /// ```
    pub fn to_html(&self) -> Result<String> {
        let df = self.to_polars()?;
        let n = df.height();
        let caption = format!("ranking '{}' ({n} features)", self.name());
        if n <= 30 {
            return Ok(Table::new(df).caption(caption).to_html());
        }
        let top = Table::new(df.head(Some(20))).caption(caption).to_html();
        let bottom = Table::new(df.tail(Some(5))).caption(format!("… bottom 5 of {n}")).to_html();
        Ok(top + &bottom)
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_html(self.to_html());
    }
}

impl GroundTruth {
    /// Show the relevant features with their relevance inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_html(self.to_polars().map(|df| {
            let relevant = self.relevant().len();
            let caption = format!("ground truth: {relevant} relevant of {} features", self.features.len());
            Table::new(df).caption(caption).max_rows(relevant.max(1) + 3).to_html()
        }));
    }
}

impl Curves {
    /// Show the FFA/RFA plot inline in a notebook ([`Curves::plot`]).
    pub fn evcxr_display(&self) {
        emit_figure(self.plot());
    }
}

impl StabilityCurve {
    /// Show the stability plot inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_figure(self.plot("ranking"));
    }
}

impl PiCurve {
    /// Show the PI curve inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_figure(self.plot());
    }
}

impl CriticalDifference {
    /// Show the critical-difference diagram inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_figure(self.plot());
    }
}

impl Friedman {
    /// Average ranks and both test statistics as HTML.
    ///
    /// ```
    /// let f = featrank::compare::stats::friedman(&["a", "b"], &[vec![0.9, 0.8], vec![0.7, 0.6]]).unwrap();
    /// assert!(f.to_html().unwrap().contains("Iman"));
    /// ```
    pub fn to_html(&self) -> Result<String> {
        let df = self.to_polars()?;
        let caption = format!(
            "Friedman over {} datasets: χ²_F = {} (p = {}), Iman–Davenport F_F = {} (p = {})",
            self.datasets,
            number(self.chi2),
            number(self.chi2_p),
            number(self.iman_davenport),
            number(self.iman_davenport_p)
        );
        Ok(Table::new(df).caption(caption).to_html())
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_html(self.to_html());
    }
}

impl Comparison {
    /// The curves plot, the ECA of every ranking against the expected curve (four weightings), the
    /// pairwise ECA matrix (uniform weights) and, when attached, the stability plot — as one HTML block.
    pub fn to_html(&self) -> Result<String> {
        let mut h = inline(&self.curves.plot()?);
        if self.curves.expected().is_some() {
            h += &Table::new(self.versus_expected()?).caption("ECA against the expected curve").to_html();
        }
        if self.curves.rankings().len() > 1 {
            let caption = "pairwise ECA (row against column, uniform weights; positive = row better)";
            h += &Table::new(self.eca_matrix(Weighting::Uniform)?).caption(caption).to_html();
        }
        if !self.stability.is_empty() {
            h += &inline(&crate::report::figure::stability_plot(&self.stability)?);
        }
        Ok(h)
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_html(self.to_html());
    }
}

impl Significance {
    /// The verdicts against random rankings at α = 1 − level, then the table of every test, as HTML.
    pub fn to_html(&self) -> Result<String> {
        let alpha = 1.0 - self.level;
        let mut h = String::new();
        if self.tests.iter().any(|t| t.baseline == crate::eval::EXPECTED) {
            let caption = format!("against random rankings (Holm-adjusted corrected t-test, α = {alpha:.2})");
            h += &Table::new(self.verdicts(alpha)?).caption(caption).to_html();
        }
        let mut table = self.to_polars()?;
        let mut caption = format!(
            "ECA tests ({} weights; {:.0} % intervals). Verdicts use the corrected t-test over every split \
             (Nadeau–Bengio: all folds × repeats, variance corrected for overlapping training sets), Holm-adjusted \
             within each family",
            self.weighting.label(),
            100.0 * self.level
        );
        if self.wilcoxon_reaches(alpha) {
            caption += "; the Wilcoxon signed-rank test over repeats is a distribution-free check";
        } else {
            // p-values that cannot go below the level are not evidence: the columns are left out of the view
            table = table.drop_many(["wilcoxon_w", "wilcoxon_p_value", "wilcoxon_p_holm", "wilcoxon_min_p"]).into();
        }
        h += &Table::new(table).caption(caption).to_html();
        if let Some(warning) = self.wilcoxon_warning(alpha)? {
            h += &format!(
                "<p style=\"color:#8a5a00\">Warning: {} (the Wilcoxon columns are left out of this view; \
                 <code>to_polars()</code> has them).</p>",
                escape_html(&warning)
            );
        }
        Ok(h)
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_html(self.to_html());
    }
}

impl Stabilities {
    /// The stability figure, then the long table (every ranker, every size), as HTML.
    pub fn to_html(&self) -> Result<String> {
        let mut caption = "stability over the training splits (Canberra relative to random, Kuncheva, Nogueira's φ with 95 % interval)".to_string();
        let why = self.iter().flat_map(|s| s.nogueira.iter().flatten()).find_map(|n| n.no_inference());
        let same = self.iter().all(|s| {
            s.curve.kuncheva.iter().zip(&s.nogueira).all(|(k, n)| match (k, n) {
                (Some(k), Some(n)) => (k - n.phi).abs() <= 1e-9,
                _ => true,
            })
        });
        if same {
            caption += ". Kuncheva's column equals φ: every top-k set has k features, and with sets of one size φ is \
                        the mean pairwise Kuncheva index (Nogueira et al. 2018); φ adds the interval and the test";
        }
        if let Some(why) = why {
            caption += &format!("; φ's interval and p-value are empty: {why}");
        }
        Ok(inline(&self.plot()?) + &Table::new(self.to_polars()?).caption(&caption).to_html())
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_html(self.to_html());
    }
}

impl Nested {
    /// The answer (nested estimate, ordinary best, optimism), the figure, and every outer split's choice, as
    /// HTML.
    ///
    /// ```
    /// use featrank::protocol::NestedSpec;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let nested = NestedSpec::new(&["relieff"], "knn:k=[1,5]").unwrap().folds(3).inner_folds(3).evaluate(&iris).unwrap();
    /// assert!(nested.to_html().unwrap().contains("optimism"));
    /// ```
    pub fn to_html(&self) -> Result<String> {
        let answer = Table::new(self.summary()?).caption(format!(
            "{} — the nested estimate with its 95 % interval, and how far the ordinary curves' best point claims beyond it",
            self.description()
        ));
        let choices = Table::new(self.to_polars()?)
            .caption("every outer split: the inner CV's choice, its inner and outer value");
        Ok(answer.to_html() + &inline(&self.plot()?) + &choices.to_html())
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_html(self.to_html());
    }
}

impl TradeOff {
    /// The figure, then the table, as HTML.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let curves = CurveSpec::new(Knn::new()).folds(5).repeats(2).expected(0)
    ///     .evaluate_all(&iris, &[Candidate::per_fold(ReliefF::new()), Candidate::per_fold(Fisher::new())]).unwrap();
    /// assert!(curves.trade_off(2).unwrap().to_html().unwrap().contains("on_front"));
    /// ```
    pub fn to_html(&self) -> Result<String> {
        let caption = format!(
            "stability (Nogueira's φ) and {} of the top-{} sets; RPT_β = (β²+1)·φ·P/(β²·φ+P), β = {} (Saeys et al. 2008)",
            self.measure.label(),
            self.k,
            self.beta
        );
        Ok(inline(&self.plot()?) + &Table::new(self.to_polars()?).caption(caption).to_html())
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_html(self.to_html());
    }
}

impl SizeChoices {
    /// The table of chosen sizes as HTML (the figure needs the curves: [`SizeChoices::plot`]).
    pub fn to_html(&self) -> Result<String> {
        Ok(Table::new(self.to_polars()?).caption("subset sizes chosen from the FFA curves").to_html())
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_html(self.to_html());
    }
}

impl ShadowTest {
    /// The verdict counts as the caption, then the table in rank order, as HTML.
    ///
    /// ```
    /// use featrank::rankers::{Fisher, ShadowFeatures};
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let html = ShadowFeatures::new(Fisher::new()).rounds(19).test(&iris, 1).unwrap().to_html().unwrap();
    /// assert!(html.contains("4 confirmed") && html.contains("q_value"));
    /// ```
    pub fn to_html(&self) -> Result<String> {
        let caption = format!(
            "shadow features of {} ({} rounds, α = {}): {} confirmed, {} tentative, {} rejected",
            self.ranker,
            self.rounds,
            self.level,
            self.with(Relevance::Confirmed).len(),
            self.with(Relevance::Tentative).len(),
            self.with(Relevance::Rejected).len()
        );
        Ok(Table::new(self.to_polars()?).caption(caption).to_html())
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_html(self.to_html());
    }
}

impl Importances {
    /// The importances with their 95 % intervals in rank order, as HTML.
    pub fn to_html(&self) -> Result<String> {
        let caption = "permutation importance on held-out folds (mean, std, 95 % corrected t interval over folds)";
        Ok(Table::new(self.to_polars()?).caption(caption).to_html())
    }

    /// Show inline in a notebook.
    pub fn evcxr_display(&self) {
        emit_html(self.to_html());
    }
}
