//! Pursuit of Glory's special rules, each driven through the protocol with manual chance (every draw
//! takes the lowest-numbered card) and checked on the resulting table.
//!
//! With the sheet-cards manifest the Allied deck is #1 Russo-British Assault (card 1), #18 Lawrence (2),
//! #21 No Prisoners (3), #45 Greece (4), then anonymous cards; the Central Powers deck is #3 Enver
//! (61), #15 Djemal (62), #16 King Constantine (63), #20 Jafar Pasha (64), #31 (65), #32 (66), #48
//! (67), #50 (68), then anonymous cards.

#![allow(clippy::unwrap_used)] // helpers of tests: a failed unwrap is a failed test

mod common;

use common::{apply_and_draw as apply, ids, offers, reminders, sheet_cards_manifest, view};
use protocol::Protocol;
use serde_json::{Value, json};

fn start(options: Value) -> Protocol {
    common::start("pursuit-of-glory", options)
}

fn with_manifest() -> Protocol {
    start(json!({"manifest": sheet_cards_manifest("pursuit-of-glory")}))
}

#[test]
fn russo_british_assault_is_set_aside_and_played_for_its_event_instead_of_rolling() {
    let mut p = with_manifest();
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["beside"], json!([1]));
    assert_eq!(v["sides"][0]["slots"]["A"], json!([2]), "the deal went on without it");
    assert!(reminders(&mut p).contains("Russo-British Assault"));
    assert!(offers(&mut p, "play-beside-1-event"));
    assert!(!offers(&mut p, "play-beside-1-operations"), "only for its event");
    apply(&mut p, "play-beside-1-event");
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([1]));
    assert_eq!(v["sides"][0]["cards_remaining"], json!(6));
}

#[test]
fn russo_british_assault_not_used_refills_the_played_slot_face_up() {
    let mut p = with_manifest();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-operations");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([1]), "the set-aside card fills slot A face-up");
    assert_eq!(v["sides"][0]["beside"], json!([]));
    assert_eq!(v["decks"][0]["cards"], json!(55), "nothing was drawn for slot A");
    apply(&mut p, "end-turn");
    // Later turns: the card is an ordinary card now, never offered beside the display.
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("play-beside-")));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-61-operations");
    apply(&mut p, "end-turn");
    // Past Action Round 1 it may no longer be used for its event, even from the display.
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    let now = ids(&mut p);
    assert!(now.contains(&"play-1-operations".to_string()), "{now:?}");
    assert!(!now.contains(&"play-1-event".to_string()), "{now:?}");
    assert!(!now.iter().any(|id| id == "pog-combat-1"), "nor as a Combat Event card");
    // Set beside the display again later, it is only a card set aside.
    apply(&mut p, "play-3-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-62-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "set-aside-1");
    assert!(!reminders(&mut p).contains("takes the place of the first card played"));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    let play = ids(&mut p).into_iter().find(|id| id.starts_with("play-") && id.ends_with("-operations")).unwrap();
    apply(&mut p, &play);
    assert_eq!(view(&mut p)["sides"][0]["beside"], json!([1]), "it stays beside the display");
}

#[test]
fn central_powers_four_ops_card_is_chosen_at_setup_and_replaces_their_first_play() {
    let mut p = start(json!({}));
    assert!(reminders(&mut p).contains("4-Ops"));
    apply(&mut p, "pog-set-aside-4-ops-0");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["beside"], json!([65]), "an undrawn CP card is set aside");
    assert_eq!(v["facts"]["65"]["value"], json!(4));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-operations");
    apply(&mut p, "end-turn");
    // The Central Powers' first turn: the card may be played instead of the roll.
    assert!(offers(&mut p, "play-beside-65-operations"));
    assert!(reminders(&mut p).contains("4-Ops card"));
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    apply(&mut p, "play-63-operations");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["slots"]["D"], json!([65]), "it takes the played card's slot, face-up");
    assert_eq!(v["sides"][1]["beside"], json!([]));
}

