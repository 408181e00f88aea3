//! Who sits in each seat of a game (a person, or a bot by name), and the bots' turns: after each
//! decision of a person the server lets the bots play until a person is to move again. A bot decides
//! from its own seat; its moves are told to the person only as far as the person could know them.

use bots::{BotSpec, Seat};
use engine::{Game, ToMove};
use manoeuvre::Manoeuvre;
use protocol::{DynSession, GameSession, MANOEUVRE, ProtocolError};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::{Value, json};

/// Hears of each move [`Seats::play_on`] makes: the session after it, the move's label as each seat
/// may read it, and its events.
pub type TellMove<'a> = dyn FnMut(&dyn DynSession, &dyn Fn(u8) -> Value, &Value) + 'a;

/// The two seats: `None` for a person.
#[derive(Clone, Debug, Default)]
pub struct Seats(pub [Option<BotSpec>; 2]);

impl Seats {
    /// Reads the seats a new game asks for: as [`Seats::parse`], and each bot must be one the
    /// server plays: a named one (`random`, `rules`, `mcts:easy|normal|hard`) or a search whose
    /// budget is at most [`MAX_ITERATIONS`] iterations or a second, so that no request can make a
    /// bot think for long.
    pub fn parse_request(game: &str, value: &Value) -> Result<Self, String> {
        let seats = Self::parse(game, value)?;
        for (spec, name) in
            seats.0.iter().flatten().zip(value.as_array().into_iter().flatten().filter_map(Value::as_str))
        {
            if capped(spec) != *spec {
                return Err(format!(
                    "'{name}' thinks longer than the server lets a bot think: choose random, rules, mcts:easy, \
                     mcts:normal or mcts:hard (a search of at most {MAX_ITERATIONS} iterations or {MAX_MILLIS} ms)"
                ));
            }
        }
        Ok(seats)
    }

    /// Reads `[null, "rules"]`, checking that the game can seat bots and that a person plays.
    pub fn parse(game: &str, value: &Value) -> Result<Self, String> {
        let Some(list) = value.as_array().filter(|l| l.len() == 2) else {
            return Err("\"bots\" takes two entries, null for a person or a bot's name for each side".into());
        };
        let mut seats: [Option<BotSpec>; 2] = [None, None];
        for (i, entry) in list.iter().enumerate() {
            seats[i] = match entry {
                Value::Null => None,
                Value::String(name) => Some(BotSpec::parse(name).map_err(|e| e.to_string())?),
                _ => return Err("each entry of \"bots\" is null or a bot's name".into()),
            };
        }
        if seats.iter().any(Option::is_some) && game != MANOEUVRE {
            return Err(format!("bots play Manoeuvre only; '{game}' is played by people at a real table"));
        }
        if seats.iter().all(Option::is_some) {
            return Err("a game needs a person in at least one seat (bots against bots: cdgsolo sim)".into());
        }
        Ok(Seats(seats))
    }

    pub fn to_value(&self) -> Value {
        Value::Array(self.0.iter().map(|s| s.as_ref().map_or(Value::Null, |b| json!(b.name()))).collect())
    }

    /// Whether a person sits in seat `player`.
    pub fn is_person(&self, player: u8) -> bool {
        self.0.get(usize::from(player)).is_some_and(Option::is_none)
    }

    fn human(&self) -> u8 {
        if self.0[0].is_none() { 0 } else { 1 }
    }

    /// Whether a bot is to move in this session.
    pub fn bot_to_move(&self, session: &dyn DynSession) -> bool {
        match manoeuvre_state(session).map(|s| s.to_move()) {
            Some(ToMove::Player(p)) => self.0[usize::from(p & 1)].is_some(),
            _ => false,
        }
    }

