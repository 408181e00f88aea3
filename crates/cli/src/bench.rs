//! `cdgsolo bench`: how fast the engine runs, measured in release builds on one core.
//!
//! `table` plays Fate Die turns on each card table (roll, flips, the facts the die needs, a play,
//! the refill, end of turn) straight on the game state, with chance drawn from a seeded ChaCha8, and
//! reports turns per second. `manoeuvre` plays random games of Manoeuvre against the floor
//! (`bench_floor`); `mcts` times the search bots on positions of real games (`bench_mcts`). `api`
//! starts the real server on loopback with a temporary database and plays hotseat Manoeuvre games
//! through it over TCP, timing each request from the moment it is written to the moment the whole
//! answer has been read.

use std::io::Write;
use std::time::Instant;

use anyhow::{Result, bail};
use engine::{Game, ToMove, below};
use manoeuvre::{Manoeuvre, ManoeuvreSetup};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::json;
use solo::{CardTable, TableAction, TableSetup};

/// What `cdgsolo bench` measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// Fate Die turns of the card tables.
    Table,
    /// Whole random games of Manoeuvre, in turn with the floor's games.
    Manoeuvre,
    /// The Manoeuvre search bots on positions of real games: the levels' search and the
    /// random-playout search in iterations per second, and each level's decision time.
    Mcts,
    /// The web server: round trips of the JSON API over loopback TCP, each decision committed to a
    /// temporary SQLite database set up as `cdgsolo serve` sets up its own.
    Api,
    /// The web server under load: another tab's round trips while a bot thinks, a decision's cost
    /// on a long game, and memory while many games are opened.
    Server,
}

pub fn run(target: Target, game: Option<&str>, turns: u64, games: Option<u64>, json: bool) -> Result<()> {
    match target {
        Target::Manoeuvre => return bench_manoeuvre(turns, json),
        Target::Mcts => return crate::bench_mcts::run(json),
        Target::Api => return bench_api(games.unwrap_or(5), json),
        Target::Server => return crate::bench_server::run(games.unwrap_or(10_000), json),
        Target::Table => {}
    }
    let all: Vec<String> =
        solo::playsheets().map_err(|e| anyhow::anyhow!("{e}"))?.iter().map(|s| s.id.clone()).collect();
    let ids = match game {
        Some(g) => vec![crate::known_id(g, &all, "card table")?],
        None => all,
    };
    let mut rows = Vec::new();
    for id in &ids {
        let (done, secs) = bench_table(id, turns)?;
        rows.push(json!({ "game": id, "turns": done, "seconds": secs, "turns_per_second": done as f64 / secs }));
    }
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&rows)?)?;
    } else {
        writeln!(out, "{:<22} {:>12} {:>16}", "game", "turns", "turns/second")?;
        for r in &rows {
            writeln!(
                out,
                "{:<22} {:>12} {:>16.0}",
                r["game"].as_str().unwrap_or(""),
                r["turns"],
                r["turns_per_second"].as_f64().unwrap_or(0.0)
            )?;
        }
    }
    Ok(())
}

/// Plays `turns` turns of one card table; returns turns played and seconds taken.
fn bench_table(game: &str, turns: u64) -> Result<(u64, f64)> {
    let mut table = CardTable::new(&TableSetup::new(game)).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut actions = Vec::new();
    let mut done = 0;
    let start = Instant::now();
    while done < turns {
        table.legal_actions(&mut actions);
        let action = match table.to_move() {
            ToMove::Chance => actions.swap_remove(below(&mut rng, actions.len())),
            ToMove::Terminal => bail!("a card table never ends"),
            ToMove::Player(_) => choose(&table, &actions, &mut rng),
        };
        // A turn is counted when the table's side turn moves on, whichever step ends it (an Epic
        // Ancients turn with one card played ends on that side's flip).
        let turn = table.turn();
        table.apply(&action).map_err(|e| anyhow::anyhow!("{e}"))?;
        if table.turn() != turn {
            done += 1;
        }
    }
    Ok((done, start.elapsed().as_secs_f64()))
}

