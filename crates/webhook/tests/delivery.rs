//! Deliveries to a real receiver on 127.0.0.1: the headers and signature it
//! sees, and the retries through the ways a receiver can fail.

use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use futures_util::future::join_all;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use satrap_webhook::{Webhook, WebhookConfig, WebhookError, verify};
use tokio::net::TcpListener;
use tokio::time::timeout;

const SECRET: &[u8] = b"whsec-delivery-test";
/// No test may wait longer than this for one delivery.
const LIMIT: Duration = Duration::from_secs(8);
/// How long the slow receiver takes: far beyond the client's timeout.
const SLOW: Duration = Duration::from_secs(3);
const CLIENT_TIMEOUT: Duration = Duration::from_millis(300);

/// What the receiver does with one request.
#[derive(Debug, Clone, Copy)]
enum Answer {
    /// Answers with this status.
    Fail(u16),
    /// Closes the connection without answering.
    Drop,
    /// Waits [`SLOW`], then answers 503.
    Slow,
    /// Answers 200: the event is acknowledged.
    Ack,
}

/// One request as the receiver saw it.
#[derive(Debug, Clone)]
struct Seen {
    id: String,
    timestamp: String,
    content_type: String,
    body: Vec<u8>,
    verified: bool,
    at: Instant,
}

#[derive(Default)]
struct State {
    /// The failures planned for each event id, in order; then it acks.
    plans: HashMap<String, VecDeque<Answer>>,
    seen: Vec<Seen>,
    /// The (id, body) of each acknowledgement.
    acked: Vec<(String, Vec<u8>)>,
}

/// A minimal receiver that checks signatures with [`verify`] (a bad one is
/// answered 401) and follows each event's plan of failures.
struct Receiver {
    url: String,
    state: Arc<Mutex<State>>,
}

impl Receiver {
    async fn start(plans: &[(&str, &[Answer])]) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!(
            "http://{}/hooks/satrap",
            listener.local_addr().expect("addr")
        );
        let state = Arc::new(Mutex::new(State {
            plans: plans
                .iter()
                .map(|(id, answers)| (id.to_string(), answers.iter().copied().collect()))
                .collect(),
            ..State::default()
        }));
        let shared = Arc::clone(&state);
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let state = Arc::clone(&shared);
                tokio::spawn(async move {
                    let service = service_fn(move |request| answer(Arc::clone(&state), request));
                    // A dropped connection ends here with an error, on purpose.
                    let _ = http1::Builder::new()
                        .serve_connection(TokioIo::new(stream), service)
                        .await;
                });
            }
        });
        Self { url, state }
    }

    fn seen(&self) -> Vec<Seen> {
        self.state.lock().expect("state").seen.clone()
    }

    fn acked(&self) -> Vec<(String, Vec<u8>)> {
        self.state.lock().expect("state").acked.clone()
    }

    fn attempts_of(&self, id: &str) -> usize {
        self.seen().iter().filter(|seen| seen.id == id).count()
    }

    /// Asserts that `id` was acknowledged exactly once, with `body` intact.
    fn assert_acked_once(&self, id: &str, body: &[u8]) {
        let acked: Vec<_> = self.acked().into_iter().filter(|(a, _)| a == id).collect();
        assert_eq!(acked.len(), 1, "{id} acknowledged {} times", acked.len());
        assert_eq!(acked[0].1, body, "{id}: body changed on the way");
    }
}

