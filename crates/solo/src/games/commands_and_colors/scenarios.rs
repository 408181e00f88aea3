//! The scenario rules the Commands & Colors playsheets add, chosen with `--scenario` (or at the first
//! decision of a table): the player first says which side plays the scenario's named role, then the
//! table applies the rule when it comes up.
//!
//! - Medieval: Melebasa (the Byzantine Scout may take a Victory Banner, its replacement then
//!   face-down), Decimum (the Vandal hand starts three smaller and grows back to five by plays; the
//!   Byzantine doubled slots are not refilled to two once played), Solachon (eleven Byzantine card
//!   plays, a refill schedule by plays left, the Sassanid Scout's banner).
//! - Napoleonics: Medellin (each of the first three Spanish banners lost gives the French display a
//!   lasting extra card in A, B, then D), Vitoria (the first move decided by a Fate Die roll for each
//!   side), Krasnoi (a Russian random card loss by the chart), Zehdenick (four dice a side, the most
//!   sabres moves first).
//! - Epic Battles: Raab (the Austrian Scout may take a Victory Banner).

use super::Sheet;
use super::decision::{Decision, action};
use crate::card::CardId;
use crate::fate_die;
use crate::games::Special;
use crate::playsheet::Facing;
use crate::scenario::Scenario;
use crate::slot::SlotName;
use crate::table::{CardTable, MAX_MARKER, Pending, Phase};
use crate::table_action::TableAction;

/// One scenario: its id, the role the player assigns to a side, and what the table does.
struct Rule {
    id: &'static str,
    title: &'static str,
    role: &'static str,
    other: &'static str,
}

const MEDIEVAL: [Rule; 3] = [
    Rule { id: "melebasa", title: "Melebasa 528 AD", role: "Byzantine", other: "Persian" },
    Rule { id: "decimum", title: "Decimum 533 AD", role: "Byzantine", other: "Vandal" },
    Rule { id: "solachon", title: "Solachon 586 AD", role: "Byzantine", other: "Sassanid" },
];
const NAPOLEONICS: [Rule; 4] = [
    Rule { id: "medellin", title: "Medellin, 28 March 1809", role: "French", other: "Spanish" },
    Rule { id: "vitoria", title: "Vitoria, 21 June 1813", role: "British", other: "French" },
    Rule { id: "krasnoi", title: "Krasnoi, 17 November 1812", role: "Russian", other: "French" },
    Rule { id: "zehdenick", title: "Zehdenick, 26 October 1806", role: "", other: "" },
];
const EPIC_BATTLES: [Rule; 1] = [Rule { id: "raab", title: "Raab, 14 June 1809", role: "Austrian", other: "French" }];

// A scenario's setup step is the decision that chooses it (the side playing its role is asked
// next).
pub(super) const MEDIEVAL_SCENARIOS: [Scenario; 3] = [
    Scenario {
        id: "melebasa",
        summary: "Melebasa 528 AD: say which side is Byzantine; its Scout may take a Victory Banner, the \
                  replacement then face-down",
        steps: &[crate::games::Decision::CommandsAndColors(Decision::FirstScenario)],
    },
    Scenario {
        id: "decimum",
        summary: "Decimum 533 AD: say which side is Byzantine; the Vandal hand starts three cards smaller and \
                  grows back to five; Byzantine doubled slots are not refilled to two",
        steps: &[crate::games::Decision::CommandsAndColors(Decision::SecondScenario)],
    },
    Scenario {
        id: "solachon",
        summary: "Solachon 586 AD: say which side is Byzantine; it has eleven card plays, refilled by the \
                  sheet's schedule; the Sassanid Scout may take a Victory Banner",
        steps: &[crate::games::Decision::CommandsAndColors(Decision::ThirdScenario)],
    },
];
pub(super) const NAPOLEONICS_SCENARIOS: [Scenario; 4] = [
    Scenario {
        id: "medellin",
        summary: "Medellin: say which side is French; each of the first three Spanish banners lost adds a lasting \
                  card to the French display (A, B, then D)",
        steps: &[crate::games::Decision::CommandsAndColors(Decision::FirstScenario)],
    },
    Scenario {
        id: "vitoria",
        summary: "Vitoria: say which side is British; a Fate Die roll for each side decides who moves first, with \
                  the card it must play",
        steps: &[crate::games::Decision::CommandsAndColors(Decision::SecondScenario)],
    },
    Scenario {
        id: "krasnoi",
        summary: "Krasnoi: say which side is Russian; its random card losses use the Random Card Selection Chart",
        steps: &[crate::games::Decision::CommandsAndColors(Decision::ThirdScenario)],
    },
    Scenario {
        id: "zehdenick",
        summary: "Zehdenick: four dice for each side, the most sabres moves first (ties roll again)",
        steps: &[crate::games::Decision::CommandsAndColors(Decision::FourthScenario)],
    },
];
pub(super) const EPIC_BATTLES_SCENARIOS: [Scenario; 1] = [Scenario {
    id: "raab",
    summary: "Raab: say which side is Austrian; its Scout may take a Victory Banner, the replacement then face-down",
    steps: &[crate::games::Decision::CommandsAndColors(Decision::FirstScenario)],
}];

