//! A run's settings as R gives them (a named list; `r/R/` owns each signature and its defaults, read from the
//! library by `fr_defaults`), into the library's `CurveOptions` and `NestedOptions`: one conversion for curves and
//! nested runs, and the library's defaults for R's signatures.

use featrank::compare::SizeRule;
use featrank::eval::{CurveOptions, Evaluation, Grid};
use featrank::protocol::NestedOptions;
use featrank::resampling::{Measure, Resampling};
use savvy::{savvy, ListSexp, Sexp, TypedSexp};

/// The settings of one call: each read by name, as the parameter R's signature names.
pub(crate) struct Settings<'a> {
    list: &'a ListSexp,
}

impl<'a> Settings<'a> {
    pub(crate) fn of(list: &'a ListSexp) -> savvy::Result<Settings<'a>> {
        Ok(Settings { list })
    }

    fn get(&self, name: &str) -> Option<Sexp> {
        self.list.get(name).filter(|v| !v.is_null())
    }

    fn refuse<T>(name: &str, what: &str) -> savvy::Result<T> {
        Err(crate::to_r(featrank::Error::param(name, format!("must be {what}"))))
    }

    /// A whole number ≥ 0 (an R double or integer, exactly whole, below 2⁵³).
    pub(crate) fn count(&self, name: &str) -> savvy::Result<Option<u64>> {
        let Some(value) = self.get(name) else { return Ok(None) };
        let number = match value.into_typed() {
            TypedSexp::Real(v) if v.len() == 1 => v.as_slice()[0],
            TypedSexp::Integer(v) if v.len() == 1 && v.as_slice()[0] != i32::MIN => f64::from(v.as_slice()[0]),
            _ => return Self::refuse(name, "one whole number"),
        };
        match number.is_finite() && number >= 0.0 && number.fract() == 0.0 && number < 9.007_199_254_740_992e15 {
            true => Ok(Some(number as u64)),
            false => Self::refuse(name, "a whole number ≥ 0 (below 2^53)"),
        }
    }

    /// A number given alone (`rank`'s seed, `synth`'s rows), named `name`: a whole number ≥ 0 below 2⁵³.
    pub(crate) fn whole(name: &str, value: f64) -> savvy::Result<u64> {
        match value.is_finite() && value >= 0.0 && value.fract() == 0.0 && value < 9.007_199_254_740_992e15 {
            true => Ok(value as u64),
            false => Self::refuse(name, "a whole number ≥ 0 (below 2^53)"),
        }
    }

    fn required_count(&self, name: &str) -> savvy::Result<u64> {
        self.count(name)?.map_or_else(|| Self::refuse(name, "given"), Ok)
    }

    fn size(&self, name: &str) -> savvy::Result<usize> {
        let n = self.required_count(name)?;
        usize::try_from(n).or_else(|_| Self::refuse(name, "smaller"))
    }

    /// A text, or None when NULL.
    pub(crate) fn text(&self, name: &str) -> savvy::Result<Option<String>> {
        match self.get(name).map(Sexp::into_typed) {
            None => Ok(None),
            Some(TypedSexp::String(s)) if s.len() == 1 => Ok(s.iter().next().map(str::to_string)),
            Some(_) => Self::refuse(name, "one text"),
        }
    }

    fn parsed<T: std::str::FromStr<Err = featrank::Error>>(&self, name: &str) -> savvy::Result<Option<T>> {
        self.text(name)?.map(|t| crate::guarded(|| t.parse::<T>())).transpose()
    }

    fn evaluation(&self) -> savvy::Result<Evaluation> {
        let scheme = self.text("scheme")?.unwrap_or_else(|| "kfold".into());
        let folds = self.count("folds")?.map(|f| usize::try_from(f).unwrap_or(usize::MAX));
        let repeats = self.size("repeats")?;
        let resampling = crate::guarded(|| Resampling::from_text(&scheme, folds, repeats))?;
        let grid: Grid = self.parsed("grid")?.unwrap_or_default();
        let measure: Option<Measure> = self.parsed("measure")?;
        Ok(Evaluation { resampling, grid, measure, seed: self.required_count("seed")? })
    }

    /// A curve run's settings.
    pub(crate) fn curve_options(&self) -> savvy::Result<CurveOptions> {
        let expected_repeats = self.count("expected_repeats")?.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
        Ok(CurveOptions {
            evaluation: self.evaluation()?,
            expected: self.size("expected")?,
            expected_repeats,
            device: Default::default(),
        })
    }

    /// A nested evaluation's settings.
    pub(crate) fn nested_options(&self) -> savvy::Result<NestedOptions> {
        let rules = match self.parsed::<SizeRule>("rule")? {
            Some(rule) => vec![rule],
            None => NestedOptions::default().rules,
        };
        Ok(NestedOptions { evaluation: self.evaluation()?, inner_folds: self.size("inner_folds")?, rules })
    }
}

/// The library's defaults by name, which R's signatures read (`r/R/defaults.R`).
/// @noRd
#[savvy]
fn fr_defaults() -> savvy::Result<Sexp> {
    use featrank::protocol::CurveJob;
    use featrank::resampling::Scheme;
    let (curves, nested) = (CurveJob::default(), NestedOptions::default());
    let o = &curves.options;
    // R takes the scheme's kind and the folds apart (`scheme = "kfold", folds = 10`), as the CLI does
    let (scheme, folds) = match o.evaluation.resampling.scheme {
        Scheme::KFold { folds } => ("kfold".to_string(), folds),
        other => (other.to_string(), featrank::eval::defaults::FOLDS),
    };
    let number = |n: usize| savvy::OwnedRealSexp::try_from_scalar(n as f64).map(Sexp::from);
    let entries: Vec<(&str, Sexp)> = vec![
        ("learner", crate::text(curves.learners.first().map(String::as_str).unwrap_or("knn"))?),
        ("task", crate::text(&curves.task.to_string())?),
        ("scheme", crate::text(&scheme)?),
        ("folds", number(folds)?),
        ("repeats", number(o.evaluation.resampling.repeats)?),
        ("grid", crate::text(&o.evaluation.grid.to_string())?),
        ("expected", number(o.expected)?),
        ("seed", savvy::OwnedRealSexp::try_from_scalar(o.evaluation.seed as f64)?.into()),
        ("nested_repeats", number(nested.evaluation.resampling.repeats)?),
        ("inner_folds", number(nested.inner_folds)?),
        ("rule", crate::text(&nested.rules.first().map(|r| r.label()).unwrap_or_default())?),
    ];
    let mut out = savvy::OwnedListSexp::new(entries.len(), true)?;
    for (i, (name, value)) in entries.into_iter().enumerate() {
        out.set_name_and_value(i, name, value)?;
    }
    out.into()
}
