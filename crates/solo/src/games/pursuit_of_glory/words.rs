//! What a player reads of Pursuit of Glory's rules: each decision's stable id and label, and the
//! reminders of the sheet's rules that matter at the moment.

use super::cards::{DJEMAL, ENVER, JAFAR_PASHA, LAWRENCE, NO_PRISONERS, UNIT_OR_VP, is, is_named_somewhere};
use super::*;

/// The stable id of one of this sheet's decisions.
pub(super) fn id(special: Special) -> String {
    let card = special.card.map_or(0, |c| c.0);
    match Decision::of(special) {
        Some(Decision::SetAsideRussoBritishAssault) => "pog-set-aside-russo-british-assault".into(),
        Some(Decision::SetAsideFourOpsCard) => format!("pog-set-aside-4-ops-{card}"),
        Some(Decision::EightCardHands) => "pog-eight-card-hands".into(),
        Some(Decision::BeginDrawPhase) => "pog-draw-phase".into(),
        Some(Decision::DrawPhaseDiscard) => format!("pog-draw-phase-discard-{card}"),
        Some(Decision::EndDrawPhase) => "pog-draw-phase-end".into(),
        Some(Decision::AutomaticOperation) => "pog-automatic-operation".into(),
        Some(Decision::CombatEventCard) => format!("pog-combat-{card}"),
        Some(Decision::UsePassedCard) => format!("pog-combat-passed-{card}"),
        Some(Decision::PassCard) => format!("pog-pass-{card}"),
        Some(Decision::CancelGreece) => format!("pog-cancel-greece-{card}"),
        Some(Decision::FlipInactiveDisplay) => format!("pog-flip-inactive-{}", special.side),
        Some(Decision::IsCombatCard) => format!("pog-is-combat-card-{card}"),
        Some(Decision::DeclineRussoBritishAssault) => "pog-keep-russo-british-assault-in-deck".into(),
        Some(Decision::CombatBegins) => "pog-combat-begins".into(),
        Some(Decision::CombatEnds) => "pog-combat-ends".into(),
        Some(Decision::WarStatusReshuffle) => {
            let side = if special.side == ALLIES { "allies" } else { "central-powers" };
            match special.n {
                0 => format!("pog-war-status-reshuffle-{side}"),
                n => format!("pog-war-status-reshuffle-{side}-part-{n}"),
            }
        }
        // Only this module makes its actions, so every code it meets is one of its own.
        None => "unknown-decision".into(),
    }
}

/// The label a player reads for one of this sheet's decisions.
pub(super) fn label(table: &CardTable, special: Special) -> String {
    let side = side_name(table, special.side).to_string();
    let other = side_name(table, 1 - special.side).to_string();
    let card = special.card.map(|c| table.card_label(c)).unwrap_or_default();
    match Decision::of(special) {
        Some(Decision::SetAsideRussoBritishAssault) => {
            format!("{side}: take Russo-British Assault out of the deck and set it aside for the first turn")
        }
        Some(Decision::SetAsideFourOpsCard) if special.card.is_some() => {
            format!("{side}: set {card} aside as the 4-Ops card for their first turn")
        }
        Some(Decision::SetAsideFourOpsCard) => {
            format!("{side}: take the 4-Ops card of their choice out of the deck and set it aside for their first turn")
        }
        Some(Decision::IsCombatCard) => format!("{side}: {card} is a Combat card (so it may be discarded now)"),
        Some(Decision::DeclineRussoBritishAssault) => {
            format!("{side}: do not keep Russo-British Assault for the first turn: shuffle it back into the deck")
        }
        Some(Decision::EightCardHands) => {
            "optional eight-card hands: Max Hand Size and Cards Remaining 8 for both sides".into()
        }
        Some(Decision::BeginDrawPhase) if super::draw_phase_due(table) => {
            "both sides have played six action rounds: begin the Draw Strategy Card phase".into()
        }
        Some(Decision::BeginDrawPhase) => {
            "begin the Draw Strategy Card phase (both sides), which follows the sixth action round".into()
        }
        Some(Decision::DrawPhaseDiscard) => {
            format!("Draw Strategy Card phase: {side} discards the Combat card {card}")
        }
        Some(Decision::EndDrawPhase) => {
            "end the Draw Strategy Card phase: reset Cards Remaining and fill empty slots A, B, D, E face-down".into()
        }
        Some(Decision::AutomaticOperation) => {
            format!("{side}: no card can be played and the deck is empty: automatic 1-Ops operation")
        }
        Some(Decision::CombatEventCard) => format!("{side}: play {card} as a Combat Event card in this combat"),
        Some(Decision::CombatBegins) => {
            "a combat begins on the board (mark it: Combat Event cards may then be played in it)".into()
        }
        Some(Decision::CombatEnds) => "the combat is over (no more Combat Event cards for it)".into(),
        Some(Decision::UsePassedCard) => {
            format!("{side}: use {card} from beside the display in this combat (it then goes to {other})")
        }
        Some(Decision::PassCard) if table.card_name(special.card.unwrap_or(CardId(0))).is_some() => {
            format!("{side}: pass {card} to {other}")
        }
        Some(Decision::PassCard) => format!(
            "{side}: {card} was {}: pass it to {other}",
            if special.side == ALLIES { NO_PRISONERS.name } else { JAFAR_PASHA.name }
        ),
        Some(Decision::CancelGreece) => {
            format!("{other}: cancel Greece with King Constantine ({card}); the Allies then play again")
        }
        Some(Decision::FlipInactiveDisplay) => format!(
            "the event just played was {}: turn every face-down card of {side} face-up, deck top included",
            if special.side == ALLIES { DJEMAL.name } else { LAWRENCE.name }
        ),
        Some(Decision::WarStatusReshuffle) => match joining_part(table, special) {
            None => format!(
                "War Status reshuffle ({side}): the display to the discards, reshuffle the deck and deal as at setup"
            ),
            Some(part) => format!(
                "War Status reshuffle ({side}) adding the {} {part} cards: the display to the discards, shuffle \
                 them in with the deck and deal as at setup",
                table.waiting(special.side, &part).len()
            ),
        },
        None => "an action this sheet does not know".into(),
    }
}

