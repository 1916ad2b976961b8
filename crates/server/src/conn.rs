//! Connections: deadlines, an idle timeout and a cap, so that connections
//! which send nothing cannot hold the server's file descriptors.
//!
//! hyper (through tonic) closes a connection only when the peer does or a
//! keepalive ping goes unanswered; a peer that opens a TCP connection and
//! sends nothing, or half an HTTP/2 preface, keeps its descriptor forever,
//! and a thousand of them lock every client out. So every accepted
//! connection is wrapped in a [`Conn`] that:
//!
//! - ends the connection if it has not sent the first
//!   [`HANDSHAKE_BYTES`] bytes (the HTTP/2 preface, or an HTTP/1 request
//!   line) within `--handshake-timeout`;
//! - ends it once it has had no request in flight for `--idle-timeout`
//!   (requests in flight are counted by [`ActivityLayer`], which sees every
//!   request with the connection's [`ConnInfo`]; a watch stream is a
//!   request in flight for as long as it is open);
//! - counts against `--max-connections`: at the cap, the connection idle
//!   the longest is shed to make room for the new one (so new clients get
//!   in while old ones only wait), and the new one is refused only when
//!   every connection is busy. Shedding is logged, at most once every
//!   [`LOG_EVERY`].
//!
//! Ending a connection is reading end-of-file from it: hyper then closes it
//! as if the peer had.

use std::collections::BTreeMap;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Sleep;
use tonic::transport::server::{Connected, TcpConnectInfo};
use tower::{Layer, Service};

/// Bytes a connection must send before its handshake deadline: the HTTP/2
/// client preface is 24 bytes; any HTTP/1 request line is longer.
pub const HANDSHAKE_BYTES: u64 = 24;
/// At most one log line about shed connections per this long.
const LOG_EVERY: Duration = Duration::from_secs(10);
/// Descriptors kept free for everything that is not a client connection
/// (the database, the metrics listener, log files).
const RESERVED_FDS: u64 = 64;

/// The connection limits (`--handshake-timeout`, `--idle-timeout`,
/// `--max-connections`).
#[derive(Debug, Clone, Copy)]
pub struct ConnLimits {
    pub handshake_timeout: Duration,
    pub idle_timeout: Duration,
    pub max_connections: usize,
}

/// The default cap: the process's descriptor limit less a reserve, at
/// most 10,000 and at least 16.
pub fn default_max_connections() -> usize {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into the struct we pass and reads nothing else.
    let soft = if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
        limit.rlim_cur
    } else {
        1024
    };
    soft.saturating_sub(RESERVED_FDS).clamp(16, 10_000) as usize
}

/// What one connection's requests and its [`Conn`] share.
#[derive(Debug)]
pub struct ConnState {
    id: u64,
    accepted: Instant,
    /// Requests in flight (their responses not yet finished).
    active: AtomicUsize,
    /// Milliseconds after `accepted` when `active` last went to 0.
    idle_since_ms: AtomicU64,
    /// The connection sent its first [`HANDSHAKE_BYTES`].
    handshaken: AtomicBool,
    /// The connection is to be ended (shed, or a deadline passed).
    ending: AtomicBool,
    /// The task reading the connection, woken when it is shed or turns idle.
    waker: Mutex<Option<Waker>>,
}

impl ConnState {
    fn wake(&self) {
        if let Some(w) = self.waker.lock().unwrap_or_else(|p| p.into_inner()).take() {
            w.wake();
        }
    }

    fn is_idle(&self) -> bool {
        self.active.load(Ordering::Acquire) == 0
    }

    /// A request started on this connection.
    fn begin(&self) {
        self.active.fetch_add(1, Ordering::AcqRel);
    }

    /// A request's response finished.
    fn end(&self) {
        if self.active.fetch_sub(1, Ordering::AcqRel) == 1 {
            let ms = self.accepted.elapsed().as_millis() as u64;
            self.idle_since_ms.store(ms, Ordering::Release);
            // Its reader may be waiting with no deadline set: set one now.
            self.wake();
        }
    }

