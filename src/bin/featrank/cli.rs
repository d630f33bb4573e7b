//! Argument parsing and the subcommands of the `featrank` binary.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::shard;
use crate::written::{self, Claims};
use featrank::compare::{Comparison, Significance, SizeChoices, SizeRule, TradeOff};
use featrank::data::{datasets, io};
use featrank::eval::{defaults, Curves, Weighting};
use featrank::protocol::{CurveJob, NestedJob};
use featrank::{rankers, Error};

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

/// `--method`'s help: every ranking method, from the registry.
fn ranker_help() -> String {
    format!(
        "The ranking method and its parameters, e.g. relieff:k=10,m=all or forest:trees=500: {}; {} wrap any of them \
         (binary-relevance and label-powerset take it to several targets); command:run=(PROGRAM ARGS…) runs your own \
         program on the rows (it gets the data file and a file to write feature,score to); python:import=(MODULE:NAME) \
         is a Python function, run by featrank's Python package. `featrank methods` lists \
         them with their defaults and references, `featrank methods NAME` a method's parameters and the values they \
         take",
        featrank::rankers::methods().join(", "),
        featrank::rankers::REGISTRY.wrapper_forms()
    )
}

#[derive(Parser)]
#[command(name = "featrank", version, about = "Feature rankings and the error curves that judge them")]
struct Cli {
    /// Refuse work whose memory estimate exceeds this size (e.g. 4G, 512M); default: the environment
    /// variable FEATRANK_MEMORY_LIMIT, else the memory available.
    #[arg(long, global = true, value_name = "SIZE")]
    memory_limit: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Rows, features (numeric/nominal), classes with counts and missing cells per column.
    Info {
        /// A .csv, .csv.gz, .parquet, .arff or .arff.gz file, an svmlight / LIBSVM file of sparse rows (.svm,
        /// .svmlight, .libsvm, also .gz; target `target`, or `label_<v>` per label), or a bundled dataset (e.g. iris).
        data: String,
        /// Target column (default: the bundled dataset's target, else the targets an ARFF file declares in
        /// MEKA's convention or Mulan's XML label file beside it names, else the last column); several,
        /// comma-separated, make multi-label or multi-target data; a Mulan .xml label file, its labels.
        #[arg(long, visible_alias = "targets")]
        target: Option<String>,
        /// auto, classification or regression (several targets: multi-label or multi-target, told from them).
        #[arg(long, default_value = defaults::TASK)]
        task: String,
        /// The columns of the rows' groups (how many, how large, in how many each class occurs) and times.
        #[command(flatten)]
        structure: datasets::Structure,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List the bundled datasets, one name per line.
    Datasets,
    /// List what exists: every ranking method (its spec with every default, the tasks it handles, its other
    /// names, its reference), every learner and every measure — from the library's registries; with a
    /// method's name, its parameters: default, the values each takes, what it does.
    Methods {
        /// A ranking method or learner (e.g. relieff, svm) whose parameters to show.
        method: Option<String>,
    },
    /// Synthetic data with exact ground truth: single, pair, combined, madelon or null (labels independent
    /// of 2000 features: the selection-bias check); survival (Cox–Weibull times, 5 of 100 features with an
    /// effect, 30 % censored) or survival-null; replicates (4 rows per subject, the class the subject's and
    /// independent of the features: a `subject` column to pass to --groups).
    Synth {
        /// single, pair, combined, madelon, null, survival, survival-null or replicates.
        design: String,
        /// Seed of the generator.
        #[arg(long, default_value_t = defaults::SEED)]
        seed: u64,
        /// Number of rows (default 1000; 2600 for madelon; 60 for null; 200 for survival; 120 for replicates).
        #[arg(long)]
        rows: Option<usize>,
        /// Output table (.csv or .parquet): the features, then `class` (survival: `time` and `event`).
        #[arg(long)]
        out: PathBuf,
        /// Ground-truth table (.csv or .parquet): feature,relevance,rank.
        #[arg(long)]
        truth: PathBuf,
    },
    /// Rank the features of a dataset; writes feature,score,rank and the method's extra columns.
    Rank {
        /// A data file, or the name of a bundled dataset.
        data: String,
        /// Target column (default: the bundled dataset's target, else the targets an ARFF file declares in
        /// MEKA's convention or Mulan's XML label file beside it names, else the last column); several,
        /// comma-separated, make multi-label or multi-target data; a Mulan .xml label file, its labels.
        #[arg(long, visible_alias = "targets")]
        target: Option<String>,
        /// auto, classification or regression (several targets: multi-label or multi-target, told from them).
        #[arg(long, default_value = defaults::TASK)]
        task: String,
        #[arg(long, help = ranker_help())]
        method: String,
        /// Seed of every random choice.
        #[arg(long, default_value_t = defaults::SEED)]
        seed: u64,
        /// Output table (.csv or .parquet): feature,score,rank (and the method's extra columns).
        #[arg(long)]
        out: PathBuf,
    },
    /// ECA of every ranking against every other and the expected curve, from a curves CSV.
    Score {
        /// A curves CSV as written by `featrank curves`.
        curves: PathBuf,
        /// Output table, .csv or .parquet (default: CSV on standard output): ranking,baseline,weighting,ffa_delta,rfa_delta,eca.
        #[arg(long)]
        out: Option<PathBuf>,
        /// The measure the curves hold (rmse flips the sign so that positive = better).
        #[arg(long, default_value = "accuracy")]
        measure: String,
    },
    /// How many features to keep: the size each rule picks on every ranking's FFA curve; writes
    /// ranking,rule,k,value.
    Decide {
        /// The JSON of a curve run (`featrank curves --json`).
        curves: PathBuf,
        /// A rule (repeatable): best, 1se (one corrected standard error of the best), within:TOLERANCE
        /// (e.g. within:0.01), knee (Kneedle), at:SIZE (a size of the grid). Default: the first four,
        /// within:0.01.
        #[arg(long = "rule")]
        rules: Vec<String>,
        /// Output table, .csv or .parquet.
        #[arg(long)]
        out: PathBuf,
        /// Also draw the FFA curves with the chosen sizes marked (.svg).
        #[arg(long)]
        figure: Option<PathBuf>,
    },
    /// Stable and accurate? Each ranker run inside the folds at k features: Nogueira's φ of its top-k sets
    /// and its FFA value there, whether it is on the Pareto front (no other ranker as stable and as good),
    /// and RPT_β = (β²+1)·φ·P/(β²·φ+P) (Saeys et al. 2008); writes ranking,k,MEASURE,phi,on_front,rpt.
    TradeOff {
        /// The JSON of a curve run with rankers run inside the folds (`featrank curves --method … --json`).
        curves: PathBuf,
        /// The subset size (a size of the run's grid).
        #[arg(long)]
        k: usize,
        /// β of RPT: above 1 favours stability.
        #[arg(long, default_value_t = TradeOff::DEFAULT_BETA)]
        beta: f64,
        /// Output table, .csv or .parquet.
        #[arg(long)]
        out: PathBuf,
        /// Also draw the rankers at (φ, value) with the Pareto front (.svg).
        #[arg(long)]
        figure: Option<PathBuf>,
    },
    /// Is A better than B? Every pair of rankings, and each ranking against the expected curve: ECA with
    /// its confidence interval, the corrected resampled t-test over splits and the Wilcoxon signed-rank
    /// test over repeats, with Holm-adjusted p-values; writes ranking,baseline,weighting,eca,eca_lo,
    /// eca_hi,t,t_p_value,t_p_holm,wilcoxon_w,wilcoxon_p_value,wilcoxon_p_holm.
    Compare {
        /// The JSON of a curve run (`featrank curves --json`).
        curves: PathBuf,
        /// uniform, position, magnitude or both.
        #[arg(long, default_value = Weighting::default().label())]
        weighting: String,
        /// Confidence level of the intervals.
        #[arg(long, default_value_t = Significance::DEFAULT_LEVEL)]
        level: f64,
        /// Output table, .csv or .parquet.
        #[arg(long)]
        out: PathBuf,
        /// Also write the verdict of each ranking against random rankings at α = 1 − level
        /// (ranking,eca,eca_lo,eca_hi,t_p_holm,verdict).
        #[arg(long)]
        verdicts: Option<PathBuf>,
    },
    /// FFA/RFA curves of rankings (fixed, from files) and of rankers run inside every training split,
    /// and the expected curve of random rankings.
    Curves {
        #[command(flatten)]
        run: CurveJob,
        #[command(flatten)]
        outputs: Outputs,
        /// No progress lines on stderr.
        #[arg(long)]
        quiet: bool,
    },
    /// Nested evaluation: an honest estimate of the whole selection procedure. For every outer split an inner
    /// stratified CV on its training rows chooses the ranker's and the learner's parameters (grids in the
    /// spec grammar, e.g. relieff:k=[5,10,20], svm:c=[0.1,1,10]) and the subset size (--rule); the choice is
    /// refitted on the outer training rows and scored on the outer test rows. Prints the answer (nested
    /// estimate with its 95 % interval, the ordinary curves' best point, the optimism); writes every outer
    /// split's choice (repeat,fold,ranker,learner,k,inner,outer).
    Nested {
        #[command(flatten)]
        job: NestedJob,
        /// Every outer split's choice and values (.csv or .parquet).
        #[arg(long, required_unless_present = "plan")]
        out: Option<PathBuf>,
        /// Also draw the choices and the outer values with the nested estimate and the ordinary best (.svg).
        #[arg(long)]
        figure: Option<PathBuf>,
        /// Do not compute: check the run and write its manifest (.json) for a cluster — one unit per outer
        /// split and the units of the ordinary curves; `featrank run` computes shards of it and `featrank
        /// merge` writes what this command would have written.
        #[arg(long, conflicts_with_all = ["out", "figure"])]
        plan: Option<PathBuf>,
    },
    /// Cut a curve run into independent units for a cluster: takes the arguments of `featrank curves`
    /// and writes a manifest (JSON) of the run and its units (full set, candidate or random ranking ×
    /// repeat). Then `featrank run` computes shards of it anywhere and `featrank merge` writes what
    /// `featrank curves` would have written, byte for byte.
    Plan {
        #[command(flatten)]
        run: CurveJob,
        /// The manifest to write (.json).
        #[arg(long)]
        out: PathBuf,
    },
    /// Compute one shard of a planned run: units I, I + N, I + 2N, … of the manifest.
    Run {
        /// The manifest written by `featrank plan`.
        #[arg(long)]
        manifest: PathBuf,
        /// I/N: shard I (counted from 0, as Slurm array and Kubernetes indexed-job indices are) of N.
        #[arg(long)]
        shard: String,
        /// The shard's results (.parquet or .csv).
        #[arg(long)]
        out: PathBuf,
        /// No progress lines on stderr.
        #[arg(long)]
        quiet: bool,
        /// Run the programs the manifest's rankers name (command:run=(…)). A manifest is data and a program is
        /// code: without this flag such a manifest is refused; give it only for a manifest you trust.
        #[arg(long)]
        allow_commands: bool,
    },
    /// Merge the shards of a planned run into the outputs of `featrank curves` (byte-identical), or of a
    /// planned nested run (`featrank nested --plan`) into those of `featrank nested` (the answer on stdout,
    /// --out the outer splits' choices, --figure).
    Merge {
        /// The manifest written by `featrank plan` or `featrank nested --plan`.
        manifest: PathBuf,
        /// The shards' results written by `featrank run` (each unit exactly once).
        #[arg(required = true)]
        parts: Vec<PathBuf>,
        #[command(flatten)]
        outputs: Outputs,
        /// A nested run only: also draw the choices and the outer values (.svg).
        #[arg(long)]
        figure: Option<PathBuf>,
    },
}

/// The files a curve run writes.
#[derive(clap::Args)]
pub struct Outputs {
    /// Output table (.csv or .parquet): ranking,curve,mode,k,mean,std,lo,hi (mode: fixed, per-fold, random).
    #[arg(long)]
    pub out: PathBuf,
    /// Also save everything (per-repeat values and per-fold rankings included) as JSON here.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Stability of every --method over the splits, from the same run (.csv or .parquet):
    /// ranking,k,canberra,kuncheva,phi,phi_variance,phi_lo,phi_hi,p_above_chance.
    #[arg(long)]
    pub stability: Option<PathBuf>,
}

/// Parse `args` and run the subcommand.
pub fn run(args: impl IntoIterator<Item = OsString>) -> Result<(), CliError> {
    let cli = Cli::try_parse_from(args).map_err(CliError::Usage)?;
    featrank::simd::check()?; // FEATRANK_SIMD names a level this CPU runs, or nothing
    if let Some(size) = &cli.memory_limit {
        featrank::memory::set_limit(Some(featrank::memory::parse_bytes(size)?))?;
    }
    match cli.command {
        Command::Info { data, target, task, structure, json } => {
            let ds = datasets::open_structured(&data, target.as_slice(), task.parse()?, &structure)?;
            let summary = ds.summary();
            if json {
                println!("{}", serde_json::to_string_pretty(&summary).map_err(Error::from)?);
            } else {
                print!("{summary}");
            }
        }
        Command::Curves { run, outputs, quiet } => {
            outputs.check(&run.inputs(), !run.methods.is_empty(), run.learners.len())?;
            outputs.write(&run.evaluate(!quiet)?)?;
        }
        Command::Nested { job, out, figure, plan } => match (plan, out) {
            (Some(plan), _) => shard::plan_nested(job, &plan)?,
            (None, Some(out)) => {
                if job.options.rules.len() != 1 {
                    let why = "one --rule here: the CLI writes one rule's run (a --plan takes several)";
                    return Err(Error::param("rule", why).into());
                }
                let inputs = job.inputs();
                shard::check_nested_outputs(&inputs, &out, figure.as_deref())?;
                let nested = job.spec()?.evaluate_rules(&job.load()?, &job.options.rules)?;
                shard::write_nested(&nested, &out, figure.as_deref())?;
            }
            (None, None) => return Err(Error::param("out", "give --out (or --plan to write a manifest)").into()),
        },
        Command::Plan { run, out } => shard::plan(run, &out)?,
        Command::Run { manifest, shard, out, quiet, allow_commands } => {
            shard::run(&manifest, &shard, &out, quiet, allow_commands)?
        }
        Command::Merge { manifest, parts, outputs, figure } => {
            shard::merge(&manifest, &parts, &outputs, figure.as_deref())?
        }
        Command::Decide { curves, rules, out, figure } => {
            Claims::of(&[&curves]).table(&out, "out")?.file_if(figure.as_deref())?;
            let rules: Vec<SizeRule> = if rules.is_empty() {
                SizeRule::DEFAULT.to_vec()
            } else {
                rules.iter().map(|r| r.parse()).collect::<Result<_, _>>()?
            };
            let run = Curves::load_json(&curves)?;
            let chosen = SizeChoices::of_curves(&run, &rules)?;
            written::table(&out, chosen.to_polars()?)?;
            written::figure(figure.as_deref(), || chosen.plot(&run))?;
        }
        Command::TradeOff { curves, k, beta, out, figure } => {
            Claims::of(&[&curves]).table(&out, "out")?.file_if(figure.as_deref())?;
            let both = TradeOff::of_curves(&Curves::load_json(&curves)?, k)?.with_beta(beta)?;
            written::table(&out, both.to_polars()?)?;
            written::figure(figure.as_deref(), || both.plot())?;
        }
        Command::Compare { curves, weighting, level, out, verdicts } => {
            Claims::of(&[&curves]).table(&out, "out")?.table_if(verdicts.as_deref(), "verdicts")?;
            let run = Curves::load_json(&curves)?;
            let sig = Significance::of_curves(&run, weighting.parse()?, level)?; // Wilcoxon's floor: a notice
            written::table(&out, sig.to_polars()?)?;
            if let Some(v) = verdicts {
                written::table(&v, sig.verdicts(sig.alpha())?)?;
            }
        }
        Command::Rank { data, target, task, method, seed, out } => {
            Claims::of(&[data.as_ref()]).table(&out, "out")?;
            let ds = datasets::open(&data, target.as_deref(), task.parse()?)?;
            written::table(&out, rankers::parse(&method)?.table(&ds, seed)?)?;
        }
        Command::Score { curves, out, measure } => {
            Claims::of(&[&curves]).table_if(out.as_deref(), "out")?;
            let table = io::read(&curves)?;
            let cmp = Comparison::new(Curves::from_polars(&table, measure.parse()?)?)?;
            let frame = cmp.to_polars()?;
            match out {
                Some(path) => written::table(&path, &frame)?,
                None => io::write_csv_to(&frame, &mut std::io::stdout().lock())?,
            }
        }
        Command::Synth { design, seed, rows, out, truth } => {
            Claims::of(&[]).table(&out, "out")?.table(&truth, "truth")?;
            let s = featrank::data::synth::generate(&design, rows, seed)?;
            written::table(&out, &s.frame)?;
            written::table(&truth, s.truth.to_polars()?)?;
        }
        Command::Datasets => {
            for name in datasets::names() {
                println!("{name}");
            }
        }
        Command::Methods { method: None } => {
            for (title, table) in [
                ("Ranking methods (--method)", featrank::rankers::catalog()?),
                ("Learners (--learner)", featrank::learners::catalog()?),
                ("Measures (--measure)", featrank::resampling::Measure::catalog()?),
            ] {
                // the parameters have their own view: one method at a time
                let table = match table.get_column_index("parameters") {
                    Some(_) => table.drop("parameters").map_err(Error::from)?.into(),
                    None => table,
                };
                println!("{title}\n{}", aligned(&table)?);
            }
            println!("A method's parameters, their defaults and the values they take: featrank methods METHOD");
        }
        Command::Methods { method: Some(name) } => {
            let found = [
                ("Ranking method", featrank::rankers::parameters(&name)),
                ("Learner", featrank::learners::parameters(&name)),
            ];
            if found.iter().all(|(_, t)| t.is_err()) {
                let [(_, ranker), _] = found;
                return Err(ranker.err().unwrap_or_else(|| Error::param("method", "unknown")).into());
            }
            for (kind, table) in found {
                if let Ok(table) = table {
                    println!("{kind} {name}\n{}", aligned(&table)?);
                }
            }
        }
    }
    Ok(())
}

impl Outputs {
    /// Before any work: refuse outputs that are inputs of the run or named twice, tables that are not .csv
    /// or .parquet, --stability without a --method, and --json for several learners (it saves one run).
    pub fn check(&self, inputs: &[&std::path::Path], methods: bool, learners: usize) -> Result<(), Error> {
        if self.json.is_some() && learners > 1 {
            return Err(Error::param(
                "json",
                format!("--json saves one run; this one has {learners} learners (give one --learner)"),
            ));
        }
        if self.stability.is_some() && !methods {
            return Err(Error::param(
                "stability",
                "stability needs at least one --method (a ranker run inside the folds)",
            ));
        }
        Claims::of(inputs)
            .table(&self.out, "out")?
            .file_if(self.json.as_deref())?
            .table_if(self.stability.as_deref(), "stability")?;
        Ok(())
    }

