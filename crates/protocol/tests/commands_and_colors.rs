//! The Commands & Colors sheets' mechanisms, driven through the protocol with manual chance. An
//! inline manifest puts the cards where the tests want them: the shared deck is dealt lowest first,
//! so cards 1-5 go to the first side's A-E and cards 6-10 to the second side's (A and B face-up).

#![allow(clippy::unwrap_used)] // helpers of tests: a failed unwrap is a failed test

mod common;

use common::{apply, apply_and_draw, draw_lowest, ids, offers, view};
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
    let mut p = start("cc-medieval", &names);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-command");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["sides"][0]["slots"]["B"], json!([11]), "the new card in B is face-up");
}

#[test]
fn a_napoleonics_scout_may_take_a_guerrilla_counter_and_leave_its_replacement_face_down() {
    let names = [FILLERS[0], "Scout", FILLERS[1], FILLERS[2], FILLERS[3], "First Strike"];
    for (answer, expected) in
        [("scout-replacement-face-up", json!([11])), ("scout-replacement-face-down", json!([null]))]
    {
        let mut p = start("cc-napoleonics", &names);
        apply(&mut p, "roll");
        apply(&mut p, "fate-4");
        apply(&mut p, "play-2-command");
        draw_lowest(&mut p);
        assert_eq!(view(&mut p)["sides"][0]["slots"]["B"], json!([null]), "drawn face-down until the player says");
        assert_eq!(ids(&mut p), vec!["scout-replacement-face-up", "scout-replacement-face-down"]);
        assert!(label_of(&mut p, "scout-replacement-face-down").contains("Spanish Guerrilla Action counter"));
        apply(&mut p, answer);
        assert_eq!(view(&mut p)["sides"][0]["slots"]["B"], expected, "{answer}");
    }
}

#[test]
fn tactician_cards_are_counted_beside_each_display() {
    let mut p = start("cc-napoleonics", &FILLERS);
    assert!(!ids(&mut p).contains(&"tactician-play-first".to_string()), "none yet");
    apply(&mut p, "tactician-draw-first");
    apply(&mut p, "tactician-draw-first");
    apply(&mut p, "tactician-draw-second");
    apply(&mut p, "tactician-play-first");
    assert_eq!(view(&mut p)["markers"]["Tactician cards"], json!([1, 1]));
    let medieval = start("cc-medieval", &FILLERS);
    let mut medieval = medieval;
    assert!(!ids(&mut medieval).iter().any(|id| id.starts_with("tactician-")), "Napoleonics sheets only");
}

#[test]
fn epic_ancients_order_one_unit_cards_are_replaced_face_up() {
    let names = ["Order One Unit Left", FILLERS[0], FILLERS[1], FILLERS[2], FILLERS[3]];
    let mut p = start("cc-epic-ancients", &names);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-army-command");
    assert_eq!(view(&mut p)["sides"][0]["slots"]["A"], json!([]), "the vacancy waits for the turn's end");
    apply(&mut p, "end-turn");
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
    draw_lowest(&mut p);
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
    apply(&mut p, "end-turn");
    draw_lowest(&mut p);
    // The vacancy in A is filled face-down at the turn's end; then the player chooses which of the
    // face-down cards turns up, before anything else.
    assert_eq!(
        ids(&mut p),
        vec![
            "single-play-turn-up-A-0",
            "single-play-turn-up-C-0",
            "single-play-turn-up-D-0",
            "single-play-turn-up-E-0"
        ]
    );
    assert!(label_of(&mut p, "single-play-turn-up-D-0").contains("slot D"));
    let r = p.handle_line(&json!({"cmd": "apply", "action": "single-play-turn-up-D-0"}).to_string());
    assert!(r["events"].to_string().contains("slot D"), "the events say which card to turn: {r}");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([null]));
    assert_eq!(v["sides"][0]["slots"]["D"], json!([4]));
    assert!(offers(&mut p, "roll"), "the other side's turn goes on");
}

/// Who decides now: the side to move, or `None` when chance is.
fn to_move(p: &mut Protocol) -> Option<u64> {
    common::ask(p, json!({"cmd": "legal"}))["to_move"]["player"].as_u64()
}

#[test]
fn epic_ancients_drawing_new_command_cards_the_side_that_played_one_card_turns_one_up_before_the_turn_passes() {
    // The second side holds First Strike face-up (card 6, its slot A), so it has an answer on offer
    // for as long as the first side's turn lasts.
    let names = [FILLERS[0], FILLERS[1], FILLERS[2], FILLERS[3], "Order Four Units Center", "First Strike"];
    let mut p = start("cc-epic-ancients", &names);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4"); // A or B; C, D and E stay face-down
    apply(&mut p, "play-1-army-command");
    assert!(label_of(&mut p, "end-turn").contains("turn a face-down card face-up"), "{}", label_of(&mut p, "end-turn"));
    apply(&mut p, "end-turn");
    draw_lowest(&mut p);
    // The vacancy is filled, and the turn is still the first side's: it chooses the card.
    assert_eq!(to_move(&mut p), Some(0), "the side that played decides the flip");
    assert_eq!(view(&mut p)["active"], json!(0), "the turn has not passed yet");
    let now = ids(&mut p);
    assert!(now.iter().all(|id| id.starts_with("single-play-turn-up-")), "the flip comes first: {now:?}");
    assert!(now.contains(&"single-play-turn-up-A-0".to_string()), "the new card in A may be the one: {now:?}");
    apply(&mut p, "single-play-turn-up-C-0");
    assert_eq!(view(&mut p)["sides"][0]["slots"]["C"], json!([3]));
    // Only now does the second side move.
    assert_eq!(to_move(&mut p), Some(1));
    assert!(offers(&mut p, "roll"));
    let steps = common::ask(&mut p, json!({"cmd": "events"}))["steps"].as_array().cloned().unwrap();
    let flip = steps.iter().position(|s| s["id"] == json!("single-play-turn-up-C-0")).unwrap();
    assert_eq!(steps[flip]["by"], json!(0), "recorded as the first side's decision");
    assert!(steps[..flip].iter().all(|s| s["by"] != json!(1)), "no decision of the second side before it: {steps:?}");
    // A save of the earlier reading credits the flip to the second side: it loads, credited to the
    // first; any other decision credited to the wrong side is still refused.
    let record = common::ask(&mut p, json!({"cmd": "export"}))["record"].clone();
    let mut older = record.clone();
    older["log"][flip]["by"] = json!({"player": 1});
    let loaded = common::ask(&mut p, json!({"cmd": "import", "record": older}));
    assert!(loaded.get("error").is_none(), "the older save loads: {loaded}");
    let steps = common::ask(&mut p, json!({"cmd": "events"}))["steps"].as_array().cloned().unwrap();
    assert_eq!(steps[flip]["by"], json!(0), "credited to the side that played");
    let roll = steps.iter().position(|s| s["id"] == json!("roll")).unwrap();
    let mut forged = record.clone();
    forged["log"][roll]["by"] = json!({"player": 1});
    let refused = p.handle_line(&json!({"cmd": "import", "record": forged}).to_string());
    assert!(refused["error"].as_str().is_some_and(|e| e.contains("the log says")), "{refused}");
}

