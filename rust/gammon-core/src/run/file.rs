//! Checkpoint files on disk, for every run kind: the path checked before the first item is
//! played, the bytes read, and the text written atomically (a crash leaves the old file or
//! the new one, never half of one).
//!
//! A write goes to a temporary file beside the checkpoint, `.{name}.{pid}.{tag}.tmp`, created
//! with the umask's mode, flushed to disk and renamed over the checkpoint (atomic on POSIX);
//! the directory is flushed so that the rename survives a power cut. Temporary files of the
//! same checkpoint left by a writer that died (`kill -9`) are removed first: those of this
//! process and, where the process table can be read (`/proc`), of processes that no longer
//! run.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::run::checkpoint::CheckpointError;

/// The directory of `path` (`.` for a bare file name).
fn directory(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The text of an I/O error without Rust's "(os error N)" suffix.
fn reason(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// A fresh temporary name for a checkpoint at `path`.
fn temp_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let tag = (nanos ^ COUNTER.fetch_add(1, Ordering::Relaxed).rotate_left(32)) as u32;
    directory(path).join(format!(
        ".{}.{}.{tag:08x}.tmp",
        file_name(path),
        std::process::id()
    ))
}

/// True unless the process `pid` is known to have ended.
fn alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return false; // this process writes one file at a time: an old one is stale
    }
    let table = Path::new("/proc");
    !table.is_dir() || table.join(pid.to_string()).exists()
}

/// Removes the temporary files of the checkpoint at `path` that killed writers left.
fn remove_stale(path: &Path) {
    let dir = directory(path);
    let prefix = format!(".{}.", file_name(path));
    let Ok(entries) = fs::read_dir(&dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name
            .strip_prefix(&prefix)
            .and_then(|r| r.strip_suffix(".tmp"))
        else {
            continue;
        };
        let pid = rest.split('.').next().and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(alive) {
            continue; // another live process is writing it
        }
        let _ = fs::remove_file(dir.join(&name));
    }
}

/// Checks that a checkpoint can be written at `path`, before the first item is played: the
/// directory exists, is a directory and takes a new file (one is created and removed); an
/// existing `path` is a file.
///
/// # Errors
/// [`CheckpointError`] naming the path and the problem.
pub fn check_writable(path: &Path) -> Result<(), CheckpointError> {
    let shown = path.display();
    let dir = directory(path);
    if path.exists() && !path.is_file() {
        return Err(CheckpointError(format!(
            "the checkpoint {shown} is not a file"
        )));
    }
    if !dir.exists() {
        return Err(CheckpointError(format!(
            "cannot write the checkpoint {shown}: no directory {}",
            dir.display()
        )));
    }
    if !dir.is_dir() {
        return Err(CheckpointError(format!(
            "cannot write the checkpoint {shown}: {} is not a directory",
            dir.display()
        )));
    }
    let probe = temp_path(path);
    match OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(f) => {
            drop(f);
            let _ = fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(CheckpointError(format!(
            "cannot write the checkpoint {shown}: {}",
            reason(&e)
        ))),
    }
}

/// The bytes of the checkpoint file at `path`.
///
/// # Errors
/// [`CheckpointError`] naming the path when it cannot be read.
pub fn read_checkpoint_file(path: &Path) -> Result<Vec<u8>, CheckpointError> {
    fs::read(path).map_err(|e| {
        CheckpointError(format!(
            "cannot read the checkpoint {}: {}",
            path.display(),
            reason(&e)
        ))
    })
}

/// Writes `text` to `path` atomically (see the module's documentation).
///
/// # Errors
/// The I/O error of the write; the old file, if any, is then intact.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    remove_stale(path);
    let tmp = temp_path(path);
    let written = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    if let Ok(d) = File::open(directory(path)) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("gammon-file-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_written_file_reads_back_and_leaves_no_temporary_file() {
        let dir = scratch("write");
        let path = dir.join("c.json");
        let stale = dir.join(format!(".c.json.{}.0badf00d.tmp", std::process::id()));
        fs::write(&stale, "{").unwrap();
        check_writable(&path).unwrap();
        write_atomically(&path, "one").unwrap();
        write_atomically(&path, "two").unwrap();
        assert_eq!(read_checkpoint_file(&path).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(&dir).unwrap().flatten().collect();
        assert_eq!(names.len(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_path_that_cannot_be_written_is_named() {
        let dir = scratch("bad");
        let missing = dir.join("no").join("c.json");
        let e = check_writable(&missing).unwrap_err();
        assert!(e.0.contains("no directory"), "{}", e.0);
        assert!(check_writable(&dir)
            .unwrap_err()
            .0
            .contains("is not a file"));
        let e = read_checkpoint_file(&missing).unwrap_err();
        assert!(e.0.starts_with("cannot read the checkpoint"), "{}", e.0);
        fs::remove_dir_all(&dir).unwrap();
    }
}
