//! WW2: Barbarossa to Berlin's special rules on the card table: the Axis opening card and the
//! Soviet Reinforcements set aside at setup, the Axis playing its opening card on its first turn,
//! the Reinforcements exchange in game turns 1 and 2, operations that use no card, Combat Cards from
//! either display, the Draw Strategy Cards phase (discards against Cards Remaining, then the reset),
//! the Total War cards joining a side's deck (with Totaler Krieg! or a Blitzkrieg card of the
//! player's choice face-up in slot A, the display discarded and the deck redealt), and reminders
//! for the cards whose events the solitaire rules change.
//!
//! Cards are recognised by the numbers a deck manifest gives them (`--manifest builtin` names the
//! ones this module needs); without a manifest the set-aside cards are not known, and the reminders
//! say so.

use super::{Special, SpecialRules};
use crate::card::CardId;
use crate::playsheet::{Facing, ReshuffleKind};
use crate::slot::SlotName;
use crate::table::{CardTable, MAX_MARKER, Pending, Phase};
use crate::table_action::TableAction;

pub(super) struct Rules;

const AXIS: u8 = 0;
const ALLIED: u8 = 1;

/// The decisions this sheet adds to the common table, each named after the playsheet paragraph
/// (or board-game step) it carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub(crate) enum Decision {
    /// Sheet paragraph "Initial Strategy Cards (4.3)": the Axis keeps Barbarossa or Von Paulus
    /// Pause beside its display for its first turn; the other card goes back into its deck.
    InitialStrategyCard = 1,
    /// Sheet paragraph "Soviet Reinforcements Mulligan": in game turns 1 and 2 the Allies play the
    /// set-aside Soviet Reinforcements in place of an allowed card of 3 Ops or more, which is
    /// discarded.
    SovietReinforcementsMulligan = 2,
    /// Sheet paragraph "Automatic and Partisan Operations (7.2)": a 1-Ops operation with no card,
    /// Cards Remaining unchanged.
    AutomaticOperation = 3,
    /// Sheet paragraph "Automatic and Partisan Operations (7.2)": the Allies place a Partisan with
    /// no card, Cards Remaining unchanged.
    PartisanOperation = 4,
    /// Sheet paragraph "Combat Cards (7.64)": a face-up Combat Card of either display is played in
    /// a combat, lowering its side's Cards Remaining.
    CombatCard = 5,
    /// Board-game step: the game turn ends and the Draw Strategy Cards phase begins.
    BeginDrawPhase = 6,
    /// Sheet paragraph "Discarding and Shuffling (7.9)": in the Draw Strategy Cards phase a side
    /// discards one face-up card against one of its cards remaining.
    DrawPhaseDiscard = 7,
    /// Sheet paragraph "Discarding and Shuffling (7.9)": the phase ends, both sides' Cards
    /// Remaining go back to their Max Hand Size and the game turn moves on.
    EndDrawPhase = 8,
    /// Sheet paragraph "Random Discard": after Allied #48 Bomb Plot is played for its event, a
    /// random face-up Axis card is discarded.
    BombPlot = 9,
    /// Sheet paragraph "Total War Cards (7.8)": a side's Total War cards start to join its deck.
    TotalWarBegin = 10,
    /// Sheet paragraph "Total War Cards (7.8)": the card (Totaler Krieg! for the Axis, a Blitzkrieg
    /// card for the Allies) put face-up in slot A of the next hand.
    TotalWarSlotA = 11,
    /// Sheet paragraph "Total War Cards (7.8)": Total War cards the manifest does not list are
    /// added by hand (`n` of them, at least one) before the reshuffle.
    TotalWarAddCard = 12,
    /// Sheet paragraph "Total War Cards (7.8)": the display is discarded (slot A kept when chosen),
    /// deck, discards and Total War cards are shuffled together and the display is dealt again.
    TotalWarReshuffle = 13,
    /// Sheet paragraph "Hand Size Manipulation Cards": the Axis Max Hand Size moved by the event
    /// just played (Bomber Command, US 8th Air Force, Final Production Surge); `n` 0 lowers it,
    /// 1 raises it.
    HandSizeEvent = 14,
    /// Sheet paragraphs "Variable Max Hand Size" and "Resources (18)": a side's Max Hand Size moved
    /// by a game effect (resources, the other side's events), a tool for either side at any time;
    /// `n` as above.
    HandSize = 15,
}

