//! The `featrank` command line: batch runs of what the library does.
//!
//! Every subcommand prints one line `error: …` and exits with status 1 on bad input.

mod cli;
mod shard;
mod written;

fn main() {
    // Output piped into a reader that stops early (`featrank methods | head`) ends the program quietly, as
    // every Unix tool does, instead of a panic on the next print.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
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
