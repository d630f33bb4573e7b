//! Argument parsing and the subcommands of the `featrank` binary.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Parser, Subcommand};
use featrank::dataset::{Dataset, TaskChoice};
use featrank::{datasets, io, Error};

/// What went wrong: a usage error (clap prints it) or an error from featrank.
pub enum CliError {
    Usage(clap::Error),
    Run(Error),
}

impl From<Error> for CliError {
    fn from(e: Error) -> Self {
        CliError::Run(e)
    }
}

#[derive(Parser)]
#[command(name = "featrank", version, about = "Feature rankings and the error curves that judge them")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Rows, features (numeric/nominal), classes with counts and missing cells per column.
    Info {
        /// A .csv, .csv.gz, .parquet or .arff file, or the name of a bundled dataset (e.g. iris).
        data: String,
        /// Target column (default: the bundled dataset's target, else the last column as in Weka).
        #[arg(long)]
        target: Option<String>,
        /// auto, classification or regression.
        #[arg(long, default_value = "auto")]
        task: String,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List the bundled datasets, one name per line.
    Datasets,
}

/// Parse `args` and run the subcommand.
pub fn run(args: impl IntoIterator<Item = OsString>) -> Result<(), CliError> {
    let cli = Cli::try_parse_from(args).map_err(CliError::Usage)?;
    match cli.command {
        Command::Info { data, target, task, json } => {
            let ds = load_dataset(&data, target.as_deref(), task.parse()?)?;
            let summary = ds.summary();
            if json {
                println!("{}", serde_json::to_string_pretty(&summary).map_err(Error::from)?);
            } else {
                print!("{summary}");
            }
        }
        Command::Datasets => {
            for name in datasets::names() {
                println!("{name}");
            }
        }
    }
    Ok(())
}

/// Load a file (or a bundled dataset by name) as a [`Dataset`].
fn load_dataset(data: &str, target: Option<&str>, task: TaskChoice) -> Result<Dataset, Error> {
    let path = PathBuf::from(data);
    if !path.exists() && datasets::names().contains(&data) {
        let b = datasets::load(data)?;
        let task = if task == TaskChoice::Auto { b.task } else { task };
        let frame = b.frame;
        return Dataset::builder(&frame, target.unwrap_or(b.target)).task(task).build();
    }
    let frame = io::read(&path)?;
    let target = match target {
        Some(t) => t.to_string(),
        None => frame
            .get_column_names()
            .last()
            .map(|s| s.to_string())
            .ok_or_else(|| Error::EmptyData { what: format!("{data} has no columns") })?,
    };
    Dataset::builder(&frame, &target).task(task).build()
}
