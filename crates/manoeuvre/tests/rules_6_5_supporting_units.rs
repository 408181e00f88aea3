//! Rule 6.5, supporting units: a leader used for its Command brings one, two or three more units
//! (Command 2, 3, 4) that stand next to the defender and could assault from their square; each adds
//! its strength and terrain with no card needed, may add its own unit cards' dice, and takes a hit
//! with the attacking unit when the attack falls short. A Command of 1 brings nobody.
//!
//! Austria (South, player 1) attacks Russia (North, player 0) unless a test says otherwise.

mod combat_common;

use combat_common::*;
use engine::ToMove;
use manoeuvre::state::Phase;

const AU: &str = "AU";
const RU: &str = "RU";
const US: &str = "US";

fn first_regiment() -> u8 {
    uid(SOUTH, AU, "1st Regiment")
}

fn card() -> u8 {
    attack_cards(AU, "1st Regiment", "1d10")[0]
}

/// The 1st Regiment (7) on d4 attacks the Koursk Regiment (6) on d5; the 4th Regiment (5), the 6th
/// Grenzers (7) and the 9th Regiment (6) stand on the defender's other three sides.
fn surrounded(leader: &str) -> Pos {
    Pos::new(RU, AU)
        .unit(SOUTH, "1st Regiment", "d4")
        .unit(SOUTH, "4th Regiment", "c5")
        .unit(SOUTH, "6th Grenzers", "e5")
        .unit(SOUTH, "9th Regiment", "d6")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[card(), leader_card(AU, leader)])
}

fn supports_offered(s: &S) -> Vec<String> {
    let mut v = ids_with(s, "support-");
    v.sort();
    v
}

#[test]
fn rule_6_5_the_command_value_sets_how_many_units_support() {
    for (leader, command, supporters) in
        [("Emperor Francis II", 2, 1), ("Karl Mack von Leiberich", 3, 2), ("Archduke Charles", 4, 3)]
    {
        let lc = leader_card(AU, leader);
        assert_eq!(leader_def(AU, lc).command, command);
        let mut s = surrounded(leader).start();
        play(&mut s, &assault(first_regiment(), "d5", card()));
        play(&mut s, &format!("leader-command-{lc}"));
        assert_eq!(phase(&s), Phase::ChooseSupport);
        let mut chosen = 0;
        loop {
            let offered = supports_offered(&s);
            assert!(
                !offered.contains(&format!("support-{}", first_regiment())),
                "the attacking unit is already in the attack"
            );
            if offered.is_empty() {
                break;
            }
            play(&mut s, &offered[0]);
            chosen += 1;
        }
        assert_eq!(chosen, supporters, "{leader} (Command {command})");
        assert_eq!(ids(&s), vec!["done-support".to_string()]);
        play(&mut s, "done-support");
        assert_eq!(combat_common::supporters(&s).len(), supporters);
    }
}

#[test]
fn rule_6_5_supporting_units_must_be_next_to_the_defender() {
    let archduke = leader_card(AU, "Archduke Charles");
    let mut s = Pos::new(RU, AU)
        .unit(SOUTH, "1st Regiment", "d4")
        .unit(SOUTH, "4th Regiment", "c5") // beside the defender
        .unit(SOUTH, "6th Grenzers", "e4") // diagonal to the defender, beside the attacker
        .unit(SOUTH, "9th Regiment", "d3") // behind the attacker
        .unit(SOUTH, "14th Regiment", "d7") // two squares beyond the defender
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[card(), archduke])
        .start();
    play(&mut s, &assault(first_regiment(), "d5", card()));
    play(&mut s, &format!("leader-command-{archduke}"));
    assert_eq!(supports_offered(&s), vec![format!("support-{}", uid(SOUTH, AU, "4th Regiment"))]);
}

#[test]
fn rule_6_5_supporting_units_must_be_able_to_assault_from_their_square() {
    let archduke = leader_card(AU, "Archduke Charles");
    let mut s = surrounded("Archduke Charles").terrain("c5", 'M').start();
    play(&mut s, &assault(first_regiment(), "d5", card()));
    play(&mut s, &format!("leader-command-{archduke}"));
    let offered = supports_offered(&s);
    assert!(!offered.contains(&format!("support-{}", uid(SOUTH, AU, "4th Regiment"))), "no Assault from a Marsh");
    assert_eq!(offered.len(), 2, "{offered:?}");
}

#[test]
fn rule_6_5_a_leader_with_command_1_brings_no_supporting_unit() {
    let scott = leader_card(US, "Winfield Scott");
    assert_eq!(leader_def(US, scott).command, 1);
    let us_card = attack_card(US, "1st Infantry Regiment", "2d6");
    let mut s = Pos::new(RU, US)
        .unit(SOUTH, "1st Infantry Regiment", "d4")
        .unit(SOUTH, "2nd Infantry Regiment", "c5")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[us_card, scott])
        .start();
    play(&mut s, &assault(uid(SOUTH, US, "1st Infantry Regiment"), "d5", us_card));
    pass_windows(&mut s);
    assert!(can(&s, &format!("leader-combat-{scott}")));
    assert!(!can(&s, &format!("leader-command-{scott}")), "{:?}", ids(&s));
}

