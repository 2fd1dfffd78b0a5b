//! The screen: drawing into the LCD memory at 0x4C00 (240x128, 1 bit a pixel, 30 bytes a
//! row, MSB leftmost, 1 dark; docs/rom-calls.md#screen), with the harness's own font
//! ([`super::font`]). Every string and character drawn is recorded in the transcript.
//!
//! Served: FontGetSys, FontSetSys, ScrRectFill, DrawClipEllipse,
//! ClrScr, DrawChar, DrawLine, DrawPix, DrawStr. Lines and
//! ellipse outlines are Bresenham's and the midpoint algorithm's, each pixel once (so A_XOR
//! is exact); AMS's own routines may differ by a pixel here and there. Attributes: A_REVERSE 0,
//! A_NORMAL 1, A_XOR 2, and for text A_REPLACE 4; any other is a [`Failure::RomCallMisuse`] naming
//! it. Drawing is clipped to the 240x128 LCD memory (the TI-89 shows its top-left 160x100).

use ti_build::rom_calls;

use super::{font, ti_text, DrawnText, Reply, RomCallDef, RomCtx};
use crate::bus::Bus;
use crate::failure::Failure;
use crate::map;
use crate::ReadMemory;

/// Drawing state.
#[derive(Debug)]
pub struct Screen {
    /// The current system font (F_4x6 0, F_6x8 1, F_8x10 2).
    pub font: u8,
}

impl Default for Screen {
    fn default() -> Screen {
        Screen { font: 1 }
    }
}

/// What to do to a pixel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Make it dark.
    Set,
    /// Make it light.
    Clear,
    /// Invert it.
    Flip,
}

/// Changes one LCD pixel; coordinates outside the LCD memory are ignored (clipped).
pub fn plot(bus: &mut Bus, x: i32, y: i32, ink: Ink) {
    if !(0..map::LCD_WIDTH as i32).contains(&x) || !(0..map::LCD_HEIGHT as i32).contains(&y) {
        return;
    }
    let i = (map::LCD + y as u32 * map::LCD_ROW_BYTES + x as u32 / 8) as usize;
    let bit = 0x80u8 >> (x % 8);
    let b = &mut bus.ram[i];
    match ink {
        Ink::Set => *b |= bit,
        Ink::Clear => *b &= !bit,
        Ink::Flip => *b ^= bit,
    }
}

/// Whether an LCD pixel is dark.
pub fn pixel(bus: &Bus, x: u32, y: u32) -> bool {
    let i = (map::LCD + y * map::LCD_ROW_BYTES + x / 8) as usize;
    bus.ram[i] & (0x80 >> (x % 8)) != 0
}

fn shape_ink(ctx: &RomCtx<'_>, attr: u32) -> Result<Ink, Failure> {
    match attr {
        0 => Ok(Ink::Clear),
        1 => Ok(Ink::Set),
        2 => Ok(Ink::Flip),
        _ => Err(ctx.misuse(format!(
            "drawing attribute {attr} is not emulated (A_REVERSE 0, A_NORMAL 1, A_XOR 2 are)"
        ))),
    }
}

fn attr_name(attr: u32) -> String {
    match attr {
        0 => "A_REVERSE".into(),
        1 => "A_NORMAL".into(),
        2 => "A_XOR".into(),
        4 => "A_REPLACE".into(),
        n => format!("attr {n}"),
    }
}

/// Draws one character cell at (x, y) in `font` with `attr`.
fn draw_glyph(ctx: &mut RomCtx<'_>, x: i32, y: i32, c: u8, attr: u32) -> Result<(), Failure> {
    let f = ctx.os.screen.font;
    let (w, h) = font::cell(f);
    let (dx, dy, scale) = font::placement(f);
    let (background, ink) = match attr {
        0 => (Some(Ink::Set), Ink::Clear),
        1 => (None, Ink::Set),
        2 => (None, Ink::Flip),
        4 => (Some(Ink::Clear), Ink::Set),
        _ => {
            return Err(ctx.misuse(format!(
                "text attribute {attr} is not emulated (A_REVERSE 0, A_NORMAL 1, A_XOR 2, A_REPLACE 4 are)"
            )))
        }
    };
    for row in 0..h {
        for col in 0..w {
            let (gx, gy) = ((col as i32 - dx as i32), (row as i32 - dy as i32));
            let on = gx >= 0 && gy >= 0 && font::pixel(c, gx as u32 / scale, gy as u32 / scale);
            let (px, py) = (x + col as i32, y + row as i32);
            if on {
                plot(ctx.bus, px, py, ink);
            } else if let Some(bg) = background {
                plot(ctx.bus, px, py, bg);
            }
        }
    }
    Ok(())
}

