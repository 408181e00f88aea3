//! The games the server holds open: each saved game, while it is played, as a session in memory
//! under a lock of its own, so that a bot thinking in one game never delays another. The store is
//! the truth: a session is taken only while its version matches the store's (a terminal or a second
//! server may have played on), every change is written over the version it was read at before the
//! answer goes out, and a change that could not be written is forgotten in memory too. Open sessions
//! are bounded: the least recently used one is dropped and rebuilt from its record when it is next
//! asked for. A game whose bot is to move when it is opened (a server stopped while the bot thought)
//! is played on by its bot first, so a person never sees a bot's turn as theirs.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::http::StatusCode;
use protocol::DynSession;
use serde_json::Value;

use crate::error::ApiError;
use crate::seats::Seats;
use crate::store::Store;

/// How many games stay open in memory by default (a game of Manoeuvre takes about 100 KB).
pub const OPEN_GAMES: usize = 64;

/// How many changes a slow follower may fall behind before it is told to read the game afresh.
const LIVE_BACKLOG: usize = 256;

/// A change of a game, for the pages that follow it (`GET /api/live`).
#[derive(Clone, Debug)]
pub struct Change {
    pub game: i64,
    /// The steps of the game's log after the change.
    pub steps: usize,
    pub told: Told,
}

/// What a change tells the pages that follow the game.
#[derive(Clone, Debug)]
pub enum Told {
    /// A request is done: the follower reads the game afresh.
    Saved,
    /// While a bot is still playing: its move as each seat may know it (`[p]` is
    /// `{"observation", "label", "events"}` from seat p).
    Move(Arc<[Value; 2]>),
    /// A seat of a game on two devices took back its decision: what each seat reads of it (null
    /// for the seat that did it).
    Undone(Arc<[Value; 2]>),
    /// The game was handed to two devices (true) or taken back to one screen (false).
    Devices(bool),
    /// The game was deleted: its streams end.
    Deleted,
}

/// A saved game open in memory.
pub struct OpenGame {
    pub session: Box<dyn DynSession>,
    pub seats: Seats,
    /// The store's version of the game that `session` matches, once `commit` has run.
    version: i64,
    /// How many log entries the store holds.
    saved: usize,
    /// The lowest log length since the last commit: below it the store and the session agree.
    low: usize,
}

impl OpenGame {
    /// Says that steps were taken off the session's log (an undo, a rollback).
    pub fn taken_back(&mut self) {
        self.low = self.low.min(self.session.steps());
    }

    /// The entries to write and where they start: the steps after the part the store shares.
    fn changes(&self) -> (usize, Vec<Value>) {
        let keep = self.low.min(self.saved);
        (keep, self.session.log_since(keep))
    }

    fn committed(&mut self, version: i64) {
        self.version = version;
        self.saved = self.session.steps();
        self.low = self.saved;
    }

    /// Whether the session holds anything the store does not.
    fn dirty(&self) -> bool {
        self.saved != self.session.steps() || self.low < self.saved
    }

    /// Writes the session's new steps over the version it was read at. When the write fails (the
    /// game changed elsewhere, a full disk), the caller's lock drops the session, so what the client
    /// was told and what is saved never differ.
    pub fn commit(&mut self, id: i64, store: &Store) -> Result<(), ApiError> {
        if !self.dirty() {
            return Ok(());
        }
        let (keep, entries) = self.changes();
        let standing = self.standing();
        let version =
            store.write_log(id, self.version, keep, &entries, Some(&standing)).map_err(not_saved("decision"))?;
        self.committed(version);
        Ok(())
    }

    /// Where the game stands, as the list of saved games shows it: over or not, who is to move.
    pub fn standing(&self) -> Value {
        let status = self.session.status();
        serde_json::json!({ "over": status["over"], "to_move": status["to_move"]["name"],
            "result": status["result"]["reason"], "deck": status["deck"] })
    }

    /// A rollback's write: the log up to `at`, the bots' answers after it, and the steps taken off.
    pub fn commit_rollback(
        &mut self,
        id: i64,
        store: &Store,
        at: usize,
        from: usize,
        discarded: &Value,
    ) -> Result<(), ApiError> {
        let entries = self.session.log_since(at);
        let version = store
            .save_rollback(id, self.version, at as u64, from as u64, &entries, discarded)
            .map_err(not_saved("rollback"))?;
        self.committed(version);
        // The list's words only: a failure here leaves them stale, never the game.
        let _ = store.set_standing(id, &self.standing());
        Ok(())
    }

