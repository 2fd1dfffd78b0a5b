//! `tigcclib.h`, the header of C programs (docs/c-programs.md): the ROM calls of the project's
//! table ([`rom_calls`]) under TIGCC's names, types and constants, so that a TIGCC-style
//! program (`DrawStr(0, 0, "hi", A_NORMAL)`) compiles and runs unchanged with this project's
//! GCC. It is generated from the table at every build of a C program, never written by hand.
//!
//! The bridge between the two calling conventions (docs/rom-calls.md#calling-convention): AMS
//! reads `short`, `char` and `HANDLE` arguments from 2-byte stack slots, but m68k-linux GCC pushes
//! every scalar argument in 4 bytes (and `-mshort` is unusable with it,
//! docs/building.md#-mshort). So a call with any 2-byte parameter is a macro that passes ONE
//! struct laid out like the ROM's parameter list (GCC aligns `short`, `long` and pointers to 2
//! bytes inside a struct, and copies a struct of 4 bytes or more unpadded to the first
//! argument slot); a call whose parameters all take 4 bytes is the jump-table entry cast to
//! its function type, as TIGCC writes it. Variadic arguments (`VarStore`'s ESI) go in 4-byte
//! slots. A call with TI's 10-byte BCD `float` has no C type here and is left out, with a
//! comment saying so.

use std::fmt::Write as _;

use super::rom_calls::{self, RomCall, RomCallKind};

/// The header's file name.
pub const HEADER: &str = "tigcclib.h";

/// How AMS passes a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Two bytes: `short`, `char` (as a word), `HANDLE`, `ESQ`.
    Word,
    /// Four bytes: `long`, pointers, `HSym`, `SYM_STR`, `ESI`.
    Long,
}

/// One parameter of a ROM function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its type as the table declares it (`const char *`).
    pub ty: String,
    /// Its name.
    pub name: String,
    /// How it is passed.
    pub slot: Slot,
}

/// A ROM function's prototype, read from the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prototype {
    /// The result type.
    pub result: String,
    /// The parameters, in order.
    pub params: Vec<Param>,
    /// Whether it ends with `...`.
    pub variadic: bool,
}

/// Why a call cannot be given a C binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unbound {
    /// It takes or returns TI's BCD float.
    Float,
    /// The prototype uses a type the generator does not know.
    UnknownType(String),
}

/// The calls that never return (TIGCC declares them `noreturn`): GCC then knows that code after
/// them is not reached.
const NO_RETURN: [&str; 1] = ["ER_throwVar"];

/// The types of 4 bytes besides pointers.
const LONG_TYPES: [&str; 7] = [
    "long",
    "unsigned long",
    "HSym",
    "SYM_STR",
    "ESI",
    "CESI",
    "int32_t",
];
/// The types of 2 bytes (a `char` is passed as a word).
const WORD_TYPES: [&str; 7] = [
    "short",
    "unsigned short",
    "HANDLE",
    "char",
    "unsigned char",
    "ESQ",
    "BOOL",
];

fn strip_qualifiers(ty: &str) -> String {
    ty.split_whitespace()
        .filter(|w| *w != "const" && *w != "volatile")
        .collect::<Vec<_>>()
        .join(" ")
}

fn slot(ty: &str) -> Result<Slot, Unbound> {
    if ty.contains('*') {
        return Ok(Slot::Long);
    }
    let base = strip_qualifiers(ty);
    if base == "float" {
        Err(Unbound::Float)
    } else if LONG_TYPES.contains(&base.as_str()) {
        Ok(Slot::Long)
    } else if WORD_TYPES.contains(&base.as_str()) {
        Ok(Slot::Word)
    } else {
        Err(Unbound::UnknownType(ty.to_string()))
    }
}

/// Splits `const char *s` into its type and name.
fn split_declaration(decl: &str) -> (String, String) {
    let decl = decl.trim();
    let at = decl
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    (decl[..at].trim().to_string(), decl[at..].to_string())
}

