//! 1960: The Making of the President's special rules, each driven through the protocol with manual
//! chance (draws take the lowest-numbered card unless a test names another) and checked on the
//! observation.
//!
//! With the sheet-cards manifest the shared deck is #14-#17 Gathering Momentum (cards 1-4), #27 (5),
//! #29 (6), #34 Lazy Shave (7), #53 (8), #57 (9), #58 (10), #66 (11), #81 Peace Corps (12), #91
//! Political Capital (13), #94 (14), then anonymous cards. The deal gives Kennedy A1 B2 C3 D4 E5
//! and Nixon A6 B7 C8 D9 E10 (A and B face-up); the deck holds 11-60.

#![allow(clippy::unwrap_used)]

mod common;

use common::{
    apply as apply_only, apply_and_draw as apply, draw_lowest, ids, legal, offers, reminders, sheet_cards_manifest,
    view,
};
use protocol::Protocol;
use serde_json::{Value, json};

fn label(p: &mut Protocol, id: &str) -> String {
    legal(p).into_iter().find(|(x, _)| x == id).map(|(_, l)| l).unwrap_or_else(|| panic!("{id} not offered"))
}

fn start(options: Value) -> Protocol {
    common::start("1960", options)
}

fn with_manifest() -> Protocol {
    start(json!({"manifest": sheet_cards_manifest("1960")}))
}

/// Kennedy plays card 1 (slot A) for CP, Nixon card 6 (slot A) for CP: the discards are [1, 6].
fn two_cp_plays(p: &mut Protocol) {
    apply(p, "roll");
    apply(p, "fate-4");
    apply(p, "play-1-campaign-points");
    apply(p, "end-turn");
    apply(p, "roll");
    apply(p, "fate-4");
    apply(p, "play-6-campaign-points");
    apply(p, "end-turn");
}

#[test]
fn momentum_markers_move_for_either_side() {
    let mut p = with_manifest();
    assert_eq!(view(&mut p)["markers"]["momentum"], json!([0, 0]));
    assert!(!offers(&mut p, "1960-momentum-down-kennedy"));
    apply(&mut p, "1960-momentum-up-kennedy");
    apply(&mut p, "1960-momentum-up-nixon");
    apply(&mut p, "1960-momentum-up-nixon");
    apply(&mut p, "1960-momentum-down-nixon");
    assert_eq!(view(&mut p)["markers"]["momentum"], json!([1, 1]));
}

#[test]
fn bang_spends_momentum_on_the_topmost_eligible_discard_and_moves_it_to_the_bottom() {
    let mut p = with_manifest();
    two_cp_plays(&mut p);
    apply(&mut p, "1960-momentum-up-kennedy");
    apply(&mut p, "roll");
    apply(&mut p, "fate-1");
    // Before any card is played, the topmost discard (card 6) is put to the player.
    let legal = ids(&mut p);
    assert_eq!(legal, vec!["1960-momentum-event-1".to_string(), "1960-not-eligible-1".to_string()]);
    assert!(reminders(&mut p).contains("candidate icon"));
    assert!(label(&mut p, "1960-momentum-event-1").contains("#29"));
    apply(&mut p, "1960-momentum-event-1");
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([6, 1]), "the triggered card goes to the bottom");
    assert_eq!(v["markers"]["momentum"], json!([0, 0]));
    assert!(!reminders(&mut p).contains("has no momentum"), "it had one when it rolled");
    // The roll goes on: the Candidate card is still an option, whatever `!!` did.
    assert!(offers(&mut p, "1960-candidate-card-kennedy"));
}

#[test]
fn the_view_shows_the_markers_a_player_reads_and_hides_unset_ones() {
    let mut p = with_manifest();
    let seen = view(&mut p);
    assert_eq!(
        seen["shown_markers"],
        json!([{"name": "momentum", "values": [0, 0]}]),
        "the Candidate card is not exhausted and Peace Corps is not in play"
    );
    // The game turn is in the turn's words, counted as the board game counts it.
    assert_eq!(seen["turn_words"], json!("Game turn 1 of 9, Kennedy to act"));
    apply(&mut p, "1960-momentum-phase");
    apply(&mut p, "1960-media-nixon");
    apply(&mut p, "1960-issue-1-kennedy");
    let r = reminders(&mut p);
    assert!(r.contains("So far: media Nixon; left issue Kennedy, middle issue not given yet"), "{r}");
}

#[test]
fn bang_looks_further_down_and_does_nothing_without_an_eligible_card_or_momentum() {
    let mut p = with_manifest();
    two_cp_plays(&mut p);
    apply(&mut p, "roll");
    apply(&mut p, "fate-1");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("1960-momentum-event")), "no momentum, no `!!`");
    assert!(reminders(&mut p).contains("no momentum"));
    apply(&mut p, "1960-candidate-card-kennedy");
    apply(&mut p, "end-turn");
    apply(&mut p, "1960-momentum-up-nixon");
    apply(&mut p, "roll");
    apply(&mut p, "fate-1");
    apply(&mut p, "1960-not-eligible-1");
    assert!(offers(&mut p, "1960-momentum-event-0"), "then card 1, further down");
    apply(&mut p, "1960-not-eligible-0");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("1960-momentum-event")));
    let v = view(&mut p);
    assert_eq!(v["markers"]["momentum"], json!([0, 1]), "nothing eligible: no momentum spent");
    assert_eq!(v["decks"][0]["discard"], json!([1, 6]));
}

