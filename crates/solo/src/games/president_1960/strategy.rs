//! The Campaign Strategy Phase's picks: which face-up and face-down display cards may go on a
//! side's Campaign Strategy stack (never Gathering Momentum), when a side has placed enough, and
//! the move itself.

use super::{STACK, STRATEGY_PICKS, STRATEGY_SKIP, is_gathering_momentum, slot_bit};
use crate::card::CardId;
use crate::playsheet::Facing;
use crate::slot::SlotName;
use crate::table::{CardTable, Held, Pending};

/// The face-up cards of a display a Campaign Strategy pick may take (never Gathering Momentum).
pub(super) fn strategy_face_up(table: &CardTable, side: u8) -> Vec<CardId> {
    table.known_face_up(side).map(|(_, c)| c).filter(|c| !is_gathering_momentum(table, *c)).collect()
}

/// Slots whose top card is face-down and not known to be Gathering Momentum.
pub(super) fn strategy_face_down_slots(table: &CardTable, side: u8) -> Vec<SlotName> {
    let skip = table.marker(STRATEGY_SKIP, side);
    SlotName::ALL
        .into_iter()
        .filter(|s| table.display(side).slot(*s).last().is_some_and(|p| !p.face_up) && skip & slot_bit(*s) == 0)
        .collect()
}

/// Whether `side` may leave the Campaign Strategy Phase: a card is on its stack, or none could be.
pub(super) fn strategy_done(table: &CardTable, side: u8) -> bool {
    table.marker(STRATEGY_PICKS, side) >= 1
        || (strategy_face_up(table, side).is_empty() && strategy_face_down_slots(table, side).is_empty())
}

/// Moves a display card to the side's Campaign Strategy stack and refills its slot face-down.
pub(super) fn to_stack(table: &mut CardTable, side: u8, card: CardId) {
    if let Some((slot, _)) = table.displays[side as usize].take(card) {
        table.held.push(Held { card, side, place: STACK });
        table.pending.push_back(Pending::Fill { side, slot, facing: Facing::FaceDown, only_if_short: true });
        let picks = table.marker(STRATEGY_PICKS, side);
        table.set_marker(STRATEGY_PICKS, side, picks + 1);
    }
}
