//! Rule 9, the HQ cards that shape a combat: Ambush (no attacking unit, any target, the card as the
//! first unit under Command, no attacker terrain, no advance, Withdraw allowed, Committed Attack only
//! with a supporting unit, no Skirmish), Committed Attack (+2d6, one per unit, a hit after every
//! other loss, the sacked commander of rule 2.1), Sappers, Skirmish, Napoleon's Grand Battery and
//! Death With Honour.
//!
//! The South player (player 1) is the active player throughout.

mod combat_common;

use combat_common::*;
use engine::{Game, ToMove};
use manoeuvre::data::model::HqKind;
use manoeuvre::state::Phase;

const AU: &str = "AU";
const RU: &str = "RU";
const BR: &str = "BR";
const FR: &str = "FR";
const TO: &str = "TO";

fn koursk() -> u8 {
    uid(NORTH, RU, "Koursk Regiment")
}

fn first_regiment() -> u8 {
    uid(SOUTH, AU, "1st Regiment")
}

fn au_card() -> u8 {
    attack_cards(AU, "1st Regiment", "1d10")[0]
}

// ---- Ambush ----

fn ambush_card() -> u8 {
    hq_card(AU, HqKind::Ambush)
}

/// Austria holds an Ambush (and `more`) against the Koursk Regiment (6) on d5; the 4th Regiment
/// (5) stands on c5 beside it.
fn ambush_pos(more: &[u8]) -> Pos {
    let mut hand = vec![ambush_card()];
    hand.extend_from_slice(more);
    Pos::new(RU, AU).unit(SOUTH, "4th Regiment", "c5").unit(NORTH, "Koursk Regiment", "d5").hand(SOUTH, &hand)
}

#[test]
fn rule_9_2_an_ambush_has_no_attacking_unit_and_rolls_its_cards_die() {
    let mut s = ambush_pos(&[]).start();
    play(&mut s, &ambush(ambush_card(), "d5"));
    pass_windows(&mut s);
    assert_eq!(phase(&s), Phase::AttackerCards);
    assert!(ids_with(&s, "attack-card-").is_empty(), "there is no attacking unit to add cards for");
    play(&mut s, "done-attacking");
    assert_eq!(attack_total(&s), 0, "no attacking unit strength, though the 4th Regiment stands next door");
    assert_eq!(die_faces(&s), 10, "the Ambush card's 1d10");
    roll(&mut s, &[7]);
    assert_eq!(attack_total(&s), 7);
    assert_eq!(to_move(&s), ToMove::Player(NORTH), "7 against 6: the defender chooses");
}

#[test]
fn rule_9_2_an_ambush_that_falls_short_costs_only_its_supporting_units() {
    // Alone: nothing to hit.
    let mut s = ambush_pos(&[]).start();
    play(&mut s, &ambush(ambush_card(), "d5"));
    play(&mut s, "done-attacking");
    roll(&mut s, &[2]);
    assert_combat_over(&s);
    assert_eq!(lost(&s, SOUTH), 0);
    assert!(!unit(&s, uid(SOUTH, AU, "4th Regiment")).reduced, "the bystander is not in the attack");
    // With a supporting unit, that unit pays.
    let francis = leader_card(AU, "Emperor Francis II");
    let fourth = uid(SOUTH, AU, "4th Regiment");
    let mut s = ambush_pos(&[francis]).terrain("d5", 'T').redoubt("d5").start();
    play(&mut s, &ambush(ambush_card(), "d5"));
    play(&mut s, &format!("leader-command-{francis}"));
    play(&mut s, &format!("support-{fourth}"));
    play(&mut s, "done-support");
    play(&mut s, "done-attacking");
    roll(&mut s, &[1]); // 1 + 5 against 6 + 3 + 3
    assert!(unit(&s, fourth).reduced);
}

#[test]
fn rule_9_2_an_ambush_gives_the_attacker_no_terrain_benefit() {
    let francis = leader_card(AU, "Emperor Francis II");
    let fourth = uid(SOUTH, AU, "4th Regiment");
    let mut s = ambush_pos(&[francis]).terrain("c5", 'H').terrain("d5", 'W').start();
    play(&mut s, &ambush(ambush_card(), "d5"));
    play(&mut s, &format!("leader-command-{francis}"));
    play(&mut s, &format!("support-{fourth}"));
    play(&mut s, "done-support");
    play(&mut s, "done-attacking");
    assert_eq!(attack_total(&s), 5, "the supporting unit's strength without its Hills benefit");
    assert_eq!(defense_total(&s), 6 + defense_bonus('W'), "the defender keeps its Woods");
}

