//! Sparse features: a dataset held as compressed columns gives the same rankings and curves as its dense copy,
//! bit for bit; rankers with a sparse algorithm never densify (a matrix whose dense copy would take 800 GB is
//! ranked), the others and the learners are refused by name when their dense copy does not fit; bad input is
//! an error naming the cell.

use featrank::data::dataset::SparseMatrix;
use featrank::data::synth::Corpus;
use featrank::learners::{KnnDistance, Learner};
use featrank::prelude::*;
use featrank::rankers::parse;

/// 240 rows × 40 features, ~15 % stored: small integers of both signs (so MDL cuts fall below, at and above
/// zero, and values repeat), the class leaning on the first six features.
fn signed() -> Dataset {
    let mut state = 11u64;
    let mut next = move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let (n, m) = (240, 40);
    let y: Vec<usize> = (0..n).map(|i| i % 3).collect();
    let (mut rows, mut cols, mut values) = (Vec::new(), Vec::new(), Vec::new());
    for (i, &c) in y.iter().enumerate() {
        for j in 0..m {
            let boost = if j < 6 && j % 3 == c { 0.5 } else { 0.0 };
            if next() < 0.1 + boost {
                rows.push(i);
                cols.push(j);
                values.push(((next() * 7.0).floor() - 2.0) + if boost > 0.0 { 2.0 } else { 0.0 });
            }
        }
    }
    let x = SparseMatrix::from_triplets(n, m, &rows, &cols, &values).unwrap();
    Dataset::from_sparse(x, &ndarray::Array1::from(y), &[] as &[&str]).unwrap()
}

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

#[test]
fn sparse_and_dense_features_give_identical_scores() {
    let corpus = Corpus::new().documents(300).terms(400).generate(5).unwrap().dataset;
    for data in [signed(), corpus] {
        let dense = data.densify("the test").unwrap().into_owned();
        assert!(data.is_sparse() && !dense.is_sparse());
        for spec in [
            "chi2",
            "info-gain",
            "gain-ratio",
            "symmetrical-uncertainty",
            "chi2:mdl=instances",
            "fisher",
            "mi",
            "variance",
            "relieff:k=5",
            "bag:base=(info-gain),bootstraps=3",
            "mrmr",
        ] {
            let ranker = parse(spec).unwrap();
            let (s, d) = (ranker.scores(&data, 3).unwrap(), ranker.scores(&dense, 3).unwrap());
            assert_eq!(bits(&s), bits(&d), "{spec}");
        }
        assert_eq!(data.constant_features(), dense.constant_features());
        assert_eq!(data.summary().constant, dense.summary().constant);
    }
}

#[test]
fn rows_and_columns_of_sparse_data_match_the_dense_copy() {
    let data = signed();
    let dense = data.densify("the test").unwrap().into_owned();
    let rows = [5, 0, 5, 239, 17, 17, 17];
    let (a, b) = (data.take_rows(&rows).unwrap(), dense.take_rows(&rows).unwrap());
    assert!(a.is_sparse());
    for j in 0..data.n_features() {
        assert_eq!(a.feature(j).to_vec(), b.feature(j).to_vec(), "feature {j}");
    }
    assert_eq!(a.labels(), b.labels());
    let names = ["x7", "x0", "x39"];
    let (a, b) = (data.select_features(&names).unwrap(), dense.select_features(&names).unwrap());
    assert!(a.is_sparse());
    assert_eq!(a.feature_names(), b.feature_names());
    (0..3).for_each(|j| assert_eq!(a.feature(j).to_vec(), b.feature(j).to_vec()));
    assert_eq!(data.to_ndarray().unwrap(), dense.to_ndarray().unwrap());
    assert_eq!(data.matrix(&[3, 1], &[2, 0]).unwrap(), dense.matrix(&[3, 1], &[2, 0]).unwrap());
    assert_eq!(data.to_polars().unwrap(), dense.to_polars().unwrap());
}

