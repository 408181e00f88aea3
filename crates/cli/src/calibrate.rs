//! `cdgsolo sim calibrate`: how sure the search levels' judgement of a cut-short playout should be.
//! A level's playout stops after 20 decisions (30 at the hard level) and reads the rule-based
//! player's judgement as a chance of winning, squashed by a scale (`Weights::estimate_scale`). This
//! plays the rule-based player against itself, notes its judgement at positions of those games and
//! who went on to win, and finds the scale under which the judgement predicts the results best (the
//! least log-loss): the scale fitted on the odd games, checked on the even ones. A run is seeded
//! and replays exactly.

use anyhow::{Context, Result};
use bots::{Bot, RulesBot};
use engine::{Game, ToMove, below};
use manoeuvre::{Manoeuvre, ManoeuvreSetup, Weights, rules_win_estimate_with};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use rayon::prelude::*;
use serde::Serialize;

/// A scale wide enough that no judgement squashed by it rounds to a certainty, so that the score
/// difference can be read back exactly from the chance.
const WIDE: f64 = 100.0;

/// The scales tried, from 0.1 to 10 in steps of 0.1.
const SCALES: std::ops::RangeInclusive<u32> = 1..=100;

/// How a calibration run goes.
#[derive(Clone, Debug)]
pub struct CalibrateOptions {
    pub games: u64,
    pub seed: u64,
    pub threads: Option<usize>,
}

/// What a run found.
#[derive(Debug, Serialize)]
pub struct CalibrateReport {
    pub games: u64,
    pub seed: u64,
    /// Positions judged, in the fitting (odd) games and the checking (even) ones.
    pub fitted_positions: usize,
    pub checked_positions: usize,
    /// The scale with the least log-loss on the fitting games.
    pub best_scale: f64,
    /// Log-loss on the checking games at the best scale and at the scale of the weights the run
    /// judged by (a coin says ln 2 = 0.693).
    pub check_log_loss_best: f64,
    pub check_log_loss_weights: f64,
    pub weights_scale: f64,
}

/// One judged position: the judgement's score difference for the first player (positive: the
/// first player stands better) and the first player's result (1 a win, 0 a loss, a half a draw).
struct Judged {
    difference: f64,
    result: f64,
}

/// Plays one game of the rule-based player against itself and judges about one position in eight
/// where a player decides, from the first game turn on.
fn judged_game(weights: &Weights, game_seed: u64) -> Result<Vec<Judged>> {
    let setup = ManoeuvreSetup { quick_start: true, ..ManoeuvreSetup::default() };
    let mut state = Manoeuvre::new(&setup).map_err(|e| anyhow::anyhow!("{e}"))?;
    let wide = Weights { estimate_scale: WIDE, ..*weights };
    let mut chance = ChaCha8Rng::seed_from_u64(game_seed);
    let mut streams = [ChaCha8Rng::seed_from_u64(game_seed ^ 0xA11CE), ChaCha8Rng::seed_from_u64(game_seed ^ 0xB0B)];
    let mut sampler = ChaCha8Rng::seed_from_u64(game_seed ^ 0x5CA1E);
    // Both seats play by the same weights; the player keeps nothing between decisions.
    let mut player = RulesBot { weights: *weights };
    let mut differences = Vec::new();
    let mut buffer = Vec::new();
    for _ in 0..1_000_000 {
        match state.to_move() {
            ToMove::Terminal => break,
            ToMove::Chance => {
                state.legal_actions(&mut buffer);
                let action = buffer
                    .get(below(&mut chance, buffer.len().max(1)))
                    .copied()
                    .context("a chance step offers nothing")?;
                state.apply_legal(&action);
            }
            ToMove::Player(p) => {
                if state.game_turn().is_some() && below(&mut sampler, 8) == 0 {
                    let chance_first = rules_win_estimate_with(&state, 0, &wide);
                    differences.push(WIDE * (chance_first / (1.0 - chance_first)).ln());
                }
                let seat = bots::Seat::new(&state, p);
                let action = player
                    .choose(&seat, &mut streams[usize::from(p)])
                    .context("the rule-based player found no move")?;
                state.apply(&action).map_err(|e| anyhow::anyhow!("the rule-based player's move was refused: {e}"))?;
            }
        }
    }
    if state.to_move() != ToMove::Terminal {
        anyhow::bail!("game {game_seed} did not end within a million steps");
    }
    let result = match state.outcome().map(|o| o.winner) {
        Some(Some(0)) => 1.0,
        Some(Some(_)) => 0.0,
        _ => 0.5,
    };
    Ok(differences.into_iter().map(|difference| Judged { difference, result }).collect())
}

