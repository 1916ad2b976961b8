//! The web client is served on the gRPC port: a browser's plain HTTP/1.1 GET
//! gets the page, gRPC on the same port keeps working, and `--web false`
//! turns the page off.

use crate::common;

use common::TestServer;
use satrap_server::Config;
use satrap_server::proto::ListGameTypesRequest;

/// One HTTP/1.1 request as a browser sends it; returns the status line,
/// the headers (lower-cased names) and the body.
async fn http1(
    server: &TestServer,
    method: &str,
    path: &str,
) -> (String, Vec<(String, String)>, Vec<u8>) {
    let answer = common::http::http1(server.addr, method, path).await;
    (answer.status, answer.headers, answer.body)
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> &'a str {
    headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or("")
}

#[tokio::test]
async fn the_page_and_grpc_share_the_port() {
    let server = TestServer::start().await;
    let (status, headers, body) = http1(&server, "GET", "/").await;
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    assert_eq!(header(&headers, "content-type"), "text/html; charset=utf-8");
    let html = String::from_utf8(body).expect("utf-8");
    assert!(html.contains("<div id=\"app\">"), "{html}");

    // The bundle the page loads is there, cached for good.
    let script = html
        .split("src=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("index.html loads a script");
    let (status, headers, body) = http1(&server, "GET", script).await;
    assert!(status.starts_with("HTTP/1.1 200"), "{script}: {status}");
    assert!(header(&headers, "content-type").contains("javascript"));
    assert!(header(&headers, "cache-control").contains("immutable"));
    assert!(!body.is_empty());

    // A page route (a seat link) is the page too; the rules it links to are served.
    let (status, _, body) = http1(&server, "GET", "/game/some-id").await;
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    assert!(String::from_utf8_lossy(&body).contains("<div id=\"app\">"));
    let (status, headers, _) = http1(&server, "GET", "/docs/rules/king-of-siam.md").await;
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    assert!(header(&headers, "content-type").starts_with("text/markdown"));

    // gRPC over HTTP/2 on the same port is untouched.
    let mut client = server.client().await;
    let types = client
        .list_game_types(ListGameTypesRequest {})
        .await
        .expect("ListGameTypes")
        .into_inner();
    assert_eq!(types.game_types.len(), 4);
    server.shutdown().await;
}

#[tokio::test]
async fn web_false_serves_no_page() {
    let server = TestServer::start_with(Config {
        web: false,
        ..Config::in_memory()
    })
    .await;
    let (status, _, body) = http1(&server, "GET", "/").await;
    assert!(
        !status.starts_with("HTTP/1.1 200")
            || !String::from_utf8_lossy(&body).contains("<div id=\"app\">"),
        "the page is off: {status}"
    );
    let mut client = server.client().await;
    client
        .list_game_types(ListGameTypesRequest {})
        .await
        .expect("gRPC still served");
    server.shutdown().await;
}

#[test]
fn the_flag_and_its_environment_variable() {
    use clap::Parser;
    assert!(Config::defaults().web, "the page is on by default");
    let off = Config::try_parse_from(["satrap", "--web", "false"]).expect("--web false");
    assert!(!off.web);
    let on = Config::try_parse_from(["satrap", "--web", "true"]).expect("--web true");
    assert!(on.web);
}
