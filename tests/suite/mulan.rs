//! ML-kNN against Mulan's own code (`MLkNN.java`, tsoumakas/mulan at 43f6389, k = 10, smooth = 1) on the
//! standard train/test splits of emotions (391 / 202 rows) and scene (1,211 / 1,196): Mulan's predictions
//! and confidences are committed (`tests/reference/mulan_mlknn.csv`, made by `scripts/mulan/references.sh`),
//! so the test needs no Java — only the shared data (CI has it; skipped, saying so, when absent).
//!
//! Mulan's settings are featrank's ML-kNN defaults: attributes scaled by the training rows' ranges (Weka's
//! `EuclideanDistance`), a training row left out of its own neighbours, Laplace smoothing 1. Mulan breaks an
//! exact tie of the two posteriors at random (confidence 0.5) where featrank gives the label; the fixture
//! holds none.

use crate::common;
use featrank::data::{datasets, TaskChoice};
use featrank::learners::MlKnn;
use featrank::prelude::*;
use featrank::resampling::{Fold, Prediction};

/// Mulan's predictions of one data set: per test row, the labels as 0/1 and the confidences.
fn mulan(name: &str) -> Vec<(Vec<usize>, Vec<f64>)> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference/mulan_mlknn.csv")).unwrap();
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            (f[0] == name).then(|| {
                let labels = f[2].bytes().map(|b| (b - b'0') as usize).collect();
                (labels, f[3].split(';').map(|c| c.parse().unwrap()).collect())
            })
        })
        .collect()
}

/// The data set of the split, training rows first, and how many they are.
fn split(name: &str) -> Option<(Dataset, usize)> {
    match name {
        "emotions" => {
            let dir = common::shared_data("multilabel/mulan/emotions.xml")?.with_file_name("");
            let open = |f: &str| datasets::open(dir.join(f).to_str().unwrap(), None, TaskChoice::Auto).unwrap();
            let (train, test) = (open("emotions-train.arff.gz"), open("emotions-test.arff.gz"));
            let mut frame = train.to_polars().unwrap().into_inner();
            frame.vstack_mut(&test.to_polars().unwrap().into_inner()).unwrap();
            Some((Dataset::from_polars_targets(&frame, &train.target_names()).unwrap(), train.n_rows()))
        }
        // MEKA's Scene.arff is Mulan's standard split row for row: the 1,211 training rows, then the test rows
        _ => {
            let file = common::shared_data("multilabel/Scene.arff.gz")?;
            Some((datasets::open(file.to_str().unwrap(), None, TaskChoice::Auto).unwrap(), 1211))
        }
    }
}

#[test]
fn ml_knn_predicts_what_mulan_s_ml_knn_predicts() {
    for name in ["emotions", "scene"] {
        let Some((ds, n_train)) = split(name) else {
            println!("SKIPPED {name}: the shared data folder is not at hand (set FEATRANK_DATA)");
            continue;
        };
        let expected = mulan(name);
        assert_eq!(ds.n_rows() - n_train, expected.len(), "{name}: test rows");
        let (train, test): (Vec<usize>, Vec<usize>) = ((0..n_train).collect(), (n_train..ds.n_rows()).collect());
        let features: Vec<usize> = (0..ds.n_features()).collect();
        let fold = Fold { data: &ds, train: &train, test: &test, seed: 0 };
        let Prediction::Set(per_label) = MlKnn::new().k(10).fit_predict(&fold, &features).unwrap() else {
            panic!("{name}: ML-kNN predicts a target set")
        };
        let (mut cells, mut differ, mut worst) = (0, 0, 0.0f64);
        for (l, p) in per_label.iter().enumerate() {
            let Prediction::Classes { labels, scores } = p else { panic!("{name}: label {l} predicts classes") };
            for (r, (want, confidences)) in expected.iter().enumerate() {
                cells += 1;
                differ += (labels[r] != want[l]) as usize;
                // the score of having the label (class code 1)
                worst = worst.max((scores[2 * r + 1] - confidences[l]).abs());
            }
        }
        let hamming = Measure::HammingLoss.score(&ds, &test, &Prediction::Set(per_label.clone())).unwrap();
        println!("{name}: {differ} of {cells} labels differ from Mulan's, largest confidence gap {worst:.1e}, Hamming loss {hamming:.4}");
        assert_eq!(differ, 0, "{name}");
        assert!(worst < 1e-12, "{name}: {worst}");
        // beside it, binary-relevance kNN (k = 10, Weka's IBk rule: ties with the 10th neighbour vote too)
        let br_knn = Knn::new().k(10).fit_predict(&fold, &features).unwrap();
        let subset = Measure::SubsetAccuracy.score(&ds, &test, &Prediction::Set(per_label)).unwrap();
        let br = Measure::HammingLoss.score(&ds, &test, &br_knn).unwrap();
        println!("{name}: ML-kNN subset accuracy {subset:.4}; BR-kNN Hamming loss {br:.4}");
    }
}
