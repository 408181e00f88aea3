//! Epic Ancients II's turn mechanisms beyond the common Field Command count: Inspired Field General
//! play (a second face-up copy of a section card joins the one the Fate Die allowed, counting as two
//! Field Commands), Field General's Initiative (one battle-die roll per section the player names as
//! unactivated, after at least one Field Command), and Counter-attack (shared with Napoleonics Epic
//! Battles: the player names which of the other side's last-turn cards it copies, and the copy's
//! table effect follows), and the end of a turn with a single play, where the side that played
//! turns one of its face-down cards up before the other side's turn begins.

use super::decision::{Decision, action};
use super::{ARMY_COMMAND, FIELD_COMMANDS, Sheet, named};
use crate::card::CardId;
use crate::games::Special;
use crate::playsheet::Facing;
use crate::slot::SlotName;
use crate::table::{CardTable, Pending, Phase};
use crate::table_action::TableAction;

/// The Field Command card the active side just played (0: none), which a copy may join.
const LAST_FIELD: &str = "field command just played";
/// Sections (bit per section) the active side rolled Field General's Initiative for this turn.
const INITIATIVE_ROLLED: &str = "initiative rolled (sections)";
/// The last initiative roll: 1 + section, and the face.
const INITIATIVE_SECTION: &str = "initiative: section";
const INITIATIVE_FACE: &str = "initiative: battle die";
/// A Counter-attack waiting for the player to name the card it copies: its id, and 1 + its slot.
const COUNTER: &str = "counter-attack to copy";
const COUNTER_SLOT: &str = "counter-attack's slot";
/// Sections (bit per section) a Counter-attack activated by copying a section card this turn.
const COPIED_SECTIONS: &str = "sections activated by a copy";

/// Epic Ancients fills the turn's vacancies when the turn ends (the slots waiting are the table's
/// `waiting_slots`): how many of each slot's cards come face-up (Order One Unit).
const VACANCIES_FACE_UP: &str = "vacancies to fill face-up";
/// The end of a turn with a single play, for the side that played: [`FLIP_OWED`] while its
/// vacancies are filled and it chooses the card to turn up, [`FLIP_DONE`] once it has (the turn
/// passes when the table has settled). The turn stays this side's throughout, so the choice is
/// its own and comes before anything the other side does.
const FLIP_AFTER_FILL: &str = "single play: turn a card up";
const FLIP_OWED: i32 = 1;
const FLIP_DONE: i32 = 2;

/// Bits of a slot's count of face-up vacancies in the packed `VACANCIES_FACE_UP` value.
const UP_BITS: usize = 4;

fn face_up_count(packed: i32, slot: SlotName) -> i32 {
    (packed >> (slot.index() * UP_BITS)) & 0xF
}

/// Holds back the refills the active side's play just queued: in Epic Ancients the vacancies are
/// filled at the end of the turn, so a replacement cannot be played in the turn it arrives. The
/// slots are marked as waiting on the table, so no other refill (a reshuffle's) fills them first.
pub(super) fn defer_refills(table: &mut CardTable) {
    let side = table.active();
    let mut slots = i32::from(table.waiting_slots[usize::from(side & 1)]);
    let mut up = table.marker(VACANCIES_FACE_UP, side);
    table.pending.retain(|p| match *p {
        Pending::Fill { side: s, slot, facing, .. } if s == side => {
            slots |= 1 << slot.index();
            if facing == Facing::FaceUp && face_up_count(up, slot) < 0xF {
                up += 1 << (slot.index() * UP_BITS);
            }
            false
        }
        _ => true,
    });
    table.set_marker(VACANCIES_FACE_UP, side, up);
    table.waiting_slots[usize::from(side & 1)] = u8::try_from(slots & 0x1F).unwrap_or(0);
}

