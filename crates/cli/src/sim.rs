//! `cdgsolo sim`: bots play Manoeuvre against each other, many games at once, and the results are
//! counted per bot with 95% Wilson intervals, with how the games ended, how long they ran and how
//! often the first player won. Every game's seed comes from the run's seed and the game's number,
//! and results are gathered in game order, so a run gives the same output on any thread count.
//! A bar on the error stream shows progress while the games run.

use std::io::Write;

use anyhow::{Context, Result, bail};
use engine::Game;
use manoeuvre::setup::RandomWord;
use manoeuvre::state::Ending;
use manoeuvre::tables::Compiled;
use manoeuvre::{HandMode, Manoeuvre, ManoeuvreSetup, MapChoice};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

pub use bots::BotSpec;

/// How the simulator sets up each game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SimSetup {
    /// Every setup choice at random, deployment included (the rulebook's quick start).
    #[default]
    Quick,
    /// A battlefield drawn at random, then each bot deploys its own units.
    Deploy,
}

impl SimSetup {
    fn word(self) -> &'static str {
        match self {
            SimSetup::Quick => "quick",
            SimSetup::Deploy => "deploy",
        }
    }
}

/// One run of the simulator.
pub struct SimOptions {
    pub bots: [BotSpec; 2],
    /// Army pairings (codes); each is played `games` times.
    pub pairings: Vec<[String; 2]>,
    pub hand_modes: [HandMode; 2],
    pub setup: SimSetup,
    pub games: u32,
    pub seed: u64,
    pub threads: Option<usize>,
    pub json: bool,
    /// Also write one line per pairing of nations to this CSV file.
    pub csv: Option<String>,
    /// Play only the games of this shard (`[index, count]`, index from 0) and print them as a part
    /// file for `cdgsolo sim merge`.
    pub shard: Option<[u64; 2]>,
    /// Also draw the win-rate matrix into this directory (SVG and PNG).
    pub plot: Option<String>,
}

/// How one game went (the unit a shard's part file holds).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct GameResult {
    /// Which bot (0 or 1 of `--bots`) won, if anyone did.
    winner_bot: Option<usize>,
    /// Which nation of the pairing (0 or 1, as listed) won.
    winner_army: Option<usize>,
    /// Whether the first player won.
    first_player_won: bool,
    ending: String,
    decisions: u32,
}

/// What makes two runs the same run: a shard's part file carries it, and merging checks it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct RunKey {
    bots: [String; 2],
    pairings: Vec<[String; 2]>,
    hand_modes: [String; 2],
    /// Part files written before the option existed are quick starts.
    #[serde(default)]
    setup: SimSetup,
    games: u32,
    seed: u64,
}

/// One shard's games: the run, which shard (`index` of `count`), and each game by its number in the
/// whole run.
#[derive(Debug, Serialize, Deserialize)]
struct Part {
    run: RunKey,
    shard: [u64; 2],
    games: Vec<(u64, GameResult)>,
}

#[derive(Serialize)]
struct BotReport {
    games: u32,
    wins: u32,
    win_rate: f64,
    /// 95% Wilson score interval of the win rate.
    interval: [f64; 2],
}

#[derive(Serialize)]
struct PairingReport {
    armies: [String; 2],
    games: u32,
    /// Wins of each bot of `--bots` in this pairing.
    wins: [u32; 2],
    /// Wins of each nation of the pairing, in the order of `armies`.
    army_wins: [u32; 2],
    /// The 95% Wilson interval of each nation's win rate in this pairing.
    army_intervals: [[f64; 2]; 2],
    /// How this pairing's games ended.
    endings: std::collections::BTreeMap<String, u32>,
    /// Games of this pairing the first player won.
    first_player_wins: u32,
    mean_decisions: f64,
}

#[derive(Serialize)]
struct Report {
    games: u32,
    seed: u64,
    hand_modes: [String; 2],
    setup: SimSetup,
    bots: std::collections::BTreeMap<String, BotReport>,
    pairings: Vec<PairingReport>,
    /// How the games ended: attrition, nightfall, sacked commander, or not finished.
    endings: std::collections::BTreeMap<String, u32>,
    first_player_wins: BotReport,
    mean_decisions: f64,
    /// The first bot's Elo rating minus the second's, read from its score (draws count a half) with
    /// the 95% Wilson interval carried over; absent when both sides are the same bot.
    #[serde(skip_serializing_if = "Option::is_none")]
    elo_difference: Option<EloDifference>,
}

