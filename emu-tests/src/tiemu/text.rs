//! The text oracle: "is this text on the screen?", answered exactly, without OCR.
//!
//! The calculator itself draws the reference: the bench sends a tiny renderer program
//! ([`super::programs::DRAWTEXT_CODE`]) that clears the screen and draws the text with the OS's
//! own `DrawStr` in each of the three system fonts, one under the other, then waits for a key.
//! The bench takes that screen over the link, cuts each font's line to the tight box of its
//! dark pixels (a template), presses ENTER to let the renderer return, and later looks for a
//! template, pixel for pixel, in the screenshot under test. This works for any OS (PedroM or
//! AMS), any font including proportional ones, and says which font matched.
//!
//! Templates are cached per session. A template that touches the right edge of the screen is
//! dropped (the text was clipped in that font), and an empty one is an error (the OS drew
//! nothing, so nothing could be checked).

use ti_link::ops::keys;

use super::programs::{drawtext_variable, DRAWTEXT_ROWS};
use super::{Screen, TiEmu, TiEmuError};

/// Where the bench stores the renderer on the calculator.
pub const RENDERER_PATH: &str = "main\\tbtext";

/// The three system fonts, in the order the renderer draws them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Font {
    /// F_4x6 (font 0), proportional.
    Small,
    /// F_6x8 (font 1).
    Medium,
    /// F_8x10 (font 2).
    Large,
}

impl Font {
    /// The three fonts, in renderer order.
    pub const ALL: [Font; 3] = [Font::Small, Font::Medium, Font::Large];
}

/// How one text looks in one font: the tight box of its dark pixels, and where that box sits
/// relative to the point `DrawStr` was given.
#[derive(Clone, Debug)]
pub struct Template {
    /// The dark pixels' box.
    pub bitmap: Screen,
    /// Columns from the drawing point to the box.
    pub dx: u32,
    /// Rows from the drawing point to the box.
    pub dy: u32,
}

/// How one text looks in each font (`None`: clipped in that font).
#[derive(Clone, Debug)]
pub struct TextTemplates {
    /// The text.
    pub text: String,
    /// One template per font of [`Font::ALL`].
    pub fonts: [Option<Template>; 3],
}

/// Where a text was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextMatch {
    /// In which font.
    pub font: Font,
    /// The x given to `DrawStr` to draw the text there.
    pub x: u32,
    /// The y given to `DrawStr`.
    pub y: u32,
}

impl TextTemplates {
    /// Cuts the templates out of a screenshot of the renderer.
    pub fn from_rendering(text: &str, rendering: &Screen) -> Result<TextTemplates, TiEmuError> {
        let mut fonts: [Option<Template>; 3] = [None, None, None];
        for (i, &(y, h)) in DRAWTEXT_ROWS.iter().enumerate() {
            let band = rendering.crop(0, y, rendering.width(), h);
            let Some((bx, by, bw, bh)) = band.bounding_box() else {
                return Err(TiEmuError::Protocol(format!(
                    "the OS drew nothing for {text:?} in font {i}: its DrawStr or FontSetSys does not work, so the text cannot be checked"
                )));
            };
            if bx + bw < band.width() {
                fonts[i] = Some(Template {
                    bitmap: band.crop(bx, by, bw, bh),
                    dx: bx,
                    dy: by,
                });
            }
        }
        if fonts.iter().all(Option::is_none) {
            return Err(TiEmuError::Protocol(format!(
                "{text:?} is wider than the screen in every font"
            )));
        }
        Ok(TextTemplates {
            text: text.to_string(),
            fonts,
        })
    }