#[test]
fn curves_on_sparse_features_equal_the_dense_curves() {
    let corpus = Corpus::new().documents(240).terms(300).planted(5).generate(2).unwrap();
    let (data, planted) = (corpus.dataset, corpus.truth.ranking().unwrap().with_name("truth"));
    let dense = data.densify("the test").unwrap().into_owned();
    let run = |d: &Dataset| {
        let candidates = [Candidate::per_fold(parse("chi2").unwrap()), Candidate::from(planted.clone())];
        CurveSpec::new(Knn::new().k(5))
            .folds(3)
            .repeats(2)
            .expected(2)
            .grid(Grid::Custom(vec![1, 2, 5, 10]))
            .seed(4)
            .evaluate_all(d, &candidates)
            .unwrap()
    };
    assert_eq!(run(&data), run(&dense));
    // naive Bayes reads sparse features as they are held, one column at a time: the same curves again
    let nb = |d: &Dataset| {
        let candidates = [Candidate::per_fold(parse("chi2").unwrap())];
        CurveSpec::new(NaiveBayes::new())
            .folds(3)
            .repeats(1)
            .expected(1)
            .grid(Grid::Custom(vec![1, 5]))
            .seed(2)
            .evaluate_all(d, &candidates)
            .unwrap()
    };
    assert!(NaiveBayes::new().accepts_sparse());
    assert_eq!(nb(&data), nb(&dense));
    // nested subsets through the learner's own door: a fold of sparse data gives the dense predictions
    let plan = CvPlan::stratified(&data, 3, 1, 1).unwrap();
    let (train, test) = plan.split(0, 1);
    let fold = |d| featrank::resampling::Fold { data: d, train: &train, test: &test, seed: 0 };
    let order = [4, 9, 0, 299];
    for learner in ["nb", "tree", "knn:k=3"] {
        let l = featrank::learners::parse(learner).unwrap();
        let (s, d) = (fold(&data), fold(&dense));
        assert_eq!(
            l.fit_predict_nested(&s, &order, &[1, 4]).unwrap(),
            l.fit_predict_nested(&d, &order, &[1, 4]).unwrap()
        );
        assert_eq!(l.fit_predict(&s, &order[..2]).unwrap(), l.fit_predict(&d, &order[..2]).unwrap());
    }
}

/// 400,000 documents × 250,000 terms with 200,000 stored counts: a dense copy would take 800 GB.
fn huge() -> Dataset {
    let (n, m, nnz) = (400_000usize, 250_000usize, 200_000usize);
    let rows: Vec<usize> = (0..nnz).map(|i| (i * 7919) % n).collect();
    let cols: Vec<usize> = (0..nnz).map(|i| (i * 104_729) % m).collect();
    let values: Vec<f64> = (0..nnz).map(|i| (1 + i % 3) as f64).collect();
    let x = SparseMatrix::from_triplets(n, m, &rows, &cols, &values).unwrap();
    let y: Vec<usize> = (0..n).map(|i| (i / 7) % 2).collect();
    Dataset::from_sparse(x, &ndarray::Array1::from(y), &[] as &[&str]).unwrap()
}

#[test]
fn rankers_with_a_sparse_algorithm_never_densify_and_the_others_are_refused_by_name() {
    let data = huge();
    assert_eq!(data.dense_bytes(), 800_000_000_000);
    assert!(data.feature_bytes() < 5_000_000);
    let summary = data.summary();
    assert_eq!((summary.stored, summary.density.map(|d| (d * 1e9).round())), (Some(200_000), Some(2000.0)));
    assert!(summary.to_string().contains("sparse: 200000 non-zero cells, density 0.00020 %"), "{summary}");
    for spec in ["chi2", "info-gain", "gain-ratio"] {
        let r = parse(spec).unwrap();
        if r.supports(data.task()) {
            assert_eq!(r.scores(&data, 0).unwrap().len(), 250_000, "{spec}");
        }
    }
    let err = parse("relieff").unwrap().scores(&data, 0).unwrap_err();
    assert_eq!(err.kind(), featrank::error::ErrorKind::Memory);
    let text = err.to_string();
    assert!(text.contains("relieff") && text.contains("no sparse algorithm"), "{text}");
    // curves: the full-set point gives the learner a dense copy of every feature
    let candidates = [Candidate::per_fold(parse("chi2").unwrap())];
    let err = CurveSpec::new(Knn::new())
        .folds(2)
        .repeats(1)
        .expected(0)
        .grid(Grid::Custom(vec![1, 10]))
        .evaluate_all(&data, &candidates)
        .unwrap_err();
    assert!(err.to_string().contains("the features are sparse"), "{err}");
    assert!(data.x().is_err() && data.densify("a test").is_err());
}

