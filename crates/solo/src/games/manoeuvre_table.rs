//! The Manoeuvre playsheet's card rules on the bare card table ("Card Modifications", Scout/Spy):
//! once a Scout/Spy card is played, a card chosen on the Random Card Selection Chart is discarded
//! from the inactive side's display: a slot holding a face-up card, then any card of that slot. A
//! manifest naming the card starts the selection at once; without one the player says, right after
//! the play, that the card was a Scout/Spy.

use super::{Special, SpecialRules};
use crate::card::CardId;
use crate::table::{CardTable, Phase};
use crate::table_action::TableAction;

/// The decisions this sheet adds to the common table, each named after the playsheet paragraph
/// (or board-game step) it carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Decision {
    /// "Card Modifications", Scout/Spy: the card just played was a Scout/Spy, so a card of the
    /// inactive side's display, picked on the Random Card Selection Chart, is discarded.
    ScoutSpyDiscard = 1,
}

impl Decision {
    /// The decision a special action carries (`None` for another game's decision).
    pub(crate) fn of(special: Special) -> Option<Self> {
        match special.decision {
            crate::games::Decision::ManoeuvreTable(d) => Some(d),
            _ => None,
        }
    }
}

/// One of this sheet's decisions: the one place a decision becomes its code.
fn special(d: Decision, side: u8, card: Option<CardId>) -> Special {
    Special::new(crate::games::Decision::ManoeuvreTable(d), side, card)
}

/// 1 + the id of the card just played when the table cannot tell whether it was a Scout/Spy.
const UNNAMED_PLAY: &str = "unnamed HQ card just played";

pub(super) struct Rules;

fn is_scout_or_spy(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.contains("scout") || name.contains("spy")
}

impl SpecialRules for Rules {
    fn adjust_legal(&self, table: &CardTable, out: &mut Vec<TableAction>) {
        if super::is_chance(out) || !matches!(table.phase, Phase::Choose { .. }) {
            return;
        }
        let active = table.active();
        let just_played = table.marker(UNNAMED_PLAY, active);
        if let Some(card) = just_played.checked_sub(1).and_then(|c| u16::try_from(c).ok()).map(CardId)
            && !table.selection_slots(1 - active).is_empty()
        {
            out.push(TableAction::Special(special(Decision::ScoutSpyDiscard, active, Some(card))));
        }
    }

    fn apply(&self, table: &mut CardTable, special: Special) {
        if Decision::of(special) == Some(Decision::ScoutSpyDiscard) {
            table.set_marker(UNNAMED_PLAY, special.side, 0);
            table.ask_random_selection(1 - special.side, special);
        }
    }

    fn after_play(&self, table: &mut CardTable, card: CardId, _purpose: u8) {
        let active = table.active();
        if table.marker(UNNAMED_PLAY, active) != 0 {
            table.set_marker(UNNAMED_PLAY, active, 0);
        }
        match table.card_name(card).map(|n| is_scout_or_spy(&n.name)) {
            // The card is revealed by its play: the discard follows at once.
            Some(true) if !table.selection_slots(1 - active).is_empty() => {
                table.ask_random_selection(1 - active, special(Decision::ScoutSpyDiscard, active, Some(card)));
            }
            Some(_) => {}
            // A unit card is never a Scout/Spy; an HQ card or an unknown one may be.
            None if table.facts(card).special != Some(false) => {
                table.set_marker(UNNAMED_PLAY, active, i32::from(card.0) + 1);
            }
            None => {}
        }
    }

    fn selection_counts_face_down(&self, special: Special) -> bool {
        // The sheet's second roll is among the cards a stacked slot holds, whatever their facing.
        Decision::of(special) == Some(Decision::ScoutSpyDiscard)
    }

    fn after_selection(&self, table: &mut CardTable, special: Special, target: u8, card: CardId) {
        if Decision::of(special) == Some(Decision::ScoutSpyDiscard) {
            table.discard_card(target, card, Some(table.sheet().discard_refill));
        }
    }

    fn end_of_turn(&self, table: &mut CardTable) {
        let active = table.active();
        if table.marker(UNNAMED_PLAY, active) != 0 {
            table.set_marker(UNNAMED_PLAY, active, 0);
        }
    }

    fn id(&self, special: Special) -> String {
        let Some(decision) = Decision::of(special) else { return super::CommonOnly.id(special) };
        match decision {
            Decision::ScoutSpyDiscard => format!("scout-spy-discard-{}", special.card.map_or(0, |c| c.0)),
        }
    }

    fn label(&self, table: &CardTable, special: Special) -> String {
        let Some(decision) = Decision::of(special) else { return super::CommonOnly.label(table, special) };
        let side = &table.sheet().sides[usize::from(special.side & 1)];
        let other = &table.sheet().sides[usize::from((1 - special.side) & 1)];
        let card = special.card.map(|c| table.card_label(c)).unwrap_or_default();
        match decision {
            Decision::ScoutSpyDiscard => {
                format!("{side}: {card} was a Scout/Spy: discard a random card from {other}'s display")
            }
        }
    }
}
