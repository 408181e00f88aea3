//! Wilderness War's playsheet mechanisms, driven through the protocol with manual chance and the
//! sheet-cards manifest. Its named cards come first in the shared deck (#6 Surrender! = card 1, #35 = 2,
//! #36 = 3, #37 = 4, #62 = 5, #67 = 6, #69 = 7); dealing the lowest card each time gives the French
//! A1 B2 C3 D4 E5 and the British A6 B7 C8 D9 E10, A and B face-up.

mod common;

use common::{apply, draw_lowest, ids, sheet_cards_manifest, view};
use protocol::Protocol;
use serde_json::json;

fn start() -> Protocol {
    common::start("wilderness-war", json!({"manifest": sheet_cards_manifest("wilderness-war")}))
}

#[test]
fn a_new_season_resets_cards_remaining_and_surrender_forces_a_reshuffle() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-event"); // Surrender!
    draw_lowest(&mut p);
    apply(&mut p, "end-turn");
    assert!(view(&mut p)["reminders"].to_string().contains("Surrender!"));
    // Cards are left to play: the new season is a tool that says when it comes.
    let season = common::legal(&mut p).into_iter().find(|(id, _)| id == "new-season").expect("offered");
    assert!(season.1.contains("when both sides have played the season's cards"), "{}", season.1);
    apply(&mut p, "new-season");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["markers"]["season"], json!([2, 2]));
    assert!(v["turn_words"].as_str().is_some_and(|w| w.starts_with("Season 2, ")), "{}", v["turn_words"]);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(7));
    assert_eq!(v["decks"][0]["discard"], json!([]), "the discards went back into the deck");
    assert_eq!(v["sides"][1]["slots"]["C"], json!([null]), "face-down cards were discarded and replaced");
}

#[test]
fn ww_held_cards_with_one_card_remaining_a_side_may_pass_but_not_two_seasons_running() {
    let mut p = start();
    for _ in 0..6 {
        apply(&mut p, "cards-remaining-down");
    }
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(ids(&mut p).contains(&"pass-held-card".to_string()));
    apply(&mut p, "pass-held-card");
    let v = view(&mut p);
    assert_eq!(v["active"], json!(1));
    assert_eq!(v["sides"][0]["cards_remaining"], json!(1), "the card is kept");
    assert_eq!(v["markers"]["card held: no pass next season"], json!([1, 0]));
    // Next season the French cannot pass again.
    apply(&mut p, "new-season");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-6-operations");
    draw_lowest(&mut p);
    apply(&mut p, "end-turn");
    for _ in 0..6 {
        apply(&mut p, "cards-remaining-down");
    }
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!ids(&mut p).contains(&"pass-held-card".to_string()));
}

#[test]
fn the_active_side_plays_a_response_alongside_its_action() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "active-response-2");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(6));
    assert_eq!(v["sides"][0]["slots"]["B"], json!([null]), "refilled face-down");
}

#[test]
fn ww_battle_response_cards_turn_cards_up_for_the_battle_and_down_again_after() {
    let mut p = start();
    apply(&mut p, "battle-response");
    assert!(common::legal(&mut p).iter().any(|(id, l)| id == "fate-1" && l.contains("!! blocks the Response")));
    apply(&mut p, "fate-1");
    assert_eq!(ids(&mut p), vec!["end-battle"], "blocked by Fate: no other try in this battle");
    apply(&mut p, "end-battle");
    apply(&mut p, "battle-response");
    apply(&mut p, "fate-5"); // C, D and E of the British display turn up
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["slots"]["C"], json!([8]));
    assert_eq!(v["sides"][1]["slots"]["E"], json!([10]));
    let now = ids(&mut p);
    assert!(now.iter().all(|id| id.starts_with("battle-response-play-") || id == "end-battle"), "{now:?}");
    apply(&mut p, "battle-response-play-8");
    draw_lowest(&mut p);
    apply(&mut p, "end-battle");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["cards_remaining"], json!(6));
    assert_eq!(v["sides"][1]["slots"]["D"], json!([null]), "turned back face-down");
    assert_eq!(v["sides"][1]["slots"]["E"], json!([null]));
    assert_eq!(v["sides"][1]["slots"]["A"], json!([6]), "cards already face-up stay so");
}

