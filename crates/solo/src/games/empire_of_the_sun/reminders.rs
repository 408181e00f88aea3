//! The reminders of the sheet's rules that matter at this moment, for what the player applies by
//! hand (hand sizes, passes, Future Offensives, Reactions, Mandatory cards, the swap, Japan's loss).

use super::decision::Decision;
use super::setup::SCENARIO_MADE;
use super::{
    ALLIES, FO_PLACE, JAPAN, JAPAN_LOSS, MAY_DRAW, PASSES, RESHUFFLE_DUE, SANDCRAB_COTTAGE, SWAP, game_turn,
    hand_size_due, held_in, in_turn, is, is_start, mandatory, offensive_over, setup_time, side_name, visible,
};
use crate::table::{CardTable, Phase};

/// Reminders of special rules that matter at this moment, in our own words.
pub(super) fn reminders(table: &CardTable) -> Vec<String> {
    let mut out = Vec::new();
    let active = table.active();
    let inactive = 1 - active;
    let named = table.has_named_cards();
    if setup_time(table) && table.marker(SCENARIO_MADE, JAPAN) == 0 {
        out.push(
            "Setup: the full campaign starts with the December 1941 Special Turn (17.11); the Historical \
             Variant, 1942, South Pacific, Plan Orange and Burma setups are actions here (or start with --scenario)."
                .into(),
        );
        let made = u8::try_from(table.marker(SCENARIO_MADE, JAPAN)).unwrap_or(0);
        if made == 0 || i32::from(made) == Decision::PlanOrange.scenario_marker() {
            out.push("Plan Orange uses its own decks: play its cards #1 and #2 before setting the markers.".into());
        }
        if !named {
            out.push(
                "Without a deck manifest the table cannot find the cards the scenario setups name: put Arcadia \
                 Conference, Col. Tsuji, Central Force, VADM Kondo or Savo Island in place yourself."
                    .into(),
            );
        }
    }
    if let Some(side) = [JAPAN, ALLIES].into_iter().find(|s| hand_size_due(table, *s)) {
        out.push(format!(
            "Game turn {}, phase 4.14: say {}'s hand size for this turn (4 to 7, as the board's conditions and the \
             scenario give it).",
            game_turn(table),
            side_name(table, side)
        ));
    } else if is_start(table) && offensive_over(table) {
        out.push(
            "Both sides have played all their cards: the Offensive Phase is over; begin the next game turn.".into(),
        );
    } else if is_start(table) {
        out.push(
            "The Max Hand Size marker is not used: at each game turn's phase 4.14 set both sides' Cards \
             Remaining to their hand size (4 to 7)."
                .into(),
        );
    }
    if let Phase::Choose { played: 0, face, .. } = table.phase {
        if face != 0 && table.marker(PASSES, active) > 0 {
            out.push(format!(
                "{} has a pass left: it may pass instead of playing, without lowering Cards Remaining.",
                side_name(table, active)
            ));
        }
        if matches!(face, 1 | 3 | 5) && !held_in(table, active, FO_PLACE).is_empty() {
            out.push(
                "This roll names C: a Future Offensive may be played for EC or OC instead; it costs no card \
                 remaining but is the turn's only play."
                    .into(),
            );
        }
        if face != 0 {
            out.push(
                "Playing a card for \"Future Offensive\" keeps it beside the display; its slot refills and \
                 Cards Remaining drops as usual."
                    .into(),
            );
        }
    }
    for side in [JAPAN, ALLIES] {
        if !held_in(table, side, FO_PLACE).is_empty() {
            out.push(format!(
                "{}'s Future Offensive can be played in reaction (with a card remaining) or as an EC Offensive \
                 to win initiative, without lowering Cards Remaining.",
                side_name(table, side)
            ));
        }
    }
    if in_turn(table) && table.cards_remaining(inactive) > 0 {
        out.push(format!(
            "{} may react with a face-up Reaction card (one card remaining each) or a Future Offensive (free); \
             a face-up Mandatory card keeps one card remaining for itself.",
            side_name(table, inactive)
        ));
    }
    for side in [JAPAN, ALLIES] {
        if table.marker(MAY_DRAW, side) != 0 {
            out.push(format!(
                "If the event {} just played says \"draw one strategy card\", it costs no card remaining \
                 (a Future Offensive even gains one); the limits of 5.35 and 7.29.B still apply.",
                side_name(table, side)
            ));
        }
        for card in mandatory(table, side) {
            out.push(format!(
                "{} is Mandatory: {} must play it this game turn; with one card remaining it is played without \
                 rolling, and reactions may not spend that last card.",
                table.card_label(card),
                side_name(table, side)
            ));
        }
        if table.marker(RESHUFFLE_DUE, side) == 1 {
            out.push(format!(
                "{}'s deck must be reshuffled at the end of the game turn (Tojo Resigns or Soviets Invade \
                 Manchuria was played for OC or discarded).",
                side_name(table, side)
            ));
        }
    }
    if visible(table, ALLIES).iter().any(|c| is(table, *c, ALLIES, SANDCRAB_COTTAGE)) {
        out.push(
            "Operation Sandcrab-Cottage may be discarded instead of played for its event at any time (still a \
             play); once its conditions hold it must go before the game turn ends. It forces no reshuffle."
                .into(),
        );
    }
    if table.marker(SWAP, active) != 0 {
        out.push(
            "The card just played lets you swap a face-up display card with one from the discard pile (a \
             face-down one, turned up first, if none is face-up)."
                .into(),
        );
    }
    if table.marker(JAPAN_LOSS, ALLIES) != 0 {
        out.push(
            "If 20th Bomber Command, Curtis LeMay or Halsey's event (or Halsey's bonus) happened, Japan loses a \
             card remaining (none if it has none)."
                .into(),
        );
    }
    if !named && is_start(table) {
        out.push(
            "Without a deck manifest the table cannot tell Mandatory cards, Sandcrab-Cottage or the swap cards \
             apart: it offers the swap and Japan's card loss after any event, and the rest is yours to apply."
                .into(),
        );
    }
    out
}
