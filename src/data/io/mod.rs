//! Reading tables: CSV (optionally gzip-compressed) and Parquet through polars, ARFF through [`arff`]; sparse
//! svmlight / LIBSVM files through [`svmlight`] (a dataset, not a table: [`crate::data::datasets::open`]).
//!
//! [`read`] picks the reader by extension: `.csv`, `.csv.gz`, `.parquet`, `.arff`, `.arff.gz`.
//! In CSV files an empty field, `?` (Weka's missing marker) and `NA` are read as null.
//!
//! ```no_run
//! let df = featrank::data::io::read("data/iris.arff").unwrap();
//! let ds = featrank::data::Dataset::from_polars(&df, "class").unwrap();
//! ```

pub mod arff;
pub mod mulan;
pub mod svmlight;
pub mod within_limit;

use std::io::{Cursor, Read};
use std::path::Path;

use polars::prelude::*;

use crate::data::{AsDataFrame, Frame};
use crate::error::{Error, Result};

/// The formats [`read`] knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Comma-separated values with a header row (gzip-compressed when the name ends in `.gz`).
    Csv,
    /// Apache Parquet.
    Parquet,
    /// Weka's Attribute-Relation File Format (gzip-compressed when the name ends in `.gz`).
    Arff,
    /// svmlight / LIBSVM sparse rows, `.svm`, `.svmlight` or `.libsvm` (gzip-compressed when the name ends in
    /// `.gz`): read as a dataset with sparse features ([`svmlight`]).
    Svmlight,
}

impl Format {
    /// The format a path's extension names.
    ///
    /// ```
    /// use featrank::data::io::Format;
    /// assert_eq!(Format::from_path("a/b.csv.gz").unwrap(), Format::Csv);
    /// assert!(Format::from_path("b.xlsx").is_err());
    /// ```
    pub fn from_path(path: impl AsRef<Path>) -> Result<Format> {
        let name = path.as_ref().to_string_lossy().to_ascii_lowercase();
        let name = name.strip_suffix(".gz").unwrap_or(&name);
        if name.ends_with(".csv") {
            Ok(Format::Csv)
        } else if name.ends_with(".parquet") {
            Ok(Format::Parquet)
        } else if name.ends_with(".arff") {
            Ok(Format::Arff)
        } else if [".svm", ".svmlight", ".libsvm"].iter().any(|e| name.ends_with(e)) {
            Ok(Format::Svmlight)
        } else {
            Err(Error::UnsupportedFormat { path: path.as_ref().display().to_string() })
        }
    }
}

/// Read a table from `path`, choosing the reader by extension, within the memory limit: what the table
/// will hold is estimated before it is held (see [`within_limit`]) and a read over the limit is refused
/// with [`Error::Memory`].
pub fn read(path: impl AsRef<Path>) -> Result<Frame> {
    read_with_targets(path).map(|(frame, _)| frame)
}

/// [`read`], and the target columns the file declares: an ARFF file's MEKA relation `-C n`
/// ([`arff::parse_with_targets`]); none for other files.
pub fn read_with_targets(path: impl AsRef<Path>) -> Result<(Frame, Vec<String>)> {
    let path = path.as_ref();
    let format = Format::from_path(path)?;
    let source = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let on_disk = file.metadata().map_err(|e| Error::io(path, e))?.len();
    read_from(file, on_disk, format, &source)
}

/// Read a table held in memory; `source` names it in error messages. Gzip input is detected by its
/// magic bytes. Refused like [`read`] when the table would exceed the memory limit.
pub fn read_bytes(bytes: &[u8], format: Format, source: &str) -> Result<Frame> {
    read_bytes_with_targets(bytes, format, source).map(|(frame, _)| frame)
}

/// [`read_bytes`], and the target columns the table declares (as [`read_with_targets`]).
pub fn read_bytes_with_targets(bytes: &[u8], format: Format, source: &str) -> Result<(Frame, Vec<String>)> {
    read_from(bytes, bytes.len() as u64, format, source)
}

fn read_from(input: impl Read, on_disk: u64, format: Format, source: &str) -> Result<(Frame, Vec<String>)> {
    let bytes = within_limit::read_input(input, on_disk, format != Format::Parquet, source)?;
    match format {
        Format::Csv => read_csv_bytes(&bytes, source).map(|f| (Frame::new(f), Vec::new())),
        Format::Parquet => read_parquet_bytes(&bytes, source).map(|f| (Frame::new(f), Vec::new())),
        Format::Arff => {
            let text =
                std::str::from_utf8(&bytes).map_err(|e| parse_error(source, format!("not valid UTF-8 text ({e})")))?;
            arff::parse_with_targets(text, source)
        }
        Format::Svmlight => Err(parse_error(
            source,
            "an svmlight file holds sparse features, not a table: open it as a dataset (featrank info, \
             featrank.Dataset(path), datasets::open)"
                .into(),
        )),
    }
}

