//! The on-calculator meta-program `meta` from the computer (docs/tournaments.md#the-meta-program):
//! install it, run `meta("ai1","ai2",n)` and read its tally; and the same games played one by
//! one through the arbiter, each read and checked as `ti68k match` does, whose results summed
//! are what `meta` must have counted.
//!
//! `meta` alternates the colours (odd games the first folder's AI moves first) and, for this
//! project's `joueur`, plays game `k` (from 1) with the seeds `graine + k - 1`:
//! [`game_setup`] gives that game's set-up, so that the host can play or replay it.

use std::time::{Duration, Instant};

use super::install::{self, Programs};
use super::run::{self, wait_until_ready, MatchOutcome, RunOptions};
use super::setup::{AiSpec, MatchSetup};
use super::verify;
use super::MatchError;
use ti_build::Installable;
use ti_files::{Integer, Screen, Value, VarName, VarPath, Variable};
use ti_link::{Cable, Calculator, LinkError};

/// The tally `meta` stores, by folder (the first folder given, then the second).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won by the AI of each folder (disqualifications of the other included).
    pub wins: [i64; 2],
    /// Draws.
    pub draws: i64,
    /// Games that ended with a disqualification.
    pub disqualified: i64,
    /// Games played.
    pub played: i64,
}

/// The variables of the tally, in `meta`'s folder, in the order of [`Tally::counts`].
pub const TALLY_VARIABLES: [&str; 5] = ["gains1", "gains2", "nuls", "disqual", "parties"];

impl Tally {
    /// The five counts in the order of [`TALLY_VARIABLES`].
    pub fn counts(&self) -> [i64; 5] {
        [
            self.wins[0],
            self.wins[1],
            self.draws,
            self.disqualified,
            self.played,
        ]
    }

    /// Counts one game of `setup` (from [`game_setup`]: its folders in the order the arbiter
    /// got them) with the arbiter's `colonne` and `nom`; `first` is the first folder of the
    /// run.
    pub fn add(&mut self, setup: &MatchSetup, first: &str, colonne: i64, nom: &str) {
        match colonne {
            1 | 2 => {
                let winner = &setup.folders[colonne as usize - 1];
                self.wins[usize::from(winner != first)] += 1;
            }
            _ => self.draws += 1,
        }
        if nom == "D" {
            self.disqualified += 1;
        }
        self.played += 1;
    }
}

/// The set-up of game `game` (0-based) of `meta` run on `base` (its folders in the order
/// given to `meta`): the folders (and AIs) swapped for odd games, the seeds of this project's
/// AIs advanced by `game`.
pub fn game_setup(base: &MatchSetup, game: u32) -> MatchSetup {
    let mut setup = base.clone();
    for ai in &mut setup.ais {
        if let AiSpec::Level { seed, .. } = ai {
            *seed = seed.wrapping_add(game);
        }
    }
    if game % 2 == 1 {
        setup.ais.swap(0, 1);
        setup.folders.swap(0, 1);
    }
    setup
}

/// The arguments of `meta(...)`: the folders of `base`, the number of games, and the
/// arbiter's folder when it is not `meta`'s (`home`).
pub fn arguments(base: &MatchSetup, games: u32, home: &str) -> String {
    let mut args = format!("\"{}\",\"{}\",{games}", base.folders[0], base.folders[1]);
    if base.arbiter_folder != home {
        args.push_str(&format!(",\"{}\"", base.arbiter_folder));
    }
    args
}

/// `meta` (as built) as the variable `folder\meta`, with its body if it has a launcher.
pub fn meta_variables(folder: &str, meta: &Installable) -> Result<Vec<Variable>, MatchError> {
    meta.variables(Some(&VarName::new(folder)?), &VarName::new("meta")?)
        .map_err(|e| MatchError::Setup(format!("{folder}\\meta: {e}")))
}

fn var(folder: &str, name: &str) -> Result<VarPath, MatchError> {
    Ok(VarPath::new(VarName::new(folder)?, VarName::new(name)?))
}

/// What a run of `meta` left.
#[derive(Clone, Debug)]
pub struct MetaOutcome {
    /// Its tally.
    pub tally: Tally,
    /// Its final screen (when it waited for a key).
    pub screen: Option<Screen>,
    /// From starting it to its tally.
    pub elapsed: Duration,
}

/// Installs the match of `base` (arbiter and AIs, `attente` = `wait_for_key`) and `meta` in
/// `home`.
pub fn install<C: Cable>(
    calc: &mut Calculator<C>,
    base: &MatchSetup,
    programs: &Programs,
    meta: &Installable,
    home: &str,
    wait_for_key: bool,
) -> Result<(), MatchError> {
    let mut vars = install::variables(base, programs, wait_for_key)?;
    vars.extend(meta_variables(home, meta)?);
    calc.send_variables(&vars)
        .map_err(MatchError::link("sending meta, the arbiter and the AIs"))
}