fn record_text(ctx: &mut RomCtx<'_>, x: i16, y: i16, text: String, attr: u32) {
    let f = ctx.os.screen.font;
    ctx.os.transcript.text.push(DrawnText {
        x,
        y,
        text,
        font: f,
        attr: attr as u16,
    });
}

fn draw_str(ctx: &mut RomCtx<'_>, x: i16, y: i16, bytes: &[u8], attr: u32) -> Result<(), Failure> {
    let (w, _) = font::cell(ctx.os.screen.font);
    for (i, &c) in bytes.iter().enumerate() {
        draw_glyph(
            ctx,
            i32::from(x) + (i as u32 * w) as i32,
            i32::from(y),
            c,
            attr,
        )?;
    }
    Ok(())
}

fn draw_str_call(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [x, y, s, attr] = ctx.args([2, 2, 4, 2])?;
    let bytes = ctx.read_cstr(s, 1024)?;
    let (x, y) = (x as i16, y as i16);
    let text = ti_text(&bytes);
    ctx.detail = format!("({x}, {y}, {text:?}, {})", attr_name(attr));
    draw_str(ctx, x, y, &bytes, attr)?;
    record_text(ctx, x, y, text, attr);
    Ok(Reply::Void)
}

fn draw_char_call(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [x, y, c, attr] = ctx.args([2, 2, 2, 2])?;
    let (x, y, c) = (x as i16, y as i16, c as u8);
    let text = ti_text(&[c]);
    ctx.detail = format!("({x}, {y}, {text:?}, {})", attr_name(attr));
    draw_str(ctx, x, y, &[c], attr)?;
    record_text(ctx, x, y, text, attr);
    Ok(Reply::Void)
}

fn draw_pix(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [x, y, attr] = ctx.args([2, 2, 2])?;
    ctx.detail = format!("({}, {}, {})", x as i16, y as i16, attr_name(attr));
    let ink = shape_ink(ctx, attr)?;
    plot(ctx.bus, i32::from(x as i16), i32::from(y as i16), ink);
    Ok(Reply::Void)
}

