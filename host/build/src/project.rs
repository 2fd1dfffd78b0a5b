//! Where a build takes its sources from: the program crate (the toolkit's own `calc/programs`,
//! or a user's project made by `ti68k new`, anywhere on disk), the toolkit whose runtime every
//! program links with, and where the intermediate and calculator files go.
//!
//! A user's project is an ordinary cargo package outside this repository. It depends on the
//! toolkit's `calc` and `programs` crates by path, and its `Cargo.toml` carries the calculator
//! settings (`[package.metadata.ti.programs.NAME]`). The 68000 side of every program (the wasm
//! runtime `calc/programs/rt/`, the OS layer `calc/programs/src/os/`, the GCC plugin
//! `tools/gcc-plugin/`) is the toolkit's: the build takes it from the checkout the project's
//! `programs` dependency points into, so that the Rust library and its C runtime always come
//! from the same checkout (docs/building.md#projects-of-your-own).

use std::path::{Path, PathBuf};

use super::BuildError;

/// The toolkit's program crate, relative to the toolkit's root.
pub const PROGRAMS_DIR: &str = "calc/programs";

/// A file only a toolkit checkout has: its runtime's linker script.
const TOOLKIT_MARK: &str = "calc/programs/rt/link.ld";

/// The environment variable that names the toolkit when the project does not.
pub const TOOLKIT_ENV: &str = "TI68K_TOOLKIT";

/// A program crate and the toolkit it builds with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    /// The folder of the crate's `Cargo.toml`.
    pub dir: PathBuf,
    /// The toolkit checkout: its runtime, OS layer and GCC plugin are compiled with every
    /// program.
    pub toolkit: PathBuf,
    /// The crate's target folder: `ti-build/` (intermediate files) and `ti/` (calculator files)
    /// go there.
    pub target: PathBuf,
    /// Whether cargo must keep to the crate's `Cargo.lock` (`--locked`): the toolkit's own
    /// crate ships one; a new project gets its own on the first build.
    pub locked: bool,
}

impl Project {
    /// The toolkit's own program crate, `calc/programs` of the checkout at `root`; its files go
    /// to `root/target`.
    pub fn toolkit_programs(root: &Path) -> Project {
        Project {
            dir: root.join(PROGRAMS_DIR),
            toolkit: root.to_path_buf(),
            target: root.join("target"),
            locked: true,
        }
    }

    /// The project whose manifest is `manifest` (a `Cargo.toml`). The toolkit is `toolkit` if
    /// given, else the checkout of the project's `programs` path dependency, else the one its
    /// `[package.metadata.ti] toolkit` names (a C project), else [`default_toolkit`].
    pub fn at_manifest(manifest: &Path, toolkit: Option<&Path>) -> Result<Project, BuildError> {
        let manifest = absolute(manifest)?;
        let dir = manifest
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        if manifest.file_name().is_some_and(|n| n != "Cargo.toml") || !manifest.is_file() {
            return Err(BuildError::NoProject(format!(
                "{} is not a Cargo.toml: give the project's manifest",
                manifest.display()
            )));
        }
        if let Some(root) = toolkit_of_programs_crate(&dir) {
            return Ok(Project::toolkit_programs(&root));
        }
        let text = std::fs::read_to_string(&manifest).map_err(|source| BuildError::Io {
            what: format!("reading {}", manifest.display()),
            source,
        })?;
        let toolkit = match toolkit {
            Some(t) => check_toolkit(t, "--toolkit")?,
            None => match programs_dependency(&text, &dir) {
                Some(t) => check_toolkit(
                    &t,
                    &format!("the programs dependency of {}", manifest.display()),
                )?,
                None => match named_toolkit(&text, &dir) {
                    Some(t) => check_toolkit(
                        &t,
                        &format!("[package.metadata.ti] toolkit of {}", manifest.display()),
                    )?,
                    None => default_toolkit()?,
                },
            },
        };
        Ok(Project {
            target: dir.join("target"),
            dir,
            toolkit,
            locked: false,
        })
    }

    /// The project a command run in `start` means: the nearest folder at or above `start`
    /// whose `Cargo.toml` has calculator programs (`[package.metadata.ti]`), or the toolkit
    /// checkout holding `start` (its `calc/programs`), whichever comes first.
    pub fn find(start: &Path, toolkit: Option<&Path>) -> Result<Project, BuildError> {
        let start = absolute(start)?;
        for dir in start.ancestors() {
            let manifest = dir.join("Cargo.toml");
            if manifest.is_file() && has_ti_metadata(&manifest) {
                return Project::at_manifest(&manifest, toolkit);
            }
            if dir.join(TOOLKIT_MARK).is_file()
                && dir.join(PROGRAMS_DIR).join("Cargo.toml").is_file()
            {
                return Ok(Project::toolkit_programs(dir));
            }
        }
        Err(BuildError::NoProject(format!(
            "no project at or above {}: run the command in a project's folder (one made by \
             `ti68k new`), pass --manifest-path, or name C and assembler files to build",
            start.display()
        )))
    }

    /// Loose C and assembler files named on the command line: built in `dir` (files to
    /// `dir/target`) with the toolkit `toolkit`, or [`default_toolkit`].
    pub fn loose_sources(dir: &Path, toolkit: Option<&Path>) -> Result<Project, BuildError> {
        let dir = absolute(dir)?;
        let toolkit = match toolkit {
            Some(t) => check_toolkit(t, "--toolkit")?,
            None => default_toolkit()?,
        };
        Ok(Project {
            target: dir.join("target"),
            dir,
            toolkit,
            locked: false,
        })
    }

    /// The wasm runtime for the 68000 (`calc/programs/rt`).
    pub fn rt(&self) -> PathBuf {
        self.toolkit.join(PROGRAMS_DIR).join("rt")
    }

