//! A game on two devices, through the router in process: each seat's secret opens that seat's part
//! of the game and nothing of the other's, a request without a secret opens nothing, undo and hint
//! answer only the seat whose turn it is or whose decision it was, the other device hears what was
//! taken back, and taking the game back to one screen revokes both secrets and tells both devices.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use server::store::Store;
use tower::ServiceExt;

mod common;
use common::{app_on, call, call_with};

const SEAT: &str = "x-cdgsolo-seat";

/// A hotseat game of Manoeuvre (France against Austria), handed to two devices: its id and the
/// two seats' secrets.
async fn on_two_devices(app: &axum::Router, seed: u64) -> (i64, [String; 2]) {
    let options = json!({ "armies": ["FR", "AU"], "quick_start": true });
    let (status, created) =
        call(app, "POST", "/api/games", Some(json!({ "game": "manoeuvre", "seed": seed, "options": options }))).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("an id");
    let (status, handed) = call(app, "POST", &format!("/api/games/{id}/devices"), None).await;
    assert_eq!(status, StatusCode::OK, "{handed}");
    assert_eq!(handed["seats"][0]["name"], "France", "{handed}");
    let key = |seat: usize| handed["seats"][seat]["key"].as_str().expect("a secret").to_string();
    let keys = [key(0), key(1)];
    assert_ne!(keys[0], keys[1]);
    (id, keys)
}

