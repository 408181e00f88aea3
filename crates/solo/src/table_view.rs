//! What a player sees of the card table: both displays with face-down cards shown only as backs,
//! deck sizes but never their contents, discard piles, markers, and the state of the turn. This is
//! the only thing bots and user interfaces receive.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::card::{CardFacts, CardId, CardName};
use crate::display::CardDisplay;
use crate::playsheet::MaxHandSize;
use crate::slot::SlotName;
use crate::table::{CardTable, Phase};
use crate::table_action::TableAction;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableView {
    pub game: String,
    /// The side turn under way, counted from 1 (each side's turn counts one).
    pub turn: u32,
    /// The turn as the board game counts and names it ("Turn 2, action round 3 of Allied Powers";
    /// "Side turn 13" for a game whose turns are the sides' turns).
    pub turn_words: String,
    pub active: u8,
    /// What the table is waiting for, in words.
    pub waiting_for: String,
    /// What the Fate Die's `!!` does in this game, in the sheet's words ("No effect in this game.").
    pub bang_words: String,
    pub fate_die: Option<u8>,
    pub fate_die_title: Option<String>,
    pub sides: Vec<SideView>,
    pub decks: Vec<DeckView>,
    /// Facts the player has given about the cards now face-up.
    pub facts: BTreeMap<u16, CardFacts>,
    pub last_random_selection: Option<CardId>,
    /// The inactive side's last attempt to play a card, and whether Fate let it.
    pub last_inactive_play: Option<(CardId, bool)>,
    /// Special rules of this game that matter now, in words.
    pub reminders: Vec<String>,
    /// Per-side markers of the game's special rules, by name (the rules' bookkeeping included).
    pub markers: BTreeMap<&'static str, [i32; 2]>,
    /// The markers a player reads at the table, in the game's order: one value per side, or a
    /// single value for the whole table.
    pub shown_markers: Vec<ShownMarker>,
    /// Cards the game's special rules keep aside (always face-up).
    pub held: Vec<crate::table::Held>,
    /// The printed number and name of every card in sight (face-up in a display or on a deck,
    /// beside a display, face-up in a discard pile, or turned up by a dig) that the table's
    /// manifest describes. Face-down and undrawn cards never appear here. Left out when empty.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub cards: BTreeMap<u16, CardName>,
    /// When each side has two displays (La Grande Battles): the names of the pair in `sides` and of
    /// the pair waiting, and the waiting pair itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_pair: Option<OtherPairView>,
    /// Physical deck: the face-up card the table waits for the player to name, and where it lies
    /// (the card itself shows as unknown until then). Left out when nothing waits to be named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identifying: Option<IdentifyingView>,
    /// Physical deck: every face-up card of the displays and the decks' tops not yet named, the
    /// one in `identifying` among them (the displays show them as unknown, like face-down cards).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unnamed: Vec<IdentifyingView>,
    /// Physical deck: what to call each card in sight that has no printed name to show (one the
    /// player said the manifest does not list, or any card of a table without a manifest), since
    /// the table's own number for it is printed on no real card. Left out when empty.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<u16, String>,
}

