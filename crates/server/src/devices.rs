//! Two players on two devices: a game with secret hands can be handed to two devices, each given
//! one seat's link with a secret of its own. From then on the secret is the seat: the page sends it
//! on every request (the `X-Cdgsolo-Seat` header; the live stream may carry it in its query, since
//! a browser's `EventSource` sends no headers), and the server lets a request read only what its
//! seat may know and decide, undo, go back and ask for a hint only for its seat. A request without
//! a secret reads and does nothing of such a game; taking it back to one screen forgets both
//! secrets, and both devices are told. This module holds the rule (who a secret speaks for, what a
//! seat may do) and the two routes that hand a game out and take it back; docs/api.md, "Two
//! devices", is the user's side of this.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde_json::{Value, json};
use subtle::ConstantTimeEq;

use crate::api::{Answer, Shared, bad, game_id, on_game, on_game_as};
use crate::error::ApiError;
use crate::games::{Change, Told};

/// The header that carries a seat's secret.
pub const SEAT_HEADER: &str = "x-cdgsolo-seat";

/// Who a request speaks for, as far as the game's seats go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    /// A game at one screen (or against a bot): the page shows whichever seat the game allows.
    Screen,
    /// One seat of a game on two devices.
    Seat(u8),
}

impl Holder {
    /// Refuses a request of a seat about `player`'s part of the game (its view, its history).
    pub fn may_read(self, player: u8) -> Result<(), ApiError> {
        match self {
            Holder::Seat(seat) if seat != player => Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!("this device holds seat {seat} of the game: what seat {player} sees is the other player's"),
            )),
            _ => Ok(()),
        }
    }

    /// Refuses a request of a seat made while the other seat is to decide (`to_move`): its legal
    /// actions, a hint or a decision would be the other player's.
    pub fn may_decide(self, to_move: Option<u8>, what: &str) -> Result<(), ApiError> {
        match (self, to_move) {
            (Holder::Seat(seat), Some(p)) if seat != p => Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!("{what} is for the player to decide, and that is the other player now: wait for your turn"),
            )),
            _ => Ok(()),
        }
    }

    /// Refuses a seat a request that would read both seats at once (the whole record, every
    /// step's events by action id).
    pub fn may_read_both(self, what: &str) -> Result<(), ApiError> {
        match self {
            Holder::Seat(_) => Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "{what} holds both players' cards, and this game is on two devices: take it back to one screen \
                     to get it"
                ),
            )),
            Holder::Screen => Ok(()),
        }
    }

    /// Refuses a seat a request only a game at one screen may make (deleting it, handing it out).
    pub fn at_one_screen(self, what: &str) -> Result<(), ApiError> {
        match self {
            Holder::Seat(_) => Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!("{what} needs the game at one screen: it is on two devices (take it back to one screen first)"),
            )),
            Holder::Screen => Ok(()),
        }
    }
}

/// The secret a request presents: its `X-Cdgsolo-Seat` header, or, where `query` is given (the
/// live stream), its `seat=` parameter.
pub fn presented(headers: &HeaderMap, query: Option<&str>) -> Option<String> {
    if let Some(value) = headers.get(SEAT_HEADER) {
        return Some(value.to_str().unwrap_or_default().trim().to_string());
    }
    query?.split('&').find_map(|pair| pair.strip_prefix("seat=")).map(str::to_string)
}

/// Who a request speaks for in game `id`, given the game's secrets (`None`: at one screen) and
/// the secret the request presents; a request that may do nothing with the game is refused.
pub fn holder(id: i64, keys: Option<&[String; 2]>, presented: Option<&str>) -> Result<Holder, ApiError> {
    match (keys, presented) {
        (None, None) => Ok(Holder::Screen),
        (None, Some(_)) => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "this seat's link no longer opens game {id}: the game was taken back to one screen (or the link is \
                 not one of its own). Open it from the saved games"
            ),
        )),
        (Some(_), None) => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "game {id} is played on two devices: each opens it with its own seat's link. To play it here, take it \
                 back to one screen (both devices are told)"
            ),
        )),
        (Some(keys), Some(secret)) => {
            let matches = |k: &String| bool::from(k.as_bytes().ct_eq(secret.as_bytes()));
            // Both are compared, so the time taken does not tell which seat a guess came close to.
            let found = [matches(&keys[0]), matches(&keys[1])];
            match found {
                [true, _] => Ok(Holder::Seat(0)),
                [_, true] => Ok(Holder::Seat(1)),
                _ => Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    format!(
                        "this seat's link is not valid for game {id}: it was replaced when the game was handed out \
                         again, or the link was cut. Ask for a new link"
                    ),
                )),
            }
        }
    }
}

/// A fresh seat secret ([`crate::fresh_token`]).
pub fn fresh_secret() -> Result<String, ApiError> {
    crate::fresh_token().map_err(|e| ApiError::internal(format!("no random source for a seat's secret: {e}")))
}

