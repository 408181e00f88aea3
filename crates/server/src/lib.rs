//! cdgsolo's web server: the protocol's games over HTTP as a JSON API (`api`), every decision saved
//! in a SQLite store (`store`) before the answer goes out, served on loopback by `serve`.

pub mod api;
pub mod seats;
pub mod store;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Listen { addr: SocketAddr, source: std::io::Error },
    #[error("the server stopped: {0}")]
    Io(#[from] std::io::Error),
}

/// Opens the store at `db` and serves the API on `addr` until the process is stopped; `ready` is
/// called with the address actually bound (port 0 picks a free one). With a `token`, every
/// request must carry it (see [`api::router_with_token`]).
pub async fn serve(
    db: &Path,
    addr: SocketAddr,
    token: Option<String>,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    serve_until(db, addr, token, ready, std::future::pending()).await
}

/// [`serve`] until `stop` completes; then the open connections finish and the store is closed
/// (the API benchmark starts a server of its own and takes it down again).
pub async fn serve_until(
    db: &Path,
    addr: SocketAddr,
    token: Option<String>,
    ready: impl FnOnce(SocketAddr),
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let store = store::Store::open(db)?;
    let state = Arc::new(Mutex::new(api::Games::new(store)));
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|source| ServeError::Listen { addr, source })?;
    ready(listener.local_addr()?);
    let app = match token {
        Some(token) => api::router_with_token(state, token),
        None => api::router(state),
    };
    axum::serve(listener, app).with_graceful_shutdown(stop).await?;
    Ok(())
}

/// The name a new game gets in the saved list when the player gives none: the game's title, for
/// Manoeuvre its two nations once they are known, and the seed that tells games apart. The browser
/// and the terminal name games alike.
pub fn game_name(game: &str, nations: Option<(&str, &str)>, seed: u64) -> String {
    let title = protocol::games()
        .ok()
        .and_then(|list| list.into_iter().find(|g| g.id == game))
        .map_or_else(|| game.to_string(), |g| g.name);
    match nations {
        Some((a, b)) => format!("{title}: {a} v {b} (seed {seed})"),
        None => format!("{title} (seed {seed})"),
    }
}
