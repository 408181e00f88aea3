//! Rule 6 (one optional combat per player turn) and rule 6.1, the Assault procedure, step by step:
//! who may start one and against whom, the Withdraw window (a Withdraw card, or a United States unit
//! card's attempt), the defender's cards, the attacker's cards, the exact totals and every row of
//! the outcome table with the player who chooses.
//!
//! Austria (South, player 1) attacks Russia (North, player 0) unless a test says otherwise.

mod combat_common;

use combat_common::*;
use engine::{Game, ToMove};
use manoeuvre::data::model::HqKind;
use manoeuvre::state::Phase;

const AU: &str = "AU";
const RU: &str = "RU";
const US: &str = "US";

fn first_regiment() -> u8 {
    uid(SOUTH, AU, "1st Regiment")
}

fn koursk() -> u8 {
    uid(NORTH, RU, "Koursk Regiment")
}

/// The three 1d10 cards of Austria's 1st Regiment.
fn d10_cards() -> Vec<u8> {
    attack_cards(AU, "1st Regiment", "1d10")
}

/// Austria's 1st Regiment (7) on d4 next to Russia's Koursk Regiment (6) on d5, with the three 1d10
/// cards of the 1st Regiment in hand and nothing in the Russian hand.
fn duel() -> Pos {
    Pos::new(RU, AU).unit(SOUTH, "1st Regiment", "d4").unit(NORTH, "Koursk Regiment", "d5").hand(SOUTH, &d10_cards())
}

/// The duel with the Koursk Regiment in a Town (defence 6 + 3 = 9), assault declared with the first
/// 1d10 card and `extra` more 1d10 cards added; the attack dice are then due.
fn town_duel(extra: usize) -> S {
    let cards = d10_cards();
    let mut s = duel().terrain("d5", 'T').start();
    play(&mut s, &assault(first_regiment(), "d5", cards[0]));
    // Russia holds nothing, but its hand is secret: its Withdraw step and card step open anyway,
    // each offering only its "no answer".
    assert_eq!((phase(&s), ids(&s)), (Phase::Withdraw, vec!["stand".to_string()]));
    play(&mut s, "stand");
    assert_eq!((phase(&s), ids(&s)), (Phase::DefenderCards, vec!["done-defending".to_string()]));
    play(&mut s, "done-defending");
    assert_eq!(phase(&s), Phase::AttackerCards);
    assert_eq!(defense_total(&s), 6 + defense_bonus('T'));
    assert_eq!(defense_total(&s), 9, "the provisional Town benefit is +3");
    for &card in &cards[1..=extra] {
        play(&mut s, &format!("attack-card-{card}"));
    }
    play(&mut s, "done-attacking");
    s
}

// ---- Rule 6: one combat, never required ----

#[test]
fn rule_6_combat_is_optional() {
    let mut s = duel().start();
    let cards = d10_cards();
    assert!(can(&s, &assault(first_regiment(), "d5", cards[0])));
    assert!(can(&s, "no-combat"), "declining combat is always possible");
    play(&mut s, "no-combat");
    assert_combat_over(&s);
    assert!(cards.iter().all(|&c| in_hand(&s, SOUTH, c)), "no card was spent");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d5"));
}

#[test]
fn rule_6_only_one_combat_per_player_turn() {
    let cards = d10_cards();
    let mut s = duel().start();
    play(&mut s, &assault(first_regiment(), "d5", cards[0]));
    play(&mut s, "done-attacking");
    // 7 + 1 against 6: the defender chooses and takes the hit, so both units stay in contact.
    roll(&mut s, &[1]);
    assert_eq!(to_move(&s), ToMove::Player(NORTH));
    play(&mut s, "take-hit");
    assert_combat_over(&s);
    assert!(in_hand(&s, SOUTH, cards[1]) && in_hand(&s, SOUTH, cards[2]), "attack cards are left in hand");
    assert!(ids(&s).contains(&"end-restoration".to_string()));
}

// ---- Step 1: the attacking unit and its card ----

#[test]
fn rule_6_1_step_1_assault_needs_a_card_of_the_attacking_unit_with_an_attack_value() {
    let other_unit = attack_card(AU, "3rd Regiment", "2d8");
    let artillery = artillery_card(AU, "1st Regiment");
    let s = duel().hand(SOUTH, &[other_unit, artillery]).start();
    let attacker = first_regiment();
    assert!(ids_with(&s, &format!("assault-{attacker}-")).is_empty(), "{:?}", ids(&s));
    // The artillery card still works for fire, so the position itself allows a combat.
    assert!(can(&s, &bombard(attacker, "d5", artillery)));
    let s = duel().hand(SOUTH, &[other_unit, d10_cards()[0]]).start();
    assert_eq!(ids_with(&s, &format!("assault-{attacker}-")), vec![assault(attacker, "d5", d10_cards()[0])]);
}

