//! Small real datasets bundled with featrank (embedded in the library, so they load from anywhere) — among
//! them a multi-label set (`emotions`), a multi-target one (`solar-flare`) and a survival study (`pbc`: time and
//! event) — and the larger microarray and challenge sets the papers use, which are not bundled ([`external`]).
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

use crate::data::io::{read_bytes_with_targets, read_with_targets, Format};
use crate::data::{Dataset, Frame, TaskChoice};
use crate::error::{Error, Result};

/// One bundled dataset: its frame and the target(s) the papers use.
///
/// ```
/// use featrank::data::{datasets, Task};
/// let emotions = datasets::load("emotions").unwrap();
/// assert_eq!(emotions.targets[..2], ["amazed-suprised", "happy-pleased"]);
/// let ds = emotions.dataset().unwrap();
/// assert_eq!((ds.task(), ds.n_rows(), ds.n_features(), ds.n_targets()), (Task::MultiLabel, 592, 71, 6));
/// let pbc = datasets::load("pbc").unwrap(); // a survival study: follow-up time and death
/// assert_eq!(pbc.targets, ["time", "event"]);
/// let ds = pbc.dataset().unwrap();
/// assert_eq!((ds.task(), ds.n_rows(), ds.n_features()), (Task::Survival, 418, 17));
/// assert_eq!(ds.survival().unwrap().event().iter().filter(|&&e| e).count(), 161);
/// ```
#[derive(Debug, Clone)]
pub struct Bundled {
    /// Name as given to [`load`].
    pub name: &'static str,
    /// The table, target columns included.
    pub frame: Frame,
    /// The default target column, or columns for multi-label and multi-target data.
    pub targets: Vec<String>,
    /// The task the targets define.
    pub task: TaskChoice,
}

impl Bundled {
    /// The frame as a [`Dataset`] with the default target(s) and task.
    pub fn dataset(&self) -> Result<Dataset> {
        Dataset::builder_targets(&self.frame, &self.targets).task(self.task).build()
    }
}

struct Entry {
    name: &'static str,
    file: &'static str,
    bytes: &'static [u8],
    format: Format,
    /// The target column (a survival target's two: `time,event`); empty: the targets the file declares
    /// (MEKA's ARFF convention).
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
    entry!("breast-w", "breast-w.arff", Arff, "Class", Classification),
    entry!("credit-g", "credit-g.arff", Arff, "class", Classification),
    entry!("diabetes", "diabetes.arff", Arff, "class", Classification),
    entry!("glass", "glass.arff", Arff, "Type", Classification),
    entry!("ionosphere", "ionosphere.arff", Arff, "class", Classification),
    entry!("iris", "iris.arff", Arff, "class", Classification),
    entry!("labor", "labor.arff", Arff, "class", Classification),
    entry!("segment", "segment.arff", Arff, "class", Classification),
    entry!("sonar", "sonar.arff", Arff, "Class", Classification),
    entry!("soybean", "soybean.arff", Arff, "class", Classification),
    entry!("vote", "vote.arff", Arff, "Class", Classification),
    entry!("wdbc", "wdbc.csv", Csv, "diagnosis", Classification),
    entry!("wine", "wine.csv", Csv, "class", Classification),
    entry!("diabetes-progression", "diabetes-progression.csv", Csv, "progression", Regression),
    entry!("emotions", "emotions.arff.gz", Arff, "", Auto),
    entry!("solar-flare", "solar-flare.arff.gz", Arff, "", Auto),
    entry!("pbc", "pbc.csv", Csv, "time,event", Survival),
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
    let (frame, declared) = read_bytes_with_targets(e.bytes, e.format, e.file)?;
    let targets = match e.target {
        "" => declared,
        columns => columns.split(',').map(str::to_string).collect(),
    };
    Ok(Bundled { name: e.name, frame, targets, task: e.task })
}

fn entry(name: &str) -> Result<&'static Entry> {
    let name = if name == "german" { "credit-g" } else { name };
    ENTRIES.iter().find(|e| e.name == name).ok_or_else(|| Error::Unknown {
        kind: "bundled dataset".into(),
        name: name.to_string(),
        known: names().iter().map(|n| n.to_string()).collect(),
    })
}

/// The microarray and challenge sets of the papers that are too large to bundle (files `NAME.csv.gz`,
/// features then `class`; most from the scikit-feature repository, Li et al. 2017).
pub const EXTERNAL: &[&str] =
    &["colon", "colon_continuous", "ALLAML", "Prostate_GE", "SRBCT", "GLIOMA", "lung_discrete", "lymphoma", "madelon"];

/// The environment variable naming the folder that holds the [`EXTERNAL`] sets.
pub const DATA_DIR_VAR: &str = "FEATRANK_DATA";

