//! The wasm stages of the cross build on a hand-written module (`tests/data/wasm/sample.wat`)
//! that has every construct they handle: what [`ModuleInfo`] reads and flags, the alignment
//! lowering by wasm-opt, and the 68000 prelude applied to wasm2c's real output, which must
//! then compile with the runtime's headers. A changed wabt output fails here with the step
//! that no longer applies.

use std::path::{Path, PathBuf};
use std::process::Command;

use ti_build::prelude::{tune, PreludeError, MODULE};
use ti_build::tools::Tools;
use ti_build::wasm::{ModuleInfo, ValKind};

fn tools(test: &str) -> Option<Tools> {
    match Tools::find() {
        Ok(tools) => Some(tools),
        Err(e) => {
            testkit::skip(test, &e.to_string());
            None
        }
    }
}

/// sample.wat assembled (with its names) into `dir`.
fn sample_module(dir: &Path) -> PathBuf {
    let wasm = dir.join("sample.wasm");
    let status = Command::new("wat2wasm")
        .arg("--debug-names")
        .arg(testkit::data!("wasm/sample.wat"))
        .arg("-o")
        .arg(&wasm)
        .status()
        .expect("wat2wasm (package wabt)");
    assert!(status.success());
    wasm
}

#[test]
fn module_facts_and_flags_are_read() {
    let Some(_) = tools("module_facts_and_flags_are_read") else {
        return;
    };
    let dir = testkit::scratch!("wasm-facts");
    let info = ModuleInfo::read(&std::fs::read(sample_module(&dir)).unwrap()).unwrap();
    assert_eq!(info.imports.len(), 1);
    assert_eq!(
        (
            info.imports[0].module.as_str(),
            info.imports[0].name.as_str()
        ),
        ("ams", "ngetchx")
    );
    let exports: Vec<&str> = info.exports.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(exports, ["apply", "wide", "ti_main"]);
    assert_eq!(info.exports[0].signature.params, [ValKind::I32; 3]);
    assert_eq!(info.memories, [(1, Some(1))]);
    assert_eq!(info.tables, 1);
    assert_eq!(info.stack_pointer, Some(1024));
    assert_eq!(info.heap_base, Some(1040));
    assert_eq!(info.linear_bytes(), Some(1040));
    assert_eq!(info.data_segment_bytes, 16);
    assert_eq!(info.unaligned.len(), 1, "{:?}", info.unaligned);
    assert!(info.unaligned[0].starts_with("wide: I64Load"));
    assert!(info.float_functions.is_empty());
    assert!(info.fmt_functions.is_empty());
}

#[test]
fn alignment_lowering_removes_odd_accesses_and_keeps_names() {
    let Some(tools) = tools("alignment_lowering_removes_odd_accesses_and_keeps_names") else {
        return;
    };
    let dir = testkit::scratch!("wasm-lowering");
    let wasm = sample_module(&dir);
    let lowered = dir.join("lowered.wasm");
    let status = Command::new(&tools.wasm_opt)
        .arg(&wasm)
        .args([
            "--all-features",
            "--alignment-lowering",
            "--debuginfo",
            "-o",
        ])
        .arg(&lowered)
        .status()
        .unwrap();
    assert!(status.success());
    let info = ModuleInfo::read(&std::fs::read(&lowered).unwrap()).unwrap();
    assert!(info.unaligned.is_empty(), "{:?}", info.unaligned);
    assert_eq!(info.stack_pointer, Some(1024), "the name section was lost");
}

