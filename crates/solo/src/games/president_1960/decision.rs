//! The decisions 1960's sheet adds to the common table, as one typed list. The numbers are the
//! codes saves and logs already hold, so they never change; everything else in the game reads a
//! special action through [`Decision::of`] and builds one through [`special`].

use crate::card::CardId;
use crate::games::Special;
use crate::table_action::TableAction;

/// The decisions this sheet adds to the common table, each named after the playsheet paragraph
/// (or board-game step) it carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Decision {
    /// "Momentum Markers": the board game awarded a side one momentum (a marker moved by hand).
    GainMomentum = 1,
    /// "Momentum Markers": a side spent or lost one momentum on the board (a marker moved by hand).
    LoseMomentum = 2,
    /// "Spending 1 Momentum to Trigger an Event": the discard the `!!` check stands on shows the
    /// side's candidate icon, so its event is played and it goes under the discard pile.
    TriggerEventEligible = 3,
    /// "Spending 1 Momentum to Trigger an Event": the discard being checked is not eligible; the
    /// check moves down the pile.
    TriggerEventNotEligible = 4,
    /// "Spending 2 Momentum to Preemptively Prevent an Event": the card just played for its CP is
    /// discarded face-down.
    PreventEvent = 5,
    /// "Candidate Card": played instead of what the Fate Die allows, which exhausts it.
    CandidateCard = 6,
    /// "Candidate Card": the board game refreshed an exhausted Candidate card.
    CandidateCardReady = 7,
    /// The game-turn track moves on (Peace Corps ends with the game turn).
    NextGameTurn = 8,
    /// "Campaign Strategy Phase" begins for both sides.
    CampaignStrategyBegin = 9,
    /// "Campaign Strategy Phase": the player puts a chosen face-up card on the side's stack.
    CampaignStrategyPick = 10,
    /// "Campaign Strategy Phase": a face-up card is picked with the Random Card Selection Chart.
    CampaignStrategyRandom = 11,
    /// "Campaign Strategy Phase": too few face-up cards, so a face-down one is picked with the
    /// chart's last row.
    CampaignStrategyFaceDown = 12,
    /// "Campaign Strategy Phase" ends.
    CampaignStrategyEnd = 13,
    /// "Discard and Redraw Cards": one face-up display card is discarded, working left to right.
    DiscardAndRedraw = 14,
    /// "Discard and Redraw Cards": the side stops discarding; the gaps are refilled face-up.
    DiscardAndRedrawDone = 15,
    /// "Retrieve From the Discard Cards": a discard fills the played card's slot face-up.
    RetrieveFromDiscard = 16,
    /// "Retrieve From the Discard Cards": nothing is taken; the slot is refilled face-down.
    RetrieveNothing = 17,
    /// Political Capital (#91): Nixon discards one of his cards, refilled face-down.
    PoliticalCapitalDiscard = 18,
    /// The event's effect on the displays is finished.
    EventEffectDone = 19,
    /// An unnamed card was played for its event: the player says which of the sheet's table
    /// effects it has.
    NameEventEffect = 20,
    /// "Momentum Phase - Issue Shift": the decision aid opens.
    MomentumPhase = 21,
    /// "Momentum Phase - Issue Shift": who has the most media support cubes.
    MediaSupportLeader = 22,
    /// "Momentum Phase - Issue Shift": who leads one issue (the issue travels as the side).
    IssueLeader = 23,
    /// "Momentum Phase - Issue Shift": the decision aid closes.
    MomentumPhaseEnd = 24,
    /// "The Debates - Turn 6": the Campaign Strategy stacks become rows of Debate Cards.
    DebatesBegin = 25,
    /// "The Debates - Turn 6": the random pick that shuffles a stack into its Debate Card row.
    DebateDeal = 26,
    /// "The Debates - Turn 6", the Debate! step: roll the chart and play that slot's Debate Cards.
    DebateRoll = 27,
    /// "Lazy Shave" (#34): Kennedy plays the rolled Debate Card after all.
    DebateKeepRoll = 28,
    /// "Lazy Shave" (#34): Kennedy plays a Debate Card of his choice instead of the rolled one.
    LazyShavePick = 29,
    /// "Lazy Shave" (#34) was played for its event earlier: Kennedy's choice is open.
    LazyShaveInPlay = 30,
    /// "The Debates - Turn 6": an issue was won, so a Debate Card showing its icon is removed.
    RemoveDebateCard = 31,
    /// "The Debates - Turn 6": the debate is over.
    DebateOver = 32,
    /// "The Debates - Turn 6": the random pick that shuffles the played Debate Cards into the
    /// discards face-up.
    DebateDiscard = 33,
    /// "Election Day - Turn 9": an Election Day event just played waits in the Election Day box.
    ElectionDayBox = 34,
    /// "Election Day - Turn 9": the next Election Day event is drawn at random.
    ElectionDayDraw = 35,
    /// Initiative: the winner hands the game turn's first action round to a side.
    FirstActionRound = 37,
}

