//! Small real datasets bundled with featrank (embedded in the library, so they load from anywhere).
//!
//! Provenance, citations, shapes, class counts and checksums are in `data/README.md`.
//!
//! ```
//! use featrank::data::datasets;
//! assert!(datasets::names().contains(&"iris"));
//! let iris = datasets::load("iris").unwrap();
//! assert_eq!(iris.frame.shape(), (150, 5));
//! let ds = iris.dataset().unwrap();
//! assert_eq!(ds.class_counts().unwrap(), [50, 50, 50]);
//! ```

use crate::data::{Dataset, Frame, TaskChoice};
use crate::error::{Error, Result};
use crate::data::io::{read_bytes, Format};

/// One bundled dataset: its frame and the target the papers use.
#[derive(Debug, Clone)]
pub struct Bundled {
    /// Name as given to [`load`].
    pub name: &'static str,
    /// The table, target column included.
    pub frame: Frame,
    /// The default target column.
    pub target: &'static str,
    /// The task the target defines.
    pub task: TaskChoice,
}

impl Bundled {
    /// The frame as a [`Dataset`] with the default target and task.
    pub fn dataset(&self) -> Result<Dataset> {
        Dataset::builder(&self.frame, self.target).task(self.task).build()
    }
}

struct Entry {
    name: &'static str,
    file: &'static str,
    bytes: &'static [u8],
    format: Format,
    target: &'static str,
    task: TaskChoice,
}

macro_rules! entry {
    ($name:literal, $file:literal, $format:ident, $target:literal, $task:ident) => {
        Entry {
            name: $name,
            file: $file,
            bytes: include_bytes!(concat!("../../data/", $file)),
            format: Format::$format,
            target: $target,
            task: TaskChoice::$task,
        }
    };
}

const ENTRIES: &[Entry] = &[
    entry!("breast-cancer", "breast-cancer.arff", Arff, "Class", Classification),
    entry!("credit-g", "credit-g.arff", Arff, "class", Classification),
    entry!("diabetes", "diabetes.arff", Arff, "class", Classification),
    entry!("glass", "glass.arff", Arff, "Type", Classification),
    entry!("ionosphere", "ionosphere.arff", Arff, "class", Classification),
    entry!("iris", "iris.arff", Arff, "class", Classification),
    entry!("labor", "labor.arff", Arff, "class", Classification),
    entry!("segment", "segment.arff", Arff, "class", Classification),
    entry!("soybean", "soybean.arff", Arff, "class", Classification),
    entry!("vote", "vote.arff", Arff, "Class", Classification),
    entry!("wdbc", "wdbc.csv", Csv, "diagnosis", Classification),
    entry!("wine", "wine.csv", Csv, "class", Classification),
    entry!("diabetes-progression", "diabetes-progression.csv", Csv, "progression", Regression),
];

/// Names of the bundled datasets.
pub fn names() -> Vec<&'static str> {
    ENTRIES.iter().map(|e| e.name).collect()
}

/// File name of a bundled dataset inside `data/` (e.g. `iris.arff`).
pub fn file_name(name: &str) -> Result<&'static str> {
    Ok(entry(name)?.file)
}

/// Load a bundled dataset by name (`german` is accepted for `credit-g`).
pub fn load(name: &str) -> Result<Bundled> {
    let e = entry(name)?;
    Ok(Bundled {
        name: e.name,
        frame: read_bytes(e.bytes, e.format, e.file)?,
        target: e.target,
        task: e.task,
    })
}

fn entry(name: &str) -> Result<&'static Entry> {
    let name = if name == "german" { "credit-g" } else { name };
    ENTRIES.iter().find(|e| e.name == name).ok_or_else(|| Error::Unknown {
        kind: "bundled dataset".into(),
        name: name.to_string(),
        known: names().join(", "),
    })
}