#[test]
fn the_prelude_applies_to_wasm2c_output_and_compiles() {
    let Some(tools) = tools("the_prelude_applies_to_wasm2c_output_and_compiles") else {
        return;
    };
    tools.check_wasm2c_version().unwrap();
    let dir = testkit::scratch!("wasm-prelude");
    let wasm = sample_module(&dir);
    let c_path = dir.join(format!("{MODULE}.c"));
    let status = Command::new(&tools.wasm2c)
        .args(["-n", MODULE])
        .arg(&wasm)
        .arg("-o")
        .arg(&c_path)
        .status()
        .unwrap();
    assert!(status.success());
    let c = std::fs::read_to_string(&c_path).unwrap();
    let h = std::fs::read_to_string(dir.join(format!("{MODULE}.h"))).unwrap();
    let tuned = tune(&c, &h, 1024).unwrap();

    for expected in [
        "#define W68K_STACK_TOP 1024u\n#include \"prelude.h\"",
        "static u32 w68k_g___stack_pointer;",
        "static wasm_rt_memory_t w68k_g_memory;",
        "static wasm_rt_funcref_table_t w68k_g_T0;",
        "W68K_SET_STACK_POINTER(w68k_g___stack_pointer, w2c_i0);",
        "CALL_INDIRECT(w68k_g_T0, u32 (*)(u32, u32), 0, w2c_i2, w2c_i0, w2c_i1)",
        "static u32 w2c_add(u32 w2c_p0, u32 w2c_p1) {",
        "memory_fill(&w68k_g_memory, w2c_i0, w2c_i1, w2c_i2);",
    ] {
        assert!(
            tuned.contains(expected),
            "missing {expected:?} in the tuned C"
        );
    }
    for gone in [
        "instance->",
        "memset(mem->data + d, val, n);",
        "wasm_rt_memcpy(&result",
        "w2c_apply(instance",
        "w2c_add(Z_prog_instance_t",
    ] {
        assert!(!tuned.contains(gone), "{gone:?} is still in the tuned C");
    }
    // The init-time stack pointer is a constant assignment, not a checked write.
    assert_eq!(
        tuned
            .matches("W68K_SET_STACK_POINTER(w68k_g___stack_pointer")
            .count(),
        2
    );

    std::fs::write(&c_path, &tuned).unwrap();
    let rt = testkit::repo_root().join("calc/programs/rt");
    let include = Command::new(&tools.gcc)
        .arg("-print-file-name=include")
        .output()
        .unwrap();
    let out = Command::new(&tools.gcc)
        .args([
            "-m68000",
            "-O2",
            "-fsyntax-only",
            "-ffreestanding",
            "-nostdinc",
        ])
        .args([
            "-DWABT_BIG_ENDIAN=1",
            "-Werror=implicit-function-declaration",
        ])
        .arg("-isystem")
        .arg(String::from_utf8(include.stdout).unwrap().trim())
        .arg("-I")
        .arg(&rt)
        .arg("-I")
        .arg(rt.join("include"))
        .arg("-I")
        .arg(&dir)
        .arg(&c_path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the tuned C does not compile:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn an_unexpected_wasm2c_output_is_refused_with_the_step() {
    let Some(tools) = tools("an_unexpected_wasm2c_output_is_refused_with_the_step") else {
        return;
    };
    let dir = testkit::scratch!("wasm-prelude-bad");
    let wasm = sample_module(&dir);
    let c_path = dir.join(format!("{MODULE}.c"));
    let status = Command::new(&tools.wasm2c)
        .args(["-n", MODULE])
        .arg(&wasm)
        .arg("-o")
        .arg(&c_path)
        .status()
        .unwrap();
    assert!(status.success());
    let c = std::fs::read_to_string(&c_path).unwrap();
    let h = std::fs::read_to_string(dir.join(format!("{MODULE}.h"))).unwrap();

    let changed = c.replace(
        "memset(mem->data + d, val, n);",
        "memset(mem->data, val, n);",
    );
    let PreludeError(step) = tune(&changed, &h, 1024).unwrap_err();
    assert!(step.contains("memory_fill"), "{step}");

    let changed = c.replace("DEFINE_LOAD(i32_load, u32, u32, u32)", "");
    let PreludeError(step) = tune(&changed, &h, 1024).unwrap_err();
    assert!(step.contains("DEFINE_LOAD"), "{step}");
}
