//! The rule-based player's habits, each checked in a position set up for it: the decision a
//! Manoeuvre player would make, and the one it would not.

use engine::{Game, ToMove, below};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::rules_choice;
use crate::action::Action;
use crate::board::{bit, parse};
use crate::data::model::{CardKind, HqKind, Terrain};
use crate::setup::{ManoeuvreSetup, TerrainMasks};
use crate::state::{HandMode, Manoeuvre, NONE, Phase};
use crate::tables::{card_bit, cards, hq_index};

fn sq(name: &str) -> u8 {
    parse(name).expect("a square")
}

/// A quick-start game of `armies` at the first decision, player 0 (`armies[0]`) to move, with an
/// empty, all-clear battlefield and empty hands, ready for a position to be laid out.
fn blank(armies: [&str; 2]) -> Manoeuvre {
    let setup = ManoeuvreSetup {
        armies: Some([armies[0].to_string(), armies[1].to_string()]),
        quick_start: true,
        ..ManoeuvreSetup::default()
    };
    let mut g = Manoeuvre::new(&setup).expect("a valid setup");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while g.to_move() == ToMove::Chance {
        let legal = g.legal();
        g.apply_legal(&legal[below(&mut rng, legal.len())]);
    }
    g.active = 0;
    g.first_player = 0;
    g.terrain = [Terrain::Clear; 64];
    g.masks = TerrainMasks::of(g.data.0, &g.terrain);
    g.redoubts = 0;
    g.board = [NONE; 64];
    g.occ = [0, 0];
    g.present = [0, 0];
    for u in 0..16 {
        g.units[u].square = NONE;
    }
    for side in &mut g.sides {
        side.deck |= side.hand;
        side.hand = 0;
    }
    g
}

/// Gives `player` exactly these cards.
fn hold(g: &mut Manoeuvre, player: u8, hand: &[u8]) {
    let side = &mut g.sides[player as usize];
    side.deck |= side.hand;
    side.hand = 0;
    for &c in hand {
        side.deck &= !card_bit(c);
        side.hand |= card_bit(c);
    }
    g.due = g.work_out_due();
}

/// The card of `player`'s unit `index` with the most (or fewest) Assault pips.
fn assault_card(g: &Manoeuvre, player: u8, index: u8, most: bool) -> u8 {
    let t = g.tables(player);
    let pips =
        |c: &u8| g.unit_card(player, *c).and_then(|u| u.attack).map_or(0, |d| u16::from(d.count) * u16::from(d.sides));
    let all = cards(t.unit_cards[index as usize] & t.attack);
    if most { all.max_by_key(pips) } else { all.min_by_key(pips) }.expect("the unit has Assault cards")
}

fn hq(g: &Manoeuvre, player: u8, kind: HqKind) -> u8 {
    cards(g.tables(player).hq[hq_index(kind)]).next().expect("the army has this HQ card")
}

/// The rule-based player's choice in a position laid out by hand (what is due worked out first, as
/// the end of a step would).
fn decide(g: &Manoeuvre) -> Action {
    let mut g = *g;
    g.due = g.work_out_due();
    let g = &g;
    let legal = g.legal();
    assert!(!legal.is_empty(), "a decision is due");
    legal[rules_choice(g, &legal, &mut ChaCha8Rng::seed_from_u64(9))]
}

/// The Combat phase of `g.active` (its movement done).
fn at_combat(g: &mut Manoeuvre) {
    g.phase = Phase::Combat;
    g.due = g.work_out_due();
    g.combat = None;
    g.combat_done = false;
    g.due = g.work_out_due();
}

#[test]
fn takes_an_assault_the_outcome_table_favours() {
    let mut g = blank(["FR", "BR"]);
    let me = g.active;
    let (mine, theirs) = (me * 8, (1 - me) * 8 + 2);
    g.place(mine, sq("d4"));
    g.place(theirs, sq("d5"));
    g.units[theirs as usize].reduced = true;
    let card = assault_card(&g, me, 0, true);
    hold(&mut g, me, &[card]);
    at_combat(&mut g);
    assert_eq!(decide(&g), Action::Assault { unit: mine, target: sq("d5"), card });
}

