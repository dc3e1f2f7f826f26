//! The weights file (the format is in the module documentation of `eval::net`): writing,
//! reading with every field checked ([`NetFileError`] names the first that is wrong), and
//! the check that the nets fit their rules family.

use super::{Mlp, NetEvaluator, MAX_HIDDEN, NET_OUTPUTS};
use crate::base::variant::RulesFamily;
use crate::encode::Encoding;

/// The largest weight magnitude a weights file may hold. The trained nets' largest is below
/// 10; the bound keeps every sum of an evaluation far inside `f32`'s range (at most 256
/// inputs, each below 100, and 256 hidden units: sums below 10^11), so that no evaluation of
/// a net that reads can be infinite or NaN, whatever its weights.
pub const MAX_WEIGHT: f32 = 1.0e6;

/// The magic bytes that open a weights file.
pub const NET_MAGIC: [u8; 8] = *b"GAMMONNT";
/// The version of the weights file format this crate writes and reads.
pub const NET_FORMAT_VERSION: u32 = 1;

/// What a net of an [`NetEvaluator`] is used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NetRole {
    /// Every position (Long Nardy) or the positions with contact (backgammon).
    Contact,
    /// Backgammon races: no checker of either side can meet one of the other's.
    Race,
}

/// A weights file could not be read: what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetFileError {
    /// The file ended before a field.
    #[error("the weights file is truncated: it ended while reading {0}")]
    Truncated(&'static str),
    /// The first 8 bytes are not `GAMMONNT`.
    #[error("not a gammon weights file: the first 8 bytes are not the magic \"GAMMONNT\"")]
    BadMagic,
    /// A version this crate does not read.
    #[error("weights file format version {found} is not supported (this build reads version {NET_FORMAT_VERSION})")]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// The stored checksum does not match the bytes.
    #[error("the weights file is corrupt: its CRC-32 is {stored:#010x} but its bytes give {computed:#010x}")]
    Checksum {
        /// The checksum in the file.
        stored: u32,
        /// The checksum of the bytes read.
        computed: u32,
    },
    /// A header field holds a value out of range.
    #[error("bad {field} in the weights file: {detail}")]
    Field {
        /// The field.
        field: &'static str,
        /// What was wrong with it.
        detail: String,
    },
    /// Bytes after the checksum.
    #[error("the weights file has {0} bytes after its checksum")]
    TrailingBytes(usize),
    /// The nets do not fit the rules family.
    #[error("the weights file's nets do not fit {family}: {detail}")]
    Mismatch {
        /// The family named in the file.
        family: &'static str,
        /// What does not fit.
        detail: String,
    },
}

fn family_code(f: RulesFamily) -> u8 {
    match f {
        RulesFamily::Backgammon => 0,
        RulesFamily::LongNardy => 1,
    }
}

pub(super) fn family_name(f: RulesFamily) -> &'static str {
    match f {
        RulesFamily::Backgammon => "backgammon",
        RulesFamily::LongNardy => "long nardy",
    }
}

