//! Deck manifests: a TOML file that tells the card table what is printed on a game's cards (number,
//! name, Ops or CP, order-count kind, and flags such as Event or Reaction), so the table can label
//! cards by name and stop asking the player for facts the manifest already gives.
//!
//! A manifest may be partial. Cards it does not list stay anonymous, and a fact it leaves out stays
//! unknown (the table asks for it when the Fate Die needs it), unless the manifest says it is
//! `complete`, in which case a flag left out means "no". The format is described in
//! `docs/manifests.md`; `manifests/template.toml` shows every field.
//!
//! Errors name the file, the line and the field at fault.

use std::collections::HashMap;
use std::fmt;
use std::ops::{Range, RangeInclusive};
use std::sync::{Arc, OnceLock};

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::card::{CardFacts, CardFlags, CardName};
use crate::playsheet::{DeckMode, LowestMeasure, Playsheet, playsheet, playsheets};

/// The Ops or CP values a manifest card may carry.
pub const OPS_VALUES: RangeInclusive<u8> = 1..=5;
/// Printed card numbers a manifest accepts.
pub const CARD_NUMBERS: RangeInclusive<u16> = 1..=999;
/// How many copies of one card a manifest entry may stand for.
pub const COPIES: RangeInclusive<u16> = 1..=60;
/// Cards in one deck (the same bounds as a table's `deck_size`).
pub const DECK_SIZES: RangeInclusive<u16> = 8..=999;
/// The longest name a later part of a deck (`joins`) may have.
pub const MAX_PART_NAME: usize = 40;

/// What a Commands & Colors card orders, in words. The order *count* still comes from the player
/// every turn, because it depends on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrderKind {
    /// Orders units in one section of the battlefield.
    Section,
    /// Orders units of a troop type.
    Troop,
    /// Orders through a leader.
    Leadership,
    /// A Tactic card.
    Tactic,
}

/// The part of the battlefield a Commands & Colors Section card orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Flank {
    Left,
    Center,
    Right,
}

/// The most units a card of a kind can order: its printed number, or the side's command (its Max
/// Hand Size marker) for the kinds that order units equal to command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Units {
    Printed(u8),
    EqualToCommand,
}

/// A kind of card of a catalogue (`kinds = true`): what naming a card as this kind tells the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardKind {
    pub name: CardName,
    pub facts: CardFacts,
    pub flank: Option<Flank>,
    /// `None` where the catalogue states no number (Tactic and Leadership cards).
    pub units: Option<Units>,
}

/// Printed numbers of units a Section or Troop card may order.
pub const UNITS: RangeInclusive<u8> = 1..=9;

/// A deck manifest: which game it is for, and the cards it knows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The playsheet id of the game (`cdgsolo games` lists them).
    pub game: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// The manifest lists every card with every fact: a flag left out means "no", Ops or CP are
    /// required, and the decks hold exactly the listed cards unless a `deck_size` says otherwise.
    #[serde(default, skip_serializing_if = "is_false")]
    pub complete: bool,
    /// A catalogue of card kinds rather than a list of cards: for games whose cards carry no
    /// number and whose deck holds several copies of each kind in counts not known (the Commands &
    /// Colors games). No card is named at the deal; a physical player names each card that turns
    /// up by picking its kind.
    #[serde(default, skip_serializing_if = "is_false")]
    pub kinds: bool,
    /// Cards per deck: one number for a shared deck, one per side (in the playsheet's order) for a
    /// Dual Deck game. Cards beyond those listed are anonymous.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_size: Option<Vec<u16>>,
    #[serde(default)]
    pub cards: Vec<ManifestCard>,
}

