//! The state of a game of Invaders: each side's draw pile, hand, discard pile and columns of the
//! three invasion zones, the step of the turn, and the card being paid for or the chain of cancels
//! waiting to be settled.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::display::{DisplaySides, Fate, Reveal, Slots, face_down};
use crate::manifest::{Card, Manifest, cards_of};
use crate::side::{SLOTS, Side, Zone};

/// A physical card of this game: its index in [`Invaders::cards`].
pub type CardId = u8;

/// How a game starts. Everything the operation manual's pages leave open is an option here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InvadersSetup {
    /// The deck manifest; `None` plays the example deck of invented cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manifest: Option<Manifest>,
    /// The side that takes the first turn (the pages do not say; Mankind unless chosen).
    #[serde(default = "mankind")]
    pub first: Side,
    /// Cards each side draws before the first turn (the pages do not say; none unless chosen).
    #[serde(default)]
    pub starting_hand: u8,
    /// The sides run by a Card Display and the Fate Die (cdgsolo's solo adaptation).
    #[serde(default, skip_serializing_if = "is_none")]
    pub display: DisplaySides,
}

fn is_none(d: &DisplaySides) -> bool {
    *d == DisplaySides::None
}

fn mankind() -> Side {
    Side::Mankind
}

impl Default for InvadersSetup {
    fn default() -> Self {
        InvadersSetup { manifest: None, first: Side::Mankind, starting_hand: 0, display: DisplaySides::None }
    }
}

/// A card in an invasion zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct InPlay {
    pub card: CardId,
    pub tokens: u8,
    /// Turned sideways (the Heroes of the Resistance card after its use).
    pub turned: bool,
}

/// One side's cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideCards {
    /// The draw pile, as a set: it is shuffled, so the next card is any of them. For a side run by
    /// a Card Display, the unseen cards: the draw pile and the display's face-down cards together.
    pub deck: Vec<CardId>,
    /// The hand, sorted (no order is kept in a hand). For a side run by a Card Display, its
    /// face-up cards.
    pub hand: Vec<CardId>,
    /// The Card Display of a side it runs.
    pub display: Option<Slots>,
    /// The discard pile, face-up, bottom first; its order never changes.
    pub discard: Vec<CardId>,
    /// The side's column of each zone, Pacific rim, Eurasia, Africa.
    pub zones: [Vec<InPlay>; 3],
}

/// A card being paid for: its Discard cost is chosen from the hand card by card, then its Drain
/// cost turned from the draw pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    pub card: CardId,
    pub payer: Side,
    pub zone: Option<Zone>,
    pub discard_left: u8,
    pub drain_left: u8,
}

/// The step of the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "step")]
pub enum Phase {
    /// Before the first turn: starting hands are drawn, `left` more cards for `side`.
    Deal {
        side: Side,
        left: u8,
    },
    /// The active side draws `left` more cards.
    Draw {
        left: u8,
    },
    /// The active side plays, uses and ends its turn.
    Main,
    /// A card is being paid for.
    Paying,
    /// The side `by` may cancel the last card of the chain, or let it stand.
    Window {
        by: Side,
    },
    /// A display side rolls the Fate Die for its turn (after its Draw phase).
    Fate,
    /// A display side that played no card may move one card to another slot before its turn ends.
    MoveCard,
    /// A display side rolls the Fate Die before its cancel `card` is paid: `!!` stops it.
    FateCancel {
        by: Side,
        card: CardId,
    },
    Over,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "by")]
pub enum Ending {
    /// `loser` had to draw from an empty draw pile.
    EmptyDeck { loser: Side },
    /// The players declared `winner` the winner, by the terms of their cards.
    Declared { winner: Side },
}

/// A whole game.
#[derive(Clone, Debug, PartialEq)]
pub struct Invaders {
    pub(crate) cards: Arc<Vec<Card>>,
    pub(crate) setup: InvadersSetup,
    pub(crate) sides: [SideCards; 2],
    pub(crate) active: Side,
    /// Turns begun, 1 for the first.
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    pub(crate) payment: Option<Payment>,
    /// The card played and the cancels played against it (and against each other), in order.
    pub(crate) chain: Vec<(CardId, Option<Zone>)>,
    pub(crate) ending: Option<Ending>,
    /// The active display side's roll this turn.
    pub(crate) fate: Option<Fate>,
    /// Face-down cards to be named by chance, first first.
    pub(crate) reveals: Vec<Reveal>,
    /// Display cancels stopped by the Fate Die this turn: not tried again until the turn ends.
    pub(crate) blocked: Vec<CardId>,
    /// Whether the active side has played a card this turn (a display side that has not may move
    /// one card to another slot instead).
    pub(crate) played_this_turn: bool,
    /// The display card picked up to move: a face-up card, or a face-down one (`None`), and its slot.
    pub(crate) lifted: Option<(Option<CardId>, u8)>,
    /// A chain settled by the last step without a chance to cancel, and the side that was not
    /// asked because it could not cancel (for the log's words); cleared by the next step.
    pub(crate) unanswered: Option<crate::turn::Unanswered>,
}