#[test]
fn bad_sparse_input_is_an_error_naming_the_cell_or_parameter() {
    let e = SparseMatrix::from_triplets(3, 2, &[0, 2], &[1, 1], &[1.0, f64::INFINITY]).unwrap_err().to_string();
    assert!(e.contains("(row 2, column 1)") && e.contains("inf"), "{e}");
    let e = SparseMatrix::from_triplets(3, 2, &[3], &[0], &[1.0]).unwrap_err().to_string();
    assert!(e.contains("outside its 3 × 2 shape"), "{e}");
    assert!(SparseMatrix::from_triplets(3, 2, &[0, 1], &[0], &[1.0]).is_err());
    // a shape whose column pointers alone would not fit is refused before they are made
    let e = SparseMatrix::from_triplets(3, usize::MAX / 4, &[0], &[0], &[1.0]).unwrap_err();
    assert_eq!(e.kind(), featrank::error::ErrorKind::Memory, "{e}");
    // duplicates summed, a sum that cancels is not stored
    let x = SparseMatrix::from_triplets(2, 2, &[0, 0, 1, 1], &[0, 0, 1, 1], &[1.5, 2.0, 3.0, -3.0]).unwrap();
    assert_eq!((x.nnz(), x.get(0, 0), x.get(1, 1)), (1, 3.5, 0.0));
    // compressed columns: canonical ones taken as they are, others sorted and summed — the same matrix
    let canonical = SparseMatrix::from_csc_parts(3, 2, vec![0, 2, 3], vec![0, 2, 1], vec![1.0, 5.0, 7.0]).unwrap();
    let shuffled = SparseMatrix::from_csc(3, 2, &[0, 3, 4], &[2, 0, 2, 1], &[2.0, 1.0, 3.0, 7.0]).unwrap();
    assert_eq!(canonical, shuffled);
    let e = SparseMatrix::from_csc_parts(3, 2, vec![0, 1, 2], vec![0, 1], vec![1.0, f64::NAN]).unwrap_err().to_string();
    assert!(e.contains("(row 1, column 1) is NaN"), "{e}");
    assert!(SparseMatrix::from_csc_parts(3, 2, vec![0, 1, 2], vec![0, 3], vec![1.0, 1.0])
        .unwrap_err()
        .to_string()
        .contains("row index 3"));
    assert!(SparseMatrix::from_csc_parts(3, 2, vec![0, 1], vec![0], vec![1.0]).is_err());
    let y = ndarray::array![0usize, 1, 1];
    let e = Dataset::from_sparse(x.clone(), &y, &[] as &[&str]).unwrap_err().to_string();
    assert!(e.contains("3 target values for the 2 rows of x"), "{e}");
    let y = ndarray::array![0usize, 1];
    assert!(Dataset::from_sparse(x.clone(), &y, &["a"]).unwrap_err().to_string().contains("1 names for 2 columns"));
    assert!(Dataset::from_sparse(x.clone(), &y, &["a", "a"]).is_err());
    assert!(Dataset::from_sparse(x, &y, &["a", "target"]).is_err());
}

