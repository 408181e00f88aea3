//! WW2: Barbarossa to Berlin's special rules on the card table: the Axis opening card and the
//! Soviet Reinforcements set aside at setup, the Axis playing its opening card on its first turn,
//! the Reinforcements exchange in game turns 1 and 2, operations that use no card, Combat Cards from
//! either display, the Draw Strategy Cards phase (discards against Cards Remaining, then the reset),
//! the Total War cards joining a side's deck (with Totaler Krieg! or a Blitzkrieg card of the
//! player's choice face-up in slot A, the display discarded and the deck redealt), and reminders
//! for the cards whose events the solitaire rules change.
//!
//! Cards are recognised by the numbers a deck manifest gives them (`--manifest builtin` names the
//! ones this module needs); without a manifest the set-aside cards are not known, and the reminders
//! say so.

mod apply;
mod decision;
mod legal;
mod total_war;
mod words;

use super::{Special, SpecialRules};
use crate::card::CardId;
use crate::playsheet::Facing;
use crate::table::CardTable;
use crate::table_action::TableAction;
pub(crate) use decision::Decision;

pub(super) struct Rules;

const AXIS: u8 = 0;
const ALLIED: u8 = 1;

/// The purpose index of "Event" on this sheet.
const EVENT: u8 = 1;

/// The part of each deck that joins later, as manifests name it (`joins = "Total War"`).
const TOTAL_WAR: &str = "Total War";
/// Marker (per side): 0 before the Total War cards join, 1 while they are being added, 2 after.
const TOTAL_WAR_STAGE: &str = "total war cards";
/// Marker (per side): the card chosen for slot A of the next hand (0: none).
const TOTAL_WAR_CHOICE: &str = "total war: card for slot A";
/// Marker (per side): unnamed Total War cards the player has added.
const TOTAL_WAR_ADDED: &str = "total war: unnamed cards added";
/// Axis #26.
const TOTALER_KRIEG: u16 = 26;

const OPENING_PLACE: &str = "Axis opening card, to choose";
const REINFORCEMENTS_PLACE: &str = "Soviet Reinforcements, set aside";
/// Marker: the game turn (1 from the start; the Draw Strategy Cards phase moves it on).
const GAME_TURN: &str = "game turn";
/// Marker: 1 while the Draw Strategy Cards phase is under way.
const DRAW_PHASE: &str = "draw strategy cards phase";
/// Marker (Axis): the card id of the chosen opening event.
const OPENING: &str = "opening event";
/// Marker (Allied): 1 after Bomb Plot was played for its event this turn, until its random discard
/// is done or the turn ends.
const BOMB_PLOT_DUE: &str = "bomb plot";
/// Marker (Allied): the card whose event just changed the Axis hand size (0: none); cleared at the
/// end of the turn.
const HAND_SIZE_CARD: &str = "hand size event";

/// The card with this printed number in `side`'s undrawn deck.
fn in_pool(table: &CardTable, side: u8, number: u16) -> Option<CardId> {
    table.deck_of(side).pool.iter().copied().find(|&c| table.card_name(c).and_then(|n| n.number) == Some(number))
}

fn numbered(table: &CardTable, card: CardId) -> Option<u16> {
    table.card_name(card).and_then(|n| n.number)
}

fn game_turn(table: &CardTable) -> i32 {
    table.marker(GAME_TURN, AXIS).max(1)
}

fn held(table: &CardTable, place: &str) -> Vec<CardId> {
    table.held_cards(place, None)
}

impl SpecialRules for Rules {
    fn setup(&self, table: &mut CardTable) {
        table.set_marker(GAME_TURN, AXIS, 1);
        table.set_marker(GAME_TURN, ALLIED, 1);
        // Before the displays are dealt: the Axis opening events and the Soviet Reinforcements
        // leave the decks.
        for (side, number, place) in
            [(AXIS, 1, OPENING_PLACE), (AXIS, 2, OPENING_PLACE), (ALLIED, 24, REINFORCEMENTS_PLACE)]
        {
            if let Some(card) = in_pool(table, side, number) {
                let d = table.deck_index(side);
                table.decks[d].pool.retain(|c| *c != card);
                table.held.push(crate::table::Held { card, side, place });
            }
        }
        // The Axis display is dealt once the opening event is chosen, the other one shuffled back
        // into the deck first.
        if !held(table, OPENING_PLACE).is_empty() {
            table.pending.retain(|p| p.side() != AXIS);
        }
    }

