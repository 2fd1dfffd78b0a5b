//! Every AI of every game on the 68000: the calls of the test-entry programs of
//! `calc/programs` (`t_c4`, `t_ttt`, `t_oth`, `t_ent`, and their baseline `t_base`), each beside
//! the same call of the core run natively, so that a test or a report compares the two and
//! counts the cycles of the 68000 side.
//!
//! One module per game ([`c4`], [`ttt`], [`oth`], [`ent`]): a type for what an AI returns (its
//! move and, for the searches, score and node count, plus the generator's next draw after
//! the call, which shows that both sides drew the same number of times), `native_*`
//! functions that call the core, `emulated_*` functions that call the program's exports on a
//! [`Machine`] (and return the cycles of the AI's call alone, without the set-up), and the
//! positions the tests use (seeded random play, fixed sets). [`Costs`] gathers the cycles of
//! each AI level into the report (cycles per move at 12 MHz).
//!
//! ```no_run
//! use emu_tests::ai::{c4, Costs};
//! use ti_emulator::Machine;
//! use calc::connect4::ai::Ai;
//! # fn image() -> ti_build::ProgramImage { unimplemented!() }
//! let mut m = Machine::new(ti_files::Model::Ti89);
//! m.load(&image()).unwrap(); // t_c4, built by ti_build
//! m.call("w68k_open", &[]).unwrap();
//! let lens = c4::Tables::of(&mut m).unwrap();
//! let mut costs = Costs::default();
//! let moves = [3, 3, 2];
//! let want = c4::native_choose(&moves, Ai::EASY, 7, &lens);
//! c4::set_position(&mut m, &moves).unwrap();
//! let (got, cycles) = c4::emulated_choose(&mut m, Ai::EASY, 7).unwrap();
//! assert_eq!(want, got);
//! costs.add("connect four", "minimax 3", cycles, u64::from(got.nodes));
//! println!("{}", costs.table());
//! ```

pub mod c4;
pub mod ent;
pub mod oth;
pub mod ttt;

use ti_build::{build, BuildOptions, Built};
use ti_emulator::{Failure, Machine};

/// 68000 cycles per millisecond at the calculators' 12 MHz.
pub const CYCLES_PER_MS: u64 = 12_000;

/// Builds the test-entry program `program` of this repository's `calc/programs`; panics with
/// the build's error (for the examples and tests that measure the entries).
pub fn build_entry(program: &str) -> Built {
    build(&BuildOptions::new(testkit::repo_root(), program))
        .unwrap_or_else(|e| panic!("building {program}: {e}"))
}

/// A TI-89 with the test entry `built` loaded and its module opened, with a budget of
/// 10^11 cycles (the longest searches measured take minutes at 12 MHz).
pub fn open_entry(built: &Built) -> Machine {
    let mut m = Machine::new(ti_files::Model::Ti89);
    m.load(&built.image).expect("the program loads");
    m.call("w68k_open", &[]).expect("the module opens");
    m.set_budget(100_000_000_000);
    m
}

/// The result slots a test-entry program filled in its last call (its `out` export).
pub fn slots(m: &mut Machine) -> Result<[u32; 4], Failure> {
    let mut out = [0; 4];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = m.call("out", &[i as u32])?.d0;
    }
    Ok(out)
}

/// Calls export `name` and returns d0 and the call's cycles.
pub fn call(m: &mut Machine, name: &str, args: &[u32]) -> Result<(u32, u64), Failure> {
    let out = m.call(name, args)?;
    Ok((out.d0, out.counters.cycles))
}

/// Calls a set-up export that answers 0 when it accepted the move, and fails otherwise.
pub fn accept(m: &mut Machine, name: &str, args: &[u32]) -> Result<(), Failure> {
    match m.call(name, args)?.d0 {
        0 => Ok(()),
        other => Err(Failure::Setup(format!(
            "{name}{args:?} refused the move (answered {other})"
        ))),
    }
}

/// What a level must achieve on the 68000 at 12 MHz (docs/profiling.md#targets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// At most this many cycles per node over all its calls (a search's speed).
    CyclesPerNode(u64),
    /// Its longest move at most this many milliseconds (a level a game program offers).
    MaxMillis(u64),
}

impl Target {
    /// The target in words: `≤ 6,000 c/node`, `≤ 10 s/move`.
    pub fn describe(&self) -> String {
        match *self {
            Target::CyclesPerNode(c) => format!("≤ {} cycles/node", thousands(c)),
            Target::MaxMillis(ms) if ms % 1000 == 0 => format!("≤ {} s/move", ms / 1000),
            Target::MaxMillis(ms) => format!("≤ {ms} ms/move"),
        }
    }

    /// Whether `cost` meets it.
    pub fn met(&self, cost: &Cost) -> bool {
        match *self {
            Target::CyclesPerNode(c) => cost.nodes > 0 && cost.per_node() <= c,
            Target::MaxMillis(ms) => cost.max <= ms * CYCLES_PER_MS,
        }
    }
}

/// The cycles of the calls of one AI level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cost {
    /// The game.
    pub game: String,
    /// The AI and its level.
    pub ai: String,
    /// Calls measured.
    pub calls: u64,
    /// Cycles of all of them.
    pub total: u64,
    /// Cycles of the longest.
    pub max: u64,
    /// Nodes (or, for Entropy, evaluations) of all of them; 0 for AIs that do not search.
    pub nodes: u64,
    /// What the level must achieve (docs/profiling.md#targets).
    pub targets: Vec<Target>,
}

