//! Every way a request can fail, and its gRPC status code (DESIGN.md).

use tonic::{Code, Status};

use crate::games::{ApplyError, CreateError};
use crate::store::StoreError;

/// A failed request. The message goes to the client verbatim, so it names the
/// rule or field at fault and never contains hidden information.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("game {0} not found")]
    GameNotFound(String),
    #[error("{0}")]
    InvalidArgument(String),
    #[error("the token does not belong to a seat of this game")]
    BadToken,
    #[error("{0}")]
    PermissionDenied(&'static str),
    /// A well-formed move the rules forbid now (the rule id leads the text).
    #[error("{0}")]
    RuleViolation(String),
    #[error("game {id} is at version {actual}, not the expected {expected}")]
    VersionMismatch {
        id: String,
        expected: u64,
        actual: u64,
    },
    #[error("{0}")]
    ResourceExhausted(String),
    /// Transient: the client may retry.
    #[error("{0}")]
    Unavailable(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<ApplyError> for ServiceError {
    fn from(e: ApplyError) -> Self {
        match e {
            ApplyError::Rule(r) => ServiceError::RuleViolation(r.to_string()),
            other => ServiceError::InvalidArgument(other.to_string()),
        }
    }
}

impl From<CreateError> for ServiceError {
    fn from(e: CreateError) -> Self {
        ServiceError::InvalidArgument(e.to_string())
    }
}

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound(id) => ServiceError::GameNotFound(id),
            StoreError::Conflict {
                id,
                expected,
                actual,
            } => ServiceError::VersionMismatch {
                id,
                expected,
                actual,
            },
            StoreError::Full(_) => ServiceError::ResourceExhausted(e.to_string()),
            StoreError::Backend(_) => ServiceError::Unavailable(e.to_string()),
            StoreError::AlreadyExists(_) => ServiceError::Internal(e.to_string()),
        }
    }
}

impl ServiceError {
    pub fn code(&self) -> Code {
        match self {
            ServiceError::GameNotFound(_) => Code::NotFound,
            ServiceError::InvalidArgument(_) => Code::InvalidArgument,
            ServiceError::BadToken => Code::Unauthenticated,
            ServiceError::PermissionDenied(_) => Code::PermissionDenied,
            ServiceError::RuleViolation(_) => Code::FailedPrecondition,
            ServiceError::VersionMismatch { .. } => Code::Aborted,
            ServiceError::ResourceExhausted(_) => Code::ResourceExhausted,
            ServiceError::Unavailable(_) => Code::Unavailable,
            ServiceError::Internal(_) => Code::Internal,
        }
    }
}

impl From<ServiceError> for Status {
    fn from(e: ServiceError) -> Self {
        match &e {
            ServiceError::Internal(_) => tracing::error!(error = %e, "internal error"),
            ServiceError::Unavailable(_) => tracing::warn!(error = %e, "unavailable"),
            _ => {}
        }
        Status::new(e.code(), e.to_string())
    }
}