impl Decision {
    const ALL: [Decision; 15] = [
        Decision::InitialStrategyCard,
        Decision::SovietReinforcementsMulligan,
        Decision::AutomaticOperation,
        Decision::PartisanOperation,
        Decision::CombatCard,
        Decision::BeginDrawPhase,
        Decision::DrawPhaseDiscard,
        Decision::EndDrawPhase,
        Decision::BombPlot,
        Decision::TotalWarBegin,
        Decision::TotalWarSlotA,
        Decision::TotalWarAddCard,
        Decision::TotalWarReshuffle,
        Decision::HandSizeEvent,
        Decision::HandSize,
    ];

    /// The decision a special action carries (`None` for a code this game does not use).
    pub(crate) fn of(special: Special) -> Option<Self> {
        Self::ALL.into_iter().find(|d| *d as u8 == special.code)
    }
}

/// The action for one of this sheet's decisions: the one place a decision becomes its transport
/// code.
fn special(d: Decision, side: u8, card: Option<CardId>, n: u8) -> TableAction {
    TableAction::Special(Special { code: d as u8, side, card, n })
}

/// The purpose index of "Event" on this sheet.
const EVENT: u8 = 1;

/// The part of each deck that joins later, as manifests name it (`joins = "Total War"`).
const TOTAL_WAR: &str = "Total War";
/// Marker (per side): 0 before the Total War cards join, 1 while they are being added, 2 after.
const TOTAL_WAR_STAGE: &str = "total war cards";
/// Marker (per side): the card chosen for slot A of the next hand (0: none).
const TOTAL_WAR_CHOICE: &str = "total war: card for slot A";
/// Marker (per side): unnamed Total War cards the player has added.
const TOTAL_WAR_ADDED: &str = "total war: unnamed cards added";
/// Axis #26.
const TOTALER_KRIEG: u16 = 26;

const OPENING_PLACE: &str = "Axis opening card, to choose";
const REINFORCEMENTS_PLACE: &str = "Soviet Reinforcements, set aside";
/// Marker: the game turn (1 from the start; the Draw Strategy Cards phase moves it on).
const GAME_TURN: &str = "game turn";
/// Marker: 1 while the Draw Strategy Cards phase is under way.
const DRAW_PHASE: &str = "draw strategy cards phase";
/// Marker (Axis): the card id of the chosen opening event.
const OPENING: &str = "opening event";
/// Marker (Allied): 1 after Bomb Plot was played for its event this turn, until its random discard
/// is done or the turn ends.
const BOMB_PLOT_DUE: &str = "bomb plot";
/// Marker (Allied): the card whose event just changed the Axis hand size (0: none); cleared at the
/// end of the turn.
const HAND_SIZE_CARD: &str = "hand size event";

/// The card with this printed number in `side`'s undrawn deck.
fn in_pool(table: &CardTable, side: u8, number: u16) -> Option<CardId> {
    table.deck_of(side).pool.iter().copied().find(|&c| table.card_name(c).and_then(|n| n.number) == Some(number))
}

fn numbered(table: &CardTable, card: CardId) -> Option<u16> {
    table.card_name(card).and_then(|n| n.number)
}

fn game_turn(table: &CardTable) -> i32 {
    table.marker(GAME_TURN, AXIS).max(1)
}

fn held(table: &CardTable, place: &str) -> Vec<CardId> {
    table.held_cards(place, None)
}

