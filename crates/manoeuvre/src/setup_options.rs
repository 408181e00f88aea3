//! Reading the options of a new game of Manoeuvre ([`ManoeuvreSetup`], the `options` object of the
//! protocol's `new` and of the HTTP API) by hand instead of with serde's derived code, so that every
//! wrong value is reported with the option it was given for and what that option accepts, and an
//! unknown option or `map` field is refused by name. The JSON format is the one `Serialize` writes
//! (and saved records hold): `null` stands for an absent option, as the records write it.

use serde::de::{Deserialize, Deserializer, Error as _};
use serde_json::{Map, Value};

use crate::board::LayoutEdge;
use crate::scenario::Scenario;
use crate::setup::ManoeuvreSetup;
use crate::setup::{MapChoice, MapSetup, RandomWord};
use crate::state::HandMode;

/// The options of a new game, in the order the error messages list them.
pub const OPTIONS: [&str; 7] = ["armies", "map", "hand_modes", "quick_start", "tournament", "scenario", "data_dir"];
/// The fields of a fixed `map`.
pub const MAP_FIELDS: [&str; 3] = ["sections", "turns", "second_player_edge"];

/// A wrong value in the options of a new game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupOptionError {
    /// An option (or a field of `map`) that does not exist, with the nearest known name when it looks
    /// like a typo and the list of known ones, worded as the protocol words it for the other games.
    #[error("{message}")]
    Unknown {
        /// The unknown name, with its path (`speed`, `map.edge`).
        name: String,
        message: String,
    },
    /// A known option with a value it does not take.
    #[error("{option}: {message}")]
    Bad {
        /// The option at fault, with the path inside it (`armies[1]`, `map.sections`).
        option: String,
        message: String,
    },
}

impl SetupOptionError {
    /// The option (or `map` field) at fault, as the message names it.
    pub fn option(&self) -> &str {
        match self {
            SetupOptionError::Unknown { name, .. } => name,
            SetupOptionError::Bad { option, .. } => option,
        }
    }
}

/// ` (did you mean "turns"?)` when `name` looks like a misspelling of one of `known`.
fn hint(name: &str, known: &[&str]) -> String {
    engine::did_you_mean(name, known).map(|s| format!(" (did you mean \"{s}\"?)")).unwrap_or_default()
}

fn bad(option: impl Into<String>, message: impl Into<String>) -> SetupOptionError {
    SetupOptionError::Bad { option: option.into(), message: message.into() }
}

/// A value as JSON text for a message, cut short when it is long (the protocol's option errors
/// quote values with it too).
pub fn shown(value: &Value) -> String {
    const LONGEST: usize = 60;
    let text = value.to_string();
    if text.chars().count() <= LONGEST {
        return text;
    }
    let cut: String = text.chars().take(LONGEST).collect();
    format!("{cut}…")
}

/// An array of exactly `N` items, or an error saying what was expected.
fn array_of<'v, const N: usize>(
    option: &str,
    value: &'v Value,
    what: &str,
    example: &str,
) -> Result<&'v [Value; N], SetupOptionError> {
    let Value::Array(items) = value else {
        return Err(bad(option, format!("{} is not a list of {N} {what}; give one like {example}", shown(value))));
    };
    <&[Value; N]>::try_from(items.as_slice()).map_err(|_| {
        bad(option, format!("{} lists {} {what}; give exactly {N}, like {example}", shown(value), items.len()))
    })
}

fn flag(option: &str, value: &Value) -> Result<bool, SetupOptionError> {
    value.as_bool().ok_or_else(|| bad(option, format!("{} is not true or false", shown(value))))
}

fn armies(value: &Value) -> Result<[String; 2], SetupOptionError> {
    const EXAMPLE: &str = r#"["FR", "BR"]"#;
    let items = array_of::<2>("armies", value, "nations", EXAMPLE)?;
    let nation = |i: usize| match &items[i] {
        Value::String(s) => Ok(s.clone()),
        other => Err(bad(
            format!("armies[{i}]"),
            format!("{} is not a nation; give its code or name as a string, like \"FR\"", shown(other)),
        )),
    };
    Ok([nation(0)?, nation(1)?])
}

