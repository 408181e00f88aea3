//! Rule 6.6, combat results: a hit flips or eliminates, the named player chooses Hit or Retreat,
//! a retreat goes home, else to a flank the owner picks, else toward the enemy, else the unit is
//! eliminated (and the attacker may pick Retreat knowing that); the Redoubt stays behind only while
//! its unit does; after an Assault the attacking or a supporting unit advances into the empty
//! square unless every unit in the attack played a "not required to advance" card.
//!
//! Austria (South, player 1) attacks Russia (North, player 0) unless a test says otherwise.

mod combat_common;

use combat_common::*;
use engine::{Game, ToMove};
use manoeuvre::data::model::HqKind;
use manoeuvre::state::Phase;

const AU: &str = "AU";
const RU: &str = "RU";
const BR: &str = "BR";

fn first_regiment() -> u8 {
    uid(SOUTH, AU, "1st Regiment")
}

fn koursk() -> u8 {
    uid(NORTH, RU, "Koursk Regiment")
}

fn card() -> u8 {
    attack_cards(AU, "1st Regiment", "1d10")[0]
}

/// The 1st Regiment (7) on d4 and its 1d10 card against whatever the test puts around d5.
fn attacker() -> Pos {
    Pos::new(RU, AU).unit(SOUTH, "1st Regiment", "d4").hand(SOUTH, &[card()])
}

/// The Koursk Regiment (6) on d5 in front of the 1st Regiment.
fn duel() -> Pos {
    attacker().unit(NORTH, "Koursk Regiment", "d5")
}

