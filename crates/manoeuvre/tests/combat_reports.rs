//! The combat panel's reports: over many random games every report's parts add up to the totals the
//! battle was resolved with (and to the totals the event line gives), and an Assault and a
//! Bombardment report name the units, cards, modifiers, dice, outcome line and result they should.
//! Austria (South, player 1) attacks Russia (North, player 0).

mod combat_common;

use combat_common::*;
use engine::{Game, ToMove, below};
use manoeuvre::report::{CombatReport, CombatWatcher};
use manoeuvre::tables::Compiled;
use manoeuvre::{Action, HandMode, Manoeuvre, ManoeuvreSetup};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

const AU: &str = "AU";
const RU: &str = "RU";

/// The reports of a session's combats so far, as a replay with a watcher reads them.
fn reports(s: &S) -> Vec<(usize, CombatReport)> {
    let mut watcher = CombatWatcher::default();
    s.replay_to(s.log().len(), |i, before, action, after| {
        watcher.step(before, action, after, &s.events()[i]);
    })
    .expect("the log replays");
    watcher.reports().to_vec()
}

fn sum(report: &CombatReport, side: &str) -> u16 {
    report.modifiers.iter().filter(|m| m.side == side).map(|m| m.value).sum()
}

fn dice_sum(report: &CombatReport) -> u16 {
    report.dice.iter().map(|d| u16::from(d.value)).sum()
}

/// A random player that fights whenever it can, so that games hold many combats.
fn keen(actions: &[Action], rng: &mut ChaCha8Rng) -> Action {
    let fights: Vec<Action> = actions
        .iter()
        .copied()
        .filter(|a| {
            matches!(
                a,
                Action::Assault { .. }
                    | Action::Ambush { .. }
                    | Action::Bombard { .. }
                    | Action::Volley { .. }
                    | Action::GrandBattery { .. }
                    | Action::Rockets { .. }
            )
        })
        .collect();
    if !fights.is_empty() && below(rng, 4) > 0 {
        return fights[below(rng, fights.len())];
    }
    actions[below(rng, actions.len())]
}