impl SpecialRules for Rules {
    fn setup(&self, table: &mut CardTable) {
        table.set_marker(GAME_TURN, AXIS, 1);
        table.set_marker(GAME_TURN, ALLIED, 1);
        // Before the displays are dealt: the Axis opening events and the Soviet Reinforcements
        // leave the decks.
        for (side, number, place) in
            [(AXIS, 1, OPENING_PLACE), (AXIS, 2, OPENING_PLACE), (ALLIED, 24, REINFORCEMENTS_PLACE)]
        {
            if let Some(card) = in_pool(table, side, number) {
                let d = table.deck_index(side);
                table.decks[d].pool.retain(|c| *c != card);
                table.held.push(crate::table::Held { card, side, place });
            }
        }
        // The Axis display is dealt once the opening event is chosen, the other one shuffled back
        // into the deck first.
        if !held(table, OPENING_PLACE).is_empty() {
            table.pending.retain(|p| p.side() != AXIS);
        }
    }

    fn waiting_for(&self, table: &CardTable) -> Option<String> {
        if !held(table, OPENING_PLACE).is_empty() {
            Some("the Axis to choose its opening event".into())
        } else if [AXIS, ALLIED].iter().any(|s| table.marker(TOTAL_WAR_STAGE, *s) == 1) {
            Some("the Total War cards to join the deck".into())
        } else if table.marker(DRAW_PHASE, AXIS) == 1 {
            Some("the Draw Strategy Cards phase (both sides)".into())
        } else {
            None
        }
    }

