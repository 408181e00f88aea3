//! `cdgsolo bench mcts`: the search bots' speed on positions the levels really meet.
//!
//! The positions come from a fixture (`crates/cli/data/mcts-positions.json`, built into the
//! binary): whole games of `mcts:normal` against itself over six pairings that field all twelve
//! armies, each game's actions recorded by id, and six decisions of each game (spread from its
//! first turns to nightfall, each with a real choice) kept as positions. `bench mcts --record FILE`
//! plays those games again and writes a new fixture. The report leads with the levels' search
//! (rule-guided playouts) and gives the random-playout search beside it: iterations per second on
//! one thread and on two (root parallelism, two trees), and each level's decision time.

use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use bots::{Bot, BotSpec, Mcts, Playout, RulesBot, Seat};
use engine::{Game, ToMove, below};
use manoeuvre::{Manoeuvre, ManoeuvreSetup};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The fixture shipped with the program.
const FIXTURE: &str = include_str!("../data/mcts-positions.json");

/// The pairings of the fixture's games: every army once.
const PAIRINGS: [[&str; 2]; 6] = [["FR", "RU"], ["BR", "US"], ["AU", "PR"], ["SP", "OT"], ["SW", "TO"], ["IN", "QI"]];

/// Positions kept from each recorded game.
const PER_GAME: usize = 6;

/// The hard level before issue 22 (800 iterations, every move tried at once), timed beside the
/// levels: the old bot of the equal-time ladder.
const OLD_HARD: &str = "mcts-rules:800";

/// The bot whose games the fixture records.
const RECORDED_BOT: &str = "mcts:normal";

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    about: String,
    bot: String,
    games: Vec<RecordedGame>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordedGame {
    armies: [String; 2],
    seed: u64,
    /// Every step from the new game on (chance outcomes included), by action id.
    actions: Vec<String>,
    /// Positions kept: the number of actions taken before each.
    positions: Vec<usize>,
}

fn setup(armies: &[String; 2]) -> ManoeuvreSetup {
    ManoeuvreSetup { armies: Some(armies.clone()), quick_start: true, ..ManoeuvreSetup::default() }
}

/// Plays one game of the recorded bot against itself and keeps its action ids.
fn record_game(armies: [String; 2], seed: u64) -> Result<RecordedGame> {
    let spec = BotSpec::parse(RECORDED_BOT)?;
    let mut state = Manoeuvre::new(&setup(&armies)).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut bots = [spec.build(), spec.build()];
    let mut chance = ChaCha8Rng::seed_from_u64(seed);
    let mut streams = [ChaCha8Rng::seed_from_u64(seed ^ 0xA11CE), ChaCha8Rng::seed_from_u64(seed ^ 0xB0B)];
    let mut actions = Vec::new();
    let mut choices = Vec::new();
    let mut buffer = Vec::new();
    loop {
        match state.to_move() {
            ToMove::Terminal => break,
            ToMove::Chance => {
                state.legal_actions(&mut buffer);
                let action = buffer[below(&mut chance, buffer.len())];
                actions.push(state.action_id(&action));
                state.apply_legal(&action);
            }
            ToMove::Player(p) => {
                state.legal_actions(&mut buffer);
                if buffer.len() > 1 && state.turn() > 0 {
                    choices.push(actions.len());
                }
                let i = usize::from(p & 1);
                let Some(action) = bots[i].choose(&Seat::new(&state, p), &mut streams[i]) else {
                    bail!("{RECORDED_BOT} found no action in a game of {} against {}", armies[0], armies[1]);
                };
                actions.push(state.action_id(&action));
                state.apply(&action).map_err(|e| anyhow::anyhow!("{e}"))?;
            }
        }
        if actions.len() > 100_000 {
            bail!("a recorded game did not end");
        }
    }
    if choices.len() < PER_GAME {
        bail!("a game of {} against {} had only {} real choices", armies[0], armies[1], choices.len());
    }
    // Spread over the game: the first real choice of the battle, then evenly on to the last.
    let positions = (0..PER_GAME).map(|k| choices[k * (choices.len() - 1) / (PER_GAME - 1)]).collect();
    Ok(RecordedGame { armies, seed, actions, positions })
}

/// `bench mcts --record FILE`: plays the fixture's games (one per pairing, on both cores) and writes
/// them to `path`.
pub fn record(path: &str) -> Result<()> {
    use rayon::prelude::*;
    let games: Vec<RecordedGame> = PAIRINGS
        .par_iter()
        .enumerate()
        .map(|(i, [a, b])| record_game([a.to_string(), b.to_string()], 1000 + i as u64))
        .collect::<Result<_>>()?;
    let fixture = Fixture {
        about: format!(
            "Positions of whole games of {RECORDED_BOT} against itself (quick start, both hands secret), \
             {PER_GAME} real choices of each game; written by `cdgsolo bench mcts --record`."
        ),
        bot: RECORDED_BOT.into(),
        games,
    };
    std::fs::write(path, serde_json::to_string_pretty(&fixture)? + "\n").with_context(|| format!("writing {path}"))?;
    let kept: usize = fixture.games.iter().map(|g| g.positions.len()).sum();
    println!("{} games, {kept} positions written to {path}", fixture.games.len());
    Ok(())
}

