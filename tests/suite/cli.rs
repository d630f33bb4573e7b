//! The `featrank` binary: `info` on every bundled file gives the data README's figures; bad input gives one
//! error line and a non-zero exit.

use crate::common;

use std::process::Command;

fn featrank(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_featrank")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

/// `featrank args…`, which must succeed.
fn ok(args: &[&str]) -> std::process::Output {
    let res = featrank(args);
    assert!(res.status.success(), "{args:?}: {}", String::from_utf8_lossy(&res.stderr));
    res
}

/// `combined` (120 rows, seed 2) as `data.csv` (and its truth) in `dir`; the data file's path.
fn combined_csv(dir: &std::path::Path) -> String {
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    ok(&["synth", "combined", "--rows", "120", "--seed", "2", "--out", &p("data.csv"), "--truth", &p("truth.csv")]);
    p("data.csv")
}

#[test]
fn info_matches_the_data_readme_for_every_bundled_file() {
    let table = common::bundled_table();
    // and the sets with several targets and the survival study (data/README.md's second and third tables,
    // checked in structured.rs and survival.rs)
    assert_eq!(table.len() + 3, featrank::data::datasets::names().len());
    for row in &table {
        let path = format!("data/{}", row.file);
        let out = featrank(&["info", &path, "--target", &row.target, "--json"]);
        assert!(out.status.success(), "{}: {}", row.file, String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["rows"], row.rows, "{}", row.file);
        assert_eq!(v["features"], row.features, "{}", row.file);
        assert_eq!(v["missing_cells"], row.missing, "{}", row.file);
        let classes: Vec<(String, usize)> = serde_json::from_value(v["classes"].clone()).unwrap();
        if row.classes.is_some() {
            assert_eq!(classes, row.counts, "{}", row.file);
            assert_eq!(Some(classes.len()), row.classes);
        }
        // The bundled copy inside the library is the same data.
        let b = featrank::data::datasets::load(&row.name).unwrap();
        assert_eq!(featrank::data::datasets::file_name(&row.name).unwrap(), row.file);
        assert_eq!(b.frame.shape(), (row.rows, row.features + 1));
    }
}

#[test]
fn bundled_files_match_their_checksums() {
    for row in common::bundled_table() {
        let bytes = std::fs::read(format!("{}/data/{}", env!("CARGO_MANIFEST_DIR"), row.file)).unwrap();
        assert_eq!(sha256_hex(&bytes), row.sha256, "{}", row.file);
    }
}

#[test]
fn info_text_output() {
    let out = featrank(&["info", "data/iris.arff", "--target", "class"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("rows: 150"), "{text}");
    assert!(text.contains("features: 4 (4 numeric, 0 nominal)"), "{text}");
    assert!(text.contains("Iris-virginica: 50"), "{text}");
    let out = featrank(&["info", "vote"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("features: 16 (0 numeric, 16 nominal)") && text.contains("missing cells: 392"), "{text}");
}

#[test]
fn bad_input_gives_one_error_line_and_nonzero_exit() {
    let cases: &[(&[&str], &str)] = &[
        (&["info", "data/iris.arff", "--target", "nope"], "column 'nope' not found"),
        (&["info", "missing.csv", "--target", "y"], "missing.csv"),
        (&["info", "data/README.md", "--target", "y"], "unknown file extension"),
        (&["info", "data/iris.arff", "--task", "sideways"], "invalid parameter 'task'"),
        (&["info", "data/iris.arff", "--task", "regression"], "regression needs a numeric target"),
        (&["curves", "iris", "--ranking", "missing.csv", "--out", "target/never.csv"], "missing.csv"),
        (&["curves", "iris", "--ranking", "data/README.md", "--out", "target/never.csv"], "unknown file extension"),
        (&["curves", "iris", "--ranking", "data/wine.csv", "--out", "target/never.csv"], "feature"),
        (&["score", "data/iris.arff", "--out", "target/never.csv"], "column 'ranking' not found"),
        (&["score", "data/wine.csv", "--measure", "speed"], "measure"),
        (&["synth", "triple", "--out", "target/never.csv", "--truth", "target/never2.csv"], "unknown design 'triple'"),
        (&["synth", "combined", "--rows", "0", "--out", "target/never.csv", "--truth", "target/never2.csv"], "rows"),
        (&["rank", "iris", "--method", "relieff:k=-1", "--out", "target/never.csv"], "'k'"),
        (
            &["--memory-limit", "1K", "curves", "iris", "--learner", "svm", "--out", "target/never.csv"],
            "memory limit of 1.0 KiB",
        ),
        (&["rank", "iris", "--method", "svm-rfe", "--memory-limit", "64K", "--out", "target/never.csv"], "(estimate)"),
        (&["--memory-limit", "lots", "info", "iris"], "'lots' is not a size"),
        // Output paths are checked before any work (one line on stderr: no progress was shown).
        (&["curves", "iris", "--out", "target/never"], "invalid parameter 'out': target/never: featrank writes .csv"),
        (
            &["curves", "iris", "--out", "target/n.csv", "--method", "fisher", "--stability", "target/s.json"],
            "'stability'",
        ),
        (&["rank", "iris", "--method", "fisher", "--out", "target/never.arff"], "invalid parameter 'out'"),
        // The GPU runs kNN only; without the feature `gpu` (or without a GPU) the run is refused before work.
        (&["curves", "iris", "--learner", "nb", "--device", "gpu", "--out", "target/never.csv"], "'device'"),
        // a nested run writes one size rule's run: two are refused before any work
        (
            &["nested", "iris", "--method", "fisher", "--rule", "1se", "--rule", "best", "--out", "target/never.csv"],
            "one --rule",
        ),
        (
            &["synth", "combined", "--out", "target/never.csv", "--truth", "target/never.txt"],
            "invalid parameter 'truth'",
        ),
    ];
    for (args, want) in cases {
        let out = featrank(args);
        assert!(!out.status.success(), "{args:?} should fail");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains(want), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(data).iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn curves_command_writes_the_long_table() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.csv");
    std::fs::write(&good, "feature,score\npetalwidth,4\npetallength,3\nsepallength,2\nsepalwidth,1\n").unwrap();
    let folds = dir.path().join("folds.csv");
    let ids: String = (0..150).map(|i| format!("{},{}\n", i % 3, (i / 3) % 3)).collect();
    std::fs::write(&folds, format!("r0,r1\n{ids}")).unwrap();
    let out = dir.path().join("curves.csv");
    let json = dir.path().join("curves.json");
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let res = featrank(&[
        "curves",
        "data/iris.arff",
        "--target",
        "class",
        "--ranking",
        &s(&good),
        "--learner",
        "knn:k=5",
        "--folds-file",
        &s(&folds),
        "--expected",
        "5",
        "--seed",
        "3",
        "--out",
        &s(&out),
        "--json",
        &s(&json),
        "--quiet",
    ]);
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("ranking,curve,mode,k,mean,std,lo,hi"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 3 * 4);
    // every row has its spread: a ranking's over its repeats, the expected curve's over random rankings
    assert!(rows.iter().filter(|r| r[0] == "good").all(|r| r[2] == "fixed" && !r[6].is_empty() && !r[7].is_empty()));
    assert!(rows.iter().filter(|r| r[1] == "expected").all(|r| r[2] == "random" && !r[6].is_empty()));
    let ffa4 = rows.iter().find(|r| r[1] == "FFA" && r[3] == "4").unwrap()[4];
    let rfa4 = rows.iter().find(|r| r[1] == "RFA" && r[3] == "4").unwrap()[4];
    assert_eq!(ffa4, rfa4);
    let curves = featrank::eval::Curves::load_json(&json).unwrap();
    assert_eq!((curves.folds, curves.repeats), (3, 2));
    // The expected curve's shortcut: each random ranking on one of the two repeats, recorded in the JSON.
    let json1 = dir.path().join("one_repeat.json");
    let res = featrank(&[
        "curves",
        "iris",
        "--learner",
        "knn:k=5",
        "--folds-file",
        &s(&folds),
        "--expected",
        "4",
        "--expected-repeats",
        "1",
        "--out",
        &s(&dir.path().join("one_repeat.csv")),
        "--json",
        &s(&json1),
        "--quiet",
    ]);
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    assert_eq!(featrank::eval::Curves::load_json(&json1).unwrap().expected_repeats, Some(1));
    let res = featrank(&["curves", "iris", "--expected-repeats", "11", "--out", &s(&dir.path().join("never1.csv"))]);
    assert!(
        String::from_utf8_lossy(&res.stderr).contains("expected_repeats"),
        "{}",
        String::from_utf8_lossy(&res.stderr)
    );

    // Rankers inside the folds, a fixed ranking beside them, holdout splits, stability from the same run.
    let out3 = dir.path().join("per_fold.csv");
    let stab = dir.path().join("stability.csv");
    let json3 = dir.path().join("per_fold.json");
    let res = featrank(&[
        "curves",
        "iris",
        "--method",
        "fisher",
        "--method",
        "relieff:k=5",
        "--ranking",
        &s(&good),
        "--scheme",
        "holdout:0.3",
        "--repeats",
        "4",
        "--expected",
        "0",
        "--learner",
        "knn:k=5",
        "--out",
        &s(&out3),
        "--stability",
        &s(&stab),
        "--json",
        &s(&json3),
        "--quiet",
    ]);
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    let text = std::fs::read_to_string(&out3).unwrap();
    assert!(text.lines().any(|l| l.starts_with("relieff:k=5,FFA,per-fold,")), "{text}");
    assert!(text.lines().any(|l| l.starts_with("fisher,RFA,per-fold,")), "{text}");
    let stab_text = std::fs::read_to_string(&stab).unwrap();
    let mut stab_lines = stab_text.lines();
    assert_eq!(stab_lines.next(), Some("ranking,k,canberra,kuncheva,phi,phi_variance,phi_lo,phi_hi,p_above_chance"));
    assert_eq!(stab_lines.count(), 2 * 4, "two rankers × four sizes");
    let c = featrank::eval::Curves::load_json(&json3).unwrap();
    assert_eq!((c.scheme, c.folds, c.repeats), (featrank::resampling::Scheme::Holdout { test: 0.3 }, 1, 4));
    assert_eq!(c.fold_rankings("fisher").unwrap().len(), 4);
    let res = featrank(&[
        "curves",
        "iris",
        "--ranking",
        &s(&good),
        "--stability",
        &s(&dir.path().join("s.csv")),
        "--out",
        &s(&dir.path().join("o.csv")),
    ]);
    assert!(
        String::from_utf8_lossy(&res.stderr).contains("--method"),
        "stability without a per-fold ranker is refused"
    );

    // Bad input: unknown feature in the ranking, and no half-written output.
    let bad = dir.path().join("bad.csv");
    std::fs::write(&bad, "feature,score\nghost,1\n").unwrap();
    let out2 = dir.path().join("never.csv");
    let res = featrank(&["curves", "iris", "--ranking", &s(&bad), "--out", &s(&out2)]);
    assert!(!res.status.success());
    let err = String::from_utf8(res.stderr).unwrap();
    assert!(err.starts_with("error: ") && err.contains("'ghost'") && err.lines().count() == 1, "{err}");
    assert!(!out2.exists());
}

#[test]
fn score_command_reads_the_curves_table() {
    let dir = tempfile::tempdir().unwrap();
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let (good, bad) = (dir.path().join("good.csv"), dir.path().join("bad.csv"));
    std::fs::write(&good, "feature,score\npetalwidth,4\npetallength,3\nsepallength,2\nsepalwidth,1\n").unwrap();
    std::fs::write(&bad, "feature,rank\npetalwidth,4\npetallength,3\nsepallength,2\nsepalwidth,1\n").unwrap();
    let curves = dir.path().join("curves.csv");
    let res = featrank(&[
        "curves",
        "iris",
        "--ranking",
        &s(&good),
        "--ranking",
        &s(&bad),
        "--folds",
        "5",
        "--repeats",
        "2",
        "--expected",
        "10",
        "--out",
        &s(&curves),
        "--quiet",
    ]);
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    let eca = dir.path().join("eca.csv");
    let res = featrank(&["score", &s(&curves), "--out", &s(&eca)]);
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    let text = std::fs::read_to_string(&eca).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("ranking,baseline,weighting,ffa_delta,rfa_delta,eca"));
    let rows: Vec<Vec<String>> = lines.map(|l| l.split(',').map(String::from).collect()).collect();
    assert_eq!(rows.len(), 2 * 2 * 4);
    let get = |r: &str, b: &str, w: &str| -> f64 {
        rows.iter().find(|x| x[0] == r && x[1] == b && x[2] == w).unwrap()[5].parse().unwrap()
    };
    for w in ["uniform", "position", "magnitude", "both"] {
        assert!(get("good", "expected", w) > 0.0 && get("bad", "expected", w) < 0.0, "{w}");
        assert_eq!(get("good", "bad", w), -get("bad", "good", w));
    }
    let res = featrank(&["score", "data/iris.arff"]);
    assert!(!res.status.success());
    assert!(String::from_utf8(res.stderr).unwrap().contains("column 'ranking' not found"));
}

#[test]
fn rank_command_writes_feature_score_rank() {
    let dir = tempfile::tempdir().unwrap();
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let out = dir.path().join("r.csv");
    let res = featrank(&["rank", "iris", "--method", "relieff:k=5", "--seed", "1", "--out", &s(&out)]);
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "feature,score,rank");
    assert_eq!(lines.len(), 5);
    assert!(lines[1].starts_with("petal") && lines[1].ends_with(",1"), "{text}");
    // The output reads back as a ranking, identical to the library's.
    let back = featrank::data::Ranking::read_csv(&out).unwrap();
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    use featrank::rankers::Ranker;
    let lib = featrank::rankers::ReliefF::new().k(5).rank(&iris, 1).unwrap();
    assert_eq!(back.order(), lib.order());

    // An ensemble.
    let res = featrank(&[
        "rank",
        "data/wdbc.csv",
        "--target",
        "diagnosis",
        "--method",
        "bag:base=(fisher),bootstraps=5,aggregate=median",
        "--out",
        &s(&out),
    ]);
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 31);

    // Methods that measure more than a score write it beside the ranking.
    for (method, header) in [
        ("shadow:base=(fisher),rounds=19", "feature,score,rank,real_score,shadow_score,p_value,q_value,verdict"),
        ("permutation:learner=(nb),folds=3,repeats=2", "feature,score,rank,std,lo,hi"),
    ] {
        let res = featrank(&["rank", "iris", "--method", method, "--out", &s(&out)]);
        assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
        let text = std::fs::read_to_string(&out).unwrap();
        assert_eq!(text.lines().next(), Some(header), "{method}");
        assert_eq!(text.lines().count(), 5, "{method}");
    }

    // Bad input: one readable line, no output written.
    let never = dir.path().join("never.csv");
    for (args, want) in [
        (vec!["rank", "iris", "--method", "lars"], "unknown ranking method 'lars'"),
        (vec!["rank", "iris", "--method", "relieff:k=0"], "'k'"),
        (vec!["rank", "iris", "--method", "relieff:k"], "'k' has no value; write relieff:k=VALUE"),
        (vec!["rank", "iris", "--method", "ecfs"], "generalized"),
        (vec!["rank", "diabetes-progression", "--method", "relieff"], "rrelieff"),
        (vec!["rank", "iris", "--method", "bag:base=(fisher),bootstraps=3,aggregate=mode"], "mode"),
    ] {
        let mut args = args.clone();
        let n = s(&never);
        args.extend(["--out", &n]);
        let res = featrank(&args);
        assert!(!res.status.success(), "{args:?}");
        let err = String::from_utf8(res.stderr).unwrap();
        assert!(err.starts_with("error: ") && err.lines().count() == 1 && err.contains(want), "{args:?}: {err}");
        assert!(!never.exists());
    }
    // The output may not be the input.
    let copy = dir.path().join("iris.arff");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/data/iris.arff"), &copy).unwrap();
    let before = std::fs::read(&copy).unwrap();
    let res = featrank(&["rank", &s(&copy), "--method", "relieff", "--out", &s(&copy)]);
    assert!(!res.status.success());
    assert!(String::from_utf8(res.stderr).unwrap().contains("is an input of this run"));
    assert_eq!(std::fs::read(&copy).unwrap(), before);
}

#[test]
fn no_subcommand_overwrites_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let (data, truth, ranking, curves) =
        (dir.path().join("d.csv"), dir.path().join("t.csv"), dir.path().join("r.csv"), dir.path().join("c.csv"));
    let ok = |args: &[&str]| {
        let res = featrank(args);
        assert!(res.status.success(), "{args:?}: {}", String::from_utf8_lossy(&res.stderr));
    };
    ok(&["synth", "combined", "--rows", "60", "--out", &s(&data), "--truth", &s(&truth)]);
    ok(&["rank", &s(&data), "--target", "class", "--method", "info-gain", "--out", &s(&ranking)]);
    ok(&[
        "curves",
        &s(&data),
        "--target",
        "class",
        "--ranking",
        &s(&ranking),
        "--folds",
        "2",
        "--repeats",
        "1",
        "--grid",
        "1,5,100",
        "--expected",
        "2",
        "--quiet",
        "--out",
        &s(&curves),
    ]);
    let snapshot = || [&data, &truth, &ranking, &curves].map(|p| std::fs::read(p).unwrap());
    let before = snapshot();
    for args in [
        vec!["curves", &s(&data), "--target", "class", "--ranking", &s(&ranking), "--out", &s(&ranking)],
        vec!["curves", &s(&data), "--target", "class", "--ranking", &s(&ranking), "--out", &s(&data)],
        vec![
            "curves",
            &s(&data),
            "--target",
            "class",
            "--ranking",
            &s(&ranking),
            "--out",
            &s(&curves),
            "--json",
            &s(&curves),
        ],
        vec!["score", &s(&curves), "--out", &s(&curves)],
        vec!["rank", &s(&data), "--target", "class", "--method", "relieff", "--out", &s(&data)],
        vec!["synth", "pair", "--out", &s(&truth), "--truth", &s(&truth)],
    ]
    .iter()
    .map(|a| a.iter().map(|x| x.to_string()).collect::<Vec<String>>())
    {
        let args: Vec<&str> = args.iter().map(|x| x.as_str()).collect();
        let res = featrank(&args);
        assert!(!res.status.success(), "{args:?}");
        let err = String::from_utf8(res.stderr).unwrap();
        assert!(err.starts_with("error: ") && err.lines().count() == 1 && err.contains("'out'"), "{args:?}: {err}");
    }
    assert_eq!(snapshot(), before, "an input changed");
    let fresh = dir.path().join("fresh.csv");
    let res = featrank(&["synth", "pair", "--out", &s(&fresh), "--truth", &s(&fresh)]);
    assert!(!res.status.success() && !fresh.exists(), "{}", String::from_utf8_lossy(&res.stderr));
}

