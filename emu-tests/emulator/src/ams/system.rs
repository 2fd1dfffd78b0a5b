//! System calls: the hardware parameter block (docs/rom-calls.md#model-and-ams-detection), so
//! programs that check the hardware see the model they expect.
//!
//! Served: FL_getHardwareParmBlock. The block itself sits in ROM at
//! `ROM_base + 0x200`, and its address at `ROM_base + 0x104` (where AMS keeps it).

use ti_build::rom_calls;
use ti_files::Model;

use super::{Reply, RomCallDef, RomCtx};
use crate::failure::Failure;
use crate::map;

/// The hardware parameter block of `model`: `u16 len`, then longs hardwareID,
/// hardwareRevision, bootMajor, bootRevision, bootBuild, gateArray (2 = HW2),
/// physDisplayBitsWide, physDisplayBitsTall, LCDBitsWide, LCDBitsTall.
pub fn hardware_parm_block(model: Model) -> Vec<u8> {
    let (w, h) = model.screen_size();
    let longs = [
        u32::from(model.hardware_id()),
        1,
        2,
        1,
        0,
        2,
        240,
        128,
        w,
        h,
    ];
    let mut out = Vec::new();
    out.extend_from_slice(&(2 + 4 * longs.len() as u16).to_be_bytes());
    for l in longs {
        out.extend_from_slice(&l.to_be_bytes());
    }
    out
}

fn fl_get_hardware_parm_block(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let a = ctx.layout.rom_base + map::ROM_HW_PARM_BLOCK;
    ctx.detail = format!("() = {a:#x}");
    Ok(Reply::A0(a))
}

/// The system calls served.
#[rustfmt::skip]
pub const CALLS: &[RomCallDef] = &[
    RomCallDef { call: rom_calls::FL_getHardwareParmBlock, handler: fl_get_hardware_parm_block },
];
