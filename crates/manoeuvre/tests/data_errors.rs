//! Broken data files are refused with an error naming the file, the line and the field. Each test
//! takes the embedded files, breaks one thing, and checks where the loader says the fault is.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::collections::BTreeMap;

use manoeuvre::data::{self, DataError, DataFiles, Ruleset};

/// The seven data files as editable strings.
#[derive(Clone)]
struct Files {
    texts: BTreeMap<&'static str, String>,
}

impl Files {
    fn embedded() -> Self {
        Files {
            texts: DataFiles::embedded().files().into_iter().map(|(name, text)| (name, text.to_string())).collect(),
        }
    }

    fn text(&self, file: &str) -> &str {
        &self.texts[file]
    }

    fn load(&self) -> Result<Ruleset, DataError> {
        let t = |name: &str| self.text(name);
        data::load_texts(&DataFiles {
            nations: t(data::NATIONS_FILE),
            units: t(data::UNITS_FILE),
            cards: t(data::CARDS_FILE),
            distant_lands_units: t(data::DISTANT_LANDS_UNITS_FILE),
            distant_lands_cards: t(data::DISTANT_LANDS_CARDS_FILE),
            map_sections: t(data::MAP_SECTIONS_FILE),
            terrain: t(data::TERRAIN_FILE),
        })
    }

    fn error(&self) -> DataError {
        match self.load() {
            Ok(_) => panic!("the edited files should not load"),
            Err(e) => e,
        }
    }

    /// The 1-based line of the only line containing `needle`.
    fn line_of(&self, file: &str, needle: &str) -> u64 {
        let hits: Vec<usize> =
            self.text(file).lines().enumerate().filter(|(_, l)| l.contains(needle)).map(|(i, _)| i + 1).collect();
        assert_eq!(hits.len(), 1, "'{needle}' should be on exactly one line of {file}: {hits:?}");
        hits[0] as u64
    }

    /// Replaces the only occurrence of `from`; returns the line it was on.
    fn replace(&mut self, file: &'static str, from: &str, to: &str) -> u64 {
        let text = self.text(file);
        assert_eq!(text.matches(from).count(), 1, "'{from}' should occur once in {file}");
        let line = text[..text.find(from).unwrap_or(0)].matches('\n').count() as u64 + 1;
        let edited = text.replacen(from, to, 1);
        self.texts.insert(file, edited);
        line
    }

    /// Deletes the only line containing `needle`.
    fn remove_line(&mut self, file: &'static str, needle: &str) {
        let line = self.line_of(file, needle);
        let kept: Vec<&str> =
            self.text(file).lines().enumerate().filter(|(i, _)| *i as u64 + 1 != line).map(|(_, l)| l).collect();
        self.texts.insert(file, kept.join("\n") + "\n");
    }

    /// Appends a line to a file; returns its line number.
    fn append_line(&mut self, file: &'static str, row: &str) -> u64 {
        let mut text = self.text(file).to_string();
        text.push_str(row);
        text.push('\n');
        let line = text.lines().count() as u64;
        self.texts.insert(file, text);
        line
    }

    /// Sets one cell of the only CSV row containing `needle`; returns the row's line.
    fn set_cell(&mut self, file: &'static str, needle: &str, column: &str, value: &str) -> u64 {
        let line = self.line_of(file, needle);
        let text = self.text(file);
        let header = text.lines().find(|l| !l.starts_with('#')).expect("header");
        let index = header.split(',').position(|c| c == column).unwrap_or_else(|| panic!("no column {column}"));
        let edited: Vec<String> = text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                if i as u64 + 1 == line {
                    let mut cells: Vec<&str> = l.split(',').collect();
                    cells[index] = value;
                    cells.join(",")
                } else {
                    l.to_string()
                }
            })
            .collect();
        self.texts.insert(file, edited.join("\n") + "\n");
        line
    }

    fn header_line(&self, file: &str) -> u64 {
        self.text(file).lines().position(|l| !l.starts_with('#')).expect("header") as u64 + 1
    }
}

#[track_caller]
fn assert_at(err: &DataError, file: &str, line: u64, field: &str, message_part: &str) {
    assert_eq!((err.file(), err.line(), err.field()), (file, Some(line), Some(field)), "{err}");
    assert!(err.to_string().contains(message_part), "'{err}' should contain '{message_part}'");
    assert!(err.to_string().starts_with(&format!("{file} line {line}, field {field}: ")), "{err}");
}

