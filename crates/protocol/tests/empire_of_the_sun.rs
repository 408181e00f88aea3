//! Empire of the Sun's special rules, each driven through the protocol with manual chance (every draw
//! takes the lowest-numbered card) and the sheet-cards manifest, and checked on the observation.
//!
//! With the manifest the Japanese deck starts #3 Col. Tsuji (card 1), #17 Savo Island (2), #33
//! Imperial Intervention (3), #43 Tojo Resigns (4), #47 VADM Kondo (5), #59 Central Force (6), #67
//! (7), #68 (8); the Allied deck #4 Arcadia Conference (61), #30 Sandcrab-Cottage (62), #52 (63),
//! #60 20th Bomber Command (64), #67 (65), #72 Halsey (66), #79 Soviets Invade Manchuria (67).
//! The deal gives Japan A1 B2 (face-up) D3 E4 (face-down) and the Allies A61 B62 D63 E64.

#![allow(clippy::unwrap_used)] // helpers of tests: a failed unwrap is a failed test

mod common;

use common::{apply_and_draw as apply, ask, draw_lowest, ids, offers, reminders, sheet_cards_manifest, view};
use protocol::Protocol;
use serde_json::{Value, json};

fn start() -> Protocol {
    common::start("empire-of-the-sun", json!({"manifest": sheet_cards_manifest("empire-of-the-sun")}))
}

fn held(v: &Value) -> Vec<(u64, String)> {
    v["held"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["card"].as_u64().unwrap(), h["place"].as_str().unwrap().to_string()))
        .collect()
}

/// Japan plays card 1 (slot A) for operations on a 4, and ends its turn.
fn japan_plays_a(p: &mut Protocol) {
    apply(p, "roll");
    apply(p, "fate-4");
    apply(p, "play-1-operations");
    apply(p, "end-turn");
}

#[test]
fn hand_sizes_of_four_to_seven_are_set_on_cards_remaining_for_each_side() {
    let mut p = start();
    let now = ids(&mut p);
    for side in ["japan", "allies"] {
        for n in 4..=6 {
            assert!(now.contains(&format!("eots-hand-size-{side}-{n}")), "{now:?}");
        }
        assert!(!now.contains(&format!("eots-hand-size-{side}-7")), "already 7");
    }
    assert!(!now.iter().any(|id| id.starts_with("max-hand-size")), "no Max Hand Size marker");
    assert!(reminders(&mut p).contains("4.14"));
    apply(&mut p, "eots-hand-size-allies-5");
    apply(&mut p, "eots-hand-size-japan-4");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(4));
    assert_eq!(v["sides"][1]["cards_remaining"], json!(5));
    assert_eq!(v["sides"][0]["max_hand_size"], json!(null));
}

#[test]
fn the_historical_variant_places_arcadia_conference_and_the_japanese_opening_hand() {
    let mut p = start();
    // Arcadia Conference (61) was face-up in the Allies' A: A refills face-down first, then the
    // card goes on top of the deck.
    apply(&mut p, "eots-historical-arcadia-conference");
    let v = view(&mut p);
    assert_eq!(v["decks"][1]["face_up_top"], json!(61));
    assert_eq!(v["sides"][1]["slots"]["A"], json!([null]));
    assert!(!offers(&mut p, "eots-historical-arcadia-conference"), "done");

    apply(&mut p, "eots-historical-japanese-opening");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([1]), "Col. Tsuji");
    assert_eq!(v["sides"][0]["slots"]["B"], json!([6]), "Central Force");
    assert_eq!(v["decks"][0]["face_up_top"], json!(5), "VADM Kondo");
    assert_eq!(v["decks"][0]["cards"], json!(56), "Savo Island went back: 60 less A, B, D, E (the top counts)");
    assert!(!offers(&mut p, "eots-historical-japanese-opening"));
}

