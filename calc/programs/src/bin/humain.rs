//! `humain`: a person at the keyboard as a contest AI (docs/contest.md#humain-a-person-as-an-ai).
//! Installed as the AI program of a folder (`joueur`), it follows the protocol of
//! docs/requirements.md#the-colonne-and-nom-protocol exactly, as any AI: the arbiter runs it like
//! the others, so a person plays against any AI folder, or two people play each other.
//!
//! On each call it asks the person for a column, drawing only in its own zone of the arbiter's
//! screen (docs/contest.md#the-screen-the-ai-zones-and-n: left for AI 1, right for AI 2); the
//! screen comes back as it was when it returns. The keys: a digit 1-7 plays that column, left
//! and right move the choice, ENTER plays it; a full column is refused there. ESC then ENTER
//! resigns: the program raises error 180 (BREAK), so the arbiter disqualifies it ("error 180").
//!
//! Its name: the string `pseudo` of its folder; when there is none (or it does not fit N), the
//! person types one at the start of the first game (1 to N characters: 8 on the TI-89, 12 on the
//! 92 Plus / V200), and it is kept in `pseudo` for the next games.
//!
//! Between calls it keeps the game's columns in `etat` of its folder (custom data of type `HUM`:
//! version 1, its seat, the number of moves, the columns as digits), deleted at the end. An
//! impossible situation (values that make no sense, `etat` missing or damaged in a game, an
//! opponent's column that cannot be played) raises an OS error, as `joueur` does.
#![no_std]
#![no_main]

use calc::connect4::protocol::Request;
use calc::connect4::{Board, Player};
use programs::contest::{read_value, COLONNE, NOM, READ_BUFFER};
use programs::os::{Attr, Bytes, Font, Name, Os, Value, VarPath};
use programs::ui::{Input, Keyboard, Layout, Rect, CHAR_WIDTH, LINE_HEIGHT};

programs::entry!(main);

/// `etat`, `pseudo`.
const ETAT: Name = Name::lit(b"etat");
const PSEUDO: Name = Name::lit(b"pseudo");
/// The state's custom type and version.
const TYPE: &[u8] = b"hum";
const VERSION: u8 = 1;

/// AMS errors: 40 (argument) for values that make no sense, 960 (undefined variable) when
/// `etat` is missing in a game, 180 (BREAK) when the person resigns.
const ERROR_ARGUMENT: u16 = 40;
const ERROR_UNDEFINED: u16 = 960;
const ERROR_BREAK: u16 = 180;

/// The moves so far and this AI's seat.
struct Game {
    seat: Player,
    moves: Bytes<44>,
    len: usize,
}

impl Game {
    fn board(&self) -> Option<Board> {
        Board::from_move_bytes(&self.moves[..self.len]).ok()
    }

    fn push(&mut self, col: u8) {
        if self.len < 42 {
            self.moves[self.len] = b'1' + col;
            self.len += 1;
        }
    }
}

fn main(mut os: Os) {
    let os = &mut os;
    let colonne = VarPath::current(&COLONNE);
    let nom = VarPath::current(&NOM);
    let etat = VarPath::current(&ETAT);
    let mut colonne_buf = Bytes::<READ_BUFFER>::zeroed();
    let mut nom_buf = Bytes::<READ_BUFFER>::zeroed();
    let request = Request::decode(
        read_value(os, &colonne, &mut colonne_buf.0),
        read_value(os, &nom, &mut nom_buf.0),
    );
    let Ok(request) = request else {
        os.raise_error(ERROR_ARGUMENT);
    };
    let layout = Layout::for_model(os.model());
    let mut keys = Keyboard::new(os.model());
    let mut game = match request {
        Request::NewGame { seat, .. } => Game {
            seat,
            moves: Bytes::zeroed(),
            len: 0,
        },
        _ => {
            let mut buf = Bytes::<64>::zeroed();
            match os.read_data(&etat, TYPE, &mut buf.0) {
                Ok(b) if b.len() >= 3 && b[0] == VERSION && b.len() == 3 + usize::from(b[2]) => {
                    let mut moves = Bytes::<44>::zeroed();
                    let len = usize::from(b[2]).min(42);
                    moves[..len].copy_from_slice(&b[3..3 + len]);
                    let seat = if b[1] == 0 {
                        Player::First
                    } else {
                        Player::Second
                    };
                    Game { seat, moves, len }
                }
                Err(programs::os::DataError::Missing)
                    if matches!(request, Request::GameOver(_)) =>
                {
                    return
                }
                Err(programs::os::DataError::Missing) => os.raise_error(ERROR_UNDEFINED),
                _ => os.raise_error(ERROR_ARGUMENT),
            }
        }
    };
    let zone = layout.zone(game.seat);
    match request {
        Request::NewGame { seat, .. } => {
            let mut name = Bytes::<16>::zeroed();
            let len = name_of(os, &mut keys, &zone, layout.name_limit(), &mut name);
            if os.store_string(&nom, &name[..len]).is_err() {
                os.raise_error(ERROR_ARGUMENT);
            }
            if seat == Player::Second {
                store_state(os, &etat, &game);
                return;
            }
        }
        Request::OpponentMoved(col) => {
            let playable = game.board().is_some_and(|b| b.can_play(col));
            if !playable {
                os.raise_error(ERROR_ARGUMENT);
            }
            game.push(col);
        }
        Request::GameOver(_) => {
            let _ = os.delete_var(&etat);
            return;
        }
    }
    let Some(board) = game.board() else {
        os.raise_error(ERROR_ARGUMENT);
    };
    let col = ask_column(os, &mut keys, &zone, &board);
    game.push(col);
    store_state(os, &etat, &game);
    // A failed store (no memory, a locked variable) is the arbiter's to see.
    let _ = os.store_integer(&colonne, i32::from(col) + 1);
}

