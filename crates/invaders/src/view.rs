//! What one side may know of a game of Invaders: its own hand, the other side's hand size, both
//! draw piles' sizes, both discard piles in order (either player may look through them), every card
//! in the invasion zones, the card being paid for and the chain of cancels.

use serde::Serialize;

use crate::display::{DisplaySides, Held, SLOT_LETTERS, face_title};
use crate::manifest::Card;
use crate::side::{Side, Zone};
use crate::state::{CardId, Ending, Invaders, Phase};

/// A card as a player reads it: its number in this game and what its manifest says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardView {
    pub id: CardId,
    #[serde(flatten)]
    pub card: Card,
}

/// A card of the chain: the card played (with the zone it is to enter) or a cancel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChainView {
    #[serde(flatten)]
    pub card: CardView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<Zone>,
    /// The zone's name, for a reader.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone_name: Option<&'static str>,
}

/// A card in a zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InPlayView {
    pub card: CardView,
    pub tokens: u8,
    pub turned: bool,
}

/// One zone with both sides' columns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ZoneView {
    pub zone: Zone,
    pub name: &'static str,
    /// Mankind's column, then the Invader's.
    pub columns: [Vec<InPlayView>; 2],
}

/// One slot of a Card Display: its cards in the order they arrived, `None` for a face-down card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SlotView {
    pub letter: char,
    pub cards: Vec<Option<CardView>>,
}

/// A side's public cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideView {
    pub side: Side,
    /// Cards in the draw pile.
    pub deck: usize,
    /// Cards held: the hand, or every card of the display.
    pub hand: usize,
    /// Bottom first.
    pub discard: Vec<CardView>,
    /// The side's Card Display, A to E, when one runs it (face-up cards are on the table for all).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub display: Option<Vec<SlotView>>,
    /// The cards of the side's hand where this seat sees them: in a game one person plays (a
    /// Card Display runs a side), the hand of a side holding one is hidden from neither seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<CardView>>,
}

/// The active display side's Fate Die roll and what it allows now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FateView {
    pub face: u8,
    pub title: &'static str,
    /// Face-down cards the side still turns by its choice (a 2).
    pub flips_left: u8,
    /// The face-up cards the roll still lets the side play in its Main phase.
    pub allowed: Vec<CardId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PaymentView {
    pub card: CardView,
    pub payer: Side,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<Zone>,
    pub discard_left: u8,
    pub drain_left: u8,
}

/// Everything `viewer` may know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InvadersView {
    pub viewer: Side,
    pub turn: u32,
    pub active: Side,
    pub phase: Phase,
    /// The step in words ("Main phase", "cancel window").
    pub phase_words: &'static str,
    /// The viewer's hand, sorted.
    pub hand: Vec<CardView>,
    pub sides: [SideView; 2],
    pub zones: Vec<ZoneView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment: Option<PaymentView>,
    /// The card played and the cancels against it, in order.
    pub chain: Vec<ChainView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
    /// The sides run by a Card Display.
    pub display_sides: DisplaySides,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fate: Option<FateView>,
    /// Display cancels the Fate Die stopped this turn.
    pub blocked: Vec<CardId>,
    /// At a chance step, the seat whose cards or die turn up (the side drawing, draining, rolling
    /// or turning a card): with one's own cards, the player who says what turned up, and so the
    /// seat a shared screen belongs to while it is said. Public: everyone sees who draws.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance_seat: Option<SeatView>,
}

/// A seat: its player number and name, as a status's `to_move` gives them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    pub player: u8,
    pub name: String,
}

impl Invaders {
    pub fn card_view(&self, id: CardId) -> CardView {
        CardView { id, card: self.card(id).clone() }
    }

    pub fn view(&self, viewer: Side) -> InvadersView {
        let sides = Side::BOTH.map(|side| {
            let s = self.side(side);
            SideView {
                side,
                deck: self.draw_pile(side),
                hand: self.held(side),
                discard: s.discard.iter().map(|&c| self.card_view(c)).collect(),
                display: s.display.as_ref().map(|slots| {
                    slots
                        .iter()
                        .zip(SLOT_LETTERS)
                        .map(|(stack, letter)| SlotView {
                            letter,
                            cards: stack
                                .iter()
                                .map(|h| match *h {
                                    Held::FaceUp(c) => Some(self.card_view(c)),
                                    Held::FaceDown => None,
                                })
                                .collect(),
                        })
                        .collect()
                }),
                cards: (self.one_person() && s.display.is_none())
                    .then(|| s.hand.iter().map(|&c| self.card_view(c)).collect()),
            }
        });
        let zones = Zone::ALL
            .iter()
            .map(|&zone| ZoneView {
                zone,
                name: zone.name(),
                columns: Side::BOTH.map(|side| {
                    self.side(side).zones[zone.index()]
                        .iter()
                        .map(|p| InPlayView { card: self.card_view(p.card), tokens: p.tokens, turned: p.turned })
                        .collect()
                }),
            })
            .collect();
        InvadersView {
            viewer,
            turn: self.turn,
            active: self.active,
            phase: self.phase,
            phase_words: match self.phase {
                Phase::Deal { .. } => "starting hands",
                Phase::Draw { .. } => "Draw phase",
                Phase::Main => "Main phase",
                Phase::Paying => "paying for a card",
                Phase::Window { .. } => "a chance to cancel",
                Phase::Fate => "the Fate Die",
                Phase::MoveCard => "no card played: a card may move to another slot",
                Phase::FateCancel { .. } => "the Fate Die before a cancel",
                Phase::Over => "game over",
            },
            hand: self.side(viewer).hand.iter().map(|&c| self.card_view(c)).collect(),
            sides,
            zones,
            payment: self.payment.map(|p| PaymentView {
                card: self.card_view(p.card),
                payer: p.payer,
                zone: p.zone,
                discard_left: p.discard_left,
                drain_left: p.drain_left,
            }),
            chain: self
                .chain
                .iter()
                .map(|&(c, zone)| ChainView { card: self.card_view(c), zone, zone_name: zone.map(Zone::name) })
                .collect(),
            ending: self.ending,
            display_sides: self.setup.display,
            fate: self.fate().map(|f| FateView {
                face: f.face,
                title: face_title(f.face),
                flips_left: f.flips_left,
                // A cancel is played against a card, never in the Main phase: not listed here.
                allowed: self
                    .side(self.active)
                    .hand
                    .iter()
                    .copied()
                    .filter(|&c| self.phase == Phase::Main && self.fate_allows(c) && !self.card(c).cancels)
                    .collect(),
            }),
            blocked: self.blocked.clone(),
            chance_seat: self.chance_side().map(|side| SeatView { player: side.index() as u8, name: side.to_string() }),
        }
    }
}
