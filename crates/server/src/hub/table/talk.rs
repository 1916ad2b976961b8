//! Chat and offers as the game's actor runs them (see `hub::talk`): each
//! call catches up with the store's talk, identifies the caller from the
//! seats as they are now, records its entry, and folds what is new,
//! telling the watchers. An offer's change (a takeback, a draw, an
//! abort) is a log entry committed through the move path's version guard,
//! so it races with moves as a move does.

use prost::Message;
use satrap_catalog::{ActionInput, GameInstance};
use satrap_store::{NewTalk, now_ms};

use super::Table;
use super::moves::Committed;
use crate::auth::{Caller, Who};
use crate::error::ServiceError;
use crate::hub::aborted::{ABORT_SEAT, Aborted, End};
use crate::hub::cache::{Version, initial};
use crate::hub::log::Action;
use crate::hub::takeback;
use crate::hub::talk::offers::{self, Logged};
use crate::hub::talk::record::{self, Body, Said};
use crate::hub::talk::state::{Folded, OfferState};
use crate::hub::talk::{TalkError, chat, limits};
use crate::proto::{self, OfferKind, OfferStatus};

/// What an accepted offer commits: the game after it, its log entry, and
/// (an abort) who the feed says aborted it.
type Effect = (
    Box<dyn GameInstance>,
    satrap_store::LoggedAction,
    Option<&'static str>,
);

/// The feed's `GameAborted.by` for an abort the seats agreed to.
pub const BY_PLAYERS: &str = "players";

