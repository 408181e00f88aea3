//! `cdgsolo serve`: the browser app until the process is stopped. On loopback it needs no token;
//! any other address gets a fresh one and the URLs a phone can open, one per address of this
//! machine. Ctrl-C or SIGTERM lets the requests in flight finish and closes the database cleanly.
//! With `--log` (or RUST_LOG) every request is logged on the error stream.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use anyhow::{Context, Result};

use crate::stored;

/// What `cdgsolo serve` was asked.
pub struct ServeArgs {
    pub port: u16,
    pub db: Option<PathBuf>,
    pub open: bool,
    pub host: Option<IpAddr>,
    pub log: bool,
}

pub fn run(args: ServeArgs) -> Result<()> {
    if args.log || std::env::var_os("RUST_LOG").is_some() {
        start_log();
    }
    let db = stored::db_path(args.db.as_deref())?;
    let runtime = tokio::runtime::Runtime::new().context("cannot start the server's runtime")?;
    let ip = args.host.unwrap_or(IpAddr::from([127, 0, 0, 1]));
    let addr = SocketAddr::new(ip, args.port);
    let access = if ip.is_loopback() {
        server::Access::default()
    } else {
        server::Access { token: Some(access_token()?), addresses: reachable_addresses(ip) }
    };
    let token = access.token.clone();
    let addresses = access.addresses.clone();
    let open = args.open;
    runtime.block_on(async {
        // Listening for the signals before the address is printed: a stop sent the moment the
        // server says it is up must find it ready to stop cleanly.
        let stop = stop_signal()?;
        server::serve_until(
            &db,
            addr,
            access,
            |bound| {
                let urls = urls(bound, token.as_deref(), &addresses);
                match &token {
                    None => println!("cdgsolo serves {} (API under /api; saved games: {})", urls[0], db.display()),
                    Some(_) => {
                        println!("cdgsolo serves the saved games in {}; open one of these URLs:", db.display());
                        for url in &urls {
                            println!("  {url}");
                        }
                        println!("Other machines may reach it: every request needs the token in those URLs.");
                    }
                }
                if open {
                    open_browser(urls[0].clone());
                }
            },
            stop,
        )
        .await
        .map_err(anyhow::Error::from)
    })?;
    eprintln!("cdgsolo stopped; every decision is saved in {}.", db.display());
    Ok(())
}

/// The request log on the error stream: `cdgsolo`'s own lines unless RUST_LOG says otherwise.
fn start_log() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("cdgsolo=info"));
    let _ =
        tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_target(false).try_init();
}

/// The addresses other machines may use: the one given, or for 0.0.0.0 (or ::) every address of
/// this machine's network interfaces but loopback.
fn reachable_addresses(ip: IpAddr) -> Vec<IpAddr> {
    if !ip.is_unspecified() {
        return vec![ip];
    }
    let mut found: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|interface| interface.ip())
        .filter(|a| !a.is_loopback() && (ip.is_ipv6() || a.is_ipv4()))
        .collect();
    found.sort();
    found.dedup();
    found
}

/// The URLs to print: the loopback address served alone, or each address other machines may use,
/// then this machine's own loopback one when every address is served.
fn urls(bound: SocketAddr, token: Option<&str>, addresses: &[IpAddr]) -> Vec<String> {
    let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
    let url = |ip: IpAddr| format!("http://{}:{}/{query}", server::gate::host_of(ip), bound.port());
    let mut urls: Vec<String> = addresses.iter().map(|a| url(*a)).collect();
    let local = match bound.ip() {
        IpAddr::V4(a) if a.is_unspecified() => Some(IpAddr::from([127, 0, 0, 1])),
        IpAddr::V6(a) if a.is_unspecified() => Some(IpAddr::V6(std::net::Ipv6Addr::LOCALHOST)),
        ip if ip.is_loopback() || urls.is_empty() => Some(ip),
        _ => None,
    };
    urls.extend(local.map(url));
    urls
}

/// A future that completes at Ctrl-C or SIGTERM; the signals are caught from the moment it is made.
#[cfg(unix)]
fn stop_signal() -> Result<impl std::future::Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt()).context("cannot listen for Ctrl-C")?;
    let mut terminate = signal(SignalKind::terminate()).context("cannot listen for SIGTERM")?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
        }
        eprintln!("cdgsolo: stopping; the requests in flight finish first.");
    })
}

/// A future that completes at Ctrl-C.
#[cfg(not(unix))]
fn stop_signal() -> Result<impl std::future::Future<Output = ()> + Send + 'static> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
        eprintln!("cdgsolo: stopping; the requests in flight finish first.");
    })
}

/// Asks the desktop to open `url`, waiting for the opener (so none is left behind), and says in one
/// line when it could not.
fn open_browser(url: String) {
    std::thread::spawn(move || {
        for opener in ["xdg-open", "open"] {
            let status = std::process::Command::new(opener)
                .arg(&url)
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status();
            match status {
                Ok(s) if s.success() => return,
                Ok(_) => {
                    eprintln!("The desktop could not open the page ({opener} failed): open {url} yourself.");
                    return;
                }
                Err(_) => continue,
            }
        }
        eprintln!("No browser opener here (xdg-open or open): open {url} yourself.");
    });
}

/// A fresh access token ([`server::fresh_token`]).
fn access_token() -> Result<String> {
    server::fresh_token().context("no random source for an access token")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_network_server_prints_each_address_with_its_token_and_never_0_0_0_0() {
        let bound: SocketAddr = "0.0.0.0:8080".parse().expect("an address");
        let addresses: Vec<IpAddr> = vec!["192.168.1.20".parse().expect("ip"), "10.0.0.5".parse().expect("ip")];
        let urls = urls(bound, Some("abc"), &addresses);
        assert_eq!(
            urls,
            [
                "http://192.168.1.20:8080/?token=abc",
                "http://10.0.0.5:8080/?token=abc",
                "http://127.0.0.1:8080/?token=abc"
            ]
        );
        assert!(urls.iter().all(|u| !u.contains("0.0.0.0")));
        let loopback = |addr: &str| super::urls(addr.parse().expect("an address"), None, &[]);
        assert_eq!(loopback("127.0.0.1:8080"), ["http://127.0.0.1:8080/"]);
        // A server on IPv6 loopback is printed under that address, which is the one that answers.
        assert_eq!(loopback("[::1]:8080"), ["http://[::1]:8080/"]);
    }

    #[test]
    fn an_unspecified_address_lists_this_machines_addresses_but_loopback() {
        let found = reachable_addresses("0.0.0.0".parse().expect("ip"));
        assert!(found.iter().all(|a| a.is_ipv4() && !a.is_loopback()), "{found:?}");
        let given: IpAddr = "192.168.7.7".parse().expect("ip");
        assert_eq!(reachable_addresses(given), vec![given]);
    }
}
