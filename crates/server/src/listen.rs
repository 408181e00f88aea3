//! The server's accept loop. axum's own `serve` waits as long as a client likes, so this one sets
//! the limits a server left running all evening needs: a client has a few seconds to send its
//! headers (a connection that trickles bytes, or idles between requests, is closed), the number of
//! connections is capped, and a stop lets the requests in flight finish before the store closes.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How long a client may take to send a request's headers, and how long a connection may idle
/// between requests.
pub const HEADER_TIME: Duration = Duration::from_secs(10);
/// The most connections served at once; more wait in the kernel's queue.
pub const CONNECTIONS: usize = 256;
/// How long a stop waits for the requests in flight (a bot's search ends well within it).
pub const STOP_TIME: Duration = Duration::from_secs(30);

/// Serves `app` on `listener` until `stop` completes, then lets the requests in flight finish.
pub async fn run(listener: TcpListener, app: Router, stop: impl Future<Output = ()>) {
    let graceful = GracefulShutdown::new();
    let slots = Arc::new(Semaphore::new(CONNECTIONS));
    let mut http = hyper::server::conn::http1::Builder::new();
    // Beyond these the HTTP layer answers with empty bodies: they sit above the gate's own limits
    // (crate::gate), which answer in JSON.
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIME)
        .max_headers(crate::gate::HEADER_COUNT * 4)
        .max_buf_size(crate::gate::HEADER_BYTES * 8);
    let mut stop = std::pin::pin!(stop);
    loop {
        let slot = tokio::select! {
            slot = Arc::clone(&slots).acquire_owned() => slot,
            () = &mut stop => break,
        };
        let Ok(slot) = slot else { break };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // Out of file descriptors and the like: wait a little instead of spinning.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(app.clone());
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _ = connection.await;
            drop(slot);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(STOP_TIME, graceful.shutdown()).await;
}