#[test]
fn the_unedited_files_load() {
    assert!(Files::embedded().load().is_ok());
}

#[test]
fn bad_dice() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "FR,France,150,", "attack", "2d");
    let err = files.error();
    assert_at(&err, "cards.csv", line, "attack", "'2d' is not dice like 2d8");
}

#[test]
fn dice_with_an_unknown_die_size() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::DISTANT_LANDS_CARDS_FILE, "SW,Sweden,484,", "bombard", "2d12");
    assert_at(&files.error(), "distant_lands_cards.csv", line, "bombard", "'2d12' is not dice");
}

#[test]
fn a_unit_with_four_cards() {
    let mut files = Files::embedded();
    files.remove_line(data::CARDS_FILE, "FR,France,151,");
    let last = files.line_of(data::CARDS_FILE, "FR,France,154,");
    assert_at(&files.error(), "cards.csv", last, "name", "Imperial Guard of France has 4 unit cards");
}

#[test]
fn a_unit_with_six_cards() {
    let mut files = Files::embedded();
    let line = files.append_line(data::CARDS_FILE, "FR,France,900,unit,,Imperial Guard,2d8,7,,,,,,1,,,,,,,,,");
    assert_at(&files.error(), "cards.csv", line, "name", "already has 5 unit cards");
}

#[test]
fn an_army_with_19_hq_cards() {
    let mut files = Files::embedded();
    files.remove_line(data::DISTANT_LANDS_CARDS_FILE, "TO,Tokugawa Shogunate,719,");
    let last = files.line_of(data::DISTANT_LANDS_CARDS_FILE, "TO,Tokugawa Shogunate,718,");
    assert_at(&files.error(), "distant_lands_cards.csv", last, "card_kind", "has 19 HQ cards");
}

#[test]
fn an_army_with_21_hq_cards() {
    let mut files = Files::embedded();
    let line = files.append_line(data::CARDS_FILE, "US,United States,901,hq,Supply,Supply,,,,,,,,0,,,,,,,,,");
    assert_at(&files.error(), "cards.csv", line, "card_kind", "already has 20 HQ cards");
}

#[test]
fn an_army_with_seven_units() {
    let mut files = Files::embedded();
    files.remove_line(data::UNITS_FILE, "Volunteer Cavalry");
    let last = files.line_of(data::UNITS_FILE, "22nd Infantry Regiment");
    assert_at(&files.error(), "units.csv", last, "unit_name", "United States has 7 units");
}

#[test]
fn unknown_terrain_on_the_map() {
    let mut files = Files::embedded();
    let line = files.replace(data::MAP_SECTIONS_FILE, "\n17,3,1,Clear\n", "\n17,3,1,Forest\n") + 1;
    assert_at(&files.error(), "map_sections.csv", line, "terrain", "'Forest' is not a terrain type");
}

#[test]
fn a_map_section_missing_a_square() {
    let mut files = Files::embedded();
    files.remove_line(data::MAP_SECTIONS_FILE, "24,2,2,");
    let last = files.line_of(data::MAP_SECTIONS_FILE, "24,3,3,");
    assert_at(&files.error(), "map_sections.csv", last, "row", "section 24 has no square at row 2, col 2");
}

#[test]
fn a_map_square_given_twice() {
    let mut files = Files::embedded();
    let line = files.append_line(data::MAP_SECTIONS_FILE, "3,0,0,Clear");
    assert_at(&files.error(), "map_sections.csv", line, "col", "section 3 already has a square at row 0, col 0");
}

#[test]
fn unknown_hq_type() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "US,United States,473,", "hq_type", "Spy Network");
    assert_at(&files.error(), "cards.csv", line, "hq_type", "'Spy Network' is not an HQ card type");
}

#[test]
fn missing_column() {
    let mut files = Files::embedded();
    // Drop the last column (nationality) from the header and from every row of units.csv.
    let text = files.text(data::UNITS_FILE);
    let edited: Vec<String> = text
        .lines()
        .map(|l| if l.starts_with('#') { l.to_string() } else { l.rsplit_once(',').map_or(l, |(k, _)| k).to_string() })
        .collect();
    files.texts.insert(data::UNITS_FILE, edited.join("\n") + "\n");
    let header = files.header_line(data::UNITS_FILE);
    assert_at(&files.error(), "units.csv", header, "nationality", "the header has no such column");
}

