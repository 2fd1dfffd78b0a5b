//! The 68000-only check: every instruction of a built program must be one a 68000 executes.
//!
//! GCC is told `-m68000`, but nothing else in the route guarantees it (Debian's libgcc is
//! 68020 code; LLVM's m68k backend emitted `bra.l` and `muls.l` for "68000"). The check uses
//! GNU objdump as an independent oracle, twice over the code section:
//! - disassembled as a 68000 (`-m68000`), an encoding the 68000 lacks prints as `.short`;
//! - disassembled as a 68020 (`-m68020`), no 68010+ mnemonic (`mulsl`, `divul`, `extbl`,
//!   bit fields, `cas`, `rtd`, `chk2`, `cmp2`, `pack`, `unpk`, `linkl`, 32-bit branches,
//!   `movec`, `moves`, `bkpt`...) and no 68020 addressing mode (scaled index, memory
//!   indirect) may appear.

use std::path::Path;
use std::process::Command;

use super::tools::{run, Tools};
use super::BuildError;

/// Mnemonics (objdump's MIT syntax) that a 68000 does not have.
const NOT_68000: [&str; 21] = [
    "mulsl", "mulul", "divsl", "divul", "divsll", "divull", "extbl", "cas", "cas2", "rtd", "chk2",
    "cmp2", "pack", "unpk", "linkl", "movec", "moves", "bkpt", "callm", "rtm", "chkl",
];

/// What the check found wrong, one line per instruction.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} instruction(s) that a 68000 cannot execute:\n{}", .0.len(), .0.join("\n"))]
pub struct Not68000(pub Vec<String>);

/// Disassembles the code of `elf` both ways and returns the number of instructions checked,
/// or every offending instruction.
pub fn check(tools: &Tools, elf: &Path) -> Result<usize, BuildError> {
    let disassemble = |cpu: &str| -> Result<String, BuildError> {
        let out = run(
            Command::new(&tools.objdump)
                .args(["-d", "-j", ".text", cpu])
                .arg(elf),
            &format!("m68k-linux-gnu-objdump {cpu}"),
        )?;
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let as_68000 = disassemble("-m68000")?;
    let as_68020 = disassemble("-m68020")?;
    let (count, mut findings) = scan(&as_68000, &as_68020);
    findings.dedup();
    if findings.is_empty() {
        Ok(count)
    } else {
        Err(Not68000(findings).into())
    }
}

/// One instruction line of objdump: (address, mnemonic, operands).
fn instructions(listing: &str) -> impl Iterator<Item = (&str, &str, &str)> {
    listing.lines().filter_map(|line| {
        let mut fields = line.splitn(3, '\t');
        let address = fields.next()?.trim().strip_suffix(':')?;
        let _hex = fields.next()?;
        let text = fields.next()?.trim();
        let (mnemonic, operands) = text.split_once(' ').unwrap_or((text, ""));
        Some((address, mnemonic, operands.trim()))
    })
}

/// Checks the two listings; returns the number of instructions and the findings.
pub fn scan(as_68000: &str, as_68020: &str) -> (usize, Vec<String>) {
    let mut findings = Vec::new();
    let mut count = 0;
    for (address, mnemonic, operands) in instructions(as_68000) {
        count += 1;
        if mnemonic.starts_with('.') {
            findings.push(format!(
                "{address}: not a 68000 encoding ({mnemonic} {operands})"
            ));
        }
    }
    for (address, mnemonic, operands) in instructions(as_68020) {
        let base = mnemonic.trim_end_matches(['b', 'w', 'l']);
        let long_branch = mnemonic.len() >= 3
            && (mnemonic.starts_with('b') || mnemonic.starts_with("jb"))
            && mnemonic.ends_with('l')
            && !mnemonic.starts_with("bcl")
            && !mnemonic.starts_with("bse")
            && !mnemonic.starts_with("btst")
            && !mnemonic.starts_with("bch")
            && !mnemonic.starts_with("bfe");
        let bit_field = mnemonic.starts_with("bf");
        let trap_cc = mnemonic.starts_with("trap") && mnemonic != "trap" && mnemonic != "trapv";
        let scaled = [":2)", ":4)", ":8)"].iter().any(|s| operands.contains(s));
        let indirect = operands.contains(")@(");
        let move_ccr_from = mnemonic.starts_with("move") && operands.starts_with("%ccr,");
        if NOT_68000.contains(&mnemonic)
            || NOT_68000.contains(&base)
            || long_branch
            || bit_field
            || trap_cc
            || scaled
            || indirect
            || move_ccr_from
        {
            findings.push(format!("{address}: {mnemonic} {operands} (68010 or later)"));
        }
    }
    (count, findings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_code_passes() {
        let listing =
            "   0:\t48e7 1f3e      \tmoveml %d3-%d7/%a2-%fp,%sp@-\n   4:\t4e75           \trts\n";
        assert_eq!(scan(listing, listing), (2, vec![]));
    }

    #[test]
    fn short_and_68020_mnemonics_are_found() {
        let as_68000 = "   0:\t4c00           \t.short 0x4c00\n   2:\t4e75           \trts\n";
        let as_68020 = "   0:\t4c00 0800      \tmulsl %d0,%d0\n   4:\t61ff 0000 0010 \tbsrl 16 <f>\n   a:\t2030 0c00      \tmovel %a0@(0,%d0:l:4),%d0\n   e:\t4e75           \trts\n";
        let (count, findings) = scan(as_68000, as_68020);
        assert_eq!(count, 2);
        assert_eq!(findings.len(), 4, "{findings:?}");
    }

    #[test]
    fn bit_instructions_are_not_long_branches() {
        let listing = "   0:\t0800 0003      \tbtst #3,%d0\n   4:\t08c0 0001      \tbset #1,%d0\n   8:\t6700 0004      \tbeqw e <x>\n   c:\t08a8 0000 0001 \tbclr #0,%a0@(1)\n  12:\t60ff 0000 0004 \tbral 1a <y>\n";
        let (_, findings) = scan(listing, listing);
        // only the long branch is refused
        assert_eq!(findings.len(), 1, "{findings:?}");
    }
}
