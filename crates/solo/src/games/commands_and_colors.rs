//! The Commands & Colors sheets' special rules on the card table (Epic Ancients II, Medieval,
//! Napoleonics, Napoleonics Epic Battles share most of them): First Strike (and Medieval's Ambush)
//! played out of turn without a roll; Scout and Order One Unit cards refilling face-up; Medieval's
//! Inspired Action tokens (the active side's at will, the inactive side's on `!!`); Epic Ancients'
//! Field Command plays (up to three under one roll) and the card turned up after a turn with a single
//! play; Infantry Squares; and, in the submodules, Epic Ancients' turn mechanisms, the Scout's
//! alternatives, Tactician cards, the Courier Rack, La Grande Battles and the scenario rules. Cards
//! are recognised by the names a deck manifest gives them; without one, the out-of-turn reactions
//! are offered for any face-up card, the player knowing which is which.

mod courier_rack;
mod decision;
mod epic_ancients;
mod grande_battles;
mod scenarios;
mod scout;
mod tactician;

use super::{Special, SpecialRules};
use crate::card::CardId;
use crate::fate_die;
use crate::playsheet::Facing;
use crate::table::{CardTable, Pending, Phase};
use crate::table_action::TableAction;
pub(crate) use decision::Decision;
use decision::{Room, action};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Sheet {
    EpicAncients,
    Medieval,
    Napoleonics,
    NapoleonicsEpic,
}

pub(super) struct Rules(pub Sheet);

impl Rules {
    /// The rules of a Commands & Colors sheet by its playsheet id (Napoleonics for an unknown id).
    fn for_sheet(id: &str) -> Rules {
        Rules(match id {
            "cc-epic-ancients" => Sheet::EpicAncients,
            "cc-medieval" => Sheet::Medieval,
            "cc-napoleonics-epic" => Sheet::NapoleonicsEpic,
            _ => Sheet::Napoleonics,
        })
    }
}

const SQUARE_TRACK: &str = "Infantry Square track";

const TOKENS: &str = "inspired action tokens";
/// 1 once the inactive side has used a token on the current `!!` roll; every new roll clears it,
/// since each `!!` (a reroll's included) triggers its own Inspired Battlefield Action.
const INACTIVE_TOKEN_USED: &str = "inactive token used on this roll";
/// Field Command cards played this turn (Epic Ancients).
const FIELD_COMMANDS: &str = "field commands this turn";
/// 1 once an Army Command card has been played this turn (Epic Ancients).
const ARMY_COMMAND: &str = "army command this turn";

fn named(table: &CardTable, card: CardId) -> Option<&str> {
    table.card_name(card).map(|n| n.name.as_str())
}

impl Rules {
    /// The names of the cards this sheet lets the inactive side play out of turn without a roll.
    fn reactions(&self) -> &'static [&'static str] {
        match self.0 {
            Sheet::Medieval => &["First Strike", "Ambush"],
            _ => &["First Strike"],
        }
    }

    /// A card whose replacement comes face-up.
    fn refills_face_up(&self, name: &str) -> bool {
        match self.0 {
            Sheet::EpicAncients => name.starts_with("Order One Unit"),
            // Napoleonics prints a Scout card per flank ("Scout Left Flank").
            _ => name == "Scout" || name.starts_with("Scout "),
        }
    }

    /// Reminders about face-up cards whose wording the sheet reads in its own way.
    fn card_reminders(&self, table: &CardTable, notes: &mut Vec<String>) {
        let active = table.active();
        let in_sight: Vec<&str> = table.known_face_up(active).filter_map(|(_, c)| named(table, c)).collect();
        if self.0 == Sheet::Medieval && in_sight.iter().any(|n| *n == "Cry Havoc" || *n == "Rally") {
            notes.push(format!(
                "Cry Havoc and Rally count the Command cards held as the Command level: {} for {} (the Max Hand Size \
                 marker).",
                table.max_hand_size(active),
                table.sheet().sides[usize::from(active & 1)]
            ));
        }
        if matches!(self.0, Sheet::Napoleonics | Sheet::NapoleonicsEpic)
            && in_sight.iter().any(|n| n.starts_with("Leadership"))
        {
            notes.push("A Leadership card's order count is the number of the side's own leaders on the board.".into());
        }
        if self.0 == Sheet::Napoleonics && table.turn == 1 && matches!(table.phase, Phase::Start) {
            notes.push(
                "Spanish Guerrilla Action, Battalion Mass and Iron Will counters (expansions 1, 3 and 4) belong to the \
                 non-French side; use them as you judge best."
                    .into(),
            );
        }
    }

    fn purpose_is(table: &CardTable, purpose: u8, word: &str) -> bool {
        table.sheet().purposes.get(purpose as usize).is_some_and(|p| p == word)
    }
}