    fn shown_markers(&self) -> &'static [(&'static str, super::MarkerShown)] {
        &[(GAME_TURN, super::MarkerShown::Table), (TOTAL_WAR_ADDED, super::MarkerShown::PerSideIfSet)]
    }

    fn adjust_legal(&self, table: &CardTable, out: &mut Vec<TableAction>) {
        let side = table.active();
        if super::is_chance(out) {
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
                        TableAction::Play { card, .. } if table.facts(*card).value.is_none_or(|v| v >= 3) => {
                            Some(*card)
                        }
                        _ => None,
                    })
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .collect();
                out.extend(
                    strong.into_iter().map(|c| special(Decision::SovietReinforcementsMulligan, ALLIED, Some(c), 0)),
                );
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

    fn apply(&self, table: &mut CardTable, special: Special) {
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
                table.max_hand_size[s] =
                    if special.n == 0 { h.saturating_sub(1).max(1) } else { (h + 1).min(MAX_MARKER) };
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

    fn after_play(&self, table: &mut CardTable, card: CardId, purpose: u8) {
        if purpose != EVENT {
            return;
        }
        // Bomb Plot (Allied #48) played for its event: a random face-up Axis card is discarded,
        // in this turn.
        if table.active() == ALLIED && owner(table, card) == Some(ALLIED) && numbered(table, card) == Some(48) {
            table.set_marker(BOMB_PLOT_DUE, ALLIED, 1);
        }
        if is_hand_size_card(table, card) {
            table.set_marker(HAND_SIZE_CARD, ALLIED, i32::from(card.0));
        }
    }

    fn end_of_turn(&self, table: &mut CardTable) {
        // Both belong to the event just played: they are not carried into the next turn.
        table.set_marker(BOMB_PLOT_DUE, ALLIED, 0);
        table.set_marker(HAND_SIZE_CARD, ALLIED, 0);
    }

    fn is_tool(&self, _table: &CardTable, special: Special) -> bool {
        // The Total War cards join once a game; hand sizes move with the resources now and then.
        matches!(Decision::of(special), Some(Decision::TotalWarBegin | Decision::HandSize))
    }

    fn after_selection(&self, table: &mut CardTable, special: Special, target: u8, card: CardId) {
        if Decision::of(special) == Some(Decision::BombPlot) {
            // Replaced from slot C keeping its facing (a card taken from C leaves the next face-down);
            // the Axis Cards Remaining marker moves one space down.
            table.discard_card(target, card, Some(Facing::MaintainFacing));
            table.cards_remaining[target as usize] = table.cards_remaining[target as usize].saturating_sub(1);
        }
    }

    fn id(&self, special: Special) -> String {
        let card = special.card.map_or(String::new(), |c| format!("-{}", c.0));
        let side = if special.side == AXIS { "axis" } else { "allied" };
        match Decision::of(special) {
            Some(Decision::InitialStrategyCard) => format!("opening-card{card}"),
            Some(Decision::SovietReinforcementsMulligan) => format!("soviet-reinforcements-for{card}"),
            Some(Decision::AutomaticOperation) => "automatic-operation".into(),
            Some(Decision::PartisanOperation) => "partisan-operation".into(),
            Some(Decision::CombatCard) => format!("combat-card-{side}{card}"),
            Some(Decision::BeginDrawPhase) => "draw-strategy-cards-phase".into(),
            Some(Decision::DrawPhaseDiscard) => format!("draw-phase-discard-{side}{card}"),
            Some(Decision::BombPlot) => "bomb-plot".into(),
            Some(Decision::TotalWarBegin) => format!("total-war-{side}"),
            Some(Decision::TotalWarSlotA) => format!("total-war-slot-a-{side}{card}"),
            Some(Decision::TotalWarAddCard) if special.n > 1 => format!("total-war-add-ten-cards-{side}"),
            Some(Decision::TotalWarAddCard) => format!("total-war-add-card-{side}"),
            Some(Decision::TotalWarReshuffle) => format!("total-war-reshuffle-{side}"),
            Some(Decision::HandSizeEvent) => {
                format!("hand-size-event-{side}-{}", if special.n == 0 { "down" } else { "up" })
            }
            Some(Decision::HandSize) => format!("hand-size-{side}-{}", if special.n == 0 { "down" } else { "up" }),
            Some(Decision::EndDrawPhase) => "end-draw-strategy-cards-phase".into(),
            // Only this module makes its actions, so every code it meets is one of its own.
            None => "unknown-decision".into(),
        }
    }

    fn label(&self, table: &CardTable, special: Special) -> String {
        let card = special.card.map_or(String::new(), |c| table.card_label(c));
        let side = &table.sheet().sides[(special.side & 1) as usize];
        match Decision::of(special) {
            Some(Decision::InitialStrategyCard) => {
                format!("Axis: set {card} aside as the opening event (the other goes back in the deck)")
            }
            Some(Decision::SovietReinforcementsMulligan) => {
                format!("Allied: play Soviet Reinforcements instead, discarding {card} (3 Ops or more)")
            }
            Some(Decision::AutomaticOperation) => {
                format!("{side}: an automatic operation (1 Ops): no card played, Cards Remaining kept")
            }
            Some(Decision::PartisanOperation) => {
                "Allied: place a Partisan: no card played, Cards Remaining kept".into()
            }
            Some(Decision::CombatCard) => format!("{side}: play {card} as a Combat Card (Cards Remaining -1)"),
            Some(Decision::BeginDrawPhase) => "the game turn ends: begin the Draw Strategy Cards phase".into(),
            Some(Decision::DrawPhaseDiscard) => format!("{side}: discard {card} against one card remaining"),
            Some(Decision::BombPlot) => {
                "Bomb Plot: a random face-up Axis card is discarded (Random Card Selection)".into()
            }
            Some(Decision::HandSizeEvent | Decision::HandSize) => {
                let h = table.max_hand_size(special.side & 1);
                let to = if special.n == 0 { h.saturating_sub(1).max(1) } else { (h + 1).min(MAX_MARKER) };
                let why = if Decision::of(special) == Some(Decision::HandSizeEvent) {
                    format!("the event of {card} changes it")
                } else {
                    "a resource or another effect changes it".to_string()
                };
                format!("{side}: Max Hand Size {h} → {to} ({why}; it counts from the next Draw Strategy Cards phase)")
            }
            Some(Decision::TotalWarBegin) => format!("{side}: the Total War cards join the deck"),
            Some(Decision::TotalWarSlotA) => {
                let unseen =
                    special.card.is_some_and(|c| table.card_name(c).is_none() && !in_sight(table, special.side, c));
                if unseen && special.side == AXIS {
                    "Axis: put Totaler Krieg! (one of the unnamed Total War cards) face-up in slot A of the next hand"
                        .into()
                } else if unseen {
                    format!(
                        "{side}: put a Blitzkrieg card of your choice from out of sight face-up in slot A of the next hand"
                    )
                } else {
                    format!("{side}: put {card} face-up in slot A of the next hand")
                }
            }
            Some(Decision::TotalWarAddCard) if special.n > 1 => {
                format!("{side}: ten more Total War cards the manifest does not list join the deck")
            }
            Some(Decision::TotalWarAddCard) => {
                format!("{side}: one more Total War card the manifest does not list joins the deck")
            }
            Some(Decision::TotalWarReshuffle) => {
                let waiting = table.waiting(special.side, TOTAL_WAR).len() + unnamed_waiting(table, special.side).len();
                let keep = if table.marker(TOTAL_WAR_CHOICE, special.side) != 0 { " except slot A" } else { "" };
                format!(
                    "{side}: discard the display{keep}, shuffle the deck, the discards and the {waiting} Total War \
                     card(s) together, and deal a new display"
                )
            }
            Some(Decision::EndDrawPhase) => {
                "end the Draw Strategy Cards phase: both sides' Cards Remaining back to Max Hand Size".into()
            }
            None => "an action this sheet does not know".into(),
        }
    }

    fn reminders(&self, table: &CardTable) -> Vec<String> {
        let mut notes = Vec::new();
        if let Some(s) = [AXIS, ALLIED].into_iter().find(|s| table.marker(TOTAL_WAR_STAGE, *s) == 1) {
            let side = &table.sheet().sides[usize::from(s)];
            let choice = if s == AXIS {
                "The Axis may put Totaler Krieg! (#26) face-up in slot A of its next hand"
            } else {
                "The Allies may put any one Blitzkrieg card face-up in slot A of their next hand"
            };
            notes.push(format!(
                "Total War cards join the {side} deck. {choice}, or leave it to chance. Then the display is \
                 discarded (slot A kept when chosen), the deck, the discards and the Total War cards are shuffled \
                 together, and the display is dealt as at setup. Total War cards the manifest does not list are \
                 added one by one before the reshuffle."
            ));
            return notes;
        }
        if table.names.is_empty() {
            notes.push(
                "Without a deck manifest the table cannot tell which cards are Barbarossa, Von Paulus Pause or \
                 Soviet Reinforcements: set them aside yourself (--manifest builtin knows them)."
                    .into(),
            );
        }
        if !held(table, REINFORCEMENTS_PLACE).is_empty() && game_turn(table) <= 2 {
            notes.push(
                "Soviet Reinforcements may replace any allowed Allied card of 3 Ops or more until the end of \
                 game turn 2; the replaced card is discarded."
                    .into(),
            );
        }
        if table.active() == AXIS && opening_waits(table) {
            notes.push("On its first turn the Axis plays its opening event instead of rolling the Fate Die.".into());
        }
        if table.marker(DRAW_PHASE, AXIS) == 1 {
            notes.push(
                "Draw Strategy Cards phase: each side may discard one face-up card per card it has remaining; \
                 then Cards Remaining go back to the Max Hand Size (a changed Max Hand Size takes effect now)."
                    .into(),
            );
        }
        if table.cards_remaining(table.active()) == 0 {
            notes.push(
                "No cards remaining: only an automatic operation (or an Allied Partisan placement) is left this turn."
                    .into(),
            );
        }
        let face_up: Vec<CardId> = (0..2).flat_map(|s| table.display(s).face_up().map(|(_, c)| c)).collect();
        if face_up.iter().any(|&c| is_hand_revealing(table, c)) {
            notes
                .push("Enigma and the Axis card that looks at the Allied hand have no event in solitaire play.".into());
        }
        if face_up.iter().any(|&c| is_hand_size_card(table, c)) {
            notes.push(
                "Bomber Command, US 8th Air Force and Final Production Surge change the Axis Max Hand Size from \
                 the next Draw Strategy Cards phase."
                    .into(),
            );
        }
        notes
    }
}

