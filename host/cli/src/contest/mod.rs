//! The Connect Four contest from the computer: set up a match on a calculator (a real one, or
//! TiEmu), run the arbiter, read its result back, and check it (docs/contest.md).
//!
//! - [`setup`]: what a match is: the model, the two AIs (this project's `joueur` at a level of
//!   the ladder, the faulty test AI `fautif`, or the user's own program file), their folders,
//!   the program and variable names.
//! - [`install`]: the calculator variables a match needs (the arbiter, the AI programs, their
//!   settings), and sending them.
//! - [`run`]: running `arbitre(...)`, waiting for the game to end, taking the final screen,
//!   reading `colonne`, `nom` and `journal` back.
//! - [`verify`]: the checks against the core: the result variables agree with the log, the
//!   log agrees with the core's referee replaying its moves, and (for this project's AIs) the
//!   moves are those the same AIs play natively.
//!
//! ```no_run
//! # fn main() -> Result<(), ti68k::contest::MatchError> {
//! use ti68k::contest::{install, run, setup::{AiSpec, MatchSetup}, verify};
//! use ti_files::Model;
//! use ti_link::{CableSpec, Calculator};
//!
//! let setup = MatchSetup::new(Model::Ti89, [AiSpec::level("winblock", 7), AiSpec::level("random", 9)]);
//! let programs = install::Programs::build(std::path::Path::new("."))?;
//! let cable = "tiemu".parse::<CableSpec>().unwrap().open(std::time::Duration::from_secs(2)).unwrap();
//! let mut calc = Calculator::new(cable, Model::Ti89);
//! install::install(&mut calc, &setup, &programs, false)?;
//! let outcome = run::run_match(&mut calc, &setup, &run::RunOptions::default())?;
//! verify::check(&setup, &outcome)?;
//! print!("{}", outcome.render()?);
//! # Ok(()) }
//! ```

pub mod install;
pub mod meta;
pub mod run;
pub mod setup;
pub mod verify;
pub mod versus;

use ti_build::BuildError;
use ti_files::{FileError, NameError};
use ti_link::LinkError;

/// What can go wrong with a match. Each message says what happened and what to do.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// The match's settings are not usable.
    #[error("match set-up: {0}")]
    Setup(String),
    /// Building a calculator program failed.
    #[error("building {program}: {source}")]
    Build {
        /// The program.
        program: String,
        /// Why.
        #[source]
        source: Box<BuildError>,
    },
    /// Reading a program file failed.
    #[error("{path}: {source}")]
    File {
        /// The file.
        path: String,
        /// Why.
        #[source]
        source: FileError,
    },
    /// A calculator name is not valid.
    #[error(transparent)]
    Name(#[from] NameError),
    /// The link failed.
    #[error("{doing}: {source}")]
    Link {
        /// What the host was doing.
        doing: String,
        /// Why.
        #[source]
        source: LinkError,
    },
    /// The game did not end in time.
    #[error("the arbiter did not finish within {0:?}: the calculator is still busy (an AI that never returns?) or has crashed; reset it")]
    Timeout(std::time::Duration),
    /// The arbiter's results are missing or not what they should be.
    #[error("the arbiter's results: {0}")]
    Results(String),
    /// A check against the core failed.
    #[error("check failed: {0}")]
    Mismatch(String),
}

impl MatchError {
    pub(crate) fn link(doing: impl Into<String>) -> impl FnOnce(LinkError) -> MatchError {
        let doing = doing.into();
        move |source| MatchError::Link { doing, source }
    }
}