impl SpecialRules for Rules {
    fn waiting_for(&self, table: &CardTable) -> Option<String> {
        scout::waiting_for(table)
            .or_else(|| epic_ancients::waiting_for(table))
            .or_else(|| scenarios::waiting_for(table))
            .or_else(|| grande_battles::waiting_for(table))
    }

    fn shown_markers(&self) -> &'static [(&'static str, super::MarkerShown)] {
        use super::MarkerShown::{PerSide, PerSideIfSet, TableIfSet};
        &[
            (TOKENS, PerSide),
            (FIELD_COMMANDS, PerSideIfSet),
            (tactician::COUNTS[0], PerSideIfSet),
            (tactician::COUNTS[1], PerSideIfSet),
            (tactician::COUNTS[2], PerSideIfSet),
            (tactician::COUNTS[3], PerSideIfSet),
            (scenarios::MEDELLIN_EXTRAS, TableIfSet),
            (scenarios::ZEHDENICK_SABRES, PerSideIfSet),
        ]
    }

    fn adjust_legal(&self, table: &CardTable, out: &mut Vec<TableAction>) {
        if super::is_chance(out) {
            return;
        }
        // A Reaction card answers the other side's play: the inactive side plays it out of turn
        // (below), never the active side during its own turn.
        out.retain(|a| match a {
            TableAction::Play { purpose, .. }
            | TableAction::PlayBeside { purpose, .. }
            | TableAction::DigPlay { purpose, .. } => !Self::purpose_is(table, *purpose, "Reaction"),
            _ => true,
        });
        if epic_ancients::turn_up_choices(table, out) {
            return;
        }
        if scout::adjust_legal(table, out) || scenarios::adjust_legal(self.0, table, out) {
            return;
        }
        if self.0 == Sheet::NapoleonicsEpic && grande_battles::adjust_legal(table, out) {
            return;
        }
        let active = table.active();
        let inactive = 1 - active;
        let live = matches!(table.phase, Phase::Start | Phase::Choose { .. }) && !table.needs_description();
        if live {
            // Out-of-turn reactions: named ones with a manifest, any face-up card without.
            let named_table = !table.names.is_empty();
            let cards: Vec<CardId> = table
                .known_face_up(inactive)
                .map(|(_, c)| c)
                .filter(|&c| {
                    !named_table
                        || named(table, c).is_some_and(|n| self.reactions().contains(&n))
                        || table.flags(c).reaction == Some(true)
                })
                .collect();
            out.extend(cards.into_iter().map(|c| action(Decision::Reaction, inactive, Some(c), 0)));
        }
        // Infantry Squares (Napoleonics sheets): either side may form one when it defends, and a
        // square on the board may dissolve.
        if matches!(self.0, Sheet::Napoleonics | Sheet::NapoleonicsEpic) && live {
            for side in [active, inactive] {
                if table.known_face_up(side).next().is_some() && table.max_hand_size(side) > 1 {
                    out.push(action(Decision::FormSquare, side, None, 0));
                }
                if table.held.iter().any(|h| h.side == side && h.place == SQUARE_TRACK) {
                    out.push(action(Decision::DissolveSquare, side, None, 0));
                }
            }
        }
        if self.0 == Sheet::Medieval && live {
            out.push(action(Decision::GainInspiredToken, active, None, 0));
            if table.marker(TOKENS, active) > 0 {
                out.push(action(Decision::SpendInspiredToken, active, None, 0));
            }
            let rolled_bang = table.last_roll() == Some(1);
            let used = table.marker(INACTIVE_TOKEN_USED, inactive) > 0;
            if rolled_bang && !used && table.marker(TOKENS, inactive) > 0 {
                out.push(action(Decision::InactiveInspiredToken, inactive, None, 0));
            }
        }
        // Epic Ancients: up to three Field Command cards per nation under one roll, none after an
        // Army Command.
        if self.0 == Sheet::EpicAncients
            && let Phase::Choose { face, played, .. } = table.phase
            && played >= 1
            && u32::from(played) < epic_ancients::field_command_limit(table)
            && face != 0
            && table.marker(ARMY_COMMAND, active) == 0
            && table.marker(FIELD_COMMANDS, active)
                == i32::from(match table.phase {
                    Phase::Choose { played, .. } => played,
                    _ => 0,
                })
        {
            let facts = |c: CardId| table.facts(c);
            if let Ok(cards) =
                fate_die::eligible_cards(table.sheet(), face, table.display(active), table.visible_top(active), &facts)
            {
                let field = table.sheet().purposes.iter().position(|p| p == "Field Command").unwrap_or(1) as u8;
                out.extend(cards.into_iter().map(|card| TableAction::Play { card, purpose: field }));
            }
        }
        epic_ancients::adjust_legal(self.0, table, out);
        epic_ancients::end_turn_after_single_play(self.0, table, out);
        if live {
            tactician::adjust_legal(self.0, table, out);
        }
        if self.0 == Sheet::NapoleonicsEpic {
            courier_rack::adjust_legal(table, out);
        }
    }

    fn apply(&self, table: &mut CardTable, special: Special) {
        let side = special.side;
        let Some(decision) = Decision::of(special) else { return };
        match decision {
            Decision::Reaction => {
                if let Some(card) = special.card
                    && let Some(slot) = table.discard_card(side, card, Some(Facing::FaceDown))
                {
                    scenarios::after_reaction(table, side, slot);
                }
            }
            Decision::GainInspiredToken => table.set_marker(TOKENS, side, table.marker(TOKENS, side) + 1),
            Decision::SpendInspiredToken => table.set_marker(TOKENS, side, (table.marker(TOKENS, side) - 1).max(0)),
            Decision::FormSquare => {
                grande_battles::bring_commander_in_chief_forward(table);
                table.max_hand_size[side as usize] = table.max_hand_size(side).saturating_sub(1).max(1);
                table.ask_random_selection(side, special);
            }
            Decision::DissolveSquare => {
                grande_battles::bring_commander_in_chief_forward(table);
                // The square's card waits beside the display to fill the side's next empty slot.
                if let Some(h) = table.held.iter_mut().find(|h| h.side == side && h.place == SQUARE_TRACK) {
                    h.place = crate::table::NEXT_REFILL;
                }
                table.max_hand_size[side as usize] = (table.max_hand_size(side) + 1).min(crate::table::MAX_MARKER);
                table.reconcile_hand_sizes();
                scenarios::reapply_extra_slots(table);
            }
            Decision::InactiveInspiredToken => {
                table.set_marker(TOKENS, side, (table.marker(TOKENS, side) - 1).max(0));
                table.set_marker(INACTIVE_TOKEN_USED, side, 1);
            }
            owned => match owned.room() {
                Room::EpicAncients => epic_ancients::apply(table, special),
                Room::Scout => scout::apply(table, special),
                Room::Tactician => tactician::apply(table, special),
                Room::CourierRack => courier_rack::apply(table, special),
                Room::GrandeBattles => grande_battles::apply(table, special),
                Room::Scenarios => scenarios::apply(table, special),
                Room::Common => {} // carried out above
            },
        }
    }

    fn after_roll(&self, table: &mut CardTable, _face: u8) {
        if self.0 == Sheet::Medieval {
            for side in 0..2 {
                if table.marker(INACTIVE_TOKEN_USED, side) != 0 {
                    table.set_marker(INACTIVE_TOKEN_USED, side, 0);
                }
            }
        }
    }

    fn after_game_roll(&self, table: &mut CardTable, special: Special, face: u8) {
        epic_ancients::after_game_roll(table, special, face);
        scenarios::after_game_roll(table, special, face);
    }

    fn game_roll_label(&self, table: &CardTable, special: Special, face: u8) -> Option<String> {
        epic_ancients::roll_label(special, face).or_else(|| scenarios::roll_label(table, special, face))
    }

    fn decision_moved_sides(&self, action_id: &str) -> bool {
        // Before the flip after a one-card turn was read as that side's own last step, the record
        // credited it to the side whose turn came next.
        action_id.starts_with("single-play-turn-up-")
    }

    fn reveals(&self, _table: &CardTable, special: Special) -> bool {
        // A copied Order One Unit turns the Counter-attack's face-down replacement up; a Scout that
        // drew a card turns its replacement up.
        matches!(
            Decision::of(special),
            Some(Decision::CounterAttackCopies | Decision::SinglePlayTurnUp | Decision::ScoutReplacementFaceUp)
        )
    }

    fn scenarios(&self) -> &'static [crate::scenario::Scenario] {
        match self.0 {
            Sheet::Medieval => &scenarios::MEDIEVAL_SCENARIOS,
            Sheet::Napoleonics => &scenarios::NAPOLEONICS_SCENARIOS,
            Sheet::NapoleonicsEpic => &scenarios::EPIC_BATTLES_SCENARIOS,
            Sheet::EpicAncients => &[],
        }
    }

    fn after_selection(&self, table: &mut CardTable, special: Special, target: u8, card: CardId) {
        if scenarios::after_selection(table, special, target, card) {
            return;
        }
        if Decision::of(special) == Some(Decision::FormSquare) {
            // The random card goes to the square track; its slot refills face-down; the hands are
            // evened out again with the Variable Hand Size table.
            if let Some((slot, _)) = table.displays[target as usize].take(card) {
                table.held.push(crate::table::Held { card, side: target, place: SQUARE_TRACK });
                table.pending.push_back(Pending::Fill {
                    side: target,
                    slot,
                    facing: Facing::FaceDown,
                    only_if_short: true,
                });
            }
            table.reconcile_hand_sizes();
            scenarios::reapply_extra_slots(table);
        }
    }

    fn after_play(&self, table: &mut CardTable, card: CardId, purpose: u8) {
        let active = table.active();
        scenarios::after_play(table, card);
        if named(table, card).is_some_and(|n| self.refills_face_up(n)) {
            // Its replacement, just queued, comes face-up (unless the player may have taken a counter
            // or a banner instead: then it is drawn face-down and the player says).
            if !scout::after_scout(self.0, table, card) {
                // Only the played card's own slot: a scenario may have queued other cards, which
                // come face-down.
                let played = table.last_played_slot;
                for pending in table.pending.iter_mut() {
                    if let Pending::Fill { side, slot, facing, .. } = pending
                        && *side == active
                        && Some(*slot) == played
                        && *facing == Facing::FaceDown
                    {
                        *facing = Facing::FaceUp;
                    }
                }
            }
            if self.0 == Sheet::Medieval {
                table.set_marker(TOKENS, active, table.marker(TOKENS, active) + 1);
            }
        }
        if self.0 == Sheet::EpicAncients {
            // The played card's vacancy waits for the end of the turn.
            epic_ancients::defer_refills(table);
        }
        if self.0 == Sheet::EpicAncients && named(table, card) == Some("I Am Spartacus") {
            // Its reshuffle: face-down display cards of both sides go, deck and discards are shuffled
            // together, and every emptied slot gets a face-down card.
            table.reshuffle(active, crate::playsheet::ReshuffleKind::DiscardFaceDown);
        }
        epic_ancients::after_play(self.0, table, card, Self::purpose_is(table, purpose, "Field Command"));
        if self.0 == Sheet::EpicAncients {
            if Self::purpose_is(table, purpose, "Field Command") {
                table.set_marker(FIELD_COMMANDS, active, table.marker(FIELD_COMMANDS, active) + 1);
            } else if Self::purpose_is(table, purpose, "Army Command") {
                table.set_marker(ARMY_COMMAND, active, 1);
            }
        }
    }

    fn settled(&self, table: &mut CardTable) -> bool {
        let turn_ended = epic_ancients::settled(table);
        grande_battles::settled(table) || turn_ended
    }

    fn end_of_turn(&self, table: &mut CardTable) {
        epic_ancients::end_of_turn(table);
        scenarios::end_of_turn(table);
        courier_rack::end_of_turn(table);
        grande_battles::end_of_turn(table);
        if self.0 != Sheet::EpicAncients {
            return;
        }
        let active = table.active();
        // The turn's vacancies are filled now (after a single play they already were, before the
        // card was turned up).
        epic_ancients::fill_vacancies(table);
        table.set_marker(FIELD_COMMANDS, active, 0);
        table.set_marker(ARMY_COMMAND, active, 0);
    }

    fn surplus_refills(&self) -> bool {
        // Napoleonics and Epic Battles, Infantry Square: with hands back at parity the extra card
        // refills the side's next empty slot instead of a draw.
        matches!(self.0, Sheet::Napoleonics | Sheet::NapoleonicsEpic)
    }

    fn selection_counts_face_down(&self, special: Special) -> bool {
        // The square's second roll picks among every card of the selected slot.
        Decision::of(special) == Some(Decision::FormSquare)
    }

    fn is_tool(&self, _table: &CardTable, special: Special) -> bool {
        // Steps the board game calls for only now and then: forming or dissolving a square, taking a
        // Tactician card or an Inspired Action token a card or event grants, filling the Courier Rack.
        matches!(
            Decision::of(special),
            Some(
                Decision::FormSquare | Decision::DissolveSquare | Decision::GainInspiredToken | Decision::TacticianDraw
            )
        ) || courier_rack::is_tool(special)
    }

    fn id(&self, special: Special) -> String {
        let Some(decision) = Decision::of(special) else { return super::CommonOnly.id(special) };
        let card = special.card.map_or(String::new(), |c| format!("-{}", c.0));
        let side = special.side;
        let owned = match decision {
            Decision::Reaction => return format!("reaction{card}"),
            Decision::FormSquare => return format!("form-square-{side}"),
            Decision::DissolveSquare => return format!("dissolve-square-{side}"),
            Decision::GainInspiredToken => return format!("gain-inspired-token-{side}"),
            Decision::SpendInspiredToken => return format!("spend-inspired-token-{side}"),
            Decision::InactiveInspiredToken => return format!("inactive-inspired-token-{side}"),
            owned => match owned.room() {
                Room::EpicAncients => epic_ancients::id(special),
                Room::Scout => scout::id(special),
                Room::Tactician => tactician::id(special),
                Room::CourierRack => courier_rack::id(special),
                Room::GrandeBattles => grande_battles::id(special),
                Room::Scenarios => scenarios::id(self.0, special),
                Room::Common => None, // named above
            },
        };
        // A scenario this sheet does not list has no id of its own.
        owned.unwrap_or_else(|| super::CommonOnly.id(special))
    }

    fn label(&self, table: &CardTable, special: Special) -> String {
        let Some(decision) = Decision::of(special) else { return super::CommonOnly.label(table, special) };
        let name = &table.sheet().sides[(special.side & 1) as usize];
        let card = special.card.map_or(String::new(), |c| table.card_label(c));
        let owned = match decision {
            Decision::Reaction => return format!("{name}: play {card} out of turn as a reaction, with no roll"),
            Decision::FormSquare => {
                return format!("{name} forms an Infantry Square: Max Hand Size -1, a random card to the square track");
            }
            Decision::DissolveSquare => {
                return format!(
                    "{name}'s Infantry Square dissolves: Max Hand Size +1, its card fills the next empty slot"
                );
            }
            Decision::GainInspiredToken => return format!("{name}: gain an Inspired Action token"),
            Decision::SpendInspiredToken => return format!("{name}: use an Inspired Action token"),
            Decision::InactiveInspiredToken => return format!("{name}: the !! lets it use an Inspired Action token"),
            owned => match owned.room() {
                Room::EpicAncients => epic_ancients::label(table, special),
                Room::Scout => scout::label(self.0, table, special),
                Room::Tactician => tactician::label(table, special),
                Room::CourierRack => courier_rack::label(table, special),
                Room::GrandeBattles => grande_battles::label(table, special),
                Room::Scenarios => scenarios::label(self.0, table, special),
                Room::Common => None, // named above
            },
        };
        // A scenario this sheet does not list has no label of its own.
        owned.unwrap_or_else(|| super::CommonOnly.label(table, special))
    }

    fn reminders(&self, table: &CardTable) -> Vec<String> {
        let mut notes = Vec::new();
        if table.names.is_empty() {
            notes.push(format!(
                "Without a deck manifest the table does not know which card is {}: play it out of turn with the \
                 reaction action, and refill a Scout or Order One Unit card face-up yourself.",
                self.reactions().join(" or ")
            ));
        }
        if self.0 == Sheet::Medieval && table.last_roll() == Some(1) {
            notes.push("!!: the inactive side uses an Inspired Action token if it has one and a use for it.".into());
        }
        if self.0 == Sheet::EpicAncients {
            notes.push(
                "An Army Command card is the turn's only card; up to three Field Command cards may be played, one \
                 per section and nation."
                    .into(),
            );
        }
        epic_ancients::reminders(self.0, table, &mut notes);
        scout::reminders(self.0, table, &mut notes);
        scenarios::reminders(table, &mut notes);
        grande_battles::reminders(table, &mut notes);
        self.card_reminders(table, &mut notes);
        notes
    }
}
