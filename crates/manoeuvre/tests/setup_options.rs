//! The options of a new game: every wrong value is refused with the option named and what it
//! accepts, unknown options and map fields are refused by name, and the JSON that saved records hold
//! (written by the code before the options were read by hand) still reads to the same setup.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use engine::{ChanceMode, Game, Record, Session};
use manoeuvre::setup::RandomWord;
use manoeuvre::{HandMode, Manoeuvre, ManoeuvreSetup, MapChoice, MapSetup, Scenario};
use serde_json::{Value, json};

/// The message the options give, as the protocol and the API read them (`serde_json::from_value`).
fn error(options: Value) -> String {
    match serde_json::from_value::<ManoeuvreSetup>(options.clone()) {
        Ok(setup) => panic!("{options} should be refused, but read as {setup:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_map_that_is_not_a_battlefield() {
    let forms = r#"give "random" or {"sections": [four section numbers], "turns": [four quarter turns, 0 to 3], "second_player_edge": "top", "right", "bottom" or "left"}"#;
    assert_eq!(error(json!({"map": 5})), format!("map: 5 is not a battlefield; {forms}"));
    assert_eq!(error(json!({"map": "Random"})), format!("map: \"Random\" is not a battlefield; {forms}"));
    assert_eq!(error(json!({"map": [1, 2, 3, 4]})), format!("map: [1,2,3,4] is not a battlefield; {forms}"));
    assert!(!error(json!({"map": 5})).contains("untagged"));
}

#[test]
fn the_fields_of_a_fixed_map() {
    assert_eq!(
        error(json!({"map": {"turns": [0, 0, 0, 0]}})),
        "map.sections: missing; a fixed map names its four sections, like [1, 5, 9, 13]"
    );
    assert_eq!(
        error(json!({"map": {"sections": [1, 2]}})),
        "map.sections: [1,2] lists 2 map sections; give exactly 4, like [1, 5, 9, 13]"
    );
    assert_eq!(
        error(json!({"map": {"sections": "1 2 3 4"}})),
        "map.sections: \"1 2 3 4\" is not a list of 4 map sections; give one like [1, 5, 9, 13]"
    );
    assert_eq!(
        error(json!({"map": {"sections": [1, 300, 3, 4]}})),
        "map.sections[1]: 300 is not a map section number (1 to 255)"
    );
    assert_eq!(
        error(json!({"map": {"sections": [1, 2, 0, 4]}})),
        "map.sections[2]: 0 is not a map section number (1 to 255)"
    );
    assert_eq!(
        error(json!({"map": {"sections": [1, 2, 3, 4], "turns": [0, 1, 5, 0]}})),
        "map.turns[2]: 5 is not a number of clockwise quarter turns (0 to 3)"
    );
    assert_eq!(
        error(json!({"map": {"sections": [1, 2, 3, 4], "turns": [0, 1, -1, 0]}})),
        "map.turns[2]: -1 is not a number of clockwise quarter turns (0 to 3)"
    );
    assert_eq!(
        error(json!({"map": {"sections": [1, 2, 3, 4], "second_player_edge": "up"}})),
        "map.second_player_edge: \"up\" is not an edge of the layout (\"top\", \"right\", \"bottom\" or \"left\")"
    );
    assert_eq!(
        error(json!({"map": {"sections": [1, 2, 3, 4], "edge": "top"}})),
        "map: unknown field \"edge\"; a fixed map has sections, turns, second_player_edge"
    );
}

#[test]
fn armies_hand_modes_and_flags() {
    assert_eq!(
        error(json!({"armies": "FR,BR"})),
        "armies: \"FR,BR\" is not a list of 2 nations; give one like [\"FR\", \"BR\"]"
    );
    assert_eq!(
        error(json!({"armies": ["FR", "BR", "AU"]})),
        "armies: [\"FR\",\"BR\",\"AU\"] lists 3 nations; give exactly 2, like [\"FR\", \"BR\"]"
    );
    assert_eq!(
        error(json!({"armies": ["FR", 7]})),
        "armies[1]: 7 is not a nation; give its code or name as a string, like \"FR\""
    );
    assert_eq!(
        error(json!({"hand_modes": "x"})),
        "hand_modes: \"x\" is not a list of 2 hand modes; give one like [\"hand\", \"display\"]"
    );
    assert_eq!(
        error(json!({"hand_modes": ["hand", "x"]})),
        "hand_modes[1]: \"x\" is not a hand mode (\"hand\" or \"display\")"
    );
    assert_eq!(error(json!({"quick_start": "yes"})), "quick_start: \"yes\" is not true or false");
    assert_eq!(error(json!({"tournament": 1})), "tournament: 1 is not true or false");
    assert_eq!(error(json!({"data_dir": 5})), "data_dir: 5 is not a directory; give its path as a string");
    assert!(error(json!({"scenario": 5})).starts_with("scenario: "));
}

#[test]
fn unknown_options_are_refused_by_name() {
    assert_eq!(
        error(json!({"see": 5})),
        "unknown option \"see\"; the options of Manoeuvre are: armies, map, hand_modes, quick_start, \
         tournament, scenario, data_dir"
    );
    // A likely typo is answered with the nearest name, at the top and inside the map.
    assert!(
        error(json!({"quick_strat": true}))
            .starts_with("unknown option \"quick_strat\" (did you mean \"quick_start\"?)")
    );
    assert!(
        error(json!({"map": {"sections": [1, 2, 3, 4], "turn": [0, 0, 0, 0]}}))
            .starts_with("map: unknown field \"turn\" (did you mean \"turns\"?)")
    );
    assert_eq!(error(json!(5)), "options: 5 is not an object of options, like {\"armies\": [\"FR\", \"BR\"]}");
    // A long value is cut short in the message.
    let long = "x".repeat(500);
    let message = error(json!({ "map": long }));
    assert!(message.len() < 400 && message.contains("…"), "{message}");
}

#[test]
fn the_error_names_its_option_for_programs_too() {
    let err = ManoeuvreSetup::from_json(&json!({"map": {"sections": [1, 2, 3, 4], "turns": [0, 0, 9, 0]}}));
    assert_eq!(err.unwrap_err().option(), "map.turns[2]");
    let err = ManoeuvreSetup::from_json(&json!({"quick": true}));
    assert_eq!(err.unwrap_err().option(), "quick");
    let err = ManoeuvreSetup::from_json(&json!({"map": {"sections": [1, 2, 3, 4], "edge": "top"}}));
    assert_eq!(err.unwrap_err().option(), "map.edge");
}

#[test]
fn a_section_the_data_lacks_is_named_with_the_sections_there_are() {
    let setup = serde_json::from_value::<ManoeuvreSetup>(json!({"map": {"sections": [1, 2, 3, 99]}})).unwrap();
    let err = Manoeuvre::new(&setup).unwrap_err().to_string();
    assert_eq!(err, "bad setup: map.sections[3]: there is no map section 99 (the map has sections 1 to 24)");
}

#[test]
fn good_options_read_as_before() {
    let setup: ManoeuvreSetup = serde_json::from_value(json!({
        "armies": ["FR", "Great Britain"],
        "map": {"sections": [1, 5, 9, 13], "turns": [0, 1, 2, 3], "second_player_edge": "left"},
        "hand_modes": ["hand", "display"],
        "tournament": true,
        "data_dir": "/some/dir"
    }))
    .unwrap();
    assert_eq!(
        setup,
        ManoeuvreSetup {
            armies: Some(["FR".into(), "Great Britain".into()]),
            map: Some(MapChoice::Fixed(MapSetup {
                sections: [1, 5, 9, 13],
                turns: [0, 1, 2, 3],
                second_player_edge: "left".into()
            })),
            hand_modes: Some([HandMode::Hand, HandMode::Display]),
            quick_start: false,
            tournament: true,
            scenario: None,
            data_dir: Some("/some/dir".into()),
        }
    );
    // Turns and the edge may be left out; null stands for an absent option.
    let setup: ManoeuvreSetup = serde_json::from_value(json!({
        "armies": null, "map": {"sections": [1, 2, 3, 4]}, "hand_modes": null, "quick_start": true
    }))
    .unwrap();
    assert_eq!(
        setup.map,
        Some(MapChoice::Fixed(MapSetup { sections: [1, 2, 3, 4], turns: [0; 4], second_player_edge: "bottom".into() }))
    );
    assert!(setup.quick_start && setup.armies.is_none() && setup.hand_modes.is_none());
    let random: ManoeuvreSetup = serde_json::from_value(json!({"map": "random"})).unwrap();
    assert_eq!(random.map, Some(MapChoice::Random(RandomWord::Random)));
}

#[test]
fn every_setup_written_reads_back_the_same() {
    let scenario = Scenario::from_toml(include_str!("../scenarios/assault.toml")).unwrap();
    let setups = [
        ManoeuvreSetup::default(),
        ManoeuvreSetup {
            armies: Some(["AU".into(), "RU".into()]),
            map: Some(MapChoice::Random(RandomWord::Random)),
            hand_modes: Some([HandMode::Display, HandMode::Hand]),
            quick_start: true,
            tournament: true,
            scenario: None,
            data_dir: Some("data".into()),
        },
        ManoeuvreSetup {
            map: Some(MapChoice::Fixed(MapSetup {
                sections: [24, 3, 7, 11],
                turns: [3, 2, 1, 0],
                second_player_edge: "top".into(),
            })),
            ..ManoeuvreSetup::default()
        },
        ManoeuvreSetup { scenario: Some(scenario), ..ManoeuvreSetup::default() },
    ];
    for setup in setups {
        let text = serde_json::to_string(&setup).unwrap();
        let back: ManoeuvreSetup = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, setup, "{text}");
    }
}

#[test]
fn records_exported_before_the_options_were_read_by_hand_still_import() {
    // Exported by `cdgsolo protocol` (`new` then `export`) with the serde-derived options.
    let records = [
        ("defaults", include_str!("records/defaults.json")),
        ("fixed-map-tournament", include_str!("records/fixed-map-tournament.json")),
        ("random-map-quick-start", include_str!("records/random-map-quick-start.json")),
    ];
    for (name, text) in records {
        let value: Value = serde_json::from_str(text).unwrap();
        let record: Record<ManoeuvreSetup> = serde_json::from_value(json!({
            "format": value["format"], "seed": value["seed"], "chance": value["chance"],
            "setup": value["setup"], "log": value["log"],
        }))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(serde_json::to_value(&record.setup).unwrap(), value["setup"], "{name}: the setup writes the same");
        let steps = record.log.len();
        let session = Session::<Manoeuvre>::from_record(record).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(session.log().len() >= steps, "{name}: the whole log replays");
        assert_eq!(session.chance_mode(), ChanceMode::Auto);
    }
}
