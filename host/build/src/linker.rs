//! The project's linker: GNU ld lays the objects out at address 0 with the linker script
//! `calc/programs/rt/link.ld`, keeping its relocations (`-q`); this module reads that ELF
//! file and turns it into a [`ProgramImage`]: the block from address 0 to the end of `.bss`,
//! one AMS relocation entry per 32-bit absolute relocation (`R_68K_32`), and the exported
//! symbols.
//!
//! PC-relative relocations are already resolved by ld and need nothing at load time. Any
//! other relocation (16- or 8-bit absolute, GOT, PLT...) cannot be expressed in an AMS
//! relocation table and is refused, as is initialised writable data (see the linker script).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use object::{
    Object, ObjectSection, ObjectSymbol, RelocationFlags, RelocationTarget, SymbolSection,
};

use super::image::{ProgramImage, Relocation};
use super::tools::{run, Tools};
use super::BuildError;

/// ELF relocation types of the m68k (elf.h).
const R_68K_NONE: u32 = 0;
const R_68K_32: u32 = 1;
const R_68K_PC32: u32 = 4;
const R_68K_PC16: u32 = 5;
const R_68K_PC8: u32 = 6;

/// What cannot be turned into a program image.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkerError {
    /// The ELF file cannot be read.
    #[error("the linked ELF file cannot be read: {0}")]
    Elf(String),
    /// A relocation kind AMS cannot apply.
    #[error(
        "relocation of type {r_type} at {location:#x} (in {section}) cannot be represented in \
         an AMS program: only 32-bit absolute addresses can be relocated at load time"
    )]
    Unsupported {
        /// ELF relocation type.
        r_type: u32,
        /// Offset in the image.
        location: u64,
        /// Section that holds it.
        section: String,
    },
    /// A 32-bit address stored at an odd offset: AMS would patch it with a long write, an
    /// address error on a 68000.
    #[error("a 32-bit address is stored at the odd offset {0:#x}; a 68000 cannot patch it")]
    OddRelocation(u32),
    /// Initialised writable data.
    #[error(
        "the program has {bytes} bytes of initialised writable data ({symbols}); the program \
         is run in place, so they would keep their changes between runs: make them const or \
         zero-initialised"
    )]
    WritableData {
        /// Size of `.data`.
        bytes: u64,
        /// Symbols found in it.
        symbols: String,
    },
    /// The block does not start at 0 with the entry point.
    #[error("the entry point _start is not at offset 0 (it is at {0:#x})")]
    EntryNotFirst(u64),
    /// An expected symbol is missing.
    #[error("symbol {0} is missing from the linked program")]
    MissingSymbol(String),
}

/// Sizes of the parts of a linked program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sections {
    /// Bytes of code (`.text`).
    pub text: u32,
    /// Bytes of read-only data (`.rodata`), including the wasm data segments.
    pub rodata: u32,
    /// Bytes of zero-initialised data (`.bss`), zeroed at every run.
    pub bss: u32,
}

/// Links `objects` into `elf` with the linker script `script`, keeping the sections of the
/// symbols in `keep` (and what they use) and writing a map file beside the ELF file.
pub fn link(
    tools: &Tools,
    script: &Path,
    objects: &[impl AsRef<Path>],
    keep: &[String],
    elf: &Path,
) -> Result<(), BuildError> {
    let mut cmd = Command::new(&tools.ld);
    cmd.arg("-T")
        .arg(script)
        .args(["--gc-sections", "-q", "-nostdlib", "--no-undefined"])
        .arg("-Map")
        .arg(elf.with_extension("map"))
        .arg("-o")
        .arg(elf);
    for symbol in keep {
        cmd.arg("-u").arg(symbol);
    }
    for object in objects {
        cmd.arg(object.as_ref());
    }
    run(&mut cmd, "linking with m68k-linux-gnu-ld").map_err(explain_link_error)?;
    Ok(())
}

/// Turns ld's "undefined reference" and "relocation truncated to fit" into what the program
/// author can act on.
fn explain_link_error(error: BuildError) -> BuildError {
    let BuildError::ToolFailed { output, .. } = &error else {
        return error;
    };
    if let Some(line) = output
        .lines()
        .find(|l| l.contains("relocation truncated to fit"))
    {
        let what = line
            .split("relocation truncated to fit: ")
            .nth(1)
            .unwrap_or(line);
        return BuildError::OutOfReach(what.trim().to_string());
    }
    let mut symbols: Vec<&str> = output
        .lines()
        .filter_map(|l| l.split("undefined reference to `").nth(1))
        .filter_map(|s| s.split('\'').next())
        .collect();
    symbols.sort_unstable();
    symbols.dedup();
    if symbols.is_empty() {
        return error;
    }
    let explained: Vec<String> = symbols
        .iter()
        .map(|s| match s.strip_prefix("Z_amsZ_") {
            Some(import) => format!(
                "{s}: the program imports ams.{import}, which calc/programs/src/os/ams.c does not implement"
            ),
            None if *s == "_main" => {
                "_main: a C or assembler program defines its entry, void _main(void) \
                 (TIGCC's name; docs/c-programs.md)"
                    .to_string()
            }
            None if s.starts_with("__") && (s.contains("sf") || s.contains("df")) => format!(
                "{s}: a floating-point helper; the 68000 route has no floating point"
            ),
            None => format!("{s}: not defined by the runtime (calc/programs/rt)"),
        })
        .collect();
    BuildError::Undefined(explained.join("\n"))
}

