//! The numbers behind the rule-based player's judgement, gathered in one value so that a tuning run
//! can try others and a bot can carry the set it plays by. Two sets are named: the hand-set one
//! the search levels judge by, and the one self-play found, which the rule-based bot plays by.
//! Every field says what one unit of it buys in the player's score, where a full-strength unit
//! lost is worth 2.6 and a hit on one 1.0.

use serde::{Deserialize, Serialize};

/// The rule-based player's weights. The default is [`Weights::HAND_SET`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// Each enemy square controlled, more than the enemy controls of the player's.
    pub control: f64,
    /// Each rank a unit stands forward of its home row (counted up to five).
    pub advance: f64,
    /// Each rank a unit stands more than one rank ahead of its side's line, taken away.
    pub ahead_of_line: f64,
    /// A unit with no friendly unit in the eight squares around it (usually negative).
    pub alone: f64,
    /// A unit with exactly one friendly unit around it.
    pub one_friend: f64,
    /// A unit with two or more friendly units around it.
    pub friends: f64,
    /// Each friendly unit directly beside a unit in its rank.
    pub beside: f64,
    /// Each point of Defense a unit's ground gives it.
    pub ground: f64,
    /// A cavalry unit on a wing (the two outer files at each side).
    pub cavalry_wing: f64,
    /// The most endangered unit's expected loss next turn, taken away.
    pub worst_danger: f64,
    /// The other units' expected losses next turn, taken away.
    pub other_danger: f64,
    /// How often the enemy is reckoned to hold a card to attack a given unit with.
    pub danger_chance: f64,
    /// The best combat the player could still declare this turn, when its combat is to come.
    pub combat_ahead: f64,
    /// What playing a card costs, as a share of what keeping it is worth.
    pub card_cost: f64,
    /// The least gain that makes a combat worth declaring.
    pub combat_threshold: f64,
    /// What a move costs beside its gain (positive: a move that gains nothing is not made).
    pub move_cost: f64,
    /// How wide a score difference spreads the search's win estimate: the difference between the
    /// two sides' judgements that counts as 73% to win.
    pub estimate_scale: f64,
}

impl Weights {
    /// The weights as first set by hand, from the table's rules of thumb: the searching levels
    /// judge positions and play their playouts by these.
    pub const HAND_SET: Weights = Weights {
        control: 0.7,
        advance: 0.2,
        ahead_of_line: 0.3,
        alone: -0.2,
        one_friend: 0.1,
        friends: 0.15,
        beside: 0.05,
        ground: 0.05,
        cavalry_wing: 0.05,
        worst_danger: 1.0,
        other_danger: 0.25,
        danger_chance: 0.4,
        combat_ahead: 0.8,
        card_cost: 0.3,
        combat_threshold: 0.1,
        move_cost: 0.02,
        estimate_scale: 1.5,
    };

    /// The weights found by self-play from the hand-set ones (`cdgsolo sim tune`, 400 steps of 512
    /// pairs of games, seed 99, rounded to three places): the rule-based bot plays by these. They
    /// make less of controlled squares and of a card's worth, and more of pushing forward and of
    /// the combat still to come.
    pub const SELF_PLAY: Weights = Weights {
        control: 0.344,
        advance: 0.343,
        ahead_of_line: 0.569,
        alone: -0.119,
        one_friend: 0.079,
        friends: 0.159,
        beside: 0.066,
        ground: 0.059,
        cavalry_wing: 0.035,
        worst_danger: 0.631,
        other_danger: 0.2,
        danger_chance: 0.309,
        combat_ahead: 1.582,
        card_cost: 0.074,
        combat_threshold: 0.036,
        move_cost: 0.001,
        estimate_scale: 1.5,
    };
}

impl Default for Weights {
    /// The hand-set weights.
    fn default() -> Self {
        Weights::HAND_SET
    }
}
