//! The engine's conformance kit run on the card table of every shipped playsheet.

use engine::conformance::{Plan, check_random_play, check_random_play_from};
use engine::{ChanceMode, Game, Session};
use solo::{CardTable, TableSetup, apply_scenario, playsheets, scenarios};

#[test]
fn every_card_table_passes_the_conformance_kit() {
    for sheet in playsheets().expect("embedded playsheets load") {
        let setup = TableSetup::new(&sheet.id);
        let plan = Plan { seeds: 0..12, step_cap: 600, observe_every: 3 };
        let report = check_random_play::<CardTable>(&setup, &plan).unwrap_or_else(|e| panic!("{}: {e}", sheet.id));
        assert_eq!(report.games, 12);
        assert!(report.steps >= 12 * 600, "{}: games stopped early: {report:?}", sheet.id);
        assert!(report.resamples_that_changed > 0, "{}: hidden information was never redrawn", sheet.id);
    }
}

#[test]
fn card_tables_with_uneven_hands_pass_the_conformance_kit() {
    for id in ["cc-epic-ancients", "cc-medieval", "cc-napoleonics", "cc-napoleonics-epic"] {
        for hands in [[6, 4], [3, 8]] {
            let setup = TableSetup {
                game: id.into(),
                hand_size: Some(hands),
                deck_size: Some([40, 0]),
                manifest: None,
                physical: false,
                nations: 1,
            };
            let plan = Plan { seeds: 0..4, step_cap: 500, observe_every: 5 };
            check_random_play::<CardTable>(&setup, &plan).unwrap_or_else(|e| panic!("{id} {hands:?}: {e}"));
        }
    }
}

#[test]
fn small_decks_run_dry_and_recover() {
    for sheet in playsheets().expect("embedded playsheets load") {
        let setup = TableSetup {
            game: sheet.id.clone(),
            hand_size: None,
            deck_size: Some([9, 9]),
            manifest: None,
            physical: false,
            nations: 1,
        };
        let plan = Plan { seeds: 0..6, step_cap: 400, observe_every: 2 };
        check_random_play::<CardTable>(&setup, &plan).unwrap_or_else(|e| panic!("{} with tiny decks: {e}", sheet.id));
    }
}

#[test]
fn every_scenario_option_passes_the_conformance_kit() {
    let mut checked = 0;
    for sheet in playsheets().expect("embedded playsheets load") {
        for scenario in scenarios(&sheet.id) {
            // Scenarios that place named cards need the shipped manifest; the others run with it too.
            let setup = match solo::manifest(&sheet.id) {
                Ok(m) => TableSetup::with_manifest(m.as_ref().clone()),
                Err(_) => TableSetup::new(&sheet.id),
            };
            let plan = Plan { seeds: 0..6, step_cap: 400, observe_every: 2 };
            let start = |seed: u64| {
                let mut session = Session::<CardTable>::new(setup.clone(), seed, ChanceMode::Auto)
                    .map_err(|e| format!("setup failed: {e}"))?;
                apply_scenario(&mut session, scenario.id).map_err(|e| e.to_string())?;
                Ok(session)
            };
            let report = check_random_play_from(&plan, start)
                .unwrap_or_else(|e| panic!("{} --scenario {}: {e}", sheet.id, scenario.id));
            assert_eq!(report.games, 6);
            checked += 1;
        }
    }
    assert_eq!(checked, 5 + 3 + 4 + 1, "Empire of the Sun, Medieval, Napoleonics and Epic Battles scenarios");
}

#[test]
fn a_setup_step_that_takes_a_named_card_from_hiding_counts_as_a_reveal() {
    // Pursuit of Glory's Russo-British Assault is searched for among the Allied cards nobody has
    // seen (the deck and face-down slots): where it was found shows, so undo may not step back over
    // it, and the kit's paired check rightly lets the two tables differ after it.
    let mut s = Session::<CardTable>::new(TableSetup::new("pursuit-of-glory"), 0, ChanceMode::Auto).expect("setup");
    let set_aside = s.state().find_action("pog-set-aside-russo-british-assault").expect("offered at the start");
    assert!(s.state().reveals(&set_aside));
    s.apply(&set_aside).expect("legal");
    let refused = s.undo().expect_err("undo stops at a reveal").to_string();
    assert!(refused.contains("revealed a hidden card"), "{refused}");
}

#[test]
fn physical_decks_with_the_built_in_manifests_pass_the_conformance_kit() {
    // The player names each card as it turns up; a naming swaps cards out of sight, wherever they lie
    // (the waiting pair of displays of Epic Battles included), so every card stays in one place.
    for manifest in solo::manifests().expect("embedded manifests load") {
        let setup = TableSetup { physical: true, ..TableSetup::with_manifest(manifest.as_ref().clone()) };
        let plan = Plan { seeds: 0..10, step_cap: 300, observe_every: 4 };
        let report = check_random_play::<CardTable>(&setup, &plan).unwrap_or_else(|e| panic!("{}: {e}", manifest.game));
        assert_eq!(report.games, 10, "{}", manifest.game);
    }
}
