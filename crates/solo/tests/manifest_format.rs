//! Deck manifests as files: the shipped ones and the template load, they hold the cards the
//! playsheets name, and every broken rule is reported with the file, the line and the field.

use solo::manifest::{self, OrderKind, TEMPLATE, template};
use solo::{Manifest, ManifestError, TableSetup, manifests, playsheet};

fn err(text: &str) -> ManifestError {
    match Manifest::from_toml("bad.toml", text) {
        Ok(m) => panic!("accepted an invalid manifest: {m:?}"),
        Err(e) => e,
    }
}

/// Asserts the error names `bad.toml`, the line and the field, and says `fragment`.
fn assert_error(text: &str, line: u64, field: &str, fragment: &str) {
    let e = err(text);
    let shown = e.to_string();
    assert_eq!(e.file, "bad.toml", "{shown}");
    assert_eq!(e.line, Some(line), "{shown}");
    assert_eq!(e.field, field, "{shown}");
    assert!(shown.starts_with(&format!("bad.toml line {line}, field {field}: ")), "{shown}");
    assert!(shown.contains(fragment), "'{fragment}' missing from: {shown}");
}

fn find<'a>(m: &'a Manifest, side: Option<&str>, number: u16) -> &'a solo::ManifestCard {
    m.cards
        .iter()
        .find(|c| c.number == Some(number) && c.side.as_deref() == side)
        .unwrap_or_else(|| panic!("{}: no card #{number} for {side:?}", m.game))
}

// ---- Shipped manifests ----

#[test]
fn every_shipped_manifest_loads_and_each_game_but_manoeuvre_has_one() {
    let all = manifests().expect("shipped manifests load");
    assert_eq!(all.len(), 9);
    for m in all {
        assert!(!m.cards.is_empty(), "{} lists no card", m.game);
        // Complete only where a public list gives every card with every fact the table uses.
        let complete = ["pursuit-of-glory", "barbarossa-to-berlin", "wilderness-war"].contains(&m.game.as_str());
        assert_eq!(m.complete, complete, "{}", m.game);
        assert_eq!(manifest::manifest(&m.game).expect("found by game id").game, m.game);
        playsheet(&m.game).expect("a shipped manifest names a shipped game");
        m.validate().expect("valid without its file too");
    }
    let e = manifest::manifest("manoeuvre").expect_err("the Manoeuvre playsheet names no numbered card");
    assert!(e.to_string().contains("no manifest ships for 'manoeuvre'"), "{e}");
}

#[test]
fn shipped_ops_and_cp_manifests_give_every_card_its_value_and_event_type() {
    for game in ["pursuit-of-glory", "barbarossa-to-berlin", "wilderness-war", "empire-of-the-sun", "1960"] {
        let m = manifest::manifest(game).expect("shipped");
        for card in &m.cards {
            // The one value no public list gives (the manifest's comment says so).
            let lacking =
                game == "empire-of-the-sun" && card.side.as_deref() == Some("Allies") && card.number == Some(2);
            assert_eq!(card.ops.is_none(), lacking, "{game}: {} #{:?}", card.name, card.number);
            assert_eq!(card.event, Some(true), "{game}: {}", card.name);
            assert_eq!(card.copies, 1, "{game}: {}", card.name);
            assert!(card.number.is_some(), "{game}: {}", card.name);
        }
    }
}

#[test]
fn shipped_manifests_size_each_deck_to_the_cards_they_list() {
    let sizes = |game: &str| {
        let m = manifest::manifest(game).expect("shipped");
        let sheet = playsheet(game).expect("shipped");
        (m.listed(&sheet), m.deck_sizes())
    };
    assert_eq!(sizes("pursuit-of-glory"), ([55, 55], None));
    assert_eq!(sizes("barbarossa-to-berlin"), ([55, 55], None));
    assert_eq!(sizes("wilderness-war"), ([70, 0], None));
    assert_eq!(sizes("empire-of-the-sun"), ([86, 84], Some([86, 84])));
    assert_eq!(sizes("1960"), ([97, 0], Some([97, 0])));
}

