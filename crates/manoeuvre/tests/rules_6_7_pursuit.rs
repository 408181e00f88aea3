//! Rule 6.7, pursuit: cavalry that advances into the square of a unit that retreated or withdrew
//! rolls a d6 for each of its own cards with a Pursuit value played in the combat; the attacking
//! leader's modifier is added and a result at or under the card's number is a hit (so a negative
//! modifier only helps); two hits eliminate a full-strength unit. No card, no advance, no retreat:
//! no pursuit. Committed Attack hits come after all of this.
//!
//! Britain (South, player 1) attacks Russia (North, player 0).

mod combat_common;

use combat_common::*;
use engine::ToMove;
use manoeuvre::data::model::HqKind;
use manoeuvre::state::Phase;

const BR: &str = "BR";
const RU: &str = "RU";

fn lancers() -> u8 {
    uid(SOUTH, BR, "9th Queen's Royal Lancers")
}

fn koursk() -> u8 {
    uid(NORTH, RU, "Koursk Regiment")
}

/// The Lancers' 2d8 cards with Pursuit 1-3.
fn pursuit3() -> Vec<u8> {
    unit_cards(BR, "9th Queen's Royal Lancers", |u| u.pursuit_max == 3)
}

/// The 9th Queen's Royal Lancers (7, cavalry) on d4 against the Koursk Regiment (6) on d5.
fn charge(hand: &[u8]) -> Pos {
    Pos::new(RU, BR)
        .unit(SOUTH, "9th Queen's Royal Lancers", "d4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, hand)
}

/// Assaults with the first card, adds the others listed, rolls the attack dice, has the defender
/// retreat (7 + 2 or 4 dice of 1 is more than 6 but under 12 with one card: the defender's choice;
/// with two cards the attacker's) and advances the Lancers.
fn retreat_and_advance(hand: &[u8], extra: &[u8]) -> S {
    let mut s = charge(hand).start();
    play(&mut s, &assault(lancers(), "d5", hand[0]));
    for c in extra {
        play(&mut s, &format!("attack-card-{c}"));
    }
    play(&mut s, "done-attacking");
    while to_move(&s) == ToMove::Chance {
        roll(&mut s, &[1]);
    }
    play(&mut s, "retreat");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"));
    play(&mut s, &format!("advance-{}", lancers()));
    assert_eq!(square_of(&s, lancers()).as_deref(), Some("d5"));
    s
}

#[test]
fn rule_6_7_cavalry_advancing_after_a_retreat_pursues_with_its_card() {
    let card = pursuit3()[0];
    let mut s = retreat_and_advance(&[card], &[]);
    assert_eq!(phase(&s), Phase::PursuitRoll);
    assert_eq!(die_faces(&s), 6);
    roll(&mut s, &[3]);
    assert!(unit(&s, koursk()).reduced, "3 is within the card's 1-3");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"), "the hit lands where the unit retreated to");
    assert_combat_over(&s);
}

#[test]
fn rule_6_7_a_roll_above_the_pursuit_value_misses() {
    let mut s = retreat_and_advance(&[pursuit3()[0]], &[]);
    roll(&mut s, &[4]);
    assert!(!unit(&s, koursk()).reduced);
    assert_combat_over(&s);
}

#[test]
fn rule_6_7_each_card_with_a_pursuit_value_rolls_and_two_hits_eliminate() {
    let cards = pursuit3();
    let mut s = retreat_and_advance(&[cards[0], cards[1]], &[cards[1]]);
    assert_eq!(phase(&s), Phase::PursuitRoll);
    roll(&mut s, &[2]);
    assert!(unit(&s, koursk()).reduced);
    assert_eq!(phase(&s), Phase::PursuitRoll, "a second card, a second roll");
    roll(&mut s, &[3]);
    assert!(unit(&s, koursk()).eliminated, "two pursuit hits eliminate a full-strength unit");
    assert_eq!(lost(&s, NORTH), 1);
    assert_combat_over(&s);
    // One hit and one miss.
    let mut s = retreat_and_advance(&[cards[0], cards[1]], &[cards[1]]);
    roll(&mut s, &[6, 1]);
    assert!(unit(&s, koursk()).reduced);
    assert!(!unit(&s, koursk()).eliminated);
    assert_combat_over(&s);
}

#[test]
fn rule_6_7_a_negative_leader_modifier_helps_the_pursuit() {
    let uxbridge = leader_card(BR, "Earl of Uxbridge");
    assert_eq!(leader_def(BR, uxbridge).pursuit_mod, -1);
    let card = pursuit3()[0];
    for (face, hit) in [(4, true), (1, true), (5, false)] {
        let mut s = charge(&[card, uxbridge]).start();
        play(&mut s, &assault(lancers(), "d5", card));
        play(&mut s, &format!("leader-combat-{uxbridge}"));
        play(&mut s, "done-attacking");
        roll(&mut s, &[1, 1]); // 7 + 1 + 2 = 10 against 6
        play(&mut s, "retreat");
        play(&mut s, &format!("advance-{}", lancers()));
        roll(&mut s, &[face]);
        assert_eq!(unit(&s, koursk()).reduced, hit, "roll {face} - 1 against 1-3");
    }
}

#[test]
fn rule_6_7_the_modifier_applies_when_the_leader_commands() {
    let uxbridge = leader_card(BR, "Earl of Uxbridge");
    let card = pursuit3()[0];
    let mut s = charge(&[card, uxbridge]).unit(SOUTH, "52nd Regiment of Foot", "c5").start();
    play(&mut s, &assault(lancers(), "d5", card));
    play(&mut s, &format!("leader-command-{uxbridge}"));
    play(&mut s, &format!("support-{}", uid(SOUTH, BR, "52nd Regiment of Foot")));
    play(&mut s, "done-support");
    play(&mut s, "done-attacking");
    roll(&mut s, &[1, 1]); // 7 + 6 + 2 = 15 against 6: the attacker chooses
    play(&mut s, "retreat");
    play(&mut s, &format!("advance-{}", lancers()));
    roll(&mut s, &[4]);
    assert!(unit(&s, koursk()).reduced, "4 - 1 is within 1-3");
}

#[test]
fn rule_6_7_pursuit_follows_a_withdrawal() {
    let withdraw = hq_card(RU, HqKind::Withdraw);
    let card = pursuit3()[0];
    let mut s = charge(&[card]).hand(NORTH, &[withdraw]).start();
    play(&mut s, &assault(lancers(), "d5", card));
    play(&mut s, &format!("withdraw-{withdraw}"));
    play(&mut s, &format!("advance-{}", lancers()));
    assert_eq!(phase(&s), Phase::PursuitRoll, "the initiating card carries a Pursuit value");
    roll(&mut s, &[1]);
    assert!(unit(&s, koursk()).reduced);
    assert_combat_over(&s);
}

#[test]
fn rule_6_7_no_pursuit_without_a_retreat() {
    // Eliminated by a hit: the cavalry advances but there is nobody to pursue.
    let card = pursuit3()[0];
    let mut s = Pos::new(RU, BR)
        .unit(SOUTH, "9th Queen's Royal Lancers", "d4")
        .reduced(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[card])
        .start();
    play(&mut s, &assault(lancers(), "d5", card));
    play(&mut s, "done-attacking");
    roll(&mut s, &[1, 1]); // 9 against 5
    play(&mut s, "take-hit");
    play(&mut s, &format!("advance-{}", lancers()));
    assert_combat_over(&s);
}

#[test]
fn rule_6_7_a_hit_and_retreat_result_may_be_followed_by_a_fatal_pursuit() {
    let cards = pursuit3();
    let mut s = charge(&[cards[0], cards[1]]).start();
    play(&mut s, &assault(lancers(), "d5", cards[0]));
    play(&mut s, &format!("attack-card-{}", cards[1]));
    play(&mut s, "done-attacking");
    roll(&mut s, &[1, 1, 1, 8]); // 7 + 11 = 18 = 3 x 6
    assert!(unit(&s, koursk()).reduced);
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"));
    play(&mut s, &format!("advance-{}", lancers()));
    let before = s.log().len();
    roll(&mut s, &[1]);
    assert!(unit(&s, koursk()).eliminated);
    assert_combat_over(&s);
    // The log says what cost the unit.
    let told = s.events_since(before);
    assert!(told.iter().any(|e| e.contains("is eliminated (cut down in pursuit)")), "{told:#?}");
}

#[test]
fn rule_6_7_infantry_does_not_pursue() {
    let card = attack_cards(BR, "52nd Regiment of Foot", "2d8")[0];
    let fifty_second = uid(SOUTH, BR, "52nd Regiment of Foot");
    let mut s = Pos::new(RU, BR)
        .unit(SOUTH, "52nd Regiment of Foot", "d4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[card])
        .start();
    play(&mut s, &assault(fifty_second, "d5", card));
    play(&mut s, "done-attacking");
    roll(&mut s, &[1, 1]);
    play(&mut s, "retreat");
    play(&mut s, &format!("advance-{fifty_second}"));
    assert_combat_over(&s);
    assert!(!unit(&s, koursk()).reduced);
}

/// The 52nd Regiment attacks from d4 with the Lancers supporting from c5 under Uxbridge's Command;
/// the Lancers add `lancer_cards`. The Koursk Regiment is made to retreat.
fn supported_charge(lancer_cards: &[u8]) -> S {
    let uxbridge = leader_card(BR, "Earl of Uxbridge");
    let card = attack_cards(BR, "52nd Regiment of Foot", "1d10")[0];
    let mut hand = vec![card, uxbridge];
    hand.extend_from_slice(lancer_cards);
    let mut s = Pos::new(RU, BR)
        .unit(SOUTH, "52nd Regiment of Foot", "d4")
        .unit(SOUTH, "9th Queen's Royal Lancers", "c5")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &hand)
        .start();
    play(&mut s, &assault(uid(SOUTH, BR, "52nd Regiment of Foot"), "d5", card));
    play(&mut s, &format!("leader-command-{uxbridge}"));
    play(&mut s, &format!("support-{}", lancers()));
    play(&mut s, "done-support");
    for c in lancer_cards {
        play(&mut s, &format!("attack-card-{c}"));
    }
    play(&mut s, "done-attacking");
    while to_move(&s) == ToMove::Chance {
        roll(&mut s, &[1]);
    }
    // 6 + 7 + dice of 1 against 6: twice the defence at least, under three times.
    assert_eq!(to_move(&s), ToMove::Player(SOUTH));
    play(&mut s, "retreat");
    s
}

#[test]
fn rule_6_7_supporting_cavalry_that_played_no_card_does_not_pursue() {
    let mut s = supported_charge(&[]);
    play(&mut s, &format!("advance-{}", lancers()));
    assert_combat_over(&s);
    assert!(!unit(&s, koursk()).reduced);
}

#[test]
fn rule_6_7_supporting_cavalry_with_its_own_card_pursues() {
    let mut s = supported_charge(&[pursuit3()[0]]);
    play(&mut s, &format!("advance-{}", lancers()));
    assert_eq!(phase(&s), Phase::PursuitRoll);
    roll(&mut s, &[4]); // Uxbridge's -1 makes it 3
    assert!(unit(&s, koursk()).reduced);
}

#[test]
fn rule_6_7_no_pursuit_when_the_infantry_advances_instead() {
    let mut s = supported_charge(&[pursuit3()[0]]);
    play(&mut s, &format!("advance-{}", uid(SOUTH, BR, "52nd Regiment of Foot")));
    assert_combat_over(&s);
    assert!(!unit(&s, koursk()).reduced);
}

#[test]
fn rule_6_7_no_pursuit_when_the_cavalry_stays_put() {
    let kdg = uid(SOUTH, BR, "King's Dragoons Guards");
    let card = unit_cards(BR, "King's Dragoons Guards", |u| u.pursuit_max == 4 && u.not_required_to_advance)[0];
    let mut s = Pos::new(RU, BR)
        .unit(SOUTH, "King's Dragoons Guards", "d4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[card])
        .start();
    play(&mut s, &assault(kdg, "d5", card));
    play(&mut s, "done-attacking");
    roll(&mut s, &[1, 1]); // 10 against 6
    play(&mut s, "retreat");
    play(&mut s, "stay-put");
    assert_combat_over(&s);
    assert_eq!(at(&s, "d4"), Some(kdg));
}

#[test]
fn rule_6_7_committed_attack_hits_come_after_the_pursuit() {
    let committed = hq_card(BR, HqKind::CommittedAttack);
    let card = pursuit3()[0];
    let mut s = charge(&[card, committed]).start();
    play(&mut s, &assault(lancers(), "d5", card));
    play(&mut s, &format!("committed-{committed}-{}", lancers()));
    play(&mut s, "done-attacking");
    // 2d6 for the Committed Attack first, then the 2d8: 7 + 2 + 2 = 11 against 6.
    roll_checked(&mut s, &[(6, 1), (6, 1), (8, 1), (8, 1)]);
    play(&mut s, "retreat");
    play(&mut s, &format!("advance-{}", lancers()));
    assert_eq!(phase(&s), Phase::PursuitRoll);
    assert!(!unit(&s, lancers()).reduced, "no Committed Attack hit before the pursuit");
    roll(&mut s, &[1]);
    assert!(unit(&s, koursk()).reduced);
    assert!(unit(&s, lancers()).reduced, "the Committed Attack hit comes last");
    assert_eq!(square_of(&s, lancers()).as_deref(), Some("d5"));
    assert_combat_over(&s);
    assert!(in_discard(&s, SOUTH, committed));
}