#[test]
fn outputs_can_be_parquet() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.parquet");
    let res = featrank(&["rank", "iris", "--method", "info-gain", "--out", out.to_str().unwrap()]);
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    let back = featrank::data::Ranking::from_polars(featrank::data::io::read(&out).unwrap()).unwrap();
    assert_eq!(back.len(), 4);
    let bad = dir.path().join("r.xlsx");
    let res = featrank(&["rank", "iris", "--method", "info-gain", "--out", bad.to_str().unwrap()]);
    assert!(!res.status.success() && !bad.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left behind");
}

#[test]
fn decide_and_compare_read_the_curves_json() {
    let dir = tempfile::tempdir().unwrap();
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let (curves, json) = (dir.path().join("c.csv"), dir.path().join("run.json"));
    let res = featrank(&[
        "curves",
        "iris",
        "--method",
        "fisher",
        "--method",
        "relieff:k=5",
        "--folds",
        "5",
        "--repeats",
        "3",
        "--expected",
        "5",
        "--learner",
        "knn:k=5",
        "--out",
        &s(&curves),
        "--json",
        &s(&json),
        "--quiet",
    ]);
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));

    let (k, fig) = (dir.path().join("k.csv"), dir.path().join("k.svg"));
    let res = featrank(&["decide", &s(&json), "--out", &s(&k), "--figure", &s(&fig)]);
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    let text = std::fs::read_to_string(&k).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("ranking,rule,k,value"));
    assert_eq!(lines.count(), 2 * 4, "two rankers × four rules");
    assert!(text.contains("fisher,1se,") && text.contains("relieff:k=5,knee,"), "{text}");
    assert!(std::fs::read_to_string(&fig).unwrap().contains("</svg>"));
    let one = dir.path().join("one.csv");
    let res = featrank(&["decide", &s(&json), "--rule", "within:0.05", "--out", &s(&one)]);
    assert!(res.status.success());
    assert_eq!(std::fs::read_to_string(&one).unwrap().lines().count(), 1 + 2);

    let (both, both_fig) = (dir.path().join("both.csv"), dir.path().join("both.svg"));
    let res =
        featrank(&["trade-off", &s(&json), "--k", "2", "--beta", "2", "--out", &s(&both), "--figure", &s(&both_fig)]);
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    let text = std::fs::read_to_string(&both).unwrap();
    assert!(
        text.starts_with(
            "ranking,k,accuracy,phi,on_front,rpt
"
        ) && text.lines().count() == 1 + 2,
        "{text}"
    );
    assert!(std::fs::read_to_string(&both_fig).unwrap().contains("Pareto front"));

    let (tests, verdicts) = (dir.path().join("tests.csv"), dir.path().join("verdicts.csv"));
    let res =
        featrank(&["compare", &s(&json), "--out", &s(&tests), "--verdicts", &s(&verdicts), "--weighting", "position"]);
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    // 3 repeats: Wilcoxon's p cannot go below 0.25 — said once on stderr, as a notice
    let said = String::from_utf8_lossy(&res.stderr);
    assert_eq!(
        said.matches("featrank: with 3 repeats the Wilcoxon test's p-value cannot go below 0.2500").count(),
        1,
        "{said}"
    );
    let text = std::fs::read_to_string(&tests).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("ranking,baseline,weighting,eca,eca_lo,eca_hi,t,t_p_value,t_p_holm,wilcoxon_w,wilcoxon_p_value,wilcoxon_p_holm,wilcoxon_min_p")
    );
    assert_eq!(lines.count(), 1 + 2, "one pair, two against the expected curve");
    let v = std::fs::read_to_string(&verdicts).unwrap();
    assert!(v.starts_with("ranking,eca,eca_lo,eca_hi,t_p_holm,verdict\n") && v.contains(",better\n"), "{v}");

    // Bad input: a curves table is not a run's JSON; unknown rule; level out of range; no overwriting.
    for (args, says) in [
        (vec!["decide", &s(&curves), "--out", &s(&dir.path().join("x.csv"))], "c.csv"),
        (vec!["decide", &s(&json), "--rule", "elbow", "--out", &s(&dir.path().join("x.csv"))], "'rule'"),
        (vec!["compare", &s(&json), "--level", "1.5", "--out", &s(&dir.path().join("x.csv"))], "'level'"),
        (vec!["compare", &s(&json), "--out", &s(&json)], "'out'"),
        (vec!["decide", &s(&json), "--out", &s(&k), "--figure", &s(&json)], "'out'"),
        (vec!["trade-off", &s(&json), "--k", "7", "--out", &s(&dir.path().join("x.csv"))], "'k'"),
        (vec!["trade-off", &s(&json), "--k", "2", "--beta", "0", "--out", &s(&dir.path().join("x.csv"))], "'beta'"),
    ] {
        let res = featrank(&args);
        let err = String::from_utf8(res.stderr).unwrap();
        assert!(
            !res.status.success() && err.starts_with("error: ") && err.lines().count() == 1 && err.contains(says),
            "{args:?}: {err}"
        );
    }
    assert!(!dir.path().join("x.csv").exists());
}

