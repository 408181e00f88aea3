//! Whether a player could know a move another player made: what a front end may tell a person about
//! a bot's decisions (or its reasons) without showing a hidden card. The check lives in the engine,
//! where the server's history of a game uses it too.

pub use engine::seen_by;
