//! Raw gRPC calls: any bytes as the request body of any method, so tests
//! can send bodies that do not decode (or mutated encodings).

use bytes::{Buf, BufMut};
use tonic::Status;
use tonic::codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::transport::Channel;

/// Passes bytes through in both directions.
#[derive(Debug, Clone, Default)]
pub struct RawCodec;

#[derive(Debug, Clone, Default)]
pub struct RawEncoder;

#[derive(Debug, Clone, Default)]
pub struct RawDecoder;

impl Encoder for RawEncoder {
    type Item = Vec<u8>;
    type Error = Status;

    fn encode(&mut self, item: Vec<u8>, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        dst.put_slice(&item);
        Ok(())
    }
}

impl Decoder for RawDecoder {
    type Item = Vec<u8>;
    type Error = Status;

    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<Vec<u8>>, Status> {
        let mut out = vec![0; src.remaining()];
        src.copy_to_slice(&mut out);
        Ok(Some(out))
    }
}

impl Codec for RawCodec {
    type Encode = Vec<u8>;
    type Decode = Vec<u8>;
    type Encoder = RawEncoder;
    type Decoder = RawDecoder;

    fn encoder(&mut self) -> RawEncoder {
        RawEncoder
    }

    fn decoder(&mut self) -> RawDecoder {
        RawDecoder
    }
}

/// Call `/satrap.v1.GameService/<method>` with `body` as the message bytes;
/// for WatchGame the first message (or the status, or nothing within
/// 100 ms) is the answer.
pub async fn call(
    channel: Channel,
    method: &str,
    body: Vec<u8>,
    metadata: &[(&'static str, String)],
) -> Result<Vec<u8>, Status> {
    let mut grpc = tonic::client::Grpc::new(channel).max_decoding_message_size(64 << 20);
    grpc.ready()
        .await
        .map_err(|e| Status::unavailable(e.to_string()))?;
    let path: http::uri::PathAndQuery = format!("/satrap.v1.GameService/{method}")
        .parse()
        .map_err(|_| Status::invalid_argument("bad method name"))?;
    let mut request = tonic::Request::new(body);
    for (key, value) in metadata {
        if let Ok(v) = value.parse() {
            request.metadata_mut().insert(*key, v);
        }
    }
    if method == "WatchGame" {
        let mut stream = grpc
            .server_streaming(request, path, RawCodec)
            .await?
            .into_inner();
        // A stream that starts at the next version waits for a move: the
        // answer is then that it opened.
        return match tokio::time::timeout(std::time::Duration::from_millis(100), stream.message())
            .await
        {
            Ok(first) => Ok(first?.unwrap_or_default()),
            Err(_) => Ok(Vec::new()),
        };
    }
    Ok(grpc.unary(request, path, RawCodec).await?.into_inner())
}
