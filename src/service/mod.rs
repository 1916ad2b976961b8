//! The gRPC service: seat tokens ([`auth`]), errors to statuses ([`error`]),
//! live games, persistence and watch fan-out ([`hub`]), the tonic handlers
//! ([`grpc`]) and the server with health, reflection and gRPC-Web ([`server`]).

pub mod access;
mod admin;
pub mod auth;
pub mod codec;
mod codes;
pub mod conn;
pub mod delta;
pub mod echo;
pub mod error;
mod grpc;
mod headers;
pub mod hub;
pub mod server;
pub mod web;

pub use admin::AdminServiceImpl;
pub use error::ServiceError;
pub use grpc::GameServiceImpl;
pub use hub::{BotPool, Hub, Limits};
pub use server::{Config, LogFormat, ServeError, serve, serve_on};
