//! The integration tests, one module per concern, built as one test binary so that featrank and polars
//! are linked once. Run one module with `cargo test --test suite <module>::`.

mod common;

mod arff;
mod bad_input;
mod bounds;
#[cfg(feature = "cli")]
mod cli;
mod curves;
mod dataset;
mod decisions;
mod device;
mod display;
mod fuzz_readers;
mod glmnet;
mod groups;
mod honest;
mod layers;
mod linfa_learner;
mod memory;
mod mulan;
mod multi_output;
mod multinomial;
mod nested;
mod own_rankers;
mod paper_table5;
mod parameters;
mod properties;
mod rankers;
mod round_trips;
mod scores;
mod sparse;
mod stability_selection;
mod structured;
mod survival;
mod svm_reference;
mod synth;
mod vector_code;
mod weka;