#[test]
fn rule_9_2_an_ambush_may_add_a_leaders_combat_value() {
    let archduke = leader_card(AU, "Archduke Charles");
    let mut s = ambush_pos(&[archduke]).start();
    play(&mut s, &ambush(ambush_card(), "d5"));
    play(&mut s, &format!("leader-combat-{archduke}"));
    play(&mut s, "done-attacking");
    assert_eq!(attack_total(&s), 4);
}

#[test]
fn rule_9_2_the_ambush_card_counts_as_the_first_unit_under_command() {
    for (leader, supporters) in [("Emperor Francis II", 1), ("Karl Mack von Leiberich", 2), ("Archduke Charles", 3)] {
        let lc = leader_card(AU, leader);
        // Four Austrian units on the four sides of d5.
        let mut s = ambush_pos(&[lc])
            .unit(SOUTH, "1st Regiment", "d4")
            .unit(SOUTH, "6th Grenzers", "e5")
            .unit(SOUTH, "9th Regiment", "d6")
            .start();
        play(&mut s, &ambush(ambush_card(), "d5"));
        play(&mut s, &format!("leader-command-{lc}"));
        let mut chosen = 0;
        while let Some(id) = ids_with(&s, "support-").first().cloned() {
            play(&mut s, &id);
            chosen += 1;
        }
        assert_eq!(chosen, supporters, "{leader}: Command {} minus the Ambush card", supporters + 1);
    }
}

#[test]
fn rule_9_2_no_advance_after_an_ambush() {
    let francis = leader_card(AU, "Emperor Francis II");
    let fourth = uid(SOUTH, AU, "4th Regiment");
    let mut s = ambush_pos(&[francis]).start();
    play(&mut s, &ambush(ambush_card(), "d5"));
    play(&mut s, &format!("leader-command-{francis}"));
    play(&mut s, &format!("support-{fourth}"));
    play(&mut s, "done-support");
    play(&mut s, "done-attacking");
    roll(&mut s, &[10]); // 15 against 6: the attacker chooses
    play(&mut s, "retreat");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"));
    assert_combat_over(&s);
    assert_eq!(at(&s, "d5"), None, "nobody advances");
    assert_eq!(at(&s, "c5"), Some(fourth));
}

#[test]
fn rule_9_2_the_defender_may_withdraw_from_an_ambush() {
    let withdraw = hq_card(RU, HqKind::Withdraw);
    let mut s = ambush_pos(&[]).hand(NORTH, &[withdraw]).start();
    play(&mut s, &ambush(ambush_card(), "d5"));
    assert_eq!(phase(&s), Phase::Withdraw);
    play(&mut s, &format!("withdraw-{withdraw}"));
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"));
    assert_combat_over(&s);
    assert_eq!(at(&s, "d5"), None);
    assert!(in_discard(&s, SOUTH, ambush_card()), "the Ambush card is spent");
}

#[test]
fn rule_9_2_committed_attack_in_an_ambush_needs_a_supporting_unit() {
    let committed = hq_card(AU, HqKind::CommittedAttack);
    let francis = leader_card(AU, "Emperor Francis II");
    let fourth = uid(SOUTH, AU, "4th Regiment");
    let mut s = ambush_pos(&[committed, francis]).unit(SOUTH, "1st Regiment", "b5").start();
    play(&mut s, &ambush(ambush_card(), "d5"));
    assert!(ids_with(&s, "committed-").is_empty(), "no unit to take the hit: {:?}", ids(&s));
    play(&mut s, &format!("leader-command-{francis}"));
    play(&mut s, &format!("support-{fourth}"));
    play(&mut s, "done-support");
    assert_eq!(ids_with(&s, "committed-"), vec![format!("committed-{committed}-{fourth}")]);
    play(&mut s, &format!("committed-{committed}-{fourth}"));
    play(&mut s, "done-attacking");
    roll_checked(&mut s, &[(6, 1), (6, 1), (10, 1)]); // 2 + 1 + 5 = 8 against 6: defender chooses
    play(&mut s, "take-hit");
    assert!(unit(&s, fourth).reduced, "the supporting unit pays for the Committed Attack");
    assert_combat_over(&s);
}

