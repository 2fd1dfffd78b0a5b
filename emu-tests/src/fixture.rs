//! Test fixtures: small 68000 programs assembled at test time by Debian's
//! `binutils-m68k-linux-gnu` (`m68k-linux-gnu-as -m68000`, then `m68k-linux-gnu-ld` with
//! `--emit-relocs` and a linker script that puts `.text` and `.rodata` at 0, then `.data`, then
//! `.bss`), turned into a [`ProgramImage`]: the body is the linked sections, `text_len` the
//! end of `.text`, each `R_68K_32` relocation kept by the linker becomes an AMS relocation
//! (its target is the value the linker stored, since the link address is 0), and every global
//! symbol is an export. PC-relative relocations are resolved by the linker and need nothing.
//!
//! Fixtures name ROM calls, never number them: `move.l ROM_DrawStr*4(a2),a0`. The assembler
//! gets a `ROM_<name>` symbol for every call of the project's table ([`ti_build::rom_calls`]),
//! defined on its command line ([`rom_call_symbols`]), as the programs' C gets them from the
//! generated `rom_calls.h`.
//!
//! This is a test fixture only: the product's programs come from the project's own toolchain.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

use object::{Object, ObjectSection, ObjectSymbol, RelocationFlags, SectionKind};
use thiserror::Error;
use ti_build::{rom_calls, ProgramImage, Relocation};

/// The assembler.
pub const AS: &str = "m68k-linux-gnu-as";
/// The linker.
pub const LD: &str = "m68k-linux-gnu-ld";
/// ELF relocation type of a 32-bit absolute address on m68k.
const R_68K_32: u32 = 1;
/// ELF relocation types of PC-relative references, which the linker resolves.
const R_68K_PC: [u32; 3] = [4, 5, 6];

const LINKER_SCRIPT: &str = "SECTIONS {
  . = 0;
  .text : { *(.text) *(.text.*) *(.rodata) *(.rodata.*) }
  . = ALIGN(2);
  .data : { *(.data) *(.data.*) }
  .bss : { *(.bss) *(.bss.*) *(COMMON) }
  /DISCARD/ : { *(.comment) *(.note*) *(.m68k.*) }
}
";

