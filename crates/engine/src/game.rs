//! The [`Game`] trait: the one contract between a set of rules and everything that drives them
//! (sessions, the protocol, bots, the conformance kit).

use std::fmt::Debug;

use rand_core::RngCore;
use serde::{Serialize, de::DeserializeOwned};

/// Who makes the next decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ToMove {
    /// The player with this index (0-based, `0..num_players`).
    Player(u8),
    /// A random outcome: every legal action is equally likely.
    Chance,
    /// The game is over; [`Game::outcome`] says how it ended.
    Terminal,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The winning player, or `None` for a draw.
    pub winner: Option<u8>,
    /// The rule that ended the game, in words.
    pub reason: String,
}

/// Why an action was refused. The state is unchanged when this is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("the game is over")]
    GameOver,
    #[error("{action} is not legal now: {reason}")]
    Illegal { action: String, reason: String },
}

/// Why a setup could not become a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad setup: {0}")]
pub struct SetupError(pub String);

/// A game's rules as a state machine.
///
/// Conventions every implementation keeps, checked by [`crate::conformance`]:
/// - `legal_actions` is empty exactly in a terminal state (a finished game offers nothing);
/// - at a chance node all legal actions are equally likely outcomes;
/// - `legal_actions`, `action_id` and `action_label` for the player to move depend only on what
///   that player observes, so labels never leak hidden cards;
/// - `observe(p)` is unchanged by `resample(p, ..)`, and stays so one decision on: the same
///   decision applied to a state and to such a resample leaves `p` with equal observations, the
///   same player to move and (on `p`'s turn) the same actions, unless [`Game::reveals`] says the
///   decision shows something. So who is asked to decide never depends on a hidden card: a window
///   in which a side may answer opens whatever that side holds.
pub trait Game: Clone + PartialEq + Debug {
    /// Everything needed to start a game; stored in saves, so it must serialize.
    type Setup: Clone + Debug + Serialize + DeserializeOwned;
    /// One decision (or chance outcome).
    type Action: Clone + PartialEq + Debug;
    /// What one player may know of the state.
    type Observation: Clone + PartialEq + Debug + Serialize;

    /// Builds the starting state. Random parts of the setup (the deal) are chance nodes that follow.
    fn new(setup: &Self::Setup) -> Result<Self, SetupError>;
    fn num_players(&self) -> u8;
    fn player_name(&self, player: u8) -> String;
    fn to_move(&self) -> ToMove;
    /// The legal actions of whoever is to move, appended to `out` (which is cleared first).
    fn legal_actions(&self, out: &mut Vec<Self::Action>);
    /// Applies `action`; on error the state is unchanged.
    fn apply(&mut self, action: &Self::Action) -> Result<(), ActionError>;
    /// Applies an action the caller took from this state's `legal_actions`, skipping the legality
    /// check (bots and random play call this millions of times). Games may override it with a
    /// faster path; the default checks anyway.
    fn apply_legal(&mut self, action: &Self::Action) {
        let applied = self.apply(action);
        debug_assert!(applied.is_ok(), "apply_legal was given an illegal action: {applied:?}");
    }
    /// A short id, stable across versions, that names the action in logs, saves and the protocol.
    fn action_id(&self, action: &Self::Action) -> String;
    /// A short phrase a player understands.
    fn action_label(&self, action: &Self::Action) -> String;
    /// True when applying `action` shows someone a card or value that was hidden: undo may not
    /// step back over it.
    fn reveals(&self, action: &Self::Action) -> bool;
    fn observe(&self, player: u8) -> Self::Observation;
    /// A full state that `player` cannot tell apart from this one: everything hidden from that
    /// player is redrawn at random, consistently with what the player has seen.
    fn resample(&self, player: u8, rng: &mut dyn RngCore) -> Self;
    /// How the game ended, once `to_move` is `Terminal`.
    fn outcome(&self) -> Option<Outcome>;
    /// Structural invariants (every card in exactly one place, and so on). The conformance kit
    /// calls it after every step; a game without such invariants keeps the default.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }

