//! Manoeuvre behind the engine's [`Game`] contract: who decides in each phase, the legal actions,
//! applying an action and then every step that needs no decision, observations and resampling.

use engine::{ActionError, Game, Outcome, SetupError, ToMove};
use rand_core::RngCore;

use crate::action::Action;
use crate::bitset::extend_members;
use crate::combat::DIE_SIDES;
use crate::display_mode;
use crate::setup::ManoeuvreSetup;
use crate::state::{Due, Ending, HandMode, Manoeuvre, NONE, Phase};
use crate::tables::{Cards, Compiled, card_bit, cards};
use crate::view::ManoeuvreView;

impl Manoeuvre {
    /// What the position waits for, from scratch (the cached [`Due`] is this, taken at the end of
    /// each step). The checks that hold in any phase come first, in the order they take over: the
    /// end of the game, the pause at the end of a hand's Draw, a display's refill, a card turned
    /// face up; then one dispatch on the phase, since every step pays for this.
    pub(crate) fn work_out_due(&self) -> Due {
        if self.ending.is_some() || matches!(self.phase, Phase::Over) {
            return Due::Over;
        }
        if self.at_end_of_draw() {
            return Due::EndOfDraw;
        }
        if let Some(p) = display_mode::pending_side(self) {
            return Due::Draw(p);
        }
        if self.reveal_pending != NONE {
            return Due::Draw(self.reveal_pending);
        }
        self.due_in_phase()
    }

    /// What the phase itself waits for, once nothing that holds in any phase has taken over.
    fn due_in_phase(&self) -> Due {
        let inactive = 1 - self.active;
        let decider = match self.phase {
            Phase::Over => return Due::Over,
            Phase::Draw => return Due::Draw(self.active),
            Phase::DealHands => return Due::Draw(self.dealing_to()),
            Phase::InitiativeRoll { .. } | Phase::RocketRoll => return Due::Die(10),
            Phase::CombatDice => return Due::Die(self.next_die().unwrap_or(DIE_SIDES[0])),
            Phase::WithdrawRoll { .. }
            | Phase::PursuitRoll
            | Phase::RallyRoll { .. }
            | Phase::FateCheck { .. }
            | Phase::FateRoll
            | Phase::ScoutRoll { .. } => return Due::Die(6),
            Phase::ScoutPick { .. } => return Due::ScoutPick,
            Phase::PlaceSection { .. } | Phase::OrientSection { .. } | Phase::ChooseEdge => {
                return self.setup_to_move(self.random_map);
            }
            Phase::ChooseNations { .. } | Phase::PickNation | Phase::TournamentPick { .. } | Phase::Deploy { .. } => {
                return self.setup_to_move(false);
            }
            Phase::Guerrilla { .. } | Phase::Withdraw | Phase::DefenderCards => inactive,
            Phase::HitOrRetreat { chooser, .. } => chooser,
            Phase::RetreatChoice { unit, .. } => unit / 8,
            _ => self.active,
        };
        Due::PhaseBy(decider)
    }

    /// Who makes a setup decision: chance in a quick start (and for the map's layout when the map is
    /// drawn at random), otherwise the player the setup names.
    fn setup_to_move(&self, drawn_at_random: bool) -> Due {
        if self.quick_start || drawn_at_random {
            Due::PhaseByChance
        } else {
            Due::PhaseBy(self.setup_decider().unwrap_or(self.first_player))
        }
    }

    /// The cached [`Due`], checked against a fresh one in debug builds (a state changed without
    /// `settle` would be caught here).
    #[inline]
    fn due(&self) -> Due {
        debug_assert_eq!(self.due, self.work_out_due(), "the cached step is stale in phase {:?}", self.phase);
        self.due
    }

    #[inline]
    fn decider(&self) -> ToMove {
        match self.due() {
            Due::Over => ToMove::Terminal,
            Due::EndOfDraw => ToMove::Player(self.active),
            Due::Draw(_) | Due::Die(_) | Due::ScoutPick | Due::PhaseByChance => ToMove::Chance,
            Due::PhaseBy(player) => ToMove::Player(player),
        }
    }

    fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.due() {
            // Nightfall can end the game while a display still owes refills: a finished game offers
            // nothing, those refills included.
            Due::Over => return,
            Due::EndOfDraw => {
                extend_members::<4, _>(out, self.spy_cards(), Action::Spy);
                out.push(Action::DrawOn);
                return;
            }
            Due::Draw(p) => {
                extend_members::<8, _>(out, self.sides[p as usize].deck, Action::Draw);
                return;
            }
            Due::Die(sides) => {
                out.extend((1..=sides).map(Action::Die));
                return;
            }
            Due::ScoutPick => {
                extend_members::<4, _>(out, display_mode::scout_pick_cards(self), Action::Draw);
                return;
            }
            Due::PhaseByChance | Due::PhaseBy(_) => {}
        }
        match self.phase {
            Phase::Discard => self.discard_legal(out),
            Phase::Movement => self.movement_legal(out),
            Phase::Guerrilla { .. } => self.guerrilla_legal(out),
            Phase::Combat => self.combat_legal(out),
            Phase::Withdraw => self.withdraw_legal(out),
            Phase::DefenderCards => self.defender_cards_legal(out),
            Phase::AttackerCards => self.attacker_cards_legal(out),
            Phase::ChooseSupport => self.support_legal(out),
            Phase::HitOrRetreat { chooser, .. } => self.hit_or_retreat_legal(chooser, out),
            Phase::RetreatChoice { unit, .. } => self.retreat_choice_legal(unit, out),
            Phase::Advance { .. } => self.advance_legal(out),
            Phase::CommittedHit => self.committed_hit_legal(out),
            Phase::SkirmishMove => {
                out.extend(crate::board::squares(self.skirmish_squares()).map(Action::SkirmishTo));
                out.push(Action::StayPut);
            }
            Phase::Restoration => self.restoration_legal(out),
            Phase::FateFlip => display_mode::flip_legal(self, out),
            Phase::CardMove => display_mode::card_move_legal(self, out),
            Phase::Over => {}
            _ => self.setup_legal(out),
        }
    }

    /// Applies a legal action and settles what follows. The steps that make up most of a game (a
    /// card drawn into a secret hand, a discard, a move, the ends of phases) are told apart by the
    /// action alone and carried out here, each by the handler `apply_unchecked` would reach in its
    /// phase; everything else goes the long way round.
    #[inline]
    fn step(&mut self, action: Action) {
        match action {
            Action::Draw(card)
                if matches!(self.phase, Phase::Draw) && self.due == Due::Draw(self.active) && self.no_display() =>
            {
                // Both hands secret: no display is owed a fill and no top card waits to be turned,
                // so the draw is the Draw phase's own; its only follow-up here is another card.
                self.draw(card);
                self.due = self.secret_draw_due();
                return;
            }
            Action::Discard(card) if matches!(self.phase, Phase::Discard) => {
                self.discard(card);
                // A secret hand's discard leaves the phase and its player as they were, and with
                // no display in the game nothing else can have come due: the same decision is due.
                if self.no_display() {
                    return;
                }
            }
            Action::EndDiscard if matches!(self.phase, Phase::Discard) => {
                self.phase = Phase::Draw;
                if self.no_display() {
                    self.due = self.secret_draw_due();
                    return;
                }
            }
            Action::DrawOn if matches!(self.phase, Phase::Draw) => {
                if self.no_display() {
                    // The pause at the end of a secret hand's Draw is past and nothing is left to
                    // draw (that is why it paused): Movement begins, and it is the player's own.
                    self.after_draw();
                    self.due = Due::PhaseBy(self.active);
                    return;
                }
                self.draw_confirmed = true;
            }
            Action::Move { unit, to } if matches!(self.phase, Phase::Movement) => {
                self.move_unit(unit, to);
                // As with a discard: the same player goes on moving (or ends the phase).
                if self.no_display() {
                    return;
                }
            }
            Action::EndMovement if matches!(self.phase, Phase::Movement) => {
                self.phase = Phase::Combat;
                return self.own_next_phase();
            }
            Action::NoCombat if matches!(self.phase, Phase::Combat) => {
                self.no_combat();
                return self.own_next_phase();
            }
            Action::EndRestoration if matches!(self.phase, Phase::Restoration) => {
                self.end_restoration();
                // With both hands secret the next player turn opens on its Discard, that player's
                // decision, unless nightfall has just ended the game.
                if self.no_display() && self.ending.is_none() {
                    self.due = Due::PhaseBy(self.active);
                    return;
                }
            }
            _ => return self.step_slowly(action),
        }
        self.settle();
    }

    /// What a secret hand's Draw phase waits for, with no display in the game: another card while
    /// the hand is short and a card is there (the deck rebuilt first if it ran out), otherwise the
    /// pause at the end of the phase, as `settle` would find.
    #[inline]
    fn secret_draw_due(&mut self) -> Due {
        if self.another_draw() { Due::Draw(self.active) } else { Due::EndOfDraw }
    }

    /// After a step that takes the player on to its own next phase (Movement to Combat, Combat to
    /// Restoration): with no display in the game, that phase's decision is all that can be due.
    #[inline]
    fn own_next_phase(&mut self) {
        if self.no_display() {
            self.due = Due::PhaseBy(self.active);
        } else {
            self.settle();
        }
    }

    /// The end of a Restoration phase: a display that played no card may move one (the playsheet's
    /// card move), otherwise the player turn is over.
    #[inline]
    fn end_restoration(&mut self) {
        if self.sides[self.active as usize].mode == HandMode::Display && !self.card_played {
            self.phase = Phase::CardMove;
        } else {
            self.end_player_turn();
        }
    }

    /// Every other step, kept out of line: its many handlers need a large stack frame, which the
    /// draws above would otherwise set up and take down too.
    #[inline(never)]
    fn step_slowly(&mut self, action: Action) {
        self.apply_unchecked(action);
        self.settle();
    }

    /// Every action [`Self::step`] does not take by the action alone: a discard, a move and the
    /// ends of phases are there, not here.
    fn apply_unchecked(&mut self, action: Action) {
        if let Action::Draw(card) = action {
            if let Some(p) = display_mode::pending_side(self) {
                display_mode::drawn_for_fill(self, p, card);
            } else if self.reveal_pending != NONE {
                let p = self.reveal_pending;
                self.drawn(p, card);
                self.sides[p as usize].display.top = card;
                self.reveal_pending = NONE;
            } else if matches!(self.phase, Phase::ScoutPick { .. }) {
                display_mode::scout_pick(self, card);
            } else if matches!(self.phase, Phase::Draw) {
                self.draw(card);
            } else {
                self.setup_apply(action);
            }
            return;
        }
        // The phases whose every action has one handler are told apart by the phase alone (the
        // phase is one byte; matching it with the action as a pair costs every step far more).
        match self.phase {
            Phase::Movement => return self.movement_apply(action),
            Phase::Guerrilla { .. } => return self.guerrilla_apply(action),
            Phase::Combat => return self.declare(action),
            Phase::Withdraw => return self.withdraw_apply(action),
            Phase::DefenderCards => return self.defender_cards_apply(action),
            Phase::AttackerCards => return self.attacker_cards_apply(action),
            Phase::ChooseSupport => return self.support_apply(action),
            Phase::HitOrRetreat { .. } => return self.hit_or_retreat_apply(action),
            Phase::RetreatChoice { unit, then } => return self.retreat_choice_apply(unit, then, action),
            Phase::Advance { retreated } => return self.advance_apply(retreated, action),
            Phase::CommittedHit => return self.committed_hit_apply(action),
            Phase::SkirmishMove => return self.skirmish_apply(action),
            Phase::CardMove => return display_mode::card_move_apply(self, action),
            _ => {}
        }
        match (self.phase, action) {
            (Phase::WithdrawRoll { card }, Action::Die(v)) => self.withdraw_roll(card, v),
            (Phase::CombatDice, Action::Die(v)) => self.combat_die(v),
            (Phase::PursuitRoll, Action::Die(v)) => self.pursuit_die(v),
            (Phase::RocketRoll, Action::Die(v)) => self.rocket_die(v),
            (Phase::RallyRoll { unit, rally_max }, Action::Die(v)) => self.rally_die(unit, rally_max, v),
            (Phase::FateCheck { card, resume }, Action::Die(v)) => self.resume_inactive(card, resume, v != 1),
            (Phase::FateRoll, Action::Die(v)) => display_mode::fate_roll(self, v),
            (Phase::ScoutRoll { .. }, Action::Die(v)) => display_mode::scout_die(self, v),
            (Phase::Discard | Phase::Draw, Action::Spy(card)) => {
                self.play_card(self.active, card);
                display_mode::scout(self);
            }
            (Phase::Restoration, _) => self.restoration_apply(action),
            (Phase::FateFlip, Action::FlipSlot(slot)) => display_mode::flip_apply(self, slot),
            _ => self.setup_apply(action),
        }
    }

    /// Runs every step that needs no decision, until a decision or a chance outcome is due, and
    /// notes what that is.
    pub(crate) fn settle(&mut self) {
        // Most steps end at a decision of the phase with nothing else to run: that case is kept
        // apart from the loop below, which otherwise makes every step pay for its setting up.
        let quiet = self.ending.is_none()
            && self.reveal_pending == NONE
            && !matches!(self.phase, Phase::Draw | Phase::FateFlip | Phase::ScoutRoll { .. })
            && display_mode::pending_side(self).is_none();
        self.due = if quiet { self.due_in_phase() } else { self.settle_slowly() };
    }

    #[inline(never)]
    fn settle_slowly(&mut self) -> Due {
        match self.run_automatic_steps() {
            Some(due) => due,
            None => self.work_out_due(),
        }
    }

    /// Returns what is due when the way it stopped already tells (most steps stop at a decision of
    /// their phase, with nothing pending that holds in any phase), or `None` to work it out.
    fn run_automatic_steps(&mut self) -> Option<Due> {
        loop {
            if self.ending.is_some() {
                self.phase = Phase::Over;
                return Some(Due::Over);
            }
            if display_mode::settle(self).is_some() {
                return None;
            }
            if self.reveal_pending != NONE {
                let p = self.reveal_pending as usize;
                if self.sides[p].display.top == NONE && self.sides[p].deck != 0 {
                    return None;
                }
                // Already turned, or nothing left to turn.
                self.reveal_pending = NONE;
                continue;
            }
            match self.phase {
                // A draw stops here more often than any other step: what it waits for is told by
                // the way it stopped (nothing pending holds in any phase: the checks above passed).
                Phase::Draw => {
                    if self.another_draw() {
                        return Some(Due::Draw(self.active));
                    }
                    if self.at_end_of_draw() {
                        return Some(Due::EndOfDraw);
                    }
                    self.after_draw();
                }
                Phase::FateFlip if display_mode::flips_needed(self) == 0 => {
                    display_mode::after_flip(self);
                    if matches!(self.phase, Phase::FateFlip) {
                        return None;
                    }
                }
                Phase::ScoutRoll { .. } => {
                    if !display_mode::scout_settle(self) {
                        return None;
                    }
                }
                _ => return Some(self.due_in_phase()),
            }
        }
    }
}