/// The scenario in play (1 + its index in the sheet's list; side 0's value) and the side playing its
/// role (side 0's value).
const IN_PLAY: &str = "scenario";
const ROLE: &str = "scenario role side";
pub(super) const MEDELLIN_EXTRAS: &str = "Medellin: banners lost";
const SOLACHON_LEFT: &str = "Solachon: Byzantine card plays left";
/// Decimum: the Vandal hand size the scenario grows back to.
const DECIMUM_FULL_HAND: u8 = 5;
const DECIMUM_GAP: u8 = 3;
const SOLACHON_PLAYS: i32 = 11;
/// Vitoria: 1 rolling, 2 picking, 3 deciding; the face each side rolled; the card each picked
/// (-1: none); the card the first mover must play first.
const VITORIA_STAGE: &str = "Vitoria: first move";
const VITORIA_FACE: &str = "Vitoria: Fate Die";
const VITORIA_CARD: &str = "Vitoria: card picked";
const VITORIA_MUST: &str = "Vitoria: card to play first";
/// The side that moves first in Vitoria (side 0's value).
const VITORIA_FIRST_SIDE: &str = "Vitoria: first mover";
/// Zehdenick: dice rolled so far (8 in all), and sabres per side.
const ZEHDENICK_DICE: &str = "Zehdenick: dice rolled";
pub(super) const ZEHDENICK_SABRES: &str = "Zehdenick: sabres";
const ZEHDENICK_DONE: &str = "Zehdenick: first move decided";
/// The die face read as a sabre (one face in six, as on the Napoleonics battle die).
const SABRE_FACE: u8 = 6;

fn rules(sheet: Sheet) -> &'static [Rule] {
    match sheet {
        Sheet::Medieval => &MEDIEVAL,
        Sheet::Napoleonics => &NAPOLEONICS,
        Sheet::NapoleonicsEpic => &EPIC_BATTLES,
        Sheet::EpicAncients => &[],
    }
}

fn sheet_of(table: &CardTable) -> Sheet {
    super::Rules::for_sheet(&table.sheet().id).0
}

/// Whether a scenario of the sheet is being played.
pub(super) fn in_play(table: &CardTable) -> bool {
    current(table).is_some()
}

/// The scenario in play, if any.
fn current(table: &CardTable) -> Option<&'static Rule> {
    let i = usize::try_from(table.marker(IN_PLAY, 0) - 1).ok()?;
    rules(sheet_of(table)).get(i)
}

fn is(table: &CardTable, id: &str) -> bool {
    current(table).is_some_and(|r| r.id == id)
}

fn role_side_of_first(table: &CardTable) -> u8 {
    u8::try_from(table.marker(VITORIA_FIRST_SIDE, 0)).unwrap_or(0) & 1
}

fn role_side(table: &CardTable) -> u8 {
    u8::try_from(table.marker(ROLE, 0).max(0)).unwrap_or(0) & 1
}

fn side_name(table: &CardTable, side: u8) -> &str {
    &table.sheet().sides[usize::from(side & 1)]
}

/// The side whose Scout may take a Victory Banner in the scenario in play.
pub(super) fn scout_banner_side(table: &CardTable) -> Option<u8> {
    let byzantine = role_side(table);
    match current(table)?.id {
        "melebasa" | "raab" => Some(byzantine),
        "solachon" => Some(1 - byzantine),
        _ => None,
    }
}

fn id_of(value: i32) -> Option<CardId> {
    u16::try_from(value).ok().filter(|v| *v > 0).map(CardId)
}