#[test]
fn the_1942_and_south_pacific_setups_put_a_card_face_up_on_the_japanese_deck() {
    let mut p = start();
    apply(&mut p, "eots-1942-kondo-on-deck");
    assert_eq!(view(&mut p)["decks"][0]["face_up_top"], json!(5));
    assert!(!offers(&mut p, "eots-1942-kondo-on-deck"));
    assert!(!offers(&mut p, "eots-south-pacific-savo-on-deck"), "one scenario's setup a table");
    assert!(!reminders(&mut p).contains("Plan Orange uses its own decks"));
    // Savo Island (2) lies face-up in B: it leaves B (refilled face-down) and goes on top.
    let mut p = start();
    apply(&mut p, "eots-south-pacific-savo-on-deck");
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["face_up_top"], json!(2));
    assert_eq!(v["sides"][0]["slots"]["B"], json!([null]));
    assert!(!offers(&mut p, "eots-1942-kondo-on-deck"));
}

#[test]
fn plan_orange_sets_cards_remaining_one_and_two_and_the_allies_go_first() {
    let mut p = start();
    assert!(reminders(&mut p).contains("Plan Orange"));
    apply(&mut p, "eots-plan-orange");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(1));
    assert_eq!(v["sides"][1]["cards_remaining"], json!(2));
    assert_eq!(v["active"], json!(1));
    assert!(!offers(&mut p, "eots-plan-orange"));
}

#[test]
fn burma_takes_a_japanese_future_offensive_and_sets_cards_remaining_three() {
    let mut p = start();
    // The first screen names Burma once; its candidates are a question of their own.
    assert!(!offers(&mut p, "eots-burma-fo-1"));
    apply(&mut p, "eots-burma");
    let now = ids(&mut p);
    // #3 is the only Burma event number the sheet-cards manifest names; any unseen card will also do.
    assert!(now.iter().all(|id| id.starts_with("eots-burma-fo-")), "nothing else until it is answered: {now:?}");
    assert!(now.contains(&"eots-burma-fo-1".to_string()), "{now:?}");
    assert!(now.contains(&"eots-burma-fo-unseen".to_string()));
    apply(&mut p, "eots-burma-fo-unseen");
    let v = view(&mut p);
    assert_eq!(held(&v), vec![(9, "Future Offensive".to_string())], "the lowest unnamed card of the deck");
    assert_eq!(v["sides"][0]["cards_remaining"], json!(3));
    assert!(!offers(&mut p, "eots-burma-fo-1"), "one Future Offensive chosen");
}

#[test]
fn a_pass_uses_a_pass_marker_and_keeps_cards_remaining() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!offers(&mut p, "eots-pass"), "no pass marker yet");
    let mut p = start();
    apply(&mut p, "eots-passes-japan-up");
    assert!(!offers(&mut p, "eots-pass"), "only after the roll");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(reminders(&mut p).contains("pass"));
    apply(&mut p, "eots-pass");
    let v = view(&mut p);
    assert_eq!(v["active"], json!(1));
    assert_eq!(v["sides"][0]["cards_remaining"], json!(7));
    assert_eq!(v["markers"]["passes"], json!([0, 0]));
}

#[test]
fn a_future_offensive_is_designated_then_played_on_a_c_roll_without_a_card_remaining() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-future-offensive");
    let v = view(&mut p);
    assert_eq!(held(&v), vec![(1, "Future Offensive".to_string())]);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(6));
    assert_eq!(v["sides"][0]["slots"]["A"], json!([null]), "slot A refilled");
    assert_eq!(v["decks"][0]["discard"], json!([]));
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-61-operations");
    apply(&mut p, "end-turn");
    // A 4 does not name C; a 3 does.
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!offers(&mut p, "eots-fo-play-1-operations"));
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-future-offensive");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-61-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-3");
    assert!(reminders(&mut p).contains("Future Offensive may be played"));
    apply(&mut p, "eots-fo-play-1-operations");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(6), "unchanged by the Future Offensive");
    assert_eq!(v["decks"][0]["discard"], json!([1]));
    let now = ids(&mut p);
    assert!(now.contains(&"end-turn".to_string()));
    assert!(!now.iter().any(|id| id.starts_with("play-")), "the turn's only play: {now:?}");
}