/// Where the face-up card the table asks the player to name lies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IdentifyingView {
    /// The side whose display or deck holds it.
    pub side: u8,
    /// Its slot, or `None` for the top of the side's deck (or a card turned up by a dig).
    pub slot: Option<SlotName>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShownMarker {
    pub name: &'static str,
    /// Two values (first side, second side), or one for the whole table.
    pub values: Vec<i32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OtherPairView {
    /// What the displays in `sides` are (e.g. "Commander in Chief").
    pub front: String,
    /// What the displays below are (e.g. "Corps Commander").
    pub waiting: String,
    pub sides: Vec<SideView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideView {
    pub name: String,
    /// Each slot's stack, bottom first; `null` is a face-down card.
    pub slots: BTreeMap<SlotName, Vec<Option<CardId>>>,
    pub beside: Vec<CardId>,
    pub cards_remaining: Option<u8>,
    pub max_hand_size: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeckView {
    /// The side that owns the deck, or "shared".
    pub owner: String,
    pub cards: usize,
    /// The top card when it has been turned face-up (a Dual Deck's slot C).
    pub face_up_top: Option<CardId>,
    /// The discard pile, oldest first; `null` for a card discarded face-down.
    pub discard: Vec<Option<CardId>>,
    /// How many times the deck has been shuffled so far.
    pub shuffles: u32,
}

impl TableView {
    pub fn of(table: &CardTable) -> Self {
        let sheet = table.sheet();
        // Physical deck: a face-up card the player has not yet identified shows as unknown.
        let seen = |c: CardId| table.is_known(c);
        let side_view = |s: u8, display: &CardDisplay, hand: u8| SideView {
            name: sheet.sides[s as usize].clone(),
            slots: SlotName::ALL
                .into_iter()
                .filter(|slot| sheet.card_slots().contains(*slot))
                .map(|slot| {
                    let cards = display.slot(slot).iter().map(|p| (p.face_up && seen(p.card)).then_some(p.card));
                    (slot, cards.collect())
                })
                .collect(),
            beside: display.beside.clone(),
            cards_remaining: sheet.cards_remaining.then(|| table.cards_remaining(s)),
            max_hand_size: (sheet.max_hand_size != MaxHandSize::NotUsed).then_some(hand),
        };
        let sides = (0..2u8).map(|s| side_view(s, table.display(s), table.max_hand_size(s))).collect();
        let other_pair = table.other_pair.as_ref().map(|o| OtherPairView {
            front: o.names[0].to_string(),
            waiting: o.names[1].to_string(),
            sides: (0..2u8)
                .map(|s| side_view(s, &o.displays[usize::from(s)], o.max_hand_size[usize::from(s)]))
                .collect(),
        });
        let decks = table
            .decks
            .iter()
            .enumerate()
            .map(|(i, deck)| DeckView {
                owner: if table.decks.len() == 1 { "shared".into() } else { sheet.sides[i].clone() },
                cards: deck.len(),
                face_up_top: deck.top.filter(|c| seen(*c)),
                discard: deck.discard.iter().map(|d| d.face_up.then_some(d.card)).collect(),
                shuffles: deck.shuffles,
            })
            .collect();
        let mut facts = BTreeMap::new();
        let mut visible: Vec<CardId> = Vec::new();
        for s in 0..2u8 {
            visible.extend(table.display(s).face_up().map(|(_, c)| c));
            visible.extend(table.display(s).beside.iter().copied());
        }
        visible.extend(table.decks.iter().filter_map(|d| d.top));
        // A card not named yet is the table's stand-in: its facts are not the real card's.
        for c in visible.into_iter().filter(|c| seen(*c)) {
            let f = table.facts(c);
            if f != CardFacts::default() {
                facts.insert(c.0, f);
            }
        }
        let mut in_sight: Vec<CardId> = Vec::new();
        for display in table.all_displays() {
            in_sight.extend(display.face_up().map(|(_, c)| c).filter(|c| seen(*c)));
            in_sight.extend(display.beside.iter().copied());
        }
        for deck in &table.decks {
            in_sight.extend(deck.top.filter(|c| seen(*c)));
            // A face-down card discarded face-up without being named (a random pick of a face-down
            // card) is a stand-in too: no name is shown for it.
            in_sight.extend(deck.discard.iter().filter(|d| d.face_up).map(|d| d.card).filter(|c| seen(*c)));
        }
        if let Phase::Digging { revealed: Some(c) } = table.phase
            && seen(c)
        {
            in_sight.push(c);
        }
        // Cards a game rule keeps aside are in sight too.
        in_sight.extend(table.held.iter().map(|h| h.card));
        let cards: BTreeMap<u16, CardName> =
            in_sight.iter().filter_map(|&c| table.card_name(c).map(|name| (c.0, name.clone()))).collect();
        let mut labels = BTreeMap::new();
        if table.physical {
            let word = if table.has_named_cards() { "unlisted card" } else { "face-up card" };
            for c in in_sight.iter().filter(|c| !cards.contains_key(&c.0)) {
                labels.insert(c.0, word.to_string());
            }
            for d in table.decks.iter().flat_map(|deck| deck.discard.iter()) {
                if d.face_up && !seen(d.card) {
                    labels.insert(d.card.0, "card not named".to_string());
                }
            }
        }
        let mut unnamed = Vec::new();
        if table.physical && table.has_named_cards() {
            for side in 0..2u8 {
                let slots =
                    table.display(side).face_up().filter(|(_, c)| !table.is_confirmed(*c)).map(|(s, _)| Some(s));
                let top = table.visible_top(side).filter(|c| !table.is_confirmed(*c)).map(|_| None);
                unnamed.extend(slots.chain(top).map(|slot| IdentifyingView { side, slot }));
            }
        }
        let waiting_for = match &table.phase {
            _ if table.to_move_is_chance() => "a die roll or a card draw".to_string(),
            _ if let Some(step) = crate::games::rules_for(&sheet.id).waiting_for(table) => step,
            Phase::Start => "the active side to act or roll the Fate Die".into(),
            Phase::FlipChoice { .. } => "the active side to turn a face-down card face-up".into(),
            Phase::Choose { played: 0, .. } => "the active side to play an allowed card".into(),
            Phase::Choose { .. }
                if !engine::Game::legal(table).iter().any(|a| matches!(a, TableAction::Play { .. })) =>
            {
                "the active side to end the turn".into()
            }
            Phase::Choose { .. } => "the active side to play another allowed card or end the turn".into(),
            Phase::Digging { .. } => "the active side to decide about the turned-up card".into(),
            Phase::InactiveKind { .. } => "the inactive side to say which kind of card it plays".into(),
            Phase::MovingCard => "the active side to move one card to another slot, or none".into(),
            Phase::Rolling | Phase::Selecting { .. } | Phase::InactiveRoll { .. } | Phase::GameRoll { .. } => {
                "a die roll".into()
            }
            Phase::GamePick { .. } => "a card drawn at random from shuffled cards".into(),
        };
        TableView {
            game: sheet.id.clone(),
            turn: table.turn,
            turn_words: crate::games::rules_for(&sheet.id)
                .turn_words(table)
                .unwrap_or_else(|| format!("Side turn {}", table.turn)),
            active: table.active(),
            waiting_for,
            bang_words: sheet.bang_text.clone(),
            fate_die: table.last_roll(),
            fate_die_title: table.last_roll().map(|f| {
                // The face's title, with the options the sheet adds to it.
                let face = sheet.face(f);
                std::iter::once(face.title.as_str())
                    .chain(face.also.iter().map(String::as_str))
                    .collect::<Vec<_>>()
                    .join(", ")
            }),
            sides,
            decks,
            facts,
            last_random_selection: table.last_selected,
            last_inactive_play: table.last_inactive,
            reminders: crate::games::rules_for(&sheet.id).reminders(table),
            markers: table.markers.iter().map(|(n, v)| (*n, *v)).collect(),
            shown_markers: crate::games::rules_for(&sheet.id)
                .shown_markers()
                .iter()
                .filter_map(|(name, shown)| {
                    use crate::games::MarkerShown::{PerSide, PerSideIfSet, Table, TableIfSet};
                    let values = table.markers.iter().find(|(n, _)| n == name)?.1;
                    let values = match shown {
                        PerSide => values.to_vec(),
                        PerSideIfSet if values != [0, 0] => values.to_vec(),
                        Table => vec![values[0]],
                        TableIfSet if values[0] != 0 => vec![values[0]],
                        PerSideIfSet | TableIfSet => return None,
                    };
                    Some(ShownMarker { name, values })
                })
                .collect(),
            held: table.held.clone(),
            cards,
            other_pair,
            identifying: table.unconfirmed().map(|(side, card)| IdentifyingView {
                side,
                slot: table.display(side).find(card).map(|(slot, _)| slot),
            }),
            unnamed,
            labels,
        }
    }
}
