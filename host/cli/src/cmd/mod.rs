//! The subcommands of the `ti68k` binary. Each lives in its own file with its clap arguments and
//! a `run` function; the logic they call is in the library.
use clap::{Parser, Subcommand};

mod backup;
mod bench;
mod book;
mod build;
mod evolve;
mod info;
mod key;
mod ladder;
mod link_args;
mod ls;
mod r#match;
mod new;
pub mod output;
mod probe;
mod profile;
mod recv;
mod replay;
mod restore;
mod run;
mod screenshot;
mod send;
mod solve;
mod tournament;
mod var;
mod versus;

/// The range of `--table-bits` (log2 of the entries of the exact solver's table, 8 bytes each),
/// the same for every command that has one.
pub const TABLE_BITS: std::ops::RangeInclusive<i64> = 10..=30;

/// Board-game AIs for the TI-89, TI-92 Plus and Voyage 200: build, send, test, play.
///
/// Link subcommands take --cable (emu, emu:STATE.89g, tiemu, gray:PATH, black:PATH, silver, usb) and --model
/// (ti89, ti92p, v200); TI68K_CABLE and TI68K_MODEL set their defaults. `ti68k probe` lists
/// what is connected.
#[derive(Parser, Debug)]
#[command(name = "ti68k", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Every subcommand.
#[derive(Subcommand, Debug)]
enum Command {
    /// Make a project of your own: a contest AI or a program, in Rust or C.
    New(new::NewArgs),
    /// Build calculator programs (.89z/.9xz/.v2z) of a project, or of C and assembler files.
    Build(build::BuildArgs),
    /// Send variable files (.89z, .9xs, .v2g...) and FLASH applications to the calculator.
    Send(send::SendArgs),
    /// Receive variables and FLASH applications from the calculator into files.
    Recv(recv::RecvArgs),
    /// List the calculator's folders, variables and FLASH applications.
    Ls(ls::LsArgs),
    /// Back up every variable into one group file.
    Backup(backup::BackupArgs),
    /// Restore a backup (group file) to the calculator.
    Restore(restore::RestoreArgs),
    /// List the cables and calculators connected (USB, serial ports, TiEmu).
    Probe(probe::ProbeArgs),
    /// Press keys on the calculator remotely.
    Key(key::KeyArgs),
    /// Save the calculator's screen as a PNG.
    Screenshot(screenshot::ScreenshotArgs),
    /// Run a program on the calculator (typed on the home screen over DBUS, run on request over DUSB).
    Run(run::RunArgs),
    /// Read or write a variable's value (get / set).
    Var(var::VarArgs),
    /// Describe calculator files (non-zero exit if damaged), or without files the calculator.
    Info(info::InfoArgs),
    /// The exact score of a position (Connect Four).
    Solve(solve::SolveArgs),
    /// Play one game of the Connect Four contest on the calculator: arbiter and two AIs.
    Match(r#match::MatchArgs),
    /// One Connect Four game played from the computer: a calculator AI against a native one.
    Versus(versus::VersusArgs),
    /// A Connect Four round robin between native and calculator AIs, with Elo ratings.
    Tournament(tournament::TournamentArgs),
    /// Tune the Connect Four engine's weights by a genetic algorithm playing on the emulator.
    Evolve(evolve::EvolveArgs),
    /// Show a game logged by the contest's arbiter (its journal variable).
    Replay(replay::ReplayArgs),
    /// Benchmark of the engines: mean nodes and time per test position, fingerprints.
    Bench(bench::BenchArgs),
    /// Generate the opening book of Connect Four's expert level.
    Book(book::BookArgs),
    /// Native matches along a game's ladder of AIs (tic-tac-toe, Othello, Entropy).
    Ladder(ladder::LadderArgs),
    /// Cycles per function of a calculator program on the emulator (table, flame graph).
    Profile(profile::ProfileArgs),
}

impl Cli {
    /// Runs the chosen subcommand.
    pub fn run(self) -> anyhow::Result<()> {
        match self.command {
            Command::New(args) => new::run(args),
            Command::Build(args) => build::run(args),
            Command::Send(a) => send::run(a),
            Command::Recv(a) => recv::run(a),
            Command::Ls(a) => ls::run(a),
            Command::Backup(a) => backup::run(a),
            Command::Restore(a) => restore::run(a),
            Command::Probe(a) => probe::run(a),
            Command::Key(a) => key::run(a),
            Command::Screenshot(a) => screenshot::run(a),
            Command::Run(a) => run::run(a),
            Command::Var(a) => var::run(a),
            Command::Info(a) => info::run(a),
            Command::Solve(args) => solve::run(args),
            Command::Bench(args) => bench::run(args),
            Command::Book(args) => book::run(args),
            Command::Ladder(args) => ladder::run(args),
            Command::Match(args) => r#match::run(args),
            Command::Replay(args) => replay::run(args),
            Command::Profile(args) => profile::run(args),
            Command::Versus(args) => versus::run(args),
            Command::Tournament(args) => tournament::run(args),
            Command::Evolve(args) => evolve::run(args),
        }
    }
}