/// Load an [`EXTERNAL`] set from the folder named by `FEATRANK_DATA`, or else from `shared/data` in the
/// working directory or one of its parents. An error says where it looked when the file is absent.
///
/// ```
/// use featrank::data::datasets;
/// match datasets::external("colon") {
///     Ok(colon) => assert_eq!(colon.frame.shape(), (62, 2001)),
///     Err(e) => assert!(e.to_string().contains("FEATRANK_DATA")), // not on this machine
/// }
/// assert!(datasets::external("iris").is_err()); // bundled, not external
/// ```
pub fn external(name: &str) -> Result<Bundled> {
    let known = EXTERNAL.iter().find(|&&n| n == name).ok_or_else(|| Error::Unknown {
        kind: "external dataset".into(),
        name: name.to_string(),
        known: EXTERNAL.iter().map(|n| n.to_string()).collect(),
    })?;
    Ok(Bundled {
        name: known,
        frame: crate::data::io::read(find_external(&format!("{known}.csv.gz"))?)?,
        targets: vec!["class".to_string()],
        task: TaskChoice::Classification,
    })
}

/// The multi-label and multi-target sets of `shared/data/multilabel` (MEKA's ARFF files `NAME.arff.gz`,
/// their targets declared in the relation name): Music (emotions), Scene, solar_flare.
pub const EXTERNAL_MULTI: &[&str] = &["Music", "Scene", "solar_flare"];

/// Open an [`EXTERNAL_MULTI`] set as a dataset with its targets, found like [`external`] (in the folder
/// `FEATRANK_DATA` names or `shared/data`, under `multilabel/`).
///
/// ```
/// use featrank::data::{datasets, Task};
/// match datasets::external_multi("Music") {
///     Ok(music) => assert_eq!((music.task(), music.n_rows(), music.n_targets()), (Task::MultiLabel, 592, 6)),
///     Err(e) => assert!(e.to_string().contains("FEATRANK_DATA")), // not on this machine
/// }
/// ```
pub fn external_multi(name: &str) -> Result<Dataset> {
    let known = EXTERNAL_MULTI.iter().find(|&&n| n == name).ok_or_else(|| Error::Unknown {
        kind: "external multi-target dataset".into(),
        name: name.to_string(),
        known: EXTERNAL_MULTI.iter().map(|n| n.to_string()).collect(),
    })?;
    let path = find_external(&format!("multilabel/{known}.arff.gz"))?;
    open_targets::<&str>(&path.to_string_lossy(), &[], TaskChoice::Auto)
}

/// Where an external file is: under `FEATRANK_DATA`, else `shared/data` in the working directory or one of
/// its parents; an error says where it looked.
fn find_external(file: &str) -> Result<std::path::PathBuf> {
    let mut dirs: Vec<std::path::PathBuf> = std::env::var_os(DATA_DIR_VAR).map(Into::into).into_iter().collect();
    if let Ok(cwd) = std::env::current_dir() {
        dirs.extend(cwd.ancestors().map(|a| a.join("shared").join("data")));
    }
    match dirs.iter().map(|d| d.join(file)).find(|p| p.is_file()) {
        Some(path) => Ok(path),
        None => Err(Error::io(
            file,
            std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!(
                    "not found; set {DATA_DIR_VAR} to the folder that holds it (looked in {})",
                    dirs.iter().take(3).map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")
                ),
            ),
        )),
    }
}

/// A bundled dataset by name (when no file of that name exists; a folder of that name does not hide it) or a
/// data file, as a [`Dataset`]: the target is `target`, else the bundled dataset's own, else the file's last
/// column. The CLI and the Python layer open their data this way.
///
/// ```
/// use featrank::data::{datasets, TaskChoice};
/// let iris = datasets::open("iris", None, TaskChoice::Auto).unwrap();
/// assert_eq!(iris.target_name(), "class");
/// assert!(datasets::open("no-such-file.csv", None, TaskChoice::Auto).is_err());
/// // a folder named like a bundled dataset (a study's `pbc/` results) is not read as its data
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::create_dir(dir.path().join("iris")).unwrap();
/// std::env::set_current_dir(dir.path()).unwrap();
/// assert_eq!(datasets::open("iris", None, TaskChoice::Auto).unwrap().n_rows(), 150);
/// ```
pub fn open(data: &str, target: Option<&str>, task: TaskChoice) -> Result<Dataset> {
    open_targets(data, target.as_slice(), task)
}

