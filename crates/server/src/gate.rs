//! What every request passes before a handler sees it. A server on loopback is still reachable by
//! every page the person has open, so: only the names the server listens under are served (a
//! hostile name that resolves to 127.0.0.1, DNS rebinding, gets 421); the API answers only the
//! server's own page (a foreign `Origin` or a cross-site `Sec-Fetch-Site` gets 403) and takes bodies
//! only as `application/json` (415), which no form and no "simple" cross-site request can send;
//! with an access token (`--host`), nothing is served without it. Bodies are read here, bounded in
//! size and time, and every refusal is the JSON error body of docs/api.md. A request log goes to
//! `tracing` (method, path without its query, status, milliseconds).

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::header::{AUTHORIZATION, CONTENT_LENGTH, CONTENT_TYPE, COOKIE, HOST, ORIGIN, SET_COOKIE};
use axum::http::uri::Authority;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use subtle::ConstantTimeEq;

use crate::error::ApiError;

/// Requests larger than this are refused: a record of a long game is well under it.
pub const BODY_LIMIT: usize = 4 * 1024 * 1024;
/// How long a client may take to send its body once its headers are in.
pub const BODY_TIME: Duration = Duration::from_secs(10);
/// The longest request target (path and query) served, in bytes.
pub const URI_LIMIT: usize = 8 * 1024;
/// The most header bytes, and header lines, a request may carry.
pub const HEADER_BYTES: usize = 32 * 1024;
pub const HEADER_COUNT: usize = 64;

/// Who may use the server: the host names it answers to, its port, and its access token.
#[derive(Clone, Debug)]
pub struct Gate {
    /// Host names and addresses as a `Host` header writes them (`127.0.0.1`, `localhost`, `[::1]`).
    hosts: Vec<String>,
    /// The port the server listens on; `None` accepts any (a router tested in process).
    port: Option<u16>,
    token: Option<String>,
}

impl Gate {
    /// A server on loopback: served under 127.0.0.1, localhost and [::1] only, without a token.
    pub fn loopback(port: Option<u16>) -> Self {
        Gate { hosts: loopback_names(), port, token: None }
    }

    /// A server other machines may reach: the loopback names and `addresses`, each request with
    /// `token`.
    pub fn network(port: u16, addresses: &[IpAddr], token: String) -> Self {
        let mut hosts = loopback_names();
        hosts.extend(addresses.iter().map(|a| host_of(*a)));
        hosts.dedup();
        Gate { hosts, port: Some(port), token: Some(token) }
    }

    /// Whether other machines may reach the server (it has an access token).
    pub fn is_network(&self) -> bool {
        self.token.is_some()
    }

    /// The addresses other machines reach the server under, each as a URL with its access token
    /// (`http://192.168.1.5:8123/?token=...`); none for a server on loopback.
    pub fn bases(&self) -> Vec<String> {
        let (Some(token), Some(port)) = (&self.token, self.port) else { return Vec::new() };
        let local = loopback_names();
        self.hosts.iter().filter(|h| !local.contains(h)).map(|h| format!("http://{h}:{port}/?token={token}")).collect()
    }

    /// The name of the cookie that carries the token: one per port, so that two servers on one
    /// machine (the browser keeps cookies by host, not by port) do not overwrite each other's.
    pub fn cookie_name(&self) -> String {
        match self.port {
            Some(port) => format!("cdgsolo_token_{port}"),
            None => "cdgsolo_token".to_string(),
        }
    }

    /// Whether a `Host` header's value (or an origin's authority) names this server.
    fn serves(&self, authority: &str) -> bool {
        let Ok(authority) = authority.parse::<Authority>() else { return false };
        let host = authority.host().to_ascii_lowercase();
        let port_ok = match (authority.port_u16(), self.port) {
            (Some(asked), Some(ours)) => asked == ours,
            // No port in the header means port 80.
            (None, Some(ours)) => ours == 80,
            (_, None) => true,
        };
        port_ok && self.hosts.contains(&host)
    }

    /// Whether an `Origin` header names this server's own page.
    fn own_origin(&self, origin: &str) -> bool {
        origin.strip_prefix("http://").is_some_and(|authority| self.serves(authority))
    }
}

fn loopback_names() -> Vec<String> {
    vec!["127.0.0.1".into(), "localhost".into(), "[::1]".into()]
}