async fn answer(
    state: Arc<Mutex<State>>,
    request: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, std::io::Error> {
    let headers = request.headers().clone();
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let body = request
        .into_body()
        .collect()
        .await
        .map_err(std::io::Error::other)?
        .to_bytes()
        .to_vec();
    let seen = Seen {
        id: header("satrap-event-id"),
        timestamp: header("satrap-timestamp"),
        content_type: header("content-type"),
        verified: verify(
            SECRET,
            &header("satrap-timestamp"),
            &body,
            &header("satrap-signature"),
        ),
        body,
        at: Instant::now(),
    };
    let planned = {
        let mut state = state.lock().expect("state");
        let planned = if seen.verified {
            let plan = state.plans.get_mut(&seen.id);
            plan.and_then(VecDeque::pop_front).unwrap_or(Answer::Ack)
        } else {
            Answer::Fail(401)
        };
        if let Answer::Ack = planned {
            state.acked.push((seen.id.clone(), seen.body.clone()));
        }
        state.seen.push(seen);
        planned
    };
    let status = match planned {
        Answer::Ack => 200,
        Answer::Fail(status) => status,
        Answer::Drop => return Err(std::io::Error::other("dropping the connection on purpose")),
        Answer::Slow => {
            tokio::time::sleep(SLOW).await;
            503
        }
    };
    let mut response = Response::new(Full::new(Bytes::new()));
    *response.status_mut() = StatusCode::from_u16(status).expect("status");
    Ok(response)
}

/// A webhook to `url` with short pauses and timeout, fit for tests.
fn webhook(url: &str, secret: &[u8]) -> Webhook {
    Webhook::new(WebhookConfig {
        timeout: CLIENT_TIMEOUT,
        first_retry: Duration::from_millis(10),
        max_retry: Duration::from_millis(40),
        ..WebhookConfig::new(url, secret)
    })
    .expect("webhook")
}

/// A stop signal that never fires.
fn never() -> std::future::Pending<()> {
    std::future::pending()
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("clock")
        .as_secs()
}

#[tokio::test]
async fn a_post_arrives_signed_with_every_header() {
    let receiver = Receiver::start(&[]).await;
    let body = br#"{"event":"game.finished","game":"g-17","winner":"bot:mcts-hard"}"#;
    let before = unix_now();
    let hook = webhook(&receiver.url, SECRET);
    timeout(LIMIT, hook.post("evt-1", body))
        .await
        .expect("in time")
        .expect("acknowledged");

    let seen = receiver.seen();
    assert_eq!(seen.len(), 1);
    let seen = &seen[0];
    assert!(seen.verified, "the receiver's verify refused the signature");
    assert_eq!(seen.id, "evt-1");
    assert_eq!(seen.content_type, "application/json");
    assert_eq!(seen.body, body);
    let timestamp: u64 = seen.timestamp.parse().expect("timestamp is Unix seconds");
    assert!((before..=unix_now()).contains(&timestamp), "{timestamp}");
    receiver.assert_acked_once("evt-1", body);
}

#[tokio::test]
async fn a_wrong_secret_is_refused_by_the_receiver() {
    let receiver = Receiver::start(&[]).await;
    let hook = webhook(&receiver.url, b"not the shared secret");
    let result = timeout(LIMIT, hook.post("evt-1", b"{}"))
        .await
        .expect("in time");
    assert!(
        matches!(result, Err(WebhookError::Refused { status: 401 })),
        "{result:?}"
    );
    assert!(receiver.acked().is_empty());
}

#[tokio::test]
async fn one_post_reports_each_kind_of_failure() {
    let receiver = Receiver::start(&[
        ("refused", &[Answer::Fail(500)]),
        ("dropped", &[Answer::Drop]),
        ("slow", &[Answer::Slow]),
    ])
    .await;
    let hook = webhook(&receiver.url, SECRET);

    let refused = timeout(LIMIT, hook.post("refused", b"{}"))
        .await
        .expect("in time");
    assert!(
        matches!(refused, Err(WebhookError::Refused { status: 500 })),
        "{refused:?}"
    );

    let dropped = timeout(LIMIT, hook.post("dropped", b"{}"))
        .await
        .expect("in time");
    assert!(
        matches!(dropped, Err(WebhookError::Transport(_))),
        "{dropped:?}"
    );

    let started = Instant::now();
    let slow = timeout(LIMIT, hook.post("slow", b"{}"))
        .await
        .expect("in time");
    assert!(matches!(slow, Err(WebhookError::Timeout)), "{slow:?}");
    assert!(
        started.elapsed() < SLOW,
        "the timeout did not cut the attempt short"
    );

    assert!(receiver.acked().is_empty());
}

#[tokio::test]
async fn nobody_listening_is_a_transport_error() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}/", listener.local_addr().expect("addr"));
    drop(listener);
    let result = timeout(LIMIT, webhook(&url, SECRET).post("evt-1", b"{}"))
        .await
        .expect("in time");
    let Err(WebhookError::Transport(error)) = result else {
        panic!("{result:?}");
    };
    assert!(!error.to_string().contains(&url), "the url leaked: {error}");
}