/// Queues the fills of the active side's vacancies (face-down, an Order One Unit's face-up).
pub(super) fn fill_vacancies(table: &mut CardTable) {
    let side = table.active();
    let slots = i32::from(table.waiting_slots[usize::from(side & 1)]);
    let up = table.marker(VACANCIES_FACE_UP, side);
    table.waiting_slots[usize::from(side & 1)] = 0;
    for slot in SlotName::ALL.into_iter().filter(|s| slots & (1 << s.index()) != 0) {
        let display = table.display(side);
        let missing = usize::from(display.target[slot.index()]).saturating_sub(display.slot(slot).len());
        let face_up = usize::try_from(face_up_count(up, slot)).unwrap_or(0);
        for k in 0..missing {
            let facing = if k < face_up { Facing::FaceUp } else { Facing::FaceDown };
            table.pending.push_back(Pending::Fill { side, slot, facing, only_if_short: true });
        }
    }
    table.set_marker(VACANCIES_FACE_UP, side, 0);
}

/// "Drawing New Command cards": a side that played a single card turns one face-down card up at the
/// end of its own turn, after the vacancy is filled. A plain end of turn would hand the table to
/// the other side first, so after a single play the end of the turn is this decision (same id).
pub(super) fn end_turn_after_single_play(sheet: Sheet, table: &CardTable, out: &mut [TableAction]) {
    let active = table.active();
    if sheet != Sheet::EpicAncients
        || !matches!(table.phase, Phase::Choose { played: 1, .. })
        || table.marker(FLIP_AFTER_FILL, active) != 0
    {
        return;
    }
    for a in out.iter_mut().filter(|a| matches!(a, TableAction::EndTurn)) {
        *a = action(Decision::EndTurnAfterSinglePlay, active, None, 0);
    }
}

/// Once the table has settled, the single-play side's turn ends when there is nothing (left) to
/// turn up; a card the player still has to name (physical deck) is named first, by that side.
/// Returns whether the turn ended.
pub(super) fn settled(table: &mut CardTable) -> bool {
    let side = table.active();
    let owed = table.marker(FLIP_AFTER_FILL, side);
    let done = match owed {
        FLIP_OWED => face_down_places(table, side).is_empty(),
        FLIP_DONE => true,
        _ => false,
    };
    if !done || table.unconfirmed().is_some() {
        return false;
    }
    table.set_marker(FLIP_AFTER_FILL, side, 0);
    table.end_turn();
    true
}

/// What the table waits for while the single-play side chooses its card.
pub(super) fn waiting_for(table: &CardTable) -> Option<String> {
    let side = table.active();
    (table.marker(FLIP_AFTER_FILL, side) == FLIP_OWED && table.unconfirmed().is_none()).then(|| {
        format!(
            "{} to turn one of its face-down cards face-up (it played a single card this turn)",
            table.sheet().sides[usize::from(side & 1)]
        )
    })
}

fn face_down_places(table: &CardTable, side: u8) -> Vec<(SlotName, u8)> {
    table
        .display(side)
        .cards()
        .filter(|(_, _, p)| !p.face_up)
        .filter_map(|(slot, index, _)| Some((slot, u8::try_from(index).ok()?)))
        .collect()
}

/// The sheet lets the side that played pick the face-down card it turns up: while one is owed,
/// those choices are the only decisions. Returns whether it replaced the legal actions.
pub(super) fn turn_up_choices(table: &CardTable, out: &mut Vec<TableAction>) -> bool {
    let side = table.active();
    if table.marker(FLIP_AFTER_FILL, side) != FLIP_OWED {
        return false;
    }
    let places = face_down_places(table, side);
    if places.is_empty() {
        return false;
    }
    out.clear();
    out.extend(places.into_iter().map(|(slot, index)| {
        let n = u8::try_from(slot.index()).unwrap_or(0) * 8 + index;
        action(Decision::SinglePlayTurnUp, side, None, n)
    }));
    true
}

fn turn_up_place(special: Special) -> (Option<SlotName>, usize) {
    (SlotName::ALL.get(usize::from(special.n / 8)).copied(), usize::from(special.n % 8))
}

/// Tags of the cards each side played this turn and in its previous turn.
pub(super) const PLAYED_NOW: [&str; 2] = ["played this turn (first side)", "played this turn (second side)"];
const PLAYED_LAST: [&str; 2] = ["played last turn (first side)", "played last turn (second side)"];