#[test]
fn refuses_an_assault_that_cannot_beat_the_defence() {
    let mut g = blank(["FR", "BR"]);
    let me = g.active;
    let (mine, theirs) = (me * 8 + 4, (1 - me) * 8);
    g.place(mine, sq("d4"));
    g.place(theirs, sq("d5"));
    g.units[mine as usize].reduced = true;
    // A redoubt adds three to the defence.
    g.redoubts = bit(sq("d5"));
    let card = assault_card(&g, me, 4, false);
    hold(&mut g, me, &[card]);
    at_combat(&mut g);
    assert!(g.legal().contains(&Action::Assault { unit: mine, target: sq("d5"), card }));
    assert_eq!(decide(&g), Action::NoCombat);
}

#[test]
fn bombards_from_two_squares_off_where_nothing_can_hit_back() {
    let mut g = blank(["FR", "BR"]);
    let me = g.active;
    let (mine, theirs) = (me * 8 + 1, (1 - me) * 8 + 3);
    g.place(mine, sq("d3"));
    g.place(theirs, sq("d5"));
    g.units[theirs as usize].reduced = true;
    let t = g.tables(me);
    let card = cards(t.unit_cards[1] & t.bombard).next().expect("a Bombard card");
    hold(&mut g, me, &[card]);
    at_combat(&mut g);
    assert_eq!(decide(&g), Action::Bombard { unit: mine, target: sq("d5"), card });
}

#[test]
fn discards_the_cards_of_eliminated_units_and_keeps_its_leaders() {
    let mut g = blank(["FR", "BR"]);
    let me = g.active;
    for (i, name) in ["b2", "c2", "d2", "e2", "f2", "g2", "h2"].iter().enumerate() {
        g.place(me * 8 + i as u8 + 1, sq(name));
    }
    g.units[(me * 8) as usize].eliminated = true;
    let dead = assault_card(&g, me, 0, true);
    let leader = cards(g.tables(me).leaders).next().expect("a leader");
    hold(&mut g, me, &[dead, leader]);
    g.phase = Phase::Discard;
    g.due = g.work_out_due();
    assert_eq!(decide(&g), Action::Discard(dead));
    g.apply(&Action::Discard(dead)).expect("legal");
    assert_eq!(decide(&g), Action::EndDiscard, "the leader stays");
}

#[test]
fn restores_a_reduced_unit_with_its_own_card() {
    let mut g = blank(["FR", "BR"]);
    let me = g.active;
    g.place(me * 8 + 2, sq("c3"));
    g.place(me * 8 + 3, sq("d3"));
    g.units[(me * 8 + 3) as usize].reduced = true;
    let card = assault_card(&g, me, 3, false);
    hold(&mut g, me, &[card]);
    g.phase = Phase::Restoration;
    g.due = g.work_out_due();
    g.restoration_tried = false;
    g.redoubt_built = false;
    assert_eq!(decide(&g), Action::Restore { card, unit: me * 8 + 3 });
}

#[test]
fn a_reduced_unit_withdraws_before_a_crushing_assault() {
    let mut g = blank(["FR", "BR"]);
    let me = g.active;
    let them = 1 - me;
    let (attacker, defender) = (me * 8, them * 8 + 5);
    g.place(attacker, sq("d4"));
    g.place(defender, sq("d5"));
    g.units[defender as usize].reduced = true;
    let card = assault_card(&g, me, 0, true);
    hold(&mut g, me, &[card]);
    let withdraw = hq(&g, them, HqKind::Withdraw);
    hold(&mut g, them, &[withdraw]);
    at_combat(&mut g);
    g.apply(&Action::Assault { unit: attacker, target: sq("d5"), card }).expect("legal");
    assert_eq!(g.phase, Phase::Withdraw);
    assert_eq!(decide(&g), Action::Withdraw(withdraw));
}