#[test]
fn a_future_offensive_serves_in_reaction_and_to_win_initiative_without_a_card_remaining() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-future-offensive");
    apply(&mut p, "end-turn");
    // The Allies are active; Japan holds its Future Offensive.
    let now = ids(&mut p);
    assert!(now.contains(&"eots-fo-reaction-1".to_string()), "{now:?}");
    assert!(now.contains(&"eots-fo-initiative-1".to_string()));
    assert!(reminders(&mut p).contains("win initiative"));
    apply(&mut p, "eots-fo-reaction-1");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(6));
    assert_eq!(v["decks"][0]["discard"], json!([1]));
    assert!(held(&v).is_empty());
    // If its event said "draw one strategy card", a Future Offensive gains a card remaining.
    apply(&mut p, "eots-draw-one-card-japan");
    assert_eq!(view(&mut p)["sides"][0]["cards_remaining"], json!(7));
}

#[test]
fn the_inactive_side_reacts_with_a_face_up_card_for_one_card_remaining() {
    let mut p = start();
    japan_plays_a(&mut p);
    // The Allies are active; Japan's face-up card 2 (slot B) is a Reaction card.
    assert!(reminders(&mut p).contains("react"));
    apply(&mut p, "eots-reaction-2");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(5), "7, 6 after its play, 5 after the reaction");
    assert_eq!(v["sides"][0]["slots"]["B"], json!([null]), "refilled face-down");
    assert_eq!(v["decks"][0]["discard"], json!([1, 2]));
    // A reaction whose event draws a strategy card costs nothing.
    assert!(reminders(&mut p).contains("draw one strategy card"));
    apply(&mut p, "eots-draw-one-card-japan");
    assert_eq!(view(&mut p)["sides"][0]["cards_remaining"], json!(6));
    assert!(!offers(&mut p, "eots-draw-one-card-japan"), "once per card");
}

#[test]
fn a_draw_one_strategy_card_event_keeps_cards_remaining() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-event");
    assert_eq!(view(&mut p)["sides"][0]["cards_remaining"], json!(6));
    apply(&mut p, "eots-draw-one-card-japan");
    assert_eq!(view(&mut p)["sides"][0]["cards_remaining"], json!(7));
    apply(&mut p, "end-turn");
    assert!(!offers(&mut p, "eots-draw-one-card-japan"), "forgotten at the end of the turn");
}

#[test]
fn a_face_up_mandatory_card_holds_back_a_card_remaining_and_is_played_without_rolling_at_one() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-6"); // D and E turn up: card 4 is Tojo Resigns
    assert!(offers(&mut p, "eots-mandatory-4"));
    apply(&mut p, "eots-mandatory-4");
    assert!(reminders(&mut p).contains("Mandatory"));
    apply(&mut p, "play-3-operations");
    apply(&mut p, "end-turn");
    // Japan is inactive with 6 cards remaining and a Mandatory card: it may react.
    assert!(offers(&mut p, "eots-reaction-1"));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-61-operations");
    apply(&mut p, "end-turn");
    for _ in 0..4 {
        apply(&mut p, "cards-remaining-down");
    }
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-operations");
    apply(&mut p, "end-turn");
    // One card left: reactions may not spend it while Tojo Resigns waits face-up.
    assert_eq!(view(&mut p)["sides"][0]["cards_remaining"], json!(1));
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("eots-reaction-")));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-65-operations"); // A was refilled with card 65
    apply(&mut p, "end-turn");
    // Japan's turn with one card left: no roll, the Mandatory card is played.
    let now = ids(&mut p);
    assert!(!now.contains(&"roll".to_string()), "{now:?}");
    assert!(now.contains(&"eots-mandatory-play-4-event".to_string()));
    apply(&mut p, "eots-mandatory-play-4-operations");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(0));
    assert_eq!(v["markers"]["reshuffle due"], json!([1, 0]), "played for OC: a reshuffle is due");
    assert!(offers(&mut p, "end-turn"));
}

