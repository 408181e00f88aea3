//! Rule 6.2, Bombardment and Volley: the card that fires, the range (two squares for a
//! Bombardment along an open path, a diagonal target through one open corner; adjacent for a
//! Volley), the totals (dice and the firer's terrain against strength, terrain and Redoubt), one hit
//! on a greater attack, and what fire never allows: defence cards, a Withdraw, an advance.
//!
//! Austria (South, player 1) fires at Russia (North, player 0).

mod combat_common;

use combat_common::*;
use engine::ToMove;
use manoeuvre::data::model::HqKind;
use manoeuvre::state::Phase;

const AU: &str = "AU";
const RU: &str = "RU";

fn first_regiment() -> u8 {
    uid(SOUTH, AU, "1st Regiment")
}

fn koursk() -> u8 {
    uid(NORTH, RU, "Koursk Regiment")
}

/// Austria's 1st Regiment with its artillery card (1d10, range 2) on d3.
fn battery() -> Pos {
    Pos::new(RU, AU).unit(SOUTH, "1st Regiment", "d3").hand(SOUTH, &[artillery_card(AU, "1st Regiment")])
}

/// The squares the 1st Regiment may bombard with its artillery card.
fn bombard_targets(s: &S) -> Vec<String> {
    let card = artillery_card(AU, "1st Regiment");
    let prefix = format!("bombard-{}-", first_regiment());
    let suffix = format!("-{card}");
    let mut out: Vec<String> = ids_with(s, &prefix)
        .into_iter()
        .filter_map(|id| id.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(&suffix)).map(str::to_string))
        .collect();
    out.sort();
    out
}

/// Bombards d5 (Koursk Regiment, 6) from d3; the d10 is then due.
fn bombard_d5(pos: Pos) -> S {
    let mut s = pos.unit(NORTH, "Koursk Regiment", "d5").start();
    play(&mut s, &bombard(first_regiment(), "d5", artillery_card(AU, "1st Regiment")));
    s
}

// ---- Step 1: the card ----

#[test]
fn rule_6_2_step_1_a_bombardment_needs_an_artillery_card_of_the_firing_unit() {
    let card = artillery_card(AU, "1st Regiment");
    let def = unit_card_def(AU, card);
    assert_eq!((def.range, def.bombard), (2, Some(dice("1d10"))));
    let s = battery().unit(SOUTH, "3rd Regiment", "e4").unit(NORTH, "Koursk Regiment", "d5").start();
    let firing: Vec<String> = ids_with(&s, "bombard-");
    assert_eq!(firing, vec![bombard(first_regiment(), "d5", card)], "only the named unit fires its card");
    // Another unit's artillery card does not let the 1st Regiment fire.
    let other = artillery_card(AU, "3rd Regiment");
    let s = battery().hand(SOUTH, &[other]).unit(NORTH, "Koursk Regiment", "d5").start();
    assert!(ids_with(&s, &format!("bombard-{}-", first_regiment())).is_empty(), "{:?}", ids(&s));
}

#[test]
fn rule_6_2_step_1_the_card_sets_the_dice() {
    for (unit, faces, count) in [("1st Regiment", 10, 1), ("O'Reilly Chevaulegers", 6, 2)] {
        let card = artillery_card(AU, unit);
        let id = uid(SOUTH, AU, unit);
        let mut s =
            Pos::new(RU, AU).unit(SOUTH, unit, "d3").unit(NORTH, "Koursk Regiment", "d5").hand(SOUTH, &[card]).start();
        play(&mut s, &bombard(id, "d5", card));
        for _ in 0..count {
            assert_eq!(die_faces(&s), faces, "{unit}");
            roll(&mut s, &[1]);
        }
        assert_combat_over(&s);
    }
}

// ---- Step 2: range and path ----

#[test]
fn rule_6_2_step_2_a_bombardment_reaches_two_squares_but_not_three() {
    for (target, reached) in [("d4", true), ("d5", true), ("b3", true), ("f3", true), ("d6", false), ("g3", false)] {
        let s = battery().unit(NORTH, "Koursk Regiment", target).start();
        assert_eq!(bombard_targets(&s) == vec![target.to_string()], reached, "target on {target}: {:?}", ids(&s));
    }
}