/// Whether step `at` of a log (`steps_by`) is `seat`'s own decision with nothing of the other
/// seat's after it: what a seat on two devices may go back to.
pub fn own_since(steps: &[Option<(u8, bool)>], at: usize, seat: u8) -> bool {
    steps.get(at) == Some(&Some((seat, false))) && steps[at..].iter().all(|s| s.is_none_or(|(p, _)| p == seat))
}

/// Whether the latest decision of a log (`steps_by`) is `seat`'s own with nothing of the other
/// seat's after it: what a seat on two devices may undo.
pub fn may_undo(steps: &[Option<(u8, bool)>], seat: u8) -> bool {
    steps.iter().rposition(|s| matches!(s, Some((_, false)))).is_some_and(|at| own_since(steps, at, seat))
}

/// Hands a game at one screen to two devices: a secret for each seat, which from now on is the
/// seat (docs/api.md, "Two devices"). Only a game of two people with secret hands, not over.
pub async fn hand_out(State(state): State<Shared>, Path(id): Path<String>, headers: HeaderMap) -> Answer {
    let id = game_id(&id)?;
    on_game_as(&state, id, &headers, move |game, games, holder| {
        holder.at_one_screen("handing the game to two devices")?;
        let status = game.session.status();
        if status["hands_hidden"] != json!(true) {
            return Err(bad("this game hides nothing from either seat: one screen serves both players"));
        }
        if !(game.seats.is_person(0) && game.seats.is_person(1)) {
            return Err(bad("a bot holds one seat of this game: there is one person to play it, on one device"));
        }
        if status["over"] == json!(true) {
            return Err(bad("the game is over: there is nothing left to play on two devices"));
        }
        let keys = [fresh_secret()?, fresh_secret()?];
        games.store().set_seat_keys(id, &keys)?;
        games.tell(Change { game: id, steps: game.session.steps(), told: Told::Devices(true) });
        let seats: Vec<Value> = keys
            .iter()
            .enumerate()
            .map(|(seat, key)| {
                let name = game.session.observe(seat as u8).ok().and_then(|seen| {
                    let view = seen.get("observation").cloned().unwrap_or(seen);
                    view["sides"][seat]["nation"].as_str().map(str::to_string)
                });
                json!({ "seat": seat, "name": name, "key": key })
            })
            .collect();
        Ok(axum::Json(json!({ "id": id, "seats": seats })))
    })
    .await
}

/// Takes a game on two devices back to one screen: the seats' secrets are forgotten, and both
/// devices are told. Any page of the server may do it (it is how the person at the host gets the
/// game back), and nothing of it is hidden from the players.
pub async fn back_to_one_screen(State(state): State<Shared>, Path(id): Path<String>) -> Answer {
    let id = game_id(&id)?;
    on_game(&state, id, move |game, games| {
        let had = games.store().clear_seat_keys(id)?;
        if had {
            games.tell(Change { game: id, steps: game.session.steps(), told: Told::Devices(false) });
        }
        Ok(axum::Json(json!({ "id": id, "devices": false, "was_on_devices": had })))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> [String; 2] {
        ["aaaa".to_string(), "bbbb".to_string()]
    }

    #[test]
    fn a_secret_is_its_seat_and_nothing_else_opens_a_game_on_two_devices() {
        assert_eq!(holder(1, Some(&keys()), Some("aaaa")).ok(), Some(Holder::Seat(0)));
        assert_eq!(holder(1, Some(&keys()), Some("bbbb")).ok(), Some(Holder::Seat(1)));
        for wrong in [None, Some(""), Some("aaa"), Some("aaaab"), Some("AAAA")] {
            let refused = holder(1, Some(&keys()), wrong).expect_err("refused");
            assert_eq!(refused.0, StatusCode::FORBIDDEN, "{wrong:?}");
        }
        assert_eq!(holder(1, None, None).ok(), Some(Holder::Screen));
        let revoked = holder(1, None, Some("aaaa")).expect_err("a revoked secret");
        assert!(revoked.1.contains("taken back to one screen"), "{}", revoked.1);
    }

    #[test]
    fn a_seat_reads_and_decides_only_for_itself() {
        let seat = Holder::Seat(1);
        assert!(seat.may_read(1).is_ok() && seat.may_read(0).is_err());
        assert!(seat.may_decide(Some(1), "x").is_ok() && seat.may_decide(Some(0), "x").is_err());
        assert!(seat.may_decide(None, "x").is_ok(), "a game over has nobody to decide");
        assert!(seat.may_read_both("x").is_err() && Holder::Screen.may_read_both("x").is_ok());
        assert!(Holder::Screen.may_read(0).is_ok() && Holder::Screen.may_decide(Some(0), "x").is_ok());
    }

    #[test]
    fn secrets_are_fresh_and_long() {
        let (a, b) = (fresh_secret().expect("a secret"), fresh_secret().expect("another"));
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn the_secret_comes_from_the_header_or_the_streams_query() {
        let mut headers = HeaderMap::new();
        assert_eq!(presented(&headers, Some("x=1&seat=abc")), Some("abc".to_string()));
        assert_eq!(presented(&headers, None), None);
        headers.insert(SEAT_HEADER, "def".parse().expect("a header"));
        assert_eq!(presented(&headers, Some("seat=abc")), Some("def".to_string()));
    }
}
