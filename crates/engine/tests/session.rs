//! Session behaviour on the toy game: seeded chance, manual chance, undo, save and replay, errors.

mod toy_game;

use std::collections::HashSet;

use engine::{
    ActionError, ChanceMode, ChanceRng, Decider, Game, LogEntry, RECORD_FORMAT, Record, Session, SessionError, ToMove,
    below,
};
use serde_json::json;
use toy_game::{Move, Peek, Setup, legal_ids};

fn auto(seed: u64) -> Session<Peek> {
    Session::new(Setup::default(), seed, ChanceMode::Auto).expect("the default setup is valid")
}

fn manual() -> Session<Peek> {
    Session::new(Setup::default(), 0, ChanceMode::Manual).expect("the default setup is valid")
}

fn play(session: &mut Session<Peek>, ids: &[&str]) {
    for id in ids {
        session.apply_id(id).unwrap_or_else(|e| panic!("'{id}' should be legal: {e}"));
    }
}

fn hand(session: &Session<Peek>, player: usize) -> u8 {
    session.state().hands[player].expect("the card has been dealt")
}

fn chance(id: &str) -> LogEntry {
    LogEntry { by: Decider::Chance, id: id.into(), barrier: true, taken_for_player: false }
}

fn player(p: u8, id: &str, barrier: bool) -> LogEntry {
    LogEntry { by: Decider::Player(p), id: id.into(), barrier, taken_for_player: false }
}

/// A session in automatic mode with a bit of everything in its log: the deal, plain moves, a
/// redraw (a reveal followed by a chance outcome) and a reveal.
fn eventful(seed: u64) -> Session<Peek> {
    let mut s = auto(seed);
    play(&mut s, &["pass", "redraw", "pass", "reveal"]);
    s
}

#[test]
fn a_new_automatic_session_deals_from_the_seed() {
    let s = auto(11);
    assert_eq!(s.state().to_move(), ToMove::Player(0));
    assert_eq!(s.seed(), 11);
    assert_eq!(s.chance_mode(), ChanceMode::Auto);
    assert_eq!(s.setup(), &Setup::default());
    // Outcome k is drawn from stream k of the seed, as an index into the legal outcomes.
    let first = below(&mut ChanceRng::new(11).stream(0), 6) as u8;
    let rest: Vec<u8> = (0..6).filter(|&c| c != first).collect();
    let second = rest[below(&mut ChanceRng::new(11).stream(1), 5)];
    assert_eq!(s.state().hands, [Some(first), Some(second)]);
    assert_eq!(s.log(), [chance(&format!("card-{first}")), chance(&format!("card-{second}"))]);

    // After Ann's redraw, her new card is outcome 2, drawn from the four cards left in the deck.
    let deck = s.state().deck();
    let mut s = s;
    play(&mut s, &["redraw"]);
    let third = deck[below(&mut ChanceRng::new(11).stream(2), deck.len())];
    assert_eq!(s.state().hands, [Some(third), Some(second)]);
    assert_eq!(s.state().discards, [first]);
}

#[test]
fn same_seed_gives_the_same_game() {
    let moves = ["pass", "redraw", "redraw", "pass", "redraw"];
    let mut a = auto(2024);
    let mut b = auto(2024);
    play(&mut a, &moves);
    play(&mut b, &moves);
    assert_eq!(a.state(), b.state());
    assert_eq!(a.log(), b.log());
    // Three redraws after the deal: five chance outcomes in all.
    assert_eq!(a.log().iter().filter(|e| e.by == Decider::Chance).count(), 5);
}

#[test]
fn different_seeds_give_different_games() {
    assert_ne!(auto(1).state().hands, auto(2).state().hands);
    // Over 30 seeds the 30 possible deals of a 6-card deck should show up in good variety.
    let deals: HashSet<[Option<u8>; 2]> = (0..30).map(|seed| auto(seed).state().hands).collect();
    assert!(deals.len() >= 10, "only {} distinct deals over 30 seeds", deals.len());
    // Later chance outcomes depend on the seed too, not only the deal.
    let redrawn: HashSet<Vec<u8>> = (0..30)
        .map(|seed| {
            let mut s = auto(seed);
            play(&mut s, &["redraw", "redraw"]);
            vec![hand(&s, 0), hand(&s, 1)]
        })
        .collect();
    assert!(redrawn.len() >= 10, "only {} distinct redraws over 30 seeds", redrawn.len());
}

