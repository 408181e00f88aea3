//! 1960's turn 6 (the Debates) and turn 9 (Election Day) on the card table.
//!
//! The Debates: each side's Campaign Strategy stack is shuffled into a row of face-up Debate Cards
//! over slots A-E (the row is held apart from the display, whose cards stay where they are
//! underneath). Each play rolls the Random Card Selection Chart for the larger row and plays that
//! slot's Debate Card from both rows (a side with no card there plays its right-most one); the
//! rows close up to the left. When an issue is won, the player removes the Debate Cards showing its
//! icon. Lazy Shave lets Kennedy once play a card of his choice instead of the rolled one. At the
//! end every Debate Card, played or not, is shuffled into the discards face-up. A stack of more
//! than five cards (the sheet lets a side add two in one phase) keeps the extra cards waiting to
//! the right of slot E, in their shuffled order; they slide in as cards leave.
//!
//! Election Day: Election Day events played during the game wait in the Election Day box; on turn
//! 9 they come out one at a time in random order.

use super::decision::{Decision, sp, special};
use super::{KENNEDY, NIXON, STACK, game_turn, number, side_name};
use crate::card::CardId;
use crate::games::Special;
use crate::random_selection::{self, ChartResult};
use crate::slot::SlotName;
use crate::table::{CardTable, Held, Phase};
use crate::table_action::TableAction;

/// The game turn of the Debates and of Election Day.
const DEBATE_TURN: i32 = 6;
const ELECTION_DAY: i32 = 9;
/// Lazy Shave's printed number.
const LAZY_SHAVE: u16 = 34;

/// Where the Debates stand (side 0's value): 0 not held yet, then the stages below.
const DEBATES: &str = "debates";
const DEALING: i32 = 1;
const DEBATING: i32 = 2;
const CLEARING: i32 = 3;
const OVER: i32 = 4;
/// A chart roll waiting for Kennedy's Lazy Shave decision: 1 + the rolled position (side 0's value).
const ROLLED: &str = "debate roll awaiting Lazy Shave";
/// Lazy Shave (side 0's value): 0 not played, 1 Kennedy may use it, 2 used.
const LAZY: &str = "Lazy Shave";
/// The Debate Card each side played last (0: none).
const LAST_DEBATE: &str = "last Debate Card played";
/// The card a side played for its event this turn, which may be an Election Day event.
pub(super) const LAST_EVENT: &str = "event card just played";
/// The Election Day event drawn last, to resolve now (side 0's value; 0: none).
const ELECTION_NOW: &str = "Election Day event to resolve";

const DEBATE_CARD: &str = "Debate Card";
const DEBATE_PLAYED: &str = "played in the Debates";
const ELECTION_BOX_PLACE: &str = "Election Day box";

/// The slots a row of Debate Cards covers; more cards wait to the right.
const ROW_SLOTS: usize = 5;

fn stage(table: &CardTable) -> i32 {
    table.marker(DEBATES, KENNEDY)
}

fn held_in(table: &CardTable, side: u8, place: &str) -> Vec<CardId> {
    table.held_cards(place, Some(side))
}

fn held_anywhere(table: &CardTable, place: &str) -> Vec<CardId> {
    table.held_cards(place, None)
}

/// A side's Debate Cards, left to right (the first five lie over slots A-E).
fn row(table: &CardTable, side: u8) -> Vec<CardId> {
    held_in(table, side, DEBATE_CARD)
}

fn in_slots(table: &CardTable, side: u8) -> usize {
    row(table, side).len().min(ROW_SLOTS)
}

/// The chart row for the next play: the larger number of Debate Cards in slots on either side.
fn chart_size(table: &CardTable) -> usize {
    in_slots(table, KENNEDY).max(in_slots(table, NIXON))
}

fn move_held(table: &mut CardTable, card: CardId, place: &'static str) {
    if let Some(h) = table.release(card) {
        table.held.push(Held { place, ..h });
    }
}

