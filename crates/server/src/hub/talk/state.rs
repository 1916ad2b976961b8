//! The talk folded into what the game's actor needs: who is muted, the
//! latest offer and its answers. A pure function of the entries, so every
//! replica that reads the same talk holds the same state.

use std::collections::BTreeSet;

use prost::Message;
use satrap_store::TalkEntry;

use super::record::{Body, Offer, Said};
use crate::proto::{self, ChatMessage, OfferKind, OfferStatus};

/// The talk as the game's actor holds it.
#[derive(Debug, Clone, Default)]
pub struct TalkState {
    /// The talk has been read from the store once (a game loaded by
    /// replay reads it before its first command).
    pub loaded: bool,
    /// The last entry folded.
    pub seq: u64,
    muted: BTreeSet<u32>,
    offer: Option<OfferState>,
}

/// The latest offer and its answers.
#[derive(Debug, Clone, PartialEq)]
pub struct OfferState {
    /// Its talk number (`Offer.id`).
    pub id: u64,
    pub record: Offer,
    pub accepted: BTreeSet<u32>,
    pub declined: Option<u32>,
}

/// What folding some entries changed.
#[derive(Debug, Default)]
pub struct Folded {
    /// New messages, and deleted ones as they now read.
    pub chat: Vec<ChatMessage>,
    /// The offer was made or answered.
    pub offer: bool,
}

impl TalkState {
    /// Fold one entry (entries come in order; an unreadable one, from a
    /// newer server, is skipped).
    pub fn fold(&mut self, entry: &TalkEntry, folded: &mut Folded) {
        self.seq = self.seq.max(entry.seq);
        let Ok(Said { body: Some(body) }) = Said::decode(entry.body.as_slice()) else {
            return;
        };
        match body {
            Body::Chat(chat) => folded.chat.push(chat.to_proto(entry.seq, entry.at_ms)),
            Body::Deleted(chat) => folded.chat.push(chat.to_proto(chat.id, chat.at_ms)),
            Body::Mute(mute) => {
                if mute.muted {
                    self.muted.insert(mute.seat);
                } else {
                    self.muted.remove(&mute.seat);
                }
            }
            Body::Offer(record) => {
                self.offer = Some(OfferState {
                    id: entry.seq,
                    accepted: record.accepted.iter().copied().collect(),
                    declined: record.declined_by,
                    record,
                });
                folded.offer = true;
            }
            Body::Answer(answer) => {
                if let Some(offer) = self.offer.as_mut().filter(|o| o.id == answer.offer) {
                    if answer.accept {
                        offer.accepted.insert(answer.seat);
                    } else {
                        offer.declined.get_or_insert(answer.seat);
                    }
                    folded.offer = true;
                }
            }
        }
    }

    pub fn muted(&self, seat: u32) -> bool {
        self.muted.contains(&seat)
    }

    /// The latest offer, whatever became of it.
    pub fn offer(&self) -> Option<&OfferState> {
        self.offer.as_ref()
    }
}

impl OfferState {
    pub fn kind(&self) -> OfferKind {
        self.record.kind()
    }

    /// Every seat asked has accepted, and none declined.
    pub fn all_accepted(&self) -> bool {
        self.declined.is_none()
            && self
                .record
                .waiting
                .iter()
                .all(|s| self.accepted.contains(s))
    }

    /// Where it stands with the game at `version` at time `now_ms`.
    pub fn status(&self, version: u64, now_ms: u64) -> OfferStatus {
        if self.declined.is_some() {
            OfferStatus::Declined
        } else if self.all_accepted() {
            OfferStatus::Accepted
        } else if version != self.record.version {
            OfferStatus::Withdrawn
        } else if now_ms >= self.record.expires_at_ms {
            OfferStatus::Expired
        } else {
            OfferStatus::Pending
        }
    }

    pub fn to_proto(&self, status: OfferStatus) -> proto::Offer {
        let waiting = self
            .record
            .waiting
            .iter()
            .copied()
            .filter(|s| !self.accepted.contains(s) && self.declined != Some(*s))
            .collect();
        proto::Offer {
            id: self.id,
            kind: self.record.kind,
            seat: self.record.seat,
            version: self.record.version,
            expires_at_ms: self.record.expires_at_ms,
            accepted: self.accepted.iter().copied().collect(),
            waiting,
            status: status as i32,
            moves: self.record.moves,
        }
    }
}

