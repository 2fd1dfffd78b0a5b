//! The cross build of one program, stage by stage (docs/building.md#stages):
//!
//! 1. Rust -> wasm32 (`cargo`), then the module's checks ([`ModuleInfo`]); under-aligned
//!    accesses, if any, are lowered with `wasm-opt --alignment-lowering`;
//! 2. wasm2c -> C, tuned for the 68000 ([`prelude::tune`]), plus the program's glue;
//! 3. GCC `-m68000` on that C, the runtime (`calc/programs/rt`) and the OS layer
//!    (`calc/programs/src/os`), with the ROM-call indexes in a `rom_calls.h` generated from
//!    [`rom_calls`];
//! 4. GNU ld, then the ELF file read into a [`ProgramImage`];
//! 5. the 68000-only check and the size report;
//! 6. for a program built with a launcher (docs/building.md#programs-over-24-kb), the launcher
//!    (`launcher`): assembled, linked, checked and given the body's name;
//! 7. the calculator files (the launcher's and the body's, or the program's; a body left by an
//!    earlier build with a launcher is removed), and the symbol map beside them
//!    (`PROGRAM.sym`, for the cycle profiler).
//!
//! A program made of C and assembler sources skips stages 1 and 2: its files are compiled
//! with the TIGCC-style header ([`crate::tigcc`]) and linked with the same start-up code,
//! session and helpers (`sources`).
//!
//! The program crate and the toolkit it links with are a [`Project`]: the toolkit's own
//! `calc/programs`, or a user's project anywhere. Intermediate files go to
//! `<target>/ti-build/<program>/` (the wasm module, the raw and tuned C, `rom_calls.h`,
//! objects, the ELF file and its map; `<program>-absolute`, `-bounds`... for builds that
//! differ from the program's settings); the files to `<target>/ti/` unless told otherwise.
//! A lock file serialises builds that share the target directory (parallel test binaries).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;

use ti_files::disk::write_atomic;

use super::config::{ProgramConfig, ProgramSource, Programs};
use super::gcc::{ensure_plugin, Compiler, SourceKind};
use super::glue::{self, RUNTIME_EXPORTS};
use super::image::{self, ProgramImage};
use super::launcher::{self, Installable};
use super::project::Project;
use super::report::{LaunchReport, SizeReport};
use super::symbols::SymbolMap;
use super::tools::{run, Tools};
use super::wasm::ModuleInfo;
use super::{cargo, check68k, linker, package, prelude, rom_calls, sources, BuildError, Route};

/// What to build, and where.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The program crate and the toolkit.
    pub project: Project,
    /// The program (a bin of the crate, or a program of C and assembler sources).
    pub program: String,
    /// The program's settings when they come from the command line rather than the crate's
    /// manifest (loose C and assembler files); `None` to read the manifest.
    pub config: Option<ProgramConfig>,
    /// Calculator folder of the variable.
    pub folder: String,
    /// Calculator name of the variable; `None` for the program's configured name.
    pub name: Option<String>,
    /// Where the calculator files go; `None` for `<target>/ti`.
    pub out_dir: Option<PathBuf>,
    /// The route from Rust to 68000 code.
    pub route: Route,
    /// Check every linear-memory access against the memory's size (slower, bigger; a test
    /// variant).
    pub bounds_checks: bool,
    /// PC-relative (`Some(true)`) or absolute (`Some(false)`) addressing; `None` for the
    /// program's setting (PC-relative unless it says otherwise).
    pub pcrel: Option<bool>,
}

impl BuildOptions {
    /// Options for `program` of the toolkit's own crate (`calc/programs` of the checkout at
    /// `root`) with the defaults: folder `main`, files in `target/ti`.
    pub fn new(root: impl Into<PathBuf>, program: &str) -> BuildOptions {
        BuildOptions::in_project(Project::toolkit_programs(&root.into()), program)
    }