#[test]
fn unknown_column() {
    let mut files = Files::embedded();
    let header = files.replace(data::CARDS_FILE, ",defense,", ",defence,");
    assert_at(&files.error(), "cards.csv", header, "defence", "unknown column");
}

#[test]
fn a_row_with_too_few_cells() {
    let mut files = Files::embedded();
    let line = files.replace(data::NATIONS_FILE, "\nFR,France,11,0", "\nFR,France,11") + 1;
    assert_at(&files.error(), "nations.csv", line, "provisional", "the row has 3 cells but the header has 4");
}

#[test]
fn leader_unit_naming_no_unit() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::DISTANT_LANDS_CARDS_FILE, ",Date Masamune,", "leader_unit", "Date Clan");
    assert_at(&files.error(), "distant_lands_cards.csv", line, "leader_unit", "'Date Clan' is not a unit of Tokugawa");
}

#[test]
fn a_single_unit_leader_commanding_two() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::DISTANT_LANDS_CARDS_FILE, ",Date Masamune,", "leader_command", "2");
    assert_at(&files.error(), "distant_lands_cards.csv", line, "leader_command", "commands a single unit");
}

#[test]
fn a_terrain_missing_from_terrain_toml() {
    let mut files = Files::embedded();
    let text = files.text(data::TERRAIN_FILE);
    let cut = text.find("[Lake]").expect("[Lake]");
    let edited = text[..cut].to_string();
    let last = edited.lines().count() as u64;
    files.texts.insert(data::TERRAIN_FILE, edited);
    assert_at(&files.error(), "terrain.toml", last, "Lake", "there is no [Lake] table");
}

#[test]
fn an_unknown_terrain_table() {
    let mut files = Files::embedded();
    let line = files.replace(data::TERRAIN_FILE, "[Lake]", "[Swamp]");
    assert_at(&files.error(), "terrain.toml", line, "Swamp", "'Swamp' is not a terrain type");
}

#[test]
fn a_terrain_value_of_the_wrong_type() {
    let mut files = Files::embedded();
    let line = files.replace(data::TERRAIN_FILE, "defense = 3", "defense = \"3\"");
    assert_at(&files.error(), "terrain.toml", line, "defense", "must be a whole number from 0 to 9");
}

#[test]
fn a_terrain_key_missing() {
    let mut files = Files::embedded();
    let text = files.text(data::TERRAIN_FILE);
    let town = text.find("[Town]").expect("[Town]");
    let key = town + text[town..].find("rocket_high_ground = false\n").expect("key");
    let edited = format!("{}{}", &text[..key], &text[key + "rocket_high_ground = false\n".len()..]);
    files.texts.insert(data::TERRAIN_FILE, edited);
    let header = files.line_of(data::TERRAIN_FILE, "[Town]");
    assert_at(&files.error(), "terrain.toml", header, "rocket_high_ground", "missing from [Town]");
}

#[test]
fn an_unknown_terrain_key_and_a_bad_provisional_name() {
    let mut files = Files::embedded();
    let line = files.replace(data::TERRAIN_FILE, "[Woods]\n", "[Woods]\nmovement_cost = 2\n") + 1;
    assert_at(&files.error(), "terrain.toml", line, "movement_cost", "unknown key in [Woods]");

    let mut files = Files::embedded();
    let text = files.text(data::TERRAIN_FILE);
    let clear = text.find("[Clear]").expect("[Clear]");
    let at = clear + text[clear..].find("provisional = []").expect("provisional");
    let edited = format!("{}provisional = [\"defence\"]{}", &text[..at], &text[at + "provisional = []".len()..]);
    files.texts.insert(data::TERRAIN_FILE, edited);
    let line = files.text(data::TERRAIN_FILE)[..at].matches('\n').count() as u64 + 1;
    assert_at(&files.error(), "terrain.toml", line, "provisional", "'defence' is not a field");
}

#[test]
fn a_toml_syntax_error() {
    let mut files = Files::embedded();
    let line = files.replace(data::TERRAIN_FILE, "rocket_high_ground = true", "rocket_high_ground = yes");
    assert_at(&files.error(), "terrain.toml", line, "rocket_high_ground", "not valid TOML");
}