#[test]
fn rule_9_2_no_skirmish_in_an_ambush() {
    let skirmish = hq_card(AU, HqKind::Skirmish);
    let mut s = ambush_pos(&[skirmish]).start();
    play(&mut s, &ambush(ambush_card(), "d5"));
    assert!(ids_with(&s, "skirmish").is_empty(), "{:?}", ids(&s));
}

// ---- Committed Attack (Russia attacks Austria) ----

fn moscow() -> u8 {
    uid(SOUTH, RU, "Moscow Regiment")
}

fn moscow_card() -> u8 {
    attack_cards(RU, "Moscow Regiment", "1d10")[0]
}

/// Russia's Moscow Regiment (6) on d4 with a 1d10 card against Austria's 4th Regiment (5) on d5.
fn russian_attack(more: &[u8]) -> Pos {
    let mut hand = vec![moscow_card()];
    hand.extend_from_slice(more);
    Pos::new(AU, RU).unit(SOUTH, "Moscow Regiment", "d4").unit(NORTH, "4th Regiment", "d5").hand(SOUTH, &hand)
}

fn fourth_regiment() -> u8 {
    uid(NORTH, AU, "4th Regiment")
}

#[test]
fn rule_9_2_committed_attack_adds_2d6_and_costs_a_hit_at_the_end() {
    let committed = hq_cards(RU, HqKind::CommittedAttack);
    let mut s = russian_attack(&[committed[0]]).terrain("d5", 'T').start();
    play(&mut s, &assault(moscow(), "d5", moscow_card()));
    play(&mut s, &format!("committed-{}-{}", committed[0], moscow()));
    play(&mut s, "done-attacking");
    assert_eq!(attack_total(&s), 6);
    roll_checked(&mut s, &[(6, 1), (6, 1), (10, 1)]);
    // 6 + 1 + 1 + 1 = 9 against 5 + 3 = 8: the defender chooses, and holds.
    assert_eq!(attack_total(&s), 9);
    assert_eq!(to_move(&s), ToMove::Player(NORTH));
    assert!(!unit(&s, moscow()).reduced, "the hit waits for the end of the combat");
    play(&mut s, "take-hit");
    assert!(unit(&s, fourth_regiment()).reduced);
    assert!(unit(&s, moscow()).reduced, "the Committed Attack's hit");
    assert_combat_over(&s);
    assert!(in_discard(&s, SOUTH, committed[0]));
}

#[test]
fn rule_9_2_committed_attack_costs_its_hit_even_when_nothing_else_happens() {
    let committed = hq_card(RU, HqKind::CommittedAttack);
    let mut s = russian_attack(&[committed]).terrain("d5", 'T').redoubt("d5").start();
    play(&mut s, &assault(moscow(), "d5", moscow_card()));
    play(&mut s, &format!("committed-{committed}-{}", moscow()));
    play(&mut s, "done-attacking");
    roll(&mut s, &[1, 1, 3]); // 11 against 5 + 3 + 3 = 11
    assert!(!unit(&s, fourth_regiment()).reduced);
    assert!(unit(&s, moscow()).reduced);
    assert_combat_over(&s);
}

#[test]
fn rule_9_2_at_most_one_committed_attack_per_unit() {
    let committed = hq_cards(RU, HqKind::CommittedAttack);
    let kutuzov = leader_card(RU, "Mikhail I. Kutuzov");
    let orlov = uid(SOUTH, RU, "Orlov Regiment");
    let mut s = russian_attack(&[committed[0], committed[1], kutuzov]).unit(SOUTH, "Orlov Regiment", "c5").start();
    play(&mut s, &assault(moscow(), "d5", moscow_card()));
    play(&mut s, &format!("committed-{}-{}", committed[0], moscow()));
    assert!(
        ids_with(&s, "committed-").iter().all(|i| !i.ends_with(&format!("-{}", moscow()))),
        "a second Committed Attack for the same unit: {:?}",
        ids(&s)
    );
    // A supporting unit may carry its own.
    play(&mut s, &format!("leader-command-{kutuzov}"));
    play(&mut s, &format!("support-{orlov}"));
    play(&mut s, "done-support");
    play(&mut s, &format!("committed-{}-{orlov}", committed[1]));
    assert!(ids_with(&s, "committed-").is_empty());
    play(&mut s, "done-attacking");
    // Two Committed Attacks: four d6 before the d10.
    roll_checked(&mut s, &[(6, 1), (6, 1), (6, 1), (6, 1), (10, 1)]);
}