impl Table<'_> {
    /// Read the talk entries this table has not folded yet and tell the
    /// watchers what changed (nothing the first time: a game just loaded
    /// reads its whole talk silently).
    pub async fn talk_sync(&mut self) -> Result<(), ServiceError> {
        let id = &self.live.meta.id;
        let entries = self.hub.store.talk_since(id, self.cell.talk.seq).await?;
        let mut folded = Folded::default();
        for e in &entries {
            self.cell.talk.fold(e, &mut folded);
        }
        let announce = self.cell.talk.loaded;
        self.cell.talk.loaded = true;
        if !announce || self.live.updates.receiver_count() == 0 {
            return Ok(());
        }
        if !folded.chat.is_empty() {
            let mut frame = self.again(proto::UpdateCause::Chat);
            frame.chat = folded.chat;
            let _ = self.live.updates.send(std::sync::Arc::new(frame));
        }
        if folded.offer {
            let mut frame = self.again(proto::UpdateCause::Offer);
            frame.offer = self.offer_now(true);
            let _ = self.live.updates.send(std::sync::Arc::new(frame));
        }
        Ok(())
    }

    /// The current version, to send again for `cause`.
    fn again(&self, cause: proto::UpdateCause) -> Version {
        Version {
            cause,
            offer: self.offer_now(false),
            ..Version::new(
                self.cell.instance.clone_box(),
                self.cell.clocks.clone(),
                self.cell.seats.clone(),
            )
        }
    }

    /// The offer to show now: the pending one, or (`settled`) the latest
    /// whatever became of it while the game is still at its version.
    pub fn offer_now(&self, settled: bool) -> Option<proto::Offer> {
        let offer = self.cell.talk.offer()?;
        let status = offer.status(self.cell.instance.version(), now_ms());
        let shown = status == OfferStatus::Pending
            || (settled && offer.record.version + 1 >= self.cell.instance.version());
        shown.then(|| offer.to_proto(status))
    }

    /// Record one talk entry and fold it (and anything before it).
    async fn say(&mut self, body: Body, redact: Option<(u64, &[u8])>) -> Result<u64, ServiceError> {
        let bytes = Said::of(body).encode_to_vec();
        let seq = self
            .hub
            .store
            .add_talk(
                &self.live.meta.id,
                &NewTalk {
                    at_ms: now_ms(),
                    body: &bytes,
                    redact,
                },
            )
            .await?;
        self.talk_sync().await?;
        Ok(seq)
    }

    /// SendChatMessage: `rate_key` counts a spectator's messages (its
    /// address or key); a seat's count is its own.
    pub async fn send_chat(
        &mut self,
        who: &Who,
        channel: i32,
        text: &str,
        rate_key: &str,
    ) -> Result<proto::ChatMessage, ServiceError> {
        self.fresh().await?;
        self.talk_sync().await?;
        let limits = &self.hub.limits.talk;
        let channel = chat::channel(channel)?;
        limits::check_text(text, limits.max_chars)?;
        let writer = self.identify(who)?.seat();
        let teams = self.cell.instance.teams();
        let team = chat::may_write(channel, writer, &teams)?;
        let name = match writer {
            Some(seat) => {
                if self.cell.talk.muted(seat as u32) {
                    return Err(TalkError::Muted.into());
                }
                self.cell.seats[seat].name.clone()
            }
            None => "Spectator".to_owned(),
        };
        let key = match writer {
            Some(seat) => format!("{}/{seat}", self.live.meta.id),
            None => rate_key.to_owned(),
        };
        self.hub.chat_rate.check(&key)?;
        let message = record::Chat {
            channel: channel as i32,
            seat: writer.map(|s| s as u32),
            name,
            text: text.to_owned(),
            team,
            ..record::Chat::default()
        };
        let seq = self.say(Body::Chat(message.clone()), None).await?;
        Ok(message.to_proto(seq, now_ms()))
    }

    /// AdminService.DeleteChatMessage: the text leaves the store, and the
    /// watchers get the message again, deleted.
    pub async fn delete_chat(&mut self, message_id: u64) -> Result<(), ServiceError> {
        let id = &self.live.meta.id;
        let found = self
            .hub
            .store
            .talk_since(id, message_id.saturating_sub(1))
            .await?
            .into_iter()
            .next()
            .filter(|e| e.seq == message_id)
            .and_then(|e| match Said::decode(e.body.as_slice()).ok()?.body? {
                Body::Chat(c) if !c.deleted => Some((c, e.at_ms)),
                _ => None,
            });
        let Some((message, at_ms)) = found else {
            return Err(TalkError::NoMessage(message_id).into());
        };
        let stored = Said::of(Body::Chat(message.redacted(0, 0))).encode_to_vec();
        self.say(
            Body::Deleted(message.redacted(message_id, at_ms)),
            Some((message_id, &stored)),
        )
        .await?;
        Ok(())
    }

    /// AdminService.MuteChat.
    pub async fn mute(&mut self, seat: u32, muted: bool) -> Result<(), ServiceError> {
        self.fresh().await?;
        if seat as usize >= self.cell.seats.len() {
            return Err(TalkError::NoSeat(seat).into());
        }
        self.say(Body::Mute(record::Mute { seat, muted }), None)
            .await?;
        Ok(())
    }

    /// MakeOffer.
    pub async fn make_offer(
        &mut self,
        who: &Who,
        kind: i32,
    ) -> Result<proto::MakeOfferResponse, ServiceError> {
        self.fresh().await?;
        self.talk_sync().await?;
        let kind = match OfferKind::try_from(kind) {
            Ok(OfferKind::Unspecified) | Err(_) => return Err(TalkError::NoKind.into()),
            Ok(k) => k,
        };
        let seat = self.offering_seat(who)?;
        let version = self.cell.instance.version();
        let now = now_ms();
        if let Some(offer) = self.cell.talk.offer() {
            match offer.status(version, now) {
                OfferStatus::Pending => return Err(TalkError::Pending(offer.id).into()),
                OfferStatus::Declined
                    if offer.record.seat == seat as u32
                        && offer.kind() == kind
                        && offer.record.version == version =>
                {
                    return Err(TalkError::Repeated.into());
                }
                _ => {}
            }
        }
        let moves = match kind {
            OfferKind::Takeback => self.takeback_moves(seat)?,
            OfferKind::Abort => {
                offers::abort_allowed(version, self.cell.instance.players())?;
                0
            }
            _ => 0,
        };
        let mut record = record::Offer {
            kind: kind as i32,
            seat: seat as u32,
            version,
            expires_at_ms: now + self.hub.limits.talk.offer_expiry.as_millis() as u64,
            moves: moves as u32,
            accepted: vec![seat as u32],
            ..record::Offer::default()
        };
        for (s, r) in self.cell.seats.iter().enumerate() {
            if s == seat || r.open {
                continue;
            }
            match (r.bot.is_empty(), offers::bot_accepts(kind)) {
                (true, _) => record.waiting.push(s as u32),
                (false, true) => record.accepted.push(s as u32),
                (false, false) => {
                    record.declined_by.get_or_insert(s as u32);
                }
            }
        }
        let id = self.say(Body::Offer(record), None).await?;
        self.settle_offer(id).await?;
        Ok(proto::MakeOfferResponse {
            offer: self.offer_answer(id),
            snapshot: Some(self.snapshot(Some(seat))),
        })
    }

    /// AnswerOffer.
    pub async fn answer_offer(
        &mut self,
        who: &Who,
        offer_id: u64,
        accept: bool,
    ) -> Result<proto::AnswerOfferResponse, ServiceError> {
        self.fresh().await?;
        self.talk_sync().await?;
        let seat = self.offering_seat(who)? as u32;
        let offer = self.cell.talk.offer().ok_or(TalkError::NoOffer)?;
        let status = offer.status(self.cell.instance.version(), now_ms());
        match status {
            OfferStatus::Pending if offer.id != offer_id => {
                return Err(TalkError::WrongOffer {
                    asked: offer_id,
                    pending: offer.id,
                }
                .into());
            }
            OfferStatus::Pending => {}
            _ if offer.id != offer_id => return Err(TalkError::NoOffer.into()),
            OfferStatus::Withdrawn => return Err(TalkError::Withdrawn.into()),
            OfferStatus::Expired => return Err(TalkError::Expired.into()),
            _ => return Err(TalkError::NoOffer.into()),
        }
        if !offer.record.waiting.contains(&seat) || offer.accepted.contains(&seat) {
            return Err(TalkError::NotAsked.into());
        }
        let answer = record::Answer {
            offer: offer_id,
            seat,
            accept,
        };
        self.say(Body::Answer(answer), None).await?;
        self.settle_offer(offer_id).await?;
        Ok(proto::AnswerOfferResponse {
            offer: self.offer_answer(offer_id),
            snapshot: Some(self.snapshot(Some(seat as usize))),
        })
    }

    /// The caller's seat, if it may make or answer offers now.
    fn offering_seat(&self, who: &Who) -> Result<usize, ServiceError> {
        let seat = match self.identify(who)? {
            Caller::Seat(seat) => seat,
            Caller::Spectator => return Err(TalkError::Spectator.into()),
        };
        if !self.cell.seats[seat].bot.is_empty() {
            return Err(TalkError::BotSeat.into());
        }
        if self.cell.clocks.started_at().is_none() {
            return Err(TalkError::NotStarted.into());
        }
        if self.cell.instance.is_over() {
            return Err(TalkError::Over.into());
        }
        Ok(seat)
    }

    /// The latest offer (`id`) as the answer to a call about it.
    fn offer_answer(&self, id: u64) -> Option<proto::Offer> {
        let offer = self.cell.talk.offer().filter(|o| o.id == id)?;
        let version = self.cell.instance.version();
        let status = match offer.status(version, now_ms()) {
            // Taken effect: the game moved on by its entry.
            OfferStatus::Withdrawn if offer.all_accepted() => OfferStatus::Accepted,
            s => s,
        };
        Some(offer.to_proto(status))
    }

    /// Once every seat has accepted offer `id`, make it so: its entry is
    /// committed over the version it was made at (a move that landed
    /// first withdraws it: `Withdrawn`).
    async fn settle_offer(&mut self, id: u64) -> Result<(), ServiceError> {
        let Some(offer) = self.cell.talk.offer().filter(|o| o.id == id).cloned() else {
            return Ok(());
        };
        if !offer.all_accepted() {
            return Ok(());
        }
        if self.cell.instance.version() != offer.record.version {
            return match self.took_effect(&offer) {
                true => Ok(()),
                false => Err(TalkError::Withdrawn.into()),
            };
        }
        let (next, mut entry, by) = self.offer_entry(&offer)?;
        entry.at_ms = now_ms();
        match self.commit(next, entry, by).await? {
            Committed::Yes => {
                tracing::info!(game_id = %self.live.meta.id, offer = id, kind = ?offer.kind(), "offer took effect");
                Ok(())
            }
            // Another replica committed it, or a move came first.
            Committed::Conflict if self.took_effect(&offer) => Ok(()),
            Committed::Conflict => Err(TalkError::Withdrawn.into()),
        }
    }

    /// Whether the entry right after `offer`'s version is the service's
    /// (its change, committed by another replica).
    fn took_effect(&self, offer: &OfferState) -> bool {
        let expected = match offer.kind() {
            OfferKind::Takeback => takeback::entry(offer.record.moves as usize).notation,
            OfferKind::Draw => End::AgreedDraw.notation().to_owned(),
            OfferKind::Abort | OfferKind::Unspecified => End::AgreedAbort.notation().to_owned(),
        };
        let at = offer.record.version as usize;
        self.cell.log.iter().nth(at).is_some_and(|e| {
            e.seat == ABORT_SEAT && e.action == Action::Notation(expected.as_str())
        })
    }

    /// The game after `offer` took effect, its log entry, and (an abort)
    /// who the feed says aborted it.
    fn offer_entry(&self, offer: &OfferState) -> Result<Effect, ServiceError> {
        let now = self.cell.instance.clone_box();
        Ok(match offer.kind() {
            OfferKind::Takeback => {
                let moves = offer.record.moves as usize;
                let next = takeback::rewind(
                    &self.live.meta,
                    self.cell.clocks.started_at(),
                    self.cell.log.iter(),
                    moves,
                )
                .map_err(ServiceError::Internal)?;
                (next, takeback::entry(moves), None)
            }
            OfferKind::Draw => (
                Box::new(Aborted::ended(now, End::AgreedDraw)),
                End::AgreedDraw.entry(),
                None,
            ),
            OfferKind::Abort | OfferKind::Unspecified => (
                Box::new(Aborted::ended(now, End::AgreedAbort)),
                End::AgreedAbort.entry(),
                Some(BY_PLAYERS),
            ),
        })
    }

    /// How many moves a takeback by `seat` would take back now, if the
    /// game allows it and no move in it drew at random or revealed
    /// anything.
    fn takeback_moves(&self, seat: usize) -> Result<usize, ServiceError> {
        let meta = &self.live.meta;
        let policy = offers::takebacks(meta.settings.takebacks, meta.rated);
        let clock = meta.settings.control != crate::hub::settings::Control::None;
        offers::takeback_allowed(policy, meta.rated, clock)?;
        let log: Vec<Logged> = self
            .cell
            .log
            .iter()
            .map(|e| Logged {
                seat: e.seat,
                kind: e.kind,
                service: e.seat == ABORT_SEAT,
            })
            .collect();
        let moves = offers::takeback_moves(&log, seat as u32)?;
        // The game before each move taken back, replayed.
        let (len, first) = (log.len(), log.len() - moves);
        let started = self.cell.clocks.started_at();
        let mut before: Vec<Box<dyn GameInstance>> = Vec::with_capacity(moves);
        if first == 0 {
            before.push(initial(meta, started)?.0);
        }
        let mut applied = 0;
        self.cell.log.replay(meta, started, &self.cell.seats, |v| {
            applied += 1;
            if applied >= first && applied < len {
                before.push(v.inst.clone_box());
            }
            applied + 1 < len
        })?;
        for (e, game) in self.cell.log.iter().skip(first).zip(&before) {
            let input = match e.action {
                Action::Id(id) => ActionInput::Id(id),
                Action::Notation(n) => ActionInput::Notation(n),
            };
            if takeback::reveals(game.as_ref(), e.seat as usize, input) {
                return Err(TalkError::Revealed.into());
            }
        }
        Ok(moves)
    }
}
