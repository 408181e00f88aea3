//! The JSON API: the protocol's commands over HTTP. Each game lives in the store as its record and,
//! while it is being played, as an open session in memory ([`crate::games`]); every decision is
//! written to the store before the answer goes out. The work on a game (a replay, a bot's search, a
//! hint) runs on the blocking pool under that game's own lock, so the page's files and the other
//! games are answered meanwhile; an action may name the step it was chosen at, and is refused when
//! the game has moved on. A game on two devices answers each device only for its own seat
//! ([`crate::devices`]).

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use protocol::DynSession;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::devices::{self, Holder};
pub use crate::error::ApiError;
pub use crate::games::Games;
use crate::games::{Change, OpenGame, Told};
use crate::seats::Seats;

pub(crate) fn bad(message: impl Into<String>) -> ApiError {
    ApiError::bad(message)
}

pub(crate) type Answer = Result<axum::Json<Value>, ApiError>;

/// The game's status; against a bot, `undo` says whether the person's last decision can be
/// taken back with the bot's answers after it (the protocol's own says so of the last step).
fn status(game: &OpenGame) -> Value {
    let mut status = game.session.status();
    let seats = &game.seats;
    status["undo"] = json!(game.session.can_undo(&|p| !seats.is_person(p)));
    // Whose decision an undo would take back: on two devices, each takes back only its own.
    status["last_decision"] = json!(last_person_decision(game));
    status
}

/// The seat of the person whose decision an undo would take back (past the bots' answers and the
/// steps taken for the person), if any.
fn last_person_decision(game: &OpenGame) -> Option<u8> {
    let seats = &game.seats;
    game.session.last_decision_by(&|p| seats.is_person(p))
}

/// Gives an answer the combat reports of the steps it covers: the combat resolved by the person's
/// own decision (and the rolls after it) as `combat`, each bot move's as that move's `combat`
/// (null where none was resolved). `from` is the number of steps before the person's decision.
fn attach_combats(session: &mut dyn DynSession, from: usize, answer: &mut Value) -> Result<(), ApiError> {
    let reports = session.reports_since(from)?;
    let starts: Vec<usize> = answer["bot_moves"]
        .as_array()
        .map(|moves| moves.iter().filter_map(|m| m["step"].as_u64()).map(|s| s as usize).collect())
        .unwrap_or_default();
    // The steps of the person's own decision run up to the first bot move.
    answer["combat"] = reports
        .iter()
        .find(|(i, _)| starts.first().is_none_or(|first| i < first))
        .map_or(Value::Null, |(_, r)| r.clone());
    if let Some(moves) = answer["bot_moves"].as_array_mut() {
        for (k, m) in moves.iter_mut().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(usize::MAX);
            let start = starts.get(k).copied().unwrap_or(usize::MAX);
            m["combat"] =
                reports.iter().find(|(i, _)| (start..end).contains(i)).map_or(Value::Null, |(_, r)| r.clone());
        }
    }
    Ok(())
}

/// The server's games, shared by the handlers.
pub type Shared = Arc<Games>;

/// Runs `f` on the blocking pool: a replay, a bot's search or a wait for the database never holds
/// up the threads that answer the other requests.
pub(crate) async fn blocking<T: Send + 'static>(
    games: &Shared,
    f: impl FnOnce(&Games) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let games = Arc::clone(games);
    tokio::task::spawn_blocking(move || f(&games))
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("the request's work stopped: {e}"))))
}

/// [`blocking`] on game `id` with its lock held ([`Games::with_game`]), for a request that speaks
/// for the seat whose secret it presents (`headers`), or for a game at one screen: `f` is told
/// which ([`Holder`]); a request that may do nothing with the game is refused before it.
pub(crate) async fn on_game_as<T: Send + 'static>(
    games: &Shared,
    id: i64,
    headers: &HeaderMap,
    f: impl FnOnce(&mut OpenGame, &Games, Holder) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let secret = devices::presented(headers, None);
    on_game(games, id, move |game, games| {
        let holder = holder_of(games, id, secret.as_deref())?;
        f(game, games, holder)
    })
    .await
}

