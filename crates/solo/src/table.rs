//! The card table: both sides' Card Displays, their deck(s) and discards, the markers, and a turn
//! of the common CDG Solo System (table operations, roll, flip, choose, play, refill, end of turn)
//! as a [`Game`]. Cards are numbered cards, anonymous unless a deck manifest names them and gives
//! their printed facts; when the Fate Die needs a value or type nobody has given yet, the table asks
//! the player for it as a decision. Game-specific special rules are layered on top of
//! this in later modules.

use std::collections::VecDeque;
use std::sync::Arc;

use engine::{ActionError, Game, Outcome, SetupError, ToMove};
use rand_core::RngCore;
use serde::{Deserialize, Serialize};

use crate::card::{CardFacts, CardId, CardName, Placed};
use crate::deck::Deck;
use crate::display::CardDisplay;
use crate::fate_die::{self, NeededFact};
use crate::manifest::Manifest;
use crate::playsheet::{
    DeckMode, Facing, MaxHandSize, PlaysPerTurn, Playsheet, RefillWhich, ReshuffleKind, ReshuffleScope, playsheet,
};
use crate::random_selection::{self, ChartResult};
use crate::slot::{SlotName, SlotSet};
use crate::table_action::{MarkerOp, TableAction};
use crate::table_view::TableView;

/// Highest value the table offers when it asks for a card's Ops, CP or order count.
pub const MAX_CARD_VALUE: u8 = 9;
/// Markers move on a track from 0 to this.
pub const MAX_MARKER: u8 = 12;

/// How to start a card table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSetup {
    /// A game id from `cdgsolo games`.
    pub game: String,
    /// Starting Max Hand Size of each side (its Command in the C&C games); the playsheet's default
    /// when absent. A difference deals extra cards per the Variable Hand Size table.
    #[serde(default)]
    pub hand_size: Option<[u8; 2]>,
    /// Cards per deck (the first number for a single deck); the playsheet's default when absent.
    #[serde(default)]
    pub deck_size: Option<[u16; 2]>,
    /// What is printed on the cards (see `docs/manifests.md`). Without one the cards are anonymous
    /// and the table asks for every fact the Fate Die needs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manifest: Option<Manifest>,
    /// Physical deck: the player shuffles and draws real cards, and tells the table which card each
    /// one is when it turns face-up (only meaningful with a manifest naming the cards).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub physical: bool,
    /// Nations a side fields (Epic Ancients: Field Command limits are per nation); 1 by default.
    #[serde(default = "one_nation", skip_serializing_if = "is_one_nation")]
    pub nations: u8,
}

fn one_nation() -> u8 {
    1
}

fn is_one_nation(n: &u8) -> bool {
    *n == 1
}

impl TableSetup {
    pub fn new(game: &str) -> Self {
        Self { game: game.to_string(), hand_size: None, deck_size: None, manifest: None, physical: false, nations: 1 }
    }

    /// A table for the manifest's game, dealing the manifest's cards.
    pub fn with_manifest(manifest: Manifest) -> Self {
        Self { manifest: Some(manifest.clone()), ..Self::new(&manifest.game) }
    }
}

/// Where a turn stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Before the roll: table operations (discards, markers, reshuffles, ...) and the roll itself.
    Start,
    /// The Fate Die is rolling: a chance node.
    Rolling,
    /// Face 2: the side turns face-down cards of its choice until two are face-up.
    FlipChoice { face: u8 },
    /// Playing the cards the roll allows. `face` 0 means the side played a set-aside card instead
    /// of rolling. `slot_rest` holds the other cards of a slot still playable this turn.
    Choose { face: u8, played: u8, slot_rest: Option<Vec<CardId>> },
    /// Random Card Selection against `target`'s display: first a slot, then a card inside it.
    /// `purpose` is the game rule that asked for the pick (none: the common random discard); the turn
    /// then goes back to `back`.
    Selecting {
        target: u8,
        slot: Option<SlotName>,
        first_die: Option<u8>,
        purpose: Option<crate::games::Special>,
        back: Box<Phase>,
    },
    /// The unplayable-results dig: cards are turned from the deck until one can be played.
    Digging { revealed: Option<CardId> },
    /// The active side played no card and may now move one card to another slot (Manoeuvre), or
    /// none. Kept as a step of its own so the many moves are listed only once the player chose not
    /// to play.
    MovingCard,
    /// The inactive side rolls the Fate Die before playing one of its face-up cards (`!!` blocks
    /// it); then the turn goes on where it was.
    InactiveRoll { card: CardId, purpose: u8, back: Box<Phase> },
    /// A roll of the Fate Die that a game's special rule asked for.
    GameRoll { special: crate::games::Special, back: Box<Phase> },
    /// A card drawn at random from `cards` (a shuffled stack of known cards) that a game's special
    /// rule asked for.
    GamePick { special: crate::games::Special, cards: Vec<CardId>, back: Box<Phase> },
}

/// A card owed to a slot (or to the top of a deck) that the table will draw as soon as it can.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pending {
    Fill {
        side: u8,
        slot: SlotName,
        facing: Facing,
        only_if_short: bool,
    },
    RevealTop {
        side: u8,
    },
    DigDraw {
        side: u8,
    },
    /// A card drawn face-up into a place a game rule keeps beside the display (a Courier Rack).
    ToHeld {
        side: u8,
        place: &'static str,
    },
}

impl Pending {
    /// The side whose deck the card comes from.
    pub(crate) fn side(&self) -> u8 {
        match *self {
            Pending::Fill { side, .. }
            | Pending::RevealTop { side }
            | Pending::DigDraw { side }
            | Pending::ToHeld { side, .. } => side,
        }
    }
}

/// The pair of displays not in use when a game gives each side two (La Grande Battles: the
/// Commander in Chief's and the Corps Commander's). The pair a turn step uses is swapped to the
/// front, so every common rule acts on it; this one waits with its own Max Hand Size markers.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct OtherPair {
    pub(crate) displays: [CardDisplay; 2],
    pub(crate) max_hand_size: [u8; 2],
    /// The names of the pair in front and of the pair waiting here.
    pub(crate) names: [&'static str; 2],
}

/// The place of a held card that fills its side's next refill instead of a draw from the deck.
pub const NEXT_REFILL: &str = "next refill";

/// The tag of a card the inactive side tried to play and Fate blocked (`!!`), until the turn ends.
const BLOCKED_THIS_TURN: &str = "blocked by the Fate Die this turn";

/// The place of a card whose event took it out of the game (a manifest's `removed_after_play`).
pub const REMOVED_FROM_GAME: &str = "removed from the game";

/// The place of a card that belongs to a later part of its deck (a manifest's `joins`).
pub const WAITING_TO_JOIN: &str = "waiting to join the deck";

/// A card kept aside by a game's special rules: whose it is, and where (in words).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Held {
    pub card: CardId,
    pub side: u8,
    pub place: &'static str,
}