#[test]
fn medieval_inspired_action_tokens_the_active_side_at_will_the_inactive_side_on_double_bang() {
    let mut p = start("cc-medieval", &FILLERS);
    // The first side passes; the second gains a token on its turn and passes too.
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply_and_draw(&mut p, "play-1-command");
    apply(&mut p, "end-turn");
    apply(&mut p, "gain-inspired-token-1");
    assert_eq!(view(&mut p)["markers"]["inspired action tokens"], json!([0, 1]));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply_and_draw(&mut p, "play-6-command");
    apply(&mut p, "end-turn");
    // The first side rolls !!: after the order counts are given, the second side may use its token.
    apply(&mut p, "roll");
    apply(&mut p, "fate-1");
    while let Some(describe) =
        ids(&mut p).into_iter().find(|id| id.starts_with("describe-") && id.ends_with("-v2-ordinary"))
    {
        apply(&mut p, &describe);
    }
    assert!(ids(&mut p).contains(&"inactive-inspired-token-1".to_string()));
    apply(&mut p, "inactive-inspired-token-1");
    assert_eq!(view(&mut p)["markers"]["inspired action tokens"], json!([0, 0]));
    assert!(!ids(&mut p).contains(&"inactive-inspired-token-1".to_string()), "once per roll");
}

#[test]
fn medieval_inspired_action_tokens_inactive_side_may_use_one_on_every_double_bang_roll() {
    let mut p = start("cc-medieval", &FILLERS);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply_and_draw(&mut p, "play-1-command");
    apply(&mut p, "end-turn");
    apply(&mut p, "gain-inspired-token-1");
    apply(&mut p, "gain-inspired-token-1");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply_and_draw(&mut p, "play-6-command");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-1");
    while let Some(describe) =
        ids(&mut p).into_iter().find(|id| id.starts_with("describe-") && id.ends_with("-v2-ordinary"))
    {
        apply(&mut p, &describe);
    }
    apply(&mut p, "inactive-inspired-token-1");
    // Nothing playable for any purpose: the reroll shows !! again, and with it a second token use.
    apply(&mut p, "reroll");
    apply(&mut p, "fate-1");
    assert!(ids(&mut p).contains(&"inactive-inspired-token-1".to_string()), "a new !! roll, a new use");
    apply(&mut p, "inactive-inspired-token-1");
    assert_eq!(view(&mut p)["markers"]["inspired action tokens"], json!([0, 0]));
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
    // Hands are back at parity: the first side's extra card in A (turned up by the roll) refills
    // B instead of a draw; the square card waits for its own side.
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("draw-")), "no draw for B");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([1]));
    assert_eq!(v["sides"][0]["slots"]["B"], json!([12]));
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
    // 60 cards: 9 in the displays (A, the played card's vacancy, waits for the turn's end).
    assert_eq!(v["sides"][0]["slots"]["A"], json!([]));
    assert_eq!(v["decks"][0]["cards"], json!(51));
    apply(&mut p, "end-turn");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["decks"][0]["cards"], json!(50), "A is filled at the end of the turn");
}

/// Epic Ancients with two copies of a card as cards 1 and 2 (slots A and B, both face-up).
fn epic_ancients_with_two_copies_of(name: &str) -> Protocol {
    let cards = json!([
        {"name": name, "copies": 2},
        {"name": FILLERS[0]}, {"name": FILLERS[1]}, {"name": FILLERS[2]}, {"name": FILLERS[3]}
    ]);
    common::start("cc-epic-ancients", json!({"manifest": {"game": "cc-epic-ancients", "cards": cards}}))
}

fn label_of(p: &mut Protocol, id: &str) -> String {
    common::legal(p).into_iter().find(|(x, _)| x == id).map(|(_, l)| l).unwrap_or_else(|| panic!("{id} not offered"))
}

#[test]
fn epic_ancients_inspired_field_general_plays_a_second_face_up_copy_as_two_field_commands() {
    let mut p = epic_ancients_with_two_copies_of("Order Four Units Right");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4"); // A or B
    apply(&mut p, "play-1-field-command");
    draw_lowest(&mut p);
    assert!(label_of(&mut p, "inspired-field-general-2").contains("two Field Commands"));
    apply(&mut p, "inspired-field-general-2");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([1, 2]));
    assert_eq!(v["markers"]["field commands this turn"], json!([2, 0]));
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("inspired-")));
    apply(&mut p, "end-turn");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["sides"][0]["slots"]["B"], json!([null]), "the copy's slot refills face-down");
}

#[test]
fn epic_ancients_inspired_field_general_needs_a_copy_of_a_section_card() {
    let cards = json!([
        {"name": "Order Two Units Left"}, {"name": "Order Three Units Center", "copies": 2},
        {"name": FILLERS[1]}, {"name": FILLERS[2]}
    ]);
    let mut p = common::start("cc-epic-ancients", json!({"manifest": {"game": "cc-epic-ancients", "cards": cards}}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-3"); // A, B or C: C (the second copy of card 2) turns face-up
    apply(&mut p, "play-1-field-command");
    draw_lowest(&mut p);
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("inspired-")), "card 1 has no copy in sight");
    apply(&mut p, "play-2-field-command");
    draw_lowest(&mut p);
    assert!(ids(&mut p).contains(&"inspired-field-general-3".to_string()), "one Field Command before: allowed");
}