/// Runs `home\meta(arguments)`, waits until it is done (for a key, when `options.screenshot`:
/// the screen is taken, then ENTER), and reads its tally.
pub fn run_meta<C: Cable>(
    calc: &mut Calculator<C>,
    home: &str,
    arguments: &str,
    options: &RunOptions,
) -> Result<MetaOutcome, MatchError> {
    calc.ready()
        .map_err(MatchError::link("checking that the calculator is ready"))?;
    // meta deletes parties when it starts and stores it last.
    let mark = var(home, "parties")?;
    let start = Instant::now();
    let _ = run::start_and_wait(
        calc,
        &var(home, "meta")?,
        arguments,
        &mark,
        options.timeout,
        options.poll,
    )?;
    let elapsed = start.elapsed();
    let screen = if options.screenshot {
        let shot = calc
            .screenshot()
            .map_err(MatchError::link("taking meta's final screen"))?;
        calc.send_key(13)
            .map_err(MatchError::link("pressing ENTER to end meta"))?;
        wait_until_ready(calc, Duration::from_secs(30), options.poll)?;
        Some(shot)
    } else {
        None
    };
    Ok(MetaOutcome {
        tally: read_tally(calc, home)?,
        screen,
        elapsed,
    })
}

/// Reads the tally `meta` stored in `home`.
pub fn read_tally<C: Cable>(calc: &mut Calculator<C>, home: &str) -> Result<Tally, MatchError> {
    let mut counts = [0i64; 5];
    for (count, name) in counts.iter_mut().zip(TALLY_VARIABLES) {
        let path = var(home, name)?;
        *count = match calc.get_value(&path) {
            Ok(Value::Integer(i)) => i
                .to_i64()
                .map_err(|_| MatchError::Results(format!("{path} is not a small integer")))?,
            Ok(other) => {
                return Err(MatchError::Results(format!(
                    "{path} holds {}, not meta's count",
                    other.kind()
                )))
            }
            Err(LinkError::NotFound { .. }) => {
                return Err(MatchError::Results(format!(
                    "meta left no {path}: it stopped on its arguments (its screen says why)"
                )))
            }
            Err(e) => return Err(MatchError::link(format!("reading {path}"))(e)),
        };
    }
    let [w1, w2, draws, disqualified, played] = counts;
    if played == run::PENDING {
        return Err(MatchError::Results(format!(
            "meta did not start: {home}\\parties still holds the host's pending mark {} (is \
             it installed as {home}\\meta? the calculator's screen may show an error)",
            run::PENDING
        )));
    }
    Ok(Tally {
        wins: [w1, w2],
        draws,
        disqualified,
        played,
    })
}

/// Plays `games` games of `base` one by one as `meta` plays them ([`game_setup`]), through the
/// arbiter (already installed, with `attente` 0 unless `options.screenshot`), each read back,
/// checked against the core ([`verify::check`]), and counted: the tally `meta` must reach.
/// The seeds of this project's AIs are set for each game and put back at the end.
pub fn play_one_by_one<C: Cable>(
    calc: &mut Calculator<C>,
    base: &MatchSetup,
    games: u32,
    options: &RunOptions,
) -> Result<(Tally, Vec<MatchOutcome>), MatchError> {
    let mut tally = Tally::default();
    let mut outcomes = Vec::new();
    for game in 0..games {
        let setup = game_setup(base, game);
        set_seeds(calc, &setup)?;
        let outcome = run::run_match(calc, &setup, options)?;
        verify::check(&setup, &outcome)
            .map_err(|e| MatchError::Mismatch(format!("game {}: {e}", game + 1)))?;
        tally.add(&setup, &base.folders[0], outcome.colonne, &outcome.nom);
        outcomes.push(outcome);
    }
    set_seeds(calc, base)?;
    Ok((tally, outcomes))
}

/// Writes the `graine` of this project's AIs of `setup`.
fn set_seeds<C: Cable>(calc: &mut Calculator<C>, setup: &MatchSetup) -> Result<(), MatchError> {
    for (ai, folder) in setup.ais.iter().zip(&setup.folders) {
        if let AiSpec::Level { seed, .. } = ai {
            let path = var(folder, "graine")?;
            calc.set_value(&path, &Value::Integer(Integer::from(i64::from(*seed))))
                .map_err(MatchError::link(format!("writing {path}")))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ti_files::Model;

    #[test]
    fn games_alternate_colours_and_advance_the_seeds() {
        let base = MatchSetup::new(
            Model::Ti89,
            [AiSpec::level("random", 10), AiSpec::Faulty { fault: 3 }],
        );
        let g0 = game_setup(&base, 0);
        assert_eq!(g0, base);
        let g3 = game_setup(&base, 3);
        assert_eq!(g3.folders, ["ai2".to_string(), "ai1".to_string()]);
        assert_eq!(
            g3.ais,
            [AiSpec::Faulty { fault: 3 }, AiSpec::level("random", 13)]
        );
        assert_eq!(g3.arguments(), "\"ai2\",\"ai1\"");
        assert_eq!(arguments(&base, 10, "main"), "\"ai1\",\"ai2\",10");
        assert_eq!(arguments(&base, 4, "tools"), "\"ai1\",\"ai2\",4,\"main\"");
    }

    #[test]
    fn results_are_counted_for_the_folder_that_won() {
        let base = MatchSetup::new(
            Model::Ti89,
            [AiSpec::level("random", 1), AiSpec::level("winblock", 2)],
        );
        let mut t = Tally::default();
        // Game 1: ai1 is AI 1 and wins; game 2: ai2 is AI 1 and wins by a disqualification;
        // game 3: a draw.
        t.add(&game_setup(&base, 0), "ai1", 1, "N");
        t.add(&game_setup(&base, 1), "ai1", 1, "D");
        t.add(&game_setup(&base, 2), "ai1", 0, "N");
        assert_eq!(
            t,
            Tally {
                wins: [1, 1],
                draws: 1,
                disqualified: 1,
                played: 3
            }
        );
    }
}
