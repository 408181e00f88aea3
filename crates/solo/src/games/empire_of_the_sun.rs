//! Empire of the Sun's special rules on the card table: hand sizes of 4 to 7 set each game turn
//! straight on the Cards Remaining markers, the scenario setups (Historical Variant placements, the
//! 1942 and South Pacific deck tops, Plan Orange and Burma), passes in the Offensive Segment,
//! Future Offensives (designated, played on a "C" roll, in reaction or to win initiative),
//! Reaction cards of the inactive side, "draw one strategy card" events, Mandatory cards (the
//! roll skipped at one card remaining, the reshuffle Tojo Resigns and Soviets Invade Manchuria
//! force, Operation Sandcrab-Cottage discarded as a play), the cards that swap a display card with
//! one from the discards, and the Allied cards that cost Japan a card remaining.
//!
//! Cards are recognised by their deck and the printed number a manifest gives them. Rules that
//! need a named card are not offered without one, and the reminders say what to do by hand.
//!
//! The submodules hold the decisions with their ids and labels (`decision`), the scenario setups and
//! the card moves they make (`setup`), the decisions on offer at each moment (`legal`) and the
//! reminders (`reminders`); this file keeps card recognition, the markers and the carrying out of
//! each decision.

mod decision;
mod legal;
mod reminders;
mod setup;

use super::{Special, SpecialRules};
use crate::card::{CardId, Placed};
use crate::scenario::Scenario;
use crate::slot::SlotName;
use crate::table::{CardTable, Held, MAX_MARKER, Phase};
use crate::table_action::TableAction;
pub(crate) use decision::Decision;
use setup::{
    BURMA_CHOOSING, OPEN_CHOICE, SCENARIO_MADE, place_on_deck, put_in_slot, put_on_top, refill_face_down, scenario_of,
    take_anywhere,
};

pub(super) struct Rules;

const JAPAN: u8 = 0;
const ALLIES: u8 = 1;

/// The sheet's purposes, by index.
const OPERATIONS: u8 = 0;
const EVENT: u8 = 1;
/// "Reaction" is the inactive side's answer (this game's own decision), never the active side's play.
const REACTION_PURPOSE: u8 = 2;
const FUTURE_OFFENSIVE: u8 = 3;

// Markers.
/// Passes each side has left in this Offensive Segment.
const PASSES: &str = "passes";
/// 1 when a side's deck must be reshuffled (Tojo Resigns / Soviets Invade Manchuria).
const RESHUFFLE_DUE: &str = "reshuffle due";
/// The card a side just played for its event or in reaction: if it said "draw one strategy
/// card", Cards Remaining goes up by one (0: none).
const MAY_DRAW: &str = "event that may draw a card";
/// The swap with the discards a side may make: -1 to choose the display card, else the id of the
/// display card chosen (0: no swap).
const SWAP: &str = "swap with the discards";
/// The card whose event is doing the swap (0: none).
const SWAP_EVENT: &str = "swap event card";
/// The Allied card whose event (or Halsey's bonus) may cost Japan a card remaining (0: none).
const JAPAN_LOSS: &str = "card costing Japan a card remaining";

/// The Game Turn marker of the board game (kept on Japan's side): the campaign's solo play starts on
/// turn 2, after the December 1941 Special Turn.
const GAME_TURN: &str = "game turn";
/// 1 while a side's hand size for the new game turn has not been said yet (phase 4.14).
const HAND_SIZE_DUE: &str = "hand size to set";
/// Where the Game Turn marker starts: the sheet starts solo play of the campaign with Turn 2.
const FIRST_SOLO_TURN: i32 = 2;

// Held places.
const FO_PLACE: &str = "Future Offensive";
const TOP_PLACE: &str = "set aside, to go back face-up on top of the deck";
const MANDATORY_TAG: &str = "mandatory";

// Numbers the sheet names.
const ARCADIA_CONFERENCE: u16 = 4;
const COL_TSUJI: u16 = 3;
const SAVO_ISLAND: u16 = 17;
const KONDO: u16 = 47;
const CENTRAL_FORCE: u16 = 59;
const TOJO_RESIGNS: u16 = 43;
const SANDCRAB_COTTAGE: u16 = 30;
const SOVIETS_INVADE: u16 = 79;
const BURMA_EVENTS: [u16; 6] = [3, 8, 16, 40, 48, 50];

fn side_name(table: &CardTable, side: u8) -> &str {
    &table.sheet().sides[(side & 1) as usize]
}