    /// Options for `program` of `project`, with the defaults.
    pub fn in_project(project: Project, program: &str) -> BuildOptions {
        BuildOptions {
            project,
            program: program.to_string(),
            config: None,
            folder: "main".to_string(),
            name: None,
            out_dir: None,
            route: Route::Wasm2c,
            bounds_checks: false,
            pcrel: None,
        }
    }
}

/// A built program.
#[derive(Clone, Debug)]
pub struct Built {
    /// The linked program.
    pub image: ProgramImage,
    /// Its sizes.
    pub report: SizeReport,
    /// The ELF file (with its map file beside it).
    pub elf: PathBuf,
    /// Every function of the code, for the cycle profiler (also written as `PROGRAM.sym`
    /// beside the calculator files).
    pub symbols: SymbolMap,
    /// The calculator files of the ASM variable written (.89z, .9xz, .v2z): the program's, or
    /// its launcher's.
    pub files: Vec<PathBuf>,
    /// The launcher and body, for a program built with a launcher.
    pub launcher: Option<BuiltLauncher>,
    /// The symbol map file written beside them.
    pub symbol_file: PathBuf,
    /// What GCC said about the program's own C and assembler sources (warnings), empty for
    /// a Rust program.
    pub warnings: Vec<String>,
}

/// The launcher and the body of a program built with a launcher
/// (docs/building.md#programs-over-24-kb).
#[derive(Clone, Debug)]
pub struct BuiltLauncher {
    /// The launcher (the ASM variable under the program's name).
    pub image: ProgramImage,
    /// The body's variable name.
    pub body_name: ti_files::VarName,
    /// The body variable's data (without its size word).
    pub body: Vec<u8>,
    /// The body's files (.89y, .9xy, .v2y).
    pub body_files: Vec<PathBuf>,
}

impl Built {
    /// The calculator file of the ASM variable written for `model` (`.89z`, `.9xz`, `.v2z`).
    pub fn file(&self, model: ti_files::Model) -> Option<&PathBuf> {
        let ext = format!("{}z", model.extension_prefix());
        self.files
            .iter()
            .find(|f| f.extension().is_some_and(|e| e == ext.as_str()))
    }

    /// The program as it goes onto a calculator: its ASM variable (the launcher's when it has
    /// one) and its body.
    pub fn installable(&self) -> Installable {
        match &self.launcher {
            None => Installable {
                program: self
                    .image
                    .to_variable_data()
                    .expect("the image was validated"),
                text_len: self.image.text_len,
                body: None,
            },
            Some(l) => Installable {
                program: l
                    .image
                    .to_variable_data()
                    .expect("the launcher was validated"),
                text_len: l.image.text_len,
                body: Some(launcher::Body {
                    name: l.body_name.clone(),
                    data: l.body.clone(),
                }),
            },
        }
    }
}

/// The toolkit's root: the first directory at or above `start` holding
/// `calc/programs/Cargo.toml`.
pub fn repository_root(start: &Path) -> Result<PathBuf, BuildError> {
    start
        .ancestors()
        .find(|dir| {
            dir.join(super::project::PROGRAMS_DIR)
                .join("Cargo.toml")
                .is_file()
        })
        .map(Path::to_path_buf)
        .ok_or_else(|| BuildError::NoRepository(start.display().to_string()))
}

pub(crate) fn io(what: String) -> impl FnOnce(std::io::Error) -> BuildError {
    move |source| BuildError::Io { what, source }
}

pub(crate) fn write(path: &Path, text: &str) -> Result<(), BuildError> {
    std::fs::write(path, text).map_err(io(format!("writing {}", path.display())))
}

/// What the front end (Rust, or C and assembler) hands the linker.
pub(crate) struct Objects {
    /// The object files.
    pub objects: Vec<PathBuf>,
    /// The symbols to export (besides `_start`).
    pub exports: Vec<String>,
    /// Sizes only a Rust program has: wasm data segments, linear memory, shadow stack.
    pub wasm_data: u32,
    pub linear: u32,
    pub stack: u32,
    /// GCC's warnings on the user's own sources.
    pub warnings: Vec<String>,
}

