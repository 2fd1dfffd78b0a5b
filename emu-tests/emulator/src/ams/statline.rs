//! The status line: the messages a program shows there, recorded in the transcript and kept
//! as text (the harness does not draw the status line into the LCD memory).
//!
//! Served: ST_folder (the folder name shown), ST_helpMsg (a help message, how a
//! program says why it stopped).

use ti_build::rom_calls;

use super::{ti_text, Reply, RomCallDef, RomCtx};
use crate::failure::Failure;

/// What the status line shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatusLine {
    /// The last help message (ST_helpMsg).
    pub message: Option<String>,
    /// The folder name shown (ST_folder).
    pub folder: Option<String>,
}

fn st_help_msg(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p] = ctx.args([4])?;
    let text = ti_text(&ctx.read_cstr(p, 256)?);
    ctx.detail = format!("({text:?})");
    ctx.os.status.message = Some(text);
    Ok(Reply::Void)
}

fn st_folder(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p] = ctx.args([4])?;
    let text = ti_text(&ctx.read_cstr(p, 9)?);
    ctx.detail = format!("({text:?})");
    ctx.os.status.folder = Some(text);
    Ok(Reply::Void)
}

/// The status-line calls served.
#[rustfmt::skip]
pub const CALLS: &[RomCallDef] = &[
    RomCallDef { call: rom_calls::ST_folder, handler: st_folder },
    RomCallDef { call: rom_calls::ST_helpMsg, handler: st_help_msg },
];
