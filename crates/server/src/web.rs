//! The browser client, served by satrap itself on its gRPC port.
//!
//! A person who runs `satrap` opens `http://ADDR/` and gets the lobby. The
//! page (built from `web/` by npm and committed as `web/dist/`) and the rules
//! files (`docs/rules/*.md`, which the page links to) are embedded in the
//! binary at compile time, so serving them needs nothing on disk and nothing
//! but the Rust toolchain to build.
//!
//! Why a tower layer in front of the gRPC routes rather than a separate
//! port: every gRPC and gRPC-Web call is a `POST` (and a CORS preflight an
//! `OPTIONS`), while a browser loading a page sends `GET`/`HEAD` over
//! HTTP/1.1. So this layer answers `GET` and `HEAD` from the embedded files
//! and hands every other request to the inner service unchanged. One port
//! keeps the page's origin equal to the API's, so the page needs no
//! configuration and a gateway needs one upstream.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::header::{
    CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE, ETAG, HeaderValue, IF_NONE_MATCH,
    X_CONTENT_TYPE_OPTIONS,
};
use http::{HeaderMap, Method, Request, Response, StatusCode};
use http_body_util::Full;
use rust_embed::{EmbeddedFile, RustEmbed};
use tonic::body::Body;
use tower::{Layer, Service};

/// The built page (`web/dist`, rebuilt by `.ci/web.sh`).
#[derive(RustEmbed)]
#[folder = "../../web/dist"]
struct Assets;

/// The rules specifications the lobby links to, served under
/// `/docs/rules/` so that `GameType.rules` (a repository path) is also the
/// URL path.
#[derive(RustEmbed)]
#[folder = "../../docs/rules"]
#[include = "*.md"]
struct Rules;

/// URL prefix of the rules files (the repository path of `docs/rules/`).
const RULES_PREFIX: &str = "/docs/rules/";
/// Hashed bundle files: their names change whenever their content does.
const IMMUTABLE_PREFIX: &str = "assets/";

/// Adds the page to a service (see the module docs); `enabled: false`
/// passes every request through (`--web false`).
#[derive(Debug, Clone, Copy)]
pub struct WebLayer {
    enabled: bool,
}

impl WebLayer {
    /// A layer that serves the page when `enabled`.
    pub fn new(enabled: bool) -> Self {
        Self { enabled }
    }
}

impl<S> Layer<S> for WebLayer {
    type Service = Web<S>;

    fn layer(&self, inner: S) -> Web<S> {
        Web {
            inner,
            enabled: self.enabled,
        }
    }
}

/// The service made by [`WebLayer`].
#[derive(Debug, Clone)]
pub struct Web<S> {
    inner: S,
    enabled: bool,
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for Web<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
    ResBody: http_body::Body<Data = Bytes> + Send + 'static,
    ResBody::Error: Into<tonic::codegen::StdError>,
{
    type Response = Response<Body>;
    type Error = S::Error;
    type Future = BoxFuture<Result<Response<Body>, S::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<ReqBody>) -> Self::Future {
        let method = req.method();
        // A GET of a method's path is a Connect call: the RPC routes' own.
        let page = !crate::connect::is_rpc_path(req.uri().path());
        if self.enabled && page && (method == Method::GET || method == Method::HEAD) {
            let response = respond(method == Method::HEAD, req.uri().path(), req.headers());
            return Box::pin(std::future::ready(Ok(response)));
        }
        let future = self.inner.call(req);
        Box::pin(async move { future.await.map(|r| r.map(Body::new)) })
    }
}

/// What to send back for a GET (or, without the body, a HEAD) of `path`.
fn respond(head_only: bool, path: &str, headers: &HeaderMap) -> Response<Body> {
    match find(path) {
        Found::File(file, cache) => file_response(head_only, &file, cache, headers),
        Found::Missing => plain(StatusCode::NOT_FOUND, "not found\n", head_only),
        Found::Refused => plain(StatusCode::BAD_REQUEST, "bad path\n", head_only),
    }
}

/// How long a browser may keep a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cache {
    /// Hashed bundle names: forever.
    Immutable,
    /// index.html and the rules: revalidate (by ETag) every time, so a new
    /// server version is picked up at once.
    Revalidate,
}

enum Found {
    File(EmbeddedFile, Cache),
    Missing,
    Refused,
}