impl Decision {
    #[cfg(test)]
    const ALL: [Decision; 36] = [
        Decision::GainMomentum,
        Decision::LoseMomentum,
        Decision::TriggerEventEligible,
        Decision::TriggerEventNotEligible,
        Decision::PreventEvent,
        Decision::CandidateCard,
        Decision::CandidateCardReady,
        Decision::NextGameTurn,
        Decision::CampaignStrategyBegin,
        Decision::CampaignStrategyPick,
        Decision::CampaignStrategyRandom,
        Decision::CampaignStrategyFaceDown,
        Decision::CampaignStrategyEnd,
        Decision::DiscardAndRedraw,
        Decision::DiscardAndRedrawDone,
        Decision::RetrieveFromDiscard,
        Decision::RetrieveNothing,
        Decision::PoliticalCapitalDiscard,
        Decision::EventEffectDone,
        Decision::NameEventEffect,
        Decision::MomentumPhase,
        Decision::MediaSupportLeader,
        Decision::IssueLeader,
        Decision::MomentumPhaseEnd,
        Decision::DebatesBegin,
        Decision::DebateDeal,
        Decision::DebateRoll,
        Decision::DebateKeepRoll,
        Decision::LazyShavePick,
        Decision::LazyShaveInPlay,
        Decision::RemoveDebateCard,
        Decision::DebateOver,
        Decision::DebateDiscard,
        Decision::ElectionDayBox,
        Decision::ElectionDayDraw,
        Decision::FirstActionRound,
    ];

    /// The decision a special action carries (`None` for another game's decision).
    pub(crate) fn of(special: Special) -> Option<Self> {
        match special.decision {
            crate::games::Decision::President1960(d) => Some(d),
            _ => None,
        }
    }

    /// Whether a table action is this decision.
    pub(crate) fn is(self, action: &TableAction) -> bool {
        matches!(action, TableAction::Special(s) if Self::of(*s) == Some(self))
    }
}

/// A decision of this game as the common table carries it.
pub(super) fn special(d: Decision, side: u8, card: Option<CardId>, n: u8) -> TableAction {
    TableAction::Special(sp(d, side, card, n))
}

/// A decision of this game as its rules hand it to the table for a roll or a random pick.
pub(super) fn sp(d: Decision, side: u8, card: Option<CardId>, n: u8) -> Special {
    Special { decision: crate::games::Decision::President1960(d), side, card, n }
}

/// The generic id and label, for the random picks the table runs itself, which are never offered
/// (kept as they were before the decisions had names).
pub(super) fn unnamed(special: Special) -> (String, String) {
    let card = special.card.map_or(0, |c| c.0);
    (
        format!("special-{}-{}-{card}-{}", special.decision.code(), special.side, special.n),
        format!("special action {}", special.decision.code()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_decision_reads_back_from_the_action_it_builds() {
        for d in Decision::ALL {
            let TableAction::Special(s) = special(d, 1, Some(CardId(7)), 2) else { panic!("not a special action") };
            assert_eq!(Decision::of(s), Some(d));
            assert!(d.is(&TableAction::Special(s)));
        }
        let mut codes: Vec<u8> = Decision::ALL.into_iter().map(|d| sp(d, 0, None, 0).decision.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Decision::ALL.len(), "two decisions share a code");
    }

    #[test]
    fn decision_codes_stay_those_of_older_saves() {
        // Saves and logs hold the bare codes: the first, the debates' range and the last are pinned.
        assert_eq!(sp(Decision::GainMomentum, 0, None, 0).decision.code(), 1);
        assert_eq!(sp(Decision::MomentumPhaseEnd, 0, None, 0).decision.code(), 24);
        assert_eq!(sp(Decision::DebatesBegin, 0, None, 0).decision.code(), 25);
        assert_eq!(sp(Decision::ElectionDayDraw, 0, None, 0).decision.code(), 35);
        assert_eq!(sp(Decision::FirstActionRound, 0, None, 0).decision.code(), 37);
    }
}