#[test]
fn rule_6_1_step_1_artillery_cards_have_no_assault() {
    // In the shipped data, every card with a Bombard value lacks an Assault value.
    let mut artillery = 0;
    for a in &data().rules.armies {
        for c in &a.cards {
            if let manoeuvre::data::model::CardKind::Unit(u) = &c.kind
                && u.bombard.is_some()
            {
                artillery += 1;
                assert!(u.attack.is_none(), "{} {} has both Bombard and Assault values", a.code, c.name);
            }
        }
    }
    assert!(artillery >= 8 * 8, "every unit of the base armies has an artillery card");
    // And no artillery card starts an Assault, even with the enemy next door.
    let art = artillery_card(AU, "1st Regiment");
    let s = duel().hand(SOUTH, &[art]).start();
    assert!(ids_with(&s, "assault-").is_empty(), "{:?}", ids(&s));
}

#[test]
fn rule_6_1_step_1_no_assault_from_marsh() {
    let d10 = attack_card(AU, "14th Regiment", "1d10");
    let volley_c = volley_card(AU, "14th Regiment");
    let grenz = uid(SOUTH, AU, "14th Regiment");
    for (letter, assault_allowed) in [('C', true), ('M', false), ('F', true), ('H', true)] {
        let s = Pos::new(RU, AU)
            .terrain("d4", letter)
            .unit(SOUTH, "14th Regiment", "d4")
            .unit(NORTH, "Koursk Regiment", "d5")
            .hand(SOUTH, &[d10, volley_c])
            .start();
        assert_eq!(can(&s, &assault(grenz, "d5", d10)), assault_allowed, "attacker on {letter}: {:?}", ids(&s));
        assert_eq!(can(&s, &assault(grenz, "d5", volley_c)), assault_allowed, "attacker on {letter}");
        assert!(can(&s, &volley(grenz, "d5", volley_c)), "a Volley may be fired from {letter}");
    }
}

// ---- Step 2: the target ----

#[test]
fn rule_6_1_step_2_the_defender_must_be_orthogonally_adjacent() {
    let card = d10_cards()[0];
    let s = Pos::new(RU, AU)
        .unit(SOUTH, "1st Regiment", "d4")
        .unit(NORTH, "Koursk Regiment", "e5") // diagonal
        .unit(NORTH, "Leib Grenadiers", "d6") // two squares up
        .unit(NORTH, "Moscow Regiment", "c4") // beside
        .hand(SOUTH, &[card])
        .start();
    assert_eq!(ids_with(&s, "assault-"), vec![assault(first_regiment(), "c4", card)]);
}

#[test]
fn rule_6_1_step_2_an_ambush_may_target_any_enemy_unit() {
    let ambush_card = hq_card(AU, HqKind::Ambush);
    let s = Pos::new(RU, AU).unit(NORTH, "Koursk Regiment", "d5").hand(SOUTH, &[ambush_card]).start();
    let targets = ids_with(&s, &format!("ambush-{ambush_card}-"));
    // Every Russian unit on the board, none of them next to an Austrian unit.
    assert_eq!(targets.len(), 8, "{targets:?}");
    assert!(targets.contains(&ambush(ambush_card, "d5")));
    assert!(targets.contains(&ambush(ambush_card, "a8")), "a unit parked on the back rank: {targets:?}");
}

// ---- Steps 3 to 5 come in order ----