pub(super) const SECTIONS: [&str; 3] = ["Left", "Center", "Right"];

/// The six battle-die symbols in the order the playsheet lists them; a d6 reads them 1 to 6.
const SYMBOLS: [(&str, &str); 6] = [
    ("Green Circle", "order one light unit of your choice in that section"),
    ("Blue Triangle", "order one medium unit of your choice in that section"),
    ("Red Square", "order one heavy unit of your choice in that section"),
    (
        "Leader Helmet",
        "order any one unit of your choice, or instead detach and order an attached leader or order a lone leader",
    ),
    (
        "Banner",
        "one unit of your choice makes its standard retreat move and may not battle; each hex it cannot retreat \
         costs a block",
    ),
    (
        "Crossed Swords",
        "one unit of your choice in the section may close combat without moving first (momentum allowed)",
    ),
];

/// Section cards that qualify for Inspired Field General play.
fn qualifies(name: &str) -> bool {
    ["Order One Unit ", "Order Two Units ", "Order Three Units ", "Order Four Units "]
        .iter()
        .any(|p| name.strip_prefix(p).is_some_and(|rest| SECTIONS.contains(&rest)))
}

fn id_of(value: i32) -> Option<CardId> {
    u16::try_from(value).ok().filter(|v| *v > 0).map(CardId)
}

/// The face-up cards that may be the second copy of `card`: one of the same name, or one the
/// manifest does not name (a partial manifest lists a card once; its other copies are anonymous, and
/// the player knows which they are).
fn copies(table: &CardTable, side: u8, card: CardId) -> Vec<CardId> {
    let own = named(table, card);
    if own.is_some_and(|n| !qualifies(n)) {
        return Vec::new();
    }
    table
        .known_face_up(side)
        .map(|(_, c)| c)
        .filter(|c| *c != card && (named(table, *c) == own || named(table, *c).is_none()))
        .collect()
}

/// The sections the section cards played this turn named (a section another card activated is the
/// player's to know).
fn activated_sections(table: &CardTable, side: u8) -> Vec<usize> {
    let copied = table.marker(COPIED_SECTIONS, side);
    table
        .tags
        .iter()
        .filter(|(_, t)| *t == PLAYED_NOW[usize::from(side & 1)])
        .filter_map(|(c, _)| named(table, *c))
        .filter(|name| qualifies(name))
        .filter_map(|name| SECTIONS.iter().position(|s| name.ends_with(s)))
        .chain((0..SECTIONS.len()).filter(|s| copied & (1 << s) != 0))
        .collect()
}

/// Field Command cards a side may play in a turn: three for each nation it fields.
pub(super) fn field_command_limit(table: &CardTable) -> u32 {
    3 * u32::from(table.nations.max(1))
}

/// Whether `section` may still be activated this turn: once by each nation.
fn section_open(table: &CardTable, activated: &[usize], section: usize) -> bool {
    activated.iter().filter(|&&s| s == section).count() < usize::from(table.nations.max(1))
}

fn played_count(table: &CardTable) -> Option<u8> {
    match table.phase {
        Phase::Choose { played, .. } => Some(played),
        _ => None,
    }
}

