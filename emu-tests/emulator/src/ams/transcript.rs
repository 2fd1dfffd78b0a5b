//! The record of what a program asked of the OS: every ROM call served (with readable
//! arguments and the cycle count when it was served), and every string drawn, so tests can
//! assert on what a program did and printed, and measure the time between two calls.
//!
//! A call identical to the one just before it (same call, caller and arguments: a program
//! polling the keyboard or a timer in a loop) is counted on that record instead of making a
//! new one, so that a wait of seconds stays one record.

/// One ROM call served.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallRecord {
    /// Jump-table index (A-line throws are recorded at ER_throwVar's; the traps of
    /// [`super::traps`] at [`super::traps::NOT_A_ROM_CALL`]).
    pub index: u16,
    /// The call's name.
    pub name: &'static str,
    /// The return address of the call (where the program called it from).
    pub caller: u32,
    /// The arguments and result, readable, e.g. `(x=0, y=0, "Hello", A_NORMAL)`.
    pub detail: String,
    /// Cycles run since the machine was created when the call was served (the first of the
    /// repeats).
    pub cycles: u64,
    /// How many identical calls followed this one at once (0: none).
    pub repeats: u32,
}

/// One string or character drawn on the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnText {
    /// Left edge.
    pub x: i16,
    /// Top edge.
    pub y: i16,
    /// The text (non-ASCII bytes as `\xNN`).
    pub text: String,
    /// The font (0 = 4x6, 1 = 6x8, 2 = 8x10).
    pub font: u8,
    /// The drawing attribute (1 = A_NORMAL, ...).
    pub attr: u16,
}

/// Everything a program asked of the OS, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Transcript {
    /// Every ROM call served.
    pub calls: Vec<CallRecord>,
    /// Every string and character drawn.
    pub text: Vec<DrawnText>,
}

impl Transcript {
    /// The names of the calls, in order.
    pub fn names(&self) -> Vec<&'static str> {
        self.calls.iter().map(|c| c.name).collect()
    }

    /// The first record of a call of `name`, if any.
    pub fn first(&self, name: &str) -> Option<&CallRecord> {
        self.calls.iter().find(|c| c.name == name)
    }

    /// How many times `name` was called (repeats included).
    pub fn count(&self, name: &str) -> usize {
        self.calls
            .iter()
            .filter(|c| c.name == name)
            .map(|c| 1 + c.repeats as usize)
            .sum()
    }

    /// Records `call`, or counts it on the last record when it repeats it.
    pub fn record(&mut self, call: CallRecord) {
        if let Some(last) = self.calls.last_mut() {
            if last.index == call.index && last.caller == call.caller && last.detail == call.detail
            {
                last.repeats += 1;
                return;
            }
        }
        self.calls.push(call);
    }

    /// The strings drawn, in order.
    pub fn drawn(&self) -> Vec<&str> {
        self.text.iter().map(|t| t.text.as_str()).collect()
    }

    /// Forgets everything recorded.
    pub fn clear(&mut self) {
        self.calls.clear();
        self.text.clear();
    }
}

impl std::fmt::Display for Transcript {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for c in &self.calls {
            write!(
                f,
                "{:#06x} {}{} <- pc {:#08x}",
                c.index, c.name, c.detail, c.caller
            )?;
            if c.repeats > 0 {
                write!(f, " (x{})", c.repeats + 1)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
