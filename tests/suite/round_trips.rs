//! Round trips are exact: rankings, curves and datasets through Polars, CSV, Parquet and serde JSON keep every f64 bit,
//! missing values, and names with commas, quotes, spaces and non-ASCII letters.

use featrank::data::io::{read_bytes, write_csv_to, Format};
use featrank::prelude::*;
use proptest::prelude::*;

/// Feature names users export from spreadsheets.
/// (`NA` is left out: featrank's CSV reader takes a bare `NA` as a missing value, R's convention, so a feature of
/// that name does not come back from a CSV file — an error naming the row, not a silent loss.)
fn name() -> impl Strategy<Value = String> {
    let text = "[a-zA-Z ,\"'é中]{1,10}".prop_filter("not blank, not NA", |s| !s.trim().is_empty() && s != "NA");
    prop_oneof!["[a-z][a-z0-9_]{0,8}", text]
}

/// Finite scores of every magnitude, including subnormals and negative zero.
fn score() -> impl Strategy<Value = f64> {
    prop_oneof![any::<f64>().prop_filter("finite", |v| v.is_finite()), Just(-0.0), Just(f64::MIN_POSITIVE / 3.0)]
}

fn csv_round_trip(frame: &DataFrame) -> DataFrame {
    let mut bytes = Vec::new();
    write_csv_to(frame, &mut bytes).unwrap();
    read_bytes(&bytes, Format::Csv, "round trip").unwrap().into_inner()
}

fn parquet_round_trip(frame: &DataFrame) -> DataFrame {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.parquet");
    featrank::data::io::write_parquet(frame, &path).unwrap();
    featrank::data::io::read(&path).unwrap().into_inner()
}

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

proptest! {
    #[test]
    fn ranking_through_polars_csv_and_json_is_exact(
        entries in prop::collection::btree_map(name(), score(), 1..20),
    ) {
        let (names, scores): (Vec<String>, Vec<f64>) = entries.into_iter().unzip();
        let r = Ranking::from_scores(&names, &scores).unwrap();
        let via_polars = Ranking::from_polars(r.to_polars().unwrap()).unwrap();
        prop_assert_eq!(&via_polars, &r);
        let via_csv = Ranking::from_polars(csv_round_trip(&r.to_polars().unwrap())).unwrap();
        prop_assert_eq!(via_csv.order(), r.order());
        prop_assert_eq!(bits(via_csv.scores().unwrap()), bits(r.scores().unwrap()));
        let via_parquet = Ranking::from_polars(parquet_round_trip(&r.to_polars().unwrap())).unwrap();
        prop_assert_eq!(&via_parquet, &r);
        let via_json: Ranking = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        prop_assert_eq!(bits(via_json.scores().unwrap()), bits(r.scores().unwrap()));
        prop_assert_eq!(via_json.order(), r.order());
    }

    #[test]
    fn curves_table_through_csv_is_exact(
        means in prop::collection::vec(score(), 1..12),
        names in prop::collection::btree_set(name(), 1..4),
    ) {
        let n = means.len();
        let curve = |ranking: &str, kind, mode, lo_hi: bool| Curve {
            ranking: ranking.to_string(),
            kind,
            mode,
            mean: means.clone(),
            std: means.iter().map(|m| m.abs()).collect(),
            lo: lo_hi.then(|| means.clone()),
            hi: lo_hi.then(|| means.clone()),
            per_repeat: means.iter().map(|&m| vec![m]).collect(),
            per_split: means.iter().map(|&m| vec![m]).collect(),
        };
        let mut all = Vec::new();
        for (i, r) in names.iter().enumerate() {
            let mode = if i % 2 == 0 { Mode::Fixed } else { Mode::PerFold };
            all.push(curve(r, CurveKind::Ffa, mode, false));
            all.push(curve(r, CurveKind::Rfa, mode, false));
        }
        all.push(curve("expected", CurveKind::Expected, Mode::Random, true));
        let curves = Curves {
            learner: "knn:10".into(), measure: Measure::Accuracy, sizes: (1..=n).collect(), scheme: Scheme::default(),
            folds: 0, kept: Default::default(), repeats: 0, expected: 0, expected_repeats: None, seed: 0, curves: all, fold_rankings: Vec::new(),
        };
        let table = curves.to_polars().unwrap();
        let back = Curves::from_polars(csv_round_trip(&table), Measure::Accuracy).unwrap();
        for c in &curves.curves {
            let b = back.get(&c.ranking, c.kind).unwrap();
            prop_assert_eq!(bits(&b.mean), bits(&c.mean));
            prop_assert_eq!(bits(&b.std), bits(&c.std));
            if c.kind == CurveKind::Expected {
                prop_assert_eq!(b.lo.as_deref().map(bits), c.lo.as_deref().map(bits));
            }
            prop_assert_eq!(b.mode, c.mode);
        }
        // every row's spread (a ranking's from its repeats) comes back as written
        let again = back.to_polars().unwrap();
        for column in ["lo", "hi"] {
            let values = |t: &Frame| t.column(column).unwrap().f64().unwrap().iter().collect::<Vec<_>>();
            let (a, b) = (values(&table), values(&again));
            prop_assert_eq!(a.iter().map(|v| v.map(f64::to_bits)).collect::<Vec<_>>(), b.iter().map(|v| v.map(f64::to_bits)).collect::<Vec<_>>());
        }
        let back = Curves::from_polars(parquet_round_trip(&table), Measure::Accuracy).unwrap();
        for c in &curves.curves {
            prop_assert_eq!(bits(&back.get(&c.ranking, c.kind).unwrap().mean), bits(&c.mean));
        }
        let json: Curves = serde_json::from_str(&serde_json::to_string(&curves).unwrap()).unwrap();
        prop_assert_eq!(json, curves);
    }

    #[test]
    fn dataset_through_csv_keeps_values_and_missing_cells(
        rows in prop::collection::vec((prop::option::of(score()), prop::option::of(prop::sample::select(vec!["a,b", "q\"t", "ü", "x y"]))), 2..30),
    ) {
        let x: Vec<Option<f64>> = rows.iter().map(|r| r.0).collect();
        let s: Vec<Option<&str>> = rows.iter().map(|r| r.1).collect();
        let y: Vec<&str> = (0..rows.len()).map(|i| if i % 2 == 0 { "p" } else { "q" }).collect();
        prop_assume!(x.iter().any(|v| v.is_some()) && s.iter().any(|v| v.is_some()));
        let df = df!("num, with comma" => &x, "nom \"quoted\"" => &s, "y" => &y).unwrap();
        let ds = Dataset::from_polars(&df, "y").unwrap();
        let back = Dataset::from_polars(csv_round_trip(&ds.to_polars().unwrap()), "y").unwrap();
        let via_parquet = Dataset::from_polars(parquet_round_trip(&ds.to_polars().unwrap()), "y").unwrap();
        prop_assert_eq!(bits(via_parquet.feature(0).as_slice().unwrap()), bits(ds.feature(0).as_slice().unwrap()));
        prop_assert_eq!(back.feature_names(), ds.feature_names());
        prop_assert_eq!(bits(back.feature(0).as_slice().unwrap()), bits(ds.feature(0).as_slice().unwrap()));
        let levels = |d: &Dataset, r: usize| -> Option<String> {
            let FeatureKind::Nominal { levels } = d.kind(1) else { return None };
            let v = d.feature(1)[r];
            (!v.is_nan()).then(|| levels[v as usize].clone())
        };
        for r in 0..ds.n_rows() {
            prop_assert_eq!(levels(&back, r), levels(&ds, r));
        }
    }
}

