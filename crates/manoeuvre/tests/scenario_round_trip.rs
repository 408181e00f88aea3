//! Positions written out with `Scenario::from_state` come back as the same state, whether the
//! position was built from a scenario or reached by play, and whether the scenario travels as TOML
//! or JSON.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::collections::BTreeMap;

use engine::{Game, ToMove, below};
use manoeuvre::tables::Compiled;
use manoeuvre::{HandMode, Manoeuvre, ManoeuvreSetup, Scenario, ScenarioError};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn example(name: &str) -> Scenario {
    let path = format!("{}/scenarios/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    Scenario::from_toml(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn data() -> &'static Compiled {
    Compiled::embedded().unwrap()
}

/// The scenario survives both text formats unchanged.
fn through_text(scenario: &Scenario) {
    let toml = scenario.to_toml().unwrap();
    assert_eq!(&Scenario::from_toml(&toml).unwrap_or_else(|e| panic!("{e}\n{toml}")), scenario);
    let json = scenario.to_json().unwrap();
    assert_eq!(&Scenario::from_json(&json).unwrap(), scenario);
}

#[test]
fn every_example_round_trips_exactly() {
    for name in ["opening", "assault", "display"] {
        let state = example(name).build().unwrap();
        let written = Scenario::from_state(&state).unwrap();
        through_text(&written);
        let rebuilt = Manoeuvre::from_scenario(data(), &written).unwrap();
        assert_eq!(rebuilt, state, "{name}");
        assert_eq!(Scenario::from_state(&rebuilt).unwrap(), written, "{name}");
    }
}

/// Plays random legal actions (chance outcomes included) from `start`, and at every position a
/// scenario can hold, checks that writing it out and building it again gives the identical state.
/// Returns how often each phase was saved.
fn random_round_trips(start: Manoeuvre, seed: u64, steps: usize, saved: &mut BTreeMap<String, u32>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = start;
    for step in 0..steps {
        match Scenario::from_state(&state) {
            Ok(scenario) => {
                let rebuilt = Manoeuvre::from_scenario(data(), &scenario)
                    .unwrap_or_else(|e| panic!("seed {seed}, step {step}: {e}"));
                assert_eq!(rebuilt, state, "seed {seed}, step {step}");
                if step % 17 == 0 {
                    through_text(&scenario);
                }
                *saved.entry(format!("{:?}", scenario.phase)).or_default() += 1;
            }
            Err(ScenarioError::NotExpressible(why)) => {
                assert!(
                    !why.contains("does not rebuild") && !why.contains("different state"),
                    "seed {seed}, step {step}: {why}"
                );
            }
            Err(e) => panic!("seed {seed}, step {step}: {e}"),
        }
        if state.to_move() == ToMove::Terminal {
            break;
        }
        let legal = state.legal();
        state.apply_legal(&legal[below(&mut rng, legal.len())]);
        state.check_invariants().unwrap_or_else(|e| panic!("seed {seed}, step {step}: {e}"));
    }
}

#[test]
fn positions_reached_from_scenarios_round_trip() {
    let mut saved = BTreeMap::new();
    for (i, name) in ["opening", "assault", "display"].into_iter().enumerate() {
        for seed in 0..4 {
            random_round_trips(example(name).build().unwrap(), seed * 10 + i as u64, 3_000, &mut saved);
        }
    }
    for phase in ["Discard", "Movement", "Combat", "Restoration"] {
        assert!(saved.get(phase).copied().unwrap_or(0) > 10, "{phase} saved too rarely: {saved:?}");
    }
}

#[test]
fn display_positions_round_trip() {
    // Both sides on the playsheet: fate rolls, slot refills and card moves all pass through.
    let mut scenario = example("opening");
    for player in &mut scenario.players {
        player.mode = HandMode::Display;
        player.hand.clear();
    }
    let start = scenario.build().unwrap();
    let mut saved = BTreeMap::new();
    for seed in 0..6 {
        random_round_trips(start, 100 + seed, 3_000, &mut saved);
    }
    assert!(saved.get("Movement").copied().unwrap_or(0) > 10, "{saved:?}");
    assert!(saved.get("Restoration").copied().unwrap_or(0) > 10, "{saved:?}");
}

#[test]
fn a_position_of_a_normal_game_is_saved_and_resumed() {
    for modes in [[HandMode::Hand; 2], [HandMode::Display, HandMode::Hand]] {
        let setup = ManoeuvreSetup { quick_start: true, hand_modes: Some(modes), ..ManoeuvreSetup::default() };
        let mut state = Manoeuvre::new(&setup).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut resumed = 0;
        for _ in 0..4_000 {
            if state.to_move() == ToMove::Terminal {
                break;
            }
            if let Ok(scenario) = Scenario::from_state(&state) {
                // The setup history (initiative dice, map choices) is not part of the position; all
                // the rest is.
                let rebuilt = Manoeuvre::from_scenario(data(), &scenario).unwrap();
                assert_eq!(Scenario::from_state(&rebuilt).unwrap(), scenario);
                assert_eq!(rebuilt.legal(), state.legal());
                for p in 0..2 {
                    assert_eq!(rebuilt.observe(p), state.observe(p));
                }
                resumed += 1;
            }
            let legal = state.legal();
            state.apply_legal(&legal[below(&mut rng, legal.len())]);
        }
        assert!(resumed > 20, "{modes:?}: only {resumed} positions saved");
    }
}

#[test]
fn positions_a_scenario_cannot_hold_are_refused() {
    let setup = ManoeuvreSetup { quick_start: true, ..ManoeuvreSetup::default() };
    let state = Manoeuvre::new(&setup).unwrap();
    let err = Scenario::from_state(&state).unwrap_err();
    assert_eq!(err.to_string(), "this position cannot be written as a scenario: the game is still being set up");

    // Declaring an assault puts a combat under way.
    let mut state = example("assault").build().unwrap();
    let assault = state.legal().into_iter().find(|a| matches!(a, manoeuvre::Action::Assault { .. })).unwrap();
    state.apply(&assault).unwrap();
    let err = Scenario::from_state(&state).unwrap_err();
    assert_eq!(err.to_string(), "this position cannot be written as a scenario: a combat is under way");
}

#[test]
fn a_saved_position_reads_well() {
    let state = example("assault").build().unwrap();
    let text = Scenario::from_state(&state).unwrap().to_toml().unwrap();
    for expected in [
        "phase = \"combat\"",
        "redoubts = [\"d5\"]",
        "army = \"Russia\"",
        "unit = \"Leib Grenadiers\"",
        "supply_played = true",
        "last_from = \"f3\"",
    ] {
        assert!(text.contains(expected), "missing {expected} in\n{text}");
    }
}
