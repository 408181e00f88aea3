//! The special rules of each playsheet, on top of the common card table. A game's rules are a
//! [`SpecialRules`] object: it can act once the table is dealt, add (or remove) decisions
//! ([`Special`] actions) and carry them out, act after the Fate Die roll, after a play and at the end
//! of a turn or once the table has settled, ask for a Fate Die roll or a random pick of its own, keep
//! per-side markers and held cards in the table's generic containers ([`CardTable::marker`]), name
//! the step the table waits for and the markers a player reads, and remind the player of a rule at
//! the moment it applies.

mod barbarossa_to_berlin;
mod commands_and_colors;
mod empire_of_the_sun;
mod manoeuvre_table;
mod president_1960;
mod pursuit_of_glory;
mod wilderness_war;

use crate::card::CardId;
use crate::table::CardTable;
use crate::table_action::TableAction;

/// Which decision of which game: each game names its own decisions after its playsheet, in its own
/// enum, and the common table carries them without reading them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    BarbarossaToBerlin(barbarossa_to_berlin::Decision),
    PursuitOfGlory(pursuit_of_glory::Decision),
    EmpireOfTheSun(empire_of_the_sun::Decision),
    President1960(president_1960::Decision),
    WildernessWar(wilderness_war::Decision),
    CommandsAndColors(commands_and_colors::Decision),
    ManoeuvreTable(manoeuvre_table::Decision),
}

impl Decision {
    /// The decision's number within its game (the game's enum discriminant): what older saves and
    /// the generic ids of decisions a game leaves unnamed are made of.
    pub fn code(self) -> u8 {
        match self {
            Decision::BarbarossaToBerlin(d) => d as u8,
            Decision::PursuitOfGlory(d) => d as u8,
            Decision::EmpireOfTheSun(d) => d as u8,
            Decision::President1960(d) => d as u8,
            Decision::WildernessWar(d) => d as u8,
            Decision::CommandsAndColors(d) => d as u8,
            Decision::ManoeuvreTable(d) => d as u8,
        }
    }
}

/// A decision a game's special rules add: which rule, for which side, about which card, with one
/// small number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Special {
    pub decision: Decision,
    pub side: u8,
    pub card: Option<CardId>,
    pub n: u8,
}

impl Special {
    /// A decision with no number attached.
    pub fn new(decision: Decision, side: u8, card: Option<CardId>) -> Self {
        Special { decision, side, card, n: 0 }
    }
}

/// How a front end shows one of a game's markers: one value per side, or one for the whole table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerShown {
    PerSide,
    Table,
    /// Per side, and only while one of the values is not zero.
    PerSideIfSet,
    /// For the whole table, and only while it is not zero.
    TableIfSet,
}

/// Whether the legal actions are chance outcomes (a draw or a roll), which no rule adds to.
pub(crate) fn is_chance(out: &[TableAction]) -> bool {
    out.first().is_some_and(TableAction::is_chance)
}

/// For a sheet with no pass of its own: once the Fate Die has been rolled, the turn may end
/// without a play only when the roll leaves no card to play (the table would otherwise be stuck).
pub(crate) fn pass_after_roll_only_as_last_resort(table: &CardTable, out: &mut Vec<TableAction>) {
    let after_roll = matches!(table.phase, crate::table::Phase::Choose { played: 0, .. });
    if after_roll && out.iter().any(|a| matches!(a, TableAction::Play { .. })) {
        out.retain(|a| !matches!(a, TableAction::Pass));
    }
}

