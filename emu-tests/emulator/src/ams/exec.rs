//! Running programs from programs: NG_execute (execute tokenized TI-BASIC statements,
//! here: a call of a program, a store, a literal) and EX_patch (relocate an ASM program
//! a launcher then calls itself), as AMS does them (docs/rom-calls.md#how-ams-starts-a-program,
//! docs/rom-calls.md#relocation-table, docs/rom-calls.md#running-another-program; GCC4TI
//! `estack.h/NG_execute.hsf`, `system.h/EX_patch.hsf`, `faq/50.hss`).
//!
//! NG_execute reads the statement at the top of the MULTI_EXPR handle it is given (what
//! push_parse_text + HS_popEStack made):
//! - `END_TAG args name USERFUNC_TAG`: the call of a program. The name is looked up like
//!   SymFind (in the current folder unless qualified; NG_execute does not change the current
//!   folder). An ASM program (tag 0xF3) is run in place in its variable's block, as AMS does:
//!   the handle is locked, EX_patch relocates it, the arguments are pushed on the estack above
//!   an END_TAG, and the program is called, nested in the current emulation, with a return
//!   address that comes back into NG_execute. NG_execute keeps an ER_catch frame of its own
//!   around the call, so an error thrown out of the nested program unwinds through it (the
//!   handle is unlocked, the estack restored) to the caller's frame, as on AMS. On return the
//!   arguments are dropped (a value the program left in their place stays, as the statement's
//!   result). A TI-BASIC program (tag 0xDC) cannot run: the harness has no TI-BASIC
//!   interpreter, and fails saying so. An ASM program over 24 KB (with its size word) throws
//!   161 ("ASAP or Exec string too long"), the limit of AMS 2.04 and later.
//! - `value name STORE_TAG`: the store, with VarStore's checks.
//! - an integer, a string or a list: its value is pushed as the result.
//!
//! An undefined program name is not an error for AMS: like any undefined function, the call
//! stays unevaluated and is pushed as the statement's result (the harness does the same and
//! records it; programs that need the program to exist must check with SymFindPtr first).
//! Not emulated (clear failures): several statements, other tags, the approx flag's effect
//! (it is recorded), recursion of an ASM program into itself.
//!
//! EX_patch(base, tag) relocates the image whose tag byte is at `tag`
//! (docs/rom-calls.md#relocation-table) and registers it as code the CPU may execute; the launcher
//! then calls `base` itself. `base` and `tag` may both be in the ghost space (the RAM's mirror
//! at +0x40000, [`map::GHOST`]), where HW2 launchers run programs: the table is read and
//! written through the mirror, and the addresses written are those of the mirror. The text of
//! an image is protected against writes when its length is known: a program the test stored
//! with its image, or the body of a launcher of the project (ti_build::launcher), whose header
//! gives it.

use ti_build::{launcher, rom_calls};

use super::heap::Heap;
use super::vat::{self, Lookup, SymPath};
use super::{errors, estack, store, throwing, OsState, Reply, RomCallDef, RomCtx};
use super::{Served, Stop};
use crate::bus::{Bus, CodeRange};
use crate::failure::Failure;
use crate::map;
use crate::ReadMemory;

/// "ASAP or Exec string too long": what AMS 2.04+ throws for an ASM program over the limit.
pub const ERR_ASAP_TOO_LONG: u16 = 161;

/// A program running nested inside NG_execute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestedRun {
    /// `folder\name`.
    pub label: String,
    /// The program variable's handle.
    pub handle: u16,
    /// Whether the handle was locked before the run (it is restored after).
    pub was_locked: bool,
    /// NG_execute's ER_catch frame (on the stack, just below the return address).
    pub frame: u32,
    /// The stack pointer when NG_execute was called (at its return address).
    pub entry_sp: u32,
    /// d3-d7 and a2-a6 of the caller, which the program must give back.
    pub saved: [u32; 10],
    /// `top_estack` before the arguments were pushed.
    pub estack_before: u32,
    /// Machine cycles when the program started.
    pub start_cycles: u64,
}

