//! The protocol answers every request with one JSON object, errors included, and keeps serving.

use protocol::{Protocol, serve};
use serde_json::{Value, json};

fn ask(p: &mut Protocol, request: Value) -> Value {
    p.handle_line(&request.to_string())
}

fn first_action(p: &mut Protocol) -> String {
    let legal = ask(p, json!({"cmd": "legal"}));
    legal["actions"][0]["id"].as_str().expect("an action id").to_string()
}

#[test]
fn malformed_lines_get_error_responses() {
    let mut p = Protocol::new();
    for (line, expect) in [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ("{\"cmd\": 5}", "must be a string"),
        ("{\"game\": \"1960\"}", "no \"cmd\" field"),
        ("{\"cmd\": \"fly\"}", "unknown command 'fly'"),
        ("{\"cmd\": \"legal\"}", "no game in progress"),
        ("{\"cmd\": \"new\"}", "needs a \"game\" field"),
        ("{\"cmd\": \"new\", \"game\": \"chess\"}", "unknown game 'chess'"),
        ("{\"cmd\": \"new\", \"game\": \"1960\", \"seed\": -4}", "\"seed\" must be"),
        ("{\"cmd\": \"new\", \"game\": \"1960\", \"options\": {\"colour\": 1}}", "unknown option \"colour\""),
        (
            "{\"cmd\": \"new\", \"game\": \"1960\", \"options\": {\"deck_size\": [3, 0]}}",
            "deck_size 3 is out of range (8 to 999",
        ),
    ] {
        let r = p.handle_line(line);
        assert_eq!(r["ok"], json!(false), "{line} -> {r}");
        let message = r["error"].as_str().unwrap_or_default();
        assert!(message.contains(expect), "{line}: expected '{expect}' in '{message}'");
    }
    // Still serving after all of that.
    let r = ask(&mut p, json!({"cmd": "new", "game": "1960", "seed": 1}));
    assert_eq!(r["ok"], json!(true), "{r}");
}

#[test]
fn illegal_and_unknown_actions_are_refused_without_changing_the_game() {
    let mut p = Protocol::new();
    ask(&mut p, json!({"cmd": "new", "game": "pursuit-of-glory", "seed": 9}));
    let before = ask(&mut p, json!({"cmd": "export"}));
    for id in ["fly-away", "play-1-operations", "end-turn", "fate-3", "draw-7"] {
        let r = ask(&mut p, json!({"cmd": "apply", "action": id}));
        assert_eq!(r["ok"], json!(false), "{id} -> {r}");
        assert!(r["error"].as_str().unwrap_or_default().contains(id), "{r}");
    }
    let r = ask(&mut p, json!({"cmd": "apply"}));
    assert!(r["error"].as_str().unwrap_or_default().contains("\"action\""), "{r}");
    assert_eq!(ask(&mut p, json!({"cmd": "export"})), before);
}

#[test]
fn new_legal_apply_observe_status_round() {
    let mut p = Protocol::new();
    let r = ask(&mut p, json!({"cmd": "new", "game": "manoeuvre-table", "seed": 5, "tag": 17}));
    assert_eq!(r["ok"], json!(true));
    assert_eq!(r["tag"], json!(17), "the tag comes back");
    assert_eq!(r["status"]["over"], json!(false));
    let legal = ask(&mut p, json!({"cmd": "legal"}));
    assert_eq!(legal["to_move"]["player"], json!(0));
    assert_eq!(legal["to_move"]["name"], json!("First player"));
    assert!(legal["actions"].as_array().is_some_and(|a| a.iter().any(|x| x["id"] == "roll")));
    let r = ask(&mut p, json!({"cmd": "apply", "action": "roll"}));
    assert_eq!(r["ok"], json!(true), "{r}");
    assert_eq!(r["label"], json!("First player: roll the Fate Die"));
    let seen = ask(&mut p, json!({"cmd": "observe", "player": 1}));
    let face = seen["observation"]["fate_die"].as_u64().expect("the roll is visible");
    assert!((1..=6).contains(&face));
    let bad = ask(&mut p, json!({"cmd": "observe", "player": 2}));
    assert!(bad["error"].as_str().unwrap_or_default().contains("player 2 does not exist"));
    let status = ask(&mut p, json!({"cmd": "status"}));
    assert!(status["steps"].as_u64().unwrap_or(0) > 10, "the deal and the roll are logged: {status}");
}