#[test]
fn rule_6_1_steps_3_to_5_open_their_windows_in_order() {
    let withdraw = hq_card(RU, HqKind::Withdraw);
    let koursk_card = attack_cards(RU, "Koursk Regiment", "1d10")[0];
    let kutuzov = leader_card(RU, "Mikhail I. Kutuzov");
    let archduke = leader_card(AU, "Archduke Charles");
    let cards = d10_cards();
    let mut s =
        duel().hand(NORTH, &[withdraw, koursk_card, kutuzov]).hand(SOUTH, &[cards[0], cards[1], archduke]).start();
    play(&mut s, &assault(first_regiment(), "d5", cards[0]));
    // Step 3: the defender alone, and only Withdraw or stand.
    assert_eq!(phase(&s), Phase::Withdraw);
    assert_eq!(to_move(&s), ToMove::Player(NORTH));
    let mut step3 = ids(&s);
    step3.sort();
    assert_eq!(step3, vec!["stand".to_string(), format!("withdraw-{withdraw}")]);
    play(&mut s, "stand");
    // Step 4: the defender's cards; Withdraw is no longer possible.
    assert_eq!(phase(&s), Phase::DefenderCards);
    assert_eq!(to_move(&s), ToMove::Player(NORTH));
    assert!(can(&s, &format!("defend-{koursk_card}")));
    assert!(can(&s, &format!("defend-leader-{kutuzov}")));
    assert!(ids_with(&s, "withdraw").is_empty());
    assert!(ids_with(&s, "attack-card-").is_empty());
    play(&mut s, "done-defending");
    // Step 5: the attacker's cards.
    assert_eq!(phase(&s), Phase::AttackerCards);
    assert_eq!(to_move(&s), ToMove::Player(SOUTH));
    assert!(can(&s, &format!("attack-card-{}", cards[1])));
    assert!(can(&s, &format!("leader-combat-{archduke}")));
    assert!(ids_with(&s, "defend").is_empty());
    play(&mut s, "done-attacking");
    // Step 6: the dice.
    assert_eq!(to_move(&s), ToMove::Chance);
    assert_eq!(die_faces(&s), 10);
}

// ---- Step 3: Withdraw ----

#[test]
fn rule_6_1_step_3_a_withdraw_card_ends_the_combat_and_the_attacker_advances() {
    let withdraw = hq_card(RU, HqKind::Withdraw);
    let archduke = leader_card(AU, "Archduke Charles");
    let cards = d10_cards();
    let mut s = duel().hand(NORTH, &[withdraw]).hand(SOUTH, &[cards[0], cards[1], archduke]).start();
    play(&mut s, &assault(first_regiment(), "d5", cards[0]));
    play(&mut s, &format!("withdraw-{withdraw}"));
    // The Koursk Regiment retreats toward its own (North) edge, unharmed.
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"));
    assert!(!unit(&s, koursk()).reduced);
    // The attacking unit must advance: nothing else is offered, and no attack card window opened.
    assert_eq!(to_move(&s), ToMove::Player(SOUTH));
    assert_eq!(ids(&s), vec![format!("advance-{}", first_regiment())]);
    play(&mut s, &format!("advance-{}", first_regiment()));
    assert_eq!(square_of(&s, first_regiment()).as_deref(), Some("d5"));
    assert_combat_over(&s);
    assert!(in_discard(&s, SOUTH, cards[0]), "the initiating card is spent");
    assert!(in_discard(&s, NORTH, withdraw));
    assert!(in_hand(&s, SOUTH, cards[1]) && in_hand(&s, SOUTH, archduke), "the attacker played nothing more");
    assert!(s.log().iter().all(|e| !e.id.starts_with("die-")), "no die was rolled");
}

#[test]
fn rule_6_1_step_3_no_withdraw_without_an_empty_adjacent_square() {
    let withdraw = hq_card(RU, HqKind::Withdraw);
    let koursk_card = attack_cards(RU, "Koursk Regiment", "1d10")[0];
    let cards = d10_cards();
    let boxed_in = duel()
        .unit(NORTH, "Leib Grenadiers", "d6")
        .unit(NORTH, "Moscow Regiment", "c5")
        .unit(NORTH, "Orlov Regiment", "e5")
        .hand(NORTH, &[withdraw, koursk_card]);
    let mut s = boxed_in.start();
    play(&mut s, &assault(first_regiment(), "d5", cards[0]));
    assert_eq!(phase(&s), Phase::DefenderCards);
    assert!(ids_with(&s, "withdraw").is_empty(), "{:?}", ids(&s));
    // A Lake beside the unit is empty but cannot be entered: still no Withdraw.
    let lake = duel()
        .terrain("d6", 'L')
        .unit(NORTH, "Moscow Regiment", "c5")
        .unit(NORTH, "Orlov Regiment", "e5")
        .hand(NORTH, &[withdraw, koursk_card]);
    let mut s = lake.start();
    play(&mut s, &assault(first_regiment(), "d5", cards[0]));
    assert!(ids_with(&s, "withdraw").is_empty(), "a Lake is no way out: {:?}", ids(&s));
    // One empty flank is enough.
    let mut s = duel()
        .unit(NORTH, "Leib Grenadiers", "d6")
        .unit(NORTH, "Moscow Regiment", "c5")
        .hand(NORTH, &[withdraw, koursk_card])
        .start();
    play(&mut s, &assault(first_regiment(), "d5", cards[0]));
    assert!(can(&s, &format!("withdraw-{withdraw}")));
}

