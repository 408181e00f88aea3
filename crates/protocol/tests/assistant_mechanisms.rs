//! Playsheet mechanisms of the tabletop assistant, each driven through the protocol with manual
//! chance so that every draw and roll is chosen, then checked on the resulting table.

mod common;

use common::{apply, ask, draw_lowest, ids, start, view};
use protocol::Protocol;
use serde_json::json;

#[test]
fn manoeuvre_table_inactive_hq_card_needs_a_fate_die_roll_that_double_bang_blocks() {
    // Dual decks dealt lowest first: side 0 holds A1 B2 D3 E4, side 1 A61 B62 D63 E64.
    let mut p = start("manoeuvre-table", json!({}));
    // Anonymous cards: the inactive side's play asks unit or HQ first.
    assert!(ids(&mut p).contains(&"inactive-play-61-combat".to_string()), "the inactive side may play");
    apply(&mut p, "inactive-play-61-combat");
    assert_eq!(ids(&mut p), ["describe-61-special", "describe-61-ordinary"]);
    apply(&mut p, "describe-61-special");
    // A roll comes first; face 1 (!!) blocks the card, which stays where it was.
    assert_eq!(ids(&mut p), (1..=6).map(|f| format!("fate-{f}")).collect::<Vec<_>>());
    apply(&mut p, "fate-1");
    let v = view(&mut p);
    assert_eq!(v["last_inactive_play"], json!([61, false]));
    assert_eq!(v["sides"][1]["slots"]["A"], json!([61]));
    // Blocked, it is not tried again this turn; another card is, and Fate allows it: the card is
    // discarded and slot B refills from side 1's deck, keeping the deck top's facing (face-down).
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("inactive-play-61-")));
    apply(&mut p, "inactive-play-62-combat");
    apply(&mut p, "describe-62-special");
    apply(&mut p, "fate-4");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["last_inactive_play"], json!([62, true]));
    assert_eq!(v["decks"][1]["discard"], json!([62]));
    assert_eq!(v["sides"][1]["slots"]["B"], json!([null]), "refilled face-down from its own deck");
    assert_eq!(v["active"], json!(0), "the active side's turn goes on");
}

#[test]
fn manoeuvre_table_inactive_unit_card_needs_no_roll() {
    let manifest = json!({
        "game": "manoeuvre",
        "cards": [{"number": 1, "name": "A known unit card", "side": "Second player", "unit": true}]
    });
    let mut p = start("manoeuvre-table", json!({"manifest": manifest}));
    let label = ask(&mut p, json!({"cmd": "legal"}))["actions"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|a| a["id"] == "inactive-play-61-combat")
        .map(|a| a["label"].to_string())
        .unwrap_or_default();
    assert!(!label.contains("roll"), "a unit card is played without a roll: {label}");
    apply(&mut p, "inactive-play-61-combat");
    // No die: the next decision is the refill draw.
    assert!(ids(&mut p).iter().all(|id| id.starts_with("draw-")));
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["decks"][1]["discard"], json!([61]));
}

#[test]
fn wilderness_war_inactive_response_costs_a_card_remaining_and_refills_face_down() {
    // One shared deck: side 0 holds A1 B2 C3 D4 E5, side 1 A6 B7 C8 D9 E10.
    let mut p = start("wilderness-war", json!({}));
    assert_eq!(view(&mut p)["sides"][1]["cards_remaining"], json!(7));
    apply(&mut p, "inactive-play-6-response");
    apply(&mut p, "fate-1");
    assert_eq!(view(&mut p)["sides"][1]["cards_remaining"], json!(7), "blocked by Fate: nothing spent");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("inactive-play-6-")), "not again this turn");
    apply(&mut p, "inactive-play-7-response");
    apply(&mut p, "fate-6");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["cards_remaining"], json!(6));
    assert_eq!(v["sides"][1]["slots"]["B"], json!([null]), "refilled face-down");
    assert_eq!(v["decks"][0]["discard"], json!([7]));
}

