//! What each step of a card table asks the player to do with the real cards, in the order they
//! would do it: roll, put played cards on the discards, shuffle, turn cards face-up, draw into
//! slots, move markers. The events come from comparing what the table shows before and after a
//! step ([`Shot`]), never from its hidden contents, so they name only cards in sight: a card that
//! goes or stays face-down is "a card", and a physical deck's card turned up but not yet named is
//! turned up "and named" by the player. Because they are read off the change itself, a rule that
//! moves a card anywhere is told without each rule having to remember to say so.

use std::collections::HashMap;
use std::fmt;

use crate::card::CardId;
use crate::playsheet::DeckMode;
use crate::slot::SlotName;
use crate::table::{CardTable, Phase, REMOVED_FROM_GAME, WAITING_TO_JOIN};
use crate::table_action::TableAction;

/// One step for the player at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableEvent {
    /// A chance outcome read aloud: a Fate Die roll, a Random Card Selection roll, a random pick.
    Rolled(String),
    /// Any other step, in words (the shuffles and cards kept out at the start).
    Told(String),
    /// A card changes place. `card` is `None` for a card that is face-down before and after.
    Moved { card: Option<String>, from: Spot, to: Spot },
    /// Several cards in sight go from one place to another together.
    MovedSeveral { cards: Vec<String>, from: Spot, to: Spot },
    /// The deck's discards are shuffled back into it. `sorted`: the player keeps the deck sorted by
    /// number and the program shuffles (a virtual deck), so the cards only go back into it.
    Shuffled { deck: String, into_slot_c: bool, sorted: bool },
    /// Face-down cards of one display are turned face-up (`None`: a physical card the player names next).
    Flipped { display: String, cards: Vec<(SlotName, Option<String>)> },
    /// The top card of a deck is turned face-up (a Dual Deck's slot C, or a dig). `sorted`: a virtual
    /// deck, whose real cards lie sorted, so the player takes the named card out of it instead.
    TopFlipped { deck: String, card: Option<String>, in_slot_c: bool, sorted: bool },
    /// A card comes off a deck into a slot. `sorted`: a virtual deck (the player takes the named
    /// card out of the sorted deck, a face-down one too, by its number).
    Drawn { display: String, slot: SlotName, face_up: bool, card: Option<String>, sorted: bool },
    /// A marker moves to a new value.
    Marker { whose: Option<String>, name: String, value: i32 },
}

/// A place a card can be, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spot {
    Slot { display: String, slot: SlotName },
    Top { deck: String },
    Deck { deck: String },
    Discard { pile: String, face_down: bool },
    Beside { display: String },
    Aside { place: String, whose: String },
    OutOfGame,
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spot::Slot { display, slot } => write!(f, "slot {slot} of {display}"),
            Spot::Top { deck } => write!(f, "the top of {deck}"),
            Spot::Deck { deck } => write!(f, "{deck}"),
            Spot::Discard { pile, .. } => write!(f, "{pile}"),
            Spot::Beside { display } => write!(f, "beside {display}"),
            Spot::Aside { place, whose } => write!(f, "{whose} cards set aside ({place})"),
            Spot::OutOfGame => write!(f, "the cards out of the game"),
        }
    }
}

/// "the card in slot D of Nixon's display", "the face-down card in slot D of ...", "#21 No Prisoners".
fn what(card: &Option<String>, from: &Spot) -> String {
    match (card, from) {
        (Some(card), _) => card.clone(),
        (None, Spot::Slot { .. }) => "the face-down card".into(),
        (None, Spot::Deck { .. } | Spot::Top { .. }) => "the top card".into(),
        (None, _) => "a face-down card".into(),
    }
}