/// The deck a card was built into (card ids run deck by deck).
fn deck_of_card(table: &CardTable, card: CardId) -> u8 {
    if card.0 <= table.deck_sizes[0] { JAPAN } else { ALLIES }
}

fn number(table: &CardTable, card: CardId) -> Option<u16> {
    table.card_name(card).and_then(|n| n.number)
}

/// Whether `card` is the card with this printed number in `side`'s deck.
fn is(table: &CardTable, card: CardId, side: u8, num: u16) -> bool {
    number(table, card) == Some(num) && deck_of_card(table, card) == side
}

/// The card with this printed number in `side`'s deck, if the manifest names it.
fn find_named(table: &CardTable, side: u8, num: u16) -> Option<CardId> {
    table.all_cards().find(|c| is(table, *c, side, num))
}

fn id_of(value: i32) -> Option<CardId> {
    u16::try_from(value).ok().filter(|v| *v > 0).map(CardId)
}

fn card_value(card: CardId) -> i32 {
    i32::from(card.0)
}

/// A side's face-up cards: its display's and its deck's face-up top card.
fn visible(table: &CardTable, side: u8) -> Vec<CardId> {
    let mut cards: Vec<CardId> = table.known_face_up(side).map(|(_, c)| c).collect();
    cards.extend(table.deck_of(side).top);
    // A physical deck's card not named yet is only a stand-in: no rule may read it.
    cards.retain(|c| table.is_known(*c));
    cards
}

fn held_in(table: &CardTable, side: u8, place: &str) -> Vec<CardId> {
    table.held_cards(place, Some(side))
}

/// A side's face-up cards declared Mandatory.
fn mandatory(table: &CardTable, side: u8) -> Vec<CardId> {
    visible(table, side).into_iter().filter(|c| table.tags.iter().any(|(t, m)| t == c && *m == MANDATORY_TAG)).collect()
}

/// The cards that can become Mandatory.
fn may_be_mandatory(table: &CardTable, card: CardId) -> bool {
    is(table, card, JAPAN, TOJO_RESIGNS)
        || is(table, card, ALLIES, SANDCRAB_COTTAGE)
        || is(table, card, ALLIES, SOVIETS_INVADE)
        || table.flags(card).mandatory == Some(true)
}

/// Tojo Resigns and Soviets Invade Manchuria force a reshuffle when played for OC or discarded.
fn forces_reshuffle(table: &CardTable, card: CardId) -> bool {
    is(table, card, JAPAN, TOJO_RESIGNS) || is(table, card, ALLIES, SOVIETS_INVADE)
}

fn swaps_with_discards(table: &CardTable, side: u8, card: CardId) -> bool {
    let named = match side {
        JAPAN => [33, 67, 68].iter().any(|n| is(table, card, JAPAN, *n)),
        _ => is(table, card, ALLIES, 52),
    };
    named || !table.has_named_cards()
}

fn costs_japan_a_card(table: &CardTable, card: CardId) -> bool {
    [60, 67, 72].iter().any(|n| is(table, card, ALLIES, *n)) || !table.has_named_cards()
}

/// The game turn on the board's track (tables saved before it was kept read the campaign's first).
fn game_turn(table: &CardTable) -> i32 {
    match table.marker(GAME_TURN, JAPAN) {
        0 => FIRST_SOLO_TURN,
        n => n,
    }
}

/// Whether both sides have played every card of this game turn: the Offensive Phase is over.
fn offensive_over(table: &CardTable) -> bool {
    (0..2u8).all(|s| table.cards_remaining(s) == 0)
}

/// Whether `side`'s hand size for the new game turn is still to be said.
fn hand_size_due(table: &CardTable, side: u8) -> bool {
    table.marker(HAND_SIZE_DUE, side) == 1
}

fn is_start(table: &CardTable) -> bool {
    matches!(table.phase, Phase::Start)
}

fn in_turn(table: &CardTable) -> bool {
    matches!(table.phase, Phase::Start | Phase::Choose { .. })
}

fn setup_time(table: &CardTable) -> bool {
    table.turn == 1 && is_start(table)
}

fn lower(table: &mut CardTable, side: u8) {
    let cr = &mut table.cards_remaining[side as usize];
    *cr = cr.saturating_sub(1);
}

