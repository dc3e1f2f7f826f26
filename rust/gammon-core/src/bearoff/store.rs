//! The tables on disk: a compact, versioned file per table with a checksum, written
//! atomically, read back only when every check passes (otherwise rebuilt).
//!
//! Layout (little endian): a 40-byte header — the magic `GAMMONBO`, the format version, the
//! kind (1 one-sided, 2 two-sided), the points, the checkers, the payload length (u64), the
//! payload's CRC-32, a reserved zero — then the payload:
//! - one-sided: the expected rolls (f32 per board), then for each distribution (all off,
//!   first off) the first roll count with a non-zero term (u8 per board), the offsets of the
//!   boards' terms (u32, boards + 1) and the terms (f32);
//! - two-sided: the win probabilities (u16 fractions of 65,535, mover-major).
//!
//! Files are written to a temporary name in the same directory, flushed to disk and renamed
//! over the final name, so a reader sees a whole file or none, and two processes building at
//! once each write a whole file (the last rename wins).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::index::Indexer;
use super::one_sided::{Dist, OneSided};
use super::two_sided::TwoSided;

/// The version of the file format (and of the tables' meaning); files of other versions are
/// rebuilt.
pub const FORMAT_VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"GAMMONBO";
const HEADER: usize = 40;

/// Which table a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// [`OneSided`].
    OneSided = 1,
    /// [`TwoSided`].
    TwoSided = 2,
}

/// The directory the tables are cached in: `$GAMMON_CACHE_DIR` when set, else the platform's
/// user cache directory (`$XDG_CACHE_HOME` or `~/.cache` on Linux and other Unix systems,
/// `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows) followed by `gammon`. `None`
/// when none can be found (the tables are then built in memory only).
#[must_use]
pub fn cache_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(d) = env("GAMMON_CACHE_DIR") {
        return Some(d);
    }
    let base = if cfg!(windows) {
        env("LOCALAPPDATA")
    } else if cfg!(target_os = "macos") {
        env("HOME").map(|h| h.join("Library").join("Caches"))
    } else {
        env("XDG_CACHE_HOME").or_else(|| env("HOME").map(|h| h.join(".cache")))
    };
    base.map(|b| b.join("gammon"))
}

/// The file name of a table: `bearoff-os-6x15-v1.bin`, `bearoff-ts-6x8-v1.bin`.
#[must_use]
pub fn file_name(kind: Kind, points: usize, checkers: usize) -> String {
    let k = match kind {
        Kind::OneSided => "os",
        Kind::TwoSided => "ts",
    };
    format!("bearoff-{k}-{points}x{checkers}-v{FORMAT_VERSION}.bin")
}

/// Why a file was not used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileProblem {
    /// No file.
    #[error("no file")]
    Missing,
    /// The file could not be read.
    #[error("unreadable: {0}")]
    Unreadable(String),
    /// The file is shorter or longer than its header says, or shorter than a header.
    #[error("truncated or padded: {0} bytes")]
    Length(u64),
    /// Not a gammon bear-off file, or another version, kind or size.
    #[error("wrong header (not this version, kind and size)")]
    Header,
    /// The payload does not match its checksum.
    #[error("checksum mismatch")]
    Checksum,
    /// The payload passed its checksum but does not decode (a bug or a forged file).
    #[error("malformed payload")]
    Payload,
}

