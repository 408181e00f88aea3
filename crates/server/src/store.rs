//! The saved games: one SQLite database (write-ahead log) holding each game as the protocol's record
//! (setup, seed and action log), so a saved game always replays. The record's head (setup, seed)
//! is written once and its log one row per step, so a decision costs one short write however long
//! the game; each game carries a version that every change of its log raises, and a change is
//! made only over the version its writer read, so two programs on one file (a terminal and a
//! server, two servers) can never overwrite each other's decisions. The schema carries a version in
//! SQLite's `user_version`; migrations run in order when a database is opened, and a database from
//! a later version of cdgsolo is refused rather than changed. Before its first write the store
//! reads the whole file ([`Store::open`] says what it checks), and after each commit it records
//! beside the database how many changes had been acknowledged ([`crate::db_file`] says why), so
//! that a database that lost acknowledged changes (its log cut or lost) is refused, not served.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;

/// The schema version this build writes.
const SCHEMA_VERSION: i64 = 8;

/// Each migration brings the schema from the version before it to its own number.
const MIGRATIONS: [&str; 8] = [
    "CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        game TEXT NOT NULL,
        created TEXT NOT NULL DEFAULT (datetime('now')),
        updated TEXT NOT NULL DEFAULT (datetime('now')),
        record TEXT NOT NULL
    );",
    // Who sits in each seat: null for a person, or a bot's name.
    "ALTER TABLE games ADD COLUMN seats TEXT NOT NULL DEFAULT '[null,null]';",
    // Each rollback keeps the steps it took off, so a game's history can tell what was played.
    "CREATE TABLE rollbacks (
        id INTEGER PRIMARY KEY,
        game INTEGER NOT NULL,
        at INTEGER NOT NULL,
        steps_before INTEGER NOT NULL,
        discarded TEXT NOT NULL,
        time TEXT NOT NULL DEFAULT (datetime('now'))
    );
    CREATE INDEX rollbacks_by_game ON rollbacks (game);",
    // The log moves to a row per step, and each game gets the version its writers compare. A record
    // that is not JSON keeps its text (loading it says it is damaged) and no steps.
    "CREATE TABLE actions (
        game INTEGER NOT NULL,
        step INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (game, step)
    ) WITHOUT ROWID;
    ALTER TABLE games ADD COLUMN steps INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
    INSERT INTO actions (game, step, entry)
        SELECT g.id, CAST(j.key AS INTEGER), g.record -> j.fullkey FROM games g, json_each(g.record, '$.log') j
        WHERE json_valid(g.record) AND json_type(g.record, '$.log') = 'array';
    UPDATE games SET steps = json_array_length(record, '$.log'), record = json_remove(record, '$.log')
        WHERE json_valid(record) AND json_type(record, '$.log') = 'array';",
    // Where each game stands (over or not, who is to move), as its last writer saw it, for the list
    // of saved games without replaying each one; empty when unknown (a terminal wrote last).
    "ALTER TABLE games ADD COLUMN standing TEXT NOT NULL DEFAULT '';",
    // A game handed to two devices: each seat's secret (crate::devices). No row: one screen.
    "CREATE TABLE seat_keys (
        game INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        secret TEXT NOT NULL,
        created TEXT NOT NULL DEFAULT (datetime('now')),
        PRIMARY KEY (game, seat)
    ) WITHOUT ROWID;",
    // A count of the changes to the games (each new game, decision, undo, rollback, rename and
    // deletion changes its row), raised by triggers so that every writer raises it, and a random id
    // for the database. The store writes both beside the database after each commit
    // (crate::db_file::acknowledged_file); a database that holds fewer changes than were
    // acknowledged has lost some.
    "CREATE TABLE acknowledged (
        only INTEGER PRIMARY KEY CHECK (only = 1),
        database TEXT NOT NULL,
        changes INTEGER NOT NULL
    );
    INSERT INTO acknowledged (only, database, changes) VALUES (1, lower(hex(randomblob(16))), 0);
    CREATE TRIGGER games_inserted AFTER INSERT ON games BEGIN UPDATE acknowledged SET changes = changes + 1; END;
    CREATE TRIGGER games_updated AFTER UPDATE ON games BEGIN UPDATE acknowledged SET changes = changes + 1; END;
    CREATE TRIGGER games_deleted AFTER DELETE ON games BEGIN UPDATE acknowledged SET changes = changes + 1; END;",
    // Handing a game to two devices, and taking it back, count as changes too.
    "CREATE TRIGGER seat_keys_inserted AFTER INSERT ON seat_keys BEGIN UPDATE acknowledged SET changes = changes + 1; END;
    CREATE TRIGGER seat_keys_deleted AFTER DELETE ON seat_keys BEGIN UPDATE acknowledged SET changes = changes + 1; END;",
];

/// The schema version from which a database counts its changes and has an id.
const ACKNOWLEDGED_SINCE: i64 = 7;

