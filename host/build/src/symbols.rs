//! The symbol map of a built program: every function of the linked code with its offset, size,
//! readable name and what it is (the program's Rust, wasm2c's glue, the runtime, an arithmetic
//! helper, the OS layer), for the cycle profiler of the emulator (docs/profiling.md).
//!
//! The build reads it from the linked ELF file (function symbols, local ones included: GCC
//! keeps the `static` functions of wasm2c's output there) and from the objects that went into
//! the link (which file defined each symbol says what kind of code it is). Rust names come
//! through wasm2c as `w2c_` plus the v0-mangled name; they are demangled without their hash
//! (`calc::connect4::board::winning_cells`). The build writes the map beside the calculator
//! files as `PROGRAM.sym` ([`SymbolMap::to_text`]), so a program can be profiled from its
//! files alone ([`SymbolMap::parse`]).
//!
//! The text format: one item per line, fields separated by tabs (shown as `→` here), `#`
//! starting a comment:
//!
//! ```text
//! # ti68k symbol map 1
//! program→t_c4
//! text→14888
//! export→c4_choose→0x2af0
//! fn→0x0050→126→rust→<calc::connect4::board::Board>::play_col
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use object::{Object, ObjectSymbol, SymbolKind as ObjectSymbolKind};

use super::linker::LinkerError;

/// The first line of a symbol map file.
const HEADER: &str = "# ti68k symbol map 1";

/// The name [`SymbolMap::read`] gives every object of the program's own sources (the build
/// compiles them into a `user` folder).
const USER_OBJECT: &str = "user sources";

/// What kind of code a function is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CodeKind {
    /// The program's Rust, through wasm2c (the core and the program's own code).
    Rust,
    /// An exported function of the module: wasm2c's wrapper, with the Rust function it calls
    /// usually inlined into it.
    Export,
    /// What wasm2c adds around the Rust: instantiation, memory and table set-up, and the
    /// project's glue (`glue.c`: the C entry points of the exports).
    Glue,
    /// The wasm2c runtime for the 68000 (`rt/runtime.c`, `rt/mem.c`, the start-up code).
    Runtime,
    /// The arithmetic helpers GCC calls (`rt/arith.c`: multiply, divide, 64-bit shifts,
    /// popcount...).
    Helper,
    /// The OS layer (`src/os`: the ROM-call bridges, the session, error frames).
    Os,
    /// The program's own C or assembler sources (a program built from sources,
    /// docs/c-programs.md).
    Source,
}

impl CodeKind {
    /// The word used in maps and reports.
    pub fn as_str(self) -> &'static str {
        match self {
            CodeKind::Rust => "rust",
            CodeKind::Export => "export",
            CodeKind::Glue => "glue",
            CodeKind::Runtime => "runtime",
            CodeKind::Helper => "helper",
            CodeKind::Os => "os",
            CodeKind::Source => "source",
        }
    }

    /// The kind named `word` ([`CodeKind::as_str`]).
    pub fn from_word(word: &str) -> Option<CodeKind> {
        [
            CodeKind::Rust,
            CodeKind::Export,
            CodeKind::Glue,
            CodeKind::Runtime,
            CodeKind::Helper,
            CodeKind::Os,
            CodeKind::Source,
        ]
        .into_iter()
        .find(|k| k.as_str() == word)
    }

    /// The kind of the code of an object file of the build, by its name (`prog_c.o`...), and
    /// of a symbol in it.
    fn of(object_stem: &str, symbol: &str) -> CodeKind {
        match object_stem {
            "prog_c" if symbol.starts_with("w2c__R") => CodeKind::Rust,
            "prog_c" if symbol.starts_with("w2c_") => CodeKind::Rust,
            "prog_c" if symbol.starts_with("Z_progZ_") => CodeKind::Export,
            "prog_c" | "glue_c" => CodeKind::Glue,
            "runtime_c" | "mem_c" | "start_S" => CodeKind::Runtime,
            "arith_c" => CodeKind::Helper,
            USER_OBJECT => CodeKind::Source,
            _ => CodeKind::Os,
        }
    }
}

impl fmt::Display for CodeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One function of the linked program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionSymbol {
    /// Offset of its first instruction from the start of the program.
    pub offset: u32,
    /// Its size in bytes (0 when the object did not say).
    pub size: u32,
    /// What kind of code it is.
    pub kind: CodeKind,
    /// Its readable name: Rust paths demangled, `w2c_`/`Z_progZ_` prefixes removed.
    pub name: String,
}

/// The functions and exports of a linked program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SymbolMap {
    /// The program's name.
    pub program: String,
    /// Length of the executable text.
    pub text_len: u32,
    /// Exported functions: name to offset (the same as the image's).
    pub exports: BTreeMap<String, u32>,
    /// The functions, by increasing offset.
    pub functions: Vec<FunctionSymbol>,
}

