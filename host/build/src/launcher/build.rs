//! The launcher of one program: the toolkit's `calc/programs/src/os/launcher.S`, assembled by
//! the same GCC (with `rom_calls.h` and `launch_format.h` from the program's build folder),
//! linked by the same script, checked for 68000-only code like every program, then given its
//! body's name (written into its header after the link, as GCC4TI's pstarter gets its
//! program's name patched in).

use std::path::Path;

use ti_files::VarName;

use super::name_launcher;
use crate::driver::{compile, io};
use crate::gcc::{Compiler, SourceKind};
use crate::image::ProgramImage;
use crate::project::Project;
use crate::tools::Tools;
use crate::{check68k, linker, BuildError};

/// The launcher's source, in the toolkit's OS layer.
pub const LAUNCHER_SOURCE: &str = "launcher.S";

/// Builds the launcher of the body `body` into `dir/launcher/`: its image, and the number of
/// instructions the 68000-only check read.
pub(crate) fn build_launcher(
    tools: &Tools,
    compiler: &Compiler,
    project: &Project,
    dir: &Path,
    body: &VarName,
) -> Result<(ProgramImage, usize), BuildError> {
    let out = dir.join("launcher");
    std::fs::create_dir_all(&out).map_err(io(format!("creating {}", out.display())))?;
    let source = project.os().join(LAUNCHER_SOURCE);
    let (object, _) = compile(compiler, &source, &out, "-Os", SourceKind::Runtime)?;
    let elf = out.join("launcher.elf");
    linker::link(tools, &project.rt().join("link.ld"), &[object], &[], &elf)?;
    let bytes = std::fs::read(&elf).map_err(io(format!("reading {}", elf.display())))?;
    let (mut image, _) = linker::read_image(&bytes, &["_start".to_string()])?;
    if !image.relocations.is_empty() {
        return Err(BuildError::Unsupported {
            program: "launcher".into(),
            message: format!(
                "{} has {} absolute reference(s): the launcher must be PC-relative",
                source.display(),
                image.relocations.len()
            ),
        });
    }
    let instructions = check68k::check(tools, &elf)?;
    name_launcher(&mut image, body).map_err(|message| BuildError::Unsupported {
        program: "launcher".into(),
        message,
    })?;
    image.validate()?;
    Ok((image, instructions))
}
