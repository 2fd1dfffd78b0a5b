//! The packager: a program image becomes one ASM-program variable (type 0x21) in a file for
//! each model, `<program>.89z`, `.9xz` and `.v2z`, through the file layer (`ti_files`).

use std::path::{Path, PathBuf};

use super::image::ProgramImage;
use super::BuildError;
use ti_files::disk::write_atomic;
use ti_files::{Model, VarFile, VarName, VarPath, Variable};

/// Writes `image` as the variable `folder\name` into `out_dir/<stem>.<ext>` for every model;
/// returns the paths written.
pub fn write_files(
    image: &ProgramImage,
    folder: &str,
    name: &str,
    out_dir: &Path,
    stem: &str,
) -> Result<Vec<PathBuf>, BuildError> {
    let folder =
        VarName::new(folder).map_err(|e| BuildError::Package(format!("folder {folder:?}: {e}")))?;
    let name =
        VarName::new(name).map_err(|e| BuildError::Package(format!("name {name:?}: {e}")))?;
    let data = image.to_variable_data()?;
    let variable = Variable::asm_program(VarPath::new(folder, name), data)
        .map_err(|e| BuildError::Package(e.to_string()))?;
    std::fs::create_dir_all(out_dir).map_err(|e| BuildError::Io {
        what: format!("creating {}", out_dir.display()),
        source: e,
    })?;
    let mut written = Vec::new();
    for model in Model::ALL {
        let file = VarFile::single(model, variable.clone());
        let bytes = file
            .to_bytes()
            .map_err(|e| BuildError::Package(e.to_string()))?;
        let path = out_dir.join(format!("{stem}.{}", file.extension()));
        write_atomic(&path, &bytes).map_err(|e| BuildError::Io {
            what: format!("writing {}", path.display()),
            source: e,
        })?;
        written.push(path);
    }
    Ok(written)
}
