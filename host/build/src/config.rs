//! The calculator programs of a program crate and their build settings, read from its
//! `Cargo.toml` (`calc/programs/Cargo.toml`, or a user's project made by `ti68k new`).
//!
//! Every `[[bin]]` of the crate is a Rust program; the features its `required-features` names
//! are turned on when it is built for the calculator. A program made of C or GNU assembler
//! sources has no bin: its table lists its `sources` (docs/building.md#c-and-assembly-programs).
//! The settings of a program live in `[package.metadata.ti.programs.<name>]`:
//!
//! | key | meaning | default |
//! | --- | --- | --- |
//! | `profile` | cargo profile of the wasm build: `release` (speed), `size`, or `size-core-fast` (the program for size, the game core `calc` for speed) | `release` |
//! | `stack` | bytes of wasm shadow stack; the overflow check traps beyond it | 4096 |
//! | `gcc-opt` | GCC optimisation of the translated C: `-O2` or `-Os` | `-O2` |
//! | `name` | calculator variable name (1-8 characters) | the bin name |
//! | `pcrel` | PC-relative code and data addressing: no relocation table, ~5 % smaller code, ~2 % slower; `false` for absolute addresses and a relocation table | `true` |
//! | `trap-error` | AMS error number raised to the caller after a trap (a panic, a stack overflow, no memory), once the program has cleaned up and shown why on the status line; 0: none, the program returns normally. For programs run by other programs (the contest's AIs), whose caller must learn that they failed | `0` |
//! | `sources` | C (`.c`), preprocessed assembler (`.S`) and plain GNU assembler (`.s`) files, relative to the crate: the program is built from them instead of a bin (`profile` and `stack` do not apply) | none |
//! | `launcher` | build the program as a launcher (an ASM program of a few hundred bytes, under the program's name) and its body (the program, in a custom-data variable): the way past AMS's 24 KB limit (docs/building.md#programs-over-24-kb) | `false` |
//! | `body-name` | the body's variable name (1-8 characters), with `launcher` | the name's first 7 characters and `x` |

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::BuildError;

/// Default shadow-stack size in bytes.
pub const DEFAULT_STACK: u32 = 4096;

/// What a program is built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramSource {
    /// A bin of the crate, Rust, built through wasm32 and wasm2c; with the features its
    /// `required-features` names.
    Rust {
        /// The features to turn on.
        features: Vec<String>,
    },
    /// C and assembler files (paths relative to the crate, or absolute), compiled and
    /// assembled with GCC `-m68000`: a TIGCC-style nostub program whose entry is `_main`.
    Sources(Vec<PathBuf>),
}
/// The cargo profiles of calc/programs/Cargo.toml a program may be built with.
pub const PROFILES: [&str; 3] = ["release", "size", "size-core-fast"];

/// Build settings of one program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramConfig {
    /// The program's name: the cargo bin of a Rust program, the table's name otherwise.
    pub bin: String,
    /// Rust, or C and assembler files.
    pub source: ProgramSource,
    /// Name of the calculator variable (without folder).
    pub var_name: String,
    /// Cargo profile of the wasm build.
    pub profile: String,
    /// Shadow-stack bytes at the bottom of linear memory.
    pub stack: u32,
    /// GCC optimisation flag for the translated C.
    pub gcc_opt: String,
    /// Whether code addresses its data PC-relative (`-mpcrel`).
    pub pcrel: bool,
    /// The AMS error raised after a trap (0: none).
    pub trap_error: u16,
    /// The name of the body variable when the program is built with a launcher; `None` for a
    /// plain ASM program.
    pub body_name: Option<String>,
}

/// All programs of `calc/programs`, by bin name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Programs {
    /// Settings of each program.
    pub programs: BTreeMap<String, ProgramConfig>,
}

impl Programs {
    /// Reads `Cargo.toml` of the program crate in `dir`.
    pub fn load(dir: &Path) -> Result<Programs, BuildError> {
        let path = dir.join("Cargo.toml");
        let text = std::fs::read_to_string(&path).map_err(|e| BuildError::Io {
            what: format!("reading {}", path.display()),
            source: e,
        })?;
        Programs::parse(&text).map_err(|message| BuildError::Config {
            path: path.display().to_string(),
            message,
        })
    }

