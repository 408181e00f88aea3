//! Turning the text of the data files into a checked [`Ruleset`].
//!
//! Each file is read row by row; a row's values are checked as they are read (dice spellings, number
//! ranges, names that must refer to something), and the rules that span rows (8 units and 60 cards
//! per army, 5 cards per unit, 16 squares per section, 7 terrain tables) are checked at the end of
//! each file. Every error names the file, the line and the field at fault.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;
use std::sync::OnceLock;

use super::error::DataError;
use super::model::{
    Army, CardDef, CardKind, HqKind, LeaderCard, MapSection, Rally, Ruleset, Secondary, Terrain, UnitCard, UnitDef,
    UnitKind,
};
use super::table::{Cells, Table};
use super::terrain;

/// Units in every army (rule 1.3).
pub const UNITS_PER_ARMY: usize = 8;
/// Unit cards for each unit.
pub const CARDS_PER_UNIT: usize = 5;
/// HQ cards in every Action Deck, Leaders included (rule 1.4).
pub const HQ_CARDS_PER_ARMY: usize = 20;
/// Cards in every Action Deck (rule 1.4).
pub const CARDS_PER_ARMY: usize = UNITS_PER_ARMY * CARDS_PER_UNIT + HQ_CARDS_PER_ARMY;

/// Nations a data set may hold: a game numbers them with one byte and keeps its last value for "none".
pub const MAX_NATIONS: usize = 255;
/// Map sections a battlefield is made of (rule 3).
pub const SECTIONS_PER_MAP: usize = 4;

pub const NATIONS_FILE: &str = "nations.csv";
pub const UNITS_FILE: &str = "units.csv";
pub const CARDS_FILE: &str = "cards.csv";
pub const DISTANT_LANDS_UNITS_FILE: &str = "distant_lands_units.csv";
pub const DISTANT_LANDS_CARDS_FILE: &str = "distant_lands_cards.csv";
pub const MAP_SECTIONS_FILE: &str = "map_sections.csv";
pub const TERRAIN_FILE: &str = "terrain.toml";

const NATION_COLUMNS: &[&str] = &["code", "name", "tiebreak", "provisional"];
const UNIT_COLUMNS: &[&str] =
    &["nation_code", "nation", "unit_name", "type", "full_strength", "reduced_strength", "nationality"];
const CARD_COLUMNS: &[&str] = &[
    "nation_code",
    "nation",
    "card_id",
    "card_kind",
    "hq_type",
    "name",
    "attack",
    "defense",
    "range",
    "bombard",
    "volley",
    "pursuit_max",
    "withdraw_max",
    "not_required_to_advance",
    "leader_command",
    "leader_combat",
    "leader_combat_defense",
    "leader_rally_max",
    "leader_pursuit_mod",
    "special",
    "secondary",
    "nationality",
    "leader_unit",
];
const SECTION_COLUMNS: &[&str] = &["section", "row", "col", "terrain"];

/// Columns only a unit card may fill (an Ambush card also uses `attack`).
const UNIT_CARD_COLUMNS: &[&str] =
    &["attack", "defense", "range", "bombard", "volley", "pursuit_max", "withdraw_max", "secondary"];
/// Columns only a leader card may fill.
const LEADER_COLUMNS: &[&str] = &[
    "leader_command",
    "leader_combat",
    "leader_combat_defense",
    "leader_rally_max",
    "leader_pursuit_mod",
    "special",
    "leader_unit",
];

/// The texts of the seven data files, by file. Build one from the embedded files
/// ([`DataFiles::embedded`]), from a directory ([`load_dir`]), or from any strings (tests, editors).
#[derive(Clone, Copy, Debug)]
pub struct DataFiles<'a> {
    pub nations: &'a str,
    pub units: &'a str,
    pub cards: &'a str,
    pub distant_lands_units: &'a str,
    pub distant_lands_cards: &'a str,
    pub map_sections: &'a str,
    pub terrain: &'a str,
}

