//! The rule-based player: a Manoeuvre player's habits written down. It scores every legal action
//! with the rules of thumb of the table (infantry forward in a line with cavalry on the wings, Assaults taken when the outcome table favours them on average, defence cards
//! kept for threatened units and played when they change the result, a unit holding a Bombard card
//! firing from two squares off, Supply and Forced March for
//! an extra step, Regroup and leaders to restore, Withdraw when standing would cost more, Guerrillas
//! against the enemy's extra moves, redoubts under exposed units, digging in only when every move
//! would hurt) and plays the best, ties broken at random.
//!
//! It is honest by discipline as well as by construction: it is handed a position that its player
//! cannot tell from the real one (a bot's determinization, or a search's playout state) and reads
//! only what that player may know: the board, both armies' public card lists, its own cards, the
//! enemy's face-up display cards and Scout/Spy reveals, discard tops and the combat in progress.

mod cards;
mod odds;
mod position;
mod weights;

pub use weights::Weights;

use engine::{Game, ToMove};
use rand_core::RngCore;

use crate::action::Action;
use crate::board::{self, bit, neighbours};
use crate::data::model::{CardKind, Dice, HqKind, Rally};
use crate::state::{CombatKind, HandMode, Manoeuvre, NONE, Negatable, Phase};
use crate::tables::{card_bit, cards};

use cards::{card_value, has_redoubt, restorers};
use odds::{LOSS_ELIMINATE, LOSS_FULL, Spread, assault_value, dice_spread};
use position::{Outlook, deployment_score, evaluate, evaluate_with, fire_estimate, hit_loss, progress, stakes};

/// The index in `legal` of the action the rule-based player takes for the player to move in `g`.
/// `legal` must be `g`'s legal actions; with none, 0.
pub fn rules_choice(g: &Manoeuvre, legal: &[Action], rng: &mut dyn RngCore) -> usize {
    rules_choice_with(g, legal, rng, &Weights::default())
}

/// [`rules_choice`] judging by the weights `w`.
pub fn rules_choice_with(g: &Manoeuvre, legal: &[Action], rng: &mut dyn RngCore, w: &Weights) -> usize {
    if legal.len() <= 1 {
        return 0;
    }
    let ToMove::Player(me) = g.to_move() else { return 0 };
    let mut scorer = Scorer::new(g, me, legal, w);
    let mut best = 0;
    let mut best_score = f64::NEG_INFINITY;
    let mut ties = 0u32;
    for (i, action) in legal.iter().enumerate() {
        let s = scorer.score(*action);
        if s > best_score + 1e-9 {
            best = i;
            best_score = s;
            ties = 1;
        } else if (s - best_score).abs() <= 1e-9 {
            // Reservoir sampling keeps each tied action equally likely.
            ties += 1;
            if engine::below(rng, ties as usize) == 0 {
                best = i;
            }
        }
    }
    best
}

/// The rule-based player's score of each of `legal` (higher is better), for the player to move:
/// what it weighs when it decides, shown when a player asks why.
pub fn rules_scores(g: &Manoeuvre, legal: &[Action]) -> Vec<f64> {
    let ToMove::Player(me) = g.to_move() else { return vec![0.0; legal.len()] };
    let mut scorer = Scorer::new(g, me, legal, &Weights::default());
    legal.iter().map(|a| scorer.score(*a)).collect()
}

/// The position from `player`'s side as a chance of winning, for a search cut short before the
/// game's end: the rule-based player's judgement squashed onto 0..1.
pub fn rules_win_estimate(g: &Manoeuvre, player: u8) -> f64 {
    rules_win_estimate_with(g, player, &Weights::default())
}