#[tokio::test]
async fn deliver_retries_through_failures_until_acknowledged() {
    let plans: &[(&str, &[Answer])] = &[
        (
            "evt-500",
            &[Answer::Fail(500), Answer::Fail(500), Answer::Fail(500)],
        ),
        ("evt-drop", &[Answer::Drop, Answer::Drop]),
        ("evt-slow", &[Answer::Slow]),
        (
            "evt-mixed",
            &[
                Answer::Fail(503),
                Answer::Drop,
                Answer::Slow,
                Answer::Fail(404),
            ],
        ),
        ("evt-first-time", &[]),
    ];
    let receiver = Receiver::start(plans).await;
    let hook = webhook(&receiver.url, SECRET);
    let bodies: Vec<(String, Vec<u8>)> = plans
        .iter()
        .map(|(id, _)| {
            (
                id.to_string(),
                format!(r#"{{"event":"{id}","n":"é ✓"}}"#).into_bytes(),
            )
        })
        .collect();

    // All at once, as the server would for events of different games.
    let deliveries = bodies
        .iter()
        .map(|(id, body)| hook.deliver(id, body, never()));
    let results = timeout(LIMIT, join_all(deliveries)).await.expect("in time");
    for ((id, _), result) in bodies.iter().zip(&results) {
        assert!(result.is_ok(), "{id}: {result:?}");
    }

    for ((id, body), (_, plan)) in bodies.iter().zip(plans) {
        receiver.assert_acked_once(id, body);
        assert_eq!(receiver.attempts_of(id), plan.len() + 1, "{id}");
    }
    assert!(receiver.seen().iter().all(|seen| seen.verified));
    assert_eq!(receiver.acked().len(), plans.len());
}

#[tokio::test]
async fn pauses_stop_growing_at_the_cap() {
    // Eight failures: doubling from 10 ms without a cap would pause at
    // least 0.9 × (10 + 20 + … + 1280) ms ≈ 2.3 s; capped at 40 ms it is
    // 10 + 20 + 6 × 40 = 270 ms at most.
    let failures = [Answer::Fail(500); 8];
    let receiver = Receiver::start(&[("evt-capped", &failures)]).await;
    let hook = webhook(&receiver.url, SECRET);
    let started = Instant::now();
    timeout(LIMIT, hook.deliver("evt-capped", b"{}", never()))
        .await
        .expect("in time")
        .expect("acknowledged");
    let elapsed = started.elapsed();
    assert!(
        elapsed < Duration::from_millis(1500),
        "uncapped pauses? {elapsed:?}"
    );

    let arrivals: Vec<Instant> = receiver.seen().iter().map(|seen| seen.at).collect();
    assert_eq!(arrivals.len(), 9);
    let gaps: Vec<Duration> = arrivals.windows(2).map(|w| w[1] - w[0]).collect();
    // Each pause is at least nine tenths of its base (10, 20, then 40 ms).
    for (gap, base_ms) in gaps.iter().zip([10, 20, 40, 40, 40, 40, 40, 40]) {
        assert!(*gap >= Duration::from_millis(base_ms * 9 / 10), "{gaps:?}");
    }
    receiver.assert_acked_once("evt-capped", b"{}");
}

#[tokio::test]
async fn deliver_returns_when_stop_fires_between_attempts() {
    let failures = [Answer::Fail(500); 100];
    let receiver = Receiver::start(&[("evt-never", &failures)]).await;
    let hook = Webhook::new(WebhookConfig {
        first_retry: Duration::from_secs(30),
        max_retry: Duration::from_secs(60),
        ..WebhookConfig::new(&receiver.url, SECRET)
    })
    .expect("webhook");
    let started = Instant::now();
    let stop = tokio::time::sleep(Duration::from_millis(200));
    let result = timeout(LIMIT, hook.deliver("evt-never", b"{}", stop))
        .await
        .expect("in time");
    assert!(matches!(result, Err(WebhookError::Stopped)), "{result:?}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "waited out the pause"
    );
    assert_eq!(receiver.attempts_of("evt-never"), 1);
    assert!(receiver.acked().is_empty());
}

#[tokio::test]
async fn deliver_returns_when_stop_fires_during_an_attempt() {
    let receiver = Receiver::start(&[("evt-slow", &[Answer::Slow])]).await;
    // The timeout is longer than the receiver's delay: only stop can end it.
    let hook = Webhook::new(WebhookConfig {
        timeout: Duration::from_secs(10),
        ..WebhookConfig::new(&receiver.url, SECRET)
    })
    .expect("webhook");
    let started = Instant::now();
    let stop = tokio::time::sleep(Duration::from_millis(200));
    let result = timeout(LIMIT, hook.deliver("evt-slow", b"{}", stop))
        .await
        .expect("in time");
    assert!(matches!(result, Err(WebhookError::Stopped)), "{result:?}");
    assert!(started.elapsed() < SLOW, "waited for the slow receiver");
}

#[tokio::test]
async fn a_stop_that_already_fired_sends_nothing() {
    let receiver = Receiver::start(&[]).await;
    let hook = webhook(&receiver.url, SECRET);
    let result = timeout(LIMIT, hook.deliver("evt-1", b"{}", std::future::ready(())))
        .await
        .expect("in time");
    assert!(matches!(result, Err(WebhookError::Stopped)), "{result:?}");
    assert!(receiver.seen().is_empty());
}

#[tokio::test]
async fn an_unsendable_id_is_not_retried() {
    let receiver = Receiver::start(&[]).await;
    let hook = webhook(&receiver.url, SECRET);
    let result = timeout(LIMIT, hook.deliver("evt\n1", b"{}", never()))
        .await
        .expect("in time");
    assert!(
        matches!(result, Err(WebhookError::BadEventId { .. })),
        "{result:?}"
    );
    assert!(receiver.seen().is_empty());
}

/// Collects what the fmt subscriber writes, to count log lines.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<u8>>>);

impl Write for Log {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("log").extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn each_failure_is_logged_once() {
    let plan = [Answer::Fail(500), Answer::Drop, Answer::Fail(502)];
    let receiver = Receiver::start(&[("evt-logged", &plan)]).await;
    let hook = webhook(&receiver.url, SECRET);
    let log = Log::default();
    let writer = log.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .finish();
    // The test runtime runs everything on this thread, so a thread-local
    // default subscriber sees every event of the delivery.
    let _guard = tracing::subscriber::set_default(subscriber);
    timeout(LIMIT, hook.deliver("evt-logged", b"{}", never()))
        .await
        .expect("in time")
        .expect("acknowledged");

    let text = String::from_utf8(log.0.lock().expect("log").clone()).expect("utf-8");
    let failures: Vec<&str> = text
        .lines()
        .filter(|line| line.contains("webhook delivery failed"))
        .collect();
    assert_eq!(failures.len(), plan.len(), "{text}");
    assert!(failures.iter().all(|line| line.contains("WARN")), "{text}");
    assert!(
        failures.iter().all(|line| line.contains("evt-logged")),
        "{text}"
    );
    assert!(failures[0].contains("500"), "{text}");
    assert!(
        !text.contains(&receiver.url),
        "the url leaked into the log: {text}"
    );
}
