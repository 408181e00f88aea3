//! Rule 6, the Combat phase: at most one combat per player turn, never required. Assault and Ambush
//! follow steps 1-7 with the defender's window (Withdraw, then unit cards and one leader) before the
//! attacker's (unit cards, Committed Attack, Sappers, Skirmish, one leader by Combat or by Command
//! with supporting units); Bombardment, Volley, Grand Battery and Rockets need no card windows; Death
//! With Honour is resolved at once. Dice are chance outcomes, one die at a time.

use crate::action::Action;
use crate::board::{self, bit, neighbours};
use crate::data::model::{CardKind, HqKind};
use crate::state::{AfterRetreat, Combat, CombatKind, Ending, Manoeuvre, NONE, Phase, Resume};
use crate::tables::{Cards, card_bit, cards, hq_index};

/// The faces of the die kinds combat uses.
pub const DIE_SIDES: [u8; 3] = [6, 8, 10];

pub(crate) fn die_index(sides: u8) -> usize {
    match sides {
        8 => 1,
        10 => 2,
        _ => 0,
    }
}

impl Combat {
    fn new(kind: CombatKind, attacker: u8, defender: u8, initiating: u8, defender_square: u8) -> Self {
        Combat {
            kind,
            attacker,
            defender,
            initiating,
            supporters: 0,
            attack_cards: card_bit(initiating),
            defense_cards: 0,
            attack_leader: NONE,
            leader_commands: false,
            maharaja_attack: false,
            defense_leader: NONE,
            maharaja_defense: false,
            committed: 0,
            committed_count: 0,
            sappers: false,
            dice_total: 0,
            dice_owed: [0; 3],
            support_left: 0,
            pursuit_cards: 0,
            pursuit_hits: 0,
            defender_square,
            initiating_slot: NONE,
            committed_hits_left: 0,
            sacked: false,
            blocked: 0,
        }
    }

    fn owe(&mut self, count: u8, sides: u8) {
        self.dice_owed[die_index(sides)] += count;
    }
}

impl Manoeuvre {
    fn combat_ref(&self) -> Combat {
        // Every combat phase is entered with a combat set up; a fresh default keeps a corrupt state
        // from panicking.
        self.combat.unwrap_or(Combat::new(CombatKind::Assault, NONE, NONE, 0, NONE))
    }

    /// The attacker's units in the combat, as a mask over its 8 units.
    fn involved(&self, c: &Combat) -> u8 {
        let mut m = c.supporters;
        if c.attacker != NONE {
            m |= 1 << (c.attacker % 8);
        }
        m
    }

    // ---- Declaring a combat (steps 1-2) ----

    pub(crate) fn combat_legal(&self, out: &mut Vec<Action>) {
        let p = self.active;
        let usable = self.usable(p);
        let t = self.tables(p);
        let enemies = self.occupied_by(1 - p);
        // Cards that could start a combat with no enemy next to the unit: fire from afar (a bombard
        // card only for its own unit) and Death with Honour. Without one, a unit with no enemy
        // beside it offers nothing.
        let any_unit_from_afar =
            usable & (t.hq[hq_index(HqKind::Rockets)] | t.grand_battery | t.hq[hq_index(HqKind::DeathWithHonour)]);
        // The units with something to offer: an enemy beside them, their own bombard card in hand
        // and an enemy within two squares (no bombard card reaches farther), or a card any unit
        // fires from afar. Most Combat phases find none, and a few set operations on the whole
        // board tell so before any unit is looked at.
        let beside_enemies = board::next_to(enemies);
        let within_two = beside_enemies | board::next_to(beside_enemies);
        let own = self.occupied_by(p);
        let none_can =
            beside_enemies & own == 0 && any_unit_from_afar == 0 && (usable & t.bombard == 0 || within_two & own == 0);
        let candidates = if none_can {
            0
        } else {
            self.unit_mask(p, |i, unit| {
                // Off the board a unit's square is NONE: masked here to stay in the table, and the
                // unit is left out of the mask whatever this says.
                let sq = bit(unit.square & 63);
                let beside = beside_enemies & sq != 0;
                let own_bombard = t.unit_cards[i as usize] & usable & t.bombard != 0 && within_two & sq != 0;
                beside | (any_unit_from_afar != 0) | own_bombard
            })
        };
        for unit in crate::bitset::members(candidates).map(|i| p * 8 + i) {
            let sq = self.units[unit as usize].square;
            let adjacent = neighbours(sq) & enemies;
            let mine = t.unit_cards[(unit % 8) as usize] & usable;
            if self.masks.no_assault & bit(sq) == 0 {
                let mut starters = mine & t.attack;
                starters |= self.single_unit_leaders(p, unit) & usable;
                for card in cards(starters) {
                    for target in board::squares(adjacent) {
                        out.push(Action::Assault { unit, target, card });
                    }
                }
            }
            for card in cards(mine & t.volley) {
                for target in board::squares(adjacent) {
                    out.push(Action::Volley { unit, target, card });
                }
            }
            // Every fire attack reaches two squares along open paths (a bombard card's range is 2).
            let fire = usable & (t.bombard & mine | t.hq[hq_index(HqKind::Rockets)] | t.grand_battery);
            if fire != 0 {
                let reach = self.in_fire_range(sq, 2);
                for card in cards(mine & t.bombard) {
                    let range = self.unit_card(p, card).map_or(0, |u| u.range.max(1));
                    let targets = if range >= 2 { reach } else { neighbours(sq) };
                    for target in board::squares(targets & enemies) {
                        out.push(Action::Bombard { unit, target, card });
                    }
                }
                let rocket_cards = usable & t.hq[hq_index(HqKind::Rockets)];
                if rocket_cards != 0 {
                    let mut rockets = reach;
                    if self.masks.hills & bit(sq) != 0 {
                        rockets |= self.in_fire_range(sq, 3) & !self.masks.hills;
                    }
                    for card in cards(rocket_cards) {
                        for target in board::squares(rockets & enemies) {
                            out.push(Action::Rockets { card, unit, target });
                        }
                    }
                }
                for card in cards(usable & t.grand_battery) {
                    for target in board::squares(reach & enemies) {
                        out.push(Action::GrandBattery { card, unit, target });
                    }
                }
            }
            for card in cards(usable & t.hq[hq_index(HqKind::DeathWithHonour)]) {
                out.push(Action::DeathWithHonour { card, unit });
            }
        }
        for card in cards(usable & t.hq[hq_index(HqKind::Ambush)]) {
            for target in board::squares(enemies) {
                out.push(Action::Ambush { card, target });
            }
        }
        out.extend(cards(usable & t.hq[hq_index(HqKind::ScoutSpy)]).map(Action::Spy));
        out.push(Action::NoCombat);
    }

