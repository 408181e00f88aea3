//! The playsheet schema: everything in which the ten CDG Solo System playsheets differ at the level
//! of the common system, loaded from TOML files (one per game, embedded in the binary) and validated
//! with errors that name the file, line and field. Game-specific special rules are not data; they
//! live in code keyed by the playsheet's id.

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use crate::slot::SlotSet;

/// Whether the two sides share one draw deck or each has its own (held in its slot C).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeckMode {
    Single,
    Dual,
}

/// The facing a card gets when it is put into a slot from the draw deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Facing {
    FaceDown,
    /// The sheets' "keep face-up": the new card is placed face-up.
    FaceUp,
    /// The card keeps the facing it had on top of the deck.
    MaintainFacing,
}

/// What the "lowest" of Fate Die faces 1 and 2 measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LowestMeasure {
    /// Printed operations points.
    Ops,
    /// Printed campaign points (1960).
    Cp,
    /// Units the card would order on the board as it stands now: changes every turn, so the table
    /// asks for it afresh each time.
    OrderCount,
    /// Not a number: any face-up card that is not of the sheet's special type (Manoeuvre's unit cards).
    AnyOrdinaryCard,
}

impl LowestMeasure {
    pub fn is_numeric(self) -> bool {
        !matches!(self, LowestMeasure::AnyOrdinaryCard)
    }
    /// The values a card can have: a printed Ops or CP value is 1 to 5 (the manifest's range); an
    /// order count depends on the board, from 0 (nothing to order) up.
    pub fn values(self) -> std::ops::RangeInclusive<u8> {
        match self {
            LowestMeasure::Ops | LowestMeasure::Cp => crate::manifest::OPS_VALUES,
            _ => 0..=crate::table::MAX_CARD_VALUE,
        }
    }
    /// Values that do not outlive the turn in which they were given.
    pub fn depends_on_board(self) -> bool {
        matches!(self, LowestMeasure::OrderCount)
    }
    pub fn unit(self) -> &'static str {
        match self {
            LowestMeasure::Ops => "Ops",
            LowestMeasure::Cp => "CP",
            LowestMeasure::OrderCount => "order count",
            LowestMeasure::AnyOrdinaryCard => "",
        }
    }
}

/// How the Max Hand Size marker is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MaxHandSize {
    /// The marker is not used.
    NotUsed,
    /// Set to each side's Command (the C&C family); differences become extra cards per the
    /// Variable Hand Size table.
    Command,
    /// Set by the scenario and changed by events; Cards Remaining is reset to it.
    Variable,
}

/// The kinds of reshuffle the sheets describe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReshuffleKind {
    /// Discard the face-down display cards, shuffle the discards into the deck, fill empty slots
    /// face-down.
    DiscardFaceDown,
    /// Leave the display alone and shuffle the discards into the deck.
    KeepDisplay,
    /// Discard the whole display, shuffle everything (with any new cards) and deal as at setup.
    Redeal,
}

/// A table tool: something the board game (an event, a phase) does to the cards outside the
/// playsheet's own turn. Front ends keep tools behind one entry, shown on request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tool {
    /// Discard a face-up card of the active side.
    Discard,
    /// Set a face-up card aside beside the display.
    SetAside,
    /// Move the Cards Remaining and Max Hand Size markers by hand.
    Markers,
    /// Add a new card to the deck.
    AddCard,
    /// Discard a random face-up card of the other side (Random Card Selection Chart).
    RandomDiscard,
}

impl Tool {
    /// Every tool: what a sheet offers when its file does not narrow them.
    pub fn all() -> Vec<Tool> {
        vec![Tool::Discard, Tool::SetAside, Tool::Markers, Tool::AddCard, Tool::RandomDiscard]
    }
}

/// Which displays a reshuffle of a single deck touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReshuffleScope {
    /// Only the display of the side whose deck it is (dual decks), or the side that triggered it.
    Own,
    /// Both displays (a shared deck).
    Both,
}

/// What the `!!` on face 1 does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BangKind {
    /// Nothing in this game.
    NoEffect,
    /// The inactive side rolls before playing certain cards; `!!` blocks the card.
    BlocksInactiveCard,
    /// The inactive side uses an Inspired Action token.
    InspiredAction,
    /// The active side spends momentum to trigger an event from the discard pile.
    Momentum,
}

/// How many cards the active side plays after one roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlaysPerTurn {
    One,
    /// After a slot face, every card of the chosen slot may be played (Manoeuvre).
    WholeSlot,
}