/// How a program run by NG_execute ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// It returned.
    Returned,
    /// AMS error `code` was thrown out of it.
    Threw(u16),
}

/// One program NG_execute ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunRecord {
    /// `folder\name`.
    pub program: String,
    /// Cycles from its first instruction to its return (or the throw), nested runs included.
    pub cycles: u64,
    /// How it ended.
    pub end: RunEnd,
}

/// The label of the running program whose variable is handle `h`, if one is running.
pub fn running_label(os: &OsState, h: u16) -> Option<&str> {
    os.nested
        .iter()
        .find(|r| r.handle == h)
        .map(|r| r.label.as_str())
}

/// EX_patch: walks the relocation table backwards from the tag at `tag` and writes
/// `base + target` at `base + location` for each entry (docs/rom-calls.md#relocation-table).
/// Returns the body's length and the number of relocations; the error says which entry is wrong.
pub fn relocate(bus: &mut Bus, base: u32, tag: u32) -> Result<(u32, usize), String> {
    let (body_len, entries) = relocation_table(bus, base, tag)?;
    apply_relocations(bus, base, &entries);
    Ok((body_len, entries.len()))
}

/// Writes `base + target` at `base + location` for each `(location, target)` entry.
pub fn apply_relocations(bus: &mut Bus, base: u32, entries: &[(u32, u32)]) {
    for &(location, target) in entries {
        bus.poke(base + location, &(base + target).to_be_bytes());
    }
}

/// Reads the relocation table that ends just below the tag at `tag`, backwards as EX_patch
/// does, and checks it: every entry inside the body, no two 4-byte slots overlapping.
/// Returns the body's length and the `(location, target)` entries, nearest the tag first.
pub fn relocation_table(bus: &Bus, base: u32, tag: u32) -> Result<(u32, Vec<(u32, u32)>), String> {
    let word = |a: u32| {
        let mut b = [0u8; 2];
        bus.peek(a, &mut b)
            .map(|()| u32::from(u16::from_be_bytes(b)))
    };
    let mut p = tag;
    let mut entries = Vec::new();
    loop {
        if p < base + 2 {
            return Err(
                "bad relocation table: it runs off the start of the program (no zero word ends it)"
                    .into(),
            );
        }
        p -= 2;
        let location = word(p).ok_or("the relocation table is not in mapped memory")?;
        if location == 0 {
            break;
        }
        if p < base + 2 {
            return Err(format!(
                "bad relocation table: entry {} (location {location:#x}) has no target word",
                entries.len() + 1
            ));
        }
        p -= 2;
        let target = word(p).ok_or("the relocation table is not in mapped memory")?;
        entries.push((location, target));
    }
    let body_len = p - base;
    for (k, &(location, target)) in entries.iter().enumerate() {
        if location + 4 > body_len || target > body_len {
            return Err(format!(
                "bad relocation: entry {} from the tag (location {location:#x} -> target {target:#x}) is outside the {body_len}-byte program",
                k + 1
            ));
        }
    }
    let mut locations: Vec<u32> = entries.iter().map(|e| e.0).collect();
    locations.sort_unstable();
    if let Some(w) = locations.windows(2).find(|w| w[1] - w[0] < 4) {
        return Err(format!(
            "bad relocation table: the 4-byte slots at {:#x} and {:#x} overlap",
            w[0], w[1]
        ));
    }
    Ok((body_len, entries))
}

