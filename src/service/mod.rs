//! gRPC service.
