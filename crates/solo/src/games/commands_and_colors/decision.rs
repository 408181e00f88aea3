//! The decisions the Commands & Colors sheets add to the common table, one enum for the parent
//! module and every submodule: each variant keeps the number its code always had (saves and logs
//! stay valid), and [`Decision::room`] says which part of the rules carries each one out.

use crate::card::CardId;
use crate::games::Special;
use crate::table_action::TableAction;

/// The decisions these sheets add to the common table, each named after the playsheet paragraph
/// (or board-game step) it carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Decision {
    /// "First Strike" (and Medieval's "Ambush"): the inactive side plays the card out of turn,
    /// without a roll.
    Reaction = 1,
    /// Medieval, "Inspired Action": the active side takes a token a card or event grants.
    GainInspiredToken = 2,
    /// Medieval, "Inspired Action": the active side uses one of its tokens.
    SpendInspiredToken = 3,
    /// Medieval, "Inspired Action": on a `!!` the inactive side uses one of its tokens.
    InactiveInspiredToken = 4,
    /// Napoleonics, "Infantry Square": Max Hand Size down one, a random card to the square track.
    FormSquare = 5,
    /// Napoleonics, "Infantry Square": the square dissolves; its card fills the next empty slot.
    DissolveSquare = 6,
    /// Epic Ancients, "Inspired Field General": a second copy of the section card joins it.
    InspiredFieldGeneral = 7,
    /// Epic Ancients, "Field General's Initiative": a battle die for an unactivated section (`n`).
    FieldGeneralsInitiative = 8,
    /// Epic sheets, "Counter-attack": it copies this card of the other side's last turn.
    CounterAttackCopies = 9,
    /// Epic sheets, "Counter-attack": the copied card has no effect on the card table.
    CounterAttackCopiesNothing = 10,
    /// "Scout": the Scout drew a card, so its replacement comes face-up.
    ScoutReplacementFaceUp = 11,
    /// "Scout": the Scout took a counter or a banner, so its replacement stays face-down.
    ScoutReplacementFaceDown = 12,
    /// Napoleonics, "Tactician cards": one is drawn (per battlefield `n` in La Grande Battles).
    TacticianDraw = 13,
    /// Napoleonics, "Tactician cards": one is played.
    TacticianPlay = 14,
    /// Epic Battles, "Courier Rack": a card dealt face-up from the deck into the rack.
    CourierRackDeal = 15,
    /// Epic Battles, "Courier Rack": a face-up display card moved to the rack.
    CourierRackFromDisplay = 16,
    /// Epic Battles, "Courier Rack": a rack card played.
    CourierRackPlay = 17,
    /// Epic Ancients, a turn with a single play: this face-down card turns up (`n`: slot index * 8
    /// + place in the slot).
    SinglePlayTurnUp = 18,
    /// Epic Ancients, "Drawing New Command cards": the active side ends a turn in which it played
    /// one card; its vacancies are filled and it turns a card up before the turn passes.
    EndTurnAfterSinglePlay = 19,
    /// Medellin: the Spanish lost one of their first three banners.
    MedellinBannerLost = 21,
    /// Vitoria: a side's Fate Die roll for the first move.
    VitoriaRoll = 22,
    /// Vitoria: the allowed card a side picks for the first move.
    VitoriaPick = 23,
    /// Vitoria: a side has no order-count card among those allowed.
    VitoriaNoOrderCard = 24,
    /// Vitoria: the side that moves first.
    VitoriaFirstMove = 25,
    /// Krasnoi: the Russian side loses a random face-up card.
    KrasnoiCardLoss = 26,
    /// Zehdenick: the dice for the first move.
    ZehdenickRoll = 27,
    /// A scenario's role: this side plays it.
    ScenarioRoleSide = 28,
    /// "La Grande Battles": each side gets a Corps Commander display too.
    LaGrandeBattles = 30,
    /// La Grande Battles setup: a Corps Commander Max Hand Size up one.
    CorpsHandSizeUp = 31,
    /// La Grande Battles setup: a Corps Commander Max Hand Size down one.
    CorpsHandSizeDown = 32,
    /// La Grande Battles setup: the Corps Commander displays are ready.
    CorpsDisplaysReady = 33,
    /// La Grande Battles: on to the Corps Commander's roll.
    CorpsCommanderRoll = 34,
    /// The first scenario of the sheet's list is played.
    FirstScenario = 40,
    /// The second scenario of the sheet's list is played.
    SecondScenario = 41,
    /// The third scenario of the sheet's list is played.
    ThirdScenario = 42,
    /// The fourth scenario of the sheet's list is played.
    FourthScenario = 43,
}

