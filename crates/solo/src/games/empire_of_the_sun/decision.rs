//! The decisions Empire of the Sun adds to the common table, how the table carries them, and the id
//! and label a player reads for each.

use super::setup::OPEN_CHOICE;
use super::{EVENT, JAPAN, game_turn, hand_size_due, number, offensive_over, side_name, visible};
use crate::card::CardId;
use crate::games::{Special, SpecialRules};
use crate::slot::SlotName;
use crate::table::CardTable;
use crate::table_action::TableAction;

/// The decisions this sheet adds to the common table, each named after the playsheet paragraph
/// (or board-game step) it carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Decision {
    /// "Variable Hand Sizes": at phase 4.14 a side's Cards Remaining is set straight to its hand
    /// size of 4 to 7 (`n`), as the Max Hand Size marker is not used.
    HandSize = 1,
    /// "Offensive Segment Passing": one more pass available to a side, set by hand.
    PassesUp = 2,
    /// "Offensive Segment Passing": one pass fewer available to a side, set by hand.
    PassesDown = 3,
    /// "Offensive Segment Passing": after its roll, the active side spends a pass instead of playing
    /// a card, leaving Cards Remaining as it is.
    OffensiveSegmentPass = 4,
    /// Historical Variant (17.25.D): the Allies keep Arcadia Conference face-up on their deck.
    ArcadiaConference = 5,
    /// Historical Japanese Opening Hand (17.25.F): Col. Tsuji in A, Central Force in B, VADM Kondo on
    /// the deck, all face-up.
    JapaneseOpeningHand = 6,
    /// 1942 Scenario (17.25.E): VADM Kondo goes face-up on the Japanese deck.
    Kondo1942 = 7,
    /// South Pacific Scenario: Savo Island goes face-up on the Japanese deck.
    SouthPacific = 8,
    /// Plan Orange: Cards Remaining 1 for Japan and 2 for the Allies, who move first.
    PlanOrange = 9,
    /// Burma: `n` = [`OPEN_CHOICE`](super::setup::OPEN_CHOICE) opens the choice; otherwise the card
    /// (or an unseen one) becomes Japan's Future Offensive and Japan keeps 3 cards remaining.
    Burma = 10,
    /// "Designating Future Offensives": on a "C" roll, a Future Offensive played for its event or
    /// operations (`n`, the purpose) as the turn's only play.
    FutureOffensivePlay = 12,
    /// "Designating Future Offensives": a Future Offensive played in reaction by the inactive side.
    FutureOffensiveReaction = 13,
    /// "Designating Future Offensives": a Future Offensive played as an EC Offensive to win
    /// initiative (7.29.A).
    FutureOffensiveInitiative = 14,
    /// "Reaction Cards": the inactive side plays a face-up Reaction card for one card remaining.
    Reaction = 15,
    /// "Draw one strategy card" events: the event just played draws a card, so Cards Remaining
    /// goes back up by one.
    DrawOneStrategyCard = 16,
    /// "Mandatory Cards": a face-up card whose conditions are met is declared Mandatory.
    DeclareMandatory = 17,
    /// "Mandatory Cards": with one card remaining, the Mandatory card is played without a roll, for
    /// its event or operations (`n`, the purpose).
    MandatoryPlay = 18,
    /// "Mandatory Cards": a discard that remembers the reshuffle Tojo Resigns or Soviets Invade
    /// Manchuria forces.
    Discard = 19,
    /// "Mandatory Cards", Operation Sandcrab-Cottage: discarded instead of played for its event,
    /// still counting as a play.
    SandcrabCottage = 20,
    /// "Mandatory Cards": the end-of-turn Reshuffle Tojo Resigns or Soviets Invade Manchuria
    /// forced.
    MandatoryReshuffle = 21,
    /// "Card Exceptions" bonus: the display card (or, with none face-up, the face-down place `n`)
    /// a swap with the discards gives away.
    SwapOut = 22,
    /// "Card Exceptions" bonus: the discard a swap takes in place of the card given away.
    SwapIn = 23,
    /// "Card Exceptions", 20th Bomber Command, Curtis LeMay and Halsey: their event (or Halsey's
    /// bonus) costs Japan a card remaining.
    JapanLosesCard = 24,
    /// The board game's next game turn: the Game Turn marker moves on one space and each side's hand
    /// size for the new turn is asked (phase 4.14). The next step once both sides have played their
    /// cards; a tool before that.
    NewGameTurn = 25,
    /// The Game Turn marker set back one space by hand (a scenario that starts on another turn).
    GameTurnBack = 26,
}

