//! Pursuit of Glory's special rules: the cards set aside for each side's first turn, eight-card
//! hands, the Draw Strategy Card phase, an exhausted deck with no discards, Combat Event cards,
//! the two cards that change hands (Jafar Pasha and No Prisoners), the changed events (Djemal,
//! Lawrence, Greece against King Constantine, Enver, the "remove a unit or lose a VP" cards) and the
//! War Status reshuffle.
//!
//! Cards are recognised by their printed number and their deck when a manifest names them. When a
//! card the rule needs is not named, the table offers the rule for the card just played and lets
//! the player say whether it is that card.

use super::{Special, SpecialRules};
use crate::card::{CardId, Placed};
use crate::playsheet::{Facing, ReshuffleKind};
use crate::slot::SlotName;
use crate::table::{CardTable, Held, Pending, Phase};
use crate::table_action::TableAction;

pub(super) struct Rules;

const ALLIES: u8 = 0;
const CENTRAL: u8 = 1;
/// The purpose index of "Event" on this sheet.
const EVENT: u8 = 1;

/// The decisions this sheet adds to the common table, each named after the playsheet paragraph
/// (or board-game step) it carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub(crate) enum Decision {
    /// Sheet paragraph "Allied Card #1: Russo-British Assault (4.1.3.a)": the Allies take the
    /// Assault, which the manifest does not name, out of their deck and keep it for their first
    /// turn.
    SetAsideRussoBritishAssault = 1,
    /// Sheet paragraph "Central Powers 4 Ops Card (4.1.3.b)": the Central Powers keep a 4-Ops card
    /// of their choice (a named one, or an unnamed one the player takes) for their first turn.
    SetAsideFourOpsCard = 2,
    /// Sheet paragraph "Optional Rule 19.5, Eight Card Hands": both Max Hand Sizes and Cards
    /// Remaining become 8.
    EightCardHands = 3,
    /// Sheet paragraph "Draw Strategy Card Phase (Modifies Rule 6.0H)": the phase begins, each side
    /// allowed one discard per card it has remaining.
    BeginDrawPhase = 4,
    /// Sheet paragraph "Draw Strategy Card Phase": a side discards one face-up Combat card.
    DrawPhaseDiscard = 5,
    /// Sheet paragraph "Draw Strategy Card Phase": Cards Remaining go back to the Max Hand Size and
    /// the empty slots A, B, D and E are filled face-down.
    EndDrawPhase = 6,
    /// Sheet paragraph "Draw Deck Empty": with nothing to play and the deck empty, a 1-Ops
    /// operation takes the turn.
    AutomaticOperation = 7,
    /// Sheet paragraph "Combat Event Cards": a face-up card of either display is played in a
    /// combat.
    CombatEventCard = 8,
    /// Sheet paragraph "Central Powers Card #20: Jafar Pasha & Allied Powers Card #21: No
    /// Prisoners": a card passed over is used in a combat and changes hands again.
    UsePassedCard = 9,
    /// The same paragraph: the card just played (when the manifest does not name it, the player
    /// says it is Jafar Pasha or No Prisoners) goes beside the other side's display.
    PassCard = 10,
    /// Sheet paragraph "Allied Powers Card #45: Greece & Central Powers Card #16: King
    /// Constantine": a face-up King Constantine cancels Greece and the Allies play again.
    CancelGreece = 11,
    /// Sheet paragraph "War Status Reshuffle (16.1.3/4)": the display is discarded and the deck
    /// reshuffled, with the next later part of the deck (`n`, from 1; 0 for none) joining it.
    WarStatusReshuffle = 12,
    /// Sheet paragraph "Central Powers Card #15 & Allied Powers Card #18: Lawrence": the player
    /// says the unnamed event just played was Djemal or Lawrence, and the inactive display turns
    /// face-up.
    FlipInactiveDisplay = 13,
    /// Sheet paragraph "Draw Strategy Card Phase": the player says a face-up card the manifest
    /// does not describe is a Combat card, so it may be discarded.
    IsCombatCard = 14,
    /// Sheet paragraph "Allied Card #1: Russo-British Assault (4.1.3.a)": the Allies leave the
    /// Assault in their deck instead of keeping it for their first turn.
    DeclineRussoBritishAssault = 15,
}

