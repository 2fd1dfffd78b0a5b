//! Post-processing of wasm2c's C output for the 68000 (the "tuned" prelude of
//! docs/building.md#the-prelude), written against wabt 1.0.32's exact output:
//!
//! 1. wasm2c's linear-memory accessors (which reload the memory object through the instance
//!    and copy through `memcpy`) are replaced by `#include "prelude.h"`
//!    (calc/programs/rt/prelude.h): typed accesses relative to the end of the memory block.
//! 2. Its `memory_fill`/`memory_copy`, which ignore the reversed big-endian layout in wabt
//!    1.0.32, are removed; the prelude defines correct ones.
//! 3. The wasm globals, tables, memory and import contexts move out of the instance structure
//!    into C globals, so GCC keeps them apart from linear-memory stores.
//! 4. Internal functions lose their instance parameter (one push less per call); indirect
//!    calls are rewritten to match. Exported wrappers keep wasm2c's signature.
//! 5. Every write of the shadow-stack pointer is checked against the top of the stack: an
//!    overflow traps (`EXHAUSTION`) instead of silently writing below linear memory.
//! 6. The bodies of Rust's own `memcpy`, `memmove`, `memset` and `memcmp` (from
//!    `compiler_builtins`, compiled to wasm as byte and word loops) are replaced by calls of
//!    the runtime's native ones on the reversed range (`memory_copy`, `memory_fill`,
//!    `w68k_memcmp` in prelude.h): the same results, a fraction of the cycles and bytes
//!    (docs/profiling.md).
//! 7. The registration of the function types (a variadic call per type at instantiation, for
//!    `call_indirect`'s checks) becomes a constant array: the indexes the runtime's interning
//!    would give, equal signatures sharing one, computed here.
//!
//! 8. 32-bit products (`i32.mul`) call an inline multiply of MULU.W steps (`w68k_mul32` in
//!    prelude.h) instead of GCC's `__mulsi3`.
//!
//! Each step checks that the text it expects is there, so a different wasm2c fails loudly
//! with the step that no longer applies.

use std::collections::BTreeMap;

/// The module name given to wasm2c (`-n`): the generated names are `Z_prog...`.
pub const MODULE: &str = "prog";

/// A step of the prelude that found no text to apply to.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "wasm2c's output is not what the 68000 prelude expects ({0}); the prelude is written for \
     wabt 1.0.32 (Debian 12's wabt package)"
)]
pub struct PreludeError(pub String);

