//! Directory listing, in two phases as libticalcs2 does (`calc_9x.cc` get_dirlist;
//! docs/link.md#sequences): a REQ with filter 0x1F lists the folders, then one REQ with filter 0x1B
//! per folder lists its variables (the first entry is the folder itself).
//!
//! Entries are `name[8] type attr LE24-size 00`: 14 bytes from a TI-89, a TI-92 Plus and
//! PedroM, 22 bytes (8 more) from AMS on a Voyage 200. The entry size is detected from the
//! data (the first entry of a folder listing must be that folder), so both work.

use super::{Calculator, LinkError};
use crate::cable::Cable;
use crate::packet::{self, Command, VarHeader, PC_MACHINE_ID};
use ti_files::{Attribute, Model, VarName, VarPath, VarType};

/// Filter (top byte of the REQ size field) asking for the list of folders.
const FILTER_FOLDERS: u32 = 0x1F;
/// Filter asking for the variables of one folder.
const FILTER_FOLDER: u32 = 0x1B;

/// One entry of a listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirEntry {
    /// The name.
    pub name: VarName,
    /// The type (0x1F for a folder).
    pub var_type: VarType,
    /// Locked / archived.
    pub attribute: Attribute,
    /// Size of the variable image (for a folder: its number of variables).
    pub size: u32,
}

/// A folder and its variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolderListing {
    /// The folder.
    pub folder: VarName,
    /// Its variables.
    pub entries: Vec<DirEntry>,
}

impl FolderListing {
    /// The entry named `name`, if any.
    pub fn find(&self, name: &VarName) -> Option<&DirEntry> {
        self.entries.iter().find(|e| &e.name == name)
    }
}

/// Parses the entries of a listing's data (after its 4 zero bytes) with entries of `stride`
/// bytes; `None` if they do not parse.
fn parse_entries(block: &[u8], stride: usize) -> Option<Vec<DirEntry>> {
    if block.len() % stride != 0 {
        return None;
    }
    block
        .chunks(stride)
        .map(|e| {
            Some(DirEntry {
                name: VarName::from_padded(&e[..8]).ok()??,
                var_type: VarType(e[8]),
                attribute: Attribute::from_byte(e[9]),
                size: u32::from_le_bytes([e[10], e[11], e[12], 0]),
            })
        })
        .collect()
}

/// Parses listing data, detecting the entry size; `valid` judges a candidate parse.
pub(crate) fn parse_listing(
    payload: &[u8],
    model: Model,
    valid: impl Fn(&[DirEntry]) -> bool,
) -> Result<Vec<DirEntry>, LinkError> {
    let block = payload
        .get(4..)
        .filter(|_| payload[..4] == [0, 0, 0, 0])
        .ok_or_else(|| LinkError::Malformed("a listing does not start with 4 zero bytes".into()))?;
    let strides: [usize; 2] = if model == Model::V200 {
        [22, 14]
    } else {
        [14, 22]
    };
    strides
        .iter()
        .filter_map(|&s| parse_entries(block, s))
        .find(|entries| valid(entries))
        .ok_or_else(|| {
            LinkError::Malformed(format!(
                "a listing of {} bytes is neither 14-byte nor 22-byte entries",
                block.len()
            ))
        })
}

impl<C: Cable> Calculator<C> {
    /// One listing exchange: REQ (filter, type 0x1A, name) → ACK → VAR → ACK, CTS → ACK →
    /// XDP → ACK → EOT → ACK. Returns the XDP's data.
    fn listing_exchange(
        &mut self,
        filter: u32,
        name: &[u8],
        doing: &str,
    ) -> Result<Vec<u8>, LinkError> {
        let header = VarHeader {
            size: filter << 24,
            var_type: VarType::RDIR,
            name: name.to_vec(),
            trailing: None,
        };
        self.send_packet(&packet::req(&header), doing)?;
        self.expect_ack_ok(doing)?;
        self.expect(Command::VAR, doing)?;
        self.send_ack()?;
        self.send_packet(&packet::cts(PC_MACHINE_ID), doing)?;
        self.expect_ack_ok(doing)?;
        let xdp = self.expect(Command::XDP, doing)?;
        self.send_ack()?;
        self.expect(Command::EOT, doing)?;
        self.send_ack()?;
        Ok(xdp.payload().to_vec())
    }

    /// The calculator's folders (Flash applications that old AMS versions list are left out).
    pub fn list_folders(&mut self) -> Result<Vec<VarName>, LinkError> {
        let data = self.listing_exchange(FILTER_FOLDERS, &[], "listing the folders")?;
        let entries = parse_listing(&data, self.model, |es| {
            es.iter()
                .all(|e| e.var_type == VarType::DIR || e.var_type == VarType::APPL)
        })?;
        Ok(entries
            .into_iter()
            .filter(|e| e.var_type == VarType::DIR)
            .map(|e| e.name)
            .collect())
    }

