//! The VAT's ROM calls: finding, adding and deleting symbols and folders, the current folder,
//! and walking the tables (docs/rom-calls.md#the-vat, docs/rom-calls.md#rom-calls-the-project-uses;
//! GCC4TI `doc/System/Include/vat.h/*.hsf`).
//!
//! Served: SymAdd, SymAddMain, SymDel, HSymDel, SymFind,
//! SymFindMain, FolderAdd, FolderCur, FolderDel (with its second,
//! FolderClear, argument), FolderFind, FolderGetCur, SymFindFirst,
//! SymFindNext, SymFindFolderName (its buffer is in the OS data area),
//! DerefSym, SymFindPtr (flags 0 and 4). SymFindFirst/Next return the entries
//! chosen when SymFindFirst was called, at their current addresses.
//!
//! A `SYM_STR` must point at the zero that ends `"\0name\0"` (or at a one-letter variable tag,
//! as TokenizeSymName leaves it); anything else, and a name that breaks AMS's rules (capitals,
//! more than 8 characters), is a clear failure: AMS would silently not find it. Where AMS
//! would pop up a dialog (SymAdd into a missing folder: "create the folder?"), the harness
//! fails and says so. A locked or archived symbol makes SymAdd throw ER_LOCKED (980), one in
//! use (its in-use flag, or a program that is running) ER_VAR_IN_USE (970).

use ti_build::rom_calls;

use super::exec::running_label;
use super::vat::{self, Entry, Lookup, SymPath, VatError, SF_FOLDER};
use super::{estack, throwing, ti_text, Reply, RomCallDef, RomCtx, Served, Stop};
use crate::failure::Failure;
use crate::map;
use crate::ReadMemory;

/// AMS error "Locked, archived, or protected".
pub const ERR_LOCKED: u16 = 980;
/// AMS error "Variable or program in use".
pub const ERR_VAR_IN_USE: u16 = 970;
/// EXT_SYSTEM_TAG: system variables (xmin...), which the harness does not have.
const EXT_SYSTEM_TAG: u8 = 0x1C;

/// Reads the name a `SYM_STR` designates: the bytes between the zero it points at and the
/// zero before them, or the letter of a one-letter tag. Checks the name against AMS's rules.
pub fn read_sym_str(ctx: &RomCtx<'_>, p: u32) -> Result<SymPath, Failure> {
    if p == 0 {
        return Err(ctx.misuse("the SYM_STR is NULL"));
    }
    let at = ctx.read_bytes(p, 1)?[0];
    if let Some(letter) = estack::letter_of_tag(at) {
        return Ok(SymPath {
            folder: None,
            name: vec![letter],
        });
    }
    if at == EXT_SYSTEM_TAG {
        return Err(ctx.misuse(format!(
            "the SYM_STR at {p:#x} names a system variable (EXT_SYSTEM_TAG): system variables are not emulated"
        )));
    }
    if at != 0 {
        let c_string = ctx.read_cstr(p, 18).unwrap_or_default();
        let hint = if c_string.is_empty() {
            String::new()
        } else {
            format!(
                " (it looks like the C string \"{}\": pass SYMSTR(\"{0}\"), the address of the zero ending \"\\0{0}\\0\")",
                ti_text(&c_string)
            )
        };
        return Err(ctx.misuse(format!(
            "the SYM_STR {p:#x} points at the byte {at:#04x}, not at the zero that ends \"\\0name\\0\"{hint}"
        )));
    }
    let start = p.saturating_sub(18);
    let before = ctx.read_bytes(start, p - start)?;
    let Some(z) = before.iter().rposition(|&b| b == 0) else {
        return Err(ctx.misuse(format!(
            "the SYM_STR {p:#x} has no zero within 17 bytes before it: \"\\0name\\0\" names are at most folder\\name (17 characters)"
        )));
    };
    let bytes = &before[z + 1..];
    let path = SymPath::parse(bytes);
    let bad = |e: String| ctx.misuse(format!("bad SYM_STR \"{}\": {e}", ti_text(bytes)));
    if let Some(f) = &path.folder {
        vat::check_name(f).map_err(|e| bad(format!("folder: {e}")))?;
    }
    vat::check_name(&path.name).map_err(bad)?;
    Ok(path)
}