/// Where unnamed Total War cards the player adds wait until the reshuffle.
const UNNAMED_TOTAL_WAR: &str = "Total War card (unnamed), waiting to join the deck";

/// The unnamed Total War cards added to `side`'s deck, waiting for the reshuffle.
fn unnamed_waiting(table: &CardTable, side: u8) -> Vec<CardId> {
    table.held_cards(UNNAMED_TOTAL_WAR, Some(side))
}

fn push_total_war_begin(table: &CardTable, out: &mut Vec<TableAction>) {
    for s in [AXIS, ALLIED] {
        if table.marker(TOTAL_WAR_STAGE, s) == 0 {
            out.push(special(Decision::TotalWarBegin, s, None, 0));
        }
    }
}

/// The cards a side may put in slot A when the Total War cards join. The Axis: Totaler Krieg!, named
/// by a manifest, or one of the unnamed Total War cards added (the player knows which is which).
/// The Allies: any Blitzkrieg card of their deck. Everything but the cards set aside is shuffled
/// together at that moment, so the choice may come from anywhere: the named cards are offered one by
/// one, the unnamed ones that are out of sight as one choice (they are all alike to the table).
fn total_war_choices(table: &CardTable, side: u8) -> Vec<CardId> {
    let d = table.deck_index(side);
    if side == AXIS {
        let mut cards: Vec<CardId> = table.display(AXIS).face_up().map(|(_, c)| c).collect();
        cards.extend(table.visible_top(AXIS));
        cards.extend(table.decks[d].discard.iter().filter(|x| x.face_up).map(|x| x.card));
        cards.extend(table.waiting(AXIS, TOTAL_WAR));
        cards.retain(|c| numbered(table, *c) == Some(TOTALER_KRIEG));
        if !named_anywhere(table, AXIS, TOTALER_KRIEG) {
            cards.extend(unnamed_waiting(table, AXIS).first().copied());
        }
        cards.sort_unstable();
        cards.dedup();
        return cards;
    }
    let mut everywhere: Vec<CardId> = table.display(side).cards().map(|(_, _, p)| p.card).collect();
    everywhere.extend(table.decks[d].top);
    everywhere.extend(table.decks[d].pool.iter().copied());
    everywhere.extend(table.decks[d].discard.iter().map(|x| x.card));
    let in_sight = |c: CardId| in_sight(table, side, c);
    let mut cards: Vec<CardId> = everywhere
        .iter()
        .copied()
        .filter(|c| table.part_of(*c).is_none() && (table.card_name(*c).is_some() || in_sight(*c)))
        .collect();
    // One stand-in for the unnamed cards out of sight: the lowest id among them all (hidden or not,
    // so the offer does not depend on where the unseen cards lie).
    if let Some(stand_in) = everywhere.iter().copied().filter(|c| table.card_name(*c).is_none() && !in_sight(*c)).min()
    {
        cards.push(stand_in);
    }
    cards.sort_unstable();
    cards.dedup();
    cards
}

