//! Checks on the saved games' files on disk, made before anything opens the database for writing.
//! SQLite quietly sets aside a write-ahead log it cannot trust and later writes over it, so a
//! damaged `-wal` file would lose decisions that were already saved without a word; and a
//! read-only file or folder would only fail later, in the middle of a game. These checks read the
//! files with plain reads, never write, lock or repair them, and name the problem in plain English
//! so that the player can act while the database and its log are still exactly as they were.
//!
//! # A log cut short, and a crash in the middle of a write
//!
//! SQLite appends a transaction to the log as a run of frames, one page each, the last of which
//! (the commit frame) carries the database's size; with `synchronous = FULL` it syncs the log after
//! the commit frame and only then reports the commit. A process killed, or a machine stopped, while
//! the frames are being written leaves whole frames of the unfinished transaction at the end of the
//! log, perhaps followed by part of a frame: that transaction was never acknowledged, and SQLite
//! rightly reads the log up to the commit frame before it. A log cut afterwards, at a frame
//! boundary or in the middle of a frame (a copy that stopped short, a full disk, a bad restore),
//! ends in exactly the same bytes: whole frames, perhaps a partial one, and no commit frame after
//! them. The two cannot be told apart from the log alone, so its last frame not being a commit
//! frame is no ground for refusing it: refusing would stop the player after every ordinary crash.
//! (The wal-index in `-shm` records how many frames were committed, but reading it would mean a
//! descriptor of our own on a file SQLite locks, and closing that descriptor drops the locks other
//! connections of this process hold on it.)
//!
//! What decides is a record of what was acknowledged. Every change of a game raises a counter kept
//! inside the database, and after each commit the store writes the database's id and that counter
//! to a small file beside it, [`acknowledged_file`] (`<db>.acked`). That file never runs ahead of
//! what SQLite made durable: it is written after the commit returned, and the commit was synced
//! first. So when the database, read with its log applied, holds fewer changes than the file
//! records for it, committed changes were lost after they were acknowledged (the log was cut or
//! lost, or an older copy of the database was put in its place), and the store refuses it
//! ([`crate::store::StoreError::LostChanges`]); a crash in the middle of a write only loses the write
//! nobody was told of, which the file never counted.

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
    #[error(
        "this user cannot make files in the folder {folder} ({reason}), and SQLite must make {missing} there to use \
         {path}; the database is left as it is and is not damaged: let this user write in the folder (or run \
         cdgsolo as the user who owns it), or give another --db"
    )]
    FolderNotWritable { path: String, folder: String, missing: String, reason: String },
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
/// read-only, a folder marked read-only, or a folder where this user cannot make the files SQLite
/// must make beside the database (its `-wal` and `-shm`, or the database itself when it is new).
/// A database that does not exist yet in a writable folder is fine: it will be made.
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
    // The mode bits say nothing of who may use them: a folder of someone else's, writable by its
    // owner alone, passes them. SQLite must make each of the database, `-wal` and `-shm` that is
    // missing (it opens those that exist as they are), so where one is missing this user must be
    // able to make a file in the folder: a file of our own, made and removed at once, is the test
    // that answers for this user exactly as SQLite's own attempt would (ownership, groups, access
    // lists, a read-only mount).
    let missing: Vec<PathBuf> =
        [db.to_path_buf(), beside(db, "-wal"), beside(db, "-shm")].into_iter().filter(|f| !f.exists()).collect();
    if missing.is_empty() {
        return Ok(());
    }
    if let Err(e) = try_making_a_file(folder, db) {
        let names: Vec<String> = missing
            .iter()
            .map(|f| f.file_name().map_or_else(|| f.display().to_string(), |n| n.to_string_lossy().into_owned()))
            .collect();
        let missing = match names.as_slice() {
            [one] => one.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
            [] => unreachable!("at least one file is missing"),
        };
        return Err(FileProblem::FolderNotWritable { path, folder: folder_name, missing, reason: e.to_string() });
    }
    Ok(())
}

/// Makes a file of its own in `folder` (named after the database, this process and the time, so
/// that it is never one that already exists) and removes it at once.
fn try_making_a_file(folder: &Path, db: &Path) -> io::Result<()> {
    let stem = db.file_name().map_or_else(|| "games".into(), |n| n.to_string_lossy().into_owned());
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let trial = folder.join(format!(".{stem}.cdgsolo-can-write-{}-{nanos}", std::process::id()));
    std::fs::OpenOptions::new().write(true).create_new(true).open(&trial)?;
    // Removing what this user just made in this folder cannot fail for want of rights; any other
    // failure leaves an empty file that names what made it.
    let _ = std::fs::remove_file(&trial);
    Ok(())
}

