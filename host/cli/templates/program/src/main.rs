//! The calculator program: clears the screen, shows its name and the model it runs on, waits
//! for a key and returns to the OS, which gets its screen back as it was.
#![no_std]
#![no_main]

use programs::os::{Attr, Font, Os};

programs::entry!(main);

fn main(mut os: Os) {
    let model = os.model();
    let (width, height) = model.screen_size();
    os.clear_screen();
    let previous = os.set_font(Font::Large);
    let title: &[u8] = b"@SHORT@";
    let x = @CRATE@::centred(width, title.len(), Font::Large.char_width());
    os.draw_text(x, height / 2 - 16, title, Attr::Normal);
    os.set_font(Font::Medium);
    let name = model.name();
    let x = @CRATE@::centred(width, name.len(), Font::Medium.char_width());
    os.draw_text(x, height / 2, name, Attr::Normal);
    os.set_font(previous);
    os.wait_key();
}