impl fmt::Display for TableEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableEvent::Rolled(text) | TableEvent::Told(text) => write!(f, "{text}"),
            TableEvent::Moved { card, from, to } => {
                let card_text = what(card, from);
                match to {
                    Spot::Discard { pile, face_down: true } => {
                        write!(f, "Put {card_text} from {from} face-down on {pile}")
                    }
                    Spot::Discard { pile, .. } if card.is_some() && matches!(from, Spot::Deck { .. }) => {
                        write!(f, "Take {card_text} from {from} and put it on {pile}")
                    }
                    Spot::Discard { pile, .. } => write!(f, "Put {card_text} from {from} on {pile}"),
                    Spot::Beside { display } => write!(f, "Set {card_text} from {from} beside {display}"),
                    Spot::Aside { place, whose } => {
                        write!(f, "Set {card_text} from {from} aside with {whose} cards kept as: {place}")
                    }
                    Spot::OutOfGame => write!(f, "Take {card_text} from {from} out of the game"),
                    // A card an event takes back from among the face-down discards (1960).
                    Spot::Slot { .. } if card.is_some() && matches!(from, Spot::Discard { face_down: true, .. }) => {
                        write!(f, "Take {card_text} (face-down in {from}) and put it face-up into {to}")
                    }
                    Spot::Slot { .. } if card.is_none() => write!(f, "Move the face-down card from {from} to {to}"),
                    Spot::Slot { .. } => write!(f, "Move {card_text} from {from} to {to}"),
                    Spot::Top { deck } => write!(f, "Put {card_text} from {from} face-up on top of {deck}"),
                    Spot::Deck { deck } => write!(f, "Shuffle {card_text} from {from} into {deck}"),
                }
            }
            TableEvent::MovedSeveral { cards, from, to } => {
                let all = format!("the {} cards ({})", cards.len(), join_words(cards));
                match to {
                    Spot::Discard { pile, .. } => write!(f, "Put {all} from {from} on {pile}"),
                    Spot::OutOfGame => write!(f, "Take {all} from {from} out of the game"),
                    Spot::Beside { display } => write!(f, "Set {all} from {from} beside {display}"),
                    Spot::Aside { place, whose } => {
                        write!(f, "Set {all} from {from} aside with {whose} cards kept as: {place}")
                    }
                    _ => write!(f, "Move {all} from {from} to {to}"),
                }
            }
            TableEvent::Shuffled { deck, sorted: true, .. } => {
                write!(f, "Put the discard pile back into {deck} in number order (cdgsolo has shuffled it)")
            }
            TableEvent::Shuffled { deck, into_slot_c: true, .. } => {
                write!(f, "Shuffle the discards of {deck} face-down into a new deck in slot C")
            }
            TableEvent::Shuffled { deck, .. } => write!(f, "Shuffle the discard pile into {deck}"),
            TableEvent::Flipped { display, cards } => {
                let slots: Vec<String> = cards.iter().map(|(s, _)| s.to_string()).collect();
                let named: Vec<String> =
                    cards.iter().filter_map(|(s, c)| c.as_ref().map(|c| format!("{s} is {c}"))).collect();
                match cards.as_slice() {
                    // A card the table knows was put there face-down by the player, who may have
                    // seen its number while taking it: it is named as that card.
                    [(slot, Some(card))] => {
                        write!(f, "Turn the card you put face-down in slot {slot} of {display} face-up: {card}")
                    }
                    [(slot, None)] => {
                        write!(f, "Turn the card in slot {slot} of {display} face-up and say which card it is")
                    }
                    _ if named.len() == cards.len() => {
                        let slots = join_words(&slots);
                        write!(f, "Turn the cards you put face-down in slots {slots} of {display} face-up: ")?;
                        write!(f, "{}", named.join(", "))
                    }
                    _ => {
                        write!(f, "Turn slots {} of {display} face-up", join_words(&slots))?;
                        if !named.is_empty() {
                            write!(f, ": {}", named.join(", "))?;
                        }
                        if named.len() < cards.len() {
                            write!(f, "; say which card each one is")?;
                        }
                        Ok(())
                    }
                }
            }
            TableEvent::TopFlipped { deck, card: Some(card), in_slot_c, sorted: true } => {
                let place = if *in_slot_c { "face-up on top of it (slot C)" } else { "face-up beside it" };
                write!(f, "Take {card} out of {deck} (kept sorted) and lay it {place}")
            }
            TableEvent::TopFlipped { deck, card, in_slot_c, .. } => {
                let place = if *in_slot_c { " (slot C)" } else { "" };
                match card {
                    Some(card) => write!(f, "Turn the top card of {deck}{place} face-up: {card}"),
                    None => write!(f, "Turn the top card of {deck}{place} face-up and say which card it is"),
                }
            }
            TableEvent::Drawn { display, slot, face_up, card: Some(card), sorted: true } => {
                let facing = if *face_up { "face-up" } else { "face-down" };
                write!(f, "Take {card} from the sorted deck and put it {facing} into slot {slot} of {display}")
            }
            TableEvent::Drawn { display, slot, face_up: false, .. } => {
                write!(f, "Draw a card face-down into slot {slot} of {display}")
            }
            TableEvent::Drawn { display, slot, card: Some(card), .. } => {
                write!(f, "Draw {card} face-up into slot {slot} of {display}")
            }
            TableEvent::Drawn { display, slot, card: None, .. } => {
                write!(f, "Draw a card face-up into slot {slot} of {display} and say which card it is")
            }
            TableEvent::Marker { whose: Some(whose), name, value } => {
                write!(f, "Move {whose} {name} marker to {value}")
            }
            TableEvent::Marker { whose: None, name, value } => write!(f, "Move the {name} marker to {value}"),
        }
    }
}

/// "A", "A and B", "A, B and C".
fn join_words(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// "Nixon's", "Allied Powers'": how a label, an event or a question names a side's display or deck.
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') { format!("{name}'") } else { format!("{name}'s") }
}

/// How one card of a display looks from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    Down,
    /// Face-up; `None` while a physical card has not been named by the player.
    Up(Option<CardId>),
}

