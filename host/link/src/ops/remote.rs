//! Remote control: key presses (KEY packets, the key code in the length field) and running a
//! program by typing its name on the home screen, as libticalcs2 does (`calc_9x.cc` send_key,
//! execute; tilibs `keys89.h`, `keys92p.h`; docs/rom-calls.md#keyboard-codes,
//! docs/link.md#sequences).

use super::{Calculator, LinkError};
use crate::cable::Cable;
use crate::packet;
use ti_files::{charset, Model, VarPath};

/// Key codes of the KEY packet.
pub mod keys {
    use ti_files::Model;

    /// ENTER.
    pub const ENTER: u16 = 13;
    /// CLEAR.
    pub const CLEAR: u16 = 263;
    /// ESC.
    pub const ESC: u16 = 264;
    /// HOME on a TI-89.
    pub const HOME_89: u16 = 277;
    /// ◆ (diamond) modifier on a TI-92 Plus / V200, added to a key code.
    pub const DIAMOND_92: u16 = 8192;
    /// `(`.
    pub const LEFT_PAREN: u16 = 40;
    /// `)`.
    pub const RIGHT_PAREN: u16 = 41;

    /// The keys that go to the home screen: HOME on a TI-89, ◆+Q on a 92 Plus / V200.
    pub fn home(model: Model) -> u16 {
        match model {
            Model::Ti89 => HOME_89,
            Model::Ti92Plus | Model::V200 => DIAMOND_92 + b'Q' as u16,
        }
    }

    /// A key by name (case-insensitive): enter, clear, esc, home.
    pub fn by_name(name: &str, model: Model) -> Option<u16> {
        match name.to_ascii_lowercase().as_str() {
            "enter" => Some(ENTER),
            "clear" => Some(CLEAR),
            "esc" => Some(ESC),
            "home" => Some(home(model)),
            _ => None,
        }
    }

    /// A key as a user writes it: a name ([`by_name`]), a single character (its TI-charset
    /// code, the code the calculator's keyboard gives for it: `1` is 49), or a numeric key
    /// code of two or more digits (`277`). `None` if it is none of these.
    pub fn parse(key: &str, model: Model) -> Option<u16> {
        if let Some(code) = by_name(key, model) {
            return Some(code);
        }
        if key.chars().count() == 1 {
            return ti_files::charset::encode(key).ok().map(|b| u16::from(b[0]));
        }
        key.parse().ok()
    }
}

impl<C: Cable> Calculator<C> {
    /// Presses one key remotely (KEY, then ACK).
    pub fn send_key(&mut self, code: u16) -> Result<(), LinkError> {
        self.send_packet(&packet::key(code), "")?;
        self.expect_ack(&format!("pressing key {code}"))?;
        self.pause(self.delays.after_key);
        Ok(())
    }

    /// Types `text` (each character's TI-charset code as a key).
    pub fn type_text(&mut self, text: &str) -> Result<(), LinkError> {
        let bytes = charset::encode(text).map_err(|e| LinkError::Malformed(e.to_string()))?;
        bytes.iter().try_for_each(|&b| self.send_key(b as u16))
    }

    /// Goes to a clean home screen: HOME (◆Q on 92+/V200), CLEAR, CLEAR.
    pub fn go_home(&mut self) -> Result<(), LinkError> {
        self.send_key(keys::home(self.model))?;
        self.send_key(keys::CLEAR)?;
        self.send_key(keys::CLEAR)
    }

    /// Runs the program `path` with `args` by typing `folder\name(args)` and ENTER on the home
    /// screen. Returns once the calculator has acknowledged ENTER (the program may still be
    /// running).
    pub fn run(&mut self, path: &VarPath, args: &str) -> Result<(), LinkError> {
        self.pause(self.delays.around_run);
        self.go_home()?;
        // A calculator still clearing its home screen can drop the next key (PedroM in a TiEmu
        // slowed by a busy machine lost the command's first character): let it finish first.
        self.pause(self.delays.around_run);
        self.type_text(&path.to_string())?;
        self.send_key(keys::LEFT_PAREN)?;
        self.type_text(args)?;
        self.send_key(keys::RIGHT_PAREN)?;
        self.send_key(keys::ENTER)?;
        self.pause(self.delays.around_run);
        Ok(())
    }
}

/// The key sequence [`Calculator::run`] types, for display.
pub fn run_keys(model: Model, path: &VarPath, args: &str) -> Vec<u16> {
    let mut out = vec![keys::home(model), keys::CLEAR, keys::CLEAR];
    let text = format!("{path}({args})");
    out.extend(
        charset::encode(&text)
            .unwrap_or_default()
            .iter()
            .map(|&b| b as u16),
    );
    out.push(keys::ENTER);
    out
}

#[cfg(test)]
mod tests {
    use super::super::transfer::tests::calc;
    use super::*;
    use crate::ops::transcript::dissection;

    #[test]
    fn keys_as_users_write_them() {
        assert_eq!(
            keys::parse("1", Model::Ti89),
            Some(49),
            "a digit is its character"
        );
        assert_eq!(keys::parse("x", Model::Ti89), Some(120));
        assert_eq!(keys::parse("θ", Model::Ti89), Some(0x88));
        assert_eq!(keys::parse("277", Model::Ti89), Some(277));
        assert_eq!(keys::parse("Home", Model::Ti89), Some(277));
        assert_eq!(keys::parse("home", Model::V200), Some(8273));
        assert_eq!(keys::parse("enter", Model::Ti92Plus), Some(13));
        assert_eq!(keys::parse("€", Model::Ti89), None);
        assert_eq!(keys::parse("xyz", Model::Ti89), None);
        assert_eq!(keys::parse("", Model::Ti89), None);
    }

    /// docs/link.md#sequences: HOME on a TI-89 is `08 87 15 01`, acknowledged.
    #[test]
    fn key_like_libticalcs2() {
        let mut c = calc(&[(">", "08 87 15 01"), ("<", "98 56 00 00")]);
        c.send_key(keys::HOME_89).unwrap();
        assert!(c.cable().finished());
        insta::assert_snapshot!(dissection(c.cable()));
    }

    #[test]
    fn run_types_the_name() {
        let p = VarPath::parse("main\\a").unwrap();
        let script: Vec<(&str, String)> = run_keys(Model::Ti89, &p, "")
            .iter()
            .flat_map(|k| {
                let [lo, hi] = k.to_le_bytes();
                [
                    (">", format!("08 87 {lo:02x} {hi:02x}")),
                    ("<", "98 56 00 00".to_string()),
                ]
            })
            .collect();
        let script: Vec<(&str, &str)> = script.iter().map(|(d, s)| (*d, s.as_str())).collect();
        let mut c = calc(&script);
        c.run(&p, "").unwrap();
        assert!(c.cable().finished());
        insta::assert_snapshot!(dissection(c.cable()));
        assert_eq!(
            run_keys(Model::V200, &p, "1"),
            [8273, 263, 263, 109, 97, 105, 110, 92, 97, 40, 49, 41, 13]
        );
    }
}
