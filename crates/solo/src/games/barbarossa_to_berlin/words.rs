//! What a player reads of Barbarossa to Berlin's rules: each decision's stable id and label, and
//! the reminders of the sheet's rules that matter at the moment.

use super::total_war::{in_sight, unnamed_waiting};
use super::*;
use crate::table::MAX_MARKER;

/// The stable id of one of this sheet's decisions.
pub(super) fn id(special: Special) -> String {
    let card = special.card.map_or(String::new(), |c| format!("-{}", c.0));
    let side = if special.side == AXIS { "axis" } else { "allied" };
    match Decision::of(special) {
        Some(Decision::InitialStrategyCard) => format!("opening-card{card}"),
        Some(Decision::SovietReinforcementsMulligan) => format!("soviet-reinforcements-for{card}"),
        Some(Decision::AutomaticOperation) => "automatic-operation".into(),
        Some(Decision::PartisanOperation) => "partisan-operation".into(),
        Some(Decision::CombatCard) => format!("combat-card-{side}{card}"),
        Some(Decision::BeginDrawPhase) => "draw-strategy-cards-phase".into(),
        Some(Decision::DrawPhaseDiscard) => format!("draw-phase-discard-{side}{card}"),
        Some(Decision::BombPlot) => "bomb-plot".into(),
        Some(Decision::TotalWarBegin) => format!("total-war-{side}"),
        Some(Decision::TotalWarSlotA) => format!("total-war-slot-a-{side}{card}"),
        Some(Decision::TotalWarAddCard) if special.n > 1 => format!("total-war-add-ten-cards-{side}"),
        Some(Decision::TotalWarAddCard) => format!("total-war-add-card-{side}"),
        Some(Decision::TotalWarReshuffle) => format!("total-war-reshuffle-{side}"),
        Some(Decision::HandSizeEvent) => {
            format!("hand-size-event-{side}-{}", if special.n == 0 { "down" } else { "up" })
        }
        Some(Decision::HandSize) => format!("hand-size-{side}-{}", if special.n == 0 { "down" } else { "up" }),
        Some(Decision::EndDrawPhase) => "end-draw-strategy-cards-phase".into(),
        // Only this module makes its actions, so every code it meets is one of its own.
        None => "unknown-decision".into(),
    }
}

/// The label a player reads for one of this sheet's decisions.
pub(super) fn label(table: &CardTable, special: Special) -> String {
    let card = special.card.map_or(String::new(), |c| table.card_label(c));
    let side = &table.sheet().sides[(special.side & 1) as usize];
    match Decision::of(special) {
        Some(Decision::InitialStrategyCard) => {
            format!("Axis: set {card} aside as the opening event (the other goes back in the deck)")
        }
        Some(Decision::SovietReinforcementsMulligan) => {
            format!("Allied: play Soviet Reinforcements instead, discarding {card} (3 Ops or more)")
        }
        Some(Decision::AutomaticOperation) => {
            format!("{side}: an automatic operation (1 Ops): no card played, Cards Remaining kept")
        }
        Some(Decision::PartisanOperation) => "Allied: place a Partisan: no card played, Cards Remaining kept".into(),
        Some(Decision::CombatCard) => format!("{side}: play {card} as a Combat Card (Cards Remaining -1)"),
        Some(Decision::BeginDrawPhase) => "the game turn ends: begin the Draw Strategy Cards phase".into(),
        Some(Decision::DrawPhaseDiscard) => format!("{side}: discard {card} against one card remaining"),
        Some(Decision::BombPlot) => "Bomb Plot: a random face-up Axis card is discarded (Random Card Selection)".into(),
        Some(Decision::HandSizeEvent | Decision::HandSize) => {
            let h = table.max_hand_size(special.side & 1);
            let to = if special.n == 0 { h.saturating_sub(1).max(1) } else { (h + 1).min(MAX_MARKER) };
            let why = if Decision::of(special) == Some(Decision::HandSizeEvent) {
                format!("the event of {card} changes it")
            } else {
                "a resource or another effect changes it".to_string()
            };
            format!("{side}: Max Hand Size {h} → {to} ({why}; it counts from the next Draw Strategy Cards phase)")
        }
        Some(Decision::TotalWarBegin) => format!("{side}: the Total War cards join the deck"),
        Some(Decision::TotalWarSlotA) => {
            let unseen =
                special.card.is_some_and(|c| table.card_name(c).is_none() && !in_sight(table, special.side, c));
            if unseen && special.side == AXIS {
                "Axis: put Totaler Krieg! (one of the unnamed Total War cards) face-up in slot A of the next hand"
                    .into()
            } else if unseen {
                format!(
                    "{side}: put a Blitzkrieg card of your choice from out of sight face-up in slot A of the next hand"
                )
            } else {
                format!("{side}: put {card} face-up in slot A of the next hand")
            }
        }
        Some(Decision::TotalWarAddCard) if special.n > 1 => {
            format!("{side}: ten more Total War cards the manifest does not list join the deck")
        }
        Some(Decision::TotalWarAddCard) => {
            format!("{side}: one more Total War card the manifest does not list joins the deck")
        }
        Some(Decision::TotalWarReshuffle) => {
            let waiting = table.waiting(special.side, TOTAL_WAR).len() + unnamed_waiting(table, special.side).len();
            let keep = if table.marker(TOTAL_WAR_CHOICE, special.side) != 0 { " except slot A" } else { "" };
            format!(
                "{side}: discard the display{keep}, shuffle the deck, the discards and the {waiting} Total War \
                 card(s) together, and deal a new display"
            )
        }
        Some(Decision::EndDrawPhase) => {
            "end the Draw Strategy Cards phase: both sides' Cards Remaining back to Max Hand Size".into()
        }
        None => "an action this sheet does not know".into(),
    }
}

