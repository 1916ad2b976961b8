//! Connect's GET form of a unary call, for the methods the protos mark
//! `idempotency_level = NO_SIDE_EFFECTS` (so a browser's address bar, a
//! cache or a CDN can make them):
//! `GET /satrap.v1.GameService/GetGame?connect=v1&encoding=json&message=...`
//! with the message URL-encoded, or with `base64=1` in URL-safe base64
//! (padding optional).

use base64::Engine as _;
use base64::alphabet;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use bytes::Bytes;
use prost_reflect::{MethodDescriptor, Value};
use tonic::Code;

use super::protocol::{Codec, ConnectError, bounded};

/// `MethodOptions.idempotency_level`'s `NO_SIDE_EFFECTS`.
const NO_SIDE_EFFECTS: i32 = 1;

/// Whether the protos allow `method` to be called by GET.
pub(super) fn allowed(method: &MethodDescriptor) -> bool {
    let options = method.options();
    let level = options.get_field_by_name("idempotency_level");
    matches!(level.as_deref(), Some(Value::EnumNumber(NO_SIDE_EFFECTS)))
}

/// The codec and the message (still in that codec) of a GET's query.
pub(super) fn request(query: &str) -> Result<(Codec, Bytes), ConnectError> {
    let invalid = |why: String| ConnectError::new(Code::InvalidArgument, why);
    let mut encoding = None;
    let mut message = None;
    let mut base64 = false;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = percent_encoding::percent_decode_str(value);
        match name {
            "connect" if value.clone().decode_utf8_lossy() != "v1" => {
                return Err(invalid("connect must be v1".into()));
            }
            "encoding" => encoding = Some(value.decode_utf8_lossy().into_owned()),
            "message" => message = Some(value.collect::<Vec<u8>>()),
            "base64" => base64 = value.decode_utf8_lossy() == "1",
            "compression" => {
                let compression = value.decode_utf8_lossy();
                if compression != "identity" && !compression.is_empty() {
                    return Err(ConnectError::new(
                        Code::Unimplemented,
                        format!(
                            "compression {:?} is not accepted: send the message uncompressed",
                            bounded(&compression)
                        ),
                    ));
                }
            }
            // Other parameters (a cache-busting one, say) are ignored.
            _ => {}
        }
    }
    let encoding =
        encoding.ok_or_else(|| invalid("the query has no encoding (json or proto)".into()))?;
    let codec = Codec::named(&encoding).ok_or_else(|| {
        invalid(format!(
            "encoding {:?} is neither json nor proto",
            bounded(&encoding)
        ))
    })?;
    let message = message.unwrap_or_default();
    let message = if base64 {
        decode_base64(&message).ok_or_else(|| invalid("message is not URL-safe base64".into()))?
    } else {
        message
    };
    Ok((codec, Bytes::from(message)))
}

/// URL-safe base64 with or without padding (the standard alphabet too,
/// which some clients send).
fn decode_base64(text: &[u8]) -> Option<Vec<u8>> {
    let config =
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent);
    GeneralPurpose::new(&alphabet::URL_SAFE, config)
        .decode(text)
        .or_else(|_| GeneralPurpose::new(&alphabet::STANDARD, config).decode(text))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_json_message_is_url_encoded() {
        let (codec, message) =
            request("connect=v1&encoding=json&message=%7B%22gameId%22%3A%22g%22%7D").unwrap();
        assert_eq!(codec, Codec::Json);
        assert_eq!(&message[..], br#"{"gameId":"g"}"#);
    }

    #[test]
    fn a_binary_message_is_base64_with_or_without_padding() {
        for (encoded, want) in [
            ("CgFn", &[0x0a, 0x01, 0x67][..]),
            ("Cg", &[0x0a][..]),
            ("Cg%3D%3D", &[0x0a][..]),
            ("-_8", &[0xfb, 0xff][..]),
            ("%2B%2F8%3D", &[0xfb, 0xff][..]),
        ] {
            let (codec, message) =
                request(&format!("encoding=proto&base64=1&message={encoded}")).unwrap();
            assert_eq!(codec, Codec::Proto);
            assert_eq!(&message[..], want, "{encoded}");
        }
    }

    #[test]
    fn bad_queries_are_refused_with_their_reason() {
        for (query, code) in [
            ("message=%7B%7D", Code::InvalidArgument),
            ("encoding=xml&message=x", Code::InvalidArgument),
            ("connect=v2&encoding=json", Code::InvalidArgument),
            ("encoding=proto&base64=1&message=***", Code::InvalidArgument),
            (
                "encoding=json&compression=gzip&message=x",
                Code::Unimplemented,
            ),
        ] {
            assert_eq!(request(query).unwrap_err().code, code, "{query}");
        }
    }
}
