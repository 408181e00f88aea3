//! Random play at scale: every pairing of the twelve armies through the conformance kit in both hand
//! modes, and 10,000 random games that must each end by a rule of the game and replay exactly.

use engine::conformance::{Plan, check_random_play};
use engine::{Game, ToMove, below};
use manoeuvre::tables::Compiled;
use manoeuvre::{Action, HandMode, Manoeuvre, ManoeuvreSetup};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn codes() -> Vec<String> {
    let data = Compiled::embedded().expect("the shipped data loads");
    data.rules.armies.iter().map(|a| a.code.clone()).collect()
}

#[test]
fn all_66_pairings_of_the_12_armies_pass_the_kit_in_both_hand_modes() {
    let codes = codes();
    assert_eq!(codes.len(), 12);
    let mut pairings = 0;
    for (i, a) in codes.iter().enumerate() {
        for b in &codes[i + 1..] {
            pairings += 1;
            for modes in [[HandMode::Hand; 2], [HandMode::Display; 2]] {
                let setup = ManoeuvreSetup {
                    armies: Some([a.clone(), b.clone()]),
                    hand_modes: Some(modes),
                    quick_start: true,
                    ..ManoeuvreSetup::default()
                };
                let plan = Plan { seeds: 0..2, step_cap: 50_000, observe_every: 11 };
                let report = check_random_play::<Manoeuvre>(&setup, &plan)
                    .unwrap_or_else(|e| panic!("{a} against {b}, {modes:?}: {e}"));
                assert_eq!(report.finished, 2, "{a} against {b}, {modes:?}: {report:?}");
            }
        }
    }
    assert_eq!(pairings, 66);
}

/// Manhattan distance from a square to the nearest enemy of `player`.
fn distance_to_enemy(game: &Manoeuvre, player: u8, sq: u8) -> u8 {
    (0..8)
        .filter_map(|i| {
            let unit = game.unit((1 - player) * 8 + i);
            (unit.square != manoeuvre::state::NONE).then(|| {
                let (a, b) = (i16::from(sq), i16::from(unit.square));
                ((a / 8 - b / 8).abs() + (a % 8 - b % 8).abs()) as u8
            })
        })
        .min()
        .unwrap_or(0)
}

/// A random player with a taste for battle: it keeps most of its cards, marches on the enemy and
/// fights whenever it can; otherwise it picks at random.
fn aggressive(game: &Manoeuvre, actions: &[Action], rng: &mut ChaCha8Rng) -> Action {
    let p = game.active();
    let fights: Vec<Action> = actions
        .iter()
        .copied()
        .filter(|a| {
            matches!(a, Action::Assault { .. } | Action::Bombard { .. } | Action::Volley { .. } | Action::Ambush { .. })
        })
        .collect();
    if !fights.is_empty() {
        return fights[below(rng, fights.len())];
    }
    if actions.contains(&Action::EndDiscard) {
        // Keep most cards, but not all: a side that never discards never reaches nightfall.
        return if below(rng, 3) == 0 { actions[below(rng, actions.len())] } else { Action::EndDiscard };
    }
    let best = actions
        .iter()
        .filter_map(|a| match a {
            Action::Move { to, .. } => Some(distance_to_enemy(game, p, *to)),
            _ => None,
        })
        .min();
    if let Some(best) = best {
        let closer: Vec<Action> = actions
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Move { to, .. } if distance_to_enemy(game, p, *to) == best))
            .collect();
        return closer[below(rng, closer.len())];
    }
    actions[below(rng, actions.len())]
}

/// Plays one game on the raw state (uniformly random, or aggressive) and returns the actions taken
/// and the final state.
fn random_game(setup: &ManoeuvreSetup, seed: u64, keen: bool) -> (Vec<Action>, Manoeuvre) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Manoeuvre::new(setup).expect("valid setup");
    let mut actions = Vec::new();
    let mut taken = Vec::new();
    while game.to_move() != ToMove::Terminal {
        game.legal_actions(&mut actions);
        assert!(!actions.is_empty(), "seed {seed}: dead end after {} actions", taken.len());
        let decides = matches!(game.to_move(), ToMove::Player(_));
        let action = if keen && decides {
            aggressive(&game, &actions, &mut rng)
        } else {
            actions[below(&mut rng, actions.len())]
        };
        game.apply(&action).unwrap_or_else(|e| panic!("seed {seed}: legal action refused: {e}"));
        taken.push(action);
        assert!(taken.len() < 100_000, "seed {seed}: the game does not end");
    }
    (taken, game)
}

#[test]
fn ten_thousand_random_games_end_by_a_rule_and_replay_exactly() {
    let codes = codes();
    let modes = [[HandMode::Hand; 2], [HandMode::Display; 2], [HandMode::Hand, HandMode::Display]];
    let mut endings = [0u32; 2];
    for seed in 0..10_000u64 {
        // Every army plays, in every mode, against every other over the run.
        let a = (seed % 12) as usize;
        let b = (a + 1 + (seed / 12 % 11) as usize) % 12;
        let setup = ManoeuvreSetup {
            armies: Some([codes[a].clone(), codes[b].clone()]),
            hand_modes: Some(modes[(seed % 3) as usize]),
            quick_start: true,
            ..ManoeuvreSetup::default()
        };
        let (taken, end) = random_game(&setup, seed, seed % 2 == 1);
        let outcome = end.outcome().unwrap_or_else(|| panic!("seed {seed}: ended without an outcome"));
        assert!(outcome.winner.is_some(), "seed {seed}: Manoeuvre always has a winner");
        if outcome.reason.starts_with("nightfall") {
            endings[1] += 1;
        } else {
            endings[0] += 1;
        }
        let mut replay = Manoeuvre::new(&setup).expect("valid setup");
        for action in &taken {
            replay.apply(action).unwrap_or_else(|e| panic!("seed {seed}: replay refused {action:?}: {e}"));
        }
        assert_eq!(replay, end, "seed {seed}: the replay ended in a different state");
    }
    // Both ways of winning happen (attrition mostly in the aggressive half).
    assert!(endings[0] > 100 && endings[1] > 100, "attrition and nightfall endings: {endings:?}");
    println!("attrition and nightfall endings: {endings:?}");
}