    /// What `action` changed at the table, as steps a player carries out with the real pieces, in
    /// the order they would do them ("Turn slots D and E face-up", "Draw a card face-down into slot
    /// A"). `self` is the state after the action and `before` the state it was applied to. The
    /// steps are public: they may name only what every player may see. A game that has nothing to
    /// say keeps the default.
    fn events(&self, _before: &Self, _action: &Self::Action) -> Vec<String> {
        Vec::new()
    }

    /// What to do at the table to put it back after an undo, in order: `self` is the state after
    /// the undo, `undone` the state before it (as the real table lies). Public, as [`Game::events`]
    /// are. A game without a real table keeps the default.
    fn undo_events(&self, _undone: &Self) -> Vec<String> {
        Vec::new()
    }

    /// Whether a chance outcome, due now, can be put back at the real table as if it had not
    /// happened: a card drawn face-down that nobody has seen goes back on top of its deck, unseen,
    /// and comes off it again later (outcome k is keyed by the seed and k alone, so the same outcome
    /// comes again). An undo takes such outcomes back with the decision before them; every other
    /// outcome (a die, a card turned up, a shuffle) stands. None can, unless the game says so.
    fn chance_goes_back(&self, _outcome: &Self::Action) -> bool {
        false
    }

    /// For a game that follows real cards at a table: whose shuffle the table follows, in the
    /// player's words ("your own cards", "cdgsolo shuffles"), for the table's header and the list of
    /// saved games. `None` for a game without a real deck.
    fn deck_words(&self) -> Option<String> {
        None
    }

    /// Whether a front end should ask once before it takes `action` for the player: it leads
    /// straight to something no undo takes back (a shuffle, a pick at random, a card named for
    /// good), so one tap must not do it by accident. None, unless the game says so.
    fn asks_first(&self, _action: &Self::Action) -> bool {
        false
    }

    /// How a history names a chance outcome the viewer cannot tell from the others (a card drawn
    /// face-down). A game whose player learns such a card another way (a card table whose player
    /// takes each card the program names from a sorted deck) says so in its own words.
    fn hidden_chance_label(&self) -> String {
        "a card is drawn that you cannot see".to_string()
    }

    /// Whether a record of an earlier version may credit the decision `action_id`, due now from the
    /// player to move, to the other player: a reading of the rules has since moved that decision to
    /// the other side. Loading such a record credits the player to move. Never, by default.
    fn decision_moved_sides(&self, _action_id: &str) -> bool {
        false
    }

    /// Whether `action` is a tool the game offers for occasional use (a card table's "discard a
    /// card", "move a marker"): front ends keep tools behind one entry, shown on request.
    fn is_tool(&self, _action: &Self::Action) -> bool {
        false
    }

    /// The steps that set up the starting state before its first action (markers placed, cards
    /// set aside), in the same words as [`Game::events`].
    fn setup_events(&self) -> Vec<String> {
        Vec::new()
    }

    /// Whether two people sharing one screen must pass it between turns: each seat holds cards
    /// the other may not see. False for one person's table (a card table, a turn aid, a game whose
    /// secrets are hidden from every seat alike, such as face-down cards nobody has looked at).
    fn hands_hidden(&self) -> bool {
        false
    }

    /// The game turn and the active player, for games that count turns (a history groups its
    /// steps by them); `None` before the first turn and for games without turns.
    fn game_turn(&self) -> Option<(u32, u8)> {
        None
    }

    /// A fresh [`crate::Chronicle`] for a replay of this game from its start, for games that give
    /// some steps a structured report; `None` for the others.
    fn chronicle(&self) -> Option<Box<dyn crate::Chronicle<Self> + Send>> {
        None
    }

    /// Legal actions as a fresh vector; convenient outside hot loops.
    fn legal(&self) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions(&mut out);
        out
    }

    /// Finds the legal action with the given id.
    fn find_action(&self, id: &str) -> Option<Self::Action> {
        self.legal().into_iter().find(|a| self.action_id(a) == id)
    }
}