fn hand_modes(value: &Value) -> Result<[HandMode; 2], SetupOptionError> {
    let items = array_of::<2>("hand_modes", value, "hand modes", r#"["hand", "display"]"#)?;
    let mode = |i: usize| match &items[i] {
        Value::String(s) if s == "hand" => Ok(HandMode::Hand),
        Value::String(s) if s == "display" => Ok(HandMode::Display),
        other => Err(bad(
            format!("hand_modes[{i}]"),
            format!("{} is not a hand mode (\"hand\" or \"display\")", shown(other)),
        )),
    };
    Ok([mode(0)?, mode(1)?])
}

/// What a `map` may be, for the messages about a wrong one.
const MAP_FORMS: &str = r#"give "random" or {"sections": [four section numbers], "turns": [four quarter turns, 0 to 3], "second_player_edge": "top", "right", "bottom" or "left"}"#;

fn map(value: &Value) -> Result<MapChoice, SetupOptionError> {
    match value {
        Value::String(word) if word == "random" => Ok(MapChoice::Random(RandomWord::Random)),
        Value::Object(fields) => fixed_map(fields).map(MapChoice::Fixed),
        other => Err(bad("map", format!("{} is not a battlefield; {MAP_FORMS}", shown(other)))),
    }
}

fn fixed_map(fields: &Map<String, Value>) -> Result<MapSetup, SetupOptionError> {
    if let Some(unknown) = fields.keys().find(|k| !MAP_FIELDS.contains(&k.as_str())) {
        return Err(SetupOptionError::Unknown {
            name: format!("map.{unknown}"),
            message: format!(
                "map: unknown field \"{unknown}\"{}; a fixed map has {}",
                hint(unknown, &MAP_FIELDS),
                MAP_FIELDS.join(", ")
            ),
        });
    }
    let Some(sections) = fields.get("sections") else {
        return Err(bad("map.sections", "missing; a fixed map names its four sections, like [1, 5, 9, 13]"));
    };
    let items = array_of::<4>("map.sections", sections, "map sections", "[1, 5, 9, 13]")?;
    let mut numbers = [0u8; 4];
    for (i, item) in items.iter().enumerate() {
        numbers[i] = item.as_u64().and_then(|n| u8::try_from(n).ok()).filter(|n| *n >= 1).ok_or_else(|| {
            bad(format!("map.sections[{i}]"), format!("{} is not a map section number (1 to 255)", shown(item)))
        })?;
    }
    let mut turns = [0u8; 4];
    if let Some(value) = fields.get("turns").filter(|v| !v.is_null()) {
        let items = array_of::<4>("map.turns", value, "quarter turns", "[0, 1, 2, 3]")?;
        for (i, item) in items.iter().enumerate() {
            turns[i] = item.as_u64().filter(|n| *n <= 3).map(|n| n as u8).ok_or_else(|| {
                bad(
                    format!("map.turns[{i}]"),
                    format!("{} is not a number of clockwise quarter turns (0 to 3)", shown(item)),
                )
            })?;
        }
    }
    let second_player_edge = match fields.get("second_player_edge").filter(|v| !v.is_null()) {
        None => LayoutEdge::Bottom.word().to_string(),
        Some(Value::String(edge)) if LayoutEdge::ALL.iter().any(|e| e.word() == edge) => edge.clone(),
        Some(other) => {
            return Err(bad(
                "map.second_player_edge",
                format!("{} is not an edge of the layout (\"top\", \"right\", \"bottom\" or \"left\")", shown(other)),
            ));
        }
    };
    Ok(MapSetup { sections: numbers, turns, second_player_edge })
}

impl ManoeuvreSetup {
    /// Reads the options of a new game from JSON, naming the option of the first wrong value.
    pub fn from_json(value: &Value) -> Result<ManoeuvreSetup, SetupOptionError> {
        let Value::Object(fields) = value else {
            return Err(bad(
                "options",
                format!("{} is not an object of options, like {{\"armies\": [\"FR\", \"BR\"]}}", shown(value)),
            ));
        };
        if let Some(unknown) = fields.keys().find(|k| !OPTIONS.contains(&k.as_str())) {
            return Err(SetupOptionError::Unknown {
                name: unknown.clone(),
                message: format!(
                    "unknown option \"{unknown}\"{}; the options of Manoeuvre are: {}",
                    hint(unknown, &OPTIONS),
                    OPTIONS.join(", ")
                ),
            });
        }
        // `null` is how a saved record writes an option that was not given.
        let given = |name: &str| fields.get(name).filter(|v| !v.is_null());
        let mut setup = ManoeuvreSetup::default();
        if let Some(v) = given("armies") {
            setup.armies = Some(armies(v)?);
        }
        if let Some(v) = given("map") {
            setup.map = Some(map(v)?);
        }
        if let Some(v) = given("hand_modes") {
            setup.hand_modes = Some(hand_modes(v)?);
        }
        if let Some(v) = fields.get("quick_start") {
            setup.quick_start = flag("quick_start", v)?;
        }
        if let Some(v) = fields.get("tournament") {
            setup.tournament = flag("tournament", v)?;
        }
        if let Some(v) = given("scenario") {
            let scenario = Scenario::deserialize(v).map_err(|e| bad("scenario", e.to_string()))?;
            setup.scenario = Some(scenario);
        }
        if let Some(v) = given("data_dir") {
            let Value::String(dir) = v else {
                return Err(bad("data_dir", format!("{} is not a directory; give its path as a string", shown(v))));
            };
            setup.data_dir = Some(dir.clone());
        }
        Ok(setup)
    }
}

impl<'de> Deserialize<'de> for ManoeuvreSetup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        ManoeuvreSetup::from_json(&value).map_err(D::Error::custom)
    }
}

impl<'de> Deserialize<'de> for MapChoice {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        map(&value).map_err(D::Error::custom)
    }
}
