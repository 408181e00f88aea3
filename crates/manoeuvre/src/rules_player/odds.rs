//! The arithmetic of a combat as a player at the table does it: the spread of a handful of dice,
//! and what an Assault or a fire attack is worth on average once the outcome table (rule 6.5) is
//! read for every total the dice can make.

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::data::model::Dice;

/// Totals up to this many pips are tracked; no legal combination of cards comes near it.
const MAX_TOTAL: usize = 200;

/// The chance of each total of some dice plus a fixed number.
#[derive(Clone, Debug)]
pub(crate) struct Spread {
    /// `chance[t]`: the probability that the total is `t`.
    chance: Vec<f64>,
    /// `tail[t]`: the probability that the total is `t` or more, when worked out (see
    /// [`Spread::with_tail`]); empty otherwise.
    tail: Vec<f64>,
}

impl Spread {
    /// A sure total.
    pub(crate) fn fixed(total: u16) -> Self {
        let mut chance = vec![0.0; (total as usize).min(MAX_TOTAL) + 1];
        chance[(total as usize).min(MAX_TOTAL)] = 1.0;
        Spread { chance, tail: Vec::new() }
    }

    /// The same spread, able to say at once how likely a total is to beat a number (for spreads
    /// read many times over).
    pub(crate) fn with_tail(mut self) -> Self {
        let mut tail = vec![0.0; self.chance.len() + 1];
        for t in (0..self.chance.len()).rev() {
            tail[t] = tail[t + 1] + self.chance[t];
        }
        self.tail = tail;
        self
    }

    /// Adds `count` dice of `sides` faces.
    pub(crate) fn roll(mut self, dice: Dice) -> Self {
        for _ in 0..dice.count {
            let sides = usize::from(dice.sides.max(1));
            let top = (self.chance.len() + sides).min(MAX_TOTAL + 1);
            let mut next = vec![0.0; top];
            let share = 1.0 / sides as f64;
            for (t, p) in self.chance.iter().enumerate() {
                if *p == 0.0 {
                    continue;
                }
                for face in 1..=sides {
                    next[(t + face).min(MAX_TOTAL)] += p * share;
                }
            }
            self.chance = next;
        }
        self.tail.clear();
        self
    }

    /// Adds a fixed number to every total.
    #[cfg(test)]
    pub(crate) fn plus(mut self, n: u16) -> Self {
        let mut shifted = vec![0.0; n as usize];
        shifted.append(&mut self.chance);
        shifted.truncate(MAX_TOTAL + 1);
        self.chance = shifted;
        self.tail.clear();
        self
    }

    /// The chance that the total plus `bonus` beats `defense` (no new spread is built).
    pub(crate) fn beats_with(&self, bonus: u16, defense: u16) -> f64 {
        match defense.checked_sub(bonus) {
            Some(needed) => self.beats(needed),
            None => 1.0,
        }
    }

    /// The chance that the total beats `defense`.
    pub(crate) fn beats(&self, defense: u16) -> f64 {
        if !self.tail.is_empty() {
            return self.tail.get(usize::from(defense) + 1).copied().unwrap_or(0.0);
        }
        self.chance.iter().enumerate().filter(|(t, _)| *t > defense as usize).map(|(_, p)| p).sum()
    }

    #[cfg(test)]
    pub(crate) fn mean(&self) -> f64 {
        self.chance.iter().enumerate().map(|(t, p)| t as f64 * p).sum()
    }

    fn each(&self) -> impl Iterator<Item = (u16, f64)> + '_ {
        self.chance.iter().enumerate().filter(|(_, p)| **p > 0.0).map(|(t, p)| (t as u16, *p))
    }
}

/// Dice counts and faces whose spreads are worked out once and kept (every card of the shipped
/// armies is well inside).
const KEPT_COUNT: usize = 8;
const KEPT_SIDES: usize = 20;