/// Why a fixture could not be built.
#[derive(Debug, Error)]
pub enum FixtureError {
    /// A binutils program is not installed.
    #[error("{0} is not installed (Debian package binutils-m68k-linux-gnu; run tools/setup)")]
    ToolMissing(&'static str),
    /// The assembler or linker failed.
    #[error("{tool} failed on {source_name}:\n{stderr}")]
    Tool {
        /// The program.
        tool: &'static str,
        /// The fixture.
        source_name: String,
        /// What it printed.
        stderr: String,
    },
    /// The linked ELF file has something the AMS format cannot hold.
    #[error("{source_name}: {problem}")]
    Elf {
        /// The fixture.
        source_name: String,
        /// What is wrong.
        problem: String,
    },
    /// File system trouble.
    #[error("I/O error: {0}")]
    Io(#[from] std::io::Error),
}

/// Whether the cross binutils are installed.
pub fn binutils_available() -> bool {
    [AS, LD].iter().all(|t| {
        Command::new(t)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// For tests: true when the binutils are there. When they are not, prints a loud SKIPPED line
/// and returns false, except under CI or `tools/test` (`CI` or `TI68K_REQUIRE_PEERS` set),
/// where a missing tool is a failure.
pub fn require_binutils(test: &str) -> bool {
    if binutils_available() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none() && std::env::var_os("TI68K_REQUIRE_PEERS").is_none(),
        "{test}: {AS} is missing (tools/setup installs binutils-m68k-linux-gnu)"
    );
    eprintln!("SKIPPED {test}: {AS} not found (install binutils-m68k-linux-gnu: tools/setup)");
    false
}

/// The `ROM_<name>=<index>` definitions, one a ROM call of [`rom_calls::ALL`], that the
/// assembler gets with `--defsym`.
pub fn rom_call_symbols() -> Vec<String> {
    rom_calls::ALL
        .iter()
        .map(|call| format!("ROM_{}={:#X}", call.name, call.index))
        .collect()
}

/// The folder of the committed assembly fixtures (`emu-tests/tests/data/cpu`).
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cpu")
}

/// Assembles and links `emu-tests/tests/data/cpu/<name>.s`.
pub fn assemble_fixture(name: &str) -> Result<ProgramImage, FixtureError> {
    let path = data_dir().join(format!("{name}.s"));
    let source = std::fs::read_to_string(&path)?;
    assemble_str(name, &source)
}

/// Assembles and links 68000 assembly `source` (GNU as syntax, `%` register prefix optional
/// with `--register-prefix-optional`), named `name` in messages.
pub fn assemble_str(name: &str, source: &str) -> Result<ProgramImage, FixtureError> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "emu-tests-asm-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir)?;
    let result = build_in(&dir, name, source);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn run(tool: &'static str, name: &str, cmd: &mut Command) -> Result<(), FixtureError> {
    let out = cmd.output().map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => FixtureError::ToolMissing(tool),
        _ => FixtureError::Io(e),
    })?;
    if out.status.success() {
        Ok(())
    } else {
        Err(FixtureError::Tool {
            tool,
            source_name: name.into(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        })
    }
}

fn build_in(dir: &Path, name: &str, source: &str) -> Result<ProgramImage, FixtureError> {
    let (src, obj, elf, script) = (
        dir.join("f.s"),
        dir.join("f.o"),
        dir.join("f.elf"),
        dir.join("f.ld"),
    );
    std::fs::write(&src, source)?;
    std::fs::write(&script, LINKER_SCRIPT)?;
    let mut assemble = Command::new(AS);
    assemble.args(["-m68000", "--register-prefix-optional"]);
    for symbol in rom_call_symbols() {
        assemble.arg("--defsym").arg(symbol);
    }
    run(AS, name, assemble.arg("-o").arg(&obj).arg(&src))?;
    run(
        LD,
        name,
        Command::new(LD)
            .args(["--emit-relocs", "-T"])
            .arg(&script)
            .arg("-o")
            .arg(&elf)
            .arg(&obj),
    )?;
    image_from_elf(name, &std::fs::read(&elf)?)
}

/// Builds a [`ProgramImage`] from an ELF executable linked at address 0 with `--emit-relocs`.
pub fn image_from_elf(name: &str, elf: &[u8]) -> Result<ProgramImage, FixtureError> {
    let bad = |problem: String| FixtureError::Elf {
        source_name: name.into(),
        problem,
    };
    let file = object::File::parse(elf).map_err(|e| bad(e.to_string()))?;
    let mut body = Vec::new();
    let mut text_len = 0u32;
    let mut relocations = Vec::new();
    for s in file.sections() {
        let sname = s.name().unwrap_or("");
        let kind = s.kind();
        let loaded = matches!(
            kind,
            SectionKind::Text
                | SectionKind::Data
                | SectionKind::ReadOnlyData
                | SectionKind::UninitializedData
        );
        if !loaded || s.size() == 0 {
            continue;
        }
        let (start, end) = (s.address() as usize, (s.address() + s.size()) as usize);
        if body.len() < end {
            body.resize(end, 0);
        }
        if kind != SectionKind::UninitializedData {
            let data = s.data().map_err(|e| bad(e.to_string()))?;
            body[start..end].copy_from_slice(data);
        }
        if sname == ".text" {
            text_len = ((end + 1) & !1) as u32;
        }
        for (offset, r) in s.relocations() {
            let RelocationFlags::Elf { r_type } = r.flags() else {
                return Err(bad("not an ELF relocation".into()));
            };
            let r_type = r_type.0;
            if R_68K_PC.contains(&r_type) {
                continue;
            }
            if r_type != R_68K_32 {
                return Err(bad(format!(
                    "relocation type {r_type} at {offset:#x} in {sname} cannot be expressed in an AMS relocation table (only 32-bit absolute ones can)"
                )));
            }
            relocations.push((offset as u32, 0));
        }
    }
    for r in &mut relocations {
        let at = r.0 as usize;
        let v = body
            .get(at..at + 4)
            .ok_or_else(|| bad(format!("relocation at {at:#x} is outside the body")))?;
        r.1 = u32::from_be_bytes(v.try_into().expect("4 bytes"));
    }
    let relocations = relocations
        .into_iter()
        .map(|(location, target)| Relocation { location, target })
        .collect();
    let mut exports = std::collections::BTreeMap::new();
    for sym in file.symbols() {
        if sym.is_global() && sym.is_definition() {
            let n = sym.name().map_err(|e| bad(e.to_string()))?;
            exports.insert(n.to_string(), sym.address() as u32);
        }
    }
    Ok(ProgramImage {
        body,
        text_len,
        relocations,
        exports,
    })
}