/// A turn as a player would take it: roll at once, answer what the die asks, play the first
/// allowed card, then end the turn. A side out of cards gets its hand back (as a new game turn
/// would give it), so every measured turn is a played one.
fn choose(table: &CardTable, actions: &[TableAction], rng: &mut ChaCha8Rng) -> TableAction {
    let pick = |want: fn(&TableAction) -> bool| actions.iter().find(|a| want(a)).cloned();
    // A sheet's own end of turn keeps the common id ("end-turn").
    let end_turn = actions.iter().find(|a| engine::Game::action_id(table, a) == "end-turn").cloned();
    pick(|a| matches!(a, TableAction::Roll))
        .or(end_turn)
        .or_else(|| pick(|a| matches!(a, TableAction::Play { .. })))
        .or_else(|| pick(|a| matches!(a, TableAction::Marker(solo::table_action::MarkerOp::ResetCardsRemaining))))
        .or_else(|| pick(|a| matches!(a, TableAction::Pass)))
        .unwrap_or_else(|| actions[below(rng, actions.len())].clone())
}

/// Random full games of Manoeuvre (quick start, both hands secret): every decision uniform among the
/// legal actions, chance from ChaCha8, on one thread; interleaved round by round with the same
/// number of games of the floor ([`crate::bench_floor`]), so that both see the same machine.
fn bench_manoeuvre(games: u64, json: bool) -> Result<()> {
    const ROUNDS: u64 = 50;
    let setup = ManoeuvreSetup { quick_start: true, ..ManoeuvreSetup::default() };
    let fresh = Manoeuvre::new(&setup).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut floor_rng = ChaCha8Rng::seed_from_u64(7);
    let mut actions = Vec::with_capacity(256);
    let rounds = ROUNDS.min(games.max(1));
    let per_round = games.max(1).div_ceil(rounds);
    let (mut steps, mut secs, mut floor_steps, mut floor_secs) = (0u64, 0.0, 0u64, 0.0);
    let mut ratios = Vec::new();
    for _ in 0..rounds {
        let start = Instant::now();
        steps += random_games(&fresh, per_round, &mut rng, &mut actions)?;
        let round = start.elapsed().as_secs_f64();
        let start = Instant::now();
        floor_steps += crate::bench_floor::play(per_round, &mut floor_rng);
        let floor_round = start.elapsed().as_secs_f64();
        ratios.push(floor_round / round);
        secs += round;
        floor_secs += floor_round;
    }
    ratios.sort_by(f64::total_cmp);
    let played = per_round * rounds;
    let mid = ratios.len() / 2;
    let median = if ratios.len() % 2 == 1 { ratios[mid] } else { (ratios[mid - 1] + ratios[mid]) / 2.0 };
    let (low, high) = (ratios[0], ratios[ratios.len() - 1]);
    let per_step = (steps as f64 / secs) / (floor_steps as f64 / floor_secs);
    let row = json!({
        "games": played,
        "seconds": secs,
        "games_per_second": played as f64 / secs,
        "actions_per_game": steps as f64 / played as f64,
        "state_bytes": std::mem::size_of::<Manoeuvre>(),
        "floor_games_per_second": played as f64 / floor_secs,
        "floor_actions_per_game": floor_steps as f64 / played as f64,
        "ratio_to_floor_median": median,
        "ratio_to_floor_low": low,
        "ratio_to_floor_high": high,
        "ratio_to_floor_per_step": per_step,
    });
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&row)?)?;
    } else {
        writeln!(
            out,
            "{played} games in {secs:.2} s: {:.0} games/second, {:.1} actions per game, state {} bytes",
            played as f64 / secs,
            steps as f64 / played as f64,
            std::mem::size_of::<Manoeuvre>()
        )?;
        writeln!(
            out,
            "the floor (a crude game on the same board, {:.1} actions per game): {:.0} games/second",
            floor_steps as f64 / played as f64,
            played as f64 / floor_secs
        )?;
        writeln!(
            out,
            "games per second against the floor, {rounds} interleaved rounds: {median:.3}x median ({low:.3}x to \
             {high:.3}x); per action {per_step:.3}x"
        )?;
    }
    Ok(())
}

/// Plays `games` uniformly random games from `fresh`; returns the steps taken. Kept out of line so
/// that a profiler can tell it from the floor's games.
#[inline(never)]
fn random_games(
    fresh: &Manoeuvre,
    games: u64,
    rng: &mut ChaCha8Rng,
    actions: &mut Vec<manoeuvre::Action>,
) -> Result<u64> {
    let mut steps = 0;
    for _ in 0..games {
        let mut game = *fresh;
        loop {
            if game.to_move() == ToMove::Terminal {
                break;
            }
            game.legal_actions(actions);
            if actions.is_empty() {
                bail!("a dead end after {steps} steps");
            }
            let action = actions[below(rng, actions.len())];
            game.apply_legal(&action);
            steps += 1;
        }
    }
    Ok(steps)
}