#[test]
fn rule_9_2_committed_attack_hits_after_the_combat_hits() {
    let committed = hq_card(RU, HqKind::CommittedAttack);
    let mut s = russian_attack(&[committed]).terrain("d5", 'T').redoubt("d5").start();
    play(&mut s, &assault(moscow(), "d5", moscow_card()));
    play(&mut s, &format!("committed-{committed}-{}", moscow()));
    play(&mut s, "done-attacking");
    roll(&mut s, &[1, 1, 1]); // 9 against 5 + 3 + 3 = 11
    assert!(unit(&s, moscow()).eliminated, "the combat hit flips it, the Committed Attack hit eliminates it");
    assert_eq!(lost(&s, SOUTH), 1);
    assert_combat_over(&s);
}

#[test]
fn rule_9_2_a_committed_hit_whose_unit_is_gone_falls_on_another_unit_of_the_attack() {
    let committed = hq_card(RU, HqKind::CommittedAttack);
    let kutuzov = leader_card(RU, "Mikhail I. Kutuzov");
    let orlov = uid(SOUTH, RU, "Orlov Regiment");
    let au_defence = attack_cards(AU, "1st Regiment", "1d10")[0];
    let mut s = Pos::new(AU, RU)
        .terrain("d5", 'T')
        .reduced(SOUTH, "Moscow Regiment", "d4")
        .unit(SOUTH, "Orlov Regiment", "c5")
        .unit(NORTH, "1st Regiment", "d5")
        .redoubt("d5")
        .hand(SOUTH, &[moscow_card(), committed, kutuzov])
        .hand(NORTH, &[au_defence])
        .start();
    play(&mut s, &assault(moscow(), "d5", moscow_card()));
    play(&mut s, &format!("defend-{au_defence}"));
    finish_defence(&mut s);
    play(&mut s, &format!("committed-{committed}-{}", moscow()));
    play(&mut s, &format!("leader-command-{kutuzov}"));
    play(&mut s, &format!("support-{orlov}"));
    play(&mut s, "done-support");
    play(&mut s, "done-attacking");
    assert_eq!(defense_total(&s), 7 + 4 + defense_bonus('T') + 3);
    let before = s.log().len();
    roll(&mut s, &[1, 1, 1]); // 5 + 6 + 3 = 14 against 17: both attackers are hit
    assert!(unit(&s, moscow()).eliminated, "the named unit is gone");
    let told = s.events_since(before);
    assert!(told.iter().any(|e| e.contains("is eliminated (the Committed Attack's hit)")), "{told:#?}");
    assert!(unit(&s, orlov).reduced);
    assert_eq!(phase(&s), Phase::CommittedHit);
    assert_eq!(to_move(&s), ToMove::Player(SOUTH), "the attacker picks who pays");
    assert_eq!(ids(&s), vec![format!("committed-hit-{orlov}")]);
    play(&mut s, &format!("committed-hit-{orlov}"));
    assert!(unit(&s, orlov).eliminated);
    assert_eq!(lost(&s, SOUTH), 2);
    assert_combat_over(&s);
}

#[test]
fn rule_2_1_a_fifth_loss_to_a_committed_attack_loses_the_game() {
    let committed = hq_card(RU, HqKind::CommittedAttack);
    let four_lost = |pos: Pos| {
        pos.eliminated(SOUTH, "Black Sea Cossacks")
            .eliminated(SOUTH, "Orlov Regiment")
            .eliminated(SOUTH, "Kexholm Regiment")
            .eliminated(SOUTH, "Leib Grenadiers")
    };
    let mut s = four_lost(
        Pos::new(AU, RU)
            .reduced(SOUTH, "Moscow Regiment", "d4")
            .unit(NORTH, "4th Regiment", "d5")
            .hand(SOUTH, &[moscow_card(), committed]),
    )
    .start();
    assert_eq!(lost(&s, SOUTH), 4);
    play(&mut s, &assault(moscow(), "d5", moscow_card()));
    play(&mut s, &format!("committed-{committed}-{}", moscow()));
    play(&mut s, "done-attacking");
    roll(&mut s, &[1, 1, 1]); // 5 + 3 = 8 against 5: the defender chooses
    play(&mut s, "take-hit");
    assert!(unit(&s, moscow()).eliminated);
    assert_eq!(to_move(&s), ToMove::Terminal);
    let outcome = s.state().outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(NORTH), "{}", outcome.reason);
    assert!(outcome.reason.contains("sacked"), "{}", outcome.reason);
}

