//! Two writers on one saved game: two `cdgsolo serve` processes and a terminal (`cdgsolo play
//! manoeuvre --resume`) share one SQLite file. Four clients play legal actions on a few hotseat
//! games through either server, one of them also on the game the terminal plays, while the terminal
//! plays that game. Every write is a compare-and-set over the version its writer read, so nothing a
//! server acknowledged may be lost, and nothing the terminal believed saved either: a writer that
//! lost the race is refused (409 for a client, "Not saved ... changed elsewhere" for the terminal).

mod common;

use std::collections::HashSet;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use common::{Server, http, remove_db, temp_path};
use serde_json::{Value, json};
use server::store::Store;

/// Client threads, and the decisions and time each is given.
const CLIENTS: u64 = 4;
const DECISIONS_EACH: usize = 60;
const CLIENT_TIME: Duration = Duration::from_secs(60);
/// The terminal's decisions, and the time its whole run is given.
const TERMINAL_DECISIONS: usize = 40;
const TERMINAL_TIME: Duration = Duration::from_secs(120);

/// One action a server acknowledged: its game, the steps the game had before it, its id.
#[derive(Clone, Debug)]
struct Acked {
    game: i64,
    before: u64,
    id: String,
}

/// What one client did.
#[derive(Default)]
struct Tally {
    acked: Vec<Acked>,
    /// 409: the game had moved on since the client read its steps.
    stale: usize,
    /// 409: the store's version had changed under the server (another writer won the race).
    lost_race: usize,
}

/// Kills what the test started when it ends, passed or not, so a failure leaves no process behind.
struct Processes {
    servers: Vec<Server>,
    terminal: Option<Child>,
}

impl Drop for Processes {
    fn drop(&mut self) {
        if let Some(child) = self.terminal.as_mut() {
            let _ = child.kill();
            let _ = child.wait();
        }
        for server in &self.servers {
            server.kill();
        }
    }
}

/// Starts a hotseat game of Manoeuvre with every setup choice made at random; its id and steps.
fn new_game(addr: &str, seed: u64) -> (i64, u64) {
    let body = json!({"game": "manoeuvre", "seed": seed, "options": {"quick_start": true}});
    let (code, made) = http(addr, "POST", "/api/games", Some(&body)).expect("the server answers");
    assert_eq!(code, 201, "a new game was refused: {made}");
    let id = made["id"].as_i64().expect("an id");
    (id, steps_of(addr, id))
}

/// The steps game `id` has now, as the server at `addr` says.
fn steps_of(addr: &str, id: i64) -> u64 {
    let (code, game) = http(addr, "GET", &format!("/api/games/{id}"), None)
        .unwrap_or_else(|e| panic!("GET game {id} from {addr}: the connection broke: {e}"));
    assert_eq!(code, 200, "GET game {id} from {addr}: {game}");
    game["status"]["steps"].as_u64().unwrap_or_else(|| panic!("no steps in {game}"))
}

/// A small deterministic stream of numbers (splitmix64).
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays legal actions on `games` through the two servers in turn, up to its count and its time.
/// The steps are read before the legal actions, so an action is always sent with the steps of a
/// position at or before the one it was chosen in: a game that moved between the two reads is
/// refused with 409, never applied at the wrong step.
fn client(seed: u64, servers: [String; 2], games: Vec<i64>) -> Tally {
    let started = Instant::now();
    let mut stream = seed;
    let mut tally = Tally::default();
    let mut over: HashSet<i64> = HashSet::new();
    let mut tries = 0usize;
    while tally.acked.len() < DECISIONS_EACH
        && started.elapsed() < CLIENT_TIME
        && tries < DECISIONS_EACH * 10
        && over.len() < games.len()
    {
        let game = games[(next(&mut stream) % games.len() as u64) as usize];
        if over.contains(&game) {
            continue;
        }
        let addr = &servers[tries % 2];
        tries += 1;
        let steps = steps_of(addr, game);
        let (code, legal) = http(addr, "GET", &format!("/api/games/{game}/legal"), None)
            .unwrap_or_else(|e| panic!("client {seed}: legal of game {game} from {addr}: the connection broke: {e}"));
        assert_eq!(code, 200, "client {seed}: legal of game {game} from {addr}: {legal}");
        let actions = legal["actions"].as_array().unwrap_or_else(|| panic!("no actions in {legal}"));
        if actions.is_empty() {
            // The game is over.
            over.insert(game);
            continue;
        }
        let action = &actions[(next(&mut stream) % actions.len() as u64) as usize];
        let id = action["id"].as_str().expect("an action id").to_string();
        let body = json!({"action": id, "step": steps});
        let (code, answer) =
            http(addr, "POST", &format!("/api/games/{game}/actions"), Some(&body)).unwrap_or_else(|e| {
                panic!("client {seed}: {id} at step {steps} of game {game} on {addr}: the connection broke: {e}")
            });
        match code {
            200 => tally.acked.push(Acked { game, before: steps, id }),
            409 if answer["error"].as_str().is_some_and(|e| e.contains("has moved on")) => tally.stale += 1,
            409 => tally.lost_race += 1,
            _ => panic!("client {seed}: {id} at step {steps} of game {game} on {addr} answered {code}: {answer}"),
        }
    }
    tally
}

