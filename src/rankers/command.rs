//! Any program as a ranker (`command:run=(Rscript rank.R)`): featrank writes the rows it ranks — a split's
//! training rows inside a curve run — to a temporary file, runs the program on it, and reads one score per
//! feature back. An R package (mlr3filters, FSelectorRcpp), a Julia script or a compiled tool ranks inside
//! every split with the same checks and results as a built-in method.
//!
//! **The contract.** The program is run (no shell: the command line is split as a POSIX shell splits words)
//! with two more arguments, the data file and the file to write, or with them where the command line says
//! `{data}` and `{out}`:
//! - the data file (`format=csv`, the default, or `parquet`) holds the features and the target column(s) as
//!   the data had them, one row per row ranked; the environment variable `FEATRANK_TARGET` names the target
//!   column (several, comma-separated, for a target set) and `FEATRANK_SEED` gives the seed for the program's
//!   random choices (a different one per split, the same on every run);
//! - the program writes a CSV with a `feature` column and a `score` column (higher = more relevant) or a
//!   `rank` column (1 = best) — the format `featrank curves --ranking` reads — naming every feature once.
//!
//! A program that exits with a failure status, runs past `timeout` seconds (it is then killed), writes
//! nothing, names a feature the data lacks, leaves one out or gives a NaN or infinite score is refused with
//! an [`Error::External`] naming the command, with the tail of the program's standard error. Its standard
//! output and error go to files (a chatty program never blocks). Ctrl-C in Python (featrank's interrupt)
//! kills it.
//!
//! A manifest (`featrank plan`) is data; a command is code: `featrank run` runs a manifest whose rankers
//! include a command only when asked to with `--allow-commands`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::from_fn::checked_scores;
use super::{Checked, NonFinite, Ranker};
use crate::data::{Dataset, Ranking, Task};
use crate::error::{Error, Result};
use crate::method::Method;
use crate::param::{Param, Values};
use crate::spec::{spec_words, Spec};

/// The format of the data file a [`Command`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataFormat {
    /// Comma-separated text with a header.
    Csv,
    /// Apache Parquet (cargo feature `parquet`, on by default).
    Parquet,
}

spec_words!(DataFormat, "data format", {
    DataFormat::Csv => "csv",
    DataFormat::Parquet => "parquet",
});

/// A program run as a ranker on every set of rows it ranks (see the module's contract).
///
/// ```no_run
/// use featrank::prelude::*;
/// let iris = featrank::data::datasets::load("iris").unwrap().dataset().unwrap();
/// let own = featrank::rankers::parse("command:run=(Rscript rank.R {data} {out}),timeout=60").unwrap();
/// let curves = CurveSpec::new(Knn::new()).folds(5).evaluate_all(&iris, &[Candidate::per_fold(own)]).unwrap();
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Command {
    run: String,
    argv: Vec<String>,
    timeout: u64,
    format: DataFormat,
}

/// The keys of a command.
const PARAMS: &[Param] = &[
    Param::new("run", Values::Command, "the program and its arguments; {data} and {out} stand for the two files"),
    Param::new("timeout", Values::whole(1), "seconds one run may take before it is killed"),
    Param::new("format", Values::Words(DataFormat::WORDS), "the data file's format"),
];

/// How long a run may take unless the spec says (seconds).
const TIMEOUT: u64 = 3600;

impl Command {
    /// The program `run` (a command line), with the default time limit (an hour) and CSV data files.
    pub fn new(run: &str) -> Result<Command> {
        Command::from_spec(&Spec::new("command").with("run", run))
    }

    /// From the spec `command:run=(…),timeout=SECONDS,format=csv|parquet`.
    pub fn from_spec(s: &Spec) -> Result<Command> {
        s.check_params(PARAMS)?;
        let run = s.value("run").ok_or_else(|| {
            Error::param("run", "the program to run, e.g. command:run=(Rscript rank.R); it is required")
        })?;
        let argv = shlex::split(run).filter(|words| !words.is_empty()).ok_or_else(|| {
            Error::param("run", format!("'{run}' is not a command line (empty, or a quote left open)"))
        })?;
        let timeout = s.get("timeout", TIMEOUT)?;
        if timeout == 0 {
            return Err(Error::param("timeout", "at least 1 second"));
        }
        Ok(Command { run: run.to_string(), argv, timeout, format: s.get("format", DataFormat::Csv)? })
    }

    /// The time limit of one run, in seconds.
    pub fn timeout(mut self, seconds: u64) -> Command {
        self.timeout = seconds.max(1);
        self
    }