impl Invaders {
    /// A new game: both decks shuffled (as sets), starting hands to be drawn.
    pub fn start(setup: &InvadersSetup) -> Result<Self, crate::manifest::ManifestError> {
        let manifest = match &setup.manifest {
            Some(m) => {
                m.check()?;
                m.clone()
            }
            None => Manifest::example()?,
        };
        let cards = cards_of(&manifest);
        let mut sides: [SideCards; 2] = std::array::from_fn(|i| SideCards {
            deck: Vec::new(),
            hand: Vec::new(),
            display: setup.display.runs(Side::BOTH[i]).then(Slots::default),
            discard: Vec::new(),
            zones: Default::default(),
        });
        for (id, card) in cards.iter().enumerate() {
            // The manifest check caps the cards at what a byte numbers.
            sides[card.side.index()].deck.push(id as CardId);
        }
        let phase = if setup.starting_hand > 0 {
            Phase::Deal { side: setup.first, left: setup.starting_hand }
        } else {
            Phase::Draw { left: 2 }
        };
        Ok(Invaders {
            cards: Arc::new(cards),
            setup: setup.clone(),
            sides,
            active: setup.first,
            turn: 1,
            phase,
            payment: None,
            chain: Vec::new(),
            ending: None,
            fate: None,
            reveals: Vec::new(),
            blocked: Vec::new(),
            played_this_turn: false,
            lifted: None,
            unanswered: None,
        })
    }

    /// Cards in the game, both decks together (ids run from 0 to this, less one).
    pub fn card_count(&self) -> usize {
        self.cards.len()
    }

    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[usize::from(id)]
    }

    pub fn side(&self, side: Side) -> &SideCards {
        &self.sides[side.index()]
    }

    pub(crate) fn side_mut(&mut self, side: Side) -> &mut SideCards {
        &mut self.sides[side.index()]
    }

    pub fn active(&self) -> Side {
        self.active
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    pub fn chain(&self) -> &[(CardId, Option<Zone>)] {
        &self.chain
    }

    pub fn payment(&self) -> Option<Payment> {
        self.payment
    }

    /// Where a card in play stands: its side, zone and place in the column.
    pub fn in_play(&self, card: CardId) -> Option<(Side, Zone, usize)> {
        for side in Side::BOTH {
            for zone in Zone::ALL {
                if let Some(i) = self.side(side).zones[zone.index()].iter().position(|p| p.card == card) {
                    return Some((side, zone, i));
                }
            }
        }
        None
    }

    /// Whether `side` has a free slot in `zone`.
    pub fn has_room(&self, side: Side, zone: Zone) -> bool {
        self.side(side).zones[zone.index()].len() < SLOTS
    }

    /// Whether `side` can pay for `card` now: enough other cards in hand and in the draw pile.
    pub fn can_pay(&self, side: Side, card: CardId) -> bool {
        let c = self.card(card);
        let s = self.side(side);
        let others = s.hand.iter().filter(|&&h| h != card).count() + self.face_down(side);
        others >= usize::from(c.discard) && self.draw_pile(side) >= usize::from(c.drain)
    }

    /// Cards in `side`'s draw pile.
    pub fn draw_pile(&self, side: Side) -> usize {
        self.side(side).deck.len().saturating_sub(self.face_down(side))
    }

    /// Face-down cards of `side`'s Card Display (none for a side holding a hand).
    pub fn face_down(&self, side: Side) -> usize {
        self.side(side).display.as_ref().map_or(0, face_down)
    }

    /// Cards `side` holds: its hand, or every card of its display.
    pub fn held(&self, side: Side) -> usize {
        self.side(side).hand.len() + self.face_down(side)
    }

    /// The sides run by a Card Display.
    pub fn display_sides(&self) -> DisplaySides {
        self.setup.display
    }

    /// Whether a Card Display runs `side`.
    pub fn displayed(&self, side: Side) -> bool {
        self.side(side).display.is_some()
    }

    /// The roll of the active display side's turn.
    pub fn fate(&self) -> Option<&Fate> {
        self.fate.as_ref()
    }

    /// The display card picked up to move, and its slot.
    pub fn lifted(&self) -> Option<(Option<CardId>, u8)> {
        self.lifted
    }

    /// Face-down cards waiting to be named, first first.
    pub fn pending_reveals(&self) -> &[Reveal] {
        &self.reveals
    }

    /// Cancels the Fate Die stopped this turn.
    pub fn blocked(&self) -> &[CardId] {
        &self.blocked
    }

    /// Whether one person plays both sides: a Card Display runs a side, so no screen is passed
    /// and a hand is hidden from neither seat (only face-down cards are, from everyone).
    pub fn one_person(&self) -> bool {
        self.setup.display != DisplaySides::None
    }

    /// `side`'s Card Display, if one runs it.
    pub fn display_slots(&self, side: Side) -> Option<&Slots> {
        self.side(side).display.as_ref()
    }
}