    /// Lets the bots play until a person is to move (taking the person's lone steps too with
    /// `lone`: [`Seats::play_on`]), and saves what they did.
    pub fn play_on(&mut self, id: i64, games: &Games, lone: bool) -> Result<Vec<Value>, ApiError> {
        let mut tell =
            |s: &dyn DynSession, label_for: &dyn Fn(u8) -> Value, e: &Value| tell_move(games, id, s, label_for, e);
        let mut moves = Vec::new();
        // The steps taken for a person are saved before a bot thinks: a stop during its search
        // keeps them.
        for _ in 0..10_000 {
            let more = self.seats.play_on(&mut self.session, lone, true, &mut tell)?;
            if more.is_empty() {
                break;
            }
            moves.extend(more);
            self.commit(id, &games.store())?;
        }
        Ok(moves)
    }

    /// [`OpenGame::play_on`] without saving: a rollback writes its whole change at once.
    pub fn play_on_unsaved(&mut self, id: i64, games: &Games, lone: bool) -> Result<Vec<Value>, ApiError> {
        let mut tell =
            |s: &dyn DynSession, label_for: &dyn Fn(u8) -> Value, e: &Value| tell_move(games, id, s, label_for, e);
        Ok(self.seats.play_on(&mut self.session, lone, false, &mut tell)?)
    }
}

/// Tells the pages following game `id` of a move just made, as each seat may know it: that seat's
/// observation after it, the move's label as that seat reads it, and its events. Nothing is made
/// while nobody follows.
fn tell_move(games: &Games, id: i64, session: &dyn DynSession, label_for: &dyn Fn(u8) -> Value, events: &Value) {
    if !games.followed() {
        return;
    }
    let seen = [0u8, 1].map(|p| {
        let observation = session.observe(p).unwrap_or(Value::Null);
        serde_json::json!({ "observation": observation, "label": label_for(p), "events": events })
    });
    games.tell(Change { game: id, steps: session.steps(), told: Told::Move(Arc::new(seen)) });
}

/// A failed write as the client hears it: a conflict as such (409), anything else as the change
/// that was not made.
fn not_saved(what: &'static str) -> impl Fn(crate::store::StoreError) -> ApiError {
    move |e| match e {
        crate::store::StoreError::Conflict { .. } => ApiError::from(e),
        e => ApiError::internal(format!("the {what} was not saved, so it was not made: {e}")),
    }
}

/// One game's place in memory: empty until it is loaded, and emptied when a change failed.
type Slot = Arc<Mutex<Option<OpenGame>>>;

struct OpenList {
    slots: HashMap<i64, (Slot, u64)>,
    /// Raised at every use: the smallest of a slot's uses is the least recently used.
    clock: u64,
    capacity: usize,
}

/// The store and the games open in memory.
pub struct Games {
    store: Mutex<Store>,
    open: Mutex<OpenList>,
    live: tokio::sync::broadcast::Sender<Change>,
    /// Raised when the server stops: the pages' live streams end, so the stop need not wait for them.
    closing: tokio::sync::watch::Sender<bool>,
    streams: crate::live::Streams,
}