    /// The OS layer (`calc/programs/src/os`).
    pub fn os(&self) -> PathBuf {
        self.toolkit.join(PROGRAMS_DIR).join("src/os")
    }

    /// Where intermediate files go.
    pub fn work_dir(&self) -> PathBuf {
        self.target.join("ti-build")
    }

    /// Where the calculator files go by default.
    pub fn out_dir(&self) -> PathBuf {
        self.target.join("ti")
    }
}

/// The toolkit this build of the tool comes from (its source checkout), or the one
/// `TI68K_TOOLKIT` names; an error that says what to do when neither is there.
pub fn default_toolkit() -> Result<PathBuf, BuildError> {
    if let Some(t) = std::env::var_os(TOOLKIT_ENV) {
        return check_toolkit(Path::new(&t), TOOLKIT_ENV);
    }
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    check_toolkit(&built_from, "the checkout this tool was built from").map_err(|_| {
        BuildError::NoToolkit(format!(
            "the checkout this tool was built from ({}) is gone: pass --toolkit PATH or set \
             {TOOLKIT_ENV} to a checkout of the toolkit",
            built_from.display()
        ))
    })
}

/// `path` made absolute and tidy when it is a toolkit checkout; else an error naming `what`.
fn check_toolkit(path: &Path, what: &str) -> Result<PathBuf, BuildError> {
    let path = absolute(path)?;
    if path.join(TOOLKIT_MARK).is_file() {
        Ok(path.canonicalize().unwrap_or(path))
    } else {
        Err(BuildError::NoToolkit(format!(
            "{} ({what}) is not a checkout of the toolkit: it has no {TOOLKIT_MARK}",
            path.display()
        )))
    }
}

/// The toolkit root when `dir` is the toolkit's own `calc/programs`.
fn toolkit_of_programs_crate(dir: &Path) -> Option<PathBuf> {
    let dir = dir.canonicalize().ok()?;
    let root = dir.parent()?.parent()?;
    (root.join(TOOLKIT_MARK).is_file() && root.join(PROGRAMS_DIR) == dir)
        .then(|| root.to_path_buf())
}

/// Whether the manifest has a `[package.metadata.ti]` table.
fn has_ti_metadata(manifest: &Path) -> bool {
    std::fs::read_to_string(manifest)
        .ok()
        .and_then(|t| t.parse::<toml::Table>().ok())
        .is_some_and(|doc| {
            doc.get("package")
                .and_then(|p| p.get("metadata"))
                .and_then(|m| m.get("ti"))
                .is_some()
        })
}

/// The toolkit root of the manifest's `programs` path dependency (`<root>/calc/programs`).
fn programs_dependency(manifest: &str, dir: &Path) -> Option<PathBuf> {
    let doc: toml::Table = manifest.parse().ok()?;
    let path = doc
        .get("dependencies")?
        .get("programs")?
        .get("path")?
        .as_str()?;
    let programs = dir.join(path);
    Some(programs.join("../.."))
}

/// The toolkit a manifest names in `[package.metadata.ti] toolkit` (relative to its folder).
fn named_toolkit(manifest: &str, dir: &Path) -> Option<PathBuf> {
    let doc: toml::Table = manifest.parse().ok()?;
    let path = doc
        .get("package")?
        .get("metadata")?
        .get("ti")?
        .get("toolkit")?
        .as_str()?;
    Some(dir.join(path))
}

fn absolute(path: &Path) -> Result<PathBuf, BuildError> {
    std::path::absolute(path).map_err(|source| BuildError::Io {
        what: format!("resolving {}", path.display()),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toolkit() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .canonicalize()
            .unwrap()
    }

    #[test]
    fn inside_the_toolkit_the_project_is_its_programs() {
        let root = toolkit();
        for start in [
            root.join("host/cli/src"),
            root.clone(),
            root.join("calc/programs/src"),
        ] {
            let p = Project::find(&start, None).unwrap();
            assert_eq!(
                p,
                Project::toolkit_programs(&root),
                "from {}",
                start.display()
            );
        }
        let manifest = root.join("calc/programs/Cargo.toml");
        assert_eq!(
            Project::at_manifest(&manifest, None).unwrap(),
            Project::toolkit_programs(&root)
        );
    }

    #[test]
    fn a_users_project_takes_the_toolkit_of_its_programs_dependency() {
        let dir = std::env::temp_dir().join(format!("ti-project-{}", std::process::id()));
        let src = dir.join("src/deep");
        std::fs::create_dir_all(&src).unwrap();
        let root = toolkit();
        let manifest = format!(
            "[package]\nname = \"mine\"\nversion = \"0.1.0\"\n\n[dependencies]\n\
             programs = {{ path = \"{}\", optional = true }}\n\n\
             [package.metadata.ti.programs.joueur]\nstack = 4096\n",
            root.join("calc/programs").display()
        );
        std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
        let p = Project::find(&src, None).unwrap();
        assert_eq!(p.dir, dir);
        assert_eq!(p.toolkit, root);
        assert_eq!(p.target, dir.join("target"));
        assert!(!p.locked);
        // --toolkit must be a checkout.
        let e = Project::at_manifest(&dir.join("Cargo.toml"), Some(&dir)).unwrap_err();
        assert!(
            e.to_string().contains("not a checkout of the toolkit"),
            "{e}"
        );
        // A manifest that is not one.
        let e = Project::at_manifest(&dir.join("src"), None).unwrap_err();
        assert!(e.to_string().contains("is not a Cargo.toml"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn outside_any_project_the_error_says_what_to_do() {
        let e = Project::find(Path::new("/"), None).unwrap_err().to_string();
        assert!(
            e.contains("ti68k new") && e.contains("--manifest-path"),
            "{e}"
        );
    }
}