impl DataFiles<'static> {
    /// The files shipped in the binary (the crate's `data/` directory).
    pub fn embedded() -> Self {
        DataFiles {
            nations: include_str!("../../data/nations.csv"),
            units: include_str!("../../data/units.csv"),
            cards: include_str!("../../data/cards.csv"),
            distant_lands_units: include_str!("../../data/distant_lands_units.csv"),
            distant_lands_cards: include_str!("../../data/distant_lands_cards.csv"),
            map_sections: include_str!("../../data/map_sections.csv"),
            terrain: include_str!("../../data/terrain.toml"),
        }
    }
}

impl<'a> DataFiles<'a> {
    /// The file names a data directory must hold.
    pub const FILE_NAMES: [&'static str; 7] = [
        NATIONS_FILE,
        UNITS_FILE,
        CARDS_FILE,
        DISTANT_LANDS_UNITS_FILE,
        DISTANT_LANDS_CARDS_FILE,
        MAP_SECTIONS_FILE,
        TERRAIN_FILE,
    ];

    /// Each file's name with its text, in the order of [`DataFiles::FILE_NAMES`].
    pub fn files(&self) -> [(&'static str, &'a str); 7] {
        [
            (NATIONS_FILE, self.nations),
            (UNITS_FILE, self.units),
            (CARDS_FILE, self.cards),
            (DISTANT_LANDS_UNITS_FILE, self.distant_lands_units),
            (DISTANT_LANDS_CARDS_FILE, self.distant_lands_cards),
            (MAP_SECTIONS_FILE, self.map_sections),
            (TERRAIN_FILE, self.terrain),
        ]
    }
}

/// The data shipped in the binary, parsed and checked once on first use.
pub fn embedded() -> Result<&'static Ruleset, DataError> {
    static RULESET: OnceLock<Result<Ruleset, DataError>> = OnceLock::new();
    RULESET.get_or_init(|| load_texts(&DataFiles::embedded())).as_ref().map_err(Clone::clone)
}

/// Reads the seven data files (see [`DataFiles::FILE_NAMES`]) from `dir`, a user's edited copy of the
/// shipped data, and checks them as [`load_texts`] does. All seven must be present.
pub fn load_dir(dir: &Path) -> Result<Ruleset, DataError> {
    let read = |name: &str| {
        let path = dir.join(name);
        engine::files::read_text(&path)
            .map_err(|e| DataError::Read { file: path.display().to_string(), message: read_failure(&e) })
    };
    let nations = read(NATIONS_FILE)?;
    let units = read(UNITS_FILE)?;
    let cards = read(CARDS_FILE)?;
    let distant_lands_units = read(DISTANT_LANDS_UNITS_FILE)?;
    let distant_lands_cards = read(DISTANT_LANDS_CARDS_FILE)?;
    let map_sections = read(MAP_SECTIONS_FILE)?;
    let terrain = read(TERRAIN_FILE)?;
    load_texts(&DataFiles {
        nations: &nations,
        units: &units,
        cards: &cards,
        distant_lands_units: &distant_lands_units,
        distant_lands_cards: &distant_lands_cards,
        map_sections: &map_sections,
        terrain: &terrain,
    })
}

/// Why a file could not be read, without the path (the error puts it first).
fn read_failure(error: &engine::files::FileError) -> String {
    use engine::files::{FileError, MAX_TEXT_FILE};
    match error {
        FileError::Io { source, .. } => source.to_string(),
        FileError::NotRegular { kind, .. } => format!("it is {kind}, not a regular file"),
        FileError::TooLarge { size, .. } => {
            format!("it holds {size} bytes, more than the {MAX_TEXT_FILE} a data file may have")
        }
        FileError::NotText { offset, .. } => format!("it is not UTF-8 text (byte {offset} is not valid)"),
    }
}

/// Parses and checks the texts of the data files. Armies come in the order of `nations.csv`, each
/// army's units and cards in file order (`units.csv`/`cards.csv` first, then the Distant Lands
/// files); map sections by number; terrain in the order of [`Terrain::ALL`].
pub fn load_texts(files: &DataFiles<'_>) -> Result<Ruleset, DataError> {
    let mut builds = parse_nations(files.nations)?;
    parse_units(UNITS_FILE, files.units, &mut builds)?;
    parse_units(DISTANT_LANDS_UNITS_FILE, files.distant_lands_units, &mut builds)?;
    builds.iter().try_for_each(ArmyBuild::check_units)?;
    let mut card_ids = HashMap::new();
    parse_cards(CARDS_FILE, files.cards, &mut builds, &mut card_ids)?;
    parse_cards(DISTANT_LANDS_CARDS_FILE, files.distant_lands_cards, &mut builds, &mut card_ids)?;
    builds.iter().try_for_each(ArmyBuild::check_cards)?;
    let (sections, places) = parse_sections(files.map_sections)?;
    let terrain = terrain::parse(TERRAIN_FILE, files.terrain)?;
    check_battlefield(&sections, &places, &terrain)?;
    Ok(Ruleset { armies: builds.into_iter().map(|b| b.army).collect(), sections, terrain })
}

