//! Manoeuvre (GMT Games) with the Distant Lands rules, as a game behind the engine's contract. It
//! owns the map and terrain, the armies and their cards as loaded data, the rules of every phase
//! (setup, discard and draw, movement, combat, restoration, victory), and the two ways a side may
//! hold its cards: a secret hand, or the CDG Solo System display of the Manoeuvre playsheet.

pub mod action;
mod bitset;
pub mod board;
mod combat;
mod core;
pub mod data;
pub mod display_mode;
mod events;
mod game;
mod invariants;
mod labels;
mod movement;
pub mod report;
mod restoration;
mod rules_player;
pub mod scenario;
pub mod setup;
pub mod setup_options;
pub mod state;
pub mod tables;
mod turn;
pub mod view;

pub use action::Action;
pub use report::{CombatReport, CombatWatcher};
pub use rules_player::{
    Weights, rules_choice, rules_choice_with, rules_scores, rules_win_estimate, rules_win_estimate_with,
};
pub use scenario::{Scenario, ScenarioError, ScenarioPhase};
pub use setup::{ManoeuvreSetup, MapChoice, MapSetup};
pub use setup_options::SetupOptionError;
pub use state::{HandMode, Manoeuvre};
pub use view::ManoeuvreView;