#[test]
fn the_pursuit_of_glory_manifest_holds_the_cards_its_sheet_names() {
    let m = manifest::manifest("pursuit-of-glory").expect("shipped");
    let ap = Some("Allied Powers");
    let cp = Some("Central Powers");
    assert_eq!(find(&m, ap, 1).name, "Russo-British Assault");
    assert_eq!(find(&m, ap, 18).name, "Lawrence");
    assert_eq!(find(&m, ap, 21).name, "No Prisoners");
    assert_eq!(find(&m, ap, 21).combat, Some(true));
    assert_eq!(find(&m, ap, 45).name, "Greece");
    assert_eq!(find(&m, cp, 3).name, "Enver to Constantinople");
    assert_eq!(find(&m, cp, 15).name, "Djemal Crushes Secret Societies");
    assert_eq!(find(&m, cp, 16).name, "King Constantine");
    assert_eq!(find(&m, cp, 20).name, "Jafar Pasha");
    assert_eq!(find(&m, cp, 20).combat, Some(true));
    assert_eq!(find(&m, cp, 48).name, "Robertson");
    for (n, name) in [(31, "Gorlice-Tarnow"), (32, "Verdun"), (50, "Kaiserschlacht")] {
        assert_eq!(find(&m, cp, n).name, name);
    }
    // The sheet's Central Powers setup picks among the 4 Ops Mobilization cards.
    let four_ops_mobilization: Vec<u16> = m
        .cards
        .iter()
        .filter(|c| c.side.as_deref() == cp && c.joins.is_none() && c.ops == Some(4))
        .filter_map(|c| c.number)
        .collect();
    assert_eq!(four_ops_mobilization, [1, 12, 13, 14]);
    // Each deck: 14 Mobilization cards, then 20 Limited War and 21 Total War cards waiting.
    for side in [ap, cp] {
        let part =
            |p: Option<&str>| m.cards.iter().filter(|c| c.side.as_deref() == side && c.joins.as_deref() == p).count();
        assert_eq!((part(None), part(Some("Limited War")), part(Some("Total War"))), (14, 20, 21));
    }
}

#[test]
fn the_other_numbered_manifests_hold_the_cards_their_sheets_name() {
    let eots = manifest::manifest("empire-of-the-sun").expect("shipped");
    for n in [17, 33, 47, 59] {
        find(&eots, Some("Japan"), n);
    }
    for n in [4, 52, 60, 67, 72] {
        find(&eots, Some("Allies"), n);
    }
    for (side, n) in [("Japan", 43), ("Allies", 30), ("Allies", 79)] {
        assert_eq!(find(&eots, Some(side), n).mandatory, Some(true), "{side} #{n}");
    }
    assert_eq!(find(&eots, Some("Japan"), 3).name, "Col. Tsuji");
    assert_eq!(find(&eots, Some("Japan"), 67).name, "Japanese Army/Navy Central Agreement");
    assert_eq!(find(&eots, Some("Japan"), 4).reaction, Some(true));
    assert_eq!(find(&eots, Some("Japan"), 3).ops, Some(2));

    let b2b = manifest::manifest("barbarossa-to-berlin").expect("shipped");
    assert_eq!(find(&b2b, Some("Axis"), 1).name, "Barbarossa");
    assert_eq!(find(&b2b, Some("Axis"), 2).name, "Von Paulus Pause");
    assert_eq!(find(&b2b, Some("Axis"), 26).name, "Totaler Krieg!");
    assert_eq!(find(&b2b, Some("Axis"), 50).name, "Foreign Armies East");
    assert_eq!(find(&b2b, Some("Axis"), 52).name, "Final Production Surge");
    for (n, name) in [(12, "Bomber Command"), (24, "Soviet Reinforcements"), (25, "Enigma"), (48, "Bomb Plot")] {
        assert_eq!(find(&b2b, Some("Allied"), n).name, name);
    }
    for side in ["Axis", "Allied"] {
        let total_war = b2b.cards.iter().filter(|c| c.side.as_deref() == Some(side) && c.joins.is_some());
        assert!(total_war.clone().all(|c| c.number.is_some_and(|n| n >= 26)), "{side}");
        assert_eq!(total_war.count(), 30, "{side}");
    }

    let ww = manifest::manifest("wilderness-war").expect("shipped");
    assert_eq!(find(&ww, None, 6).name, "Surrender!");
    assert_eq!(find(&ww, None, 6).reaction, Some(true));
    assert_eq!(find(&ww, None, 35).name, "Courier Intercepted!");
    assert_eq!(find(&ww, None, 35).reaction, Some(false));
    for (n, name) in [(62, "Quiberon Bay"), (67, "William Pitt"), (69, "Diplomatic Revolution")] {
        assert_eq!(find(&ww, None, n).name, name);
        assert_eq!(find(&ww, None, n).removed_after_play, Some(true));
    }
    for n in [36, 37] {
        find(&ww, None, n);
    }

    let m1960 = manifest::manifest("1960").expect("shipped");
    for n in [14, 15, 16, 17] {
        assert!(find(&m1960, None, n).name.starts_with("Gathering Momentum"), "#{n}");
        assert_eq!(find(&m1960, None, n).ops, Some(4));
    }
    for (n, name) in [(27, "Nelson Rockefeller"), (29, "The Great Seal Bug"), (58, "Tricky Dick"), (94, "A Low Blow")] {
        assert_eq!(find(&m1960, None, n).name, name);
    }
    for n in [34, 53, 57, 66, 81, 91] {
        find(&m1960, None, n);
    }
}