/// What a play of `card` for `purpose` by `side` sets going: Tojo's and the Soviets' reshuffle,
/// the "draw one strategy card" check, the swap, and the cost to Japan.
fn note_play(table: &mut CardTable, side: u8, card: CardId, purpose: u8) {
    if purpose == OPERATIONS && forces_reshuffle(table, card) {
        table.set_marker(RESHUFFLE_DUE, side, 1);
    }
    if purpose == EVENT {
        table.set_marker(MAY_DRAW, side, card_value(card));
        if swaps_with_discards(table, side, card)
            && table.deck_of(side).discard.iter().any(|d| d.face_up && d.card != card)
        {
            table.set_marker(SWAP, side, -1);
            table.set_marker(SWAP_EVENT, side, i32::from(card.0));
        }
    }
    if side == ALLIES && costs_japan_a_card(table, card) && purpose != FUTURE_OFFENSIVE {
        table.set_marker(JAPAN_LOSS, ALLIES, card_value(card));
    }
}

/// Forgets Mandatory declarations of cards no longer face-up.
fn tidy(table: &mut CardTable) {
    let up: Vec<CardId> = (0..2u8).flat_map(|s| visible(table, s)).collect();
    table.tags.retain(|(c, m)| *m != MANDATORY_TAG || up.contains(c));
}

/// Ends the turn's choice after a play that is the turn's only card.
fn turn_played(table: &mut CardTable) {
    let face = match table.phase {
        Phase::Choose { face, .. } => face,
        _ => 0,
    };
    table.phase = Phase::Choose { face, played: 1, slot_rest: None };
}

/// The face-down cards of a display, by slot and position (never by card: they are unseen).
fn face_down_places(table: &CardTable, side: u8) -> Vec<(SlotName, usize)> {
    table.display(side).cards().filter(|(_, _, p)| !p.face_up).map(|(s, i, _)| (s, i)).collect()
}

impl SpecialRules for Rules {
    fn reveals(&self, _table: &CardTable, special: Special) -> bool {
        // A face-down card swapped out is turned up first; the reshuffle draws a new top card.
        matches!(Decision::of(special), Some(Decision::SwapOut | Decision::MandatoryReshuffle))
    }