/// One card (or several identical copies) as the manifest describes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManifestCard {
    /// The number printed on the card; absent for games whose cards carry none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u16>,
    pub name: String,
    /// The side whose deck holds the card (Dual Deck games only), by the playsheet's side name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// Ops or CP value, for games whose "lowest" is measured in Ops or CP.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ops: Option<u8>,
    /// What the card orders (order-count games only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<OrderKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<bool>,
    /// A Response or Reaction card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reaction: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tactic: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mandatory: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub removed_after_play: Option<bool>,
    /// 1960: an Election Day event. Once any card carries it, the list counts as complete: a card
    /// without it is not one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub election_day: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hq: Option<bool>,
    /// A Manoeuvre unit card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<bool>,
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub copies: u16,
    /// The section a Section card orders (order-count games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flank: Option<Flank>,
    /// The number of units a Section or Troop card orders, as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units: Option<u8>,
    /// The card orders as many units as the side's command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units_equal_to_command: Option<bool>,
    /// How many cards of this kind the deck holds, where a source says (a catalogue only; shown,
    /// never relied on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copies_in_deck: Option<u16>,
    /// The later part of the deck the card belongs to (for example "Total War"): it waits outside
    /// the deck until the game's rule adds that part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joins: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}
fn one() -> u16 {
    1
}
fn is_one(n: &u16) -> bool {
    *n == 1
}

/// A manifest that could not be read or breaks a rule. `line` is known for manifests read from
/// TOML; a manifest that arrives inside a table setup (JSON) is reported by field path instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestError {
    pub file: String,
    pub line: Option<u64>,
    pub field: String,
    pub message: String,
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{} line {line}, field {}: {}", self.file, self.field, self.message),
            None => write!(f, "{}, field {}: {}", self.file, self.field, self.message),
        }
    }
}

impl std::error::Error for ManifestError {}

/// A broken rule, before it is placed in a file: which card (by index), which field, and
/// optionally an earlier card it clashes with.
struct Problem {
    card: Option<usize>,
    field: &'static str,
    message: String,
    earlier: Option<usize>,
}

impl Problem {
    fn top(field: &'static str, message: String) -> Self {
        Problem { card: None, field, message, earlier: None }
    }
    fn card(card: usize, field: &'static str, message: String) -> Self {
        Problem { card: Some(card), field, message, earlier: None }
    }
}

/// The identity of a listed card within its deck: its number, or its name when it has none.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum CardKey {
    Number(u16),
    Name(String),
}

