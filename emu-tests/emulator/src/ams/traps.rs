//! The two AMS traps a launcher uses to enter the ghost space on AMS 2 (the project's
//! `calc/programs/src/os/launcher.S`, which does what GCC4TI's EXECUTE_IN_GHOST_SPACE does,
//! `archive/startup/_execute_in_ghost_space.s`; docs/rom-calls.md#the-asm-size-limit):
//!
//! - `trap #12`: enter supervisor mode; the old SR comes back in d0.w (GCC4TI's comment on it:
//!   "enter supervisor mode. returns old (%sr) in %d0.w"; PedroM `src/Vectors.asm`, Trap_12,
//!   pops the SR into d0 and returns). The harness sets the S bit (the CPU switches to the
//!   supervisor stack) and puts the old SR in d0's low word; nothing else changes.
//! - a jump through the trap #11 vector (0xAC) in supervisor mode, with d3 = 0xF, a3 = the area
//!   to run, and an exception frame (SR, then the PC to go on at) on the supervisor stack: on
//!   AMS 2 this is the OS's own protection function, which lets execution go on in the ghost
//!   space; what it changes in HW2's protection is AMS's and **not verified** (no TI OS here).
//!   PedroM's Trap_11 is a bare `rte` ("Hardware protection function (does nothing on
//!   PedroM)"). The harness has no execution protection to lift and does what PedroM does: the
//!   `rte`, after checking that it is reached in supervisor mode with d3 = 0xF and that it
//!   returns into code a program may run.
//!
//! They are recorded in the transcript under [`NOT_A_ROM_CALL`].

use super::{Reply, RomCtx};
use crate::failure::Failure;
use crate::ReadMemory;

/// The transcript's index for what is not a ROM call (these traps).
pub const NOT_A_ROM_CALL: u16 = 0xFFFF;
/// The name `trap #12` is recorded under.
pub const TRAP_12: &str = "trap #12";
/// The name the protection function is recorded under.
pub const PROTECTION_FUNCTION: &str = "trap #11 function 0xF";
/// The exception vector of `trap #11` (its address 0xAC / 4).
pub const TRAP_11_VECTOR: u32 = 43;

const SR_SUPERVISOR: u16 = 0x2000;

/// `trap #12`: supervisor mode, the old SR in d0.w; the CPU goes on after the trap.
pub fn trap_12(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let old = ctx.cpu.get_sr();
    ctx.cpu.set_sr(old | SR_SUPERVISOR);
    ctx.cpu.dar[0] = (ctx.cpu.dar[0] & 0xFFFF_0000) | u32::from(old);
    ctx.detail = format!(" supervisor mode (SR was {old:#06x})");
    Ok(Reply::Jumped)
}

/// The protection function (trap #11 function 0xF), as PedroM: returns from the exception
/// frame on the supervisor stack.
pub fn protection_function(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let sr = ctx.cpu.get_sr();
    if sr & SR_SUPERVISOR == 0 {
        return Err(ctx.misuse(
            "the trap #11 vector was jumped to in user mode (AMS's protection function runs in supervisor mode, after trap #12)",
        ));
    }
    let function = ctx.cpu.dar[3];
    if function != 0xF {
        return Err(ctx.misuse(format!(
            "trap #11 function {function:#x}: only function 0xF (what GCC4TI's launchers use) is emulated"
        )));
    }
    let ssp = ctx.cpu.dar[15];
    let new_sr = ctx.read_u16(ssp)?;
    let pc = ctx.read_u32(ssp + 2)?;
    if ctx.bus.code_at(pc).is_none() {
        return Err(ctx.misuse(format!(
            "it would return to {pc:#x}, where no program's code is"
        )));
    }
    ctx.cpu.dar[15] = ssp + 6;
    ctx.cpu.set_sr(new_sr);
    ctx.cpu.pc = pc;
    ctx.cpu.invalidate_prefetch();
    ctx.detail = format!(
        " (a3 = {:#x}) returns to {pc:#x} with SR {new_sr:#06x}",
        ctx.cpu.dar[11]
    );
    Ok(Reply::Jumped)
}