    /// Parses the text of the program crate's `Cargo.toml`.
    pub fn parse(text: &str) -> Result<Programs, String> {
        let doc: toml::Table = text.parse().map_err(|e| format!("{e}"))?;
        let no_bins = Vec::new();
        let bins = doc
            .get("bin")
            .map(|b| b.as_array().ok_or("[[bin]] must be an array of tables"))
            .transpose()?
            .unwrap_or(&no_bins);
        let settings = doc
            .get("package")
            .and_then(|p| p.get("metadata"))
            .and_then(|m| m.get("ti"))
            .and_then(|t| t.get("programs"))
            .and_then(|p| p.as_table());
        let mut programs = BTreeMap::new();
        for bin in bins {
            let name = bin
                .get("name")
                .and_then(|n| n.as_str())
                .ok_or("a [[bin]] without a name")?;
            let features = match bin.get("required-features") {
                None => Vec::new(),
                Some(list) => list
                    .as_array()
                    .and_then(|l| l.iter().map(|f| f.as_str().map(str::to_string)).collect())
                    .ok_or(format!(
                        "[[bin]] {name}: required-features must be a list of strings"
                    ))?,
            };
            let table = settings
                .and_then(|s| s.get(name))
                .and_then(|t| t.as_table());
            let config = program_config(name, ProgramSource::Rust { features }, table)?;
            programs.insert(name.to_string(), config);
        }
        for (name, table) in settings.into_iter().flatten() {
            if programs.contains_key(name) {
                continue;
            }
            let table = table.as_table();
            if !table.is_some_and(|t| t.contains_key("sources")) {
                return Err(format!(
                    "[package.metadata.ti.programs.{name}] names no [[bin]] and lists no sources"
                ));
            }
            let config = program_config(name, ProgramSource::Sources(Vec::new()), table)?;
            programs.insert(name.to_string(), config);
        }
        if programs.is_empty() {
            return Err("no program: add a [[bin]] (Rust) or a \
                        [package.metadata.ti.programs.NAME] table with sources (C, assembler)"
                .into());
        }
        Ok(Programs { programs })
    }

    /// The settings of program `name`, or an error listing the programs there are.
    pub fn get(&self, name: &str) -> Result<&ProgramConfig, BuildError> {
        self.programs
            .get(name)
            .ok_or_else(|| BuildError::UnknownProgram {
                name: name.to_string(),
                known: self.programs.keys().cloned().collect::<Vec<_>>().join(", "),
            })
    }
}

/// The settings every program may have, and those of Rust programs only.
const SETTINGS: [&str; 8] = [
    "gcc-opt",
    "name",
    "pcrel",
    "trap-error",
    "launcher",
    "body-name",
    "profile",
    "stack",
];
const RUST_ONLY: [&str; 2] = ["profile", "stack"];

