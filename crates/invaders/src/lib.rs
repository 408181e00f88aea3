//! Invaders as a table aid: a two-player card game, Mankind against the Invader, run exactly as
//! far as the operation manual's pages on the turn, the playing cards and the invasion zones go.
//! The program keeps both decks, hands and discard piles, the three zones of four slots a side,
//! the costs of every card played and the chain of cancels; everything a card's own text does is
//! left to the players through table tools labelled as their call. Cards are described by a deck
//! manifest ([`manifest`]), since their texts are not in the source documents.

pub mod action;
pub mod display;
mod game;
mod labels;
pub mod manifest;
mod rules_text;
pub mod side;
pub mod state;
mod turn;
pub mod view;

pub use action::Action;
pub use display::DisplaySides;
pub use manifest::{Manifest, ManifestError};
pub use side::{Side, Zone};
pub use state::{Ending, Invaders, InvadersSetup, Phase};
pub use view::InvadersView;
