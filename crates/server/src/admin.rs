//! The tonic implementation of `satrap.v1.AdminService` (admin.proto):
//! every call needs an admin key when keys are configured (see `access`),
//! then hands over to the hub (`hub::admin`).

use std::sync::Arc;

use tonic::{Request, Response, Status};

use super::access::{Access, Role};
use super::error::ServiceError;
use super::grpc::to_completion;
use super::hub::Hub;
use crate::proto::{self, admin_service_server::AdminService};

/// The gRPC front of the administration calls.
pub struct AdminServiceImpl {
    hub: Arc<Hub>,
    access: Arc<Access>,
}

impl AdminServiceImpl {
    pub fn new(hub: Arc<Hub>, access: Arc<Access>) -> Self {
        Self { hub, access }
    }

    fn require_admin<T>(&self, req: &Request<T>) -> Result<(), ServiceError> {
        self.admin(req).map(|_| ())
    }

    /// The admin key's name (empty on an open server).
    fn admin<T>(&self, req: &Request<T>) -> Result<String, ServiceError> {
        self.access
            .require(req.metadata(), req.remote_addr(), Role::Admin)
            .map(|p| p.key)
    }
}

#[tonic::async_trait]
impl AdminService for AdminServiceImpl {
    async fn abort_game(
        &self,
        req: Request<proto::AbortGameRequest>,
    ) -> Result<Response<proto::AbortGameResponse>, Status> {
        let by = self.admin(&req)?;
        let snapshot = self.hub.abort(&req.get_ref().game_id, &by).await?;
        Ok(Response::new(proto::AbortGameResponse {
            snapshot: Some(snapshot),
        }))
    }

    async fn delete_game(
        &self,
        req: Request<proto::DeleteGameRequest>,
    ) -> Result<Response<proto::DeleteGameResponse>, Status> {
        self.require_admin(&req)?;
        let hub = self.hub.clone();
        let id = req.into_inner().game_id;
        to_completion(async move { hub.delete(&id).await }).await?;
        Ok(Response::new(proto::DeleteGameResponse {}))
    }

    async fn delete_chat_message(
        &self,
        req: Request<proto::DeleteChatMessageRequest>,
    ) -> Result<Response<proto::DeleteChatMessageResponse>, Status> {
        self.require_admin(&req)?;
        let body = req.get_ref();
        self.hub.delete_chat(&body.game_id, body.message_id).await?;
        Ok(Response::new(proto::DeleteChatMessageResponse {}))
    }

    async fn mute_chat(
        &self,
        req: Request<proto::MuteChatRequest>,
    ) -> Result<Response<proto::MuteChatResponse>, Status> {
        self.require_admin(&req)?;
        let body = req.get_ref();
        self.hub
            .mute_chat(&body.game_id, body.seat, body.muted)
            .await?;
        Ok(Response::new(proto::MuteChatResponse {}))
    }

    async fn reissue_seat_token(
        &self,
        req: Request<proto::ReissueSeatTokenRequest>,
    ) -> Result<Response<proto::ReissueSeatTokenResponse>, Status> {
        self.require_admin(&req)?;
        let body = req.get_ref();
        let seat = usize::try_from(body.seat).unwrap_or(usize::MAX);
        let credential = self.hub.new_seat_token(&body.game_id, seat).await?;
        Ok(Response::new(proto::ReissueSeatTokenResponse {
            credential: Some(credential),
        }))
    }
}
