//! The Commands & Colors sheets' mechanisms, driven through the protocol with manual chance. An
//! inline manifest puts the cards where the tests want them: the shared deck is dealt lowest first,
//! so cards 1-5 go to the first side's A-E and cards 6-10 to the second side's (A and B face-up).

#![allow(clippy::unwrap_used)] // helpers of tests: a failed unwrap is a failed test

mod common;

use common::{apply, draw_lowest, ids, view};
use protocol::Protocol;
use serde_json::{Value, json};

/// A table whose first ten cards carry these names (in deal order).
fn start(game: &str, names: &[&str]) -> Protocol {
    let cards: Vec<Value> = names.iter().map(|n| json!({"name": n})).collect();
    common::start(game, json!({"manifest": {"game": game, "cards": cards}}))
}

const FILLERS: [&str; 4] =
    ["Order Two Units Left", "Order Two Units Center", "Order Two Units Right", "Order Three Units Left"];

#[test]
fn first_strike_is_played_out_of_turn_without_a_roll() {
    let mut names = vec![FILLERS[0], "Scout", FILLERS[1], FILLERS[2], FILLERS[3], "First Strike"];
    names.push("Order Three Units Center");
    let mut p = start("cc-napoleonics", &names);
    let now = ids(&mut p);
    assert!(now.contains(&"reaction-6".to_string()), "the second side's First Strike: {now:?}");
    assert!(!now.contains(&"reaction-7".to_string()), "only First Strike is offered when cards are named");
    apply(&mut p, "reaction-6");
    // No Fate Die: the next step is the face-down refill.
    assert!(ids(&mut p).iter().all(|id| id.starts_with("draw-")));
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([6]));
    assert_eq!(v["sides"][1]["slots"]["A"], json!([null]), "refilled face-down");
}

#[test]
fn a_scout_is_replaced_face_up() {
    let names = [FILLERS[0], "Scout", FILLERS[1], FILLERS[2], FILLERS[3], "First Strike"];
    let mut p = start("cc-napoleonics", &names);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-command");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["sides"][0]["slots"]["B"], json!([11]), "the new card in B is face-up");
}

#[test]
fn epic_ancients_order_one_unit_cards_are_replaced_face_up() {
    let names = ["Order One Unit Left", FILLERS[0], FILLERS[1], FILLERS[2], FILLERS[3]];
    let mut p = start("cc-epic-ancients", &names);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-army-command");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["sides"][0]["slots"]["A"], json!([11]));
}

#[test]
fn epic_ancients_allows_up_to_three_field_commands_and_none_after_an_army_command() {
    let mut p = start("cc-epic-ancients", &FILLERS);
    apply(&mut p, "roll");
    apply(&mut p, "fate-3"); // A, B and C
    apply(&mut p, "play-1-field-command");
    draw_lowest(&mut p);
    assert!(ids(&mut p).contains(&"play-2-field-command".to_string()), "a second Field Command");
    apply(&mut p, "play-2-field-command");
    draw_lowest(&mut p);
    apply(&mut p, "play-3-field-command");
    draw_lowest(&mut p);
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("play-")), "three is the most");
    apply(&mut p, "end-turn");
    // The other side plays an Army Command: that is its whole turn.
    apply(&mut p, "roll");
    apply(&mut p, "fate-3");
    apply(&mut p, "play-6-army-command");
    draw_lowest(&mut p);
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("play-")));
}

#[test]
fn epic_ancients_turns_up_a_card_after_a_turn_with_a_single_play() {
    let mut p = start("cc-epic-ancients", &FILLERS);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4"); // A or B; C, D and E stay face-down
    apply(&mut p, "play-1-army-command");
    draw_lowest(&mut p);
    apply(&mut p, "end-turn");
    let v = view(&mut p);
    // The refill in A came face-down; it is the first face-down card, so it turns up.
    assert_eq!(v["sides"][0]["slots"]["A"], json!([11]));
    assert_eq!(v["sides"][0]["slots"]["C"], json!([null]));
}

#[test]
fn medieval_inspired_action_tokens_the_active_side_at_will_the_inactive_side_on_double_bang() {
    let mut p = start("cc-medieval", &FILLERS);
    // The first side passes; the second gains a token on its turn and passes too.
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "pass");
    apply(&mut p, "gain-inspired-token-1");
    assert_eq!(view(&mut p)["markers"]["inspired action tokens"], json!([0, 1]));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "pass");
    // The first side rolls !!: after the order counts are given, the second side may use its token.
    apply(&mut p, "roll");
    apply(&mut p, "fate-1");
    while let Some(describe) = ids(&mut p).into_iter().find(|id| id.starts_with("describe-") && id.ends_with("-v2")) {
        apply(&mut p, &describe);
    }
    assert!(ids(&mut p).contains(&"inactive-inspired-token-1".to_string()));
    apply(&mut p, "inactive-inspired-token-1");
    assert_eq!(view(&mut p)["markers"]["inspired action tokens"], json!([0, 0]));
    assert!(!ids(&mut p).contains(&"inactive-inspired-token-1".to_string()), "once per roll");
}

#[test]
fn infantry_square_moves_a_random_card_to_the_track_and_evens_the_hands_then_returns_it() {
    let mut p = start("cc-napoleonics", &FILLERS);
    // The second side forms a square: Max Hand Size 5 -> 4, a random face-up card (A6 or B7) goes.
    apply(&mut p, "form-square-1");
    apply(&mut p, "d6-2"); // 1-3: the first candidate, A6
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["max_hand_size"], json!(4));
    assert_eq!(v["held"][0]["card"], json!(6));
    assert_eq!(v["held"][0]["place"], json!("Infantry Square track"));
    assert_eq!(v["sides"][1]["slots"]["A"], json!([null]), "the slot refills face-down");
    // The first side now has the larger hand: a second, face-down card in A.
    assert_eq!(v["sides"][0]["slots"]["A"], json!([1, null]));
    // The square dissolves: its card fills that side's next empty slot instead of a draw.
    apply(&mut p, "dissolve-square-1");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["max_hand_size"], json!(5));
    assert_eq!(v["held"][0]["place"], json!("next refill"));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-command");
    // The first side's refill draws from the deck as usual; the square card waits for its own side.
    draw_lowest(&mut p);
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-7-command");
    let v = view(&mut p);
    assert!(v["held"].as_array().unwrap().is_empty(), "the square card came back");
    assert_eq!(v["sides"][1]["slots"]["B"], json!([null]), "into the emptied slot, face-down");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("draw-")), "no card was drawn for it");
}

#[test]
fn i_am_spartacus_reshuffles_with_the_face_down_cards_of_both_displays() {
    let names = ["I Am Spartacus", FILLERS[0], FILLERS[1], FILLERS[2], FILLERS[3]];
    let mut p = start("cc-epic-ancients", &names);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-army-command");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([]), "everything discarded went back into the deck");
    for side in 0..2 {
        for slot in ["C", "D", "E"] {
            assert_eq!(v["sides"][side]["slots"][slot], json!([null]), "side {side} {slot} redealt face-down");
        }
    }
    assert_eq!(v["sides"][1]["slots"]["A"], json!([6]), "face-up cards stay");
    // 60 cards: 10 in the displays (A refilled too), the rest in the deck.
    assert_eq!(v["decks"][0]["cards"], json!(50));
}