#[test]
fn a_secondary_effect_on_an_hq_card() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::DISTANT_LANDS_CARDS_FILE, "IN,India,585,", "secondary", "guerrillas");
    assert!(files.text(data::DISTANT_LANDS_CARDS_FILE).lines().nth(line as usize - 1).unwrap().contains(",hq,"));
    assert_at(&files.error(), "distant_lands_cards.csv", line, "secondary", "an HQ card has no secondary value");
}

#[test]
fn a_secondary_effect_on_a_leader_card() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::DISTANT_LANDS_CARDS_FILE, ",Tipu Sultan,", "secondary", "redoubt");
    assert_at(&files.error(), "distant_lands_cards.csv", line, "secondary", "a leader card has no secondary value");
}

#[test]
fn an_unknown_secondary_effect() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "FR,France,150,", "secondary", "sabotage");
    assert_at(
        &files.error(),
        "cards.csv",
        line,
        "secondary",
        "'sabotage' must be guerrillas, redoubt or committed-attack",
    );
}

#[test]
fn a_redoubt_secondary_effect_without_its_nationality() {
    let mut files = Files::embedded();
    let needle = ",redoubt,Punjab,";
    let line = files.set_cell(data::DISTANT_LANDS_CARDS_FILE, needle, "nationality", "");
    assert_at(&files.error(), "distant_lands_cards.csv", line, "nationality", "Redoubt secondary effect");
}

#[test]
fn a_unit_card_of_another_nationality() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::DISTANT_LANDS_CARDS_FILE, ",redoubt,Punjab,", "nationality", "Mysore");
    assert_at(&files.error(), "distant_lands_cards.csv", line, "nationality", "differs from the nationality");
}

#[test]
fn an_indian_leader_of_an_unknown_nationality() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::DISTANT_LANDS_CARDS_FILE, ",Tipu Sultan,", "nationality", "Bengal");
    assert_at(&files.error(), "distant_lands_cards.csv", line, "nationality", "'Bengal' is not the nationality");
}

#[test]
fn an_indian_leader_without_a_nationality() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::DISTANT_LANDS_CARDS_FILE, ",Tipu Sultan,", "nationality", "");
    assert_at(&files.error(), "distant_lands_cards.csv", line, "nationality", "each leader names the one");
}

#[test]
fn a_base_leader_with_a_nationality() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, ",Napoleon Bonaparte,", "nationality", "Corsica");
    assert_at(&files.error(), "cards.csv", line, "nationality", "no unit of France has a nationality");
}

#[test]
fn an_indian_unit_without_a_nationality() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::DISTANT_LANDS_UNITS_FILE, ",Maratha Infantry,", "nationality", "");
    assert_at(&files.error(), "distant_lands_units.csv", line, "nationality", "needs one too");
}

#[test]
fn leader_values_out_of_range() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, ",Napoleon Bonaparte,", "leader_command", "5");
    assert_at(&files.error(), "cards.csv", line, "leader_command", "'5' is not a whole number from 1 to 4");

    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, ",Napoleon Bonaparte,", "leader_rally_max", "7");
    assert_at(&files.error(), "cards.csv", line, "leader_rally_max", "'7' must be a number from 1 to 6, or auto");

    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, ",Napoleon Bonaparte,", "leader_rally_max", "sometimes");
    assert_at(&files.error(), "cards.csv", line, "leader_rally_max", "or auto");

    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, ",Napoleon Bonaparte,", "special", "old_guard");
    assert_at(&files.error(), "cards.csv", line, "special", "'old_guard' is unknown");
}

#[test]
fn unit_card_values_out_of_range() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "FR,France,154,", "range", "7");
    assert_at(&files.error(), "cards.csv", line, "range", "'7' is not a whole number from 0 to 6");

    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "FR,France,120,", "pursuit_max", "9");
    assert_at(&files.error(), "cards.csv", line, "pursuit_max", "from 0 to 6");

    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "US,United States,455,", "withdraw_max", "-1");
    assert_at(&files.error(), "cards.csv", line, "withdraw_max", "from 0 to 6");
}

#[test]
fn pursuit_on_an_infantry_card() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "FR,France,150,", "pursuit_max", "3");
    assert_at(&files.error(), "cards.csv", line, "pursuit_max", "only cavalry has a pursuit value");
}