/// Every learner and ranker reports its full spec, and parsing that spec rebuilds an equal model: the
/// spec of the rebuilt one is the same text, and a parameter given by the user survives the trip.
#[test]
fn specs_round_trip_for_every_learner_and_ranker() {
    use featrank::{learners, rankers};
    let learner_specs = [
        "knn",
        "knn:k=3",
        "knn:k=3,ties=first",
        "knn:k=3,distance=cosine",
        "weighted-knn",
        "weighted-knn:k=3,ties=first,weights=(info-gain:mdl=cut-points)",
        "svm",
        "svm:c=2.5,kernel=linear",
        "svm:kernel=rbf,width=0.5,multiclass=ovr,tol=0.01",
        "svm:degree=3,constant=1",
        "nb",
        "tree",
        "tree:min_leaf=5,max_depth=4",
        "forest",
        "forest:trees=7,mtry=2",
        "mlp",
        "mlp:epochs=20,rate=0.1,momentum=0",
        "glmnet",
        "glmnet:alpha=0.5,lambda=0.01",
        "glmnet:rule=1se,folds=5",
        "cox",
        "cox:ties=breslow,ridge=0",
        "rsf",
        "rsf:trees=20,mtry=2,min_leaf=5",
        "ml-knn",
        "ml-knn:k=3,smoothing=0.5",
        "binary-relevance:base=(nb)",
    ];
    for text in learner_specs {
        let l = learners::parse(text).unwrap();
        let full = l.spec().to_string();
        assert_eq!(learners::parse(&full).unwrap().spec(), l.spec(), "{text} → {full}");
        for (k, v) in text.parse::<Spec>().unwrap().params() {
            assert_eq!(l.spec().value(k), Some(v), "{text}: {k} lost in {full}");
        }
    }
    crate::common::covers_every_learner(&learner_specs);
    let mut ranker_specs: Vec<String> = rankers::methods().iter().map(|m| m.to_string()).collect();
    ranker_specs.extend(
        [
            "relieff:k=3,m=50",
            "relieff:convention=rsk",
            "rrelieff:m=20,convention=rsk",
            "info-gain:mdl=instances",
            "chi2:mdl=cut-points",
            "svm-rfe:multiclass=ovo",
            "forest:trees=9,mtry=3,importance=impurity",
            "svm-rfe:c=1,step=0.25,multiclass=ovr,tol=0.0001",
            "fisher:variant=generalized",
            "ecfs:alpha=0.2,fisher=generalized",
            "inffs:alpha=0.7,decay=0.5",
            "inffs:supervised=true",
            "mi:normalise=false",
            "consensus:folds=4",
            "bag:base=(relieff:k=3),bootstraps=5,aggregate=best",
            "bag:base=(bag:base=(fisher),bootstraps=2),aggregate=median",
            "permutation:learner=(tree:min_leaf=2),folds=3,repeats=2,measure=auc",
            "shadow:base=(bag:base=(fisher),bootstraps=2),rounds=20,level=0.1",
            "jmi:discretise=equal-width,bins=4",
            "fcbf:delta=0.1,discretise=equal-width,bins=4",
            "mrmr-quotient:mdl=instances",
            "laplacian:k=7,t=0.5",
            "multisurf-star:discrete=0",
            "turf:base=(surf-star:discrete=3),pct=0.25,keep=4",
            "univariate-cox:statistic=lr,ties=breslow",
            "permutation:learner=(cox:ridge=0.5),measure=c_index",
        ]
        .map(String::from),
    );
    for text in &ranker_specs {
        let r = rankers::parse(text).unwrap();
        let full = r.spec().to_string();
        assert_eq!(rankers::parse(&full).unwrap().spec(), r.spec(), "{text} → {full}");
        assert!(full.starts_with(text.split(':').next().unwrap()), "{full}");
    }
    // A bag's name says what it bags; its spec says everything.
    let bag = rankers::parse("bag:base=(relieff:k=3),bootstraps=5,aggregate=best").unwrap();
    assert_eq!(bag.name(), "relieff-bag5-best");
    assert_eq!(bag.spec().to_string(), "bag:base=(relieff:k=3,m=all,convention=weka),bootstraps=5,aggregate=best");
}

