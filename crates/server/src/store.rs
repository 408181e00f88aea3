//! The saved games: one SQLite database (write-ahead log) holding each game as the protocol's record
//! (setup, seed and action log), so a saved game always replays. The schema carries a version in
//! SQLite's `user_version`; migrations run in order when a database is opened, and a database from
//! a later version of cdgsolo is refused rather than changed.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;

/// The schema version this build writes.
const SCHEMA_VERSION: i64 = 3;

/// Each migration brings the schema from the version before it to its own number.
const MIGRATIONS: [&str; 3] = [
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
];

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
}

/// One saved game as the list shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub created: String,
    pub updated: String,
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
}

impl Store {
    /// Opens (or creates) the database at `path` and brings its schema up to date. A path that is
    /// not a regular file, a file that is not a SQLite database, another program's database and a
    /// damaged one are refused before anything is written to them.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let name = path.display().to_string();
        Self::check_file(path, &name)?;
        let conn =
            Connection::open(path).map_err(|e| StoreError::Unreadable { path: name.clone(), reason: e.to_string() })?;
        Self::check_contents(&conn, &name)?;
        Self::prepare(conn, &name)
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
    /// here, rather than half-served and then extended by the next save.
    fn check_contents(conn: &Connection, name: &str) -> Result<(), StoreError> {
        let damaged = |reason: String| StoreError::DamagedFile { path: name.to_string(), reason };
        let sqlite = |e: rusqlite::Error| match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::NotADatabase) => StoreError::NotADatabase { path: name.to_string() },
            _ => damaged(e.to_string()),
        };
        let first: String = conn.query_row("PRAGMA quick_check(1)", [], |r| r.get(0)).map_err(sqlite)?;
        if first != "ok" {
            return Err(damaged(first));
        }
        // A database cdgsolo made has a schema version from its first migration on; tables
        // without one belong to some other program, whose file must not get cdgsolo's tables.
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(sqlite)?;
        let objects: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0)).map_err(sqlite)?;
        if version == 0 && objects > 0 {
            return Err(StoreError::Foreign { path: name.to_string() });
        }
        Ok(())
    }

    /// A database in memory, for tests.
    pub fn in_memory() -> Result<Self, StoreError> {
        Self::prepare(Connection::open_in_memory()?, ":memory:")
    }

    fn prepare(conn: Connection, path: &str) -> Result<Self, StoreError> {
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
        Ok(Store { conn })
    }

    /// Saves a new game; returns its id.
    pub fn create(&self, name: &str, game: &str, record: &Value) -> Result<i64, StoreError> {
        self.create_seated(name, game, record, &Value::Array(vec![Value::Null, Value::Null]))
    }

    /// Saves a new game with its seats (`[null, "rules"]`: a person, then a bot); returns its id.
    pub fn create_seated(&self, name: &str, game: &str, record: &Value, seats: &Value) -> Result<i64, StoreError> {
        self.conn.execute(
            "INSERT INTO games (name, game, record, seats) VALUES (?1, ?2, ?3, ?4)",
            params![name, game, record.to_string(), seats.to_string()],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Who sits in each seat of a game.
    pub fn seats(&self, id: i64) -> Result<Value, StoreError> {
        let text: Option<String> =
            self.conn.query_row("SELECT seats FROM games WHERE id = ?1", [id], |r| r.get(0)).optional()?;
        let text = text.ok_or(StoreError::NoGame(id))?;
        serde_json::from_str(&text).map_err(|e| StoreError::Damaged { id, reason: e.to_string() })
    }

    /// Replaces a game's record (after each decision).
    pub fn save(&self, id: i64, record: &Value) -> Result<(), StoreError> {
        let n = self.conn.execute(
            "UPDATE games SET record = ?2, updated = datetime('now') WHERE id = ?1",
            params![id, record.to_string()],
        )?;
        if n == 0 { Err(StoreError::NoGame(id)) } else { Ok(()) }
    }

    /// A game's record.
    pub fn load(&self, id: i64) -> Result<Value, StoreError> {
        let text: Option<String> =
            self.conn.query_row("SELECT record FROM games WHERE id = ?1", [id], |r| r.get(0)).optional()?;
        let text = text.ok_or(StoreError::NoGame(id))?;
        serde_json::from_str(&text).map_err(|e| StoreError::Damaged { id, reason: e.to_string() })
    }

    pub fn summary(&self, id: i64) -> Result<Summary, StoreError> {
        self.conn
            .query_row("SELECT id, name, game, created, updated FROM games WHERE id = ?1", [id], summary_row)
            .optional()?
            .ok_or(StoreError::NoGame(id))
    }

    /// Every saved game, the most recently played first.
    pub fn list(&self) -> Result<Vec<Summary>, StoreError> {
        let mut statement =
            self.conn.prepare("SELECT id, name, game, created, updated FROM games ORDER BY updated DESC, id DESC")?;
        let rows = statement.query_map([], summary_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn rename(&self, id: i64, name: &str) -> Result<(), StoreError> {
        let n = self.conn.execute("UPDATE games SET name = ?2 WHERE id = ?1", params![id, name])?;
        if n == 0 { Err(StoreError::NoGame(id)) } else { Ok(()) }
    }

    /// Deletes a game and its rollbacks.
    pub fn delete(&self, id: i64) -> Result<(), StoreError> {
        let tx = self.conn.unchecked_transaction()?;
        tx.execute("DELETE FROM rollbacks WHERE game = ?1", [id])?;
        let n = tx.execute("DELETE FROM games WHERE id = ?1", [id])?;
        if n == 0 {
            return Err(StoreError::NoGame(id));
        }
        tx.commit()?;
        Ok(())
    }

    /// Saves a game's record after a rollback to step `at` from `from` steps, keeping the entries
    /// taken off; both or neither are written.
    pub fn save_rollback(
        &self,
        id: i64,
        record: &Value,
        at: u64,
        from: u64,
        discarded: &Value,
    ) -> Result<(), StoreError> {
        let tx = self.conn.unchecked_transaction()?;
        let n = tx.execute(
            "UPDATE games SET record = ?2, updated = datetime('now') WHERE id = ?1",
            params![id, record.to_string()],
        )?;
        if n == 0 {
            return Err(StoreError::NoGame(id));
        }
        let (at, from) = (i64::try_from(at).unwrap_or(i64::MAX), i64::try_from(from).unwrap_or(i64::MAX));
        tx.execute(
            "INSERT INTO rollbacks (game, at, steps_before, discarded) VALUES (?1, ?2, ?3, ?4)",
            params![id, at, from, discarded.to_string()],
        )?;
        tx.commit()?;
        Ok(())
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

fn summary_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Summary> {
    Ok(Summary { id: r.get(0)?, name: r.get(1)?, game: r.get(2)?, created: r.get(3)?, updated: r.get(4)? })
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
    /// Every saved game with its steps and seats, the most recently played first. A damaged record
    /// is listed with 0 steps (loading it says what is wrong).
    pub fn list_with_steps(&self) -> Result<Vec<Listed>, StoreError> {
        let mut statement = self
            .conn
            .prepare("SELECT id, name, game, updated, record, seats FROM games ORDER BY updated DESC, id DESC")?;
        let rows = statement.query_map([], |r| {
            let record: String = r.get(4)?;
            let seats: String = r.get(5)?;
            let steps = serde_json::from_str::<Value>(&record)
                .ok()
                .and_then(|v| v.get("log").and_then(Value::as_array).map(Vec::len))
                .unwrap_or(0);
            Ok(Listed {
                id: r.get(0)?,
                name: r.get(1)?,
                game: r.get(2)?,
                updated: r.get(3)?,
                steps,
                seats: serde_json::from_str(&seats).unwrap_or(Value::Null),
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// SQLite's `data_version` of this connection: it changes when another connection (a terminal
    /// playing on, another server) commits to the database, and not for this connection's own writes.
    pub fn data_version(&self) -> Result<i64, StoreError> {
        Ok(self.conn.query_row("PRAGMA data_version", [], |r| r.get(0))?)
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
        store.save(id, &json!({"seed": 1, "log": ["a"]})).expect("saved");
        assert_eq!(store.load(id).expect("loaded")["log"][0], "a");
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
        store.save_rollback(id, &json!({"seed": 1, "log": ["a"]}), 1, 3, &json!(["b", "c"])).expect("rolled back");
        assert_eq!(store.load(id).expect("loaded")["log"], json!(["a"]));
        let list = store.rollbacks(id).expect("listed");
        assert_eq!((list.len(), list[0].at, list[0].from), (1, 1, 3));
        assert_eq!(store.discarded(id).expect("read"), vec![json!(["b", "c"])]);
        assert!(store.rollbacks(other).expect("listed").is_empty());
        assert!(matches!(store.save_rollback(999, &json!({}), 0, 1, &json!([])), Err(StoreError::NoGame(999))));
        assert_eq!(store.rollbacks(999).expect("listed"), Vec::new(), "nothing written for a missing game");
        store.delete(id).expect("deleted");
        assert!(store.rollbacks(id).expect("listed").is_empty(), "a deleted game's rollbacks go with it");
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
        assert_eq!(version, 3);
        let id = store.list().expect("listed")[0].id;
        assert_eq!(store.load(id).expect("loaded")["log"], json!(["x"]));
        assert_eq!(store.seats(id).expect("seats"), json!([null, "rules"]));
        store.save_rollback(id, &json!({"log": []}), 0, 1, &json!(["x"])).expect("the new table works");
        assert_eq!(store.rollbacks(id).expect("listed").len(), 1);
        drop(store);
        for suffix in ["", "-wal", "-shm"] {
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
        for suffix in ["", "-wal", "-shm"] {
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
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
}