/// A minimal HTTP/1.1 client on one keep-alive connection: the benchmark writes its few request
/// lines itself so that nothing but the server and the loopback stack sits inside the timed span.
pub(crate) struct Client {
    writer: std::net::TcpStream,
    reader: std::io::BufReader<std::net::TcpStream>,
    host: String,
}

impl Client {
    pub(crate) fn connect(addr: std::net::SocketAddr) -> Result<Self> {
        let stream = std::net::TcpStream::connect(addr)?;
        // Each request goes out in one write; without this a small write could wait for an ack.
        stream.set_nodelay(true)?;
        let reader = std::io::BufReader::new(stream.try_clone()?);
        Ok(Client { writer: stream, reader, host: addr.to_string() })
    }

    /// Sends one request and reads the whole answer; returns the status, the body parsed as JSON,
    /// and the seconds from writing the request to having read the last byte of the answer.
    pub(crate) fn call(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&serde_json::Value>,
    ) -> Result<(u16, serde_json::Value, f64)> {
        use std::io::{BufRead, Read};
        let body = body.map(serde_json::Value::to_string).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.host,
            body.len()
        );
        let start = Instant::now();
        self.writer.write_all(request.as_bytes())?;
        let mut line = String::new();
        self.reader.read_line(&mut line)?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| anyhow::anyhow!("the server answered {method} {path} with '{}'", line.trim()))?;
        let mut length = None;
        loop {
            line.clear();
            if self.reader.read_line(&mut line)? == 0 {
                bail!("the server closed the connection during the headers of {method} {path}");
            }
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse::<usize>().ok();
            }
        }
        let Some(length) = length else { bail!("the answer to {method} {path} has no Content-Length") };
        let mut bytes = vec![0; length];
        self.reader.read_exact(&mut bytes)?;
        let seconds = start.elapsed().as_secs_f64();
        // The page's files are not JSON: their body is read all the same, and stands as null.
        let value = serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null);
        Ok((status, value, seconds))
    }

    /// As [`Client::call`], but anything other than a 2xx answer is an error.
    pub(crate) fn ok(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&serde_json::Value>,
    ) -> Result<(serde_json::Value, f64)> {
        let (status, value, seconds) = self.call(method, path, body)?;
        if !(200..300).contains(&status) {
            bail!("{method} {path} answered {status}: {}", value["error"].as_str().unwrap_or(""));
        }
        Ok((value, seconds))
    }
}

/// A seeded random decision among the legal actions of an API answer that moves the game on: the
/// tools (looking, not deciding) only when there is nothing else.
pub(crate) fn random_decision(legal: &serde_json::Value, rng: &mut ChaCha8Rng) -> Option<serde_json::Value> {
    let all = legal["actions"].as_array().map(Vec::as_slice).unwrap_or_default();
    let moves: Vec<&serde_json::Value> = all.iter().filter(|a| a["tool"] != true).collect();
    let pool: Vec<&serde_json::Value> = if moves.is_empty() { all.iter().collect() } else { moves };
    (!pool.is_empty()).then(|| pool[below(rng, pool.len())]["id"].clone())
}

/// Count, mean and percentiles of round trips, in milliseconds.
pub(crate) fn round_trips(seconds: &mut [f64]) -> serde_json::Value {
    seconds.sort_by(f64::total_cmp);
    let ms = |s: f64| 1000.0 * s;
    // The nearest-rank percentile: the smallest time at least `p` per cent of the round trips take.
    let at = |p: usize| seconds.get((seconds.len() * p).div_ceil(100).saturating_sub(1)).copied().map_or(0.0, ms);
    let mean = if seconds.is_empty() { 0.0 } else { ms(seconds.iter().sum::<f64>() / seconds.len() as f64) };
    json!({
        "count": seconds.len(),
        "mean": mean,
        "p50": at(50),
        "p95": at(95),
        "p99": at(99),
        "max": seconds.last().copied().map_or(0.0, ms),
    })
}

/// The temporary database and the files SQLite's write-ahead log keeps beside it.
fn remove_database(path: &std::path::Path) {
    for suffix in ["", "-wal", "-shm", ".acked"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let _ = std::fs::remove_file(name);
    }
}