    /// Japanese leaders that may start or join an Assault of this one unit with 1d6.
    fn single_unit_leaders(&self, player: u8, unit: u8) -> Cards {
        self.tables(player).single_unit_leaders[(unit % 8) as usize]
    }

    pub(crate) fn declare(&mut self, action: Action) {
        let p = self.active;
        self.combat_done = true;
        let target_unit = |g: &Self, sq: u8| g.board[sq as usize];
        match action {
            Action::NoCombat => self.no_combat(),
            Action::Spy(card) => {
                self.play_card(p, card);
                self.combat_done = false;
                crate::display_mode::scout(self);
            }
            Action::DeathWithHonour { card, unit } => {
                self.play_card(p, card);
                let sq = self.units[unit as usize].square;
                self.eliminate(unit);
                for enemy in board::squares(neighbours(sq) & self.occupied_by(1 - p)).collect::<Vec<_>>() {
                    let id = self.board[enemy as usize];
                    self.hit(id);
                }
                self.check_attrition();
                if self.ending.is_none() {
                    self.phase = Phase::Restoration;
                }
            }
            Action::Assault { unit, target, card } => self.open_assault(CombatKind::Assault, unit, target, card),
            Action::Ambush { card, target } => self.open_assault(CombatKind::Ambush, NONE, target, card),
            Action::Bombard { unit, target, card } | Action::Volley { unit, target, card } => {
                let kind =
                    if matches!(action, Action::Bombard { .. }) { CombatKind::Bombardment } else { CombatKind::Volley };
                self.fire(kind, unit, target, card);
            }
            Action::GrandBattery { card, unit, target } => self.fire(CombatKind::GrandBattery, unit, target, card),
            Action::Rockets { card, unit, target } => {
                self.take_card(p, card);
                let defender = target_unit(self, target);
                self.combat = Some(Combat::new(CombatKind::Rockets, unit, defender, card, target));
                self.phase = Phase::RocketRoll;
            }
            _ => {}
        }
    }

    /// No combat this turn: on to Restoration.
    #[inline]
    pub(crate) fn no_combat(&mut self) {
        self.combat_done = true;
        self.phase = Phase::Restoration;
    }

    /// Steps 1-2 of an Assault or Ambush: the card is committed and the defender's window opens.
    fn open_assault(&mut self, kind: CombatKind, attacker: u8, target: u8, card: u8) {
        let p = self.active;
        let defender = self.board[target as usize];
        let origin = crate::display_mode::origin(self, p, card);
        self.take_card(p, card);
        let mut c = Combat::new(kind, attacker, defender, card, target);
        c.initiating_slot = origin;
        if self.tables(p).leaders & card_bit(card) != 0 {
            // An Assault started by a Japanese leader has had its one leader.
            c.attack_leader = card;
        }
        self.combat = Some(c);
        self.open_withdraw_window();
    }

