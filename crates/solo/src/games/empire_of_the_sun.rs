//! Empire of the Sun's special rules on the card table: hand sizes of 4 to 7 set each game turn
//! straight on the Cards Remaining markers, the scenario setups (Historical Variant placements, the
//! 1942 and South Pacific deck tops, Plan Orange and Burma), passes in the Offensive Segment,
//! Future Offensives (designated, played on a "C" roll, in reaction or to win initiative),
//! Reaction cards of the inactive side, "draw one strategy card" events, Mandatory cards (the
//! roll skipped at one card remaining, the reshuffle Tojo Resigns and Soviets Invade Manchuria
//! force, Operation Sandcrab-Cottage discarded as a play), the cards that swap a display card with
//! one from the discards, and the Allied cards that cost Japan a card remaining.
//!
//! Cards are recognised by their deck and the printed number a manifest gives them. Rules that
//! need a named card are not offered without one, and the reminders say what to do by hand.

use super::{Special, SpecialRules};
use crate::card::{CardId, Placed};
use crate::playsheet::Facing;
use crate::scenario::Scenario;
use crate::slot::SlotName;
use crate::table::{CardTable, Held, MAX_MARKER, Pending, Phase};
use crate::table_action::TableAction;

pub(super) struct Rules;

/// The scenario setups this module carries out; the campaign is the table as dealt. Their steps are
/// decision codes because the scenario transport carries codes (`as u8` until it is typed).
static SCENARIOS: [Scenario; 5] = [
    Scenario {
        id: "historical",
        summary: "Historical Variant: Arcadia Conference face-up on the Allied deck; Col. Tsuji in A and Central Force in B face-up and VADM Kondo face-up on the Japanese deck",
        steps: &[Decision::ArcadiaConference as u8, Decision::JapaneseOpeningHand as u8],
    },
    Scenario {
        id: "1942",
        summary: "1942: VADM Kondo face-up on the Japanese deck (17.25.E); Arcadia Conference (D) and the Japanese opening (F) stay on offer",
        steps: &[Decision::Kondo1942 as u8],
    },
    Scenario {
        id: "south-pacific",
        summary: "South Pacific: Battle of Savo Island face-up on the Japanese deck",
        steps: &[Decision::SouthPacific as u8],
    },
    Scenario {
        id: "plan-orange",
        summary: "Plan Orange: Japan 1 card remaining, the Allies 2, and the Allies move first",
        steps: &[Decision::PlanOrange as u8],
    },
    Scenario {
        id: "burma",
        summary: "Burma: Japan picks its Future Offensive among its Burma events (or an unseen card) and keeps 3 cards remaining",
        steps: &[Decision::Burma as u8],
    },
];

const JAPAN: u8 = 0;
const ALLIES: u8 = 1;

/// The sheet's purposes, by index.
const OPERATIONS: u8 = 0;
const EVENT: u8 = 1;
/// "Reaction" is the inactive side's answer (this game's own decision), never the active side's play.
const REACTION_PURPOSE: u8 = 2;
const FUTURE_OFFENSIVE: u8 = 3;

/// The decisions this sheet adds to the common table, each named after the playsheet paragraph
/// (or board-game step) it carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub(crate) enum Decision {
    /// "Variable Hand Sizes": at phase 4.14 a side's Cards Remaining is set straight to its hand
    /// size of 4 to 7 (`n`), as the Max Hand Size marker is not used.
    HandSize = 1,
    /// "Offensive Segment Passing": one more pass available to a side, set by hand.
    PassesUp = 2,
    /// "Offensive Segment Passing": one pass fewer available to a side, set by hand.
    PassesDown = 3,
    /// "Offensive Segment Passing": after its roll, the active side spends a pass instead of playing
    /// a card, leaving Cards Remaining as it is.
    OffensiveSegmentPass = 4,
    /// Historical Variant (17.25.D): the Allies keep Arcadia Conference face-up on their deck.
    ArcadiaConference = 5,
    /// Historical Japanese Opening Hand (17.25.F): Col. Tsuji in A, Central Force in B, VADM Kondo on
    /// the deck, all face-up.
    JapaneseOpeningHand = 6,
    /// 1942 Scenario (17.25.E): VADM Kondo goes face-up on the Japanese deck.
    Kondo1942 = 7,
    /// South Pacific Scenario: Savo Island goes face-up on the Japanese deck.
    SouthPacific = 8,
    /// Plan Orange: Cards Remaining 1 for Japan and 2 for the Allies, who move first.
    PlanOrange = 9,
    /// Burma: `n` = [`OPEN_CHOICE`] opens the choice; otherwise the card (or an unseen one) becomes
    /// Japan's Future Offensive and Japan keeps 3 cards remaining.
    Burma = 10,
    /// "Designating Future Offensives": on a "C" roll, a Future Offensive played for its event or
    /// operations (`n`, the purpose) as the turn's only play.
    FutureOffensivePlay = 12,
    /// "Designating Future Offensives": a Future Offensive played in reaction by the inactive side.
    FutureOffensiveReaction = 13,
    /// "Designating Future Offensives": a Future Offensive played as an EC Offensive to win
    /// initiative (7.29.A).
    FutureOffensiveInitiative = 14,
    /// "Reaction Cards": the inactive side plays a face-up Reaction card for one card remaining.
    Reaction = 15,
    /// "Draw one strategy card" events: the event just played draws a card, so Cards Remaining
    /// goes back up by one.
    DrawOneStrategyCard = 16,
    /// "Mandatory Cards": a face-up card whose conditions are met is declared Mandatory.
    DeclareMandatory = 17,
    /// "Mandatory Cards": with one card remaining, the Mandatory card is played without a roll, for
    /// its event or operations (`n`, the purpose).
    MandatoryPlay = 18,
    /// "Mandatory Cards": a discard that remembers the reshuffle Tojo Resigns or Soviets Invade
    /// Manchuria forces.
    Discard = 19,
    /// "Mandatory Cards", Operation Sandcrab-Cottage: discarded instead of played for its event,
    /// still counting as a play.
    SandcrabCottage = 20,
    /// "Mandatory Cards": the end-of-turn Reshuffle Tojo Resigns or Soviets Invade Manchuria
    /// forced.
    MandatoryReshuffle = 21,
    /// "Card Exceptions" bonus: the display card (or, with none face-up, the face-down place `n`)
    /// a swap with the discards gives away.
    SwapOut = 22,
    /// "Card Exceptions" bonus: the discard a swap takes in place of the card given away.
    SwapIn = 23,
    /// "Card Exceptions", 20th Bomber Command, Curtis LeMay and Halsey: their event (or Halsey's
    /// bonus) costs Japan a card remaining.
    JapanLosesCard = 24,
}

