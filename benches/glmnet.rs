//! The elastic-net path engine (`learners::glmnet`) against R's glmnet (Fortran), side by side on the same
//! data and settings: a full default path (100 λ values, lasso, glmnet's tolerance 1e-7) on 60 × 10,000
//! Madelon-style data (the microarray shape) for the binomial family (its class), the Gaussian family (a
//! response made of 20 informative columns) and the multinomial family (that response's terciles as three
//! classes), one thread on both sides. Prints the CPU, both times (median of
//! three), their ratio and the agreement (path length, largest difference of the deviance explained).
//!
//! `cargo bench --bench glmnet`; needs `Rscript` with glmnet (Debian: r-cran-glmnet), skipped with a
//! message otherwise.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

#[path = "support/cpu.rs"]
mod cpu;

use cpu::cpu;
use featrank::learners::glmnet::{ElasticNet, Family};
use featrank::prelude::*;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

const R_SCRIPT: &str = r#"
suppressPackageStartupMessages(library(glmnet))
a <- commandArgs(TRUE)
x <- as.matrix(read.csv(a[1], header = FALSE)); y <- scan(a[2], quiet = TRUE)
times <- sapply(1:3, function(i) system.time(fit <<- glmnet(x, y, family = a[3], alpha = 1))[["elapsed"]])
cat(median(times), length(fit$lambda), fit$dev.ratio, "\n")
"#;

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-data/glmnet");
    std::fs::create_dir_all(&dir).unwrap();
    let data = Madelon::new().rows(60).noise(9980).generate(1).unwrap().frame;
    let data = Dataset::from_polars(&data, "class").unwrap();
    let x = data.x().unwrap().into_owned();
    let class: Vec<f64> = data.labels().unwrap().iter().map(|&c| c as f64).collect();
    let signal: Vec<f64> = x.rows().into_iter().map(|r| r.iter().take(20).sum::<f64>()).collect();
    println!("elastic-net path, lasso, 100 λ, 60 × 10,000, one thread; {}", cpu());
    let x_csv = dir.join("x.csv");
    let text: String = x
        .rows()
        .into_iter()
        .map(|r| r.iter().map(|v| format!("{v:.17e}")).collect::<Vec<_>>().join(",") + "\n")
        .collect();
    std::fs::write(&x_csv, text).unwrap();
    std::fs::write(dir.join("glmnet.R"), R_SCRIPT).unwrap();
    println!(
        "{:>11} {:>10} {:>10} {:>8}  {:>7} {:>7}  {:>12}",
        "family", "featrank s", "glmnet s", "ratio", "λ ours", "λ R", "|Δ dev ratio|"
    );
    let mut ordered = signal.clone();
    ordered.sort_by(f64::total_cmp);
    let (low, high) = (ordered[ordered.len() / 3], ordered[2 * ordered.len() / 3]);
    let tercile: Vec<usize> = signal.iter().map(|&s| usize::from(s >= low) + usize::from(s >= high)).collect();
    let terciles: Vec<f64> = tercile.iter().map(|&c| c as f64).collect();
    for (name, family, y) in [
        ("binomial", Family::Binomial, &class),
        ("gaussian", Family::Gaussian, &signal),
        ("multinomial", Family::Multinomial, &terciles),
    ] {
        let mut times = Vec::new();
        let mut path = None;
        for _ in 0..3 {
            let net = ElasticNet::new(family);
            let start = Instant::now();
            path = Some(match family {
                Family::Multinomial => net.path_multinomial(x.view(), &tercile).unwrap().swap_remove(0),
                _ => net.path(x.view(), y).unwrap(),
            });
            times.push(start.elapsed().as_secs_f64());
        }
        let (path, ours) = (path.unwrap(), median(times));
        let y_file = dir.join(format!("y_{name}.txt"));
        std::fs::write(&y_file, y.iter().map(|v| format!("{v:.17e}\n")).collect::<String>()).unwrap();
        let out = Command::new("Rscript").arg(dir.join("glmnet.R")).arg(&x_csv).arg(&y_file).arg(name).output();
        let reply = match out {
            Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).to_string(),
            Ok(o) => {
                println!("{name:>11} {ours:>10.3}  glmnet skipped: {}", String::from_utf8_lossy(&o.stderr).trim());
                continue;
            }
            Err(e) => {
                println!("{name:>11} {ours:>10.3}  glmnet skipped: Rscript not found ({e})");
                continue;
            }
        };
        let v: Vec<f64> = reply.split_whitespace().map(|t| t.parse().unwrap()).collect();
        let (theirs, n_r) = (v[0], v[1] as usize);
        let worst = path.deviance_ratio().iter().zip(&v[2..]).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        println!(
            "{name:>11} {ours:>10.3} {theirs:>10.3} {:>8.2}  {:>7} {n_r:>7}  {worst:>12.2e}",
            ours / theirs,
            path.len()
        );
    }
}