/// Which slots are refilled after a card is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RefillWhich {
    /// The slot the played card came from.
    PlayedSlot,
    /// Every slot short of its cards.
    AnyEmpty,
    /// Only the slots named in `slots`.
    Listed,
}

/// The refill line of one die face.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refill {
    pub which: RefillWhich,
    #[serde(default)]
    pub slots: SlotSet,
    pub facing: Facing,
}

/// One face of the Fate Die as a playsheet prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaceRule {
    pub number: u8,
    /// The face's title in our words.
    pub title: String,
    #[serde(default)]
    pub bang: bool,
    pub refill: Refill,
    /// Options this sheet adds to the face beyond the common ones (said in words; the game-specific
    /// code acts on them).
    #[serde(default)]
    pub also: Vec<String>,
}

/// The Variable Hand Size table: for a difference of 1, 2, 3, 4 or more cards, the slots that get a
/// second (face-down) card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariableHandSize {
    pub extra_slots: Vec<SlotSet>,
}

impl VariableHandSize {
    /// The slots that get an extra card for a hand size difference of `difference`.
    pub fn slots_for(&self, difference: u8) -> SlotSet {
        if difference == 0 || self.extra_slots.is_empty() {
            return SlotSet::EMPTY;
        }
        let row = (difference as usize).min(self.extra_slots.len()) - 1;
        self.extra_slots[row]
    }
}

/// A playsheet's settings for the common system.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Playsheet {
    pub id: String,
    pub name: String,
    /// Who wrote the original playsheet.
    pub playsheet_by: String,
    pub deck: DeckMode,
    pub sides: [String; 2],
    /// Cards in each side's deck (dual) or in the shared deck (single: first entry) when no manifest
    /// names them.
    pub deck_size: [u16; 2],
    /// Slots dealt face-up at setup; the rest are dealt face-down.
    pub setup_face_up: SlotSet,
    pub max_hand_size: MaxHandSize,
    /// Starting Max Hand Size when the scenario does not say.
    #[serde(default)]
    pub default_hand_size: u8,
    pub cards_remaining: bool,
    pub variable_hand_size: Option<VariableHandSize>,
    pub lowest: LowestMeasure,
    /// The card type face 2 lets a side play ("Event", "Tactic", "HQ").
    pub face_two_type: String,
    pub bang: BangKind,
    /// What `!!` does, in our words.
    pub bang_text: String,
    pub plays_per_turn: PlaysPerTurn,
    /// The C&C "unplayable results" rule: reroll, or dig for a playable card.
    pub unplayable_rule: bool,
    /// What happens when a card must be drawn from an empty deck.
    pub exhaustion: ReshuffleKind,
    pub reshuffle_scope: ReshuffleScope,
    /// Reshuffles an event or phase may call for, offered as table tools.
    pub reshuffles: Vec<ReshuffleKind>,
    /// The other table tools the board game may call for (all of them when the file is silent).
    #[serde(default = "Tool::all")]
    pub tools: Vec<Tool>,
    /// Facing of the card that replaces one discarded outside a play.
    pub discard_refill: Facing,
    /// Whether a discarded card is replaced at once, or only when the side next rolls (Manoeuvre's
    /// Draw phase).
    pub discard_refill_at_roll: bool,
    /// A side that plays no card in its turn may move one card (the deck's top card included) to
    /// another slot, then fill empty slots (Manoeuvre).
    #[serde(default)]
    pub move_card_without_play: bool,
    /// Whether a side may end its turn without a play once the Fate Die is rolled. The C&C sheets
    /// say no: a roll with nothing playable is rolled again (their unplayable-results rule).
    #[serde(default = "pass_after_roll_default")]
    pub pass_after_roll: bool,
    /// Named purposes a card may be played for.
    pub purposes: Vec<String>,
    pub faces: Vec<FaceRule>,
}

fn pass_after_roll_default() -> bool {
    true
}

#[derive(Debug, thiserror::Error)]
pub enum PlaysheetError {
    #[error("{file}: {message}")]
    Parse { file: String, message: String },
    #[error("{file}: field '{field}': {message}")]
    Invalid { file: String, field: String, message: String },
}

impl Playsheet {
    /// Parses and validates a playsheet file. `file` names it in errors.
    pub fn from_toml(file: &str, text: &str) -> Result<Self, PlaysheetError> {
        let sheet: Playsheet =
            toml::from_str(text).map_err(|e| PlaysheetError::Parse { file: file.into(), message: e.to_string() })?;
        sheet.validate(file)?;
        Ok(sheet)
    }