/// The part of the C&C rules that carries a decision out: the parent module itself, or one of its
/// submodules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Room {
    Common,
    EpicAncients,
    Scout,
    Tactician,
    CourierRack,
    GrandeBattles,
    Scenarios,
}

impl Decision {
    /// Which part of the rules owns this decision (every decision has exactly one).
    pub(super) fn room(self) -> Room {
        match self {
            Decision::Reaction
            | Decision::GainInspiredToken
            | Decision::SpendInspiredToken
            | Decision::InactiveInspiredToken
            | Decision::FormSquare
            | Decision::DissolveSquare => Room::Common,
            Decision::InspiredFieldGeneral
            | Decision::FieldGeneralsInitiative
            | Decision::CounterAttackCopies
            | Decision::CounterAttackCopiesNothing
            | Decision::SinglePlayTurnUp
            | Decision::EndTurnAfterSinglePlay => Room::EpicAncients,
            Decision::ScoutReplacementFaceUp | Decision::ScoutReplacementFaceDown => Room::Scout,
            Decision::TacticianDraw | Decision::TacticianPlay => Room::Tactician,
            Decision::CourierRackDeal | Decision::CourierRackFromDisplay | Decision::CourierRackPlay => {
                Room::CourierRack
            }
            Decision::LaGrandeBattles
            | Decision::CorpsHandSizeUp
            | Decision::CorpsHandSizeDown
            | Decision::CorpsDisplaysReady
            | Decision::CorpsCommanderRoll => Room::GrandeBattles,
            Decision::MedellinBannerLost
            | Decision::VitoriaRoll
            | Decision::VitoriaPick
            | Decision::VitoriaNoOrderCard
            | Decision::VitoriaFirstMove
            | Decision::KrasnoiCardLoss
            | Decision::ZehdenickRoll
            | Decision::ScenarioRoleSide
            | Decision::FirstScenario
            | Decision::SecondScenario
            | Decision::ThirdScenario
            | Decision::FourthScenario => Room::Scenarios,
        }
    }

    /// Choosing a scenario, in the order of the sheet's list.
    const SCENARIOS: [Decision; 4] =
        [Decision::FirstScenario, Decision::SecondScenario, Decision::ThirdScenario, Decision::FourthScenario];

    /// The decision a special action carries (`None` for another game's decision).
    pub(crate) fn of(special: Special) -> Option<Self> {
        match special.decision {
            crate::games::Decision::CommandsAndColors(d) => Some(d),
            _ => None,
        }
    }

    /// The decision that chooses scenario `k` of the sheet's list.
    pub(super) fn scenario(k: usize) -> Option<Self> {
        Self::SCENARIOS.get(k).copied()
    }

    /// Which scenario of the sheet's list this decision chooses, if it chooses one.
    pub(super) fn scenario_index(self) -> Option<usize> {
        Self::SCENARIOS.iter().position(|d| *d == self)
    }
}

/// One of these sheets' decisions, as the common table carries it.
pub(super) fn special(d: Decision, side: u8, card: Option<CardId>, n: u8) -> Special {
    Special { decision: crate::games::Decision::CommandsAndColors(d), side, card, n }
}

/// One of these sheets' decisions as a table action.
pub(super) fn action(d: Decision, side: u8, card: Option<CardId>, n: u8) -> TableAction {
    TableAction::Special(special(d, side, card, n))
}
