//! The calculator variables of a match, and sending them: the arbiter (and the log viewer
//! `replay`) in its folder, each AI's program in the AI's folder under the AI program's name,
//! and the settings the programs read (`attente` for the arbiter; `niveau` and `graine` for
//! `joueur`, and for an expert level the deep book `livre`; `faute` for `fautif`). A program
//! built with a launcher goes with its body (`ti_build::Installable::variables`,
//! docs/building.md#programs-over-24-kb).

use std::path::Path;

use calc::connect4::ai::Ai;

use super::setup::{AiSpec, MatchSetup};
use super::MatchError;
use ti_build::{build, repository_root, BuildOptions, Installable};
use ti_files::{BasicText, Integer, Model, Value, VarFile, VarName, VarPath, VarType, Variable};
use ti_link::{Cable, Calculator};

/// The project's programs a match uses, as they are installed (each its ASM variable, and its
/// body when it is built with a launcher).
#[derive(Clone, Debug)]
pub struct Programs {
    /// The arbiter.
    pub arbitre: Installable,
    /// The AI.
    pub joueur: Installable,
    /// The faulty test AI.
    pub fautif: Installable,
    /// The log viewer.
    pub replay: Installable,
    /// A person at the keyboard as an AI.
    pub humain: Installable,
}

/// The programs, by the name of their bin in calc/programs.
const NAMES: [&str; 5] = ["arbitre", "joueur", "fautif", "replay", "humain"];

impl Programs {
    /// Builds the programs of the toolkit checkout at or above `dir` (the cross build of
    /// docs/building.md; cached under its `target/`).
    pub fn build(dir: &Path) -> Result<Programs, MatchError> {
        let root = repository_root(dir).map_err(|e| MatchError::Build {
            program: "arbitre".into(),
            source: Box::new(e),
        })?;
        Programs::build_in(&root)
    }

    /// Builds the programs of the toolkit checkout at `root`.
    pub fn build_in(root: &Path) -> Result<Programs, MatchError> {
        let mut data = Vec::new();
        for program in NAMES {
            let built =
                build(&BuildOptions::new(root, program)).map_err(|e| MatchError::Build {
                    program: program.into(),
                    source: Box::new(e),
                })?;
            data.push(built.installable());
        }
        Ok(Programs::from_vec(data))
    }

    /// Reads the programs from the calculator files `ti68k build` writes into `dir`
    /// (`arbitre.89z`, `joueur.89z`, `fautif.89z`, `replay.89z`, `humain.89z`, or `.9xz`/`.v2z`
    /// for the other models; a launcher's body beside it).
    pub fn from_dir(dir: &Path, model: Model) -> Result<Programs, MatchError> {
        let mut data = Vec::new();
        for program in NAMES {
            data.push(program_file(dir, model, program)?);
        }
        Ok(Programs::from_vec(data))
    }

    fn from_vec(data: Vec<Installable>) -> Programs {
        let [arbitre, joueur, fautif, replay, humain]: [Installable; 5] =
            data.try_into().expect("one program for each name");
        Programs {
            arbitre,
            joueur,
            fautif,
            replay,
            humain,
        }
    }
}

/// The program `dir/name.89z` (or `.9xz`, `.v2z`), with its body when it is a launcher.
fn program_file(dir: &Path, model: Model, name: &str) -> Result<Installable, MatchError> {
    let path = dir.join(format!("{name}.{}z", model.extension_prefix()));
    Installable::from_file(&path).map_err(|e| MatchError::Setup(e.to_string()))
}

fn read_file(path: &Path) -> Result<VarFile, MatchError> {
    let file_error = |source| MatchError::File {
        path: path.display().to_string(),
        source,
    };
    let bytes =
        ti_files::disk::read_calculator_file(path).map_err(|e| MatchError::Setup(e.to_string()))?;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    VarFile::from_bytes_with_extension(&bytes, ext).map_err(file_error)
}

fn path(folder: &str, name: &str) -> Result<VarPath, MatchError> {
    Ok(VarPath::new(VarName::new(folder)?, VarName::new(name)?))
}

fn value(folder: &str, name: &str, value: Value) -> Result<Variable, MatchError> {
    Variable::new(path(folder, name)?, &value)
        .map_err(|e| MatchError::Setup(format!("{folder}\\{name}: {e}")))
}

/// The variables that install `program` as `folder\name` (with its body for a launcher).
fn program(folder: &str, name: &str, program: &Installable) -> Result<Vec<Variable>, MatchError> {
    program
        .variables(Some(&VarName::new(folder)?), &VarName::new(name)?)
        .map_err(|e| MatchError::Setup(format!("{folder}\\{name}: {e}")))
}

