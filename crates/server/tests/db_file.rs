//! The checks on the saved games' files: write-ahead logs that SQLite itself wrote pass, and so do
//! a log cut short, a log with stale frames from before it was started afresh, and no log at all;
//! a flipped byte that would make SQLite drop committed decisions is refused, and the log is left
//! byte for byte as it was. Read-only files and folders are told apart from damaged ones by their
//! mode bits, so the tests hold when run as root; a folder this user cannot write is tried as
//! another user (`setpriv`).
//!
//! Then the store's own checks on databases it wrote (issue 46): a log cut before its last
//! acknowledged commits, or lost, is refused by the record of acknowledged changes kept beside the
//! database, while a write cut off by a crash before it was acknowledged is not; a database cut by
//! one byte, or with a bit flipped where SQLite's `quick_check` does not look, is refused; every
//! refused file is left byte for byte as it was.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use rusqlite::Connection;
use serde_json::{Value, json};
use server::db_file::{FileProblem, acknowledged_file, check_writable, check_write_ahead_log, read_acknowledged};
use server::store::{Store, StoreError};

/// Rows the source database commits, in this many transactions.
const ROWS: i64 = 20;
const TRANSACTIONS: i64 = 5;
/// Rows committed in one transaction after the log restarts, enough to fill more than one frame.
const ROWS_AFTER_RESTART: i64 = 3;

/// A folder of its own for one test, removed (with its permissions restored) when the test ends,
/// passed or failed.
struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new(test: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("cdgsolo-db-file-{}-{test}", std::process::id()));
        if dir.exists() {
            restore_and_remove(&dir);
        }
        fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        restore_and_remove(&self.dir);
    }
}

fn restore_and_remove(dir: &Path) {
    let _ = fs::set_permissions(dir, fs::Permissions::from_mode(0o755));
    if let Ok(entries) = fs::read_dir(dir) {
        for entry in entries.flatten() {
            let _ = fs::set_permissions(entry.path(), fs::Permissions::from_mode(0o755));
        }
    }
    let _ = fs::remove_dir_all(dir);
}

fn wal_of(db: &Path) -> PathBuf {
    beside(db, "-wal")
}

fn beside(db: &Path, suffix: &str) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// A database whose saved rows are still all in its write-ahead log, as a crash would leave it:
/// SQLite writes `ROWS` rows in `TRANSACTIONS` transactions (and, with `restart`, starts the log
/// afresh after a checkpoint and commits `ROWS_AFTER_RESTART` more), and the database file and its log are
/// copied to `name` while the connection is still open. Returns the copy and its log's bytes.
fn saved_log(scratch: &Scratch, name: &str, restart: bool) -> (PathBuf, Vec<u8>) {
    let source = scratch.path(&format!("{name}-source.db"));
    let conn = Connection::open(&source).expect("a database");
    let mode: String = conn.query_row("PRAGMA journal_mode=WAL", [], |row| row.get(0)).expect("WAL mode");
    assert_eq!(mode, "wal");
    conn.execute_batch("PRAGMA synchronous=FULL; PRAGMA wal_autocheckpoint=0;").expect("pragmas");
    conn.execute_batch("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB NOT NULL)").expect("a table");
    for t in 0..TRANSACTIONS {
        conn.execute_batch("BEGIN").expect("begin");
        for r in 0..ROWS / TRANSACTIONS {
            let body: Vec<u8> = (0..1500).map(|i| (i * 7 + r * 13 + t * 31) as u8).collect();
            conn.execute("INSERT INTO t (body) VALUES (?1)", [body]).expect("a row");
        }
        conn.execute_batch("COMMIT").expect("commit");
    }
    if restart {
        let busy: i64 = conn.query_row("PRAGMA wal_checkpoint(RESTART)", [], |row| row.get(0)).expect("checkpoint");
        assert_eq!(busy, 0, "the checkpoint completed");
        conn.execute_batch("BEGIN").expect("begin");
        for r in 0..ROWS_AFTER_RESTART {
            conn.execute("INSERT INTO t (body) VALUES (?1)", [vec![r as u8; 1500]]).expect("a row after the restart");
        }
        conn.execute_batch("COMMIT").expect("commit");
    }
    let db = scratch.path(&format!("{name}.db"));
    fs::copy(&source, &db).expect("a copy of the database");
    let log = fs::read(wal_of(&source)).expect("the log");
    fs::write(wal_of(&db), &log).expect("a copy of the log");
    drop(conn);
    (db, log)
}

/// How many rows SQLite itself reads from the database at `db` with `log` beside it (0 when it
/// sees no table), opened as a copy so that its recovery changes nothing the test looks at.
fn rows_sqlite_reads(scratch: &Scratch, db: &Path, log: Option<&[u8]>, name: &str) -> i64 {
    let copy = scratch.path(&format!("{name}.db"));
    fs::copy(db, &copy).expect("a copy of the database");
    if let Some(log) = log {
        fs::write(wal_of(&copy), log).expect("a copy of the log");
    }
    let conn = Connection::open(&copy).expect("a database");
    let tables: i64 =
        conn.query_row("SELECT count(*) FROM sqlite_master WHERE name = 't'", [], |row| row.get(0)).expect("a count");
    if tables == 0 {
        return 0;
    }
    conn.query_row("SELECT count(*) FROM t", [], |row| row.get(0)).expect("a count")
}

