//! The floor of `cdgsolo bench manoeuvre`: a crude two-player game on a Manoeuvre-sized board with
//! none of Manoeuvre's real rules, played by the same uniform random policy through the same kind of
//! loop (legal actions into a reused buffer, one chosen by `below`, chance as uniform outcomes).
//!
//! It stands for what a random game costs when the rules are nearly free: each side has eight units
//! of strength 2 on an 8x8 board and a 60-card deck held as a 64-bit set; a turn is a Discard phase
//! (one card at a time, or stop), a Draw to five (each card a chance outcome of the deck), a move of
//! one unit to a free orthogonal square (or none), an attack on an orthogonal enemy with a card of
//! the hand (or none), settled by a d6 for each side, and the turn passes. The game ends when a side
//! has lost five units or has drawn the last card of its deck (Manoeuvre's nightfall comes at the
//! end of a first deck too). The engine's speed is read as a ratio to
//! this floor measured in the same run, since the build machine's speed moves by a factor of two
//! from one minute to the next.

use engine::below;
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Discard,
    Draw,
    Move,
    Attack,
    Dice { attacker: u8, defender: u8, rolled: u8 },
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloorAction {
    Discard(u8),
    EndDiscard,
    Draw(u8),
    Move { unit: u8, to: u8 },
    NoMove,
    Attack { unit: u8, target: u8, card: u8 },
    NoAttack,
    Die(u8),
}

/// The crude game's whole state: a `Copy` value, as Manoeuvre's is.
#[derive(Clone, Copy, Debug)]
pub struct Floor {
    board: [u8; 64],
    square: [u8; 16],
    strength: [u8; 16],
    hand: [u64; 2],
    deck: [u64; 2],
    discard: [u64; 2],
    passes: [u8; 2],
    lost: [u8; 2],
    active: u8,
    step: Step,
}

const EMPTY: u8 = 0xFF;
const DECK: u64 = (1 << 60) - 1;

impl Floor {
    pub fn new() -> Self {
        let mut board = [EMPTY; 64];
        let mut square = [0; 16];
        for u in 0..16u8 {
            // Side 0 on the second row, side 1 on the seventh.
            let sq = if u < 8 { 8 + u } else { 48 + (u - 8) };
            board[sq as usize] = u;
            square[u as usize] = sq;
        }
        Floor {
            board,
            square,
            strength: [2; 16],
            hand: [0; 2],
            deck: [DECK; 2],
            discard: [0; 2],
            passes: [0; 2],
            lost: [0; 2],
            active: 0,
            step: Step::Draw,
        }
    }

    pub fn is_over(&self) -> bool {
        self.step == Step::Over
    }

    fn neighbours(sq: u8) -> impl Iterator<Item = u8> {
        let (r, c) = (sq / 8, sq % 8);
        [(r > 0).then(|| sq - 8), (r < 7).then(|| sq + 8), (c > 0).then(|| sq - 1), (c < 7).then(|| sq + 1)]
            .into_iter()
            .flatten()
    }

    pub fn legal(&self, out: &mut Vec<FloorAction>) {
        out.clear();
        let p = self.active as usize;
        match self.step {
            Step::Discard => {
                let mut h = self.hand[p];
                while h != 0 {
                    out.push(FloorAction::Discard(h.trailing_zeros() as u8));
                    h &= h - 1;
                }
                out.push(FloorAction::EndDiscard);
            }
            Step::Draw => {
                let mut d = self.deck[p];
                while d != 0 {
                    out.push(FloorAction::Draw(d.trailing_zeros() as u8));
                    d &= d - 1;
                }
            }
            Step::Move => {
                for unit in (p as u8 * 8)..(p as u8 * 8 + 8) {
                    if self.strength[unit as usize] == 0 {
                        continue;
                    }
                    for to in Self::neighbours(self.square[unit as usize]) {
                        if self.board[to as usize] == EMPTY {
                            out.push(FloorAction::Move { unit, to });
                        }
                    }
                }
                out.push(FloorAction::NoMove);
            }
            Step::Attack => {
                if let Some(card) = (self.hand[p] != 0).then(|| self.hand[p].trailing_zeros() as u8) {
                    for unit in (p as u8 * 8)..(p as u8 * 8 + 8) {
                        if self.strength[unit as usize] == 0 {
                            continue;
                        }
                        for to in Self::neighbours(self.square[unit as usize]) {
                            let target = self.board[to as usize];
                            if target != EMPTY && target / 8 != p as u8 {
                                out.push(FloorAction::Attack { unit, target, card });
                            }
                        }
                    }
                }
                out.push(FloorAction::NoAttack);
            }
            Step::Dice { .. } => out.extend((1..=6).map(FloorAction::Die)),
            Step::Over => {}
        }
    }

