//! Opponents for any game behind the engine's [`Game`] contract, honest by construction: a bot is
//! handed a [`Seat`], never the game state. A seat answers only what its player may know (the
//! player's observation, its legal actions and their labels) and, for search, a fresh
//! determinization: a full state drawn with [`Game::resample`] that the player cannot tell apart
//! from the real one. Chance (dice, draws, the Fate Die) is sampled inside the search, never read.
//!
//! Two bots live here: [`RandomBot`], uniform among the legal actions, and [`Mcts`], Information Set
//! Monte Carlo Tree Search over the seat's information set with random playouts and a budget in
//! iterations.

mod mcts;
mod random;
mod seat;

pub use mcts::{Candidate, Mcts};
pub use random::RandomBot;
pub use seat::Seat;

use engine::Game;
use rand_chacha::ChaCha8Rng;

/// A player the program controls.
pub trait Bot<G: Game> {
    /// A short name for logs and the simulator ("random", "mcts:400").
    fn name(&self) -> String;
    /// The action this bot takes for the seat that is to move, or `None` when the seat has no
    /// legal action (it is not that player's turn, or the game is over). `rng` is the bot's own
    /// stream: the same seat and the same stream give the same decision.
    fn choose(&mut self, seat: &Seat<'_, G>, rng: &mut ChaCha8Rng) -> Option<G::Action>;
}
