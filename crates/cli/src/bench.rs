//! `cdgsolo bench`: how fast the engine runs, measured in release builds on one core.
//!
//! `table` plays Fate Die turns on each card table (roll, flips, the facts the die needs, a play,
//! the refill, end of turn) straight on the game state, with chance drawn from a seeded ChaCha8, and
//! reports turns per second.

use std::io::Write;
use std::time::Instant;

use anyhow::{Result, bail};
use engine::{Game, ToMove, below};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::json;
use solo::{CardTable, TableAction, TableSetup};

/// What `cdgsolo bench` measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// Fate Die turns of the card tables.
    Table,
    /// Whole random games of Manoeuvre.
    Manoeuvre,
}

pub fn run(target: Target, game: Option<&str>, turns: u64, json: bool) -> Result<()> {
    if target == Target::Manoeuvre {
        return bench_manoeuvre(turns, json);
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
            ToMove::Player(_) => choose(&actions, &mut rng),
        };
        if matches!(action, TableAction::EndTurn | TableAction::Pass) {
            done += 1;
        }
        table.apply(&action).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok((done, start.elapsed().as_secs_f64()))
}

/// A turn as a player would take it: roll at once, answer what the die asks, play the first
/// allowed card, then end the turn. A side out of cards gets its hand back (as a new game turn
/// would give it), so every measured turn is a played one.
fn choose(actions: &[TableAction], rng: &mut ChaCha8Rng) -> TableAction {
    let pick = |want: fn(&TableAction) -> bool| actions.iter().find(|a| want(a)).cloned();
    pick(|a| matches!(a, TableAction::Roll))
        .or_else(|| pick(|a| matches!(a, TableAction::EndTurn)))
        .or_else(|| pick(|a| matches!(a, TableAction::Play { .. })))
        .or_else(|| pick(|a| matches!(a, TableAction::Marker(solo::table_action::MarkerOp::ResetCardsRemaining))))
        .or_else(|| pick(|a| matches!(a, TableAction::Pass)))
        .unwrap_or_else(|| actions[below(rng, actions.len())].clone())
}

/// Random full games of Manoeuvre (quick start, both hands secret): every decision uniform among the
/// legal actions, chance from ChaCha8, on one thread.
fn bench_manoeuvre(games: u64, json: bool) -> Result<()> {
    use manoeuvre::{Manoeuvre, ManoeuvreSetup};
    let setup = ManoeuvreSetup { quick_start: true, ..ManoeuvreSetup::default() };
    let fresh = Manoeuvre::new(&setup).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut actions = Vec::with_capacity(256);
    let mut steps = 0u64;
    let start = Instant::now();
    for _ in 0..games {
        let mut game = fresh;
        loop {
            if game.to_move() == ToMove::Terminal {
                break;
            }
            game.legal_actions(&mut actions);
            if actions.is_empty() {
                bail!("a dead end after {steps} steps");
            }
            let action = actions[below(&mut rng, actions.len())];
            game.apply_legal(&action);
            steps += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let row = json!({
        "games": games,
        "seconds": secs,
        "games_per_second": games as f64 / secs,
        "actions_per_game": steps as f64 / games as f64,
        "state_bytes": std::mem::size_of::<Manoeuvre>(),
    });
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&row)?)?;
    } else {
        writeln!(
            out,
            "{games} games in {secs:.2} s: {:.0} games/second, {:.1} actions per game, state {} bytes",
            games as f64 / secs,
            steps as f64 / games as f64,
            std::mem::size_of::<Manoeuvre>()
        )?;
    }
    Ok(())
}
