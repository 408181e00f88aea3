//! The terminal's games in the saved games: `assist` and `play` run as a user runs them, a line at a
//! time, on a temporary database; between two prompts the test reads the store (and the server's
//! API on the same database) to see that every change was written before the next prompt.

mod common;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::Receiver;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use server::api::{Games, router};
use server::store::Store;
use tower::ServiceExt;

/// A fresh database path for one test.
fn temp_db(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("cdgsolo-store-{name}-{}.sqlite", std::process::id()));
    remove_db(&path);
    path
}

fn remove_db(path: &Path) {
    for suffix in ["", "-wal", "-shm", ".acked"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

/// `cdgsolo` with piped input, read up to each prompt.
struct Terminal {
    child: Child,
    stdin: Option<ChildStdin>,
    output: Receiver<Vec<u8>>,
    /// Everything printed so far, and where the last wait ended.
    text: String,
    mark: usize,
}

impl Terminal {
    fn start(args: &[&str]) -> Self {
        let mut child = common::spawn_piped(args);
        let output = common::chunks_of(child.stdout.take().expect("stdout"));
        let stdin = child.stdin.take();
        Terminal { child, stdin, output, text: String::new(), mark: 0 }
    }

    /// Waits until the output since the last wait ends with `end`; returns that output.
    fn until(&mut self, end: &str) -> String {
        while !self.text[self.mark..].ends_with(end) {
            match self.output.recv_timeout(Duration::from_secs(120)) {
                Ok(bytes) => self.text.push_str(&String::from_utf8_lossy(&bytes)),
                Err(_) => panic!("no '{end}' came; the output so far:\n{}", &self.text[self.mark..]),
            }
        }
        let since = self.text[self.mark..].to_string();
        self.mark = self.text.len();
        since
    }

    /// The next prompt for an action.
    fn prompt(&mut self) -> String {
        self.until("> ")
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("the input is open");
        writeln!(stdin, "{line}").expect("the command reads its input");
        stdin.flush().expect("flushed");
    }

    /// Closes the input and returns the rest of the output once the command has ended.
    fn finish(mut self) -> String {
        drop(self.stdin.take());
        let status = self.child.wait().expect("the command ends");
        while let Ok(bytes) = self.output.recv_timeout(Duration::from_secs(10)) {
            self.text.push_str(&String::from_utf8_lossy(&bytes));
        }
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        assert!(status.success(), "the command failed: {err}\n{}", self.text);
        self.text[self.mark..].to_string()
    }
}

/// Runs a command to its end with all its input at once.
fn run(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cdgsolo"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
    let out = child.wait_with_output().expect("the command ends");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// The one stored game's id and record.
fn only_game(db: &Path) -> (i64, Value) {
    let store = Store::open(db).expect("the database opens");
    let games = store.list().expect("listed");
    assert_eq!(games.len(), 1, "{games:?}");
    (games[0].id, store.load(games[0].id).expect("loaded"))
}

fn log_of(record: &Value) -> Vec<Value> {
    record["log"].as_array().expect("a log").clone()
}

/// The record replayed the way the server replays it: its status.
fn replayed(record: &Value) -> Value {
    protocol::import_session(record.clone()).expect("the stored record replays").status()
}

async fn call(app: &axum::Router, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(body.map_or(Body::empty(), |b| Body::from(b.to_string())))
        .expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

fn app_on(db: &Path) -> axum::Router {
    router(Arc::new(Games::new(Store::open(db).expect("the database opens"))))
}

#[test]
fn assist_writes_every_decision_and_undo_before_the_next_prompt() {
    let db = temp_db("assist");
    let db_arg = db.to_string_lossy().into_owned();
    // Seed 11 rolls a 1 for the Axis, and the table asks the Ops of the face-up cards: an answer that
    // can be undone.
    let mut term = Terminal::start(&[
        "assist",
        "barbarossa-to-berlin",
        "--deck",
        "virtual",
        "--manifest",
        "none",
        "--seed",
        "11",
        "--db",
        &db_arg,
    ]);
    let first = term.prompt();
    assert!(first.contains(&format!("Saved as game 1 in {db_arg} after every decision")), "{first}");
    let (id, start) = only_game(&db);
    let store = Store::open(&db).expect("opens");
    assert_eq!(store.summary(id).expect("there").name, "WW2: Barbarossa to Berlin (seed 11)");
    assert_eq!(store.seats(id).expect("seats"), json!([null, null]));
    let mut before = log_of(&start);
    assert_eq!(replayed(&start)["steps"], before.len());
    // A roll, then an answer: each is in the store, on top of what was there, before the next prompt.
    for line in ["1", "1"] {
        term.send(line);
        term.prompt();
        let (_, record) = only_game(&db);
        let log = log_of(&record);
        assert!(log.len() > before.len() && log.starts_with(&before), "after {line}: {log:?}");
        assert_eq!(replayed(&record)["steps"], log.len());
        before = log;
    }
    // The undo is written too: the answer is gone, the roll stays.
    term.send("u");
    let undone = term.prompt();
    assert!(undone.contains("Undone"), "{undone}");
    let (_, record) = only_game(&db);
    let after_undo = log_of(&record);
    assert!(after_undo.len() < before.len() && before.starts_with(&after_undo), "{after_undo:?}");
    // A file save still works, and holds what the store holds.
    let file = std::env::temp_dir().join(format!("cdgsolo-store-assist-{}.json", std::process::id()));
    let _ = std::fs::remove_file(&file);
    term.send(&format!("s {}", file.display()));
    term.prompt();
    let exported: Value = serde_json::from_str(&std::fs::read_to_string(&file).expect("the file")).expect("JSON");
    assert_eq!(exported, record);
    term.send("q");
    let end = term.finish();
    assert!(end.contains("Game 1 is saved; resume it with `cdgsolo assist --resume 1`."), "{end}");
    assert!(!end.contains("Quit without saving"), "{end}");
    // Importing the file makes a second stored game; the first is untouched.
    let (ok, out, err) = run(&["assist", "--resume", &file.to_string_lossy(), "--db", &db_arg], "q\n");
    assert!(ok, "{err}");
    assert!(out.contains("Saved as game 2"), "{out}");
    let store = Store::open(&db).expect("opens");
    assert!(store.summary(2).expect("imported").name.contains("from"), "{:?}", store.summary(2));
    assert_eq!(store.load(1).expect("first"), record);
    assert_eq!(store.load(2).expect("second")["log"], record["log"]);
    let _ = std::fs::remove_file(&file);
    remove_db(&db);
}

#[test]
fn play_against_a_bot_is_stored_with_its_seats_and_the_bots_moves_before_each_prompt() {
    let db = temp_db("play");
    let db_arg = db.to_string_lossy().into_owned();
    // The person moves second: the bot's setup moves come first and must be stored too.
    let args = ["play", "manoeuvre", "--seed", "4", "--quick-start", "--armies", "FR,BR", "--vs", "rules", "--as", "2"];
    let mut term = Terminal::start(&[&args[..], &["--db", &db_arg]].concat());
    term.prompt();
    let (id, record) = only_game(&db);
    let store = Store::open(&db).expect("opens");
    assert_eq!(store.seats(id).expect("seats"), json!(["rules", null]));
    assert_eq!(store.summary(id).expect("there").name, "Manoeuvre: France v Great Britain (seed 4)");
    let mut before = log_of(&record);
    for _ in 0..6 {
        // At every prompt the stored game waits for the person (player index 1): the bot's answers
        // to the last decision are in it.
        let (_, record) = only_game(&db);
        let status = replayed(&record);
        assert_eq!(status["to_move"]["player"], 1, "{status}");
        let log = log_of(&record);
        assert!(log.starts_with(&before), "{log:?}");
        before = log;
        term.send("1");
        term.prompt();
    }
    let (_, record) = only_game(&db);
    let played = log_of(&record);
    assert!(played.len() > before.len());
    // Undo takes back the person's last decision and the bot's answers, in the store too.
    term.send("u");
    term.prompt();
    let (_, record) = only_game(&db);
    let undone = log_of(&record);
    assert!(undone.len() < played.len() && played.starts_with(&undone), "{undone:?}");
    assert_eq!(replayed(&record)["to_move"]["player"], 1);
    term.send("q");
    let end = term.finish();
    assert!(end.contains(&format!("Game {id} is saved; resume it with `cdgsolo play manoeuvre --resume {id}`.")));
    remove_db(&db);
}

#[test]
fn resume_takes_a_game_by_id_or_from_the_list_of_its_own_kind() {
    let db = temp_db("resume");
    let db_arg = db.to_string_lossy().into_owned();
    let (ok, _, err) =
        run(&["assist", "1960", "--deck", "virtual", "--manifest", "none", "--seed", "3", "--db", &db_arg], "1\nq\n");
    assert!(ok, "{err}");
    let game = ["play", "manoeuvre", "--seed", "5", "--quick-start", "--armies", "AU,PR", "--vs", "random"];
    let (ok, _, err) = run(&[&game[..], &["--db", &db_arg]].concat(), "1\n1\nq\n");
    assert!(ok, "{err}");
    let store = Store::open(&db).expect("opens");
    let listed = store.list_with_steps().expect("listed");
    assert_eq!(listed.len(), 2);
    let table = listed.iter().find(|g| g.game == "1960").expect("the table");
    let battle = listed.iter().find(|g| g.game == "manoeuvre").expect("the battle");
    assert_eq!(table.steps, log_of(&store.load(table.id).unwrap()).len());
    assert_eq!(battle.seats, json!([null, "random"]));

    // `assist --resume` lists what `assist` plays (card tables, Invaders, miniatures sequences; not
    // Manoeuvre), with id, last played, steps and name; a wrong answer is asked again; the table
    // is taken where it was.
    let (ok, out, err) = run(&["assist", "--resume", "--db", &db_arg], &format!("99\n{}\nq\n", table.id));
    assert!(ok, "{err}");
    assert!(out.contains("Saved card tables and games of Invaders or miniatures sequences in"), "{out}");
    assert!(out.contains("last played (UTC)") && out.contains("steps"), "{out}");
    let row = format!(
        "{:>4}  {:<19}  {:>5}  1960: The Making of the President (seed 3)",
        table.id, table.updated, table.steps
    );
    assert!(out.contains(&row), "no '{row}' in {out}");
    assert!(!out.contains("Manoeuvre: Austria v Prussia (seed 5)"), "{out}");
    assert!(out.contains("'99' is not one of the ids listed."), "{out}");
    assert!(
        out.contains(&format!("Resumed saved game {}: 1960: The Making of the President (seed 3).", table.id)),
        "{out}"
    );
    // Nothing changed: the store's record is as it was.
    assert_eq!(Store::open(&db).unwrap().list_with_steps().unwrap().len(), 2);

    // `play manoeuvre --resume` lists the battles with their players; Enter takes the newest; the
    // bot of the stored seats plays on.
    let (ok, out, err) = run(&["play", "manoeuvre", "--resume", "--db", &db_arg], "\n1\nq\n");
    assert!(ok, "{err}");
    assert!(out.contains("Saved games of Manoeuvre in"), "{out}");
    assert!(out.contains("you vs random") && out.contains("Manoeuvre: Austria v Prussia (seed 5)"), "{out}");
    assert!(!out.contains("1960: The Making of the President (seed 3)"), "{out}");
    assert!(out.contains("random plays Prussia"), "{out}");
    let after = Store::open(&db).unwrap().load(battle.id).unwrap();
    assert!(log_of(&after).len() > battle.steps, "the decision made after resuming is stored");

    // By id; the wrong kind and an unknown id are refused with the way to go.
    let (ok, out, err) = run(&["play", "manoeuvre", "--resume", &battle.id.to_string(), "--db", &db_arg], "q\n");
    assert!(ok, "{err}");
    assert!(out.contains(&format!("resumed saved game {}", battle.id)), "{out}");
    let (ok, _, err) = run(&["play", "manoeuvre", "--resume", &table.id.to_string(), "--db", &db_arg], "q\n");
    assert!(!ok);
    assert!(err.contains(&format!("`cdgsolo assist --resume {}`", table.id)), "{err}");
    let (ok, _, err) = run(&["assist", "--resume", &battle.id.to_string(), "--db", &db_arg], "q\n");
    assert!(!ok);
    assert!(err.contains(&format!("`cdgsolo play manoeuvre --resume {}`", battle.id)), "{err}");
    let (ok, _, err) = run(&["assist", "--resume", "99", "--db", &db_arg], "q\n");
    assert!(!ok && err.contains("no saved game has the id 99"), "{err}");
    let (ok, _, err) = run(&["play", "manoeuvre", "--resume", "--vs", "rules", "--db", &db_arg], "\nq\n");
    assert!(!ok && err.contains("a saved game keeps its players"), "{err}");
    let (ok, _, err) = run(&["assist", "--resume", "not-a-file.json", "--db", &db_arg], "q\n");
    assert!(!ok && err.contains("no such file"), "{err}");
    remove_db(&db);
}

#[tokio::test]
async fn the_browser_and_the_terminal_continue_each_others_games() {
    let db = temp_db("both");
    let db_arg = db.to_string_lossy().into_owned();
    let app = app_on(&db);
    // Started in the browser against the rules bot.
    let options = json!({ "armies": ["FR", "BR"], "quick_start": true });
    let (status, created) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "game": "manoeuvre", "seed": 9, "options": options, "bots": [null, "rules"] })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("an id");
    let (_, legal) = call(&app, "GET", &format!("/api/games/{id}/legal"), None).await;
    let action = legal["actions"][0]["id"].as_str().expect("an action").to_string();
    let (status, _) = call(&app, "POST", &format!("/api/games/{id}/actions"), Some(json!({ "action": action }))).await;
    assert_eq!(status, StatusCode::OK);
    let (_, in_browser) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    let browser_steps = in_browser["status"]["steps"].as_u64().expect("steps");

    // The terminal finds it in its list, against the same bot, and plays on.
    let (ok, out, err) = run(&["play", "manoeuvre", "--resume", "--db", &db_arg], "\n1\n1\nq\n");
    assert!(ok, "{err}");
    assert!(out.contains("you vs rules") && out.contains("Manoeuvre: France v Great Britain (seed 9)"), "{out}");
    assert!(out.contains("rules plays Great Britain"), "{out}");
    let stored = Store::open(&db).unwrap().load(id).unwrap();
    let terminal_steps = log_of(&stored).len() as u64;
    assert!(terminal_steps > browser_steps);

    // The page, whose server still had the game open, sees the terminal's moves.
    let (_, now) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(now["status"]["steps"], terminal_steps, "{now}");
    assert_eq!(now["seats"], json!([null, "rules"]));
    let (_, exported) = call(&app, "GET", &format!("/api/games/{id}/export"), None).await;
    assert_eq!(exported, stored);
    // And plays on from there.
    let (_, legal) = call(&app, "GET", &format!("/api/games/{id}/legal"), None).await;
    let action = legal["actions"][0]["id"].as_str().expect("an action").to_string();
    let (status, answer) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(json!({ "action": action, "step": terminal_steps })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // A game the terminal started is in the browser's list too.
    let (ok, _, err) = run(
        &["assist", "wilderness-war", "--deck", "virtual", "--manifest", "none", "--seed", "2", "--db", &db_arg],
        "1\nq\n",
    );
    assert!(ok, "{err}");
    let (_, list) = call(&app, "GET", "/api/games", None).await;
    let names: Vec<&str> = list["games"].as_array().unwrap().iter().filter_map(|g| g["name"].as_str()).collect();
    assert!(names.contains(&"Wilderness War (seed 2)"), "{names:?}");
    remove_db(&db);
}

#[tokio::test]
async fn a_game_changed_elsewhere_meanwhile_is_not_overwritten_and_the_terminal_plays_on() {
    let db = temp_db("conflict");
    let db_arg = db.to_string_lossy().into_owned();
    let mut term =
        Terminal::start(&["assist", "1960", "--deck", "virtual", "--manifest", "none", "--seed", "6", "--db", &db_arg]);
    term.prompt();
    let (id, initial) = only_game(&db);
    // The browser rolls the die on the same table and plays a card while the terminal waits.
    let app = app_on(&db);
    for _ in 0..2 {
        let (_, legal) = call(&app, "GET", &format!("/api/games/{id}/legal"), None).await;
        let action = legal["actions"][0]["id"].as_str().expect("an action").to_string();
        let uri = format!("/api/games/{id}/actions");
        let (status, _) = call(&app, "POST", &uri, Some(json!({ "action": action }))).await;
        assert_eq!(status, StatusCode::OK);
    }
    let browsers = Store::open(&db).unwrap().load(id).unwrap();
    // The terminal's next decision is not written over the browser's, says so, and the game goes on.
    term.send("1");
    let said = term.prompt();
    assert!(said.contains(&format!("game {id} was changed elsewhere")), "{said}");
    assert!(said.contains("`s FILE` saves it to a file"), "{said}");
    assert_eq!(Store::open(&db).unwrap().load(id).unwrap(), browsers);
    // Another card than the browser played (its first): the games differ.
    term.send("2a");
    let next = term.prompt();
    assert!(!next.contains("changed elsewhere"), "said once: {next}");
    // Quitting asks, since the terminal's decisions are nowhere; a file keeps them.
    term.send("q");
    assert!(term.until("Type y for yes: ").contains("Quit without saving"));
    term.send("n");
    term.prompt();
    let file = std::env::temp_dir().join(format!("cdgsolo-store-conflict-{}.json", std::process::id()));
    term.send(&format!("s {}", file.display()));
    term.prompt();
    term.send("q");
    let end = term.finish();
    assert!(!end.contains("Quit without saving") && !end.contains("is saved; resume"), "{end}");
    let kept: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(log_of(&kept).len() > log_of(&initial).len() && log_of(&kept).starts_with(&log_of(&initial)));
    assert_ne!(kept, browsers);
    // A game deleted meanwhile is said to be gone.
    let mut term = Terminal::start(&["assist", "--resume", &id.to_string(), "--db", &db_arg]);
    term.prompt();
    Store::open(&db).unwrap().delete(id).unwrap();
    term.send("1");
    let said = term.prompt();
    assert!(said.contains(&format!("game {id} has been deleted")), "{said}");
    term.send("q");
    term.send("y");
    term.finish();
    let _ = std::fs::remove_file(&file);
    remove_db(&db);
}

#[test]
fn the_terminal_leaves_a_game_on_two_devices_to_its_players() {
    let db = temp_db("two-devices");
    let db_arg = db.to_string_lossy().into_owned();
    let game = ["play", "manoeuvre", "--seed", "6", "--quick-start", "--armies", "FR,AU"];
    let (ok, _, err) = run(&[&game[..], &["--db", &db_arg]].concat(), "q\n");
    assert!(ok, "{err}");
    let store = Store::open(&db).expect("opens");
    let id = store.list_with_steps().expect("listed")[0].id;
    // Handed to two devices (as the browser does): the terminal refuses, naming the way back.
    store.set_seat_keys(id, &["a".repeat(32), "b".repeat(32)]).expect("handed out");
    let (ok, out, err) = run(&["play", "manoeuvre", "--resume", &id.to_string(), "--db", &db_arg], "q\n");
    assert!(!ok, "{out}");
    assert!(err.contains("two devices") && err.contains("one screen"), "{err}");
    // Back at one screen, it resumes.
    assert!(store.clear_seat_keys(id).expect("taken back"));
    let (ok, out, err) = run(&["play", "manoeuvre", "--resume", &id.to_string(), "--db", &db_arg], "q\n");
    assert!(ok, "{out}{err}");
    remove_db(&db);
}
