//! Epic Battles' Courier Rack: each side's row of face-up Command cards beside its displays. The
//! playsheet leaves it to the EPIC rules and the player's judgement, so the table offers the moves
//! those rules use and keeps the rack in sight: a card dealt face-up from the deck into a rack, a
//! face-up display card moved to the rack (its slot refilled face-down), and a rack card played.
//! In La Grande Battles one rack card is played each turn, beside the Commander in Chief's card.

use super::decision::{Decision, action};
use super::epic_ancients::PLAYED_NOW;
use super::grande_battles;
use crate::games::Special;
use crate::playsheet::Facing;
use crate::table::{CardTable, Held, Pending, Phase};
use crate::table_action::TableAction;

/// Filling the rack happens at setup and when a card says so, not every turn.
pub(super) fn is_tool(special: Special) -> bool {
    matches!(Decision::of(special), Some(Decision::CourierRackDeal | Decision::CourierRackFromDisplay))
}

/// Where the rack's cards are held.
pub(super) const COURIER_RACK: &str = "Courier Rack";
/// 1 once the active side played its rack card this turn (La Grande Battles).
const PLAYED_FROM_RACK: &str = "courier rack card played this turn";

fn rack(table: &CardTable, side: u8) -> Vec<crate::card::CardId> {
    table.held_cards(COURIER_RACK, Some(side))
}

pub(super) fn adjust_legal(table: &CardTable, out: &mut Vec<TableAction>) {
    let active = table.active();
    let start = matches!(table.phase, Phase::Start);
    let choosing = matches!(table.phase, Phase::Choose { .. });
    if !(start || choosing) {
        return;
    }
    for side in [active, 1 - active] {
        out.push(action(Decision::CourierRackDeal, side, None, 0));
    }
    if start {
        let cards: Vec<_> = table.known_face_up(active).map(|(_, c)| c).collect();
        out.extend(cards.into_iter().map(|c| action(Decision::CourierRackFromDisplay, active, Some(c), 0)));
    }
    let once = grande_battles::active(table) && table.marker(PLAYED_FROM_RACK, active) == 1;
    if choosing && !once {
        out.extend(rack(table, active).into_iter().map(|c| action(Decision::CourierRackPlay, active, Some(c), 0)));
    }
}

pub(super) fn apply(table: &mut CardTable, special: Special) {
    let side = special.side;
    match (Decision::of(special), special.card) {
        (Some(Decision::CourierRackDeal), _) => table.pending.push_back(Pending::ToHeld { side, place: COURIER_RACK }),
        (Some(Decision::CourierRackFromDisplay), Some(card)) => {
            if let Some((slot, _)) = table.displays[usize::from(side)].take(card) {
                table.held.push(Held { card, side, place: COURIER_RACK });
                table.pending.push_back(Pending::Fill { side, slot, facing: Facing::FaceDown, only_if_short: true });
            }
        }
        (Some(Decision::CourierRackPlay), Some(card)) if table.release(card).is_some() => {
            table.put_in_discards(side, card);
            table.tags.push((card, PLAYED_NOW[usize::from(side & 1)]));
            table.set_marker(PLAYED_FROM_RACK, side, 1);
        }
        _ => {}
    }
}

pub(super) fn end_of_turn(table: &mut CardTable) {
    let side = table.active();
    table.set_marker(PLAYED_FROM_RACK, side, 0);
}

pub(super) fn id(special: Special) -> Option<String> {
    let side = if special.side == 0 { "first" } else { "second" };
    let card = special.card.map_or(0, |c| c.0);
    match Decision::of(special)? {
        Decision::CourierRackDeal => Some(format!("courier-rack-deal-{side}")),
        Decision::CourierRackFromDisplay => Some(format!("courier-rack-from-display-{card}")),
        Decision::CourierRackPlay => Some(format!("courier-rack-play-{card}")),
        _ => None,
    }
}

pub(super) fn label(table: &CardTable, special: Special) -> Option<String> {
    let side = &table.sheet().sides[usize::from(special.side & 1)];
    let card = special.card.map(|c| table.card_label(c)).unwrap_or_default();
    match Decision::of(special)? {
        Decision::CourierRackDeal => Some(format!("{side}: deal a card face-up from the deck into the Courier Rack")),
        Decision::CourierRackFromDisplay => {
            Some(format!("{side}: move {card} to the Courier Rack (its slot refills face-down)"))
        }
        Decision::CourierRackPlay => Some(if grande_battles::active(table) {
            format!("{side}: play {card} from the Courier Rack (to a battlefield other than the display card's)")
        } else {
            format!("{side}: play {card} from the Courier Rack")
        }),
        _ => None,
    }
}
