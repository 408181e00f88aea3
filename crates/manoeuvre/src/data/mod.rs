//! The facts of Manoeuvre as data: the twelve nations with their units and Action Decks, the map
//! sections and the terrain effects.
//!
//! The shipped files live in the crate's `data/` directory and are embedded in the binary
//! ([`embedded`]). A user may copy that directory, correct it (the Distant Lands armies and the
//! terrain numbers are provisional stand-ins) and load the copy with [`load_dir`]. Both go through
//! [`load_texts`], which checks everything and reports the file, line and field of the first problem
//! as a [`DataError`]. `docs/manoeuvre-data.md` describes every file and column.

mod error;
mod helpers;
mod load;
pub mod model;
mod table;
mod terrain;

pub use error::DataError;
pub use load::{
    CARDS_FILE, CARDS_PER_ARMY, CARDS_PER_UNIT, DISTANT_LANDS_CARDS_FILE, DISTANT_LANDS_UNITS_FILE, DataFiles,
    HQ_CARDS_PER_ARMY, MAP_SECTIONS_FILE, MAX_NATIONS, NATIONS_FILE, SECTIONS_PER_MAP, TERRAIN_FILE, UNITS_FILE,
    UNITS_PER_ARMY, embedded, load_dir, load_texts,
};
pub use model::*;
