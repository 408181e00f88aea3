//! Information Set Monte Carlo Tree Search (single observer): one tree over the seat's information
//! set. Every iteration starts from a fresh determinization of the seat, so the search never sees
//! the real hidden cards; chance outcomes on the way are sampled; a node's children are the actions
//! tried from it in any determinization, and a child competes only in the iterations where its
//! action is legal (its availability count stands in for the parent's visits in UCB). Playouts are
//! uniform random to the end of the game (or a step cap, scored as a draw).

use engine::{Game, ToMove, below};
use rand_chacha::ChaCha8Rng;

use crate::{Bot, Seat};

/// One of the moves the last search weighed: how often it was chosen and how well it did, for the
/// player who was to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub id: String,
    pub label: String,
    pub visits: u32,
    /// Its part of the root's visits.
    pub share: f64,
    /// The average result for the searching player when this move was taken (1 a win, 0 a loss,
    /// a half for a draw or a playout cut short).
    pub win_rate: f64,
}

/// The search bot. Its strength is its budget: `iterations` per decision.
#[derive(Clone, Debug)]
pub struct Mcts {
    pub iterations: u32,
    /// The UCB exploration constant.
    pub exploration: f64,
    /// Steps a playout may take before it is scored as a draw.
    pub playout_cap: u32,
    last: Vec<Candidate>,
}

impl Mcts {
    pub fn new(iterations: u32) -> Self {
        Mcts { iterations: iterations.max(1), exploration: 0.7, playout_cap: 20_000, last: Vec::new() }
    }

    /// The moves the last decision weighed, most visited first: the bot's explanation, or a hint
    /// when the search ran for the human's own seat.
    pub fn candidates(&self) -> &[Candidate] {
        &self.last
    }
}

struct Node<A> {
    /// The action that leads here from the parent (none at the root).
    action: Option<A>,
    /// The player who took that action.
    mover: u8,
    children: Vec<usize>,
    visits: u32,
    available: u32,
    reward: f64,
}

impl<A> Node<A> {
    fn new(action: Option<A>, mover: u8) -> Self {
        Node { action, mover, children: Vec::new(), visits: 0, available: 0, reward: 0.0 }
    }
}

/// Applies sampled chance outcomes until a player (or nobody) is to move.
fn through_chance<G: Game>(state: &mut G, rng: &mut ChaCha8Rng, buffer: &mut Vec<G::Action>) {
    while state.to_move() == ToMove::Chance {
        state.legal_actions(buffer);
        if buffer.is_empty() {
            return;
        }
        let i = below(rng, buffer.len());
        state.apply_legal(&buffer[i]);
    }
}

/// The result of a finished (or cut-short) game for `player`.
fn reward_for<G: Game>(state: &G, player: u8) -> f64 {
    match state.outcome().map(|o| o.winner) {
        Some(Some(w)) if w == player => 1.0,
        Some(Some(_)) => 0.0,
        _ => 0.5,
    }
}

impl<G: Game> Bot<G> for Mcts {
    fn name(&self) -> String {
        format!("mcts:{}", self.iterations)
    }

    fn choose(&mut self, seat: &Seat<'_, G>, rng: &mut ChaCha8Rng) -> Option<G::Action> {
        let root_legal = seat.legal();
        self.last.clear();
        match root_legal.len() {
            0 => return None,
            1 => return root_legal.into_iter().next(),
            _ => {}
        }
        let me = seat.player();
        let mut nodes: Vec<Node<G::Action>> = vec![Node::new(None, me)];
        let mut buffer = Vec::new();
        let mut path = Vec::new();
        for _ in 0..self.iterations {
            let mut state = seat.determinize(rng);
            path.clear();
            let mut at = 0;
            // Selection and expansion.
            loop {
                through_chance(&mut state, rng, &mut buffer);
                let ToMove::Player(mover) = state.to_move() else { break };
                state.legal_actions(&mut buffer);
                if buffer.is_empty() {
                    break;
                }
                let untried: Vec<usize> = (0..buffer.len())
                    .filter(|&i| !nodes[at].children.iter().any(|&c| nodes[c].action.as_ref() == Some(&buffer[i])))
                    .collect();
                for k in 0..nodes[at].children.len() {
                    let c = nodes[at].children[k];
                    if nodes[c].action.as_ref().is_some_and(|a| buffer.contains(a)) {
                        nodes[c].available += 1;
                    }
                }
                if !untried.is_empty() {
                    let action = buffer[untried[below(rng, untried.len())]].clone();
                    state.apply_legal(&action);
                    nodes.push(Node::new(Some(action), mover));
                    let child = nodes.len() - 1;
                    nodes[at].children.push(child);
                    path.push(child);
                    break;
                }
                let c = self.exploration;
                let best = nodes[at]
                    .children
                    .iter()
                    .copied()
                    .filter(|&ch| nodes[ch].action.as_ref().is_some_and(|a| buffer.contains(a)))
                    .max_by(|&x, &y| {
                        let score = |n: &Node<G::Action>| {
                            n.reward / f64::from(n.visits)
                                + c * (f64::from(n.available.max(1)).ln() / f64::from(n.visits)).sqrt()
                        };
                        score(&nodes[x]).total_cmp(&score(&nodes[y]))
                    });
                let Some(best) = best else { break };
                if let Some(action) = nodes[best].action.clone() {
                    state.apply_legal(&action);
                }
                path.push(best);
                at = best;
            }
            // Playout.
            let mut steps = 0;
            loop {
                if state.to_move() == ToMove::Terminal || steps >= self.playout_cap {
                    break;
                }
                state.legal_actions(&mut buffer);
                if buffer.is_empty() {
                    break;
                }
                let i = below(rng, buffer.len());
                state.apply_legal(&buffer[i]);
                steps += 1;
            }
            let finished = state.to_move() == ToMove::Terminal;
            for &n in &path {
                let mover = nodes[n].mover;
                nodes[n].visits += 1;
                nodes[n].reward += if finished { reward_for(&state, mover) } else { 0.5 };
            }
            nodes[0].visits += 1;
        }
        let root = &nodes[0];
        let total = f64::from(root.visits.max(1));
        let mut ranked: Vec<usize> = root.children.clone();
        ranked.sort_by(|&a, &b| nodes[b].visits.cmp(&nodes[a].visits).then(a.cmp(&b)));
        self.last = ranked
            .iter()
            .filter_map(|&c| {
                let n = &nodes[c];
                let action = n.action.as_ref()?;
                Some(Candidate {
                    id: seat.id(action),
                    label: seat.label(action),
                    visits: n.visits,
                    share: f64::from(n.visits) / total,
                    win_rate: if n.visits == 0 { 0.5 } else { n.reward / f64::from(n.visits) },
                })
            })
            .collect();
        // The most visited move that is legal at the real position (every root move is: the
        // seat's legal actions are the same in every determinization).
        ranked
            .into_iter()
            .filter_map(|c| nodes[c].action.clone())
            .find(|a| root_legal.contains(a))
            .or_else(|| root_legal.into_iter().next())
    }
}
