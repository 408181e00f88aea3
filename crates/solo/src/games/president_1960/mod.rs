//! 1960: The Making of the President's special rules on the card table: momentum markers, the `!!`
//! that spends one momentum on the topmost eligible event of the discard pile (the player confirms
//! eligibility card by card), two momentum to discard a card played for its CP face-down, the
//! Candidate card as an extra option after every roll, the game-turn track (Peace Corps lasts until
//! the end of the game turn), the Campaign Strategy Phase (face-up picks, random picks among face-up
//! or face-down cards, Gathering Momentum never eligible), the discard-and-redraw events, the
//! retrieve-from-discard events, Political Capital, and a decision aid for the Momentum Phase issue
//! shift. The reshuffle on an empty deck is the common "discard face-down" one over both displays.
//!
//! Cards are recognised by the printed numbers a deck manifest gives them (the shipped manifest names
//! every card the playsheet mentions). Without one, an event rule is offered for any unnamed card
//! played for its event, and the player says whether it applies.
//!
//! The rules are split by subject: the decisions ([`decision`]), the event effects, the Campaign
//! Strategy picks, the Momentum Phase aid, the Debates and Election Day, and the words a player
//! reads (ids, labels, reminders); this file keeps the markers, the shared helpers and the rules
//! object that ties them together.

mod debates;
mod decision;
mod effects;
mod labels;
mod momentum_phase;
mod strategy;

use super::{Special, SpecialRules};
use crate::card::{CardId, Placed};
use crate::deck::Discarded;
use crate::playsheet::Facing;
use crate::slot::SlotName;
use crate::table::{CardTable, Pending, Phase};
use crate::table_action::TableAction;
pub(crate) use decision::Decision;
use decision::special;
use effects::{CAPITAL, REDRAW, RETRIEVE_EFFECT, named_effect, possible_effects, start_effect};
use strategy::{strategy_done, strategy_face_down_slots, strategy_face_up, to_stack};

pub(super) struct Rules;

const KENNEDY: u8 = 0;
const NIXON: u8 = 1;
/// The purpose index of "Campaign Points" and "Event" on this sheet.
const CP: u8 = 0;
const EVENT: u8 = 1;
/// Highest value the momentum and game-turn actions go to.
const MAX_MOMENTUM: i32 = 20;
const LAST_GAME_TURN: i32 = 9;

// The markers this game keeps.
const MOMENTUM: &str = "momentum";
/// 1 when a side's Candidate card is exhausted.
const CANDIDATE_EXHAUSTED: &str = "candidate card exhausted";
/// The game turn (1 to 9), on both sides.
const GAME_TURN: &str = "game turn";
/// The discard a side's `!!` played this turn (0: none), for the reminder.
const BANG_PLAYED: &str = "!! event played";
/// 1 when a side rolled `!!` holding no momentum (so no event is triggered this turn).
const BANG_WITHOUT_MOMENTUM: &str = "!! without momentum";
/// 1 from the start of a game turn until its first roll: the side to go first may still change.
const TURN_FRESH: &str = "game turn not yet begun";
/// `!!` under way for a side: 1 + the discard-pile index of the card being asked about.
const BANG: &str = "!! event being checked";
/// The card a side just played for its CP (0: none), which 2 momentum may discard face-down.
const CP_PLAYED: &str = "played for CP";
/// 1 while Kennedy's Peace Corps is in play (side 0's value).
const PEACE_CORPS: &str = "Peace Corps in play";
/// The event effect a side is resolving (one of the codes in `effects`), its card, and its state.
const EFFECT: &str = "event effect";
const EFFECT_CARD: &str = "event effect card";
const EFFECT_STATE: &str = "event effect state";
/// 1 while the Campaign Strategy Phase is under way (side 0's value).
const STRATEGY: &str = "campaign strategy phase";
const STRATEGY_PICKS: &str = "campaign strategy picks";
/// Slots (bit per slot) a random face-down pick turned up a Gathering Momentum card in.
const STRATEGY_SKIP: &str = "gathering momentum turned back (slots)";
/// 1 while the Momentum Phase decision aid is open (side 0's value).
const MOMENTUM_AID: &str = "momentum phase";
/// Media support: 1 Kennedy leads, 2 Nixon leads, 3 tied (side 0's value; 0 not given).
const MEDIA: &str = "media support leader";
/// Issue leaders, left to right: 1 Kennedy, 2 Nixon, 3 nobody (side 0's value; 0 not given).
const ISSUES: [&str; 3] = ["issue 1 (left) leader", "issue 2 (middle) leader", "issue 3 (right) leader"];