    /// Bombardment, Volley and Grand Battery: roll the card's dice against strength and terrain.
    fn fire(&mut self, kind: CombatKind, unit: u8, target: u8, card: u8) {
        let p = self.active;
        self.take_card(p, card);
        let defender = self.board[target as usize];
        let mut c = Combat::new(kind, unit, defender, card, target);
        match kind {
            CombatKind::GrandBattery => c.owe(2, 10),
            _ => {
                if let Some(u) = self.unit_card(p, card) {
                    let dice = if kind == CombatKind::Bombardment { u.bombard } else { u.volley };
                    if let Some(d) = dice {
                        c.owe(d.count, d.sides);
                    }
                }
            }
        }
        self.combat = Some(c);
        self.phase = Phase::CombatDice;
    }

    // ---- Step 3: Withdraw ----

    fn open_withdraw_window(&mut self) {
        let c = self.combat_ref();
        let d = 1 - self.active;
        let can_leave = self.retreat_options(c.defender).0 > 0;
        let t = self.tables(d);
        // Whether the step opens may depend on the board but not on the hand (see `answer_pool`).
        let usable = self.answer_pool(d);
        let withdraws = usable & t.hq[hq_index(HqKind::Withdraw)];
        let attempts = usable & t.unit_cards[(c.defender % 8) as usize] & t.withdraw_attempt;
        self.phase = if can_leave && (withdraws | attempts) != 0 { Phase::Withdraw } else { Phase::DefenderCards };
        self.skip_empty_windows();
    }

    /// Goes past the defender's card step when, for all the attacker can tell, nothing could be
    /// played in it: with a secret hand the step stays open until the defender says it is done.
    fn skip_empty_windows(&mut self) {
        let d = 1 - self.active;
        if matches!(self.phase, Phase::DefenderCards) && self.defender_card_options_among(self.answer_pool(d)) == 0 {
            self.phase = Phase::AttackerCards;
        }
    }

    pub(crate) fn withdraw_legal(&self, out: &mut Vec<Action>) {
        let c = self.combat_ref();
        let d = 1 - self.active;
        let t = self.tables(d);
        let usable = self.usable(d);
        out.extend(cards(usable & t.hq[hq_index(HqKind::Withdraw)]).map(Action::Withdraw));
        out.extend(
            cards(usable & t.unit_cards[(c.defender % 8) as usize] & t.withdraw_attempt).map(Action::WithdrawAttempt),
        );
        out.push(Action::Stand);
    }

    pub(crate) fn withdraw_apply(&mut self, action: Action) {
        let d = 1 - self.active;
        match action {
            Action::Withdraw(card) => self.inactive_hq(card, Resume::Withdraw),
            Action::WithdrawAttempt(card) => {
                self.take_card(d, card);
                if let Some(c) = self.combat.as_mut() {
                    c.defense_cards |= card_bit(card);
                }
                self.phase = Phase::WithdrawRoll { card };
            }
            _ => {
                self.phase = Phase::DefenderCards;
                self.skip_empty_windows();
            }
        }
    }

    /// The defender leaves before the battle: it retreats, the attacker (in an Assault) advances.
    pub(crate) fn withdraw_now(&mut self) {
        let c = self.combat_ref();
        self.retreat_unit(c.defender, AfterRetreat::Advance);
    }

    pub(crate) fn withdraw_roll(&mut self, card: u8, roll: u8) {
        let d = 1 - self.active;
        let max = self.unit_card(d, card).map_or(0, |u| u.withdraw_max);
        if roll <= max {
            self.withdraw_now();
        } else {
            // The card stays in the defence and adds its Defense value.
            self.phase = Phase::DefenderCards;
            self.skip_empty_windows();
        }
    }

    // ---- Step 4: the defender's cards ----

    fn defender_card_options(&self) -> Cards {
        self.defender_card_options_among(self.usable(1 - self.active))
    }

    /// The defence cards among `usable` that could join this combat.
    fn defender_card_options_among(&self, usable: Cards) -> Cards {
        let c = self.combat_ref();
        let d = 1 - self.active;
        let t = self.tables(d);
        let usable = usable & !c.blocked;
        let mut set = usable & t.unit_cards[(c.defender % 8) as usize];
        if c.defense_leader == NONE {
            for l in cards(usable & t.leaders) {
                if self.leader_serves(d, l, c.defender, c.maharaja_defense) {
                    set |= card_bit(l);
                }
            }
            if !c.maharaja_defense {
                set |= usable & t.hq[hq_index(HqKind::Maharaja)];
            }
        }
        set
    }

    pub(crate) fn defender_cards_legal(&self, out: &mut Vec<Action>) {
        let d = 1 - self.active;
        let t = self.tables(d);
        let options = self.defender_card_options();
        out.extend(cards(options & t.all_unit_cards).map(Action::Defend));
        out.extend(cards(options & t.leaders).map(Action::DefendLeader));
        out.extend(cards(options & t.hq[hq_index(HqKind::Maharaja)]).map(Action::DefendMaharaja));
        out.push(Action::DoneDefending);
    }

