//! Memory: kNN's blocked distances give the same predictions as one block; work whose estimate exceeds the
//! limit is refused, with the estimate, before it starts (curves, rankers, the CLI).

use featrank::data::synth::MultiLabel;
use featrank::memory;
use featrank::parallel::Schedule;
use featrank::prelude::*;
use featrank::resampling::Fold;

/// 600 rows: five numeric features and a nominal one, about 5 % of cells missing; a three-class target
/// (or, `numeric`, a numeric one) that depends on the first two features.
fn mixed(numeric: bool) -> Dataset {
    let mut state = 7u64;
    let mut next = move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let n = 600;
    let mut columns: Vec<Column> = Vec::new();
    let mut x: Vec<Vec<f64>> = Vec::new();
    for j in 0..5 {
        // a coarse grid, so that distances tie often
        let v: Vec<f64> = (0..n).map(|_| (next() * 6.0).floor()).collect();
        let shown: Vec<Option<f64>> = v.iter().map(|&a| if next() < 0.05 { None } else { Some(a) }).collect();
        columns.push(Column::new(format!("x{j}").into(), shown));
        x.push(v);
    }
    let nominal: Vec<Option<&str>> =
        (0..n).map(|_| if next() < 0.05 { None } else { Some(["u", "v", "w"][(next() * 3.0) as usize]) }).collect();
    columns.push(Column::new("colour".into(), nominal));
    let signal: Vec<f64> = (0..n).map(|i| x[0][i] + x[1][i] + 2.0 * next()).collect();
    if numeric {
        columns.push(Column::new("y".into(), signal));
    } else {
        let class: Vec<&str> = signal
            .iter()
            .map(|&s| {
                if s < 4.0 {
                    "a"
                } else if s < 7.0 {
                    "b"
                } else {
                    "c"
                }
            })
            .collect();
        columns.push(Column::new("y".into(), class));
    }
    Dataset::from_polars(DataFrame::new(n, columns).unwrap(), "y").unwrap()
}

#[test]
fn knn_blocks_of_test_rows_give_the_same_predictions_as_one_block() {
    let _setting = WORKING_MEMORY.lock().unwrap_or_else(|e| e.into_inner());
    for numeric in [false, true] {
        let data = mixed(numeric);
        let train: Vec<usize> = (0..600).filter(|i| i % 3 != 0).collect();
        let test: Vec<usize> = (0..600).filter(|i| i % 3 == 0).collect();
        let fold = Fold { data: &data, train: &train, test: &test, seed: 0 };
        let order = [5, 1, 3, 0, 4, 2];
        let sizes = [1, 2, 3, 4, 5, 6];
        for knn in [Knn::new(), Knn::new().k(3).ties(KnnTies::First)] {
            // The default block (half of one core's L2, at least 256 KiB) holds at least 80 of the 200 test rows
            // × 400 training rows; one byte makes blocks of 64 rows, the smallest. (Only the tests holding WORKING_MEMORY change
            // the setting, and only downwards, so estimates made by tests running beside them do not change.)
            memory::set_working_memory(None);
            let whole = knn.fit_predict_nested(&fold, &order, &sizes).unwrap();
            memory::set_working_memory(Some(1));
            // the blocks are pieces of parallel work: any thread count, or all on one thread recorded
            let blocked = on_threads(3, || knn.fit_predict_nested(&fold, &order, &sizes).unwrap());
            let one = on_threads(1, || knn.fit_predict_nested(&fold, &order, &sizes).unwrap());
            let (recorded, schedule) =
                Schedule::record(|| knn.fit_predict_nested(&fold, &order, &sizes).unwrap()).unwrap();
            memory::set_working_memory(None);
            assert_eq!(whole, blocked, "{} on a {} target", knn.spec(), if numeric { "numeric" } else { "class" });
            assert_eq!(one, blocked);
            assert_eq!(recorded, blocked);
            assert_eq!(schedule.pieces(), 4, "200 test rows in blocks of 64");
            assert_eq!(whole.len(), sizes.len());
            // the single fits agree with the chain at every size
            for (p, &k) in whole.iter().zip(&sizes) {
                assert_eq!(p, &knn.fit_predict(&fold, &order[..k]).unwrap());
            }
        }
    }
}

/// The working-memory setting is global: the tests that change it hold this lock, so one cannot reset it
/// while the other counts its blocks (they raced: a run saw 1 piece where 4 were due).
static WORKING_MEMORY: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn on_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(f)
}

#[test]
fn ml_knn_blocks_of_rows_give_the_same_predictions_as_one_block() {
    // ML-kNN's leave-one-out search of the training rows runs in blocks too: each block's rows are kept out
    // of their own neighbours at their own positions.
    let data = MultiLabel::new().rows(300).generate(3).unwrap().dataset().unwrap();
    let train: Vec<usize> = (0..300).filter(|i| i % 4 != 0).collect();
    let test: Vec<usize> = (0..300).filter(|i| i % 4 == 0).collect();
    let fold = Fold { data: &data, train: &train, test: &test, seed: 0 };
    let order: Vec<usize> = (0..data.n_features()).rev().collect();
    let sizes: Vec<usize> = (1..=data.n_features()).collect();
    let ml = MlKnn::new().k(5);
    let _setting = WORKING_MEMORY.lock().unwrap_or_else(|e| e.into_inner());
    memory::set_working_memory(None);
    let whole = ml.fit_predict_nested(&fold, &order, &sizes).unwrap();
    memory::set_working_memory(Some(1));
    let blocked = on_threads(3, || ml.fit_predict_nested(&fold, &order, &sizes).unwrap());
    memory::set_working_memory(None);
    assert_eq!(whole, blocked);
}