/// Who a request presenting `secret` speaks for in game `id`.
fn holder_of(games: &Games, id: i64, secret: Option<&str>) -> Result<Holder, ApiError> {
    let keys = games.store().seat_keys(id)?;
    devices::holder(id, keys.as_ref(), secret)
}

/// The player to decide, if a player is.
fn to_move(game: &OpenGame) -> Option<u8> {
    game.session.status()["to_move"]["player"].as_u64().and_then(|p| u8::try_from(p).ok())
}

/// [`blocking`] on game `id` with its lock held ([`Games::with_game`]).
pub(crate) async fn on_game<T: Send + 'static>(
    games: &Shared,
    id: i64,
    f: impl FnOnce(&mut OpenGame, &Games) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    blocking(games, move |games| games.with_game(id, f)).await
}

/// The page and its script and style, built into the binary (the server needs no files at run time).
const INDEX: &str = include_str!("../assets/index.html");
const STYLE: &str = include_str!("../assets/style.css");

/// The page's JavaScript modules, by the name the page imports them under.
const SCRIPTS: &[(&str, &str)] = &[
    ("app.js", include_str!("../assets/app.js")),
    ("dom.js", include_str!("../assets/dom.js")),
    ("lobby.js", include_str!("../assets/lobby.js")),
    ("manoeuvre.js", include_str!("../assets/manoeuvre.js")),
    ("manoeuvre-lobby.js", include_str!("../assets/manoeuvre-lobby.js")),
    ("replay.js", include_str!("../assets/replay.js")),
    ("cardtable.js", include_str!("../assets/cardtable.js")),
    ("invaders.js", include_str!("../assets/invaders.js")),
    ("miniatures.js", include_str!("../assets/miniatures.js")),
    ("seat.js", include_str!("../assets/seat.js")),
    ("live.js", include_str!("../assets/live.js")),
    ("live-worker.js", include_str!("../assets/live-worker.js")),
];

/// The page's style sheets besides style.css, by name (one per kind of table).
const STYLES: &[(&str, &str)] = &[
    ("cardtable.css", include_str!("../assets/cardtable.css")),
    ("invaders.css", include_str!("../assets/invaders.css")),
    ("miniatures.css", include_str!("../assets/miniatures.css")),
];

async fn script(Path(name): Path<String>) -> Response {
    if let Some((_, text)) = STYLES.iter().find(|(n, _)| *n == name) {
        return asset("text/css; charset=utf-8", text);
    }
    match SCRIPTS.iter().find(|(n, _)| *n == name) {
        Some((_, text)) => asset("text/javascript; charset=utf-8", text),
        None => ApiError(StatusCode::NOT_FOUND, format!("no file '{name}'")).into_response(),
    }
}

fn asset(kind: &'static str, text: &'static str) -> Response {
    ([(axum::http::header::CONTENT_TYPE, kind)], text).into_response()
}

/// The API's routes and the page over `games`, behind the loopback gate: only the loopback names
/// are served, and only the server's own page may change anything ([`crate::gate`]).
pub fn router(games: Shared) -> Router {
    router_with(games, crate::gate::Gate::loopback(None))
}

/// The routes behind `gate`.
pub fn router_with(games: Shared, gate: crate::gate::Gate) -> Router {
    // Where another device reaches this server (the page's links for a second device).
    let access = json!({ "network": gate.is_network(), "bases": gate.bases() });
    let routes = routes(games).route("/api/access", get(move || std::future::ready(axum::Json(access))));
    crate::gate::guard(routes, gate)
}

fn routes(state: Shared) -> Router {
    Router::new()
        .route("/", get(|| async { asset("text/html; charset=utf-8", INDEX) }))
        .route("/{script}", get(script))
        .route("/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE) }))
        .route("/api/catalog", get(catalog))
        .route("/api/games", get(list_games).post(new_game))
        .route("/api/games/import", post(import_game))
        .route("/api/games/{id}", get(game_status).patch(rename_game).delete(delete_game))
        .route("/api/games/{id}/legal", get(legal))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/observe/{player}", get(observe))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/live/{player}", get(crate::live::follow_one))
        .route("/api/games/{id}/history/{player}", get(history))
        .route("/api/games/{id}/replay/{step}/{player}", get(replay))
        .route("/api/games/{id}/rollback", post(rollback))
        .route("/api/games/{id}/export", get(export))
        .route("/api/games/{id}/devices", post(crate::devices::hand_out).delete(crate::devices::back_to_one_screen))
        .route("/api/live", get(crate::live::follow_many))
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such API path (see docs/api.md)".into()) })
        .method_not_allowed_fallback(|method: axum::http::Method| async move {
            ApiError(StatusCode::METHOD_NOT_ALLOWED, format!("this path does not take {method} (see docs/api.md)"))
        })
        .with_state(state)
}

