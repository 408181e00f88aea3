//! How the rule-based player judges a position: squares held in the enemy's half (what decides a
//! game at nightfall), units lost and reduced, a line that advances together, ground that helps the defence, the enemy's chances against exposed units, and the best
//! combat the player could start this turn with the cards it holds.

use crate::board::{self, Square, bit, col, neighbours, row};
use crate::data::model::Dice;
use crate::state::{Manoeuvre, NONE};
use crate::tables::cards;

use super::Weights;
use super::cards::expected_defense_cards;
use super::odds::{LOSS_ELIMINATE, LOSS_FULL, LOSS_REDUCE, Spread, Stakes, assault_value_with, dice_spread};
use std::borrow::Cow;

/// How far `sq` lies from `player`'s home edge: 0 on its back row, 7 on the enemy's.
pub(crate) fn progress(g: &Manoeuvre, player: u8, sq: Square) -> u8 {
    match g.sides[player as usize].edge {
        board::Edge::South => row(sq),
        board::Edge::North => 7 - row(sq),
    }
}

/// For each square, the eight squares around it (orthogonal and diagonal) on the board.
const SURROUNDING: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = (sq as i32 / 8, sq as i32 % 8);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (nr, nc) = (r + dr, c + dc);
                if (dr != 0 || dc != 0) && nr >= 0 && nr < 8 && nc >= 0 && nc < 8 {
                    table[sq] |= 1 << (nr * 8 + nc);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    table
};

/// For each square, the squares beside it in its row.
const BESIDE: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        if sq % 8 > 0 {
            table[sq] |= 1 << (sq - 1);
        }
        if sq % 8 < 7 {
            table[sq] |= 1 << (sq + 1);
        }
        sq += 1;
    }
    table
};

