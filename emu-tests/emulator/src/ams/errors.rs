//! AMS errors: ER_catch frames linked in a list in RAM, and throws that unwind to the most
//! recent frame as AMS does (docs/rom-calls.md#errors).
//!
//! Served: ER_throwVar, ER_catch, ER_success, and the A-line `ER_throw`
//! (opcode 0xA000 + code). `ER_catch(frame)` fills the 60-byte ERROR_FRAME (A2-A7, D3-D7,
//! NG_control, RetIndex, PC, Link), links it and returns 0; a throw restores the registers of
//! the newest frame, unlinks it, and makes that ER_catch return again with the code in d0's low
//! word (a `short`; d1, d2, a0, a1 and d0's upper word hold the clobber marker).
//! A throw with no frame ends the run with [`Failure::UncaughtError`]; a throw into a frame
//! that lies on the stack below the stack pointer (its function has returned) or
//! an ER_success with no frame is a [`Failure::RomCallMisuse`]. A throw that reaches the frame
//! NG_execute keeps around a nested program ends that program (see [`super::exec`]) and goes
//! on to the next frame.

use ti_build::rom_calls;

use super::names::error_name;
use super::{Reply, RomCallDef, RomCtx, CLOBBER};
use crate::failure::Failure;
use crate::map;
use crate::ReadMemory;

/// Size of an ERROR_FRAME.
pub const FRAME_SIZE: u32 = 60;
const OFF_A2: u32 = 0;
const OFF_D3: u32 = 24;
const OFF_PC: u32 = 52;
const OFF_LINK: u32 = 56;

/// The newest frame's address (0 when none).
pub fn head(ctx: &RomCtx<'_>) -> Result<u32, Failure> {
    ctx.read_u32(map::ERROR_FRAME_HEAD)
}

/// Throws AMS error `code` from the current call: unwinds to the newest ER_catch frame.
pub fn throw(ctx: &mut RomCtx<'_>, code: u16) -> Result<Reply, Failure> {
    let mut frame = head(ctx)?;
    // NG_execute's own frames: the nested program stops and the throw goes on.
    while frame != 0 && ctx.read_u32(frame + OFF_PC)? == ctx.layout.ng_unwind() {
        super::exec::unwind_nested(ctx, frame, code)?;
        frame = head(ctx)?;
    }
    if frame == 0 {
        return Err(Failure::UncaughtError {
            code,
            name: error_name(code),
            pc: ctx.caller,
        });
    }
    let mut a = [0u32; 6];
    for (i, r) in a.iter_mut().enumerate() {
        *r = ctx.read_u32(frame + OFF_A2 + 4 * i as u32)?;
    }
    let sp = ctx.cpu.dar[15];
    if (map::USER_STACK_LOW..map::USER_STACK_TOP).contains(&frame) && frame < sp {
        return Err(ctx.misuse(format!(
            "error {code} thrown to the ER_catch frame at {frame:#x}, which is below the stack pointer {sp:#x}: the function that registered it has returned without ER_success"
        )));
    }
    for (i, r) in a.iter().enumerate() {
        ctx.cpu.dar[10 + i] = *r;
    }
    for i in 0..5 {
        ctx.cpu.dar[3 + i] = ctx.read_u32(frame + OFF_D3 + 4 * i as u32)?;
    }
    let pc = ctx.read_u32(frame + OFF_PC)?;
    let link = ctx.read_u32(frame + OFF_LINK)?;
    ctx.write_u32(map::ERROR_FRAME_HEAD, link)?;
    // ER_catch returns (again) a short: the code in d0's low word; the scratch registers hold
    // whatever the unwinding left, here the clobber marker.
    let junk = CLOBBER | u32::from(ctx.index);
    ctx.cpu.dar[0] = junk & 0xFFFF_0000 | u32::from(code);
    for r in [1, 2, 8, 9] {
        ctx.cpu.dar[r] = junk;
    }
    ctx.cpu.pc = pc;
    ctx.cpu.invalidate_prefetch();
    Ok(Reply::Jumped)
}

fn er_catch(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [frame] = ctx.args([4])?;
    ctx.detail = format!("({frame:#x})");
    if frame % 2 != 0 || frame + FRAME_SIZE > map::RAM_SIZE {
        return Err(ctx.misuse(format!("the frame pointer {frame:#x} is odd or not in RAM")));
    }
    let sp = ctx.cpu.dar[15];
    let ret = ctx.read_u32(sp)?;
    let mut words = Vec::with_capacity(FRAME_SIZE as usize);
    for r in 10..15 {
        words.push(ctx.cpu.dar[r]);
    }
    words.push(sp + 4);
    for r in 3..8 {
        words.push(ctx.cpu.dar[r]);
    }
    words.extend([0, 0, ret, head(ctx)?]);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
    ctx.write_bytes(frame, &bytes)?;
    ctx.write_u32(map::ERROR_FRAME_HEAD, frame)?;
    Ok(Reply::Short(0))
}

fn er_success(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let frame = head(ctx)?;
    if frame == 0 {
        return Err(ctx.misuse("no ER_catch frame is registered"));
    }
    ctx.detail = format!("() pops {frame:#x}");
    let link = ctx.read_u32(frame + OFF_LINK)?;
    ctx.write_u32(map::ERROR_FRAME_HEAD, link)?;
    Ok(Reply::Void)
}

fn er_throw_var(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [code] = ctx.args([2])?;
    ctx.detail = format!("({code} {})", error_name(code as u16));
    throw(ctx, code as u16)
}

/// The error calls served.
#[rustfmt::skip]
pub const CALLS: &[RomCallDef] = &[
    RomCallDef { call: rom_calls::ER_throwVar, handler: er_throw_var },
    RomCallDef { call: rom_calls::ER_catch, handler: er_catch },
    RomCallDef { call: rom_calls::ER_success, handler: er_success },
];
