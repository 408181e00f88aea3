//! A game on two devices against the real `cdgsolo serve`, on loopback and with `--host` (requests
//! go to 127.0.0.1 only): with seat 0's secret every route of seat 1 is refused with 403, and so is
//! every route without a secret, while seat 1's own secret is served.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::{Served, remove_db, temp_path};
use serde_json::{Value, json};

/// One request with the server's token (if any) and a seat's secret (if any): the status code.
fn status(served: &Served, method: &str, path: &str, body: Option<&Value>, secret: Option<&str>) -> (u16, Value) {
    let addr = &served.addr;
    let mut stream = TcpStream::connect(addr).expect("a connection");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a timeout");
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(token) = &served.token {
        head.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    if let Some(secret) = secret {
        head.push_str(&format!("X-Cdgsolo-Seat: {secret}\r\n"));
    }
    if !body.is_empty() {
        head.push_str("Content-Type: application/json\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    stream.write_all(head.as_bytes()).expect("sent");
    let mut answer = Vec::new();
    // A refusal is a whole answer; a stream served by mistake stops at the read timeout.
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).to_string();
    let code = text.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let json = text.split_once("\r\n\r\n").and_then(|(_, b)| serde_json::from_str(b).ok()).unwrap_or(Value::Null);
    (code, json)
}

/// A hotseat game handed to two devices, played (each seat with its own secret) until seat 1 is to
/// decide with a decision of its own to take back: the id, the secrets and seat 1's last decision.
fn game_for_seat_1(served: &Served) -> (i64, [String; 2], u64) {
    let options = json!({ "armies": ["FR", "AU"], "quick_start": true });
    let (code, created) = status(
        served,
        "POST",
        "/api/games",
        Some(&json!({ "game": "manoeuvre", "seed": 8, "options": options })),
        None,
    );
    assert_eq!(code, 201, "{created}");
    let id = created["id"].as_i64().expect("an id");
    let (code, handed) = status(served, "POST", &format!("/api/games/{id}/devices"), None, None);
    assert_eq!(code, 200, "{handed}");
    let keys = [0, 1].map(|s| handed["seats"][s]["key"].as_str().expect("a secret").to_string());
    for _ in 0..300 {
        let (_, game) = status(served, "GET", &format!("/api/games/{id}"), None, Some(&keys[1]));
        let p = game["status"]["to_move"]["player"].as_u64().expect("a player") as usize;
        if p == 1 && game["status"]["undo"] == true {
            let (_, history) = status(served, "GET", &format!("/api/games/{id}/history/1"), None, Some(&keys[1]));
            let own = history["entries"]
                .as_array()
                .and_then(|e| e.iter().rev().find(|e| e["decision"] == true))
                .and_then(|e| e["step"].as_u64())
                .expect("seat 1's decision");
            return (id, keys, own);
        }
        let (_, legal) = status(served, "GET", &format!("/api/games/{id}/legal"), None, Some(&keys[p]));
        let action = legal["actions"][0]["id"].clone();
        let (code, answer) = status(
            served,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(&json!({ "action": action })),
            Some(&keys[p]),
        );
        assert_eq!(code, 200, "{answer}");
    }
    panic!("seat 1 never came to decide with a decision of its own to take back");
}

fn every_route_of_seat_1_is_refused_to_seat_0(args: &[&str], name: &str) {
    let db = temp_path(&format!("seats-{name}.sqlite"));
    remove_db(&db);
    let served = Served::start(&db, args);
    assert_eq!(served.token.is_some(), !args.is_empty(), "a token exactly with --host");
    let (id, keys, own) = game_for_seat_1(&served);
    let g = format!("/api/games/{id}");
    let routes: Vec<(&str, String, Option<Value>)> = vec![
        ("GET", format!("{g}/legal"), None),
        ("POST", format!("{g}/actions"), Some(json!({ "action": "end-movement" }))),
        ("POST", format!("{g}/undo"), Some(json!({}))),
        ("POST", format!("{g}/rollback"), Some(json!({ "step": own - 1 }))),
        ("GET", format!("{g}/hint"), None),
        ("GET", format!("{g}/observe/1"), None),
        ("GET", format!("{g}/history/1"), None),
        ("GET", format!("{g}/replay/1/1"), None),
        ("GET", format!("{g}/export"), None),
        ("GET", format!("{g}/events"), None),
        ("GET", format!("{g}/live/1"), None),
        ("GET", format!("/api/live?follow={id}.1"), None),
    ];
    let (_, before) = status(&served, "GET", &g, None, Some(&keys[1]));
    for (method, path, body) in &routes {
        let (code, answer) = status(&served, method, path, body.as_ref(), Some(&keys[0]));
        assert_eq!(code, 403, "seat 0's secret on {method} {path}: {answer}");
        assert!(answer["error"].as_str().is_some_and(|e| !e.is_empty()), "{method} {path}: {answer}");
        let (code, answer) = status(&served, method, path, body.as_ref(), None);
        assert_eq!(code, 403, "no secret on {method} {path}: {answer}");
    }
    let (code, _) = status(&served, "GET", &g, None, None);
    assert_eq!(code, 403, "without a secret not even the status is served");
    // Nothing changed, and seat 1's own secret is served.
    let (_, after) = status(&served, "GET", &g, None, Some(&keys[1]));
    assert_eq!(after["status"], before["status"]);
    for path in [format!("{g}/legal"), format!("{g}/observe/1"), format!("{g}/history/1"), format!("{g}/hint")] {
        let (code, answer) = status(&served, "GET", &path, None, Some(&keys[1]));
        assert_eq!(code, 200, "seat 1 on {path}: {answer}");
    }
    drop(served);
    remove_db(&db);
}

#[test]
fn on_loopback_seat_0s_secret_gets_403_on_every_route_of_seat_1() {
    every_route_of_seat_1_is_refused_to_seat_0(&[], "loopback");
}

#[test]
fn with_host_seat_0s_secret_gets_403_on_every_route_of_seat_1() {
    every_route_of_seat_1_is_refused_to_seat_0(&["--host", "0.0.0.0"], "host");
}
