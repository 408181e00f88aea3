//! The decisions and chance outcomes of a card table: their stable ids, their labels, and which of
//! them are legal in a given state.

use crate::card::CardId;
use crate::fate_die::NeededFact;
use crate::playsheet::{MaxHandSize, Playsheet, ReshuffleKind, Tool};
use crate::slot::SlotName;
use crate::table::{CardTable, MAX_MARKER, Phase};
use crate::table_events::possessive;

/// A move of the Cards Remaining or Max Hand Size marker of the active side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerOp {
    CardsRemainingUp,
    CardsRemainingDown,
    HandSizeUp,
    HandSizeDown,
    ResetCardsRemaining,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableAction {
    // Chance outcomes.
    /// The Fate Die shows this face.
    Fate(u8),
    /// This card comes off the deck.
    Draw(CardId),
    /// A d6 for the Random Card Selection Chart.
    Die(u8),
    /// This card comes out of a shuffled stack of known cards (a game rule's random pick).
    Pick(CardId),
    // Decisions of the active side.
    Roll,
    Reroll,
    /// Turn a face-down card (slot C of a Dual Deck: the deck's top card).
    Flip {
        slot: SlotName,
        index: u8,
    },
    /// Tell the table a card's value and/or whether it is of face 2's type.
    Describe {
        card: CardId,
        value: Option<u8>,
        special: Option<bool>,
    },
    Play {
        card: CardId,
        purpose: u8,
    },
    PlayBeside {
        card: CardId,
        purpose: u8,
    },
    Pass,
    /// No card was played: move the card at `index` of slot `from` (slot C of a Dual Deck: the deck's
    /// top card) to slot `to`, then end the turn.
    MoveCard {
        from: SlotName,
        index: u8,
        to: SlotName,
    },
    EndTurn,
    Discard(CardId),
    SetAside(CardId),
    Marker(MarkerOp),
    Reshuffle(ReshuffleKind),
    AddCard,
    RandomDiscard,
    Dig,
    DigNext,
    DigPlay {
        card: CardId,
        purpose: u8,
    },
    DigGiveUp,
    /// The inactive side plays one of its face-up cards (after a Fate Die roll where `!!` can block
    /// it).
    InactivePlay {
        card: CardId,
        purpose: u8,
    },
    /// A decision of the game's special rules.
    Special(crate::games::Special),
    /// Physical deck mode: the face-up `card` is really the printed card `real`.
    Identify {
        card: CardId,
        real: CardId,
    },
    /// Physical deck with a catalogue of kinds: the face-up `card` is a card of this kind (its
    /// index in the catalogue).
    NameKind {
        card: CardId,
        kind: u16,
    },
}

/// "a" or "an" before a word, by its first letter.
fn article(word: &str) -> &'static str {
    if word.chars().next().is_some_and(|c| "AEIOUaeiou".contains(c)) { "an" } else { "a" }
}

pub(crate) fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

fn reshuffle_slug(kind: ReshuffleKind) -> &'static str {
    match kind {
        ReshuffleKind::DiscardFaceDown => "discard-face-down",
        ReshuffleKind::KeepDisplay => "keep-display",
        ReshuffleKind::Redeal => "redeal",
    }
}

impl TableAction {
    /// Whether this is a chance outcome (a roll, a draw or a random pick) rather than a decision.
    pub fn is_chance(&self) -> bool {
        matches!(self, TableAction::Fate(_) | TableAction::Draw(_) | TableAction::Die(_) | TableAction::Pick(_))
    }

