//! The terminal's saved games. `assist` and `play` keep each game in the same SQLite database as
//! `cdgsolo serve`, in the same record format, and write it after every change (a decision, an undo,
//! a bot's move) before the next prompt: nothing to press, and a game started in the terminal can be
//! continued in the browser and the other way round. `--resume` takes a game from the store by its id
//! or from a list; a file (`s FILE`, `--resume FILE`) stays the way to export and import a game.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use engine::LogEntry;
use serde_json::Value;
use server::store::{Listed, Store, StoreError};

/// The database `serve`, `assist` and `play` share when `--db` is not given: games.sqlite in the
/// user's data directory (created when missing).
pub fn default_db() -> Result<PathBuf> {
    let dirs = directories::ProjectDirs::from("", "", "cdgsolo")
        .context("cannot tell where this user's data directory is: give --db PATH")?;
    let dir = dirs.data_dir();
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    Ok(dir.join("games.sqlite"))
}

/// `--db PATH`, or the default database.
pub fn db_path(db: Option<&Path>) -> Result<PathBuf> {
    match db {
        Some(path) => Ok(path.to_path_buf()),
        None => default_db(),
    }
}

/// What `--resume` names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resume {
    /// A saved file: imported into the store as a new game, then played there.
    File(PathBuf),
    /// A stored game by its id, or (`None`) one chosen from a list.
    Stored(Option<i64>),
}

impl Resume {
    /// `--resume` alone lists the stored games; a value naming anything that exists is that file
    /// (a pipe or a directory is then refused when it is read, by its name, rather than taken for an
    /// id); a number is a stored game's id.
    pub fn parse(value: Option<&str>) -> Result<Self> {
        let Some(text) = value else { return Ok(Resume::Stored(None)) };
        if std::fs::symlink_metadata(text).is_ok() {
            return Ok(Resume::File(PathBuf::from(text)));
        }
        match text.parse::<i64>() {
            Ok(id) => Ok(Resume::Stored(Some(id))),
            Err(_) => bail!(
                "--resume {text}: there is no such file, and it is not the id of a saved game (ids are numbers; \
                 --resume alone lists the saved games)"
            ),
        }
    }
}

/// Which saved games a command plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `assist`: the card tables (the nine board games and Manoeuvre's bare table).
    Table,
    /// `play manoeuvre`: whole games of Manoeuvre.
    Manoeuvre,
    /// `assist invaders`, `assist miniatures`: the aids that are not card tables.
    Aid,
}

impl Kind {
    /// Whether a stored game with this game id is of this kind.
    pub fn holds(self, game: &str) -> bool {
        match self {
            Kind::Manoeuvre => game == protocol::MANOEUVRE,
            Kind::Aid => matches!(game, protocol::INVADERS | protocol::MINIATURES),
            // The two aids that are not card tables resume through their own terminal loop.
            Kind::Table => !matches!(game, protocol::MANOEUVRE | protocol::INVADERS | protocol::MINIATURES),
        }
    }

    fn plural(self) -> &'static str {
        match self {
            Kind::Table => "card tables",
            Kind::Manoeuvre => "games of Manoeuvre",
            Kind::Aid => "games of Invaders or miniatures sequences",
        }
    }

    /// The command that resumes this kind of game.
    pub fn command(self) -> &'static str {
        match self {
            Kind::Table | Kind::Aid => "cdgsolo assist",
            Kind::Manoeuvre => "cdgsolo play manoeuvre",
        }
    }

    fn of(game: &str) -> Kind {
        if Kind::Manoeuvre.holds(game) {
            Kind::Manoeuvre
        } else if Kind::Aid.holds(game) {
            Kind::Aid
        } else {
            Kind::Table
        }
    }
}

/// A game taken from the store.
pub struct Taken {
    pub id: i64,
    pub name: String,
    pub record: Value,
    /// Who sits in each seat: null for a person, or a bot's name (as the server keeps them).
    pub seats: Value,
    /// The store's version of the game when it was taken: the terminal writes over it only.
    pub version: i64,
}