#[test]
fn two_momentum_discard_a_cp_card_face_down_out_of_reach_of_bang() {
    let mut p = with_manifest();
    apply(&mut p, "1960-momentum-up-kennedy");
    apply(&mut p, "1960-momentum-up-kennedy");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!offers(&mut p, "1960-discard-face-down-1"), "only after a CP play");
    apply(&mut p, "play-1-campaign-points");
    assert!(reminders(&mut p).contains("2 momentum"));
    apply(&mut p, "1960-discard-face-down-1");
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([null]), "hidden in the view");
    assert_eq!(v["markers"]["momentum"], json!([0, 0]));
    apply(&mut p, "end-turn");
    // Nixon's `!!` finds no face-up card to trigger.
    apply(&mut p, "1960-momentum-up-nixon");
    apply(&mut p, "roll");
    apply(&mut p, "fate-1");
    assert!(!ids(&mut p).iter().any(|id| id.starts_with("1960-momentum-event")));
}

#[test]
fn candidate_card_is_an_extra_option_until_exhausted() {
    let mut p = with_manifest();
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    assert!(offers(&mut p, "1960-candidate-card-kennedy"));
    assert!(reminders(&mut p).contains("Candidate card"));
    apply(&mut p, "1960-candidate-card-kennedy");
    assert!(offers(&mut p, "end-turn"), "it was the play of this roll");
    assert_eq!(view(&mut p)["markers"]["candidate card exhausted"], json!([1, 0]));
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(offers(&mut p, "1960-candidate-card-nixon"));
    apply(&mut p, "1960-candidate-card-nixon");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    assert!(!offers(&mut p, "1960-candidate-card-kennedy"), "exhausted");
    apply(&mut p, "play-1-campaign-points");
    apply(&mut p, "end-turn");
    apply(&mut p, "1960-candidate-ready-kennedy");
    assert_eq!(view(&mut p)["markers"]["candidate card exhausted"], json!([0, 1]));
}

#[test]
fn campaign_strategy_phase_picks_face_up_cards_never_gathering_momentum() {
    let mut p = with_manifest();
    apply(&mut p, "1960-campaign-strategy");
    assert!(reminders(&mut p).contains("Campaign Strategy Phase"));
    let legal = ids(&mut p);
    // Kennedy's face-up cards are #14 and #15, Gathering Momentum: never eligible.
    assert!(!legal.iter().any(|id| id.starts_with("1960-strategy-kennedy-")), "{legal:?}");
    assert!(offers(&mut p, "1960-strategy-face-down-kennedy"), "too few face-up: the face-down ones");
    // Nixon's face-up cards are 6 and 7: chosen, or by the Random Card Selection Chart.
    assert!(offers(&mut p, "1960-strategy-random-nixon"));
    apply(&mut p, "1960-strategy-nixon-7");
    let v = view(&mut p);
    assert_eq!(v["held"], json!([{"card": 7, "side": 1, "place": "Campaign Strategy stack"}]));
    assert_eq!(v["sides"][1]["slots"]["B"], json!([null]), "refilled face-down");
    assert!(!offers(&mut p, "1960-strategy-random-nixon"), "one face-up card left: no roll needed");
    apply(&mut p, "1960-strategy-nixon-6");
    assert!(!ids(&mut p).iter().any(|id| id.contains("-nixon")), "two cards at most");
    apply(&mut p, "1960-strategy-face-down-kennedy");
    apply(&mut p, "fate-5");
    apply(&mut p, "1960-campaign-strategy-end");
    assert!(offers(&mut p, "roll"));
}

#[test]
fn campaign_strategy_random_picks_reroll_gathering_momentum() {
    let mut p = with_manifest();
    apply(&mut p, "1960-campaign-strategy");
    // Nixon: a Random Card Selection among A6 and B7; a 5 picks slot B.
    apply(&mut p, "1960-strategy-random-nixon");
    apply(&mut p, "d6-5");
    draw_lowest(&mut p);
    assert_eq!(view(&mut p)["held"][0]["card"], json!(7));
    // Kennedy: the last row over the face-down cards. A 1 names slot A (face-up): roll again; a 3
    // turns up #16 Gathering Momentum in C: turned back, roll again; a 5 takes card 5 from E.
    apply(&mut p, "1960-strategy-face-down-kennedy");
    apply(&mut p, "fate-1");
    apply(&mut p, "fate-3");
    assert_eq!(view(&mut p)["markers"]["gathering momentum turned back (slots)"], json!([4, 0]));
    apply(&mut p, "fate-6");
    apply(&mut p, "fate-5");
    let v = view(&mut p);
    assert_eq!(v["held"][1], json!({"card": 5, "side": 0, "place": "Campaign Strategy stack"}));
    assert_eq!(v["sides"][0]["slots"]["C"], json!([null]), "the Gathering Momentum card is face-down again");
    assert_eq!(v["sides"][0]["slots"]["E"], json!([null]), "slot E refilled face-down");
    assert_eq!(v["markers"]["campaign strategy picks"], json!([1, 1]));
}

