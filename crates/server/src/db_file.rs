//! Checks on the saved games' files on disk, made before anything opens the database for writing.
//! SQLite quietly sets aside a write-ahead log it cannot trust and later writes over it, so a
//! damaged `-wal` file would lose decisions that were already saved without a word; and a
//! read-only file or folder would only fail later, in the middle of a game. These checks read the
//! files with plain reads, never write, lock or repair them, and name the problem in plain English
//! so that the player can act while the database and its log are still exactly as they were.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};

/// Why the saved games' files cannot be used as they are. Each message names the file and says
/// that it was left as it is.
#[derive(Debug, thiserror::Error)]
pub enum FileProblem {
    #[error(
        "the write-ahead log {path} of the saved games is damaged: {reason}; it and its database are left as they \
         are: keep a copy of both, or give another --db"
    )]
    DamagedLog { path: String, reason: String },
    #[error(
        "{path} is read-only, so no game could be saved in it; it is left as it is: make it writable, or give \
         another --db"
    )]
    ReadOnlyFile { path: String },
    #[error(
        "the folder {folder} is read-only, so SQLite cannot make the files it keeps beside {path}; they are left as \
         they are: make the folder writable, or give another --db"
    )]
    ReadOnlyFolder { path: String, folder: String },
    #[error("the folder {folder} for {path} does not exist; nothing was made: create the folder, or give another --db")]
    MissingFolder { path: String, folder: String },
    #[error("{folder}, where {path} should be, is not a folder; it is left as it is: give another --db")]
    NotAFolder { path: String, folder: String },
    #[error("cannot read {path}: {reason}; it is left as it is")]
    Unreadable { path: String, reason: String },
}

const HEADER_LEN: usize = 32;
const FRAME_HEADER_LEN: usize = 24;
/// The magic number's low bit tells the byte order of the checksums' words: set for big-endian.
const MAGIC_LITTLE_ENDIAN: u32 = 0x377f_0682;
const MAGIC_BIG_ENDIAN: u32 = 0x377f_0683;
/// The only write-ahead log format SQLite has had.
const FORMAT_VERSION: u32 = 3_007_000;

/// Refuses a write-ahead log (`<db>-wal`) that SQLite would set aside although it holds committed
/// work: a header it cannot trust, or a frame it would stop at with committed frames after it.
/// No log, an empty one and one that ends in the middle of a frame are fine.
pub fn check_write_ahead_log(db: &Path) -> Result<(), FileProblem> {
    let wal = beside(db, "-wal");
    let path = wal.display().to_string();
    let unreadable = |e: io::Error| FileProblem::Unreadable { path: path.clone(), reason: e.to_string() };
    let damaged = |reason: String| FileProblem::DamagedLog { path: path.clone(), reason };
    let meta = match std::fs::metadata(&wal) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(unreadable(e)),
    };
    if !meta.is_file() {
        return Err(FileProblem::Unreadable { path, reason: "it is not a regular file".to_string() });
    }
    // SQLite reads the header only of a log longer than it: a shorter one holds no frame, so
    // nothing in it can be lost, and the next write starts the log afresh.
    let len = meta.len();
    if len <= HEADER_LEN as u64 {
        return Ok(());
    }
    // SQLite's locks are on the database file and `-shm`, never on `-wal`, so closing a descriptor
    // of our own on the log drops none of them.
    let mut reader = BufReader::new(File::open(&wal).map_err(unreadable)?);
    let mut header = [0u8; HEADER_LEN];
    reader.read_exact(&mut header).map_err(unreadable)?;

    let big_endian = match word(&header, 0) {
        MAGIC_LITTLE_ENDIAN => false,
        MAGIC_BIG_ENDIAN => true,
        magic => {
            return Err(damaged(format!(
                "it does not start as a SQLite write-ahead log (magic number {magic:#010x}), so SQLite would ignore \
                 every decision saved in it"
            )));
        }
    };
    let stored = (word(&header, 24), word(&header, 28));
    if checksum(big_endian, &header[..24], (0, 0)) != stored {
        return Err(damaged(
            "its header does not match its checksum, so SQLite would ignore every decision saved in it".to_string(),
        ));
    }
    let version = word(&header, 4);
    if version != FORMAT_VERSION {
        return Err(damaged(format!(
            "its format version is {version}, which SQLite does not know (it knows {FORMAT_VERSION})"
        )));
    }
    let page_size = word(&header, 8);
    if !page_size.is_power_of_two() || !(512..=65536).contains(&page_size) {
        return Err(damaged(format!(
            "its page size is {page_size} bytes, which SQLite never uses, so SQLite would ignore every decision saved \
             in it"
        )));
    }

    let salts = &header[16..24];
    let page_size = page_size as usize;
    let frames = (len - HEADER_LEN as u64) / (FRAME_HEADER_LEN + page_size) as u64;
    let mut frame = [0u8; FRAME_HEADER_LEN];
    // At most 64 KiB, however long the log is.
    let mut page = vec![0u8; page_size];
    let mut sums = stored;
    let mut number = 0;
    let failure = loop {
        if number == frames {
            // Every complete frame is sound; bytes after them are a write that never completed,
            // so it was never acknowledged.
            return Ok(());
        }
        number += 1;
        reader.read_exact(&mut frame).map_err(unreadable)?;
        reader.read_exact(&mut page).map_err(unreadable)?;
        if &frame[8..16] != salts {
            break "does not carry the log's salts";
        }
        if word(&frame, 0) == 0 {
            break "names page 0, which no database has";
        }
        sums = checksum(big_endian, &page, checksum(big_endian, &frame[..8], sums));
        if sums != (word(&frame, 16), word(&frame, 20)) {
            break "does not match its checksum";
        }
    };

    // SQLite stops reading at the first frame that fails. Frames after it that carry other salts
    // are left over from before the log was last started afresh, and uncommitted frames were never
    // acknowledged; only a later commit frame of this log is saved work that would be lost.
    let failed = number;
    let mut lost = 0u64;
    let mut last = 0;
    while number < frames {
        number += 1;
        reader.read_exact(&mut frame).map_err(unreadable)?;
        reader.read_exact(&mut page).map_err(unreadable)?;
        if &frame[8..16] == salts && word(&frame, 4) != 0 {
            lost += 1;
            last = number;
        }
    }
    if lost == 0 {
        return Ok(());
    }
    let commits =
        if lost == 1 { "1 committed transaction".to_string() } else { format!("{lost} committed transactions") };
    Err(damaged(format!(
        "frame {failed} of {frames} {failure}, so SQLite would stop reading there and lose the {commits} after it (the \
         last ending at frame {last})"
    )))
}

