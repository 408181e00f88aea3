//! The combat panel's account of a combat: who fought whom on which square, the cards each side
//! counted, every part of both totals (unit strengths, terrain, Redoubts, leaders, card values),
//! the dice as thrown, the line of the outcome table that applied and what followed, in words. The
//! parts are read the way `attack_total` and `defense_total` add them up, so they always add up to
//! the totals the battle was resolved with; the words of the outcome are the ones the event lines
//! use. The dice are not kept in the game state (the bots' search copies it millions of times): a
//! [`CombatWatcher`] fed each step remembers those thrown since the combat began.

use engine::{Chronicle, Game};
use serde::Serialize;

use crate::action::Action;
use crate::board::name;
use crate::state::{CombatKind, Manoeuvre, NONE, Phase};
use crate::tables::{Cards, cards};
use crate::view::CardView;

/// One combat, resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CombatReport {
    /// "Assault", "Ambush", "Bombardment", "Volley", "Rockets" or "Grand Battery".
    pub kind: String,
    /// `None` in an Ambush (a card attacks).
    pub attacker: Option<UnitRef>,
    /// `None` when the target square was empty.
    pub defender: Option<UnitRef>,
    pub defender_square: String,
    pub supporters: Vec<UnitRef>,
    pub attack_cards: Vec<CardView>,
    pub defense_cards: Vec<CardView>,
    /// Everything but the dice that went into the totals: the attack total is the dice plus the
    /// attack modifiers, the defence total the defence modifiers.
    pub modifiers: Vec<Modifier>,
    pub dice: Vec<DieRoll>,
    pub attack_total: u16,
    pub defense_total: u16,
    /// The line of the outcome table that applied.
    pub outcome: String,
    /// What happened, as event lines: the resolving step's and those of the choices that followed
    /// (hit or retreat, where to retreat, advancing, pursuit).
    pub result: Vec<String>,
}

/// A unit as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitRef {
    pub id: u8,
    pub name: String,
    pub nation: String,
    /// Its square when the dice were thrown.
    pub square: Option<String>,
}

/// One part of a total other than the dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Modifier {
    /// "attack" or "defense".
    pub side: &'static str,
    pub what: String,
    pub value: u16,
}

/// One die as thrown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DieRoll {
    pub sides: u8,
    pub value: u8,
}

/// The line of the outcome table a combat's totals fall on (rule 6 step 7 for Assault and Ambush;
/// fire combats hit when the attack is greater).
pub(crate) fn outcome_words(kind: CombatKind, attack: u16, defense: u16) -> &'static str {
    match kind {
        CombatKind::Assault | CombatKind::Ambush => {
            if attack < defense {
                "less than the defence: every attacking unit takes a hit"
            } else if attack == defense {
                "equal: nothing happens"
            } else if attack >= 4 * defense {
                "four times the defence or more: the defender is eliminated"
            } else if attack >= 3 * defense {
                "three times the defence or more: the defender takes a hit and retreats"
            } else if attack >= 2 * defense {
                "twice the defence or more: the attacker chooses hit or retreat for the defender"
            } else {
                "greater than the defence: the defender chooses hit or retreat"
            }
        }
        _ if attack > defense => "greater than the defence: the target takes a hit",
        _ => "not greater than the defence: no effect",
    }
}

/// What the Rockets' d10 does.
pub(crate) fn rocket_words(roll: u8) -> &'static str {
    match roll {
        1..=4 => "1 to 4: no effect",
        5..=8 => "5 to 8: the target retreats",
        _ => "9 or 10: the target retreats and takes a hit",
    }
}

/// The state a combat is resolved in when `action`, taken in `before`, is its last die: `before`
/// with that die counted. `None` for any other step.
pub(crate) fn resolving(before: &Manoeuvre, action: &Action) -> Option<Manoeuvre> {
    let Action::Die(value) = *action else { return None };
    if before.phase != Phase::CombatDice {
        return None;
    }
    let mut last = *before;
    let sides = before.next_die()?;
    let c = last.combat.as_mut()?;
    c.dice_owed[crate::combat::die_index(sides)] -= 1;
    c.dice_total += u16::from(value);
    last.next_die().is_none().then_some(last)
}

