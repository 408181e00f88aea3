//! Structured play: the input's bytes choose a game (Manoeuvre or a card table), its chance mode and
//! seed, then pick one legal action after another, now and then undoing or exporting and importing.
//! An imported export must give the same status, legal actions and observations as the game it came
//! from, and a game that is not over must offer an action.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::{DynSession, games, import_session, new_session};
use serde_json::{Value, json};

/// Picks past this many are ignored, so one input stays quick.
const MAX_PICKS: usize = 100;
const UNDO: u8 = 0xff;
const ROUND_TRIP: u8 = 0xfe;

/// Everything a player can learn from the session, for comparing two sessions.
fn snapshot(session: &dyn DynSession) -> Value {
    let observe = |p: u8| session.observe(p).unwrap_or_else(|e| json!({ "error": e.to_string() }));
    json!({
        "status": session.status(),
        "legal": session.legal(),
        "observe": [observe(0), observe(1)],
    })
}

fuzz_target!(|data: &[u8]| {
    let [which, mode, seed, picks @ ..] = data else { return };
    let Ok(list) = games() else { return };
    let ids: Vec<String> = list.into_iter().map(|g| g.id).collect();
    // Manoeuvre gets half the inputs: it has by far the most rules.
    let game =
        if which % 2 == 0 { protocol::MANOEUVRE.to_string() } else { ids[usize::from(*which / 2) % ids.len()].clone() };
    let chance = if mode % 2 == 0 { "auto" } else { "manual" };
    let mut options = json!({ "chance": chance });
    if game == protocol::MANOEUVRE && mode & 2 != 0 {
        options["quick_start"] = json!(true);
    }
    let Ok(mut session) = new_session(&game, u64::from(*seed), &options) else { return };
    for &pick in picks.iter().take(MAX_PICKS) {
        match pick {
            UNDO => {
                let _ = session.undo();
            }
            ROUND_TRIP => {
                let record = session.export();
                let imported = import_session(record.clone())
                    .unwrap_or_else(|e| panic!("an export of {game} does not import: {e}\n{record}"));
                assert_eq!(snapshot(session.as_ref()), snapshot(imported.as_ref()), "import of an export differs");
                session = imported;
            }
            _ => {
                let legal = session.legal();
                let actions = legal["actions"].as_array().cloned().unwrap_or_default();
                let over = session.status()["over"].as_bool().unwrap_or(false);
                if actions.is_empty() {
                    assert!(over, "{game}: no legal action in a game that is not over: {}", session.status());
                    break;
                }
                assert!(!over, "{game}: a game that is over offers actions");
                let action = &actions[usize::from(pick) % actions.len()];
                let id = action["id"].as_str().expect("an action id").to_string();
                session.apply(&id).unwrap_or_else(|e| panic!("{game}: legal action '{id}' refused: {e}"));
            }
        }
    }
});
