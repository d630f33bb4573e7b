//! Every parameter the catalogs list holds to its parser: each value a listed range takes is accepted
//! (parsed and checked on small data), each value just outside it — one below a whole number's minimum,
//! the end of an open interval, a hair past a closed one, NaN, ±∞, a word not listed — is refused with an
//! error naming the key; the keys listed are the keys the parser takes and the full spec shows.

use featrank::data::{Dataset, Task};
use featrank::learners::{self, Learner};
use featrank::param::{Param, Values};
use featrank::polars::prelude::*;
use featrank::rankers::{self, Ranker};
use featrank::Spec;

/// 40 rows, 4 numeric features with distinct values, two balanced classes or a numeric target.
fn data(classes: bool) -> Dataset {
    let col = |m: usize| (0..40).map(|i| ((i * m) % 37) as f64 + 0.5 * i as f64).collect::<Vec<f64>>();
    let mut df = df!("a" => col(7), "b" => col(11), "c" => col(13), "d" => col(17)).unwrap();
    let y: Column = match classes {
        true => Column::new("y".into(), (0..40).map(|i| if i % 2 == 0 { "p" } else { "q" }).collect::<Vec<_>>()),
        false => Column::new("y".into(), col(5)),
    };
    df.with_column(y).unwrap();
    Dataset::from_polars(&df, "y").unwrap()
}

/// Multi-label data of 40 rows (two labels), for the methods that take only target sets.
fn labels() -> Dataset {
    let col = |m: usize| (0..40).map(|i| ((i * m) % 37) as f64 + 0.5 * i as f64).collect::<Vec<f64>>();
    let df = df!("a" => col(7), "b" => col(11), "c" => col(13), "d" => col(17),
        "y1" => (0..40).map(|i| i % 2).collect::<Vec<i32>>(), "y2" => (0..40).map(|i| (i % 3 == 0) as i32).collect::<Vec<i32>>())
    .unwrap();
    Dataset::from_polars_targets(&df, &["y1", "y2"]).unwrap()
}

/// The same 40 rows and features with a survival target (tied times, every third row censored).
fn survival() -> Dataset {
    let col = |m: usize| (0..40).map(|i| ((i * m) % 37) as f64 + 0.5 * i as f64).collect::<Vec<f64>>();
    let df = df!("a" => col(7), "b" => col(11), "c" => col(13), "d" => col(17),
        "time" => (0..40).map(|i| 1.0 + (i % 13) as f64).collect::<Vec<f64>>(), "event" => (0..40).map(|i| i % 3 != 0).collect::<Vec<bool>>())
    .unwrap();
    Dataset::from_polars_survival(&df, "time", "event").unwrap()
}

/// Values a range takes, and values it refuses.
fn probes(values: &Values) -> (Vec<String>, Vec<String>) {
    let nudge = |x: f64, up: bool| {
        let d = 1e-9 * x.abs().max(1.0);
        if up {
            x + d
        } else {
            x - d
        }
    };
    let mut junk = vec!["x".to_string()];
    let (mut ok, mut bad): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    match *values {
        Values::Whole { min, max, or } => {
            ok.extend([min.to_string(), (min + 1).to_string()]);
            bad.extend(["-1".into(), format!("{}.5", min), "nan".into()]);
            if min > 0 {
                bad.push((min - 1).to_string());
            }
            if max != u64::MAX {
                ok.push(max.to_string());
                bad.push((max + 1).to_string());
            }
            if !or.is_empty() {
                ok.push(or.to_string());
            }
        }
        Values::Real { min, max, min_in, max_in, or } => {
            bad.extend(["nan".into(), "inf".into(), "-inf".into()]);
            if min.is_finite() {
                ok.push(if min_in { min } else { nudge(min, true) }.to_string());
                bad.push(if min_in { nudge(min, false) } else { min }.to_string());
            }
            if max.is_finite() {
                ok.push(if max_in { max } else { nudge(max, false) }.to_string());
                bad.push(if max_in { nudge(max, true) } else { max }.to_string());
            } else {
                ok.push((if min.is_finite() { min } else { 0.0 } + 1.0).to_string());
            }
            if !or.is_empty() {
                ok.push(or.to_string());
            }
        }
        Values::Words(words) => ok.extend(words.iter().map(|w| w.to_string())),
        Values::WordsOr(words, or) => ok.extend(words.iter().chain([&or]).map(|w| w.to_string())),
        Values::Flag => {
            ok.extend(["true".into(), "false".into()]);
            junk.push("maybe".into());
        }
        Values::Spec(kind) => {
            ok.push(if kind == "ranker" { "fisher" } else { "nb" }.into());
            junk = vec!["nosuch".into()];
        }
        Values::Measure => ok.push("accuracy".into()),
        Values::Import => ok.push("mymodule:score".into()), // parsed here; Python's package imports it
        Values::Command => {
            ok.push("sh rank.sh".into()); // sh is found on PATH; nothing runs at the checks
            junk = vec!["no-such-program-featrank".into()];
        }
    }
    bad.extend(junk);
    (ok, bad)
}