/// Takes a stored game of `kind`: the one with `id`, or one the player picks from a list read
/// through `input`. `None` when the player leaves the list without picking.
pub fn take(
    db: &Path,
    kind: Kind,
    id: Option<i64>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<(Store, Taken)>> {
    let store = Store::open(db)?;
    let id = match id {
        Some(id) => id,
        None => match choose(&store, db, &[kind], input, out)? {
            Some(id) => id,
            None => return Ok(None),
        },
    };
    let summary = store.summary(id)?;
    if !kind.holds(&summary.game) {
        let (what, other) = match Kind::of(&summary.game) {
            Kind::Manoeuvre => ("a game of Manoeuvre".to_string(), Kind::Manoeuvre),
            Kind::Table => (format!("a card table of {}", summary.game), Kind::Table),
            Kind::Aid => (format!("a game of {}", summary.game), Kind::Aid),
        };
        bail!("saved game {id} is {what}: resume it with `{} --resume {id}`", other.command());
    }
    // A game handed to two devices is its two players', each holding one seat: the terminal, which
    // shows both hands, takes it only once the browser has taken it back to one screen.
    if store.seat_keys(id)?.is_some() {
        bail!(
            "saved game {id} is being played on two devices in the browser, each with one seat: take it back to one \
             screen there (open it in the browser without a seat's link) to continue it here"
        );
    }
    let (record, version) = store.load_versioned(id)?;
    // The aids' terminal loop asks what each draw or die showed; the others' loops do not.
    if kind != Kind::Aid && record.get("chance").and_then(Value::as_str) == Some("manual") {
        bail!(
            "saved game {id} has its rolls and draws entered by hand (chance: manual), which the terminal does not \
             do: continue it in the browser (cdgsolo serve)"
        );
    }
    let seats = store.seats(id)?;
    Ok(Some((store, Taken { id, name: printable(&summary.name), record, seats, version })))
}

/// Lists the stored games of the `kinds` one command plays (`assist`: card tables and the other
/// aids) and reads the id of the one picked; `None` when the player leaves the list.
pub fn pick(db: &Path, kinds: &[Kind], input: &mut dyn BufRead, out: &mut dyn Write) -> Result<Option<i64>> {
    choose(&Store::open(db)?, db, kinds, input, out)
}

/// Lists the stored games of `kinds` and reads the id of the one to take.
fn choose(
    store: &Store,
    db: &Path,
    kinds: &[Kind],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<i64>> {
    let games: Vec<Listed> =
        store.list_with_steps()?.into_iter().filter(|g| kinds.iter().any(|k| k.holds(&g.game))).collect();
    let plural = kinds.iter().map(|k| k.plural()).collect::<Vec<_>>().join(" and ");
    let kind = kinds.first().copied().unwrap_or(Kind::Table);
    let Some(first) = games.first() else {
        bail!("{} holds no saved {plural} yet; start one with `{} ...`", db.display(), kind.command());
    };
    writeln!(out, "Saved {plural} in {}, the most recently played first:", db.display())?;
    // Who plays, for Manoeuvre only: a card table's seats are both the person at the real table.
    let players: Vec<String> = games.iter().map(|g| who_plays(&g.seats)).collect();
    let width = players.iter().map(String::len).max().unwrap_or(0).max("players".len());
    let column = |text: &str| if kind == Kind::Manoeuvre { format!("{text:<width$}  ") } else { String::new() };
    writeln!(out, "  {:>4}  {:<19}  {:>5}  {}name", "id", "last played (UTC)", "steps", column("players"))?;
    for (g, who) in games.iter().zip(&players) {
        writeln!(out, "  {:>4}  {:<19}  {:>5}  {}{}", g.id, g.updated, g.steps, column(who), printable(&g.name))?;
    }
    loop {
        write!(out, "Which one? Type its id (Enter takes {}, q quits): ", first.id)?;
        out.flush()?;
        let Some(answer) = crate::read_line(input)? else {
            writeln!(out)?;
            return Ok(None);
        };
        match answer.as_str() {
            "" => return Ok(Some(first.id)),
            "q" | "quit" => return Ok(None),
            text => match text.parse::<i64>().ok().filter(|id| games.iter().any(|g| g.id == *id)) {
                Some(id) => return Ok(Some(id)),
                None => writeln!(out, "'{text}' is not one of the ids listed.")?,
            },
        }
    }
}

/// A stored name as the terminal prints it: control characters (an escape sequence that would
/// clear the screen or retitle the window, a line break) are shown as escapes, never obeyed. The
/// server refuses such names; an older database or another program may still hold one.
pub fn printable(name: &str) -> String {
    name.chars().map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() }).collect()
}

