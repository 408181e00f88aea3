//! `cdgsolo sim tune`: the rule-based player's weights tuned by self-play with SPSA (simultaneous
//! perturbation stochastic approximation). Each step nudges every weight at once by a random sign,
//! plays the two nudged players against each other on the same seeds with seats swapped, and moves
//! the weights toward the side that won more. Weights are measured in steps of a quarter of their
//! starting size, so a weight of 0.7 and one of 0.05 move alike. A run is seeded and replays
//! exactly on the same thread count; the last line checks the result against the starting weights
//! on fresh seeds.

use anyhow::{Context, Result};
use bots::{Bot, RulesBot};
use engine::Game;
use manoeuvre::{Manoeuvre, ManoeuvreSetup, Weights};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use rayon::prelude::*;
use serde::Serialize;

/// The weights a run moves (the search's win-estimate scale is left alone: self-play of the
/// rule-based player never reads it).
const TUNED: usize = 16;

fn to_vector(w: &Weights) -> [f64; TUNED] {
    [
        w.control,
        w.advance,
        w.ahead_of_line,
        w.alone,
        w.one_friend,
        w.friends,
        w.beside,
        w.ground,
        w.cavalry_wing,
        w.worst_danger,
        w.other_danger,
        w.danger_chance,
        w.combat_ahead,
        w.card_cost,
        w.combat_threshold,
        w.move_cost,
    ]
}

fn from_vector(v: &[f64; TUNED], rest: &Weights) -> Weights {
    Weights {
        control: v[0],
        advance: v[1],
        ahead_of_line: v[2],
        alone: v[3],
        one_friend: v[4],
        friends: v[5],
        beside: v[6],
        ground: v[7],
        cavalry_wing: v[8],
        worst_danger: v[9],
        other_danger: v[10],
        danger_chance: v[11],
        combat_ahead: v[12],
        card_cost: v[13],
        combat_threshold: v[14],
        move_cost: v[15],
        ..*rest
    }
}

/// How a tuning run goes.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    pub steps: u32,
    /// Pairs of games per step (each pair: the same seed, seats swapped).
    pub pairs: u64,
    pub seed: u64,
    /// Pairs of games of the final check against the starting weights.
    pub check_pairs: u64,
    pub threads: Option<usize>,
}

/// What a run found.
#[derive(Serialize)]
pub struct TuneReport {
    pub steps: u32,
    pub pairs_per_step: u64,
    pub seed: u64,
    pub weights: Weights,
    /// Games of the check, and the tuned player's share of their points against the start.
    pub check_games: u64,
    pub check_score: f64,
    pub check_interval: [f64; 2],
}

/// The share of points `a` takes from `b` over `pairs` pairs of quick-start games between the
/// rule-based player judging by each (nations at random, seats swapped within a pair).
pub fn duel(a: &Weights, b: &Weights, pairs: u64, seed: u64) -> Result<f64> {
    let points: Result<Vec<u32>> = (0..pairs)
        .into_par_iter()
        .map(|i| {
            let game_seed = crate::sim::game_seed(seed, i);
            let mut points = 0;
            for a_seat in 0..2u8 {
                let setup = ManoeuvreSetup { quick_start: true, ..ManoeuvreSetup::default() };
                let mut state = Manoeuvre::new(&setup).map_err(|e| anyhow::anyhow!("{e}"))?;
                let mut first = RulesBot { weights: if a_seat == 0 { *a } else { *b } };
                let mut second = RulesBot { weights: if a_seat == 0 { *b } else { *a } };
                let mut chance = ChaCha8Rng::seed_from_u64(game_seed);
                let mut streams =
                    [ChaCha8Rng::seed_from_u64(game_seed ^ 0xA11CE), ChaCha8Rng::seed_from_u64(game_seed ^ 0xB0B)];
                let seats: [&mut dyn Bot<Manoeuvre>; 2] = [&mut first, &mut second];
                bots::play_out(&mut state, seats, &mut chance, &mut streams, 1_000_000)?;
                // Two points a win, one a draw, so that halves stay whole.
                points += match state.outcome().and_then(|o| o.winner) {
                    Some(w) if w == a_seat => 2,
                    Some(_) => 0,
                    None => 1,
                };
            }
            Ok(points)
        })
        .collect();
    let total: u32 = points?.iter().sum();
    Ok(f64::from(total) / (4.0 * pairs as f64))
}