#[test]
fn bad_setup_is_refused() {
    let err = Session::<Peek>::new(Setup { cards: 1, ..Setup::default() }, 0, ChanceMode::Auto)
        .expect_err("one card is too few");
    assert!(matches!(err, SessionError::Setup(_)), "{err:?}");
    assert!(err.to_string().contains("at least 2 cards"), "{err}");
}

#[test]
fn manual_mode_leaves_chance_to_the_caller() {
    let mut s = manual();
    assert!(s.log().is_empty());
    assert_eq!(s.state().to_move(), ToMove::Chance);
    assert_eq!(legal_ids(s.state()), ["card-0", "card-1", "card-2", "card-3", "card-4", "card-5"]);

    s.apply_id("card-3").expect("any card may be dealt first");
    assert_eq!(s.state().hands, [Some(3), None]);
    assert_eq!(s.state().to_move(), ToMove::Chance, "Bob's card is still to deal");
    assert_eq!(legal_ids(s.state()), ["card-0", "card-1", "card-2", "card-4", "card-5"]);
    let err = s.apply_id("card-3").expect_err("card 3 is already in Ann's hand");
    assert!(matches!(&err, SessionError::UnknownAction { id } if id == "card-3"), "{err:?}");

    s.apply_id("card-0").expect("card 0 is still in the deck");
    assert_eq!(s.state().hands, [Some(3), Some(0)]);
    assert_eq!(s.state().to_move(), ToMove::Player(0));
    assert_eq!(s.log(), [chance("card-3"), chance("card-0")]);

    // A redraw leaves the session at a chance node instead of drawing from the seed.
    play(&mut s, &["redraw"]);
    assert_eq!(s.state().to_move(), ToMove::Chance);
    assert_eq!(s.state().hands, [None, Some(0)]);
    assert_eq!(legal_ids(s.state()), ["card-1", "card-2", "card-4", "card-5"]);
    s.apply(&Move::Card(5)).expect("card 5 is in the deck");
    assert_eq!(s.state().hands, [Some(5), Some(0)]);
    assert_eq!(s.state().to_move(), ToMove::Player(1));
}

#[test]
fn manual_mode_ignores_the_seed() {
    let mut a = Session::<Peek>::new(Setup::default(), 1, ChanceMode::Manual).expect("valid setup");
    let mut b = Session::<Peek>::new(Setup::default(), 999, ChanceMode::Manual).expect("valid setup");
    let ids = ["card-4", "card-2", "redraw", "card-1", "pass"];
    play(&mut a, &ids);
    play(&mut b, &ids);
    assert_eq!(a.state(), b.state());
    assert_eq!(a.log(), b.log());
}

#[test]
fn undo_takes_back_the_last_decision_exactly() {
    let mut s = auto(5);
    let start_state = s.state().clone();
    let start_log = s.log().to_vec();

    play(&mut s, &["pass"]);
    let after_one = s.state().clone();
    let log_after_one = s.log().to_vec();
    play(&mut s, &["pass"]);
    assert_ne!(s.state(), &after_one);

    s.undo().expect("Bob's pass can be taken back");
    assert_eq!(s.state(), &after_one);
    assert_eq!(s.log(), log_after_one);
    s.undo().expect("Ann's pass can be taken back");
    assert_eq!(s.state(), &start_state);
    assert_eq!(s.log(), start_log);
    assert_eq!(s.seed(), 5);
    assert_eq!(s.chance_mode(), ChanceMode::Auto);

    // Below that is the deal, which stands.
    let err = s.undo().expect_err("the deal cannot be undone");
    assert!(matches!(err, SessionError::CannotUndo(_)), "{err:?}");
    assert_eq!(s.state(), &start_state);
}

#[test]
fn undo_keeps_later_chance_outcomes_tied_to_the_seed() {
    // Taking a move back must also rewind the chance counter: the next draw is the one a session that
    // never made the move would get.
    let mut with_undo = auto(77);
    play(&mut with_undo, &["redraw", "pass"]);
    with_undo.undo().expect("Bob's pass can be taken back");
    play(&mut with_undo, &["redraw"]);

    let mut straight = auto(77);
    play(&mut straight, &["redraw", "redraw"]);
    assert_eq!(with_undo.state(), straight.state());
    assert_eq!(with_undo.log(), straight.log());
}

