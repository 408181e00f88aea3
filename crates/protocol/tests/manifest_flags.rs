//! The flags a deck manifest gives its cards (combat, reaction, mandatory, removed after play),
//! driven through the protocol with manual chance: the game rules leave out plays a card is known
//! not to make, and a card marked as leaving the game does so once its event is played.

mod common;

use common::{apply, draw_lowest, ids, start, view};
use serde_json::{Value, json};

/// `count` filler cards numbered from `first`, for a shared deck.
fn fillers(first: u16, count: u16) -> Vec<Value> {
    (first..first + count).map(|n| json!({"number": n, "name": format!("Filler {n}")})).collect()
}

#[test]
fn a_card_known_not_to_be_a_combat_card_is_not_offered_for_a_combat() {
    let cards = json!([
        {"number": 30, "name": "No Combat", "side": "Axis", "combat": false},
        {"number": 31, "name": "Combat", "side": "Axis", "combat": true}
    ]);
    let mut p = start("barbarossa-to-berlin", json!({"manifest": {"game": "barbarossa-to-berlin", "cards": cards}}));
    // Combats come with the turn's operations: the Axis plays D (card 3) first.
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    apply(&mut p, "play-3-operations");
    draw_lowest(&mut p);
    let now = ids(&mut p);
    assert!(now.contains(&"combat-card-axis-2".to_string()), "{now:?}");
    assert!(!now.contains(&"combat-card-axis-1".to_string()), "{now:?}");
}

#[test]
fn the_inactive_side_plays_only_cards_that_may_be_responses() {
    let mut cards = fillers(50, 5);
    cards.push(json!({"number": 40, "name": "Not a Response", "reaction": false}));
    cards.push(json!({"number": 41, "name": "A Response", "reaction": true}));
    let mut p = start("wilderness-war", json!({"manifest": {"game": "wilderness-war", "cards": cards}}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    let now = ids(&mut p);
    assert!(now.iter().any(|id| id.starts_with("inactive-play-7-")), "{now:?}");
    let inactive: Vec<&String> = now.iter().filter(|id| id.starts_with("inactive-play-")).collect();
    assert!(inactive.iter().all(|id| id.ends_with("-response")), "only as Responses: {inactive:?}");
    assert!(!now.iter().any(|id| id.starts_with("inactive-play-6-")), "{now:?}");
}

#[test]
fn a_card_marked_removed_after_play_leaves_the_game_when_played_for_its_event() {
    let cards = json!([
        {"number": 20, "name": "Gone After Its Event", "removed_after_play": true},
        {"number": 21, "name": "Stays", "removed_after_play": true}
    ]);
    let mut p = start("1960", json!({"manifest": {"game": "1960", "cards": cards}}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4"); // A or B: cards 1 and 2
    apply(&mut p, "play-1-event");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([]), "not in the discards");
    assert_eq!(v["held"], json!([{"card": 1, "side": 0, "place": "removed from the game"}]));
    apply(&mut p, "end-turn");
    // Played for its CP instead, such a card is discarded as usual.
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    let cp = ids(&mut p).into_iter().find(|id| id.ends_with("-campaign-points")).unwrap_or_default();
    apply(&mut p, &cp);
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["decks"][0]["discard"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_complete_manifest_says_no_for_every_flag_it_leaves_out() {
    // Every card listed, no flag given: no Response to offer the inactive side.
    let mut cards = fillers(1, 110);
    for c in &mut cards {
        c["ops"] = json!(1);
        c["event"] = json!(false);
    }
    let manifest = json!({"game": "wilderness-war", "complete": true, "cards": cards});
    let mut p = start("wilderness-war", json!({"manifest": manifest}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("inactive-play-")));
}