/// Whether `card` is face-up on `side`'s display, on top of its deck, or in its discards.
fn in_sight(table: &CardTable, side: u8, card: CardId) -> bool {
    let d = table.deck_index(side);
    table.display(side).face_up().any(|(_, x)| x == card)
        || table.visible_top(side) == Some(card)
        || table.decks[d].discard.iter().any(|x| x.card == card && x.face_up)
}

/// Whether a card with this printed number exists in `side`'s deck (named by the manifest).
fn named_anywhere(table: &CardTable, side: u8, number: u16) -> bool {
    table.names.iter().enumerate().any(|(i, n)| {
        n.as_ref().is_some_and(|n| n.number == Some(number))
            && u16::try_from(i).is_ok_and(|i| owner(table, CardId(i)) == Some(side))
    })
}

/// Adds the Total War cards to `side`'s deck: the chosen card (if any) is kept for slot A, the rest
/// of the display is discarded, everything is shuffled together, and the display is dealt again
/// with the chosen card face-up in slot A.
fn total_war_reshuffle(table: &mut CardTable, side: u8) {
    let choice = u16::try_from(table.marker(TOTAL_WAR_CHOICE, side)).ok().filter(|c| *c > 0).map(CardId);
    let d = table.deck_index(side);
    if let Some(card) = choice {
        // Out of wherever it is: the display, the top of the deck, the discards or the waiting part.
        table.release(card);
        table.displays[side as usize].take(card);
        if table.decks[d].top == Some(card) {
            table.decks[d].top = None;
        }
        table.decks[d].discard.retain(|x| x.card != card);
        table.decks[d].pool.retain(|c| *c != card);
    }
    table.join_part(side, TOTAL_WAR);
    for card in unnamed_waiting(table, side) {
        table.release(card);
        table.decks[d].pool.push(card);
    }
    table.reshuffle(side, ReshuffleKind::Redeal);
    if let Some(card) = choice {
        let first_a = table
            .pending
            .iter()
            .position(|p| matches!(p, Pending::Fill { side: s, slot: SlotName::A, .. } if *s == side));
        if let Some(i) = first_a {
            table.pending.remove(i);
        }
        table.displays[side as usize].slot_mut(SlotName::A).insert(0, crate::card::Placed { card, face_up: true });
    }
    table.set_marker(TOTAL_WAR_STAGE, side, 2);
    table.set_marker(TOTAL_WAR_CHOICE, side, 0);
}