/// The 4th Militia (5, reduced 2) of the United States on d5, holding its cards with a Withdraw
/// range of 1-3 (one with Defense 5, one with Defense 3).
fn militia_defends(hand: &[u8]) -> S {
    let mut s = Pos::new(US, AU)
        .unit(SOUTH, "1st Regiment", "d4")
        .unit(NORTH, "4th Militia", "d5")
        .hand(SOUTH, &d10_cards())
        .hand(NORTH, hand)
        .start();
    play(&mut s, &assault(first_regiment(), "d5", d10_cards()[0]));
    s
}

fn militia_cards() -> (u8, u8) {
    let five = unit_cards(US, "4th Militia", |u| u.withdraw_max == 3 && u.defense == 5 && u.volley.is_none())[0];
    let three = unit_cards(US, "4th Militia", |u| u.withdraw_max == 3 && u.defense == 3)[0];
    (five, three)
}

#[test]
fn rule_6_1_step_3_the_us_withdraw_attempt_succeeds_within_its_range() {
    let (five, three) = militia_cards();
    assert_eq!(unit_card_def(US, five).withdraw_max, 3);
    let militia = uid(NORTH, US, "4th Militia");
    for roll_value in [1, 3] {
        let mut s = militia_defends(&[five, three]);
        assert_eq!(phase(&s), Phase::Withdraw);
        assert!(can(&s, &format!("withdraw-attempt-{five}")));
        play(&mut s, &format!("withdraw-attempt-{five}"));
        assert_eq!(die_faces(&s), 6, "the attempt rolls a d6");
        roll(&mut s, &[roll_value]);
        assert_eq!(square_of(&s, militia).as_deref(), Some("d6"), "roll {roll_value} withdraws");
        play(&mut s, &format!("advance-{}", first_regiment()));
        assert_eq!(square_of(&s, first_regiment()).as_deref(), Some("d5"));
        assert_combat_over(&s);
        assert!(in_discard(&s, NORTH, five), "the card used for the attempt is spent");
        assert!(in_hand(&s, NORTH, three));
        assert!(!unit(&s, militia).reduced);
    }
}

#[test]
fn rule_6_1_step_3_a_failed_us_withdraw_attempt_adds_the_card_defense() {
    let (five, three) = militia_cards();
    let militia = uid(NORTH, US, "4th Militia");
    let mut s = militia_defends(&[five, three]);
    play(&mut s, &format!("withdraw-attempt-{five}"));
    roll(&mut s, &[4]);
    assert_eq!(square_of(&s, militia).as_deref(), Some("d5"), "a 4 is outside 1-3");
    // The defender goes on to step 4 and may still add cards, but not try again.
    assert_eq!(phase(&s), Phase::DefenderCards);
    assert_eq!(to_move(&s), ToMove::Player(NORTH));
    assert!(ids_with(&s, "withdraw").is_empty());
    assert_eq!(defense_total(&s), 5 + 5, "strength 5 plus the failed card's Defense 5");
    play(&mut s, &format!("defend-{three}"));
    assert_eq!(defense_total(&s), 5 + 5 + 3);
    finish_defence(&mut s);
    play(&mut s, "done-attacking");
    // 7 + 6 = 13 against 13: no effect, and both cards end up discarded.
    roll(&mut s, &[6]);
    assert_combat_over(&s);
    assert!(in_discard(&s, NORTH, five) && in_discard(&s, NORTH, three));
    assert_eq!(square_of(&s, militia).as_deref(), Some("d5"));
}

