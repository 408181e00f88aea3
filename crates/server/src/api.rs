//! The JSON API: the protocol's commands over HTTP. Each game lives in the store as its record and,
//! while it is being played, as an open session in memory; every decision is written to the store
//! before the answer goes out, and one lock orders the requests so that two tabs on one game cannot
//! apply a stale action twice (an action may name the step it was chosen at, and is refused when the
//! game has moved on).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use protocol::{DynSession, ProtocolError};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::seats::Seats;
use crate::store::{Store, StoreError};

/// Requests larger than this are refused: a record of a long game is well under it.
pub const BODY_LIMIT: usize = 4 * 1024 * 1024;

/// What a handler answers when something is wrong: a status and a message for the client.
#[derive(Debug)]
pub struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, axum::Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        let status = match e {
            StoreError::NoGame(_) => StatusCode::NOT_FOUND,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError(status, e.to_string())
    }
}

impl From<ProtocolError> for ApiError {
    fn from(e: ProtocolError) -> Self {
        ApiError(StatusCode::BAD_REQUEST, e.to_string())
    }
}

fn bad(message: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, message.into())
}

type Answer = Result<axum::Json<Value>, ApiError>;

/// The server's state: the store and the games open in memory.
pub struct Games {
    store: Store,
    open: HashMap<i64, Box<dyn DynSession>>,
    /// The store's data version when the open sessions were last known to match it.
    seen_version: Option<i64>,
}

impl Games {
    pub fn new(store: Store) -> Self {
        Games { store, open: HashMap::new(), seen_version: None }
    }

    /// The open session of a saved game, rebuilt from its record when it is not in memory.
    fn session(&mut self, id: i64) -> Result<&mut Box<dyn DynSession>, ApiError> {
        // The terminal (`cdgsolo assist` and `play`) saves into the same database: when anything
        // else has written to it, the sessions in memory may be behind their records.
        let version = self.store.data_version()?;
        if self.seen_version != Some(version) {
            self.open.clear();
            self.seen_version = Some(version);
        }
        if !self.open.contains_key(&id) {
            let record = self.store.load(id)?;
            let session = protocol::import_session(record).map_err(|e| {
                ApiError(StatusCode::INTERNAL_SERVER_ERROR, format!("saved game {id} cannot be replayed: {e}"))
            })?;
            self.open.insert(id, session);
        }
        self.open.get_mut(&id).ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("no saved game has the id {id}")))
    }

    /// Who sits in each seat of a saved game.
    fn seats(&mut self, id: i64) -> Result<Seats, ApiError> {
        let value = self.store.seats(id)?;
        let game = self.session(id)?.status()["game"].as_str().unwrap_or_default().to_string();
        Seats::parse(&game, &value)
            .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, format!("saved game {id}: {e}")))
    }

    /// The game's status; against a bot, `undo` says whether the person's last decision can be
    /// taken back with the bot's answers after it (the protocol's own says so of the last step).
    fn status(&mut self, id: i64) -> Result<Value, ApiError> {
        let seats = self.seats(id)?;
        let session = self.session(id)?;
        let mut status = session.status();
        status["undo"] = json!(session.can_undo(&|p| !seats.is_person(p)));
        Ok(status)
    }

    /// Lets the bots of a game play until a person is to move, and saves what they did.
    fn play_bots(&mut self, id: i64) -> Result<Vec<Value>, ApiError> {
        let seats = self.seats(id)?;
        let moves = seats.play_bots(self.session(id)?)?;
        if !moves.is_empty() {
            self.commit(id)?;
        }
        Ok(moves)
    }

    /// Writes the game's record after a change; when that fails, the change is taken back in memory
    /// too, so what the client was told and what is saved never differ.
    fn commit(&mut self, id: i64) -> Result<(), ApiError> {
        let record = self.session(id)?.export();
        if let Err(e) = self.store.save(id, &record) {
            self.open.remove(&id);
            return Err(ApiError(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the decision was not saved, so it was not made: {e}"),
            ));
        }
        Ok(())
    }
}

/// Gives an answer the combat reports of the steps it covers: the combat resolved by the person's
/// own decision (and the rolls after it) as `combat`, each bot move's as that move's `combat`
/// (null where none was resolved). `from` is the number of steps before the person's decision.
fn attach_combats(session: &dyn DynSession, from: usize, answer: &mut Value) -> Result<(), ApiError> {
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

pub type Shared = Arc<Mutex<Games>>;

fn lock(state: &Shared) -> std::sync::MutexGuard<'_, Games> {
    // A handler that panicked left nothing half-written (the store commits whole records), so the
    // games stay usable.
    state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
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
];

