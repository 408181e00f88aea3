//! A fingerprint of the rules: seeded random games in both hand modes, every step's action id and
//! every legal list's length folded into one number. Any change to what is legal, in what order, or
//! to where an action leads changes it; speed work on the engine must leave it as it is (the number
//! was taken on the engine before that work, commit 79a8490).

use engine::{Game, ToMove, below};
use manoeuvre::{HandMode, Manoeuvre, ManoeuvreSetup};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn fold(hash: u64, bytes: &[u8]) -> u64 {
    // FNV-1a, 64 bits.
    bytes.iter().fold(hash, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3))
}

fn fingerprint(modes: [HandMode; 2], games: u64) -> (u64, u64) {
    let mut hash = 0xCBF2_9CE4_8422_2325;
    let mut steps = 0;
    let mut legal = Vec::new();
    for seed in 0..games {
        let setup = ManoeuvreSetup { quick_start: true, hand_modes: Some(modes), ..ManoeuvreSetup::default() };
        let mut g = Manoeuvre::new(&setup).expect("a quick start");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while g.to_move() != ToMove::Terminal {
            g.legal_actions(&mut legal);
            let action = legal[below(&mut rng, legal.len())];
            hash = fold(hash, &(legal.len() as u32).to_le_bytes());
            hash = fold(hash, g.action_id(&action).as_bytes());
            g.apply_legal(&action);
            steps += 1;
        }
    }
    (steps, hash)
}

#[test]
fn random_games_take_the_steps_they_took_before_the_engine_was_made_faster() {
    assert_eq!(fingerprint([HandMode::Hand; 2], 60), (33_963, 143_923_770_157_163_414), "secret hands");
    assert_eq!(fingerprint([HandMode::Display; 2], 60), (37_617, 16_377_887_929_774_836_253), "two displays");
    assert_eq!(
        fingerprint([HandMode::Hand, HandMode::Display], 60),
        (35_742, 16_488_962_236_602_598_397),
        "a hand against a display"
    );
}