#[test]
fn ww_battle_response_cards_each_battle_gets_its_own_roll() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    // The first battle of the turn: Fate blocks the British Response.
    apply(&mut p, "battle-response");
    apply(&mut p, "fate-1");
    // No other try in that battle: the player says when it is over.
    assert_eq!(ids(&mut p), vec!["end-battle"]);
    apply(&mut p, "end-battle");
    // A second battle in the same turn rolls again, and may be answered.
    assert!(ids(&mut p).contains(&"battle-response".to_string()), "{:?}", ids(&mut p));
    apply(&mut p, "battle-response");
    apply(&mut p, "fate-4");
    assert!(ids(&mut p).contains(&"end-battle".to_string()));
    apply(&mut p, "end-battle");
    // And a third after that one is over.
    assert!(ids(&mut p).contains(&"battle-response".to_string()));
}

#[test]
fn ww_fate_die_result_chart_face_two_lets_the_active_side_choose_which_card_to_turn() {
    let mut p = start();
    // The French spend A (card 1): it refills face-down, leaving B face-up alone.
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-operations");
    draw_lowest(&mut p);
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-6-operations");
    draw_lowest(&mut p);
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-2");
    assert_eq!(ids(&mut p), vec!["flip-A-0", "flip-C-0", "flip-D-0", "flip-E-0"]);
    apply(&mut p, "flip-D-0");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["D"], json!([4]), "the chosen card is turned");
    assert_eq!(v["sides"][0]["slots"]["C"], json!([null]));
}

/// The French name British card 6 (slot A) for a forced discard: the British keep one face-up card
/// (B: 7) and A refills face-down with 11.
fn british_with_one_face_up_card() -> Protocol {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "forced-discard");
    apply(&mut p, "forced-discard-6");
    draw_lowest(&mut p);
    p
}

#[test]
fn ww_battle_response_cards_face_two_lets_the_player_choose_which_card_to_turn() {
    let mut p = british_with_one_face_up_card();
    apply(&mut p, "battle-response");
    apply(&mut p, "fate-2");
    // One face-up card: one more turns up, the one the player chooses, named by its slot only.
    let now = ids(&mut p);
    assert_eq!(
        now,
        vec!["battle-response-turn-a", "battle-response-turn-c", "battle-response-turn-d", "battle-response-turn-e"]
    );
    apply(&mut p, "battle-response-turn-d");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["slots"]["D"], json!([9]));
    assert_eq!(v["sides"][1]["slots"]["C"], json!([null]), "only the chosen card turns up");
    let now = ids(&mut p);
    assert!(now.contains(&"battle-response-play-9".to_string()), "{now:?}");
    assert!(!now.iter().any(|id| id.starts_with("battle-response-turn-")), "two cards are face-up now");
    let r = common::ask(&mut p, json!({"cmd": "apply", "action": "end-battle"}));
    assert_eq!(r["events"], json!(["Turn card 9 in slot D of British's display face-down"]));
    assert_eq!(view(&mut p)["sides"][1]["slots"]["D"], json!([null]), "turned back face-down");
}

#[test]
fn ww_forced_discard_cards_a_random_discard_takes_a_face_up_card_and_a_card_remaining() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "forced-discard");
    apply(&mut p, "forced-discard-random");
    apply(&mut p, "d6-2"); // two face-up British cards: 1-3 picks the first (A: card 6)
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([6]));
    assert_eq!(v["sides"][1]["cards_remaining"], json!(6));
    assert_eq!(v["sides"][1]["slots"]["A"], json!([null]));
    assert!(ids(&mut p).iter().any(|id| id.starts_with("play-")), "the French turn goes on");
}

/// The French turn up C (Francois Bigot, #36) with a 3 and play it for its event.
fn bigot_played_for_its_event() -> Protocol {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-3");
    apply(&mut p, "play-3-event");
    draw_lowest(&mut p);
    p
}

#[test]
fn ww_forced_discard_cards_hit_the_card_the_player_names() {
    let mut p = bigot_played_for_its_event();
    // Nothing else happens until the discard is settled.
    let now = ids(&mut p);
    assert!(now.iter().all(|id| id.starts_with("forced-discard-")), "{now:?}");
    apply(&mut p, "forced-discard-7");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([3, 7]));
    assert_eq!(v["sides"][1]["cards_remaining"], json!(6));
    assert_eq!(v["sides"][1]["slots"]["B"], json!([null]), "refilled face-down");
    assert_eq!(v["sides"][1]["slots"]["A"], json!([6]));
    assert!(ids(&mut p).contains(&"end-turn".to_string()));
}