#[test]
fn sheets_where_double_bang_does_not_gate_the_inactive_side_offer_no_inactive_play() {
    for game in ["pursuit-of-glory", "cc-napoleonics", "1960", "barbarossa-to-berlin"] {
        let mut p = start(game, json!({}));
        assert!(!ids(&mut p).iter().any(|id| id.starts_with("inactive-play-")), "{game}");
    }
}

#[test]
fn physical_deck_the_player_says_which_card_turned_up() {
    let manifest = serde_json::to_value(solo::manifest("wilderness-war").expect("shipped").as_ref()).expect("json");
    let mut p = Protocol::new();
    ask(
        &mut p,
        json!({"cmd": "new", "game": "wilderness-war", "seed": 4, "options": {"manifest": manifest, "physical": true}}),
    );
    // The deal turned up A and B of both displays: before anything else the player names them.
    let legal = ask(&mut p, json!({"cmd": "legal"}));
    let actions = legal["actions"].as_array().expect("actions").clone();
    assert!(actions.iter().all(|a| a["id"].as_str().is_some_and(|id| id.starts_with("identify-"))), "{legal}");
    let surrender = actions
        .iter()
        .find(|a| a["label"].as_str().is_some_and(|l| l.contains("#6 Surrender!")))
        .expect("Surrender! is one of the cards it may be");
    assert!(surrender["label"].as_str().unwrap_or_default().contains("the card turned up in slot A"), "{surrender}");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["A"], json!([null]), "not yet said: shown as unknown");
    let id = surrender["id"].as_str().unwrap_or_default().to_string();
    apply(&mut p, &id);
    let v = view(&mut p);
    assert!(v["cards"].to_string().contains("Surrender!"), "{v}");
    let surrender_id = v["sides"][0]["slots"]["A"][0].as_u64().expect("slot A is known now");
    assert_eq!(v["cards"][surrender_id.to_string()]["name"], json!("Surrender!"));
    // Name the other three (the first candidate each time), then the turn can start.
    for _ in 0..3 {
        let first = ids(&mut p)[0].clone();
        assert!(first.starts_with("identify-"), "{first}");
        apply(&mut p, &first);
    }
    assert!(ids(&mut p).contains(&"roll".to_string()));
    let record = ask(&mut p, json!({"cmd": "export"}))["record"].clone();
    assert_eq!(record["setup"]["physical"], json!(true), "saved with the game");
}

#[test]
fn manoeuvre_table_scout_spy_named_by_the_manifest_discards_at_once_from_the_inactive_display() {
    let manifest = json!({
        "game": "manoeuvre",
        "cards": [{"number": 1, "name": "Spy", "side": "First player", "hq": true}]
    });
    let mut p = start("manoeuvre-table", json!({"manifest": manifest}));
    apply(&mut p, "roll");
    draw_lowest(&mut p);
    apply(&mut p, "fate-4");
    draw_lowest(&mut p);
    let spy = ids(&mut p).into_iter().find(|id| id.starts_with("play-1-")).expect("the Spy in A is playable");
    apply(&mut p, &spy);
    draw_lowest(&mut p); // the Spy's own slot refills first
    // No question: the Random Card Selection against the second player's display follows at once.
    assert_eq!(ids(&mut p), (1..=6).map(|d| format!("d6-{d}")).collect::<Vec<_>>());
    apply(&mut p, "d6-5");
    draw_lowest(&mut p);
    let v = view(&mut p);
    assert_eq!(v["decks"][1]["discard"].as_array().map(Vec::len), Some(1), "{v}");
}

