//! Wilderness War's special rules on the card table: seasons (Cards Remaining back to each side's
//! Max Hand Size of 7 to 9, and the reshuffle that Surrender! forces), the Pass that replaces the
//! held card, the active side's Response cards, Battle Responses (a Fate Die roll for each battle
//! that turns cards up for it, and turns them back down afterwards, by slot; `!!` blocks the
//! Response until that battle is over), the hand-size cards (with the card their event takes from
//! the discards), and the forced discards of #36 and #37. The inactive side's ordinary Responses,
//! gated by `!!`, are common to the sheets where `!!` blocks the inactive side.

mod decision;

use super::{Special, SpecialRules};
use crate::card::CardId;
use crate::fate_die;
use crate::playsheet::{Facing, ReshuffleKind};
use crate::table::{CardTable, Phase};
use crate::table_action::TableAction;
pub(crate) use decision::Decision;
use decision::special;

pub(super) struct Rules;

const SEASON: &str = "season";
/// The season in which a side last passed (Card Held marker), 0 if never.
const PASSED: &str = "card held: no pass next season";
/// 1 while a Battle Response is open for the inactive side.
const BATTLE: &str = "battle response";
/// Face 2 on a Battle Response: how many face-down cards the player still turns up.
const BATTLE_FLIPS: &str = "battle response cards to turn up";
/// The slots (bit per slot) whose face-down card a Battle Response turned up for the battle open
/// now. Kept by slot, not by card: with the player's own cards the table's card in a slot is a
/// stand-in until the player names it, and naming it swaps the table's card for the real one.
/// (A slot holds one card on this sheet.)
const TURNED_SLOTS: &str = "slots turned up for a battle";
/// 1 while the battle open now had its Response blocked by `!!`: no other try until it is over.
const BATTLE_BLOCKED: &str = "battle response blocked";
/// Marker (active side): 1 while the inactive side's forced discard is being settled.
const FORCING: &str = "forced discard";
/// A face-up card the player marked as one of the type the forcing event names.
const MARKED_FOR_DISCARD: &str = "of the type the forcing event names";
const SURRENDER: u16 = 6;
const COURIER_INTERCEPTED: u16 = 35;
/// Francois Bigot and British Ministerial Crises: their events force the other side to discard.
const FORCED_DISCARD_CARDS: [u16; 2] = [36, 37];
/// Marker (active side): the slot (1 = A .. 5 = E) where Courier Intercepted! was played, while the
/// outcome of its roll is awaited.
const COURIER_SLOT: &str = "courier intercepted slot";
/// Where a hand-size card was played for its event, while its card from the discards is chosen.
const RETRIEVE_SLOT: &str = "hand-size card slot";
/// The hand-size card whose event is taking a card from the discards (it cannot take itself).
const RETRIEVING: &str = "hand-size card played";
/// Quiberon Bay, William Pitt and Diplomatic Revolution.
const HAND_SIZE_CARDS: [u16; 3] = [62, 67, 69];
/// The sheet's purpose index for an event.
const EVENT: u8 = 1;
/// The purpose index of "Response" on this sheet.
const RESPONSE: u8 = 2;

/// Whether neither side has a card left to play this season.
fn season_over(table: &CardTable) -> bool {
    (0..2u8).all(|s| table.cards_remaining(s) == 0)
}

fn season(table: &CardTable) -> i32 {
    table.marker(SEASON, 0).max(1)
}

fn face_up(table: &CardTable, side: u8) -> Vec<CardId> {
    table.known_face_up(side).map(|(_, c)| c).collect()
}

/// The face-up cards that may be Response cards (all but those the manifest says are not).
fn responses(table: &CardTable, side: u8) -> Vec<CardId> {
    face_up(table, side).into_iter().filter(|c| table.flags(*c).reaction != Some(false)).collect()
}

/// The slot a marker holds (its index plus one; zero for none).
fn marked_slot(table: &CardTable, marker: &'static str, side: u8) -> Option<crate::slot::SlotName> {
    let v = table.marker(marker, side);
    usize::try_from(v - 1).ok().and_then(|i| crate::slot::SlotName::ALL.get(i).copied())
}

