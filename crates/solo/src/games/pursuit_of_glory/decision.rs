//! The decisions Pursuit of Glory adds to the common table, as a typed enum, and the one
//! constructor that turns a decision into the action the table carries.

use super::*;

/// The decisions this sheet adds to the common table, each named after the playsheet paragraph
/// (or board-game step) it carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Decision {
    /// Sheet paragraph "Allied Card #1: Russo-British Assault (4.1.3.a)": the Allies take the
    /// Assault, which the manifest does not name, out of their deck and keep it for their first
    /// turn.
    SetAsideRussoBritishAssault = 1,
    /// Sheet paragraph "Central Powers 4 Ops Card (4.1.3.b)": the Central Powers keep a 4-Ops card
    /// of their choice (a named one, or an unnamed one the player takes) for their first turn.
    SetAsideFourOpsCard = 2,
    /// Sheet paragraph "Optional Rule 19.5, Eight Card Hands": both Max Hand Sizes and Cards
    /// Remaining become 8.
    EightCardHands = 3,
    /// Sheet paragraph "Draw Strategy Card Phase (Modifies Rule 6.0H)": the phase begins, each side
    /// allowed one discard per card it has remaining.
    BeginDrawPhase = 4,
    /// Sheet paragraph "Draw Strategy Card Phase": a side discards one face-up Combat card.
    DrawPhaseDiscard = 5,
    /// Sheet paragraph "Draw Strategy Card Phase": Cards Remaining go back to the Max Hand Size and
    /// the empty slots A, B, D and E are filled face-down.
    EndDrawPhase = 6,
    /// Sheet paragraph "Draw Deck Empty": with nothing to play and the deck empty, a 1-Ops
    /// operation takes the turn.
    AutomaticOperation = 7,
    /// Sheet paragraph "Combat Event Cards": a face-up card of either display is played in a
    /// combat.
    CombatEventCard = 8,
    /// Sheet paragraph "Central Powers Card #20: Jafar Pasha & Allied Powers Card #21: No
    /// Prisoners": a card passed over is used in a combat and changes hands again.
    UsePassedCard = 9,
    /// The same paragraph: the card just played (when the manifest does not name it, the player
    /// says it is Jafar Pasha or No Prisoners) goes beside the other side's display.
    PassCard = 10,
    /// Sheet paragraph "Allied Powers Card #45: Greece & Central Powers Card #16: King
    /// Constantine": a face-up King Constantine cancels Greece and the Allies play again.
    CancelGreece = 11,
    /// Sheet paragraph "War Status Reshuffle (16.1.3/4)": the display is discarded and the deck
    /// reshuffled, with the next later part of the deck (`n`, from 1; 0 for none) joining it.
    WarStatusReshuffle = 12,
    /// Sheet paragraph on Central Powers #15 (Djemal) and Allied Powers #18 (Lawrence): the player
    /// says the unnamed event just played was one of them, and the inactive display turns face-up.
    FlipInactiveDisplay = 13,
    /// Sheet paragraph "Draw Strategy Card Phase": the player says a face-up card the manifest
    /// does not describe is a Combat card, so it may be discarded.
    IsCombatCard = 14,
    /// Sheet paragraph "Allied Card #1: Russo-British Assault (4.1.3.a)": the Allies leave the
    /// Assault in their deck instead of keeping it for their first turn.
    DeclineRussoBritishAssault = 15,
    /// Sheet paragraph "Combat Event Cards": the player marks a combat of the board game as begun
    /// (after a card was played this turn), so Combat Event cards may be played in it.
    CombatBegins = 16,
    /// The marked combat is over: no Combat Event card is offered until the next one.
    CombatEnds = 17,
}

impl Decision {
    /// The decision a special action carries (`None` for another game's decision).
    pub(crate) fn of(special: Special) -> Option<Self> {
        match special.decision {
            crate::games::Decision::PursuitOfGlory(d) => Some(d),
            _ => None,
        }
    }
}

/// The action for one of this sheet's decisions, as the common table carries it.
pub(super) fn special(d: Decision, side: u8, card: Option<CardId>, n: u8) -> TableAction {
    TableAction::Special(Special { decision: crate::games::Decision::PursuitOfGlory(d), side, card, n })
}