    /// When this connection is to be ended if nothing changes.
    fn deadline(&self, limits: &ConnLimits) -> Option<Instant> {
        if !self.handshaken.load(Ordering::Acquire) {
            return Some(self.accepted + limits.handshake_timeout);
        }
        if !self.is_idle() {
            return None;
        }
        let since = Duration::from_millis(self.idle_since_ms.load(Ordering::Acquire));
        Some(self.accepted + since + limits.idle_timeout)
    }
}

/// The open connections, for the cap and shedding.
struct Registry {
    limits: ConnLimits,
    next_id: AtomicU64,
    open: Mutex<BTreeMap<u64, Weak<ConnState>>>,
    shed_since_log: AtomicU64,
    last_log: Mutex<Option<Instant>>,
}

impl Registry {
    fn count(&self) -> usize {
        self.open.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// End the connection idle the longest (handshakes not yet done count
    /// as idle since they were accepted); `false` if every one is busy.
    fn shed_one(&self, reason: &'static str) -> bool {
        let open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let victim = open
            .values()
            .filter_map(Weak::upgrade)
            .filter(|c| !c.ending.load(Ordering::Acquire) && c.is_idle())
            .min_by_key(|c| {
                let since = if c.handshaken.load(Ordering::Acquire) {
                    c.idle_since_ms.load(Ordering::Acquire)
                } else {
                    0
                };
                c.accepted + Duration::from_millis(since)
            });
        drop(open);
        match victim {
            Some(c) => {
                c.ending.store(true, Ordering::Release);
                c.wake();
                self.note_shed(reason);
                true
            }
            None => false,
        }
    }

    /// Count a shed connection and log now and then.
    fn note_shed(&self, reason: &'static str) {
        let shed = self.shed_since_log.fetch_add(1, Ordering::AcqRel) + 1;
        let mut last = self.last_log.lock().unwrap_or_else(|p| p.into_inner());
        if last.is_none_or(|at| at.elapsed() >= LOG_EVERY) {
            *last = Some(Instant::now());
            self.shed_since_log.store(0, Ordering::Release);
            tracing::warn!(
                shed,
                reason,
                open = self.count(),
                max_connections = self.limits.max_connections,
                "connections shed (count since the last such line)"
            );
        }
        metrics::counter!(crate::telemetry::CONNECTIONS_SHED, "reason" => reason).increment(1);
    }
}

/// Accepts connections from `listener` under `limits`: the stream tonic
/// serves (`serve_with_incoming`).
pub fn incoming(
    listener: TcpListener,
    limits: ConnLimits,
) -> impl tokio_stream::Stream<Item = io::Result<Conn>> + Send + 'static {
    let registry = Arc::new(Registry {
        limits,
        next_id: AtomicU64::new(0),
        open: Mutex::new(BTreeMap::new()),
        shed_since_log: AtomicU64::new(0),
        last_log: Mutex::new(None),
    });
    futures_util::stream::unfold((listener, registry), |(listener, registry)| async move {
        loop {
            let (stream, remote) = match listener.accept().await {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors (EMFILE/ENFILE) or a connection
                    // reset before it was accepted: make room, back off
                    // a little, and go on accepting.
                    if !registry.shed_one("no file descriptors left") {
                        tracing::warn!(error = %e, "accept failed");
                    }
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            };
            if registry.count() >= registry.limits.max_connections
                && !registry.shed_one("--max-connections reached")
            {
                // Every connection is busy: refuse this one.
                registry.note_shed("--max-connections reached, all busy");
                drop(stream);
                continue;
            }
            let conn = Conn::new(stream, remote, &registry);
            return Some((Ok(conn), (listener, registry)));
        }
    })
}

