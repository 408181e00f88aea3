//! A draw deck and its discard pile. The deck's undrawn cards are a pool with no order: drawing is a
//! chance outcome that picks any of them with equal odds, which is the same as drawing from a
//! shuffled deck and leaves nothing hidden in the state for a bot to peek at. Only a top card that
//! has been turned face-up (a Dual Deck's slot C) has a fixed place.

use serde::{Deserialize, Serialize};

use crate::card::CardId;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    /// Undrawn cards below the top, in no meaningful order.
    pub pool: Vec<CardId>,
    /// The top card, when it has been turned face-up; it keeps that facing until it leaves.
    pub top: Option<CardId>,
    /// The discard pile, oldest first; the last card is on top.
    pub discard: Vec<Discarded>,
    /// How many times the deck has been shuffled (its discards taken back), so a front end can tell
    /// a player with real cards to shuffle too.
    #[serde(default)]
    pub shuffles: u32,
}

/// A card in a discard pile. A few games discard face-down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Discarded {
    pub card: CardId,
    pub face_up: bool,
}

impl Deck {
    pub fn len(&self) -> usize {
        self.pool.len() + usize::from(self.top.is_some())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Moves the discard pile into the deck. The pool has no order, so this is the shuffle.
    pub fn shuffle_in_discards(&mut self) {
        self.pool.extend(self.discard.drain(..).map(|d| d.card));
        self.shuffles += 1;
    }

    pub fn discard(&mut self, card: CardId) {
        self.discard.push(Discarded { card, face_up: true });
    }

    /// Removes a card from the pool (a drawn card).
    pub fn draw(&mut self, card: CardId) -> bool {
        match self.pool.iter().position(|c| *c == card) {
            Some(i) => {
                self.pool.swap_remove(i);
                true
            }
            None => false,
        }
    }
}