impl Game for Manoeuvre {
    type Setup = ManoeuvreSetup;
    type Action = Action;
    type Observation = ManoeuvreView;

    fn new(setup: &ManoeuvreSetup) -> Result<Self, SetupError> {
        let data = match &setup.data_dir {
            None => Compiled::embedded(),
            Some(dir) => Compiled::from_dir(std::path::Path::new(dir)),
        }
        .map_err(|e| SetupError(format!("the Manoeuvre data does not load: {e}")))?;
        Manoeuvre::with_data(data, setup)
    }

    fn num_players(&self) -> u8 {
        2
    }

    fn player_name(&self, player: u8) -> String {
        let side = &self.sides[(player & 1) as usize];
        if side.army == NONE { format!("Player {}", player + 1) } else { self.data.0.army(side.army).name.clone() }
    }

    fn to_move(&self) -> ToMove {
        self.decider()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply(&mut self, action: &Action) -> Result<(), ActionError> {
        if self.ending.is_some() {
            return Err(ActionError::GameOver);
        }
        let mut legal = Vec::new();
        self.legal_into(&mut legal);
        if !legal.contains(action) {
            return Err(ActionError::Illegal {
                action: self.action_label(action),
                reason: crate::labels::why_illegal(self, action),
            });
        }
        self.step(*action);
        Ok(())
    }

    fn apply_legal(&mut self, action: &Action) {
        debug_assert!(self.legal().contains(action), "not legal: {action:?}");
        self.step(*action);
    }

    fn action_id(&self, action: &Action) -> String {
        action.id()
    }

    fn action_label(&self, action: &Action) -> String {
        crate::labels::label(self, action)
    }

    fn events(&self, before: &Self, action: &Action) -> Vec<String> {
        crate::events::events(self, before, action)
    }

    fn reveals(&self, action: &Action) -> bool {
        // Digging In throws a whole hand (or a display, face-down cards too) onto the open discard
        // pile, where the other side sees it.
        matches!(action, Action::FlipSlot(_) | Action::Spy(_) | Action::DigIn)
    }

    fn observe(&self, player: u8) -> ManoeuvreView {
        ManoeuvreView::of(self, player)
    }

    fn resample(&self, player: u8, rng: &mut dyn RngCore) -> Self {
        let mut other = *self;
        for p in 0..2u8 {
            other.redeal_hidden(p, p == player, rng);
        }
        // Every count stays, so what is due stays too (a debug build checks it on the next read).
        other
    }

    fn outcome(&self) -> Option<Outcome> {
        let ending = self.ending?;
        Some(match ending {
            Ending::Attrition { winner, sacked } => Outcome {
                winner: Some(winner),
                reason: if sacked {
                    format!(
                        "{} lost a fifth unit to its own Committed Attack: its commander is sacked",
                        self.player_name(1 - winner)
                    )
                } else {
                    format!("{} eliminated five enemy units", self.player_name(winner))
                },
            },
            Ending::Nightfall { winner, control, tiebreak } => Outcome {
                winner: Some(winner),
                reason: format!(
                    "nightfall: {} controls {} enemy squares to {}{}",
                    self.player_name(winner),
                    control[winner as usize],
                    control[1 - winner as usize],
                    match tiebreak {
                        1 => ", and eliminated more units",
                        2 => ", and has fewer reduced units",
                        3 => ", and wins on the nation list",
                        _ => "",
                    }
                ),
            },
        })
    }

    fn hands_hidden(&self) -> bool {
        true
    }

    fn game_turn(&self) -> Option<(u32, u8)> {
        (self.turn > 0).then_some((u32::from(self.turn), self.active))
    }

    fn chronicle(&self) -> Option<Box<dyn engine::Chronicle<Self> + Send>> {
        Some(Box::new(crate::report::CombatWatcher::default()))
    }

    fn check_invariants(&self) -> Result<(), String> {
        crate::invariants::check(self)
    }
}

impl Manoeuvre {
    /// A new game on data already loaded (what [`Game::new`] does once it has found the data
    /// `setup.data_dir` names; `data_dir` itself is not looked at). For data that is not in a
    /// directory, such as a ruleset built in memory by a tool or a test.
    pub fn with_data(data: &'static Compiled, setup: &ManoeuvreSetup) -> Result<Self, SetupError> {
        if let Some(scenario) = &setup.scenario {
            // `data_dir` may go with a scenario: it says which data the scenario's names refer to.
            let chosen = setup.armies.is_some() || setup.map.is_some() || setup.hand_modes.is_some();
            if chosen || setup.quick_start || setup.tournament {
                return Err(SetupError(
                    "scenario: a scenario sets up the whole game, so leave out armies, map, hand_modes, quick_start \
                     and tournament"
                        .into(),
                ));
            }
            return Manoeuvre::from_scenario(data, scenario).map_err(|e| SetupError(format!("scenario: {e}")));
        }
        let mut game = Manoeuvre::start(data, setup)?;
        game.settle();
        Ok(game)
    }