impl Manoeuvre {
    fn unit_ref(&self, unit: u8) -> Option<UnitRef> {
        if unit == NONE || self.sides[(unit / 8) as usize].army == NONE {
            return None;
        }
        let square = self.units[unit as usize].square;
        Some(UnitRef {
            id: unit,
            name: self.unit_def(unit).name.clone(),
            nation: self.player_name(unit / 8),
            square: (square != NONE).then(|| name(square)),
        })
    }

    /// The parts of the attack total other than the dice, read as `attack_total` adds them.
    fn attack_parts(&self, out: &mut Vec<Modifier>) {
        let Some(c) = self.combat else { return };
        let p = self.active;
        let target = c.defender_square;
        let mut push = |what: String, value: u8| out.push(Modifier { side: "attack", what, value: u16::from(value) });
        let terrain_words =
            |sq: u8| format!("{} on {} against {}", self.terrain[sq as usize].word(), name(sq), name(target));
        let unit_parts = |push: &mut dyn FnMut(String, u8), id: u8, with_terrain: bool, role: &str| {
            push(format!("{role} {}: strength", self.unit_def(id).name), self.strength(id));
            let sq = self.units[id as usize].square;
            let terrain = if with_terrain { self.attack_terrain(sq, target) } else { 0 };
            if terrain > 0 {
                push(terrain_words(sq), terrain);
            }
        };
        match c.kind {
            CombatKind::Assault | CombatKind::Ambush => {
                let ambush = c.kind == CombatKind::Ambush;
                if !ambush && self.on_board(c.attacker) {
                    unit_parts(&mut push, c.attacker, true, "attacker");
                }
                if c.leader_commands {
                    for u in 0..8u8 {
                        let id = p * 8 + u;
                        if c.supporters & (1 << u) != 0 && self.on_board(id) {
                            unit_parts(&mut push, id, !ambush, "supporter");
                        }
                    }
                } else if c.attack_leader != NONE
                    && let Some(l) = self.leader(p, c.attack_leader).filter(|l| l.only_unit.is_none())
                {
                    push(format!("leader {}: Combat value", self.card(p, c.attack_leader).name), l.combat_attack);
                }
            }
            _ => {
                if self.on_board(c.attacker) {
                    let sq = self.units[c.attacker as usize].square;
                    let terrain = self.attack_terrain(sq, target);
                    if terrain > 0 {
                        push(terrain_words(sq), terrain);
                    }
                }
            }
        }
    }

    /// The parts of the defence total, read as `defense_total` adds them.
    fn defense_parts(&self, out: &mut Vec<Modifier>) {
        let Some(c) = self.combat else { return };
        let d = 1 - self.active;
        if !self.on_board(c.defender) {
            return;
        }
        let mut push = |what: String, value: u16| out.push(Modifier { side: "defense", what, value });
        push(format!("defender {}: strength", self.unit_def(c.defender).name), u16::from(self.strength(c.defender)));
        let sq = c.defender_square;
        let terrain = self.effects_at(sq).defense;
        if terrain > 0 {
            push(format!("{} on {}", self.terrain[sq as usize].word(), name(sq)), u16::from(terrain));
        }
        if self.redoubts & crate::board::bit(sq) != 0 {
            if c.sappers {
                push(format!("Redoubt on {}: none, the Sappers cancel it", name(sq)), 0);
            } else {
                push(format!("Redoubt on {}", name(sq)), u16::from(self.defense_terrain(sq, false) - terrain));
            }
        }
        if matches!(c.kind, CombatKind::Assault | CombatKind::Ambush) {
            for card in cards(c.defense_cards) {
                if let Some(u) = self.unit_card(d, card) {
                    push(format!("card {}: defence", self.card(d, card).name), u16::from(u.defense));
                }
            }
            if c.defense_leader != NONE {
                let value = self.leader(d, c.defense_leader).map_or(0, |l| l.combat_defense);
                push(format!("leader {}: Combat value", self.card(d, c.defense_leader).name), u16::from(value));
            }
        }
    }

