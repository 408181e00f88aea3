//! The card table: both sides' Card Displays, their deck(s) and discards, the markers, and a turn
//! of the common CDG Solo System (table operations, roll, flip, choose, play, refill, end of turn)
//! as a [`Game`]. Cards are numbered cards, anonymous unless a deck manifest names them and gives
//! their printed facts; when the Fate Die needs a value or type nobody has given yet, the table asks
//! the player for it as a decision. This file holds the state, what a reader may ask of it and the
//! [`Game`] contract; its rooms hold the rest: `table/deal.rs` (dealing, refills, reshuffles),
//! `table/turn.rs` (the roll and the plays), `table/selection.rs` (the Random Card Selection
//! Chart), `table/physical.rs` (hidden cards and real decks) and `table/tools.rs` (the table
//! tools). Each game's special rules sit on top in [`crate::games`].

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

mod deal;
mod physical;
mod selection;
mod tools;
mod turn;

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

/// Whether the program may shuffle a deck the player keeps sorted by number (a virtual deck): only
/// when this manifest, with the playsheet's deck sizes, names every card, so that every card the
/// table draws is one the player can find. Otherwise the player shuffles the real cards.
pub fn virtual_deck_offered(manifest: &Manifest) -> bool {
    manifest.names_every_card()
}

