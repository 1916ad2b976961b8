//! One talk entry as stored: a small protobuf message of our own (the
//! store keeps the bytes as they are). Field numbers are the storage
//! format: never reuse one.

use prost::{Message, Oneof};

use crate::proto;

/// A talk entry.
#[derive(Clone, PartialEq, Message)]
pub struct Said {
    #[prost(oneof = "Body", tags = "1, 2, 3, 4, 5")]
    pub body: Option<Body>,
}

#[derive(Clone, PartialEq, Oneof)]
pub enum Body {
    /// A chat message.
    #[prost(message, tag = "1")]
    Chat(Chat),
    /// An administrator deleted a message: the message as it now reads
    /// (`deleted`, no text; `id` names it).
    #[prost(message, tag = "2")]
    Deleted(Chat),
    #[prost(message, tag = "3")]
    Mute(Mute),
    #[prost(message, tag = "4")]
    Offer(Offer),
    #[prost(message, tag = "5")]
    Answer(Answer),
}

#[derive(Clone, PartialEq, Message)]
pub struct Chat {
    #[prost(enumeration = "proto::ChatChannel", tag = "1")]
    pub channel: i32,
    #[prost(uint32, optional, tag = "2")]
    pub seat: Option<u32>,
    #[prost(string, tag = "3")]
    pub name: String,
    #[prost(string, tag = "4")]
    pub text: String,
    #[prost(uint32, tag = "5")]
    pub team: u32,
    #[prost(bool, tag = "6")]
    pub deleted: bool,
    /// In a `Deleted` entry: the message's number and when it was sent.
    #[prost(uint64, tag = "7")]
    pub id: u64,
    #[prost(uint64, tag = "8")]
    pub at_ms: u64,
}

#[derive(Clone, PartialEq, Message)]
pub struct Mute {
    #[prost(uint32, tag = "1")]
    pub seat: u32,
    #[prost(bool, tag = "2")]
    pub muted: bool,
}

/// An offer, with the answers known when it was made (the bots').
#[derive(Clone, PartialEq, Message)]
pub struct Offer {
    #[prost(enumeration = "proto::OfferKind", tag = "1")]
    pub kind: i32,
    #[prost(uint32, tag = "2")]
    pub seat: u32,
    #[prost(uint64, tag = "3")]
    pub version: u64,
    #[prost(uint64, tag = "4")]
    pub expires_at_ms: u64,
    /// A takeback's moves.
    #[prost(uint32, tag = "5")]
    pub moves: u32,
    /// The seats whose answer is needed.
    #[prost(uint32, repeated, tag = "6")]
    pub waiting: Vec<u32>,
    /// The seats that accepted when it was made (the proposer, bots).
    #[prost(uint32, repeated, tag = "7")]
    pub accepted: Vec<u32>,
    /// A bot's seat that declined it at once.
    #[prost(uint32, optional, tag = "8")]
    pub declined_by: Option<u32>,
}

#[derive(Clone, PartialEq, Message)]
pub struct Answer {
    /// The offer's talk number.
    #[prost(uint64, tag = "1")]
    pub offer: u64,
    #[prost(uint32, tag = "2")]
    pub seat: u32,
    #[prost(bool, tag = "3")]
    pub accept: bool,
}

impl Said {
    pub fn of(body: Body) -> Self {
        Said { body: Some(body) }
    }
}

impl Chat {
    /// The message as the API shows it, numbered `id`.
    pub fn to_proto(&self, id: u64, at_ms: u64) -> proto::ChatMessage {
        proto::ChatMessage {
            id,
            channel: self.channel,
            seat: self.seat,
            name: self.name.clone(),
            text: if self.deleted {
                String::new()
            } else {
                self.text.clone()
            },
            at_ms,
            deleted: self.deleted,
            team: self.team,
        }
    }

    /// The message numbered `id`, sent at `at_ms`, with its text gone.
    pub fn redacted(&self, id: u64, at_ms: u64) -> Chat {
        Chat {
            text: String::new(),
            deleted: true,
            id,
            at_ms,
            ..self.clone()
        }
    }
}