/// A folder name (no backslash allowed).
fn read_folder_name(ctx: &RomCtx<'_>, p: u32) -> Result<Vec<u8>, Failure> {
    let path = read_sym_str(ctx, p)?;
    if path.folder.is_some() {
        return Err(ctx.misuse(format!(
            "\"{}\" is a path, not a folder name",
            path.display(&ctx.os.vat)
        )));
    }
    Ok(path.name)
}

fn lookup(ctx: &RomCtx<'_>, path: &SymPath) -> Lookup {
    vat::lookup(ctx.bus, &ctx.os.heap, &ctx.os.vat, path)
}

fn found(ctx: &RomCtx<'_>, path: &SymPath) -> Option<Entry> {
    match lookup(ctx, path) {
        Lookup::Found(e) => Some(e),
        _ => None,
    }
}

fn in_main(path: &SymPath) -> SymPath {
    SymPath {
        folder: Some(vat::MAIN.to_vec()),
        name: path.name.clone(),
    }
}

/// The address of an entry's bytes.
pub fn entry_address(ctx: &RomCtx<'_>, e: &Entry) -> u32 {
    vat::deref_hsym(ctx.bus, &ctx.os.heap, e.hsym()).map_or(0, |(a, _)| a)
}

fn sym_find_with(ctx: &mut RomCtx<'_>, main: bool) -> Result<Reply, Failure> {
    let [p] = ctx.args([4])?;
    let mut path = read_sym_str(ctx, p)?;
    if main {
        path = in_main(&path);
    }
    let hs = found(ctx, &path).map_or(0, |e| e.hsym());
    ctx.detail = format!("(\"{}\") = {hs:#010x}", path.display(&ctx.os.vat));
    Ok(Reply::D0(hs))
}

fn sym_find(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    sym_find_with(ctx, false)
}

fn sym_find_main(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    sym_find_with(ctx, true)
}

fn sym_find_ptr(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p, flags] = ctx.args([4, 2])?;
    let mut path = read_sym_str(ctx, p)?;
    match flags {
        0 => {}
        4 => path = in_main(&path),
        _ => {
            return Err(ctx.misuse(format!(
                "flags {flags:#x}: only 0 (like SymFind) and 4 (like SymFindMain) are documented and emulated"
            )))
        }
    }
    let a = found(ctx, &path).map_or(0, |e| entry_address(ctx, &e));
    ctx.detail = format!("(\"{}\", {flags}) = {a:#x}", path.display(&ctx.os.vat));
    Ok(Reply::A0(a))
}

fn deref_sym(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [hs] = ctx.args([4])?;
    let a = if hs == 0 {
        0
    } else {
        vat::deref_hsym(ctx.bus, &ctx.os.heap, hs)
            .ok_or_else(|| {
                ctx.misuse(format!(
                    "HSym {hs:#010x} designates no entry (a stale HSym: the folder's table changed since it was obtained, or not an HSym)"
                ))
            })?
            .0
    };
    ctx.detail = format!("({hs:#010x}) = {a:#x}");
    Ok(Reply::A0(a))
}

/// Throws for an existing symbol that SymAdd/VarStore may not replace.
pub fn check_not_running(ctx: &RomCtx<'_>, e: &Entry) -> Served<()> {
    if e.handle != 0 && running_label(ctx.os, e.handle).is_some() {
        return Err(Stop::Throw(ERR_VAR_IN_USE));
    }
    Ok(())
}

/// The failure for a missing folder where AMS would open its "create folder?" dialog.
pub fn missing_folder(ctx: &RomCtx<'_>, folder: &[u8]) -> Stop {
    Stop::Fail(ctx.misuse(format!(
        "{} into missing folder {}: AMS would ask to create it (a dialog the harness does not emulate); create it first with FolderAdd",
        ctx.name,
        ti_text(folder)
    )))
}