    /// The report of the combat in progress, from the state it is resolved in, with the dice
    /// thrown for it and the outcome line.
    fn report(&self, dice: Vec<DieRoll>, attack_total: u16, defense_total: u16, outcome: &str) -> Option<CombatReport> {
        let c = self.combat?;
        let card_list = |owner: u8, set: Cards| -> Vec<CardView> {
            cards(set).map(|x| crate::view::card_view(self, owner, x)).collect()
        };
        let mut modifiers = Vec::new();
        if c.kind != CombatKind::Rockets {
            self.attack_parts(&mut modifiers);
            self.defense_parts(&mut modifiers);
        }
        Some(CombatReport {
            kind: c.kind.name().to_string(),
            attacker: self.unit_ref(c.attacker),
            defender: self.unit_ref(c.defender),
            defender_square: name(c.defender_square),
            supporters: (0..8u8)
                .filter(|i| c.supporters & (1 << i) != 0)
                .filter_map(|i| self.unit_ref(self.active * 8 + i))
                .collect(),
            attack_cards: card_list(self.active, c.attack_cards),
            defense_cards: card_list(1 - self.active, c.defense_cards),
            modifiers,
            dice,
            attack_total,
            defense_total,
            outcome: outcome.to_string(),
            result: Vec::new(),
        })
    }
}

/// The report of the combat `action` resolves when taken in `before` (its last die, or the Rockets'
/// d10), with `dice` the dice thrown for it before this one; `None` for any other step.
pub fn combat_report(before: &Manoeuvre, action: &Action, dice: &[DieRoll]) -> Option<CombatReport> {
    let Action::Die(value) = *action else { return None };
    if before.phase == Phase::RocketRoll {
        let roll = vec![DieRoll { sides: 10, value }];
        return before.report(roll, u16::from(value), 0, rocket_words(value));
    }
    let last = resolving(before, action)?;
    let mut thrown = dice.to_vec();
    thrown.push(DieRoll { sides: before.next_die()?, value });
    let c = last.combat?;
    let (attack, defense) = (last.attack_total(), last.defense_total());
    last.report(thrown, attack, defense, outcome_words(c.kind, attack, defense))
}

/// Follows a game step by step and reports each combat as it is resolved: it remembers the dice
/// thrown since the combat began, and adds the lines of the choices that finish the combat to its
/// report.
#[derive(Clone, Debug, Default)]
pub struct CombatWatcher {
    steps: usize,
    dice: Vec<DieRoll>,
    reports: Vec<(usize, CombatReport)>,
    /// Whether the last report's combat is still being finished.
    open: bool,
}

impl CombatWatcher {
    /// The next step of the game; answers the report when this step resolved a combat.
    pub fn step(
        &mut self,
        before: &Manoeuvre,
        action: &Action,
        after: &Manoeuvre,
        events: &[String],
    ) -> Option<&CombatReport> {
        let index = self.steps;
        self.steps += 1;
        if before.combat.is_none() {
            self.dice.clear();
            self.open = false;
        }
        if self.open {
            if let Some((_, report)) = self.reports.last_mut() {
                report.result.extend(events.iter().cloned());
            }
            self.open = after.combat.is_some();
            return None;
        }
        if let Some(mut report) = combat_report(before, action, &self.dice) {
            // The outcome has its own field; the result is what the outcome did.
            let summary = crate::events::combat_result(before, action);
            report.result = events.iter().filter(|l| Some(*l) != summary.as_ref()).cloned().collect();
            self.reports.push((index, report));
            self.open = after.combat.is_some();
            self.dice.clear();
            return self.reports.last().map(|(_, r)| r);
        }
        if let (Action::Die(value), Phase::CombatDice, Some(sides)) = (*action, before.phase, before.next_die()) {
            self.dice.push(DieRoll { sides, value });
        }
        None
    }

    /// Every combat report so far, with the 0-based index of the step that resolved it.
    pub fn reports(&self) -> &[(usize, CombatReport)] {
        &self.reports
    }
}

impl Chronicle<Manoeuvre> for CombatWatcher {
    fn step(&mut self, before: &Manoeuvre, action: &Action, after: &Manoeuvre, events: &[String]) {
        CombatWatcher::step(self, before, action, after, events);
    }

    fn reports(&self) -> Vec<(usize, serde_json::Value)> {
        self.reports.iter().filter_map(|(i, r)| serde_json::to_value(r).ok().map(|v| (*i, v))).collect()
    }
}
