//! The pages' live streams (Server-Sent Events): every change of the games a page follows, each
//! as the seat it follows may know it. A browser holds one stream for all its tabs
//! (`GET /api/live?follow=12.0,13.1`, opened by the page's shared worker), or a tab one for its game
//! (`GET /api/games/{id}/live/{player}`). A stream is a held connection, so they are bounded: so
//! many per client and so many in all, well below the connection cap, so that page requests always
//! find room; a stream ends after a quiet spell (the page opens it again), when the server stops,
//! and, for a game's own stream, when the game is deleted, with an event saying so.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;

use crate::api::{Shared, game_id, player_number};
use crate::devices::{self, Holder};
use crate::error::ApiError;
use crate::games::{Change, Games, Told};
use crate::listen::{Busy, Connection};

/// How many streams may be open at once, and from one client address; how long a stream may go
/// without an event before it ends.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub streams: usize,
    pub per_client: usize,
    pub idle: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        // A browser needs one stream (its tabs share it); 64 leave 192 of the 256 connections to
        // page requests.
        Limits { streams: 64, per_client: 16, idle: Duration::from_secs(600) }
    }
}

/// The streams open now, by client address.
pub struct Streams {
    limits: Limits,
    held: Mutex<HashMap<IpAddr, usize>>,
}

/// One stream's place, given back when the stream ends.
pub struct Place {
    games: Shared,
    peer: IpAddr,
    _busy: Option<Busy>,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut held = self.games.streams().held.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = held.get_mut(&self.peer) {
            *n -= 1;
            if *n == 0 {
                held.remove(&self.peer);
            }
        }
    }
}

impl Streams {
    pub fn new(limits: Limits) -> Self {
        Streams { limits, held: Mutex::new(HashMap::new()) }
    }

    /// How many streams are open now.
    pub fn open(&self) -> usize {
        self.held.lock().unwrap_or_else(std::sync::PoisonError::into_inner).values().sum()
    }
}

/// Takes a stream's place for `connection`'s client, or refuses (503) when the bounds are reached.
fn take_place(games: &Shared, connection: Option<&Connection>) -> Result<Place, ApiError> {
    let peer = connection.map_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED), Connection::peer);
    let limits = games.streams().limits;
    let mut held = games.streams().held.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let total: usize = held.values().sum();
    let mine = held.get(&peer).copied().unwrap_or(0);
    if total >= limits.streams || mine >= limits.per_client {
        let why = if mine >= limits.per_client {
            format!("this client already holds {mine} live streams, the most one may")
        } else {
            format!("the server already holds {total} live streams, the most it keeps")
        };
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{why}: the page works on without live updates (it reads the game when you act or return to it)"),
        ));
    }
    *held.entry(peer).or_insert(0) += 1;
    Ok(Place { games: Arc::clone(games), peer, _busy: connection.map(Connection::busy) })
}

/// The secrets a stream's request presents: in its `X-Cdgsolo-Seat` header or `seat=` query,
/// several separated by commas (a browser's stream follows games of several seats).
fn secrets(headers: &HeaderMap, query: Option<&str>) -> Vec<String> {
    devices::presented(headers, query)
        .map(|all| all.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect())
        .unwrap_or_default()
}

/// Who a stream presenting `secrets` follows game `id` for: a seat whose secret is among them, or
/// one screen.
fn holder_among(games: &Games, id: i64, secrets: &[String]) -> Result<Holder, ApiError> {
    games.store().summary(id)?;
    let keys = games.store().seat_keys(id)?;
    if keys.is_none() {
        // A secret of another game, or a revoked one, says nothing of this one.
        return devices::holder(id, None, None);
    }
    let mut refusal = devices::holder(id, keys.as_ref(), None);
    for secret in secrets {
        refusal = devices::holder(id, keys.as_ref(), Some(secret));
        if refusal.is_ok() {
            break;
        }
    }
    refusal
}

/// One game followed from one seat.
#[derive(Clone, Copy, Debug)]
struct Followed {
    game: i64,
    player: u8,
    holder: Holder,
}

/// `GET /api/games/{id}/live/{player}`: game `id`'s changes as `player` may know them; the stream
/// ends when the game is deleted.
pub async fn follow_one(
    State(games): State<Shared>,
    Path((id, player)): Path<(String, String)>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    connection: Option<axum::Extension<Connection>>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let player = player_number(&player)?;
    if player > 1 {
        return Err(ApiError::bad(format!("player {player} does not exist: the players are 0 and 1")));
    }
    let secrets = secrets(&headers, query.as_deref());
    let place = take_place(&games, connection.as_deref())?;
    let changes = games.follow();
    let followed = crate::api::blocking(&games, move |games| {
        let holder = holder_among(games, id, &secrets)?;
        holder.may_read(player)?;
        Ok(Followed { game: id, player, holder })
    })
    .await?;
    Ok(stream(games, vec![followed], VecDeque::new(), changes, place))
}

/// The most games one stream may follow.
pub const FOLLOW_LIMIT: usize = 32;