#[test]
fn plan_run_merge_writes_what_curves_writes_byte_for_byte() {
    // A run with every kind of unit: a fixed ranking, two rankers inside the folds, random rankings on
    // two repeats each, on synthetic data; shards computed by separate processes.
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    combined_csv(dir.path());
    ok(&["rank", &p("data.csv"), "--target", "class", "--method", "info-gain", "--out", &p("ig.csv")]);
    let run: Vec<String> = [
        p("data.csv").as_str(),
        "--target",
        "class",
        "--ranking",
        &p("ig.csv"),
        "--method",
        "relieff:k=5",
        "--method",
        "fisher",
        "--learner",
        "knn:k=5",
        "--folds",
        "3",
        "--repeats",
        "3",
        "--grid",
        "1,2,5,10,50,100",
        "--expected",
        "5",
        "--expected-repeats",
        "2",
        "--seed",
        "11",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let with = |head: &[&str], tail: &[&str]| -> Vec<String> {
        head.iter()
            .map(|s| s.to_string())
            .chain(run.iter().cloned())
            .chain(tail.iter().map(|s| s.to_string()))
            .collect()
    };
    let call = |args: Vec<String>| featrank(&args.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    let direct = call(with(
        &["curves"],
        &["--out", &p("c.csv"), "--json", &p("c.json"), "--stability", &p("s.parquet"), "--quiet"],
    ));
    assert!(direct.status.success(), "{}", String::from_utf8_lossy(&direct.stderr));
    let planned = call(with(&["plan"], &["--out", &p("m.json")]));
    assert!(planned.status.success(), "{}", String::from_utf8_lossy(&planned.stderr));
    let manifest: serde_json::Value = serde_json::from_slice(&std::fs::read(p("m.json")).unwrap()).unwrap();
    // Per repeat: the full set, three candidates, and 5 × 2 / 3 random rankings on average.
    let units = manifest["units"].as_array().unwrap();
    assert_eq!(units.len(), 3 * (1 + 3) + 5 * 2);
    assert!(manifest["args"]["rankings"][0].as_str().unwrap().starts_with('/'), "paths are made absolute");

    // Four shards, run as separate processes in parallel, merged in another order.
    let shards: Vec<std::process::Child> = (0..4)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_featrank"))
                .args([
                    "run",
                    "--manifest",
                    &p("m.json"),
                    "--shard",
                    &format!("{i}/4"),
                    "--out",
                    &p(&format!("part{i}.parquet")),
                    "--quiet",
                ])
                .spawn()
                .unwrap()
        })
        .collect();
    for child in shards {
        assert!(child.wait_with_output().unwrap().status.success());
    }
    let parts: Vec<String> = [2, 0, 3, 1].iter().map(|i| p(&format!("part{i}.parquet"))).collect();
    let merge = |parts: &[String], out: &str| {
        let mut args = vec!["merge".to_string(), p("m.json")];
        args.extend(parts.iter().cloned());
        args.extend(["--out", out].map(String::from));
        args
    };
    let mut args = merge(&parts, &p("m.csv"));
    args.extend(["--json", &p("m2.json"), "--stability", &p("m.parquet")].map(String::from));
    let merged = call(args);
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    assert_eq!(std::fs::read(p("c.csv")).unwrap(), std::fs::read(p("m.csv")).unwrap(), "curves table");
    assert_eq!(std::fs::read(p("c.json")).unwrap(), std::fs::read(p("m2.json")).unwrap(), "curves JSON");
    assert_eq!(std::fs::read(p("s.parquet")).unwrap(), std::fs::read(p("m.parquet")).unwrap(), "stability table");
    // One shard of everything gives the same too.
    ok(&["run", "--manifest", &p("m.json"), "--shard", "0/1", "--out", &p("all.csv"), "--quiet"]);
    assert!(call(merge(&[p("all.csv")], &p("one.csv"))).status.success());
    assert_eq!(std::fs::read(p("c.csv")).unwrap(), std::fs::read(p("one.csv")).unwrap());

    // Refused, each with one error line naming the problem, no output written:
    let refused = |args: Vec<String>, needle: &str| {
        let res = call(args.clone());
        let err = String::from_utf8(res.stderr).unwrap();
        assert!(
            !res.status.success() && err.starts_with("error: ") && err.lines().count() == 1 && err.contains(needle),
            "{args:?}: {err}"
        );
    };
    refused(merge(&parts[..3], &p("x.csv")), "units are missing");
    refused(merge(&[parts.clone(), vec![parts[0].clone()]].concat(), &p("x.csv")), "given twice");
    refused(merge(&parts, &parts[0]), "'out'");
    refused(merge(&parts, &p("m.json")), "'out'");
    for shard in ["4/4", "1", "a/2", "0/0"] {
        refused(
            vec![
                "run".into(),
                "--manifest".into(),
                p("m.json"),
                "--shard".into(),
                shard.into(),
                "--out".into(),
                p("x.parquet"),
            ],
            "shard",
        );
    }
    // Parts of another plan (another seed) are not mixed in.
    let mut args = with(&["plan"], &["--out", &p("other.json")]);
    let at = args.iter().position(|a| a == "11").unwrap();
    args[at] = "12".into();
    let other = call(args);
    assert!(other.status.success(), "{}", String::from_utf8_lossy(&other.stderr));
    let mut args = vec!["merge".to_string(), p("other.json")];
    args.extend(parts.iter().cloned());
    args.extend(["--out".to_string(), p("x.csv")]);
    refused(args, "another manifest");
    // An input changed after planning.
    std::fs::write(p("ig.csv"), std::fs::read_to_string(p("ig.csv")).unwrap().replace("\n", "\r\n")).unwrap();
    refused(merge(&parts, &p("x.csv")), "changed since the run was planned");
    assert!(!dir.path().join("x.csv").exists() && !dir.path().join("x.parquet").exists());
}

