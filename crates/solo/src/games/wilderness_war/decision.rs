//! Wilderness War's decisions: the steps this sheet adds to the common table, each keeping the
//! number its code always had (saves and logs stay valid), and [`special`], the one place a
//! decision becomes that code.

use crate::card::CardId;
use crate::games::Special;
use crate::table_action::TableAction;

/// The decisions this sheet adds to the common table, each named after the playsheet paragraph
/// (or board-game step) it carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Decision {
    /// "Variable Hand Size": a new season puts each side's Cards Remaining back to its Max Hand
    /// Size (and carries out the reshuffle Surrender! ordered).
    NewSeason = 1,
    /// "Held Cards": with one card remaining the active side passes and keeps it for next season.
    PassHeldCard = 2,
    /// "Active Side Response Cards": a face-up Response card played beside the turn's action.
    ActiveResponse = 3,
    /// "Battle Response Cards": the inactive side rolls the Fate Die to try a Battle Response.
    BattleResponse = 4,
    /// "Battle Response Cards": a face-up Response card played as the Battle Response.
    BattleResponsePlay = 5,
    /// "Battle Response Cards": the battle is resolved; cards turned up for it go face-down again.
    EndBattle = 6,
    /// Francois Bigot or British Ministerial Crises makes the other side discard a card (the player
    /// says so when the table did not recognise the card).
    ForcedDiscard = 7,
    /// "Variable Hand Size": a side's Max Hand Size goes up one (at most 9).
    HandSizeUp = 8,
    /// "Variable Hand Size": a side's Max Hand Size goes down one (at least 7).
    HandSizeDown = 9,
    /// Courier Intercepted!'s roll succeeds: it takes a random face-up card of the other side.
    CourierInterceptedSucceeds = 10,
    /// Courier Intercepted!'s roll fails: its slot is refilled face-down.
    CourierInterceptedFails = 11,
    /// A hand-size card's event takes this face-up card back from the discards.
    TakeFromDiscards = 12,
    /// A hand-size card's event takes no card from the discards.
    TakeNothingFromDiscards = 13,
    /// Fate Die faces 1 and 2: a face-up Event card is discarded instead of played.
    DiscardEvent = 14,
    /// A forced discard hits a random face-up card of the inactive side.
    ForcedDiscardRandom = 15,
    /// A forced discard hits the card the player names (the one the event names, or the only
    /// face-up card of the type it names).
    ForcedDiscardNamed = 16,
    /// Marks a face-up card as one of the type the forcing event names.
    ForcedDiscardMark = 17,
    /// A forced discard hits a random card among the marked ones (Random Card Selection Chart).
    ForcedDiscardAmongMarked = 18,
    /// Face 2 on a Battle Response: the player turns up the card in this slot (`n`).
    BattleResponseTurnUp = 19,
    /// No face-up card fits the forcing event: nothing is discarded.
    ForcedDiscardNone = 20,
}

impl Decision {
    /// The decision a special action carries (`None` for another game's decision).
    pub(crate) fn of(special: Special) -> Option<Self> {
        match special.decision {
            crate::games::Decision::WildernessWar(d) => Some(d),
            _ => None,
        }
    }
}

/// One of this sheet's decisions as a table action: the one place a decision becomes its code.
pub(super) fn special(d: Decision, side: u8, card: Option<CardId>, n: u8) -> TableAction {
    TableAction::Special(Special { decision: crate::games::Decision::WildernessWar(d), side, card, n })
}