#[test]
fn epic_ancients_field_generals_initiative_rolls_a_battle_die_per_unactivated_section() {
    let mut p = start("cc-epic-ancients", &FILLERS);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("initiative-")), "only after a Field Command");
    apply(&mut p, "play-1-field-command");
    draw_lowest(&mut p);
    let now = ids(&mut p);
    // Order Two Units Left activated the left section; the player judges the other two.
    assert!(!now.contains(&"initiative-left".to_string()), "{now:?}");
    for section in ["initiative-center", "initiative-right"] {
        assert!(now.contains(&section.to_string()), "{now:?}");
    }
    apply(&mut p, "initiative-center");
    assert!(label_of(&mut p, "fate-5").contains("Center section shows the Banner"));
    apply(&mut p, "fate-5");
    assert!(common::reminders(&mut p).contains("Center section: Banner"));
    let now = ids(&mut p);
    assert!(!now.iter().any(|id| id.starts_with("play-")), "no Field Command after the initiative rolls");
    assert!(!now.contains(&"initiative-center".to_string()) && now.contains(&"initiative-right".to_string()));
    apply(&mut p, "end-turn");
    draw_lowest(&mut p);
    // A single card was played: the turn ends once its side has turned a card up.
    apply(&mut p, "single-play-turn-up-C-0");
    assert_eq!(view(&mut p)["markers"]["initiative rolled (sections)"], json!([0, 0]));
}

#[test]
fn a_counter_attack_copies_a_card_of_the_other_sides_last_turn_with_its_table_effect() {
    let mut names = vec!["Order One Unit Left", FILLERS[0], FILLERS[1], FILLERS[2], FILLERS[3]];
    names.extend(["Counter-attack", "Order Three Units Center", "Order Four Units Left", "Order Four Units Center"]);
    let mut p = start("cc-epic-ancients", &names);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-army-command");
    apply(&mut p, "end-turn");
    draw_lowest(&mut p);
    apply(&mut p, "single-play-turn-up-C-0");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-6-army-command");
    assert_eq!(ids(&mut p), vec!["counter-attack-copies-1", "counter-attack-copies-nothing-on-the-table"]);
    assert!(common::reminders(&mut p).contains("Counter-attack"));
    apply(&mut p, "counter-attack-copies-1");
    assert!(ids(&mut p).contains(&"end-turn".to_string()));
    apply(&mut p, "end-turn");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["sides"][1]["slots"]["A"], json!([12]), "a copied Order One Unit refills face-up");
}

/// A table of `game` playing `scenario`, its role (if it has one) going to `role_side`.
fn with_scenario(game: &str, names: &[&str], scenario: &str, role_side: Option<&str>) -> Protocol {
    let mut p = start(game, names);
    apply(&mut p, &format!("scenario-{scenario}"));
    if let Some(side) = role_side {
        assert_eq!(ids(&mut p), vec!["scenario-role-is-first", "scenario-role-is-second"]);
        apply(&mut p, &format!("scenario-role-is-{side}"));
    }
    p
}

#[test]
fn scenarios_are_chosen_at_the_first_decision_only() {
    let mut p = start("cc-medieval", &FILLERS);
    let now = ids(&mut p);
    for id in ["scenario-melebasa", "scenario-decimum", "scenario-solachon"] {
        assert!(now.contains(&id.to_string()), "{id}: {now:?}");
    }
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("scenario-")));
    let mut napoleonics = start("cc-napoleonics", &FILLERS);
    apply(&mut napoleonics, "scenario-zehdenick");
    assert_eq!(ids(&mut napoleonics), vec!["zehdenick-roll"], "no role to assign");
}

#[test]
fn melebasa_lets_the_byzantine_scout_take_a_victory_banner() {
    // Two Scouts, cards 5 and 6: the first side's E and the second side's A.
    let cards = json!([
        {"name": FILLERS[0]}, {"name": FILLERS[1]}, {"name": FILLERS[2]}, {"name": FILLERS[3]},
        {"name": "Scout", "copies": 2}
    ]);
    let mut p = common::start("cc-medieval", json!({"manifest": {"game": "cc-medieval", "cards": cards}}));
    apply(&mut p, "scenario-melebasa");
    apply(&mut p, "scenario-role-is-first");
    apply(&mut p, "roll");
    apply(&mut p, "fate-6"); // D or E
    apply(&mut p, "play-5-command");
    draw_lowest(&mut p);
    assert!(label_of(&mut p, "scout-replacement-face-down").contains("Victory Banner"));
    apply(&mut p, "scout-replacement-face-down");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["E"], json!([null]));
    assert_eq!(v["markers"]["inspired action tokens"], json!([1, 0]), "the Scout's token as usual");
    apply(&mut p, "end-turn");
    // The other side's Scout simply refills face-up.
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-6-command");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["sides"][1]["slots"]["A"], json!([12]));
}

#[test]
fn decimum_starts_the_vandal_hand_three_smaller_and_does_not_refill_byzantine_doubled_slots() {
    let mut p = start("cc-medieval", &FILLERS);
    apply(&mut p, "scenario-decimum");
    apply(&mut p, "scenario-role-is-first");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["max_hand_size"], json!(2), "5 - 3");
    for slot in ["A", "B", "D"] {
        assert_eq!(v["sides"][0]["slots"][slot].as_array().unwrap().len(), 2, "slot {slot} doubled");
    }
    // Byzantine plays A's face-up card: A keeps its other card and is not refilled to two.
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-command");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["sides"][0]["slots"]["A"].as_array().unwrap().len(), 1);
    apply(&mut p, "end-turn");
    // The Vandal plays: refilled as normal, and its hand size grows by one.
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    let vandal_card = ids(&mut p).into_iter().find(|id| id.starts_with("play-")).unwrap();
    apply(&mut p, &vandal_card);
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["max_hand_size"], json!(3));
    assert!(
        v["sides"][1]["slots"]["A"].as_array().unwrap().len() == 1
            && v["sides"][1]["slots"]["B"].as_array().unwrap().len() == 1
    );
}

/// One turn of the active side: a roll whose face reaches a slot with cards, the first allowed play.
fn play_a_turn(p: &mut Protocol, side: usize) {
    let v = view(p);
    let has = |slot: &str| !v["sides"][side]["slots"][slot].as_array().unwrap().is_empty();
    let face = if has("A") || has("B") {
        "fate-4"
    } else if has("D") || has("E") {
        "fate-6"
    } else {
        "fate-5"
    };
    apply(p, "roll");
    apply(p, face);
    let play = ids(p).into_iter().find(|id| id.starts_with("play-")).unwrap_or_else(|| panic!("no play after {face}"));
    apply(p, &play);
    draw_lowest(p);
    apply(p, "end-turn");
}

