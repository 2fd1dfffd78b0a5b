//! The packager: a program becomes calculator files through the file layer (`ti_files`), one
//! for each model: its ASM variable (type 0x21) as `<program>.89z`, `.9xz` and `.v2z`; for a
//! program built with a launcher, the launcher there and the body (custom data, type 0x1C) as
//! `<program>.89y`, `.9xy` and `.v2y` (docs/building.md#programs-over-24-kb).

use std::path::{Path, PathBuf};

use super::image::ProgramImage;
use super::launcher;
use super::BuildError;
use ti_files::disk::write_atomic;
use ti_files::{Model, VarFile, VarName, VarPath, VarType, Variable};

/// Writes `image` as the ASM variable `folder\name` into `out_dir/<stem>.<ext>` for every
/// model; returns the paths written.
pub fn write_files(
    image: &ProgramImage,
    folder: &str,
    name: &str,
    out_dir: &Path,
    stem: &str,
) -> Result<Vec<PathBuf>, BuildError> {
    let data = image.to_variable_data()?;
    let variable = Variable::asm_program(path(folder, name)?, data)
        .map_err(|e| BuildError::Package(e.to_string()))?;
    write_variable(&variable, out_dir, stem)
}

/// Writes the body variable `folder\name` (its data `data`) into `out_dir/<stem>.<ext>` for
/// every model; returns the paths written.
pub fn write_body_files(
    data: &[u8],
    folder: &str,
    name: &VarName,
    out_dir: &Path,
    stem: &str,
) -> Result<Vec<PathBuf>, BuildError> {
    let variable = Variable::from_data(
        path(folder, &name.to_string())?,
        VarType::OTH,
        data.to_vec(),
    )
    .map_err(|e| BuildError::Package(e.to_string()))?;
    write_variable(&variable, out_dir, stem)
}

/// Removes the body files `out_dir/<stem>.89y` (...) an earlier build with a launcher left, so
/// that they are not sent with a program that no longer has one. Files that are not bodies
/// are left alone.
pub fn remove_stale_bodies(out_dir: &Path, stem: &str) -> Result<(), BuildError> {
    for model in Model::ALL {
        let file = out_dir.join(format!("{stem}.{}y", model.extension_prefix()));
        let is_body = ti_files::disk::read_calculator_file(&file)
            .ok()
            .and_then(|bytes| VarFile::from_bytes(&bytes, model).ok())
            .is_some_and(|f| {
                f.variables
                    .iter()
                    .any(|v| launcher::parse_body(&v.data).is_ok())
            });
        if is_body {
            std::fs::remove_file(&file).map_err(|e| BuildError::Io {
                what: format!("removing the old body file {}", file.display()),
                source: e,
            })?;
        }
    }
    Ok(())
}

fn path(folder: &str, name: &str) -> Result<VarPath, BuildError> {
    let folder =
        VarName::new(folder).map_err(|e| BuildError::Package(format!("folder {folder:?}: {e}")))?;
    let name =
        VarName::new(name).map_err(|e| BuildError::Package(format!("name {name:?}: {e}")))?;
    Ok(VarPath::new(folder, name))
}

fn write_variable(
    variable: &Variable,
    out_dir: &Path,
    stem: &str,
) -> Result<Vec<PathBuf>, BuildError> {
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
