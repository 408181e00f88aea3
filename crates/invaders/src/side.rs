//! The two sides of Invaders and the three invasion zones between them.

use serde::{Deserialize, Serialize};

/// A side: Mankind is player 0, the Invader player 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    #[serde(alias = "mankind")]
    Mankind,
    #[serde(alias = "invader")]
    Invader,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Mankind, Side::Invader];

    /// The player index of the side.
    pub fn index(self) -> usize {
        match self {
            Side::Mankind => 0,
            Side::Invader => 1,
        }
    }

    pub fn of(player: u8) -> Side {
        if player & 1 == 0 { Side::Mankind } else { Side::Invader }
    }

    pub fn other(self) -> Side {
        match self {
            Side::Mankind => Side::Invader,
            Side::Invader => Side::Mankind,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Mankind => "Mankind",
            Side::Invader => "the Invader",
        }
    }

    /// The side at the start of a sentence.
    pub fn subject(self) -> &'static str {
        match self {
            Side::Mankind => "Mankind",
            Side::Invader => "The Invader",
        }
    }

    /// The id word of the side in action ids and options.
    pub fn id(self) -> &'static str {
        match self {
            Side::Mankind => "mankind",
            Side::Invader => "invader",
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::Mankind => "Mankind",
            Side::Invader => "Invader",
        })
    }
}

/// An invasion zone. Each has a column of four slots on each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    PacificRim,
    Eurasia,
    Africa,
}

/// Slots in each side's column of a zone.
pub const SLOTS: usize = 4;

impl Zone {
    pub const ALL: [Zone; 3] = [Zone::PacificRim, Zone::Eurasia, Zone::Africa];

    pub fn index(self) -> usize {
        match self {
            Zone::PacificRim => 0,
            Zone::Eurasia => 1,
            Zone::Africa => 2,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Zone::PacificRim => "Pacific rim",
            Zone::Eurasia => "Eurasia",
            Zone::Africa => "Africa",
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Zone::PacificRim => "pacific-rim",
            Zone::Eurasia => "eurasia",
            Zone::Africa => "africa",
        }
    }

    pub fn from_id(id: &str) -> Option<Zone> {
        Zone::ALL.into_iter().find(|z| z.id() == id)
    }

    /// Zones next to each other: Eurasia touches both others; there is no wrap-around, so the
    /// Pacific rim and Africa are not adjacent.
    pub fn adjacent(self, other: Zone) -> bool {
        self.index().abs_diff(other.index()) == 1
    }
}
