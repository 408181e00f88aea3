//! Save files and import records: any JSON is offered to `import_session`. A record that imports
//! answers every question about its game, and its own export imports to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::import_session;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(record) = serde_json::from_slice::<Value>(data) else { return };
    let Ok(session) = import_session(record) else { return };
    let status = session.status();
    let legal = session.legal();
    let views = [session.observe(0).ok(), session.observe(1).ok()];
    let _ = session.events();
    let _ = session.history(0);
    let steps = session.deciders().len();
    let _ = session.replay(steps, 0);
    let again = import_session(session.export()).expect("the export of an imported record imports");
    assert_eq!(status, again.status());
    assert_eq!(legal, again.legal());
    assert_eq!(views, [again.observe(0).ok(), again.observe(1).ok()]);
});