    /// Redraws the cards of `owner` that `viewer_is_owner` (or the opponent) cannot see, keeping
    /// every count the viewer can see.
    fn redeal_hidden(&mut self, owner: u8, viewer_is_owner: bool, rng: &mut dyn RngCore) {
        if viewer_is_owner && self.phase == (Phase::TournamentPick { player: owner }) {
            // A player picking its tournament hand is looking through its whole deck.
            return;
        }
        let side = self.sides[owner as usize];
        let top = if side.discard_top == NONE { 0 } else { card_bit(side.discard_top) };
        let hidden_discard = side.discard & !top;
        let hand_hidden: Cards = match side.mode {
            HandMode::Hand if !viewer_is_owner => side.hand & !side.revealed,
            _ => 0,
        };
        let mut slot_hidden = [0u64; 5];
        if side.mode == HandMode::Display {
            for (s, set) in side.display.slots.iter().enumerate() {
                slot_hidden[s] = set & !side.display.face_up;
            }
        }
        // The hidden cards are distinct cards of one army, so a set holds them all; read from it
        // they come in a canonical order, and two states a player cannot tell apart redraw alike.
        // (A search redraws on every iteration: no list is allocated.)
        let hidden = side.deck | hidden_discard | hand_hidden | slot_hidden.iter().fold(0, |m, s| m | s);
        let mut pool = [0u8; 64];
        let mut count = 0;
        for card in cards(hidden) {
            pool[count] = card;
            count += 1;
        }
        let pool = &mut pool[..count];
        engine::shuffle(rng, pool);
        let mut next = pool.iter().copied();
        let mut take = |n: u32| -> Cards {
            let mut m = 0;
            for _ in 0..n {
                if let Some(c) = next.next() {
                    m |= card_bit(c);
                }
            }
            m
        };
        let s = &mut self.sides[owner as usize];
        let deck = take(side.deck.count_ones());
        let discard = take(hidden_discard.count_ones()) | top;
        let hand = take(hand_hidden.count_ones()) | (side.hand & !hand_hidden);
        let mut slots = side.display.slots;
        for (i, hidden) in slot_hidden.iter().enumerate() {
            slots[i] = (side.display.slots[i] & !hidden) | take(hidden.count_ones());
        }
        s.deck = deck;
        s.discard = discard;
        s.hand = hand;
        s.display.slots = slots;
    }
}

impl Manoeuvre {
    /// Whether a screen showing the player to decide shows something the other player must not
    /// see: a hand is held in secret and the battle has begun (or the deployment, or a tournament
    /// hand, is being chosen).
    pub fn screen_shows_secrets(&self) -> bool {
        let hands = (0..2).any(|p| self.side(p).mode == HandMode::Hand);
        hands && (self.turn() > 0 || matches!(self.phase(), Phase::TournamentPick { .. } | Phase::Deploy { .. }))
    }

    /// The step a front end may take for the player to decide, as the terminal's `play` does: the
    /// only legal action, when taking it reveals nothing and shows nobody anything. `seat_stays` says
    /// whether the same player decided last at this screen; when the seat changes and the hand is
    /// secret, the player still takes the seat, since that there was no other answer is itself
    /// what the hand hides from whoever watches the screen.
    pub fn lone_step(&self, seat_stays: bool) -> Option<Action> {
        let ToMove::Player(player) = self.to_move() else { return None };
        let mut legal = Vec::new();
        self.legal_into(&mut legal);
        let [only] = legal.as_slice() else { return None };
        let open_hand = self.side(player).mode == HandMode::Display || !self.screen_shows_secrets();
        (!self.reveals(only) && (seat_stays || open_hand)).then_some(*only)
    }
}