#[test]
fn rule_6_2_step_2_hills_town_and_woods_between_block_a_bombardment() {
    for (letter, blocks) in
        [('H', true), ('T', true), ('W', true), ('C', false), ('M', false), ('F', false), ('L', false)]
    {
        let s = battery().terrain("d4", letter).unit(NORTH, "Koursk Regiment", "d5").start();
        assert_eq!(bombard_targets(&s).is_empty(), blocks, "{letter} between firer and target: {:?}", ids(&s));
    }
}

#[test]
fn rule_6_2_step_2_a_unit_between_blocks_a_bombardment() {
    // A friendly unit in between.
    let s = battery().unit(SOUTH, "3rd Regiment", "d4").unit(NORTH, "Koursk Regiment", "d5").start();
    assert!(bombard_targets(&s).is_empty(), "{:?}", ids(&s));
    // An enemy unit in between can itself be fired at, but shields the one behind it.
    let s = battery().unit(NORTH, "Leib Grenadiers", "d4").unit(NORTH, "Koursk Regiment", "d5").start();
    assert_eq!(bombard_targets(&s), vec!["d4".to_string()]);
}

#[test]
fn rule_6_2_step_2_a_bombardment_may_start_and_end_in_hills_town_or_woods() {
    for firer in ['H', 'T', 'W'] {
        for target in ['H', 'T', 'W'] {
            let s = battery().terrain("d3", firer).terrain("d5", target).unit(NORTH, "Koursk Regiment", "d5").start();
            assert_eq!(bombard_targets(&s), vec!["d5".to_string()], "from {firer} to {target}");
        }
    }
}

#[test]
fn rule_6_2_step_2_a_diagonal_target_needs_one_open_corner() {
    // Firer d3, target e4: the corners are d4 and e3.
    let open = |s: &S| bombard_targets(s) == vec!["e4".to_string()];
    let s = battery().unit(NORTH, "Koursk Regiment", "e4").start();
    assert!(open(&s), "both corners open");
    let s = battery().terrain("d4", 'W').unit(NORTH, "Koursk Regiment", "e4").start();
    assert!(open(&s), "e3 is open");
    let s = battery().unit(SOUTH, "3rd Regiment", "e3").unit(NORTH, "Koursk Regiment", "e4").start();
    assert!(open(&s), "d4 is open");
    let s = battery().terrain("d4", 'W').terrain("e3", 'T').unit(NORTH, "Koursk Regiment", "e4").start();
    assert!(!open(&s), "Woods and Town on the corners");
    let s = battery().terrain("e3", 'H').unit(SOUTH, "3rd Regiment", "d4").unit(NORTH, "Koursk Regiment", "e4").start();
    assert!(!open(&s), "a unit and Hills on the corners");
    let s = battery()
        .unit(SOUTH, "3rd Regiment", "d4")
        .unit(SOUTH, "4th Regiment", "e3")
        .unit(NORTH, "Koursk Regiment", "e4")
        .start();
    assert!(!open(&s), "units on both corners");
}

#[test]
fn rule_6_2_step_2_fire_may_come_from_a_marsh() {
    let volley_c = volley_card(AU, "14th Regiment");
    let grenz = uid(SOUTH, AU, "14th Regiment");
    let art = artillery_card(AU, "1st Regiment");
    let s = Pos::new(RU, AU)
        .terrain("d3", 'M')
        .terrain("c4", 'M')
        .unit(SOUTH, "1st Regiment", "d3")
        .unit(SOUTH, "14th Regiment", "c4")
        .unit(NORTH, "Koursk Regiment", "c5")
        .unit(NORTH, "Leib Grenadiers", "d5")
        .hand(SOUTH, &[art, volley_c])
        .start();
    assert!(can(&s, &bombard(first_regiment(), "d5", art)), "{:?}", ids(&s));
    assert!(can(&s, &volley(grenz, "c5", volley_c)), "{:?}", ids(&s));
    assert!(ids_with(&s, "assault-").is_empty(), "no Assault from a Marsh");
}

