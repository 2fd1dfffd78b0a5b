//! Building calculator programs: Rust -> wasm32 -> wasm2c -> GCC `-m68000` -> the project's
//! linker -> `.89z`/`.9xz`/`.v2z` (docs/building.md). [`build`] runs the whole route for one
//! program of `calc/programs`; [`ProgramImage`] is the contract between the linker, the
//! packager and the emulator (`ti-emulator`).
//!
//! | stage | module |
//! | --- | --- |
//! | the program crate and the toolkit (`calc/programs`, or a user's project) | [`project`] |
//! | program settings (`[package.metadata.ti.programs]` of the crate) | [`config`] |
//! | Rust -> wasm32 (Debian's rustc, `-Zbuild-std=core`) | `cargo` |
//! | module facts and checks | [`wasm`] |
//! | wasm2c's output tuned for the 68000 | [`prelude`] |
//! | C glue of each program | [`glue`] |
//! | GCC and its alignment plugin | `gcc` |
//! | GNU ld, then ELF -> [`ProgramImage`] | [`linker`] |
//! | symbol map (for the cycle profiler) | [`symbols`] |
//! | 68000-only check | [`check68k`] |
//! | C and assembler programs, the TIGCC-style header | `sources`, [`tigcc`] |
//! | size report | [`report`] |
//! | programs over 24 KB: the launcher and its body, and how a program is installed | [`launcher`] |
//! | calculator files | `package` |
//!
//! [`rom_calls`] is the one table of the AMS ROM calls (name, jump-table index, prototype) that
//! the programs (through the `rom_calls.h` the build generates from it), the emulator and the
//! test fixtures share.

pub mod cargo;
pub mod check68k;
pub mod config;
mod driver;
mod gcc;
pub mod glue;
mod image;
pub mod launcher;
pub mod linker;
mod package;
pub mod prelude;
pub mod project;
pub mod report;
pub mod rom_calls;
mod route;
mod sources;
pub mod symbols;
pub mod tigcc;
pub mod tools;
pub mod wasm;

pub use driver::{build, repository_root, BuildOptions, Built, BuiltLauncher};
pub use image::{ImageError, ProgramImage, Relocation, MAX_BODY_RELOC_OFFSET};
pub use launcher::{Installable, LauncherError};
pub use project::Project;
pub use route::Route;
pub use symbols::{CodeKind, FunctionSymbol, SymbolMap, SymbolMapError};

/// Everything that can stop a build. Each message says what was wrong and what to do.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// A tool is not installed.
    #[error("{tool} is missing: install the Debian package {package} (tools/setup does)")]
    MissingTool {
        /// The tool.
        tool: String,
        /// The package that provides it.
        package: String,
    },
    /// A tool has a version the build was not written for.
    #[error("{tool} is version {found}, but the build is written for {expected} (Debian 12)")]
    WrongVersion {
        /// The tool.
        tool: String,
        /// Its version.
        found: String,
        /// The version expected.
        expected: String,
    },
    /// A tool ran and failed.
    #[error("{what} failed ({status}):\n{output}")]
    ToolFailed {
        /// What was being done.
        what: String,
        /// Its exit status.
        status: String,
        /// The end of its output.
        output: String,
    },
    /// A file operation failed.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// The error.
        source: std::io::Error,
    },
    /// `calc/programs/Cargo.toml` has a bad setting.
    #[error("{path}: {message}")]
    Config {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// No program of that name.
    #[error("there is no program {name:?} in this project; its programs are: {known}")]
    UnknownProgram {
        /// The name asked for.
        name: String,
        /// The programs there are.
        known: String,
    },
    /// The repository could not be found.
    #[error(
        "cannot find the repository (a directory with calc/programs/Cargo.toml) from {0}; run \
         the command from inside it (`profile` also takes --root DIR; `versus`, `tournament` \
         and `evolve` take --programs DIR, a directory of the calculator files built before)"
    )]
    NoRepository(String),
    /// No program crate where the command was run.
    #[error("{0}")]
    NoProject(String),
    /// The toolkit's runtime cannot be found.
    #[error("{0}")]
    NoToolkit(String),
    /// The wasm module cannot be read.
    #[error(transparent)]
    Wasm(#[from] wasm::WasmError),
    /// The wasm module uses something the 68000 route does not support.
    #[error("program {program}: {message}")]
    Unsupported {
        /// The program.
        program: String,
        /// What it uses, and what to do.
        message: String,
    },
    /// wasm2c's output is not what the prelude expects.
    #[error(transparent)]
    Prelude(#[from] prelude::PreludeError),
    /// An export cannot be given a C entry point.
    #[error(transparent)]
    Glue(#[from] glue::GlueError),
    /// Symbols the link could not resolve.
    #[error("the link left undefined symbols:\n{0}")]
    Undefined(String),
    /// The code grew beyond what the 68000's 16-bit PC-relative displacements reach.
    #[error("the program is over 32 KB, out of reach of the 68000's 16-bit PC-relative references ({0}); AMS runs ASM programs of at most 24 KB anyway: build it for size (profile = \"size\" and gcc-opt = \"-Os\" in calc/programs/Cargo.toml), split it, or run it through a launcher as absolute code (launcher = true and pcrel = false), which a launcher's body may use up to a variable's 64 KB")]
    OutOfReach(String),
    /// The linked program cannot be made into an image.
    #[error(transparent)]
    Link(#[from] linker::LinkerError),
    /// The image cannot be encoded as an ASM variable.
    #[error(transparent)]
    Image(#[from] ImageError),
    /// The image holds an instruction a 68000 cannot execute.
    #[error(transparent)]
    Not68000(#[from] check68k::Not68000),
    /// The calculator file cannot be made.
    #[error("cannot make the calculator file: {0}")]
    Package(String),
    /// The route asked for is not enabled.
    #[error("{0}")]
    RouteDisabled(String),
}