impl Decision {
    const ALL: [Decision; 23] = [
        Decision::HandSize,
        Decision::PassesUp,
        Decision::PassesDown,
        Decision::OffensiveSegmentPass,
        Decision::ArcadiaConference,
        Decision::JapaneseOpeningHand,
        Decision::Kondo1942,
        Decision::SouthPacific,
        Decision::PlanOrange,
        Decision::Burma,
        Decision::FutureOffensivePlay,
        Decision::FutureOffensiveReaction,
        Decision::FutureOffensiveInitiative,
        Decision::Reaction,
        Decision::DrawOneStrategyCard,
        Decision::DeclareMandatory,
        Decision::MandatoryPlay,
        Decision::Discard,
        Decision::SandcrabCottage,
        Decision::MandatoryReshuffle,
        Decision::SwapOut,
        Decision::SwapIn,
        Decision::JapanLosesCard,
    ];

    /// The decision a special action carries (`None` for a code this game does not use).
    pub(crate) fn of(special: Special) -> Option<Self> {
        Self::ALL.into_iter().find(|d| *d as u8 == special.code)
    }

    /// The value the [`SCENARIO_MADE`] marker keeps for a scenario: the code of its first step, as
    /// saved tables hold it.
    fn scenario_marker(self) -> i32 {
        i32::from(self as u8)
    }

    /// Whether this is one of the scenario setup steps offered at the start of the game.
    fn is_scenario_step(self) -> bool {
        matches!(
            self,
            Decision::ArcadiaConference
                | Decision::JapaneseOpeningHand
                | Decision::Kondo1942
                | Decision::SouthPacific
                | Decision::PlanOrange
                | Decision::Burma
        )
    }
}

// Markers.
/// Passes each side has left in this Offensive Segment.
const PASSES: &str = "passes";
/// 1 when a side's deck must be reshuffled (Tojo Resigns / Soviets Invade Manchuria).
const RESHUFFLE_DUE: &str = "reshuffle due";
/// The card a side just played for its event or in reaction: if it said "draw one strategy
/// card", Cards Remaining goes up by one (0: none).
const MAY_DRAW: &str = "event that may draw a card";
/// The swap with the discards a side may make: -1 to choose the display card, else the id of the
/// display card chosen (0: no swap).
const SWAP: &str = "swap with the discards";
/// The card whose event is doing the swap (0: none).
const SWAP_EVENT: &str = "swap event card";
/// The Allied card whose event (or Halsey's bonus) may cost Japan a card remaining (0: none).
const JAPAN_LOSS: &str = "card costing Japan a card remaining";

// Held places.
const FO_PLACE: &str = "Future Offensive";
const TOP_PLACE: &str = "set aside, to go back face-up on top of the deck";
const MANDATORY_TAG: &str = "mandatory";

// Numbers the sheet names.
const ARCADIA_CONFERENCE: u16 = 4;
const COL_TSUJI: u16 = 3;
const SAVO_ISLAND: u16 = 17;
const KONDO: u16 = 47;
const CENTRAL_FORCE: u16 = 59;
const TOJO_RESIGNS: u16 = 43;
const SANDCRAB_COTTAGE: u16 = 30;
const SOVIETS_INVADE: u16 = 79;
const BURMA_EVENTS: [u16; 6] = [3, 8, 16, 40, 48, 50];

/// The only place a decision becomes the transport's code.
fn special(decision: Decision, side: u8, card: Option<CardId>, n: u8) -> TableAction {
    TableAction::Special(Special { code: decision as u8, side, card, n })
}

fn side_name(table: &CardTable, side: u8) -> &str {
    &table.sheet().sides[(side & 1) as usize]
}

/// The deck a card was built into (card ids run deck by deck).
fn deck_of_card(table: &CardTable, card: CardId) -> u8 {
    if card.0 <= table.deck_sizes[0] { JAPAN } else { ALLIES }
}

fn number(table: &CardTable, card: CardId) -> Option<u16> {
    table.card_name(card).and_then(|n| n.number)
}

/// Whether `card` is the card with this printed number in `side`'s deck.
fn is(table: &CardTable, card: CardId, side: u8, num: u16) -> bool {
    number(table, card) == Some(num) && deck_of_card(table, card) == side
}

/// The card with this printed number in `side`'s deck, if the manifest names it.
fn find_named(table: &CardTable, side: u8, num: u16) -> Option<CardId> {
    table.all_cards().find(|c| is(table, *c, side, num))
}

fn id_of(value: i32) -> Option<CardId> {
    u16::try_from(value).ok().filter(|v| *v > 0).map(CardId)
}

fn card_value(card: CardId) -> i32 {
    i32::from(card.0)
}

/// A side's face-up cards: its display's and its deck's face-up top card.
fn visible(table: &CardTable, side: u8) -> Vec<CardId> {
    let mut cards: Vec<CardId> = table.display(side).face_up().map(|(_, c)| c).collect();
    cards.extend(table.deck_of(side).top);
    cards
}

fn held_in(table: &CardTable, side: u8, place: &str) -> Vec<CardId> {
    table.held_cards(place, Some(side))
}

/// A side's face-up cards declared Mandatory.
fn mandatory(table: &CardTable, side: u8) -> Vec<CardId> {
    visible(table, side).into_iter().filter(|c| table.tags.iter().any(|(t, m)| t == c && *m == MANDATORY_TAG)).collect()
}

/// The cards that can become Mandatory.
fn may_be_mandatory(table: &CardTable, card: CardId) -> bool {
    is(table, card, JAPAN, TOJO_RESIGNS)
        || is(table, card, ALLIES, SANDCRAB_COTTAGE)
        || is(table, card, ALLIES, SOVIETS_INVADE)
        || table.flags(card).mandatory == Some(true)
}

/// Tojo Resigns and Soviets Invade Manchuria force a reshuffle when played for OC or discarded.
fn forces_reshuffle(table: &CardTable, card: CardId) -> bool {
    is(table, card, JAPAN, TOJO_RESIGNS) || is(table, card, ALLIES, SOVIETS_INVADE)
}