/// Applies the prelude to the generated `c` source, given the generated header `h` (for the
/// types of the instance's fields). `stack_top` is the initial shadow-stack pointer: writes
/// above it trap. Returns the new C source.
pub fn tune(c: &str, h: &str, stack_top: u32) -> Result<String, PreludeError> {
    let fail = |what: &str| PreludeError(what.to_string());
    let mut src = c.to_string();

    // 1. Accessors.
    let start = src
        .find("#if WABT_BIG_ENDIAN\nstatic inline void load_data")
        .ok_or_else(|| fail("no big-endian load_data block"))?;
    let end = src
        .find("DEFINE_LOAD(i32_load, u32, u32, u32)")
        .ok_or_else(|| fail("no DEFINE_LOAD(i32_load, ...) list"))?;
    if end < start {
        return Err(fail("load/store block out of order"));
    }
    let include = format!("#define W68K_STACK_TOP {stack_top}u\n#include \"prelude.h\"\n\n");
    src.replace_range(start..end, &include);

    // 2. memory.fill / memory.copy.
    let fill = src
        .find("static inline void memory_fill(")
        .ok_or_else(|| fail("no memory_fill"))?;
    let init = src
        .find("static inline void memory_init(")
        .ok_or_else(|| fail("no memory_init after memory_fill"))?;
    let removed = &src[fill..init.max(fill)];
    if init < fill
        || !removed.contains("memset(mem->data + d, val, n);")
        || !removed.contains("memmove(dest->data + dest_addr, src->data + src_addr, n);")
    {
        return Err(fail(
            "memory_fill/memory_copy are not the expected definitions",
        ));
    }
    src.replace_range(fill..init, "");

    // 3. Instance fields to globals.
    let fields = instance_fields(h)?;
    let anchor = "static bool s_module_initialized";
    let at = src
        .find(anchor)
        .ok_or_else(|| fail("no s_module_initialized"))?;
    let mut used = BTreeMap::new();
    let mut out = String::with_capacity(src.len());
    let mut rest = src.as_str();
    while let Some(i) = rest.find("instance->") {
        out.push_str(&rest[..i]);
        let after = &rest[i + "instance->".len()..];
        let len = identifier_len(after);
        let field = &after[..len];
        let ty = fields
            .get(field)
            .ok_or_else(|| fail(&format!("instance field {field} not in the header")))?;
        let global = global_name(field);
        out.push_str(&global);
        used.insert(global, ty.clone());
        rest = &after[len..];
    }
    out.push_str(rest);
    src = out;
    let mut declarations = String::from("/* the instance's fields, as globals */\n");
    for (global, ty) in &used {
        declarations.push_str(&format!("static {ty} {global};\n"));
    }
    declarations.push('\n');
    // The anchor moved with the edits above: look it up again.
    let at = src.find(anchor).unwrap_or(at);
    src.insert_str(at, &declarations);

    // 4. Drop the instance parameter of internal functions, and its argument.
    let instance_type = format!("Z_{MODULE}_instance_t*");
    src = map_lines(&src, |line| drop_instance_parameter(line, &instance_type));
    src = drop_instance_arguments(&src);
    src = rewrite_indirect_calls(&src)?;

    // 5. Shadow-stack pointer writes.
    let sp = global_name("w2c___stack_pointer");
    if !used.contains_key(&sp) {
        return Err(fail(
            "no __stack_pointer global (is the name section stripped?)",
        ));
    }
    let assign = format!("{sp} = w2c_");
    src = rewrite_statements(&src, |statement| {
        let value = statement.strip_prefix(&assign)?.strip_suffix(';')?;
        Some(format!("W68K_SET_STACK_POINTER({sp}, w2c_{value});"))
    });
    src.push('\n');

    // 6. Rust's mem* functions, native.
    for (name, body) in NATIVE_MEM {
        src = replace_function_body(&src, name, body);
    }

    // 7. Function types as constants.
    src = constant_func_types(&src);

    // 8. 32-bit products inline.
    src = inline_products(&src);
    Ok(src)
}

/// Step 8: each 32-bit product `w2c_iA *= w2c_iB;` (wasm2c's `i32.mul`) becomes
/// `w2c_iA = w68k_mul32(w2c_iA, w2c_iB);` (prelude.h): MULU.W inline instead of a call of
/// `__mulsi3`.
fn inline_products(src: &str) -> String {
    let is_i32 = |name: &str| name.starts_with("w2c_i") && identifier_len(name) == name.len();
    rewrite_statements(src, |statement| {
        let (a, b) = statement.strip_suffix(';')?.split_once(" *= ")?;
        (is_i32(a) && is_i32(b)).then(|| format!("{a} = w68k_mul32({a}, {b});"))
    }) + "\n"
}

/// `src` with each line replaced by `f` of it, the lines joined by newlines (no newline after
/// the last).
fn map_lines(src: &str, f: impl Fn(&str) -> String) -> String {
    src.lines().map(f).collect::<Vec<_>>().join("\n")
}

/// [`map_lines`] where `f` rewrites a line's statement (the line without its indentation) or
/// leaves the line as it is (`None`); a rewritten statement keeps the line's indentation.
fn rewrite_statements(src: &str, f: impl Fn(&str) -> Option<String>) -> String {
    map_lines(src, |line| {
        let statement = line.trim_start();
        match f(statement) {
            Some(new) => format!("{}{new}", &line[..line.len() - statement.len()]),
            None => line.to_string(),
        }
    })
}