/// Writes `etat`.
fn store_state(os: &mut Os, etat: &VarPath, game: &Game) {
    let mut bytes = Bytes::<48>::zeroed();
    bytes[0] = VERSION;
    bytes[1] = u8::from(game.seat == Player::Second);
    bytes[2] = game.len as u8;
    bytes[3..3 + game.len].copy_from_slice(&game.moves[..game.len]);
    let _ = os.store_data(etat, &bytes[..3 + game.len], TYPE);
}

/// Clears the zone and writes `lines` at its top, one a row in the 6x8 font (at most 8
/// characters: the TI-89's zone is 48 pixels wide), then `hint` in the 4x6 font (at most 12).
fn show(os: &mut Os, zone: &Rect, lines: &[&[u8]], hint: &[u8]) {
    os.fill_rect(zone.x0, zone.y0, zone.x1, zone.y1, Attr::Reverse);
    let mut y = zone.y0 + 2;
    for line in lines {
        os.write(zone.x0, y, Font::Medium, line, Attr::Normal);
        y += LINE_HEIGHT + 1;
    }
    os.write(zone.x0, y + 1, Font::Small, hint, Attr::Normal);
}

/// The name in `pseudo`, or one the person types (kept in `pseudo`): its length in `name`.
fn name_of(
    os: &mut Os,
    keys: &mut Keyboard,
    zone: &Rect,
    limit: u8,
    name: &mut Bytes<16>,
) -> usize {
    let limit = usize::from(limit).min(12);
    let pseudo = VarPath::current(&PSEUDO);
    let mut buf = Bytes::<32>::zeroed();
    if let Ok(Value::Str(s)) = os.read_var(&pseudo, &mut buf.0) {
        if !s.is_empty() && s.len() <= limit {
            name[..s.len()].copy_from_slice(s);
            return s.len();
        }
    }
    let mut len = 0;
    loop {
        let mut field = Bytes::<16>::zeroed();
        field[..len].copy_from_slice(&name[..len]);
        if len < limit {
            field[len] = b'_';
        }
        let shown = &field[..(len + 1).min(limit)];
        show(os, zone, &[b"Name?", shown], b"then ENTER");
        match keys.next(os) {
            Input::Enter if len > 0 => break,
            Input::Backspace if len > 0 => len -= 1,
            Input::Clear => len = 0,
            Input::Char(c) if c != b'\\' && len < limit => {
                name[len] = c;
                len += 1;
            }
            _ => {}
        }
    }
    let _ = os.store_string(&pseudo, &name[..len]);
    len
}

/// The column the person plays (0-based, playable).
fn ask_column(os: &mut Os, keys: &mut Keyboard, zone: &Rect, board: &Board) -> u8 {
    let mut cursor = 3u8;
    let mut full = false;
    loop {
        let choice = [b'<', b' ', b'1' + cursor, b' ', b'>'];
        let hint: &[u8] = if full { b"full! 1-7" } else { b"1-7 or ENTER" };
        show(os, zone, &[b"Column?", &choice], hint);
        // The chosen column's number, under the arrows.
        let x = zone.x0 + 2 * CHAR_WIDTH;
        os.fill_rect(
            x - 1,
            zone.y0 + 10,
            x + CHAR_WIDTH - 1,
            zone.y0 + 18,
            Attr::Xor,
        );
        full = false;
        let col = match keys.next(os) {
            Input::Left => {
                cursor = (cursor + 6) % 7;
                continue;
            }
            Input::Right => {
                cursor = (cursor + 1) % 7;
                continue;
            }
            Input::Enter => cursor,
            Input::Char(c @ b'1'..=b'7') => c - b'1',
            Input::Escape => {
                show(os, zone, &[b"Resign?"], b"ENTER yes/ESC");
                if keys.next(os) == Input::Enter {
                    os.raise_error(ERROR_BREAK);
                }
                continue;
            }
            _ => continue,
        };
        cursor = col;
        if board.can_play(col) {
            return col;
        }
        full = true;
    }
}