fn cards_of(p: &mut Protocol, side: usize) -> usize {
    let v = view(p);
    ["A", "B", "C", "D", "E"].iter().map(|s| v["sides"][side]["slots"][s].as_array().unwrap().len()).sum()
}

#[test]
fn solachon_counts_eleven_byzantine_plays_and_refills_by_the_schedule() {
    let mut p = start("cc-medieval", &FILLERS);
    apply(&mut p, "scenario-solachon");
    apply(&mut p, "scenario-role-is-first");
    assert!(common::reminders(&mut p).contains("11 Byzantine card play(s) left"));
    let mut sizes = Vec::new();
    for _ in 0..11 {
        play_a_turn(&mut p, 0);
        sizes.push(cards_of(&mut p, 0));
        play_a_turn(&mut p, 1);
    }
    // Plays left after each turn: 10 and 9 refill; 8, 7, 6 do not; 5 refills; 4 to 1 refill and add
    // a card (A, B, D, E); 0 refills.
    assert_eq!(sizes, vec![5, 5, 4, 3, 2, 2, 3, 4, 5, 6, 6]);
    let v = view(&mut p);
    assert_eq!(v["markers"]["Solachon: Byzantine card plays left"], json!([0, 0]));
    assert!(common::reminders(&mut p).contains("no card plays left"));
    let now = ids(&mut p);
    assert!(!now.contains(&"roll".to_string()) && now.contains(&"pass".to_string()), "no more plays: {now:?}");
}

#[test]
fn medellin_gives_the_french_display_a_lasting_card_for_each_of_the_first_three_spanish_banners() {
    let mut p = with_scenario("cc-napoleonics", &FILLERS, "medellin", Some("second"));
    for slot in ["A", "B", "D"] {
        assert!(label_of(&mut p, "medellin-spanish-banner-lost").contains(&format!("slot {slot}")));
        apply(&mut p, "medellin-spanish-banner-lost");
        draw_lowest(&mut p);
        assert_eq!(view(&mut p)["sides"][1]["slots"][slot].as_array().unwrap().len(), 2, "{slot}");
    }
    assert!(!ids(&mut p).contains(&"medellin-spanish-banner-lost".to_string()), "three at most");
    // The extra cards stay: an Infantry Square evening out the hands keeps them.
    apply(&mut p, "form-square-0");
    apply(&mut p, "d6-1");
    draw_lowest(&mut p);
    assert_eq!(cards_of(&mut p, 1), 8, "5 + 3 lasting cards");
}

#[test]
fn vitoria_decides_the_first_move_by_a_roll_for_each_side() {
    let mut p = with_scenario("cc-napoleonics", &FILLERS, "vitoria", Some("second"));
    assert_eq!(ids(&mut p), vec!["vitoria-roll-first"]);
    apply(&mut p, "vitoria-roll-first");
    assert!(label_of(&mut p, "fate-4").starts_with("Vitoria: First side's Fate Die shows 4"));
    apply(&mut p, "fate-4");
    apply(&mut p, "vitoria-roll-second");
    apply(&mut p, "fate-3"); // A, B or C: C turns face-up
    let now = ids(&mut p);
    assert_eq!(now, vec!["vitoria-pick-1", "vitoria-pick-2", "vitoria-no-order-card-first"]);
    apply(&mut p, "vitoria-pick-2");
    assert!(ids(&mut p).contains(&"vitoria-pick-8".to_string()), "the second side's C is in sight now");
    apply(&mut p, "vitoria-pick-8");
    // Both picked: the player says whose card orders fewer printed units.
    assert_eq!(ids(&mut p), vec!["vitoria-first-moves-first", "vitoria-second-moves-first"]);
    apply(&mut p, "vitoria-second-moves-first");
    let v = view(&mut p);
    assert_eq!(v["active"], json!(1));
    assert_eq!(v["fate_die"], json!(3));
    let plays: Vec<String> = ids(&mut p).into_iter().filter(|id| id.starts_with("play-")).collect();
    assert!(!plays.is_empty() && plays.iter().all(|id| id.starts_with("play-8-")), "the picked card first: {plays:?}");
}

#[test]
fn vitoria_gives_the_british_the_first_move_when_a_side_has_no_order_card() {
    let mut p = with_scenario("cc-napoleonics", &FILLERS, "vitoria", Some("second"));
    apply(&mut p, "vitoria-roll-first");
    apply(&mut p, "fate-4");
    apply(&mut p, "vitoria-roll-second");
    apply(&mut p, "fate-4");
    apply(&mut p, "vitoria-pick-1");
    apply(&mut p, "vitoria-no-order-card-second");
    let v = view(&mut p);
    assert_eq!(v["active"], json!(1), "the British move first");
    assert!(ids(&mut p).iter().any(|id| id.starts_with("play-6-")), "any card the roll allows");
}

#[test]
fn krasnoi_takes_a_random_russian_card_by_the_chart() {
    let mut p = with_scenario("cc-napoleonics", &FILLERS, "krasnoi", Some("first"));
    apply(&mut p, "krasnoi-random-card-loss");
    assert_eq!(label_of(&mut p, "d6-5"), "Random Card Selection roll: 5 → Order Two Units Center in slot B");
    apply(&mut p, "d6-5"); // two face-up cards (A1, B2): 4-6 is B
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([2]));
    assert_eq!(v["sides"][0]["slots"]["B"], json!([null]), "replaced face-down");
}

#[test]
fn zehdenick_gives_the_first_move_to_the_side_with_more_sabres() {
    let mut p = with_scenario("cc-napoleonics", &FILLERS, "zehdenick", None);
    apply(&mut p, "zehdenick-roll");
    // First side: one sabre (a 6); second side: none; then a tie is rolled again.
    assert!(label_of(&mut p, "fate-6").contains("die 1 of 4 shows 6: a sabre"));
    for face in ["fate-6", "fate-1", "fate-2", "fate-3", "fate-6", "fate-1", "fate-1", "fate-1"] {
        apply(&mut p, face);
    }
    assert_eq!(view(&mut p)["markers"]["Zehdenick: dice rolled"], json!([0, 0]), "a tie: rolled again");
    for face in ["fate-1", "fate-1", "fate-1", "fate-1", "fate-6", "fate-6", "fate-1", "fate-1"] {
        apply(&mut p, face);
    }
    let v = view(&mut p);
    assert_eq!(v["active"], json!(1));
    assert!(common::reminders(&mut p).contains("rolled more sabres (2 to 0)"));
    assert!(ids(&mut p).contains(&"roll".to_string()));
}