/// Assaults d5 from d4 and rolls the d10: 7 + 1..4 is more than 6 (the defender chooses), 7 + 5..10
/// at least twice 6 (the attacker chooses).
fn result(pos: Pos, face: u8) -> S {
    let mut s = pos.start();
    play(&mut s, &assault(first_regiment(), "d5", card()));
    finish_defence(&mut s);
    play(&mut s, "done-attacking");
    roll(&mut s, &[face]);
    s
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

// ---- Hits and eliminations ----

#[test]
fn rule_6_6_a_hit_flips_a_full_strength_unit() {
    let mut s = result(duel(), 1);
    assert_eq!(to_move(&s), ToMove::Player(NORTH));
    play(&mut s, "take-hit");
    assert!(unit(&s, koursk()).reduced);
    assert!(!unit(&s, koursk()).eliminated);
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d5"));
    assert_eq!(square_of(&s, first_regiment()).as_deref(), Some("d4"), "no advance: the square is held");
    assert_combat_over(&s);
    assert_eq!(s.state().observe(1).units[koursk() as usize].strength, 5, "the reduced side shows 5");
}

#[test]
fn rule_6_6_a_hit_eliminates_a_reduced_unit() {
    let mut s = result(attacker().reduced(NORTH, "Koursk Regiment", "d5"), 1);
    assert_eq!(to_move(&s), ToMove::Player(NORTH), "8 against 5");
    play(&mut s, "take-hit");
    assert!(unit(&s, koursk()).eliminated);
    assert_eq!(lost(&s, NORTH), 1);
    assert_eq!(at(&s, "d5"), None);
    // The square is empty, so the attacker advances into it (no pursuit: nothing retreated).
    assert_eq!(phase(&s), Phase::Advance { retreated: false });
    play(&mut s, &format!("advance-{}", first_regiment()));
    assert_eq!(at(&s, "d5"), Some(first_regiment()));
    assert_combat_over(&s);
}

// ---- Choosing ----

#[test]
fn rule_6_6_the_named_player_freely_chooses_hit_or_retreat() {
    // The defender, on a greater result.
    let mut s = result(duel(), 2);
    assert_eq!(to_move(&s), ToMove::Player(NORTH));
    play(&mut s, "retreat");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"));
    assert!(!unit(&s, koursk()).reduced);
    // The attacker, on twice the defence: it may pick the hit for the defender.
    let mut s = result(duel(), 5);
    assert_eq!(to_move(&s), ToMove::Player(SOUTH));
    play(&mut s, "take-hit");
    assert!(unit(&s, koursk()).reduced);
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d5"));
    assert_combat_over(&s);
}

// ---- Retreat ----

#[test]
fn rule_6_6_retreat_goes_toward_the_units_own_edge() {
    // North's unit goes north.
    let mut s = result(duel(), 1);
    play(&mut s, "retreat");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"));
    // South's unit goes south: Russia attacks this time.
    let ru_card = attack_cards(RU, "Koursk Regiment", "1d10")[0];
    let mut s = Pos::new(RU, AU)
        .active(NORTH)
        .unit(NORTH, "Koursk Regiment", "d5")
        .unit(SOUTH, "1st Regiment", "d4")
        .hand(NORTH, &[ru_card])
        .start();
    play(&mut s, &assault(koursk(), "d4", ru_card));
    play(&mut s, "done-attacking");
    roll(&mut s, &[2]); // 8 against 7: Austria chooses
    assert_eq!(to_move(&s), ToMove::Player(SOUTH));
    play(&mut s, "retreat");
    assert_eq!(square_of(&s, first_regiment()).as_deref(), Some("d3"));
}

#[test]
fn rule_6_6_retreat_goes_to_a_flank_when_the_home_square_is_blocked() {
    // Blocked by a friendly unit, then by an enemy unit: either way the owner picks the flank.
    for (side, unit_name) in [(NORTH, "Leib Grenadiers"), (SOUTH, "9th Regiment")] {
        let mut s = result(duel().unit(side, unit_name, "d6"), 5);
        assert_eq!(to_move(&s), ToMove::Player(SOUTH), "the attacker chooses the result");
        play(&mut s, "retreat");
        assert_eq!(phase(&s), Phase::RetreatChoice { unit: koursk(), then: manoeuvre::state::AfterRetreat::Advance });
        assert_eq!(to_move(&s), ToMove::Player(NORTH), "the retreating unit's owner picks the flank");
        assert_eq!(sorted(ids(&s)), vec!["retreat-to-c5".to_string(), "retreat-to-e5".to_string()]);
        play(&mut s, "retreat-to-c5");
        assert_eq!(square_of(&s, koursk()).as_deref(), Some("c5"));
        assert_eq!(to_move(&s), ToMove::Player(SOUTH), "then the attacker advances");
    }
}

#[test]
fn rule_6_6_retreat_takes_the_only_open_flank() {
    let mut s = result(duel().unit(NORTH, "Leib Grenadiers", "d6").unit(NORTH, "Moscow Regiment", "c5"), 2);
    play(&mut s, "retreat");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("e5"));
    // At the side of the map, the edge closes one flank.
    let mut s = Pos::new(RU, AU)
        .unit(SOUTH, "1st Regiment", "h4")
        .unit(NORTH, "Koursk Regiment", "h5")
        .unit(NORTH, "Leib Grenadiers", "h6")
        .hand(SOUTH, &[card()])
        .start();
    play(&mut s, &assault(first_regiment(), "h5", card()));
    play(&mut s, "done-attacking");
    roll(&mut s, &[1]);
    play(&mut s, "retreat");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("g5"));
}

#[test]
fn rule_6_6_a_unit_on_its_own_back_edge_retreats_to_a_flank() {
    // Every Russian unit placed by hand so that d8's flanks can be controlled.
    let mut s = Pos::new(RU, AU)
        .unit(SOUTH, "1st Regiment", "d7")
        .unit(NORTH, "Koursk Regiment", "d8")
        .unit(NORTH, "Leib Grenadiers", "e8")
        .unit(NORTH, "1st Cavalry", "a6")
        .unit(NORTH, "Black Sea Cossacks", "b6")
        .unit(NORTH, "Russian Guard", "g6")
        .unit(NORTH, "Kexholm Regiment", "h6")
        .unit(NORTH, "Moscow Regiment", "h8")
        .unit(NORTH, "Orlov Regiment", "a8")
        .hand(SOUTH, &[card()])
        .start();
    play(&mut s, &assault(first_regiment(), "d8", card()));
    play(&mut s, "done-attacking");
    roll(&mut s, &[1]);
    play(&mut s, "retreat");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("c8"));
}

