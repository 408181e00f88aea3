//! Pursuit of Glory's special rules: the cards set aside for each side's first turn, eight-card
//! hands, the Draw Strategy Card phase, an exhausted deck with no discards, Combat Event cards,
//! the two cards that change hands (Jafar Pasha and No Prisoners), the changed events (Djemal,
//! Lawrence, Greece against King Constantine, Enver, the "remove a unit or lose a VP" cards) and the
//! War Status reshuffle.
//!
//! Cards are recognised by their printed number and their deck when a manifest names them. When a
//! card the rule needs is not named, the table offers the rule for the card just played and lets
//! the player say whether it is that card.

mod apply;
mod cards;
mod decision;
mod legal;
mod words;

use super::{Special, SpecialRules};
use crate::card::{CardId, Placed};
use crate::playsheet::Facing;
use crate::slot::SlotName;
use crate::table::{CardTable, Held, Pending, Phase};
use crate::table_action::TableAction;
use cards::{DJEMAL, LAWRENCE, NO_PRISONERS, RUSSO_BRITISH_ASSAULT, find_named, is};
pub(crate) use decision::Decision;

pub(super) struct Rules;

const ALLIES: u8 = 0;
const CENTRAL: u8 = 1;
/// The purpose index of "Event" on this sheet.
const EVENT: u8 = 1;

// The markers this game keeps.
/// The card each side set aside for its first turn (0: none).
const FIRST_TURN_CARD: &str = "first-turn card";
/// 1 while the Draw Strategy Card phase is under way (side 0's value).
const DRAW_PHASE: &str = "draw phase";
/// How many face-up Combat cards each side may still discard in the Draw Strategy Card phase.
const DRAW_DISCARDS_LEFT: &str = "draw phase discards left";
/// The card each side last played this turn (0: none), and the one it played as an event.
const PLAYED: &str = "played this turn";
const EVENT_PLAYED: &str = "event this turn";
/// 1 when the Allies take another turn after Greece was cancelled.
const EXTRA_TURN: &str = "extra turn";
/// Per side, the action rounds it has played since the last Draw Strategy Card phase.
const ROUNDS: &str = "action rounds played";
/// The game turn, counted by the Draw Strategy Card phases ended (side 0's value; 0 is turn 1).
const GAME_TURN: &str = "game turn";
/// The action rounds of a turn (the sheet: seven cards, six rounds).
const ROUNDS_PER_TURN: i32 = 6;
/// 1 while a combat the player marked is under way (side 0's value).
const COMBAT: &str = "combat under way";
/// 1 once the Allies declined to set Russo-British Assault aside (side 0's value).
const ASSAULT_DECLINED: &str = "russo-british assault declined";

/// The tag of a card the player said is a Combat card.
const COMBAT_TAG: &str = "combat card";

/// Where a card passed to the other side waits (the held card's side is the side holding it).
const PASSED: &str = "passed over: usable in any combat";

fn id_of(value: i32) -> Option<CardId> {
    u16::try_from(value).ok().filter(|v| *v > 0).map(CardId)
}

/// A side's cards out of sight: its undrawn deck and its face-down display cards.
fn unseen(table: &CardTable, side: u8) -> Vec<CardId> {
    let mut cards: Vec<CardId> = table.deck_of(side).pool.clone();
    cards.extend(table.display(side).cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card));
    cards
}

/// Takes an unseen card out: from the deck, or from the display (its slot then refills face-down).
fn take_unseen(table: &mut CardTable, side: u8, card: CardId) -> bool {
    let d = table.deck_index(side);
    if table.decks[d].draw(card) {
        return true;
    }
    match table.displays[side as usize].take(card) {
        Some((slot, _)) => {
            table.pending.push_back(crate::table::Pending::Fill {
                side,
                slot,
                facing: crate::playsheet::Facing::FaceDown,
                only_if_short: true,
            });
            true
        }
        None => false,
    }
}

fn marker_card(table: &CardTable, name: &str, side: u8) -> Option<CardId> {
    id_of(table.marker(name, side))
}

fn set_marker_card(table: &mut CardTable, name: &'static str, side: u8, card: Option<CardId>) {
    table.set_marker(name, side, card.map_or(0, |c| i32::from(c.0)));
}

