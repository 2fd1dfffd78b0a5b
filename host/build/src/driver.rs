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
//! 6. the calculator files.
//!
//! Intermediate files go to `target/ti-build/<program>/` (the wasm module, the raw and tuned
//! C, `rom_calls.h`, objects, the ELF file and its map; `<program>-absolute`, `-bounds`... for builds that
//! differ from the program's settings); the files to `target/ti/` unless told otherwise.
//! A lock file serialises builds that share the target directory (parallel test binaries).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::config::Programs;
use super::gcc::{ensure_plugin, Compiler, SourceKind};
use super::glue::{self, RUNTIME_EXPORTS};
use super::image::ProgramImage;
use super::report::SizeReport;
use super::tools::{run, Tools};
use super::wasm::ModuleInfo;
use super::{cargo, check68k, linker, package, prelude, rom_calls, BuildError, Route};

/// The program crate, relative to the repository root.
pub const PROGRAMS_DIR: &str = "calc/programs";

/// What to build, and where.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The repository's root.
    pub root: PathBuf,
    /// The program (a bin of `calc/programs`).
    pub program: String,
    /// Calculator folder of the variable.
    pub folder: String,
    /// Calculator name of the variable; `None` for the program's configured name.
    pub name: Option<String>,
    /// Where the calculator files go; `None` for `target/ti`.
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
    /// Options for `program` with the defaults: folder `main`, files in `target/ti`.
    pub fn new(root: impl Into<PathBuf>, program: &str) -> BuildOptions {
        BuildOptions {
            root: root.into(),
            program: program.to_string(),
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
    /// The calculator files written (.89z, .9xz, .v2z).
    pub files: Vec<PathBuf>,
}

/// The repository root: the first directory at or above `start` holding
/// `calc/programs/Cargo.toml`.
pub fn repository_root(start: &Path) -> Result<PathBuf, BuildError> {
    start
        .ancestors()
        .find(|dir| dir.join(PROGRAMS_DIR).join("Cargo.toml").is_file())
        .map(Path::to_path_buf)
        .ok_or_else(|| BuildError::NoRepository(start.display().to_string()))
}

fn io(what: String) -> impl FnOnce(std::io::Error) -> BuildError {
    move |source| BuildError::Io { what, source }
}

fn write(path: &Path, text: &str) -> Result<(), BuildError> {
    std::fs::write(path, text).map_err(io(format!("writing {}", path.display())))
}

/// Builds one program: see the module documentation.
pub fn build(options: &BuildOptions) -> Result<Built, BuildError> {
    options.route.check_enabled()?;
    let tools = Tools::find()?;
    tools.check_wasm2c_version()?;
    let root = &options.root;
    let crate_dir = root.join(PROGRAMS_DIR);
    let programs = Programs::load(&crate_dir)?;
    let config = programs.get(&options.program)?;
    let program = &config.bin;

    let work = root.join("target/ti-build");
    std::fs::create_dir_all(&work).map_err(io(format!("creating {}", work.display())))?;
    let lock_path = work.join("lock");
    let lock = File::create(&lock_path).map_err(io(format!("creating {}", lock_path.display())))?;
    #[allow(clippy::incompatible_msrv)] // File::lock: Rust 1.89; the host toolchain is newer
    lock.lock()
        .map_err(io(format!("locking {}", lock_path.display())))?;

    // 1. Rust -> wasm32, and the module's checks.
    let wasm = cargo::build_wasm(&tools, &crate_dir, &work.join("cargo"), config)?;
    let pcrel = options.pcrel.unwrap_or(config.pcrel);
    // Variants other than the program's own settings get their own directory.
    let mut variant = program.clone();
    if pcrel != config.pcrel {
        variant.push_str(if pcrel { "-pcrel" } else { "-absolute" });
    }
    if options.bounds_checks {
        variant.push_str("-bounds");
    }
    let dir = work.join(&variant);
    std::fs::create_dir_all(&dir).map_err(io(format!("creating {}", dir.display())))?;
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

    // 3. GCC. The program's folder, first on the include path, also holds the ROM-call header.
    write(&dir.join("rom_calls.h"), &rom_calls::c_header())?;
    let plugin = ensure_plugin(&tools, root, &work.join("plugin"))?;
    let rt = crate_dir.join("rt");
    let os = crate_dir.join("src/os");
    let mut compiler = Compiler::new(
        &tools,
        plugin,
        vec![dir.clone(), rt.clone(), rt.join("include"), os.clone()],
    )?;
    if options.bounds_checks {
        compiler.define("W68K_BOUNDS_CHECK=1");
    }
    compiler.set_pcrel(pcrel);
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
        let stem = source
            .file_name()
            .map(|n| n.to_string_lossy().replace('.', "_"))
            .unwrap_or_default();
        let object = dir.join(format!("{stem}.o"));
        compiler.compile(source, &object, opt, *kind)?;
        objects.push(object);
    }

    // 4. Link.
    let mut exports: Vec<String> = glue::exported_functions(&info)?
        .iter()
        .map(|e| e.name.clone())
        .collect();
    exports.extend(RUNTIME_EXPORTS.iter().map(|s| s.to_string()));
    let elf = dir.join(format!("{program}.elf"));
    linker::link(&tools, &rt.join("link.ld"), &objects, &exports, &elf)?;
    let elf_bytes = std::fs::read(&elf).map_err(io(format!("reading {}", elf.display())))?;
    exports.push("_start".to_string());
    let (image, sections) = linker::read_image(&elf_bytes, &exports)?;
    image.validate()?;

    // 5. The 68000-only check and the report.
    let instructions = check68k::check(&tools, &elf)?;
    let report = SizeReport {
        program: program.clone(),
        code: sections.text,
        rodata: sections.rodata,
        wasm_data: info.data_segment_bytes,
        bss: sections.bss,
        relocations: image.relocations.len() as u32,
        variable: image.variable_data_len() as u32,
        linear,
        stack: config.stack,
        instructions,
    };
    write(&dir.join("size.txt"), &format!("{report}\n"))?;

    // 6. Files.
    let out_dir = options
        .out_dir
        .clone()
        .unwrap_or_else(|| root.join("target/ti"));
    let name = options.name.as_deref().unwrap_or(&config.var_name);
    let files = package::write_files(&image, &options.folder, name, &out_dir, program)?;
    drop(lock);
    Ok(Built {
        image,
        report,
        elf,
        files,
    })
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
             the memory flags of calc/programs/.cargo/config.toml",
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
        unsupported("the module does not export __heap_base (see .cargo/config.toml)".into())
    })
}
