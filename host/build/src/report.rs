//! The size report of a built program: what the program variable holds (code, read-only data,
//! zeroed data, relocation table) against the 24 KB that AMS 2.04 and later accept for an
//! ASM program, and the RAM it borrows from the OS heap at run time (linear memory). A program
//! built with a launcher (docs/building.md#programs-over-24-kb) reports both variables: the
//! launcher against the 24 KB, the body against what a variable holds and, for PC-relative code,
//! against the 32 KB its 16-bit references reach.

use std::fmt;

/// The largest ASM program AMS 2.04+ runs: 24 KB (TI-89/92+ Developer Guide p. 25; GCC4TI
/// FAQ 49; docs/rom-calls.md#the-asm-size-limit).
pub const ASM_LIMIT: u32 = 24 * 1024;

/// The most data a variable holds (after its 16-bit size word).
pub const VARIABLE_LIMIT: u32 = 0xFFFF;

/// How far a 68000 PC-relative reference reaches (a signed 16-bit displacement): the code and
/// read-only data of a PC-relative program must fit in it.
pub const PC_RELATIVE_REACH: u32 = 32 * 1024;

/// The two variables of a program built with a launcher.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LaunchReport {
    /// Bytes of the launcher's ASM variable data (after its size word).
    pub launcher: u32,
    /// Instructions of the launcher checked by the 68000-only check.
    pub launcher_instructions: usize,
    /// The body's variable name.
    pub body_name: String,
    /// Bytes of the body variable's data (after its size word).
    pub body: u32,
    /// Whether the code is PC-relative (its code and read-only data must stay within reach).
    pub pcrel: bool,
}

/// Sizes of one program, in bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SizeReport {
    /// The program (bin) name.
    pub program: String,
    /// Machine code.
    pub code: u32,
    /// Read-only data (constants, the wasm data segments, switch tables...).
    pub rodata: u32,
    /// Of `rodata`: the wasm data segments, copied into linear memory at start.
    pub wasm_data: u32,
    /// Zero-initialised data of the runtime, part of the variable, zeroed at each run.
    pub bss: u32,
    /// Number of relocation entries (4 bytes each in the variable).
    pub relocations: u32,
    /// Bytes of the variable's data after its size word: body, zero word, table, tag.
    pub variable: u32,
    /// Linear memory borrowed from the OS heap while the program runs.
    pub linear: u32,
    /// Of `linear`: the wasm shadow stack.
    pub stack: u32,
    /// Instructions checked by the 68000-only check.
    pub instructions: usize,
    /// The launcher and the body, for a program built with a launcher.
    pub launch: Option<LaunchReport>,
}

impl SizeReport {
    /// The program's size as an ASM variable, as AMS counts it (its data plus the 2-byte size
    /// word); for a program with a launcher, what it would be without one.
    pub fn total(&self) -> u32 {
        self.variable + 2
    }

    /// The size of the ASM variable installed, as AMS counts it: the launcher's for a program
    /// with one, else the program's.
    pub fn asm_total(&self) -> u32 {
        match &self.launch {
            Some(l) => l.launcher + 2,
            None => self.total(),
        }
    }

    /// Whether the ASM variable installed fits the ASM limit.
    pub fn fits(&self) -> bool {
        self.asm_total() <= ASM_LIMIT
    }
}