/// Below this size the store reads the whole database with SQLite's full `integrity_check` and
/// checks that every stored text is JSON before the first write; above it, `quick_check` alone,
/// so that a very large file does not make every start slow.
const FULL_CHECK_BELOW: u64 = 64 << 20;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the saved games database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error(
        "{path} was written by a later version of cdgsolo (schema {found}, this one knows {known}); it is left as it is"
    )]
    TooNew { path: String, found: i64, known: i64 },
    #[error("no saved game has the id {0}")]
    NoGame(i64),
    #[error("saved game {id} is damaged: {reason}")]
    Damaged { id: i64, reason: String },
    #[error("cannot use {path} as the saved games: it is {kind}, not a regular file")]
    NotAFile { path: String, kind: &'static str },
    #[error("cannot open the saved games in {path}: {reason}")]
    Unreadable { path: String, reason: String },
    #[error("{path} is not a SQLite database, so it cannot hold the saved games; it is left as it is")]
    NotADatabase { path: String },
    #[error(
        "{path} is a SQLite database of some other program (it has tables but no cdgsolo schema version); it is \
         left as it is"
    )]
    Foreign { path: String },
    #[error("{path} is damaged ({reason}); it is left as it is: move it away or give another --db")]
    DamagedFile { path: String, reason: String },
    #[error(
        "{path} is missing {missing} of the changes to the saved games (decisions, new games, renames) that were \
         saved and acknowledged: it holds {found}, and {record} records {acknowledged}. Its write-ahead log \
         {path}-wal was cut short or lost, or an older copy of the database was put in its place. The files are \
         left as they are: keep a copy of them, and put back a whole copy of the database with its -wal file if \
         you have one, or give another --db; if you put an older copy there on purpose, delete {record} and start \
         again"
    )]
    LostChanges { path: String, record: String, found: u64, acknowledged: u64, missing: u64 },
    #[error(transparent)]
    File(#[from] crate::db_file::FileProblem),
    #[error(
        "{path} can only be read here (a read-only disk or mount, or files this user may not write), so no game \
         could be saved in it; it is left as it is and is not damaged: give another --db"
    )]
    ReadOnly { path: String },
    #[error(
        "game {id} was changed elsewhere (another tab, server or terminal) since it was read; nothing was written: \
         reload it and decide again"
    )]
    Conflict { id: i64 },
    #[error("saved game {id} has {steps} steps, so its log cannot be kept up to step {keep}")]
    BeyondLog { id: i64, steps: usize, keep: usize },
}

/// One saved game as the list shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub created: String,
    pub updated: String,
    /// Where the game stands as its last writer saw it (`{"over", "to_move", "result"}`), null
    /// when unknown.
    pub standing: Value,
}

/// One rollback of a game as its history lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rollback {
    /// The step the game went back to.
    pub at: i64,
    /// How many steps it had before.
    pub from: i64,
    /// When (UTC, as SQLite writes it).
    pub when: String,
}

/// The saved games.
pub struct Store {
    conn: Connection,
    /// Where each commit's count of changes is recorded (crate::db_file::acknowledged_file): none
    /// for a database in memory.
    acknowledged: Option<std::cell::RefCell<crate::db_file::AcknowledgedWriter>>,
}

