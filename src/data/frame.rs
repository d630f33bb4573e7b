//! [`Frame`]: the Polars `DataFrame` every featrank table comes back as.
//!
//! A notebook cell variable must have a type the notebook can name. Polars' `DataFrame` lives in
//! `polars_core`, a crate a featrank notebook does not depend on by name, so the evcxr kernel cannot keep
//! `let t = curves.to_polars()?;` between cells. `Frame` is featrank's own name for the same frame: it
//! derefs to `DataFrame` (every Polars method works on it, `&frame` passes where `&DataFrame` is
//! wanted), converts both ways for free, and shows itself as an HTML table when a cell ends with it.

use std::fmt;
use std::ops::{Deref, DerefMut};

use polars::prelude::DataFrame;

/// A Polars `DataFrame` under a name notebooks can keep in a variable; derefs to `DataFrame`.
///
/// ```
/// use featrank::prelude::*;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let f: Frame = iris.to_polars().unwrap();
/// assert_eq!(f.height(), 150); // a DataFrame method, through Deref
/// let again = Dataset::from_polars(&f, "class").unwrap(); // &Frame passes as &DataFrame
/// assert_eq!(again.n_rows(), 150);
/// let df: DataFrame = f.into_inner(); // or DataFrame::from(f); Frame::from(df) goes back
/// assert_eq!(Frame::from(df).width(), 5);
/// ```
#[derive(Clone, Default, PartialEq)]
pub struct Frame {
    frame: DataFrame,
}

impl Frame {
    /// Wrap a Polars frame (no copy).
    pub fn new(frame: DataFrame) -> Frame {
        Frame { frame }
    }

    /// The Polars frame (no copy).
    pub fn into_inner(self) -> DataFrame {
        self.frame
    }

    /// The same frame (its columns shared, not copied): every featrank result answers `to_polars()`, a
    /// table already is one.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let r = Ranking::from_order(&["petalwidth", "petallength", "sepallength", "sepalwidth"]).unwrap();
    /// let curves = CurveSpec::new(Knn::new()).folds(3).repeats(1).expected(5).evaluate(&iris, &[r]).unwrap();
    /// let table: Frame = curves.eca_table().unwrap().to_polars().unwrap();
    /// assert!(table.height() >= 1);
    /// ```
    pub fn to_polars(&self) -> crate::error::Result<Frame> {
        Ok(self.clone())
    }
}

impl Deref for Frame {
    type Target = DataFrame;
    fn deref(&self) -> &DataFrame {
        &self.frame
    }
}

impl DerefMut for Frame {
    fn deref_mut(&mut self) -> &mut DataFrame {
        &mut self.frame
    }
}

impl AsRef<DataFrame> for Frame {
    fn as_ref(&self) -> &DataFrame {
        &self.frame
    }
}

impl From<DataFrame> for Frame {
    fn from(frame: DataFrame) -> Frame {
        Frame { frame }
    }
}

impl From<Frame> for DataFrame {
    fn from(f: Frame) -> DataFrame {
        f.frame
    }
}

impl PartialEq<DataFrame> for Frame {
    fn eq(&self, other: &DataFrame) -> bool {
        &self.frame == other
    }
}

impl fmt::Display for Frame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.frame, f)
    }
}

impl fmt::Debug for Frame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.frame, f)
    }
}

/// What featrank's Polars entry points accept: a `DataFrame`, a [`Frame`], or a reference to either, so
/// `io::write(&curves.to_polars()?, path)` and `io::write(&df, path)` both work.
///
/// ```
/// use featrank::prelude::*;
/// let dir = tempfile::tempdir().unwrap();
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// featrank::data::io::write(&iris.to_polars().unwrap(), dir.path().join("a.csv")).unwrap(); // a Frame
/// let df: DataFrame = df!("x" => [1.0]).unwrap();
/// featrank::data::io::write(&df, dir.path().join("b.csv")).unwrap(); // a DataFrame
/// ```
pub trait AsDataFrame {
    /// The Polars frame.
    fn as_data_frame(&self) -> &DataFrame;
}

impl AsDataFrame for DataFrame {
    fn as_data_frame(&self) -> &DataFrame {
        self
    }
}

impl AsDataFrame for Frame {
    fn as_data_frame(&self) -> &DataFrame {
        &self.frame
    }
}

impl<T: AsDataFrame + ?Sized> AsDataFrame for &T {
    fn as_data_frame(&self) -> &DataFrame {
        (**self).as_data_frame()
    }
}