/// The seats in a few words: "hotseat", "you vs rules", "rules vs you".
fn who_plays(seats: &Value) -> String {
    let name = |i: usize| seats.get(i).and_then(Value::as_str);
    match (name(0), name(1)) {
        (None, None) => "hotseat".into(),
        (None, Some(bot)) => format!("you vs {bot}"),
        (Some(bot), None) => format!("{bot} vs you"),
        (Some(a), Some(b)) => format!("{a} vs {b}"),
    }
}

/// A record's log entries, as the store keeps them.
fn log_values(record: &Value) -> Vec<Value> {
    record.get("log").and_then(Value::as_array).cloned().unwrap_or_default()
}

/// The game being played and its row in the store, written whenever the session's log changes.
pub struct Autosave {
    store: Option<Store>,
    db: PathBuf,
    kind: Kind,
    id: i64,
    /// The game's version in the store when this terminal last wrote (or read) it: a write is
    /// made over it only, so another program's moves (the browser's) are never overwritten.
    version: i64,
    /// The log the store holds at that version.
    log: Vec<LogEntry>,
    /// Whether the last write failed (said once, until a write succeeds again).
    failing: bool,
}

impl Autosave {
    /// Creates the row of a new (or imported) game. A database that cannot be opened or written is
    /// reported on `out`, and the game is played without it (`None`).
    pub fn create(
        db: Option<&Path>,
        kind: Kind,
        name: &str,
        record: Value,
        seats: &Value,
        log: &[LogEntry],
        out: &mut dyn Write,
    ) -> Result<Option<Self>> {
        let created = db_path(db).and_then(|db| {
            let store = Store::open(&db)?;
            let game = record.get("game").and_then(Value::as_str).unwrap_or_default().to_string();
            let id = store.create_seated(name, &game, &record, seats)?;
            Ok((store, db, id))
        });
        match created {
            Ok((store, db, id)) => {
                writeln!(
                    out,
                    "Saved as game {id} in {} after every decision; resume it with `{} --resume {id}` (or in the \
                     browser: cdgsolo serve).",
                    db.display(),
                    kind.command()
                )?;
                let log = log.to_vec();
                Ok(Some(Autosave { store: Some(store), db, kind, id, version: 1, log, failing: false }))
            }
            Err(e) => {
                writeln!(
                    out,
                    "The saved games cannot be used ({e:#}): this game is not saved as you play; `s FILE` saves it to \
                     a file."
                )?;
                Ok(None)
            }
        }
    }

    /// The autosave of a game taken from the store.
    pub fn resumed(store: Store, db: &Path, kind: Kind, taken: &Taken, log: &[LogEntry]) -> Self {
        Autosave {
            store: Some(store),
            db: db.to_path_buf(),
            kind,
            id: taken.id,
            version: taken.version,
            log: log.to_vec(),
            failing: false,
        }
    }