/// The cards a Vitoria roll lets `side` pick: those its face allows (every face-up card when the
/// table would first need an order count).
fn vitoria_choices(table: &CardTable, side: u8) -> Vec<CardId> {
    let face = u8::try_from(table.marker(VITORIA_FACE, side)).unwrap_or(0);
    let facts = |c: CardId| table.facts(c);
    match fate_die::eligible_cards(table.sheet(), face, table.display(side), table.visible_top(side), &facts) {
        Ok(cards) => cards,
        Err(_) => table.known_face_up(side).map(|(_, c)| c).collect(),
    }
}

/// Decisions the scenarios add; `true` when they replace every other one (a first move being
/// decided).
pub(super) fn adjust_legal(sheet: Sheet, table: &CardTable, out: &mut Vec<TableAction>) -> bool {
    if table.at_first_decision() && current(table).is_none() && !super::grande_battles::active(table) {
        out.extend((0..rules(sheet).len()).filter_map(Decision::scenario).map(|d| action(d, 0, None, 0)));
        return false;
    }
    let Some(rule) = current(table) else { return false };
    if table.marker(ROLE, 0) < 0 {
        out.clear();
        out.push(action(Decision::ScenarioRoleSide, 0, None, 0));
        out.push(action(Decision::ScenarioRoleSide, 1, None, 0));
        return true;
    }
    let role = role_side(table);
    let live = matches!(table.phase, Phase::Start | Phase::Choose { .. });
    match rule.id {
        "vitoria" => {
            let stage = table.marker(VITORIA_STAGE, 0);
            if (1..=3).contains(&stage) {
                out.clear();
            }
            match stage {
                1 => {
                    if let Some(side) = [0u8, 1].into_iter().find(|s| table.marker(VITORIA_FACE, *s) == 0) {
                        out.push(action(Decision::VitoriaRoll, side, None, 0));
                    }
                    return true;
                }
                2 => {
                    if let Some(side) = [0u8, 1].into_iter().find(|s| table.marker(VITORIA_CARD, *s) == 0) {
                        out.extend(
                            vitoria_choices(table, side)
                                .into_iter()
                                .map(|c| action(Decision::VitoriaPick, side, Some(c), 0)),
                        );
                        out.push(action(Decision::VitoriaNoOrderCard, side, None, 0));
                    }
                    return true;
                }
                3 => {
                    out.push(action(Decision::VitoriaFirstMove, 0, None, 0));
                    out.push(action(Decision::VitoriaFirstMove, 1, None, 0));
                    return true;
                }
                _ => {}
            }
            // The first mover's first play is the card it picked, while the roll still allows it.
            if let Some(card) = id_of(table.marker(VITORIA_MUST, 0))
                && table.active() == role_side_of_first(table)
                && matches!(table.phase, Phase::Choose { played: 0, .. })
                && out.iter().any(|a| matches!(a, TableAction::Play { card: c, .. } if *c == card))
            {
                out.retain(|a| match a {
                    TableAction::Play { card: c, .. } => *c == card,
                    TableAction::Pass | TableAction::Reroll | TableAction::Dig => false,
                    _ => true,
                });
            }
        }
        "solachon"
            if table.active() == role
                && table.marker(SOLACHON_LEFT, role) == 0
                && matches!(table.phase, Phase::Start) =>
        {
            // Out of card plays: the Byzantines have no more turns; the Sassanids have won.
            out.retain(|a| !matches!(a, TableAction::Roll));
            out.insert(0, TableAction::Pass);
        }
        "medellin" if live && table.marker(MEDELLIN_EXTRAS, 0) < 3 => {
            out.push(action(Decision::MedellinBannerLost, role, None, 0));
        }
        "krasnoi" if live && table.known_face_up(role).next().is_some() => {
            out.push(action(Decision::KrasnoiCardLoss, role, None, 0));
        }
        "zehdenick" if table.marker(ZEHDENICK_DONE, 0) == 0 && table.at_first_decision() => {
            out.clear();
            out.push(action(Decision::ZehdenickRoll, 0, None, 0));
            return true;
        }
        _ => {}
    }
    false
}

