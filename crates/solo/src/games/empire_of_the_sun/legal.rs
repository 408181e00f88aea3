//! The decisions on offer at each moment: the swap with the discards, the scenario setups, the
//! phase 4.14 markers, Mandatory plays and discards, the Offensive Segment pass, Future Offensives,
//! Reactions, "draw one strategy card" and Japan's card loss.

use super::decision::{Decision, special};
use super::setup::{BURMA_CHOOSING, OPEN_CHOICE, SCENARIO_MADE, burma_choices, face_up_in, on_top, scenario_of};
use super::{
    ALLIES, ARCADIA_CONFERENCE, CENTRAL_FORCE, COL_TSUJI, EVENT, FO_PLACE, JAPAN, JAPAN_LOSS, KONDO, MANDATORY_TAG,
    MAY_DRAW, OPERATIONS, PASSES, REACTION_PURPOSE, RESHUFFLE_DUE, SANDCRAB_COTTAGE, SAVO_ISLAND, SWAP, SWAP_EVENT,
    face_down_places, find_named, forces_reshuffle, game_turn, hand_size_due, held_in, id_of, in_turn, is, is_start,
    mandatory, may_be_mandatory, offensive_over, setup_time, visible,
};
use crate::card::CardId;
use crate::slot::SlotName;
use crate::table::{CardTable, Phase};
use crate::table_action::TableAction;