fn program_config(
    bin: &str,
    source: ProgramSource,
    table: Option<&toml::Table>,
) -> Result<ProgramConfig, String> {
    let get_str = |key: &'static str| table.and_then(|t| t.get(key)).map(|v| (key, v));
    let rust = matches!(source, ProgramSource::Rust { .. });
    let mut config = ProgramConfig {
        bin: bin.to_string(),
        source,
        var_name: bin.to_string(),
        profile: "release".to_string(),
        stack: DEFAULT_STACK,
        gcc_opt: if rust { "-O2" } else { "-Os" }.to_string(),
        pcrel: true,
        trap_error: 0,
        body_name: None,
    };
    if let Some(table) = table {
        for key in table.keys() {
            let key = key.as_str();
            if key == "sources" && rust {
                return Err(format!(
                    "program {bin} is a [[bin]] and lists sources: a program is Rust (a bin) or \
                     C and assembler (sources), not both"
                ));
            }
            if RUST_ONLY.contains(&key) && !rust {
                return Err(format!(
                    "program {bin}: {key} is a setting of Rust programs; a program built from \
                     sources has no wasm stack or cargo profile"
                ));
            }
            if key != "sources" && !SETTINGS.contains(&key) {
                return Err(format!(
                    "program {bin}: unknown setting {key:?} (known: profile, stack, gcc-opt, \
                     name, pcrel, trap-error, launcher, body-name, sources)"
                ));
            }
        }
    }
    if let Some((key, v)) = get_str("sources") {
        let list = v
            .as_array()
            .and_then(|l| {
                l.iter()
                    .map(|f| f.as_str().map(PathBuf::from))
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or(format!("program {bin}: {key} must be a list of file names"))?;
        if list.is_empty() {
            return Err(format!("program {bin}: sources is empty"));
        }
        for file in &list {
            source_kind(file).map_err(|e| format!("program {bin}: {e}"))?;
        }
        config.source = ProgramSource::Sources(list);
    }
    if let Some((key, v)) = get_str("profile") {
        let v = v
            .as_str()
            .ok_or(format!("program {bin}: {key} must be a string"))?;
        if !PROFILES.contains(&v) {
            return Err(format!(
                "program {bin}: profile {v:?} is none of {}",
                PROFILES.join(", ")
            ));
        }
        config.profile = v.to_string();
    }
    if let Some((key, v)) = get_str("gcc-opt") {
        let v = v
            .as_str()
            .ok_or(format!("program {bin}: {key} must be a string"))?;
        if !["-O1", "-O2", "-O3", "-Os"].contains(&v) {
            return Err(format!(
                "program {bin}: gcc-opt {v:?} is not one of -O1, -O2, -O3, -Os"
            ));
        }
        config.gcc_opt = v.to_string();
    }
    if let Some((key, v)) = get_str("stack") {
        let v = v
            .as_integer()
            .ok_or(format!("program {bin}: {key} must be an integer"))?;
        if !(256..=32768).contains(&v) || v % 16 != 0 {
            return Err(format!(
                "program {bin}: stack {v} must be a multiple of 16 between 256 and 32768"
            ));
        }
        config.stack = v as u32;
    }
    if let Some((key, v)) = get_str("pcrel") {
        config.pcrel = v
            .as_bool()
            .ok_or(format!("program {bin}: {key} must be true or false"))?;
    }
    if let Some((key, v)) = get_str("trap-error") {
        let v = v
            .as_integer()
            .ok_or(format!("program {bin}: {key} must be an integer"))?;
        config.trap_error = u16::try_from(v).map_err(|_| {
            format!("program {bin}: trap-error {v} is not an AMS error number (0 to 65535)")
        })?;
    }
    if let Some((key, v)) = get_str("name") {
        let v = v
            .as_str()
            .ok_or(format!("program {bin}: {key} must be a string"))?;
        config.var_name = v.to_string();
    }
    let launcher = match get_str("launcher") {
        Some((key, v)) => v
            .as_bool()
            .ok_or(format!("program {bin}: {key} must be true or false"))?,
        None => false,
    };
    match (launcher, get_str("body-name")) {
        (false, Some(_)) => {
            return Err(format!(
                "program {bin}: body-name is a setting of programs built with launcher = true"
            ))
        }
        (true, named) => {
            let body = match named {
                Some((key, v)) => v
                    .as_str()
                    .ok_or(format!("program {bin}: {key} must be a string"))?
                    .to_string(),
                None => super::launcher::default_body_name(&config.var_name),
            };
            if ti_files::VarName::new(&body).is_err() || body.len() > 8 {
                return Err(format!(
                    "program {bin}: the body's name {body:?} is not a calculator name (1-8 \
                     letters, digits or _, starting with a letter): set body-name"
                ));
            }
            if body.eq_ignore_ascii_case(&config.var_name) {
                return Err(format!(
                    "program {bin}: the body cannot be named {body} like the program: set \
                     body-name"
                ));
            }
            config.body_name = Some(body.to_ascii_lowercase());
        }
        (false, None) => {}
    }
    Ok(config)
}

/// The kinds of source file a program may list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceFile {
    /// C (`.c`), compiled by GCC `-m68000` with the TIGCC-style header.
    C,
    /// Assembler run through the C preprocessor first (`.S`): `#include "tigcclib.h"` gives it
    /// the ROM-call indexes.
    PreprocessedAsm,
    /// Plain GNU assembler (`.s`): the ROM-call indexes are defined as symbols `ROM_<name>`.
    Asm,
}

/// The kind of `file`, from its extension.
pub fn source_kind(file: &Path) -> Result<SourceFile, String> {
    match file.extension().and_then(|e| e.to_str()) {
        Some("c") => Ok(SourceFile::C),
        Some("S") => Ok(SourceFile::PreprocessedAsm),
        Some("s") => Ok(SourceFile::Asm),
        _ => Err(format!(
            "{}: not a source file the build knows (.c for C, .S for assembler with the C \
             preprocessor, .s for plain GNU assembler)",
            file.display()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
[package]
name = "programs"
[[bin]]
name = "hello"
[[bin]]
name = "testcore"
[package.metadata.ti.programs.hello]
profile = "size"
stack = 1024
gcc-opt = "-Os"
name = "hi"
pcrel = false
trap-error = 9
"#;

    #[test]
    fn reads_settings_and_defaults() {
        let programs = Programs::parse(SAMPLE).unwrap();
        let hello = programs.get("hello").unwrap();
        assert_eq!(hello.profile, "size");
        assert_eq!(hello.stack, 1024);
        assert_eq!(hello.gcc_opt, "-Os");
        assert_eq!(hello.var_name, "hi");
        assert!(!hello.pcrel);
        assert_eq!(hello.trap_error, 9);
        let test = programs.get("testcore").unwrap();
        assert_eq!(test.profile, "release");
        assert_eq!(test.stack, DEFAULT_STACK);
        assert_eq!(test.var_name, "testcore");
        assert!(test.pcrel);
        assert!(matches!(
            programs.get("nope"),
            Err(BuildError::UnknownProgram { .. })
        ));
    }

    #[test]
    fn programs_of_sources_and_bins_with_features() {
        let text = r#"
[package]
name = "mine"
[[bin]]
name = "joueur"
required-features = ["calculator"]
[package.metadata.ti.programs.joueur]
stack = 8192
[package.metadata.ti.programs.cjoueur]
sources = ["src/joueur.c", "src/draw.s"]
trap-error = 9
"#;
        let programs = Programs::parse(text).unwrap();
        let rust = programs.get("joueur").unwrap();
        assert_eq!(
            rust.source,
            ProgramSource::Rust {
                features: vec!["calculator".into()]
            }
        );
        let c = programs.get("cjoueur").unwrap();
        assert_eq!(
            c.source,
            ProgramSource::Sources(vec!["src/joueur.c".into(), "src/draw.s".into()])
        );
        assert_eq!((c.gcc_opt.as_str(), c.trap_error), ("-Os", 9));
        // A C project needs no [[bin]] at all.
        let only_c = "[package.metadata.ti.programs.p]\nsources = [\"p.c\"]\n";
        assert!(Programs::parse(only_c).unwrap().get("p").is_ok());
        for (bad, why) in [
            (
                text.replace("stack = 8192", "sources = [\"x.c\"]"),
                "not both",
            ),
            (
                text.replace("trap-error = 9", "stack = 4096"),
                "setting of Rust programs",
            ),
            (
                text.replace("src/draw.s", "src/draw.asm"),
                "not a source file",
            ),
            (
                text.replace(
                    "sources = [\"src/joueur.c\", \"src/draw.s\"]",
                    "gcc-opt = \"-Os\"",
                ),
                "lists no sources",
            ),
            ("[package]\nname = \"empty\"\n".to_string(), "no program"),
        ] {
            let e = Programs::parse(&bad).unwrap_err();
            assert!(e.contains(why), "{why}: {e}");
        }
    }

    #[test]
    fn a_launcher_names_its_body() {
        let text = "[package]\nname = \"p\"\n[[bin]]\nname = \"othia\"\n\
                    [package.metadata.ti.programs.othia]\nlauncher = true\n";
        let othia = Programs::parse(text).unwrap().programs["othia"].clone();
        assert_eq!(othia.body_name.as_deref(), Some("othiax"));
        let named = text.replace("launcher = true", "launcher = true\nbody-name = \"oth2\"");
        let othia = Programs::parse(&named).unwrap().programs["othia"].clone();
        assert_eq!(othia.body_name.as_deref(), Some("oth2"));
        for (bad, why) in [
            (
                text.replace("launcher = true", "body-name = \"b\""),
                "launcher = true",
            ),
            (
                text.replace("launcher = true", "launcher = 1"),
                "true or false",
            ),
            (named.replace("oth2", "2oth"), "not a calculator name"),
            (named.replace("oth2", "othia"), "like the program"),
        ] {
            let e = Programs::parse(&bad).unwrap_err();
            assert!(e.contains(why), "{why}: {e}");
        }
        let plain = SAMPLE;
        assert_eq!(
            Programs::parse(plain).unwrap().programs["hello"].body_name,
            None
        );
    }

    #[test]
    fn bad_settings_are_refused_with_the_reason() {
        let bad = SAMPLE.replace("stack = 1024", "stack = 1000");
        assert!(Programs::parse(&bad)
            .unwrap_err()
            .contains("multiple of 16"));
        let bad = SAMPLE.replace("profile = \"size\"", "profile = \"fast\"");
        assert!(Programs::parse(&bad).unwrap_err().contains("\"fast\""));
        let bad = SAMPLE.replace("gcc-opt", "gcc_opt");
        assert!(Programs::parse(&bad)
            .unwrap_err()
            .contains("unknown setting"));
        let bad = format!("{SAMPLE}\n[package.metadata.ti.programs.ghost]\nstack = 512\n");
        assert!(Programs::parse(&bad).unwrap_err().contains("ghost"));
    }
}
