//! Projects of your own (`ti68k new`, docs/tutorial.md): a folder anywhere on disk with a
//! `Cargo.toml` that carries the calculator settings (`[package.metadata.ti.programs.NAME]`),
//! the program's source and a test, ready for `cargo test` (natively) and `ti68k build` (for the
//! calculator).
//!
//! A Rust project depends on the toolkit's `calc` (the game core, the
//! [`Strategy`](calc::connect4::strategy::Strategy) trait) and, for the calculator build only,
//! `programs` (the OS and the contest's `joueur`), both by path into the toolkit's checkout,
//! written into its `Cargo.toml`; `ti68k build` takes the 68000 runtime from the same
//! checkout. A C project (TIGCC style) lists its sources and names the checkout in
//! `[package.metadata.ti] toolkit`.
//!
//! The templates are files of this crate (`host/cli/templates/`); the C joueur is the toolkit's
//! own (`calc/programs/c/joueur.c`).

use std::path::{Path, PathBuf};

/// What kind of project to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Template {
    /// A contest AI in Rust: a [`Strategy`](calc::connect4::strategy::Strategy), the `joueur`
    /// program around it, and native tests against the ladder.
    Joueur,
    /// A calculator program in Rust: a `main`, and its logic tested natively.
    Program,
    /// A contest AI in C, TIGCC style (`tigcclib.h`, `_main`).
    C,
}

/// Why a project could not be made.
#[derive(Debug, thiserror::Error)]
pub enum TemplateError {
    /// The folder is there and holds files.
    #[error("{0} already exists and is not empty: give a new folder")]
    NotEmpty(PathBuf),
    /// The project's name cannot be a package's or a calculator variable's.
    #[error("{name:?} cannot name the project: {why}; give another folder name or --name")]
    BadName {
        /// The name.
        name: String,
        /// Why.
        why: &'static str,
    },
    /// Writing a file failed.
    #[error("writing {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// One file of a template: its path in the project and its text with placeholders.
struct File {
    path: &'static str,
    text: &'static str,
}

const JOUEUR: [File; 5] = [
    File {
        path: "Cargo.toml",
        text: include_str!("../templates/joueur/Cargo.toml"),
    },
    File {
        path: "src/lib.rs",
        text: include_str!("../templates/joueur/src/lib.rs"),
    },
    File {
        path: "src/bin/joueur.rs",
        text: include_str!("../templates/joueur/src/bin/joueur.rs"),
    },
    File {
        path: "tests/games.rs",
        text: include_str!("../templates/joueur/tests/games.rs"),
    },
    File {
        path: ".gitignore",
        text: include_str!("../templates/joueur/gitignore"),
    },
];

const PROGRAM: [File; 4] = [
    File {
        path: "Cargo.toml",
        text: include_str!("../templates/program/Cargo.toml"),
    },
    File {
        path: "src/lib.rs",
        text: include_str!("../templates/program/src/lib.rs"),
    },
    File {
        path: "src/main.rs",
        text: include_str!("../templates/program/src/main.rs"),
    },
    File {
        path: ".gitignore",
        text: include_str!("../templates/program/gitignore"),
    },
];

const C: [File; 3] = [
    File {
        path: "Cargo.toml",
        text: include_str!("../templates/c/Cargo.toml"),
    },
    File {
        path: "src/joueur.c",
        text: include_str!("../../../calc/programs/c/joueur.c"),
    },
    File {
        path: ".gitignore",
        text: include_str!("../templates/joueur/gitignore"),
    },
];

/// The names a project goes by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    /// The cargo package (`my-ai`).
    pub package: String,
    /// The Rust crate (`my_ai`).
    pub krate: String,
    /// At most 8 letters, digits or `_`, from a letter: the AI's contest name and a calculator
    /// variable name (`myai`).
    pub short: String,
}

impl Names {
    /// The names of a project called `name`.
    pub fn of(name: &str) -> Result<Names, TemplateError> {
        let bad = |why| TemplateError::BadName {
            name: name.to_string(),
            why,
        };
        if name.is_empty() {
            return Err(bad("it is empty"));
        }
        if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(bad("a package name has only letters, digits, '-' and '_'"));
        }
        if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return Err(bad("it must start with a letter"));
        }
        let short: String = name
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .map(|c| c.to_ascii_lowercase())
            .take(8)
            .collect();
        Ok(Names {
            package: name.to_string(),
            krate: name.replace('-', "_"),
            short,
        })
    }
}

/// Makes a project of `template` in `dir` (which must be missing or empty), named `name` (the
/// folder's name by default), linked to the toolkit checkout `toolkit`. Returns the files
/// written.
pub fn create(
    dir: &Path,
    template: Template,
    name: Option<&str>,
    toolkit: &Path,
) -> Result<Vec<PathBuf>, TemplateError> {
    if dir.read_dir().is_ok_and(|mut d| d.next().is_some()) || dir.is_file() {
        return Err(TemplateError::NotEmpty(dir.to_path_buf()));
    }
    let folder = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let names = Names::of(name.unwrap_or(&folder))?;
    let quoted = |path: PathBuf| {
        serde_json::to_string(&path.to_string_lossy()).expect("a string serialises")
    };
    let files: &[File] = match template {
        Template::Joueur => &JOUEUR,
        Template::Program => &PROGRAM,
        Template::C => &C,
    };
    let mut written = Vec::new();
    for file in files {
        let text = file
            .text
            .replace("@NAME@", &names.package)
            .replace("@CRATE@", &names.krate)
            .replace("@SHORT@", &names.short)
            .replace("@CALC_PATH@", &quoted(toolkit.join("calc")))
            .replace("@PROGRAMS_PATH@", &quoted(toolkit.join("calc/programs")))
            .replace("@TOOLKIT_PATH@", &quoted(toolkit.to_path_buf()));
        let path = dir.join(file.path);
        let write_error = |source| TemplateError::Write {
            path: path.clone(),
            source,
        };
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(write_error)?;
        }
        ti_files::disk::write_atomic(&path, text.as_bytes()).map_err(write_error)?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_folder() {
        let n = Names::of("my-ai").unwrap();
        assert_eq!(
            (n.package.as_str(), n.krate.as_str(), n.short.as_str()),
            ("my-ai", "my_ai", "myai")
        );
        assert_eq!(Names::of("connect_four_ai").unwrap().short, "connect_");
        for bad in ["", "4ai", "my ai", "é"] {
            assert!(Names::of(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn every_placeholder_is_filled() {
        let dir = std::env::temp_dir().join(format!("template-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (template, sub) in [
            (Template::Joueur, "four"),
            (Template::Program, "hi"),
            (Template::C, "cfour"),
        ] {
            let files = create(&dir.join(sub), template, None, Path::new("/opt/toolkit")).unwrap();
            for f in &files {
                let text = std::fs::read_to_string(f).unwrap();
                assert!(
                    !text.contains('@') || f.ends_with("joueur.c"),
                    "{}: {text}",
                    f.display()
                );
                if f.ends_with("Cargo.toml") {
                    assert!(text.contains("[package.metadata.ti"), "{text}");
                    assert!(text.contains("/opt/toolkit"), "{text}");
                }
            }
        }
        let e = create(&dir.join("four"), Template::Joueur, None, Path::new("/x")).unwrap_err();
        assert!(e.to_string().contains("not empty"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