#[test]
fn a_bombard_card_without_range() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "FR,France,154,", "range", "");
    assert_at(&files.error(), "cards.csv", line, "range", "needs a range of 1 or more");
}

#[test]
fn a_unit_card_naming_no_unit() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "FR,France,150,", "name", "Old Guard");
    assert_at(&files.error(), "cards.csv", line, "name", "'Old Guard' is not a unit of France");
}

#[test]
fn an_ambush_card_without_dice() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "US,United States,465,", "attack", "");
    assert_at(&files.error(), "cards.csv", line, "attack", "an Ambush card needs its attack dice");
}

#[test]
fn dice_on_an_hq_card_that_is_not_an_ambush() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "US,United States,475,", "attack", "1d10");
    assert_at(&files.error(), "cards.csv", line, "attack", "a Supply card has no attack value");
}

#[test]
fn a_duplicate_card_id() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::DISTANT_LANDS_CARDS_FILE, "SW,Sweden,480,", "card_id", "0");
    assert_at(&files.error(), "distant_lands_cards.csv", line, "card_id", "0 is already used on cards.csv line");
}

#[test]
fn an_unknown_nation_code() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::UNITS_FILE, ",Russian Guard,", "nation_code", "XX");
    assert_at(&files.error(), "units.csv", line, "nation_code", "'XX' is not a nation code");
}

#[test]
fn a_reduced_strength_not_below_full() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::UNITS_FILE, ",Russian Guard,", "reduced_strength", "8");
    assert_at(&files.error(), "units.csv", line, "reduced_strength", "must be lower than the full strength (8)");
}

#[test]
fn two_nations_with_the_same_tiebreak() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::NATIONS_FILE, "FR,France,", "tiebreak", "0");
    assert_at(&files.error(), "nations.csv", line, "tiebreak", "already India's place");
}

#[test]
fn a_bad_provisional_flag() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::NATIONS_FILE, "SW,Sweden,", "provisional", "yes");
    assert_at(&files.error(), "nations.csv", line, "provisional", "'yes' must be 1 (yes) or 0 (no)");
}

#[test]
fn too_few_hq_types() {
    // Turn every non-leader HQ card of the Ottomans (Committed Attack, Regroup, Withdraw) into Regroup.
    let mut files = Files::embedded();
    for id in 219..=227 {
        files.set_cell(data::CARDS_FILE, &format!("OT,Ottoman Empire,{id},"), "hq_type", "Regroup");
    }
    let last = files.line_of(data::CARDS_FILE, "OT,Ottoman Empire,227,");
    assert_at(&files.error(), "cards.csv", last, "hq_type", "has HQ cards of 1 kinds besides Leaders");
}

/// Rewrites every line of a file through `edit`.
fn edit_lines(files: &mut Files, file: &'static str, edit: impl Fn(&str) -> String) {
    let edited: Vec<String> = files.text(file).lines().map(edit).collect();
    files.texts.insert(file, edited.join("\n") + "\n");
}

/// The map row of `section`'s square at `row`, `col`, as the shipped file writes it.
fn square_row(files: &Files, section: u8, row: u8, col: u8) -> String {
    let start = format!("{section},{row},{col},");
    files.text(data::MAP_SECTIONS_FILE).lines().find(|l| l.starts_with(&start)).expect("a map row").to_string()
}

#[test]
fn fewer_than_four_map_sections() {
    let mut files = Files::embedded();
    let keep = |l: &str| ["1,", "2,", "3,"].iter().any(|p| l.starts_with(p)) || !l.starts_with(char::is_numeric);
    edit_lines(&mut files, data::MAP_SECTIONS_FILE, |l| if keep(l) { l.to_string() } else { "# cut".into() });
    let last = files.line_of(data::MAP_SECTIONS_FILE, "3,3,3,");
    assert_at(&files.error(), "map_sections.csv", last, "section", "only 3 map sections are listed (1, 2, 3)");

    // Four sections are enough for a battlefield.
    let mut four = Files::embedded();
    let keep = |l: &str| ["1,", "2,", "3,", "4,"].iter().any(|p| l.starts_with(p)) || !l.starts_with(char::is_numeric);
    edit_lines(&mut four, data::MAP_SECTIONS_FILE, |l| if keep(l) { l.to_string() } else { "# cut".into() });
    assert_eq!(four.load().unwrap().sections.len(), 4);
}