impl Store {
    /// Opens (or creates) the database at `path` and brings its schema up to date. A path that is
    /// not a regular file, a file that is not a SQLite database, another program's database, a
    /// damaged one (a damaged log, a length that is not whole pages, SQLite's integrity check, a
    /// stored text that is not JSON) and one holding fewer changes than were acknowledged are
    /// refused before anything is written to them, every file left as it was.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let name = path.display().to_string();
        Self::check_file(path, &name)?;
        // A read-only file or folder is said to be so, before SQLite would fail on it in other words.
        crate::db_file::check_writable(path)?;
        // SQLite drops a damaged write-ahead log without a word, with every decision in it.
        crate::db_file::check_write_ahead_log(path)?;
        let conn =
            Connection::open(path).map_err(|e| StoreError::Unreadable { path: name.clone(), reason: e.to_string() })?;
        // Until the file is known to be whole, closing must not fold the log into it.
        conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)?;
        if conn.is_readonly(rusqlite::MAIN_DB)? {
            return Err(StoreError::ReadOnly { path: name });
        }
        Self::check_contents(&conn, path, &name)?;
        // SQLite reads a log cut short, or no log at all, as the database it was before the lost
        // commits: only the record of what was acknowledged tells.
        Self::check_acknowledged(&conn, path, &name)?;
        conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, false)?;
        Self::prepare(conn, &name, Some(path))
    }

    /// Refuses, without opening it for SQLite, what stands at `path` when it cannot be a database:
    /// SQLite would block on a named pipe and read a device as an empty database.
    fn check_file(path: &Path, name: &str) -> Result<(), StoreError> {
        // Only the metadata is looked at: the header is left for SQLite to read, because a
        // descriptor of our own on the file, once closed, would drop the POSIX locks that other
        // connections of this process hold on it.
        match engine::files::check_regular(path) {
            Ok(_) => Ok(()),
            // A new database is made where there is none yet.
            Err(engine::files::FileError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(engine::files::FileError::NotRegular { kind, .. }) => {
                Err(StoreError::NotAFile { path: name.to_string(), kind })
            }
            Err(e) => Err(StoreError::Unreadable { path: name.to_string(), reason: e.to_string() }),
        }
    }

    /// Reads the whole database once before the first write: a cut or damaged file is refused
    /// here, rather than half-served and then extended by the next save. Below
    /// [`FULL_CHECK_BELOW`] the check is SQLite's full `integrity_check` (which also compares each
    /// table's order and its indexes with their rows, where `quick_check` looks at pages alone) and
    /// every stored text must be JSON, so that a byte changed inside a saved decision is found here
    /// rather than when its game is loaded.
    fn check_contents(conn: &Connection, path: &Path, name: &str) -> Result<(), StoreError> {
        let damaged = |reason: String| StoreError::DamagedFile { path: name.to_string(), reason };
        let sqlite = |e: rusqlite::Error| match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::NotADatabase) => StoreError::NotADatabase { path: name.to_string() },
            // SQLite could not make or write a file it needs: nothing says the database is damaged.
            Some(
                rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::PermissionDenied,
            ) => StoreError::ReadOnly { path: name.to_string() },
            _ => damaged(e.to_string()),
        };
        // Reading the schema reads the header first: a file that is not a database says so here.
        let objects: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0)).map_err(sqlite)?;
        // SQLite writes its file in whole pages and reads a missing tail as zeros, so a file cut by
        // a few bytes reads on with some bytes of its last page changed; its length gives it away.
        // (A file shorter than the page count its header gives is refused by SQLite itself.)
        let len = std::fs::metadata(path).map_or(0, |m| m.len());
        let page_size: u64 = conn.query_row("PRAGMA page_size", [], |r| r.get(0)).map_err(sqlite)?;
        if page_size > 0 && !len.is_multiple_of(page_size) {
            return Err(damaged(format!(
                "it is {len} bytes long, which is not a whole number of its {page_size}-byte pages, so it was cut \
                 short or had bytes added"
            )));
        }
        let full = len < FULL_CHECK_BELOW;
        let check = if full { "PRAGMA integrity_check(5)" } else { "PRAGMA quick_check(5)" };
        let findings = strings(conn, check).map_err(sqlite)?;
        if findings != ["ok"] {
            return Err(damaged(findings.join("; ")));
        }
        // A database cdgsolo made has a schema version from its first migration on; tables
        // without one belong to some other program, whose file must not get cdgsolo's tables.
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(sqlite)?;
        if version == 0 && objects > 0 {
            return Err(StoreError::Foreign { path: name.to_string() });
        }
        // A later version's tables are its own business: it is refused as such when prepared.
        if full && (1..=SCHEMA_VERSION).contains(&version) {
            let not_json = strings(conn, &not_json_query(version)).map_err(sqlite)?;
            if !not_json.is_empty() {
                return Err(damaged(format!(
                    "what it keeps as JSON is not JSON in {}: some of its bytes were changed",
                    not_json.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// Refuses a database that holds fewer changes than the record beside it says were
    /// acknowledged ([`crate::db_file::acknowledged_file`]). A record of another database (another
    /// id), an unreadable or torn one and none at all are passed over. The record is read before
    /// the database, so that a commit another program makes in between can only raise the
    /// database's count past the record, never leave it behind.
    fn check_acknowledged(conn: &Connection, path: &Path, name: &str) -> Result<(), StoreError> {
        let Some(record) = crate::db_file::read_acknowledged(path) else { return Ok(()) };
        // A database from before the count has neither id nor count; errors are for the steps
        // after this one to name.
        let row: Option<(String, i64)> = conn
            .query_row("SELECT database, changes FROM acknowledged WHERE only = 1", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .ok();
        let Some((database, found)) = row else { return Ok(()) };
        let found = u64::try_from(found).unwrap_or(0);
        if database != record.database || found >= record.changes {
            return Ok(());
        }
        Err(StoreError::LostChanges {
            path: name.to_string(),
            record: crate::db_file::acknowledged_file(path).display().to_string(),
            found,
            acknowledged: record.changes,
            missing: record.changes - found,
        })
    }

    /// A database in memory, for tests.
    pub fn in_memory() -> Result<Self, StoreError> {
        Self::prepare(Connection::open_in_memory()?, ":memory:", None)
    }

    /// Brings the schema up to date; `file` is the database's file, whose record of acknowledged
    /// changes the store keeps (none in memory).
    fn prepare(conn: Connection, path: &str, file: Option<&Path>) -> Result<Self, StoreError> {
        // A file that is not a database fails here, before anything is written to it.
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew { path: path.to_string(), found: version, known: SCHEMA_VERSION });
        }
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(usize::try_from(version).unwrap_or(0)) {
            conn.execute_batch(&format!("BEGIN; {sql} PRAGMA user_version = {}; COMMIT;", i + 1))?;
        }
        let Some(db) = file else { return Ok(Store { conn, acknowledged: None }) };
        if version < ACKNOWLEDGED_SINCE {
            // The id was just made, in the log: fold it into the database file, so that a log lost
            // later cannot take the id with it and leave a database its record does not name.
            conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))?;
        }
        let database: Option<String> =
            conn.query_row("SELECT database FROM acknowledged WHERE only = 1", [], |r| r.get(0)).optional()?;
        let acknowledged =
            database.map(|database| std::cell::RefCell::new(crate::db_file::AcknowledgedWriter::new(db, database)));
        Ok(Store { conn, acknowledged })
    }

    /// Commits `tx`, then records beside the database how many changes it holds as of this commit
    /// (read inside the transaction, so that it is this commit's count and never a later one, and
    /// written after the commit returned, so that the record never runs ahead of the disk).
    fn commit(&self, tx: rusqlite::Transaction<'_>) -> Result<(), StoreError> {
        let changes: Option<i64> = match self.acknowledged {
            Some(_) => tx
                .prepare_cached("SELECT changes FROM acknowledged WHERE only = 1")?
                .query_row([], |r| r.get(0))
                .optional()?,
            None => None,
        };
        tx.commit()?;
        if let (Some(record), Some(changes)) = (&self.acknowledged, changes) {
            // The commit stands whatever becomes of the record: a record that lags behind only
            // lets a later loss go unnoticed.
            let _ = record.borrow_mut().write(u64::try_from(changes).unwrap_or(0));
        }
        Ok(())
    }

    /// Saves a new game; returns its id.
    pub fn create(&self, name: &str, game: &str, record: &Value) -> Result<i64, StoreError> {
        self.create_seated(name, game, record, &Value::Array(vec![Value::Null, Value::Null]))
    }

    /// Saves a new game with its seats (`[null, "rules"]`: a person, then a bot); returns its id.
    /// Its version is 1.
    pub fn create_seated(&self, name: &str, game: &str, record: &Value, seats: &Value) -> Result<i64, StoreError> {
        let mut head = record.clone();
        let log = match head.as_object_mut().and_then(|map| map.remove("log")) {
            Some(Value::Array(entries)) => entries,
            _ => Vec::new(),
        };
        let tx = self.immediate()?;
        tx.execute(
            "INSERT INTO games (name, game, record, seats, steps, version) VALUES (?1, ?2, ?3, ?4, ?5, 1)",
            params![name, game, head.to_string(), seats.to_string(), log.len() as i64],
        )?;
        let id = tx.last_insert_rowid();
        append(&tx, id, 0, &log)?;
        self.commit(tx)?;
        Ok(id)
    }

    /// A transaction that holds the write lock from its start: a read of a version and the write
    /// that depends on it see the same database, and two writers queue instead of failing.
    fn immediate(&self) -> Result<rusqlite::Transaction<'_>, StoreError> {
        Ok(rusqlite::Transaction::new_unchecked(&self.conn, rusqlite::TransactionBehavior::Immediate)?)
    }

    /// Who sits in each seat of a game.
    pub fn seats(&self, id: i64) -> Result<Value, StoreError> {
        let text: Option<String> =
            self.conn.query_row("SELECT seats FROM games WHERE id = ?1", [id], |r| r.get(0)).optional()?;
        let text = text.ok_or(StoreError::NoGame(id))?;
        serde_json::from_str(&text).map_err(|e| StoreError::Damaged { id, reason: e.to_string() })
    }

    /// A game's version: raised by every change of its log.
    pub fn version(&self, id: i64) -> Result<i64, StoreError> {
        self.conn
            .query_row("SELECT version FROM games WHERE id = ?1", [id], |r| r.get(0))
            .optional()?
            .ok_or(StoreError::NoGame(id))
    }

    /// Changes a game's log, only if its version is still `expected`: keeps the first `keep`
    /// steps, drops the rest and appends `entries` after them. Answers the new version; a game
    /// changed since `expected` is [`StoreError::Conflict`] and nothing is written.
    /// `standing` is where the game stands after it (the list of saved games shows it); `None`
    /// leaves it unknown.
    pub fn write_log(
        &self,
        id: i64,
        expected: i64,
        keep: usize,
        entries: &[Value],
        standing: Option<&Value>,
    ) -> Result<i64, StoreError> {
        let tx = self.immediate()?;
        let version = write_log_in(&tx, id, expected, keep, entries, standing)?;
        self.commit(tx)?;
        Ok(version)
    }

    /// Replaces a game's whole log over version `expected` (a terminal's autosave, which knows the
    /// log it wrote last): only the steps after the part both logs share are written.
    pub fn replace_log(&self, id: i64, expected: i64, before: &[Value], log: &[Value]) -> Result<i64, StoreError> {
        let keep = before.iter().zip(log).take_while(|(a, b)| a == b).count();
        self.write_log(id, expected, keep, &log[keep..], None)
    }

    /// A game's record (head and log).
    pub fn load(&self, id: i64) -> Result<Value, StoreError> {
        Ok(self.load_versioned(id)?.0)
    }

    /// A game's record with its version, read in one transaction.
    pub fn load_versioned(&self, id: i64) -> Result<(Value, i64), StoreError> {
        let tx = self.conn.unchecked_transaction()?;
        let row: Option<(String, i64, i64)> = tx
            .query_row("SELECT record, version, steps FROM games WHERE id = ?1", [id], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .optional()?;
        let (text, version, steps) = row.ok_or(StoreError::NoGame(id))?;
        let damaged = |reason: String| StoreError::Damaged { id, reason };
        let mut record: Value = serde_json::from_str(&text).map_err(|e| damaged(e.to_string()))?;
        let mut statement = tx.prepare_cached("SELECT step, entry FROM actions WHERE game = ?1 ORDER BY step")?;
        let rows = statement.query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
        let mut log = Vec::new();
        for row in rows {
            let (step, entry) = row?;
            if step != log.len() as i64 {
                return Err(damaged(format!("step {} of its log is missing", log.len() + 1)));
            }
            log.push(serde_json::from_str(&entry).map_err(|e| damaged(format!("step {}: {e}", step + 1)))?);
        }
        if log.len() as i64 != steps {
            return Err(damaged(format!("its log has {} of its {steps} steps", log.len())));
        }
        match record.as_object_mut() {
            Some(map) => map.insert("log".into(), Value::Array(log)),
            None => return Err(damaged("its record is not a JSON object".into())),
        };
        Ok((record, version))
    }

    pub fn summary(&self, id: i64) -> Result<Summary, StoreError> {
        self.conn
            .query_row("SELECT id, name, game, created, updated, standing FROM games WHERE id = ?1", [id], summary_row)
            .optional()?
            .ok_or(StoreError::NoGame(id))
    }

    /// Every saved game, the most recently played first.
    pub fn list(&self) -> Result<Vec<Summary>, StoreError> {
        let mut statement = self
            .conn
            .prepare("SELECT id, name, game, created, updated, standing FROM games ORDER BY updated DESC, id DESC")?;
        let rows = statement.query_map([], summary_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn rename(&self, id: i64, name: &str) -> Result<(), StoreError> {
        let tx = self.immediate()?;
        let n = tx.execute("UPDATE games SET name = ?2 WHERE id = ?1", params![id, name])?;
        if n == 0 {
            return Err(StoreError::NoGame(id));
        }
        self.commit(tx)
    }

    /// Deletes a game and its rollbacks.
    pub fn delete(&self, id: i64) -> Result<(), StoreError> {
        let tx = self.conn.unchecked_transaction()?;
        tx.execute("DELETE FROM rollbacks WHERE game = ?1", [id])?;
        tx.execute("DELETE FROM actions WHERE game = ?1", [id])?;
        tx.execute("DELETE FROM seat_keys WHERE game = ?1", [id])?;
        let n = tx.execute("DELETE FROM games WHERE id = ?1", [id])?;
        if n == 0 {
            return Err(StoreError::NoGame(id));
        }
        self.commit(tx)
    }

    /// A rollback to step `at` from `from` steps over version `expected`: the log is kept up to
    /// `at`, `entries` (the bots' answers) follow, and the entries taken off are kept; all or
    /// nothing is written. Answers the new version.
    pub fn save_rollback(
        &self,
        id: i64,
        expected: i64,
        at: u64,
        from: u64,
        entries: &[Value],
        discarded: &Value,
    ) -> Result<i64, StoreError> {
        let tx = self.immediate()?;
        let keep = usize::try_from(at).unwrap_or(usize::MAX);
        let version = write_log_in(&tx, id, expected, keep, entries, None)?;
        let (at, from) = (i64::try_from(at).unwrap_or(i64::MAX), i64::try_from(from).unwrap_or(i64::MAX));
        tx.execute(
            "INSERT INTO rollbacks (game, at, steps_before, discarded) VALUES (?1, ?2, ?3, ?4)",
            params![id, at, from, discarded.to_string()],
        )?;
        self.commit(tx)?;
        Ok(version)
    }

    /// Records where a game stands (after a rollback, or when it is opened), without changing its
    /// version: the list of saved games shows it.
    pub fn set_standing(&self, id: i64, standing: &Value) -> Result<(), StoreError> {
        let tx = self.immediate()?;
        tx.execute("UPDATE games SET standing = ?2 WHERE id = ?1", params![id, standing.to_string()])?;
        self.commit(tx)
    }

    /// A game's rollbacks, oldest first.
    pub fn rollbacks(&self, id: i64) -> Result<Vec<Rollback>, StoreError> {
        let mut statement =
            self.conn.prepare("SELECT at, steps_before, time FROM rollbacks WHERE game = ?1 ORDER BY id")?;
        let rows = statement.query_map([id], |r| Ok(Rollback { at: r.get(0)?, from: r.get(1)?, when: r.get(2)? }))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The log entries a rollback took off, oldest rollback first.
    pub fn discarded(&self, id: i64) -> Result<Vec<Value>, StoreError> {
        let mut statement = self.conn.prepare("SELECT discarded FROM rollbacks WHERE game = ?1 ORDER BY id")?;
        let rows = statement.query_map([id], |r| r.get::<_, String>(0))?;
        rows.map(|text| {
            let text = text?;
            serde_json::from_str(&text).map_err(|e| StoreError::Damaged { id, reason: e.to_string() })
        })
        .collect()
    }
}

/// [`Store::write_log`] inside a transaction that holds the write lock.
fn write_log_in(
    tx: &rusqlite::Transaction<'_>,
    id: i64,
    expected: i64,
    keep: usize,
    entries: &[Value],
    standing: Option<&Value>,
) -> Result<i64, StoreError> {
    let row: Option<(i64, i64)> = tx
        .query_row("SELECT version, steps FROM games WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let (version, steps) = row.ok_or(StoreError::NoGame(id))?;
    if version != expected {
        return Err(StoreError::Conflict { id });
    }
    let steps = usize::try_from(steps).unwrap_or(0);
    if keep > steps {
        return Err(StoreError::BeyondLog { id, steps, keep });
    }
    tx.execute("DELETE FROM actions WHERE game = ?1 AND step >= ?2", params![id, keep as i64])?;
    append(tx, id, keep, entries)?;
    let standing = standing.map_or_else(String::new, Value::to_string);
    tx.execute(
        "UPDATE games SET steps = ?2, version = version + 1, updated = datetime('now'), standing = ?3 WHERE id = ?1",
        params![id, (keep + entries.len()) as i64, standing],
    )?;
    Ok(version + 1)
}

/// Every row of the first column `sql` answers, as text.
fn strings(conn: &Connection, sql: &str) -> rusqlite::Result<Vec<String>> {
    let mut statement = conn.prepare(sql)?;
    let rows = statement.query_map([], |r| r.get(0))?;
    rows.collect()
}

/// A query naming (at most five of) the stored texts that are not JSON in a database of schema
/// `version`: each version's columns as they were then.
fn not_json_query(version: i64) -> String {
    let mut parts = vec!["SELECT 'the record of game ' || id FROM games WHERE NOT json_valid(record)"];
    if version >= 2 {
        parts.push("SELECT 'the seats of game ' || id FROM games WHERE NOT json_valid(seats)");
    }
    if version >= 3 {
        parts.push("SELECT 'a rollback of game ' || game FROM rollbacks WHERE NOT json_valid(discarded)");
    }
    if version >= 4 {
        parts.push("SELECT 'step ' || (step + 1) || ' of game ' || game FROM actions WHERE NOT json_valid(entry)");
    }
    if version >= 5 {
        parts.push("SELECT 'the standing of game ' || id FROM games WHERE standing <> '' AND NOT json_valid(standing)");
    }
    format!("{} LIMIT 5", parts.join(" UNION ALL "))
}

/// Writes `entries` as the steps of a game's log from `first` on.
fn append(tx: &rusqlite::Transaction<'_>, id: i64, first: usize, entries: &[Value]) -> Result<(), StoreError> {
    let mut insert = tx.prepare_cached("INSERT INTO actions (game, step, entry) VALUES (?1, ?2, ?3)")?;
    for (k, entry) in entries.iter().enumerate() {
        insert.execute(params![id, (first + k) as i64, entry.to_string()])?;
    }
    Ok(())
}

fn summary_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Summary> {
    let standing: String = r.get(5)?;
    Ok(Summary {
        id: r.get(0)?,
        name: r.get(1)?,
        game: r.get(2)?,
        created: r.get(3)?,
        updated: r.get(4)?,
        standing: serde_json::from_str(&standing).unwrap_or(Value::Null),
    })
}

/// One saved game as a terminal lists it for `--resume`: who sits where and how far it has gone.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Listed {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub updated: String,
    /// Entries in the game's log (decisions, rolls and draws), as the API's status counts them.
    pub steps: usize,
    pub seats: Value,
}

// Kept apart from the main block so that schema work there and this terminal-facing part merge
// without touching each other.
impl Store {
    /// Every saved game with its steps and seats, the most recently played first.
    pub fn list_with_steps(&self) -> Result<Vec<Listed>, StoreError> {
        let mut statement = self
            .conn
            .prepare("SELECT id, name, game, updated, steps, seats FROM games ORDER BY updated DESC, id DESC")?;
        let rows = statement.query_map([], |r| {
            let seats: String = r.get(5)?;
            Ok(Listed {
                id: r.get(0)?,
                name: r.get(1)?,
                game: r.get(2)?,
                updated: r.get(3)?,
                steps: usize::try_from(r.get::<_, i64>(4)?).unwrap_or(0),
                seats: serde_json::from_str(&seats).unwrap_or(Value::Null),
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

// The seats' secrets of games handed to two devices (crate::devices says what they allow).
impl Store {
    /// The two seats' secrets of game `id`, when it is on two devices.
    pub fn seat_keys(&self, id: i64) -> Result<Option<[String; 2]>, StoreError> {
        let mut statement = self.conn.prepare_cached("SELECT seat, secret FROM seat_keys WHERE game = ?1")?;
        let rows = statement.query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
        let mut keys: [Option<String>; 2] = [None, None];
        for row in rows {
            let (seat, secret) = row?;
            match keys.get_mut(usize::try_from(seat).unwrap_or(usize::MAX)) {
                Some(slot) => *slot = Some(secret),
                None => return Err(StoreError::Damaged { id, reason: format!("a seat key for seat {seat}") }),
            }
        }
        match keys {
            [Some(a), Some(b)] => Ok(Some([a, b])),
            [None, None] => Ok(None),
            _ => Err(StoreError::Damaged { id, reason: "one seat key of two".into() }),
        }
    }

    /// Hands game `id` to two devices with these secrets (replacing any it had).
    pub fn set_seat_keys(&self, id: i64, keys: &[String; 2]) -> Result<(), StoreError> {
        let tx = self.immediate()?;
        let found: Option<i64> = tx.query_row("SELECT id FROM games WHERE id = ?1", [id], |r| r.get(0)).optional()?;
        found.ok_or(StoreError::NoGame(id))?;
        tx.execute("DELETE FROM seat_keys WHERE game = ?1", [id])?;
        for (seat, secret) in keys.iter().enumerate() {
            tx.execute(
                "INSERT INTO seat_keys (game, seat, secret) VALUES (?1, ?2, ?3)",
                params![id, seat as i64, secret],
            )?;
        }
        self.commit(tx)
    }

    /// Takes game `id` back to one screen: its seats' secrets are forgotten. Answers whether it had any.
    pub fn clear_seat_keys(&self, id: i64) -> Result<bool, StoreError> {
        let tx = self.immediate()?;
        let had = tx.execute("DELETE FROM seat_keys WHERE game = ?1", [id])? > 0;
        self.commit(tx)?;
        Ok(had)
    }

    /// The ids of the games on two devices.
    pub fn games_on_devices(&self) -> Result<Vec<i64>, StoreError> {
        let mut statement = self.conn.prepare_cached("SELECT DISTINCT game FROM seat_keys")?;
        let rows = statement.query_map([], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_game_is_created_saved_listed_renamed_and_deleted() {
        let store = Store::in_memory().expect("a database");
        let id = store.create("first", "manoeuvre", &json!({"seed": 1, "log": []})).expect("created");
        assert_eq!(store.write_log(id, 1, 0, &[json!("a")], None).expect("saved"), 2);
        assert_eq!(store.load(id).expect("loaded"), json!({"seed": 1, "log": ["a"]}));
        store.rename(id, "renamed").expect("renamed");
        let list = store.list().expect("listed");
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].name, "renamed");
        store.delete(id).expect("deleted");
        assert!(matches!(store.load(id), Err(StoreError::NoGame(_))));
        assert!(matches!(store.delete(id), Err(StoreError::NoGame(_))));
    }

    #[test]
    fn a_rollback_is_kept_with_its_discarded_steps_and_goes_with_its_game() {
        let store = Store::in_memory().expect("a database");
        let id = store.create("first", "manoeuvre", &json!({"seed": 1, "log": ["a", "b", "c"]})).expect("created");
        let other = store.create("second", "manoeuvre", &json!({"seed": 2, "log": []})).expect("created");
        store.save_rollback(id, 1, 1, 3, &[json!("d")], &json!(["b", "c"])).expect("rolled back");
        assert_eq!(store.load(id).expect("loaded")["log"], json!(["a", "d"]));
        let list = store.rollbacks(id).expect("listed");
        assert_eq!((list.len(), list[0].at, list[0].from), (1, 1, 3));
        assert_eq!(store.discarded(id).expect("read"), vec![json!(["b", "c"])]);
        assert!(store.rollbacks(other).expect("listed").is_empty());
        assert!(matches!(store.save_rollback(999, 1, 0, 1, &[], &json!([])), Err(StoreError::NoGame(999))));
        assert!(
            matches!(store.save_rollback(other, 7, 0, 1, &[], &json!([])), Err(StoreError::Conflict { id }) if id == other),
            "a rollback over a version that is not the game's is refused"
        );
        assert!(store.rollbacks(other).expect("listed").is_empty(), "and writes no rollback");
        assert_eq!(store.rollbacks(999).expect("listed"), Vec::new(), "nothing written for a missing game");
        store.delete(id).expect("deleted");
        assert!(store.rollbacks(id).expect("listed").is_empty(), "a deleted game's rollbacks go with it");
    }

    #[test]
    fn a_write_over_a_version_that_has_moved_on_is_refused_and_changes_nothing() {
        let store = Store::in_memory().expect("a database");
        let id = store.create("g", "manoeuvre", &json!({"seed": 3, "log": ["a", "b"]})).expect("created");
        assert_eq!(store.version(id).expect("version"), 1);
        // Two writers read version 1; the first one's decision lands, the second one's is refused.
        assert_eq!(store.write_log(id, 1, 2, &[json!("c")], None).expect("first writer"), 2);
        let err = store.write_log(id, 1, 2, &[json!("x")], None).expect_err("second writer refused");
        assert!(matches!(err, StoreError::Conflict { id: g } if g == id), "{err}");
        assert!(err.to_string().contains("changed elsewhere"), "{err}");
        assert_eq!(store.load_versioned(id).expect("loaded"), (json!({"seed": 3, "log": ["a", "b", "c"]}), 2));
        // An undo keeps a prefix; a keep beyond the log is refused by name.
        assert_eq!(store.write_log(id, 2, 1, &[], None).expect("undone"), 3);
        assert_eq!(store.load(id).expect("loaded")["log"], json!(["a"]));
        let err = store.write_log(id, 3, 5, &[], None).expect_err("refused");
        assert!(matches!(err, StoreError::BeyondLog { steps: 1, keep: 5, .. }), "{err}");
        // The terminal's whole-log write keeps the shared part and writes the rest.
        let v = store.replace_log(id, 3, &[json!("a")], &[json!("a"), json!("e"), json!("f")]).expect("replaced");
        assert_eq!((v, store.load(id).expect("loaded")["log"].clone()), (4, json!(["a", "e", "f"])));
        assert!(matches!(store.write_log(999, 1, 0, &[], None), Err(StoreError::NoGame(999))));
    }

    #[test]
    fn a_version_3_database_moves_its_logs_to_rows_and_one_with_a_damaged_record_is_refused() {
        let path = scratch("v3");
        {
            let conn = Connection::open(&path).expect("opened");
            conn.execute_batch(&format!(
                "{} {} {} PRAGMA user_version = 3;",
                MIGRATIONS[0], MIGRATIONS[1], MIGRATIONS[2]
            ))
            .expect("a version 3 schema");
            conn.execute(
                "INSERT INTO games (name, game, record) VALUES ('old', 'manoeuvre', '{\"seed\":5,\"log\":[{\"id\":\"x\"},\"y\"]}')",
                [],
            )
            .expect("a game");
            conn.execute("INSERT INTO games (name, game, record) VALUES ('bad', 'manoeuvre', 'not json')", [])
                .expect("a damaged game");
        }
        // A record that is not JSON is damage, found when the file is opened: nothing is changed.
        let before = std::fs::read(&path).expect("read");
        let err = Store::open(&path).err().expect("refused");
        assert!(matches!(err, StoreError::DamagedFile { .. }), "{err}");
        assert!(err.to_string().contains("not JSON in the record of game 2"), "{err}");
        assert_eq!(std::fs::read(&path).expect("read"), before, "the refused file is left as it was");
        // The migration itself keeps such a record as it was, with no steps.
        {
            let conn = Connection::open(&path).expect("opened");
            conn.execute_batch(&format!("BEGIN; {}", MIGRATIONS[3])).expect("migration 4 runs");
            let kept: (String, i64) = conn
                .query_row("SELECT record, steps FROM games WHERE name = 'bad'", [], |r| Ok((r.get(0)?, r.get(1)?)))
                .expect("the damaged game");
            assert_eq!(kept, ("not json".to_string(), 0));
            conn.execute_batch("ROLLBACK").expect("undone");
            conn.execute("DELETE FROM games WHERE name = 'bad'", []).expect("the damaged game taken out by hand");
        }
        let store = Store::open(&path).expect("upgraded");
        let list = store.list_with_steps().expect("listed");
        let old = list.iter().find(|g| g.name == "old").expect("kept");
        assert_eq!(old.steps, 2);
        assert_eq!(store.load(old.id).expect("loaded"), json!({"seed": 5, "log": [{"id": "x"}, "y"]}));
        drop(store);
        remove(&path);
    }

    #[test]
    fn a_version_2_database_is_upgraded_and_keeps_its_games() {
        let path = std::env::temp_dir().join(format!("cdgsolo-v2-{}.sqlite", std::process::id()));
        let _ = std::fs::remove_file(&path);
        {
            // The schema as version 2 wrote it, with one game in it.
            let conn = Connection::open(&path).expect("opened");
            conn.execute_batch(&format!("{} {} PRAGMA user_version = 2;", MIGRATIONS[0], MIGRATIONS[1]))
                .expect("a version 2 schema");
            conn.execute(
                "INSERT INTO games (name, game, record, seats) VALUES ('old', 'manoeuvre', '{\"log\":[\"x\"]}', '[null,\"rules\"]')",
                [],
            )
            .expect("a game");
        }
        let store = Store::open(&path).expect("upgraded");
        let version: i64 = store.conn.query_row("PRAGMA user_version", [], |r| r.get(0)).expect("version");
        assert_eq!(version, SCHEMA_VERSION);
        let id = store.list().expect("listed")[0].id;
        assert_eq!(store.load(id).expect("loaded")["log"], json!(["x"]));
        assert_eq!(store.seats(id).expect("seats"), json!([null, "rules"]));
        store.save_rollback(id, 1, 0, 1, &[], &json!(["x"])).expect("the new table works");
        assert_eq!(store.rollbacks(id).expect("listed").len(), 1);
        drop(store);
        for suffix in ["", "-wal", "-shm", ".acked"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }

    #[test]
    fn a_file_that_is_not_a_database_is_refused_and_left_alone() {
        let path = std::env::temp_dir().join(format!("cdgsolo-not-a-db-{}", std::process::id()));
        let junk = b"these are not the pages of a SQLite database, only words in a file".repeat(20);
        std::fs::write(&path, &junk).expect("written");
        let err = Store::open(&path).err().expect("refused");
        assert!(err.to_string().contains("database"), "{err}");
        assert_eq!(std::fs::read(&path).expect("read"), junk, "the file is not overwritten");
        let _ = std::fs::remove_file(&path);
    }

    /// A scratch path of its own for one test, with no database (or its -wal and -shm) there.
    fn scratch(name: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("cdgsolo-store-{name}-{}.sqlite", std::process::id()));
        remove(&path);
        path
    }

    fn remove(path: &Path) {
        for suffix in ["", "-wal", "-shm", ".acked"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }

    #[test]
    fn a_database_cut_short_is_refused_by_name_and_left_alone() {
        let whole = scratch("whole");
        {
            let store = Store::open(&whole).expect("created");
            // Enough games for several pages, so that half the file loses some of them.
            for i in 0..200 {
                let record = json!({"seed": i, "log": vec!["some-action-id"; 20]});
                store.create(&format!("game {i}"), "manoeuvre", &record).expect("created");
            }
        }
        let bytes = std::fs::read(&whole).expect("read");
        assert!(bytes.len() >= 8 * 4096, "the database spans many pages ({} bytes)", bytes.len());
        let cut = scratch("cut");
        let half = &bytes[..bytes.len() / 2];
        std::fs::write(&cut, half).expect("written");
        let err = Store::open(&cut).err().expect("refused");
        assert!(matches!(err, StoreError::DamagedFile { .. }), "{err}");
        assert!(err.to_string().contains(&cut.display().to_string()), "{err}");
        assert_eq!(std::fs::read(&cut).expect("read"), half, "the cut file is not changed");
        // The whole one still opens and keeps its games.
        assert_eq!(Store::open(&whole).expect("opens").list().expect("listed").len(), 200);
        remove(&whole);
        remove(&cut);
    }

    /// A database whose newest games are still in its write-ahead log: `games` games folded into
    /// the file, then `in_log` more kept in the log alone (closed without a checkpoint).
    fn database_with_a_log(path: &Path, games: usize, in_log: usize) {
        let store = Store::open(path).expect("created");
        for i in 0..games {
            store.create(&format!("game {i}"), "manoeuvre", &json!({"seed": i, "log": vec!["x"; 20]})).expect("made");
        }
        store.conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);").expect("folded");
        store.conn.pragma_update(None, "wal_autocheckpoint", 0).expect("no automatic folding");
        for i in 0..in_log {
            store.create(&format!("late {i}"), "manoeuvre", &json!({"seed": i, "log": ["y"]})).expect("made");
        }
        store.conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true).expect("set");
    }

    fn wal(path: &Path) -> std::path::PathBuf {
        std::path::PathBuf::from(format!("{}-wal", path.display()))
    }

    #[test]
    fn a_damaged_file_is_refused_without_folding_its_log_into_it() {
        let path = scratch("damaged-with-log");
        database_with_a_log(&path, 300, 5);
        let mut bytes = std::fs::read(&path).expect("read");
        let log = std::fs::read(wal(&path)).expect("a write-ahead log");
        assert!(!log.is_empty() && bytes.len() > 20 * 4096, "{} {}", bytes.len(), log.len());
        // A page in the middle of the games' table, which the late games did not rewrite.
        let page = 8 * 4096;
        bytes[page..page + 4096].fill(0xAB);
        std::fs::write(&path, &bytes).expect("damaged");
        let err = Store::open(&path).err().expect("refused");
        assert!(matches!(err, StoreError::DamagedFile { .. }), "{err}");
        assert_eq!(std::fs::read(&path).expect("read"), bytes, "the damaged file is left byte for byte");
        assert_eq!(std::fs::read(wal(&path)).expect("read"), log, "and so is its log");
        remove(&path);
    }

    #[test]
    fn a_damaged_log_is_refused_and_a_whole_one_keeps_every_game() {
        let path = scratch("damaged-log");
        database_with_a_log(&path, 10, 40);
        let file = std::fs::read(&path).expect("read");
        let mut log = std::fs::read(wal(&path)).expect("a write-ahead log");
        let whole = scratch("whole-log");
        std::fs::write(&whole, &file).expect("copied");
        std::fs::write(wal(&whole), &log).expect("copied");
        // A flipped byte in the page of the first frame: every commit after it would be dropped.
        log[32 + 24 + 100] ^= 0x40;
        std::fs::write(wal(&path), &log).expect("damaged");
        let err = Store::open(&path).err().expect("refused");
        assert!(err.to_string().contains("-wal") && err.to_string().contains("damaged"), "{err}");
        assert_eq!(std::fs::read(&path).expect("read"), file);
        assert_eq!(std::fs::read(wal(&path)).expect("read"), log, "the damaged log is left as it was");
        assert_eq!(
            Store::open(&whole).expect("opens").list().expect("listed").len(),
            50,
            "the whole log loses nothing"
        );
        remove(&path);
        remove(&whole);
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_file_or_folder_is_named_as_such_and_never_as_damaged() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("cdgsolo-store-ro-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("games.sqlite");
        drop(Store::open(&path).expect("created"));
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("read-only file");
        let err = Store::open(&path).err().expect("refused").to_string();
        assert!(err.contains("read-only") && !err.contains("damaged"), "{err}");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("writable file");
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).expect("read-only folder");
        let err = Store::open(&path).err().expect("refused").to_string();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).expect("writable folder");
        assert!(err.contains("read-only") && !err.contains("damaged"), "{err}");
        Store::open(&path).expect("writable again");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_shorter_than_a_database_header_or_of_another_program_is_refused() {
        let short = scratch("short");
        std::fs::write(&short, b"SQLite").expect("written");
        let err = Store::open(&short).err().expect("refused");
        assert!(matches!(err, StoreError::NotADatabase { .. }), "{err}");
        assert_eq!(std::fs::read(&short).expect("read"), b"SQLite");
        let foreign = scratch("foreign");
        Connection::open(&foreign).expect("opened").execute_batch("CREATE TABLE notes (text TEXT);").expect("made");
        let before = std::fs::read(&foreign).expect("read");
        let err = Store::open(&foreign).err().expect("refused");
        assert!(matches!(err, StoreError::Foreign { .. }), "{err}");
        assert_eq!(std::fs::read(&foreign).expect("read"), before, "no table of cdgsolo's added");
        // An empty file is a new database.
        let empty = scratch("empty");
        std::fs::write(&empty, b"").expect("written");
        Store::open(&empty)
            .expect("an empty file takes a new database")
            .create("g", "manoeuvre", &json!({}))
            .expect("ok");
        for path in [&short, &foreign, &empty] {
            remove(path);
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_a_device_and_a_directory_are_refused_without_waiting() {
        let fifo = scratch("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().map(|s| s.success()).unwrap_or(false);
        assert!(made, "mkfifo (coreutils) makes the pipe");
        let err = Store::open(&fifo).err().expect("refused");
        assert!(err.to_string().contains("it is a named pipe, not a regular file"), "{err}");
        let err = Store::open(Path::new("/dev/null")).err().expect("refused");
        assert!(err.to_string().contains("/dev/null") && err.to_string().contains("a device"), "{err}");
        let err = Store::open(&std::env::temp_dir()).err().expect("refused");
        assert!(err.to_string().contains("a directory"), "{err}");
        remove(&fifo);
    }

    #[test]
    fn a_database_from_a_later_version_is_refused() {
        let path = std::env::temp_dir().join(format!("cdgsolo-later-{}.sqlite", std::process::id()));
        let _ = std::fs::remove_file(&path);
        {
            let conn = Connection::open(&path).expect("opened");
            conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1).expect("set");
        }
        let err = Store::open(&path).err().expect("refused");
        assert!(matches!(err, StoreError::TooNew { .. }), "{err}");
        // Reopened by this version, a database of its own version keeps its games.
        let _ = std::fs::remove_file(&path);
        let store = Store::open(&path).expect("created");
        let id = store.create("kept", "manoeuvre", &json!({})).expect("created");
        drop(store);
        let store = Store::open(&path).expect("reopened");
        assert_eq!(store.summary(id).expect("there").name, "kept");
        drop(store);
        for suffix in ["", "-wal", "-shm", ".acked"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
}