impl Manifest {
    /// Parses and validates a manifest file; `file` names it in errors.
    pub fn from_toml(file: &str, text: &str) -> Result<Self, ManifestError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let manifest: Manifest = toml::from_str(text).map_err(|e| parse_error(file, text, &e))?;
        let spans: DocSpans = toml::from_str(text).map_err(|e| parse_error(file, text, &e))?;
        match manifest.check() {
            Ok(_) => Ok(manifest),
            Err(problem) => Err(spans.locate(file, text, problem)),
        }
    }

    /// Validates a manifest that did not come from a file (one inside a saved table setup, say).
    pub fn validate(&self) -> Result<(), ManifestError> {
        self.check().map(|_| ()).map_err(|p| {
            let field = match p.card {
                Some(i) => format!("cards[{i}].{}", p.field),
                None => p.field.to_string(),
            };
            let message = match p.earlier {
                Some(j) => format!("{} (first listed as cards[{j}])", p.message),
                None => p.message,
            };
            ManifestError { file: format!("manifest for '{}'", self.game), line: None, field, message }
        })
    }

    /// The playsheet this manifest is for.
    pub fn sheet(&self) -> Result<Arc<Playsheet>, ManifestError> {
        playsheet(&self.game).map_err(|e| ManifestError {
            file: format!("manifest for '{}'", self.game),
            line: None,
            field: "game".into(),
            message: e.to_string(),
        })
    }

    /// Which deck a listed card belongs to: 0 for a shared deck, else the index of its side.
    fn deck_of(&self, sheet: &Playsheet, card: &ManifestCard) -> usize {
        match (sheet.deck, &card.side) {
            (DeckMode::Dual, Some(side)) => side_index(sheet, side).unwrap_or(0),
            _ => 0,
        }
    }

    /// How many cards (copies counted) the manifest lists for each deck.
    pub fn listed(&self, sheet: &Playsheet) -> [usize; 2] {
        let mut listed = [0usize; 2];
        for card in &self.cards {
            listed[self.deck_of(sheet, card)] += usize::from(card.copies);
        }
        listed
    }

    /// Whether the listed cards fill every deck of the game, at the sizes the table deals with
    /// (the manifest's `deck_size`, the listed count of a complete manifest, else the playsheet's):
    /// then no card of the deal is anonymous. Read from the counts alone, without dealing (the
    /// catalog asks it of every game on each request).
    pub fn names_every_card(&self) -> bool {
        let Ok(sheet) = self.sheet() else { return false };
        if self.kinds {
            return false;
        }
        let listed = self.listed(&sheet);
        let count = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        let sizes = match self.deck_sizes() {
            Some(sizes) => sizes,
            None if self.complete => [count(listed[0]), count(listed[1])],
            None => sheet.deck_size,
        };
        let decks = if sheet.deck == DeckMode::Dual { 2 } else { 1 };
        (0..decks).all(|d| listed[d] >= usize::from(sizes[d]))
    }

    /// The deck sizes the manifest asks for, as a table setup writes them (`[shared, 0]` for a
    /// single deck).
    pub fn deck_sizes(&self) -> Option<[u16; 2]> {
        let sizes = self.deck_size.as_ref()?;
        Some([sizes.first().copied().unwrap_or(0), sizes.get(1).copied().unwrap_or(0)])
    }

    /// What the table knows from the start about one listed card.
    pub fn facts(&self, sheet: &Playsheet, card: &ManifestCard) -> CardFacts {
        let value = match sheet.lowest {
            LowestMeasure::Ops | LowestMeasure::Cp => card.ops,
            LowestMeasure::OrderCount | LowestMeasure::AnyOrdinaryCard => None,
        };
        let stated = match sheet.face_two_type.to_ascii_lowercase().as_str() {
            "event" => card.event,
            // What a card orders says whether it is a Tactic card: "tactic" is, the others are not.
            "tactic" => card.tactic.or(card.order.map(|o| o == OrderKind::Tactic)),
            "hq" => card.hq.or((card.unit == Some(true)).then_some(false)),
            _ => None,
        };
        let special = stated.or(self.complete.then_some(false));
        CardFacts { value, special }
    }

    /// The listed cards of each deck, copies spelled out, in the order of the file.
    pub fn deck_cards(&self, sheet: &Playsheet) -> [Vec<(CardName, CardFacts)>; 2] {
        let mut decks: [Vec<(CardName, CardFacts)>; 2] = Default::default();
        // A catalogue names no card of the deal: its kinds are for naming cards as they turn up.
        if self.kinds {
            return decks;
        }
        let election_day_listed = self.cards.iter().any(|c| c.election_day == Some(true));
        for card in &self.cards {
            // A complete manifest states every flag: one left out means "no".
            let stated = |flag: Option<bool>| flag.or(self.complete.then_some(false));
            let name = CardName {
                number: card.number,
                name: card.name.trim().to_string(),
                joins: card.joins.as_ref().map(|j| j.trim().to_string()),
                flags: CardFlags {
                    reaction: stated(card.reaction),
                    combat: stated(card.combat),
                    mandatory: stated(card.mandatory),
                    removed_after_play: stated(card.removed_after_play),
                    election_day: card.election_day.or(election_day_listed.then_some(false)),
                },
            };
            let facts = self.facts(sheet, card);
            let deck = &mut decks[self.deck_of(sheet, card)];
            deck.extend(std::iter::repeat_n((name, facts), usize::from(card.copies)));
        }
        decks
    }

    /// A catalogue's kinds, in the order of the file (none for a list of cards).
    pub fn card_kinds(&self, sheet: &Playsheet) -> Vec<CardKind> {
        if !self.kinds {
            return Vec::new();
        }
        self.cards
            .iter()
            .map(|card| CardKind {
                name: CardName {
                    number: None,
                    name: card.name.trim().to_string(),
                    joins: None,
                    flags: CardFlags { reaction: card.reaction, ..CardFlags::default() },
                },
                facts: self.facts(sheet, card),
                flank: card.flank,
                units: match (card.units, card.units_equal_to_command) {
                    (Some(n), _) => Some(Units::Printed(n)),
                    (None, Some(true)) => Some(Units::EqualToCommand),
                    _ => None,
                },
            })
            .collect()
    }

    /// Every rule of the format, checked in file order.
    fn check(&self) -> Result<Arc<Playsheet>, Problem> {
        let sheet = playsheet(&self.game).map_err(|_| {
            let known: Vec<String> = playsheets().map(|s| s.iter().map(|s| s.id.clone()).collect()).unwrap_or_default();
            Problem::top("game", format!("'{}' is not a game id; the games are {}", self.game, known.join(", ")))
        })?;
        for (field, text) in [("title", &self.title), ("notes", &self.notes)] {
            if text.as_ref().is_some_and(|t| t.trim().is_empty()) {
                return Err(Problem::top(field, "must not be empty when given; leave it out instead".into()));
            }
        }
        let decks = match sheet.deck {
            DeckMode::Single => 1,
            DeckMode::Dual => 2,
        };
        if let Some(sizes) = &self.deck_size {
            if sizes.len() != decks {
                let message = match sheet.deck {
                    DeckMode::Single => format!("{} has one shared deck: give one number, e.g. [60]", sheet.name),
                    DeckMode::Dual => format!(
                        "{} has a deck per side: give two numbers, {} first, e.g. [60, 60]",
                        sheet.name, sheet.sides[0]
                    ),
                };
                return Err(Problem::top("deck_size", message));
            }
            if let Some(bad) = sizes.iter().find(|s| !DECK_SIZES.contains(s)) {
                return Err(Problem::top(
                    "deck_size",
                    format!("{bad} is not a deck size ({} to {} cards)", DECK_SIZES.start(), DECK_SIZES.end()),
                ));
            }
        }
        let mut seen: HashMap<(usize, CardKey), usize> = HashMap::new();
        for (i, card) in self.cards.iter().enumerate() {
            self.check_card(&sheet, i, card)?;
            let deck = self.deck_of(&sheet, card);
            let key = match card.number {
                Some(n) => CardKey::Number(n),
                None => CardKey::Name(card.name.trim().to_lowercase()),
            };
            let whose = match sheet.deck {
                DeckMode::Single => String::new(),
                DeckMode::Dual => format!(" in the {} deck", sheet.sides[deck]),
            };
            if let Some(&earlier) = seen.get(&(deck, key.clone())) {
                let (field, message) = match key {
                    CardKey::Number(n) => (
                        "number",
                        format!("#{n} is listed twice{whose}; the first one is '{}'", self.cards[earlier].name.trim()),
                    ),
                    CardKey::Name(_) => (
                        "name",
                        format!(
                            "'{}' is listed twice{whose} without a number; list it once with copies = N",
                            card.name.trim()
                        ),
                    ),
                };
                return Err(Problem { card: Some(i), field, message, earlier: Some(earlier) });
            }
            seen.insert((deck, key), i);
        }
        let listed = self.listed(&sheet);
        for (deck, &count) in listed.iter().enumerate().take(decks) {
            let whose = match sheet.deck {
                DeckMode::Single => "the shared deck".to_string(),
                DeckMode::Dual => format!("the {} deck", sheet.sides[deck]),
            };
            if let Some(size) = self.deck_size.as_ref().and_then(|s| s.get(deck))
                && count > usize::from(*size)
            {
                return Err(Problem::top(
                    "deck_size",
                    format!("{size} cards for {whose}, but the manifest lists {count} (copies counted)"),
                ));
            }
            if count > usize::from(*DECK_SIZES.end()) {
                return Err(Problem::top(
                    "cards",
                    format!("{count} cards listed for {whose}; a deck holds at most {}", DECK_SIZES.end()),
                ));
            }
        }
        Ok(sheet)
    }

    fn check_card(&self, sheet: &Playsheet, i: usize, card: &ManifestCard) -> Result<(), Problem> {
        let bad = |field: &'static str, message: String| Err(Problem::card(i, field, message));
        if let Some(n) = card.number
            && !CARD_NUMBERS.contains(&n)
        {
            return bad(
                "number",
                format!("{n} is not a card number ({}-{})", CARD_NUMBERS.start(), CARD_NUMBERS.end()),
            );
        }
        if card.name.trim().is_empty() {
            return bad("name", "must not be empty".into());
        }
        if let Some(part) = &card.joins {
            let part = part.trim();
            if part.is_empty() || part.chars().count() > MAX_PART_NAME || part.chars().any(char::is_control) {
                return bad(
                    "joins",
                    format!(
                        "names the part of the deck the card joins later, such as \"Total War\": 1 to \
                         {MAX_PART_NAME} characters on one line"
                    ),
                );
            }
            match sheet.id.as_str() {
                "barbarossa-to-berlin" if part != "Total War" => {
                    return bad(
                        "joins",
                        format!("{} adds one later part, its Total War cards: write joins = \"Total War\"", sheet.name),
                    );
                }
                "barbarossa-to-berlin" | "pursuit-of-glory" => {}
                _ => {
                    return bad(
                        "joins",
                        format!(
                            "{} has no rule that adds cards to the deck later, so nothing would bring this card in; \
                             leave joins out",
                            sheet.name
                        ),
                    );
                }
            }
        }
        match (sheet.deck, &card.side) {
            (DeckMode::Single, None) => {}
            (DeckMode::Single, Some(side)) => {
                return bad(
                    "side",
                    format!("{} has one shared deck, so cards take no side; remove side = \"{side}\"", sheet.name),
                );
            }
            (DeckMode::Dual, None) => {
                return bad(
                    "side",
                    format!(
                        "{} gives each side its own deck; say whose deck holds this card (\"{}\" or \"{}\")",
                        sheet.name, sheet.sides[0], sheet.sides[1]
                    ),
                );
            }
            (DeckMode::Dual, Some(side)) if side_index(sheet, side).is_none() => {
                return bad(
                    "side",
                    format!(
                        "'{side}' is not a side of {}; use \"{}\" or \"{}\"",
                        sheet.name, sheet.sides[0], sheet.sides[1]
                    ),
                );
            }
            (DeckMode::Dual, Some(_)) => {}
        }
        let unit = sheet.lowest.unit();
        match (sheet.lowest, card.ops) {
            (LowestMeasure::Ops | LowestMeasure::Cp, Some(v)) if !OPS_VALUES.contains(&v) => {
                let article = if sheet.lowest == LowestMeasure::Ops { "an" } else { "a" };
                return bad(
                    "ops",
                    format!("{v} is not {article} {unit} value ({}-{})", OPS_VALUES.start(), OPS_VALUES.end()),
                );
            }
            (LowestMeasure::Ops | LowestMeasure::Cp, None) if self.complete => {
                return bad("ops", format!("the manifest says it is complete, so every card needs its {unit} value"));
            }
            (LowestMeasure::OrderCount, Some(_)) => {
                return bad(
                    "ops",
                    format!(
                        "{} measures the lowest card by order count, which depends on the board and is asked \
                         each turn; leave ops out (order names what the card orders)",
                        sheet.name
                    ),
                );
            }
            (LowestMeasure::AnyOrdinaryCard, Some(_)) => {
                return bad("ops", format!("{} cards carry no Ops or CP value; leave ops out", sheet.name));
            }
            _ => {}
        }
        if card.order.is_some() && sheet.lowest != LowestMeasure::OrderCount {
            return bad(
                "order",
                format!(
                    "only games that measure the lowest card by order count (the Commands & Colors sheets) take \
                     an order kind; {} measures {}",
                    sheet.name,
                    if sheet.lowest.is_numeric() { unit } else { "no number" }
                ),
            );
        }
        let typed = [("event", card.event, "Event"), ("tactic", card.tactic, "Tactic"), ("hq", card.hq, "HQ")];
        for (field, value, kind) in typed {
            if value.is_some() && !sheet.face_two_type.eq_ignore_ascii_case(kind) {
                return bad(
                    field,
                    format!(
                        "{} has no {kind} cards (its Fate Die face 2 names {} cards); leave {field} out",
                        sheet.name, sheet.face_two_type
                    ),
                );
            }
        }
        if card.election_day.is_some() && sheet.id != "1960" {
            return bad("election_day", format!("only 1960 has Election Day events; {} has none", sheet.name));
        }
        if card.unit.is_some() && !sheet.face_two_type.eq_ignore_ascii_case("HQ") {
            return bad("unit", format!("{} has no unit cards (a Manoeuvre card type); leave unit out", sheet.name));
        }
        if card.order == Some(OrderKind::Tactic) && card.tactic == Some(false) {
            return bad("tactic", "order = \"tactic\" says this is a Tactic card, but tactic = false".into());
        }
        if card.hq == Some(true) && card.unit == Some(true) {
            return bad("unit", "a card is either an HQ card or a unit card, not both".into());
        }
        let order_count = sheet.lowest == LowestMeasure::OrderCount;
        for (field, given) in [
            ("flank", card.flank.is_some()),
            ("units", card.units.is_some()),
            ("units_equal_to_command", card.units_equal_to_command.is_some()),
        ] {
            if given && !order_count {
                return bad(
                    field,
                    format!("only the Commands & Colors games' cards order units; {} has none", sheet.name),
                );
            }
        }
        if card.flank.is_some() && card.order.is_some_and(|o| o != OrderKind::Section) {
            return bad("flank", "only a Section card (order = \"section\") orders one flank".into());
        }
        if let Some(n) = card.units {
            if !UNITS.contains(&n) {
                return bad("units", format!("{n} is not a number of units ({}-{})", UNITS.start(), UNITS.end()));
            }
            if card.units_equal_to_command == Some(true) {
                return bad("units", "give either units = N or units_equal_to_command = true, not both".into());
            }
        }
        if matches!(card.order, Some(OrderKind::Tactic | OrderKind::Leadership))
            && (card.units.is_some() || card.units_equal_to_command == Some(true))
        {
            return bad(
                "units",
                "a Tactic or Leadership card orders no printed number of units; leave units out".into(),
            );
        }
        if self.kinds {
            if card.number.is_some() {
                return bad("number", "a catalogue of kinds (kinds = true) is for cards that carry no number".into());
            }
            if card.copies != 1 {
                return bad(
                    "copies",
                    "a kind stands for every copy in the deck; write copies_in_deck = N if a source gives the count"
                        .into(),
                );
            }
            if card.joins.is_some() {
                return bad("joins", "a catalogue of kinds has no later parts of the deck".into());
            }
        } else if card.copies_in_deck.is_some() {
            return bad("copies_in_deck", "only a catalogue of kinds (kinds = true) takes it; use copies = N".into());
        }
        if !COPIES.contains(&card.copies) {
            return bad(
                "copies",
                format!("{} is not a number of copies ({}-{})", card.copies, COPIES.start(), COPIES.end()),
            );
        }
        Ok(())
    }
}