impl Decision {
    /// The decision a special action carries (`None` for another game's decision).
    pub(crate) fn of(special: Special) -> Option<Self> {
        match special.decision {
            crate::games::Decision::EmpireOfTheSun(d) => Some(d),
            _ => None,
        }
    }

    /// The value the [`SCENARIO_MADE`](super::setup::SCENARIO_MADE) marker keeps for a scenario: the
    /// code of its first step, as saved tables hold it.
    pub(super) fn scenario_marker(self) -> i32 {
        i32::from(self as u8)
    }

    /// Whether this is one of the scenario setup steps offered at the start of the game.
    pub(super) fn is_scenario_step(self) -> bool {
        matches!(
            self,
            Decision::ArcadiaConference
                | Decision::JapaneseOpeningHand
                | Decision::Kondo1942
                | Decision::SouthPacific
                | Decision::PlanOrange
                | Decision::Burma
        )
    }
}

/// The action for one of this game's decisions, as the common table carries it.
pub(super) fn special(decision: Decision, side: u8, card: Option<CardId>, n: u8) -> TableAction {
    TableAction::Special(Special { decision: crate::games::Decision::EmpireOfTheSun(decision), side, card, n })
}

/// The stable id of one of this game's decisions.
pub(super) fn id(sp: Special) -> String {
    let card = sp.card.map_or(0, |c| c.0);
    let side = if sp.side == JAPAN { "japan" } else { "allies" };
    // A code this game does not use is named as the common table names any special action.
    let Some(decision) = Decision::of(sp) else { return crate::games::CommonOnly.id(sp) };
    match decision {
        Decision::HandSize => format!("eots-hand-size-{side}-{}", sp.n),
        Decision::PassesUp => format!("eots-passes-{side}-up"),
        Decision::PassesDown => format!("eots-passes-{side}-down"),
        Decision::OffensiveSegmentPass => "eots-pass".into(),
        Decision::ArcadiaConference => "eots-historical-arcadia-conference".into(),
        Decision::JapaneseOpeningHand => "eots-historical-japanese-opening".into(),
        Decision::Kondo1942 => "eots-1942-kondo-on-deck".into(),
        Decision::SouthPacific => "eots-south-pacific-savo-on-deck".into(),
        Decision::PlanOrange => "eots-plan-orange".into(),
        Decision::Burma if sp.n == OPEN_CHOICE => "eots-burma".into(),
        Decision::Burma if sp.card.is_some() => format!("eots-burma-fo-{card}"),
        Decision::Burma => "eots-burma-fo-unseen".into(),
        Decision::FutureOffensivePlay => format!("eots-fo-play-{card}-{}", purpose_word(sp.n)),
        Decision::FutureOffensiveReaction => format!("eots-fo-reaction-{card}"),
        Decision::FutureOffensiveInitiative => format!("eots-fo-initiative-{card}"),
        Decision::Reaction => format!("eots-reaction-{card}"),
        Decision::DrawOneStrategyCard => format!("eots-draw-one-card-{side}"),
        Decision::DeclareMandatory => format!("eots-mandatory-{card}"),
        Decision::MandatoryPlay => format!("eots-mandatory-play-{card}-{}", purpose_word(sp.n)),
        Decision::Discard => format!("eots-discard-{card}"),
        Decision::SandcrabCottage => format!("eots-sandcrab-discard-{card}"),
        Decision::MandatoryReshuffle => format!("eots-mandatory-reshuffle-{side}"),
        Decision::SwapOut if sp.card.is_some() => format!("eots-swap-out-{card}"),
        Decision::SwapOut => {
            let slot = SlotName::ALL.get(usize::from(sp.n / 16)).map_or('?', |s| s.letter());
            format!("eots-swap-out-face-down-{slot}-{}", sp.n % 16)
        }
        Decision::SwapIn => format!("eots-swap-in-{card}"),
        Decision::JapanLosesCard => "eots-japan-loses-a-card".into(),
        Decision::NewGameTurn => "eots-new-game-turn".into(),
        Decision::GameTurnBack => "eots-game-turn-back".into(),
    }
}

