//! Stability selection (`rankers::StabilitySelection`): its error bounds equal R's stabs (Meinshausen & Bühlmann
//! 2010 Thm 1; Shah & Samworth 2013 eq. 8–9) case by case, the subsamples are halves and complementary pairs,
//! each subsample selects at most q (Σ π̂ ≤ q), and the lasso path's stable features are the planted ones. The
//! reference (tests/reference/stabsel_bounds.csv) was written by `Rscript scripts/stability/bounds_reference.R`
//! (stabs 0.6).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use featrank::error::ErrorKind;
use featrank::prelude::*;
use featrank::rankers::{from_fn, Fisher, LassoPath, StabilityBound, StabilitySelection, Subsampling};

use crate::common;

#[test]
fn bounds_equal_stabs() {
    let path = format!("{}/tests/reference/stabsel_bounds.csv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let (mut compared, mut assumed, mut autos) = (0, 0, 0);
    let mut q_autos: HashMap<(usize, String, usize, String), usize> = HashMap::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (p, q, cutoff, b): (usize, usize, f64, usize) =
            (f[0].parse().unwrap(), f[1].parse().unwrap(), f[2].parse().unwrap(), f[3].parse().unwrap());
        let formula: StabilityBound = f[4].parse().unwrap();
        let mb = (q * q) as f64 / ((2.0 * cutoff - 1.0) * p as f64);
        let ours = formula.pfer(q, p, cutoff, b).unwrap();
        // stabs' value where it computes one; every bound gives way to M&B's where that is smaller (or the
        // assumed one does not apply)
        let want = match f[5] {
            "NA" => mb,
            v => v.parse::<f64>().unwrap().min(mb),
        };
        let close = (ours.value - want).abs() <= 1e-6 * want.max(1e-3);
        assert!(close, "{line}: featrank {} ({}), stabs {want}", ours.value, ours.formula);
        if ours.formula != StabilityBound::Mb {
            assumed += 1;
        }
        compared += 1;
        if f[6] != "NA" {
            q_autos.insert((p, f[2].to_string(), b, f[4].to_string()), f[6].parse().unwrap());
        }
    }
    for ((p, cutoff, b, formula), want) in q_autos {
        let bound: StabilityBound = formula.parse().unwrap();
        let cutoff: f64 = cutoff.parse().unwrap();
        let got = bound.largest_q(1.0, p, cutoff, b).unwrap();
        // where q's bound is exactly PFER (p = 200, π = 0.75: 14² / (200 · 0.98) = 1), stabs' uniroot lands a hair
        // below the integer root and its floor one short
        let exact = got == want + 1 && (bound.pfer(got, p, cutoff, b).unwrap().value - 1.0).abs() < 1e-9;
        assert!(got == want || exact, "q for PFER 1: p {p}, cutoff {cutoff}, B {b}, {formula}: {got}, stabs {want}");
        autos += 1;
    }
    assert!(compared >= 280 && assumed >= 100 && autos >= 60, "{compared} bounds, {assumed} assumed, {autos} q");
}

#[test]
fn meinshausen_buhlmann_worked_example() {
    // stabs' bodyfat example: p = 10, q = 3, PFER = 1 under M&B give the cutoff (q²/(PFER·p) + 1)/2 = 0.95, and at
    // that cutoff the bound is PFER itself
    let b = StabilityBound::Mb.pfer(3, 10, 0.95, 100).unwrap();
    assert!((b.value - 1.0).abs() < 1e-12, "{}", b.value);
    assert_eq!(StabilityBound::Mb.largest_q(1.0, 10, 0.95, 100).unwrap(), 3);
    // S&S's unimodal bound at π = 0.9, B = 50: C = (1 + 1/B) / (4 (1 − π + 1/(2B)))
    let c = (1.0 + 1.0 / 50.0) / (4.0 * (1.0 - 0.9 + 1.0 / 100.0));
    let u = StabilityBound::Unimodal.pfer(3, 10, 0.9, 50).unwrap();
    assert!((u.value - 0.9 / c).abs() < 1e-12 && u.formula == StabilityBound::Unimodal);
}