/// An address as a `Host` header writes it.
pub fn host_of(address: IpAddr) -> String {
    match address {
        IpAddr::V4(a) => a.to_string(),
        IpAddr::V6(a) => format!("[{a}]"),
    }
}

/// `router` behind `gate`.
pub fn guard(router: Router, gate: Gate) -> Router {
    let gate = Arc::new(gate);
    router.layer(axum::middleware::from_fn(move |request: Request, next: Next| {
        let gate = Arc::clone(&gate);
        async move { pass(&gate, request, next).await }
    }))
}

async fn pass(gate: &Gate, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let connection = request.extensions().get::<crate::listen::Connection>().cloned();
    let response = match check(gate, request).await {
        Ok((request, set_cookie)) => {
            // Passed: this connection is not one to close first when the server is full.
            if let Some(connection) = connection {
                connection.trust();
            }
            let mut response = next.run(request).await;
            if let Some(cookie) = set_cookie {
                response.headers_mut().insert(SET_COOKIE, cookie);
            }
            response
        }
        Err(refusal) => refusal.into_response(),
    };
    tracing::info!(
        target: "cdgsolo::request",
        "{method} {path} {} {:.2} ms",
        response.status().as_u16(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    response
}

/// The request, its body read, when it may be served, and the token cookie to set when the token
/// came in the URL; otherwise the refusal.
async fn check(gate: &Gate, request: Request) -> Result<(Request, Option<HeaderValue>), ApiError> {
    check_size(&request)?;
    let headers = request.headers();
    if let Some(host) = headers.get(HOST) {
        let host = host.to_str().unwrap_or_default();
        if !gate.serves(host) {
            return Err(ApiError::new(
                StatusCode::MISDIRECTED_REQUEST,
                format!(
                    "this server does not answer to the name '{}': open it by the address it printed",
                    printable(host)
                ),
            ));
        }
    }
    let set_cookie = match &gate.token {
        Some(token) => check_token(gate, token, &request)?,
        None => None,
    };
    if request.uri().path().starts_with("/api/") {
        check_origin(gate, request.headers())?;
    }
    let request = read_body(request).await?;
    Ok((request, set_cookie))
}

/// Target and header sizes: refused here with a JSON body, before the HTTP layer's own (larger)
/// limits would answer with an empty one.
fn check_size(request: &Request) -> Result<(), ApiError> {
    let target = request.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if target > URI_LIMIT {
        return Err(ApiError::new(
            StatusCode::URI_TOO_LONG,
            format!("the request's address is {target} bytes long; at most {URI_LIMIT} are served"),
        ));
    }
    let headers = request.headers();
    let bytes: usize = headers.iter().map(|(k, v)| k.as_str().len() + v.len() + 4).sum();
    if headers.len() > HEADER_COUNT || bytes > HEADER_BYTES {
        return Err(ApiError::new(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!(
                "the request has {} headers of {bytes} bytes; at most {HEADER_COUNT} headers of {HEADER_BYTES} bytes \
                 are served",
                headers.len()
            ),
        ));
    }
    Ok(())
}

/// The API answers the server's own page only: a browser names the page a request comes from in
/// `Origin` (every cross-origin request, and same-origin ones that change something) and, where
/// it supports it, in `Sec-Fetch-Site`. A request without either comes from a program (curl, a
/// script), which no web page can make the browser send.
fn check_origin(gate: &Gate, headers: &HeaderMap) -> Result<(), ApiError> {
    let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()).unwrap_or("none");
    if !matches!(site, "same-origin" | "none") {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!("a request from another site ({}) may not use this server", printable(site)),
        ));
    }
    if let Some(origin) = headers.get(ORIGIN) {
        let origin = origin.to_str().unwrap_or_default();
        if !gate.own_origin(origin) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!("a page of {} may not use this server: only its own page may", printable(origin)),
            ));
        }
    }
    Ok(())
}