fn sym_add_with(ctx: &mut RomCtx<'_>, main: bool) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        let [p] = ctx.args([4])?;
        let mut path = read_sym_str(ctx, p)?;
        if main {
            path = in_main(&path);
        }
        ctx.detail = format!("(\"{}\")", path.display(&ctx.os.vat));
        if let Some(e) = found(ctx, &path) {
            check_not_running(ctx, &e)?;
        }
        let r = vat::add_symbol(ctx.bus, &mut ctx.os.heap, &ctx.os.vat, &path);
        let hs = match r {
            Ok(e) => e.hsym(),
            Err(VatError::MissingFolder(f)) => return Err(missing_folder(ctx, &f)),
            Err(VatError::Locked) => return Err(Stop::Throw(ERR_LOCKED)),
            Err(VatError::InUse) => return Err(Stop::Throw(ERR_VAR_IN_USE)),
            Err(_) => 0,
        };
        ctx.detail.push_str(&format!(" = {hs:#010x}"));
        Ok(Reply::D0(hs))
    })
}

fn sym_add(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    sym_add_with(ctx, false)
}

fn sym_add_main(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    sym_add_with(ctx, true)
}

/// Deletes a variable entry; deleting a running program's variable is a failure (its code
/// would be freed under it).
fn delete_entry(ctx: &mut RomCtx<'_>, e: &Entry) -> Result<(), Failure> {
    if let Some(label) = running_label(ctx.os, e.handle) {
        return Err(ctx.misuse(format!(
            "it deletes {label} while that program runs: its code would be freed under it"
        )));
    }
    vat::delete_variable(ctx.bus, &mut ctx.os.heap, e);
    Ok(())
}

fn sym_del(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p] = ctx.args([4])?;
    let path = read_sym_str(ctx, p)?;
    let shown = path.display(&ctx.os.vat);
    let r = match found(ctx, &path) {
        Some(e) if e.flags & SF_FOLDER != 0 => {
            return Err(ctx.misuse(format!(
                "\"{shown}\" is a folder: delete folders with FolderDel"
            )))
        }
        Some(e) => {
            delete_entry(ctx, &e)?;
            1
        }
        None => 0,
    };
    ctx.detail = format!("(\"{shown}\") = {r}");
    Ok(Reply::Short(r as u16))
}

fn hsym_del(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        let [hs] = ctx.args([4])?;
        ctx.detail = format!("({hs:#010x})");
        let Some((_, e)) = vat::deref_hsym(ctx.bus, &ctx.os.heap, hs) else {
            return Err(ctx
                .misuse(format!(
                    "HSym {hs:#010x} designates no entry (stale or not an HSym)"
                ))
                .into());
        };
        if e.flags & SF_FOLDER != 0 {
            if !vat::entries(ctx.bus, &ctx.os.heap, e.handle).is_empty() {
                return Err(ctx
                    .misuse(format!(
                        "folder {} is not empty: HSymDel deletes only empty folders",
                        ti_text(&e.name)
                    ))
                    .into());
            }
            vat::delete_folder(ctx.bus, &mut ctx.os.heap, &mut ctx.os.vat, &e.name)
                .expect("found above");
        } else {
            if e.flags & vat::SF_INUSE != 0 {
                return Err(Stop::Throw(ERR_VAR_IN_USE));
            }
            delete_entry(ctx, &e)?;
        }
        ctx.detail = format!("({hs:#010x}) deletes {} = 1", ti_text(&e.name));
        Ok(Reply::Short(1))
    })
}

fn folder_add(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p] = ctx.args([4])?;
    let name = read_folder_name(ctx, p)?;
    let h = vat::add_folder(ctx.bus, &mut ctx.os.heap, &ctx.os.vat, &name).unwrap_or(0);
    ctx.detail = format!("(\"{}\") = {h}", ti_text(&name));
    Ok(Reply::Short(h))
}

fn folder_cur(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p, non_sys] = ctx.args([4, 2])?;
    let name = read_folder_name(ctx, p)?;
    let ok = vat::folder(ctx.bus, &ctx.os.heap, &ctx.os.vat, &name).is_some();
    if ok {
        ctx.os.vat.current = name.clone();
    }
    ctx.detail = format!("(\"{}\", {non_sys}) = {}", ti_text(&name), u32::from(ok));
    Ok(Reply::Short(u16::from(ok)))
}