fn header(kind: Kind, points: usize, checkers: usize, payload: &[u8]) -> [u8; HEADER] {
    let mut h = [0u8; HEADER];
    h[..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    h[12..16].copy_from_slice(&(kind as u32).to_le_bytes());
    h[16..20].copy_from_slice(&(points as u32).to_le_bytes());
    h[20..24].copy_from_slice(&(checkers as u32).to_le_bytes());
    h[24..32].copy_from_slice(&(payload.len() as u64).to_le_bytes());
    h[32..36].copy_from_slice(&crc32fast::hash(payload).to_le_bytes());
    h
}

/// The whole file for a payload.
fn file_bytes(kind: Kind, points: usize, checkers: usize, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(&header(kind, points, checkers, payload));
    out.extend_from_slice(payload);
    out
}

/// Checks a whole file and returns its payload.
fn payload(bytes: &[u8], kind: Kind, points: usize, checkers: usize) -> Result<&[u8], FileProblem> {
    if bytes.len() < HEADER {
        return Err(FileProblem::Length(bytes.len() as u64));
    }
    let (h, body) = bytes.split_at(HEADER);
    let u32_at = |i: usize| u32::from_le_bytes([h[i], h[i + 1], h[i + 2], h[i + 3]]);
    if &h[..8] != MAGIC
        || u32_at(8) != FORMAT_VERSION
        || u32_at(12) != kind as u32
        || u32_at(16) as usize != points
        || u32_at(20) as usize != checkers
    {
        return Err(FileProblem::Header);
    }
    let mut len = [0u8; 8];
    len.copy_from_slice(&h[24..32]);
    if u64::from_le_bytes(len) != body.len() as u64 {
        return Err(FileProblem::Length(bytes.len() as u64));
    }
    if crc32fast::hash(body) != u32_at(32) {
        return Err(FileProblem::Checksum);
    }
    Ok(body)
}

/// Reads little-endian values from a payload, failing softly at its end.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        if n > self.bytes.len() {
            return None;
        }
        let (a, b) = self.bytes.split_at(n);
        self.bytes = b;
        Some(a)
    }
    fn f32s(&mut self, n: usize) -> Option<Vec<f32>> {
        let b = self.take(n.checked_mul(4)?)?;
        Some(
            b.chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        )
    }
    fn u32s(&mut self, n: usize) -> Option<Vec<u32>> {
        let b = self.take(n.checked_mul(4)?)?;
        Some(
            b.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        )
    }
}

fn encode_dist(d: &Dist, out: &mut Vec<u8>) {
    out.extend_from_slice(&d.start);
    for o in &d.offset {
        out.extend_from_slice(&o.to_le_bytes());
    }
    for p in &d.prob {
        out.extend_from_slice(&p.to_le_bytes());
    }
}

fn decode_dist(r: &mut Reader<'_>, n: usize) -> Option<Dist> {
    let start = r.take(n)?.to_vec();
    let offset = r.u32s(n + 1)?;
    if offset[0] != 0 || offset.windows(2).any(|w| w[0] > w[1]) {
        return None;
    }
    let prob = r.f32s(offset[n] as usize)?;
    Some(Dist::new(start, offset, prob))
}

/// The one-sided table as a file.
#[must_use]
pub fn encode_one_sided(t: &OneSided) -> Vec<u8> {
    let mut p = Vec::new();
    for m in &t.mean {
        p.extend_from_slice(&m.to_le_bytes());
    }
    encode_dist(&t.off, &mut p);
    encode_dist(&t.first, &mut p);
    file_bytes(Kind::OneSided, t.points(), t.checkers(), &p)
}

/// Reads a one-sided table file of the given size.
///
/// # Errors
/// [`FileProblem`] when any check fails.
pub fn decode_one_sided(
    bytes: &[u8],
    points: usize,
    checkers: usize,
) -> Result<OneSided, FileProblem> {
    let body = payload(bytes, Kind::OneSided, points, checkers)?;
    let indexer = Indexer::new(points, checkers);
    let n = indexer.len();
    let mut r = Reader { bytes: body };
    let decoded = (|| {
        let mean = r.f32s(n)?;
        let off = decode_dist(&mut r, n)?;
        let first = decode_dist(&mut r, n)?;
        r.bytes.is_empty().then_some((mean, off, first))
    })();
    let (mean, off, first) = decoded.ok_or(FileProblem::Payload)?;
    Ok(OneSided {
        indexer,
        mean,
        off,
        first,
    })
}