/// Step 7: the registrations `func_types[N] = wasm_rt_register_func_type(ARGS);` of
/// `init_func_types` become the constant array `static const u32 func_types[] = {K...}`, K the
/// index the runtime's `wasm_rt_register_func_type` returns when the types are registered in
/// order (equal signatures get the first one's index); `init_func_types` is left empty. A
/// module without registrations is returned unchanged.
fn constant_func_types(src: &str) -> String {
    const CALL: &str = "] = wasm_rt_register_func_type(";
    let mut seen: Vec<String> = Vec::new();
    let mut indexes: Vec<usize> = Vec::new();
    let mut lines: Vec<&str> = Vec::new();
    for line in src.lines() {
        match line.find(CALL) {
            Some(at) if line.trim_start().starts_with("func_types[") && line.ends_with(");") => {
                let args = &line[at + CALL.len()..line.len() - 2];
                let index = match seen.iter().position(|s| s == args) {
                    Some(i) => i,
                    None => {
                        seen.push(args.to_string());
                        seen.len() - 1
                    }
                };
                indexes.push(index);
            }
            _ => lines.push(line),
        }
    }
    if indexes.is_empty() {
        return src.to_string();
    }
    let declaration = format!("static u32 func_types[{}];", indexes.len());
    let values: Vec<String> = indexes.iter().map(|i| format!("{i}u")).collect();
    let constant = format!(
        "static const u32 func_types[{}] = {{{}}};",
        indexes.len(),
        values.join(", ")
    );
    let mut out = lines
        .iter()
        .map(|l| {
            if *l == declaration {
                constant.as_str()
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    out.push('\n');
    out
}

/// The `compiler_builtins` memory functions and their native bodies (step 6): the name's end
/// in the mangled symbol (`...17compiler_builtins3mem6memcpy`) and the body given the
/// parameters `w2c_p0`, `w2c_p1`, `w2c_p2` (destination or first, source or value or second,
/// length).
const NATIVE_MEM: [(&str, &str); 4] = [
    (
        "17compiler_builtins3mem6memcpy",
        "memory_copy(&w68k_g_memory, &w68k_g_memory, w2c_p0, w2c_p1, w2c_p2);\n  return w2c_p0;",
    ),
    (
        "17compiler_builtins3mem7memmove",
        "memory_copy(&w68k_g_memory, &w68k_g_memory, w2c_p0, w2c_p1, w2c_p2);\n  return w2c_p0;",
    ),
    (
        "17compiler_builtins3mem6memset",
        "memory_fill(&w68k_g_memory, w2c_p0, w2c_p1, w2c_p2);\n  return w2c_p0;",
    ),
    (
        "17compiler_builtins3mem6memcmp",
        "return w68k_memcmp(w2c_p0, w2c_p1, w2c_p2);",
    ),
];

/// `src` with the body of the function whose name ends with `name_end` (a definition
/// `static u32 w2c_...NAME(u32 w2c_p0, u32 w2c_p1, u32 w2c_p2) {`, if the module has one)
/// replaced by `body`. A module without the function is returned unchanged.
fn replace_function_body(src: &str, name_end: &str, body: &str) -> String {
    let signature = format!("{name_end}(u32 w2c_p0, u32 w2c_p1, u32 w2c_p2) {{\n");
    let Some(at) = src.find(&signature) else {
        return src.to_string();
    };
    let line_start = src[..at].rfind('\n').map_or(0, |i| i + 1);
    if !src[line_start..at].starts_with("static u32 w2c_") {
        return src.to_string();
    }
    let body_start = at + signature.len();
    let Some(end) = src[body_start..].find("\n}\n") else {
        return src.to_string();
    };
    format!(
        "{}  {body}\n{}",
        &src[..body_start],
        &src[body_start + end + 1..]
    )
}

/// The C name of an instance field once it is a global.
fn global_name(field: &str) -> String {
    match field.strip_prefix("w2c_") {
        Some(rest) => format!("w68k_g_{rest}"),
        None => format!("w68k_import_{field}"),
    }
}

/// Length of the C identifier at the start of `s`.
fn identifier_len(s: &str) -> usize {
    s.bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count()
}

/// The fields of the instance structure in the generated header: name to C type.
fn instance_fields(h: &str) -> Result<BTreeMap<String, String>, PreludeError> {
    let open = format!("typedef struct Z_{MODULE}_instance_t {{\n");
    let start = h
        .find(&open)
        .ok_or_else(|| PreludeError("no instance structure in the header".into()))?
        + open.len();
    let end = h[start..]
        .find("\n}")
        .ok_or_else(|| PreludeError("unterminated instance structure".into()))?
        + start;
    let mut fields = BTreeMap::new();
    for line in h[start..end].lines() {
        let line = line.trim().trim_end_matches(';');
        if line.is_empty() {
            continue;
        }
        let split = line
            .rfind([' ', '*'])
            .ok_or_else(|| PreludeError(format!("unreadable instance field {line:?}")))?;
        let (ty, name) = line.split_at(split + 1);
        fields.insert(name.to_string(), ty.trim().to_string());
    }
    Ok(fields)
}

/// `static T w2c_f(Z_prog_instance_t* instance, ...)` -> `static T w2c_f(...)`, for the
/// declarations and definitions of internal functions.
fn drop_instance_parameter(line: &str, instance_type: &str) -> String {
    if !line.starts_with("static ") || !line.contains(" w2c_") {
        return line.to_string();
    }
    let Some(open) = line.find('(') else {
        return line.to_string();
    };
    let params = &line[open + 1..];
    for with_name in [
        format!("{instance_type} instance"),
        instance_type.to_string(),
    ] {
        if let Some(rest) = params.strip_prefix(&with_name) {
            if let Some(rest) = rest.strip_prefix(", ") {
                return format!("{}({rest}", &line[..open]);
            }
            if rest.starts_with(')') {
                return format!("{}(void{rest}", &line[..open]);
            }
        }
    }
    line.to_string()
}

/// `w2c_f(instance, x)` -> `w2c_f(x)` and `w2c_f(instance)` -> `w2c_f()`.
fn drop_instance_arguments(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut rest = src;
    while let Some(i) = rest.find("w2c_") {
        let len = identifier_len(&rest[i..]);
        let name_end = i + len;
        out.push_str(&rest[..name_end]);
        let after = &rest[name_end..];
        if let Some(tail) = after.strip_prefix("(instance, ") {
            out.push('(');
            rest = tail;
        } else if let Some(tail) = after.strip_prefix("(instance)") {
            out.push_str("()");
            rest = tail;
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Indirect calls pass the callee's instance first; the callees no longer take it:
/// `CALL_INDIRECT(t, R (*)(void*, A...), ft, x, t.data[x].module_instance, a...)` becomes
/// `CALL_INDIRECT(t, R (*)(A...), ft, x, a...)`.
fn rewrite_indirect_calls(src: &str) -> Result<String, PreludeError> {
    let marker = "CALL_INDIRECT(";
    let mut out = String::with_capacity(src.len());
    let mut rest = src;
    while let Some(i) = rest.find(marker) {
        out.push_str(&rest[..i + marker.len()]);
        let body = &rest[i + marker.len()..];
        if body.starts_with("table, ") {
            // The macro's own definition.
            rest = body;
            continue;
        }
        let (args, len) =
            split_arguments(body).ok_or_else(|| PreludeError("unbalanced CALL_INDIRECT".into()))?;
        if args.len() < 5 || !args[4].ends_with(".module_instance") {
            return Err(PreludeError(format!(
                "unexpected CALL_INDIRECT arguments: {}",
                &body[..len]
            )));
        }
        let ty = args[1]
            .replace("(*)(void*, ", "(*)(")
            .replace("(*)(void*)", "(*)(void)");
        let mut kept: Vec<String> = vec![args[0].clone(), ty, args[2].clone(), args[3].clone()];
        kept.extend(args[5..].iter().cloned());
        out.push_str(&kept.join(", "));
        out.push(')');
        rest = &body[len..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Splits the arguments of a call whose text starts just after its `(`; returns them and the
/// length consumed, including the closing `)`.
fn split_arguments(s: &str) -> Option<(Vec<String>, usize)> {
    let mut depth = 0usize;
    let mut args = Vec::new();
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' if depth > 0 => depth -= 1,
            ')' => {
                args.push(s[start..i].trim().to_string());
                return Some((args, i + 1));
            }
            ',' if depth == 0 => {
                args.push(s[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn function_types_become_the_interned_indexes() {
        let src = "static u32 func_types[3];\n\nstatic void init_func_types(void) {\n  func_types[0] = wasm_rt_register_func_type(1, 0, WASM_RT_I32);\n  func_types[1] = wasm_rt_register_func_type(0, 0);\n  func_types[2] = wasm_rt_register_func_type(1, 0, WASM_RT_I32);\n}\n";
        assert_eq!(
            constant_func_types(src),
            "static const u32 func_types[3] = {0u, 1u, 0u};\n\nstatic void init_func_types(void) {\n}\n"
        );
        assert_eq!(constant_func_types("int x;\n"), "int x;\n");
    }

    #[test]
    fn rust_mem_functions_become_native() {
        let src = "static u32 w2c__RNvNtCsX_17compiler_builtins3mem6memcpy(u32 w2c_p0, u32 w2c_p1, u32 w2c_p2) {\n  u32 w2c_l3 = 0;\n  loop();\n}\n\nstatic u32 w2c_other(void) {\n  return 1;\n}\n";
        let out = replace_function_body(src, NATIVE_MEM[0].0, NATIVE_MEM[0].1);
        assert!(out.contains("6memcpy(u32 w2c_p0, u32 w2c_p1, u32 w2c_p2) {\n  memory_copy(&w68k_g_memory, &w68k_g_memory, w2c_p0, w2c_p1, w2c_p2);\n  return w2c_p0;\n}\n\nstatic u32 w2c_other(void) {\n  return 1;\n}\n"), "{out}");
        assert!(!out.contains("loop()"));
        // Absent: unchanged.
        assert_eq!(replace_function_body(src, "6memset", "x"), src);
    }

    #[test]
    fn internal_function_signatures_lose_the_instance() {
        let t = "Z_prog_instance_t*";
        assert_eq!(
            drop_instance_parameter("static u32 w2c_f(Z_prog_instance_t*, u32, u32);", t),
            "static u32 w2c_f(u32, u32);"
        );
        assert_eq!(
            drop_instance_parameter("static void w2c_g(Z_prog_instance_t* instance) {", t),
            "static void w2c_g(void) {"
        );
        assert_eq!(
            drop_instance_parameter(
                "u32 Z_progZ_t(Z_prog_instance_t* instance, u32 w2c_p0) {",
                t
            ),
            "u32 Z_progZ_t(Z_prog_instance_t* instance, u32 w2c_p0) {"
        );
    }

    #[test]
    fn products_of_32_bits_become_inline_multiplies() {
        assert_eq!(
            inline_products("  w2c_i0 *= w2c_i1;\n    w2c_j0 *= w2c_j1;\nw2c_i2 *= 3u;"),
            "  w2c_i0 = w68k_mul32(w2c_i0, w2c_i1);\n    w2c_j0 *= w2c_j1;\nw2c_i2 *= 3u;\n"
        );
    }

    #[test]
    fn calls_lose_the_instance_argument() {
        assert_eq!(
            drop_instance_arguments("w2c_i0 = w2c_f(instance, w2c_i0, w2c_i1);\nw2c_g(instance);"),
            "w2c_i0 = w2c_f(w2c_i0, w2c_i1);\nw2c_g();"
        );
    }

    #[test]
    fn indirect_calls_are_rewritten() {
        let call = "w2c_i0 = CALL_INDIRECT(w68k_g_T0, u32 (*)(void*, u32, u32), 0, w2c_i2, \
                    w68k_g_T0.data[w2c_i2].module_instance, w2c_i0, w2c_i1);";
        assert_eq!(
            rewrite_indirect_calls(call).unwrap(),
            "w2c_i0 = CALL_INDIRECT(w68k_g_T0, u32 (*)(u32, u32), 0, w2c_i2, w2c_i0, w2c_i1);"
        );
        let call = "CALL_INDIRECT(w68k_g_T0, void (*)(void*), 1, w2c_i0, \
                    w68k_g_T0.data[w2c_i0].module_instance);";
        assert_eq!(
            rewrite_indirect_calls(call).unwrap(),
            "CALL_INDIRECT(w68k_g_T0, void (*)(void), 1, w2c_i0);"
        );
    }

    #[test]
    fn header_fields_are_read() {
        let h =
            "typedef struct Z_prog_instance_t {\n  struct Z_ams_instance_t* Z_ams_instance;\n  \
                 u32 w2c___stack_pointer;\n  wasm_rt_memory_t w2c_memory;\n} Z_prog_instance_t;\n";
        let fields = instance_fields(h).unwrap();
        assert_eq!(fields["Z_ams_instance"], "struct Z_ams_instance_t*");
        assert_eq!(fields["w2c___stack_pointer"], "u32");
        assert_eq!(fields["w2c_memory"], "wasm_rt_memory_t");
        assert_eq!(global_name("Z_ams_instance"), "w68k_import_Z_ams_instance");
        assert_eq!(global_name("w2c_memory"), "w68k_g_memory");
    }
}