    /// The first font (small, medium, large) in which the text appears on `screen`, and where:
    /// dark on light, or else inverted (light on dark, as a selected menu entry shows it: the
    /// box of its strokes with every pixel inverted).
    pub fn find_in(&self, screen: &Screen) -> Option<TextMatch> {
        let found = |t: &Template, bitmap: &Screen, font| {
            let (x, y) = screen.find(bitmap)?;
            // A box found nearer the edge than its offset cannot come from DrawStr there.
            Some(TextMatch {
                font,
                x: x.checked_sub(t.dx)?,
                y: y.checked_sub(t.dy)?,
            })
        };
        let fonts = || Font::ALL.iter().zip(&self.fonts);
        fonts()
            .find_map(|(&font, t)| found(t.as_ref()?, &t.as_ref()?.bitmap, font))
            .or_else(|| {
                fonts().find_map(|(&font, t)| {
                    let t = t.as_ref()?;
                    let b = &t.bitmap;
                    let inverse = Screen::from_fn(b.width(), b.height(), |x, y| !b.get(x, y));
                    found(t, &inverse, font)
                })
            })
    }
}

impl TiEmu {
    /// How the calculator draws `text` in each font (rendered on the calculator the first time,
    /// then cached). Must be called while no program is running: it runs the renderer.
    pub fn text_templates(&mut self, text: &str) -> Result<TextTemplates, TiEmuError> {
        if let Some(t) = self.text_cache.iter().find(|t| t.text == text) {
            return Ok(t.clone());
        }
        let renderer = drawtext_variable(RENDERER_PATH, text)?;
        self.send_variables(std::slice::from_ref(&renderer))?;
        let path = renderer.path();
        self.calc().run(&path, "")?;
        // The renderer waits for a key: its screen is stable once it has drawn.
        let shot = self.wait_for_stable_screen()?.ok_or_else(|| {
            TiEmuError::Protocol("the text renderer never showed a stable screen".into())
        })?;
        self.calc().send_key(keys::ENTER)?;
        let templates = TextTemplates::from_rendering(text, &shot)?;
        self.text_cache.push(templates.clone());
        Ok(templates)
    }

    /// Where `text` appears on `screen`, in any system font (see [`TiEmu::text_templates`]).
    ///
    /// A text not looked for before is first drawn on the calculator by running the renderer,
    /// which types keys on the home screen: never call it for a new text while a program waits
    /// for a key (the keys would go to that program). Use [`TiEmu::run_expecting_texts`], which
    /// renders every text before running the program.
    pub fn find_text(
        &mut self,
        screen: &Screen,
        text: &str,
    ) -> Result<Option<TextMatch>, TiEmuError> {
        Ok(self.text_templates(text)?.find_in(screen))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draw(screen: &mut Screen, x: u32, y: u32, rows: &[&str]) {
        for (dy, row) in rows.iter().enumerate() {
            for (dx, c) in row.chars().enumerate() {
                screen.set(x + dx as u32, y + dy as u32, c == '#');
            }
        }
    }

    #[test]
    fn templates_are_tight_boxes_and_are_found_anywhere() {
        let glyph = ["#.#", ".#.", "#.#"];
        let mut rendering = Screen::blank(160, 100);
        draw(&mut rendering, 0, 1, &glyph); // font 0 band: rows 0..6
        draw(&mut rendering, 0, 13, &["##", "##"]); // font 1 band: rows 12..20
        draw(&mut rendering, 150, 30, &["##########"]); // font 2: touches the right edge
        let t = TextTemplates::from_rendering("x", &rendering).unwrap();
        let small = t.fonts[0].as_ref().unwrap();
        assert_eq!(
            (
                small.bitmap.width(),
                small.bitmap.height(),
                small.dx,
                small.dy
            ),
            (3, 3, 0, 1)
        );
        assert!(t.fonts[2].is_none());
        let mut screen = Screen::blank(160, 100);
        draw(&mut screen, 40, 50, &["##", "##"]);
        assert_eq!(
            t.find_in(&screen),
            Some(TextMatch {
                font: Font::Medium,
                x: 40,
                y: 49
            })
        );
        draw(&mut screen, 70, 20, &glyph);
        assert_eq!(
            t.find_in(&screen),
            Some(TextMatch {
                font: Font::Small,
                x: 70,
                y: 19
            })
        );
    }

    #[test]
    fn a_blank_rendering_is_an_error_not_a_match() {
        let err = TextTemplates::from_rendering("x", &Screen::blank(160, 100)).unwrap_err();
        assert!(err.to_string().contains("drew nothing"), "{err}");
    }
}