#[test]
fn rule_6_2_step_2_a_volley_needs_an_adjacent_target() {
    let volley_c = volley_card(AU, "14th Regiment");
    assert_eq!(unit_card_def(AU, volley_c).range, 1);
    let grenz = uid(SOUTH, AU, "14th Regiment");
    let s = Pos::new(RU, AU)
        .unit(SOUTH, "14th Regiment", "d3")
        .unit(NORTH, "Koursk Regiment", "d4")
        .unit(NORTH, "Leib Grenadiers", "b3") // two squares, open path
        .unit(NORTH, "Moscow Regiment", "e4") // diagonal
        .hand(SOUTH, &[volley_c])
        .start();
    assert_eq!(ids_with(&s, "volley-"), vec![volley(grenz, "d4", volley_c)]);
}

// ---- Steps 3 and 4: totals and outcome ----

#[test]
fn rule_6_2_step_3_the_attack_is_the_dice_plus_the_firers_terrain() {
    let mut s = bombard_d5(battery().terrain("d3", 'H').terrain("d5", 'W'));
    assert_eq!(die_faces(&s), 10);
    assert_eq!(attack_total(&s), attack_bonus('H'), "no strength in a fire attack, only the dice and terrain");
    assert_eq!(attack_total(&s), 2);
    assert_eq!(defense_total(&s), 6 + defense_bonus('W'));
    roll(&mut s, &[6]); // 8 against 8
    assert!(!unit(&s, koursk()).reduced, "an equal attack does nothing");
    let mut s = bombard_d5(battery().terrain("d3", 'H').terrain("d5", 'W'));
    roll(&mut s, &[7]); // 9 against 8
    assert!(unit(&s, koursk()).reduced, "a greater attack is one hit");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d5"), "a fire hit never moves the target");
}

#[test]
fn rule_6_2_step_3_hills_give_no_fire_benefit_against_hills() {
    let s = bombard_d5(battery().terrain("d3", 'H').terrain("d5", 'H'));
    assert_eq!(attack_total(&s), 0);
    assert_eq!(defense_total(&s), 6 + defense_bonus('H'));
}

#[test]
fn rule_6_2_step_3_the_defence_counts_a_redoubt() {
    let pos = || battery().terrain("d5", 'W').redoubt("d5");
    let mut s = bombard_d5(pos());
    assert_eq!(defense_total(&s), 6 + defense_bonus('W') + 3);
    roll(&mut s, &[10]); // 10 against 11
    assert!(!unit(&s, koursk()).reduced);
    assert_eq!(redoubts(&s), vec!["d5".to_string()]);
    let mut s = bombard_d5(pos().terrain("d3", 'H'));
    roll(&mut s, &[10]); // 12 against 11
    assert!(unit(&s, koursk()).reduced);
}

#[test]
fn rule_6_2_step_4_a_hit_eliminates_a_reduced_unit() {
    let mut s = battery().reduced(NORTH, "Koursk Regiment", "d5").start();
    play(&mut s, &bombard(first_regiment(), "d5", artillery_card(AU, "1st Regiment")));
    assert_eq!(defense_total(&s), 5);
    roll(&mut s, &[6]);
    assert!(unit(&s, koursk()).eliminated);
    assert_eq!(lost(&s, NORTH), 1);
}

#[test]
fn rule_6_2_step_4_at_most_one_hit_however_large_the_attack() {
    // 10 + 2 (Hills) against the Black Sea Cossacks' 5: more than twice the defence, which in an
    // Assault would let the attacker choose; fire only ever hits once and never moves the target.
    let target = uid(NORTH, RU, "Black Sea Cossacks");
    let art = artillery_card(AU, "1st Regiment");
    let mut s = battery().terrain("d3", 'H').unit(NORTH, "Black Sea Cossacks", "d5").start();
    play(&mut s, &bombard(first_regiment(), "d5", art));
    roll(&mut s, &[10]);
    assert!(unit(&s, target).reduced);
    assert!(!unit(&s, target).eliminated);
    assert_eq!(square_of(&s, target).as_deref(), Some("d5"));
    assert_combat_over(&s);
}