/// Reminders of the sheet's rules that matter at this moment.
pub(super) fn reminders(table: &CardTable) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(s) = [AXIS, ALLIED].into_iter().find(|s| table.marker(TOTAL_WAR_STAGE, *s) == 1) {
        let side = &table.sheet().sides[usize::from(s)];
        let choice = if s == AXIS {
            "The Axis may put Totaler Krieg! (#26) face-up in slot A of its next hand"
        } else {
            "The Allies may put any one Blitzkrieg card face-up in slot A of their next hand"
        };
        notes.push(format!(
            "Total War cards join the {side} deck. {choice}, or leave it to chance. Then the display is \
             discarded (slot A kept when chosen), the deck, the discards and the Total War cards are shuffled \
             together, and the display is dealt as at setup. Total War cards the manifest does not list are \
             added one by one before the reshuffle."
        ));
        return notes;
    }
    if table.names.is_empty() {
        notes.push(
            "Without a deck manifest the table cannot tell which cards are Barbarossa, Von Paulus Pause or \
             Soviet Reinforcements: set them aside yourself (--manifest builtin knows them)."
                .into(),
        );
    }
    if !held(table, REINFORCEMENTS_PLACE).is_empty() && game_turn(table) <= 2 {
        notes.push(
            "Soviet Reinforcements may replace any allowed Allied card of 3 Ops or more until the end of \
             game turn 2; the replaced card is discarded."
                .into(),
        );
    }
    if table.active() == AXIS && opening_waits(table) {
        notes.push("On its first turn the Axis plays its opening event instead of rolling the Fate Die.".into());
    }
    if table.marker(DRAW_PHASE, AXIS) == 1 {
        notes.push(
            "Draw Strategy Cards phase: each side may discard one face-up card per card it has remaining; \
             then Cards Remaining go back to the Max Hand Size (a changed Max Hand Size takes effect now)."
                .into(),
        );
    }
    if table.cards_remaining(table.active()) == 0 {
        notes.push(
            "No cards remaining: only an automatic operation (or an Allied Partisan placement) is left this turn."
                .into(),
        );
    }
    let face_up: Vec<CardId> = (0..2).flat_map(|s| table.known_face_up(s).map(|(_, c)| c)).collect();
    if face_up.iter().any(|&c| is_hand_revealing(table, c)) {
        notes.push("Enigma and the Axis card that looks at the Allied hand have no event in solitaire play.".into());
    }
    if face_up.iter().any(|&c| is_hand_size_card(table, c)) {
        notes.push(
            "Bomber Command, US 8th Air Force and Final Production Surge change the Axis Max Hand Size from \
             the next Draw Strategy Cards phase."
                .into(),
        );
    }
    notes
}
