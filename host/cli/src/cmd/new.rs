//! `ti68k new PATH`: makes a project of your own in a new folder, anywhere (docs/tutorial.md):
//! a contest AI in Rust (the default), a calculator program in Rust (`--template program`) or
//! a contest AI in C (`--template c`), linked to this toolkit's checkout.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use ti68k::template::{self, Template};

use super::output::Out;

/// The kinds of project.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Kind {
    /// A Connect Four AI for the contest, in Rust: src/lib.rs (the AI), src/bin/joueur.rs,
    /// tests/games.rs.
    Joueur,
    /// A calculator program in Rust: src/main.rs and its logic in src/lib.rs, tested.
    Program,
    /// A Connect Four AI for the contest, in C the TIGCC way: src/joueur.c.
    C,
}

/// Arguments of `ti68k new`.
#[derive(Args, Debug)]
pub struct NewArgs {
    /// The new project's folder (it must not exist, or be empty).
    path: PathBuf,
    /// What to make.
    #[arg(long, value_enum, default_value_t = Kind::Joueur)]
    template: Kind,
    /// The project's name (default: the folder's name): a package name, whose first 8
    /// letters and digits also name the AI and the calculator variable.
    #[arg(long)]
    name: Option<String>,
    /// The toolkit's checkout the project builds with (default: the one this tool was built
    /// from; also TI68K_TOOLKIT).
    #[arg(long)]
    toolkit: Option<PathBuf>,
}

/// Runs `ti68k new`.
pub fn run(args: NewArgs) -> anyhow::Result<()> {
    let toolkit = match &args.toolkit {
        Some(t) => std::path::absolute(t)?,
        None => ti_build::project::default_toolkit()?,
    };
    if !toolkit.join("calc/programs/rt/link.ld").is_file() {
        anyhow::bail!("{} is not a checkout of the toolkit", toolkit.display());
    }
    let template = match args.template {
        Kind::Joueur => Template::Joueur,
        Kind::Program => Template::Program,
        Kind::C => Template::C,
    };
    let files = template::create(&args.path, template, args.name.as_deref(), &toolkit)
        .with_context(|| format!("making the project {}", args.path.display()))?;
    let mut out = Out::new();
    writeln!(
        out,
        "made {} with the toolkit at {}:",
        args.path.display(),
        toolkit.display()
    )?;
    for f in &files {
        writeln!(
            out,
            "  {}",
            f.strip_prefix(&args.path).unwrap_or(f).display()
        )?;
    }
    let dir = args.path.display();
    match template {
        Template::Joueur => writeln!(
            out,
            "next: cd {dir} && cargo test && ti68k build joueur && \
             ti68k match --cable emu --ai1 target/ti/joueur.89z --ai2 winblock --games 10"
        )?,
        Template::Program => writeln!(out, "next: cd {dir} && cargo test && ti68k build --all")?,
        Template::C => writeln!(
            out,
            "next: cd {dir} && ti68k build joueur && \
             ti68k match --cable emu --ai1 target/ti/joueur.89z --ai2 winblock --games 10"
        )?,
    }
    Ok(())
}
