//! The cross build of the calculator programs, end to end (`ti_build`): every program of
//! `calc/programs` builds, fits the ASM limit (directly, or through its launcher when its
//! settings say `launcher = true`: docs/building.md#programs-over-24-kb), holds only 68000
//! instructions (GNU objdump as the oracle, with a 68020 control that must be caught), and its
//! `.89z`/`.9xz`/`.v2z` files (and a launcher's body, `.89y`/`.9xy`/`.v2y`) are read back by the
//! project's file layer and by libtifiles2 (the `tifinfo` oracle) with the right model, type
//! (0x21, or 0x1C for a body), folder, name and a valid checksum; the symbol map written beside
//! them (for the cycle profiler) reads back. A program over 24 KB without a launcher does not
//! fit, and the report says so.
//!
//! These tests need the cross toolchain (tools/setup); without it they skip, saying so (or fail
//! under `TI68K_REQUIRE_PEERS=1`, as in tools/test).

use std::path::{Path, PathBuf};
use std::process::Command;

use ti_build::config::Programs;
use ti_build::tools::Tools;
use ti_build::{build, check68k, launcher, BuildOptions, Built, ProgramImage};
use ti_files::{VarFile, VarType, Variable};

fn toolchain(test: &str) -> bool {
    if Tools::available() {
        return true;
    }
    testkit::skip(
        test,
        "the cross toolchain is not installed (run tools/setup)",
    );
    false
}

fn program_names() -> Vec<String> {
    let programs = Programs::load(&testkit::repo_root().join("calc/programs")).unwrap();
    programs.programs.keys().cloned().collect()
}

fn build_program(program: &str, out_dir: &Path) -> Built {
    let mut options = BuildOptions::new(testkit::repo_root(), program);
    options.out_dir = Some(out_dir.to_path_buf());
    build(&options).unwrap_or_else(|e| panic!("building {program}: {e}"))
}

/// The one variable of a file, read back through the file layer.
fn variable_in_file(path: &Path) -> Variable {
    let bytes = std::fs::read(path).unwrap();
    let ext = path.extension().unwrap().to_str().unwrap();
    let file = VarFile::from_bytes_with_extension(&bytes, ext).unwrap();
    assert_eq!(file.variables.len(), 1);
    file.variables.into_iter().next().unwrap()
}

/// The image a calculator would run, read back from a file through the file layer.
fn image_in_file(path: &Path) -> ProgramImage {
    let variable = variable_in_file(path);
    assert_eq!(variable.var_type, VarType::ASM);
    let image = variable.image();
    ProgramImage::from_variable_data(&image[2..]).unwrap()
}

/// The program image inside a body file.
fn image_in_body_file(path: &Path) -> ProgramImage {
    let variable = variable_in_file(path);
    assert_eq!(variable.var_type, VarType::OTH);
    let view = launcher::parse_body(&variable.data).unwrap();
    view.image().unwrap()
}

fn sorted_extensions(files: &[PathBuf]) -> Vec<String> {
    let mut extensions: Vec<String> = files
        .iter()
        .map(|f| f.extension().unwrap().to_string_lossy().into_owned())
        .collect();
    extensions.sort();
    extensions
}