/// [`open`] with any number of target columns: none given = the bundled dataset's target, else the
/// targets an ARFF file declares in MEKA's convention (`@relation 'Music: -C 6'`: the first 6
/// attributes), else the labels Mulan's XML file beside it names ([`crate::data::io::mulan`]), else the last
/// column; a target that is the path of such an `.xml` file = its labels; several = a multi-label or multi-target dataset
/// ([`Dataset::from_polars_targets`]). One name with commas that is no column's name is read as a list
/// (`happy,sad,calm`: what the CLI's `--targets` and a job's `target` pass).
///
/// ```no_run
/// use featrank::data::{datasets, TaskChoice, Task};
/// let music = datasets::open("Music.arff.gz", None, TaskChoice::Auto).unwrap();
/// assert_eq!((music.task(), music.n_targets(), music.n_features()), (Task::MultiLabel, 6, 71));
/// ```
pub fn open_targets<S: AsRef<str>>(data: &str, targets: &[S], task: TaskChoice) -> Result<Dataset> {
    open_structured(data, targets, task, &Structure::default())
}

/// The columns of a data file that say how its rows belong together: their groups and their time order
/// (neither is then a feature; see [`DatasetBuilder::groups`](crate::data::DatasetBuilder::groups)) — what
/// `featrank info`, `curves` and `nested` take as `--groups` and `--order` and a job records.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct Structure {
    /// A column whose values group the rows (a patient, batch or subject id; not a feature): every split, and
    /// every resampling inside a training split, keeps a group on one side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "cli", arg(long))]
    pub groups: Option<String>,
    /// A column of times (numbers, dates; not a feature) that orders the rows for the time-ordered schemes
    /// (time-series, blocked; default: the rows' own order); k-fold on ordered rows is blocked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "cli", arg(long))]
    pub order: Option<String>,
}

/// [`open_targets`] with the rows' groups and time order read from the columns `structure` names.
///
/// ```
/// use featrank::data::{datasets, TaskChoice};
/// use featrank::data::datasets::Structure;
/// let by_species = Structure { groups: Some("class".into()), order: None };
/// let err = datasets::open_structured("iris", &["sepallength"], TaskChoice::Regression, &by_species).unwrap();
/// assert_eq!((err.n_features(), err.groups().unwrap().n_groups()), (3, 3));
/// ```
pub fn open_structured<S: AsRef<str>>(
    data: &str,
    targets: &[S],
    task: TaskChoice,
    structure: &Structure,
) -> Result<Dataset> {
    fn build<'f>(
        frame: &'f polars::prelude::DataFrame,
        targets: &[String],
        task: TaskChoice,
        structure: &Structure,
    ) -> crate::data::DatasetBuilder<'f> {
        let mut builder = Dataset::builder_targets(frame, targets).task(task);
        if let Some(g) = &structure.groups {
            builder = builder.groups(g);
        }
        if let Some(t) = &structure.order {
            builder = builder.time_order(t);
        }
        builder
    }
    let targets: Vec<String> = targets.iter().map(|t| t.as_ref().to_string()).collect();
    let path = std::path::Path::new(data);
    if !path.is_file() && names().contains(&data) {
        let b = load(data)?;
        let task = if task == TaskChoice::Auto { b.task } else { task };
        let targets = if targets.is_empty() { b.targets } else { split_list(targets, &b.frame) };
        return build(&b.frame, &targets, task, structure).build();
    }
    if crate::data::io::Format::from_path(path)? == crate::data::io::Format::Svmlight {
        let (x, labels, names) = crate::data::io::read_svmlight(path)?;
        let all: Vec<String> = labels.get_column_names().iter().map(|s| s.to_string()).collect();
        let targets = if targets.is_empty() { all } else { split_list(targets, &labels) };
        return build(&labels, &targets, task, structure).sparse_features(x, &names).build();
    }
    let (frame, declared) = read_with_targets(path)?;
    let mulan = |xml: &std::path::Path| -> Result<Vec<String>> {
        let labels = crate::data::io::mulan::read_labels(xml)?;
        match labels.iter().find(|l| frame.column(l).is_err()) {
            Some(l) => Err(Error::column(l, format!("a label of {} is not an attribute of {data}", xml.display()))),
            None => Ok(labels),
        }
    };
    let targets = match (targets.as_slice(), declared.is_empty()) {
        // Mulan's XML label file named as the target
        ([xml], _) if xml.to_ascii_lowercase().ends_with(".xml") && frame.column(xml).is_err() => {
            mulan(std::path::Path::new(xml))?
        }
        ([_, ..], _) => split_list(targets, &frame),
        ([], false) => declared,
        ([], true) => match crate::data::io::mulan::beside(path) {
            Some(xml) => mulan(&xml)?,
            None => vec![frame
                .get_column_names()
                .last()
                .map(|s| s.to_string())
                .ok_or_else(|| Error::EmptyData { what: format!("{data} has no columns") })?],
        },
    };
    build(&frame, &targets, task, structure).build()
}

/// One target name with commas that names no column of `frame`: the names it lists.
fn split_list(targets: Vec<String>, frame: &polars::prelude::DataFrame) -> Vec<String> {
    match targets.as_slice() {
        [one] if one.contains(',') && frame.column(one).is_err() => {
            one.split(',').map(|t| t.trim().to_string()).collect()
        }
        _ => targets,
    }
}