#[test]
fn tojo_resigns_forces_a_reshuffle_that_keeps_the_face_up_top_card() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    apply(&mut p, "play-4-operations"); // Tojo Resigns for OC
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-61-operations");
    apply(&mut p, "end-turn");
    // Japan turns its deck's top card face-up on a 3 and plays nothing.
    apply(&mut p, "eots-passes-japan-up");
    apply(&mut p, "roll");
    apply(&mut p, "fate-3");
    apply(&mut p, "eots-pass");
    let v = view(&mut p);
    let top = v["decks"][0]["face_up_top"].clone();
    assert!(top.is_u64());
    assert!(reminders(&mut p).contains("reshuffled"));
    apply(&mut p, "eots-mandatory-reshuffle-japan");
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["face_up_top"], top, "the face-up card is back on top");
    assert_eq!(v["decks"][0]["discard"], json!([]), "Tojo Resigns and the discards are in the deck");
    assert_eq!(v["sides"][0]["slots"]["A"], json!([1]), "face-up cards stay");
    assert_eq!(v["sides"][0]["slots"]["D"], json!([3]), "turned up by the 6, still face-up");
    assert_eq!(v["sides"][0]["slots"]["E"], json!([null]), "its face-down card went into the deck; refilled");
    assert_eq!(v["decks"][0]["cards"], json!(56), "60 cards, 4 in slots A, B, D, E");
    assert_eq!(v["markers"]["reshuffle due"], json!([0, 0]));
}

#[test]
fn sandcrab_cottage_can_be_discarded_as_a_play_at_any_time() {
    let mut p = start();
    // During Japan's turn.
    apply(&mut p, "eots-sandcrab-discard-62");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["cards_remaining"], json!(6));
    assert_eq!(v["decks"][1]["discard"], json!([62]));
    assert_eq!(v["sides"][1]["slots"]["B"], json!([null]));
    assert_eq!(v["active"], json!(0), "Japan's turn goes on");
    assert!(offers(&mut p, "roll"));
    // During the Allies' own turn it is their play.
    let mut p = start();
    japan_plays_a(&mut p);
    assert!(reminders(&mut p).contains("Sandcrab"));
    apply(&mut p, "eots-sandcrab-discard-62");
    let now = ids(&mut p);
    assert!(now.contains(&"end-turn".to_string()));
    assert!(!now.contains(&"roll".to_string()), "{now:?}");
}

#[test]
fn imperial_intervention_swaps_a_face_up_card_with_one_from_the_discards() {
    let mut p = start();
    // With only the event itself in the discards there is nothing to swap with.
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    apply(&mut p, "play-3-event"); // #33 Imperial Intervention
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("eots-swap")));
    // Another table: card 1 goes to the discards first.
    let mut p = start();
    japan_plays_a(&mut p);
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-61-operations");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    apply(&mut p, "play-3-event");
    let now = ids(&mut p);
    assert!(now.contains(&"eots-swap-out-2".to_string()), "{now:?}");
    assert!(reminders(&mut p).contains("swap"));
    apply(&mut p, "eots-swap-out-2");
    assert!(!offers(&mut p, "eots-swap-in-3"), "the event card does not take itself back");
    apply(&mut p, "eots-swap-in-1");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["B"], json!([1]));
    assert_eq!(v["decks"][0]["discard"], json!([3, 2]));
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("eots-swap")), "one swap");
}

#[test]
fn twentieth_bomber_command_costs_japan_a_card_remaining() {
    let mut p = start();
    japan_plays_a(&mut p);
    apply(&mut p, "roll");
    apply(&mut p, "fate-6"); // E holds card 64, #60 20th Bomber Command
    apply(&mut p, "play-64-event");
    assert!(reminders(&mut p).contains("Japan loses"));
    apply(&mut p, "eots-japan-loses-a-card");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(5));
    assert!(!offers(&mut p, "eots-japan-loses-a-card"));
}