/// Parses a request body as JSON of type `T`, refusing unknown fields by name.
fn body<T: for<'de> Deserialize<'de>>(bytes: &Bytes) -> Result<T, ApiError> {
    let text = std::str::from_utf8(bytes).map_err(|_| bad("the request body is not UTF-8 text"))?;
    let mut reader = serde_json::Deserializer::from_str(text);
    // The path names the field a wrong value sits in (`seed: invalid type...`).
    let value = serde_path_to_error::deserialize(&mut reader).map_err(|e| match e.path().to_string().as_str() {
        "." => bad(format!("the request body: {}", e.inner())),
        field => bad(format!("the request body: {field}: {}", e.inner())),
    })?;
    reader.end().map_err(|e| bad(format!("the request body: {e}")))?;
    Ok(value)
}

pub(crate) fn game_id(text: &str) -> Result<i64, ApiError> {
    text.parse().map_err(|_| ApiError(StatusCode::NOT_FOUND, format!("'{text}' is not a game id (ids are numbers)")))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: String,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    options: Value,
    #[serde(default)]
    name: Option<String>,
    /// Manoeuvre: who sits in each seat, null for a person or a bot's name (`[null, "mcts:normal"]`).
    #[serde(default)]
    bots: Option<Value>,
    #[serde(default = "yes")]
    lone_steps: bool,
}

/// Requests take a person's lone steps for them unless they say otherwise (`"lone_steps": false`).
fn yes() -> bool {
    true
}

async fn new_game(State(state): State<Shared>, bytes: Bytes) -> Result<(StatusCode, axum::Json<Value>), ApiError> {
    let request: NewGame = body(&bytes)?;
    refuse_data_dir(&request.options)?;
    let name = request.name.as_deref().map(crate::names::check_name).transpose()?;
    let seed = request.seed.unwrap_or_else(fresh_seed);
    let seats = match &request.bots {
        Some(value) => Seats::parse_request(&request.game, value).map_err(|e| bad(format!("bots: {e}")))?,
        None => Seats::default(),
    };
    blocking(&state, move |games| {
        let session = protocol::new_session(&request.game, seed, &request.options)?;
        let name = name.unwrap_or_else(|| default_name(&request.game, session.as_ref(), seed));
        let id = games.store().create_seated(&name, &request.game, &session.export(), &seats.to_value())?;
        games.insert(id, session, seats);
        // A bot in the first seat moves at once.
        games.with_game(id, |game, games| {
            let bot_moves = game.play_on(id, games, request.lone_steps)?;
            // The list of saved games shows where a new game stands (and whose cards a table follows)
            // before its first decision; only the list's words, so a failure changes nothing else.
            let _ = games.store().set_standing(id, &game.standing());
            let answer = json!({ "id": id, "name": name, "status": status(game), "seats": game.seats.to_value(),
                "bot_moves": bot_moves });
            Ok((StatusCode::CREATED, axum::Json(answer)))
        })
    })
    .await
}

/// A game's name in the saved list when the player gave none, from its first observation.
fn default_name(game: &str, session: &dyn DynSession, seed: u64) -> String {
    let nations: Vec<String> = session
        .observe(0)
        .ok()
        .and_then(|seen| {
            let view = seen.get("observation").cloned().unwrap_or(seen);
            view.get("sides")?.as_array().map(|sides| {
                sides.iter().filter_map(|s| s.get("nation").and_then(Value::as_str).map(str::to_string)).collect()
            })
        })
        .unwrap_or_default();
    match nations.as_slice() {
        [a, b] => crate::game_name(game, Some((a, b)), seed),
        _ => crate::game_name(game, None, seed),
    }
}