#[test]
fn the_commands_and_colors_manifests_name_cards_without_numbers() {
    let named = |game: &str| -> Vec<String> {
        let m = manifest::manifest(game).expect("shipped");
        assert!(m.cards.iter().all(|c| c.number.is_none() && c.side.is_none()), "{game}");
        m.cards.iter().map(|c| c.name.clone()).collect()
    };
    let ancients = named("cc-epic-ancients");
    for name in ["First Strike", "I Am Spartacus", "Counter-attack", "Order One Unit Left", "Order Four Units Right"] {
        assert!(ancients.iter().any(|n| n == name), "{name}");
    }
    let m = manifest::manifest("cc-epic-ancients").expect("shipped");
    let order_one = m.cards.iter().find(|c| c.name == "Order One Unit Center").expect("listed");
    assert_eq!(order_one.order, Some(OrderKind::Section));
    let medieval = named("cc-medieval");
    for name in ["Ambush", "Cry Havoc", "Rally", "First Strike", "Scout"] {
        assert!(medieval.iter().any(|n| n == name), "{name}");
    }
    assert!(named("cc-napoleonics").iter().any(|n| n == "First Strike"));
    assert!(named("cc-napoleonics-epic").iter().any(|n| n == "Counter-attack"));
}

#[test]
fn the_template_loads_and_shows_every_field() {
    let t = template().expect("the template is a valid manifest");
    assert!(!t.cards.is_empty());
    for field in [
        "game",
        "title",
        "notes",
        "complete",
        "deck_size",
        "number",
        "name",
        "side",
        "ops",
        "order",
        "event",
        "reaction",
        "combat",
        "tactic",
        "mandatory",
        "removed_after_play",
        "hq",
        "unit",
        "copies",
        "kinds",
        "flank",
        "units",
        "units_equal_to_command",
        "copies_in_deck",
        "election_day",
    ] {
        assert!(TEMPLATE.contains(&format!("{field} = ")), "the template does not show {field}");
    }
}

// ---- Validation: every error names the file, the line and the field ----

const POG: &str = "game = \"pursuit-of-glory\"\n";

#[test]
fn an_unknown_game_is_refused_on_its_line() {
    assert_error("# my deck\n\ngame = \"pursuit-of-gory\"\n", 3, "game", "'pursuit-of-gory' is not a game id");
}

#[test]
fn an_ops_value_out_of_range_is_refused() {
    let text = format!("{POG}\n[[cards]]\nnumber = 1\nname = \"A\"\nside = \"Allied Powers\"\nops = 9\n");
    assert_error(&text, 7, "ops", "9 is not an Ops value (1-5)");
    let text = "game = \"1960\"\n[[cards]]\nnumber = 1\nname = \"A\"\nops = 0\n";
    assert_error(text, 5, "ops", "0 is not a CP value (1-5)");
}