/// The index of the playsheet side named `name` (case and surrounding spaces ignored).
fn side_index(sheet: &Playsheet, name: &str) -> Option<usize> {
    sheet.sides.iter().position(|s| s.eq_ignore_ascii_case(name.trim()))
}

/// Where each key of a manifest file sits, to turn a [`Problem`] into a line number.
#[derive(Deserialize)]
struct DocSpans {
    game: Option<Spanned<IgnoredAny>>,
    title: Option<Spanned<IgnoredAny>>,
    notes: Option<Spanned<IgnoredAny>>,
    complete: Option<Spanned<IgnoredAny>>,
    kinds: Option<Spanned<IgnoredAny>>,
    deck_size: Option<Spanned<IgnoredAny>>,
    #[serde(default)]
    cards: Vec<Spanned<CardSpans>>,
}

#[derive(Deserialize)]
struct CardSpans {
    number: Option<Spanned<IgnoredAny>>,
    name: Option<Spanned<IgnoredAny>>,
    side: Option<Spanned<IgnoredAny>>,
    ops: Option<Spanned<IgnoredAny>>,
    order: Option<Spanned<IgnoredAny>>,
    event: Option<Spanned<IgnoredAny>>,
    reaction: Option<Spanned<IgnoredAny>>,
    combat: Option<Spanned<IgnoredAny>>,
    tactic: Option<Spanned<IgnoredAny>>,
    mandatory: Option<Spanned<IgnoredAny>>,
    removed_after_play: Option<Spanned<IgnoredAny>>,
    election_day: Option<Spanned<IgnoredAny>>,
    hq: Option<Spanned<IgnoredAny>>,
    unit: Option<Spanned<IgnoredAny>>,
    copies: Option<Spanned<IgnoredAny>>,
    joins: Option<Spanned<IgnoredAny>>,
    flank: Option<Spanned<IgnoredAny>>,
    units: Option<Spanned<IgnoredAny>>,
    units_equal_to_command: Option<Spanned<IgnoredAny>>,
    copies_in_deck: Option<Spanned<IgnoredAny>>,
}

