//! WW2: Barbarossa to Berlin's playsheet mechanisms, driven through the protocol with manual chance
//! and the sheet-cards manifest (which numbers the cards the playsheet names).
//!
//! With the manifest, the Axis deck's named cards come first (#1 = card 1, #2 = 2, #26 = 3, #50 = 4,
//! #52 = 5) and the Allied deck's after its 60 (#12 = 61, #24 = 62, #25 = 63, #28 = 64, #48 = 65).
//! The opening events and the Soviet Reinforcements are set aside before the deal, and Totaler
//! Krieg! (a Total War card) waits outside the deck. Dealing the lowest card each time gives the
//! Allies A61 B63 D64 E65 at once; the Axis display is dealt once its opening event is chosen, the
//! other one back in the deck: choosing #1 gives the Axis A2 B4 D5 E6.

#![allow(clippy::unwrap_used)] // helpers of tests: a failed unwrap is a failed test

mod common;

use common::{apply, draw_lowest, ids, offers, sheet_cards_manifest, shipped_manifest, view};
use protocol::Protocol;
use serde_json::{Value, json};

/// The cards set aside by the playsheet's rules (not those waiting for the Total War part).
fn set_aside(v: &Value) -> Vec<u64> {
    v["held"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["place"] != json!("waiting to join the deck"))
        .filter_map(|h| h["card"].as_u64())
        .collect()
}

fn start() -> Protocol {
    common::start("barbarossa-to-berlin", json!({"manifest": sheet_cards_manifest("barbarossa-to-berlin")}))
}

/// Past the opening choice and the Axis first turn: the Allies are active.
fn allied_turn() -> Protocol {
    let mut p = start();
    apply(&mut p, "opening-card-1");
    draw_lowest(&mut p);
    apply(&mut p, "play-beside-1-event");
    apply(&mut p, "end-turn");
    p
}

#[test]
fn the_opening_events_and_soviet_reinforcements_are_set_aside_before_the_deal() {
    let mut p = start();
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([]), "the Axis waits for its opening choice");
    assert_eq!(v["sides"][1]["slots"]["B"], json!([63]), "card 62 (#24) was not dealt");
    assert_eq!(set_aside(&v), vec![1, 2, 62]);
    assert_eq!(v["held"][0], json!({"card": 3, "side": 0, "place": "waiting to join the deck"}));
    // The Axis must choose its opening event before anything else.
    assert_eq!(ids(&mut p), vec!["opening-card-1", "opening-card-2"]);
    apply(&mut p, "opening-card-2");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["beside"], json!([2]));
    assert_eq!(v["sides"][0]["slots"]["A"], json!([1]), "Barbarossa went back into the deck before the deal");
    // 60 Axis cards: 4 dealt (Barbarossa among them), Von Paulus Pause beside the display,
    // Totaler Krieg! waiting.
    assert_eq!(v["decks"][0]["cards"], json!(54));
    assert!(v["held"].as_array().unwrap().iter().all(|h| h["card"] != json!(1)), "no longer set aside");
}

#[test]
fn the_axis_plays_its_opening_event_instead_of_rolling_on_its_first_turn() {
    let mut p = start();
    apply(&mut p, "opening-card-1");
    draw_lowest(&mut p);
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
    assert!(set_aside(&v).is_empty());
    assert!(ids(&mut p).contains(&"end-turn".to_string()), "that was the turn's card");
}

#[test]
fn soviet_reinforcements_unused_by_the_end_of_game_turn_two_are_discarded() {
    let mut p = allied_turn();
    for turn in [2, 3] {
        apply(&mut p, "draw-strategy-cards-phase");
        apply(&mut p, "end-draw-strategy-cards-phase");
        assert_eq!(view(&mut p)["markers"]["game turn"], json!([turn, turn]));
        let words = view(&mut p)["turn_words"].as_str().unwrap_or_default().to_string();
        assert!(words.starts_with(&format!("Game turn {turn}, ")), "{words}");
    }
    let v = view(&mut p);
    assert!(set_aside(&v).is_empty());
    assert_eq!(v["decks"][1]["discard"], json!([62]));
}