/// A scenario step that has taken over the start of the game.
pub(super) fn waiting_for(table: &CardTable) -> Option<String> {
    let rule = current(table)?;
    if table.marker(ROLE, 0) < 0 {
        return Some(format!("the side that plays the {} in {}", rule.role, rule.title));
    }
    match rule.id {
        "vitoria" if (1..=3).contains(&table.marker(VITORIA_STAGE, 0)) => {
            Some("Vitoria's first move to be decided".into())
        }
        "zehdenick" if table.marker(ZEHDENICK_DONE, 0) == 0 && table.at_first_decision() => {
            Some("Zehdenick's dice for the first move".into())
        }
        _ => None,
    }
}

/// Raises a slot's card count for good and queues its face-down card.
fn add_lasting_card(table: &mut CardTable, side: u8, slot: SlotName) {
    let display = &mut table.displays[usize::from(side)];
    display.target[slot.index()] = display.target[slot.index()].saturating_add(1);
    table.pending.push_back(Pending::Fill { side, slot, facing: Facing::FaceDown, only_if_short: true });
}

/// The lasting extra slots a scenario gave (Medellin), put back after the Variable Hand Size table
/// was applied again (an Infantry Square).
pub(super) fn reapply_extra_slots(table: &mut CardTable) {
    if !is(table, "medellin") {
        return;
    }
    let french = role_side(table);
    let lost = usize::try_from(table.marker(MEDELLIN_EXTRAS, 0)).unwrap_or(0).min(3);
    for slot in [SlotName::A, SlotName::B, SlotName::D].into_iter().take(lost) {
        let display = &mut table.displays[usize::from(french)];
        display.target[slot.index()] = display.target[slot.index()].saturating_add(1);
    }
}

pub(super) fn apply(table: &mut CardTable, special: Special) {
    let side = special.side;
    let Some(decision) = Decision::of(special) else { return };
    match decision {
        Decision::FirstScenario | Decision::SecondScenario | Decision::ThirdScenario | Decision::FourthScenario => {
            let k = decision.scenario_index().and_then(|k| i32::try_from(k).ok()).unwrap_or(0);
            table.set_marker(IN_PLAY, 0, k + 1);
            if current(table).is_some_and(|r| r.role.is_empty()) {
                table.set_marker(ROLE, 0, 0);
            } else {
                // Which side plays the role is asked next.
                table.set_marker(ROLE, 0, -1);
            }
        }
        Decision::ScenarioRoleSide => {
            table.set_marker(ROLE, 0, i32::from(side));
            match current(table).map(|r| r.id) {
                Some("decimum") => {
                    // The Vandal hand starts three cards smaller: the Byzantine display gets the extra
                    // cards of a three-card difference.
                    let vandal = usize::from(1 - side);
                    let byzantine = table.max_hand_size(side);
                    table.max_hand_size[vandal] = byzantine.saturating_sub(DECIMUM_GAP).max(1);
                    table.reconcile_hand_sizes();
                }
                Some("solachon") => table.set_marker(SOLACHON_LEFT, side, SOLACHON_PLAYS),
                Some("vitoria") => table.set_marker(VITORIA_STAGE, 0, 1),
                _ => {}
            }
        }
        Decision::MedellinBannerLost => {
            let lost = table.marker(MEDELLIN_EXTRAS, 0);
            let slot = [SlotName::A, SlotName::B, SlotName::D].get(usize::try_from(lost).unwrap_or(3)).copied();
            if let Some(slot) = slot {
                table.set_marker(MEDELLIN_EXTRAS, 0, lost + 1);
                add_lasting_card(table, side, slot);
            }
        }
        Decision::VitoriaRoll | Decision::ZehdenickRoll => table.ask_game_roll(special),
        Decision::VitoriaPick => {
            let card = special.card.map_or(0, |c| i32::from(c.0));
            table.set_marker(VITORIA_CARD, side, card);
            vitoria_after_pick(table);
        }
        Decision::VitoriaNoOrderCard => {
            table.set_marker(VITORIA_CARD, side, -1);
            vitoria_after_pick(table);
        }
        Decision::VitoriaFirstMove => vitoria_start(table, side),
        Decision::KrasnoiCardLoss => table.ask_random_selection(side, special),
        _ => {}
    }
}

/// Both sides picked (or had no order card): a side without one means the British move first;
/// otherwise the player compares the printed unit counts.
fn vitoria_after_pick(table: &mut CardTable) {
    let picks = [table.marker(VITORIA_CARD, 0), table.marker(VITORIA_CARD, 1)];
    if picks.contains(&0) {
        return;
    }
    if picks.contains(&-1) {
        vitoria_start(table, role_side(table));
    } else {
        table.set_marker(VITORIA_STAGE, 0, 3);
    }
}

