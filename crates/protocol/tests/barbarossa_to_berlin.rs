//! WW2: Barbarossa to Berlin's playsheet mechanisms, driven through the protocol with manual chance
//! and the shipped manifest (which numbers the cards the playsheet names).
//!
//! With the manifest, the Axis deck's named cards come first (#1 = card 1, #2 = 2, #26 = 3, #50 = 4,
//! #52 = 5) and the Allied deck's after its 60 (#12 = 61, #24 = 62, #25 = 63, #28 = 64, #48 = 65).
//! Dealing the lowest card each time gives the Axis A3 B4 D5 E6 and the Allies A61 B63 D64 E65,
//! because the opening events and the Soviet Reinforcements are set aside before the deal.

#![allow(clippy::unwrap_used)] // helpers of tests: a failed unwrap is a failed test

mod common;

use common::{apply, draw_lowest, ids, shipped_manifest, view};
use protocol::Protocol;
use serde_json::json;

fn start() -> Protocol {
    common::start("barbarossa-to-berlin", json!({"manifest": shipped_manifest("barbarossa-to-berlin")}))
}

/// Past the opening choice and the Axis first turn: the Allies are active.
fn allied_turn() -> Protocol {
    let mut p = start();
    apply(&mut p, "opening-card-1");
    apply(&mut p, "play-beside-1-event");
    apply(&mut p, "end-turn");
    p
}

#[test]
fn the_opening_events_and_soviet_reinforcements_are_set_aside_before_the_deal() {
    let mut p = start();
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([3]), "cards 1 and 2 were not dealt");
    assert_eq!(v["sides"][1]["slots"]["B"], json!([63]), "card 62 (#24) was not dealt");
    let held: Vec<u64> = v["held"].as_array().unwrap().iter().filter_map(|h| h["card"].as_u64()).collect();
    assert_eq!(held, vec![1, 2, 62]);
    // The Axis must choose its opening event before anything else.
    assert_eq!(ids(&mut p), vec!["opening-card-1", "opening-card-2"]);
    apply(&mut p, "opening-card-2");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["beside"], json!([2]));
    // 60 Axis cards: 4 dealt, Von Paulus Pause beside the display, Barbarossa back in the deck.
    assert_eq!(v["decks"][0]["cards"], json!(55));
    assert!(v["held"].as_array().unwrap().iter().all(|h| h["card"] != json!(1)), "no longer set aside");
}

#[test]
fn the_axis_plays_its_opening_event_instead_of_rolling_on_its_first_turn() {
    let mut p = start();
    apply(&mut p, "opening-card-1");
    let now = ids(&mut p);
    assert!(!now.contains(&"roll".to_string()), "no roll on the Axis first turn: {now:?}");
    assert!(now.contains(&"play-beside-1-event".to_string()));
    apply(&mut p, "play-beside-1-event");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(6));
    assert_eq!(v["decks"][0]["discard"], json!([1]));
}

#[test]
fn soviet_reinforcements_replace_an_allowed_strong_card_in_game_turns_one_and_two() {
    let mut p = allied_turn();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4"); // A or B: Allied cards 61 and 63
    assert!(ids(&mut p).contains(&"soviet-reinforcements-for-61".to_string()));
    apply(&mut p, "soviet-reinforcements-for-61");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][1]["discard"], json!([61, 62]), "the 3+ Ops card and the Reinforcements are discarded");
    assert_eq!(v["sides"][1]["cards_remaining"], json!(6));
    assert!(v["held"].as_array().unwrap().is_empty());
    assert!(ids(&mut p).contains(&"end-turn".to_string()), "that was the turn's card");
}

#[test]
fn soviet_reinforcements_unused_by_the_end_of_game_turn_two_are_discarded() {
    let mut p = allied_turn();
    for turn in [2, 3] {
        apply(&mut p, "draw-strategy-cards-phase");
        apply(&mut p, "end-draw-strategy-cards-phase");
        assert_eq!(view(&mut p)["markers"]["game turn"], json!([turn, turn]));
    }
    let v = view(&mut p);
    assert!(v["held"].as_array().unwrap().is_empty());
    assert_eq!(v["decks"][1]["discard"], json!([62]));
}

#[test]
fn automatic_and_partisan_operations_use_no_card() {
    let mut p = allied_turn();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(ids(&mut p).contains(&"partisan-operation".to_string()));
    apply(&mut p, "automatic-operation");
    let v = view(&mut p);
    assert_eq!(v["active"], json!(0), "the turn is over");
    assert_eq!(v["sides"][1]["cards_remaining"], json!(7), "no card spent");
}

#[test]
fn combat_cards_come_from_either_display_and_cost_a_card_remaining() {
    let mut p = allied_turn();
    // The inactive Axis plays its face-up card 4 in a battle: slot B refills from its deck.
    apply(&mut p, "combat-card-axis-4");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(5), "7, then 6 after the opening event, then 5");
    assert_eq!(v["sides"][0]["slots"]["B"], json!([null]), "refilled keeping the deck top's facing");
    assert_eq!(v["decks"][0]["discard"], json!([1, 4]));
}

#[test]
fn the_draw_strategy_cards_phase_discards_against_cards_remaining_then_resets_them() {
    let mut p = allied_turn();
    apply(&mut p, "draw-strategy-cards-phase");
    let now = ids(&mut p);
    assert!(now.iter().all(|id| id.starts_with("draw-phase-discard-") || id == "end-draw-strategy-cards-phase"));
    apply(&mut p, "draw-phase-discard-allied-61");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["sides"][1]["cards_remaining"], json!(6));
    apply(&mut p, "end-draw-strategy-cards-phase");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(7));
    assert_eq!(v["sides"][1]["cards_remaining"], json!(7));
}

#[test]
fn enigma_cannot_be_played_for_its_event() {
    let mut p = allied_turn();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4"); // B holds card 63, #25 Enigma
    let now = ids(&mut p);
    assert!(now.contains(&"play-63-operations".to_string()));
    assert!(!now.contains(&"play-63-event".to_string()), "{now:?}");
    assert!(view(&mut p)["reminders"].to_string().contains("Enigma"));
}

#[test]
fn bomb_plot_discards_a_random_face_up_axis_card_and_lowers_its_cards_remaining() {
    let mut p = allied_turn();
    apply(&mut p, "roll");
    apply(&mut p, "fate-6"); // D or E: E holds card 65, #48 Bomb Plot
    apply(&mut p, "play-65-event");
    draw_lowest(&mut p);
    assert!(ids(&mut p).contains(&"bomb-plot".to_string()));
    apply(&mut p, "bomb-plot");
    apply(&mut p, "d6-1"); // two face-up Axis cards (A3, B4): 1-3 picks A
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([1, 3]), "the opening event, then the card Bomb Plot took");
    assert_eq!(v["sides"][0]["cards_remaining"], json!(5));
    assert_eq!(v["sides"][0]["slots"]["A"], json!([null]), "refilled from slot C keeping its facing");
    assert!(!ids(&mut p).contains(&"bomb-plot".to_string()), "once");
}
