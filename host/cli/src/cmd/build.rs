//! `ti68k build PROGRAM...`: builds calculator programs of `calc/programs` for the TI-89, the
//! TI-92 Plus and the Voyage 200 (`target/ti/PROGRAM.89z`, `.9xz`, `.v2z`) and prints their
//! size reports. `ti68k build --all` builds every program.

use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::Args;
use ti_build::config::Programs;
use ti_build::{build, repository_root, BuildOptions, Route};

/// Arguments of `ti68k build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// Programs to build (bins of calc/programs), e.g. `hello`.
    programs: Vec<String>,
    /// Build every program.
    #[arg(long)]
    all: bool,
    /// Calculator folder of the program variable.
    #[arg(long, default_value = "main")]
    folder: String,
    /// Calculator name of the program variable (default: the program's; one program only).
    #[arg(long)]
    name: Option<String>,
    /// Directory of the calculator files (default: target/ti).
    #[arg(long)]
    out_dir: Option<PathBuf>,
    /// The repository (default: found from the current directory).
    #[arg(long)]
    root: Option<PathBuf>,
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

/// Runs `ti68k build`.
pub fn run(args: BuildArgs) -> anyhow::Result<()> {
    let root = match args.root {
        Some(root) => root,
        None => repository_root(&std::env::current_dir()?)?,
    };
    let names = if args.all {
        let programs = Programs::load(&root.join("calc/programs"))?;
        programs.programs.keys().cloned().collect()
    } else {
        args.programs
    };
    if names.is_empty() {
        bail!("name the programs to build (e.g. `ti68k build hello`), or use --all");
    }
    if args.name.is_some() && names.len() > 1 {
        bail!("--name gives one variable name: build one program at a time with it");
    }
    for program in &names {
        let options = BuildOptions {
            folder: args.folder.clone(),
            name: args.name.clone(),
            out_dir: args.out_dir.clone(),
            route: args.route,
            bounds_checks: args.bounds_checks,
            pcrel: args.absolute.then_some(false),
            ..BuildOptions::new(&root, program)
        };
        let built = build(&options).with_context(|| format!("building {program}"))?;
        println!("{}", built.report);
        for file in &built.files {
            println!("  wrote {}", file.display());
        }
    }
    Ok(())
}
