//! The tonic implementation of `satrap.v1.GameService`: decode the request,
//! identify the caller, hand over to the [`Hub`], map errors to statuses.

use std::pin::Pin;
use std::sync::Arc;

use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::{Stream, StreamExt};
use tonic::{Request, Response, Status};

use super::access::quota::WatchTicket;
use super::access::{Access, Role, players};
use super::auth::{self, Who};
use super::codec::EncodedUpdate;
use super::error::ServiceError;
use super::hub::{Hub, Reply, WatchMode};
use super::rated::{feed, matchmaker, ratings};
use crate::proto::{self, game_service_server::GameService};
use satrap_catalog::ActionInput;

/// The gRPC front of the hub.
pub struct GameServiceImpl {
    hub: Arc<Hub>,
    access: Arc<Access>,
    /// GetServerInfo's answer (see `info`).
    info: proto::GetServerInfoResponse,
}

impl GameServiceImpl {
    /// A service that checks API keys and quotas (see `access`) and
    /// answers GetServerInfo with `info`.
    pub fn with_access(
        hub: Arc<Hub>,
        access: Arc<Access>,
        info: proto::GetServerInfoResponse,
    ) -> Self {
        Self { hub, access, info }
    }

    /// The credentials a call on game `id` presents (checked on every
    /// call, with an admin key for private games); the hub resolves them in
    /// the game's actor, in the same command as the call's read or change.
    fn who<T>(&self, req: &Request<T>, id: &str) -> Result<Who, ServiceError> {
        tracing::Span::current().record("game_id", id);
        Ok(Who::Presented {
            token: auth::bearer(req.metadata())?,
            admin: self.access.admin_key(req.metadata()),
        })
    }
}

/// WatchGame's updates, encoded (once per viewer for a broadcast version).
type UpdateStream = Pin<Box<dyn Stream<Item = Result<EncodedUpdate, Status>> + Send>>;
/// A stream of one message type.
type Streamed<T> = Pin<Box<dyn Stream<Item = Result<T, Status>> + Send>>;

#[tonic::async_trait]
impl GameService for GameServiceImpl {
    async fn send_chat_message(
        &self,
        req: Request<proto::SendChatMessageRequest>,
    ) -> Result<Response<proto::SendChatMessageResponse>, Status> {
        let who = self.who(&req, &req.get_ref().game_id)?;
        // A spectator's messages count against its key, or its address.
        let rate_key = match self.access.optional(req.metadata(), req.remote_addr())? {
            Some(principal) => principal.owner,
            None => req
                .remote_addr()
                .map_or_else(|| "peer:unknown".to_owned(), |a| format!("peer:{}", a.ip())),
        };
        let body = req.into_inner();
        let id = body.game_id.clone();
        let message = self.hub.send_chat(&id, who, body, rate_key).await?;
        Ok(Response::new(proto::SendChatMessageResponse {
            message: Some(message),
        }))
    }

    async fn make_offer(
        &self,
        req: Request<proto::MakeOfferRequest>,
    ) -> Result<Response<proto::MakeOfferResponse>, Status> {
        let who = self.who(&req, &req.get_ref().game_id)?;
        let body = req.get_ref();
        Ok(Response::new(
            self.hub
                .make_offer_raw(&body.game_id, who, body.kind)
                .await?,
        ))
    }

    async fn answer_offer(
        &self,
        req: Request<proto::AnswerOfferRequest>,
    ) -> Result<Response<proto::AnswerOfferResponse>, Status> {
        let who = self.who(&req, &req.get_ref().game_id)?;
        let body = req.get_ref();
        Ok(Response::new(
            self.hub
                .answer_offer(&body.game_id, who, body.offer_id, body.accept)
                .await?,
        ))
    }

    async fn list_game_types(
        &self,
        _req: Request<proto::ListGameTypesRequest>,
    ) -> Result<Response<proto::ListGameTypesResponse>, Status> {
        Ok(Response::new(proto::ListGameTypesResponse {
            game_types: self.hub.game_types(),
        }))
    }

    async fn create_game(
        &self,
        req: Request<proto::CreateGameRequest>,
    ) -> Result<Response<proto::CreateGameResponse>, Status> {
        let principal = self.access.creator(req.metadata(), req.remote_addr())?;
        self.access.quotas.check_create_rate(&principal.owner)?;
        let hub = self.hub.clone();
        let mut body = req.into_inner();
        if let (true, Some(guests)) = (principal.guest, self.access.guests()) {
            guests.admit(&principal.owner, &body)?;
        }
        if body.rated && !self.access.keys_configured() {
            return Err(ServiceError::RuleViolation(
                "this server has no API keys, so it cannot tell players apart: rated games need keys".into(),
            )
            .into());
        }
        for seat in &mut body.seats {
            seat.player_id = players::resolve(Some(&principal), &seat.player_id)?;
        }
        let created =
            to_completion(async move { hub.create_for(body, &principal.owner).await }).await?;
        tracing::Span::current().record("game_id", created.game_id.as_str());
        Ok(Response::new(proto::CreateGameResponse {
            game_id: created.game_id,
            seats: created.seats,
            snapshot: Some(created.snapshot),
            spectator_token: created.spectator_token,
            invites: created.invites,
        }))
    }