#[test]
fn undo_in_manual_mode() {
    let mut s = manual();
    play(&mut s, &["card-1", "card-4"]);
    let dealt = s.state().clone();
    play(&mut s, &["pass"]);
    s.undo().expect("a pass can be taken back");
    assert_eq!(s.state(), &dealt);
    assert_eq!(s.log(), [chance("card-1"), chance("card-4")]);
    assert_eq!(s.state().to_move(), ToMove::Player(0));
}

#[test]
fn undo_refuses_on_an_empty_log() {
    let mut s = manual();
    let err = s.undo().expect_err("nothing has happened yet");
    assert!(matches!(err, SessionError::CannotUndo(_)), "{err:?}");
    assert!(err.to_string().contains("no decision"), "{err}");
    assert_eq!(s.state().to_move(), ToMove::Chance);
}

#[test]
fn undo_refuses_to_take_back_a_chance_outcome() {
    // In automatic mode the deal is the last step of a fresh session.
    let mut s = auto(3);
    let before = s.state().clone();
    let err = s.undo().expect_err("the deal stands");
    assert!(matches!(err, SessionError::CannotUndo(_)), "{err:?}");
    assert!(err.to_string().contains("random outcome"), "{err}");
    assert_eq!(s.state(), &before);
    assert_eq!(s.log().len(), 2);

    // In manual mode, a dealt card supplied by the caller is just as final.
    let mut m = manual();
    play(&mut m, &["card-2"]);
    let err = m.undo().expect_err("a chance outcome stands");
    assert!(err.to_string().contains("random outcome"), "{err}");
    assert_eq!(m.state().hands, [Some(2), None]);
}

#[test]
fn undo_refuses_to_take_back_a_reveal() {
    let mut s = auto(4);
    play(&mut s, &["pass", "reveal"]);
    let before = s.state().clone();
    let log = s.log().to_vec();
    assert_eq!(log.last(), Some(&player(1, "reveal", true)));

    let err = s.undo().expect_err("Ann has seen Bob's card");
    assert!(matches!(err, SessionError::CannotUndo(_)), "{err:?}");
    assert!(err.to_string().contains("revealed"), "{err}");
    assert_eq!(s.state(), &before);
    assert_eq!(s.log(), log);

    // In manual mode a redraw is the last step until the caller deals: its face-up discard is a reveal.
    let mut m = manual();
    play(&mut m, &["card-0", "card-1", "redraw"]);
    let err = m.undo().expect_err("the discard was seen");
    assert!(err.to_string().contains("revealed"), "{err}");
    assert_eq!(m.state().discards, [0]);
}

#[test]
fn the_log_marks_barriers() {
    let s = eventful(8);
    let log = s.log();
    assert_eq!(log.len(), 7);
    let shape: Vec<(Decider, bool)> = log.iter().map(|e| (e.by, e.barrier)).collect();
    assert_eq!(
        shape,
        [
            (Decider::Chance, true),
            (Decider::Chance, true),
            (Decider::Player(0), false),
            (Decider::Player(1), true),
            (Decider::Chance, true),
            (Decider::Player(0), false),
            (Decider::Player(1), true),
        ]
    );
    assert_eq!(log[3].id, "redraw");
    assert_eq!(log[6].id, "reveal");
}

#[test]
fn record_survives_a_trip_through_json() {
    let s = eventful(31);
    let text = serde_json::to_string(&s.record()).expect("records serialize");

    // The saved form is part of the contract: pin its shape.
    let value: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(value["format"], json!(RECORD_FORMAT));
    assert_eq!(value["seed"], json!(31));
    assert_eq!(value["chance"], json!("auto"));
    assert_eq!(value["setup"], json!({"cards": 6, "turns": 6}));
    assert_eq!(value["log"][0], json!({"by": "chance", "id": s.log()[0].id, "barrier": true}));
    assert!(s.log()[0].id.starts_with("card-"));
    assert_eq!(value["log"][2], json!({"by": {"player": 0}, "id": "pass", "barrier": false}));

    let record: Record<Setup> = serde_json::from_str(&text).expect("records deserialize");
    assert_eq!(record, s.record());
    let back = Session::<Peek>::from_record(record).expect("a saved game loads");
    assert_eq!(back.state(), s.state());
    assert_eq!(back.log(), s.log());
    assert_eq!(back.seed(), s.seed());
    assert_eq!(back.chance_mode(), s.chance_mode());
    assert_eq!(back.setup(), s.setup());

    // The reloaded session goes on exactly like the original.
    let mut original = s;
    let mut reloaded = back;
    play(&mut original, &["redraw", "pass"]);
    play(&mut reloaded, &["redraw", "pass"]);
    assert_eq!(original.state(), reloaded.state());
    assert_eq!(original.log(), reloaded.log());
}

