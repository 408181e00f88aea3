//! Manoeuvre scenario files: any text is read as a scenario; one that reads is built into a
//! position, and a position that builds is written back as a scenario that reads again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use manoeuvre::Scenario;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(scenario) = Scenario::from_toml(text) else { return };
    let Ok(state) = scenario.build() else { return };
    if let Ok(written) = Scenario::from_state(&state) {
        let toml = written.to_toml().expect("a scenario made from a position writes as TOML");
        Scenario::from_toml(&toml).expect("a written scenario reads back");
    }
});