    /// The stable id used in logs, saves and the protocol.
    pub fn id(&self, sheet: &Playsheet) -> String {
        let name = |p: u8| sheet.purposes.get(p as usize).map(|s| slug(s)).unwrap_or_else(|| format!("p{p}"));
        match self {
            TableAction::Fate(f) => format!("fate-{f}"),
            TableAction::Draw(c) => format!("draw-{}", c.0),
            TableAction::Die(d) => format!("d6-{d}"),
            TableAction::Pick(c) => format!("pick-{}", c.0),
            TableAction::Roll => "roll".into(),
            TableAction::Reroll => "reroll".into(),
            TableAction::Flip { slot, index } => format!("flip-{slot}-{index}"),
            TableAction::Describe { card, value, special } => {
                let mut id = format!("describe-{}", card.0);
                if let Some(v) = value {
                    id.push_str(&format!("-v{v}"));
                }
                if let Some(s) = special {
                    id.push_str(if *s { "-special" } else { "-ordinary" });
                }
                id
            }
            TableAction::Play { card, purpose } => format!("play-{}-{}", card.0, name(*purpose)),
            TableAction::PlayBeside { card, purpose } => format!("play-beside-{}-{}", card.0, name(*purpose)),
            TableAction::Pass => "pass".into(),
            TableAction::MoveCard { from, index, to } => format!("move-card-{from}-{index}-to-{to}"),
            TableAction::EndTurn => "end-turn".into(),
            TableAction::Discard(c) => format!("discard-{}", c.0),
            TableAction::SetAside(c) => format!("set-aside-{}", c.0),
            TableAction::Marker(op) => match op {
                MarkerOp::CardsRemainingUp => "cards-remaining-up",
                MarkerOp::CardsRemainingDown => "cards-remaining-down",
                MarkerOp::HandSizeUp => "max-hand-size-up",
                MarkerOp::HandSizeDown => "max-hand-size-down",
                MarkerOp::ResetCardsRemaining => "reset-cards-remaining",
            }
            .into(),
            TableAction::Reshuffle(kind) => format!("reshuffle-{}", reshuffle_slug(*kind)),
            TableAction::AddCard => "add-card".into(),
            TableAction::RandomDiscard => "random-discard".into(),
            TableAction::Dig => "dig".into(),
            TableAction::DigNext => "dig-next".into(),
            TableAction::DigPlay { card, purpose: p } => format!("dig-play-{}-{}", card.0, name(*p)),
            TableAction::DigGiveUp => "dig-give-up".into(),
            TableAction::InactivePlay { card, purpose } => format!("inactive-play-{}-{}", card.0, name(*purpose)),
            TableAction::Special(special) => crate::games::rules_for(&sheet.id).id(*special),
            // The card being named is always the one the table asks about, so the id leaves out the
            // table's stand-in for it: that number is the program's guess, not the player's.
            TableAction::Identify { real, .. } => format!("identify-as-{}", real.0),
            TableAction::NameKind { kind, .. } => format!("identify-kind-{kind}"),
        }
    }
}

