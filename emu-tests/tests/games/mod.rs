//! Helpers of the CPU-harness tests of the games: a calculator with a game installed in a
//! folder, runs of it with a script of keys, the screens it showed, its settings read back, and
//! the cycles of the computer's moves.
#![allow(dead_code)]

use emu_tests::ai::{millis, thousands};
use emu_tests::games::keys::Script;
use emu_tests::games::saved::Settings;
use ti_emulator::{find_text, Machine, Prompt};
use ti_files::{Model, Screen, Value, VarType};

use super::programs;

/// The folder the games are installed in.
pub const FOLDER: &str = "games";

/// A calculator of the harness with a game's programs in [`FOLDER`].
pub struct Calculator {
    /// The machine.
    pub m: Machine,
    /// The model.
    pub model: Model,
    /// The game's program (`games\morpion`).
    pub program: String,
    /// Its settings variable and type (`games\morpsave`, `mrp`).
    pub settings: (String, &'static str),
}

impl Calculator {
    /// A calculator of `model` with `programs` (the first is the game run) built and
    /// installed, or `None` after a loud skip without the cross toolchain.
    pub fn with(
        test: &str,
        model: Model,
        programs: &[&str],
        settings: (&str, &'static str),
    ) -> Option<Calculator> {
        let mut m = Machine::new(model);
        for p in programs {
            let built = programs::build_program(test, p, |_| {})?;
            m.install(&format!("{FOLDER}\\{p}"), &built.installable())
                .unwrap();
        }
        m.set_budget(40_000_000_000);
        Some(Calculator {
            m,
            model,
            program: format!("{FOLDER}\\{}", programs[0]),
            settings: (format!("{FOLDER}\\{}", settings.0), settings.1),
        })
    }

    /// Runs the game once with `script` (keys pressed when it asks for one): the screens it
    /// showed, each with the key pressed on it. The run must end with the program returning
    /// (the script leaves it) and use every key.
    pub fn run(&mut self, label: &str, script: &Script) -> Vec<Prompt> {
        self.m.answer_keys(&script.codes(self.model));
        self.run_queued(label)
    }

    /// Runs the game once with the keys already queued.
    pub fn run_queued(&mut self, label: &str) -> Vec<Prompt> {
        self.m.clear_transcript();
        let outcome = self.m.run(&self.program, "");
        let prompts = self.m.take_prompts();
        if let Err(e) = outcome {
            let last = prompts.last().map(|p| format!("{:?}", p.screen));
            panic!("{label}: the game failed: {e}\nthe last screen:\n{last:?}");
        }
        assert_eq!(self.m.keys_left(), 0, "{label}: keys left unread");
        prompts
    }

    /// The game's settings as it saved them.
    pub fn settings(&self) -> Settings {
        match self.m.get_value(&self.settings.0) {
            Ok(Value::Opaque { data, .. }) => Settings::from_variable(&data, self.settings.1)
                .unwrap_or_else(|| panic!("{} is not the game's settings", self.settings.0)),
            other => panic!("{}: {other:?}", self.settings.0),
        }
    }

    /// Replaces the settings variable with `data` (custom data, as the game writes it).
    pub fn store_settings(&mut self, data: Vec<u8>) {
        let value = Value::Opaque {
            var_type: VarType::OTH,
            data,
        };
        self.m.set_value(&self.settings.0, &value).unwrap();
    }
}

/// Fails unless every text of `texts` is on `screen` (the harness's screen oracle).
pub fn expect(label: &str, screen: &Screen, texts: &[&str]) {
    for text in texts {
        assert!(
            find_text(screen, text).is_some(),
            "{label}: {text:?} is not on the screen:\n{screen:?}"
        );
    }
}

/// Fails if `text` is on `screen`.
pub fn expect_not(label: &str, screen: &Screen, text: &str) {
    assert!(
        find_text(screen, text).is_none(),
        "{label}: {text:?} should not be on the screen:\n{screen:?}"
    );
}

/// The screen shown when the `n`-th key of the run (from 0) was pressed.
pub fn screen(prompts: &[Prompt], n: usize) -> &Screen {
    &prompts
        .get(n)
        .unwrap_or_else(|| panic!("the run read only {} keys", prompts.len()))
        .screen
}

/// The cycles of each computer move of the last run, from the harness's record of ROM calls:
/// from the start of the computer's pause (`OSRegisterTimer`, when it starts thinking) to the
/// first look at the pause's end (`OSTimerExpired`, when it has chosen).
pub fn thinking_cycles(m: &Machine) -> Vec<u64> {
    let calls = &m.transcript().calls;
    let mut out = Vec::new();
    let mut start = None;
    for c in calls {
        match c.name {
            "OSRegisterTimer" => start = Some(c.cycles),
            "OSTimerExpired" => {
                if let Some(s) = start.take() {
                    out.push(c.cycles - s);
                }
            }
            _ => {}
        }
    }
    out
}

/// The cycles of each whole run of the program whose name ends with `program` (an AI program
/// such as `othia`) since the machine's runs were last taken.
pub fn program_cycles(m: &mut Machine, program: &str) -> Vec<u64> {
    m.take_runs()
        .into_iter()
        .filter(|r| r.program.ends_with(program))
        .map(|r| r.cycles)
        .collect()
}

/// Prints how many computer moves `cycles` holds, their mean and their worst, in cycles and in
/// milliseconds at 12 MHz; prints nothing when there are none.
pub fn print_move_cycles(label: &str, cycles: &[u64]) {
    let Some(&worst) = cycles.iter().max() else {
        return;
    };
    let mean = cycles.iter().sum::<u64>() / cycles.len() as u64;
    println!(
        "{label}: {} computer moves, mean {} cycles ({:.1} ms), worst {} ({:.1} ms at 12 MHz)",
        cycles.len(),
        thousands(mean),
        millis(mean),
        thousands(worst),
        millis(worst)
    );
}
