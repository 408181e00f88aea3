//! The live streams' bounds, through the router in process: so many per client and in all (the
//! next is refused with 503 and a message, and the page works on without it), a stream ends after a
//! quiet spell, and a place is given back when its stream ends.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use server::api::{Games, router};
use server::live::Limits;
use server::store::Store;
use tower::ServiceExt;

mod common;
use common::call;

fn app_with(limits: Limits) -> (axum::Router, Arc<Games>) {
    let games = Arc::new(Games::new(Store::in_memory().expect("a store")).with_stream_limits(limits));
    (router(Arc::clone(&games)), games)
}

async fn a_game(app: &axum::Router) -> i64 {
    let (_, created) = call(
        app,
        "POST",
        "/api/games",
        Some(json!({ "game": "manoeuvre", "seed": 9, "options": { "quick_start": true } })),
    )
    .await;
    created["id"].as_i64().expect("an id")
}

async fn open(app: &axum::Router, uri: &str) -> (StatusCode, Body) {
    let request = Request::builder().uri(uri).body(Body::empty()).expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    (response.status(), response.into_body())
}

#[tokio::test]
async fn streams_beyond_the_bound_are_refused_and_a_place_comes_back_when_one_ends() {
    let (app, games) = app_with(Limits { streams: 3, per_client: 2, idle: Duration::from_secs(60) });
    let id = a_game(&app).await;
    let first = open(&app, &format!("/api/games/{id}/live/0")).await;
    let second = open(&app, &format!("/api/live?follow={id}.1")).await;
    assert_eq!((first.0, second.0), (StatusCode::OK, StatusCode::OK));
    assert_eq!(games.streams().open(), 2);
    // In process every request comes from the same (unknown) client: its bound is two.
    let (status, body) = open(&app, &format!("/api/games/{id}/live/0")).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    let bytes = body.collect().await.expect("a body").to_bytes();
    let refused: Value = serde_json::from_slice(&bytes).expect("JSON");
    assert!(refused["error"].as_str().is_some_and(|e| e.contains("without live updates")), "{refused}");
    drop(first);
    assert_eq!(games.streams().open(), 1, "the place of a stream that ended is given back");
    assert_eq!(open(&app, &format!("/api/games/{id}/live/0")).await.0, StatusCode::OK);
}

#[tokio::test]
async fn a_stream_ends_after_a_quiet_spell() {
    let (app, games) = app_with(Limits { streams: 8, per_client: 8, idle: Duration::from_millis(300) });
    let id = a_game(&app).await;
    let (status, mut body) = open(&app, &format!("/api/live?follow={id}.0")).await;
    assert_eq!(status, StatusCode::OK);
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(frame) = body.frame().await {
            frame.expect("a frame");
        }
    })
    .await;
    assert!(ended.is_ok(), "the quiet stream ended");
    drop(body);
    assert_eq!(games.streams().open(), 0);
}

#[tokio::test]
async fn a_follow_list_is_checked_game_by_game() {
    let (app, _) = app_with(Limits::default());
    let id = a_game(&app).await;
    for bad in ["", "follow=", "follow=x.0", &format!("follow={id}.2"), &format!("follow={id}")] {
        assert_eq!(open(&app, &format!("/api/live?{bad}")).await.0, StatusCode::BAD_REQUEST, "{bad}");
    }
    // A game that does not exist beside one that does: the stream follows the one, and says why
    // not the other.
    let (status, mut body) = open(&app, &format!("/api/live?follow={id}.0,999.0")).await;
    assert_eq!(status, StatusCode::OK);
    let frame = tokio::time::timeout(Duration::from_secs(5), body.frame()).await.expect("an event in time");
    let text = String::from_utf8_lossy(&frame.expect("a frame").expect("data").into_data().expect("bytes")).to_string();
    assert!(text.contains("\"refused\"") && text.contains("999"), "{text}");
    assert_eq!(open(&app, "/api/live?follow=999.0").await.0, StatusCode::NOT_FOUND);
}
