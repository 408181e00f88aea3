//! The uniform random player: the floor every other bot is measured against.

use engine::{Game, below};
use rand_chacha::ChaCha8Rng;

use crate::{Bot, Seat};

/// Picks uniformly among the seat's legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, seat: &Seat<'_, G>, rng: &mut ChaCha8Rng) -> Option<G::Action> {
        let mut legal = seat.legal();
        if legal.is_empty() {
            return None;
        }
        let i = below(rng, legal.len());
        Some(legal.swap_remove(i))
    }
}
