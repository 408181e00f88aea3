//! Every decision and chance outcome of Invaders, with the ids that name them in saves and the
//! protocol.

use crate::side::{Side, Zone};
use crate::state::CardId;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    // Chance.
    /// The drawing side's next card comes off its draw pile into its hand.
    Draw(CardId),
    /// The paying side's top card is turned face-up onto its discard pile.
    Drain(CardId),

    // The Main phase.
    /// Play a card from the hand, into a zone when it has a power value.
    Play {
        card: CardId,
        zone: Option<Zone>,
    },
    /// Discard this hand card toward the Discard cost of the card being paid for.
    PayDiscard(CardId),
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
            Action::Play { card, zone: Some(z) } => format!("play-{card}-{}", z.id()),
            Action::Play { card, zone: None } => format!("play-{card}"),
            Action::PayDiscard(c) => format!("pay-{c}"),
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
