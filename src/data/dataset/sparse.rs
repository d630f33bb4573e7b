//! Sparse features: [`SparseMatrix`] (compressed sparse columns) and how a [`Dataset`] holds it.
//!
//! Text (bag-of-words counts), single-cell expression and one-hot encodings are mostly zeros; a dense copy of
//! 20,000 documents × 100,000 terms is 16 GB, its compressed columns a few MB. A dataset built from a
//! [`SparseMatrix`] keeps it so: a feature is its non-zero rows and values, every absent cell is 0 (never
//! missing — a sparse matrix has no missing cells), and
//! - rankers that score one feature at a time (χ², information gain, gain ratio, symmetrical uncertainty,
//!   Fisher score, mutual information: [`crate::rankers::Ranker::accepts_sparse`]) read one column at a time, so
//!   they hold one dense column per thread, never the matrix;
//! - every other ranker takes a dense copy of the dataset after the memory check, refused by name with the
//!   numbers when it does not fit ([`Dataset::densify`]);
//! - a curve run gives its learner, in each split, a dense copy of exactly the columns that split's chain
//!   reaches ([`Dataset::select_indices`]): a grid up to 1,000 on 100,000 features costs what 1,000 dense
//!   features cost.
//!
//! The matrix is [sprs](https://docs.rs/sprs)' `CsMatI<f64, u32>` (already in the dependency tree through linfa)
//! behind a checked constructor: row indices are `u32` (half the index memory of `usize`), duplicates are
//! summed (as SciPy does), explicit zeros dropped, and a NaN or ±∞ value is refused naming its cell.

use std::borrow::Cow;

use ndarray::{Array2, ShapeBuilder};
use sprs::{CsMatI, TriMatI};

use super::Dataset;
use crate::error::{Error, Result};
use crate::memory::{self, F64};

/// A sparse feature matrix, rows × features, held as compressed columns (CSC); see the module `data::dataset::sparse`.
///
/// ```
/// use featrank::data::dataset::SparseMatrix;
/// // 3 documents × 4 terms; the cell (2, 1) is given twice and summed.
/// let x = SparseMatrix::from_triplets(3, 4, &[0, 2, 2, 1], &[0, 1, 1, 3], &[1.0, 2.0, 3.0, 4.0]).unwrap();
/// assert_eq!((x.n_rows(), x.n_cols(), x.nnz()), (3, 4, 3));
/// assert_eq!(x.column(1), (&[2u32][..], &[5.0][..]));
/// assert_eq!(x.dense_column(3), vec![0.0, 4.0, 0.0]);
/// assert!((x.density() - 0.25).abs() < 1e-12);
/// assert!(SparseMatrix::from_triplets(3, 4, &[0], &[9], &[1.0]).is_err()); // column 9 of 4
/// assert!(SparseMatrix::from_triplets(3, 4, &[0], &[0], &[f64::NAN]).is_err()); // names the cell
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct SparseMatrix {
    m: CsMatI<f64, u32, usize>,
}

impl SparseMatrix {
    /// From coordinates: value `values[i]` at (`rows[i]`, `cols[i]`) of an `n_rows × n_cols` matrix (SciPy's COO).
    /// Repeated coordinates are summed; zeros (given, or sums that cancel) are not stored. Refused: lengths
    /// that differ, a coordinate out of the shape, a NaN or infinite value (named by its cell), more than 2³²
    /// rows.
    pub fn from_triplets(n_rows: usize, n_cols: usize, rows: &[usize], cols: &[usize], values: &[f64]) -> Result<Self> {
        if rows.len() != values.len() || cols.len() != values.len() {
            return Err(Error::param(
                "x",
                format!("{} row indices, {} column indices and {} values differ", rows.len(), cols.len(), values.len()),
            ));
        }
        if n_rows > u32::MAX as usize {
            return Err(Error::param("x", format!("{n_rows} rows: a sparse matrix holds at most 2³² rows")));
        }
        // the coordinates' copies and the column pointers (the shape sizes them, not the values)
        let pointers = (n_cols as u64).saturating_add(1).saturating_mul(2 * F64);
        memory::check((values.len() as u64).saturating_mul(3 * F64 + 8).saturating_add(pointers), || {
            format!("a sparse matrix of {n_rows} rows × {n_cols} features with {} stored values", values.len())
        })?;
        if let Some(i) = (0..values.len()).find(|&i| rows[i] >= n_rows || cols[i] >= n_cols) {
            return Err(Error::param(
                "x",
                format!(
                    "the value at (row {}, column {}) lies outside its {n_rows} × {n_cols} shape",
                    rows[i], cols[i]
                ),
            ));
        }
        check_finite(values, |i| (rows[i], cols[i]))?;
        let rows32: Vec<u32> = rows.iter().map(|&r| r as u32).collect();
        let tri = TriMatI::<f64, u32>::from_triplets(
            (n_rows, n_cols),
            rows32,
            cols.iter().map(|&c| c as u32).collect(),
            values.to_vec(),
        );
        let summed: CsMatI<f64, u32, usize> = tri.to_csc();
        Ok(SparseMatrix::without_zeros(summed))
    }

