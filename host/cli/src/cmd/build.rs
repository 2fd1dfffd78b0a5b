//! `ti68k build [PROGRAM...]`: builds the calculator programs of a project for the TI-89, the
//! TI-92 Plus and the Voyage 200 (`target/ti/PROGRAM.89z`, `.9xz`, `.v2z`) and prints their
//! size reports. The project is the one the current folder is in (a project of your own made
//! by `ti68k new`, or the toolkit's `calc/programs`), or the one `--manifest-path` names;
//! `--all` builds every program; a program built with a launcher (docs/building.md#programs-over-24-kb)
//! also gets its body's files (`PROGRAM.89y`, `.9xy`, `.v2y`). Given C (`.c`) and assembler (`.S`, `.s`) files instead of
//! program names, it builds one TIGCC-style program from them (docs/c-programs.md).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Args;
use ti_build::config::{source_kind, ProgramConfig, ProgramSource, Programs, DEFAULT_STACK};
use ti_build::{build, BuildOptions, Project, Route};
use ti_files::VarName;

use super::output::Out;

/// Arguments of `ti68k build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// Programs of the project to build (e.g. `joueur`), or C and assembler files that make
    /// one program (e.g. `joueur.c`).
    programs: Vec<String>,
    /// Build every program of the project.
    #[arg(long)]
    all: bool,
    /// The project's Cargo.toml (default: the project the current folder is in).
    #[arg(long)]
    manifest_path: Option<PathBuf>,
    /// The toolkit's checkout whose runtime the programs link with (default: the one the
    /// project's `programs` dependency is in, else the one this tool was built from; also
    /// TI68K_TOOLKIT).
    #[arg(long)]
    toolkit: Option<PathBuf>,
    /// Calculator folder of the program variable.
    #[arg(long, default_value = "main")]
    folder: String,
    /// Calculator name of the program variable (default: the program's; one program only).
    #[arg(long)]
    name: Option<String>,
    /// Directory of the calculator files (default: the project's target/ti).
    #[arg(short = 'd', long)]
    out_dir: Option<PathBuf>,
    /// The route from Rust to 68000 code: wasm2c (llvm-m68k is disabled, see
    /// docs/building.md#the-route).
    #[arg(long, default_value_t = Route::Wasm2c)]
    route: Route,
    /// Check every linear-memory access at run time (a test variant: slower, bigger).
    #[arg(long)]
    bounds_checks: bool,
    /// Absolute addresses and a relocation table, instead of the default PC-relative
    /// addressing (about 2 % faster, 5 % larger).
    #[arg(long)]
    absolute: bool,
}

/// Whether a command-line word names a source file rather than a program.
fn is_source(word: &str) -> bool {
    source_kind(Path::new(word)).is_ok()
}

/// The settings of a program made of the loose source files `files`.
fn loose_program(files: &[String], name: Option<&str>) -> anyhow::Result<ProgramConfig> {
    let stem = match name {
        Some(n) => n.to_string(),
        None => Path::new(&files[0])
            .file_stem()
            .map(|s| s.to_string_lossy().to_lowercase())
            .unwrap_or_default(),
    };
    VarName::new(&stem).with_context(|| {
        format!(
            "the program is named after {}; give a calculator name with --name",
            files[0]
        )
    })?;
    let cwd = std::env::current_dir()?;
    Ok(ProgramConfig {
        bin: stem.clone(),
        source: ProgramSource::Sources(files.iter().map(|f| cwd.join(f)).collect()),
        var_name: stem,
        profile: "release".into(),
        stack: DEFAULT_STACK,
        gcc_opt: "-Os".into(),
        pcrel: true,
        trap_error: 0,
        body_name: None,
    })
}

/// Runs `ti68k build`.
pub fn run(args: BuildArgs) -> anyhow::Result<()> {
    let cwd = std::env::current_dir()?;
    let toolkit = args.toolkit.as_deref();
    let sources = args.programs.iter().filter(|p| is_source(p)).count();
    if sources > 0 && sources < args.programs.len() {
        bail!(
            "give either program names or source files (.c, .S, .s), not both: {}",
            args.programs.join(" ")
        );
    }
    let mut jobs: Vec<BuildOptions> = Vec::new();
    if sources > 0 {
        if args.all || args.manifest_path.is_some() {
            bail!("--all and --manifest-path are for projects; source files make one program");
        }
        let config = loose_program(&args.programs, args.name.as_deref())?;
        let project = Project::loose_sources(&cwd, toolkit)?;
        let mut options = BuildOptions::in_project(project, &config.bin);
        options.config = Some(config);
        jobs.push(options);
    } else {
        let project = match &args.manifest_path {
            Some(manifest) => Project::at_manifest(manifest, toolkit)?,
            None => Project::find(&cwd, toolkit)?,
        };
        let names: Vec<String> = if args.all {
            Programs::load(&project.dir)?.programs.into_keys().collect()
        } else {
            args.programs.clone()
        };
        if names.is_empty() {
            let known = Programs::load(&project.dir)
                .map(|p| p.programs.into_keys().collect::<Vec<_>>().join(", "))
                .unwrap_or_default();
            bail!(
                "name the programs to build (this project has: {known}), or use --all; to build \
                 C or assembler files, name them (e.g. `ti68k build joueur.c`)"
            );
        }
        for program in names {
            jobs.push(BuildOptions::in_project(project.clone(), &program));
        }
    }
    if args.name.is_some() && jobs.len() > 1 {
        bail!("--name gives one variable name: build one program at a time with it");
    }
    let mut out = Out::new();
    for mut options in jobs {
        options.folder = args.folder.clone();
        options.name = args.name.clone();
        options.out_dir = args.out_dir.clone();
        options.route = args.route;
        options.bounds_checks = args.bounds_checks;
        options.pcrel = args.absolute.then_some(false);
        let program = options.program.clone();
        let built = build(&options).with_context(|| format!("building {program}"))?;
        for warning in &built.warnings {
            eprintln!("{warning}");
        }
        writeln!(out, "{}", built.report)?;
        for file in &built.files {
            writeln!(out, "  wrote {}", file.display())?;
        }
        if let Some(launcher) = &built.launcher {
            for file in &launcher.body_files {
                writeln!(out, "  wrote {} (the body)", file.display())?;
            }
        }
    }
    Ok(())
}
