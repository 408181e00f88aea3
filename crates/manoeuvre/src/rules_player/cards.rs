//! What a card in the hand is worth to the rule-based player right now, and what it may expect the
//! other side to add in defence: from the army's public card list, the top of its discard pile, the
//! cards a Scout/Spy showed, and a display's face-up cards; never from the hidden hand itself.

use crate::board::{bit, neighbours};
use crate::data::model::{CardKind, HqKind};
use crate::state::{HandMode, Manoeuvre, NONE};
use crate::tables::{Cards, card_bit, cards, hq_index};

/// The cards of `player` that `viewer` knows to be playable by it: all of them for the player
/// itself or a display; a hand's cards shown by a Scout/Spy otherwise.
pub(crate) fn known_cards(g: &Manoeuvre, player: u8, viewer: u8) -> Cards {
    let side = &g.sides[player as usize];
    if player == viewer || side.mode == HandMode::Display { g.usable(player) } else { side.hand & side.revealed }
}

/// The Defense value `owner`'s cards are expected to add to each of its eight units in an Assault,
/// as `viewer` sees them: the sum of the known cards naming the unit, plus for another side's
/// secret hand the average over the cards the viewer has not seen. What the side holds and shows
/// is read once for all eight (working out the few off the board too costs less than asking).
pub(crate) fn expected_defense_cards(g: &Manoeuvre, owner: u8, viewer: u8) -> [f64; 8] {
    let t = g.tables(owner);
    let known = known_cards(g, owner, viewer);
    let defence_of = |c: u8| f64::from(t.card_defense.get(c as usize).copied().unwrap_or(0));
    let side = &g.sides[owner as usize];
    // For a hidden hand: how many cards the viewer has not seen, and which cards they may be.
    let hidden = (side.mode == HandMode::Hand && owner != viewer).then(|| {
        let hidden_count = f64::from(side.hand.count_ones()) - f64::from(known.count_ones());
        let top = if side.discard_top == NONE { 0 } else { card_bit(side.discard_top) };
        let unseen = t.all & !known & !top;
        (hidden_count.max(0.0), unseen, f64::from(unseen.count_ones().max(1)))
    });
    std::array::from_fn(|index| {
        let naming = t.unit_cards[index];
        let mut total: f64 = cards(known & naming).map(defence_of).sum();
        if let Some((hidden_count, unseen, n)) = hidden {
            let sum: f64 = cards(unseen & naming).map(defence_of).sum();
            total += hidden_count * sum / n;
        }
        total
    })
}

/// The enemy units adjacent to one of `player`'s units.
fn threatened(g: &Manoeuvre, player: u8) -> bool {
    g.units_on_board(player).any(|u| neighbours(g.units[u as usize].square) & g.occupied_by(1 - player) != 0)
}

/// How much `player` wants to keep `card`, from 0 (dead weight) to about 1.
pub(crate) fn card_value(g: &Manoeuvre, player: u8, card: u8) -> f64 {
    let enemies = g.occupied_by(1 - player);
    match &g.card(player, card).kind {
        CardKind::Unit(u) => {
            let id = player * 8 + u.unit;
            if g.units[id as usize].eliminated {
                // Its unit is gone; only an Indian card's secondary effect could still matter, and
                // that too needs its unit on the board.
                return 0.0;
            }
            let sq = g.units[id as usize].square;
            let mut value = 0.25;
            if let Some(d) = u.attack {
                value += f64::from(d.count) * f64::from(d.sides) / 40.0;
            }
            value += f64::from(u.defense) * 0.05;
            // Before deployment (a tournament hand) the unit has no square yet.
            let placed = sq != NONE;
            if placed && neighbours(sq) & enemies != 0 {
                value += 0.3;
            }
            if placed && u.bombard.is_some() && g.in_fire_range(sq, 2) & enemies != 0 {
                value += 0.35;
            }
            if g.units[id as usize].reduced {
                value += 0.2;
            }
            value
        }
        CardKind::Leader(_) => 0.85,
        CardKind::Hq(kind) => match kind {
            HqKind::Supply => 0.6,
            HqKind::ForcedMarch => 0.45,
            HqKind::Ambush => 0.7,
            HqKind::Rockets => 0.6,
            HqKind::Withdraw => {
                if threatened(g, player) {
                    0.6
                } else {
                    0.35
                }
            }
            HqKind::Guerrilla => 0.4,
            HqKind::Regroup => {
                if g.reduced_units(player) > 0 {
                    0.7
                } else {
                    0.4
                }
            }
            HqKind::Redoubt => 0.45,
            HqKind::Sappers => {
                if g.redoubts & enemies != 0 {
                    0.6
                } else {
                    0.1
                }
            }
            HqKind::ScoutSpy => 0.3,
            HqKind::Skirmish => 0.25,
            HqKind::CommittedAttack => 0.45,
            HqKind::BanzaiCharge => 0.4,
            HqKind::DeathWithHonour => 0.3,
            HqKind::Maharaja => 0.35,
        },
    }
}

/// The Supply and Regroup cards `player` could restore a unit with.
pub(crate) fn restorers(g: &Manoeuvre, player: u8) -> Cards {
    let t = g.tables(player);
    g.usable(player) & (t.hq[hq_index(HqKind::Supply)] | t.hq[hq_index(HqKind::Regroup)])
}

/// A redoubt under this square already.
pub(crate) fn has_redoubt(g: &Manoeuvre, sq: u8) -> bool {
    g.redoubts & bit(sq) != 0
}