#[test]
fn knn_working_set_stays_small_where_the_distance_matrix_would_not() {
    let data = mixed(false);
    // 100,000 rows in 10 folds: one test × train matrix would be 10,000 × 90,000 f64 = 6.7 GiB.
    let estimate = Knn::new().memory(&data, 90_000, 10_000);
    assert!(estimate < 64 << 20, "{}", memory::human(estimate));
    assert!(estimate >= 8 * 64 * 90_000, "one block of 64 rows at least");
    // The SVM keeps its kernels: 2 · 90,000² f64 alone is 121 GiB.
    assert!(Svm::new().memory(&data, 90_000, 10_000) > 120 << 30);
}

/// `rows` rows of one numeric feature and a two-class target: cheap to hold, quadratic work is huge.
fn tall(rows: usize) -> Dataset {
    let x: Vec<f64> = (0..rows).map(|i| (i % 97) as f64).collect();
    let y: Vec<&str> = (0..rows).map(|i| if i % 2 == 0 { "a" } else { "b" }).collect();
    Dataset::from_polars(df!("x" => x, "y" => y).unwrap(), "y").unwrap()
}

#[test]
fn svm_curves_beyond_any_memory_are_refused_with_the_estimate_before_any_work() {
    let data = tall(400_000);
    let err =
        CurveSpec::new(Svm::new()).folds(10).repeats(1).expected(0).evaluate(&data, &[identity(&data)]).unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, Error::Memory { needed, limit, .. } if needed > limit), "{text}");
    assert!(text.contains("curves of svm:c=0.1"), "{text}");
    assert!(text.contains("400000 rows × 1 features"), "{text}");
    assert!(text.contains("TiB (estimate)"), "{text}");
    assert!(text.contains("FEATRANK_MEMORY_LIMIT"), "{text}");
    // A single fold through the learner's own checking path is refused the same way.
    let rows: Vec<usize> = (0..400_000).collect();
    let fold = Fold { data: &data, train: &rows[..360_000], test: &rows[360_000..], seed: 0 };
    assert!(matches!(Svm::new().fit_predict(&fold, &[0]), Err(Error::Memory { .. })));
}

/// A nested evaluation checks its ordinary runs and an inner run on the largest outer training split before
/// any work: an SVM grid on 400,000 rows is refused at once with the estimate.
#[test]
fn nested_evaluation_beyond_any_memory_is_refused_before_any_work() {
    let data = tall(400_000);
    let err = featrank::protocol::NestedSpec::new(&["fisher"], "svm:c=[0.1,1]")
        .unwrap()
        .folds(10)
        .evaluate(&data)
        .unwrap_err();
    assert!(matches!(err, Error::Memory { needed, limit, .. } if needed > limit), "{err}");
    assert!(err.to_string().contains("curves of svm:c=0.1"), "{err}");
}

#[test]
fn quadratic_rankers_beyond_any_memory_are_refused_before_any_work() {
    let data = tall(400_000);
    let err = SvmRfe::new().rank(&data, 0).unwrap_err();
    assert!(matches!(err, Error::Memory { .. }), "{err}");
    assert!(err.to_string().starts_with("svm-rfe:c=0.1"), "{err}");
    // Inside curves (ranked on every training split), refused before the first split is ranked.
    let err = CurveSpec::new(Knn::new()).folds(2).repeats(1).evaluate_all(&data, &[Candidate::per_fold(SvmRfe::new())]);
    assert!(matches!(err, Err(Error::Memory { .. })));
    // The estimate names the n × n graph of Inf-FS: 8 · n² bytes at least.
    let iris = datasets::load("iris").unwrap().dataset().unwrap();
    assert!(InfFs::new().memory(&iris) >= 8 * 16);
}

#[test]
fn sizes_parse_in_the_units_people_write() {
    assert_eq!(memory::parse_bytes("1073741824").unwrap(), 1 << 30);
    assert_eq!(memory::parse_bytes("512M").unwrap(), 512 << 20);
    assert_eq!(memory::parse_bytes("512 MB").unwrap(), 512 << 20);
    assert_eq!(memory::parse_bytes("2gib").unwrap(), 2 << 30);
    assert_eq!(memory::parse_bytes("0.5K").unwrap(), 512);
    for bad in ["", "G", "-1G", "1Q", "1.2.3M", "0", "1e3"] {
        let err = memory::parse_bytes(bad).unwrap_err();
        assert!(err.to_string().contains("is not a size"), "{bad}: {err}");
    }
    assert_eq!(memory::human(512), "512 B");
    assert_eq!(memory::human(3 << 19), "1.5 MiB");
}

