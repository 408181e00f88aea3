//! The decisions Pursuit of Glory offers at each moment: the first-turn cards at setup, eight-card
//! hands, the Draw Strategy Card phase, the War Status reshuffles, the automatic operation of an
//! empty deck, Combat Event cards, the cards that change hands, Djemal and Lawrence, and Greece
//! against King Constantine; and the common choices it takes away.

use super::cards::{
    DJEMAL, GREECE, JAFAR_PASHA, KING_CONSTANTINE, LAWRENCE, NO_PRISONERS, RUSSO_BRITISH_ASSAULT, could_be, find_named,
};
use super::decision::special;
use super::*;

/// Appends this sheet's decisions to the common ones (and removes common ones it rules out).
pub(super) fn adjust_legal(table: &CardTable, out: &mut Vec<TableAction>) {
    let active = table.active();
    if !matches!(table.phase, Phase::Start | Phase::Choose { .. } | Phase::FlipChoice { .. }) {
        return;
    }
    if in_draw_phase(table) {
        out.clear();
        // Only face-up Combat cards may go, slot C's face-up top card among them; of a card whose
        // type the table does not know, the player says first whether it is one.
        for side in 0..2u8 {
            if table.marker(DRAW_DISCARDS_LEFT, side) > 0 {
                for card in face_up_cards(table, side) {
                    match combat_card(table, card) {
                        Some(true) => out.push(special(Decision::DrawPhaseDiscard, side, Some(card), 0)),
                        None => out.push(special(Decision::IsCombatCard, side, Some(card), 0)),
                        Some(false) => {}
                    }
                }
            }
        }
        out.push(special(Decision::EndDrawPhase, 0, None, 0));
        return;
    }
    // Six action rounds a turn: once both sides have played theirs, the Draw Strategy Card phase
    // is the next step (offered as such), never a seventh roll or play.
    if is_start(table) && super::draw_phase_due(table) {
        out.retain(|a| !matches!(a, TableAction::Roll | TableAction::PlayBeside { .. } | TableAction::Pass));
    }
    // The first-turn cards: Russo-British Assault only for its event, both only in their
    // side's first turn.
    out.retain(|a| match a {
        TableAction::PlayBeside { card, purpose } if marker_card(table, FIRST_TURN_CARD, active) == Some(*card) => {
            first_turn(table, active) && (active != ALLIES || *purpose == EVENT)
        }
        _ => true,
    });
    if is_start(table) {
        let declined = table.marker(ASSAULT_DECLINED, ALLIES) == 1;
        if table.turn == 1
            && !declined
            && marker_card(table, FIRST_TURN_CARD, ALLIES).is_none()
            && unseen(table, ALLIES).iter().any(|c| table.card_name(*c).is_none())
        {
            out.push(special(Decision::SetAsideRussoBritishAssault, ALLIES, None, 0));
        }
        // The Assault "may be chosen": the Allies may leave it in their deck instead.
        if let Some(card) = marker_card(table, FIRST_TURN_CARD, ALLIES)
            && table.turn == 1
            && table.display(ALLIES).beside.contains(&card)
        {
            out.push(special(Decision::DeclineRussoBritishAssault, ALLIES, Some(card), 0));
        }
        if table.turn <= 2 && marker_card(table, FIRST_TURN_CARD, CENTRAL).is_none() {
            // The deck is searched: any named 4-Ops card not in sight may be taken (in sight or not is
            // all the offer depends on, so it tells nothing hidden).
            let unseen = unseen(table, CENTRAL);
            let mut named: Vec<CardId> = unseen
                .iter()
                .copied()
                .filter(|c| table.card_name(*c).is_some() && table.facts(*c).value == Some(4))
                .collect();
            named.sort_unstable();
            out.extend(named.into_iter().map(|c| special(Decision::SetAsideFourOpsCard, CENTRAL, Some(c), 0)));
            if unseen.iter().any(|c| table.card_name(*c).is_none()) {
                out.push(special(Decision::SetAsideFourOpsCard, CENTRAL, None, 0));
            }
        }
        if table.turn == 1 && (table.max_hand_size(0) != 8 || table.max_hand_size(1) != 8) {
            out.push(special(Decision::EightCardHands, 0, None, 0));
        }
        out.push(special(Decision::BeginDrawPhase, 0, None, 0));
        // Per side: the reshuffle that adds the next part a manifest keeps out of its deck (a
        // side commits to Limited War before Total War, so the parts join in the manifest's
        // order), or a plain one when no part waits.
        for side in [ALLIES, CENTRAL] {
            let parts = table.later_parts(side);
            let next = parts.iter().position(|part| !table.waiting(side, part).is_empty());
            let n = next.map_or(0, |k| u8::try_from(k + 1).unwrap_or(u8::MAX));
            out.push(special(Decision::WarStatusReshuffle, side, None, n));
        }
    }
    // The sheet has no pass: after the roll a card is played, or, with nothing to play and the
    // deck empty, the automatic operation takes the turn.
    crate::games::pass_after_roll_only_as_last_resort(table, out);
    if let Phase::Choose { played: 0, .. } = table.phase
        && table.deck_of(active).is_empty()
        && table.eligible().is_ok_and(|e| e.is_empty())
    {
        out.retain(|a| !matches!(a, TableAction::Pass));
        out.push(special(Decision::AutomaticOperation, active, None, 0));
    }
    let played = played_count(table).is_some_and(|p| p > 0);
    let in_combat = table.marker(COMBAT, ALLIES) == 1;
    if played && !in_combat {
        // The table cannot see the board: the player says when a combat begins.
        out.push(special(Decision::CombatBegins, active, None, 0));
    }
    if played && in_combat {
        // Combat: face-up cards of either display, and the cards passed over.
        for side in [active, 1 - active] {
            if table.cards_remaining(side) > 0 {
                // A card the manifest says is no Combat card is not offered.
                for card in face_up_cards(table, side).into_iter().filter(|c| table.flags(*c).combat != Some(false)) {
                    out.push(special(Decision::CombatEventCard, side, Some(card), 0));
                }
            }
        }
        for h in table.held.iter().filter(|h| h.place == PASSED) {
            out.push(special(Decision::UsePassedCard, h.side, Some(h.card), 0));
        }
        out.push(special(Decision::CombatEnds, active, None, 0));
    }
    if played {
        // The card each side just played, if it may be one of the cards that change hands.
        for side in [active, 1 - active] {
            if let Some(card) = marker_card(table, PLAYED, side) {
                let d = table.deck_index(side);
                let on_discards = table.decks[d].discard.last().is_some_and(|x| x.card == card);
                let passable = (side == CENTRAL && could_be(table, card, JAFAR_PASHA))
                    || (side == ALLIES && table.card_name(card).is_none() && could_be(table, card, NO_PRISONERS));
                if on_discards && passable {
                    out.push(special(Decision::PassCard, side, Some(card), 0));
                }
            }
        }
        if let Some(card) = marker_card(table, EVENT_PLAYED, active) {
            let flips = (active == CENTRAL && table.card_name(card).is_none() && could_be(table, card, DJEMAL))
                || (active == ALLIES && table.card_name(card).is_none() && could_be(table, card, LAWRENCE));
            if flips {
                out.push(special(Decision::FlipInactiveDisplay, 1 - active, None, 0));
            }
            if active == ALLIES && could_be(table, card, GREECE) && table.marker(EXTRA_TURN, ALLIES) == 0 {
                for kc in face_up_cards(table, CENTRAL) {
                    if could_be(table, kc, KING_CONSTANTINE) {
                        out.push(special(Decision::CancelGreece, CENTRAL, Some(kc), 0));
                    }
                }
            }
        }
    }
    // Russo-British Assault unused in Action Round 1 loses its event for good (as a play or as
    // a Combat Event card); it stays usable for everything else.
    // Declined at setup, it is an ordinary card of the deck.
    let assault = find_named(table, RUSSO_BRITISH_ASSAULT).or_else(|| marker_card(table, FIRST_TURN_CARD, ALLIES));
    if table.turn > 1
        && table.marker(ASSAULT_DECLINED, ALLIES) == 0
        && let Some(assault) = assault
    {
        out.retain(|a| match a {
            TableAction::Play { card, purpose } => !(*card == assault && *purpose == EVENT),
            TableAction::Special(s) => {
                !(Decision::of(*s) == Some(Decision::CombatEventCard) && s.card == Some(assault))
            }
            _ => true,
        });
    }
}