/// Appends the decisions this game adds at this moment (and removes common ones it replaces).
pub(super) fn adjust_legal(table: &CardTable, out: &mut Vec<TableAction>) {
    if crate::games::is_chance(out) {
        return;
    }
    // A hand holds at most seven cards in this game.
    if table.cards_remaining(table.active()) >= 7 {
        out.retain(|a| !matches!(a, TableAction::Marker(crate::table_action::MarkerOp::CardsRemainingUp)));
    }
    if table.marker(BURMA_CHOOSING, JAPAN) != 0 {
        // The Burma question stands alone until it is answered.
        out.clear();
        burma_choices(table, out);
        return;
    }
    if !in_turn(table) {
        return;
    }
    // A new game turn asks each side's hand size (Japan's first) before anything else.
    if let Some(side) = [JAPAN, ALLIES].into_iter().find(|s| hand_size_due(table, *s)) {
        out.clear();
        out.extend((4..=7u8).map(|n| special(Decision::HandSize, side, None, n)));
        return;
    }
    let active = table.active();
    let inactive = 1 - active;
    let start = is_start(table);
    out.retain(|a| match a {
        TableAction::Play { purpose, .. }
        | TableAction::PlayBeside { purpose, .. }
        | TableAction::DigPlay { purpose, .. } => *purpose != REACTION_PURPOSE,
        _ => true,
    });

    // A swap with the discards under way: choose the display card, then the discard.
    let swap = table.marker(SWAP, active);
    if swap != 0 && matches!(table.phase, Phase::Choose { .. }) {
        if swap == -1 {
            let up = visible(table, active);
            if up.is_empty() {
                for (slot, i) in face_down_places(table, active) {
                    let n = u8::try_from(slot.index() * 16 + i).unwrap_or(0);
                    out.push(special(Decision::SwapOut, active, None, n));
                }
            } else {
                out.extend(up.into_iter().map(|c| special(Decision::SwapOut, active, Some(c), 0)));
            }
        } else {
            let chosen = id_of(swap);
            // The event card doing the swap is not among the cards it can take back.
            let event = id_of(table.marker(SWAP_EVENT, active));
            let discards: Vec<CardId> = table
                .deck_of(active)
                .discard
                .iter()
                .filter(|d| d.face_up && Some(d.card) != chosen && Some(d.card) != event)
                .map(|d| d.card)
                .collect();
            out.extend(discards.into_iter().map(|c| special(Decision::SwapIn, active, Some(c), 0)));
        }
    }

    if setup_time(table) {
        if let Some(card) = find_named(table, ALLIES, ARCADIA_CONFERENCE)
            && !on_top(table, ALLIES, card)
        {
            out.push(special(Decision::ArcadiaConference, ALLIES, None, 0));
        }
        let opening = [COL_TSUJI, CENTRAL_FORCE, KONDO].map(|n| find_named(table, JAPAN, n));
        if let [Some(tsuji), Some(central), Some(kondo)] = opening
            && !(face_up_in(table, JAPAN, SlotName::A, tsuji)
                && face_up_in(table, JAPAN, SlotName::B, central)
                && on_top(table, JAPAN, kondo))
        {
            out.push(special(Decision::JapaneseOpeningHand, JAPAN, None, 0));
        }
        if let Some(kondo) = opening[2]
            && !on_top(table, JAPAN, kondo)
        {
            out.push(special(Decision::Kondo1942, JAPAN, None, 0));
        }
        if let Some(savo) = find_named(table, JAPAN, SAVO_ISLAND)
            && !on_top(table, JAPAN, savo)
        {
            out.push(special(Decision::SouthPacific, JAPAN, None, 0));
        }
        if active == JAPAN {
            out.push(special(Decision::PlanOrange, ALLIES, None, 0));
        }
        let mut candidates = Vec::new();
        burma_choices(table, &mut candidates);
        if held_in(table, JAPAN, FO_PLACE).is_empty() && !candidates.is_empty() {
            out.push(special(Decision::Burma, JAPAN, None, OPEN_CHOICE));
        }
        // Once a scenario's setup is under way, the other scenarios' steps are gone.
        let made = u8::try_from(table.marker(SCENARIO_MADE, JAPAN)).unwrap_or(0);
        if made != 0 {
            out.retain(|a| match a {
                TableAction::Special(s) => match Decision::of(*s) {
                    Some(step) if step.is_scenario_step() => scenario_of(step).scenario_marker() == i32::from(made),
                    _ => true,
                },
                _ => true,
            });
        }
    }

    if start {
        // With no card left on either side, passing back and forth is no step: the turn is over.
        if offensive_over(table) {
            out.retain(|a| !matches!(a, TableAction::Pass));
        }
        out.push(special(Decision::NewGameTurn, active, None, 0));
        if game_turn(table) > 1 {
            out.push(special(Decision::GameTurnBack, active, None, 0));
        }
        for side in [JAPAN, ALLIES] {
            for n in 4..=7u8 {
                if table.cards_remaining(side) != n {
                    out.push(special(Decision::HandSize, side, None, n));
                }
            }
            out.push(special(Decision::PassesUp, side, None, 0));
            if table.marker(PASSES, side) > 0 {
                out.push(special(Decision::PassesDown, side, None, 0));
            }
            if table.marker(RESHUFFLE_DUE, side) == 1 {
                out.push(special(Decision::MandatoryReshuffle, side, None, 0));
            }
        }
        // With one card remaining, a face-up Mandatory card is played without rolling.
        let forced = mandatory(table, active);
        if table.cards_remaining(active) == 1 && !forced.is_empty() {
            out.retain(|a| !matches!(a, TableAction::Roll | TableAction::PlayBeside { .. }));
            for card in forced {
                out.push(special(Decision::MandatoryPlay, active, Some(card), OPERATIONS));
                out.push(special(Decision::MandatoryPlay, active, Some(card), EVENT));
            }
        }
        // Discarding Tojo Resigns or Soviets Invade Manchuria (or a Mandatory card) goes through
        // this game's own discard, which remembers the reshuffle it forces.
        let mut replaced = Vec::new();
        out.retain(|a| match a {
            TableAction::Discard(card)
                if forces_reshuffle(table, *card) || table.tags.iter().any(|(c, _)| c == card) =>
            {
                replaced.push(*card);
                false
            }
            _ => true,
        });
        out.extend(replaced.into_iter().map(|c| special(Decision::Discard, active, Some(c), 0)));
    }

    // The Offensive Segment pass, after the roll.
    if let Phase::Choose { played: 0, face, .. } = table.phase
        && face != 0
    {
        // A pass spends a Pass marker: without one the side plays what the roll allows. The
        // plain "end the turn" stays only when the roll leaves nothing at all to play.
        crate::games::pass_after_roll_only_as_last_resort(table, out);
        if table.marker(PASSES, active) > 0 {
            out.retain(|a| !matches!(a, TableAction::Pass));
            out.push(special(Decision::OffensiveSegmentPass, active, None, 0));
        }
        // A "C" result lets the side play a Future Offensive instead.
        if matches!(face, 1 | 3 | 5) {
            for card in held_in(table, active, FO_PLACE) {
                out.retain(|a| !matches!(a, TableAction::Pass));
                out.push(special(Decision::FutureOffensivePlay, active, Some(card), OPERATIONS));
                out.push(special(Decision::FutureOffensivePlay, active, Some(card), EVENT));
            }
        }
    }

    // Declaring a face-up card Mandatory once its conditions are met.
    for side in [JAPAN, ALLIES] {
        for card in visible(table, side) {
            if may_be_mandatory(table, card) && !table.tags.iter().any(|(c, m)| *c == card && *m == MANDATORY_TAG) {
                out.push(special(Decision::DeclareMandatory, side, Some(card), 0));
            }
        }
    }
    // Operation Sandcrab-Cottage may be discarded as a play at any time.
    for card in visible(table, ALLIES) {
        if is(table, card, ALLIES, SANDCRAB_COTTAGE) {
            out.push(special(Decision::SandcrabCottage, ALLIES, Some(card), 0));
        }
    }
    // The inactive side's Reactions: a face-up card, or a Future Offensive.
    let need = if mandatory(table, inactive).is_empty() { 1 } else { 2 };
    if table.cards_remaining(inactive) >= need {
        // A card the manifest says is no Reaction card is not offered.
        for card in visible(table, inactive).into_iter().filter(|c| table.flags(*c).reaction != Some(false)) {
            out.push(special(Decision::Reaction, inactive, Some(card), 0));
        }
    }
    if table.cards_remaining(inactive) >= 1 {
        for card in held_in(table, inactive, FO_PLACE) {
            out.push(special(Decision::FutureOffensiveReaction, inactive, Some(card), 0));
        }
    }
    // A Future Offensive played as an EC Offensive to win initiative.
    for side in [active, inactive] {
        for card in held_in(table, side, FO_PLACE) {
            out.push(special(Decision::FutureOffensiveInitiative, side, Some(card), 0));
        }
    }
    for side in [active, inactive] {
        if table.marker(MAY_DRAW, side) != 0 {
            out.push(special(Decision::DrawOneStrategyCard, side, None, 0));
        }
    }
    if let Some(card) = id_of(table.marker(JAPAN_LOSS, ALLIES))
        && table.cards_remaining(JAPAN) > 0
    {
        out.push(special(Decision::JapanLosesCard, ALLIES, Some(card), 0));
    }
}