#[test]
fn rule_6_6_retreat_toward_the_enemy_only_when_home_and_both_flanks_are_closed() {
    // The attack comes from the west flank (c5), so the square toward the enemy (d4) is empty.
    let from_flank = || {
        Pos::new(RU, AU)
            .unit(SOUTH, "1st Regiment", "c5")
            .unit(NORTH, "Koursk Regiment", "d5")
            .unit(NORTH, "Leib Grenadiers", "d6")
            .hand(SOUTH, &[card()])
    };
    let run = |pos: Pos| {
        let mut s = pos.start();
        play(&mut s, &assault(first_regiment(), "d5", card()));
        play(&mut s, "done-attacking");
        roll(&mut s, &[1]);
        play(&mut s, "retreat");
        s
    };
    let s = run(from_flank());
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("e5"), "an open flank comes before the enemy side");
    let s = run(from_flank().unit(NORTH, "Moscow Regiment", "e5"));
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d4"), "only then toward the enemy's edge");
}

#[test]
fn rule_6_6_a_unit_that_cannot_retreat_is_eliminated_when_the_attacker_picks_retreat() {
    let boxed = || {
        duel().unit(NORTH, "Leib Grenadiers", "d6").unit(NORTH, "Moscow Regiment", "c5").unit(
            SOUTH,
            "9th Regiment",
            "e5",
        )
    };
    // The defender, choosing, is offered only the hit.
    let s = result(boxed(), 1);
    assert_eq!(to_move(&s), ToMove::Player(NORTH));
    assert_eq!(ids(&s), vec!["take-hit".to_string()], "the defender may not pick an impossible retreat");
    // The attacker, choosing, may pick Retreat: the unit is eliminated.
    let mut s = result(boxed(), 5);
    assert_eq!(to_move(&s), ToMove::Player(SOUTH));
    assert_eq!(sorted(ids(&s)), vec!["retreat".to_string(), "take-hit".to_string()]);
    let before = s.log().len();
    play(&mut s, "retreat");
    assert!(unit(&s, koursk()).eliminated, "a full-strength unit with no retreat is lost");
    let told = s.events_since(before);
    assert!(told.iter().any(|e| e.contains("is eliminated (no square to retreat to)")), "{told:#?}");
    assert_eq!(lost(&s, NORTH), 1);
    assert_eq!(phase(&s), Phase::Advance { retreated: false });
}

#[test]
fn rule_6_6_a_lake_counts_as_blocked_for_a_retreat() {
    let mut s = result(duel().terrain("d6", 'L'), 5);
    play(&mut s, "retreat");
    assert_eq!(to_move(&s), ToMove::Player(NORTH));
    assert_eq!(sorted(ids(&s)), vec!["retreat-to-c5".to_string(), "retreat-to-e5".to_string()]);
}

#[test]
fn rule_6_6_the_redoubt_goes_when_its_unit_retreats_and_stays_while_it_holds() {
    let pos = || duel().redoubt("d5");
    // 7 + 4 = 11 against 6 + 3 = 9: the defender chooses.
    let mut s = result(pos(), 4);
    assert_eq!(to_move(&s), ToMove::Player(NORTH));
    play(&mut s, "take-hit");
    assert_eq!(redoubts(&s), vec!["d5".to_string()]);
    let mut s = result(pos(), 4);
    play(&mut s, "retreat");
    assert!(redoubts(&s).is_empty(), "the Redoubt is removed when its unit leaves");
    play(&mut s, &format!("advance-{}", first_regiment()));
    assert!(redoubts(&s).is_empty(), "the advancing unit does not inherit it");
}

#[test]
fn rule_6_6_withdrawal_is_made_exactly_like_a_retreat() {
    let withdraw = hq_card(RU, HqKind::Withdraw);
    let mut s = duel().unit(NORTH, "Leib Grenadiers", "d6").hand(NORTH, &[withdraw]).start();
    play(&mut s, &assault(first_regiment(), "d5", card()));
    play(&mut s, &format!("withdraw-{withdraw}"));
    assert_eq!(to_move(&s), ToMove::Player(NORTH), "the owner picks the flank");
    play(&mut s, "retreat-to-e5");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("e5"));
    play(&mut s, &format!("advance-{}", first_regiment()));
    assert_eq!(square_of(&s, first_regiment()).as_deref(), Some("d5"));
}