impl Cost {
    /// Mean cycles per call.
    pub fn mean(&self) -> u64 {
        self.total / self.calls.max(1)
    }

    /// Cycles per node over all calls (0 without nodes).
    pub fn per_node(&self) -> u64 {
        self.total / self.nodes.max(1) * u64::from(self.nodes > 0)
    }

    /// Nodes per second at 12 MHz (0 without nodes).
    pub fn nodes_per_second(&self) -> u64 {
        if self.total == 0 {
            return 0;
        }
        (self.nodes as u128 * 12_000_000 / self.total as u128) as u64
    }
}

/// Milliseconds of `cycles` at 12 MHz.
pub fn millis(cycles: u64) -> f64 {
    cycles as f64 / CYCLES_PER_MS as f64
}

/// The costs of every AI level measured, in the order first seen.
#[derive(Clone, Debug, Default)]
pub struct Costs {
    /// One row per (game, AI).
    pub rows: Vec<Cost>,
}

impl Costs {
    /// Counts one call of `ai` of `game` that took `cycles` and searched `nodes` (0 for an AI
    /// that does not search).
    pub fn add(&mut self, game: &str, ai: &str, cycles: u64, nodes: u64) {
        let index = match self.rows.iter().position(|r| r.game == game && r.ai == ai) {
            Some(i) => i,
            None => {
                self.rows.push(Cost {
                    game: game.into(),
                    ai: ai.into(),
                    calls: 0,
                    total: 0,
                    max: 0,
                    nodes: 0,
                    targets: Vec::new(),
                });
                self.rows.len() - 1
            }
        };
        let row = &mut self.rows[index];
        row.calls += 1;
        row.total += cycles;
        row.max = row.max.max(cycles);
        row.nodes += nodes;
    }

    /// Sets the targets of every row to what `targets` gives for it.
    pub fn set_targets(&mut self, targets: impl Fn(&Cost) -> Vec<Target>) {
        for row in &mut self.rows {
            row.targets = targets(row);
        }
    }

    /// Fails unless every row's longest call is under `limit_ms` milliseconds at 12 MHz.
    pub fn assert_max_under(&self, limit_ms: u64) {
        for cost in &self.rows {
            assert!(
                cost.max < limit_ms * CYCLES_PER_MS,
                "{}: {} cycles, over {limit_ms} ms at 12 MHz",
                cost.ai,
                thousands(cost.max)
            );
        }
    }

    /// The report as a Markdown table: calls, mean and max cycles, the same in milliseconds
    /// at 12 MHz, nodes, cycles per node, nodes per second, and the target beside them with
    /// whether it is met.
    pub fn table(&self) -> String {
        let mut out = String::from(
            "| game | AI | calls | mean cycles | max cycles | mean ms | max ms | nodes | cycles/node | nodes/s | target |\n\
             | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n",
        );
        for r in &self.rows {
            let searched = |v: u64| {
                if r.nodes == 0 {
                    "-".to_string()
                } else {
                    thousands(v)
                }
            };
            let target = r
                .targets
                .iter()
                .map(|t| {
                    let verdict = if t.met(r) { "met" } else { "**not met**" };
                    format!("{}: {verdict}", t.describe())
                })
                .collect::<Vec<_>>()
                .join("; ");
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
                r.game,
                r.ai,
                r.calls,
                thousands(r.mean()),
                thousands(r.max),
                ms(r.mean()),
                ms(r.max),
                searched(r.nodes),
                searched(r.per_node()),
                searched(r.nodes_per_second()),
                target,
            ));
        }
        out
    }
}

/// Milliseconds at 12 MHz, with a precision that suits the magnitude.
fn ms(cycles: u64) -> String {
    let v = millis(cycles);
    if v < 10.0 {
        format!("{v:.2}")
    } else if v < 1000.0 {
        format!("{v:.1}")
    } else {
        thousands(v.round() as u64)
    }
}

/// `n` with a comma every three digits (the profiler's formatting).
pub use ti_emulator::profile::thousands;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_keep_mean_and_max_per_level() {
        let mut costs = Costs::default();
        costs.add("g", "a", 100, 10);
        costs.add("g", "b", 5, 0);
        costs.add("g", "a", 300, 30);
        assert_eq!(costs.rows.len(), 2);
        assert_eq!(costs.rows[0].mean(), 200);
        assert_eq!(costs.rows[0].max, 300);
        assert_eq!(costs.rows[0].per_node(), 10);
        assert_eq!(costs.rows[0].nodes_per_second(), 1_200_000);
        assert_eq!(costs.rows[1].calls, 1);
        costs.set_targets(|r| {
            if r.ai == "a" {
                vec![Target::CyclesPerNode(8), Target::MaxMillis(1)]
            } else {
                Vec::new()
            }
        });
        let table = costs.table();
        assert!(
            table.contains("| g | a | 2 | 200 | 300 | 0.02 | 0.03 | 40 | 10 | 1,200,000 | ≤ 8 cycles/node: **not met**; ≤ 1 ms/move: met |"),
            "{table}"
        );
        assert!(
            table.contains("| g | b | 1 | 5 | 5 | 0.00 | 0.00 | - | - | - |  |"),
            "{table}"
        );
        assert!(Target::MaxMillis(10_000).met(&costs.rows[1]));
        assert_eq!(Target::MaxMillis(10_000).describe(), "≤ 10 s/move");
    }
}
