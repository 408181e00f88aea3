//! Small operations the rules share: looking up cards and units, spending cards, moving units on
//! the board, hits and eliminations, and squares in bombardment range.

use crate::board::{Square, bit};
use crate::data::model::{CardDef, CardKind, LeaderCard, TerrainEffects, UnitCard, UnitDef};
use crate::state::{HandMode, Manoeuvre, NONE, Unit};
use crate::tables::{ArmyTables, Cards, card_bit};

impl Manoeuvre {
    pub(crate) fn tables(&self, player: u8) -> &'static ArmyTables {
        self.data.0.tables(self.sides[player as usize].army)
    }

    pub fn card(&self, player: u8, card: u8) -> &'static CardDef {
        &self.data.0.army(self.sides[player as usize].army).cards[card as usize]
    }

    pub(crate) fn unit_card(&self, player: u8, card: u8) -> Option<&'static UnitCard> {
        match &self.card(player, card).kind {
            CardKind::Unit(u) => Some(u),
            _ => None,
        }
    }

    pub(crate) fn leader(&self, player: u8, card: u8) -> Option<&'static LeaderCard> {
        match &self.card(player, card).kind {
            CardKind::Leader(l) => Some(l),
            _ => None,
        }
    }

    pub fn unit_def(&self, unit: u8) -> &'static UnitDef {
        &self.data.0.army(self.sides[(unit / 8) as usize].army).units[(unit % 8) as usize]
    }

    pub(crate) fn strength(&self, unit: u8) -> u8 {
        let def = self.unit_def(unit);
        if self.units[unit as usize].reduced { def.reduced } else { def.full }
    }

    pub(crate) fn is_cavalry(&self, unit: u8) -> bool {
        // Read from the army's tables (a mask), not the unit's record: movement asks every step.
        self.sides[(unit / 8) as usize].army != NONE && self.tables(unit / 8).cavalry & (1 << (unit % 8)) != 0
    }

    pub(crate) fn effects_at(&self, sq: Square) -> &'static TerrainEffects {
        self.data.0.effects(self.terrain[sq as usize])
    }

    /// Units of `player` on the board, as ids, read from the same mask as [`Self::units_present`].
    pub(crate) fn units_on_board(&self, player: u8) -> impl Iterator<Item = u8> + use<> {
        crate::bitset::members(self.units_present(player)).map(move |i| player * 8 + i)
    }

    /// The units of `player` on the board for which `holds(index in the army, unit)`, as a mask over
    /// the army's eight. It is gathered with no branch per unit, since the lists of a step ask which
    /// units are in play far more often than the answer changes, and a branch on each unit's state
    /// would be a guess the processor often loses.
    #[inline]
    pub(crate) fn unit_mask(&self, player: u8, holds: impl Fn(u8, &Unit) -> bool) -> u64 {
        let held =
            (0..8u8).fold(0u64, |mask, i| mask | (u64::from(holds(i, &self.units[(player * 8 + i) as usize])) << i));
        held & self.units_present(player)
    }

    /// The units of `player` on the board, as a mask over the army's eight.
    #[inline]
    pub(crate) fn units_present(&self, player: u8) -> u64 {
        u64::from(self.present[player as usize])
    }

    /// Neither side keeps a CDG Solo display: both hands are secret, and nothing is ever owed to a
    /// display, so a step's follow-ups are the phase's own.
    #[inline]
    pub(crate) fn no_display(&self) -> bool {
        self.sides[0].mode == HandMode::Hand && self.sides[1].mode == HandMode::Hand
    }

    pub(crate) fn on_board(&self, unit: u8) -> bool {
        self.units[unit as usize].square != NONE
    }

    /// The cards a player may play right now.
    pub(crate) fn usable(&self, player: u8) -> Cards {
        let side = &self.sides[player as usize];
        match side.mode {
            HandMode::Hand => side.hand,
            HandMode::Display => crate::display_mode::usable(self, player),
        }
    }

    /// The cards `player` might answer with, as far as the other side can tell: a display's usable
    /// cards are face up for both to see, but a secret hand could hold any card of the army. Answer
    /// windows open on this pool rather than on the hand itself, so that whether a window opens
    /// never tells the other side what a hand holds.
    pub(crate) fn answer_pool(&self, player: u8) -> Cards {
        match self.sides[player as usize].mode {
            HandMode::Hand => Cards::MAX,
            HandMode::Display => self.usable(player),
        }
    }

    /// Takes a card out of the player's hand or display (it goes to the discard pile later or now).
    pub(crate) fn take_card(&mut self, player: u8, card: u8) {
        if player == self.active {
            self.card_played = true;
        }
        let side = &mut self.sides[player as usize];
        side.hand &= !card_bit(card);
        side.revealed &= side.hand;
        if side.mode == HandMode::Display {
            crate::display_mode::take(self, player, card);
        }
    }

    pub(crate) fn onto_discard(&mut self, player: u8, card: u8) {
        let side = &mut self.sides[player as usize];
        side.discard |= card_bit(card);
        side.discard_top = card;
    }

    /// Plays a card at once: out of the hand and onto the discard pile.
    pub(crate) fn spend(&mut self, player: u8, card: u8) {
        self.take_card(player, card);
        self.onto_discard(player, card);
    }

    /// Puts a unit on a square.
    pub(crate) fn place(&mut self, unit: u8, sq: Square) {
        self.units[unit as usize].square = sq;
        self.board[sq as usize] = unit;
        self.occ[(unit / 8) as usize] |= bit(sq);
        self.present[(unit / 8) as usize] |= 1 << (unit % 8);
    }

    /// Moves a unit; a Redoubt stays behind only while its unit stays (rule 9.2), so it goes.
    pub(crate) fn relocate(&mut self, unit: u8, to: Square) {
        self.lift(unit);
        self.place(unit, to);
    }

    fn lift(&mut self, unit: u8) {
        let from = self.units[unit as usize].square;
        if from != NONE {
            self.board[from as usize] = NONE;
            self.redoubts &= !bit(from);
            self.occ[(unit / 8) as usize] &= !bit(from);
        }
        self.units[unit as usize].square = NONE;
        self.present[(unit / 8) as usize] &= !(1 << (unit % 8));
    }

    pub(crate) fn eliminate(&mut self, unit: u8) {
        if self.units[unit as usize].eliminated {
            return;
        }
        self.lift(unit);
        self.units[unit as usize].eliminated = true;
        self.sides[(unit / 8) as usize].lost += 1;
    }

    /// A hit flips a full-strength unit and eliminates a reduced one (rule 6.6). Returns whether
    /// the unit was eliminated.
    pub(crate) fn hit(&mut self, unit: u8) -> bool {
        let u = &mut self.units[unit as usize];
        if u.eliminated {
            return true;
        }
        if u.reduced {
            self.eliminate(unit);
            true
        } else {
            u.reduced = true;
            false
        }
    }

    /// Squares that do not block a bombardment passing over them: open terrain with no unit.
    pub(crate) fn clear_for_fire(&self) -> u64 {
        !self.masks.blocks_fire & !self.occupied()
    }

    /// Squares within `range` of `from` along orthogonal paths whose intermediate squares are clear
    /// (rule 6.2): targets may stand on any terrain.
    pub(crate) fn in_fire_range(&self, from: Square, range: u8) -> u64 {
        let clear = self.clear_for_fire();
        let mut frontier = bit(from);
        let mut reach = 0;
        for _ in 0..range {
            let next = crate::board::next_to(frontier);
            reach |= next;
            frontier = next & clear;
        }
        reach & !bit(from)
    }

    /// The terrain attack benefit for a unit on `from` attacking `target`.
    pub(crate) fn attack_terrain(&self, from: Square, target: Square) -> u8 {
        let fx = self.effects_at(from);
        if fx.attack_only_against_other_terrain && self.terrain[from as usize] == self.terrain[target as usize] {
            0
        } else {
            fx.attack
        }
    }

    pub(crate) fn defense_terrain(&self, sq: Square, sappers: bool) -> u8 {
        let redoubt = if self.redoubts & bit(sq) != 0 && !sappers { 3 } else { 0 };
        self.effects_at(sq).defense + redoubt
    }

    /// Whether a leader card may act for this unit (Indian nationality, Japanese single-unit
    /// leaders); a Maharaja lifts the nationality rule.
    pub(crate) fn leader_serves(&self, player: u8, card: u8, unit: u8, maharaja: bool) -> bool {
        let Some(l) = self.leader(player, card) else { return false };
        if let Some(only) = l.only_unit {
            return only == unit % 8;
        }
        if maharaja {
            return true;
        }
        match &l.nationality {
            Some(n) => self.unit_def(unit).nationality.as_deref() == Some(n.as_str()),
            None => true,
        }
    }
}