    pub(crate) fn defender_cards_apply(&mut self, action: Action) {
        let d = 1 - self.active;
        match action {
            Action::Defend(card) => {
                self.take_card(d, card);
                if let Some(c) = self.combat.as_mut() {
                    c.defense_cards |= card_bit(card);
                }
                self.skip_empty_windows();
            }
            Action::DefendLeader(card) => self.inactive_hq(card, Resume::DefendLeader),
            Action::DefendMaharaja(card) => self.inactive_hq(card, Resume::DefendMaharaja),
            _ => self.phase = Phase::AttackerCards,
        }
    }

    /// An inactive player's HQ card: in hand mode it is simply played; in display mode the Fate Die
    /// decides first.
    pub(crate) fn inactive_hq(&mut self, card: u8, resume: Resume) {
        if crate::display_mode::needs_fate_check(self, 1 - self.active, card) {
            self.phase = Phase::FateCheck { card, resume };
        } else {
            self.resume_inactive(card, resume, true);
        }
    }

    /// Carries on after an inactive HQ card was allowed (or blocked by `!!`).
    pub(crate) fn resume_inactive(&mut self, card: u8, resume: Resume, allowed: bool) {
        let d = 1 - self.active;
        if allowed {
            self.take_card(d, card);
        }
        match resume {
            Resume::Guerrilla(against) => {
                if allowed {
                    self.onto_discard(d, card);
                }
                self.resolve_negatable(against, allowed);
            }
            Resume::Withdraw => {
                if allowed {
                    self.onto_discard(d, card);
                    self.withdraw_now();
                } else {
                    self.phase = Phase::DefenderCards;
                    self.skip_empty_windows();
                }
            }
            Resume::DefendLeader | Resume::DefendMaharaja => {
                if let Some(c) = self.combat.as_mut() {
                    if !allowed {
                        // Fate said no: this card sits out the rest of the combat.
                        c.blocked |= card_bit(card);
                    } else {
                        c.defense_cards |= card_bit(card);
                        if resume == Resume::DefendLeader {
                            c.defense_leader = card;
                        } else {
                            c.maharaja_defense = true;
                        }
                    }
                }
                self.phase = Phase::DefenderCards;
                self.skip_empty_windows();
            }
        }
    }

    // ---- Step 5: the attacker's cards ----

    pub(crate) fn attacker_cards_legal(&self, out: &mut Vec<Action>) {
        let c = self.combat_ref();
        let p = self.active;
        let t = self.tables(p);
        let usable = self.usable(p);
        let involved = self.involved(&c);
        let mut unit_cards = 0;
        for i in 0..8 {
            if involved & (1 << i) != 0 {
                unit_cards |= t.unit_cards[i] & t.attack;
                // A Japanese leader joins its own unit's attack, as the combat's one leader.
                if c.attack_leader == NONE {
                    unit_cards |= self.single_unit_leaders(p, p * 8 + i as u8);
                }
            }
        }
        out.extend(cards(usable & unit_cards).map(Action::AddAttackCard));
        let committed_hq = usable & t.hq[hq_index(HqKind::CommittedAttack)];
        for i in 0..8u8 {
            let unit = p * 8 + i;
            // In an Ambush only a supporting unit can carry a Committed Attack.
            let eligible = if c.kind == CombatKind::Ambush { c.supporters } else { involved };
            if eligible & (1 << i) == 0 || c.committed & (1 << i) != 0 {
                continue;
            }
            for card in cards(committed_hq) {
                out.push(Action::Committed { card, unit });
            }
            for card in cards(c.attack_cards & t.secondary_committed) {
                if self.unit_card(p, card).is_some_and(|u| u.unit == i) {
                    out.push(Action::Committed { card, unit });
                }
            }
        }
        if !c.sappers && self.redoubts & bit(c.defender_square) != 0 {
            out.extend(cards(usable & t.hq[hq_index(HqKind::Sappers)]).map(Action::Sappers));
        }
        if c.attack_leader == NONE {
            if c.kind == CombatKind::Assault {
                out.extend(cards(usable & t.hq[hq_index(HqKind::Skirmish)]).map(Action::Skirmish));
            }
            if !c.maharaja_attack {
                out.extend(cards(usable & t.hq[hq_index(HqKind::Maharaja)]).map(Action::AttackMaharaja));
            }
            for card in cards(usable & t.leaders) {
                let Some(l) = self.leader(p, card) else { continue };
                if l.only_unit.is_some() {
                    continue;
                }
                // With no attacking unit (an Ambush) a nationality-bound leader has no unit of its own
                // nation to lead, unless a Maharaja frees him.
                let serves = if c.attacker == NONE {
                    l.nationality.is_none() || c.maharaja_attack
                } else {
                    self.leader_serves(p, card, c.attacker, c.maharaja_attack)
                };
                if serves {
                    out.push(Action::LeaderCombat(card));
                }
                let command = if c.maharaja_attack { 4 } else { l.command };
                if command >= 2 && serves && self.possible_supporters(card, &c) != 0 {
                    out.push(Action::LeaderCommand(card));
                }
            }
        }
        out.push(Action::DoneAttacking);
    }

