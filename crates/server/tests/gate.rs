//! What the server refuses before a handler runs, and what no request can do to the others: pages
//! of other origins and other host names are refused, bodies must be JSON, every refusal is a JSON
//! error; bots are held to the hard level's budget; a game's lock never holds up another game; the
//! games open in memory stay bounded.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use server::api::{Games, router_with};
use server::gate::Gate;
use server::store::Store;
use tower::ServiceExt;

mod common;
use common::{app_on, call};

/// One request with exactly these headers; the status and the body as JSON (null when not JSON).
async fn raw(app: &axum::Router, method: &str, uri: &str, headers: &[(&str, &str)], body: &str) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = app.clone().oneshot(request.body(Body::from(body.to_string())).expect("a request")).await;
    let response = response.expect("an answer");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

fn app_at_8080() -> axum::Router {
    router_with(Arc::new(Games::new(Store::in_memory().expect("a store"))), Gate::loopback(Some(8080)))
}

fn error_of(answer: &Value) -> &str {
    answer["error"].as_str().filter(|e| !e.is_empty()).unwrap_or_else(|| panic!("a JSON error body: {answer}"))
}

#[tokio::test]
async fn a_body_that_is_not_declared_json_is_refused_with_415_and_nothing_is_made() {
    let app = app_at_8080();
    let body = json!({ "game": "wilderness-war", "seed": 1 }).to_string();
    for kind in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
        let (status, answer) = raw(&app, "POST", "/api/games", &[("content-type", kind)], &body).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{kind}: {answer}");
        assert!(error_of(&answer).contains("application/json"), "{answer}");
    }
    // A body with no type at all is refused too; a body-less undo needs none.
    let (status, _) = raw(&app, "POST", "/api/games", &[], &body).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (_, list) = raw(&app, "GET", "/api/games", &[], "").await;
    assert_eq!(list["games"], json!([]), "nothing was created");
    let (status, made) =
        raw(&app, "POST", "/api/games", &[("content-type", "application/json; charset=utf-8")], &body).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let id = made["id"].as_i64().expect("an id");
    let (status, answer) = raw(&app, "POST", &format!("/api/games/{id}/undo"), &[], "").await;
    assert_ne!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{answer}");
}

#[tokio::test]
async fn another_origin_or_site_may_not_use_the_api() {
    let app = app_at_8080();
    let body = json!({ "game": "wilderness-war", "seed": 1 }).to_string();
    let json_kind = ("content-type", "application/json");
    for headers in [
        vec![json_kind, ("origin", "http://127.0.0.1:9999")],
        vec![json_kind, ("origin", "http://evil.example")],
        vec![json_kind, ("origin", "null")],
        vec![json_kind, ("sec-fetch-site", "cross-site")],
        // Another port of 127.0.0.1 is the same site to a browser, and still another origin.
        vec![json_kind, ("sec-fetch-site", "same-site")],
    ] {
        let (status, answer) = raw(&app, "POST", "/api/games", &headers, &body).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{headers:?}: {answer}");
        error_of(&answer);
        let (status, _) = raw(&app, "GET", "/api/games", &headers[1..], "").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "reads too: {headers:?}");
    }
    let (_, list) = raw(&app, "GET", "/api/games", &[], "").await;
    assert_eq!(list["games"], json!([]), "nothing was created");
    // The server's own page, under any of its names, may.
    for origin in ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080"] {
        let headers = [json_kind, ("origin", origin), ("sec-fetch-site", "same-origin")];
        let (status, answer) = raw(&app, "POST", "/api/games", &headers, &body).await;
        assert_eq!(status, StatusCode::CREATED, "{origin}: {answer}");
    }
    // A link from another site to the page itself still opens it.
    let (status, _) = raw(&app, "GET", "/", &[("sec-fetch-site", "cross-site")], "").await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_host_name_the_server_does_not_listen_under_is_refused_with_421() {
    let app = app_at_8080();
    for host in ["evil.example:8080", "127.0.0.1.nip.io:8080", "127.0.0.1:8081", "localhost"] {
        for uri in ["/", "/app.js", "/api/games", "/api/games/1/export"] {
            let (status, answer) = raw(&app, "GET", uri, &[("host", host)], "").await;
            assert_eq!(status, StatusCode::MISDIRECTED_REQUEST, "{host} {uri}: {answer}");
            error_of(&answer);
        }
    }
    for host in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080"] {
        let (status, _) = raw(&app, "GET", "/api/games", &[("host", host)], "").await;
        assert_eq!(status, StatusCode::OK, "{host}");
    }
}

#[tokio::test]
async fn every_refusal_is_a_json_error_body() {
    let app = app_at_8080();
    let (status, answer) = raw(&app, "PUT", "/api/games", &[], "").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(error_of(&answer).contains("PUT"), "{answer}");
    let long = format!("/api/games?{}", "x".repeat(server::gate::URI_LIMIT));
    let (status, answer) = raw(&app, "GET", &long, &[], "").await;
    assert_eq!(status, StatusCode::URI_TOO_LONG);
    error_of(&answer);
    let names: Vec<String> = (0..=server::gate::HEADER_COUNT).map(|i| format!("x-filler-{i}")).collect();
    let headers: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "1")).collect();
    let (status, answer) = raw(&app, "GET", "/api/games", &headers, "").await;
    assert_eq!(status, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
    error_of(&answer);
    let declared = (server::gate::BODY_LIMIT + 1).to_string();
    let headers = [("content-type", "application/json"), ("content-length", declared.as_str())];
    let (status, answer) = raw(&app, "POST", "/api/games/import", &headers, "").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    error_of(&answer);
}