/// The file beside the database in which the store records, after each commit, the database's id
/// and how many changes it had acknowledged: `<db>.acked`.
pub fn acknowledged_file(db: &Path) -> PathBuf {
    beside(db, ".acked")
}

/// What [`acknowledged_file`] records: the database it speaks of and how many changes that database
/// had when a change was last acknowledged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Acknowledged {
    /// The random id kept inside the database.
    pub database: String,
    /// The database's count of changes after that commit.
    pub changes: u64,
}

const ACKNOWLEDGED_HEAD: &str =
    "cdgsolo: the changes to the saved games acknowledged so far; keep this file beside the database\n";

/// The two lines [`acknowledged_file`] holds. The second ends in a check over the rest of it, so
/// that a read that meets a write halfway, or a file torn by a crash, is seen as no record at all
/// rather than as another number.
fn acknowledged_text(database: &str, changes: u64) -> String {
    let line = format!("database {database} changes {changes:020}");
    format!("{ACKNOWLEDGED_HEAD}{line} check {:016x}\n", fnv1a(line.as_bytes()))
}

/// Writes [`acknowledged_file`] for one database after each of its commits, keeping the file open
/// from one write to the next: a write is then one short write at its start, a few microseconds.
/// The file is written in place: the text has the same length for a given database, so each write
/// covers the one before whole, and no temporary file or rename is needed. It is not synced, since
/// it only has to follow the commit, which SQLite synced. A record deleted while the store is open
/// is made again only when the store is next opened: until then the writes go to the deleted file.
#[derive(Debug)]
pub struct AcknowledgedWriter {
    db: PathBuf,
    database: String,
    file: Option<File>,
}

impl AcknowledgedWriter {
    /// A writer for the database `database` (its id) at `db`; nothing is opened until it writes.
    pub fn new(db: &Path, database: String) -> Self {
        AcknowledgedWriter { db: db.to_path_buf(), database, file: None }
    }

    /// Records that the database had `changes` changes when its last commit returned. A failure
    /// changes nothing else: the record then lags, which only means a later loss goes unnoticed,
    /// and the next write opens the file afresh.
    pub fn write(&mut self, changes: u64) -> io::Result<()> {
        let text = acknowledged_text(&self.database, changes);
        let written = self.write_text(&text);
        if written.is_err() {
            self.file = None;
        }
        written
    }

    fn write_text(&mut self, text: &str) -> io::Result<()> {
        use std::io::{Seek, SeekFrom, Write};
        let mut file = match self.file.take() {
            Some(file) => file,
            None => {
                // Opened without truncating, so the file is never seen empty once it holds a record;
                // only a record of another database, with an id of another length, can be longer.
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .create(true)
                    .truncate(false)
                    .open(acknowledged_file(&self.db))?;
                if file.metadata()?.len() > text.len() as u64 {
                    file.set_len(text.len() as u64)?;
                }
                file
            }
        };
        file.seek(SeekFrom::Start(0))?;
        // One call for so short a text.
        file.write_all(text.as_bytes())?;
        self.file = Some(file);
        Ok(())
    }
}

/// What [`acknowledged_file`] beside `db` records, if it holds a whole record: `None` when there
/// is no such file, it cannot be read, or it is not a record this module wrote (torn, or edited).
pub fn read_acknowledged(db: &Path) -> Option<Acknowledged> {
    let read = || {
        let mut bytes = Vec::new();
        // A record is some 150 bytes: a large file there is something else.
        File::open(acknowledged_file(db)).ok()?.take(4096).read_to_end(&mut bytes).ok()?;
        Some(bytes)
    };
    // A read that met a write halfway fails its check; the second read finds the write done.
    (0..2).find_map(|_| parse_acknowledged(&read()?))
}

fn parse_acknowledged(bytes: &[u8]) -> Option<Acknowledged> {
    let text = std::str::from_utf8(bytes).ok()?;
    let line = text.strip_prefix(ACKNOWLEDGED_HEAD)?.lines().next()?;
    let (body, check) = line.rsplit_once(" check ")?;
    if u64::from_str_radix(check, 16).ok()? != fnv1a(body.as_bytes()) {
        return None;
    }
    let mut words = body.split(' ');
    let (Some("database"), Some(database), Some("changes"), Some(changes), None) =
        (words.next(), words.next(), words.next(), words.next(), words.next())
    else {
        return None;
    };
    Some(Acknowledged { database: database.to_string(), changes: changes.parse().ok()? })
}

/// The 64-bit FNV-1a hash: enough to tell a record from a torn one.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
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
