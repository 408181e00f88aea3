//! La Grande Battles (Epic Battles): each side has a Commander in Chief display and a Corps
//! Commander display. The Corps pair is dealt at the start (its Max Hand Sizes set by the player,
//! the Variable Hand Size table comparing Corps with Corps), then waits behind the Commander in Chief
//! pair. A turn plays a card from the Commander in Chief display as the Fate Die allows, one Courier
//! Rack card, then rolls again for the Corps Commander display and plays one of its allowed cards;
//! the turn's end brings the Commander in Chief pair back. Infantry Squares always act on the
//! Commander in Chief displays, even when formed during the Corps step.

use super::decision::{Decision, action};
use crate::games::Special;
use crate::table::{CardTable, MAX_MARKER, Phase};
use crate::table_action::TableAction;

/// Side 0's value: 1 while the Corps displays are being set up, 2 once the battle is under way.
const STAGE: &str = "La Grande Battles";
/// Side 0's value: 1 while the Corps Commander pair is in front for a turn's second roll.
const CORPS_IN_FRONT: &str = "corps commander step";
/// Side 0's value: 1 when the Commander in Chief pair was brought forward for an Infantry Square
/// during the Corps step and goes back once the table settles.
const SQUARE_FROM_CORPS: &str = "square formed during the corps step";

const CIC: &str = "Commander in Chief";
const CORPS: &str = "Corps Commander";

/// Whether the table is playing La Grande Battles.
pub(super) fn active(table: &CardTable) -> bool {
    table.other_pair.is_some()
}

fn stage(table: &CardTable) -> i32 {
    table.marker(STAGE, 0)
}

fn special(d: Decision, side: u8) -> TableAction {
    action(d, side, None, 0)
}

/// The decisions of La Grande Battles; `true` when they replace every other one (the setup).
pub(super) fn adjust_legal(table: &CardTable, out: &mut Vec<TableAction>) -> bool {
    if !active(table) {
        // La Grande Battles is a kind of scenario of its own: not once an EPIC scenario is chosen.
        if table.at_first_decision() && !super::scenarios::in_play(table) {
            out.push(special(Decision::LaGrandeBattles, 0));
        }
        return false;
    }
    if stage(table) == 1 {
        out.clear();
        for side in [0u8, 1] {
            if table.max_hand_size(side) < MAX_MARKER {
                out.push(special(Decision::CorpsHandSizeUp, side));
            }
            if table.max_hand_size(side) > 1 {
                out.push(special(Decision::CorpsHandSizeDown, side));
            }
        }
        out.push(special(Decision::CorpsDisplaysReady, 0));
        return true;
    }
    if table.marker(CORPS_IN_FRONT, 0) == 0 && matches!(table.phase, Phase::Choose { played: 1.., .. }) {
        // The turn goes on to the Corps Commander's roll instead of ending.
        out.retain(|a| !matches!(a, TableAction::EndTurn | TableAction::Pass));
        out.push(special(Decision::CorpsCommanderRoll, table.active()));
    }
    false
}

pub(super) fn apply(table: &mut CardTable, special: Special) {
    let side = usize::from(special.side & 1);
    let Some(decision) = Decision::of(special) else { return };
    match decision {
        Decision::LaGrandeBattles => {
            table.open_second_pair(CIC, CORPS);
            table.swap_pairs();
            table.deal_front_pair();
            table.set_marker(STAGE, 0, 1);
        }
        Decision::CorpsHandSizeUp => {
            table.max_hand_size[side] = (table.max_hand_size[side] + 1).min(MAX_MARKER);
            table.reconcile_hand_sizes();
        }
        Decision::CorpsHandSizeDown => {
            table.max_hand_size[side] = table.max_hand_size[side].saturating_sub(1).max(1);
            table.reconcile_hand_sizes();
            // Still setting up: extra cards the smaller difference no longer calls for go back into
            // the deck (in play a side keeps them until played).
            for s in 0..2 {
                let display = &mut table.displays[s];
                for slot in 0..display.slots.len() {
                    while display.slots[slot].len() > usize::from(display.target[slot]) {
                        if let Some(p) = display.slots[slot].pop() {
                            table.decks[0].pool.push(p.card);
                        }
                    }
                }
            }
        }
        Decision::CorpsDisplaysReady => {
            table.swap_pairs();
            table.set_marker(STAGE, 0, 2);
        }
        Decision::CorpsCommanderRoll => {
            table.swap_pairs();
            table.set_marker(CORPS_IN_FRONT, 0, 1);
            table.phase = Phase::Rolling;
        }
        _ => {}
    }
}

