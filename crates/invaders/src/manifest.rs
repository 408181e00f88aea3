//! The deck manifest of Invaders: what is printed on each card that the turn's rules read (its
//! side, its two costs, its power value, whether its text lasts, the tokens it enters play with,
//! whether it can cancel a card). The card texts themselves are never needed: the players resolve
//! them. A manifest is TOML in the shape of the card tables' manifests (docs/invaders.md); an
//! example deck of invented cards ships with the program.

use serde::{Deserialize, Serialize};

use crate::side::Side;

/// The example manifest that ships with the program (invented cards: the real ones' texts are not
/// in the source documents).
pub const EXAMPLE: &str = include_str!("../manifests/example.toml");

/// Why a manifest was refused, naming the card and field at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ManifestError {
    /// The TOML did not parse, or a field is missing, unknown or of the wrong kind (the message
    /// names the line and the field).
    #[error("the Invaders manifest does not read: {0}")]
    Syntax(String),
    #[error("the Invaders manifest is for game '{0}'; it must say game = \"invaders\"")]
    WrongGame(String),
    #[error("card {index} ('{name}'), field {field}: {problem}")]
    Card { index: usize, name: String, field: &'static str, problem: String },
    #[error("the Invaders manifest gives {side} no cards: each side needs a deck")]
    EmptyDeck { side: Side },
}

/// A whole manifest as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub game: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    pub cards: Vec<ManifestCard>,
}

/// One card (or several identical copies) as the manifest describes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManifestCard {
    pub name: String,
    /// "Mankind" or "Invader": whose deck holds the card.
    pub side: Side,
    /// Cards of the hand its owner discards to play it.
    pub discard: u8,
    /// Cards its owner turns from the top of the draw pile onto the discard pile to play it.
    pub drain: u8,
    /// The power value; a card without one is a one-shot card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<u8>,
    /// Its text lasts while it stays in play (otherwise it acts as it enters play).
    #[serde(default, skip_serializing_if = "is_false")]
    pub lasting: bool,
    /// Tokens it enters play with.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tokens: u8,
    /// It can cancel a card as that card is played.
    #[serde(default, skip_serializing_if = "is_false")]
    pub cancels: bool,
    /// Mankind's Heroes of the Resistance card, turned upright at the start of Mankind's turn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub heroes: bool,
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub copies: u8,
}

fn is_false(b: &bool) -> bool {
    !*b
}
fn is_zero(n: &u8) -> bool {
    *n == 0
}
fn is_one(n: &u8) -> bool {
    *n == 1
}
fn one() -> u8 {
    1
}

/// The largest deck a side may have: a card is numbered by a byte across both decks.
pub const MAX_CARDS: usize = 250;

impl Manifest {
    /// Reads and checks a manifest.
    pub fn parse(text: &str) -> Result<Self, ManifestError> {
        let manifest: Manifest = toml::from_str(text).map_err(|e| ManifestError::Syntax(e.to_string()))?;
        manifest.check()?;
        Ok(manifest)
    }

    /// The example manifest (it ships inside the binary, and a test reads it).
    pub fn example() -> Result<Self, ManifestError> {
        Manifest::parse(EXAMPLE)
    }

    /// Checks what serde cannot: that the facts of each card fit together as the rules read them.
    pub fn check(&self) -> Result<(), ManifestError> {
        if self.game != "invaders" {
            return Err(ManifestError::WrongGame(self.game.clone()));
        }
        let mut counts = [0usize; 2];
        for (i, c) in self.cards.iter().enumerate() {
            let fail = |field: &'static str, problem: &str| ManifestError::Card {
                index: i + 1,
                name: c.name.clone(),
                field,
                problem: problem.to_string(),
            };
            if c.name.trim().is_empty() {
                return Err(fail("name", "a card needs a name"));
            }
            if c.copies == 0 {
                return Err(fail("copies", "0 copies: leave the card out instead"));
            }
            if c.power.is_none() && c.lasting {
                return Err(fail("lasting", "a card without a power value is a one-shot card: it cannot last in play"));
            }
            if c.power.is_none() && c.tokens > 0 {
                return Err(fail(
                    "tokens",
                    "a card without a power value never enters play, so it cannot carry tokens",
                ));
            }
            if c.cancels && c.power.is_some() {
                return Err(fail(
                    "cancels",
                    "a cancel is discarded with the card it cancels, so it cannot have a power value",
                ));
            }
            if c.heroes && (c.side != Side::Mankind || c.power.is_none()) {
                return Err(fail("heroes", "the Heroes of the Resistance card is a Mankind card with a power value"));
            }
            counts[c.side.index()] += usize::from(c.copies);
        }
        for side in Side::BOTH {
            if counts[side.index()] == 0 {
                return Err(ManifestError::EmptyDeck { side });
            }
        }
        if counts.iter().sum::<usize>() > MAX_CARDS {
            return Err(ManifestError::Syntax(format!(
                "{} cards in all; at most {MAX_CARDS} fit",
                counts.iter().sum::<usize>()
            )));
        }
        Ok(())
    }
}

