//! A scenario with a CDG Solo display: its face-down cards stay hidden in every observation, and
//! the display plays on from the position under the Fate Die.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use engine::Game;
use manoeuvre::scenario::NameOrIndex;
use manoeuvre::{Manoeuvre, Scenario};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn display_example() -> Scenario {
    let path = format!("{}/scenarios/display.toml", env!("CARGO_MANIFEST_DIR"));
    Scenario::from_toml(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The labels shown in one display slot of an observation (`None` for a face-down card).
fn slot(game: &Manoeuvre, viewer: u8, side: usize, index: usize) -> Vec<Option<String>> {
    let view = game.observe(viewer);
    let display = view.sides[side].display.clone().expect("a display");
    display[index].iter().map(|c| c.as_ref().map(|c| c.label.clone())).collect()
}

#[test]
fn face_down_cards_are_hidden_from_both_players() {
    let game = display_example().build().unwrap();
    for viewer in 0..2 {
        // Slots A, B, D, E in that order.
        assert_eq!(slot(&game, viewer, 1, 0), vec![Some("Supply".to_string())]);
        let b = slot(&game, viewer, 1, 1);
        assert_eq!(b.len(), 2);
        assert!(b.iter().all(Option::is_some), "{b:?}");
        assert_eq!(slot(&game, viewer, 1, 2), vec![None], "slot D holds one face-down card");
        assert_eq!(slot(&game, viewer, 1, 3), vec![Some("Redoubt".to_string()), None]);
        let view = game.observe(viewer);
        let top = view.sides[1].deck_top.as_ref().map(|c| c.label.clone()).unwrap_or_default();
        assert!(top.starts_with("King's Dragoons Guards"), "{top}");
        assert_eq!(view.fate_die, Some(4));
    }
    // France's hand is its own secret.
    assert_eq!(game.observe(1).sides[0].hand, vec![]);
    assert_eq!(game.observe(1).sides[0].hand_count, 5);
    assert_eq!(game.observe(0).sides[0].hand.len(), 5);
}

#[test]
fn which_card_lies_face_down_does_not_show() {
    let base = display_example().build().unwrap();
    let mut other = display_example();
    if let Some(d) = other.players[1].display.as_mut() {
        d.d.down = vec!["Committed Attack".into()];
        d.e.down = vec!["Earl of Uxbridge".into()];
    }
    let other = other.build().unwrap();
    assert_ne!(base, other);
    for viewer in 0..2 {
        assert_eq!(base.observe(viewer), other.observe(viewer));
    }
    assert_eq!(base.legal(), other.legal(), "Britain's choices do not depend on its hidden cards");
}

#[test]
fn a_card_number_picks_a_particular_copy() {
    let game = display_example().build().unwrap();
    let d = game.side(1).display;
    // Slot E: a Redoubt by name (card 48, Britain's first) face-up, and card 49 (the other Redoubt)
    // face-down.
    assert_eq!(d.slots[4], (1 << 48) | (1 << 49));
    assert_eq!(d.face_up & d.slots[4], 1 << 48);
    let written = Scenario::from_state(&game).unwrap();
    let e = &written.players[1].display.as_ref().unwrap().e;
    assert_eq!(e.up, vec![NameOrIndex::from("Redoubt")]);
    assert_eq!(e.down, vec![NameOrIndex::from("Redoubt")], "49 is the next Redoubt, so its name is enough");
}

#[test]
fn resampling_keeps_the_observations() {
    let game = display_example().build().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let changed = engine::conformance::check_observations(&game, &mut rng).unwrap();
    assert!(changed > 0, "there is hidden information to redraw");
}

#[test]
fn without_a_roll_the_display_starts_at_the_fate_die() {
    let mut scenario = display_example();
    scenario.fate = None;
    let game = scenario.build().unwrap();
    assert_eq!(game.phase(), manoeuvre::state::Phase::FateRoll);
    assert_eq!(game.to_move(), engine::ToMove::Chance);
    assert_eq!(game.legal().len(), 6);
    // A roll of 6 turns slots D and E face-up.
    let mut g = game;
    g.apply(&manoeuvre::Action::Die(6)).unwrap();
    assert_eq!(g.phase(), manoeuvre::state::Phase::Movement);
    assert!(slot(&g, 0, 1, 2).iter().all(Option::is_some));
    assert!(slot(&g, 0, 1, 3).iter().all(Option::is_some));
}