#[test]
fn eight_card_hands_set_both_markers_to_eight_and_the_draw_phase_resets_to_eight() {
    let mut p = start(json!({}));
    apply(&mut p, "pog-eight-card-hands");
    let v = view(&mut p);
    for side in 0..2 {
        assert_eq!(v["sides"][side]["max_hand_size"], json!(8));
        assert_eq!(v["sides"][side]["cards_remaining"], json!(8));
    }
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-operations");
    apply(&mut p, "end-turn");
    assert_eq!(view(&mut p)["sides"][0]["cards_remaining"], json!(7));
    apply(&mut p, "pog-draw-phase");
    apply(&mut p, "pog-draw-phase-end");
    assert_eq!(view(&mut p)["sides"][0]["cards_remaining"], json!(8));
}

#[test]
fn draw_phase_discards_combat_cards_resets_cards_remaining_and_fills_face_down() {
    let mut p = start(json!({}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "pog-draw-phase");
    let legal = ids(&mut p);
    assert!(
        legal.iter().all(|id| id.starts_with("pog-draw-phase") || id.starts_with("pog-is-combat-card-")),
        "{legal:?}"
    );
    assert!(reminders(&mut p).contains("Draw Strategy Card phase"));
    apply(&mut p, "pog-is-combat-card-2");
    apply(&mut p, "pog-draw-phase-discard-2");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["B"], json!([]), "no refill until the phase ends");
    apply(&mut p, "pog-draw-phase-end");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(7));
    assert_eq!(v["sides"][1]["cards_remaining"], json!(7));
    assert_eq!(v["sides"][0]["slots"]["B"], json!([null]), "filled face-down");
    assert_eq!(v["decks"][0]["discard"], json!([1, 2]));
    assert!(!offers(&mut p, "pog-draw-phase-end"));
}

#[test]
fn draw_phase_discards_are_limited_to_the_cards_remaining() {
    let mut p = start(json!({}));
    for _ in 0..7 {
        apply(&mut p, "cards-remaining-down");
    }
    apply(&mut p, "cards-remaining-up");
    apply(&mut p, "pog-draw-phase");
    for card in [1, 2, 61] {
        apply(&mut p, &format!("pog-is-combat-card-{card}"));
    }
    apply(&mut p, "pog-draw-phase-discard-1");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("pog-draw-phase-discard-") && id.ends_with("-2")));
    assert!(offers(&mut p, "pog-draw-phase-discard-61"), "the other side keeps its own allowance");
}

#[test]
fn exhausted_deck_with_empty_discards_caps_cards_remaining_and_gives_an_automatic_operation() {
    let mut p = start(json!({"deck_size": [8, 8]}));
    // Allies: A1 B2 D3 E4, deck 5-8. Cards set aside, or played and then passed over as No
    // Prisoners, leave no discards behind while the deck runs dry.
    apply(&mut p, "set-aside-1");
    apply(&mut p, "set-aside-2");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-5-operations");
    apply(&mut p, "pog-pass-5");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-9-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "set-aside-6");
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["cards"], json!(0));
    assert_eq!(v["decks"][0]["discard"], json!([]));
    assert!(reminders(&mut p).contains("automatic 1-Ops"));
    apply(&mut p, "roll");
    apply(&mut p, "fate-1");
    assert_eq!(view(&mut p)["sides"][0]["cards_remaining"], json!(4));
    let now = ids(&mut p);
    assert!(now.contains(&"pog-automatic-operation".to_string()), "{now:?}");
    assert!(!now.contains(&"pass".to_string()), "the automatic operation takes the turn, no pass: {now:?}");
    apply(&mut p, "pog-automatic-operation");
    assert!(offers(&mut p, "end-turn"));
    assert_eq!(view(&mut p)["sides"][0]["cards_remaining"], json!(4), "no card was spent");
}