#[test]
fn discard_and_redraw_events_discard_left_to_right_and_refill_face_up() {
    let mut p = with_manifest();
    apply(&mut p, "1960-first-round-nixon");
    // Nixon: #53 Campaign Headquarters (card 8) in slot C.
    apply(&mut p, "roll");
    apply(&mut p, "fate-3");
    apply(&mut p, "play-8-event");
    assert!(reminders(&mut p).contains("left to right"));
    assert!(offers(&mut p, "1960-redraw-6"));
    apply(&mut p, "1960-redraw-7");
    assert!(!offers(&mut p, "1960-redraw-6"), "slot A lies left of the card already discarded");
    apply(&mut p, "1960-redraw-done");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["slots"]["B"], json!([12]), "replaced face-up");
    assert_eq!(v["sides"][1]["slots"]["C"], json!([null]), "the played card's slot refills as usual");
    assert_eq!(v["decks"][0]["discard"], json!([8, 7]));
    assert!(offers(&mut p, "end-turn"));
}

#[test]
fn retrieve_events_take_a_face_up_or_face_down_discard_into_the_played_slot_face_up() {
    let mut p = with_manifest();
    apply(&mut p, "1960-momentum-up-kennedy");
    apply(&mut p, "1960-momentum-up-kennedy");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-campaign-points");
    apply(&mut p, "1960-discard-face-down-1");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-6-campaign-points");
    apply(&mut p, "end-turn");
    // Kennedy plays #27 Nelson Rockefeller (card 5, slot E) for its event.
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    apply(&mut p, "play-5-event");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["E"], json!([]), "the slot waits for the retrieved card");
    assert!(offers(&mut p, "1960-retrieve-1"));
    assert!(offers(&mut p, "1960-retrieve-none"));
    assert!(!offers(&mut p, "1960-retrieve-2"), "not the card just played");
    let hidden = label(&mut p, "1960-retrieve-0");
    assert!(hidden.contains("face-down") && !hidden.contains("card 1"), "{hidden}");
    apply(&mut p, "1960-retrieve-0");
    let v = view(&mut p);
    assert_eq!(v["sides"][0]["slots"]["E"], json!([1]), "face-up in the played card's slot");
    assert_eq!(v["decks"][0]["discard"], json!([6, 5]), "the others keep their facing");
}

#[test]
fn retrieve_can_be_declined_and_the_slot_refills_face_down() {
    let mut p = with_manifest();
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    apply(&mut p, "play-5-event");
    apply(&mut p, "1960-retrieve-none");
    assert_eq!(view(&mut p)["sides"][0]["slots"]["E"], json!([null]));
}

#[test]
fn peace_corps_hides_kennedys_plays_until_the_next_game_turn() {
    let mut p = with_manifest();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply_only(&mut p, "play-1-campaign-points");
    apply_only(&mut p, "draw-12");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "1960-candidate-card-nixon");
    apply(&mut p, "end-turn");
    // Kennedy turns #81 Peace Corps (card 12) up in slot A and plays it.
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-12-event");
    assert_eq!(view(&mut p)["markers"]["Peace Corps in play"], json!([1, 0]));
    assert!(reminders(&mut p).contains("Peace Corps"));
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-6-campaign-points");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-2-campaign-points");
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([1, 12, 6, null]), "Kennedy's card went face-down; Nixon's did not");
    apply(&mut p, "end-turn");
    apply(&mut p, "1960-next-game-turn");
    assert_eq!(view(&mut p)["markers"]["Peace Corps in play"], json!([0, 0]));
}

/// Nixon's turn with #91 Political Capital (card 13) face-up in slot A after a roll of 4.
fn political_capital_in_reach() -> Protocol {
    let mut p = with_manifest();
    apply(&mut p, "1960-first-round-nixon");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply_only(&mut p, "play-6-campaign-points");
    apply_only(&mut p, "draw-13");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "1960-candidate-card-kennedy");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    p
}

#[test]
fn political_capital_turns_nixons_display_up_and_discards_up_to_two() {
    let mut p = political_capital_in_reach();
    apply(&mut p, "play-13-event");
    let v = view(&mut p);
    for (slot, card) in [("B", 7), ("C", 8), ("D", 9), ("E", 10)] {
        assert_eq!(v["sides"][1]["slots"][slot], json!([card]), "{slot}");
    }
    assert!(reminders(&mut p).contains("Political Capital"));
    apply(&mut p, "1960-political-capital-discard-8");
    apply(&mut p, "1960-political-capital-discard-10");
    assert!(!offers(&mut p, "1960-political-capital-discard-9"), "two at most");
    apply(&mut p, "1960-effect-done");
    let v = view(&mut p);
    assert_eq!(v["sides"][1]["slots"]["C"], json!([null]));
    assert_eq!(v["sides"][1]["slots"]["E"], json!([null]));
    assert_eq!(v["decks"][0]["discard"], json!([6, 13, 8, 10]));
}