impl Decision {
    const ALL: [Decision; 15] = [
        Decision::SetAsideRussoBritishAssault,
        Decision::SetAsideFourOpsCard,
        Decision::EightCardHands,
        Decision::BeginDrawPhase,
        Decision::DrawPhaseDiscard,
        Decision::EndDrawPhase,
        Decision::AutomaticOperation,
        Decision::CombatEventCard,
        Decision::UsePassedCard,
        Decision::PassCard,
        Decision::CancelGreece,
        Decision::WarStatusReshuffle,
        Decision::FlipInactiveDisplay,
        Decision::IsCombatCard,
        Decision::DeclineRussoBritishAssault,
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

// The markers this game keeps.
/// The card each side set aside for its first turn (0: none).
const FIRST_TURN_CARD: &str = "first-turn card";
/// 1 while the Draw Strategy Card phase is under way (side 0's value).
const DRAW_PHASE: &str = "draw phase";
/// How many face-up Combat cards each side may still discard in the Draw Strategy Card phase.
const DRAW_DISCARDS_LEFT: &str = "draw phase discards left";
/// The card each side last played this turn (0: none), and the one it played as an event.
const PLAYED: &str = "played this turn";
const EVENT_PLAYED: &str = "event this turn";
/// 1 when the Allies take another turn after Greece was cancelled.
const EXTRA_TURN: &str = "extra turn";
/// 1 once the Allies declined to set Russo-British Assault aside (side 0's value).
const ASSAULT_DECLINED: &str = "russo-british assault declined";

/// The tag of a card the player said is a Combat card.
const COMBAT_TAG: &str = "combat card";

/// Where a card passed to the other side waits (the held card's side is the side holding it).
const PASSED: &str = "passed over: usable in any combat";

/// A card the sheet names: its deck and printed number.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Named {
    side: u8,
    number: u16,
    name: &'static str,
}

const RUSSO_BRITISH_ASSAULT: Named = Named { side: ALLIES, number: 1, name: "Russo-British Assault" };
const LAWRENCE: Named = Named { side: ALLIES, number: 18, name: "Lawrence" };
const NO_PRISONERS: Named = Named { side: ALLIES, number: 21, name: "No Prisoners" };
const GREECE: Named = Named { side: ALLIES, number: 45, name: "Greece" };
const ENVER: Named = Named { side: CENTRAL, number: 3, name: "Enver to Constantinople" };
const DJEMAL: Named = Named { side: CENTRAL, number: 15, name: "Djemal Crushes Secret Societies" };
const KING_CONSTANTINE: Named = Named { side: CENTRAL, number: 16, name: "King Constantine" };
const JAFAR_PASHA: Named = Named { side: CENTRAL, number: 20, name: "Jafar Pasha" };
const UNIT_OR_VP: [Named; 4] = [
    Named { side: CENTRAL, number: 31, name: "Gorlice-Tarnow" },
    Named { side: CENTRAL, number: 32, name: "Verdun" },
    Named { side: CENTRAL, number: 48, name: "Robertson" },
    Named { side: CENTRAL, number: 50, name: "Kaiserschlacht" },
];

fn id_of(value: i32) -> Option<CardId> {
    u16::try_from(value).ok().filter(|v| *v > 0).map(CardId)
}

/// A side's cards out of sight: its undrawn deck and its face-down display cards.
fn unseen(table: &CardTable, side: u8) -> Vec<CardId> {
    let mut cards: Vec<CardId> = table.deck_of(side).pool.clone();
    cards.extend(table.display(side).cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card));
    cards
}

/// Takes an unseen card out: from the deck, or from the display (its slot then refills face-down).
fn take_unseen(table: &mut CardTable, side: u8, card: CardId) -> bool {
    let d = table.deck_index(side);
    if table.decks[d].draw(card) {
        return true;
    }
    match table.displays[side as usize].take(card) {
        Some((slot, _)) => {
            table.pending.push_back(crate::table::Pending::Fill {
                side,
                slot,
                facing: crate::playsheet::Facing::FaceDown,
                only_if_short: true,
            });
            true
        }
        None => false,
    }
}

fn marker_card(table: &CardTable, name: &str, side: u8) -> Option<CardId> {
    id_of(table.marker(name, side))
}

fn set_marker_card(table: &mut CardTable, name: &'static str, side: u8, card: Option<CardId>) {
    table.set_marker(name, side, card.map_or(0, |c| i32::from(c.0)));
}

