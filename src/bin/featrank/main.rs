//! The `featrank` command line: batch runs of what the library does.
//!
//! Every subcommand prints one line `error: …` and exits with status 1 on bad input.

mod cli;
mod shard;

fn main() {
    if let Err(e) = cli::run(std::env::args_os()) {
        match e {
            cli::CliError::Usage(e) => e.exit(),
            cli::CliError::Run(e) => {
                let msg = e.to_string().replace('\n', " ");
                eprintln!("error: {msg}");
                std::process::exit(1);
            }
        }
    }
}