/// Runs `measure` against a server of its own (the same runtime and setup as `cdgsolo serve`) on a
/// temporary database, which is removed afterwards; answers what `measure` found and where the
/// database was.
pub(crate) fn with_server<T>(
    name: &str,
    measure: impl FnOnce(std::net::SocketAddr) -> Result<T>,
) -> Result<(T, std::path::PathBuf)> {
    let db = std::env::temp_dir().join(format!("cdgsolo-bench-{name}-{}.sqlite", std::process::id()));
    remove_database(&db);
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = std::sync::mpsc::channel::<()>();
    let server = {
        let db = db.clone();
        std::thread::spawn(move || -> Result<()> {
            let runtime = tokio::runtime::Runtime::new()?;
            // The client's thread says when it is done (or drops its end on the way out).
            let stop = async move {
                let _ = tokio::task::spawn_blocking(move || stop_rx.recv()).await;
            };
            let loopback = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
            runtime.block_on(server::serve_until(
                &db,
                loopback,
                server::Access::default(),
                |bound| {
                    let _ = ready_tx.send(bound);
                },
                stop,
            ))?;
            Ok(())
        })
    };
    let measured = match ready_rx.recv() {
        Ok(addr) => measure(addr),
        Err(_) => Err(anyhow::anyhow!("the server did not start")),
    };
    let _ = stop_tx.send(());
    let stopped = server.join().map_err(|_| anyhow::anyhow!("the server's thread panicked"));
    remove_database(&db);
    let measured = measured?;
    stopped??;
    Ok((measured, db))
}

/// `bench api`: `games` hotseat Manoeuvre games (quick start, seeds 1, 2, ...) through a server of
/// its own; at each decision the client reads the game's legal actions and what the player to move
/// sees, then posts a seeded random choice with the step it was chosen at.
fn bench_api(games: u64, json: bool) -> Result<()> {
    if games == 0 {
        bail!("--games must be at least 1");
    }
    let (measured, db) = with_server("api", |addr| play_through_api(addr, games))?;
    let mut report = measured;
    report["temporary_database"] = json!(db.display().to_string());
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        writeln!(
            out,
            "{} hotseat Manoeuvre games over loopback TCP, SQLite in WAL mode with synchronous FULL:",
            report["games"]
        )?;
        writeln!(
            out,
            "{:<28} {:>7} {:>8} {:>8} {:>8} {:>8} {:>8}",
            "round trip (ms)", "count", "mean", "p50", "p95", "p99", "max"
        )?;
        for (key, name) in [
            ("post_action", "POST .../actions"),
            ("get_legal", "GET .../legal"),
            ("get_observe", "GET .../observe/{player}"),
            ("post_new_game", "POST /api/games"),
        ] {
            let r = &report[key];
            let f = |k: &str| r[k].as_f64().unwrap_or(0.0);
            writeln!(
                out,
                "{name:<28} {:>7} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2}",
                r["count"],
                f("mean"),
                f("p50"),
                f("p95"),
                f("p99"),
                f("max")
            )?;
        }
    }
    Ok(())
}

/// The client's side of `bench api`: plays the games to their end and gathers the round trips.
fn play_through_api(addr: std::net::SocketAddr, games: u64) -> Result<serde_json::Value> {
    let mut client = Client::connect(addr)?;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut created, mut posts, mut legals, mut observes) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for seed in 1..=games {
        let request = json!({ "game": "manoeuvre", "seed": seed, "options": { "quick_start": true } });
        let (game, t) = client.ok("POST", "/api/games", Some(&request))?;
        created.push(t);
        let id = game["id"].as_i64().ok_or_else(|| anyhow::anyhow!("a new game without an id: {game}"))?;
        let mut status = game["status"].clone();
        let mut guard = 0u32;
        while status["over"] != true {
            guard += 1;
            if guard > 100_000 {
                bail!("game {id} did not end");
            }
            let (legal, t) = client.ok("GET", &format!("/api/games/{id}/legal"), None)?;
            legals.push(t);
            let player = legal["to_move"]["player"].as_u64().unwrap_or(0);
            let (_, t) = client.ok("GET", &format!("/api/games/{id}/observe/{player}"), None)?;
            observes.push(t);
            let Some(action) = random_decision(&legal, &mut rng) else {
                bail!("game {id} has no legal action at step {}", status["steps"]);
            };
            let body = json!({ "action": action, "step": status["steps"] });
            let (answer, t) = client.ok("POST", &format!("/api/games/{id}/actions"), Some(&body))?;
            posts.push(t);
            status = answer["status"].clone();
        }
    }
    Ok(json!({
        "games": games,
        "database": "SQLite, journal_mode WAL, synchronous FULL (as cdgsolo serve)",
        "post_action": round_trips(&mut posts),
        "get_legal": round_trips(&mut legals),
        "get_observe": round_trips(&mut observes),
        "post_new_game": round_trips(&mut created),
    }))
}