fn folder_del(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p, clear] = ctx.args([4, 2])?;
    let name = read_folder_name(ctx, p)?;
    let Some(f) = vat::folder(ctx.bus, &ctx.os.heap, &ctx.os.vat, &name) else {
        ctx.detail = format!("(\"{}\", {clear}) = 0", ti_text(&name));
        return Ok(Reply::Short(0));
    };
    for e in vat::entries(ctx.bus, &ctx.os.heap, f.handle) {
        if let Some(label) = running_label(ctx.os, e.handle) {
            return Err(ctx.misuse(format!(
                "it deletes {label} while that program runs: its code would be freed under it"
            )));
        }
    }
    if clear != 0 {
        // FolderClear: the variables go, the folder stays.
        for e in vat::entries(ctx.bus, &ctx.os.heap, f.handle).iter().rev() {
            vat::delete_variable(ctx.bus, &mut ctx.os.heap, e);
        }
    } else {
        vat::delete_folder(ctx.bus, &mut ctx.os.heap, &mut ctx.os.vat, &name).expect("found above");
    }
    ctx.detail = format!("(\"{}\", {clear}) = 1", ti_text(&name));
    Ok(Reply::Short(1))
}

/// FolderFind's results (enum FolderStats, GCC4TI `include/C/vat.h`).
const MAIN_FOLDER: u32 = 2;
const FOLDER_TABLE: u32 = 3;
const NOT_FOUND: u32 = 4;
const BAD_FOLDER: u32 = 5;

fn folder_find(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p] = ctx.args([4])?;
    let name = read_folder_name(ctx, p)?;
    let r = if name == vat::MAIN {
        MAIN_FOLDER
    } else {
        match vat::find_in(ctx.bus, &ctx.os.heap, ctx.os.vat.folder_table, &name) {
            Some(e) if e.flags & SF_FOLDER != 0 => FOLDER_TABLE,
            Some(_) => BAD_FOLDER,
            None => NOT_FOUND,
        }
    };
    ctx.detail = format!("(\"{}\") = {r}", ti_text(&name));
    Ok(Reply::Short(r as u16))
}

fn folder_get_cur(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [buf] = ctx.args([4])?;
    let mut s = ctx.os.vat.current.clone();
    s.push(0);
    ctx.write_bytes(buf, &s)?;
    ctx.detail = format!("({buf:#x}) = \"{}\"", ti_text(&ctx.os.vat.current));
    Ok(Reply::Void)
}

/// SymFindFirst's flags (enum FindOptions, GCC4TI `include/C/vat.h`).
const FO_SINGLE_FOLDER: u32 = 0x01;
const FO_RECURSE: u32 = 0x02;
const FO_SKIP_TEMPS: u32 = 0x04;
const FO_RETURN_TWINS: u32 = 0x08;
const FO_RETURN_FOLDER: u32 = 0x10;
const FO_SKIP_COLLAPSE: u32 = 0x20;

/// The folder name SymFindFolderName returns for the entry last returned: the folder being
/// walked under FO_RECURSE, else "main" (GCC4TI `vat.h/SymFindFolderName.hsf`).
fn set_walk_folder(ctx: &mut RomCtx<'_>, folder: &[u8]) -> Result<(), Failure> {
    let mut name = folder.to_vec();
    name.push(0);
    ctx.write_bytes(map::FOLDER_NAME_BUFFER, &name)
}

fn walk_next(ctx: &mut RomCtx<'_>) -> Result<u32, Failure> {
    let vat = &mut ctx.os.vat;
    let Some((table, offset, folder)) = vat.walk.get(vat.walk_next).cloned() else {
        return Ok(0);
    };
    vat.walk_next += 1;
    set_walk_folder(ctx, &folder)?;
    let hs = u32::from(table) << 16 | u32::from(offset);
    Ok(vat::deref_hsym(ctx.bus, &ctx.os.heap, hs).map_or(0, |(a, _)| a))
}