/// Whose deck a card belongs to, from where it lies now (a passed card belongs to the side that
/// does not hold it).
fn owner(table: &CardTable, card: CardId) -> Option<u8> {
    if let Some(h) = table.held.iter().find(|h| h.card == card) {
        return Some(if h.place == PASSED { 1 - h.side } else { h.side });
    }
    for side in 0..2u8 {
        let display = table.display(side);
        if display.find(card).is_some() || display.beside.contains(&card) {
            return Some(side);
        }
    }
    for (d, deck) in table.decks.iter().enumerate() {
        if deck.top == Some(card) || deck.pool.contains(&card) || deck.discard.iter().any(|x| x.card == card) {
            return u8::try_from(d).ok();
        }
    }
    None
}

/// Whether the manifest names this card as `named`.
fn is(table: &CardTable, card: CardId, named: Named) -> bool {
    table.card_name(card).is_some_and(|n| n.number == Some(named.number)) && owner(table, card) == Some(named.side)
}

/// Whether the manifest names the card at all (else the player says which card it is).
fn is_named_somewhere(table: &CardTable, named: Named) -> bool {
    table
        .names
        .iter()
        .enumerate()
        .filter(|(_, n)| n.as_ref().is_some_and(|n| n.number == Some(named.number)))
        .any(|(i, _)| u16::try_from(i).is_ok_and(|i| owner(table, CardId(i)) == Some(named.side)))
}

/// The named card in the table, if the manifest names it.
fn find_named(table: &CardTable, named: Named) -> Option<CardId> {
    table
        .names
        .iter()
        .enumerate()
        .filter(|(_, n)| n.as_ref().is_some_and(|n| n.number == Some(named.number)))
        .filter_map(|(i, _)| u16::try_from(i).ok().map(CardId))
        .find(|c| owner(table, *c) == Some(named.side))
}

/// A card is "unknown" for a rule when it has no manifest name and the rule's card is not named
/// anywhere: then it might be that card, and the player says whether it is.
fn could_be(table: &CardTable, card: CardId, named: Named) -> bool {
    is(table, card, named) || (table.card_name(card).is_none() && !is_named_somewhere(table, named))
}

/// The later part of the deck a War Status reshuffle adds (its `n` numbers the deck's later parts
/// from 1, in the manifest's order).
fn joining_part(table: &CardTable, special: Special) -> Option<String> {
    let index = usize::from(special.n).checked_sub(1)?;
    table.later_parts(special.side).get(index).cloned()
}

fn side_name(table: &CardTable, side: u8) -> &str {
    &table.sheet().sides[(side & 1) as usize]
}

/// Face-up cards of a display, and its deck's face-up top card.
fn face_up_cards(table: &CardTable, side: u8) -> Vec<CardId> {
    let mut cards: Vec<CardId> = table.display(side).face_up().map(|(_, c)| c).collect();
    cards.extend(table.deck_of(side).top);
    cards
}

fn first_turn(table: &CardTable, side: u8) -> bool {
    table.turn == u32::from(side) + 1
}

fn is_start(table: &CardTable) -> bool {
    matches!(table.phase, Phase::Start)
}

fn played_count(table: &CardTable) -> Option<u8> {
    match table.phase {
        Phase::Choose { played, .. } => Some(played),
        _ => None,
    }
}

fn in_draw_phase(table: &CardTable) -> bool {
    table.marker(DRAW_PHASE, 0) == 1
}

/// Whether a card is a Combat card: the manifest says so, or the player did; `None` when neither
/// knows.
fn combat_card(table: &CardTable, card: CardId) -> Option<bool> {
    if table.tags.iter().any(|(c, t)| *c == card && *t == COMBAT_TAG) {
        return Some(true);
    }
    table.flags(card).combat
}

/// Takes a card out of a discard pile (the card just played).
fn take_from_discards(table: &mut CardTable, side: u8, card: CardId) -> bool {
    let d = table.deck_index(side);
    match table.decks[d].discard.iter().rposition(|x| x.card == card) {
        Some(i) => {
            table.decks[d].discard.remove(i);
            true
        }
        None => false,
    }
}

/// Moves a card just played by `from` beside the other side's display.
fn pass_over(table: &mut CardTable, from: u8, card: CardId) {
    if take_from_discards(table, from, card) {
        table.held.push(Held { card, side: 1 - from, place: PASSED });
    }
}