/// Builds one program: see the module documentation.
pub fn build(options: &BuildOptions) -> Result<Built, BuildError> {
    options.route.check_enabled()?;
    let tools = Tools::find()?;
    let project = &options.project;
    let config = match &options.config {
        Some(config) => config.clone(),
        None => Programs::load(&project.dir)?.get(&options.program)?.clone(),
    };
    let program = &config.bin;

    let work = project.work_dir();
    std::fs::create_dir_all(&work).map_err(io(format!("creating {}", work.display())))?;
    let lock_path = work.join("lock");
    let lock = File::create(&lock_path).map_err(io(format!("creating {}", lock_path.display())))?;
    #[allow(clippy::incompatible_msrv)] // File::lock: Rust 1.89; the host toolchain is newer
    lock.lock()
        .map_err(io(format!("locking {}", lock_path.display())))?;

    let pcrel = options.pcrel.unwrap_or(config.pcrel);
    // Variants other than the program's own settings get their own directory, so that builds
    // of both (parallel tests) do not rebuild each other's objects.
    let mut variant = program.clone();
    if options.config.is_some() {
        let own = Programs::load(&project.dir)
            .ok()
            .and_then(|p| p.programs.get(program).cloned());
        if let Some(own) = own {
            variant.push_str(&settings_suffix(&own, &config));
        }
    }
    if pcrel != config.pcrel {
        variant.push_str(if pcrel { "-pcrel" } else { "-absolute" });
    }
    if options.bounds_checks {
        variant.push_str("-bounds");
    }
    let dir = work.join(&variant);
    std::fs::create_dir_all(&dir).map_err(io(format!("creating {}", dir.display())))?;
    // The program's folder, first on the include path, holds the ROM-call header and the
    // formats of the launcher and its body (start.S reads the launcher's registers).
    write(&dir.join("rom_calls.h"), &rom_calls::c_header())?;
    write(&dir.join("launch_format.h"), &launcher::c_header())?;
    let plugin = ensure_plugin(&tools, &project.toolkit, &work.join("plugin"))?;
    let rt = project.rt();
    let os = project.os();
    let mut compiler = Compiler::new(
        &tools,
        plugin,
        vec![dir.clone(), rt.clone(), rt.join("include"), os.clone()],
    )?;
    if options.bounds_checks {
        compiler.define("W68K_BOUNDS_CHECK=1");
    }
    compiler.set_pcrel(pcrel);

    let front = match &config.source {
        ProgramSource::Rust { features } => {
            rust_objects(&tools, options, &config, features, &dir, &compiler)?
        }
        ProgramSource::Sources(files) => {
            sources::objects(project, &config, files, &dir, &compiler)?
        }
    };

    // 4. Link.
    let mut exports = front.exports;
    let elf = dir.join(format!("{program}.elf"));
    linker::link(&tools, &rt.join("link.ld"), &front.objects, &exports, &elf)?;
    let elf_bytes = std::fs::read(&elf).map_err(io(format!("reading {}", elf.display())))?;
    exports.push("_start".to_string());
    let (image, sections) = linker::read_image(&elf_bytes, &exports)?;
    // A launcher's body may be as large as a variable: the launcher relocates it itself.
    match config.body_name {
        Some(_) => image.validate_within(image::MAX_BODY_RELOC_OFFSET)?,
        None => image.validate().map_err(|e| {
            if image.validate_within(image::MAX_BODY_RELOC_OFFSET).is_ok() {
                BuildError::OutOfReach(
                    "absolute code with relocations past 0x7FFF, which AMS's relocation table \
                     cannot hold"
                        .into(),
                )
            } else {
                e.into()
            }
        })?,
    }
    let symbols = SymbolMap::read(
        program,
        &elf_bytes,
        &front.objects,
        image.text_len,
        &image.exports,
    )?;

    // 5. The 68000-only check.
    let instructions = check68k::check(&tools, &elf)?;
    let name = options.name.as_deref().unwrap_or(&config.var_name);

    // 6. The launcher and the body.
    let launched = match &config.body_name {
        None => None,
        Some(body_name) => {
            let body_name = ti_files::VarName::new(body_name)
                .map_err(|e| BuildError::Package(format!("body-name {body_name:?}: {e}")))?;
            if body_name.to_string() == name.to_ascii_lowercase() {
                return Err(BuildError::Package(format!(
                    "the program is named {name} like its body: name it otherwise or set body-name"
                )));
            }
            let (launcher_image, launcher_instructions) =
                launcher::build_launcher(&tools, &compiler, project, &dir, &body_name)?;
            let body = launcher::body_data(&image)?;
            Some((launcher_image, launcher_instructions, body_name, body))
        }
    };
    let report = SizeReport {
        program: program.clone(),
        code: sections.text,
        rodata: sections.rodata,
        wasm_data: front.wasm_data,
        bss: sections.bss,
        relocations: image.relocations.len() as u32,
        variable: image.variable_data_len() as u32,
        linear: front.linear,
        stack: front.stack,
        instructions,
        launch: launched
            .as_ref()
            .map(|(l, n, body_name, body)| LaunchReport {
                launcher: l.variable_data_len() as u32,
                launcher_instructions: *n,
                body_name: body_name.to_string(),
                body: body.len() as u32,
                pcrel,
            }),
    };
    write(&dir.join("size.txt"), &format!("{report}\n"))?;

    // 7. Files.
    let out_dir = options.out_dir.clone().unwrap_or_else(|| project.out_dir());
    let (files, launcher) = match launched {
        None => {
            package::remove_stale_bodies(&out_dir, program)?;
            let files = package::write_files(&image, &options.folder, name, &out_dir, program)?;
            (files, None)
        }
        Some((launcher_image, _, body_name, body)) => {
            let files =
                package::write_files(&launcher_image, &options.folder, name, &out_dir, program)?;
            let body_files =
                package::write_body_files(&body, &options.folder, &body_name, &out_dir, program)?;
            let launcher = BuiltLauncher {
                image: launcher_image,
                body_name,
                body,
                body_files,
            };
            (files, Some(launcher))
        }
    };
    let symbol_file = out_dir.join(format!("{program}.sym"));
    write_atomic(&symbol_file, symbols.to_text().as_bytes())
        .map_err(io(format!("writing {}", symbol_file.display())))?;
    drop(lock);
    Ok(Built {
        image,
        report,
        elf,
        symbols,
        files,
        launcher,
        symbol_file,
        warnings: front.warnings,
    })
}