#[test]
fn a_value_that_is_not_a_small_number_is_refused_by_the_reader() {
    let text = format!("{POG}[[cards]]\nnumber = 1\nname = \"A\"\nside = \"Allied Powers\"\nops = 300\n");
    assert_error(&text, 6, "ops", "expected a whole number");
    let text = format!("{POG}[[cards]]\nnumber = 1\nname = \"A\"\nside = \"Allied Powers\"\nevent = \"yes\"\n");
    assert_error(&text, 6, "event", "expected a boolean");
}

#[test]
fn a_missing_name_is_reported_at_its_card() {
    let text = format!("{POG}\n[[cards]]\nnumber = 1\nname = \"A\"\nside = \"Axis\"\n");
    assert_error(&text, 6, "side", "'Axis' is not a side of Pursuit of Glory");
    let text = format!("{POG}\n[[cards]]\nnumber = 1\nside = \"Allied Powers\"\n");
    assert_error(&text, 3, "name", "missing field `name`");
    let text = format!("{POG}\n[[cards]]\nnumber = 1\nname = \"  \"\nside = \"Allied Powers\"\n");
    assert_error(&text, 5, "name", "must not be empty");
}

#[test]
fn unknown_fields_are_refused() {
    let text = format!("{POG}[[cards]]\nnumber = 1\nname = \"A\"\nside = \"Allied Powers\"\nvp = 2\n");
    assert_error(&text, 6, "vp", "unknown field `vp`");
    assert_error(&format!("{POG}author = \"me\"\n"), 2, "author", "unknown field `author`");
}

#[test]
fn side_is_needed_exactly_for_dual_deck_games() {
    let text = format!("{POG}[[cards]]\nnumber = 1\nname = \"A\"\n");
    assert_error(&text, 3, "side", "say whose deck holds this card");
    let text = "game = \"wilderness-war\"\n[[cards]]\nnumber = 6\nname = \"A\"\nside = \"French\"\n";
    assert_error(text, 5, "side", "one shared deck, so cards take no side");
    // The side's name is matched whatever its case.
    Manifest::from_toml("ok.toml", &format!("{POG}[[cards]]\nnumber = 1\nname = \"A\"\nside = \"allied powers\"\n"))
        .expect("case does not matter");
}

#[test]
fn a_number_listed_twice_for_one_deck_is_refused_naming_both_lines() {
    let text = format!(
        "{POG}[[cards]]\nnumber = 21\nname = \"A\"\nside = \"Allied Powers\"\n\n\
         [[cards]]\nnumber = 21\nname = \"B\"\nside = \"Allied Powers\"\n"
    );
    assert_error(&text, 8, "number", "(first listed on line 3)");
    // The same number in the other side's deck is a different card.
    let text = format!(
        "{POG}[[cards]]\nnumber = 21\nname = \"A\"\nside = \"Allied Powers\"\n\n\
         [[cards]]\nnumber = 21\nname = \"B\"\nside = \"Central Powers\"\n"
    );
    Manifest::from_toml("ok.toml", &text).expect("numbers are per deck");
}

#[test]
fn unnumbered_cards_are_told_apart_by_name() {
    let text = "game = \"cc-medieval\"\n[[cards]]\nname = \"Scout\"\n[[cards]]\nname = \"scout\"\n";
    assert_error(text, 5, "name", "list it once with copies = N");
}

#[test]
fn number_and_copies_must_be_in_range() {
    assert_error("game = \"1960\"\n[[cards]]\nnumber = 0\nname = \"A\"\n", 3, "number", "0 is not a card number");
    assert_error(
        "game = \"1960\"\n[[cards]]\nnumber = 2\nname = \"A\"\ncopies = 0\n",
        5,
        "copies",
        "0 is not a number of copies",
    );
}