    fn waiting_for(&self, table: &CardTable) -> Option<String> {
        if !held(table, OPENING_PLACE).is_empty() {
            Some("the Axis to choose its opening event".into())
        } else if [AXIS, ALLIED].iter().any(|s| table.marker(TOTAL_WAR_STAGE, *s) == 1) {
            Some("the Total War cards to join the deck".into())
        } else if table.marker(DRAW_PHASE, AXIS) == 1 {
            Some("the Draw Strategy Cards phase (both sides)".into())
        } else {
            None
        }
    }

    fn shown_markers(&self) -> &'static [(&'static str, super::MarkerShown)] {
        // The game turn is in the turn's words at the top.
        &[(TOTAL_WAR_ADDED, super::MarkerShown::PerSideIfSet)]
    }

    fn turn_words(&self, table: &CardTable) -> Option<String> {
        let side = &table.sheet().sides[usize::from(table.active() & 1)];
        Some(format!("Game turn {}, {side} to act", game_turn(table)))
    }

    fn adjust_legal(&self, table: &CardTable, out: &mut Vec<TableAction>) {
        legal::adjust_legal(table, out)
    }

    fn apply(&self, table: &mut CardTable, special: Special) {
        apply::apply(table, special)
    }

    fn after_play(&self, table: &mut CardTable, card: CardId, purpose: u8) {
        if purpose != EVENT {
            return;
        }
        // Bomb Plot (Allied #48) played for its event: a random face-up Axis card is discarded,
        // in this turn.
        if table.active() == ALLIED && owner(table, card) == Some(ALLIED) && numbered(table, card) == Some(48) {
            table.set_marker(BOMB_PLOT_DUE, ALLIED, 1);
        }
        if is_hand_size_card(table, card) {
            table.set_marker(HAND_SIZE_CARD, ALLIED, i32::from(card.0));
        }
    }

    fn end_of_turn(&self, table: &mut CardTable) {
        // Both belong to the event just played: they are not carried into the next turn.
        table.set_marker(BOMB_PLOT_DUE, ALLIED, 0);
        table.set_marker(HAND_SIZE_CARD, ALLIED, 0);
    }

    fn is_tool(&self, _table: &CardTable, special: Special) -> bool {
        // The Total War cards join once a game; hand sizes move with the resources now and then.
        matches!(Decision::of(special), Some(Decision::TotalWarBegin | Decision::HandSize))
    }

    fn after_selection(&self, table: &mut CardTable, special: Special, target: u8, card: CardId) {
        if Decision::of(special) == Some(Decision::BombPlot) {
            // Replaced from slot C keeping its facing (a card taken from C leaves the next face-down);
            // the Axis Cards Remaining marker moves one space down.
            table.discard_card(target, card, Some(Facing::MaintainFacing));
            table.cards_remaining[target as usize] = table.cards_remaining[target as usize].saturating_sub(1);
        }
    }

    fn id(&self, special: Special) -> String {
        words::id(special)
    }

    fn label(&self, table: &CardTable, special: Special) -> String {
        words::label(table, special)
    }

    fn reminders(&self, table: &CardTable) -> Vec<String> {
        words::reminders(table)
    }
}

/// A side's face-up cards: its display's and slot C's face-up top card.
fn selectable_of(table: &CardTable, side: u8) -> Vec<CardId> {
    let mut cards: Vec<CardId> = table.known_face_up(side).map(|(_, c)| c).collect();
    cards.extend(table.visible_top(side).filter(|c| table.is_known(*c)));
    cards
}

/// The face-up Axis cards Bomb Plot can pick from.
fn selectable(table: &CardTable) -> Vec<CardId> {
    selectable_of(table, AXIS)
}

/// The Axis's first turn, with its chosen opening event still beside the display.
fn opening_waits(table: &CardTable) -> bool {
    let opening = table.marker(OPENING, AXIS);
    table.turn == 1 && opening > 0 && table.display(AXIS).beside.iter().any(|c| i32::from(c.0) == opening)
}

/// Allied #25 Enigma and Axis #50 look at the other hand: no event in solitaire play.
fn is_hand_revealing(table: &CardTable, card: CardId) -> bool {
    let Some(n) = numbered(table, card) else { return false };
    let side = owner(table, card);
    (side == Some(ALLIED) && n == 25) || (side == Some(AXIS) && n == 50)
}

/// Allied #12 and #28, Axis #52: they change the Axis hand size.
fn is_hand_size_card(table: &CardTable, card: CardId) -> bool {
    let Some(n) = numbered(table, card) else { return false };
    let side = owner(table, card);
    (side == Some(ALLIED) && (n == 12 || n == 28)) || (side == Some(AXIS) && n == 52)
}

/// Which side's deck a card belongs to (card ids run deck by deck).
fn owner(table: &CardTable, card: CardId) -> Option<u8> {
    let first_allied = table.first_card_of(ALLIED)?;
    Some(if card.0 < first_allied.0 { AXIS } else { ALLIED })
}