impl CardSpans {
    fn span(&self, field: &str) -> Option<Range<usize>> {
        let value = match field {
            "number" => &self.number,
            "name" => &self.name,
            "side" => &self.side,
            "ops" => &self.ops,
            "order" => &self.order,
            "event" => &self.event,
            "reaction" => &self.reaction,
            "combat" => &self.combat,
            "tactic" => &self.tactic,
            "mandatory" => &self.mandatory,
            "removed_after_play" => &self.removed_after_play,
            "election_day" => &self.election_day,
            "hq" => &self.hq,
            "unit" => &self.unit,
            "copies" => &self.copies,
            "joins" => &self.joins,
            "flank" => &self.flank,
            "units" => &self.units,
            "units_equal_to_command" => &self.units_equal_to_command,
            "copies_in_deck" => &self.copies_in_deck,
            _ => &None,
        };
        value.as_ref().map(|v| v.span())
    }

    /// The first line of the entry: its earliest key.
    fn start(&self) -> Option<usize> {
        let all = [
            &self.number,
            &self.name,
            &self.side,
            &self.ops,
            &self.order,
            &self.event,
            &self.reaction,
            &self.combat,
            &self.tactic,
            &self.mandatory,
            &self.removed_after_play,
            &self.election_day,
            &self.hq,
            &self.unit,
            &self.copies,
            &self.joins,
            &self.flank,
            &self.units,
            &self.units_equal_to_command,
            &self.copies_in_deck,
        ];
        all.iter().filter_map(|v| v.as_ref().map(|v| v.span().start)).min()
    }
}