#[test]
fn automatic_and_partisan_operations_use_no_card() {
    let mut p = allied_turn();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(ids(&mut p).contains(&"partisan-operation".to_string()));
    assert!(!offers(&mut p, "pass"), "no turn goes by without an action");
    apply(&mut p, "automatic-operation");
    // Its combats may call for Combat Cards before the turn ends.
    assert!(offers(&mut p, "combat-card-axis-4"));
    apply(&mut p, "end-turn");
    let v = view(&mut p);
    assert_eq!(v["active"], json!(0), "the turn is over");
    assert_eq!(v["sides"][1]["cards_remaining"], json!(7), "no card spent");
}

#[test]
fn combat_cards_come_from_either_display_and_cost_a_card_remaining() {
    let mut p = allied_turn();
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("combat-card-")), "no combat before the turn's action");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-61-operations");
    draw_lowest(&mut p);
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
    assert!(
        now.iter().all(|id| id.starts_with("draw-phase-discard-")
            || id.starts_with("total-war-")
            || id == "end-draw-strategy-cards-phase"),
        "{now:?}"
    );
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
    apply(&mut p, "d6-1"); // two face-up Axis cards (A2, B4): 1-3 picks A
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([1, 2]), "the opening event, then the card Bomb Plot took");
    assert_eq!(v["sides"][0]["cards_remaining"], json!(5));
    assert_eq!(v["sides"][0]["slots"]["A"], json!([null]), "refilled from slot C keeping its facing");
    assert!(!ids(&mut p).contains(&"bomb-plot".to_string()), "once");
}

#[test]
fn total_war_cards_join_with_totaler_krieg_face_up_in_slot_a() {
    // Either side's Total War cards may join at the start of a turn (here the Allies').
    let mut p = allied_turn();
    let before = view(&mut p);
    let axis_cards = before["decks"][0]["cards"].as_u64().unwrap();
    apply(&mut p, "total-war-axis");
    let now = ids(&mut p);
    assert_eq!(
        now,
        vec![
            "total-war-slot-a-axis-3",
            "total-war-add-card-axis",
            "total-war-add-ten-cards-axis",
            "total-war-reshuffle-axis"
        ],
        "Totaler Krieg! (card 3) waits with the Total War cards"
    );
    assert!(view(&mut p)["reminders"].to_string().contains("Totaler Krieg!"));
    // Twelve Total War cards the manifest does not list join too.
    apply(&mut p, "total-war-add-ten-cards-axis");
    apply(&mut p, "total-war-add-card-axis");
    apply(&mut p, "total-war-add-card-axis");
    assert_eq!(view(&mut p)["markers"]["total war: unnamed cards added"], json!([12, 0]));
    apply(&mut p, "total-war-slot-a-axis-3");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("total-war-slot-a")), "one card for slot A");
    apply(&mut p, "total-war-reshuffle-axis");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([3]), "Totaler Krieg! face-up in slot A");
    assert!(v["sides"][0]["slots"]["B"][0].is_number(), "B dealt face-up as at setup");
    assert_eq!(v["sides"][0]["slots"]["D"], json!([null]));
    assert_eq!(v["decks"][0]["discard"], json!([]), "the discards were shuffled in");
    // The display's 4 cards and the discard (the opening event) went back, 12 unnamed cards joined,
    // and 3 of the new display came from the deck.
    assert_eq!(v["decks"][0]["cards"].as_u64().unwrap(), axis_cards + 4 + 1 + 12 - 3);
    assert!(v["held"].as_array().unwrap().iter().all(|h| h["side"] != json!(0)), "nothing of the Axis waits");
    assert_eq!(v["sides"][1], before["sides"][1], "the Allied display is untouched");
    assert!(!offers(&mut p, "total-war-axis"), "once per side");
    assert!(offers(&mut p, "total-war-allied"));
}

#[test]
fn total_war_with_the_shipped_deck_adds_its_listed_cards_and_no_unnamed_ones() {
    // The shipped manifest lists all 30 Total War cards of each side (#26-#55), so no card it does
    // not list is left to add.
    let mut p = common::start("barbarossa-to-berlin", json!({"manifest": shipped_manifest("barbarossa-to-berlin")}));
    apply(&mut p, "opening-card-1");
    draw_lowest(&mut p);
    apply(&mut p, "play-beside-1-event");
    apply(&mut p, "end-turn");
    let axis_cards = view(&mut p)["decks"][0]["cards"].as_u64().unwrap();
    apply(&mut p, "total-war-axis");
    assert_eq!(ids(&mut p), vec!["total-war-slot-a-axis-26", "total-war-reshuffle-axis"], "Totaler Krieg! is card 26");
    apply(&mut p, "total-war-slot-a-axis-26");
    apply(&mut p, "total-war-reshuffle-axis");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([26]), "Totaler Krieg! face-up in slot A");
    // The display's 4 cards and the 29 other Total War cards went in, 3 came out; the opening event
    // left the game when played (the manifest marks Barbarossa removed after its event).
    assert_eq!(v["decks"][0]["cards"].as_u64().unwrap(), axis_cards + 4 + 29 - 3);
    assert!(v["markers"].get("total war: unnamed cards added").is_none_or(|m| m == &json!([0, 0])));
    assert!(!offers(&mut p, "add-card"), "nothing outside the listed deck");
}