#[test]
fn nested_plan_run_merge_writes_what_nested_writes_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let data = combined_csv(dir.path());
    let run = [
        "nested",
        data.as_str(),
        "--target",
        "class",
        "--method",
        "relieff:k=[5,10]",
        "--method",
        "fisher",
        "--learner",
        "knn:k=[1,5]",
        "--folds",
        "3",
        "--repeats",
        "2",
        "--inner-folds",
        "3",
        "--grid",
        "1,2,5,10",
        "--seed",
        "4",
    ];
    let direct = ok(&[&run[..], &["--out", &p("n.csv"), "--figure", &p("n.svg")]].concat());
    let planned = ok(&[&run[..], &["--plan", &p("m.json")]].concat());
    assert!(String::from_utf8_lossy(&planned.stderr).contains("units written"));
    for i in 0..3 {
        let shard = format!("{i}/3");
        let part = p(&format!("part{i}.{}", ["csv", "parquet", "csv"][i]));
        ok(&["run", "--manifest", &p("m.json"), "--shard", &shard, "--out", &part, "--quiet"]);
    }
    let parts = [p("part2.csv"), p("part0.csv"), p("part1.parquet")];
    let manifest = p("m.json");
    let mut merge = vec!["merge", manifest.as_str()];
    merge.extend(parts.iter().map(|s| s.as_str()));
    let merged = ok(&[&merge[..], &["--out", &p("m.csv"), "--figure", &p("m.svg")]].concat());
    assert_eq!(direct.stdout, merged.stdout, "the answer on stdout");
    assert_eq!(std::fs::read(p("n.csv")).unwrap(), std::fs::read(p("m.csv")).unwrap(), "choices");
    assert_eq!(std::fs::read(p("n.svg")).unwrap(), std::fs::read(p("m.svg")).unwrap(), "figure");
    // refused, one line each, nothing written
    let refused = |args: &[&str], needle: &str| {
        let res = featrank(args);
        let err = String::from_utf8(res.stderr).unwrap();
        assert!(!res.status.success() && err.starts_with("error: ") && err.contains(needle), "{args:?}: {err}");
    };
    refused(&[&merge[..2], &[parts[0].as_str(), "--out", &p("x.csv")]].concat(), "units are missing");
    refused(&[&merge[..], &["--out", &p("x.csv"), "--json", &p("x.json")]].concat(), "--json");
    refused(&[&merge[..], &["--out", &parts[0]]].concat(), "'out'");
    refused(&[&run[..], &["--plan", &data]].concat(), "input");
    refused(&[&run[..], &["--plan", &p("x.json"), "--out", &p("x.csv")]].concat(), "--out");
    assert!(!dir.path().join("x.csv").exists() && !dir.path().join("x.json").exists());
}

