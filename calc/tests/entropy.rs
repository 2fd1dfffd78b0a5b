//! New Entropy scoring against the worked values of docs/requirements.md#new-entropy
//! (tests/data/entropy/lines.txt), the round score in both variants, and the game rules.

use calc::entropy::board::{cell, Board, Colour};
use calc::entropy::score::{ai_score, is_palindrome, line_score, round_score, Variant};

fn parse_line(s: &str) -> [u8; 7] {
    let mut codes = [0u8; 7];
    let mut letters: Vec<char> = Vec::new();
    for (i, ch) in s.chars().enumerate() {
        if ch != '.' {
            let k = letters.iter().position(|&l| l == ch).unwrap_or_else(|| {
                letters.push(ch);
                letters.len() - 1
            });
            codes[i] = k as u8 + 1;
        }
    }
    codes
}

#[test]
fn line_scores_match_the_worked_values() {
    let mut checked = 0;
    for l in include_str!("data/entropy/lines.txt").lines() {
        if l.starts_with('#') || l.trim().is_empty() {
            continue;
        }
        let (cells, score) = l.split_once(' ').unwrap();
        assert_eq!(cells.len(), 7, "{l}");
        let line = parse_line(cells);
        assert_eq!(
            line_score(&line),
            score.trim().parse::<u32>().unwrap(),
            "{l}"
        );
        checked += 1;
    }
    assert_eq!(checked, 19);
}

#[test]
fn empty_centre_counts_five() {
    // green / blue / empty / blue / green
    let g = Colour::Green.code();
    let b = Colour::Blue.code();
    let line = [g, b, 0, b, g, 0, 0];
    assert!(is_palindrome(&line, 0, 5));
    assert!(is_palindrome(&line, 1, 3));
    assert!(!is_palindrome(&line, 0, 4));
    assert!(!is_palindrome(&line, 2, 2));
}

#[test]
fn round_score_is_product_or_sum() {
    // Row 0 full of red (77); its columns each hold one piece (0).
    let mut b = Board::new();
    for c in 0..7 {
        b.put(cell(0, c), Colour::Red).unwrap();
    }
    assert_eq!(round_score(&b, Variant::New), 0);
    assert_eq!(round_score(&b, Variant::Classic), 77);
    assert_eq!(ai_score(&b, Variant::New), 78);
    // Add red at (1, 0): column 0 gets AA (2), row 1 nothing: 77 * 2.
    b.put(cell(1, 0), Colour::Red).unwrap();
    assert_eq!(round_score(&b, Variant::New), 77 * 2);
    assert_eq!(round_score(&b, Variant::Classic), 77 + 2);
    assert_eq!(ai_score(&b, Variant::New), 78 * 3);
    // A board of one colour: 7 rows and 7 columns of 77.
    let mut full = Board::new();
    for i in 0..49 {
        full.put(i, Colour::Black).unwrap();
    }
    assert_eq!(round_score(&full, Variant::New), 539 * 539);
    assert_eq!(round_score(&full, Variant::Classic), 2 * 539);
}