#[test]
fn combat_event_cards_of_either_side_are_played_in_combat_and_refilled_keeping_facing() {
    let mut p = start(json!({}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("pog-combat-")), "no combat before a card is played");
    apply(&mut p, "play-1-operations");
    // A played card is not a combat: the player marks one on the board first.
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("pog-combat-") && id != "pog-combat-begins"));
    apply(&mut p, "pog-combat-begins");
    assert!(offers(&mut p, "pog-combat-2"), "the attacker's face-up card");
    assert!(offers(&mut p, "pog-combat-61"), "the defender's face-up card");
    apply(&mut p, "pog-combat-61");
    let v = view(&mut p);
    assert_eq!(v["decks"][1]["discard"], json!([61]));
    assert_eq!(v["sides"][1]["cards_remaining"], json!(6));
    assert_eq!(v["sides"][1]["slots"]["A"], json!([null]), "refilled with the deck's face-down top card");
    assert_eq!(v["active"], json!(0));
    // Once the player says the combat is over, no card is offered for it.
    apply(&mut p, "pog-combat-ends");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("pog-combat-") && id != "pog-combat-begins"));
    assert!(offers(&mut p, "pog-combat-begins"), "another combat may begin");
}

#[test]
fn no_prisoners_and_jafar_pasha_change_sides_and_serve_in_any_combat_for_free() {
    let mut p = with_manifest();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-3-operations");
    let v = view(&mut p);
    assert_eq!(v["held"][0]["card"], json!(3));
    assert_eq!(v["held"][0]["side"], json!(1), "No Prisoners goes to the Central Powers");
    assert_eq!(v["decks"][0]["discard"], json!([]));
    assert_eq!(v["sides"][0]["cards_remaining"], json!(6), "played from the display: a normal play");
    assert!(reminders(&mut p).contains("No Prisoners"));
    apply(&mut p, "pog-combat-begins");
    apply(&mut p, "pog-combat-passed-3");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["cards_remaining"], json!(7), "used beside the display: nothing spent");
    assert_eq!(v["held"][0]["side"], json!(0), "and it changes hands again");
    apply(&mut p, "end-turn");
    // Jafar Pasha (64) lies face-down in the CP slot E.
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    apply(&mut p, "play-64-operations");
    assert!(offers(&mut p, "pog-pass-64"));
    apply(&mut p, "pog-pass-64");
    let v = view(&mut p);
    assert!(v["held"].as_array().into_iter().flatten().any(|h| h["card"] == json!(64) && h["side"] == json!(0)));
    assert_eq!(v["decks"][1]["discard"], json!([]));
}

