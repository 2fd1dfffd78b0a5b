//! Behaviour of the file layer against libtifiles2: every golden file libtifiles2 wrote is
//! read and rewritten byte for byte; every file we write is read back by libtifiles2 (through
//! the `tifinfo` oracle) with the same folder, name, type, attribute and data, valid
//! checksums and no strict-check failure.

use std::process::Command;
use ti_files::{
    Attribute, BasicText, Integer, Model, Text, TextLine, Value, VarFile, VarPath, VarType,
    Variable,
};

fn golden_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(testkit::data!("files"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some())
        .collect();
    files.sort();
    assert!(files.len() >= 20, "golden files missing: {files:?}");
    files
}

fn read(path: &std::path::Path) -> VarFile {
    let ext = path.extension().unwrap().to_str().unwrap();
    let bytes = std::fs::read(path).unwrap();
    VarFile::from_bytes_with_extension(&bytes, ext)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_golden_file_is_rewritten_byte_for_byte() {
    for path in golden_files() {
        let bytes = std::fs::read(&path).unwrap();
        let file = read(&path);
        assert_eq!(file.to_bytes().unwrap(), bytes, "{}", path.display());
        // Rebuilding every variable from its typed value gives the same file too.
        let mut rebuilt = file.clone();
        for v in &mut rebuilt.variables {
            let attr = v.attribute;
            *v = Variable::new(v.path(), &v.value()).unwrap();
            v.attribute = attr;
        }
        assert_eq!(
            rebuilt.to_bytes().unwrap(),
            bytes,
            "{} (typed)",
            path.display()
        );
    }
}

#[test]
fn golden_files_hold_the_documented_values() {
    let value = |name: &str| read(&testkit::data!(&format!("files/{name}"))).variables[0].value();
    assert_eq!(value("colonne.89e"), Value::Integer((-1).into()));
    assert_eq!(value("colonne.v2e"), Value::Integer(10.into()));
    assert_eq!(value("zero.9xe"), Value::Integer(0.into()));
    assert_eq!(value("nom.89s"), Value::Str("N".into()));
    assert_eq!(value("nom.9xs"), Value::Str("D".into()));
    assert_eq!(value("str1.89s"), Value::Str("hello".into()));
    assert_eq!(value("greek.89s"), Value::Str("θ≤2".into()));
    assert_eq!(
        value("big.89e"),
        Value::Integer("18446744073709551617".parse::<Integer>().unwrap())
    );
    assert!(matches!(value("flt.89e"), Value::Expression(_)));
    assert!(matches!(
        value("pic.89i"),
        Value::Opaque {
            var_type: VarType::PIC,
            ..
        }
    ));
    assert_eq!(
        value("lst.89l"),
        Value::List(vec![
            Value::Integer(1.into()),
            Value::Integer(2.into()),
            Value::Integer(300.into())
        ])
    );
    assert_eq!(
        value("note.89t"),
        Value::Text(Text {
            cursor: 2,
            lines: vec![
                TextLine {
                    mark: b' ',
                    text: "hello".into()
                },
                TextLine {
                    mark: b'C',
                    text: "x+1".into()
                }
            ]
        })
    );
    assert_eq!(
        value("prog1.v2z"),
        Value::Program(vec![0x4E, 0x75, 0, 0, 0xF3])
    );
    let locked = read(&testkit::data!("files/locked.89s"));
    assert_eq!(locked.variables[0].attribute, Attribute::Locked);
    let arch = read(&testkit::data!("files/arch.v2z"));
    assert_eq!(arch.variables[0].attribute, Attribute::Archived);
    assert_eq!(arch.model, Model::V200);
    let x = read(&testkit::data!("files/x.89e"));
    assert_eq!(x.comment_text(), "comment here");
    let contest = read(&testkit::data!("files/contest.v2g"));
    let paths: Vec<String> = contest
        .variables
        .iter()
        .map(|v| v.path().to_string())
        .collect();
    assert_eq!(
        paths,
        [
            "ai1\\colonne",
            "ai1\\nom",
            "ai2\\colonne",
            "ai2\\nom",
            "main\\joueur"
        ]
    );
}

/// Files of every kind the project writes, for every model.
fn our_files() -> Vec<(String, VarFile)> {
    let p = |s: &str| VarPath::parse(s).unwrap();
    let mut out = Vec::new();
    for model in Model::ALL {
        let vars = [
            Variable::new(p("main\\colonne"), &Value::Integer((-1).into())).unwrap(),
            Variable::new(p("ai1\\colonne"), &Value::Integer(7.into())).unwrap(),
            Variable::new(p("ai2\\nom"), &Value::Str("N".into())).unwrap(),
            Variable::new(
                p("main\\big"),
                &Value::Integer("-987654321098765432109876".parse().unwrap()),
            )
            .unwrap(),
            Variable::new(p("main\\s"), &Value::Str("Connect 4: θ≤π".into())).unwrap(),
            Variable::new(
                p("main\\t"),
                &Value::Text(Text::plain("first line\nsecond")),
            )
            .unwrap(),
            Variable::new(
                p("main\\l"),
                &Value::List(vec![Value::Integer(1.into()), Value::Str("x".into())]),
            )
            .unwrap(),
            Variable::asm_program(p("main\\prog"), vec![0x4E, 0x71, 0x4E, 0x75, 0, 0, 0xF3])
                .unwrap(),
            // The repository's TI-BASIC contest AI, in text form (type 0x12, tag 0xDC).
            Variable::new(
                p("ai1\\joueur"),
                &Value::Basic(
                    BasicText::program(include_str!("../../../calc/programs/basic/joueur.txt"))
                        .unwrap(),
                ),
            )
            .unwrap(),
            // The repository's TI-BASIC meta-program, in text form.
            Variable::new(
                p("main\\meta"),
                &Value::Basic(
                    BasicText::program(include_str!("../../../calc/programs/basic/meta.txt"))
                        .unwrap(),
                ),
            )
            .unwrap(),
        ];
        for (i, v) in vars.iter().enumerate() {
            let f = VarFile::single(model, v.clone());
            out.push((format!("{i}{}.{}", v.name, f.extension()), f));
        }
        let mut archived = vars[7].clone();
        archived.attribute = Attribute::Archived;
        let f = VarFile::single(model, archived);
        out.push((format!("arch.{}", f.extension()), f));
        let mut group = VarFile::group(model, vars.to_vec());
        group.set_comment("group written by ti-files");
        out.push((format!("all.{}", group.extension()), group));
    }
    out
}

#[test]
fn libtifiles2_accepts_every_file_we_write() {
    let Some(tifinfo) = testkit::oracle!("tifinfo", &["tifiles2", "ticonv", "glib-2.0"]) else {
        return;
    };
    let dir = testkit::scratch!("files-oracle");
    let files = our_files();
    let mut paths = Vec::new();
    for (name, f) in &files {
        let path = dir.join(name);
        ti_files::disk::write_atomic(&path, &f.to_bytes().unwrap()).unwrap();
        paths.push(path);
    }
    let out = Command::new(&tifinfo).args(&paths).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "tifinfo status {:?}:\n{text}",
        out.status
    );
    // One block per file: compare every entry with what we wrote.
    let blocks: Vec<&str> = text.split("file ").skip(1).collect();
    assert_eq!(blocks.len(), files.len());
    for ((name, f), block) in files.iter().zip(blocks) {
        assert!(
            block.contains("status 0") && block.contains("VALID"),
            "{name}:\n{block}"
        );
        let entries: Vec<&str> = block.lines().filter(|l| l.starts_with("entry ")).collect();
        // Our reader gives the variables in file order (a group is grouped by folder).
        let back = VarFile::from_bytes(&f.to_bytes().unwrap(), f.model).unwrap();
        assert_eq!(entries.len(), back.variables.len(), "{name}");
        for v in &f.variables {
            assert!(back.variables.contains(v), "{name}: {} lost", v.path());
        }
        for (v, line) in back.variables.iter().zip(entries) {
            let folder = v
                .folder
                .as_ref()
                .map_or(String::new(), |f| testkit::hex(f.as_bytes()));
            let archived = if v.attribute == Attribute::Archived {
                3
            } else {
                0
            };
            let expect = format!(
                " folder={folder} name={} type={:02x} attr={archived} size={} data={}",
                testkit::hex(v.name.as_bytes()),
                v.var_type.0,
                v.image_len(),
                testkit::hex(&v.image())
            );
            assert!(
                line.ends_with(&expect),
                "{name}:\n got {line}\nwant{expect}"
            );
        }
    }
    // Among them the TI-BASIC program in text form, for every model (type 0x12 checked above).
    for ext in ["89p", "9xp", "v2p"] {
        assert!(
            files.iter().any(|(n, _)| n == &format!("8joueur.{ext}")),
            "no TI-BASIC .{ext} file"
        );
    }
    eprintln!(
        "libtifiles2 accepted {} files written by ti-files",
        files.len()
    );
}