/// Every variable the match needs. `wait_for_key`: the arbiter waits for a key at the end
/// (`attente` = 1), so that the final screen can be taken; else it returns at once (0).
pub fn variables(
    setup: &MatchSetup,
    programs: &Programs,
    wait_for_key: bool,
) -> Result<Vec<Variable>, MatchError> {
    setup.validate()?;
    let home = &setup.arbiter_folder;
    let mut vars = program(home, "arbitre", &programs.arbitre)?;
    vars.extend(program(home, "replay", &programs.replay)?);
    vars.push(value(
        home,
        "attente",
        Value::Integer(Integer::from(i64::from(wait_for_key))),
    )?);
    for (ai, folder) in setup.ais.iter().zip(&setup.folders) {
        vars.extend(ai_variables(setup, ai, folder, programs)?);
    }
    Ok(vars)
}

/// Reads and checks the AIs given as files (a calculator file, or TI-BASIC source text), so that
/// a missing or damaged file is reported before anything is built or sent.
pub fn check_ai_files(setup: &MatchSetup) -> Result<(), MatchError> {
    for (i, (ai, folder)) in setup.ais.iter().zip(&setup.folders).enumerate() {
        let checked = match ai {
            AiSpec::File { path, .. } => user_ai(setup, folder, path).map(|_| ()),
            AiSpec::Basic(source) => basic_ai(setup, folder, source).map(|_| ()),
            AiSpec::Level { .. } | AiSpec::Faulty { .. } | AiSpec::Human { .. } => Ok(()),
        };
        checked.map_err(|e| {
            let why = match e {
                MatchError::Setup(message) => message,
                other => other.to_string(),
            };
            MatchError::Setup(format!("AI {}: {why}", i + 1))
        })?;
    }
    Ok(())
}

/// The variables of one AI in `folder`: its program under `setup.program` and its settings
/// (`niveau` and `graine` for `joueur`, `faute` for `fautif`).
pub fn ai_variables(
    setup: &MatchSetup,
    ai: &AiSpec,
    folder: &str,
    programs: &Programs,
) -> Result<Vec<Variable>, MatchError> {
    let mut vars = Vec::new();
    match ai {
        AiSpec::Level { level, seed } => {
            vars.extend(program(folder, &setup.program, &programs.joueur)?);
            vars.push(value(folder, "niveau", Value::Str(level.clone()))?);
            if let Ai::Expert(_) = super::setup::parse_level(level)? {
                let book = crate::book::deep::toolkit();
                vars.push(
                    crate::book::deep::variable(Some(folder), book.bytes())
                        .map_err(|e| MatchError::Setup(e.to_string()))?,
                );
            }
            vars.push(value(
                folder,
                "graine",
                Value::Integer(Integer::from(i64::from(*seed))),
            )?);
        }
        AiSpec::Faulty { fault } => {
            vars.extend(program(folder, &setup.program, &programs.fautif)?);
            vars.push(value(
                folder,
                "faute",
                Value::Integer(Integer::from(i64::from(*fault))),
            )?);
        }
        AiSpec::File { path, seed } => {
            vars.extend(user_ai(setup, folder, path)?);
            vars.push(value(
                folder,
                "graine",
                Value::Integer(Integer::from(i64::from(*seed))),
            )?);
        }
        AiSpec::Human { name } => {
            vars.extend(program(folder, &setup.program, &programs.humain)?);
            if let Some(name) = name {
                vars.push(value(folder, "pseudo", Value::Str(name.clone()))?);
            }
        }
        AiSpec::Basic(source) => vars.push(basic_ai(setup, folder, source)?),
    }
    Ok(vars)
}

/// The project's program `name` as it is installed: from `dir/name.89z` (or `.9xz`, `.v2z`;
/// a launcher's body beside it) when `dir` is given, else built from the toolkit containing the
/// working directory, or the one this tool was built from.
pub fn built_program(
    dir: Option<&Path>,
    model: Model,
    name: &str,
) -> Result<Installable, MatchError> {
    match dir {
        Some(dir) => program_file(dir, model, name),
        None => {
            let here = std::env::current_dir()
                .map_err(|e| MatchError::Setup(format!("the working directory: {e}")))?;
            // The toolkit around the working directory, else the one this tool came from.
            let root = repository_root(&here)
                .or_else(|_| ti_build::project::default_toolkit())
                .map_err(|e| MatchError::Build {
                    program: name.into(),
                    source: Box::new(e),
                })?;
            let built = build(&BuildOptions::new(&root, name)).map_err(|e| MatchError::Build {
                program: name.into(),
                source: Box::new(e),
            })?;
            Ok(built.installable())
        }
    }
}

/// The program `appel` (which runs one AI call the arbiter's way) as `folder\appel`.
pub fn launcher(folder: &str, appel: &Installable) -> Result<Vec<Variable>, MatchError> {
    program(folder, "appel", appel)
}

