//! The CLI's flags of a [`Resampling`]: `--scheme` (default `kfold`), `--folds` (the folds of a plain
//! `kfold`, default 10) and `--repeats` (default 10; a command with another default says so with
//! `mut_arg`). Behind the cargo feature `cli`.

use clap::{value_parser, Arg, ArgMatches, Args, Command, FromArgMatches};

use super::scheme::{Resampling, Scheme, DEFAULT_FOLDS, DEFAULT_REPEATS};

impl Args for Resampling {
    fn augment_args(cmd: Command) -> Command {
        cmd.arg(
            Arg::new("scheme")
                .long("scheme")
                .value_name("SCHEME")
                .default_value("kfold")
                .value_parser(|text: &str| match text.parse::<Scheme>() {
                    Ok(_) => Ok(text.to_string()),
                    Err(e) => Err(e.message()),
                })
                .help(
                    "Resampling: kfold (with --folds), holdout:0.33 (test fraction) or bootstrap (out-of-bag \
                     rows test) — with --groups each keeps groups whole; group-kfold, stratified-group-kfold, \
                     leave-one-group-out; time-series:folds=5,gap=0,max_train=0,test=0 (forward chaining) or blocked \
                     (contiguous folds), in the order of --order or of the rows; --repeats splits or samples",
                ),
        )
        .arg(
            Arg::new("folds")
                .long("folds")
                .value_name("FOLDS")
                .default_value(DEFAULT_FOLDS.to_string())
                .value_parser(value_parser!(usize))
                .help("Folds per repeat"),
        )
        .arg(
            Arg::new("repeats")
                .long("repeats")
                .value_name("REPEATS")
                .default_value(DEFAULT_REPEATS.to_string())
                .value_parser(value_parser!(usize))
                .help("Repeats of the cross-validation"),
        )
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Resampling::augment_args(cmd)
    }
}

impl FromArgMatches for Resampling {
    fn from_arg_matches(m: &ArgMatches) -> Result<Resampling, clap::Error> {
        let text = m.get_one::<String>("scheme").map_or("kfold", String::as_str);
        // the folds as given on the command line; clap's shown default is the library's own
        let given = m.value_source("folds") == Some(clap::parser::ValueSource::CommandLine);
        let folds = m.get_one::<usize>("folds").copied().filter(|_| given);
        let repeats = m.get_one::<usize>("repeats").copied().unwrap_or(DEFAULT_REPEATS);
        Resampling::from_text(text, folds, repeats)
            .map_err(|e| clap::Error::raw(clap::error::ErrorKind::ValueValidation, e.message() + "\n"))
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Resampling::from_arg_matches(m)?;
        Ok(())
    }
}