impl DocSpans {
    fn top_span(&self, field: &str) -> Option<Range<usize>> {
        let value = match field {
            "game" => &self.game,
            "title" => &self.title,
            "notes" => &self.notes,
            "complete" => &self.complete,
            "kinds" => &self.kinds,
            "deck_size" => &self.deck_size,
            _ => &None,
        };
        value.as_ref().map(|v| v.span())
    }

    /// The byte offset where card `i` is described: the given field, else the entry's first key.
    fn card_offset(&self, i: usize, field: &str) -> Option<usize> {
        let card = self.cards.get(i)?;
        card.get_ref().span(field).map(|s| s.start).or_else(|| card.get_ref().start()).or(Some(card.span().start))
    }

    fn locate(&self, file: &str, text: &str, problem: Problem) -> ManifestError {
        let offset = match problem.card {
            Some(i) => self.card_offset(i, problem.field),
            None => self.top_span(problem.field).map(|s| s.start),
        };
        let message = match problem.earlier.and_then(|j| self.card_offset(j, problem.field)) {
            Some(at) => format!("{} (first listed on line {})", problem.message, line_of(text, at)),
            None => problem.message,
        };
        ManifestError {
            file: file.to_string(),
            line: Some(offset.map_or(1, |o| line_of(text, o))),
            field: problem.field.to_string(),
            message,
        }
    }
}

