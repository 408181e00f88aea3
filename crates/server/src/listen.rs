//! The server's accept loop. axum's own `serve` waits as long as a client likes, so this one sets
//! the limits a server left running all evening needs: a client has a few seconds to send its
//! headers (a connection that trickles bytes, or idles between requests, is closed), the number of
//! connections is capped, and a stop lets the requests in flight finish before the store closes.
//! When every connection is taken, the one that has waited longest without a request in progress
//! is closed to make room, those that never showed the access token first: idle or trickling
//! clients, and with `--host` strangers without the token, cannot keep the person's page out.

use std::future::Future;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::{Notify, Semaphore};
use tower::ServiceExt;

/// How long a client may take to send a request's headers, and how long a connection may idle
/// between requests.
pub const HEADER_TIME: Duration = Duration::from_secs(10);
/// The most connections served at once; more wait in the kernel's queue.
pub const CONNECTIONS: usize = 256;
/// How long a stop waits for the requests in flight (a bot's search ends well within it).
pub const STOP_TIME: Duration = Duration::from_secs(30);

/// One connection as its requests see it (an extension of each request): where it comes from,
/// and the marks the accept loop reads to choose which connection to close when all are taken.
#[derive(Clone, Debug)]
pub struct Connection(Arc<ConnectionState>);

#[derive(Debug)]
struct ConnectionState {
    peer: IpAddr,
    /// Whether a request on it passed the gate (with `--host`: showed the access token).
    trusted: AtomicBool,
    /// Requests in progress and live streams held on it: while any, it is not closed to make room.
    busy: AtomicUsize,
    /// When it was last used, in milliseconds since the server started.
    used: AtomicU64,
    /// Told to close to make room.
    closing: AtomicBool,
    close: Notify,
}

/// Marks a connection busy until dropped (a request's handler, a live stream).
#[derive(Debug)]
pub struct Busy(Arc<ConnectionState>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::AcqRel);
        self.0.used.store(now(), Ordering::Release);
    }
}

impl Connection {
    /// The client's address.
    pub fn peer(&self) -> IpAddr {
        self.0.peer
    }

    /// Says that a request on this connection passed the gate.
    pub fn trust(&self) {
        self.0.trusted.store(true, Ordering::Release);
    }

    /// Marks the connection busy while the answer (or a stream) lasts.
    pub fn busy(&self) -> Busy {
        self.0.busy.fetch_add(1, Ordering::AcqRel);
        Busy(Arc::clone(&self.0))
    }
}

/// Milliseconds since the first connection of the process: the clock of `used`.
fn now() -> u64 {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    u64::try_from(EPOCH.get_or_init(Instant::now).elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// The connections open now, to choose one to close when all are taken.
#[derive(Default)]
struct Open(Mutex<Vec<Weak<ConnectionState>>>);

impl Open {
    fn add(&self, state: &Arc<ConnectionState>) {
        let mut list = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        list.retain(|w| w.strong_count() > 0);
        list.push(Arc::downgrade(state));
    }

    /// Closes the connection with no request in progress that shows least claim to its place: one
    /// that never passed the gate before one that did, then the one unused longest. Answers
    /// whether there was one.
    fn close_one(&self) -> bool {
        let list = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let chosen = list
            .iter()
            .filter_map(Weak::upgrade)
            // One already told to close gives its place back once: choosing it again would wait
            // for a place that never comes.
            .filter(|c| c.busy.load(Ordering::Acquire) == 0 && !c.closing.load(Ordering::Acquire))
            .min_by_key(|c| (c.trusted.load(Ordering::Acquire), c.used.load(Ordering::Acquire)));
        match chosen {
            Some(c) => {
                c.closing.store(true, Ordering::Release);
                c.close.notify_one();
                true
            }
            None => false,
        }
    }
}

/// Serves `app` on `listener` until `stop` completes, then lets the requests in flight finish.
pub async fn run(listener: TcpListener, app: Router, stop: impl Future<Output = ()>) {
    let graceful = GracefulShutdown::new();
    let slots = Arc::new(Semaphore::new(CONNECTIONS));
    let open = Open::default();
    let mut http = hyper::server::conn::http1::Builder::new();
    // Beyond these the HTTP layer answers with empty bodies: they sit above the gate's own limits
    // (crate::gate), which answer in JSON.
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIME)
        .max_headers(crate::gate::HEADER_COUNT * 4)
        .max_buf_size(crate::gate::HEADER_BYTES * 8);
    let mut stop = std::pin::pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let (stream, peer) = match accepted {
            Ok((stream, peer)) => (stream, peer.ip()),
            // Out of file descriptors and the like: wait a little instead of spinning.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let slot = match Arc::clone(&slots).try_acquire_owned() {
            Ok(slot) => slot,
            Err(_) => {
                // Every place is taken: one waiting without a request makes room, if there is one.
                open.close_one();
                let slot = tokio::select! {
                    slot = Arc::clone(&slots).acquire_owned() => slot,
                    () = &mut stop => break,
                };
                let Ok(slot) = slot else { break };
                slot
            }
        };
        let state = Arc::new(ConnectionState {
            peer,
            trusted: AtomicBool::new(false),
            busy: AtomicUsize::new(0),
            used: AtomicU64::new(now()),
            closing: AtomicBool::new(false),
            close: Notify::new(),
        });
        open.add(&state);
        let connection = Connection(Arc::clone(&state));
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
            let busy = connection.busy();
            request.extensions_mut().insert(connection.clone());
            let app = app.clone();
            async move {
                let answer = app.oneshot(request.map(Body::new)).await;
                drop(busy);
                answer
            }
        });
        let serving = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            tokio::select! {
                _ = serving => {}
                () = state.close.notified() => {}
            }
            drop(slot);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(STOP_TIME, graceful.shutdown()).await;
}