#[test]
fn over_many_random_games_every_reports_parts_add_up_to_its_totals() {
    let data = Compiled::embedded().expect("the shipped data loads");
    let codes: Vec<String> = data.rules.armies.iter().map(|a| a.code.clone()).collect();
    let mut kinds = std::collections::BTreeMap::<String, u32>::new();
    let mut with_modifiers = 0;
    for seed in 0..150u64 {
        let a = (seed % 12) as usize;
        let b = (a + 1 + (seed / 12 % 11) as usize) % 12;
        let setup = ManoeuvreSetup {
            armies: Some([codes[a].clone(), codes[b].clone()]),
            hand_modes: Some([HandMode::Hand, if seed % 2 == 0 { HandMode::Hand } else { HandMode::Display }]),
            quick_start: true,
            ..ManoeuvreSetup::default()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Manoeuvre::new(&setup).expect("valid setup");
        let mut watcher = CombatWatcher::default();
        let mut actions = Vec::new();
        let mut steps = 0;
        while game.to_move() != ToMove::Terminal && steps < 20_000 {
            assert!(game.observe(0).victory.is_none(), "seed {seed}: no victory block before the end");
            game.legal_actions(&mut actions);
            let action = keen(&actions, &mut rng);
            let before = game;
            game.apply(&action).expect("a legal action");
            let events = game.events(&before, &action);
            if let Some(report) = watcher.step(&before, &action, &game, &events) {
                let line = events
                    .iter()
                    .find(|l| l.starts_with(&format!("{}:", report.kind)))
                    .unwrap_or_else(|| panic!("seed {seed}: no event line for {report:?}"));
                if report.kind == "Rockets" {
                    assert_eq!(report.dice.len(), 1);
                    assert!(line.contains(&report.outcome), "{line} / {}", report.outcome);
                } else {
                    assert_eq!(
                        dice_sum(report) + sum(report, "attack"),
                        report.attack_total,
                        "seed {seed}: {report:#?}"
                    );
                    assert_eq!(sum(report, "defense"), report.defense_total, "seed {seed}: {report:#?}");
                    let told = format!(
                        "attack {} (dice {}) against defence {}, {}",
                        report.attack_total,
                        dice_sum(report),
                        report.defense_total,
                        report.outcome
                    );
                    assert!(
                        line.ends_with(&told),
                        "seed {seed}: the event line '{line}' and the report disagree: {told}"
                    );
                    assert!(!report.dice.is_empty(), "seed {seed}: a combat without dice: {report:#?}");
                    assert!(report.dice.iter().all(|d| d.value >= 1 && d.value <= d.sides), "{report:#?}");
                }
                if report.modifiers.len() > 2 {
                    with_modifiers += 1;
                }
                *kinds.entry(report.kind.clone()).or_default() += 1;
            }
            steps += 1;
        }
        if game.to_move() == ToMove::Terminal {
            let v = game.observe(1).victory.expect("a finished game has its victory block");
            assert_eq!(Some(v.winner), game.outcome().and_then(|o| o.winner));
        }
    }
    assert!(kinds.get("Assault").copied().unwrap_or(0) > 100, "{kinds:?}");
    assert!(kinds.get("Bombardment").copied().unwrap_or(0) > 10, "{kinds:?}");
    assert!(with_modifiers > 20, "reports with terrain, leaders or cards: {with_modifiers}");
}

#[test]
fn an_assault_report_names_every_part_of_the_totals_the_dice_and_what_followed() {
    // The reduced 1st Regiment (4) on Hills (+2) assaults the Koursk Regiment (6) on d5 with
    // General Mack's Combat value (+2), then rolls a 5 on its d10: 13 against 6.
    let card = attack_cards(AU, "1st Regiment", "1d10")[0];
    let mack = leader_card(AU, "Karl Mack von Leiberich");
    let mut s = Pos::new(RU, AU)
        .terrain("d4", 'H')
        .reduced(SOUTH, "1st Regiment", "d4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[card, mack])
        .start();
    play(&mut s, &assault(uid(SOUTH, AU, "1st Regiment"), "d5", card));
    play(&mut s, &format!("leader-combat-{mack}"));
    play(&mut s, "done-attacking");
    roll(&mut s, &[5]);
    let found = reports(&s);
    assert_eq!(found.len(), 1);
    let (at, r) = &found[0];
    assert_eq!(*at, s.log().len() - 1, "the report belongs to the step of the last die");
    assert_eq!(r.kind, "Assault");
    let attacker = r.attacker.as_ref().expect("an attacking unit");
    assert_eq!(
        (attacker.name.as_str(), attacker.nation.as_str(), attacker.square.as_deref()),
        ("1st Regiment", "Austria", Some("d4"))
    );
    let defender = r.defender.as_ref().expect("a defending unit");
    assert_eq!(
        (defender.name.as_str(), defender.nation.as_str(), r.defender_square.as_str()),
        ("Koursk Regiment", "Russia", "d5")
    );
    assert_eq!(r.attack_cards.iter().map(|c| c.card).collect::<Vec<_>>(), {
        let mut v = vec![card, mack];
        v.sort_unstable();
        v
    });
    assert!(r.defense_cards.is_empty() && r.supporters.is_empty());
    let parts: Vec<(&str, u16)> = r.modifiers.iter().map(|m| (m.side, m.value)).collect();
    assert_eq!(parts, vec![("attack", 4), ("attack", 2), ("attack", 2), ("defense", 6)]);
    assert!(r.modifiers[1].what.contains("hills"), "{:?}", r.modifiers[1]);
    assert!(r.modifiers[2].what.contains("Mack"), "{:?}", r.modifiers[2]);
    assert_eq!((r.dice.len(), r.dice[0].sides, r.dice[0].value), (1, 10, 5));
    assert_eq!((r.attack_total, r.defense_total), (13, 6));
    assert_eq!(r.outcome, "twice the defence or more: the attacker chooses hit or retreat for the defender");
    // The attacker's choice follows in a later step; its lines join the report.
    assert!(r.result.is_empty(), "{:?}", r.result);
    play(&mut s, "take-hit");
    let r = &reports(&s)[0].1;
    assert!(r.result.iter().any(|l| l.starts_with("Koursk Regiment (Russia) takes a hit")), "{:?}", r.result);
}

#[test]
fn a_bombardment_report_counts_the_target_strength_terrain_and_redoubt_against_the_die() {
    // Austria's 1st Regiment fires its artillery from d3 at the Koursk Regiment (6) in Woods with a
    // Redoubt on d5 and rolls a 10: 10 against 6 + 2 + 3.
    let artillery = artillery_card(AU, "1st Regiment");
    let mut s = Pos::new(RU, AU)
        .unit(SOUTH, "1st Regiment", "d3")
        .hand(SOUTH, &[artillery])
        .terrain("d5", 'W')
        .redoubt("d5")
        .unit(NORTH, "Koursk Regiment", "d5")
        .start();
    play(&mut s, &bombard(uid(SOUTH, AU, "1st Regiment"), "d5", artillery));
    roll(&mut s, &[10]);
    let found = reports(&s);
    assert_eq!(found.len(), 1);
    let r = &found[0].1;
    assert_eq!(r.kind, "Bombardment");
    assert_eq!(r.attack_cards.len(), 1);
    assert!(r.defense_cards.is_empty());
    let parts: Vec<(&str, u16)> = r.modifiers.iter().map(|m| (m.side, m.value)).collect();
    assert_eq!(parts, vec![("defense", 6), ("defense", defense_bonus('W')), ("defense", 3)]);
    assert!(r.modifiers[2].what.starts_with("Redoubt on d5"), "{:?}", r.modifiers[2]);
    assert_eq!((r.dice[0].sides, r.dice[0].value), (10, 10));
    assert_eq!((r.attack_total, r.defense_total), (10, 11));
    assert_eq!(r.outcome, "not greater than the defence: no effect");
    assert!(r.result.iter().all(|l| !l.contains("takes a hit")), "{:?}", r.result);
    // Where the same die hits an unprotected target, the result says so.
    let mut s = Pos::new(RU, AU)
        .unit(SOUTH, "1st Regiment", "d3")
        .hand(SOUTH, &[artillery])
        .unit(NORTH, "Koursk Regiment", "d5")
        .start();
    play(&mut s, &bombard(uid(SOUTH, AU, "1st Regiment"), "d5", artillery));
    roll(&mut s, &[10]);
    let r = &reports(&s)[0].1;
    assert_eq!((r.attack_total, r.defense_total), (10, 6));
    assert_eq!(r.outcome, "greater than the defence: the target takes a hit");
    assert!(r.result.iter().any(|l| l.starts_with("Koursk Regiment (Russia) takes a hit")), "{:?}", r.result);
}