/// The code range of the program image at `base` (in RAM or in the ghost space), named after
/// its variable when its block is one, protected when its text length is known: the test
/// stored it with its image, or it is a launcher's body copied whole into a block (its header,
/// just below `base`, gives the length).
fn code_range(bus: &Bus, heap: &Heap, vat: &vat::Vat, base: u32, body_len: u32) -> CodeRange {
    let ram = map::physical(base);
    let block = heap
        .block_at(ram.wrapping_sub(2))
        .filter(|b| b.address + 2 == ram);
    let label = block
        .and_then(|b| vat::path_of_handle(bus, heap, vat, b.handle))
        .unwrap_or_else(|| format!("the code relocated by EX_patch at {base:#x}"));
    let mut text = block.and_then(|b| b.text_len).filter(|&t| t <= body_len);
    let body_block = heap
        .block_at(ram)
        .filter(|b| b.address + 2 + launcher::BODY_HEADER as u32 == ram);
    let copied_body = body_block.and_then(|b| {
        let mut size = [0u8; 2];
        bus.peek(b.address, &mut size)?;
        let size = u32::from(u16::from_be_bytes(size));
        if size + 2 > b.size {
            return None;
        }
        let mut data = vec![0; size as usize];
        bus.peek(b.address + 2, &mut data)?;
        launcher::parse_body(&data).ok().map(|view| {
            let mut slots: Vec<u32> = view.relocations().map(|r| r.location).collect();
            slots.sort_unstable();
            (view.text_len, slots)
        })
    });
    let mut relocation_slots = Vec::new();
    let label = match copied_body {
        Some((t, slots)) => {
            relocation_slots = slots;
            text = Some(t).filter(|&t| t <= body_len);
            match body_block.and_then(|b| vat::path_of_handle(bus, heap, vat, b.handle)) {
                Some(path) => format!("the body {path} run in place at {base:#x}"),
                None => format!("the body a launcher copied to {base:#x}"),
            }
        }
        None => label,
    };
    CodeRange {
        base,
        text_len: text.unwrap_or(body_len),
        body_len,
        protected: text.is_some(),
        label,
        relocation_slots,
    }
}

fn ex_patch(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [base, tag] = ctx.args([4, 4])?;
    ctx.detail = format!("({base:#x}, {tag:#x})");
    let (ram_base, ram_tag) = (map::physical(base), map::physical(tag));
    let same_space = map::in_ghost(base) == map::in_ghost(tag);
    if base % 2 != 0
        || ram_base >= map::RAM_SIZE
        || ram_tag <= ram_base
        || ram_tag >= map::RAM_SIZE
        || !same_space
    {
        return Err(ctx.misuse(format!(
            "base {base:#x} and tag {tag:#x} are not an even base below its tag, both in RAM or both in the ghost space (RAM mirrored at +0x40000)"
        )));
    }
    let t = ctx.read_bytes(tag, 1)?[0];
    if t != estack::ASM_TAG {
        return Err(ctx.misuse(format!(
            "the tag pointer {tag:#x} points at {t:#04x}, not at the ASM tag 0xF3 (tag_ptr = base + size - 1 for a variable whose size word is at base - 2)"
        )));
    }
    let (body_len, count) = relocate(ctx.bus, base, tag).map_err(|e| ctx.misuse(e))?;
    let range = code_range(ctx.bus, &ctx.os.heap, &ctx.os.vat, base, body_len);
    ctx.detail
        .push_str(&format!(" {}: {count} relocation(s)", range.label));
    ctx.bus.add_code(range);
    Ok(Reply::Void)
}

/// The name a call's name tokens (tag at `p`) spell, and the address below them.
fn call_name(bus: &Bus, p: u32, floor: u32) -> Result<(Vec<u8>, u32), String> {
    let below = estack::next_index(bus, p, floor)?;
    let mut tag = [0u8];
    bus.peek(p, &mut tag);
    if let Some(letter) = estack::letter_of_tag(tag[0]) {
        return Ok((vec![letter], below));
    }
    if tag[0] != 0 {
        return Err(format!(
            "the called name has tag {:#04x}: only user names are emulated",
            tag[0]
        ));
    }
    let mut name = vec![0; (p - below - 2) as usize];
    bus.peek(below + 2, &mut name);
    Ok((name, below))
}