#[test]
fn rule_2_1_the_sacked_commander_loses_even_when_the_enemy_also_lost_a_fifth_unit() {
    let committed = hq_card(RU, HqKind::CommittedAttack);
    let mut s = Pos::new(AU, RU)
        .reduced(SOUTH, "Moscow Regiment", "d4")
        .reduced(NORTH, "4th Regiment", "d5")
        .eliminated(SOUTH, "Black Sea Cossacks")
        .eliminated(SOUTH, "Orlov Regiment")
        .eliminated(SOUTH, "Kexholm Regiment")
        .eliminated(SOUTH, "Leib Grenadiers")
        .eliminated(NORTH, "1st Regiment")
        .eliminated(NORTH, "3rd Regiment")
        .eliminated(NORTH, "6th Grenzers")
        .eliminated(NORTH, "9th Regiment")
        .hand(SOUTH, &[moscow_card(), committed])
        .start();
    play(&mut s, &assault(moscow(), "d5", moscow_card()));
    play(&mut s, &format!("committed-{committed}-{}", moscow()));
    play(&mut s, "done-attacking");
    roll(&mut s, &[1, 1, 10]); // 5 + 12 = 17 against 3: four times, the 4th Regiment is eliminated
    assert!(unit(&s, fourth_regiment()).eliminated);
    assert_eq!(lost(&s, NORTH), 5);
    assert_ne!(to_move(&s), ToMove::Terminal, "the game ends once the combat is over");
    play(&mut s, &format!("advance-{}", moscow()));
    assert!(unit(&s, moscow()).eliminated, "the Committed Attack hit");
    let outcome = s.state().outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(NORTH), "{}", outcome.reason);
}

// ---- Sappers (Britain attacks Russia) ----

#[test]
fn rule_9_2_sappers_cancel_the_redoubts_benefit_but_leave_the_redoubt() {
    let sappers = hq_card(BR, HqKind::Sappers);
    let fg = uid(SOUTH, BR, "1st Foot Guards");
    let fg_card = attack_cards(BR, "1st Foot Guards", "2d8")[0];
    let mut s = Pos::new(RU, BR)
        .terrain("d5", 'T')
        .unit(SOUTH, "1st Foot Guards", "d4")
        .unit(NORTH, "Russian Guard", "d5")
        .redoubt("d5")
        .hand(SOUTH, &[fg_card, sappers])
        .start();
    play(&mut s, &assault(fg, "d5", fg_card));
    assert_eq!(defense_total(&s), 8 + defense_bonus('T') + 3);
    play(&mut s, &format!("sappers-{sappers}"));
    assert_eq!(defense_total(&s), 8 + defense_bonus('T'), "the Redoubt's +3 is ignored");
    assert!(ids_with(&s, "sappers-").is_empty());
    play(&mut s, "done-attacking");
    roll(&mut s, &[1, 2]); // 8 + 3 = 11 against 11
    assert_combat_over(&s);
    assert_eq!(redoubts(&s), vec!["d5".to_string()], "the Redoubt stays");
    assert!(in_discard(&s, SOUTH, sappers));
}

#[test]
fn rule_9_2_sappers_are_played_only_against_a_redoubt() {
    let sappers = hq_card(BR, HqKind::Sappers);
    let fg = uid(SOUTH, BR, "1st Foot Guards");
    let fg_card = attack_cards(BR, "1st Foot Guards", "2d8")[0];
    let mut s = Pos::new(RU, BR)
        .terrain("d5", 'T')
        .unit(SOUTH, "1st Foot Guards", "d4")
        .unit(NORTH, "Russian Guard", "d5")
        .hand(SOUTH, &[fg_card, sappers])
        .start();
    play(&mut s, &assault(fg, "d5", fg_card));
    assert!(ids_with(&s, "sappers-").is_empty(), "{:?}", ids(&s));
}

// ---- Skirmish (Austria attacks Russia) ----