/// Reads a function's prototype (`void DrawStr(short x, short y, const char *s, short attr)`).
pub fn parse(call: &RomCall) -> Result<Prototype, Unbound> {
    let open = call.prototype.find('(').unwrap_or(call.prototype.len());
    let (result, _) = split_declaration(&call.prototype[..open]);
    if strip_qualifiers(&result) == "float" {
        return Err(Unbound::Float);
    }
    let inside = call.prototype[open..]
        .trim_start_matches('(')
        .trim_end_matches(')');
    let mut params = Vec::new();
    let mut variadic = false;
    for (i, part) in inside.split(',').map(str::trim).enumerate() {
        if part == "void" || part.is_empty() {
            continue;
        }
        if part == "..." {
            variadic = true;
            continue;
        }
        let (ty, name) = split_declaration(part);
        let (ty, name) = if ty.is_empty() {
            (name, format!("arg{i}"))
        } else {
            (ty, name)
        };
        let slot = slot(&ty)?;
        params.push(Param { ty, name, slot });
    }
    Ok(Prototype {
        result,
        params,
        variadic,
    })
}

/// The type of a parameter's member in the argument struct: a `char` travels as a word.
fn member_type(param: &Param) -> String {
    match strip_qualifiers(&param.ty).as_str() {
        "char" => "short".into(),
        "unsigned char" | "ESQ" => "unsigned short".into(),
        _ => param.ty.clone(),
    }
}

/// The C binding of one function.
fn function(call: &RomCall, proto: &Prototype) -> String {
    let name = call.name;
    let index = call.index;
    let types: Vec<&str> = proto.params.iter().map(|p| p.ty.as_str()).collect();
    let mut out = format!("/* {} (entry {index:#X}) */\n", call.prototype);
    if proto.params.iter().all(|p| p.slot == Slot::Long) {
        let mut list = types.join(", ");
        if proto.variadic {
            list.push_str(", ...");
        }
        if list.is_empty() {
            list = "void".into();
        }
        let _ = writeln!(
            out,
            "#define {name} (({} (*)({list}))_rom_call_addr({index:#X}))",
            proto.result
        );
        return out;
    }
    let args = format!("_rom_args_{name}");
    let _ = write!(out, "typedef struct {{");
    let mut bytes = 0;
    for p in &proto.params {
        let _ = write!(out, " {} {};", member_type(p), p.name);
        bytes += if p.slot == Slot::Word { 2 } else { 4 };
    }
    if bytes < 4 {
        // A struct under 4 bytes would be right-justified in its slot: pad it.
        let _ = write!(out, " short _pad;");
    }
    let _ = writeln!(out, " }} {args};");
    let names: Vec<String> = (0..proto.params.len()).map(|i| format!("_a{i}")).collect();

    let values: Vec<String> = names.iter().map(|n| format!("({n})")).collect();
    let (macro_params, rest, ptype) = if proto.variadic {
        (
            format!("{}, ...", names.join(", ")),
            ", ##__VA_ARGS__",
            format!("{args}, ..."),
        )
    } else {
        (names.join(", "), "", args.clone())
    };
    let _ = writeln!(out, "typedef {} _rom_fn_{name}({ptype});", proto.result);
    if NO_RETURN.contains(&name) && !proto.variadic {
        // A call that never returns goes through an inline function GCC knows the fact of.
        let _ = writeln!(
            out,
            "static inline __attribute__((__noreturn__, __always_inline__)) void \
             _rom_noreturn_{name}({args} a) {{\n  ((_rom_fn_{name} *)_rom_call_addr({index:#X}))(a);\n  \
             __builtin_unreachable();\n}}"
        );
        let _ = writeln!(
            out,
            "#define {name}({macro_params}) _rom_noreturn_{name}(({args}){{{}}})",
            values.join(", ")
        );
        return out;
    }
    let _ = writeln!(
        out,
        "#define {name}({macro_params}) \\\n  ((_rom_fn_{name} *)_rom_call_addr({index:#X}))(({args}){{{}}}{rest})",
        values.join(", ")
    );
    out
}

/// The C binding of a ROM variable: `T *const name` is the entry itself; `T name` is the
/// variable the entry points at.
fn variable(call: &RomCall) -> String {
    let (ty, name) = split_declaration(call.prototype);
    let mut out = format!(
        "/* {} (entry {:#X}, a variable) */\n",
        call.prototype, call.index
    );
    match ty.strip_suffix("const").map(str::trim_end) {
        Some(pointer) if pointer.ends_with('*') => {
            let _ = writeln!(
                out,
                "#define {name} (({pointer})_rom_call_addr({:#X}))",
                call.index
            );
        }
        _ => {
            let _ = writeln!(
                out,
                "#define {name} (*({ty} *)_rom_call_addr({:#X}))",
                call.index
            );
        }
    }
    out
}