/// Plays the first legal action of whoever is to move, each with its own seat's secret, until
/// `until` holds of the game's status as seat 1 reads it; panics after 300 decisions.
async fn play_until(app: &axum::Router, id: i64, keys: &[String; 2], until: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..300 {
        let (status, seen) = call_with(app, "GET", &format!("/api/games/{id}"), None, &[(SEAT, &keys[1])]).await;
        assert_eq!(status, StatusCode::OK, "{seen}");
        if until(&seen["status"]) {
            return seen;
        }
        let p = seen["status"]["to_move"]["player"].as_u64().expect("a player to move") as usize;
        let (status, legal) = call_with(app, "GET", &format!("/api/games/{id}/legal"), None, &[(SEAT, &keys[p])]).await;
        assert_eq!(status, StatusCode::OK, "{legal}");
        let action = legal["actions"][0]["id"].clone();
        let (status, answer) = call_with(
            app,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(json!({ "action": action })),
            &[(SEAT, &keys[p])],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    panic!("the game never came to the state looked for");
}

/// Every route of a game, as (method, path, body).
fn every_route(id: i64, player: u8, step: u64) -> Vec<(&'static str, String, Option<Value>)> {
    let g = format!("/api/games/{id}");
    vec![
        ("GET", g.clone(), None),
        ("GET", format!("{g}/legal"), None),
        ("POST", format!("{g}/actions"), Some(json!({ "action": "end-movement" }))),
        ("POST", format!("{g}/undo"), None),
        ("POST", format!("{g}/rollback"), Some(json!({ "step": step }))),
        ("GET", format!("{g}/hint"), None),
        ("GET", format!("{g}/observe/{player}"), None),
        ("GET", format!("{g}/history/{player}"), None),
        ("GET", format!("{g}/replay/1/{player}"), None),
        ("GET", format!("{g}/export"), None),
        ("GET", format!("{g}/events"), None),
        ("GET", format!("{g}/live/{player}"), None),
        ("GET", format!("/api/live?follow={id}.{player}"), None),
    ]
}

/// The status of one request (a stream's status comes with its headers; its body is not read).
async fn status_of(app: &axum::Router, method: &str, uri: &str, body: Option<Value>, seat: Option<&str>) -> StatusCode {
    let mut request = Request::builder().method(method).uri(uri).header("content-type", "application/json");
    if let Some(secret) = seat {
        request = request.header(SEAT, secret);
    }
    let request = request.body(body.map_or(Body::empty(), |b| Body::from(b.to_string()))).expect("a request");
    app.clone().oneshot(request).await.expect("an answer").status()
}

#[tokio::test]
async fn with_seat_0s_secret_every_route_for_seat_1_is_refused_and_without_a_secret_every_route() {
    let app = app_on(Store::in_memory().expect("a store"));
    let (id, keys) = on_two_devices(&app, 3).await;
    // Seat 1 to decide, having just made a decision of its own that can be taken back: its
    // legal list, hint, undo and going back are seat 1's, as are its view and history.
    let seen = play_until(&app, id, &keys, |s| s["to_move"]["player"] == 1 && s["undo"] == true).await;
    let steps = seen["status"]["steps"].as_u64().expect("steps");
    let (_, history) = call_with(&app, "GET", &format!("/api/games/{id}/history/1"), None, &[(SEAT, &keys[1])]).await;
    let own = history["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .rev()
        .find(|e| e["decision"] == true)
        .and_then(|e| e["step"].as_u64())
        .expect("a decision of seat 1");
    let before = call_with(&app, "GET", &format!("/api/games/{id}/export"), None, &[]).await;
    assert_eq!(before.0, StatusCode::FORBIDDEN, "{}", before.1);

    for (method, path, body) in every_route(id, 1, own - 1) {
        if path == format!("/api/games/{id}") {
            continue; // the status of the game is both seats' to read
        }
        let got = status_of(&app, method, &path, body, Some(&keys[0])).await;
        assert_eq!(got, StatusCode::FORBIDDEN, "seat 0's secret on {method} {path}");
    }
    for (method, path, body) in every_route(id, 0, own - 1) {
        let got = status_of(&app, method, &path, body.clone(), None).await;
        assert_eq!(got, StatusCode::FORBIDDEN, "no secret on {method} {path}");
        let got = status_of(&app, method, &path, body, Some("0123456789abcdef0123456789abcdef")).await;
        assert_eq!(got, StatusCode::FORBIDDEN, "a wrong secret on {method} {path}");
    }
    // Nothing was changed by all that, and seat 1 plays on with its own secret.
    let (_, after) = call_with(&app, "GET", &format!("/api/games/{id}"), None, &[(SEAT, &keys[1])]).await;
    assert_eq!(after["status"]["steps"].as_u64(), Some(steps));
    for (method, path) in [("GET", format!("/api/games/{id}/observe/1")), ("GET", format!("/api/games/{id}/legal"))] {
        assert_eq!(status_of(&app, method, &path, None, Some(&keys[1])).await, StatusCode::OK, "{path}");
    }
    // Seat 0 reads its own part, and the status says which seat it holds.
    let (status, mine) = call_with(&app, "GET", &format!("/api/games/{id}"), None, &[(SEAT, &keys[0])]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(mine["seat"], 0);
    assert_eq!(mine["status"]["undo"], false, "seat 0 has no decision of its own to take back now");
    assert_eq!(
        status_of(&app, "GET", &format!("/api/games/{id}/observe/0"), None, Some(&keys[0])).await,
        StatusCode::OK
    );
    assert_eq!(
        status_of(&app, "GET", &format!("/api/games/{id}/history/0"), None, Some(&keys[0])).await,
        StatusCode::OK
    );
    // The list of saved games says the game is on two devices.
    let (_, list) = call(&app, "GET", "/api/games", None).await;
    assert_eq!(list["games"][0]["devices"], true, "{list}");
}

#[tokio::test]
async fn a_hint_is_for_the_seat_to_decide_and_an_undo_for_the_seat_that_decided() {
    let app = app_on(Store::in_memory().expect("a store"));
    let (id, keys) = on_two_devices(&app, 5).await;
    let seen = play_until(&app, id, &keys, |s| s["to_move"]["player"] == 1 && s["undo"] == true).await;
    let steps = seen["status"]["steps"].as_u64().expect("steps");

    let (status, refused) = call_with(&app, "GET", &format!("/api/games/{id}/hint"), None, &[(SEAT, &keys[0])]).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert!(refused.to_string().contains("wait for your turn"), "{refused}");
    let (status, hint) = call_with(&app, "GET", &format!("/api/games/{id}/hint"), None, &[(SEAT, &keys[1])]).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    let (_, legal) = call_with(&app, "GET", &format!("/api/games/{id}/legal"), None, &[(SEAT, &keys[1])]).await;
    for m in hint["moves"].as_array().expect("moves") {
        assert!(legal["actions"].as_array().expect("actions").iter().any(|a| a["id"] == m["id"]), "{m}");
    }

    // Seat 0's page follows the game; seat 0 may not take back seat 1's decision, seat 1 may,
    // and seat 0 hears what it was in its own words.
    let (_, before) = call_with(&app, "GET", &format!("/api/games/{id}/history/0"), None, &[(SEAT, &keys[0])]).await;
    let stream = open_stream(&app, &format!("/api/games/{id}/live/0?seat={}", keys[0])).await;
    let (status, refused) = call_with(&app, "POST", &format!("/api/games/{id}/undo"), None, &[(SEAT, &keys[0])]).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    let (status, undone) = call_with(&app, "POST", &format!("/api/games/{id}/undo"), None, &[(SEAT, &keys[1])]).await;
    assert_eq!(status, StatusCode::OK, "{undone}");
    let now = undone["status"]["steps"].as_u64().expect("steps");
    assert!(now < steps);
    let told = next_event(stream, |e| e.get("undone").is_some()).await;
    assert_eq!(told["game"], id);
    // The words are those seat 0's history gave the decision taken back (the first step gone).
    let expected = &before["entries"][usize::try_from(now).expect("a step")]["label"];
    assert!(expected.as_str().is_some_and(|w| !w.is_empty()), "{before}");
    assert_eq!(&told["undone"], expected, "{told}");
}

#[tokio::test]
async fn taking_the_game_back_to_one_screen_revokes_both_secrets_and_tells_both_devices() {
    let app = app_on(Store::in_memory().expect("a store"));
    let (id, keys) = on_two_devices(&app, 7).await;
    let streams = [
        open_stream(&app, &format!("/api/games/{id}/live/0?seat={}", keys[0])).await,
        open_stream(&app, &format!("/api/games/{id}/live/1?seat={}", keys[1])).await,
    ];
    // A seat may not hand the game out again, nor delete it.
    assert_eq!(
        status_of(&app, "POST", &format!("/api/games/{id}/devices"), None, Some(&keys[0])).await,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        status_of(&app, "DELETE", &format!("/api/games/{id}"), None, Some(&keys[0])).await,
        StatusCode::FORBIDDEN
    );
    let (status, back) = call(&app, "DELETE", &format!("/api/games/{id}/devices"), None).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["was_on_devices"], true);
    for stream in streams {
        let told = next_event(stream, |e| e.get("devices").is_some()).await;
        assert_eq!(told["devices"], false, "{told}");
    }
    for key in &keys {
        let (status, refused) = call_with(&app, "GET", &format!("/api/games/{id}"), None, &[(SEAT, key)]).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
        assert!(refused["error"].as_str().is_some_and(|e| e.contains("taken back to one screen")), "{refused}");
    }
    let (status, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["seat"], Value::Null);
    // Handed out again, the old secrets stay refused.
    let (_, handed) = call(&app, "POST", &format!("/api/games/{id}/devices"), None).await;
    assert_ne!(handed["seats"][0]["key"].as_str(), Some(keys[0].as_str()));
    let (status, refused) = call_with(&app, "GET", &format!("/api/games/{id}"), None, &[(SEAT, &keys[0])]).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
}

#[tokio::test]
async fn only_a_game_of_two_people_with_secret_hands_goes_to_two_devices() {
    let app = app_on(Store::in_memory().expect("a store"));
    let bot = json!({ "game": "manoeuvre", "seed": 1, "options": { "quick_start": true }, "bots": [null, "rules"] });
    let (_, created) = call(&app, "POST", "/api/games", Some(bot)).await;
    let (status, refused) = call(&app, "POST", &format!("/api/games/{}/devices", created["id"]), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(refused["error"].as_str().is_some_and(|e| e.contains("bot")), "{refused}");
    let (_, table) = call(&app, "POST", "/api/games", Some(json!({ "game": "wilderness-war", "seed": 1 }))).await;
    let (status, refused) = call(&app, "POST", &format!("/api/games/{}/devices", table["id"]), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
}

#[tokio::test]
async fn a_deleted_games_stream_says_so_and_ends() {
    let app = app_on(Store::in_memory().expect("a store"));
    let (_, created) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "game": "manoeuvre", "seed": 2, "options": { "quick_start": true } })),
    )
    .await;
    let id = created["id"].as_i64().expect("an id");
    let mut stream = open_stream(&app, &format!("/api/games/{id}/live/0")).await;
    let (status, _) = call(&app, "DELETE", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    let mut text = String::new();
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(frame) = stream.frame().await {
            if let Ok(data) = frame.expect("a frame").into_data() {
                text.push_str(&String::from_utf8_lossy(&data));
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the stream ended: {text}");
    assert!(text.contains("\"deleted\":true"), "{text}");
}

/// Opens a live stream and checks that it is served.
async fn open_stream(app: &axum::Router, uri: &str) -> Body {
    let request = Request::builder().uri(uri).body(Body::empty()).expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    assert_eq!(response.status(), StatusCode::OK, "{uri}");
    response.into_body()
}

/// The first event of `stream` whose data `wanted` accepts, within ten seconds.
async fn next_event(mut stream: Body, wanted: impl Fn(&Value) -> bool) -> Value {
    let mut text = String::new();
    let found = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let frame = stream.frame().await.expect("the stream goes on").expect("a frame");
            let Ok(data) = frame.into_data() else { continue };
            text.push_str(&String::from_utf8_lossy(&data));
            for line in text.lines() {
                if let Some(json) = line.strip_prefix("data: ").and_then(|d| serde_json::from_str::<Value>(d).ok())
                    && wanted(&json)
                {
                    return json;
                }
            }
        }
    })
    .await;
    found.unwrap_or_else(|_| panic!("no such event in ten seconds: {text}"))
}