/// Reads the linked `elf` into a program image, exporting the symbols named in `exports`
/// (each must exist) and returning the section sizes.
pub fn read_image(elf: &[u8], exports: &[String]) -> Result<(ProgramImage, Sections), LinkerError> {
    let file = object::File::parse(elf).map_err(|e| LinkerError::Elf(e.to_string()))?;
    let mut sizes = Sections::default();
    let mut end = 0u64;
    let mut data_bytes = 0u64;
    let mut text_end = 0u64;
    for section in file.sections() {
        let name = section.name().unwrap_or("");
        let size = section.size();
        match name {
            ".text" => sizes.text = size as u32,
            ".rodata" => sizes.rodata = size as u32,
            ".bss" => sizes.bss = size as u32,
            ".data" => data_bytes = size,
            _ => continue,
        }
        if name != ".bss" {
            text_end = text_end.max(section.address() + size);
        }
        end = end.max(section.address() + size);
    }
    if data_bytes > 0 {
        let symbols: Vec<String> = file
            .symbols()
            .filter(|s| {
                s.section_index()
                    .and_then(|i| file.section_by_index(i).ok())
                    .is_some_and(|sec| sec.name().ok() == Some(".data"))
            })
            .filter_map(|s| s.name().ok().map(str::to_string))
            .collect();
        return Err(LinkerError::WritableData {
            bytes: data_bytes,
            symbols: symbols.join(", "),
        });
    }

    let mut body = vec![0u8; end as usize];
    for section in file.sections() {
        let name = section.name().unwrap_or("");
        if name == ".text" || name == ".rodata" {
            let data = section
                .data()
                .map_err(|e| LinkerError::Elf(e.to_string()))?;
            let at = section.address() as usize;
            body[at..at + data.len()].copy_from_slice(data);
        }
    }

    let mut relocations = Vec::new();
    for section in file.sections() {
        let section_name = section.name().unwrap_or("").to_string();
        for (offset, relocation) in section.relocations() {
            let RelocationFlags::Elf {
                r_type: object::elf::RelocationType(r_type),
            } = relocation.flags()
            else {
                return Err(LinkerError::Elf("relocation without ELF flags".into()));
            };
            // In a linked (ET_EXEC) file, r_offset is the address itself.
            let location = offset;
            match r_type {
                R_68K_NONE | R_68K_PC32 | R_68K_PC16 | R_68K_PC8 => continue,
                R_68K_32 => {}
                _ => {
                    return Err(LinkerError::Unsupported {
                        r_type,
                        location,
                        section: section_name,
                    })
                }
            }
            if let RelocationTarget::Symbol(index) = relocation.target() {
                let symbol = file
                    .symbol_by_index(index)
                    .map_err(|e| LinkerError::Elf(e.to_string()))?;
                if symbol.section() == SymbolSection::Absolute {
                    continue; // a fixed address (such as 0xC8): not part of the program
                }
            }
            let at = location as usize;
            if at + 4 > body.len() {
                return Err(LinkerError::Elf(format!(
                    "relocation at {location:#x} is outside the program"
                )));
            }
            if location % 2 != 0 {
                return Err(LinkerError::OddRelocation(location as u32));
            }
            let target = u32::from_be_bytes(body[at..at + 4].try_into().unwrap_or_default());
            relocations.push(Relocation {
                location: location as u32,
                target,
            });
        }
    }
    relocations.sort();
    relocations.dedup();
    for r in &relocations {
        body[r.location as usize..r.location as usize + 4].fill(0);
    }

    let mut symbols = BTreeMap::new();
    for symbol in file.symbols() {
        if let Ok(name) = symbol.name() {
            if symbol.is_global() && symbol.is_definition() {
                symbols.insert(name.to_string(), symbol.address());
            }
        }
    }
    match symbols.get("_start") {
        Some(0) => {}
        Some(&at) => return Err(LinkerError::EntryNotFirst(at)),
        None => return Err(LinkerError::MissingSymbol("_start".into())),
    }
    let mut exported = BTreeMap::new();
    for name in exports {
        let at = symbols
            .get(name)
            .ok_or_else(|| LinkerError::MissingSymbol(name.clone()))?;
        exported.insert(name.clone(), *at as u32);
    }
    let image = ProgramImage {
        body,
        text_len: text_end as u32,
        relocations,
        exports: exported,
    };
    Ok((image, sizes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ld_failed(output: &str) -> BuildError {
        BuildError::ToolFailed {
            what: "linking with m68k-linux-gnu-ld".into(),
            status: "exit status: 1".into(),
            output: output.into(),
        }
    }

    #[test]
    fn a_program_beyond_32_kb_is_explained() {
        let output = "t.o: in function `_start':\n(.text.start+0x6): relocation truncated to fit: R_68K_PC16 against symbol `__bss_start' defined in .bss section in t.elf\n";
        let error = explain_link_error(ld_failed(output));
        assert!(
            matches!(&error, BuildError::OutOfReach(what) if what.starts_with("R_68K_PC16 against symbol `__bss_start'")),
            "{error:?}"
        );
        assert!(error.to_string().contains("over 32 KB"), "{error}");
    }

    #[test]
    fn undefined_helpers_are_named() {
        let output = "prog.c:(.text+0x10): undefined reference to `__paritydi2'\n";
        let error = explain_link_error(ld_failed(output));
        assert_eq!(
            error.to_string(),
            "the link left undefined symbols:\n__paritydi2: not defined by the runtime (calc/programs/rt)"
        );
        let output = "glue.c:(.text+0x4): undefined reference to `_main'\n";
        let error = explain_link_error(ld_failed(output)).to_string();
        assert!(error.contains("void _main(void)"), "{error}");
    }
}
