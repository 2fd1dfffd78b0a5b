//! Storing and recalling variables the high-level way: VarStore and VarRecall
//! (GCC4TI `vat.h/VarStore.hsf`, `vat.h/VarRecall.hsf`;
//! docs/rom-calls.md#creating-and-reading-variables).
//!
//! VarStore copies an expression into a variable, creating its VAT entry if needed:
//! - `STOF_ESI` (0x4000), extra argument an ESI: the expression whose tag it points at (its
//!   extent found by walking it, see [`super::estack`]) or, when `Size` is not 0, the `Size`
//!   bytes ending at it;
//! - `STOF_HESI` (0x4003), extra argument a HANDLE: the whole MULTI_EXPR of the handle, or
//!   with a `Size` the `Size` bytes ending at its tag.
//!
//! The memory is found before the old value is freed. A locked or archived variable makes it
//! throw ER_LOCKED (980); one in use (flag, or a program that is running) ER_VAR_IN_USE (970);
//! no memory ER_MEMORY (670). It returns the variable's HSym. Not emulated (clear failures):
//! `STOF_ELEMENT`, `STOF_NONE`, the tag flags, system variables, storing a value of another
//! type over a program, function, text, picture, data, GDB or custom-type variable (AMS
//! refuses it; its error is not documented), and storing into a missing folder (whether AMS
//! asks to create it is not documented).
//!
//! VarRecall finds a variable like SymFind (flags 0 and VR_NO_SYS_VARS; there are no system
//! variables) and returns its HSym, or HS_NULL.

use ti_build::rom_calls;

use super::symbols::{check_not_running, missing_folder, read_sym_str, ERR_LOCKED, ERR_VAR_IN_USE};
use super::vat::{self, Entry, Lookup, SymPath, VatError};
use super::{estack, throwing, ti_text, Reply, RomCallDef, RomCtx, Served, Stop};
use crate::failure::Failure;
use crate::ReadMemory;

/// Store the expression an ESI points at.
pub const STOF_ESI: u32 = 0x4000;
/// Store into a list or matrix element.
pub const STOF_ELEMENT: u32 = 0x4001;
/// Only create the entry.
pub const STOF_NONE: u32 = 0x4002;
/// Store the expression a handle holds.
pub const STOF_HESI: u32 = 0x4003;
/// Tags of the variable types AMS protects from being overwritten by another type
/// (GCC4TI `vat.h/VarStore.hsf`, QSysProtected): programs and functions, ASM programs,
/// text, pictures, data, graph databases, custom types.
const PROTECTED_TAGS: [u8; 7] = [0xDC, 0xF3, 0xE0, 0xDF, 0xDD, 0xDE, 0xF8];

fn var_store(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        let [p, flags, size] = ctx.args([4, 2, 2])?;
        let path = read_sym_str(ctx, p)?;
        let shown = path.display(&ctx.os.vat);
        // The extra argument follows the three fixed ones (4 + 2 + 2 bytes).
        let extra_at = ctx.cpu.dar[15] + 4 + 8;
        let data = match flags {
            STOF_ESI => {
                let esi = ctx.read_u32(extra_at)?;
                ctx.detail = format!("(\"{shown}\", STOF_ESI, {size}, {esi:#x})");
                if size == 0 {
                    estack::expression_bytes(ctx.bus, esi, 0).map_err(|e| {
                        ctx.misuse(format!(
                            "{e}; pass the size of the data (with its tag) to store it anyway"
                        ))
                    })?
                } else {
                    ctx.read_bytes((esi + 1).wrapping_sub(size), size)?
                }
            }
            STOF_HESI => {
                let h = ctx.read_u16(extra_at)?;
                ctx.detail = format!("(\"{shown}\", STOF_HESI, {size}, {h})");
                let whole = vat::variable_data(ctx.bus, &ctx.os.heap, h).ok_or_else(|| {
                    ctx.misuse(format!(
                        "handle {h} is not an allocated block holding a MULTI_EXPR (size word, then data)"
                    ))
                })?;
                if size == 0 {
                    whole
                } else if size as usize <= whole.len() {
                    whole[whole.len() - size as usize..].to_vec()
                } else {
                    return Err(ctx
                        .misuse(format!(
                            "Size {size} is larger than the {} bytes handle {h} holds",
                            whole.len()
                        ))
                        .into());
                }
            }
            STOF_ELEMENT | STOF_NONE => {
                return Err(ctx
                    .misuse(format!(
                        "flags {flags:#x} (STOF_ELEMENT / STOF_NONE) are not emulated: only STOF_ESI and STOF_HESI"
                    ))
                    .into())
            }
            _ => {
                return Err(ctx
                    .misuse(format!(
                        "flags {flags:#x}: only STOF_ESI (0x4000) and STOF_HESI (0x4003) are emulated"
                    ))
                    .into())
            }
        };
        let e = store_value(ctx, &path, &data)?;
        ctx.detail.push_str(&format!(
            " = {:#010x} ({} bytes, tag {:#04x})",
            e.hsym(),
            data.len(),
            data.last().copied().unwrap_or(0)
        ));
        Ok(Reply::D0(e.hsym()))
    })
}

