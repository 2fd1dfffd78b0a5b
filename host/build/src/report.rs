//! The size report of a built program: what the program variable holds (code, read-only data,
//! zeroed data, relocation table) against the 24 KB that AMS 2.04 and later accept for an
//! ASM program, and the RAM it borrows from the OS heap at run time (linear memory).

use std::fmt;

/// The largest ASM program AMS 2.04+ runs: 24 KB (TI-89/92+ Developer Guide p. 25; GCC4TI
/// FAQ 49; docs/rom-calls.md#the-asm-size-limit).
pub const ASM_LIMIT: u32 = 24 * 1024;

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
}

impl SizeReport {
    /// The variable's size as AMS counts it (its data plus the 2-byte size word).
    pub fn total(&self) -> u32 {
        self.variable + 2
    }

    /// Whether the program fits the ASM limit.
    pub fn fits(&self) -> bool {
        self.total() <= ASM_LIMIT
    }
}

impl fmt::Display for SizeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let percent = f64::from(self.total()) * 100.0 / f64::from(ASM_LIMIT);
        writeln!(
            f,
            "{}: {} bytes, {percent:.1} % of the {} bytes AMS 2.04+ runs{}",
            self.program,
            self.total(),
            ASM_LIMIT,
            if self.fits() { "" } else { "  ** TOO LARGE **" }
        )?;
        writeln!(
            f,
            "  code             {:>6}  ({} instructions, all 68000)",
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
        };
        insta::assert_snapshot!(report.to_string());
        let too_large = SizeReport {
            program: "big".into(),
            variable: ASM_LIMIT,
            relocations: 2,
            ..report
        };
        insta::assert_snapshot!(too_large.to_string());
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