fn ng_execute(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        let [h, approx] = ctx.args([2, 2])?;
        ctx.detail = format!("({h}, {approx})");
        let block = ctx
            .os
            .heap
            .block(h as u16)
            .cloned()
            .ok_or_else(|| ctx.misuse(format!("handle {h} is not allocated")))?;
        let data = vat::variable_data(ctx.bus, &ctx.os.heap, h as u16).ok_or_else(|| {
            ctx.misuse(format!(
                "handle {h} does not hold a MULTI_EXPR (its size word exceeds the block)"
            ))
        })?;
        if data.is_empty() {
            ctx.detail.push_str(" executes nothing");
            return Ok(Reply::Void);
        }
        let floor = block.address + 2;
        let top = floor + data.len() as u32 - 1;
        let below = estack::next_index(ctx.bus, top, floor).map_err(|e| ctx.misuse(e))?;
        if below >= floor {
            let under = data[(below - floor) as usize];
            if under == estack::NEXTEXPR_TAG || under == estack::NEWLINE_TAG {
                return Err(ctx
                    .misuse("several statements: only one statement per NG_execute is emulated")
                    .into());
            }
        }
        match data[data.len() - 1] {
            estack::USERFUNC_TAG => call(ctx, floor, top, below),
            estack::STORE_TAG => {
                let name_at = top - 1;
                let (name, value_top) = call_name(ctx.bus, name_at, floor).map_err(|e| ctx.misuse(e))?;
                let value = estack::expression_bytes(ctx.bus, value_top, floor)
                    .map_err(|e| ctx.misuse(e))?;
                let path = SymPath::parse(&name);
                ctx.detail
                    .push_str(&format!(" stores into {}", path.display(&ctx.os.vat)));
                store::store_value(ctx, &path, &value)?;
                Ok(Reply::Void)
            }
            estack::POSINT_TAG | estack::NEGINT_TAG | estack::STR_TAG | estack::LIST_TAG => {
                let value = data[(below + 1 - floor) as usize..].to_vec();
                ctx.detail.push_str(" pushes its value");
                estack::push(ctx, &value)?;
                Ok(Reply::Void)
            }
            other => Err(ctx
                .misuse(format!(
                    "a statement with tag {other:#04x}: only program calls, stores and literals are emulated"
                ))
                .into()),
        }
    })
}

/// Executes `END_TAG args name USERFUNC_TAG` (its tag at `top`, the byte below it `below`).
fn call(ctx: &mut RomCtx<'_>, floor: u32, top: u32, below: u32) -> Served<Reply> {
    let (name, args_top) = call_name(ctx.bus, top - 1, floor).map_err(|e| ctx.misuse(e))?;
    let mut p = args_top;
    while ctx.read_bytes(p, 1)?[0] != estack::END_TAG {
        let tag = ctx.read_bytes(p, 1)?[0];
        if ![
            estack::POSINT_TAG,
            estack::NEGINT_TAG,
            estack::STR_TAG,
            estack::LIST_TAG,
        ]
        .contains(&tag)
        {
            return Err(ctx
                .misuse(format!(
                    "an argument with tag {tag:#04x}: only integers, strings and lists are passed"
                ))
                .into());
        }
        p = estack::next_index(ctx.bus, p, floor).map_err(|e| ctx.misuse(e))?;
    }
    let args = ctx.read_bytes(p, args_top + 1 - p)?;
    let path = SymPath::parse(&name);
    vat::check_name(&path.name)
        .and_then(|()| path.folder.as_deref().map_or(Ok(()), vat::check_name))
        .map_err(|e| ctx.misuse(format!("the called name: {e}")))?;
    let label = path.display(&ctx.os.vat);
    let entry = match vat::lookup(ctx.bus, &ctx.os.heap, &ctx.os.vat, &path) {
        Lookup::Found(e) => e,
        Lookup::Absent(_) | Lookup::NoFolder(_) => {
            ctx.detail.push_str(&format!(
                " {label}() is not defined: AMS leaves the call unevaluated and pushes it"
            ));
            let call = ctx.read_bytes(below + 1, top - below)?;
            estack::push(ctx, &call)?;
            return Ok(Reply::Void);
        }
    };
    let data = vat::variable_data(ctx.bus, &ctx.os.heap, entry.handle)
        .ok_or_else(|| ctx.misuse(format!("{label} has no data (handle {})", entry.handle)))?;
    match data.last() {
        Some(&estack::ASM_TAG) => {}
        Some(&estack::FUNC_TAG) => {
            return Err(ctx
                .misuse(format!(
                    "{label} is a TI-BASIC program or function: the harness has no TI-BASIC interpreter (run it on the TiEmu bench)"
                ))
                .into())
        }
        other => {
            return Err(ctx
                .misuse(format!(
                    "{label} is not a program (its tag is {:#04x})",
                    other.copied().unwrap_or(0)
                ))
                .into())
        }
    }
    if let Some(running) = running_label(ctx.os, entry.handle) {
        return Err(ctx
            .misuse(format!("{running} runs itself recursively: not emulated"))
            .into());
    }
    if data.len() as u32 + 2 > ti_build::report::ASM_LIMIT {
        ctx.detail.push_str(&format!(
            " {label} is {} bytes, over AMS's {}-byte ASM limit:",
            data.len() + 2,
            ti_build::report::ASM_LIMIT
        ));
        return Err(Stop::Throw(ERR_ASAP_TOO_LONG));
    }
    start_nested(ctx, entry.handle, label, &args)
}