#[test]
fn rule_8_us_cards_without_a_withdraw_value_make_no_attempt() {
    let plain = unit_cards(US, "1st Infantry Regiment", |u| u.withdraw_max == 0 && u.attack.is_some())[0];
    let mut s = Pos::new(US, AU)
        .unit(SOUTH, "1st Regiment", "d4")
        .unit(NORTH, "1st Infantry Regiment", "d5")
        .hand(SOUTH, &d10_cards())
        .hand(NORTH, &[plain])
        .start();
    play(&mut s, &assault(first_regiment(), "d5", d10_cards()[0]));
    // The Withdraw step opens (the American hand is secret) with nothing but "stand".
    assert_eq!(phase(&s), Phase::Withdraw);
    assert_eq!(ids(&s), vec!["stand"]);
    play(&mut s, "stand");
    assert_eq!(phase(&s), Phase::DefenderCards);
    assert!(can(&s, &format!("defend-{plain}")));
    assert!(ids_with(&s, "withdraw").is_empty());
}

#[test]
fn rule_8_only_a_card_of_the_defending_us_unit_can_attempt_a_withdraw() {
    let (five, _) = militia_cards();
    let mut s = Pos::new(US, AU)
        .unit(SOUTH, "1st Regiment", "d4")
        .unit(NORTH, "13th Militia", "d5")
        .hand(SOUTH, &d10_cards())
        .hand(NORTH, &[five])
        .start();
    play(&mut s, &assault(first_regiment(), "d5", d10_cards()[0]));
    assert!(ids_with(&s, "withdraw").is_empty(), "a 4th Militia card cannot help the 13th: {:?}", ids(&s));
}

// ---- Step 4: the defender's cards ----

#[test]
fn rule_6_1_step_4_the_defender_adds_cards_of_the_defending_unit_only() {
    let koursk_cards = attack_cards(RU, "Koursk Regiment", "1d10");
    let leib = attack_card(RU, "Leib Grenadiers", "2d8");
    let koursk_art = artillery_card(RU, "Koursk Regiment");
    let mut s = duel().hand(NORTH, &[koursk_cards[0], koursk_cards[1], leib, koursk_art]).start();
    play(&mut s, &assault(first_regiment(), "d5", d10_cards()[0]));
    pass_windows(&mut s);
    assert_eq!(phase(&s), Phase::DefenderCards);
    let mut offered = ids_with(&s, "defend-");
    offered.sort();
    let mut expected: Vec<String> =
        [koursk_cards[0], koursk_cards[1], koursk_art].iter().map(|c| format!("defend-{c}")).collect();
    expected.sort();
    assert_eq!(offered, expected, "only cards naming the defending unit");
    play(&mut s, &format!("defend-{}", koursk_cards[0]));
    play(&mut s, &format!("defend-{}", koursk_cards[1]));
    play(&mut s, &format!("defend-{koursk_art}"));
    let def = |c: u8| u16::from(unit_card_def(RU, c).defense);
    assert_eq!(defense_total(&s), 6 + def(koursk_cards[0]) + def(koursk_cards[1]) + def(koursk_art));
    assert_eq!(defense_total(&s), 6 + 5 + 5 + 6);
}

#[test]
fn rule_6_1_steps_3_and_4_open_for_a_secret_hand_whatever_it_holds() {
    // Two positions that differ only in the Russian hand: Austria sees the same table and the same
    // player to decide at every step up to its own cards, so neither step tells it what Russia holds.
    let koursk = attack_cards(RU, "Koursk Regiment", "1d10")[0];
    let leib = attack_card(RU, "Leib Grenadiers", "2d8");
    let mut games: Vec<S> = [koursk, leib].iter().map(|&c| duel().hand(NORTH, &[c]).start()).collect();
    for s in &mut games {
        play(s, &assault(first_regiment(), "d5", d10_cards()[0]));
    }
    let same_for_austria = |games: &[S]| {
        assert_eq!(games[0].state().observe(SOUTH), games[1].state().observe(SOUTH));
        assert_eq!(to_move(&games[0]), to_move(&games[1]));
    };
    same_for_austria(&games);
    assert_eq!(phase(&games[0]), Phase::Withdraw);
    for s in &mut games {
        play(s, "stand");
    }
    same_for_austria(&games);
    assert_eq!(phase(&games[0]), Phase::DefenderCards);
    assert_eq!(ids(&games[0]), vec![format!("defend-{koursk}"), "done-defending".to_string()]);
    assert_eq!(ids(&games[1]), vec!["done-defending"], "a Leib Grenadiers card cannot defend the Koursk Regiment");
    // After its one card the defender still says when it is done: closing by itself would show that
    // the hand had nothing more.
    play(&mut games[0], &format!("defend-{koursk}"));
    assert_eq!(phase(&games[0]), Phase::DefenderCards);
    assert_eq!(ids(&games[0]), vec!["done-defending"]);
}