#[test]
fn ww_forced_discard_cards_pick_at_random_among_the_cards_of_the_named_type() {
    let mut p = bigot_played_for_its_event();
    assert!(!ids(&mut p).contains(&"forced-discard-random-marked".to_string()), "nothing marked yet");
    apply(&mut p, "forced-discard-mark-6");
    apply(&mut p, "forced-discard-mark-7");
    apply(&mut p, "forced-discard-random-marked");
    assert!(common::legal(&mut p).iter().any(|(id, l)| id == "fate-5" && l.contains("is discarded")));
    apply(&mut p, "fate-5"); // two marked cards: 4-6 picks the second (B: 7)
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([3, 7]));
    assert_eq!(v["sides"][1]["cards_remaining"], json!(6));
    // A type the display does not show: nothing is discarded.
    let mut p = bigot_played_for_its_event();
    apply(&mut p, "forced-discard-none");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["cards_remaining"], json!(7));
    assert_eq!(v["decks"][0]["discard"], json!([3]));
    // Played for Operations, the card forces nothing.
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-3");
    apply(&mut p, "play-3-operations");
    draw_lowest(&mut p);
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("forced-discard-")), "{:?}", ids(&mut p));
}

#[test]
fn hand_sizes_stay_between_seven_and_nine() {
    let mut p = start();
    let now = ids(&mut p);
    assert!(now.contains(&"hand-size-up-british".to_string()));
    assert!(!now.contains(&"hand-size-down-british".to_string()), "7 is the least");
    apply(&mut p, "hand-size-up-british");
    apply(&mut p, "hand-size-up-british");
    assert!(!ids(&mut p).contains(&"hand-size-up-british".to_string()), "9 is the most");
    apply(&mut p, "new-season");
    assert_eq!(view(&mut p)["sides"][1]["cards_remaining"], json!(9));
}

#[test]
fn courier_intercepted_takes_a_random_face_up_card_into_its_own_place() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-event"); // #35 Courier Intercepted! from slot B
    assert_eq!(ids(&mut p), vec!["courier-intercepted-succeeds", "courier-intercepted-fails"]);
    apply(&mut p, "courier-intercepted-succeeds");
    apply(&mut p, "d6-5"); // two face-up British cards (A6, B7): 4-6 picks B
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["B"], json!([7]), "the taken card stands where the Courier was played");
    assert_eq!(v["sides"][1]["slots"]["B"], json!([null]), "the British slot refills face-down");
    assert_eq!(v["sides"][1]["cards_remaining"], json!(6));
    assert_eq!(v["sides"][0]["cards_remaining"], json!(7), "the Courier cost the French nothing");
}

#[test]
fn ww_taking_opponents_card_courier_played_for_operations_asks_nothing() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-operations"); // #35 Courier Intercepted! for its Operations
    draw_lowest(&mut p);
    let now = ids(&mut p);
    assert!(!now.iter().any(|id| id.starts_with("courier-intercepted")), "{now:?}");
    assert!(now.contains(&"end-turn".to_string()));
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["B"], json!([null]), "its slot refilled face-down at once");
    assert_eq!(v["sides"][0]["cards_remaining"], json!(6));
}

#[test]
fn ww_held_cards_a_pass_only_with_the_last_card_of_the_season() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    let now = ids(&mut p);
    assert!(!now.contains(&"pass".to_string()) && !now.contains(&"pass-held-card".to_string()), "{now:?}");
    assert!(!now.iter().any(|id| id.ends_with("-response") && id.starts_with("play-")), "{now:?}");
    let mut p = start();
    for _ in 0..6 {
        apply(&mut p, "cards-remaining-down");
    }
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    let now = ids(&mut p);
    assert!(now.contains(&"pass-held-card".to_string()) && !now.contains(&"pass".to_string()), "{now:?}");
}

/// The actions offered, split into the ordinary ones and the table tools.
fn screen(p: &mut Protocol) -> (Vec<String>, Vec<String>) {
    let legal = common::ask(p, json!({"cmd": "legal"}));
    let mut plain = Vec::new();
    let mut tools = Vec::new();
    for a in legal["actions"].as_array().into_iter().flatten() {
        let id = a["id"].as_str().unwrap_or_default().to_string();
        if a["tool"] == json!(true) { tools.push(id) } else { plain.push(id) }
    }
    (plain, tools)
}