/// What the terminal waits for.
#[derive(Debug, PartialEq)]
enum Asks {
    /// An action's number (or u, s FILE, q).
    Action,
    /// Enter, for the other player to take the seat.
    Seat,
    /// y or n.
    Confirm,
    /// Nothing: its output closed.
    Ended,
}

/// The terminal's output, read up to each prompt within the run's time.
struct Terminal {
    stdin: Option<ChildStdin>,
    output: Receiver<Vec<u8>>,
    text: String,
    mark: usize,
    deadline: Instant,
}

impl Terminal {
    fn wait(&mut self) -> Asks {
        loop {
            let since = &self.text[self.mark..];
            let asks = if since.ends_with("> ") {
                Some(Asks::Action)
            } else if since.ends_with("press Enter ---\n") {
                Some(Asks::Seat)
            } else if since.ends_with("Type y for yes: ") {
                Some(Asks::Confirm)
            } else {
                None
            };
            if let Some(asks) = asks {
                self.mark = self.text.len();
                return asks;
            }
            let left = self.deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.text.push_str(&String::from_utf8_lossy(&bytes)),
                Err(RecvTimeoutError::Disconnected) => return Asks::Ended,
                Err(RecvTimeoutError::Timeout) => {
                    panic!("the terminal still ran after {TERMINAL_TIME:?}; its output:\n{}", self.text)
                }
            }
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("the input is open");
        writeln!(stdin, "{line}").expect("the terminal reads its input");
        stdin.flush().expect("flushed");
    }
}

/// What the terminal did.
struct TerminalRun {
    decisions: usize,
    /// The decisions made before the terminal first said it could not save: those it believed saved.
    saved_decisions: usize,
    /// The game's log in the store at each of the terminal's prompts for an action.
    snapshots: Vec<Vec<Value>>,
    seat_changes: usize,
    output: String,
    errors: String,
}

