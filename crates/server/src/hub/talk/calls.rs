//! The hub's entry points for chat and offers: each one command to the
//! game's actor (`table::talk` runs it).

use super::super::Hub;
use super::super::actor::Command;
use crate::auth::Who;
use crate::error::ServiceError;
use crate::proto;

impl Hub {
    /// SendChatMessage; `rate_key` is whom a spectator's messages count
    /// against (its key or address).
    pub async fn send_chat(
        &self,
        id: &str,
        who: impl Into<Who>,
        request: proto::SendChatMessageRequest,
        rate_key: String,
    ) -> Result<proto::ChatMessage, ServiceError> {
        let who = who.into();
        self.command(id, |answer| Command::Chat {
            who,
            channel: request.channel,
            text: request.text,
            rate_key,
            answer,
        })
        .await
    }

    /// MakeOffer.
    pub async fn make_offer(
        &self,
        id: &str,
        who: impl Into<Who>,
        kind: proto::OfferKind,
    ) -> Result<proto::MakeOfferResponse, ServiceError> {
        self.make_offer_raw(id, who, kind as i32).await
    }

    /// MakeOffer with the kind as the request has it (an unknown number is
    /// refused by the game's actor).
    pub async fn make_offer_raw(
        &self,
        id: &str,
        who: impl Into<Who>,
        kind: i32,
    ) -> Result<proto::MakeOfferResponse, ServiceError> {
        let who = who.into();
        self.command(id, |answer| Command::MakeOffer { who, kind, answer })
            .await
    }

    /// AnswerOffer.
    pub async fn answer_offer(
        &self,
        id: &str,
        who: impl Into<Who>,
        offer_id: u64,
        accept: bool,
    ) -> Result<proto::AnswerOfferResponse, ServiceError> {
        let who = who.into();
        self.command(id, |answer| Command::AnswerOffer {
            who,
            offer_id,
            accept,
            answer,
        })
        .await
    }

    /// AdminService.DeleteChatMessage.
    pub async fn delete_chat(&self, id: &str, message_id: u64) -> Result<(), ServiceError> {
        self.command(id, |answer| Command::DeleteChat { message_id, answer })
            .await
    }

    /// AdminService.MuteChat.
    pub async fn mute_chat(&self, id: &str, seat: u32, muted: bool) -> Result<(), ServiceError> {
        self.command(id, |answer| Command::Mute {
            seat,
            muted,
            answer,
        })
        .await
    }
}