/// A label a player understands.
pub fn label(table: &CardTable, action: &TableAction) -> String {
    let sheet = table.sheet();
    let side = table.player_side_name(table.active());
    let other = table.player_side_name(1 - table.active());
    let purpose = |p: u8| sheet.purposes.get(p as usize).cloned().unwrap_or_default();
    let name = |c: CardId| table.card_label(c);
    let where_is = |c: CardId| -> String {
        match table.display(table.active()).find(c) {
            Some((slot, _)) => format!("slot {slot}"),
            None if table.deck_of(table.active()).top == Some(c) => "the top of the deck (slot C)".into(),
            None => "beside the display".into(),
        }
    };
    match action {
        TableAction::Fate(f) => match &table.phase {
            Phase::GameRoll { special, .. } => table
                .rules()
                .game_roll_label(table, *special, *f)
                .unwrap_or_else(|| format!("Fate Die shows {f}: {}", sheet.face(*f).title)),
            Phase::InactiveRoll { card, .. } => {
                let outcome = if sheet.face(*f).bang { "!! blocks it" } else { "it may be played" };
                format!("{other}'s Fate Die roll for {} shows {f}: {outcome}", name(*card))
            }
            _ => format!("Fate Die shows {f}: {}", sheet.face(*f).title),
        },
        TableAction::Pick(c) => format!("{} comes out of the shuffled cards", name(*c)),
        // A physical deck's draw is the table's stand-in: the real card is named when it turns up.
        TableAction::Draw(_) if table.physical => "a card comes off the deck".into(),
        TableAction::Draw(c) => format!("{} comes off the deck", name(*c)),
        TableAction::Die(d) => format!("Random Card Selection roll: {d}{}", table.selection_reading(*d)),
        TableAction::Roll => format!("{side}: roll the Fate Die"),
        TableAction::Reroll => format!("{side}: no allowed card can be played for any purpose; roll again"),
        TableAction::Flip { slot, .. } => format!("{side}: turn the face-down card in slot {slot} face-up"),
        TableAction::Describe { card, value, special } => {
            let mut parts = Vec::new();
            if let Some(v) = value {
                parts.push(format!("{v} {}", sheet.lowest.unit()));
            }
            match special {
                Some(true) if sheet.lowest == crate::playsheet::LowestMeasure::OrderCount => parts.push(format!(
                    "{} {} card (not an order card, no order count)",
                    article(&sheet.face_two_type),
                    sheet.face_two_type
                )),
                Some(true) => parts.push(format!("{} {} card", article(&sheet.face_two_type), sheet.face_two_type)),
                Some(false) if sheet.lowest == crate::playsheet::LowestMeasure::AnyOrdinaryCard => parts.push(format!(
                    "a unit card (not {} {} card)",
                    article(&sheet.face_two_type),
                    sheet.face_two_type
                )),
                Some(false) => {
                    parts.push(format!("not {} {} card", article(&sheet.face_two_type), sheet.face_two_type))
                }
                None => {}
            }
            format!("{} is {}", name(*card), parts.join(", "))
        }
        TableAction::Play { card, purpose: p } => {
            format!("{side}: play {} from {} for {}", name(*card), where_is(*card), purpose(*p))
        }
        TableAction::PlayBeside { card, purpose: p } => {
            format!("{side}: instead of rolling, play {} from beside the display for {}", name(*card), purpose(*p))
        }
        TableAction::Pass if table.sheet().move_card_without_play => {
            format!("{side}: play no card (then you may move one card to another slot)")
        }
        TableAction::Pass => format!("{side}: end the turn without playing a card"),
        TableAction::MoveCard { from, to, .. } => {
            let what = if *from == SlotName::C && sheet.deck == crate::playsheet::DeckMode::Dual {
                "the top card of the deck".to_string()
            } else {
                format!("a card from slot {from}")
            };
            format!("{side}: no card played; move {what} to slot {to} and end the turn")
        }
        TableAction::EndTurn if matches!(table.phase, Phase::MovingCard) => {
            format!("{side}: move no card and end the turn")
        }
        TableAction::EndTurn => format!("{side}: end the turn"),
        TableAction::Discard(c) => format!("{side}: discard {} from {}", name(*c), where_is(*c)),
        TableAction::SetAside(c) => format!("{side}: set {} aside beside the display", name(*c)),
        TableAction::Marker(op) => {
            let s = table.active();
            match op {
                MarkerOp::CardsRemainingUp => {
                    format!("{side}: Cards Remaining {} → {}", table.cards_remaining(s), table.cards_remaining(s) + 1)
                }
                MarkerOp::CardsRemainingDown => format!(
                    "{side}: Cards Remaining {} → {}",
                    table.cards_remaining(s),
                    table.cards_remaining(s).saturating_sub(1)
                ),
                MarkerOp::HandSizeUp => {
                    format!("{side}: Max Hand Size {} → {}", table.max_hand_size(s), table.max_hand_size(s) + 1)
                }
                MarkerOp::HandSizeDown => {
                    format!("{side}: Max Hand Size {} → {}", table.max_hand_size(s), table.max_hand_size(s) - 1)
                }
                MarkerOp::ResetCardsRemaining => {
                    format!("{side}: reset Cards Remaining to the Max Hand Size ({})", table.max_hand_size(s))
                }
            }
        }
        TableAction::Reshuffle(kind) => match kind {
            ReshuffleKind::DiscardFaceDown => {
                format!("{side}: reshuffle (face-down display cards go to the discards first)")
            }
            ReshuffleKind::KeepDisplay => format!("{side}: shuffle the discards back into the deck, display untouched"),
            ReshuffleKind::Redeal => format!("{side}: discard the whole display, reshuffle everything and deal afresh"),
        },
        TableAction::AddCard => format!("{side}: add a new card to the deck"),
        TableAction::RandomDiscard => {
            format!("{side}: discard a random face-up card from {} display", possessive(other))
        }
        TableAction::Dig => format!(
            "{side}: all five face-up cards are unplayable; discard slot A and turn cards until one can be played"
        ),
        TableAction::DigNext => format!("{side}: this card cannot be played either; discard it and turn the next"),
        TableAction::DigPlay { card, purpose: p } => {
            format!("{side}: play the turned-up {} for {}", name(*card), purpose(*p))
        }
        TableAction::DigGiveUp => format!("{side}: no card is left to turn; end the dig"),
        TableAction::InactivePlay { card, purpose: p } => {
            let roll = if sheet.lowest == crate::playsheet::LowestMeasure::AnyOrdinaryCard
                && table.facts(*card).special.is_none()
            {
                " (an HQ card rolls the Fate Die first: !! blocks it)"
            } else if table.inactive_play_roll_label(*card) {
                " (roll the Fate Die first: !! blocks it)"
            } else {
                ""
            };
            format!("{other}: play {}{roll} for {}", table.card_label(*card), purpose(*p))
        }
        TableAction::Special(special) => crate::games::rules_for(&sheet.id).label(table, *special),
        TableAction::Identify { card, real } => {
            let (whose, place) = turned_up_at(table, *card);
            match table.card_name(*real) {
                Some(name) => format!("{whose}: the card turned up in {place} is {name}"),
                None if !table.card_kinds().is_empty() => {
                    format!("{whose}: the card turned up in {place} is not one of these kinds")
                }
                None => format!("{whose}: the card turned up in {place} is not one the manifest names"),
            }
        }
        TableAction::NameKind { card, kind } => {
            let (whose, place) = turned_up_at(table, *card);
            let kind = table.card_kinds().get(usize::from(*kind)).map_or_else(String::new, |k| k.name.name.clone());
            format!("{whose}: the card turned up in {place} is {kind}")
        }
    }
}

