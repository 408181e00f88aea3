//! The `options` of a new game read one field at a time, so that every mistake is told in the words
//! of the option it concerns (`hand_size: 999 is not a hand size (1-12)`) and a misspelt option is
//! refused by its name with the nearest known one, where serde would answer in its own terms.

use engine::{ChanceMode, did_you_mean};
use manoeuvre::setup_options::shown;
use serde_json::{Map, Value};
use solo::table::MAX_MARKER;

use crate::session::ProtocolError;

/// The options every game takes, beside its own.
pub(crate) const SHARED_OPTIONS: &[&str] = &["chance"];

/// The options of a card table.
const TABLE_OPTIONS: &[&str] = &["hand_size", "deck_size", "manifest", "physical", "scenario", "nations"];

/// The smallest and largest deck a card table deals from (the table checks the same range).
const DECK_SIZES: (u16, u16) = (8, 999);

/// The most nations a side fields (Epic Ancients).
const MAX_NATIONS: u8 = 4;

/// A card table's options once read.
#[derive(Debug, Default)]
pub(crate) struct TableOptions {
    pub hand_size: Option<[u8; 2]>,
    pub deck_size: Option<[u16; 2]>,
    /// A manifest object, or `"builtin"`; read by the registry.
    pub manifest: Option<Value>,
    pub physical: bool,
    pub scenario: Option<String>,
    pub nations: u8,
}

/// An error about one option, in the protocol's words.
fn bad(option: &str, message: String) -> ProtocolError {
    ProtocolError::BadRequest(format!("bad options: {option}: {message}"))
}

/// The refusal of an option nobody knows, with the nearest known one.
pub(crate) fn unknown_option(name: &str, known: &[&str], whose: &str) -> ProtocolError {
    let all: Vec<&str> = SHARED_OPTIONS.iter().chain(known).copied().collect();
    let hint = did_you_mean(name, &all).map(|s| format!(" (did you mean \"{s}\"?)")).unwrap_or_default();
    ProtocolError::BadRequest(format!(
        "bad options: unknown option \"{name}\"{hint}; the options of {whose} are: {}",
        all.join(", ")
    ))
}

/// Splits the options every game shares (`chance`) from the game's own.
pub(crate) fn split_options(options: &Value) -> Result<(ChanceMode, Map<String, Value>), ProtocolError> {
    let mut map = match options {
        Value::Null => Map::new(),
        Value::Object(m) => m.clone(),
        other => {
            return Err(ProtocolError::BadRequest(format!(
                "\"options\" must be an object of named options, not {}",
                shown(other)
            )));
        }
    };
    let chance = match map.remove("chance") {
        None | Some(Value::Null) => ChanceMode::Auto,
        Some(Value::String(word)) if word == "auto" => ChanceMode::Auto,
        Some(Value::String(word)) if word == "manual" => ChanceMode::Manual,
        Some(other) => {
            return Err(bad("chance", format!("{} is not a chance mode (\"auto\" or \"manual\")", shown(&other))));
        }
    };
    Ok((chance, map))
}

/// One number in `low..=high`, or the option's error; `what` says what the number is and which
/// numbers are allowed.
fn whole<T: TryFrom<u64> + Copy>(
    option: &str,
    what: &str,
    value: &Value,
    low: u64,
    high: u64,
) -> Result<T, ProtocolError> {
    let refuse = || bad(option, format!("{} is not {what}", shown(value)));
    let n = value.as_u64().filter(|n| (low..=high).contains(n)).ok_or_else(refuse)?;
    T::try_from(n).map_err(|_| refuse())
}

/// One number for both sides, or a pair `[first side, second side]`.
fn per_side<T: TryFrom<u64> + Copy>(
    option: &str,
    what: &str,
    value: &Value,
    low: u64,
    high: u64,
) -> Result<[T; 2], ProtocolError> {
    match value {
        Value::Array(items) if items.len() == 2 => {
            Ok([whole(option, what, &items[0], low, high)?, whole(option, what, &items[1], low, high)?])
        }
        Value::Array(items) => Err(bad(
            option,
            format!("give one number for both sides or a pair [first side, second side], not {} numbers", items.len()),
        )),
        single => {
            let n = whole(option, what, single, low, high)?;
            Ok([n, n])
        }
    }
}