/// Resolve a URL path to an embedded file. Paths that name no file and look
/// like a page route (no extension in the last segment, e.g. `/game/<id>`)
/// get `index.html`: the page routes them itself (SPA fallback).
fn find(path: &str) -> Found {
    if path.split('/').any(|segment| segment == "..") || path.contains('\\') {
        return Found::Refused;
    }
    if let Some(name) = path.strip_prefix(RULES_PREFIX) {
        return Rules::get(name).map_or(Found::Missing, |f| Found::File(f, Cache::Revalidate));
    }
    let name = path.trim_start_matches('/');
    let name = if name.is_empty() { "index.html" } else { name };
    if let Some(file) = Assets::get(name) {
        let cache = if name.starts_with(IMMUTABLE_PREFIX) {
            Cache::Immutable
        } else {
            Cache::Revalidate
        };
        return Found::File(file, cache);
    }
    let last = name.rsplit('/').next().unwrap_or(name);
    if last.contains('.') {
        return Found::Missing;
    }
    Assets::get("index.html").map_or(Found::Missing, |f| Found::File(f, Cache::Revalidate))
}

fn file_response(
    head_only: bool,
    file: &EmbeddedFile,
    cache: Cache,
    headers: &HeaderMap,
) -> Response<Body> {
    let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..16]));
    let not_modified = headers
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let cache_control = match cache {
        Cache::Immutable => "public, max-age=31536000, immutable",
        Cache::Revalidate => "no-cache",
    };
    let mut builder = Response::builder()
        .header(CACHE_CONTROL, cache_control)
        .header(ETAG, etag)
        .header(X_CONTENT_TYPE_OPTIONS, "nosniff");
    if not_modified {
        builder = builder.status(StatusCode::NOT_MODIFIED);
        return finish(builder, Bytes::new());
    }
    let data = Bytes::from(file.data.to_vec());
    builder = builder
        .status(StatusCode::OK)
        .header(CONTENT_TYPE, content_type(file.metadata.mimetype()))
        .header(CONTENT_LENGTH, data.len());
    finish(builder, if head_only { Bytes::new() } else { data })
}

/// The MIME type with a charset for text (every text file here is UTF-8;
/// markdown as `text/markdown` shows as text in browsers instead of being
/// downloaded only with a charset).
fn content_type(mime: &str) -> HeaderValue {
    let text = mime.starts_with("text/") || mime == "application/javascript";
    let value = if text && !mime.contains("charset") {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_owned()
    };
    HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("application/octet-stream"))
}

fn plain(status: StatusCode, text: &'static str, head_only: bool) -> Response<Body> {
    let builder = Response::builder()
        .status(status)
        .header(CONTENT_TYPE, "text/plain; charset=utf-8")
        .header(CONTENT_LENGTH, text.len())
        .header(CACHE_CONTROL, "no-cache");
    let body = if head_only {
        Bytes::new()
    } else {
        Bytes::from_static(text.as_bytes())
    };
    finish(builder, body)
}