/// Whose card the table asks about, and where it lies ("slot A", "the top of the deck").
fn turned_up_at(table: &CardTable, card: CardId) -> (&str, String) {
    let owner = table.unconfirmed().map_or(table.active(), |(s, _)| s);
    let place = match table.display(owner).find(card) {
        Some((slot, _)) => format!("slot {slot}"),
        None => "the top of the deck".to_string(),
    };
    (table.player_side_name(owner), place)
}

/// Appends the legal actions of the state to `out`.
pub(crate) fn legal_actions(table: &CardTable, out: &mut Vec<TableAction>) {
    out.clear();
    let sheet = table.sheet();
    let side = table.active();
    if table.pending.is_empty()
        && let Some((side, card)) = table.unconfirmed()
    {
        // Physical deck: say which card turned up; a catalogue's kinds first, then the cards a list
        // names, and one answer for the cards it does not (they are all alike).
        for kind in 0..table.card_kinds().len() {
            out.push(TableAction::NameKind { card, kind: u16::try_from(kind).unwrap_or(u16::MAX) });
        }
        let mut unnamed_offered = false;
        for real in table.identity_candidates(side, card) {
            if table.card_name(real).is_some() {
                out.push(TableAction::Identify { card, real });
            } else if !unnamed_offered {
                unnamed_offered = true;
                out.push(TableAction::Identify { card, real });
            }
        }
        return;
    }
    if let Some(pending) = table.pending.front() {
        let owner = pending.side();
        out.extend(table.deck_of(owner).pool.iter().map(|c| TableAction::Draw(*c)));
        return;
    }
    let purposes = sheet.purposes.len() as u8;
    match &table.phase {
        Phase::Rolling | Phase::InactiveRoll { .. } | Phase::GameRoll { .. } => {
            out.extend((1..=6).map(TableAction::Fate))
        }
        Phase::Selecting { .. } => out.extend((1..=6).map(TableAction::Die)),
        Phase::GamePick { cards, .. } => out.extend(cards.iter().map(|c| TableAction::Pick(*c))),
        Phase::Start => {
            if sheet.cards_remaining && table.cards_remaining(side) == 0 {
                // No card left to play this turn: the side ends its turn instead of rolling (game
                // rules may add what it can still do without a card).
                out.push(TableAction::Pass);
            } else {
                out.push(TableAction::Roll);
            }
            let display = table.display(side);
            for &card in &display.beside {
                out.extend((0..purposes).map(|purpose| TableAction::PlayBeside { card, purpose }));
            }
            let mut face_up: Vec<CardId> = display.face_up().map(|(_, c)| c).collect();
            face_up.extend(table.visible_top(side));
            let tool = |t: Tool| sheet.tools.contains(&t);
            // Manoeuvre's Discard phase is a step of the turn, not a tool.
            if tool(Tool::Discard) || sheet.discard_refill_at_roll {
                out.extend(face_up.iter().map(|c| TableAction::Discard(*c)));
            }
            if tool(Tool::SetAside) {
                out.extend(face_up.iter().map(|c| TableAction::SetAside(*c)));
            }
            if sheet.cards_remaining && tool(Tool::Markers) {
                let cr = table.cards_remaining(side);
                if cr < MAX_MARKER {
                    out.push(TableAction::Marker(MarkerOp::CardsRemainingUp));
                }
                if cr > 0 {
                    out.push(TableAction::Marker(MarkerOp::CardsRemainingDown));
                }
            }
            if sheet.max_hand_size != MaxHandSize::NotUsed && tool(Tool::Markers) {
                let h = table.max_hand_size(side);
                if h < MAX_MARKER {
                    out.push(TableAction::Marker(MarkerOp::HandSizeUp));
                }
                if h > 1 {
                    out.push(TableAction::Marker(MarkerOp::HandSizeDown));
                }
                if sheet.cards_remaining && table.cards_remaining(side) != h {
                    out.push(TableAction::Marker(MarkerOp::ResetCardsRemaining));
                }
            }
            out.extend(sheet.reshuffles.iter().map(|k| TableAction::Reshuffle(*k)));
            // A deck whose manifest lists every card has no card left to add.
            if tool(Tool::AddCard) && !table.all_named() {
                out.push(TableAction::AddCard);
            }
            if tool(Tool::RandomDiscard) && !table.selection_slots(1 - side).is_empty() {
                out.push(TableAction::RandomDiscard);
            }
        }
        Phase::FlipChoice { .. } => {
            for (slot, index, p) in table.display(side).cards() {
                if !p.face_up {
                    out.push(TableAction::Flip { slot, index: index as u8 });
                }
            }
            if table.face_down_top(side) {
                out.push(TableAction::Flip { slot: SlotName::C, index: 0 });
            }
        }
        Phase::Choose { face, played, .. } => match table.eligible() {
            Err(NeededFact::Describe { card, value, special }) => {
                let values: Vec<Option<u8>> =
                    if value { table.order_counts(card).into_iter().map(Some).collect() } else { vec![None] };
                if value && special && sheet.lowest == crate::playsheet::LowestMeasure::OrderCount {
                    // A Tactic card has no order count: one answer says so, the others give the count
                    // of an order card.
                    out.push(TableAction::Describe { card, value: None, special: Some(true) });
                    out.extend(values.iter().map(|v| TableAction::Describe { card, value: *v, special: Some(false) }));
                } else {
                    let specials: Vec<Option<bool>> = if special { vec![Some(true), Some(false)] } else { vec![None] };
                    for v in &values {
                        for s in &specials {
                            out.push(TableAction::Describe { card, value: *v, special: *s });
                        }
                    }
                }
            }
            Ok(eligible) => {
                for card in eligible {
                    let event_only = table.face_two_event_only(card);
                    out.extend(
                        (0..purposes)
                            .filter(|p| !event_only || sheet.purposes[usize::from(*p)].starts_with("Event"))
                            .map(|purpose| TableAction::Play { card, purpose }),
                    );
                }
                if *played == 0 {
                    // Where a side that plays no card may move one, the moves come as a second step.
                    if sheet.pass_after_roll || sheet.move_card_without_play {
                        out.push(TableAction::Pass);
                    }
                    if sheet.unplayable_rule && *face != 0 {
                        out.push(TableAction::Reroll);
                        if table.can_dig() {
                            out.push(TableAction::Dig);
                        }
                    }
                } else {
                    out.push(TableAction::EndTurn);
                }
            }
        },
        Phase::Digging { revealed: Some(card) } => {
            out.extend((0..purposes).map(|purpose| TableAction::DigPlay { card: *card, purpose }));
            out.push(TableAction::DigNext);
        }
        Phase::Digging { revealed: None } => out.push(TableAction::DigGiveUp),
        Phase::InactiveKind { card, .. } => {
            out.push(TableAction::Describe { card: *card, value: None, special: Some(true) });
            out.push(TableAction::Describe { card: *card, value: None, special: Some(false) });
        }
        Phase::MovingCard => {
            move_card_actions(table, out);
            out.push(TableAction::EndTurn);
        }
    }
    // The inactive side may answer during the active side's turn (where the sheet lets it).
    if matches!(table.phase, Phase::Start | Phase::Choose { .. }) && !table.needs_description() {
        for card in table.inactive_playable() {
            // A card of unknown kind is asked about once the player chooses to play it.
            out.extend((0..purposes).map(|purpose| TableAction::InactivePlay { card, purpose }));
        }
    }
    crate::games::rules_for(&sheet.id).adjust_legal(table, out);
}