/// The two-sided table as a file.
#[must_use]
pub fn encode_two_sided(t: &TwoSided) -> Vec<u8> {
    let mut p = Vec::with_capacity(t.win.len() * 2);
    for w in &t.win {
        p.extend_from_slice(&w.to_le_bytes());
    }
    file_bytes(Kind::TwoSided, 6, t.checkers(), &p)
}

/// Reads a two-sided table file of the given size.
///
/// # Errors
/// [`FileProblem`] when any check fails.
pub fn decode_two_sided(bytes: &[u8], checkers: usize) -> Result<TwoSided, FileProblem> {
    let body = payload(bytes, Kind::TwoSided, 6, checkers)?;
    let indexer = Indexer::new(6, checkers);
    let n = indexer.len();
    if body.len() != n * n * 2 {
        return Err(FileProblem::Payload);
    }
    let win = body
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    Ok(TwoSided { indexer, win })
}

/// Writes `bytes` to `path` atomically: a temporary file in the same directory (named after
/// this process and a counter), flushed to disk, then renamed over `path`. Creates the
/// directory if needed.
///
/// # Errors
/// Any I/O error (the temporary file is removed).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map_or_else(|| "bearoff".into(), |n| n.to_string_lossy().into_owned());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let tmp = dir.join(format!(
        ".{name}.{}.{}.{nanos}.tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)?;
        // Make the rename itself durable where directories can be opened (Unix).
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// How a table was obtained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read from its file, every check passed.
    Loaded,
    /// Built, because the file was missing or failed a check (the reason).
    Built(FileProblem),
}

/// A table with where it came from and where it lives.
#[derive(Clone, Debug)]
pub struct Stored<T> {
    /// The table.
    pub table: T,
    /// Its file (`None` when there is no cache directory).
    pub path: Option<PathBuf>,
    /// How it was obtained.
    pub origin: Origin,
    /// The file's size in bytes.
    pub bytes: u64,
    /// Why the built table could not be written, if it could not (it is used anyway).
    pub write_error: Option<String>,
    /// Seconds spent building (0 when loaded).
    pub build_seconds: f64,
}

/// Loads a table from `dir`, or builds it (and writes it there) when the file is missing or
/// fails a check.
fn load_or_build<T>(
    dir: Option<&Path>,
    name: &str,
    decode: impl Fn(&[u8]) -> Result<T, FileProblem>,
    build: impl FnOnce() -> T,
    encode: impl Fn(&T) -> Vec<u8>,
) -> Stored<T> {
    let path = dir.map(|d| d.join(name));
    let problem = match &path {
        None => FileProblem::Missing,
        Some(p) => match fs::read(p) {
            Ok(bytes) => match decode(&bytes) {
                Ok(table) => {
                    return Stored {
                        table,
                        path,
                        origin: Origin::Loaded,
                        bytes: bytes.len() as u64,
                        write_error: None,
                        build_seconds: 0.0,
                    }
                }
                Err(e) => e,
            },
            Err(e) if e.kind() == io::ErrorKind::NotFound => FileProblem::Missing,
            Err(e) => FileProblem::Unreadable(e.to_string()),
        },
    };
    let t0 = std::time::Instant::now();
    let table = build();
    let build_seconds = t0.elapsed().as_secs_f64();
    let bytes = encode(&table);
    let write_error = path
        .as_ref()
        .and_then(|p| write_atomic(p, &bytes).err().map(|e| e.to_string()));
    Stored {
        table,
        path,
        origin: Origin::Built(problem),
        bytes: bytes.len() as u64,
        write_error,
        build_seconds,
    }
}

/// The one-sided table of `points` x `checkers`, from `dir` or built.
#[must_use]
pub fn one_sided(dir: Option<&Path>, points: usize, checkers: usize) -> Stored<OneSided> {
    load_or_build(
        dir,
        &file_name(Kind::OneSided, points, checkers),
        |b| decode_one_sided(b, points, checkers),
        || OneSided::build(points, checkers),
        encode_one_sided,
    )
}

