//! The game contract every cdgsolo game implements, and the machinery that is the same for all of them.
//!
//! A [`Game`] is a state that knows who decides next (a player, chance, or nobody once the game is
//! over), lists the legal actions of that decider, applies one of them or explains why it cannot,
//! shows each player an [`Game::observe`]ation holding only what that player may know, and can
//! [`Game::resample`] the hidden part of itself for an honest bot. Chance is a decider like any other:
//! dice, draws and shuffles are actions chosen by [`ChanceRng`] in a [`Session`], so a game is its
//! setup plus its action log, and replaying the log rebuilds the state. The [`conformance`] kit holds
//! the checks every game must pass in its tests.

pub mod conformance;
pub mod files;
mod game;
mod history;
mod rng;
mod session;
mod suggest;

pub use game::{ActionError, Game, Outcome, SetupError, ToMove};
pub use history::{Chronicle, chance_seen_by, hidden_move, label_seen_by, seen_by};
pub use rng::{ChanceRng, below, shuffle};
pub use session::{ChanceMode, Decider, LogEntry, RECORD_FORMAT, Record, Session, SessionError};
pub use suggest::{did_you_mean, edit_distance};
