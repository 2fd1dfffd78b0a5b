//! Sending and receiving variables, silent mode (tilibs `calc_9x.cc` send_var / recv_var;
//! docs/link.md#sequences).
//!
//! Send: RTS → ACK, CTS (or SKP: refused) → ACK, XDP → ACK, EOT → ACK.
//! Receive: REQ → ACK (non-zero status: missing) → VAR → ACK, CTS → ACK → XDP → ACK → EOT →
//! ACK. PedroM acknowledges a request for a missing variable and then says nothing: the
//! timeout that follows is reported as "not found (or the calculator did not answer)".

use super::{is_timeout, Calculator, LinkError};
use crate::cable::Cable;
use crate::packet::{self, Command, VarHeader, PC_MACHINE_ID};
use ti_files::{Attribute, VarPath, VarType, Variable};

impl<C: Cable> Calculator<C> {
    /// Sends a variable to the calculator (silent mode: it overwrites an unlocked variable of
    /// that name without asking). The variable goes to its folder, or to the calculator's
    /// current folder if it has none. A locked or archived variable is sent with type 0x26 or
    /// 0x27, as libticalcs2 does, so that the calculator locks or archives it.
    pub fn send_variable(&mut self, var: &Variable) -> Result<(), LinkError> {
        var.check()?;
        let path = var.path();
        let what = path.to_string();
        let image = var.image();
        // The XDP carries 4 zero bytes and the image.
        let max = packet::MAX_DATA_LEN - 4;
        if image.len() > max {
            return Err(LinkError::TooLargeToSend {
                path: what,
                len: image.len(),
                max,
            });
        }
        // libticalcs2 `send_var` conveys the attribute in the type: 0x26 locked, 0x27 archived.
        let wire_type = match var.attribute {
            Attribute::Locked => VarType(0x26),
            a if a.is_archived() => VarType(0x27),
            _ => var.var_type,
        };
        let header = VarHeader::new(image.len() as u32, wire_type, &path, Some(0));
        self.send_packet(&packet::rts(&header), &what)?;
        let doing = format!("sending {what}");
        self.expect_ack_ok(&doing)?;
        self.expect(Command::CTS, &doing)?;
        self.send_ack()?;
        let mut data = vec![0u8; 4];
        data.extend_from_slice(&image);
        self.send_packet(&packet::xdp(PC_MACHINE_ID, data), &what)?;
        // libticalcs2 reads this ACK's status without judging it.
        self.expect_ack(&doing)?;
        self.send_packet(&packet::eot(PC_MACHINE_ID), &what)?;
        self.expect_ack_ok(&doing)?;
        Ok(())
    }

    /// Sends several variables, one exchange each.
    pub fn send_variables(&mut self, vars: &[Variable]) -> Result<(), LinkError> {
        vars.iter().try_for_each(|v| self.send_variable(v))
    }