#[test]
fn raab_lets_the_austrian_scout_take_a_victory_banner() {
    let names = [FILLERS[0], "Scout", FILLERS[1], FILLERS[2], FILLERS[3]];
    let mut p = with_scenario("cc-napoleonics-epic", &names, "raab", Some("first"));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-command");
    draw_lowest(&mut p);
    assert!(label_of(&mut p, "scout-replacement-face-down").contains("Victory Banner"));
}

#[test]
fn the_scenario_option_sets_up_a_commands_and_colors_scenario() {
    let mut p = Protocol::new();
    let r =
        p.handle_line(&json!({"cmd": "new", "game": "cc-medieval", "options": {"scenario": "decimum"}}).to_string());
    assert_eq!(r["ok"], json!(true), "{r}");
    assert_eq!(ids(&mut p), vec!["scenario-role-is-first", "scenario-role-is-second"], "the role is the player's");
    assert!(label_of(&mut p, "scenario-role-is-second").contains("the Byzantine side is the Second side"));
    // Zehdenick needs no role: the dice are rolled at once and someone moves first.
    let mut q = Protocol::new();
    let r = q.handle_line(
        &json!({"cmd": "new", "game": "cc-napoleonics", "seed": 3, "options": {"scenario": "zehdenick"}}).to_string(),
    );
    assert_eq!(r["ok"], json!(true), "{r}");
    assert!(common::reminders(&mut q).contains("rolled more sabres"), "{}", common::reminders(&mut q));
    assert!(ids(&mut q).contains(&"roll".to_string()));
}

/// Napoleonics Epic Battles set up for La Grande Battles: the Commander in Chief displays hold
/// cards 1-10, the Corps Commander displays 11-20 (A and B face-up).
fn grande_battles() -> Protocol {
    let mut p = start("cc-napoleonics-epic", &FILLERS);
    apply(&mut p, "la-grande-battles");
    draw_lowest(&mut p);
    p
}

#[test]
fn la_grande_battles_deals_corps_displays_with_their_own_hand_sizes() {
    let mut p = grande_battles();
    let v = view(&mut p);
    assert_eq!(v["other_pair"]["front"], json!("Corps Commander"), "the Corps pair is set up first");
    assert_eq!(v["sides"][0]["slots"]["A"], json!([11]));
    assert_eq!(v["sides"][1]["slots"]["A"], json!([16]));
    assert_eq!(v["other_pair"]["sides"][0]["slots"]["A"], json!([1]));
    assert_eq!(
        ids(&mut p),
        vec![
            "corps-hand-size-up-first",
            "corps-hand-size-down-first",
            "corps-hand-size-up-second",
            "corps-hand-size-down-second",
            "corps-displays-ready"
        ]
    );
    // A bigger first Corps hand: the Variable Hand Size table adds a card to its slot A only.
    apply(&mut p, "corps-hand-size-up-first");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([11, null]));
    assert_eq!(v["sides"][0]["max_hand_size"], json!(6));
    assert_eq!(v["other_pair"]["sides"][0]["max_hand_size"], json!(5), "the Commander in Chief hand is apart");
    assert_eq!(v["other_pair"]["sides"][0]["slots"]["A"], json!([1]), "the Commander in Chief display is untouched");
    apply(&mut p, "corps-displays-ready");
    let v = view(&mut p);
    assert_eq!(v["other_pair"]["front"], json!("Commander in Chief"));
    assert_eq!(v["sides"][0]["slots"]["A"], json!([1]));
    assert!(ids(&mut p).contains(&"tactician-draw-first-left".to_string()), "Tactician cards per battlefield");
    assert!(!ids(&mut p).contains(&"scenario-raab".to_string()), "Raab is an EPIC scenario, not La Grande Battles");
}

#[test]
fn a_grande_battles_turn_rolls_for_the_commander_in_chief_then_for_the_corps() {
    let mut p = grande_battles();
    apply(&mut p, "corps-displays-ready");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-command");
    draw_lowest(&mut p);
    let now = ids(&mut p);
    assert!(now.contains(&"corps-commander-roll".to_string()) && !now.contains(&"end-turn".to_string()), "{now:?}");
    apply(&mut p, "corps-commander-roll");
    apply(&mut p, "fate-4");
    assert_eq!(view(&mut p)["other_pair"]["front"], json!("Corps Commander"));
    assert!(common::reminders(&mut p).contains("Corps Commander step"));
    apply(&mut p, "play-12-command");
    draw_lowest(&mut p);
    assert!(!ids(&mut p).contains(&"corps-commander-roll".to_string()), "one Corps roll a turn");
    apply(&mut p, "end-turn");
    let v = view(&mut p);
    assert_eq!(v["active"], json!(1));
    assert_eq!(
        v["other_pair"]["front"],
        json!("Commander in Chief"),
        "the next turn starts with the Commanders in Chief"
    );
    assert_eq!(v["decks"][0]["discard"], json!([1, 12]));
}

#[test]
fn an_infantry_square_during_the_corps_step_changes_the_commander_in_chief_display() {
    let mut p = grande_battles();
    apply(&mut p, "corps-displays-ready");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-command");
    draw_lowest(&mut p);
    apply(&mut p, "corps-commander-roll");
    apply(&mut p, "fate-4");
    // The second side defends in square: a random card of its Commander in Chief display goes.
    apply(&mut p, "form-square-1");
    apply(&mut p, "d6-1"); // its Commander in Chief cards A6 and B7: 1-3 is A
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["other_pair"]["front"], json!("Corps Commander"), "back to the Corps step");
    assert_eq!(v["other_pair"]["sides"][1]["max_hand_size"], json!(4));
    assert_eq!(v["sides"][1]["max_hand_size"], json!(5), "the Corps hand is unchanged");
    assert_eq!(v["other_pair"]["sides"][1]["slots"]["A"], json!([null]), "card 6 left; refilled face-down");
    assert_eq!(v["held"], json!([{"card": 6, "side": 1, "place": "Infantry Square track"}]));
    // The Commander in Chief first side now has the larger hand: its extra card is in slot A.
    assert_eq!(v["other_pair"]["sides"][0]["slots"]["A"].as_array().unwrap().len(), 2);
}

