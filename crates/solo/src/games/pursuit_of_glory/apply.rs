//! Carrying out Pursuit of Glory's decisions on the table.

use super::cards::{NO_PRISONERS, is};
use super::*;
use crate::playsheet::ReshuffleKind;

/// Carries out one of this sheet's decisions.
pub(super) fn apply(table: &mut CardTable, special: Special) {
    let side = special.side & 1;
    match Decision::of(special) {
        Some(Decision::SetAsideRussoBritishAssault | Decision::SetAsideFourOpsCard) => {
            let d = table.deck_index(side);
            let card = special.card.or_else(|| {
                let unseen = unseen(table, side);
                let pool: Vec<CardId> = unseen.iter().copied().filter(|c| table.decks[d].pool.contains(c)).collect();
                let from = if pool.is_empty() { unseen } else { pool };
                from.into_iter().filter(|c| table.card_name(*c).is_none()).min()
            });
            if let Some(card) = card
                && take_unseen(table, side, card)
            {
                if Decision::of(special) == Some(Decision::SetAsideFourOpsCard)
                    && let Some(f) = table.facts.get_mut(card.0 as usize)
                {
                    f.value = Some(4);
                }
                table.displays[side as usize].beside.push(card);
                set_marker_card(table, FIRST_TURN_CARD, side, Some(card));
            }
        }
        Some(Decision::IsCombatCard) => {
            if let Some(card) = special.card
                && combat_card(table, card).is_none()
            {
                table.tags.push((card, COMBAT_TAG));
            }
        }
        Some(Decision::DeclineRussoBritishAssault) => {
            if let Some(card) = special.card
                && table.display(ALLIES).beside.contains(&card)
            {
                table.displays[ALLIES as usize].beside.retain(|c| *c != card);
                let d = table.deck_index(ALLIES);
                table.decks[d].pool.push(card);
                set_marker_card(table, FIRST_TURN_CARD, ALLIES, None);
                table.set_marker(ASSAULT_DECLINED, ALLIES, 1);
            }
        }
        Some(Decision::EightCardHands) => {
            table.max_hand_size = [8, 8];
            table.cards_remaining = [8, 8];
        }
        Some(Decision::BeginDrawPhase) => {
            table.set_marker(DRAW_PHASE, 0, 1);
            for s in 0..2u8 {
                table.set_marker(DRAW_DISCARDS_LEFT, s, i32::from(table.cards_remaining(s)));
            }
        }
        Some(Decision::DrawPhaseDiscard) => {
            if let Some(card) = special.card
                && table.discard_card(side, card, None).is_some()
            {
                let left = table.marker(DRAW_DISCARDS_LEFT, side);
                table.set_marker(DRAW_DISCARDS_LEFT, side, left - 1);
            }
        }
        Some(Decision::EndDrawPhase) => {
            table.set_marker(DRAW_PHASE, 0, 0);
            table.set_marker(GAME_TURN, ALLIES, table.marker(GAME_TURN, ALLIES) + 1);
            for s in 0..2u8 {
                table.set_marker(ROUNDS, s, 0);
                table.set_marker(DRAW_DISCARDS_LEFT, s, 0);
                table.cards_remaining[s as usize] = table.max_hand_size(s);
                let display = &table.displays[s as usize];
                let fills: Vec<Pending> = [SlotName::A, SlotName::B, SlotName::D, SlotName::E]
                    .into_iter()
                    .flat_map(|slot| {
                        let missing = (display.target[slot.index()] as usize).saturating_sub(display.slot(slot).len());
                        std::iter::repeat_n(
                            Pending::Fill { side: s, slot, facing: Facing::FaceDown, only_if_short: true },
                            missing,
                        )
                    })
                    .collect();
                table.pending.extend(fills);
            }
        }
        Some(Decision::AutomaticOperation) => {
            if let Phase::Choose { face, .. } = table.phase {
                table.phase = Phase::Choose { face, played: 1, slot_rest: None };
            }
        }
        Some(Decision::CombatBegins) => table.set_marker(COMBAT, ALLIES, 1),
        Some(Decision::CombatEnds) => table.set_marker(COMBAT, ALLIES, 0),
        Some(Decision::CombatEventCard) => {
            let Some(card) = special.card else { return };
            if table.discard_card(side, card, Some(Facing::MaintainFacing)).is_none() {
                return;
            }
            table.cards_remaining[side as usize] = table.cards_remaining[side as usize].saturating_sub(1);
            if is(table, card, NO_PRISONERS) {
                pass_over(table, side, card);
            } else {
                set_marker_card(table, PLAYED, side, Some(card));
            }
        }
        Some(Decision::UsePassedCard) => {
            if let Some(card) = special.card
                && let Some(h) = table.release(card)
            {
                // Used in combat, it changes hands again.
                table.held.push(Held { card, side: 1 - h.side, place: PASSED });
            }
        }
        Some(Decision::PassCard) => {
            if let Some(card) = special.card {
                pass_over(table, side, card);
                set_marker_card(table, PLAYED, side, None);
            }
        }
        Some(Decision::CancelGreece) => {
            let Some(kc) = special.card else { return };
            if table.discard_card(CENTRAL, kc, Some(table.sheet().discard_refill)).is_some() {
                let cr = &mut table.cards_remaining[CENTRAL as usize];
                *cr = cr.saturating_sub(1);
                table.set_marker(EXTRA_TURN, ALLIES, 1);
            }
        }
        Some(Decision::FlipInactiveDisplay) => {
            flip_everything(table, side);
            set_marker_card(table, EVENT_PLAYED, 1 - side, None);
        }
        Some(Decision::WarStatusReshuffle) => {
            if let Some(part) = joining_part(table, special) {
                table.join_part(special.side, &part);
            }
            table.reshuffle(special.side, ReshuffleKind::Redeal);
        }
        None => {}
    }
    check_exhausted(table);
}