/// The later part of the deck a War Status reshuffle adds (its `n` numbers the deck's later parts
/// from 1, in the manifest's order).
fn joining_part(table: &CardTable, special: Special) -> Option<String> {
    let index = usize::from(special.n).checked_sub(1)?;
    table.later_parts(special.side).get(index).cloned()
}

fn side_name(table: &CardTable, side: u8) -> &str {
    &table.sheet().sides[(side & 1) as usize]
}

/// Face-up cards of a display, and its deck's face-up top card.
fn face_up_cards(table: &CardTable, side: u8) -> Vec<CardId> {
    let mut cards: Vec<CardId> = table.known_face_up(side).map(|(_, c)| c).collect();
    cards.extend(table.deck_of(side).top.filter(|c| table.is_known(*c)));
    cards
}

fn first_turn(table: &CardTable, side: u8) -> bool {
    table.turn == u32::from(side) + 1
}

fn is_start(table: &CardTable) -> bool {
    matches!(table.phase, Phase::Start)
}

/// Whether both sides have played the six action rounds of the turn.
fn draw_phase_due(table: &CardTable) -> bool {
    !in_draw_phase(table) && [ALLIES, CENTRAL].iter().all(|&s| table.marker(ROUNDS, s) >= ROUNDS_PER_TURN)
}

fn played_count(table: &CardTable) -> Option<u8> {
    match table.phase {
        Phase::Choose { played, .. } => Some(played),
        _ => None,
    }
}

fn in_draw_phase(table: &CardTable) -> bool {
    table.marker(DRAW_PHASE, 0) == 1
}

/// Whether a card is a Combat card: the manifest says so, or the player did; `None` when neither
/// knows.
fn combat_card(table: &CardTable, card: CardId) -> Option<bool> {
    if table.tags.iter().any(|(c, t)| *c == card && *t == COMBAT_TAG) {
        return Some(true);
    }
    table.flags(card).combat
}

/// Takes a card out of a discard pile (the card just played).
fn take_from_discards(table: &mut CardTable, side: u8, card: CardId) -> bool {
    let d = table.deck_index(side);
    match table.decks[d].discard.iter().rposition(|x| x.card == card) {
        Some(i) => {
            table.decks[d].discard.remove(i);
            true
        }
        None => false,
    }
}

/// Moves a card just played by `from` beside the other side's display.
fn pass_over(table: &mut CardTable, from: u8, card: CardId) {
    if take_from_discards(table, from, card) {
        table.held.push(Held { card, side: 1 - from, place: PASSED });
    }
}

/// Lowers Cards Remaining to 4 for a side whose deck and discards are both empty.
fn check_exhausted(table: &mut CardTable) {
    for side in 0..2u8 {
        let d = table.deck_index(side);
        if table.decks[d].is_empty() && table.decks[d].discard.is_empty() {
            let cr = &mut table.cards_remaining[side as usize];
            *cr = (*cr).min(4);
        }
    }
}

fn deck_and_discards_empty(table: &CardTable, side: u8) -> bool {
    let d = table.deck_index(side);
    table.decks[d].is_empty() && table.decks[d].discard.is_empty()
}

/// Turns every face-down card of `side`'s display face-up, and its deck's top card.
fn flip_everything(table: &mut CardTable, side: u8) {
    for stack in &mut table.displays[side as usize].slots {
        for p in stack.iter_mut() {
            p.face_up = true;
        }
    }
    if table.face_down_top(side) {
        table.pending.push_back(Pending::RevealTop { side });
    }
}

/// After a side's first play from its display: the card it set aside takes the played card's place,
/// face-up, instead of a card from the deck.
fn replace_with_first_turn_card(table: &mut CardTable, side: u8) {
    // Only in the side's first turn: a card set beside the display later is just set aside.
    if !first_turn(table, side) {
        return;
    }
    let Some(card) = marker_card(table, FIRST_TURN_CARD, side) else { return };
    let display = &table.displays[side as usize];
    if !display.beside.contains(&card) {
        return;
    }
    let slot = [SlotName::A, SlotName::B, SlotName::D, SlotName::E]
        .into_iter()
        .find(|s| display.slot(*s).len() < display.target[s.index()] as usize);
    let d = table.deck_index(side);
    match slot {
        Some(slot) => {
            if let Some(i) = table
                .pending
                .iter()
                .position(|p| matches!(p, Pending::Fill { side: s, slot: x, .. } if *s == side && *x == slot))
            {
                table.pending.remove(i);
            }
            table.displays[side as usize].slot_mut(slot).push(Placed { card, face_up: true });
        }
        // The played card was the deck's top card (slot C): the set-aside card lies face-up there.
        None if table.decks[d].top.is_none() => table.decks[d].top = Some(card),
        None => return,
    }
    table.displays[side as usize].beside.retain(|c| *c != card);
}