/// The mean log-loss of the judgement squashed by `scale` over `positions`.
fn log_loss(positions: &[Judged], scale: f64) -> f64 {
    let total: f64 = positions
        .iter()
        .map(|j| {
            let p = (1.0 / (1.0 + (-j.difference / scale).exp())).clamp(1e-12, 1.0 - 1e-12);
            -(j.result * p.ln() + (1.0 - j.result) * (1.0 - p).ln())
        })
        .sum();
    total / positions.len().max(1) as f64
}

/// Plays the games and fits the scale.
pub fn calibrate(weights: &Weights, options: &CalibrateOptions) -> Result<CalibrateReport> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    let games: Vec<Vec<Judged>> = pool.install(|| {
        (0..options.games)
            .into_par_iter()
            .map(|i| judged_game(weights, crate::sim::game_seed(options.seed, i)))
            .collect::<Result<Vec<_>>>()
    })?;
    let (mut fit, mut check) = (Vec::new(), Vec::new());
    for (i, game) in games.into_iter().enumerate() {
        if i % 2 == 1 { fit.extend(game) } else { check.extend(game) }
    }
    let best_scale = SCALES
        .map(|k| f64::from(k) / 10.0)
        .min_by(|a, b| log_loss(&fit, *a).total_cmp(&log_loss(&fit, *b)))
        .unwrap_or(weights.estimate_scale);
    Ok(CalibrateReport {
        games: options.games,
        seed: options.seed,
        fitted_positions: fit.len(),
        checked_positions: check.len(),
        best_scale,
        check_log_loss_best: log_loss(&check, best_scale),
        check_log_loss_weights: log_loss(&check, weights.estimate_scale),
        weights_scale: weights.estimate_scale,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_judgement_read_back_from_a_wide_squash_is_the_one_a_narrow_squash_gives() {
        // The score difference read from the wide chance, squashed again by 1.5, is the chance the
        // weights themselves give.
        let setup = ManoeuvreSetup { quick_start: true, ..ManoeuvreSetup::default() };
        let mut state = Manoeuvre::new(&setup).expect("a quick start");
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut checked = 0;
        while state.to_move() != ToMove::Terminal {
            if state.game_turn().is_some() {
                let w = Weights::SELF_PLAY;
                let wide = rules_win_estimate_with(&state, 0, &Weights { estimate_scale: WIDE, ..w });
                let difference = WIDE * (wide / (1.0 - wide)).ln();
                let narrow = 1.0 / (1.0 + (-difference / w.estimate_scale).exp());
                assert!((narrow - rules_win_estimate_with(&state, 0, &w)).abs() < 1e-9);
                checked += 1;
            }
            let legal = state.legal();
            state.apply_legal(&legal[below(&mut rng, legal.len())]);
        }
        assert!(checked > 100, "only {checked} positions");
    }

    #[test]
    fn a_run_fits_a_scale_that_predicts_better_than_a_coin_and_replays_exactly() {
        let options = CalibrateOptions { games: 40, seed: 3, threads: Some(2) };
        let report = calibrate(&Weights::SELF_PLAY, &options).expect("a run finishes");
        assert!(report.fitted_positions > 200 && report.checked_positions > 200, "{report:?}");
        assert!(report.check_log_loss_best < std::f64::consts::LN_2, "{report:?}");
        assert!((0.1..=10.0).contains(&report.best_scale));
        let again = calibrate(&Weights::SELF_PLAY, &options).expect("a run finishes");
        assert_eq!(again.best_scale, report.best_scale);
        assert_eq!(again.check_log_loss_best.to_bits(), report.check_log_loss_best.to_bits());
    }
}