#[test]
fn manual_chance_lets_the_client_force_rolls_and_draws() {
    let mut p = Protocol::new();
    ask(&mut p, json!({"cmd": "new", "game": "cc-napoleonics", "seed": 0, "options": {"chance": "manual"}}));
    let legal = ask(&mut p, json!({"cmd": "legal"}));
    assert_eq!(legal["to_move"], json!("chance"));
    assert_eq!(legal["actions"].as_array().map(Vec::len), Some(60), "the first deal may be any of 60 cards");
    // Deal cards 1..=10 in order: A B C D E for each side.
    for card in 1..=10 {
        let r = ask(&mut p, json!({"cmd": "apply", "action": format!("draw-{card}")}));
        assert_eq!(r["ok"], json!(true), "{r}");
    }
    let view = ask(&mut p, json!({"cmd": "observe", "player": 0}))["observation"].clone();
    assert_eq!(view["sides"][0]["slots"]["A"], json!([1]));
    assert_eq!(view["sides"][0]["slots"]["B"], json!([2]));
    assert_eq!(view["sides"][0]["slots"]["C"], json!([null]), "slot C is dealt face-down");
    assert_eq!(view["sides"][1]["slots"]["A"], json!([6]));
    ask(&mut p, json!({"cmd": "apply", "action": "roll"}));
    let r = ask(&mut p, json!({"cmd": "apply", "action": "fate-3"}));
    assert_eq!(r["ok"], json!(true), "{r}");
    let view = ask(&mut p, json!({"cmd": "observe", "player": 0}))["observation"].clone();
    assert_eq!(view["sides"][0]["slots"]["C"], json!([3]), "face 3 turns C face-up");
    assert_eq!(view["sides"][0]["slots"]["D"], json!([null]), "face 3 leaves D alone");
}

#[test]
fn undo_export_and_import() {
    let mut p = Protocol::new();
    ask(&mut p, json!({"cmd": "new", "game": "wilderness-war", "seed": 3}));
    let undo = ask(&mut p, json!({"cmd": "undo"}));
    assert_eq!(undo["ok"], json!(false), "the deal cannot be undone: {undo}");
    let before = ask(&mut p, json!({"cmd": "export"}));
    ask(&mut p, json!({"cmd": "apply", "action": "cards-remaining-down"}));
    let undo = ask(&mut p, json!({"cmd": "undo"}));
    assert_eq!(undo["ok"], json!(true), "{undo}");
    assert_eq!(undo["undone"], json!("cards-remaining-down"));
    assert_eq!(ask(&mut p, json!({"cmd": "export"})), before);
    let id = first_action(&mut p);
    ask(&mut p, json!({"cmd": "apply", "action": id}));
    let record = ask(&mut p, json!({"cmd": "export"}))["record"].clone();
    let mut q = Protocol::new();
    let r = ask(&mut q, json!({"cmd": "import", "record": record.clone()}));
    assert_eq!(r["ok"], json!(true), "{r}");
    assert_eq!(
        ask(&mut q, json!({"cmd": "observe", "player": 0})),
        ask(&mut p, json!({"cmd": "observe", "player": 0}))
    );
    // A tampered record names the bad step.
    let mut broken = record;
    broken["log"][4]["id"] = json!("draw-9999");
    let r = ask(&mut q, json!({"cmd": "import", "record": broken}));
    assert!(r["error"].as_str().unwrap_or_default().contains("step 4"), "{r}");
    let r = ask(&mut q, json!({"cmd": "import", "record": {"game": "1960", "format": 99}}));
    assert_eq!(r["ok"], json!(false));
}