#[test]
fn total_war_lets_the_allies_keep_a_blitzkrieg_card_in_sight_for_slot_a() {
    let mut p = allied_turn();
    apply(&mut p, "total-war-allied");
    let now = ids(&mut p);
    // The Allied face-up cards 61 and 63: Blitzkrieg cards the player can see.
    assert!(
        now.contains(&"total-war-slot-a-allied-61".to_string())
            && now.contains(&"total-war-slot-a-allied-63".to_string())
    );
    apply(&mut p, "total-war-slot-a-allied-63");
    apply(&mut p, "total-war-reshuffle-allied");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["slots"]["A"], json!([63]));
    assert!(v["sides"][1]["slots"]["B"][0].is_number());
    assert_eq!(v["decks"][1]["discard"], json!([]));
}

#[test]
fn total_war_may_be_left_to_chance() {
    let mut p = allied_turn();
    apply(&mut p, "total-war-allied");
    apply(&mut p, "total-war-reshuffle-allied");
    draw_lowest(&mut p);
    let v = view(&mut p);
    // No card chosen: the whole display was discarded and dealt again from the lowest cards.
    assert_eq!(v["sides"][1]["slots"]["A"], json!([61]));
    assert_eq!(v["sides"][1]["slots"]["B"], json!([63]));
}

#[test]
fn total_war_begun_in_the_draw_strategy_cards_phase_goes_through() {
    let mut p = allied_turn();
    apply(&mut p, "draw-strategy-cards-phase");
    apply(&mut p, "total-war-axis");
    assert!(ids(&mut p).contains(&"total-war-reshuffle-axis".to_string()), "{:?}", ids(&mut p));
    apply(&mut p, "total-war-reshuffle-axis");
    draw_lowest(&mut p);
    assert!(ids(&mut p).contains(&"end-draw-strategy-cards-phase".to_string()), "back to the phase");
}

#[test]
fn the_allies_may_choose_any_blitzkrieg_card_even_one_out_of_sight() {
    let mut p = allied_turn();
    apply(&mut p, "total-war-allied");
    let now = common::legal(&mut p);
    // Named cards anywhere in the deck (#28 = 64, #48 = 65 are face-down or undrawn), and one
    // stand-in for the unnamed cards out of sight.
    let ids: Vec<&str> = now.iter().map(|(id, _)| id.as_str()).collect();
    assert!(ids.contains(&"total-war-slot-a-allied-64") && ids.contains(&"total-war-slot-a-allied-65"), "{ids:?}");
    let unseen: Vec<&(String, String)> = now.iter().filter(|(_, l)| l.contains("from out of sight")).collect();
    assert_eq!(unseen.len(), 1, "{now:?}");
    let id = unseen[0].0.clone();
    apply(&mut p, &id);
    apply(&mut p, "total-war-reshuffle-allied");
    draw_lowest(&mut p);
    let card: u64 = id.rsplit('-').next().unwrap().parse().unwrap();
    assert_eq!(view(&mut p)["sides"][1]["slots"]["A"], json!([card]));
}

#[test]
fn with_no_card_remaining_only_the_operations_without_a_card_are_left() {
    let mut p = allied_turn();
    for _ in 0..7 {
        apply(&mut p, "cards-remaining-down");
    }
    let now = ids(&mut p);
    assert!(!now.contains(&"roll".to_string()), "{now:?}");
    assert!(now.contains(&"automatic-operation".to_string()) && now.contains(&"partisan-operation".to_string()));
    apply(&mut p, "partisan-operation");
    assert_eq!(view(&mut p)["active"], json!(0));
}

