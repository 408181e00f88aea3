//! Cards as the card table sees them: a number, a facing, and what the player has told the table
//! about it (its value and whether it is of the type face 2 names).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A physical card, numbered from 1 in the order the decks were built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "card {}", self.0)
    }
}

/// A card lying in a display slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub card: CardId,
    pub face_up: bool,
}

/// What the table knows about a card. Anonymous cards start with nothing known, manifest cards
/// with what their manifest states; the table asks when the Fate Die needs a missing fact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardFacts {
    /// Ops, CP or order count, depending on the playsheet.
    pub value: Option<u8>,
    /// Whether the card is of the type face 2 names (Event, Tactic, HQ).
    pub special: Option<bool>,
}

/// A card's printed identity, from a deck manifest: its number (when the game prints one) and
/// its name. Anonymous cards have none.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardName {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u16>,
    pub name: String,
    /// The later part of the deck the card joins (a manifest's `joins`); `None` for the starting deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joins: Option<String>,
    /// The manifest's flags for the card.
    #[serde(default, skip_serializing_if = "CardFlags::is_unknown")]
    pub flags: CardFlags,
}

/// What a manifest says about a card beyond its value and face 2 type; `None` where it says nothing.
/// The game rules use them to leave out plays a card cannot make (a card known not to be a Combat
/// card is not offered for a combat) and the table to take a played event out of the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardFlags {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reaction: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mandatory: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub removed_after_play: Option<bool>,
    /// 1960: an Election Day event, kept in the Election Day box until turn 9.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub election_day: Option<bool>,
}

impl CardFlags {
    pub fn is_unknown(&self) -> bool {
        *self == CardFlags::default()
    }
}

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.number {
            Some(n) => write!(f, "#{n} {}", self.name),
            None => write!(f, "{}", self.name),
        }
    }
}