/// The dataset's features in their own order, as a fixed ranking.
fn identity(data: &Dataset) -> Ranking {
    Ranking::from_order(data.feature_names()).unwrap().with_name("identity")
}

/// A gzip file whose text is `members` copies of `block`: one compressed member repeated (gzip readers
/// read concatenated members), so a file of a few megabytes expands to gigabytes without being made whole.
fn gzip_bomb(block: &str, members: usize) -> Vec<u8> {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(block.as_bytes()).unwrap();
    let member = gz.finish().unwrap();
    member.repeat(members)
}

/// `0,0,x` rows in 16 MiB blocks (the first with the header `a,b,class`).
fn bomb_block() -> String {
    "0,0,x\n".repeat((16 << 20) / 6)
}

#[test]
fn a_gzip_bomb_is_refused_after_its_first_megabytes_at_the_default_limit() {
    // 512 blocks: 8 GiB of text, 4.3 · 10⁹ cells — about 72 GiB to hold, more than any machine here has. The
    // projection from the first chunks (compressed bytes consumed, read ahead by the decoder) is lower, but
    // over the limit all the same.
    let bomb = gzip_bomb(&bomb_block(), 512);
    assert!(bomb.len() < 20 << 20, "{} bytes", bomb.len());
    let err = io::read_bytes(&bomb, io::Format::Csv, "bomb.csv.gz").unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, Error::Memory { needed, limit, .. } if needed > limit), "{text}");
    assert!(text.starts_with("reading bomb.csv.gz (about "), "{text}");
    assert!(text.contains("lines × 3 fields"), "{text}");
    assert!(text.contains("GiB of text)"), "{text}");
}

/// Run the binary with `args`, returning (success, stderr).
fn cli(args: &[&str]) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_featrank")).args(args).output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn every_reader_refuses_through_the_cli_what_exceeds_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    // The bomb: ~3 GiB of `0,0,x` rows in a few megabytes of gzip, refused at a 1 GiB limit.
    let mut header = gzip_bomb("a,b,class\n", 1);
    header.extend(gzip_bomb(&bomb_block(), 192));
    std::fs::write(path("bomb.csv.gz"), &header).unwrap();
    let (ok, err) = cli(&["--memory-limit", "1G", "info", &path("bomb.csv.gz"), "--target", "class"]);
    assert!(!ok);
    assert!(err.starts_with("error: reading ") && err.contains("bomb.csv.gz (about "), "{err}");
    assert!(err.contains("more than the memory limit of 1.0 GiB"), "{err}");
    // A long ARFF: 2,000,000 rows of two cells, 8 MB of text, ~72 MB to hold.
    let arff = "@relation t\n@attribute a numeric\n@attribute class {x,y}\n@data\n".to_string()
        + &"0,x\n1,y\n".repeat(1_000_000);
    std::fs::write(path("long.arff"), &arff).unwrap();
    let (ok, err) = cli(&["--memory-limit", "32M", "info", &path("long.arff"), "--target", "class"]);
    assert!(!ok && err.contains("long.arff") && err.contains("memory limit of 32.0 MiB"), "{err}");
    // A Parquet file that declares 1,000,000 rows × 2 columns in a few kilobytes: refused from its metadata.
    let a = vec![0.0f64; 1_000_000];
    let class: Vec<&str> = (0..1_000_000).map(|i| if i % 2 == 0 { "x" } else { "y" }).collect();
    io::write(df!("a" => a, "class" => class).unwrap(), path("tall.parquet")).unwrap();
    let (ok, err) = cli(&[
        "--memory-limit",
        "8M",
        "rank",
        &path("tall.parquet"),
        "--target",
        "class",
        "--method",
        "fisher",
        "--out",
        &path("r.csv"),
    ]);
    assert!(!ok && err.contains("tall.parquet (1000000 rows × 2 columns"), "{err}");
    assert!(!std::path::Path::new(&path("r.csv")).exists());
}

#[test]
fn a_file_just_under_the_limit_still_reads() {
    // 20,000 rows of `x,y,class`: text + 16 bytes per cell (field separators plus line ends) to hold.
    let mut csv = String::from("x,y,class\n");
    for i in 0..20_000 {
        csv.push_str(&format!("{}.25,{},{}\n", i % 97, i % 13, if i % 3 == 0 { "a" } else { "b" }));
    }
    let cells = (csv.matches(',').count() + csv.matches('\n').count()) as u64;
    let estimate = csv.len() as u64 + 16 * cells;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("under.csv").display().to_string();
    std::fs::write(&file, &csv).unwrap();
    let (ok, err) = cli(&["--memory-limit", &estimate.to_string(), "info", &file, "--target", "class"]);
    assert!(ok, "{err}");
    let (ok, err) = cli(&["--memory-limit", &(estimate - 1).to_string(), "info", &file, "--target", "class"]);
    assert!(!ok && err.contains("reading ") && err.contains("(20,001 lines × 3 fields"), "{err}");
}
