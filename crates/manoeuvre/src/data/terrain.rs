//! Reading `terrain.toml`: one table per terrain type, each giving every field of
//! [`TerrainEffects`]. Errors name the line of the key (or of the table, for a missing key).

use std::collections::BTreeMap;

use toml::Spanned;

use super::error::DataError;
use super::model::{Terrain, TerrainEffects, TerrainTable};
use super::table::{line_at, visible};

type Tables = BTreeMap<Spanned<String>, Spanned<BTreeMap<Spanned<String>, Spanned<toml::Value>>>>;

/// The keys of a terrain table, in the order of [`TerrainEffects`].
pub const FIELDS: [&str; 11] = [
    "enter",
    "ends_move",
    "cavalry_max_move",
    "defense",
    "attack",
    "attack_only_against_other_terrain",
    "blocks_bombard",
    "assault_from",
    "forced_march_from",
    "rocket_high_ground",
    "provisional",
];

/// The key (or table name) written on a 1-based line, for errors the TOML parser reports by position.
fn key_on_line(text: &str, line: u64) -> String {
    let content = text.lines().nth(usize::try_from(line.saturating_sub(1)).unwrap_or(usize::MAX)).unwrap_or("");
    let content = content.trim();
    let key = if let Some(table) = content.strip_prefix('[') {
        table.trim_end_matches(']')
    } else {
        content.split('=').next().unwrap_or("")
    };
    let key = key.trim();
    if key.is_empty() { "(syntax)".into() } else { visible(key) }
}

pub(crate) fn parse(file: &'static str, text: &str) -> Result<TerrainTable, DataError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let line_of = |span: std::ops::Range<usize>| line_at(text, span.start as u64);
    let tables: Tables = toml::from_str(text).map_err(|e| {
        let line = e.span().map_or(1, line_of);
        let message = e.message().trim().replace('\n', "; ");
        DataError::invalid(file, line, &key_on_line(text, line), format!("not valid TOML here: {message}"))
    })?;
    let mut found: BTreeMap<Terrain, TerrainEffects> = BTreeMap::new();
    let mut enter_lines: Vec<u64> = Vec::new();
    // Look at the tables and keys in file order, so the first error reported is the first in the file.
    let mut in_order: Vec<_> = tables.iter().collect();
    in_order.sort_by_key(|(name, _)| name.span().start);
    for (name, table) in in_order {
        let table_line = line_of(name.span());
        let Some(terrain) = Terrain::from_name(name.get_ref()) else {
            let known: Vec<&str> = Terrain::ALL.iter().map(|t| t.name()).collect();
            let shown = visible(name.get_ref());
            return Err(DataError::invalid(
                file,
                table_line,
                &shown,
                format!("'{shown}' is not a terrain type; the types are {}", known.join(", ")),
            ));
        };
        if found.contains_key(&terrain) {
            return Err(DataError::invalid(file, table_line, name.get_ref(), "this terrain has two tables"));
        }
        let entries = table.get_ref();
        let mut keys: Vec<_> = entries.keys().collect();
        keys.sort_by_key(|key| key.span().start);
        for key in keys {
            if !FIELDS.contains(&key.get_ref().as_str()) {
                return Err(DataError::invalid(
                    file,
                    line_of(key.span()),
                    &visible(key.get_ref()),
                    format!("unknown key in [{}]; the keys are {}", terrain.name(), FIELDS.join(", ")),
                ));
            }
        }
        let fields = Fields { file, text, terrain, table_line, entries };
        enter_lines.push(fields.value("enter")?.1);
        let effects = TerrainEffects {
            enter: fields.flag("enter")?,
            ends_move: fields.flag("ends_move")?,
            cavalry_max_move: fields.number("cavalry_max_move", 2)?,
            defense: fields.number("defense", 9)?,
            attack: fields.number("attack", 9)?,
            attack_only_against_other_terrain: fields.flag("attack_only_against_other_terrain")?,
            blocks_bombard: fields.flag("blocks_bombard")?,
            assault_from: fields.flag("assault_from")?,
            forced_march_from: fields.flag("forced_march_from")?,
            rocket_high_ground: fields.flag("rocket_high_ground")?,
            provisional: fields.provisional()?,
        };
        found.insert(terrain, effects);
    }
    let last_line = text.lines().count().max(1) as u64;
    let mut effects = Vec::with_capacity(Terrain::ALL.len());
    for terrain in Terrain::ALL {
        match found.remove(&terrain) {
            Some(e) => effects.push((terrain, e)),
            None => {
                return Err(DataError::invalid(
                    file,
                    last_line,
                    terrain.name(),
                    format!("there is no [{}] table; every terrain type needs one", terrain.name()),
                ));
            }
        }
    }
    // Every square of such a map would be closed to units, so no side could deploy.
    if effects.iter().all(|(_, e)| !e.enter) {
        let line = enter_lines.iter().copied().max().unwrap_or(last_line);
        return Err(DataError::invalid(
            file,
            line,
            "enter",
            "every terrain type has enter = false, so there is no square a unit can stand on; at least one type \
             needs enter = true",
        ));
    }
    Ok(TerrainTable { effects })
}

struct Fields<'a> {
    file: &'static str,
    text: &'a str,
    terrain: Terrain,
    table_line: u64,
    entries: &'a BTreeMap<Spanned<String>, Spanned<toml::Value>>,
}

impl Fields<'_> {
    fn value(&self, key: &str) -> Result<(&toml::Value, u64), DataError> {
        match self.entries.iter().find(|(k, _)| k.get_ref() == key) {
            Some((k, v)) => Ok((v.get_ref(), line_at(self.text, k.span().start as u64))),
            None => Err(DataError::invalid(
                self.file,
                self.table_line,
                key,
                format!("missing from [{}]; every terrain table gives every field", self.terrain.name()),
            )),
        }
    }

    fn flag(&self, key: &str) -> Result<bool, DataError> {
        match self.value(key)? {
            (toml::Value::Boolean(b), _) => Ok(*b),
            (other, line) => Err(DataError::invalid(self.file, line, key, format!("'{other}' must be true or false"))),
        }
    }

    fn number(&self, key: &str, max: u8) -> Result<u8, DataError> {
        match self.value(key)? {
            (toml::Value::Integer(n), line) => u8::try_from(*n).ok().filter(|n| *n <= max).ok_or_else(|| {
                DataError::invalid(self.file, line, key, format!("{n} is not a whole number from 0 to {max}"))
            }),
            (other, line) => Err(DataError::invalid(
                self.file,
                line,
                key,
                format!("'{other}' must be a whole number from 0 to {max}"),
            )),
        }
    }

    fn provisional(&self) -> Result<Vec<String>, DataError> {
        const KEY: &str = "provisional";
        let (value, line) = self.value(KEY)?;
        let bad = |message: String| DataError::invalid(self.file, line, KEY, message);
        let toml::Value::Array(items) = value else {
            return Err(bad(format!("'{value}' must be a list of field names like [\"defense\"]")));
        };
        let mut names: Vec<String> = Vec::with_capacity(items.len());
        for item in items {
            let toml::Value::String(name) = item else {
                return Err(bad(format!("'{item}' must be a field name in quotes")));
            };
            if name == KEY || !FIELDS.contains(&name.as_str()) {
                return Err(bad(format!("'{}' is not a field of a terrain table", visible(name))));
            }
            if names.contains(name) {
                return Err(bad(format!("'{name}' is listed twice")));
            }
            names.push(name.clone());
        }
        Ok(names)
    }
}