/// `featrank args…` in `dir`, killed after two minutes (a hang fails the test, it does not stall the run).
fn featrank_bounded(args: &[String], dir: &std::path::Path) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_featrank"))
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(120) {
            child.kill().unwrap();
            return (None, "did not finish within 120 s".into());
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Every numeric option of every subcommand, and the counts inside ranker and learner specs, meet 0, −1,
/// 2⁶⁴ − 1, 10¹² and NaN: each call ends with a result or one `error:` line — never an abort, a signal, a
/// panic or a hang. Each runs in its own process, so an abort fails this test instead of the test run.
#[test]
fn hostile_numbers_never_abort_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let s = |v: &[&str]| v.iter().map(|a| a.to_string()).collect::<Vec<String>>();
    std::fs::write(d.join("r.csv"), "feature,score\npetalwidth,4\npetallength,3\nsepallength,2\nsepalwidth,1\n")
        .unwrap();
    let run = featrank_bounded(
        &s(&["curves", "iris", "--method", "fisher", "--folds", "2", "--repeats", "3", "--expected", "3", "--quiet"])
            .into_iter()
            .chain(s(&["--out", "c.csv", "--json", "c.json"]))
            .collect::<Vec<_>>(),
        d,
    );
    assert_eq!(run.0, Some(0), "{}", run.1);
    let curves = s(&[
        "curves",
        "iris",
        "--ranking",
        "r.csv",
        "--folds",
        "2",
        "--repeats",
        "1",
        "--expected",
        "2",
        "--quiet",
        "--out",
        "o.csv",
    ]);
    // the same run as a cluster plan, written to `out`
    let as_plan = |args: Vec<String>, out: &str| -> Vec<String> {
        args.into_iter()
            .filter(|a| a != "--quiet")
            .map(|a| match a.as_str() {
                "curves" => "plan".to_string(),
                "o.csv" => out.to_string(),
                _ => a,
            })
            .collect()
    };
    assert_eq!(featrank_bounded(&as_plan(curves.clone(), "m.json"), d).0, Some(0));
    let nested = s(&[
        "nested",
        "iris",
        "--method",
        "fisher",
        "--folds",
        "2",
        "--inner-folds",
        "2",
        "--grid",
        "1,2",
        "--out",
        "o.csv",
    ]);
    let set = |base: &[String], opt: &str, v: &str| -> Vec<String> {
        let mut a = base.to_vec();
        match a.iter().position(|x| x == opt) {
            Some(i) => a[i + 1] = v.to_string(),
            None => a.extend([opt.to_string(), v.to_string()]),
        }
        a
    };
    let mut cases: Vec<Vec<String>> = Vec::new();
    for v in ["0", "-1", "18446744073709551615", "1000000000000", "NaN"] {
        for opt in ["--folds", "--repeats", "--expected", "--expected-repeats", "--seed", "--grid"] {
            cases.push(set(&curves, opt, v));
            cases.push(as_plan(set(&curves, opt, v), "p.json"));
        }
        cases.push(set(&curves, "--scheme", &format!("holdout:{v}")));
        for opt in ["--folds", "--repeats", "--inner-folds", "--seed", "--grid"] {
            cases.push(set(&nested, opt, v));
        }
        cases.push(set(&nested, "--rule", &format!("at:{v}")));
        cases.push(set(&nested, "--rule", &format!("within:{v}")));
        for design in ["pair", "madelon", "null"] {
            cases.push(s(&["synth", design, "--rows", v, "--out", "o.csv", "--truth", "t.csv"]));
        }
        cases.push(s(&["synth", "null", "--seed", v, "--out", "o.csv", "--truth", "t.csv"]));
        cases.push(s(&["--memory-limit", v, "info", "iris"]));
        cases.push(s(&["rank", "iris", "--method", "fisher", "--seed", v, "--out", "o.csv"]));
        cases.push(s(&["trade-off", "c.json", "--k", v, "--out", "o.csv"]));
        cases.push(s(&["trade-off", "c.json", "--k", "2", "--beta", v, "--out", "o.csv"]));
        cases.push(s(&["compare", "c.json", "--level", v, "--out", "o.csv"]));
        cases.push(s(&["decide", "c.json", "--rule", &format!("at:{v}"), "--out", "o.csv"]));
        cases.push(s(&["run", "--manifest", "m.json", "--shard", &format!("{v}/2"), "--out", "p.csv", "--quiet"]));
        cases.push(s(&["run", "--manifest", "m.json", "--shard", &format!("0/{v}"), "--out", "p.csv", "--quiet"]));
        // counts inside specs (the time-only ones, mlp epochs and consensus folds, are interruptible work)
        for spec in [
            "relieff:k=V",
            "relieff:m=V",
            "forest:trees=V",
            "forest:mtry=V",
            "svm-rfe:step=V",
            "laplacian:k=V",
            "surf:discrete=V",
            "turf:base=(relieff),keep=V",
            "bag:base=(fisher),bootstraps=V",
            "shadow:base=(fisher),rounds=V",
            "shadow:base=(fisher),level=V",
            "permutation:repeats=V",
            "permutation:folds=V",
            "permutation:learner=(knn:k=V)",
            "permutation:learner=(forest:trees=V)",
            "permutation:learner=(tree:min_leaf=V)",
            "permutation:learner=(tree:max_depth=V)",
            "permutation:learner=(weighted-knn:k=V)",
            "inffs:decay=V",
            "ecfs:alpha=V",
        ] {
            cases.push(s(&["rank", "iris", "--method", &spec.replace('V', v), "--out", "o.csv"]));
        }
        // at the full set only: an SVM whose cost is 10¹² or more runs SMO to LIBSVM's iteration cap on every fit
        // (≈ 0.5 s each on iris), so the curves' other sizes would add a minute and check nothing more
        let full_set = set(&curves, "--grid", "4");
        for learner in ["knn:k=V", "svm:c=V", "svm:degree=V", "tree:min_leaf=V", "forest:trees=V", "mlp:rate=V"] {
            cases.push(set(&full_set, "--learner", &learner.replace('V', v)));
        }
    }
    // specs nested beyond the limit, and too long
    let mut deep = "relieff".to_string();
    (0..40).for_each(|_| deep = format!("bag:base=({deep})"));
    cases.push(s(&["rank", "iris", "--method", &deep, "--out", "o.csv"]));
    cases.push(s(&["rank", "iris", "--method", &"x".repeat(100_000), "--out", "o.csv"]));
    for args in &cases {
        for f in ["o.csv", "t.csv", "p.csv", "p.json"] {
            let _ = std::fs::remove_file(d.join(f));
        }
        let (code, err) = featrank_bounded(args, d);
        let shown = || {
            format!(
                "featrank {}: {code:?}\n{}",
                args.join(" ").chars().take(300).collect::<String>(),
                &err[..err.len().min(600)]
            )
        };
        assert!(matches!(code, Some(0..=2)), "{}", shown());
        assert!(!err.contains("panicked") && !err.contains("memory allocation"), "{}", shown());
        if code != Some(0) {
            assert!(err.starts_with("error"), "{}", shown());
            assert!(err.len() < 2_000, "{}", shown());
        }
    }
    eprintln!("hostile CLI battery: {} calls", cases.len());
}