    /// Units that could support under this leader: adjacent to the defender, able to assault from
    /// their square, and (for an Indian leader without a Maharaja) of the leader's nationality.
    fn possible_supporters(&self, leader: u8, c: &Combat) -> u8 {
        let p = self.active;
        let mut m = 0;
        for u in self.units_on_board(p) {
            let sq = self.units[u as usize].square;
            if u == c.attacker || c.supporters & (1 << (u % 8)) != 0 {
                continue;
            }
            if !board::adjacent(sq, c.defender_square) || self.masks.no_assault & bit(sq) != 0 {
                continue;
            }
            if self.leader_serves(p, leader, u, c.maharaja_attack) {
                m |= 1 << (u % 8);
            }
        }
        m
    }

    pub(crate) fn attacker_cards_apply(&mut self, action: Action) {
        let p = self.active;
        let mut c = self.combat_ref();
        match action {
            Action::AddAttackCard(card) => {
                self.take_card(p, card);
                c.attack_cards |= card_bit(card);
                if self.tables(p).leaders & card_bit(card) != 0 {
                    c.attack_leader = card;
                }
            }
            Action::Committed { card, unit } => {
                if c.attack_cards & card_bit(card) == 0 {
                    self.take_card(p, card);
                    c.attack_cards |= card_bit(card);
                }
                c.committed |= 1 << (unit % 8);
                c.committed_count += 1;
            }
            Action::Sappers(card) => {
                self.take_card(p, card);
                c.attack_cards |= card_bit(card);
                c.sappers = true;
            }
            Action::AttackMaharaja(card) => {
                self.take_card(p, card);
                c.attack_cards |= card_bit(card);
                c.maharaja_attack = true;
            }
            Action::LeaderCombat(card) => {
                self.take_card(p, card);
                c.attack_cards |= card_bit(card);
                c.attack_leader = card;
            }
            Action::LeaderCommand(card) => {
                self.take_card(p, card);
                c.attack_cards |= card_bit(card);
                c.attack_leader = card;
                c.leader_commands = true;
                let command = if c.maharaja_attack { 4 } else { self.leader(p, card).map_or(1, |l| l.command) };
                // The attacking unit (or the Ambush card) is the first unit under command.
                c.support_left = command.saturating_sub(1);
                self.combat = Some(c);
                self.phase = Phase::ChooseSupport;
                return;
            }
            Action::Skirmish(card) => {
                self.play_card(p, card);
                self.combat = Some(c);
                self.skirmish();
                return;
            }
            _ => {
                self.combat = Some(c);
                self.roll_battle();
                return;
            }
        }
        self.combat = Some(c);
    }

    pub(crate) fn support_legal(&self, out: &mut Vec<Action>) {
        let c = self.combat_ref();
        if c.support_left > 0 {
            let m = self.possible_supporters(c.attack_leader, &c);
            for i in 0..8u8 {
                if m & (1 << i) != 0 {
                    out.push(Action::Support(self.active * 8 + i));
                }
            }
        }
        out.push(Action::DoneSupport);
    }

    pub(crate) fn support_apply(&mut self, action: Action) {
        if let (Action::Support(unit), Some(c)) = (action, self.combat.as_mut()) {
            c.supporters |= 1 << (unit % 8);
            c.support_left = c.support_left.saturating_sub(1);
            return;
        }
        self.phase = Phase::AttackerCards;
    }

    /// Skirmish: the combat is called off, the initiating card goes back to the hand, the
    /// defender's cards are lost, and the attacking unit may shift up to two squares.
    fn skirmish(&mut self) {
        let p = self.active;
        let c = self.combat_ref();
        crate::display_mode::return_card(self, p, c.initiating);
        for card in cards(c.attack_cards & !card_bit(c.initiating)) {
            self.onto_discard(p, card);
        }
        for card in cards(c.defense_cards) {
            self.onto_discard(1 - p, card);
        }
        if let Some(cm) = self.combat.as_mut() {
            cm.attack_cards = 0;
            cm.defense_cards = 0;
        }
        self.phase = Phase::SkirmishMove;
    }

    pub(crate) fn skirmish_squares(&self) -> u64 {
        let c = self.combat_ref();
        if c.attacker == NONE || !self.on_board(c.attacker) {
            return 0;
        }
        let from = self.units[c.attacker as usize].square;
        let open = self.masks.enterable & !self.occupied();
        let first = neighbours(from) & open;
        let mut reach = first;
        for sq in board::squares(first & !self.masks.ends_move) {
            reach |= neighbours(sq) & open;
        }
        reach & !bit(from)
    }

    pub(crate) fn skirmish_apply(&mut self, action: Action) {
        let c = self.combat_ref();
        if let Action::SkirmishTo(sq) = action {
            self.relocate(c.attacker, sq);
        }
        self.end_combat();
    }

    // ---- Step 6: dice ----

