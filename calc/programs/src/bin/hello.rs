//! `hello`: the smallest complete calculator program. It clears the screen, shows its name and
//! the model it runs on (read at run time), waits for a key and returns to the OS, which gets
//! its screen back as it was.
#![no_std]
#![no_main]

use programs::os::{Attr, Font, Os};

programs::entry!(main);

fn main(mut os: Os) {
    let model = os.model();
    let (width, height) = model.screen_size();
    os.clear_screen();
    let previous = os.set_font(Font::Large);
    let title: &[u8] = b"hello";
    os.draw_text(
        centred(width, title, Font::Large),
        height / 2 - 16,
        title,
        Attr::Normal,
    );
    os.set_font(Font::Medium);
    let name = model.name();
    os.draw_text(
        centred(width, name, Font::Medium),
        height / 2,
        name,
        Attr::Normal,
    );
    os.set_font(previous);
    os.wait_key();
}

/// The x at which `text` in `font` is centred on a screen `width` pixels wide.
fn centred(width: i16, text: &[u8], font: Font) -> i16 {
    (width - text.len() as i16 * font.char_width()).max(0) / 2
}