/// Lowers Cards Remaining to 4 for a side whose deck and discards are both empty.
fn check_exhausted(table: &mut CardTable) {
    for side in 0..2u8 {
        let d = table.deck_index(side);
        if table.decks[d].is_empty() && table.decks[d].discard.is_empty() {
            let cr = &mut table.cards_remaining[side as usize];
            *cr = (*cr).min(4);
        }
    }
}

fn deck_and_discards_empty(table: &CardTable, side: u8) -> bool {
    let d = table.deck_index(side);
    table.decks[d].is_empty() && table.decks[d].discard.is_empty()
}

/// Turns every face-down card of `side`'s display face-up, and its deck's top card.
fn flip_everything(table: &mut CardTable, side: u8) {
    for stack in &mut table.displays[side as usize].slots {
        for p in stack.iter_mut() {
            p.face_up = true;
        }
    }
    if table.face_down_top(side) {
        table.pending.push_back(Pending::RevealTop { side });
    }
}

/// After a side's first play from its display: the card it set aside takes the played card's place,
/// face-up, instead of a card from the deck.
fn replace_with_first_turn_card(table: &mut CardTable, side: u8) {
    // Only in the side's first turn: a card set beside the display later is just set aside.
    if !first_turn(table, side) {
        return;
    }
    let Some(card) = marker_card(table, FIRST_TURN_CARD, side) else { return };
    let display = &table.displays[side as usize];
    if !display.beside.contains(&card) {
        return;
    }
    let slot = [SlotName::A, SlotName::B, SlotName::D, SlotName::E]
        .into_iter()
        .find(|s| display.slot(*s).len() < display.target[s.index()] as usize);
    let d = table.deck_index(side);
    match slot {
        Some(slot) => {
            if let Some(i) = table
                .pending
                .iter()
                .position(|p| matches!(p, Pending::Fill { side: s, slot: x, .. } if *s == side && *x == slot))
            {
                table.pending.remove(i);
            }
            table.displays[side as usize].slot_mut(slot).push(Placed { card, face_up: true });
        }
        // The played card was the deck's top card (slot C): the set-aside card lies face-up there.
        None if table.decks[d].top.is_none() => table.decks[d].top = Some(card),
        None => return,
    }
    table.displays[side as usize].beside.retain(|c| *c != card);
}

impl SpecialRules for Rules {
    fn setup(&self, table: &mut CardTable) {
        // A named Russo-British Assault is set aside before the deal.
        if let Some(card) = find_named(table, RUSSO_BRITISH_ASSAULT) {
            let d = table.deck_index(ALLIES);
            if table.decks[d].draw(card) {
                table.displays[ALLIES as usize].beside.push(card);
                set_marker_card(table, FIRST_TURN_CARD, ALLIES, Some(card));
            }
        }
    }

    fn waiting_for(&self, table: &CardTable) -> Option<String> {
        in_draw_phase(table).then(|| "the Draw Strategy Card phase (both sides)".into())
    }