/// The Debate Card a side plays when the chart picks `position`: that slot's, or the right-most
/// one in slots when the side has none there.
fn rolled_card(table: &CardTable, side: u8, position: usize) -> Option<CardId> {
    let r = row(table, side);
    let visible = &r[..r.len().min(ROW_SLOTS)];
    visible.get(position).or(visible.last()).copied()
}

/// Plays the picked Debate Card of both sides (Kennedy's own choice under Lazy Shave).
fn play_debate(table: &mut CardTable, position: usize, kennedy_choice: Option<CardId>) {
    for side in [KENNEDY, NIXON] {
        let chosen = if side == KENNEDY { kennedy_choice } else { None };
        let card = chosen.or_else(|| rolled_card(table, side, position));
        table.set_marker(LAST_DEBATE, side, card.map_or(0, |c| i32::from(c.0)));
        if let Some(card) = card {
            move_held(table, card, DEBATE_PLAYED);
        }
    }
}

/// Shuffles the next stack into its Debate Card row, Kennedy's first; then the debate begins.
fn deal_next(table: &mut CardTable) {
    for side in [KENNEDY, NIXON] {
        let stack = held_in(table, side, STACK);
        if !stack.is_empty() {
            table.ask_game_pick(sp(Decision::DebateDeal, side, None, 0), stack);
            return;
        }
    }
    table.set_marker(DEBATES, KENNEDY, DEBATING);
}

/// Shuffles the next Debate Card into the discard pile; then the Debates are over.
fn clear_next(table: &mut CardTable) {
    let played = held_anywhere(table, DEBATE_PLAYED);
    if played.is_empty() {
        table.set_marker(DEBATES, KENNEDY, OVER);
        for side in [KENNEDY, NIXON] {
            table.set_marker(LAST_DEBATE, side, 0);
        }
    } else {
        table.ask_game_pick(sp(Decision::DebateDiscard, KENNEDY, None, 0), played);
    }
}

fn lazy_shave_ready(table: &CardTable) -> bool {
    table.marker(LAZY, KENNEDY) == 1 && in_slots(table, KENNEDY) > 1
}

/// The decisions of the Debates and Election Day at this moment; `true` when they replace all the
/// others (while the Debates are under way).
pub(super) fn adjust_legal(table: &CardTable, out: &mut Vec<TableAction>) -> bool {
    let turn = game_turn(table);
    let at_start = matches!(table.phase, Phase::Start);
    let debating = (DEALING..=CLEARING).contains(&stage(table));
    if debating {
        // Only the debate goes on (and momentum, which issues won may award).
        out.retain(|a| Decision::GainMomentum.is(a) || Decision::LoseMomentum.is(a));
        if stage(table) != DEBATING {
            return true;
        }
        let rolled = table.marker(ROLLED, KENNEDY);
        if rolled > 0 {
            out.clear();
            let position = usize::try_from(rolled - 1).unwrap_or(0);
            let picked = rolled_card(table, KENNEDY, position);
            out.push(special(Decision::DebateKeepRoll, KENNEDY, None, 0));
            for card in row(table, KENNEDY).into_iter().take(ROW_SLOTS).filter(|c| Some(*c) != picked) {
                out.push(special(Decision::LazyShavePick, KENNEDY, Some(card), 0));
            }
            return true;
        }
        if chart_size(table) > 0 {
            out.push(special(Decision::DebateRoll, KENNEDY, None, 0));
        }
        for side in [KENNEDY, NIXON] {
            out.extend(row(table, side).into_iter().map(|c| special(Decision::RemoveDebateCard, side, Some(c), 0)));
        }
        if table.marker(LAZY, KENNEDY) == 0 {
            out.push(special(Decision::LazyShaveInPlay, KENNEDY, None, 0));
        }
        out.push(special(Decision::DebateOver, KENNEDY, None, 0));
        return true;
    }
    if at_start && turn == DEBATE_TURN && stage(table) == 0 && !held_anywhere(table, STACK).is_empty() {
        out.push(special(Decision::DebatesBegin, KENNEDY, None, 0));
    }
    if at_start && turn == ELECTION_DAY && !held_anywhere(table, ELECTION_BOX_PLACE).is_empty() {
        out.push(special(Decision::ElectionDayDraw, KENNEDY, None, 0));
    }
    let active = table.active();
    if matches!(table.phase, Phase::Choose { .. })
        && turn < ELECTION_DAY
        && let Some(card) = super::id_of(table.marker(LAST_EVENT, active))
    {
        // Offered on the marker alone: whether the card still lies face-up in the discards is not
        // something the offer may depend on (Peace Corps turns it face-down). The card list says
        // which events wait for Election Day: one that does is boxed before the turn ends, one
        // that does not is never offered; only a card the list leaves open is the player's call.
        match table.flags(card).election_day {
            Some(false) => {}
            Some(true) => {
                out.push(special(Decision::ElectionDayBox, active, Some(card), 0));
                out.retain(|a| !matches!(a, TableAction::EndTurn));
            }
            None => out.push(special(Decision::ElectionDayBox, active, Some(card), 0)),
        }
    }
    false
}