#[test]
fn without_a_manifest_the_setups_are_not_offered_and_the_reminders_say_so() {
    let mut p = Protocol::new();
    ask(&mut p, json!({"cmd": "new", "game": "empire-of-the-sun", "options": {"chance": "manual"}}));
    draw_lowest(&mut p);
    let now = ids(&mut p);
    assert!(!now.iter().any(|id| id.starts_with("eots-historical") || id.contains("on-deck")), "{now:?}");
    assert!(now.contains(&"eots-plan-orange".to_string()));
    assert!(reminders(&mut p).contains("Without a deck manifest"));
}

fn new_with(p: &mut Protocol, options: Value) -> Value {
    p.handle_line(&json!({"cmd": "new", "game": "empire-of-the-sun", "seed": 11, "options": options}).to_string())
}

#[test]
fn the_scenario_option_makes_the_historical_setup_whatever_the_deal() {
    let manifest = common::sheet_cards_manifest("empire-of-the-sun");
    // Across deals Arcadia Conference (61) starts in the deck or face-up in a slot; either way it
    // ends face-up on the Allied deck and out of the display.
    for seed in 0..12u64 {
        let mut p = Protocol::new();
        let r = p.handle_line(
            &json!({"cmd": "new", "game": "empire-of-the-sun", "seed": seed,
                    "options": {"manifest": manifest, "scenario": "historical"}})
            .to_string(),
        );
        assert_eq!(r["ok"], json!(true), "{r}");
        let v = view(&mut p);
        assert_eq!(v["decks"][1]["face_up_top"], json!(61), "seed {seed}");
        assert!(!v["sides"][1]["slots"].to_string().contains("61"), "seed {seed}: {}", v["sides"][1]);
        assert_eq!(v["sides"][0]["slots"]["A"], json!([1]), "Col. Tsuji");
        assert_eq!(v["sides"][0]["slots"]["B"], json!([6]), "Central Force");
        assert_eq!(v["decks"][0]["face_up_top"], json!(5), "VADM Kondo");
        assert_eq!(v["turn"], json!(1));
        assert!(offers(&mut p, "roll"), "the first roll is the player's");
        // The setup is part of the record: a replay gives the same table.
        let record = ask(&mut p, json!({"cmd": "export"}))["record"].clone();
        let mut q = Protocol::new();
        ask(&mut q, json!({"cmd": "import", "record": record}));
        assert_eq!(view(&mut q), v, "seed {seed}");
    }
}

#[test]
fn the_scenario_option_sets_plan_orange_and_names_what_it_cannot_do() {
    let manifest = common::sheet_cards_manifest("empire-of-the-sun");
    let mut p = Protocol::new();
    assert_eq!(new_with(&mut p, json!({"manifest": manifest, "scenario": "plan-orange"}))["ok"], json!(true));
    let v = view(&mut p);
    assert_eq!(
        (v["sides"][0]["cards_remaining"].clone(), v["sides"][1]["cards_remaining"].clone()),
        (json!(1), json!(2))
    );
    assert_eq!(v["active"], json!(1));

    let refused = |p: &mut Protocol, options: Value, words: &[&str]| {
        let r = new_with(p, options);
        assert_eq!(r["ok"], json!(false), "{r}");
        let e = r["error"].to_string();
        assert!(words.iter().all(|w| e.contains(w)), "{e}");
    };
    refused(&mut p, json!({"manifest": manifest, "scenario": "guadalcanal"}), &["unknown scenario", "south-pacific"]);
    refused(&mut p, json!({"scenario": "south-pacific"}), &["cannot place its cards", "manifest"]);
    refused(&mut p, json!({"manifest": manifest, "chance": "manual", "scenario": "1942"}), &["chance", "auto"]);
    let r = p.handle_line(&json!({"cmd": "new", "game": "pursuit-of-glory", "options": {"scenario": "x"}}).to_string());
    assert!(r["error"].to_string().contains("no scenario setups"), "{r}");
}

