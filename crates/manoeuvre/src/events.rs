//! What each step of a game of Manoeuvre did on the battlefield, in words a player follows: the
//! phase names, every combat's totals and result, units moving, taking hits, falling and recovering,
//! Redoubts built, the turn passing and the game ending. All of it is public: a unit's square and
//! strength are on the board, and the cards counted in a combat's totals are played face-up.

use engine::Game;

use crate::action::Action;
use crate::board::name;
use crate::state::{CombatKind, Manoeuvre, NONE, Phase};

impl Phase {
    /// The phase as a player names it.
    pub fn name(self) -> &'static str {
        match self {
            Phase::InitiativeRoll { .. } => "setup: rolling for first player",
            Phase::PlaceSection { .. } => "setup: placing the map sections",
            Phase::OrientSection { .. } => "setup: turning a map section",
            Phase::ChooseNations { .. } => "setup: offering nations",
            Phase::PickNation => "setup: picking a nation",
            Phase::ChooseEdge => "setup: choosing the starting edges",
            Phase::TournamentPick { .. } => "setup: picking the opening cards",
            Phase::DealHands => "setup: dealing the opening hands",
            Phase::Deploy { .. } => "setup: deploying units",
            Phase::Discard => "Discard phase",
            Phase::Draw => "Draw phase",
            Phase::Movement => "Movement phase",
            Phase::Guerrilla { .. } => "Movement phase: a Guerrilla may answer",
            Phase::Combat => "Combat phase",
            Phase::Withdraw => "Combat phase: the defender may withdraw",
            Phase::WithdrawRoll { .. } => "Combat phase: rolling for the withdrawal",
            Phase::DefenderCards => "Combat phase: the defender adds cards",
            Phase::AttackerCards => "Combat phase: the attacker adds cards",
            Phase::ChooseSupport => "Combat phase: choosing supporting units",
            Phase::CombatDice => "Combat phase: rolling the dice",
            Phase::HitOrRetreat { .. } => "Combat phase: hit or retreat",
            Phase::RetreatChoice { .. } => "Combat phase: choosing where to retreat",
            Phase::Advance { .. } => "Combat phase: advancing after combat",
            Phase::PursuitRoll => "Combat phase: rolling for pursuit",
            Phase::CommittedHit => "Combat phase: taking the Committed Attack hit",
            Phase::SkirmishMove => "Combat phase: the skirmishers fall back",
            Phase::RocketRoll => "Combat phase: rolling for the Rockets",
            Phase::FateCheck { .. } => "rolling the Fate Die for the inactive side",
            Phase::FateRoll => "rolling the Fate Die",
            Phase::FateFlip => "turning display cards face-up",
            Phase::ScoutRoll { .. } => "rolling for the Scout/Spy discard",
            Phase::ScoutPick { .. } => "taking a face-down card for the Scout/Spy discard",
            Phase::CardMove => "moving a display card",
            Phase::Restoration => "Restoration phase",
            Phase::RallyRoll { .. } => "Restoration phase: rolling to rally",
            Phase::Over => "the game is over",
        }
    }
}

impl CombatKind {
    /// The combat's name as the rulebook prints it.
    pub fn name(self) -> &'static str {
        match self {
            CombatKind::Assault => "Assault",
            CombatKind::Ambush => "Ambush",
            CombatKind::Bombardment => "Bombardment",
            CombatKind::Volley => "Volley",
            CombatKind::Rockets => "Rockets",
            CombatKind::GrandBattery => "Grand Battery",
        }
    }
}

impl Manoeuvre {
    /// How many more units the active player may move this Movement phase, outside it `None`.
    pub fn moves_left(&self) -> Option<u8> {
        (self.phase == Phase::Movement)
            .then(|| self.movement.moves_allowed.saturating_sub(self.movement.moved.count_ones() as u8))
    }

    /// A unit as both players name it: its name and its army.
    fn unit_words(&self, unit: u8) -> String {
        if self.sides[(unit / 8) as usize].army == NONE {
            return "a unit".into();
        }
        format!("{} ({})", self.unit_def(unit).name, self.player_name(unit / 8))
    }
}

