//! The state of a game of Manoeuvre: a plain `Copy` value with no heap allocation (cards as 64-bit
//! sets, units and squares as small arrays), so that search bots can clone it millions of times. The
//! static facts it refers to live in [`Compiled`], shared by every state.

use crate::board::{Edge, LayoutEdge, Placement, SQUARES, Square};
use crate::data::model::Terrain;
use crate::display_mode::FateState;
use crate::setup::TerrainMasks;
use crate::tables::{Cards, Compiled};

/// No unit on a square / no square for a unit.
pub const NONE: u8 = 0xFF;

/// How a side holds its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HandMode {
    /// A secret hand of five, as the rulebook prints.
    Hand,
    /// The CDG Solo System display of the Manoeuvre playsheet.
    Display,
}

/// A unit on (or off) the board. Unit ids are `side * 8 + index in its army`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its square, or [`NONE`] before deployment and after elimination.
    pub square: u8,
    pub reduced: bool,
    pub eliminated: bool,
}

/// The CDG Solo display of one side: five slots as card sets (slot C stays empty: the deck is slot
/// C), which of the side's cards are face-up, and the face-up top card of its deck.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Display {
    pub slots: [Cards; 5],
    pub face_up: Cards,
    /// The deck's top card when turned face-up, or [`NONE`].
    pub top: u8,
    /// Cards owed to each slot from the deck, maintaining facing (discard replacements and refills).
    pub owed: [u8; 5],
    /// Slots to be filled with a face-up card ("keep face-up" refills).
    pub fill_face_up: u8,
}

/// One side's cards and standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    /// Index of its army in the data, or [`NONE`] until chosen.
    pub army: u8,
    pub edge: Edge,
    pub mode: HandMode,
    /// Undrawn cards: an unordered pool, each draw a chance outcome.
    pub deck: Cards,
    pub discard: Cards,
    /// The card on top of the discard pile, the only one a player may look at.
    pub discard_top: u8,
    /// Hand mode: the hand. Display mode: unused (cards live in `display`).
    pub hand: Cards,
    pub display: Display,
    /// Cards of this side's hand that the other side has seen with a Scout/Spy and that are still
    /// in the hand.
    pub revealed: Cards,
    /// The side has drawn the last card of its first Action Deck (rule 2.3).
    pub first_deck_done: bool,
    /// Units of this side eliminated so far.
    pub lost: u8,
    /// The d10 rolled for first player.
    pub initiative_roll: u8,
}

impl Side {
    pub fn new(edge: Edge, mode: HandMode) -> Self {
        Side {
            army: NONE,
            edge,
            mode,
            deck: 0,
            discard: 0,
            discard_top: NONE,
            hand: 0,
            display: Display { top: NONE, ..Display::default() },
            revealed: 0,
            first_deck_done: false,
            lost: 0,
            initiative_roll: 0,
        }
    }
}

/// The kinds of combat (rule 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CombatKind {
    Assault,
    Ambush,
    Bombardment,
    Volley,
    Rockets,
    GrandBattery,
}

/// A combat in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combat {
    pub kind: CombatKind,
    /// The attacking unit id, or [`NONE`] in an Ambush.
    pub attacker: u8,
    pub defender: u8,
    /// The card that started the combat.
    pub initiating: u8,
    /// Supporting units, as a mask over the attacker's 8 units.
    pub supporters: u8,
    /// Cards the attacker played (the initiating card included).
    pub attack_cards: Cards,
    pub defense_cards: Cards,
    pub attack_leader: u8,
    /// The attacking leader's Command is used (else its Combat value).
    pub leader_commands: bool,
    pub maharaja_attack: bool,
    pub defense_leader: u8,
    pub maharaja_defense: bool,
    /// Committed Attack cards played, per attacking/supporting unit (mask over the attacker's units).
    pub committed: u8,
    pub committed_count: u8,
    pub sappers: bool,
    /// Dice thrown so far: the attack total gathers here.
    pub dice_total: u16,
    /// Dice still owed, by kind: d6, d8, d10.
    pub dice_owed: [u8; 3],
    /// Supporters still to pick under the leader's Command.
    pub support_left: u8,
    /// Pursuit: cards still to roll for, and the leader's modifier.
    pub pursuit_cards: Cards,
    pub pursuit_hits: u8,
    /// The square the defender stood on when the combat began.
    pub defender_square: u8,
    /// Display mode: the slot the initiating card came from (a Skirmish returns it there).
    pub initiating_slot: u8,
    /// Hits owed by Committed Attacks after every other loss.
    pub committed_hits_left: u8,
    /// The attacker reached its fifth loss through a Committed Attack hit (rule 2.1 exception).
    pub sacked: bool,
    /// Display mode: inactive HQ cards that `!!` blocked in this combat; they cannot be tried again.
    pub blocked: Cards,
}

