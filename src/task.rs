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
    /// Predict a set of labels: several binary targets, 1 (or `true`) = the label applies (Tsoumakas &
    /// Katakis 2007). Built from several target columns whose classes are 0/1 or false/true.
    MultiLabel,
    /// Predict several class targets at once (e.g. solar flare counts of three classes).
    MultiTargetClassification,
    /// Predict several real values at once (e.g. linnerud's weight, waist and pulse).
    MultiTargetRegression,
    /// Predict a time to an event observed for some rows and censored for others (overall or relapse-free
    /// survival): a time column and an event column (`true` = the event happened at that time, `false` = the
    /// row was followed that long without it).
    Survival,
}

impl Task {
    /// Every task, in the order of the enum: what a method that handles any target (a user's own) supports.
    ///
    /// ```
    /// use featrank::data::Task;
    /// assert_eq!((Task::ALL.len(), Task::ALL[0], Task::ALL[5]), (6, Task::Classification, Task::Survival));
    /// ```
    pub const ALL: [Task; 6] = [
        Task::Classification,
        Task::Regression,
        Task::MultiLabel,
        Task::MultiTargetClassification,
        Task::MultiTargetRegression,
        Task::Survival,
    ];

    /// Whether the task has several targets (multi-label or multi-target).
    ///
    /// ```
    /// use featrank::data::Task;
    /// assert!(Task::MultiLabel.is_structured());
    /// assert!(!Task::Regression.is_structured());
    /// ```
    pub fn is_structured(self) -> bool {
        matches!(self, Task::MultiLabel | Task::MultiTargetClassification | Task::MultiTargetRegression)
    }

    /// The task each target of a target set has on its own (binary relevance's task): classification for
    /// multi-label and multi-target classification, regression for multi-target regression; `None` for one
    /// target.
    ///
    /// ```
    /// use featrank::data::Task;
    /// assert_eq!(Task::MultiLabel.member(), Some(Task::Classification));
    /// assert_eq!(Task::Regression.member(), None);
    /// ```
    pub fn member(self) -> Option<Task> {
        match self {
            Task::MultiLabel | Task::MultiTargetClassification => Some(Task::Classification),
            Task::MultiTargetRegression => Some(Task::Regression),
            Task::Classification | Task::Regression | Task::Survival => None,
        }
    }

    /// The task in words, as summaries and figures say it: `classification`, `multi-label`, ….
    ///
    /// ```
    /// use featrank::data::Task;
    /// assert_eq!(Task::MultiTargetRegression.words(), "multi-target regression");
    /// ```
    pub fn words(self) -> &'static str {
        match self {
            Task::Classification => "classification",
            Task::Regression => "regression",
            Task::MultiLabel => "multi-label",
            Task::MultiTargetClassification => "multi-target classification",
            Task::MultiTargetRegression => "multi-target regression",
            Task::Survival => "survival",
        }
    }
}