/// Refuses a database that SQLite could not write: the file, its `-wal` or its `-shm` marked
/// read-only, or a folder where SQLite cannot make the `-wal` and `-shm` files it keeps beside the
/// database. A database that does not exist yet in a writable folder is fine: it will be made.
pub fn check_writable(db: &Path) -> Result<(), FileProblem> {
    let path = db.display().to_string();
    let folder = match db.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let folder_name = folder.display().to_string();
    let folder_meta = match std::fs::metadata(folder) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(FileProblem::MissingFolder { path, folder: folder_name });
        }
        Err(e) => return Err(FileProblem::Unreadable { path: folder_name, reason: e.to_string() }),
    };
    if !folder_meta.is_dir() {
        return Err(FileProblem::NotAFolder { path, folder: folder_name });
    }
    // Mode bits rather than a trial write: a trial would change the folder, and root, who may
    // write anywhere, would pass it although the files were meant to be read-only.
    for file in [db.to_path_buf(), beside(db, "-wal"), beside(db, "-shm")] {
        match std::fs::metadata(&file) {
            Ok(meta) if meta.permissions().readonly() => {
                return Err(FileProblem::ReadOnlyFile { path: file.display().to_string() });
            }
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(FileProblem::Unreadable { path: file.display().to_string(), reason: e.to_string() }),
        }
    }
    if folder_meta.permissions().readonly() {
        return Err(FileProblem::ReadOnlyFolder { path, folder: folder_name });
    }
    Ok(())
}

/// The path of a file SQLite keeps beside the database: its name with `suffix` added.
fn beside(db: &Path, suffix: &str) -> PathBuf {
    let mut name = OsString::from(db.as_os_str());
    name.push(suffix);
    PathBuf::from(name)
}

/// The big-endian 32-bit number at `at`, as every field of the log's headers is stored.
fn word(bytes: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// SQLite's write-ahead log checksum over `bytes` (a multiple of 8 long), continuing from `sums`:
/// two running sums over pairs of 32-bit words, each feeding the other, so that a change anywhere
/// alters every later frame's sums too.
fn checksum(big_endian: bool, bytes: &[u8], sums: (u32, u32)) -> (u32, u32) {
    let (mut s0, mut s1) = sums;
    let (pairs, _) = bytes.as_chunks::<8>();
    for &[a0, a1, a2, a3, b0, b1, b2, b3] in pairs {
        let (a, b) = if big_endian {
            (u32::from_be_bytes([a0, a1, a2, a3]), u32::from_be_bytes([b0, b1, b2, b3]))
        } else {
            (u32::from_le_bytes([a0, a1, a2, a3]), u32::from_le_bytes([b0, b1, b2, b3]))
        };
        s0 = s0.wrapping_add(a).wrapping_add(s1);
        s1 = s1.wrapping_add(b).wrapping_add(s0);
    }
    (s0, s1)
}