fn swaps_with_discards(table: &CardTable, side: u8, card: CardId) -> bool {
    let named = match side {
        JAPAN => [33, 67, 68].iter().any(|n| is(table, card, JAPAN, *n)),
        _ => is(table, card, ALLIES, 52),
    };
    named || !table.has_named_cards()
}

fn costs_japan_a_card(table: &CardTable, card: CardId) -> bool {
    [60, 67, 72].iter().any(|n| is(table, card, ALLIES, *n)) || !table.has_named_cards()
}

fn is_start(table: &CardTable) -> bool {
    matches!(table.phase, Phase::Start)
}

fn in_turn(table: &CardTable) -> bool {
    matches!(table.phase, Phase::Start | Phase::Choose { .. })
}

fn setup_time(table: &CardTable) -> bool {
    table.turn == 1 && is_start(table)
}

/// The scenario setup made so far (the code of its first step; 0: none).
const SCENARIO_MADE: &str = "scenario set up";
/// Set while Japan chooses its Burma Future Offensive: the six candidates are a question of their
/// own, asked once the player picked the Burma scenario, so the first screen lists Burma once.
const BURMA_CHOOSING: &str = "choosing the Burma Future Offensive";
/// `n` of the Burma step that opens the choice.
const OPEN_CHOICE: u8 = 1;

/// The scenario a setup step belongs to. Arcadia Conference (17.25.D), Kondo on the deck (17.25.E)
/// and the historical Japanese opening (17.25.F) are one family: the Historical Variant takes D and
/// F, the 1942 scenario any of the three, so they combine freely; the other setups stand alone.
fn scenario_of(step: Decision) -> Decision {
    if matches!(step, Decision::JapaneseOpeningHand | Decision::Kondo1942) { Decision::ArcadiaConference } else { step }
}

/// Removes a card from wherever it lies (deck, deck top, display, discards, held). A slot it
/// leaves is refilled later by [`refill_face_down`].
fn take_anywhere(table: &mut CardTable, side: u8, card: CardId) -> bool {
    let d = table.deck_index(side);
    if table.decks[d].draw(card) {
        return true;
    }
    if table.decks[d].top == Some(card) {
        table.decks[d].top = None;
        return true;
    }
    if table.displays[side as usize].take(card).is_some() {
        return true;
    }
    if let Some(i) = table.decks[d].discard.iter().position(|x| x.card == card) {
        table.decks[d].discard.remove(i);
        return true;
    }
    table.release(card).is_some()
}

/// Queues a face-down card for every short slot (A, B, D, E) of a display.
fn refill_face_down(table: &mut CardTable, side: u8) {
    let display = &table.displays[side as usize];
    let fills: Vec<Pending> = [SlotName::A, SlotName::B, SlotName::D, SlotName::E]
        .into_iter()
        .flat_map(|slot| {
            let missing = (display.target[slot.index()] as usize).saturating_sub(display.slot(slot).len());
            std::iter::repeat_n(Pending::Fill { side, slot, facing: Facing::FaceDown, only_if_short: true }, missing)
        })
        .collect();
    table.pending.extend(fills);
}

/// Puts a card (already taken out) face-up on top of `side`'s deck. While refills are still owed
/// it waits beside the deck (they would take it), and a decision puts it back afterwards.
fn put_on_top(table: &mut CardTable, side: u8, card: CardId) {
    let d = table.deck_index(side);
    if let Some(old) = table.decks[d].top.take() {
        table.decks[d].pool.push(old);
    }
    let owed = table.pending.iter().any(|p| matches!(p, Pending::Fill { side: s, .. } if *s == side));
    if owed {
        table.held.push(Held { card, side, place: TOP_PLACE });
    } else {
        table.decks[d].top = Some(card);
    }
}

/// Puts a named card face-up in a slot; the slot's cards go back into the deck.
fn put_in_slot(table: &mut CardTable, side: u8, slot: SlotName, card: CardId) {
    if !take_anywhere(table, side, card) {
        return;
    }
    let d = table.deck_index(side);
    let old: Vec<Placed> = table.displays[side as usize].slot_mut(slot).drain(..).collect();
    table.decks[d].pool.extend(old.into_iter().map(|p| p.card));
    table.displays[side as usize].slot_mut(slot).push(Placed { card, face_up: true });
}

fn on_top(table: &CardTable, side: u8, card: CardId) -> bool {
    table.deck_of(side).top == Some(card) || held_in(table, side, TOP_PLACE).contains(&card)
}

fn face_up_in(table: &CardTable, side: u8, slot: SlotName, card: CardId) -> bool {
    table.display(side).slot(slot).iter().any(|p| p.card == card && p.face_up)
}

fn place_on_deck(table: &mut CardTable, side: u8, num: u16) {
    if let Some(card) = find_named(table, side, num)
        && take_anywhere(table, side, card)
    {
        refill_face_down(table, side);
        put_on_top(table, side, card);
    }
}

fn lower(table: &mut CardTable, side: u8) {
    let cr = &mut table.cards_remaining[side as usize];
    *cr = cr.saturating_sub(1);
}

/// What a play of `card` for `purpose` by `side` sets going: Tojo's and the Soviets' reshuffle,
/// the "draw one strategy card" check, the swap, and the cost to Japan.
fn note_play(table: &mut CardTable, side: u8, card: CardId, purpose: u8) {
    if purpose == OPERATIONS && forces_reshuffle(table, card) {
        table.set_marker(RESHUFFLE_DUE, side, 1);
    }
    if purpose == EVENT {
        table.set_marker(MAY_DRAW, side, card_value(card));
        if swaps_with_discards(table, side, card)
            && table.deck_of(side).discard.iter().any(|d| d.face_up && d.card != card)
        {
            table.set_marker(SWAP, side, -1);
            table.set_marker(SWAP_EVENT, side, i32::from(card.0));
        }
    }
    if side == ALLIES && costs_japan_a_card(table, card) && purpose != FUTURE_OFFENSIVE {
        table.set_marker(JAPAN_LOSS, ALLIES, card_value(card));
    }
}

/// Forgets Mandatory declarations of cards no longer face-up.
fn tidy(table: &mut CardTable) {
    let up: Vec<CardId> = (0..2u8).flat_map(|s| visible(table, s)).collect();
    table.tags.retain(|(c, m)| *m != MANDATORY_TAG || up.contains(c));
}

/// Ends the turn's choice after a play that is the turn's only card.
fn turn_played(table: &mut CardTable) {
    let face = match table.phase {
        Phase::Choose { face, .. } => face,
        _ => 0,
    };
    table.phase = Phase::Choose { face, played: 1, slot_rest: None };
}