#[test]
fn the_builtin_manifest_is_asked_for_by_name_and_refused_by_name_where_none_ships() {
    // "builtin" gives the same table as the shipped manifest written out in full.
    let shipped = serde_json::to_value(solo::manifest("wilderness-war").expect("shipped").as_ref()).expect("json");
    let mut given = Protocol::new();
    ask(&mut given, json!({"cmd": "new", "game": "wilderness-war", "seed": 4, "options": {"manifest": shipped}}));
    let mut named = Protocol::new();
    let r =
        ask(&mut named, json!({"cmd": "new", "game": "wilderness-war", "seed": 4, "options": {"manifest": "builtin"}}));
    assert_eq!(r["ok"], json!(true), "{r}");
    assert_eq!(view(&mut named), view(&mut given));
    assert!(!view(&mut named)["cards"].as_object().expect("cards in sight are named").is_empty());
    let record = ask(&mut named, json!({"cmd": "export"}))["record"].clone();
    assert_eq!(record["setup"]["manifest"]["game"], json!("wilderness-war"), "the manifest itself is saved");
    // The Manoeuvre table ships none: refused, naming the game and the ones that have one.
    let mut p = Protocol::new();
    let mut refused = |request: serde_json::Value| p.handle_line(&request.to_string());
    let r = refused(json!({"cmd": "new", "game": "manoeuvre-table", "options": {"manifest": "builtin"}}));
    assert_eq!(r["ok"], json!(false), "{r}");
    let message = r["error"].as_str().unwrap_or_default();
    assert!(message.contains("no built-in manifest ships for 'manoeuvre-table'"), "{message}");
    assert!(message.contains("wilderness-war"), "{message}");
    let r = refused(json!({"cmd": "new", "game": "1960", "options": {"manifest": "mine.toml"}}));
    assert!(r["error"].as_str().unwrap_or_default().contains("'mine.toml' is not a manifest"), "{r}");
    // A malformed manifest object still gets serde's own words.
    let r = refused(json!({"cmd": "new", "game": "1960", "options": {"manifest": {"game": "1960", "colour": 1}}}));
    assert!(r["error"].as_str().unwrap_or_default().contains("unknown field `colour`"), "{r}");
}

#[test]
fn the_catalog_lists_each_builtin_manifest_with_its_cards() {
    let mut p = Protocol::new();
    let games = ask(&mut p, json!({"cmd": "games"}))["games"].as_array().expect("games").clone();
    let entry = |id: &str| games.iter().find(|g| g["id"] == json!(id)).cloned().expect("listed");
    let shipped = solo::manifest("1960").expect("shipped");
    let listed = entry("1960")["manifest"]["cards"].as_array().expect("cards").clone();
    assert_eq!(listed.len(), shipped.cards.len());
    assert!(listed.iter().any(|c| c["number"] == json!(3) && c["name"] == json!("Gallup Poll")), "{listed:?}");
    assert!(entry("manoeuvre-table").get("manifest").is_none(), "no manifest ships for Manoeuvre");
    assert!(entry("manoeuvre").get("manifest").is_none());
}

#[test]
fn physical_deck_the_view_says_where_the_card_to_name_lies() {
    let mut p = Protocol::new();
    ask(&mut p, json!({"cmd": "new", "game": "1960", "seed": 3, "options": {"manifest": "builtin", "physical": true}}));
    // The deal turned A and B face-up: the active side's A is asked first, then its B.
    assert_eq!(view(&mut p)["identifying"], json!({"side": 0, "slot": "A"}));
    let all = json!([
        {"side": 0, "slot": "A"},
        {"side": 0, "slot": "B"},
        {"side": 1, "slot": "A"},
        {"side": 1, "slot": "B"}
    ]);
    assert_eq!(view(&mut p)["unnamed"], all, "every face-up card still to name");
    let first = ids(&mut p)[0].clone();
    apply(&mut p, &first);
    assert_eq!(view(&mut p)["identifying"], json!({"side": 0, "slot": "B"}));
    assert_eq!(view(&mut p)["unnamed"].as_array().map(Vec::len), Some(3));
    for _ in 0..3 {
        let first = ids(&mut p)[0].clone();
        apply(&mut p, &first);
    }
    assert!(view(&mut p).get("identifying").is_none(), "nothing left to name: {}", view(&mut p));
    assert!(view(&mut p).get("unnamed").is_none());
    // A virtual deck never asks.
    let mut virtual_deck = Protocol::new();
    ask(&mut virtual_deck, json!({"cmd": "new", "game": "1960", "seed": 3, "options": {"manifest": "builtin"}}));
    assert!(view(&mut virtual_deck).get("identifying").is_none());
}