/// The spread of `dice` alone: the rule-based player reads one for every card it weighs, so the
/// usual ones are built once for the whole program.
pub(crate) fn dice_spread(dice: Dice) -> Cow<'static, Spread> {
    static KEPT: OnceLock<Vec<Spread>> = OnceLock::new();
    let (count, sides) = (usize::from(dice.count), usize::from(dice.sides));
    if count > KEPT_COUNT || sides > KEPT_SIDES {
        return Cow::Owned(Spread::fixed(0).roll(dice).with_tail());
    }
    let kept = KEPT.get_or_init(|| {
        let mut all = Vec::with_capacity((KEPT_COUNT + 1) * (KEPT_SIDES + 1));
        for count in 0..=KEPT_COUNT as u8 {
            for sides in 0..=KEPT_SIDES as u8 {
                all.push(Spread::fixed(0).roll(Dice { count, sides }).with_tail());
            }
        }
        all
    });
    Cow::Borrowed(&kept[count * (KEPT_SIDES + 1) + sides])
}

/// What each result of an Assault is worth to the attacker, in the player's currency of units
/// (a full-strength unit lost is worth [`LOSS_FULL`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stakes {
    /// The defender's value lost to a hit (flipped, or eliminated when already reduced).
    pub hit: f64,
    /// The defender's value lost when it is eliminated outright (four times its defence).
    pub eliminated: f64,
    /// What a retreat is worth to the attacker (the square, the advance), or `None` when the
    /// defender has nowhere to go (a retreat is then an elimination).
    pub retreat: Option<f64>,
    /// What the attacker loses when the total falls short: a hit on every unit it sent.
    pub repulse: f64,
}

/// A reduced unit flipped back would be worth this much; losing a full unit costs the sum.
pub(crate) const LOSS_REDUCE: f64 = 1.0;
pub(crate) const LOSS_ELIMINATE: f64 = 1.6;
pub(crate) const LOSS_FULL: f64 = LOSS_REDUCE + LOSS_ELIMINATE;

/// The attacker's average gain from an Assault whose total is `attack` against a defence of
/// `defense`, read off the outcome table for every total.
pub(crate) fn assault_value(attack: &Spread, defense: u16, stakes: Stakes) -> f64 {
    assault_value_with(attack, 0, defense, stakes)
}

/// [`assault_value`] for the total `attack` plus a fixed `bonus`.
pub(crate) fn assault_value_with(attack: &Spread, bonus: u16, defense: u16, stakes: Stakes) -> f64 {
    let retreat = stakes.retreat.unwrap_or(stakes.hit.max(stakes.eliminated));
    // What each band of totals above the defence is worth.
    let narrow = match stakes.retreat {
        // The defender picks (it may only retreat where there is room).
        Some(r) => stakes.hit.min(r),
        None => stakes.hit,
    };
    // The attacker picks.
    let double = stakes.hit.max(retreat);
    // A hit, then a retreat if the unit survived it.
    let triple = if stakes.hit >= LOSS_ELIMINATE { stakes.hit } else { stakes.hit + retreat };
    if attack.tail.is_empty() {
        return by_total(attack, bonus, defense, stakes, [narrow, double, triple]);
    }
    // With the tail at hand each band's chance is two reads: the same sum, taken band by band
    // instead of total by total.
    let d = u32::from(defense);
    let at_least = |x: u32| -> f64 {
        match x.checked_sub(u32::from(bonus)) {
            None | Some(0) => 1.0,
            Some(t) => attack.tail.get(t as usize).copied().unwrap_or(0.0),
        }
    };
    let lowest_win = d + 1;
    let [two, three, four] = [2 * d, 3 * d, 4 * d].map(|x| x.max(lowest_win));
    let (win, at_two, at_three, at_four) = (at_least(lowest_win), at_least(two), at_least(three), at_least(four));
    -stakes.repulse * (1.0 - at_least(d))
        + narrow * (win - at_two)
        + double * (at_two - at_three)
        + triple * (at_three - at_four)
        + stakes.eliminated * at_four
}