/// The spec that sets `key=value` (with the setting the parameter needs, and a base where a wrapper needs one).
fn spec(method: &str, params: &[Param], p: &Param, value: &str) -> String {
    let mut s = Spec::new(method);
    if params.iter().any(|q| q.key == "base") && p.key != "base" {
        s = s.with("base", "relieff");
    }
    if params.iter().any(|q| q.key == "run") && p.key != "run" {
        s = s.with("run", "sh rank.sh"); // a program's command line is required
    }
    if let Some((k, v)) = p.needs.split_once('=') {
        s = s.with(k, v);
    }
    s.with(p.key, value).to_string()
}

/// Whether `text` builds a method that passes its checks on the data; the error otherwise.
type Build<'a> = dyn Fn(&str) -> Result<(), featrank::Error> + 'a;

fn hold(what: &str, method: &str, params: &[Param], build: &Build<'_>, failures: &mut Vec<String>) {
    for p in params {
        let (ok, bad) = probes(&p.values);
        for v in ok {
            let text = spec(method, params, p, &v);
            if let Err(e) = build(&text) {
                failures.push(format!("{what} {text}: refused a value '{}' lists as taken: {e}", p.values));
            }
        }
        for v in bad {
            let text = spec(method, params, p, &v);
            match build(&text) {
                Ok(()) => failures.push(format!("{what} {text}: took a value outside '{}'", p.values)),
                Err(e) if !e.to_string().contains(p.key) => {
                    failures.push(format!("{what} {text}: the error does not name '{}': {e}", p.key))
                }
                Err(_) => {}
            }
        }
    }
}

/// The keys listed are exactly the keys of the full spec (plus those another setting brings).
fn keys_match(what: &str, full: &Spec, params: &[Param], failures: &mut Vec<String>) {
    let shown: Vec<&str> = full.params().map(|(k, _)| k).collect();
    let listed: Vec<&str> =
        params.iter().filter(|p| p.needs.is_empty() || shown.contains(&p.key)).map(|p| p.key).collect();
    let optional = |k: &&str| !shown.contains(k) && params.iter().any(|p| p.key == *k);
    if shown != listed.iter().copied().filter(|k| !optional(k)).collect::<Vec<_>>() {
        failures.push(format!("{what} {full}: spec keys {shown:?}, listed {listed:?}"));
    }
}