    /// Receives the variable at `path`, requesting it as `var_type`. The returned variable's
    /// type is the requested one when its data fits it; otherwise the type its data's tag
    /// names (PedroM's VAR replies give type 0x21 for a string: docs/link.md#sequences).
    pub fn recv_variable(
        &mut self,
        path: &VarPath,
        var_type: VarType,
    ) -> Result<Variable, LinkError> {
        let what = path.to_string();
        let doing = format!("requesting {what}");
        let header = VarHeader::new(0, var_type, path, None);
        self.send_packet(&packet::req(&header), &what)?;
        let status = self.expect_ack(&doing)?;
        if status != 0 {
            return Err(LinkError::NotFound {
                path: what,
                detail: format!(" (the calculator answered status {status:#06x})"),
            });
        }
        let reply = match self.expect(Command::VAR, &doing) {
            Ok(p) => p,
            Err(e) if is_timeout(&e) => {
                return Err(LinkError::NotFound {
                    path: what,
                    detail: " (or the calculator did not answer: it acknowledged the request and then sent nothing)".into(),
                })
            }
            Err(LinkError::Rejected { code, reason, .. }) => {
                return Err(LinkError::NotFound {
                    path: what,
                    detail: format!(" (the calculator refused the request: {reason}, code {code:#04x})"),
                })
            }
            Err(e) => return Err(e),
        };
        let var_header = VarHeader::decode(reply.payload())
            .ok_or_else(|| LinkError::Malformed(format!("VAR header of {what}: {reply}")))?;
        self.send_ack()?;
        self.send_packet(&packet::cts(PC_MACHINE_ID), &what)?;
        self.expect_ack_ok(&doing)?;
        let xdp = self.expect(Command::XDP, &doing)?;
        self.send_ack()?;
        self.expect(Command::EOT, &doing)?;
        self.send_ack()?;
        self.pause(self.delays.after_recv);

        let payload = xdp.payload();
        let image = payload
            .get(4..)
            .filter(|_| payload[..4] == [0, 0, 0, 0])
            .ok_or_else(|| {
                LinkError::Malformed(format!(
                    "data packet of {what} does not start with 4 zero bytes"
                ))
            })?;
        if image.len() < 2 || u16::from_be_bytes([image[0], image[1]]) as usize != image.len() - 2 {
            return Err(LinkError::Malformed(format!(
                "data of {what}: the size word disagrees with the {} bytes received",
                image.len()
            )));
        }
        if var_header.size as usize != image.len() {
            return Err(LinkError::Malformed(format!(
                "{what}: the VAR header announced {} bytes, the data packet holds {}",
                var_header.size,
                image.len()
            )));
        }
        let data = image[2..].to_vec();
        let tag = data.last().copied().unwrap_or(0);
        let final_type = if var_type.accepts_tag(tag) && !data.is_empty() {
            var_type
        } else if var_header.var_type.accepts_tag(tag) && !data.is_empty() {
            var_header.var_type
        } else {
            VarType::from_tag(tag)
        };
        Ok(Variable::from_data(path.clone(), final_type, data)?)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::cable::fake::{FakeCable, Step};
    use crate::ops::transcript::dissection;
    use crate::ops::{Calculator, Delays, LinkError};
    use ti_files::{Model, Value, VarPath, VarType, Variable};

    pub(crate) fn hex(s: &str) -> Vec<u8> {
        s.split_whitespace()
            .map(|b| u8::from_str_radix(b, 16).unwrap())
            .collect()
    }

    pub(crate) fn calc(script: &[(&str, &str)]) -> Calculator<FakeCable> {
        let steps = script
            .iter()
            .map(|&(dir, bytes)| match dir {
                ">" => Step::Expect(hex(bytes)),
                _ => Step::Reply(hex(bytes)),
            })
            .collect();
        let mut c = Calculator::new(FakeCable::new(steps), Model::Ti89);
        c.delays = Delays::NONE;
        c
    }

    /// docs/link.md#sequences: send string main\str1 = "hello", exact libticalcs2 bytes.
    #[test]
    fn send_string_like_libticalcs2() {
        let mut c = calc(&[
            (
                ">",
                "08 c9 10 00 0a 00 00 00 0c 09 6d 61 69 6e 5c 73 74 72 31 00 aa 03",
            ),
            ("<", "98 56 00 00 98 09 00 00"),
            (">", "08 56 00 00"),
            (
                ">",
                "08 15 0e 00 00 00 00 00 00 08 00 68 65 6c 6c 6f 00 2d 49 02",
            ),
            ("<", "98 56 00 00"),
            (">", "08 92 00 00"),
            ("<", "98 56 00 00"),
        ]);
        let v = Variable::new(
            VarPath::parse("main\\str1").unwrap(),
            &Value::Str("hello".into()),
        )
        .unwrap();
        c.send_variable(&v).unwrap();
        assert!(c.cable().finished());
        insta::assert_snapshot!(dissection(c.cable()));
    }

    /// docs/link.md#sequences: send ASM main\prog1 = rts.
    #[test]
    fn send_asm_like_libticalcs2() {
        let mut c = calc(&[
            (
                ">",
                "08 c9 11 00 07 00 00 00 21 0a 6d 61 69 6e 5c 70 72 6f 67 31 00 1c 04",
            ),
            ("<", "98 56 00 00 98 09 00 00"),
            (
                ">",
                "08 56 00 00 08 15 0b 00 00 00 00 00 00 05 4e 75 00 00 f3 bb 01",
            ),
            ("<", "98 56 00 00"),
            (">", "08 92 00 00"),
            ("<", "98 56 00 00"),
        ]);
        let v = Variable::asm_program(
            VarPath::parse("main\\prog1").unwrap(),
            vec![0x4E, 0x75, 0, 0, 0xF3],
        )
        .unwrap();
        c.send_variable(&v).unwrap();
        assert!(c.cable().finished());
        insta::assert_snapshot!(dissection(c.cable()));
    }

    /// A non-zero ACK status where libticalcs2 requires 0 stops the exchange.
    #[test]
    fn a_negative_acknowledgement_is_an_error() {
        let mut c = calc(&[
            (
                ">",
                "08 c9 0f 00 06 00 00 00 0c 08 6d 61 69 6e 5c 6e 6f 6d 00 65 03",
            ),
            ("<", "98 56 01 00"),
        ]);
        let v = Variable::new(
            VarPath::parse("main\\nom").unwrap(),
            &Value::Str("N".into()),
        )
        .unwrap();
        let e = c.send_variable(&v).unwrap_err();
        assert!(matches!(e, LinkError::Nack { status: 1, .. }), "{e}");
        assert_eq!(
            e.to_string(),
            "the calculator refused while sending main\\nom: it acknowledged with status 0x0001 instead of 0"
        );
    }

    /// A variable whose image does not fit in one XDP is refused before anything is sent.
    #[test]
    fn a_variable_too_large_for_a_packet_is_refused_before_sending() {
        let mut c = calc(&[]);
        let v = Variable::from_data(
            VarPath::parse("main\\big").unwrap(),
            VarType::OTH,
            vec![0xF8; 65_530],
        )
        .unwrap();
        let e = c.send_variable(&v).unwrap_err();
        assert_eq!(
            e.to_string(),
            "main\\big: its image of 65532 bytes does not fit in one data packet (at most 65531 bytes); AMS itself refuses variables that large"
        );
        assert!(c.cable().transcript().is_empty());
    }

    #[test]
    fn a_refused_send_says_why() {
        let mut c = calc(&[
            (
                ">",
                "08 c9 0f 00 06 00 00 00 0c 08 6d 61 69 6e 5c 6e 6f 6d 00 65 03",
            ),
            ("<", "98 56 00 00 98 36 05 00 05 00 1e 00 00 23 00"),
        ]);
        let v = Variable::new(
            VarPath::parse("main\\nom").unwrap(),
            &Value::Str("N".into()),
        )
        .unwrap();
        let e = c.send_variable(&v).unwrap_err();
        assert!(matches!(e, LinkError::Rejected { code: 0x1E, .. }), "{e}");
        assert!(e.to_string().contains("cannot overwrite"), "{e}");
    }

    /// docs/link.md#sequences: request main\str1 from PedroM (which says type 0x21 in its VAR).
    #[test]
    fn recv_string_from_pedrom() {
        let mut c = calc(&[
            (
                ">",
                "08 a2 0f 00 00 00 00 00 0c 09 6d 61 69 6e 5c 73 74 72 31 a0 03",
            ),
            (
                "<",
                "98 56 00 00 98 06 0f 00 0a 00 00 00 21 09 6d 61 69 6e 5c 73 74 72 31 bf 03",
            ),
            (">", "08 56 00 00 08 09 00 00"),
            (
                "<",
                "98 56 00 00 98 15 0e 00 00 00 00 00 00 08 00 68 65 6c 6c 6f 00 2d 49 02",
            ),
            (">", "08 56 00 00"),
            ("<", "98 92 00 00"),
            (">", "08 56 00 00"),
        ]);
        let v = c
            .recv_variable(&VarPath::parse("main\\str1").unwrap(), VarType::STR)
            .unwrap();
        assert_eq!(v.var_type, VarType::STR);
        assert_eq!(v.value(), Value::Str("hello".into()));
        assert!(c.cable().finished());
        insta::assert_snapshot!(dissection(c.cable()));
    }

    #[test]
    fn a_missing_variable_is_reported() {
        // PedroM: ACK, then silence.
        let mut c = calc(&[
            (
                ">",
                "08 a2 12 00 00 00 00 00 0c 0c 6d 61 69 6e 5c 6e 6f 74 68 65 72 65 0e 05",
            ),
            ("<", "98 56 00 00"),
        ]);
        let e = c
            .recv_variable(&VarPath::parse("main\\nothere").unwrap(), VarType::STR)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "variable main\\nothere not found on the calculator (or the calculator did not answer: it acknowledged the request and then sent nothing)"
        );
        // A scripted calculator that answers SKP.
        let mut c = calc(&[
            (
                ">",
                "08 a2 12 00 00 00 00 00 0c 0c 6d 61 69 6e 5c 6e 6f 74 68 65 72 65 0e 05",
            ),
            ("<", "98 56 00 00 98 36 03 00 01 00 00 01 00"),
        ]);
        let e = c
            .recv_variable(&VarPath::parse("main\\nothere").unwrap(), VarType::STR)
            .unwrap_err();
        assert!(matches!(e, LinkError::NotFound { .. }), "{e}");
    }