#[test]
fn rule_6_6_a_withdrawal_may_go_toward_the_enemy_when_nothing_else_is_open() {
    let withdraw = hq_card(RU, HqKind::Withdraw);
    let mut s = Pos::new(RU, AU)
        .unit(SOUTH, "1st Regiment", "c5")
        .unit(NORTH, "Koursk Regiment", "d5")
        .unit(NORTH, "Leib Grenadiers", "d6")
        .unit(NORTH, "Moscow Regiment", "e5")
        .hand(SOUTH, &[card()])
        .hand(NORTH, &[withdraw])
        .start();
    play(&mut s, &assault(first_regiment(), "d5", card()));
    play(&mut s, &format!("withdraw-{withdraw}"));
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d4"));
    play(&mut s, &format!("advance-{}", first_regiment()));
    assert_eq!(square_of(&s, first_regiment()).as_deref(), Some("d5"));
}

// ---- Advance after combat ----

#[test]
fn rule_6_6_the_attacking_unit_must_advance_into_the_vacated_square() {
    let mut s = result(duel(), 1);
    play(&mut s, "retreat");
    assert_eq!(to_move(&s), ToMove::Player(SOUTH));
    assert_eq!(ids(&s), vec![format!("advance-{}", first_regiment())], "no choice to stay");
    play(&mut s, &format!("advance-{}", first_regiment()));
    assert_eq!(at(&s, "d5"), Some(first_regiment()));
    assert_eq!(at(&s, "d4"), None);
    assert_combat_over(&s);
}

#[test]
fn rule_6_6_a_supporting_unit_may_advance_instead() {
    let francis = leader_card(AU, "Emperor Francis II");
    let fourth = uid(SOUTH, AU, "4th Regiment");
    let mut s = duel().unit(SOUTH, "4th Regiment", "c5").hand(SOUTH, &[card(), francis]).start();
    play(&mut s, &assault(first_regiment(), "d5", card()));
    play(&mut s, &format!("leader-command-{francis}"));
    play(&mut s, &format!("support-{fourth}"));
    play(&mut s, "done-support");
    play(&mut s, "done-attacking");
    roll(&mut s, &[1]); // 7 + 5 + 1 = 13 against 6: the attacker chooses
    play(&mut s, "retreat");
    assert_eq!(sorted(ids(&s)), sorted(vec![format!("advance-{}", first_regiment()), format!("advance-{fourth}")]));
    play(&mut s, &format!("advance-{fourth}"));
    assert_eq!(at(&s, "d5"), Some(fourth), "the supporting unit, which played no card, advances");
    assert_eq!(at(&s, "c5"), None);
    assert_eq!(at(&s, "d4"), Some(first_regiment()));
}

#[test]
fn rule_6_6_no_advance_when_the_defender_holds() {
    let mut s = result(duel(), 1);
    play(&mut s, "take-hit");
    assert_combat_over(&s);
    assert_eq!(at(&s, "d4"), Some(first_regiment()));
}

/// Britain's 1st Foot Guards (8) on d4, whose 2d8 cards all say "not required to advance", against
/// the Koursk Regiment on d5.
fn guards(extra_hand: &[u8]) -> Pos {
    let mut hand = vec![attack_cards(BR, "1st Foot Guards", "2d8")[0]];
    hand.extend_from_slice(extra_hand);
    Pos::new(RU, BR).unit(SOUTH, "1st Foot Guards", "d4").unit(NORTH, "Koursk Regiment", "d5").hand(SOUTH, &hand)
}

#[test]
fn rule_6_6_not_required_to_advance_lets_a_lone_attacker_stay() {
    let fg = uid(SOUTH, BR, "1st Foot Guards");
    let fg_card = attack_cards(BR, "1st Foot Guards", "2d8")[0];
    assert!(unit_card_def(BR, fg_card).not_required_to_advance);
    let mut s = guards(&[]).start();
    play(&mut s, &assault(fg, "d5", fg_card));
    play(&mut s, "done-attacking");
    roll(&mut s, &[1, 1]); // 10 against 6: the defender chooses
    play(&mut s, "retreat");
    assert_eq!(sorted(ids(&s)), vec![format!("advance-{fg}"), "stay-put".to_string()]);
    play(&mut s, "stay-put");
    assert_eq!(at(&s, "d4"), Some(fg));
    assert_eq!(at(&s, "d5"), None);
    assert_combat_over(&s);
}