/// Reminders of the sheet's rules that matter at this moment.
pub(super) fn reminders(table: &CardTable) -> Vec<String> {
    let mut out = Vec::new();
    let active = table.active();
    let named = table.has_named_cards();
    if in_draw_phase(table) {
        out.push(
            "Draw Strategy Card phase: each side may discard one face-up Combat card per card it has left; \
             then Cards Remaining goes back to the Max Hand Size and empty slots A, B, D and E get face-down cards."
                .into(),
        );
        return out;
    }
    if is_start(table)
        && table.turn == 1
        && marker_card(table, FIRST_TURN_CARD, ALLIES).is_none()
        && table.marker(ASSAULT_DECLINED, ALLIES) == 0
    {
        out.push(
            "Setup: the Allies may keep Russo-British Assault aside for their first turn (the manifest does not \
             name it, so take it from the deck with the set-aside action)."
                .into(),
        );
    }
    if is_start(table) && table.turn <= 2 && marker_card(table, FIRST_TURN_CARD, CENTRAL).is_none() {
        out.push("Setup: the Central Powers set aside a 4-Ops card of their choice for their first turn.".into());
    }
    if let Some(card) = marker_card(table, FIRST_TURN_CARD, active)
        && table.display(active).beside.contains(&card)
        && first_turn(table, active)
    {
        if is_start(table) && first_turn(table, active) {
            out.push(if active == ALLIES {
                format!("First turn: instead of rolling, the Allies may play {} for its event.", table.card_label(card))
            } else {
                format!(
                    "First turn: instead of rolling, the Central Powers may play their 4-Ops card {}.",
                    table.card_label(card)
                )
            });
        }
        out.push(format!(
            "If {} is not played from beside the display, it takes the place of the first card played from the display, face-up.",
            table.card_label(card)
        ));
    }
    if is_start(table) && table.cards_remaining(active) <= 1 {
        out.push(
            "After the sixth action round comes the Draw Strategy Card phase: use the action that begins it.".into(),
        );
    }
    for side in 0..2u8 {
        if deck_and_discards_empty(table, side) {
            out.push(format!(
                "{}'s deck and discards are empty: no refills, Cards Remaining at most 4, and a roll that allows no card \
                 gives an automatic 1-Ops operation.",
                side_name(table, side)
            ));
        }
    }
    if played_count(table).is_some_and(|p| p > 0) {
        out.push(
            "In a combat, either side may play face-up Combat Event cards (attacker first); their slots refill \
             keeping the deck top's facing."
                .into(),
        );
        for h in table.held.iter().filter(|h| h.place == PASSED) {
            out.push(format!(
                "{} holds {} beside its display: usable in any combat without lowering Cards Remaining.",
                side_name(table, h.side),
                table.card_label(h.card)
            ));
        }
    }
    if let Some(card) = marker_card(table, EVENT_PLAYED, active) {
        let unnamed = table.card_name(card).is_none();
        if active == CENTRAL {
            if is(table, card, ENVER) || (unnamed && !is_named_somewhere(table, ENVER)) {
                out.push(format!(
                    "If this event is {}, only its first part happens: the look at the Allies' hand is skipped.",
                    ENVER.name
                ));
            }
            let vp: Vec<&str> = UNIT_OR_VP
                .iter()
                .filter(|n| is(table, card, **n) || (unnamed && !is_named_somewhere(table, **n)))
                .map(|n| n.name)
                .collect();
            if !vp.is_empty() {
                out.push(format!(
                    "If this event is {}, you decide for the Allies whether they remove a unit or give up the VP.",
                    vp.join(", ")
                ));
            }
        }
        if (active == CENTRAL && is(table, card, DJEMAL)) || (active == ALLIES && is(table, card, LAWRENCE)) {
            out.push("The inactive display has been turned face-up; now conduct operations with this card.".into());
        }
    }
    if !named && matches!(table.phase, Phase::Start) && table.turn == 1 {
        out.push(
            "Without a manifest the table cannot recognise the sheet's cards: after a play it offers the rules of \
             No Prisoners, Jafar Pasha, Djemal, Lawrence and Greece for the card just played, and you say whether \
             it is that card."
                .into(),
        );
    }
    out
}