/// Before an Infantry Square changes a Commander in Chief display during the Corps step: that pair
/// comes forward until the table settles.
pub(super) fn bring_commander_in_chief_forward(table: &mut CardTable) {
    if table.marker(CORPS_IN_FRONT, 0) == 1 && table.marker(SQUARE_FROM_CORPS, 0) == 0 {
        table.swap_pairs();
        table.set_marker(SQUARE_FROM_CORPS, 0, 1);
    }
}

/// Once the square's card has moved and every refill is drawn, the Corps pair returns.
pub(super) fn settled(table: &mut CardTable) -> bool {
    if table.marker(SQUARE_FROM_CORPS, 0) == 1 && !matches!(table.phase, Phase::Selecting { .. }) {
        table.swap_pairs();
        table.set_marker(SQUARE_FROM_CORPS, 0, 0);
    }
    false
}

pub(super) fn end_of_turn(table: &mut CardTable) {
    if table.marker(CORPS_IN_FRONT, 0) == 1 {
        table.swap_pairs();
        table.set_marker(CORPS_IN_FRONT, 0, 0);
    }
}

pub(super) fn id(special: Special) -> Option<String> {
    let side = if special.side == 0 { "first" } else { "second" };
    match Decision::of(special)? {
        Decision::LaGrandeBattles => Some("la-grande-battles".into()),
        Decision::CorpsHandSizeUp => Some(format!("corps-hand-size-up-{side}")),
        Decision::CorpsHandSizeDown => Some(format!("corps-hand-size-down-{side}")),
        Decision::CorpsDisplaysReady => Some("corps-displays-ready".into()),
        Decision::CorpsCommanderRoll => Some("corps-commander-roll".into()),
        _ => None,
    }
}

pub(super) fn label(table: &CardTable, special: Special) -> Option<String> {
    let side = &table.sheet().sides[usize::from(special.side & 1)];
    match Decision::of(special)? {
        Decision::LaGrandeBattles => {
            Some("play La Grande Battles: deal each side a Corps Commander display too".into())
        }
        Decision::CorpsHandSizeUp => Some(format!("{side}: Corps Commander Max Hand Size +1 (the biggest Corps hand)")),
        Decision::CorpsHandSizeDown => Some(format!("{side}: Corps Commander Max Hand Size -1")),
        Decision::CorpsDisplaysReady => {
            Some("the Corps Commander displays are ready: begin with the Commanders in Chief".into())
        }
        Decision::CorpsCommanderRoll => Some(format!(
            "{side}: on to the Corps Commander display: roll the Fate Die again for its card (the third battlefield)"
        )),
        _ => None,
    }
}

pub(super) fn waiting_for(table: &CardTable) -> Option<String> {
    (active(table) && stage(table) == 1).then(|| "the Corps Commander displays' hand sizes".into())
}

pub(super) fn reminders(table: &CardTable, notes: &mut Vec<String>) {
    if !active(table) {
        return;
    }
    if stage(table) == 1 {
        notes.push(
            "La Grande Battles: set each side's Corps Commander Max Hand Size (the biggest Corps Commander hand); the \
             Variable Hand Size table compares Corps with Corps. Assign the scenario's Tactician cards to their \
             battlefields."
                .into(),
        );
        return;
    }
    if table.marker(CORPS_IN_FRONT, 0) == 1 {
        notes.push(format!(
            "Corps Commander step: the displays shown are the Corps Commanders'; play one allowed card to the third \
             battlefield. Cards that count Command use this display's Max Hand Size ({}).",
            table.max_hand_size(table.active())
        ));
    } else if matches!(table.phase, Phase::Choose { .. }) {
        notes.push(
            "La Grande Battles: the Commander in Chief card and a Courier Rack card of your choice go to two different \
             battlefields (section cards to their own; Force March orders infantry in one section only), then the \
             Corps Commander rolls for the third."
                .into(),
        );
    }
}