#[test]
fn the_courier_rack_takes_cards_from_the_deck_or_the_display_and_plays_one_a_grande_battles_turn() {
    let mut p = grande_battles();
    apply(&mut p, "corps-displays-ready");
    apply(&mut p, "courier-rack-deal-first");
    draw_lowest(&mut p);
    apply(&mut p, "courier-rack-from-display-2");
    draw_lowest(&mut p);
    let v = view(&mut p);
    let rack: Vec<u64> = v["held"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["place"] == json!("Courier Rack"))
        .filter_map(|h| h["card"].as_u64())
        .collect();
    assert_eq!(rack, vec![21, 2]);
    assert_eq!(v["sides"][0]["slots"]["B"], json!([null]), "the display card's slot refills face-down");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-command");
    draw_lowest(&mut p);
    apply(&mut p, "courier-rack-play-21");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("courier-rack-play-")), "one rack card a turn");
    assert_eq!(view(&mut p)["decks"][0]["discard"], json!([1, 21]));
}

#[test]
fn outside_la_grande_battles_the_courier_rack_is_played_at_the_players_discretion() {
    let mut p = start("cc-napoleonics-epic", &FILLERS);
    apply(&mut p, "courier-rack-deal-first");
    draw_lowest(&mut p);
    apply(&mut p, "courier-rack-deal-first");
    draw_lowest(&mut p);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "courier-rack-play-11");
    apply(&mut p, "courier-rack-play-12");
    assert_eq!(view(&mut p)["decks"][0]["discard"], json!([11, 12]));
    assert!(!ids(&mut p).contains(&"la-grande-battles".to_string()), "chosen at the first decision only");
}

#[test]
fn vitoria_binds_only_the_first_movers_first_play() {
    let mut p = with_scenario("cc-napoleonics", &FILLERS, "vitoria", Some("second"));
    apply(&mut p, "vitoria-roll-first");
    apply(&mut p, "fate-4");
    apply(&mut p, "vitoria-roll-second");
    apply(&mut p, "fate-4");
    apply(&mut p, "vitoria-pick-1");
    apply(&mut p, "vitoria-pick-6");
    apply(&mut p, "vitoria-first-moves-first");
    let now = ids(&mut p);
    assert!(now.iter().filter(|id| id.starts_with("play-")).all(|id| id.starts_with("play-1-")), "{now:?}");
    assert!(!now.contains(&"pass".to_string()) && !now.contains(&"reroll".to_string()), "{now:?}");
    apply(&mut p, "play-1-command");
    draw_lowest(&mut p);
    apply(&mut p, "end-turn");
    // The other side plays as usual.
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    let plays: Vec<String> = ids(&mut p).into_iter().filter(|id| id.starts_with("play-")).collect();
    assert!(plays.iter().any(|id| id.starts_with("play-6-")) && plays.iter().any(|id| id.starts_with("play-7-")));
}

#[test]
fn solachon_extra_cards_stay_face_down_after_a_scout() {
    // Every card is a Scout: each play's own replacement may come face-up, never the added card.
    let cards = json!([{"name": "Scout", "copies": 60}]);
    let mut p = common::start("cc-medieval", json!({"manifest": {"game": "cc-medieval", "cards": cards}}));
    apply(&mut p, "scenario-solachon");
    apply(&mut p, "scenario-role-is-first");
    for turn in 0..14 {
        let side = turn % 2;
        let v = view(&mut p);
        let has = |slot: &str| !v["sides"][side]["slots"][slot].as_array().unwrap().is_empty();
        let face = if has("A") || has("B") {
            "fate-4"
        } else if has("D") || has("E") {
            "fate-6"
        } else {
            "fate-5"
        };
        apply(&mut p, "roll");
        apply(&mut p, face);
        let play = ids(&mut p).into_iter().find(|id| id.starts_with("play-")).unwrap();
        apply(&mut p, &play);
        draw_lowest(&mut p);
        if ids(&mut p).contains(&"scout-replacement-face-down".to_string()) {
            apply(&mut p, "scout-replacement-face-down");
        }
        apply(&mut p, "end-turn");
    }
    // Seven Byzantine plays: 4 left, so slot A got its added card, face-down.
    let v = view(&mut p);
    assert_eq!(v["markers"]["Solachon: Byzantine card plays left"], json!([4, 0]));
    let a = v["sides"][0]["slots"]["A"].as_array().unwrap().clone();
    assert_eq!(a.last(), Some(&json!(null)), "the added card is face-down: {a:?}");
}

#[test]
fn counter_attack_copies_belong_to_the_epic_sheets() {
    let names = ["Counter-attack", FILLERS[0], FILLERS[1], FILLERS[2], FILLERS[3]];
    let mut p = start("cc-medieval", &names);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-command");
    draw_lowest(&mut p);
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("counter-attack-")));
}

#[test]
fn inspired_field_general_with_order_one_unit_refills_the_copys_slot_face_up() {
    let mut p = epic_ancients_with_two_copies_of("Order One Unit Right");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-field-command");
    draw_lowest(&mut p);
    apply(&mut p, "inspired-field-general-2");
    apply(&mut p, "end-turn");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([11]));
    assert_eq!(v["sides"][0]["slots"]["B"], json!([12]));
}

#[test]
fn a_decimum_byzantine_reaction_from_a_doubled_slot_is_not_refilled_to_two() {
    let names = ["First Strike", FILLERS[0], FILLERS[1], FILLERS[2], FILLERS[3]];
    let mut p = start("cc-medieval", &names);
    apply(&mut p, "scenario-decimum");
    apply(&mut p, "scenario-role-is-first");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["sides"][0]["slots"]["A"].as_array().unwrap().len(), 2);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-command");
    draw_lowest(&mut p);
    apply(&mut p, "end-turn");
    apply(&mut p, "reaction-1");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["sides"][0]["slots"]["A"].as_array().unwrap().len(), 1);
}

#[test]
fn lowering_a_corps_hand_during_setup_takes_its_extra_card_back() {
    let mut p = grande_battles();
    apply(&mut p, "corps-hand-size-up-first");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["sides"][0]["slots"]["A"].as_array().unwrap().len(), 2);
    let deck = view(&mut p)["decks"][0]["cards"].as_u64().unwrap();
    apply(&mut p, "corps-hand-size-down-first");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([11]));
    assert_eq!(v["decks"][0]["cards"].as_u64().unwrap(), deck + 1, "back into the deck");
}