/// Plays `decisions` times the first action of game `id` in `cdgsolo play manoeuvre --resume`,
/// pressing Enter at each change of seat, then saves its own record to `file` and quits. At each
/// prompt for an action the store's log of the game is read (`store`).
fn run_terminal(child: &mut Child, id: i64, file: &Path, store: &Store) -> TerminalRun {
    let mut stderr = child.stderr.take().expect("stderr");
    let output = common::chunks_of(child.stdout.take().expect("stdout"));
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let deadline = Instant::now() + TERMINAL_TIME;
    let mut term = Terminal { stdin: child.stdin.take(), output, text: String::new(), mark: 0, deadline };
    let (mut decisions, mut seat_changes, mut saved_decisions) = (0, 0, 0);
    let mut snapshots = Vec::new();
    let mut saved = false;
    loop {
        let asks = term.wait();
        if asks == Asks::Action {
            // The terminal writes before it prompts: what it decided so far is saved, or it said not.
            if !term.text.contains("Not saved in") {
                saved_decisions = decisions;
            }
            let record = store.load(id).expect("the terminal's game loads");
            snapshots.push(log_of(&record).clone());
        }
        match asks {
            Asks::Action if decisions < TERMINAL_DECISIONS => {
                term.send("1");
                decisions += 1;
                // A person's pace, a little: the clients' actions on this game come in between.
                std::thread::sleep(Duration::from_millis(20));
            }
            Asks::Action if !saved => {
                term.send(&format!("s {}", file.display()));
                saved = true;
            }
            Asks::Action => term.send("q"),
            Asks::Seat => {
                term.send("");
                seat_changes += 1;
            }
            Asks::Confirm => {
                assert!(saved, "game {id}: the terminal asked a question before it was asked to quit:\n{}", term.text);
                term.send("y");
            }
            Asks::Ended => break,
        }
    }
    drop(term.stdin.take());
    let status = loop {
        match child.try_wait().expect("the terminal's status") {
            Some(status) => break status,
            None if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(20)),
            None => panic!("the terminal did not end after its output closed; its output:\n{}", term.text),
        }
    };
    let errors = errors.join().unwrap_or_default();
    assert!(status.success(), "the terminal failed ({status}): {errors}\n{}", term.text);
    assert!(saved, "game {id}: the terminal's game ended before it was saved to a file:\n{}", term.text);
    TerminalRun { decisions, saved_decisions, snapshots, seat_changes, output: term.text, errors }
}

fn log_of(record: &Value) -> &Vec<Value> {
    record["log"].as_array().unwrap_or_else(|| panic!("no log in {record}"))
}

