//! `--otlp-endpoint`: the server's tracing spans exported to an
//! OpenTelemetry collector over OTLP/gRPC (tonic).
//!
//! Which spans: those of satrap's own code (target `satrap`), above all the
//! `rpc` span that [`super::rpc`] opens around every call, with the gRPC
//! method (`rpc.service`, `rpc.method`, span name `pkg.Service/Method`),
//! the status code and, on calls about one game, its `game_id`. Spans of
//! the libraries underneath (hyper, h2, tonic, the exporter's own client)
//! are not exported: that keeps the exporter from tracing itself.
//!
//! Why export can never block or fail a request: a finished span is handed
//! to a batch processor with `try_send` on a bounded queue (2048 spans); a
//! full queue drops the span, it never waits. Export runs in a tokio task of
//! its own, with a timeout per batch; an unreachable collector makes that
//! task's export fail (and the batch is dropped), nothing else. The
//! exporter's channel connects lazily, so a collector that is down at start
//! does not stop the server from starting. tests/otlp.rs checks both: spans
//! arrive at a receiver, and calls succeed while the endpoint is dead.

use std::time::Duration;

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::{SpanExporter, WithExportConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::runtime::Tokio;
use opentelemetry_sdk::trace::SdkTracerProvider;
use opentelemetry_sdk::trace::span_processor_with_async_runtime::BatchSpanProcessor;
use tracing::Subscriber;
use tracing_subscriber::Layer;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::registry::LookupSpan;

/// Longest wait for one batch export.
const EXPORT_TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Debug, thiserror::Error)]
pub enum OtlpError {
    #[error("OTLP exporter for {endpoint}: {reason}")]
    Exporter { endpoint: String, reason: String },
}

/// The running exporter; [`Otlp::shutdown`] flushes what is queued.
pub struct Otlp {
    provider: SdkTracerProvider,
}

impl Otlp {
    /// Export what is queued now (waits for the export to finish).
    pub async fn flush(&self) {
        let provider = self.provider.clone();
        let _ = tokio::task::spawn_blocking(move || provider.force_flush()).await;
    }

    /// Flush and stop the exporter (at the end of `main`).
    pub async fn shutdown(self) {
        let provider = self.provider;
        let _ = tokio::task::spawn_blocking(move || provider.shutdown_with_timeout(EXPORT_TIMEOUT))
            .await;
    }
}

/// A tracing layer exporting satrap's spans to `endpoint` (e.g.
/// `http://otel-collector:4317`). Must be called inside a tokio runtime.
pub fn layer<S>(endpoint: &str) -> Result<(Box<dyn Layer<S> + Send + Sync>, Otlp), OtlpError>
where
    S: Subscriber + for<'a> LookupSpan<'a> + Send + Sync,
{
    let exporter = SpanExporter::builder()
        .with_tonic()
        .with_endpoint(endpoint)
        .with_timeout(EXPORT_TIMEOUT)
        .build()
        .map_err(|e| OtlpError::Exporter {
            endpoint: endpoint.to_owned(),
            reason: e.to_string(),
        })?;
    let processor = BatchSpanProcessor::builder(exporter, Tokio).build();
    let resource = Resource::builder()
        .with_service_name("satrap")
        .with_attribute(opentelemetry::KeyValue::new(
            "service.version",
            env!("CARGO_PKG_VERSION"),
        ))
        .build();
    let provider = SdkTracerProvider::builder()
        .with_span_processor(processor)
        .with_resource(resource)
        .build();
    let tracer = provider.tracer("satrap");
    let only_ours = Targets::new().with_target("satrap", tracing::Level::INFO);
    let layer = tracing_opentelemetry::layer()
        .with_tracer(tracer)
        .with_filter(only_ours)
        .boxed();
    Ok((layer, Otlp { provider }))
}