/// The fixture's positions, each with its pairing, rebuilt by replaying the recorded actions.
fn positions(text: &str) -> Result<Vec<(String, Manoeuvre)>> {
    let fixture: Fixture = serde_json::from_str(text).context("the positions fixture does not read")?;
    let mut out = Vec::new();
    let mut buffer = Vec::new();
    for (g, game) in fixture.games.iter().enumerate() {
        if let Some(p) = game.positions.iter().find(|&&p| p >= game.actions.len()) {
            bail!("game {g} of the fixture keeps a position at step {p}, past its last action");
        }
        let mut state = Manoeuvre::new(&setup(&game.armies)).map_err(|e| anyhow::anyhow!("game {g}: {e}"))?;
        for (step, id) in game.actions.iter().enumerate() {
            if game.positions.contains(&step) {
                out.push((format!("{}-{}", game.armies[0], game.armies[1]), state));
            }
            state.legal_actions(&mut buffer);
            let Some(action) = buffer.iter().find(|a| state.action_id(a) == *id) else {
                bail!("game {g} of the fixture, step {step}: '{id}' is not a legal action there");
            };
            let action = *action;
            state.apply_legal(&action);
        }
    }
    Ok(out)
}

/// Iterations per second of `search` (its budget from each position), on one thread and on two
/// trees at once.
fn search_speed<P: Playout<Manoeuvre> + Clone>(positions: &[(String, Manoeuvre)], search: &Mcts<P>) -> (f64, f64) {
    let iterations = search.iterations;
    let mut rates = [0.0; 2];
    for (k, threads) in [1usize, 2].into_iter().enumerate() {
        let start = Instant::now();
        for (i, (_, state)) in positions.iter().enumerate() {
            let ToMove::Player(p) = state.to_move() else { continue };
            let mut bot = search.clone();
            bot.threads = threads;
            bot.choose(&Seat::new(state, p), &mut ChaCha8Rng::seed_from_u64(i as u64));
        }
        rates[k] = threads as f64 * f64::from(iterations) * positions.len() as f64 / start.elapsed().as_secs_f64();
    }
    (rates[0], rates[1])
}