/// One physical card of a game: a manifest entry's facts, one per copy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Card {
    pub name: String,
    pub side: Side,
    pub discard: u8,
    pub drain: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power: Option<u8>,
    pub lasting: bool,
    pub tokens: u8,
    pub cancels: bool,
    pub heroes: bool,
}

impl Card {
    /// A card with a power value enters an invasion zone; one without is a one-shot card.
    pub fn enters_play(&self) -> bool {
        self.power.is_some()
    }
}

/// Every physical card of a manifest, copies spelled out, numbered in manifest order.
pub fn cards_of(manifest: &Manifest) -> Vec<Card> {
    let mut out = Vec::new();
    for c in &manifest.cards {
        for _ in 0..c.copies {
            out.push(Card {
                name: c.name.clone(),
                side: c.side,
                discard: c.discard,
                drain: c.drain,
                power: c.power,
                lasting: c.lasting,
                tokens: c.tokens,
                cancels: c.cancels,
                heroes: c.heroes,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_card(card: &str) -> String {
        format!("game = \"invaders\"\n[[cards]]\nname = \"A\"\nside = \"Invader\"\ndiscard = 0\ndrain = 0\n{card}")
    }

    #[test]
    fn the_example_reads_and_gives_each_side_a_deck() {
        let m = Manifest::example().expect("the example reads");
        let cards = cards_of(&m);
        for side in Side::BOTH {
            assert!(cards.iter().filter(|c| c.side == side).count() >= 12, "{side} has a short deck");
        }
        assert_eq!(cards.iter().filter(|c| c.heroes).count(), 1);
        assert!(cards.iter().any(|c| c.cancels) && cards.iter().any(|c| c.tokens > 0));
    }

    #[test]
    fn a_missing_field_is_named() {
        let text = "game = \"invaders\"\n[[cards]]\nname = \"Drone\"\nside = \"Invader\"\ndrain = 1\n";
        let err = Manifest::parse(text).expect_err("no discard cost").to_string();
        assert!(err.contains("discard") && err.contains("missing"), "{err}");
        let err = Manifest::parse(&with_card("colour = \"red\"\n")).expect_err("unknown field").to_string();
        assert!(err.contains("colour"), "{err}");
        let err = Manifest::parse(&with_card("").replace("Invader", "Martians")).expect_err("bad side").to_string();
        assert!(err.contains("Martians") || err.contains("side"), "{err}");
    }

    #[test]
    fn facts_that_contradict_the_rules_are_refused() {
        let cases = [
            ("lasting = true\n", "lasting"),
            ("tokens = 2\n", "tokens"),
            ("power = 2\ncancels = true\n", "cancels"),
            ("power = 2\nheroes = true\n", "heroes"),
            ("copies = 0\n", "copies"),
        ];
        for (extra, field) in cases {
            let err = Manifest::parse(&with_card(extra)).expect_err(field).to_string();
            assert!(err.contains(&format!("field {field}")), "{extra}: {err}");
        }
        let one_side = Manifest::parse(&with_card("power = 1\n")).expect_err("no Mankind cards").to_string();
        assert!(one_side.contains("Mankind"), "{one_side}");
        let wrong = Manifest::parse(&with_card("").replace("\"invaders\"", "\"manoeuvre\"")).expect_err("wrong game");
        assert!(wrong.to_string().contains("manoeuvre"));
    }
}