    /// The variables of one folder.
    pub fn list_folder(&mut self, folder: &VarName) -> Result<FolderListing, LinkError> {
        let doing = format!("listing the folder {folder}");
        let data = self.listing_exchange(FILTER_FOLDER, folder.as_bytes(), &doing)?;
        if data.len() == 4 {
            return Ok(FolderListing {
                folder: folder.clone(),
                entries: Vec::new(),
            });
        }
        let entries = parse_listing(&data, self.model, |es| {
            es.first()
                .is_some_and(|e| e.var_type == VarType::DIR && &e.name == folder)
        })?;
        Ok(FolderListing {
            folder: folder.clone(),
            entries: entries.into_iter().skip(1).collect(),
        })
    }

    /// Every folder with its variables.
    pub fn list(&mut self) -> Result<Vec<FolderListing>, LinkError> {
        let folders = self.list_folders()?;
        folders.iter().map(|f| self.list_folder(f)).collect()
    }

    /// The listing entry of `path`'s variable, or [`LinkError::NotFound`].
    pub fn find_variable(&mut self, path: &VarPath) -> Result<DirEntry, LinkError> {
        let folder = path
            .folder
            .clone()
            .unwrap_or_else(|| VarName::new("main").expect("legal"));
        let listing = self.list_folder(&folder)?;
        listing
            .find(&path.name)
            .cloned()
            .ok_or_else(|| LinkError::NotFound {
                path: format!("{folder}\\{}", path.name),
                detail: String::new(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::super::transfer::tests::{calc, hex};
    use super::*;
    use crate::ops::transcript::dissection;

    /// docs/link.md#sequences: the libticalcs2 dirlist against PedroM, TI-89, one folder `main`.
    #[test]
    fn lists_like_libticalcs2() {
        let mut c = calc(&[
            (">", "08 a2 06 00 00 00 00 1f 1a 00 39 00"),
            ("<", "98 56 00 00 98 06 0b 00 0e 00 00 0e 1a 04 6d 61 69 6e 03 e2 01"),
            (">", "08 56 00 00 08 09 00 00"),
            ("<", "98 56 00 00 98 15 12 00 00 00 00 00 6d 61 69 6e 00 68 6f 6d 1f 00 00 00 00 00 08 03"),
            (">", "08 56 00 00"),
            ("<", "98 92 00 00"),
            (">", "08 56 00 00"),
            (">", "08 a2 0a 00 00 00 00 1b 1a 04 6d 61 69 6e de 01"),
            ("<", "98 56 00 00 98 06 0b 00 0e 00 00 0e 1a 04 6d 61 69 6e 03 e2 01"),
            (">", "08 56 00 00 08 09 00 00"),
            ("<", "98 56 00 00 98 15 20 00 00 00 00 00 6d 61 69 6e 00 00 00 00 1f 00 00 00 00 00 70 72 6f 67 31 00 00 00 21 00 07 00 00 00 d5 03"),
            (">", "08 56 00 00"),
            ("<", "98 92 00 00"),
            (">", "08 56 00 00"),
        ]);
        let all = c.list().unwrap();
        assert!(c.cable().finished(), "{:?}", c.cable().remaining());
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].folder.to_string(), "main");
        assert_eq!(all[0].entries.len(), 1);
        let e = &all[0].entries[0];
        assert_eq!(
            (e.name.to_string(), e.var_type, e.size),
            ("prog1".into(), VarType::ASM, 7)
        );
        insta::assert_snapshot!(dissection(c.cable()));
    }

    #[test]
    fn detects_14_and_22_byte_entries() {
        let folder = VarName::new("main").unwrap();
        let mut d14 = hex("00 00 00 00 6d 61 69 6e 00 00 00 00 1f 00 02 00 00 00");
        d14.extend(hex(
            "61 00 00 00 00 00 00 00 00 00 05 00 00 00 62 00 00 00 00 00 00 00 0c 01 06 00 00 00",
        ));
        let mut d22 = hex("00 00 00 00");
        for e in d14[4..].chunks(14) {
            d22.extend_from_slice(e);
            d22.extend_from_slice(&[0; 8]);
        }
        for model in Model::ALL {
            for data in [&d14, &d22] {
                let es = parse_listing(data, model, |es| es[0].name == folder).unwrap();
                assert_eq!(es.len(), 3, "{model} {}", data.len());
                assert_eq!(es[2].name.to_string(), "b");
                assert_eq!(es[2].attribute, Attribute::Locked);
            }
        }
        assert!(parse_listing(&hex("00 00 00 00 01 02 03"), Model::Ti89, |_| true).is_err());
    }
}