/// The steps `action` took on the battlefield; `after` is the state it led to.
pub(crate) fn events(after: &Manoeuvre, before: &Manoeuvre, action: &Action) -> Vec<String> {
    let mut told = Vec::new();
    if let (None, Some(c)) = (before.combat, after.combat) {
        let attacker = if c.attacker == NONE { "an Ambush card".to_string() } else { after.unit_words(c.attacker) };
        let on = if c.defender == NONE { "an empty square".to_string() } else { after.unit_words(c.defender) };
        told.push(format!("{}: {attacker} against {on} at {}", c.kind.name(), name(c.defender_square)));
    }
    if let (Action::Die(v), Phase::FateRoll) = (*action, before.phase) {
        told.push(format!("{}'s Fate Die shows {v}", before.player_name(before.active)));
    }
    if let (Action::Die(v), Phase::FateCheck { .. }) = (*action, before.phase) {
        let side = before.player_name(1 - before.active);
        told.push(if v == 1 {
            format!("{side}'s Fate Die shows 1 (!!): the HQ card is blocked")
        } else {
            format!("{side}'s Fate Die shows {v}: the HQ card may be played")
        });
    }
    if let Some(line) = combat_result(before, action) {
        told.push(line);
    }
    for unit in 0..16u8 {
        if after.sides[(unit / 8) as usize].army == NONE {
            continue;
        }
        let (was, now) = (before.units[unit as usize], after.units[unit as usize]);
        let who = after.unit_words(unit);
        if now.eliminated && !was.eliminated {
            let why = elimination_reason(before, action, unit);
            told.push(format!("{who} is eliminated ({why}): take it off the board"));
            continue;
        }
        // A hit comes before the retreat it forces.
        if now.reduced && !was.reduced {
            told.push(format!("{who} takes a hit: turn it to its reduced side (strength {})", after.strength(unit)));
        } else if was.reduced && !now.reduced {
            told.push(format!("{who} is restored: turn it to its full-strength side"));
        }
        if was.square != now.square && now.square != NONE {
            if was.square == NONE {
                told.push(format!("{who} is placed on {}", name(now.square)));
            } else {
                told.push(format!("{who} moves from {} to {}", name(was.square), name(now.square)));
            }
        }
    }
    for sq in crate::board::squares(after.redoubts & !before.redoubts) {
        told.push(format!("A Redoubt is built on {}", name(sq)));
    }
    if after.ending.is_some() && before.ending.is_none() {
        if let Some(outcome) = after.outcome() {
            told.push(format!("The game is over: {}", outcome.reason));
        }
    } else if after.turn > 0 && (after.turn != before.turn || after.active != before.active) {
        told.push(format!("Game turn {}: {} is the active player", after.turn, after.player_name(after.active)));
    }
    told
}

/// Why `unit` left the board in the step `action` took from `before`, in the rulebook's terms: a
/// player reading the log sees what cost the unit, not only that it is gone.
fn elimination_reason(before: &Manoeuvre, action: &Action, unit: u8) -> &'static str {
    let was = before.units[unit as usize];
    match (*action, before.phase) {
        (Action::DeathWithHonour { unit: u, .. }, _) if u == unit => "Death with Honour",
        (_, Phase::PursuitRoll) => "cut down in pursuit",
        (Action::CommittedHitOn(_), _) | (_, Phase::CommittedHit) => "the Committed Attack's hit",
        (Action::Die(_), Phase::CombatDice)
            if crate::report::resolving(before, action).is_some_and(|last| {
                last.combat.is_some_and(|c| c.defender == unit) && last.attack_total() >= 4 * last.defense_total()
            }) =>
        {
            "attacked at four times its defence or more"
        }
        // A unit named for a Committed Attack takes its hit once the other losses are taken.
        _ if before.combat.is_some_and(|c| unit / 8 == before.active && c.committed & (1 << (unit % 8)) != 0) => {
            "the Committed Attack's hit"
        }
        _ if was.reduced => "a hit on its reduced side",
        // A full-strength unit gone any other way had no square to retreat to.
        _ => "no square to retreat to",
    }
}

/// The totals and result of a combat whose last die `action` threw, from the state before it: the
/// same totals the battle is resolved with.
pub(crate) fn combat_result(before: &Manoeuvre, action: &Action) -> Option<String> {
    let Action::Die(value) = *action else { return None };
    if before.phase == Phase::RocketRoll {
        return Some(format!("Rockets: the d10 shows {value}, {}", crate::report::rocket_words(value)));
    }
    let last = crate::report::resolving(before, action)?;
    let c = last.combat?;
    let (attack, defense) = (last.attack_total(), last.defense_total());
    let result = crate::report::outcome_words(c.kind, attack, defense);
    Some(format!("{}: attack {attack} (dice {}) against defence {defense}, {result}", c.kind.name(), c.dice_total))
}
