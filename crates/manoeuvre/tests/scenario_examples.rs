//! The example scenario files: each one loads, starts where it says, and plays on under the
//! engine's conformance kit when handed to `Game::new` through `ManoeuvreSetup.scenario`.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use engine::conformance::{Plan, check_random_play};
use engine::{Game, ToMove};
use manoeuvre::action::Action;
use manoeuvre::board::parse;
use manoeuvre::state::Phase;
use manoeuvre::{Manoeuvre, ManoeuvreSetup, Scenario};

const EXAMPLES: [&str; 3] = ["opening", "assault", "display"];

fn example(name: &str) -> Scenario {
    let path = format!("{}/scenarios/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Scenario::from_toml(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn setup(scenario: Scenario) -> ManoeuvreSetup {
    ManoeuvreSetup { scenario: Some(scenario), ..ManoeuvreSetup::default() }
}

#[test]
fn every_example_file_builds_a_sound_state() {
    let dir = format!("{}/scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut found = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            found += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            let scenario = Scenario::from_toml(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let game = scenario.build().unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            game.check_invariants().unwrap();
            assert!(!game.legal().is_empty(), "{}: no legal action", path.display());
        }
    }
    assert!(found >= EXAMPLES.len(), "only {found} example files in {dir}");
}

#[test]
fn every_example_passes_the_conformance_kit() {
    for name in EXAMPLES {
        let plan = Plan { seeds: 0..4, step_cap: 20_000, observe_every: 3 };
        let report =
            check_random_play::<Manoeuvre>(&setup(example(name)), &plan).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(report.finished, 4, "{name}: every game ends by a rule: {report:?}");
        assert!(report.resamples_that_changed > 0, "{name}: {report:?}");
    }
}

#[test]
fn the_opening_starts_with_the_first_players_discard() {
    let game = Manoeuvre::new(&setup(example("opening"))).unwrap();
    assert_eq!(game.turn(), 1);
    assert_eq!(game.phase(), Phase::Discard);
    assert_eq!(game.to_move(), ToMove::Player(0));
    assert_eq!(game.side(0).hand.count_ones(), 5);
    assert_eq!(game.side(1).hand.count_ones(), 5);
    assert_eq!(game.side(0).deck.count_ones(), 55);
    assert_eq!(game.side(0).edge, manoeuvre::board::Edge::North);
    assert_eq!(game.side(1).edge, manoeuvre::board::Edge::South);
    assert_eq!(game.unit_at(parse("d8").unwrap()), Some(7), "the Imperial Guard is French unit 7");
    // Ending the discards draws nothing (the hand is full); the Draw phase ends with the player's
    // word (a Scout/Spy could be played there), then Movement allows three units.
    let mut g = game;
    g.apply(&Action::EndDiscard).unwrap();
    assert_eq!(g.phase(), Phase::Draw);
    assert_eq!(g.legal(), vec![Action::DrawOn]);
    g.apply(&Action::DrawOn).unwrap();
    assert_eq!(g.phase(), Phase::Movement);
    let moves = g.legal().iter().filter(|a| matches!(a, Action::Move { .. })).count();
    assert!(moves > 0);
}

#[test]
fn the_assault_position_offers_an_assault_on_the_redoubt() {
    let game = Manoeuvre::new(&setup(example("assault"))).unwrap();
    assert_eq!(game.phase(), Phase::Combat);
    assert_eq!(game.to_move(), ToMove::Player(1));
    assert_eq!(game.side(0).lost, 2);
    assert_eq!(game.side(1).lost, 1);
    let (d4, d5) = (parse("d4").unwrap(), parse("d5").unwrap());
    let assaults: Vec<Action> = game
        .legal()
        .into_iter()
        .filter(|a| matches!(a, Action::Assault { unit: 8, target, .. } if *target == d5))
        .collect();
    assert!(!assaults.is_empty(), "the 1st Regiment on d4 may assault d5");
    assert_eq!(game.unit_at(d4), Some(8));
    let mut g = game;
    g.apply(&assaults[0]).unwrap();
    g.check_invariants().unwrap();
}

#[test]
fn the_display_position_moves_under_its_fate_roll() {
    let game = Manoeuvre::new(&setup(example("display"))).unwrap();
    assert_eq!(game.phase(), Phase::Movement);
    assert_eq!(game.to_move(), ToMove::Player(1));
    // A face 4 allows slots A and B: the Supply of slot A may be played.
    let supply = game.legal().into_iter().any(|a| matches!(a, Action::Supply(_)));
    assert!(supply, "{:?}", game.legal());
}

#[test]
fn a_scenario_and_setup_choices_do_not_mix() {
    let bad = ManoeuvreSetup { quick_start: true, ..setup(example("opening")) };
    let err = Manoeuvre::new(&bad).unwrap_err();
    assert!(err.0.contains("leave out armies"), "{}", err.0);
    let mut broken = example("opening");
    broken.turn = 0;
    let err = Manoeuvre::new(&setup(broken)).unwrap_err();
    assert_eq!(err.0, "scenario: turn: 0 is not a game turn; they count from 1");
}

#[test]
fn the_protocol_options_take_a_scenario_as_json() {
    let scenario = serde_json::to_value(example("assault")).unwrap();
    let options = serde_json::json!({ "scenario": scenario });
    let parsed: ManoeuvreSetup = serde_json::from_value(options).unwrap();
    let game = Manoeuvre::new(&parsed).unwrap();
    assert_eq!(game.phase(), Phase::Combat);
    // Unknown fields are refused inside a scenario too.
    let mut scenario = serde_json::to_value(example("assault")).unwrap();
    scenario["players"][0]["hnad"] = serde_json::json!([]);
    let err = serde_json::from_value::<ManoeuvreSetup>(serde_json::json!({ "scenario": scenario })).unwrap_err();
    assert!(err.to_string().contains("hnad"), "{err}");
    // A setup without a scenario serializes as before.
    let plain = serde_json::to_value(ManoeuvreSetup::default()).unwrap();
    assert!(plain.get("scenario").is_none());
}
