//! The expression stack (estack): a real area of emulated RAM that programs push onto and
//! read, with the three AMS variables that describe it (docs/files.md#variable-data-on-the-calculator,
//! docs/rom-calls.md#arguments-and-return-values).
//!
//! `bottom_estack` points at the ENDSTACK_TAG that is always the first byte;
//! `estack_max_index` at the highest usable byte; `top_estack` at the last
//! byte used. A program started by the harness finds an END_TAG just above the bottom and
//! `top_estack` on it: an empty argument list. Programs may move `top_estack` themselves (to
//! drop what they pushed): every call reads it from RAM and fails clearly if it lies outside
//! the area.
//!
//! Served: push_quantum, push_expr_quantum, push_END_TAG,
//! push_LIST_TAG, push_zstr, push_long_to_integer,
//! push_ulong_to_integer, next_expression_index, delete_expression,
//! estack_to_short, estack_to_ushort, HS_popEStack. A push past
//! `estack_max_index` throws ER_MEMORY (670), as AMS does when it cannot grow the estack.
//!
//! Walking expressions (next_expression_index, the size of what VarStore copies) knows the
//! tags of numbers, strings, names, lists, END_TAG, booleans, the store arrow, user-function
//! calls and the five arithmetic operators; any other tag is a clear failure rather than a
//! guess.

use ti_build::rom_calls;

use super::heap::Owner;
use super::{throwing, Reply, RomCallDef, RomCtx, Served, Stop};
use crate::bus::Bus;
use crate::failure::Failure;
use crate::map;
use crate::ReadMemory;

/// Multi-character variable name (also the zero that opens and closes a name or string).
pub const VAR_NAME_TAG: u8 = 0x00;
/// Non-negative integer.
pub const POSINT_TAG: u8 = 0x1F;
/// Negative integer (magnitude stored).
pub const NEGINT_TAG: u8 = 0x20;
/// Positive fraction.
pub const POSFRAC_TAG: u8 = 0x21;
/// Negative fraction.
pub const NEGFRAC_TAG: u8 = 0x22;
/// Float (9 BCD bytes before the tag).
pub const FLOAT_TAG: u8 = 0x23;
/// Boolean false.
pub const FALSE_TAG: u8 = 0x2B;
/// Boolean true.
pub const TRUE_TAG: u8 = 0x2C;
/// String.
pub const STR_TAG: u8 = 0x2D;
/// The store arrow.
pub const STORE_TAG: u8 = 0x80;
/// Complex number (real part, imaginary part, tag).
pub const COMPLEX_TAG: u8 = 0x9D;
/// List (END_TAG, elements last to first, tag).
pub const LIST_TAG: u8 = 0xD9;
/// Call of a user function or program: END_TAG, arguments last to first, name, tag.
pub const USERFUNC_TAG: u8 = 0xDA;
/// TI-BASIC program or function variable.
pub const FUNC_TAG: u8 = 0xDC;
/// End of a list or of an argument list.
pub const END_TAG: u8 = 0xE5;
/// Separates statements.
pub const NEXTEXPR_TAG: u8 = 0xE7;
/// Separates lines.
pub const NEWLINE_TAG: u8 = 0xE8;
/// The first byte of the estack.
pub const ENDSTACK_TAG: u8 = 0xE9;
/// ASM program variable.
pub const ASM_TAG: u8 = 0xF3;
/// The one-letter variable tags: r..w 0x02-0x07, x..z 0x08-0x0A, a..q 0x0B-0x1B.
pub const ONE_LETTER_TAGS: std::ops::RangeInclusive<u8> = 0x02..=0x1B;
/// The binary operators + - * / ^.
const BINARY_OPERATORS: [u8; 5] = [0x8B, 0x8D, 0x8F, 0x91, 0x93];

/// The letter a one-letter variable tag stands for (docs/files.md#tags).
pub fn letter_of_tag(tag: u8) -> Option<u8> {
    match tag {
        0x02..=0x07 => Some(b'r' + (tag - 0x02)),
        0x08..=0x0A => Some(b'x' + (tag - 0x08)),
        0x0B..=0x1B => Some(b'a' + (tag - 0x0B)),
        _ => None,
    }
}

/// The one-letter variable tag of a lowercase letter.
pub fn tag_of_letter(letter: u8) -> Option<u8> {
    match letter {
        b'r'..=b'w' => Some(0x02 + (letter - b'r')),
        b'x'..=b'z' => Some(0x08 + (letter - b'x')),
        b'a'..=b'q' => Some(0x0B + (letter - b'a')),
        _ => None,
    }
}