const STACK: &str = "Campaign Strategy stack";

const GATHERING_MOMENTUM: [u16; 4] = [14, 15, 16, 17];

fn side_name(table: &CardTable, side: u8) -> &str {
    &table.sheet().sides[(side & 1) as usize]
}

fn number(table: &CardTable, card: CardId) -> Option<u16> {
    table.card_name(card).and_then(|n| n.number)
}

/// Whether any card of the table carries this printed number.
fn named_somewhere(table: &CardTable, wanted: u16) -> bool {
    table.names.iter().any(|n| n.as_ref().is_some_and(|n| n.number == Some(wanted)))
}

/// Whether `card` is (or, unnamed while the manifest names none of them, may be) one of `numbers`.
fn could_be(table: &CardTable, card: CardId, numbers: &[u16]) -> bool {
    match number(table, card) {
        Some(n) => numbers.contains(&n),
        None => table.card_name(card).is_none() && !numbers.iter().any(|n| named_somewhere(table, *n)),
    }
}

fn is_gathering_momentum(table: &CardTable, card: CardId) -> bool {
    number(table, card).is_some_and(|n| GATHERING_MOMENTUM.contains(&n))
}

fn id_of(value: i32) -> Option<CardId> {
    u16::try_from(value).ok().filter(|v| *v > 0).map(CardId)
}

fn momentum(table: &CardTable, side: u8) -> i32 {
    table.marker(MOMENTUM, side)
}

fn game_turn(table: &CardTable) -> i32 {
    table.marker(GAME_TURN, KENNEDY).max(1)
}

/// The event effect under way: whose it is and which.
fn effect(table: &CardTable) -> Option<(u8, i32)> {
    (0..2u8).find_map(|s| {
        let e = table.marker(EFFECT, s);
        (e != 0).then_some((s, e))
    })
}

fn bang(table: &CardTable) -> Option<(u8, usize)> {
    (0..2u8).find_map(|s| {
        let v = table.marker(BANG, s);
        usize::try_from(v - 1).ok().map(|i| (s, i))
    })
}

/// The topmost face-up card of the discard pile below index `below` (exclusive).
fn topmost_face_up(table: &CardTable, below: usize) -> Option<usize> {
    let pile = &table.decks[0].discard;
    (0..below.min(pile.len())).rev().find(|&i| pile[i].face_up)
}

fn set_bang(table: &mut CardTable, side: u8, index: Option<usize>) {
    let value = index.and_then(|i| i32::try_from(i + 1).ok()).unwrap_or(0);
    table.set_marker(BANG, side, value);
}

fn clear_effect(table: &mut CardTable, side: u8) {
    table.set_marker(EFFECT, side, 0);
    table.set_marker(EFFECT_CARD, side, 0);
    table.set_marker(EFFECT_STATE, side, 0);
}

/// The slot a retrieve-from-discard event left, which the card it takes back fills face-up.
fn retrieve_slot(table: &CardTable, side: u8) -> Option<SlotName> {
    let value = table.marker(EFFECT_STATE, side);
    usize::try_from(value - 1).ok().and_then(|i| SlotName::ALL.get(i).copied())
}

fn slot_bit(slot: SlotName) -> i32 {
    1 << slot.index()
}

/// The card a side played for its event this turn, and the slot it left, kept so that an unnamed
/// card's effect can be started by the player.
const EVENT_PLAYED: &str = "played for its event";
const EVENT_SLOT: &str = "event card's slot";

