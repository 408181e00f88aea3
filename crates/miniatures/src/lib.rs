//! A turn-by-turn aid for a solo miniatures player, following a one-page game play sequence: the
//! program keeps both sides' roster (COs and FOs with their leadership, wings, units with their
//! pieces, QV, Casualty Value and disrupted pieces), walks the sequence step by step and rolls the
//! dice each step calls for, saying what every roll means. What the page leaves to the game's own
//! charts (the activation table, fire and close combat results) is the player's: the activation
//! table is written once per roster, and fire and combat rolls are reported for the player to read.

pub mod action;
mod game;
mod labels;
pub mod roster;
mod sequence;
pub mod state;

pub use action::Action;
pub use game::MiniaturesView;
pub use roster::{Roster, RosterError};
pub use state::{DieShown, Miniatures, MiniaturesSetup, Said, Step, Tone, Unit};
