//! The real `cdgsolo serve` crowded by held connections: 300 live streams asked for, slow clients
//! that trickle their headers, and (with `--host`) clients without the access token that hold their
//! connections open. Page requests must still be answered, quickly: the streams are bounded well
//! below the connection cap, and when every connection is taken the server closes one that is
//! waiting without a request (a stranger without the token first) to make room. Requests go to
//! 127.0.0.1 only.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::{Served, remove_db, temp_path};

/// A request's head, with the token when `with_token`.
fn head(served: &Served, path: &str, with_token: bool, close: bool) -> String {
    let mut head = format!("GET {path} HTTP/1.1\r\nHost: {}\r\n", served.addr);
    if let (Some(token), true) = (&served.token, with_token) {
        head.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    if close {
        head.push_str("Connection: close\r\n");
    }
    head + "\r\n"
}

/// Sends a request on a new connection and reads the first bytes of the answer (its status line),
/// leaving the connection open; `None` when nothing came within five seconds.
fn send_and_hold(served: &Served, request: &str) -> (TcpStream, Option<u16>) {
    let mut stream = TcpStream::connect(&served.addr).expect("a connection");
    stream.write_all(request.as_bytes()).expect("sent");
    stream.set_read_timeout(Some(Duration::from_secs(5))).expect("a timeout");
    let mut first = [0u8; 12];
    let code = match stream.read_exact(&mut first) {
        Ok(()) => String::from_utf8_lossy(&first[9..12]).parse().ok(),
        Err(_) => None,
    };
    (stream, code)
}

/// A page request on a new connection, read to its end: its status and how long it took.
fn page_request(served: &Served, path: &str) -> (u16, Duration) {
    let started = Instant::now();
    let mut stream = TcpStream::connect(&served.addr).expect("a connection");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a timeout");
    stream.write_all(head(served, path, true, true).as_bytes()).expect("sent");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let code = String::from_utf8_lossy(&answer).split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    (code, started.elapsed())
}

fn crowded(args: &[&str], name: &str) {
    let db = temp_path(&format!("crowd-{name}.sqlite"));
    remove_db(&db);
    let served = Served::start(&db, args);
    // A game to follow.
    let mut stream = TcpStream::connect(&served.addr).expect("a connection");
    let body = r#"{"game":"manoeuvre","seed":1,"options":{"quick_start":true},"bots":[null,"rules"]}"#;
    let mut post = head(&served, "/api/games", true, true).replacen("GET", "POST", 1);
    post.truncate(post.len() - 2);
    post.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len()));
    stream.write_all(post.as_bytes()).expect("sent");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    let id: i64 = answer
        .split("\"id\":")
        .nth(1)
        .and_then(|r| r.split([',', '}']).next())
        .and_then(|n| n.parse().ok())
        .expect("an id");

    let mut held = Vec::new();
    // 300 live streams asked for: a few are served and held, the rest refused at once (and their
    // connections left open by the client).
    let (mut streaming, mut refused) = (0, 0);
    for _ in 0..300 {
        let (stream, code) = send_and_hold(&served, &head(&served, &format!("/api/games/{id}/live/0"), true, false));
        match code {
            Some(200) => streaming += 1,
            Some(503) => refused += 1,
            other => panic!("a stream request was answered {other:?}"),
        }
        held.push(stream);
    }
    assert!(streaming > 0 && streaming <= 64, "{streaming} streams held");
    assert_eq!(streaming + refused, 300);
    // Slow clients: headers trickled, never finished.
    for _ in 0..100 {
        let mut slow = TcpStream::connect(&served.addr).expect("a connection");
        slow.write_all(format!("GET /api/games HTTP/1.1\r\nHost: {}\r\nX-Slow: a", served.addr).as_bytes())
            .expect("sent");
        held.push(slow);
    }
    // With --host: strangers without the token, who keep their connections after the refusal.
    if served.token.is_some() {
        for _ in 0..100 {
            let (stream, code) = send_and_hold(&served, &head(&served, "/api/games", false, false));
            assert_eq!(code, Some(401), "a stranger among {} held connections", held.len());
            held.push(stream);
        }
    }
    // The page's requests are answered, each quickly.
    let mut took = Vec::new();
    for i in 0..60 {
        let path = ["/", "/api/games", "/app.js"][i % 3];
        let (code, time) = page_request(&served, path);
        assert_eq!(code, 200, "{path} among {} held connections", held.len());
        took.push(time);
    }
    took.sort();
    let p95 = took[took.len() * 95 / 100];
    assert!(p95 < Duration::from_millis(100), "page requests p95 {p95:?} (all: {took:?})");
    drop(held);
    drop(served);
    remove_db(&db);
}

#[test]
fn on_loopback_held_streams_and_slow_clients_leave_page_requests_answered_quickly() {
    crowded(&[], "loopback");
}

#[test]
fn with_host_strangers_without_the_token_do_not_crowd_out_the_page() {
    crowded(&["--host", "0.0.0.0"], "host");
}