/// A game's special rules. Every method has a default that does nothing.
pub trait SpecialRules: Sync + Send {
    /// Called once the table is dealt.
    fn setup(&self, _table: &mut CardTable) {}
    /// Appends the decisions this game adds at this moment (and may remove common ones).
    fn adjust_legal(&self, _table: &CardTable, _out: &mut Vec<TableAction>) {}
    /// Whether one of this game's decisions shows a card that was hidden (undo may not go back over
    /// it).
    fn reveals(&self, _table: &CardTable, _special: Special) -> bool {
        false
    }
    /// Carries out one of this game's decisions.
    fn apply(&self, _table: &mut CardTable, _special: Special) {}
    /// Whether an earlier version's record may credit this decision to the other side
    /// ([`engine::Game::decision_moved_sides`]).
    fn decision_moved_sides(&self, _action_id: &str) -> bool {
        false
    }
    /// The stable id of one of this game's decisions.
    fn id(&self, special: Special) -> String {
        format!(
            "special-{}-{}-{}-{}",
            special.decision.code(),
            special.side,
            special.card.map_or(0, |c| c.0),
            special.n
        )
    }
    /// The turn as the board game counts it ("Turn 2, action round 3"), where the table can tell;
    /// `None` for a game whose turns are simply the sides' turns.
    fn turn_words(&self, _table: &CardTable) -> Option<String> {
        None
    }
    /// Whether one of this game's decisions is a table tool: a step the board game calls for now
    /// and then (a reshuffle an event orders, a marker set by hand), kept behind the tools entry.
    fn is_tool(&self, _table: &CardTable, _special: Special) -> bool {
        false
    }
    /// Whether a display holding more cards in a slot than the Variable Hand Size table now asks
    /// (hands back at parity) uses the extra card to fill its next empty slot instead of a draw.
    fn surplus_refills(&self) -> bool {
        false
    }
    /// Whether the second roll of a Random Card Selection made for `special` counts every card of
    /// the chosen slot, face-down ones included, rather than only its face-up cards.
    fn selection_counts_face_down(&self, _special: Special) -> bool {
        false
    }
    /// A label a player understands.
    fn label(&self, _table: &CardTable, special: Special) -> String {
        format!("special action {}", special.decision.code())
    }
    /// After the active side's Fate Die roll (its flips done).
    fn after_roll(&self, _table: &mut CardTable, _face: u8) {}
    /// After the active side played `card` for `purpose` (the card is in the discards).
    fn after_play(&self, _table: &mut CardTable, _card: CardId, _purpose: u8) {}
    /// At the end of the active side's turn, before the other side becomes active.
    fn end_of_turn(&self, _table: &mut CardTable) {}
    /// After a Random Card Selection this game asked for: `card` of `target`'s display was picked.
    fn after_selection(&self, _table: &mut CardTable, _special: Special, _target: u8, _card: CardId) {}
    /// After a Fate Die roll this game asked for with [`CardTable::ask_game_roll`].
    fn after_game_roll(&self, _table: &mut CardTable, _special: Special, _face: u8) {}
    /// What a roll this game asked for means, when the Fate Die's face title would mislead (the
    /// die read as a plain d6).
    fn game_roll_label(&self, _table: &CardTable, _special: Special, _face: u8) -> Option<String> {
        None
    }
    /// After a random pick this game asked for with [`CardTable::ask_game_pick`].
    fn after_game_pick(&self, _table: &mut CardTable, _special: Special, _card: CardId) {}
    /// Called when the table has settled (no draw pending) after an action; returns whether it
    /// changed anything that needs settling again (a new draw queued).
    fn settled(&self, _table: &mut CardTable) -> bool {
        false
    }
    /// What the table waits for when a rule of the game has taken over the turn (a phase of the
    /// board game, a setup step), in words; `None` leaves the common wording.
    fn waiting_for(&self, _table: &CardTable) -> Option<String> {
        None
    }
    /// Reminders of special rules that matter at this moment, in our own words.
    fn reminders(&self, _table: &CardTable) -> Vec<String> {
        Vec::new()
    }
    /// The scenarios whose card setup these rules carry out (see [`crate::scenario`]).
    fn scenarios(&self) -> &'static [crate::scenario::Scenario] {
        &[]
    }
    /// The markers a player reads at the table, and how; the others are the rules' own bookkeeping
    /// (still in the view's full `markers`).
    fn shown_markers(&self) -> &'static [(&'static str, MarkerShown)] {
        &[]
    }
}

/// The common system alone.
struct CommonOnly;
impl SpecialRules for CommonOnly {}

/// The special rules of a playsheet, by game id.
pub fn rules_for(game: &str) -> &'static dyn SpecialRules {
    match game {
        "barbarossa-to-berlin" => &barbarossa_to_berlin::Rules,
        "pursuit-of-glory" => &pursuit_of_glory::Rules,
        "wilderness-war" => &wilderness_war::Rules,
        "empire-of-the-sun" => &empire_of_the_sun::Rules,
        "1960" => &president_1960::Rules,
        "manoeuvre" => &manoeuvre_table::Rules,
        "cc-epic-ancients" => &commands_and_colors::Rules(commands_and_colors::Sheet::EpicAncients),
        "cc-medieval" => &commands_and_colors::Rules(commands_and_colors::Sheet::Medieval),
        "cc-napoleonics" => &commands_and_colors::Rules(commands_and_colors::Sheet::Napoleonics),
        "cc-napoleonics-epic" => &commands_and_colors::Rules(commands_and_colors::Sheet::NapoleonicsEpic),
        _ => &CommonOnly,
    }
}
