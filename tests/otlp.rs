//! `--otlp-endpoint`: the server's `rpc` spans reach an OTLP/gRPC receiver
//! started by the test, each with its method and, for calls about a game,
//! the game id; and while the collector is down, calls neither fail nor
//! wait.

#[path = "it/common/mod.rs"]
mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::{TestServer, create, seats};
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::any_value::Value;
use opentelemetry_proto::tonic::trace::v1::Span;
use tokio::sync::mpsc;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// A collector that hands every span it receives to the test.
struct Receiver(mpsc::UnboundedSender<Span>);

#[tonic::async_trait]
impl TraceService for Receiver {
    async fn export(
        &self,
        request: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        for resource in request.into_inner().resource_spans {
            for scope in resource.scope_spans {
                for span in scope.spans {
                    let _ = self.0.send(span);
                }
            }
        }
        Ok(tonic::Response::new(ExportTraceServiceResponse::default()))
    }
}

async fn start_receiver(addr: SocketAddr) -> mpsc::UnboundedReceiver<Span> {
    let (tx, rx) = mpsc::unbounded_channel();
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .expect("bind the receiver");
    tokio::spawn(
        tonic::transport::Server::builder()
            .add_service(TraceServiceServer::new(Receiver(tx)))
            .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
    );
    rx
}

fn attribute(span: &Span, key: &str) -> Option<String> {
    span.attributes
        .iter()
        .find(|kv| kv.key == key)
        .and_then(|kv| kv.value.as_ref()?.value.as_ref())
        .map(|v| match v {
            Value::StringValue(s) => s.clone(),
            Value::IntValue(i) => i.to_string(),
            other => format!("{other:?}"),
        })
}

/// A GetGame of `id` and a CreateGame, each timed: neither may wait on the
/// exporter.
async fn calls(server: &TestServer) -> String {
    let mut client = server.client().await;
    let start = Instant::now();
    let created = create(&mut client, "territories", seats(2), Some(3)).await;
    common::snapshot(&mut client, &created.game_id, None).await;
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "calls took {:?}",
        start.elapsed()
    );
    created.game_id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rpc_spans_reach_the_collector_with_method_and_game_id() {
    // A free port, with nobody listening yet: the collector is down.
    let collector = common::telemetry::free_addr().await;
    let (layer, exporter) =
        satrap_server::telemetry::otlp::layer(&format!("http://{collector}")).expect("exporter");
    tracing_subscriber::registry().with(layer).init();
    let server = TestServer::start().await;

    // Collector down: calls succeed, at their usual speed; the flush fails
    // in the exporter's own task.
    calls(&server).await;
    exporter.flush().await;
    calls(&server).await;

    // Collector up: the spans of new calls arrive.
    let mut received = start_receiver(collector).await;
    let id = calls(&server).await;
    // A caller in a trace of its own (W3C traceparent): the call's span
    // joins it.
    let trace_id = "4bf92f3577b34da6a3ce929d0e0e4736";
    let parent_id = "00f067aa0ba902b7";
    let mut client = server.client().await;
    let mut traced = tonic::Request::new(satrap_server::proto::GetGameRequest {
        game_id: id.clone(),
        ..Default::default()
    });
    traced.metadata_mut().insert(
        "traceparent",
        format!("00-{trace_id}-{parent_id}-01")
            .parse()
            .expect("metadata"),
    );
    client.get_game(traced).await.expect("traced GetGame");
    exporter.flush().await;
    let deadline = Instant::now() + Duration::from_secs(20);
    let (mut get, mut create, mut joined) = (None, None, None);
    while get.is_none() || create.is_none() || joined.is_none() {
        let wait = deadline.saturating_duration_since(Instant::now());
        let span = tokio::time::timeout(wait, received.recv())
            .await
            .expect("the spans within 20 s")
            .expect("receiver open");
        if attribute(&span, "game_id").as_deref() != Some(id.as_str()) {
            continue;
        }
        if hex::encode(&span.trace_id) == trace_id {
            assert_eq!(hex::encode(&span.parent_span_id), parent_id);
            assert_eq!(span.name, "satrap.v1.GameService/GetGame");
            joined = Some(span);
            continue;
        }
        match span.name.as_str() {
            "satrap.v1.GameService/GetGame" => get = Some(span),
            "satrap.v1.GameService/CreateGame" => create = Some(span),
            _ => {}
        }
        if get.is_none() || create.is_none() || joined.is_none() {
            // Later batches: flush again (the batch may have been cut).
            exporter.flush().await;
        }
    }
    for (span, method) in [
        (get.expect("get"), "GetGame"),
        (create.expect("create"), "CreateGame"),
    ] {
        assert_eq!(attribute(&span, "rpc.method").as_deref(), Some(method));
        assert_eq!(
            attribute(&span, "rpc.service").as_deref(),
            Some("satrap.v1.GameService")
        );
        assert_eq!(attribute(&span, "rpc.system").as_deref(), Some("grpc"));
        assert_eq!(
            attribute(&span, "rpc.grpc.status_code").as_deref(),
            Some("0")
        );
        assert!(span.end_time_unix_nano >= span.start_time_unix_nano);
    }
    server.shutdown().await;
}
