//! The JSON-lines protocol: one request per line in, one response per line out, over any game the
//! registry knows. It is how scripts, tests and other front ends drive cdgsolo, and it never stops
//! serving because of a bad request: every error is a response that says what was wrong.
//! `docs/protocol.md` documents the requests with an example session.

mod options;
mod registry;
mod serve;
mod session;

pub use registry::{GameInfo, INVADERS, MANOEUVRE, MANOEUVRE_TABLE, MINIATURES, games, import_session, new_session};
pub use serve::{Protocol, serve};
pub use session::{DynSession, GameSession, ProtocolError, Undone};
