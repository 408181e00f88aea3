//! `cdgsolo bench server`: what the server promises under the load a person gives it, measured on a
//! server of its own over loopback TCP.
//!
//! - **A bot thinking**: one client plays a game against `mcts:hard` (every decision wakes a search)
//!   while another asks for the page's script and plays a hotseat game; the second client's round
//!   trips are what a person in another tab waits.
//! - **A long game**: a card table played to 3,000 steps, the round trips of its last decisions
//!   beside those of a new table's first, so that a decision's cost can be seen not to grow with
//!   the game.
//! - **Many games**: `--games` games opened one after another (10,000 by default); the process's
//!   resident memory after each share of them, which stays flat once the open games are at their
//!   bound.

use std::io::Write;

use anyhow::{Result, bail};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::{Value, json};

use crate::bench::{Client, random_decision, round_trips, with_server};

/// The steps the long game is played to, and the decisions timed at each end of it.
const LONG_GAME: u64 = 3_000;
const ENDS: usize = 50;

pub fn run(games: u64, json: bool) -> Result<()> {
    if games == 0 {
        bail!("--games must be at least 1");
    }
    let (report, _) = with_server("server", |addr| {
        let busy = while_a_bot_thinks(addr)?;
        let long = a_long_game(addr)?;
        let memory = many_games(addr, games)?;
        Ok(json!({ "while_a_bot_thinks": busy, "long_game": long, "many_games": memory }))
    })?;
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(());
    }
    let busy = &report["while_a_bot_thinks"];
    writeln!(
        out,
        "While mcts:hard thought {} times ({:.1} s of searching in all), another tab's round trips (ms):",
        busy["searches"],
        busy["search_seconds"].as_f64().unwrap_or(0.0)
    )?;
    writeln!(out, "{:<34} {:>7} {:>8} {:>8} {:>8} {:>8}", "request", "count", "p50", "p95", "p99", "max")?;
    for (key, name) in
        [("script", "GET /app.js"), ("legal", "GET .../legal (other game)"), ("act", "POST .../actions (other game)")]
    {
        let r = &busy[key];
        let f = |k: &str| r[k].as_f64().unwrap_or(0.0);
        writeln!(
            out,
            "{name:<34} {:>7} {:>8.2} {:>8.2} {:>8.2} {:>8.2}",
            r["count"],
            f("p50"),
            f("p95"),
            f("p99"),
            f("max")
        )?;
    }
    let long = &report["long_game"];
    writeln!(
        out,
        "POST .../actions, p95: {:.2} ms over the last {ENDS} decisions of a card table played to {} steps, \
         {:.2} ms over the first {ENDS} of a new one (ratio {:.2})",
        long["last"]["p95"].as_f64().unwrap_or(0.0),
        long["steps"],
        long["first"]["p95"].as_f64().unwrap_or(0.0),
        long["ratio_p95"].as_f64().unwrap_or(0.0)
    )?;
    let memory = &report["many_games"];
    writeln!(out, "Resident memory while {} games were opened one after another:", memory["games"])?;
    for sample in memory["samples"].as_array().map(Vec::as_slice).unwrap_or_default() {
        writeln!(out, "  after {:>6} games: {:>8} KiB", sample["games"], sample["rss_kib"])?;
    }
    Ok(())
}

/// Plays one decision of game `id`; answers the action's answer and its round trip, or `None`
/// when the game is over.
fn play_one(client: &mut Client, id: i64, rng: &mut ChaCha8Rng) -> Result<Option<(Value, f64)>> {
    let (game, _) = client.ok("GET", &format!("/api/games/{id}"), None)?;
    if game["status"]["over"] == true {
        return Ok(None);
    }
    let (legal, _) = client.ok("GET", &format!("/api/games/{id}/legal"), None)?;
    let Some(action) = random_decision(&legal, rng) else { bail!("game {id} has no legal action") };
    let body = json!({ "action": action, "step": game["status"]["steps"] });
    Ok(Some(client.ok("POST", &format!("/api/games/{id}/actions"), Some(&body))?))
}

fn new_game(client: &mut Client, request: &Value) -> Result<i64> {
    let (made, _) = client.ok("POST", "/api/games", Some(request))?;
    made["id"].as_i64().ok_or_else(|| anyhow::anyhow!("a new game without an id: {made}"))
}