#[test]
fn ww_first_screens_offer_at_most_ten_choices_besides_the_tools() {
    let mut p = start();
    let (plain, tools) = screen(&mut p);
    assert!(plain.len() <= 10, "{plain:?}");
    assert!(tools.contains(&"hand-size-up-british".to_string()), "{tools:?}");
    apply(&mut p, "roll");
    apply(&mut p, "fate-3");
    let (plain, tools) = screen(&mut p);
    assert!(plain.len() <= 10, "{plain:?}");
    assert!(plain.contains(&"active-response-1".to_string()), "Surrender! is known to be a Response card");
    assert!(tools.contains(&"active-response-2".to_string()) && tools.contains(&"forced-discard".to_string()));
}

#[test]
fn a_failed_courier_intercepted_refills_its_slot_face_down() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-event");
    apply(&mut p, "courier-intercepted-fails");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["B"], json!([null]));
    assert_eq!(v["sides"][0]["cards_remaining"], json!(6));
}

/// The French spend Surrender! (1) for operations, so it lies face-up in the discards; then the
/// British roll a 4 (A or B), with William Pitt (6) in A and Diplomatic Revolution (7) in B.
fn british_may_play_a_hand_size_card() -> Protocol {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-operations");
    draw_lowest(&mut p);
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    p
}

#[test]
fn a_hand_size_card_takes_a_face_up_discard_into_its_slot_at_no_card_cost() {
    let mut p = british_may_play_a_hand_size_card();
    apply(&mut p, "play-6-event");
    // Only the choice is open, and William Pitt cannot take itself back.
    assert_eq!(ids(&mut p), vec!["take-from-discards-1", "take-nothing-from-discards"]);
    apply(&mut p, "take-from-discards-1");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["slots"]["A"], json!([1]), "Surrender! face-up where Pitt was played");
    assert_eq!(v["sides"][1]["cards_remaining"], json!(7), "the play cost no card remaining");
    assert_eq!(v["decks"][0]["discard"], json!([6]));
    assert!(ids(&mut p).contains(&"end-turn".to_string()), "{:?}", ids(&mut p));
}

#[test]
fn a_hand_size_card_that_takes_nothing_refills_face_down_and_costs_a_card() {
    let mut p = british_may_play_a_hand_size_card();
    apply(&mut p, "play-7-event");
    apply(&mut p, "take-nothing-from-discards");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["slots"]["B"], json!([null]), "refilled face-down");
    assert_eq!(v["sides"][1]["cards_remaining"], json!(6));
    // Played for operations, a hand-size card asks nothing.
    let mut p = british_may_play_a_hand_size_card();
    apply(&mut p, "play-6-operations");
    assert!(!ids(&mut p).iter().any(|id| id.contains("from-discards")), "{:?}", ids(&mut p));
}

#[test]
fn faces_one_and_two_also_let_the_side_discard_an_event_card_as_its_action() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-2");
    assert!(view(&mut p)["fate_die_title"].as_str().unwrap().contains("or discard a face-up Event card"));
    assert!(ids(&mut p).contains(&"discard-event-2".to_string()), "{:?}", ids(&mut p));
    apply(&mut p, "discard-event-1");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([1]));
    assert_eq!(v["sides"][0]["cards_remaining"], json!(6));
    assert_eq!(v["sides"][0]["slots"]["A"], json!([null]), "refilled face-down");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("discard-event-")), "it was the turn's card");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("discard-event-")), "faces 1 and 2 only");
}

#[test]
fn a_side_with_no_card_remaining_ends_its_turn_instead_of_rolling() {
    let mut p = start();
    for _ in 0..7 {
        apply(&mut p, "cards-remaining-down");
    }
    let now = ids(&mut p);
    assert!(!now.contains(&"roll".to_string()) && now.contains(&"pass".to_string()), "{now:?}");
    apply(&mut p, "pass");
    assert_eq!(view(&mut p)["active"], json!(1));
}

#[test]
fn a_response_alongside_the_action_needs_a_card_remaining_of_its_own() {
    let mut p = start();
    for _ in 0..6 {
        apply(&mut p, "cards-remaining-down");
    }
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    let now = ids(&mut p);
    assert!(!now.iter().any(|id| id.starts_with("active-response-")), "one card left: the action's own {now:?}");
    assert!(now.iter().any(|id| id.starts_with("play-")));
}
