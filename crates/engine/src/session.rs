//! A [`Session`]: one game in progress as its setup, seed and action log, with the live state kept
//! alongside. Chance nodes are resolved from the seed automatically, or left to the client when the
//! session was started with [`ChanceMode::Manual`]. Undo rebuilds the state from the log, which is
//! also how saved games load, so the two can never disagree.

use serde::{Deserialize, Serialize};

use crate::{ActionError, ChanceRng, Game, SetupError, ToMove};

/// The save format version written by [`Session::record`]; bump it when the meaning of a saved
/// action id changes.
pub const RECORD_FORMAT: u32 = 1;

/// Who resolves chance nodes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChanceMode {
    /// The session draws every chance outcome from its seed.
    #[default]
    Auto,
    /// Chance outcomes are decisions the client supplies through `legal`/`apply`.
    Manual,
}

/// Who took a logged action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decider {
    Player(u8),
    Chance,
}

impl std::fmt::Display for Decider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Decider::Player(p) => write!(f, "player {}", p + 1),
            Decider::Chance => f.write_str("chance (a roll or a draw)"),
        }
    }
}

/// One step of the action log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    pub by: Decider,
    pub id: String,
    /// True when undo may not step back over this entry (a random outcome or a reveal).
    pub barrier: bool,
    /// True when a front end took this step for the player: it was the only choice and showed
    /// nobody anything, so it decided nothing ([`Session::apply_id_for_player`]). Undo takes such a
    /// step back together with the player's decision before it. Written only when true, so records
    /// of earlier versions read alike.
    #[serde(default, skip_serializing_if = "is_false")]
    pub taken_for_player: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A whole game as data: what `export` writes and `import` reads. Unknown fields are refused, so a
/// misspelt one is never silently dropped.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record<S> {
    pub format: u32,
    pub seed: u64,
    pub chance: ChanceMode,
    pub setup: S,
    pub log: Vec<LogEntry>,
}

#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Action(#[from] ActionError),
    #[error("no legal action has id '{id}'; ask for the legal actions first")]
    UnknownAction { id: String },
    #[error("nothing to undo: {0}")]
    CannotUndo(String),
    #[error("saved game format {found} is not supported (this version reads format {RECORD_FORMAT})")]
    Format { found: u32 },
    #[error("saved game step {step} ('{id}'): {reason}")]
    Replay { step: usize, id: String, reason: String },
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    setup: G::Setup,
    chance: ChanceMode,
    rng: ChanceRng,
    state: G,
    log: Vec<LogEntry>,
    /// What each step of the log did at the table ([`Game::events`]), one list per log entry. Not
    /// saved: replaying the log tells it again.
    told: Vec<Vec<String>>,
    /// What the starting state set up before the first step ([`Game::setup_events`]).
    setup_told: Vec<String>,
}

impl<G: Game> Session<G> {
    /// Starts a game; in automatic mode the opening chance nodes (the deal) are resolved at once.
    pub fn new(setup: G::Setup, seed: u64, chance: ChanceMode) -> Result<Self, SessionError> {
        let state = G::new(&setup)?;
        let setup_told = state.setup_events();
        let mut session =
            Self { setup, chance, rng: ChanceRng::new(seed), state, log: Vec::new(), told: Vec::new(), setup_told };
        session.resolve_chance()?;
        Ok(session)
    }