    fn roll_battle(&mut self) {
        let p = self.active;
        let mut c = self.combat_ref();
        for card in cards(c.attack_cards) {
            match &self.card(p, card).kind {
                CardKind::Unit(u) => {
                    if let Some(d) = u.attack {
                        c.owe(d.count, d.sides);
                    }
                }
                CardKind::Leader(l) if l.only_unit.is_some() => c.owe(1, 6),
                CardKind::Hq(HqKind::Ambush) => {
                    let d = self.card(p, card).ambush_dice.unwrap_or(crate::data::model::Dice { count: 1, sides: 10 });
                    c.owe(d.count, d.sides);
                }
                _ => {}
            }
        }
        c.owe(2 * c.committed_count, 6);
        self.combat = Some(c);
        self.phase = Phase::CombatDice;
    }

    /// The kind of die to roll next, if any is owed.
    pub(crate) fn next_die(&self) -> Option<u8> {
        let c = self.combat.as_ref()?;
        (0..3).find(|&i| c.dice_owed[i] > 0).map(|i| DIE_SIDES[i])
    }

    pub(crate) fn combat_die(&mut self, value: u8) {
        let Some(sides) = self.next_die() else { return };
        if let Some(c) = self.combat.as_mut() {
            c.dice_owed[die_index(sides)] -= 1;
            c.dice_total += u16::from(value);
        }
        if self.next_die().is_none() {
            self.resolve_battle();
        }
    }

    /// The attack total of the combat in progress (dice already thrown).
    pub fn attack_total(&self) -> u16 {
        let c = self.combat_ref();
        let p = self.active;
        let target = c.defender_square;
        match c.kind {
            CombatKind::Assault | CombatKind::Ambush => {
                let mut total = c.dice_total;
                let ambush = c.kind == CombatKind::Ambush;
                if !ambush && self.on_board(c.attacker) {
                    let sq = self.units[c.attacker as usize].square;
                    total += u16::from(self.strength(c.attacker) + self.attack_terrain(sq, target));
                }
                if c.leader_commands {
                    for u in 0..8u8 {
                        let id = p * 8 + u;
                        if c.supporters & (1 << u) != 0 && self.on_board(id) {
                            let sq = self.units[id as usize].square;
                            let terrain = if ambush { 0 } else { self.attack_terrain(sq, target) };
                            total += u16::from(self.strength(id) + terrain);
                        }
                    }
                } else if c.attack_leader != NONE {
                    let leader = self.leader(p, c.attack_leader);
                    if leader.is_some_and(|l| l.only_unit.is_none()) {
                        total += u16::from(leader.map_or(0, |l| l.combat_attack));
                    }
                }
                total
            }
            _ => {
                let terrain = if self.on_board(c.attacker) {
                    self.attack_terrain(self.units[c.attacker as usize].square, target)
                } else {
                    0
                };
                c.dice_total + u16::from(terrain)
            }
        }
    }

    /// The defence total of the combat in progress.
    pub fn defense_total(&self) -> u16 {
        let c = self.combat_ref();
        let d = 1 - self.active;
        if !self.on_board(c.defender) {
            return 0;
        }
        let mut total = u16::from(self.strength(c.defender) + self.defense_terrain(c.defender_square, c.sappers));
        if matches!(c.kind, CombatKind::Assault | CombatKind::Ambush) {
            for card in cards(c.defense_cards) {
                if let Some(u) = self.unit_card(d, card) {
                    total += u16::from(u.defense);
                }
            }
            if c.defense_leader != NONE {
                total += u16::from(self.leader(d, c.defense_leader).map_or(0, |l| l.combat_defense));
            }
        }
        total
    }

    // ---- Step 7: the outcome ----

    fn resolve_battle(&mut self) {
        let c = self.combat_ref();
        let attack = self.attack_total();
        let defense = self.defense_total();
        match c.kind {
            CombatKind::Assault | CombatKind::Ambush => {
                if attack < defense {
                    let p = self.active;
                    for u in 0..8u8 {
                        if self.involved(&c) & (1 << u) != 0 {
                            self.hit(p * 8 + u);
                        }
                    }
                    self.finish_assault();
                } else if attack == defense {
                    self.finish_assault();
                } else if attack >= 4 * defense {
                    self.eliminate(c.defender);
                    self.after_retreat(AfterRetreat::Advance, true, false);
                } else if attack >= 3 * defense {
                    if self.hit(c.defender) {
                        self.after_retreat(AfterRetreat::Advance, true, false);
                    } else {
                        self.retreat_unit(c.defender, AfterRetreat::Advance);
                    }
                } else if attack >= 2 * defense {
                    self.phase = Phase::HitOrRetreat { chooser: self.active, then_advance: true };
                } else {
                    self.phase = Phase::HitOrRetreat { chooser: 1 - self.active, then_advance: true };
                }
            }
            _ => {
                if attack > defense {
                    self.hit(c.defender);
                }
                self.end_combat();
            }
        }
    }

    pub(crate) fn hit_or_retreat_legal(&self, chooser: u8, out: &mut Vec<Action>) {
        let c = self.combat_ref();
        out.push(Action::TakeHit);
        // The attacker may pick Retreat even where no retreat is possible: the unit is eliminated.
        if chooser == self.active || self.retreat_options(c.defender).0 > 0 {
            out.push(Action::Retreat);
        }
    }