    fn adjust_legal(&self, table: &CardTable, out: &mut Vec<TableAction>) {
        let active = table.active();
        if !matches!(table.phase, Phase::Start | Phase::Choose { .. } | Phase::FlipChoice { .. }) {
            return;
        }
        if in_draw_phase(table) {
            out.clear();
            // Only face-up Combat cards may go, slot C's face-up top card among them; of a card whose
            // type the table does not know, the player says first whether it is one.
            for side in 0..2u8 {
                if table.marker(DRAW_DISCARDS_LEFT, side) > 0 {
                    for card in face_up_cards(table, side) {
                        match combat_card(table, card) {
                            Some(true) => out.push(special(Decision::DrawPhaseDiscard, side, Some(card), 0)),
                            None => out.push(special(Decision::IsCombatCard, side, Some(card), 0)),
                            Some(false) => {}
                        }
                    }
                }
            }
            out.push(special(Decision::EndDrawPhase, 0, None, 0));
            return;
        }
        // The first-turn cards: Russo-British Assault only for its event, both only in their
        // side's first turn.
        out.retain(|a| match a {
            TableAction::PlayBeside { card, purpose } if marker_card(table, FIRST_TURN_CARD, active) == Some(*card) => {
                first_turn(table, active) && (active != ALLIES || *purpose == EVENT)
            }
            _ => true,
        });
        if is_start(table) {
            let declined = table.marker(ASSAULT_DECLINED, ALLIES) == 1;
            if table.turn == 1
                && !declined
                && marker_card(table, FIRST_TURN_CARD, ALLIES).is_none()
                && unseen(table, ALLIES).iter().any(|c| table.card_name(*c).is_none())
            {
                out.push(special(Decision::SetAsideRussoBritishAssault, ALLIES, None, 0));
            }
            // The Assault "may be chosen": the Allies may leave it in their deck instead.
            if let Some(card) = marker_card(table, FIRST_TURN_CARD, ALLIES)
                && table.turn == 1
                && table.display(ALLIES).beside.contains(&card)
            {
                out.push(special(Decision::DeclineRussoBritishAssault, ALLIES, Some(card), 0));
            }
            if table.turn <= 2 && marker_card(table, FIRST_TURN_CARD, CENTRAL).is_none() {
                // The deck is searched: any named 4-Ops card not in sight may be taken (in sight or not is
                // all the offer depends on, so it tells nothing hidden).
                let unseen = unseen(table, CENTRAL);
                let mut named: Vec<CardId> = unseen
                    .iter()
                    .copied()
                    .filter(|c| table.card_name(*c).is_some() && table.facts(*c).value == Some(4))
                    .collect();
                named.sort_unstable();
                out.extend(named.into_iter().map(|c| special(Decision::SetAsideFourOpsCard, CENTRAL, Some(c), 0)));
                if unseen.iter().any(|c| table.card_name(*c).is_none()) {
                    out.push(special(Decision::SetAsideFourOpsCard, CENTRAL, None, 0));
                }
            }
            if table.turn == 1 && (table.max_hand_size(0) != 8 || table.max_hand_size(1) != 8) {
                out.push(special(Decision::EightCardHands, 0, None, 0));
            }
            out.push(special(Decision::BeginDrawPhase, 0, None, 0));
            // Per side: the reshuffle that adds the next part a manifest keeps out of its deck (a
            // side commits to Limited War before Total War, so the parts join in the manifest's
            // order), or a plain one when no part waits.
            for side in [ALLIES, CENTRAL] {
                let parts = table.later_parts(side);
                let next = parts.iter().position(|part| !table.waiting(side, part).is_empty());
                let n = next.map_or(0, |k| u8::try_from(k + 1).unwrap_or(u8::MAX));
                out.push(special(Decision::WarStatusReshuffle, side, None, n));
            }
        }
        // The sheet has no pass: after the roll a card is played, or, with nothing to play and the
        // deck empty, the automatic operation takes the turn.
        super::pass_after_roll_only_as_last_resort(table, out);
        if let Phase::Choose { played: 0, .. } = table.phase
            && table.deck_of(active).is_empty()
            && table.eligible().is_ok_and(|e| e.is_empty())
        {
            out.retain(|a| !matches!(a, TableAction::Pass));
            out.push(special(Decision::AutomaticOperation, active, None, 0));
        }
        if played_count(table).is_some_and(|p| p > 0) {
            // Combat: face-up cards of either display, and the cards passed over.
            for side in [active, 1 - active] {
                if table.cards_remaining(side) > 0 {
                    // A card the manifest says is no Combat card is not offered.
                    for card in face_up_cards(table, side).into_iter().filter(|c| table.flags(*c).combat != Some(false))
                    {
                        out.push(special(Decision::CombatEventCard, side, Some(card), 0));
                    }
                }
            }
            for h in table.held.iter().filter(|h| h.place == PASSED) {
                out.push(special(Decision::UsePassedCard, h.side, Some(h.card), 0));
            }
            // The card each side just played, if it may be one of the cards that change hands.
            for side in [active, 1 - active] {
                if let Some(card) = marker_card(table, PLAYED, side) {
                    let d = table.deck_index(side);
                    let on_discards = table.decks[d].discard.last().is_some_and(|x| x.card == card);
                    let passable = (side == CENTRAL && could_be(table, card, JAFAR_PASHA))
                        || (side == ALLIES && table.card_name(card).is_none() && could_be(table, card, NO_PRISONERS));
                    if on_discards && passable {
                        out.push(special(Decision::PassCard, side, Some(card), 0));
                    }
                }
            }
            if let Some(card) = marker_card(table, EVENT_PLAYED, active) {
                let flips = (active == CENTRAL && table.card_name(card).is_none() && could_be(table, card, DJEMAL))
                    || (active == ALLIES && table.card_name(card).is_none() && could_be(table, card, LAWRENCE));
                if flips {
                    out.push(special(Decision::FlipInactiveDisplay, 1 - active, None, 0));
                }
                if active == ALLIES && could_be(table, card, GREECE) && table.marker(EXTRA_TURN, ALLIES) == 0 {
                    for kc in face_up_cards(table, CENTRAL) {
                        if could_be(table, kc, KING_CONSTANTINE) {
                            out.push(special(Decision::CancelGreece, CENTRAL, Some(kc), 0));
                        }
                    }
                }
            }
        }
        // Russo-British Assault unused in Action Round 1 loses its event for good (as a play or as
        // a Combat Event card); it stays usable for everything else.
        // Declined at setup, it is an ordinary card of the deck.
        let assault = find_named(table, RUSSO_BRITISH_ASSAULT).or_else(|| marker_card(table, FIRST_TURN_CARD, ALLIES));
        if table.turn > 1
            && table.marker(ASSAULT_DECLINED, ALLIES) == 0
            && let Some(assault) = assault
        {
            out.retain(|a| match a {
                TableAction::Play { card, purpose } => !(*card == assault && *purpose == EVENT),
                TableAction::Special(s) => {
                    !(Decision::of(*s) == Some(Decision::CombatEventCard) && s.card == Some(assault))
                }
                _ => true,
            });
        }
    }