/// A side's face-up cards: its display's and slot C's face-up top card.
fn selectable_of(table: &CardTable, side: u8) -> Vec<CardId> {
    let mut cards: Vec<CardId> = table.display(side).face_up().map(|(_, c)| c).collect();
    cards.extend(table.visible_top(side));
    cards
}

/// The face-up Axis cards Bomb Plot can pick from.
fn selectable(table: &CardTable) -> Vec<CardId> {
    selectable_of(table, AXIS)
}

/// The Axis's first turn, with its chosen opening event still beside the display.
fn opening_waits(table: &CardTable) -> bool {
    let opening = table.marker(OPENING, AXIS);
    table.turn == 1 && opening > 0 && table.display(AXIS).beside.iter().any(|c| i32::from(c.0) == opening)
}

/// Allied #25 Enigma and Axis #50 look at the other hand: no event in solitaire play.
fn is_hand_revealing(table: &CardTable, card: CardId) -> bool {
    let Some(n) = numbered(table, card) else { return false };
    let side = owner(table, card);
    (side == Some(ALLIED) && n == 25) || (side == Some(AXIS) && n == 50)
}

/// Allied #12 and #28, Axis #52: they change the Axis hand size.
fn is_hand_size_card(table: &CardTable, card: CardId) -> bool {
    let Some(n) = numbered(table, card) else { return false };
    let side = owner(table, card);
    (side == Some(ALLIED) && (n == 12 || n == 28)) || (side == Some(AXIS) && n == 52)
}

/// Which side's deck a card belongs to (card ids run deck by deck).
fn owner(table: &CardTable, card: CardId) -> Option<u8> {
    let first_allied = table.first_card_of(ALLIED)?;
    Some(if card.0 < first_allied.0 { AXIS } else { ALLIED })
}