impl SpecialRules for Rules {
    fn setup(&self, table: &mut CardTable) {
        // A named Russo-British Assault is set aside before the deal.
        if let Some(card) = find_named(table, RUSSO_BRITISH_ASSAULT) {
            let d = table.deck_index(ALLIES);
            if table.decks[d].draw(card) {
                table.displays[ALLIES as usize].beside.push(card);
                set_marker_card(table, FIRST_TURN_CARD, ALLIES, Some(card));
            }
        }
    }

    fn waiting_for(&self, table: &CardTable) -> Option<String> {
        in_draw_phase(table).then(|| "the Draw Strategy Card phase (both sides)".into())
    }

    fn adjust_legal(&self, table: &CardTable, out: &mut Vec<TableAction>) {
        legal::adjust_legal(table, out)
    }

    fn apply(&self, table: &mut CardTable, special: Special) {
        apply::apply(table, special)
    }

    fn id(&self, special: Special) -> String {
        words::id(special)
    }

    fn label(&self, table: &CardTable, special: Special) -> String {
        words::label(table, special)
    }

    fn after_roll(&self, table: &mut CardTable, _face: u8) {
        check_exhausted(table);
    }

    fn is_tool(&self, table: &CardTable, special: Special) -> bool {
        match Decision::of(special) {
            // The War Status reshuffles come with the war status cards, a few times a game.
            Some(Decision::WarStatusReshuffle) => true,
            // The Draw Strategy Card phase is the next step once both sides have played their six
            // action rounds; before that it is a tool, for a turn cut short on the board.
            Some(Decision::BeginDrawPhase) => !draw_phase_due(table),
            _ => false,
        }
    }

    fn turn_words(&self, table: &CardTable) -> Option<String> {
        let turn = table.marker(GAME_TURN, ALLIES) + 1;
        if in_draw_phase(table) {
            return Some(format!("Turn {turn}, Draw Strategy Card phase"));
        }
        let side = table.active();
        let round = (table.marker(ROUNDS, side) + 1).min(ROUNDS_PER_TURN);
        Some(format!("Turn {turn}, action round {round} of {}", side_name(table, side)))
    }

    fn after_play(&self, table: &mut CardTable, card: CardId, purpose: u8) {
        let side = table.active();
        replace_with_first_turn_card(table, side);
        set_marker_card(table, PLAYED, side, Some(card));
        if purpose == EVENT {
            set_marker_card(table, EVENT_PLAYED, side, Some(card));
            if is(table, card, DJEMAL) || is(table, card, LAWRENCE) {
                flip_everything(table, 1 - side);
            }
        }
        if is(table, card, NO_PRISONERS) {
            pass_over(table, side, card);
        }
        check_exhausted(table);
    }

    fn end_of_turn(&self, table: &mut CardTable) {
        for side in 0..2u8 {
            set_marker_card(table, PLAYED, side, None);
            set_marker_card(table, EVENT_PLAYED, side, None);
        }
        table.set_marker(COMBAT, ALLIES, 0);
        let side = table.active();
        if !in_draw_phase(table) {
            table.set_marker(ROUNDS, side, table.marker(ROUNDS, side) + 1);
        }
        if table.marker(EXTRA_TURN, ALLIES) == 1 {
            table.set_marker(EXTRA_TURN, ALLIES, 0);
            // The table hands the turn over after this hook: hand it over twice.
            table.active = 1 - table.active;
        }
        check_exhausted(table);
    }

    fn reminders(&self, table: &CardTable) -> Vec<String> {
        words::reminders(table)
    }
}
