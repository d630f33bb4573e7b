//! Data as R holds it — a data.frame's columns (factors, `NA`), a sparse `dgCMatrix`'s compressed columns, or a
//! file or bundled dataset by name — as the library's `Dataset`.

use std::sync::Arc;

use featrank::data::{self, datasets, TaskChoice};
use savvy::{savvy, IntegerSexp, ListSexp, RealSexp, StringSexp};

/// A dataset held by the library (R's `featrank_dataset` wraps it).
/// @noRd
#[savvy]
pub struct Dataset {
    pub(crate) inner: Arc<data::Dataset>,
}

fn task(text: &str) -> savvy::Result<TaskChoice> {
    crate::guarded(|| text.parse())
}

fn strings(values: &StringSexp) -> Vec<String> {
    values.iter().map(str::to_string).collect()
}

/// A dataset of R's columns (`columns`, `levels`: `frames::frame_from_r`); the features from the columns that are
/// neither a target nor the groups or the order, or, when `sparse` is given (`list(p, i, x, n_rows, names)`: a
/// `dgCMatrix`'s compressed columns), from that matrix, kept sparse.
/// @noRd
#[savvy]
#[allow(clippy::too_many_arguments)]
fn fr_dataset(
    columns: ListSexp,
    levels: ListSexp,
    targets: StringSexp,
    task: &str,
    allow_identifiers: bool,
    groups: Option<&str>,
    order: Option<&str>,
    sparse: Option<ListSexp>,
) -> savvy::Result<Dataset> {
    let frame = crate::frames::frame_from_r(&columns, &levels)?;
    let (targets, task) = (strings(&targets), self::task(task)?);
    let sparse = sparse.map(|parts| sparse_matrix(&parts)).transpose()?;
    let ds = crate::guarded(|| {
        let mut builder =
            data::Dataset::builder_targets(&frame, &targets).task(task).allow_identifiers(allow_identifiers);
        if let Some(g) = groups {
            builder = builder.groups(g);
        }
        if let Some(t) = order {
            builder = builder.time_order(t);
        }
        match sparse {
            Some((x, names)) => builder.sparse_features(x, &names).build(),
            None => builder.build(),
        }
    })?;
    Ok(Dataset { inner: Arc::new(ds) })
}

/// The sparse features of `list(p, i, x, n_rows, names)`.
fn sparse_matrix(parts: &ListSexp) -> savvy::Result<(data::dataset::SparseMatrix, Vec<String>)> {
    let get = |name: &str| parts.get(name).ok_or_else(|| savvy::Error::new(format!("sparse: no {name}")));
    let p = IntegerSexp::try_from(get("p")?)?;
    let i = IntegerSexp::try_from(get("i")?)?;
    let x = RealSexp::try_from(get("x")?)?;
    let n_rows = RealSexp::try_from(get("n_rows")?)?.as_slice().first().copied().unwrap_or(0.0) as usize;
    let names = strings(&StringSexp::try_from(get("names")?)?);
    // a negative entry (a corrupt matrix) becomes a value the library's checks refuse by name
    let p: Vec<usize> = p.iter().map(|&v| usize::try_from(v).unwrap_or(usize::MAX)).collect();
    let i: Vec<u32> = i.iter().map(|&v| u32::try_from(v).unwrap_or(u32::MAX)).collect();
    let width = names.len();
    let x = crate::guarded(|| data::dataset::SparseMatrix::from_csc_parts(n_rows, width, p, i, x.as_slice().to_vec()))?;
    Ok((x, names))
}

/// A data file (.csv, .csv.gz, .arff, .parquet, svmlight) or a bundled dataset by name, read as the CLI reads it.
/// @noRd
#[savvy]
fn fr_read(
    path: &str,
    targets: StringSexp,
    task: &str,
    groups: Option<&str>,
    order: Option<&str>,
) -> savvy::Result<Dataset> {
    let (targets, task) = (strings(&targets), self::task(task)?);
    let structure = datasets::Structure { groups: groups.map(str::to_string), order: order.map(str::to_string) };
    let ds = crate::guarded(|| datasets::open_structured(path, &targets, task, &structure))?;
    Ok(Dataset { inner: Arc::new(ds) })
}

/// What `print()` shows of a dataset and what R's accessors read: rows, features, the task, the names.
/// @noRd
#[savvy]
fn fr_dataset_info(data: &Dataset) -> savvy::Result<savvy::Sexp> {
    let ds = &data.inner;
    let mut out = savvy::OwnedListSexp::new(6, true)?;
    out.set_name_and_value(0, "rows", savvy::OwnedRealSexp::try_from_scalar(ds.n_rows() as f64)?)?;
    out.set_name_and_value(1, "features", crate::texts(ds.feature_names())?)?;
    out.set_name_and_value(2, "task", crate::text(ds.task().words())?)?;
    out.set_name_and_value(3, "targets", crate::texts(&ds.target_names())?)?;
    let classes = ds.class_names().map(<[String]>::to_vec).unwrap_or_default();
    out.set_name_and_value(4, "classes", crate::texts(&classes)?)?;
    out.set_name_and_value(5, "sparse", savvy::OwnedLogicalSexp::try_from_scalar(ds.is_sparse())?)?;
    out.into()
}
