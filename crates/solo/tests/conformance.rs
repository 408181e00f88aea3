//! The engine's conformance kit run on the card table of every shipped playsheet.

use engine::conformance::{Plan, check_random_play};
use solo::{CardTable, TableSetup, playsheets};

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
        };
        let plan = Plan { seeds: 0..6, step_cap: 400, observe_every: 2 };
        check_random_play::<CardTable>(&setup, &plan).unwrap_or_else(|e| panic!("{} with tiny decks: {e}", sheet.id));
    }
}