#[tokio::test]
async fn the_server_seats_only_bots_within_its_search_budget() {
    let app = app_on(Store::in_memory().expect("a store"));
    let options = json!({ "armies": ["FR", "AU"], "quick_start": true });
    let most = server::seats::MAX_ITERATIONS;
    assert!(most >= bots::LEVELS[2].iterations, "a budget the hard level runs is one the server takes");
    let (over, within) = (format!("mcts:{}", most + 1), format!("mcts-rules:{most}"));
    for bot in ["mcts:4294967295ms", "mcts:5000ms", "mcts-rules:100000", over.as_str()] {
        let request = json!({ "game": "manoeuvre", "seed": 1, "options": options, "bots": [null, bot] });
        let (status, answer) = call(&app, "POST", "/api/games", Some(request)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bot}: {answer}");
        assert!(error_of(&answer).contains("mcts:hard"), "{answer}");
    }
    for bot in ["random", "rules", "mcts:easy", "mcts:normal", "mcts:hard", within.as_str(), "mcts:200ms"] {
        let request = json!({ "game": "manoeuvre", "seed": 1, "options": options, "bots": [bot, null] });
        let (status, answer) = call(&app, "POST", "/api/games", Some(request)).await;
        assert_eq!(status, StatusCode::CREATED, "{bot}: {answer}");
    }
}

#[tokio::test]
async fn a_name_is_checked_when_a_game_is_made_as_when_it_is_renamed() {
    let app = app_on(Store::in_memory().expect("a store"));
    let long = "n".repeat(server::names::NAME_LIMIT + 1);
    for name in ["\u{1b}[2J wiped", "two\nlines", "   ", long.as_str()] {
        let (status, answer) =
            call(&app, "POST", "/api/games", Some(json!({ "game": "wilderness-war", "name": name }))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name:?}: {answer}");
        let (status, made) = call(&app, "POST", "/api/games", Some(json!({ "game": "wilderness-war" }))).await;
        assert_eq!(status, StatusCode::CREATED);
        let id = made["id"].as_i64().expect("an id");
        let (status, _) = call(&app, "PATCH", &format!("/api/games/{id}"), Some(json!({ "name": name }))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name:?}");
    }
    let (status, made) =
        call(&app, "POST", "/api/games", Some(json!({ "game": "wilderness-war", "name": "  Fort Duquesne  " }))).await;
    assert_eq!((status, made["name"].as_str()), (StatusCode::CREATED, Some("Fort Duquesne")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_lock_is_held_does_not_hold_up_another_game_or_the_page() {
    let games = Arc::new(Games::new(Store::in_memory().expect("a store")));
    let app = server::api::router(Arc::clone(&games));
    let mut ids = Vec::new();
    for seed in [1, 2] {
        let (_, made) = call(&app, "POST", "/api/games", Some(json!({ "game": "wilderness-war", "seed": seed }))).await;
        ids.push(made["id"].as_i64().expect("an id"));
    }
    // A thread holds the first game's lock, as a bot's long search would, until told to stop.
    let (release, held) = std::sync::mpsc::channel::<()>();
    let (entered, inside) = std::sync::mpsc::channel::<()>();
    let holder = {
        let games = Arc::clone(&games);
        let id = ids[0];
        std::thread::spawn(move || {
            games
                .with_game(id, |_, _| {
                    let _ = entered.send(());
                    let _ = held.recv();
                    Ok(())
                })
                .expect("the first game opens");
        })
    };
    inside.recv().expect("the holder has the lock");
    // The guard only turns a hang into a failure; it measures nothing.
    let guard = Duration::from_secs(60);
    for uri in [format!("/api/games/{}/legal", ids[1]), "/api/games".to_string(), "/app.js".to_string()] {
        let answer = tokio::time::timeout(guard, call(&app, "GET", &uri, None)).await;
        assert!(answer.is_ok_and(|(s, _)| s == StatusCode::OK), "{uri} answered while another game was busy");
    }
    let waiting = tokio::spawn({
        let app = app.clone();
        let uri = format!("/api/games/{}/legal", ids[0]);
        async move { call(&app, "GET", &uri, None).await }
    });
    release.send(()).expect("released");
    holder.join().expect("the holder");
    let (status, _) = tokio::time::timeout(guard, waiting).await.expect("answered").expect("joined");
    assert_eq!(status, StatusCode::OK, "the busy game answers once its lock is free");
}

#[tokio::test]
async fn the_games_open_in_memory_are_bounded_and_a_dropped_one_comes_back_from_the_store() {
    let games = Arc::new(Games::with_capacity(Store::in_memory().expect("a store"), 3));
    let app = server::api::router(Arc::clone(&games));
    let mut made = Vec::new();
    for seed in 0..10 {
        let (_, game) = call(&app, "POST", "/api/games", Some(json!({ "game": "wilderness-war", "seed": seed }))).await;
        let id = game["id"].as_i64().expect("an id");
        let (_, legal) = call(&app, "GET", &format!("/api/games/{id}/legal"), None).await;
        let action = legal["actions"][0]["id"].as_str().expect("an action").to_string();
        let (status, _) =
            call(&app, "POST", &format!("/api/games/{id}/actions"), Some(json!({ "action": action }))).await;
        assert_eq!(status, StatusCode::OK);
        made.push(id);
        assert!(games.open_count() <= 3, "{} games open", games.open_count());
    }
    // The first games were dropped from memory and are rebuilt, with their decision, when asked for.
    for id in made {
        let (status, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(game["status"]["steps"].as_u64().is_some_and(|s| s >= 1), "{game}");
    }
    assert!(games.open_count() <= 3);
}