/// Locks and relocates the program of handle `h`, pushes its arguments, registers
/// NG_execute's ER_catch frame, and jumps to the program with a return address that comes
/// back into NG_execute.
fn start_nested(ctx: &mut RomCtx<'_>, h: u16, label: String, args: &[u8]) -> Served<Reply> {
    let block = ctx.os.heap.block(h).cloned().expect("variable data read");
    let size = u32::from(ctx.read_u16(block.address)?);
    let base = block.address + 2;
    let tag = base + size - 1;
    let (body_len, count) = relocate(ctx.bus, base, tag)
        .map_err(|e| ctx.misuse(format!("{label}: {e} (AMS: \"Invalid relocation data\")")))?;
    let estack_before = estack::checked_top(ctx)?;
    estack::push(ctx, args)?;
    let entry_sp = ctx.cpu.dar[15];
    let frame = entry_sp - errors::FRAME_SIZE;
    if frame - 4 < map::USER_STACK_LOW {
        estack::set_top(ctx.bus, estack_before);
        return Err(ctx
            .misuse("the 68000 stack has no room for the nested program's call")
            .into());
    }
    let mut words = Vec::with_capacity(15);
    words.extend_from_slice(&ctx.cpu.dar[10..15]);
    words.push(frame);
    words.extend_from_slice(&ctx.cpu.dar[3..8]);
    words.extend([0, 0, ctx.layout.ng_unwind(), errors::head(ctx)?]);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
    ctx.write_bytes(frame, &bytes)?;
    ctx.write_u32(frame - 4, ctx.layout.ng_return())?;
    ctx.write_u32(map::ERROR_FRAME_HEAD, frame)?;
    let mut saved = [0u32; 10];
    saved[..5].copy_from_slice(&ctx.cpu.dar[3..8]);
    saved[5..].copy_from_slice(&ctx.cpu.dar[10..15]);
    ctx.os.heap.set_lock(h, true).expect("allocated");
    let range = code_range(ctx.bus, &ctx.os.heap, &ctx.os.vat, base, body_len);
    ctx.bus.add_code(range);
    ctx.detail.push_str(&format!(
        " runs {label} at {base:#x} ({} bytes, {count} relocation(s), {} argument byte(s))",
        size + 2,
        args.len() - 1
    ));
    ctx.os.nested.push(NestedRun {
        label,
        handle: h,
        was_locked: block.locked,
        frame,
        entry_sp,
        saved,
        estack_before,
        start_cycles: ctx.cycles,
    });
    ctx.cpu.dar[15] = frame - 4;
    ctx.cpu.pc = base;
    ctx.cpu.invalidate_prefetch();
    Ok(Reply::Jumped)
}

/// Gives the program's handle its lock state back.
fn release(ctx: &mut RomCtx<'_>, run: &NestedRun) {
    if !run.was_locked {
        let _ = ctx.os.heap.set_lock(run.handle, false);
    }
}