// The log's layout, read independently of the module under test.

fn word(bytes: &[u8], at: usize) -> u32 {
    u32::from_be_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
}

fn put_word(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_be_bytes());
}

fn frame_len(log: &[u8]) -> usize {
    24 + word(log, 8) as usize
}

/// Where frame `n` (counting from 1) starts.
fn frame_at(log: &[u8], n: usize) -> usize {
    32 + (n - 1) * frame_len(log)
}

fn complete_frames(log: &[u8]) -> usize {
    (log.len() - 32) / frame_len(log)
}

/// The numbers of the complete frames that carry the header's salts and end a transaction.
fn commit_frames(log: &[u8]) -> Vec<usize> {
    (1..=complete_frames(log))
        .filter(|&n| {
            let at = frame_at(log, n);
            log[at + 8..at + 16] == log[16..24] && word(log, at + 4) != 0
        })
        .collect()
}

fn sums(big_endian: bool, bytes: &[u8], (mut s0, mut s1): (u32, u32)) -> (u32, u32) {
    for pair in bytes.chunks(8) {
        let read = |b: &[u8]| {
            let b: [u8; 4] = b.try_into().expect("four bytes");
            if big_endian { u32::from_be_bytes(b) } else { u32::from_le_bytes(b) }
        };
        s0 = s0.wrapping_add(read(&pair[..4])).wrapping_add(s1);
        s1 = s1.wrapping_add(read(&pair[4..])).wrapping_add(s0);
    }
    (s0, s1)
}

/// Signs the header and then every complete frame afresh, as SQLite would have with this byte
/// order, with the header's salts written into each frame.
fn sign_all(log: &mut [u8], big_endian: bool) {
    put_word(log, 0, if big_endian { 0x377f_0683 } else { 0x377f_0682 });
    let mut s = sign_header(log, big_endian);
    for n in 1..=complete_frames(log) {
        let at = frame_at(log, n);
        let salts: [u8; 8] = log[16..24].try_into().expect("salts");
        log[at + 8..at + 16].copy_from_slice(&salts);
        s = sums(big_endian, &log[at..at + 8], s);
        s = sums(big_endian, &log[at + 24..at + frame_len(log)], s);
        put_word(log, at + 16, s.0);
        put_word(log, at + 20, s.1);
    }
}

fn sign_header(log: &mut [u8], big_endian: bool) -> (u32, u32) {
    let s = sums(big_endian, &log[..24], (0, 0));
    put_word(log, 24, s.0);
    put_word(log, 28, s.1);
    s
}

/// Writes `log` beside `db`, checks it, and makes sure the check left both files as they were.
fn check(db: &Path, log: &[u8]) -> Result<(), FileProblem> {
    fs::write(wal_of(db), log).expect("a log");
    let database = fs::read(db).expect("the database");
    let verdict = check_write_ahead_log(db);
    assert_eq!(fs::read(wal_of(db)).expect("the log"), log, "the log is unchanged");
    assert_eq!(fs::read(db).expect("the database"), database, "the database is unchanged");
    verdict
}

fn damage(verdict: Result<(), FileProblem>) -> String {
    match verdict {
        Err(problem @ FileProblem::DamagedLog { .. }) => problem.to_string(),
        other => panic!("expected a damaged log, got {other:?}"),
    }
}

#[test]
fn a_log_sqlite_wrote_passes_and_holds_the_rows() {
    let scratch = Scratch::new("real");
    let (db, log) = saved_log(&scratch, "real", false);
    assert!(commit_frames(&log).len() >= TRANSACTIONS as usize, "each transaction ends in a commit frame");
    assert_eq!((log.len() - 32) % frame_len(&log), 0, "only complete frames");
    // The rows are in the log, not yet in the database file: losing the log loses them.
    assert_eq!(rows_sqlite_reads(&scratch, &db, None, "without-log"), 0);
    assert_eq!(rows_sqlite_reads(&scratch, &db, Some(&log), "with-log"), ROWS);
    check(&db, &log).expect("SQLite's own log passes");
}

#[test]
fn a_flipped_byte_in_an_early_committed_frame_is_damage() {
    let scratch = Scratch::new("flipped-page");
    let (db, mut log) = saved_log(&scratch, "flipped", false);
    let commits = commit_frames(&log);
    assert!(commits[0] < *commits.last().expect("commits"));
    let at = frame_at(&log, 1) + 24 + 100;
    log[at] ^= 0x01;
    let message = damage(check(&db, &log));
    assert!(message.contains(&wal_of(&db).display().to_string()), "{message}");
    assert!(message.contains("frame 1 of") && message.contains("checksum"), "{message}");
    assert!(message.contains(&format!("the last ending at frame {}", commits.last().expect("commits"))), "{message}");
    // What the refusal prevents: SQLite stops at the flipped frame and reads none of the rows.
    assert_eq!(rows_sqlite_reads(&scratch, &db, Some(&log), "as-sqlite-sees-it"), 0);
}

