//! Datasets whose features' values are permuted across rows: the mixed rows permutation importance scores a
//! fitted model on, and Boruta's shadow columns.

use std::collections::HashSet;
use std::sync::OnceLock;

use ndarray::{Array2, ShapeBuilder};

use super::{Dataset, Matrix, Origin, Slot, Source};
use crate::error::{Error, Result};

impl Dataset {
    /// All rows of this dataset, then one row per entry of `extra`: `(row, features, from)` is a copy of
    /// `row` whose `features` take their values from row `from` (target from `row`). Used to score a
    /// fitted model on test rows with some features' values permuted (permutation importance), all in
    /// one prediction.
    pub(crate) fn with_mixed_rows(&self, extra: &[(usize, &[usize], usize)]) -> Result<Dataset> {
        let n = self.n_rows();
        let m = self.n_features();
        if let Some(&(r, f, from)) =
            extra.iter().find(|(r, f, from)| *r >= n || *from >= n || f.iter().any(|&j| j >= m))
        {
            return Err(Error::param(
                "rows",
                format!("mixed row ({r}, {f:?}, {from}) is out of range ({n} rows, {m} features)"),
            ));
        }
        // source row of feature j in output row i
        let source = |i: usize, j: usize| -> usize {
            if i < n {
                i
            } else {
                let (r, f, from) = extra[i - n];
                if f.contains(&j) {
                    from
                } else {
                    r
                }
            }
        };
        let rows = n + extra.len();
        let dense = self.x.dense("rows with permuted features")?;
        let x = Matrix::Dense(Array2::from_shape_fn((rows, m).f(), |(i, j)| dense[[source(i, j), j]]));
        let origins = self
            .origins
            .iter()
            .enumerate()
            .map(|(j, o)| {
                let nan: HashSet<usize> = o.nan_rows.iter().copied().collect();
                Origin { nan_rows: (0..rows).filter(|&i| nan.contains(&source(i, j))).collect(), ..o.clone() }
            })
            .collect();
        let base: Vec<usize> = (0..rows).map(|i| if i < n { i } else { extra[i - n].0 }).collect();
        let target_origins = self
            .target_origins
            .iter()
            .map(|o| {
                let nan: HashSet<usize> = o.nan_rows.iter().copied().collect();
                Origin { nan_rows: (0..rows).filter(|&i| nan.contains(&base[i])).collect(), ..o.clone() }
            })
            .collect();
        Ok(Dataset {
            x,
            names: self.names.clone(),
            kinds: self.kinds.clone(),
            origins,
            target: self.target.take(&base),
            target_origins,
            target_label: self.target_label.clone(),
            layout: self.layout.clone(),
            out_of_range: OnceLock::new(),
            structure: self.structure.take(&base),
            source: Source::new(),
        })
    }

    /// This dataset with one shadow column appended per feature: shadow j holds feature j's values in the
    /// row order `perms[j]` (row i takes row `perms[j][i]`'s value), so it keeps the feature's values and
    /// kind but not its link to the target or to the other features (Boruta's shadows). Shadow names are
    /// `shadow_<name>`, lengthened with `_` until no name repeats.
    pub(crate) fn with_shadows(&self, perms: &[Vec<usize>]) -> Result<Dataset> {
        let (n, m) = (self.n_rows(), self.n_features());
        if perms.len() != m || perms.iter().any(|p| p.len() != n || p.iter().any(|&r| r >= n)) {
            return Err(Error::param("shadows", format!("needs one permutation of the {n} rows per feature ({m})")));
        }
        let dense = self.x.dense("shadow features")?;
        let x = Matrix::Dense(Array2::from_shape_fn((n, 2 * m).f(), |(i, j)| {
            if j < m {
                dense[[i, j]]
            } else {
                dense[[perms[j - m][i], j - m]]
            }
        }));
        let mut taken: HashSet<String> = self.names.iter().cloned().collect();
        taken.extend(self.target_origins.iter().map(|o| o.name.clone()));
        let mut names = self.names.clone();
        let mut origins = self.origins.clone();
        for (j, perm) in perms.iter().enumerate() {
            let mut name = format!("shadow_{}", self.names[j]);
            while taken.contains(&name) {
                name.insert(0, '_');
            }
            taken.insert(name.clone());
            if let Some(o) = self.origins.get(j) {
                let nan: HashSet<usize> = o.nan_rows.iter().copied().collect();
                let nan_rows = (0..n).filter(|&i| nan.contains(&perm[i])).collect();
                origins.push(Origin { name: name.clone(), nan_rows, ..o.clone() });
            }
            names.push(name);
        }
        let mut layout = self.layout.clone();
        layout.extend((m..2 * m).map(Slot::Feature));
        let kinds = self.kinds.iter().chain(&self.kinds).cloned().collect();
        Ok(self.with_features(x, names, kinds, origins, layout))
    }
}
