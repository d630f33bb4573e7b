//! The one guarded writer of the CLI's outputs: every file a command writes is claimed before any work —
//! refused when it would overwrite one of the run's inputs or another of its outputs, and a table when
//! featrank does not write its format — and then written through a temporary file and a rename, so a failure
//! never leaves half a file.

use std::path::Path;

use featrank::data::io::{self, check_writable, refuse_overwriting, write_atomically};
use featrank::data::AsDataFrame;
use featrank::report::Figure;
use featrank::Error;

/// The files of one run claimed so far: its inputs, then each output as it is claimed.
pub struct Claims<'a> {
    taken: Vec<&'a Path>,
}

impl<'a> Claims<'a> {
    /// The run's inputs, which no output may overwrite.
    pub fn of(inputs: &[&'a Path]) -> Claims<'a> {
        Claims { taken: inputs.to_vec() }
    }

    /// A table the run writes under the flag `param`: not an input or an output already claimed, `.csv` or
    /// `.parquet`.
    pub fn table(&mut self, path: &'a Path, param: &str) -> Result<&mut Claims<'a>, Error> {
        refuse_overwriting(&self.taken, path)?;
        check_writable(path, param)?;
        self.taken.push(path);
        Ok(self)
    }

    /// Another file the run writes (a figure's SVG, a run's JSON): not an input or an output already claimed.
    pub fn file(&mut self, path: &'a Path) -> Result<&mut Claims<'a>, Error> {
        refuse_overwriting(&self.taken, path)?;
        self.taken.push(path);
        Ok(self)
    }

    /// [`Claims::file`] when the flag was given.
    pub fn file_if(&mut self, path: Option<&'a Path>) -> Result<&mut Claims<'a>, Error> {
        match path {
            Some(path) => self.file(path),
            None => Ok(self),
        }
    }

    /// [`Claims::table`] when the flag was given.
    pub fn table_if(&mut self, path: Option<&'a Path>, param: &str) -> Result<&mut Claims<'a>, Error> {
        match path {
            Some(path) => self.table(path, param),
            None => Ok(self),
        }
    }
}

/// Write a table (CSV or Parquet by its extension), atomically.
pub fn table(path: &Path, frame: impl AsDataFrame) -> Result<(), Error> {
    write_atomically(path, |tmp| io::write(frame, tmp))
}

/// Write a run's JSON (`Curves::save_json`), atomically, when its flag was given.
pub fn json(path: Option<&Path>, curves: &featrank::eval::Curves) -> Result<(), Error> {
    match path {
        Some(path) => write_atomically(path, |tmp| curves.save_json(tmp)),
        None => Ok(()),
    }
}

/// Write a figure as SVG, atomically, when its flag was given; `figure` draws it only then.
pub fn figure(path: Option<&Path>, figure: impl FnOnce() -> Result<Figure, Error>) -> Result<(), Error> {
    match path {
        Some(path) => {
            let fig = figure()?;
            write_atomically(path, |tmp| fig.save_svg(tmp))
        }
        None => Ok(()),
    }
}
