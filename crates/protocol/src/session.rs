//! [`DynSession`]: a session of any game behind one object-safe interface that speaks JSON values,
//! so the protocol (and later the web server) can hold games of different types side by side.

use engine::{ChanceMode, Game, Record, Session, SessionError, ToMove};
use serde::Serialize;
use serde_json::{Value, json};

/// Everything that can go wrong with a request, each with a message for the client.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    #[error("{0}")]
    Session(#[from] SessionError),
    #[error("{0}")]
    BadRequest(String),
}

/// A game in progress, whatever its rules.
pub trait DynSession: Send {
    fn game_id(&self) -> &str;
    /// Who decides next and what they may do.
    fn legal(&self) -> Value;
    /// Applies the legal action with this id (and, with automatic chance, the rolls and draws that
    /// follow); returns its label and what it did at the table.
    fn apply(&mut self, id: &str) -> Result<Applied, ProtocolError>;
    /// What the game did at the table so far, from its setup on: the steps to set up the real
    /// table, then one list per step of the log.
    fn events(&self) -> Value;
    fn observe(&self, player: u8) -> Result<Value, ProtocolError>;
    fn status(&self) -> Value;
    /// Takes back the last decision; returns the label of what was undone.
    fn undo(&mut self) -> Result<String, ProtocolError>;
    /// The whole game as a record (setup, seed and action log).
    fn export(&self) -> Value;
    /// The session itself, so that a caller who knows the game (a server seating a bot) can reach
    /// its typed state.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// What one `apply` did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Applied {
    /// The label of the action taken.
    pub label: String,
    /// What to do with the real cards, in order: the action's own steps, then those of the rolls
    /// and draws that followed it.
    pub events: Vec<String>,
}

/// A [`Session`] of a concrete game, with the registry id it was created under.
pub struct GameSession<G: Game> {
    pub id: String,
    pub session: Session<G>,
}

impl<G: Game> GameSession<G> {
    pub fn start(id: &str, setup: G::Setup, seed: u64, chance: ChanceMode) -> Result<Self, ProtocolError> {
        Ok(Self { id: id.to_string(), session: Session::new(setup, seed, chance)? })
    }

    pub fn import(id: &str, record: Value) -> Result<Self, ProtocolError> {
        let record: Record<G::Setup> = serde_json::from_value(record)
            .map_err(|e| ProtocolError::BadRequest(format!("the record is malformed: {e}")))?;
        Ok(Self { id: id.to_string(), session: Session::from_record(record)? })
    }

    fn to_move(&self) -> Value {
        let state = self.session.state();
        match state.to_move() {
            ToMove::Player(p) => json!({ "player": p, "name": state.player_name(p) }),
            ToMove::Chance => json!("chance"),
            ToMove::Terminal => json!("terminal"),
        }
    }
}

impl<G: Game + Send + 'static> DynSession for GameSession<G>
where
    G::Setup: Send,
{
    fn game_id(&self) -> &str {
        &self.id
    }

    fn legal(&self) -> Value {
        let state = self.session.state();
        let actions: Vec<Value> = state
            .legal()
            .iter()
            .map(|a| {
                let mut action = json!({ "id": state.action_id(a), "label": state.action_label(a) });
                if state.is_tool(a) {
                    action["tool"] = json!(true);
                }
                action
            })
            .collect();
        json!({ "to_move": self.to_move(), "actions": actions })
    }

    fn apply(&mut self, id: &str) -> Result<Applied, ProtocolError> {
        let state = self.session.state();
        let label = state.find_action(id).map(|a| state.action_label(&a));
        let step = self.session.log().len();
        self.session.apply_id(id)?;
        Ok(Applied { label: label.unwrap_or_default(), events: self.session.events_since(step) })
    }

    fn events(&self) -> Value {
        let steps: Vec<Value> = self
            .session
            .log()
            .iter()
            .zip(self.session.events())
            .map(|(entry, events)| match entry.by {
                // A draw's id names the card drawn, which may have gone face-down: leave it out.
                engine::Decider::Chance => json!({ "by": "chance", "events": events }),
                engine::Decider::Player(p) => json!({ "by": p, "id": entry.id, "events": events }),
            })
            .collect();
        json!({ "setup": self.session.setup_events(), "steps": steps })
    }

    fn observe(&self, player: u8) -> Result<Value, ProtocolError> {
        let state = self.session.state();
        if player >= state.num_players() {
            return Err(ProtocolError::BadRequest(format!(
                "player {player} does not exist; this game has players 0 to {}",
                state.num_players() - 1
            )));
        }
        to_value(&state.observe(player))
    }

    fn status(&self) -> Value {
        let state = self.session.state();
        json!({
            "game": self.id,
            "over": state.to_move() == ToMove::Terminal,
            "result": state.outcome(),
            "to_move": self.to_move(),
            "steps": self.session.log().len(),
            "seed": self.session.seed(),
        })
    }

    fn undo(&mut self) -> Result<String, ProtocolError> {
        let undone = self.session.log().last().map(|e| e.id.clone()).unwrap_or_default();
        self.session.undo()?;
        Ok(undone)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn export(&self) -> Value {
        let mut record = serde_json::to_value(self.session.record()).unwrap_or(Value::Null);
        if let Value::Object(map) = &mut record {
            map.insert("game".into(), json!(self.id));
        }
        record
    }
}

fn to_value<T: Serialize>(value: &T) -> Result<Value, ProtocolError> {
    serde_json::to_value(value).map_err(|e| ProtocolError::BadRequest(format!("cannot encode the observation: {e}")))
}