/// The state of a CDG Solo System card table.
#[derive(Clone, Debug, PartialEq)]
pub struct CardTable {
    pub(crate) sheet: Arc<Playsheet>,
    pub(crate) displays: [CardDisplay; 2],
    /// One shared deck (Single Deck) or one per side (Dual Deck).
    pub(crate) decks: Vec<Deck>,
    /// What the player has told the table about each card; index 0 is unused.
    pub(crate) facts: Vec<CardFacts>,
    /// The printed number and name of each card a manifest describes, by card id (index 0 and
    /// anonymous cards: `None`; cards added during play are beyond the end).
    pub(crate) names: Arc<Vec<Option<CardName>>>,
    pub(crate) max_hand_size: [u8; 2],
    pub(crate) cards_remaining: [u8; 2],
    pub(crate) active: u8,
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    pub(crate) pending: VecDeque<Pending>,
    /// Slots whose discarded cards are replaced at the next roll (Manoeuvre's Draw phase).
    pub(crate) owed: Vec<SlotName>,
    pub(crate) last_roll: Option<u8>,
    /// The card picked by the last Random Card Selection, for the log and the view.
    pub(crate) last_selected: Option<CardId>,
    /// What became of the inactive side's last attempt to play a card (for the view and the log).
    pub(crate) last_inactive: Option<(CardId, bool)>,
    /// Cards a game rule has marked for later (the Wilderness War cards turned up for a battle
    /// response, ...), with the rule's word for the mark.
    pub(crate) tags: Vec<(CardId, &'static str)>,
    /// The slot the active side's last played card left (for rules that act on that slot).
    pub(crate) last_played_slot: Option<SlotName>,
    /// A second pair of displays, when the game gives each side two.
    pub(crate) other_pair: Option<Box<OtherPair>>,
    /// Per side, slots (bit per slot) whose refill a game rule holds back for now (Epic Ancients
    /// fills a turn's vacancies when it ends): no refill, reshuffles' included, goes to them.
    pub(crate) waiting_slots: [u8; 2],
    /// The number of cards each deck was built with.
    pub(crate) deck_sizes: [u16; 2],
    /// Physical deck mode (see [`TableSetup::physical`]).
    pub(crate) physical: bool,
    /// Nations per side (see [`TableSetup::nations`]), at least 1.
    pub(crate) nations: u8,
    /// Physical deck mode: cards the player has confirmed at their face-up place, by card id.
    pub(crate) confirmed: Vec<bool>,
    /// Per-side markers a game's special rules keep (momentum, passes, tokens, ...), by name.
    pub(crate) markers: Vec<(&'static str, [i32; 2])>,
    /// Cards a game's special rules keep out of the display and the decks (Future Offensives, the
    /// Infantry Square track, Tactician cards, ...), each with its side and the name of its place.
    pub(crate) held: Vec<Held>,
    pub(crate) next_card: u16,
}

impl CardTable {
    /// Whether the table waits for the first decision of the game: turn one, before its first
    /// Fate Die roll, with the deal done and every face-up card identified.
    pub fn at_first_decision(&self) -> bool {
        self.turn == 1
            && matches!(self.phase, Phase::Start)
            && self.pending.is_empty()
            && self.last_roll.is_none()
            && self.unconfirmed().is_none()
    }

    /// Whether taking `action` shuffles cards back into a deck or starts a random pick of cards
    /// (a Random Card Selection, a card from a shuffled stack): outcomes that undo cannot take back,
    /// so a front end may ask before it.
    pub fn shuffles_or_picks(&self, action: &TableAction) -> bool {
        let Some(next) = self.tried(action) else { return false };
        let picks = matches!(next.phase, Phase::Selecting { .. } | Phase::GamePick { .. });
        let shuffled = next.decks.iter().zip(&self.decks).any(|(after, before)| after.shuffles > before.shuffles);
        // Draws still owed beyond what a deck holds will take its discards back.
        let will_shuffle = next.decks.iter().enumerate().any(|(d, deck)| {
            let owed = next.pending.iter().filter(|p| next.deck_index(p.side()) == d).count();
            owed > deck.len() && !deck.discard.is_empty()
        });
        picks || shuffled || will_shuffle
    }

    /// The table as it would be once `action` is carried out (its draws still owed), if it is legal.
    fn tried(&self, action: &TableAction) -> Option<CardTable> {
        if !self.legal().contains(action) {
            return None;
        }
        let mut next = self.clone();
        engine::Game::apply_legal(&mut next, action);
        Some(next)
    }

    /// Whether carrying out `action` leaves a card face-up that is face-down now (on a display, or
    /// the top of a deck).
    fn turns_up_a_hidden_card(&self, action: &TableAction) -> bool {
        let hidden: Vec<CardId> = self
            .all_displays()
            .flat_map(|d| d.cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card))
            .chain(self.decks.iter().flat_map(|d| d.pool.iter().copied()))
            .collect();
        if hidden.is_empty() {
            return false;
        }
        let Some(next) = self.tried(action) else { return false };
        next.all_displays()
            .flat_map(|d| d.face_up().map(|(_, c)| c))
            .chain(next.decks.iter().filter_map(|d| d.top))
            .any(|c| hidden.contains(&c))
    }

    /// The side turn under way, counted from 1 (each side's turn counts one).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// How many cards each deck was set up with (the second is unused with a shared deck).
    pub fn deck_sizes(&self) -> [u16; 2] {
        self.deck_sizes
    }

    pub fn sheet(&self) -> &Playsheet {
        &self.sheet
    }
    pub fn display(&self, side: u8) -> &CardDisplay {
        &self.displays[side as usize]
    }
    pub fn deck_of(&self, side: u8) -> &Deck {
        &self.decks[self.deck_index(side)]
    }
    pub fn active(&self) -> u8 {
        self.active
    }
    pub fn last_roll(&self) -> Option<u8> {
        self.last_roll
    }
    pub fn cards_remaining(&self, side: u8) -> u8 {
        self.cards_remaining[side as usize]
    }
    pub fn max_hand_size(&self, side: u8) -> u8 {
        self.max_hand_size[side as usize]
    }
    pub fn facts(&self, card: CardId) -> CardFacts {
        self.facts.get(card.0 as usize).copied().unwrap_or_default()
    }
    /// The printed number and name of a card the manifest describes.
    pub fn card_name(&self, card: CardId) -> Option<&CardName> {
        self.names.get(card.0 as usize).and_then(Option::as_ref)
    }
    /// How a label names a card: "#21 No Prisoners" when the manifest describes it, else "card 7".
    pub fn card_label(&self, card: CardId) -> String {
        match self.card_name(card) {
            Some(name) => name.to_string(),
            None => card.to_string(),
        }
    }
    /// Shuffles the hidden cards of the given sides' displays and decks among their places (for
    /// [`Game::resample`]). A shared deck belongs to both sides, so it is included once.
    fn redraw_hidden(&mut self, rng: &mut dyn RngCore, sides: &[usize]) {
        let decks: Vec<usize> = match self.sheet.deck {
            DeckMode::Single => vec![0],
            DeckMode::Dual => sides.to_vec(),
        };
        let mut hidden: Vec<CardId> = Vec::new();
        for &side in sides {
            hidden.extend(self.displays[side].cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card));
            if let Some(other) = &self.other_pair {
                hidden.extend(other.displays[side].cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card));
            }
        }
        for &d in &decks {
            hidden.extend(self.decks[d].pool.iter().copied());
            // Cards discarded face-down (1960) are out of sight too.
            hidden.extend(self.decks[d].discard.iter().filter(|x| !x.face_up).map(|x| x.card));
        }
        engine::shuffle(rng, &mut hidden);
        let mut next = hidden.into_iter();
        for &side in sides {
            let other = self.other_pair.as_mut().map(|o| &mut o.displays[side]);
            for display in std::iter::once(&mut self.displays[side]).chain(other) {
                for stack in &mut display.slots {
                    for p in stack.iter_mut().filter(|p| !p.face_up) {
                        if let Some(c) = next.next() {
                            p.card = c;
                        }
                    }
                }
            }
        }
        for &d in &decks {
            for c in &mut self.decks[d].pool {
                if let Some(n) = next.next() {
                    *c = n;
                }
            }
            for x in self.decks[d].discard.iter_mut().filter(|x| !x.face_up) {
                if let Some(n) = next.next() {
                    x.card = n;
                }
            }
        }
    }

    /// Whether the table was set up with a manifest that describes at least one card.
    pub fn has_named_cards(&self) -> bool {
        self.names.iter().any(Option::is_some)
    }
    /// Whether every card of the table is named: its manifest lists every card of every deck (a
    /// complete manifest, or one whose listed cards fill the decks), so no card outside it exists.
    pub fn all_named(&self) -> bool {
        self.all_cards().all(|c| self.card_name(c).is_some())
    }
    /// Every card number in play.
    pub fn all_cards(&self) -> impl Iterator<Item = CardId> {
        (1..self.next_card).map(CardId)
    }

    pub(crate) fn deck_index(&self, side: u8) -> usize {
        match self.sheet.deck {
            DeckMode::Single => 0,
            DeckMode::Dual => side as usize,
        }
    }

    fn dual(&self) -> bool {
        self.sheet.deck == DeckMode::Dual
    }

    /// The face-up top card of a side's own deck, which a Dual Deck shows in slot C.
    pub(crate) fn visible_top(&self, side: u8) -> Option<CardId> {
        if self.dual() { self.decks[side as usize].top } else { None }
    }

    /// The cards the current roll lets the active side play, or the fact still needed to know.
    pub(crate) fn eligible(&self) -> Result<Vec<CardId>, NeededFact> {
        let Phase::Choose { face, played, slot_rest } = &self.phase else { return Ok(Vec::new()) };
        if *played > 0 {
            return Ok(match (self.sheet.plays_per_turn, slot_rest) {
                (PlaysPerTurn::WholeSlot, Some(rest)) => {
                    let display = self.display(self.active);
                    rest.iter().copied().filter(|c| display.face_up().any(|(_, x)| x == *c)).collect()
                }
                _ => Vec::new(),
            });
        }
        let facts = |c: CardId| self.facts(c);
        fate_die::eligible_cards(&self.sheet, *face, self.display(self.active), self.visible_top(self.active), &facts)
    }

    /// Whether face 2 of an Event sheet lets `card` be played for its event only: it is allowed as
    /// an Event card but is not among the lowest-valued face-up cards (those may be played for any
    /// purpose). Every card of these games carries an event, so "any face-up Event card ... for any
    /// allowable purpose" read loosely would allow any card for anything (docs/playsheet-rules.md).
    pub(crate) fn face_two_event_only(&self, card: CardId) -> bool {
        let Phase::Choose { face: 2, played: 0, .. } = &self.phase else { return false };
        if !self.sheet.face_two_type.eq_ignore_ascii_case("event") || !self.sheet.lowest.is_numeric() {
            return false;
        }
        let facts = |c: CardId| self.facts(c);
        match fate_die::face_two_lowest(&self.sheet, self.display(self.active), self.visible_top(self.active), &facts) {
            Ok(lowest) => !lowest.contains(&card),
            Err(_) => false,
        }
    }

    /// The slots of `side`'s display that hold at least one face-up card, with those cards; the
    /// face-up top of a Dual Deck counts as slot C.
    pub(crate) fn selection_slots(&self, side: u8) -> Vec<(SlotName, Vec<CardId>)> {
        let display = self.display(side);
        let mut out: Vec<(SlotName, Vec<CardId>)> = Vec::new();
        for slot in SlotName::ALL {
            let mut cards: Vec<CardId> = display.slot(slot).iter().filter(|p| p.face_up).map(|p| p.card).collect();
            if slot == SlotName::C
                && let Some(top) = self.visible_top(side)
            {
                cards.push(top);
            }
            if !cards.is_empty() {
                out.push((slot, cards));
            }
        }
        out
    }

    /// True when the unplayable-results dig is allowed: every display card is face-up and there
    /// are five of them.
    pub(crate) fn can_dig(&self) -> bool {
        let display = self.display(self.active);
        let cards = display.cards().count() + usize::from(self.visible_top(self.active).is_some());
        self.sheet.unplayable_rule
            && display.face_down_count() == 0
            && cards >= 5
            && !display.slot(SlotName::A).is_empty()
    }

    fn new_table(setup: &TableSetup) -> Result<Self, SetupError> {
        let sheet = playsheet(&setup.game).map_err(|e| SetupError(e.to_string()))?;
        let decks_needed = if sheet.deck == DeckMode::Dual { 2 } else { 1 };
        let listed: [Vec<(CardName, CardFacts)>; 2] = match &setup.manifest {
            None => Default::default(),
            Some(manifest) => {
                if manifest.game != sheet.id {
                    return Err(SetupError(format!(
                        "the manifest is for '{}', but the table is set up for '{}'",
                        manifest.game, sheet.id
                    )));
                }
                manifest.validate().map_err(|e| SetupError(e.to_string()))?;
                manifest.deck_cards(&sheet)
            }
        };
        let sizes = match (&setup.deck_size, &setup.manifest) {
            (Some(sizes), _) => *sizes,
            (None, Some(manifest)) => match manifest.deck_sizes() {
                Some(sizes) => sizes,
                None if manifest.complete => {
                    let count = |d: &Vec<(CardName, CardFacts)>| u16::try_from(d.len()).unwrap_or(u16::MAX);
                    [count(&listed[0]), count(&listed[1])]
                }
                None => sheet.deck_size,
            },
            (None, None) => sheet.deck_size,
        };
        for (d, &size) in sizes[..decks_needed].iter().enumerate() {
            if listed[d].len() > usize::from(size) {
                let whose = if decks_needed == 1 { "the shared deck".to_string() } else { sheet.sides[d].clone() };
                return Err(SetupError(format!(
                    "deck_size {size} is smaller than the {} cards the manifest lists for {whose}",
                    listed[d].len()
                )));
            }
        }
        for &size in &sizes[..decks_needed] {
            if !(8..=999).contains(&size) {
                return Err(SetupError(format!("deck_size {size} is out of range (8 to 999 cards)")));
            }
        }
        let default_hand = if sheet.default_hand_size > 0 { sheet.default_hand_size } else { 7 };
        let hand = setup.hand_size.unwrap_or([default_hand; 2]);
        if hand.iter().any(|h| !(1..=MAX_MARKER).contains(h)) {
            return Err(SetupError(format!(
                "hand_size {} and {} is out of range (1 to {MAX_MARKER})",
                hand[0], hand[1]
            )));
        }
        let mut decks = vec![Deck::default(); decks_needed];
        let mut next = 1u16;
        let mut facts = vec![CardFacts::default()];
        let mut names: Vec<Option<CardName>> = vec![None];
        for ((deck, &size), known) in decks.iter_mut().zip(&sizes).zip(&listed) {
            deck.pool = (next..next + size).map(CardId).collect();
            next += size;
            // The manifest's cards first, in the order of the file, then anonymous ones.
            for k in 0..usize::from(size) {
                let (name, fact) = match known.get(k) {
                    Some((name, fact)) => (Some(name.clone()), *fact),
                    None => (None, CardFacts::default()),
                };
                names.push(name);
                facts.push(fact);
            }
        }
        if setup.manifest.is_none() {
            names.clear();
        }
        let mut table = CardTable {
            displays: Default::default(),
            decks,
            facts,
            names: Arc::new(names),
            max_hand_size: hand,
            cards_remaining: if sheet.cards_remaining { hand } else { [0; 2] },
            active: 0,
            turn: 1,
            phase: Phase::Start,
            pending: VecDeque::new(),
            owed: Vec::new(),
            last_roll: None,
            last_selected: None,
            last_inactive: None,
            markers: Vec::new(),
            held: Vec::new(),
            deck_sizes: sizes,
            physical: setup.physical,
            nations: setup.nations.max(1),
            confirmed: Vec::new(),
            tags: Vec::new(),
            last_played_slot: None,
            other_pair: None,
            waiting_slots: [0; 2],
            next_card: next,
            sheet,
        };
        table.hold_back_later_parts();
        for side in 0..2 {
            table.set_targets(side);
            table.deal(side);
        }
        table.rules().setup(&mut table);
        table.settle();
        Ok(table)
    }

    /// Cards a manifest assigns to a later part of the deck wait outside it (held at
    /// [`WAITING_TO_JOIN`]) until a game rule adds their part.
    fn hold_back_later_parts(&mut self) {
        for d in 0..self.decks.len() {
            let side = u8::try_from(d).unwrap_or(0);
            let later: Vec<CardId> =
                self.decks[d].pool.iter().copied().filter(|c| self.part_of(*c).is_some()).collect();
            self.decks[d].pool.retain(|c| !later.contains(c));
            self.held.extend(later.into_iter().map(|card| Held { card, side, place: WAITING_TO_JOIN }));
        }
    }

    /// A card the manifest marks as leaving the game once its event is played goes out of the
    /// discards, into the pile of cards removed from the game.
    pub(crate) fn remove_if_spent(&mut self, card: CardId, purpose: u8) {
        let event = self.sheet.purposes.get(usize::from(purpose)).is_some_and(|p| p.starts_with("Event"));
        if !event || self.flags(card).removed_after_play != Some(true) {
            return;
        }
        let side = self.active;
        let d = self.deck_index(side);
        if let Some(i) = self.decks[d].discard.iter().rposition(|x| x.card == card) {
            self.decks[d].discard.remove(i);
            self.held.push(Held { card, side, place: REMOVED_FROM_GAME });
        }
    }

    /// The cards held at `place`, by `side` or by either side, in the order they were put there.
    pub(crate) fn held_cards(&self, place: &str, side: Option<u8>) -> Vec<CardId> {
        self.held.iter().filter(|h| h.place == place && side.is_none_or(|s| h.side == s)).map(|h| h.card).collect()
    }

    /// What the manifest says of a card's flags (nothing for an unnamed card).
    pub fn flags(&self, card: CardId) -> crate::card::CardFlags {
        self.card_name(card).map(|n| n.flags).unwrap_or_default()
    }

    /// The later part of the deck a card belongs to, if its manifest entry says so.
    pub fn part_of(&self, card: CardId) -> Option<&str> {
        self.card_name(card).and_then(|n| n.joins.as_deref())
    }

    /// The cards of `side`'s deck still waiting to join it with the part `part`.
    pub(crate) fn waiting(&self, side: u8, part: &str) -> Vec<CardId> {
        let d = self.deck_index(side);
        self.held
            .iter()
            .filter(|h| {
                h.place == WAITING_TO_JOIN && self.deck_index(h.side) == d && self.part_of(h.card) == Some(part)
            })
            .map(|h| h.card)
            .collect()
    }

    /// Every later part of `side`'s deck the manifest names, in the order of its cards; the list
    /// never changes during a game, so a part's place in it is a stable way to name it.
    pub(crate) fn later_parts(&self, side: u8) -> Vec<String> {
        let d = self.deck_index(side);
        let start: u16 = 1 + self.deck_sizes.iter().take(d).sum::<u16>();
        let end: u16 = start + self.deck_sizes.get(d).copied().unwrap_or(0);
        let mut parts: Vec<String> = Vec::new();
        for id in start..end {
            if let Some(part) = self.part_of(CardId(id))
                && !parts.iter().any(|p| p == part)
            {
                parts.push(part.to_string());
            }
        }
        parts
    }

    /// Puts the waiting cards of `part` into `side`'s undrawn deck (the caller reshuffles as its
    /// rule says).
    pub(crate) fn join_part(&mut self, side: u8, part: &str) {
        let cards = self.waiting(side, part);
        self.held.retain(|h| !cards.contains(&h.card));
        let d = self.deck_index(side);
        self.decks[d].pool.extend(cards);
    }

    /// Every display of the table: the pair in front, then the waiting pair if there is one.
    pub(crate) fn all_displays(&self) -> impl Iterator<Item = &CardDisplay> {
        self.displays.iter().chain(self.other_pair.iter().flat_map(|p| p.displays.iter()))
    }

    /// Opens a second, empty pair of displays, waiting behind the current one.
    pub(crate) fn open_second_pair(&mut self, front: &'static str, waiting: &'static str) {
        self.other_pair = Some(Box::new(OtherPair {
            displays: Default::default(),
            max_hand_size: self.max_hand_size,
            names: [front, waiting],
        }));
    }

    /// Brings the waiting pair of displays to the front (with its Max Hand Size markers).
    pub(crate) fn swap_pairs(&mut self) {
        if let Some(other) = self.other_pair.as_mut() {
            std::mem::swap(&mut self.displays, &mut other.displays);
            std::mem::swap(&mut self.max_hand_size, &mut other.max_hand_size);
            other.names.swap(0, 1);
        }
    }

    /// Sets the card slots of both front displays from their Max Hand Sizes and deals them.
    pub(crate) fn deal_front_pair(&mut self) {
        for side in 0..2 {
            self.set_targets(side);
            self.deal(side);
        }
    }

    /// A new anonymous card joins `side`'s undrawn deck (a card the manifest does not list).
    pub(crate) fn add_anonymous_card(&mut self, side: u8) -> CardId {
        let card = CardId(self.next_card);
        self.next_card += 1;
        self.facts.push(CardFacts::default());
        let d = self.deck_index(side);
        self.decks[d].pool.push(card);
        card
    }

    /// One card per card slot, plus the Variable Hand Size extras for the side with the larger hand.
    /// Re-applies the Variable Hand Size table after a Max Hand Size changed: the side with the larger
    /// hand gets its extra slots (filled face-down at once); a side that lost them keeps its cards
    /// until they are played.
    pub(crate) fn reconcile_hand_sizes(&mut self) {
        for side in 0..2 {
            self.set_targets(side);
            self.fill_short_slots(side, self.sheet.card_slots(), Facing::FaceDown);
        }
    }

    fn set_targets(&mut self, side: u8) {
        let slots = self.sheet.card_slots();
        let mut target = [0u8; 5];
        for s in slots.iter() {
            target[s.index()] = 1;
        }
        if let Some(vhs) = &self.sheet.variable_hand_size
            && self.sheet.max_hand_size == MaxHandSize::Command
        {
            let [mine, theirs] = [self.max_hand_size[side as usize], self.max_hand_size[1 - side as usize]];
            for s in vhs.slots_for(mine.saturating_sub(theirs)).iter() {
                target[s.index()] = 2;
            }
        }
        self.displays[side as usize].target = target;
    }

    /// Queues the setup deal of one side: the first card of each slot faces as the sheet says, any
    /// extra card goes face-down.
    fn deal(&mut self, side: u8) {
        let display = &self.displays[side as usize];
        let mut queue = Vec::new();
        for (slot, missing) in display.short_slots(self.sheet.card_slots()) {
            for k in 0..missing {
                let first = display.slot(slot).len() + k == 0;
                let facing =
                    if first && self.sheet.setup_face_up.contains(slot) { Facing::FaceUp } else { Facing::FaceDown };
                queue.push(Pending::Fill { side, slot, facing, only_if_short: false });
            }
        }
        self.pending.extend(queue);
    }

    /// Queues fills for every short slot of a display.
    fn fill_short_slots(&mut self, side: u8, slots: SlotSet, facing: Facing) {
        let waiting = self.waiting_slots[usize::from(side & 1)];
        let fills: Vec<Pending> = self.displays[side as usize]
            .short_slots(slots)
            .filter(|(slot, _)| waiting & (1 << slot.index()) == 0)
            .flat_map(|(slot, missing)| {
                std::iter::repeat_n(Pending::Fill { side, slot, facing, only_if_short: true }, missing)
            })
            .collect();
        self.pending.extend(fills);
    }

    /// The sides whose displays a reshuffle of `side`'s deck touches.
    fn reshuffle_sides(&self, side: u8) -> Vec<u8> {
        match (self.sheet.deck, self.sheet.reshuffle_scope) {
            (DeckMode::Single, ReshuffleScope::Both) => vec![0, 1],
            _ => vec![side],
        }
    }

    /// Carries out a reshuffle of `side`'s deck.
    pub(crate) fn reshuffle(&mut self, side: u8, kind: ReshuffleKind) {
        let d = self.deck_index(side);
        let sides = self.reshuffle_sides(side);
        match kind {
            ReshuffleKind::KeepDisplay => self.decks[d].shuffle_in_discards(),
            ReshuffleKind::DiscardFaceDown => {
                for &s in &sides {
                    let display = &mut self.displays[s as usize];
                    for stack in &mut display.slots {
                        let (down, up): (Vec<Placed>, Vec<Placed>) = stack.drain(..).partition(|p| !p.face_up);
                        *stack = up;
                        for p in down {
                            self.decks[d].discard(p.card);
                        }
                    }
                }
                self.decks[d].shuffle_in_discards();
                let slots = self.sheet.card_slots();
                for &s in &sides {
                    self.fill_short_slots(s, slots, Facing::FaceDown);
                }
            }
            ReshuffleKind::Redeal => {
                for &s in &sides {
                    let cards: Vec<CardId> = self.displays[s as usize]
                        .slots
                        .iter_mut()
                        .flat_map(|stack| stack.drain(..))
                        .map(|p| p.card)
                        .collect();
                    for c in cards {
                        self.decks[d].discard(c);
                    }
                }
                if let Some(top) = self.decks[d].top.take() {
                    self.decks[d].pool.push(top);
                }
                self.decks[d].shuffle_in_discards();
                self.owed.retain(|_| false);
                for &s in &sides {
                    self.deal(s);
                }
            }
        }
    }

    /// Called when a draw finds `side`'s deck empty. Returns whether cards can now be drawn.
    fn exhausted(&mut self, side: u8) -> bool {
        let d = self.deck_index(side);
        if self.decks[d].discard.is_empty() {
            return false;
        }
        self.reshuffle(side, self.sheet.exhaustion);
        !self.decks[d].is_empty()
    }

    /// Places a card drawn for a pending fill.
    fn place(&mut self, side: u8, slot: SlotName, card: CardId, face_up: bool) {
        self.displays[side as usize].slot_mut(slot).push(Placed { card, face_up });
    }

    /// Runs every step that needs no decision: fills that the face-up top of a deck satisfies,
    /// reshuffles on exhaustion, phase changes. Stops at the first chance node or decision.
    pub(crate) fn settle(&mut self) {
        self.settle_steps();
        if self.pending.is_empty() && self.rules().settled(self) {
            self.settle_steps();
        }
        self.forget_hidden();
    }

    fn settle_steps(&mut self) {
        loop {
            if self.dual() && self.sheet.exhaustion == ReshuffleKind::KeepDisplay {
                // A Dual Deck whose slot C runs empty takes its discards back at once.
                for d in 0..2 {
                    if self.decks[d].is_empty() && !self.decks[d].discard.is_empty() {
                        self.decks[d].shuffle_in_discards();
                    }
                }
            }
            if let Some(&pending) = self.pending.front() {
                let side = pending.side();
                let d = self.deck_index(side);
                match pending {
                    Pending::Fill { slot, only_if_short: true, .. }
                        if self.displays[side as usize].slot(slot).len()
                            >= self.displays[side as usize].target[slot.index()] as usize =>
                    {
                        self.pending.pop_front();
                        continue;
                    }
                    Pending::RevealTop { .. } if self.decks[d].top.is_some() => {
                        self.pending.pop_front();
                        continue;
                    }
                    Pending::Fill { slot, facing, .. }
                        if self.held.iter().any(|h| h.side == side && h.place == NEXT_REFILL) =>
                    {
                        // A card a game rule set aside for it fills the slot instead of the deck.
                        if let Some(i) = self.held.iter().position(|h| h.side == side && h.place == NEXT_REFILL) {
                            let card = self.held.remove(i).card;
                            self.place(side, slot, card, facing != Facing::FaceDown);
                        }
                        self.pending.pop_front();
                        continue;
                    }
                    Pending::Fill { slot, facing, .. }
                        if self.rules().surplus_refills() && self.surplus_card(side, slot).is_some() =>
                    {
                        // The extra card of a slot that no longer takes two fills the empty slot.
                        if let Some((from, index)) = self.surplus_card(side, slot) {
                            let p = self.displays[side as usize].slot_mut(from).remove(index);
                            // A card the player has seen stays face-up.
                            self.place(side, slot, p.card, p.face_up || facing != Facing::FaceDown);
                        }
                        self.pending.pop_front();
                        continue;
                    }
                    Pending::Fill { slot, facing, .. } if self.decks[d].top.is_some() => {
                        if let Some(top) = self.decks[d].top.take() {
                            self.place(side, slot, top, facing != Facing::FaceDown);
                        }
                        self.pending.pop_front();
                        continue;
                    }
                    Pending::ToHeld { place, .. } if self.decks[d].top.is_some() => {
                        if let Some(top) = self.decks[d].top.take() {
                            self.held.push(Held { card: top, side, place });
                        }
                        self.pending.pop_front();
                        continue;
                    }
                    Pending::DigDraw { .. } if self.decks[d].top.is_some() => {
                        self.phase = Phase::Digging { revealed: self.decks[d].top.take() };
                        self.pending.pop_front();
                        continue;
                    }
                    _ => {}
                }
                if self.decks[d].pool.is_empty() {
                    if !self.exhausted(side) {
                        // Nothing left to draw anywhere: the slot stays short.
                        self.pending.pop_front();
                        if matches!(pending, Pending::DigDraw { .. }) {
                            self.phase = Phase::Digging { revealed: None };
                        }
                    }
                    continue;
                }
                return; // a chance node: which card comes off the deck
            }
            match &self.phase {
                Phase::FlipChoice { face } => {
                    let display = self.display(self.active);
                    let up = display.face_up_count() + usize::from(self.visible_top(self.active).is_some());
                    let down = display.face_down_count() + usize::from(self.face_down_top(self.active));
                    if fate_die::face_two_flips_needed(up, down) == 0 {
                        self.phase = Phase::Choose { face: *face, played: 0, slot_rest: None };
                        continue;
                    }
                    return;
                }
                Phase::Selecting { target, slot, .. } => {
                    let (target, slot) = (*target, *slot);
                    match self.selection_candidates(target, slot).len() {
                        0 => self.finish_selection(None),
                        1 => self.choose_candidate(target, slot, 0),
                        _ => return,
                    }
                    continue;
                }
                _ => return,
            }
        }
    }

    /// The last card of the first slot of `side` (other than `to`) holding more cards than its
    /// target, as (slot, index).
    fn surplus_card(&self, side: u8, to: SlotName) -> Option<(SlotName, usize)> {
        let display = self.display(side);
        SlotName::ALL
            .into_iter()
            .filter(|&s| s != to && display.slot(s).len() > usize::from(display.target[s.index()]))
            .map(|s| (s, display.slot(s).len() - 1))
            .next()
    }

    /// Whether `side`'s deck has a face-down top card that could be turned over (Dual Deck).
    pub(crate) fn face_down_top(&self, side: u8) -> bool {
        self.dual() && self.decks[side as usize].top.is_none() && !self.decks[side as usize].pool.is_empty()
    }

    /// The candidates of the current Random Card Selection step: slots first, then cards in a slot.
    pub(crate) fn selection_candidates(&self, target: u8, slot: Option<SlotName>) -> Vec<(SlotName, Vec<CardId>)> {
        let mut slots = self.selection_slots(target);
        let whole_slot = matches!(
            &self.phase,
            Phase::Selecting { purpose: Some(special), .. } if self.rules().selection_counts_face_down(*special)
        );
        if whole_slot && !self.dual() {
            // The slot is chosen among those with a face-up card; the second roll counts all of its cards.
            for (s, cards) in &mut slots {
                *cards = self.display(target).slot(*s).iter().map(|p| p.card).collect();
            }
        }
        match slot {
            None => slots,
            Some(s) => slots
                .into_iter()
                .filter(|(x, _)| *x == s)
                .flat_map(|(x, cards)| cards.into_iter().map(move |c| (x, vec![c])))
                .collect(),
        }
    }

    /// Takes candidate `index` of the current selection step.
    fn choose_candidate(&mut self, target: u8, slot: Option<SlotName>, index: usize) {
        let candidates = self.selection_candidates(target, slot);
        let Some((chosen_slot, cards)) = candidates.get(index).cloned() else {
            self.finish_selection(None);
            return;
        };
        if slot.is_none() && cards.len() > 1 {
            if let Phase::Selecting { slot, first_die, .. } = &mut self.phase {
                *slot = Some(chosen_slot);
                *first_die = None;
            }
            return;
        }
        self.finish_selection(Some(cards[0]));
    }

    /// The Random Card Selection picked `card` (or found nothing): the common use discards it; a
    /// game rule's use is handed to the rule. Then the turn goes back to where it was.
    fn finish_selection(&mut self, card: Option<CardId>) {
        let Phase::Selecting { target, purpose, back, .. } = std::mem::replace(&mut self.phase, Phase::Start) else {
            return;
        };
        self.phase = *back;
        self.last_selected = card;
        let Some(card) = card else { return };
        match purpose {
            None => {
                self.discard_card(target, card, Some(self.sheet.discard_refill));
            }
            Some(special) => self.rules().after_selection(self, special, target, card),
        }
    }

    /// Starts a Random Card Selection among `target`'s face-up cards on behalf of a game rule; the
    /// pick comes back through `SpecialRules::after_selection`.
    pub(crate) fn ask_random_selection(&mut self, target: u8, special: crate::games::Special) {
        let back = Box::new(self.phase.clone());
        self.phase = Phase::Selecting { target, slot: None, first_die: None, purpose: Some(special), back };
    }

    /// Removes a card from `side`'s display (or the face-up top of its deck) to the discard pile,
    /// and queues the replacement the caller asks for.
    pub(crate) fn discard_card(&mut self, side: u8, card: CardId, refill: Option<Facing>) -> Option<SlotName> {
        let d = self.deck_index(side);
        let slot = if self.decks[d].top == Some(card) && self.dual() {
            self.decks[d].top = None;
            SlotName::C
        } else {
            self.displays[side as usize].take(card)?.0
        };
        self.decks[d].discard(card);
        if let Some(facing) = refill
            && self.sheet.card_slots().contains(slot)
        {
            self.fill_short_slots(side, SlotSet::of(&[slot]), facing);
        }
        Some(slot)
    }

    /// Plays a card from the active side's display for a purpose, and queues the refill of the
    /// face that allowed it.
    fn play(&mut self, card: CardId, face: u8) {
        let side = self.active;
        let Some(slot) = self.discard_card(side, card, None) else { return };
        self.last_played_slot = Some(slot);
        if self.sheet.cards_remaining {
            self.cards_remaining[side as usize] = self.cards_remaining[side as usize].saturating_sub(1);
        }
        if face == 0 {
            return;
        }
        let rule = &self.sheet.face(face).refill;
        let slots = match rule.which {
            RefillWhich::PlayedSlot => SlotSet::of(&[slot]),
            RefillWhich::AnyEmpty => self.sheet.card_slots(),
            RefillWhich::Listed => rule.slots,
        };
        let allowed = SlotSet::of(&slots.iter().filter(|s| self.sheet.card_slots().contains(*s)).collect::<Vec<_>>());
        self.fill_short_slots(side, allowed, rule.facing);
    }

    pub(crate) fn end_turn(&mut self) {
        self.rules().end_of_turn(self);
        if self.sheet.lowest.depends_on_board() {
            for f in &mut self.facts {
                f.value = None;
            }
        }
        self.active = 1 - self.active;
        self.turn += 1;
        self.phase = Phase::Start;
        self.last_roll = None;
        // What the inactive side tried belongs to the turn that ended.
        self.last_inactive = None;
        self.tags.retain(|(_, m)| *m != BLOCKED_THIS_TURN);
    }

    /// Manoeuvre's Draw phase: each card the active side discarded this turn is replaced from its
    /// deck, even into a slot that is not empty. It comes before the side's card play, whether that
    /// follows a roll or is a set-aside card played instead.
    fn draw_phase(&mut self) {
        let side = self.active;
        let facing = self.sheet.discard_refill;
        for slot in std::mem::take(&mut self.owed) {
            self.pending.push_back(Pending::Fill { side, slot, facing, only_if_short: false });
        }
    }

    /// The first card id of a side's own deck (Dual Deck; card ids run deck by deck).
    pub(crate) fn first_card_of(&self, side: u8) -> Option<CardId> {
        if !self.dual() {
            return None;
        }
        Some(if side == 0 { CardId(1) } else { CardId(1 + self.deck_sizes[0]) })
    }

    /// Physical deck mode: the first face-up card whose identity the player has not told the table
    /// yet (the active side's first), with its side.
    pub(crate) fn unconfirmed(&self) -> Option<(u8, CardId)> {
        if !self.physical || !self.has_named_cards() {
            return None;
        }
        let known = |c: CardId| self.confirmed.get(c.0 as usize).copied().unwrap_or(false);
        for side in [self.active, 1 - self.active] {
            let mut face_up: Vec<CardId> = self.display(side).face_up().map(|(_, c)| c).collect();
            face_up.extend(self.visible_top(side));
            if side == self.active
                && let Phase::Digging { revealed: Some(c) } = self.phase
            {
                face_up.push(c);
            }
            if let Some(c) = face_up.into_iter().find(|&c| !known(c)) {
                return Some((side, c));
            }
        }
        None
    }

    /// Physical deck mode: whether the player has said which card this is.
    pub(crate) fn is_confirmed(&self, card: CardId) -> bool {
        self.confirmed.get(card.0 as usize).copied().unwrap_or(false)
    }

    /// The cards an unconfirmed face-up card of `side` may really be: any card of the same deck the
    /// player has not identified yet, wherever the virtual deal put it (undrawn, in a display that
    /// draws from that deck, face-up or not, on the deck's top, or discarded face-down).
    pub(crate) fn identity_candidates(&self, side: u8, card: CardId) -> Vec<CardId> {
        let d = self.deck_index(side);
        let mut cards = vec![card];
        cards.extend(self.decks[d].pool.iter().copied());
        cards.extend(self.decks[d].top);
        // A card discarded face-down is out of sight too: the table cannot tell it from the deck.
        cards.extend(self.decks[d].discard.iter().filter(|x| !x.face_up).map(|x| x.card));
        for s in 0..2u8 {
            if self.deck_index(s) == d {
                cards.extend(self.display(s).cards().map(|(_, _, p)| p.card));
                if let Some(other) = &self.other_pair {
                    cards.extend(other.displays[usize::from(s)].cards().map(|(_, _, p)| p.card));
                }
            }
        }
        if let Phase::Digging { revealed: Some(c) } = self.phase
            && self.deck_index(self.active) == d
        {
            cards.push(c);
        }
        // A card the player has already named is where the player said it is.
        cards.retain(|&c| c == card || !self.is_confirmed(c));
        cards.sort_unstable();
        cards.dedup();
        cards
    }

    /// The player says face-up `card` is really `real`: the two swap places (`real` was out of sight).
    fn identify(&mut self, card: CardId, real: CardId) {
        if card != real {
            let swap = |c: &mut CardId| {
                if *c == card {
                    *c = real;
                } else if *c == real {
                    *c = card;
                }
            };
            for display in &mut self.displays {
                for stack in &mut display.slots {
                    stack.iter_mut().for_each(|p| swap(&mut p.card));
                }
            }
            for deck in &mut self.decks {
                deck.pool.iter_mut().for_each(swap);
                deck.discard.iter_mut().filter(|x| !x.face_up).for_each(|x| swap(&mut x.card));
                if let Some(top) = deck.top.as_mut() {
                    swap(top);
                }
            }
            if let Phase::Digging { revealed: Some(c) } = &mut self.phase {
                swap(c);
            }
        }
        if self.confirmed.len() < self.next_card as usize {
            self.confirmed.resize(self.next_card as usize, false);
        }
        self.confirmed[real.0 as usize] = true;
    }

    /// Physical deck mode: a card out of sight is no longer confirmed (the real deck is shuffled, and a
    /// face-down card may be any of them).
    fn forget_hidden(&mut self) {
        if !self.physical {
            return;
        }
        let mut hidden: Vec<CardId> = Vec::new();
        for deck in &self.decks {
            hidden.extend(deck.pool.iter().copied());
        }
        for display in self.all_displays() {
            hidden.extend(display.cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card));
        }
        for c in hidden {
            if let Some(k) = self.confirmed.get_mut(c.0 as usize) {
                *k = false;
            }
        }
    }

    /// The special rules of this table's game.
    pub(crate) fn rules(&self) -> &'static dyn crate::games::SpecialRules {
        crate::games::rules_for(&self.sheet.id)
    }

    /// A game's per-side marker (0 until set).
    pub fn marker(&self, name: &str, side: u8) -> i32 {
        self.markers.iter().find(|(n, _)| *n == name).map_or(0, |(_, v)| v[(side & 1) as usize])
    }

    /// Sets a game's per-side marker.
    pub fn set_marker(&mut self, name: &'static str, side: u8, value: i32) {
        match self.markers.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => v[(side & 1) as usize] = value,
            None => {
                let mut v = [0; 2];
                v[(side & 1) as usize] = value;
                self.markers.push((name, v));
            }
        }
    }

    /// Takes a held card back out (to be played, discarded or put in a slot by the caller).
    pub(crate) fn release(&mut self, card: CardId) -> Option<Held> {
        let i = self.held.iter().position(|h| h.card == card)?;
        Some(self.held.remove(i))
    }

    /// Puts a card into a discard pile (that side's, or the shared one).
    pub(crate) fn put_in_discards(&mut self, side: u8, card: CardId) {
        let d = self.deck_index(side);
        self.decks[d].discard(card);
    }

    /// Asks for a Fate Die roll on behalf of a game rule; the result comes back through
    /// `SpecialRules::after_game_roll`, and the turn then goes on where it was.
    pub(crate) fn ask_game_roll(&mut self, special: crate::games::Special) {
        let back = Box::new(self.phase.clone());
        self.phase = Phase::GameRoll { special, back };
    }

    /// Asks for one card drawn at random from `cards` on behalf of a game rule (a shuffle of cards
    /// every player knows, taken one at a time); the card comes back through
    /// `SpecialRules::after_game_pick`. A single card needs no draw and is handed back at once.
    pub(crate) fn ask_game_pick(&mut self, special: crate::games::Special, cards: Vec<CardId>) {
        match cards.as_slice() {
            [] => {}
            [only] => {
                let only = *only;
                self.rules().after_game_pick(self, special, only);
            }
            _ => {
                let back = Box::new(self.phase.clone());
                self.phase = Phase::GamePick { special, cards, back };
            }
        }
    }

    /// Whether the inactive side must roll before playing this card: on sheets where `!!` blocks the
    /// inactive side, every card but one known to be ordinary (Manoeuvre's unit cards).
    fn inactive_play_needs_roll(&self, card: CardId) -> bool {
        self.inactive_play_roll_label(card)
    }

    /// The inactive side plays one of its face-up cards, unless `!!` blocked it: the card goes to
    /// its discards, Cards Remaining drops, and the slot refills as the sheet says for discards.
    fn inactive_play(&mut self, card: CardId, _purpose: u8, allowed: bool) {
        let side = 1 - self.active;
        self.last_inactive = Some((card, allowed));
        if !allowed {
            self.tags.push((card, BLOCKED_THIS_TURN));
            return;
        }
        self.discard_card(side, card, Some(self.sheet.discard_refill));
        if self.sheet.cards_remaining {
            self.cards_remaining[side as usize] = self.cards_remaining[side as usize].saturating_sub(1);
        }
    }

    /// The face-up cards the inactive side could play now: on sheets where `!!` gates its cards,
    /// during the active side's turn, and (where Cards Remaining is kept) while it has some left.
    pub(crate) fn inactive_playable(&self) -> Vec<CardId> {
        use crate::playsheet::BangKind;
        let side = 1 - self.active;
        if self.sheet.bang != BangKind::BlocksInactiveCard
            || (self.sheet.cards_remaining && self.cards_remaining[side as usize] == 0)
        {
            return Vec::new();
        }
        let mut cards: Vec<CardId> = self.display(side).face_up().map(|(_, c)| c).collect();
        cards.extend(self.visible_top(side));
        // A card Fate blocked is not tried again in the same turn.
        cards.retain(|c| !self.tags.iter().any(|(t, m)| t == c && *m == BLOCKED_THIS_TURN));
        cards
    }

    /// What to do after the Fate Die shows `face`.
    fn fate(&mut self, face: u8) {
        self.last_roll = Some(face);
        let side = self.active;
        if face == 2 {
            self.phase = Phase::FlipChoice { face };
            return;
        }
        let slots = fate_die::flip_slots(face);
        self.displays[side as usize].flip_slots(slots);
        if self.dual() && slots.contains(SlotName::C) {
            self.pending.push_back(Pending::RevealTop { side });
        }
        self.phase = Phase::Choose { face, played: 0, slot_rest: None };
        self.rules().after_roll(self, face);
    }

    fn apply_action(&mut self, action: &TableAction) {
        let side = self.active;
        match *action {
            TableAction::Draw(card) => {
                let Some(pending) = self.pending.pop_front() else { return };
                let p_side = pending.side();
                let d = self.deck_index(p_side);
                self.decks[d].draw(card);
                match pending {
                    Pending::Fill { slot, facing, .. } => self.place(p_side, slot, card, facing == Facing::FaceUp),
                    Pending::RevealTop { .. } => self.decks[d].top = Some(card),
                    Pending::DigDraw { .. } => self.phase = Phase::Digging { revealed: Some(card) },
                    Pending::ToHeld { place, .. } => self.held.push(Held { card, side: p_side, place }),
                }
            }
            TableAction::Fate(face) => match self.phase.clone() {
                Phase::InactiveRoll { card, purpose, back } => {
                    self.phase = *back;
                    self.inactive_play(card, purpose, face != 1);
                }
                Phase::GameRoll { special, back } => {
                    self.phase = *back;
                    self.rules().after_game_roll(self, special, face);
                }
                _ => self.fate(face),
            },
            TableAction::Pick(card) => {
                let Phase::GamePick { special, back, .. } = std::mem::replace(&mut self.phase, Phase::Start) else {
                    return;
                };
                self.phase = *back;
                self.rules().after_game_pick(self, special, card);
            }
            TableAction::InactivePlay { card, purpose } => {
                if self.inactive_play_needs_roll(card) {
                    let back = Box::new(self.phase.clone());
                    self.phase = Phase::InactiveRoll { card, purpose, back };
                } else {
                    self.inactive_play(card, purpose, true);
                }
            }
            TableAction::Special(special) => crate::games::rules_for(&self.sheet.id).apply(self, special),
            TableAction::Identify { card, real } => self.identify(card, real),
            TableAction::Die(roll) => {
                let Phase::Selecting { target, slot, first_die, .. } = self.phase.clone() else { return };
                let n = self.selection_candidates(target, slot).len();
                if random_selection::dice_per_reading(n) == 2 && first_die.is_none() {
                    if let Phase::Selecting { first_die, .. } = &mut self.phase {
                        *first_die = Some(roll);
                    }
                    return;
                }
                let dice: Vec<u8> = first_die.into_iter().chain([roll]).collect();
                match random_selection::read_chart(n, &dice) {
                    ChartResult::Pick(i) => self.choose_candidate(target, slot, i),
                    ChartResult::Reroll => {
                        if let Phase::Selecting { first_die, .. } = &mut self.phase {
                            *first_die = None;
                        }
                    }
                }
            }
            TableAction::Roll => {
                self.draw_phase();
                self.phase = Phase::Rolling;
            }
            TableAction::Reroll => self.phase = Phase::Rolling,
            TableAction::Flip { slot, index } => {
                if self.dual() && slot == SlotName::C {
                    self.pending.push_back(Pending::RevealTop { side });
                } else if let Some(p) = self.displays[side as usize].slot_mut(slot).get_mut(index as usize) {
                    p.face_up = true;
                }
            }
            TableAction::Describe { card, value, special } => {
                if let Some(f) = self.facts.get_mut(card.0 as usize) {
                    if value.is_some() {
                        f.value = value;
                    }
                    if special.is_some() {
                        f.special = special;
                    }
                }
            }
            TableAction::Play { card, .. } => {
                let Phase::Choose { face, played, .. } = self.phase.clone() else { return };
                let slot = self.display(side).find(card).map(|(s, _)| s);
                let rest = match (self.sheet.plays_per_turn, slot) {
                    (PlaysPerTurn::WholeSlot, Some(s)) if played == 0 && face >= 3 => {
                        Some(self.display(side).slot(s).iter().map(|p| p.card).filter(|c| *c != card).collect())
                    }
                    (PlaysPerTurn::WholeSlot, _) if played > 0 => match &self.phase {
                        Phase::Choose { slot_rest, .. } => slot_rest.clone(),
                        _ => None,
                    },
                    _ => None,
                };
                self.play(card, face);
                self.phase = Phase::Choose { face, played: played + 1, slot_rest: rest };
                if let TableAction::Play { purpose, .. } = *action {
                    self.remove_if_spent(card, purpose);
                    self.rules().after_play(self, card, purpose);
                }
            }
            TableAction::PlayBeside { card, .. } => {
                // Playing a set-aside card replaces the roll, not the Draw phase before it.
                self.draw_phase();
                let beside = &mut self.displays[side as usize].beside;
                beside.retain(|c| *c != card);
                let d = self.deck_index(side);
                self.decks[d].discard(card);
                if let TableAction::PlayBeside { purpose, .. } = *action {
                    self.remove_if_spent(card, purpose);
                }
                if self.sheet.cards_remaining {
                    self.cards_remaining[side as usize] = self.cards_remaining[side as usize].saturating_sub(1);
                }
                self.phase = Phase::Choose { face: 0, played: 1, slot_rest: None };
            }
            TableAction::Pass
                if self.sheet.move_card_without_play && matches!(self.phase, Phase::Choose { played: 0, .. }) =>
            {
                self.phase = Phase::MovingCard;
            }
            TableAction::Pass | TableAction::EndTurn => self.end_turn(),
            TableAction::MoveCard { from, index, to } => {
                if self.dual() && from == SlotName::C {
                    // The deck's top card keeps its facing: face-up if it was turned, else unseen.
                    self.pending.push_back(Pending::Fill {
                        side,
                        slot: to,
                        facing: Facing::MaintainFacing,
                        only_if_short: false,
                    });
                } else {
                    let stack = self.displays[side as usize].slot_mut(from);
                    if (index as usize) < stack.len() {
                        let card = stack.remove(index as usize);
                        self.displays[side as usize].slot_mut(to).push(card);
                    }
                }
                self.fill_short_slots(side, self.sheet.card_slots(), Facing::MaintainFacing);
                self.end_turn();
            }
            TableAction::Discard(card) => {
                if self.sheet.discard_refill_at_roll {
                    if let Some(slot) = self.discard_card(side, card, None)
                        && self.sheet.card_slots().contains(slot)
                    {
                        self.owed.push(slot);
                    }
                } else {
                    self.discard_card(side, card, Some(self.sheet.discard_refill));
                }
            }
            TableAction::SetAside(card) => {
                if let Some((slot, _)) = self.displays[side as usize].take(card) {
                    self.displays[side as usize].beside.push(card);
                    self.fill_short_slots(side, SlotSet::of(&[slot]), self.sheet.discard_refill);
                } else if self.visible_top(side) == Some(card) {
                    self.decks[side as usize].top = None;
                    self.displays[side as usize].beside.push(card);
                }
            }
            TableAction::Marker(op) => {
                let s = side as usize;
                match op {
                    MarkerOp::CardsRemainingUp => {
                        self.cards_remaining[s] = (self.cards_remaining[s] + 1).min(MAX_MARKER)
                    }
                    MarkerOp::CardsRemainingDown => self.cards_remaining[s] = self.cards_remaining[s].saturating_sub(1),
                    MarkerOp::HandSizeUp => self.max_hand_size[s] = (self.max_hand_size[s] + 1).min(MAX_MARKER),
                    MarkerOp::HandSizeDown => self.max_hand_size[s] = self.max_hand_size[s].saturating_sub(1).max(1),
                    MarkerOp::ResetCardsRemaining => self.cards_remaining[s] = self.max_hand_size[s],
                }
                // Where the Max Hand Size is the Command level, the Variable Hand Size table follows
                // it at once (the extra cards come face-down).
                if matches!(op, MarkerOp::HandSizeUp | MarkerOp::HandSizeDown)
                    && self.sheet.max_hand_size == MaxHandSize::Command
                    && self.sheet.variable_hand_size.is_some()
                {
                    self.reconcile_hand_sizes();
                }
            }
            TableAction::Reshuffle(kind) => self.reshuffle(side, kind),
            TableAction::AddCard => {
                self.add_anonymous_card(side);
            }
            TableAction::RandomDiscard => {
                self.last_selected = None;
                let back = Box::new(self.phase.clone());
                self.phase = Phase::Selecting { target: 1 - side, slot: None, first_die: None, purpose: None, back };
            }
            TableAction::Dig => {
                if let Some(card) = self.display(side).slot(SlotName::A).last().map(|p| p.card) {
                    self.discard_card(side, card, None);
                }
                self.pending.push_back(Pending::DigDraw { side });
            }
            TableAction::DigNext => {
                if let Phase::Digging { revealed: Some(card) } = self.phase {
                    let d = self.deck_index(side);
                    self.decks[d].discard(card);
                    // The card is in the discard pile now, no longer the one turned up.
                    self.phase = Phase::Digging { revealed: None };
                }
                self.pending.push_back(Pending::DigDraw { side });
            }
            TableAction::DigPlay { card, purpose } => {
                let d = self.deck_index(side);
                self.decks[d].discard(card);
                if self.sheet.cards_remaining {
                    self.cards_remaining[side as usize] = self.cards_remaining[side as usize].saturating_sub(1);
                }
                self.fill_short_slots(side, SlotSet::of(&[SlotName::A]), Facing::FaceDown);
                self.phase = Phase::Choose { face: 0, played: 1, slot_rest: None };
                // The dig emptied slot A, the slot its refill goes to: a played card like any other.
                self.last_played_slot = Some(SlotName::A);
                self.remove_if_spent(card, purpose);
                self.rules().after_play(self, card, purpose);
            }
            TableAction::DigGiveUp => {
                self.fill_short_slots(side, SlotSet::of(&[SlotName::A]), Facing::FaceDown);
                self.phase = Phase::Choose { face: 0, played: 1, slot_rest: None };
            }
        }
    }
}