/// Facts that stay the same while the player weighs one decision: every position it judges with
/// them differs from the one they were read from only by where units stand (cards, strengths and
/// losses are those of that position).
pub(crate) struct Outlook {
    pub me: u8,
    /// For each unit, the dice of a typical Assault card of its own (public: the army's list).
    pub typical: [Option<Cow<'static, Spread>>; 16],
    /// For each enemy unit, the Defense its side's cards are expected to add.
    pub enemy_cards: [f64; 16],
    /// For each of the player's own units, the Defense of the cards it holds for the unit (known
    /// in full), rounded as the table's arithmetic is.
    pub own_cards: [u16; 16],
    /// The cavalry among the sixteen units, as a mask over unit ids.
    pub cavalry: u16,
    /// The weights the judgement is made with.
    pub w: Weights,
}

impl Outlook {
    pub(crate) fn new(g: &Manoeuvre, me: u8, w: &Weights) -> Self {
        let mut typical: [Option<Cow<'static, Spread>>; 16] = Default::default();
        let mut enemy_cards = [0.0; 16];
        let mut own_cards = [0; 16];
        let mut cavalry = 0u16;
        let defense_cards = [0u8, 1]
            .map(|p| if g.sides[p as usize].army == NONE { [0.0; 8] } else { expected_defense_cards(g, p, me) });
        for u in 0..16u8 {
            let p = u / 8;
            if g.sides[p as usize].army == NONE || !g.on_board(u) {
                continue;
            }
            if g.is_cavalry(u) {
                cavalry |= 1 << u;
            }
            let t = g.tables(p);
            typical[u as usize] = t.typical_attack[(u % 8) as usize].map(dice_spread);
            let expected = defense_cards[p as usize][(u % 8) as usize];
            if p != me {
                enemy_cards[u as usize] = expected;
            } else {
                own_cards[u as usize] = expected.round() as u16;
            }
        }
        Outlook { me, typical, enemy_cards, own_cards, cavalry, w: *w }
    }
}

/// What losing one hit costs a unit's side.
pub(crate) fn hit_loss(g: &Manoeuvre, unit: u8) -> f64 {
    if g.units[unit as usize].reduced { LOSS_ELIMINATE } else { LOSS_REDUCE }
}

/// The stakes of an Assault by units worth `repulse` on `defender`.
pub(crate) fn stakes(g: &Manoeuvre, defender: u8, repulse: f64) -> Stakes {
    let reduced = g.units[defender as usize].reduced;
    Stakes {
        hit: hit_loss(g, defender),
        eliminated: if reduced { LOSS_ELIMINATE } else { LOSS_FULL },
        retreat: (g.retreat_options(defender).0 > 0).then_some(0.45),
        repulse,
    }
}

/// The attacker's average gain from an Assault by `unit` on the unit at `target` with the given
/// dice, the defender's cards counted at their expected value.
pub(crate) fn assault_estimate(g: &Manoeuvre, o: &Outlook, unit: u8, target: Square, dice: &Spread) -> f64 {
    let Some(defender) = g.unit_at(target) else { return 0.0 };
    let from = g.units[unit as usize].square;
    let base = u16::from(g.strength(unit) + g.attack_terrain(from, target));
    let defense = f64::from(g.strength(defender) + g.defense_terrain(target, false)) + o.enemy_cards[defender as usize];
    assault_value_with(dice, base, defense.round() as u16, stakes(g, defender, hit_loss(g, unit)))
}

/// The value of the best combat `me` could declare now with the cards it holds (0 when none is
/// worth it): Assaults, and Bombardments from two squares off.
pub(crate) fn best_combat(g: &Manoeuvre, o: &Outlook) -> f64 {
    let me = o.me;
    let t = g.tables(me);
    let usable = g.usable(me);
    let enemies = g.occupied_by(1 - me);
    let mut best: f64 = 0.0;
    for unit in g.units_on_board(me) {
        let sq = g.units[unit as usize].square;
        let mine = t.unit_cards[(unit % 8) as usize] & usable;
        let adjacent = neighbours(sq) & enemies;
        if adjacent != 0 && g.masks.no_assault & bit(sq) == 0 {
            for c in cards(mine & t.attack) {
                let Some(d) = g.unit_card(me, c).and_then(|x| x.attack) else { continue };
                let spread = dice_spread(d);
                for target in board::squares(adjacent) {
                    best = best.max(assault_estimate(g, o, unit, target, &spread));
                }
            }
        }
        for c in cards(mine & t.bombard) {
            let Some(d) = g.unit_card(me, c).and_then(|x| x.bombard) else { continue };
            for target in board::squares(g.in_fire_range(sq, 2) & enemies) {
                best = best.max(fire_estimate(g, unit, target, d));
            }
        }
    }
    best
}

/// The average gain of a Bombardment or Volley with these dice: a hit when they beat the target's
/// strength and ground.
pub(crate) fn fire_estimate(g: &Manoeuvre, unit: u8, target: Square, dice: Dice) -> f64 {
    let Some(defender) = g.unit_at(target) else { return 0.0 };
    let from = g.units[unit as usize].square;
    let attack = dice_spread(dice);
    let defense = u16::from(g.strength(defender) + g.defense_terrain(target, false));
    attack.beats_with(u16::from(g.attack_terrain(from, target)), defense) * hit_loss(g, defender)
}

/// The chance-weighted loss the enemy can inflict on `unit` next turn, if it holds a card for one
/// of the adjacent attackers (about a third of the time).
fn danger(g: &Manoeuvre, o: &Outlook, unit: u8) -> f64 {
    let sq = g.units[unit as usize].square;
    let enemy = 1 - Manoeuvre::owner(unit);
    let mut worst: f64 = 0.0;
    let attackers = neighbours(sq) & g.occupied_by(enemy) & !g.masks.no_assault;
    if attackers == 0 {
        return 0.0;
    }
    // The player's own defence cards for the unit count in full: it knows it holds them.
    let cards = o.own_cards[unit as usize];
    let defense = u16::from(g.strength(unit) + g.defense_terrain(sq, false)) + cards;
    for esq in board::squares(attackers) {
        let Some(e) = g.unit_at(esq) else { continue };
        let Some(spread) = &o.typical[e as usize] else { continue };
        let base = u16::from(g.strength(e) + g.attack_terrain(esq, sq));
        let p = spread.beats_with(base, defense);
        worst = worst.max(p * hit_loss(g, unit));
    }
    worst * o.w.danger_chance
}

/// The line's front: the median rank of `me`'s units (1 with none on the board), counted row by
/// row rather than sorted.
fn line_rank(g: &Manoeuvre, me: u8) -> u8 {
    let mine = g.occupied_by(me);
    let mut per_rank = [0u32; 8];
    for (r, count) in per_rank.iter_mut().enumerate() {
        let row = match g.sides[me as usize].edge {
            board::Edge::South => r,
            board::Edge::North => 7 - r,
        };
        *count = (mine & (0xFF << (8 * row))).count_ones();
    }
    let on_board: u32 = per_rank.iter().sum();
    let mut below = 0;
    for (r, count) in per_rank.iter().enumerate() {
        below += count;
        if on_board > 0 && below > on_board / 2 {
            return r as u8;
        }
    }
    1
}

/// The position seen from `o.me`, higher is better. `combat_ahead`: the player still has this
/// turn's combat to come, so the best one it could start counts.
pub(crate) fn evaluate(g: &Manoeuvre, o: &Outlook, combat_ahead: bool) -> f64 {
    evaluate_with(g, o, combat_ahead, None)
}

/// The danger each of `o.me`'s units stands in (0 for units off the board), as [`evaluate`] counts it.
pub(crate) fn dangers(g: &Manoeuvre, o: &Outlook) -> [f64; 16] {
    let mut out = [0.0; 16];
    for unit in g.units_on_board(o.me) {
        out[unit as usize] = danger(g, o, unit);
    }
    out
}

/// [`evaluate`] for a position that differs from one whose [`dangers`] are `known.0` only by where
/// the unit `known.1` stands: a unit's danger depends on its own square and the enemy's, so every
/// other unit's is read from the list instead of worked out again.
pub(crate) fn evaluate_with(g: &Manoeuvre, o: &Outlook, combat_ahead: bool, known: Option<(&[f64; 16], u8)>) -> f64 {
    let me = o.me;
    let them = 1 - me;
    let w = &o.w;
    let mut score = 0.0;
    score += w.control * (f64::from(g.control(me)) - f64::from(g.control(them)));
    score += LOSS_FULL * (f64::from(g.sides[them as usize].lost) - f64::from(g.sides[me as usize].lost));
    score += LOSS_REDUCE * (f64::from(g.reduced_units(them)) - f64::from(g.reduced_units(me)));
    let mine = g.occupied_by(me);
    let line = line_rank(g, me);
    let (mut worst, mut sum) = (0.0f64, 0.0);
    for unit in g.units_on_board(me) {
        let sq = g.units[unit as usize].square;
        let r = progress(g, me, sq);
        score += w.advance * f64::from(r.min(5));
        // More than a rank ahead of the line a unit fights alone.
        score -= w.ahead_of_line * f64::from(r.saturating_sub(line + 1));
        let around = (SURROUNDING[sq as usize] & mine).count_ones();
        let beside = (BESIDE[sq as usize] & mine).count_ones();
        score += match around {
            0 => w.alone,
            1 => w.one_friend,
            _ => w.friends,
        } + w.beside * f64::from(beside);
        score += w.ground * f64::from(g.defense_terrain(sq, false));
        if o.cavalry & (1 << unit) != 0 && (col(sq) <= 1 || col(sq) >= 6) {
            score += w.cavalry_wing;
        }
        let d = match known {
            Some((dangers, moved)) if moved != unit => dangers[unit as usize],
            _ => danger(g, o, unit),
        };
        worst = worst.max(d);
        sum += d;
    }
    score -= w.worst_danger * worst + w.other_danger * (sum - worst);
    if combat_ahead {
        score += w.combat_ahead * best_combat(g, o);
    }
    score
}

/// How well `sq` suits the next unit `unit` of `me` in deployment: infantry in the front home row
/// toward the centre, the strongest in the middle, cavalry on the wings, each on good ground and
/// beside the units already placed.
pub(crate) fn deployment_score(g: &Manoeuvre, me: u8, unit: u8, sq: Square) -> f64 {
    let mine = g.occupied_by(me);
    let front = progress(g, me, sq) == 1;
    let c = col(sq);
    let wing = c <= 1 || c >= 6;
    let mut score = 0.08 * f64::from(g.defense_terrain(sq, false));
    if g.masks.no_assault & bit(sq) != 0 {
        score -= 0.4;
    }
    if g.is_cavalry(unit) {
        score += if wing { 0.6 } else { 0.0 } + if front { 0.3 } else { 0.0 };
    } else {
        // Files c to f for the strongest, b and g for the rest.
        let centre = if (2..=5).contains(&c) {
            0.3
        } else if (1..=6).contains(&c) {
            0.15
        } else {
            0.0
        };
        let strong = f64::from(g.strength(unit)) / 8.0;
        score += if front { 0.5 } else { 0.0 } + centre * (0.5 + strong);
    }
    score + 0.1 * f64::from((neighbours(sq) & mine).count_ones())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squares around `sq` counted one by one: its four neighbours, then the squares beside the
    /// one ahead of it and the one behind it (as the player sees the board from either edge).
    fn around_one_by_one(sq: Square, edge: board::Edge, mine: u64) -> u32 {
        let ahead = edge.opposite().toward(sq);
        let behind = edge.toward(sq);
        let beside = |a: Square| {
            [a.checked_sub(1).filter(|&s| row(s) == row(a)), Some(a + 1).filter(|&s| s < 64 && row(s) == row(a))]
        };
        let diagonals = [ahead, behind].into_iter().flatten().flat_map(beside).flatten();
        board::squares(neighbours(sq)).chain(diagonals).filter(|&s| mine & bit(s) != 0).count() as u32
    }

    #[test]
    fn a_units_typical_attack_is_its_card_with_the_most_pips_the_first_listed_on_a_tie() {
        let data = crate::tables::Compiled::embedded().expect("the shipped data");
        for (a, army) in data.rules.armies.iter().enumerate() {
            let t = data.tables(a as u8);
            for unit in 0..8u8 {
                let mut best: Option<Dice> = None;
                for card in army.cards.iter() {
                    let crate::data::model::CardKind::Unit(u) = &card.kind else { continue };
                    let Some(d) = u.attack.filter(|_| u.unit == unit) else { continue };
                    let pips = |x: Dice| u16::from(x.count) * u16::from(x.sides);
                    if best.is_none_or(|b| pips(d) > pips(b)) {
                        best = Some(d);
                    }
                }
                assert_eq!(t.typical_attack[unit as usize], best, "{} unit {unit}", army.code);
                assert!(best.is_some(), "{} unit {unit} has an Assault card", army.code);
            }
        }
    }

    #[test]
    fn the_line_is_the_median_rank_of_the_units_on_the_board() {
        use engine::{Game, below};
        use rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..10 {
            let setup = crate::setup::ManoeuvreSetup { quick_start: true, ..Default::default() };
            let mut g = Manoeuvre::new(&setup).expect("a quick start");
            while !g.legal().is_empty() {
                for me in 0..2 {
                    let mut ranks: Vec<u8> =
                        g.units_on_board(me).map(|u| progress(&g, me, g.units[u as usize].square)).collect();
                    ranks.sort_unstable();
                    assert_eq!(line_rank(&g, me), ranks.get(ranks.len() / 2).copied().unwrap_or(1));
                }
                let legal = g.legal();
                g.apply_legal(&legal[below(&mut rng, legal.len())]);
            }
        }
    }

    #[test]
    fn the_surrounding_masks_count_the_squares_around_a_unit_from_either_edge() {
        let mut mine = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..64 {
            mine = mine.rotate_left(7) ^ (mine >> 3);
            for sq in 0..64u8 {
                for edge in [board::Edge::South, board::Edge::North] {
                    assert_eq!((SURROUNDING[sq as usize] & mine).count_ones(), around_one_by_one(sq, edge, mine));
                }
                let beside = [
                    sq.checked_sub(1).filter(|&s| row(s) == row(sq)),
                    Some(sq + 1).filter(|&s| s < 64 && row(s) == row(sq)),
                ]
                .into_iter()
                .flatten()
                .filter(|&s| mine & bit(s) != 0)
                .count() as u32;
                assert_eq!((BESIDE[sq as usize] & mine).count_ones(), beside);
            }
        }
    }
}