/// The constants of TIGCC's headers the programs need most (graph.h, kbd.h, estack.h, vat.h,
/// error.h), usable from C and from `.S` assembler.
const CONSTANTS: &str = "\
/* Drawing attributes (graph.h) and fonts. */
#define A_REVERSE 0
#define A_NORMAL 1
#define A_XOR 2
#define A_SHADED 3
#define A_REPLACE 4
#define A_OR 5
#define A_AND 6
#define A_THICK1 7
#define F_4x6 0
#define F_6x8 1
#define F_8x10 2

/* Keys ngetchx returns on every model (kbd.h; the arrows differ: docs/rom-calls.md). */
#define KEY_ENTER 13
#define KEY_BACKSPACE 257
#define KEY_STO 258
#define KEY_CLEAR 263
#define KEY_ESC 264
#define KEY_APPS 265
#define KEY_MODE 266
#define KEY_ON 267
#define KEY_F1 268

/* Tags of the expression stack (estack.h; docs/files.md#tags). */
#define POSINT_TAG 0x1F
#define NEGINT_TAG 0x20
#define FLOAT_TAG 0x23
#define STR_TAG 0x2D
#define LIST_TAG 0xD9
#define END_TAG 0xE5

/* VarStore flags and SymFindFirst options (vat.h). */
#define STOF_ESI 0x4000
#define STOF_ELEMENT 0x4001
#define STOF_NONE 0x4002
#define STOF_HESI 0x4003
#define FO_SINGLE_FOLDER 0x01
#define FO_RECURSE 0x02
#define FO_SKIP_TEMPS 0x04

/* AMS error numbers (error.h; docs/rom-calls.md#errors). */
#define ER_NO_MSG 9
#define ER_ARGUMENT 40
#define ER_DATATYPE 210
#define ER_MEMORY 670
#define ER_UNDEFINED_VAR 960
";

/// The types and helpers of TIGCC's headers (C only).
const C_DEFINITIONS: &str = "\
#include <stddef.h>
#include <string.h>

typedef short BOOL;
#define FALSE 0
#define TRUE 1

/* A memory handle; H_NULL is none. */
typedef unsigned short HANDLE;
#define H_NULL 0

/* A symbol: the handle of the table holding its entry, and the entry's offset in it
 * (returned in d0, as GCC returns a 4-byte struct). HS_NULL is none. */
typedef struct { HANDLE folder; unsigned short offset; } HSym;
#define HS_NULL ((HSym){0, 0})

/* Expression-stack pointers: an ESI points at the tag, the last byte of an expression. */
typedef unsigned char ESQ;
typedef ESQ *ESI;
typedef const ESQ *CESI;

/* A name as the VAT takes it: a pointer to the terminating zero of \"\\0name\\0\". */
typedef CESI SYM_STR;
#define SYMSTR(s) (((const unsigned char *)\"\\0\" s) + sizeof(s))

/* A VAT entry (14 bytes). */
typedef struct {
  char name[8];
  unsigned short compat;
  union { unsigned short flags_n; } flags;
  HANDLE handle;
} SYM_ENTRY;

/* Screen rectangles. */
typedef union {
  struct { unsigned char x0, y0, x1, y1; } xy;
  unsigned long l;
} SCR_RECT;
typedef struct { short x0, y0, x1, y1; } WIN_RECT;

/* The screen: 240 x 128 pixels, 30 bytes a row (160 x 100 visible on a TI-89). */
#define LCD_MEM ((void *)0x4C00)
#define LCD_SIZE 3840

/* Jump-table entry `idx` (the table's address is stored at 0xC8). */
#define _rom_call_addr(idx) ((*(void *const *const *)0xC8)[idx])

/* ER_throw is an A-line opcode in TIGCC; ER_throwVar throws the same error. */
#define ER_throw(err) ER_throwVar(err)
";

