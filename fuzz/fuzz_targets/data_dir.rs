//! The Manoeuvre data loader: the input is the seven data files, and whatever `load_texts` accepts
//! must make a game that can be played.
//!
//! Encoding: the input is cut at NUL bytes (0x00) into the seven files in the order of
//! `DataFiles::FILE_NAMES` (nations.csv, units.csv, cards.csv, distant_lands_units.csv,
//! distant_lands_cards.csv, map_sections.csv, terrain.toml); missing parts are empty files and parts
//! past the seventh are ignored. A part that is not UTF-8 ends the run (a directory's files are read
//! as UTF-8 text, so such a file never reaches the loader). The loader must never panic. When it
//! accepts the files, a quick-start game is made from the ruleset in memory, with hand modes chosen by
//! the input's hash, and up to `ACTIONS` legal actions (chance outcomes included) are picked by a
//! generator seeded with that hash: every legal action must be accepted, the game's invariants must
//! hold after each, a game that is not over must offer an action, and both players' views and every
//! action's label must be made without a panic.
#![no_main]

use engine::{Game, ToMove};
use libfuzzer_sys::fuzz_target;
use manoeuvre::data::{DataFiles, load_texts};
use manoeuvre::tables::Compiled;
use manoeuvre::{HandMode, Manoeuvre, ManoeuvreSetup};

/// Decisions played per accepted input: the whole quick-start setup (about 60 chance draws for the
/// map, the nations and the hands, then 16 deployments) and the opening turns.
const ACTIONS: usize = 160;

/// FNV-1a, so the same input always plays the same game.
fn hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// A small xorshift generator for the picks.
struct Picks(u64);

impl Picks {
    fn next(&mut self, below: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % below as u64) as usize
    }
}

fn play(data: &'static Compiled, seed: u64) {
    let mode = |bit: u64| if seed & bit == 0 { HandMode::Hand } else { HandMode::Display };
    let setup = ManoeuvreSetup { quick_start: true, hand_modes: Some([mode(1), mode(2)]), ..Default::default() };
    let mut game = Manoeuvre::with_data(data, &setup)
        .unwrap_or_else(|e| panic!("the loader accepted the data but a quick start was refused: {e}"));
    let mut picks = Picks(seed | 1);
    let mut legal = Vec::new();
    for step in 0..ACTIONS {
        if let Err(broken) = game.check_invariants() {
            panic!("step {step}: an invariant is broken: {broken}");
        }
        for player in 0..2 {
            let _ = game.observe(player);
        }
        if game.to_move() == ToMove::Terminal {
            game.legal_actions(&mut legal);
            assert!(legal.is_empty(), "step {step}: a finished game offers actions");
            return;
        }
        game.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "step {step}: a game that is not over offers no action (phase {:?})", game.phase());
        for action in &legal {
            let _ = game.action_label(action);
        }
        let action = legal[picks.next(legal.len())];
        if let Err(refused) = game.apply(&action) {
            panic!("step {step}: the legal action {} was refused: {refused}", game.action_id(&action));
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut parts = data.split(|&b| b == 0);
    let mut texts: [&str; 7] = [""; 7];
    for text in &mut texts {
        match parts.next().map(std::str::from_utf8) {
            Some(Ok(part)) => *text = part,
            Some(Err(_)) => return,
            None => break,
        }
    }
    let [nations, units, cards, distant_lands_units, distant_lands_cards, map_sections, terrain] = texts;
    let files = DataFiles { nations, units, cards, distant_lands_units, distant_lands_cards, map_sections, terrain };
    let Ok(rules) = load_texts(&files) else { return };
    // A game holds its data by a `'static` reference; the box is freed below, once the game (which
    // lives only inside `play`) is gone, so that accepted inputs do not pile up in memory.
    let compiled: &'static Compiled = Box::leak(Box::new(Compiled::new(rules)));
    play(compiled, hash(data));
    // SAFETY: `compiled` came from `Box::leak` above and nothing keeps it: `play` returned, and the
    // game and its copies were dropped with it (nothing in the library stores a ruleset it is given).
    unsafe { drop(Box::from_raw(std::ptr::from_ref(compiled).cast_mut())) };
});
