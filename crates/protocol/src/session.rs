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
    /// As [`DynSession::apply`], for a step a front end takes for the player (the only choice,
    /// hiding nothing): the log marks it, and an undo takes it back with the decision before it.
    fn apply_for_player(&mut self, id: &str) -> Result<Applied, ProtocolError>;
    /// Whether the last step of the log is a player's own decision (not chance, not a step taken
    /// for the player), and whose; the face-down draws that an undo takes back with the decision
    /// before them are looked past.
    fn last_decision(&self) -> Option<u8>;
    /// The player who made the log's latest player step (taken for them or not), past any chance.
    fn last_decider(&self) -> Option<u8>;
    /// The player of the log's latest decision made by a player `person` names (not chance, not a
    /// step taken for the player), looking back past everything else.
    fn last_decision_by(&self, person: &dyn Fn(u8) -> bool) -> Option<u8>;
    /// What the game did at the table so far, from its setup on: the steps to set up the real
    /// table, then one list per step of the log.
    fn events(&self) -> Value;
    fn observe(&self, player: u8) -> Result<Value, ProtocolError>;
    fn status(&self) -> Value;
    /// Takes back the last decision; returns the id of what was undone and how to put the real
    /// table back.
    fn undo(&mut self) -> Result<Undone, ProtocolError>;
    /// Whether `undo` can take back the last step and then, while the step taken back was decided
    /// by a player `with` names (a bot, whose answers go with the person's decision) or taken for
    /// the player, the step before it too, down to the last decision of a player it does not name.
    /// A roll, a draw or a decision that revealed something on the way makes it false.
    fn can_undo(&self, with: &dyn Fn(u8) -> bool) -> bool;
    /// The whole game as a record (setup, seed and action log).
    fn export(&self) -> Value;
    /// The entries of the log from `step` on, as the record writes them (what a store appends
    /// after a decision, without writing the whole record again).
    fn log_since(&self, step: usize) -> Vec<Value>;
    /// How many entries the log has.
    fn steps(&self) -> usize;
    /// The session itself, so that a caller who knows the game (a server seating a bot) can reach
    /// its typed state.
    fn as_any(&self) -> &dyn std::any::Any;
    /// The game's past as `player` may know it: `{"steps", "entries", "turns"}`, one entry per
    /// step of the log with its turn, who decided (`null` for chance), its label as that player
    /// may read it, its events and its structured report (a combat's), and the step at which each
    /// turn began. See docs/api.md.
    fn history(&self, player: u8) -> Result<Value, ProtocolError>;
    /// The position after the first `step` entries of the log as `player` sees it, with what that
    /// step did: `{"step", "observation", "events", "combat"}`.
    fn replay(&self, step: usize, player: u8) -> Result<Value, ProtocolError>;
    /// The structured reports (a combat's) of the steps from log entry `step` on, each with the
    /// 0-based index of the step it belongs to; empty for games that give none. The account is
    /// kept between calls and fed only the steps applied since, so a server asking after each
    /// decision pays for that decision's steps, not for the whole game (an undo or a rollback
    /// below what was fed starts it again from the setup).
    fn reports_since(&mut self, step: usize) -> Result<Vec<(usize, Value)>, ProtocolError>;
    /// Who decided each step of the log: a player's index, `None` for chance.
    fn deciders(&self) -> Vec<Option<u8>> {
        self.steps_by().into_iter().map(|s| s.map(|(p, _)| p)).collect()
    }
    /// As [`DynSession::deciders`], with whether each player's step was taken for that player
    /// (the only choice, taken by a front end) rather than decided.
    fn steps_by(&self) -> Vec<Option<(u8, bool)>>;
    /// The steps at which the turns began (the position after that many entries is the turn's
    /// first); empty for games without turns.
    fn turn_starts(&self) -> Result<Vec<usize>, ProtocolError>;
    /// Goes back to the position after the first `step` entries of the log; answers the entries
    /// taken off, as the record writes them, and how to put the real table back, step by step (as
    /// an undo tells it; empty for a game without a real table).
    fn rollback(&mut self, step: usize) -> Result<(Value, Vec<String>), ProtocolError>;
}