/// A spec with lists is a grid: it round-trips, expands to every combination (each of which builds its
/// model and round-trips), and is refused, naming the key, wherever one model is built.
#[test]
fn grids_expand_round_trip_and_are_refused_where_one_model_is_built() {
    use featrank::{learners, rankers};
    let cases: [(&str, usize); 6] = [
        ("ecfs:alpha=[0.1,0.3,0.5,0.7,0.9]", 5),
        ("svm:c=[0.01, 0.1, 1, 10]", 4),
        ("knn:k=[1,5,10]", 3),
        ("relieff:k=[5,10,20],m=all", 3),
        ("svm:c=[0.1,1],kernel=[linear,poly]", 4),
        ("bag:base=[(relieff:k=5),(fisher)],bootstraps=[2,3]", 4),
    ];
    for (text, n) in cases {
        let spec: Spec = text.parse().unwrap();
        assert!(spec.is_grid(), "{text}");
        assert_eq!(spec.to_string().parse::<Spec>().unwrap(), spec, "{text}");
        let points = spec.grid();
        assert_eq!(points.len(), n, "{text}");
        for p in &points {
            assert!(!p.is_grid());
            let built = if learners::REGISTRY.entry(p.method()).is_some() {
                learners::from_spec(p).map(|l| l.spec())
            } else {
                rankers::from_spec(p).map(|r| r.spec())
            };
            let full = built.unwrap_or_else(|e| panic!("{p}: {e}"));
            for (k, v) in p.params() {
                let v = v.trim_start_matches('(').trim_end_matches(')');
                assert!(full.value(k).is_some_and(|f| f.starts_with(v)), "{p}: {k}={v} lost in {full}");
            }
        }
        let is_learner = learners::REGISTRY.entry(spec.method()).is_some();
        let refused =
            if is_learner { learners::parse(text).err() } else { rankers::parse(text).err() }.unwrap().to_string();
        assert!(refused.contains("is a grid of values"), "{text}: {refused}");
    }
    // The first listed key varies slowest.
    let order: Vec<String> =
        "svm:c=[0.1,1],kernel=[linear,poly]".parse::<Spec>().unwrap().grid().iter().map(|s| s.to_string()).collect();
    assert_eq!(
        order,
        ["svm:c=0.1,kernel=linear", "svm:c=0.1,kernel=poly", "svm:c=1,kernel=linear", "svm:c=1,kernel=poly"]
    );
    // Malformed lists are refused when parsed.
    for (bad, why) in [
        ("knn:k=[]", "empty item"),
        ("knn:k=[1,,2]", "empty item"),
        ("knn:k=[1,[2,3]]", "list inside a list"),
        ("knn:k=[1,2", "left open"),
        ("knn:k=1]", "without its '['"),
    ] {
        let err = bad.parse::<Spec>().unwrap_err().to_string();
        assert!(err.contains(why), "{bad}: {err}");
    }
}

/// Curves record the learner's full spec, which rebuilds the learner.
#[test]
fn curves_record_the_full_learner_spec() {
    let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
    let r = Ranking::from_order(iris.feature_names()).unwrap();
    let curves = CurveSpec::new(Svm::new().c(0.5)).folds(3).repeats(1).evaluate(&iris, &[r]).unwrap();
    assert_eq!(curves.learner, "svm:c=0.5,kernel=poly,degree=2,constant=0,multiclass=ovo,tol=0.001");
    assert_eq!(featrank::learners::parse(&curves.learner).unwrap().spec(), Svm::new().c(0.5).spec());
}