/// Where Courier Intercepted! was played, while its roll is awaited.
fn courier_slot(table: &CardTable, side: u8) -> Option<crate::slot::SlotName> {
    marked_slot(table, COURIER_SLOT, side)
}

/// Takes the refill `side` owes after its play off the queue and remembers its slot in `marker`.
fn hold_back_refill(table: &mut CardTable, side: u8, marker: &'static str) {
    let at = table.pending.iter().position(|p| matches!(p, crate::table::Pending::Fill { side: s, .. } if *s == side));
    if let Some(i) = at
        && let Some(crate::table::Pending::Fill { slot, .. }) = table.pending.remove(i)
    {
        table.set_marker(marker, side, slot.index() as i32 + 1);
    }
}

/// The face-up cards of the discard pile: the ones a hand-size card may take back (the face-down
/// ones stay out of sight, as their facing says).
fn face_up_discards(table: &CardTable) -> Vec<CardId> {
    table.decks[0].discard.iter().filter(|d| d.face_up).map(|d| d.card).collect()
}

fn slot_bit(slot: crate::slot::SlotName) -> i32 {
    1 << slot.index()
}

/// Remembers that the Battle Response turned up the card in `slot` of `side`'s display.
fn mark_turned(table: &mut CardTable, side: u8, slot: crate::slot::SlotName) {
    let turned = table.marker(TURNED_SLOTS, side);
    table.set_marker(TURNED_SLOTS, side, turned | slot_bit(slot));
}

/// A side may pass unless it passed in the season just before this one.
fn may_pass(table: &CardTable, side: u8) -> bool {
    let passed = table.marker(PASSED, side);
    passed == 0 || passed + 1 != season(table)
}

/// Spends one of `side`'s cards: to the discards, Cards Remaining down, refilled face-down.
fn spend(table: &mut CardTable, side: u8, card: CardId) {
    table.discard_card(side, card, Some(Facing::FaceDown));
    table.cards_remaining[side as usize] = table.cards_remaining[side as usize].saturating_sub(1);
}

/// The face-up cards of `side` marked as of the type the forcing event names, in display order.
fn marked(table: &CardTable, side: u8) -> Vec<CardId> {
    face_up(table, side).into_iter().filter(|c| table.tags.contains(&(*c, MARKED_FOR_DISCARD))).collect()
}

/// The forced discard is settled: the turn goes on.
fn finish_forcing(table: &mut CardTable) {
    let active = table.active();
    table.set_marker(FORCING, active, 0);
    table.tags.retain(|(_, t)| *t != MARKED_FOR_DISCARD);
}

/// The decisions of a forced discard: which face-up card of the inactive side it hits.
fn forced_discard_choices(table: &CardTable, out: &mut Vec<TableAction>) {
    let target = 1 - table.active();
    let up = face_up(table, target);
    if up.len() >= 2 {
        out.push(special(Decision::ForcedDiscardRandom, target, None, 0));
    }
    let marked = marked(table, target);
    if marked.len() >= 2 {
        out.push(special(Decision::ForcedDiscardAmongMarked, target, None, 0));
    }
    for card in up {
        out.push(special(Decision::ForcedDiscardNamed, target, Some(card), 0));
        if !marked.contains(&card) {
            out.push(special(Decision::ForcedDiscardMark, target, Some(card), 0));
        }
    }
    out.push(special(Decision::ForcedDiscardNone, target, None, 0));
}

impl SpecialRules for Rules {
    fn setup(&self, table: &mut CardTable) {
        table.set_marker(SEASON, 0, 1);
        table.set_marker(SEASON, 1, 1);
    }