/// The two-sided table of `checkers` a side, from `dir` or built.
#[must_use]
pub fn two_sided(dir: Option<&Path>, checkers: usize) -> Stored<TwoSided> {
    load_or_build(
        dir,
        &file_name(Kind::TwoSided, 6, checkers),
        |b| decode_two_sided(b, checkers),
        || TwoSided::build(checkers),
        encode_two_sided,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmpdir(tag: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("gammon-bearoff-test-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn tables_round_trip_through_their_files() {
        let one = OneSided::build(6, 4);
        let back = decode_one_sided(&encode_one_sided(&one), 6, 4).unwrap();
        assert_eq!(back.mean, one.mean);
        assert_eq!(back.off, one.off);
        assert_eq!(back.first, one.first);
        let two = TwoSided::build(3);
        let back = decode_two_sided(&encode_two_sided(&two), 3).unwrap();
        assert_eq!(back.win, two.win);
        // Another size or kind is refused.
        assert_eq!(
            decode_one_sided(&encode_one_sided(&one), 6, 5).err(),
            Some(FileProblem::Header)
        );
        assert_eq!(
            decode_two_sided(&encode_one_sided(&one), 4).err(),
            Some(FileProblem::Header)
        );
    }

    #[test]
    fn a_corrupt_or_truncated_file_is_detected_and_rebuilt() {
        let dir = tmpdir("corrupt");
        let first = two_sided(Some(&dir), 3);
        assert_eq!(first.origin, Origin::Built(FileProblem::Missing));
        assert_eq!(first.write_error, None);
        let path = first.path.clone().unwrap();
        let good = fs::read(&path).unwrap();
        assert_eq!(good.len() as u64, first.bytes);
        assert_eq!(two_sided(Some(&dir), 3).origin, Origin::Loaded);
        // One flipped bit in the payload.
        let mut bad = good.clone();
        bad[HEADER + 17] ^= 4;
        fs::write(&path, &bad).unwrap();
        let again = two_sided(Some(&dir), 3);
        assert_eq!(again.origin, Origin::Built(FileProblem::Checksum));
        assert_eq!(again.table.win, first.table.win);
        assert_eq!(
            fs::read(&path).unwrap(),
            good,
            "the rebuilt file was written"
        );
        // Truncated, and shorter than a header.
        fs::write(&path, &good[..good.len() - 1]).unwrap();
        assert!(matches!(
            two_sided(Some(&dir), 3).origin,
            Origin::Built(FileProblem::Length(_))
        ));
        fs::write(&path, &good[..10]).unwrap();
        assert!(matches!(
            two_sided(Some(&dir), 3).origin,
            Origin::Built(FileProblem::Length(10))
        ));
        // Another version.
        let mut other = good.clone();
        other[8] = 99;
        fs::write(&path, &other).unwrap();
        assert_eq!(
            two_sided(Some(&dir), 3).origin,
            Origin::Built(FileProblem::Header)
        );
        assert_eq!(two_sided(Some(&dir), 3).origin, Origin::Loaded);
        // The one-sided file too.
        let one = one_sided(Some(&dir), 6, 4);
        let p = one.path.unwrap();
        let mut bytes = fs::read(&p).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        fs::write(&p, &bytes).unwrap();
        assert_eq!(
            one_sided(Some(&dir), 6, 4).origin,
            Origin::Built(FileProblem::Checksum)
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn two_builders_at_once_leave_one_whole_file() {
        let dir = tmpdir("race");
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    let t = two_sided(Some(&dir), 3);
                    assert!(t.write_error.is_none());
                });
            }
        });
        assert_eq!(two_sided(Some(&dir), 3).origin, Origin::Loaded);
        // No temporary file is left behind.
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        let _ = fs::remove_dir_all(&dir);
    }
}