#[test]
fn a_frame_of_another_log_before_a_commit_is_damage() {
    let scratch = Scratch::new("foreign-frame");
    let (db, mut log) = saved_log(&scratch, "foreign", false);
    let commits = commit_frames(&log);
    let second = commits[0] + 1;
    let at = frame_at(&log, second) + 9;
    log[at] ^= 0x40;
    let message = damage(check(&db, &log));
    assert!(message.contains(&format!("frame {second} of")) && message.contains("salts"), "{message}");
    assert!(message.contains(&format!("{} committed transactions", commits.len() - 1)), "{message}");
}

#[test]
fn a_flipped_byte_in_the_header_is_damage() {
    let scratch = Scratch::new("flipped-header");
    let (db, log) = saved_log(&scratch, "header", false);
    // Salt-1, salt-2, checksum-1 and checksum-2.
    for at in [16, 21, 24, 31] {
        let mut flipped = log.clone();
        flipped[at] ^= 0x80;
        let message = damage(check(&db, &flipped));
        assert!(message.contains("header does not match its checksum"), "byte {at}: {message}");
    }
}

#[test]
fn a_header_sqlite_cannot_use_is_damage() {
    let scratch = Scratch::new("bad-header");
    let (db, log) = saved_log(&scratch, "bad", false);
    let mut magic = log.clone();
    put_word(&mut magic, 0, 0x377f_0684);
    assert!(damage(check(&db, &magic)).contains("magic number 0x377f0684"));
    // Each of these is signed afresh, so that only the named field is wrong.
    for (at, value, says) in
        [(4, 3_007_001, "format version is 3007001"), (8, 1000, "page size is 1000"), (8, 256, "page size is 256")]
    {
        let mut changed = log.clone();
        put_word(&mut changed, at, value);
        sign_header(&mut changed, false);
        let message = damage(check(&db, &changed));
        assert!(message.contains(says), "{message}");
    }
}

#[test]
fn checksums_follow_the_byte_order_the_magic_number_names() {
    let scratch = Scratch::new("byte-order");
    let (db, log) = saved_log(&scratch, "order", false);
    assert_eq!(word(&log, 0), 0x377f_0682, "this machine's SQLite writes little-endian checksums");
    let mut big = log.clone();
    sign_all(&mut big, true);
    assert_ne!(big, log);
    // SQLite reads the log signed the other way, so the signing above is right.
    assert_eq!(rows_sqlite_reads(&scratch, &db, Some(&big), "big-endian"), ROWS);
    check(&db, &big).expect("a big-endian log passes");

    let mut flipped = big.clone();
    flipped[frame_at(&big, 2) + 24 + 7] ^= 0x10;
    assert!(damage(check(&db, &flipped)).contains("frame 2 of"));

    // The magic number alone changed: the header's little-endian checksum no longer holds.
    let mut relabelled = log.clone();
    put_word(&mut relabelled, 0, 0x377f_0683);
    assert!(damage(check(&db, &relabelled)).contains("header does not match its checksum"));
}

#[test]
fn a_log_cut_short_passes() {
    let scratch = Scratch::new("cut");
    let (db, log) = saved_log(&scratch, "cut", false);
    let last = complete_frames(&log);
    // The last frame half written: a write that was never acknowledged.
    check(&db, &log[..frame_at(&log, last) + 24 + 10]).expect("a half-written last frame passes");
    check(&db, &log[..frame_at(&log, last) + 5]).expect("a half-written frame header passes");
    // Cut inside the first committed frame: every frame after it went with the cut, so the file
    // is indistinguishable from a log whose last write never completed, and no committed frame
    // remains after the broken one for SQLite to drop.
    let first_commit = commit_frames(&log)[0];
    check(&db, &log[..frame_at(&log, first_commit) + 24 + 1000]).expect("a cut tail passes");
    // A header alone, or part of one, holds no frame: SQLite ignores it and starts afresh.
    check(&db, &log[..32]).expect("a header alone passes");
    check(&db, &log[..20]).expect("part of a header passes");
}

#[test]
fn a_broken_frame_of_an_unfinished_transaction_passes() {
    let scratch = Scratch::new("unfinished");
    let (db, log) = saved_log(&scratch, "unfinished", false);
    let commits = commit_frames(&log);
    let [.., before, last] = commits[..] else { panic!("several commits: {commits:?}") };
    assert!(last - before >= 3, "the last transaction spans frames: {commits:?}");
    // The last transaction without its commit frame: a write that was never acknowledged. Its
    // first frame broken, with more of its frames (this log's salts, but no commit) after it.
    let mut unfinished = log[..frame_at(&log, last)].to_vec();
    unfinished[frame_at(&log, before + 1) + 24 + 50] ^= 0x04;
    check(&db, &unfinished).expect("frames that were never committed may be lost");
    // The same break with the commit frame still there loses that transaction.
    let mut committed = log.clone();
    committed[frame_at(&log, before + 1) + 24 + 50] ^= 0x04;
    let message = damage(check(&db, &committed));
    assert!(message.contains(&format!("frame {} of", before + 1)) && message.contains("1 committed transaction"));
}