#[test]
fn manual_records_round_trip_too() {
    let mut s = manual();
    play(&mut s, &["card-5", "card-0", "redraw"]);
    let text = serde_json::to_string(&s.record()).expect("records serialize");
    assert!(text.contains(r#""chance":"manual""#), "{text}");
    let back = Session::<Peek>::from_record(serde_json::from_str(&text).expect("records deserialize"))
        .expect("a saved game loads");
    assert_eq!(back.state(), s.state());
    assert_eq!(back.log(), s.log());
    // A manual record cut off at a chance node stays there.
    assert_eq!(back.state().to_move(), ToMove::Chance);
    assert_eq!(back.chance_mode(), ChanceMode::Manual);
}

#[test]
fn an_automatic_record_cut_at_a_chance_node_draws_the_same_outcome() {
    let s = eventful(12);
    let mut record = s.record();
    // Drop everything after the redraw, including the card it drew.
    record.log.truncate(4);
    assert_eq!(record.log[3].id, "redraw");
    let resumed = Session::<Peek>::from_record(record).expect("a cut record loads");
    // The seed supplies the missing outcome: the same card the original session drew.
    assert_eq!(resumed.log(), &s.log()[..5]);
    let mut cut = s.record();
    cut.log.truncate(5);
    assert_eq!(resumed.state(), Session::<Peek>::from_record(cut).expect("loads").state());
}

#[test]
fn from_record_rejects_other_formats() {
    let mut record = eventful(1).record();
    record.format = RECORD_FORMAT + 1;
    let err = Session::<Peek>::from_record(record).expect_err("unknown format");
    assert!(matches!(err, SessionError::Format { found } if found == RECORD_FORMAT + 1), "{err:?}");
    let message = err.to_string();
    assert!(message.contains(&format!("format {}", RECORD_FORMAT + 1)), "{message}");
    assert!(message.contains(&format!("format {RECORD_FORMAT}")), "{message}");
}

#[test]
fn from_record_rejects_a_bad_setup() {
    let mut record = eventful(1).record();
    record.setup.turns = 0;
    let err = Session::<Peek>::from_record(record).expect_err("zero turns is not a game");
    assert!(matches!(err, SessionError::Setup(_)), "{err:?}");
}

#[test]
fn from_record_names_the_step_with_an_unknown_id() {
    let good = eventful(21).record();
    for k in 0..good.log.len() {
        let mut record = good.clone();
        record.log[k].id = "guess-99".into();
        let err = Session::<Peek>::from_record(record).expect_err("no such action");
        match err {
            SessionError::Replay { step, id, reason } => {
                assert_eq!(step, k);
                assert_eq!(id, "guess-99");
                assert!(reason.contains("no legal action"), "{reason}");
            }
            other => panic!("step {k}: expected a replay error, got {other:?}"),
        }
    }
}

#[test]
fn from_record_rejects_an_id_that_is_only_illegal_here() {
    // "card-X" twice: the second deal of the same card is not legal.
    let mut record = eventful(21).record();
    record.log[1].id = record.log[0].id.clone();
    let err = Session::<Peek>::from_record(record).expect_err("the card is already dealt");
    assert!(matches!(err, SessionError::Replay { step: 1, .. }), "{err:?}");
    assert!(err.to_string().starts_with("saved game step 1"), "{err}");
}

#[test]
fn from_record_names_the_step_with_the_wrong_decider() {
    let good = eventful(22).record();
    for k in 0..good.log.len() {
        let mut record = good.clone();
        record.log[k].by = match record.log[k].by {
            Decider::Chance => Decider::Player(0),
            Decider::Player(p) => Decider::Player(1 - p),
        };
        let err = Session::<Peek>::from_record(record).expect_err("the wrong decider");
        match err {
            SessionError::Replay { step, id, reason } => {
                assert_eq!(step, k);
                assert_eq!(id, good.log[k].id);
                assert!(reason.contains("the log says"), "{reason}");
                assert!(!reason.contains("Player(") && !reason.contains("Chance"), "plain words: {reason}");
                assert!(reason.contains("player 1") || reason.contains("player 2"), "{reason}");
            }
            other => panic!("step {k}: expected a replay error, got {other:?}"),
        }
    }
    // A player's move recorded as chance is caught too.
    let mut record = good.clone();
    record.log[2].by = Decider::Chance;
    let err = Session::<Peek>::from_record(record).expect_err("Ann passed, not chance");
    assert!(matches!(err, SessionError::Replay { step: 2, .. }), "{err:?}");
}

#[test]
fn from_record_rejects_moves_after_the_end() {
    let mut s = auto(6);
    let bobs = hand(&s, 1);
    play(&mut s, &[&format!("guess-{bobs}")]);
    let mut record = s.record();
    let end = record.log.len();
    record.log.push(player(1, "pass", false));
    let err = Session::<Peek>::from_record(record).expect_err("the game was over");
    match err {
        SessionError::Replay { step, reason, .. } => {
            assert_eq!(step, end);
            assert!(reason.contains("already over"), "{reason}");
        }
        other => panic!("expected a replay error, got {other:?}"),
    }
}

#[test]
fn from_record_recomputes_barriers() {
    // Clearing the barrier flag in a save must not make a reveal undoable.
    let s = eventful(9);
    let mut record = s.record();
    for entry in &mut record.log {
        entry.barrier = false;
    }
    let mut loaded = Session::<Peek>::from_record(record).expect("loads");
    assert_eq!(loaded.log(), s.log());
    assert!(matches!(loaded.undo(), Err(SessionError::CannotUndo(_))));
}

#[test]
fn unknown_ids_leave_the_session_alone() {
    let mut s = auto(13);
    play(&mut s, &["reveal", "pass"]);
    let state = s.state().clone();
    let log = s.log().to_vec();
    // Nonsense, a chance outcome offered to a player, a card outside the deck, and moves that were
    // legal for Ann before she showed her card.
    for id in ["fly", "card-0", "", "guess-6", "reveal", "redraw"] {
        let err = s.apply_id(id).expect_err("not a legal id");
        assert!(matches!(&err, SessionError::UnknownAction { id: got } if got == id), "{err:?}");
        assert!(err.to_string().contains(&format!("'{id}'")), "{err}");
        assert_eq!(s.state(), &state);
        assert_eq!(s.log(), log);
    }
    let anns = hand(&s, 0);
    let err = s.apply_id(&format!("guess-{anns}")).expect_err("Ann cannot guess her own card");
    assert!(matches!(err, SessionError::UnknownAction { .. }), "{err:?}");
    assert_eq!(s.state(), &state);
}

#[test]
fn illegal_actions_leave_the_session_alone() {
    let mut s = auto(14);
    play(&mut s, &["reveal", "pass"]);
    let state = s.state().clone();
    let log = s.log().to_vec();
    let err = s.apply(&Move::Reveal).expect_err("Ann's card is already face up");
    match &err {
        SessionError::Action(ActionError::Illegal { action, reason }) => {
            assert_eq!(action, "reveal");
            assert!(reason.contains("already face up"), "{reason}");
        }
        other => panic!("expected an illegal action, got {other:?}"),
    }
    let err = s.apply(&Move::Card(0)).expect_err("players do not deal");
    assert!(matches!(err, SessionError::Action(ActionError::Illegal { .. })), "{err:?}");
    assert_eq!(s.state(), &state);
    assert_eq!(s.log(), log);
}

#[test]
fn nothing_applies_after_the_game_is_over() {
    let mut s = auto(15);
    let bobs = hand(&s, 1);
    let wrong = (0..6).find(|&c| c != bobs && c != hand(&s, 0)).expect("six cards, two dealt");
    play(&mut s, &[&format!("guess-{wrong}")]);
    assert_eq!(s.state().to_move(), ToMove::Terminal);
    let outcome = s.state().outcome().expect("a finished game has an outcome");
    assert_eq!(outcome.winner, Some(1), "a wrong guess loses");
    let state = s.state().clone();
    let log = s.log().to_vec();
    assert_eq!(log.last(), Some(&player(0, &format!("guess-{wrong}"), true)));

    for action in [Move::Pass, Move::Guess(bobs), Move::Card(0)] {
        let err = s.apply(&action).expect_err("the game is over");
        assert!(matches!(err, SessionError::Action(ActionError::GameOver)), "{action:?}: {err:?}");
    }
    // By id the answer is the same: the game is over, whatever the id.
    assert!(s.state().legal().is_empty());
    assert!(matches!(s.apply_id("pass"), Err(SessionError::Action(ActionError::GameOver))));
    assert_eq!(s.state(), &state);
    assert_eq!(s.log(), log);
    // The deciding guess revealed the cards, so it stands.
    assert!(matches!(s.undo(), Err(SessionError::CannotUndo(_))));
}

#[test]
fn a_showdown_ends_the_game_after_the_last_turn() {
    let mut s = Session::<Peek>::new(Setup { turns: 3, ..Setup::default() }, 40, ChanceMode::Auto).expect("valid");
    play(&mut s, &["pass", "pass"]);
    assert_eq!(s.log().last().map(|e| e.barrier), Some(false));
    play(&mut s, &["pass"]);
    assert_eq!(s.state().to_move(), ToMove::Terminal);
    let winner = if hand(&s, 0) > hand(&s, 1) { 0 } else { 1 };
    assert_eq!(s.state().outcome().and_then(|o| o.winner), Some(winner));
    // The last pass showed both cards: it is a barrier.
    assert_eq!(s.log().last(), Some(&player(0, "pass", true)));
}

#[test]
fn an_automatic_record_with_a_changed_roll_or_draw_is_refused_at_its_step() {
    let good = eventful(23).record();
    let chance_steps: Vec<usize> = (0..good.log.len()).filter(|&k| good.log[k].by == Decider::Chance).collect();
    assert!(chance_steps.len() >= 3, "the deal and the redraw are chance");
    for &k in &chance_steps {
        // The outcomes that were legal at step k, found by replaying the record up to it.
        let mut upto = good.clone();
        upto.log.truncate(k);
        upto.chance = ChanceMode::Manual;
        let before = Session::<Peek>::from_record(upto).expect("a manual prefix loads");
        let other = legal_ids(before.state()).into_iter().find(|id| *id != good.log[k].id);
        let Some(other) = other else { continue };
        let mut edited = good.clone();
        edited.log[k].id = other.clone();
        // Cut the log just after the edit, so later steps cannot fail for another reason first.
        edited.log.truncate(k + 1);
        let err = Session::<Peek>::from_record(edited.clone()).expect_err("an edited outcome");
        match &err {
            SessionError::Replay { step, id, reason } => {
                assert_eq!(*step, k);
                assert_eq!(id, &other);
                assert!(reason.contains(&format!("the seed gives '{}'", good.log[k].id)), "{reason}");
            }
            other => panic!("step {k}: expected a replay error, got {other:?}"),
        }
        // The same record with chance left to the player is a different game, and loads.
        edited.chance = ChanceMode::Manual;
        Session::<Peek>::from_record(edited).expect("manual chance takes any legal outcome");
    }
    Session::<Peek>::from_record(good).expect("the untouched record loads");
}

#[test]
fn a_record_with_an_unknown_field_is_refused_by_name() {
    let mut value = serde_json::to_value(eventful(3).record()).expect("a record serializes");
    value["sede"] = json!(7);
    let err = serde_json::from_value::<Record<Setup>>(value).expect_err("a misspelt field");
    assert!(err.to_string().contains("unknown field `sede`"), "{err}");
    let mut value = serde_json::to_value(eventful(3).record()).expect("a record serializes");
    value["log"][0]["note"] = json!("x");
    let err = serde_json::from_value::<Record<Setup>>(value).expect_err("a field in a log entry");
    assert!(err.to_string().contains("unknown field `note`"), "{err}");
}