/// Where a row came from, for errors found after the row was read.
#[derive(Clone, Copy, Debug)]
struct Place {
    file: &'static str,
    line: u64,
}

impl Place {
    fn of(row: &Cells<'_>) -> Self {
        Place { file: row.file, line: row.line }
    }

    fn err(self, field: &str, message: impl Into<String>) -> DataError {
        DataError::invalid(self.file, self.line, field, message)
    }
}

/// An army being read, with where each of its rows came from.
struct ArmyBuild {
    army: Army,
    nation_row: Place,
    unit_rows: Vec<Place>,
    card_rows: Vec<Place>,
}

impl ArmyBuild {
    fn check_units(&self) -> Result<(), DataError> {
        let army = &self.army;
        match self.unit_rows.last() {
            None => {
                return Err(self
                    .nation_row
                    .err("code", format!("{} has no units in {UNITS_FILE} or {DISTANT_LANDS_UNITS_FILE}", army.name)));
            }
            Some(last) if army.units.len() != UNITS_PER_ARMY => {
                return Err(last.err(
                    "unit_name",
                    format!("{} has {} units; an army has exactly {UNITS_PER_ARMY}", army.name, army.units.len()),
                ));
            }
            Some(_) => {}
        }
        // Indian units belong to nationalities: in an army either every unit has one or none has.
        if army.units.iter().any(|u| u.nationality.is_some())
            && let Some(i) = army.units.iter().position(|u| u.nationality.is_none())
        {
            return Err(self.unit_rows[i].err(
                "nationality",
                format!("other units of {} have a nationality, so this one needs one too", army.name),
            ));
        }
        Ok(())
    }