/// The nested program returned into NG_execute (the CPU is at the NG return address): checks
/// that it kept the calling convention and popped its error frames, drops its arguments,
/// and returns from NG_execute through its stub's `rts`.
pub fn finish_nested(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let Some(run) = ctx.os.nested.pop() else {
        return Err(
            ctx.misuse("the CPU reached NG_execute's return address with no program running")
        );
    };
    let mut broken = Vec::new();
    let names = ["d3", "d4", "d5", "d6", "d7", "a2", "a3", "a4", "a5", "a6"];
    let regs = [3, 4, 5, 6, 7, 10, 11, 12, 13, 14];
    for ((name, r), want) in names.iter().zip(regs).zip(run.saved) {
        if ctx.cpu.dar[r] != want {
            broken.push(format!(
                "{name} was {want:#010x}, is {:#010x}",
                ctx.cpu.dar[r]
            ));
        }
    }
    if ctx.cpu.dar[15] != run.frame {
        broken.push(format!(
            "the stack pointer is {:#x} after the return, not {:#x}",
            ctx.cpu.dar[15], run.frame
        ));
    }
    let head = errors::head(ctx)?;
    if head != run.frame {
        broken.push(format!(
            "it returned with its own ER_catch frame at {head:#x} still registered (missing ER_success)"
        ));
    }
    if !broken.is_empty() {
        return Err(Failure::ConventionBroken {
            function: run.label,
            details: format!(
                "{} (a program run by NG_execute must preserve d3-d7/a2-a6 and the stack, and pop its ER_catch frames)",
                broken.join("; ")
            ),
        });
    }
    let link = ctx.read_u32(run.frame + errors::FRAME_SIZE - 4)?;
    ctx.write_u32(map::ERROR_FRAME_HEAD, link)?;
    release(ctx, &run);
    // Drop the arguments; a value the program left in their place is the result.
    let top = estack::checked_top(ctx)?;
    let args_end = run.estack_before + 1;
    if top < run.estack_before {
        return Err(ctx.misuse(format!(
            "{} returned with top_estack {top:#x} below its argument list ({args_end:#x}): it removed what was on the estack before it ran",
            run.label
        )));
    }
    let kept = top > run.estack_before && ctx.read_bytes(args_end, 1)?[0] != estack::END_TAG;
    if !kept {
        estack::set_top(ctx.bus, run.estack_before);
    }
    let cycles = ctx.cycles - run.start_cycles;
    ctx.detail = format!(
        " {} returned after {cycles} cycles{}",
        run.label,
        if kept { ", leaving a value" } else { "" }
    );
    ctx.os.runs.push(RunRecord {
        program: run.label,
        cycles,
        end: RunEnd::Returned,
    });
    ctx.cpu.dar[15] = run.entry_sp;
    ctx.cpu.pc = ctx.layout.rom_call_stub(rom_calls::NG_execute.index);
    ctx.cpu.invalidate_prefetch();
    Ok(Reply::Void)
}

/// An error is thrown through NG_execute's own frame (at `frame`, the newest): the program
/// stops, its handle gets its lock state back, the estack its state before the call, and
/// the frame is unlinked so that the throw goes on to the caller's frame.
pub fn unwind_nested(ctx: &mut RomCtx<'_>, frame: u32, code: u16) -> Result<(), Failure> {
    let Some(run) = ctx.os.nested.pop().filter(|r| r.frame == frame) else {
        return Err(ctx.misuse(format!(
            "an error frame at {frame:#x} resumes into NG_execute but no nested program owns it"
        )));
    };
    let link = ctx.read_u32(frame + errors::FRAME_SIZE - 4)?;
    ctx.write_u32(map::ERROR_FRAME_HEAD, link)?;
    release(ctx, &run);
    estack::set_top(ctx.bus, run.estack_before);
    let cycles = ctx.cycles - run.start_cycles;
    ctx.detail
        .push_str(&format!(" [out of {} after {cycles} cycles]", run.label));
    ctx.os.runs.push(RunRecord {
        program: run.label,
        cycles,
        end: RunEnd::Threw(code),
    });
    Ok(())
}

/// The exec calls served.
#[rustfmt::skip]
pub const CALLS: &[RomCallDef] = &[
    RomCallDef { call: rom_calls::EX_patch, handler: ex_patch },
    RomCallDef { call: rom_calls::NG_execute, handler: ng_execute },
];
