//! Whether a player could know a move another player made: what a front end may tell a person about
//! a bot's decisions (or its reasons) without showing a hidden card.

use engine::Game;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Whether `viewer` could know a move with this id and these words in `state`: it must be legal,
/// with the same words, in positions redrawn from the viewer's seat (its hidden cards changed).
/// A move that names a hidden card fails in some redrawn position.
pub fn seen_by<G: Game>(state: &G, viewer: u8, id: &str, label: &str) -> bool {
    (0..4u64).all(|k| {
        let other = state.resample(viewer, &mut ChaCha8Rng::seed_from_u64(k));
        other.legal().iter().any(|a| other.action_id(a) == id && other.action_label(a) == label)
    })
}