    async fn get_game(
        &self,
        req: Request<proto::GetGameRequest>,
    ) -> Result<Response<proto::GetGameResponse>, Status> {
        let who = self.who(&req, &req.get_ref().game_id)?;
        let (snapshot, observation) = self
            .hub
            .get_observed(&req.get_ref().game_id, who, req.get_ref().observation)
            .await?;
        Ok(Response::new(proto::GetGameResponse {
            snapshot: Some(snapshot),
            observation,
        }))
    }

    async fn list_legal_actions(
        &self,
        req: Request<proto::ListLegalActionsRequest>,
    ) -> Result<Response<proto::ListLegalActionsResponse>, Status> {
        let who = self.who(&req, &req.get_ref().game_id)?;
        Ok(Response::new(
            self.hub
                .legal_actions_observed(&req.get_ref().game_id, who, req.get_ref().observation)
                .await?,
        ))
    }

    async fn apply_action(
        &self,
        req: Request<proto::ApplyActionRequest>,
    ) -> Result<Response<proto::ApplyActionResponse>, Status> {
        let who = self.who(&req, &req.get_ref().game_id)?;
        let body = req.get_ref();
        let input = match &body.r#move {
            Some(proto::apply_action_request::Move::Action(a)) => ActionInput::Proto(a),
            Some(proto::apply_action_request::Move::Notation(n)) => ActionInput::Notation(n),
            Some(proto::apply_action_request::Move::ActionId(id)) => ActionInput::Id(*id),
            None => {
                return Err(ServiceError::InvalidArgument(
                    "set one of action, notation or action_id".into(),
                )
                .into());
            }
        };
        // The game's actor runs the move to its end even if this call is
        // cancelled: no request can stop half a write.
        let response = self
            .hub
            .apply_with(
                &body.game_id,
                who,
                body.expected_version,
                input,
                Reply::of(body),
            )
            .await?;
        Ok(Response::new(response))
    }

    type WatchGameStream = UpdateStream;

    async fn watch_game(
        &self,
        req: Request<proto::WatchGameRequest>,
    ) -> Result<Response<Self::WatchGameStream>, Status> {
        let owner = self.access.owner(req.metadata(), req.remote_addr());
        let ticket = self.access.quotas.open_watch_stream(&owner)?;
        let who = self.who(&req, &req.get_ref().game_id)?;
        let updates = self
            .hub
            .watch(
                &req.get_ref().game_id,
                who,
                req.get_ref().from_version,
                WatchMode::of(req.get_ref()),
            )
            .await?;
        Ok(Response::new(Box::pin(holding(updates, ticket))))
    }

    async fn get_history(
        &self,
        req: Request<proto::GetHistoryRequest>,
    ) -> Result<Response<proto::GetHistoryResponse>, Status> {
        let who = self.who(&req, &req.get_ref().game_id)?;
        Ok(Response::new(
            self.hub.history(&req.get_ref().game_id, who).await?,
        ))
    }

    async fn list_games(
        &self,
        req: Request<proto::ListGamesRequest>,
    ) -> Result<Response<proto::ListGamesResponse>, Status> {
        let principal = self
            .access
            .require(req.metadata(), req.remote_addr(), Role::Creator)?;
        Ok(Response::new(
            self.hub
                .list_games_as(req.into_inner(), &principal.scope())
                .await?,
        ))
    }

    async fn resign(
        &self,
        req: Request<proto::ResignRequest>,
    ) -> Result<Response<proto::ResignResponse>, Status> {
        let who = self.who(&req, &req.get_ref().game_id)?;
        Ok(Response::new(
            self.hub.resign(&req.get_ref().game_id, who).await?,
        ))
    }

    async fn rotate_seat_token(
        &self,
        req: Request<proto::RotateSeatTokenRequest>,
    ) -> Result<Response<proto::RotateSeatTokenResponse>, Status> {
        let who = self.who(&req, &req.get_ref().game_id)?;
        let credential = self.hub.rotate_token(&req.get_ref().game_id, who).await?;
        Ok(Response::new(proto::RotateSeatTokenResponse {
            credential: Some(credential),
        }))
    }

    async fn join_game(
        &self,
        req: Request<proto::JoinGameRequest>,
    ) -> Result<Response<proto::JoinGameResponse>, Status> {
        let who = self.who(&req, &req.get_ref().game_id)?;
        let principal = self.access.optional(req.metadata(), req.remote_addr())?;
        let mut body = req.into_inner();
        body.player_id = players::resolve(principal.as_ref(), &body.player_id)?;
        Ok(Response::new(self.hub.join_as(body, who).await?))
    }

    async fn leave_game(
        &self,
        req: Request<proto::LeaveGameRequest>,
    ) -> Result<Response<proto::LeaveGameResponse>, Status> {
        let who = self.who(&req, &req.get_ref().game_id)?;
        Ok(Response::new(
            self.hub.leave(&req.get_ref().game_id, who).await?,
        ))
    }

    type FindMatchStream = Streamed<proto::MatchUpdate>;

    async fn find_match(
        &self,
        req: Request<proto::FindMatchRequest>,
    ) -> Result<Response<Self::FindMatchStream>, Status> {
        let principal = match self.access.keys_configured() {
            true => Some(
                self.access
                    .require(req.metadata(), req.remote_addr(), Role::Player)?,
            ),
            false => None,
        };
        // A queued stream counts as a watch stream of its caller.
        let owner = self.access.owner(req.metadata(), req.remote_addr());
        let ticket = self.access.quotas.open_watch_stream(&owner)?;
        let rx = matchmaker::find_match(
            self.hub.clone(),
            principal,
            self.access.keys_configured(),
            req.into_inner(),
        )
        .await?;
        Ok(Response::new(Box::pin(holding(
            ReceiverStream::new(rx),
            ticket,
        ))))
    }

    async fn get_ratings(
        &self,
        req: Request<proto::GetRatingsRequest>,
    ) -> Result<Response<proto::GetRatingsResponse>, Status> {
        Ok(Response::new(
            ratings::get_ratings(self.hub.store().as_ref(), req.into_inner()).await?,
        ))
    }

    async fn list_leaderboard(
        &self,
        req: Request<proto::ListLeaderboardRequest>,
    ) -> Result<Response<proto::ListLeaderboardResponse>, Status> {
        Ok(Response::new(
            ratings::leaderboard(self.hub.store().as_ref(), req.into_inner()).await?,
        ))
    }

    type WatchEventsStream = Streamed<proto::FeedEvent>;

    async fn watch_events(
        &self,
        req: Request<proto::WatchEventsRequest>,
    ) -> Result<Response<Self::WatchEventsStream>, Status> {
        let principal = self
            .access
            .require(req.metadata(), req.remote_addr(), Role::Creator)?;
        // A feed counts as a watch stream of its caller.
        let ticket = self.access.quotas.open_watch_stream(&principal.owner)?;
        // The visibility rule (an admin sees every game, a key its own
        // private games, anyone the public ones); a key's feed holds its
        // own games' events only.
        let scope = principal.scope();
        let rx = feed::watch(self.hub.feed(), scope, req.get_ref().after_sequence);
        Ok(Response::new(Box::pin(holding(
            ReceiverStream::new(rx),
            ticket,
        ))))
    }

    async fn get_server_info(
        &self,
        _req: Request<proto::GetServerInfoRequest>,
    ) -> Result<Response<proto::GetServerInfoResponse>, Status> {
        Ok(Response::new(self.info))
    }
}