#[derive(Serialize)]
struct EloDifference {
    bots: [String; 2],
    elo: f64,
    interval: [f64; 2],
}

/// The Elo difference that gives an expected score `p` (clamped away from 0 and 1, where it is
/// infinite).
pub fn elo_from_score(p: f64) -> f64 {
    let p = p.clamp(0.001, 0.999);
    400.0 * (p / (1.0 - p)).log10()
}

/// The 95% Wilson score interval of `wins` out of `games`.
pub fn wilson(wins: u32, games: u32) -> [f64; 2] {
    if games == 0 {
        return [0.0, 1.0];
    }
    wilson_score(f64::from(wins) / f64::from(games), f64::from(games))
}

/// The 95% Wilson score interval of a score `p` (a share of the points) over `n` games.
fn wilson_score(p: f64, n: f64) -> [f64; 2] {
    wilson_points(p, n as u64)
}

/// The 95% Wilson score interval of a share `p` of the points over `games` games.
pub(crate) fn wilson_points(p: f64, games: u64) -> [f64; 2] {
    let n = games as f64;
    let z = 1.959_963_984_540_054_f64;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// A game's own seed from the run's seed and its number (SplitMix64), the same on every thread.
pub(crate) fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game `index` of a pairing: bots and armies swap seats from game to game.
fn play_one(options: &SimOptions, armies: &[String; 2], index: u64, seed: u64) -> Result<GameResult> {
    // Bots alternate every game; the army order every second game.
    let bot_first = usize::from(index % 2 == 1);
    let swap_armies = (index / 2) % 2 == 1;
    let seat_armies = if swap_armies { [armies[1].clone(), armies[0].clone()] } else { armies.clone() };
    let setup = ManoeuvreSetup {
        armies: Some(seat_armies),
        hand_modes: Some(options.hand_modes),
        quick_start: options.setup == SimSetup::Quick,
        map: (options.setup == SimSetup::Deploy).then_some(MapChoice::Random(RandomWord::Random)),
        ..ManoeuvreSetup::default()
    };
    let mut state = Manoeuvre::new(&setup).map_err(|e| anyhow::anyhow!("{e}"))?;
    // bots_at[p]: the index in --bots of the bot sitting as player p.
    let bots_at = [bot_first, 1 - bot_first];
    let mut players = [options.bots[bots_at[0]].build(), options.bots[bots_at[1]].build()];
    let mut chance = ChaCha8Rng::seed_from_u64(seed);
    let mut streams = [ChaCha8Rng::seed_from_u64(seed ^ 0xA11CE), ChaCha8Rng::seed_from_u64(seed ^ 0xB0B)];
    let [first_bot, second_bot] = &mut players;
    let decisions =
        bots::play_out(&mut state, [first_bot.as_mut(), second_bot.as_mut()], &mut chance, &mut streams, 1_000_000)?;
    let outcome = state.outcome();
    let winner = outcome.as_ref().and_then(|o| o.winner);
    let ending = match state.ending() {
        None => "not finished",
        Some(Ending::Attrition { sacked: true, .. }) => "sacked commander",
        Some(Ending::Attrition { .. }) => "attrition",
        Some(Ending::Nightfall { .. }) => "nightfall",
    }
    .to_string();
    let first = (state.turn() > 0).then(|| state.first_player());
    Ok(GameResult {
        winner_bot: winner.map(|w| bots_at[usize::from(w)]),
        // Player p fields the pairing's nation p, or the other one when the order was swapped.
        winner_army: winner.map(|w| usize::from(w) ^ usize::from(swap_armies)),
        first_player_won: winner.is_some() && winner == first,
        ending,
        decisions,
    })
}

/// Every pairing of two different armies, in the data's order.
pub fn all_pairings() -> Result<Vec<[String; 2]>> {
    let data = Compiled::embedded().map_err(|e| anyhow::anyhow!("{e}"))?;
    let codes: Vec<String> = data.rules.armies.iter().map(|a| a.code.clone()).collect();
    let mut out = Vec::new();
    for (i, a) in codes.iter().enumerate() {
        for b in &codes[i + 1..] {
            out.push([a.clone(), b.clone()]);
        }
    }
    Ok(out)
}

fn mode_name(m: HandMode) -> String {
    if m == HandMode::Hand { "hand".into() } else { "display".into() }
}

pub fn run(options: SimOptions, out: &mut dyn Write) -> Result<()> {
    let key = RunKey {
        bots: options.bots.clone().map(|b| b.name()),
        pairings: options.pairings.clone(),
        hand_modes: options.hand_modes.map(mode_name),
        setup: options.setup,
        games: options.games,
        seed: options.seed,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    let total = options.pairings.len() as u64 * u64::from(options.games);
    // A game's number in the whole run decides its shard and its seed.
    let jobs: Vec<u64> = match options.shard {
        Some([index, count]) => (0..total).filter(|j| j % count == index).collect(),
        None => (0..total).collect(),
    };
    // Progress on the terminal's error stream (drawn only when it is a terminal): games done, the
    // rate and the time left.
    let progress = indicatif::ProgressBar::new(jobs.len() as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let results: Vec<Result<GameResult>> = pool.install(|| {
        jobs.par_iter()
            .map(|&j| {
                let (p, g) = ((j / u64::from(options.games)) as usize, j % u64::from(options.games));
                let result = play_one(&options, &options.pairings[p], g, game_seed(options.seed, j));
                progress.inc(1);
                result
            })
            .collect()
    });
    progress.finish_and_clear();
    let mut games = Vec::with_capacity(jobs.len());
    for (j, r) in jobs.into_iter().zip(results) {
        games.push((j, r?));
    }
    if let Some(shard) = options.shard {
        writeln!(out, "{}", serde_json::to_string(&Part { run: key, shard, games })?)?;
        return Ok(());
    }
    write_report(&key, &games, options.json, options.csv.as_deref(), options.plot.as_deref(), out)
}

/// Combines the part files of one sharded run into exactly the report of the run played whole.
pub fn merge(files: &[String], json: bool, csv: Option<&str>, plot: Option<&str>, out: &mut dyn Write) -> Result<()> {
    let mut parts = Vec::new();
    for file in files {
        let text = engine::files::read_text(std::path::Path::new(file))?;
        let part: Part =
            serde_json::from_str(&text).with_context(|| format!("{file} is not a part file of cdgsolo sim"))?;
        parts.push((file, part));
    }
    let Some((first_file, first)) = parts.first() else { bail!("give the part files to merge") };
    let count = first.shard[1];
    let mut seen = vec![false; usize::try_from(count).unwrap_or(0)];
    for (file, part) in &parts {
        if part.run != first.run {
            bail!(
                "{file} comes from another run than {first_file} (bots, nations, hand modes, setup, games or seed differ)"
            );
        }
        if part.shard[1] != count {
            bail!("{file} is shard {} of {}, {first_file} of {count}", part.shard[0] + 1, part.shard[1]);
        }
        let Some(slot) = usize::try_from(part.shard[0]).ok().and_then(|i| seen.get_mut(i)) else {
            bail!("{file}: shard {} of {count} does not exist", part.shard[0]);
        };
        if std::mem::replace(slot, true) {
            bail!("{file}: shard {} of {count} is given twice", part.shard[0] + 1);
        }
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        bail!("shard {} of {count} is missing", missing + 1);
    }
    let run = first.run.clone();
    let mut games: Vec<(u64, GameResult)> = parts.into_iter().flat_map(|(_, p)| p.games).collect();
    games.sort_by_key(|g| g.0);
    let total = run.pairings.len() as u64 * u64::from(run.games);
    if games.len() as u64 != total || games.iter().enumerate().any(|(i, g)| g.0 != i as u64) {
        bail!("the parts do not hold each of the run's {total} games once");
    }
    write_report(&run, &games, json, csv, plot, out)
}

/// The report of a whole run from its games, in game order.
fn write_report(
    key: &RunKey,
    games: &[(u64, GameResult)],
    json: bool,
    csv: Option<&str>,
    plot: Option<&str>,
    out: &mut dyn Write,
) -> Result<()> {
    let per_pairing = u64::from(key.games.max(1));
    let mut results_by_pairing: Vec<Vec<GameResult>> = vec![Vec::new(); key.pairings.len()];
    for (j, r) in games {
        if let Some(list) = results_by_pairing.get_mut((j / per_pairing) as usize) {
            list.push(r.clone());
        }
    }
    let all: Vec<&GameResult> = results_by_pairing.iter().flatten().collect();
    let total = all.len() as u32;
    let mut bots = std::collections::BTreeMap::new();
    for (b, name) in key.bots.iter().enumerate() {
        let wins = all.iter().filter(|r| r.winner_bot == Some(b)).count() as u32;
        let entry =
            bots.entry(name.clone()).or_insert(BotReport { games: 0, wins: 0, win_rate: 0.0, interval: [0.0, 1.0] });
        entry.games += total;
        entry.wins += wins;
    }
    for r in bots.values_mut() {
        r.win_rate = if r.games == 0 { 0.0 } else { f64::from(r.wins) / f64::from(r.games) };
        r.interval = wilson(r.wins, r.games);
    }
    let mut endings = std::collections::BTreeMap::new();
    for r in &all {
        *endings.entry(r.ending.clone()).or_insert(0) += 1;
    }
    let first_wins = all.iter().filter(|r| r.first_player_won).count() as u32;
    let report = Report {
        games: total,
        seed: key.seed,
        hand_modes: key.hand_modes.clone(),
        setup: key.setup,
        bots,
        pairings: key
            .pairings
            .iter()
            .zip(&results_by_pairing)
            .map(|(armies, rs)| {
                let games = rs.len() as u32;
                let army_wins = [0, 1].map(|a| rs.iter().filter(|r| r.winner_army == Some(a)).count() as u32);
                let mut endings = std::collections::BTreeMap::new();
                for r in rs {
                    *endings.entry(r.ending.clone()).or_insert(0) += 1;
                }
                let decisions: u64 = rs.iter().map(|r| u64::from(r.decisions)).sum();
                PairingReport {
                    armies: armies.clone(),
                    games,
                    wins: [0, 1].map(|b| rs.iter().filter(|r| r.winner_bot == Some(b)).count() as u32),
                    army_wins,
                    army_intervals: army_wins.map(|w| wilson(w, games)),
                    endings,
                    first_player_wins: rs.iter().filter(|r| r.first_player_won).count() as u32,
                    mean_decisions: if games == 0 { 0.0 } else { decisions as f64 / f64::from(games) },
                }
            })
            .collect(),
        endings,
        first_player_wins: BotReport {
            games: total,
            wins: first_wins,
            win_rate: if total == 0 { 0.0 } else { f64::from(first_wins) / f64::from(total) },
            interval: wilson(first_wins, total),
        },
        mean_decisions: if total == 0 {
            0.0
        } else {
            all.iter().map(|r| f64::from(r.decisions)).sum::<f64>() / f64::from(total)
        },
        elo_difference: (key.bots[0] != key.bots[1] && total > 0).then(|| {
            // A score counts a draw (or an unfinished game) as half a win for each bot.
            let won = all.iter().filter(|r| r.winner_bot == Some(0)).count() as f64;
            let drawn = all.iter().filter(|r| r.winner_bot.is_none()).count() as f64;
            let score = (won + drawn / 2.0) / f64::from(total);
            let [lo, hi] = wilson_score(score, f64::from(total));
            EloDifference {
                bots: key.bots.clone(),
                elo: elo_from_score(score),
                interval: [elo_from_score(lo), elo_from_score(hi)],
            }
        }),
    };
    if let Some(file) = csv {
        let mut text = if key.bots[0] == key.bots[1] {
            // A bot against itself: its two copies by their place in --bots.
            format!("nation_a,nation_b,games,wins_{0}_1,wins_{0}_2,wins_nation_a,wins_nation_b", key.bots[0])
        } else {
            format!("nation_a,nation_b,games,wins_{},wins_{},wins_nation_a,wins_nation_b", key.bots[0], key.bots[1])
        };
        text.push_str(
            ",nation_a_low,nation_a_high,nation_b_low,nation_b_high,first_player_wins,attrition,nightfall,\
             sacked_commander,mean_decisions\n",
        );
        for p in &report.pairings {
            let ended = |k: &str| p.endings.get(k).copied().unwrap_or(0);
            text.push_str(&format!(
                "{},{},{},{},{},{},{},{:.4},{:.4},{:.4},{:.4},{},{},{},{},{:.1}\n",
                p.armies[0],
                p.armies[1],
                p.games,
                p.wins[0],
                p.wins[1],
                p.army_wins[0],
                p.army_wins[1],
                p.army_intervals[0][0],
                p.army_intervals[0][1],
                p.army_intervals[1][0],
                p.army_intervals[1][1],
                p.first_player_wins,
                ended("attrition"),
                ended("nightfall"),
                ended("sacked commander"),
                p.mean_decisions
            ));
        }
        crate::save_file::write_atomic(std::path::Path::new(file), &text)
            .with_context(|| format!("cannot write {file}"))?;
    }
    let plotted = match plot {
        Some(dir) => {
            let matrix = crate::plot::WinMatrix::from_pairings(
                format!(
                    "{} v {}; hand modes: {}, {}; setup: {}",
                    key.bots[0],
                    key.bots[1],
                    key.hand_modes[0],
                    key.hand_modes[1],
                    key.setup.word()
                ),
                report.pairings.iter().map(|p| (&p.armies, p.games, p.army_wins)),
            );
            Some(crate::plot::win_rate_matrix(std::path::Path::new(dir), &matrix)?)
        }
        None => None,
    };
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(());
    }
    let setup = match report.setup {
        SimSetup::Quick => "quick start",
        SimSetup::Deploy => "bots deploy",
    };
    writeln!(
        out,
        "{} games, seed {}, hand modes {} and {}, {setup}",
        report.games, report.seed, report.hand_modes[0], report.hand_modes[1]
    )?;
    let width = report.bots.keys().map(|name| name.chars().count()).max().unwrap_or(0).max(12);
    for (name, r) in &report.bots {
        writeln!(
            out,
            "  {name:<width$} won {:>5} of {:>5}  {:>5.1}%  (95%: {:.1}-{:.1}%)",
            r.wins,
            r.games,
            100.0 * r.win_rate,
            100.0 * r.interval[0],
            100.0 * r.interval[1]
        )?;
    }
    let f = &report.first_player_wins;
    writeln!(
        out,
        "  first player won {:.1}% (95%: {:.1}-{:.1}%); games took {:.0} decisions on average",
        100.0 * f.win_rate,
        100.0 * f.interval[0],
        100.0 * f.interval[1],
        report.mean_decisions
    )?;
    if let Some(e) = &report.elo_difference {
        writeln!(
            out,
            "  {} rates {:+.0} Elo against {} (95%: {:+.0} to {:+.0})",
            e.bots[0], e.elo, e.bots[1], e.interval[0], e.interval[1]
        )?;
    }
    let endings: Vec<String> = report.endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
    writeln!(out, "  endings: {}", endings.join(", "))?;
    if let Some([svg, png]) = plotted {
        writeln!(out, "  win-rate matrix: {} and {}", svg.display(), png.display())?;
    }
    if report.pairings.len() > 1 {
        for p in &report.pairings {
            writeln!(
                out,
                "  {} v {}: {} {} - {} {}; {} {} - {} {}",
                p.armies[0],
                p.armies[1],
                key.bots[0],
                p.wins[0],
                p.wins[1],
                key.bots[1],
                p.armies[0],
                p.army_wins[0],
                p.army_wins[1],
                p.armies[1]
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_known_values() {
        // 95 of 100: the score interval is about 88.8% to 97.8%.
        let [lo, hi] = wilson(95, 100);
        assert!((lo - 0.8883).abs() < 1e-3 && (hi - 0.9785).abs() < 1e-3, "{lo} {hi}");
        let [lo, hi] = wilson(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{lo} {hi}");
        assert_eq!(wilson(0, 0), [0.0, 1.0]);
    }

    #[test]
    fn elo_difference_follows_the_score() {
        assert!(elo_from_score(0.5).abs() < 1e-9);
        // A 76% score is about 200 Elo; the scale is symmetric.
        assert!((elo_from_score(0.76) - 200.0).abs() < 2.0, "{}", elo_from_score(0.76));
        assert!((elo_from_score(0.24) + elo_from_score(0.76)).abs() < 1e-9);
        assert!(elo_from_score(1.0).is_finite());
    }
}