/// A Manoeuvre data directory names a place in the server's file system: the server plays with the
/// data built into it and never reads a directory a request names (a page on another machine
/// could otherwise make it read any folder).
fn refuse_data_dir(options: &Value) -> Result<(), ApiError> {
    if options.get("data_dir").is_some_and(|d| !d.is_null()) {
        return Err(bad("data_dir: the server plays with the data built into it; a corrected data directory is for \
             `cdgsolo play manoeuvre --data DIR` and the protocol"));
    }
    Ok(())
}

/// A seed for a game started without one.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ u64::from(std::process::id()).rotate_left(32)
}

/// The games that can be started, and Manoeuvre's nations.
async fn catalog() -> Answer {
    let games = protocol::games()?;
    let data = manoeuvre::tables::Compiled::embedded().map_err(|e| ApiError::internal(e.to_string()))?;
    let armies: Vec<Value> = data
        .rules
        .armies
        .iter()
        .map(|a| json!({ "code": a.code, "name": a.name, "provisional": a.provisional }))
        .collect();
    // The map sections as rows of terrain letters, for the lobby to draw them.
    let sections: Vec<Value> = data
        .rules
        .sections
        .iter()
        .map(|s| {
            let rows: Vec<String> = s
                .squares
                .chunks(4)
                .map(|row| row.iter().map(|&t| manoeuvre::view::terrain_letter(t)).collect())
                .collect();
            json!({ "number": s.number, "terrain": rows })
        })
        .collect();
    Ok(axum::Json(json!({ "games": games, "armies": armies, "sections": sections })))
}

async fn list_games(State(state): State<Shared>) -> Answer {
    blocking(&state, |games| {
        let store = games.store();
        let on_devices = store.games_on_devices()?;
        let mut list = serde_json::to_value(store.list()?).map_err(|e| ApiError::internal(e.to_string()))?;
        for entry in list.as_array_mut().into_iter().flatten() {
            entry["devices"] = json!(entry["id"].as_i64().is_some_and(|id| on_devices.contains(&id)));
        }
        Ok(axum::Json(json!({ "games": list })))
    })
    .await
}