#[test]
fn every_program_builds_fits_and_reads_back() {
    if !toolchain("every_program_builds_fits_and_reads_back") {
        return;
    }
    let out = testkit::scratch!("programs-build");
    for program in program_names() {
        let built = build_program(&program, &out);
        eprintln!("{}", built.report);
        assert!(built.report.fits(), "{program} is over the ASM limit");
        assert!(built.report.instructions > 100, "{program}: no code?");
        assert_eq!(built.image.exports.get("_start"), Some(&0));
        assert_eq!(sorted_extensions(&built.files), ["89z", "9xz", "v2z"]);
        // The symbol map beside the files reads back and knows the exports and the code.
        let text = std::fs::read_to_string(&built.symbol_file).unwrap();
        let symbols = ti_build::SymbolMap::parse(&text).unwrap();
        assert_eq!(symbols, built.symbols, "{program}");
        assert_eq!(symbols.exports, built.image.exports, "{program}");
        assert_eq!(symbols.text_len, built.image.text_len, "{program}");
        assert!(
            symbols.functions.iter().any(|f| matches!(
                f.kind,
                ti_build::CodeKind::Rust | ti_build::CodeKind::Export | ti_build::CodeKind::Source
            )),
            "{program}: no function of its own (Rust, an export, or sources) in the map"
        );
        assert_eq!(
            symbols
                .function_at(0)
                .map(|i| symbols.functions[i].name.as_str()),
            Some("_start")
        );
        // The program's image, in its own files or in its body's beside its launcher's.
        let program_files = match &built.launcher {
            None => built.files.clone(),
            Some(l) => {
                assert_eq!(sorted_extensions(&l.body_files), ["89y", "9xy", "v2y"]);
                for file in &built.files {
                    assert_eq!(image_in_file(file).body, l.image.body, "{}", file.display());
                }
                l.body_files.clone()
            }
        };
        for file in &program_files {
            let back = match &built.launcher {
                None => image_in_file(file),
                Some(_) => image_in_body_file(file),
            };
            assert_eq!(back.body, built.image.body, "{}", file.display());
            let mut relocations = back.relocations.clone();
            relocations.sort();
            assert_eq!(relocations, built.image.relocations, "{}", file.display());
        }
    }
}

/// A program over 24 KB (`p4ia`, Connect Four's AI for the game) does not fit as an ASM
/// program, and the report says how to run it; built with a launcher (its setting) it fits,
/// the launcher about 1 KB. A body of absolute code past 32 KB (`joueur`, with its expert's
/// solver) cannot even be encoded as an ASM program: AMS's table reaches 32 KB.
#[test]
fn a_program_over_24_kb_fits_only_through_a_launcher() {
    if !toolchain("a_program_over_24_kb_fits_only_through_a_launcher") {
        return;
    }
    let out = testkit::scratch!("programs-over-24-kb");
    let programs = Programs::load(&testkit::repo_root().join("calc/programs")).unwrap();
    let mut config = programs.get("p4ia").unwrap().clone();
    assert!(config.body_name.is_some(), "p4ia is built with a launcher");
    config.body_name = None;
    let plain_config = config.clone();
    let mut options = BuildOptions::new(testkit::repo_root(), "p4ia");
    options.out_dir = Some(out.clone());
    options.config = Some(config.clone());
    let plain = build(&options).unwrap();
    assert!(!plain.report.fits(), "{}", plain.report);
    assert!(plain
        .report
        .to_string()
        .contains("** TOO LARGE ** (launcher = true"));
    config.body_name = Some("p4iax".into());
    options.config = Some(config);
    let launched = build(&options).unwrap();
    assert!(launched.report.fits(), "{}", launched.report);
    assert!(launched.report.asm_total() <= 1150, "{}", launched.report);
    assert_eq!(launched.image.body, plain.image.body);
    // A build without a launcher removes the body files one with a launcher left.
    let body_files = launched.launcher.unwrap().body_files;
    assert!(body_files.iter().all(|f| f.is_file()));
    options.config = Some(plain_config);
    build(&options).unwrap();
    assert!(body_files.iter().all(|f| !f.exists()));

    let mut config = programs.get("joueur").unwrap().clone();
    assert!(
        !config.pcrel && config.body_name.is_some(),
        "joueur: absolute code, launched"
    );
    config.body_name = None;
    let mut options = BuildOptions::new(testkit::repo_root(), "joueur");
    options.out_dir = Some(out);
    options.config = Some(config);
    let error = build(&options).unwrap_err().to_string();
    assert!(
        error.contains("past 0x7FFF") && error.contains("launcher = true"),
        "{error}"
    );
}