/// The outcome table read total by total, for a spread without its tail.
fn by_total(attack: &Spread, bonus: u16, defense: u16, stakes: Stakes, bands: [f64; 3]) -> f64 {
    let [narrow, double, triple] = bands;
    attack
        .each()
        .map(|(total, p)| {
            let total = total + bonus;
            let value = if total < defense {
                -stakes.repulse
            } else if total == defense {
                0.0
            } else if u32::from(total) >= 4 * u32::from(defense) {
                stakes.eliminated
            } else if u32::from(total) >= 3 * u32::from(defense) {
                triple
            } else if u32::from(total) >= 2 * u32::from(defense) {
                double
            } else {
                narrow
            };
            p * value
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(count: u8, sides: u8) -> Dice {
        Dice { count, sides }
    }

    #[test]
    fn two_six_sided_dice_make_seven_most_often_and_average_seven() {
        let s = Spread::fixed(0).roll(d(2, 6));
        assert!((s.mean() - 7.0).abs() < 1e-9);
        assert!((s.beats(6) - 21.0 / 36.0).abs() < 1e-9);
        assert!((s.beats(12)).abs() < 1e-12);
    }

    #[test]
    fn kept_spreads_are_the_ones_rolled_afresh() {
        for (count, sides) in [(0, 6), (1, 6), (2, 6), (3, 8), (2, 10), (8, 20), (9, 6), (1, 30)] {
            let fresh = Spread::fixed(0).roll(d(count, sides));
            let kept = dice_spread(d(count, sides));
            assert_eq!(kept.chance, fresh.chance, "{count}d{sides}");
            for defense in 0..90 {
                assert!((kept.beats(defense) - fresh.beats(defense)).abs() < 1e-12, "{count}d{sides} > {defense}");
            }
        }
    }

    #[test]
    fn the_outcome_table_read_band_by_band_agrees_with_reading_it_total_by_total() {
        let stakes = [
            Stakes { hit: 1.0, eliminated: 2.6, retreat: Some(0.45), repulse: 1.0 },
            Stakes { hit: 1.6, eliminated: 1.6, retreat: None, repulse: 0.0 },
            Stakes { hit: 1.0, eliminated: 2.6, retreat: Some(1.4), repulse: 2.0 },
        ];
        for (count, sides) in [(1, 6), (2, 6), (3, 6), (1, 10), (2, 8), (0, 6)] {
            let by_total = Spread::fixed(0).roll(d(count, sides));
            let banded = dice_spread(d(count, sides));
            assert!(by_total.tail.is_empty() && !banded.tail.is_empty());
            for bonus in [0, 1, 3, 7] {
                for defense in 0..40 {
                    for s in stakes {
                        let a = assault_value_with(&by_total, bonus, defense, s);
                        let b = assault_value_with(&banded, bonus, defense, s);
                        assert!((a - b).abs() < 1e-9, "{count}d{sides}+{bonus} against {defense}: {a} and {b}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_fixed_bonus_shifts_every_total() {
        let s = Spread::fixed(0).roll(d(1, 10)).plus(3);
        assert!((s.mean() - 8.5).abs() < 1e-9);
        assert!((s.beats(3) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn a_bonus_counts_as_a_shift_of_every_total() {
        let s = Spread::fixed(0).roll(d(2, 8));
        let shifted = s.clone().plus(5);
        let stakes = Stakes { hit: 1.0, eliminated: 2.6, retreat: Some(0.45), repulse: 1.0 };
        for defense in 0..30 {
            assert!((s.beats_with(5, defense) - shifted.beats(defense)).abs() < 1e-12);
            let a = assault_value_with(&s, 5, defense, stakes);
            assert!((a - assault_value(&shifted, defense, stakes)).abs() < 1e-12);
        }
    }

    #[test]
    fn an_assault_that_cannot_reach_the_defence_only_costs() {
        let stakes = Stakes { hit: 1.0, eliminated: 2.6, retreat: Some(0.5), repulse: 1.0 };
        let weak = Spread::fixed(2).roll(d(1, 6));
        assert!((assault_value(&weak, 20, stakes) + 1.0).abs() < 1e-9);
        // Four times the defence or more always eliminates.
        let crushing = Spread::fixed(40).roll(d(1, 6));
        assert!((assault_value(&crushing, 10, stakes) - 2.6).abs() < 1e-9);
    }

    #[test]
    fn the_defender_picks_the_cheaper_of_hit_and_retreat_on_a_narrow_win() {
        let stakes = Stakes { hit: 1.0, eliminated: 2.6, retreat: Some(0.4), repulse: 1.0 };
        // Always 11 against 10: greater, but less than double.
        let narrow = Spread::fixed(11);
        assert!((assault_value(&narrow, 10, stakes) - 0.4).abs() < 1e-9);
        // With no room to retreat the defender must take the hit.
        let cornered = Stakes { retreat: None, ..stakes };
        assert!((assault_value(&narrow, 10, cornered) - 1.0).abs() < 1e-9);
    }
}