pub(super) fn apply(table: &mut CardTable, decision: Decision, special: Special) {
    match decision {
        Decision::DebatesBegin => {
            table.set_marker(DEBATES, KENNEDY, DEALING);
            deal_next(table);
        }
        Decision::DebateRoll => {
            if chart_size(table) <= 1 {
                // One card in slots: the chart needs no roll.
                after_roll(table, 1);
            } else {
                table.ask_game_roll(special);
            }
        }
        Decision::DebateKeepRoll => {
            let position = usize::try_from(table.marker(ROLLED, KENNEDY) - 1).unwrap_or(0);
            table.set_marker(ROLLED, KENNEDY, 0);
            play_debate(table, position, None);
        }
        Decision::LazyShavePick => {
            let position = usize::try_from(table.marker(ROLLED, KENNEDY) - 1).unwrap_or(0);
            table.set_marker(ROLLED, KENNEDY, 0);
            table.set_marker(LAZY, KENNEDY, 2);
            play_debate(table, position, special.card);
        }
        Decision::LazyShaveInPlay => table.set_marker(LAZY, KENNEDY, 1),
        Decision::RemoveDebateCard => {
            if let Some(card) = special.card {
                move_held(table, card, DEBATE_PLAYED);
            }
        }
        Decision::DebateOver => {
            for card in held_anywhere(table, DEBATE_CARD) {
                move_held(table, card, DEBATE_PLAYED);
            }
            table.set_marker(DEBATES, KENNEDY, CLEARING);
            clear_next(table);
        }
        Decision::ElectionDayBox => {
            let Some(card) = special.card else { return };
            table.set_marker(LAST_EVENT, special.side, 0);
            // The card lies in the discards, or, when its refill emptied the deck, was reshuffled
            // into the new deck and perhaps dealt to a display; the player takes it wherever it is
            // (a display slot it leaves is refilled face-down).
            let deck = &mut table.decks[0];
            let mut found = true;
            if let Some(i) = deck.discard.iter().rposition(|d| d.card == card) {
                deck.discard.remove(i);
            } else if table.held.iter().any(|h| h.card == card && h.place == crate::table::REMOVED_FROM_GAME) {
                // A card its manifest takes out of the game after its event: into the box instead.
                table.release(card);
            } else if !deck.draw(card) {
                found = false;
                for side in [KENNEDY, NIXON] {
                    if let Some((slot, _)) = table.displays[usize::from(side)].take(card) {
                        table.pending.push_back(crate::table::Pending::Fill {
                            side,
                            slot,
                            facing: crate::playsheet::Facing::FaceDown,
                            only_if_short: true,
                        });
                        found = true;
                        break;
                    }
                }
            }
            if found {
                table.held.push(Held { card, side: special.side, place: ELECTION_BOX_PLACE });
            }
        }
        Decision::ElectionDayDraw => {
            let cards = held_anywhere(table, ELECTION_BOX_PLACE);
            table.ask_game_pick(special, cards);
        }
        _ => {}
    }
}

