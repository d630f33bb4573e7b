//! kNN curves on the GPU beside the same curves on the CPU, in one run (cargo feature `gpu`; a machine with an
//! NVIDIA GPU): FFA and RFA at every size, k = 10, one repeat of stratified 10-fold CV, 20 features — the work
//! #50 times in PyTorch (100,000 rows: 14.8 s in f64 on an H200). The curves must be byte-identical; the bench
//! fails otherwise. The first GPU call (driver, context, NVRTC compile) is timed apart.
//!
//! `cargo bench --features gpu --bench gpu` runs 100,000 isotropic Gaussian rows; `-- 30000 madelon` other
//! sizes and kinds (`scripts/gpu/check.sh` runs it).

use std::time::Instant;

use featrank::prelude::*;

#[path = "support/knn_data.rs"]
mod knn_data;
use knn_data::Kind;

fn main() {
    let picked: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if picked.is_empty() { vec![100_000] } else { picked };
    let kinds = match std::env::args().any(|a| a == "madelon" || a == "gaussian") {
        true => Kind::from_args(),
        false => vec![Kind::Gaussian],
    };
    if let Err(e) = Device::Gpu.check("the GPU bench") {
        eprintln!("{e}");
        std::process::exit(1);
    }
    let (tiny, truth) = Kind::Gaussian.data(200);
    let start = Instant::now();
    let spec = CurveSpec::new(Knn::new()).folds(2).repeats(1).expected(0).device(Device::Gpu);
    spec.evaluate(&tiny, &[truth]).unwrap();
    println!("first GPU call (driver, context, NVRTC compile): {:.2} s", start.elapsed().as_secs_f64());
    println!(
        "kNN curves (k = 10, ties = all, FFA + RFA at every size, 10-fold CV × 1), 20 features; CPU: {} threads",
        rayon::current_num_threads()
    );
    println!("{:>9} {:>7}  {:>8} {:>8} {:>8}  curves", "data", "N", "cpu s", "gpu s", "cpu/gpu");
    for kind in kinds {
        for &rows in &sizes {
            let (ds, truth) = kind.data(rows);
            let plan = CvPlan::stratified(&ds, 10, 1, 1).unwrap();
            let run = |device: Device| {
                let start = Instant::now();
                let c = CurveSpec::new(Knn::new())
                    .plan(plan.clone())
                    .grid(Grid::Full)
                    .expected(0)
                    .device(device)
                    .evaluate(&ds, std::slice::from_ref(&truth))
                    .unwrap();
                (start.elapsed().as_secs_f64(), c)
            };
            let (t_gpu, gpu) = run(Device::Gpu);
            let (t_cpu, cpu) = run(Device::Cpu);
            // every value in its shortest round-trip text (serde_json's float_roundtrip): equal texts, equal bits
            let same = serde_json::to_string(&cpu).unwrap() == serde_json::to_string(&gpu).unwrap();
            println!(
                "{:>9} {rows:>7}  {t_cpu:>8.2} {t_gpu:>8.2} {:>8.1}  {}",
                kind.name(),
                t_cpu / t_gpu,
                if same { "byte-identical" } else { "DIFFER" }
            );
            assert!(
                same,
                "the GPU's curves differ from the CPU's:\n{}\n{}",
                cpu.to_polars().unwrap(),
                gpu.to_polars().unwrap()
            );
        }
    }
}
