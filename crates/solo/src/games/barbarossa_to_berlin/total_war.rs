//! The Total War cards joining a side's deck (sheet paragraph "Total War Cards (7.8)"): the card
//! a side may put in slot A of its next hand, the unnamed Total War cards the player adds, and the
//! reshuffle that deals the display again.

use super::decision::special;
use super::*;
use crate::playsheet::ReshuffleKind;
use crate::slot::SlotName;
use crate::table::Pending;

/// Where unnamed Total War cards the player adds wait until the reshuffle.
pub(super) const UNNAMED_TOTAL_WAR: &str = "Total War card (unnamed), waiting to join the deck";

/// The unnamed Total War cards added to `side`'s deck, waiting for the reshuffle.
pub(super) fn unnamed_waiting(table: &CardTable, side: u8) -> Vec<CardId> {
    table.held_cards(UNNAMED_TOTAL_WAR, Some(side))
}

pub(super) fn push_total_war_begin(table: &CardTable, out: &mut Vec<TableAction>) {
    for s in [AXIS, ALLIED] {
        if table.marker(TOTAL_WAR_STAGE, s) == 0 {
            out.push(special(Decision::TotalWarBegin, s, None, 0));
        }
    }
}

/// The cards a side may put in slot A when the Total War cards join. The Axis: Totaler Krieg!, named
/// by a manifest, or one of the unnamed Total War cards added (the player knows which is which).
/// The Allies: any Blitzkrieg card of their deck. Everything but the cards set aside is shuffled
/// together at that moment, so the choice may come from anywhere: the named cards are offered one by
/// one, the unnamed ones that are out of sight as one choice (they are all alike to the table).
pub(super) fn total_war_choices(table: &CardTable, side: u8) -> Vec<CardId> {
    let d = table.deck_index(side);
    if side == AXIS {
        let mut cards: Vec<CardId> = table.known_face_up(AXIS).map(|(_, c)| c).collect();
        cards.extend(table.visible_top(AXIS));
        cards.extend(table.decks[d].discard.iter().filter(|x| x.face_up).map(|x| x.card));
        cards.extend(table.waiting(AXIS, TOTAL_WAR));
        cards.retain(|c| numbered(table, *c) == Some(TOTALER_KRIEG));
        if !named_anywhere(table, AXIS, TOTALER_KRIEG) {
            cards.extend(unnamed_waiting(table, AXIS).first().copied());
        }
        cards.sort_unstable();
        cards.dedup();
        return cards;
    }
    let mut everywhere: Vec<CardId> = table.display(side).cards().map(|(_, _, p)| p.card).collect();
    everywhere.extend(table.decks[d].top);
    everywhere.extend(table.decks[d].pool.iter().copied());
    everywhere.extend(table.decks[d].discard.iter().map(|x| x.card));
    let in_sight = |c: CardId| in_sight(table, side, c);
    let mut cards: Vec<CardId> = everywhere
        .iter()
        .copied()
        .filter(|c| table.part_of(*c).is_none() && (table.card_name(*c).is_some() || in_sight(*c)))
        .collect();
    // One stand-in for the unnamed cards out of sight: the lowest id among them all (hidden or not,
    // so the offer does not depend on where the unseen cards lie).
    if let Some(stand_in) = everywhere.iter().copied().filter(|c| table.card_name(*c).is_none() && !in_sight(*c)).min()
    {
        cards.push(stand_in);
    }
    cards.sort_unstable();
    cards.dedup();
    cards
}

/// Whether `card` is face-up on `side`'s display, on top of its deck, or in its discards.
pub(super) fn in_sight(table: &CardTable, side: u8, card: CardId) -> bool {
    let d = table.deck_index(side);
    table.known_face_up(side).any(|(_, x)| x == card)
        || table.visible_top(side) == Some(card)
        || table.decks[d].discard.iter().any(|x| x.card == card && x.face_up)
}

/// Whether a card with this printed number exists in `side`'s deck (named by the manifest).
fn named_anywhere(table: &CardTable, side: u8, number: u16) -> bool {
    table.names.iter().enumerate().any(|(i, n)| {
        n.as_ref().is_some_and(|n| n.number == Some(number))
            && u16::try_from(i).is_ok_and(|i| owner(table, CardId(i)) == Some(side))
    })
}

/// Adds the Total War cards to `side`'s deck: the chosen card (if any) is kept for slot A, the rest
/// of the display is discarded, everything is shuffled together, and the display is dealt again
/// with the chosen card face-up in slot A.
pub(super) fn total_war_reshuffle(table: &mut CardTable, side: u8) {
    let choice = u16::try_from(table.marker(TOTAL_WAR_CHOICE, side)).ok().filter(|c| *c > 0).map(CardId);
    let d = table.deck_index(side);
    if let Some(card) = choice {
        // Out of wherever it is: the display, the top of the deck, the discards or the waiting part.
        table.release(card);
        table.displays[side as usize].take(card);
        if table.decks[d].top == Some(card) {
            table.decks[d].top = None;
        }
        table.decks[d].discard.retain(|x| x.card != card);
        table.decks[d].pool.retain(|c| *c != card);
    }
    table.join_part(side, TOTAL_WAR);
    for card in unnamed_waiting(table, side) {
        table.release(card);
        table.decks[d].pool.push(card);
    }
    table.reshuffle(side, ReshuffleKind::Redeal);
    if let Some(card) = choice {
        let first_a = table
            .pending
            .iter()
            .position(|p| matches!(p, Pending::Fill { side: s, slot: SlotName::A, .. } if *s == side));
        if let Some(i) = first_a {
            table.pending.remove(i);
        }
        table.displays[side as usize].slot_mut(SlotName::A).insert(0, crate::card::Placed { card, face_up: true });
    }
    table.set_marker(TOTAL_WAR_STAGE, side, 2);
    table.set_marker(TOTAL_WAR_CHOICE, side, 0);
}