    /// From compressed columns (SciPy's CSC arrays): column `j`'s rows are `indices[indptr[j]..indptr[j + 1]]`
    /// with their `values`; rows within a column in any order, a repeated row summed.
    ///
    /// ```
    /// use featrank::data::dataset::SparseMatrix;
    /// let x = SparseMatrix::from_csc(3, 2, &[0, 2, 3], &[2, 0, 1], &[5.0, 1.0, 7.0]).unwrap();
    /// assert_eq!(x.dense_column(0), vec![1.0, 0.0, 5.0]);
    /// assert!(SparseMatrix::from_csc(3, 2, &[0, 3, 2], &[2, 0, 1], &[5.0, 1.0, 7.0]).is_err()); // indptr falls
    /// ```
    pub fn from_csc(n_rows: usize, n_cols: usize, indptr: &[usize], indices: &[usize], values: &[f64]) -> Result<Self> {
        if let Some(&r) = indices.iter().find(|&&r| r >= n_rows.min(u32::MAX as usize)) {
            return Err(Error::param("x", format!("row index {r} lies outside the {n_rows} rows")));
        }
        let indices = indices.iter().map(|&r| r as u32).collect();
        SparseMatrix::from_csc_parts(n_rows, n_cols, indptr.to_vec(), indices, values.to_vec())
    }

    /// [`SparseMatrix::from_csc`] taking the arrays (no copy when the columns are canonical: rows ascending,
    /// none repeated — else they are sorted and repeats summed).
    pub fn from_csc_parts(
        n_rows: usize,
        n_cols: usize,
        indptr: Vec<usize>,
        indices: Vec<u32>,
        values: Vec<f64>,
    ) -> Result<Self> {
        check_compressed(false, (n_rows, n_cols), &indptr, &indices, &values)?;
        let canonical = (0..n_cols).all(|j| indices[indptr[j]..indptr[j + 1]].windows(2).all(|w| w[0] < w[1]));
        if !canonical {
            let rows: Vec<usize> = indices.iter().map(|&r| r as usize).collect();
            let cols: Vec<usize> =
                (0..n_cols).flat_map(|j| std::iter::repeat_n(j, indptr[j + 1] - indptr[j])).collect();
            return SparseMatrix::from_triplets(n_rows, n_cols, &rows, &cols, &values);
        }
        Ok(SparseMatrix::without_zeros(CsMatI::new_csc((n_rows, n_cols), indptr, indices, values)))
    }

    /// From compressed rows (SciPy's CSR arrays, the layout text and single-cell data arrive in): row `i`'s
    /// columns are `indices[indptr[i]..indptr[i + 1]]` with their `values`. The arrays are read where they lie
    /// (borrowed) and turned into columns in one counting pass: the matrix's own size is all that is allocated.
    ///
    /// ```
    /// use featrank::data::dataset::SparseMatrix;
    /// // 2 rows × 3 columns: row 0 holds column 2, row 1 holds columns 0 and 2
    /// let x = SparseMatrix::from_csr(2, 3, &[0, 1, 3], &[2, 0, 2], &[4.0, 3.0, 1.0]).unwrap();
    /// assert_eq!((x.dense_column(0), x.dense_column(2)), (vec![0.0, 3.0], vec![4.0, 1.0]));
    /// assert!(SparseMatrix::from_csr(2, 3, &[0, 1, 3], &[2, 5, 2], &[4.0, 3.0, 1.0]).is_err()); // column 5 of 3
    /// ```
    pub fn from_csr(n_rows: usize, n_cols: usize, indptr: &[usize], indices: &[u32], values: &[f64]) -> Result<Self> {
        let nnz = values.len();
        check_compressed(true, (n_rows, n_cols), indptr, indices, values)?;
        let pointers = (n_cols as u64).saturating_add(1).saturating_mul(F64);
        memory::check((nnz as u64).saturating_mul(F64 + 4).saturating_add(pointers), || {
            format!("a sparse matrix of {n_rows} rows × {n_cols} features with {nnz} stored values")
        })?;
        // columns' starts by counting, then each row's entries dropped into place: rows ascend within a column
        let mut starts = vec![0usize; n_cols + 1];
        for &c in indices {
            starts[c as usize + 1] += 1;
        }
        for j in 0..n_cols {
            starts[j + 1] += starts[j];
        }
        let mut next = starts.clone();
        let (mut rows, mut column_values) = (vec![0u32; nnz], vec![0.0; nnz]);
        for i in 0..n_rows {
            for k in indptr[i]..indptr[i + 1] {
                let at = &mut next[indices[k] as usize];
                rows[*at] = i as u32;
                column_values[*at] = values[k];
                *at += 1;
            }
        }
        drop(next);
        SparseMatrix::from_csc_parts(n_rows, n_cols, starts, rows, column_values)
    }