#[test]
fn a_defender_adds_a_defence_card_that_changes_the_result() {
    let mut g = blank(["FR", "BR"]);
    let me = g.active;
    let them = 1 - me;
    let (attacker, defender) = (me * 8 + 2, them * 8 + 2);
    g.place(attacker, sq("d4"));
    g.place(defender, sq("d5"));
    let card = assault_card(&g, me, 2, true);
    hold(&mut g, me, &[card]);
    let t = g.tables(them);
    let best_defence = cards(t.unit_cards[2])
        .max_by_key(|c| g.unit_card(them, *c).map_or(0, |u| u.defense))
        .expect("a card for the unit");
    hold(&mut g, them, &[best_defence]);
    at_combat(&mut g);
    g.apply(&Action::Assault { unit: attacker, target: sq("d5"), card }).expect("legal");
    if g.phase == Phase::Withdraw {
        g.apply(&Action::Stand).expect("legal");
    }
    assert_eq!(g.phase, Phase::DefenderCards);
    assert_eq!(decide(&g), Action::Defend(best_defence));
}

#[test]
fn a_guerrilla_answers_a_forced_march() {
    let mut g = blank(["FR", "SP"]);
    let me = g.active;
    let them = 1 - me;
    for (i, name) in ["b2", "c2", "d2", "e2"].iter().enumerate() {
        g.place(me * 8 + i as u8, sq(name));
        g.place(them * 8 + i as u8, sq(&name.replace('2', "7")));
    }
    let march = hq(&g, me, HqKind::ForcedMarch);
    hold(&mut g, me, &[march]);
    let guerrilla = hq(&g, them, HqKind::Guerrilla);
    hold(&mut g, them, &[guerrilla]);
    g.phase = Phase::Movement;
    g.due = g.work_out_due();
    g.movement = crate::state::MovementState { last: NONE, last_from: NONE, moves_allowed: 1, ..Default::default() };
    g.due = g.work_out_due();
    g.apply(&Action::Move { unit: me * 8 + 1, to: sq("c3") }).expect("legal");
    g.apply(&Action::ForcedMarch { card: march, to: sq("c4") }).expect("legal");
    assert!(matches!(g.phase, Phase::Guerrilla { .. }));
    assert_eq!(decide(&g), Action::Guerrilla(guerrilla));
}

#[test]
fn deploys_cavalry_on_the_wings_and_infantry_in_the_front_row() {
    for seed in 0..6u64 {
        let setup = ManoeuvreSetup {
            armies: Some(["FR".to_string(), "RU".to_string()]),
            map: Some(crate::setup::MapChoice::Random(crate::setup::RandomWord::Random)),
            ..ManoeuvreSetup::default()
        };
        let mut g = Manoeuvre::new(&setup).expect("a valid setup");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while g.turn == 0 {
            let legal = g.legal();
            let i = match (g.to_move(), g.phase) {
                (ToMove::Player(_), Phase::Deploy { .. }) => rules_choice(&g, &legal, &mut rng),
                _ => below(&mut rng, legal.len()),
            };
            g.apply_legal(&legal[i]);
        }
        for p in 0..2u8 {
            let mut front = 0;
            for u in p * 8..p * 8 + 8 {
                let at = g.units[u as usize].square;
                let file = crate::board::col(at);
                let row = super::position::progress(&g, p, at);
                if g.is_cavalry(u) {
                    let wings = (0..64u8).filter(|&s| {
                        let c = crate::board::col(s);
                        (c <= 1 || c >= 6)
                            && g.masks.enterable & bit(s) != 0
                            && g.sides[p as usize].edge.home_rows() & bit(s) != 0
                    });
                    if wings.count() >= 4 {
                        assert!(file <= 1 || file >= 6, "seed {seed}: cavalry {u} deployed on file {file}");
                    }
                } else if row == 1 {
                    front += 1;
                }
            }
            assert!(front >= 4, "seed {seed}: only {front} infantry units in the front row");
        }
    }
}