/// A label a player understands for one of this game's decisions.
pub(super) fn label(table: &CardTable, sp: Special) -> String {
    let side = side_name(table, sp.side).to_string();
    let card = sp.card.map(|c| table.card_label(c)).unwrap_or_default();
    let Some(decision) = Decision::of(sp) else { return crate::games::CommonOnly.label(table, sp) };
    match decision {
        Decision::HandSize if hand_size_due(table, sp.side) => {
            format!("{side}'s hand size for game turn {}: {} cards (Cards Remaining {})", game_turn(table), sp.n, sp.n)
        }
        Decision::HandSize => format!("{side}: Cards Remaining {} (this game turn's hand size)", sp.n),
        Decision::PassesUp => format!("{side}: one more pass available this Offensive Segment"),
        Decision::PassesDown => format!("{side}: one pass fewer available"),
        Decision::OffensiveSegmentPass => {
            format!("{side}: use a pass marker instead of playing a card (Cards Remaining unchanged)")
        }
        Decision::ArcadiaConference => {
            "Historical Variant: the Allies keep Arcadia Conference: put it face-up on their deck".into()
        }
        Decision::JapaneseOpeningHand => {
            "Historical Japanese opening hand: Col. Tsuji face-up in A, Central Force face-up in B, \
             VADM Kondo face-up on the deck"
                .into()
        }
        Decision::Kondo1942 => "1942 scenario: put VADM Kondo face-up on the Japanese deck".into(),
        Decision::SouthPacific => "South Pacific: put Japanese Counterattack at Savo Island face-up on the deck".into(),
        Decision::PlanOrange => "Plan Orange: Japan's Cards Remaining 1, the Allies' 2, and the Allies go first".into(),
        Decision::Burma if sp.n == OPEN_CHOICE => {
            "Burma scenario: choose Japan's Future Offensive among its Burma events (#3, 8, 16, 40, 48, 50)".into()
        }
        Decision::Burma if sp.card.is_some() => {
            // A card out of sight is named by its number only, like any unseen card.
            let what = match sp.card {
                Some(c) if !visible(table, JAPAN).contains(&c) => {
                    format!("event #{} from the deck", number(table, c).unwrap_or(0))
                }
                _ => card,
            };
            format!("Burma: {what} becomes Japan's Future Offensive; Japan's Cards Remaining 3")
        }
        Decision::Burma => "Burma: take the Japanese Future Offensive of your choice (event #3, 8, 16, 40, 48 or 50) \
                  from the deck; Japan's Cards Remaining 3"
            .into(),
        Decision::FutureOffensivePlay => {
            format!("{side}: play the Future Offensive {card} for {} (its only play this turn)", {
                if sp.n == EVENT { "its event (EC)" } else { "operations (OC)" }
            })
        }
        Decision::FutureOffensiveReaction => {
            format!("{side}: play the Future Offensive {card} in reaction (no card remaining spent)")
        }
        Decision::FutureOffensiveInitiative => {
            format!("{side}: play the Future Offensive {card} as an EC Offensive to win initiative")
        }
        Decision::Reaction => format!("{side}: play {card} as a Reaction card (one card remaining)"),
        Decision::DrawOneStrategyCard => format!(
            "{side}: the event just played said \"draw one strategy card\": Cards Remaining +1 \
             (no card spent from the display; one gained from a Future Offensive)"
        ),
        Decision::DeclareMandatory => {
            format!("{side}: the conditions of {card} are met: it is now a Mandatory card")
        }
        Decision::MandatoryPlay => format!("{side}: with one card remaining, play the Mandatory {card} for {}", {
            if sp.n == EVENT { "its event" } else { "operations" }
        }),
        Decision::Discard => format!("{side}: discard {card}"),
        Decision::SandcrabCottage => {
            format!("{side}: discard {card} instead of playing its event (it counts as a play)")
        }
        Decision::MandatoryReshuffle => format!(
            "{side}: end-of-turn reshuffle: face-down cards and discards into the deck, a face-up top card kept on top"
        ),
        Decision::SwapOut if sp.card.is_some() => format!("{side}: swap {card} for a card of the discard pile"),
        Decision::SwapOut => {
            let slot = SlotName::ALL.get(usize::from(sp.n / 16)).map_or('?', |s| s.letter());
            format!("{side}: no card is face-up: turn the face-down card in slot {slot} and swap it")
        }
        Decision::SwapIn => format!("{side}: take {card} from the discard pile in its place"),
        Decision::JapanLosesCard => {
            format!("the event of {card} (or Halsey's bonus) happened: Japan's Cards Remaining -1")
        }
        Decision::NewGameTurn if offensive_over(table) => format!(
            "both sides have played their cards: begin game turn {} (each side's hand size is set at phase 4.14)",
            game_turn(table) + 1
        ),
        Decision::NewGameTurn => format!(
            "begin game turn {} (when the Offensive Phase ends before both sides have played their cards)",
            game_turn(table) + 1
        ),
        Decision::GameTurnBack => format!(
            "the Game Turn marker is on {}, not {} (a scenario starting on another turn)",
            game_turn(table) - 1,
            game_turn(table)
        ),
    }
}

fn purpose_word(n: u8) -> &'static str {
    if n == EVENT { "event" } else { "operations" }
}
