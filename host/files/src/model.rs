//! The three calculator models the project targets, and every per-model fact the file and
//! link layers need. Sources: tilibs `libtifiles/trunk/src/typesxx.cc` (signatures),
//! `libticalcs/trunk/src/dbus_pkt.h` (machine IDs), `files9x.cc` (FLASH device types),
//! GCC4TI `flash.h/HARDWARE_PARM_BLOCK.hsf` (hardware IDs), `compat.h/LCD_WIDTH.hsf`.

use core::fmt;
use core::str::FromStr;

/// A calculator model. The TI-89 Titanium uses the TI-89's files and link IDs and is treated
/// as a [`Model::Ti89`] here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Model {
    /// TI-89 (and TI-89 Titanium): 160x100 screen.
    Ti89,
    /// TI-92 Plus: 240x128 screen.
    Ti92Plus,
    /// Voyage 200: 240x128 screen.
    V200,
}

impl Model {
    /// Every model, in a fixed order.
    pub const ALL: [Model; 3] = [Model::Ti89, Model::Ti92Plus, Model::V200];

    /// The two characters every file extension of this model starts with: "89", "9x", "v2".
    pub fn extension_prefix(self) -> &'static str {
        match self {
            Model::Ti89 => "89",
            Model::Ti92Plus => "9x",
            Model::V200 => "v2",
        }
    }

    /// The model of a file extension (case-insensitive, without the dot), e.g. "89z", "V2s".
    pub fn from_extension(ext: &str) -> Option<Model> {
        let ext = ext.to_ascii_lowercase();
        Model::ALL
            .into_iter()
            .find(|m| ext.len() == 3 && ext.starts_with(m.extension_prefix()))
    }

    /// The 8-byte signature written at the start of a file. The Voyage 200 shares the TI-92
    /// Plus signature (tilibs and ld-tigcc both write it), so a file's model comes from its
    /// extension.
    pub fn signature(self) -> &'static [u8; 8] {
        match self {
            Model::Ti89 => b"**TI89**",
            Model::Ti92Plus | Model::V200 => b"**TI92P*",
        }
    }

    /// Whether `sig` is a signature a file of this model may carry when read.
    pub fn accepts_signature(self, sig: &[u8]) -> bool {
        sig == self.signature() || (self == Model::V200 && sig == b"**V200**")
    }

    /// Machine ID of packets sent by this calculator to a computer (0x98 or 0x88).
    pub fn calc_machine_id(self) -> u8 {
        match self {
            Model::Ti89 => 0x98,
            Model::Ti92Plus | Model::V200 => 0x88,
        }
    }

    /// Machine ID of packets sent by a computer to this calculator (0x08 for all three).
    pub fn pc_machine_id(self) -> u8 {
        0x08
    }

    /// Device-type byte of this model's FLASH files (0x98 TI-89, 0x88 TI-92 Plus / V200).
    pub fn flash_device_type(self) -> u8 {
        match self {
            Model::Ti89 => 0x98,
            Model::Ti92Plus | Model::V200 => 0x88,
        }
    }

    /// Hardware ID of the model (hardware parameter block, FLASH headers): 3, 1, 8.
    pub fn hardware_id(self) -> u8 {
        match self {
            Model::Ti89 => 3,
            Model::Ti92Plus => 1,
            Model::V200 => 8,
        }
    }

    /// Visible screen size in pixels (width, height): 160x100 or 240x128.
    pub fn screen_size(self) -> (u32, u32) {
        match self {
            Model::Ti89 => (160, 100),
            Model::Ti92Plus | Model::V200 => (240, 128),
        }
    }

    /// The value the Connect Four contest passes in `nom` at the start of a game:
    /// 1 for the TI-89, 2 for the TI-92 Plus and Voyage 200
    /// (docs/requirements.md#the-colonne-and-nom-protocol).
    pub fn contest_code(self) -> u8 {
        match self {
            Model::Ti89 => 1,
            Model::Ti92Plus | Model::V200 => 2,
        }
    }

    /// Short name used on command lines and in file names: "ti89", "ti92p", "v200".
    pub fn name(self) -> &'static str {
        match self {
            Model::Ti89 => "ti89",
            Model::Ti92Plus => "ti92p",
            Model::V200 => "v200",
        }
    }
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Model::Ti89 => "TI-89",
            Model::Ti92Plus => "TI-92 Plus",
            Model::V200 => "Voyage 200",
        })
    }
}

/// The error of parsing a model name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown calculator model {0:?}: use ti89, ti92p or v200")]
pub struct UnknownModel(pub String);

impl FromStr for Model {
    type Err = UnknownModel;

    fn from_str(s: &str) -> Result<Model, UnknownModel> {
        match s.to_ascii_lowercase().replace(['-', ' ', '_'], "").as_str() {
            "ti89" | "89" | "ti89t" | "ti89titanium" => Ok(Model::Ti89),
            "ti92p" | "ti92plus" | "ti92+" | "92p" | "92+" | "9x" => Ok(Model::Ti92Plus),
            "v200" | "voyage200" | "v2" => Ok(Model::V200),
            _ => Err(UnknownModel(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_map_back_to_models() {
        for m in Model::ALL {
            let ext = format!("{}z", m.extension_prefix());
            assert_eq!(Model::from_extension(&ext), Some(m));
            assert_eq!(Model::from_extension(&ext.to_uppercase()), Some(m));
            assert_eq!(m.name().parse::<Model>(), Ok(m));
        }
        assert_eq!(Model::from_extension("83p"), None);
        assert_eq!(Model::from_extension("89"), None);
        assert!("ti84".parse::<Model>().is_err());
    }

    #[test]
    fn v200_reads_both_signatures() {
        assert!(Model::V200.accepts_signature(b"**TI92P*"));
        assert!(Model::V200.accepts_signature(b"**V200**"));
        assert!(!Model::Ti92Plus.accepts_signature(b"**V200**"));
        assert!(!Model::Ti89.accepts_signature(b"**TI92P*"));
    }
}