    pub(crate) fn hit_or_retreat_apply(&mut self, action: Action) {
        let c = self.combat_ref();
        if action == Action::TakeHit {
            let gone = self.hit(c.defender);
            if gone {
                self.after_retreat(AfterRetreat::Advance, true, false);
            } else {
                self.finish_assault();
            }
        } else {
            self.retreat_unit(c.defender, AfterRetreat::Advance);
        }
    }

    /// The squares a unit may retreat to (rule 6.6): toward its own edge; if that is closed, either
    /// flank (the owner's choice); if both are closed, toward the enemy; if all are closed, none.
    pub fn retreat_options(&self, unit: u8) -> (u8, [u8; 2]) {
        let sq = self.units[unit as usize].square;
        if sq == NONE {
            return (0, [NONE; 2]);
        }
        let edge = self.sides[(unit / 8) as usize].edge;
        if let Some(back) = edge.toward(sq)
            && self.free(back)
        {
            return (1, [back, NONE]);
        }
        let mut open = [NONE; 2];
        let mut n = 0;
        for f in board::flanks(sq).into_iter().flatten() {
            if self.free(f) {
                open[n] = f;
                n += 1;
            }
        }
        if n > 0 {
            return (n as u8, open);
        }
        if let Some(fwd) = edge.opposite().toward(sq)
            && self.free(fwd)
        {
            return (1, [fwd, NONE]);
        }
        (0, [NONE; 2])
    }

    /// Retreats a unit, asking its owner when both flanks are open.
    pub(crate) fn retreat_unit(&mut self, unit: u8, then: AfterRetreat) {
        match self.retreat_options(unit) {
            (0, _) => {
                self.eliminate(unit);
                self.after_retreat(then, true, false);
            }
            (1, [to, _]) => {
                self.relocate(unit, to);
                self.after_retreat(then, true, true);
            }
            _ => self.phase = Phase::RetreatChoice { unit, then },
        }
    }

    pub(crate) fn retreat_choice_legal(&self, unit: u8, out: &mut Vec<Action>) {
        let (n, options) = self.retreat_options(unit);
        out.extend(options[..n as usize].iter().map(|&s| Action::RetreatTo(s)));
    }

    pub(crate) fn retreat_choice_apply(&mut self, unit: u8, then: AfterRetreat, action: Action) {
        if let Action::RetreatTo(sq) = action {
            self.relocate(unit, sq);
        }
        self.after_retreat(then, true, true);
    }

    /// Continues once the defender's square is settled: `vacated` if it left or died, `retreated`
    /// if it left alive (which makes pursuit possible).
    pub(crate) fn after_retreat(&mut self, then: AfterRetreat, vacated: bool, retreated: bool) {
        let c = self.combat_ref();
        match then {
            AfterRetreat::RocketHit => {
                self.hit(c.defender);
                self.end_combat();
            }
            AfterRetreat::Finish => self.end_combat(),
            AfterRetreat::Advance => {
                let attackers_left = self.involved(&c) & self.alive_mask(self.active) != 0;
                if c.kind == CombatKind::Assault && vacated && attackers_left {
                    self.phase = Phase::Advance { retreated };
                } else if c.kind == CombatKind::Rockets {
                    self.end_combat();
                } else {
                    self.finish_assault();
                }
            }
        }
    }

    fn alive_mask(&self, player: u8) -> u8 {
        let mut m = 0;
        for u in 0..8u8 {
            if self.on_board(player * 8 + u) {
                m |= 1 << u;
            }
        }
        m
    }

    /// Whether every unit in the attack played a card that frees it from advancing.
    fn may_stay(&self, c: &Combat) -> bool {
        let p = self.active;
        let mut freed = 0u8;
        for card in cards(c.attack_cards) {
            if let Some(u) = self.unit_card(p, card)
                && u.not_required_to_advance
            {
                freed |= 1 << u.unit;
            }
        }
        let involved = self.involved(c);
        involved != 0 && involved & !freed == 0
    }

    pub(crate) fn advance_legal(&self, out: &mut Vec<Action>) {
        let c = self.combat_ref();
        let p = self.active;
        let involved = self.involved(&c) & self.alive_mask(p);
        for u in 0..8u8 {
            if involved & (1 << u) != 0 {
                out.push(Action::AdvanceWith(p * 8 + u));
            }
        }
        if self.may_stay(&c) {
            out.push(Action::StayPut);
        }
    }

