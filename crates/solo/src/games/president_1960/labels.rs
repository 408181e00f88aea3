//! The words a player reads for 1960: each decision's stable id and label, and the reminders of
//! the rule that applies at the moment.

use super::decision::{self, Decision};
use super::effects::{CAPITAL, REDRAW, RETRIEVE_EFFECT, effect_name, possible_effects};
use super::momentum_phase::{issue_name, momentum_advice};
use super::{
    BANG_PLAYED, BANG_WITHOUT_MOMENTUM, CANDIDATE_EXHAUSTED, CP_PLAYED, EVENT_PLAYED, KENNEDY, LAST_GAME_TURN,
    MOMENTUM_AID, PEACE_CORPS, STRATEGY, bang, debates, effect, game_turn, id_of, momentum, retrieve_slot, side_name,
};
use crate::games::Special;
use crate::table::{CardTable, Phase};

/// The stable id of one of this game's decisions.
pub(super) fn id(special: Special) -> String {
    let Some(decision) = Decision::of(special) else { return decision::unnamed(special).0 };
    let side = if special.side == KENNEDY { "kennedy" } else { "nixon" };
    let card = special.card.map_or(0, |c| c.0);
    let n = special.n;
    match decision {
        Decision::GainMomentum => format!("1960-momentum-up-{side}"),
        Decision::LoseMomentum => format!("1960-momentum-down-{side}"),
        Decision::TriggerEventEligible => format!("1960-momentum-event-{n}"),
        Decision::TriggerEventNotEligible => format!("1960-not-eligible-{n}"),
        Decision::PreventEvent => format!("1960-discard-face-down-{card}"),
        Decision::CandidateCard => format!("1960-candidate-card-{side}"),
        Decision::CandidateCardReady => format!("1960-candidate-ready-{side}"),
        Decision::NextGameTurn => "1960-next-game-turn".into(),
        Decision::CampaignStrategyBegin => "1960-campaign-strategy".into(),
        Decision::CampaignStrategyPick => format!("1960-strategy-{side}-{card}"),
        Decision::CampaignStrategyRandom => format!("1960-strategy-random-{side}"),
        Decision::CampaignStrategyFaceDown => format!("1960-strategy-face-down-{side}"),
        Decision::CampaignStrategyEnd => "1960-campaign-strategy-end".into(),
        Decision::DiscardAndRedraw => format!("1960-redraw-{card}"),
        Decision::DiscardAndRedrawDone => "1960-redraw-done".into(),
        Decision::RetrieveFromDiscard => format!("1960-retrieve-{n}"),
        Decision::RetrieveNothing => "1960-retrieve-none".into(),
        Decision::PoliticalCapitalDiscard => format!("1960-political-capital-discard-{card}"),
        Decision::EventEffectDone => "1960-effect-done".into(),
        Decision::NameEventEffect => format!("1960-event-effect-{n}"),
        Decision::MomentumPhase => "1960-momentum-phase".into(),
        Decision::MediaSupportLeader => {
            format!("1960-media-{}", ["", "kennedy", "nixon", "tied"][usize::from(n.min(3))])
        }
        Decision::IssueLeader => format!(
            "1960-issue-{}-{}",
            u16::from(special.side) + 1,
            ["", "kennedy", "nixon", "nobody"][usize::from(n.min(3))]
        ),
        Decision::MomentumPhaseEnd => "1960-momentum-phase-end".into(),
        Decision::FirstActionRound => format!("1960-first-round-{side}"),
        Decision::DebatesBegin => "1960-debates".into(),
        Decision::DebateRoll => "1960-debate-roll".into(),
        Decision::DebateKeepRoll => "1960-debate-keep-roll".into(),
        Decision::LazyShavePick => format!("1960-lazy-shave-{card}"),
        Decision::LazyShaveInPlay => "1960-lazy-shave-in-play".into(),
        Decision::RemoveDebateCard => format!("1960-debate-remove-{side}-{card}"),
        Decision::DebateOver => "1960-debates-end".into(),
        Decision::ElectionDayBox => format!("1960-election-day-box-{card}"),
        Decision::ElectionDayDraw => "1960-election-day-event".into(),
        // Random picks the table runs itself: never offered, so they kept the generic id.
        Decision::DebateDeal | Decision::DebateDiscard => decision::unnamed(special).0,
    }
}

