//! The device a curve run computes on: on a GPU, kNN curves byte-identical to the CPU's on data that reaches
//! every path of the kernel (continuous, binary with ties beyond what the kernel writes, nominal and missing
//! values, both tie rules, regression); without one, a clear error before any work.

use crate::common;

use featrank::polars::prelude::*;
use featrank::prelude::*;

/// (name, data, learner, expected curve) — each reaches another path of the GPU's chain.
fn cases() -> Vec<(&'static str, Dataset, Knn, usize)> {
    let gaussian = Dataset::from_polars(common::planted_gaussian(600, 3, 9, 3, 5), "class").unwrap();
    // binary features: at the first sizes half the training rows tie with the k-th nearest (more voters than
    // the kernel writes: those rows are selected on the CPU from their distances)
    let binary = Dataset::from_polars(common::planted(300, 3, 5, 0.85, 7), "class").unwrap();
    let (mut x, mut colour, mut y) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..240usize {
        x.push(if i % 7 == 3 { None } else { Some(((i * 37) % 101) as f64 / 10.0) });
        colour.push(if i % 11 == 5 { None } else { Some(["red", "green", "blue"][(i * 5) % 3]) });
        y.push(if (i * 37) % 101 > 50 { "hi" } else { "lo" });
    }
    let frame =
        df!("x" => x, "colour" => colour, "z" => (0..240).map(|i| (i % 13) as f64).collect::<Vec<_>>(), "y" => y)
            .unwrap();
    let mixed = Dataset::from_polars(&frame, "y").unwrap();
    let regression = featrank::data::datasets::load("diabetes-progression").unwrap().dataset().unwrap();
    vec![
        ("gaussian", gaussian.clone(), Knn::new(), 20),
        ("gaussian k=1 first", gaussian, Knn::new().k(1).ties(KnnTies::First), 0),
        ("binary", binary.clone(), Knn::new(), 10),
        ("binary first", binary, Knn::new().k(3).ties(KnnTies::First), 0),
        ("nominal and missing", mixed, Knn::new().k(5), 5),
        ("regression", regression, Knn::new(), 4),
    ]
}

#[test]
fn gpu_curves_are_the_cpu_s_byte_for_byte_or_a_clear_error() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    if let Err(e) = Device::Gpu.check("kNN curves") {
        // No GPU here (or a build without the feature): every way of asking for it says so, before any work.
        assert!(std::env::var_os("FEATRANK_REQUIRE_GPU").is_none(), "FEATRANK_REQUIRE_GPU is set: {e}");
        assert!(matches!(e, Error::FeatureDisabled { feature: "gpu", .. } | Error::Device { .. }), "{e}");
        let run = CurveSpec::new(Knn::new()).device(Device::Gpu).folds(3).repeats(1).expected(2).evaluate(&iris, &[]);
        assert_eq!(run.unwrap_err().to_string(), e.to_string());
        eprintln!("no GPU: {e} — the GPU's curves are not compared here (scripts/gpu/check.sh does)");
        return;
    }
    for (name, data, knn, expected) in cases() {
        let names = data.feature_names().to_vec();
        let reversed = Ranking::from_order(&names.iter().rev().map(String::as_str).collect::<Vec<_>>()).unwrap();
        let spec = CurveSpec::new(knn).folds(5).repeats(2).expected(expected).seed(3);
        let cpu = spec.clone().evaluate(&data, std::slice::from_ref(&reversed)).unwrap();
        let gpu = spec.device(Device::Gpu).evaluate(&data, &[reversed]).unwrap();
        common::assert_identical(&cpu.to_polars().unwrap(), &gpu.to_polars().unwrap());
        for (a, b) in cpu.curves.iter().zip(&gpu.curves) {
            for (ra, rb) in a.per_repeat.iter().zip(&b.per_repeat) {
                assert!(ra.iter().zip(rb).all(|(p, q)| p.to_bits() == q.to_bits()), "{name}: {ra:?} vs {rb:?}");
            }
        }
    }
}

#[test]
fn the_gpu_refuses_what_it_cannot_run_by_name() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    // only kNN's chains have a kernel: any other learner is refused naming the parameter, on any build
    for learner in ["svm", "nb", "weighted-knn", "ml-knn"] {
        let l = featrank::learners::parse(learner).unwrap();
        let err = CurveSpec::new(l).device(Device::Gpu).folds(3).repeats(1).expected(2).evaluate(&iris, &[]);
        let text = err.unwrap_err().to_string();
        assert!(text.contains("invalid parameter 'device'") && text.contains("kNN"), "{learner}: {text}");
    }
    // the kernel keeps at most GPU_MAX_K neighbours
    let err = Knn::new().k(featrank::learners::GPU_MAX_K + 1).device(Device::Gpu).validated().unwrap_err();
    assert!(err.to_string().contains("'k'"), "{err}");
    assert!(Knn::new().k(featrank::learners::GPU_MAX_K + 1).validated().is_ok());
}

#[test]
fn a_manifest_without_a_device_runs_on_the_cpu() {
    let mut job = featrank::protocol::CurveJob::new("iris");
    job.options.device = Device::Gpu;
    let mut json: serde_json::Value = serde_json::to_value(&job).unwrap();
    assert_eq!(json["device"], "gpu");
    json.as_object_mut().unwrap().remove("device");
    let old: featrank::protocol::CurveJob = serde_json::from_value(json).unwrap();
    assert_eq!(old.options.device, Device::Cpu);
}

#[test]
fn a_gpu_run_is_planned_where_no_gpu_is_and_its_shards_need_one() {
    use featrank::protocol::{CurveJob, Job, Manifest};
    let dir = tempfile::tempdir().unwrap();
    let mut job = CurveJob::new("iris");
    (job.options.device, job.options.evaluation.resampling.repeats, job.options.expected) = (Device::Gpu, 1, 2);
    let manifest = Manifest::plan(job, &dir.path().join("m.json")).unwrap();
    let read = Manifest::read(&dir.path().join("m.json")).unwrap();
    assert!(matches!(read.job(), Job::Curves(j) if j.options.device == Device::Gpu));
    let shard = manifest.run_shard("0/1".parse().unwrap(), &dir.path().join("p.csv"), false, false);
    match Device::Gpu.check("kNN curves") {
        Err(e) => assert_eq!(shard.unwrap_err().to_string(), e.to_string()),
        Ok(()) => assert_eq!(shard.unwrap(), manifest.unit_count()),
    }
    // what no device can run is refused when planned
    let mut svm = CurveJob { learners: vec!["svm".into()], ..CurveJob::new("iris") };
    svm.options.device = Device::Gpu;
    let err = Manifest::plan(svm, &dir.path().join("svm.json")).unwrap_err();
    assert!(err.to_string().contains("'device'"), "{err}");
}