#[test]
fn solachon_says_when_the_hands_are_not_set_up_as_the_sheet_asks() {
    let mut p = start("cc-medieval", &FILLERS);
    apply(&mut p, "scenario-solachon");
    assert!(common::reminders(&mut p).contains("say which side is the Byzantine"));
    apply(&mut p, "scenario-role-is-first");
    assert!(common::reminders(&mut p).contains("difference of 4 or more"));
    for _ in 0..4 {
        apply(&mut p, "max-hand-size-up");
        draw_lowest(&mut p);
    }
    let r = common::reminders(&mut p);
    assert!(!r.contains("difference of 4 or more") && r.contains("11 Byzantine card play(s) left"), "{r}");
}

#[test]
fn epic_ancients_replacements_come_at_the_turns_end_so_none_is_played_the_turn_it_arrives() {
    let names = ["Order One Unit Left", FILLERS[1], FILLERS[0], FILLERS[2], FILLERS[3]];
    let mut p = start("cc-epic-ancients", &names);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4"); // A or B
    apply(&mut p, "play-1-field-command");
    let now = ids(&mut p);
    assert!(!now.iter().any(|id| id.starts_with("draw-")), "no card is drawn yet: {now:?}");
    assert!(now.contains(&"play-2-field-command".to_string()), "B (the center) is still allowed");
    apply(&mut p, "play-2-field-command");
    apply(&mut p, "end-turn");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([11]), "the Order One Unit's vacancy filled face-up");
    assert_eq!(v["sides"][0]["slots"]["B"], json!([null]), "the other face-down");
}

#[test]
fn an_epic_ancients_dig_leaves_slot_a_empty_until_the_turns_end() {
    let mut p = start("cc-epic-ancients", &FILLERS);
    apply(&mut p, "roll");
    apply(&mut p, "fate-5"); // C, D or E: all turned up; this test digs instead
    apply(&mut p, "dig");
    draw_lowest(&mut p); // card 11 is turned from the deck
    let now = ids(&mut p);
    assert!(!now.iter().any(|id| id.ends_with("-reaction")), "no Reaction for the active side's dig: {now:?}");
    let play = now.into_iter().find(|id| id.starts_with("dig-play-11-")).unwrap();
    apply(&mut p, &play);
    assert_eq!(view(&mut p)["sides"][0]["slots"]["A"], json!([]));
    apply(&mut p, "end-turn");
    draw_lowest(&mut p);
    // Filled face-down at the end; the player may turn it up as the single play's card.
    assert_eq!(view(&mut p)["sides"][0]["slots"]["A"], json!([null]));
    apply(&mut p, "single-play-turn-up-A-0");
    assert_eq!(view(&mut p)["sides"][0]["slots"]["A"], json!([12]));
}

#[test]
fn epic_ancients_activates_each_section_once_a_turn() {
    // A and B: Order One Unit Left and Order Two Units Left; C: a center card.
    let names = ["Order One Unit Left", "Order Two Units Left", FILLERS[1], FILLERS[2], FILLERS[3]];
    let mut p = start("cc-epic-ancients", &names);
    apply(&mut p, "roll");
    apply(&mut p, "fate-3"); // A, B or C
    apply(&mut p, "play-1-field-command");
    let now = ids(&mut p);
    assert!(!now.contains(&"play-2-field-command".to_string()), "the left section is activated: {now:?}");
    assert!(now.contains(&"play-3-field-command".to_string()), "the center is not: {now:?}");
}

#[test]
fn a_reshuffle_mid_turn_leaves_the_turns_vacancies_to_its_end_and_keeps_an_order_one_units_face_up_card() {
    let names = ["Order One Unit Left", "I Am Spartacus", FILLERS[1], FILLERS[2], FILLERS[3]];
    let mut p = start("cc-epic-ancients", &names);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4"); // A or B
    apply(&mut p, "play-1-field-command");
    apply(&mut p, "play-2-field-command"); // I Am Spartacus: the reshuffle
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!((v["sides"][0]["slots"]["A"].clone(), v["sides"][0]["slots"]["B"].clone()), (json!([]), json!([])));
    apply(&mut p, "end-turn");
    draw_lowest(&mut p);
    let a = view(&mut p)["sides"][0]["slots"]["A"].clone();
    assert!(a[0].is_number(), "the Order One Unit's vacancy is filled face-up: {a}");
}

