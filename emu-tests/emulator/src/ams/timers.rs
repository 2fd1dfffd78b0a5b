//! Time: the FiftyMsecTick counter and the notify timers, driven by emulated cycles at the
//! calculator's clock (12 MHz on the HW2 TI-89, TI-92 Plus and V200), one tick per 50 ms as
//! auto-int 5 gives (docs/rom-calls.md#timers-and-delays). ROM calls themselves take no emulated
//! time.
//!
//! Served: OSRegisterTimer, OSFreeTimer, OSTimerCurVal, OSTimerExpired,
//! OSTimerRestart; the FiftyMsecTick variable is updated by the run loop. Timer
//! ids 1 to 8 exist (AMS 3); 2, 3, 4, 5, 7 and 8 are held by the OS, as on a calculator, so a
//! program must free one before registering it (ids 1 and 6 start free).

use ti_build::rom_calls;

use super::{Reply, RomCallDef, RomCtx};
use crate::failure::Failure;

/// CPU clock in Hz.
pub const CLOCK_HZ: u64 = 12_000_000;
/// Cycles per 50 ms tick.
pub const CYCLES_PER_TICK: u64 = CLOCK_HZ / 20;
/// Number of notify timers (ids 1..=8).
const TIMER_COUNT: usize = 8;

/// One notify timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timer {
    /// Not registered.
    Free,
    /// Held by the OS.
    System,
    /// Registered by the program: started at `start` ticks, runs `ticks` ticks.
    Running {
        /// Tick count when (re)started.
        start: u64,
        /// Length in ticks.
        ticks: u32,
    },
}

/// The timers, by id - 1.
#[derive(Debug)]
pub struct Timers {
    /// State of timers 1..=8.
    pub timers: [Timer; TIMER_COUNT],
}

impl Default for Timers {
    fn default() -> Timers {
        let mut timers = [Timer::System; TIMER_COUNT];
        timers[0] = Timer::Free;
        timers[5] = Timer::Free;
        Timers { timers }
    }
}

fn now(ctx: &RomCtx<'_>) -> u64 {
    ctx.cycles / CYCLES_PER_TICK
}

fn slot(id: u32) -> Option<usize> {
    (1..=TIMER_COUNT as u32)
        .contains(&id)
        .then(|| id as usize - 1)
}

fn register(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [id, ticks] = ctx.args([2, 4])?;
    let t = now(ctx);
    let r = match slot(id) {
        Some(i) if ctx.os.timers.timers[i] == Timer::Free => {
            ctx.os.timers.timers[i] = Timer::Running { start: t, ticks };
            id
        }
        _ => 0,
    };
    ctx.detail = format!("({id}, {ticks}) = {r}");
    Ok(Reply::Short(r as u16))
}

fn free(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [id] = ctx.args([2])?;
    let r = match slot(id) {
        Some(i) if ctx.os.timers.timers[i] != Timer::Free => {
            ctx.os.timers.timers[i] = Timer::Free;
            1
        }
        _ => 0,
    };
    ctx.detail = format!("({id}) = {r}");
    Ok(Reply::Short(r as u16))
}

fn running(ctx: &RomCtx<'_>, id: u32) -> Result<(usize, u64, u32), Failure> {
    match slot(id).map(|i| (i, ctx.os.timers.timers[i])) {
        Some((i, Timer::Running { start, ticks })) => Ok((i, start, ticks)),
        _ => Err(ctx.misuse(format!("timer {id} is not registered by the program"))),
    }
}

fn cur_val(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [id] = ctx.args([2])?;
    let (_, start, ticks) = running(ctx, id)?;
    let left = (start + u64::from(ticks)).saturating_sub(now(ctx)) as u32;
    ctx.detail = format!("({id}) = {left}");
    Ok(Reply::D0(left))
}

fn expired(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [id] = ctx.args([2])?;
    let (_, start, ticks) = running(ctx, id)?;
    let r = u32::from(now(ctx) >= start + u64::from(ticks));
    ctx.detail = format!("({id}) = {r}");
    Ok(Reply::Short(r as u16))
}

fn restart(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [id] = ctx.args([2])?;
    let (i, _, ticks) = running(ctx, id)?;
    let t = now(ctx);
    ctx.os.timers.timers[i] = Timer::Running { start: t, ticks };
    ctx.detail = format!("({id}) = {ticks}");
    Ok(Reply::D0(ticks))
}

/// The timer calls served.
#[rustfmt::skip]
pub const CALLS: &[RomCallDef] = &[
    RomCallDef { call: rom_calls::OSRegisterTimer, handler: register },
    RomCallDef { call: rom_calls::OSFreeTimer, handler: free },
    RomCallDef { call: rom_calls::OSTimerCurVal, handler: cur_val },
    RomCallDef { call: rom_calls::OSTimerExpired, handler: expired },
    RomCallDef { call: rom_calls::OSTimerRestart, handler: restart },
];
