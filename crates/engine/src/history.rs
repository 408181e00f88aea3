//! Telling a game's past steps to one player: whether that player could know a move another side
//! made (a bot's, the other person's at a hotseat, a draw), the words to use when not, and the
//! [`Chronicle`] a game may keep alongside a replay for a structured account of some steps (a
//! combat's every card, modifier and die), which needs more than one step's before and after.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::{Game, ToMove};

/// Whether `viewer` could know a move with this id and these words in `state`: it must be legal,
/// with the same words, in positions redrawn from the viewer's seat (its hidden cards changed).
/// A move that names a hidden card fails in some redrawn position.
pub fn seen_by<G: Game>(state: &G, viewer: u8, id: &str, label: &str) -> bool {
    (0..4u64).all(|k| {
        let other = state.resample(viewer, &mut ChaCha8Rng::seed_from_u64(k));
        other.legal().iter().any(|a| other.action_id(a) == id && other.action_label(a) == label)
    })
}

/// The label of `action` in `state` as `viewer` may read it: the label itself when the viewer
/// decided it or could know it ([`seen_by`]; for chance, [`chance_seen_by`]), otherwise words that
/// name no hidden card.
pub fn label_seen_by<G: Game>(state: &G, viewer: u8, action: &G::Action) -> String {
    let label = state.action_label(action);
    match state.to_move() {
        ToMove::Player(p) if p == viewer => label,
        // A decision that shows its card to everyone (a card played face-up) is everyone's to read.
        ToMove::Player(_) if state.reveals(action) => label,
        ToMove::Player(_) if seen_by(state, viewer, &state.action_id(action), &label) => label,
        ToMove::Player(p) => hidden_move(&state.player_name(p)),
        _ if chance_seen_by(state, viewer, action) => label,
        _ => state.hidden_chance_label(),
    }
}

/// How many other outcomes of a chance step [`chance_seen_by`] tries.
const OTHER_OUTCOMES: usize = 8;

/// Whether `viewer` can tell which outcome a chance step had: some other outcome would have left the
/// viewer a different observation. Every outcome of a card drawn face-down leaves the same picture
/// (a back in the slot, one card fewer in the deck), so its name stays hidden; a die or a card
/// drawn face-up or into the viewer's own hand shows. (Legality alone cannot tell: every card still
/// in the deck is a possible draw in any redrawn position.)
pub fn chance_seen_by<G: Game>(state: &G, viewer: u8, action: &G::Action) -> bool {
    let mut after = state.clone();
    if after.apply(action).is_err() {
        return false;
    }
    let seen = after.observe(viewer);
    let id = state.action_id(action);
    state.legal().iter().filter(|other| state.action_id(other) != id).take(OTHER_OUTCOMES).any(|other| {
        let mut elsewhere = state.clone();
        elsewhere.apply(other).is_ok() && elsewhere.observe(viewer) != seen
    })
}

/// What a player is told of another side's move that names cards it cannot see.
pub fn hidden_move(player_name: &str) -> String {
    format!("{player_name} decides about cards you cannot see")
}

/// A game's structured account of its steps, fed every step of a replay in order. A report may
/// grow after the step it belongs to (a combat's hits and retreats are chosen in the steps after
/// its dice), so the reports are read once the steps of interest are fed.
pub trait Chronicle<G: Game> {
    /// The next step: `before` the state it was taken in, `after` the state it led to, `events`
    /// what it did at the table ([`Game::events`]).
    fn step(&mut self, before: &G, action: &G::Action, after: &G, events: &[String]);
    /// The reports so far, each with the 0-based index of the step it belongs to, in order.
    fn reports(&self) -> Vec<(usize, serde_json::Value)>;
}