#[test]
fn rule_6_5_supporting_units_add_their_strength_and_terrain_without_a_card() {
    let francis = leader_card(AU, "Emperor Francis II");
    let fourth = uid(SOUTH, AU, "4th Regiment");
    let mut s = surrounded("Emperor Francis II").terrain("c5", 'H').start();
    play(&mut s, &assault(first_regiment(), "d5", card()));
    play(&mut s, &format!("leader-command-{francis}"));
    play(&mut s, &format!("support-{fourth}"));
    play(&mut s, "done-support");
    play(&mut s, "done-attacking");
    // 7 (attacker) + 5 (supporter) + 2 (the supporter's Hills); no Combat value from the leader.
    assert_eq!(attack_total(&s), 7 + 5 + attack_bonus('H'));
    assert_eq!(attack_total(&s), 14);
    assert_eq!(die_faces(&s), 10, "only the initiating card's die");
    roll(&mut s, &[1]);
    assert_eq!(to_move(&s), ToMove::Player(SOUTH), "15 against 6: the attacker chooses");
    assert_eq!(attack_total(&s), 15);
}

#[test]
fn rule_6_5_supporting_units_may_add_their_own_unit_cards() {
    let mack = leader_card(AU, "Karl Mack von Leiberich");
    let fourth = uid(SOUTH, AU, "4th Regiment");
    let fourth_card = attack_card(AU, "4th Regiment", "2d6");
    let ninth_card = attack_card(AU, "9th Regiment", "2d8");
    let mut s = surrounded("Karl Mack von Leiberich").hand(SOUTH, &[card(), mack, fourth_card, ninth_card]).start();
    play(&mut s, &assault(first_regiment(), "d5", card()));
    assert!(!can(&s, &format!("attack-card-{fourth_card}")), "not before the unit joins");
    play(&mut s, &format!("leader-command-{mack}"));
    play(&mut s, &format!("support-{fourth}"));
    play(&mut s, "done-support");
    assert_eq!(phase(&s), Phase::AttackerCards);
    assert!(can(&s, &format!("attack-card-{fourth_card}")));
    assert!(!can(&s, &format!("attack-card-{ninth_card}")), "the 9th Regiment was not brought in");
    play(&mut s, &format!("attack-card-{fourth_card}"));
    play(&mut s, "done-attacking");
    assert_eq!(attack_total(&s), 7 + 5);
    roll_checked(&mut s, &[(6, 1), (6, 1), (10, 1)]);
    // 15 against 6: more than twice, so the attacker's choice is pending and the totals are visible.
    assert_eq!(attack_total(&s), 15);
}

#[test]
fn rule_6_5_every_supporting_unit_takes_a_hit_when_the_attack_falls_short() {
    let mack = leader_card(AU, "Karl Mack von Leiberich");
    let guard_cards = attack_cards(RU, "Russian Guard", "2d8");
    let mut s = Pos::new(RU, AU)
        .unit(SOUTH, "1st Regiment", "d4")
        .unit(SOUTH, "4th Regiment", "c5")
        .unit(SOUTH, "6th Grenzers", "e5")
        .unit(SOUTH, "9th Regiment", "d6")
        .unit(NORTH, "Russian Guard", "d5")
        .terrain("d5", 'T')
        .redoubt("d5")
        .hand(SOUTH, &[card(), mack])
        .hand(NORTH, &guard_cards)
        .start();
    play(&mut s, &assault(first_regiment(), "d5", card()));
    for c in &guard_cards {
        play(&mut s, &format!("defend-{c}"));
    }
    finish_defence(&mut s);
    assert_eq!(defense_total(&s), 8 + 5 * 3 + defense_bonus('T') + 3);
    play(&mut s, &format!("leader-command-{mack}"));
    let (fourth, grenz, ninth) =
        (uid(SOUTH, AU, "4th Regiment"), uid(SOUTH, AU, "6th Grenzers"), uid(SOUTH, AU, "9th Regiment"));
    play(&mut s, &format!("support-{fourth}"));
    play(&mut s, &format!("support-{grenz}"));
    play(&mut s, "done-support");
    play(&mut s, "done-attacking");
    roll(&mut s, &[1]); // 7 + 5 + 7 + 1 = 20 against 29
    for u in [first_regiment(), fourth, grenz] {
        assert!(unit(&s, u).reduced, "unit {u} was in the attack");
    }
    assert!(!unit(&s, ninth).reduced, "the 9th Regiment stood by");
    assert_combat_over(&s);
}

#[test]
fn rule_6_5_reduced_supporting_units_are_eliminated_by_that_hit() {
    let francis = leader_card(AU, "Emperor Francis II");
    let fourth = uid(SOUTH, AU, "4th Regiment");
    let mut s = Pos::new(RU, AU)
        .terrain("d5", 'T')
        .unit(SOUTH, "1st Regiment", "d4")
        .reduced(SOUTH, "4th Regiment", "c5")
        .unit(NORTH, "Russian Guard", "d5")
        .redoubt("d5")
        .hand(SOUTH, &[card(), francis])
        .start();
    play(&mut s, &assault(first_regiment(), "d5", card()));
    play(&mut s, &format!("leader-command-{francis}"));
    play(&mut s, &format!("support-{fourth}"));
    play(&mut s, "done-support");
    play(&mut s, "done-attacking");
    roll(&mut s, &[1]); // 7 + 3 + 1 = 11 against 8 + 3 + 3 = 14
    assert!(unit(&s, fourth).eliminated);
    assert!(unit(&s, first_regiment()).reduced);
    assert_eq!(lost(&s, SOUTH), 1);
}