/// Empties the estack: ENDSTACK_TAG at the bottom, an END_TAG above it (no arguments), and
/// the three variables.
pub fn reset(bus: &mut Bus) {
    bus.poke(map::ESTACK, &[ENDSTACK_TAG, END_TAG]);
    bus.poke(map::BOTTOM_ESTACK, &map::ESTACK.to_be_bytes());
    bus.poke(map::ESTACK_MAX_INDEX, &(map::ESTACK_END - 1).to_be_bytes());
    bus.poke(map::TOP_ESTACK, &(map::ESTACK + 1).to_be_bytes());
}

fn read_long(bus: &Bus, address: u32) -> u32 {
    let mut b = [0u8; 4];
    bus.peek(address, &mut b);
    u32::from_be_bytes(b)
}

/// The value of `top_estack`.
pub fn top(bus: &Bus) -> u32 {
    read_long(bus, map::TOP_ESTACK)
}

/// Sets `top_estack`.
pub fn set_top(bus: &mut Bus, address: u32) {
    bus.poke(map::TOP_ESTACK, &address.to_be_bytes());
}

/// The value of `bottom_estack`.
pub fn bottom(bus: &Bus) -> u32 {
    read_long(bus, map::BOTTOM_ESTACK)
}

/// `top_estack`, checked to lie inside the estack area (a program may have moved it).
pub fn checked_top(ctx: &RomCtx<'_>) -> Result<u32, Failure> {
    let (top, bottom) = (top(ctx.bus), bottom(ctx.bus));
    if top < bottom || top >= map::ESTACK_END {
        return Err(ctx.misuse(format!(
            "top_estack is {top:#x}, outside the expression stack ({bottom:#x}..{:#x}): the program moved it wrongly",
            map::ESTACK_END
        )));
    }
    Ok(top)
}

/// Pushes `bytes` on the estack; throws ER_MEMORY (670) when they do not fit.
pub fn push(ctx: &mut RomCtx<'_>, bytes: &[u8]) -> Served<()> {
    let top = checked_top(ctx)?;
    if top as usize + bytes.len() >= map::ESTACK_END as usize {
        return Err(Stop::Throw(super::heap::ERR_MEMORY));
    }
    ctx.bus.poke(top + 1, bytes);
    set_top(ctx.bus, top + bytes.len() as u32);
    Ok(())
}

/// Reads one byte of emulated memory for an expression walk.
fn byte(bus: &Bus, address: u32) -> Result<u8, String> {
    let mut b = [0u8];
    bus.peek(address, &mut b)
        .ok_or_else(|| format!("the expression runs into unmapped memory at {address:#x}"))?;
    Ok(b[0])
}

/// The address just below the expression whose tag is at `p` (what next_expression_index
/// returns). `floor` is the lowest address the expression may use; the error says why the
/// bytes are not an expression the harness can walk.
pub fn next_index(bus: &Bus, p: u32, floor: u32) -> Result<u32, String> {
    if p < floor {
        return Err(format!(
            "the expression at {p:#x} runs below {floor:#x}, the start of its area"
        ));
    }
    let tag = byte(bus, p)?;
    let below = |n: u32| -> Result<u32, String> {
        p.checked_sub(n).filter(|&q| q + 1 >= floor).ok_or_else(|| {
            format!("the expression with tag {tag:#04x} at {p:#x} runs below {floor:#x}")
        })
    };
    match tag {
        VAR_NAME_TAG => {
            // `00 name 00`: find the opening zero (a name has at most 17 bytes: folder\name).
            let mut q = below(1)?;
            for _ in 0..18 {
                if byte(bus, q)? == 0 {
                    return if q == p - 1 {
                        Err(format!("empty name at {p:#x}"))
                    } else {
                        Ok(q.wrapping_sub(1))
                    };
                }
                q = q
                    .checked_sub(1)
                    .filter(|&q| q >= floor)
                    .ok_or_else(|| format!("the name ending at {p:#x} has no opening zero"))?;
            }
            Err(format!(
                "the name ending at {p:#x} is longer than folder\\name (17 bytes)"
            ))
        }
        t if ONE_LETTER_TAGS.contains(&t) => below(1),
        POSINT_TAG | NEGINT_TAG => {
            let n = byte(bus, below(1)?)?;
            below(2 + u32::from(n))
        }
        POSFRAC_TAG | NEGFRAC_TAG => {
            let n1 = byte(bus, below(1)?)?;
            let q = below(2 + u32::from(n1))?;
            let n2 = byte(bus, q)?;
            q.checked_sub(1 + u32::from(n2))
                .filter(|&r| r + 1 >= floor)
                .ok_or_else(|| format!("the fraction at {p:#x} runs below {floor:#x}"))
        }
        FLOAT_TAG => below(10),
        FALSE_TAG | TRUE_TAG | END_TAG => below(1),
        STR_TAG => {
            let close = below(1)?;
            if byte(bus, close)? != 0 {
                return Err(format!(
                    "the string tag at {p:#x} is not preceded by the zero that ends a string"
                ));
            }
            let mut q = close;
            loop {
                q = q
                    .checked_sub(1)
                    .filter(|&q| q >= floor)
                    .ok_or_else(|| format!("the string ending at {p:#x} has no opening zero"))?;
                if byte(bus, q)? == 0 {
                    return Ok(q.wrapping_sub(1));
                }
            }
        }
        LIST_TAG => {
            let mut q = below(1)?;
            while byte(bus, q)? != END_TAG {
                q = next_index(bus, q, floor)?;
            }
            Ok(q.wrapping_sub(1))
        }
        USERFUNC_TAG => {
            let mut q = next_index(bus, below(1)?, floor)?;
            while byte(bus, q)? != END_TAG {
                q = next_index(bus, q, floor)?;
            }
            Ok(q.wrapping_sub(1))
        }
        STORE_TAG | COMPLEX_TAG => {
            let q = next_index(bus, below(1)?, floor)?;
            next_index(bus, q, floor)
        }
        t if BINARY_OPERATORS.contains(&t) => {
            let q = next_index(bus, below(1)?, floor)?;
            next_index(bus, q, floor)
        }
        other => Err(format!(
            "tag {other:#04x} at {p:#x} is not one the harness knows how to walk (it knows numbers, strings, names, lists, END_TAG, booleans, the store arrow, user-function calls and + - * / ^)"
        )),
    }
}

