//! Information Set Monte Carlo Tree Search (single observer): one tree over the seat's information
//! set. Every iteration starts from a fresh determinization of the seat, so the search never sees
//! the real hidden cards; chance outcomes on the way are sampled; a node's children are the actions
//! tried from it in any determinization, and a child competes only in the iterations where its
//! action is legal (its availability count stands in for the parent's visits in UCB). Playouts
//! follow a [`Playout`] policy: uniform random to the end of the game (or a step cap, scored as a
//! draw), or a game's own policy for some decisions and then its estimate of the position. With
//! progressive widening a node lets its moves in as its visits grow, the policy's favourites first,
//! so that a small budget goes deep on likely moves instead of trying every move once. A search
//! may keep the part of its tree below the move it took, for a next decision of the same seat that
//! follows at once.

use engine::{Game, ToMove, below};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use rayon::prelude::*;

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

/// How a search finishes an iteration once it leaves its tree.
pub trait Playout<G: Game>: Send + Sync {
    /// A short name for the bot's name ("random", "rules").
    fn name(&self) -> &'static str;
    /// The index in `legal` of the move the playout makes for the player to move in `state` (a
    /// determinization: the policy must read only what that player may know).
    fn pick(&self, state: &G, legal: &[G::Action], rng: &mut ChaCha8Rng) -> usize;
    /// Player decisions after which the playout stops and is judged by [`Playout::estimate`];
    /// `None` plays to the end.
    fn depth(&self) -> Option<u32>;
    /// The chance that `player` wins from `state` (used when a playout is cut short).
    fn estimate(&self, state: &G, player: u8) -> f64;
}

/// Uniformly random playouts to the end of the game.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlayout;

impl<G: Game> Playout<G> for RandomPlayout {
    fn name(&self) -> &'static str {
        "random"
    }

    fn pick(&self, _state: &G, legal: &[G::Action], rng: &mut ChaCha8Rng) -> usize {
        below(rng, legal.len())
    }

    fn depth(&self) -> Option<u32> {
        None
    }

    fn estimate(&self, _state: &G, _player: u8) -> f64 {
        0.5
    }
}

/// How fast a node lets in more of its moves: at most `ceil(width * visits^growth)` of them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Widening {
    pub width: f64,
    pub growth: f64,
}

impl Widening {
    /// How many moves a node visited `visits` times may have in play.
    fn allowed(&self, visits: u32) -> usize {
        (self.width * f64::from(visits.max(1)).powf(self.growth)).ceil() as usize
    }
}

/// The search bot. Its strength is its budget (`iterations` per decision) and its playouts.
#[derive(Clone, Debug)]
pub struct Mcts<P = RandomPlayout> {
    pub iterations: u32,
    /// The UCB exploration constant.
    pub exploration: f64,
    /// Steps a playout may take before it is scored as a draw.
    pub playout_cap: u32,
    /// Independent trees searched at once (root parallelism), their root statistics added up; each
    /// runs `iterations`.
    pub threads: usize,
    pub playout: P,
    /// A budget in time as well: each tree stops when this much time has passed, whatever is left
    /// of `iterations` (decisions then depend on the machine's speed and are not reproducible).
    pub time_limit: Option<std::time::Duration>,
    /// Progressive widening: a node visited `n` times keeps at most `ceil(width * n^growth)` of
    /// its moves in play (those legal in the iteration's determinization), adding the playout
    /// policy's favourite among the rest when it may grow. `None` tries every move once before
    /// choosing among them by UCB.
    pub widening: Option<Widening>,
    /// Stop a one-tree search as soon as its most visited root move can no longer be overtaken
    /// by the iterations left: the move chosen is the same, sooner (the candidates' visit counts
    /// are then smaller than the budget).
    pub stop_when_decided: bool,
    /// Keep the tree after a decision: when the seat's next decision follows at once (nothing
    /// drawn, rolled or decided by anyone else between, nothing revealed), its search starts from
    /// the part of the old tree below the move taken instead of from nothing. The iterations
    /// spent there on the position now reached count again, so the same budget weighs it better.
    pub keep_tree: bool,
    /// What a decision left for the next one (see [`Mcts::keep_tree`]).
    kept: KeptTree,
    /// The name the bot goes by instead of its budget (a level: `mcts:hard`).
    named: Option<String>,
    last: Vec<Candidate>,
}