#[test]
fn serve_answers_line_by_line_and_skips_blank_lines() {
    let input = b"{\"cmd\":\"games\"}\n\n\xff\xfe\n{\"cmd\":\"status\"}\n";
    let mut output = Vec::new();
    serve(&input[..], &mut output).expect("serving works");
    let lines: Vec<Value> =
        String::from_utf8_lossy(&output).lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["games"].as_array().map(Vec::len), Some(13));
    assert!(lines[1]["error"].as_str().unwrap_or_default().contains("UTF-8"));
    assert!(lines[2]["error"].as_str().unwrap_or_default().contains("no game in progress"));
}

#[test]
fn manoeuvre_is_the_full_game_and_plays_to_an_end() {
    let mut p = Protocol::new();
    let r = ask(&mut p, json!({"cmd": "new", "game": "manoeuvre", "seed": 3, "options": {"quick_start": true}}));
    assert_eq!(r["ok"], json!(true), "{r}");
    let view = ask(&mut p, json!({"cmd": "observe", "player": 0}))["observation"].clone();
    assert_eq!(view["units"].as_array().map(Vec::len), Some(16), "both armies deployed: {view}");
    let mut steps = 0;
    loop {
        let legal = ask(&mut p, json!({"cmd": "legal"}));
        if legal["to_move"] == json!("terminal") {
            break;
        }
        let id = legal["actions"][0]["id"].clone();
        let r = ask(&mut p, json!({"cmd": "apply", "action": id}));
        assert_eq!(r["ok"], json!(true), "{r}");
        steps += 1;
        assert!(steps < 20_000, "the game should end");
    }
    let status = ask(&mut p, json!({"cmd": "status"}));
    assert_eq!(status["over"], json!(true));
    assert!(status["result"]["reason"].as_str().is_some_and(|r| !r.is_empty()), "{status}");
    let r = ask(&mut p, json!({"cmd": "apply", "action": "end-discard"}));
    assert!(r["error"].as_str().unwrap_or_default().contains("over"), "{r}");
    // The finished game survives export and import.
    let record = ask(&mut p, json!({"cmd": "export"}))["record"].clone();
    assert_eq!(record["game"], json!("manoeuvre"));
    let mut q = Protocol::new();
    assert_eq!(ask(&mut q, json!({"cmd": "import", "record": record}))["ok"], json!(true));
    assert_eq!(ask(&mut q, json!({"cmd": "status"}))["result"], status["result"]);
}

#[test]
fn manoeuvre_options_are_checked_by_name() {
    let mut p = Protocol::new();
    for (options, expect) in [
        (json!({"armies": ["FR", "Atlantis"]}), "no nation called 'Atlantis'"),
        (json!({"armies": ["FR", "France"]}), "must differ"),
        (json!({"hand_modes": ["hand", "cards"]}), "hand_modes[1]: \"cards\" is not a hand mode"),
        (json!({"map": {"sections": [1, 2, 3, 99]}}), "no map section 99"),
        (json!({"speed": 3}), "unknown option \"speed\""),
        (json!({"chance": "sometimes"}), "chance"),
    ] {
        let r = ask(&mut p, json!({"cmd": "new", "game": "manoeuvre", "options": options}));
        assert_eq!(r["ok"], json!(false), "{r}");
        assert!(r["error"].as_str().unwrap_or_default().contains(expect), "expected '{expect}' in {r}");
    }
    let r = ask(
        &mut p,
        json!({"cmd": "new", "game": "manoeuvre", "options": {"armies": ["FR", "BR"], "hand_modes": ["hand", "display"]}}),
    );
    assert_eq!(r["ok"], json!(true), "{r}");
    assert_eq!(r["status"]["steps"], json!(2), "the two d10s for first player are rolled at once: {r}");
    let name = r["status"]["to_move"]["name"].as_str().unwrap_or_default();
    assert!(name == "France" || name == "Great Britain", "the winner of the roll places the map: {r}");
}

#[test]
fn manual_chance_applies_to_the_full_game() {
    let mut p = Protocol::new();
    ask(&mut p, json!({"cmd": "new", "game": "manoeuvre", "options": {"chance": "manual", "armies": ["FR", "BR"]}}));
    let legal = ask(&mut p, json!({"cmd": "legal"}));
    assert_eq!(legal["to_move"], json!("chance"));
    assert_eq!(legal["actions"].as_array().map(Vec::len), Some(10), "a d10 for first player");
    ask(&mut p, json!({"cmd": "apply", "action": "die-3"}));
    ask(&mut p, json!({"cmd": "apply", "action": "die-9"}));
    let legal = ask(&mut p, json!({"cmd": "legal"}));
    assert_eq!(legal["to_move"]["player"], json!(1), "the higher roll goes first and places the map: {legal}");
    assert!(legal["actions"][0]["label"].as_str().unwrap_or_default().contains("map section"));
}