    /// Write the curves table (of several learners' runs: one table, `learner` first), and the JSON and the
    /// stability table when asked (the rankers' stability is the same for every learner: the same plan, the
    /// same per-fold rankings).
    pub fn write(&self, runs: &[Curves]) -> Result<(), Error> {
        let Some(curves) = runs.first() else {
            return Err(Error::param("learner", "no run to write"));
        };
        let table = match runs {
            [one] => one.to_polars()?,
            several => Curves::to_polars_by_learner(several)?,
        };
        written::table(&self.out, &table)?;
        written::json(self.json.as_deref(), curves)?;
        if let Some(path) = &self.stability {
            written::table(path, curves.stability()?.to_polars()?)?;
        }
        Ok(())
    }
}

/// A table as aligned text: a header line, then one line per row, columns padded to their widest cell.
fn aligned(table: &featrank::data::Frame) -> Result<String, CliError> {
    let columns: Vec<Vec<String>> = table
        .columns()
        .iter()
        .map(|c| -> Result<Vec<String>, CliError> {
            let text = c.cast(&featrank::polars::prelude::DataType::String).map_err(Error::from)?;
            let values = text.str().map_err(Error::from)?.iter().map(|v| v.unwrap_or("").to_string());
            Ok(std::iter::once(c.name().to_string()).chain(values).collect())
        })
        .collect::<Result<_, _>>()?;
    let widths: Vec<usize> = columns.iter().map(|c| c.iter().map(|v| v.chars().count()).max().unwrap_or(0)).collect();
    let rows = columns.first().map_or(0, Vec::len);
    Ok((0..rows)
        .map(|r| {
            let cells = columns.iter().zip(&widths).map(|(c, &w)| format!("{:w$}", c[r]));
            format!("  {}", cells.collect::<Vec<_>>().join("  ").trim_end())
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n")
}