    fn apply(&self, table: &mut CardTable, special: Special) {
        let side = special.side & 1;
        match Decision::of(special) {
            Some(Decision::SetAsideRussoBritishAssault | Decision::SetAsideFourOpsCard) => {
                let d = table.deck_index(side);
                let card = special.card.or_else(|| {
                    let unseen = unseen(table, side);
                    let pool: Vec<CardId> =
                        unseen.iter().copied().filter(|c| table.decks[d].pool.contains(c)).collect();
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
                for s in 0..2u8 {
                    table.set_marker(DRAW_DISCARDS_LEFT, s, 0);
                    table.cards_remaining[s as usize] = table.max_hand_size(s);
                    let display = &table.displays[s as usize];
                    let fills: Vec<Pending> = [SlotName::A, SlotName::B, SlotName::D, SlotName::E]
                        .into_iter()
                        .flat_map(|slot| {
                            let missing =
                                (display.target[slot.index()] as usize).saturating_sub(display.slot(slot).len());
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

    fn id(&self, special: Special) -> String {
        let card = special.card.map_or(0, |c| c.0);
        match Decision::of(special) {
            Some(Decision::SetAsideRussoBritishAssault) => "pog-set-aside-russo-british-assault".into(),
            Some(Decision::SetAsideFourOpsCard) => format!("pog-set-aside-4-ops-{card}"),
            Some(Decision::EightCardHands) => "pog-eight-card-hands".into(),
            Some(Decision::BeginDrawPhase) => "pog-draw-phase".into(),
            Some(Decision::DrawPhaseDiscard) => format!("pog-draw-phase-discard-{card}"),
            Some(Decision::EndDrawPhase) => "pog-draw-phase-end".into(),
            Some(Decision::AutomaticOperation) => "pog-automatic-operation".into(),
            Some(Decision::CombatEventCard) => format!("pog-combat-{card}"),
            Some(Decision::UsePassedCard) => format!("pog-combat-passed-{card}"),
            Some(Decision::PassCard) => format!("pog-pass-{card}"),
            Some(Decision::CancelGreece) => format!("pog-cancel-greece-{card}"),
            Some(Decision::FlipInactiveDisplay) => format!("pog-flip-inactive-{}", special.side),
            Some(Decision::IsCombatCard) => format!("pog-is-combat-card-{card}"),
            Some(Decision::DeclineRussoBritishAssault) => "pog-keep-russo-british-assault-in-deck".into(),
            Some(Decision::WarStatusReshuffle) => {
                let side = if special.side == ALLIES { "allies" } else { "central-powers" };
                match special.n {
                    0 => format!("pog-war-status-reshuffle-{side}"),
                    n => format!("pog-war-status-reshuffle-{side}-part-{n}"),
                }
            }
            // Only this module makes its actions, so every code it meets is one of its own.
            None => "unknown-decision".into(),
        }
    }

    fn label(&self, table: &CardTable, special: Special) -> String {
        let side = side_name(table, special.side).to_string();
        let other = side_name(table, 1 - special.side).to_string();
        let card = special.card.map(|c| table.card_label(c)).unwrap_or_default();
        match Decision::of(special) {
            Some(Decision::SetAsideRussoBritishAssault) => {
                format!("{side}: take Russo-British Assault out of the deck and set it aside for the first turn")
            }
            Some(Decision::SetAsideFourOpsCard) if special.card.is_some() => {
                format!("{side}: set {card} aside as the 4-Ops card for their first turn")
            }
            Some(Decision::SetAsideFourOpsCard) => {
                format!(
                    "{side}: take the 4-Ops card of their choice out of the deck and set it aside for their first turn"
                )
            }
            Some(Decision::IsCombatCard) => format!("{side}: {card} is a Combat card (so it may be discarded now)"),
            Some(Decision::DeclineRussoBritishAssault) => {
                format!("{side}: do not keep Russo-British Assault for the first turn: shuffle it back into the deck")
            }
            Some(Decision::EightCardHands) => {
                "optional eight-card hands: Max Hand Size and Cards Remaining 8 for both sides".into()
            }
            Some(Decision::BeginDrawPhase) => "begin the Draw Strategy Card phase (both sides)".into(),
            Some(Decision::DrawPhaseDiscard) => {
                format!("Draw Strategy Card phase: {side} discards the Combat card {card}")
            }
            Some(Decision::EndDrawPhase) => {
                "end the Draw Strategy Card phase: reset Cards Remaining and fill empty slots A, B, D, E face-down"
                    .into()
            }
            Some(Decision::AutomaticOperation) => {
                format!("{side}: no card can be played and the deck is empty: automatic 1-Ops operation")
            }
            Some(Decision::CombatEventCard) => format!("{side}: play {card} as a Combat Event card in this combat"),
            Some(Decision::UsePassedCard) => {
                format!("{side}: use {card} from beside the display in this combat (it then goes to {other})")
            }
            Some(Decision::PassCard) if table.card_name(special.card.unwrap_or(CardId(0))).is_some() => {
                format!("{side}: pass {card} to {other}")
            }
            Some(Decision::PassCard) => format!(
                "{side}: {card} was {}: pass it to {other}",
                if special.side == ALLIES { NO_PRISONERS.name } else { JAFAR_PASHA.name }
            ),
            Some(Decision::CancelGreece) => {
                format!("{other}: cancel Greece with King Constantine ({card}); the Allies then play again")
            }
            Some(Decision::FlipInactiveDisplay) => format!(
                "the event just played was {}: turn every face-down card of {side} face-up, deck top included",
                if special.side == ALLIES { DJEMAL.name } else { LAWRENCE.name }
            ),
            Some(Decision::WarStatusReshuffle) => match joining_part(table, special) {
                None => format!(
                    "War Status reshuffle ({side}): the display to the discards, reshuffle the deck and deal as at setup"
                ),
                Some(part) => format!(
                    "War Status reshuffle ({side}) adding the {} {part} cards: the display to the discards, shuffle \
                     them in with the deck and deal as at setup",
                    table.waiting(special.side, &part).len()
                ),
            },
            None => "an action this sheet does not know".into(),
        }
    }

    fn after_roll(&self, table: &mut CardTable, _face: u8) {
        check_exhausted(table);
    }

    fn is_tool(&self, _table: &CardTable, special: Special) -> bool {
        // The War Status reshuffles come with the war status cards, a few times a game.
        Decision::of(special) == Some(Decision::WarStatusReshuffle)
    }

    fn after_play(&self, table: &mut CardTable, card: CardId, purpose: u8) {
        let side = table.active();
        replace_with_first_turn_card(table, side);
        set_marker_card(table, PLAYED, side, Some(card));
        if purpose == EVENT {
            set_marker_card(table, EVENT_PLAYED, side, Some(card));
            if is(table, card, DJEMAL) || is(table, card, LAWRENCE) {
                flip_everything(table, 1 - side);
            }
        }
        if is(table, card, NO_PRISONERS) {
            pass_over(table, side, card);
        }
        check_exhausted(table);
    }

    fn end_of_turn(&self, table: &mut CardTable) {
        for side in 0..2u8 {
            set_marker_card(table, PLAYED, side, None);
            set_marker_card(table, EVENT_PLAYED, side, None);
        }
        if table.marker(EXTRA_TURN, ALLIES) == 1 {
            table.set_marker(EXTRA_TURN, ALLIES, 0);
            // The table hands the turn over after this hook: hand it over twice.
            table.active = 1 - table.active;
        }
        check_exhausted(table);
    }

    fn reminders(&self, table: &CardTable) -> Vec<String> {
        let mut out = Vec::new();
        let active = table.active();
        let named = table.has_named_cards();
        if in_draw_phase(table) {
            out.push(
                "Draw Strategy Card phase: each side may discard one face-up Combat card per card it has left; \
                 then Cards Remaining goes back to the Max Hand Size and empty slots A, B, D and E get face-down cards."
                    .into(),
            );
            return out;
        }
        if is_start(table)
            && table.turn == 1
            && marker_card(table, FIRST_TURN_CARD, ALLIES).is_none()
            && table.marker(ASSAULT_DECLINED, ALLIES) == 0
        {
            out.push(
                "Setup: the Allies may keep Russo-British Assault aside for their first turn (the manifest does not \
                 name it, so take it from the deck with the set-aside action)."
                    .into(),
            );
        }
        if is_start(table) && table.turn <= 2 && marker_card(table, FIRST_TURN_CARD, CENTRAL).is_none() {
            out.push("Setup: the Central Powers set aside a 4-Ops card of their choice for their first turn.".into());
        }
        if let Some(card) = marker_card(table, FIRST_TURN_CARD, active)
            && table.display(active).beside.contains(&card)
            && first_turn(table, active)
        {
            if is_start(table) && first_turn(table, active) {
                out.push(if active == ALLIES {
                    format!(
                        "First turn: instead of rolling, the Allies may play {} for its event.",
                        table.card_label(card)
                    )
                } else {
                    format!(
                        "First turn: instead of rolling, the Central Powers may play their 4-Ops card {}.",
                        table.card_label(card)
                    )
                });
            }
            out.push(format!(
                "If {} is not played from beside the display, it takes the place of the first card played from the display, face-up.",
                table.card_label(card)
            ));
        }
        if is_start(table) && table.cards_remaining(active) <= 1 {
            out.push(
                "After the sixth action round comes the Draw Strategy Card phase: use the action that begins it."
                    .into(),
            );
        }
        for side in 0..2u8 {
            if deck_and_discards_empty(table, side) {
                out.push(format!(
                    "{}'s deck and discards are empty: no refills, Cards Remaining at most 4, and a roll that allows no card \
                     gives an automatic 1-Ops operation.",
                    side_name(table, side)
                ));
            }
        }
        if played_count(table).is_some_and(|p| p > 0) {
            out.push(
                "In a combat, either side may play face-up Combat Event cards (attacker first); their slots refill \
                 keeping the deck top's facing."
                    .into(),
            );
            for h in table.held.iter().filter(|h| h.place == PASSED) {
                out.push(format!(
                    "{} holds {} beside its display: usable in any combat without lowering Cards Remaining.",
                    side_name(table, h.side),
                    table.card_label(h.card)
                ));
            }
        }
        if let Some(card) = marker_card(table, EVENT_PLAYED, active) {
            let unnamed = table.card_name(card).is_none();
            if active == CENTRAL {
                if is(table, card, ENVER) || (unnamed && !is_named_somewhere(table, ENVER)) {
                    out.push(format!(
                        "If this event is {}, only its first part happens: the look at the Allies' hand is skipped.",
                        ENVER.name
                    ));
                }
                let vp: Vec<&str> = UNIT_OR_VP
                    .iter()
                    .filter(|n| is(table, card, **n) || (unnamed && !is_named_somewhere(table, **n)))
                    .map(|n| n.name)
                    .collect();
                if !vp.is_empty() {
                    out.push(format!(
                        "If this event is {}, you decide for the Allies whether they remove a unit or give up the VP.",
                        vp.join(", ")
                    ));
                }
            }
            if (active == CENTRAL && is(table, card, DJEMAL)) || (active == ALLIES && is(table, card, LAWRENCE)) {
                out.push("The inactive display has been turned face-up; now conduct operations with this card.".into());
            }
        }
        if !named && matches!(table.phase, Phase::Start) && table.turn == 1 {
            out.push(
                "Without a manifest the table cannot recognise the sheet's cards: after a play it offers the rules of \
                 No Prisoners, Jafar Pasha, Djemal, Lawrence and Greece for the card just played, and you say whether \
                 it is that card."
                    .into(),
            );
        }
        out
    }
}
