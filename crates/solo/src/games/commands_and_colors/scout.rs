//! The Scout's replacement where a side may take something else instead of a card: a Spanish
//! Guerrilla Action counter (Napoleonics), or a Victory Banner (Medieval's Melebasa and Solachon,
//! Epic Battles' Raab). The replacement is drawn face-down, then the player says which it was: a
//! drawn card turns it face-up, the counter or banner leaves it face-down.

use super::decision::{Decision, action};
use super::{Sheet, named, scenarios};
use crate::card::CardId;
use crate::games::Special;
use crate::slot::SlotName;
use crate::table::CardTable;
use crate::table_action::TableAction;

/// A Scout's slot (1 + its index) waiting for the player's word on its replacement.
const SCOUT_WAITING: &str = "scout's replacement";

/// What a side may take instead of the Scout's face-up card on this table, if anything.
fn alternative(sheet: Sheet, table: &CardTable, side: u8) -> Option<&'static str> {
    if matches!(sheet, Sheet::Medieval | Sheet::NapoleonicsEpic) && scenarios::scout_banner_side(table) == Some(side) {
        return Some("a Victory Banner");
    }
    // Epic Battles reads the Scout as the Napoleonics sheet does.
    match sheet {
        Sheet::Napoleonics | Sheet::NapoleonicsEpic => Some("a Spanish Guerrilla Action counter"),
        _ => None,
    }
}

/// After a Scout is played: `true` when the choice is the player's (the replacement then stays
/// face-down for now); `false` when it simply comes face-up.
pub(super) fn after_scout(sheet: Sheet, table: &mut CardTable, card: CardId) -> bool {
    let side = table.active();
    match table.last_played_slot {
        Some(slot) => start_choice(sheet, table, card, side, slot),
        None => false,
    }
}

/// When `card` is a Scout whose side may take something else, waits for the player's word on the
/// replacement in `slot` (`true`); otherwise `false`.
pub(super) fn start_choice(sheet: Sheet, table: &mut CardTable, card: CardId, side: u8, slot: SlotName) -> bool {
    let scout = named(table, card).is_some_and(|n| n == "Scout" || n.starts_with("Scout "));
    if !scout || alternative(sheet, table, side).is_none() {
        return false;
    }
    table.set_marker(SCOUT_WAITING, side, i32::try_from(slot.index()).unwrap_or(0) + 1);
    true
}

fn waiting(table: &CardTable) -> Option<(u8, SlotName)> {
    [0u8, 1].into_iter().find_map(|side| {
        let v = table.marker(SCOUT_WAITING, side);
        let slot = usize::try_from(v - 1).ok().and_then(|i| SlotName::ALL.get(i).copied())?;
        Some((side, slot))
    })
}

/// The two answers, and nothing else, while a Scout's replacement waits.
pub(super) fn adjust_legal(table: &CardTable, out: &mut Vec<TableAction>) -> bool {
    let Some((side, _)) = waiting(table) else { return false };
    out.clear();
    out.push(action(Decision::ScoutReplacementFaceUp, side, None, 0));
    out.push(action(Decision::ScoutReplacementFaceDown, side, None, 0));
    true
}

pub(super) fn apply(table: &mut CardTable, special: Special) {
    let Some((side, slot)) = waiting(table) else { return };
    table.set_marker(SCOUT_WAITING, side, 0);
    if Decision::of(special) == Some(Decision::ScoutReplacementFaceUp)
        && let Some(p) = table.displays[usize::from(side)].slot_mut(slot).last_mut()
    {
        p.face_up = true;
    }
}

pub(super) fn id(special: Special) -> Option<String> {
    match Decision::of(special)? {
        Decision::ScoutReplacementFaceUp => Some("scout-replacement-face-up".into()),
        Decision::ScoutReplacementFaceDown => Some("scout-replacement-face-down".into()),
        _ => None,
    }
}

pub(super) fn label(sheet: Sheet, table: &CardTable, special: Special) -> Option<String> {
    let side = &table.sheet().sides[usize::from(special.side & 1)];
    let instead = alternative(sheet, table, special.side).unwrap_or("something else");
    match Decision::of(special)? {
        Decision::ScoutReplacementFaceUp => {
            Some(format!("{side}: the Scout drew a card: its replacement comes face-up"))
        }
        Decision::ScoutReplacementFaceDown => {
            Some(format!("{side}: the Scout took {instead}: its replacement stays face-down"))
        }
        _ => None,
    }
}

pub(super) fn waiting_for(table: &CardTable) -> Option<String> {
    waiting(table).map(|(side, _)| format!("{} to say what its Scout took", table.sheet().sides[usize::from(side)]))
}

pub(super) fn reminders(sheet: Sheet, table: &CardTable, notes: &mut Vec<String>) {
    if let Some((side, slot)) = waiting(table) {
        let instead = alternative(sheet, table, side).unwrap_or("something else");
        notes.push(format!(
            "Scout: the card refilling slot {slot} comes face-up, unless {} took {instead}; then it stays face-down.",
            table.sheet().sides[usize::from(side)]
        ));
    }
}