    /// The program's path: as written when it names a folder, else the first match on `PATH`.
    fn program(&self) -> Result<PathBuf> {
        let program = Path::new(&self.argv[0]);
        let found = match program.components().count() > 1 {
            true => program.is_file().then(|| program.to_path_buf()),
            false => std::env::var_os("PATH")
                .and_then(|paths| std::env::split_paths(&paths).map(|dir| dir.join(program)).find(|p| p.is_file())),
        };
        found.ok_or_else(|| Error::param("run", format!("program '{}' not found (looked on PATH)", self.argv[0])))
    }

    /// Run the program on `data`: its scores, read back and held to the contract.
    fn run_on(&self, data: &Dataset, seed: u64) -> Result<Vec<f64>> {
        let name = self.spec().to_string();
        let failed = |reason: String| Error::external(&name, reason);
        let dir = tempfile::tempdir().map_err(|e| failed(format!("no temporary folder: {e}")))?;
        let input = dir.path().join(match self.format {
            DataFormat::Csv => "data.csv",
            DataFormat::Parquet => "data.parquet",
        });
        let output = dir.path().join("scores.csv");
        match self.format {
            DataFormat::Csv => crate::data::io::write_csv(data.to_polars()?, &input)?,
            DataFormat::Parquet => crate::data::io::write_parquet(data.to_polars()?, &input)?,
        }
        let placeholders = self.argv.iter().any(|a| a.contains("{data}") || a.contains("{out}"));
        let (inp, out) = (input.display().to_string(), output.display().to_string());
        let mut args: Vec<String> =
            self.argv[1..].iter().map(|a| a.replace("{data}", &inp).replace("{out}", &out)).collect();
        if !placeholders {
            args.extend([inp, out]);
        }
        let (stdout, stderr) = (dir.path().join("stdout.txt"), dir.path().join("stderr.txt"));
        let file = |p: &Path| std::fs::File::create(p).map_err(|e| Error::io(p, e));
        let mut child = std::process::Command::new(self.program()?)
            .args(&args)
            .env("FEATRANK_TARGET", data.target_names().join(","))
            .env("FEATRANK_SEED", seed.to_string())
            .stdin(std::process::Stdio::null())
            .stdout(file(&stdout)?)
            .stderr(file(&stderr)?)
            .spawn()
            .map_err(|e| failed(format!("could not start '{}': {e}", self.argv[0])))?;
        let tail = || stderr_tail(&stderr);
        let start = Instant::now();
        let mut pause = Duration::from_millis(1);
        let status = loop {
            if let Some(status) = child.try_wait().map_err(|e| failed(format!("waiting for it: {e}")))? {
                break status;
            }
            if let Err(stop) = crate::progress::check_interrupt(&name) {
                let _ = child.kill();
                let _ = child.wait();
                return Err(stop);
            }
            if start.elapsed() > Duration::from_secs(self.timeout) {
                let _ = child.kill();
                let _ = child.wait();
                return Err(failed(format!("ran past its time limit of {} s and was stopped{}", self.timeout, tail())));
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(50));
        };
        if !status.success() {
            return Err(failed(format!("exited with {status}{}", tail())));
        }
        if !output.is_file() {
            return Err(failed(format!(
                "wrote no scores (expected a CSV at the second argument or {{out}}){}",
                tail()
            )));
        }
        let ranking = Ranking::read_csv(&output).map_err(|e| failed(format!("its scores: {}", e.message())))?;
        checked_scores(&name, data, self.scores_of(data, &ranking).map_err(failed)?, NonFinite::Refuse)
    }

    /// One score per feature of `data` from the program's table: its scores, or minus its ranks.
    fn scores_of(&self, data: &Dataset, ranking: &Ranking) -> std::result::Result<Vec<f64>, String> {
        let index: std::collections::HashMap<&str, usize> =
            data.feature_names().iter().enumerate().map(|(j, n)| (n.as_str(), j)).collect();
        let mut scores = vec![f64::NAN; data.n_features()];
        let mut given = vec![false; data.n_features()];
        for (r, feature) in ranking.order().iter().enumerate() {
            let j = *index
                .get(feature.as_str())
                .ok_or_else(|| format!("its scores name feature '{feature}', which the data does not have"))?;
            scores[j] = ranking.scores().map_or(-(r as f64 + 1.0), |s| s[r]);
            given[j] = true;
        }
        let missing: Vec<&str> =
            (0..scores.len()).filter(|&j| !given[j]).map(|j| data.feature_names()[j].as_str()).collect();
        if !missing.is_empty() {
            let shown = missing.iter().take(5).map(|m| format!("'{m}'")).collect::<Vec<_>>().join(", ");
            return Err(format!("its scores leave out {} feature(s): {shown}", missing.len()));
        }
        Ok(scores)
    }
}