    /// Any sprs matrix of `f64` (compressed rows or columns).
    ///
    /// ```
    /// use featrank::data::dataset::SparseMatrix;
    /// let csr = sprs::CsMat::new((2, 3), vec![0, 1, 2], vec![2, 0], vec![4.0, 3.0]);
    /// let x = SparseMatrix::from_sprs(&csr).unwrap();
    /// assert_eq!((x.dense_column(0), x.dense_column(2)), (vec![0.0, 3.0], vec![4.0, 0.0]));
    /// ```
    pub fn from_sprs(x: &sprs::CsMat<f64>) -> Result<Self> {
        let (mut rows, mut cols, mut values) = (Vec::new(), Vec::new(), Vec::new());
        for (&v, (r, c)) in x.iter() {
            rows.push(r);
            cols.push(c);
            values.push(v);
        }
        SparseMatrix::from_triplets(x.rows(), x.cols(), &rows, &cols, &values)
    }

    /// Drop stored zeros (the structure is already sorted and without duplicates).
    fn without_zeros(m: CsMatI<f64, u32, usize>) -> Self {
        if m.data().iter().all(|&v| v != 0.0) {
            return SparseMatrix { m };
        }
        let (n_rows, n_cols) = m.shape();
        let mut indptr = Vec::with_capacity(n_cols + 1);
        let (mut indices, mut data) = (Vec::new(), Vec::new());
        indptr.push(0);
        for col in m.outer_iterator() {
            for (r, &v) in col.iter() {
                if v != 0.0 {
                    indices.push(r as u32);
                    data.push(v);
                }
            }
            indptr.push(data.len());
        }
        SparseMatrix { m: CsMatI::new_csc((n_rows, n_cols), indptr, indices, data) }
    }

    /// Number of rows.
    pub fn n_rows(&self) -> usize {
        self.m.rows()
    }

    /// Number of columns (features).
    pub fn n_cols(&self) -> usize {
        self.m.cols()
    }

    /// Number of stored (non-zero) values.
    pub fn nnz(&self) -> usize {
        self.m.nnz()
    }

    /// Stored values over cells (0 for an empty shape).
    pub fn density(&self) -> f64 {
        let cells = self.n_rows() as f64 * self.n_cols() as f64;
        if cells == 0.0 {
            0.0
        } else {
            self.nnz() as f64 / cells
        }
    }

    /// Bytes the matrix holds: its values, row indices and column pointers.
    pub fn bytes(&self) -> u64 {
        self.nnz() as u64 * (F64 + 4) + (self.n_cols() as u64 + 1) * F64
    }

    /// The compressed columns as they are held (SciPy's CSC arrays): column pointers, row indices (ascending
    /// within a column), values.
    pub fn parts(&self) -> (Cow<'_, [usize]>, &[u32], &[f64]) {
        (self.m.proper_indptr(), self.m.indices(), self.m.data())
    }

    /// Column `j`'s non-zero rows (ascending) and values. Panics if `j ≥ n_cols()`, like slice indexing.
    pub fn column(&self, j: usize) -> (&[u32], &[f64]) {
        let ptr = self.m.indptr();
        let (a, b) = (ptr.index(j), ptr.index(j + 1));
        (&self.m.indices()[a..b], &self.m.data()[a..b])
    }

