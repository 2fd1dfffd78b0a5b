//! Variables and FLASH applications on the Titanium, as libticalcs2's `calc_89t.cc` moves them
//! (`send_var`, `recv_var`, `del_var`, `send_flash`, `recv_flash`; docs/link.md#dusb-sequences).
//!
//! The size of a request to send and the bytes of the variable contents are the variable's
//! image **with** its BE size word, as in files (libticalcs2's `VarEntry` size and data), and
//! without the 4 zero bytes a DBUS data packet adds.

use super::Titanium;
use crate::cable::Cable;
use crate::ops::LinkError;
use crate::packet::dusb::command::RTS_SILENT;
use crate::packet::dusb::fields::{aid, find, type_value, Attr};
use crate::packet::dusb::{Command, VirtualType};
use ti_files::{Attribute, FlashBlock, FlashDataType, Model, VarPath, VarType, Variable};

/// The attributes a variable request asks back (libticalcs2 `recv_var`).
const RECV_ATTRS: [u16; 3] = [aid::ARCHIVED, aid::VAR_VERSION, aid::LOCKED];

/// The buffer size libticalcs2 renegotiates before the contents of a variable of odd size: a
/// tenth of the size, rounded down to even, at least 0x3A ("TI-Connect always uses 0x3A").
pub fn odd_size_buffer(size: usize) -> u32 {
    (((size / 10) as u32) & !1).max(0x3A)
}

fn folder_bytes(path: &VarPath) -> Vec<u8> {
    path.folder
        .as_ref()
        .map(|f| f.as_bytes().to_vec())
        .unwrap_or_default()
}

impl<C: Cable> Titanium<C> {
    /// Sends a variable (silent mode: an unlocked variable of that name is overwritten). A
    /// variable of even size gets a ready check first; one of odd size a smaller buffer after
    /// its request to send, as libticalcs2 does.
    pub fn send_variable(&mut self, var: &Variable) -> Result<(), LinkError> {
        var.check()?;
        let path = var.path();
        let what = path.to_string();
        let image = var.image();
        if image.len() % 2 == 0 {
            self.ready()?;
        }
        let attrs = vec![
            Attr::new(aid::VAR_TYPE, type_value(var.var_type.0)),
            Attr::new(aid::ARCHIVED, vec![u8::from(var.attribute.is_archived())]),
            Attr::new(aid::VAR_VERSION, vec![0; 4]),
            Attr::new(
                aid::LOCKED,
                vec![u8::from(var.attribute == Attribute::Locked)],
            ),
        ];
        let rts = Command::Rts {
            folder: folder_bytes(&path),
            name: path.name.as_bytes().to_vec(),
            size: image.len() as u32,
            mode: RTS_SILENT,
            attrs,
        };
        let doing = format!("sending {what}");
        self.command_acked(&rts, &doing)?;
        if image.len() % 2 == 1 {
            self.negotiate(odd_size_buffer(image.len()))?;
        }
        self.send_virtual(&Command::VarContent(image).encode(), &what)?;
        self.expect(VirtualType::DATA_ACK, &doing)?;
        self.send_virtual(&Command::Eot.encode(), &what)?;
        self.pause(self.delays.after_send);
        Ok(())
    }

    /// Receives the variable at `path` of type `var_type` (a variable request, then its header
    /// and its contents).
    pub fn recv_variable(
        &mut self,
        path: &VarPath,
        var_type: VarType,
    ) -> Result<Variable, LinkError> {
        let what = path.to_string();
        let doing = format!("requesting {what}");
        let req = Command::VarRequest {
            folder: folder_bytes(path),
            name: path.name.as_bytes().to_vec(),
            wanted: RECV_ATTRS.to_vec(),
            attrs: vec![Attr::new(aid::VAR_TYPE2, type_value(var_type.0))],
        };
        self.send_virtual(&req.encode(), &what)?;
        let header = match self.expect_one_of(&[VirtualType::VAR_HEADER, VirtualType::EOT], &doing)
        {
            Ok(v) if v.vtype == VirtualType::EOT => {
                return Err(LinkError::NotFound {
                    path: what,
                    detail: " (the calculator ended the transmission instead of sending it)".into(),
                })
            }
            Ok(v) => v,
            Err(LinkError::CalculatorError { code, .. }) => {
                return Err(LinkError::NotFound {
                    path: what,
                    detail: format!(" (the calculator answered error {code:#06x})"),
                })
            }
            Err(e) => return Err(e),
        };
        let Command::VarHeader { fields, .. } = Command::decode(&header)? else {
            unreachable!("decode keeps the type")
        };
        let contents = self.expect(VirtualType::VAR_CONTENT, &doing)?;
        let image = contents.data;
        if image.len() < 2 || u16::from_be_bytes([image[0], image[1]]) as usize != image.len() - 2 {
            return Err(LinkError::Malformed(format!(
                "contents of {what}: the size word disagrees with the {} bytes received",
                image.len()
            )));
        }
        let flag = |id| find(&fields, id).is_some_and(|v| v.first().is_some_and(|&b| b != 0));
        let mut var = Variable::from_data(path.clone(), var_type, image[2..].to_vec())?;
        var.attribute = if flag(aid::ARCHIVED) {
            Attribute::Archived
        } else if flag(aid::LOCKED) {
            Attribute::Locked
        } else {
            Attribute::None
        };
        Ok(var)
    }

