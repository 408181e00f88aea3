//! The games cdgsolo serves, by id, and how a `new` request's options become a game setup.

use engine::ChanceMode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use solo::{CardTable, TableSetup, playsheet::DeckMode};

use crate::session::{DynSession, GameSession, ProtocolError};

/// One line of `cdgsolo games`.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    pub id: String,
    pub name: String,
    pub deck: &'static str,
    pub sides: [String; 2],
}

/// The ten games, in the order of the playsheets.
pub fn games() -> Result<Vec<GameInfo>, ProtocolError> {
    let sheets = solo::playsheets().map_err(|e| ProtocolError::BadRequest(e.to_string()))?;
    Ok(sheets
        .iter()
        .map(|s| GameInfo {
            id: s.id.clone(),
            name: s.name.clone(),
            deck: match s.deck {
                DeckMode::Single => "single",
                DeckMode::Dual => "dual",
            },
            sides: s.sides.clone(),
        })
        .collect())
}

/// Options of `new` for a card table.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableOptions {
    #[serde(default)]
    chance: ChanceMode,
    #[serde(default)]
    hand_size: Option<[u8; 2]>,
    #[serde(default)]
    deck_size: Option<[u16; 2]>,
}

/// Starts a game. `options` may be null.
pub fn new_session(game: &str, seed: u64, options: &Value) -> Result<Box<dyn DynSession>, ProtocolError> {
    if !games()?.iter().any(|g| g.id == game) {
        let known: Vec<String> = games()?.into_iter().map(|g| g.id).collect();
        return Err(ProtocolError::BadRequest(format!("unknown game '{game}'; games are: {}", known.join(", "))));
    }
    let options: TableOptions = if options.is_null() {
        TableOptions::default()
    } else {
        serde_json::from_value(options.clone()).map_err(|e| ProtocolError::BadRequest(format!("bad options: {e}")))?
    };
    let setup = TableSetup { game: game.to_string(), hand_size: options.hand_size, deck_size: options.deck_size };
    Ok(Box::new(GameSession::<CardTable>::start(game, setup, seed, options.chance)?))
}

/// Rebuilds a game from an exported record.
pub fn import_session(record: Value) -> Result<Box<dyn DynSession>, ProtocolError> {
    let game = record
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| ProtocolError::BadRequest("the record has no \"game\" field".into()))?
        .to_string();
    if !games()?.iter().any(|g| g.id == game) {
        return Err(ProtocolError::BadRequest(format!("the record is for unknown game '{game}'")));
    }
    let mut record = record;
    if let Value::Object(map) = &mut record {
        map.remove("game");
    }
    Ok(Box::new(GameSession::<CardTable>::import(&game, record)?))
}