/// Where the game stands: each variant names the decision or chance event it waits for.
///
/// A plain tag byte (`repr(u8)`) rather than a tag folded into the fields' spare values: every
/// step matches on the phase several times, and a folded tag is decoded again each time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Phase {
    // Setup (rule 3).
    InitiativeRoll {
        player: u8,
    },
    PlaceSection {
        position: u8,
    },
    OrientSection {
        position: u8,
    },
    ChooseNations {
        chosen: u8,
    },
    PickNation,
    ChooseEdge,
    TournamentPick {
        player: u8,
    },
    DealHands,
    Deploy {
        player: u8,
    },
    // A player turn (rule 4).
    Discard,
    Draw,
    Movement,
    /// The inactive player may answer a Supply, Forced March, Regroup or Reinforcement with a
    /// Guerrilla.
    Guerrilla {
        against: Negatable,
    },
    Combat,
    /// Step 3: the defender may withdraw.
    Withdraw,
    /// A United States Withdraw attempt is being rolled.
    WithdrawRoll {
        card: u8,
    },
    /// Step 4: the defender adds unit cards and one leader.
    DefenderCards,
    /// Step 5: the attacker adds cards.
    AttackerCards,
    /// The attacker's leader commands: supporting units are being picked.
    ChooseSupport,
    /// Dice of a combat are rolling.
    CombatDice,
    /// A "greater than" result: the named player chooses Hit or Retreat for the defender.
    HitOrRetreat {
        chooser: u8,
        then_advance: bool,
    },
    /// A retreating unit has a choice of flank squares.
    RetreatChoice {
        unit: u8,
        then: AfterRetreat,
    },
    /// The attacker chooses which unit advances (or none, when allowed).
    Advance {
        retreated: bool,
    },
    PursuitRoll,
    /// The attacker picks which unit takes a Committed Attack hit.
    CommittedHit,
    /// Skirmish: the attacking unit may move up to two squares.
    SkirmishMove,
    /// The Rockets die is rolling.
    RocketRoll,
    /// Display mode: the inactive side rolls the Fate Die before an HQ card; `!!` blocks it.
    FateCheck {
        card: u8,
        resume: Resume,
    },
    /// Display mode: the active side's Fate Die roll before Movement.
    FateRoll,
    /// Display mode, face 2: the active side turns face-down cards until two are face-up.
    FateFlip,
    /// Display mode: Scout/Spy discards a random card of the other display (Random Card Selection
    /// Chart), first choosing a slot, then a card in it.
    ScoutRoll {
        slot: u8,
        first_die: u8,
    },
    /// Display mode: the Scout/Spy's second roll landed on a face-down card of a slot holding
    /// several; which of them goes is drawn as a chance outcome of its own.
    ScoutPick {
        slot: u8,
    },
    /// Display mode: no card was played this turn, so one card may move to another slot.
    CardMove,
    Restoration,
    RallyRoll {
        unit: u8,
        rally_max: u8,
    },
    Over,
}

/// What happens once a retreating unit has gone (or been eliminated for want of a square).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterRetreat {
    /// An Assault's defender vacated its square: the attacker advances.
    Advance,
    /// Rockets 9-10: the unit also takes a hit.
    RocketHit,
    /// Nothing more for this unit.
    Finish,
}

/// An inactive side's HQ card waiting on its Fate Die roll, and what it was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resume {
    Guerrilla(Negatable),
    Withdraw,
    DefendLeader,
    DefendMaharaja,
}

/// What a Guerrilla card can cancel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Negatable {
    Supply,
    ForcedMarch { unit: u8, to: u8 },
    Regroup { unit: u8 },
    Reinforcement { unit: u8 },
}

/// Movement bookkeeping of the current phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MovementState {
    /// Own units (mask over 8) that have made their move.
    pub moved: u8,
    /// Units whose move has had its Forced March (or lost it to a Guerrilla).
    pub forced: u8,
    pub moves_allowed: u8,
    pub supply_played: bool,
    /// A Supply card took effect (it was not cancelled by a Guerrilla).
    pub supply_worked: bool,
    pub banzai: bool,
    /// The unit that moved last, for a Forced March; [`NONE`] if none.
    pub last: u8,
    /// Where the last unit began its move (a Forced March is not allowed from Field or Marsh).
    pub last_from: u8,
}

