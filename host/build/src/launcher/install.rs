//! A built program as it goes onto a calculator ([`Installable`]): its ASM variable and, for a
//! program built with a launcher, its body; where a launcher's body file is, and the one
//! function that makes the variables to send ([`Installable::variables`]).

use std::path::{Path, PathBuf};

use ti_files::{Model, VarFile, VarName, VarPath, VarType, Variable};

use super::{launcher_body_name, parse_body, LauncherError};
use crate::image::{ImageError, ProgramImage};

/// The body file beside a launcher's file: same folder and stem, the model's `y` extension.
pub fn body_file(launcher_file: &Path, model: Model) -> PathBuf {
    launcher_file.with_extension(format!("{}y", model.extension_prefix()))
}

/// A program's variable from the body file at `path`, checked: it must be a body named `name`.
pub fn read_body_file(path: &Path, name: &VarName) -> Result<Variable, String> {
    let bytes = ti_files::disk::read_calculator_file(path).map_err(|e| e.to_string())?;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let file = VarFile::from_bytes_with_extension(&bytes, ext).map_err(|e| e.to_string())?;
    let var = file
        .variables
        .into_iter()
        .find(|v| v.var_type == VarType::OTH && v.name == *name)
        .ok_or_else(|| format!("holds no custom-data variable named {name}"))?;
    parse_body(&var.data).map_err(|why| format!("holds {name}, but {why}"))?;
    Ok(var)
}

/// A program's body: its variable's name and data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
    /// The variable's name (in the launcher's folder).
    pub name: VarName,
    /// The variable's data (without its size word).
    pub data: Vec<u8>,
}

/// A built program as it goes onto a calculator: its ASM variable and, for a program built
/// with a launcher, the body the launcher runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Installable {
    /// The data of the ASM variable (without its size word): the program, or its launcher.
    pub program: Vec<u8>,
    /// The length of that program's text when known (0 when not): the CPU harness protects
    /// it against writes.
    pub text_len: u32,
    /// The body, for a launcher.
    pub body: Option<Body>,
}

impl Installable {
    /// A program without a body, from the data of its ASM variable.
    pub fn plain(program: Vec<u8>) -> Installable {
        Installable {
            program,
            text_len: 0,
            body: None,
        }
    }

    /// A program without a body, from its image.
    pub fn from_image(image: &ProgramImage) -> Result<Installable, ImageError> {
        Ok(Installable {
            program: image.to_variable_data()?,
            text_len: image.text_len,
            body: None,
        })
    }

    /// Whether the program is a launcher (it has a body).
    pub fn is_launcher(&self) -> bool {
        self.body.is_some()
    }

    /// The program of the calculator file at `path` (`.89z`, `.9xz`, `.v2z`): its one ASM
    /// variable, and when that is a launcher, its body from the file beside it
    /// ([`body_file`]).
    pub fn from_file(path: &Path) -> Result<Installable, LauncherError> {
        let bytes = ti_files::disk::read_calculator_file(path)
            .map_err(|e| LauncherError::File(e.to_string()))?;
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let file = VarFile::from_bytes_with_extension(&bytes, ext)
            .map_err(|e| LauncherError::File(format!("{}: {e}", path.display())))?;
        let var = file
            .variables
            .iter()
            .find(|v| v.var_type == VarType::ASM)
            .ok_or_else(|| {
                LauncherError::File(format!("{} holds no ASM program", path.display()))
            })?;
        let body = body_beside(path, file.model, var, &file.variables)?;
        Ok(Installable {
            program: var.data.clone(),
            text_len: 0,
            body: body.map(|v| Body {
                name: v.name,
                data: v.data,
            }),
        })
    }

    /// The variables that install the program as `folder\name` (`folder` `None`: the
    /// calculator's current folder): the ASM variable, then for a launcher its body in the
    /// same folder under the body's own name. Every command and bench installs programs
    /// through this.
    pub fn variables(
        &self,
        folder: Option<&VarName>,
        name: &VarName,
    ) -> Result<Vec<Variable>, LauncherError> {
        let path = |name: &VarName| VarPath {
            folder: folder.cloned(),
            name: name.clone(),
        };
        let program = Variable::asm_program(path(name), self.program.clone())
            .map_err(|e| LauncherError::Name(e.to_string()))?;
        let mut vars = vec![program];
        if let Some(body) = &self.body {
            if body.name == *name {
                return Err(LauncherError::Name(format!(
                    "the program cannot be named {name} like its body: name it otherwise"
                )));
            }
            vars.push(
                Variable::from_data(path(&body.name), VarType::OTH, body.data.clone())
                    .map_err(|e| LauncherError::Name(e.to_string()))?,
            );
        }
        Ok(vars)
    }
}