fn sym_find_first(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p, flags] = ctx.args([4, 2])?;
    let known = FO_SINGLE_FOLDER
        | FO_RECURSE
        | FO_SKIP_TEMPS
        | FO_RETURN_TWINS
        | FO_RETURN_FOLDER
        | FO_SKIP_COLLAPSE;
    if flags & !known != 0
        || flags & FO_SINGLE_FOLDER != 0
            && flags & !(FO_SINGLE_FOLDER | FO_RETURN_FOLDER | FO_RETURN_TWINS) != 0
        || flags & FO_RETURN_FOLDER != 0 && flags & FO_SINGLE_FOLDER == 0
    {
        return Err(ctx.misuse(format!(
            "flags {flags:#x} are not a combination GCC4TI documents (vat.h/SymFindFirst.hsf)"
        )));
    }
    let folders = vat::entries(ctx.bus, &ctx.os.heap, ctx.os.vat.folder_table);
    let main = vat::MAIN.to_vec();
    let mut walk = Vec::new();
    let shown;
    if flags & FO_SINGLE_FOLDER != 0 {
        let name = read_folder_name(ctx, p)?;
        shown = format!("\"{}\", {flags:#x}", ti_text(&name));
        if let Some(f) = folders.iter().find(|f| f.name == name) {
            if flags & FO_RETURN_FOLDER != 0 {
                walk.push((f.table, f.offset, main.clone()));
            }
            for e in vat::entries(ctx.bus, &ctx.os.heap, f.handle) {
                walk.push((e.table, e.offset, main.clone()));
            }
        }
    } else {
        shown = format!("{p:#x}, {flags:#x}");
        let recurse = flags & FO_RECURSE != 0;
        for f in &folders {
            let named = if recurse {
                f.name.clone()
            } else {
                main.clone()
            };
            walk.push((f.table, f.offset, named.clone()));
            if recurse {
                for e in vat::entries(ctx.bus, &ctx.os.heap, f.handle) {
                    walk.push((e.table, e.offset, named.clone()));
                }
            }
        }
    }
    ctx.os.vat.walk = walk;
    ctx.os.vat.walk_next = 0;
    let a = walk_next(ctx)?;
    ctx.detail = format!("({shown}) = {a:#x}");
    Ok(Reply::A0(a))
}

fn sym_find_next(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let a = walk_next(ctx)?;
    ctx.detail = format!("() = {a:#x}");
    Ok(Reply::A0(a))
}

fn sym_find_folder_name(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    if ctx.os.vat.walk_next == 0 {
        set_walk_folder(ctx, vat::MAIN)?;
    }
    let name = ctx.read_cstr(map::FOLDER_NAME_BUFFER, 9)?;
    ctx.detail = format!("() = {:#x} \"{}\"", map::FOLDER_NAME_BUFFER, ti_text(&name));
    Ok(Reply::A0(map::FOLDER_NAME_BUFFER))
}

/// The VAT calls served.
#[rustfmt::skip]
pub const CALLS: &[RomCallDef] = &[
    RomCallDef { call: rom_calls::SymAdd, handler: sym_add },
    RomCallDef { call: rom_calls::SymAddMain, handler: sym_add_main },
    RomCallDef { call: rom_calls::SymDel, handler: sym_del },
    RomCallDef { call: rom_calls::HSymDel, handler: hsym_del },
    RomCallDef { call: rom_calls::SymFind, handler: sym_find },
    RomCallDef { call: rom_calls::SymFindMain, handler: sym_find_main },
    RomCallDef { call: rom_calls::FolderAdd, handler: folder_add },
    RomCallDef { call: rom_calls::FolderCur, handler: folder_cur },
    RomCallDef { call: rom_calls::FolderDel, handler: folder_del },
    RomCallDef { call: rom_calls::FolderFind, handler: folder_find },
    RomCallDef { call: rom_calls::FolderGetCur, handler: folder_get_cur },
    RomCallDef { call: rom_calls::SymFindFirst, handler: sym_find_first },
    RomCallDef { call: rom_calls::SymFindNext, handler: sym_find_next },
    RomCallDef { call: rom_calls::SymFindFolderName, handler: sym_find_folder_name },
    RomCallDef { call: rom_calls::DerefSym, handler: deref_sym },
    RomCallDef { call: rom_calls::SymFindPtr, handler: sym_find_ptr },
];