/// The bytes of the expression whose tag is at `p` (lowest address first).
pub fn expression_bytes(bus: &Bus, p: u32, floor: u32) -> Result<Vec<u8>, String> {
    let start = next_index(bus, p, floor)?.wrapping_add(1);
    let mut out = vec![0; (p + 1 - start) as usize];
    bus.peek(start, &mut out);
    Ok(out)
}

/// The integer value of the estack integer whose tag is at `p`, if it is one (None for other
/// tags); an error if it is malformed.
pub fn integer_at(bus: &Bus, p: u32) -> Result<Option<i128>, String> {
    let tag = byte(bus, p)?;
    if tag != POSINT_TAG && tag != NEGINT_TAG {
        return Ok(None);
    }
    let n = byte(bus, p.wrapping_sub(1))? as u32;
    if n > 16 {
        return Ok(Some(if tag == NEGINT_TAG {
            i128::MIN
        } else {
            i128::MAX
        }));
    }
    let mut v: i128 = 0;
    for i in 0..n {
        v |= i128::from(byte(bus, p - 1 - n + i)?) << (8 * i);
    }
    Ok(Some(if tag == NEGINT_TAG { -v } else { v }))
}

/// The estack bytes of an integer.
pub fn integer_bytes(v: i128) -> Vec<u8> {
    let mag = v.unsigned_abs();
    let mut out: Vec<u8> = mag.to_le_bytes().to_vec();
    while out.last() == Some(&0) {
        out.pop();
    }
    out.push(out.len() as u8);
    out.push(if v < 0 { NEGINT_TAG } else { POSINT_TAG });
    out
}

fn esi_floor(ctx: &RomCtx<'_>, p: u32) -> u32 {
    // An expression on the estack may not run below its bottom; one elsewhere (a variable in
    // the heap, a program's constant) is bounded by the start of RAM.
    let bottom = bottom(ctx.bus);
    if (bottom..map::ESTACK_END).contains(&p) {
        bottom
    } else {
        0
    }
}

fn walk(ctx: &RomCtx<'_>, p: u32) -> Result<u32, Failure> {
    next_index(ctx.bus, p, esi_floor(ctx, p)).map_err(|e| ctx.misuse(e))
}

fn push_quantum(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        let [tag] = ctx.args([2])?;
        ctx.detail = format!("({:#04x})", tag & 0xFF);
        push(ctx, &[tag as u8])?;
        Ok(Reply::Void)
    })
}

fn push_expr_quantum(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        let [p, tag] = ctx.args([4, 2])?;
        let start = walk(ctx, p)? + 1;
        let mut bytes = ctx.read_bytes(start, p + 1 - start)?;
        bytes.push(tag as u8);
        ctx.detail = format!("({p:#x}, {:#04x})", tag & 0xFF);
        push(ctx, &bytes)?;
        Ok(Reply::Void)
    })
}