/// A symbol map file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("symbol map line {line}: {message} (the build writes PROGRAM.sym beside the .89z; rebuild the program)")]
pub struct SymbolMapError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

/// The readable form of a function's symbol in the linked ELF file.
pub fn readable_name(symbol: &str) -> String {
    if let Some(export) = symbol.strip_prefix("Z_progZ_") {
        return export.to_string();
    }
    match symbol.strip_prefix("w2c_") {
        Some(rust) if rust.starts_with("_R") => {
            format!("{:#}", rustc_demangle::demangle(rust))
        }
        Some(rust) => rust.to_string(),
        None => symbol.to_string(),
    }
}

impl SymbolMap {
    /// Reads the functions of the linked `elf`, each classified by the object in `objects`
    /// that defines it (objects of the build: `prog_c.o`, `arith_c.o`...).
    pub fn read(
        program: &str,
        elf: &[u8],
        objects: &[impl AsRef<Path>],
        text_len: u32,
        exports: &BTreeMap<String, u32>,
    ) -> Result<SymbolMap, LinkerError> {
        let mut defined_in: BTreeMap<String, String> = BTreeMap::new();
        for object_path in objects {
            let path = object_path.as_ref();
            let in_user_folder = path.parent().and_then(Path::file_name) == Some("user".as_ref());
            let stem = if in_user_folder {
                USER_OBJECT.to_string()
            } else {
                path.file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default()
            };
            let bytes = std::fs::read(path)
                .map_err(|e| LinkerError::Elf(format!("reading {}: {e}", path.display())))?;
            let file = object::File::parse(&*bytes)
                .map_err(|e| LinkerError::Elf(format!("{}: {e}", path.display())))?;
            for symbol in file.symbols() {
                if symbol.is_definition() && is_code(&symbol) {
                    if let Ok(name) = symbol.name() {
                        defined_in
                            .entry(name.to_string())
                            .or_insert_with(|| stem.clone());
                    }
                }
            }
        }
        let file = object::File::parse(elf).map_err(|e| LinkerError::Elf(e.to_string()))?;
        let mut functions: Vec<FunctionSymbol> = Vec::new();
        for symbol in file.symbols() {
            if !symbol.is_definition() || !is_code(&symbol) {
                continue;
            }
            let Ok(raw) = symbol.name() else { continue };
            if raw.is_empty() || symbol.address() >= u64::from(text_len) {
                continue;
            }
            let stem = defined_in.get(raw).map(String::as_str).unwrap_or("");
            functions.push(FunctionSymbol {
                offset: symbol.address() as u32,
                size: symbol.size() as u32,
                kind: CodeKind::of(stem, raw),
                name: readable_name(raw),
            });
        }
        functions.sort_by(|a, b| a.offset.cmp(&b.offset).then(b.size.cmp(&a.size)));
        // Aliases (two names at one address): keep the first, the largest.
        functions.dedup_by_key(|f| f.offset);
        Ok(SymbolMap {
            program: program.to_string(),
            text_len,
            exports: exports.clone(),
            functions,
        })
    }

    /// The function holding the byte at `offset`, if any: the last one starting at or before
    /// it, when `offset` is inside its size (or before the next function when the size is
    /// unknown).
    pub fn function_at(&self, offset: u32) -> Option<usize> {
        let i = self
            .functions
            .partition_point(|f| f.offset <= offset)
            .checked_sub(1)?;
        let f = &self.functions[i];
        let end = if f.size > 0 {
            f.offset + f.size
        } else {
            self.functions
                .get(i + 1)
                .map_or(self.text_len, |next| next.offset)
        };
        (offset < end).then_some(i)
    }

    /// The map as text (module doc).
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{HEADER}\n# offsets from the program's first byte (the entry point); kinds: rust, export, glue, runtime, helper, os, source\nprogram\t{}\ntext\t{}\n",
            self.program, self.text_len
        );
        for (name, offset) in &self.exports {
            out.push_str(&format!("export\t{name}\t{offset:#06x}\n"));
        }
        for f in &self.functions {
            out.push_str(&format!(
                "fn\t{:#06x}\t{}\t{}\t{}\n",
                f.offset, f.size, f.kind, f.name
            ));
        }
        out
    }

    /// Reads a map written by [`SymbolMap::to_text`].
    pub fn parse(text: &str) -> Result<SymbolMap, SymbolMapError> {
        let mut map = SymbolMap::default();
        let mut seen_header = false;
        for (i, line) in text.lines().enumerate() {
            let error = |message: String| SymbolMapError {
                line: i + 1,
                message,
            };
            if line == HEADER {
                seen_header = true;
                continue;
            }
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if !seen_header {
                return Err(error(format!(
                    "not a ti68k symbol map (expected {HEADER:?} first)"
                )));
            }
            let fields: Vec<&str> = line.split('\t').collect();
            match fields.as_slice() {
                ["program", name] => map.program = name.to_string(),
                ["text", len] => {
                    map.text_len = len
                        .parse()
                        .map_err(|_| error(format!("bad text length {len:?}")))?
                }
                ["export", name, offset] => {
                    map.exports
                        .insert(name.to_string(), number(offset).map_err(error)?);
                }
                ["fn", offset, size, kind, name] => map.functions.push(FunctionSymbol {
                    offset: number(offset).map_err(error)?,
                    size: size
                        .parse()
                        .map_err(|_| error(format!("bad size {size:?}")))?,
                    kind: CodeKind::from_word(kind)
                        .ok_or_else(|| error(format!("unknown kind {kind:?}")))?,
                    name: name.to_string(),
                }),
                _ => return Err(error(format!("cannot read {line:?}"))),
            }
        }
        if !seen_header {
            return Err(SymbolMapError {
                line: 1,
                message: format!("not a ti68k symbol map (expected {HEADER:?} first)"),
            });
        }
        map.functions.sort_by_key(|f| f.offset);
        Ok(map)
    }
}