/// What a player reads for one of this game's decisions.
pub(super) fn label(table: &CardTable, special: Special) -> String {
    let Some(decision) = Decision::of(special) else { return decision::unnamed(special).1 };
    let side = side_name(table, special.side).to_string();
    let card = special.card.map(|c| table.card_label(c)).unwrap_or_default();
    let discard_label = |n: u8| -> String {
        let pile = &table.decks[0].discard;
        let i = usize::from(n);
        let from_top = pile.len().saturating_sub(i);
        match pile.get(i) {
            Some(d) if d.face_up => {
                format!("{} ({from_top} from the top of the discard pile)", table.card_label(d.card))
            }
            _ => format!("the face-down card {from_top} from the top of the discard pile"),
        }
    };
    // The slot the retrieving event card left, which the card taken back fills.
    let vacated = retrieve_slot(table, special.side).map_or("the played card's slot".into(), |s| format!("slot {s}"));
    match decision {
        Decision::GainMomentum => format!("{side}: gain 1 momentum"),
        Decision::LoseMomentum => format!("{side}: lose 1 momentum"),
        Decision::TriggerEventEligible => format!(
            "!!: {} shows {side}'s candidate icon: spend 1 momentum, play its event, then put it at the bottom of \
             the discard pile",
            discard_label(special.n)
        ),
        Decision::TriggerEventNotEligible => {
            format!("!!: {} is not eligible for {side}: look further down", discard_label(special.n))
        }
        Decision::PreventEvent => format!("{side}: spend 2 momentum to discard {card} face-down once its CP are used"),
        Decision::CandidateCard => format!("{side}: play the Candidate card instead (it is then exhausted)"),
        Decision::CandidateCardReady => format!("{side}: the Candidate card is no longer exhausted"),
        Decision::NextGameTurn => format!(
            "begin game turn {} (once the board game's turn {} is over)",
            (game_turn(table) + 1).min(LAST_GAME_TURN),
            game_turn(table)
        ),
        Decision::CampaignStrategyBegin => {
            "begin the Campaign Strategy Phase (both sides), when the turn's action rounds are played".into()
        }
        Decision::CampaignStrategyPick => {
            format!("Campaign Strategy: {side} puts {card} on its Campaign Strategy stack")
        }
        Decision::CampaignStrategyRandom => {
            format!("Campaign Strategy: pick one of {side}'s face-up cards with the Random Card Selection Chart")
        }
        Decision::CampaignStrategyFaceDown => format!(
            "Campaign Strategy: pick one of {side}'s face-down cards with the chart's last row (roll 1-5 for slots \
             A-E)"
        ),
        Decision::CampaignStrategyEnd => "end the Campaign Strategy Phase".into(),
        Decision::DiscardAndRedraw => format!("{side}: discard {card} (left to right); it is replaced face-up"),
        Decision::DiscardAndRedrawDone => format!("{side}: stop discarding; the discarded cards are replaced face-up"),
        Decision::RetrieveFromDiscard => {
            format!("{side}: take {} into {vacated} (just vacated), face-up", discard_label(special.n))
        }
        Decision::RetrieveNothing => format!("{side}: take nothing back; {vacated} is refilled face-down"),
        Decision::PoliticalCapitalDiscard => format!("Political Capital: Nixon discards {card} (refilled face-down)"),
        Decision::EventEffectDone => "the event is resolved".into(),
        Decision::NameEventEffect => {
            format!("the event just played was {}: apply its table effect", effect_name(i32::from(special.n)))
        }
        Decision::MomentumPhase => {
            "Momentum Phase: work out the issue shift, when the board game's turn reaches it".into()
        }
        Decision::MediaSupportLeader => match special.n {
            1 => "Kennedy has the most media support cubes".into(),
            2 => "Nixon has the most media support cubes".into(),
            _ => "media support cubes are tied".into(),
        },
        Decision::IssueLeader => format!(
            "{} is led by {}",
            issue_name(usize::from(special.side)),
            ["", "Kennedy", "Nixon", "nobody"][usize::from(special.n.min(3))]
        ),
        Decision::MomentumPhaseEnd => "end the Momentum Phase issue shift".into(),
        Decision::FirstActionRound => format!("initiative: {side} takes the first action round of this game turn"),
        Decision::DebatesBegin => {
            "begin the Debates: shuffle each Campaign Strategy stack into a row of face-up Debate Cards over slots A-E"
                .into()
        }
        Decision::DebateRoll => debates::roll_offer_label(table),
        Decision::DebateKeepRoll => {
            format!("Kennedy plays the rolled Debate Card, {} (Lazy Shave stays unused)", debates::rolled_label(table))
        }
        Decision::LazyShavePick => format!("Lazy Shave: Kennedy plays {card} instead of the rolled Debate Card"),
        Decision::LazyShaveInPlay => {
            "Lazy Shave was played: Kennedy may once pick his Debate Card instead of rolling".into()
        }
        Decision::RemoveDebateCard => {
            format!("an issue was won: remove {side}'s Debate Card {card} (it shows that issue's debate icon)")
        }
        Decision::DebateOver => {
            "the debate is over: shuffle every Debate Card, played or not, and discard them face-up".into()
        }
        Decision::ElectionDayBox => {
            format!("{side}: {card} is an Election Day event: keep it in the Election Day box until turn 9")
        }
        Decision::ElectionDayDraw => format!(
            "Election Day: draw the next Election Day event at random ({} in the box)",
            debates::election_box_count(table)
        ),
        // Random picks the table runs itself: never offered, so they kept the generic label.
        Decision::DebateDeal | Decision::DebateDiscard => decision::unnamed(special).1,
    }
}