/// Reads a card table's options (the shared ones already split off).
pub(crate) fn table_options(map: Map<String, Value>) -> Result<TableOptions, ProtocolError> {
    let mut options = TableOptions { nations: 1, ..TableOptions::default() };
    for (name, value) in map {
        if value.is_null() {
            continue;
        }
        match name.as_str() {
            "hand_size" => {
                let what = format!("a hand size (1-{MAX_MARKER})");
                options.hand_size = Some(per_side(&name, &what, &value, 1, u64::from(MAX_MARKER))?);
            }
            "deck_size" => {
                // A game with one shared deck reads only the first size, so the range of each is
                // the table's to check; here it must be a number of cards at all.
                let what = format!("a deck size ({}-{} cards)", DECK_SIZES.0, DECK_SIZES.1);
                options.deck_size = Some(per_side(&name, &what, &value, 0, u64::from(u16::MAX))?);
            }
            "manifest" => options.manifest = Some(value),
            "physical" => {
                options.physical =
                    value.as_bool().ok_or_else(|| bad(&name, format!("{} is not true or false", shown(&value))))?;
            }
            "scenario" => {
                let text = value.as_str().ok_or_else(|| {
                    bad(&name, format!("{} is not a scenario's id (a string, such as \"winter\")", shown(&value)))
                })?;
                options.scenario = Some(text.to_string());
            }
            "nations" => {
                options.nations = whole(
                    &name,
                    &format!("a number of nations a side fields (1-{MAX_NATIONS})"),
                    &value,
                    1,
                    MAX_NATIONS.into(),
                )?;
            }
            other => return Err(unknown_option(other, TABLE_OPTIONS, "a card table")),
        }
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(options: Value) -> Result<TableOptions, String> {
        let (_, map) = split_options(&options).map_err(|e| e.to_string())?;
        table_options(map).map_err(|e| e.to_string())
    }

    #[test]
    fn wrong_values_are_told_by_the_option_s_name() {
        let cases = [
            (json!({"hand_size": 999}), "bad options: hand_size: 999 is not a hand size (1-12)"),
            (json!({"hand_size": [5, 0]}), "bad options: hand_size: 0 is not a hand size (1-12)"),
            (json!({"hand_size": "six"}), "bad options: hand_size: \"six\" is not a hand size (1-12)"),
            (json!({"hand_size": [5, 6, 7]}), "not 3 numbers"),
            (json!({"deck_size": 70000}), "bad options: deck_size: 70000 is not a deck size (8-999 cards)"),
            (json!({"deck_size": -3}), "bad options: deck_size: -3 is not a deck size"),
            (json!({"physical": "yes"}), "bad options: physical: \"yes\" is not true or false"),
            (json!({"nations": 5}), "bad options: nations: 5 is not a number of nations a side fields (1-4)"),
            (json!({"scenario": 3}), "bad options: scenario: 3 is not a scenario's id"),
            (json!({"chance": "dice"}), "bad options: chance: \"dice\" is not a chance mode (\"auto\" or \"manual\")"),
            (json!({"hand_sise": 6}), "unknown option \"hand_sise\" (did you mean \"hand_size\"?)"),
            (json!(7), "\"options\" must be an object of named options, not 7"),
        ];
        for (options, expected) in cases {
            let err = read(options.clone()).expect_err("a wrong option");
            assert!(err.contains(expected), "{options}: {err}");
            assert!(!err.contains("invalid type") && !err.contains("untagged"), "serde's words: {err}");
        }
    }

    #[test]
    fn right_values_are_read_and_one_number_serves_both_sides() {
        let o = read(json!({"hand_size": 6, "deck_size": [40, 50], "physical": true, "nations": 2, "chance": null}))
            .expect("good options");
        assert_eq!(o.hand_size, Some([6, 6]));
        assert_eq!(o.deck_size, Some([40, 50]));
        assert!(o.physical);
        assert_eq!(o.nations, 2);
        let o = read(json!({"hand_size": [4, 7], "scenario": "x", "manifest": "builtin"})).expect("good options");
        assert_eq!(o.hand_size, Some([4, 7]));
        assert_eq!(o.scenario.as_deref(), Some("x"));
        assert_eq!(o.manifest, Some(json!("builtin")));
        assert_eq!(read(Value::Null).expect("no options").nations, 1);
    }
}