impl SpecialRules for Rules {
    fn shown_markers(&self) -> &'static [(&'static str, super::MarkerShown)] {
        use super::MarkerShown::{PerSide, PerSideIfSet, TableIfSet};
        // The game turn is in the turn's words at the top.
        &[(MOMENTUM, PerSide), (CANDIDATE_EXHAUSTED, PerSideIfSet), (PEACE_CORPS, TableIfSet)]
    }

    fn turn_words(&self, table: &CardTable) -> Option<String> {
        let side = side_name(table, table.active());
        Some(format!("Game turn {} of {LAST_GAME_TURN}, {side} to act", game_turn(table)))
    }

    fn waiting_for(&self, table: &CardTable) -> Option<String> {
        if let Some(step) = debates::waiting_for(table) {
            return Some(step);
        }
        if bang(table).is_some() {
            Some("the !! check of the discard pile".into())
        } else if effect(table).is_some() {
            Some("the event's effect on the displays".into())
        } else if table.marker(STRATEGY, KENNEDY) == 1 {
            Some("the Campaign Strategy Phase (both sides)".into())
        } else if table.marker(MOMENTUM_AID, KENNEDY) == 1 {
            Some("the Momentum Phase issue shift".into())
        } else {
            None
        }
    }

    fn reveals(&self, _table: &CardTable, special: Special) -> bool {
        // Retrieving a face-down discard, picking among face-down cards, and the event effects that
        // turn a display face-up all show hidden cards.
        matches!(
            Decision::of(special),
            Some(
                Decision::RetrieveFromDiscard
                    | Decision::CampaignStrategyFaceDown
                    | Decision::NameEventEffect
                    | Decision::PoliticalCapitalDiscard
            )
        )
    }

    fn setup(&self, table: &mut CardTable) {
        table.set_marker(TURN_FRESH, KENNEDY, 1);
        table.set_marker(MOMENTUM, KENNEDY, 0);
        table.set_marker(MOMENTUM, NIXON, 0);
        table.set_marker(GAME_TURN, KENNEDY, 1);
        table.set_marker(GAME_TURN, NIXON, 1);
    }

    fn adjust_legal(&self, table: &CardTable, out: &mut Vec<TableAction>) {
        if super::is_chance(out) {
            return;
        }
        let active = table.active();
        // `!!`: the topmost eligible event is found before anything else is played.
        if let Some((side, index)) = bang(table) {
            out.clear();
            let n = u8::try_from(index).unwrap_or(u8::MAX);
            out.push(special(Decision::TriggerEventEligible, side, None, n));
            out.push(special(Decision::TriggerEventNotEligible, side, None, n));
            return;
        }
        if let Some((side, code)) = effect(table) {
            out.clear();
            match code {
                REDRAW => {
                    let last = table.marker(EFFECT_STATE, side);
                    let after = (0..5).filter(|i| last & (1 << i) != 0).max().map_or(0, |i| i + 1);
                    let cards: Vec<CardId> =
                        table.known_face_up(side).filter(|(s, _)| s.index() >= after).map(|(_, c)| c).collect();
                    out.extend(cards.into_iter().map(|c| special(Decision::DiscardAndRedraw, side, Some(c), 0)));
                    out.push(special(Decision::DiscardAndRedrawDone, side, None, 0));
                }
                RETRIEVE_EFFECT => {
                    // The card just played lies on top of the pile; it is not one to take back. (Its
                    // position says so: a face-down card's identity is not for the table to compare.)
                    let pile = &table.decks[0].discard;
                    for i in 0..pile.len().saturating_sub(1) {
                        if let Ok(n) = u8::try_from(i) {
                            out.push(special(Decision::RetrieveFromDiscard, side, None, n));
                        }
                    }
                    out.push(special(Decision::RetrieveNothing, side, None, 0));
                }
                CAPITAL => {
                    if table.marker(EFFECT_STATE, side) < 2 {
                        let cards: Vec<CardId> = table.known_face_up(NIXON).map(|(_, c)| c).collect();
                        out.extend(
                            cards.into_iter().map(|c| special(Decision::PoliticalCapitalDiscard, NIXON, Some(c), 0)),
                        );
                    }
                    out.push(special(Decision::EventEffectDone, NIXON, None, 0));
                }
                _ => out.push(special(Decision::EventEffectDone, side, None, 0)),
            }
            return;
        }
        if table.marker(STRATEGY, KENNEDY) == 1 {
            out.clear();
            for side in [KENNEDY, NIXON] {
                if table.marker(STRATEGY_PICKS, side) >= 2 {
                    continue;
                }
                let up = strategy_face_up(table, side);
                if up.len() >= 2 {
                    out.push(special(Decision::CampaignStrategyRandom, side, None, 0));
                }
                if up.is_empty() && !strategy_face_down_slots(table, side).is_empty() {
                    out.push(special(Decision::CampaignStrategyFaceDown, side, None, 0));
                }
                out.extend(up.into_iter().map(|c| special(Decision::CampaignStrategyPick, side, Some(c), 0)));
            }
            // One or two cards per side: the phase ends once each side has one on its stack (or has
            // no card it could put there).
            if [KENNEDY, NIXON].into_iter().all(|side| strategy_done(table, side)) {
                out.push(special(Decision::CampaignStrategyEnd, KENNEDY, None, 0));
            }
            return;
        }
        if table.marker(MOMENTUM_AID, KENNEDY) == 1 {
            // One question at a time, in the order a player reads the board: media support, then
            // the issues left to right (none once the media are tied). Undo corrects an answer.
            out.clear();
            let media = table.marker(MEDIA, KENNEDY);
            let next_issue =
                (0..3u8).find(|i| ISSUES.get(usize::from(*i)).is_some_and(|m| table.marker(m, KENNEDY) == 0));
            if media == 0 {
                out.extend((1..=3u8).map(|who| special(Decision::MediaSupportLeader, KENNEDY, None, who)));
            } else if media != 3
                && let Some(issue) = next_issue
            {
                out.extend((1..=3u8).map(|who| special(Decision::IssueLeader, issue, None, who)));
            }
            out.push(special(Decision::MomentumPhaseEnd, KENNEDY, None, 0));
            return;
        }
        let start = matches!(table.phase, Phase::Start);
        let choosing = matches!(table.phase, Phase::Choose { .. });
        if start || choosing {
            for side in [KENNEDY, NIXON] {
                if momentum(table, side) < MAX_MOMENTUM {
                    out.push(special(Decision::GainMomentum, side, None, 0));
                }
                if momentum(table, side) > 0 {
                    out.push(special(Decision::LoseMomentum, side, None, 0));
                }
            }
        }
        if start {
            for side in [KENNEDY, NIXON] {
                if table.marker(CANDIDATE_EXHAUSTED, side) == 1 {
                    out.push(special(Decision::CandidateCardReady, side, None, 0));
                }
            }
            if game_turn(table) < LAST_GAME_TURN {
                out.push(special(Decision::NextGameTurn, active, None, 0));
            }
            out.push(special(Decision::CampaignStrategyBegin, active, None, 0));
            out.push(special(Decision::MomentumPhase, active, None, 0));
            if table.marker(TURN_FRESH, KENNEDY) == 1 {
                out.push(special(Decision::FirstActionRound, 1 - active, None, 0));
            }
        }
        if let Phase::Choose { face, played: 0, .. } = table.phase
            && face != 0
            && table.marker(CANDIDATE_EXHAUSTED, active) == 0
        {
            out.push(special(Decision::CandidateCard, active, None, 0));
        }
        if matches!(table.phase, Phase::Choose { played: 1.., .. })
            && let Some(card) = id_of(table.marker(CP_PLAYED, active))
            && momentum(table, active) >= 2
            && table.decks[0].discard.iter().any(|d| d.card == card && d.face_up)
        {
            out.push(special(Decision::PreventEvent, active, Some(card), 0));
        }
        if choosing && let Some(card) = id_of(table.marker(EVENT_PLAYED, active)) {
            // An unnamed card played (or triggered with momentum) for its event: the player says
            // whether it has one of the sheet's table effects.
            for code in possible_effects(table, card) {
                out.push(special(Decision::NameEventEffect, active, Some(card), u8::try_from(code).unwrap_or(0)));
            }
        }
        if matches!(table.phase, Phase::Choose { played: 0, .. })
            && out.iter().any(|a| matches!(a, TableAction::Play { .. }) || Decision::CandidateCard.is(a))
        {
            // The sheet has no turn without a play: "end the turn without a play" stays only for a
            // roll that leaves nothing to play.
            out.retain(|a| !matches!(a, TableAction::Pass));
        }
        debates::adjust_legal(table, out);
    }

    fn is_tool(&self, _table: &CardTable, special: Special) -> bool {
        // Markers set by hand, now and then: momentum comes and goes with the board game's events.
        // So are the board game's phases, which the table cannot see coming: each label says when.
        matches!(
            Decision::of(special),
            Some(
                Decision::GainMomentum
                    | Decision::LoseMomentum
                    | Decision::CandidateCardReady
                    | Decision::NextGameTurn
                    | Decision::CampaignStrategyBegin
                    | Decision::MomentumPhase
            )
        )
    }

    fn apply(&self, table: &mut CardTable, special: Special) {
        let side = special.side;
        let Some(decision) = Decision::of(special) else { return };
        match decision {
            Decision::GainMomentum => table.set_marker(MOMENTUM, side, (momentum(table, side) + 1).min(MAX_MOMENTUM)),
            Decision::LoseMomentum => table.set_marker(MOMENTUM, side, (momentum(table, side) - 1).max(0)),
            Decision::TriggerEventEligible => {
                let index = usize::from(special.n);
                set_bang(table, side, None);
                if index >= table.decks[0].discard.len() {
                    return;
                }
                let d = table.decks[0].discard.remove(index);
                table.decks[0].discard.insert(0, Discarded { card: d.card, face_up: true });
                table.set_marker(BANG_PLAYED, side, i32::from(d.card.0));
                table.set_marker(MOMENTUM, side, (momentum(table, side) - 1).max(0));
                table.set_marker(EVENT_PLAYED, side, 0);
                debates::after_event(table, side, d.card);
                match named_effect(table, d.card) {
                    Some(code) => start_effect(table, side, d.card, None, code),
                    None => {
                        if table.card_name(d.card).is_none() {
                            table.set_marker(EVENT_PLAYED, side, i32::from(d.card.0));
                            table.set_marker(EVENT_SLOT, side, 0);
                        }
                    }
                }
            }
            Decision::TriggerEventNotEligible => {
                let next = topmost_face_up(table, usize::from(special.n));
                set_bang(table, side, next);
            }
            Decision::PreventEvent => {
                let Some(card) = special.card else { return };
                if let Some(d) = table.decks[0].discard.iter_mut().rev().find(|d| d.card == card) {
                    d.face_up = false;
                    table.set_marker(MOMENTUM, side, (momentum(table, side) - 2).max(0));
                    table.set_marker(CP_PLAYED, side, 0);
                }
            }
            Decision::CandidateCard => {
                table.set_marker(CANDIDATE_EXHAUSTED, side, 1);
                if let Phase::Choose { face, .. } = table.phase {
                    table.phase = Phase::Choose { face, played: 1, slot_rest: None };
                }
            }
            Decision::CandidateCardReady => table.set_marker(CANDIDATE_EXHAUSTED, side, 0),
            Decision::FirstActionRound => table.active = side,
            Decision::NextGameTurn => {
                table.set_marker(TURN_FRESH, KENNEDY, 1);
                let turn = (game_turn(table) + 1).min(LAST_GAME_TURN);
                table.set_marker(GAME_TURN, KENNEDY, turn);
                table.set_marker(GAME_TURN, NIXON, turn);
                table.set_marker(PEACE_CORPS, KENNEDY, 0);
            }
            Decision::CampaignStrategyBegin => {
                table.set_marker(STRATEGY, KENNEDY, 1);
                for s in [KENNEDY, NIXON] {
                    table.set_marker(STRATEGY_PICKS, s, 0);
                    table.set_marker(STRATEGY_SKIP, s, 0);
                }
            }
            Decision::CampaignStrategyPick => {
                if let Some(card) = special.card {
                    to_stack(table, side, card);
                }
            }
            Decision::CampaignStrategyRandom => table.ask_random_selection(side, special),
            Decision::CampaignStrategyFaceDown => table.ask_game_roll(special),
            Decision::CampaignStrategyEnd => {
                table.set_marker(STRATEGY, KENNEDY, 0);
                for s in [KENNEDY, NIXON] {
                    table.set_marker(STRATEGY_SKIP, s, 0);
                }
            }
            Decision::DiscardAndRedraw => {
                let Some(card) = special.card else { return };
                if let Some(slot) = table.discard_card(side, card, None) {
                    let mask = table.marker(EFFECT_STATE, side);
                    table.set_marker(EFFECT_STATE, side, mask | slot_bit(slot));
                }
            }
            Decision::DiscardAndRedrawDone => {
                let mask = table.marker(EFFECT_STATE, side);
                for slot in SlotName::ALL.into_iter().filter(|s| mask & slot_bit(*s) != 0) {
                    table.pending.push_back(Pending::Fill { side, slot, facing: Facing::FaceUp, only_if_short: true });
                }
                clear_effect(table, side);
            }
            Decision::RetrieveFromDiscard => {
                let index = usize::from(special.n);
                if let Some(slot) = retrieve_slot(table, side)
                    && index < table.decks[0].discard.len()
                {
                    let d = table.decks[0].discard.remove(index);
                    table.displays[side as usize].slot_mut(slot).push(Placed { card: d.card, face_up: true });
                }
                clear_effect(table, side);
            }
            Decision::RetrieveNothing => {
                if let Some(slot) = retrieve_slot(table, side) {
                    table.pending.push_back(Pending::Fill {
                        side,
                        slot,
                        facing: Facing::FaceDown,
                        only_if_short: true,
                    });
                }
                clear_effect(table, side);
            }
            Decision::PoliticalCapitalDiscard => {
                let Some(card) = special.card else { return };
                if table.discard_card(NIXON, card, Some(Facing::FaceDown)).is_some() {
                    let n = table.marker(EFFECT_STATE, NIXON);
                    table.set_marker(EFFECT_STATE, NIXON, n + 1);
                }
            }
            Decision::EventEffectDone => clear_effect(table, side),
            Decision::NameEventEffect => {
                let Some(card) = special.card else { return };
                let slot_value = table.marker(EVENT_SLOT, side);
                let vacated = usize::try_from(slot_value - 1).ok().and_then(|i| SlotName::ALL.get(i).copied());
                table.set_marker(EVENT_PLAYED, side, 0);
                start_effect(table, side, card, vacated, i32::from(special.n));
            }
            Decision::MomentumPhase => {
                table.set_marker(MOMENTUM_AID, KENNEDY, 1);
                table.set_marker(MEDIA, KENNEDY, 0);
                for m in ISSUES {
                    table.set_marker(m, KENNEDY, 0);
                }
            }
            Decision::MediaSupportLeader => table.set_marker(MEDIA, KENNEDY, i32::from(special.n)),
            Decision::IssueLeader => {
                if let Some(m) = ISSUES.get(usize::from(side)) {
                    table.set_marker(m, KENNEDY, i32::from(special.n));
                }
            }
            Decision::MomentumPhaseEnd => table.set_marker(MOMENTUM_AID, KENNEDY, 0),
            _ => debates::apply(table, decision, special),
        }
    }

    fn after_roll(&self, table: &mut CardTable, face: u8) {
        table.set_marker(TURN_FRESH, KENNEDY, 0);
        let side = table.active();
        let no_momentum = table.sheet().face(face).bang && momentum(table, side) == 0;
        table.set_marker(BANG_WITHOUT_MOMENTUM, side, i32::from(no_momentum));
        if table.sheet().face(face).bang && momentum(table, side) >= 1 {
            let top = topmost_face_up(table, usize::MAX);
            set_bang(table, side, top);
        }
    }

    fn after_play(&self, table: &mut CardTable, card: CardId, purpose: u8) {
        let side = table.active();
        // The slot the card left: the refill the play just queued.
        let vacated = table.pending.iter().rev().find_map(|p| match p {
            Pending::Fill { side: s, slot, .. } if *s == side => Some(*slot),
            _ => None,
        });
        if side == KENNEDY
            && table.marker(PEACE_CORPS, KENNEDY) == 1
            && let Some(d) = table.decks[0].discard.iter_mut().rev().find(|d| d.card == card)
        {
            d.face_up = false;
        }
        if purpose == CP {
            table.set_marker(CP_PLAYED, side, i32::from(card.0));
        }
        if purpose == EVENT {
            debates::after_event(table, side, card);
            match named_effect(table, card) {
                Some(code) => start_effect(table, side, card, vacated, code),
                None if table.card_name(card).is_none() => {
                    table.set_marker(EVENT_PLAYED, side, i32::from(card.0));
                    let slot = vacated.map_or(0, |s| i32::try_from(s.index()).unwrap_or(0) + 1);
                    table.set_marker(EVENT_SLOT, side, slot);
                }
                None => {}
            }
        }
    }

    fn end_of_turn(&self, table: &mut CardTable) {
        for side in [KENNEDY, NIXON] {
            table.set_marker(BANG_WITHOUT_MOMENTUM, side, 0);
            table.set_marker(BANG_PLAYED, side, 0);
            table.set_marker(CP_PLAYED, side, 0);
            table.set_marker(EVENT_PLAYED, side, 0);
            table.set_marker(EVENT_SLOT, side, 0);
            set_bang(table, side, None);
        }
        debates::end_of_turn(table);
    }

    fn after_selection(&self, table: &mut CardTable, special: Special, target: u8, card: CardId) {
        if Decision::of(special) != Some(Decision::CampaignStrategyRandom) {
            return;
        }
        if is_gathering_momentum(table, card) {
            // Never eligible: roll again.
            table.ask_random_selection(target, special);
        } else {
            to_stack(table, target, card);
        }
    }

    fn after_game_pick(&self, table: &mut CardTable, special: Special, card: CardId) {
        debates::after_pick(table, special, card);
    }

    fn game_roll_label(&self, table: &CardTable, special: Special, face: u8) -> Option<String> {
        match Decision::of(special)? {
            Decision::DebateRoll => Some(debates::roll_label(table, face)),
            Decision::CampaignStrategyFaceDown => Some(match SlotName::ALL.get(usize::from(face.saturating_sub(1))) {
                Some(slot) => format!("Campaign Strategy roll {face}: slot {slot} (the chart's last row)"),
                None => format!("Campaign Strategy roll {face}: roll again (the chart's last row)"),
            }),
            _ => None,
        }
    }

    fn after_game_roll(&self, table: &mut CardTable, special: Special, face: u8) {
        match Decision::of(special) {
            Some(Decision::DebateRoll) => {
                debates::after_roll(table, face);
                return;
            }
            Some(Decision::CampaignStrategyFaceDown) => {}
            _ => return,
        }
        let side = special.side;
        let open = strategy_face_down_slots(table, side);
        if open.is_empty() {
            return;
        }
        // The chart's last row: 1-5 name slots A-E; 6 and slots that cannot give a card roll again.
        let slot = SlotName::ALL.get(usize::from(face.saturating_sub(1))).copied();
        let Some(slot) = slot.filter(|s| open.contains(s)) else {
            table.ask_game_roll(special);
            return;
        };
        let Some(card) = table.display(side).slot(slot).last().map(|p| p.card) else { return };
        if is_gathering_momentum(table, card) {
            // Turned up, found ineligible, turned back face-down: roll again.
            let skip = table.marker(STRATEGY_SKIP, side);
            table.set_marker(STRATEGY_SKIP, side, skip | slot_bit(slot));
            if !strategy_face_down_slots(table, side).is_empty() {
                table.ask_game_roll(special);
            }
            return;
        }
        to_stack(table, side, card);
    }

    fn id(&self, special: Special) -> String {
        labels::id(special)
    }

    fn label(&self, table: &CardTable, special: Special) -> String {
        labels::label(table, special)
    }

    fn reminders(&self, table: &CardTable) -> Vec<String> {
        labels::reminders(table)
    }
}