/// How the steps name a physical card the player said the card list does not hold.
pub(crate) const UNLISTED_CARD: &str = "an unlisted card";
/// How the steps name a face-up card of a physical table without a card list.
pub(crate) const FACE_UP_CARD: &str = "a face-up card";

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
    /// The inactive side plays a card whose kind the table does not know (Manoeuvre: only an HQ
    /// card rolls the Fate Die first): the player says which kind it is, then the play goes on.
    InactiveKind { card: CardId, purpose: u8, back: Box<Phase> },
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
    /// A catalogue's kinds of card (Commands & Colors), for naming a card that turns up; a card
    /// named by kind takes the kind's name in `names` while it stays in sight.
    pub(crate) kinds: Arc<Vec<crate::manifest::CardKind>>,
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

    /// Cards nobody can see where they lie: face-down on a display, in a deck below its top, or
    /// in a discard pile face-down.
    fn hidden_cards(&self) -> Vec<CardId> {
        self.all_displays()
            .flat_map(|d| d.cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card))
            .chain(self.decks.iter().flat_map(|d| d.pool.iter().copied()))
            .chain(self.decks.iter().flat_map(|d| d.discard.iter().filter(|x| !x.face_up).map(|x| x.card)))
            .collect()
    }

    /// Whether carrying out `action` takes a card out of hiding: turns it face-up (on a display,
    /// or the top of a deck), or moves a named card from wherever it lay hidden to where all can
    /// see it (a setup step that searches the deck and the display for a card shows where it was).
    fn turns_up_a_hidden_card(&self, next: &CardTable) -> bool {
        let hidden = self.hidden_cards();
        if hidden.is_empty() {
            return false;
        }
        let still_hidden = next.hidden_cards();
        hidden.iter().any(|c| !still_hidden.contains(c))
    }

    /// Whether the step to `next` put cards into a deck's undrawn cards, where the real ones mix
    /// with the rest and cannot be given back.
    fn puts_cards_into_a_deck(&self, next: &CardTable) -> bool {
        next.decks.iter().zip(&self.decks).any(|(after, before)| after.pool.len() > before.pool.len())
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
    ///
    /// With a physical deck the table's numbers are printed on no real card: a card the player has
    /// not named (or named as one the manifest does not list) is called by where it lies.
    pub fn card_label(&self, card: CardId) -> String {
        match self.card_name(card) {
            Some(name) if !self.physical || self.is_known(card) => return name.to_string(),
            None if !self.physical => return card.to_string(),
            _ => {}
        }
        // In sight and not named yet: the table's card there is only a stand-in, so its place.
        // Out of sight: a printed card a rule names (one to search the deck for) keeps its name.
        match (self.place_words(card), self.card_name(card)) {
            (Some(place), _) => place,
            (None, Some(name)) => name.to_string(),
            (None, None) => self.event_label(card),
        }
    }

    /// A virtual deck with printed cards: the program shuffles and the player keeps the real deck
    /// sorted by number, taking out each card the table names (face-down ones included).
    pub(crate) fn sorted_deck(&self) -> bool {
        !self.physical && self.has_named_cards()
    }

    /// How a face-down card taken from a sorted deck is named: by its printed number only ("#14"),
    /// so the player can find it without reading its face; by its name where the game prints no
    /// numbers.
    pub(crate) fn number_label(&self, card: CardId) -> String {
        match self.card_name(card) {
            Some(CardName { number: Some(n), .. }) => format!("#{n}"),
            Some(name) => name.name.clone(),
            None => card.to_string(),
        }
    }

    /// How the steps for the real table name a card: as a label does, except that a physical card
    /// with no name to show is "an unlisted card" (or "a face-up card" without a manifest), not its
    /// place: a step moves it, and the place before or after would misname it.
    pub(crate) fn event_label(&self, card: CardId) -> String {
        match self.card_name(card) {
            Some(name) if self.is_known(card) => name.to_string(),
            _ if self.physical && self.has_named_cards() => UNLISTED_CARD.into(),
            _ if self.physical => FACE_UP_CARD.into(),
            _ => card.to_string(),
        }
    }

    /// Whether the table was set up with a manifest that describes at least one card.
    pub fn has_named_cards(&self) -> bool {
        !self.kinds.is_empty() || self.names.iter().any(Option::is_some)
    }

    /// The catalogue's kinds of card (empty unless the manifest is a catalogue).
    pub fn card_kinds(&self) -> &[crate::manifest::CardKind] {
        &self.kinds
    }

    /// The kind a card was named as, while it is in sight.
    pub(crate) fn kind_of(&self, card: CardId) -> Option<&crate::manifest::CardKind> {
        let name = self.card_name(card)?;
        self.kinds.iter().find(|k| k.name.name == name.name)
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

    /// Every display of the table: the pair in front, then the waiting pair if there is one.
    pub(crate) fn all_displays(&self) -> impl Iterator<Item = &CardDisplay> {
        self.displays.iter().chain(self.other_pair.iter().flat_map(|p| p.displays.iter()))
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

    fn find_action(&self, id: &str) -> Option<TableAction> {
        // Records written before the id of naming a card dropped the stand-in's number
        // (`identify-16-as-23`) still load: the card named is the one the table asks about.
        let legacy = id.strip_prefix("identify-").and_then(|rest| rest.split_once("-as-")).map(|(_, real)| real);
        let wanted = match legacy {
            Some(real) => format!("identify-as-{real}"),
            None => id.to_string(),
        };
        self.legal().into_iter().find(|a| self.action_id(a) == wanted)
    }

    fn action_id(&self, action: &TableAction) -> String {
        action.id(&self.sheet)
    }

    fn action_label(&self, action: &TableAction) -> String {
        crate::table_action::label(self, action)
    }

    fn hidden_chance_label(&self) -> String {
        // From a sorted deck the player takes the card by its number: the step below says which.
        if self.sorted_deck() {
            return "a card is drawn face-down".to_string();
        }
        // With the player's own cards a card drawn face-up is seen (the table asks its name next),
        // whatever stand-in the program keeps for it: the log says how the card lies.
        match self.pending.front() {
            Some(
                Pending::Fill { facing: Facing::FaceUp, .. }
                | Pending::RevealTop { .. }
                | Pending::DigDraw { .. }
                | Pending::ToHeld { .. },
            ) => "a card is drawn face-up".to_string(),
            Some(Pending::Fill { .. }) => "a card is drawn face-down".to_string(),
            // A game rule's random pick among cards kept out of sight.
            None if matches!(self.phase, Phase::GamePick { .. }) => "a card is picked at random".to_string(),
            None if matches!(self.phase, Phase::Selecting { .. }) => {
                "a die is rolled for the Random Card Selection Chart".to_string()
            }
            None => "a card is drawn that you cannot see".to_string(),
        }
    }

    fn reveals(&self, action: &TableAction) -> bool {
        match action {
            TableAction::Flip { .. } | TableAction::Identify { .. } | TableAction::NameKind { .. } => true,
            TableAction::Special(special) if self.rules().reveals(self, *special) => true,
            // Decisions whose rules may turn a face-down card up as they are carried out (an event's
            // effect, a card turned at the end of a turn), or put cards into a deck (a smaller hand
            // sends its extra cards back, a card is added: the real table cannot give those same
            // cards back), are tried on one copy; rolls, draws and answers never do, and cost nothing.
            TableAction::Play { .. }
            | TableAction::PlayBeside { .. }
            | TableAction::DigPlay { .. }
            | TableAction::InactivePlay { .. }
            | TableAction::Pass
            | TableAction::EndTurn
            | TableAction::MoveCard { .. }
            | TableAction::Special(_) => self
                .tried(action)
                .is_some_and(|next| self.turns_up_a_hidden_card(&next) || self.puts_cards_into_a_deck(&next)),
            TableAction::Discard(_)
            | TableAction::SetAside(_)
            | TableAction::Marker(_)
            | TableAction::Reshuffle(_)
            | TableAction::AddCard
            | TableAction::RandomDiscard
            | TableAction::Dig
            | TableAction::DigNext
            | TableAction::DigGiveUp => self.tried(action).is_some_and(|next| self.puts_cards_into_a_deck(&next)),
            TableAction::Fate(_)
            | TableAction::Draw(_)
            | TableAction::Die(_)
            | TableAction::Pick(_)
            | TableAction::Roll
            | TableAction::Reroll
            | TableAction::Describe { .. } => false,
        }
    }

    fn events(&self, before: &Self, action: &TableAction) -> Vec<String> {
        crate::table_events::table_events(before, self, action).iter().map(ToString::to_string).collect()
    }

    fn decision_moved_sides(&self, action_id: &str) -> bool {
        self.rules().decision_moved_sides(action_id)
    }

    fn undo_events(&self, undone: &Self) -> Vec<String> {
        crate::table_undo::undo_events(undone, self).iter().map(ToString::to_string).collect()
    }

    fn asks_first(&self, action: &TableAction) -> bool {
        matches!(
            action,
            TableAction::Reshuffle(_)
                | TableAction::RandomDiscard
                | TableAction::Identify { .. }
                | TableAction::NameKind { .. }
        ) || self.shuffles_or_picks(action)
    }

    fn deck_words(&self) -> Option<String> {
        Some(if self.physical { "your own cards" } else { "cdgsolo shuffles" }.to_string())
    }

    fn chance_goes_back(&self, outcome: &TableAction) -> bool {
        // A card drawn into a slot face-down, which nobody has seen, can go back on top of its deck;
        // not when the draw emptied the deck and its discards were shuffled in, nor when what
        // followed it turned a card up.
        let TableAction::Draw(_) = outcome else { return false };
        let Some(Pending::Fill { facing, .. }) = self.pending.front() else { return false };
        *facing != Facing::FaceUp
            && self.tried(outcome).is_some_and(|next| {
                !self.turns_up_a_hidden_card(&next)
                    && !self.puts_cards_into_a_deck(&next)
                    && next.decks.iter().zip(&self.decks).all(|(a, b)| a.shuffles == b.shuffles)
            })
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