impl Game for CardTable {
    type Setup = TableSetup;
    type Action = TableAction;
    type Observation = TableView;

    fn new(setup: &TableSetup) -> Result<Self, SetupError> {
        Self::new_table(setup)
    }

    fn num_players(&self) -> u8 {
        2
    }

    fn player_name(&self, player: u8) -> String {
        self.sheet.sides[(player as usize).min(1)].clone()
    }

    fn to_move(&self) -> ToMove {
        if !self.pending.is_empty() {
            return ToMove::Chance;
        }
        if self.unconfirmed().is_some() {
            // The player at the table says which card turned up.
            return ToMove::Player(self.active);
        }
        match self.phase {
            Phase::Rolling
            | Phase::Selecting { .. }
            | Phase::InactiveRoll { .. }
            | Phase::GameRoll { .. }
            | Phase::GamePick { .. } => ToMove::Chance,
            _ => ToMove::Player(self.active),
        }
    }

    fn legal_actions(&self, out: &mut Vec<TableAction>) {
        crate::table_action::legal_actions(self, out);
    }

    fn apply(&mut self, action: &TableAction) -> Result<(), ActionError> {
        if !self.legal().contains(action) {
            return Err(ActionError::Illegal {
                action: self.action_label(action),
                reason: crate::table_action::why_illegal(self, action),
            });
        }
        self.apply_action(action);
        self.settle();
        Ok(())
    }

