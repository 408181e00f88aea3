//! History, replay and rollback through the API: every step told as a player may know it with its
//! combat report, the position after any step from a player's own seat, and rollbacks to a person's
//! decision or a turn's start that are saved, listed, refused where they must be, and cannot change
//! the dice (chance outcome k comes from the seed and k).

use axum::http::StatusCode;
use serde_json::{Value, json};
use server::store::Store;

mod common;
use common::{app_on, call};

fn app() -> axum::Router {
    app_on(Store::in_memory().expect("a store"))
}

async fn new_game(app: &axum::Router, seed: u64, bots: Value) -> (i64, Value) {
    let options = json!({ "armies": ["FR", "AU"], "quick_start": true });
    let request = json!({ "game": "manoeuvre", "seed": seed, "options": options, "bots": bots });
    let (status, created) = call(app, "POST", "/api/games", Some(request)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    (created["id"].as_i64().expect("an id"), created)
}

/// A small deterministic stream of choices.
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A decision for the player to move: a fight when one is offered, otherwise any legal action.
fn choose(legal: &Value, pick: &mut Pick) -> String {
    let ids: Vec<&str> =
        legal["actions"].as_array().expect("actions").iter().filter_map(|a| a["id"].as_str()).collect();
    let fights: Vec<&str> = ids
        .iter()
        .copied()
        .filter(|id| ["assault-", "bombard-", "volley-"].iter().any(|p| id.starts_with(p)))
        .collect();
    if !fights.is_empty() {
        return fights[pick.below(fights.len())].to_string();
    }
    ids[pick.below(ids.len())].to_string()
}

fn steps(answer: &Value) -> u64 {
    answer["status"]["steps"].as_u64().expect("steps")
}

fn is_result_line(line: &str) -> bool {
    line.starts_with("Rockets: the d10 shows ")
        || ["Assault", "Ambush", "Bombardment", "Volley", "Grand Battery"]
            .iter()
            .any(|k| line.starts_with(&format!("{k}: attack ")))
}

#[tokio::test]
async fn a_rollback_before_a_combat_brings_back_the_same_dice_and_is_kept_in_the_history() {
    let app = app();
    let (id, _) = new_game(&app, 21, json!([null, null])).await;
    let uri = |tail: &str| format!("/api/games/{id}{tail}");
    let mut pick = Pick(0x5EED);
    // Play until a combat has been fought.
    let mut fought = Value::Null;
    for _ in 0..3000 {
        let (_, legal) = call(&app, "GET", &uri("/legal"), None).await;
        let action = choose(&legal, &mut pick);
        let (status, applied) = call(&app, "POST", &uri("/actions"), Some(json!({ "action": action }))).await;
        assert_eq!(status, StatusCode::OK, "{applied}");
        if applied["events"].as_array().expect("events").iter().any(|l| l.as_str().is_some_and(is_result_line)) {
            fought = applied["combat"].clone();
            assert!(!fought.is_null(), "the answer carries the combat it resolved: {applied}");
            break;
        }
        assert_eq!(applied["combat"], Value::Null, "no combat was resolved: {applied}");
    }
    assert!(!fought.is_null(), "no combat in 3000 decisions");
    let (_, history) = call(&app, "GET", &uri("/history/0"), None).await;
    let entries = history["entries"].as_array().expect("entries").clone();
    assert_eq!(history["steps"].as_u64(), Some(entries.len() as u64));
    let resolved = entries.iter().rposition(|e| !e["combat"].is_null()).expect("the combat's report");
    let report = entries[resolved]["combat"].clone();
    let dice = report["dice"].clone();
    assert!(!dice.as_array().expect("dice").is_empty(), "{report}");
    assert_eq!((&fought["dice"], &fought["attack_total"]), (&dice, &report["attack_total"]), "as the answer told it");
    assert_eq!(entries[resolved]["actor"], Value::Null, "the last die is chance");
    // The combat was declared in an earlier step by a person.
    let kind = report["kind"].as_str().expect("a kind");
    let declared = entries[..resolved]
        .iter()
        .rposition(|e| {
            e["events"]
                .as_array()
                .expect("events")
                .iter()
                .filter_map(Value::as_str)
                .any(|l| l.starts_with(&format!("{kind}: ")) && !l.starts_with(&format!("{kind}: attack ")))
        })
        .expect("the declaration");
    assert_eq!(entries[declared]["decision"], true, "{}", entries[declared]);
    let (_, record) = call(&app, "GET", &uri("/export"), None).await;
    let old_log = record["log"].as_array().expect("a log").clone();
    let before = old_log.len();
    // Back to the position before the declaration.
    let (status, rolled) = call(&app, "POST", &uri("/rollback"), Some(json!({ "step": declared }))).await;
    assert_eq!(status, StatusCode::OK, "{rolled}");
    assert_eq!((rolled["step"].as_u64(), rolled["from"].as_u64()), (Some(declared as u64), Some(before as u64)));
    assert_eq!(steps(&rolled), declared as u64);
    // The same decisions again: the same dice come, in the same steps.
    for entry in &old_log[declared..=resolved] {
        if entry["by"] == "chance" {
            continue;
        }
        let (status, applied) = call(&app, "POST", &uri("/actions"), Some(json!({ "action": entry["id"] }))).await;
        assert_eq!(status, StatusCode::OK, "{applied}");
    }
    let (_, again) = call(&app, "GET", &uri("/history/0"), None).await;
    assert_eq!(again["entries"][resolved]["combat"]["dice"], dice, "the dice after the rollback");
    assert_eq!(again["entries"][resolved]["combat"], report);
    assert_eq!(again["rollbacks"].as_array().map(Vec::len), Some(1));
    assert_eq!(again["rollbacks"][0]["at"].as_u64(), Some(declared as u64));
    assert_eq!(again["rollbacks"][0]["from"].as_u64(), Some(before as u64));
    assert!(again["rollbacks"][0]["when"].as_str().is_some_and(|w| w.len() >= 10), "{}", again["rollbacks"]);
    // The replay of the resolving step shows the same combat.
    let (status, replayed) = call(&app, "GET", &uri(&format!("/replay/{}/0", resolved + 1)), None).await;
    assert_eq!(status, StatusCode::OK, "{replayed}");
    assert_eq!(replayed["combat"]["dice"], dice);
    assert_eq!(replayed["events"], again["entries"][resolved]["events"]);
    // Undo still works after a rollback: a decision that threw no dice is taken back.
    let mut undone = false;
    for _ in 0..200 {
        let (_, game) = call(&app, "GET", &uri(""), None).await;
        if game["status"]["over"] == true {
            break;
        }
        let now = steps(&game);
        let (_, legal) = call(&app, "GET", &uri("/legal"), None).await;
        let action = choose(&legal, &mut pick);
        let (status, applied) = call(&app, "POST", &uri("/actions"), Some(json!({ "action": action }))).await;
        assert_eq!(status, StatusCode::OK, "{applied}");
        if steps(&applied) == now + 1 {
            let (status, answer) = call(&app, "POST", &uri("/undo"), None).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            assert_eq!(steps(&answer), now);
            undone = true;
            break;
        }
    }
    assert!(undone, "no decision to undo after the rollback");
}

#[tokio::test]
async fn rollbacks_to_the_future_to_chance_or_of_unknown_games_are_refused() {
    let app = app();
    let (id, _) = new_game(&app, 5, json!([null, null])).await;
    let uri = |tail: &str| format!("/api/games/{id}{tail}");
    let mut pick = Pick(77);
    for _ in 0..60 {
        let (_, legal) = call(&app, "GET", &uri("/legal"), None).await;
        let action = choose(&legal, &mut pick);
        call(&app, "POST", &uri("/actions"), Some(json!({ "action": action }))).await;
    }
    let (_, game) = call(&app, "GET", &uri(""), None).await;
    let now = steps(&game);
    for step in [now, now + 5] {
        let (status, answer) = call(&app, "POST", &uri("/rollback"), Some(json!({ "step": step }))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert!(answer["error"].as_str().is_some_and(|e| e.contains("not before the present")), "{answer}");
    }
    let (_, history) = call(&app, "GET", &uri("/history/0"), None).await;
    let turn_starts: Vec<u64> =
        history["turns"].as_array().expect("turns").iter().filter_map(|t| t["step"].as_u64()).collect();
    assert!(!turn_starts.is_empty(), "{}", history["turns"]);
    let chance = history["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["step"].as_u64().expect("a step") - 1)
        .zip(history["entries"].as_array().expect("entries"))
        .find(|(at, e)| e["actor"].is_null() && !turn_starts.contains(at))
        .map(|(at, _)| at)
        .expect("a roll or a draw");
    let (status, answer) = call(&app, "POST", &uri("/rollback"), Some(json!({ "step": chance }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().is_some_and(|e| e.contains("roll or a draw")), "{answer}");
    let (status, answer) = call(&app, "POST", "/api/games/9999/rollback", Some(json!({ "step": 0 }))).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    let (status, answer) = call(&app, "POST", &uri("/rollback"), Some(json!({ "stp": 1 }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    // Nothing was changed by the refusals.
    let (_, after) = call(&app, "GET", &uri(""), None).await;
    assert_eq!(steps(&after), now);
    let (_, history) = call(&app, "GET", &uri("/history/0"), None).await;
    assert_eq!(history["rollbacks"], json!([]));
    // A turn's start is a place to roll back to.
    let turn = *turn_starts.last().expect("a turn");
    if turn < now {
        let (status, answer) = call(&app, "POST", &uri("/rollback"), Some(json!({ "step": turn }))).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    // Replays are bounded by the steps played; step 0 is the position before the first step.
    let (_, game) = call(&app, "GET", &uri(""), None).await;
    let now = steps(&game);
    let (status, answer) = call(&app, "GET", &uri(&format!("/replay/{}/0", now + 1)), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let (status, first) = call(&app, "GET", &uri("/replay/0/1"), None).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["step"], 0);
    assert_eq!(first["observation"]["player"], 1);
    let (_, last) = call(&app, "GET", &uri(&format!("/replay/{now}/1")), None).await;
    let (_, seen) = call(&app, "GET", &uri("/observe/1"), None).await;
    assert_eq!(last["observation"], seen, "the replay of the last step is the position now");
    let (status, _) = call(&app, "GET", &uri("/replay/x/0"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = call(&app, "GET", &uri("/history/2"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Deleting the game deletes its rollbacks with it.
    let (status, _) = call(&app, "DELETE", &uri(""), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = call(&app, "GET", &uri("/history/0"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn against_a_bot_the_history_tells_its_moves_as_they_were_told_and_rollbacks_need_a_person() {
    let app = app();
    let (id, created) = new_game(&app, 9, json!([null, "rules"])).await;
    let uri = |tail: &str| format!("/api/games/{id}{tail}");
    let mut told: Vec<String> = created["bot_moves"]
        .as_array()
        .expect("bot moves")
        .iter()
        .filter_map(|m| m["label"].as_str().map(str::to_string))
        .collect();
    let mut pick = Pick(3);
    for _ in 0..80 {
        let (_, game) = call(&app, "GET", &uri(""), None).await;
        if game["status"]["over"] == true {
            break;
        }
        let (_, legal) = call(&app, "GET", &uri("/legal"), None).await;
        let action = choose(&legal, &mut pick);
        let (status, applied) = call(&app, "POST", &uri("/actions"), Some(json!({ "action": action }))).await;
        assert_eq!(status, StatusCode::OK, "{applied}");
        for m in applied["bot_moves"].as_array().expect("a list") {
            let resolved =
                m["events"].as_array().expect("events").iter().any(|l| l.as_str().is_some_and(is_result_line));
            assert_eq!(!m["combat"].is_null(), resolved, "a bot move carries the combat it resolved: {m}");
        }
        // The person's lone steps taken for them are listed with the bot's moves; only the bot's here.
        told.extend(
            applied["bot_moves"]
                .as_array()
                .expect("a list")
                .iter()
                .filter(|m| m["taken_for_player"] != json!(true))
                .filter_map(|m| m["label"].as_str().map(str::to_string)),
        );
    }
    let (_, history) = call(&app, "GET", &uri("/history/0"), None).await;
    let entries = history["entries"].as_array().expect("entries");
    let bot_labels: Vec<String> =
        entries.iter().filter(|e| e["actor"] == 1).filter_map(|e| e["label"].as_str().map(str::to_string)).collect();
    assert!(bot_labels.len() > 10, "{}", bot_labels.len());
    assert_eq!(bot_labels, told, "the history tells the bot's moves as the answers told them");
    assert!(bot_labels.iter().any(|l| l.contains("cards you cannot see")), "some bot moves name hidden cards");
    for e in entries {
        assert_eq!(e["decision"], e["actor"] == 0 && e["taken_for_player"] == false, "{e}");
    }
    assert!(entries.iter().any(|e| e["taken_for_player"] == true), "lone steps were taken for the person");
    // The bot's own view of its moves is not masked.
    let (_, theirs) = call(&app, "GET", &uri("/history/1"), None).await;
    assert!(
        theirs["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .filter(|e| e["actor"] == 1)
            .all(|e| !e["label"].as_str().is_some_and(|l| l.contains("cannot see")))
    );
    // A bot's decision point is refused, a person's is taken, and the person is then to move.
    let turn_starts: Vec<u64> =
        history["turns"].as_array().expect("turns").iter().filter_map(|t| t["step"].as_u64()).collect();
    let bot_point = entries
        .iter()
        .map(|e| e["step"].as_u64().expect("a step") - 1)
        .zip(entries)
        .find(|(at, e)| e["actor"] == 1 && !turn_starts.contains(at))
        .map(|(at, _)| at)
        .expect("a bot's decision");
    let (status, answer) = call(&app, "POST", &uri("/rollback"), Some(json!({ "step": bot_point }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().is_some_and(|e| e.contains("a bot decides")), "{answer}");
    let person_point =
        entries.iter().rfind(|e| e["decision"] == true).expect("a decision")["step"].as_u64().expect("a step") - 1;
    let (status, answer) = call(&app, "POST", &uri("/rollback"), Some(json!({ "step": person_point }))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(steps(&answer), person_point);
    assert_eq!(answer["status"]["to_move"]["player"], 0, "{answer}");
    // Back to the start of a turn of the bot's: the bot plays it again, as before, up to the person.
    let bot_turn = history["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .filter(|t| t["player"] == 1 && t["step"].as_u64().is_some_and(|s| s < person_point))
        .filter_map(|t| t["step"].as_u64())
        .next_back();
    assert!(bot_turn.is_some(), "the bot had a turn: {}", history["turns"]);
    if let Some(turn) = bot_turn {
        let (status, answer) = call(&app, "POST", &uri("/rollback"), Some(json!({ "step": turn }))).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["status"]["to_move"]["player"], 0, "{answer}");
        assert!(steps(&answer) > turn, "the bot played its turn: {answer}");
        let (_, again) = call(&app, "GET", &uri("/history/0"), None).await;
        let labels = |h: &Value, upto: u64| -> Vec<Value> {
            h["entries"].as_array().expect("entries").iter().take(upto as usize).map(|e| e["label"].clone()).collect()
        };
        let upto = steps(&answer);
        assert_eq!(labels(&again, upto), labels(&history, upto), "the same moves and draws as the first time");
        assert_eq!(again["rollbacks"].as_array().map(Vec::len), Some(2));
    }
}

#[tokio::test]
async fn a_card_table_has_a_history_without_turns_or_combat_reports() {
    let app = app();
    let (status, created) =
        call(&app, "POST", "/api/games", Some(json!({ "game": "wilderness-war", "seed": 3 }))).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("an id");
    let uri = |tail: &str| format!("/api/games/{id}{tail}");
    let mut pick = Pick(11);
    for _ in 0..12 {
        let (_, legal) = call(&app, "GET", &uri("/legal"), None).await;
        let action = choose(&legal, &mut pick);
        let (status, applied) = call(&app, "POST", &uri("/actions"), Some(json!({ "action": action }))).await;
        assert_eq!(status, StatusCode::OK, "{applied}");
    }
    let (status, history) = call(&app, "GET", &uri("/history/0"), None).await;
    assert_eq!(status, StatusCode::OK, "{history}");
    let entries = history["entries"].as_array().expect("entries");
    assert_eq!(history["steps"].as_u64(), Some(entries.len() as u64));
    assert!(entries.len() >= 12);
    assert_eq!(history["turns"], json!([]));
    for e in entries {
        assert!(e["combat"].is_null() && e["turn"].is_null(), "{e}");
        assert_eq!(e["decision"], !e["actor"].is_null(), "{e}");
    }
    let (status, replayed) = call(&app, "GET", &uri("/replay/3/0"), None).await;
    assert_eq!(status, StatusCode::OK, "{replayed}");
    assert_eq!(replayed["events"], entries[2]["events"]);
}

/// A card drawn face-down is named in no one's history (the assistant's player does not know it
/// either); a card drawn face-up is. Both kinds happen in the deal of a 1960 table.
#[tokio::test]
async fn a_card_drawn_face_down_is_not_named_in_the_history() {
    // The table's own numbers; the built-in card list with the program's shuffle, where the player
    // takes each card by its printed number (the step says which): either way the entry says only
    // how the card lies.
    for (options, hidden) in [
        (json!({ "game": "1960", "seed": 3 }), "a card is drawn face-down"),
        (json!({ "game": "1960", "seed": 3, "options": {"manifest": "builtin"} }), "a card is drawn face-down"),
    ] {
        face_down_draws_in_the_history(options, hidden).await;
    }
}

async fn face_down_draws_in_the_history(options: serde_json::Value, hidden: &str) {
    let app = app();
    let (status, created) = call(&app, "POST", "/api/games", Some(options)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("an id");
    let (_, legal) = call(&app, "GET", &format!("/api/games/{id}/legal"), None).await;
    let roll = legal["actions"].as_array().and_then(|l| l.iter().find(|a| a["id"] == "roll")).expect("a roll");
    let (status, _) =
        call(&app, "POST", &format!("/api/games/{id}/actions"), Some(json!({ "action": roll["id"] }))).await;
    assert_eq!(status, StatusCode::OK);
    for player in 0..2 {
        let (status, history) = call(&app, "GET", &format!("/api/games/{id}/history/{player}"), None).await;
        assert_eq!(status, StatusCode::OK, "{history}");
        let entries = history["entries"].as_array().expect("entries");
        let (mut down, mut up) = (0, 0);
        for e in entries.iter().filter(|e| e["actor"].is_null()) {
            let told = e["events"].to_string();
            let label = e["label"].as_str().unwrap_or_default();
            if told.contains("face-down into") {
                down += 1;
                assert_eq!(label, hidden, "{e}");
            } else if told.contains("face-up into") {
                up += 1;
                assert!(label.ends_with("comes off the deck"), "a face-up draw is named: {e}");
            }
        }
        assert!(down >= 4 && up >= 2, "the deal drew {down} cards face-down and {up} face-up");
    }
}