impl fmt::Display for SizeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let percent = |n: u32, of: u32| f64::from(n) * 100.0 / f64::from(of);
        match &self.launch {
            None => writeln!(
                f,
                "{}: {} bytes, {:.1} % of the {} bytes AMS 2.04+ runs{}",
                self.program,
                self.total(),
                percent(self.total(), ASM_LIMIT),
                ASM_LIMIT,
                if self.fits() {
                    ""
                } else {
                    "  ** TOO LARGE ** (launcher = true runs it: docs/building.md#programs-over-24-kb)"
                }
            )?,
            Some(l) => {
                let body = l.body + 2;
                writeln!(
                    f,
                    "{}: launcher {} bytes ({:.1} % of the {} bytes AMS 2.04+ runs) + body {} {} bytes",
                    self.program,
                    l.launcher + 2,
                    percent(l.launcher + 2, ASM_LIMIT),
                    ASM_LIMIT,
                    l.body_name,
                    body,
                )?;
                writeln!(
                    f,
                    "  launcher         {:>6}  ({} instructions, all 68000)",
                    l.launcher + 2,
                    l.launcher_instructions
                )?;
                writeln!(
                    f,
                    "  body             {:>6}  ({}, custom data: its data {:.1} % of the {} bytes a variable holds; the program in it {} bytes)",
                    body,
                    l.body_name,
                    percent(l.body, VARIABLE_LIMIT),
                    VARIABLE_LIMIT,
                    self.total()
                )?;
            }
        }
        let reach = match &self.launch {
            Some(l) if l.pcrel => format!(
                "; with read-only data {:.1} % of the {} bytes PC-relative references reach",
                percent(self.code + self.rodata, PC_RELATIVE_REACH),
                PC_RELATIVE_REACH
            ),
            _ => String::new(),
        };
        writeln!(
            f,
            "  code             {:>6}  ({} instructions, all 68000{reach})",
            self.code, self.instructions
        )?;
        // A C or assembler program has no wasm module, hence no linear memory.
        let wasm = self.linear > 0;
        if wasm {
            writeln!(
                f,
                "  read-only data   {:>6}  (of which wasm data segments {})",
                self.rodata, self.wasm_data
            )?;
        } else {
            writeln!(f, "  read-only data   {:>6}", self.rodata)?;
        }
        writeln!(
            f,
            "  zeroed data      {:>6}  (runtime state, zeroed at each run)",
            self.bss
        )?;
        write!(
            f,
            "  relocations      {:>6}  ({} entries of 4 bytes, + 3 bytes end of table and tag)",
            self.relocations * 4,
            self.relocations
        )?;
        if !wasm {
            return Ok(());
        }
        writeln!(f)?;
        write!(
            f,
            "  linear memory    {:>6}  at run time, from the OS heap (shadow stack {}, statics {})",
            self.linear,
            self.stack,
            self.linear.saturating_sub(self.stack)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn total_counts_the_size_word() {
        let report = SizeReport {
            program: "p".into(),
            variable: ASM_LIMIT - 2,
            ..Default::default()
        };
        assert!(report.fits());
        let report = SizeReport {
            variable: ASM_LIMIT - 1,
            ..report
        };
        assert!(!report.fits());
        assert!(report.to_string().contains("TOO LARGE"));
    }

    /// The report `ti68k build` prints, as a reviewer sees it change.
    #[test]
    fn report_text() {
        let report = SizeReport {
            program: "joueur".into(),
            variable: 23_787,
            code: 21_896,
            instructions: 7_954,
            rodata: 1_597,
            wasm_data: 1_266,
            bss: 288,
            relocations: 0,
            linear: 17_824,
            stack: 16_384,
            launch: None,
        };
        insta::assert_snapshot!(report.to_string());
        let too_large = SizeReport {
            program: "big".into(),
            variable: ASM_LIMIT,
            relocations: 2,
            ..report.clone()
        };
        insta::assert_snapshot!(too_large.to_string());
        let launched = SizeReport {
            program: "othia".into(),
            variable: 30_001,
            code: 28_100,
            rodata: 1_500,
            launch: Some(LaunchReport {
                launcher: 600,
                launcher_instructions: 230,
                body_name: "othiax".into(),
                body: 30_017,
                pcrel: true,
            }),
            ..report
        };
        assert!(launched.fits());
        assert_eq!((launched.total(), launched.asm_total()), (30_003, 602));
        insta::assert_snapshot!(launched.to_string());
        let c_program = SizeReport {
            program: "cjoueur".into(),
            variable: 2_000,
            code: 1_800,
            instructions: 700,
            rodata: 150,
            bss: 6,
            ..Default::default()
        };
        insta::assert_snapshot!(c_program.to_string());
    }
}
