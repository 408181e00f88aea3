//! cdgsolo's own adaptation of the CDG Solo System to Invaders: a side run by a five-slot Card
//! Display and the Fate Die, the way the Manoeuvre playsheet runs a side that may play several
//! cards a turn. The operation manual has no solo rules, so every choice here is ours and
//! docs/invaders.md says so.
//!
//! The display is the side's hand spread over slots A to E. Its face-down cards are unknown to
//! everyone, its own player included, so the program does not decide which card a face-down card
//! is until it is turned: the draw pile and the face-down cards share one pool of unseen cards, and
//! turning a card (or discarding one unseen) draws its identity from that pool. That is the same
//! chance as a real shuffled pile, and it lets a player with the physical cards say which card
//! turned up. No card enters a display except by a draw the rules call for: a display that refilled
//! after every play would draw cards the Draw phase does not give, and an empty draw pile loses.

use serde::{Deserialize, Serialize};

use crate::side::Side;
use crate::state::CardId;

/// Slots of a Card Display, A to E.
pub const DISPLAY_SLOTS: usize = 5;

/// The slots' letters.
pub const SLOT_LETTERS: [char; DISPLAY_SLOTS] = ['A', 'B', 'C', 'D', 'E'];

/// The slot of each letter: A is 0.
pub fn slot_letter(slot: u8) -> char {
    SLOT_LETTERS.get(usize::from(slot)).copied().unwrap_or('?')
}

/// Which sides a Card Display runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DisplaySides {
    /// Both sides hold hands (two players, or one who sees both).
    #[default]
    None,
    Mankind,
    Invader,
    Both,
}

impl DisplaySides {
    /// Whether `side` is run by a Card Display.
    pub fn runs(self, side: Side) -> bool {
        match self {
            DisplaySides::None => false,
            DisplaySides::Mankind => side == Side::Mankind,
            DisplaySides::Invader => side == Side::Invader,
            DisplaySides::Both => true,
        }
    }
}

/// A card of a display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Held {
    FaceUp(CardId),
    /// A card nobody has seen; which card it is is settled when it is turned.
    FaceDown,
}

/// A display's five slots, each a stack in the order its cards arrived.
pub type Slots = [Vec<Held>; DISPLAY_SLOTS];

/// The slot a card drawn into a display goes to: the first empty slot, or else the slot holding
/// fewest cards (the first of them in A to E order). Spreading the draws keeps every slot in the
/// Fate Die's reach; stacks still form, as in Manoeuvre, when a side moves a card instead of playing.
pub fn slot_for_draw(slots: &Slots) -> u8 {
    let mut best = 0;
    for (i, s) in slots.iter().enumerate() {
        if s.len() < slots[best].len() {
            best = i;
        }
    }
    best as u8
}

/// The slot holding a face-up card.
pub fn slot_of(slots: &Slots, card: CardId) -> Option<u8> {
    slots.iter().position(|s| s.contains(&Held::FaceUp(card))).map(|i| i as u8)
}

/// Face-down cards in a display.
pub fn face_down(slots: &Slots) -> usize {
    slots.iter().flatten().filter(|h| **h == Held::FaceDown).count()
}

/// Face-up cards in a display, sorted (the side's known hand).
pub fn face_up(slots: &Slots) -> Vec<CardId> {
    let mut cards: Vec<CardId> = slots
        .iter()
        .flatten()
        .filter_map(|h| match h {
            Held::FaceUp(c) => Some(*c),
            Held::FaceDown => None,
        })
        .collect();
    cards.sort_unstable();
    cards
}

/// The slots a Fate Die face names (faces 3 to 6), or turns face-up (face 1: slot C).
pub fn named_slots(face: u8) -> &'static [u8] {
    match face {
        1 => &[2],
        3 => &[0, 1, 2],
        4 => &[0, 1],
        5 => &[2, 3, 4],
        6 => &[3, 4],
        _ => &[],
    }
}

/// The Fate Die face in words, as the Manoeuvre playsheet's chart reads once it is fitted to a
/// game with no unit or HQ cards: any face-up card stands where that sheet says "unit card".
pub fn face_title(face: u8) -> &'static str {
    match face {
        1 => "C, or any one face-up card (!!)",
        2 => "any one face-up card, after turning cards until two are face-up",
        3 => "every card of one slot: A, B or C",
        4 => "every card of one slot: A or B",
        5 => "every card of one slot: C, D or E",
        6 => "every card of one slot: D or E",
        _ => "not a face of the Fate Die",
    }
}

/// The Fate Die face that stops a display side's cancel (the sheets' `!!`).
pub const BANG: u8 = 1;

/// The roll of the active display side's turn and what it still allows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fate {
    pub face: u8,
    /// Cards still to turn face-up by the side's choice (face 2).
    pub flips_left: u8,
    /// `None` until the first card is played; then the cards still allowed: none after a face 1
    /// or 2, the other cards the chosen slot held at that moment after a face 3 to 6.
    pub kept: Option<Vec<CardId>>,
}

/// A face-down card waiting for the chance step that says which card it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Reveal {
    pub side: Side,
    pub slot: u8,
    /// The card is discarded toward a Discard cost rather than turned face-up in its slot.
    pub to_discard: bool,
}
