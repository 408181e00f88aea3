//! Tactician cards (Napoleonics and Epic Battles): kept face-up beside the display, never part of it,
//! drawn only when a played Command card says so and played whenever the player judges best. They
//! come from their own deck, which stays on the table: cdgsolo counts each side's cards (per
//! battlefield in La Grande Battles) so the display and the count are seen together.

use super::Sheet;
use super::decision::{Decision, action};
use crate::games::Special;
use crate::table::CardTable;
use crate::table_action::TableAction;

/// The count markers: one per side, or one per battlefield (n = 1 to 3) in La Grande Battles.
pub(super) const COUNTS: [&str; 4] = [
    "Tactician cards",
    "Tactician cards (left battlefield)",
    "Tactician cards (center battlefield)",
    "Tactician cards (right battlefield)",
];
const BATTLEFIELDS: [&str; 4] = ["", "left", "center", "right"];

/// The counts in use: per battlefield while La Grande Battles are played, else one.
fn places(table: &CardTable) -> std::ops::RangeInclusive<u8> {
    if super::grande_battles::active(table) { 1..=3 } else { 0..=0 }
}

pub(super) fn adjust_legal(sheet: Sheet, table: &CardTable, out: &mut Vec<TableAction>) {
    if !matches!(sheet, Sheet::Napoleonics | Sheet::NapoleonicsEpic) {
        return;
    }
    for side in [table.active(), 1 - table.active()] {
        for n in places(table) {
            out.push(action(Decision::TacticianDraw, side, None, n));
            if table.marker(COUNTS[usize::from(n)], side) > 0 {
                out.push(action(Decision::TacticianPlay, side, None, n));
            }
        }
    }
}

pub(super) fn apply(table: &mut CardTable, special: Special) {
    let Some(marker) = COUNTS.get(usize::from(special.n)).copied() else { return };
    let count = table.marker(marker, special.side);
    match Decision::of(special) {
        Some(Decision::TacticianDraw) => table.set_marker(marker, special.side, count + 1),
        Some(Decision::TacticianPlay) => table.set_marker(marker, special.side, (count - 1).max(0)),
        _ => {}
    }
}

pub(super) fn id(special: Special) -> Option<String> {
    let side = if special.side == 0 { "first" } else { "second" };
    let field = match BATTLEFIELDS.get(usize::from(special.n)) {
        Some(f) if !f.is_empty() => format!("-{f}"),
        _ => String::new(),
    };
    match Decision::of(special)? {
        Decision::TacticianDraw => Some(format!("tactician-draw-{side}{field}")),
        Decision::TacticianPlay => Some(format!("tactician-play-{side}{field}")),
        _ => None,
    }
}

pub(super) fn label(table: &CardTable, special: Special) -> Option<String> {
    let side = &table.sheet().sides[usize::from(special.side & 1)];
    let field = match BATTLEFIELDS.get(usize::from(special.n)) {
        Some(f) if !f.is_empty() => format!(" for the {f} battlefield"),
        _ => String::new(),
    };
    match Decision::of(special)? {
        Decision::TacticianDraw => Some(format!("{side}: draw a Tactician card{field} (face-up, beside the display)")),
        Decision::TacticianPlay => Some(format!("{side}: play a Tactician card{field}")),
        _ => None,
    }
}