/// `stream`, holding the caller's stream-quota `ticket` as long as the
/// stream's body lives.
fn holding<S>(stream: S, ticket: WatchTicket) -> impl Stream<Item = S::Item> + Send + 'static
where
    S: Stream + Send + 'static,
{
    stream.map(move |u| {
        let _held = &ticket;
        u
    })
}

/// Run a request that writes outside a game's actor (creating a game,
/// deleting one) to completion. tonic drops a request's future when the
/// client cancels or its deadline passes; a creation dropped between the
/// store's commit and the directory would leave a stored game nobody
/// drives. (Calls on one game need none of this: its actor runs every
/// command it took to the end.) The work runs inline (no
/// task hand-off on the move path: a spawn per call wakes another worker
/// thread, see docs/performance.md) and, if the request is dropped before
/// it is done, what is left of it is moved into a task of its own that
/// finishes it. A panic in it is an INTERNAL error, as in a task.
pub(super) async fn to_completion<T: Send + 'static>(
    work: impl Future<Output = Result<T, ServiceError>> + Send + 'static,
) -> Result<T, ServiceError> {
    use futures_util::FutureExt;
    let work = std::panic::AssertUnwindSafe(tracing::Instrument::in_current_span(work))
        .catch_unwind()
        .map(|done| {
            done.unwrap_or_else(|_| {
                Err(ServiceError::Internal(
                    "request task failed: it panicked".into(),
                ))
            })
        });
    let mut guard = FinishOnDrop(Some(Box::pin(work)));
    let out = std::future::poll_fn(|cx| match guard.0.as_mut() {
        Some(work) => work.as_mut().poll(cx),
        None => std::task::Poll::Ready(Err(ServiceError::Internal(
            "request polled after it finished".into(),
        ))),
    })
    .await;
    guard.0 = None;
    out
}

type Work<T> = Pin<Box<dyn Future<Output = Result<T, ServiceError>> + Send>>;

/// Holds a request's unfinished work; dropped before the work is done
/// (the request was cancelled), it spawns the rest.
struct FinishOnDrop<T: Send + 'static>(Option<Work<T>>);

impl<T: Send + 'static> Drop for FinishOnDrop<T> {
    fn drop(&mut self) {
        if let (Some(work), Ok(runtime)) = (self.0.take(), tokio::runtime::Handle::try_current()) {
            runtime.spawn(async move {
                let _ = work.await;
            });
        }
    }
}