#[derive(Clone, Debug, PartialEq)]
struct DisplayShot {
    /// Which display: its side and, when each side has two, the pair's name.
    key: (Option<&'static str>, u8),
    name: String,
    /// Whose markers these are: "Allied Powers'", "First side's Corps Commander".
    owner: String,
    slots: [Vec<Seen>; 5],
    beside: Vec<CardId>,
    cards_remaining: Option<u8>,
    max_hand_size: Option<u8>,
}

#[derive(Clone, Debug, PartialEq)]
struct DeckShot {
    name: String,
    pile: String,
    undrawn: usize,
    top: Option<Seen>,
    discard: Vec<Option<CardId>>,
    shuffles: u32,
}

/// What the table shows at one moment: everything a player at the table can see, nothing more.
#[derive(Clone, Debug, PartialEq)]
struct Shot {
    displays: Vec<DisplayShot>,
    decks: Vec<DeckShot>,
    held: Vec<(CardId, u8, &'static str)>,
    /// The card a dig turned up, with the deck it came from.
    dig: Option<(usize, Seen)>,
    markers: Vec<(Option<u8>, &'static str, i32)>,
}

/// Where a card in sight lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Loc {
    Slot(usize, SlotName),
    Top(usize),
    Dig(usize),
    Discard(usize),
    Beside(usize),
    Held(u8, &'static str),
}

impl Shot {
    fn of(table: &CardTable) -> Shot {
        let sheet = table.sheet();
        let seen = |c: CardId| !table.physical || !table.has_named_cards() || table.is_confirmed(c);
        let look = |face_up: bool, c: CardId| if face_up { Seen::Up(seen(c).then_some(c)) } else { Seen::Down };
        let mut displays = Vec::new();
        let pair_names = table.other_pair.as_ref().map(|o| o.names);
        let mut add = |pair: Option<&'static str>, side: u8, display: &crate::display::CardDisplay, hand: u8| {
            let whose = possessive(&sheet.sides[usize::from(side & 1)]);
            let owner = match pair {
                Some(pair) => format!("{whose} {pair}"),
                None => whose,
            };
            let name = format!("{owner} display");
            displays.push(DisplayShot {
                key: (pair, side),
                name,
                owner,
                slots: SlotName::ALL.map(|s| display.slot(s).iter().map(|p| look(p.face_up, p.card)).collect()),
                beside: display.beside.clone(),
                cards_remaining: sheet.cards_remaining.then(|| table.cards_remaining(side)),
                max_hand_size: (sheet.max_hand_size != crate::playsheet::MaxHandSize::NotUsed).then_some(hand),
            });
        };
        for side in 0..2u8 {
            add(pair_names.map(|n| n[0]), side, table.display(side), table.max_hand_size(side));
        }
        if let (Some(other), Some(names)) = (&table.other_pair, pair_names) {
            for side in 0..2u8 {
                add(Some(names[1]), side, &other.displays[usize::from(side)], other.max_hand_size[usize::from(side)]);
            }
        }
        let single = sheet.deck == DeckMode::Single;
        let decks = table
            .decks
            .iter()
            .enumerate()
            .map(|(d, deck)| {
                let (name, pile) = if single {
                    ("the deck".to_string(), "the discard pile".to_string())
                } else {
                    let whose = possessive(&sheet.sides[d.min(1)]);
                    (format!("{whose} deck"), format!("{whose} discard pile"))
                };
                DeckShot {
                    name,
                    pile,
                    undrawn: deck.pool.len(),
                    top: deck.top.map(|c| look(true, c)),
                    discard: deck.discard.iter().map(|x| x.face_up.then_some(x.card)).collect(),
                    shuffles: deck.shuffles,
                }
            })
            .collect();
        let dig = match table.phase {
            Phase::Digging { revealed: Some(c) } => Some((table.deck_index(table.active()), look(true, c))),
            _ => None,
        };
        let mut markers = Vec::new();
        for side in 0..2u8 {
            if sheet.cards_remaining {
                markers.push((Some(side), "Cards Remaining", i32::from(table.cards_remaining(side))));
            }
        }
        for (name, shown) in table.rules().shown_markers() {
            use crate::games::MarkerShown;
            match shown {
                MarkerShown::PerSide | MarkerShown::PerSideIfSet => {
                    markers.extend((0..2u8).map(|s| (Some(s), *name, table.marker(name, s))))
                }
                MarkerShown::Table | MarkerShown::TableIfSet => markers.push((None, *name, table.marker(name, 0))),
            }
        }
        Shot { displays, decks, held: table.held.iter().map(|h| (h.card, h.side, h.place)).collect(), dig, markers }
    }

    /// Every card in sight with its place.
    fn locations(&self) -> HashMap<CardId, Loc> {
        let mut out = HashMap::new();
        for (i, d) in self.displays.iter().enumerate() {
            for slot in SlotName::ALL {
                for s in &d.slots[slot.index()] {
                    if let Seen::Up(Some(c)) = s {
                        out.insert(*c, Loc::Slot(i, slot));
                    }
                }
            }
            for c in &d.beside {
                out.insert(*c, Loc::Beside(i));
            }
        }
        for (k, deck) in self.decks.iter().enumerate() {
            if let Some(Seen::Up(Some(c))) = deck.top {
                out.insert(c, Loc::Top(k));
            }
            for c in deck.discard.iter().flatten() {
                out.insert(*c, Loc::Discard(k));
            }
        }
        if let Some((k, Seen::Up(Some(c)))) = self.dig {
            out.insert(c, Loc::Dig(k));
        }
        for (c, side, place) in &self.held {
            out.insert(*c, Loc::Held(*side, place));
        }
        out
    }
}

/// The table as a model of the real one, in the words of [`Spot`]: where each card in sight lies,
/// how many cards lie face-down (or face-up and not yet named) in each place, and each marker. An
/// undo tells the way back from two of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Picture {
    /// Each card in sight by its words and the table's number (kept apart, never shown: two cards
    /// a physical player left unnamed read alike), and its place.
    pub cards: std::collections::BTreeMap<(String, u16), String>,
    pub face_down: std::collections::BTreeMap<String, usize>,
    pub markers: std::collections::BTreeMap<String, i32>,
    /// The names of the decks among the places.
    pub decks: std::collections::BTreeSet<String>,
}

pub(crate) fn picture(table: &CardTable) -> Picture {
    let shot = Shot::of(table);
    let mut out = Picture::default();
    for d in &shot.displays {
        for slot in SlotName::ALL {
            let place = Spot::Slot { display: d.name.clone(), slot }.to_string();
            for seen in &d.slots[slot.index()] {
                match seen {
                    Seen::Up(Some(c)) => {
                        out.cards.insert((table.event_label(*c), c.0), place.clone());
                    }
                    Seen::Up(None) => *out.face_down.entry(format!("unnamed in {place}")).or_default() += 1,
                    Seen::Down => *out.face_down.entry(place.clone()).or_default() += 1,
                }
            }
        }
        for c in &d.beside {
            out.cards.insert((table.event_label(*c), c.0), Spot::Beside { display: d.name.clone() }.to_string());
        }
        if let Some(h) = d.max_hand_size {
            out.markers.insert(format!("{} Max Hand Size", d.owner), h.into());
        }
    }
    for deck in &shot.decks {
        out.decks.insert(deck.name.clone());
        *out.face_down.entry(deck.name.clone()).or_default() += deck.undrawn;
        match deck.top {
            Some(Seen::Up(Some(c))) => {
                out.cards.insert((table.event_label(c), (c).0), Spot::Top { deck: deck.name.clone() }.to_string());
            }
            Some(_) => *out.face_down.entry(format!("top of {}", deck.name)).or_default() += 1,
            None => {}
        }
        for c in &deck.discard {
            match c {
                Some(c) => {
                    out.cards.insert((table.event_label(*c), c.0), deck.pile.clone());
                }
                None => *out.face_down.entry(deck.pile.clone()).or_default() += 1,
            }
        }
    }
    for (c, side, place) in &shot.held {
        out.cards.insert((table.event_label(*c), c.0), aside(table, *side, place).to_string());
    }
    for (side, name, value) in &shot.markers {
        let TableEvent::Marker { whose, name, .. } = marker(table, *side, name, *value) else { continue };
        out.markers.insert(format!("{} {name}", whose.unwrap_or_else(|| "the".into())), *value);
    }
    out.face_down.retain(|_, n| *n > 0);
    out
}

/// The events of one step: `action` took the table from `before` to `after`.
pub fn table_events(before: &CardTable, after: &CardTable, action: &TableAction) -> Vec<TableEvent> {
    let mut events = Vec::new();
    if matches!(action, TableAction::Fate(_) | TableAction::Die(_) | TableAction::Pick(_)) {
        events.push(TableEvent::Rolled(crate::table_action::label(before, action)));
    }
    let (b, a) = (Shot::of(before), Shot::of(after));
    if b == a {
        return events;
    }
    Narrator::new(after, &b, &a).narrate(&mut events);
    gather_moves(events)
}

/// Folds runs of cards in sight going from the same place to the same place into one step.
fn gather_moves(events: Vec<TableEvent>) -> Vec<TableEvent> {
    let mut out: Vec<TableEvent> = Vec::new();
    for event in events {
        let TableEvent::Moved { card: Some(card), from, to } = &event else {
            out.push(event);
            continue;
        };
        let joined = match out.last_mut() {
            Some(last @ TableEvent::Moved { card: Some(_), .. }) => {
                let TableEvent::Moved { card: Some(first), from: f, to: t } = &*last else { continue };
                let same = f == from && t == to;
                if same {
                    *last = TableEvent::MovedSeveral {
                        cards: vec![first.clone(), card.clone()],
                        from: from.clone(),
                        to: to.clone(),
                    };
                }
                same
            }
            Some(TableEvent::MovedSeveral { cards, from: f, to: t }) if f == from && t == to => {
                cards.push(card.clone());
                true
            }
            _ => false,
        };
        if !joined {
            out.push(event);
        }
    }
    out
}

/// What the starting table holds before its first step: the decks to shuffle, cards set aside by
/// the rules, and where the markers start.
pub fn setup_events(table: &CardTable) -> Vec<TableEvent> {
    let shot = Shot::of(table);
    let mut events: Vec<TableEvent> = Vec::new();
    for d in &shot.displays {
        for c in &d.beside {
            events.push(TableEvent::Moved {
                card: Some(table.event_label(*c)),
                from: Spot::Deck { deck: shot.decks[table.deck_index(d.key.1)].name.clone() },
                to: Spot::Beside { display: d.name.clone() },
            });
        }
    }
    for (card, side, place) in &shot.held {
        if *place == WAITING_TO_JOIN {
            continue;
        }
        events.push(TableEvent::Moved {
            card: Some(table.event_label(*card)),
            from: Spot::Deck { deck: shot.decks[table.deck_index(*side)].name.clone() },
            to: aside(table, *side, place),
        });
    }
    // Cards taken out first, then the shuffle of what is left.
    for deck in &shot.decks {
        events.push(TableEvent::Told(if table.sorted_deck() {
            format!("Sort {} by number ({} cards): cdgsolo shuffles it for you", deck.name, deck.undrawn)
        } else {
            format!("Shuffle {} ({} cards)", deck.name, deck.undrawn)
        }));
    }
    let waiting = shot.held.iter().filter(|(_, _, p)| *p == WAITING_TO_JOIN).count();
    if waiting > 0 {
        events.push(TableEvent::Told(format!(
            "Keep the {waiting} cards of the later parts of the deck out of it until their part joins"
        )));
    }
    let mut markers: Vec<(String, &str, i32)> = Vec::new();
    for d in &shot.displays {
        if let Some(h) = d.max_hand_size {
            markers.push((d.owner.clone(), "Max Hand Size", h.into()));
        }
    }
    for (side, name, value) in &shot.markers {
        if *value != 0 || *name == "Cards Remaining" {
            let whose =
                side.map_or_else(|| "the".to_string(), |s| possessive(&table.sheet().sides[usize::from(s & 1)]));
            markers.push((whose, name, *value));
        }
    }
    events.extend(
        markers
            .into_iter()
            .map(|(whose, name, value)| TableEvent::Told(format!("Place {whose} {name} marker on {value}"))),
    );
    events
}

fn marker(table: &CardTable, side: Option<u8>, name: &str, value: i32) -> TableEvent {
    TableEvent::Marker {
        whose: side.map(|s| possessive(&table.sheet().sides[usize::from(s & 1)])),
        name: name.to_string(),
        value,
    }
}

fn aside(table: &CardTable, side: u8, place: &str) -> Spot {
    if place == REMOVED_FROM_GAME {
        Spot::OutOfGame
    } else {
        Spot::Aside { place: place.to_string(), whose: possessive(&table.sheet().sides[usize::from(side & 1)]) }
    }
}

/// Compares two shots and tells the difference in a player's order.
struct Narrator<'a> {
    table: &'a CardTable,
    b: &'a Shot,
    a: &'a Shot,
    /// Per display and slot: face-down cards gone (not yet explained) and face-down cards come.
    down_lost: Vec<[usize; 5]>,
    down_gained: Vec<[usize; 5]>,
    /// Per display and slot: face-up cards a physical player has not named yet, gone and come.
    unnamed_lost: Vec<[usize; 5]>,
    unnamed_gained: Vec<[usize; 5]>,
    /// Per deck: face-down discards gone (not yet explained).
    discard_down_lost: Vec<usize>,
    /// A virtual deck: the player keeps it sorted by number, the program shuffles.
    sorted: bool,
}