/// Attach the body; the builder holds only valid static or formatted
/// headers, so an error here is a bug, answered as a bare 500.
fn finish(builder: http::response::Builder, body: Bytes) -> Response<Body> {
    builder
        .body(Body::new(Full::new(body)))
        .unwrap_or_else(|_| {
            let mut r = Response::new(Body::empty());
            *r.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
            r
        })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use http_body_util::BodyExt;
    use std::convert::Infallible;
    use tower::ServiceExt;

    /// The inner service stands for the gRPC routes: it answers 418 so a
    /// test can tell a passed-through request from a served file.
    #[derive(Clone)]
    pub(crate) struct Teapot;

    impl Service<Request<Body>> for Teapot {
        type Response = Response<Body>;
        type Error = Infallible;
        type Future = std::future::Ready<Result<Response<Body>, Infallible>>;

        fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
            Poll::Ready(Ok(()))
        }

        fn call(&mut self, _: Request<Body>) -> Self::Future {
            let mut r = Response::new(Body::empty());
            *r.status_mut() = StatusCode::IM_A_TEAPOT;
            std::future::ready(Ok(r))
        }
    }

    async fn send(
        enabled: bool,
        method: Method,
        path: &str,
        headers: &[(&str, &str)],
    ) -> (StatusCode, HeaderMap, Bytes) {
        let mut req = Request::builder().method(method).uri(path);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let req = req.body(Body::empty()).expect("request");
        let resp = WebLayer::new(enabled)
            .layer(Teapot)
            .oneshot(req)
            .await
            .expect("infallible");
        let (parts, body) = resp.into_parts();
        let bytes = body.collect().await.expect("body").to_bytes();
        (parts.status, parts.headers, bytes)
    }

    fn header<'a>(h: &'a HeaderMap, name: &str) -> &'a str {
        h.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
    }

    /// The hashed bundle that index.html loads (its name changes per build).
    fn bundle_path() -> String {
        Assets::iter()
            .find(|n| n.starts_with(IMMUTABLE_PREFIX) && n.ends_with(".js"))
            .map(|n| format!("/{n}"))
            .expect("web/dist has a JavaScript bundle")
    }

    #[tokio::test]
    async fn root_is_the_page_and_revalidated() {
        let (status, headers, body) = send(true, Method::GET, "/", &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(header(&headers, "content-type"), "text/html; charset=utf-8");
        assert_eq!(header(&headers, "cache-control"), "no-cache");
        let html = String::from_utf8(body.to_vec()).expect("utf-8");
        assert!(html.contains("<div id=\"app\">"), "{html}");
        assert!(html.contains(&bundle_path()), "index.html loads the bundle");
    }

    #[tokio::test]
    async fn bundles_are_immutable_javascript() {
        let (status, headers, body) = send(true, Method::GET, &bundle_path(), &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert!(header(&headers, "content-type").contains("javascript"));
        assert_eq!(
            header(&headers, "cache-control"),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(header(&headers, "content-length"), body.len().to_string());
    }

    #[tokio::test]
    async fn page_routes_fall_back_to_index_but_missing_files_do_not() {
        let (status, headers, _) = send(true, Method::GET, "/game/abc", &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert!(header(&headers, "content-type").starts_with("text/html"));
        let (status, _, _) = send(true, Method::GET, "/assets/missing.js", &[]).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _, _) = send(true, Method::GET, "/docs/rules/none.md", &[]).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _, _) = send(true, Method::GET, "/assets/../index.html", &[]).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }

    #[tokio::test]
    async fn rules_are_served_as_markdown_text() {
        for game in ["king-of-siam", "alexandros", "ming-dynasty", "territories"] {
            let path = format!("{RULES_PREFIX}{game}.md");
            let (status, headers, body) = send(true, Method::GET, &path, &[]).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert_eq!(
                header(&headers, "content-type"),
                "text/markdown; charset=utf-8"
            );
            assert!(body.starts_with(b"#"), "{path} is the markdown file");
        }
    }

    #[tokio::test]
    async fn head_has_the_headers_without_the_body() {
        let (_, get_headers, get_body) = send(true, Method::GET, "/", &[]).await;
        let (status, headers, body) = send(true, Method::HEAD, "/", &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert!(body.is_empty());
        assert_eq!(
            header(&headers, "content-length"),
            get_body.len().to_string()
        );
        assert_eq!(header(&headers, "etag"), header(&get_headers, "etag"));
    }

    #[tokio::test]
    async fn a_matching_etag_answers_not_modified() {
        let (_, headers, _) = send(true, Method::GET, "/", &[]).await;
        let etag = header(&headers, "etag").to_owned();
        assert!(etag.starts_with('"') && etag.len() == 34, "{etag}");
        let (status, _, body) =
            send(true, Method::GET, "/", &[("if-none-match", etag.as_str())]).await;
        assert_eq!(status, StatusCode::NOT_MODIFIED);
        assert!(body.is_empty());
        let (status, _, _) = send(true, Method::GET, "/", &[("if-none-match", "\"x\"")]).await;
        assert_eq!(status, StatusCode::OK);
    }

    #[tokio::test]
    async fn grpc_and_preflight_requests_pass_through() {
        for method in [Method::POST, Method::OPTIONS, Method::PUT] {
            let (status, _, _) =
                send(true, method.clone(), "/satrap.v1.GameService/GetGame", &[]).await;
            assert_eq!(status, StatusCode::IM_A_TEAPOT, "{method}");
        }
    }

    #[tokio::test]
    async fn disabled_passes_everything_through() {
        let (status, _, _) = send(false, Method::GET, "/", &[]).await;
        assert_eq!(status, StatusCode::IM_A_TEAPOT);
    }
}
