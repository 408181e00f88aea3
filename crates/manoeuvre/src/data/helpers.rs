//! Helper methods on the model types: the spellings the data files use for dice, terrain, HQ card
//! types and secondary effects, and lookups by name. Kept apart from `model.rs` so that file stays the
//! plain definition of the data.

use std::fmt;

use super::model::{Army, CardDef, CardKind, Dice, HqKind, MapSection, Ruleset, Secondary, Terrain, UnitDef};

impl Dice {
    /// The die sizes Manoeuvre uses (rule 1.2).
    pub const SIDES: [u8; 3] = [6, 8, 10];

    /// Reads `NdS` (`2d8`, `1d10`; `D` also accepted): N at least 1, S one of 6, 8, 10.
    pub fn parse(text: &str) -> Option<Dice> {
        let (count, sides) = text.trim().split_once(['d', 'D'])?;
        if !count.bytes().all(|b| b.is_ascii_digit()) || !sides.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let count: u8 = count.parse().ok()?;
        let sides: u8 = sides.parse().ok()?;
        (count >= 1 && Dice::SIDES.contains(&sides)).then_some(Dice { count, sides })
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)
    }
}

impl Terrain {
    /// The name used in the data files and the rulebook.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Clear => "Clear",
            Terrain::Hills => "Hills",
            Terrain::Town => "Town",
            Terrain::Woods => "Woods",
            Terrain::Marsh => "Marsh",
            Terrain::Field => "Field",
            Terrain::Lake => "Lake",
        }
    }

    /// The terrain with this name (case does not matter).
    pub fn from_name(name: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl HqKind {
    pub const ALL: [HqKind; 15] = [
        HqKind::Ambush,
        HqKind::BanzaiCharge,
        HqKind::CommittedAttack,
        HqKind::DeathWithHonour,
        HqKind::ForcedMarch,
        HqKind::Guerrilla,
        HqKind::Maharaja,
        HqKind::Redoubt,
        HqKind::Regroup,
        HqKind::Rockets,
        HqKind::Sappers,
        HqKind::ScoutSpy,
        HqKind::Skirmish,
        HqKind::Supply,
        HqKind::Withdraw,
    ];

    /// The card type as the rulebook and the `hq_type` column spell it.
    pub fn label(self) -> &'static str {
        match self {
            HqKind::Ambush => "Ambush",
            HqKind::BanzaiCharge => "Banzai Charge",
            HqKind::CommittedAttack => "Committed Attack",
            HqKind::DeathWithHonour => "Death With Honour",
            HqKind::ForcedMarch => "Forced March",
            HqKind::Guerrilla => "Guerrilla",
            HqKind::Maharaja => "Maharaja",
            HqKind::Redoubt => "Redoubt",
            HqKind::Regroup => "Regroup",
            HqKind::Rockets => "Rockets",
            HqKind::Sappers => "Sappers/Engineers",
            HqKind::ScoutSpy => "Scout/Spy",
            HqKind::Skirmish => "Skirmish",
            HqKind::Supply => "Supply",
            HqKind::Withdraw => "Withdraw",
        }
    }

    /// The HQ card type with this `hq_type` spelling (case does not matter).
    pub fn from_label(label: &str) -> Option<HqKind> {
        HqKind::ALL.into_iter().find(|k| k.label().eq_ignore_ascii_case(label.trim()))
    }
}

impl Secondary {
    pub const ALL: [Secondary; 3] = [Secondary::Guerrillas, Secondary::Redoubt, Secondary::CommittedAttack];

    /// The spelling of the `secondary` column.
    pub fn label(self) -> &'static str {
        match self {
            Secondary::Guerrillas => "guerrillas",
            Secondary::Redoubt => "redoubt",
            Secondary::CommittedAttack => "committed-attack",
        }
    }

    /// The secondary effect with this spelling (case does not matter; a space may replace the dash).
    pub fn from_label(label: &str) -> Option<Secondary> {
        let label = label.trim().replace(' ', "-");
        Secondary::ALL.into_iter().find(|s| s.label().eq_ignore_ascii_case(&label))
    }
}

impl Ruleset {
    /// The army with this nation code ("FR", "IN").
    pub fn army(&self, code: &str) -> Option<&Army> {
        self.armies.iter().find(|a| a.code == code)
    }

    /// The map section with this number (1..=24 in the base game).
    pub fn section(&self, number: u8) -> Option<&MapSection> {
        self.sections.iter().find(|s| s.number == number)
    }
}

impl Army {
    /// Index (0..8) of the unit with this name.
    pub fn unit_index(&self, name: &str) -> Option<u8> {
        self.units.iter().position(|u| u.name == name).and_then(|i| u8::try_from(i).ok())
    }

    /// The unit with this name.
    pub fn unit(&self, name: &str) -> Option<&UnitDef> {
        self.units.iter().find(|u| u.name == name)
    }

    /// The unit a unit card belongs to, or the one unit a Japanese leader commands.
    pub fn unit_of(&self, card: &CardDef) -> Option<&UnitDef> {
        let index = match &card.kind {
            CardKind::Unit(unit_card) => Some(unit_card.unit),
            CardKind::Leader(leader) => leader.only_unit,
            CardKind::Hq(_) => None,
        }?;
        self.units.get(usize::from(index))
    }

    /// The card with this name (the first copy if several).
    pub fn card(&self, name: &str) -> Option<&CardDef> {
        self.cards.iter().find(|c| c.name == name)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap is a failed test
mod tests {
    use super::*;

    #[test]
    fn dice_parse() {
        assert_eq!(Dice::parse("2d8"), Some(Dice { count: 2, sides: 8 }));
        assert_eq!(Dice::parse("1D10"), Some(Dice { count: 1, sides: 10 }));
        for bad in ["2d", "d8", "0d6", "2d7", "2d12", "2x8", "-1d6", "2d8+1", ""] {
            assert_eq!(Dice::parse(bad), None, "{bad}");
        }
        assert_eq!(Dice { count: 3, sides: 6 }.to_string(), "3d6");
    }

    #[test]
    fn spellings_round_trip() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_name(t.name()), Some(t));
        }
        for k in HqKind::ALL {
            assert_eq!(HqKind::from_label(k.label()), Some(k));
        }
        for s in Secondary::ALL {
            assert_eq!(Secondary::from_label(s.label()), Some(s));
        }
        assert_eq!(HqKind::from_label("scout/spy"), Some(HqKind::ScoutSpy));
        assert_eq!(Secondary::from_label("Committed Attack"), Some(Secondary::CommittedAttack));
        assert_eq!(Terrain::from_name("Forest"), None);
    }
}