#[test]
fn compressed_rows_become_the_same_matrix_as_its_coordinates() {
    // the signed matrix's cells in row order (as SciPy's CSR holds them), plus a repeated cell in row 3 and a row
    // whose columns are out of order: summed and sorted as the coordinates are
    let data = signed();
    let x = data.sparse().unwrap();
    let (n, m) = (x.n_rows(), x.n_cols());
    let mut cells: Vec<(usize, usize, f64)> = (0..m)
        .flat_map(|j| (0..n).map(move |i| (i, j)).collect::<Vec<_>>())
        .filter_map(|(i, j)| {
            let v = x.get(i, j);
            (v != 0.0).then_some((i, j, v))
        })
        .collect();
    cells.push((3, 5, 2.5));
    cells.sort_by_key(|&(i, j, _)| (i, std::cmp::Reverse(j)));
    let mut indptr = vec![0usize; n + 1];
    cells.iter().for_each(|&(i, _, _)| indptr[i + 1] += 1);
    (0..n).for_each(|i| indptr[i + 1] += indptr[i]);
    let indices: Vec<u32> = cells.iter().map(|c| c.1 as u32).collect();
    let values: Vec<f64> = cells.iter().map(|c| c.2).collect();
    let from_rows = SparseMatrix::from_csr(n, m, &indptr, &indices, &values).unwrap();
    let (rows, cols): (Vec<usize>, Vec<usize>) = cells.iter().map(|c| (c.0, c.1)).unzip();
    assert_eq!(from_rows, SparseMatrix::from_triplets(n, m, &rows, &cols, &values).unwrap());
    assert_eq!(from_rows.get(3, 5), x.get(3, 5) + 2.5);
    // bad rows: a NaN named by its cell, a column out of range, falling pointers, lengths that differ
    let e = SparseMatrix::from_csr(3, 2, &[0, 1, 1, 2], &[1, 0], &[1.0, f64::NAN]).unwrap_err().to_string();
    assert!(e.contains("(row 2, column 0) is NaN"), "{e}");
    let e = SparseMatrix::from_csr(3, 2, &[0, 1, 1, 2], &[1, 2], &[1.0, 1.0]).unwrap_err().to_string();
    assert!(e.contains("column index 2 lies outside the 2 columns"), "{e}");
    let e = SparseMatrix::from_csr(3, 2, &[0, 2, 1, 2], &[1, 0], &[1.0, 1.0]).unwrap_err().to_string();
    assert!(e.contains("row pointers fall at row 1"), "{e}");
    assert!(SparseMatrix::from_csr(3, 2, &[0, 1, 2], &[1, 0], &[1.0, 1.0]).is_err());
    // a dataset of it keeps no record per column, yet gives back its frame: Float64 columns named as features
    let ds = Dataset::from_sparse(from_rows, &ndarray::Array1::from(data.labels().unwrap().to_vec()), &[] as &[&str])
        .unwrap();
    let frame = ds.to_polars().unwrap();
    assert_eq!(frame.width(), m + 1);
    assert_eq!(frame.column("x5").unwrap().dtype(), &DataType::Float64);
}

#[test]
fn cosine_knn_works_on_sparse_features_as_held_and_equals_its_dense_run() {
    let corpus = Corpus::new().documents(300).terms(400).planted(5).generate(8).unwrap();
    let (data, truth) = (corpus.dataset, corpus.truth.ranking().unwrap().with_name("truth"));
    let dense = data.densify("the test").unwrap().into_owned();
    let cosine = Knn::new().k(5).distance(KnnDistance::Cosine);
    let run = |d: &Dataset| {
        let candidates = [Candidate::per_fold(parse("info-gain").unwrap()), Candidate::from(truth.clone())];
        CurveSpec::new(cosine)
            .folds(3)
            .repeats(2)
            .expected(2)
            .grid(Grid::Custom(vec![1, 3, 10, 50]))
            .seed(1)
            .evaluate_all(d, &candidates)
            .unwrap()
    };
    let (sparse_run, dense_run) = (run(&data), run(&dense));
    assert_eq!(sparse_run, dense_run);
    // the planted terms carry the class: the truth's top 10 beat 10 random terms
    let at = |name: &str, i: usize| sparse_run.get(name, CurveKind::Ffa).unwrap().mean[i];
    let random = sparse_run.expected().unwrap().mean[2];
    assert!(at("truth", 2) > random + 0.1, "{} vs {random}", at("truth", 2));
}