/// Seconds a decision of `spec` takes on each position, one thread, and the iterations it ran on
/// average (fewer than its budget where it stopped once its choice could no longer change).
fn decision_times(positions: &[(String, Manoeuvre)], spec: &BotSpec) -> (Vec<f64>, f64) {
    let mut spent = Vec::new();
    let mut times: Vec<f64> = positions
        .iter()
        .enumerate()
        .filter_map(|(i, (_, state))| {
            let ToMove::Player(p) = state.to_move() else { return None };
            let mut bot = spec.build();
            let t = Instant::now();
            bot.choose(&Seat::new(state, p), &mut ChaCha8Rng::seed_from_u64(100 + i as u64));
            let elapsed = t.elapsed().as_secs_f64();
            spent.push(bot.explain().iter().map(|c| f64::from(c.visits)).sum::<f64>());
            Some(elapsed)
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let mean = spent.iter().sum::<f64>() / spent.len().max(1) as f64;
    (times, mean)
}

fn percentile(sorted: &[f64], pct: usize) -> f64 {
    sorted.get((sorted.len() * pct).div_ceil(100).saturating_sub(1)).copied().unwrap_or(0.0)
}

pub fn run(json: bool) -> Result<()> {
    let positions = positions(FIXTURE)?;
    let pairings: Vec<String> = PAIRINGS.iter().map(|[a, b]| format!("{a}-{b}")).collect();
    // The levels' search as the normal level runs it, with a budget that keeps the run short.
    // Every one of its iterations is run: the speed is iterations per second, not decisions.
    let mut levels_search = bots::LEVELS[1].search_with(300);
    levels_search.stop_when_decided = false;
    let depth = levels_search.playout.depth;
    let (rules_one, rules_two) = search_speed(&positions, &levels_search);
    let (random_one, random_two) = search_speed(&positions, &Mcts::new(2_000));
    let mut levels = Vec::new();
    let names = bots::LEVELS.iter().map(|l| format!("mcts:{}", l.name)).chain([OLD_HARD.to_string()]);
    for name in names {
        let spec = BotSpec::parse(&name)?;
        let (times, spent) = decision_times(&positions, &spec);
        let iterations = match &spec {
            BotSpec::Mcts { iterations, .. } => *iterations,
            other => other.level().map_or(0, |l| l.iterations),
        };
        levels.push(json!({
            "level": name,
            "iterations": iterations,
            "iterations_run_mean": spent,
            "mean_ms": 1000.0 * times.iter().sum::<f64>() / times.len().max(1) as f64,
            "p50_ms": 1000.0 * percentile(&times, 50),
            "p95_ms": 1000.0 * percentile(&times, 95),
            "max_ms": 1000.0 * times.last().copied().unwrap_or(0.0),
        }));
    }
    let (decisions, secs) = rules_speed()?;
    let report = json!({
        "positions": positions.len(),
        "pairings": pairings,
        "levels_search": {
            "playouts": format!("the rule-based player for {depth} decisions, then its judgement"),
            "iterations_per_second": rules_one,
            "iterations_per_second_two_threads": rules_two,
            "speed_up_two_threads": rules_two / rules_one,
        },
        "random_playout_search": {
            "playouts": "uniformly random to the end of the game",
            "iterations_per_second": random_one,
            "iterations_per_second_two_threads": random_two,
            "speed_up_two_threads": random_two / random_one,
        },
        "levels": levels,
        "rules_microseconds_per_decision": 1e6 * secs / decisions as f64,
    });
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(());
    }
    writeln!(
        out,
        "IS-MCTS on Manoeuvre: {} positions of {RECORDED_BOT} games ({})",
        positions.len(),
        pairings.join(", ")
    )?;
    writeln!(
        out,
        "  the levels' search (rule-guided playouts, {} decisions then judged): {rules_one:.0} iterations/second \
         on one thread; two threads {rules_two:.0} ({:.2}x)",
        depth,
        rules_two / rules_one
    )?;
    writeln!(
        out,
        "  random playouts to the end: {random_one:.0} iterations/second; two threads {random_two:.0} ({:.2}x)",
        random_two / random_one
    )?;
    for level in &levels {
        writeln!(
            out,
            "  a {} decision ({} iterations, {:.0} run on average, one thread): {:.0} ms mean, {:.0} ms median, \
             {:.0} ms at the 95th percentile",
            level["level"].as_str().unwrap_or(""),
            level["iterations"],
            level["iterations_run_mean"].as_f64().unwrap_or(0.0),
            level["mean_ms"].as_f64().unwrap_or(0.0),
            level["p50_ms"].as_f64().unwrap_or(0.0),
            level["p95_ms"].as_f64().unwrap_or(0.0)
        )?;
    }
    writeln!(out, "  the rule-based player: {:.1} microseconds a decision", 1e6 * secs / decisions as f64)?;
    Ok(())
}

/// Whole games of the rule-based player against itself: how many decisions it made, and the
/// seconds it spent deciding.
fn rules_speed() -> Result<(u64, f64)> {
    let mut decisions = 0u64;
    let mut spent = 0.0;
    for (seed, [a, b]) in PAIRINGS.iter().enumerate() {
        let mut state = Manoeuvre::new(&setup(&[a.to_string(), b.to_string()])).map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed as u64);
        let mut buffer = Vec::new();
        for _ in 0..1_000_000 {
            match state.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    state.legal_actions(&mut buffer);
                    let i = below(&mut rng, buffer.len());
                    state.apply_legal(&buffer[i]);
                }
                ToMove::Player(p) => {
                    let t = Instant::now();
                    let action = RulesBot::default().choose(&Seat::new(&state, p), &mut rng);
                    spent += t.elapsed().as_secs_f64();
                    decisions += 1;
                    let Some(action) = action else { bail!("the rule-based player found no action") };
                    state.apply_legal(&action);
                }
            }
        }
    }
    Ok((decisions, spent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_fixture_replays_to_positions_with_a_choice_in_every_pairing() {
        let positions = positions(FIXTURE).expect("the fixture replays");
        assert_eq!(positions.len(), PAIRINGS.len() * PER_GAME);
        for [a, b] in PAIRINGS {
            assert_eq!(positions.iter().filter(|(p, _)| *p == format!("{a}-{b}")).count(), PER_GAME);
        }
        for (pairing, state) in &positions {
            assert!(matches!(state.to_move(), ToMove::Player(_)), "{pairing}: a player decides");
            assert!(state.legal().len() > 1, "{pairing}: a real choice");
            assert!(state.turn() > 0, "{pairing}: the battle has begun");
        }
    }

    #[test]
    fn a_damaged_fixture_names_the_step_that_does_not_replay() {
        let mut fixture: Fixture = serde_json::from_str(FIXTURE).expect("the fixture reads");
        fixture.games[1].actions[40] = "no-such-action".into();
        let text = serde_json::to_string(&fixture).expect("it writes");
        let err = positions(&text).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("game 1") && err.contains("step 40") && err.contains("no-such-action"), "{err}");
        let err = positions("{\"about\": 1}").err().map(|e| format!("{e:#}")).unwrap_or_default();
        assert!(err.contains("fixture"), "{err}");
    }
}
