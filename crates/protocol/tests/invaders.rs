//! Invaders through the protocol: listed in the catalogue, started by a bare `new` with the example
//! deck, options named when wrong, a real deck's draws named by the player (manual chance), and an
//! exported game imported again.

mod common;

use common::{apply, ask, draw_lowest, ids, start};
use protocol::Protocol;
use serde_json::json;

#[test]
fn the_catalogue_lists_invaders_and_a_bare_new_starts_it_with_the_example_deck() {
    let mut p = Protocol::new();
    let games = ask(&mut p, json!({"cmd": "games"}));
    let listed = games["games"].as_array().into_iter().flatten().find(|g| g["id"] == json!("invaders"));
    let listed = listed.expect("invaders is in the catalogue").clone();
    assert_eq!((listed["kind"].clone(), listed["sides"].clone()), (json!("card-game"), json!(["Mankind", "Invader"])));
    let r = ask(&mut p, json!({"cmd": "new", "game": "invaders", "seed": 3}));
    assert_eq!(r["status"]["to_move"]["name"], json!("Mankind"), "{r}");
    let v = ask(&mut p, json!({"cmd": "observe", "player": 0}))["observation"].clone();
    assert_eq!(v["hand"].as_array().map(Vec::len), Some(2), "two cards drawn in the first Draw phase");
    assert_eq!(v["sides"][1]["deck"], json!(16), "the example deck's sixteen Invader cards");
}

#[test]
fn wrong_options_are_named() {
    let mut p = Protocol::new();
    for (options, says) in [
        (json!({"first": "martians"}), "martians"),
        (json!({"frist": "invader"}), "frist"),
        (json!({"starting_hand": 40}), "starting_hand"),
        (json!({"manifest": {"game": "invaders", "cards": [{"name": "X", "side": "Mankind", "drain": 1}]}}), "discard"),
        (json!({"manifest": "builtin"}), "manifest"),
        (json!({"display": "martians"}), "display"),
    ] {
        let r = p.handle_line(&json!({"cmd": "new", "game": "invaders", "options": options}).to_string());
        assert_eq!(r["ok"], json!(false), "{options} was taken");
        let error = r["error"].as_str().unwrap_or_default();
        assert!(error.contains(says), "{options}: {error}");
    }
}

#[test]
fn with_a_real_deck_the_player_names_each_card_drawn_and_the_game_survives_export_and_import() {
    // Manual chance: every draw is the player's to name (the lowest card here).
    let mut p = start("invaders", json!({"first": "invader"}));
    assert!(ids(&mut p).contains(&"end-turn".to_string()), "the Invader's Main phase");
    apply(&mut p, "end-turn");
    draw_lowest(&mut p);
    let before = ask(&mut p, json!({"cmd": "observe", "player": 0}))["observation"].clone();
    let record = ask(&mut p, json!({"cmd": "export"}))["record"].clone();
    let mut q = Protocol::new();
    ask(&mut q, json!({"cmd": "import", "record": record}));
    let after = ask(&mut q, json!({"cmd": "observe", "player": 0}))["observation"].clone();
    assert_eq!(before, after);
    assert_eq!(ids(&mut p), ids(&mut q));
}

#[test]
fn a_deck_manifest_is_taken_as_toml_text_as_a_file_holds_it() {
    let mut p = Protocol::new();
    let text = "game = \"invaders\"\n[[cards]]\nname = \"Scout\"\nside = \"Mankind\"\ndiscard = 0\ndrain = 0\npower = 1\ncopies = 8\n\
                [[cards]]\nname = \"Probe\"\nside = \"Invader\"\ndiscard = 0\ndrain = 0\npower = 1\ncopies = 8\n";
    ask(&mut p, json!({"cmd": "new", "game": "invaders", "seed": 1, "options": {"manifest": text}}));
    let v = ask(&mut p, json!({"cmd": "observe", "player": 0}))["observation"].clone();
    assert_eq!(v["hand"][0]["name"], json!("Scout"));
    assert_eq!(v["sides"][1]["deck"], json!(8));
    let broken = text.replace("drain = 0\npower = 1\ncopies = 8\n[[cards]]", "power = 1\ncopies = 8\n[[cards]]");
    let r = p.handle_line(&json!({"cmd": "new", "game": "invaders", "options": {"manifest": broken}}).to_string());
    let error = r["error"].as_str().unwrap_or_default();
    assert!(error.contains("manifest") && error.contains("drain"), "{r}");
}

#[test]
fn a_card_played_is_named_in_the_other_sides_history_and_a_card_drawn_is_not() {
    let mut game = protocol::new_session("invaders", 5, &json!(null)).expect("a game");
    let legal = game.legal();
    let play = legal["actions"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|a| a["id"].as_str().is_some_and(|id| id.starts_with("play-")));
    let play = play.expect("a card to play").clone();
    game.apply(play["id"].as_str().unwrap_or_default()).expect("the play");
    let history = game.history(1).expect("the Invader's history");
    let labels: Vec<&str> =
        history["entries"].as_array().into_iter().flatten().filter_map(|e| e["label"].as_str()).collect();
    assert!(
        labels.contains(&play["label"].as_str().unwrap_or("?")),
        "the play, face-up, is the Invader's to read: {labels:?}"
    );
    assert!(!labels.iter().any(|l| l.starts_with("Mankind draws ")), "Mankind's draws stay unnamed: {labels:?}");
}

#[test]
fn a_side_on_a_card_display_asks_for_the_fate_die_and_names_each_card_as_it_is_turned() {
    // With the player's own cards and dice, the Invader on a Card Display: its two draws go
    // face-down without a question, the Fate Die's face is asked, and each card the roll turns
    // face-up is named by the player as it turns up.
    let mut p = start("invaders", json!({"first": "invader", "display": "invader"}));
    let rolls = ids(&mut p);
    assert_eq!(rolls, (1..=6).map(|f| format!("fate-{f}")).collect::<Vec<_>>());
    let v = ask(&mut p, json!({"cmd": "observe", "player": 1}))["observation"].clone();
    assert_eq!(v["sides"][1]["display"][0]["cards"], json!([null]), "{v}");
    assert_eq!(v["sides"][1]["deck"], json!(14), "two of sixteen face-down in A and B");
    apply(&mut p, "fate-4");
    let named: Vec<String> = ids(&mut p);
    assert!(named.iter().all(|id| id.starts_with("reveal-")) && named.len() == 16, "{named:?}");
    apply(&mut p, &named[0]);
    let second = ids(&mut p)[0].clone();
    apply(&mut p, &second);
    let v = ask(&mut p, json!({"cmd": "observe", "player": 0}))["observation"].clone();
    assert_eq!(v["fate"]["face"], json!(4));
    assert!(v["sides"][1]["display"][0]["cards"][0]["name"].is_string(), "Mankind sees the face-up cards: {v}");
    assert!(ids(&mut p).iter().any(|id| id.starts_with("play-")), "the Invader plays from A or B");
}