/// `GET /api/live?follow=12.0,13.1`: the changes of several games, each as the seat named after
/// its dot may know it. A game the request may not follow is told at once (`"refused"`) and left
/// out while the others go on; when none may be followed, the first refusal is the answer.
pub async fn follow_many(
    State(games): State<Shared>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    connection: Option<axum::Extension<Connection>>,
) -> Result<Response, ApiError> {
    let query = query.unwrap_or_default();
    let list = query.split('&').find_map(|p| p.strip_prefix("follow=")).unwrap_or_default();
    let mut wanted = Vec::new();
    for item in list.split([',', '+']).filter(|i| !i.is_empty()) {
        let item = item.replace("%2C", ",");
        let (game, player) = item
            .split_once('.')
            .ok_or_else(|| ApiError::bad(format!("follow: '{item}' is not a game and a seat (12.0)")))?;
        let game: i64 =
            game.parse().map_err(|_| ApiError::bad(format!("follow: '{game}' is not a game id (ids are numbers)")))?;
        let player = player_number(player)?;
        if player > 1 {
            return Err(ApiError::bad(format!("follow: player {player} does not exist: the players are 0 and 1")));
        }
        wanted.push((game, player));
    }
    if wanted.is_empty() || wanted.len() > FOLLOW_LIMIT {
        return Err(ApiError::bad(format!("follow: name 1 to {FOLLOW_LIMIT} games, each with its seat (12.0,13.1)")));
    }
    let secrets = secrets(&headers, Some(&query));
    let place = take_place(&games, connection.as_deref())?;
    let changes = games.follow();
    let (followed, refused) = crate::api::blocking(&games, move |games| {
        let mut followed = Vec::new();
        let mut refused = VecDeque::new();
        let mut first = None;
        for (game, player) in wanted {
            match holder_among(games, game, &secrets).and_then(|h| h.may_read(player).map(|()| h)) {
                Ok(holder) => followed.push(Followed { game, player, holder }),
                Err(ApiError(code, why)) => {
                    refused
                        .push_back(json!({ "game": game, "player": player, "refused": why, "status": code.as_u16() }));
                    first.get_or_insert(ApiError(code, why));
                }
            }
        }
        // Nothing to follow: the refusal is the answer.
        match first {
            Some(refusal) if followed.is_empty() => Err(refusal),
            _ => Ok((followed, refused)),
        }
    })
    .await?;
    Ok(stream(games, followed, refused, changes, place))
}

/// What one change tells a follower, and whether the follower stops following the game.
fn told(change: &Change, f: &Followed) -> (Value, bool) {
    let mut data = json!({ "game": f.game, "player": f.player, "steps": change.steps });
    let stop = match &change.told {
        Told::Saved => false,
        Told::Move(seen) => {
            data["move"] = seen[usize::from(f.player)].clone();
            false
        }
        Told::Undone(words) => {
            data["undone"] = words[usize::from(f.player)].clone();
            false
        }
        Told::Devices(on) => {
            data["devices"] = json!(on);
            // Handed out, a stream of the screen may read no more; back at one screen, a
            // seat's secret opens nothing.
            *on == (f.holder == Holder::Screen)
        }
        Told::Deleted => {
            data["deleted"] = json!(true);
            true
        }
    };
    (data, stop)
}

struct Following {
    followed: Vec<Followed>,
    pending: VecDeque<Value>,
    changes: tokio::sync::broadcast::Receiver<Change>,
    closing: tokio::sync::watch::Receiver<bool>,
    idle: Duration,
    _place: Place,
}

fn stream(
    games: Shared,
    followed: Vec<Followed>,
    pending: VecDeque<Value>,
    changes: tokio::sync::broadcast::Receiver<Change>,
    place: Place,
) -> Response {
    let state = Following {
        closing: games.closing(),
        idle: games.streams().limits.idle,
        followed,
        pending,
        changes,
        _place: place,
    };
    let events = futures_util::stream::unfold(state, |mut s| async move {
        loop {
            if let Some(data) = s.pending.pop_front() {
                let event = Event::default().event("change").data(data.to_string());
                return Some((Ok::<_, std::convert::Infallible>(event), s));
            }
            if s.followed.is_empty() || *s.closing.borrow() {
                return None;
            }
            let change = tokio::select! {
                _ = s.closing.changed() => return None,
                change = tokio::time::timeout(s.idle, s.changes.recv()) => change,
            };
            match change {
                // A quiet spell: the stream ends, and a page still open follows again.
                Err(_) => return None,
                Ok(Ok(change)) => {
                    let mut kept = Vec::with_capacity(s.followed.len());
                    for f in std::mem::take(&mut s.followed) {
                        if f.game != change.game {
                            kept.push(f);
                            continue;
                        }
                        let (data, stop) = told(&change, &f);
                        s.pending.push_back(data);
                        if !stop {
                            kept.push(f);
                        }
                    }
                    s.followed = kept;
                }
                // Fallen behind: each page reads its game afresh.
                Ok(Err(RecvError::Lagged(_))) => {
                    for f in &s.followed {
                        s.pending.push_back(json!({ "game": f.game, "player": f.player, "steps": null }));
                    }
                }
                Ok(Err(RecvError::Closed)) => return None,
            }
        }
    });
    Sse::new(events).keep_alive(KeepAlive::default()).into_response()
}