    pub fn apply(&mut self, action: FloorAction) {
        let p = self.active as usize;
        match action {
            FloorAction::Discard(c) => {
                self.hand[p] &= !(1 << c);
                self.discard[p] |= 1 << c;
            }
            FloorAction::EndDiscard => self.step = Step::Draw,
            FloorAction::Draw(c) => {
                self.deck[p] &= !(1 << c);
                self.hand[p] |= 1 << c;
            }
            FloorAction::Move { unit, to } => {
                let from = self.square[unit as usize];
                self.board[from as usize] = EMPTY;
                self.board[to as usize] = unit;
                self.square[unit as usize] = to;
                self.step = Step::Attack;
            }
            FloorAction::NoMove => self.step = Step::Attack,
            FloorAction::Attack { unit, target, card } => {
                self.hand[p] &= !(1 << card);
                self.discard[p] |= 1 << card;
                self.step = Step::Dice { attacker: unit, defender: target, rolled: 0 };
            }
            FloorAction::NoAttack => self.end_turn(),
            FloorAction::Die(v) => {
                if let Step::Dice { attacker, defender, rolled } = self.step {
                    if rolled == 0 {
                        self.step = Step::Dice { attacker, defender, rolled: v };
                    } else {
                        let loser = if rolled > v { defender } else { attacker };
                        self.strength[loser as usize] -= 1;
                        if self.strength[loser as usize] == 0 {
                            self.board[self.square[loser as usize] as usize] = EMPTY;
                            self.lost[(loser / 8) as usize] += 1;
                        }
                        self.end_turn();
                    }
                }
            }
        }
        self.settle();
    }

    fn end_turn(&mut self) {
        if self.lost.iter().any(|&l| l >= 5) {
            self.step = Step::Over;
            return;
        }
        self.active = 1 - self.active;
        self.step = Step::Discard;
    }

    /// The draw needs no decision once the hand holds five or no card is left to draw.
    fn settle(&mut self) {
        let p = self.active as usize;
        if self.step == Step::Draw {
            if self.deck[p] == 0 {
                self.passes[p] += 1;
                self.step = Step::Over;
                return;
            }
            if self.hand[p].count_ones() >= 5 || self.deck[p] == 0 {
                self.step = Step::Move;
            }
        }
    }
}

/// Plays `games` random games of the floor; returns the steps taken.
#[inline(never)]
pub fn play(games: u64, rng: &mut ChaCha8Rng) -> u64 {
    let fresh = Floor::new();
    let mut buffer = Vec::with_capacity(128);
    let mut steps = 0;
    for _ in 0..games {
        let mut game = fresh;
        while !game.is_over() {
            game.legal(&mut buffer);
            let action = buffer[below(rng, buffer.len())];
            game.apply(action);
            steps += 1;
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;

    #[test]
    fn floor_games_end_and_keep_the_board_in_step() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut buffer = Vec::new();
        for _ in 0..50 {
            let mut game = Floor::new();
            let mut steps = 0;
            while !game.is_over() {
                game.legal(&mut buffer);
                assert!(!buffer.is_empty(), "a live floor game offers an action");
                game.apply(buffer[below(&mut rng, buffer.len())]);
                steps += 1;
                assert!(steps < 100_000, "a floor game ends");
                for u in 0..16 {
                    if game.strength[u] > 0 {
                        assert_eq!(game.board[game.square[u] as usize], u as u8);
                    }
                }
                for p in 0..2 {
                    assert_eq!(game.hand[p] & game.deck[p], 0);
                    assert_eq!(game.hand[p] & game.discard[p], 0);
                }
            }
            assert!(game.lost.iter().any(|&l| l >= 5) || game.passes.iter().any(|&n| n >= 1));
        }
    }
}