#[test]
fn a_later_part_of_the_deck_needs_a_short_one_line_name() {
    assert_error(
        "game = \"barbarossa-to-berlin\"\n[[cards]]\nnumber = 26\nname = \"A\"\nside = \"Axis\"\njoins = \" \"\n",
        6,
        "joins",
        "names the part of the deck",
    );
    let long = "x".repeat(41);
    let pog = "game = \"pursuit-of-glory\"\n[[cards]]\nnumber = 2\nname = \"A\"\nside = \"Allied Powers\"\n";
    assert_error(&format!("{pog}joins = \"{long}\"\n"), 6, "joins", "1 to 40 characters");
    let manifest = solo::Manifest::from_toml("ok.toml", &format!("{pog}joins = \"Limited War\"\n")).unwrap();
    assert_eq!(manifest.cards[0].joins.as_deref(), Some("Limited War"));
    // Only games whose rules add cards later take it, and Barbarossa to Berlin's part has one name.
    let text = "game = \"1960\"\n[[cards]]\nnumber = 2\nname = \"A\"\njoins = \"Late Campaign\"\n";
    assert_error(text, 5, "joins", "no rule that adds cards");
    let b2b = "game = \"barbarossa-to-berlin\"\n[[cards]]\nnumber = 26\nname = \"A\"\nside = \"Axis\"\n";
    assert_error(&format!("{b2b}joins = \"Total war\"\n"), 6, "joins", "joins = \"Total War\"");
}

#[test]
fn fields_must_suit_the_game() {
    // Order-count games take no Ops, and only they take an order kind.
    assert_error("game = \"cc-napoleonics\"\n[[cards]]\nname = \"A\"\nops = 2\n", 4, "ops", "order count");
    assert_error(
        "game = \"1960\"\n[[cards]]\nnumber = 1\nname = \"A\"\norder = \"section\"\n",
        5,
        "order",
        "only games that measure the lowest card by order count",
    );
    // Manoeuvre cards have no Ops.
    assert_error(
        "game = \"manoeuvre\"\n[[cards]]\nnumber = 1\nname = \"A\"\nside = \"First player\"\nops = 1\n",
        6,
        "ops",
        "carry no Ops or CP value",
    );
    // Card types follow the type Fate Die face 2 names.
    assert_error("game = \"cc-medieval\"\n[[cards]]\nname = \"A\"\nevent = true\n", 4, "event", "has no Event cards");
    assert_error(
        "game = \"1960\"\n[[cards]]\nnumber = 1\nname = \"A\"\ntactic = true\n",
        5,
        "tactic",
        "has no Tactic cards",
    );
    assert_error("game = \"1960\"\n[[cards]]\nnumber = 1\nname = \"A\"\nhq = false\n", 5, "hq", "has no HQ cards");
    assert_error("game = \"1960\"\n[[cards]]\nnumber = 1\nname = \"A\"\nunit = true\n", 5, "unit", "no unit cards");
}

#[test]
fn contradictory_flags_are_refused() {
    assert_error(
        "game = \"cc-medieval\"\n[[cards]]\nname = \"A\"\norder = \"tactic\"\ntactic = false\n",
        5,
        "tactic",
        "order = \"tactic\"",
    );
    assert_error(
        "game = \"manoeuvre\"\n[[cards]]\nnumber = 1\nname = \"A\"\nside = \"First player\"\nhq = true\nunit = true\n",
        7,
        "unit",
        "not both",
    );
}

#[test]
fn a_complete_manifest_needs_every_value() {
    let text = "game = \"1960\"\ncomplete = true\n[[cards]]\nnumber = 1\nname = \"A\"\nops = 2\n\
                [[cards]]\nnumber = 2\nname = \"B\"\n";
    assert_error(text, 8, "ops", "every card needs its CP value");
}

#[test]
fn deck_size_must_fit_the_game_and_the_listed_cards() {
    assert_error("game = \"1960\"\n\ndeck_size = [60, 60]\n", 3, "deck_size", "give one number");
    assert_error(&format!("{POG}deck_size = [60]\n"), 2, "deck_size", "give two numbers, Allied Powers first");
    assert_error("game = \"1960\"\ndeck_size = [5]\n", 2, "deck_size", "5 is not a deck size");
    let text = "game = \"1960\"\ndeck_size = [8]\n[[cards]]\nnumber = 1\nname = \"A\"\ncopies = 9\n";
    assert_error(text, 2, "deck_size", "the manifest lists 9");
}

#[test]
fn syntax_errors_name_the_line() {
    let e = err("game = \"1960\"\n[[cards]]\nnumber = 1\nname = \"A\n");
    assert_eq!(e.file, "bad.toml");
    assert_eq!(e.line, Some(4), "{e}");
    assert_eq!(e.field, "name", "{e}");
    let e = err("game = \"1960\"\n[[cards]]\nnumber = 1\nname = \"A\"\norder = \"sektion\"\n");
    assert_eq!((e.line, e.field.as_str()), (Some(5), "order"), "{e}");
    assert!(e.message.contains("unknown variant `sektion`"), "{e}");
}