/// Another tab's round trips while a bot searches: the bot's client plays until it has woken
/// `SEARCHES` searches; the other client keeps asking meanwhile.
fn while_a_bot_thinks(addr: std::net::SocketAddr) -> Result<Value> {
    const SEARCHES: usize = 12;
    let mut client = Client::connect(addr)?;
    let options = json!({ "armies": ["FR", "AU"], "quick_start": true });
    let bot_game = new_game(
        &mut client,
        &json!({ "game": "manoeuvre", "seed": 3, "options": options, "bots": [null, "mcts:hard"] }),
    )?;
    let other = new_game(&mut client, &json!({ "game": "manoeuvre", "seed": 4, "options": options }))?;
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let bot_side = {
        let done = std::sync::Arc::clone(&done);
        std::thread::spawn(move || -> Result<(usize, f64)> {
            let mut client = Client::connect(addr)?;
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let (mut searches, mut seconds) = (0, 0.0);
            let result = (|| {
                while searches < SEARCHES {
                    let Some((answer, t)) = play_one(&mut client, bot_game, &mut rng)? else { break };
                    let moves = answer["bot_moves"].as_array().map_or(0, Vec::len);
                    if moves > 0 {
                        searches += moves;
                        seconds += t;
                    }
                }
                Ok((searches, seconds))
            })();
            done.store(true, std::sync::atomic::Ordering::SeqCst);
            result
        })
    };
    let (mut script, mut legal, mut act) = (Vec::new(), Vec::new(), Vec::new());
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut other = other;
    while !done.load(std::sync::atomic::Ordering::SeqCst) {
        script.push(client.ok("GET", "/app.js", None)?.1);
        legal.push(client.ok("GET", &format!("/api/games/{other}/legal"), None)?.1);
        match play_one(&mut client, other, &mut rng)? {
            Some((_, t)) => act.push(t),
            None => other = new_game(&mut client, &json!({ "game": "manoeuvre", "seed": 7, "options": options }))?,
        }
    }
    let (searches, search_seconds) = bot_side.join().map_err(|_| anyhow::anyhow!("the bot's client panicked"))??;
    Ok(json!({
        "bot": "mcts:hard",
        "searches": searches,
        "search_seconds": search_seconds,
        "script": round_trips(&mut script),
        "legal": round_trips(&mut legal),
        "act": round_trips(&mut act),
    }))
}

/// A card table (no end of its own) played to [`LONG_GAME`] steps, its last decisions timed; then
/// the first decisions of a new table on the same database, so that both ends meet the same
/// database and caches and differ only in the length of their game.
fn a_long_game(addr: std::net::SocketAddr) -> Result<Value> {
    let mut client = Client::connect(addr)?;
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let id = new_game(&mut client, &json!({ "game": "wilderness-war", "seed": 9 }))?;
    let mut timed = Vec::new();
    let mut steps = 0;
    while steps < LONG_GAME {
        let Some((answer, t)) = play_one(&mut client, id, &mut rng)? else { bail!("the table ended at step {steps}") };
        steps = answer["status"]["steps"].as_u64().unwrap_or(LONG_GAME);
        timed.push(t);
    }
    let mut last: Vec<f64> = timed.iter().rev().take(ENDS).copied().collect();
    let short = new_game(&mut client, &json!({ "game": "wilderness-war", "seed": 10 }))?;
    let mut first = Vec::new();
    while first.len() < ENDS {
        let Some((_, t)) = play_one(&mut client, short, &mut rng)? else { bail!("the new table ended") };
        first.push(t);
    }
    let (first, last) = (round_trips(&mut first), round_trips(&mut last));
    let ratio = last["p95"].as_f64().unwrap_or(0.0) / first["p95"].as_f64().unwrap_or(1.0).max(1e-9);
    Ok(json!({ "game": "wilderness-war", "steps": steps, "decisions": timed.len(), "first": first, "last": last,
        "ratio_p95": ratio }))
}

/// The resident memory of this process (the server runs in it) in KiB, where Linux tells it.
fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.split_whitespace().next()?.parse().ok())
}

/// `games` Manoeuvre games made and then each opened again (its legal actions asked for).
fn many_games(addr: std::net::SocketAddr, games: u64) -> Result<Value> {
    let mut client = Client::connect(addr)?;
    let options = json!({ "armies": ["PR", "RU"], "quick_start": true });
    let mut samples = Vec::new();
    let marks: Vec<u64> =
        [games / 10, games / 4, games / 2, 3 * games / 4, games].into_iter().filter(|m| *m > 0).collect();
    for k in 1..=games {
        let id = new_game(&mut client, &json!({ "game": "manoeuvre", "seed": k, "options": options }))?;
        client.ok("GET", &format!("/api/games/{id}/legal"), None)?;
        if marks.contains(&k) {
            samples.push(json!({ "games": k, "rss_kib": resident_kib() }));
        }
    }
    Ok(json!({ "games": games, "open_bound": server::games::OPEN_GAMES, "samples": samples }))
}