/// The 1-based line holding byte `offset`.
fn line_of(text: &str, offset: usize) -> u64 {
    let end = offset.min(text.len());
    let newlines = text.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count();
    newlines as u64 + 1
}

/// The key written on a 1-based line, for errors the TOML reader reports by position.
fn key_on_line(text: &str, line: u64) -> Option<String> {
    let content = text.lines().nth(usize::try_from(line.saturating_sub(1)).ok()?)?.trim();
    let key = match content.strip_prefix('[') {
        Some(table) => table.trim_matches(|c| c == '[' || c == ']'),
        None => content.split('=').next()?,
    };
    let key = key.trim();
    (!key.is_empty() && !key.starts_with('#')).then(|| key.to_string())
}

/// A field named in back-quotes by a "missing field" or "unknown field" message.
fn field_in_message(message: &str) -> Option<String> {
    let rest = message.strip_prefix("missing field `").or_else(|| message.strip_prefix("unknown field `"))?;
    rest.split('`').next().map(str::to_string)
}

fn parse_error(file: &str, text: &str, e: &toml::de::Error) -> ManifestError {
    let line = e.span().map_or(1, |s| line_of(text, s.start));
    let message = e
        .message()
        .trim()
        .replace('\n', "; ")
        .replace("expected u8", "expected a whole number from 0 to 255")
        .replace("expected u16", "expected a whole number from 0 to 65535");
    let field = field_in_message(&message).or_else(|| key_on_line(text, line)).unwrap_or_else(|| "(syntax)".into());
    ManifestError { file: file.to_string(), line: Some(line), field, message }
}