#[test]
fn a_manifest_without_a_file_is_reported_by_field_path() {
    let mut m = manifest::manifest("wilderness-war").expect("shipped").as_ref().clone();
    m.cards[2].ops = Some(7);
    let e = m.validate().expect_err("7 Ops is out of range");
    assert_eq!(e.line, None);
    assert_eq!(e.field, "cards[2].ops");
    assert_eq!(e.to_string(), "manifest for 'wilderness-war', field cards[2].ops: 7 is not an Ops value (1-5)");
}

// ---- Saves ----

#[test]
fn setups_without_a_manifest_keep_their_saved_shape() {
    let setup = TableSetup::new("1960");
    let json = serde_json::to_value(&setup).expect("serializes");
    assert!(json.get("manifest").is_none(), "{json}");
    let old: TableSetup =
        serde_json::from_str(r#"{"game":"1960","hand_size":null,"deck_size":null}"#).expect("old saves load");
    assert_eq!(old, setup);
}

#[test]
fn setups_with_a_manifest_round_trip_through_json() {
    let m = manifest::manifest("pursuit-of-glory").expect("shipped").as_ref().clone();
    let setup = TableSetup::with_manifest(m);
    assert_eq!(setup.game, "pursuit-of-glory");
    let json = serde_json::to_string(&setup).expect("serializes");
    let back: TableSetup = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back, setup);
}

#[test]
fn a_catalogue_of_kinds_takes_what_a_kind_can_say_and_refuses_the_rest() {
    let cc = "game = \"cc-napoleonics\"\nkinds = true\n";
    // A Section card with its flank and units loads.
    let good =
        format!("{cc}[[cards]]\nname = \"Probe Left Flank\"\norder = \"section\"\nflank = \"left\"\nunits = 2\n");
    let m = solo::Manifest::from_toml("kinds.toml", &good).expect("a catalogue loads");
    assert!(m.kinds);
    let text = format!("{cc}[[cards]]\nname = \"Probe\"\norder = \"section\"\nunits = 12\n");
    assert_error(&text, 6, "units", "12 is not a number of units (1-9)");
    let text = format!("{cc}[[cards]]\nname = \"Assault\"\nunits = 3\nunits_equal_to_command = true\n");
    assert_error(&text, 5, "units", "either units = N or units_equal_to_command = true, not both");
    let text = format!("{cc}[[cards]]\nname = \"Charge\"\norder = \"tactic\"\nflank = \"left\"\n");
    assert_error(&text, 6, "flank", "only a Section card");
    let text = format!("{cc}[[cards]]\nnumber = 4\nname = \"Scout\"\n");
    assert_error(&text, 4, "number", "a catalogue of kinds (kinds = true) is for cards that carry no number");
    let text = format!("{cc}[[cards]]\nname = \"Scout\"\ncopies = 3\n");
    assert_error(&text, 5, "copies", "copies_in_deck = N");
    let text = "game = \"cc-napoleonics\"\n[[cards]]\nname = \"Scout\"\ncopies_in_deck = 3\n";
    assert_error(text, 4, "copies_in_deck", "only a catalogue of kinds");
    let text = format!("{POG}[[cards]]\nnumber = 1\nname = \"A\"\nside = \"Allied Powers\"\nunits = 2\n");
    assert_error(&text, 6, "units", "only the Commands & Colors games' cards order units");
    let text = format!("{cc}[[cards]]\nname = \"Scout\"\nflank = \"middle\"\n");
    assert_error(&text, 5, "flank", "unknown variant `middle`");
}

#[test]
fn election_day_is_a_1960_flag() {
    let text = format!("{POG}[[cards]]\nnumber = 1\nname = \"A\"\nside = \"Allied Powers\"\nelection_day = true\n");
    assert_error(&text, 6, "election_day", "only 1960 has Election Day events");
    let text = "game = \"1960\"\n[[cards]]\nnumber = 7\nname = \"Late Returns\"\nelection_day = true\n";
    assert!(solo::Manifest::from_toml("1960.toml", text).is_ok());
}
