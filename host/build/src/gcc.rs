//! Compiling C (and GNU assembler) for the 68000 with Debian's m68k-linux-gnu-gcc, and building
//! the GCC alignment plugin (tools/gcc-plugin/m68000_align.cc) it loads.
//!
//! Flags, and why:
//! - `-m68000`: the calculators' CPU. `-mshort` is not used: with this GCC it makes `uint32_t`
//!   16 bits.
//! - `-ffreestanding -nostdinc` with GCC's own headers and the runtime's stubs: no C library.
//! - `-fcall-used-d2`: AMS ROM functions may change d2 (docs/rom-calls.md#calling-convention),
//!   which GCC's m68k-linux ABI otherwise expects calls to keep. With it, the whole program treats
//!   d2 as the OS does.
//! - `-fplugin=m68000_align.so`: strict alignment
//!   (docs/building.md#unaligned-accesses-and-the-gcc-plugin).
//! - `-ffunction-sections -fdata-sections` with the linker's `--gc-sections`: unused code goes.
//! - `-DWABT_BIG_ENDIAN=1`: wasm2c's big-endian mode (without it the results are wrong).
//! - `-fno-jump-tables`: m68k GCC puts switch tables in the code section; without them every
//!   byte of `.text` is an instruction, which the 68000-only check can then read whole.
//! - no unwind tables, no PIC; `-mpcrel` when the program is built without relocations.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::rom_calls;
use super::tools::{run, Tools};
use super::BuildError;

/// The plugin source, relative to the repository root.
pub const PLUGIN_SOURCE: &str = "tools/gcc-plugin/m68000_align.cc";

/// How the C of one program is compiled.
#[derive(Clone, Debug)]
pub struct Compiler {
    gcc: PathBuf,
    plugin: PathBuf,
    include_dirs: Vec<PathBuf>,
    gcc_include: PathBuf,
    defines: Vec<String>,
    pcrel: bool,
}

impl Compiler {
    /// A compiler with the alignment plugin at `plugin` and the given include directories.
    pub fn new(
        tools: &Tools,
        plugin: PathBuf,
        include_dirs: Vec<PathBuf>,
    ) -> Result<Compiler, BuildError> {
        let out = run(
            Command::new(&tools.gcc).arg("-print-file-name=include"),
            "m68k-linux-gnu-gcc -print-file-name=include",
        )?;
        let gcc_include = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        Ok(Compiler {
            gcc: tools.gcc.clone(),
            plugin,
            include_dirs,
            gcc_include,
            defines: vec!["WABT_BIG_ENDIAN=1".to_string()],
            pcrel: false,
        })
    }

    /// Adds `-D<define>` to every compilation.
    pub fn define(&mut self, define: &str) {
        self.defines.push(define.to_string());
    }

    /// Compiles code that addresses its data PC-relative (no absolute relocations in code).
    pub fn set_pcrel(&mut self, pcrel: bool) {
        self.pcrel = pcrel;
    }