/// Reads the body, bounded in size and time, and checks its kind: a body is JSON and says so.
async fn read_body(request: Request) -> Result<Request, ApiError> {
    let (parts, body) = request.into_parts();
    let declared = parts.headers.get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        return Err(too_large());
    }
    let kind = parts.headers.get(CONTENT_TYPE).map(|v| v.to_str().unwrap_or("?").to_string());
    let changes = !matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS);
    if changes
        && let Some(kind) = &kind
        && !is_json(kind)
    {
        return Err(not_json(kind));
    }
    let bytes = match tokio::time::timeout(BODY_TIME, axum::body::to_bytes(body, BODY_LIMIT)).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(e)) if is_length_limit(&e) => return Err(too_large()),
        Ok(Err(e)) => return Err(ApiError::bad(format!("the request's body could not be read: {e}"))),
        Err(_) => {
            return Err(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!("the request's body did not arrive within {} seconds", BODY_TIME.as_secs()),
            ));
        }
    };
    if changes && kind.is_none() && !bytes.is_empty() {
        return Err(not_json("nothing"));
    }
    Ok(Request::from_parts(parts, Body::from(bytes)))
}

fn is_length_limit(e: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = source {
        if err.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = err.source();
    }
    false
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request's body is over {} MiB, more than any game's record", BODY_LIMIT / (1024 * 1024)),
    )
}

fn not_json(kind: &str) -> ApiError {
    ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        format!("a request body must be sent as application/json, not as {}", printable(kind)),
    )
}

/// `application/json`, with parameters (`; charset=utf-8`) or without, in any case.
fn is_json(kind: &str) -> bool {
    kind.split(';').next().is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"))
}

/// The token, from the URL (`?token=`), the port's cookie or an `Authorization` header of the
/// bearer scheme (in any case), compared in constant time.
fn check_token(gate: &Gate, token: &str, request: &Request) -> Result<Option<HeaderValue>, ApiError> {
    let matches = |candidate: &str| bool::from(candidate.as_bytes().ct_eq(token.as_bytes()));
    let from_query =
        request.uri().query().is_some_and(|q| q.split('&').filter_map(|pair| pair.strip_prefix("token=")).any(matches));
    let cookie = gate.cookie_name();
    let headers = request.headers();
    let from_cookie = headers.get_all(COOKIE).iter().filter_map(|v| v.to_str().ok()).any(|v| {
        v.split(';')
            .filter_map(|c| c.trim().strip_prefix(cookie.as_str()).and_then(|r| r.strip_prefix('=')))
            .any(matches)
    });
    let from_bearer = headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok()).is_some_and(|v| {
        v.split_once(' ').is_some_and(|(scheme, t)| scheme.eq_ignore_ascii_case("bearer") && matches(t.trim()))
    });
    if !(from_query || from_cookie || from_bearer) {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "this server needs its access token: open the URL it printed",
        ));
    }
    if from_query {
        let value = format!("{cookie}={token}; Path=/; HttpOnly; SameSite=Strict");
        return Ok(HeaderValue::from_str(&value).ok());
    }
    Ok(None)
}

/// A header's text as a message may quote it: short, without control characters.
fn printable(text: &str) -> String {
    let cleaned: String = text.chars().map(|c| if c.is_control() { '?' } else { c }).take(80).collect();
    if text.chars().count() > 80 { format!("{cleaned}...") } else { cleaned }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_names_and_port_of_the_server_are_served() {
        let gate = Gate::loopback(Some(8080));
        for ok in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"] {
            assert!(gate.serves(ok), "{ok}");
        }
        for refused in ["evil.example:8080", "127.0.0.1:9090", "127.0.0.2:8080", "localhost", "", "a b", "[::2]:8080"] {
            assert!(!gate.serves(refused), "{refused}");
        }
        let network = Gate::network(8080, &["192.168.1.20".parse().expect("an address")], "t".into());
        assert!(network.serves("192.168.1.20:8080") && network.serves("127.0.0.1:8080"));
        assert!(!network.serves("192.168.1.21:8080"));
        assert!(gate.own_origin("http://127.0.0.1:8080") && !gate.own_origin("http://127.0.0.1:9090"));
        assert!(!gate.own_origin("null") && !gate.own_origin("https://127.0.0.1:8080"));
    }

    #[test]
    fn a_body_is_json_when_its_media_type_says_so() {
        assert!(is_json("application/json") && is_json("Application/JSON; charset=utf-8"));
        assert!(!is_json("text/plain") && !is_json("application/json-seq") && !is_json(""));
    }

    #[test]
    fn the_cookie_is_named_after_the_port() {
        assert_eq!(Gate::loopback(Some(8123)).cookie_name(), "cdgsolo_token_8123");
    }
}