    fn apply_legal(&mut self, action: &TableAction) {
        debug_assert!(self.legal().contains(action), "not legal: {action:?}");
        self.apply_action(action);
        self.settle();
    }

    fn action_id(&self, action: &TableAction) -> String {
        action.id(&self.sheet)
    }

    fn action_label(&self, action: &TableAction) -> String {
        crate::table_action::label(self, action)
    }

    fn reveals(&self, action: &TableAction) -> bool {
        match action {
            TableAction::Flip { .. } | TableAction::Identify { .. } => true,
            TableAction::Special(special) if self.rules().reveals(self, *special) => true,
            // Decisions whose rules may turn a face-down card up as they are carried out (an event's
            // effect, a card turned at the end of a turn) are tried on a copy; the others (rolls,
            // draws, answers, markers) never do, and cost nothing here.
            TableAction::Play { .. }
            | TableAction::PlayBeside { .. }
            | TableAction::DigPlay { .. }
            | TableAction::InactivePlay { .. }
            | TableAction::Pass
            | TableAction::EndTurn
            | TableAction::MoveCard { .. }
            | TableAction::Special(_) => self.turns_up_a_hidden_card(action),
            _ => false,
        }
    }

    fn events(&self, before: &Self, action: &TableAction) -> Vec<String> {
        crate::table_events::table_events(before, self, action).iter().map(ToString::to_string).collect()
    }

