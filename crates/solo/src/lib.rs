//! GMT's CDG Solo System as software: per-side Card Displays of five slots, Single and Dual Decks,
//! the Fate Die with its flip, eligibility and refill rules, Cards Remaining and Max Hand Size
//! markers, the Variable Hand Size table, the Random Card Selection Chart, cards set aside, and
//! reshuffles; the ten shipped playsheets as data; and [`CardTable`], a [`engine::Game`] that runs
//! any of them at the level of the common system.

pub mod card;
pub mod deck;
pub mod display;
pub mod fate_die;
pub mod games;
pub mod manifest;
pub mod playsheet;
pub mod random_selection;
pub mod scenario;
pub mod slot;
pub mod table;
pub mod table_action;
pub mod table_events;
pub mod table_undo;
pub mod table_view;

pub use card::{CardFacts, CardId, CardName};
pub use manifest::{Manifest, ManifestCard, ManifestError, manifest, manifests};
pub use playsheet::{DeckMode, Playsheet, PlaysheetError, playsheet, playsheets};
pub use scenario::{Scenario, ScenarioError, ScenarioReport, apply_scenario, scenarios};
pub use slot::{SlotName, SlotSet};
pub use table::{CardTable, TableSetup, virtual_deck_offered};
pub use table_action::TableAction;
pub use table_events::possessive;
pub use table_events::{Spot, TableEvent, setup_events, table_events};
pub use table_undo::{Reversal, undo_events};
pub use table_view::{IdentifyingView, OtherPairView, SideView, TableView};
