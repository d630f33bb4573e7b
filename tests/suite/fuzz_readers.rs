//! Fuzzing of the readers users feed with files from anywhere: the ARFF reader, the CSV reader and the
//! ranking-file reader must answer every input with a frame or an error — never a panic.
//!
//! Each property runs 256 cases by default (the short run in CI). A long run:
//! `PROPTEST_CASES=200000 cargo test --release --locked --workspace --test suite fuzz_readers`.

use featrank::data::io::{read_bytes, Format};
use featrank::prelude::*;
use proptest::prelude::*;

/// Attribute declarations (distinct names) and the values a data cell may hold, valid or not.
const ARFF_ATTRIBUTES: &[&str] = &[
    "@attribute a numeric",
    "@ATTRIBUTE b REAL",
    "@attribute c {x,y,z}",
    "@attribute 'd e' {'p q',r}",
    "@attribute f string",
    "@attribute g date",
    "@attribute h {",
    "@attribute",
    "@attribute class {yes,no}",
];
const ARFF_VALUES: &[&str] =
    &["1", "1.5", "-0", "?", "x", "y", "yes", "no", "'p q'", "r", "1e300", "NaN", "-inf", "w", "", "'", "{", "%"];
const ARFF_HEADS: &[&str] = &["@relation r", "@RELATION 'quoted name'", "% comment\n@relation r", "", "@relation"];
const ARFF_DATA: &[&str] = &["@data", "@DATA", "", "@data % trailing"];

/// Cells per row: mostly `n`, sometimes one fewer or one more.
fn width(n: usize) -> impl Strategy<Value = usize> {
    prop_oneof![9 => Just(n), 1 => n.saturating_sub(1)..=n + 1]
}

/// An ARFF file: header, attributes, data rows with one value per attribute (sometimes one too many or few).
fn arff_file() -> impl Strategy<Value = String> {
    (
        prop::sample::select(ARFF_HEADS),
        prop::sample::subsequence(ARFF_ATTRIBUTES, 1..=5),
        prop::sample::select(ARFF_DATA),
    )
        .prop_flat_map(|(head, attrs, data)| {
            let n = attrs.len();
            let row = width(n)
                .prop_flat_map(|w| prop::collection::vec(prop::sample::select(ARFF_VALUES), w))
                .prop_map(|v| v.join(","));
            (Just(head), Just(attrs), Just(data), prop::collection::vec(row, 0..12))
        })
        .prop_map(|(head, attrs, data, rows)| format!("{head}\n{}\n{data}\n{}\n", attrs.join("\n"), rows.join("\n")))
}

const CSV_COLUMNS: &[&str] = &["feature", "score", "rank", "x", "class"];
const CSV_NUMBERS: &[&str] = &["1", "0.5", "2", "-0", "3e-5", "1e400", "NaN", "inf"];
const CSV_VALUES: &[&str] = &["", "?", "NA", "\"q,uoted\"", "\"unterminated", "abc", "ü", "a", "b"];

/// A CSV file: a header of distinct columns (half the time a ranking file's), rows of cells; the `feature` column (when first) mostly holds
/// distinct names so that ranking files parse.
fn csv_file() -> impl Strategy<Value = String> {
    prop_oneof![prop::sample::subsequence(&CSV_COLUMNS[..3], 2..=3), prop::sample::subsequence(CSV_COLUMNS, 1..=4)]
        .prop_flat_map(|cols| {
            let n = cols.len();
            let cell = || prop_oneof![3 => prop::sample::select(CSV_NUMBERS), 1 => prop::sample::select(CSV_VALUES)];
            let row = (width(n).prop_flat_map(move |w| prop::collection::vec(cell(), w)), any::<bool>());
            (Just(cols), prop::collection::vec(row, 0..12))
        })
        .prop_map(|(cols, rows)| {
            let mut text = cols.join(",");
            for (i, (mut cells, fresh_name)) in rows.into_iter().enumerate() {
                if cols[0] == "feature" && fresh_name && !cells.is_empty() {
                    cells[0] = "";
                    text += &format!("\nf{i}{}", cells.join(","));
                } else {
                    text += &format!("\n{}", cells.join(","));
                }
            }
            text
        })
}

/// A near-valid input with a few bytes changed.
fn mutated(file: impl Strategy<Value = String>) -> impl Strategy<Value = Vec<u8>> {
    (file, prop::collection::vec((any::<usize>(), any::<u8>()), 0..4)).prop_map(|(text, edits)| {
        let mut bytes = text.into_bytes();
        for (at, b) in edits {
            if !bytes.is_empty() {
                let i = at % bytes.len();
                bytes[i] = b;
            }
        }
        bytes
    })
}

/// What a user does with a file: read it, and when it is a table, use it as data or as a ranking.
fn use_table(bytes: &[u8], format: Format) {
    if let Ok(frame) = read_bytes(bytes, format, "fuzz") {
        if let Some(target) = frame.get_column_names().last().map(|s| s.to_string()) {
            if let Ok(ds) = Dataset::from_polars(&frame, &target) {
                let _ = ds.summary();
                let _ = ds.to_polars();
            }
        }
        if let Ok(r) = Ranking::from_polars(&frame) {
            assert!(!r.is_empty(), "a ranking read from a file has at least one feature");
        }
    }
}

proptest! {
    #[test]
    fn arff_reader_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        use_table(&bytes, Format::Arff);
    }

    #[test]
    fn arff_reader_never_panics_on_near_valid_files(bytes in mutated(arff_file())) {
        use_table(&bytes, Format::Arff);
    }

    #[test]
    fn csv_reader_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        use_table(&bytes, Format::Csv);
    }

    #[test]
    fn csv_and_ranking_readers_never_panic_on_near_valid_files(bytes in mutated(csv_file())) {
        use_table(&bytes, Format::Csv);
    }

    #[test]
    fn gzip_wrapped_input_never_panics(bytes in mutated(csv_file()), cut in any::<usize>()) {
        use std::io::Write;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&bytes).unwrap();
        let mut packed = gz.finish().unwrap();
        let keep = cut % (packed.len() + 1);
        packed.truncate(keep.max(2));
        use_table(&packed, Format::Csv);
        use_table(&packed, Format::Arff);
    }

    #[test]
    fn parquet_reader_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let mut data = b"PAR1".to_vec();
        data.extend(bytes);
        data.extend(b"PAR1");
        use_table(&data, Format::Parquet);
    }
}

/// The near-valid generators reach the parsers' success paths, not only their first error.
#[test]
fn near_valid_inputs_often_parse() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut arff_frames, mut csv_frames, mut rankings) = (0, 0, 0);
    for _ in 0..3000 {
        let a = arff_file().new_tree(&mut runner).unwrap().current();
        arff_frames += read_bytes(a.as_bytes(), Format::Arff, "fuzz").is_ok() as usize;
        let c = csv_file().new_tree(&mut runner).unwrap().current();
        if let Ok(frame) = read_bytes(c.as_bytes(), Format::Csv, "fuzz") {
            csv_frames += 1;
            rankings += Ranking::from_polars(&frame).is_ok() as usize;
        }
    }
    println!("of 3000 each: {arff_frames} ARFF frames, {csv_frames} CSV frames, {rankings} rankings");
    assert!(arff_frames > 30 && csv_frames > 300 && rankings > 30);
}
