//! The events this sheet changes on the card table: discard and redraw (#53, #57, #94), retrieve
//! from the discard pile (#27, #29, #58, #66), Political Capital (#91) and Kennedy's Peace Corps
//! (#81). A named card starts its effect as it is played; an unnamed one waits for the player to
//! say which effect, if any, it has.

use super::{EFFECT, EFFECT_CARD, EFFECT_STATE, KENNEDY, NIXON, PEACE_CORPS, could_be, number};
use crate::card::CardId;
use crate::slot::SlotName;
use crate::table::{CardTable, Pending};

/// What a card played for its event does to the table on this sheet (the value of the `EFFECT`
/// marker).
pub(super) const REDRAW: i32 = 1;
pub(super) const RETRIEVE_EFFECT: i32 = 2;
pub(super) const CAPITAL: i32 = 3;
const PEACE: i32 = 4;

const REDRAW_CARDS: [u16; 3] = [53, 57, 94];
const RETRIEVE_CARDS: [u16; 4] = [27, 29, 58, 66];
const PEACE_CORPS_CARD: u16 = 81;
const POLITICAL_CAPITAL: u16 = 91;

/// Starts what an event does on this sheet, for the card `side` just played (or triggered with
/// momentum), `vacated` being the slot it left when it was played from the display.
pub(super) fn start_effect(table: &mut CardTable, side: u8, card: CardId, vacated: Option<SlotName>, code: i32) {
    match code {
        REDRAW => {
            table.set_marker(EFFECT, side, REDRAW);
            table.set_marker(EFFECT_CARD, side, i32::from(card.0));
        }
        RETRIEVE_EFFECT => {
            let Some(slot) = vacated else { return };
            // The played card's slot waits for the card taken from the discards.
            if let Some(i) = table
                .pending
                .iter()
                .rposition(|p| matches!(p, Pending::Fill { side: s, slot: x, .. } if *s == side && *x == slot))
            {
                table.pending.remove(i);
            } else if table.display(side).slot(slot).last().is_some_and(|p| !p.face_up) {
                // Already refilled face-down (the player named the event afterwards): that unseen card
                // goes back into the deck.
                if let Some(p) = table.displays[side as usize].slot_mut(slot).pop() {
                    table.decks[0].pool.push(p.card);
                }
            }
            table.set_marker(EFFECT, side, RETRIEVE_EFFECT);
            table.set_marker(EFFECT_CARD, side, i32::from(card.0));
            table.set_marker(EFFECT_STATE, side, i32::try_from(slot.index()).unwrap_or(0) + 1);
        }
        CAPITAL => {
            for stack in &mut table.displays[NIXON as usize].slots {
                for p in stack.iter_mut() {
                    p.face_up = true;
                }
            }
            table.set_marker(EFFECT, NIXON, CAPITAL);
            table.set_marker(EFFECT_CARD, NIXON, i32::from(card.0));
        }
        PEACE => table.set_marker(PEACE_CORPS, KENNEDY, 1),
        _ => {}
    }
}

/// The effect a named card's event has on the table.
pub(super) fn named_effect(table: &CardTable, card: CardId) -> Option<i32> {
    let n = number(table, card)?;
    if REDRAW_CARDS.contains(&n) {
        Some(REDRAW)
    } else if RETRIEVE_CARDS.contains(&n) {
        Some(RETRIEVE_EFFECT)
    } else if n == POLITICAL_CAPITAL {
        Some(CAPITAL)
    } else if n == PEACE_CORPS_CARD {
        Some(PEACE)
    } else {
        None
    }
}

/// For an unnamed card, the effects the player may say it has (those whose cards no manifest names).
pub(super) fn possible_effects(table: &CardTable, card: CardId) -> Vec<i32> {
    if table.card_name(card).is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    if could_be(table, card, &REDRAW_CARDS) {
        out.push(REDRAW);
    }
    if could_be(table, card, &RETRIEVE_CARDS) {
        out.push(RETRIEVE_EFFECT);
    }
    if could_be(table, card, &[POLITICAL_CAPITAL]) {
        out.push(CAPITAL);
    }
    if could_be(table, card, &[PEACE_CORPS_CARD]) {
        out.push(PEACE);
    }
    out
}

pub(super) fn effect_name(code: i32) -> &'static str {
    match code {
        REDRAW => "discard and redraw (Campaign Headquarters, \"A New Frontier\", A Low Blow)",
        RETRIEVE_EFFECT => {
            "retrieve from the discard pile (Nelson Rockefeller, The Great Seal Bug, Tricky Dick, Adlai Stevenson)"
        }
        CAPITAL => "Political Capital",
        _ => "Kennedy's Peace Corps",
    }
}