/// How the compile settings of `config` differ from the program's own (`own`), as a suffix of
/// its work folder's name: `-size-O2`, `-absolute`, `-stack8192`, `-trap9`... ("" when they do
/// not differ; the launcher's settings do not change the program's objects).
fn settings_suffix(own: &ProgramConfig, config: &ProgramConfig) -> String {
    let mut suffix = String::new();
    if (own.profile.as_str(), own.gcc_opt.as_str())
        != (config.profile.as_str(), config.gcc_opt.as_str())
    {
        suffix.push_str(&format!("-{}{}", config.profile, config.gcc_opt));
    }
    if own.pcrel != config.pcrel {
        suffix.push_str(if config.pcrel { "-pcrel" } else { "-absolute" });
    }
    if own.stack != config.stack {
        suffix.push_str(&format!("-stack{}", config.stack));
    }
    if own.trap_error != config.trap_error {
        suffix.push_str(&format!("-trap{}", config.trap_error));
    }
    if own.source != config.source {
        suffix.push_str("-sources");
    }
    suffix
}

/// Stages 1 to 3 of a Rust program: its objects, exports and wasm sizes.
fn rust_objects(
    tools: &Tools,
    options: &BuildOptions,
    config: &ProgramConfig,
    features: &[String],
    dir: &Path,
    compiler: &Compiler,
) -> Result<Objects, BuildError> {
    tools.check_wasm2c_version()?;
    let project = &options.project;
    let program = &config.bin;
    // 1. Rust -> wasm32, and the module's checks.
    let wasm = cargo::build_wasm(tools, project, features, config)?;
    let module_path = dir.join(format!("{}.wasm", prelude::MODULE));
    std::fs::copy(&wasm, &module_path).map_err(io(format!("copying {}", wasm.display())))?;
    let mut info = read_module(&module_path)?;
    if !info.unaligned.is_empty() {
        run(
            Command::new(&tools.wasm_opt)
                .arg(&module_path)
                .arg("--all-features") // accept whatever the module uses
                .arg("--alignment-lowering")
                .arg("--debuginfo") // keep the name section
                .arg("-o")
                .arg(&module_path),
            "wasm-opt --alignment-lowering",
        )?;
        info = read_module(&module_path)?;
    }
    let linear = check_module(program, &info, config.stack)?;

    // 2. wasm2c, the prelude, the glue.
    let raw_c = dir.join(format!("{}.raw.c", prelude::MODULE));
    let c_path = dir.join(format!("{}.c", prelude::MODULE));
    let h_path = dir.join(format!("{}.h", prelude::MODULE));
    run(
        Command::new(&tools.wasm2c)
            .arg("-n")
            .arg(prelude::MODULE)
            .arg(&module_path)
            .arg("-o")
            .arg(&raw_c),
        "wasm2c",
    )?;
    // wasm2c names the header after the output file: prog.raw.h.
    let raw_h = dir.join(format!("{}.raw.h", prelude::MODULE));
    let c = std::fs::read_to_string(&raw_c).map_err(io(format!("reading {}", raw_c.display())))?;
    let h = std::fs::read_to_string(&raw_h).map_err(io(format!("reading {}", raw_h.display())))?;
    let raw_include = format!("#include \"{}.raw.h\"", prelude::MODULE);
    let include = format!("#include \"{}.h\"", prelude::MODULE);
    let tuned = prelude::tune(&c.replace(&raw_include, &include), &h, config.stack)?;
    write(&c_path, &tuned)?;
    write(&h_path, &h)?;
    let glue_path = dir.join("glue.c");
    let glue_c =
        glue::generate(&info, program, linear)? + &glue::trap_error_definition(config.trap_error);
    write(&glue_path, &glue_c)?;

    // 3. GCC.
    let rt = project.rt();
    let os = project.os();
    let sources: Vec<(PathBuf, &str, SourceKind)> = vec![
        (c_path, config.gcc_opt.as_str(), SourceKind::Generated),
        (glue_path, "-Os", SourceKind::Generated),
        (rt.join("runtime.c"), "-Os", SourceKind::Runtime),
        (rt.join("mem.c"), "-O2", SourceKind::Library),
        (rt.join("arith.c"), "-O2", SourceKind::Library),
        (os.join("session.c"), "-Os", SourceKind::Runtime),
        (os.join("ams.c"), "-Os", SourceKind::Runtime),
        (os.join("vat.c"), "-Os", SourceKind::Runtime),
        (os.join("exec.c"), "-Os", SourceKind::Runtime),
        (os.join("gfx.c"), "-Os", SourceKind::Runtime),
        (os.join("try.S"), "-Os", SourceKind::Runtime),
        (os.join("start.S"), "-Os", SourceKind::Runtime),
    ];
    let mut objects = Vec::new();
    for (source, opt, kind) in &sources {
        objects.push(compile(compiler, source, dir, opt, *kind)?.0);
    }
    let mut exports: Vec<String> = glue::exported_functions(&info)?
        .iter()
        .map(|e| e.name.clone())
        .collect();
    exports.extend(RUNTIME_EXPORTS.iter().map(|s| s.to_string()));
    Ok(Objects {
        objects,
        exports,
        wasm_data: info.data_segment_bytes,
        linear,
        stack: config.stack,
        warnings: Vec::new(),
    })
}