impl Mcts<RandomPlayout> {
    /// A search with uniformly random playouts.
    pub fn new(iterations: u32) -> Self {
        Mcts::with_playout(iterations, RandomPlayout)
    }
}

impl<P> Mcts<P> {
    pub fn with_playout(iterations: u32, playout: P) -> Self {
        Mcts {
            iterations: iterations.max(1),
            exploration: 0.7,
            playout_cap: 20_000,
            threads: 1,
            playout,
            time_limit: None,
            widening: None,
            stop_when_decided: false,
            keep_tree: false,
            kept: KeptTree::default(),
            named: None,
            last: Vec::new(),
        }
    }

    /// A search that thinks for `limit` (at least one iteration) instead of a number of iterations.
    pub fn timed(limit: std::time::Duration, playout: P) -> Self {
        Mcts { time_limit: Some(limit), ..Mcts::with_playout(u32::MAX, playout) }
    }

    /// The same search going by `name` instead of its budget (a level: `mcts:hard`).
    pub fn called(mut self, name: String) -> Self {
        self.named = Some(name);
        self
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
    /// Where the action stood in the parent's legal list when last found there: the lists of
    /// most determinizations are alike, so looking there first mostly spares a scan.
    listed_at: u32,
}

impl<A> Node<A> {
    fn new(action: Option<A>, mover: u8) -> Self {
        Node { action, mover, children: Vec::new(), visits: 0, available: 0, reward: 0.0, listed_at: 0 }
    }
}

/// Whether `node`'s action is in `legal`, noting where it was found.
fn is_listed<A: PartialEq>(node: &mut Node<A>, legal: &[A]) -> bool {
    let Some(action) = &node.action else { return false };
    if legal.get(node.listed_at as usize) == Some(action) {
        return true;
    }
    match legal.iter().position(|a| a == action) {
        Some(i) => {
            node.listed_at = i as u32;
            true
        }
        None => false,
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

/// Whether the root's most visited move leads the next one by more than `left` visits: no
/// sequence of the remaining iterations can then change which move is chosen (ties would go to the
/// move tried first, so a lead equal to `left` is not enough).
fn decided<A>(nodes: &[Node<A>], left: u32) -> bool {
    let (mut first, mut second) = (0, 0);
    for &c in &nodes[0].children {
        let v = nodes[c].visits;
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    first - second > left
}

/// The result of a finished (or cut-short) game for `player`.
fn reward_for<G: Game>(state: &G, player: u8) -> f64 {
    match state.outcome().map(|o| o.winner) {
        Some(Some(w)) if w == player => 1.0,
        Some(Some(_)) => 0.0,
        _ => 0.5,
    }
}

impl<G: Game + Sync + 'static, P: Playout<G>> Bot<G> for Mcts<P>
where
    G::Action: Send + Sync,
    G::Observation: Send + Sync,
{
    fn name(&self) -> String {
        if let Some(name) = &self.named {
            return name.clone();
        }
        let budget = match self.time_limit {
            Some(limit) => format!("{}ms", limit.as_millis()),
            None => self.iterations.to_string(),
        };
        match self.playout.name() {
            "random" => format!("mcts:{budget}"),
            other => format!("mcts-{other}:{budget}"),
        }
    }

    fn explain(&self) -> Vec<Candidate> {
        self.last.clone()
    }

    fn choose(&mut self, seat: &Seat<'_, G>, rng: &mut ChaCha8Rng) -> Option<G::Action> {
        let root_legal = seat.legal();
        self.last.clear();
        let start = self.kept.take_for(seat);
        match root_legal.len() {
            0 => return None,
            1 => {
                let only = root_legal.into_iter().next();
                // A forced step passes through the kept tree too, to the decision after it.
                if let (Some(nodes), Some(action)) = (start, &only) {
                    self.keep(seat, nodes, action);
                }
                return only;
            }
            _ => {}
        }
        let seeds: Vec<u64> = (0..self.threads.max(1)).map(|_| rng.next_u64()).collect();
        let mut last_tree = None;
        let trees: Vec<Vec<(G::Action, u32, f64)>> = if seeds.len() == 1 {
            let (stats, nodes) = self.search(seat, &mut ChaCha8Rng::seed_from_u64(seeds[0]), start);
            last_tree = Some(nodes);
            vec![stats]
        } else {
            seeds.par_iter().map(|s| self.search(seat, &mut ChaCha8Rng::seed_from_u64(*s), None).0).collect()
        };
        // Root statistics added up over the trees, in the order the moves were first tried.
        let mut merged: Vec<(G::Action, u32, f64)> = Vec::new();
        for (action, visits, reward) in trees.into_iter().flatten() {
            match merged.iter_mut().find(|m| m.0 == action) {
                Some(m) => {
                    m.1 += visits;
                    m.2 += reward;
                }
                None => merged.push((action, visits, reward)),
            }
        }
        let total = f64::from(merged.iter().map(|m| m.1).sum::<u32>().max(1));
        let mut order: Vec<usize> = (0..merged.len()).collect();
        order.sort_by(|&a, &b| merged[b].1.cmp(&merged[a].1).then(a.cmp(&b)));
        self.last = order
            .iter()
            .map(|&i| {
                let (action, visits, reward) = &merged[i];
                Candidate {
                    id: seat.id(action),
                    label: seat.label(action),
                    visits: *visits,
                    share: f64::from(*visits) / total,
                    win_rate: if *visits == 0 { 0.5 } else { reward / f64::from(*visits) },
                }
            })
            .collect();
        // The most visited move that is legal at the real position (every root move is: the
        // seat's legal actions are the same in every determinization).
        let chosen = order
            .into_iter()
            .map(|i| merged[i].0.clone())
            .find(|a| root_legal.contains(a))
            .or_else(|| root_legal.into_iter().next());
        if let (Some(nodes), Some(action)) = (last_tree, &chosen) {
            self.keep(seat, nodes, action);
        }
        chosen
    }
}

/// A tree kept from one decision for the next (see [`Mcts::keep_tree`]), held without its game's
/// types since a bot is not generic over its game. A copy of the bot starts without it.
#[derive(Default)]
struct KeptTree(Option<Box<dyn std::any::Any + Send + Sync>>);

impl Clone for KeptTree {
    fn clone(&self) -> Self {
        KeptTree(None)
    }
}

impl std::fmt::Debug for KeptTree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "a tree kept" } else { "no tree kept" })
    }
}