#[test]
fn every_image_holds_only_68000_instructions() {
    if !toolchain("every_image_holds_only_68000_instructions") {
        return;
    }
    let tools = Tools::find().unwrap();
    let out = testkit::scratch!("programs-68000");
    for program in program_names() {
        let built = build_program(&program, &out);
        let checked =
            check68k::check(&tools, &built.elf).unwrap_or_else(|e| panic!("{program}: {e}"));
        eprintln!("{program}: {checked} instructions, all 68000");
        assert!(checked > 100);
    }

    // The control: the same check must catch 68020 code.
    let dir = testkit::scratch!("programs-68020-control");
    let source = dir.join("control.s");
    std::fs::write(
        &source,
        "\t.text\n\t.globl _start\n_start:\n\tmuls.l %d1,%d0\n\textb.l %d0\n\
         \tmove.l (0,%a0,%d0.l*4),%d1\n\tbra.l _start\n\trts\n",
    )
    .unwrap();
    let object = dir.join("control.o");
    let elf = dir.join("control.elf");
    let status = Command::new(&tools.gcc)
        .args(["-m68020", "-c"])
        .arg(&source)
        .arg("-o")
        .arg(&object)
        .status()
        .unwrap();
    assert!(status.success());
    let status = Command::new(&tools.ld)
        .arg("-o")
        .arg(&elf)
        .arg(&object)
        .status()
        .unwrap();
    assert!(status.success());
    let error = check68k::check(&tools, &elf).expect_err("68020 code passed the check");
    let text = error.to_string();
    for needle in ["mulsl", "extbl", ":4)", "bral"] {
        assert!(text.contains(needle), "{needle} not reported in:\n{text}");
    }
}

/// Runs the libtifiles2 oracle on `files`; returns its output.
fn tifinfo(files: &[PathBuf]) -> Option<String> {
    let tifinfo = testkit::oracle!("tifinfo", &["tifiles2", "ticonv", "glib-2.0"])?;
    let out = Command::new(&tifinfo).args(files).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "tifinfo {:?}:\n{text}", out.status);
    Some(text)
}

/// The model libtifiles2 gives a file from its extension (`tifiles_file_get_model`), and the
/// model of its content (from the signature, which the V200 shares with the 92 Plus).
fn expected_models(path: &Path) -> (&'static str, &'static str) {
    match path.extension().unwrap().to_str().unwrap() {
        "89z" | "89y" => ("TI89", "TI89"),
        "9xz" | "9xy" => ("TI92+", "TI92+"),
        "v2z" | "v2y" => ("V200", "TI92+"),
        other => panic!("unexpected extension {other}"),
    }
}

fn check_with_libtifiles2(files: &[PathBuf], folder: &str, name: &str) {
    let Some(text) = tifinfo(files) else {
        return;
    };
    let blocks: Vec<&str> = text.split("file ").skip(1).collect();
    assert_eq!(blocks.len(), files.len());
    for (path, block) in files.iter().zip(blocks) {
        let (file_model, content_model) = expected_models(path);
        let variable = variable_in_file(path);
        let data = variable.image();
        let entry = format!(
            "entry 0 folder={} name={} type={:02x} attr=0 size={} data={}",
            testkit::hex(folder.as_bytes()),
            testkit::hex(name.as_bytes()),
            variable.var_type.0,
            data.len(),
            testkit::hex(&data)
        );
        let checks = [
            format!("file-model {file_model}\n"),
            format!("model {content_model} entries 1"),
            entry,
            "VALID\n".to_string(),
            "strict OK\n".to_string(),
            "status 0\n".to_string(),
        ];
        for check in checks {
            assert!(
                block.contains(&check),
                "{}: no {check:?} in\n{block}",
                path.display()
            );
        }
    }
    eprintln!("libtifiles2 read {} program files", files.len());
}

#[test]
fn libtifiles2_reads_every_program_file() {
    if !toolchain("libtifiles2_reads_every_program_file") {
        return;
    }
    let out = testkit::scratch!("programs-libtifiles2");
    let programs = Programs::load(&testkit::repo_root().join("calc/programs")).unwrap();
    for (program, config) in &programs.programs {
        let built = build_program(program, &out);
        check_with_libtifiles2(&built.files, "main", &config.var_name);
        if let Some(l) = &built.launcher {
            check_with_libtifiles2(&l.body_files, "main", &l.body_name.to_string());
        }
    }
}

#[test]
fn folder_and_name_are_configurable() {
    if !toolchain("folder_and_name_are_configurable") {
        return;
    }
    let out = testkit::scratch!("programs-folder");
    let mut options = BuildOptions::new(testkit::repo_root(), "hello");
    options.out_dir = Some(out.clone());
    options.folder = "games".into();
    options.name = Some("hi2".into());
    let built = build(&options).unwrap();
    check_with_libtifiles2(&built.files, "games", "hi2");

    options.name = Some("Bad Name".into());
    let error = build(&options).expect_err("a bad variable name was accepted");
    assert!(error.to_string().contains("Bad Name"), "{error}");
}