/// The rules that apply at this moment, in words (the Debates and Election Day first).
pub(super) fn reminders(table: &CardTable) -> Vec<String> {
    let mut notes = Vec::new();
    let active = table.active();
    let name = side_name(table, active).to_string();
    if debates::reminders(table, &mut notes) {
        return notes;
    }
    if let Some((side, index)) = bang(table) {
        let who = side_name(table, side);
        let card = table.decks[0].discard.get(index).map(|d| table.card_label(d.card)).unwrap_or_default();
        notes.push(format!(
            "!!: {who} holds momentum, so it must spend 1 on the topmost eligible event of the discard pile before \
             any card is played. Is {card} eligible? It must show {who}'s candidate icon, and debate cards no \
             longer count once the debates are over. Face-down discards are out of reach."
        ));
        return notes;
    }
    if let Some((side, code)) = effect(table) {
        let who = side_name(table, side);
        notes.push(match code {
            REDRAW => format!(
                "Discard and redraw: {who} may discard face-up cards of its display, working left to right; each \
                 is replaced with a face-up card from the deck."
            ),
            RETRIEVE_EFFECT => format!(
                "Retrieve from the discards: {who} may take any card of the discard pile, face-up or face-down; it \
                 fills {}, which the event card just left, face-up. The other discards keep their facing.",
                retrieve_slot(table, side).map_or("the played card's slot".into(), |s| format!("slot {s}"))
            ),
            CAPITAL => "Political Capital: Nixon's display is all face-up now; discard up to two of its cards, each \
                        replaced face-down."
                .into(),
            _ => String::new(),
        });
        return notes;
    }
    if table.marker(STRATEGY, KENNEDY) == 1 {
        notes.push(
            "Campaign Strategy Phase: each side puts one or two face-up cards on its Campaign Strategy stack (choose, \
             or use the Random Card Selection Chart when more are face-up than you place). With too few face-up, \
             take those, then pick among the face-down ones with the chart's last row. Gathering Momentum (#14-17) \
             never goes on the stack: a randomly revealed one is turned back face-down and you roll again. Emptied \
             slots are refilled face-down."
                .into(),
        );
        return notes;
    }
    if table.marker(MOMENTUM_AID, KENNEDY) == 1 {
        notes.push(momentum_advice(table));
        return notes;
    }
    if let Some(card) = id_of(table.marker(BANG_PLAYED, active)) {
        notes.push(format!(
            "!!: {name} spent 1 momentum to play the event of {}; it now lies at the bottom of the discard pile.",
            table.card_label(card)
        ));
    }
    if table.marker(BANG_WITHOUT_MOMENTUM, active) == 1 && matches!(table.phase, Phase::Choose { played: 0, .. }) {
        notes.push(format!("!!: {name} has no momentum, so no event is triggered."));
    }
    if let Phase::Choose { face, played: 0, .. } = table.phase
        && face != 0
        && table.marker(CANDIDATE_EXHAUSTED, active) == 0
    {
        notes.push(format!(
            "{name}'s Candidate card may be played instead of the cards this roll allows (it is then exhausted)."
        ));
    }
    if matches!(table.phase, Phase::Choose { played: 1.., .. })
        && id_of(table.marker(CP_PLAYED, active)).is_some()
        && momentum(table, active) >= 2
    {
        notes.push(format!(
            "{name} may spend 2 momentum to discard the card it played for CP face-down, so that no `!!` can \
             trigger its event."
        ));
    }
    if let Some(card) = id_of(table.marker(EVENT_PLAYED, active))
        && !possible_effects(table, card).is_empty()
    {
        notes.push(
            "Without a manifest naming it, the table cannot tell which event this was: if it discards and redraws, \
             retrieves from the discards, is Political Capital or Kennedy's Peace Corps, choose its effect."
                .into(),
        );
    }
    if table.marker(PEACE_CORPS, KENNEDY) == 1 {
        notes.push(
            "Kennedy's Peace Corps is in play: every card Kennedy plays goes to the discards face-down until the end \
             of the game turn."
                .into(),
        );
    }
    if table.decks[0].len() <= 2 {
        notes.push(
            "The deck is nearly empty: when it runs out, the face-down cards of both displays are discarded, the \
             discards become the new deck, and empty slots are filled face-down."
                .into(),
        );
    }
    if table.names.is_empty() && matches!(table.phase, Phase::Start) && table.turn == 1 {
        notes.push(
            "Without a deck manifest the table cannot recognise Gathering Momentum or the sheet's changed events; \
             after an event it offers their effects for you to choose."
                .into(),
        );
    }
    notes
}