fn draw_line(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [x0, y0, x1, y1, attr] = ctx.args([2, 2, 2, 2, 2])?;
    let [x0, y0, x1, y1] = [x0, y0, x1, y1].map(|v| i32::from(v as i16));
    ctx.detail = format!("({x0}, {y0}, {x1}, {y1}, {})", attr_name(attr));
    let ink = shape_ink(ctx, attr)?;
    // Bresenham, every point once (so A_XOR lines are exact).
    let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
    let (sx, sy) = ((x1 - x0).signum(), (y1 - y0).signum());
    let (mut x, mut y, mut err) = (x0, y0, dx + dy);
    loop {
        plot(ctx.bus, x, y, ink);
        if x == x1 && y == y1 {
            break;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
    }
    Ok(Reply::Void)
}

fn scr_rect_fill(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [rect, clip, attr] = ctx.args([4, 4, 2])?;
    let r = ctx.read_bytes(rect, 4)?;
    let c = ctx.read_bytes(clip, 4)?;
    ctx.detail = format!("({r:?}, clip {c:?}, {})", attr_name(attr));
    let ink = shape_ink(ctx, attr)?;
    let (x0, x1) = (r[0].max(c[0]), r[2].min(c[2]));
    let (y0, y1) = (r[1].max(c[1]), r[3].min(c[3]));
    for y in y0..=y1 {
        for x in x0..=x1 {
            if x0 <= x1 && y0 <= y1 {
                plot(ctx.bus, i32::from(x), i32::from(y), ink);
            }
        }
    }
    Ok(Reply::Void)
}

/// The points of an ellipse outline centred on (0, 0) with semi-axes `a` and `b`, by the
/// midpoint algorithm, each once.
pub fn ellipse_points(a: i32, b: i32) -> std::collections::BTreeSet<(i32, i32)> {
    let mut pts = std::collections::BTreeSet::new();
    let (a, b) = (a.abs(), b.abs());
    let mut four = |x: i32, y: i32| {
        for (sx, sy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            pts.insert((sx * x, sy * y));
        }
    };
    if a == 0 || b == 0 {
        for x in 0..=a {
            four(x, 0);
        }
        for y in 0..=b {
            four(0, y);
        }
        return pts;
    }
    let (a2, b2) = (i64::from(a) * i64::from(a), i64::from(b) * i64::from(b));
    // Region 1: slope above -1, step x.
    let (mut x, mut y) = (0i64, i64::from(b));
    let mut d = 4 * b2 - 4 * a2 * i64::from(b) + a2;
    while b2 * x <= a2 * y {
        four(x as i32, y as i32);
        if d >= 0 {
            d += 8 * b2 * x + 12 * b2 - 8 * a2 * y + 8 * a2;
            y -= 1;
        } else {
            d += 8 * b2 * x + 12 * b2;
        }
        x += 1;
    }
    // Region 2: step y.
    let (mut x, mut y) = (i64::from(a), 0i64);
    let mut d = 4 * a2 - 4 * b2 * i64::from(a) + b2;
    while a2 * y <= b2 * x {
        four(x as i32, y as i32);
        if d >= 0 {
            d += 8 * a2 * y + 12 * a2 - 8 * b2 * x + 8 * b2;
            x -= 1;
        } else {
            d += 8 * a2 * y + 12 * a2;
        }
        y += 1;
    }
    pts
}

fn draw_clip_ellipse(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [x, y, a, b, clip, attr] = ctx.args([2, 2, 2, 2, 4, 2])?;
    let [x, y, a, b] = [x, y, a, b].map(|v| i32::from(v as i16));
    let c = ctx.read_bytes(clip, 4)?;
    ctx.detail = format!("({x}, {y}, {a}, {b}, clip {c:?}, {})", attr_name(attr));
    let ink = shape_ink(ctx, attr)?;
    for (dx, dy) in ellipse_points(a, b) {
        let (px, py) = (x + dx, y + dy);
        if (i32::from(c[0])..=i32::from(c[2])).contains(&px)
            && (i32::from(c[1])..=i32::from(c[3])).contains(&py)
        {
            plot(ctx.bus, px, py, ink);
        }
    }
    Ok(Reply::Void)
}

fn clr_scr(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    ctx.bus.poke(map::LCD, &[0; map::LCD_SIZE as usize]);
    ctx.detail = "()".into();
    Ok(Reply::Void)
}

fn font_get_sys(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let f = ctx.os.screen.font;
    ctx.detail = format!("() = {f}");
    Ok(Reply::Byte(f))
}

fn font_set_sys(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [f] = ctx.args([2])?;
    if f > 2 {
        return Err(ctx.misuse(format!(
            "font {f} does not exist (F_4x6 0, F_6x8 1, F_8x10 2)"
        )));
    }
    let old = ctx.os.screen.font;
    ctx.os.screen.font = f as u8;
    ctx.detail = format!("({f}) = {old}");
    Ok(Reply::Byte(old))
}

/// The screen calls served.
#[rustfmt::skip]
pub const CALLS: &[RomCallDef] = &[
    RomCallDef { call: rom_calls::ScrRectFill, handler: scr_rect_fill },
    RomCallDef { call: rom_calls::FontGetSys, handler: font_get_sys },
    RomCallDef { call: rom_calls::FontSetSys, handler: font_set_sys },
    RomCallDef { call: rom_calls::DrawClipEllipse, handler: draw_clip_ellipse },
    RomCallDef { call: rom_calls::ClrScr, handler: clr_scr },
    RomCallDef { call: rom_calls::DrawChar, handler: draw_char_call },
    RomCallDef { call: rom_calls::DrawLine, handler: draw_line },
    RomCallDef { call: rom_calls::DrawPix, handler: draw_pix },
    RomCallDef { call: rom_calls::DrawStr, handler: draw_str_call },
];
