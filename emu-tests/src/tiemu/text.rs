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
//! dropped (the text was clipped in that font), and so is an empty one (PedroM draws nothing of
//! a text wider than the screen); nothing drawn in any font is an error (nothing could be
//! checked).

use ti_link::ops::keys;

use super::programs::{drawtext_variable, DRAWTEXT_ROWS};
use super::{Screen, TiEmu, TiEmuError};

/// How many times the renderer is run before the oracle gives up.
const RENDER_TRIES: usize = 3;

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
        let mut blank = 0;
        for (i, &(y, h)) in DRAWTEXT_ROWS.iter().enumerate() {
            let band = rendering.crop(0, y, rendering.width(), h);
            // Nothing drawn in one font: PedroM's DrawStr draws nothing at all of a text
            // wider than the screen (the TI-89 in the large font), so it cannot show there.
            let Some((bx, by, bw, bh)) = band.bounding_box() else {
                blank += 1;
                continue;
            };
            if bx + bw < band.width() {
                fonts[i] = Some(Template {
                    bitmap: band.crop(bx, by, bw, bh),
                    dx: bx,
                    dy: by,
                });
            }
        }
        if blank == DRAWTEXT_ROWS.len() {
            return Err(TiEmuError::Protocol(format!(
                "the OS drew nothing for {text:?} in any font: its DrawStr or FontSetSys does not work, so the text cannot be checked"
            )));
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

/// Whether `shot` is the renderer's screen: something drawn in its three bands, nothing
/// between them nor in the 22 rows below the last (the renderer cleared the screen; the home
/// screen, or a program's, has something there).
fn is_rendering(shot: &Screen) -> bool {
    let (last_y, last_h) = DRAWTEXT_ROWS[DRAWTEXT_ROWS.len() - 1];
    let below = last_y + last_h;
    let mut gaps = vec![(below, 22)];
    for pair in DRAWTEXT_ROWS.windows(2) {
        let ((y, h), (next, _)) = (pair[0], pair[1]);
        gaps.push((y + h, next - (y + h)));
    }
    let blank = |(y, h): (u32, u32)| shot.crop(0, y, shot.width(), h).bounding_box().is_none();
    let drawn = DRAWTEXT_ROWS.iter().any(|&band| !blank(band));
    drawn && gaps.into_iter().all(blank)
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
        // The renderer waits for a key: its screen is stable once it has drawn. A calculator
        // starved of the processor may lose a key of the typed command (an error screen) or
        // show a stable screen before reading the keys (the home screen): only a screen drawn
        // by the renderer is taken, and the command is typed again after ESC if none comes.
        let mut last = None;
        let mut shot = None;
        for _ in 0..RENDER_TRIES {
            self.calc().run(&path, "")?;
            let start = std::time::Instant::now();
            while start.elapsed() < super::SETTLE_TIMEOUT {
                match self.wait_for_stable_screen()? {
                    Some(s) if is_rendering(&s) => {
                        shot = Some(s);
                        break;
                    }
                    other => last = other.or(last),
                }
                std::thread::sleep(std::time::Duration::from_millis(300));
            }
            if shot.is_some() {
                break;
            }
            self.calc().send_key(keys::ESC)?;
            self.wait_for_stable_screen()?;
        }
        let Some(shot) = shot else {
            let saved = last.and_then(|s| self.keep_screenshot(&s, "text-renderer").ok());
            return Err(TiEmuError::Protocol(format!(
                "the text renderer never showed its screen for {text:?} in {RENDER_TRIES} runs (last screen: {})",
                saved.map_or("none stable".into(), |p| p.display().to_string())
            )));
        };
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
    fn a_font_left_blank_is_a_text_too_wide_for_it() {
        let mut rendering = Screen::blank(160, 100);
        draw(&mut rendering, 0, 1, &["#"]); // font 0
        draw(&mut rendering, 0, 13, &["##"]); // font 1; font 2 left blank
        let t = TextTemplates::from_rendering("x", &rendering).unwrap();
        assert!(t.fonts[0].is_some() && t.fonts[1].is_some());
        assert!(t.fonts[2].is_none());
    }

    #[test]
    fn only_the_renderers_screen_is_a_rendering() {
        let mut rendering = Screen::blank(160, 100);
        draw(&mut rendering, 0, 1, &["#"]);
        draw(&mut rendering, 0, 30, &["##"]);
        assert!(is_rendering(&rendering));
        assert!(!is_rendering(&Screen::blank(160, 100)));
        let mut home = rendering.clone();
        draw(&mut home, 10, 50, &["#"]); // the home screen's history area
        assert!(!is_rendering(&home));
        let mut between = rendering;
        draw(&mut between, 0, 8, &["#"]);
        assert!(!is_rendering(&between));
    }

    #[test]
    fn a_blank_rendering_is_an_error_not_a_match() {
        let err = TextTemplates::from_rendering("x", &Screen::blank(160, 100)).unwrap_err();
        assert!(err.to_string().contains("drew nothing"), "{err}");
    }
}
