//! The HTTP client of a webhook: hyper's pooled client (connections are
//! reused between events, redirects are never followed), TLS by rustls with
//! the system's root certificates, and the proxy the environment names.
//!
//! The proxy variables are read as curl and most HTTP clients read them
//! (`HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY`, `NO_PROXY`, in either case),
//! once, when the webhook is set up. A receiver behind a proxy is reached
//! through the proxy's `CONNECT` tunnel, `http` and `https` alike, so TLS
//! runs end to end and the proxy sees neither the body nor the signature;
//! an `https` proxy is itself spoken to over TLS.
//!
//! hyper-util and hyper-rustls are already built for the server; a client
//! crate of its own (reqwest) brought a URL parser and the ICU tables with
//! it, about 25 s of a clean release build.

use std::time::Duration;

use bytes::Bytes;
use http::{Request, Uri};
use http_body_util::Full;
use hyper_rustls::{HttpsConnector, HttpsConnectorBuilder};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::connect::proxy::Tunnel;
use hyper_util::client::proxy::matcher::Matcher;
use hyper_util::rt::TokioExecutor;
use rustls::ClientConfig;

use crate::error::WebhookError;

/// TLS (or plain TCP, for `http`) over a connection made by `C`.
type Https<C> = HttpsConnector<C>;

/// hyper's pooled client over the connector `C`.
type Pooled<C> = Client<C, Full<Bytes>>;

/// How requests reach the receiver (each client boxed: they are hundreds
/// of bytes, the tunnel's twice as many).
enum Route {
    /// Straight to the receiver.
    Direct(Box<Pooled<Https<HttpConnector>>>),
    /// Through a proxy's `CONNECT` tunnel (the proxy itself over TLS when
    /// its URL is `https`).
    Tunnel(Box<Pooled<Https<Tunnel<Https<HttpConnector>>>>>),
}

/// A client for one receiver, with a deadline for each request.
pub(crate) struct Transport {
    route: Route,
    timeout: Duration,
}

impl Transport {
    /// A client for `receiver`, through the proxy `proxies` names for it.
    pub(crate) fn new(
        receiver: &Uri,
        proxies: &Matcher,
        timeout: Duration,
    ) -> Result<Self, WebhookError> {
        let tls = tls_config()?;
        let https = || {
            HttpsConnectorBuilder::new()
                .with_tls_config(tls.clone())
                .https_or_http()
                .enable_http1()
        };
        let route = match proxies.intercept(receiver) {
            None => Route::Direct(Box::new(client(https().build()))),
            Some(proxy) => {
                let mut tunnel = Tunnel::new(proxy.uri().clone(), https().build());
                if let Some(auth) = proxy.basic_auth() {
                    tunnel = tunnel.with_auth(auth.clone());
                }
                Route::Tunnel(Box::new(client(https().wrap_connector(tunnel))))
            }
        };
        Ok(Self { route, timeout })
    }

    /// Sends `request` and returns the receiver's status, within the
    /// deadline. The answer's body is not read.
    pub(crate) async fn send(
        &self,
        request: Request<Full<Bytes>>,
    ) -> Result<http::StatusCode, WebhookError> {
        let response = match &self.route {
            Route::Direct(client) => {
                tokio::time::timeout(self.timeout, client.request(request)).await
            }
            Route::Tunnel(client) => {
                tokio::time::timeout(self.timeout, client.request(request)).await
            }
        };
        match response {
            Err(_elapsed) => Err(WebhookError::Timeout),
            Ok(Err(error)) => Err(WebhookError::Transport(Box::new(error))),
            Ok(Ok(response)) => Ok(response.status()),
        }
    }

    /// Whether requests go through a proxy (for `Debug`: never the
    /// proxy's URL, which may carry credentials).
    pub(crate) fn proxied(&self) -> bool {
        matches!(self.route, Route::Tunnel(_))
    }
}

/// hyper's pooled client over `connector`, HTTP/1.1.
fn client<C>(connector: C) -> Pooled<C>
where
    C: hyper_util::client::legacy::connect::Connect + Clone,
{
    Client::builder(TokioExecutor::new()).build(connector)
}