/// The TI-BASIC AI whose source text is `source`, as a program in text form named like the AI
/// program, in `folder`.
fn basic_ai(setup: &MatchSetup, folder: &str, source: &Path) -> Result<Variable, MatchError> {
    let text = std::fs::read_to_string(source).map_err(|e| {
        MatchError::Setup(format!(
            "{}: {e} (give the TI-BASIC AI's source text, UTF-8)",
            source.display()
        ))
    })?;
    let program = BasicText::program(&text)
        .map_err(|e| MatchError::Setup(format!("{}: {e}", source.display())))?;
    value(folder, &setup.program, Value::Basic(program))
}

/// The variables of the user's AI file, moved into `folder`; its program renamed to the AI
/// program's name; a launcher's body (docs/building.md#programs-over-24-kb) with it.
fn user_ai(setup: &MatchSetup, folder: &str, file: &Path) -> Result<Vec<Variable>, MatchError> {
    let parsed = read_file(file)?;
    if parsed.model != setup.model {
        return Err(MatchError::Setup(format!(
            "{} is a {} file; the match is on a {}",
            file.display(),
            parsed.model,
            setup.model
        )));
    }
    let is_program = |v: &Variable| v.var_type == VarType::ASM || v.var_type == VarType::PRGM;
    let programs: Vec<usize> = (0..parsed.variables.len())
        .filter(|&i| is_program(&parsed.variables[i]))
        .collect();
    let main = match programs.as_slice() {
        [only] => *only,
        _ => programs
            .iter()
            .copied()
            .find(|&i| parsed.variables[i].name.to_string() == setup.program)
            .ok_or_else(|| {
                MatchError::Setup(format!(
                    "{}: {} programs and none named {}: give a file with the AI's program",
                    file.display(),
                    programs.len(),
                    setup.program
                ))
            })?,
    };
    // A program built with a launcher goes with its body (from the body file beside it).
    let bodies = ti_build::launcher::missing_bodies(file, &parsed)
        .map_err(|e| MatchError::Setup(e.to_string()))?;
    let folder = VarName::new(folder)?;
    let mut vars = parsed.variables;
    vars.extend(bodies);
    for (i, v) in vars.iter_mut().enumerate() {
        v.folder = Some(folder.clone());
        if i == main {
            v.name = VarName::new(&setup.program)?;
        }
    }
    Ok(vars)
}

/// The programs already sent in a session, so that the next match sends only what changed
/// (the settings always go; a program goes when its folder held another one or nothing).
/// Valid while nothing else writes those programs on the calculator.
#[derive(Clone, Debug, Default)]
pub struct Installed {
    programs: std::collections::HashMap<String, Vec<u8>>,
}

impl Installed {
    /// Nothing sent yet.
    pub fn new() -> Installed {
        Installed::default()
    }

    /// Sends the match's variables (see [`variables`]) but the programs already there.
    pub fn install<C: Cable>(
        &mut self,
        calc: &mut Calculator<C>,
        setup: &MatchSetup,
        programs: &Programs,
        wait_for_key: bool,
    ) -> Result<(), MatchError> {
        let vars = variables(setup, programs, wait_for_key)?;
        // A program, or a launcher's body.
        let is_program = |v: &Variable| {
            v.var_type == VarType::ASM || ti_build::launcher::parse_body(&v.data).is_ok()
        };
        let sent_before = |v: &Variable| {
            is_program(v) && self.programs.get(&v.path().to_string()) == Some(&v.data)
        };
        let needed: Vec<Variable> = vars.into_iter().filter(|v| !sent_before(v)).collect();
        calc.send_variables(&needed)
            .map_err(MatchError::link("sending the arbiter and the AIs"))?;
        for v in needed.into_iter().filter(is_program) {
            self.programs.insert(v.path().to_string(), v.data);
        }
        Ok(())
    }
}

/// Sends the match's variables (see [`variables`]).
pub fn install<C: Cable>(
    calc: &mut Calculator<C>,
    setup: &MatchSetup,
    programs: &Programs,
    wait_for_key: bool,
) -> Result<(), MatchError> {
    let vars = variables(setup, programs, wait_for_key)?;
    send(calc, &vars)
}