pub(super) fn adjust_legal(sheet: Sheet, table: &CardTable, out: &mut Vec<TableAction>) {
    let active = table.active();
    if let Some(card) = id_of(table.marker(COUNTER, active)) {
        // The copied card decides the table effect: nothing else happens first.
        out.clear();
        let mut sources: Vec<CardId> =
            table.tags.iter().filter(|(_, t)| *t == PLAYED_LAST[usize::from(1 - active)]).map(|(c, _)| *c).collect();
        sources.dedup();
        out.extend(sources.into_iter().map(|c| action(Decision::CounterAttackCopies, active, Some(c), 0)));
        out.push(action(Decision::CounterAttackCopiesNothing, active, Some(card), 0));
        return;
    }
    if sheet != Sheet::EpicAncients || played_count(table).is_none_or(|p| p == 0) {
        return;
    }
    let fields = table.marker(FIELD_COMMANDS, active);
    // Each section is activated once a turn by each nation: a section card for a section every
    // nation has activated is not offered again as a Field Command (an Inspired pair is the one
    // exception, offered apart).
    let activated = activated_sections(table, active);
    let field = table.sheet().purposes.iter().position(|p| p == "Field Command").and_then(|p| u8::try_from(p).ok());
    out.retain(|a| match a {
        TableAction::Play { card, purpose } if Some(*purpose) == field => named(table, *card)
            .filter(|n| qualifies(n))
            .and_then(|n| SECTIONS.iter().position(|s| n.ends_with(s)))
            .is_none_or(|section| section_open(table, &activated, section)),
        _ => true,
    });
    if let Some(card) = id_of(table.marker(LAST_FIELD, active))
        && i64::from(fields) < i64::from(field_command_limit(table))
    {
        out.extend(
            copies(table, active, card).into_iter().map(|c| action(Decision::InspiredFieldGeneral, active, Some(c), 0)),
        );
    }
    let rolled = table.marker(INITIATIVE_ROLLED, active);
    if fields >= 1 && table.marker(ARMY_COMMAND, active) == 0 {
        if rolled != 0 {
            // The initiative rolls come after the Field Commands.
            out.retain(|a| !matches!(a, TableAction::Play { .. }));
        }
        for n in 0..3u8 {
            if rolled & (1 << n) == 0 && !activated.contains(&usize::from(n)) {
                out.push(action(Decision::FieldGeneralsInitiative, active, None, n));
            }
        }
    }
}

pub(super) fn apply(table: &mut CardTable, special: Special) {
    let side = special.side;
    let Some(decision) = Decision::of(special) else { return };
    match decision {
        Decision::EndTurnAfterSinglePlay => {
            fill_vacancies(table);
            table.set_marker(FLIP_AFTER_FILL, side, FLIP_OWED);
        }
        Decision::SinglePlayTurnUp => {
            let (slot, index) = turn_up_place(special);
            table.set_marker(FLIP_AFTER_FILL, side, FLIP_DONE);
            if let Some(p) = slot.and_then(|s| table.displays[usize::from(side & 1)].slot_mut(s).get_mut(index)) {
                p.face_up = true;
            }
        }
        Decision::InspiredFieldGeneral => {
            let Some(copy) = special.card else { return };
            // An Order One Unit copy is replaced face-up, like the card it joins.
            let rules = super::Rules::for_sheet(&table.sheet().id);
            let facing = if named(table, copy).is_some_and(|n| rules.refills_face_up(n)) {
                Facing::FaceUp
            } else {
                Facing::FaceDown
            };
            if table.discard_card(side, copy, Some(facing)).is_none() {
                return;
            }
            defer_refills(table);
            table.set_marker(FIELD_COMMANDS, side, table.marker(FIELD_COMMANDS, side) + 1);
            table.set_marker(LAST_FIELD, side, 0);
            table.tags.push((copy, PLAYED_NOW[usize::from(side & 1)]));
            if let Phase::Choose { face, played, slot_rest } = table.phase.clone() {
                table.phase = Phase::Choose { face, played: played + 1, slot_rest };
            }
        }
        Decision::FieldGeneralsInitiative => {
            let rolled = table.marker(INITIATIVE_ROLLED, side);
            table.set_marker(INITIATIVE_ROLLED, side, rolled | (1 << special.n));
            table.set_marker(LAST_FIELD, side, 0);
            table.ask_game_roll(special);
        }
        Decision::CounterAttackCopies => {
            let slot = usize::try_from(table.marker(COUNTER_SLOT, side) - 1).ok().and_then(|i| SlotName::ALL.get(i));
            let slot = slot.copied();
            clear_counter(table, side);
            let Some(copied) = special.card else { return };
            // A copied section card activates its section as the card itself would.
            if let Some(section) =
                named(table, copied).filter(|n| qualifies(n)).and_then(|n| SECTIONS.iter().position(|s| n.ends_with(s)))
            {
                let copied_sections = table.marker(COPIED_SECTIONS, side);
                table.set_marker(COPIED_SECTIONS, side, copied_sections | (1 << section));
            }
            let rules = super::Rules::for_sheet(&table.sheet().id);
            let waiting = slot.is_some_and(|s| table.waiting_slots[usize::from(side & 1)] & (1 << s.index()) != 0);
            if named(table, copied).is_some_and(|n| rules.refills_face_up(n))
                && let Some(slot) = slot
                && waiting
            {
                // Epic Ancients: the Counter-attack's vacancy, filled at the turn's end, comes face-up.
                let up = table.marker(VACANCIES_FACE_UP, side);
                if face_up_count(up, slot) < 0xF {
                    table.set_marker(VACANCIES_FACE_UP, side, up + (1 << (slot.index() * UP_BITS)));
                }
            } else if named(table, copied).is_some_and(|n| rules.refills_face_up(n))
                && let Some(slot) = slot
                && !super::scout::start_choice(rules.0, table, copied, side, slot)
            {
                // The Counter-attack's replacement, already drawn face-down, comes face-up (a copied
                // Scout that could have taken a counter or a banner asks the player first).
                if let Some(p) = table.displays[usize::from(side)].slot_mut(slot).last_mut() {
                    p.face_up = true;
                }
            }
            if named(table, copied) == Some("I Am Spartacus") {
                table.reshuffle(side, crate::playsheet::ReshuffleKind::DiscardFaceDown);
            }
        }
        Decision::CounterAttackCopiesNothing => clear_counter(table, side),
        _ => {}
    }
}

