//! Every decision and chance outcome of Invaders, with the ids that name them in saves and the
//! protocol.

use crate::display::slot_letter;
use crate::side::{Side, Zone};

fn letter(slot: u8) -> char {
    slot_letter(slot).to_ascii_lowercase()
}
use crate::state::CardId;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    // Chance.
    /// The drawing side's next card comes off its draw pile into its hand.
    Draw(CardId),
    /// The paying side's top card is turned face-up onto its discard pile.
    Drain(CardId),
    /// The Fate Die shows this face (1 to 6).
    Fate(u8),
    /// The face-down display card being turned (or discarded) is this card.
    Reveal(CardId),

    // The Main phase.
    /// Play a card from the hand, into a zone when it has a power value.
    Play {
        card: CardId,
        zone: Option<Zone>,
    },
    /// Discard this hand card toward the Discard cost of the card being paid for.
    PayDiscard(CardId),
    /// A display side discards a face-down card of this slot (the first placed) toward a Discard
    /// cost; it is revealed as it goes.
    PayFaceDown(u8),
    /// After a Fate Die 2, a display side turns a face-down card of this slot face-up.
    Flip(u8),
    /// A display side that has played no card this turn declares it will play none: it may move
    /// one card to another slot, then its turn ends.
    PlayNoCard,
    /// The card to move: a face-up card by name, or (`card: None`) a face-down one of `from`.
    PickUp {
        card: Option<CardId>,
        from: u8,
    },
    /// The card picked up goes onto this slot, keeping its facing, and the turn ends.
    PutDown(u8),
    /// Mankind gives up one of its cards in a zone whose four slots on its side are full.
    Sacrifice(CardId),
    EndTurn,

    // A cancel window.
    Cancel(CardId),
    LetStand,

    // Table tools: what the cards' texts do, the players decide.
    /// Use a card in play (the Heroes of the Resistance card turns sideways).
    Use(CardId),
    AddToken(CardId),
    RemoveToken(CardId),
    /// A card's text moves this card in play to another zone.
    MoveTo {
        card: CardId,
        zone: Zone,
    },
    /// A card's text destroys this card in play: it goes to its owner's discard pile.
    Destroy(CardId),
    /// A card's text has the active side draw a card.
    DrawByText,
    /// Enable a dormant strategy (the players resolve it).
    DormantStrategy,
    /// The Invader's Invasion plot action (the players resolve it).
    InvasionPlot,
    /// The players agree that this side has won, by the terms of their cards.
    DeclareWinner(Side),
}

impl Action {
    /// The action's stable id.
    pub fn id(&self) -> String {
        match self {
            Action::Draw(c) => format!("draw-{c}"),
            Action::Drain(c) => format!("drain-{c}"),
            Action::Fate(face) => format!("fate-{face}"),
            Action::Reveal(c) => format!("reveal-{c}"),
            Action::Play { card, zone: Some(z) } => format!("play-{card}-{}", z.id()),
            Action::Play { card, zone: None } => format!("play-{card}"),
            Action::PayDiscard(c) => format!("pay-{c}"),
            Action::PayFaceDown(slot) => format!("pay-face-down-{}", letter(*slot)),
            Action::Flip(slot) => format!("flip-{}", letter(*slot)),
            Action::PlayNoCard => "play-no-card".into(),
            Action::PickUp { card: Some(c), .. } => format!("pick-up-{c}"),
            Action::PickUp { card: None, from } => format!("pick-up-face-down-{}", letter(*from)),
            Action::PutDown(to) => format!("put-down-{}", letter(*to)),
            Action::Sacrifice(c) => format!("sacrifice-{c}"),
            Action::EndTurn => "end-turn".into(),
            Action::Cancel(c) => format!("cancel-{c}"),
            Action::LetStand => "let-stand".into(),
            Action::Use(c) => format!("use-{c}"),
            Action::AddToken(c) => format!("token-add-{c}"),
            Action::RemoveToken(c) => format!("token-remove-{c}"),
            Action::MoveTo { card, zone } => format!("move-{card}-{}", zone.id()),
            Action::Destroy(c) => format!("destroy-{c}"),
            Action::DrawByText => "draw-by-text".into(),
            Action::DormantStrategy => "dormant-strategy".into(),
            Action::InvasionPlot => "invasion-plot".into(),
            Action::DeclareWinner(s) => format!("winner-{}", s.id()),
        }
    }

    /// Whether this is a table tool (kept behind one entry by the front ends).
    pub fn is_tool(&self) -> bool {
        matches!(
            self,
            Action::Use(_)
                | Action::AddToken(_)
                | Action::RemoveToken(_)
                | Action::MoveTo { .. }
                | Action::Destroy(_)
                | Action::DrawByText
                | Action::DormantStrategy
                | Action::InvasionPlot
                | Action::DeclareWinner(_)
        )
    }
}
