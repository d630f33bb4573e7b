//! A [`Dataset`] from and to a `linfa::Dataset`: records, one target of any
//! [`TargetValue`], feature names.

use linfa::dataset::DatasetBase;
use ndarray::{Array1, Array2, ArrayBase, Data, Ix1, Ix2};

use super::{Dataset, TargetValue};
use crate::error::{Error, Result};

/// A linfa dataset with one target column — owned (`linfa::Dataset`) or a view (`DatasetView`): its records (NaN = missing), targets and feature names (none:
/// `x0, x1, …`; the first target name, if given, names the target, else `target`). Sample weights are not
/// read (featrank's learners and rankers weigh rows equally).
///
/// ```
/// use featrank::prelude::*;
/// let x = ndarray::array![[1.0, 0.5], [2.0, 0.1], [3.0, 0.7], [4.0, 0.2]];
/// let lin = linfa::Dataset::new(x, ndarray::array![false, false, true, true]).with_feature_names(vec!["dose", "age"]);
/// let ds = Dataset::try_from(&lin).unwrap();
/// assert_eq!(ds.class_names().unwrap(), ["false", "true"]);
/// let back = ds.to_linfa::<bool>().unwrap();
/// assert_eq!(back.targets(), lin.targets());
/// assert_eq!(back.feature_names(), ["dose", "age"]);
/// assert_eq!(Dataset::try_from(&lin.view()).unwrap().n_rows(), 4); // a view too
/// ```
impl<T, R, S> TryFrom<&DatasetBase<ArrayBase<R, Ix2>, ArrayBase<S, Ix1>>> for Dataset
where
    T: TargetValue,
    R: Data<Elem = f64>,
    S: Data<Elem = T>,
{
    type Error = Error;

    fn try_from(data: &DatasetBase<ArrayBase<R, Ix2>, ArrayBase<S, Ix1>>) -> Result<Dataset> {
        let target = data.target_names().first().map_or("target", String::as_str);
        Dataset::from_arrays(data.records().view(), data.targets().view(), data.feature_names(), target)
    }
}

impl Dataset {
    /// The dataset as a `linfa::Dataset` (one target column: `DatasetBase<Array2<f64>, Array1<T>>`) with targets of type `T` ([`TargetValue`]: `usize` class codes,
    /// `bool` for two classes, `String` class names, `f64` values) and the feature and target names. Every
    /// feature must be numeric and complete (linfa's models take neither nominal features nor missing
    /// values): the error names the first column that is not.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    /// let lin = iris.to_linfa::<usize>().unwrap();
    /// assert_eq!(lin.records().dim(), (150, 4));
    /// assert_eq!(lin.feature_names()[3], "petalwidth");
    /// assert_eq!(lin.targets()[100], 2); // index into iris.class_names()
    /// ```
    pub fn to_linfa<T: TargetValue>(&self) -> Result<DatasetBase<Array2<f64>, Array1<T>>> {
        self.check_numeric()?;
        self.check_complete()?;
        let rows: Vec<usize> = (0..self.n_rows()).collect();
        let targets = Array1::from(T::encode(&self.target, &rows)?);
        Ok(DatasetBase::new(self.to_ndarray()?, targets)
            .with_feature_names(self.names.clone())
            .with_target_names(vec![self.target_name().to_string()]))
    }
}