    /// Compiles `source` (C, `.S` or `.s` assembler) into `object` at optimisation `opt`.
    /// `kind` adds the flags of generated code (no warnings), of library code (no builtins) or
    /// of the user's own sources (warnings shown, not fatal). Returns what GCC printed.
    pub fn compile(
        &self,
        source: &Path,
        object: &Path,
        opt: &str,
        kind: SourceKind,
    ) -> Result<String, BuildError> {
        let mut cmd = Command::new(&self.gcc);
        cmd.args(["-m68000", opt, "-c"])
            .args([
                "-ffreestanding",
                "-nostdinc",
                "-fno-pic",
                "-fno-pie",
                "-fno-common",
            ])
            .args(["-fno-asynchronous-unwind-tables", "-fno-unwind-tables"])
            .args(["-ffunction-sections", "-fdata-sections", "-fcall-used-d2"])
            // Low addresses are real memory here (0xC8, the screen at 0x4C00): GCC 12
            // otherwise warns that reading them is out of bounds.
            .arg("--param=min-pagesize=0")
            // Switch tables would sit inside the code, where the 68000-only check would read
            // them as instructions: GCC emits comparison trees instead (log2 n compares).
            .arg("-fno-jump-tables")
            .arg(format!("-fplugin={}", self.plugin.display()))
            .arg("-isystem")
            .arg(&self.gcc_include);
        for dir in &self.include_dirs {
            cmd.arg("-I").arg(dir);
        }
        for define in &self.defines {
            cmd.arg(format!("-D{define}"));
        }
        if self.pcrel {
            // W68K_PCREL tells the runtime's assembler (start.S) which way to reach .bss.
            cmd.args(["-mpcrel", "-DW68K_PCREL=1"]);
        }
        match kind {
            SourceKind::Generated => {
                cmd.arg("-w");
            }
            SourceKind::Runtime => {
                cmd.args(["-std=gnu11", "-Wall", "-Wextra", "-Werror"]);
            }
            SourceKind::Library => {
                cmd.args(["-std=gnu11", "-Wall", "-Wextra", "-Werror"])
                    .args(["-fno-builtin", "-fno-tree-loop-distribute-patterns"]);
            }
            SourceKind::User => {
                cmd.args(["-std=gnu11", "-Wall"]);
                if source.extension().is_some_and(|e| e == "s") {
                    // Plain assembler has no preprocessor: the ROM-call indexes become
                    // symbols, as in the project's assembler fixtures.
                    for call in rom_calls::ALL {
                        cmd.arg(format!("-Wa,--defsym,ROM_{}={}", call.name, call.index));
                    }
                }
            }
        }
        cmd.arg(source).arg("-o").arg(object);
        let out = run(&mut cmd, &format!("compiling {}", source.display()))?;
        Ok(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// What kind of source a file is, for its flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    /// wasm2c's output and the generated glue: warnings off (the generator's style).
    Generated,
    /// The runtime and the OS layer: all warnings are errors.
    Runtime,
    /// mem* and the arithmetic helpers: also no builtins, so GCC does not call them back.
    Library,
    /// The user's own C and assembler: warnings on, shown to the user, not errors.
    User,
}

/// Builds the alignment plugin into `out_dir` if it is missing or older than its source, and
/// returns its path.
pub fn ensure_plugin(tools: &Tools, root: &Path, out_dir: &Path) -> Result<PathBuf, BuildError> {
    let source = root.join(PLUGIN_SOURCE);
    let plugin = out_dir.join("m68000_align.so");
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    if let (Some(built), Some(written)) = (modified(&plugin), modified(&source)) {
        if built >= written {
            return Ok(plugin);
        }
    }
    let out = run(
        Command::new(&tools.gcc).arg("-print-file-name=plugin"),
        "m68k-linux-gnu-gcc -print-file-name=plugin",
    )?;
    let plugin_dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    if !plugin_dir.join("include/gcc-plugin.h").is_file() {
        return Err(BuildError::MissingTool {
            tool: "GCC plugin headers".into(),
            package: "gcc-12-plugin-dev-m68k-linux-gnu".into(),
        });
    }
    std::fs::create_dir_all(out_dir).map_err(|e| BuildError::Io {
        what: format!("creating {}", out_dir.display()),
        source: e,
    })?;
    let partial = out_dir.join("m68000_align.so.partial");
    run(
        Command::new(&tools.gxx)
            .args(["-shared", "-fPIC", "-fno-rtti", "-O2", "-I"])
            .arg(plugin_dir.join("include"))
            .arg(&source)
            .arg("-o")
            .arg(&partial),
        "building the GCC alignment plugin",
    )?;
    std::fs::rename(&partial, &plugin).map_err(|e| BuildError::Io {
        what: format!("moving the plugin to {}", plugin.display()),
        source: e,
    })?;
    Ok(plugin)
}