#[test]
fn a_map_no_unit_can_enter() {
    let mut files = Files::embedded();
    edit_lines(&mut files, data::MAP_SECTIONS_FILE, |l| match l.rsplit_once(',') {
        Some((place, _)) if l.starts_with(char::is_numeric) => format!("{place},Lake"),
        _ => l.to_string(),
    });
    let last = files.text(data::MAP_SECTIONS_FILE).lines().count() as u64;
    assert_at(
        &files.error(),
        "map_sections.csv",
        last,
        "terrain",
        "no square of any section can be entered by a unit: the terrain used (Lake) has enter = false in terrain.toml",
    );
}

#[test]
fn no_terrain_a_unit_can_stand_on() {
    let mut files = Files::embedded();
    edit_lines(&mut files, data::TERRAIN_FILE, |l| l.replace("enter = true", "enter = false"));
    let last = files.text(data::TERRAIN_FILE).lines().enumerate().filter(|(_, l)| l.starts_with("enter ")).last();
    let line = last.expect("an enter key").0 as u64 + 1;
    assert_at(&files.error(), "terrain.toml", line, "enter", "there is no square a unit can stand on");
}

#[test]
fn two_sections_that_leave_too_few_home_squares() {
    // Section 21 has 6 open squares along its left edge (two Lakes). Flooding six of the eight
    // squares along section 1's top edge leaves 2 + 6 = 8: just enough for eight units.
    let mut files = Files::embedded();
    let flood = |files: &mut Files, squares: &[(u8, u8)]| {
        for &(r, c) in squares {
            let row = square_row(files, 1, r, c);
            let (place, _) = row.rsplit_once(',').unwrap();
            files.replace(data::MAP_SECTIONS_FILE, &format!("\n{row}\n"), &format!("\n{place},Lake\n"));
        }
    };
    flood(&mut files, &[(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1)]);
    assert!(files.load().is_ok(), "eight open home squares are enough");
    flood(&mut files, &[(1, 2)]);
    let first = files.line_of(data::MAP_SECTIONS_FILE, "1,0,0,Lake");
    assert_at(
        &files.error(),
        "map_sections.csv",
        first,
        "terrain",
        "section 1 has only 1 square a unit can enter along its top edge, and section 21 6 squares along its left \
         edge; placed side by side at a player's starting edge they leave 7 squares for the 8 units",
    );
}

#[test]
fn control_characters_in_names_are_refused_where_they_are() {
    let mut files = Files::embedded();
    let line = files.replace(data::UNITS_FILE, "FR,France,Imperial Guard,", "FR,France,Imperial\tGuard,");
    assert_at(&files.error(), "units.csv", line, "unit_name", "holds the invisible character U+0009");

    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "FR,France,167,", "name", "Michel\u{7}Ney");
    assert_at(&files.error(), "cards.csv", line, "name", "U+0007");

    // A line break inside a quoted cell is a control character too.
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "FR,France,167,", "name", "\"Michel\nNey\"");
    assert_at(&files.error(), "cards.csv", line, "name", "U+000A");

    // A mark that turns the text around could make one name pass for another.
    let mut files = Files::embedded();
    let line = files.set_cell(data::NATIONS_FILE, "FR,France,", "name", "Fr\u{202e}ance");
    assert_at(&files.error(), "nations.csv", line, "name", "U+202E");

    let mut files = Files::embedded();
    let row = files.text(data::DISTANT_LANDS_UNITS_FILE).lines().find(|l| l.starts_with("IN,")).unwrap().to_string();
    let nationality = row.rsplit(',').next().unwrap().to_string();
    assert!(!nationality.is_empty(), "Indian units have a nationality: {row}");
    let edited = format!("{}\u{1b}", row);
    let line = files.replace(data::DISTANT_LANDS_UNITS_FILE, &format!("{row}\n"), &format!("{edited}\n"));
    assert_at(&files.error(), "distant_lands_units.csv", line, "nationality", "U+001B");

    // A note is never shown, so it may hold anything.
    let mut files = Files::embedded();
    let header = files.header_line(data::NATIONS_FILE);
    let lines: Vec<String> = files
        .text(data::NATIONS_FILE)
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i as u64 + 1 == header {
                format!("{l},note")
            } else if i as u64 + 1 > header && !l.starts_with('#') {
                format!("{l},tab\there")
            } else {
                l.to_string()
            }
        })
        .collect();
    files.texts.insert(data::NATIONS_FILE, lines.join("\n") + "\n");
    assert!(files.load().is_ok());
}