/// The sparse features, target frame and feature names of the svmlight file at `path` ([`svmlight::parse`]),
/// read within the memory limit.
pub fn read_svmlight(path: &Path) -> Result<(crate::data::dataset::SparseMatrix, DataFrame, Vec<String>)> {
    let source = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let on_disk = file.metadata().map_err(|e| Error::io(path, e))?.len();
    // the bytes held, no table's cells: the parser checks the rows it makes
    let bytes = within_limit::read_input(file, on_disk, false, &source)?;
    let text = std::str::from_utf8(&bytes).map_err(|e| parse_error(&source, format!("not valid UTF-8 text ({e})")))?;
    svmlight::parse(text, &source)
}

fn parse_error(source: &str, reason: String) -> Error {
    Error::Parse { source_name: source.to_string(), line: None, reason }
}

fn read_csv_bytes(bytes: &[u8], source: &str) -> Result<DataFrame> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
        Error::Parse { source_name: source.to_string(), line: Some(line), reason: "not valid UTF-8 text".into() }
    })?;
    let header = check_header(text, source)?;
    let options = CsvReadOptions::default().with_has_header(true).with_infer_schema_length(None).with_parse_options(
        CsvParseOptions::default().with_null_values(Some(NullValues::AllColumns(vec![
            "".into(),
            "?".into(),
            "NA".into(),
        ]))),
    );
    let mut frame = options
        .into_reader_with_file_handle(Cursor::new(text.as_bytes()))
        .finish()
        .map_err(|e| parse_error(source, e.to_string()))?;
    // polars 0.55 keeps the doubled quotes of a quoted header name; use the RFC 4180 reading instead.
    if header.len() == frame.width() {
        frame.set_column_names(&header)?;
    }
    Ok(frame)
}

/// The header's names; refuses a repeated name (polars would silently rename a repeat).
fn check_header(text: &str, source: &str) -> Result<Vec<String>> {
    let header = text.lines().next().unwrap_or("");
    if header.trim().is_empty() {
        return Err(parse_error(source, "empty file or empty header line".into()));
    }
    let names = split_csv_line(header);
    let mut seen = std::collections::HashSet::new();
    for name in &names {
        if !seen.insert(name.as_str()) {
            return Err(Error::DuplicateName { name: name.clone(), context: format!("the CSV header of {source}") });
        }
    }
    Ok(names)
}