/// Sends variables made by [`variables`] (made first, so that a bad AI file is reported before
/// the link is opened).
pub fn send<C: Cable>(calc: &mut Calculator<C>, vars: &[Variable]) -> Result<(), MatchError> {
    calc.send_variables(vars)
        .map_err(MatchError::link("sending the arbiter and the AIs"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ti_files::VarFile;

    fn programs() -> Programs {
        let asm = |b: u8| Installable::plain(vec![0x4E, 0x75, b, 0, 0, 0xF3]);
        Programs {
            arbitre: asm(1),
            joueur: asm(2),
            fautif: asm(3),
            replay: asm(4),
            humain: asm(5),
        }
    }

    fn names(vars: &[Variable]) -> Vec<String> {
        vars.iter().map(|v| v.path().to_string()).collect()
    }

    #[test]
    fn a_match_installs_the_arbiter_the_ais_and_their_settings() {
        let setup = MatchSetup::new(
            Model::Ti89,
            [AiSpec::level("minimax3", 7), AiSpec::Faulty { fault: 4 }],
        );
        let vars = variables(&setup, &programs(), true).unwrap();
        assert_eq!(
            names(&vars),
            [
                "main\\arbitre",
                "main\\replay",
                "main\\attente",
                "ai1\\joueur",
                "ai1\\niveau",
                "ai1\\graine",
                "ai2\\joueur",
                "ai2\\faute"
            ]
        );
        assert_eq!(vars[3].data, programs().joueur.program);
        assert_eq!(
            vars[6].data,
            programs().fautif.program,
            "fautif runs as ai2\\joueur"
        );
        assert_eq!(vars[4].value(), Value::Str("minimax3".into()));
        assert_eq!(vars[2].value(), Value::Integer(Integer::from(1)));
    }

    #[test]
    fn a_users_ai_file_goes_into_the_folder_with_its_program_renamed() {
        let dir = std::env::temp_dir().join(format!("contest-install-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let program = Variable::asm_program(
            VarPath::parse("games\\myai").unwrap(),
            programs().joueur.program,
        )
        .unwrap();
        let table = Variable::new(
            VarPath::parse("games\\table").unwrap(),
            &Value::Str("x".into()),
        )
        .unwrap();
        let file = dir.join("myai.89g");
        let group = VarFile::group(Model::Ti89, vec![program, table]);
        ti_files::disk::write_atomic(&file, &group.to_bytes().unwrap()).unwrap();
        let setup = MatchSetup::new(
            Model::Ti89,
            [AiSpec::file(file.clone(), 5), AiSpec::level("random", 1)],
        );
        let vars = variables(&setup, &programs(), false).unwrap();
        let all = names(&vars);
        assert!(all.contains(&"ai1\\joueur".to_string()), "{all:?}");
        assert!(all.contains(&"ai1\\table".to_string()), "{all:?}");
        // A file for another model is refused with a message saying so.
        let v200 = MatchSetup::new(
            Model::V200,
            [AiSpec::file(file, 5), AiSpec::level("random", 1)],
        );
        let e = variables(&v200, &programs(), false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("the match is on a"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The repository's TI-BASIC AI, from its source text: a program in text form under the
    /// AI program's name; the same program as a user's `.89p` file is installed alike.
    #[test]
    fn a_ti_basic_ai_is_installed_in_text_form() {
        let source = repository_root(Path::new(env!("CARGO_MANIFEST_DIR")))
            .unwrap()
            .join("calc/programs/basic/joueur.txt");
        let setup = MatchSetup {
            program: "player".into(),
            ..MatchSetup::new(
                Model::V200,
                [AiSpec::level("random", 1), AiSpec::Basic(source.clone())],
            )
        };
        let vars = variables(&setup, &programs(), false).unwrap();
        let ai = vars.iter().find(|v| v.path().to_string() == "ai2\\player");
        let ai = ai.expect("ai2\\player installed");
        assert_eq!(ai.var_type, VarType::PRGM);
        let Value::Basic(text) = ai.value() else {
            panic!("not a TI-BASIC text: {:?}", ai.value());
        };
        assert_eq!(text.lines[..2], ["()", "Prgm"]);
        assert!(text.lines.iter().any(|l| l.contains("\"tibasic\"→nom")));

        let dir = std::env::temp_dir().join(format!("contest-basic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("mine.v2p");
        let mut named = ai.clone();
        named.name = VarName::new("mine").unwrap();
        let bytes = VarFile::single(Model::V200, named).to_bytes().unwrap();
        ti_files::disk::write_atomic(&file, &bytes).unwrap();
        let setup = MatchSetup::new(
            Model::V200,
            [AiSpec::file(file, 5), AiSpec::level("random", 1)],
        );
        let vars = variables(&setup, &programs(), false).unwrap();
        let from_file = vars.iter().find(|v| v.path().to_string() == "ai1\\joueur");
        assert_eq!(from_file.map(|v| &v.data), Some(&ai.data));

        let bad = dir.join("bad.txt");
        ti_files::disk::write_atomic(&bad, b"Disp 1\n").unwrap();
        let setup = MatchSetup::new(
            Model::V200,
            [AiSpec::Basic(bad), AiSpec::level("random", 1)],
        );
        let e = variables(&setup, &programs(), false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("bad.txt") && e.contains("parameter list"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