#[test]
fn every_listed_range_is_what_the_parser_takes() {
    let (classes, numbers, labels, survival) = (data(true), data(false), labels(), survival());
    let mut failures = Vec::new();
    let catalog = rankers::catalog().unwrap();
    for full in catalog.column("spec").unwrap().str().unwrap().iter().flatten() {
        let ranker = rankers::parse(full).unwrap();
        let method = ranker.spec().method().to_string();
        assert!(!ranker.reference().is_empty(), "ranker {method} names no reference");
        keys_match("ranker", &ranker.spec(), ranker.parameters(), &mut failures);
        let data = match (ranker.supports(Task::Classification), ranker.supports(Task::Regression)) {
            (true, _) => &classes,
            (false, true) => &numbers,
            (false, false) if ranker.supports(Task::Survival) => &survival,
            (false, false) => &labels,
        };
        // a python:… ranker is only parsed here: Python's package imports and checks it (python/tests)
        let hosted = method == "python";
        let build = |text: &str| {
            let r = rankers::parse(text)?;
            if hosted {
                Ok(())
            } else {
                r.checked(data).map(|_| ())
            }
        };
        hold("ranker", &method, ranker.parameters(), &build, &mut failures);
    }
    let catalog = learners::catalog().unwrap();
    for full in catalog.column("spec").unwrap().str().unwrap().iter().flatten() {
        let learner = learners::parse(full).unwrap();
        let name = learner.spec().method().to_string();
        assert!(!learner.reference().is_empty(), "learner {name} names no reference");
        keys_match("learner", &learner.spec(), learner.parameters(), &mut failures);
        let data = match (learner.supports(Task::Classification), learner.supports(Task::Regression)) {
            (true, _) => &classes,
            (false, true) => &numbers,
            (false, false) if learner.supports(Task::Survival) => &survival,
            (false, false) => &labels,
        };
        let build = |text: &str| learners::parse(text)?.check_data(data, 30);
        hold("learner", &name, learner.parameters(), &build, &mut failures);
    }
    assert!(failures.is_empty(), "{} disagreements:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn a_method_parameters_table_shows_defaults_and_values() {
    let t = rankers::parameters("mutual_info").unwrap();
    assert_eq!(t.column("parameter").unwrap().str().unwrap().get(0), Some("normalise"));
    assert_eq!(t.column("default").unwrap().str().unwrap().get(0), Some("true"));
    assert_eq!(t.column("values").unwrap().str().unwrap().get(0), Some("true | false"));
    // a key another setting brings shows the default it takes with that setting
    let t = rankers::parameters("mrmr").unwrap();
    let bins = t.column("parameter").unwrap().str().unwrap().iter().position(|k| k == Some("bins")).unwrap();
    assert_eq!(t.column("default").unwrap().str().unwrap().get(bins), Some("10"));
    assert_eq!(t.column("needs").unwrap().str().unwrap().get(bins), Some("discretise=equal-width"));
    assert!(learners::parameters("nb").unwrap().height() == 0);
    let err = learners::parameters("knm").unwrap_err().to_string();
    assert!(err.contains("did you mean 'knn'"), "{err}");
}

#[test]
fn a_wrapper_s_base_has_no_default_in_either_registry() {
    // `bag` and `binary-relevance` cannot be built without a base: the table shows none, and the
    // wrapper's own keys their defaults.
    let default = |t: &featrank::data::Frame, key: &str| {
        let keys = t.column("parameter").unwrap().str().unwrap();
        let at = keys.iter().position(|k| k == Some(key)).unwrap();
        t.column("default").unwrap().str().unwrap().get(at).map(String::from)
    };
    let bag = rankers::parameters("bag").unwrap();
    assert_eq!((default(&bag, "base"), default(&bag, "bootstraps")), (None, Some("20".into())));
    assert!(rankers::parse("bag").is_err());
    assert_eq!(default(&learners::parameters("br").unwrap(), "base"), None);
    assert!(learners::parse("binary-relevance").is_err());
}

/// Every method of one type has its defaults written once: its type's `Default` is the method the bare name
/// parses to (`ReliefF::default().spec() == parse("relieff")?.spec()`), for every entry of both registries
/// that has one; the entries without (wrappers, one type under several names, a method of another method,
/// a user's program) are few and named.
#[test]
fn every_method_at_its_defaults_is_its_bare_name_parsed() {
    let check = |name: &str, default: Spec, parsed: Spec| {
        assert_eq!(default.to_string(), parsed.to_string(), "{name}: Default and the parser disagree");
    };
    let mut without = Vec::new();
    for e in rankers::REGISTRY.entries {
        match e.default {
            Some(default) => check(e.name, default().spec(), rankers::parse(e.name).unwrap().spec()),
            None => without.push(e.name),
        }
    }
    for e in learners::REGISTRY.entries {
        match e.default {
            Some(default) => check(e.name, default().spec(), learners::parse(e.name).unwrap().spec()),
            None => without.push(e.name),
        }
    }
    let with = rankers::REGISTRY.entries.len() + learners::REGISTRY.entries.len() - without.len();
    assert!(with >= 38, "{with} entries with a default");
    let around = ["permutation", "bag", "shadow", "turf", "stability-selection", "binary-relevance", "label-powerset"];
    let expected: Vec<&str> =
        around.into_iter().chain(["command", "python", "weighted-knn", "binary-relevance"]).collect();
    without.sort();
    let mut expected = expected;
    expected.sort();
    assert_eq!(without, expected);
}