#[test]
fn subsamples_are_stratified_halves_in_complementary_pairs() {
    // a feature holding the row number lets the base ranker see which rows each subsample holds
    let (rows, b) = (31usize, 6);
    let df = df!(
        "id" => (0..rows).map(|i| i as f64).collect::<Vec<_>>(),
        "x" => (0..rows).map(|i| ((i * 7) % 5) as f64).collect::<Vec<_>>(),
        "class" => (0..rows).map(|i| if i % 3 == 0 { "a" } else { "b" }).collect::<Vec<_>>()
    )
    .unwrap();
    let data = Dataset::from_polars(&df, "class").unwrap();
    let seen: Arc<Mutex<Vec<Vec<usize>>>> = Arc::default();
    let log = seen.clone();
    let spy = from_fn("spy", move |d: &Dataset, _| {
        log.lock().unwrap().push(d.feature(0).iter().map(|&v| v as usize).collect());
        Ok(vec![1.0, 0.0])
    });
    let stable = StabilitySelection::new(spy).q(1).subsamples(b);
    let result = stable.select(&data, 4).unwrap();
    assert_eq!(result.subsamples, 2 * b);
    let halves = seen.lock().unwrap().clone();
    assert_eq!(halves.len(), 2 * b);
    let (a_rows, b_rows) = (11, 20); // rows of class a (i mod 3 = 0) and b
    for h in &halves {
        let a = h.iter().filter(|&&i| i % 3 == 0).count();
        assert!(a == a_rows / 2 || a == a_rows - a_rows / 2, "class a: {a} of {a_rows}");
        assert!(h.len() - a == b_rows / 2, "class b: {} of {b_rows}", h.len() - a);
    }
    // every half's complement is another subsample
    for h in &halves {
        let complement: Vec<usize> = (0..rows).filter(|i| !h.contains(i)).collect();
        assert!(halves.contains(&complement), "no complement of {h:?}");
    }
    // the spy always prefers `id`: selected every time, `x` (its lowest score, the floor) never
    assert_eq!(result.frequency, vec![1.0, 0.0]);
    assert_eq!(result.selected(), vec!["id".to_string()]);
    seen.lock().unwrap().clear();
    // independent halves: B subsamples, and M&B's bound (S&S's need the pairs)
    let half = stable.sampling(Subsampling::Half).select(&data, 4).unwrap();
    assert_eq!((half.subsamples, seen.lock().unwrap().len(), half.bound.formula), (b, b, StabilityBound::Mb));
}

#[test]
fn the_lasso_path_s_stable_features_are_the_planted_ones() {
    let df = common::planted_gaussian(120, 4, 96, 2, 3);
    let data = Dataset::from_polars(&df, "class").unwrap();
    let stable = StabilitySelection::new(LassoPath::new()).subsamples(25);
    let result = stable.select(&data, 1).unwrap();
    // each subsample selects at most q: the frequencies sum to at most q
    let total: f64 = result.frequency.iter().sum();
    assert!(total <= result.q as f64 + 1e-9, "Σ π̂ = {total} > q = {}", result.q);
    assert!(result.frequency.iter().all(|f| ((f * 50.0).round() - f * 50.0).abs() < 1e-9 && (0.0..=1.0).contains(f)));
    // q for E(V) ≤ 1 on 100 features at π = 0.75 (unimodal, B = 25): ⌊√(100 · 2(0.5 − 1/50))⌋ = 9
    assert_eq!(result.q, 9);
    assert!(result.bound.value <= 1.0 && result.bound.formula == StabilityBound::Unimodal);
    let selected = result.selected();
    assert!(selected.iter().filter(|f| f.starts_with('r')).count() >= 3, "{selected:?}");
    assert!(selected.iter().filter(|f| f.starts_with('n')).count() <= 2, "{selected:?}");
    // the ranking orders by frequency, ties by mean rank; the table carries the bound on every row
    let ranking = stable.rank(&data, 1).unwrap();
    assert_eq!(&ranking.order()[..selected.len()], &selected[..]);
    let table = stable.table(&data, 1).unwrap();
    let bound = table.column("pfer_bound").unwrap().f64().unwrap();
    assert!(bound.iter().all(|v| v == Some(result.bound.value)));
    assert_eq!(table.column("selected").unwrap().bool().unwrap().sum(), Some(selected.len() as u32));
}

#[test]
fn settings_that_cannot_hold_are_refused_by_name() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let refused = |spec: &str, key: &str| {
        let err = featrank::rankers::parse(spec).and_then(|r| r.rank(&iris, 0).map(|_| ())).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Parameter, "{spec}: {err}");
        assert!(err.to_string().contains(key), "{spec}: {err}");
    };
    refused("stability-selection:base=(fisher),q=5", "q"); // iris has 4 features
    refused("stability-selection:base=(fisher),q=2,pfer=1", "pfer");
    refused("stability-selection:base=(fisher),threshold=0.5", "threshold");
    refused("stability-selection", "base");
    // the spec reads back, aliases included
    let s = featrank::rankers::parse("stabsel:base=(fisher),q=2,bound=mb,sampling=half").unwrap();
    assert_eq!(
        s.spec().to_string(),
        "stability-selection:base=(fisher:variant=auto),q=2,threshold=0.75,subsamples=50,sampling=half,bound=mb"
    );
    let fisher = StabilitySelection::new(Fisher::new()).subsamples(5);
    assert_eq!(fisher.rank(&iris, 2).unwrap(), fisher.rank(&iris, 2).unwrap());
}