async fn game_status(State(state): State<Shared>, Path(id): Path<String>, headers: HeaderMap) -> Answer {
    let id = game_id(&id)?;
    on_game_as(&state, id, &headers, move |game, games, holder| {
        let mut status = status(game);
        let summary = games.store().summary(id)?;
        // The seat this device holds, when the game is on two devices, and whether it has a
        // decision of its own to take back.
        let seat = match holder {
            Holder::Seat(p) => {
                let own = crate::devices::may_undo(&game.session.steps_by(), p);
                status["undo"] = json!(status["undo"] == json!(true) && own);
                json!(p)
            }
            Holder::Screen => Value::Null,
        };
        Ok(axum::Json(json!({ "id": id, "name": summary.name, "updated": summary.updated, "status": status,
            "seats": game.seats.to_value(), "seat": seat })))
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rename {
    name: String,
}

async fn rename_game(State(state): State<Shared>, Path(id): Path<String>, headers: HeaderMap, bytes: Bytes) -> Answer {
    let id = game_id(&id)?;
    let request: Rename = body(&bytes)?;
    let name = crate::names::check_name(&request.name)?;
    let secret = devices::presented(&headers, None);
    blocking(&state, move |games| {
        holder_of(games, id, secret.as_deref())?;
        games.store().rename(id, &name)?;
        Ok(axum::Json(json!({ "id": id, "name": name })))
    })
    .await
}

async fn delete_game(State(state): State<Shared>, Path(id): Path<String>, headers: HeaderMap) -> Answer {
    let id = game_id(&id)?;
    let secret = devices::presented(&headers, None);
    blocking(&state, move |games| {
        holder_of(games, id, secret.as_deref())?.at_one_screen("deleting the game")?;
        games.store().delete(id)?;
        games.forget(id);
        games.tell(Change { game: id, steps: 0, told: Told::Deleted });
        Ok(axum::Json(json!({ "deleted": id })))
    })
    .await
}

async fn legal(State(state): State<Shared>, Path(id): Path<String>, headers: HeaderMap) -> Answer {
    let id = game_id(&id)?;
    on_game_as(&state, id, &headers, |game, _, holder| {
        holder.may_decide(to_move(game), "the list of legal actions")?;
        Ok(axum::Json(game.session.legal()))
    })
    .await
}

/// The most steps one request may take together.
const MAX_STEPS_AT_ONCE: usize = 16;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Act {
    /// The action, by id.
    #[serde(default)]
    action: Option<String>,
    /// Or one decision made of several steps taken together, in order (the discards of a Discard
    /// phase and its end): all are applied or none.
    #[serde(default)]
    actions: Option<Vec<String>>,
    /// The number of steps the game had when the client chose: the action is refused if the game
    /// has moved since (another tab played).
    #[serde(default)]
    step: Option<u64>,
    /// Whether the steps after it that are the person's only choice are taken for them.
    #[serde(default = "yes")]
    lone_steps: bool,
}

async fn act(State(state): State<Shared>, Path(id): Path<String>, headers: HeaderMap, bytes: Bytes) -> Answer {
    let id = game_id(&id)?;
    let request: Act = body(&bytes)?;
    let ids = match (&request.action, &request.actions) {
        (Some(one), None) => vec![one.clone()],
        (None, Some(list)) if (1..=MAX_STEPS_AT_ONCE).contains(&list.len()) => list.clone(),
        (None, Some(_)) => return Err(bad(format!("actions: give 1 to {MAX_STEPS_AT_ONCE} action ids"))),
        _ => return Err(bad("give either \"action\" (one id) or \"actions\" (a list of ids)")),
    };
    on_game_as(&state, id, &headers, move |game, games, holder| {
        holder.may_decide(to_move(game), "a decision")?;
        let now = game.session.steps() as u64;
        if let Some(step) = request.step
            && now != step
        {
            return Err(ApiError(
                StatusCode::CONFLICT,
                format!("the game has moved on since that choice (step {step}, now {now}): reload it"),
            ));
        }
        if game.seats.bot_to_move(game.session.as_ref()) {
            return Err(ApiError(StatusCode::CONFLICT, "a bot is to move, not you: reload the game".into()));
        }
        let from = game.session.steps();
        let (mut labels, mut events) = (Vec::new(), Vec::new());
        for action in &ids {
            // A step that fails leaves the others unsaved: the open game is dropped and read again.
            let applied = game.session.apply(action)?;
            labels.push(applied.label);
            events.extend(applied.events);
        }
        game.commit(id, &games.store())?;
        // The decision is saved: whatever befalls what follows it (another server saving the game
        // first), the client is told that it was made, with the game as it was saved then.
        let saved = status(game);
        let mut answer = json!({ "label": labels.join("; "), "events": events });
        match game.play_on(id, games, request.lone_steps) {
            Ok(bot_moves) => {
                answer["bot_moves"] = json!(bot_moves);
                answer["status"] = status(game);
            }
            Err(ApiError(code, why)) => {
                let why =
                    if code == StatusCode::CONFLICT { "the game was changed elsewhere meanwhile".into() } else { why };
                answer["bot_moves"] = json!([]);
                answer["status"] = saved;
                answer["not_played_on"] =
                    json!(format!("the decision is saved, but nothing after it was ({why}): reload the game"));
            }
        }
        attach_combats(game.session.as_mut(), from, &mut answer)?;
        Ok(axum::Json(answer))
    })
    .await
}

/// An undo's optional body: `{"lone_steps": false}` when the person takes every step by hand.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoRequest {
    #[serde(default = "yes")]
    lone_steps: bool,
}

/// Takes back the person's last decision, with everything after it that was not theirs to decide:
/// the bots' answers and the steps taken for them.
async fn undo(State(state): State<Shared>, Path(id): Path<String>, headers: HeaderMap, bytes: Bytes) -> Answer {
    let id = game_id(&id)?;
    let request: UndoRequest = if bytes.is_empty() { UndoRequest { lone_steps: true } } else { body(&bytes)? };
    on_game_as(&state, id, &headers, move |game, games, holder| {
        // On two devices a seat takes back its own last decision only, and only while the other
        // seat has done nothing since; the other device is told what was taken back, in its words.
        let told_other = match holder {
            Holder::Seat(seat) => {
                if !crate::devices::may_undo(&game.session.steps_by(), seat) {
                    return Err(ApiError::new(
                        StatusCode::FORBIDDEN,
                        "the last decision is the other player's, or they have played since yours: only they can \
                         take theirs back",
                    ));
                }
                Some((seat, game.session.history(1 - seat)?))
            }
            Holder::Screen => None,
        };
        let mut undone = String::new();
        let mut events = Vec::new();
        let mut first = true;
        for _ in 0..10_000 {
            // A person's own decision ends the undo once it is taken back.
            let own = game.session.last_decision().is_some_and(|p| game.seats.is_person(p));
            match game.session.undo() {
                Ok(step) => {
                    undone = step.id;
                    // The way back is told last step first, as the table is put back.
                    events.extend(step.events);
                    game.taken_back();
                }
                Err(e) if first => return Err(e.into()),
                Err(e) => {
                    // Something seen since cannot be taken back: play on to where the game was.
                    game.play_on(id, games, request.lone_steps)?;
                    game.commit(id, &games.store())?;
                    return Err(e.into());
                }
            }
            first = false;
            if own {
                break;
            }
        }
        game.commit(id, &games.store())?;
        if let Some((seat, seen)) = told_other {
            let words = seen["entries"][game.session.steps()]["label"].clone();
            let mut notes = [Value::Null, Value::Null];
            notes[usize::from(1 - seat)] = words;
            games.tell(Change { game: id, steps: game.session.steps(), told: Told::Undone(Arc::new(notes)) });
        }
        // The undone decision is legal again: its words are those of the legal list.
        let legal = game.session.legal();
        let label = legal["actions"]
            .as_array()
            .and_then(|list| list.iter().find(|a| a["id"] == undone.as_str()))
            .and_then(|a| a["label"].as_str())
            .unwrap_or(&undone)
            .to_string();
        Ok(axum::Json(json!({ "undone": undone, "label": label, "events": events, "status": status(game) })))
    })
    .await
}

async fn hint(State(state): State<Shared>, Path(id): Path<String>, headers: HeaderMap) -> Answer {
    let id = game_id(&id)?;
    on_game_as(&state, id, &headers, |game, _, holder| {
        holder.may_decide(to_move(game), "a hint")?;
        match crate::seats::hint(game.session.as_ref()) {
            Some(moves) => Ok(axum::Json(json!({ "iterations": bots::HINT_ITERATIONS, "moves": moves }))),
            None => Err(bad("hints are for Manoeuvre; a card table's choices are the real game's to make")),
        }
    })
    .await
}

pub(crate) fn player_number(text: &str) -> Result<u8, ApiError> {
    text.parse().map_err(|_| bad(format!("'{text}' is not a player number")))
}

async fn observe(
    State(state): State<Shared>,
    Path((id, player)): Path<(String, String)>,
    headers: HeaderMap,
) -> Answer {
    let id = game_id(&id)?;
    let player = player_number(&player)?;
    on_game_as(&state, id, &headers, move |game, _, holder| {
        holder.may_read(player)?;
        Ok(axum::Json(game.session.observe(player)?))
    })
    .await
}

/// Every step of the game as `player` may know it, which steps were a person's own decisions, where
/// the turns began, and the rollbacks made.
async fn history(
    State(state): State<Shared>,
    Path((id, player)): Path<(String, String)>,
    headers: HeaderMap,
) -> Answer {
    let id = game_id(&id)?;
    let player = player_number(&player)?;
    on_game_as(&state, id, &headers, move |game, games, holder| {
        holder.may_read(player)?;
        let mut told = game.session.history(player)?;
        if let Some(entries) = told["entries"].as_array_mut() {
            for entry in entries {
                let actor = entry["actor"].as_u64().and_then(|p| u8::try_from(p).ok());
                // A step taken for the person decided nothing: it is no place to go back to.
                let taken = entry["taken_for_player"] == json!(true);
                entry["decision"] = json!(!taken && actor.is_some_and(|p| game.seats.is_person(p)));
            }
        }
        told["rollbacks"] = json!(games.store().rollbacks(id)?);
        Ok(axum::Json(told))
    })
    .await
}

/// The position after the first `step` steps from `player`'s seat. Allowed at any time: a player's
/// own view of an earlier moment shows nothing that player was not shown then.
async fn replay(
    State(state): State<Shared>,
    Path((id, step, player)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Answer {
    let id = game_id(&id)?;
    let step: usize = step.parse().map_err(|_| bad(format!("'{step}' is not a step number")))?;
    let player = player_number(&player)?;
    on_game_as(&state, id, &headers, move |game, _, holder| {
        holder.may_read(player)?;
        Ok(axum::Json(game.session.replay(step, player)?))
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RollbackTo {
    step: u64,
    #[serde(default = "yes")]
    lone_steps: bool,
}

/// Goes back to the position after `step` steps, where a person decides or a turn began. The steps
/// taken off are kept in the store; the dice to come are the ones that came before, since chance
/// outcome k is drawn from the seed and k alone.
async fn rollback(State(state): State<Shared>, Path(id): Path<String>, headers: HeaderMap, bytes: Bytes) -> Answer {
    let id = game_id(&id)?;
    let request: RollbackTo = body(&bytes)?;
    on_game_as(&state, id, &headers, move |game, games, holder| {
        let deciders = game.session.deciders();
        let from = deciders.len();
        let step = usize::try_from(request.step).unwrap_or(usize::MAX);
        if step >= from {
            return Err(bad(format!("step {} is not before the present: the game has {from} steps", request.step)));
        }
        // On two devices a seat goes back only to one of its own decisions, with nothing of the
        // other seat's after it.
        if let Holder::Seat(seat) = holder
            && !crate::devices::own_since(&game.session.steps_by(), step, seat)
        {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!("going back to step {step} would take back the other player's moves: only they can"),
            ));
        }
        let person = deciders[step].is_some_and(|p| game.seats.is_person(p));
        if !person && !game.session.turn_starts()?.contains(&step) {
            return Err(bad(match deciders[step] {
                None => format!(
                    "step {step} is a roll or a draw: roll back to one of your own decisions or to the start of a turn"
                ),
                Some(_) => format!(
                    "at step {step} a bot decides: roll back to one of your own decisions or to the start of a turn"
                ),
            }));
        }
        let (discarded, way_back) = game.session.rollback(step)?;
        game.taken_back();
        // From the start of a turn, bots play on to the first decision of a person.
        let bot_moves = game.play_on_unsaved(id, games, request.lone_steps)?;
        game.commit_rollback(id, &games.store(), step, from, &discarded)?;
        let mut answer = json!({ "step": step, "from": from, "status": status(game), "bot_moves": bot_moves,
            "events": way_back });
        attach_combats(game.session.as_mut(), step, &mut answer)?;
        Ok(axum::Json(answer))
    })
    .await
}

async fn events(State(state): State<Shared>, Path(id): Path<String>, headers: HeaderMap) -> Answer {
    let id = game_id(&id)?;
    on_game_as(&state, id, &headers, |game, _, holder| {
        holder.may_read_both("the list of every step's events")?;
        Ok(axum::Json(game.session.events()))
    })
    .await
}

async fn export(State(state): State<Shared>, Path(id): Path<String>, headers: HeaderMap) -> Answer {
    let id = game_id(&id)?;
    on_game_as(&state, id, &headers, |game, _, holder| {
        holder.may_read_both("the game's record")?;
        Ok(axum::Json(game.session.export()))
    })
    .await
}

async fn import_game(State(state): State<Shared>, bytes: Bytes) -> Result<(StatusCode, axum::Json<Value>), ApiError> {
    let record: Value = body(&bytes)?;
    refuse_data_dir(record.get("setup").unwrap_or(&Value::Null))?;
    blocking(&state, move |games| {
        let session = protocol::import_session(record)?;
        let game = session.status()["game"].as_str().unwrap_or_default().to_string();
        let seed = session.status()["seed"].as_u64().unwrap_or_default();
        let name = format!("{}, imported", default_name(&game, session.as_ref(), seed));
        let id = games.store().create(&name, &game, &session.export())?;
        let status = session.status();
        games.insert(id, session, Seats::default());
        Ok((StatusCode::CREATED, axum::Json(json!({ "id": id, "name": name, "status": status }))))
    })
    .await
}