fn encoding_code(e: Encoding) -> u8 {
    match e {
        Encoding::TdGammon => 0,
        Encoding::Contact => 1,
        Encoding::Nardy => 2,
        Encoding::ContactPlus => 3,
        Encoding::ContactExt => 4,
        Encoding::ContactShape => 5,
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&[u8], NetFileError> {
        if self.bytes.len() - self.at < n {
            return Err(NetFileError::Truncated(what));
        }
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }
    fn u8(&mut self, what: &'static str) -> Result<u8, NetFileError> {
        Ok(self.take(1, what)?[0])
    }
    fn u32(&mut self, what: &'static str) -> Result<u32, NetFileError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn f32s(&mut self, out: &mut [f32], what: &'static str) -> Result<(), NetFileError> {
        let b = self.take(4 * out.len(), what)?;
        for (o, c) in out.iter_mut().zip(b.chunks_exact(4)) {
            *o = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            if !o.is_finite() {
                return Err(NetFileError::Field {
                    field: what,
                    detail: "a weight is not a finite number".into(),
                });
            }
            if o.abs() > MAX_WEIGHT {
                return Err(NetFileError::Field {
                    field: what,
                    detail: format!("a weight is {o:e}, beyond ±{MAX_WEIGHT:e}"),
                });
            }
        }
        Ok(())
    }
}

fn push_f32s(out: &mut Vec<u8>, xs: &[f32]) {
    for x in xs {
        out.extend_from_slice(&x.to_le_bytes());
    }
}

impl NetEvaluator {
    /// The weights file of these nets (see the module documentation for the format).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(&NET_MAGIC);
        out.extend_from_slice(&NET_FORMAT_VERSION.to_le_bytes());
        out.push(family_code(self.family));
        let nets: Vec<(u8, &Mlp)> = std::iter::once((0u8, &self.contact))
            .chain(self.race.as_ref().map(|r| (1u8, r)))
            .collect();
        out.push(nets.len() as u8);
        for (role, net) in nets {
            out.push(role);
            out.push(encoding_code(net.encoding));
            out.extend_from_slice(&(net.inputs() as u32).to_le_bytes());
            out.extend_from_slice(&(net.hidden as u32).to_le_bytes());
            out.extend_from_slice(&(NET_OUTPUTS as u32).to_le_bytes());
            push_f32s(&mut out, &net.w1);
            push_f32s(&mut out, &net.b1);
            push_f32s(&mut out, &net.w2);
            push_f32s(&mut out, &net.b2);
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads a weights file.
    ///
    /// # Errors
    /// [`NetFileError`] naming the first thing wrong: a short file, the magic, the version,
    /// the checksum, a header field out of range, nets that do not fit the family.
    pub fn from_bytes(bytes: &[u8]) -> Result<NetEvaluator, NetFileError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8, "the magic")? != NET_MAGIC {
            return Err(NetFileError::BadMagic);
        }
        let version = r.u32("the format version")?;
        if version != NET_FORMAT_VERSION {
            return Err(NetFileError::Version { found: version });
        }
        if bytes.len() < 4 + r.at {
            return Err(NetFileError::Truncated("the checksum"));
        }
        let body = bytes.len() - 4;
        let stored = u32::from_le_bytes([
            bytes[body],
            bytes[body + 1],
            bytes[body + 2],
            bytes[body + 3],
        ]);
        let computed = crc32fast::hash(&bytes[..body]);
        if stored != computed {
            return Err(NetFileError::Checksum { stored, computed });
        }
        let mut r = Reader {
            bytes: &bytes[..body],
            at: r.at,
        };
        let family = match r.u8("the rules family")? {
            0 => RulesFamily::Backgammon,
            1 => RulesFamily::LongNardy,
            f => {
                return Err(NetFileError::Field {
                    field: "rules family",
                    detail: format!("{f} (0 backgammon, 1 long nardy)"),
                })
            }
        };
        let count = r.u8("the number of nets")?;
        if !(1..=2).contains(&count) {
            return Err(NetFileError::Field {
                field: "number of nets",
                detail: format!("{count} (1 or 2)"),
            });
        }
        let mut contact = None;
        let mut race = None;
        for _ in 0..count {
            let role = match r.u8("a net's role")? {
                0 => NetRole::Contact,
                1 => NetRole::Race,
                x => {
                    return Err(NetFileError::Field {
                        field: "net role",
                        detail: format!("{x} (0 contact, 1 race)"),
                    })
                }
            };
            let encoding = match r.u8("a net's encoding")? {
                0 => Encoding::TdGammon,
                1 => Encoding::Contact,
                2 => Encoding::Nardy,
                3 => Encoding::ContactPlus,
                4 => Encoding::ContactExt,
                5 => Encoding::ContactShape,
                x => {
                    return Err(NetFileError::Field {
                        field: "encoding",
                        detail: format!(
                            "{x} (0 tdgammon, 1 contact, 2 nardy, 3 contact-plus, 4 contact-ext, 5 contact-shape)"
                        ),
                    })
                }
            };
            let inputs = r.u32("a net's inputs")? as usize;
            if inputs != encoding.units() {
                return Err(NetFileError::Field {
                    field: "inputs",
                    detail: format!(
                        "{inputs}, but the {} encoding has {} units",
                        encoding.name(),
                        encoding.units()
                    ),
                });
            }
            let hidden = r.u32("a net's hidden units")? as usize;
            if !(1..=MAX_HIDDEN).contains(&hidden) {
                return Err(NetFileError::Field {
                    field: "hidden units",
                    detail: format!("{hidden} (1 to {MAX_HIDDEN})"),
                });
            }
            let outputs = r.u32("a net's outputs")? as usize;
            if outputs != NET_OUTPUTS {
                return Err(NetFileError::Field {
                    field: "outputs",
                    detail: format!("{outputs} (must be {NET_OUTPUTS})"),
                });
            }
            let mut net = Mlp::zeros(encoding, hidden);
            r.f32s(&mut net.w1, "the first-layer weights")?;
            r.f32s(&mut net.b1, "the first-layer biases")?;
            r.f32s(&mut net.w2, "the second-layer weights")?;
            r.f32s(&mut net.b2, "the output biases")?;
            let slot = match role {
                NetRole::Contact => &mut contact,
                NetRole::Race => &mut race,
            };
            if slot.is_some() {
                return Err(NetFileError::Field {
                    field: "net role",
                    detail: "two nets with the same role".into(),
                });
            }
            *slot = Some(net);
        }
        if r.at != r.bytes.len() {
            return Err(NetFileError::TrailingBytes(r.bytes.len() - r.at));
        }
        let Some(contact) = contact else {
            return Err(NetFileError::Field {
                field: "net role",
                detail: "no contact net".into(),
            });
        };
        let ev = NetEvaluator {
            family,
            contact,
            race,
        };
        ev.check()?;
        Ok(ev)
    }

    /// Checks that the nets fit the family: backgammon nets read a backgammon encoding, a
    /// Long Nardy net the Nardy encoding and has no race net.
    ///
    /// # Errors
    /// [`NetFileError::Mismatch`] naming the misfit.
    pub fn check(&self) -> Result<(), NetFileError> {
        let variant = self.family.variant();
        let mismatch = |detail: String| NetFileError::Mismatch {
            family: family_name(self.family),
            detail,
        };
        for net in std::iter::once(&self.contact).chain(self.race.as_ref()) {
            if !net.encoding.supports(variant) {
                return Err(mismatch(format!(
                    "the {} encoding is not defined for it",
                    net.encoding.name()
                )));
            }
        }
        if self.family == RulesFamily::LongNardy && self.race.is_some() {
            return Err(mismatch("Long Nardy has no race net".into()));
        }
        Ok(())
    }
}