#[test]
fn a_manifest_names_the_cards_once_they_are_in_sight() {
    let mut p = Protocol::new();
    let manifest = json!({
        "game": "wilderness-war",
        "cards": [{"number": 6, "name": "Surrender!", "ops": 1, "event": true}]
    });
    let r = ask(
        &mut p,
        json!({"cmd": "new", "game": "wilderness-war", "options": {"chance": "manual", "manifest": manifest}}),
    );
    assert_eq!(r["ok"], json!(true), "{r}");
    // The manifest's card is card 1 of the deck; deal it to slot A, which is dealt face-up.
    let legal = ask(&mut p, json!({"cmd": "legal"}));
    let label = legal["actions"][0]["label"].as_str().unwrap_or_default().to_string();
    assert!(label.contains("#6 Surrender!"), "a draw names the physical card to take: {label}");
    ask(&mut p, json!({"cmd": "apply", "action": "draw-1"}));
    let view = ask(&mut p, json!({"cmd": "observe", "player": 0}))["observation"].clone();
    assert_eq!(view["sides"][0]["slots"]["A"], json!([1]));
    assert!(view["cards"].to_string().contains("Surrender!"), "{view}");
    let bad = ask(
        &mut p,
        json!({"cmd": "new", "game": "wilderness-war", "options": {"manifest": {"game": "wilderness-war", "cards": [{"name": ""}]}}}),
    );
    assert_eq!(bad["ok"], json!(false), "{bad}");
}

#[test]
fn apply_answers_with_what_to_do_at_the_table() {
    let mut p = Protocol::new();
    let new = ask(&mut p, json!({"cmd": "new", "game": "pursuit-of-glory", "seed": 4}));
    let setup: Vec<&str> = new["events"].as_array().map_or(vec![], |a| a.iter().filter_map(Value::as_str).collect());
    assert!(setup.iter().any(|e| e.starts_with("Shuffle Allied Powers' deck")), "{setup:?}");
    assert_eq!(setup.iter().filter(|e| e.starts_with("Draw a card face-down into slot")).count(), 4, "{setup:?}");
    let rolled = ask(&mut p, json!({"cmd": "apply", "action": "roll"}));
    let events: Vec<&str> =
        rolled["events"].as_array().map_or(vec![], |a| a.iter().filter_map(Value::as_str).collect());
    assert!(events[0].starts_with("Fate Die shows "), "{events:?}");
    assert!(events.iter().skip(1).any(|e| e.starts_with("Turn ")), "a roll turns cards up: {events:?}");
    // The log keeps every step's events; undo takes the step back and its events with it.
    let log = ask(&mut p, json!({"cmd": "events"}));
    let steps = log["steps"].as_array().map_or(0, Vec::len);
    assert!(steps > 8, "{log}");
    assert_eq!(log["setup"].as_array().map_or(0, Vec::len), 6, "two shuffles and four markers: {log}");
    assert!(!log.to_string().contains("draw-"), "no draw names its card: {log}");
    let last = &log["steps"][steps - 1]["events"];
    assert!(last.as_array().is_some_and(|a| !a.is_empty()), "{log}");
}

