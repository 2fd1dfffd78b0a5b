//! The calculator programs and their build settings, read from `calc/programs/Cargo.toml`.
//!
//! Every `[[bin]]` of that crate is a program. Its settings live in
//! `[package.metadata.ti.programs.<bin>]`:
//!
//! | key | meaning | default |
//! | --- | --- | --- |
//! | `profile` | cargo profile of the wasm build: `release` (speed), `size`, or `size-core-fast` (the program for size, the game core `calc` for speed) | `release` |
//! | `stack` | bytes of wasm shadow stack; the overflow check traps beyond it | 4096 |
//! | `gcc-opt` | GCC optimisation of the translated C: `-O2` or `-Os` | `-O2` |
//! | `name` | calculator variable name (1-8 characters) | the bin name |
//! | `pcrel` | PC-relative code and data addressing: no relocation table, ~5 % smaller code, ~2 % slower; `false` for absolute addresses and a relocation table | `true` |
//! | `trap-error` | AMS error number raised to the caller after a trap (a panic, a stack overflow, no memory), once the program has cleaned up and shown why on the status line; 0: none, the program returns normally. For programs run by other programs (the contest's AIs), whose caller must learn that they failed | `0` |

use std::collections::BTreeMap;
use std::path::Path;

use super::BuildError;

/// Default shadow-stack size in bytes.
pub const DEFAULT_STACK: u32 = 4096;

/// The cargo profiles of calc/programs/Cargo.toml a program may be built with.
pub const PROFILES: [&str; 3] = ["release", "size", "size-core-fast"];

/// Build settings of one program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramConfig {
    /// The cargo bin that is the program.
    pub bin: String,
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
        let bins = doc
            .get("bin")
            .and_then(|b| b.as_array())
            .ok_or("no [[bin]] entries: every program is a bin of this crate")?;
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
            let table = settings
                .and_then(|s| s.get(name))
                .and_then(|t| t.as_table());
            let config = program_config(name, table)?;
            programs.insert(name.to_string(), config);
        }
        if let Some(settings) = settings {
            if let Some(stray) = settings.keys().find(|k| !programs.contains_key(*k)) {
                return Err(format!(
                    "[package.metadata.ti.programs.{stray}] names no [[bin]]"
                ));
            }
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

fn program_config(bin: &str, table: Option<&toml::Table>) -> Result<ProgramConfig, String> {
    let get_str = |key: &'static str| table.and_then(|t| t.get(key)).map(|v| (key, v));
    let mut config = ProgramConfig {
        bin: bin.to_string(),
        var_name: bin.to_string(),
        profile: "release".to_string(),
        stack: DEFAULT_STACK,
        gcc_opt: "-O2".to_string(),
        pcrel: true,
        trap_error: 0,
    };
    if let Some(table) = table {
        for key in table.keys() {
            if !["profile", "stack", "gcc-opt", "name", "pcrel", "trap-error"]
                .contains(&key.as_str())
            {
                return Err(format!(
                    "program {bin}: unknown setting {key:?} (known: profile, stack, gcc-opt, name, pcrel, trap-error)"
                ));
            }
        }
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
    Ok(config)
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