    fn shown_markers(&self) -> &'static [(&'static str, super::MarkerShown)] {
        &[(PASSES, super::MarkerShown::PerSideIfSet)]
    }

    fn turn_words(&self, table: &CardTable) -> Option<String> {
        let side = side_name(table, table.active());
        Some(format!("Game turn {}, {side} to act", game_turn(table)))
    }

    fn is_tool(&self, table: &CardTable, special: Special) -> bool {
        match Decision::of(special) {
            // The hand sizes the new game turn asks for are its next step.
            Some(Decision::HandSize) if hand_size_due(table, special.side) => return false,
            // The next game turn is the next step once both sides have played their cards; before
            // that, a tool for a phase the board game ends early.
            Some(Decision::NewGameTurn) => return !offensive_over(table),
            _ => {}
        }
        // Markers set by hand as the board game decides (hand sizes at phase 4.14, passes, the Game
        // Turn marker), a declaration made once a card's conditions hold, discards (Sandcrab-Cottage's
        // included), and the initiative use of a Future Offensive: each comes up now and then.
        matches!(
            Decision::of(special),
            Some(
                Decision::HandSize
                    | Decision::GameTurnBack
                    | Decision::PassesUp
                    | Decision::PassesDown
                    | Decision::DeclareMandatory
                    | Decision::Discard
                    | Decision::SandcrabCottage
                    | Decision::FutureOffensiveInitiative
            )
        )
    }

    fn settled(&self, table: &mut CardTable) -> bool {
        // A card set aside while refills were owed goes back on top of its deck once they are drawn.
        let waiting: Vec<Held> = table.held.iter().copied().filter(|h| h.place == TOP_PLACE).collect();
        for h in waiting {
            if table.release(h.card).is_some() {
                let d = table.deck_index(h.side);
                if let Some(old) = table.decks[d].top.take() {
                    table.decks[d].pool.push(old);
                }
                table.decks[d].top = Some(h.card);
            }
        }
        false
    }

    fn adjust_legal(&self, table: &CardTable, out: &mut Vec<TableAction>) {
        legal::adjust_legal(table, out);
    }

    fn apply(&self, table: &mut CardTable, sp: Special) {
        let side = sp.side;
        let refill = table.sheet().discard_refill;
        let Some(decision) = Decision::of(sp) else {
            tidy(table);
            return;
        };
        match (decision, sp.card) {
            (Decision::HandSize, _) => {
                table.cards_remaining[side as usize] = sp.n;
                table.set_marker(HAND_SIZE_DUE, side, 0);
            }
            (Decision::NewGameTurn, _) => {
                table.set_marker(GAME_TURN, JAPAN, game_turn(table) + 1);
                for s in [JAPAN, ALLIES] {
                    table.set_marker(HAND_SIZE_DUE, s, 1);
                }
            }
            (Decision::GameTurnBack, _) => table.set_marker(GAME_TURN, JAPAN, (game_turn(table) - 1).max(1)),
            (Decision::PassesUp, _) => {
                let n = table.marker(PASSES, side);
                table.set_marker(PASSES, side, n + 1);
            }
            (Decision::PassesDown, _) => {
                let n = table.marker(PASSES, side);
                table.set_marker(PASSES, side, (n - 1).max(0));
            }
            (Decision::OffensiveSegmentPass, _) => {
                let n = table.marker(PASSES, side);
                if n > 0 {
                    table.set_marker(PASSES, side, n - 1);
                    table.end_turn();
                }
            }
            (step, _) if step.is_scenario_step() && table.marker(SCENARIO_MADE, JAPAN) == 0 => {
                table.set_marker(SCENARIO_MADE, JAPAN, scenario_of(step).scenario_marker());
                self.apply(table, sp);
            }
            (Decision::ArcadiaConference, _) => place_on_deck(table, ALLIES, ARCADIA_CONFERENCE),
            (Decision::JapaneseOpeningHand, _) => {
                if let Some(card) = find_named(table, JAPAN, COL_TSUJI) {
                    put_in_slot(table, JAPAN, SlotName::A, card);
                }
                if let Some(card) = find_named(table, JAPAN, CENTRAL_FORCE) {
                    put_in_slot(table, JAPAN, SlotName::B, card);
                }
                place_on_deck(table, JAPAN, KONDO);
            }
            (Decision::Kondo1942, _) => place_on_deck(table, JAPAN, KONDO),
            (Decision::SouthPacific, _) => place_on_deck(table, JAPAN, SAVO_ISLAND),
            (Decision::PlanOrange, _) => {
                table.cards_remaining = [1, 2];
                table.active = ALLIES;
            }
            (Decision::Burma, _) if sp.n == OPEN_CHOICE => table.set_marker(BURMA_CHOOSING, JAPAN, 1),
            (Decision::Burma, card) => {
                table.set_marker(BURMA_CHOOSING, JAPAN, 0);
                let card = card.or_else(|| {
                    let d = table.deck_index(JAPAN);
                    let anonymous = |c: &CardId| table.card_name(*c).is_none();
                    table.decks[d].pool.iter().copied().filter(anonymous).min().or_else(|| {
                        let down = table.display(JAPAN).cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card);
                        down.filter(anonymous).min()
                    })
                });
                if let Some(card) = card
                    && take_anywhere(table, JAPAN, card)
                {
                    table.held.push(Held { card, side: JAPAN, place: FO_PLACE });
                    refill_face_down(table, JAPAN);
                }
                table.cards_remaining[JAPAN as usize] = 3;
            }
            (Decision::FutureOffensivePlay, Some(card)) => {
                let released = table.release(card).is_some();
                if released {
                    table.put_in_discards(side, card);
                    turn_played(table);
                    note_play(table, side, card, sp.n);
                }
            }
            (Decision::FutureOffensiveReaction | Decision::FutureOffensiveInitiative, Some(card)) => {
                let released = table.release(card).is_some();
                if released {
                    table.put_in_discards(side, card);
                    if decision == Decision::FutureOffensiveReaction {
                        table.set_marker(MAY_DRAW, side, card_value(card));
                    }
                }
            }
            (Decision::Reaction, Some(card)) => {
                let discarded = table.discard_card(side, card, Some(refill)).is_some();
                if discarded {
                    lower(table, side);
                    table.set_marker(MAY_DRAW, side, card_value(card));
                }
            }
            (Decision::DrawOneStrategyCard, _) => {
                let cr = &mut table.cards_remaining[side as usize];
                *cr = (*cr + 1).min(MAX_MARKER);
                table.set_marker(MAY_DRAW, side, 0);
            }
            (Decision::DeclareMandatory, Some(card)) => table.tags.push((card, MANDATORY_TAG)),
            (Decision::MandatoryPlay, Some(card)) => {
                let discarded = table.discard_card(side, card, Some(refill)).is_some();
                if discarded {
                    lower(table, side);
                    table.phase = Phase::Choose { face: 0, played: 1, slot_rest: None };
                    note_play(table, side, card, sp.n);
                }
            }
            (Decision::Discard, Some(card)) => {
                let discarded = table.discard_card(side, card, Some(refill)).is_some();
                if discarded && forces_reshuffle(table, card) {
                    table.set_marker(RESHUFFLE_DUE, side, 1);
                }
            }
            (Decision::SandcrabCottage, Some(card)) => {
                let discarded = table.discard_card(side, card, Some(refill)).is_some();
                if discarded {
                    lower(table, side);
                    if table.active() == side {
                        match table.phase {
                            Phase::Start => table.phase = Phase::Choose { face: 0, played: 1, slot_rest: None },
                            Phase::Choose { played: 0, .. } => turn_played(table),
                            _ => {}
                        }
                    }
                }
            }
            (Decision::MandatoryReshuffle, _) => {
                let d = table.deck_index(side);
                let top = table.decks[d].top.take();
                for stack in &mut table.displays[side as usize].slots {
                    let down: Vec<CardId> = stack.iter().filter(|p| !p.face_up).map(|p| p.card).collect();
                    stack.retain(|p| p.face_up);
                    table.decks[d].pool.extend(down);
                }
                table.decks[d].shuffle_in_discards();
                refill_face_down(table, side);
                if let Some(top) = top {
                    put_on_top(table, side, top);
                }
                table.set_marker(RESHUFFLE_DUE, side, 0);
            }
            (Decision::SwapOut, card) => {
                let card = match card {
                    Some(c) => Some(c),
                    None => {
                        let slot = SlotName::ALL.get(usize::from(sp.n / 16)).copied();
                        let index = usize::from(sp.n % 16);
                        slot.and_then(|s| {
                            let p = table.displays[side as usize].slot_mut(s).get_mut(index)?;
                            p.face_up = true;
                            Some(p.card)
                        })
                    }
                };
                if let Some(card) = card {
                    table.set_marker(SWAP, side, card_value(card));
                }
            }
            (Decision::SwapIn, Some(incoming)) => {
                let Some(outgoing) = id_of(table.marker(SWAP, side)) else { return };
                let d = table.deck_index(side);
                let Some(i) = table.decks[d].discard.iter().position(|x| x.card == incoming) else { return };
                table.decks[d].discard.remove(i);
                if table.decks[d].top == Some(outgoing) {
                    table.decks[d].top = Some(incoming);
                } else if let Some((slot, index)) = table.displays[side as usize].find(outgoing) {
                    table.displays[side as usize].slot_mut(slot)[index] = Placed { card: incoming, face_up: true };
                } else {
                    table.decks[d].discard.insert(i, crate::deck::Discarded { card: incoming, face_up: true });
                    return;
                }
                table.decks[d].discard(outgoing);
                table.set_marker(SWAP, side, 0);
            }
            (Decision::JapanLosesCard, _) => {
                lower(table, JAPAN);
                table.set_marker(JAPAN_LOSS, ALLIES, 0);
            }
            _ => {}
        }
        tidy(table);
    }

    fn after_play(&self, table: &mut CardTable, card: CardId, purpose: u8) {
        let side = table.active();
        if purpose == FUTURE_OFFENSIVE {
            // Designated a Future Offensive: kept beside the display instead of discarded (the slot
            // refill and the lower Cards Remaining have already happened).
            let d = table.deck_index(side);
            if let Some(i) = table.decks[d].discard.iter().rposition(|x| x.card == card) {
                table.decks[d].discard.remove(i);
                table.held.push(Held { card, side, place: FO_PLACE });
            }
        }
        note_play(table, side, card, purpose);
        tidy(table);
    }

    fn after_roll(&self, table: &mut CardTable, _face: u8) {
        tidy(table);
    }

    fn end_of_turn(&self, table: &mut CardTable) {
        for side in [JAPAN, ALLIES] {
            table.set_marker(MAY_DRAW, side, 0);
            table.set_marker(SWAP, side, 0);
        }
        table.set_marker(JAPAN_LOSS, ALLIES, 0);
        tidy(table);
    }

    fn id(&self, sp: Special) -> String {
        decision::id(sp)
    }

    fn label(&self, table: &CardTable, sp: Special) -> String {
        decision::label(table, sp)
    }

    fn scenarios(&self) -> &'static [Scenario] {
        &setup::SCENARIOS
    }

    fn reminders(&self, table: &CardTable) -> Vec<String> {
        reminders::reminders(table)
    }
}
