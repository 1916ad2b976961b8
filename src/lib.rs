//! satrap: a gRPC game-engine service hosting exact rules engines for
//! province-control board games. See ARCHITECTURE.md for the map.

pub mod arena;
pub mod bots;
pub mod engine;
pub mod games;
pub mod service;
pub mod store;
pub mod telemetry;

/// Generated protobuf and gRPC code of package `satrap.v1`.
#[allow(clippy::all, missing_docs)]
pub mod proto {
    tonic::include_proto!("satrap.v1");

    /// Encoded descriptor set of our protos, served by gRPC reflection.
    pub const FILE_DESCRIPTOR_SET: &[u8] =
        include_bytes!(concat!(env!("OUT_DIR"), "/satrap_descriptor.bin"));
}