    /// Lets the bots play until a person is to move or the game ends; with `lone`, also takes each
    /// person's step that is the only choice and hides nothing ([`Manoeuvre::lone_step`]), marked in
    /// the log as taken for the player. Returns each move as the person may see it: a bot's with its
    /// label and events (or only that it decided about hidden cards), a step taken for the person
    /// with `"taken_for_player": true`.
    ///
    /// `tell` hears of each move once it is made: the session after it, the move's label as each
    /// seat may read it, and its events (for the pages following the game live).
    ///
    /// With `save_first`, it stops before a bot's move once it has taken a step for a person, so
    /// that the caller saves the person's part before the bot thinks.
    pub fn play_on(
        &self,
        session: &mut Box<dyn DynSession>,
        lone: bool,
        save_first: bool,
        tell: &mut TellMove<'_>,
    ) -> Result<Vec<Value>, ProtocolError> {
        let mut told: Vec<Value> = Vec::new();
        let mut took_for_person = false;
        let seed = session.status()["seed"].as_u64().unwrap_or(0);
        // Each side's bot lives for the whole call, so that a level deciding several times in a row
        // goes on from the tree its last decision kept (as it does in `play` and the simulator).
        let mut built: [Option<Box<dyn bots::Bot<Manoeuvre> + Send>>; 2] = [None, None];
        for _ in 0..10_000 {
            let Some(state) = manoeuvre_state(session.as_ref()) else { break };
            let ToMove::Player(p) = state.to_move() else { break };
            if save_first && took_for_person && self.0[usize::from(p & 1)].is_some() {
                break;
            }
            let steps = session.steps() as u64;
            let Some(spec) = &self.0[usize::from(p & 1)] else {
                // A person to move: a lone step is taken for them, anything else waits for them.
                // Against a bot nobody else watches the screen; at one screen the seat stays only
                // when the same person decided last.
                let seat_stays = self.0.iter().any(Option::is_some) || session.last_decider().is_none_or(|d| d == p);
                let Some(only) = state.lone_step(seat_stays).filter(|_| lone) else { break };
                let label = state.action_label(&only);
                let applied = session.apply_for_player(&state.action_id(&only))?;
                let events = json!(applied.events);
                tell(session.as_ref(), &|seat| json!(engine::label_seen_by(&state, seat, &only)), &events);
                told.push(json!({ "bot": null, "taken_for_player": true, "player": p, "label": label,
                    "events": events, "step": steps }));
                took_for_person = true;
                continue;
            };
            // A game saved by the terminal may seat a longer search: the server plays it at the
            // hard level's budget at most.
            let bot = built[usize::from(p & 1)].get_or_insert_with(|| capped(spec).build());
            // The bot's stream is keyed by the game's seed and the step, so a replay decides alike.
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ steps.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xB07);
            let Some(action) = bot.choose(&Seat::new(&state, p), &mut rng) else {
                return Err(ProtocolError::BadRequest(format!("{} found no move; this is a bug", bot.name())));
            };
            let id = state.action_id(&action);
            // The same words the game's history gives the person for this step.
            let label = engine::label_seen_by(&state, self.human(), &action);
            let applied = session.apply(&id)?;
            let events = json!(applied.events);
            tell(session.as_ref(), &|seat| json!(engine::label_seen_by(&state, seat, &action)), &events);
            told.push(json!({ "bot": bot.name(), "label": label, "events": events, "step": steps }));
        }
        Ok(told)
    }
}

/// The most iterations a search named by its budget may run in the server (`mcts-rules:N`,
/// `mcts:N`): about the hard level's wait when the search is of the levels' kind. It was the hard
/// level's budget until that level took fewer, longer iterations, and stays where it was so that a
/// budget the server took before is taken still.
pub const MAX_ITERATIONS: u32 = 4800;
/// The most a bot with a time budget may think in the server.
const MAX_MILLIS: u32 = 1000;

/// `spec` with its search budget cut to the hard level's.
fn capped(spec: &BotSpec) -> BotSpec {
    match *spec {
        BotSpec::Mcts { iterations, playouts } => {
            BotSpec::Mcts { iterations: iterations.min(MAX_ITERATIONS), playouts }
        }
        BotSpec::MctsTimed { millis, playouts } => BotSpec::MctsTimed { millis: millis.min(MAX_MILLIS), playouts },
        // The levels, the random and the rule-based player are within the server's budget.
        ref other => other.clone(),
    }
}

/// A hint for the player to move in a game of Manoeuvre: the moves a rule-guided search from that
/// player's own seat weighed most (it knows what the player knows, no more). `None` for other games.
pub fn hint(session: &dyn DynSession) -> Option<Vec<Value>> {
    let state = manoeuvre_state(session)?;
    let ToMove::Player(p) = state.to_move() else { return Some(Vec::new()) };
    let mut search = bots::hint_search();
    let steps = session.status()["steps"].as_u64().unwrap_or(0);
    let mut rng = ChaCha8Rng::seed_from_u64(steps ^ 0x4817);
    let chosen = bots::Bot::choose(&mut search, &Seat::new(&state, p), &mut rng);
    if search.candidates().is_empty() {
        // A single move to make: nothing was weighed, and that move is the hint.
        return Some(
            chosen
                .map(|a| json!({ "id": state.action_id(&a), "label": state.action_label(&a), "share": 1.0, "win_rate": null }))
                .into_iter()
                .collect(),
        );
    }
    Some(
        search
            .candidates()
            .iter()
            .take(3)
            .map(|c| json!({ "id": c.id, "label": c.label, "share": c.share, "win_rate": c.win_rate }))
            .collect(),
    )
}

/// The Manoeuvre state of a session, when it is a game of Manoeuvre.
fn manoeuvre_state(session: &dyn DynSession) -> Option<Manoeuvre> {
    session.as_any().downcast_ref::<GameSession<Manoeuvre>>().map(|g| *g.session.state())
}