    /// Column `j` with its zeros: `n_rows` values.
    pub fn dense_column(&self, j: usize) -> Vec<f64> {
        let mut out = vec![0.0; self.n_rows()];
        let (rows, values) = self.column(j);
        rows.iter().zip(values).for_each(|(&r, &v)| out[r as usize] = v);
        out
    }

    /// The value at (`row`, `j`) (0 where nothing is stored).
    pub fn get(&self, row: usize, j: usize) -> f64 {
        let (rows, values) = self.column(j);
        rows.binary_search(&(row as u32)).map_or(0.0, |p| values[p])
    }

    /// The columns `cols` (in that order; one may repeat), still sparse.
    pub fn select_columns(&self, cols: &[usize]) -> SparseMatrix {
        let mut indptr = Vec::with_capacity(cols.len() + 1);
        indptr.push(0);
        let (mut indices, mut data) = (Vec::new(), Vec::new());
        for &j in cols {
            let (r, v) = self.column(j);
            indices.extend_from_slice(r);
            data.extend_from_slice(v);
            indptr.push(data.len());
        }
        SparseMatrix { m: CsMatI::new_csc((self.n_rows(), cols.len()), indptr, indices, data) }
    }

    /// The rows `rows` (in that order; a row may repeat — a bootstrap sample), still sparse.
    pub fn take_rows(&self, rows: &[usize]) -> SparseMatrix {
        let at = RowPositions::of(rows, self.n_rows());
        let mut indptr = Vec::with_capacity(self.n_cols() + 1);
        indptr.push(0);
        let (mut indices, mut data): (Vec<u32>, Vec<f64>) = (Vec::new(), Vec::new());
        let mut column: Vec<(u32, f64)> = Vec::new();
        for j in 0..self.n_cols() {
            column.clear();
            let (r, v) = self.column(j);
            for (&r, &v) in r.iter().zip(v) {
                column.extend(at.of_row(r as usize).iter().map(|&p| (p, v)));
            }
            column.sort_unstable_by_key(|&(p, _)| p);
            indices.extend(column.iter().map(|&(p, _)| p));
            data.extend(column.iter().map(|&(_, v)| v));
            indptr.push(data.len());
        }
        SparseMatrix { m: CsMatI::new_csc((rows.len(), self.n_cols()), indptr, indices, data) }
    }

    /// The dense `n_rows × len` column-major matrix of the columns `cols`, after the memory check (`what` names
    /// who asks for it in the refusal).
    pub fn to_dense(&self, cols: &[usize], what: &str) -> Result<Array2<f64>> {
        let (n, k) = (self.n_rows(), cols.len());
        memory::check((n as u64).saturating_mul(k as u64).saturating_mul(F64), || {
            format!(
                "a dense copy of {k} of the sparse matrix's features ({n} rows × {k}; the matrix holds {:.2} % of its \
                 cells) for {what}",
                100.0 * self.density()
            )
        })?;
        let mut out = Array2::zeros((n, k).f());
        for (c, &j) in cols.iter().enumerate() {
            let (rows, values) = self.column(j);
            let mut col = out.column_mut(c);
            rows.iter().zip(values).for_each(|(&r, &v)| col[r as usize] = v);
        }
        Ok(out)
    }
}

/// Where each row of a dataset sits in a list of its rows (a fold's training or test rows, a sample; a row may
/// repeat, as in a bootstrap sample): the positions of row `r` are `of_row(r)`, ascending. A counting sort.
pub(crate) struct RowPositions {
    start: Vec<u32>,
    at: Vec<u32>,
}

impl RowPositions {
    /// The positions in `rows` of each of the `n` rows.
    pub(crate) fn of(rows: &[usize], n: usize) -> RowPositions {
        let mut start = vec![0u32; n + 1];
        rows.iter().for_each(|&r| start[r + 1] += 1);
        (0..n).for_each(|r| start[r + 1] += start[r]);
        let mut fill = start.clone();
        let mut at = vec![0u32; rows.len()];
        for (p, &r) in rows.iter().enumerate() {
            at[fill[r] as usize] = p as u32;
            fill[r] += 1;
        }
        RowPositions { start, at }
    }

    /// The positions of row `r`.
    pub(crate) fn of_row(&self, r: usize) -> &[u32] {
        &self.at[self.start[r] as usize..self.start[r + 1] as usize]
    }
}