/// What one `undo` took back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Undone {
    /// The id of the decision taken back.
    pub id: String,
    /// What to do at the table to put it back as it was, in order (empty for a game without a
    /// real table).
    pub events: Vec<String>,
}

/// A turn of a game as a history lists it.
struct TurnStart {
    step: usize,
    turn: u32,
    active: u8,
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
    /// The states the latest `apply` calls started from, with their step: the account below is
    /// fed the steps after one of them without replaying from the setup.
    marks: Vec<(usize, G)>,
    /// The game's structured account ([`Game::chronicle`]) and how many steps it has been fed.
    account: Option<(Box<dyn engine::Chronicle<G> + Send>, usize)>,
}

/// How many [`GameSession::marks`] are kept: a person's decision and the bots' answers to it.
const MARKS: usize = 64;

impl<G: Game> GameSession<G> {
    pub fn start(id: &str, setup: G::Setup, seed: u64, chance: ChanceMode) -> Result<Self, ProtocolError> {
        Ok(Self::of(id, Session::new(setup, seed, chance)?))
    }

    /// A session of game `id` around an engine session.
    pub fn of(id: &str, session: Session<G>) -> Self {
        Self { id: id.to_string(), session, marks: Vec::new(), account: None }
    }

    /// Feeds the steps of the log from `step` on to `each`, from the mark at `step`; false when
    /// there is no such mark.
    fn replay_from_mark(
        &self,
        step: usize,
        mut each: impl FnMut(usize, &G, &G::Action, &G),
    ) -> Result<bool, ProtocolError> {
        let Some((_, start)) = self.marks.iter().rev().find(|(at, _)| *at == step) else { return Ok(false) };
        self.session.replay_between(start.clone(), step, self.session.log().len(), &mut each)?;
        Ok(true)
    }

    /// Applies a legal action by id, marked in the log as taken for the player when `for_player`.
    fn apply_marked(&mut self, id: &str, for_player: bool) -> Result<Applied, ProtocolError> {
        let state = self.session.state();
        let label = state.find_action(id).map(|a| state.action_label(&a));
        let step = self.session.log().len();
        // Marks of steps taken back (an undo, a rollback) describe another past.
        self.taken_back_to(step);
        if self.marks.len() >= MARKS {
            self.marks.remove(0);
        }
        self.marks.push((step, self.session.state().clone()));
        let applied = if for_player { self.session.apply_id_for_player(id) } else { self.session.apply_id(id) };
        if let Err(e) = applied {
            self.marks.pop();
            return Err(e.into());
        }
        Ok(Applied { label: label.unwrap_or_default(), events: self.session.events_since(step) })
    }

    /// Forgets what the account and the marks knew of steps from `steps` on (they were taken back).
    fn taken_back_to(&mut self, steps: usize) {
        self.marks.retain(|(at, _)| *at < steps);
        if self.account.as_ref().is_some_and(|(_, fed)| *fed > steps) {
            self.account = None;
        }
    }

    pub fn import(id: &str, record: Value) -> Result<Self, ProtocolError> {
        let record: Record<G::Setup> = serde_path_to_error::deserialize(record).map_err(|e| {
            ProtocolError::BadRequest(match e.path().to_string().as_str() {
                "." => format!("the record is malformed: {}", e.inner()),
                field => format!("the record is malformed: {field}: {}", e.inner()),
            })
        })?;
        Ok(Self::of(id, Session::from_record(record)?))
    }

    fn check_player(&self, player: u8) -> Result<(), ProtocolError> {
        let state = self.session.state();
        if player >= state.num_players() {
            return Err(ProtocolError::BadRequest(format!(
                "player {player} does not exist; this game has players 0 to {}",
                state.num_players() - 1
            )));
        }
        Ok(())
    }