#[test]
fn rule_6_1_step_4_the_defender_adds_at_most_one_leader() {
    let kutuzov = leader_card(RU, "Mikhail I. Kutuzov");
    let bagration = leader_card(RU, "Pyotr I. Bagration");
    let mut s = duel().hand(NORTH, &[kutuzov, bagration]).start();
    play(&mut s, &assault(first_regiment(), "d5", d10_cards()[0]));
    pass_windows(&mut s);
    assert!(can(&s, &format!("defend-leader-{kutuzov}")));
    play(&mut s, &format!("defend-leader-{bagration}"));
    assert_eq!(defense_total(&s), 6 + u16::from(leader_def(RU, bagration).combat_defense));
    assert_eq!(defense_total(&s), 6 + 4);
    // The defender may decide nothing more about leaders; the window closes or only "done" is left.
    assert!(ids_with(&s, "defend-leader-").is_empty(), "{:?}", ids(&s));
}

// ---- Step 5: the attacker's cards ----

#[test]
fn rule_6_1_step_5_the_attacker_adds_cards_of_the_attacking_unit_and_rolls_them_all() {
    let cards = d10_cards();
    let two_d6 = attack_card(AU, "1st Regiment", "2d6");
    let other_unit = attack_card(AU, "3rd Regiment", "2d8");
    let mut s = duel().hand(SOUTH, &[cards[0], cards[1], two_d6, other_unit]).start();
    play(&mut s, &assault(first_regiment(), "d5", cards[0]));
    pass_windows(&mut s);
    assert!(can(&s, &format!("attack-card-{}", cards[1])));
    assert!(can(&s, &format!("attack-card-{two_d6}")));
    assert!(!can(&s, &format!("attack-card-{other_unit}")), "the 3rd Regiment is not in this attack");
    play(&mut s, &format!("attack-card-{}", cards[1]));
    play(&mut s, &format!("attack-card-{two_d6}"));
    play(&mut s, "done-attacking");
    assert_eq!(attack_total(&s), 7, "before the dice: the attacking unit's strength");
    // Two d6 for the 2d6 card and one d10 for each 1d10 card.
    roll_checked(&mut s, &[(6, 1), (6, 1), (10, 1)]);
    assert_eq!(attack_total(&s), 7 + 3);
    roll_checked(&mut s, &[(10, 2)]);
    // 12 against 6 is twice the defence: the combat waits for the attacker's choice.
    assert_eq!(attack_total(&s), 12);
    assert_eq!(to_move(&s), ToMove::Player(SOUTH));
}

#[test]
fn rule_6_1_step_5_the_attacker_adds_one_leader_by_combat_or_by_command() {
    let card = d10_cards()[0];
    let archduke = leader_card(AU, "Archduke Charles");
    let mack = leader_card(AU, "Karl Mack von Leiberich");
    let pos = duel().unit(SOUTH, "4th Regiment", "c5").hand(SOUTH, &[card, archduke, mack]);
    // By Combat value: no second leader, and no Command either.
    let mut s = pos.start();
    play(&mut s, &assault(first_regiment(), "d5", card));
    for leader in [archduke, mack] {
        pass_windows(&mut s);
        assert!(can(&s, &format!("leader-combat-{leader}")));
        assert!(can(&s, &format!("leader-command-{leader}")));
    }
    play(&mut s, &format!("leader-combat-{archduke}"));
    assert!(ids_with(&s, "leader-").is_empty(), "{:?}", ids(&s));
    assert_eq!(attack_total(&s), 7 + 4, "strength plus the Archduke's Combat value");
    // By Command: the leader's Combat value is not added and no second leader follows.
    let mut s = pos.start();
    play(&mut s, &assault(first_regiment(), "d5", card));
    play(&mut s, &format!("leader-command-{mack}"));
    play(&mut s, &format!("support-{}", uid(SOUTH, AU, "4th Regiment")));
    play(&mut s, "done-support");
    assert!(ids_with(&s, "leader-").is_empty(), "{:?}", ids(&s));
    assert_eq!(attack_total(&s), 7 + 5, "strengths of the attacking and supporting units only");
}

// ---- Step 6: the totals ----