impl Dataset {
    /// Feature `j`'s non-zero cells (a missing one, NaN, counts as non-zero) at the rows `positions` covers, as
    /// (position, value), by data row: the stored values of a sparse feature, the non-zero ones of a dense
    /// feature — the same entries in the same order, so code summing them gives both the same bits, and a
    /// sparse feature costs its stored values.
    pub(crate) fn nonzero_at(&self, j: usize, positions: &RowPositions, out: &mut Vec<(u32, f64)>) {
        out.clear();
        match self.sparse() {
            Some(x) => {
                let (rows, values) = x.column(j);
                for (&r, &v) in rows.iter().zip(values) {
                    out.extend(positions.of_row(r as usize).iter().map(|&p| (p, v)));
                }
            }
            None => {
                for (r, &v) in self.feature(j).iter().enumerate() {
                    if v != 0.0 {
                        out.extend(positions.of_row(r).iter().map(|&p| (p, v)));
                    }
                }
            }
        }
    }
}

/// Compressed arrays checked as SciPy's CSR (`by_rows`: pointers per row, column indices) or CSC: the
/// pointers' count, start, end and order, every index inside the shape, every value finite — each failure named.
fn check_compressed(
    by_rows: bool,
    (n_rows, n_cols): (usize, usize),
    indptr: &[usize],
    indices: &[u32],
    values: &[f64],
) -> Result<()> {
    let (major, minor, n_major, n_minor) =
        if by_rows { ("row", "column", n_rows, n_cols) } else { ("column", "row", n_cols, n_rows) };
    if indptr.len() != n_major + 1 || indptr[0] != 0 || indptr[n_major] != values.len() || indices.len() != values.len()
    {
        return Err(Error::param(
            "x",
            format!(
                "compressed {major}s need {} {major} pointers from 0 to the {} values (and as many {minor} indices, \
                 got {}); got {} ending at {}",
                n_major + 1,
                values.len(),
                indices.len(),
                indptr.len(),
                indptr.last().copied().unwrap_or(0)
            ),
        ));
    }
    if n_rows > u32::MAX as usize {
        return Err(Error::param("x", format!("{n_rows} rows: a sparse matrix holds at most 2³² rows")));
    }
    if let Some(j) = (0..n_major).find(|&j| indptr[j] > indptr[j + 1]) {
        return Err(Error::param("x", format!("the {major} pointers fall at {major} {j}")));
    }
    if let Some(&i) = indices.iter().find(|&&i| i as usize >= n_minor) {
        return Err(Error::param("x", format!("{minor} index {i} lies outside the {n_minor} {minor}s")));
    }
    let major_of = |k: usize| indptr.partition_point(|&p| p <= k) - 1;
    check_finite(values, |k| match by_rows {
        true => (major_of(k), indices[k] as usize),
        false => (indices[k] as usize, major_of(k)),
    })
}

/// Refuse the first NaN or infinite value, naming its cell.
fn check_finite(values: &[f64], cell: impl Fn(usize) -> (usize, usize)) -> Result<()> {
    match values.iter().position(|v| !v.is_finite()) {
        Some(i) => {
            let (r, c) = cell(i);
            Err(Error::param(
                "x",
                format!(
                    "the value at (row {r}, column {c}) is {}: a sparse matrix holds numbers (an absent cell is 0, not \
                     missing); replace or drop it",
                    values[i]
                ),
            ))
        }
        None => Ok(()),
    }
}

impl Dataset {
    /// The sparse feature matrix, when the features are held sparse (see [`SparseMatrix`]).
    pub fn sparse(&self) -> Option<&SparseMatrix> {
        match &self.x {
            Matrix::Sparse(s) => Some(s),
            Matrix::Dense(_) => None,
        }
    }

    /// `true` when the features are held sparse.
    pub fn is_sparse(&self) -> bool {
        self.sparse().is_some()
    }

    /// Bytes the features hold as they are stored (dense: 8 per cell; sparse: its values, indices and pointers).
    pub fn feature_bytes(&self) -> u64 {
        match &self.x {
            Matrix::Dense(x) => memory::F64 * x.len() as u64,
            Matrix::Sparse(s) => s.bytes(),
        }
    }

    /// Bytes a dense copy of the features takes (8 per cell, whatever the storage).
    pub fn dense_bytes(&self) -> u64 {
        memory::F64.saturating_mul(self.n_rows() as u64).saturating_mul(self.n_features() as u64)
    }