    fn check_cards(&self) -> Result<(), DataError> {
        let army = &self.army;
        let rows_where = |keep: &dyn Fn(&CardDef) -> bool| -> Vec<Place> {
            army.cards.iter().zip(&self.card_rows).filter(|(c, _)| keep(c)).map(|(_, p)| *p).collect()
        };
        for (index, unit) in army.units.iter().enumerate() {
            let rows = rows_where(&|c| matches!(&c.kind, CardKind::Unit(u) if usize::from(u.unit) == index));
            match rows.last() {
                None => {
                    return Err(self.unit_rows[index].err(
                        "unit_name",
                        format!("no unit cards for {} in {CARDS_FILE} or {DISTANT_LANDS_CARDS_FILE}", unit.name),
                    ));
                }
                Some(last) if rows.len() != CARDS_PER_UNIT => {
                    return Err(last.err(
                        "name",
                        format!(
                            "{} of {} has {} unit cards; every unit has exactly {CARDS_PER_UNIT}",
                            unit.name,
                            army.name,
                            rows.len()
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
        let hq_rows = rows_where(&|c| !matches!(c.kind, CardKind::Unit(_)));
        let Some(&last_hq) = hq_rows.last() else {
            return Err(self.nation_row.err("code", format!("{} has no HQ cards", army.name)));
        };
        if hq_rows.len() != HQ_CARDS_PER_ARMY {
            return Err(last_hq.err(
                "card_kind",
                format!(
                    "{} has {} HQ cards (leaders included); an army has exactly {HQ_CARDS_PER_ARMY}",
                    army.name,
                    hq_rows.len()
                ),
            ));
        }
        debug_assert_eq!(army.cards.len(), CARDS_PER_ARMY);
        // Rule 1.4: Leader cards plus three to eight other HQ card types.
        if !army.cards.iter().any(|c| matches!(c.kind, CardKind::Leader(_))) {
            return Err(last_hq.err("card_kind", format!("{} has no Leader card", army.name)));
        }
        let kinds: HashSet<HqKind> =
            army.cards.iter().filter_map(|c| if let CardKind::Hq(k) = c.kind { Some(k) } else { None }).collect();
        if !(3..=8).contains(&kinds.len()) {
            return Err(last_hq.err(
                "hq_type",
                format!(
                    "{} has HQ cards of {} kinds besides Leaders; an army has 3 to 8 kinds (rule 1.4)",
                    army.name,
                    kinds.len()
                ),
            ));
        }
        // Indian leaders are bound to a nationality of their army's units; other leaders to none.
        let nationalities: BTreeSet<&str> = army.units.iter().filter_map(|u| u.nationality.as_deref()).collect();
        for (card, place) in army.cards.iter().zip(&self.card_rows) {
            let CardKind::Leader(leader) = &card.kind else { continue };
            match (&leader.nationality, nationalities.is_empty()) {
                (None, false) => {
                    return Err(place.err(
                        "nationality",
                        format!(
                            "{}'s units have nationalities, so each leader names the one it commands ({})",
                            army.name,
                            nationalities.iter().copied().collect::<Vec<_>>().join(", ")
                        ),
                    ));
                }
                (Some(n), true) => {
                    return Err(place.err(
                        "nationality",
                        format!("'{n}': no unit of {} has a nationality, so its leaders have none", army.name),
                    ));
                }
                (Some(n), false) if !nationalities.contains(n.as_str()) => {
                    return Err(place.err(
                        "nationality",
                        format!(
                            "'{n}' is not the nationality of any unit of {} ({})",
                            army.name,
                            nationalities.iter().copied().collect::<Vec<_>>().join(", ")
                        ),
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }
}

fn parse_nations(text: &str) -> Result<Vec<ArmyBuild>, DataError> {
    let table = Table::parse(NATIONS_FILE, text, NATION_COLUMNS)?;
    let mut builds: Vec<ArmyBuild> = Vec::new();
    for row in table.iter() {
        let code = row.required("code")?;
        if !code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()) {
            return Err(row.err("code", format!("'{code}' must be capital letters or digits, like FR")));
        }
        let name = row.required("name")?;
        let tiebreak = row.required_number("tiebreak", 0..=u8::MAX)?;
        let provisional = row.flag("provisional")?;
        if builds.len() >= MAX_NATIONS {
            return Err(row.err("code", format!("a data set holds at most {MAX_NATIONS} nations")));
        }
        // A player names a nation by its code or its name, in any case, so no two may read alike.
        for other in &builds {
            let (line, same) = (other.nation_row.line, |a: &str, b: &str| a.eq_ignore_ascii_case(b));
            if same(&other.army.code, code) || same(&other.army.name, code) {
                return Err(row.err(
                    "code",
                    format!("'{code}' is already used on line {line} (nations are found by code or name, in any case)"),
                ));
            }
            if same(&other.army.name, name) || same(&other.army.code, name) {
                return Err(row.err(
                    "name",
                    format!("'{name}' is already used on line {line} (nations are found by code or name, in any case)"),
                ));
            }
            if other.army.tiebreak == tiebreak {
                return Err(row.err(
                    "tiebreak",
                    format!("{tiebreak} is already {}'s place; each nation has its own", other.army.name),
                ));
            }
        }
        builds.push(ArmyBuild {
            army: Army {
                code: code.into(),
                name: name.into(),
                provisional,
                tiebreak,
                units: Vec::new(),
                cards: Vec::new(),
            },
            nation_row: Place::of(&row),
            unit_rows: Vec::new(),
            card_rows: Vec::new(),
        });
    }
    match builds.as_slice() {
        [] => Err(DataError::invalid(NATIONS_FILE, table.header_line, "code", "no nations are listed")),
        [only] => Err(only
            .nation_row
            .err("code", format!("{} is the only nation listed; a game needs two different nations", only.army.name))),
        _ => Ok(builds),
    }
}

/// The army a units or cards row belongs to, checking that `nation` (if given) agrees with the code.
fn army_of<'b>(row: &Cells<'_>, builds: &'b mut [ArmyBuild]) -> Result<&'b mut ArmyBuild, DataError> {
    let code = row.required("nation_code")?;
    let Some(build) = builds.iter_mut().find(|b| b.army.code == code) else {
        return Err(row.err("nation_code", format!("'{code}' is not a nation code listed in {NATIONS_FILE}")));
    };
    let nation = row.text("nation");
    if !nation.is_empty() && nation != build.army.name {
        return Err(row.err("nation", format!("'{nation}' does not match code {code}, which is {}", build.army.name)));
    }
    Ok(build)
}

fn parse_units(file: &'static str, text: &str, builds: &mut [ArmyBuild]) -> Result<(), DataError> {
    let table = Table::parse(file, text, UNIT_COLUMNS)?;
    for row in table.iter() {
        let build = army_of(&row, builds)?;
        let name = row.required("unit_name")?;
        // Scenarios name units without regard to case, so two names may not differ by case alone.
        if let Some(i) = build.army.units.iter().position(|u| u.name.eq_ignore_ascii_case(name)) {
            let first = build.unit_rows[i];
            return Err(
                row.err("unit_name", format!("'{name}' is already a unit on {} line {}", first.file, first.line))
            );
        }
        if build.army.units.len() >= UNITS_PER_ARMY {
            return Err(row.err(
                "unit_name",
                format!("{} already has {UNITS_PER_ARMY} units; an army has exactly {UNITS_PER_ARMY}", build.army.name),
            ));
        }
        let kind = match row.required("type")?.to_ascii_lowercase().as_str() {
            "infantry" => UnitKind::Infantry,
            "cavalry" => UnitKind::Cavalry,
            other => return Err(row.err("type", format!("'{other}' must be infantry or cavalry"))),
        };
        let full = row.required_number("full_strength", 1..=12)?;
        let reduced = row.required_number("reduced_strength", 1..=12)?;
        if reduced >= full {
            return Err(row.err("reduced_strength", format!("{reduced} must be lower than the full strength ({full})")));
        }
        let nationality = Some(row.text("nationality")).filter(|n| !n.is_empty()).map(String::from);
        build.army.units.push(UnitDef { name: name.into(), kind, full, reduced, nationality });
        build.unit_rows.push(Place::of(&row));
    }
    Ok(())
}

fn parse_cards(
    file: &'static str,
    text: &str,
    builds: &mut [ArmyBuild],
    ids: &mut HashMap<u16, Place>,
) -> Result<(), DataError> {
    let table = Table::parse(file, text, CARD_COLUMNS)?;
    for row in table.iter() {
        let build = army_of(&row, builds)?;
        let id_text = row.required("card_id")?;
        let id: u16 = id_text.parse().map_err(|_| row.err("card_id", format!("'{id_text}' is not a whole number")))?;
        if let Some(first) = ids.get(&id) {
            return Err(row.err("card_id", format!("{id} is already used on {} line {}", first.file, first.line)));
        }
        ids.insert(id, Place::of(&row));
        let name = row.required("name")?;
        let card = match row.required("card_kind")?.to_ascii_lowercase().as_str() {
            "unit" => unit_card(&row, name, &build.army)?,
            "leader" => leader_card(&row, name, &build.army)?,
            "hq" => hq_card(&row, name)?,
            other => return Err(row.err("card_kind", format!("'{other}' must be unit, leader or hq"))),
        };
        let army = &build.army;
        match &card.kind {
            CardKind::Unit(u) => {
                let same = army.cards.iter().filter(|c| matches!(&c.kind, CardKind::Unit(o) if o.unit == u.unit));
                if same.count() >= CARDS_PER_UNIT {
                    return Err(row.err(
                        "name",
                        format!(
                            "{name} already has {CARDS_PER_UNIT} unit cards; every unit has exactly {CARDS_PER_UNIT}"
                        ),
                    ));
                }
            }
            CardKind::Leader(_) | CardKind::Hq(_) => {
                let hq = army.cards.iter().filter(|c| !matches!(c.kind, CardKind::Unit(_))).count();
                if hq >= HQ_CARDS_PER_ARMY {
                    return Err(row.err(
                        "card_kind",
                        format!(
                            "{} already has {HQ_CARDS_PER_ARMY} HQ cards (leaders included); an army has exactly {HQ_CARDS_PER_ARMY}",
                            army.name
                        ),
                    ));
                }
            }
        }
        build.army.cards.push(card);
        build.card_rows.push(Place::of(&row));
    }
    Ok(())
}

fn unit_card(row: &Cells<'_>, name: &str, army: &Army) -> Result<CardDef, DataError> {
    const WHAT: &str = "a unit card";
    row.must_be_empty(&["hq_type"], WHAT)?;
    row.must_be_empty(LEADER_COLUMNS, WHAT)?;
    let Some(index) = army.unit_index(name) else {
        return Err(
            row.err("name", format!("'{name}' is not a unit of {}; a unit card carries its unit's name", army.name))
        );
    };
    let unit = &army.units[usize::from(index)];
    let attack = row.dice("attack")?;
    let defense = row.required_number("defense", 0..=12)?;
    let range = row.number("range", 0..=6)?.unwrap_or(0);
    let bombard = row.dice("bombard")?;
    let volley = row.dice("volley")?;
    let pursuit_max = row.number("pursuit_max", 0..=6)?.unwrap_or(0);
    let withdraw_max = row.number("withdraw_max", 0..=6)?.unwrap_or(0);
    let not_required_to_advance = row.flag("not_required_to_advance")?;
    let secondary = match row.text("secondary") {
        "" => None,
        text => Some(Secondary::from_label(text).ok_or_else(|| {
            row.err("secondary", format!("'{text}' must be guerrillas, redoubt or committed-attack"))
        })?),
    };
    if bombard.is_some() && volley.is_some() {
        return Err(row.err("volley", "a card has Bombard dice or Volley dice, not both"));
    }
    let fires = bombard.is_some() || volley.is_some();
    if fires && range == 0 {
        return Err(row.err("range", "a card with Bombard or Volley dice needs a range of 1 or more"));
    }
    if !fires && range != 0 {
        return Err(row.err("range", "only a card with Bombard or Volley dice has a range"));
    }
    if attack.is_none() && !fires {
        return Err(row.err("attack", "a unit card needs Attack, Bombard or Volley dice"));
    }
    if pursuit_max > 0 && unit.kind != UnitKind::Cavalry {
        return Err(row.err("pursuit_max", format!("{name} is infantry; only cavalry has a pursuit value (rule 6.7)")));
    }
    let nationality = row.text("nationality");
    if !nationality.is_empty() && unit.nationality.as_deref() != Some(nationality) {
        let actual = unit.nationality.as_deref().map_or("none".to_string(), |n| format!("'{n}'"));
        return Err(
            row.err("nationality", format!("'{nationality}' differs from the nationality of {name} ({actual})"))
        );
    }
    if secondary == Some(Secondary::Redoubt) && nationality.is_empty() {
        return Err(row.err("nationality", "a Redoubt secondary effect names the nationality it serves"));
    }
    Ok(CardDef {
        name: name.into(),
        kind: CardKind::Unit(UnitCard {
            unit: index,
            attack,
            defense,
            bombard,
            range,
            volley,
            pursuit_max,
            withdraw_max,
            not_required_to_advance,
            secondary,
        }),
        ambush_dice: None,
    })
}

fn leader_card(row: &Cells<'_>, name: &str, army: &Army) -> Result<CardDef, DataError> {
    const WHAT: &str = "a leader card";
    let hq_type = row.text("hq_type");
    if !hq_type.eq_ignore_ascii_case("Leader") {
        return Err(row.err("hq_type", format!("'{hq_type}': a leader card has hq_type Leader")));
    }
    row.must_be_empty(UNIT_CARD_COLUMNS, WHAT)?;
    if row.flag("not_required_to_advance")? {
        return Err(row.err("not_required_to_advance", "only a unit card can carry this"));
    }
    let command = row.required_number("leader_command", 1..=4)?;
    let combat_attack = row.required_number("leader_combat", 0..=6)?;
    let combat_defense = row.number("leader_combat_defense", 0..=6)?.unwrap_or(combat_attack);
    let rally = match row.required("leader_rally_max")? {
        auto if auto.eq_ignore_ascii_case("auto") => Rally::Automatic,
        _ => Rally::UpTo(row.required_number("leader_rally_max", 1..=6).map_err(|_| {
            row.err(
                "leader_rally_max",
                format!("'{}' must be a number from 1 to 6, or auto", row.text("leader_rally_max")),
            )
        })?),
    };
    let pursuit_mod = row.signed("leader_pursuit_mod", -6..=6)?.unwrap_or(0);
    let grand_battery = match row.text("special") {
        "" => false,
        "grand_battery" => true,
        other => {
            return Err(row.err("special", format!("'{other}' is unknown; the only special ability is grand_battery")));
        }
    };
    let nationality = Some(row.text("nationality")).filter(|n| !n.is_empty()).map(String::from);
    let only_unit = match row.text("leader_unit") {
        "" => None,
        unit => Some(
            army.unit_index(unit)
                .ok_or_else(|| row.err("leader_unit", format!("'{unit}' is not a unit of {}", army.name)))?,
        ),
    };
    if only_unit.is_some() && command != 1 {
        return Err(row.err("leader_command", format!("{command}: a leader who commands a single unit has command 1")));
    }
    Ok(CardDef {
        name: name.into(),
        kind: CardKind::Leader(LeaderCard {
            command,
            combat_attack,
            combat_defense,
            rally,
            pursuit_mod,
            grand_battery,
            nationality,
            only_unit,
        }),
        ambush_dice: None,
    })
}

fn hq_card(row: &Cells<'_>, name: &str) -> Result<CardDef, DataError> {
    const WHAT: &str = "an HQ card";
    let hq_type = row.required("hq_type")?;
    if hq_type.eq_ignore_ascii_case("Leader") {
        return Err(row.err("card_kind", "a card of hq_type Leader has card_kind leader"));
    }
    let Some(kind) = HqKind::from_label(hq_type) else {
        let known: Vec<&str> = HqKind::ALL.iter().map(|k| k.label()).collect();
        return Err(row.err(
            "hq_type",
            format!("'{hq_type}' is not an HQ card type; the types are Leader, {}", known.join(", ")),
        ));
    };
    row.must_be_empty(&UNIT_CARD_COLUMNS[1..], WHAT)?;
    row.must_be_empty(LEADER_COLUMNS, WHAT)?;
    row.must_be_empty(&["nationality"], WHAT)?;
    if row.flag("not_required_to_advance")? {
        return Err(row.err("not_required_to_advance", "only a unit card can carry this"));
    }
    let ambush_dice = if kind == HqKind::Ambush {
        Some(row.dice("attack")?.ok_or_else(|| row.err("attack", "an Ambush card needs its attack dice, like 1d10"))?)
    } else {
        row.must_be_empty(&["attack"], &format!("a {} card", kind.label()))?;
        None
    };
    Ok(CardDef { name: name.into(), kind: CardKind::Hq(kind), ambush_dice })
}

/// Where a map section's rows are in `map_sections.csv`.
#[derive(Clone, Copy, Debug)]
struct SectionRows {
    first: Place,
    last: Place,
}

fn parse_sections(text: &str) -> Result<(Vec<MapSection>, Vec<SectionRows>), DataError> {
    let table = Table::parse(MAP_SECTIONS_FILE, text, SECTION_COLUMNS)?;
    let mut squares: BTreeMap<u8, ([Option<Terrain>; 16], SectionRows)> = BTreeMap::new();
    for row in table.iter() {
        let number = row.required_number("section", 1..=u8::MAX)?;
        let r = row.required_number("row", 0..=3)?;
        let c = row.required_number("col", 0..=3)?;
        let name = row.required("terrain")?;
        let Some(terrain) = Terrain::from_name(name) else {
            let known: Vec<&str> = Terrain::ALL.iter().map(|t| t.name()).collect();
            return Err(
                row.err("terrain", format!("'{name}' is not a terrain type; the types are {}", known.join(", ")))
            );
        };
        let place = Place::of(&row);
        let entry = squares.entry(number).or_insert(([None; 16], SectionRows { first: place, last: place }));
        let slot = &mut entry.0[usize::from(r * 4 + c)];
        if slot.is_some() {
            return Err(row.err("col", format!("section {number} already has a square at row {r}, col {c}")));
        }
        *slot = Some(terrain);
        entry.1.last = place;
    }
    if squares.is_empty() {
        return Err(DataError::invalid(MAP_SECTIONS_FILE, table.header_line, "section", "no map sections are listed"));
    }
    let mut sections = Vec::with_capacity(squares.len());
    let mut places = Vec::with_capacity(squares.len());
    for (number, (cells, rows)) in squares {
        let last = rows.last;
        let mut filled = [Terrain::Clear; 16];
        for (i, cell) in cells.iter().enumerate() {
            let Some(terrain) = cell else {
                return Err(last.err(
                    "row",
                    format!("section {number} has no square at row {}, col {}; a section lists all 16", i / 4, i % 4),
                ));
            };
            filled[i] = *terrain;
        }
        sections.push(MapSection { number, squares: filled });
        places.push(rows);
    }
    Ok((sections, places))
}

/// "1 square", "6 squares".
fn squares(count: usize) -> String {
    if count == 1 { "1 square".into() } else { format!("{count} squares") }
}

/// Whether the square at (row, column) of a section lies in one of its edge strips.
type OnSide = fn(usize, usize) -> bool;

/// The four two-square-deep strips along a section's edges, by the edge's name in the file's terms
/// (row 0 at the top). Turned, any of them can lie along a player's starting edge.
const SECTION_SIDES: [(&str, OnSide); 4] =
    [("top", |r, _| r < 2), ("bottom", |r, _| r >= 2), ("left", |_, c| c < 2), ("right", |_, c| c >= 2)];

/// Refuses a map that loads but on which no game could be set up: fewer sections than a battlefield
/// needs, no square a unit may enter, or two sections that, placed side by side along a starting edge,
/// leave a player fewer free home squares than it has units to deploy there.
fn check_battlefield(
    sections: &[MapSection],
    places: &[SectionRows],
    terrain: &super::model::TerrainTable,
) -> Result<(), DataError> {
    let last = places.iter().map(|p| p.last).max_by_key(|p| p.line);
    let last_err = |field: &str, message: String| match last {
        Some(place) => place.err(field, message),
        None => DataError::invalid(MAP_SECTIONS_FILE, 1, field, message),
    };
    if sections.len() < SECTIONS_PER_MAP {
        let numbers: Vec<String> = sections.iter().map(|s| s.number.to_string()).collect();
        return Err(last_err(
            "section",
            format!(
                "only {} map sections are listed ({}); a battlefield is made of {SECTIONS_PER_MAP} different sections",
                sections.len(),
                numbers.join(", ")
            ),
        ));
    }
    let enter = |t: Terrain| terrain.get(t).enter;
    if sections.iter().all(|s| s.squares.iter().all(|&t| !enter(t))) {
        let mut used: Vec<&str> = sections.iter().flat_map(|s| s.squares.iter().map(|t| t.name())).collect();
        used.sort_unstable();
        used.dedup();
        return Err(last_err(
            "terrain",
            format!(
                "no square of any section can be entered by a unit: the terrain used ({}) has enter = false in \
                 {TERRAIN_FILE}",
                used.join(", ")
            ),
        ));
    }
    // The side of each section with the fewest enterable squares: the worst it can do at an edge.
    let mut worst: Vec<(usize, &str, usize)> = sections
        .iter()
        .enumerate()
        .map(|(i, section)| {
            let open_on =
                |keep: OnSide| (0..16).filter(|&sq| keep(sq / 4, sq % 4) && enter(section.squares[sq])).count();
            let (side, open) = SECTION_SIDES
                .iter()
                .map(|(side, keep)| (*side, open_on(*keep)))
                .min_by_key(|(_, open)| *open)
                .unwrap_or(("top", 0));
            (i, side, open)
        })
        .collect();
    worst.sort_by_key(|(i, _, open)| (*open, *i));
    if let [(a, side_a, open_a), (b, side_b, open_b), ..] = worst[..]
        && open_a + open_b < UNITS_PER_ARMY
    {
        let (sa, sb) = (sections[a].number, sections[b].number);
        return Err(places[a].first.err(
            "terrain",
            format!(
                "section {sa} has only {} a unit can enter along its {side_a} edge, and section {sb} {} along \
                 its {side_b} edge; placed side by side at a player's starting edge they leave {} for the \
                 {UNITS_PER_ARMY} units that player deploys there (rule 3)",
                squares(open_a),
                squares(open_b),
                squares(open_a + open_b)
            ),
        ));
    }
    Ok(())
}
