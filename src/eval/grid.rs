//! [`Grid`]: the subset sizes at which FFA/RFA curves are evaluated.
//!
//! \[P20\] adds δ(i) features to a subset of size i: δ(i) = 1 for i ≤ 50, 5 for 50 < i ≤ 500 and
//! ⌊n/20⌋ otherwise. featrank follows the literal reading (\[P20\], docs/references.md): sizes
//! 1, 2, …, 51, then 56, 61, …, 501, then 501 + k·⌊n/20⌋, and n is always the last point so that
//! FFA(n) = RFA(n) can be checked. For n ≤ 50 this is every size 1..n.

use crate::error::{Error, Result};

/// Which subset sizes a curve visits.
///
/// ```
/// use featrank::prelude::*;
/// assert_eq!(Grid::Paper.sizes(5).unwrap(), vec![1, 2, 3, 4, 5]);
/// let g = Grid::Paper.sizes(280).unwrap();
/// assert_eq!(&g[49..53], &[50, 51, 56, 61]);
/// assert_eq!(g.last(), Some(&280));
/// assert_eq!(Grid::Custom(vec![3, 1]).sizes(4).unwrap(), vec![1, 3, 4]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Grid {
    /// Every size 1..n.
    Full,
    /// The \[P20\] δ(i) schedule (the default).
    Paper,
    /// The given sizes (sorted, deduplicated, n appended).
    Custom(Vec<usize>),
}

impl Default for Grid {
    /// The papers' δ(i) schedule: the subset sizes of a curve unless told.
    fn default() -> Grid {
        Grid::Paper
    }
}

impl Grid {
    /// The sizes for `n` features, ascending, ending at `n`.
    pub fn sizes(&self, n: usize) -> Result<Vec<usize>> {
        if n == 0 {
            return Err(Error::param("n_features", "a curve needs at least one feature"));
        }
        let mut sizes = match self {
            Grid::Full => (1..=n).collect(),
            Grid::Paper => {
                let mut sizes = vec![1];
                loop {
                    let i = *sizes.last().unwrap_or(&1);
                    let step = if i <= 50 {
                        1
                    } else if i <= 500 {
                        5
                    } else {
                        (n / 20).max(1)
                    };
                    if i + step > n {
                        break sizes;
                    }
                    sizes.push(i + step);
                }
            }
            Grid::Custom(list) => {
                if let Some(bad) = list.iter().find(|&&k| k == 0 || k > n) {
                    return Err(Error::param(
                        "grid",
                        format!("size {bad} is outside 1..={n} (the number of features)"),
                    ));
                }
                let mut s = list.clone();
                s.sort_unstable();
                s.dedup();
                s
            }
        };
        if sizes.last() != Some(&n) {
            sizes.push(n);
        }
        Ok(sizes)
    }
}

impl std::fmt::Display for Grid {
    /// `full`, `paper`, or the sizes separated by commas — the text [`Grid`]'s `FromStr` reads.
    ///
    /// ```
    /// use featrank::eval::Grid;
    /// assert_eq!(Grid::Custom(vec![1, 5, 10]).to_string(), "1,5,10");
    /// assert_eq!("1,5,10".parse::<Grid>().unwrap(), Grid::Custom(vec![1, 5, 10]));
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Grid::Full => f.write_str("full"),
            Grid::Paper => f.write_str("paper"),
            Grid::Custom(sizes) => f.write_str(&sizes.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(",")),
        }
    }
}

impl std::str::FromStr for Grid {
    type Err = Error;
    /// `full`, `paper`, or a comma-separated list of sizes.
    fn from_str(s: &str) -> Result<Grid> {
        match s {
            "full" => Ok(Grid::Full),
            "paper" => Ok(Grid::Paper),
            list => list
                .split(',')
                .map(|k| {
                    k.trim().parse::<usize>().map_err(|_| {
                        Error::param(
                            "grid",
                            format!("'{}' is not full, paper, or a list of sizes", crate::error::quote(s)),
                        )
                    })
                })
                .collect::<Result<Vec<_>>>()
                .map(Grid::Custom),
        }
    }
}