/// Compiles `source` into an object of `dir` named after it; returns the object and what
/// GCC printed.
pub(crate) fn compile(
    compiler: &Compiler,
    source: &Path,
    dir: &Path,
    opt: &str,
    kind: SourceKind,
) -> Result<(PathBuf, String), BuildError> {
    let stem = source
        .file_name()
        .map(|n| n.to_string_lossy().replace('.', "_"))
        .unwrap_or_default();
    let object = dir.join(format!("{stem}.o"));
    let said = compiler.compile(source, &object, opt, kind)?;
    Ok((object, said))
}

fn read_module(path: &Path) -> Result<ModuleInfo, BuildError> {
    let bytes = std::fs::read(path).map_err(io(format!("reading {}", path.display())))?;
    Ok(ModuleInfo::read(&bytes)?)
}

/// Checks what the route needs of the module; returns the bytes of linear memory to back.
fn check_module(program: &str, info: &ModuleInfo, stack: u32) -> Result<u32, BuildError> {
    let unsupported = |message: String| BuildError::Unsupported {
        program: program.to_string(),
        message,
    };
    if info.memories != [(1, Some(1))] {
        return Err(unsupported(format!(
            "the module must have one memory of exactly one 64 KiB page (it has {:?}); keep \
             the memory flags the build passes (host/build/src/cargo.rs)",
            info.memories
        )));
    }
    if !info.other_imports.is_empty() {
        return Err(unsupported(format!(
            "it imports {}: only functions of module \"ams\" can be imported",
            info.other_imports.join(", ")
        )));
    }
    if !info.float_functions.is_empty() {
        return Err(unsupported(format!(
            "floating point is not available on the 68000 route; used in: {}",
            info.float_functions.join(", ")
        )));
    }
    if !info.fmt_functions.is_empty() {
        return Err(unsupported(format!(
            "the formatting machinery (core::fmt) is linked in, which costs kilobytes of \
             code; do not format text (format!, write!, {{}} in panics, Debug); found: {}",
            info.fmt_functions.join(", ")
        )));
    }
    if !info.unaligned.is_empty() {
        return Err(unsupported(format!(
            "memory accesses that may be at odd addresses remain after wasm-opt: {}",
            info.unaligned.join("; ")
        )));
    }
    if info.stack_pointer != Some(stack) {
        return Err(unsupported(format!(
            "the shadow stack pointer starts at {:?}, not at the configured stack size {stack}",
            info.stack_pointer
        )));
    }
    info.linear_bytes().ok_or_else(|| {
        unsupported("the module does not export __heap_base (see host/build/src/cargo.rs)".into())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_of_a_programs_settings_name_their_work_folder() {
        let text = "[package]\nname = \"p\"\n[[bin]]\nname = \"joueur\"\n\
                    [package.metadata.ti.programs.joueur]\nprofile = \"size\"\ngcc-opt = \"-Os\"\n";
        let own = Programs::parse(text).unwrap().programs["joueur"].clone();
        assert_eq!(settings_suffix(&own, &own), "");
        let mut launched = own.clone();
        launched.body_name = Some("joueurx".into());
        assert_eq!(settings_suffix(&own, &launched), "", "the same objects");
        let mut fast = launched.clone();
        fast.gcc_opt = "-O2".into();
        fast.pcrel = false;
        assert_eq!(settings_suffix(&own, &fast), "-size-O2-absolute");
    }
}
