//! The JSON-lines protocol over one session: each line of the input is a request, answered in turn
//! by `Protocol::handle_line`. Whatever the lines say, every answer is a JSON object with a boolean
//! `ok`, and an error answer carries a message.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::Protocol;

/// Enough requests to start a game, play into it, undo, export and import; more only slows the run.
const MAX_LINES: usize = 64;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut protocol = Protocol::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(MAX_LINES) {
        let answer = protocol.handle_line(line);
        let ok = answer.get("ok").and_then(serde_json::Value::as_bool);
        assert!(ok.is_some(), "an answer without a boolean \"ok\": {answer}");
        if ok == Some(false) {
            assert!(
                answer.get("error").and_then(serde_json::Value::as_str).is_some_and(|e| !e.is_empty()),
                "an error answer without a message: {answer}"
            );
        }
    }
});