/// Whether `symbol` names code: a function, or a global label of assembler code (`_start`,
/// `w68k_try`: untyped in GNU as unless declared).
fn is_code<'a>(symbol: &impl ObjectSymbol<'a>) -> bool {
    match symbol.kind() {
        ObjectSymbolKind::Text => true,
        ObjectSymbolKind::Unknown => {
            symbol.is_global() && symbol.name().is_ok_and(|n| !n.starts_with(".L"))
        }
        _ => false,
    }
}

/// A hexadecimal (`0x...`) or decimal number.
fn number(text: &str) -> Result<u32, String> {
    let parsed = match text.strip_prefix("0x") {
        Some(hex) => u32::from_str_radix(hex, 16),
        None => text.parse(),
    };
    parsed.map_err(|_| format!("bad number {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_readable() {
        assert_eq!(
            readable_name("w2c__RNvNtNtCspte1de2b7g_4calc8connect45board13winning_cells"),
            "calc::connect4::board::winning_cells"
        );
        assert_eq!(readable_name("Z_progZ_c4_choose"), "c4_choose");
        assert_eq!(readable_name("w2c_c4_choose"), "c4_choose");
        assert_eq!(readable_name("__mulsi3"), "__mulsi3");
    }

    #[test]
    fn kinds_come_from_the_object() {
        assert_eq!(CodeKind::of("prog_c", "w2c__RNvX"), CodeKind::Rust);
        assert_eq!(CodeKind::of("prog_c", "Z_progZ_out"), CodeKind::Export);
        assert_eq!(CodeKind::of("prog_c", "Z_prog_instantiate"), CodeKind::Glue);
        assert_eq!(CodeKind::of("glue_c", "c4_choose"), CodeKind::Glue);
        assert_eq!(CodeKind::of("arith_c", "__mulsi3"), CodeKind::Helper);
        assert_eq!(CodeKind::of("mem_c", "memcpy"), CodeKind::Runtime);
        assert_eq!(CodeKind::of("ams_c", "Z_amsZ_draw_str"), CodeKind::Os);
    }

    fn sample() -> SymbolMap {
        SymbolMap {
            program: "t".into(),
            text_len: 0x100,
            exports: [("go".to_string(), 0x10)].into_iter().collect(),
            functions: vec![
                FunctionSymbol {
                    offset: 0,
                    size: 0x10,
                    kind: CodeKind::Runtime,
                    name: "_start".into(),
                },
                FunctionSymbol {
                    offset: 0x10,
                    size: 0x20,
                    kind: CodeKind::Export,
                    name: "go".into(),
                },
                FunctionSymbol {
                    offset: 0x40,
                    size: 0,
                    kind: CodeKind::Rust,
                    name: "<calc::x::Y as calc::Z>::f".into(),
                },
            ],
        }
    }

    #[test]
    fn lookup_by_offset() {
        let map = sample();
        assert_eq!(map.function_at(0), Some(0));
        assert_eq!(map.function_at(0x2F), Some(1));
        assert_eq!(map.function_at(0x30), None, "a gap between functions");
        assert_eq!(
            map.function_at(0xFF),
            Some(2),
            "unknown size: up to the text's end"
        );
        assert_eq!(map.function_at(0x100), None);
    }

    #[test]
    fn text_form_reads_back() {
        let map = sample();
        let text = map.to_text();
        assert_eq!(SymbolMap::parse(&text).unwrap(), map);
        let e = SymbolMap::parse("hello\n").unwrap_err();
        assert_eq!(e.line, 1);
        let bad = text.replace("\trust\t", "\tpython\t");
        assert!(SymbolMap::parse(&bad)
            .unwrap_err()
            .message
            .contains("python"));
    }
}