#[test]
fn bb_combat_cards_7_64_and_discarding_7_9_offer_slot_cs_face_up_card() {
    let mut p = allied_turn();
    apply(&mut p, "roll");
    apply(&mut p, "fate-3"); // A, B or C: the Allied deck's top card turns face-up
    draw_lowest(&mut p);
    let top = view(&mut p)["decks"][1]["face_up_top"].as_u64().unwrap();
    apply(&mut p, "play-61-operations");
    draw_lowest(&mut p);
    assert!(offers(&mut p, &format!("combat-card-allied-{top}")), "{:?}", ids(&mut p));
    apply(&mut p, "end-turn");
    apply(&mut p, "draw-strategy-cards-phase");
    assert!(offers(&mut p, &format!("draw-phase-discard-allied-{top}")), "{:?}", ids(&mut p));
    apply(&mut p, &format!("draw-phase-discard-allied-{top}"));
    let v = view(&mut p);
    assert!(v["decks"][1]["discard"].as_array().unwrap().contains(&json!(top)));
    assert_eq!(v["decks"][1]["face_up_top"], json!(null), "the next card of the deck stays face-down");
}

#[test]
fn bb_hand_size_manipulation_cards_bomber_command_lowers_the_axis_max_hand_size_when_played() {
    let mut p = allied_turn();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4"); // A holds card 61, #12 Bomber Command
    apply(&mut p, "play-61-operations");
    draw_lowest(&mut p);
    assert!(!offers(&mut p, "hand-size-event-axis-down"), "not for operations");
    let mut p = allied_turn();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-61-event");
    draw_lowest(&mut p);
    assert!(offers(&mut p, "hand-size-event-axis-up"));
    apply(&mut p, "hand-size-event-axis-down");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["max_hand_size"], json!(6), "the other side's marker moves at once");
    assert_eq!(v["sides"][0]["cards_remaining"], json!(6), "Cards Remaining waits for the next Draw phase");
    apply(&mut p, "end-turn");
    assert!(!offers(&mut p, "hand-size-event-axis-down"), "it belongs to the turn of its event");
    // Resources change hands now and then: either side's marker is a table tool.
    let legal = common::ask(&mut p, json!({"cmd": "legal"}));
    let tool = legal["actions"].as_array().unwrap().iter().find(|a| a["id"] == json!("hand-size-allied-down")).cloned();
    assert_eq!(tool.map(|a| a["tool"].clone()), Some(json!(true)));
    apply(&mut p, "draw-strategy-cards-phase");
    apply(&mut p, "end-draw-strategy-cards-phase");
    assert_eq!(view(&mut p)["sides"][0]["cards_remaining"], json!(6), "the new hand size from this phase");
}

#[test]
fn bb_random_discard_bomb_plot_belongs_to_the_turn_and_purpose_of_its_event() {
    let mut p = allied_turn();
    apply(&mut p, "roll");
    apply(&mut p, "fate-6"); // E holds card 65, #48 Bomb Plot
    apply(&mut p, "play-65-operations");
    draw_lowest(&mut p);
    assert!(!offers(&mut p, "bomb-plot"), "played for operations: no random discard");
    let mut p = allied_turn();
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    apply(&mut p, "play-65-event");
    draw_lowest(&mut p);
    assert!(offers(&mut p, "bomb-plot"));
    apply(&mut p, "end-turn");
    assert!(!offers(&mut p, "bomb-plot"), "not asked a turn later");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!offers(&mut p, "bomb-plot"));
}

#[test]
fn bb_turn_1_the_axis_opening_card_is_played_for_its_event() {
    let mut p = start();
    apply(&mut p, "opening-card-1");
    draw_lowest(&mut p);
    let beside: Vec<String> = ids(&mut p).into_iter().filter(|id| id.starts_with("play-beside-1-")).collect();
    assert_eq!(beside, vec!["play-beside-1-event"]);
}

#[test]
fn bb_discarding_and_shuffling_7_9_no_reshuffle_at_will() {
    let mut p = allied_turn();
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("reshuffle-")), "{:?}", ids(&mut p));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("reshuffle-") || id == "pass"), "{:?}", ids(&mut p));
}

#[test]
fn bb_first_screen_keeps_occasional_decisions_among_the_tools() {
    let mut p = allied_turn();
    let first = common::non_tool_ids(&mut p);
    assert!(first.len() <= 10, "{} choices: {first:?}", first.len());
    assert!(!first.iter().any(|id| id.starts_with("total-war-")), "{first:?}");
    assert!(first.contains(&"roll".to_string()));
}