/// [`rules_win_estimate`] judging by the weights `w`.
pub fn rules_win_estimate_with(g: &Manoeuvre, player: u8, w: &Weights) -> f64 {
    if let Some(outcome) = g.outcome() {
        return match outcome.winner {
            Some(w) if w == player => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    if g.turn == 0 || g.sides.iter().any(|s| s.army == NONE) {
        return 0.5;
    }
    let o = Outlook::new(g, player, w);
    let them = Outlook::new(g, 1 - player, w);
    // Both sides' judgements, so that neither side's own threats are counted twice.
    let v = 0.5 * (evaluate(g, &o, false) - evaluate(g, &them, false));
    1.0 / (1.0 + (-v / w.estimate_scale).exp())
}

struct Scorer<'a> {
    g: &'a Manoeuvre,
    me: u8,
    /// The legal actions being weighed.
    legal: &'a [Action],
    outlook: Option<Outlook>,
    /// The position's value before the decision, computed once.
    base: Option<f64>,
    /// The value of the current combat to the attacker, computed once.
    combat_now: Option<f64>,
    /// Positions after one unit's move, judged with the combat ahead: a Movement phase asks for
    /// the same ones again (a Supply's extra move, a Banzai Charge), so each is judged once.
    moved: Vec<(u8, u8, f64)>,
    /// The danger each of the player's units stands in before the decision.
    dangers: Option<[f64; 16]>,
    /// The decision may ask for the same move twice (a Supply or a Banzai Charge is among the
    /// choices), so the moves' values are kept.
    asks_again: bool,
    w: Weights,
}

impl<'a> Scorer<'a> {
    fn new(g: &'a Manoeuvre, me: u8, legal: &'a [Action], w: &Weights) -> Self {
        // Only a decision that asks for a move twice keeps the answers.
        let asks_again = legal.iter().any(|a| matches!(a, Action::Supply(_) | Action::BanzaiCharge(_)));
        let moved = if asks_again { Vec::with_capacity(64) } else { Vec::new() };
        Scorer { g, me, legal, outlook: None, base: None, combat_now: None, moved, dangers: None, asks_again, w: *w }
    }

    fn outlook(&mut self) -> &Outlook {
        let (g, me, w) = (self.g, self.me, self.w);
        self.outlook.get_or_insert_with(|| Outlook::new(g, me, &w))
    }

    /// The position after `change`, judged from the player's side.
    fn after(&mut self, combat_ahead: bool, change: impl FnOnce(&mut Manoeuvre)) -> f64 {
        let mut next = *self.g;
        change(&mut next);
        let o = self.outlook();
        evaluate(&next, o, combat_ahead)
    }

    /// The position after `unit` moves to `to`, the turn's combat still to come.
    fn after_move(&mut self, unit: u8, to: u8) -> f64 {
        if let Some(&(_, _, v)) = self.moved.iter().find(|m| m.0 == unit && m.1 == to) {
            return v;
        }
        let mut next = *self.g;
        next.relocate(unit, to);
        let (g, me, w) = (self.g, self.me, self.w);
        let o = self.outlook.get_or_insert_with(|| Outlook::new(g, me, &w));
        let dangers = self.dangers.get_or_insert_with(|| position::dangers(g, o));
        let v = evaluate_with(&next, o, true, Some((dangers, unit)));
        if self.asks_again {
            self.moved.push((unit, to, v));
        }
        v
    }

    fn base(&mut self, combat_ahead: bool) -> f64 {
        if let Some(b) = self.base {
            return b;
        }
        let g = *self.g;
        let b = evaluate(&g, self.outlook(), combat_ahead);
        self.base = Some(b);
        b
    }

    fn cost(&self, card: u8) -> f64 {
        self.w.card_cost * card_value(self.g, self.me, card)
    }

    fn score(&mut self, action: Action) -> f64 {
        let g = self.g;
        let me = self.me;
        match g.phase {
            Phase::Draw => match action {
                // At the end of the Draw phase a Scout/Spy is free: its replacement is drawn.
                Action::Spy(_) => 1.0,
                _ => 0.0,
            },
            Phase::Discard => match action {
                Action::Discard(c) => {
                    // The weakest card goes every turn: a player who never draws never reaches
                    // nightfall, and a fresh card is worth more than the worst one held.
                    let value = card_value(g, me, c);
                    let weakest = !discarded_this_turn(g, me)
                        && self.legal.iter().filter_map(discarded).filter(|&x| x != c).all(|x| {
                            let v = card_value(g, me, x);
                            v > value || (v == value && x > c)
                        });
                    0.35 - value + if weakest { 1.0 } else { 0.0 }
                }
                Action::EndDiscard => 0.001,
                _ => -1.0,
            },
            Phase::Movement => self.movement(action),
            Phase::Guerrilla { against } => match action {
                Action::Guerrilla(c) => {
                    let worth = match against {
                        Negatable::Supply => 0.4,
                        Negatable::ForcedMarch { .. } => 0.6,
                        Negatable::Regroup { .. } | Negatable::Reinforcement { .. } => 0.9,
                    };
                    worth - self.cost(c)
                }
                _ => 0.0,
            },
            Phase::Combat => self.declare(action),
            Phase::Withdraw => {
                let at_stake = self.attack_outlook();
                match action {
                    Action::Withdraw(c) => at_stake - 0.45 - self.cost(c),
                    Action::WithdrawAttempt(c) => {
                        let max = g.unit_card(me, c).map_or(0, |u| u.withdraw_max);
                        f64::from(max) / 6.0 * (at_stake - 0.45) - self.cost(c)
                    }
                    _ => 0.0,
                }
            }
            Phase::DefenderCards => self.defend(action),
            Phase::AttackerCards => self.reinforce_attack(action),
            Phase::ChooseSupport => match action {
                Action::Support(u) => {
                    let now = self.combat_value();
                    let mut next = *g;
                    if let Some(c) = next.combat.as_mut() {
                        c.supporters |= 1 << (u % 8);
                    }
                    attacker_value(&next, 0.0) - now
                }
                _ => 0.0,
            },
            Phase::HitOrRetreat { .. } => self.hit_or_retreat(action),
            Phase::RetreatChoice { unit, .. } => match action {
                Action::RetreatTo(sq) => self.after(false, |n| n.relocate(unit, sq)),
                _ => 0.0,
            },
            Phase::Advance { retreated } => {
                let Some(c) = g.combat else { return 0.0 };
                match action {
                    Action::AdvanceWith(u) => {
                        let pursuit = if retreated && g.is_cavalry(u) { 0.3 } else { 0.0 };
                        self.after(false, |n| n.relocate(u, c.defender_square)) + pursuit
                    }
                    _ => self.after(false, |_| {}),
                }
            }
            Phase::CommittedHit => match action {
                Action::CommittedHitOn(u) => -hit_loss(g, u),
                _ => 0.0,
            },
            Phase::SkirmishMove => {
                let Some(c) = g.combat else { return 0.0 };
                match action {
                    Action::SkirmishTo(sq) => self.after(false, |n| n.relocate(c.attacker, sq)),
                    _ => self.after(false, |_| {}),
                }
            }
            Phase::Restoration => self.restore(action),
            Phase::Deploy { player } => match action {
                Action::Deploy(sq) => {
                    let unit = (player * 8..player * 8 + 8).find(|&u| !g.on_board(u)).unwrap_or(player * 8);
                    deployment_score(g, player, unit, sq)
                }
                _ => 0.0,
            },
            Phase::TournamentPick { player } => match action {
                Action::Keep(c) => card_value(g, player, c),
                _ => 0.0,
            },
            Phase::CardMove => match action {
                Action::KeepDisplay => 0.1,
                _ => 0.0,
            },
            // Map, nations, edge and the display's flips: any choice will do.
            _ => 0.0,
        }
    }

    // ---- Movement ----

    fn movement(&mut self, action: Action) -> f64 {
        let g = self.g;
        let me = self.me;
        let base = self.base(true);
        match action {
            Action::Move { unit, to } => self.after_move(unit, to) - base - self.w.move_cost,
            Action::EndMovement => 0.0,
            Action::DigIn => {
                let hand: f64 = cards(g.usable(me)).map(|c| card_value(g, me, c)).sum();
                -0.5 - 0.3 * hand
            }
            Action::Supply(c) => {
                let extra = self.best_extra_move();
                // A Supply card also restores a unit: keep the only one when a unit is reduced.
                let needed = g.reduced_units(me) > 0 && (restorers(g, me) & !card_bit(c)) == 0;
                extra - 0.25 - self.cost(c) - if needed { 0.4 } else { 0.0 }
            }
            Action::ForcedMarch { card, to } => {
                let unit = g.movement.last;
                if unit == NONE {
                    return -1.0;
                }
                self.after_move(unit, to) - base - 0.1 - self.cost(card)
            }
            Action::BanzaiCharge(c) => {
                // Two units marching two squares each instead of one basic move: worth it when two
                // different units gain from moving.
                let mut gains: Vec<f64> = Vec::new();
                for unit in g.units_on_board(me) {
                    let mut best = f64::NEG_INFINITY;
                    for to in board::squares(g.destinations(unit)) {
                        best = best.max(self.after_move(unit, to) - base);
                    }
                    if best.is_finite() {
                        gains.push(best);
                    }
                }
                gains.sort_by(|a, b| b.total_cmp(a));
                let second = gains.get(1).copied().unwrap_or(0.0).max(0.0);
                second * 1.2 - 0.15 - self.cost(c)
            }
            _ => -1.0,
        }
    }

    /// The best gain from moving one more unit that has not moved this phase.
    fn best_extra_move(&mut self) -> f64 {
        let g = self.g;
        let base = self.base(true);
        let mut best: f64 = 0.0;
        for unit in g.units_on_board(self.me) {
            if g.movement.moved & (1 << (unit % 8)) != 0 {
                continue;
            }
            for to in board::squares(g.destinations(unit)) {
                best = best.max(self.after_move(unit, to) - base);
            }
        }
        best
    }

    // ---- Combat ----

    fn declare(&mut self, action: Action) -> f64 {
        let g = self.g;
        let me = self.me;
        let threshold = self.w.combat_threshold;
        match action {
            Action::NoCombat => 0.0,
            Action::Spy(_) => 0.05,
            Action::Assault { unit, target, card } => {
                let dice = match &g.card(me, card).kind {
                    CardKind::Unit(u) => u.attack.unwrap_or(Dice { count: 1, sides: 6 }),
                    _ => Dice { count: 1, sides: 6 },
                };
                let spread = dice_spread(dice);
                let o = self.outlook();
                position::assault_estimate(g, o, unit, target, &spread) - threshold - self.cost(card)
            }
            Action::Ambush { card, target } => {
                let Some(defender) = g.unit_at(target) else { return -1.0 };
                let dice = g.card(me, card).ambush_dice.unwrap_or(Dice { count: 1, sides: 10 });
                let extra = self.outlook().enemy_cards[defender as usize];
                let defense = f64::from(g.strength(defender) + g.defense_terrain(target, false)) + extra;
                let attack = dice_spread(dice);
                assault_value(&attack, defense.round() as u16, stakes(g, defender, 0.0)) - threshold - self.cost(card)
            }
            Action::Bombard { unit, target, card } | Action::Volley { unit, target, card } => {
                let dice = g
                    .unit_card(me, card)
                    .and_then(|u| if matches!(action, Action::Bombard { .. }) { u.bombard } else { u.volley });
                let Some(dice) = dice else { return -1.0 };
                fire_estimate(g, unit, target, dice) - threshold - self.cost(card)
            }
            Action::GrandBattery { card, unit, target } => {
                fire_estimate(g, unit, target, Dice { count: 2, sides: 10 }) - threshold - self.cost(card)
            }
            Action::Rockets { card, target, .. } => {
                let Some(defender) = g.unit_at(target) else { return -1.0 };
                // 1-4 nothing, 5-8 a retreat, 9-10 a retreat and a hit.
                0.4 * 0.45 + 0.2 * (0.45 + hit_loss(g, defender)) - threshold - self.cost(card)
            }
            Action::DeathWithHonour { card, unit } => {
                let sq = g.units[unit as usize].square;
                let gain: f64 = board::squares(neighbours(sq) & g.occupied_by(1 - me))
                    .filter_map(|s| g.unit_at(s))
                    .map(|e| hit_loss(g, e))
                    .sum();
                let loss = if g.units[unit as usize].reduced { LOSS_ELIMINATE } else { LOSS_FULL };
                gain - loss - threshold - self.cost(card)
            }
            _ => -1.0,
        }
    }

    /// The current combat's value to the attacker, as far as this player can tell.
    fn combat_value(&mut self) -> f64 {
        if let Some(v) = self.combat_now {
            return v;
        }
        let v = attacker_value(self.g, 0.0);
        self.combat_now = Some(v);
        v
    }

    /// What the defender stands to lose (the attacker's average gain), counting the cards the
    /// attacker may still add: a display's face-up ones, or an average for a secret hand.
    fn attack_outlook(&mut self) -> f64 {
        let g = self.g;
        let attacker = g.active;
        let Some(c) = g.combat else { return 0.0 };
        let t = g.tables(attacker);
        let involved = involved(&c);
        let mut naming = 0;
        for i in 0..8 {
            if involved & (1 << i) != 0 {
                naming |= t.unit_cards[i] & t.attack;
            }
        }
        let extra = if g.sides[attacker as usize].mode == HandMode::Display {
            cards(g.usable(attacker) & naming)
                .filter_map(|card| g.unit_card(attacker, card).and_then(|u| u.attack))
                .map(|d| f64::from(d.count) * (f64::from(d.sides) + 1.0) / 2.0)
                .sum()
        } else {
            2.0
        };
        attacker_value(g, extra)
    }

    fn defend(&mut self, action: Action) -> f64 {
        let g = self.g;
        let me = self.me;
        let now = self.attack_outlook();
        let with = |add: &dyn Fn(&mut crate::state::Combat)| {
            let mut next = *g;
            if let Some(c) = next.combat.as_mut() {
                add(c);
            }
            next
        };
        match action {
            Action::Defend(card) => {
                let next = with(&|c| c.defense_cards |= card_bit(card));
                let mut s = Scorer::new(&next, me, &[], &self.w);
                now - s.attack_outlook() - self.cost(card)
            }
            Action::DefendLeader(card) => {
                let next = with(&|c| {
                    c.defense_cards |= card_bit(card);
                    c.defense_leader = card;
                });
                let mut s = Scorer::new(&next, me, &[], &self.w);
                now - s.attack_outlook() - self.cost(card)
            }
            Action::DefendMaharaja(card) => {
                // A Maharaja only matters for the leader it frees: the best one held that could
                // not lead this unit without it.
                let Some(c0) = g.combat else { return -0.1 };
                let mut best = -0.1;
                for leader in cards(g.usable(me) & g.tables(me).leaders) {
                    if g.leader_serves(me, leader, c0.defender, false)
                        || !g.leader_serves(me, leader, c0.defender, true)
                    {
                        continue;
                    }
                    let next = with(&|c| {
                        c.defense_cards |= card_bit(card) | card_bit(leader);
                        c.defense_leader = leader;
                        c.maharaja_defense = true;
                    });
                    let mut s = Scorer::new(&next, me, &[], &self.w);
                    best = f64::max(best, now - s.attack_outlook() - self.cost(card) - self.cost(leader));
                }
                best
            }
            Action::DoneDefending => 0.02,
            _ => -0.1,
        }
    }

    fn reinforce_attack(&mut self, action: Action) -> f64 {
        let g = self.g;
        let me = self.me;
        let now = self.combat_value();
        let Some(c0) = g.combat else { return 0.0 };
        let mut next = *g;
        let Some(c) = next.combat.as_mut() else { return 0.0 };
        match action {
            Action::DoneAttacking => return 0.0,
            Action::AddAttackCard(card) | Action::LeaderCombat(card) => {
                c.attack_cards |= card_bit(card);
                if g.tables(me).leaders & card_bit(card) != 0 {
                    c.attack_leader = card;
                }
            }
            Action::LeaderCommand(card) => {
                c.attack_cards |= card_bit(card);
                c.attack_leader = card;
                c.leader_commands = true;
                let command = g.leader(me, card).map_or(1, |l| l.command);
                let mut left = command.saturating_sub(1);
                for u in g.units_on_board(me) {
                    let sq = g.units[u as usize].square;
                    if left == 0 || u == c0.attacker || !board::adjacent(sq, c0.defender_square) {
                        continue;
                    }
                    if g.masks.no_assault & bit(sq) != 0 || !g.leader_serves(me, card, u, c0.maharaja_attack) {
                        continue;
                    }
                    c.supporters |= 1 << (u % 8);
                    left -= 1;
                }
            }
            Action::Committed { card, unit } => {
                c.attack_cards |= card_bit(card);
                c.committed |= 1 << (unit % 8);
                c.committed_count += 1;
            }
            Action::Sappers(card) => {
                c.attack_cards |= card_bit(card);
                c.sappers = true;
            }
            Action::Skirmish(card) => return -now - 0.1 - self.cost(card),
            Action::AttackMaharaja(card) => {
                // The Maharaja frees any leader and gives him a Command of 4: worth the best such
                // leader's command held.
                c.attack_cards |= card_bit(card);
                c.maharaja_attack = true;
                let mut best = -0.1;
                for leader in cards(g.usable(me) & g.tables(me).leaders) {
                    let mut led = next;
                    let Some(lc) = led.combat.as_mut() else { continue };
                    lc.attack_cards |= card_bit(leader);
                    lc.attack_leader = leader;
                    lc.leader_commands = true;
                    let mut left = 3u8;
                    for u in g.units_on_board(me) {
                        let sq = g.units[u as usize].square;
                        if left > 0
                            && u != c0.attacker
                            && board::adjacent(sq, c0.defender_square)
                            && g.masks.no_assault & bit(sq) == 0
                        {
                            lc.supporters |= 1 << (u % 8);
                            left -= 1;
                        }
                    }
                    best = f64::max(best, attacker_value(&led, 0.0) - now - self.cost(card) - self.cost(leader));
                }
                return best;
            }
            _ => return -0.1,
        }
        let card = match action {
            Action::AddAttackCard(x)
            | Action::LeaderCombat(x)
            | Action::LeaderCommand(x)
            | Action::Committed { card: x, .. }
            | Action::Sappers(x) => x,
            _ => NONE,
        };
        let spent = if c0.attack_cards & card_bit(card) != 0 { 0.0 } else { self.cost(card) };
        attacker_value(&next, 0.0) - now - spent - 0.03
    }

    fn hit_or_retreat(&mut self, action: Action) -> f64 {
        let g = self.g;
        let Some(c) = g.combat else { return 0.0 };
        let defender = c.defender;
        let cornered = g.retreat_options(defender).0 == 0;
        let retreat_worth = if cornered { LOSS_ELIMINATE + hit_loss(g, defender) } else { 0.45 };
        let for_attacker = match action {
            Action::TakeHit => hit_loss(g, defender),
            _ => retreat_worth,
        };
        if self.me == g.active { for_attacker } else { -for_attacker }
    }

    // ---- Restoration ----

    fn restore(&mut self, action: Action) -> f64 {
        let g = self.g;
        let me = self.me;
        let exposed = |unit: u8| neighbours(g.units[unit as usize].square) & g.occupied_by(1 - me) != 0;
        match action {
            Action::Restore { card, unit } => {
                1.0 + if exposed(unit) { 0.2 } else { 0.0 } - 0.5 * card_value(g, me, card)
            }
            Action::Rally { card, unit } => {
                let chance = match g.leader(me, card).map(|l| l.rally) {
                    Some(Rally::Automatic) => 1.0,
                    Some(Rally::UpTo(n)) => f64::from(n) / 6.0,
                    None => 0.0,
                };
                chance * (1.0 + if exposed(unit) { 0.2 } else { 0.0 }) - 0.5 * card_value(g, me, card)
            }
            Action::Redoubt { card, unit } => {
                let sq = g.units[unit as usize].square;
                if has_redoubt(g, sq) {
                    return -1.0;
                }
                let front = f64::from(progress(g, me, sq)) * 0.05;
                0.3 + if exposed(unit) { 0.4 } else { 0.0 } + front - 0.5 * card_value(g, me, card)
            }
            Action::EndRestoration => 0.0,
            _ => -0.2,
        }
    }
}

/// Whether the active `player` has already let a card go in this Discard phase.
fn discarded_this_turn(g: &Manoeuvre, player: u8) -> bool {
    let side = &g.sides[player as usize];
    match side.mode {
        HandMode::Hand => g.card_played,
        // A display's discards are owed replacements until the Draw phase.
        HandMode::Display => side.display.owed.iter().any(|&o| o > 0),
    }
}

/// The card a Discard action lets go.
fn discarded(action: &Action) -> Option<u8> {
    if let Action::Discard(c) = action { Some(*c) } else { None }
}

/// The attacker's units in a combat, as a mask over its 8 units.
fn involved(c: &crate::state::Combat) -> u8 {
    let mut m = c.supporters;
    if c.attacker != NONE {
        m |= 1 << (c.attacker % 8);
    }
    m
}

/// The attacker's average gain from the combat in progress as it stands (no dice thrown yet),
/// with `extra` pips it may still add.
fn attacker_value(g: &Manoeuvre, extra: f64) -> f64 {
    let Some(c) = g.combat else { return 0.0 };
    let p = g.active;
    let defense = g.defense_total();
    match c.kind {
        CombatKind::Assault | CombatKind::Ambush => {
            let mut spread = Spread::fixed(g.attack_total() + extra.round() as u16);
            for card in cards(c.attack_cards) {
                match &g.card(p, card).kind {
                    CardKind::Unit(u) => {
                        if let Some(d) = u.attack {
                            spread = spread.roll(d);
                        }
                    }
                    CardKind::Leader(l) if l.only_unit.is_some() => spread = spread.roll(Dice { count: 1, sides: 6 }),
                    CardKind::Hq(HqKind::Ambush) => {
                        let d = g.card(p, card).ambush_dice.unwrap_or(Dice { count: 1, sides: 10 });
                        spread = spread.roll(d);
                    }
                    _ => {}
                }
            }
            spread = spread.roll(Dice { count: 2 * c.committed_count, sides: 6 });
            let sent = involved(&c);
            let mut repulse = 0.0;
            let mut committed = 0.0;
            for i in 0..8u8 {
                let u = p * 8 + i;
                if sent & (1 << i) != 0 && g.on_board(u) {
                    repulse += hit_loss(g, u);
                }
                if c.committed & (1 << i) != 0 && g.on_board(u) {
                    committed += hit_loss(g, u) * 0.8;
                }
            }
            assault_value(&spread, defense, stakes(g, c.defender, repulse)) - committed
        }
        CombatKind::Rockets => 0.4 * 0.45 + 0.2 * (0.45 + hit_loss(g, c.defender)),
        _ => {
            let mut spread = Spread::fixed(g.attack_total());
            for (i, sides) in [6u8, 8, 10].into_iter().enumerate() {
                spread = spread.roll(Dice { count: c.dice_owed[i], sides });
            }
            spread.beats(defense) * hit_loss(g, c.defender)
        }
    }
}

#[cfg(test)]
mod tests;