#[test]
fn methods_lists_every_ranker_learner_and_measure_from_the_registries() {
    let out = ok(&["methods"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let (rankers, learners) = (&featrank::rankers::REGISTRY, &featrank::learners::REGISTRY);
    for name in rankers.all_names().chain(learners.all_names()) {
        assert!(text.lines().any(|l| l.trim_start().starts_with(&format!("{name} "))), "{name} missing:\n{text}");
    }
    assert!(
        text.contains("mutual-info") && text.contains("balanced_accuracy") && text.contains("naive-bayes"),
        "{text}"
    );
}

#[test]
fn a_method_s_parameters_and_the_help_lists_come_from_the_registries() {
    let text = String::from_utf8(ok(&["methods", "relieff"]).stdout).unwrap();
    assert!(text.contains("whole number ≥ 1 or all") && text.contains("weka | rsk"), "{text}");
    let text = String::from_utf8(ok(&["methods", "forest"]).stdout).unwrap();
    assert!(text.contains("Ranking method forest") && text.contains("Learner forest"), "both registries: {text}");
    let err = featrank(&["methods", "relief"]);
    assert!(!err.status.success() && String::from_utf8_lossy(&err.stderr).contains("did you mean 'relieff'"));
    let help = String::from_utf8(ok(&["rank", "--help"]).stdout).unwrap();
    for m in featrank::rankers::REGISTRY.all_names() {
        assert!(help.contains(m), "rank --help lacks {m}");
    }
    let help = String::from_utf8(ok(&["curves", "--help"]).stdout).unwrap();
    for l in featrank::learners::REGISTRY.all_names() {
        assert!(help.contains(l), "curves --help lacks {l}");
    }
    assert!(help.contains(&format!("[default: {}]", featrank::eval::defaults::LEARNER)), "{help}");
}

/// The same call with defaults only, through the library and the CLI: the same curves and the same nested
/// run, byte for byte (Python's suite compares its defaults-only call with the CLI's the same way).
#[test]
fn defaults_only_the_library_and_the_cli_agree() {
    use featrank::eval::{defaults, Candidate, CurveOptions, CurveSpec};
    let dir = tempfile::tempdir().unwrap();
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let spec = CurveSpec::new(featrank::learners::parse(defaults::LEARNER).unwrap()).options(CurveOptions::default());
    let curves = spec.evaluate_all(&iris, &[Candidate::parse("relieff").unwrap()]).unwrap();
    let (out, mine) = (dir.path().join("c.csv"), dir.path().join("library.csv"));
    ok(&["curves", "iris", "--method", "relieff", "--quiet", "--out", out.to_str().unwrap()]);
    featrank::data::io::write(curves.to_polars().unwrap(), &mine).unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&mine).unwrap());
    // CurveSpec::new is the same run as the options' defaults
    let plain =
        CurveSpec::new(featrank::learners::Knn::new()).evaluate_all(&iris, &[Candidate::parse("relieff").unwrap()]);
    assert_eq!(plain.unwrap().to_polars().unwrap(), curves.to_polars().unwrap());

    let nested = featrank::protocol::NestedSpec::new(&["fisher"], defaults::LEARNER).unwrap().evaluate(&iris).unwrap();
    let (out, mine) = (dir.path().join("n.csv"), dir.path().join("library-nested.csv"));
    ok(&["nested", "iris", "--method", "fisher", "--out", out.to_str().unwrap()]);
    featrank::data::io::write(nested.to_polars().unwrap(), &mine).unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&mine).unwrap());
}

