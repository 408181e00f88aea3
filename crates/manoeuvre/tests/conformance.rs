//! The engine's conformance kit on Manoeuvre: random play to the end of the game from many seeds, in
//! both hand modes, checking dead ends, invariants, hidden information and replay.

use engine::conformance::{Plan, check_random_play};
use manoeuvre::{HandMode, Manoeuvre, ManoeuvreSetup};

fn setup(modes: [HandMode; 2]) -> ManoeuvreSetup {
    ManoeuvreSetup { quick_start: true, hand_modes: Some(modes), ..ManoeuvreSetup::default() }
}

#[test]
fn random_games_in_hand_mode_pass_the_kit() {
    let plan = Plan { seeds: 0..12, step_cap: 20_000, observe_every: 7 };
    let report = check_random_play::<Manoeuvre>(&setup([HandMode::Hand; 2]), &plan).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.finished, 12, "every game ends by a rule: {report:?}");
    assert!(report.resamples_that_changed > 0);
}

#[test]
fn random_games_in_display_mode_pass_the_kit() {
    let plan = Plan { seeds: 0..12, step_cap: 20_000, observe_every: 7 };
    let report =
        check_random_play::<Manoeuvre>(&setup([HandMode::Display; 2]), &plan).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.finished, 12, "every game ends by a rule: {report:?}");
}

#[test]
fn random_games_with_mixed_modes_pass_the_kit() {
    let plan = Plan { seeds: 0..8, step_cap: 20_000, observe_every: 7 };
    for modes in [[HandMode::Hand, HandMode::Display], [HandMode::Display, HandMode::Hand]] {
        let report = check_random_play::<Manoeuvre>(&setup(modes), &plan).unwrap_or_else(|e| panic!("{modes:?}: {e}"));
        assert_eq!(report.finished, 8, "{modes:?}: {report:?}");
    }
}

#[test]
fn games_set_up_by_the_players_pass_the_kit_from_the_first_roll() {
    // Every setup choice (map, nations, edge, tournament hands, deployment) is a random player
    // decision here, so the kit checks the setup states too.
    for (modes, tournament) in [([HandMode::Hand; 2], false), ([HandMode::Display, HandMode::Hand], true)] {
        let setup = ManoeuvreSetup { hand_modes: Some(modes), tournament, ..ManoeuvreSetup::default() };
        let plan = Plan { seeds: 0..6, step_cap: 20_000, observe_every: 3 };
        let report = check_random_play::<Manoeuvre>(&setup, &plan).unwrap_or_else(|e| panic!("{modes:?}: {e}"));
        assert_eq!(report.finished, 6, "{modes:?}: {report:?}");
    }
}