/// The chart roll of a debate play (a face of 1 stands for "no roll" with a single card).
pub(super) fn after_roll(table: &mut CardTable, face: u8) {
    let n = chart_size(table);
    match random_selection::read_chart(n, &[face]) {
        ChartResult::Reroll => table.ask_game_roll(sp(Decision::DebateRoll, KENNEDY, None, 0)),
        ChartResult::Pick(position) => {
            if lazy_shave_ready(table) {
                table.set_marker(ROLLED, KENNEDY, i32::try_from(position).unwrap_or(0) + 1);
            } else {
                play_debate(table, position, None);
            }
        }
    }
}

pub(super) fn roll_label(table: &CardTable, face: u8) -> String {
    let n = chart_size(table);
    match random_selection::read_chart(n, &[face]) {
        ChartResult::Reroll => format!("Debate roll {face} on the {n}-card row of the chart: roll again"),
        ChartResult::Pick(p) => {
            let slot = SlotName::ALL.get(p).copied().unwrap_or(SlotName::A);
            format!("Debate roll {face} on the {n}-card row of the chart: slot {slot}")
        }
    }
}

pub(super) fn after_pick(table: &mut CardTable, special: Special, card: CardId) {
    let Some(decision) = Decision::of(special) else { return };
    match decision {
        Decision::DebateDeal => {
            move_held(table, card, DEBATE_CARD);
            deal_next(table);
        }
        Decision::DebateDiscard => {
            if table.release(card).is_some() {
                table.put_in_discards(KENNEDY, card);
            }
            clear_next(table);
        }
        Decision::ElectionDayDraw => {
            if let Some(h) = table.release(card) {
                table.put_in_discards(h.side, card);
                table.set_marker(ELECTION_NOW, KENNEDY, i32::from(card.0));
            }
        }
        _ => {}
    }
}

/// Lazy Shave played for its event gives Kennedy his pick in the Debates to come.
pub(super) fn after_event(table: &mut CardTable, side: u8, card: CardId) {
    table.set_marker(LAST_EVENT, side, i32::from(card.0));
    if number(table, card) == Some(LAZY_SHAVE) && stage(table) < OVER && table.marker(LAZY, KENNEDY) == 0 {
        table.set_marker(LAZY, KENNEDY, 1);
    }
}

pub(super) fn end_of_turn(table: &mut CardTable) {
    for side in [KENNEDY, NIXON] {
        table.set_marker(LAST_EVENT, side, 0);
    }
    table.set_marker(ELECTION_NOW, KENNEDY, 0);
}

/// The "Debate!" offer: a roll of the chart's row for the larger Debate Card row, or none with one
/// card left.
pub(super) fn roll_offer_label(table: &CardTable) -> String {
    if chart_size(table) <= 1 {
        "Debate!: play the Debate Cards left in slot A (one card needs no roll)".into()
    } else {
        format!(
            "Debate!: roll the Random Card Selection Chart ({}-card row) and play that slot's Debate Card from both \
             displays",
            chart_size(table)
        )
    }
}

/// Kennedy's rolled Debate Card while his Lazy Shave choice is open.
pub(super) fn rolled_label(table: &CardTable) -> String {
    let position = usize::try_from(table.marker(ROLLED, KENNEDY) - 1).unwrap_or(0);
    rolled_card(table, KENNEDY, position).map(|c| table.card_label(c)).unwrap_or_default()
}

/// How many Election Day events wait in the box.
pub(super) fn election_box_count(table: &CardTable) -> usize {
    held_anywhere(table, ELECTION_BOX_PLACE).len()
}