/// Stores `data` (a variable's data without its size word, ending with its tag) as `path`
/// with VarStore's checks and errors. Returns the variable's entry.
pub fn store_value(ctx: &mut RomCtx<'_>, path: &SymPath, data: &[u8]) -> Served<Entry> {
    let shown = path.display(&ctx.os.vat);
    let Some(&tag) = data.last() else {
        return Err(ctx.misuse("the data to store is empty").into());
    };
    if let Lookup::Found(e) = vat::lookup(ctx.bus, &ctx.os.heap, &ctx.os.vat, path) {
        check_not_running(ctx, &e)?;
        let old = vat::variable_data(ctx.bus, &ctx.os.heap, e.handle);
        if let Some(&old_tag) = old.as_ref().and_then(|d| d.last()) {
            if PROTECTED_TAGS.contains(&old_tag) && old_tag != tag {
                return Err(ctx
                        .misuse(format!(
                            "{shown} holds a variable of tag {old_tag:#04x}, which AMS protects from being overwritten by another type (tag {tag:#04x}); its error is not emulated"
                        ))
                        .into());
            }
        }
    }
    let r = vat::store(ctx.bus, &mut ctx.os.heap, &ctx.os.vat, path, data);
    let e = match r {
        Ok(e) => e,
        Err(VatError::MissingFolder(f)) => return Err(missing_folder(ctx, &f)),
        Err(VatError::Locked) => return Err(Stop::Throw(ERR_LOCKED)),
        Err(VatError::InUse) => return Err(Stop::Throw(ERR_VAR_IN_USE)),
        Err(VatError::NoMemory) => return Err(Stop::Throw(super::heap::ERR_MEMORY)),
        Err(VatError::IsFolder) => {
            return Err(ctx
                .misuse(format!(
                    "{} is a folder, not a variable",
                    ti_text(&path.name)
                ))
                .into())
        }
        Err(other) => return Err(ctx.misuse(format!("{other:?}")).into()),
    };
    Ok(e)
}

fn var_recall(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p, flags] = ctx.args([4, 2])?;
    if flags & !1 != 0 {
        return Err(ctx.misuse(format!(
            "flags {flags:#x}: only 0 and VR_NO_SYS_VARS (1) are emulated"
        )));
    }
    let path = read_sym_str(ctx, p)?;
    let hs = match vat::lookup(ctx.bus, &ctx.os.heap, &ctx.os.vat, &path) {
        Lookup::Found(e) => e.hsym(),
        _ => 0,
    };
    ctx.detail = format!("(\"{}\", {flags}) = {hs:#010x}", path.display(&ctx.os.vat));
    Ok(Reply::D0(hs))
}

/// The store calls served.
#[rustfmt::skip]
pub const CALLS: &[RomCallDef] = &[
    RomCallDef { call: rom_calls::VarRecall, handler: var_recall },
    RomCallDef { call: rom_calls::VarStore, handler: var_store },
];