    /// A calculator asked for main\x = 7 whose XDP arrives damaged; after our ERR it sends
    /// `resent`, then the script goes on with `rest`.
    fn damaged_xdp_then(resent: &str, rest: &[(&str, &str)]) -> Calculator<FakeCable> {
        let req = crate::packet::req(&crate::packet::VarHeader::new(
            0,
            VarType::EXPR,
            &VarPath::parse("main\\x").unwrap(),
            None,
        ))
        .encode()
        .unwrap();
        let req_hex: String = req.iter().map(|b| format!("{b:02x} ")).collect();
        let mut script = vec![
            (">", req_hex.as_str()),
            ("<", "98 56 00 00 98 06 08 00 05 00 00 00 00 01 78 00 7e 00"),
            (">", "08 56 00 00 08 09 00 00"),
            (
                "<",
                "98 56 00 00 98 15 09 00 00 00 00 00 00 03 07 01 1f 00 00",
            ),
            (">", "08 5a 00 00"),
            ("<", resent),
        ];
        script.extend_from_slice(rest);
        calc(&script)
    }

    #[test]
    fn checksum_errors_are_retried_once() {
        // The calculator's XDP arrives damaged, we send ERR, it comes again intact.
        let mut c = damaged_xdp_then(
            "98 15 09 00 00 00 00 00 00 03 07 01 1f 2a 00",
            &[
                (">", "08 56 00 00"),
                ("<", "98 92 00 00"),
                (">", "08 56 00 00"),
            ],
        );
        let v = c
            .recv_variable(&VarPath::parse("main\\x").unwrap(), VarType::EXPR)
            .unwrap();
        assert_eq!(v.value(), Value::Integer(7.into()));
        assert!(c.cable().finished(), "{:?}", c.cable().remaining());
    }

    /// A packet damaged again after our ERR is an error naming both sums.
    #[test]
    fn a_checksum_error_twice_is_reported() {
        let mut c = damaged_xdp_then("98 15 09 00 00 00 00 00 00 03 07 01 1f 2b 00", &[]);
        let e = c
            .recv_variable(&VarPath::parse("main\\x").unwrap(), VarType::EXPR)
            .unwrap_err();
        assert!(c.cable().finished(), "{:?}", c.cable().remaining());
        assert_eq!(
            e.to_string(),
            "bad packet from the calculator: bad checksum in a XDP packet: stored 0x002b, data sums to 0x002a"
        );
    }

    #[test]
    fn a_wrong_model_is_named() {
        let mut c = calc(&[(">", "08 68 00 00"), ("<", "88 56 00 00")]);
        let e = c.ready().unwrap_err();
        assert!(e.to_string().contains("TI-92 Plus or Voyage 200"), "{e}");
        let mut c = calc(&[(">", "08 68 00 00"), ("<", "98 56 00 01")]);
        assert!(matches!(c.ready(), Err(LinkError::Busy { status: 0x0100 })));
        let mut c = calc(&[(">", "08 68 00 00"), ("<", "98 56 01 10")]);
        c.ready().unwrap();
    }
}
