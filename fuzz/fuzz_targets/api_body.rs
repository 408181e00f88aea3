//! The HTTP API's request bodies: the input's first byte picks a route that takes a body, the rest
//! is the body, sent through the server's router over an in-memory store. Routes on a game get one
//! made first (Manoeuvre or a card table). Whatever the body, the answer is never a 5xx: a bad
//! request is the client's error and gets a 4xx with a message.
#![no_main]

use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};
use server::api::{Games, router};
use server::store::Store;
use tower::ServiceExt;

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime"))
}

async fn call(app: &axum::Router, method: &str, uri: &str, body: Vec<u8>) -> (StatusCode, Vec<u8>) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
    (status, bytes.to_vec())
}

/// A game for the routes that need one; its id.
async fn made_game(app: &axum::Router, manoeuvre: bool) -> i64 {
    let body = if manoeuvre {
        json!({ "game": "manoeuvre", "seed": 3, "options": { "armies": ["FR", "BR"], "quick_start": true } })
    } else {
        json!({ "game": "pursuit-of-glory", "seed": 3 })
    };
    let (status, answer) = call(app, "POST", "/api/games", body.to_string().into_bytes()).await;
    assert_eq!(status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&answer));
    let answer: Value = serde_json::from_slice(&answer).expect("JSON");
    answer["id"].as_i64().expect("an id")
}

fuzz_target!(|data: &[u8]| {
    let [route, body @ ..] = data else { return };
    runtime().block_on(async {
        let app = router(Arc::new(Games::new(Store::in_memory().expect("a store"))));
        let (method, uri) = match route % 8 {
            0 | 1 => ("POST", "/api/games".to_string()),
            2 => ("POST", "/api/games/import".to_string()),
            kind => {
                let id = made_game(&app, route & 0x80 == 0).await;
                match kind {
                    3 | 4 => ("POST", format!("/api/games/{id}/actions")),
                    5 => ("POST", format!("/api/games/{id}/undo")),
                    6 => ("POST", format!("/api/games/{id}/rollback")),
                    _ => ("PATCH", format!("/api/games/{id}")),
                }
            }
        };
        let (status, answer) = call(&app, method, &uri, body.to_vec()).await;
        assert!(!status.is_server_error(), "{method} {uri} answered {status}: {}", String::from_utf8_lossy(&answer));
    });
});