/// The cosine distance by hand: per test row the k nearest training rows (ties to the earlier row), majority
/// vote with ties to the lower class — on data without tied distances.
#[test]
fn cosine_knn_predicts_as_the_distance_computed_by_hand() {
    let mut state = 3u64;
    let mut next = move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let (n, m, k) = (90, 12, 5);
    let x: Vec<Vec<f64>> = (0..n)
        .map(|_| (0..m).map(|_| if next() < 0.4 { (next() * 5.0).floor() + 1.0 } else { 0.0 }).collect())
        .collect();
    let y: Vec<usize> = (0..n).map(|i| usize::from(x[i][0] + x[i][1] > x[i][2] + x[i][3])).collect();
    let array = ndarray::Array2::from_shape_fn((n, m), |(i, j)| x[i][j]);
    let data = Dataset::from_ndarray(&array, &ndarray::Array1::from(y.clone()), &[] as &[&str]).unwrap();
    let (train, test): (Vec<usize>, Vec<usize>) = (0..n).partition(|i| i % 3 != 0);
    let fold = featrank::resampling::Fold { data: &data, train: &train, test: &test, seed: 0 };
    let features: Vec<usize> = (0..m).collect();
    let knn = Knn::new().k(k).ties(KnnTies::First).distance(KnnDistance::Cosine);
    let featrank::resampling::Prediction::Classes { labels, .. } = knn.fit_predict(&fold, &features).unwrap() else {
        panic!()
    };
    let cos = |a: &[f64], b: &[f64]| {
        let (dot, na, nb) =
            a.iter().zip(b).fold((0.0, 0.0, 0.0), |(d, p, q), (u, v)| (d + u * v, p + u * u, q + v * v));
        if na * nb > 0.0 {
            1.0 - dot / (na * nb).sqrt()
        } else {
            1.0
        }
    };
    for (t, &row) in test.iter().enumerate() {
        let mut near: Vec<(f64, usize)> = train.iter().enumerate().map(|(p, &r)| (cos(&x[row], &x[r]), p)).collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let ones = near[..k].iter().filter(|&&(_, p)| y[train[p]] == 1).count();
        assert_eq!(labels[t], usize::from(2 * ones > k), "test row {row}");
    }
}

#[test]
fn cosine_knn_curves_reach_the_full_set_of_a_matrix_too_large_to_densify() {
    // 10,000 documents × 1,000,000 terms, 5 stored counts per document: a dense copy would take 80 GB
    let (n, m) = (10_000usize, 1_000_000usize);
    let y: Vec<usize> = (0..n).map(|i| i % 2).collect();
    let (mut rows, mut cols, mut values) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..n {
        for w in 0..5 {
            rows.push(i);
            // term 7 (or 8) marks the class in the first word; the rest spread over the vocabulary
            cols.push(if w == 0 { 7 + y[i] } else { (i * 7919 + w * 104_729) % m });
            values.push(1.0);
        }
    }
    let x = SparseMatrix::from_triplets(n, m, &rows, &cols, &values).unwrap();
    let data = Dataset::from_sparse(x, &ndarray::Array1::from(y), &[] as &[&str]).unwrap();
    assert!(data.dense_bytes() > 64 << 30);
    let candidates = [Candidate::per_fold(parse("chi2").unwrap())];
    let spec = CurveSpec::new(Knn::new().k(3).distance(KnnDistance::Cosine)).folds(2).repeats(1).expected(0);
    let curves = spec.grid(Grid::Custom(vec![1, 2])).evaluate_all(&data, &candidates).unwrap();
    let ffa = &curves.get("chi2", CurveKind::Ffa).unwrap().mean;
    assert_eq!(curves.sizes, [1, 2, m]);
    assert!(ffa[1] > 0.99, "{ffa:?}"); // the two marker terms give the class
}