/// The first mover's turn begins with its Vitoria roll and the card it picked.
fn vitoria_start(table: &mut CardTable, first: u8) {
    let face = u8::try_from(table.marker(VITORIA_FACE, first)).unwrap_or(3);
    table.set_marker(VITORIA_STAGE, 0, 4);
    table.set_marker(VITORIA_MUST, 0, table.marker(VITORIA_CARD, first).max(0));
    table.set_marker(VITORIA_FIRST_SIDE, 0, i32::from(first));
    table.active = first;
    table.last_roll = Some(face);
    table.phase = Phase::Choose { face, played: 0, slot_rest: None };
}

pub(super) fn after_game_roll(table: &mut CardTable, special: Special, face: u8) {
    match Decision::of(special) {
        Some(Decision::VitoriaRoll) => {
            let side = special.side;
            if face != 2 {
                table.displays[usize::from(side)].flip_slots(fate_die::flip_slots(face));
            }
            table.set_marker(VITORIA_FACE, side, i32::from(face));
            if table.marker(VITORIA_FACE, 1 - side) != 0 {
                table.set_marker(VITORIA_STAGE, 0, 2);
            }
        }
        Some(Decision::ZehdenickRoll) => {
            let rolled = table.marker(ZEHDENICK_DICE, 0);
            let side = u8::from(rolled >= 4);
            if face == SABRE_FACE {
                table.set_marker(ZEHDENICK_SABRES, side, table.marker(ZEHDENICK_SABRES, side) + 1);
            }
            table.set_marker(ZEHDENICK_DICE, 0, rolled + 1);
            if rolled + 1 < 8 {
                table.ask_game_roll(special);
                return;
            }
            let [a, b] = [table.marker(ZEHDENICK_SABRES, 0), table.marker(ZEHDENICK_SABRES, 1)];
            if a == b {
                // A tie: both sides roll again.
                for s in [0, 1] {
                    table.set_marker(ZEHDENICK_SABRES, s, 0);
                }
                table.set_marker(ZEHDENICK_DICE, 0, 0);
                table.ask_game_roll(special);
                return;
            }
            table.set_marker(ZEHDENICK_DONE, 0, 1);
            table.active = u8::from(b > a);
        }
        _ => {}
    }
}

pub(super) fn roll_label(table: &CardTable, special: Special, face: u8) -> Option<String> {
    match Decision::of(special) {
        Some(Decision::VitoriaRoll) => Some(format!(
            "Vitoria: {}'s Fate Die shows {face}: {}",
            side_name(table, special.side),
            table.sheet().face(face).title
        )),
        Some(Decision::ZehdenickRoll) => {
            let rolled = table.marker(ZEHDENICK_DICE, 0);
            let side = u8::from(rolled >= 4);
            let sabre = if face == SABRE_FACE { "a sabre" } else { "no sabre" };
            Some(format!("Zehdenick: {}'s die {} of 4 shows {face}: {sabre}", side_name(table, side), rolled % 4 + 1))
        }
        _ => None,
    }
}

pub(super) fn after_selection(table: &mut CardTable, special: Special, target: u8, card: CardId) -> bool {
    if Decision::of(special) != Some(Decision::KrasnoiCardLoss) {
        return false;
    }
    table.discard_card(target, card, Some(Facing::FaceDown));
    true
}