fn purpose_word(n: u8) -> &'static str {
    if n == EVENT { "event" } else { "operations" }
}

/// The face-down cards of a display, by slot and position (never by card: they are unseen).
fn face_down_places(table: &CardTable, side: u8) -> Vec<(SlotName, usize)> {
    table.display(side).cards().filter(|(_, _, p)| !p.face_up).map(|(s, i, _)| (s, i)).collect()
}

impl SpecialRules for Rules {
    fn reveals(&self, _table: &CardTable, special: Special) -> bool {
        // A face-down card swapped out is turned up first; the reshuffle draws a new top card.
        matches!(Decision::of(special), Some(Decision::SwapOut | Decision::MandatoryReshuffle))
    }

    fn shown_markers(&self) -> &'static [(&'static str, super::MarkerShown)] {
        &[(PASSES, super::MarkerShown::PerSideIfSet)]
    }

    fn is_tool(&self, _table: &CardTable, special: Special) -> bool {
        // Markers set by hand as the board game decides (hand sizes at phase 4.14, passes), a
        // declaration made once a card's conditions hold, discards (Sandcrab-Cottage's included),
        // and the initiative use of a Future Offensive: each comes up now and then.
        matches!(
            Decision::of(special),
            Some(
                Decision::HandSize
                    | Decision::PassesUp
                    | Decision::PassesDown
                    | Decision::DeclareMandatory
                    | Decision::Discard
                    | Decision::SandcrabCottage
                    | Decision::FutureOffensiveInitiative
            )
        )
    }

    fn settled(&self, table: &mut CardTable) -> bool {
        // A card set aside while refills were owed goes back on top of its deck once they are drawn.
        let waiting: Vec<Held> = table.held.iter().copied().filter(|h| h.place == TOP_PLACE).collect();
        for h in waiting {
            if table.release(h.card).is_some() {
                let d = table.deck_index(h.side);
                if let Some(old) = table.decks[d].top.take() {
                    table.decks[d].pool.push(old);
                }
                table.decks[d].top = Some(h.card);
            }
        }
        false
    }

    fn adjust_legal(&self, table: &CardTable, out: &mut Vec<TableAction>) {
        if super::is_chance(out) {
            return;
        }
        // A hand holds at most seven cards in this game.
        if table.cards_remaining(table.active()) >= 7 {
            out.retain(|a| !matches!(a, TableAction::Marker(crate::table_action::MarkerOp::CardsRemainingUp)));
        }
        if table.marker(BURMA_CHOOSING, JAPAN) != 0 {
            // The Burma question stands alone until it is answered.
            out.clear();
            burma_choices(table, out);
            return;
        }
        if !in_turn(table) {
            return;
        }
        let active = table.active();
        let inactive = 1 - active;
        let start = is_start(table);
        out.retain(|a| match a {
            TableAction::Play { purpose, .. }
            | TableAction::PlayBeside { purpose, .. }
            | TableAction::DigPlay { purpose, .. } => *purpose != REACTION_PURPOSE,
            _ => true,
        });

        // A swap with the discards under way: choose the display card, then the discard.
        let swap = table.marker(SWAP, active);
        if swap != 0 && matches!(table.phase, Phase::Choose { .. }) {
            if swap == -1 {
                let up = visible(table, active);
                if up.is_empty() {
                    for (slot, i) in face_down_places(table, active) {
                        let n = u8::try_from(slot.index() * 16 + i).unwrap_or(0);
                        out.push(special(Decision::SwapOut, active, None, n));
                    }
                } else {
                    out.extend(up.into_iter().map(|c| special(Decision::SwapOut, active, Some(c), 0)));
                }
            } else {
                let chosen = id_of(swap);
                // The event card doing the swap is not among the cards it can take back.
                let event = id_of(table.marker(SWAP_EVENT, active));
                let discards: Vec<CardId> = table
                    .deck_of(active)
                    .discard
                    .iter()
                    .filter(|d| d.face_up && Some(d.card) != chosen && Some(d.card) != event)
                    .map(|d| d.card)
                    .collect();
                out.extend(discards.into_iter().map(|c| special(Decision::SwapIn, active, Some(c), 0)));
            }
        }

        if setup_time(table) {
            if let Some(card) = find_named(table, ALLIES, ARCADIA_CONFERENCE)
                && !on_top(table, ALLIES, card)
            {
                out.push(special(Decision::ArcadiaConference, ALLIES, None, 0));
            }
            let opening = [COL_TSUJI, CENTRAL_FORCE, KONDO].map(|n| find_named(table, JAPAN, n));
            if let [Some(tsuji), Some(central), Some(kondo)] = opening
                && !(face_up_in(table, JAPAN, SlotName::A, tsuji)
                    && face_up_in(table, JAPAN, SlotName::B, central)
                    && on_top(table, JAPAN, kondo))
            {
                out.push(special(Decision::JapaneseOpeningHand, JAPAN, None, 0));
            }
            if let Some(kondo) = opening[2]
                && !on_top(table, JAPAN, kondo)
            {
                out.push(special(Decision::Kondo1942, JAPAN, None, 0));
            }
            if let Some(savo) = find_named(table, JAPAN, SAVO_ISLAND)
                && !on_top(table, JAPAN, savo)
            {
                out.push(special(Decision::SouthPacific, JAPAN, None, 0));
            }
            if active == JAPAN {
                out.push(special(Decision::PlanOrange, ALLIES, None, 0));
            }
            let mut candidates = Vec::new();
            burma_choices(table, &mut candidates);
            if held_in(table, JAPAN, FO_PLACE).is_empty() && !candidates.is_empty() {
                out.push(special(Decision::Burma, JAPAN, None, OPEN_CHOICE));
            }
            // Once a scenario's setup is under way, the other scenarios' steps are gone.
            let made = u8::try_from(table.marker(SCENARIO_MADE, JAPAN)).unwrap_or(0);
            if made != 0 {
                out.retain(|a| match a {
                    TableAction::Special(s) => match Decision::of(*s) {
                        Some(step) if step.is_scenario_step() => scenario_of(step).scenario_marker() == i32::from(made),
                        _ => true,
                    },
                    _ => true,
                });
            }
        }

        if start {
            for side in [JAPAN, ALLIES] {
                for n in 4..=7u8 {
                    if table.cards_remaining(side) != n {
                        out.push(special(Decision::HandSize, side, None, n));
                    }
                }
                out.push(special(Decision::PassesUp, side, None, 0));
                if table.marker(PASSES, side) > 0 {
                    out.push(special(Decision::PassesDown, side, None, 0));
                }
                if table.marker(RESHUFFLE_DUE, side) == 1 {
                    out.push(special(Decision::MandatoryReshuffle, side, None, 0));
                }
            }
            // With one card remaining, a face-up Mandatory card is played without rolling.
            let forced = mandatory(table, active);
            if table.cards_remaining(active) == 1 && !forced.is_empty() {
                out.retain(|a| !matches!(a, TableAction::Roll | TableAction::PlayBeside { .. }));
                for card in forced {
                    out.push(special(Decision::MandatoryPlay, active, Some(card), OPERATIONS));
                    out.push(special(Decision::MandatoryPlay, active, Some(card), EVENT));
                }
            }
            // Discarding Tojo Resigns or Soviets Invade Manchuria (or a Mandatory card) goes through
            // this game's own discard, which remembers the reshuffle it forces.
            let mut replaced = Vec::new();
            out.retain(|a| match a {
                TableAction::Discard(card)
                    if forces_reshuffle(table, *card) || table.tags.iter().any(|(c, _)| c == card) =>
                {
                    replaced.push(*card);
                    false
                }
                _ => true,
            });
            out.extend(replaced.into_iter().map(|c| special(Decision::Discard, active, Some(c), 0)));
        }

        // The Offensive Segment pass, after the roll.
        if let Phase::Choose { played: 0, face, .. } = table.phase
            && face != 0
        {
            // A pass spends a Pass marker: without one the side plays what the roll allows. The
            // plain "end the turn" stays only when the roll leaves nothing at all to play.
            super::pass_after_roll_only_as_last_resort(table, out);
            if table.marker(PASSES, active) > 0 {
                out.retain(|a| !matches!(a, TableAction::Pass));
                out.push(special(Decision::OffensiveSegmentPass, active, None, 0));
            }
            // A "C" result lets the side play a Future Offensive instead.
            if matches!(face, 1 | 3 | 5) {
                for card in held_in(table, active, FO_PLACE) {
                    out.retain(|a| !matches!(a, TableAction::Pass));
                    out.push(special(Decision::FutureOffensivePlay, active, Some(card), OPERATIONS));
                    out.push(special(Decision::FutureOffensivePlay, active, Some(card), EVENT));
                }
            }
        }

        // Declaring a face-up card Mandatory once its conditions are met.
        for side in [JAPAN, ALLIES] {
            for card in visible(table, side) {
                if may_be_mandatory(table, card) && !table.tags.iter().any(|(c, m)| *c == card && *m == MANDATORY_TAG) {
                    out.push(special(Decision::DeclareMandatory, side, Some(card), 0));
                }
            }
        }
        // Operation Sandcrab-Cottage may be discarded as a play at any time.
        for card in visible(table, ALLIES) {
            if is(table, card, ALLIES, SANDCRAB_COTTAGE) {
                out.push(special(Decision::SandcrabCottage, ALLIES, Some(card), 0));
            }
        }
        // The inactive side's Reactions: a face-up card, or a Future Offensive.
        let need = if mandatory(table, inactive).is_empty() { 1 } else { 2 };
        if table.cards_remaining(inactive) >= need {
            // A card the manifest says is no Reaction card is not offered.
            for card in visible(table, inactive).into_iter().filter(|c| table.flags(*c).reaction != Some(false)) {
                out.push(special(Decision::Reaction, inactive, Some(card), 0));
            }
        }
        if table.cards_remaining(inactive) >= 1 {
            for card in held_in(table, inactive, FO_PLACE) {
                out.push(special(Decision::FutureOffensiveReaction, inactive, Some(card), 0));
            }
        }
        // A Future Offensive played as an EC Offensive to win initiative.
        for side in [active, inactive] {
            for card in held_in(table, side, FO_PLACE) {
                out.push(special(Decision::FutureOffensiveInitiative, side, Some(card), 0));
            }
        }
        for side in [active, inactive] {
            if table.marker(MAY_DRAW, side) != 0 {
                out.push(special(Decision::DrawOneStrategyCard, side, None, 0));
            }
        }
        if let Some(card) = id_of(table.marker(JAPAN_LOSS, ALLIES))
            && table.cards_remaining(JAPAN) > 0
        {
            out.push(special(Decision::JapanLosesCard, ALLIES, Some(card), 0));
        }
    }

    fn apply(&self, table: &mut CardTable, sp: Special) {
        let side = sp.side;
        let refill = table.sheet().discard_refill;
        let Some(decision) = Decision::of(sp) else {
            tidy(table);
            return;
        };
        match (decision, sp.card) {
            (Decision::HandSize, _) => table.cards_remaining[side as usize] = sp.n,
            (Decision::PassesUp, _) => {
                let n = table.marker(PASSES, side);
                table.set_marker(PASSES, side, n + 1);
            }
            (Decision::PassesDown, _) => {
                let n = table.marker(PASSES, side);
                table.set_marker(PASSES, side, (n - 1).max(0));
            }
            (Decision::OffensiveSegmentPass, _) => {
                let n = table.marker(PASSES, side);
                if n > 0 {
                    table.set_marker(PASSES, side, n - 1);
                    table.end_turn();
                }
            }
            (step, _) if step.is_scenario_step() && table.marker(SCENARIO_MADE, JAPAN) == 0 => {
                table.set_marker(SCENARIO_MADE, JAPAN, scenario_of(step).scenario_marker());
                self.apply(table, sp);
            }
            (Decision::ArcadiaConference, _) => place_on_deck(table, ALLIES, ARCADIA_CONFERENCE),
            (Decision::JapaneseOpeningHand, _) => {
                if let Some(card) = find_named(table, JAPAN, COL_TSUJI) {
                    put_in_slot(table, JAPAN, SlotName::A, card);
                }
                if let Some(card) = find_named(table, JAPAN, CENTRAL_FORCE) {
                    put_in_slot(table, JAPAN, SlotName::B, card);
                }
                place_on_deck(table, JAPAN, KONDO);
            }
            (Decision::Kondo1942, _) => place_on_deck(table, JAPAN, KONDO),
            (Decision::SouthPacific, _) => place_on_deck(table, JAPAN, SAVO_ISLAND),
            (Decision::PlanOrange, _) => {
                table.cards_remaining = [1, 2];
                table.active = ALLIES;
            }
            (Decision::Burma, _) if sp.n == OPEN_CHOICE => table.set_marker(BURMA_CHOOSING, JAPAN, 1),
            (Decision::Burma, card) => {
                table.set_marker(BURMA_CHOOSING, JAPAN, 0);
                let card = card.or_else(|| {
                    let d = table.deck_index(JAPAN);
                    let anonymous = |c: &CardId| table.card_name(*c).is_none();
                    table.decks[d].pool.iter().copied().filter(anonymous).min().or_else(|| {
                        let down = table.display(JAPAN).cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card);
                        down.filter(anonymous).min()
                    })
                });
                if let Some(card) = card
                    && take_anywhere(table, JAPAN, card)
                {
                    table.held.push(Held { card, side: JAPAN, place: FO_PLACE });
                    refill_face_down(table, JAPAN);
                }
                table.cards_remaining[JAPAN as usize] = 3;
            }
            (Decision::FutureOffensivePlay, Some(card)) => {
                let released = table.release(card).is_some();
                if released {
                    table.put_in_discards(side, card);
                    turn_played(table);
                    note_play(table, side, card, sp.n);
                }
            }
            (Decision::FutureOffensiveReaction | Decision::FutureOffensiveInitiative, Some(card)) => {
                let released = table.release(card).is_some();
                if released {
                    table.put_in_discards(side, card);
                    if decision == Decision::FutureOffensiveReaction {
                        table.set_marker(MAY_DRAW, side, card_value(card));
                    }
                }
            }
            (Decision::Reaction, Some(card)) => {
                let discarded = table.discard_card(side, card, Some(refill)).is_some();
                if discarded {
                    lower(table, side);
                    table.set_marker(MAY_DRAW, side, card_value(card));
                }
            }
            (Decision::DrawOneStrategyCard, _) => {
                let cr = &mut table.cards_remaining[side as usize];
                *cr = (*cr + 1).min(MAX_MARKER);
                table.set_marker(MAY_DRAW, side, 0);
            }
            (Decision::DeclareMandatory, Some(card)) => table.tags.push((card, MANDATORY_TAG)),
            (Decision::MandatoryPlay, Some(card)) => {
                let discarded = table.discard_card(side, card, Some(refill)).is_some();
                if discarded {
                    lower(table, side);
                    table.phase = Phase::Choose { face: 0, played: 1, slot_rest: None };
                    note_play(table, side, card, sp.n);
                }
            }
            (Decision::Discard, Some(card)) => {
                let discarded = table.discard_card(side, card, Some(refill)).is_some();
                if discarded && forces_reshuffle(table, card) {
                    table.set_marker(RESHUFFLE_DUE, side, 1);
                }
            }
            (Decision::SandcrabCottage, Some(card)) => {
                let discarded = table.discard_card(side, card, Some(refill)).is_some();
                if discarded {
                    lower(table, side);
                    if table.active() == side {
                        match table.phase {
                            Phase::Start => table.phase = Phase::Choose { face: 0, played: 1, slot_rest: None },
                            Phase::Choose { played: 0, .. } => turn_played(table),
                            _ => {}
                        }
                    }
                }
            }
            (Decision::MandatoryReshuffle, _) => {
                let d = table.deck_index(side);
                let top = table.decks[d].top.take();
                for stack in &mut table.displays[side as usize].slots {
                    let down: Vec<CardId> = stack.iter().filter(|p| !p.face_up).map(|p| p.card).collect();
                    stack.retain(|p| p.face_up);
                    table.decks[d].pool.extend(down);
                }
                table.decks[d].shuffle_in_discards();
                refill_face_down(table, side);
                if let Some(top) = top {
                    put_on_top(table, side, top);
                }
                table.set_marker(RESHUFFLE_DUE, side, 0);
            }
            (Decision::SwapOut, card) => {
                let card = match card {
                    Some(c) => Some(c),
                    None => {
                        let slot = SlotName::ALL.get(usize::from(sp.n / 16)).copied();
                        let index = usize::from(sp.n % 16);
                        slot.and_then(|s| {
                            let p = table.displays[side as usize].slot_mut(s).get_mut(index)?;
                            p.face_up = true;
                            Some(p.card)
                        })
                    }
                };
                if let Some(card) = card {
                    table.set_marker(SWAP, side, card_value(card));
                }
            }
            (Decision::SwapIn, Some(incoming)) => {
                let Some(outgoing) = id_of(table.marker(SWAP, side)) else { return };
                let d = table.deck_index(side);
                let Some(i) = table.decks[d].discard.iter().position(|x| x.card == incoming) else { return };
                table.decks[d].discard.remove(i);
                if table.decks[d].top == Some(outgoing) {
                    table.decks[d].top = Some(incoming);
                } else if let Some((slot, index)) = table.displays[side as usize].find(outgoing) {
                    table.displays[side as usize].slot_mut(slot)[index] = Placed { card: incoming, face_up: true };
                } else {
                    table.decks[d].discard.insert(i, crate::deck::Discarded { card: incoming, face_up: true });
                    return;
                }
                table.decks[d].discard(outgoing);
                table.set_marker(SWAP, side, 0);
            }
            (Decision::JapanLosesCard, _) => {
                lower(table, JAPAN);
                table.set_marker(JAPAN_LOSS, ALLIES, 0);
            }
            _ => {}
        }
        tidy(table);
    }

    fn after_play(&self, table: &mut CardTable, card: CardId, purpose: u8) {
        let side = table.active();
        if purpose == FUTURE_OFFENSIVE {
            // Designated a Future Offensive: kept beside the display instead of discarded (the slot
            // refill and the lower Cards Remaining have already happened).
            let d = table.deck_index(side);
            if let Some(i) = table.decks[d].discard.iter().rposition(|x| x.card == card) {
                table.decks[d].discard.remove(i);
                table.held.push(Held { card, side, place: FO_PLACE });
            }
        }
        note_play(table, side, card, purpose);
        tidy(table);
    }

    fn after_roll(&self, table: &mut CardTable, _face: u8) {
        tidy(table);
    }

    fn end_of_turn(&self, table: &mut CardTable) {
        for side in [JAPAN, ALLIES] {
            table.set_marker(MAY_DRAW, side, 0);
            table.set_marker(SWAP, side, 0);
        }
        table.set_marker(JAPAN_LOSS, ALLIES, 0);
        tidy(table);
    }

    fn id(&self, sp: Special) -> String {
        let card = sp.card.map_or(0, |c| c.0);
        let side = if sp.side == JAPAN { "japan" } else { "allies" };
        // A code this game does not use is named as the common table names any special action.
        let Some(decision) = Decision::of(sp) else { return super::CommonOnly.id(sp) };
        match decision {
            Decision::HandSize => format!("eots-hand-size-{side}-{}", sp.n),
            Decision::PassesUp => format!("eots-passes-{side}-up"),
            Decision::PassesDown => format!("eots-passes-{side}-down"),
            Decision::OffensiveSegmentPass => "eots-pass".into(),
            Decision::ArcadiaConference => "eots-historical-arcadia-conference".into(),
            Decision::JapaneseOpeningHand => "eots-historical-japanese-opening".into(),
            Decision::Kondo1942 => "eots-1942-kondo-on-deck".into(),
            Decision::SouthPacific => "eots-south-pacific-savo-on-deck".into(),
            Decision::PlanOrange => "eots-plan-orange".into(),
            Decision::Burma if sp.n == OPEN_CHOICE => "eots-burma".into(),
            Decision::Burma if sp.card.is_some() => format!("eots-burma-fo-{card}"),
            Decision::Burma => "eots-burma-fo-unseen".into(),
            Decision::FutureOffensivePlay => format!("eots-fo-play-{card}-{}", purpose_word(sp.n)),
            Decision::FutureOffensiveReaction => format!("eots-fo-reaction-{card}"),
            Decision::FutureOffensiveInitiative => format!("eots-fo-initiative-{card}"),
            Decision::Reaction => format!("eots-reaction-{card}"),
            Decision::DrawOneStrategyCard => format!("eots-draw-one-card-{side}"),
            Decision::DeclareMandatory => format!("eots-mandatory-{card}"),
            Decision::MandatoryPlay => format!("eots-mandatory-play-{card}-{}", purpose_word(sp.n)),
            Decision::Discard => format!("eots-discard-{card}"),
            Decision::SandcrabCottage => format!("eots-sandcrab-discard-{card}"),
            Decision::MandatoryReshuffle => format!("eots-mandatory-reshuffle-{side}"),
            Decision::SwapOut if sp.card.is_some() => format!("eots-swap-out-{card}"),
            Decision::SwapOut => {
                let slot = SlotName::ALL.get(usize::from(sp.n / 16)).map_or('?', |s| s.letter());
                format!("eots-swap-out-face-down-{slot}-{}", sp.n % 16)
            }
            Decision::SwapIn => format!("eots-swap-in-{card}"),
            Decision::JapanLosesCard => "eots-japan-loses-a-card".into(),
        }
    }

    fn label(&self, table: &CardTable, sp: Special) -> String {
        let side = side_name(table, sp.side).to_string();
        let card = sp.card.map(|c| table.card_label(c)).unwrap_or_default();
        let Some(decision) = Decision::of(sp) else { return super::CommonOnly.label(table, sp) };
        match decision {
            Decision::HandSize => format!("{side}: Cards Remaining {} (this game turn's hand size)", sp.n),
            Decision::PassesUp => format!("{side}: one more pass available this Offensive Segment"),
            Decision::PassesDown => format!("{side}: one pass fewer available"),
            Decision::OffensiveSegmentPass => {
                format!("{side}: use a pass marker instead of playing a card (Cards Remaining unchanged)")
            }
            Decision::ArcadiaConference => {
                "Historical Variant: the Allies keep Arcadia Conference: put it face-up on their deck".into()
            }
            Decision::JapaneseOpeningHand => {
                "Historical Japanese opening hand: Col. Tsuji face-up in A, Central Force face-up in B, \
                 VADM Kondo face-up on the deck"
                    .into()
            }
            Decision::Kondo1942 => "1942 scenario: put VADM Kondo face-up on the Japanese deck".into(),
            Decision::SouthPacific => {
                "South Pacific: put Japanese Counterattack at Savo Island face-up on the deck".into()
            }
            Decision::PlanOrange => {
                "Plan Orange: Japan's Cards Remaining 1, the Allies' 2, and the Allies go first".into()
            }
            Decision::Burma if sp.n == OPEN_CHOICE => {
                "Burma scenario: choose Japan's Future Offensive among its Burma events (#3, 8, 16, 40, 48, 50)".into()
            }
            Decision::Burma if sp.card.is_some() => {
                // A card out of sight is named by its number only, like any unseen card.
                let what = match sp.card {
                    Some(c) if !visible(table, JAPAN).contains(&c) => {
                        format!("event #{} from the deck", number(table, c).unwrap_or(0))
                    }
                    _ => card,
                };
                format!("Burma: {what} becomes Japan's Future Offensive; Japan's Cards Remaining 3")
            }
            Decision::Burma => {
                "Burma: take the Japanese Future Offensive of your choice (event #3, 8, 16, 40, 48 or 50) \
                      from the deck; Japan's Cards Remaining 3"
                    .into()
            }
            Decision::FutureOffensivePlay => {
                format!("{side}: play the Future Offensive {card} for {} (its only play this turn)", {
                    if sp.n == EVENT { "its event (EC)" } else { "operations (OC)" }
                })
            }
            Decision::FutureOffensiveReaction => {
                format!("{side}: play the Future Offensive {card} in reaction (no card remaining spent)")
            }
            Decision::FutureOffensiveInitiative => {
                format!("{side}: play the Future Offensive {card} as an EC Offensive to win initiative")
            }
            Decision::Reaction => format!("{side}: play {card} as a Reaction card (one card remaining)"),
            Decision::DrawOneStrategyCard => format!(
                "{side}: the event just played said \"draw one strategy card\": Cards Remaining +1 \
                 (no card spent from the display; one gained from a Future Offensive)"
            ),
            Decision::DeclareMandatory => {
                format!("{side}: the conditions of {card} are met: it is now a Mandatory card")
            }
            Decision::MandatoryPlay => format!("{side}: with one card remaining, play the Mandatory {card} for {}", {
                if sp.n == EVENT { "its event" } else { "operations" }
            }),
            Decision::Discard => format!("{side}: discard {card}"),
            Decision::SandcrabCottage => {
                format!("{side}: discard {card} instead of playing its event (it counts as a play)")
            }
            Decision::MandatoryReshuffle => format!(
                "{side}: end-of-turn reshuffle: face-down cards and discards into the deck, a face-up top card kept on top"
            ),
            Decision::SwapOut if sp.card.is_some() => format!("{side}: swap {card} for a card of the discard pile"),
            Decision::SwapOut => {
                let slot = SlotName::ALL.get(usize::from(sp.n / 16)).map_or('?', |s| s.letter());
                format!("{side}: no card is face-up: turn the face-down card in slot {slot} and swap it")
            }
            Decision::SwapIn => format!("{side}: take {card} from the discard pile in its place"),
            Decision::JapanLosesCard => {
                format!("the event of {card} (or Halsey's bonus) happened: Japan's Cards Remaining -1")
            }
        }
    }

    fn scenarios(&self) -> &'static [Scenario] {
        &SCENARIOS
    }

    fn reminders(&self, table: &CardTable) -> Vec<String> {
        let mut out = Vec::new();
        let active = table.active();
        let inactive = 1 - active;
        let named = table.has_named_cards();
        if setup_time(table) && table.marker(SCENARIO_MADE, JAPAN) == 0 {
            out.push(
                "Setup: the full campaign starts with the December 1941 Special Turn (17.11); the Historical \
                 Variant, 1942, South Pacific, Plan Orange and Burma setups are actions here (or start with --scenario)."
                    .into(),
            );
            let made = u8::try_from(table.marker(SCENARIO_MADE, JAPAN)).unwrap_or(0);
            if made == 0 || i32::from(made) == Decision::PlanOrange.scenario_marker() {
                out.push("Plan Orange uses its own decks: play its cards #1 and #2 before setting the markers.".into());
            }
            if !named {
                out.push(
                    "Without a deck manifest the table cannot find the cards the scenario setups name: put Arcadia \
                     Conference, Col. Tsuji, Central Force, VADM Kondo or Savo Island in place yourself."
                        .into(),
                );
            }
        }
        if is_start(table) {
            out.push(
                "The Max Hand Size marker is not used: at each game turn's phase 4.14 set both sides' Cards \
                 Remaining to their hand size (4 to 7)."
                    .into(),
            );
        }
        if let Phase::Choose { played: 0, face, .. } = table.phase {
            if face != 0 && table.marker(PASSES, active) > 0 {
                out.push(format!(
                    "{} has a pass left: it may pass instead of playing, without lowering Cards Remaining.",
                    side_name(table, active)
                ));
            }
            if matches!(face, 1 | 3 | 5) && !held_in(table, active, FO_PLACE).is_empty() {
                out.push(
                    "This roll names C: a Future Offensive may be played for EC or OC instead; it costs no card \
                     remaining but is the turn's only play."
                        .into(),
                );
            }
            if face != 0 {
                out.push(
                    "Playing a card for \"Future Offensive\" keeps it beside the display; its slot refills and \
                     Cards Remaining drops as usual."
                        .into(),
                );
            }
        }
        for side in [JAPAN, ALLIES] {
            if !held_in(table, side, FO_PLACE).is_empty() {
                out.push(format!(
                    "{}'s Future Offensive can be played in reaction (with a card remaining) or as an EC Offensive \
                     to win initiative, without lowering Cards Remaining.",
                    side_name(table, side)
                ));
            }
        }
        if in_turn(table) && table.cards_remaining(inactive) > 0 {
            out.push(format!(
                "{} may react with a face-up Reaction card (one card remaining each) or a Future Offensive (free); \
                 a face-up Mandatory card keeps one card remaining for itself.",
                side_name(table, inactive)
            ));
        }
        for side in [JAPAN, ALLIES] {
            if table.marker(MAY_DRAW, side) != 0 {
                out.push(format!(
                    "If the event {} just played says \"draw one strategy card\", it costs no card remaining \
                     (a Future Offensive even gains one); the limits of 5.35 and 7.29.B still apply.",
                    side_name(table, side)
                ));
            }
            for card in mandatory(table, side) {
                out.push(format!(
                    "{} is Mandatory: {} must play it this game turn; with one card remaining it is played without \
                     rolling, and reactions may not spend that last card.",
                    table.card_label(card),
                    side_name(table, side)
                ));
            }
            if table.marker(RESHUFFLE_DUE, side) == 1 {
                out.push(format!(
                    "{}'s deck must be reshuffled at the end of the game turn (Tojo Resigns or Soviets Invade \
                     Manchuria was played for OC or discarded).",
                    side_name(table, side)
                ));
            }
        }
        if visible(table, ALLIES).iter().any(|c| is(table, *c, ALLIES, SANDCRAB_COTTAGE)) {
            out.push(
                "Operation Sandcrab-Cottage may be discarded instead of played for its event at any time (still a \
                 play); once its conditions hold it must go before the game turn ends. It forces no reshuffle."
                    .into(),
            );
        }
        if table.marker(SWAP, active) != 0 {
            out.push(
                "The card just played lets you swap a face-up display card with one from the discard pile (a \
                 face-down one, turned up first, if none is face-up)."
                    .into(),
            );
        }
        if table.marker(JAPAN_LOSS, ALLIES) != 0 {
            out.push(
                "If 20th Bomber Command, Curtis LeMay or Halsey's event (or Halsey's bonus) happened, Japan loses a \
                 card remaining (none if it has none)."
                    .into(),
            );
        }
        if !named && is_start(table) {
            out.push(
                "Without a deck manifest the table cannot tell Mandatory cards, Sandcrab-Cottage or the swap cards \
                 apart: it offers the swap and Japan's card loss after any event, and the rest is yours to apply."
                    .into(),
            );
        }
        out
    }
}

/// Japan's Burma Future Offensive candidates: the named Burma events not yet discarded or held,
/// and an unseen card of the player's choice while the deck holds anonymous cards.
fn burma_choices(table: &CardTable, out: &mut Vec<TableAction>) {
    // Named Burma events in sight or unseen, and an unseen card of the player's choice.
    let discarded: Vec<CardId> = table.deck_of(JAPAN).discard.iter().map(|d| d.card).collect();
    for num in BURMA_EVENTS {
        if let Some(card) = find_named(table, JAPAN, num)
            && !discarded.contains(&card)
            && !table.held.iter().any(|h| h.card == card)
        {
            out.push(special(Decision::Burma, JAPAN, Some(card), 0));
        }
    }
    let d = table.deck_index(JAPAN);
    let unseen_anonymous = table.decks[d].pool.iter().any(|c| table.card_name(*c).is_none())
        || table.display(JAPAN).cards().any(|(_, _, p)| !p.face_up && table.card_name(p.card).is_none());
    if unseen_anonymous {
        out.push(special(Decision::Burma, JAPAN, None, 0));
    }
}
