//! The tonic implementation of `satrap.v1.TournamentService`
//! (tournament.proto): who may call what, then [`Tournaments`].
//!
//! CreateTournament needs a `creator` or `admin` key when keys are
//! configured; JoinTournament, LeaveTournament and TakeTournamentSeat a
//! key (the entrant is the key's player, a creator's user, or a built-in
//! level the organiser enters); GetTournament, ListTournaments and WatchTournament need none
//! (a private tournament is seen by its creator, its entrants and admins).

use std::pin::Pin;
use std::sync::Arc;

use tokio_stream::Stream;
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Response, Status};

use super::Tournaments;
use crate::access::{Access, Role};
use crate::proto::{self, tournament_service_server::TournamentService};

/// The gRPC front of tournaments.
pub struct TournamentServiceImpl {
    tournaments: Arc<Tournaments>,
    access: Arc<Access>,
}

impl TournamentServiceImpl {
    pub fn new(tournaments: Arc<Tournaments>, access: Arc<Access>) -> Self {
        Self {
            tournaments,
            access,
        }
    }
}

type Updates = Pin<Box<dyn Stream<Item = Result<proto::TournamentUpdate, Status>> + Send>>;

/// Updates a slow WatchTournament reader may fall behind by.
const WATCH_BUFFER: usize = 16;

#[tonic::async_trait]
impl TournamentService for TournamentServiceImpl {
    async fn create_tournament(
        &self,
        req: Request<proto::CreateTournamentRequest>,
    ) -> Result<Response<proto::CreateTournamentResponse>, Status> {
        let principal = self
            .access
            .require(req.metadata(), req.remote_addr(), Role::Creator)?;
        self.access.quotas.check_create_rate(&principal.owner)?;
        let settings = req.into_inner().settings.unwrap_or_default();
        let tournament = self
            .tournaments
            .create(settings, &principal, self.access.keys_configured())
            .await?;
        Ok(Response::new(proto::CreateTournamentResponse {
            tournament: Some(tournament),
        }))
    }

    async fn join_tournament(
        &self,
        req: Request<proto::JoinTournamentRequest>,
    ) -> Result<Response<proto::JoinTournamentResponse>, Status> {
        let principal = self
            .access
            .require(req.metadata(), req.remote_addr(), Role::Player)?;
        let entrant = self.tournaments.join(req.get_ref(), &principal).await?;
        Ok(Response::new(proto::JoinTournamentResponse {
            entrant: Some(entrant),
        }))
    }

    async fn leave_tournament(
        &self,
        req: Request<proto::LeaveTournamentRequest>,
    ) -> Result<Response<proto::LeaveTournamentResponse>, Status> {
        let principal = self
            .access
            .require(req.metadata(), req.remote_addr(), Role::Player)?;
        let entrant = self.tournaments.leave(req.get_ref(), &principal).await?;
        Ok(Response::new(proto::LeaveTournamentResponse {
            entrant: Some(entrant),
        }))
    }

    async fn get_tournament(
        &self,
        req: Request<proto::GetTournamentRequest>,
    ) -> Result<Response<proto::GetTournamentResponse>, Status> {
        let principal = self.access.optional(req.metadata(), req.remote_addr())?;
        let tournament = self
            .tournaments
            .get(&req.get_ref().tournament_id, principal.as_ref())
            .await?;
        Ok(Response::new(proto::GetTournamentResponse {
            tournament: Some(tournament),
        }))
    }

    async fn list_tournaments(
        &self,
        req: Request<proto::ListTournamentsRequest>,
    ) -> Result<Response<proto::ListTournamentsResponse>, Status> {
        let principal = self.access.optional(req.metadata(), req.remote_addr())?;
        let page = self
            .tournaments
            .list(req.get_ref(), principal.as_ref())
            .await?;
        Ok(Response::new(page))
    }

    async fn take_tournament_seat(
        &self,
        req: Request<proto::TakeTournamentSeatRequest>,
    ) -> Result<Response<proto::TakeTournamentSeatResponse>, Status> {
        let principal = self
            .access
            .require(req.metadata(), req.remote_addr(), Role::Player)?;
        let seat = self
            .tournaments
            .take_seat(req.get_ref(), &principal)
            .await?;
        Ok(Response::new(proto::TakeTournamentSeatResponse {
            seat: Some(seat),
        }))
    }

    type WatchTournamentStream = Updates;

    async fn watch_tournament(
        &self,
        req: Request<proto::WatchTournamentRequest>,
    ) -> Result<Response<Self::WatchTournamentStream>, Status> {
        let principal = self.access.optional(req.metadata(), req.remote_addr())?;
        let owner = self.access.owner(req.metadata(), req.remote_addr());
        let ticket = self.access.quotas.open_watch_stream(&owner)?;
        let body = req.into_inner();
        // Refuse an unknown or hidden tournament before the stream starts.
        self.tournaments
            .get(&body.tournament_id, principal.as_ref())
            .await?;
        let (tx, rx) = tokio::sync::mpsc::channel(WATCH_BUFFER);
        tokio::spawn(self.tournaments.clone().watch(
            body.tournament_id,
            body.after_version,
            principal,
            tx,
        ));
        let stream = tokio_stream::StreamExt::map(ReceiverStream::new(rx), move |u| {
            let _held = &ticket;
            u
        });
        Ok(Response::new(Box::pin(stream)))
    }
}