#[test]
fn digs_in_almost_never_and_plays_a_real_game() {
    let mut movement_phases = 0;
    let mut dig_ins = 0;
    let mut combats = 0;
    for seed in 0..6u64 {
        let setup = ManoeuvreSetup {
            armies: Some(["AU".to_string(), "PR".to_string()]),
            quick_start: true,
            hand_modes: Some(if seed % 2 == 0 { [HandMode::Hand; 2] } else { [HandMode::Display; 2] }),
            ..ManoeuvreSetup::default()
        };
        let mut g = Manoeuvre::new(&setup).expect("a valid setup");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while g.to_move() != ToMove::Terminal {
            let legal = g.legal();
            let i = match g.to_move() {
                ToMove::Player(_) => rules_choice(&g, &legal, &mut rng),
                _ => below(&mut rng, legal.len()),
            };
            let action = legal[i];
            if g.phase == Phase::Movement
                && g.movement.moved == 0
                && matches!(action, Action::Move { .. } | Action::DigIn)
            {
                movement_phases += 1;
                dig_ins += usize::from(action == Action::DigIn);
            }
            combats +=
                usize::from(matches!(action, Action::Assault { .. } | Action::Bombard { .. } | Action::Volley { .. }));
            g.apply_legal(&action);
        }
        assert!(g.ending().is_some());
    }
    assert!(movement_phases > 100);
    assert!(dig_ins * 50 <= movement_phases, "{dig_ins} dig-ins in {movement_phases} movement phases");
    assert!(combats >= 6 * 5, "only {combats} combats in six games");
}

#[test]
fn a_card_of_a_unit_still_to_deploy_is_worth_keeping() {
    let g = blank(["FR", "BR"]);
    let me = g.active;
    let card = assault_card(&g, me, 0, true);
    assert!(super::cards::card_value(&g, me, card) > 0.3);
    assert!(matches!(g.card(me, card).kind, CardKind::Unit(_)));
}

#[test]
fn a_maharaja_frees_a_leader_of_another_nationality_to_defend() {
    let mut g = blank(["FR", "IN"]);
    let (attacker, defender) = (0, 8 + 2);
    g.place(attacker, sq("d4"));
    g.place(defender, sq("d5"));
    let card = assault_card(&g, 0, 0, true);
    hold(&mut g, 0, &[card]);
    let t = g.tables(1);
    let maharaja = hq(&g, 1, HqKind::Maharaja);
    // A leader who cannot lead this unit on his own.
    let leader =
        cards(t.leaders).find(|&l| !g.leader_serves(1, l, defender, false)).expect("a leader of another nation");
    hold(&mut g, 1, &[maharaja, leader]);
    at_combat(&mut g);
    g.apply(&Action::Assault { unit: attacker, target: sq("d5"), card }).expect("legal");
    if g.phase == Phase::Withdraw {
        g.apply(&Action::Stand).expect("legal");
    }
    assert!(!g.legal().contains(&Action::DefendLeader(leader)));
    assert_eq!(decide(&g), Action::DefendMaharaja(maharaja));
}

#[test]
fn a_moves_value_read_with_the_kept_dangers_is_the_one_worked_out_afresh() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut checked = 0;
    for _ in 0..12 {
        let setup = ManoeuvreSetup { quick_start: true, ..ManoeuvreSetup::default() };
        let mut g = Manoeuvre::new(&setup).expect("a quick start");
        while g.to_move() != ToMove::Terminal {
            let legal = g.legal();
            if let (ToMove::Player(me), Phase::Movement) = (g.to_move(), g.phase) {
                let mut scorer = super::Scorer::new(&g, me, &legal, &super::Weights::default());
                let outlook = super::position::Outlook::new(&g, me, &super::Weights::default());
                for action in &legal {
                    let Action::Move { unit, to } = *action else { continue };
                    let mut next = g;
                    next.relocate(unit, to);
                    let fresh = super::position::evaluate(&next, &outlook, true);
                    // Asked twice, as a Supply's extra move asks again: the same value both times.
                    assert_eq!(scorer.after_move(unit, to).to_bits(), fresh.to_bits());
                    assert_eq!(scorer.after_move(unit, to).to_bits(), fresh.to_bits());
                    checked += 1;
                }
            }
            g.apply_legal(&legal[below(&mut rng, legal.len())]);
        }
    }
    assert!(checked > 1000, "only {checked} moves were checked");
}