fn row_text(table: &CardTable, side: u8) -> String {
    let cards = row(table, side);
    if cards.is_empty() {
        return "none".into();
    }
    cards
        .iter()
        .enumerate()
        .map(|(i, c)| match SlotName::ALL.get(i) {
            Some(slot) => format!("{slot} {}", table.card_label(*c)),
            None => format!("waiting {}", table.card_label(*c)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The step of the Debates under way, for the table's "waiting for" line.
pub(super) fn waiting_for(table: &CardTable) -> Option<String> {
    match stage(table) {
        DEBATING if table.marker(ROLLED, KENNEDY) > 0 => Some("Kennedy's Lazy Shave choice in the Debates".into()),
        DEBATING => Some("the Debates: the next roll, or an issue won".into()),
        DEALING | CLEARING => Some("the Debate Cards to be shuffled".into()),
        _ => None,
    }
}

/// Reminders while the Debates run and on Election Day; `true` when nothing else applies.
pub(super) fn reminders(table: &CardTable, notes: &mut Vec<String>) -> bool {
    let turn = game_turn(table);
    match stage(table) {
        DEBATING => {
            for side in [KENNEDY, NIXON] {
                notes.push(format!("{}'s Debate Cards: {}.", side_name(table, side), row_text(table, side)));
            }
            let last: Vec<String> = [KENNEDY, NIXON]
                .into_iter()
                .filter_map(|s| {
                    super::id_of(table.marker(LAST_DEBATE, s))
                        .map(|c| format!("{} played {}", side_name(table, s), table.card_label(c)))
                })
                .collect();
            if !last.is_empty() {
                notes.push(format!(
                    "{}: place them by the debate board beside their issues. When an issue is won, resolve it and \
                     remove the Debate Cards that show its icon.",
                    last.join(" and ")
                ));
            }
            if table.marker(ROLLED, KENNEDY) > 0 {
                notes.push(
                    "Lazy Shave: Kennedy may ignore the rolled Debate Card and play another of his (once in the \
                     Debates)."
                        .into(),
                );
            } else {
                notes.push(
                    "Debate!: roll for the next play; a side with no card in the rolled slot plays its right-most one. \
                     When every issue is won or the cards run out, end the debate."
                        .into(),
                );
            }
            return true;
        }
        DEALING | CLEARING => return true,
        _ => {}
    }
    if turn == DEBATE_TURN && stage(table) == 0 && matches!(table.phase, Phase::Start) {
        if held_anywhere(table, STACK).is_empty() {
            notes.push(
                "Game turn 6, the Debates: no Campaign Strategy stack is on the table, so there are no Debate Cards to \
                 deal."
                    .into(),
            );
        } else {
            notes.push(
                "Game turn 6, the Debates: once initiative is settled, begin the Debates here; the table shuffles the \
                 stacks into the Debate Card rows and rolls for each play."
                    .into(),
            );
        }
    }
    if let Some(card) = super::id_of(table.marker(ELECTION_NOW, KENNEDY)) {
        notes.push(format!("Election Day: resolve {} now.", table.card_label(card)));
    }
    let boxed = held_anywhere(table, ELECTION_BOX_PLACE).len();
    if turn == ELECTION_DAY && matches!(table.phase, Phase::Start) {
        notes.push(if boxed > 0 {
            format!(
                "Election Day: {boxed} Election Day event(s) wait in the box; draw them one at a time at random and \
                 resolve each as it comes."
            )
        } else {
            "Election Day: no Election Day event waits in the box.".into()
        });
    }
    let active = table.active();
    if matches!(table.phase, Phase::Choose { .. })
        && turn < ELECTION_DAY
        && let Some(card) = super::id_of(table.marker(LAST_EVENT, active))
    {
        match table.flags(card).election_day {
            Some(true) => notes.push(format!(
                "{} is an Election Day event: it goes into the Election Day box until turn 9.",
                table.card_label(card)
            )),
            Some(false) => {}
            None => notes
                .push("If that event is an Election Day event, put it in the Election Day box until turn 9.".into()),
        }
    }
    if table.marker(LAZY, KENNEDY) == 1 && stage(table) < DEBATING {
        notes.push(
            "Lazy Shave is in play: in the Debates Kennedy may once pick his Debate Card instead of rolling.".into(),
        );
    }
    false
}