#[test]
fn an_empty_name_is_refused() {
    let mut files = Files::embedded();
    let line = files.set_cell(data::CARDS_FILE, "FR,France,167,", "name", "  ");
    assert_at(&files.error(), "cards.csv", line, "name", "must not be empty");
    let mut files = Files::embedded();
    let line = files.set_cell(data::NATIONS_FILE, "FR,France,", "name", "");
    assert_at(&files.error(), "nations.csv", line, "name", "must not be empty");
}

#[test]
fn a_single_nation_cannot_make_a_game() {
    let mut files = Files::embedded();
    edit_lines(&mut files, data::NATIONS_FILE, |l| {
        if l.starts_with(char::is_uppercase) && !l.starts_with("code") && !l.starts_with("FR,") {
            "# cut".into()
        } else {
            l.to_string()
        }
    });
    let line = files.line_of(data::NATIONS_FILE, "FR,France,");
    assert_at(&files.error(), "nations.csv", line, "code", "France is the only nation listed; a game needs two");
}

#[test]
fn at_most_255_nations() {
    let mut files = Files::embedded();
    let mut text = String::from("code,name,tiebreak,provisional\n");
    for i in 0..=255u32 {
        text.push_str(&format!("N{i},Nation {i},{i},0\n"));
    }
    files.texts.insert(data::NATIONS_FILE, text);
    assert_at(&files.error(), "nations.csv", 257, "code", "a data set holds at most 255 nations");
}

#[test]
fn nations_that_read_alike_are_refused() {
    // Players give a nation by code or name in any case, so "FRANCE" would be France again.
    let mut files = Files::embedded();
    let austria = files.set_cell(data::NATIONS_FILE, "AU,Austria,", "name", "FRANCE");
    let france = files.line_of(data::NATIONS_FILE, "FR,France,");
    assert!(austria < france, "Austria is listed before France");
    assert_at(&files.error(), "nations.csv", france, "name", &format!("'France' is already used on line {austria}"));

    // Austria comes first in the file, so France's code is the one that clashes with Austria's new name.
    let mut files = Files::embedded();
    files.set_cell(data::NATIONS_FILE, "AU,Austria,", "name", "fr");
    let france = files.line_of(data::NATIONS_FILE, "FR,France,");
    assert_at(&files.error(), "nations.csv", france, "code", "'FR' is already used on line");
    assert!(files.error().to_string().ends_with("(nations are found by code or name, in any case)"));
}

#[test]
fn unit_names_that_differ_only_by_case_are_refused() {
    let mut files = Files::embedded();
    let line = files.replace(data::UNITS_FILE, "FR,France,Guard Cavalry,", "FR,France,IMPERIAL GUARD,");
    let guard = files.line_of(data::UNITS_FILE, "FR,France,Imperial Guard,");
    // Whichever of the two comes second is the one refused.
    let second = line.max(guard);
    assert_at(&files.error(), "units.csv", second, "unit_name", "is already a unit on units.csv line");
}

#[test]
fn invisible_characters_in_map_cells_and_terrain_names_are_shown_escaped() {
    let mut files = Files::embedded();
    let row = square_row(&files, 2, 1, 1);
    let (place, terrain) = row.rsplit_once(',').unwrap();
    let line =
        files.replace(data::MAP_SECTIONS_FILE, &format!("\n{row}\n"), &format!("\n{place},{terrain}\u{7f}\n")) + 1;
    assert_at(&files.error(), "map_sections.csv", line, "terrain", "holds the invisible character U+007F");

    // A quoted TOML table name may hold anything; the error writes the bell as \u{7}.
    let mut files = Files::embedded();
    let line = files.replace(data::TERRAIN_FILE, "\n[Clear]\n", "\n[\"Cl\\u0007ear\"]\n") + 1;
    let err = files.error();
    assert_eq!((err.file(), err.line(), err.field()), ("terrain.toml", Some(line), Some("Cl\\u{7}ear")), "{err}");
    assert!(!err.to_string().contains('\u{7}'), "{err}");
}