fn clear_counter(table: &mut CardTable, side: u8) {
    table.set_marker(COUNTER, side, 0);
    table.set_marker(COUNTER_SLOT, side, 0);
}

pub(super) fn after_play(sheet: Sheet, table: &mut CardTable, card: CardId, field_command: bool) {
    let active = table.active();
    table.tags.push((card, PLAYED_NOW[usize::from(active & 1)]));
    if sheet == Sheet::EpicAncients {
        table.set_marker(LAST_FIELD, active, if field_command { i32::from(card.0) } else { 0 });
    }
    // Counter-attack: the Epic sheets say how it copies a card.
    if matches!(sheet, Sheet::EpicAncients | Sheet::NapoleonicsEpic)
        && named(table, card).is_some_and(|n| n.eq_ignore_ascii_case("Counter-attack"))
    {
        let slot = table.last_played_slot;
        table.set_marker(COUNTER, active, i32::from(card.0));
        table.set_marker(COUNTER_SLOT, active, slot.map_or(0, |s| i32::try_from(s.index()).unwrap_or(0) + 1));
    }
}

pub(super) fn after_game_roll(table: &mut CardTable, special: Special, face: u8) {
    if Decision::of(special) == Some(Decision::FieldGeneralsInitiative) {
        table.set_marker(INITIATIVE_SECTION, special.side, i32::from(special.n) + 1);
        table.set_marker(INITIATIVE_FACE, special.side, i32::from(face));
    }
}

pub(super) fn roll_label(special: Special, face: u8) -> Option<String> {
    if Decision::of(special) != Some(Decision::FieldGeneralsInitiative) {
        return None;
    }
    let (symbol, effect) = SYMBOLS.get(usize::from(face.clamp(1, 6) - 1)).copied().unwrap_or(SYMBOLS[0]);
    let section = SECTIONS.get(usize::from(special.n)).copied().unwrap_or("Left");
    Some(format!("battle die for the {section} section shows the {symbol}: {effect}"))
}

pub(super) fn end_of_turn(table: &mut CardTable) {
    let active = usize::from(table.active() & 1);
    table.tags.retain(|(_, t)| *t != PLAYED_LAST[active]);
    for tag in table.tags.iter_mut() {
        if tag.1 == PLAYED_NOW[active] {
            tag.1 = PLAYED_LAST[active];
        }
    }
    let side = table.active();
    for marker in [LAST_FIELD, INITIATIVE_ROLLED, INITIATIVE_SECTION, INITIATIVE_FACE, COPIED_SECTIONS] {
        table.set_marker(marker, side, 0);
    }
}

