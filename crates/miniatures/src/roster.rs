//! The roster of a battle: each side's commanding officer (CO) with his leadership value (LV), its
//! wings with their field officers (FO), and each wing's units with their pieces, quality value
//! (QV) and Casualty Value; and the activation table, which the sequence's text names but does not
//! give, so the player writes it once per roster. Rosters are TOML; an example ships.

use serde::{Deserialize, Serialize};

/// The example roster (invented units and an invented activation table).
pub const EXAMPLE: &str = include_str!("../rosters/example.toml");

/// Why a roster was refused, naming what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RosterError {
    /// The TOML did not parse, or a field is missing, unknown or of the wrong kind.
    #[error("the roster does not read: {0}")]
    Syntax(String),
    #[error("the roster: {0}")]
    Invalid(String),
}

/// An officer: a side's CO or a wing's FO.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Officer {
    pub name: String,
    /// Leadership value.
    pub lv: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitEntry {
    pub name: String,
    pub pieces: u8,
    /// Quality value: a d6 must reach it.
    pub qv: u8,
    /// Disrupted pieces at which the unit must check its morale.
    pub casualty_value: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wing {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fo: Option<Officer>,
    pub units: Vec<UnitEntry>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideEntry {
    pub name: String,
    pub co: Officer,
    pub wings: Vec<Wing>,
}

/// What a number of successes means for a number of activation dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    pub successes: u8,
    /// The outcome in the player's words.
    pub says: String,
    /// The activation fails: the side's phase ends once this unit is done.
    #[serde(default)]
    pub fails: bool,
    /// How many actions the unit may take; left out, one for each success. With none, the unit is
    /// offered no fire, close combat or FO move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actions: Option<u8>,
}

impl Outcome {
    /// The actions this outcome gives the unit.
    pub fn actions(&self) -> u8 {
        self.actions.unwrap_or(self.successes)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActivationRow {
    pub dice: u8,
    pub outcomes: Vec<Outcome>,
}

/// A whole roster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roster {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub sides: Vec<SideEntry>,
    pub activation: Vec<ActivationRow>,
}

impl Roster {
    pub fn parse(text: &str) -> Result<Self, RosterError> {
        let roster: Roster = toml::from_str(text).map_err(|e| RosterError::Syntax(e.to_string()))?;
        roster.check()?;
        Ok(roster)
    }

    pub fn example() -> Result<Self, RosterError> {
        Roster::parse(EXAMPLE)
    }

    /// The outcome of `successes` with `dice` dice, as the roster's table gives it.
    pub fn outcome(&self, dice: u8, successes: u8) -> Option<&Outcome> {
        self.activation.iter().find(|r| r.dice == dice)?.outcomes.iter().find(|o| o.successes == successes)
    }

    /// Checks what serde cannot: two sides, sensible values, and an activation table with an
    /// outcome for every number of successes of one, two and three dice.
    pub fn check(&self) -> Result<(), RosterError> {
        let bad = |what: String| Err(RosterError::Invalid(what));
        if self.sides.len() != 2 {
            return bad(format!("{} sides; a battle has two", self.sides.len()));
        }
        for side in &self.sides {
            let officers = std::iter::once(&side.co).chain(side.wings.iter().filter_map(|w| w.fo.as_ref()));
            for o in officers {
                if o.lv > 6 {
                    return bad(format!("{}: {} has LV {}; at most 6", side.name, o.name, o.lv));
                }
            }
            if side.wings.iter().all(|w| w.units.is_empty()) {
                return bad(format!("{} has no units", side.name));
            }
            let units: usize = side.wings.iter().map(|w| w.units.len()).sum();
            if units > 64 {
                return bad(format!("{} has {units} units; at most 64 a side", side.name));
            }
            for w in &side.wings {
                for u in &w.units {
                    if u.pieces == 0 || u.pieces > 40 {
                        return bad(format!("{} {}: {} pieces; from 1 to 40", side.name, u.name, u.pieces));
                    }
                    if !(1..=6).contains(&u.qv) {
                        return bad(format!(
                            "{} {}: QV {}; a d6 must be able to reach it (1 to 6)",
                            side.name, u.name, u.qv
                        ));
                    }
                    if u.casualty_value == 0 {
                        return bad(format!("{} {}: a Casualty Value of 0", side.name, u.name));
                    }
                }
            }
        }
        for dice in 1..=3u8 {
            for successes in 0..=dice {
                if self.outcome(dice, successes).is_none() {
                    return bad(format!(
                        "activation: the table says nothing of {successes} success{} with {dice} {}; give every \
                         outcome of one, two and three dice",
                        if successes == 1 { "" } else { "es" },
                        if dice == 1 { "die" } else { "dice" }
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_reads() {
        let r = Roster::example().expect("the example reads");
        assert_eq!(r.sides.len(), 2);
        assert!(r.outcome(3, 3).is_some() && r.outcome(1, 0).is_some_and(|o| o.fails));
    }

    #[test]
    fn a_missing_field_or_an_incomplete_activation_table_is_named() {
        let no_qv = EXAMPLE.replacen(", qv = 4", "", 1);
        let err = Roster::parse(&no_qv).expect_err("no QV").to_string();
        assert!(err.contains("qv"), "{err}");
        let gap = EXAMPLE.replacen(
            "  { successes = 2, says = \"Two actions\" },\n]\n\n[[activation]]\ndice = 3",
            "]\n\n[[activation]]\ndice = 3",
            1,
        );
        assert_ne!(gap, EXAMPLE, "the test edits the table");
        let err = Roster::parse(&gap).expect_err("a gap").to_string();
        assert!(err.contains("2 successes with 2 dice"), "{err}");
        let err = Roster::parse(&EXAMPLE.replacen("qv = 4", "qv = 9", 1)).expect_err("QV 9").to_string();
        assert!(err.contains("QV 9"), "{err}");
    }
}