impl<'a> Narrator<'a> {
    fn new(table: &'a CardTable, b: &'a Shot, a: &'a Shot) -> Self {
        let n = a.displays.len();
        let mut me = Narrator {
            table,
            b,
            a,
            down_lost: vec![[0; 5]; n],
            down_gained: vec![[0; 5]; n],
            unnamed_lost: vec![[0; 5]; n],
            unnamed_gained: vec![[0; 5]; n],
            discard_down_lost: Vec::new(),
            sorted: table.sorted_deck(),
        };
        let face_down = |d: &DeckShot| d.discard.iter().filter(|x| x.is_none()).count();
        me.discard_down_lost =
            a.decks.iter().zip(&b.decks).map(|(a, b)| face_down(b).saturating_sub(face_down(a))).collect();
        for (i, da) in a.displays.iter().enumerate() {
            let Some(db) = me.before_display(i) else { continue };
            for slot in SlotName::ALL {
                let count = |d: &DisplayShot, want: Seen| d.slots[slot.index()].iter().filter(|s| **s == want).count();
                let (down_b, down_a) = (count(db, Seen::Down), count(da, Seen::Down));
                let (un_b, un_a) = (count(db, Seen::Up(None)), count(da, Seen::Up(None)));
                me.down_lost[i][slot.index()] = down_b.saturating_sub(down_a);
                me.down_gained[i][slot.index()] = down_a.saturating_sub(down_b);
                me.unnamed_lost[i][slot.index()] = un_b.saturating_sub(un_a);
                me.unnamed_gained[i][slot.index()] = un_a.saturating_sub(un_b);
            }
        }
        me
    }