/// The corpus's ground truth is the information a term's presence carries about the class: on 20,000 documents
/// the plug-in estimate from the drawn data meets the exact value to within 0.01 bits, term by term.
#[test]
fn the_corpus_ground_truth_is_the_presence_information_the_data_shows() {
    let c = Corpus::new().documents(20_000).terms(300).planted(3).length(50).generate(4).unwrap();
    let (data, labels) = (&c.dataset, c.dataset.labels().unwrap());
    let h = |p: f64| if p <= 0.0 || p >= 1.0 { 0.0 } else { -p * p.log2() - (1.0 - p) * (1.0 - p).log2() };
    for (j, &truth) in c.truth.relevance.iter().enumerate() {
        let present = data.feature(j).iter().map(|&v| v > 0.0).collect::<Vec<_>>();
        let share = |class: usize| {
            let rows = labels.iter().filter(|&&l| l == class).count() as f64;
            present.iter().zip(labels).filter(|&(&p, &l)| p && l == class).count() as f64 / rows
        };
        let (q0, q1) = (share(0), share(1));
        let estimate = h((q0 + q1) / 2.0) - (h(q0) + h(q1)) / 2.0;
        assert!((estimate - truth).abs() < 0.01, "term {j}: drawn {estimate:.4} bits, exact {truth:.4}");
    }
    assert_eq!(c.truth.relevance.iter().filter(|&&r| r > 0.0).count(), 6);
}

#[test]
fn svmlight_files_open_as_sparse_datasets_with_their_targets() {
    let dir = tempfile::tempdir().unwrap();
    // one-based indices as LIBSVM writes them, a comment, a qid, an index given twice (summed), unsorted
    let path = dir.path().join("mini.svm");
    std::fs::write(&path, "+1 3:2 1:0.5 # first\n-1 qid:4 2:1 2:1\n+1 3:1\n-1 1:-1.5\n").unwrap();
    let ds = featrank::data::datasets::open(path.to_str().unwrap(), None, TaskChoice::Auto).unwrap();
    assert!(ds.is_sparse());
    assert_eq!(ds.feature_names(), ["f1", "f2", "f3"]);
    assert_eq!((ds.task(), ds.class_names().unwrap()), (Task::Classification, &["-1".to_string(), "1".into()][..]));
    assert_eq!(ds.feature(1).to_vec(), vec![0.0, 2.0, 0.0, 0.0]);
    assert_eq!(ds.feature(0).to_vec(), vec![0.5, 0.0, 0.0, -1.5]);
    // zero-based where an index is 0; gzip; labels joined by commas: a multi-label target set
    let path = dir.path().join("labels.svm.gz");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, b"0,2 0:1 4:1\n2 1:3\n 2:1\n0 0:2\n").unwrap();
    std::fs::write(&path, gz.finish().unwrap()).unwrap();
    let ds = featrank::data::datasets::open(path.to_str().unwrap(), None, TaskChoice::Auto).unwrap();
    assert_eq!((ds.task(), ds.target_names()), (Task::MultiLabel, vec!["label_0", "label_2"]));
    assert_eq!((ds.n_features(), ds.feature_names()[0].as_str()), (5, "f0"));
    // real-valued labels: regression
    let path = dir.path().join("values.libsvm");
    std::fs::write(&path, "0.5 1:1\n2.25 2:1\n-1 1:2\n").unwrap();
    let ds = featrank::data::datasets::open(path.to_str().unwrap(), None, TaskChoice::Auto).unwrap();
    assert_eq!(ds.task(), Task::Regression);
    // bad lines are named by line
    for (text, says) in [
        ("1 1:0.5\n1 2=3\n", "line 2"),
        ("1 1:x\n", "'x' in '1:x' is not a number"),
        ("1 a:1\n", "not a feature index"),
        ("1 1:nan\n", "is NaN"),
        ("", "holds no rows"),
    ] {
        let path = dir.path().join("bad.svm");
        std::fs::write(&path, text).unwrap();
        let e = featrank::data::datasets::open(path.to_str().unwrap(), None, TaskChoice::Auto).unwrap_err();
        assert!(e.to_string().contains(says), "{text:?}: {e}");
    }
}