#[test]
fn stale_frames_after_the_log_restarts_pass() {
    let scratch = Scratch::new("stale");
    let (db, log) = saved_log(&scratch, "stale", true);
    let frames = complete_frames(&log);
    let stale = (1..=frames).filter(|&n| log[frame_at(&log, n) + 8..frame_at(&log, n) + 16] != log[16..24]).count();
    assert!(stale > 0 && stale < frames, "new frames come first, then older frames of the earlier log: {stale}");
    assert!(
        (1..=frames)
            .filter(|&n| log[frame_at(&log, n) + 8..frame_at(&log, n) + 16] != log[16..24])
            .any(|n| word(&log, frame_at(&log, n) + 4) != 0),
        "some stale frames are commit frames of the earlier log"
    );
    assert_eq!(rows_sqlite_reads(&scratch, &db, Some(&log), "restarted"), ROWS + ROWS_AFTER_RESTART);
    check(&db, &log).expect("stale frames pass");

    // Stale frames do not hide damage: a flipped byte in a new frame before the new commit is
    // still refused.
    assert_eq!(commit_frames(&log).len(), 1, "one transaction since the restart");
    assert!(commit_frames(&log)[0] > 1, "the new transaction spans frames");
    let mut flipped = log.clone();
    flipped[frame_at(&log, 1) + 24 + 3] ^= 0x02;
    assert!(damage(check(&db, &flipped)).contains("frame 1 of"));
}

#[test]
fn a_log_started_afresh_over_old_frames_passes() {
    let scratch = Scratch::new("new-salts");
    let (db, mut log) = saved_log(&scratch, "salts", false);
    // New salts, as SQLite writes them when it starts the log again; no frame carries them.
    let salt1 = word(&log, 16);
    put_word(&mut log, 16, salt1.wrapping_add(1));
    put_word(&mut log, 20, 0x1234_5678);
    sign_header(&mut log, false);
    check(&db, &log).expect("frames of an earlier log pass");
}

#[test]
fn no_log_and_an_empty_log_pass() {
    let scratch = Scratch::new("no-log");
    let db = scratch.path("none.db");
    check_write_ahead_log(&db).expect("no database and no log pass");
    fs::write(&db, b"").expect("a database file");
    check_write_ahead_log(&db).expect("no log passes");
    check(&db, b"").expect("an empty log passes");
}

#[test]
fn a_log_that_is_a_folder_is_unreadable() {
    let scratch = Scratch::new("log-folder");
    let db = scratch.path("odd.db");
    fs::create_dir(wal_of(&db)).expect("a folder");
    match check_write_ahead_log(&db) {
        Err(problem @ FileProblem::Unreadable { .. }) => {
            assert!(problem.to_string().contains("odd.db-wal"), "{problem}");
        }
        other => panic!("expected an unreadable log, got {other:?}"),
    }
}

fn read_only(problem: &FileProblem, names: &Path) {
    let message = problem.to_string();
    assert!(message.contains(&names.display().to_string()), "{message}");
    assert!(message.contains("read-only") && message.contains("--db"), "{message}");
    assert!(!message.contains("damaged"), "{message}");
}

#[test]
fn a_read_only_database_file_is_refused() {
    let scratch = Scratch::new("read-only-file");
    let db = scratch.path("games.db");
    fs::write(&db, b"").expect("a database file");
    check_writable(&db).expect("a writable file passes");
    fs::set_permissions(&db, fs::Permissions::from_mode(0o444)).expect("read-only");
    match check_writable(&db) {
        Err(problem @ FileProblem::ReadOnlyFile { .. }) => read_only(&problem, &db),
        other => panic!("expected a read-only file, got {other:?}"),
    }
    fs::set_permissions(&db, fs::Permissions::from_mode(0o644)).expect("writable again");

    // SQLite writes the log too.
    fs::write(wal_of(&db), b"").expect("a log");
    fs::set_permissions(wal_of(&db), fs::Permissions::from_mode(0o444)).expect("read-only");
    match check_writable(&db) {
        Err(problem @ FileProblem::ReadOnlyFile { .. }) => read_only(&problem, &wal_of(&db)),
        other => panic!("expected a read-only log, got {other:?}"),
    }
    fs::set_permissions(wal_of(&db), fs::Permissions::from_mode(0o644)).expect("writable again");
    check_writable(&db).expect("writable again");
}

#[test]
fn a_read_only_folder_is_refused() {
    let scratch = Scratch::new("read-only-folder");
    let folder = scratch.path("games");
    fs::create_dir(&folder).expect("a folder");
    let db = folder.join("games.db");
    fs::write(&db, b"").expect("a database file");
    fs::set_permissions(&folder, fs::Permissions::from_mode(0o555)).expect("read-only");
    let verdict = check_writable(&db);
    fs::set_permissions(&folder, fs::Permissions::from_mode(0o755)).expect("writable again");
    match verdict {
        Err(problem @ FileProblem::ReadOnlyFolder { .. }) => {
            read_only(&problem, &folder);
            assert!(problem.to_string().contains(&db.display().to_string()), "{problem}");
        }
        other => panic!("expected a read-only folder, got {other:?}"),
    }
    check_writable(&db).expect("writable again");
}