/// Every move of one card to another slot: any card of the display, or the deck's top card.
fn move_card_actions(table: &CardTable, out: &mut Vec<TableAction>) {
    let side = table.active();
    let display = table.display(side);
    let slots = table.sheet().card_slots();
    let mut sources: Vec<(SlotName, u8)> = display.cards().map(|(s, i, _)| (s, i as u8)).collect();
    if table.sheet().deck == crate::playsheet::DeckMode::Dual && !table.deck_of(side).is_empty() {
        sources.push((SlotName::C, 0));
    }
    for (from, index) in sources {
        for to in slots.iter().filter(|t| *t != from) {
            out.push(TableAction::MoveCard { from, index, to });
        }
    }
}

/// Why an action that is not legal now was refused, as precisely as the state allows.
pub(crate) fn why_illegal(table: &CardTable, action: &TableAction) -> String {
    let chance = action.is_chance();
    if chance && !table.to_move_is_chance() {
        return "that is a chance outcome, and no die or draw is pending".into();
    }
    if !chance && table.to_move_is_chance() {
        return "a die roll or a card draw must be resolved first".into();
    }
    match (&table.phase, action) {
        (Phase::Choose { .. }, TableAction::Play { card, .. }) => match table.eligible() {
            Ok(eligible) if eligible.is_empty() => "the roll allows no more cards this turn".into(),
            Ok(eligible) => format!(
                "{card} is not allowed by this roll; allowed: {}",
                eligible.iter().map(|c| table.card_label(*c)).collect::<Vec<_>>().join(", ")
            ),
            Err(NeededFact::Describe { card, .. }) => {
                format!("the table needs to know about {} first", table.card_label(card))
            }
        },
        (Phase::Start, TableAction::Play { .. } | TableAction::EndTurn) => "roll the Fate Die first".into(),
        (Phase::Choose { .. }, TableAction::Roll) => "the Fate Die has already been rolled this turn".into(),
        (_, TableAction::Discard(c) | TableAction::SetAside(c)) => {
            format!("{c} is not a face-up card of the active side's display, or it is not the start of the turn")
        }
        _ => "it is not one of the actions the table offers at this point".into(),
    }
}