#[test]
fn rule_6_6_not_required_to_advance_applies_after_a_withdrawal_too() {
    let withdraw = hq_card(RU, HqKind::Withdraw);
    let fg = uid(SOUTH, BR, "1st Foot Guards");
    let fg_card = attack_cards(BR, "1st Foot Guards", "2d8")[0];
    let mut s = guards(&[]).hand(NORTH, &[withdraw]).start();
    play(&mut s, &assault(fg, "d5", fg_card));
    play(&mut s, &format!("withdraw-{withdraw}"));
    assert_eq!(sorted(ids(&s)), vec![format!("advance-{fg}"), "stay-put".to_string()]);
    play(&mut s, "stay-put");
    assert_eq!(at(&s, "d4"), Some(fg));
    assert_combat_over(&s);
}

#[test]
fn rule_6_6_not_required_to_advance_needs_every_unit_in_the_attack_to_have_played_one() {
    let uxbridge = leader_card(BR, "Earl of Uxbridge");
    let fg = uid(SOUTH, BR, "1st Foot Guards");
    let fg_card = attack_cards(BR, "1st Foot Guards", "2d8")[0];
    let kdg = uid(SOUTH, BR, "King's Dragoons Guards");
    let kdg_card = attack_cards(BR, "King's Dragoons Guards", "2d8")[0];
    assert!(unit_card_def(BR, kdg_card).not_required_to_advance);
    // Returns the advance choices once the Koursk Regiment has retreated.
    let advance_choices = |supporter_card: bool| {
        let mut s = guards(&[uxbridge, kdg_card]).unit(SOUTH, "King's Dragoons Guards", "c5").start();
        play(&mut s, &assault(fg, "d5", fg_card));
        play(&mut s, &format!("leader-command-{uxbridge}"));
        play(&mut s, &format!("support-{kdg}"));
        play(&mut s, "done-support");
        if supporter_card {
            play(&mut s, &format!("attack-card-{kdg_card}"));
        }
        play(&mut s, "done-attacking");
        let dice = if supporter_card { vec![1, 1, 1, 1] } else { vec![1, 1] };
        // At least 8 + 8 + 2 = 18 against 6: three times, so the defender is hit and retreats.
        roll(&mut s, &dice);
        assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"));
        assert!(matches!(phase(&s), Phase::Advance { .. }));
        sorted(ids(&s))
    };
    let both = advance_choices(true);
    assert!(both.contains(&"stay-put".to_string()), "both units played such a card: {both:?}");
    let one = advance_choices(false);
    assert_eq!(
        one,
        sorted(vec![format!("advance-{fg}"), format!("advance-{kdg}")]),
        "the cavalry played no card, so somebody must advance"
    );
}

#[test]
fn rule_6_6_a_card_without_the_phrase_for_the_attacking_unit_obliges_an_advance() {
    // The 52nd Regiment (6) leads with an ordinary card; the Foot Guards support with theirs.
    let uxbridge = leader_card(BR, "Earl of Uxbridge");
    let fg = uid(SOUTH, BR, "1st Foot Guards");
    let fg_card = attack_cards(BR, "1st Foot Guards", "2d8")[0];
    let fifty_second = uid(SOUTH, BR, "52nd Regiment of Foot");
    let plain = attack_cards(BR, "52nd Regiment of Foot", "2d8")[0];
    assert!(!unit_card_def(BR, plain).not_required_to_advance);
    let mut s = Pos::new(RU, BR)
        .unit(SOUTH, "52nd Regiment of Foot", "d4")
        .unit(SOUTH, "1st Foot Guards", "c5")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[plain, uxbridge, fg_card])
        .start();
    play(&mut s, &assault(fifty_second, "d5", plain));
    play(&mut s, &format!("leader-command-{uxbridge}"));
    play(&mut s, &format!("support-{fg}"));
    play(&mut s, "done-support");
    play(&mut s, &format!("attack-card-{fg_card}"));
    play(&mut s, "done-attacking");
    roll(&mut s, &[1, 1, 1, 1]); // 6 + 8 + 4 = 18 against 6: hit and retreat
    assert!(matches!(phase(&s), Phase::Advance { .. }));
    assert!(!can(&s, "stay-put"), "{:?}", ids(&s));
    assert_eq!(ids_with(&s, "advance-").len(), 2);
}