    pub fn state(&self) -> &G {
        &self.state
    }
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }
    pub fn setup(&self) -> &G::Setup {
        &self.setup
    }
    pub fn seed(&self) -> u64 {
        self.rng.seed
    }
    pub fn chance_mode(&self) -> ChanceMode {
        self.chance
    }

    /// What each step of the log did at the table, in the words of [`Game::events`]; entry `k`
    /// belongs to log entry `k`.
    pub fn events(&self) -> &[Vec<String>] {
        &self.told
    }

    /// What the starting state set up before the first step.
    pub fn setup_events(&self) -> &[String] {
        &self.setup_told
    }

    /// Everything the steps from log entry `step` on did at the table, in order (the steps of one
    /// decision and the draws and rolls that followed it, when `step` was the log's length before
    /// it).
    pub fn events_since(&self, step: usize) -> Vec<String> {
        self.told.iter().skip(step).flatten().cloned().collect()
    }

    /// Applies the legal action with this id, then (in automatic mode) any chance nodes that follow.
    pub fn apply_id(&mut self, id: &str) -> Result<(), SessionError> {
        if self.state.to_move() == ToMove::Terminal {
            return Err(ActionError::GameOver.into());
        }
        let action = self.state.find_action(id).ok_or_else(|| SessionError::UnknownAction { id: id.to_string() })?;
        self.step_legal(&action);
        self.resolve_chance()
    }

    /// As [`Session::apply_id`], for a step a front end takes for the player because it was the
    /// only choice and hides nothing: the log marks it ([`LogEntry::taken_for_player`]).
    pub fn apply_id_for_player(&mut self, id: &str) -> Result<(), SessionError> {
        if self.state.to_move() == ToMove::Terminal {
            return Err(ActionError::GameOver.into());
        }
        let action = self.state.find_action(id).ok_or_else(|| SessionError::UnknownAction { id: id.to_string() })?;
        let mut entry = self.entry_for(&action);
        entry.taken_for_player = true;
        self.step_legal_as(&action, entry);
        self.resolve_chance()
    }

    /// Applies a legal action, then (in automatic mode) any chance nodes that follow.
    pub fn apply(&mut self, action: &G::Action) -> Result<(), SessionError> {
        self.step(action)?;
        self.resolve_chance()
    }

    fn step(&mut self, action: &G::Action) -> Result<(), SessionError> {
        if self.state.to_move() == ToMove::Terminal {
            return Err(ActionError::GameOver.into());
        }
        let entry = self.entry_for(action);
        let before = self.state.clone();
        self.state.apply(action)?;
        let told = self.state.events(&before, action);
        self.record_step(entry, told);
        Ok(())
    }

    /// Applies an action found among the current legal actions.
    fn step_legal(&mut self, action: &G::Action) {
        let entry = self.entry_for(action);
        self.step_legal_as(action, entry);
    }

    /// [`Session::step_legal`] with the log entry to record for it.
    fn step_legal_as(&mut self, action: &G::Action, entry: LogEntry) {
        let before = self.state.clone();
        self.state.apply_legal(action);
        let told = self.state.events(&before, action);
        self.record_step(entry, told);
    }

    fn entry_for(&self, action: &G::Action) -> LogEntry {
        let by = match self.state.to_move() {
            ToMove::Player(p) => Decider::Player(p),
            _ => Decider::Chance,
        };
        let barrier = match by {
            Decider::Chance => !self.state.chance_goes_back(action),
            Decider::Player(_) => self.state.reveals(action),
        };
        LogEntry { by, id: self.state.action_id(action), barrier, taken_for_player: false }
    }

    fn record_step(&mut self, entry: LogEntry, told: Vec<String>) {
        if entry.by == Decider::Chance {
            self.rng.draws += 1;
        }
        self.log.push(entry);
        self.told.push(told);
    }

    fn resolve_chance(&mut self) -> Result<(), SessionError> {
        if self.chance == ChanceMode::Manual {
            return Ok(());
        }
        while self.state.to_move() == ToMove::Chance {
            // No outcome is a dead end; the conformance kit reports it.
            let Some(chosen) = self.due_outcome() else { break };
            self.step_legal(&chosen);
        }
        Ok(())
    }

    /// The outcome the seed picks at the chance node the state is at (outcome number `draws` of
    /// the seed): what automatic chance takes, and what a record of such a game must hold.
    fn due_outcome(&self) -> Option<G::Action> {
        let mut outcomes = Vec::new();
        self.state.legal_actions(&mut outcomes);
        if outcomes.is_empty() {
            return None;
        }
        let k = ChanceRng { seed: self.rng.seed, draws: self.rng.draws }.pick(outcomes.len());
        Some(outcomes.swap_remove(k))
    }

    /// [`Session::undo`], answering what to do at the table to put it back ([`Game::undo_events`]).
    pub fn undo_told(&mut self) -> Result<Vec<String>, SessionError> {
        let undone = self.state.clone();
        self.undo()?;
        Ok(self.state.undo_events(&undone))
    }

    /// How many entries an undo takes off the end of the log: the last decision, with the chance
    /// outcomes after it that can be put back unseen (a card drawn face-down), which automatic
    /// chance would otherwise draw again at once. 0 when there is no decision to take back.
    fn undo_length(&self) -> usize {
        let trailing = match self.chance {
            ChanceMode::Auto => self.log.iter().rev().take_while(|e| e.by == Decider::Chance && !e.barrier).count(),
            ChanceMode::Manual => 0,
        };
        // Draws alone, with no decision before them, are nothing to undo.
        if trailing == self.log.len() { 0 } else { trailing + 1 }
    }

    /// The entry an undo would take back (past the face-down draws that go back with it).
    pub fn undo_target(&self) -> Option<&LogEntry> {
        let n = self.undo_length();
        (n > 0).then(|| &self.log[self.log.len() - n])
    }

    /// Why an undo would be refused now, in the player's words (what was seen, and what that step
    /// did at the table); `None` when it would take something back.
    pub fn undo_refusal(&self) -> Option<String> {
        let n = self.undo_length();
        if n == 0 {
            return Some("no decision has been made yet".into());
        }
        let at = self.log.len() - n;
        let target = &self.log[at];
        if !target.barrier {
            return None;
        }
        let told = self.told.get(at).map(|t| t.join("; ")).unwrap_or_default();
        let what = if told.is_empty() { String::new() } else { format!(": {told}") };
        Some(if target.by == Decider::Chance {
            format!("the last step was a random outcome (a roll, a card seen, a shuffle), which stands{what}")
        } else {
            format!("the last decision revealed a hidden card or shuffled cards into a deck, which stands{what}")
        })
    }

    /// Takes back the last decision, with the face-down draws after it that nobody has seen, if it
    /// revealed nothing; a roll, a card seen or a shuffle stands, and the refusal says which.
    pub fn undo(&mut self) -> Result<(), SessionError> {
        if let Some(why) = self.undo_refusal() {
            return Err(SessionError::CannotUndo(why));
        }
        let at = self.log.len() - self.undo_length();
        let mut record = self.record();
        record.log.truncate(at);
        *self = Self::from_record(record)?;
        Ok(())
    }

    /// Replays the first `steps` entries of the log from the setup, calling `each` with every
    /// step's index, the state before it, the action and the state after it; answers the state
    /// after those steps (no chance is resolved beyond them). A history or a replay of the game
    /// reads its past this way without keeping every state.
    pub fn replay_to(&self, steps: usize, each: impl FnMut(usize, &G, &G::Action, &G)) -> Result<G, SessionError> {
        self.replay_between(G::new(&self.setup)?, 0, steps, each)
    }

    /// As [`Session::replay_to`], from `state`, the state after the first `from` entries of the
    /// log (kept by the caller), up to `steps` entries.
    pub fn replay_between(
        &self,
        mut state: G,
        from: usize,
        steps: usize,
        mut each: impl FnMut(usize, &G, &G::Action, &G),
    ) -> Result<G, SessionError> {
        for (step, entry) in self.log.iter().enumerate().take(steps).skip(from) {
            let action = state.find_action(&entry.id).ok_or_else(|| SessionError::Replay {
                step,
                id: entry.id.clone(),
                reason: "no legal action has this id at this point".into(),
            })?;
            let before = state.clone();
            state.apply_legal(&action);
            each(step, &before, &action, &state);
        }
        Ok(state)
    }

    /// Goes back to the position after the first `steps` entries of the log (chance that follows
    /// is resolved again from the seed in automatic mode, so it comes out as before); answers the
    /// entries taken off.
    pub fn truncate(&mut self, steps: usize) -> Result<Vec<LogEntry>, SessionError> {
        let mut record = self.record();
        let tail = record.log.split_off(steps.min(record.log.len()));
        *self = Self::from_record(record)?;
        Ok(tail)
    }

    /// The setup and the log: everything needed to rebuild this session.
    pub fn record(&self) -> Record<G::Setup> {
        Record {
            format: RECORD_FORMAT,
            seed: self.rng.seed,
            chance: self.chance,
            setup: self.setup.clone(),
            log: self.log.clone(),
        }
    }

    /// Rebuilds a session by replaying a record, checking every step's legality on the way.
    pub fn from_record(record: Record<G::Setup>) -> Result<Self, SessionError> {
        if record.format != RECORD_FORMAT {
            return Err(SessionError::Format { found: record.format });
        }
        let state = G::new(&record.setup)?;
        let setup_told = state.setup_events();
        let mut session = Self {
            setup: record.setup,
            chance: record.chance,
            rng: ChanceRng::new(record.seed),
            state,
            log: Vec::new(),
            told: Vec::new(),
            setup_told,
        };
        for (step, entry) in record.log.iter().enumerate() {
            let fail = |reason: String| SessionError::Replay { step, id: entry.id.clone(), reason };
            let expected = match session.state.to_move() {
                ToMove::Player(p) => Decider::Player(p),
                ToMove::Chance => Decider::Chance,
                ToMove::Terminal => return Err(fail("the game was already over".into())),
            };
            // A decision credited to the other player is what a record of an earlier version holds
            // where a rule's reading moved a decision to the other side (the game names those); the
            // log then credits the player to move. Chance and decisions never stand in for each other.
            let moved = matches!((expected, entry.by), (Decider::Player(_), Decider::Player(_)))
                && session.state.decision_moved_sides(&entry.id);
            if expected != entry.by && !moved {
                return Err(fail(format!("the log says {} decided, but {} was to decide", entry.by, expected)));
            }
            let unknown = || fail("no legal action has this id at this point".into());
            let action = if expected == Decider::Chance && session.chance == ChanceMode::Auto {
                // With automatic chance every roll and draw follows from the seed, so the outcome
                // is the one the seed gives; a record that says otherwise was changed by hand.
                let due = session.due_outcome().ok_or_else(unknown)?;
                let due_id = session.state.action_id(&due);
                if due_id != entry.id {
                    session.state.find_action(&entry.id).ok_or_else(unknown)?;
                    return Err(fail(format!(
                        "the seed gives '{due_id}' here, not this outcome: a roll or draw of a game with \
                         automatic chance cannot be changed"
                    )));
                }
                due
            } else {
                session.state.find_action(&entry.id).ok_or_else(unknown)?
            };
            let mut kept = session.entry_for(&action);
            // Only a player's step can have been taken for the player.
            kept.taken_for_player = entry.taken_for_player && expected != Decider::Chance;
            session.step_legal_as(&action, kept);
        }
        if session.chance == ChanceMode::Auto {
            // A record cut off at a chance node (hand-edited, or older) continues from the seed.
            session.resolve_chance()?;
        }
        Ok(session)
    }
}
