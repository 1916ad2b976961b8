//! Every way a request can fail, and its gRPC status code. The table of
//! codes is in docs/api.md and service.proto; each row has a test.

use tonic::{Code, Status};

use super::echo::{bounded, echo};
use satrap_catalog::{ApplyError, CreateError};
use satrap_store::{LobbyError, StoreError};

/// A failed request. The message goes to the client verbatim, so it names the
/// rule or field at fault, never contains hidden information, and repeats
/// client input only through [`super::echo`] (bounded).
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The (bounded) id asked for.
    #[error("game {0} not found")]
    GameNotFound(String),
    /// The (bounded) id asked for, unknown or hidden from the caller.
    #[error("tournament {0} not found")]
    TournamentNotFound(String),
    #[error("{0}")]
    InvalidArgument(String),
    #[error("the token does not belong to a seat of this game")]
    BadToken,
    /// Metadata `authorization` is present but not `Bearer <token>`.
    #[error(
        "the authorization metadata must be \"Bearer <token>\" (the seat token CreateGame returned)"
    )]
    MalformedAuthorization,
    #[error("{0}")]
    PermissionDenied(&'static str),
    /// An API key is needed and missing or not valid (`x-api-key`).
    #[error("{0}")]
    ApiKey(&'static str),
    /// A well-formed move the rules forbid now (the rule id leads the text).
    #[error("{0}")]
    RuleViolation(String),
    #[error("game {id} is at version {actual}, not the expected {expected}")]
    VersionMismatch {
        /// Bounded.
        id: String,
        expected: u64,
        actual: u64,
    },
    #[error("{0}")]
    ResourceExhausted(String),
    /// The thing asked for exists already (a player queued twice).
    #[error("{0}")]
    AlreadyExists(&'static str),
    /// Transient: the client may retry.
    #[error("{0}")]
    Unavailable(String),
    /// Stored data is damaged (a corrupt database page, a log that no longer
    /// replays). Not transient: an operator must look.
    #[error("stored data is damaged: {0}")]
    DataLoss(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl ServiceError {
    pub fn game_not_found(id: &str) -> Self {
        ServiceError::GameNotFound(echo(id))
    }

    pub fn version_mismatch(id: &str, expected: u64, actual: u64) -> Self {
        ServiceError::VersionMismatch {
            id: echo(id),
            expected,
            actual,
        }
    }

    pub fn code(&self) -> Code {
        match self {
            ServiceError::GameNotFound(_) | ServiceError::TournamentNotFound(_) => Code::NotFound,
            ServiceError::InvalidArgument(_) => Code::InvalidArgument,
            ServiceError::BadToken
            | ServiceError::MalformedAuthorization
            | ServiceError::ApiKey(_) => Code::Unauthenticated,
            ServiceError::PermissionDenied(_) => Code::PermissionDenied,
            ServiceError::RuleViolation(_) => Code::FailedPrecondition,
            ServiceError::VersionMismatch { .. } => Code::Aborted,
            ServiceError::ResourceExhausted(_) => Code::ResourceExhausted,
            ServiceError::AlreadyExists(_) => Code::AlreadyExists,
            ServiceError::Unavailable(_) => Code::Unavailable,
            ServiceError::DataLoss(_) => Code::DataLoss,
            ServiceError::Internal(_) => Code::Internal,
        }
    }
}

impl From<LobbyError> for ServiceError {
    fn from(e: LobbyError) -> Self {
        match e {
            LobbyError::Store(s) => s.into(),
            LobbyError::NoSuchSeat(_) => ServiceError::InvalidArgument(e.to_string()),
            LobbyError::BadInvite(_) => ServiceError::PermissionDenied(
                "this seat needs its invite code; the code given is wrong or was used",
            ),
            LobbyError::Started | LobbyError::SeatTaken(_) | LobbyError::NoneOpen => {
                ServiceError::RuleViolation(e.to_string())
            }
        }
    }
}

impl From<ApplyError> for ServiceError {
    fn from(e: ApplyError) -> Self {
        match e {
            ApplyError::Rule(r) => ServiceError::RuleViolation(r.to_string()),
            e @ ApplyError::ActionIdNotLegal { .. } => ServiceError::RuleViolation(e.to_string()),
            e @ ApplyError::Forfeited(_) => ServiceError::RuleViolation(e.to_string()),
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
            StoreError::NotFound(id) => ServiceError::game_not_found(&id),
            StoreError::Conflict {
                id,
                expected,
                actual,
            } => ServiceError::version_mismatch(&id, expected, actual),
            StoreError::Full(_) => ServiceError::ResourceExhausted(e.to_string()),
            // The token the caller was identified by has just changed
            // (another replica rotated it, or the seat was left).
            StoreError::TokenChanged { .. } => ServiceError::BadToken,
            StoreError::Backend(_) | StoreError::Unusable(_) => {
                ServiceError::Unavailable(e.to_string())
            }
            // The database did not answer in time: transient, and a write
            // may have been recorded all the same, so the client is told
            // how to find out before it retries.
            StoreError::Unavailable { .. } => ServiceError::Unavailable(format!(
                "{e}; retry (a move may have been recorded: send expected_version to tell)"
            )),
            StoreError::Corrupt(_) => ServiceError::DataLoss(e.to_string()),
            StoreError::AlreadyExists(_) => ServiceError::Internal(e.to_string()),
        }
    }
}

impl From<ServiceError> for Status {
    fn from(e: ServiceError) -> Self {
        match &e {
            ServiceError::Internal(_) | ServiceError::DataLoss(_) => {
                tracing::error!(error = %e, "request failed")
            }
            ServiceError::Unavailable(_) => tracing::warn!(error = %e, "unavailable"),
            _ => {}
        }
        Status::new(e.code(), bounded(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_database_that_did_not_answer_in_time_is_unavailable() {
        let e = ServiceError::from(StoreError::Unavailable {
            what: "append",
            after: Duration::from_secs(5),
        });
        assert_eq!(e.code(), Code::Unavailable);
        let status = Status::from(e);
        assert_eq!(status.code(), Code::Unavailable);
        assert!(
            status.message().contains("append") && status.message().contains("5s"),
            "{}",
            status.message()
        );
        // A lobby call's store error maps the same way.
        let lobby = ServiceError::from(LobbyError::Store(StoreError::Unavailable {
            what: "join",
            after: Duration::from_millis(1500),
        }));
        assert_eq!(lobby.code(), Code::Unavailable);
    }
}