impl CardTable {
    /// What a Random Card Selection roll reads on the chart, in words (empty outside a selection).
    pub(crate) fn selection_reading(&self, roll: u8) -> String {
        use crate::random_selection::{ChartResult, dice_per_reading, read_chart};
        let Phase::Selecting { target, slot, first_die, .. } = &self.phase else { return String::new() };
        let candidates = self.selection_candidates(*target, *slot);
        if dice_per_reading(candidates.len()) == 2 && first_die.is_none() {
            return ", the first of two dice".into();
        }
        let dice: Vec<u8> = first_die.iter().copied().chain([roll]).collect();
        match read_chart(candidates.len(), &dice) {
            ChartResult::Reroll => ", which the chart rolls again".into(),
            ChartResult::Pick(i) => match candidates.get(i) {
                Some((s, cards)) if slot.is_none() && cards.len() > 1 => {
                    format!(" → slot {s} (a second roll picks one of its {} cards)", cards.len())
                }
                Some((s, cards)) => match cards.first() {
                    // A face-down card the second roll picks is not named.
                    Some(card) if self.display(*target).slot(*s).iter().any(|p| p.card == *card && !p.face_up) => {
                        format!(" → face-down card number {} of slot {s}", i + 1)
                    }
                    Some(card) => format!(" → {} in slot {s}", self.card_label(*card)),
                    None => format!(" → slot {s}"),
                },
                None => String::new(),
            },
        }
    }

    /// Whether the label of an inactive play should warn of the Fate Die roll.
    pub(crate) fn inactive_play_roll_label(&self, card: CardId) -> bool {
        use crate::playsheet::LowestMeasure;
        !(self.sheet().lowest == LowestMeasure::AnyOrdinaryCard && self.facts(card).special == Some(false))
    }

    /// The table is waiting for the player to describe a card before anything else.
    pub(crate) fn needs_description(&self) -> bool {
        matches!(self.phase, Phase::Choose { .. }) && self.eligible().is_err()
    }

    pub(crate) fn player_side_name(&self, side: u8) -> &str {
        &self.sheet().sides[(side as usize).min(1)]
    }
    pub(crate) fn to_move_is_chance(&self) -> bool {
        engine::Game::to_move(self) == engine::ToMove::Chance
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn purposes_become_slugs() {
        assert_eq!(slug("Strategic Redeployment"), "strategic-redeployment");
        assert_eq!(slug("Event (EC)"), "event-ec");
    }
}