#[test]
fn rule_6_1_step_6_attack_total_is_strength_dice_terrain_and_leader_combat() {
    let card = d10_cards()[0];
    let mack = leader_card(AU, "Karl Mack von Leiberich");
    let mut s = Pos::new(RU, AU)
        .terrain("d4", 'H')
        .reduced(SOUTH, "1st Regiment", "d4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[card, mack])
        .start();
    play(&mut s, &assault(first_regiment(), "d5", card));
    play(&mut s, &format!("leader-combat-{mack}"));
    play(&mut s, "done-attacking");
    let base = 4 + attack_bonus('H') + u16::from(leader_def(AU, mack).combat_attack);
    assert_eq!(attack_total(&s), base);
    assert_eq!(base, 4 + 2 + 2, "reduced strength, Hills +2 (provisional), Combat 2");
    roll(&mut s, &[5]);
    // 13 against 6: twice the defence, so the combat is still open for the attacker's choice.
    assert_eq!(attack_total(&s), 13);
    assert_eq!(defense_total(&s), 6);
    assert_eq!(to_move(&s), ToMove::Player(SOUTH));
}

#[test]
fn rule_6_1_step_6_a_redoubt_helps_only_the_defence() {
    let card = d10_cards()[0];
    let mut s = duel().redoubt("d4").start();
    play(&mut s, &assault(first_regiment(), "d5", card));
    play(&mut s, "done-attacking");
    assert_eq!(attack_total(&s), 7, "the attacker's own Redoubt adds nothing");
    assert_eq!(defense_total(&s), 6);
}

#[test]
fn rule_6_1_step_6_hills_give_no_attack_benefit_against_hills() {
    let card = d10_cards()[0];
    let mut s = duel().terrain("d4", 'H').terrain("d5", 'H').start();
    play(&mut s, &assault(first_regiment(), "d5", card));
    play(&mut s, "done-attacking");
    assert_eq!(attack_total(&s), 7, "no Hills benefit against a unit on Hills");
    assert_eq!(defense_total(&s), 6 + defense_bonus('H'));
}

#[test]
fn rule_6_1_step_6_defense_total_is_strength_cards_terrain_redoubt_and_leader() {
    let koursk_card = attack_cards(RU, "Koursk Regiment", "1d10")[0];
    let bagration = leader_card(RU, "Pyotr I. Bagration");
    let mut s = Pos::new(RU, AU)
        .terrain("d5", 'T')
        .unit(SOUTH, "1st Regiment", "d4")
        .reduced(NORTH, "Koursk Regiment", "d5")
        .redoubt("d5")
        .hand(SOUTH, &d10_cards())
        .hand(NORTH, &[koursk_card, bagration])
        .start();
    play(&mut s, &assault(first_regiment(), "d5", d10_cards()[0]));
    assert_eq!(defense_total(&s), 5 + defense_bonus('T') + 3);
    play(&mut s, &format!("defend-{koursk_card}"));
    play(&mut s, &format!("defend-leader-{bagration}"));
    assert_eq!(defense_total(&s), 5 + 5 + defense_bonus('T') + 3 + 4);
    assert_eq!(defense_total(&s), 20);
}

#[test]
fn rule_6_1_step_6_each_terrain_adds_its_defense_benefit() {
    for letter in ['C', 'H', 'T', 'W', 'M', 'F'] {
        let mut s = duel().terrain("d5", letter).start();
        play(&mut s, &assault(first_regiment(), "d5", d10_cards()[0]));
        assert_eq!(defense_total(&s), 6 + defense_bonus(letter), "defender on {letter}");
    }
    assert_eq!([defense_bonus('C'), defense_bonus('W'), defense_bonus('M')], [0, 2, 1], "provisional chart");
}

// ---- Step 7: the outcome table ----

#[test]
fn rule_6_1_step_7_less_than_the_defence_hits_the_attacking_unit() {
    let mut s = town_duel(0);
    roll(&mut s, &[1]); // 8 against 9
    assert!(unit(&s, first_regiment()).reduced, "the attacker takes a hit");
    assert!(!unit(&s, koursk()).reduced);
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d5"));
    assert_eq!(square_of(&s, first_regiment()).as_deref(), Some("d4"));
    assert_combat_over(&s);
}

#[test]
fn rule_6_1_step_7_equal_totals_change_nothing() {
    let mut s = town_duel(0);
    roll(&mut s, &[2]); // 9 against 9
    assert!(!unit(&s, first_regiment()).reduced);
    assert!(!unit(&s, koursk()).reduced);
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d5"));
    assert_eq!(square_of(&s, first_regiment()).as_deref(), Some("d4"));
    assert_combat_over(&s);
}

#[test]
fn rule_6_1_step_7_greater_lets_the_defender_choose() {
    for (faces, total) in [(vec![3], 10), (vec![10], 17)] {
        let mut s = town_duel(faces.len() - 1);
        roll(&mut s, &faces);
        assert_eq!(attack_total(&s), total);
        assert_eq!(to_move(&s), ToMove::Player(NORTH), "attack {total} against 9");
        let mut choice = ids(&s);
        choice.sort();
        assert_eq!(choice, vec!["retreat".to_string(), "take-hit".to_string()]);
    }
    // 17 made with two cards is still short of twice the defence.
    let mut s = town_duel(1);
    roll(&mut s, &[1, 9]);
    assert_eq!(attack_total(&s), 17);
    assert_eq!(to_move(&s), ToMove::Player(NORTH));
}

#[test]
fn rule_6_1_step_7_twice_the_defence_lets_the_attacker_choose() {
    for faces in [[1, 10], [5, 6]] {
        let mut s = town_duel(1);
        roll(&mut s, &faces);
        assert_eq!(attack_total(&s), 18);
        assert_eq!(to_move(&s), ToMove::Player(SOUTH), "18 is twice 9");
        let mut choice = ids(&s);
        choice.sort();
        assert_eq!(choice, vec!["retreat".to_string(), "take-hit".to_string()]);
    }
    // Just under three times the defence is still the attacker's choice.
    let mut s = town_duel(1);
    roll(&mut s, &[10, 9]);
    assert_eq!(attack_total(&s), 26);
    assert_eq!(to_move(&s), ToMove::Player(SOUTH));
    assert!(!unit(&s, koursk()).reduced);
}

#[test]
fn rule_6_1_step_7_three_times_the_defence_hits_and_retreats() {
    let mut s = town_duel(1);
    roll(&mut s, &[10, 10]); // 27 = 3 x 9
    assert!(unit(&s, koursk()).reduced, "the defender takes a hit");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"), "and retreats");
    assert_eq!(phase(&s), Phase::Advance { retreated: true });
    // Just under four times the defence gives the same result.
    let mut s = town_duel(2);
    roll(&mut s, &[10, 10, 8]); // 35
    assert!(unit(&s, koursk()).reduced);
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"));
    assert_eq!(lost(&s, NORTH), 0);
}

#[test]
fn rule_6_1_step_7_three_times_the_defence_eliminates_a_reduced_or_trapped_unit() {
    // A reduced defender: the hit eliminates it, so there is nothing left to retreat.
    let cards = d10_cards();
    let mut s = Pos::new(RU, AU)
        .terrain("d5", 'T')
        .unit(SOUTH, "1st Regiment", "d4")
        .reduced(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &cards)
        .start();
    play(&mut s, &assault(first_regiment(), "d5", cards[0]));
    play(&mut s, &format!("attack-card-{}", cards[1]));
    play(&mut s, "done-attacking");
    roll(&mut s, &[10, 7]); // 24 = 3 x (5 + 3)
    assert!(unit(&s, koursk()).eliminated);
    assert_eq!(lost(&s, NORTH), 1);
    assert_eq!(phase(&s), Phase::Advance { retreated: false });
    // A full-strength defender with every square around it closed: hit, then no retreat, so eliminated.
    let mut s = Pos::new(RU, AU)
        .terrain("d5", 'T')
        .unit(SOUTH, "1st Regiment", "d4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .unit(NORTH, "Leib Grenadiers", "d6")
        .unit(NORTH, "Moscow Regiment", "c5")
        .unit(SOUTH, "9th Regiment", "e5")
        .hand(SOUTH, &cards)
        .start();
    play(&mut s, &assault(first_regiment(), "d5", cards[0]));
    play(&mut s, &format!("attack-card-{}", cards[1]));
    play(&mut s, "done-attacking");
    roll(&mut s, &[10, 10]); // 27 = 3 x 9
    assert!(unit(&s, koursk()).eliminated);
    assert_eq!(lost(&s, NORTH), 1);
}

#[test]
fn rule_6_1_step_7_four_times_the_defence_eliminates() {
    let mut s = town_duel(2);
    roll(&mut s, &[10, 10, 9]); // 36 = 4 x 9
    assert!(unit(&s, koursk()).eliminated, "a full-strength unit is eliminated outright");
    assert_eq!(square_of(&s, koursk()), None);
    assert_eq!(lost(&s, NORTH), 1);
    assert_eq!(phase(&s), Phase::Advance { retreated: false });
}