#[test]
fn a_field_a_request_does_not_take_is_refused_by_name() {
    let mut p = Protocol::new();
    // "see" for "seed": a game with seed 0 would have been started without a word.
    let r = ask(&mut p, json!({"cmd": "new", "game": "1960", "see": 5}));
    assert_eq!(r["ok"], json!(false), "{r}");
    let message = r["error"].as_str().unwrap_or_default();
    assert!(message.contains("unknown field \"see\" (did you mean \"seed\"?)"), "{message}");
    assert!(message.contains("game, seed, options"), "{message}");
    assert_eq!(ask(&mut p, json!({"cmd": "status"}))["ok"], json!(false), "no game was started");
    ask(&mut p, json!({"cmd": "new", "game": "1960", "seed": 5}));
    let before = ask(&mut p, json!({"cmd": "export"}));
    let action = first_action(&mut p);
    for (request, field) in [
        (json!({"cmd": "apply", "action": action, "step": 3}), "step"),
        (json!({"cmd": "observe", "player": 0, "seat": 1}), "seat"),
        (json!({"cmd": "legal", "player": 0}), "player"),
        (json!({"cmd": "undo", "all": true}), "all"),
        (json!({"cmd": "import", "record": {}, "force": true}), "force"),
    ] {
        let r = ask(&mut p, request.clone());
        assert_eq!(r["ok"], json!(false), "{request} -> {r}");
        let message = r["error"].as_str().unwrap_or_default();
        assert!(message.contains(&format!("unknown field \"{field}\"")), "{request}: {message}");
    }
    assert_eq!(ask(&mut p, json!({"cmd": "export"})), before, "nothing was applied");
    // The tag stays allowed everywhere and comes back.
    let r = ask(&mut p, json!({"cmd": "status", "tag": "t1"}));
    assert_eq!((r["ok"].clone(), r["tag"].clone()), (json!(true), json!("t1")), "{r}");
}

#[test]
fn option_values_are_refused_in_the_option_s_words() {
    let mut p = Protocol::new();
    for (game, options, expected) in [
        ("1960", json!({"hand_size": 999}), "bad options: hand_size: 999 is not a hand size (1-12)"),
        ("wilderness-war", json!({"hand_size": [6, "x"]}), "hand_size: \"x\" is not a hand size"),
        ("1960", json!({"chance": 1}), "chance: 1 is not a chance mode"),
        ("1960", json!({"physicl": true}), "unknown option \"physicl\" (did you mean \"physical\"?)"),
        ("manoeuvre", json!({"quickstart": true}), "unknown option \"quickstart\" (did you mean \"quick_start\"?)"),
        ("manoeuvre", json!({"see": 5}), "the options of Manoeuvre are: chance, armies, map"),
    ] {
        let r = ask(&mut p, json!({"cmd": "new", "game": game, "seed": 1, "options": options}));
        assert_eq!(r["ok"], json!(false), "{options} -> {r}");
        let message = r["error"].as_str().unwrap_or_default();
        assert!(message.contains(expected), "{options}: expected '{expected}' in '{message}'");
        assert!(!message.contains("invalid type") && !message.contains("expected u8"), "serde's words: {message}");
    }
    // One number serves both sides.
    let r = ask(&mut p, json!({"cmd": "new", "game": "wilderness-war", "seed": 1, "options": {"hand_size": 6}}));
    assert_eq!(r["ok"], json!(true), "{r}");
}

#[test]
fn an_import_whose_setup_belongs_to_another_game_is_refused() {
    let mut p = Protocol::new();
    ask(&mut p, json!({"cmd": "new", "game": "1960", "seed": 2}));
    let mut record = ask(&mut p, json!({"cmd": "export"}))["record"].clone();
    record["game"] = json!("wilderness-war");
    let r = ask(&mut p, json!({"cmd": "import", "record": record}));
    assert_eq!(r["ok"], json!(false), "{r}");
    let message = r["error"].as_str().unwrap_or_default();
    assert!(message.contains("for 'wilderness-war' but its setup is for playsheet '1960'"), "{message}");
    // A card table's record under the full game's id does not read as Manoeuvre either.
    record["game"] = json!("manoeuvre");
    let r = ask(&mut p, json!({"cmd": "import", "record": record}));
    assert_eq!(r["ok"], json!(false), "{r}");
    // The Manoeuvre card table's setup names the Manoeuvre playsheet, and imports under its id.
    ask(&mut p, json!({"cmd": "new", "game": "manoeuvre-table", "seed": 2}));
    let record = ask(&mut p, json!({"cmd": "export"}))["record"].clone();
    assert_eq!(ask(&mut p, json!({"cmd": "import", "record": record}))["ok"], json!(true));
}