#[test]
fn exhausted_deck_discards_face_down_cards_of_both_displays_and_refills_face_down() {
    let mut p = start(json!({"deck_size": [11, 0]}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-campaign-points");
    apply(&mut p, "end-turn");
    assert_eq!(view(&mut p)["decks"][0]["cards"], json!(0));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-6-campaign-points");
    let v = view(&mut p);
    assert_eq!(v["decks"][0]["discard"], json!([]), "the discard pile became the deck");
    assert_eq!(v["sides"][0]["slots"]["B"], json!([2]), "face-up cards stay");
    assert_eq!(v["sides"][1]["slots"]["B"], json!([7]));
    for side in 0..2 {
        for slot in ["A", "C", "D", "E"] {
            assert_eq!(v["sides"][side]["slots"][slot], json!([null]), "side {side} slot {slot}");
        }
    }
    assert_eq!(v["decks"][0]["cards"], json!(1), "11 cards: 2 face-up, 8 face-down, 1 left over");
}

#[test]
fn momentum_phase_aid_says_which_issue_shifts() {
    let mut p = with_manifest();
    apply(&mut p, "1960-momentum-phase");
    assert!(reminders(&mut p).contains("say which side"));
    apply(&mut p, "1960-media-kennedy");
    apply(&mut p, "1960-issue-1-nixon");
    apply(&mut p, "1960-issue-2-kennedy");
    apply(&mut p, "1960-issue-3-kennedy");
    let r = reminders(&mut p);
    assert!(r.contains("Kennedy shifts the middle issue") && r.contains("left"), "{r}");
    assert_eq!(ids(&mut p), vec!["1960-momentum-phase-end"], "every question answered");
    let mut p = with_manifest();
    apply(&mut p, "1960-momentum-phase");
    apply(&mut p, "1960-media-kennedy");
    apply(&mut p, "1960-issue-1-kennedy");
    apply(&mut p, "1960-issue-2-nixon");
    apply(&mut p, "1960-issue-3-kennedy");
    let r = reminders(&mut p);
    assert!(r.contains("the middle issue, the opponent-led issue, one space right"), "{r}");
    apply(&mut p, "1960-momentum-phase-end");
    assert!(offers(&mut p, "roll"));
}

#[test]
fn momentum_phase_aid_asks_one_question_at_a_time() {
    let mut p = with_manifest();
    apply(&mut p, "1960-momentum-phase");
    let media = ["1960-media-kennedy", "1960-media-nixon", "1960-media-tied", "1960-momentum-phase-end"];
    assert_eq!(ids(&mut p), media, "media support first");
    apply(&mut p, "1960-media-nixon");
    assert_eq!(
        ids(&mut p),
        ["1960-issue-1-kennedy", "1960-issue-1-nixon", "1960-issue-1-nobody", "1960-momentum-phase-end"],
        "then the left issue"
    );
    apply(&mut p, "1960-issue-1-nobody");
    assert!(offers(&mut p, "1960-issue-2-nixon") && !offers(&mut p, "1960-issue-1-nixon"), "then the middle one");
}

#[test]
fn game_turns_run_to_election_day_and_stop_there() {
    let mut p = with_manifest();
    for _ in 0..5 {
        apply(&mut p, "1960-next-game-turn");
    }
    assert_eq!(view(&mut p)["markers"]["game turn"], json!([6, 6]));
    assert!(reminders(&mut p).contains("Debates"));
    for _ in 0..3 {
        apply(&mut p, "1960-next-game-turn");
    }
    assert!(reminders(&mut p).contains("Election Day"));
    assert!(!offers(&mut p, "1960-next-game-turn"), "turn 9 is the last");
}

#[test]
fn without_a_manifest_the_player_names_an_events_effect() {
    let mut p = start(json!({}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-6");
    apply(&mut p, "play-5-event");
    assert!(reminders(&mut p).contains("cannot tell which event"));
    // The retrieve effect: the slot already refilled face-down gives its card back to the deck.
    apply(&mut p, "1960-event-effect-2");
    assert_eq!(view(&mut p)["sides"][0]["slots"]["E"], json!([]));
    apply(&mut p, "1960-retrieve-none");
    assert_eq!(view(&mut p)["sides"][0]["slots"]["E"], json!([null]));
}

#[test]
fn the_conformance_kit_passes_with_the_shipped_manifest_and_small_decks() {
    use engine::conformance::{Plan, check_random_play};
    let shipped = solo::manifest("1960").unwrap().as_ref().clone();
    // The shipped deck lists all 97 cards; small decks (many reshuffles) take the sheet's cards only.
    let sheet_cards: solo::Manifest = serde_json::from_value(common::sheet_cards_manifest("1960")).unwrap();
    for (manifest, deck) in [(&shipped, None), (&sheet_cards, Some([14, 0])), (&sheet_cards, Some([20, 0]))] {
        let mut setup = solo::TableSetup::with_manifest(manifest.clone());
        setup.deck_size = deck;
        let plan = Plan { seeds: 0..16, step_cap: 800, observe_every: 1 };
        let report = check_random_play::<solo::CardTable>(&setup, &plan).unwrap_or_else(|e| panic!("{deck:?}: {e}"));
        assert!(report.resamples_that_changed > 0);
    }
}

#[test]
fn random_play_never_names_a_hidden_card() {
    use engine::{ChanceMode, Game, Session};
    let manifest = solo::manifest("1960").unwrap().as_ref().clone();
    for seed in 0..8u64 {
        let setup = solo::TableSetup::with_manifest(manifest.clone());
        let mut session = Session::<solo::CardTable>::new(setup, seed, ChanceMode::Auto).unwrap();
        for step in 0..600u64 {
            let state = session.state();
            let mut hidden: Vec<solo::CardId> = Vec::new();
            for side in 0..2 {
                hidden.extend(state.display(side).cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card));
            }
            hidden.extend(state.deck_of(0).pool.iter().copied());
            hidden.extend(state.deck_of(0).discard.iter().filter(|d| !d.face_up).map(|d| d.card));
            let view = serde_json::to_value(state.observe(0)).unwrap();
            let labels: Vec<String> = state.legal().iter().map(|a| state.action_label(a)).collect();
            let text = view.to_string();
            for card in hidden {
                if let Some(name) = state.card_name(card) {
                    let visible_copy = view["cards"]
                        .as_object()
                        .is_some_and(|m| m.values().any(|c| c["name"].as_str() == Some(name.name.as_str())));
                    if !visible_copy {
                        let quoted = format!("\"name\":\"{}\"", name.name);
                        assert!(!text.contains(&quoted), "seed {seed} step {step}: {name} is hidden but in the view");
                        let shown = name.to_string();
                        assert!(
                            !labels.iter().any(|l| l.contains(&shown)),
                            "seed {seed} step {step}: {shown} is hidden but named in a label"
                        );
                    }
                }
            }
            let actions = state.legal();
            let pick = usize::try_from((seed * 7919 + step * 104_729) % actions.len() as u64).unwrap();
            let action = actions[pick].clone();
            session.apply(&action).unwrap();
        }
    }
}

/// A held card's place, or `None` when no rule holds it.
fn place_of(p: &mut Protocol, card: u64) -> Option<String> {
    let held = view(p)["held"].clone();
    held.as_array()?.iter().find(|h| h["card"] == json!(card)).and_then(|h| h["place"].as_str().map(String::from))
}

/// The cards a side holds at `place`, in the order the table keeps them.
fn held_at(p: &mut Protocol, side: u64, place: &str) -> Vec<u64> {
    let held = view(p)["held"].clone();
    held.as_array()
        .into_iter()
        .flatten()
        .filter(|h| h["side"] == json!(side) && h["place"] == json!(place))
        .filter_map(|h| h["card"].as_u64())
        .collect()
}

/// Without a manifest: two Campaign Strategy Phases give Kennedy [1, 2, 3] and Nixon [6, 7, 8].
fn stacks_of_three() -> Protocol {
    let mut p = start(json!({}));
    apply(&mut p, "1960-campaign-strategy");
    for id in ["1960-strategy-kennedy-1", "1960-strategy-kennedy-2", "1960-strategy-nixon-6", "1960-strategy-nixon-7"] {
        apply(&mut p, id);
    }
    apply(&mut p, "1960-campaign-strategy-end");
    apply(&mut p, "1960-campaign-strategy");
    // Every card is face-down now: the chart's last row picks slot C on each side.
    apply(&mut p, "1960-strategy-face-down-kennedy");
    apply(&mut p, "fate-3");
    apply(&mut p, "1960-strategy-face-down-nixon");
    apply(&mut p, "fate-3");
    apply(&mut p, "1960-campaign-strategy-end");
    assert_eq!(held_at(&mut p, 0, "Campaign Strategy stack"), vec![1, 2, 3]);
    assert_eq!(held_at(&mut p, 1, "Campaign Strategy stack"), vec![6, 7, 8]);
    for _ in 0..5 {
        apply(&mut p, "1960-next-game-turn");
    }
    p
}

/// Deals the Debate Card rows: Kennedy's stack comes out 2, 3 (then 1), Nixon's 8, 6 (then 7).
fn deal_debates(p: &mut Protocol) {
    apply(p, "1960-debates");
    assert_eq!(view(p)["waiting_for"], json!("a die roll or a card draw"), "the stacks are being shuffled");
    let legal = ids(p);
    assert_eq!(legal, vec!["pick-1", "pick-2", "pick-3"], "a random card of Kennedy's stack");
    apply(p, "pick-2");
    apply(p, "pick-3");
    apply(p, "pick-8");
    apply(p, "pick-6");
    assert_eq!(held_at(p, 0, "Debate Card"), vec![2, 3, 1]);
    assert_eq!(held_at(p, 1, "Debate Card"), vec![8, 6, 7]);
    assert_eq!(view(p)["waiting_for"], json!("the Debates: the next roll, or an issue won"));
}

#[test]
fn debates_shuffle_the_stacks_into_rows_and_play_the_rolled_slot_from_both() {
    let mut p = stacks_of_three();
    assert!(reminders(&mut p).contains("begin the Debates"));
    assert!(offers(&mut p, "roll"), "the Debates begin when the player says so");
    deal_debates(&mut p);
    let legal = ids(&mut p);
    assert!(!legal.contains(&"roll".to_string()) && !legal.contains(&"1960-next-game-turn".to_string()), "{legal:?}");
    assert!(legal.contains(&"1960-momentum-up-kennedy".to_string()), "issues won may award momentum");
    assert!(reminders(&mut p).contains("Kennedy's Debate Cards: A card 2, B card 3, C card 1"));
    // Three cards in slots: the chart's three-card row; a 3 reads slot B.
    apply(&mut p, "1960-debate-roll");
    assert!(label(&mut p, "fate-3").contains("slot B"), "{}", label(&mut p, "fate-3"));
    apply(&mut p, "fate-3");
    assert_eq!(place_of(&mut p, 3).as_deref(), Some("played in the Debates"));
    assert_eq!(place_of(&mut p, 6).as_deref(), Some("played in the Debates"));
    assert!(reminders(&mut p).contains("Kennedy played card 3 and Nixon played card 6"), "{}", reminders(&mut p));
    // The rows close up to the left.
    assert_eq!(held_at(&mut p, 0, "Debate Card"), vec![2, 1]);
    assert_eq!(held_at(&mut p, 1, "Debate Card"), vec![8, 7]);
    // An issue is won: the player removes the Debate Cards showing its icon.
    apply(&mut p, "1960-debate-remove-kennedy-1");
    assert_eq!(held_at(&mut p, 0, "Debate Card"), vec![2]);
    // Two cards in Nixon's slots: a 5 reads slot B; Kennedy has no card there and plays his
    // right-most one.
    apply(&mut p, "1960-debate-roll");
    apply(&mut p, "fate-5");
    assert_eq!(held_at(&mut p, 0, "Debate Card"), Vec::<u64>::new());
    assert_eq!(held_at(&mut p, 1, "Debate Card"), vec![8]);
    // One card left: no roll.
    assert!(label(&mut p, "1960-debate-roll").contains("no roll"));
    apply(&mut p, "1960-debate-roll");
    assert_eq!(held_at(&mut p, 1, "Debate Card"), Vec::<u64>::new());
    assert!(!offers(&mut p, "1960-debate-roll"));
    // The end: every Debate Card is shuffled into the discards face-up.
    let before = view(&mut p)["decks"][0]["discard"].as_array().unwrap().len();
    apply(&mut p, "1960-debates-end");
    for card in ["pick-8", "pick-1", "pick-3", "pick-7", "pick-2"] {
        apply(&mut p, card);
    }
    let v = view(&mut p);
    let discard = v["decks"][0]["discard"].as_array().unwrap();
    assert_eq!(discard.len(), before + 6);
    assert_eq!(discard[before..], [json!(8), json!(1), json!(3), json!(7), json!(2), json!(6)]);
    assert_eq!(v["held"], json!([]));
    assert_eq!(v["markers"]["debates"], json!([4, 0]));
    assert!(offers(&mut p, "roll") && offers(&mut p, "1960-next-game-turn"), "the game goes on to turn 7");
    assert!(!offers(&mut p, "1960-debates"), "the Debates are held once");
}

#[test]
fn lazy_shave_lets_kennedy_pick_his_debate_card_once() {
    let mut p = stacks_of_three();
    deal_debates(&mut p);
    apply(&mut p, "1960-lazy-shave-in-play");
    apply(&mut p, "1960-debate-roll");
    apply(&mut p, "fate-1");
    // Slot A was rolled (2 for Kennedy): Kennedy may keep it or pick another of his cards.
    let legal = ids(&mut p);
    assert_eq!(legal, vec!["1960-debate-keep-roll", "1960-lazy-shave-3", "1960-lazy-shave-1"]);
    assert!(reminders(&mut p).contains("Lazy Shave"));
    apply(&mut p, "1960-lazy-shave-1");
    assert_eq!(place_of(&mut p, 1).as_deref(), Some("played in the Debates"));
    assert_eq!(place_of(&mut p, 8).as_deref(), Some("played in the Debates"), "Nixon plays the rolled slot");
    assert_eq!(held_at(&mut p, 0, "Debate Card"), vec![2, 3]);
    // Used once: the next roll is played at once.
    assert!(!offers(&mut p, "1960-lazy-shave-in-play"));
    apply(&mut p, "1960-debate-roll");
    apply(&mut p, "fate-2");
    assert_eq!(held_at(&mut p, 0, "Debate Card"), vec![3]);
    assert_eq!(held_at(&mut p, 1, "Debate Card"), vec![7]);
}

#[test]
fn lazy_shave_played_for_its_event_is_in_play_for_the_debates() {
    // With the sheet-cards manifest Nixon's slot B holds #34 Lazy Shave (card 7).
    let mut p = with_manifest();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-campaign-points");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-3");
    apply(&mut p, "play-7-event");
    assert_eq!(view(&mut p)["markers"]["Lazy Shave"], json!([1, 0]));
    assert!(reminders(&mut p).contains("Lazy Shave is in play"));
}

#[test]
fn a_stack_of_more_than_five_keeps_the_extra_debate_cards_waiting_right_of_slot_e() {
    let mut p = start(json!({}));
    // Three phases of two picks give Kennedy six cards: 1, 2 face-up, then 11, 12 and 3, 4 from
    // the face-down slots A-D. Nixon takes one card a phase: 6 and 7 face-up, then 10 from E.
    apply(&mut p, "1960-campaign-strategy");
    apply(&mut p, "1960-strategy-kennedy-1");
    apply(&mut p, "1960-strategy-kennedy-2");
    apply(&mut p, "1960-strategy-nixon-6");
    apply(&mut p, "1960-campaign-strategy-end");
    for (faces, nixon) in
        [(["fate-1", "fate-2"], ["1960-strategy-nixon-7"]), (["fate-3", "fate-4"], ["1960-strategy-face-down-nixon"])]
    {
        apply(&mut p, "1960-campaign-strategy");
        for face in faces {
            apply(&mut p, "1960-strategy-face-down-kennedy");
            apply(&mut p, face);
        }
        for id in nixon {
            apply(&mut p, id);
        }
        if nixon == ["1960-strategy-face-down-nixon"] {
            apply(&mut p, "fate-5");
        }
        apply(&mut p, "1960-campaign-strategy-end");
    }
    assert_eq!(held_at(&mut p, 0, "Campaign Strategy stack"), vec![1, 2, 11, 12, 3, 4]);
    assert_eq!(held_at(&mut p, 1, "Campaign Strategy stack"), vec![6, 7, 10]);
    for _ in 0..5 {
        apply(&mut p, "1960-next-game-turn");
    }
    apply(&mut p, "1960-debates");
    for card in ["pick-4", "pick-3", "pick-12", "pick-11", "pick-2", "pick-6", "pick-7"] {
        apply(&mut p, card);
    }
    assert_eq!(held_at(&mut p, 0, "Debate Card"), vec![4, 3, 12, 11, 2, 1]);
    assert_eq!(held_at(&mut p, 1, "Debate Card"), vec![6, 7, 10]);
    assert!(reminders(&mut p).contains("E card 2, waiting card 1"), "{}", reminders(&mut p));
    // The chart reads Kennedy's five slots: a 5 is slot E (Nixon, with none there, plays his
    // right-most card).
    apply(&mut p, "1960-debate-roll");
    apply(&mut p, "fate-5");
    assert_eq!(held_at(&mut p, 0, "Debate Card"), vec![4, 3, 12, 11, 1], "the waiting card slides into E");
    assert_eq!(held_at(&mut p, 1, "Debate Card"), vec![6, 7]);
}

#[test]
fn election_day_events_wait_in_their_box_and_come_out_in_random_order() {
    let mut p = start(json!({}));
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-1-event");
    assert!(reminders(&mut p).contains("Election Day box"));
    apply(&mut p, "1960-election-day-box-1");
    assert_eq!(place_of(&mut p, 1).as_deref(), Some("Election Day box"));
    assert_eq!(view(&mut p)["decks"][0]["discard"], json!([]), "it leaves the discards");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-6-event");
    apply(&mut p, "1960-election-day-box-6");
    apply(&mut p, "end-turn");
    assert!(!offers(&mut p, "1960-election-day-event"), "Election Day is turn 9");
    for _ in 0..8 {
        apply(&mut p, "1960-next-game-turn");
    }
    assert!(reminders(&mut p).contains("2 Election Day event(s) wait"));
    apply(&mut p, "1960-election-day-event");
    assert_eq!(ids(&mut p), vec!["pick-1", "pick-6"]);
    apply(&mut p, "pick-6");
    assert!(reminders(&mut p).contains("resolve card 6 now"), "{}", reminders(&mut p));
    // The last one needs no draw.
    apply(&mut p, "1960-election-day-event");
    assert!(reminders(&mut p).contains("resolve card 1 now"));
    assert_eq!(view(&mut p)["decks"][0]["discard"], json!([6, 1]));
    assert!(!offers(&mut p, "1960-election-day-event"));
}

#[test]
fn the_initiative_winner_gives_a_game_turns_first_action_round_to_either_side() {
    let mut p = start(json!({}));
    assert!(label(&mut p, "1960-first-round-nixon").contains("Nixon takes the first action round"));
    apply(&mut p, "1960-first-round-nixon");
    assert_eq!(view(&mut p)["active"], json!(1));
    assert!(offers(&mut p, "1960-first-round-kennedy"), "until the first roll, it may change again");
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    apply(&mut p, "play-6-campaign-points");
    apply(&mut p, "end-turn");
    assert!(!offers(&mut p, "1960-first-round-nixon"), "the game turn is under way");
    apply(&mut p, "1960-next-game-turn");
    assert!(offers(&mut p, "1960-first-round-nixon"), "a new game turn, a new initiative");
}

#[test]
fn a_play_whose_event_turns_cards_up_cannot_be_undone() {
    // Political Capital turns Nixon's display face-up as it is played: undo may not hide it again.
    let mut p = political_capital_in_reach();
    apply_only(&mut p, "play-13-event");
    let r = p.handle_line(&json!({"cmd": "undo"}).to_string());
    assert_eq!(r["ok"], json!(false), "{r}");
    assert!(r["error"].to_string().contains("revealed"), "{r}");
}

#[test]
fn the_momentum_aid_answers_a_media_tie_at_once_and_bang_says_what_it_played() {
    let mut p = with_manifest();
    apply(&mut p, "1960-momentum-phase");
    apply(&mut p, "1960-media-tied");
    assert!(reminders(&mut p).contains("no issue is shifted"), "no need to answer the issues");
    apply(&mut p, "1960-momentum-phase-end");
    two_cp_plays(&mut p);
    apply(&mut p, "1960-momentum-up-kennedy");
    apply(&mut p, "roll");
    apply(&mut p, "fate-1");
    apply(&mut p, "1960-momentum-event-1");
    assert!(reminders(&mut p).contains("spent 1 momentum to play the event of #29"), "{}", reminders(&mut p));
}

#[test]
fn president_1960_campaign_strategy_phase_selects_one_or_two_cards_per_side_and_cannot_end_empty() {
    let mut p = with_manifest();
    apply(&mut p, "1960-campaign-strategy");
    assert!(!offers(&mut p, "1960-campaign-strategy-end"), "no side has a card on its stack yet");
    apply(&mut p, "1960-strategy-nixon-7");
    assert!(!offers(&mut p, "1960-campaign-strategy-end"), "Kennedy has none yet");
    // Kennedy's face-up cards are Gathering Momentum: the chart's last row over his face-down ones.
    apply(&mut p, "1960-strategy-face-down-kennedy");
    apply(&mut p, "fate-5");
    assert!(offers(&mut p, "1960-campaign-strategy-end"), "one card each is enough");
    assert!(offers(&mut p, "1960-strategy-nixon-6"), "a second card each may follow");
    apply(&mut p, "1960-campaign-strategy-end");
    assert_eq!(held_at(&mut p, 0, "Campaign Strategy stack"), vec![5]);
    assert_eq!(held_at(&mut p, 1, "Campaign Strategy stack"), vec![7]);
}

#[test]
fn president_1960_fate_die_result_chart_no_pass_when_a_card_can_be_played() {
    let mut p = with_manifest();
    apply(&mut p, "roll");
    apply(&mut p, "fate-4");
    let now = ids(&mut p);
    assert!(now.iter().any(|id| id.starts_with("play-")), "{now:?}");
    assert!(!now.contains(&"pass".to_string()), "the sheet has no turn without a play: {now:?}");
    // Nor on the other side's turn.
    apply(&mut p, "play-1-campaign-points");
    apply(&mut p, "end-turn");
    apply(&mut p, "roll");
    apply(&mut p, "fate-3");
    assert!(!offers(&mut p, "pass"));
}

#[test]
fn president_1960_first_screens_offer_at_most_ten_choices_besides_the_tools() {
    let mut p = with_manifest();
    apply(&mut p, "1960-momentum-up-kennedy");
    for (step, check) in [(None, "start"), (Some("roll"), "rolling"), (Some("fate-3"), "after a roll of 3")] {
        if let Some(id) = step {
            apply(&mut p, id);
        }
        let legal = common::ask(&mut p, json!({"cmd": "legal"}));
        let actions = legal["actions"].as_array().cloned().unwrap_or_default();
        let plain: Vec<&str> =
            actions.iter().filter(|a| a["tool"] != json!(true)).filter_map(|a| a["id"].as_str()).collect();
        assert!(plain.len() <= 10, "{check}: {plain:?}");
        let tools: Vec<&str> =
            actions.iter().filter(|a| a["tool"] == json!(true)).filter_map(|a| a["id"].as_str()).collect();
        if step != Some("roll") {
            assert!(tools.contains(&"1960-momentum-down-kennedy"), "{check}: {tools:?}");
        }
    }
}
