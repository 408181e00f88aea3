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

/// With a physical deck the table's card in a face-up place is only its stand-in until the player
/// names the real one: its number, facts, name and whatever rules would say of it stay out of both
/// players' observations, which therefore do not change when the stand-ins are redrawn.
#[test]
fn a_physical_deck_s_stand_ins_show_nowhere_a_player_reads() {
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for manifest in solo::manifests().expect("embedded manifests load") {
        let setup = TableSetup { physical: true, ..TableSetup::with_manifest(manifest.as_ref().clone()) };
        let s = Session::<CardTable>::new(setup, 3, ChanceMode::Auto).expect("a physical table deals");
        let table = s.state();
        let stand_ins: Vec<u16> = (0..2u8)
            .flat_map(|side| table.display(side).face_up().map(|(_, c)| c.0).collect::<Vec<_>>())
            .chain((0..2u8).filter_map(|side| table.deck_of(side).top.map(|c| c.0)))
            .collect();
        assert!(!stand_ins.is_empty(), "{}: the deal turns cards face-up", manifest.game);
        for player in 0..2u8 {
            let seen = serde_json::to_value(table.observe(player)).expect("an observation serializes");
            assert!(seen["unnamed"].as_array().is_some_and(|u| !u.is_empty()), "{}: {seen}", manifest.game);
            for key in ["facts", "cards"] {
                let listed: Vec<&String> = seen[key].as_object().map(|m| m.keys().collect()).unwrap_or_default();
                for id in &stand_ins {
                    assert!(!listed.contains(&&id.to_string()), "{}: stand-in {id} in {key}: {seen}", manifest.game);
                }
            }
            for side in seen["sides"].as_array().into_iter().flatten() {
                let shown: Vec<&serde_json::Value> =
                    side["slots"].as_object().into_iter().flat_map(|m| m.values()).collect();
                for id in &stand_ins {
                    let numbers = shown.iter().filter_map(|stack| stack.as_array()).flatten();
                    assert!(!numbers.clone().any(|n| n.as_u64() == Some(u64::from(*id))), "{}: {seen}", manifest.game);
                }
            }
            // Redrawn stand-ins: the same observation, and the same actions and labels.
            let describe = |g: &CardTable| -> Vec<(String, String)> {
                g.legal().iter().map(|a| (g.action_id(a), g.action_label(a))).collect()
            };
            let mut changed = 0;
            for _ in 0..20 {
                let other = table.resample(player, &mut rng);
                let moved = (0..2u8).any(|side| {
                    let faces = |t: &CardTable| t.display(side).face_up().map(|(_, c)| c).collect::<Vec<_>>();
                    faces(&other) != faces(table)
                });
                changed += usize::from(moved);
                assert_eq!(other.observe(player), table.observe(player), "{}", manifest.game);
                assert_eq!(describe(&other), describe(table), "{}", manifest.game);
            }
            assert!(changed > 0, "{}: the stand-ins were never redrawn", manifest.game);
        }
    }
}