    fn shown_markers(&self) -> &'static [(&'static str, super::MarkerShown)] {
        // The season is in the turn's words at the top.
        &[(PASSED, super::MarkerShown::PerSideIfSet)]
    }

    fn waiting_for(&self, table: &CardTable) -> Option<String> {
        let inactive = 1 - table.active();
        let side = &table.sheet().sides[usize::from(inactive & 1)];
        if table.marker(BATTLE_BLOCKED, inactive) == 1 {
            Some(format!("the end of the battle (Fate blocked {side}'s Response to it)"))
        } else if table.marker(BATTLE, inactive) == 1 {
            Some(format!("{side}'s Battle Response, then the end of the battle"))
        } else {
            None
        }
    }

    fn turn_words(&self, table: &CardTable) -> Option<String> {
        let side = &table.sheet().sides[usize::from(table.active() & 1)];
        Some(format!("Season {}, {side} to act", season(table)))
    }

    fn adjust_legal(&self, table: &CardTable, out: &mut Vec<TableAction>) {
        if super::is_chance(out) {
            return;
        }
        let active = table.active();
        let inactive = 1 - active;
        if table.marker(BATTLE, inactive) == 1 {
            // During a Battle Response only its own steps are open.
            out.clear();
            if table.marker(BATTLE_BLOCKED, inactive) == 1 {
                // Fate blocked the Response: no other try in this battle, only its end.
                out.push(special(Decision::EndBattle, inactive, None, 0));
                return;
            }
            if table.marker(BATTLE_FLIPS, inactive) > 0 {
                // Face 2: the player says which face-down card turns up (by slot: the card is unseen).
                let slots: Vec<crate::slot::SlotName> = crate::slot::SlotName::ALL
                    .into_iter()
                    .filter(|s| table.display(inactive).slot(*s).iter().any(|p| !p.face_up))
                    .collect();
                for slot in slots {
                    out.push(special(Decision::BattleResponseTurnUp, inactive, None, slot.index() as u8));
                }
                if !out.is_empty() {
                    return;
                }
            }
            if table.cards_remaining(inactive) > 0 {
                let cards = responses(table, inactive);
                out.extend(cards.into_iter().map(|c| special(Decision::BattleResponsePlay, inactive, Some(c), 0)));
            }
            out.push(special(Decision::EndBattle, inactive, None, 0));
            return;
        }
        let start = matches!(table.phase, Phase::Start);
        let choosing = matches!(table.phase, Phase::Choose { .. });
        if table.marker(COURIER_SLOT, active) > 0 {
            // Courier Intercepted! waits for the outcome of its roll before anything else.
            out.clear();
            if !face_up(table, inactive).is_empty() {
                out.push(special(Decision::CourierInterceptedSucceeds, inactive, None, 0));
            }
            out.push(special(Decision::CourierInterceptedFails, active, None, 0));
            return;
        }
        if table.marker(FORCING, active) > 0 {
            // A forced discard is settled before the turn goes on.
            out.clear();
            forced_discard_choices(table, out);
            return;
        }
        if table.marker(RETRIEVE_SLOT, active) > 0 {
            // A hand-size card's event: which card, if any, it takes from the discards.
            out.clear();
            let played = table.marker(RETRIEVING, active);
            let cards = face_up_discards(table).into_iter().filter(|c| i32::from(c.0) != played);
            out.extend(cards.into_iter().map(|c| special(Decision::TakeFromDiscards, active, Some(c), 0)));
            out.push(special(Decision::TakeNothingFromDiscards, active, None, 0));
            return;
        }
        if start {
            // Hand sizes run from 7 to 9: this game's own actions (for either side) replace the
            // common marker moves.
            out.retain(|a| {
                !matches!(
                    a,
                    TableAction::Marker(
                        crate::table_action::MarkerOp::HandSizeUp | crate::table_action::MarkerOp::HandSizeDown
                    )
                )
            });
            out.push(special(Decision::NewSeason, active, None, 0));
            for side in [active, inactive] {
                let h = table.max_hand_size(side);
                if h < 9 {
                    out.push(special(Decision::HandSizeUp, side, None, 0));
                }
                if h > 7 {
                    out.push(special(Decision::HandSizeDown, side, None, 0));
                }
            }
        }
        if matches!(table.phase, Phase::Choose { played: 0, .. }) {
            // Held Cards: a side passes only with its last card of the season, and not two seasons
            // running; the common "end the turn without a play" stays only when no card can be
            // played at all.
            if out.iter().any(|a| matches!(a, TableAction::Play { .. })) {
                out.retain(|a| !matches!(a, TableAction::Pass));
            }
            if table.cards_remaining(active) == 1 && may_pass(table, active) {
                out.push(special(Decision::PassHeldCard, active, None, 0));
            }
        }
        // A Response card supplements the action (below); the action's own card is played for its
        // Operations or its Event.
        out.retain(|a| !matches!(a, TableAction::Play { purpose: RESPONSE, .. }));
        if let Phase::Choose { face: 1 | 2, played: 0, .. } = table.phase {
            // The faces that name Event cards also let the side discard one as its action; a card
            // the table knows is not an Event is left out (one it does not know, the player judges).
            let cards: Vec<CardId> =
                face_up(table, active).into_iter().filter(|c| table.facts(*c).special != Some(false)).collect();
            out.extend(cards.into_iter().map(|c| special(Decision::DiscardEvent, active, Some(c), 0)));
        }
        // A Response alongside the action needs a card remaining of its own: two before the action's
        // card is played, one after.
        let needed = if matches!(table.phase, Phase::Choose { played: 0, .. }) { 2 } else { 1 };
        if choosing && table.cards_remaining(active) >= needed {
            let cards = responses(table, active);
            out.extend(cards.into_iter().map(|c| special(Decision::ActiveResponse, active, Some(c), 0)));
        }
        // The inactive side plays only Response cards, as Responses: one the manifest says is not a
        // Response card is not offered.
        out.retain(|a| match a {
            TableAction::InactivePlay { card, purpose } => {
                *purpose == RESPONSE && table.flags(*card).reaction != Some(false)
            }
            _ => true,
        });
        // Each battle declared gets its own roll, whatever Fate said about an earlier one.
        if (start || choosing) && table.cards_remaining(inactive) > 0 {
            out.push(special(Decision::BattleResponse, inactive, None, 0));
        }
        if choosing && !face_up(table, inactive).is_empty() {
            out.push(special(Decision::ForcedDiscard, inactive, None, 0));
        }
    }

    fn apply(&self, table: &mut CardTable, special: Special) {
        let side = special.side;
        match (Decision::of(special), special.card) {
            // A card spent like a play: Cards Remaining drops and the slot refills face-down.
            (Some(Decision::DiscardEvent), Some(card))
                if table.discard_card(side, card, Some(Facing::FaceDown)).is_some() =>
            {
                table.cards_remaining[side as usize] = table.cards_remaining[side as usize].saturating_sub(1);
                if let Phase::Choose { face, .. } = table.phase {
                    table.phase = Phase::Choose { face, played: 1, slot_rest: None };
                }
            }
            (Some(Decision::NewSeason), _) => {
                let next = season(table) + 1;
                for s in 0..2 {
                    table.set_marker(SEASON, s, next);
                    table.cards_remaining[s as usize] = table.max_hand_size(s);
                }
                // Surrender! played this season: the deck is reshuffled now.
                let surrendered = table.decks[0]
                    .discard
                    .iter()
                    .any(|d| table.card_name(d.card).and_then(|n| n.number) == Some(SURRENDER));
                if surrendered {
                    table.reshuffle(table.active(), ReshuffleKind::DiscardFaceDown);
                }
            }
            (Some(Decision::PassHeldCard), _) => {
                table.set_marker(PASSED, side, season(table));
                table.end_turn();
            }
            (Some(Decision::ActiveResponse | Decision::BattleResponsePlay), Some(card)) => spend(table, side, card),
            (Some(Decision::BattleResponse), _) => table.ask_game_roll(special),
            (Some(Decision::EndBattle), _) => {
                // Cards turned up for the battle and not played go back face-down: a slot whose
                // card was played holds its face-down refill now.
                let turned = table.marker(TURNED_SLOTS, side);
                for slot in crate::slot::SlotName::ALL.into_iter().filter(|s| turned & slot_bit(*s) != 0) {
                    table.displays[side as usize].slot_mut(slot).iter_mut().for_each(|p| p.face_up = false);
                }
                for marker in [BATTLE, BATTLE_FLIPS, TURNED_SLOTS, BATTLE_BLOCKED] {
                    table.set_marker(marker, side, 0);
                }
            }
            (Some(Decision::ForcedDiscard), _) => table.set_marker(FORCING, table.active(), 1),
            (Some(Decision::ForcedDiscardRandom), _) => table.ask_random_selection(side, special),
            (Some(Decision::ForcedDiscardNamed), Some(card)) => {
                spend(table, side, card);
                finish_forcing(table);
            }
            (Some(Decision::ForcedDiscardMark), Some(card)) => table.tags.push((card, MARKED_FOR_DISCARD)),
            (Some(Decision::ForcedDiscardAmongMarked), _) => table.ask_game_roll(special),
            (Some(Decision::ForcedDiscardNone), _) => finish_forcing(table),
            (Some(Decision::BattleResponseTurnUp), _) => {
                let slot = crate::slot::SlotName::ALL.get(usize::from(special.n)).copied();
                let display = &mut table.displays[side as usize];
                if let Some(slot) = slot
                    && let Some(p) = display.slot_mut(slot).iter_mut().find(|p| !p.face_up)
                {
                    p.face_up = true;
                    mark_turned(table, side, slot);
                }
                let left = table.marker(BATTLE_FLIPS, side) - 1;
                table.set_marker(BATTLE_FLIPS, side, left.max(0));
            }
            (Some(Decision::CourierInterceptedSucceeds), _) => table.ask_random_selection(side, special),
            (Some(Decision::CourierInterceptedFails), _) => {
                // The roll failed: the slot is refilled face-down after all.
                let active = table.active();
                if let Some(slot) = courier_slot(table, active) {
                    table.set_marker(COURIER_SLOT, active, 0);
                    table.pending.push_back(crate::table::Pending::Fill {
                        side: active,
                        slot,
                        facing: Facing::FaceDown,
                        only_if_short: true,
                    });
                }
            }
            (Some(Decision::TakeFromDiscards), Some(card)) => {
                // The card taken back lies face-up where the hand-size card was played, and that
                // play costs no card remaining.
                if let Some(slot) = marked_slot(table, RETRIEVE_SLOT, side)
                    && let Some(i) = table.decks[0].discard.iter().position(|d| d.card == card)
                {
                    table.decks[0].discard.remove(i);
                    table.displays[side as usize].slot_mut(slot).push(crate::card::Placed { card, face_up: true });
                    table.cards_remaining[side as usize] = (table.cards_remaining[side as usize] + 1).min(9);
                }
                table.set_marker(RETRIEVE_SLOT, side, 0);
                table.set_marker(RETRIEVING, side, 0);
            }
            (Some(Decision::TakeNothingFromDiscards), _) => {
                if let Some(slot) = marked_slot(table, RETRIEVE_SLOT, side) {
                    table.pending.push_back(crate::table::Pending::Fill {
                        side,
                        slot,
                        facing: Facing::FaceDown,
                        only_if_short: true,
                    });
                }
                table.set_marker(RETRIEVE_SLOT, side, 0);
                table.set_marker(RETRIEVING, side, 0);
            }
            (Some(Decision::HandSizeUp), _) => {
                table.max_hand_size[side as usize] = (table.max_hand_size(side) + 1).min(9)
            }
            (Some(Decision::HandSizeDown), _) => {
                table.max_hand_size[side as usize] = table.max_hand_size(side).saturating_sub(1).max(7)
            }
            _ => {}
        }
    }

    fn after_game_roll(&self, table: &mut CardTable, special: Special, face: u8) {
        let side = special.side;
        if Decision::of(special) == Some(Decision::ForcedDiscardAmongMarked) {
            let cards = marked(table, side);
            match crate::random_selection::read_chart(cards.len(), &[face]) {
                crate::random_selection::ChartResult::Pick(i) => {
                    if let Some(&card) = cards.get(i) {
                        spend(table, side, card);
                    }
                    finish_forcing(table);
                }
                crate::random_selection::ChartResult::Reroll => table.ask_game_roll(special),
            }
            return;
        }
        if face == 1 {
            // `!!`: Fate blocks the Response to this battle; the battle stays open, without a
            // Response, until the player says it is over (the next battle rolls again).
            table.last_inactive = None;
            table.set_marker(BATTLE, side, 1);
            table.set_marker(BATTLE_BLOCKED, side, 1);
            return;
        }
        // Turn up the face-down cards the face names; face 2 lets the player choose which, until two
        // are face-up.
        let display = &table.displays[side as usize];
        if face == 2 {
            let need = fate_die::face_two_flips_needed(display.face_up_count(), display.face_down_count());
            table.set_marker(BATTLE_FLIPS, side, need as i32);
            table.set_marker(BATTLE, side, 1);
            return;
        }
        let slots = fate_die::flip_slots(face);
        for slot in crate::slot::SlotName::ALL.into_iter().filter(|s| slots.contains(*s)) {
            let stack = table.displays[side as usize].slot_mut(slot);
            if stack.iter().any(|p| !p.face_up) {
                stack.iter_mut().for_each(|p| p.face_up = true);
                mark_turned(table, side, slot);
            }
        }
        table.set_marker(BATTLE, side, 1);
    }

    fn after_selection(&self, table: &mut CardTable, special: Special, target: u8, card: CardId) {
        match Decision::of(special) {
            Some(Decision::ForcedDiscardRandom) => {
                spend(table, target, card);
                finish_forcing(table);
            }
            Some(Decision::CourierInterceptedSucceeds) => {
                // The taken card goes face-up where Courier Intercepted! was played; the other side
                // refills face-down and loses a card remaining; the active side's play cost nothing.
                let active = table.active();
                if let Some((from, _)) = table.displays[target as usize].take(card) {
                    table.pending.push_back(crate::table::Pending::Fill {
                        side: target,
                        slot: from,
                        facing: Facing::FaceDown,
                        only_if_short: true,
                    });
                }
                if let Some(slot) = courier_slot(table, active) {
                    table.displays[active as usize].slot_mut(slot).push(crate::card::Placed { card, face_up: true });
                }
                table.set_marker(COURIER_SLOT, active, 0);
                table.cards_remaining[target as usize] = table.cards_remaining[target as usize].saturating_sub(1);
                table.cards_remaining[active as usize] = (table.cards_remaining[active as usize] + 1).min(9);
            }
            _ => {}
        }
    }

    fn after_play(&self, table: &mut CardTable, card: CardId, purpose: u8) {
        let number = table.card_name(card).and_then(|n| n.number);
        let active = table.active();
        if purpose == EVENT && number == Some(COURIER_INTERCEPTED) {
            // The refill of its slot waits until the roll is known; played for Operations, the
            // card has no roll to wait for.
            hold_back_refill(table, active, COURIER_SLOT);
        } else if purpose == EVENT && number.is_some_and(|n| FORCED_DISCARD_CARDS.contains(&n)) {
            table.set_marker(FORCING, active, 1);
        } else if purpose == EVENT && number.is_some_and(|n| HAND_SIZE_CARDS.contains(&n)) {
            // The refill waits: the card the event takes from the discards may fill the slot.
            hold_back_refill(table, active, RETRIEVE_SLOT);
            table.set_marker(RETRIEVING, active, i32::from(card.0));
        }
    }

    fn id(&self, special: Special) -> String {
        let card = special.card.map_or(String::new(), |c| format!("-{}", c.0));
        let side = if special.side == 0 { "french" } else { "british" };
        let Some(decision) = Decision::of(special) else { return super::CommonOnly.id(special) };
        match decision {
            Decision::NewSeason => "new-season".into(),
            Decision::PassHeldCard => "pass-held-card".into(),
            Decision::ActiveResponse => format!("active-response{card}"),
            Decision::BattleResponse => "battle-response".into(),
            Decision::BattleResponsePlay => format!("battle-response-play{card}"),
            Decision::EndBattle => "end-battle".into(),
            Decision::ForcedDiscard => "forced-discard".into(),
            Decision::ForcedDiscardRandom => "forced-discard-random".into(),
            Decision::ForcedDiscardNamed => format!("forced-discard{card}"),
            Decision::ForcedDiscardMark => format!("forced-discard-mark{card}"),
            Decision::ForcedDiscardAmongMarked => "forced-discard-random-marked".into(),
            Decision::ForcedDiscardNone => "forced-discard-none".into(),
            Decision::BattleResponseTurnUp => {
                let slot = crate::slot::SlotName::ALL.get(usize::from(special.n)).copied();
                format!("battle-response-turn-{}", slot.map_or("?".into(), |s| s.to_string().to_lowercase()))
            }
            Decision::CourierInterceptedSucceeds => "courier-intercepted-succeeds".into(),
            Decision::CourierInterceptedFails => "courier-intercepted-fails".into(),
            Decision::HandSizeUp => format!("hand-size-up-{side}"),
            Decision::TakeFromDiscards => format!("take-from-discards{card}"),
            Decision::TakeNothingFromDiscards => "take-nothing-from-discards".into(),
            Decision::DiscardEvent => format!("discard-event{card}"),
            Decision::HandSizeDown => format!("hand-size-down-{side}"),
        }
    }

    fn label(&self, table: &CardTable, special: Special) -> String {
        let name = &table.sheet().sides[(special.side & 1) as usize];
        let card = special.card.map_or(String::new(), |c| table.card_label(c));
        let Some(decision) = Decision::of(special) else { return super::CommonOnly.label(table, special) };
        match decision {
            Decision::NewSeason if season_over(table) => {
                "both sides have played their cards: a new season, Cards Remaining back to each side's Max Hand Size"
                    .into()
            }
            Decision::NewSeason => "a new season (when both sides have played the season's cards): Cards Remaining \
                                    back to each side's Max Hand Size"
                .into(),
            Decision::PassHeldCard => format!("{name}: pass, keeping its last card for the next season"),
            Decision::ActiveResponse => format!("{name}: play {card} as a Response alongside its action"),
            Decision::BattleResponse => format!("{name}: try a Battle Response (roll the Fate Die; !! blocks it)"),
            Decision::BattleResponsePlay => format!("{name}: play {card} as its Battle Response"),
            Decision::EndBattle if table.marker(BATTLE_BLOCKED, special.side) == 1 => {
                format!("the battle is over (Fate blocked {name}'s Response to it; the next battle rolls again)")
            }
            Decision::EndBattle => format!("the battle is over: {name}'s cards turned up for it go face-down again"),
            Decision::ForcedDiscard => {
                format!("an event forces {name} to discard a card (Francois Bigot, Ministerial Crises)")
            }
            Decision::ForcedDiscardRandom => {
                format!("the forced discard is random: one of {name}'s face-up cards goes (Random Card Selection)")
            }
            Decision::ForcedDiscardNamed => format!("the forced discard hits {card} ({name})"),
            Decision::ForcedDiscardMark => {
                format!("{card} is of the type the event names (mark it for a random pick among those)")
            }
            Decision::ForcedDiscardAmongMarked => {
                format!("the forced discard is random among the marked cards of {name} (Random Card Selection)")
            }
            Decision::ForcedDiscardNone => {
                format!("no face-up card of {name} is of the type the event names: nothing is discarded")
            }
            Decision::BattleResponseTurnUp => {
                let slot = crate::slot::SlotName::ALL.get(usize::from(special.n)).copied();
                format!(
                    "{name}: turn up the card in slot {} for the battle",
                    slot.map_or("?".into(), |s| s.to_string())
                )
            }
            Decision::CourierInterceptedSucceeds => {
                format!("Courier Intercepted! succeeds: take a random face-up card of {name}")
            }
            Decision::CourierInterceptedFails => "Courier Intercepted! fails: its slot is refilled face-down".into(),
            Decision::HandSizeUp => format!("{name}: Max Hand Size +1 (from the next season)"),
            Decision::TakeFromDiscards => {
                format!("{name}: the event takes {card} from the discards, face-up into the played card's slot")
            }
            Decision::TakeNothingFromDiscards => {
                format!("{name}: the event takes no card from the discards (the slot refills face-down)")
            }
            Decision::DiscardEvent => {
                format!("{name}: discard {card}, an Event card, as this turn's card (the roll allows it)")
            }
            Decision::HandSizeDown => format!("{name}: Max Hand Size -1 (from the next season)"),
        }
    }

    fn reveals(&self, _table: &CardTable, special: Special) -> bool {
        Decision::of(special) == Some(Decision::BattleResponseTurnUp)
    }

    fn is_tool(&self, table: &CardTable, special: Special) -> bool {
        match Decision::of(special) {
            // Markers set by hand, and a forced discard the table did not see coming (a deck
            // without a manifest): now and then.
            Some(Decision::HandSizeUp | Decision::HandSizeDown | Decision::ForcedDiscard) => true,
            // The next season is the next step once neither side has a card left to play; before
            // that, a tool for a season the board game ends early.
            Some(Decision::NewSeason) => !season_over(table),
            // A Response alongside the action is offered first for the cards known to be Response
            // cards; the others wait behind the tools.
            Some(Decision::ActiveResponse) => special.card.is_none_or(|c| table.flags(c).reaction != Some(true)),
            _ => false,
        }
    }

    fn game_roll_label(&self, table: &CardTable, special: Special, face: u8) -> Option<String> {
        if Decision::of(special) == Some(Decision::ForcedDiscardAmongMarked) {
            let cards = marked(table, special.side);
            return Some(match crate::random_selection::read_chart(cards.len(), &[face]) {
                crate::random_selection::ChartResult::Pick(i) => match cards.get(i) {
                    Some(&card) => {
                        format!("Random Card Selection roll {face}: {} is discarded", table.card_label(card))
                    }
                    None => format!("Random Card Selection roll {face}"),
                },
                crate::random_selection::ChartResult::Reroll => {
                    format!("Random Card Selection roll {face}: roll again")
                }
            });
        }
        (Decision::of(special) == Some(Decision::BattleResponse)).then(|| {
            let side = &table.sheet().sides[usize::from(special.side & 1)];
            if table.sheet().face(face).bang {
                format!("{side}'s Battle Response roll shows {face}: !! blocks the Response to this battle")
            } else {
                format!("{side}'s Battle Response roll shows {face}: {}", table.sheet().face(face).title)
            }
        })
    }

    fn reminders(&self, table: &CardTable) -> Vec<String> {
        let mut notes = Vec::new();
        let surrendered =
            table.decks[0].discard.iter().any(|d| table.card_name(d.card).and_then(|n| n.number) == Some(SURRENDER));
        if surrendered {
            notes.push("Surrender! has been played: the deck is reshuffled at the end of the season.".into());
        }
        let active = table.active();
        if table.cards_remaining(active) == 1 && may_pass(table, active) {
            notes.push(
                "With one card remaining, the active side may pass after its roll and keep that card for the next \
                 season (the Card Held marker then bars a pass in the season after)."
                    .into(),
            );
        }
        if table.cards_remaining(0) == 0 && table.cards_remaining(1) == 0 {
            notes.push("Both sides have played all their cards: the season is over; start the new season.".into());
        }
        if table.marker(BATTLE_BLOCKED, 1 - active) == 1 {
            let side = &table.sheet().sides[usize::from((1 - active) & 1)];
            notes.push(format!(
                "Fate blocked {side}'s Response to this battle: it does not try again before the battle is over \
                 (the next battle rolls anew)."
            ));
        } else if table.marker(BATTLE, 1 - active) == 1 {
            notes.push("Cards turned up for this Battle Response go face-down again once the battle is over.".into());
        }
        let seen = (0..2).flat_map(|s| table.known_face_up(s).map(|(_, c)| c).collect::<Vec<_>>());
        if seen
            .into_iter()
            .any(|c| table.card_name(c).and_then(|n| n.number).is_some_and(|n| HAND_SIZE_CARDS.contains(&n)))
        {
            notes.push(
                "Quiberon Bay, William Pitt and Diplomatic Revolution change a Max Hand Size from the next season; \
                 a card they take from the discards goes face-up where they were played."
                    .into(),
            );
        }
        if table.names.is_empty() {
            notes.push("Without a deck manifest the table cannot recognise Surrender!: reshuffle yourself.".into());
        }
        notes
    }
}
