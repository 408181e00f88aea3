//! Deck manifests: any text is read as a manifest file; one that reads must also pass `validate`
//! (the check a manifest inside a saved table gets) and name a playsheet its deck sizes fit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use solo::Manifest;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(manifest) = Manifest::from_toml("fuzz.toml", text) else { return };
    manifest.validate().expect("a manifest that reads also validates");
    if let Ok(sheet) = manifest.sheet() {
        let _ = manifest.listed(&sheet);
        for card in &manifest.cards {
            let _ = manifest.facts(&sheet, card);
        }
    }
    let _ = manifest.deck_sizes();
});