#[test]
fn a_named_section_card_may_pair_with_an_unnamed_copy_for_inspired_field_general() {
    // The manifest names card 1 only; card 2 in B is anonymous: the player says it is a copy.
    let cards = json!([{"name": "Order Two Units Left"}]);
    let mut p = common::start("cc-epic-ancients", json!({"manifest": {"game": "cc-epic-ancients", "cards": cards}}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-field-command");
    assert!(ids(&mut p).contains(&"inspired-field-general-2".to_string()));
}

#[test]
fn lowest_order_count_a_manifest_tactic_card_never_competes_on_face_1() {
    let cards = json!([
        {"name": "Counter-attack", "order": "tactic"},
        {"name": "Order Two Units Left", "order": "section"},
        {"name": "Order Two Units Center", "order": "section"},
    ]);
    let mut p = common::start("cc-napoleonics", json!({"manifest": {"game": "cc-napoleonics", "cards": cards}}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-1");
    // Only B, the order card, is asked about; the Tactic card in A has no order count.
    let asked: Vec<String> = ids(&mut p).into_iter().filter(|id| id.starts_with("describe-")).collect();
    assert!(asked.iter().all(|id| id.starts_with("describe-2-")), "{asked:?}");
    apply(&mut p, "describe-2-v4");
    let plays: Vec<String> = ids(&mut p).into_iter().filter(|id| id.starts_with("play-")).collect();
    assert!(plays.iter().all(|id| !id.starts_with("play-1-")), "{plays:?}");
    assert!(plays.contains(&"play-2-command".to_string()) && plays.contains(&"play-3-command".to_string()));
}

#[test]
fn reaction_is_never_offered_to_the_active_side_for_its_own_play() {
    for game in ["cc-epic-ancients", "cc-medieval", "cc-napoleonics", "cc-napoleonics-epic"] {
        let mut p = start(game, &FILLERS);
        apply(&mut p, "roll");
        apply(&mut p, "fate-3");
        let now = ids(&mut p);
        assert!(now.iter().any(|id| id.starts_with("play-1-")), "{game}: A is playable: {now:?}");
        assert!(!now.iter().any(|id| id.starts_with("play-") && id.ends_with("-reaction")), "{game}: {now:?}");
    }
}

#[test]
fn occasional_decisions_are_table_tools_so_each_first_screen_stays_short() {
    for game in ["cc-epic-ancients", "cc-medieval", "cc-napoleonics", "cc-napoleonics-epic"] {
        let mut p = common::start(game, json!({"manifest": common::shipped_manifest(game)}));
        let first = common::non_tool_ids(&mut p);
        assert!(first.len() <= 10, "{game}: {first:?}");
        assert!(!first.iter().any(|id| id.starts_with("form-square") || id.starts_with("tactician-draw")));
        assert!(!first.iter().any(|id| id.starts_with("gain-inspired") || id.starts_with("courier-rack-deal")));
        apply(&mut p, "roll");
        apply(&mut p, "fate-3");
        let after_roll = common::non_tool_ids(&mut p);
        assert!(after_roll.len() <= 10, "{game}: {after_roll:?}");
    }
    // Still offered, behind the tools entry.
    let mut p = start("cc-napoleonics", &FILLERS);
    assert!(offers(&mut p, "form-square-0"));
}

/// An Epic Ancients table whose first side holds two cards in A (hand sizes 6 and 5), fielding
/// `nations` nations a side.
fn epic_with_nations(names: &[&str], nations: u8) -> Protocol {
    let cards: Vec<Value> = names.iter().map(|n| json!({"name": n})).collect();
    let manifest = json!({"game": "cc-epic-ancients", "cards": cards});
    common::start("cc-epic-ancients", json!({"manifest": manifest, "hand_size": [6, 5], "nations": nations}))
}

#[test]
fn epic_ancients_play_cards_field_command_limits_are_per_nation() {
    let names = [
        "Order Two Units Left",
        "Order Three Units Left",
        "Order Two Units Center",
        "Order Two Units Right",
        "Order Three Units Center",
        "Order Three Units Right",
    ];
    let plays = |p: &mut Protocol| -> Vec<String> {
        ids(p).into_iter().filter(|id| id.starts_with("play-") && id.ends_with("-field-command")).collect()
    };
    for nations in [1u8, 2] {
        let mut p = epic_with_nations(&names, nations);
        apply(&mut p, "roll");
        apply(&mut p, "fate-3"); // A (two cards), B and C
        let mut played = 0;
        while let Some(play) = plays(&mut p).into_iter().next() {
            apply(&mut p, &play);
            played += 1;
        }
        // One nation: three Field Commands, each section once (A's two Left cards count as one
        // section). Two nations: each section twice, so all four cards.
        let expected = if nations == 1 { 3 } else { 4 };
        assert_eq!(played, expected, "{nations} nation(s)");
    }
}

#[test]
fn epic_ancients_nations_option_is_checked() {
    let mut p = Protocol::new();
    let r = p.handle_line(&json!({"cmd": "new", "game": "cc-epic-ancients", "options": {"nations": 0}}).to_string());
    assert_eq!(r["ok"], json!(false));
    assert!(r.to_string().contains("nations"), "{r}");
}

#[test]
fn infantry_square_with_hands_back_at_parity_the_extra_card_refills_the_next_empty_slot() {
    for game in ["cc-napoleonics", "cc-napoleonics-epic"] {
        let mut p = start(game, &FILLERS);
        // The second side forms a square, so the first side takes an extra face-down card in A;
        // then the square dissolves and the hands are even again.
        apply(&mut p, "form-square-1");
        apply(&mut p, "d6-2");
        draw_lowest(&mut p);
        assert_eq!(view(&mut p)["sides"][0]["slots"]["A"], json!([1, null]), "{game}");
        apply(&mut p, "dissolve-square-1");
        apply(&mut p, "roll");
        apply(&mut p, "fate-6"); // D or E: A's extra card stays face-down
        apply(&mut p, "play-4-command");
        assert!(!ids(&mut p).iter().any(|id| id.starts_with("draw-")), "{game}: no draw for D");
        let v = view(&mut p);
        assert_eq!(v["sides"][0]["slots"]["A"], json!([1]), "{game}");
        assert_eq!(v["sides"][0]["slots"]["D"], json!([null]), "{game}: A's extra card, still face-down");
    }
}

#[test]
fn infantry_square_second_roll_counts_face_down_cards_of_the_selected_slot() {
    let mut p = start("cc-napoleonics", &FILLERS);
    // The second side forms a square: its larger hand is now the first side's, whose A holds a
    // face-up and a face-down card. Then the first side forms one too.
    apply(&mut p, "form-square-1");
    apply(&mut p, "d6-2");
    draw_lowest(&mut p);
    apply(&mut p, "form-square-0");
    apply(&mut p, "d6-1"); // slots A and B are face-up: 1-3 is A
    // A holds two cards, one of them face-down: a second roll picks among both.
    let second: Vec<(String, String)> =
        common::legal(&mut p).into_iter().filter(|(id, _)| id.starts_with("d6-")).collect();
    assert_eq!(second.len(), 6, "a second roll: {second:?}");
    let (_, label) = second.iter().find(|(id, _)| id == "d6-6").unwrap();
    assert!(label.contains("face-down card number 2 of slot A"), "the hidden card is not named: {label}");
    apply(&mut p, "d6-6");
    draw_lowest(&mut p);
    let v = view(&mut p);
    let track: Vec<&Value> =
        v["held"].as_array().unwrap().iter().filter(|h| h["place"] == json!("Infantry Square track")).collect();
    assert_eq!(track.len(), 2);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([1]), "the face-down card went to the track");
}

#[test]
fn unplayable_results_no_c_and_c_turn_ends_without_a_play_but_manoeuvre_may_pass() {
    for game in ["cc-epic-ancients", "cc-medieval", "cc-napoleonics", "cc-napoleonics-epic"] {
        let mut p = start(game, &FILLERS);
        apply(&mut p, "roll");
        apply(&mut p, "fate-4");
        let now = ids(&mut p);
        assert!(!now.contains(&"pass".to_string()), "{game}: {now:?}");
        assert!(now.contains(&"reroll".to_string()), "{game}: nothing playable is rolled again");
    }
    let mut p = common::start("manoeuvre-table", json!({}));
    apply(&mut p, "roll");
    draw_lowest(&mut p);
    apply(&mut p, "fate-4");
    draw_lowest(&mut p);
    assert!(offers(&mut p, "pass"), "Manoeuvre: a side may play no card (and move one instead)");
}