    /// This dataset with its features dense: itself when they already are; for sparse features a dense copy,
    /// after the memory check — `what` (e.g. the method that needs it) is named in the refusal with the numbers.
    ///
    /// ```
    /// use featrank::prelude::*;
    /// use featrank::data::dataset::SparseMatrix;
    /// let x = SparseMatrix::from_triplets(4, 3, &[0, 1, 2, 3], &[0, 0, 2, 2], &[1.0, 2.0, 3.0, 4.0]).unwrap();
    /// let ds = Dataset::from_sparse(x, &ndarray::array![0usize, 0, 1, 1], &["a", "b", "c"]).unwrap();
    /// let dense = ds.densify("an example").unwrap();
    /// assert!(ds.is_sparse() && !dense.is_sparse());
    /// assert_eq!(dense.feature(2).to_vec(), ds.feature(2).to_vec());
    /// ```
    pub fn densify(&self, what: &str) -> Result<Cow<'_, Dataset>> {
        match &self.x {
            Matrix::Dense(_) => Ok(Cow::Borrowed(self)),
            Matrix::Sparse(s) => {
                let x = s.to_dense(&(0..s.n_cols()).collect::<Vec<_>>(), what)?;
                Ok(Cow::Owned(Dataset {
                    x: Matrix::Dense(x),
                    out_of_range: std::sync::OnceLock::new(),
                    ..self.clone()
                }))
            }
        }
    }

    /// The features at `idx` (in range, in that order) as a dense dataset with the same target: a dense copy of
    /// exactly those columns when the features are sparse, after the memory check (`what` named in a refusal).
    /// What a curve run gives its learner in each split.
    pub(crate) fn dense_indices(&self, idx: &[usize], what: &str) -> Result<Dataset> {
        match &self.x {
            Matrix::Dense(_) => Ok(self.select_indices(idx)),
            Matrix::Sparse(s) => Ok(self.with_matrix(Matrix::Dense(s.to_dense(idx, what)?), idx)),
        }
    }
}

/// The feature matrix of a [`super::Dataset`]: dense column-major `f64` (NaN = missing), or sparse columns.
#[derive(Debug, Clone)]
pub(super) enum Matrix {
    Dense(Array2<f64>),
    Sparse(SparseMatrix),
}

impl Matrix {
    pub(super) fn n_rows(&self) -> usize {
        match self {
            Matrix::Dense(x) => x.nrows(),
            Matrix::Sparse(s) => s.n_rows(),
        }
    }

    pub(super) fn n_cols(&self) -> usize {
        match self {
            Matrix::Dense(x) => x.ncols(),
            Matrix::Sparse(s) => s.n_cols(),
        }
    }

    /// Column `j`: borrowed when dense, its zeros filled in when sparse.
    pub(super) fn column(&self, j: usize) -> Cow<'_, [f64]> {
        match self {
            Matrix::Dense(x) => {
                Cow::Borrowed(x.column(j).to_slice().expect("column-major matrix has contiguous columns"))
            }
            Matrix::Sparse(s) => Cow::Owned(s.dense_column(j)),
        }
    }

    /// The value at (`row`, `j`).
    pub(super) fn get(&self, row: usize, j: usize) -> f64 {
        match self {
            Matrix::Dense(x) => x[[row, j]],
            Matrix::Sparse(s) => s.get(row, j),
        }
    }

    /// Rows `rows` (may repeat), in the same storage.
    pub(super) fn take_rows(&self, rows: &[usize]) -> Matrix {
        match self {
            Matrix::Dense(x) => {
                Matrix::Dense(Array2::from_shape_fn((rows.len(), x.ncols()).f(), |(i, j)| x[[rows[i], j]]))
            }
            Matrix::Sparse(s) => Matrix::Sparse(s.take_rows(rows)),
        }
    }

    /// Columns `cols`, in the same storage.
    pub(super) fn select_columns(&self, cols: &[usize]) -> Matrix {
        match self {
            Matrix::Dense(x) => {
                Matrix::Dense(Array2::from_shape_fn((x.nrows(), cols.len()).f(), |(i, c)| x[[i, cols[c]]]))
            }
            Matrix::Sparse(s) => Matrix::Sparse(s.select_columns(cols)),
        }
    }

    /// The matrix dense: borrowed, or a copy after the memory check.
    pub(super) fn dense(&self, what: &str) -> Result<Cow<'_, Array2<f64>>> {
        match self {
            Matrix::Dense(x) => Ok(Cow::Borrowed(x)),
            Matrix::Sparse(s) => Ok(Cow::Owned(s.to_dense(&(0..s.n_cols()).collect::<Vec<_>>(), what)?)),
        }
    }
}
