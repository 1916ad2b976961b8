//! The protobuf codec of satrap's generated services: tonic-prost's, except
//! that a body that does not decode is the client's fault and is reported
//! as INVALID_ARGUMENT (tonic-prost says INTERNAL, which tells a client the
//! server is broken). `build.rs` names this type as the codec.
//!
//! The servers' WatchGame streams send [`EncodedUpdate`]s: a broadcast
//! update is encoded once per viewer and the same bytes are written to
//! every stream of that viewer, so a stream's cost per move is the write.

use std::marker::PhantomData;

use bytes::{Buf, BufMut, Bytes};
use prost::encoding::{DecodeContext, WireType};
use prost::{DecodeError, Message};
use tonic::Status;
use tonic::codec::{BufferSettings, Codec as TonicCodec, DecodeBuf, Decoder};
use tonic_prost::{ProstCodec, ProstDecoder, ProstEncoder};

/// Encodes `T`, decodes `U`.
#[derive(Debug, Clone)]
pub struct Codec<T, U>(PhantomData<(T, U)>);

impl<T, U> Default for Codec<T, U> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<T, U> TonicCodec for Codec<T, U>
where
    T: Message + Send + 'static,
    U: Message + Default + Send + 'static,
{
    type Encode = T;
    type Decode = U;
    type Encoder = ProstEncoder<T>;
    type Decoder = RequestDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        ProstCodec::<T, U>::default().encoder()
    }

    fn decoder(&mut self) -> Self::Decoder {
        RequestDecoder(ProstCodec::<T, U>::default().decoder())
    }
}

/// tonic-prost's decoder with the status code of a malformed body fixed.
#[derive(Debug)]
pub struct RequestDecoder<U>(ProstDecoder<U>);

impl<U: Message + Default> Decoder for RequestDecoder<U> {
    type Item = U;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<U>, Status> {
        self.0.decode(buf).map_err(|status| {
            Status::invalid_argument(format!(
                "the request body is not a valid protobuf message: {}",
                status.message()
            ))
        })
    }

    fn buffer_settings(&self) -> BufferSettings {
        self.0.buffer_settings()
    }
}

/// A `satrap.v1.GameUpdate` already encoded: the message type of the
/// servers' WatchGame streams (`build.rs` maps the message to this type for
/// the servers only; clients read `GameUpdate`s). Its encoding is the bytes
/// as they are, so one encoding, shared by reference count, serves every
/// stream that sends the same update; cloning it copies no update.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EncodedUpdate(Bytes);

impl EncodedUpdate {
    /// `update` encoded.
    pub fn new(update: &crate::proto::GameUpdate) -> Self {
        EncodedUpdate(update.encode_to_vec().into())
    }

    /// The encoded update.
    pub fn bytes(&self) -> &Bytes {
        &self.0
    }

    /// The update these bytes encode.
    pub fn to_update(&self) -> Result<crate::proto::GameUpdate, DecodeError> {
        crate::proto::GameUpdate::decode(self.0.clone())
    }
}

impl From<&crate::proto::GameUpdate> for EncodedUpdate {
    fn from(update: &crate::proto::GameUpdate) -> Self {
        EncodedUpdate::new(update)
    }
}

impl Message for EncodedUpdate {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        buf.put_slice(&self.0);
    }

    /// Merges the field into the update these bytes encode, with
    /// `GameUpdate`'s own rules (a later scalar wins, a message merges, a
    /// repeated field appends), and keeps the result encoded. The server
    /// only writes these; decoding one field at a time re-encodes the
    /// whole update each time, which is correct and only slow.
    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        let mut update = self.to_update()?;
        update.merge_field(tag, wire_type, buf, ctx)?;
        *self = EncodedUpdate::new(&update);
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        self.0.len()
    }

    fn clear(&mut self) {
        self.0 = Bytes::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto;

    fn sample() -> proto::GameUpdate {
        proto::GameUpdate {
            version: 7,
            events: vec![proto::GameEvent::default(); 2],
            snapshot: Some(proto::GameSnapshot {
                game_id: "g".into(),
                version: 7,
                text: "a picture".into(),
                ..Default::default()
            }),
            delta: None,
            cause: proto::UpdateCause::Unspecified as i32,
            chat: Vec::new(),
        }
    }

    #[test]
    fn an_encoded_update_writes_the_bytes_of_the_update() -> Result<(), DecodeError> {
        let update = sample();
        let encoded = EncodedUpdate::new(&update);
        // What the codec writes (with the length prefix of a nested field
        // too) is the update's own encoding.
        assert_eq!(encoded.encode_to_vec(), update.encode_to_vec());
        assert_eq!(encoded.encoded_len(), update.encoded_len());
        assert_eq!(
            encoded.encode_length_delimited_to_vec(),
            update.encode_length_delimited_to_vec()
        );
        assert_eq!(
            proto::GameUpdate::decode(&encoded.encode_to_vec()[..])?,
            update
        );
        assert_eq!(encoded.to_update()?, update);
        Ok(())
    }

    #[test]
    fn decoding_into_an_encoded_update_follows_the_update_rules() -> Result<(), DecodeError> {
        let first = sample();
        let second = proto::GameUpdate {
            version: 8,
            events: vec![proto::GameEvent::default()],
            snapshot: Some(proto::GameSnapshot {
                version: 8,
                ..Default::default()
            }),
            delta: None,
            cause: proto::UpdateCause::Seats as i32,
            chat: Vec::new(),
        };
        // Two encodings one after the other decode as one merged message.
        let mut wire = first.encode_to_vec();
        wire.extend(second.encode_to_vec());
        let merged = proto::GameUpdate::decode(&wire[..])?;
        assert_eq!(merged.events.len(), 3);
        let decoded = <EncodedUpdate as Message>::decode(&wire[..])?;
        assert_eq!(decoded.to_update()?, merged);
        assert_eq!(decoded, EncodedUpdate::new(&merged));
        Ok(())
    }
}
