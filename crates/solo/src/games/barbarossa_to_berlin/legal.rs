//! The decisions Barbarossa to Berlin offers at each moment: the opening event, the Draw Strategy
//! Cards phase, the Total War steps, operations that use no card, the Soviet Reinforcements
//! exchange, Bomb Plot, hand-size moves and Combat Cards; and the common choices it takes away.

use super::decision::special;
use super::total_war::{push_total_war_begin, total_war_choices};
use super::*;
use crate::table::Phase;

/// Appends this sheet's decisions to the common ones (and removes common ones it rules out).
pub(super) fn adjust_legal(table: &CardTable, out: &mut Vec<TableAction>) {
    let side = table.active();
    if crate::games::is_chance(out) {
        return;
    }
    if let Some(s) = [AXIS, ALLIED].into_iter().find(|s| table.marker(TOTAL_WAR_STAGE, *s) == 1) {
        out.clear();
        if table.marker(TOTAL_WAR_CHOICE, s) == 0 {
            out.extend(
                total_war_choices(table, s).into_iter().map(|c| special(Decision::TotalWarSlotA, s, Some(c), 0)),
            );
        }
        // Unlisted Total War cards exist only where the manifest leaves some cards out.
        if !table.all_named() || table.waiting(s, TOTAL_WAR).is_empty() {
            out.push(special(Decision::TotalWarAddCard, s, None, 0));
            out.push(special(Decision::TotalWarAddCard, s, None, 10));
        }
        out.push(special(Decision::TotalWarReshuffle, s, None, 0));
        return;
    }
    // The Draw Strategy Cards phase: discards against Cards Remaining, then the reset.
    if table.marker(DRAW_PHASE, AXIS) == 1 {
        out.clear();
        for s in [AXIS, ALLIED] {
            if table.cards_remaining(s) > 0 {
                let cards = selectable_of(table, s);
                out.extend(cards.into_iter().map(|c| special(Decision::DrawPhaseDiscard, s, Some(c), 0)));
            }
        }
        out.push(special(Decision::EndDrawPhase, side, None, 0));
        push_total_war_begin(table, out);
        return;
    }
    let start = matches!(table.phase, Phase::Start);
    let choosing = matches!(table.phase, Phase::Choose { played: 0, .. });
    // The Axis picks its opening event before anything else.
    let to_choose = held(table, OPENING_PLACE);
    if !to_choose.is_empty() {
        out.clear();
        out.extend(to_choose.into_iter().map(|c| special(Decision::InitialStrategyCard, AXIS, Some(c), 0)));
        return;
    }
    // On its first turn the Axis plays the opening event instead of rolling, for its event.
    let opening = u16::try_from(table.marker(OPENING, AXIS)).ok().map(CardId);
    out.retain(|a| match a {
        TableAction::PlayBeside { card, purpose } if Some(*card) == opening => *purpose == EVENT,
        _ => true,
    });
    if start && side == AXIS && opening_waits(table) {
        out.retain(|a| !matches!(a, TableAction::Roll));
    }
    if start {
        out.push(special(Decision::BeginDrawPhase, side, None, 0));
        push_total_war_begin(table, out);
        if table.cards_remaining(side) == 0 {
            // Out of cards with actions left: only the operations that use no card (no plain
            // end of the turn: an action round is never skipped).
            out.retain(|a| !matches!(a, TableAction::Pass));
            out.push(special(Decision::AutomaticOperation, side, None, 0));
            if side == ALLIED {
                out.push(special(Decision::PartisanOperation, side, None, 0));
            }
        }
        // The other side's Max Hand Size, as resources change hands (the common marker moves
        // the active side's).
        for n in 0..2u8 {
            out.push(special(Decision::HandSize, 1 - side, None, n));
        }
    }
    if table.marker(BOMB_PLOT_DUE, ALLIED) == 1 && !selectable(table).is_empty() {
        out.push(special(Decision::BombPlot, AXIS, None, 0));
    }
    if let Some(card) = u16::try_from(table.marker(HAND_SIZE_CARD, ALLIED)).ok().filter(|c| *c > 0).map(CardId) {
        for n in 0..2u8 {
            out.push(special(Decision::HandSizeEvent, AXIS, Some(card), n));
        }
    }
    if choosing {
        // The roll always allows a card or an operation without one: no turn ends empty-handed.
        out.retain(|a| !matches!(a, TableAction::Pass));
        out.push(special(Decision::AutomaticOperation, side, None, 0));
        if side == ALLIED {
            out.push(special(Decision::PartisanOperation, side, None, 0));
        }
        // Soviet Reinforcements instead of an allowed card of 3 Ops or more (game turns 1-2).
        if side == ALLIED && !held(table, REINFORCEMENTS_PLACE).is_empty() && game_turn(table) <= 2 {
            let strong: Vec<CardId> = out
                .iter()
                .filter_map(|a| match a {
                    // An unknown value counts: the player, card in hand, knows whether it is 3+.
                    TableAction::Play { card, .. } if table.facts(*card).value.is_none_or(|v| v >= 3) => Some(*card),
                    _ => None,
                })
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            out.extend(strong.into_iter().map(|c| special(Decision::SovietReinforcementsMulligan, ALLIED, Some(c), 0)));
        }
        // The cards that would look at the other hand cannot be played for their events.
        out.retain(|a| match a {
            TableAction::Play { card, purpose } => {
                let event = table.sheet().purposes.get(*purpose as usize).is_some_and(|p| p == "Event");
                !(event && is_hand_revealing(table, *card))
            }
            _ => true,
        });
    }
    // Combat Cards from either display, slot C's face-up card included, while that side has a
    // card remaining, once the turn's card or operation is under way (combats come from it).
    if matches!(table.phase, Phase::Choose { played: 1.., .. }) {
        for s in [AXIS, ALLIED] {
            if table.cards_remaining(s) >= 1 {
                let cards = selectable_of(table, s);
                // A card the manifest says is no Combat Card is not offered.
                out.extend(
                    cards
                        .into_iter()
                        .filter(|c| table.flags(*c).combat != Some(false))
                        .map(|c| special(Decision::CombatCard, s, Some(c), 0)),
                );
            }
        }
    }
}