/// Split one CSV line into fields (RFC 4180 quoting).
fn split_csv_line(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.trim_end_matches('\r').chars().peekable();
    while let Some(ch) = chars.next() {
        match (quoted, ch) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (_, '"') => quoted = !quoted,
            (false, ',') => fields.push(std::mem::take(&mut field)),
            (_, c) => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// Write a frame as CSV (header row, nulls as empty fields).
pub fn write_csv(frame: impl AsDataFrame, path: impl AsRef<Path>) -> Result<()> {
    let path = path.as_ref();
    let mut file = std::fs::File::create(path).map_err(|e| Error::io(path, e))?;
    write_csv_to(frame, &mut file)
}

/// Write a frame to `path` in the format its extension names: `.csv` or `.parquet`.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let df = featrank::polars::prelude::df!("feature" => ["a"], "score" => [1.0]).unwrap();
/// featrank::data::io::write(&df, dir.path().join("r.csv")).unwrap();
/// assert!(featrank::data::io::write(&df, dir.path().join("r.arff")).is_err());
/// ```
pub fn write(frame: impl AsDataFrame, path: impl AsRef<Path>) -> Result<()> {
    let path = path.as_ref();
    match check_writable(path, "out")? {
        Format::Parquet => write_parquet(frame, path),
        _ => write_csv(frame, path),
    }
}

/// The format [`write()`] would write `path` in, or the error it would give, naming the parameter `param` that
/// gave the path: a table is written as `.csv` or `.parquet`. The command line checks its output paths with it
/// before any work.
///
/// ```
/// use featrank::data::io::check_writable;
/// assert!(check_writable("ranking.csv".as_ref(), "out").is_ok());
/// let err = check_writable("ranking".as_ref(), "out").unwrap_err();
/// assert_eq!(err.to_string(), "invalid parameter 'out': ranking: featrank writes .csv or .parquet files");
/// assert!(check_writable("truth.arff".as_ref(), "truth").unwrap_err().to_string().contains("'truth'"));
/// ```
pub fn check_writable(path: &Path, param: &str) -> Result<Format> {
    let gz = path.to_string_lossy().to_ascii_lowercase().ends_with(".gz");
    match Format::from_path(path) {
        Ok(f @ (Format::Csv | Format::Parquet)) if !gz => Ok(f),
        _ => Err(Error::param(param, format!("{}: featrank writes .csv or .parquet files", path.display()))),
    }
}

/// Write a frame as Apache Parquet (needs the cargo feature `parquet`, on by default).
pub fn write_parquet(frame: impl AsDataFrame, path: impl AsRef<Path>) -> Result<()> {
    let (frame, path) = (frame.as_data_frame(), path.as_ref());
    #[cfg(feature = "parquet")]
    {
        let file = std::fs::File::create(path).map_err(|e| Error::io(path, e))?;
        ParquetWriter::new(file).finish(&mut frame.clone())?;
        Ok(())
    }
    #[cfg(not(feature = "parquet"))]
    {
        let _ = frame;
        Err(no_parquet(&path.display().to_string()))
    }
}

#[cfg(feature = "parquet")]
fn read_parquet_bytes(bytes: &[u8], source: &str) -> Result<DataFrame> {
    let failed = |e: PolarsError| parse_error(source, e.to_string());
    let mut reader = ParquetReader::new(Cursor::new(bytes));
    let (rows, columns) = (reader.num_rows().map_err(failed)?, reader.schema().map_err(failed)?.len());
    let cells = rows as u64 * columns as u64;
    let needed = (bytes.len() as u64).saturating_add(cells.saturating_mul(within_limit::BYTES_PER_CELL));
    crate::memory::check(needed, || {
        format!(
            "reading {source} ({rows} rows × {columns} columns, {} Parquet)",
            crate::memory::human(bytes.len() as u64)
        )
    })?;
    reader.finish().map_err(failed)
}

#[cfg(not(feature = "parquet"))]
fn read_parquet_bytes(_bytes: &[u8], source: &str) -> Result<DataFrame> {
    Err(no_parquet(source))
}

/// The error of a Parquet request in a build without the `parquet` feature.
#[cfg(not(feature = "parquet"))]
fn no_parquet(source: &str) -> Error {
    Error::FeatureDisabled {
        feature: "parquet",
        what: format!("{source}: Parquet"),
        cost: "polars' Parquet reader and codecs: about 5 more minutes of a cold build on 2 cores",
    }
}

/// Refuse an output path that is one of `inputs` (or another output of the same run, listed among them).
///
/// ```
/// use std::path::Path;
/// use featrank::data::io::refuse_overwriting;
/// assert!(refuse_overwriting(&[Path::new("a.csv")], Path::new("a.csv")).is_err());
/// assert!(refuse_overwriting(&[Path::new("a.csv")], Path::new("b.csv")).is_ok());
/// ```
pub fn refuse_overwriting(inputs: &[&Path], out: &Path) -> Result<()> {
    let Ok(target) = std::fs::canonicalize(out) else {
        // the output does not exist yet; it can still be named twice in one run
        if let Some(same) = inputs.iter().find(|p| *p == &out) {
            return Err(Error::param("out", format!("{} is named twice; choose another output file", same.display())));
        }
        return Ok(());
    };
    if inputs.iter().any(|p| std::fs::canonicalize(p).is_ok_and(|c| c == target)) {
        return Err(Error::param(
            "out",
            format!("{} is an input of this run; choose another output file", out.display()),
        ));
    }
    Ok(())
}

/// Write through a temporary file beside `path` and rename, so a failure never leaves half a file.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("r.csv");
/// let df = featrank::polars::prelude::df!("feature" => ["a"]).unwrap();
/// featrank::data::io::write_atomically(&path, |tmp| featrank::data::io::write(&df, tmp)).unwrap();
/// assert!(path.exists());
/// ```
pub fn write_atomically(path: &Path, write: impl FnOnce(&Path) -> Result<()>) -> Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let tmp = path.with_file_name(format!(".tmp-{name}"));
    let result = write(&tmp).and_then(|_| std::fs::rename(&tmp, path).map_err(|e| Error::io(path, e)));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Write a frame as CSV to any writer (e.g. standard output).
pub fn write_csv_to(frame: impl AsDataFrame, writer: &mut impl std::io::Write) -> Result<()> {
    CsvWriter::new(writer).include_header(true).finish(&mut frame.as_data_frame().clone())?;
    Ok(())
}