#[test]
fn rule_6_2_no_withdraw_and_no_defence_cards_against_fire() {
    let withdraw = hq_card(RU, HqKind::Withdraw);
    let koursk_card = attack_cards(RU, "Koursk Regiment", "1d10")[0];
    let kutuzov = leader_card(RU, "Mikhail I. Kutuzov");
    let hand = [withdraw, koursk_card, kutuzov];
    let mut s = bombard_d5(battery().hand(NORTH, &hand));
    assert_eq!(to_move(&s), ToMove::Chance, "the dice roll at once: {:?}", ids(&s));
    assert_eq!(defense_total(&s), 6);
    roll(&mut s, &[7]);
    assert!(unit(&s, koursk()).reduced);
    assert!(hand.iter().all(|&c| in_hand(&s, NORTH, c)), "the defender played nothing");
    // The same against a Volley.
    let volley_c = volley_card(AU, "14th Regiment");
    let mut s = Pos::new(RU, AU)
        .unit(SOUTH, "14th Regiment", "d4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[volley_c])
        .hand(NORTH, &hand)
        .start();
    play(&mut s, &volley(uid(SOUTH, AU, "14th Regiment"), "d5", volley_c));
    assert_eq!(to_move(&s), ToMove::Chance);
    assert!(ids(&s).iter().all(|i| i.starts_with("die-")));
}

#[test]
fn rule_6_2_no_advance_after_fire_and_no_second_combat() {
    let art = artillery_card(AU, "1st Regiment");
    let mut s = Pos::new(RU, AU)
        .unit(SOUTH, "1st Regiment", "d4")
        .reduced(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[art, attack_card(AU, "1st Regiment", "2d6")])
        .start();
    play(&mut s, &bombard(first_regiment(), "d5", art));
    roll(&mut s, &[9]);
    assert!(unit(&s, koursk()).eliminated);
    assert_eq!(square_of(&s, first_regiment()).as_deref(), Some("d4"), "the firer stays where it is");
    assert_eq!(at(&s, "d5"), None);
    assert_combat_over(&s);
    assert!(in_discard(&s, SOUTH, art));
}

#[test]
fn rule_6_2_a_volley_rolls_its_volley_dice_with_the_firers_terrain() {
    let volley_c = volley_card(AU, "14th Regiment");
    assert_eq!(unit_card_def(AU, volley_c).volley, Some(dice("2d6")));
    let grenz = uid(SOUTH, AU, "14th Regiment");
    let pos = |firer: char| {
        Pos::new(RU, AU)
            .terrain("d4", firer)
            .unit(SOUTH, "14th Regiment", "d4")
            .unit(NORTH, "Koursk Regiment", "d5")
            .hand(SOUTH, &[volley_c])
            .start()
    };
    let mut s = pos('C');
    play(&mut s, &volley(grenz, "d5", volley_c));
    roll_checked(&mut s, &[(6, 3)]);
    assert_eq!(attack_total(&s), 3, "the first die alone, no strength");
    roll_checked(&mut s, &[(6, 3)]); // 6 against 6
    assert!(!unit(&s, koursk()).reduced);
    assert_combat_over(&s);
    let mut s = pos('C');
    play(&mut s, &volley(grenz, "d5", volley_c));
    roll(&mut s, &[3, 4]); // 7 against 6
    assert!(unit(&s, koursk()).reduced);
    assert_eq!(square_of(&s, grenz).as_deref(), Some("d4"), "no advance after a Volley");
    let mut s = pos('H');
    play(&mut s, &volley(grenz, "d5", volley_c));
    roll(&mut s, &[1]);
    assert_eq!(attack_total(&s), 1 + attack_bonus('H'));
    roll(&mut s, &[3]); // 4 + 2 = 6 against 6
    assert!(!unit(&s, koursk()).reduced);
}

#[test]
fn rule_6_2_fire_is_the_turns_one_combat() {
    let art = artillery_card(AU, "1st Regiment");
    let mut s = battery()
        .unit(SOUTH, "3rd Regiment", "c4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .unit(NORTH, "Leib Grenadiers", "c5")
        .hand(SOUTH, &[art, attack_card(AU, "3rd Regiment", "2d8")])
        .start();
    assert!(can(&s, &assault(uid(SOUTH, AU, "3rd Regiment"), "c5", attack_card(AU, "3rd Regiment", "2d8"))));
    play(&mut s, &bombard(first_regiment(), "d5", art));
    assert_eq!(phase(&s), Phase::CombatDice);
    roll(&mut s, &[1]);
    assert_combat_over(&s);
}