    fn validate(&self, file: &str) -> Result<(), PlaysheetError> {
        let bad =
            |field: &str, message: String| PlaysheetError::Invalid { file: file.into(), field: field.into(), message };
        if self.id.is_empty() || !self.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            return Err(bad("id", format!("'{}' must be lowercase letters, digits and dashes", self.id)));
        }
        let numbers: Vec<u8> = self.faces.iter().map(|f| f.number).collect();
        if numbers != [1, 2, 3, 4, 5, 6] {
            let found: Vec<String> = numbers.iter().map(u8::to_string).collect();
            return Err(bad(
                "faces",
                format!("expected six faces numbered 1 to 6 in order, found {}", found.join(", ")),
            ));
        }
        for face in &self.faces {
            if face.refill.which == RefillWhich::Listed && face.refill.slots.is_empty() {
                return Err(bad(&format!("faces[{}].refill.slots", face.number), "'listed' needs slot letters".into()));
            }
            if face.title.trim().is_empty() {
                return Err(bad(&format!("faces[{}].title", face.number), "must not be empty".into()));
            }
        }
        if self.purposes.is_empty() {
            return Err(bad("purposes", "at least one purpose is needed".into()));
        }
        if self.deck_size[0] < 8 || (self.deck == DeckMode::Dual && self.deck_size[1] < 8) {
            return Err(bad("deck_size", "a deck needs at least 8 cards to fill a display".into()));
        }
        if self.max_hand_size != MaxHandSize::NotUsed && self.default_hand_size == 0 {
            return Err(bad("default_hand_size", "a sheet that uses Max Hand Size needs a default".into()));
        }
        if let Some(vhs) = &self.variable_hand_size
            && (vhs.extra_slots.is_empty() || vhs.extra_slots.iter().any(|s| s.is_empty()))
        {
            return Err(bad("variable_hand_size.extra_slots", "every row must name at least one slot".into()));
        }
        Ok(())
    }

    pub fn face(&self, number: u8) -> &FaceRule {
        &self.faces[(number.clamp(1, 6) - 1) as usize]
    }

    /// The slots that can hold cards (slot C of a dual deck is the deck itself).
    pub fn card_slots(&self) -> SlotSet {
        match self.deck {
            DeckMode::Single => SlotSet::parse("ABCDE").unwrap_or_default(),
            DeckMode::Dual => SlotSet::parse("ABDE").unwrap_or_default(),
        }
    }
}

const EMBEDDED: [(&str, &str); 10] = [
    ("manoeuvre.toml", include_str!("../playsheets/manoeuvre.toml")),
    ("cc-epic-ancients.toml", include_str!("../playsheets/cc-epic-ancients.toml")),
    ("pursuit-of-glory.toml", include_str!("../playsheets/pursuit-of-glory.toml")),
    ("empire-of-the-sun.toml", include_str!("../playsheets/empire-of-the-sun.toml")),
    ("cc-medieval.toml", include_str!("../playsheets/cc-medieval.toml")),
    ("cc-napoleonics.toml", include_str!("../playsheets/cc-napoleonics.toml")),
    ("cc-napoleonics-epic.toml", include_str!("../playsheets/cc-napoleonics-epic.toml")),
    ("wilderness-war.toml", include_str!("../playsheets/wilderness-war.toml")),
    ("barbarossa-to-berlin.toml", include_str!("../playsheets/barbarossa-to-berlin.toml")),
    ("1960.toml", include_str!("../playsheets/1960.toml")),
];

type Loaded = Result<Vec<Arc<Playsheet>>, String>;

/// The ten playsheets that ship with cdgsolo, in the order of the seeds.
pub fn playsheets() -> Result<&'static [Arc<Playsheet>], PlaysheetError> {
    static SHEETS: OnceLock<Loaded> = OnceLock::new();
    let loaded = SHEETS.get_or_init(|| {
        EMBEDDED
            .iter()
            .map(|(file, text)| Playsheet::from_toml(&format!("playsheets/{file}"), text).map(Arc::new))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())
    });
    loaded
        .as_deref()
        .map_err(|message| PlaysheetError::Parse { file: "embedded playsheets".into(), message: message.clone() })
}

/// The shipped playsheet with this game id.
pub fn playsheet(id: &str) -> Result<Arc<Playsheet>, PlaysheetError> {
    playsheets()?.iter().find(|s| s.id == id).cloned().ok_or_else(|| PlaysheetError::Invalid {
        file: "embedded playsheets".into(),
        field: "id".into(),
        message: format!("no game has id '{id}' (`cdgsolo games` lists the ids)"),
    })
}