/// Several `--learner`s: one plan, one table with the learner first; each learner's rows are its run alone.
#[test]
fn several_learners_run_on_one_plan_into_one_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let run = ["curves", "iris", "--method", "fisher", "--folds", "3", "--repeats", "2", "--expected", "3", "--quiet"];
    fn with<'a>(run: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        run.iter().chain(extra).copied().collect()
    }
    ok(&with(&run, &["--learner", "knn:k=5", "--learner", "nb", "--out", &path("both.csv")]));
    ok(&with(&run, &["--learner", "nb", "--out", &path("nb.csv")]));
    let both = std::fs::read_to_string(path("both.csv")).unwrap();
    let alone = std::fs::read_to_string(path("nb.csv")).unwrap();
    let mut lines = both.lines();
    assert_eq!(lines.next(), Some("learner,ranking,curve,mode,k,mean,std,lo,hi"));
    let nb: Vec<&str> = lines.clone().filter_map(|l| l.strip_prefix("nb,")).collect();
    assert_eq!(nb, alone.lines().skip(1).collect::<Vec<_>>(), "nb's rows are its run alone");
    assert_eq!(lines.filter(|l| l.starts_with("\"knn:k=5,ties=all,distance=euclidean\",")).count(), nb.len()); // quoted: a comma
    let err = featrank(&with(
        &run,
        &["--learner", "nb", "--learner", "svm", "--out", &path("x.csv"), "--json", &path("x.json")],
    ));
    assert!(String::from_utf8_lossy(&err.stderr).contains("--json saves one run"));
    // A cluster plan of both: every learner's units, shards holding a mix of them, merged into the same table.
    let manifest_path = path("m.json");
    let mut plan = with(&run, &["--learner", "knn:k=5", "--learner", "nb", "--out", &manifest_path]);
    plan[0] = "plan";
    plan.retain(|a| *a != "--quiet");
    ok(&plan);
    let manifest: serde_json::Value = serde_json::from_slice(&std::fs::read(&manifest_path).unwrap()).unwrap();
    let units = manifest["units"].as_array().unwrap().len();
    let parts: Vec<String> = (0..3).map(|i| path(&format!("part{i}.csv"))).collect();
    for (i, part) in parts.iter().enumerate() {
        ok(&["run", "--manifest", &manifest_path, "--shard", &format!("{i}/3"), "--out", part, "--quiet"]);
    }
    let learners: Vec<String> = parts
        .iter()
        .flat_map(|p| {
            std::fs::read_to_string(p)
                .unwrap()
                .lines()
                .skip(1)
                .map(|l| l.split(',').nth(7).unwrap().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        learners.iter().all(|l| l == "0" || l == "1")
            && learners.contains(&"0".into())
            && learners.contains(&"1".into())
    );
    let mut merge = vec!["merge", &manifest_path];
    merge.extend(parts.iter().map(|p| p.as_str()));
    let merged = path("merged.csv");
    ok(&[merge.clone(), vec!["--out", &merged]].concat());
    assert_eq!(std::fs::read(path("both.csv")).unwrap(), std::fs::read(&merged).unwrap(), "{units} units per learner");
    // A part that lost its learner column is refused, naming the column.
    let part0 = std::fs::read_to_string(&parts[0]).unwrap();
    let without = |l: &str| -> String {
        let fields: Vec<&str> = l.split(',').collect();
        [&fields[..7], &fields[8..]].concat().join(",") + "\n"
    };
    let cut: String = part0.lines().map(without).collect();
    std::fs::write(&parts[0], cut).unwrap();
    let err = featrank(&[merge, vec!["--out", &path("x.csv")]].concat());
    let err = String::from_utf8_lossy(&err.stderr);
    assert!(err.contains("learner") && err.contains("part0.csv"), "{err}");
}

/// `python3` for the program-as-ranker tests (skipped with a note where it is missing).
fn python3() -> Option<&'static str> {
    let found = Command::new("python3").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("python3 not found: the program-as-ranker tests are skipped");
    }
    found.then_some("python3")
}