    /// The turns of the game so far, each with the step it began at.
    fn turns(&self) -> Result<Vec<TurnStart>, ProtocolError> {
        let mut turns = Vec::new();
        let mut note = |step: usize, state: &G| {
            if let Some((turn, active)) = state.game_turn()
                && turns.last().is_none_or(|t: &TurnStart| (t.turn, t.active) != (turn, active))
            {
                turns.push(TurnStart { step, turn, active });
            }
        };
        let end = self.session.replay_to(self.session.log().len(), |i, before, _, _| note(i, before))?;
        note(self.session.log().len(), &end);
        Ok(turns)
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
                if state.asks_first(a) {
                    action["asks_first"] = json!(true);
                }
                action
            })
            .collect();
        json!({ "to_move": self.to_move(), "actions": actions })
    }

    fn apply(&mut self, id: &str) -> Result<Applied, ProtocolError> {
        self.apply_marked(id, false)
    }

    fn apply_for_player(&mut self, id: &str) -> Result<Applied, ProtocolError> {
        self.apply_marked(id, true)
    }

    fn last_decision_by(&self, person: &dyn Fn(u8) -> bool) -> Option<u8> {
        self.session.log().iter().rev().find_map(|e| match e.by {
            engine::Decider::Player(p) if !e.taken_for_player && person(p) => Some(p),
            _ => None,
        })
    }

    fn last_decider(&self) -> Option<u8> {
        self.session.log().iter().rev().find_map(|e| match e.by {
            engine::Decider::Player(p) => Some(p),
            engine::Decider::Chance => None,
        })
    }

    fn last_decision(&self) -> Option<u8> {
        // Past the face-down draws an undo takes back with the decision.
        let last = self.session.undo_target()?;
        match last.by {
            engine::Decider::Player(p) if !last.taken_for_player => Some(p),
            _ => None,
        }
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
        self.check_player(player)?;
        to_value(&self.session.state().observe(player))
    }

    fn history(&self, player: u8) -> Result<Value, ProtocolError> {
        self.check_player(player)?;
        let log = self.session.log();
        let told = self.session.events();
        let mut chronicle = self.session.state().chronicle();
        let mut entries = Vec::with_capacity(log.len());
        self.session.replay_to(log.len(), |i, before, action, after| {
            let events = told.get(i).map_or(&[][..], Vec::as_slice);
            entries.push(json!({
                "step": i + 1,
                "turn": before.game_turn().map(|(turn, _)| turn),
                "actor": match log[i].by {
                    engine::Decider::Player(p) => json!(p),
                    engine::Decider::Chance => Value::Null,
                },
                "label": engine::label_seen_by(before, player, action),
                // Only the player it was taken for learns that a step was the only choice: to the
                // other player that would tell what the hand held.
                "taken_for_player": log[i].taken_for_player && log[i].by == engine::Decider::Player(player),
                "events": events,
                "combat": Value::Null,
            }));
            if let Some(c) = chronicle.as_mut() {
                c.step(before, action, after, events);
            }
        })?;
        for (i, report) in chronicle.map(|c| c.reports()).unwrap_or_default() {
            if let Some(entry) = entries.get_mut(i) {
                entry["combat"] = report;
            }
        }
        let state = self.session.state();
        let turns: Vec<Value> = self
            .turns()?
            .iter()
            .map(|t| json!({ "step": t.step, "turn": t.turn, "active": state.player_name(t.active), "player": t.active }))
            .collect();
        Ok(json!({ "steps": log.len(), "entries": entries, "turns": turns }))
    }

    fn replay(&self, step: usize, player: u8) -> Result<Value, ProtocolError> {
        self.check_player(player)?;
        let steps = self.session.log().len();
        if step > steps {
            return Err(ProtocolError::BadRequest(format!(
                "step {step} has not been played: the game has {steps} steps"
            )));
        }
        let told = self.session.events();
        let mut chronicle = self.session.state().chronicle();
        let state = self.session.replay_to(step, |i, before, action, after| {
            if let Some(c) = chronicle.as_mut() {
                c.step(before, action, after, told.get(i).map_or(&[][..], Vec::as_slice));
            }
        })?;
        let combat = chronicle
            .map(|c| c.reports())
            .unwrap_or_default()
            .into_iter()
            .find(|(i, _)| i + 1 == step)
            .map_or(Value::Null, |(_, report)| report);
        let events = if step == 0 { self.session.setup_events().to_vec() } else { told[step - 1].clone() };
        Ok(
            json!({ "step": step, "observation": to_value(&state.observe(player))?, "events": events, "combat": combat }),
        )
    }

    fn reports_since(&mut self, step: usize) -> Result<Vec<(usize, Value)>, ProtocolError> {
        let steps = self.session.log().len();
        let (mut chronicle, fed) = match self.account.take() {
            Some(account) => account,
            None => match self.session.state().chronicle() {
                Some(fresh) => (fresh, 0),
                None => return Ok(Vec::new()),
            },
        };
        let told = self.session.events();
        let fed_from_mark = fed == steps || {
            let mut feed = |i: usize, before: &G, action: &G::Action, after: &G| {
                chronicle.step(before, action, after, told.get(i).map_or(&[][..], Vec::as_slice));
            };
            self.replay_from_mark(fed, &mut feed)?
        };
        if !fed_from_mark {
            // No state kept at `fed`: the account starts again from the setup.
            let Some(fresh) = self.session.state().chronicle() else { return Ok(Vec::new()) };
            chronicle = fresh;
            self.session.replay_to(steps, |i, before, action, after| {
                chronicle.step(before, action, after, told.get(i).map_or(&[][..], Vec::as_slice));
            })?;
        }
        let reports = chronicle.reports().into_iter().filter(|(i, _)| *i >= step).collect();
        self.account = Some((chronicle, steps));
        Ok(reports)
    }

    fn steps_by(&self) -> Vec<Option<(u8, bool)>> {
        self.session
            .log()
            .iter()
            .map(|e| match e.by {
                engine::Decider::Player(p) => Some((p, e.taken_for_player)),
                engine::Decider::Chance => None,
            })
            .collect()
    }

    fn turn_starts(&self) -> Result<Vec<usize>, ProtocolError> {
        Ok(self.turns()?.iter().map(|t| t.step).collect())
    }

    fn rollback(&mut self, step: usize) -> Result<(Value, Vec<String>), ProtocolError> {
        let steps = self.session.log().len();
        if step >= steps {
            return Err(ProtocolError::BadRequest(format!(
                "step {step} is not before the present: the game has {steps} steps"
            )));
        }
        let left = self.session.state().clone();
        let tail = self.session.truncate(step)?;
        self.taken_back_to(step);
        // The whole way back at once: every card where it lay then, every marker as it stood.
        let way_back = self.session.state().undo_events(&left);
        let tail =
            serde_json::to_value(tail).map_err(|e| ProtocolError::BadRequest(format!("cannot encode the log: {e}")))?;
        Ok((tail, way_back))
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
            "undo": self.can_undo(&|_| false),
            // Why an undo of the last decision would be refused (what was seen), else null.
            "undo_blocked": self.session.undo_refusal(),
            "hands_hidden": state.hands_hidden(),
            "deck": state.deck_words(),
        })
    }

    fn can_undo(&self, with: &dyn Fn(u8) -> bool) -> bool {
        for entry in self.session.log().iter().rev() {
            if entry.barrier {
                return false;
            }
            match entry.by {
                engine::Decider::Player(p) if with(p) || entry.taken_for_player => continue,
                // A face-down draw goes back with the decision before it.
                engine::Decider::Chance => continue,
                engine::Decider::Player(_) => return true,
            }
        }
        false
    }

    fn undo(&mut self) -> Result<Undone, ProtocolError> {
        let id = self.session.undo_target().map(|e| e.id.clone()).unwrap_or_default();
        let events = self.session.undo_told()?;
        let steps = self.session.log().len();
        self.taken_back_to(steps);
        Ok(Undone { id, events })
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn log_since(&self, step: usize) -> Vec<Value> {
        self.session.log().iter().skip(step).map(|e| serde_json::to_value(e).unwrap_or(Value::Null)).collect()
    }

    fn steps(&self) -> usize {
        self.session.log().len()
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
