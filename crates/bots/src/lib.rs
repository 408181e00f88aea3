//! Opponents for any game behind the engine's [`Game`] contract, honest by construction: a bot is
//! handed a [`Seat`], never the game state. A seat answers only what its player may know (the
//! player's observation, its legal actions and their labels) and, for search, a fresh
//! determinization: a full state drawn with [`Game::resample`] that the player cannot tell apart
//! from the real one. Chance (dice, draws, the Fate Die) is sampled inside the search, never read.
//!
//! Three bots live here: [`RandomBot`], uniform among the legal actions; [`RulesBot`], Manoeuvre's
//! rule-based player; and [`Mcts`], Information Set Monte Carlo Tree Search over the seat's
//! information set with a budget in iterations and random or rule-guided playouts.

mod mcts;
mod public;
mod random;
mod rules;
mod seat;
mod spec;

pub use mcts::{Candidate, Mcts, Playout, RandomPlayout, Widening};
pub use public::seen_by;
pub use random::RandomBot;
pub use rules::{RulesBot, RulesPlayout};
pub use seat::Seat;
pub use spec::{BotSpec, HINT_ITERATIONS, LEVEL_ESTIMATE_SCALE, LEVELS, Level, Playouts, SpecError, hint_search};

use engine::{Game, ToMove, below};
use rand_chacha::ChaCha8Rng;

/// A player the program controls.
pub trait Bot<G: Game> {
    /// A short name for logs and the simulator ("random", "mcts:400").
    fn name(&self) -> String;
    /// The action this bot takes for the seat that is to move, or `None` when the seat has no
    /// legal action (it is not that player's turn, or the game is over). `rng` is the bot's own
    /// stream: the same seat and the same stream give the same decision.
    fn choose(&mut self, seat: &Seat<'_, G>, rng: &mut ChaCha8Rng) -> Option<G::Action>;
    /// The moves the last decision weighed, most favoured first (empty for a bot that does not
    /// search).
    fn explain(&self) -> Vec<Candidate> {
        Vec::new()
    }
}

/// Why a game between bots stopped before its end.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("{bot} found no action for player {player}")]
    NoAction { bot: String, player: u8 },
    #[error("{bot} took an illegal action: {reason}")]
    Illegal { bot: String, reason: String },
    #[error("the game did not end within {0} steps")]
    TooLong(u64),
}

/// Plays `state` to its end: chance outcomes drawn from `chance`, each player's decisions made by
/// its bot (`bots[p]` for player `p`) from its own seat and stream. Every bot action is checked
/// against the rules. Returns how many decisions the players made.
pub fn play_out<G: Game>(
    state: &mut G,
    bots: [&mut dyn Bot<G>; 2],
    chance: &mut ChaCha8Rng,
    streams: &mut [ChaCha8Rng; 2],
    step_cap: u64,
) -> Result<u32, PlayError> {
    let mut bots = bots;
    let mut decisions = 0;
    let mut buffer = Vec::new();
    for _ in 0..step_cap {
        match state.to_move() {
            ToMove::Terminal => return Ok(decisions),
            ToMove::Chance => {
                state.legal_actions(&mut buffer);
                let i = below(chance, buffer.len());
                state.apply_legal(&buffer[i]);
            }
            ToMove::Player(p) => {
                let i = usize::from(p & 1);
                let bot = &mut bots[i];
                let Some(action) = bot.choose(&Seat::new(state, p), &mut streams[i]) else {
                    return Err(PlayError::NoAction { bot: bot.name(), player: p });
                };
                state.apply(&action).map_err(|e| PlayError::Illegal { bot: bot.name(), reason: e.to_string() })?;
                decisions += 1;
            }
        }
    }
    Err(PlayError::TooLong(step_cap))
}