#[test]
fn a_new_database_needs_an_existing_writable_folder() {
    let scratch = Scratch::new("fresh");
    check_writable(&scratch.path("new.db")).expect("a fresh path in a writable folder passes");

    let missing = scratch.path("nowhere").join("new.db");
    match check_writable(&missing) {
        Err(problem @ FileProblem::MissingFolder { .. }) => {
            let message = problem.to_string();
            assert!(message.contains(&scratch.path("nowhere").display().to_string()), "{message}");
            assert!(message.contains("does not exist"), "{message}");
        }
        other => panic!("expected a missing folder, got {other:?}"),
    }

    let file = scratch.path("plain");
    fs::write(&file, b"").expect("a file");
    match check_writable(&file.join("new.db")) {
        Err(FileProblem::NotAFolder { folder, .. }) => assert_eq!(folder, file.display().to_string()),
        other => panic!("expected a file where the folder should be, got {other:?}"),
    }
}

// The store's checks on databases it wrote.

/// The database, its log and its record of acknowledged changes, as bytes (`None`: no such file).
fn files_of(db: &Path) -> [Option<Vec<u8>>; 3] {
    [db.to_path_buf(), wal_of(db), acknowledged_file(db)].map(|file| fs::read(file).ok())
}

/// Puts `files` (as [`files_of`] answers them) at `db`, with no `-shm`: what a copy of the files,
/// or a machine stopped at that moment, leaves.
fn put(db: &Path, files: &[Option<Vec<u8>>; 3]) {
    let _ = fs::remove_file(beside(db, "-shm"));
    for (file, bytes) in [db.to_path_buf(), wal_of(db), acknowledged_file(db)].iter().zip(files) {
        match bytes {
            Some(bytes) => fs::write(file, bytes).expect("written"),
            None => {
                let _ = fs::remove_file(file);
            }
        }
    }
}

/// Opens `db` with the store, expecting a refusal, and makes sure the refusal changed none of the
/// database, its log and its record. (SQLite makes an empty log where there was none when it opens
/// a database in write-ahead-log mode: no log and an empty one hold the same, nothing.)
fn refused(db: &Path) -> StoreError {
    let no_log_as_empty = |mut files: [Option<Vec<u8>>; 3]| {
        files[1].get_or_insert_with(Vec::new);
        files
    };
    let before = no_log_as_empty(files_of(db));
    let err = Store::open(db).err().expect("refused");
    let after = no_log_as_empty(files_of(db));
    for (k, name) in ["the database", "its log", "its record"].iter().enumerate() {
        assert!(before[k] == after[k], "{name} is left as it was ({err})");
    }
    err
}

/// Makes a game and plays `decisions` decisions in it, each its own commit, as the server does.
fn play(store: &Store, decisions: usize) -> i64 {
    let id = store.create("probe", "manoeuvre", &json!({"seed": 7, "log": []})).expect("a game");
    let mut version = store.version(id).expect("a version");
    for n in 0..decisions {
        version = store.write_log(id, version, n, &[json!({"id": format!("decision {n}")})], None).expect("saved");
    }
    id
}

fn steps(db: &Path, id: i64) -> usize {
    Store::open(db).expect("opens").load(id).expect("the game")["log"].as_array().expect("a log").len()
}

/// How many steps SQLite itself reads for the game from a copy of `files`, without the store.
fn steps_sqlite_reads(scratch: &Scratch, files: &[Option<Vec<u8>>; 3], id: i64) -> i64 {
    let copy = scratch.path("as-sqlite-reads.sqlite");
    put(&copy, files);
    let conn = Connection::open(&copy).expect("opens");
    conn.query_row("SELECT count(*) FROM actions WHERE game = ?1", [id], |r| r.get(0)).expect("a count")
}