/// rustls (ring) with the system's root certificates. Certificates the
/// store cannot read are skipped, and none at all is no error: `http`
/// receivers need none, and an `https` one then fails its handshake with a
/// clear error on each attempt.
fn tls_config() -> Result<ClientConfig, WebhookError> {
    let mut roots = rustls::RootCertStore::empty();
    for certificate in rustls_native_certs::load_native_certs().certs {
        // An unreadable certificate is one root less, not a reason to stop.
        let _ = roots.add(certificate);
    }
    let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
    let builder = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(WebhookError::Client)?;
    Ok(builder.with_root_certificates(roots).with_no_client_auth())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::{TcpListener, TcpStream};

    /// A listener on 127.0.0.1 for one connection, served by `serve`
    /// (which returns what the test is to check): its address, and the
    /// task that serves it.
    async fn listen_once<F, Serving>(serve: F) -> (String, tokio::task::JoinHandle<String>)
    where
        F: FnOnce(TcpStream) -> Serving + Send + 'static,
        Serving: std::future::Future<Output = String> + Send,
    {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let address = listener.local_addr().expect("address").to_string();
        let seen = tokio::spawn(async move {
            let (socket, _) = listener.accept().await.expect("accept");
            serve(socket).await
        });
        (address, seen)
    }

    /// A receiver that answers one request with `204` and hands the
    /// request's head to the test.
    async fn receiver() -> (String, tokio::task::JoinHandle<String>) {
        listen_once(|mut socket| async move {
            let head = read_head(&mut socket).await;
            socket
                .write_all(b"HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n")
                .await
                .expect("answer");
            head
        })
        .await
    }

    /// A `CONNECT` proxy for one tunnel: hands the request's head to the
    /// test, then copies bytes both ways.
    async fn proxy() -> (String, tokio::task::JoinHandle<String>) {
        listen_once(|mut client| async move {
            let head = read_head(&mut client).await;
            let target = head
                .split_whitespace()
                .nth(1)
                .unwrap_or_default()
                .to_owned();
            let mut upstream = TcpStream::connect(&target).await.expect("upstream");
            client
                .write_all(b"HTTP/1.1 200 Connection Established\r\n\r\n")
                .await
                .expect("established");
            let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
            head
        })
        .await
    }

    /// The request line and headers, up to the blank line.
    async fn read_head(socket: &mut TcpStream) -> String {
        let mut head = Vec::new();
        let mut byte = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") && head.len() < 8192 {
            if socket.read(&mut byte).await.expect("read") == 0 {
                break;
            }
            head.push(byte[0]);
        }
        String::from_utf8_lossy(&head).into_owned()
    }

    fn post(uri: &Uri) -> Request<Full<Bytes>> {
        Request::post(uri.clone())
            .body(Full::new(Bytes::from_static(b"{}")))
            .expect("request")
    }

    #[tokio::test]
    async fn a_receiver_the_proxy_does_not_cover_is_reached_directly() {
        let (address, seen) = receiver().await;
        let uri: Uri = format!("http://{address}/hook").parse().expect("uri");
        let transport = Transport::new(&uri, &Matcher::builder().build(), Duration::from_secs(5))
            .expect("transport");
        assert!(!transport.proxied());
        let status = transport.send(post(&uri)).await.expect("sent");
        assert_eq!(status, 204);
        let head = seen.await.expect("receiver");
        assert!(head.starts_with("POST /hook HTTP/1.1\r\n"), "{head}");
    }

    #[tokio::test]
    async fn a_proxied_receiver_is_reached_through_connect_with_the_credentials() {
        let (address, seen) = receiver().await;
        let (proxy_address, proxy_seen) = proxy().await;
        let uri: Uri = format!("http://{address}/hook?token=abc")
            .parse()
            .expect("uri");
        let proxies = Matcher::builder()
            .all(format!("http://user:secret@{proxy_address}"))
            .build();
        let transport = Transport::new(&uri, &proxies, Duration::from_secs(5)).expect("transport");
        assert!(transport.proxied());
        let status = transport.send(post(&uri)).await.expect("sent");
        assert_eq!(status, 204);
        let connect = proxy_seen.await.expect("proxy");
        assert!(
            connect.starts_with(&format!("CONNECT {address} HTTP/1.1\r\n")),
            "{connect}"
        );
        // user:secret in base64.
        assert!(
            connect
                .to_ascii_lowercase()
                .contains("proxy-authorization: basic dxnlcjpzzwnyzxq="),
            "{connect}"
        );
        // Inside the tunnel: the origin-form request, and no credentials.
        let head = seen.await.expect("receiver");
        assert!(
            head.starts_with("POST /hook?token=abc HTTP/1.1\r\n"),
            "{head}"
        );
        assert!(
            !head.to_ascii_lowercase().contains("proxy-authorization"),
            "{head}"
        );
    }

    #[tokio::test]
    async fn no_proxy_excludes_a_receiver() {
        let (address, seen) = receiver().await;
        let uri: Uri = format!("http://{address}/hook").parse().expect("uri");
        // A proxy nobody listens on, bypassed for this host.
        let proxies = Matcher::builder()
            .all("http://127.0.0.1:9")
            .no("127.0.0.1")
            .build();
        let transport = Transport::new(&uri, &proxies, Duration::from_secs(5)).expect("transport");
        assert!(!transport.proxied());
        assert_eq!(transport.send(post(&uri)).await.expect("sent"), 204);
        seen.await.expect("receiver");
    }
}
