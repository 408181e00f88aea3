//! cdgsolo's web server: the protocol's games over HTTP as a JSON API (`api`), every decision saved
//! in a SQLite store (`store`) before the answer goes out, served on loopback by `serve`.

pub mod api;
pub mod db_file;
pub mod devices;
pub mod error;
pub mod games;
pub mod gate;
pub mod listen;
pub mod live;
pub mod names;
pub mod seats;
pub mod store;

use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::sync::Arc;

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

/// Who may reach the server besides this machine: with an access token, the addresses under which
/// other machines reach it (the ones its URLs name).
#[derive(Clone, Debug, Default)]
pub struct Access {
    pub token: Option<String>,
    pub addresses: Vec<IpAddr>,
}

/// Opens the store at `db` and serves the API on `addr` until `stop` completes; then the requests
/// in flight finish and the store is closed. `ready` is called with the address actually bound
/// (port 0 picks a free one). With a token in `access`, every request must carry it.
pub async fn serve_until(
    db: &Path,
    addr: SocketAddr,
    access: Access,
    ready: impl FnOnce(SocketAddr),
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let store = store::Store::open(db)?;
    let games = Arc::new(games::Games::new(store));
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|source| ServeError::Listen { addr, source })?;
    let bound = listener.local_addr()?;
    let gate = match access.token {
        Some(token) => {
            let mut addresses = access.addresses;
            if !addr.ip().is_unspecified() {
                addresses.push(addr.ip());
            }
            gate::Gate::network(bound.port(), &addresses, token)
        }
        None => gate::Gate::loopback(Some(bound.port())),
    };
    ready(bound);
    // At the stop the pages' live streams end first: the requests in flight are what is waited for.
    let closer = Arc::clone(&games);
    let stop = async move {
        stop.await;
        closer.close_streams();
    };
    listen::run(listener, api::router_with(Arc::clone(&games), gate), stop).await;
    // The last handle closes the database once the blocking work of the last requests is done.
    drop(games);
    Ok(())
}

/// A fresh secret (an access token, a seat's secret): 128 bits from the operating system's random
/// source, as hex.
pub fn fresh_token() -> Result<String, rand_core::OsError> {
    let mut bytes = [0u8; 16];
    rand_core::TryRngCore::try_fill_bytes(&mut rand_core::OsRng, &mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
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