/// A lock whose holder panicked still guards whole values: the store commits whole changes, and a
/// session is only kept when its changes were saved.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Games {
    pub fn new(store: Store) -> Self {
        Self::with_capacity(store, OPEN_GAMES)
    }

    /// Keeps at most `capacity` games open in memory (at least one).
    pub fn with_capacity(store: Store, capacity: usize) -> Self {
        Games {
            store: Mutex::new(store),
            open: Mutex::new(OpenList { slots: HashMap::new(), clock: 0, capacity: capacity.max(1) }),
            live: tokio::sync::broadcast::channel(LIVE_BACKLOG).0,
            closing: tokio::sync::watch::channel(false).0,
            streams: crate::live::Streams::new(crate::live::Limits::default()),
        }
    }

    /// The same games with other bounds on the live streams.
    pub fn with_stream_limits(mut self, limits: crate::live::Limits) -> Self {
        self.streams = crate::live::Streams::new(limits);
        self
    }

    /// The live streams open now.
    pub fn streams(&self) -> &crate::live::Streams {
        &self.streams
    }

    /// The changes of every game, from now on.
    pub fn follow(&self) -> tokio::sync::broadcast::Receiver<Change> {
        self.live.subscribe()
    }

    /// Whether anyone follows the games live (a move's views are made only then).
    pub fn followed(&self) -> bool {
        self.live.receiver_count() > 0
    }

    /// Tells the followers of game `id` of a change.
    pub fn tell(&self, change: Change) {
        // No follower is no error.
        let _ = self.live.send(change);
    }

    /// Ends the live streams: the server is stopping.
    pub fn close_streams(&self) {
        self.closing.send_replace(true);
    }

    /// Whether the server is stopping, to wait on.
    pub fn closing(&self) -> tokio::sync::watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// The store, for a short read or write.
    pub fn store(&self) -> MutexGuard<'_, Store> {
        lock(&self.store)
    }

    /// How many games are open in memory now.
    pub fn open_count(&self) -> usize {
        lock(&self.open).slots.len()
    }

    /// The slot of game `id`, made when missing; the least recently used slots beyond the
    /// capacity are dropped (a request still working in one keeps it until it ends).
    fn slot(&self, id: i64) -> Slot {
        let mut open = lock(&self.open);
        open.clock += 1;
        let now = open.clock;
        let slot = match open.slots.get_mut(&id) {
            Some((slot, used)) => {
                *used = now;
                Arc::clone(slot)
            }
            None => {
                let slot: Slot = Arc::new(Mutex::new(None));
                open.slots.insert(id, (Arc::clone(&slot), now));
                slot
            }
        };
        while open.slots.len() > open.capacity {
            let Some(oldest) =
                open.slots.iter().filter(|(k, _)| **k != id).min_by_key(|(_, (_, used))| *used).map(|(k, _)| *k)
            else {
                break;
            };
            open.slots.remove(&oldest);
        }
        slot
    }

    /// Forgets game `id` in memory (it was deleted).
    pub fn forget(&self, id: i64) {
        lock(&self.open).slots.remove(&id);
    }

    /// Puts a game just created or imported in memory, at version 1 with every step saved.
    pub fn insert(&self, id: i64, session: Box<dyn DynSession>, seats: Seats) {
        let steps = session.steps();
        let slot = self.slot(id);
        *lock(&slot) = Some(OpenGame { session, seats, version: 1, saved: steps, low: steps });
    }

    /// Runs `f` on game `id` with the game's lock held and its session matching the store. A bot
    /// to move is let play first. Whatever `f` leaves unsaved (it failed half-way) is dropped; a
    /// refusal that changed nothing (an illegal action, a stale step) keeps the session, so the next
    /// request does not replay the game.
    pub fn with_game<T>(
        &self,
        id: i64,
        f: impl FnOnce(&mut OpenGame, &Games) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let slot = self.slot(id);
        let mut guard = lock(&slot);
        let mut before = None;
        let answer = self.fresh(id, &mut guard).and_then(|game| {
            before = Some((game.version, game.session.steps()));
            f(game, self)
        });
        if guard.as_ref().is_some_and(OpenGame::dirty) {
            *guard = None;
        }
        // The pages following the game read it afresh once its change is saved.
        if let Some(game) = guard.as_ref()
            && before.is_some_and(|b| b != (game.version, game.session.steps()))
        {
            self.tell(Change { game: id, steps: game.session.steps(), told: Told::Saved });
        }
        answer
    }

    /// The game in `guard`, loaded again when the store's version differs from the one in memory.
    fn fresh<'a>(&self, id: i64, guard: &'a mut Option<OpenGame>) -> Result<&'a mut OpenGame, ApiError> {
        let version = self.store().version(id);
        let version = match version {
            Ok(v) => v,
            Err(e) => {
                *guard = None;
                return Err(e.into());
            }
        };
        if guard.as_ref().is_none_or(|g| g.version != version) {
            *guard = None;
            let (record, seats, version) = {
                let store = self.store();
                let (record, version) = store.load_versioned(id)?;
                (record, store.seats(id)?, version)
            };
            // The replay runs without the store's lock: other games' requests go on meanwhile.
            let session = protocol::import_session(record)
                .map_err(|e| ApiError::internal(format!("saved game {id} cannot be replayed: {e}")))?;
            let game = session.status()["game"].as_str().unwrap_or_default().to_string();
            let seats = Seats::parse(&game, &seats).map_err(|e| ApiError::internal(format!("saved game {id}: {e}")))?;
            let steps = session.steps();
            let open = guard.insert(OpenGame { session, seats, version, saved: steps, low: steps });
            // A game last written by a terminal is listed with where it stands once opened here.
            let _ = self.store().set_standing(id, &open.standing());
            if open.seats.bot_to_move(open.session.as_ref()) {
                open.play_on(id, self, false)?;
            }
        }
        guard.as_mut().ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, format!("no saved game has the id {id}")))
    }
}