/// The last lines of a program's standard error (at most 2,000 characters), as `; stderr: …`, or nothing.
fn stderr_tail(path: &Path) -> String {
    let text = std::fs::read(path).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
    let text = text.trim_end();
    if text.is_empty() {
        return String::new();
    }
    let start = text.char_indices().rev().nth(1999).map_or(0, |(i, _)| i);
    format!("; stderr: {}{}", if start > 0 { "…" } else { "" }, &text[start..])
}

impl Method for Command {
    fn parameters(&self) -> &'static [Param] {
        PARAMS
    }

    fn reference(&self) -> &'static str {
        "a user's program (featrank writes the rows, reads feature,score back)"
    }

    fn spec(&self) -> Spec {
        Spec::new("command").with("run", &self.run).with("timeout", self.timeout).with("format", self.format)
    }

    fn supports(&self, _task: Task) -> bool {
        true
    }
}

impl Ranker for Command {
    /// The program exists (before any work), and Parquet files need the `parquet` feature.
    fn check(&self, _data: &Dataset) -> Result<()> {
        if self.format == DataFormat::Parquet && !cfg!(feature = "parquet") {
            return Err(Error::FeatureDisabled {
                feature: "parquet",
                what: "command:format=parquet".into(),
                cost: "polars' Parquet reader and writer",
            });
        }
        self.program().map(|_| ())
    }

    fn scores_checked(&self, data: Checked<'_>, seed: u64) -> Result<Vec<f64>> {
        self.run_on(data.dataset(), seed)
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn iris() -> Dataset {
        crate::data::datasets::load("iris").unwrap().dataset().unwrap()
    }

    /// A shell script as the program (sh is on every unix).
    fn script(dir: &Path, body: &str) -> String {
        let path = dir.join("rank.sh");
        std::fs::write(&path, body).unwrap();
        format!("sh {}", path.display())
    }

    #[test]
    fn a_program_s_scores_are_read_back() {
        // the program checks its data file and the target's name, then writes a fixed table
        let dir = tempfile::tempdir().unwrap();
        let run = script(
            dir.path(),
            "test -s \"$1\" && test \"$FEATRANK_TARGET\" = class || exit 3\n\
             printf 'feature,score\\npetalwidth,4\\npetallength,3\\nsepallength,2\\nsepalwidth,1\\n' > \"$2\"\n",
        );
        let data = iris();
        let cmd = Command::new(&run).unwrap();
        let r = cmd.rank(&data, 0).unwrap();
        assert_eq!(r.order(), ["petalwidth", "petallength", "sepallength", "sepalwidth"]);
        assert_eq!(r.scores().unwrap(), [4.0, 3.0, 2.0, 1.0]);
    }

    #[test]
    fn failures_are_named_with_the_program_s_stderr() {
        let dir = tempfile::tempdir().unwrap();
        let data = iris();
        let fails = Command::new(&script(dir.path(), "echo 'no package FSelectorRcpp' >&2; exit 2\n")).unwrap();
        let e = fails.rank(&data, 0).unwrap_err().to_string();
        assert!(e.contains("exited with exit status: 2; stderr: no package FSelectorRcpp"), "{e}");
        let partial = Command::new(&script(dir.path(), "printf 'feature,score\\npetalwidth,1\\nx,2\\n' > \"$2\"\n"));
        let e = partial.unwrap().rank(&data, 0).unwrap_err().to_string();
        assert!(e.contains("its scores name feature 'x', which the data does not have"), "{e}");
        let short = Command::new(&script(dir.path(), "printf 'feature,score\\npetalwidth,1\\n' > \"$2\"\n"));
        let e = short.unwrap().rank(&data, 0).unwrap_err().to_string();
        assert!(e.contains("leave out 3 feature(s): 'sepallength'"), "{e}");
        let slow = Command::new(&script(dir.path(), "sleep 5\n")).unwrap().timeout(1);
        let e = slow.rank(&data, 0).unwrap_err().to_string();
        assert!(e.contains("past its time limit of 1 s"), "{e}");
        let silent = Command::new(&script(dir.path(), "exit 0\n")).unwrap();
        assert!(silent.rank(&data, 0).unwrap_err().to_string().contains("wrote no scores"));
        let e = Command::new("no-such-program-featrank x").unwrap().rank(&data, 0).unwrap_err();
        assert!(e.to_string().contains("program 'no-such-program-featrank' not found"), "{e}");
        assert!(Command::new("'open").is_err() && Command::new("  ").is_err());
    }
}