/// The part of a tree below the move a seat took, and what that seat will observe if its next
/// decision comes straight after the move.
struct Kept<G: Game> {
    player: u8,
    expect: G::Observation,
    nodes: Vec<Node<G::Action>>,
}

impl KeptTree {
    /// The kept nodes, when `seat` is the one that kept them and sees exactly what it expected to
    /// see after its move: then its position is the kept tree's root. Anything else (a card drawn,
    /// a die rolled, the other side's decision, another game) drops them.
    fn take_for<G: Game + 'static>(&mut self, seat: &Seat<'_, G>) -> Option<Vec<Node<G::Action>>>
    where
        G::Observation: Send + Sync,
        G::Action: Send + Sync,
    {
        let kept = self.0.take()?.downcast::<Kept<G>>().ok()?;
        (kept.player == seat.player() && seat.to_move() && seat.observe() == kept.expect).then_some(kept.nodes)
    }
}

/// The subtree below `top`, copied out with `top` as its root (index 0).
fn subtree<A>(mut nodes: Vec<Node<A>>, top: usize) -> Vec<Node<A>> {
    let mut root = std::mem::replace(&mut nodes[top], Node::new(None, 0));
    root.action = None;
    let mut kept = vec![root];
    let mut at = 0;
    while at < kept.len() {
        let children = std::mem::take(&mut kept[at].children);
        let mut moved = Vec::with_capacity(children.len());
        for c in children {
            moved.push(kept.len());
            kept.push(std::mem::replace(&mut nodes[c], Node::new(None, 0)));
        }
        kept[at].children = moved;
        at += 1;
    }
    kept
}