fn push_end_tag(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        ctx.detail = "()".into();
        push(ctx, &[END_TAG])?;
        Ok(Reply::Void)
    })
}

fn push_list_tag(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        ctx.detail = "()".into();
        push(ctx, &[LIST_TAG])?;
        Ok(Reply::Void)
    })
}

fn push_zstr(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        let [s] = ctx.args([4])?;
        let text = ctx.read_cstr(s, 0xFFFF)?;
        ctx.detail = format!("(\"{}\")", super::ti_text(&text));
        let mut bytes = Vec::with_capacity(text.len() + 3);
        bytes.push(0);
        bytes.extend_from_slice(&text);
        bytes.extend_from_slice(&[0, STR_TAG]);
        push(ctx, &bytes)?;
        Ok(Reply::Void)
    })
}

fn push_long_to_integer(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        let [v] = ctx.args([4])?;
        let v = v as i32;
        ctx.detail = format!("({v})");
        push(ctx, &integer_bytes(i128::from(v)))?;
        Ok(Reply::Void)
    })
}

fn push_ulong_to_integer(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        let [v] = ctx.args([4])?;
        ctx.detail = format!("({v})");
        push(ctx, &integer_bytes(i128::from(v)))?;
        Ok(Reply::Void)
    })
}

fn next_expression_index(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p] = ctx.args([4])?;
    let q = walk(ctx, p)?;
    ctx.detail = format!("({p:#x}) = {q:#x}");
    Ok(Reply::A0(q))
}

fn delete_expression(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p] = ctx.args([4])?;
    let top = checked_top(ctx)?;
    let bottom = bottom(ctx.bus);
    if p <= bottom || p > top {
        return Err(ctx.misuse(format!(
            "{p:#x} is not an expression on the estack (its used part is {:#x}..={top:#x})",
            bottom + 1
        )));
    }
    let below = walk(ctx, p)?;
    let len = p - below;
    let above = ctx.read_bytes(p + 1, top - p)?;
    ctx.bus.poke(below + 1, &above);
    set_top(ctx.bus, top - len);
    ctx.detail = format!("({p:#x}) removes {len} byte(s)");
    Ok(Reply::Void)
}

/// estack_to_short / estack_to_ushort: 1 and the value, 0 and the clamped value on overflow,
/// -1 when the entry is not a whole number.
fn estack_to_small(ctx: &mut RomCtx<'_>, lo: i128, hi: i128) -> Result<Reply, Failure> {
    let [p, out] = ctx.args([4, 4])?;
    let tag = ctx.read_bytes(p, 1)?[0];
    let value = integer_at(ctx.bus, p).map_err(|e| ctx.misuse(e))?;
    let (r, v) = match value {
        Some(v) if v < lo => (0, lo),
        Some(v) if v > hi => (0, hi),
        Some(v) => (1, v),
        None if tag == FLOAT_TAG => {
            return Err(
                ctx.misuse("the entry is a float: converting floats to integers is not emulated")
            )
        }
        None => (-1i32, 0),
    };
    if r != -1 {
        if out % 2 != 0 {
            return Err(ctx.misuse(format!("the result pointer {out:#x} is odd")));
        }
        ctx.write_bytes(out, &(v as u16).to_be_bytes())?;
    }
    ctx.detail = format!("({p:#x}, {out:#x}) = {r}, value {v}");
    Ok(Reply::Short(r as u16))
}

fn estack_to_short(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    estack_to_small(ctx, -32768, 32767)
}

fn estack_to_ushort(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    estack_to_small(ctx, 0, 65535)
}

/// HS_popEStack: copies `bottom_estack..=top_estack` into a new unlocked MULTI_EXPR handle
/// (allocated high, as AMS does; unlocked blocks move first, as for every allocation) and
/// empties the estack (top = bottom). Throws ER_MEMORY when the heap is full.
fn hs_pop_estack(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        let top = checked_top(ctx)?;
        let bottom = bottom(ctx.bus);
        let len = top + 1 - bottom;
        // An allocation may compact the heap (see heap::Heap::move_unlocked).
        ctx.os.heap.move_unlocked(ctx.bus);
        let Some((h, a)) = ctx.os.heap.alloc(
            ctx.bus,
            len + 2,
            true,
            Owner::Program,
            "HS_popEStack",
            ctx.caller,
        ) else {
            return Err(Stop::Throw(super::heap::ERR_MEMORY));
        };
        let mut block = (len as u16).to_be_bytes().to_vec();
        block.extend(ctx.read_bytes(bottom, len)?);
        ctx.bus.poke(a, &block);
        set_top(ctx.bus, bottom);
        ctx.detail = format!("() = {h} ({len} byte(s))");
        Ok(Reply::Short(h))
    })
}

