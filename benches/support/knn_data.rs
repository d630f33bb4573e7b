//! The data of the kNN benchmarks (`floor`, `schedule`, the yardstick of the `curves` protocol): 20 continuous
//! features, two kinds of neighbourhood.

use featrank::prelude::*;

/// The data of a run: Madelon-style (5 informative + 5 redundant + 10 noise features; neighbourhoods settle
/// after the first sizes, so the neighbour bound prunes most rows) or isotropic Gaussian (two classes N(μ_c, I)
/// in 20 dimensions, the means 0.5 apart in each of the first 5 features; every feature moves the neighbours,
/// so the bound prunes little). Each with its ranking by construction.
#[derive(Clone, Copy)]
pub enum Kind {
    Madelon,
    Gaussian,
}

impl Kind {
    /// The kinds named among the command's arguments (`madelon`, `gaussian`); both when none is.
    pub fn from_args() -> Vec<Kind> {
        match std::env::args().find(|a| a == "madelon" || a == "gaussian").as_deref() {
            Some("madelon") => vec![Kind::Madelon],
            Some(_) => vec![Kind::Gaussian],
            None => vec![Kind::Madelon, Kind::Gaussian],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Madelon => "madelon",
            Kind::Gaussian => "gaussian",
        }
    }

    pub fn data(self, rows: usize) -> (Dataset, Ranking) {
        match self {
            Kind::Madelon => {
                let s = Madelon::new().rows(rows).informative(5).redundant(5).noise(10).generate(1).unwrap();
                (Dataset::from_polars(&s.frame, "class").unwrap(), s.truth.ranking().unwrap())
            }
            Kind::Gaussian => {
                use rand::{Rng, SeedableRng};
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
                let class: Vec<u32> = (0..rows).map(|_| rng.gen_range(0..2)).collect();
                let mut columns: Vec<Column> = (0..20)
                    .map(|j| {
                        let shift = if j < 5 { 0.5 } else { 0.0 };
                        let x: Vec<f64> = class
                            .iter()
                            .map(|&c| rng.sample::<f64, _>(rand_distr::StandardNormal) + shift * c as f64)
                            .collect();
                        Column::new(format!("x{j}").into(), x)
                    })
                    .collect();
                let names: Vec<String> = (0..20).map(|j| format!("x{j}")).collect();
                columns.push(Column::new("class".into(), class));
                let frame = DataFrame::new(rows, columns).unwrap();
                let truth = Ranking::from_order(&names.iter().map(String::as_str).collect::<Vec<_>>()).unwrap();
                (Dataset::from_polars(&frame, "class").unwrap(), truth.with_name("truth"))
            }
        }
    }
}