/// The page's style sheets besides style.css, by name (one per kind of table).
const STYLES: &[(&str, &str)] = &[("cardtable.css", include_str!("../assets/cardtable.css"))];

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

/// The API's routes and the page, over `state`, open to anyone who can reach the address.
pub fn router(state: Shared) -> Router {
    routes(state)
}

/// The same routes behind an access token, for a server other machines can reach: a request must
/// carry it as `?token=...` (the URL the server prints), as a cookie the page receives with it, or
/// as `Authorization: Bearer ...`; anything else is refused with 401.
pub fn router_with_token(state: Shared, token: String) -> Router {
    let token = Arc::new(token);
    routes(state).layer(axum::middleware::from_fn(
        move |request: axum::extract::Request, next: axum::middleware::Next| {
            let token = Arc::clone(&token);
            async move { check_token(&token, request, next).await }
        },
    ))
}

const TOKEN_COOKIE: &str = "cdgsolo_token";

async fn check_token(token: &str, request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let headers = request.headers();
    let from_query = request
        .uri()
        .query()
        .is_some_and(|q| q.split('&').any(|pair| pair.strip_prefix("token=").is_some_and(|t| t == token)));
    let from_cookie = headers.get_all(axum::http::header::COOKIE).iter().filter_map(|v| v.to_str().ok()).any(|v| {
        v.split(';').any(|c| c.trim().strip_prefix(TOKEN_COOKIE).and_then(|r| r.strip_prefix('=')) == Some(token))
    });
    let from_bearer = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .is_some_and(|t| t == token);
    if !(from_query || from_cookie || from_bearer) {
        return ApiError(
            StatusCode::UNAUTHORIZED,
            "this server needs its access token: open the URL it printed".into(),
        )
        .into_response();
    }
    let mut response = next.run(request).await;
    if from_query
        && let Ok(value) =
            axum::http::HeaderValue::from_str(&format!("{TOKEN_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict"))
    {
        response.headers_mut().insert(axum::http::header::SET_COOKIE, value);
    }
    response
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
        .route("/api/games/{id}/history/{player}", get(history))
        .route("/api/games/{id}/replay/{step}/{player}", get(replay))
        .route("/api/games/{id}/rollback", post(rollback))
        .route("/api/games/{id}/export", get(export))
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such API path (see docs/api.md)".into()) })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
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

fn game_id(text: &str) -> Result<i64, ApiError> {
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
}

async fn new_game(State(state): State<Shared>, bytes: Bytes) -> Result<(StatusCode, axum::Json<Value>), ApiError> {
    let request: NewGame = body(&bytes)?;
    refuse_data_dir(&request.options)?;
    let seed = request.seed.unwrap_or_else(fresh_seed);
    let seats = match &request.bots {
        Some(value) => Seats::parse(&request.game, value).map_err(|e| bad(format!("bots: {e}")))?,
        None => Seats::default(),
    };
    let session = protocol::new_session(&request.game, seed, &request.options)?;
    let name = request.name.unwrap_or_else(|| default_name(&request.game, session.as_ref(), seed));
    let mut games = lock(&state);
    let id = games.store.create_seated(&name, &request.game, &session.export(), &seats.to_value())?;
    games.open.insert(id, session);
    // A bot in the first seat moves at once.
    let bot_moves = games.play_bots(id)?;
    let status = games.status(id)?;
    Ok((
        StatusCode::CREATED,
        axum::Json(
            json!({ "id": id, "name": name, "status": status, "seats": seats.to_value(), "bot_moves": bot_moves }),
        ),
    ))
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
    let data = manoeuvre::tables::Compiled::embedded()
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
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
    let games = lock(&state);
    Ok(axum::Json(json!({ "games": games.store.list()? })))
}

async fn game_status(State(state): State<Shared>, Path(id): Path<String>) -> Answer {
    let id = game_id(&id)?;
    let mut games = lock(&state);
    let summary = games.store.summary(id)?;
    let status = games.status(id)?;
    let seats = games.store.seats(id)?;
    Ok(axum::Json(
        json!({ "id": id, "name": summary.name, "updated": summary.updated, "status": status, "seats": seats }),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rename {
    name: String,
}

async fn rename_game(State(state): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> Answer {
    let id = game_id(&id)?;
    let request: Rename = body(&bytes)?;
    if request.name.trim().is_empty() || request.name.chars().any(char::is_control) {
        return Err(bad("a game's name must be some text without control characters"));
    }
    lock(&state).store.rename(id, request.name.trim())?;
    Ok(axum::Json(json!({ "id": id, "name": request.name.trim() })))
}

async fn delete_game(State(state): State<Shared>, Path(id): Path<String>) -> Answer {
    let id = game_id(&id)?;
    let mut games = lock(&state);
    games.store.delete(id)?;
    games.open.remove(&id);
    Ok(axum::Json(json!({ "deleted": id })))
}

async fn legal(State(state): State<Shared>, Path(id): Path<String>) -> Answer {
    let id = game_id(&id)?;
    Ok(axum::Json(lock(&state).session(id)?.legal()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Act {
    action: String,
    /// The number of steps the game had when the client chose: the action is refused if the game
    /// has moved since (another tab played).
    #[serde(default)]
    step: Option<u64>,
}

async fn act(State(state): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> Answer {
    let id = game_id(&id)?;
    let request: Act = body(&bytes)?;
    let mut games = lock(&state);
    let session = games.session(id)?;
    if let Some(step) = request.step {
        let now = session.status()["steps"].as_u64().unwrap_or(0);
        if now != step {
            return Err(ApiError(
                StatusCode::CONFLICT,
                format!("the game has moved on since that choice (step {step}, now {now}): reload it"),
            ));
        }
    }
    let seats = games.seats(id)?;
    if seats.bot_to_move(games.session(id)?.as_ref()) {
        return Err(ApiError(StatusCode::CONFLICT, "a bot is to move, not you: reload the game".into()));
    }
    let from = games.session(id)?.deciders().len();
    let applied = games.session(id)?.apply(&request.action)?;
    games.commit(id)?;
    let bot_moves = games.play_bots(id)?;
    let status = games.status(id)?;
    let session = games.session(id)?;
    let mut answer =
        json!({ "label": applied.label, "events": applied.events, "bot_moves": bot_moves, "status": status });
    attach_combats(session.as_ref(), from, &mut answer)?;
    Ok(axum::Json(answer))
}

async fn undo(State(state): State<Shared>, Path(id): Path<String>) -> Answer {
    let id = game_id(&id)?;
    let mut games = lock(&state);
    let seats = games.seats(id)?;
    let mut undone = games.session(id)?.undo()?;
    // Against a bot, the bot's answers go too, back to the person's own last decision.
    let mut guard = 0;
    while seats.bot_to_move(games.session(id)?.as_ref()) && guard < 10_000 {
        guard += 1;
        match games.session(id)?.undo() {
            Ok(label) => undone = label,
            Err(e) => {
                // Something seen since cannot be taken back: the bots play on to where they were.
                games.play_bots(id)?;
                games.commit(id)?;
                return Err(e.into());
            }
        }
    }
    games.commit(id)?;
    let status = games.status(id)?;
    let session = games.session(id)?;
    // The undone decision is legal again: its words are those of the legal list.
    let legal = session.legal();
    let label = legal["actions"]
        .as_array()
        .and_then(|list| list.iter().find(|a| a["id"] == undone.as_str()))
        .and_then(|a| a["label"].as_str())
        .unwrap_or(&undone)
        .to_string();
    Ok(axum::Json(json!({ "undone": undone, "label": label, "status": status })))
}

async fn hint(State(state): State<Shared>, Path(id): Path<String>) -> Answer {
    let id = game_id(&id)?;
    let mut games = lock(&state);
    let session = games.session(id)?;
    match crate::seats::hint(session.as_ref()) {
        Some(moves) => Ok(axum::Json(json!({ "iterations": crate::seats::HINT_ITERATIONS, "moves": moves }))),
        None => Err(bad("hints are for Manoeuvre; a card table's choices are the real game's to make")),
    }
}

fn player_number(text: &str) -> Result<u8, ApiError> {
    text.parse().map_err(|_| bad(format!("'{text}' is not a player number")))
}

async fn observe(State(state): State<Shared>, Path((id, player)): Path<(String, String)>) -> Answer {
    let id = game_id(&id)?;
    let player = player_number(&player)?;
    Ok(axum::Json(lock(&state).session(id)?.observe(player)?))
}

/// Every step of the game as `player` may know it, which steps were a person's own decisions, where
/// the turns began, and the rollbacks made.
async fn history(State(state): State<Shared>, Path((id, player)): Path<(String, String)>) -> Answer {
    let id = game_id(&id)?;
    let player = player_number(&player)?;
    let mut games = lock(&state);
    let seats = games.seats(id)?;
    let mut told = games.session(id)?.history(player)?;
    if let Some(entries) = told["entries"].as_array_mut() {
        for entry in entries {
            let actor = entry["actor"].as_u64().and_then(|p| u8::try_from(p).ok());
            entry["decision"] = json!(actor.is_some_and(|p| seats.is_person(p)));
        }
    }
    told["rollbacks"] = json!(games.store.rollbacks(id)?);
    Ok(axum::Json(told))
}

/// The position after the first `step` steps from `player`'s seat. Allowed at any time: a player's
/// own view of an earlier moment shows nothing that player was not shown then.
async fn replay(State(state): State<Shared>, Path((id, step, player)): Path<(String, String, String)>) -> Answer {
    let id = game_id(&id)?;
    let step: usize = step.parse().map_err(|_| bad(format!("'{step}' is not a step number")))?;
    let player = player_number(&player)?;
    Ok(axum::Json(lock(&state).session(id)?.replay(step, player)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RollbackTo {
    step: u64,
}

/// Goes back to the position after `step` steps, where a person decides or a turn began. The steps
/// taken off are kept in the store; the dice to come are the ones that came before, since chance
/// outcome k is drawn from the seed and k alone.
async fn rollback(State(state): State<Shared>, Path(id): Path<String>, bytes: Bytes) -> Answer {
    let id = game_id(&id)?;
    let request: RollbackTo = body(&bytes)?;
    let mut games = lock(&state);
    let seats = games.seats(id)?;
    let session = games.session(id)?;
    let deciders = session.deciders();
    let from = deciders.len();
    let step = usize::try_from(request.step).unwrap_or(usize::MAX);
    if step >= from {
        return Err(bad(format!("step {} is not before the present: the game has {from} steps", request.step)));
    }
    let person = deciders[step].is_some_and(|p| seats.is_person(p));
    if !person && !session.turn_starts()?.contains(&step) {
        return Err(bad(match deciders[step] {
            None => format!(
                "step {step} is a roll or a draw: roll back to one of your own decisions or to the start of a turn"
            ),
            Some(_) => format!(
                "at step {step} a bot decides: roll back to one of your own decisions or to the start of a turn"
            ),
        }));
    }
    let discarded = session.rollback(step)?;
    // From the start of a turn, bots play on to the first decision of a person.
    let bot_moves = seats.play_bots(session)?;
    let record = session.export();
    if let Err(e) = games.store.save_rollback(id, &record, step as u64, from as u64, &discarded) {
        games.open.remove(&id);
        return Err(ApiError(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the rollback was not saved, so it was not made: {e}"),
        ));
    }
    let status = games.status(id)?;
    let mut answer = json!({ "step": step, "from": from, "status": status, "bot_moves": bot_moves });
    attach_combats(games.session(id)?.as_ref(), step, &mut answer)?;
    Ok(axum::Json(answer))
}

async fn events(State(state): State<Shared>, Path(id): Path<String>) -> Answer {
    let id = game_id(&id)?;
    Ok(axum::Json(lock(&state).session(id)?.events()))
}

async fn export(State(state): State<Shared>, Path(id): Path<String>) -> Answer {
    let id = game_id(&id)?;
    Ok(axum::Json(lock(&state).session(id)?.export()))
}

async fn import_game(State(state): State<Shared>, bytes: Bytes) -> Result<(StatusCode, axum::Json<Value>), ApiError> {
    let record: Value = body(&bytes)?;
    refuse_data_dir(record.get("setup").unwrap_or(&Value::Null))?;
    let session = protocol::import_session(record)?;
    let game = session.status()["game"].as_str().unwrap_or_default().to_string();
    let seed = session.status()["seed"].as_u64().unwrap_or_default();
    let name = format!("{}, imported", default_name(&game, session.as_ref(), seed));
    let mut games = lock(&state);
    let id = games.store.create(&name, &game, &session.export())?;
    let status = session.status();
    games.open.insert(id, session);
    Ok((StatusCode::CREATED, axum::Json(json!({ "id": id, "name": name, "status": status }))))
}