#[test]
fn eots_offensive_segment_passing_spends_a_pass_marker_and_is_refused_without_one() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    let now = ids(&mut p);
    assert!(!now.contains(&"pass".to_string()) && !now.contains(&"eots-pass".to_string()), "{now:?}");
    for id in ["pass", "eots-pass"] {
        let r = p.handle_line(&json!({"cmd": "apply", "action": id}).to_string());
        assert_eq!(r["ok"], json!(false), "{id} without a Pass marker: {r}");
    }
    assert_eq!(view(&mut p)["active"], json!(0), "still Japan's turn: it must play");
    // With a marker, the pass spends it (and the plain end-the-turn is not offered beside it).
    let mut p = start();
    apply(&mut p, "eots-passes-japan-up");
    apply(&mut p, "eots-passes-japan-up");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!offers(&mut p, "pass"));
    apply(&mut p, "eots-pass");
    let v = view(&mut p);
    assert_eq!(v["markers"]["passes"], json!([1, 0]), "one of the two markers spent");
    assert_eq!(v["sides"][0]["cards_remaining"], json!(7));
    assert_eq!(v["active"], json!(1));
}

#[test]
fn eots_1942_scenario_setups_17_25_d_e_f_combine_freely() {
    // E, then D, then F.
    let mut p = start();
    apply(&mut p, "eots-1942-kondo-on-deck");
    assert!(offers(&mut p, "eots-historical-arcadia-conference"), "D still on offer after E");
    assert!(offers(&mut p, "eots-historical-japanese-opening"), "F still on offer after E");
    apply(&mut p, "eots-historical-arcadia-conference");
    apply(&mut p, "eots-historical-japanese-opening");
    let v = view(&mut p);
    assert_eq!(v["decks"][1]["face_up_top"], json!(61), "Arcadia Conference");
    assert_eq!(v["sides"][0]["slots"]["A"], json!([1]), "Col. Tsuji");
    assert_eq!(v["sides"][0]["slots"]["B"], json!([6]), "Central Force");
    assert_eq!(v["decks"][0]["face_up_top"], json!(5), "VADM Kondo");
    // D alone, then E: the other scenarios' setups are gone, these two combine.
    let mut p = start();
    apply(&mut p, "eots-historical-arcadia-conference");
    assert!(offers(&mut p, "eots-1942-kondo-on-deck"));
    assert!(!offers(&mut p, "eots-south-pacific-savo-on-deck"));
    assert!(!offers(&mut p, "eots-plan-orange"));
    apply(&mut p, "eots-1942-kondo-on-deck");
    let v = view(&mut p);
    assert_eq!(v["decks"][1]["face_up_top"], json!(61));
    assert_eq!(v["decks"][0]["face_up_top"], json!(5));
}

#[test]
fn eots_reaction_cards_reaction_is_never_offered_to_the_active_side_for_its_own_play() {
    let mut p = start();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    let now = ids(&mut p);
    assert!(now.contains(&"play-1-operations".to_string()), "{now:?}");
    assert!(!now.iter().any(|id| id.starts_with("play-") && id.ends_with("-reaction")), "{now:?}");
    // The inactive Allies still react with their face-up cards.
    assert!(now.contains(&"eots-reaction-61".to_string()), "{now:?}");
    assert!(!now.iter().any(|id| id == "eots-reaction-1" || id == "eots-reaction-2"), "not Japan's own cards");
}

