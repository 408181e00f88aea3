//! Carrying out Barbarossa to Berlin's decisions on the table.

use super::total_war::{UNNAMED_TOTAL_WAR, total_war_reshuffle};
use super::*;
use crate::table::{MAX_MARKER, Phase};

/// Carries out one of this sheet's decisions.
pub(super) fn apply(table: &mut CardTable, special: Special) {
    match (Decision::of(special), special.card) {
        (Some(Decision::InitialStrategyCard), Some(card)) => {
            // The chosen event waits beside the Axis display; the other goes back into the deck.
            for other in held(table, OPENING_PLACE) {
                table.release(other);
                if other == card {
                    table.displays[AXIS as usize].beside.push(card);
                    table.set_marker(OPENING, AXIS, i32::from(card.0));
                } else {
                    let d = table.deck_index(AXIS);
                    table.decks[d].pool.push(other);
                }
            }
            table.deal_front_pair();
        }
        (Some(Decision::SovietReinforcementsMulligan), Some(card)) => {
            table.discard_card(ALLIED, card, Some(Facing::MaintainFacing));
            if let Some(reinforcements) = held(table, REINFORCEMENTS_PLACE).first().copied() {
                table.release(reinforcements);
                table.put_in_discards(ALLIED, reinforcements);
            }
            table.cards_remaining[ALLIED as usize] = table.cards_remaining[ALLIED as usize].saturating_sub(1);
            if let Phase::Choose { face, .. } = table.phase {
                table.phase = Phase::Choose { face, played: 1, slot_rest: None };
            }
        }
        // An automatic operation may bring combats (and Combat Cards): the turn goes on to its
        // end; a Partisan placement has none.
        (Some(Decision::AutomaticOperation), _) => {
            let face = if let Phase::Choose { face, .. } = table.phase { face } else { 0 };
            table.phase = Phase::Choose { face, played: 1, slot_rest: None };
        }
        (Some(Decision::PartisanOperation), _) => table.end_turn(),
        (Some(Decision::HandSize | Decision::HandSizeEvent), _) => {
            let s = usize::from(special.side & 1);
            let h = table.max_hand_size[s];
            table.max_hand_size[s] = if special.n == 0 { h.saturating_sub(1).max(1) } else { (h + 1).min(MAX_MARKER) };
        }
        (Some(Decision::CombatCard), Some(card)) => {
            let s = special.side;
            // Refilled from slot C keeping the top card's facing; a card from C leaves the next
            // top card face-down.
            table.discard_card(s, card, Some(Facing::MaintainFacing));
            table.cards_remaining[s as usize] = table.cards_remaining[s as usize].saturating_sub(1);
        }
        (Some(Decision::BeginDrawPhase), _) => table.set_marker(DRAW_PHASE, AXIS, 1),
        (Some(Decision::TotalWarBegin), _) => table.set_marker(TOTAL_WAR_STAGE, special.side, 1),
        (Some(Decision::TotalWarSlotA), Some(card)) => {
            table.set_marker(TOTAL_WAR_CHOICE, special.side, i32::from(card.0))
        }
        (Some(Decision::TotalWarAddCard), _) => {
            let s = special.side;
            // Into the waiting part: they join with the others at the reshuffle.
            for _ in 0..special.n.max(1) {
                let card = table.add_anonymous_card(s);
                let d = table.deck_index(s);
                table.decks[d].pool.retain(|c| *c != card);
                table.held.push(crate::table::Held { card, side: s, place: UNNAMED_TOTAL_WAR });
            }
            let added = table.marker(TOTAL_WAR_ADDED, s) + i32::from(special.n.max(1));
            table.set_marker(TOTAL_WAR_ADDED, s, added);
        }
        (Some(Decision::TotalWarReshuffle), _) => total_war_reshuffle(table, special.side),
        (Some(Decision::BombPlot), _) => {
            table.set_marker(BOMB_PLOT_DUE, ALLIED, 0);
            table.ask_random_selection(AXIS, special);
        }
        (Some(Decision::DrawPhaseDiscard), Some(card)) => {
            let s = special.side;
            table.discard_card(s, card, Some(Facing::MaintainFacing));
            table.cards_remaining[s as usize] = table.cards_remaining[s as usize].saturating_sub(1);
        }
        (Some(Decision::EndDrawPhase), _) => {
            for s in [AXIS, ALLIED] {
                table.cards_remaining[s as usize] = table.max_hand_size(s);
            }
            table.set_marker(DRAW_PHASE, AXIS, 0);
            let turn = game_turn(table) + 1;
            table.set_marker(GAME_TURN, AXIS, turn);
            table.set_marker(GAME_TURN, ALLIED, turn);
            // Unused by the end of game turn 2, the Soviet Reinforcements go with no effect.
            if turn > 2 {
                for card in held(table, REINFORCEMENTS_PLACE) {
                    table.release(card);
                    table.put_in_discards(ALLIED, card);
                }
            }
        }
        _ => {}
    }
}
