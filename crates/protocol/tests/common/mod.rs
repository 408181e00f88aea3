//! The client side the per-game protocol tests share: requests that must succeed, the legal action
//! ids, applying an action, drawing the lowest-numbered card for every pending draw (so a deal is
//! known in advance), and starting a table with manual chance.

// Each test file uses its own subset of these helpers.
#![allow(dead_code)]

use protocol::Protocol;
use serde_json::{Value, json};

/// Sends a request that must succeed and returns the response.
pub fn ask(p: &mut Protocol, request: Value) -> Value {
    let r = p.handle_line(&request.to_string());
    assert_eq!(r["ok"], json!(true), "{request} -> {r}");
    r
}

/// The legal actions as (id, label) pairs.
pub fn legal(p: &mut Protocol) -> Vec<(String, String)> {
    let legal = ask(p, json!({"cmd": "legal"}));
    legal["actions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| Some((a["id"].as_str()?.to_string(), a["label"].as_str().unwrap_or("").to_string())))
        .collect()
}

/// The ids of the legal actions marked as tools (offered now and then, not the next step).
pub fn tools(p: &mut Protocol) -> Vec<String> {
    let legal = ask(p, json!({"cmd": "legal"}));
    legal["actions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|a| a["tool"] == json!(true))
        .filter_map(|a| Some(a["id"].as_str()?.to_string()))
        .collect()
}

pub fn ids(p: &mut Protocol) -> Vec<String> {
    legal(p).into_iter().map(|(id, _)| id).collect()
}

pub fn offers(p: &mut Protocol, id: &str) -> bool {
    ids(p).iter().any(|x| x == id)
}

/// Applies a legal action; a refusal fails the test with the actions that were legal.
pub fn apply(p: &mut Protocol, id: &str) {
    let r = p.handle_line(&json!({"cmd": "apply", "action": id}).to_string());
    assert_eq!(r["ok"], json!(true), "{id} -> {r}\nlegal: {:?}", ids(p));
}

/// Applies an action, then resolves every draw it owes with the lowest card.
pub fn apply_and_draw(p: &mut Protocol, id: &str) {
    apply(p, id);
    draw_lowest(p);
}

/// Draws the lowest-numbered card for every pending draw.
pub fn draw_lowest(p: &mut Protocol) {
    loop {
        let lowest = ids(p).iter().filter_map(|id| id.strip_prefix("draw-")?.parse::<u32>().ok()).min();
        match lowest {
            Some(card) => apply(p, &format!("draw-{card}")),
            None => return,
        }
    }
}

/// The first side's observation.
pub fn view(p: &mut Protocol) -> Value {
    ask(p, json!({"cmd": "observe", "player": 0}))["observation"].clone()
}

pub fn reminders(p: &mut Protocol) -> String {
    view(p)["reminders"].to_string()
}

/// A new table of `game` with manual chance, dealt with the lowest cards.
pub fn start(game: &str, options: Value) -> Protocol {
    let mut p = Protocol::new();
    let mut options = options;
    options["chance"] = json!("manual");
    ask(&mut p, json!({"cmd": "new", "game": game, "options": options}));
    draw_lowest(&mut p);
    p
}

/// The manifest that lists only the cards `game`'s playsheet names (`tests/fixtures/`), as the
/// protocol's `manifest` option: the card ids the rule tests count on (the sheet's cards first, the
/// rest anonymous), which the complete built-in manifests no longer give.
pub fn sheet_cards_manifest(game: &str) -> Value {
    let file = format!("{}/tests/fixtures/{game}-sheet-cards.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let manifest = solo::Manifest::from_toml(&file, &text).unwrap_or_else(|e| panic!("{e}"));
    serde_json::to_value(manifest).expect("a manifest is JSON")
}

/// The deck manifest cdgsolo ships for `game`, as the protocol's `manifest` option.
pub fn shipped_manifest(game: &str) -> Value {
    let manifest = solo::manifest(game).expect("a shipped manifest");
    serde_json::to_value(manifest.as_ref()).expect("a manifest is JSON")
}

/// The choices on offer that are not table tools, as the protocol flags them.
pub fn non_tool_ids(p: &mut Protocol) -> Vec<String> {
    let legal = ask(p, json!({"cmd": "legal"}));
    let actions = legal["actions"].as_array().cloned().unwrap_or_default();
    actions.iter().filter(|a| a["tool"] != json!(true)).filter_map(|a| a["id"].as_str().map(str::to_string)).collect()
}