#[test]
fn eots_hand_size_and_pass_markers_are_table_tools_and_the_first_screen_stays_short() {
    let mut p = start();
    let legal = ask(&mut p, json!({"cmd": "legal"}));
    let tools: Vec<&str> = legal["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["tool"] == json!(true))
        .filter_map(|a| a["id"].as_str())
        .collect();
    for id in ["eots-hand-size-japan-4", "eots-hand-size-allies-5", "eots-passes-japan-up", "eots-passes-allies-up"] {
        assert!(tools.contains(&id), "{id} is a tool: {tools:?}");
    }
    let first = common::non_tool_ids(&mut p);
    assert!(first.len() <= 10, "{} choices: {first:?}", first.len());
    assert!(first.contains(&"roll".to_string()));
    // After an ordinary turn the screen is shorter still.
    japan_plays_a(&mut p);
    let next = common::non_tool_ids(&mut p);
    assert!(next.len() <= 10, "{next:?}");
}

#[test]
fn game_turns_are_counted_on_the_board_track_and_the_next_comes_when_both_sides_have_played() {
    let mut p = start();
    let v = view(&mut p);
    assert_eq!(v["turn_words"], json!("Game turn 2, Japan to act"), "the campaign's solo play starts on turn 2");
    // Cards are left to play: the next game turn is a tool saying when it comes.
    let next = common::legal(&mut p).into_iter().find(|(id, _)| id == "eots-new-game-turn").expect("offered");
    assert!(next.1.contains("begin game turn 3 (when the Offensive Phase ends"), "{}", next.1);
    assert!(common::tools(&mut p).contains(&"eots-new-game-turn".to_string()));
    // A scenario that starts on another turn sets the marker back by hand.
    apply(&mut p, "eots-game-turn-back");
    assert_eq!(view(&mut p)["turn_words"], json!("Game turn 1, Japan to act"));
    assert!(!offers(&mut p, "eots-game-turn-back"), "no turn before the first");
    apply(&mut p, "eots-new-game-turn");
    // The new turn asks each side's hand size, Japan first, and nothing else.
    let asked = common::legal(&mut p);
    let asked_ids: Vec<&str> = asked.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(
        asked_ids,
        ["eots-hand-size-japan-4", "eots-hand-size-japan-5", "eots-hand-size-japan-6", "eots-hand-size-japan-7"]
    );
    assert!(asked[1].1.contains("Japan's hand size for game turn 2: 5 cards"), "{}", asked[1].1);
    apply(&mut p, "eots-hand-size-japan-5");
    let now = ids(&mut p);
    assert!(now.iter().all(|id| id.starts_with("eots-hand-size-allies-")), "{now:?}");
    apply(&mut p, "eots-hand-size-allies-4");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(5));
    assert_eq!(v["sides"][1]["cards_remaining"], json!(4));
    assert_eq!(v["turn_words"], json!("Game turn 2, Japan to act"));
    // Both sides play out their cards (each play lowers Cards Remaining by one): the next game
    // turn is then the next step, no longer a tool.
    for _ in 0..5 {
        apply(&mut p, "cards-remaining-down");
    }
    apply(&mut p, "pass");
    for _ in 0..4 {
        apply(&mut p, "cards-remaining-down");
    }
    let v = view(&mut p);
    assert_eq!(
        (v["sides"][0]["cards_remaining"].clone(), v["sides"][1]["cards_remaining"].clone()),
        (json!(0), json!(0))
    );
    let next = common::legal(&mut p).into_iter().find(|(id, _)| id == "eots-new-game-turn").expect("offered");
    assert!(next.1.starts_with("both sides have played their cards: begin game turn 3"), "{}", next.1);
    assert!(!common::tools(&mut p).contains(&"eots-new-game-turn".to_string()), "the next step, not a tool");
    assert!(!offers(&mut p, "pass"), "no side has a card to pass with");
    apply(&mut p, "eots-new-game-turn");
    apply(&mut p, "eots-hand-size-japan-6");
    apply(&mut p, "eots-hand-size-allies-7");
    let v = view(&mut p);
    assert!(v["turn_words"].as_str().is_some_and(|w| w.starts_with("Game turn 3, ")), "{}", v["turn_words"]);
    assert_eq!(v["sides"][0]["cards_remaining"], json!(6));
    assert_eq!(v["sides"][1]["cards_remaining"], json!(7));
}