/// The chat of `entries` (a whole talk, in order) as it reads now: every
/// message once, in order, a deleted one without its text.
pub fn chat_of(entries: &[TalkEntry]) -> Vec<ChatMessage> {
    let mut state = TalkState::default();
    let mut folded = Folded::default();
    for e in entries {
        state.fold(e, &mut folded);
    }
    let mut messages: Vec<ChatMessage> = Vec::new();
    for m in folded.chat {
        match messages.iter_mut().find(|k| k.id == m.id) {
            Some(kept) => *kept = m,
            None => messages.push(m),
        }
    }
    messages
}

#[cfg(test)]
mod tests {
    use super::super::record::{Answer, Chat, Mute};
    use super::*;

    fn entry(seq: u64, body: Body) -> TalkEntry {
        TalkEntry {
            seq,
            at_ms: seq * 10,
            body: Said::of(body).encode_to_vec(),
        }
    }

    fn offer(waiting: Vec<u32>) -> Body {
        Body::Offer(Offer {
            kind: OfferKind::Draw as i32,
            seat: 0,
            version: 4,
            expires_at_ms: 1_000,
            waiting,
            accepted: vec![0],
            ..Offer::default()
        })
    }

    #[test]
    fn an_offer_is_pending_until_every_seat_answers_and_tied_to_its_version() {
        let mut state = TalkState::default();
        let mut folded = Folded::default();
        state.fold(&entry(1, offer(vec![1, 2])), &mut folded);
        assert!(folded.offer);
        let o = state.offer().expect("offer").clone();
        assert_eq!(o.status(4, 0), OfferStatus::Pending);
        assert_eq!(
            o.status(5, 0),
            OfferStatus::Withdrawn,
            "a move withdraws it"
        );
        assert_eq!(o.status(4, 1_000), OfferStatus::Expired);
        let answer = |seat, accept| {
            Body::Answer(Answer {
                offer: 1,
                seat,
                accept,
            })
        };
        state.fold(&entry(2, answer(1, true)), &mut folded);
        let o = state.offer().expect("offer");
        assert_eq!(o.status(4, 0), OfferStatus::Pending);
        assert_eq!(o.to_proto(OfferStatus::Pending).waiting, vec![2]);
        state.fold(&entry(3, answer(2, true)), &mut folded);
        assert_eq!(
            state.offer().expect("offer").status(5, 5_000),
            OfferStatus::Accepted
        );
        // An answer to another offer changes nothing.
        let mut other = state.clone();
        other.fold(
            &entry(
                4,
                Body::Answer(Answer {
                    offer: 9,
                    seat: 2,
                    accept: false,
                }),
            ),
            &mut folded,
        );
        assert_eq!(other.offer(), state.offer());
    }

    #[test]
    fn one_refusal_declines_it() {
        let mut state = TalkState::default();
        let mut folded = Folded::default();
        state.fold(&entry(1, offer(vec![1, 2])), &mut folded);
        state.fold(
            &entry(
                2,
                Body::Answer(Answer {
                    offer: 1,
                    seat: 2,
                    accept: false,
                }),
            ),
            &mut folded,
        );
        assert_eq!(
            state.offer().expect("offer").status(4, 0),
            OfferStatus::Declined
        );
    }

    #[test]
    fn mutes_and_deletions_fold_and_the_history_keeps_each_message_once() {
        let chat = Chat {
            channel: proto::ChatChannel::Everyone as i32,
            seat: Some(1),
            name: "Bo".into(),
            text: "hi".into(),
            ..Chat::default()
        };
        let entries = [
            entry(1, Body::Chat(chat.clone())),
            entry(
                2,
                Body::Mute(Mute {
                    seat: 1,
                    muted: true,
                }),
            ),
            entry(3, Body::Deleted(chat.redacted(1, 10))),
            entry(4, Body::Chat(chat.clone())),
        ];
        let mut state = TalkState::default();
        let mut folded = Folded::default();
        for e in &entries {
            state.fold(e, &mut folded);
        }
        assert!(state.muted(1) && !state.muted(0));
        assert_eq!(state.seq, 4);
        let history = chat_of(&entries);
        let got: Vec<(u64, &str, bool, u64)> = history
            .iter()
            .map(|m| (m.id, m.text.as_str(), m.deleted, m.at_ms))
            .collect();
        assert_eq!(got, vec![(1, "", true, 10), (4, "hi", false, 40)]);
    }
}