impl<P> Mcts<P> {
    /// Keeps the part of `nodes` below `action`, the move the seat takes, when its next decision
    /// follows at once and so starts where that part starts.
    fn keep<G: Game + 'static>(&mut self, seat: &Seat<'_, G>, nodes: Vec<Node<G::Action>>, action: &G::Action)
    where
        G::Observation: Send + Sync,
        G::Action: Send + Sync,
    {
        if !self.keep_tree || self.threads > 1 {
            return;
        }
        let Some(top) = nodes[0].children.iter().copied().find(|&c| nodes[c].action.as_ref() == Some(action)) else {
            return;
        };
        // Any determinization tells what the seat will see after its own move (the contract keeps
        // its view one decision on), so this one is drawn from a fixed stream and the bot's own is
        // left alone. A move that shows something, or after which chance or the other side acts,
        // leaves nothing to keep.
        let mut after = seat.determinize(&mut ChaCha8Rng::seed_from_u64(0));
        if after.reveals(action) {
            return;
        }
        after.apply_legal(action);
        if after.to_move() != ToMove::Player(seat.player()) {
            return;
        }
        let expect = after.observe(seat.player());
        self.kept = KeptTree(Some(Box::new(Kept::<G> { player: seat.player(), expect, nodes: subtree(nodes, top) })));
    }

    /// One tree's search from the seat, grown from `start` when a tree was kept; returns the
    /// root's moves with their visits and rewards, and the tree.
    #[allow(clippy::type_complexity)]
    fn search<G: Game>(
        &self,
        seat: &Seat<'_, G>,
        rng: &mut ChaCha8Rng,
        start: Option<Vec<Node<G::Action>>>,
    ) -> (Vec<(G::Action, u32, f64)>, Vec<Node<G::Action>>)
    where
        P: Playout<G>,
    {
        let me = seat.player();
        let mut nodes: Vec<Node<G::Action>> = start.unwrap_or_else(|| vec![Node::new(None, me)]);
        let mut buffer = Vec::new();
        let mut path = Vec::new();
        let mut choices: Vec<G::Action> = Vec::new();
        // The seat's moves are the same in every determinization (the contract makes them depend
        // only on what it observes), so the root's are listed, and its children checked, once.
        let root_legal = seat.legal();
        let mut root_in_play: Vec<bool> = (0..nodes[0].children.len())
            .map(|k| {
                let c = nodes[0].children[k];
                is_listed(&mut nodes[c], &root_legal)
            })
            .collect();
        let mut in_play_now: Vec<bool> = Vec::new();
        let mut listed: Vec<bool> = Vec::new();
        let mut choice_at: Vec<u32> = Vec::new();
        let started = std::time::Instant::now();
        // Exact only for one tree: with several, another tree's visits could change the order.
        let may_stop = self.stop_when_decided && self.threads <= 1;
        for i in 0..self.iterations {
            if may_stop && i > 0 && i % 8 == 0 && decided(&nodes, self.iterations - i) {
                break;
            }
            // The clock is read every few iterations: reading it costs more than a playout step.
            if let Some(limit) = self.time_limit
                && i > 0
                && i % 4 == 0
                && started.elapsed() >= limit
            {
                break;
            }
            let mut state = seat.determinize(rng);
            // The root's visits are the iterations, which progressive widening reads.
            nodes[0].visits += 1;
            path.clear();
            let mut at = 0;
            // Selection and expansion.
            loop {
                through_chance(&mut state, rng, &mut buffer);
                let ToMove::Player(mover) = state.to_move() else { break };
                let at_root = at == 0;
                let legal: &[G::Action] = if at_root {
                    &root_legal
                } else {
                    state.legal_actions(&mut buffer);
                    &buffer
                };
                if legal.is_empty() {
                    break;
                }
                // Which children are legal in this determinization, worked out once for both the
                // availability counts and the choice among them.
                in_play_now.clear();
                if at_root {
                    in_play_now.extend_from_slice(&root_in_play);
                } else {
                    for k in 0..nodes[at].children.len() {
                        let c = nodes[at].children[k];
                        let listed_here = is_listed(&mut nodes[c], legal);
                        in_play_now.push(listed_here);
                    }
                }
                for (k, &legal_here) in in_play_now.iter().enumerate() {
                    if legal_here {
                        let c = nodes[at].children[k];
                        nodes[c].available += 1;
                    }
                }
                let in_play = in_play_now.iter().filter(|&&b| b).count();
                let may_grow = match self.widening {
                    Some(w) => in_play < w.allowed(nodes[at].visits),
                    None => true,
                } || in_play == 0;
                // The moves not tried yet are listed only when the node may take one of them in.
                choices.clear();
                choice_at.clear();
                if may_grow {
                    // Each child in play has been found in this list, and noted where.
                    listed.clear();
                    listed.resize(legal.len(), false);
                    for (k, &c) in nodes[at].children.iter().enumerate() {
                        if in_play_now[k] {
                            listed[nodes[c].listed_at as usize] = true;
                        }
                    }
                    for (i, a) in legal.iter().enumerate().filter(|&(i, _)| !listed[i]) {
                        choices.push(a.clone());
                        choice_at.push(i as u32);
                    }
                }
                if !choices.is_empty() {
                    // The playout policy picks which untried move to expand first, so a small
                    // budget tries the policy's favourites before the rest.
                    let k = if choices.len() == 1 { 0 } else { self.playout.pick(&state, &choices, rng) };
                    let k = k.min(choices.len() - 1);
                    let action = choices[k].clone();
                    state.apply_legal(&action);
                    nodes.push(Node { listed_at: choice_at[k], ..Node::new(Some(action), mover) });
                    let child = nodes.len() - 1;
                    nodes[at].children.push(child);
                    if at_root {
                        root_in_play.push(true);
                    }
                    path.push(child);
                    break;
                }
                let c = self.exploration;
                let best = (0..nodes[at].children.len())
                    .filter(|&k| in_play_now[k])
                    .map(|k| nodes[at].children[k])
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
            let mut decisions = 0;
            let depth = self.playout.depth().unwrap_or(u32::MAX);
            let mut cut = false;
            loop {
                let to_move = state.to_move();
                if to_move == ToMove::Terminal || steps >= self.playout_cap {
                    break;
                }
                state.legal_actions(&mut buffer);
                if buffer.is_empty() {
                    break;
                }
                let i = match to_move {
                    ToMove::Player(_) => {
                        if decisions >= depth {
                            cut = true;
                            break;
                        }
                        decisions += 1;
                        if buffer.len() == 1 {
                            0
                        } else {
                            self.playout.pick(&state, &buffer, rng).min(buffer.len() - 1)
                        }
                    }
                    _ => below(rng, buffer.len()),
                };
                state.apply_legal(&buffer[i]);
                steps += 1;
            }
            let finished = state.to_move() == ToMove::Terminal;
            // A two-player game's results add up to one (a draw is a half each), so one judgement
            // serves both sides.
            let judged = cut.then(|| {
                let first = self.playout.estimate(&state, 0);
                [first, 1.0 - first]
            });
            for &n in &path {
                let mover = nodes[n].mover;
                nodes[n].visits += 1;
                nodes[n].reward += match judged {
                    Some(values) => values[usize::from(mover & 1)],
                    None if finished => reward_for(&state, mover),
                    None => 0.5,
                };
            }
        }
        let stats = nodes[0]
            .children
            .iter()
            .filter_map(|&c| {
                let n = &nodes[c];
                Some((n.action.clone()?, n.visits, n.reward))
            })
            .collect();
        (stats, nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_is_found_in_a_legal_list_wherever_it_stands_and_where_is_noted() {
        let mut node = Node::new(Some('c'), 0);
        // Not where it was last seen: found by a scan, and the place noted.
        assert!(is_listed(&mut node, &['a', 'b', 'c']));
        assert_eq!(node.listed_at, 2);
        // Where it was last seen.
        assert!(is_listed(&mut node, &['x', 'y', 'c', 'z']));
        assert_eq!(node.listed_at, 2);
        // Moved in a shorter list, then absent: absent leaves the note as it was.
        assert!(is_listed(&mut node, &['c']));
        assert_eq!(node.listed_at, 0);
        assert!(!is_listed(&mut node, &['a', 'b']));
        assert!(!is_listed(&mut node, &[]));
        assert_eq!(node.listed_at, 0);
        // The root has no move of its own and is never listed.
        assert!(!is_listed(&mut Node::<char>::new(None, 0), &['a']));
    }
}
