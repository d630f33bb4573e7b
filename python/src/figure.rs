//! `featrank.Figure`: an SVG figure shown inline in a notebook.

use std::path::PathBuf;

use featrank::report;
use pyo3::prelude::*;

use crate::{guarded, pickle};

/// A figure (SVG): shown inline in a notebook; ``save(path)`` writes it.
///
/// Examples
/// --------
/// >>> import featrank, tempfile, pathlib
/// >>> fig = featrank.curves("iris", rankers="fisher", folds=2, repeats=1, expected=2, progress=False).plot()
/// >>> fig.svg.startswith("<svg")
/// True
/// >>> with tempfile.TemporaryDirectory() as d:
/// ...     fig.savefig(pathlib.Path(d) / "curves.svg")
#[pyclass(module = "featrank", name = "Figure", frozen)]
pub struct Figure {
    inner: report::Figure,
}

impl Figure {
    pub(crate) fn wrap(inner: report::Figure) -> Figure {
        Figure { inner }
    }
}

#[pymethods]
impl Figure {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pickle::reduce(py.get_type::<Figure>(), vec![self.inner.svg().as_bytes().to_vec()])
    }
    /// Rebuilt from what `__reduce__` gave: the SVG text.
    #[staticmethod]
    fn _from_state(parts: Vec<Vec<u8>>) -> PyResult<Figure> {
        let svg = pickle::text(pickle::Parts::new("Figure", &parts).get(0)?)?;
        Ok(Figure::wrap(report::Figure::from_svg(svg)))
    }
    /// The SVG text.
    #[getter]
    fn svg(&self) -> String {
        self.inner.svg().to_string()
    }
    /// Write the SVG to a file.
    ///
    /// Parameters
    /// ----------
    /// path : str or os.PathLike
    ///     The file to write.
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> import pathlib, tempfile
    /// >>> folder = pathlib.Path(tempfile.mkdtemp())
    /// >>> figure = curves.plot()
    /// >>> figure.save(folder / "curves.svg")
    /// >>> (folder / "curves.svg").read_text() == figure.svg
    /// True
    fn save(&self, #[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<()> {
        guarded(|| self.inner.save_svg(&path))
    }
    /// Write the figure to a file in the format its extension names, as matplotlib's ``savefig``.
    ///
    /// featrank draws SVG; for PNG, convert ``figure.svg`` with a renderer such as cairosvg or resvg.
    ///
    /// Parameters
    /// ----------
    /// path : str or os.PathLike
    ///     A ``.svg`` file (another extension is refused, naming the formats taken).
    ///
    /// Examples
    /// --------
    /// >>> import featrank
    /// >>> iris = featrank.datasets.load("iris")
    /// >>> curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=6, expected=5,
    /// ...                          seed=1, progress=False)
    /// >>> import pathlib, tempfile
    /// >>> folder = pathlib.Path(tempfile.mkdtemp())
    /// >>> figure = curves.plot()
    /// >>> figure.savefig(folder / "curves.svg")
    /// >>> (folder / "curves.svg").exists()
    /// True
    fn savefig(&self, #[pyo3(from_py_with = crate::args::arg)] path: PathBuf) -> PyResult<()> {
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("svg") => guarded(|| self.inner.save_svg(&path)),
            other => Err(crate::to_py(featrank::Error::param(
                "path",
                format!(
                    "{}: featrank draws SVG; save as .svg, or convert fig.svg with a renderer (e.g. \
                     cairosvg.svg2png(bytestring=fig.svg.encode(), write_to=\"figure.png\"))",
                    other.map_or("no extension".to_string(), |e| format!("'.{e}'"))
                ),
            ))),
        }
    }
    fn _repr_svg_(&self) -> String {
        self.inner.svg().to_string()
    }
    fn __repr__(&self) -> String {
        format!(
            "<featrank.Figure: SVG, {} bytes; shown inline in a notebook, .save(path) writes it>",
            self.inner.svg().len()
        )
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Figure>()
}