/// As [`incoming`], each connection then taken through a TLS handshake
/// with `tls`'s configuration of the moment. Handshakes run concurrently
/// (a slow client holds up no other), each within `--handshake-timeout`
/// of its connection's accept; a connection whose handshake fails or
/// times out is closed. The deadlines, the idle timeout and the cap apply
/// to the TCP connection under TLS as without it.
pub fn incoming_tls(
    listener: TcpListener,
    limits: ConnLimits,
    tls: crate::tls::Tls,
) -> impl tokio_stream::Stream<Item = io::Result<crate::tls::TlsConn>> + Send + 'static {
    use futures_util::StreamExt as _;
    // Room for connections handshaken and not yet taken by the server.
    let (tx, rx) = tokio::sync::mpsc::channel(64);
    tokio::spawn(async move {
        let plain = incoming(listener, limits);
        let mut plain = std::pin::pin!(plain);
        loop {
            let next = tokio::select! {
                next = plain.next() => next,
                // The server stopped taking connections.
                _ = tx.closed() => return,
            };
            let Some(Ok(conn)) = next else {
                return;
            };
            let acceptor = tls.acceptor();
            let tx = tx.clone();
            tokio::spawn(async move {
                let remote = conn.info.tcp.remote_addr;
                let handshake = acceptor.accept(conn);
                match tokio::time::timeout(limits.handshake_timeout, handshake).await {
                    Ok(Ok(stream)) => {
                        let _ = tx.send(Ok(crate::tls::TlsConn(stream))).await;
                    }
                    Ok(Err(e)) => {
                        tracing::debug!(error = %e, ?remote, "TLS handshake failed");
                        metrics::counter!(crate::telemetry::CONNECTIONS_SHED, "reason" => "TLS handshake failed").increment(1);
                    }
                    Err(_) => {
                        metrics::counter!(crate::telemetry::CONNECTIONS_SHED, "reason" => "--handshake-timeout").increment(1);
                    }
                }
            });
        }
    });
    tokio_stream::wrappers::ReceiverStream::new(rx)
}

/// A client connection under the deadlines (see the module docs).
pub struct Conn {
    io: TcpStream,
    info: ConnInfo,
    registry: Arc<Registry>,
    read: u64,
    timer: Pin<Box<Sleep>>,
}

/// What every request learns of its connection: tonic's address info, and
/// the state [`ActivityLayer`] counts requests in.
#[derive(Debug, Clone)]
pub struct ConnInfo {
    pub tcp: TcpConnectInfo,
    pub state: Arc<ConnState>,
}

impl Conn {
    fn new(io: TcpStream, remote: SocketAddr, registry: &Arc<Registry>) -> Conn {
        // Small responses must not wait for Nagle's algorithm (40 ms stalls).
        let _ = io.set_nodelay(true);
        let id = registry.next_id.fetch_add(1, Ordering::Relaxed);
        let state = Arc::new(ConnState {
            id,
            accepted: Instant::now(),
            active: AtomicUsize::new(0),
            idle_since_ms: AtomicU64::new(0),
            handshaken: AtomicBool::new(false),
            ending: AtomicBool::new(false),
            waker: Mutex::new(None),
        });
        registry
            .open
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id, Arc::downgrade(&state));
        let deadline = state.accepted + registry.limits.handshake_timeout;
        Conn {
            info: ConnInfo {
                tcp: TcpConnectInfo {
                    local_addr: io.local_addr().ok(),
                    remote_addr: Some(remote),
                },
                state,
            },
            io,
            registry: registry.clone(),
            read: 0,
            timer: Box::pin(tokio::time::sleep_until(deadline.into())),
        }
    }

    /// Whether the connection is to end now; otherwise arms the timer for
    /// its next deadline (registering the reader's waker).
    fn should_end(&mut self, cx: &mut Context<'_>) -> bool {
        let state = &self.info.state;
        {
            let mut waker = state.waker.lock().unwrap_or_else(|p| p.into_inner());
            if !waker.as_ref().is_some_and(|w| w.will_wake(cx.waker())) {
                *waker = Some(cx.waker().clone());
            }
        }
        if state.ending.load(Ordering::Acquire) {
            return true;
        }
        let Some(deadline) = state.deadline(&self.registry.limits) else {
            return false;
        };
        if Instant::now() >= deadline {
            let reason = if state.handshaken.load(Ordering::Acquire) {
                "--idle-timeout"
            } else {
                "--handshake-timeout"
            };
            state.ending.store(true, Ordering::Release);
            self.registry.note_shed(reason);
            return true;
        }
        let deadline = tokio::time::Instant::from(deadline);
        if self.timer.deadline() != deadline {
            self.timer.as_mut().reset(deadline);
        }
        // Pending: the timer now wakes this reader at the deadline.
        let _ = self.timer.as_mut().poll(cx);
        false
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        self.registry
            .open
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&self.info.state.id);
    }
}