#[test]
fn a_program_ranks_as_the_method_it_reproduces_and_a_manifest_runs_it_only_when_allowed() {
    let Some(python) = python3() else { return };
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let method = format!("command:run=({python} examples/command/fisher.py)");
    // the example program computes the generalised Fisher score: featrank's own ranking, on all rows
    let own = ok(&["rank", "iris", "--method", &method, "--out", &p("own.csv")]);
    assert!(own.status.success());
    ok(&["rank", "iris", "--method", "fisher:variant=generalized", "--out", &p("fisher.csv")]);
    let order = |path: &str| featrank::data::Ranking::read_csv(path).unwrap().order().to_vec();
    assert_eq!(order(&p("own.csv")), order(&p("fisher.csv")));
    // inside every split: the same curves as the built-in method
    let curves = |m: &str, out: &str| {
        ok(&["curves", "iris", "--method", m, "--folds", "3", "--repeats", "1", "--expected", "0", "--out", out])
    };
    curves(&method, &p("c1.csv"));
    curves("fisher:variant=generalized", &p("c2.csv"));
    let means = |path: &str| {
        let t = featrank::data::io::read(path).unwrap().into_inner();
        t.column("mean").unwrap().f64().unwrap().into_no_null_iter().collect::<Vec<f64>>()
    };
    assert_eq!(means(&p("c1.csv")), means(&p("c2.csv")));
    // a manifest is data, a program is code
    let args = ["plan", "iris", "--method", &method, "--folds", "3", "--repeats", "1", "--expected", "0", "--out"];
    ok(&[&args[..], &[&p("m.json")]].concat());
    let refused = featrank(&["run", "--manifest", &p("m.json"), "--shard", "0/1", "--out", &p("part.csv"), "--quiet"]);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success() && err.contains("runs programs") && err.contains("--allow-commands"), "{err}");
    assert!(!std::path::Path::new(&p("part.csv")).exists());
    let run = ["run", "--manifest", &p("m.json"), "--shard", "0/1", "--out", &p("part.csv"), "--quiet"];
    ok(&[&run[..], &["--allow-commands"]].concat());
    ok(&["merge", &p("m.json"), &p("part.csv"), "--out", &p("merged.csv")]);
    assert_eq!(means(&p("merged.csv")), means(&p("c1.csv")));
}

#[test]
fn a_failing_program_is_one_error_line_with_its_stderr() {
    let Some(python) = python3() else { return };
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("broken.py");
    std::fs::write(&script, "import sys\nsys.stderr.write('Error in library(FSelectorRcpp)\\n')\nsys.exit(1)\n")
        .unwrap();
    let method = format!("command:run=({python} {}),timeout=30", script.display());
    let c = dir.path().join("c.csv");
    let out = featrank(&[
        "curves",
        "iris",
        "--method",
        &method,
        "--folds",
        "3",
        "--expected",
        "0",
        "--out",
        c.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains(
            "failed in repeat 0, split 0: exited with exit status: 1; stderr: Error in library(FSelectorRcpp)"
        ),
        "{err}"
    );
    let r = dir.path().join("r.csv");
    let missing =
        featrank(&["rank", "iris", "--method", "command:run=(no-such-program-featrank)", "--out", r.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&missing.stderr).contains("program 'no-such-program-featrank' not found"));
}

/// A survival study from the command line: `synth survival`, then its (time, event) target by
/// `--target time,event --task survival` for `info`, `rank` (z and p-values) and honest curves with the Cox
/// learner, judged by Harrell's C.
#[test]
fn a_survival_target_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    ok(&["synth", "survival", "--rows", "120", "--seed", "4", "--out", &p("s.csv"), "--truth", &p("truth.csv")]);
    let target = ["--target", "time,event", "--task", "survival"];
    let info = String::from_utf8(ok(&[&["info", &p("s.csv")][..], &target].concat()).stdout).unwrap();
    assert!(info.contains("target: time, event (survival:"), "{info}");
    ok(&[&["rank", &p("s.csv"), "--method", "univariate-cox", "--out", &p("rank.csv")][..], &target].concat());
    let ranking = std::fs::read_to_string(p("rank.csv")).unwrap();
    assert!(ranking.starts_with("feature,score,rank,z,p_value\n"), "{ranking}");
    let args = [
        "curves",
        &p("s.csv"),
        "--method",
        "univariate-cox",
        "--learner",
        "cox",
        "--folds",
        "4",
        "--repeats",
        "1",
        "--expected",
        "3",
        "--grid",
        "1,5,20",
        "--quiet",
        "--out",
        &p("curves.csv"),
    ];
    ok(&[&args[..], &target].concat());
    let curves = std::fs::read_to_string(p("curves.csv")).unwrap();
    let at5 = curves.lines().find(|l| l.starts_with("univariate-cox,FFA,per-fold,5,")).unwrap();
    let c: f64 = at5.split(',').nth(4).unwrap().parse().unwrap();
    assert!(c > 0.65 && c < 1.0, "Harrell's C at 5 features: {c}");
    // the SVM cannot judge survival data: the refusal names the learners that can
    let svm = featrank(&[&["curves", &p("s.csv"), "--learner", "svm", "--out", &p("never.csv")][..], &target].concat());
    assert!(!svm.status.success() && String::from_utf8_lossy(&svm.stderr).contains("cox"));
}

#[test]
fn groups_and_order_columns_reach_every_plan_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let at = |f: &str| dir.path().join(f).to_string_lossy().into_owned();
    ok(&["synth", "replicates", "--rows", "48", "--seed", "1", "--out", &at("rep.csv"), "--truth", &at("truth.csv")]);
    let info = ok(&["info", &at("rep.csv"), "--target", "class", "--groups", "subject", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&info.stdout).unwrap();
    assert_eq!((v["features"].as_u64(), v["groups"]["groups"].as_u64()), (Some(50), Some(12)));
    // `featrank curves` of Fisher on the replicates with `more` flags
    let rep = at("rep.csv");
    let curves = |more: &[&str]| {
        let mut args = vec!["curves", &rep, "--target", "class", "--method", "fisher", "--quiet"];
        args.extend_from_slice(more);
        featrank(&args)
    };
    let run = curves(&[
        "--groups",
        "subject",
        "--folds",
        "3",
        "--repeats",
        "1",
        "--expected",
        "2",
        "--grid",
        "1,50",
        "--out",
        &at("c.csv"),
        "--json",
        &at("c.json"),
    ]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let run: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(at("c.json")).unwrap()).unwrap();
    assert_eq!(run["kept"]["groups"], serde_json::json!(["subject", 12]));
    assert_eq!(run["scheme"]["StratifiedGroupKFold"]["folds"], 3);
    // a scheme that needs groups without them, and fewer groups than folds: one error line each
    let out = curves(&["--scheme", "leave-one-group-out", "--out", &at("d.csv")]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("--groups"));
    let out = curves(&["--groups", "subject", "--folds", "20", "--out", &at("e.csv")]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("'subject' has 12 groups"), "{out:?}");
    // the rows' own order: a nested run with time-series outer splits (inner folds blocked)
    let data = combined_csv(dir.path());
    ok(&[
        "nested",
        &data,
        "--method",
        "fisher",
        "--learner",
        "knn:k=5",
        "--scheme",
        "time-series:folds=2",
        "--inner-folds",
        "3",
        "--grid",
        "2,13",
        "--out",
        &at("n.csv"),
        "--figure",
        &at("n.svg"),
    ]);
    let figure = std::fs::read_to_string(at("n.svg")).unwrap();
    assert!(figure.contains("time-series CV, 2 forward splits") && figure.contains("in row order"), "{figure}");
}
