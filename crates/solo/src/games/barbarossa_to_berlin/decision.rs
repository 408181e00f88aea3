//! The decisions Barbarossa to Berlin adds to the common table, as a typed enum, and the one
//! constructor that turns a decision into the action the table carries.

use super::*;

/// The decisions this sheet adds to the common table, each named after the playsheet paragraph
/// (or board-game step) it carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Decision {
    /// Sheet paragraph "Initial Strategy Cards (4.3)": the Axis keeps Barbarossa or Von Paulus
    /// Pause beside its display for its first turn; the other card goes back into its deck.
    InitialStrategyCard = 1,
    /// Sheet paragraph "Soviet Reinforcements Mulligan": in game turns 1 and 2 the Allies play the
    /// set-aside Soviet Reinforcements in place of an allowed card of 3 Ops or more, which is
    /// discarded.
    SovietReinforcementsMulligan = 2,
    /// Sheet paragraph "Automatic and Partisan Operations (7.2)": a 1-Ops operation with no card,
    /// Cards Remaining unchanged.
    AutomaticOperation = 3,
    /// Sheet paragraph "Automatic and Partisan Operations (7.2)": the Allies place a Partisan with
    /// no card, Cards Remaining unchanged.
    PartisanOperation = 4,
    /// Sheet paragraph "Combat Cards (7.64)": a face-up Combat Card of either display is played in
    /// a combat, lowering its side's Cards Remaining.
    CombatCard = 5,
    /// Board-game step: the game turn ends and the Draw Strategy Cards phase begins.
    BeginDrawPhase = 6,
    /// Sheet paragraph "Discarding and Shuffling (7.9)": in the Draw Strategy Cards phase a side
    /// discards one face-up card against one of its cards remaining.
    DrawPhaseDiscard = 7,
    /// Sheet paragraph "Discarding and Shuffling (7.9)": the phase ends, both sides' Cards
    /// Remaining go back to their Max Hand Size and the game turn moves on.
    EndDrawPhase = 8,
    /// Sheet paragraph "Random Discard": after Allied #48 Bomb Plot is played for its event, a
    /// random face-up Axis card is discarded.
    BombPlot = 9,
    /// Sheet paragraph "Total War Cards (7.8)": a side's Total War cards start to join its deck.
    TotalWarBegin = 10,
    /// Sheet paragraph "Total War Cards (7.8)": the card (Totaler Krieg! for the Axis, a Blitzkrieg
    /// card for the Allies) put face-up in slot A of the next hand.
    TotalWarSlotA = 11,
    /// Sheet paragraph "Total War Cards (7.8)": Total War cards the manifest does not list are
    /// added by hand (`n` of them, at least one) before the reshuffle.
    TotalWarAddCard = 12,
    /// Sheet paragraph "Total War Cards (7.8)": the display is discarded (slot A kept when chosen),
    /// deck, discards and Total War cards are shuffled together and the display is dealt again.
    TotalWarReshuffle = 13,
    /// Sheet paragraph "Hand Size Manipulation Cards": the Axis Max Hand Size moved by the event
    /// just played (Bomber Command, US 8th Air Force, Final Production Surge); `n` 0 lowers it,
    /// 1 raises it.
    HandSizeEvent = 14,
    /// Sheet paragraphs "Variable Max Hand Size" and "Resources (18)": a side's Max Hand Size moved
    /// by a game effect (resources, the other side's events), a tool for either side at any time;
    /// `n` as above.
    HandSize = 15,
}

impl Decision {
    /// The decision a special action carries (`None` for another game's decision).
    pub(crate) fn of(special: Special) -> Option<Self> {
        match special.decision {
            crate::games::Decision::BarbarossaToBerlin(d) => Some(d),
            _ => None,
        }
    }
}

/// The action for one of this sheet's decisions, as the common table carries it.
pub(super) fn special(d: Decision, side: u8, card: Option<CardId>, n: u8) -> TableAction {
    TableAction::Special(Special { decision: crate::games::Decision::BarbarossaToBerlin(d), side, card, n })
}
