//! Notices: what featrank tells you without stopping the work — a text column read as a nominal feature, a
//! test that cannot reach the significance level asked for. Each goes to one sink: standard error by default
//! (`featrank: …`, shown under a notebook cell too), or the function [`set_sink`] installs — featrank for
//! Python turns each into `warnings.warn(message, featrank.FeatrankWarning)`, so Python's warning filters
//! apply.
//!
//! ```
//! use featrank::notice::{self, Notice, NoticeKind};
//! fn quiet(_: Notice) {}
//! notice::set_sink(Some(quiet)); // e.g. a batch job that logs elsewhere
//! notice::emit(NoticeKind::TextAsNominal, "text columns read as nominal features: city (3 levels)");
//! notice::set_sink(None); // back to standard error
//! ```

use std::sync::RwLock;

/// What a notice is about, for a sink that sorts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NoticeKind {
    /// Text (String) columns became nominal features.
    TextAsNominal,
    /// The Wilcoxon signed-rank test over repeats cannot reach the level asked for (its smallest p-value is
    /// 2 / 2ʳ with r repeats).
    WilcoxonFloor,
    /// A text event column of a survival target: which of its two values was read as the event.
    EventLevel,
    /// A resampling scheme without random draws (time series, blocked, leave one group out, unshuffled group
    /// k-fold) was asked for several repeats: one is run.
    FixedSplits,
}

/// One notice: its kind and the sentence a user reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// What it is about.
    pub kind: NoticeKind,
    /// The sentence, naming the columns or parameters concerned.
    pub message: String,
}

static SINK: RwLock<Option<fn(Notice)>> = RwLock::new(None);

/// Send every later notice to `sink` (`None`: standard error). Process-wide, like [`crate::memory::set_limit`].
pub fn set_sink(sink: Option<fn(Notice)>) {
    *SINK.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = sink;
}

/// Give a notice to the sink.
pub fn emit(kind: NoticeKind, message: impl Into<String>) {
    let notice = Notice { kind, message: message.into() };
    let sink = *SINK.read().unwrap_or_else(|poisoned| poisoned.into_inner());
    match sink {
        Some(sink) => sink(notice),
        None => eprintln!("featrank: {}", notice.message),
    }
}