impl Connected for Conn {
    type ConnectInfo = ConnInfo;

    fn connect_info(&self) -> ConnInfo {
        self.info.clone()
    }
}

impl AsyncRead for Conn {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.should_end(cx) {
            // End of file: hyper closes the connection as if the peer had.
            return Poll::Ready(Ok(()));
        }
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.io).poll_read(cx, buf);
        let got = (buf.filled().len() - before) as u64;
        if got > 0 && self.read < HANDSHAKE_BYTES {
            self.read += got;
            if self.read >= HANDSHAKE_BYTES {
                let state = &self.info.state;
                let ms = state.accepted.elapsed().as_millis() as u64;
                state.idle_since_ms.store(ms, Ordering::Release);
                state.handshaken.store(true, Ordering::Release);
            }
        }
        polled
    }
}

impl AsyncWrite for Conn {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
}

/// Counts each request in flight on its connection (see [`ConnState`]),
/// and gives the request tonic's [`TcpConnectInfo`] (so
/// `Request::remote_addr` works as with tonic's own listener).
#[derive(Debug, Clone, Copy, Default)]
pub struct ActivityLayer;

impl<S> Layer<S> for ActivityLayer {
    type Service = Activity<S>;

    fn layer(&self, inner: S) -> Activity<S> {
        Activity(inner)
    }
}

#[derive(Debug, Clone)]
pub struct Activity<S>(S);

impl<S, B, ResBody> Service<http::Request<B>> for Activity<S>
where
    S: Service<http::Request<B>, Response = http::Response<ResBody>>,
    S::Future: Send + 'static,
    ResBody: http_body::Body + Send + 'static,
{
    type Response = http::Response<InFlight<ResBody>>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, mut req: http::Request<B>) -> Self::Future {
        let guard = match req.extensions().get::<ConnInfo>().cloned() {
            Some(info) => {
                req.extensions_mut().insert(info.tcp.clone());
                info.state.begin();
                Some(RequestGuard(info.state))
            }
            None => None,
        };
        let future = self.0.call(req);
        Box::pin(async move {
            let response = future.await?;
            Ok(response.map(|body| InFlight { body, guard }))
        })
    }
}

/// Ends a request on its connection when dropped.
struct RequestGuard(Arc<ConnState>);

impl Drop for RequestGuard {
    fn drop(&mut self) {
        self.0.end();
    }
}

pin_project_lite::pin_project! {
    /// A response body that keeps its request counted as in flight until
    /// the body is done or dropped.
    pub struct InFlight<B> {
        #[pin]
        body: B,
        guard: Option<RequestGuard>,
    }
}

impl<B: http_body::Body> http_body::Body for InFlight<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<B::Data>, B::Error>>> {
        let this = self.project();
        let polled = this.body.poll_frame(cx);
        if let Poll::Ready(None) = polled {
            this.guard.take();
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}