/// The body of the launcher `launcher` read from `file` (whose variables are `siblings`): the
/// body among the file's own variables, else from the body file beside it; `None` when
/// `launcher` is not a launcher.
pub fn body_beside(
    file: &Path,
    model: Model,
    launcher: &Variable,
    siblings: &[Variable],
) -> Result<Option<Variable>, LauncherError> {
    let Some(name) = launcher_body_name(&launcher.data) else {
        return Ok(None);
    };
    if let Some(v) = siblings
        .iter()
        .find(|v| v.var_type == VarType::OTH && v.name == name)
    {
        parse_body(&v.data).map_err(|why| LauncherError::NotABody {
            what: format!("{} in {}", v.name, file.display()),
            why,
        })?;
        return Ok(Some(Variable {
            folder: launcher.folder.clone(),
            ..v.clone()
        }));
    }
    let beside = body_file(file, model);
    let missing = |why: String| LauncherError::BodyMissing {
        launcher: file.display().to_string(),
        body: name.to_string(),
        expected: beside.display().to_string(),
        why,
    };
    if !beside.is_file() {
        return Err(missing("does not exist".into()));
    }
    let body = read_body_file(&beside, &name).map_err(missing)?;
    Ok(Some(Variable {
        folder: launcher.folder.clone(),
        ..body
    }))
}

/// The bodies the launchers among `file`'s variables (the file read from `path`) need and the
/// file does not hold: read from the body files beside it ([`body_beside`]), each in its
/// launcher's folder. Empty when the file holds no launcher.
pub fn missing_bodies(path: &Path, file: &VarFile) -> Result<Vec<Variable>, LauncherError> {
    let mut bodies = Vec::new();
    for v in file.variables.iter().filter(|v| v.var_type == VarType::ASM) {
        let Some(body) = body_beside(path, file.model, v, &file.variables)? else {
            continue;
        };
        if !file
            .variables
            .iter()
            .any(|o| o.name == body.name && o.var_type == VarType::OTH)
        {
            bodies.push(body);
        }
    }
    Ok(bodies)
}

#[cfg(test)]
mod tests {
    use super::super::{body_data, test_launcher};
    use super::*;

    #[test]
    fn a_launcher_is_installed_with_its_body_in_its_folder() {
        let name = VarName::new("joueurx").unwrap();
        let launcher = test_launcher(&name);
        let body = ProgramImage {
            body: vec![0x4E, 0x75],
            text_len: 2,
            ..Default::default()
        };
        let program = Installable {
            program: launcher.to_variable_data().unwrap(),
            text_len: 0,
            body: Some(Body {
                name: name.clone(),
                data: body_data(&body).unwrap(),
            }),
        };
        let folder = VarName::new("ai1").unwrap();
        let vars = program
            .variables(Some(&folder), &VarName::new("joueur").unwrap())
            .unwrap();
        let paths: Vec<String> = vars.iter().map(|v| v.path().to_string()).collect();
        assert_eq!(paths, ["ai1\\joueur", "ai1\\joueurx"]);
        assert_eq!(vars[1].var_type, VarType::OTH);
        assert!(program.variables(Some(&folder), &name).is_err());

        // Written as files, read back with the body beside the launcher.
        let dir = std::env::temp_dir().join(format!("launcher-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for model in Model::ALL {
            for v in &vars {
                let file = VarFile::single(model, v.clone());
                let stem = dir.join("joueur");
                let path = stem.with_extension(file.extension());
                ti_files::disk::write_atomic(&path, &file.to_bytes().unwrap()).unwrap();
            }
            let launcher_file = dir.join(format!("joueur.{}z", model.extension_prefix()));
            let read = Installable::from_file(&launcher_file).unwrap();
            assert_eq!(read.body, program.body);
            std::fs::remove_file(body_file(&launcher_file, model)).unwrap();
            let e = Installable::from_file(&launcher_file)
                .unwrap_err()
                .to_string();
            assert!(e.contains("joueurx") && e.contains("does not exist"), "{e}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