    fn is_tool(&self, action: &TableAction) -> bool {
        self.is_table_tool(action)
    }

    fn setup_events(&self) -> Vec<String> {
        crate::table_events::setup_events(self).iter().map(ToString::to_string).collect()
    }

    fn observe(&self, _player: u8) -> TableView {
        // Both sides sit at the same table: what one side may know, the other may know too.
        TableView::of(self)
    }

    fn resample(&self, _player: u8, rng: &mut dyn RngCore) -> Self {
        let mut other = self.clone();
        if self.dual() {
            // Each side's cards belong to its own deck: redraw each side's hidden cards (its
            // face-down display cards and its undrawn deck) among themselves.
            for side in 0..2 {
                other.redraw_hidden(rng, &[side]);
            }
        } else {
            other.redraw_hidden(rng, &[0, 1]);
        }
        other
    }

    fn outcome(&self) -> Option<Outcome> {
        None // a card table runs until the players stop; the board game decides who won
    }

    fn check_invariants(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.next_card as usize];
        let mut mark = |c: CardId, place: &str| -> Result<(), String> {
            let slot = seen.get_mut(c.0 as usize).ok_or_else(|| format!("{c} in {place} does not exist"))?;
            *slot += 1;
            Ok(())
        };
        for (i, display) in self.all_displays().enumerate() {
            for (_, _, p) in display.cards() {
                mark(p.card, &format!("display {i}"))?;
            }
            for &c in &display.beside {
                mark(c, "beside a display")?;
            }
            if self.dual() && display.slot(SlotName::C).iter().next().is_some() {
                return Err("a Dual Deck display holds cards in slot C".into());
            }
        }
        for deck in &self.decks {
            for &c in &deck.pool {
                mark(c, "a deck")?;
            }
            if let Some(c) = deck.top {
                mark(c, "a deck's top")?;
            }
            for d in &deck.discard {
                mark(d.card, "a discard pile")?;
            }
        }
        if let Phase::Digging { revealed: Some(c) } = self.phase {
            mark(c, "the dig")?;
        }
        for h in &self.held {
            mark(h.card, h.place)?;
        }
        match seen.iter().enumerate().skip(1).find(|(_, n)| **n != 1) {
            Some((c, n)) => Err(format!("card {c} is in {n} places")),
            None => Ok(()),
        }
    }
}