    /// Writes the record when the log differs from the one last written. A failure is said on
    /// `out` (once while it lasts) and leaves the game in memory as it is.
    pub fn sync(
        &mut self,
        log: &[LogEntry],
        record: impl FnOnce() -> Result<Value>,
        out: &mut dyn Write,
    ) -> Result<()> {
        if self.log == log {
            return Ok(());
        }
        match record().and_then(|record| self.write(&record)) {
            Ok(version) => {
                if self.failing {
                    writeln!(out, "Saved again as game {} in {}.", self.id, self.db.display())?;
                }
                self.version = version;
                self.log = log.to_vec();
                self.failing = false;
            }
            Err(e) => {
                if !self.failing {
                    writeln!(
                        out,
                        "Not saved in {}: {e:#}. The game goes on here as it is; `s FILE` saves it to a file.",
                        self.db.display()
                    )?;
                }
                self.failing = true;
            }
        }
        Ok(())
    }

    /// Writes the record's log over the version last written; answers the new version.
    fn write(&self, record: &Value) -> Result<i64> {
        let Some(store) = &self.store else { bail!("the database is not open") };
        let id = self.id;
        let log = log_values(record);
        let written: Vec<Value> = self.log.iter().filter_map(|e| serde_json::to_value(e).ok()).collect();
        match store.replace_log(id, self.version, &written, &log) {
            Ok(version) => Ok(version),
            // Another program played on (or deleted) the game since this terminal wrote it: its
            // moves are not overwritten, unless it played exactly these (the dice are keyed by the
            // seed, so the same decisions give the same log).
            Err(StoreError::Conflict { .. }) => match store.load_versioned(id) {
                Ok((stored, version)) if log_values(&stored) == log => Ok(version),
                _ => bail!(
                    "game {id} was changed elsewhere (in the browser?) since this terminal saved it, and is left as it \
                     is there (quit and `{} --resume {id}` to continue it from there)",
                    self.kind.command()
                ),
            },
            Err(StoreError::NoGame(_)) => bail!("game {id} has been deleted from the saved games"),
            Err(e) => Err(e.into()),
        }
    }

    /// Whether the store holds the game as `log` has it.
    pub fn is_current(&self, log: &[LogEntry]) -> bool {
        !self.failing && self.log == log
    }

    /// Says where the game is kept and how to come back to it.
    pub fn farewell(&self, out: &mut dyn Write) -> Result<()> {
        writeln!(out, "Game {} is saved; resume it with `{} --resume {}`.", self.id, self.kind.command(), self.id)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resume_takes_a_file_that_exists_a_number_as_an_id_and_nothing_as_the_list() {
        assert_eq!(Resume::parse(None).unwrap(), Resume::Stored(None));
        assert_eq!(Resume::parse(Some("12")).unwrap(), Resume::Stored(Some(12)));
        let dir = std::env::temp_dir().join(format!("cdgsolo-resume-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // A file called like a number is still the file.
        let file = dir.join("7");
        std::fs::write(&file, "{}").unwrap();
        let name = file.display().to_string();
        assert_eq!(Resume::parse(Some(&name)).unwrap(), Resume::File(file.clone()));
        let err = Resume::parse(Some("no-such-save.json")).unwrap_err().to_string();
        assert!(err.contains("no such file") && err.contains("--resume alone lists"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_stored_name_is_printed_with_its_control_characters_neutralised() {
        assert_eq!(printable("Fort \u{1b}[2J\u{7}Duquesne\nline"), "Fort \\u{1b}[2J\\u{7}Duquesne\\nline");
        assert_eq!(printable("Leuthen (seed 3)"), "Leuthen (seed 3)");
        assert!(!printable("\u{1b}]0;title\u{7}").chars().any(char::is_control));
    }

    #[test]
    fn each_command_takes_its_own_kind_of_game() {
        assert!(Kind::Manoeuvre.holds("manoeuvre"));
        assert!(!Kind::Manoeuvre.holds("manoeuvre-table"));
        assert!(Kind::Table.holds("manoeuvre-table"));
        assert!(Kind::Table.holds("wilderness-war"));
        assert!(!Kind::Table.holds("manoeuvre"));
        assert_eq!(who_plays(&serde_json::json!([null, "rules"])), "you vs rules");
        assert_eq!(who_plays(&serde_json::json!(["mcts:easy", null])), "mcts:easy vs you");
        assert_eq!(who_plays(&serde_json::json!([null, null])), "hotseat");
    }
}