/// What the position waits for, worked out once at the end of every step (see `settle`): the
/// player to move and the kind of legal list are read on every step, by both the step's caller and
/// the legal actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Due {
    /// The game is over.
    Over,
    /// A hand's Draw phase is done: play a Scout/Spy or go on.
    EndOfDraw,
    /// A card is drawn from this player's deck (a chance outcome).
    Draw(u8),
    /// A die with this many faces is rolled.
    Die(u8),
    /// A Scout/Spy's random pick among several face-down cards.
    ScoutPick,
    /// The phase's own legal list, drawn as a chance outcome (a quick start's setup, a map laid
    /// at random).
    PhaseByChance,
    /// The phase's own legal list, chosen by this player. (Flat rather than holding an
    /// `engine::ToMove`: every step reads it, and a nested enum costs a second decoding.)
    PhaseBy(u8),
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Attrition { winner: u8, sacked: bool },
    Nightfall { winner: u8, control: [u8; 2], tiebreak: u8 },
}

/// The shared static data of a game, compared by address: two states of the same game point at
/// the same tables.
#[derive(Clone, Copy)]
pub struct DataRef(pub &'static Compiled);

impl PartialEq for DataRef {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl std::fmt::Debug for DataRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Compiled { .. }")
    }
}

impl std::ops::Deref for DataRef {
    type Target = Compiled;
    fn deref(&self) -> &Compiled {
        self.0
    }
}

/// A game of Manoeuvre.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Manoeuvre {
    pub(crate) data: DataRef,
    pub(crate) terrain: [Terrain; SQUARES],
    pub(crate) masks: TerrainMasks,
    /// The unit id on each square, or [`NONE`].
    pub(crate) board: [u8; SQUARES],
    /// Squares of each side's units, kept in step with `board`.
    pub(crate) occ: [u64; 2],
    /// Each side's units on the board, as a mask over its eight (bit `i` for unit `side * 8 + i`),
    /// kept in step with the units' squares: the Movement, Combat and Restoration lists start from
    /// it.
    pub(crate) present: [u8; 2],
    pub(crate) redoubts: u64,
    pub(crate) units: [Unit; 16],
    pub(crate) sides: [Side; 2],
    pub(crate) first_player: u8,
    pub(crate) active: u8,
    /// Game turn, from 1; 0 during setup.
    pub(crate) turn: u16,
    pub(crate) phase: Phase,
    pub(crate) placements: [Placement; 4],
    pub(crate) nations_offered: [u8; 2],
    pub(crate) fixed_map: bool,
    pub(crate) fixed_edge: LayoutEdge,
    pub(crate) fixed_armies: bool,
    pub(crate) movement: MovementState,
    pub(crate) combat: Option<Combat>,
    /// The active player has declared this turn's combat (or chose not to).
    pub(crate) combat_done: bool,
    pub(crate) restoration_tried: bool,
    pub(crate) redoubt_built: bool,
    /// The active player has played a card this turn (the display mode's card move needs to know).
    pub(crate) card_played: bool,
    pub(crate) fate: FateState,
    /// Display mode: the player whose deck's top card is being turned face-up, or [`NONE`].
    pub(crate) reveal_pending: u8,
    /// While a Scout/Spy's random discard is rolled: the phase it was played in.
    pub(crate) scout_back: Option<Phase>,
    /// A hand-mode player has finished its Draw phase (it may play a Scout/Spy at its end and draw
    /// again; the pause is there whatever the hand holds, so it tells the opponent nothing).
    pub(crate) draw_confirmed: bool,
    pub(crate) quick_start: bool,
    /// The map's sections, turns and starting edge are drawn at random (chance outcomes).
    pub(crate) random_map: bool,
    pub(crate) tournament: bool,
    pub(crate) ending: Option<Ending>,
    /// Worked out from everything above at the end of each step; never set anywhere else.
    pub(crate) due: Due,
}

impl Manoeuvre {
    pub fn side(&self, player: u8) -> &Side {
        &self.sides[player as usize]
    }
    pub fn unit(&self, id: u8) -> &Unit {
        &self.units[id as usize]
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn turn(&self) -> u16 {
        self.turn
    }
    pub fn active(&self) -> u8 {
        self.active
    }
    pub fn terrain_at(&self, sq: Square) -> Terrain {
        self.terrain[sq as usize]
    }
    pub fn unit_at(&self, sq: Square) -> Option<u8> {
        let u = self.board[sq as usize];
        (u != NONE).then_some(u)
    }
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }
    pub fn data(&self) -> &'static Compiled {
        self.data.0
    }
    /// The player who moves first each game turn (decided at setup).
    pub fn first_player(&self) -> u8 {
        self.first_player
    }
    /// The side a unit id belongs to.
    pub fn owner(unit: u8) -> u8 {
        unit / 8
    }
    /// Occupied squares.
    pub fn occupied(&self) -> u64 {
        self.occ[0] | self.occ[1]
    }
    /// Squares of one side's units.
    pub fn occupied_by(&self, player: u8) -> u64 {
        self.occ[(player & 1) as usize]
    }
}