/// After a play: Decimum's hands and Solachon's refill schedule; Vitoria's card is played.
pub(super) fn after_play(table: &mut CardTable, card: CardId) {
    let side = table.active();
    if id_of(table.marker(VITORIA_MUST, 0)) == Some(card) {
        table.set_marker(VITORIA_MUST, 0, 0);
    }
    let Some(rule) = current(table) else { return };
    let byzantine = role_side(table);
    let vacated = table.last_played_slot;
    match rule.id {
        "decimum" if side == byzantine => {
            // A doubled slot that was played keeps one card from now on.
            if let Some(slot) = vacated
                && !table.display(side).slot(slot).is_empty()
            {
                table.displays[usize::from(side)].target[slot.index()] = 1;
                cancel_fill(table, side, slot);
            }
        }
        "decimum" => {
            // The Vandal hand grows by one a play, up to five (its Command for the cards that count it).
            let grown = (table.max_hand_size(side) + 1).min(DECIMUM_FULL_HAND.min(MAX_MARKER));
            table.max_hand_size[usize::from(side)] = grown.max(table.max_hand_size(side));
        }
        "solachon" if side == byzantine => {
            // The schedule replaces the Fate Die's refill: only the played card's slot, if any.
            let left_after = table.marker(SOLACHON_LEFT, side) - 1;
            table.pending.retain(|p| !matches!(p, Pending::Fill { side: s, .. } if *s == side));
            let Some(slot) = vacated else { return };
            let mut fills = Vec::new();
            match left_after {
                6..=8 => {}
                1..=4 => {
                    let extra = [SlotName::E, SlotName::D, SlotName::B, SlotName::A]
                        [usize::try_from(left_after - 1).unwrap_or(0).min(3)];
                    fills.extend([slot, extra]);
                }
                _ => fills.push(slot),
            }
            for slot in fills {
                table.pending.push_back(Pending::Fill { side, slot, facing: Facing::FaceDown, only_if_short: false });
            }
        }
        _ => {}
    }
}

/// After a card of `side` was played out of turn as a reaction from `slot` (its face-down refill
/// queued): Decimum's Byzantine doubled slot keeps one card, and Solachon's Byzantines draw no
/// replacement while 6 to 8 plays are left.
pub(super) fn after_reaction(table: &mut CardTable, side: u8, slot: SlotName) {
    let Some(rule) = current(table) else { return };
    if side != role_side(table) {
        return;
    }
    match rule.id {
        "decimum" if !table.display(side).slot(slot).is_empty() => {
            table.displays[usize::from(side)].target[slot.index()] = 1;
            cancel_fill(table, side, slot);
        }
        "solachon" if (6..=8).contains(&table.marker(SOLACHON_LEFT, side)) => cancel_fill(table, side, slot),
        _ => {}
    }
}

fn cancel_fill(table: &mut CardTable, side: u8, slot: SlotName) {
    if let Some(i) = table
        .pending
        .iter()
        .rposition(|p| matches!(p, Pending::Fill { side: s, slot: x, .. } if *s == side && *x == slot))
    {
        table.pending.remove(i);
    }
}

pub(super) fn end_of_turn(table: &mut CardTable) {
    let side = table.active();
    // The picked card binds the first mover's first turn only.
    table.set_marker(VITORIA_MUST, 0, 0);
    if is(table, "solachon") && side == role_side(table) {
        let left = table.marker(SOLACHON_LEFT, side);
        table.set_marker(SOLACHON_LEFT, side, (left - 1).max(0));
    }
}

pub(super) fn id(table_sheet: Sheet, special: Special) -> Option<String> {
    let side = if special.side == 0 { "first" } else { "second" };
    let card = special.card.map_or(0, |c| c.0);
    let decision = Decision::of(special)?;
    Some(match decision {
        Decision::FirstScenario | Decision::SecondScenario | Decision::ThirdScenario | Decision::FourthScenario => {
            format!("scenario-{}", rules(table_sheet).get(decision.scenario_index()?)?.id)
        }
        Decision::ScenarioRoleSide => format!("scenario-role-is-{side}"),
        Decision::MedellinBannerLost => "medellin-spanish-banner-lost".into(),
        Decision::VitoriaRoll => format!("vitoria-roll-{side}"),
        Decision::VitoriaPick => format!("vitoria-pick-{card}"),
        Decision::VitoriaNoOrderCard => format!("vitoria-no-order-card-{side}"),
        Decision::VitoriaFirstMove => format!("vitoria-{side}-moves-first"),
        Decision::KrasnoiCardLoss => "krasnoi-random-card-loss".into(),
        Decision::ZehdenickRoll => "zehdenick-roll".into(),
        _ => return None,
    })
}

