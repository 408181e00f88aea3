//! The store's promise under a hard stop: the real `cdgsolo serve` is killed with SIGKILL while one
//! client sends legal actions as fast as it can, and after a restart on the same database every
//! action the server answered 200 to is in the game's exported record, at the step it was played
//! at, and the game plays on. The kill lands at a different moment in each round.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::{Server, http, remove_db, temp_path};
use serde_json::{Value, json};

/// One action the server acknowledged: its game, the steps the game had before it, its id, the
/// steps after.
#[derive(Debug)]
struct Acked {
    game: i64,
    before: u64,
    id: String,
    after: u64,
}

/// Starts a hotseat game of Manoeuvre with every setup choice made at random.
fn new_game(addr: &str, seed: u64) -> Option<i64> {
    let body = json!({"game": "manoeuvre", "seed": seed, "options": {"quick_start": true}});
    match http(addr, "POST", "/api/games", Some(&body)) {
        Ok((201, made)) => made["id"].as_i64(),
        Ok((code, answer)) => panic!("a new game was refused with {code}: {answer}"),
        Err(_) => None,
    }
}

/// Sends legal actions one after another, starting a new game whenever one ends, until the server
/// stops answering; records those it acknowledged. The first legal action of each position is
/// taken, except at every seventh step, which takes the last, so the game goes somewhere.
fn play_until_gone(addr: &str, mut game: i64, acked: &mut Vec<Acked>, progress: &AtomicUsize) {
    loop {
        let Ok((200, legal)) = http(addr, "GET", &format!("/api/games/{game}/legal"), None) else { return };
        let Ok((200, status)) = http(addr, "GET", &format!("/api/games/{game}"), None) else { return };
        let steps = status["status"]["steps"].as_u64().expect("steps");
        let actions = legal["actions"].as_array().expect("actions");
        let Some(action) = (if steps % 7 == 3 { actions.last() } else { actions.first() }) else {
            // The game is over: the client goes on with a new one.
            match new_game(addr, steps) {
                Some(id) => game = id,
                None => return,
            }
            continue;
        };
        let id = action["id"].as_str().expect("an id").to_string();
        let body = json!({"action": id, "step": steps});
        match http(addr, "POST", &format!("/api/games/{game}/actions"), Some(&body)) {
            Ok((200, answer)) => {
                let after = answer["status"]["steps"].as_u64().expect("steps after");
                acked.push(Acked { game, before: steps, id, after });
                progress.fetch_add(1, Ordering::SeqCst);
            }
            Ok((code, answer)) => panic!("action {id} at step {steps} refused with {code}: {answer}"),
            // The connection broke: the server is gone, and this action is not acknowledged.
            Err(_) => return,
        }
    }
}

/// Kills the server `delay` after the client's first acknowledged action from now on, so that
/// even on a machine slowed by other work each round has something to check; a client that
/// gets nothing acknowledged for a minute is stopped anyway (and fails the round).
fn kill_later(server: &Server, progress: &Arc<AtomicUsize>, delay: Duration) -> std::thread::JoinHandle<()> {
    let child = Arc::clone(&server.child);
    let progress = Arc::clone(progress);
    let from = progress.load(Ordering::SeqCst);
    std::thread::spawn(move || {
        let waited = Instant::now();
        while progress.load(Ordering::SeqCst) == from && waited.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(2));
        }
        std::thread::sleep(delay);
        let mut child = child.lock().expect("the child");
        let _ = child.kill();
        let _ = child.wait();
    })
}

#[test]
fn every_acknowledged_action_survives_a_sigkill_of_the_server() {
    let db = temp_path("durability.sqlite");
    remove_db(&db);
    let server = Server::start(&db);
    let game = new_game(&server.addr, 11).expect("the server answers");
    let mut server = server;
    let mut acked: Vec<Acked> = Vec::new();
    let progress = Arc::new(AtomicUsize::new(0));
    // Kill moments spread over the rounds; a debug build acknowledges an action every few ms.
    let delays = [150u64, 420, 5, 777, 290];
    for (round, delay) in delays.iter().enumerate() {
        let killer = kill_later(&server, &progress, Duration::from_millis(*delay));
        let before = acked.len();
        let game = acked.last().map_or(game, |a| a.game);
        play_until_gone(&server.addr, game, &mut acked, &progress);
        killer.join().expect("the killer thread");
        server.kill();
        assert!(acked.len() > before, "round {round}: no action was acknowledged before the kill");

        // Restarted on the same file, every game holds each of its acknowledged actions at its step.
        server = Server::start(&db);
        let mut games: Vec<i64> = acked.iter().map(|a| a.game).collect();
        games.dedup();
        for game in games {
            let (code, record) =
                http(&server.addr, "GET", &format!("/api/games/{game}/export"), None).expect("the export");
            assert_eq!(code, 200, "round {round}: {record}");
            let log = record["log"].as_array().expect("a log");
            let mine: Vec<&Acked> = acked.iter().filter(|a| a.game == game).collect();
            for a in &mine {
                let at = usize::try_from(a.before).expect("a step");
                let entry = log.get(at).unwrap_or_else(|| {
                    panic!(
                        "round {round}: {} at step {} of game {game} is missing ({} steps)",
                        a.id,
                        a.before,
                        log.len()
                    )
                });
                assert_eq!(entry["id"], Value::from(a.id.as_str()), "round {round}: game {game} step {}", a.before);
            }
            let last = mine.last().expect("an action");
            assert!(
                log.len() as u64 >= last.after,
                "round {round}: game {game} ends before its last acknowledged step"
            );
            // At most the one action in flight at the kill was saved without its answer arriving
            // (with the lone steps the server took for the person after it).
            let unanswered = log[usize::try_from(last.after).unwrap_or(usize::MAX).min(log.len())..]
                .iter()
                .filter(|e| e["by"] != json!("chance") && e["taken_for_player"] != json!(true))
                .count();
            assert!(unanswered <= 1, "round {round}: game {game} has {unanswered} decisions nobody was answered for");
        }
    }
    // The last game loads and plays on after the last restart (or a new one starts if it is over).
    let mut more = Vec::new();
    let stopper = kill_later(&server, &progress, Duration::from_millis(100));
    play_until_gone(&server.addr, acked.last().map_or(game, |a| a.game), &mut more, &progress);
    stopper.join().expect("the stopper");
    assert!(!more.is_empty(), "the restarted server takes actions");
    server.kill();
    remove_db(&db);
}