#[test]
fn two_servers_and_the_terminal_on_one_file_lose_no_acknowledged_decision() {
    let started = Instant::now();
    let db = temp_path("two-writers.sqlite");
    let file = temp_path("two-writers-terminal.json");
    remove_db(&db);
    let _ = std::fs::remove_file(&file);
    let mut processes = Processes { servers: vec![Server::start(&db), Server::start(&db)], terminal: None };
    let servers = [processes.servers[0].addr.clone(), processes.servers[1].addr.clone()];

    // Three games for the servers only, and one the terminal plays too; all made through A.
    let played: Vec<(i64, u64)> = (0..3).map(|k| new_game(&servers[0], 100 + k)).collect();
    let (terminal_game, terminal_setup) = new_game(&servers[0], 200);
    let games: Vec<i64> = played.iter().map(|(id, _)| *id).collect();

    let clients: Vec<_> = (0..CLIENTS)
        .map(|k| {
            let servers = servers.clone();
            let mut mine = games.clone();
            // The first client contends with the terminal on its game.
            if k == 0 {
                mine.push(terminal_game);
            }
            std::thread::spawn(move || client(k + 1, servers, mine))
        })
        .collect();

    let db_arg = db.to_string_lossy().into_owned();
    let id_arg = terminal_game.to_string();
    processes.terminal = Some(common::spawn_piped(&["play", "manoeuvre", "--resume", &id_arg, "--db", &db_arg]));
    let reader = Store::open(&db).expect("the database opens");
    let terminal = run_terminal(processes.terminal.as_mut().expect("the terminal"), terminal_game, &file, &reader);
    drop(reader);

    let mut acked: Vec<Acked> = Vec::new();
    let (mut stale, mut lost_race) = (0, 0);
    for (k, handle) in clients.into_iter().enumerate() {
        match handle.join() {
            Ok(tally) => {
                acked.extend(tally.acked);
                stale += tally.stale;
                lost_race += tally.lost_race;
            }
            Err(e) => {
                let message = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                panic!("client {} failed: {message}", k + 1);
            }
        }
    }

    // The servers are done with: what counts is the file.
    drop(processes);
    let store = Store::open(&db).expect("the database opens");

    // a) Every acknowledged action is in its game's record, at the step it was played at.
    for game in games.iter().chain([&terminal_game]) {
        let record = store.load(*game).expect("the game loads");
        let log = log_of(&record);
        for a in acked.iter().filter(|a| a.game == *game) {
            let at = usize::try_from(a.before).expect("a step");
            let entry = log.get(at).unwrap_or_else(|| {
                panic!("{} at step {} of game {game} is missing ({} steps)", a.id, a.before, log.len())
            });
            assert_eq!(entry["id"], Value::from(a.id.as_str()), "game {game} step {}: {entry}", a.before);
        }
        // The record replays as it is stored.
        let replayed = protocol::import_session(record.clone()).expect("the stored record replays").status();
        assert_eq!(replayed["steps"], log.len(), "game {game}");
    }
    // Only the clients played the servers' own games: each decision in them past the setup is one
    // a server acknowledged (none written without its answer, none twice); the lone steps a server
    // took for the player after a decision came with that decision's answer.
    for (game, setup) in &played {
        let record = store.load(*game).expect("the game loads");
        let mine: HashSet<u64> = acked.iter().filter(|a| a.game == *game).map(|a| a.before).collect();
        for (step, entry) in log_of(&record).iter().enumerate().skip(usize::try_from(*setup).expect("steps")) {
            if entry["by"] != json!("chance") && entry["taken_for_player"] != json!(true) {
                assert!(mine.contains(&(step as u64)), "game {game} step {step}: {entry} was never acknowledged");
            }
        }
    }

    // b) The terminal lost nothing it believed saved, and said so when it could not save.
    let stored = store.load(terminal_game).expect("the terminal's game loads");
    let stored_log = log_of(&stored);
    let kept: Value = serde_json::from_str(&std::fs::read_to_string(&file).expect("the terminal's file"))
        .expect("the terminal's file is JSON");
    let kept_log = log_of(&kept);
    let not_saved: Vec<&str> = terminal.output.lines().filter(|l| l.starts_with("Not saved in")).collect();
    let farewell = format!("Game {terminal_game} is saved; resume it with");
    let conflict = !not_saved.is_empty();
    // No writer takes back what another saved: the game's log only grew while the terminal played.
    for (k, snapshot) in terminal.snapshots.iter().enumerate() {
        assert!(stored_log.starts_with(snapshot), "the store lost steps it held at the terminal's prompt {k}");
    }
    // Each decision the terminal made before any "Not saved" was written with at least one log entry
    // after the setup: those entries of its own record are in the store.
    let believed = kept_log.len().min(usize::try_from(terminal_setup).expect("steps") + terminal.saved_decisions);
    assert!(
        stored_log.starts_with(&kept_log[..believed]),
        "the terminal's {} decisions it believed saved are not all in the store",
        terminal.saved_decisions
    );
    if conflict {
        for line in &not_saved {
            assert!(line.contains(&format!("game {terminal_game} was changed elsewhere")), "{line}");
        }
        if !terminal.output.contains("Saved again") {
            assert!(!terminal.output.contains(&farewell), "a terminal that could not save says it saved");
        }
    } else {
        // Its last write is what its file holds; the servers may have played on after it.
        assert!(
            stored_log.starts_with(kept_log),
            "the terminal's saved decisions are not in the store: it has {} steps, the store {}",
            kept_log.len(),
            stored_log.len()
        );
        assert!(terminal.output.contains(&farewell), "{}", terminal.output);
    }

    // c) Enough happened to mean something; the figures for the docs.
    let on_terminal_game = acked.iter().filter(|a| a.game == terminal_game).count();
    let shared = kept_log.iter().zip(stored_log).take_while(|(a, b)| a == b).count();
    eprintln!(
        "two writers: {} actions acknowledged ({on_terminal_game} on the terminal's game); 409s: {} (moved on \
         {stale}, lost the race {lost_race}); terminal: {} decisions ({} before any conflict), {} seat changes, \
         conflict reported: {conflict}, its file {} steps, the store {} steps, {shared} of them shared; {:.1} s",
        acked.len(),
        stale + lost_race,
        terminal.decisions,
        terminal.saved_decisions,
        terminal.seat_changes,
        kept_log.len(),
        stored_log.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(acked.len() >= 20, "only {} actions were acknowledged", acked.len());
    assert!(terminal.errors.trim().is_empty(), "the terminal wrote to stderr: {}", terminal.errors);

    drop(store);
    let _ = std::fs::remove_file(&file);
    remove_db(&db);
}