pub(super) fn label(sheet: Sheet, table: &CardTable, special: Special) -> Option<String> {
    let side = side_name(table, special.side).to_string();
    let card = special.card.map(|c| table.card_label(c)).unwrap_or_default();
    let role = current(table).map_or("", |r| r.role);
    let other = current(table).map_or("", |r| r.other);
    let decision = Decision::of(special)?;
    Some(match decision {
        Decision::FirstScenario | Decision::SecondScenario | Decision::ThirdScenario | Decision::FourthScenario => {
            let rule = rules(sheet).get(decision.scenario_index()?)?;
            format!("play the scenario {} with its card rules", rule.title)
        }
        Decision::ScenarioRoleSide => {
            format!("{}: the {role} side is the {side}", current(table).map_or("", |r| r.title))
        }
        Decision::MedellinBannerLost => {
            let slot = ["A", "B", "D"].get(usize::try_from(table.marker(MEDELLIN_EXTRAS, 0)).unwrap_or(3));
            format!(
                "Medellin: the {other} side lost one of its first three banners: the {role} display gets a lasting extra \
                 card in slot {}",
                slot.copied().unwrap_or("-")
            )
        }
        Decision::VitoriaRoll => format!("Vitoria: roll the Fate Die for {side} to decide the first move"),
        Decision::VitoriaPick => {
            format!("Vitoria: {side} picks {card}, the allowed card ordering the fewest printed units")
        }
        Decision::VitoriaNoOrderCard => format!("Vitoria: {side} has no order-count card among those allowed"),
        Decision::VitoriaFirstMove if special.side == role_side(table) => {
            format!("Vitoria: the {role} ({side}) move first: their card orders fewer printed units, or the counts tie")
        }
        Decision::VitoriaFirstMove => format!("Vitoria: {side} moves first: its card orders fewer printed units"),
        Decision::KrasnoiCardLoss => {
            format!("Krasnoi: the {role} side loses a random face-up card (Random Card Selection)")
        }
        Decision::ZehdenickRoll => "Zehdenick: roll four dice for each side; the most sabres moves first".into(),
        _ => return None,
    })
}

pub(super) fn reminders(table: &CardTable, notes: &mut Vec<String>) {
    let Some(rule) = current(table) else { return };
    if table.marker(ROLE, 0) < 0 {
        notes.push(format!("{}: say which side is the {}.", rule.title, rule.role));
        return;
    }
    let role = role_side(table);
    let role_name = side_name(table, role);
    if rule.id == "solachon" && table.turn == 1 && table.max_hand_size(0).abs_diff(table.max_hand_size(1)) < 4 {
        notes.push(format!(
            "Solachon: the sheet sets up the hands with a difference of 4 or more cards; these are {} and {}. Set \
             each side's Max Hand Size to its Command level (or start with --hand-size).",
            table.max_hand_size(0),
            table.max_hand_size(1)
        ));
    }
    match rule.id {
        "solachon" => {
            let left = table.marker(SOLACHON_LEFT, role);
            if left == 0 {
                notes.push(format!(
                    "Solachon: the {} ({role_name}) have no card plays left: unless they have already won, the {} win.",
                    rule.role, rule.other
                ));
            } else {
                notes.push(format!(
                    "Solachon: {left} {} card play(s) left. Refills by plays left after a turn: 9-10 face-down, 6-8 none, \
                     5 face-down, 1-4 face-down plus an extra card in A, B, D, then E.",
                    rule.role
                ));
            }
        }
        "decimum" => notes.push(format!(
            "Decimum: the {} hand grows by one a play up to five (its Max Hand Size shows it); the {} doubled slots \
             are not refilled to two once played.",
            rule.other, rule.role
        )),
        "vitoria" if (1..=3).contains(&table.marker(VITORIA_STAGE, 0)) => notes.push(format!(
            "Vitoria: each side rolls the Fate Die and picks the allowed card ordering the fewest printed units; the \
             lower count moves first, and a tie or a side without an order card gives the first move to the {}.",
            rule.role
        )),
        "vitoria" if table.marker(VITORIA_MUST, 0) > 0 => {
            notes.push("Vitoria: the first mover plays the card it picked before any other.".into());
        }
        "zehdenick" if table.marker(ZEHDENICK_DONE, 0) == 1 && table.turn == 1 => notes.push(format!(
            "Zehdenick: {} rolled more sabres ({} to {}) and moves first.",
            side_name(table, table.active()),
            table.marker(ZEHDENICK_SABRES, table.active()),
            table.marker(ZEHDENICK_SABRES, 1 - table.active())
        )),
        "medellin" if table.marker(MEDELLIN_EXTRAS, 0) < 3 => notes.push(format!(
            "Medellin: when the {} lose one of their first three banners they discard no face-up card; the {} \
             display gains a lasting card instead.",
            rule.other, rule.role
        )),
        _ => {}
    }
}
