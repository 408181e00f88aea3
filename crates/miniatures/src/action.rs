//! The decisions and dice of the game play sequence, with their stable ids.

use crate::state::UnitId;

/// The most leadership (white cubes) the aid offers on one roll.
pub const MAX_LEAD: u8 = 3;
/// The modifiers ΔF and ΔC the aid offers, from -MAX_DELTA to +MAX_DELTA.
pub const MAX_DELTA: i8 = 4;
/// The most enemy pieces the aid offers in contact with a unit.
pub const MAX_CONTACT: u8 = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A d6 shows this face.
    Die(u8),
    /// Done with an optional step (repositioning, disengaging, line command): on to the next.
    GoOn,
    /// Leadership applied to the roll to come (white cubes), 0 for none.
    Lead(u8),
    /// Try to disengage a piece of this unit from a single corner lock.
    Disengage(UnitId),
    /// Line command: a piece of this unit cannot be kept in command and is removed.
    RemoveForCommand(UnitId),
    /// Activate this unit (of its wing).
    Unit(UnitId),
    /// Roll this many activation dice (one to three).
    Dice(u8),
    /// All the units the side wants to activate have gone: the phase ends.
    EndPhase,
    Fire,
    CloseCombat,
    /// The FO of the unit's wing makes its special move.
    FoMove,
    /// The unit has done all it will.
    UnitDone,
    /// A modifier (ΔF or ΔC) as the player reads it off the game's charts.
    Delta(i8),
    /// Pieces in edge-to-edge contact.
    Pieces(u8),
    // Tools, open at every decision.
    /// A piece of this unit is destroyed (a casualty marker in its place).
    MarkDestroyed(UnitId),
    /// A piece of this unit becomes disrupted.
    MarkDisrupted(UnitId),
    /// "Situations not covered": a die decides between two outcomes (1-3 the first, 4-6 the second).
    Decide,
}

impl Action {
    pub fn id(&self) -> String {
        match self {
            Action::Die(v) => format!("die-{v}"),
            Action::GoOn => "go-on".into(),
            Action::Lead(k) => format!("lead-{k}"),
            Action::Disengage(u) => format!("disengage-{u}"),
            Action::RemoveForCommand(u) => format!("command-remove-{u}"),
            Action::Unit(u) => format!("unit-{u}"),
            Action::Dice(n) => format!("dice-{n}"),
            Action::EndPhase => "end-phase".into(),
            Action::Fire => "fire".into(),
            Action::CloseCombat => "close-combat".into(),
            Action::FoMove => "fo-move".into(),
            Action::UnitDone => "unit-done".into(),
            Action::Delta(d) => format!("delta-{d}"),
            Action::Pieces(n) => format!("pieces-{n}"),
            Action::MarkDestroyed(u) => format!("destroyed-{u}"),
            Action::MarkDisrupted(u) => format!("disrupted-{u}"),
            Action::Decide => "decide".into(),
        }
    }

    pub fn is_tool(&self) -> bool {
        matches!(self, Action::MarkDestroyed(_) | Action::MarkDisrupted(_) | Action::Decide)
    }
}