/// The estack calls served.
#[rustfmt::skip]
pub const CALLS: &[RomCallDef] = &[
    RomCallDef { call: rom_calls::next_expression_index, handler: next_expression_index },
    RomCallDef { call: rom_calls::HS_popEStack, handler: hs_pop_estack },
    RomCallDef { call: rom_calls::push_END_TAG, handler: push_end_tag },
    RomCallDef { call: rom_calls::push_LIST_TAG, handler: push_list_tag },
    RomCallDef { call: rom_calls::delete_expression, handler: delete_expression },
    RomCallDef { call: rom_calls::estack_to_short, handler: estack_to_short },
    RomCallDef { call: rom_calls::estack_to_ushort, handler: estack_to_ushort },
    RomCallDef { call: rom_calls::push_expr_quantum, handler: push_expr_quantum },
    RomCallDef { call: rom_calls::push_quantum, handler: push_quantum },
    RomCallDef { call: rom_calls::push_zstr, handler: push_zstr },
    RomCallDef { call: rom_calls::push_long_to_integer, handler: push_long_to_integer },
    RomCallDef { call: rom_calls::push_ulong_to_integer, handler: push_ulong_to_integer },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Layout;
    use ti_files::Model;

    fn bus_with(at: u32, bytes: &[u8]) -> Bus {
        let mut bus = Bus::new(&Layout::of(Model::Ti89));
        bus.poke(at, bytes);
        bus
    }

    #[test]
    fn walks_the_documented_examples() {
        // my_func(a, b, c) (GCC4TI top_estack.hsf).
        let call = [
            0xE5, 0x0D, 0x0C, 0x0B, 0x00, b'm', b'y', b'_', b'f', b'u', b'n', b'c', 0x00, 0xDA,
        ];
        let bus = bus_with(0x9000, &call);
        let end = 0x9000 + call.len() as u32 - 1;
        assert_eq!(next_index(&bus, end, 0x9000), Ok(0x8FFF));
        // {{1,2},{3,4}}
        let m = [
            0xE5, 0xE5, 4, 1, 0x1F, 3, 1, 0x1F, 0xD9, 0xE5, 2, 1, 0x1F, 1, 1, 0x1F, 0xD9, 0xD9,
        ];
        let bus = bus_with(0x9000, &m);
        assert_eq!(next_index(&bus, 0x9000 + 17, 0x9000), Ok(0x8FFF));
        // a+b -> a : [0B] [0C] [8B] [0B] [80]
        let bus = bus_with(0x9000, &[0x0B, 0x0C, 0x8B, 0x0B, 0x80]);
        assert_eq!(next_index(&bus, 0x9004, 0x9000), Ok(0x8FFF));
        // "N" and -300 and 0
        let bus = bus_with(0x9000, &[0, b'N', 0, 0x2D, 0x2C, 0x01, 2, 0x20, 0, 0x1F]);
        assert_eq!(next_index(&bus, 0x9009, 0x9000), Ok(0x9007));
        assert_eq!(next_index(&bus, 0x9007, 0x9000), Ok(0x9003));
        assert_eq!(next_index(&bus, 0x9003, 0x9000), Ok(0x8FFF));
        assert_eq!(integer_at(&bus, 0x9007), Ok(Some(-300)));
        assert_eq!(integer_at(&bus, 0x9009), Ok(Some(0)));
    }

    #[test]
    fn refuses_what_it_cannot_walk() {
        let bus = bus_with(0x9000, &[0x01, 0x42]);
        let e = next_index(&bus, 0x9001, 0x9000).unwrap_err();
        assert!(e.contains("tag 0x42"), "{e}");
        let bus = bus_with(0x9000, &[b'a', b'b', 0, 0x2D]);
        let e = next_index(&bus, 0x9003, 0x9000).unwrap_err();
        assert!(e.contains("no opening zero"), "{e}");
    }

    #[test]
    fn integers_round_trip() {
        for v in [0i128, 1, 7, -1, 255, 256, 300, -32768, 1 << 40] {
            let b = integer_bytes(v);
            let bus = bus_with(0x9000, &b);
            let p = 0x9000 + b.len() as u32 - 1;
            assert_eq!(integer_at(&bus, p), Ok(Some(v)));
            assert_eq!(next_index(&bus, p, 0x9000), Ok(0x8FFF));
        }
        assert_eq!(integer_bytes(300), vec![0x2C, 0x01, 2, 0x1F]);
        assert_eq!(integer_bytes(0), vec![0, 0x1F]);
    }
}