    /// The shot before of the display at index `i` of the shot after.
    fn before_display(&self, i: usize) -> Option<&'a DisplayShot> {
        let key = self.a.displays.get(i)?.key;
        self.b.displays.iter().find(|d| d.key == key)
    }

    fn spot(&self, loc: Loc, shot: &Shot) -> Spot {
        match loc {
            Loc::Slot(i, slot) => Spot::Slot { display: shot.displays[i].name.clone(), slot },
            Loc::Top(k) | Loc::Dig(k) => Spot::Top { deck: shot.decks[k].name.clone() },
            Loc::Discard(k) => Spot::Discard { pile: shot.decks[k].pile.clone(), face_down: false },
            Loc::Beside(i) => Spot::Beside { display: shot.displays[i].name.clone() },
            Loc::Held(side, place) => aside(self.table, side, place),
        }
    }

    /// The deck a display draws from.
    fn deck_of_display(&self, i: usize) -> usize {
        self.table.deck_index(self.a.displays[i].key.1)
    }

    fn shuffled(&self, k: usize) -> bool {
        match (self.b.decks.get(k), self.a.decks.get(k)) {
            (Some(b), Some(a)) => a.shuffles > b.shuffles,
            _ => false,
        }
    }

    /// Takes one unexplained face-down loss among the displays drawing from deck `k` (any deck when
    /// `None`), preferring display `prefer`.
    fn take_down_loss(&mut self, k: Option<usize>, prefer: Option<usize>) -> Option<(usize, SlotName)> {
        let order: Vec<usize> = prefer.into_iter().chain(0..self.down_lost.len()).collect();
        for i in order {
            if k.is_some_and(|k| self.deck_of_display(i) != k) {
                continue;
            }
            for slot in SlotName::ALL {
                if self.down_lost[i][slot.index()] > 0 {
                    self.down_lost[i][slot.index()] -= 1;
                    return Some((i, slot));
                }
            }
        }
        None
    }

    fn take_down_gain(&mut self, prefer: Option<usize>) -> Option<(usize, SlotName)> {
        let order: Vec<usize> = prefer.into_iter().chain(0..self.down_gained.len()).collect();
        for i in order {
            for slot in SlotName::ALL {
                if self.down_gained[i][slot.index()] > 0 {
                    self.down_gained[i][slot.index()] -= 1;
                    return Some((i, slot));
                }
            }
        }
        None
    }

    /// The face-down cards of a slot of display `i` (after the step), bottom first.
    fn face_down_cards(&self, i: usize, slot: SlotName) -> Vec<CardId> {
        let (pair, side) = self.a.displays[i].key;
        let display = match (pair, &self.table.other_pair) {
            (Some(name), Some(other)) if other.names[1] == name => &other.displays[usize::from(side & 1)],
            _ => self.table.display(side),
        };
        display.slot(slot).iter().filter(|p| !p.face_up).map(|p| p.card).collect()
    }

    fn narrate(mut self, events: &mut Vec<TableEvent>) {
        let (lb, la) = (self.b.locations(), self.a.locations());
        let label = |c: CardId| Some(self.table.event_label(c));
        // Cards in sight before and after that changed place: discards first, as a player clears
        // a played card before anything else.
        let mut moves: Vec<(CardId, Loc, Loc)> =
            la.iter().filter_map(|(c, to)| lb.get(c).filter(|from| *from != to).map(|from| (*c, *from, *to))).collect();
        moves.sort_by_key(|(c, _, to)| (!matches!(to, Loc::Discard(_) | Loc::Held(_, _)), c.0));
        let mut flips: Vec<(usize, SlotName, Option<String>)> = Vec::new();
        let mut late: Vec<TableEvent> = Vec::new();
        for (c, from, to) in moves {
            if let (Loc::Top(_), Loc::Dig(_)) = (from, to) {
                continue; // a dig takes the turned top card: nothing moves at the table
            }
            events.push(TableEvent::Moved { card: label(c), from: self.spot(from, self.b), to: self.spot(to, self.a) });
        }
        // Cards that came into sight.
        let mut revealed: Vec<(CardId, Loc)> =
            la.iter().filter(|(c, _)| !lb.contains_key(c)).map(|(c, l)| (*c, *l)).collect();
        revealed.sort_by_key(|(c, _)| c.0);
        for (c, to) in revealed {
            match to {
                Loc::Slot(i, slot) if self.unnamed_lost[i][slot.index()] > 0 => {
                    // A physical card the player has just named: nothing to do at the table.
                    self.unnamed_lost[i][slot.index()] -= 1;
                }
                Loc::Slot(i, slot) if self.down_lost[i][slot.index()] > 0 => {
                    self.down_lost[i][slot.index()] -= 1;
                    flips.push((i, slot, label(c)));
                }
                Loc::Slot(i, slot) if self.take_discard_down_loss(self.deck_of_display(i)) => {
                    // Taken face-up from among the face-down discards (an event's retrieval).
                    let pile = self.a.decks[self.deck_of_display(i)].pile.clone();
                    events.push(TableEvent::Moved {
                        card: label(c),
                        from: Spot::Discard { pile, face_down: true },
                        to: Spot::Slot { display: self.a.displays[i].name.clone(), slot },
                    });
                }
                Loc::Slot(i, slot) => late.push(TableEvent::Drawn {
                    display: self.a.displays[i].name.clone(),
                    slot,
                    face_up: true,
                    card: label(c),
                    sorted: self.sorted,
                }),
                Loc::Top(k) if self.b.decks[k].top == Some(Seen::Up(None)) => {}
                Loc::Top(k) => late.push(TableEvent::TopFlipped {
                    deck: self.a.decks[k].name.clone(),
                    card: label(c),
                    in_slot_c: true,
                    sorted: self.sorted,
                }),
                Loc::Dig(k) => late.push(TableEvent::TopFlipped {
                    deck: self.a.decks[k].name.clone(),
                    card: label(c),
                    in_slot_c: false,
                    sorted: self.sorted,
                }),
                Loc::Discard(_) | Loc::Beside(_) | Loc::Held(_, _) => {
                    let deck = match to {
                        Loc::Beside(i) => self.deck_of_display(i),
                        Loc::Held(side, _) => self.table.deck_index(side),
                        Loc::Discard(k) | Loc::Top(k) | Loc::Dig(k) => k,
                        Loc::Slot(i, _) => self.deck_of_display(i),
                    };
                    let from = match self.take_down_loss(Some(deck), None) {
                        Some((j, slot)) => Spot::Slot { display: self.a.displays[j].name.clone(), slot },
                        None => Spot::Deck { deck: self.a.decks[deck].name.clone() },
                    };
                    events.push(TableEvent::Moved { card: label(c), from, to: self.spot(to, self.a) });
                }
            }
        }
        // Cards that went out of sight.
        let mut hidden: Vec<(CardId, Loc)> =
            lb.iter().filter(|(c, _)| !la.contains_key(c)).map(|(c, l)| (*c, *l)).collect();
        hidden.sort_by_key(|(c, _)| c.0);
        let mut shuffled_in: Vec<TableEvent> = Vec::new();
        for (c, from) in hidden {
            let home = match from {
                Loc::Slot(i, _) | Loc::Beside(i) => self.table.deck_index(self.b.displays[i].key.1),
                Loc::Top(k) | Loc::Dig(k) | Loc::Discard(k) => k,
                Loc::Held(side, _) => self.table.deck_index(side),
            };
            if matches!(from, Loc::Discard(_)) && self.shuffled(home) {
                continue; // part of the shuffle
            }
            let from_spot = self.spot(from, self.b);
            if let Loc::Slot(i, slot) = from
                && self.down_gained.get(i).is_some_and(|g| g[slot.index()] > 0)
                && self.a.displays.get(i).map(|d| d.key) == Some(self.b.displays[i].key)
            {
                // Gone out of sight where it lay: turned face-down in its slot (cards turned up for a
                // battle and not played, for one).
                self.down_gained[i][slot.index()] -= 1;
                // With the player's own cards, a card out of sight is nobody's name any more: the
                // place says which card turns.
                let card = if self.table.is_known(c) { self.table.event_label(c) } else { "the card".into() };
                late.push(TableEvent::Told(format!("Turn {card} in {from_spot} face-down")));
                continue;
            }
            if let Some((i, slot)) = self.take_down_gain(None) {
                late.push(TableEvent::Moved {
                    card: label(c),
                    from: from_spot,
                    to: Spot::Slot { display: self.a.displays[i].name.clone(), slot },
                });
                continue;
            }
            let discarded_face_down = self.a.decks[home].discard.iter().filter(|x| x.is_none()).count()
                > self.b.decks[home].discard.iter().filter(|x| x.is_none()).count();
            let to = if self.shuffled(home) || discarded_face_down {
                Spot::Discard { pile: self.a.decks[home].pile.clone(), face_down: discarded_face_down }
            } else {
                Spot::Deck { deck: self.a.decks[home].name.clone() }
            };
            shuffled_in.push(TableEvent::Moved { card: label(c), from: from_spot, to });
        }
        events.extend(shuffled_in);
        // Physical cards turned up and not yet named.
        for i in 0..self.unnamed_gained.len() {
            for slot in SlotName::ALL {
                for _ in 0..self.unnamed_gained[i][slot.index()] {
                    if self.down_lost[i][slot.index()] > 0 {
                        self.down_lost[i][slot.index()] -= 1;
                        flips.push((i, slot, None));
                    } else if self.b.displays.iter().any(|d| d.key == self.a.displays[i].key) {
                        late.push(TableEvent::Drawn {
                            display: self.a.displays[i].name.clone(),
                            slot,
                            face_up: true,
                            card: None,
                            sorted: false,
                        });
                    }
                }
            }
        }
        // Face-down cards that left their slot: moved to another slot, or to a pile or the deck.
        for i in 0..self.down_lost.len() {
            for slot in SlotName::ALL {
                while self.down_lost[i][slot.index()] > 0 {
                    self.down_lost[i][slot.index()] -= 1;
                    let from = Spot::Slot { display: self.a.displays[i].name.clone(), slot };
                    let k = self.deck_of_display(i);
                    if !self.drew(k)
                        && let Some((j, to)) = self.take_down_gain(Some(i))
                    {
                        events.push(TableEvent::Moved {
                            card: None,
                            from,
                            to: Spot::Slot { display: self.a.displays[j].name.clone(), slot: to },
                        });
                        continue;
                    }
                    let deck = &self.a.decks[k];
                    let before = &self.b.decks[k];
                    let face_down = deck.discard.iter().filter(|x| x.is_none()).count()
                        > before.discard.iter().filter(|x| x.is_none()).count();
                    let to = if self.shuffled(k) || deck.discard.len() > before.discard.len() {
                        Spot::Discard { pile: deck.pile.clone(), face_down }
                    } else {
                        Spot::Deck { deck: deck.name.clone() }
                    };
                    events.push(TableEvent::Moved { card: None, from, to });
                }
            }
        }
        for (k, deck) in self.a.decks.iter().enumerate() {
            if self.shuffled(k) {
                let into_slot_c = self.table.sheet().deck == DeckMode::Dual;
                events.push(TableEvent::Shuffled { deck: deck.name.clone(), into_slot_c, sorted: self.sorted });
            }
        }
        for (k, deck) in self.a.decks.iter().enumerate() {
            if deck.top == Some(Seen::Up(None)) && self.b.decks[k].top != Some(Seen::Up(None)) {
                late.insert(
                    0,
                    TableEvent::TopFlipped { deck: deck.name.clone(), card: None, in_slot_c: true, sorted: false },
                );
            }
        }
        if let Some((k, Seen::Up(None))) = self.a.dig
            && self.b.dig != self.a.dig
        {
            let deck = self.a.decks[k].name.clone();
            late.insert(0, TableEvent::TopFlipped { deck, card: None, in_slot_c: false, sorted: false });
        }
        // Flips, grouped by display in slot order.
        flips.sort_by_key(|(i, slot, _)| (*i, *slot));
        let mut grouped: Vec<TableEvent> = Vec::new();
        for (i, slot, card) in flips {
            let display = self.a.displays[i].name.clone();
            match grouped.last_mut() {
                Some(TableEvent::Flipped { display: d, cards }) if *d == display => cards.push((slot, card)),
                _ => grouped.push(TableEvent::Flipped { display, cards: vec![(slot, card)] }),
            }
        }
        events.extend(grouped);
        events.extend(late);
        // Face-down cards that came from the deck: from a sorted deck, the player takes the card the
        // program drew, found by its number.
        for i in 0..self.down_gained.len() {
            for slot in SlotName::ALL {
                let gained = self.down_gained[i][slot.index()];
                let drawn = if self.sorted { self.face_down_cards(i, slot) } else { Vec::new() };
                for n in 0..gained {
                    let card = drawn.len().checked_sub(gained - n).and_then(|at| drawn.get(at));
                    events.push(TableEvent::Drawn {
                        display: self.a.displays[i].name.clone(),
                        slot,
                        face_up: false,
                        card: card.map(|c| self.table.number_label(*c)),
                        sorted: self.sorted,
                    });
                }
            }
        }
        // Markers.
        for (i, da) in self.a.displays.iter().enumerate() {
            if let Some(db) = self.before_display(i)
                && let (Some(hb), Some(ha)) = (db.max_hand_size, da.max_hand_size)
                && hb != ha
            {
                events.push(TableEvent::Marker {
                    whose: Some(da.owner.clone()),
                    name: "Max Hand Size".into(),
                    value: ha.into(),
                });
            }
        }
        for (side, name, value) in &self.a.markers {
            let was = self.b.markers.iter().find(|(s, n, _)| s == side && n == name).map(|(_, _, v)| *v);
            if was != Some(*value) {
                events.push(marker(self.table, *side, name, *value));
            }
        }
    }

    /// Takes one face-down discard of deck `k` gone in this step, when neither a shuffle nor a draw
    /// from that deck explains it otherwise.
    fn take_discard_down_loss(&mut self, k: usize) -> bool {
        let taken = !self.shuffled(k) && !self.drew(k) && self.discard_down_lost.get(k).is_some_and(|n| *n > 0);
        if taken {
            self.discard_down_lost[k] -= 1;
        }
        taken
    }

    /// Whether deck `k` lost undrawn cards in this step (a card came off it).
    fn drew(&self, k: usize) -> bool {
        self.a.decks[k].undrawn < self.b.decks[k].undrawn
    }
}