    pub(crate) fn advance_apply(&mut self, retreated: bool, action: Action) {
        let c = self.combat_ref();
        let p = self.active;
        let Action::AdvanceWith(unit) = action else {
            self.finish_assault();
            return;
        };
        self.relocate(unit, c.defender_square);
        // Pursuit (rule 6.7): a cavalry unit that advanced after a retreat or withdrawal rolls for
        // each card with a Pursuit value it played.
        if retreated && self.is_cavalry(unit) && self.on_board(c.defender) {
            let mut pursuit = 0;
            for card in cards(c.attack_cards) {
                if let Some(u) = self.unit_card(p, card)
                    && u.unit == unit % 8
                    && u.pursuit_max > 0
                {
                    pursuit |= card_bit(card);
                }
            }
            if pursuit != 0 {
                if let Some(cm) = self.combat.as_mut() {
                    cm.pursuit_cards = pursuit;
                }
                self.phase = Phase::PursuitRoll;
                return;
            }
        }
        self.finish_assault();
    }

    pub(crate) fn pursuit_die(&mut self, roll: u8) {
        let c = self.combat_ref();
        let p = self.active;
        let Some(card) = cards(c.pursuit_cards).next() else {
            self.finish_assault();
            return;
        };
        let max = self.unit_card(p, card).map_or(0, |u| u.pursuit_max);
        let modifier =
            if c.attack_leader != NONE { self.leader(p, c.attack_leader).map_or(0, |l| l.pursuit_mod) } else { 0 };
        // A modified roll at or under the card's number hits, however low the modifier takes it.
        let modified = i16::from(roll) + i16::from(modifier);
        if modified <= i16::from(max) && self.on_board(c.defender) {
            self.hit(c.defender);
        }
        if let Some(cm) = self.combat.as_mut() {
            cm.pursuit_cards &= !card_bit(card);
        }
        if self.combat_ref().pursuit_cards == 0 || !self.on_board(c.defender) {
            self.finish_assault();
        }
    }

    /// Committed Attack hits land after every other loss (rule 9.2), then the combat ends.
    pub(crate) fn finish_assault(&mut self) {
        let c = self.combat_ref();
        let p = self.active;
        let lost_before = self.sides[p as usize].lost;
        let mut owed = 0;
        for u in 0..8u8 {
            if c.committed & (1 << u) != 0 {
                let id = p * 8 + u;
                if self.on_board(id) {
                    self.hit(id);
                } else {
                    owed += 1;
                }
            }
        }
        if lost_before < 5
            && self.sides[p as usize].lost >= 5
            && let Some(cm) = self.combat.as_mut()
        {
            cm.sacked = true;
        }
        if owed > 0 && self.alive_mask(p) & self.involved(&c) != 0 {
            if let Some(cm) = self.combat.as_mut() {
                cm.committed_hits_left = owed;
            }
            self.phase = Phase::CommittedHit;
            return;
        }
        self.end_combat();
    }

    pub(crate) fn committed_hit_legal(&self, out: &mut Vec<Action>) {
        let c = self.combat_ref();
        let p = self.active;
        let alive = self.alive_mask(p) & self.involved(&c);
        for u in 0..8u8 {
            if alive & (1 << u) != 0 {
                out.push(Action::CommittedHitOn(p * 8 + u));
            }
        }
    }

    pub(crate) fn committed_hit_apply(&mut self, action: Action) {
        let p = self.active;
        if let Action::CommittedHitOn(unit) = action {
            let before = self.sides[p as usize].lost;
            self.hit(unit);
            if before < 5
                && self.sides[p as usize].lost >= 5
                && let Some(cm) = self.combat.as_mut()
            {
                cm.sacked = true;
            }
        }
        let c = self.combat_ref();
        let left = c.committed_hits_left.saturating_sub(1);
        if let Some(cm) = self.combat.as_mut() {
            cm.committed_hits_left = left;
        }
        if left == 0 || self.alive_mask(p) & self.involved(&c) == 0 {
            self.end_combat();
        }
    }

    pub(crate) fn rocket_die(&mut self, roll: u8) {
        let c = self.combat_ref();
        match roll {
            1..=4 => self.end_combat(),
            5..=8 => self.retreat_unit(c.defender, AfterRetreat::Finish),
            _ => self.retreat_unit(c.defender, AfterRetreat::RocketHit),
        }
    }

    /// Discards every card the combat used and checks rule 2.1, with its Committed Attack clause.
    pub(crate) fn end_combat(&mut self) {
        let p = self.active;
        let c = self.combat_ref();
        for card in cards(c.attack_cards) {
            self.onto_discard(p, card);
        }
        for card in cards(c.defense_cards) {
            self.onto_discard(1 - p, card);
        }
        self.combat = None;
        if self.ending.is_none() {
            let (mine, theirs) = (self.sides[p as usize].lost, self.sides[(1 - p) as usize].lost);
            if c.sacked && mine >= 5 {
                self.ending = Some(Ending::Attrition { winner: 1 - p, sacked: true });
            } else if theirs >= 5 {
                self.ending = Some(Ending::Attrition { winner: p, sacked: false });
            } else if mine >= 5 {
                self.ending = Some(Ending::Attrition { winner: 1 - p, sacked: false });
            }
        }
        self.phase = if self.ending.is_some() { Phase::Over } else { Phase::Restoration };
    }
}