#[test]
fn unnamed_cards_can_be_told_to_be_no_prisoners() {
    let mut p = start(json!({}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-event");
    assert!(offers(&mut p, "pog-pass-2"));
    apply(&mut p, "pog-pass-2");
    let v = view(&mut p);
    assert_eq!(v["held"][0]["card"], json!(2));
    assert_eq!(v["held"][0]["side"], json!(1));
}

#[test]
fn enver_to_constantinople_reminds_that_its_second_part_is_ignored() {
    let mut p = with_manifest();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-61-event");
    let r = reminders(&mut p);
    assert!(r.contains("Enver to Constantinople"), "{r}");
    assert!(!r.contains("Verdun"), "a named card is not mistaken for another: {r}");
}

#[test]
fn lawrence_turns_the_whole_inactive_display_and_deck_top_face_up() {
    let mut p = with_manifest();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-event");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["slots"]["D"], json!([63]));
    assert_eq!(v["sides"][1]["slots"]["E"], json!([64]));
    assert_eq!(v["decks"][1]["face_up_top"], json!(65), "the deck's top card too");
}

#[test]
fn djemal_without_a_manifest_is_offered_for_the_event_just_played() {
    let mut p = start(json!({}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-61-event");
    assert!(offers(&mut p, "pog-flip-inactive-0"));
    apply(&mut p, "pog-flip-inactive-0");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["D"], json!([3]));
    assert_eq!(v["sides"][0]["slots"]["E"], json!([4]));
    assert!(v["decks"][0]["face_up_top"].is_number());
}

#[test]
fn greece_is_cancelled_by_a_face_up_king_constantine_and_the_allies_play_again() {
    let mut p = with_manifest();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-operations");
    apply(&mut p, "end-turn");
    // The CP turn King Constantine (63, slot D) face-up.
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    apply(&mut p, "play-64-operations");
    apply(&mut p, "end-turn");
    // Allies: Greece (4) in slot D.
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    apply(&mut p, "play-4-event");
    assert!(offers(&mut p, "pog-cancel-greece-63"));
    apply(&mut p, "pog-cancel-greece-63");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["cards_remaining"], json!(5));
    assert_eq!(v["sides"][0]["cards_remaining"], json!(5));
    assert_eq!(v["decks"][1]["discard"], json!([64, 63]));
    assert_eq!(v["sides"][1]["slots"]["D"], json!([null]), "King Constantine's slot is refilled");
    apply(&mut p, "end-turn");
    assert_eq!(view(&mut p)["active"], json!(0), "the Allies take another turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-operations");
    apply(&mut p, "end-turn");
    assert_eq!(view(&mut p)["active"], json!(1), "then play alternates again");
}

#[test]
fn remove_a_unit_or_lose_a_vp_cards_leave_the_choice_to_the_player() {
    let mut p = start(json!({}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-61-event");
    let r = reminders(&mut p);
    assert!(r.contains("Gorlice-Tarnow") && r.contains("Kaiserschlacht"), "{r}");
    assert!(r.contains("you decide"), "{r}");
}

#[test]
fn war_status_reshuffle_redeals_the_display_of_the_side_adding_cards() {
    let mut p = start(json!({}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-61-operations");
    apply(&mut p, "end-turn");
    // The Allies are active again: their new card joins their deck.
    apply(&mut p, "add-card");
    let before = view(&mut p);
    apply(&mut p, "pog-war-status-reshuffle-allies");
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([]));
    assert!(v["sides"][0]["slots"]["A"][0].is_number(), "A and B dealt face-up as at setup");
    assert_eq!(v["sides"][0]["slots"]["D"], json!([null]));
    assert_eq!(v["decks"][0]["cards"], json!(57), "61 cards, 4 dealt");
    assert_eq!(v["sides"][1], before["sides"][1], "the Central Powers display is untouched");
    assert_eq!(v["decks"][1]["discard"], json!([61]));
}

#[test]
fn war_status_reshuffle_adds_the_next_part_a_manifest_keeps_out_of_the_deck() {
    let mut manifest = sheet_cards_manifest("pursuit-of-glory");
    let later = json!([
        {"number": 40, "name": "Limited War card", "side": "Central Powers", "joins": "Limited War", "copies": 3},
        {"number": 60, "name": "Total War card", "side": "Central Powers", "joins": "Total War", "copies": 2}
    ]);
    manifest["cards"].as_array_mut().unwrap().extend(later.as_array().unwrap().iter().cloned());
    let mut p = start(json!({ "manifest": manifest }));
    let v = view(&mut p);
    let waiting =
        v["held"].as_array().unwrap().iter().filter(|h| h["place"] == json!("waiting to join the deck")).count();
    assert_eq!(waiting, 5, "the later parts wait outside the deck");
    let central_cards = v["decks"][1]["cards"].as_u64().unwrap();
    assert!(offers(&mut p, "pog-war-status-reshuffle-central-powers-part-1"));
    // The parts join in order, and a reshuffle that adds nothing is not offered while one waits.
    assert!(!offers(&mut p, "pog-war-status-reshuffle-central-powers-part-2"), "Limited War first");
    assert!(!offers(&mut p, "pog-war-status-reshuffle-central-powers"), "a part waits");
    assert!(!offers(&mut p, "pog-war-status-reshuffle-allies-part-1"), "no Allied card waits");
    assert!(offers(&mut p, "pog-war-status-reshuffle-allies"));
    let label = common::legal(&mut p)
        .into_iter()
        .find(|(id, _)| id == "pog-war-status-reshuffle-central-powers-part-1")
        .map(|(_, l)| l)
        .unwrap();
    assert!(label.contains("3 Limited War cards"), "{label}");
    apply(&mut p, "pog-war-status-reshuffle-central-powers-part-1");
    let v = view(&mut p);
    let waiting: Vec<&Value> =
        v["held"].as_array().unwrap().iter().filter(|h| h["place"] == json!("waiting to join the deck")).collect();
    assert_eq!(waiting.len(), 2, "the Total War cards still wait");
    assert_eq!(v["decks"][1]["cards"].as_u64().unwrap(), central_cards + 3, "the display was redealt: +3 joined");
    assert!(!offers(&mut p, "pog-war-status-reshuffle-central-powers-part-1"), "Limited War has joined");
    assert!(offers(&mut p, "pog-war-status-reshuffle-central-powers-part-2"), "Total War keeps its number");
}

#[test]
fn exhaustion_reshuffle_discards_face_down_cards_and_fills_face_down() {
    let mut p = start(json!({"deck_size": [8, 8]}));
    // Allies: A1 B2 D3 E4, deck 5-8. Discard A and B four times over to run the deck dry.
    apply(&mut p, "discard-1");
    apply(&mut p, "discard-2");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([null]));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-5-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-9-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-6-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-10-operations");
    apply(&mut p, "end-turn");
    assert_eq!(view(&mut p)["decks"][0]["cards"], json!(0));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-7-operations");
    // Slot A needed a card from an empty deck: the face-down cards (D and E) went to the discards,
    // everything was reshuffled, and every short slot got a face-down card.
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([]));
    for slot in ["A", "D", "E"] {
        assert_eq!(v["sides"][0]["slots"][slot], json!([null]), "{slot}");
    }
    assert_eq!(v["sides"][0]["slots"]["B"], json!([8]), "face-up cards stay");
}

#[test]
fn pog_draw_strategy_card_phase_discards_only_combat_cards_slot_c_included() {
    let mut p = with_manifest();
    // Allies: Russo-British Assault aside, A2 (Lawrence) B3 (No Prisoners, a Combat card) face-up.
    // Turning the deck's top card face-up with a 3 puts slot C among the face-up cards.
    apply(&mut p, "roll");
    apply(&mut p, "fate-3");
    apply(&mut p, "play-2-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "pog-draw-phase");
    let now = ids(&mut p);
    assert!(now.contains(&"pog-draw-phase-discard-3".to_string()), "the manifest says it is a Combat card: {now:?}");
    assert!(!now.contains(&"pog-is-combat-card-3".to_string()), "nothing to ask: {now:?}");
    let top = view(&mut p)["decks"][0]["face_up_top"].as_u64().unwrap();
    // Of a card whose type is unknown the player is asked first; it is not discarded unasked.
    assert!(now.contains(&format!("pog-is-combat-card-{top}")), "slot C's face-up card: {now:?}");
    assert!(!now.contains(&format!("pog-draw-phase-discard-{top}")), "{now:?}");
    apply(&mut p, &format!("pog-is-combat-card-{top}"));
    apply(&mut p, &format!("pog-draw-phase-discard-{top}"));
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["face_up_top"], json!(null), "slot C's card went to the discards");
    assert!(v["decks"][0]["discard"].as_array().unwrap().contains(&json!(top)));
    // A card the manifest says is not a Combat card is never offered.
    let mut manifest = sheet_cards_manifest("pursuit-of-glory");
    for card in manifest["cards"].as_array_mut().unwrap() {
        if card["number"] == json!(18) {
            card["combat"] = json!(false);
        }
    }
    let mut p = start(json!({ "manifest": manifest }));
    apply(&mut p, "pog-draw-phase");
    let now = ids(&mut p);
    assert!(!now.iter().any(|id| id.ends_with("-2") && id.starts_with("pog-")), "Lawrence is no Combat card: {now:?}");
}

#[test]
fn pog_modified_setup_russo_british_assault_may_be_declined() {
    let mut p = with_manifest();
    assert!(offers(&mut p, "pog-keep-russo-british-assault-in-deck"));
    apply(&mut p, "pog-keep-russo-british-assault-in-deck");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["beside"], json!([]));
    assert_eq!(v["decks"][0]["cards"], json!(56), "back in the deck: 60 less the four dealt");
    let now = ids(&mut p);
    assert!(!now.iter().any(|id| id.starts_with("play-beside-")), "{now:?}");
    assert!(!now.contains(&"pog-set-aside-russo-british-assault".to_string()), "declined for good: {now:?}");
    assert!(!now.contains(&"pog-keep-russo-british-assault-in-deck".to_string()));
    assert!(!reminders(&mut p).contains("Russo-British Assault"), "no reminder of a card declined");
    // The first play refills from the deck as usual.
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-operations");
    assert_eq!(view(&mut p)["sides"][0]["slots"]["A"], json!([null]), "a face-down draw, no set-aside card");
    assert_eq!(view(&mut p)["decks"][0]["cards"], json!(55));
}

#[test]
fn pog_fate_die_chart_no_pass_after_the_roll() {
    let mut p = start(json!({}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!offers(&mut p, "pass"), "a card allowed by the roll is played");
    let r = p.handle_line(&json!({"cmd": "apply", "action": "pass"}).to_string());
    assert_eq!(r["ok"], json!(false), "{r}");
}

#[test]
fn pog_war_status_reshuffles_are_tools_and_the_first_screen_stays_short() {
    let mut p = with_manifest();
    let legal = common::ask(&mut p, json!({"cmd": "legal"}));
    for a in legal["actions"].as_array().unwrap() {
        if a["id"].as_str().unwrap().starts_with("pog-war-status-reshuffle-") {
            assert_eq!(a["tool"], json!(true), "{a}");
        }
    }
    let first = common::non_tool_ids(&mut p);
    assert!(first.len() <= 10, "{} choices: {first:?}", first.len());
}

#[test]
fn turns_are_counted_in_action_rounds_and_the_draw_phase_is_the_next_step_after_the_sixth() {
    let mut p = start(json!({}));
    assert_eq!(view(&mut p)["turn_words"], json!("Turn 1, action round 1 of Allied Powers"));
    // Before both sides have played six rounds the phase is a tool, with when it comes.
    let tools: Vec<(String, String)> = common::legal(&mut p);
    let (_, label) = tools.iter().find(|(id, _)| id == "pog-draw-phase").expect("the phase is offered");
    assert!(label.contains("follows the sixth action round"), "{label}");
    for round in 1..=6 {
        for side in ["Allied Powers", "Central Powers"] {
            assert_eq!(view(&mut p)["turn_words"], json!(format!("Turn 1, action round {round} of {side}")));
            // One side turn: roll, a 4 (slots A or B), draws as they come, an Operations play.
            for _ in 0..40 {
                let now = ids(&mut p);
                let next = ["end-turn", "roll", "fate-4", "pog-automatic-operation"]
                    .into_iter()
                    .map(str::to_string)
                    .find(|id| now.contains(id))
                    .or_else(|| now.iter().find(|id| id.starts_with("draw-")).cloned())
                    .or_else(|| now.iter().find(|id| id.starts_with("play-") && id.ends_with("-operations")).cloned())
                    .unwrap_or_else(|| panic!("no way on: {now:?}"));
                if next == "end-turn" {
                    break;
                }
                apply(&mut p, &next);
            }
            apply(&mut p, "end-turn");
        }
    }
    let legal = common::legal(&mut p);
    let (_, label) = legal.iter().find(|(id, _)| id == "pog-draw-phase").expect("the phase is due");
    assert!(label.starts_with("both sides have played six action rounds"), "{label}");
    apply(&mut p, "pog-draw-phase");
    assert_eq!(view(&mut p)["turn_words"], json!("Turn 1, Draw Strategy Card phase"));
    apply(&mut p, "pog-draw-phase-end");
    assert_eq!(view(&mut p)["turn_words"], json!("Turn 2, action round 1 of Allied Powers"));
}
