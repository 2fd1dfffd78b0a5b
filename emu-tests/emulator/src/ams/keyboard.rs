//! The keyboard: a scripted queue of key codes that the test fills (ngetchx codes,
//! docs/rom-calls.md#keyboard-codes). The queue stands for the keys the user *will* press: ngetchx
//! takes the next one, kbhit says whether one is there, and GKeyFlush (which drops keys already
//! pressed on a calculator) leaves the script alone. Waiting for a key when the script is empty
//! ends the run with [`Failure::KeysExhausted`] instead of hanging.
//!
//! A key is pressed either at once (`Machine::push_keys`: kbhit sees it as soon as it is at the
//! front of the queue, as a key pressed ahead while the program works) or when the program asks
//! for one (`Machine::answer_keys`: kbhit does not see it; the next ngetchx takes it), as a
//! person who waits for the prompt before pressing. A program that watches the keyboard while
//! it thinks (a game's ESC) sees the first kind and not the second.
//!
//! Each key ngetchx hands over is kept with the screen as it was at that moment (the screen
//! the person pressed it on): a test runs a whole session of an interactive program, then checks
//! every screen it wanted to see (`Machine::prompts`).
//!
//! Served: ngetchx, kbhit, GKeyFlush.

use std::collections::VecDeque;

use ti_build::rom_calls;

use super::{Reply, RomCallDef, RomCtx};
use crate::failure::Failure;
use crate::map;

/// When a scripted key is pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// Already: kbhit sees it.
    Now,
    /// When the program waits for a key: only ngetchx takes it.
    WhenAsked,
}

/// The scripted keys.
#[derive(Debug, Default)]
pub struct Keys {
    /// Keys still to be pressed, next first, and when.
    pub queue: VecDeque<(u16, Press)>,
    /// kbhit calls that found the queue empty since the last key was taken (a hint when a
    /// program then runs out of cycles).
    pub empty_polls: u64,
    /// Each key ngetchx returned, with the LCD memory (240x128) when it did.
    pub prompts: Vec<(u16, Vec<u8>)>,
    /// Whether a program waiting for a key is suspended rather than failed
    /// ([`crate::Machine::start_run`]): ngetchx with the queue empty, or kbhit polled
    /// [`IDLE_POLLS`] times in a row with the queue empty, stops the run at the call, which is
    /// served again when the run resumes.
    pub suspend: bool,
}

/// Empty kbhit polls in a row after which a suspendable run is suspended: a program that
/// polls the keyboard this often without a key is idle, waiting for the user.
pub const IDLE_POLLS: u64 = 1000;

fn ngetchx(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    match ctx.os.keys.queue.pop_front() {
        Some((k, _)) => {
            ctx.os.keys.empty_polls = 0;
            let lcd = ctx.bus.ram[map::LCD as usize..(map::LCD + map::LCD_SIZE) as usize].to_vec();
            ctx.os.keys.prompts.push((k, lcd));
            ctx.detail = format!("() = {k}");
            Ok(Reply::Short(k))
        }
        None => Err(Failure::KeysExhausted {
            call: "ngetchx",
            caller: ctx.caller,
        }),
    }
}

fn kbhit(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let hit = matches!(ctx.os.keys.queue.front(), Some((_, Press::Now)));
    if !hit {
        // Keys a person presses when asked are still to come: the program is not idle.
        if ctx.os.keys.suspend
            && ctx.os.keys.queue.is_empty()
            && ctx.os.keys.empty_polls >= IDLE_POLLS
        {
            return Err(Failure::KeysExhausted {
                call: "kbhit",
                caller: ctx.caller,
            });
        }
        ctx.os.keys.empty_polls += 1;
    }
    ctx.detail = format!("() = {}", u32::from(hit));
    Ok(Reply::Short(u16::from(hit)))
}

fn gkey_flush(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    ctx.detail = "()".into();
    Ok(Reply::Void)
}

/// The keyboard calls served.
#[rustfmt::skip]
pub const CALLS: &[RomCallDef] = &[
    RomCallDef { call: rom_calls::ngetchx, handler: ngetchx },
    RomCallDef { call: rom_calls::kbhit, handler: kbhit },
    RomCallDef { call: rom_calls::GKeyFlush, handler: gkey_flush },
];