    /// Deletes the variable at `path` of type `var_type` (a modification with no destination).
    pub fn delete_variable(&mut self, path: &VarPath, var_type: VarType) -> Result<(), LinkError> {
        let c = Command::ModifyVar {
            folder: folder_bytes(path),
            name: path.name.as_bytes().to_vec(),
            attrs: vec![Attr::new(aid::VAR_TYPE2, type_value(var_type.0))],
            new_folder: Vec::new(),
            new_name: Vec::new(),
            new_attrs: Vec::new(),
        };
        self.command_acked(&c, &format!("deleting {path}"))
    }

    /// Sends a FLASH application (its data in one variable contents packet, version attribute
    /// 1, no folder), as libticalcs2's `send_flash` does for every block but a licence.
    pub fn send_app(&mut self, app: &FlashBlock) -> Result<(), LinkError> {
        if app.data_type != FlashDataType::App {
            return Err(LinkError::Unsupported {
                what: format!("sending the {:?} block {}", app.data_type, app.name),
                why:
                    "as an application: only FLASH applications are sent this way (no OS upgrades)"
                        .into(),
            });
        }
        let what = app.name.clone();
        let name = ti_files::charset::encode(&app.name)
            .map_err(|e| LinkError::Malformed(e.to_string()))?;
        let rts = Command::Rts {
            folder: Vec::new(),
            name,
            size: app.data.len() as u32,
            mode: RTS_SILENT,
            attrs: vec![
                Attr::new(aid::VAR_TYPE, type_value(VarType::APPL.0)),
                Attr::new(aid::ARCHIVED, vec![0]),
                Attr::new(aid::VAR_VERSION, vec![0, 0, 0, 1]),
                Attr::new(aid::LOCKED, vec![0]),
            ],
        };
        let doing = format!("sending the application {what}");
        self.command_acked(&rts, &doing)?;
        self.send_virtual(&Command::VarContent(app.data.clone()).encode(), &what)?;
        self.expect(VirtualType::DATA_ACK, &doing)?;
        self.send_virtual(&Command::Eot.encode(), &what)?;
        Ok(())
    }

    /// Receives the FLASH application `name` as a FLASH block of a TI-89 file.
    pub fn recv_app(&mut self, name: &str) -> Result<FlashBlock, LinkError> {
        let doing = format!("requesting the application {name}");
        let req = Command::VarRequest {
            folder: Vec::new(),
            name: ti_files::charset::encode(name)
                .map_err(|e| LinkError::Malformed(e.to_string()))?,
            wanted: RECV_ATTRS.to_vec(),
            attrs: vec![Attr::new(aid::VAR_TYPE2, type_value(VarType::APPL.0))],
        };
        self.send_virtual(&req.encode(), name)?;
        self.expect(VirtualType::VAR_HEADER, &doing)?;
        let contents = self.expect(VirtualType::VAR_CONTENT, &doing)?;
        Ok(FlashBlock::new(
            name,
            Model::Ti89.flash_device_type(),
            FlashDataType::App,
            contents.data,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `calc_89t.cc` `send_var`: size / 10, rounded down to even, at least 0x3A.
    #[test]
    fn odd_sizes_renegotiate_like_libticalcs2() {
        assert_eq!(odd_size_buffer(7), 0x3A);
        assert_eq!(odd_size_buffer(579), 0x3A);
        assert_eq!(odd_size_buffer(601), 60);
        assert_eq!(odd_size_buffer(1011), 100);
        assert_eq!(odd_size_buffer(20001), 2000);
    }
}