/// Runs SPSA from `start` and checks the result against it.
pub fn tune(start: &Weights, options: &TuneOptions, mut progress: impl FnMut(u32, f64) + Send) -> Result<TuneReport> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    pool.install(|| {
        let origin = to_vector(start);
        // A quarter of each weight's size, and never less than 0.02, is one unit of its scale.
        let unit: Vec<f64> = origin.iter().map(|x| (0.25 * x.abs()).max(0.02)).collect();
        let mut x = [0.0f64; TUNED];
        let mut signs = ChaCha8Rng::seed_from_u64(options.seed);
        // Gains in Spall's usual shape: a_k = a / (k + 1 + A)^0.602, with A a tenth of a long run.
        let (gain, stability) = (25.0, 20.0);
        let at = |x: &[f64; TUNED], delta: &[f64; TUNED], sign: f64| {
            let mut v = [0.0; TUNED];
            for i in 0..TUNED {
                v[i] = origin[i] + (x[i] + sign * delta[i]) * unit[i];
            }
            from_vector(&v, start)
        };
        for k in 0..options.steps {
            let mut delta = [0.0; TUNED];
            for d in &mut delta {
                *d = if signs.next_u32() & 1 == 0 { 1.0 } else { -1.0 };
            }
            let seed = crate::sim::game_seed(options.seed, u64::from(k) + 1);
            // The score difference of the two nudged players, -1 to 1.
            let share = duel(&at(&x, &delta, 1.0), &at(&x, &delta, -1.0), options.pairs, seed)?;
            let difference = 2.0 * share - 1.0;
            let a = gain / (f64::from(k) + 1.0 + stability).powf(0.602);
            for i in 0..TUNED {
                // Four units either way is as far as a weight may wander.
                x[i] = (x[i] + a * difference * delta[i] / 2.0).clamp(-4.0, 4.0);
            }
            progress(k + 1, difference);
        }
        let weights = at(&x, &[0.0; TUNED], 0.0);
        let check_seed = crate::sim::game_seed(options.seed ^ 0xC4EC, 0);
        let check_score = duel(&weights, start, options.check_pairs, check_seed)?;
        let games = 2 * options.check_pairs;
        Ok(TuneReport {
            steps: options.steps,
            pairs_per_step: options.pairs,
            seed: options.seed,
            weights,
            check_games: games,
            check_score,
            check_interval: crate::sim::wilson_points(check_score, games),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_against_itself_scores_even_and_a_careless_one_loses() {
        let w = Weights::default();
        // Same weights on both sides of every pair: whatever a seat is worth cancels out.
        assert!((duel(&w, &w, 8, 5).expect("games play") - 0.5).abs() < 0.2);
        // A player that thinks every combat a loss and every card priceless barely fights.
        let timid = Weights { combat_threshold: 5.0, card_cost: 5.0, combat_ahead: 0.0, ..w };
        let share = duel(&w, &timid, 16, 6).expect("games play");
        assert!(share > 0.6, "the default player took only {share:.2} of the points from a timid one");
    }

    #[test]
    fn the_self_play_weights_beat_the_hand_set_ones() {
        // 64.5% over 10,000 games when the run found them; 400 games here, on other seeds.
        let share = duel(&Weights::SELF_PLAY, &Weights::HAND_SET, 200, 3).expect("games play");
        assert!(share > 0.56, "the tuned player took only {share:.3} of the points");
    }

    #[test]
    fn a_run_moves_the_weights_and_replays_exactly() {
        let options = TuneOptions { steps: 3, pairs: 4, seed: 11, check_pairs: 2, threads: Some(2) };
        let start = Weights::default();
        let mut seen = Vec::new();
        let report = tune(&start, &options, |k, d| seen.push((k, d))).expect("a run finishes");
        assert_eq!(seen.iter().map(|s| s.0).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_ne!(report.weights, start, "three steps of eight games moved nothing");
        assert_eq!(report.weights.estimate_scale, start.estimate_scale, "the estimate scale is not tuned");
        assert_eq!(report.check_games, 4);
        let again = tune(&start, &options, |_, _| {}).expect("a run finishes");
        assert_eq!(again.weights, report.weights, "a seeded run replays");
    }
}
