//! The learning task a target defines — in the base layer because errors name it
//! ([`crate::Error::UnsupportedTask`]); `featrank::data::Task` is the same type.

use serde::{Deserialize, Serialize};

/// The learning task a target defines.
///
/// ```
/// use featrank::data::{datasets, Task};
/// assert_eq!(datasets::load("iris").unwrap().dataset().unwrap().task(), Task::Classification);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// Predict one of a finite set of classes.
    Classification,
    /// Predict a real value.
    Regression,
}
