//! The scenario setups of the sheet's "Modified Setup": the Historical Variant and 1942 placements
//! (17.25.D, E, F), South Pacific's Savo Island, Plan Orange's Cards Remaining and Burma's Future
//! Offensive, with the card moves they need (also used by the reshuffle and the Burma choice).

use super::decision::{Decision, special};
use super::{BURMA_EVENTS, JAPAN, TOP_PLACE, find_named, held_in};
use crate::card::{CardId, Placed};
use crate::playsheet::Facing;
use crate::scenario::Scenario;
use crate::slot::SlotName;
use crate::table::{CardTable, Held, Pending};
use crate::table_action::TableAction;

/// The scenario setups this module carries out; the campaign is the table as dealt. Each step is the
/// decision that sets it up.
pub(super) static SCENARIOS: [Scenario; 5] = [
    Scenario {
        id: "historical",
        summary: "Historical Variant: Arcadia Conference face-up on the Allied deck; Col. Tsuji in A and Central Force in B face-up and VADM Kondo face-up on the Japanese deck",
        steps: &[
            crate::games::Decision::EmpireOfTheSun(Decision::ArcadiaConference),
            crate::games::Decision::EmpireOfTheSun(Decision::JapaneseOpeningHand),
        ],
    },
    Scenario {
        id: "1942",
        summary: "1942: VADM Kondo face-up on the Japanese deck (17.25.E); Arcadia Conference (D) and the Japanese opening (F) stay on offer",
        steps: &[crate::games::Decision::EmpireOfTheSun(Decision::Kondo1942)],
    },
    Scenario {
        id: "south-pacific",
        summary: "South Pacific: Battle of Savo Island face-up on the Japanese deck",
        steps: &[crate::games::Decision::EmpireOfTheSun(Decision::SouthPacific)],
    },
    Scenario {
        id: "plan-orange",
        summary: "Plan Orange: Japan 1 card remaining, the Allies 2, and the Allies move first",
        steps: &[crate::games::Decision::EmpireOfTheSun(Decision::PlanOrange)],
    },
    Scenario {
        id: "burma",
        summary: "Burma: Japan picks its Future Offensive among its Burma events (or an unseen card) and keeps 3 cards remaining",
        steps: &[crate::games::Decision::EmpireOfTheSun(Decision::Burma)],
    },
];

/// The scenario setup made so far (the code of its first step; 0: none).
pub(super) const SCENARIO_MADE: &str = "scenario set up";
/// Set while Japan chooses its Burma Future Offensive: the six candidates are a question of their
/// own, asked once the player picked the Burma scenario, so the first screen lists Burma once.
pub(super) const BURMA_CHOOSING: &str = "choosing the Burma Future Offensive";
/// `n` of the Burma step that opens the choice.
pub(super) const OPEN_CHOICE: u8 = 1;

/// The scenario a setup step belongs to. Arcadia Conference (17.25.D), Kondo on the deck (17.25.E)
/// and the historical Japanese opening (17.25.F) are one family: the Historical Variant takes D and
/// F, the 1942 scenario any of the three, so they combine freely; the other setups stand alone.
pub(super) fn scenario_of(step: Decision) -> Decision {
    if matches!(step, Decision::JapaneseOpeningHand | Decision::Kondo1942) { Decision::ArcadiaConference } else { step }
}

/// Removes a card from wherever it lies (deck, deck top, display, discards, held). A slot it
/// leaves is refilled later by [`refill_face_down`].
pub(super) fn take_anywhere(table: &mut CardTable, side: u8, card: CardId) -> bool {
    let d = table.deck_index(side);
    if table.decks[d].draw(card) {
        return true;
    }
    if table.decks[d].top == Some(card) {
        table.decks[d].top = None;
        return true;
    }
    if table.displays[side as usize].take(card).is_some() {
        return true;
    }
    if let Some(i) = table.decks[d].discard.iter().position(|x| x.card == card) {
        table.decks[d].discard.remove(i);
        return true;
    }
    table.release(card).is_some()
}

/// Queues a face-down card for every short slot (A, B, D, E) of a display.
pub(super) fn refill_face_down(table: &mut CardTable, side: u8) {
    let display = &table.displays[side as usize];
    let fills: Vec<Pending> = [SlotName::A, SlotName::B, SlotName::D, SlotName::E]
        .into_iter()
        .flat_map(|slot| {
            let missing = (display.target[slot.index()] as usize).saturating_sub(display.slot(slot).len());
            std::iter::repeat_n(Pending::Fill { side, slot, facing: Facing::FaceDown, only_if_short: true }, missing)
        })
        .collect();
    table.pending.extend(fills);
}

/// Puts a card (already taken out) face-up on top of `side`'s deck. While refills are still owed
/// it waits beside the deck (they would take it), and a decision puts it back afterwards.
pub(super) fn put_on_top(table: &mut CardTable, side: u8, card: CardId) {
    let d = table.deck_index(side);
    if let Some(old) = table.decks[d].top.take() {
        table.decks[d].pool.push(old);
    }
    let owed = table.pending.iter().any(|p| matches!(p, Pending::Fill { side: s, .. } if *s == side));
    if owed {
        table.held.push(Held { card, side, place: TOP_PLACE });
    } else {
        table.decks[d].top = Some(card);
    }
}

/// Puts a named card face-up in a slot; the slot's cards go back into the deck.
pub(super) fn put_in_slot(table: &mut CardTable, side: u8, slot: SlotName, card: CardId) {
    if !take_anywhere(table, side, card) {
        return;
    }
    let d = table.deck_index(side);
    let old: Vec<Placed> = table.displays[side as usize].slot_mut(slot).drain(..).collect();
    table.decks[d].pool.extend(old.into_iter().map(|p| p.card));
    table.displays[side as usize].slot_mut(slot).push(Placed { card, face_up: true });
}

pub(super) fn on_top(table: &CardTable, side: u8, card: CardId) -> bool {
    table.deck_of(side).top == Some(card) || held_in(table, side, TOP_PLACE).contains(&card)
}

pub(super) fn face_up_in(table: &CardTable, side: u8, slot: SlotName, card: CardId) -> bool {
    table.display(side).slot(slot).iter().any(|p| p.card == card && p.face_up)
}

pub(super) fn place_on_deck(table: &mut CardTable, side: u8, num: u16) {
    if let Some(card) = find_named(table, side, num)
        && take_anywhere(table, side, card)
    {
        refill_face_down(table, side);
        put_on_top(table, side, card);
    }
}

/// Japan's Burma Future Offensive candidates: the named Burma events not yet discarded or held,
/// and an unseen card of the player's choice while the deck holds anonymous cards.
pub(super) fn burma_choices(table: &CardTable, out: &mut Vec<TableAction>) {
    // Named Burma events in sight or unseen, and an unseen card of the player's choice.
    let discarded: Vec<CardId> = table.deck_of(JAPAN).discard.iter().map(|d| d.card).collect();
    for num in BURMA_EVENTS {
        if let Some(card) = find_named(table, JAPAN, num)
            && !discarded.contains(&card)
            && !table.held.iter().any(|h| h.card == card)
        {
            out.push(special(Decision::Burma, JAPAN, Some(card), 0));
        }
    }
    let d = table.deck_index(JAPAN);
    let unseen_anonymous = table.decks[d].pool.iter().any(|c| table.card_name(*c).is_none())
        || table.display(JAPAN).cards().any(|(_, _, p)| !p.face_up && table.card_name(p.card).is_none());
    if unseen_anonymous {
        out.push(special(Decision::Burma, JAPAN, None, 0));
    }
}