const EMBEDDED: [(&str, &str); 9] = [
    ("pursuit-of-glory.toml", include_str!("../manifests/pursuit-of-glory.toml")),
    ("empire-of-the-sun.toml", include_str!("../manifests/empire-of-the-sun.toml")),
    ("wilderness-war.toml", include_str!("../manifests/wilderness-war.toml")),
    ("barbarossa-to-berlin.toml", include_str!("../manifests/barbarossa-to-berlin.toml")),
    ("1960.toml", include_str!("../manifests/1960.toml")),
    ("cc-epic-ancients.toml", include_str!("../manifests/cc-epic-ancients.toml")),
    ("cc-medieval.toml", include_str!("../manifests/cc-medieval.toml")),
    ("cc-napoleonics.toml", include_str!("../manifests/cc-napoleonics.toml")),
    ("cc-napoleonics-epic.toml", include_str!("../manifests/cc-napoleonics-epic.toml")),
];

/// The template a player copies to write a manifest of their own.
pub const TEMPLATE: &str = include_str!("../manifests/template.toml");

/// The template, parsed (it is a valid manifest with placeholder cards).
pub fn template() -> Result<Manifest, ManifestError> {
    Manifest::from_toml("manifests/template.toml", TEMPLATE)
}

/// The manifests that ship with cdgsolo: for each game whose playsheet names cards, those cards.
pub fn manifests() -> Result<&'static [Arc<Manifest>], ManifestError> {
    static LOADED: OnceLock<Result<Vec<Arc<Manifest>>, ManifestError>> = OnceLock::new();
    LOADED
        .get_or_init(|| {
            EMBEDDED
                .iter()
                .map(|(file, text)| Manifest::from_toml(&format!("manifests/{file}"), text).map(Arc::new))
                .collect()
        })
        .as_deref()
        .map_err(Clone::clone)
}

/// The shipped manifest of a game.
pub fn manifest(game: &str) -> Result<Arc<Manifest>, ManifestError> {
    manifests()?.iter().find(|m| m.game == game).cloned().ok_or_else(|| ManifestError {
        file: "embedded manifests".into(),
        line: None,
        field: "game".into(),
        message: format!("no manifest ships for '{game}'"),
    })
}
