//! What the binary's robustness tests share: scratch paths, a run of `cdgsolo` that fails the test
//! instead of hanging it, and a minimal HTTP/1.1 client over a plain TCP stream (one request per
//! connection), so the server can be driven and killed without an HTTP library.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A scratch path for one test, unique to this test process.
pub fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("cdgsolo-robust-{}-{name}", std::process::id()))
}

/// Removes a database and the files SQLite keeps beside it.
pub fn remove_db(path: &Path) {
    for suffix in ["", "-wal", "-shm", ".acked"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

/// Starts `cdgsolo ARGS` with its three streams piped to the test.
pub fn spawn_piped(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_cdgsolo"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Runs `cdgsolo ARGS` with `stdin` as its input; a run still going after `limit` is killed and
/// fails the test, so a command that blocks (on a pipe, say) is a failure, not a hung suite.
pub fn cdgsolo_within(args: &[&str], stdin: &str, limit: Duration) -> (bool, String, String) {
    use std::io::Read;
    let mut child = spawn_piped(args);
    let mut input = child.stdin.take().expect("stdin");
    let text = stdin.to_string();
    // Written from a thread: a command that never reads must not block the test on a full pipe.
    std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    // Read from threads too: a command writing more than a pipe holds must not block on it.
    let drain = |mut stream: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = stream.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() < limit => std::thread::sleep(Duration::from_millis(20)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                let (stdout, stderr) = (stdout.join().unwrap_or_default(), stderr.join().unwrap_or_default());
                panic!(
                    "cdgsolo {} still ran after {limit:?}\nstdout: {}\nstderr: {}",
                    args.join(" "),
                    String::from_utf8_lossy(&stdout),
                    String::from_utf8_lossy(&stderr)
                );
            }
        }
    };
    let (stdout, stderr) = (stdout.join().unwrap_or_default(), stderr.join().unwrap_or_default());
    (status.success(), String::from_utf8_lossy(&stdout).into(), String::from_utf8_lossy(&stderr).into())
}

/// Makes a named pipe at `path` with mkfifo.
#[cfg(unix)]
pub fn mkfifo(path: &Path) {
    let _ = std::fs::remove_file(path);
    let made = Command::new("mkfifo").arg(path).status().map(|s| s.success()).unwrap_or(false);
    assert!(made, "mkfifo (coreutils) makes {}", path.display());
}

/// One HTTP/1.1 request to `addr` ("127.0.0.1:PORT"); the status code and the JSON body (null when
/// the body is empty). An error means the connection failed or broke before a whole answer came.
pub fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<(u16, Value)> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes())?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer)?;
    let broken = |what: &str| std::io::Error::new(std::io::ErrorKind::UnexpectedEof, what.to_string());
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n").ok_or_else(|| broken("no end of the headers"))?;
    let head = String::from_utf8_lossy(&answer[..split]).to_string();
    let content = &answer[split + 4..];
    let code: u16 =
        head.split_whitespace().nth(1).and_then(|c| c.parse().ok()).ok_or_else(|| broken("no status code"))?;
    // A cut answer is no answer: the length the headers promise must all be there.
    let length = head
        .lines()
        .find_map(|l| l.split_once(':').filter(|(k, _)| k.eq_ignore_ascii_case("content-length")))
        .and_then(|(_, v)| v.trim().parse::<usize>().ok());
    if length.is_some_and(|n| n != content.len()) {
        return Err(broken("the body is shorter than its Content-Length"));
    }
    let value = if content.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(content).map_err(|_| broken("the body is not JSON"))?
    };
    Ok((code, value))
}

/// A running server and the address it said it listens on.
pub struct Server {
    pub child: Arc<Mutex<Child>>,
    pub addr: String,
}

impl Server {
    /// Starts `cdgsolo serve` on a free port (`--port 0`) and reads the address from its first line.
    pub fn start(db: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cdgsolo"))
            .args(["serve", "--port", "0", "--db"])
            .arg(db)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().expect("stdout");
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = send.send(line);
        });
        let line = match receive.recv_timeout(Duration::from_secs(60)) {
            Ok(line) => line,
            Err(_) => {
                let _ = child.kill();
                panic!("the server did not say where it listens within a minute");
            }
        };
        let addr = address_in(&line);
        Server { child: Arc::new(Mutex::new(child)), addr }
    }

    /// SIGKILL (what `Child::kill` sends on Unix), then waits for the process to be gone.
    pub fn kill(&self) {
        let mut child = self.child.lock().expect("the child");
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// The chunks a child's output stream gives, as they come, read on a thread of their own (so the
/// child never blocks on a full pipe); the channel closes at the stream's end.
pub fn chunks_of(mut stream: impl Read + Send + 'static) -> std::sync::mpsc::Receiver<Vec<u8>> {
    let (send, output) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n) = stream.read(&mut buffer) {
            if n == 0 || send.send(buffer[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    output
}

/// The address in the first line `cdgsolo serve` prints ("cdgsolo serves http://127.0.0.1:PORT/ ...").
pub fn address_in(line: &str) -> String {
    line.split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in the server's first line: {line:?}"))
        .to_string()
}

/// A server started with arguments of the test's own (`--host 0.0.0.0`), killed when dropped: its
/// loopback address and, with `--host`, its access token.
pub struct Served {
    pub child: Child,
    pub addr: String,
    pub token: Option<String>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Served {
    /// Starts `cdgsolo serve --port 0 --db DB ARGS` and reads the loopback URL it prints (with the
    /// token when there is one): tests send their requests there alone.
    pub fn start(db: &Path, args: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cdgsolo"))
            .args(["serve", "--port", "0", "--db"])
            .arg(db)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().expect("stdout");
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        let mut served = Served { child, addr: String::new(), token: None };
        while let Ok(line) = lines.recv_timeout(Duration::from_secs(60)) {
            if let Some(url) = line.split_whitespace().find(|w| w.starts_with("http://127.0.0.1:")) {
                let rest = &url["http://".len()..];
                served.addr = rest.split('/').next().unwrap_or_default().to_string();
                served.token = rest.split_once("?token=").map(|(_, t)| t.to_string());
                return served;
            }
        }
        panic!("the server printed no loopback URL within a minute");
    }
}