#[test]
fn a_log_cut_before_its_last_acknowledged_commits_is_refused_and_left_as_it_was() {
    let scratch = Scratch::new("cut-acknowledged");
    let db = scratch.path("games.sqlite");
    let store = Store::open(&db).expect("a new database");
    let id = play(&store, 120);
    // Taken while the store is open: the decisions are in the log, not yet in the database file.
    let whole = files_of(&db);
    let log = whole[1].clone().expect("a log");
    let record = read_acknowledged(&db).expect("a record of what was acknowledged");
    drop(store);

    let commits = commit_frames(&log);
    assert!(commits.len() > 100, "each decision is a commit of its own: {}", commits.len());
    // Cut where the probe of issue 46 cut: 79 acknowledged decisions after the cut.
    let kept = commits[commits.len() - 80];
    let copy = scratch.path("cut.sqlite");
    for (how, at) in [
        ("at a frame boundary", frame_at(&log, kept + 1)),
        ("in the middle of a frame", frame_at(&log, kept + 1) + 24 + 1000),
        ("in the middle of a frame header", frame_at(&log, kept + 1) + 7),
    ] {
        let mut cut = whole.clone();
        cut[1] = Some(log[..at].to_vec());
        // The log's own check passes it: its frames are whole and sound as far as they go, just
        // as a crash in the middle of a write leaves them.
        put(&copy, &cut);
        check_write_ahead_log(&copy).expect("the frames left are sound");
        // SQLite reads it without a word, 79 decisions short.
        assert_eq!(steps_sqlite_reads(&scratch, &cut, id), 120 - 79, "{how}");
        put(&copy, &cut);
        let err = refused(&copy);
        let message = err.to_string();
        assert!(
            matches!(err, StoreError::LostChanges { missing: 79, acknowledged, .. } if acknowledged == record.changes),
            "{how}: {message}"
        );
        assert!(message.contains(&copy.display().to_string()), "{message}");
        assert!(message.contains(&acknowledged_file(&copy).display().to_string()), "{message}");
        assert!(message.contains("missing 79 of the changes") && message.contains("left as they are"), "{message}");
        assert!(message.contains("delete") && message.contains("--db"), "{message}");
    }

    // Even the last commit frame alone, once acknowledged, is missed.
    let mut cut = whole.clone();
    cut[1] = Some(log[..frame_at(&log, *commits.last().expect("commits"))].to_vec());
    put(&copy, &cut);
    assert!(matches!(refused(&copy), StoreError::LostChanges { missing: 1, .. }));

    // A log lost altogether: the database's id was folded into its file when it was made, so the
    // record still names it.
    let mut lost = whole.clone();
    lost[1] = None;
    put(&copy, &lost);
    assert!(matches!(refused(&copy), StoreError::LostChanges { missing, .. } if missing == record.changes));

    // The whole files lose nothing.
    put(&copy, &whole);
    assert_eq!(steps(&copy, id), 120);
}

#[test]
fn a_write_cut_off_by_a_crash_before_it_was_acknowledged_is_not_refused() {
    let scratch = Scratch::new("crash-mid-write");
    let db = scratch.path("games.sqlite");
    let store = Store::open(&db).expect("a new database");
    let id = play(&store, 20);
    // The record as it stands before the last write: a crash during that write stops the program
    // before it records the write as acknowledged.
    let acknowledged = fs::read(acknowledged_file(&db)).expect("a record");
    // One write long enough to span several frames, so that its frames before the commit frame
    // can be left whole.
    let long: Vec<Value> = (0..400).map(|n| json!({"id": format!("a long step {n} {}", "x".repeat(40))})).collect();
    store.write_log(id, 21, 20, &long, None).expect("the last write");
    let mut files = files_of(&db);
    drop(store);
    files[2] = Some(acknowledged);
    let log = files[1].clone().expect("a log");
    let commits = commit_frames(&log);
    let [.., before, last] = commits[..] else { panic!("several commits: {commits:?}") };
    assert!(last - before >= 4, "the last write spans frames: {commits:?}");

    let copy = scratch.path("crashed.sqlite");
    for (how, at) in [
        ("before its commit frame", frame_at(&log, last)),
        ("in its commit frame", frame_at(&log, last) + 24 + 100),
        ("in one of its first frames", frame_at(&log, before + 2) + 24 + 2000),
    ] {
        let mut crashed = files.clone();
        crashed[1] = Some(log[..at].to_vec());
        put(&copy, &crashed);
        let store = Store::open(&copy).unwrap_or_else(|e| panic!("{how}: {e}"));
        assert_eq!(store.load(id).expect("the game")["log"].as_array().expect("a log").len(), 20, "{how}");
        // And the game plays on over it.
        store.write_log(id, 21, 20, &[json!("after the crash")], None).expect("a write after the crash");
    }
}

#[test]
fn an_older_copy_put_back_on_purpose_opens_once_its_record_is_deleted() {
    let scratch = Scratch::new("older-copy");
    let db = scratch.path("games.sqlite");
    let store = Store::open(&db).expect("a new database");
    let id = play(&store, 5);
    let older = files_of(&db);
    let mut version = store.version(id).expect("a version");
    for n in 5..12 {
        version = store.write_log(id, version, n, &[json!(n)], None).expect("saved");
    }
    drop(store);
    // The older database and log put back over the newer ones (closed, so folded into the file).
    put(&db, &[older[0].clone(), older[1].clone(), fs::read(acknowledged_file(&db)).ok()]);
    let message = refused(&db).to_string();
    assert!(message.contains("missing 7 of the changes"), "{message}");
    assert!(message.contains(&format!("delete {}", acknowledged_file(&db).display())), "{message}");
    fs::remove_file(acknowledged_file(&db)).expect("the record deleted, as the message says");
    assert_eq!(steps(&db, id), 5);
    // A record of another database beside it is passed over.
    let other = scratch.path("other.sqlite");
    let store = Store::open(&other).expect("another database");
    play(&store, 30);
    drop(store);
    fs::copy(acknowledged_file(&other), acknowledged_file(&db)).expect("the other's record");
    assert_eq!(steps(&db, id), 5);
}