#[test]
fn rule_9_2_skirmish_cancels_the_combat_and_returns_the_initiating_card() {
    let skirmish = hq_card(AU, HqKind::Skirmish);
    let extra = attack_cards(AU, "1st Regiment", "1d10")[1];
    let koursk_card = attack_cards(RU, "Koursk Regiment", "1d10")[0];
    let bagration = leader_card(RU, "Pyotr I. Bagration");
    let mut s = Pos::new(RU, AU)
        .unit(SOUTH, "1st Regiment", "d4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[au_card(), extra, skirmish])
        .hand(NORTH, &[koursk_card, bagration])
        .start();
    play(&mut s, &assault(first_regiment(), "d5", au_card()));
    assert!(!in_hand(&s, SOUTH, au_card()));
    play(&mut s, &format!("defend-{koursk_card}"));
    play(&mut s, &format!("defend-leader-{bagration}"));
    finish_defence(&mut s);
    play(&mut s, &format!("attack-card-{extra}"));
    play(&mut s, &format!("skirmish-{skirmish}"));
    assert_eq!(phase(&s), Phase::SkirmishMove);
    assert!(in_hand(&s, SOUTH, au_card()), "the initiating card goes back to the hand");
    assert!(in_discard(&s, SOUTH, skirmish));
    assert!(in_discard(&s, NORTH, koursk_card) && in_discard(&s, NORTH, bagration), "the defender's cards are lost");
    play(&mut s, "stay-put");
    assert_combat_over(&s);
    assert!(s.log().iter().all(|e| !e.id.starts_with("die-")), "no die was rolled");
    assert!(!unit(&s, koursk()).reduced && !unit(&s, first_regiment()).reduced);
    assert!(in_hand(&s, SOUTH, au_card()), "still in hand after the combat");
}

#[test]
fn rule_9_2_skirmish_moves_the_attacking_unit_up_to_two_squares() {
    let skirmish = hq_card(AU, HqKind::Skirmish);
    let pos = |blocker: bool| {
        let p = Pos::new(RU, AU)
            .unit(SOUTH, "1st Regiment", "d4")
            .unit(NORTH, "Koursk Regiment", "d5")
            .hand(SOUTH, &[au_card(), skirmish]);
        if blocker { p.unit(SOUTH, "4th Regiment", "c4") } else { p }
    };
    let reach = |s: &S| {
        let mut v: Vec<String> =
            ids_with(s, "skirmish-to-").into_iter().map(|i| i["skirmish-to-".len()..].to_string()).collect();
        v.sort();
        v
    };
    let mut s = pos(false).start();
    play(&mut s, &assault(first_regiment(), "d5", au_card()));
    play(&mut s, &format!("skirmish-{skirmish}"));
    let mut expected: Vec<String> =
        ["c4", "e4", "d3", "b4", "f4", "c3", "e3", "d2", "c5", "e5"].iter().map(|x| x.to_string()).collect();
    expected.sort();
    assert_eq!(reach(&s), expected, "no diagonal steps, not through the defender");
    assert!(can(&s, "stay-put"));
    play(&mut s, "skirmish-to-e5");
    assert_eq!(square_of(&s, first_regiment()).as_deref(), Some("e5"));
    assert_combat_over(&s);
    // A unit in the way closes the squares behind it.
    let mut s = pos(true).start();
    play(&mut s, &assault(first_regiment(), "d5", au_card()));
    play(&mut s, &format!("skirmish-{skirmish}"));
    let got = reach(&s);
    for closed in ["c4", "b4", "c5"] {
        assert!(!got.contains(&closed.to_string()), "{closed} in {got:?}");
    }
    assert!(got.contains(&"c3".to_string()), "c3 is still reached through d3");
    // Terrain that ends a move (a Marsh) may be entered but not passed through.
    let mut s = pos(false).terrain("c4", 'M').start();
    play(&mut s, &assault(first_regiment(), "d5", au_card()));
    play(&mut s, &format!("skirmish-{skirmish}"));
    let got = reach(&s);
    assert!(got.contains(&"c4".to_string()), "{got:?}");
    assert!(!got.contains(&"b4".to_string()), "b4 lies only beyond the Marsh: {got:?}");
}

#[test]
fn rule_9_2_skirmish_is_not_played_with_a_leader() {
    let skirmish = hq_card(AU, HqKind::Skirmish);
    let archduke = leader_card(AU, "Archduke Charles");
    let mut s = Pos::new(RU, AU)
        .unit(SOUTH, "1st Regiment", "d4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[au_card(), skirmish, archduke])
        .start();
    play(&mut s, &assault(first_regiment(), "d5", au_card()));
    pass_windows(&mut s);
    assert!(can(&s, &format!("skirmish-{skirmish}")));
    play(&mut s, &format!("leader-combat-{archduke}"));
    assert!(ids_with(&s, "skirmish").is_empty(), "{:?}", ids(&s));
}

// ---- Grand Battery (France attacks Russia) ----

#[test]
fn rule_9_1_grand_battery_fires_2d10_from_any_french_unit() {
    let napoleon = leader_card(FR, "Napoleon Bonaparte");
    assert!(leader_def(FR, napoleon).grand_battery);
    let cuirassiers = uid(SOUTH, FR, "1st Cuirassiers");
    let legere = uid(SOUTH, FR, "2nd Regiment Legere");
    let withdraw = hq_card(RU, HqKind::Withdraw);
    let s = Pos::new(RU, FR)
        .terrain("d3", 'H')
        .unit(SOUTH, "1st Cuirassiers", "d3")
        .unit(SOUTH, "2nd Regiment Legere", "f5")
        .unit(NORTH, "Koursk Regiment", "d5")
        .hand(SOUTH, &[napoleon])
        .hand(NORTH, &[withdraw])
        .start();
    assert!(can(&s, &grand_battery(napoleon, cuirassiers, "d5")), "cavalry too: {:?}", ids(&s));
    assert!(can(&s, &grand_battery(napoleon, legere, "d5")));
    assert!(ids_with(&s, "bombard-").is_empty(), "no artillery card is needed");
    let mut s = s;
    play(&mut s, &grand_battery(napoleon, cuirassiers, "d5"));
    assert_eq!(to_move(&s), ToMove::Chance, "no Withdraw against a Grand Battery");
    assert_eq!(attack_total(&s), attack_bonus('H'));
    roll_checked(&mut s, &[(10, 1)]);
    assert_eq!(attack_total(&s), 1 + 2);
    roll_checked(&mut s, &[(10, 3)]); // 1 + 3 + 2 = 6 against 6
    assert!(!unit(&s, koursk()).reduced);
    assert_combat_over(&s);
    assert!(in_discard(&s, SOUTH, napoleon));
    assert!(in_hand(&s, NORTH, withdraw));
}

#[test]
fn rule_9_1_grand_battery_hits_once_and_follows_the_bombardment_paths() {
    let napoleon = leader_card(FR, "Napoleon Bonaparte");
    let cuirassiers = uid(SOUTH, FR, "1st Cuirassiers");
    let pos = || Pos::new(RU, FR).unit(SOUTH, "1st Cuirassiers", "d3").hand(SOUTH, &[napoleon]);
    let mut s = pos().unit(NORTH, "Koursk Regiment", "d5").start();
    play(&mut s, &grand_battery(napoleon, cuirassiers, "d5"));
    roll(&mut s, &[10, 10]); // 20 against 6
    assert!(unit(&s, koursk()).reduced);
    assert!(!unit(&s, koursk()).eliminated, "one hit however large the attack");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("d5"));
    let s = pos().terrain("d4", 'W').unit(NORTH, "Koursk Regiment", "d5").start();
    assert!(ids_with(&s, "grand-battery-").is_empty(), "Woods in between");
    let s = pos().unit(NORTH, "Koursk Regiment", "d6").start();
    assert!(ids_with(&s, "grand-battery-").is_empty(), "three squares away");
}

// ---- Leaders ----

#[test]
fn rule_9_1_a_japanese_leader_starts_only_its_own_units_assault_with_1d6_as_the_one_leader() {
    let naomasa = leader_card(TO, "Ii Naomasa");
    let tokugawa = leader_card(TO, "Tokugawa Ieyasu");
    let skirmish = hq_card(TO, HqKind::Skirmish);
    let ii = uid(SOUTH, TO, "Ii Han");
    let date = uid(SOUTH, TO, "Date Han");
    let mut s = Pos::new(RU, TO)
        .unit(SOUTH, "Ii Han", "d4")
        .unit(SOUTH, "Date Han", "f4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .unit(NORTH, "Leib Grenadiers", "f5")
        .hand(SOUTH, &[naomasa, tokugawa, skirmish])
        .start();
    assert!(can(&s, &assault(ii, "d5", naomasa)), "{:?}", ids(&s));
    assert!(!can(&s, &assault(date, "f5", naomasa)), "Ii Naomasa leads the Ii Han only");
    play(&mut s, &assault(ii, "d5", naomasa));
    assert!(ids_with(&s, "leader-").is_empty(), "the Japanese leader is the combat's one leader: {:?}", ids(&s));
    assert!(ids_with(&s, "skirmish").is_empty(), "no Skirmish in a combat with a leader");
    play(&mut s, "done-attacking");
    assert_eq!(attack_total(&s), 7, "the Ii Han's strength, no Combat value");
    assert_eq!(die_faces(&s), 6);
    roll(&mut s, &[4]); // 11 against 6
    assert_eq!(attack_total(&s), 11);
}

// ---- Death With Honour (Tokugawa attacks Russia) ----

fn dwh_card() -> u8 {
    hq_card(TO, HqKind::DeathWithHonour)
}

#[test]
fn rule_9_2_death_with_honour_hits_every_enemy_next_to_the_fallen_unit() {
    let asano = uid(SOUTH, TO, "Asano Han");
    let ii = uid(SOUTH, TO, "Ii Han");
    let (leib, moscow_ru, orlov) =
        (uid(NORTH, RU, "Leib Grenadiers"), uid(NORTH, RU, "Moscow Regiment"), uid(NORTH, RU, "Orlov Regiment"));
    let mut s = Pos::new(RU, TO)
        .unit(SOUTH, "Asano Han", "d4")
        .unit(SOUTH, "Ii Han", "e4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .reduced(NORTH, "Leib Grenadiers", "c4")
        .unit(NORTH, "Orlov Regiment", "d3")
        .unit(NORTH, "Moscow Regiment", "e5")
        .hand(SOUTH, &[dwh_card()])
        .start();
    play(&mut s, &format!("death-with-honour-{}-{asano}", dwh_card()));
    assert!(unit(&s, asano).eliminated);
    assert_eq!(lost(&s, SOUTH), 1, "the fallen unit is a loss");
    assert!(unit(&s, koursk()).reduced, "full strength: flipped");
    assert!(unit(&s, leib).eliminated, "already reduced: eliminated");
    assert!(unit(&s, orlov).reduced, "every side of the square counts");
    assert!(!unit(&s, moscow_ru).reduced, "a diagonal neighbour is spared");
    assert!(!unit(&s, ii).reduced, "friendly units are spared");
    assert_eq!(lost(&s, NORTH), 1);
    assert_combat_over(&s);
}

#[test]
fn rule_9_2_death_with_honour_that_brings_both_sides_to_five_losses_wins_for_its_player() {
    let asano = uid(SOUTH, TO, "Asano Han");
    let mut s = Pos::new(RU, TO)
        .unit(SOUTH, "Asano Han", "d4")
        .reduced(NORTH, "Koursk Regiment", "d5")
        .eliminated(SOUTH, "Ii Han")
        .eliminated(SOUTH, "Date Han")
        .eliminated(SOUTH, "Maeda Han")
        .eliminated(SOUTH, "Honda Han")
        .eliminated(NORTH, "Leib Grenadiers")
        .eliminated(NORTH, "Moscow Regiment")
        .eliminated(NORTH, "Orlov Regiment")
        .eliminated(NORTH, "Kexholm Regiment")
        .hand(SOUTH, &[dwh_card()])
        .start();
    play(&mut s, &format!("death-with-honour-{}-{asano}", dwh_card()));
    assert_eq!((lost(&s, SOUTH), lost(&s, NORTH)), (5, 5));
    assert_eq!(to_move(&s), ToMove::Terminal);
    assert_eq!(s.state().outcome().expect("over").winner, Some(SOUTH));
    // Without an enemy loss, the fifth unit given up hands the win to the enemy.
    let mut s = Pos::new(RU, TO)
        .unit(SOUTH, "Asano Han", "d4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .eliminated(SOUTH, "Ii Han")
        .eliminated(SOUTH, "Date Han")
        .eliminated(SOUTH, "Maeda Han")
        .eliminated(SOUTH, "Honda Han")
        .hand(SOUTH, &[dwh_card()])
        .start();
    play(&mut s, &format!("death-with-honour-{}-{asano}", dwh_card()));
    assert_eq!(s.state().outcome().expect("over").winner, Some(NORTH));
}