/// The text of `tigcclib.h` (module doc).
pub fn header() -> String {
    let mut h = String::from(
        "/* tigcclib.h: the AMS ROM calls this toolkit binds, for C programs written the TIGCC\n \
         * way (docs/c-programs.md). Generated by `ti68k build` from the project's table of ROM\n \
         * calls (ti_build::rom_calls): edit the table, not this file.\n *\n \
         * A program defines `void _main(void)`. Calls with 2-byte parameters are macros that\n \
         * pass one struct laid out as AMS reads its stack (module ti_build::tigcc); their\n \
         * arguments are each evaluated once. The indexes (ROM_<name>) and the constants are\n \
         * also usable from .S assembler files. */\n\
         #ifndef TI68K_TIGCCLIB_H\n#define TI68K_TIGCCLIB_H\n\n#include \"rom_calls.h\"\n\n",
    );
    h.push_str(CONSTANTS);
    h.push_str("\n#ifndef __ASSEMBLER__\n");
    h.push_str(C_DEFINITIONS);
    let mut left_out = Vec::new();
    for call in rom_calls::ALL {
        h.push('\n');
        match call.kind {
            RomCallKind::Variable => h.push_str(&variable(call)),
            RomCallKind::Function => match parse(call) {
                Ok(proto) => h.push_str(&function(call, &proto)),
                Err(why) => {
                    let _ = writeln!(
                        h,
                        "/* {} (entry {:#X}): not bound: {} */",
                        call.prototype,
                        call.index,
                        match why {
                            Unbound::Float => "TI's BCD float has no C type here".to_string(),
                            Unbound::UnknownType(t) => format!("unknown type {t}"),
                        }
                    );
                    left_out.push(call.name);
                }
            },
        }
    }
    h.push_str("\n#endif /* __ASSEMBLER__ */\n#endif\n");
    h
}

/// The calls of the table that have no C binding (their prototypes use TI's float).
pub fn unbound() -> Vec<&'static str> {
    rom_calls::ALL
        .iter()
        .filter(|c| c.kind == RomCallKind::Function && parse(c).is_err())
        .map(|c| c.name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole header, as a reviewer sees it change (and as docs/c-programs.md describes
    /// it): `src/snapshots/ti_build__tigcc__tests__the_header.snap`.
    #[test]
    fn the_header() {
        insta::assert_snapshot!(header());
    }

    #[test]
    fn every_call_is_bound_but_the_float_ones() {
        for call in rom_calls::ALL {
            if call.kind == RomCallKind::Function {
                match parse(call) {
                    Ok(_) | Err(Unbound::Float) => {}
                    Err(e) => panic!("{call}: {e:?}"),
                }
            }
        }
        assert_eq!(unbound(), ["estack_number_to_Float", "push_Float"]);
    }

    #[test]
    fn a_call_with_shorts_passes_one_struct() {
        let h = header();
        assert!(h.contains(
            "typedef struct { short x; short y; const char * s; short attr; } _rom_args_DrawStr;"
        ), "{h}");
        assert!(
            h.contains("typedef void _rom_fn_DrawStr(_rom_args_DrawStr);"),
            "{h}"
        );
        assert!(h.contains(
            "#define DrawStr(_a0, _a1, _a2, _a3) \\\n  ((_rom_fn_DrawStr *)_rom_call_addr(0x1A9))((_rom_args_DrawStr){(_a0), (_a1), (_a2), (_a3)})"
        ), "{h}");
        assert!(h.contains(
            "static inline __attribute__((__noreturn__, __always_inline__)) void _rom_noreturn_ER_throwVar("
        ), "{h}");
        // A lone short is padded to a whole slot; a char travels as a word.
        assert!(h.contains("typedef struct { short err; short _pad; } _rom_args_ER_throwVar;"));
        assert!(h.contains(
            "typedef struct { short x; short y; short c; short attr; } _rom_args_DrawChar;"
        ));
        // Variadic arguments follow the struct.
        assert!(h.contains("typedef HSym _rom_fn_VarStore(_rom_args_VarStore, ...);"));
        assert!(h.contains("((_rom_fn_VarStore *)_rom_call_addr(0x86))((_rom_args_VarStore){(_a0), (_a1), (_a2)}, ##__VA_ARGS__)"));
    }

    #[test]
    fn calls_of_long_parameters_and_variables_are_plain_casts() {
        let h = header();
        assert!(
            h.contains("#define HeapAllocPtr ((void * (*)(unsigned long))_rom_call_addr(0xA2))"),
            "{h}"
        );
        assert!(h.contains("#define ClrScr ((void (*)(void))_rom_call_addr(0x19E))"));
        assert!(h.contains("#define ScrRect ((SCR_RECT *)_rom_call_addr(0x2F))"));
        assert!(h.contains("#define top_estack (*(ESI *)_rom_call_addr(0x109))"));
        assert!(
            h.contains("#define FiftyMsecTick (*(volatile unsigned long *)_rom_call_addr(0x4FC))")
        );
        assert!(h.contains("not bound: TI's BCD float"));
    }
}