#[test]
fn every_change_is_recorded_beside_the_database_once_committed() {
    let scratch = Scratch::new("recorded");
    let db = scratch.path("games.sqlite");
    let store = Store::open(&db).expect("a new database");
    let count = || -> (String, u64) {
        let conn = Connection::open(&db).expect("a second connection");
        let (id, n): (String, i64) = conn
            .query_row("SELECT database, changes FROM acknowledged", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("the count");
        (id, n as u64)
    };
    let recorded = || read_acknowledged(&db).map(|r| (r.database, r.changes)).expect("a record");
    let id = store.create_seated("g", "manoeuvre", &json!({"log": ["a"]}), &json!([null, "rules"])).expect("made");
    assert_eq!(recorded(), count());
    let steps_before = count().1;
    store.write_log(id, 1, 1, &[json!("b")], None).expect("a decision");
    store.rename(id, "renamed").expect("renamed");
    store.set_standing(id, &json!({"over": false})).expect("a standing");
    store.save_rollback(id, 2, 1, 2, &[], &json!(["b"])).expect("a rollback");
    assert_eq!(recorded(), count());
    assert_eq!(count().1, steps_before + 4, "one change for each");
    let other = store.create("h", "manoeuvre", &json!({})).expect("made");
    store.delete(other).expect("deleted");
    assert_eq!(recorded(), count());
    // Handing a game to two devices and taking it back are changes too.
    let before = count().1;
    store.set_seat_keys(id, &["a".repeat(32), "b".repeat(32)]).expect("handed out");
    assert_eq!(recorded(), count());
    assert!(store.clear_seat_keys(id).expect("taken back"));
    assert_eq!(recorded(), count());
    assert!(count().1 > before + 1, "both recorded: {before} then {}", count().1);
    // A write refused over a version that moved on changes nothing, and records nothing new.
    let before = fs::read(acknowledged_file(&db)).expect("the record");
    assert!(store.write_log(id, 1, 0, &[], None).is_err());
    assert_eq!(fs::read(acknowledged_file(&db)).expect("the record"), before);
    assert_eq!(recorded(), count());
    // A torn or edited record is no record.
    let text = String::from_utf8(before).expect("text");
    fs::write(acknowledged_file(&db), text.replace("changes 0", "changes 9")).expect("edited");
    assert_eq!(read_acknowledged(&db), None);
}

/// A database the store wrote and closed (so the whole of it is in its file), with `games`
/// games of `steps` steps each, each step's text naming its game and step.
fn closed_database(db: &Path, games: usize, steps: usize) -> Vec<u8> {
    let store = Store::open(db).expect("a new database");
    for g in 0..games {
        let log: Vec<Value> = (0..steps).map(|s| json!(format!("mark-{g}-{s}-end"))).collect();
        store.create(&format!("game {g}"), "manoeuvre", &json!({"seed": g, "log": log})).expect("a game");
    }
    drop(store);
    assert!(!wal_of(db).exists(), "closing folded the log into the database");
    fs::read(db).expect("the database")
}

/// What `PRAGMA quick_check`, the store's only check before issue 46, says of `bytes`.
fn quick_check(scratch: &Scratch, bytes: &[u8]) -> String {
    let copy = scratch.path("quick-check.sqlite");
    put(&copy, &[Some(bytes.to_vec()), None, None]);
    let conn = Connection::open(&copy).expect("opens");
    conn.query_row("PRAGMA quick_check(1)", [], |r| r.get(0)).expect("a verdict")
}

fn find(bytes: &[u8], text: &str) -> Vec<usize> {
    bytes.windows(text.len()).enumerate().filter(|(_, w)| *w == text.as_bytes()).map(|(at, _)| at).collect()
}

fn damaged(db: &Path) -> String {
    match refused(db) {
        err @ StoreError::DamagedFile { .. } => {
            let message = err.to_string();
            assert!(message.contains(&db.display().to_string()) && message.contains("left as it is"), "{message}");
            message
        }
        other => panic!("expected a damaged file, got {other}"),
    }
}

#[test]
fn a_database_cut_by_one_byte_is_refused() {
    let scratch = Scratch::new("one-byte");
    let bytes = closed_database(&scratch.path("whole.sqlite"), 6, 60);
    let cut = &bytes[..bytes.len() - 1];
    assert_eq!(quick_check(&scratch, cut), "ok", "SQLite's quick check passes it");
    let db = scratch.path("cut.sqlite");
    put(&db, &[Some(cut.to_vec()), None, None]);
    let message = damaged(&db);
    assert!(message.contains("not a whole number of its 4096-byte pages"), "{message}");
}

#[test]
fn a_bit_flipped_where_quick_check_does_not_look_is_refused() {
    let scratch = Scratch::new("flipped-bit");
    let bytes = closed_database(&scratch.path("whole.sqlite"), 6, 60);
    let db = scratch.path("flipped.sqlite");
    // A step whose text is stored once (not also as a key in an interior page).
    let (game, step, at) = (2..6)
        .flat_map(|g| (2..50).map(move |s| (g, s)))
        .find_map(|(g, s)| match find(&bytes, &format!("\"mark-{g}-{s}-end\""))[..] {
            [at] => Some((g, s, at)),
            _ => None,
        })
        .expect("a step stored once");
    // In the row (game, step, entry) of the actions table the two small numbers are one byte each,
    // just before the text.
    assert_eq!((bytes[at - 2], bytes[at - 1]), (game as u8 + 1, step as u8), "the row's key before its text");

    // A bit of the text's closing quote: no longer JSON.
    let mut text = bytes.clone();
    let quote = at + format!("\"mark-{game}-{step}-end").len();
    text[quote] ^= 0x01;
    assert_eq!(quick_check(&scratch, &text), "ok", "SQLite's quick check passes it");
    put(&db, &[Some(text), None, None]);
    let message = damaged(&db);
    assert!(message.contains(&format!("not JSON in step {} of game {}", step + 1, game + 1)), "{message}");

    // A bit of the step's number: the rows are out of order, which only the full check sees.
    let mut key = bytes.clone();
    key[at - 1] ^= 0x40;
    assert_eq!(quick_check(&scratch, &key), "ok", "SQLite's quick check passes it");
    put(&db, &[Some(key), None, None]);
    let message = damaged(&db);
    assert!(message.contains("actions"), "{message}");

    // A bit of a b-tree page's header (the number of cells of the page holding the text).
    let mut header = bytes.clone();
    let page = at / 4096 * 4096;
    assert!(matches!(header[page], 0x0a | 0x0d), "a leaf page");
    header[page + 3] ^= 0x80;
    put(&db, &[Some(header), None, None]);
    damaged(&db);

    // The whole file opens and keeps every game.
    put(&db, &[Some(bytes), None, None]);
    assert_eq!(Store::open(&db).expect("opens").list().expect("listed").len(), 6);
}

/// Set in the copy of this test binary that [`a_database_in_a_folder_this_user_cannot_write_is_named_as_such`]
/// runs as another user: the database it opens.
const AS_ANOTHER_USER: &str = "CDGSOLO_TEST_OPEN_AS_ANOTHER_USER";

/// Runs this test binary's `test` as the user `nobody` (65534) with `db` to open, when `setpriv`
/// (util-linux) is there and this process may switch users; answers what the run printed.
fn as_another_user(test: &str, db: &Path) -> Option<String> {
    let exe = std::env::current_exe().expect("this test binary");
    let output = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(&exe)
        .args(["--exact", test, "--nocapture", "--test-threads=1"])
        .env(AS_ANOTHER_USER, db)
        .output();
    match output {
        Ok(output) if output.status.success() => Some(String::from_utf8_lossy(&output.stdout).into_owned()),
        Ok(output) => {
            println!(
                "skipped: setpriv could not run the test as another user: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            );
            None
        }
        Err(e) => {
            println!("skipped: setpriv (util-linux) is not there to run the test as another user: {e}");
            None
        }
    }
}

#[test]
fn a_database_in_a_folder_this_user_cannot_write_is_named_as_such() {
    const TEST: &str = "a_database_in_a_folder_this_user_cannot_write_is_named_as_such";
    if let Some(db) = std::env::var_os(AS_ANOTHER_USER) {
        // The run as the other user: say what opening the database answered.
        match Store::open(Path::new(&db)) {
            Ok(store) => {
                store.create("by another user", "manoeuvre", &json!({})).expect("a game");
                println!("OPENED");
            }
            Err(e) => println!("REFUSED: {e}"),
        }
        return;
    }
    let scratch = Scratch::new("other-user");
    // A healthy database, readable and writable by anyone, in a folder only its owner may write.
    let folder = scratch.path("games");
    fs::create_dir(&folder).expect("a folder");
    fs::set_permissions(&folder, fs::Permissions::from_mode(0o755)).expect("the owner's folder");
    let db = folder.join("games.sqlite");
    drop(Store::open(&db).expect("a database"));
    let _ = fs::remove_file(acknowledged_file(&db));
    assert!(!wal_of(&db).exists() && !beside(&db, "-shm").exists(), "closed whole");
    fs::set_permissions(&db, fs::Permissions::from_mode(0o666)).expect("anyone may write the file");
    {
        use std::os::unix::fs::MetadataExt;
        if fs::metadata(&folder).expect("the folder").uid() == 65534 {
            println!("skipped: this test runs as the user it would switch to");
            return;
        }
    }
    let before = fs::read(&db).expect("the database");
    let Some(out) = as_another_user(TEST, &db) else { return };
    let message = out.split_once("REFUSED: ").map(|(_, m)| m).unwrap_or_else(|| panic!("{out}"));
    assert!(message.contains(&folder.display().to_string()) && message.contains("cannot make files"), "{message}");
    assert!(message.contains("games.sqlite-wal and games.sqlite-shm"), "{message}");
    assert!(message.contains("is not damaged") && !message.contains("move it away"), "{message}");
    assert_eq!(fs::read(&db).expect("the database"), before, "the database is left as it was");
    assert!(!wal_of(&db).exists() && !beside(&db, "-shm").exists());

    // With its -wal and -shm there and writable, SQLite has nothing to make: the other user plays.
    for suffix in ["-wal", "-shm"] {
        fs::write(beside(&db, suffix), b"").expect("made");
        fs::set_permissions(beside(&db, suffix), fs::Permissions::from_mode(0o666)).expect("anyone may write it");
    }
    let out = as_another_user(TEST, &db).expect("ran before");
    assert!(out.contains("OPENED"), "{out}");
}