pub(super) fn id(special: Special) -> Option<String> {
    let card = special.card.map_or(0, |c| c.0);
    Some(match Decision::of(special)? {
        Decision::InspiredFieldGeneral => format!("inspired-field-general-{card}"),
        Decision::FieldGeneralsInitiative => {
            format!("initiative-{}", SECTIONS.get(usize::from(special.n)).copied().unwrap_or("left").to_lowercase())
        }
        Decision::CounterAttackCopies => format!("counter-attack-copies-{card}"),
        Decision::CounterAttackCopiesNothing => "counter-attack-copies-nothing-on-the-table".into(),
        Decision::SinglePlayTurnUp => {
            let (slot, index) = turn_up_place(special);
            format!("single-play-turn-up-{}-{index}", slot.map_or("A".to_string(), |s| s.to_string()))
        }
        // Still the player's "end the turn"; what follows it is the sheet's.
        Decision::EndTurnAfterSinglePlay => "end-turn".into(),
        _ => return None,
    })
}

pub(super) fn label(table: &CardTable, special: Special) -> Option<String> {
    let side = &table.sheet().sides[usize::from(special.side & 1)];
    let card = special.card.map(|c| table.card_label(c)).unwrap_or_default();
    Some(match Decision::of(special)? {
        Decision::InspiredFieldGeneral => {
            let first = id_of(table.marker(LAST_FIELD, special.side)).map(|c| table.card_label(c)).unwrap_or_default();
            format!("{side}: Inspired Field General: play {card} with {first} in the same section (two Field Commands)")
        }
        Decision::FieldGeneralsInitiative => format!(
            "{side}: Field General's Initiative: roll a battle die for the unactivated {} section",
            SECTIONS.get(usize::from(special.n)).copied().unwrap_or("Left")
        ),
        Decision::CounterAttackCopies => format!("{side}: the Counter-attack copies {card}"),
        Decision::CounterAttackCopiesNothing => {
            format!("{side}: the Counter-attack copies a card with no effect on the card table")
        }
        Decision::SinglePlayTurnUp => {
            let (slot, index) = turn_up_place(special);
            let slot = slot.map_or("A".to_string(), |s| s.to_string());
            let which = if index == 0 {
                String::new()
            } else {
                format!(" (number {} in the slot, from the bottom)", index + 1)
            };
            format!("{side} played one card this turn: turn the face-down card in slot {slot}{which} face-up")
        }
        Decision::EndTurnAfterSinglePlay => {
            format!("{side}: end the turn (one card played: fill the vacancy, then turn a face-down card face-up)")
        }
        _ => return None,
    })
}

pub(super) fn reminders(sheet: Sheet, table: &CardTable, notes: &mut Vec<String>) {
    let active = table.active();
    let name = &table.sheet().sides[usize::from(active & 1)];
    if id_of(table.marker(COUNTER, active)).is_some() {
        notes.push(format!(
            "Counter-attack: {name} copies one of the cards the other side played in its last turn; say which, so a \
             copied Order One Unit, Scout or I Am Spartacus has its table effect."
        ));
    }
    if sheet != Sheet::EpicAncients {
        return;
    }
    let face = table.marker(INITIATIVE_FACE, active);
    if face > 0 {
        let section = SECTIONS.get(usize::try_from(table.marker(INITIATIVE_SECTION, active) - 1).unwrap_or(0));
        let (symbol, effect) = SYMBOLS[usize::try_from(face - 1).unwrap_or(0).min(5)];
        notes.push(format!(
            "Field General's Initiative, {} section: {symbol}: {effect}. No unit of that kind there: nothing is ordered.",
            section.copied().unwrap_or("Left")
        ));
    }
    if table.marker(FIELD_COMMANDS, active) >= 1 && table.marker(INITIATIVE_ROLLED, active) == 0 {
        notes.push(
            "Field General's Initiative: once the Field Commands are played, each section no card activated may roll \
             one battle die."
                .into(),
        );
    }
}
